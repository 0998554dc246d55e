"""Printed English Ability text compiled into the effect vocabulary (`cards/effects/`).

`compile_power(card)` returns the Power its WHOLE printed text (`PowerDef.text`) compiles to and
the templates that matched, else None (the Ability is then declared by the table,
`cards/declared.py`). No template yet: every Ability without a hand encoding is declared.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import CompiledCard

if TYPE_CHECKING:
    from ...carddb import CardDef


def compile_power(card: CardDef) -> CompiledCard | None:
    return None
