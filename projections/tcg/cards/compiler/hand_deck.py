"""Templates for the wordings that move cards between the hand, the deck and the discard pile:
a Pokémon evolved from the deck, a Pokémon (yours or the opponent's) put into the hand or
shuffled into the deck, Pokémon devolved, a card discarded from the hand to draw, draws from
the bottom or per the opponent's hand, searches for several kinds or a name (to the hand, the
Bench, the top of the deck), the top of the deck looked at (Pokémon to the Bench, Energy
attached, put back in any order, the top card discarded), the opponent's revealed hand (a card
discarded or put back, Basic Pokémon to their Bench), random discards per heads, cards from
the discard pile (per heads, Basic Pokémon to the Bench), and "If you go first, you can use
this attack during your first turn".

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes. The blocks are
`effects/hand_deck.py`'s (its rulings). A wording that shows hidden cards stops the attack half
way (`choose`), so it compiles only as the text's last sentence (`$`), as in `zones.py`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..effects.coins import FlipWithChoices
from ..effects.deck_moves import OpponentRevealsHand
from ..effects.hand_deck import (
    ANY_NUMBER,
    DevolveOpponents,
    DiscardPileToBench,
    DiscardRandomPerHeads,
    DiscardToDraw,
    DrawFromBottom,
    EvolveFromDeck,
    FlipsFromDiscardToHand,
    FromRevealedHand,
    LookTopMayDiscard,
    OpponentPokemonAway,
    PokemonAway,
    SearchToTop,
    SearchWantedToBench,
    SearchWantedToHand,
    ShuffleHandDrawPerOpponentHand,
    TopEnergyToAttach,
    TopInAnyOrder,
    TopToBench,
    UsableFirstTurn,
    Wanted,
    Which,
)
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


def _revealed(p: dict[str, str], a: AttackDef) -> list[Effect] | None:
    if p.get("comma"):
        return [OpponentRevealsHand(), FromRevealedHand("discard" if p["comma"] == "discard" else "bottom")]
    if p.get("bench"):
        return [FromRevealedHand("bench", int(p["bench"]))]
    return [FromRevealedHand("discard_items" if p.get("items") else "discard")]


def _wanted_to_hand(p: dict[str, str]) -> Wanted | None:
    if p.get("has"):
        return Wanted((("pokemon", None),), name_has=p["has"])
    if p.get("named"):
        return Wanted(names=(p["named"],))
    if p.get("t1"):
        return Wanted((("pokemon", p["t1"]), ("basic_energy", p["t2"])))
    if p.get("t3"):
        return Wanted((("pokemon", p["t3"]), ("stadium", None)))
    if p.get("energy"):
        return Wanted((("energy", None),))
    return Wanted((("basic_energy", None),), different_types=True)


def _wanted_to_bench(p: dict[str, str]) -> Wanted | None:
    if p.get("n0"):
        return Wanted(names=(p["n0"],))
    if p.get("n1"):
        return Wanted(names=(p["n1"], p["n2"]))
    if p.get("quoted"):
        return Wanted((("pokemon", None),), name_has=p["quoted"], basic=True)
    if not p.get("basic"):
        return None             # "up to N Pokémon": the zones' template or none
    return Wanted((("pokemon", p.get("type")),), name_has=p.get("has"), basic=True)


def _search_wanted(p: dict[str, str], a: AttackDef) -> list[Effect] | None:
    to_bench = p["to"] == "put them onto your Bench"
    wanted = _wanted_to_bench(p) if to_bench else _wanted_to_hand(p)
    if wanted is None:
        return None
    any_number = bool(p.get("any"))
    count = ANY_NUMBER if any_number else int(p["upto"])
    optional = p["may"] == "You may search"
    if any_number != optional:      # "any number of" comes with "You may" on every card printed
        return None
    if to_bench:
        return [SearchWantedToBench(wanted, count, optional=optional, any_number=any_number)]
    return [SearchWantedToHand(wanted, count, reveal=bool(p.get("reveal")), optional=optional,
                               any_number=any_number)]


NAME = r"[A-Z][a-z]+"

TEMPLATES: tuple[Template, ...] = (
    template("usable_first_turn", "R-ATTACK-5", r"If you go first, you can use this attack during your first turn\.",
             lambda p, a: [UsableFirstTurn()], "If you go first, you can use this attack during your first turn."),
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
             r"(?P<verb>Put|Shuffle|You may put|You may shuffle) (?P<who>this Pokémon|1 of your Benched Pokémon) "
             r"and all attached cards (?P<to>into your hand|into your deck)\.",
             _away,
             "Put this Pokémon and all attached cards into your hand.",
             "Put 1 of your Benched Pokémon and all attached cards into your hand.",
             "Shuffle 1 of your Benched Pokémon and all attached cards into your deck.",
             "Shuffle this Pokémon and all attached cards into your deck.",
             "You may shuffle this Pokémon and all attached cards into your deck.",
             "You may put this Pokémon and all attached cards into your hand."),
    template("may_self_to_hand_discard_attached", "R-KO-3",
             r"You may put this Pokémon into your hand\. \(Discard all cards attached to this Pokémon\.\)",
             lambda p, a: [PokemonAway("self", "hand", discard_attached=True, optional=True)],
             "You may put this Pokémon into your hand. (Discard all cards attached to this Pokémon.)"),
    template("discard_to_draw", "R-TRAINER-5",
             r"Discard a card from your hand\. If you do, draw (?P<count>\d+) cards\.",
             lambda p, a: [DiscardToDraw(int(p["count"]))],
             "Discard a card from your hand. If you do, draw 2 cards."),
    template("shuffle_hand_draw_per_opponent_hand", "R-TRAINER-5",
             r"Shuffle your hand into your deck\. Then, draw a card for each card in your opponent's hand\.",
             lambda p, a: [ShuffleHandDrawPerOpponentHand()],
             "Shuffle your hand into your deck. Then, draw a card for each card in your opponent's hand."),
    template("discard_random_per_heads", "R-ATTACK-2",
             r"Flip (?P<coins>\d+) coins\. For each heads, discard a random card from your opponent's hand\.",
             lambda p, a: [DiscardRandomPerHeads(int(p["coins"]))],
             "Flip 3 coins. For each heads, discard a random card from your opponent's hand."),
    template("draw_from_bottom", "R-TRAINER-5", r"Draw (?P<count>\d+) cards from the bottom of your deck\.",
             lambda p, a: [DrawFromBottom(int(p["count"]))], "Draw 3 cards from the bottom of your deck."),
    template("flips_from_discard_to_hand", "R-TRAINER-5",
             r"Flip (?P<coins>\d+) coins\. Put a number of cards up to the number of heads from your discard pile "
             r"into your hand\.$",
             lambda p, a: [FlipsFromDiscardToHand(int(p["coins"]))],
             "Flip 3 coins. Put a number of cards up to the number of heads from your discard pile into your hand."),
    template("discard_pile_to_bench", "R-BENCH-2",
             rf"Put up to (?P<count>\d+) (?:(?P<type>{TYPES}) Pokémon|(?P<name>[A-Z][a-z]+)) from your discard pile "
             r"onto your Bench\.",
             lambda p, a: [DiscardPileToBench(int(p["count"]), p.get("type"), p.get("name"))],
             "Put up to 3 Water Pokémon from your discard pile onto your Bench.",
             "Put up to 3 Duskull from your discard pile onto your Bench."),
    template("search_wanted", "R-TRAINER-5",
             r"(?P<may>You may search|Search) your deck for (?:up to (?P<upto>\d+)|(?P<any>any number of)) (?:"
             rf"(?P<has>{NAME}'s) Pokémon|(?P<named>{NAME}) cards|"
             rf"in any combination of (?P<t1>{TYPES}) Pokémon and Basic (?P<t2>{TYPES}) Energy cards|"
             rf"in any combination of (?P<t3>{TYPES}) Pokémon and Stadium cards|(?P<energy>Energy cards)|"
             r"Basic Energy cards of different types)(?P<reveal>, reveal them,)? and (?P<to>put them into your hand)\."
             + SHUFFLE, _search_wanted,
             "Search your deck for up to 3 Misty's Pokémon, reveal them, and put them into your hand. Then, shuffle "
             "your deck.",
             "You may search your deck for any number of Fennel cards, reveal them, and put them into your hand. "
             "Then, shuffle your deck.",
             "Search your deck for up to 3 in any combination of Fire Pokémon and Basic Fire Energy cards, reveal "
             "them, and put them into your hand. Then, shuffle your deck.",
             "Search your deck for up to 3 in any combination of Grass Pokémon and Stadium cards, reveal them, and put "
             "them into your hand. Then, shuffle your deck.",
             "Search your deck for up to 4 Energy cards, reveal them, and put them into your hand. Then, shuffle your "
             "deck.",
             "Search your deck for up to 3 Basic Energy cards of different types, reveal them, and put them into your "
             "hand. Then, shuffle your deck."),
    template("search_wanted_to_bench", "R-BENCH-2",
             r"(?P<may>You may search|Search) your deck for (?:up to (?P<upto>\d+)|(?P<any>any number of)) (?:"
             rf"(?P<basic>Basic )(?:(?P<type>{TYPES}) )?(?:(?P<has>{NAME}'s) )?Pokémon|"
             r'Pokémon that have "(?P<quoted>[A-Z][a-z]+)" in their name|'
             rf"in any combination of (?P<n1>{NAME}) and (?P<n2>{NAME} ex)|(?P<n0>{NAME})) and "
             r"(?P<to>put them onto your Bench)\." + SHUFFLE, _search_wanted,
             "Search your deck for up to 3 Basic Psychic Pokémon and put them onto your Bench. Then, shuffle your "
             "deck.",
             "Search your deck for up to 2 Basic Steven's Pokémon and put them onto your Bench. Then, shuffle your "
             "deck.",
             "You may search your deck for any number of Basic Lillie's Pokémon and put them onto your Bench. Then, "
             "shuffle your deck.",
             'You may search your deck for any number of Pokémon that have "Rotom" in their name and put them onto '
             "your Bench. Then, shuffle your deck.",
             "Search your deck for up to 2 Grubbin and put them onto your Bench. Then, shuffle your deck.",
             "Search your deck for up to 2 in any combination of Maushold and Maushold ex and put them onto your "
             "Bench. Then, shuffle your deck."),
    template("top_to_bench", "R-BENCH-2",
             r"Look at the top (?P<depth>\d+) cards of your deck\. You may put any number of Pokémon you find there "
             r"onto your Bench\. Shuffle the other cards back into your deck\.$",
             lambda p, a: [TopToBench(int(p["depth"]))],
             "Look at the top 8 cards of your deck. You may put any number of Pokémon you find there onto your Bench. "
             "Shuffle the other cards back into your deck."),
    template("top_energy_to_attach", "R-ENERGY-3",
             r"Look at the top (?P<depth>\d+) cards of your deck and attach any number of Energy cards you find there "
             r"to your Pokémon in any way you like\. Shuffle the other cards back into your deck\.$",
             lambda p, a: [TopEnergyToAttach(int(p["depth"]))],
             "Look at the top 20 cards of your deck and attach any number of Energy cards you find there to your "
             "Pokémon in any way you like. Shuffle the other cards back into your deck."),
    template("top_in_any_order", "R-HIDDEN-1",
             r"Look at the top (?P<count>\d+) cards of (?P<whose>your|your opponent's) deck and put them back in any "
             r"order\.$",
             lambda p, a: [TopInAnyOrder(int(p["count"]), "own" if p["whose"] == "your" else "opponent")],
             "Look at the top 5 cards of your opponent's deck and put them back in any order.",
             "Look at the top 4 cards of your deck and put them back in any order."),
    template("look_top_may_discard", "R-HIDDEN-1", r"Look at the top card of your deck\. You may discard that card\.$",
             lambda p, a: [LookTopMayDiscard()], "Look at the top card of your deck. You may discard that card."),
    # after zones' "Your opponent reveals their hand." (earlier in ATTACK_TEMPLATES), or with it
    template("from_revealed_hand", "R-HIDDEN-1",
             r"(?:Your opponent reveals their hand, and you (?:(?P<comma>discard) a card you find there|"
             r"(?P<comma_b>choose) a card you find there and put it on the bottom of their deck)\.$|"
             r"(?<=Your opponent reveals their hand\. )(?:(?:Discard a card you find there|Put up to (?P<bench>\d+) "
             r"Basic Pokémon you find there onto your opponent's Bench)\.$|(?P<items>Discard all Item cards and "
             r"Pokémon Tool cards you find there)\.))",
             lambda p, a: _revealed({**p, "comma": p.get("comma") or ("bottom" if p.get("comma_b") else "")}, a),
             "Your opponent reveals their hand, and you discard a card you find there.",
             "Your opponent reveals their hand, and you choose a card you find there and put it on the bottom of "
             "their deck."),
    template("devolve_opponents", "R-EVOLVE-5",
             r"Devolve (?P<which>each|1) of your opponent's evolved Pokémon by (?P<how>shuffling the highest Stage "
             r"Evolution card on it into your opponent's deck|putting the highest Stage Evolution card on it into your "
             r"opponent's hand)\.",
             lambda p, a: [DevolveOpponents("each" if p["which"] == "each" else "one",
                                            "deck" if p["how"].startswith("shuffling") else "hand")],
             "Devolve each of your opponent's evolved Pokémon by shuffling the highest Stage Evolution card on it into "
             "your opponent's deck.",
             "Devolve 1 of your opponent's evolved Pokémon by putting the highest Stage Evolution card on it into your "
             "opponent's hand."),
    template("opponent_pokemon_away", "R-KO-3",
             r"(?:Flip a coin\. If heads, choose 1 of your opponent's (?P<who>Benched Pokémon|Pokémon)\. Shuffle that "
             r"Pokémon and all attached cards into their deck|Choose (?P<keep>\d+) of your opponent's Benched "
             r"Pokémon\. If you do, shuffle all of your opponent's Benched Pokémon that you didn't choose, and all "
             r"cards attached to those Pokémon, into their deck)\.",
             lambda p, a: ([OpponentPokemonAway("keep_bench", int(p["keep"]))] if p.get("keep") else
                           [FlipWithChoices(heads=OpponentPokemonAway("bench_one" if p["who"].startswith("Benched")
                                                                      else "one"))]),
             "Flip a coin. If heads, choose 1 of your opponent's Benched Pokémon. Shuffle that Pokémon and all "
             "attached cards into their deck.",
             "Flip a coin. If heads, choose 1 of your opponent's Pokémon. Shuffle that Pokémon and all attached cards "
             "into their deck.",
             "Choose 3 of your opponent's Benched Pokémon. If you do, shuffle all of your opponent's Benched Pokémon "
             "that you didn't choose, and all cards attached to those Pokémon, into their deck."),
    template("search_to_top", "R-HIDDEN-1",
             r"Search your deck for (?P<count>\d+) cards, shuffle your deck, then put those cards on top of it in any "
             r"order\.$",
             lambda p, a: [SearchToTop(int(p["count"]))] if int(p["count"]) >= 2 else None,
             "Search your deck for 2 cards, shuffle your deck, then put those cards on top of it in any order."),
)
