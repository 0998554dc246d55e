"""Judge tools: rewinds (J-REPAIR-1) and penalties outside a dispute (J-PENALTY-1)."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from app.auth import protect, require_judge
from app.docs import problems
from app.errors import problem
from app.extensions import get_store
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
from app.schemas import JudgeEventResultSchema, PenaltyIssueBodySchema, RewindBodySchema, TimeBodySchema
from app.visibility import FULL, JUDGE, view

blp = protect(Blueprint("judge", __name__, url_prefix="/v1/matches",
                        description="Judge tools: rewind, penalties, time"))


def judge_result(game: Any, written: Any) -> dict[str, Any]:
    plan = written.plan
    plan.state.seq = written.last_seq
    return {"seq": written.last_seq, "events": written.events, "narration": FULL.lines(plan.narration),
            "state_hash": written.events[-1].get("state_hash"),
            "state": view(game, plan.state, JUDGE)}


def judge_write(principal: Any, match_id: str, plan_for: Any,
                expected_seq: int | None = None) -> dict[str, Any]:
    """Append what a judge decided: ``plan_for(game, store, head) -> Plan``; answers with the
    stored events, their narration and the judge's view of the state after them."""
    store = get_store()
    meta = get_meta(store, match_id)
    game = game_of_match(meta)
    written = write(store, match_id, lambda head: plan_for(game, store, head),
                    actor=principal.actor, expected_seq=expected_seq)
    after_write(store, match_id, meta, game, written.plan.state, written.last_seq)
    return {**judge_result(game, written), "receipt": receipt_for(store, match_id, written)}


@blp.route("/<match_id>/rewind", methods=["POST"])
@blp.arguments(RewindBodySchema)
@blp.response(201, JudgeEventResultSchema)
@problems(blp, 400, 401, 404, 413, 423, 503, judge_403="Only judges rewind",
          stale_409="`expected_seq` is stale (`conflict`)",
          body_422="Malformed body, or `to_seq` not a seq on the current line of play")
def rewind(body: dict[str, Any], match_id: str):
    """Back the game up to `to_seq` (J-REPAIR-1): appends `Rewound`; the events in between
    stay in the log, voided. `reshuffle: true` shuffles the decks of the seats that drew
    since (recorded in `reshuffled_seats` and `rng`) instead of leaving the cards on top."""
    principal = require_judge()

    def plan_for(game: Any, store: Any, head: Head) -> Plan:
        events = load_events(store, match_id, head.seq)
        check_rewind_target(events, head, body["to_seq"], "to_seq")
        payload = {"to_seq": body["to_seq"], "reason": body["reason"],
                   "reshuffle": body["reshuffle"],
                   **rewind_payload_extras(game, events, head, body["to_seq"],
                                           body["reshuffle"])}
        return plan_events(game, head, [{"type": "Rewound", "payload": payload}], events)

    return judge_write(principal, match_id, plan_for, body.get("expected_seq")), 201


@blp.route("/<match_id>/penalties", methods=["POST"])
@blp.arguments(PenaltyIssueBodySchema)
@blp.response(201, JudgeEventResultSchema)
@problems(blp, 400, 401, 404, 413, 423, 503, judge_403="Only judges issue penalties",
          stale_409="`expected_seq` is stale (`conflict`)",
          body_422="Malformed body (unknown level or infraction)")
def penalty(body: dict[str, Any], match_id: str):
    """Issue a penalty outside a dispute (J-PENALTY-1): appends `PenaltyIssued`. Prize
    penalties make the opponent take Prize cards (and can win the game); game_loss,
    match_loss and disqualification end the game."""
    principal = require_judge()
    payload = {"seat": body["seat"], "infraction": body["infraction"], "level": body["level"],
               "dispute_id": None}
    if body.get("notes"):
        payload["notes"] = body["notes"]

    def plan_for(game: Any, store: Any, head: Head) -> Plan:
        return plan_events(game, head, [{"type": "PenaltyIssued", "payload": payload}])

    return judge_write(principal, match_id, plan_for, body.get("expected_seq")), 201


@blp.route("/<match_id>/time", methods=["POST"])
@blp.arguments(TimeBodySchema)
@blp.response(201, JudgeEventResultSchema)
@problems(blp, 400, 401, 404, 413, 423, 503, judge_403="Only judges call time",
          state_409="The game is over or time was already called, or `expected_seq` is stale",
          body_422="Malformed body")
def call_time(body: dict[str, Any], match_id: str):
    """Call time (J-TIME-1): appends `TimeCalled`. The player whose turn it is finishes it,
    then `extra_turns` (3) more turns are played; a game still unfinished then is decided by
    `decide_by` (fewer Prize cards left wins) and `tie` (Sudden Death or a draw)."""
    principal = require_judge()
    payload = {k: body[k] for k in ("decide_by", "tie", "extra_turns")}
    if body.get("notes"):
        payload["notes"] = body["notes"]

    def plan_for(game: Any, store: Any, head: Head) -> Plan:
        refusal = game.time_call_refusal(head.state)
        if refusal:
            problem(409, "Time can't be called", refusal, type="urn:referee:problem:time")
        return plan_events(game, head, [{"type": "TimeCalled", "payload": payload}])

    return judge_write(principal, match_id, plan_for, body.get("expected_seq")), 201
