"""EX Ruby & Sapphire Energy: six basic types (ex1-104 … ex1-109) and three Special Energy
cards (ex1-93 … ex1-95), whose effects answer the effect pipeline while attached (hooks.py).

What each provides is data (`ex1_facts.json`: Darkness, Metal, and Rainbow's "Any" — one unit
that pays for any type, core.provides_type); only their other effects are code.

Rulings taken here:
- Darkness Energy adds 10 to the damage its Pokémon's attack does to the Defending Pokémon, at
  R-DAMAGE-1 step b (seed 003 §3 b names it: before Weakness and Resistance), only while the
  attacker is a Darkness Pokémon (its type now, R-INPLAY-1: a Lunatone after Lunar Eclipse) or
  has "Dark" in its name. Each Darkness Energy card adds its
  own 10. An attack that does no damage gets nothing (the calculation never starts), and
  damage to Benched Pokémon or to the attacker itself gets nothing ("to the Active Pokémon").
- Metal Energy takes 10 from damage done by any attack to its Pokémon (the owner's own attacks
  included: the card says "attacks", not "your opponent's attacks"), at step e after Weakness
  and Resistance (seed 003 §3 e names it), only while that Pokémon is a Metal Pokémon (its type
  now, R-INPLAY-1). It
  applies on the Bench too. Each card takes its own 10. Counters placed (R-DAMAGE-3) are not
  damage: Metal Energy doesn't reduce them.
- Rainbow Energy puts 1 damage counter on the Pokémon when attached from the hand — the turn's
  attachment or an effect that attaches from the hand — but not when an effect moves it from
  another Pokémon or the discard pile. The counter is placed, not damage; if it Knocks the
  Pokémon Out, the Knock Out is settled at once (R-KO-1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import msg
from ..carddb import define_energy
from ..core import place_counters
from ..hooks import AttachEvent, DamageEvent, Listener, is_type

if TYPE_CHECKING:
    from ..state import Pokemon, State


def _is_type(state: State, p: Pokemon, energy_type: str, name_part: str | None = None) -> bool:
    """Of that type now (R-INPLAY-1: Lunar Eclipse's Darkness counts), or named so."""
    return is_type(state, p, energy_type) or (name_part is not None and name_part in state.card_of(p.top).name)


class DarknessBoost:
    """+10 to the attack's damage to the Defending Pokémon, for a Darkness (or "Dark") attacker."""
    text = ("the attack of the Pokémon it is attached to does 10 more damage to the Defending Pokémon, "
            "before Weakness and Resistance, when that Pokémon is Darkness or has \"Dark\" in its name")

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.attacker is not src.on or not ev.to_defending or not _is_type(ev.state, src.on, "Darkness", "Dark"):
            return dmg
        dmg += 10
        ev.note(msg("Darkness Energy +10 = %(damage)s", damage=dmg))
        return dmg


class MetalShield:
    """−10 from damage by attacks to a Metal Pokémon it is attached to, after Weakness and Resistance."""
    text = ("damage done by attacks to the Pokémon it is attached to is 10 less, after Weakness and "
            "Resistance, when that Pokémon is Metal")

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or not _is_type(ev.state, src.on, "Metal"):
            return dmg
        dmg -= 10
        ev.note(msg("Metal Energy −10 = %(damage)s", damage=dmg))
        return dmg


class RainbowCounter:
    """1 damage counter on the Pokémon it is attached to from the hand."""
    text = "when attached from the hand, 1 damage counter is put on the Pokémon it is attached to"

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        if ev.card == src.card and ev.from_hand:
            place_counters(ev.ctx, ev.pokemon, 1, msg("Rainbow Energy attached from the hand"))


define_energy("ex1-93", DarknessBoost())
define_energy("ex1-94", MetalShield())
define_energy("ex1-95", RainbowCounter())
for number in range(104, 110):
    define_energy(f"ex1-{number}")
