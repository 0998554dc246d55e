"""Job functions. Each makes its own Redis connection from REDIS_URL in the worker:
nothing but JSON-able arguments crosses the queue."""

from __future__ import annotations

import logging
from typing import Any

import redis

from events.config import Settings
from events.store import EventStore

log = logging.getLogger(__name__)


def store_from_env() -> EventStore:
    url = Settings.from_env().redis_url
    if not url:
        raise RuntimeError("REDIS_URL is not set in the worker's environment")
    return EventStore(redis.Redis.from_url(url, decode_responses=True))


def verify_chain_job(match_id: str) -> dict[str, Any]:
    """Re-check one match's hash chain and record the result in ``ref:{m:<id>}:audit``."""
    store = store_from_env()
    try:
        audit = store.record_audit(match_id, store.verify_chain(match_id))
    finally:
        store.redis.close()
    if not audit["chain_ok"]:
        log.error("match %s: hash chain broken at seq %s", match_id, audit["first_bad_seq"])
    return audit
