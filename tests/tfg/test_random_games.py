"""The figure game's property test: random legal matches keep every invariant after every action
(figures on distinct points, Pokémon Center ≤ 2, Bench ≤ 6, no condition off the field) and a
replay of each event equals the state it was decided into; every match ends (a goal or T-WIN-2)."""
from hypothesis import example, given, settings
from hypothesis import strategies as st

from .random_play import play


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), ruleset=st.sampled_from(["tfg-6v6", "tfg-3v3"]))
@example(seed=3924, ruleset="tfg-3v3")     # three Weedles move first: lost before a move (T-TURN-2)
def test_random_figure_games_keep_every_invariant_and_replay_identically(seed, ruleset):
    state, events = play(seed, ruleset)
    assert events or state.result == {"winner": 1 - state.first_seat, "reason": "T-WIN-2"}


def test_random_figure_games_end_by_goal_and_by_no_legal_action():
    reasons = {play(seed, "tfg-6v6", max_actions=2000, check=False)[0].result["reason"] for seed in range(40)}
    assert "T-WIN-1" in reasons


def test_a_state_survives_its_snapshot_form():
    from projections.tfg.state import TfgState, state_hash
    state, _ = play(7, "tfg-6v6", max_actions=40)
    again = TfgState.from_dict(state.to_dict())
    assert state_hash(again) == state_hash(state) and again.to_dict() == state.to_dict()
