"""Healing by attacks, and between turns."""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ....messages import msg
from ...contexts import AttackCtx
from ...core import heal
from .base import Effect

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...hooks import Listener, TurnEvent
    from ...state import Pokemon


def counter_off_between_turns(src: Listener, ev: TurnEvent) -> Pokemon | None:
    """1 damage counter comes off the listener's Pokémon between turns: the Pokémon, or None
    when it has none (the caller says which card did it)."""
    p = src.on
    if p is None or p.damage < 10:
        return None
    heal(ev.ctx, p, 10)
    return p


class HealSelf(Effect):
    """Remove damage counters from this Pokémon (`counters="all"` removes every one)."""
    settled_by_check = ()       # core.heal asks nothing

    def __init__(self, counters: int | Literal["all"] = "all", only_if_damage_done: bool = False):
        self.counters = counters
        self.only_if_damage_done = only_if_damage_done
        what = "all damage counters" if counters == "all" else f"{counters} damage counter(s)"
        cond = " if this attack did damage" if only_if_damage_done else ""
        self.text = f"remove {what} from this Pokémon{cond}"

    def after(self, actx: AttackCtx) -> None:
        if self.only_if_damage_done and not actx.dealt:
            return
        amount = actx.attacker.damage if self.counters == "all" else 10 * self.counters
        healed = heal(actx, actx.attacker, amount)
        if healed:
            actx.say(msg("%(pokemon)s has %(count)s damage counter(s) removed.", pokemon=actx.attacker_name,
                         count=healed // 10))


class HealEachOwn(Effect):
    """Remove `counters` damage counters from each of your Pokémon (this one too unless
    `include_self` is False)."""

    def __init__(self, counters: int = 1, include_self: bool = True):
        self.counters = counters
        self.include_self = include_self
        self.text = (f"remove {counters} damage counter(s) from each of your Pokémon, this one "
                     f"{'included' if include_self else 'excepted'}")

    def after(self, actx: AttackCtx) -> None:
        for p in actx.me.in_play():
            if p is actx.attacker and not self.include_self:
                continue
            healed = heal(actx, p, 10 * self.counters)
            if healed:
                actx.say(msg("%(pokemon)s has %(count)s damage counter(s) removed (%(damage)s/%(hp)s).",
                             pokemon=actx.name(p), count=healed // 10, damage=p.damage, hp=actx.state.hp(p)))


class HealDamageDone(Effect):
    """Remove from this Pokémon as many damage counters as the damage the attack did to the
    Defending Pokémon (all it has, if fewer)."""
    text = "remove from this Pokémon damage counters equal to the damage done to the Defending Pokémon"

    def after(self, actx: AttackCtx) -> None:
        healed = heal(actx, actx.attacker, actx.dealt)
        if healed:
            actx.say(msg("%(pokemon)s has %(count)s damage counter(s) removed (%(damage)s/%(hp)s).",
                         pokemon=actx.attacker_name, count=healed // 10, damage=actx.attacker.damage,
                         hp=actx.state.hp(actx.attacker)))
