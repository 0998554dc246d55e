"""A sandbox position of the figure game (`"position"` of `POST /v1/matches`), read strictly
(T-SETUP-3): every problem is refused by field (`PositionError.errors`, "position.figures.0:1.status"),
nothing is dropped and nothing is kept that the rules don't know.

    {"figures": {"<seat>:<n>": {"figure", "where"?, "status"?, "wait"?, "wait_until"?, "arrived"?}},
     "turn"?, "seat_to_act"?, "first_seat"?, "turns_taken"?, "phase"?, "moved"?}

Rulings taken here:
- A figure stands where the team rules allow it (T-SETUP-1): a figure team building refuses
  (an ability not encoded) is refused here the same way, not placed and played half-right.
- `status` is a Special Condition (T-STATUS-1: paralyzed or poisoned), only on a figure on the
  board (leaving the field ends them). Wait is apart (T-STATUS-2): `"wait": true`, and
  `wait_until`, the last turn it lasts. Without `wait_until` a Wait has the seed's meaning,
  through its owner's next turn to begin ("durante o seu próximo turno"): this turn when the
  owner is to act, else the next one (state.wait_already_on).
- `"status": "wait"` (with `status_until`) is the spelling of Wait before it had its own slot:
  positions of earlier matches keep reading as Wait.
"""
from __future__ import annotations

from typing import Any

from ..messages import joined, msg
from .board import CENTER_SIZE
from .effects import SPECIAL_CONDITIONS, WAIT
from .figures import figure
from .rulesets import TfgRuleset
from .state import BENCH, CENTER, FigureInPlay, TfgState, wait_already_on

POSITION_KEYS = frozenset({"figures", "turn", "seat_to_act", "first_seat", "turns_taken", "phase", "moved"})
FIGURE_KEYS = frozenset({"figure", "where", "status", "wait", "wait_until", "arrived"})
LEGACY_FIGURE_KEYS = frozenset({"status_until"})     # only beside "status": "wait"
PHASES = ("move", "attack")


class PositionError(ValueError):
    def __init__(self, errors: dict[str, str]):
        super().__init__(joined((joined((k, v), ": ") for k, v in errors.items()), "; "))
        self.errors = errors


def _whole(value: Any, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _unknown(raw: dict[str, Any], allowed: frozenset[str], path: str, errors: dict[str, str],
             also: frozenset[str] = frozenset()) -> None:
    for key in raw:
        if key not in allowed and key not in also:
            shown = key if isinstance(key, str) and len(key) <= 40 else "(a long name)"
            errors[f"{path}.{shown}"] = msg("unknown field; one of %(fields)s (%(rule)s)",
                                            fields=", ".join(sorted(allowed)), rule="T-SETUP-3")


class _Reader:
    def __init__(self, rules: TfgRuleset, points: set[str], position: dict[str, Any]):
        self.rules, self.points, self.position = rules, points, position
        self.errors: dict[str, str] = {}

    def number(self, key: str, default: int, least: int) -> int:
        value = self.position.get(key, default)
        if _whole(value, least):
            return int(value)
        self.errors[f"position.{key}"] = msg("must be a whole number of at least %(least)s", least=least)
        return default

    def seat(self, key: str) -> int:
        value = self.position.get(key, 0)
        if value in (0, 1) and not isinstance(value, bool):
            return int(value)
        self.errors[f"position.{key}"] = msg("must be 0 or 1")
        return 0

    def turns_taken(self) -> list[int]:
        value = self.position.get("turns_taken", [1, 1])
        if isinstance(value, list) and len(value) == 2 and all(_whole(v, 0) for v in value):
            return list(value)
        self.errors["position.turns_taken"] = msg("two whole numbers of at least 0, one per seat")
        return [1, 1]

    def figures(self, turn: int, seat_to_act: int) -> dict[str, FigureInPlay]:
        raw = self.position.get("figures") or {}
        if not isinstance(raw, dict):
            self.errors["position.figures"] = msg("must be an object")
            return {}
        figures: dict[str, FigureInPlay] = {}
        taken: dict[str, str] = {}
        for inst, spec in raw.items():
            fig = self.figure(str(inst), spec, turn, seat_to_act)
            if fig is None:
                continue
            if fig.where in taken:
                self.errors[f"position.figures.{inst}.where"] = msg(
                    "%(instance)s and %(other)s can't both stand on %(point)s (%(rule)s)", instance=inst,
                    other=taken[fig.where], point=fig.where, rule="T-MOVE-2")
            elif fig.where in self.points:
                taken[fig.where] = str(inst)
            figures[str(inst)] = fig
        self.seats(figures)
        return figures

    def figure(self, inst: str, spec: Any, turn: int, seat_to_act: int) -> FigureInPlay | None:
        path = f"position.figures.{inst if len(inst) <= 40 else '(a long name)'}"
        seat, _, n = inst.partition(":")
        if seat not in ("0", "1") or not n.isdigit():
            self.errors[path] = msg("figure instance %(instance)s: write it '<seat>:<n>'", instance=repr(inst))
            return None
        if not isinstance(spec, dict):
            self.errors[path] = msg("must be an object")
            return None
        legacy_wait = spec.get("status") == WAIT
        _unknown(spec, FIGURE_KEYS, path, self.errors, LEGACY_FIGURE_KEYS if legacy_wait else frozenset())
        fid = self.figure_id(path, spec.get("figure"))
        where = spec.get("where", BENCH)
        if not isinstance(where, str) or (where not in self.points and where not in (BENCH, CENTER)):
            self.errors[f"{path}.where"] = msg("%(point)s is not a point of the board, the bench or the center",
                                               point=repr(where))
            where = BENCH
        status = None if legacy_wait else spec.get("status")
        if status is not None and status not in SPECIAL_CONDITIONS:
            self.errors[f"{path}.status"] = msg("a Special Condition is one of %(conditions)s (T-STATUS-1); Wait "
                                                "is `\"wait\": true` (T-STATUS-2)",
                                                conditions=", ".join(SPECIAL_CONDITIONS))
            status = None
        if status is not None and where in (BENCH, CENTER):
            self.errors[f"{path}.status"] = msg("only a figure on the board has a Special Condition (T-STATUS-1)")
        arrived = spec.get("arrived", 0)
        if not _whole(arrived, 0):
            self.errors[f"{path}.arrived"] = msg("must be a whole number of at least %(least)s", least=0)
            arrived = 0
        wait_until = self.wait(path, spec, legacy_wait, turn, wait_already_on(turn, seat_to_act, int(seat)))
        if fid is None:
            return None
        return FigureInPlay(fid, where, status, wait_until, int(arrived))

    def figure_id(self, path: str, name: Any) -> str | None:
        try:
            fig = figure(name) if isinstance(name, str) else None
        except KeyError:
            fig = None
        if fig is None:
            self.errors[f"{path}.figure"] = msg("no figure %(figure)s (GET /v1/figures lists them)", figure=repr(name))
            return None
        reason = fig.unplayable_reason
        if reason:   # T-SETUP-1: refused as team building refuses it
            self.errors[f"{path}.figure"] = msg("%(figure)s can't be played yet: %(reason)s.", figure=fig.name,
                                                reason=reason)
            return None
        return fig.id

    def wait(self, path: str, spec: dict[str, Any], legacy: bool, turn: int, default: int) -> int | None:
        """The last turn of the figure's Wait (T-STATUS-2), None for none."""
        until_key = "status_until" if legacy else "wait_until"
        flag = True if legacy else spec.get("wait", "wait_until" in spec)
        if not isinstance(flag, bool):
            self.errors[f"{path}.wait"] = msg("must be true or false")
            return None
        until = spec.get(until_key)
        if not flag:
            if until is not None:
                self.errors[f"{path}.{until_key}"] = msg("a figure without Wait has no end of Wait")
            return None
        if until is None:
            return default
        if not _whole(until, turn):
            self.errors[f"{path}.{until_key}"] = msg("the last turn the Wait lasts: a whole number, at least the "
                                                     "position's turn (%(turn)s)", turn=turn)
            return None
        return int(until)

    def seats(self, figures: dict[str, FigureInPlay]) -> None:
        for side in ("0", "1"):
            mine = [f for i, f in figures.items() if i.startswith(f"{side}:")]
            if sum(f.where == CENTER for f in mine) > CENTER_SIZE:
                self.errors["position.figures"] = msg("seat %(seat)s has more than 2 figures in the Pokémon Center "
                                                      "(%(rule)s)", seat=side, rule="T-PC-1")
            if len(mine) > self.rules.team_size:
                self.errors["position.figures"] = msg("seat %(seat)s has more than %(num)s figures (%(rule)s)",
                                                      seat=side, num=self.rules.team_size, rule="T-SETUP-1")

    def phase(self, figures: dict[str, FigureInPlay], seat_to_act: int) -> tuple[str, str | None]:
        phase, moved = self.position.get("phase", "move"), self.position.get("moved")
        if phase not in PHASES:
            self.errors["position.phase"] = msg("must be 'move' or 'attack'")
            return "move", None
        if phase == "move" and moved is not None:
            self.errors["position.moved"] = msg("only in the attack phase: the figure that moved this turn")
        if phase == "attack" and (not isinstance(moved, str) or moved not in figures or
                                  TfgState.owner(moved) != seat_to_act or
                                  figures[moved].where in (BENCH, CENTER)):
            self.errors["position.moved"] = msg("the figure that moved this turn: a figure of the seat to act, on "
                                                "the board (T-TURN-1)")
        return phase, moved if phase == "attack" else None


def read_position(ruleset: str, players: list[str], position: dict[str, Any]) -> TfgState:
    """The state a sandbox position sets out, or PositionError naming every field that can't be."""
    if not isinstance(position, dict):
        raise PositionError({"position": msg("must be an object")})
    state = TfgState(ruleset, list(players), {})
    reader = _Reader(state.rules, set(state.board.points), position)
    _unknown(position, POSITION_KEYS, "position", reader.errors)
    turn = reader.number("turn", 1, 1)
    seat_to_act, first_seat = reader.seat("seat_to_act"), reader.seat("first_seat")
    turns_taken = reader.turns_taken()
    figures = reader.figures(turn, seat_to_act)
    phase, moved = reader.phase(figures, seat_to_act)
    if reader.errors:
        raise PositionError(reader.errors)
    state = TfgState(ruleset, list(players), figures, turn=turn, seat_to_act=seat_to_act, first_seat=first_seat,
                     phase=phase, moved=moved, turns_taken=turns_taken)
    state.arrivals = max((f.arrived for f in figures.values()), default=0)
    return state
