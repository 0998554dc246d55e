"""The first templates: one per printed wording of an attack's effect (Scarlet & Violet, Mega
Evolution) — self-damage, coins, Special Conditions, damage prevention, Energy discards, Bench
damage, draws, switches and the simplest "N more damage for each".

A template that changes the printed damage ("N more damage", "N damage for each heads") is the
attack's damage mark: it compiles only an attack printed with that mark ("+", "×"), and an
attack printed with "+" or "×" compiles only with such a template (`compile_attack`).
Wording variants each template accepts are in its `wordings` (the examples the tests use).
The rulings the effects carry out are the effects' own (`cards/effects/`); the rule id is the
one its tests check.
"""
from __future__ import annotations

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
from .base import (
    CONDITION,
    CONDITIONS,
    IGNORED,
    NO_WR_BENCH,
    OPPONENT_ACTIVE,
    TYPES,
    Template,
    count_of,
    more_per,
    template,
)

if TYPE_CHECKING:
    from ...carddb import AttackDef


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
    template("self_damage", "R-DAMAGE-2", r"This Pokémon also does (?P<amount>\d+) damage to itself\.",
             lambda p, a: [SelfDamage(int(p["amount"]))],
             "This Pokémon also does 30 damage to itself."),
    template("cant_attack_next_turn", "R-ATTACK-1",
             r"During your next turn, this Pokémon can't (?:attack|use attacks)\.",
             lambda p, a: [CantAttackNextTurn()],
             "During your next turn, this Pokémon can't attack.",
             "During your next turn, this Pokémon can't use attacks."),
    template("coins_times", "R-DAMAGE-1",
             r"Flip (?P<coins>\d+) coins\. This attack does (?P<per>\d+) damage for each heads\.",
             _times, "Flip 3 coins. This attack does 20 damage for each heads.", mark="×"),
    template("flip_until_tails_times", "R-DAMAGE-1",
             r"Flip a coin until you get tails\. This attack does (?P<per>\d+) damage for each heads\.",
             _until_tails, "Flip a coin until you get tails. This attack does 30 damage for each heads.", mark="×"),
    template("flip_more_damage", "R-DAMAGE-1", r"Flip a coin\. If heads, this attack does (?P<bonus>\d+) more damage\.",
             lambda p, a: [FlipBonusOrSelfDamage(bonus=int(p["bonus"]))],
             "Flip a coin. If heads, this attack does 30 more damage.", mark="+"),
    template("tails_does_nothing", "R-ATTACK-2", r"Flip a coin\. If tails, this attack does nothing\.",
             lambda p, a: [TailsDoesNothing()], "Flip a coin. If tails, this attack does nothing."),
    template("heal_self", "R-DAMAGE-3", r"Heal (?P<amount>\d+) damage from this Pokémon\.",
             _heal, "Heal 30 damage from this Pokémon."),
    template("flip_condition", "R-STATUS-4",
             rf"Flip a coin\. If heads, {OPPONENT_ACTIVE} is now "
             rf"(?P<first>{CONDITION})(?: and (?P<second>{CONDITION}))?\.",
             lambda p, a: [Flip(heads=_conditions(p))],
             "Flip a coin. If heads, your opponent's Active Pokémon is now Paralyzed.",
             "Flip a coin. If heads, the Defending Pokémon is now Paralyzed.",
             "Flip a coin. If heads, your opponent's Active Pokémon is now Confused and Poisoned."),
    template("poisoned_counters", "R-STATUS-5",
             rf"{OPPONENT_ACTIVE} is now Poisoned\. During Pokémon Checkup, put (?P<counters>\d+) damage counters on "
             r"that Pokémon instead of 1\.",
             lambda p, a: [Inflict("poisoned", 10 * int(p["counters"]))],
             "Your opponent's Active Pokémon is now Poisoned. During Pokémon Checkup, put 3 damage counters on that "
             "Pokémon instead of 1."),
    template("condition", "R-STATUS-7",
             rf"{OPPONENT_ACTIVE} is now (?P<first>{CONDITION})(?: and (?P<second>{CONDITION}))?\.",
             lambda p, a: _conditions(p),
             "Your opponent's Active Pokémon is now Confused.", "The Defending Pokémon is now Asleep.",
             "Your opponent's Active Pokémon is now Asleep and Poisoned."),
    template("defending_cant_retreat", "R-RETREAT-1",
             r"During your opponent's next turn, the Defending Pokémon can't retreat\.",
             lambda p, a: [DefendingCantRetreat()],
             "During your opponent's next turn, the Defending Pokémon can't retreat."),
    template("takes_less_damage", "R-DAMAGE-1",
             r"During your opponent's next turn, this Pokémon takes (?P<amount>\d+) less damage from attacks "
             r"\(after applying Weakness and Resistance\)\.",
             lambda p, a: [PreventDamageNextTurn("reduce_damage", int(p["amount"]))],
             "During your opponent's next turn, this Pokémon takes 30 less damage from attacks (after applying "
             "Weakness and Resistance)."),
    template("flip_prevent_all", "R-DAMAGE-1",
             r"Flip a coin\. If heads, during your opponent's next turn, prevent all damage from and effects of "
             r"attacks done to this Pokémon\.",
             lambda p, a: [Flip(heads=PreventDamageNextTurn("prevent_all"))],
             "Flip a coin. If heads, during your opponent's next turn, prevent all damage from and effects of attacks "
             "done to this Pokémon."),
    template("flip_prevent_damage", "R-DAMAGE-1",
             r"Flip a coin\. If heads, during your opponent's next turn, prevent all damage done to this Pokémon "
             r"by attacks\.",
             lambda p, a: [Flip(heads=PreventDamageNextTurn("prevent_damage"))],
             "Flip a coin. If heads, during your opponent's next turn, prevent all damage done to this Pokémon by "
             "attacks."),
    template("discard_own_energy", "R-ENERGY-3",
             rf"Discard (?P<count>an|a|\d+) (?:(?P<type>{TYPES}) )?Energy from this Pokémon\.",
             lambda p, a: [DiscardOwnEnergyAfter(count_of(p["count"]), p["type"] or None)],
             "Discard an Energy from this Pokémon.", "Discard 2 Energy from this Pokémon.",
             "Discard a Fire Energy from this Pokémon."),
    template("discard_defending_energy", "R-ENERGY-3", rf"Discard an Energy from {OPPONENT_ACTIVE}\.",
             lambda p, a: [DiscardDefendingEnergy(1)],
             "Discard an Energy from your opponent's Active Pokémon.", "Discard an Energy from the Defending Pokémon."),
    template("flip_discard_defending_energy", "R-ENERGY-3",
             rf"Flip a coin\. If heads, discard an Energy from {OPPONENT_ACTIVE}\.",
             lambda p, a: [FlipWithChoices(heads=DiscardDefendingEnergy(1))],
             "Flip a coin. If heads, discard an Energy from your opponent's Active Pokémon."),
    template("bench_chosen", "R-DAMAGE-2",
             rf"This attack also does (?P<amount>\d+) damage to (?P<count>\d+) of your opponent's Benched Pokémon\."
             rf"{NO_WR_BENCH}",
             lambda p, a: [ChosenBenchDamage(int(p["amount"]), int(p["count"]))],
             "This attack also does 20 damage to 1 of your opponent's Benched Pokémon. (Don't apply Weakness and "
             "Resistance for Benched Pokémon.)"),
    template("bench_each", "R-DAMAGE-2",
             rf"This attack also does (?P<amount>\d+) damage to each of (?P<whose>your opponent's|your) "
             rf"Benched Pokémon\."
             rf"{NO_WR_BENCH}",
             lambda p, a: [BenchDamage(int(p["amount"]), "opponent" if p["whose"] == "your opponent's" else "own")],
             "This attack also does 10 damage to each of your opponent's Benched Pokémon. (Don't apply Weakness and "
             "Resistance for Benched Pokémon.)",
             "This attack also does 10 damage to each of your Benched Pokémon. (Don't apply Weakness and "
             "Resistance for Benched Pokémon.)"),
    template("draw", "R-TRAINER-5", r"Draw (?:a card|(?P<count>\d+) cards)\.",
             lambda p, a: [DrawCards(int(p["count"] or 1))], "Draw a card.", "Draw 3 cards."),
    template("switch_out_defending", "R-ATTACK-2",
             r"Switch out your opponent's Active Pokémon to the Bench\. "
             r"\(Your opponent chooses the new Active Pokémon\.\)",
             lambda p, a: [SwitchDefending("opponent")],
             "Switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the new Active Pokémon.)"),
    template("switch_in_defending", "R-ATTACK-2",
             r"Switch in 1 of your opponent's Benched Pokémon to the Active Spot\.",
             lambda p, a: [SwitchDefending("attacker")],
             "Switch in 1 of your opponent's Benched Pokémon to the Active Spot."),
    template("switch_self", "R-RETREAT-6", r"Switch this Pokémon with 1 of your Benched Pokémon\.",
             lambda p, a: [SwitchSelf()], "Switch this Pokémon with 1 of your Benched Pokémon."),
    more_per("more_per_own_counter", "damage counter on this Pokémon", lambda n, p: PlusPerOwnCounter(n),
             "This attack does 10 more damage for each damage counter on this Pokémon."),
    more_per("more_per_own_energy", rf"(?P<type>{TYPES}) Energy attached to this Pokémon",
             lambda n, p: PlusPerOwnEnergy(p["type"], n),
             "This attack does 20 more damage for each Water Energy attached to this Pokémon."),
    # "any effects on your opponent's Active Pokémon" alone is not read: the vocabulary's
    # "defender_effects" ignores Weakness and Resistance too, which that wording keeps.
    template("damage_ignores", "R-DAMAGE-1",
             r"This attack's damage isn't affected by (?P<what>Weakness or Resistance, or by any effects on your "
             r"opponent's Active Pokémon|Weakness or Resistance|Resistance|Weakness)\.",
             lambda p, a: [DamageIgnores(*IGNORED[p["what"]])],
             "This attack's damage isn't affected by Resistance.", "This attack's damage isn't affected by Weakness.",
             "This attack's damage isn't affected by Weakness or Resistance.",
             "This attack's damage isn't affected by Weakness or Resistance, or by any effects on your opponent's "
             "Active Pokémon."),
    template("more_if_defending_damaged", "R-DAMAGE-1",
             r"If your opponent's Active Pokémon already has any damage counters on it, this attack does "
             r"(?P<bonus>\d+) more damage\.",
             lambda p, a: [BonusIfDefendingDamaged(int(p["bonus"]))],
             "If your opponent's Active Pokémon already has any damage counters on it, this attack does 30 more "
             "damage.", mark="+"),
    template("heal_each_own", "R-DAMAGE-3", r"Heal (?P<amount>\d+) damage from each of your Pokémon\.",
             lambda p, a: [HealEachOwn(int(p["amount"]) // 10)] if int(p["amount"]) % 10 == 0 else None,
             "Heal 20 damage from each of your Pokémon."),
    template("damage_one_of_theirs", "R-DAMAGE-2",
             rf"This attack does (?P<amount>\d+) damage to 1 of your opponent's Pokémon\.{NO_WR_BENCH}",
             lambda p, a: [DamageChosenOpponent(int(p["amount"]))] if a.damage == 0 else None,
             "This attack does 30 damage to 1 of your opponent's Pokémon. (Don't apply Weakness and Resistance for "
             "Benched Pokémon.)"),
    template("times_own_counters", "R-DAMAGE-1",
             r"This attack does (?P<per>\d+) damage for each damage counter on this Pokémon\.",
             lambda p, a: [TimesOwnCounters()] if int(p["per"]) == a.damage else None,
             "This attack does 20 damage for each damage counter on this Pokémon.", mark="×"),
    more_per("more_per_defending_energy", "Energy attached to your opponent's Active Pokémon",
             lambda n, p: PlusPerDefendingEnergyProvided(n),
             "This attack does 30 more damage for each Energy attached to your opponent's Active Pokémon."),
    more_per("more_per_prize_taken", "Prize card your opponent has taken", lambda n, p: PlusPerPrizeTakenByOpponent(n),
             "This attack does 30 more damage for each Prize card your opponent has taken."),
    more_per("more_per_defending_counter", "damage counter on your opponent's Active Pokémon",
             lambda n, p: PerDefendingCounter(n),
             "This attack does 10 more damage for each damage counter on your opponent's Active Pokémon."),
    template("recover_conditions", "R-STATUS-1", r"This Pokémon recovers from all Special Conditions\.",
             lambda p, a: [RecoverAllConditions()], "This Pokémon recovers from all Special Conditions."),
    template("condition_self", "R-STATUS-7", rf"This Pokémon is now (?P<condition>{CONDITION})\.",
             lambda p, a: [InflictSelf(CONDITIONS[p["condition"]])], "This Pokémon is now Confused."),
    template("discard_defending_tools_first", "R-TRAINER-4",
             r"Before doing damage, discard all Pokémon Tools from your opponent's Active Pokémon\.",
             lambda p, a: [DiscardDefendingToolsFirst()],
             "Before doing damage, discard all Pokémon Tools from your opponent's Active Pokémon."),
)
