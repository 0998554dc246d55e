"""The figure game's state: plain data (so it hashes, snapshots and travels as JSON).

Each figure of a match is an instance `"<seat>:<n>"` with its figure id and where it is: a point
of the board, the Bench, or the Pokémon Center (with its arrival number, T-PC-1).

A figure's Special Condition (`status`: Paralyzed or Poisoned, T-STATUS-1) and its Wait
(`wait_until`, T-STATUS-2) are two slots: seed 004 lists only Paralisado and Envenenado as
Condições Especiais, and Wait is what some attacks do, so neither replaces the other. States
written before the two were apart (`"status": "wait"`, `status_until`) still read as Wait.
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
    status: str | None = None          # a Special Condition (T-STATUS-1): paralyzed or poisoned
    wait_until: int | None = None      # Wait (T-STATUS-2): the last turn it lasts; None: no Wait
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
        return self.figures[inst].wait_until is not None

    def wait_through_owners_next_turn(self, inst: str) -> int:
        """The last turn of a Wait given now (T-STATUS-2: "durante o seu próximo turno"): the
        owner's next turn — the one after this if the owner is acting, else the next one."""
        return self.turn + 2 if self.owner(inst) == self.seat_to_act else self.turn + 1

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
        figures = {i: FigureInPlay(**_two_slots(f)) for i, f in data["figures"].items()}
        data["figures"] = {}
        state = cls(**data)
        for inst, fig in figures.items():
            if fig.wait_until == _WAIT_WITH_NO_END:
                fig.wait_until = wait_already_on(state.turn, state.seat_to_act, state.owner(inst))
        state.figures = figures
        return state


_WAIT_WITH_NO_END = -1


def wait_already_on(turn: int, seat_to_act: int, owner: int) -> int:
    """The last turn of a Wait a figure already has when a position is set out (T-STATUS-2):
    its owner's next turn to begin — this one if the owner is acting (the Wait came before the
    turn: nothing in a turn gives Wait before the attack that ends it), else the next one."""
    return turn if owner == seat_to_act else turn + 1


def _two_slots(fig: dict[str, Any]) -> dict[str, Any]:
    """A figure as written before Wait had its own slot: `"status": "wait"` (and its
    `status_until`) is Wait, any other status a Special Condition."""
    fig = dict(fig)
    until = fig.pop("status_until", None)
    if fig.get("status") == "wait":
        fig["status"] = None
        fig["wait_until"] = until if until is not None else _WAIT_WITH_NO_END
    return fig


def state_hash(state: TfgState) -> str:
    text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
