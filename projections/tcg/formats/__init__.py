"""The Standard format of the modern ruleset, as data by date (R-DECK-5; issue 43 item 2).

`standard.json` lists the periods of the format: each in force from its `from` day up to the
day before its `to` (null: open), with the regulation marks it admits, its ban list and the
announcement it comes from (the sources are cited there and in the README). `prints.json`
groups the prints of the same card whose marks differ (written by scripts/card_prints.py from
the shared card data, including sets the referee does not play yet).

Rulings:

* A card is legal on a day when the period in force that day admits its regulation mark or
  the mark of another print of the same card — the same name (less a parenthetical, as R-DECK-2
  counts it) and the same text (scripts/card_prints.py says what is compared). So an older
  print is legal through a reprint of a legal mark; a card of the same name whose text differs
  is not. Basic Energy is always legal (it carries no mark).
* A banned card is refused whatever its mark; an entry names every print of a name, or one
  card id.
* The day is the caller's: the service passes the day of the event (or today, by its clock);
  this module reads no clock. Without a day, the latest period is taken.
* A day before the first period is in no Standard format the referee knows: the list is
  refused with that said, rather than checked against a format that was not in force.
* A new set's cards are legal from the period's start here; the official wait of about two
  weeks after a set's release is not modelled.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from ..card_names import name_key
from ..carddb import CardDef

_HERE = Path(__file__).parent


def bare_name(name: str) -> str:
    """The name R-DECK-2 counts by, compared as players write it ("Boss's Orders (Ghetsis)"
    -> "boss'sorders")."""
    cut = name.rsplit(" (", 1)[0] if name.endswith(")") else name
    return name_key(cut or name)


@dataclass(frozen=True)
class StandardPeriod:
    name: str
    start: date
    end: date | None                      # exclusive; None: open
    marks: tuple[str, ...]
    banned_names: frozenset[str] = frozenset()   # bare_name keys
    banned_ids: frozenset[str] = frozenset()
    source: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def in_force(self, day: date) -> bool:
        return self.start <= day and (self.end is None or day < self.end)

    def bans(self, card: CardDef) -> bool:
        return card.id in self.banned_ids or bare_name(card.name) in self.banned_names

    def admits(self, card: CardDef) -> bool:
        """R-DECK-5: the card's mark, or a reprint's, is the period's (module docstring)."""
        return card.is_basic_energy or any(m in self.marks for m in print_marks(card))


def _period(raw: dict[str, Any]) -> StandardPeriod:
    banned = raw.get("banned") or []
    unknown = [b for b in banned if not isinstance(b, dict) or set(b) not in ({"name"}, {"id"})]
    if unknown:
        raise ValueError(f"standard period {raw['name']}: a banned entry is {{name}} or {{id}}, not {unknown}")
    return StandardPeriod(
        name=str(raw["name"]), start=date.fromisoformat(raw["from"]),
        end=date.fromisoformat(raw["to"]) if raw.get("to") else None, marks=tuple(raw["marks"]),
        banned_names=frozenset(bare_name(b["name"]) for b in banned if "name" in b),
        banned_ids=frozenset(b["id"] for b in banned if "id" in b), source=dict(raw.get("source") or {}))


def load_periods(raw: dict[str, Any]) -> tuple[StandardPeriod, ...]:
    """The periods of a standard.json document, in order; each begins where the one before ends."""
    periods = tuple(sorted((_period(p) for p in raw["periods"]), key=lambda p: p.start))
    for before, after in zip(periods, periods[1:], strict=False):
        if before.end != after.start:
            raise ValueError(f"standard periods {before.name} and {after.name} do not meet")
    return periods


STANDARD_PERIODS: tuple[StandardPeriod, ...] = load_periods(
    json.loads((_HERE / "standard.json").read_text(encoding="utf-8")))


def standard_period(day: date | None = None) -> StandardPeriod | None:
    """The period in force on `day` (None: the latest); None when no period covers it."""
    if day is None:
        return STANDARD_PERIODS[-1] if STANDARD_PERIODS else None
    return next((p for p in STANDARD_PERIODS if p.in_force(day)), None)


@cache
def _prints() -> dict[str, dict[str, str | None]]:
    """Card id -> its group of prints (card id -> mark)."""
    groups = json.loads((_HERE / "prints.json").read_text(encoding="utf-8"))["groups"]
    return {card_id: group for group in groups for card_id in group}


def print_marks(card: CardDef) -> tuple[str | None, ...]:
    """The card's own mark and the marks of its other prints (prints.json)."""
    others = _prints().get(card.id, {})
    return (card.regulation_mark, *(m for i, m in others.items() if i != card.id))
