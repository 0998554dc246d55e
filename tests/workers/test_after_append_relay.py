"""events.jobqueue.AfterAppendRelay: a served process gathers its appends and queues one
after-append job per match, in one round trip, and loses none when RQ's Redis fails."""

from __future__ import annotations

import time

import pytest
import redis

from events.jobqueue import AfterAppendRelay, get_queue, relay_for
from projections.readmodels import checkpoint, dump_read_models, rebuild_read_models
from tests.workers.conftest import run_burst
from tests.workers.helpers import new_match

pytestmark = pytest.mark.integration


def wait_for(condition, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_appends_of_a_moment_become_one_job_per_match_in_one_round_trip(
        store, redis_client, redis_bytes, worker_env):
    tables = [new_match(store, f"r{n}", seed=seed) for n, seed in enumerate((1, 2))]
    relay = AfterAppendRelay(redis_bytes, "referee", linger=0.2)
    for _ in range(3):
        for table in tables:
            table.play(2)
            relay.submit(table.match_id, table.seq)
    relay.submit(tables[0].match_id, 1)  # an older seq never replaces a newer one
    wait_for(lambda: relay.batches == 1 and not relay.pending())
    queue = get_queue(redis_bytes)
    assert sorted(queue.get_job_ids()) == sorted(f"after-{t.match_id}-{t.seq}" for t in tables)
    assert run_burst(redis_bytes)
    for table in tables:
        assert checkpoint(redis_client, table.match_id) == table.seq
    caught_up = dump_read_models(redis_client)
    rebuild_read_models(store)
    assert dump_read_models(redis_client) == caught_up


def test_a_failed_enqueue_is_tried_again_and_nothing_is_lost(store, redis_bytes, redis_url,
                                                             worker_env, monkeypatch):
    table = new_match(store, "r9", seed=3)
    dead = redis.Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.2)
    relay = AfterAppendRelay(dead, "referee", linger=0.01)
    monkeypatch.setattr(AfterAppendRelay, "RETRY_SECONDS", 0.05)
    relay.submit(table.match_id, table.seq)
    time.sleep(0.3)
    assert relay.batches == 0 and relay.pending() == {table.match_id: table.seq}
    relay._connection = redis_bytes  # RQ's Redis is back
    wait_for(lambda: relay.batches == 1 and not relay.pending())
    assert get_queue(redis_bytes).get_job_ids() == [f"after-{table.match_id}-{table.seq}"]


def test_one_relay_per_queue_connection_and_linger(redis_bytes):
    assert relay_for(redis_bytes, "q", 0.005) is relay_for(redis_bytes, "q", 0.005)
    assert relay_for(redis_bytes, "q", 0.005) is not relay_for(redis_bytes, "other", 0.005)
