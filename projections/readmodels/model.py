"""The read models as pure functions of a match's events (no Redis here).

Per match the read models hold:

* a **summary**: players, ruleset, status, turn, whose turn, prizes left, winner and how,
  last seq, open disputes (the engine-derived fields come from ``game.summary(state)``);
* its **disputes**: one record per ``dispute_id``, folded by ``projections.disputes`` (the
  one lifecycle: ``open`` and ``appealed`` are in the judges' queue, ``ruled`` and
  ``decided`` are not);
* its **penalties**: one entry per penalty a judge gave (``RulingIssued.penalty``,
  ``PenaltyIssued``, ``AppealDecided.penalty``), filed under the player's name from the
  ``MatchCreated`` players. An appeal decided ``overturned`` marks the ruling's penalty
  ``overturned`` (it stays in the history, it no longer counts as a prior infraction).

Everything here is deterministic in the events, whatever the batch boundaries, so a read
model built incrementally equals one rebuilt from scratch.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..clock import CLOCK_READS, Clock, apply_clock_event
from ..disputes import apply_dispute_event, is_open, player_at, players_of, report_conflict, reports_taken_up

_SEVERITY = re.compile(r"[_\s-]+(minor|major|severe)$")


def timestamp(recorded_at: str | None) -> float:
    """``recorded_at`` (ISO 8601, ``Z``) as a POSIX timestamp; 0.0 when missing."""
    if not recorded_at:
        return 0.0
    return datetime.fromisoformat(recorded_at.replace("Z", "+00:00")).timestamp()


def player_key(name: str) -> str:
    """How a player's name is filed: case and spacing don't make another player."""
    return " ".join(str(name).split()).casefold()


def person_key(player_id: str | None, match_id: str, seat: int | None) -> str:
    """Whose penalty history an entry is filed in: the person's Play! Pokémon ID, never the
    display name (two "Ana"s are two people); a player given without an ID has a history of
    that match alone."""
    return f"id:{player_id}" if player_id else f"seat:{match_id}:{seat}"


def normalise_infraction(infraction: str) -> str:
    return "_".join(str(infraction).strip().lower().replace("-", " ").split())


def infraction_category(infraction: str) -> str:
    """``procedural_error_major`` -> ``procedural_error`` (J-PENALTY-2 infraction names)."""
    return _SEVERITY.sub("", normalise_infraction(infraction))


@dataclass
class MatchModel:
    """One match's read-model state between batches."""

    match_id: str
    summary: dict[str, Any] | None = None
    disputes: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class Changes:
    """What one batch of events changed, for the writer to turn into Redis commands."""

    disputes: dict[str, dict[str, Any]] = field(default_factory=dict)   # id -> new record
    penalties: dict[str, dict[str, Any]] = field(default_factory=dict)  # entry key -> entry


def _players(summary: Mapping[str, Any] | None) -> list[str]:
    return list((summary or {}).get("players") or [])


def _player_ids(summary: Mapping[str, Any] | None) -> list[str | None]:
    return list((summary or {}).get("player_ids") or [])


def penalty_entry(match_id: str, players: list[str], event: Mapping[str, Any],
                  penalty: Mapping[str, Any], dispute_id: str | None,
                  player_ids: list[str | None] | None = None) -> dict[str, Any] | None:
    seat = penalty.get("seat")
    name = player_at(players, seat)
    if name is None:
        return None
    level = penalty.get("level")
    infraction = penalty.get("infraction")
    player_id = player_at(player_ids or [], seat)
    return {
        "key": f"{match_id}:{event['seq']}",
        "person": person_key(player_id, match_id, seat),
        "player": name,
        "player_id": player_id,
        "match_id": match_id,
        "seq": event["seq"],
        "seat": seat,
        "infraction": infraction,
        "infraction_key": normalise_infraction(infraction or ""),
        "category": infraction_category(infraction or ""),
        "level": level,
        "reported": level != "caution",      # J-PENALTY-1: cautions are not reported
        "source": event["type"],
        "dispute_id": dispute_id,
        "notes": (event.get("payload") or {}).get("notes"),
        "recorded_at": event.get("recorded_at"),
        "judge": (event.get("actor") or {}).get("subject"),
        "status": "standing",
    }


def _record_penalty(model: MatchModel, changes: Changes, players: list[str],
                    event: Mapping[str, Any], penalty: Mapping[str, Any] | None,
                    dispute_id: str | None) -> None:
    """A penalty a judge gave, filed in the player's history."""
    entry = (penalty_entry(model.match_id, players, event, penalty, dispute_id,
                           _player_ids(model.summary)) if penalty else None)
    if entry:
        changes.penalties[entry["key"]] = entry
        _note_penalty(model, entry)


def _note_penalty(model: MatchModel, entry: Mapping[str, Any]) -> None:
    """The match's penalties on its summary (seq, seat, level, status), for the Tables list."""
    if model.summary is None:
        return
    noted = [p for p in model.summary.get("penalties") or [] if p["seq"] != entry["seq"]]
    noted.append({"seq": entry["seq"], "seat": entry["seat"], "level": entry["level"],
                  "status": entry["status"]})
    model.summary["penalties"] = sorted(noted, key=lambda p: p["seq"])


def ruling_penalty_entry(match_id: str, players: list[str], dispute: Mapping[str, Any],
                         player_ids: list[str | None] | None = None) -> dict[str, Any] | None:
    """The history entry of the penalty a dispute's ruling gave (None: it gave none), as
    ``_on_ruling`` filed it."""
    ruling = dispute.get("ruling") or {}
    if not ruling.get("penalty"):
        return None
    event = {"seq": ruling["seq"], "type": "RulingIssued", "recorded_at": ruling.get("at"),
             "actor": ruling.get("by"), "payload": {"notes": ruling.get("notes")}}
    return penalty_entry(match_id, players, event, ruling["penalty"], dispute.get("dispute_id"),
                         player_ids)


# ---------------------------------------------------------------------- one handler per event type

Handler = Callable[[MatchModel, Changes, Mapping[str, Any]], object]   # what it returns is ignored


def _on_created(model: MatchModel, changes: Changes, event: Mapping[str, Any]) -> None:
    payload = event.get("payload") or {}
    model.summary = {
        "match_id": model.match_id,
        "game": payload.get("game", "tcg"),
        "ruleset": payload.get("ruleset"),
        "players": players_of(event),
        "player_ids": [p.get("player_id") for p in payload.get("players", [])],
        "divisions": [p.get("division") for p in payload.get("players", [])],
        "randomness": payload.get("randomness"),
        "sandbox": bool(payload.get("position")),
        "table": payload.get("table"),
        "created_at": event.get("recorded_at"),
        **queue_fields(()),
    }


def _on_dispute_event(model: MatchModel, changes: Changes,
                      event: Mapping[str, Any]) -> dict[str, Any] | None:
    """The lifecycle step (projections.disputes), kept as a changed record."""
    record = apply_dispute_event(model.disputes, model.match_id, event, _players(model.summary),
                                 _player_ids(model.summary))
    if record is not None:
        changes.disputes[record["dispute_id"]] = record
    if event["type"] == "DisputeOpened":
        _reports_taken_up(model, changes, event)
    return record


def _on_action(model: MatchModel, changes: Changes, event: Mapping[str, Any]) -> None:
    """A table report the judges' record disagreed with: an item of the judges' queue."""
    record = report_conflict(model.match_id, event, _players(model.summary), _player_ids(model.summary))
    if record is not None:
        model.disputes[record["dispute_id"]] = changes.disputes[record["dispute_id"]] = record


def _reports_taken_up(model: MatchModel, changes: Changes, event: Mapping[str, Any]) -> None:
    for record in reports_taken_up(model.disputes, event):
        changes.disputes[record["dispute_id"]] = record


def _on_ruling(model: MatchModel, changes: Changes, event: Mapping[str, Any]) -> None:
    record = _on_dispute_event(model, changes, event)
    if record is not None:
        _record_penalty(model, changes, _players(model.summary), event,
                        event["payload"].get("penalty"), record["dispute_id"])


def _on_appeal_decided(model: MatchModel, changes: Changes, event: Mapping[str, Any]) -> None:
    """An appeal decided ``overturned`` marks the ruling's penalty overturned (it no longer
    counts as a prior infraction) and files the decision's own penalty."""
    record = _on_dispute_event(model, changes, event)
    if record is None or event["payload"].get("decision") != "overturned":
        return
    players = _players(model.summary)
    old = ruling_penalty_entry(model.match_id, players, record, _player_ids(model.summary))
    if old:
        old = {**old, "status": "overturned", "overturned_seq": event["seq"]}
        changes.penalties[old["key"]] = old
        _note_penalty(model, old)
    _record_penalty(model, changes, players, event, event["payload"].get("penalty"),
                    record["dispute_id"])


def _on_penalty(model: MatchModel, changes: Changes, event: Mapping[str, Any]) -> None:
    payload = event.get("payload") or {}
    _record_penalty(model, changes, _players(model.summary), event, payload,
                    payload.get("dispute_id"))


def _on_clock(model: MatchModel, changes: Changes, event: Mapping[str, Any]) -> None:
    """The round clock's record (J-TIME-2; a time call ends its part); readers compute the
    time left from it, and the deadlines index (``updater``) when it runs out."""
    if model.summary is not None:
        clock = Clock.from_record(model.summary.get("clock"))
        model.summary["clock"] = apply_clock_event(clock, event).to_record()


HANDLERS: dict[str, Handler] = {
    **{kind: _on_clock for kind in CLOCK_READS},
    "MatchCreated": _on_created,
    "DisputeOpened": _on_dispute_event,
    "RulingIssued": _on_ruling,
    "AppealFiled": _on_dispute_event,
    "AppealDecided": _on_appeal_decided,
    "PenaltyIssued": _on_penalty,
    "ActionTaken": _on_action,
    "CardsRevealed": _reports_taken_up,
    "Rewound": _reports_taken_up,
}


def apply_events(model: MatchModel, events: Iterable[Mapping[str, Any]]) -> Changes:
    """Fold events into ``model`` (in place) and say what changed: each event goes to its
    type's handler (``HANDLERS``), then the summary notes it. The engine-derived summary
    fields are added by the caller (``summary_fields``)."""
    changes = Changes()
    for event in events:
        handler = HANDLERS.get(event["type"])
        if handler is not None:
            handler(model, changes, event)
        if model.summary is None:
            model.summary = {"match_id": model.match_id, **queue_fields(())}
        model.summary["last_seq"] = event["seq"]
        model.summary["last_event_at"] = event.get("recorded_at")
    if changes.disputes and model.summary is not None:
        model.summary.update(queue_fields(model.disputes.values()))
    return changes


def queue_fields(disputes: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """A match's place in the judges' queue: its disputes and appeals awaiting a judge
    (``open_disputes``, of which ``open_appeals``) and when the first and the last of them
    entered the queue (``queue_oldest_at``, ``queue_newest_at``; None: none waits)."""
    waiting = [d for d in disputes if is_open(d)]
    queued = sorted(d.get("queued_at") or "" for d in waiting)
    return {"open_disputes": len(waiting),
            "open_appeals": sum(1 for d in waiting if d["status"] == "appealed"),
            "queue_oldest_at": queued[0] if queued else None,
            "queue_newest_at": queued[-1] if queued else None}


def summary_fields(game_summary: Mapping[str, Any] | None,
                   players: list[str]) -> dict[str, Any]:
    """The engine-derived summary fields from ``game.summary(state)``."""
    if game_summary is None:
        return {}
    out = {k: v for k, v in game_summary.items() if k != "result"}
    result = game_summary.get("result") or None
    winner = result.get("winner") if result else None
    out["winner"] = winner
    out["winner_name"] = player_at(players, winner)
    out["win_reason"] = result.get("reason") if result else None
    out["result"] = result
    return out


def mark_repeats(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Order a player's penalties by time and mark each ``repeat`` of an earlier standing
    penalty for the same infraction (J-PENALTY-2), with ``prior_same_infraction`` and
    ``prior_same_category`` counts."""
    ordered = sorted(entries, key=lambda e: (e.get("recorded_at") or "", e["match_id"], e["seq"]))
    seen_inf: dict[str, int] = {}
    seen_cat: dict[str, int] = {}
    out = []
    for entry in ordered:
        entry = dict(entry)
        entry["prior_same_infraction"] = seen_inf.get(entry["infraction_key"], 0)
        entry["prior_same_category"] = seen_cat.get(entry["category"], 0)
        entry["repeat"] = entry["prior_same_infraction"] > 0
        if entry.get("status") == "standing":
            seen_inf[entry["infraction_key"]] = seen_inf.get(entry["infraction_key"], 0) + 1
            seen_cat[entry["category"]] = seen_cat.get(entry["category"], 0) + 1
        out.append(entry)
    return out
