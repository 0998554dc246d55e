"""Random legal figure-game matches for the property test and the bench: every action drawn
from legal_actions, spins from a seeded source, the invariants checked after every action and
the replay compared with the state."""
from __future__ import annotations

import random

from projections.tfg import engine
from projections.tfg.board import BENCH_SIZE, CENTER_SIZE
from projections.tfg.figures import playable_figures
from projections.tfg.spins import ServiceSpins
from projections.tfg.state import BENCH, CENTER, state_hash


class SeededShuffles:
    def __init__(self, seed: int):
        self.random = random.Random(seed)

    def shuffle(self, n: int) -> list[int]:
        order = list(range(n))
        self.random.shuffle(order)
        return order


def random_team(pick: random.Random, size: int) -> list[str]:
    return [pick.choice(playable_figures()).name for _ in range(size)]


def check_invariants(state) -> None:
    points = [f.where for f in state.figures.values() if f.where not in (BENCH, CENTER)]
    assert len(points) == len(set(points)), "two figures on one point"
    assert set(points) <= set(state.board.points)
    for seat in (0, 1):
        assert len(state.of_seat(seat, CENTER)) <= CENTER_SIZE
        assert len(state.of_seat(seat, BENCH)) <= BENCH_SIZE
    for f in state.figures.values():
        assert f.status is None or f.where not in (BENCH, CENTER), "a condition off the field"


def play(seed: int, ruleset: str = "tfg-6v6", max_actions: int = 600, check: bool = True):
    pick = random.Random(seed)
    source = SeededShuffles(seed)
    size = engine.get_ruleset(ruleset).team_size
    state = engine.create(ruleset, ["Ana", "Beto"], [random_team(pick, size), random_team(pick, size)],
                          first_seat=engine.draw_first_seat(source))
    events = []
    for _ in range(max_actions):
        if state.result:
            break
        actions = engine.legal_actions(state, state.seat_to_act)
        assert actions, "a seat to act with nothing legal and no result (T-WIN-2)"
        goal = state.board.goals[1 - state.seat_to_act]
        goals = [a for a in actions if a["type"] == "move" and a["path"][-1] == goal]
        attacks = [a for a in actions if a["type"] == "attack"]
        action = pick.choice(goals or (attacks if attacks and pick.random() < 0.7 else actions))
        d = engine.decide(state, state.seat_to_act, action, ServiceSpins(source))
        assert d.legal, (action, d.violations)
        if check:
            replayed, _ = engine.apply(state, d.event)
            assert state_hash(replayed) == state_hash(d.state)
            check_invariants(d.state)
        events.append(d.event)
        state = d.state
    return state, events
