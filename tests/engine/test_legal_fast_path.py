"""Listing legal actions takes shortcuts that must answer as carrying each candidate out would
(legal.py, engine.accepts): a handler's own checks asked of the state itself (actions.CHECKS:
they must only read it), an action settled by its checks (actions.SETTLED_BY_CHECKS: nothing
after them may refuse it; for powers and Items the card's own `settled_by_check`, for an
attack of damage alone the hooks answered in play), and retreats paying the same Energy tried
once whichever Benched Pokémon comes in. At every position of random games, every candidate of both seats is
accepted by the shortcut exactly when `run_action` carries it out, and asking leaves the
state as it was."""
import itertools

import pytest
from random_play import coverage_decks, shared_decks, shipped_decks

from projections.tcg.engine import accepts, run_action
from projections.tcg.illegal import Illegal
from projections.tcg.legal import _ProbeRandomness, candidate_actions
from projections.tcg.randomness import RandomnessExhausted
from projections.tcg.simulate import random_game
from projections.tcg.state import state_hash


def carried_out(state, seat, action) -> bool:
    try:
        run_action(state, seat, action, _ProbeRandomness())
    except (Illegal, RandomnessExhausted):
        return False
    return True


def check_position(state, seat: int) -> None:
    before = state_hash(state)
    retreats: dict[tuple[str, ...], set[bool]] = {}
    for action in candidate_actions(state, seat):
        slow = carried_out(state, seat, action)
        assert accepts(state, seat, action, _ProbeRandomness()) == slow, action
        if action["type"] == "retreat":
            retreats.setdefault(tuple(action["discard"]), set()).add(slow)
    assert all(len(answers) == 1 for answers in retreats.values()), retreats
    assert state_hash(state) == before, "asking changed the state"


def _games():
    shipped = shipped_decks("ex-2005")
    ex_pair = list(itertools.permutations(sorted(shipped), 2))[:2]
    yield "base-1999", list(shared_decks().values())
    yield "base-1999", coverage_decks()
    # the shipped Base Set decks beside the benchmark ones (Rain Dance, Buzzap, their Trainers)
    yield "base-1999", [d for n, d in sorted(shipped_decks("base-1999").items()) if n not in shared_decks()]
    for a, b in ex_pair:
        yield "ex-2005", [shipped[a], shipped[b]]
    modern = shipped_decks("modern")
    yield "modern", [modern[n] for n in sorted(modern)[:2]]


@pytest.mark.parametrize("ruleset,decks", list(_games()))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_shortcuts_answer_as_carrying_each_candidate_out(ruleset, decks, seed):
    def on_step(state, seat, action, decision):
        for s in (0, 1):
            check_position(state, s)

    random_game(seed, decks, ruleset, max_actions=150, on_step=on_step)
