"""The read models as pure functions of a match's events (no Redis here).

Per match the read models hold:

* a **summary**: players, ruleset, status, turn, whose turn, prizes left, winner and how,
  last seq, open disputes (the engine-derived fields come from ``game.summary(state)``);
* its **disputes**: one record per ``dispute_id``. Lifecycle: ``DisputeOpened`` -> ``open``
  (in the judges' queue as a dispute); ``RulingIssued`` -> ``ruled`` (out of the queue);
  ``AppealFiled`` -> ``appealed`` (back in the queue, as an appeal, J-APPEAL-1);
  ``AppealDecided`` -> ``decided`` (out of the queue; final);
* its **penalties**: one entry per penalty a judge gave (``RulingIssued.penalty``,
  ``PenaltyIssued``, ``AppealDecided.penalty``), filed under the player's name from the
  ``MatchCreated`` players. An appeal decided ``overturned`` marks the ruling's penalty
  ``overturned`` (it stays in the history, it no longer counts as a prior infraction).

Everything here is deterministic in the events, whatever the batch boundaries, so a read
model built incrementally equals one rebuilt from scratch.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

OPEN_STATUSES = ("open", "appealed")
QUEUE_KIND = {"open": "dispute", "appealed": "appeal"}
_SEVERITY = re.compile(r"[_\s-]+(minor|major|severe)$")


def timestamp(recorded_at: str | None) -> float:
    """``recorded_at`` (ISO 8601, ``Z``) as a POSIX timestamp; 0.0 when missing."""
    if not recorded_at:
        return 0.0
    return datetime.fromisoformat(recorded_at.replace("Z", "+00:00")).timestamp()


def player_key(name: str) -> str:
    """How a player's name is filed: case and spacing don't make another player."""
    return " ".join(str(name).split()).casefold()


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


def _player_of(players: list[str], seat: int | None) -> str | None:
    if seat is None or not 0 <= seat < len(players):
        return None
    return players[seat]


def penalty_entry(match_id: str, players: list[str], event: Mapping[str, Any],
                  penalty: Mapping[str, Any], dispute_id: str | None) -> dict[str, Any] | None:
    seat = penalty.get("seat")
    name = _player_of(players, seat)
    if name is None:
        return None
    level = penalty.get("level")
    infraction = penalty.get("infraction")
    return {
        "key": f"{match_id}:{event['seq']}",
        "player": name,
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


def _decision(event: Mapping[str, Any]) -> dict[str, Any]:
    p = event["payload"]
    return {"seq": event["seq"], "decision": p.get("decision"), "remedy": p.get("remedy"),
            "penalty": p.get("penalty"), "notes": p.get("notes"),
            "recorded_at": event.get("recorded_at"),
            "judge": (event.get("actor") or {}).get("subject")}


def _new_dispute(match_id: str, dispute_id: str) -> dict[str, Any]:
    return {"match_id": match_id, "dispute_id": dispute_id, "status": "open", "seat": None,
            "player": None, "about_seq": None, "claim": None, "opened_seq": None,
            "opened_at": None, "ruling": None, "appeal": None, "appeal_decision": None,
            "queued_at": None}


def _requeue(record: dict[str, Any], at: str | None) -> None:
    record["queued_at"] = at if record["status"] in OPEN_STATUSES else None


def _record_penalty(decision: dict[str, Any], changes: Changes, model: MatchModel,
                    players: list[str], event: Mapping[str, Any], dispute_id: str) -> None:
    """The penalty a ruling or an appeal decision gives, kept on the decision and in the
    player's history."""
    entry = penalty_entry(model.match_id, players, event, event["payload"]["penalty"], dispute_id)
    decision["penalty_entry"] = entry
    if entry:
        changes.penalties[entry["key"]] = entry


def apply_events(model: MatchModel, events: Iterable[Mapping[str, Any]]) -> Changes:
    """Fold events into ``model`` (in place) and say what changed. The engine-derived summary
    fields are added by the caller (``summary_fields``)."""
    changes = Changes()
    for event in events:
        kind, payload, seq = event["type"], event.get("payload") or {}, event["seq"]
        if kind == "MatchCreated":
            model.summary = {
                "match_id": model.match_id,
                "game": payload.get("game", "tcg"),
                "ruleset": payload.get("ruleset"),
                "players": [p.get("name") for p in payload.get("players", [])],
                "randomness": payload.get("randomness"),
                "sandbox": bool(payload.get("position")),
                "created_at": event.get("recorded_at"),
                "open_disputes": 0,
            }
        summary = model.summary if model.summary is not None else {"match_id": model.match_id,
                                                                   "open_disputes": 0}
        model.summary = summary
        players = _players(summary)
        summary["last_seq"] = seq
        summary["last_event_at"] = event.get("recorded_at")
        dispute_id = payload.get("dispute_id")
        if kind == "DisputeOpened":
            record = model.disputes.get(dispute_id) or _new_dispute(model.match_id, dispute_id)
            if record["opened_seq"] is None:
                record.update(seat=payload.get("seat"), player=_player_of(players, payload.get("seat")),
                              about_seq=payload.get("about_seq"), claim=payload.get("claim"),
                              opened_seq=seq, opened_at=event.get("recorded_at"),
                              opened_by=(event.get("actor") or {}).get("subject"))
                _requeue(record, event.get("recorded_at"))
            model.disputes[dispute_id] = record
            changes.disputes[dispute_id] = record
        elif kind == "RulingIssued":
            record = model.disputes.get(dispute_id) or _new_dispute(model.match_id, dispute_id)
            record["ruling"] = _decision(event)
            record["status"] = "ruled"
            if payload.get("penalty"):
                _record_penalty(record["ruling"], changes, model, players, event, dispute_id)
            _requeue(record, event.get("recorded_at"))
            model.disputes[dispute_id] = record
            changes.disputes[dispute_id] = record
        elif kind == "AppealFiled":
            record = model.disputes.get(dispute_id) or _new_dispute(model.match_id, dispute_id)
            record["appeal"] = {"seq": seq, "seat": payload.get("seat"),
                                "reason": payload.get("reason"),
                                "filed_at": event.get("recorded_at"),
                                "filed_by": (event.get("actor") or {}).get("subject")}
            record["appeal_decision"] = None
            record["status"] = "appealed"
            _requeue(record, event.get("recorded_at"))
            model.disputes[dispute_id] = record
            changes.disputes[dispute_id] = record
        elif kind == "AppealDecided":
            record = model.disputes.get(dispute_id) or _new_dispute(model.match_id, dispute_id)
            record["appeal_decision"] = _decision(event)
            record["status"] = "decided"
            if payload.get("decision") == "overturned":
                old = (record.get("ruling") or {}).get("penalty_entry")
                if old:
                    old = {**old, "status": "overturned", "overturned_seq": seq}
                    record["ruling"]["penalty_entry"] = old
                    changes.penalties[old["key"]] = old
                if payload.get("penalty"):
                    _record_penalty(record["appeal_decision"], changes, model, players, event,
                                    dispute_id)
            _requeue(record, event.get("recorded_at"))
            model.disputes[dispute_id] = record
            changes.disputes[dispute_id] = record
        elif kind == "PenaltyIssued":
            entry = penalty_entry(model.match_id, players, event, payload,
                                  payload.get("dispute_id"))
            if entry:
                changes.penalties[entry["key"]] = entry
        summary["open_disputes"] = sum(1 for d in model.disputes.values()
                                       if d["status"] in OPEN_STATUSES)
    return changes


def summary_fields(game_summary: Mapping[str, Any] | None,
                   players: list[str]) -> dict[str, Any]:
    """The engine-derived summary fields from ``game.summary(state)``."""
    if game_summary is None:
        return {}
    out = {k: v for k, v in game_summary.items() if k != "result"}
    result = game_summary.get("result") or None
    winner = result.get("winner") if result else None
    out["winner"] = winner
    out["winner_name"] = _player_of(players, winner)
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
