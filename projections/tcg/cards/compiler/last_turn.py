"""Templates over what happened during the opponent's last turn, a fact of the turn record the
engine keeps for modern cards (flow.py: the seats that lost a Pokémon to an attack's damage).

"If any of your Pokémon were Knocked Out by damage from an attack during your opponent's last
turn, this attack does N more damage." compiles to `MoreIfKnockedOutByAttackLastTurn`
(`effects/played_from_hand.py`, whose rulings say what counts); with ", and your opponent's
Active Pokémon is now <Condition>." the Condition comes with it, on the same condition
(`InflictIfKnockedOutByAttackLastTurn`). The wordings that narrow the Pokémon ("your Fighting
Pokémon", "your Hop's Pokémon") need which Pokémon was Knocked Out, which the record does not
keep: they stay declared.

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes.
"""
from __future__ import annotations

from ..effects.played_from_hand import InflictIfKnockedOutByAttackLastTurn, MoreIfKnockedOutByAttackLastTurn
from .base import CONDITION, CONDITIONS, OPPONENT_ACTIVE, Template, template

_KNOCKED_OUT = (r"If any of your Pokémon were Knocked Out by damage from an attack during your opponent's last turn, "
                r"this attack does (?P<bonus>\d+) more damage")

TEMPLATES: tuple[Template, ...] = (
    template("more_if_knocked_out_by_attack_last_turn", "R-DAMAGE-1", _KNOCKED_OUT + r"\.",
             lambda p, a: [MoreIfKnockedOutByAttackLastTurn(int(p["bonus"]))],
             "If any of your Pokémon were Knocked Out by damage from an attack during your opponent's last turn, this "
             "attack does 120 more damage.", mark="+"),
    template("more_and_condition_if_knocked_out_by_attack_last_turn", "R-STATUS-1",
             _KNOCKED_OUT + rf", and {OPPONENT_ACTIVE} is now (?P<condition>{CONDITION})\.",
             lambda p, a: [MoreIfKnockedOutByAttackLastTurn(int(p["bonus"])),
                           InflictIfKnockedOutByAttackLastTurn(CONDITIONS[p["condition"]])],
             "If any of your Pokémon were Knocked Out by damage from an attack during your opponent's last turn, this "
             "attack does 90 more damage, and your opponent's Active Pokémon is now Paralyzed.", mark="+"),
)
