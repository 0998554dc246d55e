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
    assert (plain.redis_cluster, plain.replicas_to_wait, plain.rq_redis_url) == (False, 0, CLUSTER)
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


CLUSTER_ENV = {"REDIS_URL": CLUSTER, "REDIS_CLUSTER": "1", "RQ_REDIS_URL": QUEUE}


@pytest.mark.parametrize(("env", "replicas"), [
    ({}, 1),                                               # the default: wait for a replica
    ({"REFEREE_REDIS_WAIT_REPLICAS": "2"}, 2),
    ({"REFEREE_CLUSTER_WAIT": "on"}, 1),
    ({"REFEREE_CLUSTER_WAIT": "off"}, 0),                  # the explicit opt-out
    ({"REFEREE_CLUSTER_WAIT": "off", "REFEREE_REDIS_WAIT_REPLICAS": "2"}, 0),
    ({"REFEREE_REDIS_WAIT_REPLICAS": "0"}, 0),             # explicit too
])
def test_an_append_on_a_cluster_waits_for_a_replica_unless_told_not_to(
        env: dict[str, str], replicas: int) -> None:
    settings = Settings.from_env({**CLUSTER_ENV, **env})
    assert settings.replicas_to_wait == replicas
    assert settings.store_problem() is None


def test_one_server_waits_for_no_replica_unless_asked() -> None:
    assert Settings.from_env({"REDIS_URL": CLUSTER}).replicas_to_wait == 0
    assert Settings.from_env({"REDIS_URL": CLUSTER,
                              "REFEREE_REDIS_WAIT_REPLICAS": "1"}).replicas_to_wait == 1


def test_an_empty_REFEREE_CLUSTER_WAIT_is_the_default() -> None:
    assert Settings.from_env({**CLUSTER_ENV, "REFEREE_CLUSTER_WAIT": ""}).replicas_to_wait == 1
