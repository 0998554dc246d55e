"""Base Set Energy: six basic types and Double Colorless (2 Colorless, not basic Energy)."""
from __future__ import annotations

from ..carddb import define_energy

for number in range(96, 103):
    define_energy(f"base1-{number}")
