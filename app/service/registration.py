"""Registering deck lists for a tournament event (issue 16: deck lists and deck checks).

Each registration is an event of the event's chained deck-list log (``events.decklists``);
after it, a job re-checks the log and anchors its head outside Redis, as after a match's
append. A log that fails a check is frozen: registering and reading answer 423.

A list is read as a match's deck is (``creation.deck_of``: card ids, a pasted Pokémon TCG
Live or PTCGO list, or a shipped deck's name) and held to the ruleset's deck rules with every
violation listed (R-DECK); only a list that passes is registered. A match created with
``event_id`` takes each player's registered list unless the judge gives a deck.

An event names its date (issue 43 item 2): the event's ``EventCreated`` (issue 44), else its
first registration records the ``date`` it gives, or the service's day at registration
(``ServiceContext.today``); every later list of the event, and every match created for it, is
held to the Standard format in force that day (``projections.tcg.formats``). A later
registration may repeat the date or leave it out, not name another: the event's lists are all
checked against one day.
"""

from __future__ import annotations

import logging
from datetime import date
from typing import Any

from app.service.context import ServiceContext
from app.service.creation import deck_of
from events import jobqueue
from events.decklists import BY_REGISTER, DeckListRegistry
from projections.errors import DeckRulesBroken, EventDateConflict, InvalidPlayers, UnknownRuleset
from projections.games import get_game
from projections.tournament.event import summarise

DECK_FIELDS = ("deck", "decklist", "deck_name")

log = logging.getLogger(__name__)


def register_decklist(ctx: ServiceContext, event_id: str, body: dict[str, Any],
                      actor: dict[str, Any]) -> dict[str, Any]:
    registry = DeckListRegistry(ctx.store)
    registered = registry.register(event_id, checked_decklist(ctx, event_id, body, actor), summarise)
    queue_anchor(ctx, event_id, registered["registration"])
    return registered


def checked_decklist(ctx: ServiceContext, event_id: str, body: dict[str, Any],
                     actor: dict[str, Any]) -> dict[str, Any]:
    """The registration ``body`` asks for, read and held to the deck rules on the event's day
    (nothing is appended): the payload of its ``DeckListRegistered``."""
    game = get_game(body.get("game") or "tcg")
    ruleset, sets = body.get("ruleset") or game.default_ruleset, body.get("format") or "era"
    try:
        game.check_ruleset(ruleset)
    except KeyError:
        raise UnknownRuleset(ruleset) from None
    errors: dict[str, Any] = {}
    entry: dict[str, Any] = {}
    deck = deck_of(game, 0, body, entry, errors)
    if deck is None:
        raise InvalidPlayers(errors)
    registry = DeckListRegistry(ctx.store)
    dated = registry.history_and_date(event_id, detected_by=BY_REGISTER)[1]
    day = _registration_day(event_id, dated, body.get("date"), ctx)
    violations = game.deck_violations(deck, ruleset, sets, day)
    if violations:
        raise DeckRulesBroken([{**v, "seat": 0} for v in violations])
    return {"player_id": body["player_id"], "name": body["name"],
            "division": body.get("division"), "game": body.get("game") or "tcg",
            "ruleset": ruleset, "format": sets, "cards": deck, "date": day.isoformat(),
            "registered_by": actor, **({"deck_name": entry["deck_name"]} if "deck_name" in entry else {})}


def _registration_day(event_id: str, dated: date | None, given: date | None, ctx: ServiceContext) -> date:
    if dated is not None and given is not None and given != dated:
        raise EventDateConflict(event_id, dated.isoformat())
    return dated or given or ctx.today()


def registered_decks(ctx: ServiceContext, event_id: str) -> dict[str, dict[str, Any]]:
    return DeckListRegistry(ctx.store).latest(event_id)


def queue_anchor(ctx: ServiceContext, event_id: str, registration: str) -> None:
    """The job that re-checks the log and anchors its head. Never raises: the list is
    registered, and ``referee reconcile`` anchors what a lost job missed."""
    if ctx.queue_redis is None:
        return
    try:
        jobqueue.enqueue_decklists(ctx.queue_redis(), event_id,
                                   int(registration.split("-", 1)[0]), queue_name=ctx.queue_name)
    except Exception:  # noqa: BLE001 - by contract: log, don't propagate
        log.exception("event %s: the deck-list job was not enqueued", event_id)
