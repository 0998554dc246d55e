"""Boards and actions for the figure game's tests: sandbox positions (engine.from_position),
spins fixed by segment index (each test proves how many spins an action needs)."""
from __future__ import annotations

from typing import Any

from projections.tfg import engine
from projections.tfg.spins import ReportedSpins
from projections.tfg.state import state_hash
from tests.engine.cards.fixtures import said  # noqa: F401 - the card tests' narration check, shared

PLAYERS = ["Ana", "Beto"]


def position(figures: dict[str, Any], *, ruleset: str = "tfg-6v6", turn: int = 3, seat_to_act: int = 0,
             **more: Any):
    specs = {inst: ({"figure": spec[0], "where": spec[1], **(spec[2] if len(spec) > 2 else {})}
                    if isinstance(spec, tuple) else spec) for inst, spec in figures.items()}
    return engine.from_position(ruleset, PLAYERS, {"figures": specs, "turn": turn, "seat_to_act": seat_to_act,
                                                   **more})


def act(state, action: dict[str, Any], spins=(), seat: int | None = None):
    source = ReportedSpins(list(spins))
    d = engine.decide(state, state.seat_to_act if seat is None else seat, action, source)
    assert d.legal, (action, d.violations, d.coin_error)
    assert source.unused() == 0, f"{source.unused()} spin(s) not used"
    replayed, _ = engine.apply(state, d.event)
    assert state_hash(replayed) == state_hash(d.state)
    return d


def refuse(state, action: dict[str, Any], rule: str, contains: str | None = None, seat: int | None = None):
    before = state_hash(state)
    d = engine.decide(state, state.seat_to_act if seat is None else seat, action, ReportedSpins([]))
    assert not d.legal, f"expected {rule} to refuse {action}"
    v = d.violations[0]
    assert v["rule"] == rule, v
    if contains:
        assert contains.lower() in v["message"].lower(), v["message"]
    assert state_hash(state) == before
    return v


def move(fig: str, *path: str, **more: Any) -> dict[str, Any]:
    return {"type": "move", "figure": fig, "path": list(path), **more}


def attack(fig: str, target: str) -> dict[str, Any]:
    return {"type": "attack", "figure": fig, "target": target}
