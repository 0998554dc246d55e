"""Coin flips: an effect on heads or tails, damage per heads, flipping until tails."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...contexts import AttackCtx
from ...core import energy_count
from .base import Effect, attack_memo
from .damage import SelfDamage

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...state import Pokemon, State


class Flip(Effect):
    """Flip a coin after damage; heads and tails each run their own effects."""

    def __init__(self, heads: Effect | list[Effect] | tuple[Effect, ...] = (),
                 tails: Effect | list[Effect] | tuple[Effect, ...] = ()):
        self.heads = list(heads) if isinstance(heads, (list, tuple)) else [heads]
        self.tails = list(tails) if isinstance(tails, (list, tuple)) else [tails]
        parts = []
        if self.heads:
            parts.append("heads: " + ", ".join(e.describe() for e in self.heads))
        if self.tails:
            parts.append("tails: " + ", ".join(e.describe() for e in self.tails))
        self.text = "flip a coin — " + "; ".join(parts)

    @property
    def settled_by_check(self) -> tuple[str, ...] | None:       # type: ignore[override]
        asked = [getattr(e, "settled_by_check", None) for e in (*self.heads, *self.tails)]
        return None if None in asked else tuple(h for a in asked if a for h in a)

    def after(self, actx: AttackCtx) -> None:
        branch = self.heads if actx.flip(actx.attack.name) else self.tails
        for e in branch:
            if hasattr(e, "after"):
                e.after(actx)


class FlipWithChoices(Flip):
    """A Flip whose branch effects take choices: their checks run before the flip (a wrong choice
    is refused before any coin) and `legal_actions` offers their options."""

    def _branches(self) -> list[Effect]:
        return self.heads + self.tails

    def check(self, actx: AttackCtx) -> None:
        for e in self._branches():
            if hasattr(e, "check"):
                e.check(actx)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{}]
        for e in self._branches():
            if hasattr(e, "options"):
                out = [{**a, **b} for a in out for b in e.options(state, seat, attacker)]
        return out


class CoinsTimes(Effect):
    """Flip N coins; the damage is the printed number times the heads."""

    def __init__(self, coins: int):
        self.coins = coins
        self.text = f"flip {coins} coins: the printed damage times the number of heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins))
        return actx.attack.damage * heads


class FlipBonusOrSelfDamage(Effect):
    """Flip: heads adds `bonus` damage; tails this Pokémon does `self_damage` to itself."""

    def __init__(self, bonus: int = 0, self_damage: int = 0):
        self.bonus = bonus
        self.self_damage = self_damage
        parts = []
        if bonus:
            parts.append(f"heads: +{bonus} damage")
        if self_damage:
            parts.append(f"tails: {self_damage} damage to itself")
        self.text = "flip a coin — " + "; ".join(parts)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = actx.flip(actx.attack.name)
        attack_memo(actx, self)["heads"] = heads
        return amount + (self.bonus if heads else 0)

    def after(self, actx: AttackCtx) -> None:
        if not attack_memo(actx, self)["heads"] and self.self_damage:
            SelfDamage(self.self_damage).after(actx)


class TailsDoesNothing(Effect):
    """Flip before damage: tails, the attack does nothing."""
    text = "flip a coin — tails: this attack does nothing"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if not actx.flip(actx.attack.name):
            actx.did_nothing = True
        return amount


class HeadsTimesOwnCounters(Effect):
    """Flip: heads, `per` damage for each damage counter on this Pokémon; tails, no damage."""

    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"flip a coin — heads: {per} damage for each damage counter on this Pokémon; tails: no damage"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if not actx.flip(actx.attack.name):
            return 0
        return self.per * (actx.attacker.damage // 10)


class PlusPerHeads(Effect):
    """Flip `coins` coins: +`per` damage for each heads (CoinsTimes multiplies instead)."""

    def __init__(self, coins: int, per: int):
        self.coins = coins
        self.per = per
        self.text = f"flip {coins} coins: +{per} damage for each heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins))
        return amount + self.per * heads


class FlipUntilTails(Effect):
    """Flip until tails: the printed damage times the heads (CoinsTimes flips a fixed number).
    At most `MAX_FLIPS` flips: a guard for a source that never says tails (legal_actions probes
    with heads only); a real coin reaching it is beyond any game."""
    MAX_FLIPS = 100
    text = "flip a coin until you get tails: the printed damage times the number of heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = 0
        while heads < self.MAX_FLIPS and actx.flip(msg("%(attack)s (flip %(n)s)", attack=actx.attack.name,
                                                       n=heads + 1)):
            heads += 1
        return actx.attack.damage * heads


def heads(*effects: Effect) -> Flip:
    return Flip(heads=list(effects))


def tails(*effects: Effect) -> Flip:
    return Flip(tails=list(effects))


class HeadsDamage(Effect):
    """An attack with no printed damage: flip; tails it does nothing, heads it does `amount`
    damage to the Defending Pokémon and then its heads effects (Trembler)."""

    def __init__(self, amount: int, *then: Effect):
        self.amount = amount
        self.then = list(then)
        more = "".join(f", then {e.describe()}" for e in self.then)
        self.text = f"flip a coin — tails: this attack does nothing; heads: {amount} damage{more}"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if not actx.flip(actx.attack.name):
            actx.did_nothing = True
            return amount
        return self.amount

    def after(self, actx: AttackCtx) -> None:
        for e in self.then:
            if hasattr(e, "after"):
                e.after(actx)


class CoinsPerOwnEnergy(Effect):
    """A coin for each Energy attached to this Pokémon (the Active); the printed damage times the heads."""
    text = "flip a coin for each Energy attached to this Pokémon: the printed damage times the number of heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        count = energy_count(actx.state, actx.attacker)
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{count})") for n in range(count))
        return actx.attack.damage * heads
