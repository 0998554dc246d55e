"""The write path (actions) and asking without acting (legality, legal actions)."""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from app.auth import Principal, forbid, protect, require_match_reader, require_seat_writer
from app.docs import READ, problems
from app.errors import TYPE_VALIDATION, ProblemError, problem
from app.extensions import get_store
from app.games import catalog, game_of_match
from app.matches_service import (
    Head,
    Plan,
    after_write,
    check_at,
    decide,
    fingerprint,
    get_meta,
    load_state,
    stored_answer,
    write,
)
from app.randomness import reported_coins, service_randomness
from app.schemas import (
    ActionBodySchema,
    ActionResultSchema,
    LegalActionsQuerySchema,
    LegalActionsSchema,
    LegalityBodySchema,
    LegalitySchema,
)
from app.visibility import (
    event_redactor,
    filter_event,
    filter_violations,
    hidden_names,
    preview_redactor,
    reader_of,
    redactor_for,
    view,
)
from events.codec import canonical_json, sha256_hex
from events.errors import ConflictError, IdempotencyMismatch

blp = protect(Blueprint("actions", __name__, url_prefix="/v1/matches",
                        description="Actions: the write path, legality and legal actions"))

TYPE_ILLEGAL = "urn:referee:problem:illegal-action"


def check_action_shape(meta: dict[str, Any], action: dict[str, Any]) -> None:
    errors = catalog(meta.get("game")).action_errors(action)
    if errors:
        problem(422, "Malformed action", "The action's fields do not fit its type.",
                type=TYPE_VALIDATION, errors={"json": errors})


def scoped_key(key: str | None, who: dict[str, Any], seat: int) -> str | None:
    """Idempotency keys are the caller's own: the same key from another token holder or for
    the other seat is another request (a player can't block its opponent's retries)."""
    if not key:
        return None
    return f"{sha256_hex(canonical_json([who, seat]))[:16]}/{key}"


def check_coins_allowed(meta: dict[str, Any], principal: Principal, coins: Any) -> None:
    if coins is not None and meta.get("randomness") != "reported" and principal.role != "judge":
        forbid("This match's coins are flipped by the service; only a judge may force them.")


def randomness_for(meta: dict[str, Any], coins: list[str] | None) -> Any:
    if coins is not None:
        return reported_coins(coins)
    if meta.get("randomness") == "reported":
        return reported_coins([])  # fine only for an action that flips no coin
    return service_randomness()


def coin_problem(message: str) -> None:
    problem(422, "Coins do not fit the action", message, type=TYPE_VALIDATION,
            errors={"json": {"coins": [message]}})


def hidden_name_violations(game: Any, state: Any, reader: Any,
                           action: dict[str, Any]) -> list[dict[str, Any]]:
    """R-HIDDEN-1: a player's action names only cards that player can see. Checked before
    the engine looks at the action, with one answer whatever the hidden card is, so that an
    action or a legality question can't be used to probe the deck or the Prize cards."""
    named = hidden_names(game, state, reader, action)
    if not named:
        return []
    return [{"rule": "R-HIDDEN-1", "message": (
        f"The action names {len(named)} card(s) this player can't see; a card from the deck "
        "is chosen after looking at it (the card's choose step).")}]


def illegal(violations: list[dict[str, Any]]) -> None:
    problem(409, "Illegal action", "; ".join(v.get("message", "") for v in violations),
            type=TYPE_ILLEGAL, violations=violations)


@blp.route("/<match_id>/actions", methods=["POST"])
@blp.arguments(ActionBodySchema)
@blp.response(201, ActionResultSchema)
@problems(blp, 400, 401, 404, 413, 423, 503,
          who_403="The token may not act for this seat, or a non-judge forced coins in a "
                  "match whose coins the service flips",
          illegal_409="The action is illegal (`violations`, nothing appended), or "
                      "`expected_seq` is stale (`conflict`: {expected_seq, actual_seq})",
          body_422="Malformed body or action (`errors`), wrong or missing `coins` in a "
                   "reported match, or an idempotency key reused for another request")
def post_action(body: dict[str, Any], match_id: str):
    """Take an action for a seat.

    The referee decides it on the latest state and appends an `ActionTaken` event with the
    randomness it used and the resulting `state_hash`. A retry with the same
    `idempotency_key` returns the first answer and appends nothing."""
    try:
        return _post_action(body, match_id)
    except IdempotencyMismatch as exc:  # name the client's key, not the scoped one
        raise IdempotencyMismatch(body.get("idempotency_key") or "") from exc


def _post_action(body: dict[str, Any], match_id: str) -> tuple[dict[str, Any], int]:
    store = get_store()
    principal = require_seat_writer(match_id, body["seat"])
    meta = get_meta(store, match_id)
    game = game_of_match(meta)
    action, seat, coins = body["action"], body["seat"], body.get("coins")
    check_action_shape(meta, action)
    check_coins_allowed(meta, principal, coins)
    reader = reader_of(principal)
    who = {"role": principal.role, "subject": principal.subject,
           "match_id": principal.match_id, "seat": principal.seat}
    key = scoped_key(body.get("idempotency_key"), who, seat)
    request_print = fingerprint("action", who, body)
    if key:
        answer = stored_answer(store, match_id, key, request_print)
        if answer is not None:
            return answer, 201

    def make_plan(head: Head) -> Plan:
        unseen = hidden_name_violations(game, head.state, reader, action)
        if unseen:
            illegal(unseen)
        decision = decide(game, head.state, seat, action, randomness_for(meta, coins))
        if decision.coin_error:
            coin_problem(decision.coin_error)
        if not decision.legal:
            illegal(filter_violations(decision.violations,
                                      redactor_for(game, head.state, reader)))
        payload = dict(decision.event["payload"])
        if coins is not None:
            payload["coins"] = list(coins)
        return Plan(events=[{"type": decision.event["type"], "payload": payload,
                             "state_hash": game.state_hash(decision.state)}],
                    state=decision.state, narration=list(decision.narration))

    def respond(head: Head, plan: Plan, stored: list[dict]) -> dict[str, Any]:
        redactor = event_redactor(game, head.state, plan.state, reader, plan.narration)
        event = stored[-1]
        answer = {"seq": event["seq"], "event": filter_event(game, event, reader, redactor),
                  "narration": redactor.lines(plan.narration),
                  "receipt": store.receipt(match_id, event["seq"], event["hash"])}
        if reader.full:  # a player gets no state hash (app.visibility)
            answer["state_hash"] = event["state_hash"]
        return answer

    try:
        written = write(store, match_id, make_plan, actor=principal.actor,
                        expected_seq=body.get("expected_seq"), idempotency_key=key,
                        request_print=request_print if key else None, respond=respond)
    except (ProblemError, ConflictError):
        # A retry racing its own first attempt: the first one may have been stored since
        # we looked, and this one then decided on the state after it.
        answer = stored_answer(store, match_id, key, request_print) if key else None
        if answer is None:
            raise
        return answer, 201
    if not written.replayed:
        plan = written.plan
        plan.state.seq = written.last_seq
        after_write(store, match_id, meta, game, plan.state, written.last_seq)
    return written.response, 201


@blp.route("/<match_id>/legality", methods=["POST"])
@blp.arguments(LegalityBodySchema)
@blp.response(200, LegalitySchema)
@problems(blp, 400, 401, 404, 413, 503,
          who_403="The token may not act for this seat",
          body_422="Malformed body or action, `at` not a seq of the match, or `coins` that "
                   "do not fit the action")
def legality(body: dict[str, Any], match_id: str):
    """Would this action be legal now (or `at` an earlier seq)? Appends nothing.

    `preview` is what it would cause: narration, the resulting state (filtered for the
    caller) and the event. Without `coins`, flips and shuffles in the preview are drawn at
    random; `expected_seq` and `idempotency_key` are ignored."""
    store = get_store()
    principal = require_seat_writer(match_id, body["seat"])
    meta = get_meta(store, match_id)
    game = game_of_match(meta)
    action, seat, coins = body["action"], body["seat"], body.get("coins")
    check_action_shape(meta, action)
    check_coins_allowed(meta, principal, coins)
    at = check_at(store, match_id, body.get("at"), location="json")
    board, seq, _ = load_state(store, match_id, upto=at)
    reader = reader_of(principal)
    unseen = hidden_name_violations(game, board, reader, action)
    if unseen:
        return {"legal": False, "seq": seq, "violations": unseen, "preview": None}
    randomness = reported_coins(coins) if coins is not None else service_randomness()
    decision = decide(game, board, seat, action, randomness)
    if decision.coin_error:
        coin_problem(decision.coin_error)
    if not decision.legal:
        redactor = redactor_for(game, board, reader)
        return {"legal": False, "seq": seq,
                "violations": filter_violations(decision.violations, redactor),
                "preview": None}
    after = decision.state
    after.seq = seq + 1
    redactor = preview_redactor(game, board, reader)
    event = {"type": decision.event["type"], "payload": decision.event["payload"],
             "state_hash": game.state_hash(after)}
    return {"legal": True, "seq": seq, "violations": [],
            "preview": {"narration": redactor.lines(decision.narration),
                        "state": redactor(view(game, after, reader)),
                        "event": filter_event(game, event, reader, redactor)}}


@blp.route("/<match_id>/legal-actions", methods=["GET"])
@blp.arguments(LegalActionsQuerySchema, location="query")
@blp.response(200, LegalActionsSchema)
@problems(blp, *READ, at_422="Malformed `seat`, or `at` not a seq of the match")
def legal_actions(query: dict[str, Any], match_id: str):
    """Every legal action for `seat` now (or `at` a seq), in the shape of the `action`
    field. A player asks for its own seat; what it may not see reads "hidden"."""
    store = get_store()
    principal = require_match_reader(match_id)
    meta = get_meta(store, match_id)
    game = game_of_match(meta)
    seat = query.get("seat")
    if principal.role == "player":
        if seat is None:
            seat = principal.seat
        elif seat != principal.seat:
            forbid(f"A player's token asks only about its own seat ({principal.seat}).")
    at = check_at(store, match_id, query.get("at"))
    board, seq, _ = load_state(store, match_id, upto=at)
    if seat is None:
        seat = game.acting_seat(board)
    actions = game.legal_actions(board, seat)
    reader = reader_of(principal)
    if not reader.full:
        redactor = redactor_for(game, board, reader)
        seen, unique = set(), []
        for action in redactor(actions):
            text = canonical_json(action)
            if text not in seen:
                seen.add(text)
                unique.append(action)
        actions = unique
    return {"seat": seat, "seq": seq, "actions": actions}
