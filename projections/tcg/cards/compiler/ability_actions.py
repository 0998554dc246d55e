"""Printed English text of the Abilities a player uses (attaching and moving Energy, moving damage
counters, switching, healing, searching, a cost paid first) compiled into the vocabulary
(`cards/effects/ability_actions.py`, whose docstring holds the rulings).

`SPECS` are Ability templates as `compiler/abilities.py` reads them (`ability(...)`, one entry
of its ABILITY_TEMPLATES, after its own templates): a regular expression over the WHOLE
normalised text with named parameters and a builder. Some printings write a type in lower case
("Basic lightning Energy"): a type is read whatever its case (`TYPE`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ....messages import msg
from ... import carddb
from ...carddb import has_type
from ..effects.abilities import ConditionOnOpponentActive, DrawCards, HealEach
from ..effects.ability_actions import (
    AttachEnergyCards,
    Conditioned,
    CountersForMoreDamage,
    DevolveOpponents,
    DiscardPokemonToBench,
    EachPlayerDraws,
    EnergyKind,
    FlipOpponentEnergyToHand,
    HealActive,
    LookTopMayDiscard,
    MoveCounters,
    MoveEnergy,
    Need,
    Onto,
    OpponentHandToTheirBench,
    OpponentShufflesHandDraws,
    PaidFirst,
    SearchAttachSpread,
    SearchAttachToBenched,
    SearchDeckIf,
    SwapHandWithTop,
    SwitchBoth,
    SwitchInFromBench,
    SwitchInOpponents,
    active_has_ability,
    energy_attached,
    first_turn,
    in_active,
    mega_ex_in_play,
    on_bench,
    played_supporter,
)
from .base import TYPES

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...state import State
    from ..effects import Power

BuildPower = Callable[[dict[str, str], "CardDef"], "Power | None"]


class Spec(NamedTuple):
    name: str
    rule: str
    regex: str
    build: BuildPower
    wordings: tuple[str, ...]


TYPE = rf"(?i:{TYPES})"
OWNER = r"(?:[A-Z][a-z]+ )*[A-Z][a-z]+'s"          # "Ethan's", "Team Rocket's"
NAMED = r"[A-Z][a-z]+(?:'s)?(?: [A-Z][a-z]+)*"      # a card's name: "Chill Teaser Toy", "Janine's Secret Art"
WHEN = r"(?:(?P<often>As often as you like)|Once) during your turn, "
MEGA = rf"if you have any (?:(?P<mega>{TYPE}) )?Mega Evolution Pokémon (?:ex|\{{ex\}}) in play, "
USE = r"you may use this Ability\. "


def _type(word: str | None) -> str | None:
    return word.capitalize() if word else None


def _needs(p: dict[str, str]) -> tuple[Need, ...]:
    needs: list[Need] = []
    if p.get("active"):
        needs.append(in_active)
    if p.get("lead"):
        needs.append(active_has_ability(p["lead"]))
    if p.get("bench"):
        needs.append(on_bench)
    if p.get("megaword") or p.get("mega"):
        needs.append(mega_ex_in_play(_type(p.get("mega"))))
    if p.get("energy"):
        needs.append(energy_attached(_type(p["energy"]) if p["energy"] != "any" else None))
    return tuple(needs)


# -- attaching Energy --------------------------------------------------------------------------------------

ATTACH_WHAT = (rf"(?:a Basic (?P<type>{TYPE}) Energy card|up to (?P<most>\d+) Basic (?:(?P<types>{TYPE}) )?Energy "
               r"cards|"
               rf"(?P<anyenergy>an Energy card)|a Basic (?P<a>{TYPE}) Energy card, a Basic (?P<b>{TYPE}) Energy card, "
               r"or 1 of each)")
ATTACH_TO = (rf"(?:1 of your (?P<benched>Benched )?(?:(?P<owner>{OWNER}) |(?P<of>{TYPE}) )?Pokémon|"
             rf"your Active (?P<activeowner>{OWNER}) Pokémon|"
             rf"(?P<spread>your (?:(?P<spreadtype>{TYPE}) )?Pokémon in any way you like))")


def _attach(p: dict[str, str], card: CardDef) -> Power | None:
    if bool(p["a"]) > bool(p["spread"]) or bool(p["spread"]) > bool(p["a"] or p["most"]):
        return None             # "in any way you like" is printed with more than one card only
    types = tuple(t for t in (_type(p["type"] or p["types"]), _type(p["a"]), _type(p["b"])) if t)
    energy = EnergyKind(types, basic=not p["anyenergy"])
    if p["spread"]:
        onto = Onto("any", of_type=_type(p["spreadtype"]))
    elif p["activeowner"]:
        onto = Onto("active", owner=p["activeowner"])
    else:
        onto = Onto("bench" if p["benched"] else "any", owner=p["owner"], of_type=_type(p["of"]))
    zone = "hand" if p["zone"] == "hand" else "discard"
    return AttachEnergyCards(energy, zone, onto, most=int(p["most"] or (2 if p["a"] else 1)), one_each=bool(p["a"]),
                             spread=bool(p["spread"]), knock_out_self=bool(p["ko"]), often=bool(p["often"]),
                             needs=_needs(p))


# -- moving Energy, damage counters -------------------------------------------------------------------------

def _move_energy(p: dict[str, str], card: CardDef) -> Power | None:
    if bool(p["other"]) != bool(p["self"]):
        return None
    kind = _type(p["type"])
    energy = EnergyKind((kind,) if kind else (), basic=not p["any"])
    return MoveEnergy(energy, to_self=bool(p["self"]), often=bool(p["often"]))


def _move_counters(p: dict[str, str], card: CardDef) -> Power | None:
    return MoveCounters(int(p["most"] or p["count"]), up_to=bool(p["most"]), owner=p["owner"],
                        to_opponent=bool(p["opp"]), often=bool(p["often"]), needs=_needs(p))


# -- searching the deck --------------------------------------------------------------------------------------

def _search(p: dict[str, str], card: CardDef) -> Power | None:
    fits: Callable[[CardDef], bool]
    if p["owner"]:
        owner = p["owner"]
        fits = lambda c: c.supertype == "Pokemon" and str(c.name).startswith(owner + " ")    # noqa: E731
        what, describe = msg("%(owner)s Pokémon", owner=owner), f"{owner} Pokémon"
    elif p["named"]:
        named = p["named"]
        fits = lambda c: str(c.name) == named      # noqa: E731
        what, describe = msg("%(name)s card", name=named), f"{named} card"
    else:
        fits = lambda c: c.supertype == "Pokemon" and c.stage not in (None, "Basic")    # noqa: E731
        what, describe = msg("Evolution Pokémon"), "Evolution Pokémon"
    return SearchDeckIf(fits, what, "hand", at_least_one=True, describe=describe, needs=_needs(p))


def _search_attach(p: dict[str, str], card: CardDef) -> Power | None:
    kind, onto = _type(p["type"]), _type(p["onto"])
    assert kind is not None, "the pattern"
    return SearchAttachToBenched(lambda c: c.is_basic_energy and kind in c.provides,
                                 msg("basic %(type)s Energy card", type=kind), "self", at_least_one=True,
                                 describe=f"basic {kind} Energy card", needs=(), onto=Onto("bench", of_type=onto),
                                 counters=int(p["counters"] or 0))


def _search_any(p: dict[str, str], card: CardDef) -> Power | None:
    return SearchDeckIf(lambda c: True, msg("card"), "hand", at_least_one=True, describe="card", needs=_needs(p),
                        reveal=False)


def _fan_call(p: dict[str, str], card: CardDef) -> Power | None:
    own = str(card.power.name).removeprefix("[Ability] ") if card.power else ""
    kind = _type(p["type"])
    if p["name"] != own or kind is None:
        return None             # the limit names another Ability than its own: not a wording printed
    hp, most = int(p["hp"]), int(p["most"])
    return SearchDeckIf(lambda c: c.supertype == "Pokemon" and has_type(c.type, kind) and (c.hp or 0) <= hp,
                        msg("%(type)s Pokémon with %(hp)s HP or less", type=kind, hp=hp), "hand", most=most,
                        describe=f"{kind} Pokémon with {hp} HP or less", needs=(first_turn,), by_name=True)


def _search_attach_self(p: dict[str, str], card: CardDef) -> Power | None:
    kind = _type(p["type"])
    assert kind is not None, "the pattern"
    return SearchDeckIf(lambda c: c.is_basic_energy and kind in c.provides,
                        msg("basic %(type)s Energy cards", type=kind), "self", most=int(p["most"]),
                        describe=f"basic {kind} Energy cards", needs=())


def _after_supporter(p: dict[str, str], card: CardDef) -> Power | None:
    name = p["supporter"]
    if not any(c.name == name and c.trainer_kind == "supporter" for c in carddb.all_cards()):
        return None             # "if you played <X>" names a Supporter card; another card is not read
    then = _then("Once during your turn, " + p["rest"], card)
    if then is None or not hasattr(then, "use"):
        return None
    return Conditioned(then, (played_supporter(name),), f"if you played {name} from your hand this turn")


def _search_spread(p: dict[str, str], card: CardDef) -> Power | None:
    a, b, c, d = (_type(p[k]) for k in "abcd")
    if a is None or b is None or c is None or d is None or {a, b} != {c, d} or a == b:
        return None             # the Energy's types are the Pokémon's: as printed
    return SearchAttachSpread(EnergyKind((a, b)), (c, d), most=2)


# -- a cost paid first ----------------------------------------------------------------------------------------

def _then(text: str, card: CardDef) -> Power | None:
    """The Power the rest of the text compiles to (abilities.py's templates, this one's too)."""
    from .abilities import ABILITY_TEMPLATES  # that module lists these templates: imported when used
    for template in ABILITY_TEMPLATES:
        m = template.pattern.fullmatch(text)
        if m is not None:
            return template.build(m.groupdict(), card)
    return None


CARDLESS = (DrawCards, ConditionOnOpponentActive, SwitchInOpponents)      # Abilities whose choices name no card


def _basic_energy_of(kind: str) -> Callable[[State, str], bool]:
    return lambda state, i: EnergyKind((kind,)).fits(state, i)


def _paid(p: dict[str, str], card: CardDef) -> Power | None:
    then = _then(p["rest"], card)
    if not isinstance(then, CARDLESS) or (isinstance(then, DrawCards) and then.discard):
        return None             # the cost is named in choices.cards: only before an effect that names none
    if p["bottom"]:
        return PaidFirst(then, lambda state, i: True, msg("a card"), "hand", to_bottom=True)
    if p["named"]:
        named = p["named"]
        if p["zone"] != "your hand":
            return None
        return PaidFirst(then, lambda state, i: str(state.card_of(i).name) == named, msg("a %(name)s card", name=named),
                         "hand")
    if bool(p["card"]) != (p["zone"] == "your hand"):
        return None             # "Energy card from your hand", "Energy from this Pokémon": as printed
    kind = _type(p["type"])
    assert kind is not None, "the pattern"
    zone = "hand" if p["zone"] == "your hand" else "self"
    return PaidFirst(then, _basic_energy_of(kind), msg("a basic %(type)s Energy card", type=kind), zone)


SPECS: tuple[Spec, ...] = (
    Spec("attach_energy_cards", "R-POWER-1",
         WHEN + rf"(?:(?P<bench>if this Pokémon is on your Bench), {USE}A|(?P<megaword>{MEGA}){USE}A|you may a)ttach "
         + ATTACH_WHAT + r" from your (?P<zone>hand|discard pile) to " + ATTACH_TO
         + r"\.(?P<ko> If you use this Ability, this Pokémon is Knocked Out\.)?",
         _attach,
         ("Once during your turn, you may attach up to 2 Basic Fire Energy cards from your hand to 1 of your Benched "
          "Ethan's Pokémon.",
          "As often as you like during your turn, you may attach a Basic Lightning Energy card from your hand to 1 of "
          "your Iono's Pokémon.",
          "Once during your turn, you may attach a Basic Fire Energy card, a Basic Fighting Energy card, or 1 of each "
          "from your hand to your Pokémon in any way you like.",
          "As often as you like during your turn, if you have any Fire Mega Evolution Pokémon ex in play, you may use "
          "this Ability. Attach a Basic Fire Energy card from your hand to 1 of your Benched Fire Pokémon.",
          "Once during your turn, if this Pokémon is on your Bench, you may use this Ability. Attach an Energy card "
          "from your hand to your Active Larry's Pokémon.")),
    Spec("move_energy", "R-POWER-1",
         WHEN + rf"you may (?:use this Ability\. M|m)ove (?:a Basic (?:(?P<type>{TYPE}) )?Energy|(?P<any>an Energy)) "
         r"from 1 of your (?P<other>other )?Pokémon to (?:(?P<self>this Pokémon)|another of your Pokémon)\.",
         _move_energy,
         ("As often as you like during your turn, you may use this Ability. Move a Basic Grass Energy from 1 of your "
          "Pokémon to another of your Pokémon.",
          "Once during your turn, you may move a Basic Energy from 1 of your Pokémon to another of your Pokémon.",
          "As often as you like during your turn, you may use this Ability. Move an Energy from 1 of your other "
          "Pokémon to this Pokémon.")),
    Spec("move_damage_counters", "R-DAMAGE-3",
         WHEN + rf"(?:if this Pokémon has any (?P<energy>{TYPE}) Energy attached, )?you may move (?:up to "
         rf"(?P<most>\d+)|(?P<count>\d+)) damage counters? from 1 of your (?:(?P<owner>{OWNER}) )?Pokémon to "
         r"(?:(?P<opp>1 of your opponent's Pokémon)|another of your Pokémon)\.",
         _move_counters,
         ("Once during your turn, if this Pokémon has any Darkness Energy attached, you may move up to 3 damage "
          "counters from 1 of your Pokémon to 1 of your opponent's Pokémon.",
          "As often as you like during your turn, you may move 1 damage counter from 1 of your Team Rocket's Pokémon "
          "to another of your Pokémon.")),
    Spec("heal_active", "R-POWER-1",
         r"Once during your turn, you may heal (?P<amount>\d+) damage from your Active Pokémon\.",
         lambda p, c: HealActive(int(p["amount"])),
         ("Once during your turn, you may heal 20 damage from your Active Pokémon.",)),
    Spec("heal_each_used", "R-POWER-1",
         r"Once during your turn, you may use this Ability\. Heal (?P<amount>\d+) damage from each of your Pokémon\.",
         lambda p, c: HealEach(int(p["amount"])),
         ("Once during your turn, you may use this Ability. Heal 30 damage from each of your Pokémon.",)),
    Spec("switch_both_actives", "R-RETREAT-6",
         r"Once during your turn, you may switch your Active Pokémon with 1 of your Benched Pokémon\. If you do, "
         r"switch out your opponent's Active Pokémon to the Bench\. \(Your opponent chooses the new Active "
         r"Pokémon\.\)",
         lambda p, c: SwitchBoth(),
         ("Once during your turn, you may switch your Active Pokémon with 1 of your Benched Pokémon. If you do, switch "
          "out your opponent's Active Pokémon to the Bench. (Your opponent chooses the new Active Pokémon.)",)),
    Spec("switch_in_from_bench", "R-RETREAT-6",
         r"Once during your turn, if this Pokémon is on your Bench, (?:you may switch it with your Active Pokémon|"
         r"and (?P<megaword>if you have any Mega Evolution Pokémon ex in play), you may use this Ability\. Switch "
         r"this Pokémon with your Active Pokémon)\.",
         lambda p, c: SwitchInFromBench(needs=_needs({**p, "bench": "yes"})),
         ("Once during your turn, if this Pokémon is on your Bench, you may switch it with your Active Pokémon.",
          "Once during your turn, if this Pokémon is on your Bench, and if you have any Mega Evolution Pokémon ex in "
          "play, you may use this Ability. Switch this Pokémon with your Active Pokémon.")),
    Spec("search_named_to_hand", "R-POWER-1",
         r"Once during your turn, (?:if this Pokémon has (?P<energy>any) Energy attached, )?you may (?:use this "
         rf"Ability\. S|s)earch your deck for (?:an? (?P<owner>{OWNER}) Pokémon|(?P<evolution>an Evolution Pokémon)|"
         rf"an? (?P<named>{OWNER} [A-Z][a-z]+) card), reveal it, and put it into your hand\. Then, shuffle your "
         r"deck\.",
         _search,
         ("Once during your turn, you may use this Ability. Search your deck for an Erika's Pokémon, reveal it, and "
          "put it into your hand. Then, shuffle your deck.",
          "Once during your turn, you may search your deck for an Ethan's Adventure card, reveal it, and put it into "
          "your hand. Then, shuffle your deck.",
          "Once during your turn, if this Pokémon has any Energy attached, you may use this Ability. Search your deck "
          "for an Evolution Pokémon, reveal it, and put it into your hand. Then, shuffle your deck.")),
    Spec("cost_paid_first", "R-POWER-1",
         rf"You must (?:discard (?:a Basic (?P<type>{TYPE}) Energy(?P<card> card)?|an? (?P<named>{NAMED}) card) from "
         r"(?P<zone>your hand|this Pokémon)|"
         r"(?P<bottom>put a card from your hand on the bottom of your deck)) in order to use this Ability\. "
         r"(?P<rest>Once during your turn, .+)",
         _paid,
         ("You must discard a Basic Lightning Energy from this Pokémon in order to use this Ability. Once during your "
          "turn, you may draw cards until you have 6 cards in your hand.",
          "You must discard a Basic Fire Energy card from your hand in order to use this Ability. Once during your "
          "turn, you may make your opponent's Active Pokémon Burned.")),
    Spec("search_energy_attach_to_benched", "R-POWER-1",
         rf"Once during your turn, you may use this Ability\. Search your deck for a Basic (?P<type>{TYPE}) Energy "
         rf"card and attach it to 1 of your Benched (?P<onto>{TYPE}) Pokémon\. Then, shuffle your deck\.(?: If you "
         r"attached Energy to a Pokémon in this way, place (?P<counters>\d+) damage counters on that Pokémon\.)?",
         _search_attach,
         ("Once during your turn, you may use this Ability. Search your deck for a Basic Darkness Energy card and "
          "attach it to 1 of your Benched Darkness Pokémon. Then, shuffle your deck. If you attached Energy to a "
          "Pokémon in this way, place 2 damage counters on that Pokémon.",)),
    Spec("search_any_card_if_active_has", "R-HIDDEN-1",
         r"Once during your turn, if your Active Pokémon has the (?P<lead>[A-Z][a-z]+(?: [A-Z][a-z]+)*) Ability, you "
         r"may search your deck for a card and put it into your hand\. Then, shuffle your deck\.",
         _search_any,
         ("Once during your turn, if your Active Pokémon has the Festival Lead Ability, you may search your deck for a "
          "card and put it into your hand. Then, shuffle your deck.",)),
    Spec("swap_hand_with_top", "R-HIDDEN-1",
         r"Once during your turn, you may use this Ability\. Switch a card from your hand with the top card of your "
         r"deck\.",
         lambda p, c: SwapHandWithTop(),
         ("Once during your turn, you may use this Ability. Switch a card from your hand with the top card of your "
          "deck.",)),
    Spec("discard_pokemon_to_bench", "R-BENCH-2",
         r"Once during your turn, (?P<active>if this Pokémon is in the Active Spot, )?you may put a Basic Pokémon with "
         r"(?P<hp>\d+) HP or less from your discard pile onto your Bench\.",
         lambda p, c: DiscardPokemonToBench(int(p["hp"]), needs=_needs(p)),
         ("Once during your turn, if this Pokémon is in the Active Spot, you may put a Basic Pokémon with 70 HP or "
          "less from your discard pile onto your Bench.",)),
    Spec("flip_opponent_energy_to_hand", "R-POWER-1",
         r"Once during your turn, you may use this Ability\. Flip a coin\. If heads, put an Energy attached to your "
         r"opponent's Active Pokémon into their hand\.",
         lambda p, c: FlipOpponentEnergyToHand(),
         ("Once during your turn, you may use this Ability. Flip a coin. If heads, put an Energy attached to your "
          "opponent's Active Pokémon into their hand.",)),
    Spec("counters_for_more_damage", "R-DAMAGE-1",
         r"Once during your turn, you may put (?P<counters>\d+) damage counters on this Pokémon\. If you do, during "
         r"this turn, attacks used by this Pokémon do (?P<amount>\d+) more damage to your opponent's Active Pokémon "
         r"\(before applying Weakness and Resistance\)\.",
         lambda p, c: CountersForMoreDamage(int(p["counters"]), int(p["amount"])),
         ("Once during your turn, you may put 5 damage counters on this Pokémon. If you do, during this turn, attacks "
          "used by this Pokémon do 120 more damage to your opponent's Active Pokémon (before applying Weakness and "
          "Resistance).",)),
    Spec("each_player_draws", "R-POWER-1",
         r"Once during your turn, (?:(?P<active>if this Pokémon is in the Active Spot), you may use this Ability\. "
         r"Each player draws a card|you may have each player draw a card)\.",
         lambda p, c: EachPlayerDraws(1, needs=_needs(p)),
         ("Once during your turn, you may have each player draw a card.",
          "Once during your turn, if this Pokémon is in the Active Spot, you may use this Ability. Each player draws "
          "a card.")),
    Spec("opponent_shuffles_hand_draws", "R-POWER-1",
         r"Once during your turn, (?P<active>if this Pokémon is in the Active Spot, )?you may have your opponent "
         r"shuffle their hand into their deck and draw (?P<count>\d+) cards\.",
         lambda p, c: OpponentShufflesHandDraws(int(p["count"]), needs=_needs(p)),
         ("Once during your turn, if this Pokémon is in the Active Spot, you may have your opponent shuffle their hand "
          "into their deck and draw 3 cards.",)),
    Spec("switch_in_opponents", "R-RETREAT-6",
         r"Once during your turn, you may (?:(?P<flip>flip a coin\. If heads, )s|s)witch in 1 of your opponent's "
         r"Benched Pokémon to the Active Spot(?P<confused>, and the new Active Pokémon is now Confused)?\.",
         lambda p, c: SwitchInOpponents(flip=bool(p["flip"]), confused=bool(p["confused"])),
         ("Once during your turn, you may flip a coin. If heads, switch in 1 of your opponent's Benched Pokémon to the "
          "Active Spot, and the new Active Pokémon is now Confused.",)),
    Spec("opponent_hand_to_their_bench", "R-HIDDEN-1",
         r"Once during your turn, you may use this Ability\. Your opponent reveals their hand, and you put a Basic "
         r"Pokémon with (?P<hp>\d+) HP or less that you find there onto your opponent's Bench\.",
         lambda p, c: OpponentHandToTheirBench(int(p["hp"])),
         ("Once during your turn, you may use this Ability. Your opponent reveals their hand, and you put a Basic "
          "Pokémon with 70 HP or less that you find there onto your opponent's Bench.",)),
    Spec("search_first_turn_by_name", "R-POWER-1",
         rf"Once during your first turn, you may search your deck for up to (?P<most>\d+) (?P<type>{TYPE}) Pokémon "
         r"with (?P<hp>\d+) HP or less, reveal them, and put them into your hand\. Then, shuffle your deck\. You "
         r"can't use more than 1 (?P<name>[A-Z][a-z]+(?: [A-Z][a-z]+)*) Ability during your turn\.",
         _fan_call,
         ()),
    Spec("devolve_opponents", "R-EVOLVE-5",
         r"Once during your turn, (?P<active>if this Pokémon is in the Active Spot, )?you may devolve 1 of your "
         r"opponent's evolved Pokémon by putting the highest Stage Evolution card on it into your opponent's hand\.",
         lambda p, c: DevolveOpponents(needs=_needs(p)),
         ("Once during your turn, if this Pokémon is in the Active Spot, you may devolve 1 of your opponent's evolved "
          "Pokémon by putting the highest Stage Evolution card on it into your opponent's hand.",)),
    Spec("search_energy_attach_self_up_to", "R-POWER-1",
         rf"Once during your turn, you may use this Ability\. Search your deck for up to (?P<most>\d+) Basic "
         rf"(?P<type>{TYPE}) Energy cards and attach them to this Pokémon\. Then, shuffle your deck\.",
         _search_attach_self,
         ("Once during your turn, you may use this Ability. Search your deck for up to 2 Basic Lightning Energy cards "
          "and attach them to this Pokémon. Then, shuffle your deck.",)),
    Spec("after_a_supporter", "R-POWER-1",
         rf"Once during your turn, if you played (?P<supporter>{NAMED}) from your hand this turn, (?P<rest>you may .+)",
         _after_supporter,
         ("Once during your turn, if you played Canari from your hand this turn, you may use this Ability. Search "
          "your deck for up to 2 Basic Lightning Energy cards and attach them to this Pokémon. Then, shuffle your "
          "deck.",
          "Once during your turn, if you played Janine's Secret Art from your hand this turn, you may draw cards until "
          "you have 8 cards in your hand.")),
    Spec("look_top_may_discard", "R-HIDDEN-1",
         r"Once during your turn, you may look at the top card of your deck\. You may discard that card\.",
         lambda p, c: LookTopMayDiscard(),
         ("Once during your turn, you may look at the top card of your deck. You may discard that card.",)),
    Spec("search_one_of_each_attach_spread", "R-POWER-1",
         rf"Once during your turn, you may search your deck for a Basic (?P<a>{TYPE}) Energy card, a Basic "
         rf"(?P<b>{TYPE}) Energy card, or 1 of each and attach them to your (?P<c>{TYPE}) Pokémon and (?P<d>{TYPE}) "
         r"Pokémon in any way you like\. Then, shuffle your deck\.",
         _search_spread,
         ("Once during your turn, you may search your deck for a Basic Psychic Energy card, a Basic Metal Energy "
          "card, or 1 of each and attach them to your Psychic Pokémon and Metal Pokémon in any way you like. Then, "
          "shuffle your deck.",)),
)
