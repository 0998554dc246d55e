"""Templates over conditions of the turn and of the board and what lasts or heals: "If this
Pokémon moved from your Bench to the Active Spot this turn / was healed during this turn, this
attack does N more damage.", "If <condition>, this attack does nothing." (the conditions a table,
`DOES_NOTHING`), "This Pokémon can't use X again until it leaves the Active Spot.", the heals
("Heal N damage from 1 of your … Pokémon.", "… from each of your Basic Pokémon.", "Heal from this
Pokémon the same amount of damage you did …", "This Pokémon is now Asleep. Heal N damage from
it."), and Special Conditions on a condition or three at once.

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes and
`more_damage.py`'s way of reading a table of conditions. The rulings are the blocks'
(`cards/effects/turn_conditions.py`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..effects import HealDamageDone, HealSelf, Inflict
from ..effects.damage_conditions import (
    SIMPLE_CONDITIONS,
    Condition,
    PlusIf,
    defending_tagged,
    defending_type,
    has_condition,
)
from ..effects.turn_conditions import (
    HEALED_THIS_TURN,
    MOVED_TO_ACTIVE_THIS_TURN,
    CantUseUntilLeavesActive,
    DoesNothingIf,
    Fits,
    HealChosenOwn,
    HealEachFitting,
    InflictIf,
    negated,
)
from .base import CONDITION, CONDITIONS, OPPONENT_ACTIVE, TYPES, Template, template
from .lasting import _after
from .more_damage import _union, _which

if TYPE_CHECKING:
    from ...carddb import AttackDef
    from ..effects import Effect

P = dict[str, str]


def _hand_not_exactly(n: int) -> Condition:
    return Condition(f"you don't have exactly {n} cards in your hand", lambda a: len(a.me.hand) != n)


def _bench_at_most(n: int) -> Condition:
    return Condition(f"you have {n} or fewer Benched Pokémon", lambda a: len(a.me.bench) <= n)


def _opponent_prizes_not(counts: tuple[int, ...]) -> Condition:
    return Condition(f"the opponent doesn't have exactly {' or '.join(map(str, counts))} Prize cards left",
                     lambda a: len(a.them.prizes) not in counts)


UNDAMAGED_DEFENDER = Condition("the opponent's Active Pokémon has no damage counters on it",
                               lambda a: a.defender is not None and a.defender.damage == 0)

# "If <condition>, this attack does nothing.": (regex of <condition>, the question that cancels it)
DOES_NOTHING: tuple[tuple[str, Callable[[P], Condition]], ...] = (
    (r"there is no Stadium in play", lambda p: negated(SIMPLE_CONDITIONS["stadium"])),
    (r"you don't have exactly (?P<n>\d+) cards in your hand", lambda p: _hand_not_exactly(int(p["n"]))),
    (r"you don't have the same number of cards in your hand as your opponent",
     lambda p: negated(SIMPLE_CONDITIONS["same_hand"])),
    (r"you have (?P<n>\d+) or fewer Benched Pokémon", lambda p: _bench_at_most(int(p["n"]))),
    (r"your opponent doesn't have exactly (?P<a>\d+) or (?P<b>\d+) Prize cards remaining",
     lambda p: _opponent_prizes_not((int(p["a"]), int(p["b"])))),
    (rf"{OPPONENT_ACTIVE} isn't (?P<c>{CONDITION})",
     lambda p: negated(has_condition("defending", (CONDITIONS[p["c"]],)))),
    (rf"{OPPONENT_ACTIVE} isn't a Pokémon ex",
     lambda p: negated(defending_tagged(frozenset({"ex"}), "a Pokémon ex"))),
    (rf"{OPPONENT_ACTIVE} has no damage counters on it before this attack does damage",
     lambda p: UNDAMAGED_DEFENDER),
)


def _does_nothing(p: P, attack: AttackDef) -> list[Effect] | None:
    build, params = _which(p["condition"], DOES_NOTHING)
    return [DoesNothingIf(build(params))]


def _cant_use_again(p: P, attack: AttackDef) -> list[Effect] | None:
    return [CantUseUntilLeavesActive(p["attack"])] if p["attack"] == attack.name else None


def _heal_chosen(p: P, attack: AttackDef) -> list[Effect] | None:
    if p["amount"] is not None and int(p["amount"]) % 10:
        return None
    fits = Fits(benched=bool(p["benched"]), energy_type=p["type"].capitalize() if p["type"] else None,
                tag="ancient" if p["ancient"] else None)
    return [HealChosenOwn(int(p["amount"]) if p["amount"] else None, fits)]


def _heal_each(p: P, attack: AttackDef) -> list[Effect] | None:
    amount = int(p["amount"])
    if amount % 10:
        return None
    fits = Fits(basic=True) if p["which"] == "Basic" else Fits(benched=True)
    return [HealEachFitting(amount, fits)]


def _heal_it(p: P, attack: AttackDef) -> list[Effect] | None:
    """"Heal N damage from it." only right after "This Pokémon is now <Condition>." (its "it"; or
    alone, as its wording is listed, as `lasting._after` reads such a sentence)."""
    amount = int(p["amount"])
    after_condition = _after(f"Heal {amount} damage from it.", rf"This Pokémon is now (?:{CONDITION})\.")
    if amount % 10 or not after_condition(p, attack):
        return None
    return [HealSelf(amount // 10)]


MORE_IF_TURN = {"moved from your Bench to the Active Spot this turn": MOVED_TO_ACTIVE_THIS_TURN,
                "was healed during this turn": HEALED_THIS_TURN}
LOWER_TYPES = TYPES.lower()

TEMPLATES: tuple[Template, ...] = (
    template("more_if_this_turn", "R-DAMAGE-1",
             rf"If this Pokémon (?P<what>{'|'.join(MORE_IF_TURN)}), this attack does (?P<bonus>\d+) more damage\.",
             lambda p, a: [PlusIf(MORE_IF_TURN[p["what"]], int(p["bonus"]))],
             "If this Pokémon moved from your Bench to the Active Spot this turn, this attack does 90 more damage.",
             "If this Pokémon was healed during this turn, this attack does 90 more damage.", mark="+"),
    template("does_nothing_if", "R-ATTACK-3",
             rf"If (?P<condition>{_union(DOES_NOTHING)}), this attack does nothing\.", _does_nothing,
             "If there is no Stadium in play, this attack does nothing.",
             "If you don't have exactly 3 cards in your hand, this attack does nothing.",
             "If your opponent's Active Pokémon isn't Burned, this attack does nothing.",
             "If you have 4 or fewer Benched Pokémon, this attack does nothing.",
             "If your opponent doesn't have exactly 3 or 4 Prize cards remaining, this attack does nothing.",
             "If your opponent's Active Pokémon has no damage counters on it before this attack does damage, this "
             "attack does nothing."),
    template("cant_use_again_until_leaves_active", "R-ATTACK-1",
             r"This Pokémon can't use (?P<attack>[^.<]+?) again until it leaves the Active Spot\.", _cant_use_again,
             "This Pokémon can't use Test again until it leaves the Active Spot."),
    template("heal_damage_done", "R-DAMAGE-3",
             r"Heal from this Pokémon the same amount of damage you did to your opponent's Active Pokémon\.",
             lambda p, a: [HealDamageDone()],
             "Heal from this Pokémon the same amount of damage you did to your opponent's Active Pokémon."),
    template("heal_chosen_own", "R-DAMAGE-3",
             rf"Heal (?:(?P<amount>\d+)|all) damage from 1 of your (?P<benched>Benched )?"
             rf"(?:(?P<type>{TYPES}|{LOWER_TYPES}) |(?P<ancient>Ancient) )?Pokémon\.", _heal_chosen,
             "Heal 30 damage from 1 of your Pokémon.", "Heal all damage from 1 of your Benched Pokémon.",
             "Heal 120 damage from 1 of your Benched Psychic Pokémon.",
             "Heal 100 damage from 1 of your Benched Ancient Pokémon."),
    template("heal_each_basic_or_benched", "R-DAMAGE-3",
             r"Heal (?P<amount>\d+) damage from each of your (?P<which>Basic|Benched) Pokémon\.", _heal_each,
             "Heal 100 damage from each of your Basic Pokémon.", "Heal 100 damage from each of your Benched Pokémon."),
    template("heal_it_after_condition", "R-DAMAGE-3", r"Heal (?P<amount>\d+) damage from it\.", _heal_it,
             "Heal 30 damage from it."),
    template("three_conditions", "R-STATUS-1",
             rf"{OPPONENT_ACTIVE} is now (?P<a>{CONDITION}), (?P<b>{CONDITION}), and (?P<c>{CONDITION})\.",
             lambda p, a: [Inflict(CONDITIONS[p[k]]) for k in "abc"],
             "Your opponent's Active Pokémon is now Burned, Confused, and Poisoned."),
    template("condition_if_type", "R-STATUS-1",
             rf"If {OPPONENT_ACTIVE} is an? (?P<type>{TYPES}) Pokémon, it is now (?P<condition>{CONDITION})\.",
             lambda p, a: [InflictIf(defending_type(p["type"]), CONDITIONS[p["condition"]])],
             "If your opponent's Active Pokémon is a Dragon Pokémon, it is now Paralyzed."),
)
