"""One template per printed wording of an attack's effect (Scarlet & Violet, Mega Evolution).

A template is a regular expression over the normalised printed text (`normalise`: one space
between words) with named parameters, and a
builder that turns the parameters into effects of the vocabulary. `compile_attack` matches the
templates one after the other from the start of the text; only a match of the WHOLE text
compiles (a sentence no template knows leaves the attack declared). A template that changes
the printed damage ("N more damage", "N damage for each heads") is the attack's damage mark:
it compiles only an attack printed with that mark ("+", "×"), and an attack printed with "+"
or "×" compiles only with such a template.

Wording variants each template accepts are in its `wordings` (the examples the tests use).
The rulings the effects carry out are the effects' own (`cards/effects.py` and the modules
named below); the rule id is the one its tests check.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..effects import (
    BenchDamage,
    BonusIfDefendingDamaged,
    CantAttackNextTurn,
    ChosenBenchDamage,
    CoinsTimes,
    DamageChosenOpponent,
    DamageIgnores,
    DefendingCantRetreat,
    DiscardDefendingEnergy,
    DiscardDefendingToolsFirst,
    DiscardOwnEnergyAfter,
    DrawCards,
    Effect,
    Flip,
    FlipBonusOrSelfDamage,
    FlipUntilTails,
    FlipWithChoices,
    HealEachOwn,
    HealSelf,
    Inflict,
    InflictSelf,
    PerDefendingCounter,
    PlusPerDefendingEnergyProvided,
    PlusPerOwnCounter,
    PlusPerOwnEnergy,
    PlusPerPrizeTakenByOpponent,
    PreventDamageNextTurn,
    RecoverAllConditions,
    SelfDamage,
    SwitchDefending,
    SwitchSelf,
    TailsDoesNothing,
    TimesOwnCounters,
)

if TYPE_CHECKING:
    from ...carddb import AttackDef

TYPES = "Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal|Colorless|Dragon|Fairy"
CONDITIONS = {"Asleep": "asleep", "Burned": "burned", "Confused": "confused", "Paralyzed": "paralyzed",
              "Poisoned": "poisoned"}
# "your opponent's Active Pokémon" (Scarlet & Violet) / "the Defending Pokémon" (older wording)
OPPONENT_ACTIVE = r"(?:[Yy]our opponent's Active Pokémon|[Tt]he Defending Pokémon)"
CONDITION = "|".join(CONDITIONS)
IGNORED = {"Resistance": ("resistance",), "Weakness": ("weakness",),
           "Weakness or Resistance": ("weakness", "resistance"),
           "Weakness or Resistance, or by any effects on your opponent's Active Pokémon":
               ("weakness", "resistance", "defender_effects")}
NO_WR_BENCH = r" \(Don't apply Weakness and Resistance for Benched Pokémon\.\)"
NUMBER_WORDS = {"a": 1, "an": 1, "1": 1}


def _count(word: str) -> int:
    return NUMBER_WORDS.get(word) or int(word)


Build = Callable[[dict[str, str], "AttackDef"], "list[Effect] | None"]


@dataclass(frozen=True)
class Template:
    name: str
    rule: str                   # the rule its tests check it against
    pattern: re.Pattern[str]
    build: Build                # parameters -> effects (None: the parameters don't fit the attack)
    wordings: tuple[str, ...]   # printed examples it accepts
    mark: str = ""              # "+" or "×": it is the attack's printed damage modifier


@dataclass(frozen=True)
class Compiled:
    effects: list[Effect]
    templates: tuple[str, ...]


def _t(name: str, rule: str, regex: str, build: Build, *wordings: str, mark: str = "") -> Template:
    return Template(name, rule, re.compile(regex + r"(?: |$)"), build, wordings, mark)


def _more_per(name: str, each: str, build: Callable[[int, dict[str, str]], Effect], example: str) -> Template:
    """"This attack does N more damage for each <each>." (the printed "+")."""
    return _t(name, "R-DAMAGE-1", rf"This attack does (?P<per>\d+) more damage for each {each}\.",
              lambda p, a: [build(int(p["per"]), p)], example, mark="+")


def _times(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    """"N damage for each heads" repeats the printed number."""
    return [CoinsTimes(int(p["coins"]))] if int(p["per"]) == attack.damage else None


def _until_tails(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    return [FlipUntilTails()] if int(p["per"]) == attack.damage else None


def _heal(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    amount = int(p["amount"])
    return [HealSelf(amount // 10)] if amount % 10 == 0 else None


def _conditions(p: dict[str, str]) -> list[Effect]:
    return [Inflict(CONDITIONS[c]) for c in (p["first"], p.get("second")) if c]


TEMPLATES: tuple[Template, ...] = (
    _t("self_damage", "R-DAMAGE-2", r"This Pokémon also does (?P<amount>\d+) damage to itself\.",
       lambda p, a: [SelfDamage(int(p["amount"]))],
       "This Pokémon also does 30 damage to itself."),
    _t("cant_attack_next_turn", "R-ATTACK-1", r"During your next turn, this Pokémon can't (?:attack|use attacks)\.",
       lambda p, a: [CantAttackNextTurn()],
       "During your next turn, this Pokémon can't attack.", "During your next turn, this Pokémon can't use attacks."),
    _t("coins_times", "R-DAMAGE-1",
       r"Flip (?P<coins>\d+) coins\. This attack does (?P<per>\d+) damage for each heads\.",
       _times, "Flip 3 coins. This attack does 20 damage for each heads.", mark="×"),
    _t("flip_until_tails_times", "R-DAMAGE-1",
       r"Flip a coin until you get tails\. This attack does (?P<per>\d+) damage for each heads\.",
       _until_tails, "Flip a coin until you get tails. This attack does 30 damage for each heads.", mark="×"),
    _t("flip_more_damage", "R-DAMAGE-1", r"Flip a coin\. If heads, this attack does (?P<bonus>\d+) more damage\.",
       lambda p, a: [FlipBonusOrSelfDamage(bonus=int(p["bonus"]))],
       "Flip a coin. If heads, this attack does 30 more damage.", mark="+"),
    _t("tails_does_nothing", "R-ATTACK-2", r"Flip a coin\. If tails, this attack does nothing\.",
       lambda p, a: [TailsDoesNothing()], "Flip a coin. If tails, this attack does nothing."),
    _t("heal_self", "R-DAMAGE-3", r"Heal (?P<amount>\d+) damage from this Pokémon\.",
       _heal, "Heal 30 damage from this Pokémon."),
    _t("flip_condition", "R-STATUS-4",
       rf"Flip a coin\. If heads, {OPPONENT_ACTIVE} is now (?P<first>{CONDITION})(?: and (?P<second>{CONDITION}))?\.",
       lambda p, a: [Flip(heads=_conditions(p))],
       "Flip a coin. If heads, your opponent's Active Pokémon is now Paralyzed.",
       "Flip a coin. If heads, the Defending Pokémon is now Paralyzed.",
       "Flip a coin. If heads, your opponent's Active Pokémon is now Confused and Poisoned."),
    _t("poisoned_counters", "R-STATUS-5",
       rf"{OPPONENT_ACTIVE} is now Poisoned\. During Pokémon Checkup, put (?P<counters>\d+) damage counters on "
       r"that Pokémon instead of 1\.",
       lambda p, a: [Inflict("poisoned", 10 * int(p["counters"]))],
       "Your opponent's Active Pokémon is now Poisoned. During Pokémon Checkup, put 3 damage counters on that "
       "Pokémon instead of 1."),
    _t("condition", "R-STATUS-7",
       rf"{OPPONENT_ACTIVE} is now (?P<first>{CONDITION})(?: and (?P<second>{CONDITION}))?\.",
       lambda p, a: _conditions(p),
       "Your opponent's Active Pokémon is now Confused.", "The Defending Pokémon is now Asleep.",
       "Your opponent's Active Pokémon is now Asleep and Poisoned."),
    _t("defending_cant_retreat", "R-RETREAT-1",
       r"During your opponent's next turn, the Defending Pokémon can't retreat\.",
       lambda p, a: [DefendingCantRetreat()], "During your opponent's next turn, the Defending Pokémon can't retreat."),
    _t("takes_less_damage", "R-DAMAGE-1",
       r"During your opponent's next turn, this Pokémon takes (?P<amount>\d+) less damage from attacks "
       r"\(after applying Weakness and Resistance\)\.",
       lambda p, a: [PreventDamageNextTurn("reduce_damage", int(p["amount"]))],
       "During your opponent's next turn, this Pokémon takes 30 less damage from attacks (after applying "
       "Weakness and Resistance)."),
    _t("flip_prevent_all", "R-DAMAGE-1",
       r"Flip a coin\. If heads, during your opponent's next turn, prevent all damage from and effects of "
       r"attacks done to this Pokémon\.",
       lambda p, a: [Flip(heads=PreventDamageNextTurn("prevent_all"))],
       "Flip a coin. If heads, during your opponent's next turn, prevent all damage from and effects of attacks "
       "done to this Pokémon."),
    _t("flip_prevent_damage", "R-DAMAGE-1",
       r"Flip a coin\. If heads, during your opponent's next turn, prevent all damage done to this Pokémon "
       r"by attacks\.",
       lambda p, a: [Flip(heads=PreventDamageNextTurn("prevent_damage"))],
       "Flip a coin. If heads, during your opponent's next turn, prevent all damage done to this Pokémon by "
       "attacks."),
    _t("discard_own_energy", "R-ENERGY-3",
       rf"Discard (?P<count>an|a|\d+) (?:(?P<type>{TYPES}) )?Energy from this Pokémon\.",
       lambda p, a: [DiscardOwnEnergyAfter(_count(p["count"]), p["type"] or None)],
       "Discard an Energy from this Pokémon.", "Discard 2 Energy from this Pokémon.",
       "Discard a Fire Energy from this Pokémon."),
    _t("discard_defending_energy", "R-ENERGY-3", rf"Discard an Energy from {OPPONENT_ACTIVE}\.",
       lambda p, a: [DiscardDefendingEnergy(1)],
       "Discard an Energy from your opponent's Active Pokémon.", "Discard an Energy from the Defending Pokémon."),
    _t("flip_discard_defending_energy", "R-ENERGY-3",
       rf"Flip a coin\. If heads, discard an Energy from {OPPONENT_ACTIVE}\.",
       lambda p, a: [FlipWithChoices(heads=DiscardDefendingEnergy(1))],
       "Flip a coin. If heads, discard an Energy from your opponent's Active Pokémon."),
    _t("bench_chosen", "R-DAMAGE-2",
       rf"This attack also does (?P<amount>\d+) damage to (?P<count>\d+) of your opponent's Benched Pokémon\."
       rf"{NO_WR_BENCH}",
       lambda p, a: [ChosenBenchDamage(int(p["amount"]), int(p["count"]))],
       "This attack also does 20 damage to 1 of your opponent's Benched Pokémon. (Don't apply Weakness and "
       "Resistance for Benched Pokémon.)"),
    _t("bench_each", "R-DAMAGE-2",
       rf"This attack also does (?P<amount>\d+) damage to each of (?P<whose>your opponent's|your) Benched Pokémon\."
       rf"{NO_WR_BENCH}",
       lambda p, a: [BenchDamage(int(p["amount"]), "opponent" if p["whose"] == "your opponent's" else "own")],
       "This attack also does 10 damage to each of your opponent's Benched Pokémon. (Don't apply Weakness and "
       "Resistance for Benched Pokémon.)",
       "This attack also does 10 damage to each of your Benched Pokémon. (Don't apply Weakness and "
       "Resistance for Benched Pokémon.)"),
    _t("draw", "R-TRAINER-5", r"Draw (?:a card|(?P<count>\d+) cards)\.",
       lambda p, a: [DrawCards(int(p["count"] or 1))], "Draw a card.", "Draw 3 cards."),
    _t("switch_out_defending", "R-ATTACK-2",
       r"Switch out your opponent's Active Pokémon to the Bench\. \(Your opponent chooses the new Active Pokémon\.\)",
       lambda p, a: [SwitchDefending("opponent")],
       "Switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the new Active Pokémon.)"),
    _t("switch_in_defending", "R-ATTACK-2", r"Switch in 1 of your opponent's Benched Pokémon to the Active Spot\.",
       lambda p, a: [SwitchDefending("attacker")],
       "Switch in 1 of your opponent's Benched Pokémon to the Active Spot."),
    _t("switch_self", "R-RETREAT-6", r"Switch this Pokémon with 1 of your Benched Pokémon\.",
       lambda p, a: [SwitchSelf()], "Switch this Pokémon with 1 of your Benched Pokémon."),
    _more_per("more_per_own_counter", "damage counter on this Pokémon", lambda n, p: PlusPerOwnCounter(n),
              "This attack does 10 more damage for each damage counter on this Pokémon."),
    _more_per("more_per_own_energy", rf"(?P<type>{TYPES}) Energy attached to this Pokémon",
              lambda n, p: PlusPerOwnEnergy(p["type"], n),
              "This attack does 20 more damage for each Water Energy attached to this Pokémon."),
    # "any effects on your opponent's Active Pokémon" alone is not read: the vocabulary's
    # "defender_effects" ignores Weakness and Resistance too, which that wording keeps.
    _t("damage_ignores", "R-DAMAGE-1",
       r"This attack's damage isn't affected by (?P<what>Weakness or Resistance, or by any effects on your "
       r"opponent's Active Pokémon|Weakness or Resistance|Resistance|Weakness)\.",
       lambda p, a: [DamageIgnores(*IGNORED[p["what"]])],
       "This attack's damage isn't affected by Resistance.", "This attack's damage isn't affected by Weakness.",
       "This attack's damage isn't affected by Weakness or Resistance.",
       "This attack's damage isn't affected by Weakness or Resistance, or by any effects on your opponent's "
       "Active Pokémon."),
    _t("more_if_defending_damaged", "R-DAMAGE-1",
       r"If your opponent's Active Pokémon already has any damage counters on it, this attack does "
       r"(?P<bonus>\d+) more damage\.",
       lambda p, a: [BonusIfDefendingDamaged(int(p["bonus"]))],
       "If your opponent's Active Pokémon already has any damage counters on it, this attack does 30 more "
       "damage.", mark="+"),
    _t("heal_each_own", "R-DAMAGE-3", r"Heal (?P<amount>\d+) damage from each of your Pokémon\.",
       lambda p, a: [HealEachOwn(int(p["amount"]) // 10)] if int(p["amount"]) % 10 == 0 else None,
       "Heal 20 damage from each of your Pokémon."),
    _t("damage_one_of_theirs", "R-DAMAGE-2",
       rf"This attack does (?P<amount>\d+) damage to 1 of your opponent's Pokémon\.{NO_WR_BENCH}",
       lambda p, a: [DamageChosenOpponent(int(p["amount"]))] if a.damage == 0 else None,
       "This attack does 30 damage to 1 of your opponent's Pokémon. (Don't apply Weakness and Resistance for "
       "Benched Pokémon.)"),
    _t("times_own_counters", "R-DAMAGE-1",
       r"This attack does (?P<per>\d+) damage for each damage counter on this Pokémon\.",
       lambda p, a: [TimesOwnCounters()] if int(p["per"]) == a.damage else None,
       "This attack does 20 damage for each damage counter on this Pokémon.", mark="×"),
    _more_per("more_per_defending_energy", "Energy attached to your opponent's Active Pokémon",
              lambda n, p: PlusPerDefendingEnergyProvided(n),
              "This attack does 30 more damage for each Energy attached to your opponent's Active Pokémon."),
    _more_per("more_per_prize_taken", "Prize card your opponent has taken", lambda n, p: PlusPerPrizeTakenByOpponent(n),
              "This attack does 30 more damage for each Prize card your opponent has taken."),
    _more_per("more_per_defending_counter", "damage counter on your opponent's Active Pokémon",
              lambda n, p: PerDefendingCounter(n),
              "This attack does 10 more damage for each damage counter on your opponent's Active Pokémon."),
    _t("recover_conditions", "R-STATUS-1", r"This Pokémon recovers from all Special Conditions\.",
       lambda p, a: [RecoverAllConditions()], "This Pokémon recovers from all Special Conditions."),
    _t("condition_self", "R-STATUS-7", rf"This Pokémon is now (?P<condition>{CONDITION})\.",
       lambda p, a: [InflictSelf(CONDITIONS[p["condition"]])], "This Pokémon is now Confused."),
    _t("discard_defending_tools_first", "R-TRAINER-4",
       r"Before doing damage, discard all Pokémon Tools from your opponent's Active Pokémon\.",
       lambda p, a: [DiscardDefendingToolsFirst()],
       "Before doing damage, discard all Pokémon Tools from your opponent's Active Pokémon."),
)


def normalise(text: str) -> str:
    """The printed text as templates read it: words separated by single spaces."""
    return " ".join(text.split())


def compile_attack(attack: AttackDef) -> Compiled | None:
    """The effects of an attack whose WHOLE printed text the templates match; None otherwise."""
    text = normalise(attack.text)
    effects: list[Effect] = []
    names: list[str] = []
    marks: set[str] = set()
    pos = 0
    while pos < len(text):
        for template in TEMPLATES:
            m = template.pattern.match(text, pos)
            if m is None:
                continue
            built = template.build(m.groupdict(), attack)
            if built is None:
                return None
            effects.extend(built)
            names.append(template.name)
            if template.mark:
                marks.add(template.mark)
            pos = m.end()
            break
        else:
            return None
    printed = {attack.damage_mark} & {"+", "×"}
    if not names or marks != printed:
        return None
    return Compiled(effects, tuple(names))
