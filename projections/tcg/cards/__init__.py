"""The card pool: facts from `*_facts.json`, effects from the modules imported here."""
from __future__ import annotations

import importlib
import pkgutil

from .. import carddb


def _load_card_modules() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("base") or info.name.startswith("set_"):
            importlib.import_module(f"{__name__}.{info.name}")


_load_card_modules()


def unimplemented() -> list[str]:
    return [c.id for c in carddb.all_cards() if not c.implemented]
