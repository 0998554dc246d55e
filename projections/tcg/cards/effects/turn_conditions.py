"""Modern attacks' effects on a condition of the turn or of the board that cancel the attack,
last while the Pokémon stays Active, heal a Pokémon the player chooses, or give a Special
Condition on a condition: the blocks the compiler's `compiler/turn_conditions.py` templates build.

Rulings taken here (modern rulings; R-ATTACK-2, -3, R-DAMAGE-1, -3, R-STATUS-1):
- "If this Pokémon moved from your Bench to the Active Spot this turn" reads the turn record
  (`core.MOVED_TO_ACTIVE`): a retreat, a switch by any card or effect, and a promotion during
  this turn (the Active Knocked Out during its player's own turn) move it; a promotion after a
  Knock Out during the opponent's turn or between turns is not "this turn". The Pokémon is the
  same one after it evolves (the record keeps its lowest card): a Pokémon switched in and then
  evolved this turn has moved. "If this Pokémon was healed during this turn" likewise
  (`core.HEALED`): healed when damage was removed from it by a heal (damage counters moved off
  it are not healed; a heal of an undamaged Pokémon heals nothing).
- "If <condition>, this attack does nothing.": the condition is read when the attack does its
  damage (after its costs, R-ATTACK-2); the attack may be used either way and, when the
  condition holds, nothing more of it happens (R-ATTACK-3). "…has no damage counters on it
  before this attack does damage" reads the Defending Pokémon then. The conditions read only
  what both players see (the numbers of cards in hands and of Prize cards, the Benches, the
  Stadium, Special Conditions, a Pokémon ex's tag).
- "This Pokémon can't use X again until it leaves the Active Spot": the shared "attack_blocked"
  lasting effect on it with no end turn; going to the Bench ends it (R-RETREAT-6), and so does
  leaving play or evolving (R-EVOLVE-5: evolving ends the effects of attacks on it).
- "Heal N (all) damage from 1 of your [Benched] [T / Ancient] Pokémon": `choices.pokemon` names
  one of the Pokémon that fit (left out with one that fits; none fits, nothing is healed); an
  undamaged one may be named (nothing is healed). A type is the Pokémon's type now (R-INPLAY-1),
  "Ancient" its top card's tag. "Heal N damage from each of your Basic Pokémon": each whose top
  card is a Basic Pokémon.
- "If your opponent's Active Pokémon is a T Pokémon, it is now <Condition>": its type is read
  after the damage (as `Inflict`, the vocabulary's unconditional Special Condition).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....messages import msg
from ... import hooks
from ...contexts import AttackCtx
from ...core import HEALED, MOVED_TO_ACTIVE, add_effect, heal, noted_this_turn
from .base import Effect, attack_memo
from .choices import chosen_cards
from .damage_conditions import Condition

if TYPE_CHECKING:
    from ...state import Pokemon, State

MOVED_TO_ACTIVE_THIS_TURN = Condition("this Pokémon moved from the Bench to the Active Spot this turn",
                                      lambda a: noted_this_turn(a.state, MOVED_TO_ACTIVE, a.attacker))
HEALED_THIS_TURN = Condition("this Pokémon was healed during this turn",
                             lambda a: noted_this_turn(a.state, HEALED, a.attacker))


def negated(condition: Condition) -> Condition:
    """The question answered the other way ("there is no Stadium in play")."""
    return Condition(f"not ({condition.text})", lambda a: not condition.test(a), condition.asks)


class DoesNothingIf(Effect):
    """"If <condition>, this attack does nothing." (ruling above: read at the damage step)."""

    def __init__(self, condition: Condition):
        self.condition = condition
        self.text = f"this attack does nothing if {condition.text}"
        self.settled_by_check = condition.asks

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if self.condition.test(actx):
            actx.did_nothing = True
        return amount


class CantUseUntilLeavesActive(Effect):
    """"This Pokémon can't use <attack> again until it leaves the Active Spot." ("attack_blocked"
    with no end turn: the Bench, leaving play or evolving end it)."""

    def __init__(self, attack: str):
        self.attack = attack
        self.text = f"this Pokémon can't use {attack} again until it leaves the Active Spot"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "attack_blocked", None, attack=self.attack, why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't use %(attack)s again until it leaves the Active Spot.",
                     pokemon=actx.attacker_name, attack=self.attack), "R-ATTACK-1")


class Fits:
    """Which of a player's Pokémon a heal reaches: Benched only, of a type now, with a tag, Basic."""

    def __init__(self, *, benched: bool = False, energy_type: str | None = None, tag: str | None = None,
                 basic: bool = False):
        self.benched, self.energy_type, self.tag, self.basic = benched, energy_type, tag, basic
        words = [w for w in (basic and "Basic", energy_type, tag and tag.capitalize()) if w]
        self.text = " ".join(["Benched"] * benched + words + ["Pokémon"])

    def __call__(self, state: State, seat: int) -> list[Pokemon]:
        own = state.seats[seat]
        return [p for p in (own.bench if self.benched else own.in_play()) if self._fits(state, p)]

    def _fits(self, state: State, p: Pokemon) -> bool:
        card = state.card_of(p.top)
        return ((self.energy_type is None or hooks.is_type(state, p, self.energy_type))
                and (self.tag is None or self.tag in card.tags) and (not self.basic or card.stage == "Basic"))


def _said_healed(actx: AttackCtx, p: Pokemon, healed: int) -> None:
    if healed:
        actx.say(msg("%(pokemon)s has %(count)s damage counter(s) removed (%(damage)s/%(hp)s).",
                     pokemon=actx.name(p), count=healed // 10, damage=p.damage, hp=actx.state.hp(p)), "R-DAMAGE-3")


class HealChosenOwn(Effect):
    """"Heal `amount` (None: all) damage from 1 of your <fits> Pokémon." (choices.pokemon)."""
    settled_by_check = ()       # core.heal asks nothing

    def __init__(self, amount: int | None, fits: Fits):
        self.amount = amount
        self.fits = fits
        self.text = (f"heal {'all' if amount is None else amount} damage from 1 of your {fits.text} "
                     "(choices.pokemon)")

    def check(self, actx: AttackCtx) -> None:
        tops = [p.top for p in self.fits(actx.state, actx.seat)]
        attack_memo(actx, self)["target"] = chosen_cards(actx, tops, 1, msg("of your Pokémon to heal"), key="pokemon")

    def after(self, actx: AttackCtx) -> None:
        for p in self.fits(actx.state, actx.seat):
            if p.top in attack_memo(actx, self)["target"]:
                _said_healed(actx, p, heal(actx, p, p.damage if self.amount is None else self.amount))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        fitting = self.fits(state, seat)
        return [{"pokemon": [p.top]} for p in fitting] if len(fitting) > 1 else [{}]


class HealEachFitting(Effect):
    """"Heal `amount` damage from each of your <fits> Pokémon.\""""
    settled_by_check = ()

    def __init__(self, amount: int, fits: Fits):
        self.amount = amount
        self.fits = fits
        self.text = f"heal {amount} damage from each of your {fits.text}"

    def after(self, actx: AttackCtx) -> None:
        for p in self.fits(actx.state, actx.seat):
            _said_healed(actx, p, heal(actx, p, self.amount))


class InflictIf(Effect):
    """"If your opponent's Active Pokémon is <condition>, it is now <Special Condition>." (after
    the damage, on the Defending Pokémon still standing)."""

    def __init__(self, condition: Condition, special: str):
        self.condition = condition
        self.special = special
        self.text = f"the Defending Pokémon is now {special.capitalize()} if {condition.text}"

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is not None and self.condition.test(actx):
            actx.inflict(d, self.special)


__all__ = ["HEALED_THIS_TURN", "MOVED_TO_ACTIVE_THIS_TURN", "CantUseUntilLeavesActive", "DoesNothingIf", "Fits",
           "HealChosenOwn", "HealEachFitting", "InflictIf", "negated"]
