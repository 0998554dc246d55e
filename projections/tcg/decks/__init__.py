"""Ready-made legal 60-card decks, usable by name in POST /v1/matches: four Base Set decks,
four EX Ruby & Sapphire decks (`ex-fire-fighting` …, together every ex1 card), four EX
Sandstorm and Dragon decks (`ex-sandstorm-…`, `ex-dragon-…`, together every ex2 and ex3
card, mostly single copies: 200 cards in 240 places), four Scarlet & Violet decks of 2024
(`sv-…`: Pokémon TCG Live lists of sv1–sv7 cards and SVE basic Energy, legal in the `modern`
ruleset under the "era" format and the 2024 and 2025 Standard periods) and six decks of the
2026 Standard format (`std26-…`, issue 43 item 6: lists played at 2026 events — Regional
Prague, the North America International Championships, Regional Orlando — and two built from
their archetype's engine, said so; legal in the Standard period from 2026-04-10, marks H, I
and J). Each `std26-…` file opens with `#` comment lines citing its source and every card
changed from the played list; SOURCES.md gathers them. A deck's ruleset is the first whose sets
admit all its cards (R-DECK-5): `modern` for the `sv-…` and `std26-…` decks."""
from __future__ import annotations

from pathlib import Path

from ..decklist import parse_decklist
from ..rulesets import RULESETS

_DIR = Path(__file__).parent


def shipped_deck_names() -> list[str]:
    return sorted(p.stem for p in _DIR.glob("*.txt"))


def shipped_decklist(name: str) -> str:
    path = _DIR / f"{name}.txt"
    if name not in shipped_deck_names():
        raise KeyError(f"no shipped deck {name!r}; known: {', '.join(shipped_deck_names())}")
    return path.read_text(encoding="utf-8")


def shipped_deck(name: str) -> list[str]:
    """The deck's 60 card ids in list order."""
    return parse_decklist(shipped_decklist(name))


def shipped_deck_ruleset(name: str) -> str:
    """The ruleset the deck is built for: the first whose sets hold every card of it."""
    sets = {card_id.split("-")[0] for card_id in shipped_deck(name)}
    for ruleset in RULESETS.values():
        if sets <= set(ruleset.sets):
            return ruleset.name
    raise ValueError(f"shipped deck {name!r} mixes eras: {sorted(sets)}")
