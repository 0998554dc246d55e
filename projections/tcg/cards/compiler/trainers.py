"""Printed English Trainer text compiled into the effect vocabulary (`cards/effects/`).

`compile_trainer(card)` returns the Trainer its WHOLE printed text (`CardDef.text`, the kind's
reminder lines aside) compiles to and the templates that matched, else None (the card is then
declared by the table, `cards/declared.py`). No template yet: every Trainer without a hand
encoding is declared.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import CompiledCard

if TYPE_CHECKING:
    from ...carddb import CardDef


def compile_trainer(card: CardDef) -> CompiledCard | None:
    return None
