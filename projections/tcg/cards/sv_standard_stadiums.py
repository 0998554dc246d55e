"""The Stadiums of the shipped 2026 Standard decks that change a rule of the game for both
players (issue 45), for the `modern` ruleset: data over `effects/stadium_rules.py`. Defined by
name on one print; its reprints in the modern pool take it (`declared.declare_the_rest`).

Rulings taken here (the blocks' own are in `effects/stadium_rules.py`):
- Jamming Tower (R-TRAINER-3, R-TRAINER-4): "Pokémon Tools attached to each Pokémon (both yours
  and your opponent's) have no effect." A Technical Machine is a Pokémon Tool: its attack can't be
  used while the Stadium is in play (modern ruling). The Tools stay attached and may still be
  attached (one a Pokémon); they work again as soon as the Stadium leaves play.
- Legacy Energy (R-KO-2): "Knocked Out by damage from an attack from your opponent's Pokémon" is a
  Knock Out that the attack's damage brought about (flow.REACHED_HP, not damage counters placed by
  an effect, nor Poison or Burn) during the opponent's turn. "Once per game" is per player and per
  game of a match: the first time it takes a Prize card away (a Pokémon giving no Prize card uses
  nothing).
"""
from __future__ import annotations

from ..carddb import card, define_energy, define_trainer
from .effects.stadium_rules import OneFewerPrizeOncePerGame, ToolsHaveNoEffect

_BY_NAME = {
    "Jamming Tower": (ToolsHaveNoEffect(), "me2pt5-261"),
}

for _name, (_effect, _id) in _BY_NAME.items():
    if card(_id).name != _name:
        raise ValueError(f"{_id} is {card(_id).name}, not {_name}")
    define_trainer(_id, _effect)

# Legacy Energy (ACE SPEC): what it provides is its facts' ("Any": every type, 1 Energy at a time)
define_energy("sv6-167", OneFewerPrizeOncePerGame("Legacy Energy"))
