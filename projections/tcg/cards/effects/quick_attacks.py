"""Small attack blocks for modern wordings the other modules lack (compiled by
`cards/compiler/quick_attacks.py`).

Rulings:
- "You may draw N cards.": optional as the vocabulary's other "You may draw" (`DrawUntil`):
  choices.count == 0 declines (nothing drawn); left out, N cards are drawn (as many as the deck
  holds, R-TRAINER-5). Any other count is refused (R-ATTACK-2).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...core import Illegal
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
