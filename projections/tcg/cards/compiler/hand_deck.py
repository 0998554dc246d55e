"""Templates for the wordings that move cards between the hand, the deck and the discard pile:
a Pokémon evolved from the deck, a Pokémon put into the hand or shuffled into the deck, a card
discarded from the hand to draw, Pokémon from the discard pile onto the Bench.

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes. The blocks are
`effects/hand_deck.py`'s (its rulings). A search that shows the deck stops the attack half way,
so its wording compiles only as the text's last sentence (`$`), as in `zones.py`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..effects.hand_deck import DiscardPileToBench, DiscardToDraw, EvolveFromDeck, PokemonAway, Which
from .base import TYPES, Template, template
from .zones import SHUFFLE

if TYPE_CHECKING:
    from ...carddb import AttackDef
    from ..effects import Effect


def _evolve(p: dict[str, str], a: AttackDef) -> list[Effect] | None:
    if p.get("self"):
        return [EvolveFromDeck("self")]
    if p.get("each"):
        return [EvolveFromDeck("each_benched")]
    if p.get("one"):
        return [EvolveFromDeck("one")] if p["one"] == "1" else None
    return [EvolveFromDeck("typed", int(p["most"]), p["type"])]


def _away(p: dict[str, str], a: AttackDef) -> list[Effect] | None:
    which: Which = "self" if p["who"] == "this Pokémon" else "bench_one"
    to: Literal["hand", "deck"] = "hand" if p["to"] == "into your hand" else "deck"
    verb = p["verb"].split()[-1].lower()
    if (verb == "put") != (to == "hand"):
        return None
    return [PokemonAway(which, to, optional=p["verb"].startswith("You may"))]


TEMPLATES: tuple[Template, ...] = (
    template("evolve_from_deck", "R-EVOLVE-1",
             r"(?:(?P<self>Search your deck for a card that evolves from this Pokémon and put it onto this Pokémon)|"
             r"(?P<each>For each of your Benched Pokémon, search your deck for a card that evolves from that Pokémon "
             r"and put it onto that Pokémon)|"
             r"Search your deck for a card that evolves from (?P<one>\d+) of your Pokémon and put it onto that "
             r"Pokémon|"
             rf"Choose up to (?P<most>\d+) of your (?P<type>{TYPES}) Pokémon\. For each of those Pokémon, search your "
             r"deck for a card that evolves from that Pokémon and put it onto that Pokémon) to evolve it\." + SHUFFLE,
             _evolve,
             "Search your deck for a card that evolves from this Pokémon and put it onto this Pokémon to evolve it. "
             "Then, shuffle your deck.",
             "For each of your Benched Pokémon, search your deck for a card that evolves from that Pokémon and put it "
             "onto that Pokémon to evolve it. Then, shuffle your deck.",
             "Search your deck for a card that evolves from 1 of your Pokémon and put it onto that Pokémon to evolve "
             "it. Then, shuffle your deck.",
             "Choose up to 2 of your Grass Pokémon. For each of those Pokémon, search your deck for a card that "
             "evolves from that Pokémon and put it onto that Pokémon to evolve it. Then, shuffle your deck."),
    template("pokemon_away", "R-KO-3",
             r"(?P<verb>Put|Shuffle|You may shuffle) (?P<who>this Pokémon|1 of your Benched Pokémon) and all attached "
             r"cards (?P<to>into your hand|into your deck)\.",
             _away,
             "Put this Pokémon and all attached cards into your hand.",
             "Put 1 of your Benched Pokémon and all attached cards into your hand.",
             "Shuffle 1 of your Benched Pokémon and all attached cards into your deck.",
             "Shuffle this Pokémon and all attached cards into your deck.",
             "You may shuffle this Pokémon and all attached cards into your deck."),
    template("may_self_to_hand_discard_attached", "R-KO-3",
             r"You may put this Pokémon into your hand\. \(Discard all cards attached to this Pokémon\.\)",
             lambda p, a: [PokemonAway("self", "hand", discard_attached=True, optional=True)],
             "You may put this Pokémon into your hand. (Discard all cards attached to this Pokémon.)"),
    template("discard_to_draw", "R-TRAINER-5",
             r"Discard a card from your hand\. If you do, draw (?P<count>\d+) cards\.",
             lambda p, a: [DiscardToDraw(int(p["count"]))],
             "Discard a card from your hand. If you do, draw 2 cards."),
    template("discard_pile_to_bench", "R-BENCH-2",
             rf"Put up to (?P<count>\d+) (?:(?P<type>{TYPES}) Pokémon|(?P<name>[A-Z][a-z]+)) from your discard pile "
             r"onto your Bench\.",
             lambda p, a: [DiscardPileToBench(int(p["count"]), p.get("type"), p.get("name"))],
             "Put up to 3 Water Pokémon from your discard pile onto your Bench.",
             "Put up to 3 Duskull from your discard pile onto your Bench."),
)
