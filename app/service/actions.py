"""A seat's action: the checks before the engine, the planner, and the answer kept with it.

Order, as a request meets them: the action's shape (the game's check, once, before the
engine: ``MalformedAction``), may this caller force coins (``NotAllowed``); then on the
head's state: R-HIDDEN-1 (a player names only cards it can see), the engine's decision
(``game.decide`` guards the engine: ``UnreadableAction``), the coins or spins
(``CoinsDoNotFit``, ``SpinsDoNotFit``) and the rules (``IllegalAction``, written for the reader who asked).
"""

from __future__ import annotations

from typing import Any

from app.service.commands import TakeAction
from app.service.context import ServiceContext
from app.service.plans import Plan, Planning
from app.service.reading import frozen_if_unreadable, load_state
from app.visibility import (
    Reader,
    event_redactor,
    filter_event,
    filter_violations,
    hidden_names,
    redactor_for,
)
from events.facts import MatchFacts
from events.idempotency import Record
from projections.errors import IllegalAction, MalformedAction, NotAllowed
from projections.games import Game, Randomness
from projections.messages import msg
from projections.replay import apply_one, reads_history

# The modes where the client reports every coin flip (a table-mode match: the paper game's).
CLIENT_COINS = ("reported", "table")


def check_action_request(game: Game, facts: MatchFacts, action: dict[str, Any],
                         coins: list[str] | None, may_force_coins: bool) -> None:
    """Before anything is loaded: the action's shape, and whether this caller may give
    coins in this match (its MatchCreated says who flips them, never its meta hash)."""
    errors = game.action_errors(action)
    if errors:
        raise MalformedAction(errors)
    if coins is not None and facts.randomness not in CLIENT_COINS and not may_force_coins:
        raise NotAllowed(msg("This match's coins are flipped by the service; only a judge may "
                             "force them."))


def check_take_action(command: TakeAction, game: Game, facts: MatchFacts) -> None:
    check_action_request(game, facts, command.action, command.coins, command.may_force_coins)


def randomness_for(ctx: ServiceContext, game: Game, facts: MatchFacts,
                   coins: list[str] | None) -> Randomness:
    """Reported or forced coins (shuffles still from the service), else the service's."""
    if coins is not None:
        return game.reported_coins(coins, shuffles_from=ctx.randomness())
    if facts.randomness in CLIENT_COINS:
        return game.reported_coins([], shuffles_from=ctx.randomness())  # fine only for an action that flips no coin
    return ctx.randomness()


def hidden_name_violations(game: Game, state: Any, reader: Reader,
                           action: dict[str, Any]) -> list[dict[str, Any]]:
    """R-HIDDEN-1: a player's action names only cards that player can see. Checked before
    the engine looks at the action, with one answer whatever the hidden card is, so that an
    action or a legality question can't be used to probe the deck or the Prize cards."""
    named = hidden_names(game, state, reader, action)
    if not named:
        return []
    return [{"rule": "R-HIDDEN-1", "message": msg(
        "The action names %(count)s card(s) this player can't see; a card from the deck "
        "is chosen after looking at it (the card's choose step).", count=len(named))}]


def decide_or_refuse(game: Game, state: Any, reader: Reader, seat: int,
                     action: dict[str, Any], randomness: Randomness) -> Any:
    """The engine's decision on a legal action; a refusal as the game's randomness refusal
    (``CoinsDoNotFit``, ``SpinsDoNotFit``) or ``IllegalAction`` (its violations written for
    ``reader``)."""
    decision = game.decide(state, seat, action, randomness, reader.reporter)
    if decision.coin_error:
        raise game.randomness_refusal(decision.coin_error)
    if not decision.legal:
        raise IllegalAction(filter_violations(decision.violations,
                                              redactor_for(game, state, reader)))
    return decision


def plan_take_action(command: TakeAction, planning: Planning) -> Plan:
    game, state = planning.game, planning.head.state
    unseen = hidden_name_violations(game, state, command.reader, command.action)
    if unseen:
        raise IllegalAction(unseen)
    decision = decide_or_refuse(game, state, command.reader, command.seat, command.action,
                                randomness_for(planning.ctx, game, planning.match.facts, command.coins))
    payload = dict(decision.event["payload"])
    if command.coins is not None:
        payload["coins"] = list(command.coins)
    return Plan(events=[{"type": decision.event["type"], "payload": payload,
                         "state_hash": game.state_hash(decision.state)}],
                state=decision.state, narration=list(decision.narration))


def answer_take_action(command: TakeAction, planning: Planning, plan: Plan,
                       stored: list[dict[str, Any]], receipt: dict[str, Any]) -> dict[str, Any]:
    """The answer, as the caller may read it (a retry gets it rebuilt: ``answer_again``)."""
    return action_answer(planning.game, command.reader, planning.head.state, plan.state,
                         plan.narration, stored[-1], receipt)


def action_answer(game: Game, reader: Reader, before: Any, after: Any, lines: list[str],
                  event: dict[str, Any], receipt: dict[str, Any]) -> dict[str, Any]:
    """An action's answer: its event between ``before`` and ``after`` with its narration
    ``lines``, as ``reader`` may read them, and the write's receipt."""
    redactor = event_redactor(game, before, after, reader, lines)
    answer = {"seq": event["seq"], "event": filter_event(game, event, reader, redactor),
              "narration": redactor.lines(lines), "receipt": receipt}
    if reader.full:  # a player gets no state hash (app.visibility)
        answer["state_hash"] = event["state_hash"]
    return answer


def answer_again(command: TakeAction, ctx: ServiceContext, match_id: str, game: Game,
                 record: Record) -> dict[str, Any] | None:
    """A retry's answer, rebuilt from the log as the first one was made: the event the
    record names (its chain hash checked), folded on the state before it, rendered for the
    same reader (the key is the caller's own) in the request's language. None when the log
    no longer holds that event at that seq (the caller verifies the log)."""
    seq = record.seqs[-1]
    stored = ctx.store.read(match_id, seq, seq)
    if not stored or not record.names(stored[-1]):
        return None
    event = stored[-1]
    before = load_state(ctx, match_id, upto=seq - 1)[0] if seq > 1 else None
    history = ctx.store.read(match_id, 1, seq) if reads_history(event) else [event]
    with frozen_if_unreadable(ctx, match_id):
        after, lines = apply_one(game, before, event, history)
    return action_answer(game, command.reader, before, after, lines, event,
                         ctx.store.receipt(match_id, seq, event["hash"]))
