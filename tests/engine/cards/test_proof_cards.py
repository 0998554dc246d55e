"""The test-only Stadium and Poké-Body of proof_cards.py, through the unchanged rules.

The module is imported (its cards registered) for these tests only and its cards taken away
after them, so that no other test sees cards that exist nowhere else."""
import importlib
import sys

import pytest
from engine_helpers import FIGHTING, MACHOP, WATER, act, board, mon, refuse, said, seat

from projections.tcg.actions import retreat_cost
from projections.tcg.carddb import remove_card
from projections.tcg.legal import legal_actions

STADIUM, BODY = "test-stadium", "test-body"
MODULE = "tests.engine.cards.proof_cards"


@pytest.fixture(autouse=True, scope="module")
def proof_cards():
    yield importlib.import_module(MODULE)
    for card_id in (STADIUM, BODY):
        remove_card(card_id)
    sys.modules.pop(MODULE, None)

PIKACHU, LIGHTNING = "base1-58", "base1-100"


def _stadium_board():
    return board(seat(mon(MACHOP, energy=[FIGHTING, FIGHTING]), bench=[mon(MACHOP)], hand=[STADIUM, STADIUM]),
                 seat(mon(MACHOP), bench=[mon(MACHOP)]))


def test_a_stadium_in_play_changes_every_retreat_cost():
    st = _stadium_board()
    stadium, second = st.seats[0].hand
    assert retreat_cost(st, st.seats[0].active) == 1 and retreat_cost(st, st.seats[1].active) == 1
    played = act(st, 0, {"type": "play_trainer", "card": stadium})
    state = played.state
    assert state.stadium == {"card": stadium, "owner": 0} and stadium not in state.seats[0].discard
    assert retreat_cost(state, state.seats[0].active) == 2 and retreat_cost(state, state.seats[1].active) == 2
    # the rules' own check of a retreat's payment reads the changed cost
    refuse(state, 0, {"type": "retreat", "to": state.seats[0].bench[0].top,
                      "discard": [state.seats[0].active.energy[0]]}, "R-RETREAT-2")
    moved = act(state, 0, {"type": "retreat", "to": state.seats[0].bench[0].top,
                           "discard": list(state.seats[0].active.energy)})
    assert moved.state.seats[0].active.top == st.seats[0].bench[0].top
    offered = [a for a in legal_actions(state, 0) if a["type"] == "retreat"]
    assert offered and all(len(a["discard"]) == 2 for a in offered)
    # a Stadium of the same name can't replace it (R-TRAINER-3)
    refuse(state, 0, {"type": "play_trainer", "card": second}, "R-TRAINER-3")


def test_a_poke_body_reduces_damage_after_weakness():
    st = board(seat(mon(PIKACHU, energy=[LIGHTNING])), seat(mon(BODY)))
    d = act(st, 0, {"type": "attack", "attack": "Gnaw", "choices": {}})
    # Gnaw 10, Weakness ×2 = 20, Hard Shell −10 = 10
    assert d.state.seats[1].active.damage == 10
    said(d, "Weakness ×2 = 20; Hard Shell −10 = 10")
    # it is a Poké-Body: it works by itself, it is never used as an action
    assert not any(a["type"] == "use_power" for a in legal_actions(board(seat(mon(BODY, energy=[WATER])),
                                                                          seat(mon(MACHOP))), 0))
    # and does nothing to damage done to the other seat's Pokémon
    back = board(seat(mon(BODY, energy=[WATER])), seat(mon(MACHOP)))
    assert act(back, 0, {"type": "attack", "attack": "Clamp", "choices": {}}).state.seats[1].active.damage == 10

