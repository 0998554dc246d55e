"""Templates for the conditional and counted damage wordings ("If …, this attack does N more
damage.", "This attack does N damage for each …", "N less damage for each …").

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes.
"""
from __future__ import annotations

from .base import Template

TEMPLATES: tuple[Template, ...] = ()
