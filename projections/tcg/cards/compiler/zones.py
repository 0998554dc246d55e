"""Templates for the wordings that move cards between zones: the opponent's deck and hand
discarded, deck searches, Energy attached or moved, Stadiums discarded, draws to a hand size.

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes.
"""
from __future__ import annotations

from .base import Template

TEMPLATES: tuple[Template, ...] = ()
