"""The after-append job on a tail read (``EventStore.read_log_to_check``): its snapshot step
sees a rewind among the new events and takes the match's first entry from the same read,
and a job whose step failed reads the whole log when it runs again."""

from __future__ import annotations

import pytest

from events.store import EventStore
from projections.snapshots import maybe_snapshot, newest_snapshot_seq
from tests.conftest import TEST_CHAIN_KEY
from tests.workers.helpers import new_match

pytestmark = pytest.mark.integration

EVERY = 50


@pytest.fixture
def checker(redis_client):
    return EventStore(redis_client, chain_key=TEST_CHAIN_KEY)


def test_a_rewind_in_the_tail_makes_a_snapshot_due_from_a_tail_read(store, checker):
    table = new_match(store, "tail-snap", seed=2)
    table.play(12)
    assert checker.check_log("tail-snap", log=checker.read_log_to_check("tail-snap"))["chain_ok"]
    table.play(3)
    log = checker.read_log_to_check("tail-snap")
    assert not log.whole
    assert maybe_snapshot(checker, "tail-snap", every=EVERY, log=log) is None  # not due
    table.judge("Rewound", {"to_seq": 5, "reason": "wrong Energy count", "reshuffle": False})
    log = checker.read_log_to_check("tail-snap")
    assert not log.whole and log.start > 5
    taken = maybe_snapshot(checker, "tail-snap", every=EVERY, log=log)
    assert taken is not None and newest_snapshot_seq(store.redis, "tail-snap") == table.seq


def test_a_job_whose_step_failed_reads_the_whole_log_when_run_again(
        store, worker_env, monkeypatch):
    from workers import jobs

    table = new_match(store, "tail-fail", seed=3)
    table.play(6)
    jobs.after_append_job("tail-fail")
    job_store = jobs._OPEN["store"][0]
    reads: list[bool] = []
    read = job_store.read_log_to_check

    def recording(match_id):
        log = read(match_id)
        reads.append(log.whole)
        return log

    monkeypatch.setattr(job_store, "read_log_to_check", recording)
    table.play(2)
    with monkeypatch.context() as broken:
        broken.setattr(jobs.snapshots, "maybe_snapshot",
                       lambda *a, **k: (_ for _ in ()).throw(OSError("disk full")))
        with pytest.raises(RuntimeError, match="snapshot: OSError"):
            jobs.after_append_job("tail-fail")
    jobs.after_append_job("tail-fail")
    jobs.after_append_job("tail-fail")
    assert reads == [False, True, False]
