"""Disputes, rulings and appeals of one match, derived from its log (the write path checks
a dispute's state here; the cross-match judges' queue comes from the read models).

Statuses: ``open`` (awaiting a ruling) -> ``ruled`` -> ``appealed`` (awaiting the head
judge, J-APPEAL-1) -> ``decided`` (final), as in projections.readmodels.
"""

from __future__ import annotations

from typing import Any

OPEN_INDEX = "ref:disputes:open"            # member "<match_id>/<dispute_id>", score: time
OPEN_INFO = "ref:disputes:open:info"         # member -> JSON summary
AWAITING = ("open", "appealed")


def _text(value: Any) -> Any:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def _decision(event: dict[str, Any]) -> dict[str, Any]:
    p = event["payload"]
    return {"seq": event["seq"], "at": event.get("recorded_at"), "by": event.get("actor"),
            "decision": p.get("decision"), "remedy": p.get("remedy"),
            "penalty": p.get("penalty"), "notes": p.get("notes")}


def disputes_from_log(match_id: str, events: list[dict[str, Any]]) -> dict[str, dict]:
    """Every dispute of the match, by id, as its events tell."""
    disputes: dict[str, dict[str, Any]] = {}
    for event in events:
        kind, p = event["type"], event.get("payload") or {}
        dispute_id = p.get("dispute_id")
        if kind == "DisputeOpened":
            disputes[dispute_id] = {
                "match_id": match_id, "dispute_id": dispute_id, "status": "open",
                "seat": p.get("seat"), "about_seq": p.get("about_seq"), "claim": p.get("claim"),
                "opened_seq": event["seq"], "opened_at": event.get("recorded_at"),
                "opened_by": event.get("actor"), "ruling": None, "appeal": None,
                "appeal_decision": None}
            continue
        dispute = disputes.get(dispute_id)
        if dispute is None:
            continue
        if kind == "RulingIssued":
            dispute["ruling"] = _decision(event)
            dispute["status"] = "ruled"
        elif kind == "AppealFiled":
            dispute["appeal"] = {"seq": event["seq"], "at": event.get("recorded_at"),
                                 "by": event.get("actor"), "seat": p.get("seat"),
                                 "reason": p.get("reason")}
            dispute["status"] = "appealed"
        elif kind == "AppealDecided":
            dispute["appeal_decision"] = _decision(event)
            dispute["status"] = "decided"
    return disputes
