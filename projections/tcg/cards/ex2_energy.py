"""EX Sandstorm's Energy: Multi Energy (ex2-93), a Special Energy card; the set has no basic Energy.

What it provides is data (`ex2_facts.json`: "Any", one unit that pays for any type,
core.provides_type); its condition about other Special Energy cards is code, an answer to the
effect pipeline's `energy_units` hook while it is attached (hooks.py).

Rulings taken here:
- Multi Energy provides Colorless instead while any other Special Energy card is attached to
  the same Pokémon, whichever was attached first (PUI Rules Team, 11 Sep 2003: attaching a
  Special Energy card to a Pokémon that has Multi Energy makes the Multi Energy provide
  Colorless from then on). Two Multi Energy cards on one Pokémon each see the other: both
  provide Colorless. When the other Special Energy card leaves, Multi Energy provides every type
  again. It provides 1 unit either way.
- What another effect made the card provide (a card's `energy_override`) is left as it is: only
  its own every-type unit turns Colorless.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import ANY_TYPE, define_energy

if TYPE_CHECKING:
    from ..hooks import EnergyEvent, Listener


class MultiEnergy:
    """Every type, 1 unit at a time; Colorless while another Special Energy card shares its Pokémon."""
    text = ("it provides Colorless Energy instead of every type while another Special Energy card is attached "
            "to the same Pokémon")

    def energy_units(self, src: Listener, ev: EnergyEvent, units: list[str]) -> list[str]:
        if ev.card != src.card or units != [ANY_TYPE]:
            return units
        state = ev.state
        if any(i != src.card and state.card_of(i).energy_kind == "special" for i in ev.pokemon.energy):
            return ["Colorless"]
        return units


define_energy("ex2-93", MultiEnergy())
