"""Special Conditions an attack gives."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ....messages import joined, msg
from ...contexts import AttackCtx
from ...core import condition_name, cure
from ...hooks import in_play
from .base import Effect

if TYPE_CHECKING:
    from ...contexts import AttackCtx


class Inflict(Effect):
    """The Defending Pokémon gets a Special Condition."""

    def __init__(self, condition: str, poison_damage: int = 10):
        self.condition = condition
        self.poison_damage = poison_damage
        extra = f" (Poison does {poison_damage} between turns)" if poison_damage != 10 else ""
        self.text = f"the Defending Pokémon is now {condition.capitalize()}{extra}"

    @property
    def settled_by_check(self) -> tuple[str, ...] | None:       # type: ignore[override]
        # A Poison or a Burn does damage at the checkup after the attack (flow.py): the
        # listing's look at the end of the turn (actions.BETWEEN_TURNS) reads the state before it.
        # The others ask what is in play (nothing has come into play during the attack).
        return None if self.condition in ("poisoned", "burned") else (in_play("can_have_condition"),)

    def after(self, actx: AttackCtx) -> None:
        if actx.defender is not None:
            actx.inflict(actx.defender, self.condition, self.poison_damage)


class InflictSelf(Effect):
    """This Pokémon gets a Special Condition too (Inflict gives it to the Defending Pokémon)."""

    def __init__(self, condition: str):
        self.condition = condition
        self.text = f"this Pokémon is now {condition.capitalize()}"

    def after(self, actx: AttackCtx) -> None:
        actx.inflict(actx.attacker, self.condition)


class RecoverAllConditions(Effect):
    text = "after the damage, this Pokémon recovers from every Special Condition"

    def after(self, actx: AttackCtx) -> None:
        if actx.attacker.conditions:
            gone = joined(condition_name(c) for c in actx.attacker.conditions)
            cure(actx.attacker)
            actx.say(msg("%(pokemon)s recovers from %(conditions)s.", pokemon=actx.attacker_name, conditions=gone),
                     "R-STATUS-1")
