"""The Scarlet & Violet fossils (Antique Dome Fossil, Antique Helix Fossil, Antique Old Amber,
Antique Cover Fossil, Antique Root Fossil, and White Flare's Antique Plume Fossil, the same
text): Items played as 60-HP Colorless Basic Pokémon that
Kabutops-line and the other fossil Pokémon evolve from.

The Base Set's Clefairy Doll is the same kind of card (a Trainer played as a Basic Pokémon
that can't retreat, gets no Special Conditions and may be discarded from play during its
owner's turn); these reuse its class. Rulings taken here:
- Unlike the Doll, their text says nothing of Prize cards: Knocked Out, a fossil gives its
  Prize card like any Pokémon (R-KO-2).
- In the hand, the deck or the discard pile a fossil is an Item (a search for a Pokémon does
  not find it); in play it is a Basic Pokémon, so a Rare Candy or an evolution card names it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define_trainer
from .effects import AntiqueFossil

if TYPE_CHECKING:
    pass

FOSSILS = ("sv3pt5-152", "sv3pt5-153", "sv3pt5-154", "sv7-129", "sv7-130", "zsv10pt5-80", "rsv10pt5-79")


for _card_id in FOSSILS:
    define_trainer(_card_id, AntiqueFossil(), as_pokemon={"hp": 60, "type": "Colorless", "retreat_cost": 0})
