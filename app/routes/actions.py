"""The write path (actions) and asking without acting (legality, legal actions)."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from app.auth import forbid, protect, require_match_reader, require_seat_writer
from app.docs import ENGINE_409, FOLD_409, match_reading, problems
from app.extensions import get_context
from app.route_guard import authorised_first, match_readers
from app.schemas import (
    ActionBodySchema,
    ActionResultSchema,
    LegalActionsQuerySchema,
    LegalActionsSchema,
    LegalityBodySchema,
    LegalitySchema,
)
from app.service import (
    Idempotency,
    TakeAction,
    check_at,
    execute,
    get_match,
    load_state,
    seq_and_hash,
)
from app.service.actions import check_action_request, decide_or_refuse, hidden_name_violations
from app.visibility import (
    Reader,
    filter_event,
    listed_legal_actions,
    preview_redactor,
    reader_of,
    view,
)
from events.lru import BoundedLRU
from projections.errors import IllegalAction
from projections.messages import current_language, msg

blp = protect(Blueprint("actions", __name__, url_prefix="/v1/matches",
                        description="Actions: the write path, legality and legal actions"))


@blp.route("/<match_id>/actions", methods=["POST"])
@authorised_first(match_readers)
@blp.arguments(ActionBodySchema())
@blp.response(201, ActionResultSchema)
@problems(blp, 400, 401, 404, 413, 423, 503,
          who_403="The token may not act for this seat, or a non-judge forced coins in a "
                  "match whose coins the service flips",
          illegal_409="The action is illegal (`violations`, nothing appended), "
                      "`expected_seq` is stale (`conflict`: {expected_seq, actual_seq}), or "
                      + ENGINE_409,
          body_422="Malformed body or action, wrong or missing `coins` in a "
                   "reported match, or an idempotency key reused for another request")
def post_action(body: dict[str, Any], match_id: str):
    """Take an action for a seat.

    The referee decides it on the latest state and appends an `ActionTaken` event with the
    randomness it used and the resulting `state_hash`. A retry with the same
    `idempotency_key` returns the first answer and appends nothing."""
    principal = require_seat_writer(match_id, body["seat"])
    who = {"role": principal.role, "subject": principal.subject,
           "match_id": principal.match_id, "seat": principal.seat}
    command = TakeAction(seat=body["seat"], action=without_annotations(body["action"]), reader=reader_of(principal),
                         coins=body.get("coins"), may_force_coins=principal.role == "judge")
    written = execute(get_context(), match_id, command, actor=principal.actor,
                      expected_seq=body.get("expected_seq"),
                      idempotency=Idempotency.for_caller(body.get("idempotency_key"), who,
                                                         body["seat"], "action", body))
    return written.response, 201


@blp.route("/<match_id>/legality", methods=["POST"])
@authorised_first(match_readers)
@blp.arguments(LegalityBodySchema())
@blp.response(200, LegalitySchema)
@problems(blp, 400, 401, 404, 413, 503,
          who_403="The token may not act for this seat",
          engine_409=FOLD_409,
          body_422="Malformed body or action, `at` not a seq of the match, or `coins` that "
                   "do not fit the action")
def legality(body: dict[str, Any], match_id: str):
    """Would this action be legal now (or `at` an earlier seq)? Appends nothing.

    `preview` is what it would cause: narration, the resulting state (filtered for the
    caller) and the event. Without `coins`, flips and shuffles in the preview are drawn at
    random; `expected_seq` and `idempotency_key` are ignored."""
    ctx = get_context()
    principal = require_seat_writer(match_id, body["seat"])
    match = get_match(ctx, match_id)
    game = match.game
    action, seat, coins = without_annotations(body["action"]), body["seat"], body.get("coins")
    check_action_request(game, match.facts, action, coins, principal.role == "judge")
    at = check_at(ctx, match_id, body.get("at"), location="json")
    board, seq, _ = load_state(ctx, match_id, upto=at)
    reader = reader_of(principal)
    unseen = hidden_name_violations(game, board, reader, action)
    if unseen:
        return {"legal": False, "seq": seq, "violations": unseen, "preview": None}
    randomness = (game.reported_coins(coins, shuffles_from=ctx.randomness())
                  if coins is not None else ctx.randomness())
    try:
        decision = decide_or_refuse(game, board, reader, seat, action, randomness)
    except IllegalAction as refused:
        return {"legal": False, "seq": seq, "violations": refused.violations, "preview": None}
    after = decision.state
    after.seq = seq + 1
    redactor = preview_redactor(game, board, reader)
    event = {"type": decision.event["type"], "payload": decision.event["payload"],
             "state_hash": game.state_hash(after)}
    return {"legal": True, "seq": seq, "violations": [],
            "preview": {"narration": redactor.lines(decision.narration),
                        "state": redactor(view(game, after, reader)),
                        "event": filter_event(game, event, reader, redactor)}}


# What GET /legal-actions adds to each entry for people: sent back with the action, ignored.
ANNOTATIONS = ("label", "names")


def without_annotations(action: dict[str, Any]) -> dict[str, Any]:
    """An action as a client may send it straight from a legal-actions entry."""
    return {k: v for k, v in action.items() if k not in ANNOTATIONS}


@match_reading(blp, "/<match_id>/legal-actions", LegalActionsQuerySchema(), LegalActionsSchema,
               at_422="Malformed `seat`, or `at` not a seq of the match")
def legal_actions(query: dict[str, Any], match_id: str):
    """Every legal action for a seat, now or `at` a seq, each with a label.

    Each entry is in the shape of the `action` field (the schema of its `type`), with a
    human `label` ("Attach Fire Energy (0:31) to Charmander (0:4)") and the card `names` of
    the instances it names; an entry may be sent back as it is (`label` and `names` are
    ignored). A player asks for its own seat; what it may not see reads "hidden"."""
    ctx = get_context()
    principal = require_match_reader(match_id)
    game = get_match(ctx, match_id).game
    seat = query.get("seat")
    if principal.role == "player":
        if seat is None:
            seat = principal.seat
        elif seat != principal.seat:
            forbid(msg("A player's token asks only about its own seat (%(seat)s).", seat=principal.seat))
    seq, seq_hash = seq_and_hash(ctx, match_id, query.get("at"))
    reader = reader_of(principal)
    key = (match_id, seq, seq_hash, seat, reader, current_language())
    answer = LEGAL_ACTIONS.get(key)
    if answer is None:
        answer = _listed(game, match_id, seq, seat, reader)
        LEGAL_ACTIONS.put(key, answer)
    return answer


# GET /legal-actions answers by (match, seq, hash of the event at seq, seat asked, reader,
# language): the state at a seq never changes, and the hash tells apart another log that reuses
# the seq. Each answer is the one filtered for its reader, its labels written in its language;
# nobody changes one once it is stored.
LEGAL_ACTIONS: BoundedLRU[tuple[str, int, str, int | None, Reader, str], dict[str, Any]] = BoundedLRU(256)


def _listed(game: Any, match_id: str, seq: int, seat: int | None, reader: Reader) -> dict[str, Any]:
    board, seq, _ = load_state(get_context(), match_id, upto=seq)
    if seat is None:
        seat = game.acting_seat(board)
    return {"seat": seat, "seq": seq, "actions": listed_legal_actions(game, board, seat, reader)}
