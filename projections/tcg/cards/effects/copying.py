"""Attacks that copy another attack (Metronome, Mirror Move)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....messages import joined, msg
from ...carddb import AttackDef
from ...core import Illegal, condition_name
from .base import Effect, attack_memo
from .energy import DiscardOwnEnergy
from .once import OnceWhileInPlay

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...state import Pokemon, State


def is_use_requirement(eff: Effect) -> bool:
    """Costs and restrictions on using an attack, which Metronome skips."""
    return isinstance(eff, (DiscardOwnEnergy, OnceWhileInPlay)) or getattr(eff, "requirement", False)


class Metronome(Effect):
    """Copy one of the Defending Pokémon's attacks (choices.attack), without its costs."""
    text = ("choose one of the Defending Pokémon's attacks (choices.attack; that attack's own choices as usual, "
            "or in choices.copied when they would clash) and do it as this Pokémon: "
            "no Energy cost, no discard or other requirement to use it, this Pokémon keeps its own type; "
            "copying another copying attack does nothing")

    @staticmethod
    def _attacks(state: State, defender: Pokemon | None) -> list[AttackDef]:
        return list(state.card_of(defender.top).attacks) if defender is not None else []

    def _chosen(self, actx: AttackCtx) -> AttackDef | None:
        attacks = self._attacks(actx.state, actx.defender)
        name = actx.choices.get("attack")
        if name is None:
            if len(attacks) <= 1:
                return attacks[0] if attacks else None
            raise Illegal("R-ATTACK-2", msg("Choose which of the Defending Pokémon's attacks to copy in "
                                            "choices.attack: %(attacks)s.",
                                            attacks=", ".join(a.name for a in attacks)))
        for a in attacks:
            if a.name == name:
                return a
        raise Illegal("R-ATTACK-2", msg("choices.attack must name one of the Defending Pokémon's attacks: "
                                        "%(attacks)s.",
                                        attacks=", ".join(a.name for a in attacks) or msg("it has none")))

    @staticmethod
    def _copied_choices(choices: dict[str, Any]) -> dict[str, Any]:
        """The copied attack's own choices: the flat keys but Metronome's `attack`, then
        `choices.copied` (for a key Metronome itself uses, like Amnesia's attack)."""
        out = {k: v for k, v in choices.items() if k not in ("attack", "copied")}
        nested = choices.get("copied")
        if isinstance(nested, dict):
            out.update(nested)
        return out

    def _enter_copy(self, actx: AttackCtx, copy: AttackDef) -> tuple[AttackDef, dict[str, Any], bool]:
        saved = (actx.attack, actx.choices, actx.copied)
        actx.attack, actx.choices, actx.copied = copy, self._copied_choices(actx.choices), True
        return saved

    @staticmethod
    def _leave_copy(actx: AttackCtx, saved: tuple[AttackDef, dict[str, Any], bool]) -> None:
        actx.attack, actx.choices, actx.copied = saved

    @staticmethod
    def _copy(actx: AttackCtx, attack: AttackDef) -> AttackDef:
        effects = [e for e in attack.effects if not is_use_requirement(e)]
        return replace(attack, cost=list(actx.attack.cost), effects=effects)

    def check(self, actx: AttackCtx) -> None:
        if actx.copied:
            return
        chosen = self._chosen(actx)
        memo = attack_memo(actx, self)
        memo["copy"] = self._copy(actx, chosen) if chosen is not None else None
        if memo["copy"] is None:
            return
        saved = self._enter_copy(actx, memo["copy"])
        try:
            for eff in memo["copy"].effects:
                if hasattr(eff, "check"):
                    eff.check(actx)
        finally:
            self._leave_copy(actx, saved)

    def _say_copied(self, actx: AttackCtx) -> None:
        actx.say(msg("%(attack)s copies an attack that copies: nothing more happens.", attack=actx.attack.name),
                 "R-ATTACK-3")

    def _say_none(self, actx: AttackCtx) -> None:
        actx.say(msg("The Defending Pokémon has no attack to copy: Metronome does nothing."), "R-ATTACK-3")

    def _say_copy(self, actx: AttackCtx, copy: AttackDef, printed: str) -> None:
        actx.say(msg("%(attack)s copies %(copied)s (%(printed)s) as %(pokemon)s, without its costs.",
                     attack=actx.attack.name, copied=copy.name, printed=printed, pokemon=actx.attacker_name),
                 "R-ATTACK-6")

    def after(self, actx: AttackCtx) -> None:
        if actx.copied:
            self._say_copied(actx)
            return
        copy = attack_memo(actx, self).get("copy")
        if copy is None:
            self._say_none(actx)
            return
        printed = f"{copy.damage}{copy.damage_mark}" if copy.damage or copy.damage_mark else msg("no printed damage")
        self._say_copy(actx, copy, printed)
        saved = self._enter_copy(actx, copy)
        try:
            actx.perform_attack()
        finally:
            self._leave_copy(actx, saved)

    def _offered(self, state: State, seat: int, attacker: Pokemon) -> list[AttackDef]:
        """The attacks `options` offers to copy."""
        return self._attacks(state, state.seats[1 - seat].active)

    @staticmethod
    def _skipped(eff: Effect) -> bool:
        """An effect of a copied attack whose own options are not offered."""
        return is_use_requirement(eff) or isinstance(eff, Metronome)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for a in self._offered(state, seat, attacker):
            combos: list[dict[str, Any]] = [{"attack": a.name}]
            for eff in a.effects:
                if self._skipped(eff) or not hasattr(eff, "options"):
                    continue
                more = [{"copied": y} if "attack" in y else y for y in eff.options(state, seat, attacker)]
                combos = [{**x, **y} for x in combos for y in more]
            out.extend(combos)
        return out or [{}]


class CopyPayingRequirements(Metronome):
    """Metronome with only the Energy cost waived: the copied attack's discards and other
    requirements apply (paid with this attack's own). A subclass names the attacks it copies
    (`_attacks`/`_chosen`, `_offered`) and its narration (`_say_none`, `_say_copy`)."""

    @staticmethod
    def _copy(actx: AttackCtx, attack: AttackDef) -> AttackDef:
        return replace(attack, cost=list(actx.attack.cost), effects=list(attack.effects))

    @staticmethod
    def _skipped(eff: Effect) -> bool:
        return isinstance(eff, Metronome)

    def pay(self, actx: AttackCtx) -> None:
        """The copied attack's own costs (discards), with this attack's."""
        copy = attack_memo(actx, self).get("copy")
        if actx.copied or copy is None:
            return
        saved = self._enter_copy(actx, copy)
        try:
            for eff in copy.effects:
                if hasattr(eff, "pay"):
                    eff.pay(actx)
        finally:
            self._leave_copy(actx, saved)

    def _say_copied(self, actx: AttackCtx) -> None:
        actx.say(msg("%(attack)s is an attack that copies: used by another, it does nothing.",
                     attack=actx.attack.name), "R-ATTACK-3")


class MirrorMove(Effect):
    """Repeat the final result of the attack this Pokémon took last turn on the Defending Pokémon."""
    text = ("if the opponent's attack last turn was done to this Pokémon, do its final result to the Defending "
            "Pokémon: the damage this Pokémon took (as this attack's damage) and the Special Conditions it got")

    @staticmethod
    def _record(actx: AttackCtx) -> dict[str, Any] | None:
        rec = actx.state.last_attack
        if (not rec or rec.get("turn") != actx.state.turn - 1 or rec.get("seat") != actx.opp
                or rec.get("target") not in actx.attacker.stack):
            return None
        return rec

    def damage(self, actx: AttackCtx, amount: int) -> int:
        rec = self._record(actx)
        attack_memo(actx, self)["record"] = rec
        if rec is None:
            actx.say(msg("%(pokemon)s was not attacked during the opponent's last turn: %(attack)s has nothing "
                         "to repeat.", pokemon=actx.attacker_name, attack=actx.attack.name), "R-ATTACK-3")
            return 0
        conds = rec.get("conditions") or []
        actx.say(msg("%(attack)s repeats the final result of %(repeated)s: %(damage)s damage and %(conditions)s.",
                     attack=actx.attack.name, repeated=rec["attack"], damage=rec["damage"],
                     conditions=joined(condition_name(c) for c in conds) if conds
                     else msg("no Special Condition")))
        return rec["damage"]

    def after(self, actx: AttackCtx) -> None:
        rec = attack_memo(actx, self).get("record")
        if rec is None or actx.defender is None:
            return
        for cond in rec.get("conditions") or []:
            actx.inflict(actx.defender, cond, rec.get("poison_damage") or 10)
