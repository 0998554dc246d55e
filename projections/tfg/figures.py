"""Figures as data: name, MP, types and the wheel (`data/duel-figures-gen1-reference.csv`,
one row per segment; sizes out of 96).

A figure is playable when every part of it is encoded exactly: each segment's ability text
(effects.py) and its special ability (none is encoded yet), and its wheel's sizes sum to 96.
`unplayable_reason` says why one is not; team building refuses it with that reason.
"""
from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cache

from ..messages import msg
from .board import DATA
from .effects import Effect, colour_name, effects_of

WHEEL = 96
COLOURS = {"White": "white", "Gold": "gold", "Purple": "purple", "Blue": "blue", "Red": "miss"}


def segment_label(name: str, colour: str, value: str | None) -> str:
    """A segment as a text names it: "Tackle (white 10)", "Withdraw (blue)" (`value` None)."""
    if value is None:
        return msg("%(attack)s (%(colour)s)", attack=name, colour=colour_name(colour))
    return msg("%(attack)s (%(colour)s %(value)s)", attack=name, colour=colour_name(colour), value=value)


@dataclass(frozen=True)
class Segment:
    name: str
    colour: str            # white, gold, purple, blue, miss
    size: int              # out of 96
    damage: int            # white and gold
    stars: int             # purple
    text: str              # the ability text of the data ("" for none)
    effects: tuple[Effect, ...] | None   # None: the text is not encoded

    def label(self) -> str:
        value = {"white": str(self.damage), "gold": str(self.damage), "purple": "☆" * self.stars}.get(self.colour, "")
        return segment_label(self.name, self.colour, value or None)


@dataclass(frozen=True)
class Figure:
    id: str
    name: str
    mp: int
    types: tuple[str, ...]
    special: str                # the special ability's text ("" for none)
    wheel: tuple[Segment, ...]

    @property
    def unplayable_reason(self) -> str | None:
        if sum(s.size for s in self.wheel) != WHEEL:
            return msg("its wheel's sizes add up to %(sum)s, not %(wheel)s", sum=sum(s.size for s in self.wheel),
                       wheel=WHEEL)
        if self.special:
            return msg("its special ability is not encoded yet (%(ability)s)", ability=self.special.split(' - ')[0])
        for s in self.wheel:
            if s.effects is None:
                return msg("the ability of its segment %(attack)s is not encoded yet", attack=s.name)
        return None

    def describe(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "mp": self.mp, "types": list(self.types),
                "special_ability": self.special or None, "playable": self.unplayable_reason is None,
                "unplayable_reason": self.unplayable_reason,
                "wheel": [{"index": i, "name": s.name, "colour": s.colour, "size": s.size,
                           "damage": s.damage if s.colour in ("white", "gold") else None,
                           "stars": s.stars if s.colour == "purple" else None,
                           "effect": "; ".join(e.describe() for e in s.effects) if s.effects else
                           ("not encoded" if s.effects is None else None)}
                          for i, s in enumerate(self.wheel)]}


def figure_id(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("♀", "-f").replace("♂", "-m")).strip("-")


def _segment(row: dict[str, str]) -> Segment:
    colour = COLOURS[row["Attack Type"]]
    value = row["Attack Value"].strip()
    damage = int(value) if colour in ("white", "gold") and value.isdigit() else 0
    stars = value.count("☆") if colour == "purple" else 0
    text = row["Attack Ability"].strip()
    return Segment(row["Attack Name"].strip(), colour, round(float(row["Attack Wheel Size"])), damage, stars,
                   text, effects_of(text))


@cache
def all_figures() -> dict[str, Figure]:
    rows: dict[str, list[dict[str, str]]] = {}
    with (DATA / "duel-figures-gen1-reference.csv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            rows.setdefault(row["Name"].strip(), []).append(row)
    figures = {}
    for name, segs in rows.items():
        special = segs[0]["Special Ability"].strip()
        fig = Figure(figure_id(name), name, int(segs[0]["Movement"]),
                     tuple(t.strip() for t in segs[0]["Type"].split("/")),
                     "" if special == "None" else special, tuple(_segment(r) for r in segs))
        figures[fig.id] = fig
    return figures


def figure(figure_id_or_name: str) -> Figure:
    """A figure by id or name (KeyError)."""
    figures = all_figures()
    key = figure_id_or_name if figure_id_or_name in figures else figure_id(figure_id_or_name)
    return figures[key]


def playable_figures() -> list[Figure]:
    return [f for f in all_figures().values() if f.unplayable_reason is None]
