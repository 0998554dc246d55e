"""Ability templates of the passive Abilities (issue 45): Abilities that work by themselves while
their Pokémon is in play — what may attack, what attacks cost, types and HP, damage given and
taken, Abilities switched off. Each is `(name, rule, regex, build, *wordings)` as
`compiler.abilities.ability` takes it (PASSIVE_ABILITIES, spread into ABILITY_TEMPLATES); the
blocks and their rulings are in `effects/ability_passive.py`.

A template reads what the text names (an attack's name, a Trainer's, the Ability excepted) from
the text itself; "The effect of X doesn't stack" names the Ability itself, which then applies once
however many Pokémon with it its player has in play (effects.ability_passive `first_of_its_kind`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...hooks import is_type
from ..effects.ability_passive import (
    AttackCostChange,
    AttacksFirstTurn,
    CantAttackUnless,
    CheckupCounters,
    CountersOnOpponentsPlay,
    DoubleBasicEnergy,
    EvolvesEarly,
    FangOfAnyAmount,
    HealOnOwnAttach,
    HpPlus,
    IgnoresEffectsOnDefender,
    MoreDamage,
    NoAbilities,
    OnlyIntoPlayBy,
    OnOpponentToBench,
    PreventBigDamage,
    PreviousEvolutionsAttacks,
    SeatCount,
    ShieldFromAttacks,
    TypesAre,
    YoursTakeLess,
    benched_of_seat,
    energy_of,
    is_active,
    knocks_itself_out,
    named_in_discard,
    named_in_play,
    opponent_bench,
    opponent_has_rule_box,
    owned_in_play,
    prizes_taken_by_opponent,
    same_hand_size,
    tag_in_play,
)
from ..effects.trainer_text import owned_by
from .base import CONDITION, CONDITIONS, TYPES

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...state import Pokemon, State
    from ..effects import Power

P = dict[str, str]
BuildPower = Callable[[P, "CardDef"], "Power | None"]
# A Trainer whose Pokémon carry their name ("Team Rocket's", "Cynthia's") and an attack's name
OWNER = r"[A-Z][a-z]*(?: [A-Z][a-z]+)?'s"
ATTACK = r"[A-Z][A-Za-z'\-]*(?: [A-Z][A-Za-z'\-]*)*"
# a type as the printed text writes it (some sets' data in lower case: "fighting and psychic")
ANY_TYPE = rf"(?i:{TYPES})"
AFTER_WR = r" \(after applying Weakness and Resistance\)\."
BEFORE_WR = r" \(before applying Weakness and Resistance\)\."
NO_STACK = r"(?: The effect of (?P<name>[A-Z][A-Za-z'\- ]+) doesn't stack\.)?"


def _owner(p: P, key: str = "owner") -> str:
    return p[key][:-len("'s")]


# -- may it attack ------------------------------------------------------------------------------------------

def _cant_attack(p: P, card: CardDef) -> Power | None:
    if p["rule_box"]:
        return CantAttackUnless(opponent_has_rule_box, "this Pokémon can't attack while your opponent has no "
                                "Pokémon ex in play", msg("while the opponent has no Pokémon ex in play"))
    at_least, owner = int(p["n"]), _owner(p)
    count = owned_in_play(owner)
    return CantAttackUnless(lambda s, seat, q: count(s, seat, q) >= at_least,
                            f"this Pokémon can't attack unless you have {at_least} or more {owner}'s Pokémon in play",
                            msg("unless its player has %(num)s or more %(owner)s's Pokémon in play", num=at_least,
                                owner=owner))


# -- what an attack costs -----------------------------------------------------------------------------------

def _per_for_cost(p: P) -> tuple[SeatCount, str]:
    if p["prize"]:
        return prizes_taken_by_opponent, "Prize card your opponent has taken"
    if p["discard"]:
        return named_in_discard(p["discard"]), f"{p['discard']} card in your discard pile"
    return opponent_bench, "of your opponent's Benched Pokémon"


def _cost_less(p: P, card: CardDef) -> Power | None:
    attack = p["attack"] or None
    per, what = _per_for_cost(p)
    which = f"{attack} used by this Pokémon costs" if attack else "attacks used by this Pokémon cost"
    return AttackCostChange(f"{which} {p['kind']} less for each {what}", attack=attack, kind=p["kind"], per=per)


def _cost_becomes(p: P, card: CardDef) -> Power | None:
    attack = p["attack"]
    if p["tera"]:
        kinds = tuple(t for t in TYPES.split("|") for _ in range(p["cost"].count(t)))
        return AttackCostChange(f"while you have any Tera Pokémon in play, {attack} costs {p['cost']}",
                                attack=attack, cost=kinds, when=tag_in_play("tera"))
    return AttackCostChange(f"while your hand has as many cards as your opponent's, {attack} costs no Energy",
                            attack=attack, cost=(), when=same_hand_size)


# -- types and HP -------------------------------------------------------------------------------------------

def _types(p: P, card: CardDef) -> Power | None:
    return TypesAre((p["t1"].capitalize(), p["t2"].capitalize()), tool=p["tool"] or None)


def _hp(p: P, card: CardDef) -> Power | None:
    amount = int(p["n"])
    if p["yours"]:
        if not p["name"]:
            return None
        return HpPlus(amount, f"all of your Pokémon in play get +{amount} HP (it doesn't stack)", yours=True)
    if p["prize"]:
        return HpPlus(amount, f"this Pokémon gets +{amount} HP for each Prize card your opponent has taken",
                      per=prizes_taken_by_opponent)
    return HpPlus(amount, f"this Pokémon gets +{amount} HP for each {p['type']} Energy attached to it",
                  per=energy_of(p["type"]))


def _hp_and_damage(p: P, card: CardDef) -> Power | None:
    kind, hp, more = p["type"], int(p["hp"]), int(p["more"])
    return HpPlus(hp, f"while this Pokémon has any {kind} Energy attached, it gets +{hp} HP and its attacks do "
                      f"{more} more damage to your opponent's Active Pokémon", energy=kind, boost=more)


# -- damage given ------------------------------------------------------------------------------------------

def _boost_yours(p: P, card: CardDef) -> Power | None:
    amount, single = int(p["n"]), bool(p["name"])
    if p["owner"]:
        owner = _owner(p)
        return MoreDamage(amount, lambda s, seat, on, a, d: owned_by(s, a, owner),
                          f"attacks used by your {owner}'s Pokémon do {amount} more damage to your opponent's Active "
                          "Pokémon", single=single)
    if p["t1"]:
        kinds = (p["t1"], p["t2"])
        return MoreDamage(amount, lambda s, seat, on, a, d: any(_is(s, a, t) for t in kinds),
                          f"attacks used by your {kinds[0]} and {kinds[1]} Pokémon do {amount} more damage to your "
                          "opponent's Active Pokémon", single=single)
    return MoreDamage(amount, lambda s, seat, on, a, d: s.card_of(d.top).stage not in (None, "Basic"),
                      f"attacks used by your Pokémon do {amount} more damage to your opponent's Active Evolution "
                      "Pokémon", single=single)


def _is(state: State, p: Pokemon, kind: str) -> bool:
    return is_type(state, p, kind)


def _self(test: Callable[[State, int, Pokemon, Pokemon, Pokemon], bool]) -> Any:
    return lambda s, seat, on, a, d: a is on and test(s, seat, on, a, d)


def _boost_self(p: P, card: CardDef) -> Power | None:
    amount = int(p["n"])
    text = f"attacks used by this Pokémon do {amount} more damage to your opponent's Active Pokémon"
    if p["mega"]:
        kind = p["mega"]
        return MoreDamage(amount, _self(lambda s, seat, on, a, d: any(
            "mega" in s.card_of(q.top).tags and _is(s, q, kind) for q in s.seats[seat].in_play())),
            f"if you have any {kind} Mega Evolution Pokémon ex in play, {text}")
    if p["counters"]:
        at_least = int(p["counters"])
        return MoreDamage(amount, _self(lambda s, seat, on, a, d: on.damage >= at_least * 10),
                          f"if this Pokémon has {at_least} or more damage counters on it, {text}")
    if p["ability"]:
        return MoreDamage(amount, _self(lambda s, seat, on, a, d: (c := s.card_of(d.top).power) is not None
                                        and c.kind == "Ability"), f"{text} that has an Ability")
    return MoreDamage(amount, _self(lambda s, seat, on, a, d: True), f"{text} for each Prize card your opponent "
                      "has taken", per=prizes_taken_by_opponent)


# -- damage taken ------------------------------------------------------------------------------------------

def _take_less(p: P, card: CardDef) -> Power | None:
    amount, single = int(p["n"]), bool(p["name"])
    if p["owner"]:
        owner = _owner(p)
        return YoursTakeLess(amount, lambda s, seat, on, q: owned_by(s, q, owner),
                             f"while this Pokémon is on your Bench, your {owner}'s Pokémon take {amount} less damage "
                             "from your opponent's attacks (it doesn't stack)", single=single, place="bench")
    if p["kin"]:
        others, kin, kind = int(p["others"]), p["kin"], p["btype"]
        return YoursTakeLess(amount, lambda s, seat, on, q: (
            s.card_of(q.top).stage == "Basic" and _is(s, q, kind)
            and sum(s.card_of(x.top).name == kin for x in s.seats[seat].in_play() if x is not on) >= others),
            f"while you have {others} other {kin} in play, your Basic {kind} Pokémon take {amount} less damage "
            "from your opponent's attacks (it doesn't stack)", single=single)
    if p["type"]:
        kind = p["type"]
        return YoursTakeLess(amount, lambda s, seat, on, q: energy_of(kind)(s, seat, q) > 0,
                             f"your Pokémon with any {kind} Energy attached take {amount} less damage from your "
                             "opponent's attacks", single=single)
    return YoursTakeLess(amount, lambda s, seat, on, q: True,
                         f"your Pokémon take {amount} less damage from your opponent's attacks", single=single)


def _shield(p: P, card: CardDef) -> Power | None:
    if p["special"]:
        return ShieldFromAttacks(lambda s, seat, on, q, a: q is on and a is not None and any(
            s.card_of(i).energy_kind == "special" for i in a.energy),
            "prevent all damage from and effects of attacks done to this Pokémon by your opponent's Pokémon that "
            "have any Special Energy attached")
    if p["bench_all"]:
        return ShieldFromAttacks(benched_of_seat, "prevent all damage from and effects of attacks from your "
                                 "opponent's Pokémon done to your Benched Pokémon")
    if p["no_rule_box"]:
        return ShieldFromAttacks(lambda s, seat, on, q, a: benched_of_seat(s, seat, on, q, a)
                                 and "ex" not in s.card_of(q.top).tags,
                                 "prevent all damage done to your Benched Pokémon without a Rule Box by attacks from "
                                 "your opponent's Pokémon", effects=False)
    owner = _owner(p)
    return ShieldFromAttacks(lambda s, seat, on, q, a: s.find_pokemon(q.top)[0] == seat and owned_by(s, q, owner)
                             and s.card_of(q.top).stage == "Basic",
                             f"prevent all effects (not damage) of your opponent's attacks done to your Basic "
                             f"{owner}'s Pokémon", damage=False)


# -- Abilities switched off -------------------------------------------------------------------------------

def _no_abilities(p: P, card: CardDef) -> Power | None:
    if p["damp"]:
        return NoAbilities(knocks_itself_out, "Pokémon in play lose any Ability whose text Knocks Out the Pokémon "
                           "using it")
    if p["except"]:
        name = p["except"]
        return NoAbilities(lambda s, seat, on, q, power: s.seats[seat].active is on and s.seats[1 - seat].active is q
                           and power.name.removeprefix("[Ability] ") != name,
                           f"while this Pokémon is in the Active Spot, your opponent's Active Pokémon has no Abilities "
                           f"but {name}")
    if p["stage"]:
        stage = f"Stage {p['stage']}"
        return NoAbilities(lambda s, seat, on, q, power: s.find_pokemon(on.top)[2] == "bench"
                           and s.find_pokemon(q.top)[2] == "bench" and s.card_of(q.top).stage == stage,
                           f"while this Pokémon is on your Bench, Benched {stage} Pokémon (both players') have no "
                           "Abilities")
    return NoAbilities(lambda s, seat, on, q, power: s.seats[seat].active is on and "ex" in s.card_of(q.top).tags
                       and "future" not in s.card_of(q.top).tags,
                       "while this Pokémon is in the Active Spot, Pokémon ex in play (both players') other than Future "
                       "Pokémon have no Abilities")


# -- the turn's rules and what happens in play ------------------------------------------------------------

def _evolves_early(p: P, card: CardDef) -> Power | None:
    if p["kin"]:
        return EvolvesEarly(named_in_play(p["kin"]), f"if you have {p['kin']} in play, this Pokémon can evolve "
                            "during your first turn or the turn you play it")
    return EvolvesEarly(is_active, "as long as this Pokémon is in the Active Spot, it can evolve during your first "
                        "turn or the turn you play it")


def _counters_on_play(p: P, card: CardDef) -> Power | None:
    n, evolve = int(p["n"]), bool(p["evolve"])
    what = ("plays a Pokémon from their hand to evolve 1 of their Pokémon" if evolve
            else "attaches an Energy card from their hand to 1 of their Pokémon")
    return CountersOnOpponentsPlay(n, f"whenever your opponent {what}, put {n} damage counters on that Pokémon",
                                   evolve=evolve, single=bool(p["name"]))


def _double_energy(p: P, card: CardDef) -> Power | None:
    kind = p["t"].capitalize()
    return DoubleBasicEnergy(kind) if p["tt"].lower() == 2 * kind.lower() and p["name"] else None


def _checkup(p: P, card: CardDef) -> Power | None:
    n = int(p["n"])
    if p["except"]:
        name = p["except"]
        return CheckupCounters(n, lambda s, seat, on, q: (c := s.card_of(q.top)).name != name and c.power is not None
                               and c.power.kind == "Ability",
                               f"during Pokémon Checkup, put {n} damage counter(s) on each Pokémon in play that has an "
                               f"Ability (both players'), except any {name}")
    if p["burned"]:
        return CheckupCounters(n, lambda s, seat, on, q: _seat_of(s, q) == 1 - seat and "burned" in q.conditions,
                               f"during Pokémon Checkup, put {n} more damage counters on your opponent's Burned "
                               "Pokémon", before=True)
    return CheckupCounters(n, lambda s, seat, on, q: is_active(s, seat, on) and _seat_of(s, q) == 1 - seat
                           and s.card_of(q.top).stage == "Basic",
                           f"during Pokémon Checkup, if this Pokémon is in the Active Spot, put {n} damage counters on "
                           "each of your opponent's Basic Pokémon")


def _to_bench(p: P, card: CardDef) -> Power | None:
    when = "as long as this Pokémon is in the Active Spot, " if p["active"] else ""
    what = (f"place {p['n']} damage counters on that Pokémon" if p["n"]
            else f"their new Active Pokémon is now {p['condition']}")
    return OnOpponentToBench(f"{when}whenever your opponent's Active Pokémon moves to the Bench during their turn, "
                             f"{what}", counters=int(p["n"] or 0),
                             condition=CONDITIONS[p["condition"]] if p["condition"] else None,
                             active_only=bool(p["active"]))


def _seat_of(state: State, p: Pokemon) -> int | None:
    return state.find_pokemon(p.top)[0]


PASSIVE_ABILITIES: tuple[tuple[str, str, str, BuildPower, tuple[str, ...]], ...] = (
    ("cant_attack_unless", "R-ATTACK-1",
     rf"(?:This Pokémon can't attack unless you have (?P<n>\d+) or more (?P<owner>{OWNER}) Pokémon in play|"
     r"(?P<rule_box>If your opponent has no Pokémon ex or Pokémon V in play, this Pokémon can't attack))\.",
     _cant_attack,
     ("This Pokémon can't attack unless you have 4 or more Team Rocket's Pokémon in play.",
      "If your opponent has no Pokémon ex or Pokémon V in play, this Pokémon can't attack.")),
    ("ignores_effects_on_defender", "R-DAMAGE-1",
     r"Damage from attacks used by this Pokémon isn't affected by any effects on your opponent's Active Pokémon\.",
     lambda p, c: IgnoresEffectsOnDefender(),
     ("Damage from attacks used by this Pokémon isn't affected by any effects on your opponent's Active Pokémon.",)),
    ("attack_cost_less", "R-ATTACK-1",
     rf"(?:(?P<attack>{ATTACK}) used by this Pokémon costs|Attacks used by this Pokémon cost) (?P<kind>{TYPES}) less "
     r"for each (?:(?P<prize>Prize card your opponent has taken)|(?P<discard>[A-Z][a-z]+) card in your discard pile|"
     r"(?P<bench>of your opponent's Benched Pokémon))\.",
     _cost_less,
     ("Blood Moon used by this Pokémon costs Colorless less for each Prize card your opponent has taken.",
      "Attacks used by this Pokémon cost Colorless less for each Kofu card in your discard pile.",
      "Attacks used by this Pokémon cost Colorless less for each of your opponent's Benched Pokémon.")),
    ("attack_cost_becomes", "R-ATTACK-1",
     rf"(?:(?P<tera>If you have any Tera Pokémon in play), this Pokémon can use the (?P<attack>{ATTACK}) attack for "
     rf"(?P<cost>(?:{TYPES})+)|If you have the same number of cards in your hand as your opponent, ignore all Energy "
     rf"in the cost of (?P<free>{ATTACK}) used by this Pokémon)\.",
     lambda p, c: _cost_becomes({**p, "attack": p["attack"] or p["free"]}, c),
     ("If you have any Tera Pokémon in play, this Pokémon can use the Double-Edge attack for Psychic.",
      "If you have the same number of cards in your hand as your opponent, ignore all Energy in the cost of "
      "Frightening Howl used by this Pokémon.")),
    ("previous_evolutions_attacks", "R-ATTACK-1",
     r"Each of your evolved Pokémon can use any attack from its previous Evolutions\. \(You still need the necessary "
     r"Energy to use each attack\.\)",
     lambda p, c: PreviousEvolutionsAttacks(),
     ("Each of your evolved Pokémon can use any attack from its previous Evolutions. (You still need the necessary "
      "Energy to use each attack.)",)),
    ("types_are", "R-INPLAY-1",
     r"As long as this Pokémon (?:is in play|has a (?P<tool>[A-Z][A-Za-z ]+) attached), it is "
     rf"(?P<t1>{ANY_TYPE}) and (?P<t2>{ANY_TYPE}) type\.",
     _types,
     ("As long as this Pokémon is in play, it is Grass and Fire type.",
      "As long as this Pokémon is in play, it is fighting and psychic type.",
      "As long as this Pokémon has a Future Booster Energy Capsule attached, it is Fighting and Metal type.")),
    ("hp_plus", "R-INPLAY-1",
     rf"(?:This Pokémon gets \+(?P<n>\d+) HP for each (?:(?P<type>{TYPES}) Energy attached to it|"
     r"(?P<prize>Prize card your opponent has taken))|(?P<yours>All of your Pokémon in play get) \+(?P<n2>\d+) HP)\."
     + NO_STACK,
     lambda p, c: _hp({**p, "n": p["n"] or p["n2"]}, c),
     ("This Pokémon gets +40 HP for each Fighting Energy attached to it.",
      "This Pokémon gets +50 HP for each Prize card your opponent has taken.",
      "All of your Pokémon in play get +40 HP. The effect of Vibrant Dance doesn't stack.")),
    ("hp_and_damage_with_energy", "R-DAMAGE-1",
     rf"If this Pokémon has any (?P<type>{TYPES}) Energy attached, it gets \+(?P<hp>\d+) HP, and the attacks it uses "
     r"do (?P<more>\d+) more damage to your opponent's Active Pokémon" + BEFORE_WR,
     _hp_and_damage,
     ("If this Pokémon has any Darkness Energy attached, it gets +100 HP, and the attacks it uses do 100 more damage "
      "to your opponent's Active Pokémon (before applying Weakness and Resistance).",)),
    ("boost_yours", "R-DAMAGE-1",
     rf"Attacks used by your (?:(?P<owner>{OWNER}) Pokémon do (?P<n>\d+) more damage to your opponent's Active "
     rf"Pokémon|(?P<t1>{TYPES}) Pokémon and (?P<t2>{TYPES}) Pokémon do (?P<n2>\d+) more damage to your opponent's "
     r"Active Pokémon|Pokémon do (?P<n3>\d+) more damage to your opponent's Active (?P<evo>Evolution) Pokémon)"
     + BEFORE_WR + NO_STACK,
     lambda p, c: _boost_yours({**p, "n": p["n"] or p["n2"] or p["n3"]}, c),
     ("Attacks used by your Cynthia's Pokémon do 30 more damage to your opponent's Active Pokémon (before applying "
      "Weakness and Resistance).",
      "Attacks used by your Hop's Pokémon do 30 more damage to your opponent's Active Pokémon (before applying "
      "Weakness and Resistance). The effect of Extra Helpings doesn't stack.",
      "Attacks used by your Grass Pokémon and Fire Pokémon do 20 more damage to your opponent's Active Pokémon "
      "(before applying Weakness and Resistance).",
      "Attacks used by your Pokémon do 30 more damage to your opponent's Active Evolution Pokémon (before applying "
      "Weakness and Resistance).")),
    ("boost_self", "R-DAMAGE-1",
     rf"(?:If you have any (?P<mega>{TYPES}) Mega Evolution Pokémon ex in play, a|If this Pokémon has "
     r"(?P<counters>\d+) or more damage counters on it, a|A)ttacks used by this Pokémon do (?P<n>\d+) more damage to "
     r"your opponent's Active Pokémon(?:(?P<ability> that has an Ability)|(?P<prize> for each Prize card your "
     r"opponent has taken))?" + BEFORE_WR,
     lambda p, c: None if not (p["mega"] or p["counters"] or p["ability"] or p["prize"]) else _boost_self(p, c),
     ("If you have any Darkness Mega Evolution Pokémon ex in play, attacks used by this Pokémon do 120 more damage to "
      "your opponent's Active Pokémon (before applying Weakness and Resistance).",
      "If this Pokémon has 2 or more damage counters on it, attacks used by this Pokémon do 120 more damage to your "
      "opponent's Active Pokémon (before applying Weakness and Resistance).",
      "Attacks used by this Pokémon do 50 more damage to your opponent's Active Pokémon that has an Ability (before "
      "applying Weakness and Resistance).",
      "Attacks used by this Pokémon do 30 more damage to your opponent's Active Pokémon for each Prize card your "
      "opponent has taken (before applying Weakness and Resistance).")),
    ("active_weakens_attacks", "R-DAMAGE-1",
     r"As long as this Pokémon is in the Active Spot, attacks used by your opponent's Active Pokémon do (?P<n>\d+) "
     r"less damage" + BEFORE_WR,
     lambda p, c: FangOfAnyAmount(int(p["n"]), c.power.name if c.power else ""),
     ("As long as this Pokémon is in the Active Spot, attacks used by your opponent's Active Pokémon do 30 less "
      "damage (before applying Weakness and Resistance).",)),
    ("yours_take_less", "R-DAMAGE-1",
     rf"(?:(?P<bench>As long as this Pokémon is on your Bench, )a|As long as you have at least (?P<others>\d+) other "
     rf"(?P<kin>[A-Z][a-z]+) in play, a|A)ll of your (?:(?P<owner>{OWNER}) |Basic (?P<btype>{TYPES}) )?Pokémon "
     rf"(?:that have any (?P<type>{TYPES}) Energy attached )?take (?P<n>\d+) less damage from attacks from your "
     r"opponent's Pokémon" + AFTER_WR + NO_STACK,
     lambda p, c: _take_less(p, c) if _fits_take_less(p) else None,
     ("All of your Pokémon that have any Metal Energy attached take 20 less damage from attacks from your opponent's "
      "Pokémon (after applying Weakness and Resistance).",
      "All of your Pokémon take 10 less damage from attacks from your opponent's Pokémon (after applying Weakness and "
      "Resistance).",
      "As long as this Pokémon is on your Bench, all of your Steven's Pokémon take 30 less damage from attacks from "
      "your opponent's Pokémon (after applying Weakness and Resistance). The effect of Stone Palace doesn't stack.",
      "As long as you have at least 1 other Bouffalant in play, all of your Basic Colorless Pokémon take 60 less "
      "damage from attacks from your opponent's Pokémon (after applying Weakness and Resistance). The effect of "
      "Curly Wall doesn't stack.")),
    ("prevent_big_damage", "R-DAMAGE-1",
     r"Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon if that damage is (?P<n>\d+) "
     r"or more\.",
     lambda p, c: PreventBigDamage(int(p["n"])),
     ("Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon if that damage is 200 or "
      "more.",)),
    ("shield_from_attacks", "R-ATTACK-2",
     r"Prevent all (?:damage from and effects of attacks (?:(?P<special>done to this Pokémon by your opponent's "
     r"Pokémon that have any Special Energy attached)|(?P<bench_all>from your opponent's Pokémon done to your Benched "
     r"Pokémon))\.|(?P<no_rule_box>damage done to your Benched Pokémon that don't have a Rule Box by attacks from "
     r"your opponent's Pokémon\. \(Pokémon ex, Pokémon V, etc\. have Rule Boxes\.\))|effects of attacks used by your "
     rf"opponent's Pokémon done to your Basic (?P<owner>{OWNER}) Pokémon\. \(Existing effects are not removed\. "
     r"Damage is not an effect\.\))",
     _shield,
     ("Prevent all damage from and effects of attacks done to this Pokémon by your opponent's Pokémon that have any "
      "Special Energy attached.",
      "Prevent all damage from and effects of attacks from your opponent's Pokémon done to your Benched Pokémon.",
      "Prevent all damage done to your Benched Pokémon that don't have a Rule Box by attacks from your opponent's "
      "Pokémon. (Pokémon ex, Pokémon V, etc. have Rule Boxes.)",
      "Prevent all effects of attacks used by your opponent's Pokémon done to your Basic Team Rocket's Pokémon. "
      "(Existing effects are not removed. Damage is not an effect.)")),
    ("no_abilities", "R-POWER-1",
     r"(?:(?P<damp>Pokémon in play \(both yours and your opponent's\) lose any Ability that requires the Pokémon "
     r"using it to Knock Out itself\.)|As long as this Pokémon is in the Active Spot, (?:your opponent's Active "
     r"Pokémon has no Abilities, except for (?P<except>[A-Z][A-Za-z'\- ]+)\.|(?P<rule_box>Pokémon with a Rule Box in "
     r"play \(both yours and your opponent's\) have no Abilities, except for Future Pokémon\. \(Pokémon ex, Pokémon "
     r"V, etc\. have Rule Boxes\.\)))|As long as this Pokémon is on your Bench, Benched Stage (?P<stage>[12]) Pokémon "
     r"\(both yours and your opponent's\) have no Abilities\.)",
     _no_abilities,
     ("Pokémon in play (both yours and your opponent's) lose any Ability that requires the Pokémon using it to Knock "
      "Out itself.",
      "As long as this Pokémon is in the Active Spot, your opponent's Active Pokémon has no Abilities, except for "
      "Midnight Fluttering.",
      "As long as this Pokémon is in the Active Spot, Pokémon with a Rule Box in play (both yours and your "
      "opponent's) have no Abilities, except for Future Pokémon. (Pokémon ex, Pokémon V, etc. have Rule Boxes.)",
      "As long as this Pokémon is on your Bench, Benched Stage 2 Pokémon (both yours and your opponent's) have no "
      "Abilities.")),
    ("evolves_early", "R-EVOLVE-3",
     r"(?:As long as this Pokémon is in the Active Spot, it|If you have (?P<kin>[A-Z][A-Za-z]+) in play, this "
     r"Pokémon) can evolve during your first turn or the turn you play it\.",
     _evolves_early,
     ("As long as this Pokémon is in the Active Spot, it can evolve during your first turn or the turn you play it.",
      "If you have Karrablast in play, this Pokémon can evolve during your first turn or the turn you play it.")),
    ("attacks_first_turn", "R-ATTACK-5",
     r"If you go first, this Pokémon can use attacks during your first turn\.",
     lambda p, c: AttacksFirstTurn(),
     ("If you go first, this Pokémon can use attacks during your first turn.",)),
    ("counters_on_opponents_play", "R-DAMAGE-3",
     r"Whenever your opponent (?:attaches an Energy card from their hand to 1 of their Pokémon|(?P<evolve>plays a "
     r"Pokémon from their hand to evolve 1 of their Pokémon)), put (?P<n>\d+) damage counters on that Pokémon\."
     + NO_STACK,
     _counters_on_play,
     ("Whenever your opponent attaches an Energy card from their hand to 1 of their Pokémon, put 2 damage counters "
      "on that Pokémon.",
      "Whenever your opponent plays a Pokémon from their hand to evolve 1 of their Pokémon, put 4 damage counters on "
      "that Pokémon. The effect of Darkest Impulse doesn't stack.")),
    ("heal_on_own_attach", "R-POWER-1",
     r"As long as this Pokémon is in the Active Spot, whenever you attach an Energy card from your hand to 1 of your "
     r"Pokémon, heal (?P<n>\d+) damage from that Pokémon\.",
     lambda p, c: HealOnOwnAttach(int(p["n"])),
     ("As long as this Pokémon is in the Active Spot, whenever you attach an Energy card from your hand to 1 of your "
      "Pokémon, heal 90 damage from that Pokémon.",)),
    ("double_basic_energy", "R-ENERGY-2",
     rf"Each Basic (?P<t>{ANY_TYPE}) Energy attached to all of your Pokémon provides (?P<tt>(?:{ANY_TYPE}){{2}}) "
     r"Energy\." + NO_STACK,
     _double_energy,
     ("Each Basic Grass Energy attached to all of your Pokémon provides GrassGrass Energy. The effect of Wild Growth "
      "doesn't stack.",
      "Each Basic grass Energy attached to all of your Pokémon provides grassgrass Energy. The effect of Wild Growth "
      "doesn't stack.")),
    ("only_into_play_by", "R-EVOLVE-1",
     r"Put this Pokémon into play only with the effect of (?P<by>[A-Z][a-z]+'s [A-Z][A-Za-z ]+ Ability)\.",
     lambda p, c: OnlyIntoPlayBy(p["by"]),
     ("Put this Pokémon into play only with the effect of Palafin's Zero to Hero Ability.",)),
    ("on_opponent_to_bench", "R-RETREAT-6",
     r"(?:(?P<active>As long as this Pokémon is in the Active Spot, w)|W)henever your opponent's Active Pokémon moves "
     r"to the Bench during their turn, (?:place (?P<n>\d+) damage counters on that Pokémon|their new Active Pokémon "
     rf"is now (?P<condition>{CONDITION}))\.",
     _to_bench,
     ("Whenever your opponent's Active Pokémon moves to the Bench during their turn, place 2 damage counters on that "
      "Pokémon.",
      "Whenever your opponent's Active Pokémon moves to the Bench during their turn, their new Active Pokémon is now "
      "Burned.",
      "As long as this Pokémon is in the Active Spot, whenever your opponent's Active Pokémon moves to the Bench "
      "during their turn, their new Active Pokémon is now Confused.")),
    ("checkup_counters", "R-CHECKUP-1",
     r"During Pokémon Checkup, (?:put (?P<n>\d+) damage counters? on each Pokémon that has an Ability \(both yours "
     r"and your opponent's\), except any (?P<except>[A-Z][a-z]+)|(?P<active>if this Pokémon is in the Active Spot, )"
     r"put (?P<n2>\d+) damage counters on each of your opponent's Basic Pokémon|put (?P<n3>\d+) more damage "
     r"counters on your opponent's (?P<burned>Burned) Pokémon)\.",
     lambda p, c: _checkup({**p, "n": p["n"] or p["n2"] or p["n3"]}, c),
     ("During Pokémon Checkup, put 1 damage counter on each Pokémon that has an Ability (both yours and your "
      "opponent's), except any Froslass.",
      "During Pokémon Checkup, if this Pokémon is in the Active Spot, put 2 damage counters on each of your "
      "opponent's Basic Pokémon.",
      "During Pokémon Checkup, put 3 more damage counters on your opponent's Burned Pokémon.")),
)


def _fits_take_less(p: P) -> bool:
    """The Bench's wording names an owner's Pokémon, the other kin's a Basic T, the Energy's neither."""
    bench, kin = bool(p["bench"]), bool(p["kin"])
    return bench == bool(p["owner"]) and kin == bool(p["btype"]) and not (p["type"] and (bench or kin))
