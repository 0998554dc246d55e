"""What the modern damage wordings count and ask about Energy and Tools ("for each Special Energy
card attached to this Pokémon", "if your opponent's Active Pokémon has a Pokémon Tool attached")
— `Count`s and `Condition`s for `damage_conditions.py`'s PlusPer, TimesPer and PlusIf, which take
its rulings ("Energy attached" counts the Energy the cards provide; "Energy card(s)", "Special
Energy", "Basic Energy" and Tools count cards) — and damage dealt per such a count: to each of
the opponent's Benched Pokémon, or to 1 of their Pokémon the attacker chooses.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...contexts import AttackCtx
from ...core import energy_count
from .base import attack_memo
from .damage import BenchDamage, DamageChosenOpponent
from .damage_conditions import ENERGY, Condition, Count

if TYPE_CHECKING:
    from ...state import Pokemon, State


class BenchDamagePer(BenchDamage):
    """"This attack also does `per` damage to each of your opponent's Benched Pokémon for each
    <count>." (no Weakness or Resistance, R-DAMAGE-2): the count read after the attack's damage."""

    def __init__(self, per: int, count: Count):
        super().__init__(per, "opponent")
        self.count = count
        self.text = f"{per} damage to each of the opponent's Benched Pokémon for each {count.text}"

    def after(self, actx: AttackCtx) -> None:
        amount = self.amount * self.count.count(actx)
        for p in list(actx.them.bench) if amount else []:
            actx.deal_damage(p, amount, to_defending=False, apply_wr=False)


class DamageChosenPer(DamageChosenOpponent):
    """"This attack does `per` damage to 1 of your opponent's Pokémon for each <count>.": as
    DamageChosenOpponent, the amount `per` times the count."""

    def __init__(self, per: int, count: Count):
        super().__init__(per)
        self.count = count
        self.text = (f"{per} damage for each {count.text} to one of the opponent's Pokémon you choose "
                     "(choices.pokemon); Weakness and Resistance count only for the Active Pokémon")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        target = attack_memo(actx, self)["target"]
        return amount + self.amount * self.count.count(actx) if target is actx.defender else amount

    def after(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self)["target"]
        if target is not actx.defender:
            actx.deal_damage(target, self.amount * self.count.count(actx), to_defending=False, apply_wr=False)

# -- what the damage wordings count and ask -----------------------------------------------------------

def _specials(state: State, p: Pokemon) -> int:
    return sum(state.card_of(i).energy_kind == "special" for i in p.energy)


def _tools(state: State, p: Pokemon) -> int:
    return sum(state.card_of(i).trainer_kind == "tool" for i in p.attached)


def _both_in_play(a: AttackCtx) -> list[Pokemon]:
    return a.me.in_play() + a.them.in_play()


SPECIAL_ON_SELF = Count("Special Energy card attached to this Pokémon", lambda a: _specials(a.state, a.attacker))
BASIC_ON_SELF = Count("Basic Energy card attached to this Pokémon",
                      lambda a: sum(a.state.card_of(i).is_basic_energy for i in a.attacker.energy))
SPECIAL_ON_OPPONENTS = Count("Special Energy card attached to the opponent's Pokémon",
                             lambda a: sum(_specials(a.state, p) for p in a.them.in_play()))
TOOLS_IN_PLAY = Count("Pokémon Tool attached to any Pokémon in play (both players')",
                      lambda a: sum(_tools(a.state, p) for p in _both_in_play(a)))
DEFENDING_TOOL = Condition("the opponent's Active Pokémon has a Pokémon Tool attached",
                           lambda a: a.defender is not None and _tools(a.state, a.defender) > 0)
MORE_THAN_DEFENDING = Condition("this Pokémon has more Energy attached than the opponent's Active Pokémon",
                                lambda a: energy_count(a.state, a.attacker)
                                > (energy_count(a.state, a.defender) if a.defender else 0), ENERGY)


def on_opponents(energy_type: str | None) -> Count:
    return Count(f"{energy_type} Energy attached to the opponent's Pokémon",
                 lambda a: sum(energy_count(a.state, p, energy_type) for p in a.them.in_play()), ENERGY)


def on_owned(energy_type: str, owner: str) -> Count:
    """<type> Energy on the attacking player's Pokémon whose name begins with `owner` ("<Trainer>'s")."""
    return Count(f"{energy_type} Energy attached to your {owner} Pokémon",
                 lambda a: sum(energy_count(a.state, p, energy_type) for p in a.me.in_play()
                               if str(a.state.card_of(p.top).name).startswith(owner + " ")), ENERGY)


def self_energy_at_least(n: int, energy_type: str) -> Condition:
    return Condition(f"this Pokémon has {n} or more {energy_type} Energy attached",
                     lambda a: energy_count(a.state, a.attacker, energy_type) >= n, ENERGY)


def energy_in_play_at_least(n: int) -> Condition:
    return Condition(f"you have {n} or more Energy in play",
                     lambda a: sum(energy_count(a.state, p) for p in a.me.in_play()) >= n, ENERGY)
