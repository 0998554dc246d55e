"""The figure game's board as the console draws it (app/console/tfg_board.py): a point per point of
the board's file, a line per line, each figure where the reader's view puts it, the spots off the
board (T-SETUP-1's Bench, T-PC-1's Pokémon Center, oldest arrival first), the reader's side at
the bottom, and nothing drawn that the view does not hold."""

from __future__ import annotations

from typing import Any

from app.console.tfg_board import drawing
from projections.games import board_picture

BOARD = board_picture("duel-26")


def view(figures: dict[str, dict[str, Any]]) -> dict[str, Any]:
    out = {}
    for inst, fig in figures.items():
        owner = int(inst.split(":")[0])
        out[inst] = {"figure": fig.get("figure", "ekans"), "name": fig.get("name", "Ekans"), "owner": owner,
                     "where": fig["where"], "status": fig.get("status"), "wait_until": fig.get("wait_until"),
                     "wait": fig.get("wait_until") is not None, "arrived": fig.get("arrived", 0)}
    return {"game": "tfg", "board": "duel-26", "players": ["Ana", "Beto"], "figures": out}


def test_every_point_and_line_of_the_board_is_drawn_once():
    d = drawing(view({}), None)
    assert sorted(p.id for p in d.points) == sorted(p["id"] for p in BOARD["points"])
    assert len(d.lines) == len(BOARD["lines"]) == 28
    assert {p.kind for p in d.points} == {"point", "entry", "goal"}
    for p in d.points:
        assert 0 < p.x < d.width and 0 < p.y < d.height
    assert all(p.figure is None for p in d.points)


def test_T_SETUP_1_T_PC_1_figures_stand_on_their_points_bench_and_center():
    d = drawing(view({"0:0": {"where": "S1", "name": "Raticate"}, "0:1": {"where": "bench"},
                      "0:2": {"where": "center", "arrived": 5}, "0:3": {"where": "center", "arrived": 2},
                      "1:0": {"where": "N_GOAL", "status": "poisoned", "wait_until": 7}}), None)
    at = {p.id: p for p in d.points}
    assert at["S1"].figure is not None and at["S1"].figure.name == "Raticate" and at["S1"].figure.owner == 0
    assert at["N_GOAL"].figure is not None and at["N_GOAL"].figure.status == "poisoned" and at["N_GOAL"].figure.wait
    assert sum(p.figure is not None for p in d.points) == 2
    bench = [s for s in d.spots if s.seat == 0 and s.zone == "bench"]
    center = [s for s in d.spots if s.seat == 0 and s.zone == "center"]
    assert len(bench) == BOARD["off_board"][0]["bench"] == 6 and len(center) == BOARD["off_board"][0]["pc"] == 2
    assert [s.figure.instance for s in bench if s.figure] == ["0:1"]
    assert [s.figure.instance for s in center if s.figure] == ["0:3", "0:2"]     # the oldest arrival first
    assert not any(s.figure for s in d.spots if s.seat == 1)


def test_the_readers_side_is_at_the_bottom():
    judge = {p.id: p for p in drawing(view({}), None).points}
    seat_1 = {p.id: p for p in drawing(view({}), 1).points}
    goals = {p["owner"]: p["id"] for p in BOARD["points"] if p["kind"] == "goal"}
    assert judge[goals[0]].y > judge[goals[1]].y            # the board's file: seat 0 at the bottom
    assert seat_1[goals[1]].y > seat_1[goals[0]].y          # seat 1's own goal at the bottom for seat 1
    assert judge[goals[0]].outward == 1 and judge[goals[1]].outward == -1
    d = drawing(view({}), 1)
    assert d.bottom_seat == 1 and d.rows[1] > d.rows[0]    # its Bench strip below the board


def test_only_what_the_view_holds_is_drawn():
    d = drawing(view({"1:4": {"where": "I_N", "name": "Machop"}}), 0)
    drawn = [p.figure for p in d.points if p.figure] + [s.figure for s in d.spots if s.figure]
    assert [(f.instance, f.name) for f in drawn] == [("1:4", "Machop")]
