"""Small templates for modern attack wordings (the vocabulary's blocks, `cards/effects/quick_attacks.py`
and the existing ones). Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`, last."""
from __future__ import annotations

from ..effects.quick_attacks import MayDrawCards
from .base import Template, template

TEMPLATES: tuple[Template, ...] = (
    template("may_draw_cards", "R-TRAINER-5", r"You may draw (?P<count>\d+) cards\.",
             lambda p, a: [MayDrawCards(int(p["count"]))], "You may draw 5 cards."),
)
