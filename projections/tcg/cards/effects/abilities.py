"""Modern Abilities (Scarlet & Violet, Mega Evolution) the compiler builds from their printed text
(`cards/compiler/abilities.py`): Powers that work by themselves (they answer hooks) and Powers
used once during their player's turn (`use`).

Rulings taken here:
- R-POWER-1: an Ability works wherever its Pokémon is in play, the Bench too, unless its text
  names the Active Spot; Special Conditions don't stop an Ability (actions.BLOCKED_BY_KIND);
  "Once during your turn" is per Pokémon (`once_per_turn`: its Pokémon has used it this turn).
- "takes N less damage from attacks (after applying Weakness and Resistance)" answers
  `damage_taken` (R-DAMAGE-1 f, after Weakness, Resistance and the Trainer effects): the damage
  of every attack to this Pokémon, its own player's too (the text says "attacks", not "your
  opponent's attacks"), Active or Benched. An attack whose damage isn't affected by effects on
  the Defending Pokémon skips it (combat.py, "defender_effects").
- "Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon ex" answers
  `damage_defender` (the opponent's attacks only) by what the Attacking Pokémon is now (its
  tags, its Stage, its types: hooks.types). No Pokémon V exists in the modern card pool, so
  "Pokémon ex and Pokémon V" is "Pokémon ex" there.
- "If any damage is done to this Pokémon by attacks, flip a coin. If heads, prevent that
  damage." flips once for each damage an attack would do to it (after every other step but
  the floor at 0), and not when that damage is already 0.
- "Prevent all effects of attacks used by your opponent's Pokémon done to this Pokémon. (Damage
  is not an effect.)" answers `can_be_affected` for every question but the damage's.
- "it has no Retreat Cost" makes the Retreat Cost 0 whatever the other effects add or take
  (modern ruling: "no Retreat Cost" is an absolute value). "any T Energy attached": an Energy
  card attached that provides T now (core.energy_count).
- "can't be <Condition>": the Pokémon can't get that Special Condition (`can_have_condition`);
  one it already has is not removed (no card text says so; an Ability rarely starts to work on
  a Pokémon already affected: evolving and the Bench clear Special Conditions).
- "If this Pokémon is in the Active Spot and is damaged by an attack from your opponent's
  Pokémon (even if this Pokémon is Knocked Out), the Attacking Pokémon is now <Condition>.":
  the Special Condition is the Ability's, not an attack's effect: it reaches the Attacking
  Pokémon while it is still the Active Pokémon and may have it (core.inflict).
- "Once during your turn, you may draw N cards": refused when the deck is empty (nothing would
  happen; R-POWER-1); with a smaller deck the player draws what there is. "You must discard
  N card(s) from your hand in order to use this Ability": the cards are named
  (choices.cards), refused without them; discarding is part of the cost, so it comes first.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....messages import msg, msg_n
from ... import hooks
from ...contexts import PowerCtx
from ...core import Illegal, discard_cards, draw, energy_count, inflict
from ...hooks import AffectEvent, ConditionEvent, DamageEvent, Listener, PokemonEvent
from .base import Power
from .choices import distinct_picks
from .once import once_per_turn

if TYPE_CHECKING:
    from ...state import Pokemon, State


def _power_name(state: State, p: Pokemon) -> str:
    power = state.card_of(p.top).power
    return power.name if power else state.card_of(p.top).name


# -- damage taken ------------------------------------------------------------------------------------

class TakesLessDamage(Power):
    """Passive: every attack's damage to this Pokémon is `amount` less, after Weakness and Resistance."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = (f"this Pokémon takes {amount} less damage from attacks, after Weakness and Resistance "
                     "(any attack, Active or Benched)")

    def damage_taken(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or ev.confusion:
            return dmg
        dmg -= self.amount
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=_power_name(ev.state, ev.target), amount=self.amount,
                    damage=dmg))
        return dmg


class PreventDamageFrom(Power):
    """Passive: no damage from attacks of the opponent's Pokémon that are `tag` (e.g. "ex"),
    Basic when `basic`, of `of_type` when set."""

    def __init__(self, tag: str | None = None, basic: bool = False, of_type: str | None = None):
        self.tag, self.basic, self.of_type = tag, basic, of_type
        what = " ".join(w for w in (of_type, "Basic" if basic else None, "Pokémon", tag) if w)
        self.text = f"prevent all damage done to this Pokémon by attacks from your opponent's {what}"

    def _from(self, state: State, attacker: Pokemon) -> bool:
        c = state.card_of(attacker.top)
        return ((self.tag is None or self.tag in c.tags) and (not self.basic or c.stage == "Basic")
                and (self.of_type is None or hooks.is_type(state, attacker, self.of_type)))

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or not ev.by_opponent or not self._from(ev.state, ev.attacker):
            return dmg
        ev.note(msg("%(why)s prevents all damage", why=_power_name(ev.state, ev.target)))
        return 0


class FlipPreventsDamage(Power):
    """Passive: when an attack would damage this Pokémon, its owner flips; heads, no damage."""
    text = "if any damage is done to this Pokémon by attacks, flip a coin; heads, prevent that damage"

    def damage_taken(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or ev.confusion:
            return dmg
        name = _power_name(ev.state, ev.target)
        if not ev.ctx.flip(name):
            return dmg
        ev.note(msg("%(why)s prevents all damage", why=name))
        return 0


class PreventAttackEffects(Power):
    """Passive: no effect of the opponent's attacks but their damage reaches this Pokémon."""
    text = ("prevent all effects of attacks used by your opponent's Pokémon done to this Pokémon (damage is not an "
            "effect)")

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        return not (ev.pokemon is src.on and ev.by_seat != src.seat and not ev.damage)


class CantHaveConditions(Power):
    """Passive: this Pokémon can't get these Special Conditions."""

    def __init__(self, conditions: tuple[str, ...]):
        self.conditions = conditions
        self.text = "this Pokémon can't be " + " or ".join(conditions)

    def can_have_condition(self, src: Listener, ev: ConditionEvent) -> bool:
        return not (ev.pokemon is src.on and ev.condition in self.conditions)


class ConditionOnAttacker(Power):
    """Passive: when an opponent's attack damages this Pokémon in the Active Spot (even if it is
    Knocked Out), the Attacking Pokémon gets `condition`."""

    def __init__(self, condition: str):
        self.condition = condition
        self.text = ("if this Pokémon is in the Active Spot and is damaged by an attack from your opponent's "
                     f"Pokémon (even if it is Knocked Out), the Attacking Pokémon is now {condition}")

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        state = ev.state
        if ev.target is not src.on or not ev.by_opponent or ev.confusion:
            return
        attacker = ev.attacker
        if state.find_pokemon(ev.target.top)[2] != "active" or state.find_pokemon(attacker.top)[1] is not attacker:
            return
        inflict(ev.ctx, ev.attacker, self.condition)


# -- Retreat Cost ----------------------------------------------------------------------------------

class NoRetreatCost(Power):
    """Passive: no Retreat Cost for this Pokémon (`everyone`: each of its owner's Pokémon) while
    it has no Energy attached (`energy_type` None) or any `energy_type` Energy attached."""

    def __init__(self, energy_type: str | None, everyone: bool = False):
        self.energy_type, self.everyone = energy_type, everyone
        who = "each of your Pokémon that has" if everyone else "this Pokémon, while it has"
        what = f"any {energy_type} Energy attached" if energy_type else "no Energy attached"
        self.text = f"{who} {what}: no Retreat Cost"

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        p = ev.pokemon
        if (p is not src.on and not (self.everyone and ev.seat == src.seat)) or cost <= 0:
            return cost
        if self.energy_type is None:
            return 0 if not p.energy else cost
        return 0 if energy_count(ev.state, p, self.energy_type) else cost


# -- used once during your turn ----------------------------------------------------------------------

class DrawCards(Power):
    """Once during your turn: discard `discard` cards from the hand (choices.cards; Energy cards
    when `energy`; the cost), then draw `count` cards, or (`until`) until the hand holds `until`."""

    def __init__(self, count: int = 0, discard: int = 0, *, until: int = 0, energy: bool = False):
        self.count, self.discard, self.until, self.energy = count, discard, until, energy
        what = "Energy card(s)" if energy else "card(s)"
        cost = f"discard {discard} {what} from your hand (choices.cards), then " if discard else ""
        draws = f"draw cards until you have {until} cards in your hand" if until else f"draw {count} card(s)"
        self.text = f"once during your turn: {cost}{draws}"

    def _discardable(self, state: State, seat: int) -> list[str]:
        hand = state.seats[seat].hand
        return [i for i in hand if state.card_of(i).supertype == "Energy"] if self.energy else list(hand)

    def _cost(self, pctx: PowerCtx) -> tuple[list[str], int]:
        """The cards the cost discards and how many cards are then drawn."""
        once_per_turn(pctx)
        name = _power_name(pctx.state, pctx.pokemon)
        if not pctx.me.deck:
            raise Illegal("R-POWER-1", msg("%(ability)s: your deck is empty, there is nothing to draw.",
                                           ability=name))
        chosen: list[str] = []
        if self.discard:
            picked = pctx.choices.get("cards")
            allowed = self._discardable(pctx.state, pctx.seat)
            if (not isinstance(picked, list) or len(picked) != self.discard or len(set(picked)) != len(picked)
                    or not all(isinstance(i, str) and i in allowed for i in picked)):
                raise Illegal("R-POWER-1", msg_n("%(ability)s: you must discard %(num)s card from your hand to use "
                                                 "it (choices.cards).",
                                                 "%(ability)s: you must discard %(num)s cards from your hand to use "
                                                 "it (choices.cards).", self.discard, ability=name))
            chosen = list(picked)
        want = self.count
        if self.until:
            want = self.until - (len(pctx.me.hand) - len(chosen))
            if want <= 0:
                raise Illegal("R-POWER-1", msg("%(ability)s draws until the hand holds %(size)s cards; yours already "
                                               "holds %(count)s.", ability=name, size=self.until,
                                               count=len(pctx.me.hand) - len(chosen)))
        return chosen, want

    def check(self, pctx: PowerCtx) -> None:
        self._cost(pctx)

    def use(self, pctx: PowerCtx) -> None:
        paid, want = self._cost(pctx)
        name = _power_name(pctx.state, pctx.pokemon)
        if paid:
            for i in paid:
                pctx.me.hand.remove(i)
            discard_cards(pctx, pctx.seat, paid)
            pctx.say(msg("%(seat)s discards %(cards)s.", seat=pctx.seat_label(pctx.seat),
                         cards=pctx.refs(paid, shown_to="*")), "R-POWER-1")
        drawn = draw(pctx, pctx.seat, want)
        if len(drawn) < want:
            line = msg_n("%(ability)s: %(seat)s draws %(num)s card(s) (the deck held no more).",
                         "%(ability)s: %(seat)s draws %(num)s card(s) (the deck held no more).", len(drawn),
                         ability=name, seat=pctx.seat_label(pctx.seat))
        else:
            line = msg_n("%(ability)s: %(seat)s draws %(num)s card(s).", "%(ability)s: %(seat)s draws %(num)s card(s).",
                         len(drawn), ability=name, seat=pctx.seat_label(pctx.seat))
        pctx.say(line, "R-TRAINER-5" if len(drawn) < want else "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        if not self.discard:
            return [{}]
        return [{"cards": pick} for pick in distinct_picks(state, self._discardable(state, seat), self.discard,
                                                            self.discard)]


__all__ = ["ConditionOnAttacker", "CantHaveConditions", "DrawCards", "FlipPreventsDamage", "NoRetreatCost",
           "PreventAttackEffects", "PreventDamageFrom", "TakesLessDamage"]
