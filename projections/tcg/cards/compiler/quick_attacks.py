"""Small templates for modern attack wordings (the vocabulary's blocks, `cards/effects/quick_attacks.py`
and the existing ones). Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`, last."""
from __future__ import annotations

from ..effects.quick_attacks import DefendingTakesMoreNextTurn, MayDrawCards
from .base import Template, template

TEMPLATES: tuple[Template, ...] = (
    template("may_draw_cards", "R-TRAINER-5", r"You may draw (?P<count>\d+) cards\.",
             lambda p, a: [MayDrawCards(int(p["count"]))], "You may draw 5 cards."),
    template("defending_takes_more_next_turn", "R-DAMAGE-1",
             r"During your next turn, the Defending Pokémon takes (?P<amount>\d+) more damage from attacks "
             r"(?:\(after applying Weakness and Resistance\)|<i>\(after applying Weakness and Resistance\)</i>)\.",
             lambda p, a: [DefendingTakesMoreNextTurn(int(p["amount"]))],
             "During your next turn, the Defending Pokémon takes 50 more damage from attacks (after applying "
             "Weakness and Resistance)."),
)
