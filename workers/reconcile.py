"""Reconcile: find read models and snapshots that lag their match's log and catch them up,
and re-verify every match's log (keyed chain and anchors), freezing any that fails; drop the
idempotency records of matches finished ``REFEREE_IDEMPOTENCY_DAYS`` ago
(``events.idempotency``: the store may not EXPIRE a key, so their life ends here).

The write path appends, then enqueues jobs; a crash (or a Redis hiccup) between the two
loses the jobs but never the events. Run this on a schedule (``referee reconcile --every
60``, or enqueue ``workers.jobs.reconcile_job``) and by hand (``referee reconcile``). The
verification reads every match's whole log: it is what notices tampering between appends
(a forger who removes a freeze is frozen again here).

A read model can also be *ahead* of its log: after a Redis failover that lost acknowledged
events (asynchronous replication, RELIABILITY.md), the models may have folded events the
log no longer holds. Reconcile notices a checkpoint past the head and rebuilds every read
model from the logs (into a new epoch, then switched to: readers never see a half-built set).

A tail lost by a failover and then *written again* by new appends up to the same seq leaves
a checkpoint that looks current while the models folded the lost events. The anchors (and
the receipts presented to ``POST .../audit/receipts``, kept as anchors) know the head that
was acknowledged: an anchored ``(seq, hash)`` whose seq the log now holds with another
event that verifies under the chain key is the finding ``rewritten``
(``events.integrity.rewritten_or``). The match is frozen as for any failed check, the old
and new hashes at that seq are reported (``rewritten``), and every read model is rebuilt
from the logs.

Last, it keeps the round clock as a worker does (``workers.timekeeper``): time is called at
every table whose clock ran out, the read models being caught up by then.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from events.anchors import AnchorLog
from events.decklist_integrity import DeckListAnchors, all_event_ids, verify_and_anchor_decklists
from events.idempotency import drop_when_stale, keep_days
from events.integrity import BY_RECONCILE, verify_match
from events.store import EventStore
from projections.readmodels import (
    all_match_ids,
    checkpoint,
    rebuild_read_models,
    update_read_models,
)
from projections.snapshots import maybe_snapshot
from workers.timekeeper import Timekeeper

log = logging.getLogger(__name__)


def _reconcile_one(store: EventStore, anchors: AnchorLog | None, match_id: str, every: int | None,
                   caught_up: dict[str, int], snapshots: dict[str, int],
                   integrity: dict[str, str], ahead: dict[str, dict[str, int]],
                   retired: dict[str, int], now: datetime, keep: timedelta,
                   rewritten: dict[str, dict[str, Any]]) -> None:
    """Verify one match's log (a failing one is frozen, and not caught up), then catch up
    its read models, take a snapshot if one is due and drop its idempotency records if it
    ended ``keep`` ago. A read model past the log's head is noted in ``ahead``, a rewritten
    tail in ``rewritten`` (the caller rebuilds)."""
    report = verify_match(store, anchors, match_id, detected_by=BY_RECONCILE)
    if not report["chain_ok"]:
        integrity[match_id] = f"{report['finding']} at seq {report['first_bad_seq']}"
        if report["finding"] == "rewritten" and anchors is not None:
            rewritten[match_id] = _rewritten_at(store, anchors, match_id,
                                                int(report["first_bad_seq"]))
            integrity[match_id] += (f" (acknowledged {rewritten[match_id]['anchored_hash']}, "
                                    f"the log now holds {rewritten[match_id]['log_hash']})")
        return
    head = store.last_seq(match_id)
    folded = checkpoint(store.redis, match_id)
    if folded > head:
        ahead[match_id] = {"checkpoint": folded, "head": head}
    elif folded < head:
        caught_up[match_id] = update_read_models(store, match_id)["events"]
    snap = maybe_snapshot(store, match_id, every=every)
    if snap:
        snapshots[match_id] = snap["seq"]
    dropped = drop_when_stale(store, match_id, now, keep)
    if dropped:
        retired[match_id] = dropped


def _reconcile_decklists(store: EventStore, anchors: AnchorLog | None,
                         integrity: dict[str, str], errors: dict[str, str]) -> int:
    """Verify every event's deck-list log and anchor its head (what a lost
    after-registration job missed); a failing one is frozen and listed in ``integrity``
    under its log's name (``decklists:<event_id>``). Returns how many were checked."""
    deck_anchors = DeckListAnchors.beside(anchors, store) if anchors is not None else None
    event_ids = all_event_ids(store, deck_anchors)
    for event_id in event_ids:
        try:
            report = verify_and_anchor_decklists(store, deck_anchors, event_id, BY_RECONCILE)
            if not report["chain_ok"]:
                integrity[report["log"]] = f"{report['finding']} at seq {report['first_bad_seq']}"
        except Exception as exc:  # noqa: BLE001 - one bad log must not stop the others
            log.exception("reconcile: the deck lists of event %s failed", event_id)
            errors[f"decklists:{event_id}"] = f"{type(exc).__name__}: {exc}"
    return len(event_ids)


def _rewritten_at(store: EventStore, anchors: AnchorLog, match_id: str, seq: int
                  ) -> dict[str, Any]:
    """The hash the anchors (or a kept receipt) hold for ``seq``, and the one the log does."""
    anchored = next((a.hash for a in anchors.read(match_id).anchors if a.seq == seq), None)
    held = store.read(match_id, seq, seq)
    return {"seq": seq, "anchored_hash": anchored,
            "log_hash": held[0]["hash"] if held else None}


def _log_outcome(caught_up: dict[str, int], snapshots: dict[str, int],
                 integrity: dict[str, str], ahead: dict[str, dict[str, int]],
                 rewritten: dict[str, dict[str, Any]]) -> None:
    if caught_up or snapshots:
        log.info("reconcile: %d read models caught up, %d snapshots taken",
                 len(caught_up), len(snapshots))
    if integrity:
        log.error("reconcile: %d match(es) failed their integrity check and are frozen",
                  len(integrity))
    if ahead:
        log.error("reconcile: the read models of %d match(es) are ahead of their logs (events "
                  "lost by a failover?); rebuilding every read model", len(ahead))
    if rewritten:
        log.error("reconcile: %d match(es) lost a tail that new appends wrote again at the same "
                  "seqs (a failover?); they are frozen, and every read model is rebuilt",
                  len(rewritten))


def reconcile(store, *, every: int | None = None, match_ids: list[str] | None = None,
              progress: Callable[[str], None] | None = None,
              anchors: AnchorLog | None = None, now: datetime | None = None,
              keep_idempotency: timedelta | None = None) -> dict[str, Any]:
    """Returns ``{matches, decklists (event deck-list logs verified), read_models_caught_up:
    {match_id: events applied},
    snapshots_taken: {match_id: seq}, integrity: {match_id: finding}, errors: {match_id:
    message}, read_models_ahead: {match_id: {checkpoint, head}}, rewritten: {match_id: {seq,
    anchored_hash, log_hash}}, read_models_rebuilt: bool, idempotency_dropped: {match_id:
    records}, time_called: [match_id]}``. ``keep_idempotency``: how long a finished match's
    idempotency records are kept (default ``REFEREE_IDEMPOTENCY_DAYS``); ``time_called``: the
    tables whose clock had run out, where time is called now.
    ``integrity`` lists the matches whose log failed (they are frozen, and not
    caught up). A match that fails is reported and skipped; the others are still caught
    up. Without ``match_ids``: every match of the store and of ``anchors``."""
    if match_ids is None:
        ids = all_match_ids(store)
        if anchors is not None:
            ids = list(dict.fromkeys([*ids, *anchors.match_ids()]))
    else:
        ids = match_ids
    caught_up: dict[str, int] = {}
    snapshots: dict[str, int] = {}
    integrity: dict[str, str] = {}
    errors: dict[str, str] = {}
    ahead: dict[str, dict[str, int]] = {}
    retired: dict[str, int] = {}
    rewritten: dict[str, dict[str, Any]] = {}
    now = now or datetime.now(UTC)
    keep = keep_idempotency if keep_idempotency is not None else timedelta(days=keep_days())
    for match_id in ids:
        try:
            _reconcile_one(store, anchors, match_id, every, caught_up, snapshots, integrity,
                           ahead, retired, now, keep, rewritten)
        except Exception as exc:  # noqa: BLE001 - one bad match must not stop the others
            log.exception("reconcile: match %s failed", match_id)
            errors[match_id] = f"{type(exc).__name__}: {exc}"
        finally:
            if progress is not None:
                progress(match_id)
    decklists = _reconcile_decklists(store, anchors, integrity, errors)
    _log_outcome(caught_up, snapshots, integrity, ahead, rewritten)
    if ahead or rewritten:
        rebuild_read_models(store)
    called = _call_time(store, errors)
    return {"matches": len(ids), "decklists": decklists, "read_models_caught_up": caught_up,
            "snapshots_taken": snapshots, "integrity": integrity, "errors": errors,
            "read_models_ahead": ahead, "rewritten": rewritten,
            "read_models_rebuilt": bool(ahead or rewritten),
            "idempotency_dropped": retired, "time_called": called}


def _call_time(store: EventStore, errors: dict[str, str]) -> list[str]:
    """One pass of the round clock's keeper (its after-append jobs are not queued: the
    next reconcile catches up what they would)."""
    try:
        outcomes = Timekeeper(store).tick()
    except Exception as exc:  # noqa: BLE001 - reported with the other errors
        log.exception("reconcile: the round clock's pass failed")
        errors["(round clock)"] = f"{type(exc).__name__}: {exc}"
        return []
    for match_id, outcome in outcomes.items():
        if outcome.outcome == "error":
            errors.setdefault(match_id, outcome.detail or "time not called")
    return sorted(m for m, o in outcomes.items() if o.outcome == "called")
