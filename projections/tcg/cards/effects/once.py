"""Once per turn, once while in play: the limits on using an effect again."""
from __future__ import annotations

from ....messages import msg
from ...contexts import AttackCtx, PowerCtx
from ...core import Illegal
from .base import Effect


class OnceWhileInPlay(Effect):
    """This attack can't be used again while this Pokémon stays in play."""
    text = "can't be used again while this Pokémon stays in play"

    def check(self, actx: AttackCtx) -> None:
        if actx.attack.name in actx.attacker.flags.get("used_once", []):
            raise Illegal("R-ATTACK-1", msg("%(pokemon)s can't use %(attack)s again while it stays in play.",
                                            pokemon=actx.attacker_name, attack=actx.attack.name))

    def after(self, actx: AttackCtx) -> None:
        used = actx.attacker.flags.setdefault("used_once", [])
        if actx.attack.name not in used:
            used.append(actx.attack.name)


def once_per_turn(pctx: PowerCtx) -> None:
    """Refuse a power its Pokémon has already used this turn."""
    if pctx.state.this_turn["powers_used"].get(pctx.pokemon.stack[0], 0):
        name = pctx.card.power.name if pctx.card.power else msg("This power")
        raise Illegal("R-POWER-1", msg("%(power)s can be used once during your turn, and %(pokemon)s has already "
                                       "used it this turn.", power=name, pokemon=pctx.card.name))
