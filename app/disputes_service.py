"""Disputes, rulings and appeals: their state is derived from the match's log; a small
Redis index (a sorted set of what awaits a judge, oldest first) feeds the judges' queue
until the read models replace it.

Statuses: ``open`` (awaiting a ruling) -> ``ruled`` -> ``appealed`` (awaiting the head
judge, J-APPEAL-1) -> ``final``.
"""

from __future__ import annotations

import json
import time
from typing import Any

from redis import Redis

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
            dispute["status"] = "final"
    return disputes


def _member(match_id: str, dispute_id: str) -> str:
    return f"{match_id}/{dispute_id}"


def index_dispute(client: Redis, dispute: dict[str, Any]) -> None:
    """Put the dispute in the judges' queue or take it out, as its status says."""
    member = _member(dispute["match_id"], dispute["dispute_id"])
    if dispute["status"] in AWAITING:
        pipe = client.pipeline(transaction=False)
        pipe.zadd(OPEN_INDEX, {member: time.time()})
        pipe.hset(OPEN_INFO, member, json.dumps(dispute, sort_keys=True))
        pipe.execute()
    else:
        pipe = client.pipeline(transaction=False)
        pipe.zrem(OPEN_INDEX, member)
        pipe.hdel(OPEN_INFO, member)
        pipe.execute()


def open_disputes(client: Redis, limit: int = 50, offset: int = 0) -> tuple[list[dict], int]:
    """What awaits a judge, oldest first, and how many there are."""
    members = [_text(m) for m in client.zrange(OPEN_INDEX, offset, offset + limit - 1)]
    total = int(client.zcard(OPEN_INDEX))
    if not members:
        return [], total
    infos = client.hmget(OPEN_INFO, members)
    out = []
    for member, info in zip(members, infos, strict=True):
        if info is None:
            match_id, _, dispute_id = member.partition("/")
            out.append({"match_id": match_id, "dispute_id": dispute_id, "status": "open"})
        else:
            out.append(json.loads(_text(info)))
    return out, total
