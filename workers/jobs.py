"""Job functions. Each makes its own Redis connection from REDIS_URL in the worker:
nothing but JSON-able arguments crosses the queue, and every job is idempotent (RQ
delivers at least once)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import redis

from events.config import Settings
from events.store import EventStore
from projections import readmodels, snapshots

log = logging.getLogger(__name__)


def store_from_env() -> EventStore:
    url = Settings.from_env().redis_url
    if not url:
        raise RuntimeError("REDIS_URL is not set in the worker's environment")
    return EventStore(redis.Redis.from_url(url, decode_responses=True))


@contextmanager
def _store() -> Iterator[EventStore]:
    store = store_from_env()
    try:
        yield store
    finally:
        store.redis.close()


def verify_chain_job(match_id: str) -> dict[str, Any]:
    """Re-check one match's hash chain and record the result in ``ref:{m:<id>}:audit``."""
    with _store() as store:
        audit = store.record_audit(match_id, store.verify_chain(match_id))
    if not audit["chain_ok"]:
        log.error("match %s: hash chain broken at seq %s", match_id, audit["first_bad_seq"])
    return audit


def update_read_models(match_id: str, step: int | None = None,
                       pause: float = 0.0) -> dict[str, Any]:
    """Apply the match's new events to the read models (summary, judges' queue, penalty
    histories), one atomic step at a time from the checkpoint."""
    with _store() as store:
        return readmodels.update_read_models(store, match_id, step=step, pause=pause)


def maybe_snapshot(match_id: str) -> dict[str, Any] | None:
    """Store a snapshot of the match's engine state if one is due (every
    REFEREE_SNAPSHOT_EVERY events, or after a rewind)."""
    with _store() as store:
        return snapshots.maybe_snapshot(store, match_id)


def after_append_job(match_id: str) -> dict[str, Any]:
    """What every append asks for, as one job: the hash chain re-checked and recorded, the
    read models caught up, a snapshot taken if one is due. Each step is idempotent; a step
    that fails fails the job (so RQ retries it) after the other steps have run."""
    results: dict[str, Any] = {}
    failed: list[str] = []
    with _store() as store:
        steps = (("audit", lambda: store.record_audit(match_id, store.verify_chain(match_id))),
                 ("read_models", lambda: readmodels.update_read_models(store, match_id)),
                 ("snapshot", lambda: snapshots.maybe_snapshot(store, match_id)))
        for name, step in steps:
            try:
                results[name] = step()
            except Exception as exc:  # noqa: BLE001 - the other steps still run; the job then fails
                log.exception("match %s: %s failed", match_id, name)
                failed.append(f"{name}: {type(exc).__name__}: {exc}")
    if failed:
        raise RuntimeError(f"match {match_id}: " + "; ".join(failed))
    if not results["audit"]["chain_ok"]:
        log.error("match %s: hash chain broken at seq %s", match_id, results["audit"]["first_bad_seq"])
    return results


def reconcile_job() -> dict[str, Any]:
    """Catch up every read model and snapshot that lags its match's log."""
    from workers.reconcile import reconcile

    with _store() as store:
        return reconcile(store)


def rebuild_job() -> dict[str, Any]:
    """Rebuild every read model from the logs (into a new epoch, then switch)."""
    with _store() as store:
        return readmodels.rebuild_read_models(store)


JOBS: dict[str, Callable[..., Any]] = {
    "verify_chain_job": verify_chain_job,
    "after_append_job": after_append_job,
    "update_read_models": update_read_models,
    "maybe_snapshot": maybe_snapshot,
    "reconcile_job": reconcile_job,
    "rebuild_job": rebuild_job,
}
