"""Registering deck lists for a tournament event (issue 16: deck lists and deck checks).

A list is read as a match's deck is (``creation.deck_of``: card ids, a pasted Pokémon TCG
Live or PTCGO list, or a shipped deck's name) and held to the ruleset's deck rules with every
violation listed (R-DECK); only a list that passes is registered. A match created with
``event_id`` takes each player's registered list unless the judge gives a deck.
"""

from __future__ import annotations

from typing import Any

from app.service.context import ServiceContext
from app.service.creation import deck_of
from events.decklists import DeckListRegistry
from projections.errors import DeckRulesBroken, InvalidPlayers, UnknownRuleset
from projections.games import get_game

DECK_FIELDS = ("deck", "decklist", "deck_name")


def register_decklist(ctx: ServiceContext, event_id: str, body: dict[str, Any],
                      actor: dict[str, Any]) -> dict[str, Any]:
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
    violations = game.deck_violations(deck, ruleset, sets)
    if violations:
        raise DeckRulesBroken([{**v, "seat": 0} for v in violations])
    record = {"player_id": body["player_id"], "name": body["name"],
              "division": body.get("division"), "game": body.get("game") or "tcg",
              "ruleset": ruleset, "format": sets, "cards": deck, "registered_by": actor,
              **({"deck_name": entry["deck_name"]} if "deck_name" in entry else {})}
    return DeckListRegistry(ctx.store.redis).register(event_id, record)


def registered_decks(ctx: ServiceContext, event_id: str) -> dict[str, dict[str, Any]]:
    return DeckListRegistry(ctx.store.redis).latest(event_id)
