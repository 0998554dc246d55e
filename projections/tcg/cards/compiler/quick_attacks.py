"""Small templates for modern attack wordings (the vocabulary's blocks, `cards/effects/quick_attacks.py`
and the existing ones). Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`, last."""
from __future__ import annotations

from ..effects.quick_attacks import DefendingTakesMoreNextTurn, MayAttachAnyFromHand, MayDrawCards
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
    template("may_attach_any_from_hand", "R-ENERGY-1",
             r"You may attach any number of Basic Energy cards from your hand to your Pokémon in any way you like\.",
             lambda p, a: [MayAttachAnyFromHand()],
             "You may attach any number of Basic Energy cards from your hand to your Pokémon in any way you like."),
)
