"""Templates for the wordings of effects that last or borrow: "During your opponent's next turn,
…" on the Defending Pokémon or this one, attacks copied ("Choose 1 of … attacks and use it as
this attack"), and damage counters placed ("Put N damage counters on …").

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes.
"""
from __future__ import annotations

from .base import Template

TEMPLATES: tuple[Template, ...] = ()
