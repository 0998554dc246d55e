"""Fixtures for the worker tests: real Redis (tests/conftest.py), real RQ workers."""

from __future__ import annotations

import pytest

from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from workers.runner import build_worker

SNAPSHOT_EVERY = 10


@pytest.fixture
def worker_env(monkeypatch, redis_url):
    """What a worker process has: REDIS_URL; snapshots every 10 events and retries without
    waiting, so the tests stay fast."""
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("REFEREE_SNAPSHOT_EVERY", str(SNAPSHOT_EVERY))
    monkeypatch.setenv("REFEREE_JOB_RETRY_INTERVALS", "0")
    return redis_url


@pytest.fixture
def clocked_store(redis_client, fixed_clock):
    """An EventStore whose clock the test moves (events get distinct, known times)."""
    return EventStore(redis_client, clock=fixed_clock, chain_key=TEST_CHAIN_KEY)


def run_burst(connection) -> bool:
    """A real RQ SimpleWorker (JSON serializer) until the queue is empty."""
    return build_worker(connection, simple=True).work(burst=True)
