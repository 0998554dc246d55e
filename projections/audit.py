"""The audit of one match: the keyed hash chain re-checked against the anchors, and the
whole log replayed with every recorded ``state_hash`` compared to the recomputed one. Shared
by ``referee audit`` and the API's ``GET /v1/matches/{id}/audit`` (so it lives here, below
both ``app`` and ``workers``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from events.anchors import AnchorLog
from events.errors import MatchNotFound
from events.integrity import verify_match
from projections.errors import EngineMismatch
from projections.messages import msg
from projections.replay import apply_one, game_of

if TYPE_CHECKING:
    from events.store import EventStore


def replay_check(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Fold ``events`` exactly as ``projections.replay.fold`` does, comparing each recorded
    ``state_hash``. Returns ``{replay_ok, first_bad_seq, state_hashes_checked, error,
    declared_effects}``: the last, the effects the table declared rather than the engine
    carried out (the game's ``declared_effect``; R-DECLARE-1), with their seq."""
    checked = 0
    declared: list[dict[str, Any]] = []
    if not events:
        return {"replay_ok": True, "first_bad_seq": None, "state_hashes_checked": 0,
                "error": None, "declared_effects": declared}
    try:
        game = game_of(events)
    except (KeyError, ValueError, EngineMismatch) as exc:
        return {"replay_ok": False, "first_bad_seq": events[0].get("seq", 1),
                "state_hashes_checked": 0, "error": str(exc), "declared_effects": declared}
    declared_effect = getattr(game, "declared_effect", None)
    state = None
    for event in events:
        seq = event.get("seq")
        if declared_effect is not None and state is not None:
            found = declared_effect(state, event)
            if found:
                declared.append({"seq": seq, **found})
        try:
            state, _ = apply_one(game, state, event, events)
        except Exception as exc:  # noqa: BLE001 - any failure to replay is the finding
            return {"replay_ok": False, "first_bad_seq": seq, "state_hashes_checked": checked,
                    "error": f"{type(exc).__name__}: {exc}", "declared_effects": declared}
        recorded = event.get("state_hash")
        if recorded is not None:
            checked += 1
            computed = game.state_hash(state)
            if computed != recorded:
                return {"replay_ok": False, "first_bad_seq": seq,
                        "state_hashes_checked": checked, "declared_effects": declared,
                        "error": msg("seq %(seq)s: recorded state_hash %(recorded)s... but the replay gives "
                                     "%(computed)s...", seq=seq, recorded=recorded[:12], computed=computed[:12])}
    return {"replay_ok": True, "first_bad_seq": None, "state_hashes_checked": checked,
            "error": None, "declared_effects": declared}


def audit_match(store: EventStore, match_id: str, anchors: AnchorLog | None = None,
                detected_by: str | None = None) -> dict[str, Any]:
    """``{match_id, chain_ok, replay_ok, first_bad_seq, events, last_seq,
    chain_first_bad_seq, replay_first_bad_seq, state_hashes_checked, replay_error, finding,
    anchors_checked, anchored_seq, anchors_invalid, frozen}``.

    ``chain_ok`` is the log's integrity: the keyed chain verifies and the log holds every
    anchor. ``first_bad_seq`` is the earliest seq where either check failed (None when both
    pass). With ``detected_by``, a log that fails its integrity check is frozen (a replay
    that disagrees with a recorded state_hash is reported, not frozen: the chain says the
    referee wrote it). Raises ``MatchNotFound`` for a match neither Redis nor the anchors
    know."""
    chain = verify_match(store, anchors, match_id, detected_by=detected_by)
    if not chain["known"]:
        raise MatchNotFound(match_id)
    last = chain["last_seq"]
    events: list[dict[str, Any]] | None
    read_error: str | None
    try:
        events = store.read(match_id, 1, last) if last else store.read(match_id)
    except (ValueError, TypeError) as exc:  # an entry too mangled to decode
        events, read_error = None, f"{type(exc).__name__}: {exc}"
    else:
        read_error = None
    replay: dict[str, Any]
    if events is None:
        replay = {"replay_ok": False, "first_bad_seq": chain["first_bad_seq"] or 1,
                  "state_hashes_checked": 0, "error": read_error, "declared_effects": []}
    elif not events and chain["finding"] == "erased":
        replay = {"replay_ok": False, "first_bad_seq": 1, "state_hashes_checked": 0,
                  "error": msg("the log is gone"), "declared_effects": []}
    else:
        replay = replay_check(events)
    bad = [s for s in (chain["first_bad_seq"], replay["first_bad_seq"]) if s is not None]
    return {
        "match_id": match_id,
        "chain_ok": chain["chain_ok"],
        "replay_ok": replay["replay_ok"],
        "first_bad_seq": min(bad) if bad else None,
        "events": chain["events"],
        "last_seq": last,
        "chain_first_bad_seq": chain["first_bad_seq"],
        "replay_first_bad_seq": replay["first_bad_seq"],
        "state_hashes_checked": replay["state_hashes_checked"],
        "replay_error": replay["error"],
        "finding": chain["finding"],
        "anchors_checked": chain["anchors_checked"],
        "anchored_seq": chain["anchored_seq"],
        "anchors_invalid": chain["anchors_invalid"],
        "frozen": chain["frozen"],
        "declared_effects": replay["declared_effects"],
    }
