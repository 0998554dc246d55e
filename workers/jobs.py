"""Job functions. Each makes its own Redis connection from REDIS_URL in the worker:
nothing but JSON-able arguments crosses the queue, and every job is idempotent (RQ
delivers at least once)."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from events.anchors import AnchorLog
from events.config import Settings
from events.integrity import BY_AFTER_APPEND, BY_VERIFY_JOB, verify_and_anchor, verify_match
from events.runtime import open_store
from events.store import EventStore
from projections import readmodels, snapshots

log = logging.getLogger(__name__)


def store_and_anchors_from_env() -> tuple[EventStore, AnchorLog]:
    """The store (REDIS_URL), the chain key and the anchor dir, from the worker's
    environment (``REFEREE_CHAIN_KEY``, or the embedded Redis's key file in
    ``REFEREE_DATA_DIR``)."""
    settings = Settings.from_env()
    if not settings.redis_url:
        raise RuntimeError("REDIS_URL is not set in the worker's environment")
    return open_store(settings)


def store_from_env() -> EventStore:
    return store_and_anchors_from_env()[0]


# The store a worker process keeps between jobs (its connection pool, its registered
# scripts, the log prefixes it verified), made again when the environment it was made from
# changes (tests move REDIS_URL) or in a forked work horse.
_OPEN: dict[str, Any] = {}


def _environment() -> tuple[Any, ...]:
    return (os.getpid(), *(os.environ.get(name) for name in (
        "REDIS_URL", "REDIS_CLUSTER", "REFEREE_CHAIN_KEY", "REFEREE_DATA_DIR",
        "REFEREE_ANCHOR_DIR", "REFEREE_REDIS_WAIT_REPLICAS", "REFEREE_CLUSTER_WAIT",
        "REFEREE_WHOLE_CHECK_SECONDS")))


@contextmanager
def _store() -> Iterator[tuple[EventStore, AnchorLog]]:
    environment = _environment()
    if _OPEN.get("environment") != environment:
        previous = _OPEN.pop("store", None)
        _OPEN["store"] = store_and_anchors_from_env()
        _OPEN["environment"] = environment
        if previous is not None and previous[0].redis is not _OPEN["store"][0].redis:
            previous[0].redis.close()
    yield _OPEN["store"]


def verify_chain_job(match_id: str) -> dict[str, Any]:
    """Re-check one match's keyed hash chain against its anchors, freeze the match if it
    fails, and record the result in ``ref:{m:<id>}:audit``."""
    with _store() as (store, anchors):
        report = verify_match(store, anchors, match_id, detected_by=BY_VERIFY_JOB)
        audit = store.record_audit(match_id, report)
    if not audit["chain_ok"]:
        log.error("match %s: log failed its integrity check at seq %s", match_id,
                  audit["first_bad_seq"])
    return audit


def decklists_job(event_id: str) -> dict[str, Any]:
    """After a deck-list registration: the event's deck-list log re-checked against its
    newest anchors, its head anchored outside Redis (or the log frozen if it fails)."""
    from events.decklist_integrity import DeckListAnchors, verify_and_anchor_decklists

    with _store() as (store, anchors):
        report = verify_and_anchor_decklists(store, DeckListAnchors.beside(anchors, store),
                                             event_id, BY_AFTER_APPEND)
    if not report["chain_ok"]:
        log.error("event %s: deck-list log failed its integrity check at seq %s; frozen",
                  event_id, report["first_bad_seq"])
    return report


def update_read_models(match_id: str, step: int | None = None,
                       pause: float = 0.0) -> dict[str, Any]:
    """Apply the match's new events to the read models (summary, judges' queue, penalty
    histories), one atomic step at a time from the checkpoint."""
    with _store() as (store, _anchors):
        return readmodels.update_read_models(store, match_id, step=step, pause=pause)


def maybe_snapshot(match_id: str) -> dict[str, Any] | None:
    """Store a snapshot of the match's engine state if one is due (every
    REFEREE_SNAPSHOT_EVERY events, or after a rewind)."""
    with _store() as (store, _anchors):
        return snapshots.maybe_snapshot(store, match_id)


def after_append_job(match_id: str) -> dict[str, Any]:
    """What every append asks for, as one job: the keyed hash chain re-checked against the
    newest anchors and recorded, the verified head anchored outside Redis (or the match
    frozen if the log fails), the read models caught up, a snapshot taken if one is due.
    The check reads the events after those this process verified, and the whole log once a
    minute (``REFEREE_WHOLE_CHECK_SECONDS``; ``EventStore.read_log_to_check``).
    Each step is idempotent; a step that fails fails the job (so RQ retries it) after the
    other steps have run. A frozen match's forged log is not folded into read models or
    snapshots."""
    results: dict[str, Any] = {}
    failed: list[str] = []
    with _store() as (store, anchors):
        log_read = store.read_log_to_check(match_id)  # one read for the steps below

        def integrity() -> dict[str, Any]:
            report = verify_and_anchor(store, anchors, match_id, BY_AFTER_APPEND, log_read)
            store.record_audit(match_id, report)
            return report

        steps = (("audit", integrity),
                 ("read_models", lambda: readmodels.update_read_models(
                     store, match_id, head=log_read.head_seq)),
                 ("snapshot", lambda: snapshots.maybe_snapshot(store, match_id, log=log_read)))
        for name, step in steps:
            if name != "audit" and not (results.get("audit") or {}).get("chain_ok", True):
                continue
            try:
                results[name] = step()
            except Exception as exc:  # noqa: BLE001 - the other steps still run; the job then fails
                log.exception("match %s: %s failed", match_id, name)
                failed.append(f"{name}: {type(exc).__name__}: {exc}")
        if failed:  # its retry reads the whole log: nothing a failed step missed is skipped
            store.forget_verified(match_id)
    if failed:
        raise RuntimeError(f"match {match_id}: " + "; ".join(failed))
    if not results["audit"]["chain_ok"]:
        log.error("match %s: log failed its integrity check at seq %s; frozen", match_id,
                  results["audit"]["first_bad_seq"])
    return results


def after_append_batch_job(match_ids: list[str]) -> dict[str, Any]:
    """``after_append_job`` for each match a served process appended to in one moment
    (``events.jobqueue.AfterAppendRelay``): RQ's own cost of a job (its hash, registries,
    status) paid once for them all. A match whose steps fail gets a job of its own, which RQ
    retries and keeps in its failed-job registry as before; the others are done."""
    from rq import get_current_job

    from events.jobqueue import enqueue_after_append

    done, separately = [], []
    for match_id in match_ids:
        try:
            after_append_job(match_id)
            done.append(match_id)
        except Exception:  # noqa: BLE001 - logged by after_append_job; retried on its own
            separately.append(match_id)
    job = get_current_job()
    for match_id in separately:
        with _store() as (store, _anchors):
            head = store.last_seq(match_id)
        if job is None or not enqueue_after_append(job.connection, match_id, head,
                                                   queue_name=job.origin):
            raise RuntimeError(f"match {match_id}: its after-append job failed and could not "
                               "be queued on its own")
    return {"done": done, "queued_separately": separately}


def reconcile_job() -> dict[str, Any]:
    """Catch up every read model and snapshot that lags its match's log."""
    from workers.reconcile import reconcile

    with _store() as (store, anchors):
        return reconcile(store, anchors=anchors)


def rebuild_job() -> dict[str, Any]:
    """Rebuild every read model from the logs (into a new epoch, then switch)."""
    with _store() as (store, _anchors):
        return readmodels.rebuild_read_models(store)


JOBS: dict[str, Callable[..., Any]] = {
    "verify_chain_job": verify_chain_job,
    "after_append_job": after_append_job,
    "decklists_job": decklists_job,
    "update_read_models": update_read_models,
    "maybe_snapshot": maybe_snapshot,
    "reconcile_job": reconcile_job,
    "rebuild_job": rebuild_job,
}
