"""The jobs through real RQ workers (JSON serializer): convergence after bursts of appends,
at-least-once delivery, retries and the failed-job registry, a worker killed mid-job, and
reconcile after a crash between append and enqueue."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
import redis
from rq.job import Job
from rq.serializers import JSONSerializer

from events.keys import match_keys
from projections.readmodels import (
    checkpoint,
    dump_read_models,
    get_match_summary,
    rebuild_read_models,
)
from projections.snapshots import list_snapshots, load_state, newest_snapshot_seq
from tests.workers.conftest import SNAPSHOT_EVERY, run_burst
from tests.workers.helpers import good_and_poisoned_matches, new_match
from workers import enqueue_after_append, enqueue_reconcile, get_queue, queue_stats
from workers.reconcile import reconcile

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]


def play_and_enqueue(table, rq, n, batch):
    done = 0
    while done < n:
        played = table.play(min(batch, n - done))
        if not played:
            break
        done += played
        enqueue_after_append(rq, table.match_id, table.seq)


def test_read_models_and_snapshots_converge_after_a_burst_of_appends(store, redis_client,
                                                                     redis_bytes, worker_env):
    tables = [new_match(store, f"m{n}", seed=seed, players=(f"P{n}", "Shared"))
              for n, seed in enumerate((1, 2, 7, 4))]
    for table in tables:
        enqueue_after_append(redis_bytes, table.match_id, table.seq)
    # interleaved appends from several matches, jobs queued after each
    for round_ in range(6):
        for table in tables:
            play_and_enqueue(table, redis_bytes, 5 + round_, batch=2 + round_ % 3)
    tables[0].judge("DisputeOpened", {"dispute_id": "late", "seat": 1, "about_seq": 4,
                                      "claim": "x"})
    enqueue_after_append(redis_bytes, "m0", tables[0].seq)

    assert run_burst(redis_bytes)
    stats = queue_stats(redis_bytes)
    assert stats["ok"] and stats["queued"] == 0 and stats["failed"] == 0

    live = dump_read_models(redis_client)
    assert live["checkpoints"] == {t.match_id: t.seq for t in tables}
    for table in tables:
        summary = get_match_summary(redis_client, table.match_id)
        assert summary["last_seq"] == table.seq
        assert summary["turn"] == table.state.turn
        snap = newest_snapshot_seq(redis_client, table.match_id)
        assert table.seq - snap < SNAPSHOT_EVERY
        loaded = load_state(store, None, table.match_id)
        assert loaded.snapshot_seq == snap and not loaded.full_history
    assert live["queue"][0][0] == "m0/late"
    assert len(live["player_index"]["shared"]) == 4
    rebuild_read_models(store)
    assert dump_read_models(redis_client) == live


def test_the_same_job_delivered_twice_gives_the_same_result(store, redis_client, redis_bytes,
                                                            worker_env):
    table = new_match(store, "twice", seed=2)
    table.play(25, batch=5)
    queue = get_queue(redis_bytes)
    first = queue.enqueue("workers.jobs.update_read_models", "twice", job_id="a")
    run_burst(redis_bytes)
    once = dump_read_models(redis_client)
    second = queue.enqueue("workers.jobs.update_read_models", "twice", job_id="b")
    run_burst(redis_bytes)
    assert dump_read_models(redis_client) == once
    results = [Job.fetch(j.id, connection=redis_bytes, serializer=JSONSerializer).return_value()
               for j in (first, second)]
    assert results[0]["events"] == table.seq and results[1]["events"] == 0


def test_enqueue_after_append_is_keyed_by_match_and_seq_and_json(store, redis_bytes,
                                                                 worker_env):
    jobs = enqueue_after_append(redis_bytes, "m", 7)
    assert [j.id for j in jobs] == ["after-m-7"]
    raw = redis_bytes.hget("rq:job:after-m-7", "data")
    call = json.loads(zlib.decompress(raw))
    assert call[0] == "workers.jobs.after_append_job" and call[2] == ["m"]
    assert enqueue_after_append(redis_bytes, "m", 7) == []   # the same append: nothing new
    assert get_queue(redis_bytes).count == 1
    job = Job.fetch("after-m-7", connection=redis_bytes, serializer=JSONSerializer)
    assert job.retries_left == 3 and job.retry_intervals == [0]


def test_enqueue_after_append_never_raises(caplog):
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    from events.embedded import free_port

    dead = redis.Redis(port=free_port(), socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 0))
    started = time.monotonic()
    assert enqueue_after_append(dead, "m", 3) == []
    assert time.monotonic() - started < 2   # one refused connection, not one per job
    assert "could not enqueue" in caplog.text
    assert enqueue_reconcile(dead) is None
    stats = queue_stats(dead)
    assert stats["ok"] is False and "error" in stats


def test_a_failing_job_is_retried_then_parked_without_blocking_others(
        store, redis_client, redis_bytes, worker_env):
    good = good_and_poisoned_matches(store)
    enqueue_after_append(redis_bytes, "poison", store.last_seq("poison"))
    enqueue_after_append(redis_bytes, "good", good.seq)

    run_burst(redis_bytes)

    assert checkpoint(redis_client, "good") == good.seq
    stats = queue_stats(redis_bytes)
    assert stats["failed"] == 1 and stats["queued"] == 0 and stats["scheduled"] == 0
    failed_id = get_queue(redis_bytes).failed_job_registry.get_job_ids()[0]
    assert failed_id == f"after-poison-{store.last_seq('poison')}"
    job = Job.fetch(failed_id, connection=redis_bytes, serializer=JSONSerializer)
    assert job.retries_left == 0
    assert "not legal on replay" in (job.latest_result().exc_string or "")


def test_retries_wait_in_the_scheduled_registry_with_real_intervals(store, redis_bytes,
                                                                    worker_env, monkeypatch):
    monkeypatch.delenv("REFEREE_JOB_RETRY_INTERVALS")
    store.append("broken", [{"type": "ActionTaken",
                             "payload": {"seat": 0, "action": {"type": "draw"}}}])
    job = enqueue_after_append(redis_bytes, "broken", 1)[0]
    assert job.retry_intervals == [1, 5, 15]
    run_burst(redis_bytes)   # fails once (no MatchCreated), then waits 1 s for its retry
    stats = queue_stats(redis_bytes)
    assert stats["scheduled"] >= 1 and stats["failed"] == 0


def _worker_process(env) -> subprocess.Popen:
    code = ("from workers.runner import run_worker; import os; "
            "run_worker(os.environ['RQ_URL'], burst=True, with_scheduler=False)")
    return subprocess.Popen([sys.executable, "-c", code], cwd=REPO, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def test_a_worker_killed_mid_job_loses_nothing(store, redis_client, redis_bytes, worker_env):
    table = new_match(store, "killed", seed=7)
    table.play(120, batch=30)
    head = table.seq
    get_queue(redis_bytes).enqueue("workers.jobs.update_read_models", "killed", step=5,
                                   pause=0.15, job_id="slow")
    env = {**os.environ, "RQ_URL": worker_env}
    proc = _worker_process(env)
    try:
        deadline = time.monotonic() + 30
        while checkpoint(redis_client, "killed") < 10 and time.monotonic() < deadline:
            time.sleep(0.02)
        os.killpg(proc.pid, signal.SIGKILL)   # the worker and its work horse, mid-job
        proc.wait(10)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    stopped_at = checkpoint(redis_client, "killed")
    assert 10 <= stopped_at < head and stopped_at % 5 == 0
    assert get_match_summary(redis_client, "killed")["last_seq"] == stopped_at

    result = reconcile(store)
    assert result["read_models_caught_up"] == {"killed": head - stopped_at}
    assert result["errors"] == {}
    caught_up = dump_read_models(redis_client)
    assert caught_up["checkpoints"]["killed"] == head
    rebuild_read_models(store)
    assert dump_read_models(redis_client) == caught_up


def test_reconcile_catches_up_what_a_crash_before_enqueue_missed(
        store, redis_client, redis_bytes, worker_env):
    seen = new_match(store, "seen", seed=4)
    seen.play(15, batch=5)
    enqueue_after_append(redis_bytes, "seen", seen.seq)
    run_burst(redis_bytes)
    # appends whose jobs were never enqueued (the web process died in between), one of
    # them for a match missing from the store's index
    seen.play(20, batch=5)
    lost = new_match(store, "lost", seed=6, index=False)
    lost.play(25, batch=25)
    assert checkpoint(redis_client, "lost") == 0

    job = enqueue_reconcile(redis_bytes)
    run_burst(redis_bytes)
    result = Job.fetch(job.id, connection=redis_bytes, serializer=JSONSerializer).return_value()
    assert set(result["read_models_caught_up"]) == {"seen", "lost"}
    assert set(result["snapshots_taken"]) == {"seen", "lost"}
    assert checkpoint(redis_client, "seen") == seen.seq
    assert checkpoint(redis_client, "lost") == lost.seq
    assert list_snapshots(redis_client, "lost")[0]["seq"] == lost.seq
    again = reconcile(store)
    assert again["read_models_caught_up"] == {} and again["snapshots_taken"] == {}


def test_reconcile_rebuilds_read_models_ahead_of_their_log(store, redis_client, worker_env):
    """After a failover that lost acknowledged events, a read model may have folded events
    the log no longer holds (its checkpoint past the head): reconcile rebuilds them all."""
    table = new_match(store, "ahead", seed=4)
    table.play(12, batch=4)
    reconcile(store)
    built = dump_read_models(redis_client)
    assert built["checkpoints"]["ahead"] == table.seq
    # the log as a lossy failover leaves it: the last events gone, the head moved back
    keys = match_keys("ahead")
    kept = table.events[-4]
    for event in table.events[-3:]:
        redis_client.xdel(keys.events, f"{event['seq']}-0")
    redis_client.hset(keys.meta, mapping={"head_seq": kept["seq"], "head_hash": kept["hash"]})

    result = reconcile(store)
    assert result["read_models_ahead"] == {"ahead": {"checkpoint": table.seq, "head": kept["seq"]}}
    assert result["read_models_rebuilt"] and result["errors"] == {}
    assert checkpoint(redis_client, "ahead") == kept["seq"]
    assert get_match_summary(redis_client, "ahead")["last_seq"] == kept["seq"]
    assert reconcile(store)["read_models_ahead"] == {}


def test_a_worker_leaves_at_once_though_its_command_thread_waits_for_a_subscription(redis_bytes):
    """RQ's teardown unsubscribes, then stops its pub/sub thread; when the thread has already
    read the unsubscribe's reply it waits up to 60 s for a new subscription, and since
    redis-py 8 stopping it waited for that (a burst worker took a minute to exit)."""
    from workers.runner import build_worker

    worker = build_worker(redis_bytes, simple=True)
    worker.subscribe()
    deadline = time.monotonic() + 5
    while not worker.pubsub.subscribed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert worker.pubsub.subscribed
    send = worker.pubsub.unsubscribe

    def unsubscribe_then_let_the_thread_read_the_reply(*args, **kwargs):
        answer = send(*args, **kwargs)
        deadline = time.monotonic() + 5
        while worker.pubsub.subscribed and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)      # the thread is back in get_message, waiting for a subscription
        return answer

    worker.pubsub.unsubscribe = unsubscribe_then_let_the_thread_read_the_reply
    started = time.monotonic()
    worker.unsubscribe()
    assert time.monotonic() - started < 5
