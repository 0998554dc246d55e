"""Small attack blocks for modern wordings the other modules lack (compiled by
`cards/compiler/quick_attacks.py`).

Rulings:
- "You may draw N cards.": optional as the vocabulary's other "You may draw" (`DrawUntil`):
  choices.count == 0 declines (nothing drawn); left out, N cards are drawn (as many as the deck
  holds, R-TRAINER-5). Any other count is refused (R-ATTACK-2).
- "During your next turn, the Defending Pokémon takes N more damage from attacks (after applying
  Weakness and Resistance).": a lasting effect on the Defending Pokémon until the end of the
  attacker's owner's next turn (ended as every effect on a Defending Pokémon when it leaves the
  Active Spot or evolves); the opponent's attacks that do damage to it (more than 0) do N more,
  after Weakness and Resistance (R-DAMAGE-1 f). Effects that keep attacks' effects off the
  Defending Pokémon keep this one off too (`affected_defender`).
- "You may attach any number of Basic Energy cards from your hand to your Pokémon in any way you
  like.": choices.cards names 0 or more Basic Energy cards of the hand, choices.to where each goes
  (as `AttachEnergyFrom` from the hand); left out, none is attached (the hand is the player's own:
  nothing hidden, R-ENERGY-1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...core import Illegal, add_effect
from ...hooks import DamageEvent, Listener, lasting
from .base import AN_EFFECT, Effect, affected_defender, attack_memo
from .deck_moves import AttachEnergyFrom
from .zones import DrawCards

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...state import Pokemon, State


class MayDrawCards(DrawCards):
    """"You may draw `count` cards.": choices.count == 0 draws none; left out, it draws."""

    def __init__(self, count: int):
        super().__init__(count)
        self.text = f"you may draw {count} card(s) (choices.count 0: none)"

    def check(self, actx: AttackCtx) -> None:
        raw = actx.choices.get("count")
        if raw is not None and raw != 0:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.count is 0 (no draw) or left out, for an optional "
                                            "draw only.", attack=actx.attack.name))

    def after(self, actx: AttackCtx) -> None:
        if actx.choices.get("count") == 0:
            actx.say(msg("%(seat)s chooses not to draw.", seat=actx.seat_label(actx.seat)))
            return
        super().after(actx)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}, {"count": 0}] if state.seats[seat].deck else [{}]


@lasting("takes_more_damage")
class TakesMoreDamage:
    """Lasting: damage from the opponent's attacks to this Pokémon is `amount` more (after
    Weakness and Resistance)."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or ev.confusion or dmg <= 0:
            return dmg
        dmg += src.data["amount"]
        ev.note(msg("%(why)s +%(amount)s = %(damage)s", why=src.data.get("why", AN_EFFECT),
                    amount=src.data["amount"], damage=dmg))
        return dmg


class DefendingTakesMoreNextTurn(Effect):
    """During your next turn, the Defending Pokémon takes `amount` more damage from attacks
    (after Weakness and Resistance)."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = (f"during your next turn, the Defending Pokémon takes {amount} more damage from attacks "
                     "(after Weakness and Resistance)")

    def after(self, actx: AttackCtx) -> None:
        d = affected_defender(actx)
        if d is None:
            return
        add_effect(d, "takes_more_damage", actx.state.turn + 2, amount=self.amount, why=actx.attack.name)
        actx.say(msg("During %(seat)s's next turn, %(pokemon)s takes %(amount)s more damage from attacks.",
                     seat=actx.seat_label(actx.seat), pokemon=actx.name(d), amount=self.amount), "R-DAMAGE-1")


class MayAttachAnyFromHand(AttachEnergyFrom):
    """You may attach any number of Basic Energy cards from your hand to your Pokémon in any way
    you like (choices.cards, choices.to; left out: none)."""

    def __init__(self) -> None:
        super().__init__(0, None, "any", up_to=True, source="hand")
        self.text = ("you may attach any number of Basic Energy cards from your hand to your Pokémon in any way you "
                     "like (choices.cards, choices.to; left out: none)")

    def _bounds(self, allowed: int) -> tuple[int, int]:
        return 0, allowed

    def check(self, actx: AttackCtx) -> None:
        if actx.choices.get("cards") is None:
            memo = attack_memo(actx, self)
            memo["cards"], memo["places"] = [], []
            return
        super().check(actx)
