"""The card pool: facts from `*_facts.json`, effects from the modules imported here."""
from __future__ import annotations

import importlib
import pkgutil

from .. import carddb

# The modules of this package that are not card modules (every other one registers cards).
NOT_CARDS = ("effects", "describe", "declared", "compiler")


def _load_card_modules() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.name not in NOT_CARDS:
            importlib.import_module(f"{__name__}.{info.name}")
    # what no module encodes is declared at the table (declared.py): after every module
    from .declared import declare_the_rest
    declare_the_rest()
    carddb.hooks.invalidate()


_load_card_modules()


def unimplemented() -> list[str]:
    return [c.id for c in carddb.all_cards() if not c.implemented]
