"""The games behind the API, reached by name (``"game": "tcg"``).

Routes talk only to the game interface (projections/games.py). What that interface does not
cover — the shape check of an action before it reaches the engine, the card catalogue and
the shipped decks — is gathered here per game, so a new game plugs in without new routes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.errors import problem
from projections.games import GAMES, get_game

DEFAULT_GAME = "tcg"


@dataclass(frozen=True)
class Catalog:
    """Per-game extras: action shape check, cards and shipped decks."""

    action_errors: Callable[[Any], dict[str, list[str]]]
    describe_card: Callable[[str], dict[str, Any]] | None = None
    list_cards: Callable[[], list[dict[str, Any]]] | None = None
    deck_names: Callable[[], list[str]] | None = None
    deck_text: Callable[[str], str] | None = None
    deck_cards: Callable[[str], list[str]] | None = None


def _tcg_catalog() -> Catalog:
    from projections.tcg import decks
    from projections.tcg.actions import action_shape_errors
    from projections.tcg.carddb import all_cards
    from projections.tcg.cards.describe import describe_card

    def list_cards() -> list[dict[str, Any]]:
        return [{"id": c.id, "name": c.name, "supertype": c.supertype,
                 "implemented": c.implemented} for c in all_cards()]

    return Catalog(action_errors=action_shape_errors, describe_card=describe_card,
                   list_cards=list_cards, deck_names=decks.shipped_deck_names,
                   deck_text=decks.shipped_decklist, deck_cards=decks.shipped_deck)


_CATALOG_FACTORIES: dict[str, Callable[[], Catalog]] = {"tcg": _tcg_catalog}
_CATALOGS: dict[str, Catalog] = {}


def game_names() -> list[str]:
    return sorted(GAMES)


def game_or_422(name: str | None) -> Any:
    name = name or DEFAULT_GAME
    try:
        return get_game(name)
    except KeyError:
        problem(422, "Unknown game", f"There is no game {name!r}; known: "
                f"{', '.join(game_names())}.", errors={"game": [f"Unknown game {name!r}."]})


def game_of_match(meta: dict[str, Any]) -> Any:
    return get_game(meta.get("game") or DEFAULT_GAME)


def catalog(name: str | None) -> Catalog:
    name = name or DEFAULT_GAME
    if name not in _CATALOGS:
        factory = _CATALOG_FACTORIES.get(name)
        if factory is None:
            problem(422, "Unknown game", f"There is no game {name!r} with a catalogue.",
                    errors={"game": [f"Unknown game {name!r}."]})
        _CATALOGS[name] = factory()
    return _CATALOGS[name]
