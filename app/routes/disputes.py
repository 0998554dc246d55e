"""Disputes, rulings and appeals (J-PENALTY-1, J-REPAIR-1, J-APPEAL-1)."""

from __future__ import annotations

import secrets
from typing import Any

from flask_smorest import Blueprint

from app.auth import forbid, protect, require_judge, require_match_reader
from app.disputes_service import disputes_from_log
from app.docs import READ, problems
from app.errors import TYPE_VALIDATION, problem
from app.extensions import get_redis, get_store
from app.games import game_of_match
from app.matches_service import (
    Head,
    Plan,
    after_write,
    check_rewind_target,
    get_meta,
    load_events,
    plan_events,
    receipt_for,
    rewind_payload_extras,
    write,
)
from app.routes.judge import judge_write
from app.schemas import (
    AppealBodySchema,
    DisputeBodySchema,
    DisputeCreatedSchema,
    DisputeListSchema,
    DisputesQuerySchema,
    JudgeEventResultSchema,
    PenaltyHistorySchema,
    QueueListSchema,
    RulingBodySchema,
)
from projections.readmodels import list_disputes, penalty_history

blp = protect(Blueprint("disputes", __name__, url_prefix="/v1",
                        description="Disputes, rulings and appeals"))

TYPE_DISPUTE_STATE = "urn:referee:problem:dispute-state"


def _dispute(events: list[dict], match_id: str, dispute_id: str) -> dict[str, Any]:
    found = disputes_from_log(match_id, events).get(dispute_id)
    if found is None:
        problem(404, "Dispute not found", f"Match {match_id} has no dispute {dispute_id!r}.")
    return found


def _wrong_state(dispute: dict[str, Any], wanted: str, doing: str) -> None:
    if dispute["status"] != wanted:
        problem(409, "Dispute not in that state", f"Dispute {dispute['dispute_id']} is "
                f"{dispute['status']}; {doing} needs it {wanted}.", type=TYPE_DISPUTE_STATE,
                dispute_status=dispute["status"])


def _decision_events(game: Any, events: list[dict], head: Head, kind: str, dispute_id: str,
                     body: dict[str, Any]) -> list[dict[str, Any]]:
    remedy, penalty = body.get("remedy"), body.get("penalty")
    payload: dict[str, Any] = {"dispute_id": dispute_id, "decision": body["decision"],
                               "remedy": remedy, "penalty": penalty}
    if body.get("notes"):
        payload["notes"] = body["notes"]
    if remedy:
        check_rewind_target(events, head, remedy["rewind_to"], "remedy.rewind_to")
    # A ruling or an appeal decision is one event: the fold applies its rewind remedy and
    # its penalty (projections.replay, J-REPAIR-1, J-PENALTY-1, J-APPEAL-1).
    if remedy:
        payload.update(rewind_payload_extras(game, events, head, remedy["rewind_to"],
                                             remedy.get("reshuffle", False)))
    return [{"type": kind, "payload": payload}]


def _write_decision(principal: Any, match_id: str, dispute_id: str, body: dict[str, Any],
                    kind: str, wanted: str, doing: str) -> dict[str, Any]:
    """Append a ruling or an appeal decision on a dispute that is in the `wanted` state."""

    def plan_for(game: Any, store: Any, head: Head) -> Plan:
        events = load_events(store, match_id, head.seq)
        _wrong_state(_dispute(events, match_id, dispute_id), wanted, doing)
        new = _decision_events(game, events, head, kind, dispute_id, body)
        return plan_events(game, head, new, events)

    return judge_write(principal, match_id, plan_for, body.get("expected_seq"))


@blp.route("/matches/<match_id>/disputes", methods=["POST"])
@blp.arguments(DisputeBodySchema)
@blp.response(201, DisputeCreatedSchema)
@problems(blp, 400, 401, 404, 413, 423, 503,
          who_403="A player disputes only for its own seat",
          body_422="Malformed body, or `about_seq` not a seq of the match")
def open_dispute(body: dict[str, Any], match_id: str):
    """Open a dispute about an event (a player for its own seat, the scorekeeper or a
    judge): appends `DisputeOpened` and puts it in the judges' queue."""
    principal = require_match_reader(match_id)
    seat = body.get("seat")
    if principal.role == "player":
        if seat is None:
            seat = principal.seat
        elif seat != principal.seat:
            forbid(f"A player's token disputes only for its own seat ({principal.seat}).")
    store = get_store()
    meta = get_meta(store, match_id)
    game = game_of_match(meta)
    dispute_id = "d-" + secrets.token_hex(6)
    payload = {"dispute_id": dispute_id, "seat": seat, "about_seq": body["about_seq"],
               "claim": body["claim"]}

    def make_plan(head: Head) -> Plan:
        if body["about_seq"] > head.seq:
            problem(422, "No such seq", f"The match's events run from seq 1 to {head.seq}.",
                    type=TYPE_VALIDATION,
                    errors={"json": {"about_seq": [f"Must be between 1 and {head.seq}."]}})
        return plan_events(game, head, [{"type": "DisputeOpened", "payload": payload}])

    written = write(store, match_id, make_plan, actor=principal.actor)
    after_write(store, match_id, meta, game, written.plan.state, written.last_seq)
    return {"dispute_id": dispute_id, "seq": written.last_seq,
            "receipt": receipt_for(store, match_id, written)}, 201


@blp.route("/matches/<match_id>/disputes", methods=["GET"])
@blp.response(200, DisputeListSchema)
@problems(blp, *READ)
def match_disputes(match_id: str):
    """Every dispute of the match with its ruling and appeal, as the log tells."""
    require_match_reader(match_id)
    store = get_store()
    get_meta(store, match_id)
    found = list(disputes_from_log(match_id, load_events(store, match_id)).values())
    return {"disputes": found, "total": len(found)}


@blp.route("/matches/<match_id>/disputes/<dispute_id>/ruling", methods=["POST"])
@blp.arguments(RulingBodySchema)
@blp.response(201, JudgeEventResultSchema)
@problems(blp, 400, 401, 413, 423, 503, judge_403="Only judges rule",
          missing_404="No such match or dispute",
          state_409="The dispute was already ruled on, or `expected_seq` is stale",
          body_422="Malformed body (levels and infractions per J-PENALTY-1/2), or a remedy "
                   "that rewinds to a seq not on the current line of play")
def rule(body: dict[str, Any], match_id: str, dispute_id: str):
    """Rule on a dispute (judges): appends `RulingIssued`. A `remedy` rewinds the game
    (J-REPAIR-1; `reshuffle` shuffles the decks of the seats that drew since); a prize
    penalty makes the opponent take Prize cards and can end the game; game_loss ends it."""
    principal = require_judge()
    return _write_decision(principal, match_id, dispute_id, body, "RulingIssued", "open",
                           "a ruling"), 201


@blp.route("/matches/<match_id>/disputes/<dispute_id>/appeal", methods=["POST"])
@blp.arguments(AppealBodySchema)
@blp.response(201, DisputeCreatedSchema)
@problems(blp, 400, 401, 413, 423, 503,
          who_403="Only the players (each for its own seat) or the scorekeeper appeal",
          missing_404="No such match or dispute",
          state_409="There is no ruling to appeal yet, or it was already appealed",
          body_422="Malformed body")
def appeal(body: dict[str, Any], match_id: str, dispute_id: str):
    """Appeal a ruling to the head judge (J-APPEAL-1), by either player (a ruling affects
    both seats) or the scorekeeper: appends `AppealFiled` and puts it in the judges'
    queue."""
    principal = require_match_reader(match_id)
    if principal.role not in ("player", "scorekeeper"):
        forbid("Appeals come from the players (or the scorekeeper for them).")
    store = get_store()
    meta = get_meta(store, match_id)
    game = game_of_match(meta)

    def make_plan(head: Head) -> Plan:
        events = load_events(store, match_id, head.seq)
        dispute = _dispute(events, match_id, dispute_id)
        _wrong_state(dispute, "ruled", "an appeal")
        seat = body.get("seat")
        if principal.role == "player":  # a ruling affects both seats of the game
            if seat is not None and seat != principal.seat:
                forbid(f"A player's token appeals only for its own seat ({principal.seat}).")
            seat = principal.seat
        payload = {"dispute_id": dispute_id, "seat": seat, "reason": body["reason"]}
        return plan_events(game, head, [{"type": "AppealFiled", "payload": payload}])

    written = write(store, match_id, make_plan, actor=principal.actor)
    after_write(store, match_id, meta, game, written.plan.state, written.last_seq)
    return {"dispute_id": dispute_id, "seq": written.last_seq,
            "receipt": receipt_for(store, match_id, written)}, 201


@blp.route("/matches/<match_id>/disputes/<dispute_id>/appeal/decision", methods=["POST"])
@blp.arguments(RulingBodySchema)
@blp.response(201, JudgeEventResultSchema)
@problems(blp, 400, 401, 413, 423, 503, head_403="Only the head judge decides appeals",
          missing_404="No such match or dispute",
          state_409="No appeal awaits a decision, or `expected_seq` is stale",
          body_422="Malformed body; an upheld appeal takes no remedy or penalty")
def decide_appeal(body: dict[str, Any], match_id: str, dispute_id: str):
    """The head judge's final word (J-APPEAL-1): appends `AppealDecided`. `upheld`: the
    ruling stands. `overturned`: the event's remedy (a rewind) and penalty are carried
    out as the match is folded, like a ruling's (the original ruling's effect on the game is
    undone only by rewinding to before it)."""
    principal = require_judge(head=True)
    if body["decision"] == "upheld" and (body.get("remedy") or body.get("penalty")):
        problem(422, "Nothing to carry out", "An upheld appeal leaves the ruling as it is: "
                "give no remedy or penalty.", type=TYPE_VALIDATION,
                errors={"json": {"decision": ["upheld takes no remedy or penalty"]}})
    return _write_decision(principal, match_id, dispute_id, body, "AppealDecided", "appealed",
                           "a decision"), 201


@blp.route("/disputes", methods=["GET"])
@blp.arguments(DisputesQuerySchema, location="query")
@blp.response(200, QueueListSchema)
@problems(blp, 401, 422, 503, judge_403="The queue is for judges")
def queue(query: dict[str, Any]):
    """Disputes across matches from the read models. `status=open` (the default) is the
    judges' queue: first every frozen match (kind `integrity`: its log failed an integrity
    check), then open disputes and appeals awaiting the head judge, oldest first.
    `status=all` lists the frozen matches first too."""
    require_judge()
    limit, offset = query["limit"], query["offset"]
    frozen = integrity_entries(get_store()) if query["status"] in ("open", "all") else []
    page = frozen[offset:offset + limit]
    found, total = list_disputes(get_redis(), status=query["status"],
                                 limit=limit - len(page),
                                 offset=max(0, offset - len(frozen)))
    return {"disputes": page + found, "total": total + len(frozen)}


def integrity_entries(store: Any) -> list[dict[str, Any]]:
    """The judges' queue entries of the frozen matches (no hidden information: a seq, a
    finding, who detected it when)."""
    return [{"kind": "integrity", "status": "frozen", "open": True,
             "match_id": record["match_id"], "dispute_id": None,
             "first_bad_seq": record.get("first_bad_seq"), "finding": record.get("finding"),
             "detected_by": record.get("detected_by"),
             "queued_at": record.get("detected_at")} for record in store.list_frozen()]


@blp.route("/players/<name>/penalties", methods=["GET"])
@blp.response(200, PenaltyHistorySchema)
@problems(blp, 401, 503, judge_403="Penalty histories are for judges")
def player_penalties(name: str):
    """A player's penalties across the matches this referee holds, oldest first, each marked
    when it repeats an earlier standing penalty for the same infraction (J-PENALTY-2) —
    what a judge looks at before ruling."""
    require_judge()
    return {"player": name, "penalties": penalty_history(get_redis(), name)}
