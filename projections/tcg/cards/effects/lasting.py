"""Lasting effects an attack leaves in play: damage prevented or reduced, attacks and retreats blocked."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...contexts import AttackCtx
from ...core import Illegal, add_effect
from ...hooks import AffectEvent, AttackEvent, DamageEvent, Listener, PokemonEvent, lasting
from .base import (
    AN_EFFECT,
    Effect,
    affected_defender,
    and_list,
    next_turn_of_opponent,
    standing_defender,
)

if TYPE_CHECKING:
    from ...contexts import AttackCtx


@lasting("prevent_damage")
class PreventAllDamage:
    """Lasting: all damage an opponent's attack would do to this Pokémon is prevented."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0:
            return dmg
        ev.note(msg("%(why)s prevents all damage", why=src.data.get("why", AN_EFFECT)))
        return 0


@lasting("prevent_damage_at_most")
class PreventSmallDamage:
    """Lasting: damage of `amount` or less from an opponent's attack is prevented."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or dmg > src.data["amount"]:
            return dmg
        ev.note(msg("%(why)s prevents damage of %(amount)s or less", why=src.data.get("why", AN_EFFECT),
                    amount=src.data["amount"]))
        return 0


@lasting("reduce_damage")
class ReduceDamage:
    """Lasting: damage from an opponent's attack to this Pokémon is `amount` less."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0:
            return dmg
        dmg -= src.data["amount"]
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=src.data.get("why", AN_EFFECT),
                    amount=src.data["amount"], damage=dmg))
        return dmg


@lasting("prevent_all")
class PreventAllEffects:
    """Lasting: no effect of the opponent's attacks, damage included, reaches this Pokémon."""

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        return not (ev.pokemon is src.on and ev.by_seat != src.seat)


@lasting("attack_reduced")
class OwnAttacksReduced:
    """Lasting: this Pokémon's attacks do `amount` less damage (R-DAMAGE-1 b)."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.attacker is not src.on:
            return dmg
        dmg -= src.data.get("amount", 0)
        ev.note(msg("%(pokemon)s's own effects −%(amount)s = %(damage)s", pokemon=ev.ctx.name(src.on),
                    amount=src.data.get("amount", 0), damage=dmg))
        return dmg


class PreventDamageNextTurn(Effect):
    """Marks this Pokémon so damage (or all effects) of attacks is prevented during the
    opponent's next turn."""

    def __init__(self, kind: str = "prevent_damage", amount: int | None = None):
        self.kind = kind
        self.amount = amount
        self.text = {"prevent_damage": "prevent all damage done to this Pokémon during the opponent's next turn",
                     "prevent_all": "prevent all effects of attacks, damage included, done to this Pokémon "
                                    "during the opponent's next turn",
                     "prevent_damage_at_most": f"prevent damage of {amount} or less done to this Pokémon "
                                               "during the opponent's next turn",
                     "reduce_damage": f"damage done to this Pokémon by attacks during the opponent's next turn "
                                      f"is {amount} less (after Weakness and Resistance)"}[kind]

    def after(self, actx: AttackCtx) -> None:
        params: dict[str, Any] = {"why": actx.attack.name}
        if self.amount is not None:
            params["amount"] = self.amount
        add_effect(actx.attacker, self.kind, next_turn_of_opponent(actx.state), **params)
        protected = {
            "prevent_damage": msg("%(pokemon)s is protected during the opponent's next turn (prevent all damage "
                                  "done to this Pokémon during the opponent's next turn).",
                                  pokemon=actx.attacker_name),
            "prevent_all": msg("%(pokemon)s is protected during the opponent's next turn (prevent all effects of "
                               "attacks, damage included, done to this Pokémon during the opponent's next turn).",
                               pokemon=actx.attacker_name),
            "prevent_damage_at_most": msg("%(pokemon)s is protected during the opponent's next turn (prevent "
                                          "damage of %(amount)s or less done to this Pokémon during the "
                                          "opponent's next turn).", pokemon=actx.attacker_name,
                                          amount=self.amount),
            "reduce_damage": msg("%(pokemon)s is protected during the opponent's next turn (damage done to it by "
                                 "attacks is %(amount)s less).", pokemon=actx.attacker_name, amount=self.amount)}
        actx.say(protected[self.kind])


@lasting("attack_blocked")
class AttackBlocked:
    """Lasting: this Pokémon can't use `attack` (every attack when None)."""

    def can_attack(self, src: Listener, ev: AttackEvent) -> Illegal | None:
        if ev.attacker is not src.on or src.data.get("attack") not in (None, ev.attack.name):
            return None
        return Illegal("R-ATTACK-1", msg("%(pokemon)s can't use %(attack)s this turn (%(why)s).",
                                         pokemon=ev.ctx.name(src.on), attack=ev.attack.name,
                                         why=src.data.get("why", AN_EFFECT)))


@lasting("cant_retreat")
class CantRetreat:
    """Lasting: this Pokémon can't retreat."""

    def can_retreat(self, src: Listener, ev: PokemonEvent) -> Illegal | None:
        if ev.pokemon is not src.on:
            return None
        return Illegal("R-RETREAT-1", msg("%(pokemon)s can't retreat this turn (%(why)s).",
                                          pokemon=ev.state.card_of(src.on.top).name,
                                          why=src.data.get("why", AN_EFFECT)))


class DefendingCantRetreat(Effect):
    """The Defending Pokémon can't retreat until the end of the opponent's next turn (the
    effect ends if it goes to the Bench or evolves, R-RETREAT-6, R-EVOLVE-5)."""
    text = "the Defending Pokémon can't retreat until the end of the opponent's next turn"

    def after(self, actx: AttackCtx) -> None:
        d = standing_defender(actx)
        if d is None:
            return
        add_effect(d, "cant_retreat", next_turn_of_opponent(actx.state), why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't retreat until the end of the opponent's next turn.", pokemon=actx.name(d)),
                 "R-RETREAT-1")


class CantAttackNextTurn(Effect):
    """This Pokémon can't attack during its owner's next turn ("attack_blocked", every attack)."""
    text = "this Pokémon can't attack during your next turn"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "attack_blocked", actx.state.turn + 2, attack=None, why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't attack during its owner's next turn.", pokemon=actx.attacker_name),
                 "R-ATTACK-1")


class DefendingAttackMayFail(Effect):
    """If the Defending Pokémon attacks during the opponent's next turn, that player flips a
    coin first; tails, the attack does nothing (a lasting "attack_may_fail" effect)."""
    text = ("if the Defending Pokémon attacks during the opponent's next turn, its player flips "
            "a coin first: tails, that attack does nothing")

    def after(self, actx: AttackCtx) -> None:
        d = affected_defender(actx)
        if d is None:
            return
        add_effect(d, "attack_may_fail", next_turn_of_opponent(actx.state), why=actx.attack.name)
        actx.say(msg("If %(pokemon)s attacks during the opponent's next turn, a coin decides whether the attack "
                     "happens.", pokemon=actx.name(d)), "R-ATTACK-2")


class BoostNextTurn(Effect):
    """During your next turn, this Pokémon's attacks named in `base` have that base damage
    instead of the printed one (Stockpile)."""

    def __init__(self, base: dict[str, int]):
        self.base = dict(base)
        self.listed = and_list(msg("%(attack)s's base damage is %(damage)s", attack=name, damage=n)
                               for name, n in self.base.items())
        self.text = f"during your next turn, {self.listed}"

    def after(self, actx: AttackCtx) -> None:
        turn = actx.state.turn + 2
        add_effect(actx.attacker, "stockpile", turn, on_turn=turn, base=self.base, why=actx.attack.name)
        actx.say(msg("%(pokemon)s gets ready: during its owner's next turn, %(bases)s.", pokemon=actx.attacker_name,
                     bases=self.listed))


class ReduceDamageNextTurn(Effect):
    """During the opponent's next turn, damage from the opponent's attacks to this Pokémon is
    `amount` less (the shared "reduce_damage" lasting effect, R-DAMAGE-1 f)."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = f"during the opponent's next turn, damage done to this Pokémon by attacks is {amount} less"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "reduce_damage", next_turn_of_opponent(actx.state),
                   amount=self.amount, why=actx.attack.name)
        actx.say(msg("%(pokemon)s takes %(amount)s less damage from attacks during the opponent's next turn.",
                     pokemon=actx.attacker_name, amount=self.amount))
