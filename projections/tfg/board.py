"""Boards as data: points joined by lines, each seat's entry points and the goal it defends.

A board file (`data/board-<id>.json`) lists `nodes` (`id`, `kind`: point / entry / goal,
`owner` for entries and goals) and `edges` (pairs of node ids). Other boards load the same way.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data")
BENCH_SIZE = 6            # the Bench beside the board (T-SETUP-1)
CENTER_SIZE = 2           # the Pokémon Center (T-PC-1)


@dataclass(frozen=True)
class Board:
    id: str
    points: tuple[str, ...]                      # in the file's order
    neighbours: dict[str, tuple[str, ...]]
    entries: tuple[tuple[str, ...], tuple[str, ...]]   # per seat: where its figures come in
    goals: tuple[str, str]                       # per seat: the goal it defends

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "points": list(self.points),
                "lines": sorted({tuple(sorted((a, b))) for a in self.points for b in self.neighbours[a]}),
                "entries": [list(e) for e in self.entries], "goals": list(self.goals),
                "bench_size": BENCH_SIZE, "center_size": CENTER_SIZE}


def board_picture(board_id: str) -> dict[str, Any]:
    """The board as its file draws it (KeyError when there is no such board): each point's
    `id`, `kind`, `owner` and `x`, `y` on the board's picture, the lines, and each seat's
    spots off the board (`bench`, `pc`: how many)."""
    path = DATA / f"board-{board_id}.json"
    if not path.is_file():
        raise KeyError(board_id)
    raw = json.loads(path.read_text(encoding="utf-8"))
    off = raw.get("offBoard") or {}
    return {"id": board_id,
            "points": [{"id": n["id"], "kind": n["kind"], "owner": n.get("owner"), "x": n["x"], "y": n["y"]}
                       for n in raw["nodes"]],
            "lines": [list(edge) for edge in raw["edges"]],
            "off_board": [{"bench": int(off.get(str(seat), {}).get("bench", BENCH_SIZE)),
                           "pc": int(off.get(str(seat), {}).get("pc", CENTER_SIZE))} for seat in (0, 1)]}


def board_ids() -> list[str]:
    return sorted(p.stem.removeprefix("board-") for p in DATA.glob("board-*.json"))


@cache
def load_board(board_id: str) -> Board:
    """The board `board_id` (KeyError when there is no such board)."""
    path = DATA / f"board-{board_id}.json"
    if not path.is_file():
        raise KeyError(board_id)
    raw = json.loads(path.read_text(encoding="utf-8"))
    nodes = raw["nodes"]
    points = tuple(n["id"] for n in nodes)
    neighbours: dict[str, list[str]] = {p: [] for p in points}
    for a, b in raw["edges"]:
        neighbours[a].append(b)
        neighbours[b].append(a)
    entries = tuple(tuple(n["id"] for n in nodes if n["kind"] == "entry" and n["owner"] == seat) for seat in (0, 1))
    goals = tuple(next(n["id"] for n in nodes if n["kind"] == "goal" and n["owner"] == seat) for seat in (0, 1))
    return Board(board_id, points, {p: tuple(v) for p, v in neighbours.items()},
                 (entries[0], entries[1]), (goals[0], goals[1]))
