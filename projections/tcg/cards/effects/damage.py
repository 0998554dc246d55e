"""An attack's damage: fixed, more or less by what is on the board, to other Pokémon, to itself."""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...contexts import AttackCtx
from ...core import Illegal, energy_count, provided_energy, provides_type
from .base import Effect, attack_memo
from .choices import chosen_cards, one_pokemon_named

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...state import Pokemon, State


class SelfDamage(Effect):
    """This Pokémon does damage to itself (no Weakness or Resistance)."""
    settled_by_check = ()       # combat.deal_damage to its own Pokémon: damage hooks alone

    def __init__(self, amount: int):
        self.amount = amount
        self.text = f"this Pokémon does {amount} damage to itself"

    def after(self, actx: AttackCtx) -> None:
        actx.deal_damage(actx.attacker, self.amount, to_defending=False, apply_wr=False)


class ExtraEnergyBonus(Effect):
    """+`per` damage for each Energy of a type beyond the attack's cost, up to `max_extra`."""

    def __init__(self, energy_type: str, per: int = 10, max_extra: int = 2):
        self.energy_type = energy_type
        self.per = per
        self.max_extra = max_extra
        self.text = (f"+{per} damage for each {energy_type} Energy attached beyond the cost "
                     f"(at most +{per * max_extra})")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        # What pays the cost first: the cost's own specific types (with their own units, then
        # a unit of every type), then Colorless from the rest, using units that don't count for
        # the bonus first, so that the bonus counts what is truly extra (a unit of every type
        # counts as this type).
        pool = list(provided_energy(actx.state, actx.attacker))
        for t in actx.attack.cost:
            if t == "Colorless":
                continue
            pool.remove(t if t in pool else next(u for u in pool if provides_type(u, t)))
        for t in actx.attack.cost:
            if t == "Colorless" and pool:
                others = [u for u in pool if not provides_type(u, self.energy_type)]
                pool.remove(others[0] if others else pool[0])
        extra = min(self.max_extra, sum(1 for u in pool if provides_type(u, self.energy_type)))
        return amount + self.per * extra


class PerDefendingEnergy(Effect):
    settled_by_check = ()       # damage counted from the state
    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"+{per} damage for each Energy card attached to the Defending Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * (len(actx.defender.energy) if actx.defender else 0)


class PerDefendingCounter(Effect):
    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"+{per} damage for each damage counter on the Defending Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * (actx.defender.damage // 10 if actx.defender else 0)


class BenchDamage(Effect):
    """Damage to Benched Pokémon (no Weakness or Resistance, R-DAMAGE-2)."""

    def __init__(self, amount: int, benches: str = "both"):
        self.amount = amount
        self.benches = benches
        whose = {"both": "each Benched Pokémon (both players')", "own": "each of your own Benched Pokémon",
                 "opponent": "each of the opponent's Benched Pokémon"}[benches]
        self.text = f"{amount} damage to {whose}"

    def after(self, actx: AttackCtx) -> None:
        seats = {"both": (actx.seat, actx.opp), "own": (actx.seat,), "opponent": (actx.opp,)}[self.benches]
        for s in seats:
            for p in list(actx.state.seats[s].bench):
                actx.deal_damage(p, self.amount, to_defending=False, apply_wr=False)


class ChosenBenchDamage(Effect):
    """`amount` damage to `count` of the opponent's Benched Pokémon chosen in choices.pokemon
    (every one when there are `count` or fewer); no Weakness or Resistance (R-DAMAGE-2)."""

    def __init__(self, amount: int, count: int = 1):
        self.amount = amount
        self.count = count
        which = "one" if count == 1 else f"{count}"
        self.text = (f"{amount} damage to {which} of the opponent's Benched Pokémon you choose "
                     f"(choices.pokemon{'' if count == 1 else f'; all of them when there are {count} or fewer'})")

    def check(self, actx: AttackCtx) -> None:
        tops = [p.top for p in actx.them.bench]
        attack_memo(actx, self)["targets"] = chosen_cards(actx, tops, self.count,
                                                    msg("of the opponent's Benched Pokémon"), key="pokemon")

    def after(self, actx: AttackCtx) -> None:
        for p in list(actx.them.bench):
            if p.top in attack_memo(actx, self)["targets"]:
                actx.deal_damage(p, self.amount, to_defending=False, apply_wr=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[1 - seat].bench
        if len(bench) <= self.count:
            return [{}]
        return [{"pokemon": [p.top for p in c]} for c in combinations(bench, self.count)]


class MinusPerOwnCounter(Effect):
    """The printed damage minus `per` for each damage counter on this Pokémon (Karate Chop)."""
    settled_by_check = ()       # damage counted from the state

    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"the printed damage minus {per} for each damage counter on this Pokémon (never below 0)"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return max(0, amount - self.per * (actx.attacker.damage // 10))


class PerOwnCounter(Effect):
    """Damage is the printed number times the damage counters on this Pokémon (Flail)."""

    def __init__(self) -> None:
        self.text = "the printed damage times the number of damage counters on this Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return actx.attack.damage * (actx.attacker.damage // 10)


class TimesEnergy(Effect):
    """The printed damage times the Energy attached to this Pokémon (and, with `defending`, to
    the Defending Pokémon too)."""

    def __init__(self, defending: bool = False):
        self.defending = defending
        whose = "this Pokémon and the Defending Pokémon" if defending else "your Active Pokémon (this one)"
        self.text = f"the printed damage times the amount of Energy attached to {whose}"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        units = energy_count(actx.state, actx.attacker)
        if self.defending and actx.defender is not None:
            units += energy_count(actx.state, actx.defender)
        return actx.attack.damage * units


class FixedDamage(Effect):
    """An attack printed without a number that does `amount` damage to the Defending Pokémon."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = f"{amount} damage to the Defending Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return self.amount


class BonusIfDefendingDamaged(Effect):
    """+`bonus` damage when the Defending Pokémon already has damage counters."""

    def __init__(self, bonus: int):
        self.bonus = bonus
        self.text = f"+{bonus} damage if the Defending Pokémon has any damage counters"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        return amount + self.bonus if d is not None and d.damage > 0 else amount


class DamageChosenOpponent(Effect):
    """`amount` damage to one of the opponent's Pokémon, chosen in choices.pokemon. No vocabulary
    effect picks the target of an attack's own damage: the Active takes it as the attack's damage
    to the Defending Pokémon, a Benched one as Bench damage."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = (f"{amount} damage to one of the opponent's Pokémon you choose (choices.pokemon); "
                     "Weakness and Resistance count only for the Active Pokémon")

    def _target(self, actx: AttackCtx) -> Pokemon:
        target = one_pokemon_named(actx.choices, actx.them.in_play())
        if target is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of the opponent's Pokémon in "
                                            "play.", attack=actx.attack.name))
        return target

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["target"] = self._target(actx)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        target = attack_memo(actx, self)["target"]
        return amount + self.amount if target is actx.defender else amount

    def after(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self)["target"]
        if target is not actx.defender:
            actx.deal_damage(target, self.amount, to_defending=False, apply_wr=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        theirs = state.seats[1 - seat].in_play()
        return [{}] if len(theirs) <= 1 else [{"pokemon": [p.top]} for p in theirs]


class NeedsTwoDefending(Effect):
    """A part of an attack that acts only between two Defending Pokémon (a 2-on-2 game), which a
    game with one Active Pokémon a side never has: it narrates that nothing happens."""

    def __init__(self, what: str):
        self.what = what        # what does not happen, in a sentence (a translatable `msg`)
        self.text = f"{what} — only with 2 Defending Pokémon, so nothing happens in a game with one Active each"

    def after(self, actx: AttackCtx) -> None:
        actx.say(msg("%(attack)s: the opponent has only 1 Defending Pokémon, so nothing else happens (%(what)s).",
                     attack=actx.attack.name, what=self.what))


class PlusPerExtraEnergy(Effect):
    """+`per` for each Energy unit attached beyond the attack's cost, whatever its type
    (ExtraEnergyBonus counts one type, up to a cap)."""

    def __init__(self, per: int = 10, max_extra: int | None = None):
        self.per = per
        self.max_extra = max_extra
        self.text = (f"+{per} damage for each Energy attached to this Pokémon beyond this attack's cost"
                     + (f" (at most +{per * max_extra})" if max_extra is not None else ""))

    def damage(self, actx: AttackCtx, amount: int) -> int:
        extra = max(0, len(provided_energy(actx.state, actx.attacker)) - len(actx.attack.cost))
        if self.max_extra is not None:
            extra = min(extra, self.max_extra)
        return amount + self.per * extra


class DamageIgnores(Effect):
    """The attack's damage to the Defending Pokémon ignores Weakness, Resistance, or every effect
    on the Defending Pokémon (AttackCtx.ignores; combat.py)."""

    _WORDS = {"weakness": "Weakness", "resistance": "Resistance",
              "defender_effects": "Weakness, Resistance and every effect on the Defending Pokémon "
                                  "(its powers, Trainer and Energy cards, effects of attacks)"}

    def __init__(self, *ignores: str):
        self.ignores = frozenset(ignores)
        self.text = "this attack's damage ignores " + " and ".join(self._WORDS[w] for w in ignores)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        actx.ignores.update(self.ignores)
        return amount


class PlusPerOwnCounter(Effect):
    """The printed damage plus `per` for each damage counter on this Pokémon (Rage)."""

    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"the printed damage plus {per} for each damage counter on this Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * (actx.attacker.damage // 10)


class BaseIfEnergyDiffers(Effect):
    """The base damage is `base` instead of the printed one when this Pokémon and the
    Defending Pokémon have a different amount of Energy attached (Link Blast)."""

    def __init__(self, base: int):
        self.base = base
        self.text = (f"if this Pokémon and the Defending Pokémon have a different amount of Energy "
                     f"attached (Energy provided, not cards), the base damage is {base}")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        mine = energy_count(actx.state, actx.attacker)
        theirs = energy_count(actx.state, d) if d is not None else 0
        other = actx.name(d) if d else msg("the Defending Pokémon")
        if mine == theirs:
            actx.say(msg("%(pokemon)s and %(other)s both have %(energy)s Energy: %(attack)s's base damage stays "
                         "%(damage)s.", pokemon=actx.attacker_name, other=other, energy=mine,
                         attack=actx.attack.name, damage=amount))
            return amount
        actx.say(msg("%(pokemon)s has %(energy)s Energy and %(other)s %(other_energy)s: %(attack)s's base damage is "
                     "%(damage)s.", pokemon=actx.attacker_name, energy=mine, other=other, other_energy=theirs,
                     attack=actx.attack.name, damage=self.base))
        return self.base


class PlusPerOwnEnergy(Effect):
    """+`per` damage for each Energy of `energy_type` this Pokémon has (not only beyond the cost)."""

    def __init__(self, energy_type: str, per: int = 10):
        self.energy_type = energy_type
        self.per = per
        self.text = f"+{per} damage for each {energy_type} Energy attached to this Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * energy_count(actx.state, actx.attacker, self.energy_type)


class PlusPerDefendingEnergyProvided(Effect):
    """+`per` damage for each Energy (units provided) attached to the Defending Pokémon."""

    def __init__(self, per: int):
        self.per = per
        self.text = f"+{per} damage for each Energy attached to the opponent's Active Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        return amount + self.per * (energy_count(actx.state, d) if d is not None else 0)


class PlusPerPrizeTakenByOpponent(Effect):
    def __init__(self, per: int):
        self.per = per
        self.text = f"+{per} damage for each Prize card your opponent has taken"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        taken = max(0, actx.state.prize_count - len(actx.them.prizes))
        return amount + self.per * taken


class TimesOwnCounters(Effect):
    text = "the printed damage times the number of damage counters on this Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return actx.attack.damage * (actx.attacker.damage // 10)
