"""Sandbox positions are strict (T-SETUP-3, issue 41 item 11): what the rules don't know is refused
by field, never dropped; a Wait with no end has the seed's meaning (T-STATUS-2); a figure team
building refuses is refused here too (T-SETUP-1)."""
import pytest

from projections.tfg import engine
from projections.tfg.position import PositionError

from .helpers import PLAYERS, act, move, position, refuse, said

RAT, CHAR, EKANS, WEEDLE = "raticate", "charmander", "ekans", "weedle"


def refused(raw: dict, ruleset: str = "tfg-6v6") -> dict[str, str]:
    with pytest.raises(PositionError) as caught:
        engine.from_position(ruleset, PLAYERS, raw)
    return caught.value.errors


def test_T_SETUP_3_a_sandbox_position_refuses_members_and_conditions_it_does_not_know():
    figures = {"0:0": {"figure": RAT, "where": "S5"}, "1:0": {"figure": EKANS, "where": "I_S"}}
    errors = refused({"figures": figures, "conditions": {"1:0": "poisoned"}, "trainers": []})
    assert set(errors) == {"position.conditions", "position.trainers"}
    assert "unknown field" in errors["position.trainers"] and "(T-SETUP-3)" in errors["position.trainers"]
    errors = refused({"figures": {**figures, "1:0": {"figure": EKANS, "where": "I_S", "conditions": ["poisoned"]}}})
    assert set(errors) == {"position.figures.1:0.conditions"}
    asleep = refused({"figures": {**figures, "1:0": {"figure": EKANS, "where": "I_S", "status": "asleep"}}})
    assert "T-STATUS-1" in asleep["position.figures.1:0.status"]
    benched = refused({"figures": {**figures, "1:0": {"figure": EKANS, "where": "bench", "status": "poisoned"}}})
    assert "only a figure on the board" in benched["position.figures.1:0.status"]
    bad = refused({"figures": figures, "turn": "3", "seat_to_act": 2, "phase": "draw", "turns_taken": [1]})
    assert set(bad) == {"position.turn", "position.seat_to_act", "position.phase", "position.turns_taken"}
    early = refused({"figures": {**figures, "1:0": {"figure": EKANS, "where": "I_S", "wait_until": 2}}, "turn": 3})
    assert set(early) == {"position.figures.1:0.wait_until"}
    # what the rules know is set out as given
    fine = engine.from_position("tfg-6v6", PLAYERS, {"figures": {
        **figures, "1:0": {"figure": EKANS, "where": "I_S", "status": "poisoned", "wait": True}}, "turn": 3})
    assert fine.figures["1:0"].status == "poisoned" and fine.waiting("1:0")


def test_T_SETUP_1_a_sandbox_position_refuses_a_figure_team_building_refuses():
    errors = refused({"figures": {"0:0": {"figure": "Mew", "where": "S5"}, "1:0": {"figure": EKANS, "where": "I_S"}}})
    assert errors == {"position.figures.0:0.figure":
                      "Mew can't be played yet: the ability of its segment Hyper Sonic is not encoded yet."}
    assert engine.team_violations(["Mew", EKANS, WEEDLE], "tfg-3v3")[0]["rule"] == "T-SETUP-1"


def test_T_STATUS_2_a_sandbox_wait_with_no_end_lasts_through_its_owners_next_turn():
    # Beto to act: his Ekans, given Wait before this turn, waits now and is free after it
    now = position({"0:0": (RAT, "S1"), "1:0": (EKANS, "I_S", {"status": "wait"}), "1:1": (WEEDLE, "N1")},
                   seat_to_act=1)
    refuse(now, move("1:0", "I_SE"), "T-STATUS-2", contains="has Wait")
    done = act(now, move("1:1", "N2"))
    said(done, "Ekans (1:0) no longer waits. [T-STATUS-2]")
    assert not done.state.waiting("1:0")
    # Ana to act: Beto's next turn is the next one
    later = position({"0:0": (RAT, "S1"), "1:0": (EKANS, "I_S", {"wait": True}), "1:1": (WEEDLE, "N1")})
    betos = act(later, move("0:0", "S2")).state
    refuse(betos, move("1:0", "I_SE"), "T-STATUS-2", contains="has Wait")
    assert not act(betos, move("1:1", "N2")).state.waiting("1:0")
