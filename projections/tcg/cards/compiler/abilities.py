"""Printed English Ability text compiled into the effect vocabulary (`cards/effects/`).

`compile_power(card)` returns the Power its WHOLE printed text (`PowerDef.text`) compiles to and
the template that matched, else None (the Ability is then declared by the table,
`cards/declared.py`). An Ability template is a regular expression over the WHOLE normalised
text (one space between words, the printed italics `<i>…</i>` dropped) with named parameters,
and a builder that returns the Power (`cards/effects/abilities.py`, `effects/powers.py`), or
None when the parameters don't fit the card. The rulings the Powers take are written in
`effects/abilities.py`.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....messages import msg
from ..effects.abilities import (
    AttachBasicEnergy,
    BoostOwnAttacks,
    CantHaveConditions,
    ConditionOnAttacker,
    ConditionOnOpponentActive,
    CountersThenKnockOut,
    DrawCards,
    FlipPreventsDamage,
    HealEach,
    HealOne,
    HpIfSpecialEnergy,
    LockOpponentPlays,
    LookTopTakeOne,
    NoRetreatCost,
    NoRetreatCostForYours,
    PreventAllFromAttacks,
    PreventAttackEffects,
    PreventDamageFrom,
    PreventDamageFromAndImmune,
    RetreatCostChange,
    SearchDeck,
    SurvivesKnockOut,
    SwitchOwnActive,
    TakesLessDamage,
)
from ..effects.powers import RoughSkin
from .ability_actions import SPECS as ACTION_SPECS
from .ability_passive import PASSIVE_ABILITIES
from .ability_triggers import trigger_templates
from .base import CONDITION, CONDITIONS, TYPES, CompiledCard, count_of, normalise

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ..effects import Power

BuildPower = Callable[[dict[str, str], "CardDef"], "Power | None"]


@dataclass(frozen=True)
class AbilityTemplate:
    name: str
    rule: str                   # the rule its tests check it against
    pattern: re.Pattern[str]
    build: BuildPower           # parameters -> the Power (None: the parameters don't fit the card)
    wordings: tuple[str, ...]   # printed examples it accepts


def ability(name: str, rule: str, regex: str, build: BuildPower, *wordings: str) -> AbilityTemplate:
    return AbilityTemplate(name, rule, re.compile(regex), build, wordings)


def normalise_ability(text: str) -> str:
    """The printed text as the templates read it: `normalise`, without the italics tags."""
    return normalise(re.sub(r"</?i>", "", text))


ACTIVE_DAMAGED = (r"If this Pokémon is in the Active Spot and is damaged by an attack from your opponent's Pokémon "
                  r"\(even if this Pokémon is Knocked Out\), ")


def _draw(p: dict[str, str], card: CardDef) -> Power | None:
    return DrawCards(count_of(p["count"]) if p["count"] else 0, count_of(p["discard"]) if p["discard"] else 0,
                     until=int(p["until"]) if p["until"] else 0, energy=bool(p["energy"]))


def _prevent_from(p: dict[str, str], card: CardDef) -> Power | None:
    if not (p["type"] or p["ex"]):
        return None             # "your opponent's Pokémon" alone: not a wording printed; left declared
    return PreventDamageFrom("ex" if p["ex"] else None, basic=bool(p["basic"]), of_type=p["type"])


def _attach(p: dict[str, str], card: CardDef) -> Power | None:
    to = {"this Pokémon": "self", "1 of your Pokémon": "any", "1 of your Benched Pokémon": "bench"}[p["to"]]
    return AttachBasicEnergy(p["type"], "hand" if p["zone"] == "hand" else "discard", to, often=bool(p["often"]),
                             then_draw=count_of(p["draw"]) if p["draw"] else 0,
                             then_heal=int(p["heal"]) if p["heal"] else 0,
                             prizes_at_most=int(p["prizes"]) if p["prizes"] else None)


def _basic_pokemon_of(kind: str) -> Callable[[CardDef], bool]:
    return lambda c: c.supertype == "Pokemon" and c.stage == "Basic" and c.type == kind


def _basic_energy_of(kind: str) -> Callable[[CardDef], bool]:
    return lambda c: c.is_basic_energy and kind in c.provides


def _search_to_hand(p: dict[str, str], card: CardDef) -> Power | None:
    active = bool(p["active"])
    if p["evo"]:
        kind = p["evo"]
        return SearchDeck(lambda c: c.supertype == "Pokemon" and c.stage not in (None, "Basic") and c.type == kind,
                          msg("Evolution %(type)s Pokémon", type=kind), "hand", most=int(p["most"]),
                          active_only=active, describe=f"Evolution {kind} Pokémon")
    if p["type"]:
        kind = p["type"]
        return SearchDeck(_basic_energy_of(kind), msg("basic %(type)s Energy cards", type=kind), "hand",
                          most=int(p["most"]), active_only=active, describe=f"basic {kind} Energy cards")
    if p["one"] == "Pokémon":
        return SearchDeck(lambda c: c.supertype == "Pokemon", msg("Pokémon card"), "hand", at_least_one=True,
                          active_only=active, describe="Pokémon card")
    return SearchDeck(lambda c: c.trainer_kind == "stadium", msg("Stadium card"), "hand", at_least_one=True,
                      active_only=active, describe="Stadium card")


def _boost(p: dict[str, str], card: CardDef) -> Power | None:
    amount = int(p["amount"])
    if p["basic"]:
        return BoostOwnAttacks(amount, basic=True)
    if p["future"]:
        return BoostOwnAttacks(amount, tag="future", except_name="Iron Crown ex")
    return BoostOwnAttacks(amount, of_type=p["type"], evolution=bool(p["evolution"]))


ABILITY_TEMPLATES: tuple[AbilityTemplate, ...] = (
    ability("takes_less_damage", "R-DAMAGE-1",
            r"(?:This Pokémon|If this Pokémon has (?:(?P<full>full HP)|(?P<energy>any Energy attached)), it) takes "
            r"(?P<amount>\d+) less damage from attacks(?P<opponent> from your opponent's "
            rf"(?:(?P<type1>{TYPES}) or (?P<type2>{TYPES}) )?Pokémon)? "
            r"\(after applying Weakness and Resistance\)\.",
            lambda p, c: TakesLessDamage(int(p["amount"]), full_hp=bool(p["full"]), any_energy=bool(p["energy"]),
                                         opponent=bool(p["opponent"]),
                                         of_types=(p["type1"], p["type2"]) if p["type1"] else ()),
            "This Pokémon takes 30 less damage from attacks (after applying Weakness and Resistance).",
            "If this Pokémon has full HP, it takes 80 less damage from attacks from your opponent's Pokémon (after "
            "applying Weakness and Resistance).",
            "If this Pokémon has any Energy attached, it takes 30 less damage from attacks (after applying Weakness "
            "and Resistance).",
            "This Pokémon takes 30 less damage from attacks from your opponent's Fire or Water Pokémon (after "
            "applying Weakness and Resistance)."),
    ability("prevent_damage_from", "R-DAMAGE-1",
            rf"Prevent all damage done to this Pokémon by attacks from your opponent's (?:(?P<type>{TYPES}) )?"
            r"(?P<basic>Basic )?Pokémon(?P<ex> ex(?: and Pokémon V)?)?\.",
            _prevent_from,
            "Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon ex and Pokémon V.",
            "Prevent all damage done to this Pokémon by attacks from your opponent's Basic Pokémon ex.",
            "Prevent all damage done to this Pokémon by attacks from your opponent's Lightning Pokémon."),
    ability("immune_and_prevent_damage_from_type", "R-DAMAGE-1",
            rf"This Pokémon can't be (?P<condition>{CONDITION})\. Prevent all damage done to this Pokémon by attacks "
            rf"from your opponent's (?P<type>{TYPES}) Pokémon\.",
            lambda p, c: PreventDamageFromAndImmune((CONDITIONS[p["condition"]],), of_type=p["type"]),
            "This Pokémon can't be Burned. Prevent all damage done to this Pokémon by attacks from your opponent's "
            "Fire Pokémon."),
    ability("prevent_damage_from_ability", "R-DAMAGE-1",
            r"Prevent all damage from attacks done to this Pokémon by your opponent's Pokémon that have an Ability\.",
            lambda p, c: PreventDamageFrom(with_ability=True),
            "Prevent all damage from attacks done to this Pokémon by your opponent's Pokémon that have an Ability."),
    ability("survives_knock_out", "R-KO-1",
            r"If this Pokémon has full HP and would be Knocked Out by damage from an attack, it is not Knocked Out, "
            r"and its remaining HP becomes (?P<hp>\d+)\.",
            lambda p, c: SurvivesKnockOut(int(p["hp"]), full_hp=True),
            "If this Pokémon has full HP and would be Knocked Out by damage from an attack, it is not Knocked Out, and "
            "its remaining HP becomes 10."),
    ability("flip_survives_knock_out", "R-KO-1",
            r"If this Pokémon would be Knocked Out by damage from an attack, flip a coin\. If heads, this Pokémon is "
            r"not Knocked Out, and its remaining HP becomes (?P<hp>\d+)\.",
            lambda p, c: SurvivesKnockOut(int(p["hp"]), flip=True),
            "If this Pokémon would be Knocked Out by damage from an attack, flip a coin. If heads, this Pokémon is not "
            "Knocked Out, and its remaining HP becomes 10."),
    ability("boost_own_attacks", "R-DAMAGE-1",
            r"(?:(?P<basic>Your Basic Pokémon's attacks)|Attacks used by your (?:(?P<future>Future Pokémon, except any "
            rf"Iron Crown ex,)|(?P<evolution>Evolution )?(?:(?P<type>{TYPES}) )?Pokémon)) do (?P<amount>\d+) more "
            r"damage to your opponent's Active Pokémon \(before applying Weakness and Resistance\)\.",
            _boost,
            "Attacks used by your Pokémon do 20 more damage to your opponent's Active Pokémon (before applying "
            "Weakness and Resistance).",
            "Your Basic Pokémon's attacks do 30 more damage to your opponent's Active Pokémon (before applying "
            "Weakness and Resistance).",
            "Attacks used by your Future Pokémon, except any Iron Crown ex, do 20 more damage to your opponent's "
            "Active Pokémon (before applying Weakness and Resistance).",
            "Attacks used by your Fighting Pokémon do 30 more damage to your opponent's Active Pokémon (before "
            "applying Weakness and Resistance)."),
    ability("flip_prevents_damage", "R-DAMAGE-1",
            r"If (?:any damage is done to this Pokémon by attacks|this Pokémon has any "
            rf"(?P<type>{TYPES}) Energy attached and is damaged by an attack), flip a coin\. If heads, prevent that "
            r"damage\.",
            lambda p, c: FlipPreventsDamage(p["type"]),
            "If any damage is done to this Pokémon by attacks, flip a coin. If heads, prevent that damage.",
            "If this Pokémon has any Darkness Energy attached and is damaged by an attack, flip a coin. If heads, "
            "prevent that damage."),
    ability("prevent_all_from_attacks", "R-ATTACK-2",
            r"(?:(?P<bench>As long as this Pokémon is on your Bench, p)|P)revent all damage from and effects of "
            r"attacks from your opponent's (?P<tera>Tera )?Pokémon done to this Pokémon\.",
            lambda p, c: PreventAllFromAttacks("tera" if p["tera"] else None, bench_only=bool(p["bench"])),
            "Prevent all damage from and effects of attacks from your opponent's Tera Pokémon done to this Pokémon.",
            "As long as this Pokémon is on your Bench, prevent all damage from and effects of attacks from your "
            "opponent's Pokémon done to this Pokémon."),
    ability("hp_if_special_energy", "R-INPLAY-1",
            r"If this Pokémon has any Special Energy attached, it gets \+(?P<amount>\d+) HP\.",
            lambda p, c: HpIfSpecialEnergy(int(p["amount"])),
            "If this Pokémon has any Special Energy attached, it gets +100 HP."),
    ability("no_retreat_cost_yours", "R-RETREAT-1",
            r"Your (?P<basic>Basic )?Pokémon in play have no Retreat Cost\.",
            lambda p, c: NoRetreatCostForYours(bool(p["basic"])),
            "Your Basic Pokémon in play have no Retreat Cost.", "Your Pokémon in play have no Retreat Cost."),
    ability("retreat_cost_change", "R-RETREAT-1",
            r"(?:Your opponent's Active (?P<evolution>Evolution )?Pokémon's Retreat Cost is (?P<more>(?:Colorless)+) "
            r"more|(?P<bench>As long as this Pokémon is on your Bench, your Active Pokémon's Retreat Cost is "
            r"(?P<less>(?:Colorless)+) less))\.",
            lambda p, c: (RetreatCostChange(len(p["more"]) // len("Colorless"), evolution=bool(p["evolution"]))
                          if p["more"] else
                          RetreatCostChange(-(len(p["less"]) // len("Colorless")), own=True, bench_only=True)),
            "Your opponent's Active Pokémon's Retreat Cost is Colorless more.",
            "As long as this Pokémon is on your Bench, your Active Pokémon's Retreat Cost is ColorlessColorless less."),
    ability("prevent_attack_effects", "R-ATTACK-2",
            r"Prevent all effects of attacks used by your opponent's Pokémon done to (?:this Pokémon\. \(|"
            r"(?P<all>all of your Pokémon that have Energy attached)\. \(Existing effects are not removed\. )"
            r"Damage is not an effect\.\)",
            lambda p, c: PreventAttackEffects(yours_with_energy=bool(p["all"])),
            "Prevent all effects of attacks used by your opponent's Pokémon done to this Pokémon. "
            "(Damage is not an effect.)"),
    ability("no_retreat_cost", "R-RETREAT-1",
            rf"If this Pokémon has (?:no Energy|any (?P<type>{TYPES}) Energy) attached, it has no Retreat Cost\.",
            lambda p, c: NoRetreatCost(p["type"]),
            "If this Pokémon has no Energy attached, it has no Retreat Cost.",
            "If this Pokémon has any Lightning Energy attached, it has no Retreat Cost."),
    ability("no_retreat_cost_all", "R-RETREAT-1",
            rf"All of your Pokémon that have (?P<type>{TYPES}) Energy attached have no Retreat Cost\.",
            lambda p, c: NoRetreatCost(p["type"], everyone=True),
            "All of your Pokémon that have Metal Energy attached have no Retreat Cost."),
    ability("cant_have_condition", "R-STATUS-1",
            rf"This Pokémon can't be (?P<condition>{CONDITION})\.",
            lambda p, c: CantHaveConditions((CONDITIONS[p["condition"]],)),
            "This Pokémon can't be Paralyzed."),
    ability("cant_have_conditions", "R-STATUS-1",
            r"This Pokémon can't be affected by any Special Conditions\.",
            lambda p, c: CantHaveConditions(tuple(CONDITIONS.values())),
            "This Pokémon can't be affected by any Special Conditions."),
    ability("counters_on_attacker", "R-DAMAGE-3",
            ACTIVE_DAMAGED + r"(?:put|place) (?P<count>\d+) damage counters? on the Attacking Pokémon\.",
            lambda p, c: RoughSkin(int(p["count"])),
            "If this Pokémon is in the Active Spot and is damaged by an attack from your opponent's Pokémon (even if "
            "this Pokémon is Knocked Out), put 3 damage counters on the Attacking Pokémon."),
    ability("condition_on_attacker", "R-STATUS-1",
            ACTIVE_DAMAGED + rf"the Attacking Pokémon is now (?P<condition>{CONDITION})\.",
            lambda p, c: ConditionOnAttacker(CONDITIONS[p["condition"]]),
            "If this Pokémon is in the Active Spot and is damaged by an attack from your opponent's Pokémon (even if "
            "this Pokémon is Knocked Out), the Attacking Pokémon is now Poisoned."),
    ability("attach_basic_energy", "R-POWER-1",
            r"(?:(?P<often>As often as you like during your turn)|Once during your turn)"
            r"(?:, if your opponent has (?P<prizes>\d+) or fewer Prize cards remaining)?, you may attach a Basic "
            rf"(?:(?P<type>{TYPES}) )?Energy card from your (?P<zone>hand|discard pile) to "
            r"(?P<to>this Pokémon|1 of your Pokémon|1 of your Benched Pokémon)\."
            r"(?: If you attached Energy to a Pokémon in this way, (?:draw (?P<draw>a|\d+) cards?|"
            r"heal (?P<heal>\d+) damage from that Pokémon)\.)?",
            _attach,
            "Once during your turn, you may attach a Basic Grass Energy card from your hand to this Pokémon. If you "
            "attached Energy to a Pokémon in this way, draw a card.",
            "As often as you like during your turn, you may attach a Basic Water Energy card from your hand to 1 of "
            "your Pokémon.",
            "Once during your turn, if your opponent has 4 or fewer Prize cards remaining, you may attach a Basic "
            "Fighting Energy card from your discard pile to this Pokémon.",
            "Once during your turn, you may attach a Basic Grass Energy card from your hand to 1 of your Pokémon. If "
            "you attached Energy to a Pokémon in this way, heal 30 damage from that Pokémon."),
    ability("condition_on_opponent_active", "R-STATUS-1",
            r"Once during your turn, (?:(?P<stadium>if a Stadium is in play)|(?P<active>if this Pokémon is in the "
            rf"Active Spot))?,? ?you may make your opponent's Active Pokémon (?P<condition>{CONDITION})\.",
            lambda p, c: ConditionOnOpponentActive(CONDITIONS[p["condition"]], needs_stadium=bool(p["stadium"]),
                                                   active_only=bool(p["active"])),
            "Once during your turn, if a Stadium is in play, you may make your opponent's Active Pokémon Poisoned.",
            "Once during your turn, if this Pokémon is in the Active Spot, you may make your opponent's Active "
            "Pokémon Asleep."),
    ability("heal_one", "R-POWER-1",
            r"Once during your turn, (?P<active>if this Pokémon is in the Active Spot, )?you may heal "
            r"(?P<amount>\d+) damage from 1 of your Pokémon\.",
            lambda p, c: HealOne(int(p["amount"]), active_only=bool(p["active"])),
            "Once during your turn, if this Pokémon is in the Active Spot, you may heal 60 damage from 1 of your "
            "Pokémon.",
            "Once during your turn, you may heal 30 damage from 1 of your Pokémon."),
    ability("lock_opponent_plays", "R-TRAINER-1",
            r"As long as this Pokémon is in the Active Spot, your opponent can't play any (?P<kinds>Item cards|Item "
            r"cards or Pokémon Tool cards|Stadium cards) from their hand\.",
            lambda p, c: LockOpponentPlays({"Item cards": ("item",), "Stadium cards": ("stadium",)}.get(
                p["kinds"], ("item", "tool"))),
            "As long as this Pokémon is in the Active Spot, your opponent can't play any Item cards from their hand.",
            "As long as this Pokémon is in the Active Spot, your opponent can't play any Item cards or Pokémon Tool "
            "cards from their hand.",
            "As long as this Pokémon is in the Active Spot, your opponent can't play any Stadium cards from their "
            "hand."),
    ability("look_top_take_one", "R-HIDDEN-1",
            r"Once during your turn, you may look at the top (?P<depth>\d+) cards of your deck and put 1 of them into "
            r"your hand\. Put the other cards? on the bottom of your deck\.",
            lambda p, c: LookTopTakeOne(int(p["depth"])),
            "Once during your turn, you may look at the top 2 cards of your deck and put 1 of them into your hand. Put "
            "the other card on the bottom of your deck."),
    ability("heal_each", "R-POWER-1",
            r"Once during your turn, you may heal (?P<amount>\d+) damage from each of your Pokémon\.",
            lambda p, c: HealEach(int(p["amount"])),
            "Once during your turn, you may heal 20 damage from each of your Pokémon."),
    ability("heal_one_if", "R-POWER-1",
            rf"Once during your turn, if (?:this Pokémon has any (?P<energy>{TYPES}) Energy attached|you have any "
            rf"(?P<mega>{TYPES}) Mega Evolution Pokémon ex in play), you may use this Ability\. Heal (?P<amount>\d+) "
            r"damage from 1 of your Pokémon\.",
            lambda p, c: HealOne(int(p["amount"]), needs_energy=p["energy"], needs_mega=p["mega"]),
            "Once during your turn, if this Pokémon has any Grass Energy attached, you may use this Ability. Heal 30 "
            "damage from 1 of your Pokémon.",
            "Once during your turn, if you have any Grass Mega Evolution Pokémon ex in play, you may use this "
            "Ability. Heal 60 damage from 1 of your Pokémon."),
    ability("switch_own_active", "R-RETREAT-6",
            r"Once during your turn, you may use this Ability\. Switch your Active Pokémon with 1 of your Benched "
            r"Pokémon\.",
            lambda p, c: SwitchOwnActive(),
            "Once during your turn, you may use this Ability. Switch your Active Pokémon with 1 of your Benched "
            "Pokémon."),
    ability("search_to_bench", "R-BENCH-2",
            rf"Once during your turn, you may search your deck for up to (?P<most>\d+) Basic (?P<type>{TYPES}) "
            r"Pokémon and put them onto your Bench\. Then, shuffle your deck\.",
            lambda p, c: SearchDeck(_basic_pokemon_of(p["type"]), msg("Basic %(type)s Pokémon", type=p["type"]),
                                    "bench", most=int(p["most"]), describe=f"Basic {p['type']} Pokémon"),
            "Once during your turn, you may search your deck for up to 2 Basic Lightning Pokémon and put them onto "
            "your Bench. Then, shuffle your deck."),
    ability("search_energy_attach_self", "R-POWER-1",
            rf"Once during your turn, you may search your deck for a Basic (?P<type>{TYPES}) Energy card and attach "
            r"it to this Pokémon\. Then, shuffle your deck\.",
            lambda p, c: SearchDeck(_basic_energy_of(p["type"]), msg("basic %(type)s Energy card", type=p["type"]),
                                    "self", at_least_one=True, describe=f"basic {p['type']} Energy card"),
            "Once during your turn, you may search your deck for a Basic Lightning Energy card and attach it to this "
            "Pokémon. Then, shuffle your deck."),
    ability("search_to_hand", "R-POWER-1",
            r"Once during your turn, (?P<active>if this Pokémon is in the Active Spot, )?you may search your deck "
            rf"for (?:up to (?P<most>\d+) (?:Basic (?P<type>{TYPES}) Energy cards|Evolution (?P<evo>{TYPES}) "
            r"Pokémon), reveal them, and put them|"
            r"a (?P<one>Pokémon|Stadium card), reveal it, and put it) into your hand\. Then, shuffle your deck\.",
            _search_to_hand,
            "Once during your turn, if this Pokémon is in the Active Spot, you may search your deck for up to 2 Basic "
            "Water Energy cards, reveal them, and put them into your hand. Then, shuffle your deck.",
            "Once during your turn, you may search your deck for a Pokémon, reveal it, and put it into your hand. "
            "Then, shuffle your deck.",
            "Once during your turn, you may search your deck for a Stadium card, reveal it, and put it into your "
            "hand. Then, shuffle your deck."),
    ability("counters_then_knock_out", "R-DAMAGE-3",
            r"Once during your turn, you may put (?P<count>\d+) damage counters on 1 of your opponent's Pokémon\. If "
            r"you use this Ability, this Pokémon is Knocked Out\.",
            lambda p, c: CountersThenKnockOut(int(p["count"])),
            "Once during your turn, you may put 5 damage counters on 1 of your opponent's Pokémon. If you use this "
            "Ability, this Pokémon is Knocked Out."),
    ability("draw_cards_more_if_active", "R-POWER-1",
            r"Once during your turn, you may draw (?P<count>a|\d+) cards?\. If this Pokémon is in the Active Spot, "
            r"draw (?P<more>\d+) more cards?\.",
            lambda p, c: DrawCards(count_of(p["count"]), active_bonus=int(p["more"])),
            "Once during your turn, you may draw a card. If this Pokémon is in the Active Spot, draw 1 more card."),
    ability("draw_cards", "R-POWER-1",
            r"(?:You must discard (?P<discard>an?|\d+) (?P<energy>Energy )?cards? from your hand in order to use this "
            r"Ability\. )?Once during your turn, you may draw (?:(?P<count>a|\d+) cards?|cards until you have "
            r"(?P<until>\d+) cards in your hand)\.",
            _draw,
            "Once during your turn, you may draw a card.",
            "You must discard a card from your hand in order to use this Ability. Once during your turn, you may "
            "draw 2 cards.",
            "You must discard an Energy card from your hand in order to use this Ability. Once during your turn, you "
            "may draw cards until you have 6 cards in your hand.",
            "Once during your turn, you may draw cards until you have 3 cards in your hand."),
    *(ability(name, rule, regex, build, *wordings) for name, rule, regex, build, wordings in PASSIVE_ABILITIES),
    *trigger_templates(ability),
    *(ability(s.name, s.rule, s.regex, s.build, *s.wordings) for s in ACTION_SPECS),   # ability_actions.py
)


def compile_power(card: CardDef) -> CompiledCard | None:
    """The Power of an Ability whose WHOLE printed text one template matches; None otherwise."""
    if card.power is None or card.power.kind != "Ability" or not card.power.text:
        return None
    text = normalise_ability(card.power.text)
    for template in ABILITY_TEMPLATES:
        m = template.pattern.fullmatch(text)
        if m is None:
            continue
        power = template.build(m.groupdict(), card)
        return None if power is None else CompiledCard(power, (template.name,))
    return None
