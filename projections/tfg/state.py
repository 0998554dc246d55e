"""The figure game's state: plain data (so it hashes, snapshots and travels as JSON).

Each figure of a match is an instance `"<seat>:<n>"` with its figure id and where it is: a point
of the board, the Bench, or the Pokémon Center (with its arrival number, T-PC-1).
"""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .board import Board, load_board
from .figures import Figure, figure
from .rulesets import TfgRuleset, get_ruleset

BENCH, CENTER = "bench", "center"


@dataclass
class FigureInPlay:
    figure: str
    where: str = BENCH                 # a point id, "bench" or "center"
    status: str | None = None          # T-STATUS: wait, paralyzed, poisoned
    status_until: int | None = None    # Wait: the last turn it lasts (the owner's next turn)
    arrived: int = 0                   # arrival number in the Pokémon Center (T-PC-1)


@dataclass
class TfgState:
    ruleset: str
    players: list[str]
    figures: dict[str, FigureInPlay]
    turn: int = 0                      # 1 = the first player's first turn
    seat_to_act: int = 0
    first_seat: int = 0
    phase: str = "move"                # move, attack (the moved figure may attack), over
    moved: str | None = None           # the figure chosen this turn (T-TURN-1)
    turns_taken: list[int] = field(default_factory=lambda: [0, 0])
    arrivals: int = 0
    result: dict[str, Any] | None = None
    seq: int = 0
    mode: str = "service"              # service: the referee spins; reported / table: the table says

    # -- look-ups ---------------------------------------------------------------------------
    @property
    def rules(self) -> TfgRuleset:
        return get_ruleset(self.ruleset)

    @property
    def board(self) -> Board:
        return load_board(self.rules.board)

    def fig(self, inst: str) -> Figure:
        return figure(self.figures[inst].figure)

    def name(self, inst: str) -> str:
        return f"{self.fig(inst).name} ({inst})"

    @staticmethod
    def owner(inst: str) -> int:
        return int(inst.split(":", 1)[0])

    def at(self, point: str) -> str | None:
        return next((i for i, f in self.figures.items() if f.where == point), None)

    def occupied(self) -> dict[str, str]:
        return {f.where: i for i, f in self.figures.items() if f.where not in (BENCH, CENTER)}

    def of_seat(self, seat: int, where: str | None = None) -> list[str]:
        return [i for i, f in self.figures.items()
                if self.owner(i) == seat and (where is None or f.where == where or
                                              (where == "board" and f.where not in (BENCH, CENTER)))]

    def on_board(self, inst: str) -> bool:
        return self.figures[inst].where not in (BENCH, CENTER)

    def waiting(self, inst: str) -> bool:
        return self.figures[inst].status == "wait"

    # -- copies and JSON ----------------------------------------------------------------------
    def clone(self) -> TfgState:
        new = copy.copy(self)
        new.figures = {i: copy.copy(f) for i, f in self.figures.items()}
        new.players = list(self.players)
        new.turns_taken = list(self.turns_taken)
        new.result = dict(self.result) if self.result else None
        return new

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TfgState:
        data = dict(data)
        data["figures"] = {i: FigureInPlay(**f) for i, f in data["figures"].items()}
        return cls(**data)


def state_hash(state: TfgState) -> str:
    text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
