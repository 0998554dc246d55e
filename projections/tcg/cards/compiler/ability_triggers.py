"""Ability templates of the moments an Ability answers (`effects/ability_triggers.py`, whose
rulings apply): "When you play this Pokémon from your hand onto your Bench / to evolve …, you
may <step>", "Once during your turn, when this Pokémon moves from your Bench to the Active Spot,
you may <step>", and the Prize cards of a Knock Out.

A trigger template is a moment (`MOMENT`, the printed words of each moment, read into the
`moment` of `Triggered`) followed by one step's words; each step template reads its step's
parameters, so that one moment times many steps compiles many texts. The step's first word is
printed capitalised after "you may use this Ability." and in lower case otherwise: both read.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ....messages import msg
from ..effects.abilities import SearchDeck
from ..effects.ability_triggers import (
    AttachUpTo,
    BenchFromOpponentsHand,
    CoinDiscardOpponentsEnergy,
    CoinsRandomHandCardsToDeck,
    CountersOnAttacker,
    CountersOnOpponents,
    CountersWhenKnockedOutActive,
    DiscardOpponentTop,
    DiscardToHand,
    EnergyToHandWhenKnockedOut,
    GatherEnergy,
    HealActiveAndRecover,
    HealAllThenDiscardEnergy,
    InPlay,
    LookTopAttach,
    PrizeIfOpponentsKnockedOut,
    PrizeIfThisKnockedOut,
    PrizeIfYoursOfTypeKnockedOut,
    SearchThen,
    Step,
    SwitchInOpponents,
    Triggered,
    TriggeredOrKnockedOut,
)
from .base import TYPES

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...carddb import CardDef
    from ..effects import Power
    from .abilities import AbilityTemplate

# The moments, each a named group (the builder reads which matched), then the condition some
# print before "you may" and the "you may use this Ability." of the "Once during your turn" form.
MOMENT = (r"(?:(?P<bench>When you play this Pokémon from your hand onto your Bench during your turn, )"
          r"|(?P<evolve>When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, "
          r"|Once during your turn, when you play this Pokémon from your hand to evolve 1 of your Pokémon, )"
          r"|(?P<active>Once during your turn, when this Pokémon moves from your Bench to the Active Spot, )"
          r"|(?P<to_bench>Once during your turn, when this Pokémon moves from the Active Spot to your Bench, ))"
          r"(?P<tera>if you have any Tera Pokémon in play, )?you may (?:use this Ability\. )?")
ANY_TYPE = rf"(?:{TYPES}|{TYPES.lower()})"
NAME = r"[A-Z][\w'.é-]*(?: [A-Z][\w'.é-]*)*(?: ex)?"     # a card's printed name: capitalised words


def _moment(p: dict[str, str]) -> str:
    return "bench" if p["bench"] else "evolve" if p["evolve"] else "to_bench" if p["to_bench"] else "active"


def _triggered(step: Step, p: dict[str, str]) -> Power:
    needs = InPlay(lambda c: "tera" in c.tags, msg("a Tera Pokémon")) if p["tera"] else None
    return Triggered(_moment(p), step, needs)


def _basic_energy_of(kind: str) -> Callable[[CardDef], bool]:
    return lambda c: c.is_basic_energy and kind in c.provides


def _search(p: dict[str, str], card: CardDef) -> Power | None:
    if p["energy"]:
        kind = p["energy"]
        step = SearchDeck(_basic_energy_of(kind), msg("basic %(type)s Energy cards", type=kind), "self",
                          most=int(p["most"]), describe=f"basic {kind} Energy cards")
    elif p["trainers"]:
        step = SearchDeck(lambda c: c.supertype == "Trainer", msg("Trainer cards"), "hand", most=int(p["most"]),
                          describe="Trainer cards")
    else:
        names = tuple(n for n in (p["name1"], p["name2"]) if n)
        step = SearchDeck(lambda c: c.supertype == "Pokemon" and c.name in names, " or ".join(names), "bench",
                          at_least_one=True, describe=" or ".join(names))
    return _triggered(step, p)


def _search_then(p: dict[str, str], card: CardDef) -> Power | None:
    kind = p["type"].capitalize()
    step = SearchThen(_basic_energy_of(kind), msg("basic %(type)s Energy cards", type=kind), int(p["most"]),
                      p["owner"])
    return _triggered(step, p)


def _named(name: str) -> Callable[[CardDef], bool]:
    return lambda c: c.name == name


def _attach(p: dict[str, str], card: CardDef) -> Power | None:
    what: str
    if p["type"]:
        kind = p["type"]
        fits, what = _basic_energy_of(kind), msg("basic %(type)s Energy cards", type=kind)
    else:
        named = p["named"]
        fits, what = _named(named), named
    zone = "hand" if p["zone"] == "hand" else "discard"
    return _triggered(AttachUpTo(fits, what, zone, int(p["most"]), p["to"]), p)


def _yours_of_type(p: dict[str, str], card: CardDef) -> Power | None:
    return PrizeIfYoursOfTypeKnockedOut(p["type"].capitalize(), -int(p["fewer"]), attacker_tag="ex",
                                        unstacked=p["name"])


def _counters(p: dict[str, str], card: CardDef) -> Power | None:
    if p["targets"]:
        return _triggered(CountersOnOpponents(int(p["each"]), int(p["targets"])), p)
    return _triggered(CountersOnOpponents(int(p["counters"])), p)


def _switch_in_gather(p: dict[str, str], card: CardDef) -> Power | None:
    return _triggered(GatherEnergy(), p) if p["bench"] else None     # "it": a Benched Pokémon


def _counters_on_attacker(p: dict[str, str], card: CardDef) -> Power | None:
    if p["type"] and p["per"]:
        return None        # "for each … attached to this Pokémon" of your Active Pokémon: not printed
    if not p["type"] and not p["per"]:
        return None        # this Pokémon, Active or Benched, a fixed count: not printed (the Active one is RoughSkin's)
    return CountersOnAttacker(int(p["counters"]), active_type=p["type"], per_type=p["per"])


def trigger_templates(ability: Callable[..., AbilityTemplate]) -> tuple[AbilityTemplate, ...]:
    """The templates, built with compiler/abilities.py's `ability` (it imports this module)."""
    return (
        ability("trigger_search_deck", "R-POWER-1",
                MOMENT + r"[Ss]earch your deck for (?:up to (?P<most>\d+) (?:Basic "
                rf"(?P<energy>{TYPES}) Energy cards and attach them to this Pokémon|(?P<trainers>Trainer cards), "
                rf"reveal them, and put them into your hand)|a (?P<name1>{NAME})(?: or a (?P<name2>{NAME}))? and "
                r"put it onto your Bench)\. Then, shuffle your deck\.",
                _search,
                "Once during your turn, when this Pokémon moves from your Bench to the Active Spot, you may search "
                "your deck for up to 3 Basic Grass Energy cards and attach them to this Pokémon. Then, shuffle your "
                "deck.",
                "Once during your turn, when you play this Pokémon from your hand to evolve 1 of your Pokémon, you "
                "may use this Ability. Search your deck for a Silcoon or a Cascoon and put it onto your Bench. Then, "
                "shuffle your deck.",
                "Once during your turn, when you play this Pokémon from your hand to evolve 1 of your Pokémon, if you "
                "have any Tera Pokémon in play, you may search your deck for up to 2 Trainer cards, reveal them, and "
                "put them into your hand. Then, shuffle your deck."),
        ability("trigger_search_then", "R-POWER-1",
                MOMENT + rf"search your deck for up to (?P<most>\d+) Basic (?P<type>{ANY_TYPE}) Energy cards and "
                rf"(?:discard them|attach them to your (?P<owner>{NAME})'s Pokémon in any way you like)\. Then, "
                r"shuffle your deck\.",
                _search_then,
                "When you play this Pokémon from your hand onto your Bench during your turn, you may search your deck "
                "for up to 3 Basic Fighting Energy cards and discard them. Then, shuffle your deck.",
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may "
                "search your deck for up to 5 Basic darkness Energy cards and attach them to your Marnie's Pokémon in "
                "any way you like. Then, shuffle your deck."),
        ability("trigger_bench_from_opponents_hand", "R-BENCH-2",
                MOMENT + r"have your opponent reveal their hand and you put any number of Basic Pokémon you find there "
                r"onto their Bench\.",
                lambda p, c: _triggered(BenchFromOpponentsHand(), p),
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may have "
                "your opponent reveal their hand and you put any number of Basic Pokémon you find there onto their "
                "Bench."),
        ability("trigger_coin_discard_opponents_energy", "R-POWER-1",
                MOMENT + r"Flip a coin\. If heads, discard an Energy from your opponent's Active Pokémon\.",
                lambda p, c: _triggered(CoinDiscardOpponentsEnergy(), p),
                "Once during your turn, when you play this Pokémon from your hand to evolve 1 of your Pokémon, you may "
                "use this Ability. Flip a coin. If heads, discard an Energy from your opponent's Active Pokémon."),
        ability("trigger_look_top_attach", "R-HIDDEN-1",
                MOMENT + r"[Ll]ook at the top (?P<depth>\d+) cards of your deck and attach any number of Basic Energy "
                r"cards you find there to your Pokémon in any way you like\. Shuffle the other cards back into your "
                r"deck\.",
                lambda p, c: _triggered(LookTopAttach(int(p["depth"])), p),
                "Once during your turn, when you play this Pokémon from your hand to evolve 1 of your Pokémon, you may "
                "use this Ability. Look at the top 4 cards of your deck and attach any number of Basic Energy cards "
                "you find there to your Pokémon in any way you like. Shuffle the other cards back into your deck."),
        ability("trigger_coins_random_hand_cards_to_deck", "R-HIDDEN-1",
                MOMENT + r"flip (?P<coins>\d+) coins\. For each heads, choose a random card from your opponent's "
                r"hand\. Your opponent reveals those cards and shuffles them into their deck\.",
                lambda p, c: _triggered(CoinsRandomHandCardsToDeck(int(p["coins"])), p),
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may flip "
                "2 coins. For each heads, choose a random card from your opponent's hand. Your opponent reveals those "
                "cards and shuffles them into their deck."),
        ability("trigger_attach_up_to", "R-POWER-1",
                MOMENT + rf"[Aa]ttach up to (?P<most>\d+) (?:Basic (?P<type>{TYPES}) Energy|(?!Basic )"
                rf"(?P<named>{NAME} Energy)) cards from your (?P<zone>hand|discard pile) to (?:this Pokémon|your "
                rf"(?P<to>{TYPES}) Pokémon in any way you like)\.",
                _attach,
                "When you play this Pokémon from your hand onto your Bench during your turn, you may attach up to 2 "
                "Basic Fighting Energy cards from your hand to this Pokémon.",
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may "
                "attach up to 2 Basic Metal Energy cards from your discard pile to your Metal Pokémon in any way you "
                "like.",
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may "
                "attach up to 2 Spiky Energy cards from your discard pile to this Pokémon."),
        ability("trigger_switch_in_opponents", "R-RETREAT-6",
                MOMENT + r"[Ss]witch in 1 of your opponent's Benched (?P<basic>Basic )?Pokémon(?: that has "
                r"(?P<hp>\d+) HP or less remaining)? to the Active Spot\.",
                lambda p, c: _triggered(SwitchInOpponents(basic=bool(p["basic"]),
                                                          max_hp=int(p["hp"]) if p["hp"] else None), p),
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may "
                "switch in 1 of your opponent's Benched Pokémon that has 90 HP or less remaining to the Active Spot.",
                "Once during your turn, when this Pokémon moves from your Bench to the Active Spot, you may switch in "
                "1 of your opponent's Benched Basic Pokémon to the Active Spot."),
        ability("trigger_counters_on_opponents", "R-DAMAGE-3",
                MOMENT + r"(?:choose (?P<targets>\d+) of your opponent's Pokémon and put (?P<each>\d+) damage "
                r"counters on each of them|put (?P<counters>\d+) damage counters on 1 of your opponent's Pokémon)\.",
                _counters,
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may "
                "choose 2 of your opponent's Pokémon and put 2 damage counters on each of them.",
                "Once during your turn, when this Pokémon moves from your Bench to the Active Spot, you may put 2 "
                "damage counters on 1 of your opponent's Pokémon."),
        ability("trigger_heal_all_discard_energy", "R-POWER-1",
                MOMENT + r"heal all damage from (?:each of your Evolution Pokémon\. If you healed any damage in this "
                rf"way, discard all Energy from those Pokémon|your Active (?P<type>{TYPES}) Pokémon\. If you healed "
                r"any damage in this way, discard all Energy from that Pokémon)\.",
                lambda p, c: _triggered(HealAllThenDiscardEnergy(p["type"]), p),
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may heal "
                "all damage from each of your Evolution Pokémon. If you healed any damage in this way, discard all "
                "Energy from those Pokémon.",
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may heal "
                "all damage from your Active Grass Pokémon. If you healed any damage in this way, discard all Energy "
                "from that Pokémon."),
        ability("trigger_heal_active_and_recover", "R-STATUS-1",
                MOMENT + r"heal (?P<amount>\d+) damage from your Active Pokémon and have it recover from a Special "
                r"Condition\.",
                lambda p, c: _triggered(HealActiveAndRecover(int(p["amount"])), p),
                "When you play this Pokémon from your hand onto your Bench during your turn, you may heal 30 damage "
                "from your Active Pokémon and have it recover from a Special Condition."),
        ability("trigger_discard_to_hand", "R-POWER-1",
                MOMENT + rf"put up to (?P<most>\d+) (?P<named>{NAME}) cards from your discard pile into your hand\.",
                lambda p, c: _triggered(DiscardToHand(_named(p["named"]), p["named"], int(p["most"])), p),
                "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may put "
                "up to 2 Arven's Sandwich cards from your discard pile into your hand."),
        ability("trigger_switch_in_then_gather_energy", "R-RETREAT-6",
                MOMENT + r"switch it with your Active Pokémon\. If you do, you may move any amount of Energy from "
                r"your other Pokémon to this Pokémon\.",
                _switch_in_gather,
                "When you play this Pokémon from your hand onto your Bench during your turn, you may switch it with "
                "your Active Pokémon. If you do, you may move any amount of Energy from your other Pokémon to this "
                "Pokémon."),
        ability("counters_on_attacker_when_damaged", "R-DAMAGE-3",
                rf"If (?:this Pokémon|your Active (?P<type>{TYPES}) Pokémon) is damaged by an attack from your "
                rf"opponent's Pokémon \(even if (?:this Pokémon|your Active (?P=type) Pokémon) is Knocked Out\), "
                r"(?:put|place) (?P<counters>\d+) damage counters? on the Attacking Pokémon(?: for each "
                rf"(?P<per>{TYPES}) Energy attached to this Pokémon)?\.",
                _counters_on_attacker,
                "If your Active Darkness Pokémon is damaged by an attack from your opponent's Pokémon (even if your "
                "Active Darkness Pokémon is Knocked Out), place 1 damage counter on the Attacking Pokémon.",
                "If this Pokémon is damaged by an attack from your opponent's Pokémon (even if this Pokémon is Knocked "
                "Out), put 2 damage counters on the Attacking Pokémon for each Metal Energy attached to this "
                "Pokémon."),
        ability("trigger_or_knocked_out_discard_opponent_top", "R-POWER-1",
                MOMENT + r"You may also use this Ability if this Pokémon is in the Active Spot and is Knocked Out by "
                r"damage from an attack from your opponent's Pokémon\. Discard the top (?P<count>\d+) cards of your "
                r"opponent's deck\.",
                lambda p, c: TriggeredOrKnockedOut(_moment(p), DiscardOpponentTop(int(p["count"]))),
                "Once during your turn, when you play this Pokémon from your hand to evolve 1 of your Pokémon, you may "
                "use this Ability. You may also use this Ability if this Pokémon is in the Active Spot and is Knocked "
                "Out by damage from an attack from your opponent's Pokémon. Discard the top 2 cards of your "
                "opponent's deck."),
        ability("counters_on_attacker_when_knocked_out_active", "R-DAMAGE-3",
                r"If this Pokémon is in the Active Spot and is Knocked Out by damage from an attack from your "
                r"opponent's Pokémon, put (?P<counters>\d+) damage counters on the Attacking Pokémon\.",
                lambda p, c: CountersWhenKnockedOutActive(int(p["counters"])),
                "If this Pokémon is in the Active Spot and is Knocked Out by damage from an attack from your "
                "opponent's Pokémon, put 3 damage counters on the Attacking Pokémon."),
        ability("energy_to_hand_when_knocked_out", "R-KO-1",
                rf"When 1 of your (?P<type>{TYPES}) Pokémon is Knocked Out by damage from an attack from your "
                r"opponent's Pokémon, you may put all Basic (?P<energy>\w+) Energy attached to that Pokémon into your "
                r"hand instead of the discard pile\.",
                lambda p, c: EnergyToHandWhenKnockedOut(p["type"]) if p["energy"] == p["type"] else None,
                "When 1 of your Water Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon, "
                "you may put all Basic Water Energy attached to that Pokémon into your hand instead of the discard "
                "pile."),
        ability("trigger_named_moves_to_active_gather_energy", "R-ENERGY-3",
                rf"Once during your turn, when your (?P<mover>{NAME}) moves from your Bench to the Active Spot, you "
                r"may use this Ability\. Move any amount of Energy from your Benched Pokémon to your Active Pokémon\.",
                lambda p, c: Triggered("active", GatherEnergy(switch_in=False), mover=p["mover"]),
                "Once during your turn, when your Mega Latias ex moves from your Bench to the Active Spot, you may use "
                "this Ability. Move any amount of Energy from your Benched Pokémon to your Active Pokémon."),
        ability("prize_if_this_knocked_out", "R-KO-2",
                r"If this Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon(?P<ex> ex)?, "
                rf"(?:and if you have any (?P<needs>{NAME}) in play, )?(?:your opponent takes (?P<fewer>\d+) fewer "
                r"Prize cards?|your opponent can't take any Prize cards for it)\.",
                lambda p, c: PrizeIfThisKnockedOut(-int(p["fewer"]) if p["fewer"] else None,
                                                   attacker_tag="ex" if p["ex"] else None, needs=p["needs"]),
                "If this Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon ex, your "
                "opponent can't take any Prize cards for it.",
                "If this Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon, and if you "
                "have any Pecharunt ex in play, your opponent takes 1 fewer Prize card."),
        ability("prize_if_yours_of_type_knocked_out", "R-KO-2",
                rf"If 1 of your (?P<type>{ANY_TYPE}) Pokémon is Knocked Out by damage from an attack from your "
                r"opponent's Pokémon (?:ex|\{ex\}), that player takes (?P<fewer>\d+) fewer Prize cards?\. The effect "
                rf"of (?P<name>{NAME}) doesn't stack\.",
                _yours_of_type,
                "If 1 of your Darkness Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon "
                "ex, that player takes 1 fewer Prize card. The effect of Shadowy Concealment doesn't stack."),
        ability("prize_if_opponents_basic_knocked_out_by_this", "R-KO-2",
                r"If your opponent's Basic Pokémon is Knocked Out by damage from an attack used by this Pokémon, "
                r"take (?P<more>\d+) more Prize cards?\.",
                lambda p, c: PrizeIfOpponentsKnockedOut(int(p["more"]), basic_by_this=True),
                "If your opponent's Basic Pokémon is Knocked Out by damage from an attack used by this Pokémon, take 1 "
                "more Prize card."),
        ability("prize_flip_if_opponents_active_knocked_out", "R-KO-2",
                r"When your opponent's Active Pokémon is Knocked Out, flip a coin\. If heads, take (?P<more>\d+) more "
                rf"Prize cards?\. The effect of (?P<name>{NAME}) doesn't stack\.",
                lambda p, c: PrizeIfOpponentsKnockedOut(int(p["more"]), flip=True, unstacked=p["name"]),
                "When your opponent's Active Pokémon is Knocked Out, flip a coin. If heads, take 1 more Prize card. "
                "The effect of Wonder Kiss doesn't stack."),
    )


__all__ = ["MOMENT", "trigger_templates"]
