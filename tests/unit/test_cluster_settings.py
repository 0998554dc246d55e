"""REDIS_CLUSTER and REFEREE_REDIS_WAIT_REPLICAS: what the settings accept and refuse."""

from __future__ import annotations

import pytest

from events.config import Settings

CLUSTER = "redis://10.0.0.1:7000/0"
QUEUE = "redis://10.0.0.9:6379/0"


def test_the_cluster_settings_are_read_from_the_environment() -> None:
    settings = Settings.from_env({"REDIS_URL": CLUSTER, "REDIS_CLUSTER": "1", "RQ_REDIS_URL": QUEUE,
                                  "REFEREE_REDIS_WAIT_REPLICAS": "1",
                                  "REFEREE_REDIS_WAIT_TIMEOUT_MS": "250"})
    assert (settings.redis_cluster, settings.wait_replicas, settings.wait_timeout_ms) == (True, 1, 250)
    assert settings.store_problem() is None
    plain = Settings.from_env({"REDIS_URL": CLUSTER})
    assert (plain.redis_cluster, plain.wait_replicas, plain.rq_redis_url) == (False, 0, CLUSTER)
    assert plain.store_problem() is None


@pytest.mark.parametrize(("env", "says"), [
    ({"REDIS_CLUSTER": "1"}, "needs REDIS_URL"),
    ({"REDIS_CLUSTER": "1", "REDIS_URL": CLUSTER}, "needs RQ_REDIS_URL"),
    ({"REDIS_CLUSTER": "1", "REDIS_URL": CLUSTER, "RQ_REDIS_URL": CLUSTER}, "needs RQ_REDIS_URL"),
    ({"REFEREE_REDIS_WAIT_REPLICAS": "1"}, "no replicas"),
    ({"REDIS_URL": CLUSTER, "REFEREE_REDIS_WAIT_REPLICAS": "-1"}, "0 or more"),
])
def test_what_cannot_work_is_said_before_anything_starts(env: dict[str, str], says: str) -> None:
    problem = Settings.from_env(env).store_problem()
    assert problem is not None and says in problem
