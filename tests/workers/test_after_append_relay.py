"""events.jobqueue.AfterAppendRelay: a served process gathers its appends and queues one
after-append job for them all, in one round trip, and loses none when RQ's Redis fails;
workers.jobs.after_append_batch_job does each match's work and gives a failing match a job
of its own."""

from __future__ import annotations

import time

import pytest
import redis
from rq.job import Job
from rq.serializers import JSONSerializer

from events.jobqueue import AfterAppendRelay, get_queue, queue_stats, relay_for
from projections.readmodels import checkpoint, dump_read_models, rebuild_read_models
from tests.workers.conftest import run_burst
from tests.workers.helpers import good_and_poisoned_matches, new_match

pytestmark = pytest.mark.integration


def wait_for(condition, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_appends_of_a_moment_become_one_job_in_one_round_trip(
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
    [job_id] = queue.get_job_ids()
    job = Job.fetch(job_id, connection=redis_bytes, serializer=JSONSerializer)
    assert job.func_name == "workers.jobs.after_append_batch_job"
    assert job.args == [sorted(t.match_id for t in tables)]
    assert run_burst(redis_bytes)
    assert job.latest_result().return_value == {"done": ["r0", "r1"], "queued_separately": []}
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


def test_one_match_alone_gets_the_job_an_append_would(store, redis_bytes, worker_env):
    table = new_match(store, "solo", seed=1)
    relay = AfterAppendRelay(redis_bytes, "referee", linger=0.01)
    relay.submit(table.match_id, table.seq)
    wait_for(lambda: relay.batches == 1 and not relay.pending())
    assert get_queue(redis_bytes).get_job_ids() == [f"after-solo-{table.seq}"]


def test_a_failing_match_of_a_batch_gets_its_own_job_and_the_others_are_done(
        store, redis_client, redis_bytes, worker_env):
    good = good_and_poisoned_matches(store)
    relay = AfterAppendRelay(redis_bytes, "referee", linger=0.2)
    relay.submit("poison", store.last_seq("poison"))
    relay.submit("good", good.seq)
    wait_for(lambda: relay.batches == 1 and not relay.pending())

    run_burst(redis_bytes)

    assert checkpoint(redis_client, "good") == good.seq
    stats = queue_stats(redis_bytes)
    assert stats["failed"] == 1 and stats["queued"] == 0 and stats["scheduled"] == 0
    [failed_id] = get_queue(redis_bytes).failed_job_registry.get_job_ids()
    assert failed_id == f"after-poison-{store.last_seq('poison')}"  # retried, then parked
    assert Job.fetch(failed_id, connection=redis_bytes, serializer=JSONSerializer).retries_left == 0
