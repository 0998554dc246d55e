"""RQ jobs run by a real SimpleWorker, with the JSON serializer."""

from __future__ import annotations

import json
import zlib

import pytest
import redis
from rq.job import Job
from rq.serializers import JSONSerializer

from events.keys import match_keys
from tests.factories import action, match_created
from workers import enqueue_verify, get_queue
from workers.jobs import verify_chain_job
from workers.runner import build_worker

pytestmark = pytest.mark.integration


@pytest.fixture
def worker_env(monkeypatch, redis_url):
    """Jobs read REDIS_URL, as they do in a real worker."""
    monkeypatch.setenv("REDIS_URL", redis_url)


def run_burst(connection):
    assert build_worker(connection, simple=True).work(burst=True)


def test_verify_job_records_a_good_chain(store, redis_bytes, worker_env):
    store.append("good", [match_created(), action(), action(seat=1)])

    job = enqueue_verify(redis_bytes, "good", seq=3)
    run_burst(redis_bytes)

    audit = store.get_audit("good")
    assert audit["chain_ok"] is True and audit["first_bad_seq"] is None
    assert audit["last_seq"] == 3 and audit["events"] == 3
    assert audit["checked_at"].endswith("Z")
    job = Job.fetch(job.id, connection=redis_bytes, serializer=JSONSerializer)
    assert job.is_finished and job.return_value() == audit


def test_verify_job_records_a_tampered_chain(store, redis_client, redis_bytes, worker_env):
    store.append("bad", [match_created(), action(), action(seat=1), action()])
    stream = match_keys("bad").events
    entries = redis_client.xrange(stream)
    redis_client.delete(stream)
    for entry_id, fields in entries:
        if entry_id == "2-0":
            fields = dict(fields, recorded_at="2000-01-01T00:00:00.000000Z")
        redis_client.xadd(stream, fields, id=entry_id)

    enqueue_verify(redis_bytes, "bad")
    run_burst(redis_bytes)

    audit = store.get_audit("bad")
    assert audit["chain_ok"] is False and audit["first_bad_seq"] == 2
    assert redis_client.hget(match_keys("bad").audit, "chain_ok") == "false"


def test_jobs_are_stored_as_json_not_pickle(store, redis_bytes, worker_env):
    job = enqueue_verify(redis_bytes, "m", seq=1)
    raw = redis_bytes.hget(f"rq:job:{job.id}", "data")
    call = json.loads(zlib.decompress(raw))
    assert call[0] == "workers.jobs.verify_chain_job" and call[2] == ["m"]
    assert get_queue(redis_bytes).serializer is JSONSerializer


def test_enqueue_never_raises(caplog):
    from events.embedded import free_port

    dead = redis.Redis(port=free_port(), socket_connect_timeout=0.5)
    assert enqueue_verify(dead, "m") is None
    assert "could not enqueue" in caplog.text


def test_the_job_needs_redis_url(monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    with pytest.raises(RuntimeError, match="REDIS_URL"):
        verify_chain_job("m")
