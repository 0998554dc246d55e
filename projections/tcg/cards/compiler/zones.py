"""Templates for the wordings that move cards between zones: the opponent's deck and hand
discarded, deck searches, Energy attached or moved, Stadiums discarded, draws to a hand size.

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes. The blocks are
`effects/deck_moves.py`'s (its rulings: a search for cards of a stated quality may find none, a
search for "a card" must take one; the deck is seen by its owner only). A search that shows the
deck stops the attack half way (`choose`), so its wording compiles only as the text's last
sentence (`$`): nothing of the attack is left to do after the player chooses.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..effects import AttachFromDiscard, DiscardFromOpponentHandUnseen, Flip, FlipWithChoices
from ..effects.deck_moves import (
    AttachEnergyFrom,
    DiscardPileToHand,
    DiscardStadium,
    DiscardTopOfDeck,
    DiscardTopPerHeads,
    DrawUntil,
    EnergyToHand,
    HandAwayThenDraw,
    MayDiscardStadiumForMore,
    MaySwitchSelf,
    MoveDefendingEnergy,
    MoveOwnEnergy,
    Onto,
    OpponentRevealsHand,
    RandomHandCardToDeck,
    SearchBasicToBench,
    SearchEnergyEachBenched,
    SearchEnergyToAttach,
    SearchToHand,
)
from .base import TYPES, Template, template

if TYPE_CHECKING:
    from ...carddb import AttackDef
    from ..effects import Effect

SHUFFLE = r" Then, shuffle your deck\.$"
ONTO: dict[str, Onto] = {"this Pokémon": "self", "1 of your Pokémon": "one", "1 of your Benched Pokémon": "bench_one",
                         "your Pokémon in any way you like": "any",
                         "your Benched Pokémon in any way you like": "bench_any"}
ONTO_WORDS = "|".join(ONTO)
# What a search to the hand looks for, as printed -> (kind, of the type named in the group)
HAND_KINDS = {"card": "card", "cards": "card", "Pokémon": "pokemon", "Basic Pokémon": "basic_pokemon",
              "Basic Energy card": "basic_energy", "Basic Energy cards": "basic_energy",
              "Supporter card": "supporter", "Supporter cards": "supporter", "Item card": "item",
              "Item cards": "item", "Stadium card": "stadium", "Stadium cards": "stadium",
              "Pokémon Tool card": "tool", "Pokémon Tool cards": "tool"}


def _count(p: dict[str, str]) -> tuple[int, bool] | None:
    """(count, up to) from "up to N" / "a" / "an", the noun's number agreeing; None when not."""
    plural = p["noun"].endswith("s") or p["noun"].endswith("Pokémon")
    if p.get("upto"):
        n = int(p["upto"])
        return (n, True) if n >= 1 and plural else None
    return (1, False)


def _kind_of(p: dict[str, str]) -> tuple[str, str | None] | None:
    """The card kind a search or a return names (`HAND_KINDS`), and the type it is narrowed to."""
    noun = p["noun"]
    of_type = p.get("ptype") or p.get("etype")
    if of_type:
        noun = noun.replace(f"{of_type} ", "")
    kind = HAND_KINDS.get(noun)
    return None if kind is None else (kind, of_type)


def _search_to_hand(p: dict[str, str], a: AttackDef) -> list[Effect] | None:
    counted = _count(p)
    if counted is None:
        return None
    count, up_to = counted
    kinded = _kind_of(p)
    if kinded is None:
        return None
    kind, of_type = kinded
    reveal = bool(p.get("reveal"))
    return [SearchToHand(count, kind, of_type, up_to=up_to, reveal=reveal, optional=bool(p.get("may")))]


def _search_energy(p: dict[str, str], a: AttackDef) -> list[Effect] | None:
    counted = _count(p)
    if counted is None:
        return None
    count, up_to = counted
    return [SearchEnergyToAttach(count, p.get("type"), ONTO[p["onto"]], up_to=up_to)]


def _attach_energy(p: dict[str, str], a: AttackDef) -> list[Effect] | None:
    counted = _count(p)
    if counted is None:
        return None
    count, up_to = counted
    onto = ONTO[p["onto"]]
    if p["zone"] == "hand":
        return [AttachEnergyFrom(count, p.get("type"), onto, up_to=up_to, source="hand")]
    if not up_to and p.get("type") and onto == "self":
        return [AttachFromDiscard(p["type"], "self")]          # the EX sets' block does exactly this
    return [AttachEnergyFrom(count, p.get("type"), onto, up_to=up_to)]


def _move(p: dict[str, str], a: AttackDef) -> list[Effect] | None:
    word = p["count"]
    onto: Onto = "bench_one" if p["onto"].startswith("1 of") else "bench_any"
    return [MoveOwnEnergy("all" if word == "all" else 1 if word == "an" else int(word), p.get("type"), onto)]


def _from_discard(p: dict[str, str], a: AttackDef) -> list[Effect] | None:
    if p.get("exact"):
        count, up_to = int(p["exact"]), False
        if not p["noun"].endswith(("s", "Pokémon")) or count < 2:
            return None
    else:
        counted = _count(p)
        if counted is None:
            return None
        count, up_to = counted
    kinded = _kind_of(p)
    if kinded is None:
        return None
    kind, of_type = kinded
    return [DiscardPileToHand(count, kind, of_type, up_to=up_to)]


NUMBER = r"(?:up to (?P<upto>\d+)|an?)"

TEMPLATES: tuple[Template, ...] = (
    template("discard_top_of_deck", "R-TRAINER-5",
             r"Discard the top (?:card|(?P<count>\d+) cards) of (?P<whose>your opponent's|your) deck\.",
             lambda p, a: [DiscardTopOfDeck(int(p["count"] or 1), "opponent" if p["whose"] != "your" else "own")],
             "Discard the top card of your opponent's deck.", "Discard the top 2 cards of your opponent's deck.",
             "Discard the top 3 cards of your deck."),
    template("discard_random_from_hand", "R-ATTACK-2", r"Discard a random card from your opponent's hand\.",
             lambda p, a: [DiscardFromOpponentHandUnseen()], "Discard a random card from your opponent's hand."),
    template("search_basic_to_bench", "R-BENCH-1",
             r"Search your deck for (?:up to (?P<most>\d+) Basic Pokémon and put them|a Basic Pokémon and put it) "
             r"onto your Bench\." + SHUFFLE,
             lambda p, a: [SearchBasicToBench(int(p["most"] or 1))],
             "Search your deck for up to 2 Basic Pokémon and put them onto your Bench. Then, shuffle your deck.",
             "Search your deck for a Basic Pokémon and put it onto your Bench. Then, shuffle your deck."),
    template("search_to_hand", "R-TRAINER-5",
             rf"(?P<may>You may search|Search) your deck for {NUMBER} (?P<noun>cards?|(?:(?P<ptype>{TYPES}) )?Pokémon|"
             rf"Basic Pokémon|Basic (?:(?P<etype>{TYPES}) )?Energy cards?|Supporter cards?|Item cards?|"
             r"Stadium cards?|Pokémon Tool cards?)(?P<reveal>, reveal (?:it|them),)? and put (?:it|them) into your "
             r"hand\." + SHUFFLE,
             _search_to_hand,
             "Search your deck for up to 2 Basic Energy cards, reveal them, and put them into your hand. Then, "
             "shuffle your deck.",
             "Search your deck for a Supporter card, reveal it, and put it into your hand. Then, shuffle your deck.",
             "Search your deck for a Pokémon, reveal it, and put it into your hand. Then, shuffle your deck.",
             "Search your deck for up to 3 Water Pokémon, reveal them, and put them into your hand. Then, shuffle "
             "your deck.",
             "Search your deck for up to 2 cards and put them into your hand. Then, shuffle your deck.",
             "You may search your deck for a card and put it into your hand. Then, shuffle your deck."),
    template("search_energy_attach", "R-TRAINER-5",
             rf"Search your deck for {NUMBER} (?P<noun>Basic (?:(?P<type>{TYPES}) )?Energy cards?) and attach "
             rf"(?:it|them) to (?P<onto>{ONTO_WORDS})\." + SHUFFLE,
             _search_energy,
             "Search your deck for up to 2 Basic Fire Energy cards and attach them to this Pokémon. Then, shuffle "
             "your deck.",
             "Search your deck for a Basic Lightning Energy card and attach it to 1 of your Pokémon. Then, shuffle "
             "your deck.",
             "Search your deck for up to 2 Basic Energy cards and attach them to your Pokémon in any way you like. "
             "Then, shuffle your deck."),
    template("search_energy_each_benched", "R-TRAINER-5",
             rf"(?:For each of your Benched Pokémon|Choose up to (?P<most>\d+) of your Benched Pokémon\. For each of "
             rf"those Pokémon), search your deck for a Basic (?:(?P<type>{TYPES}) )?Energy card and attach it to that "
             r"Pokémon\." + SHUFFLE,
             lambda p, a: [SearchEnergyEachBenched(p.get("type"), int(p["most"]) if p.get("most") else None)],
             "For each of your Benched Pokémon, search your deck for a Basic Psychic Energy card and attach it to that "
             "Pokémon. Then, shuffle your deck.",
             "Choose up to 3 of your Benched Pokémon. For each of those Pokémon, search your deck for a Basic Fire "
             "Energy card and attach it to that Pokémon. Then, shuffle your deck."),
    template("attach_from_discard", "R-ENERGY-3",
             rf"Attach {NUMBER} (?P<noun>Basic (?:(?P<type>{TYPES}) )?Energy cards?) from your (?P<zone>discard pile) "
             rf"to (?P<onto>{ONTO_WORDS})\.",
             _attach_energy,
             "Attach up to 2 Basic Grass Energy cards from your discard pile to your Benched Pokémon in any way you "
             "like.",
             "Attach a Basic Fire Energy card from your discard pile to this Pokémon.",
             "Attach up to 2 Basic Energy cards from your discard pile to 1 of your Benched Pokémon."),
    template("attach_from_hand", "R-ENERGY-1",
             rf"Attach {NUMBER} (?P<noun>Basic (?:(?P<type>{TYPES}) )?Energy cards?) from your (?P<zone>hand) to "
             rf"(?P<onto>{ONTO_WORDS})\.",
             _attach_energy,
             "Attach a Basic Fighting Energy card from your hand to 1 of your Pokémon.",
             "Attach up to 2 Basic Psychic Energy cards from your hand to your Pokémon in any way you like."),
    template("move_energy_to_bench", "R-ENERGY-3",
             rf"Move (?P<count>an|\d+|all) (?:(?P<type>{TYPES}) )?Energy from this Pokémon to "
             r"(?P<onto>1 of your Benched Pokémon|your Benched Pokémon in any way you like)\.", _move,
             "Move an Energy from this Pokémon to 1 of your Benched Pokémon.",
             "Move all Energy from this Pokémon to 1 of your Benched Pokémon.",
             "Move 2 Fire Energy from this Pokémon to 1 of your Benched Pokémon.",
             "Move all Energy from this Pokémon to your Benched Pokémon in any way you like."),
    template("energy_to_hand", "R-ENERGY-3",
             r"(?P<may>You may put|Put) (?P<count>an|\d+) Energy attached to "
             r"(?P<whose>this Pokémon into your hand|your opponent's Active Pokémon into their hand)\.",
             lambda p, a: [EnergyToHand(1 if p["count"] == "an" else int(p["count"]),
                                        "own" if p["whose"].startswith("this") else "opponent",
                                        optional=p["may"] != "Put")],
             "Put an Energy attached to this Pokémon into your hand.",
             "Put 2 Energy attached to this Pokémon into your hand.",
             "Put an Energy attached to your opponent's Active Pokémon into their hand.",
             "You may put an Energy attached to your opponent's Active Pokémon into their hand."),
    template("discard_pile_to_hand", "R-TRAINER-5",
             rf"Put (?:up to (?P<upto>\d+)|(?P<exact>\d+)|an?) (?P<noun>cards?|(?:(?P<ptype>{TYPES}) )?Pokémon|"
             rf"Basic (?:(?P<etype>{TYPES}) )?Energy cards?|Supporter cards?|Item cards?|Stadium cards?|"
             r"Pokémon Tool cards?) from your discard pile into your hand\.", _from_discard,
             "Put an Item card from your discard pile into your hand.",
             "Put up to 2 Pokémon from your discard pile into your hand.",
             "Put up to 2 Basic Fire Energy cards from your discard pile into your hand.",
             "Put 2 cards from your discard pile into your hand."),
    template("hand_away_then_draw", "R-TRAINER-5",
             r"(?P<how>Discard your hand and draw|Shuffle your hand into your deck\. Then, draw) (?P<count>\d+) "
             r"cards\.",
             lambda p, a: [HandAwayThenDraw(int(p["count"]), "discard" if p["how"].startswith("Discard")
                                            else "shuffle")],
             "Discard your hand and draw 5 cards.", "Shuffle your hand into your deck. Then, draw 4 cards."),
    template("draw_until", "R-TRAINER-5", r"(?P<may>You may draw|Draw) cards until you have (?P<size>\d+) cards in "
             r"your hand\.",
             lambda p, a: [DrawUntil(int(p["size"]), optional=p["may"] != "Draw")],
             "You may draw cards until you have 6 cards in your hand.", "Draw cards until you have 5 cards in your "
             "hand."),
    template("may_discard_stadium_more", "R-DAMAGE-1",
             r"You may discard a Stadium in play\. If you do, this attack does (?P<bonus>\d+) more damage\.",
             lambda p, a: [MayDiscardStadiumForMore(int(p["bonus"]))],
             "You may discard a Stadium in play. If you do, this attack does 120 more damage.", mark="+"),
    template("discard_stadium", "R-TRAINER-3", r"(?P<may>You may discard|Discard) a Stadium in play\.",
             lambda p, a: [DiscardStadium(optional=p["may"] != "Discard")],
             "Discard a Stadium in play.", "You may discard a Stadium in play."),
    template("may_switch_self", "R-RETREAT-6", r"You may switch this Pokémon with 1 of your Benched Pokémon\.",
             lambda p, a: [MaySwitchSelf()], "You may switch this Pokémon with 1 of your Benched Pokémon."),
    template("flip_discard_random_from_hand", "R-ATTACK-2",
             r"Flip a coin\. If heads, discard a random card from your opponent's hand\.",
             lambda p, a: [Flip(heads=DiscardFromOpponentHandUnseen())],
             "Flip a coin. If heads, discard a random card from your opponent's hand."),
    template("move_defending_energy", "R-ENERGY-3",
             r"(?P<how>You may move|Flip a coin\. If heads, move) an Energy from your opponent's Active Pokémon to 1 "
             r"of their Benched Pokémon\.",
             lambda p, a: ([MoveDefendingEnergy(optional=True)] if p["how"] == "You may move"
                           else [FlipWithChoices(heads=MoveDefendingEnergy())]),
             "You may move an Energy from your opponent's Active Pokémon to 1 of their Benched Pokémon.",
             "Flip a coin. If heads, move an Energy from your opponent's Active Pokémon to 1 of their Benched "
             "Pokémon."),
    template("random_hand_card_to_deck", "R-HIDDEN-1",
             r"Choose a random card from your opponent's hand(?:\. Your|, and your) opponent reveals that card and "
             r"shuffles it into their deck\.",
             lambda p, a: [RandomHandCardToDeck()],
             "Choose a random card from your opponent's hand. Your opponent reveals that card and shuffles it into "
             "their deck.",
             "Choose a random card from your opponent's hand, and your opponent reveals that card and shuffles it "
             "into their deck."),
    template("discard_top_per_heads", "R-TRAINER-5",
             r"Flip (?:(?P<coins>\d+) coins|a coin until you get tails)\. For each heads, discard the top "
             r"(?:card|(?P<per>\d+) cards) of your opponent's deck\.",
             lambda p, a: [DiscardTopPerHeads(int(p["coins"]) if p["coins"] else None, int(p["per"] or 1))],
             "Flip 3 coins. For each heads, discard the top 3 cards of your opponent's deck.",
             "Flip a coin until you get tails. For each heads, discard the top card of your opponent's deck."),
    template("opponent_reveals_hand", "R-HIDDEN-1", r"Your opponent reveals their hand\.",
             lambda p, a: [OpponentRevealsHand()], "Your opponent reveals their hand."),
)
