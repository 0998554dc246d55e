"""Sandbox positions, what each reader may see, and the state hash."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import CHARMANDER, CHARMELEON, FIGHTING, FIRE, MACHOP, board, mon, seat

from projections.tcg import engine
from projections.tcg.legal import legal_actions
from projections.tcg.position import PositionError
from projections.tcg.randomness import SeededRandomness
from projections.tcg.state import State, state_hash
from projections.tcg.view import view_state

REPO = Path(__file__).resolve().parents[2]


def position_errors(seat0, seat1=None, **kw):
    with pytest.raises(PositionError) as err:
        board(seat0, seat1 or seat(mon(MACHOP)), **kw)
    return err.value.errors


# -- impossible positions --------------------------------------------------------------------

@pytest.mark.parametrize("n", [6, 7])
def test_position_too_many_benched_pokemon(n):
    errors = position_errors(seat(mon(MACHOP), bench=[mon(MACHOP)] * n))
    assert "position.seats[0].bench" in errors and "R-BENCH-1" in errors["position.seats[0].bench"]


def test_position_stage_1_with_nothing_under_it():
    errors = position_errors(seat(mon(MACHOP)), seat(mon(CHARMELEON)))
    assert "position.seats[1].active.under" in errors
    errors = position_errors(seat(mon(MACHOP), bench=[mon(CHARMELEON, under=[MACHOP])]))
    assert "position.seats[0].bench[0].under" in errors


@pytest.mark.parametrize("damage", [-10, 15, 50, "a lot"])
def test_position_impossible_damage(damage):
    errors = position_errors(seat(mon(MACHOP, damage=damage)))   # Machop has 50 HP
    assert "position.seats[0].active.damage" in errors


def test_position_conditions_only_on_the_active():
    errors = position_errors(seat(mon(MACHOP), bench=[mon(MACHOP), mon(MACHOP, conditions=["asleep"])]))
    assert list(errors) == ["position.seats[0].bench[1].conditions"]
    assert "R-STATUS-1" in errors["position.seats[0].bench[1].conditions"]


def test_position_exclusive_or_unknown_conditions():
    assert "position.seats[0].active.conditions" in position_errors(
        seat(mon(MACHOP, conditions=["asleep", "paralyzed"])))
    assert "position.seats[0].active.conditions" in position_errors(seat(mon(MACHOP, conditions=["frozen"])))


def test_position_unknown_cards_and_non_energy_as_energy():
    errors = position_errors(seat(mon(MACHOP, energy=[MACHOP]), hand=["base1-999"]))
    assert "position.seats[0].active.energy[0]" in errors and "position.seats[0].hand[0]" in errors


def test_position_every_bad_field_is_named_at_once():
    errors = position_errors(seat(mon(MACHOP, damage=-10), bench=[mon(MACHOP, conditions=["asleep"])]),
                             seat(mon(CHARMELEON)), turn=0, seat_to_act=3)
    for key in ("position.turn", "position.seat_to_act", "position.seats[0].active.damage",
                "position.seats[0].bench[0].conditions", "position.seats[1].active.under"):
        assert key in errors, key


def test_position_numbering_follows_the_listing_order():
    state = board(seat(mon(CHARMELEON, under=[CHARMANDER], energy=[FIRE]), bench=[mon(MACHOP)], hand=[FIRE],
                       deck=[FIGHTING], prizes=[FIRE], discard=[FIGHTING]), seat(mon(MACHOP)))
    s = state.seats[0]
    assert s.active.stack == ["0:1", "0:0"] and s.active.energy == ["0:2"]
    assert s.bench[0].top == "0:3" and s.hand == ["0:4"] and s.deck == ["0:5"]
    assert s.discard == ["0:6"] and s.prizes == ["0:7"]


# -- views ---------------------------------------------------------------------------------

def _played_state(seed=5, actions=40):
    deck = [MACHOP] * 4 + [CHARMANDER] * 4 + [CHARMELEON] * 2 + [FIGHTING] * 25 + [FIRE] * 25
    players = [{"name": "Ana", "deck": deck}, {"name": "Beto", "deck": deck}]
    rng = SeededRandomness(seed)
    _, state, _ = engine.create_match("base-1999", players, rng)
    import random
    pick = random.Random(seed)
    for _ in range(actions):
        if state.phase == "finished":
            break
        seats = [s for s in (0, 1) if [a for a in legal_actions(state, s) if a["type"] != "concede"]]
        s = seats[0]
        options = [a for a in legal_actions(state, s) if a["type"] != "concede"]
        d = engine.decide(state, s, pick.choice(options), rng)
        assert d.legal, d.violations
        state = d.state
    return state


def _quoted_ids(obj):
    return json.dumps(obj, ensure_ascii=False)


@pytest.mark.parametrize("phase_actions", [1, 40])
def test_view_hides_opponent_hand_decks_and_prizes(phase_actions):
    state = _played_state(actions=phase_actions)
    for me in (0, 1):
        opp = state.seats[1 - me]
        hidden = set(opp.hand) | set(opp.deck) | set(opp.prizes) | set(state.seats[me].deck) | set(state.seats[me].prizes)
        if state.phase == "setup":      # face down: the opponent's placed Pokémon too
            hidden |= {i for p in opp.in_play() for i in p.all_cards()}
        text = _quoted_ids(view_state(state, "player", me))
        leaked = [i for i in hidden if f'"{i}"' in text]
        assert leaked == [], leaked
        v = view_state(state, "player", me)
        assert v["seats"][1 - me]["hand"] == {"count": len(opp.hand)}
        assert v["seats"][me]["hand"] == [{"instance": i, "card": state.instances[i]} for i in state.seats[me].hand]
        assert v["seats"][me]["deck"] == {"count": len(state.seats[me].deck)}
        assert v["seats"][1 - me]["prizes"] == {"count": len(opp.prizes)}
    judge = _quoted_ids(view_state(state, "judge"))
    for s in state.seats:
        assert all(f'"{i}"' in judge for i in s.hand + s.deck + s.prizes)


def test_view_hides_instances_of_a_sandbox_board():
    state = board(seat(mon(MACHOP), hand=[FIRE, CHARMANDER]), seat(mon(MACHOP), hand=[FIGHTING]))
    text = _quoted_ids(view_state(state, "player", 1))
    for i in state.seats[0].hand + state.seats[0].deck + state.seats[0].prizes + state.seats[1].deck:
        assert f'"{i}"' not in text
    assert f'"{state.seats[1].hand[0]}"' in text


# -- the state hash ----------------------------------------------------------------------------

def test_state_hash_ignores_seq_and_survives_serialisation():
    state = _played_state(actions=30)
    h = state_hash(state)
    state.seq = 99
    assert state_hash(state) == h
    again = State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert state_hash(again) == h
    assert state_hash(state.clone()) == h


_SCRIPT = """
import sys
sys.path.insert(0, {tests!r})
sys.path.insert(0, {repo!r})
from test_position_view_hash import _played_state
from projections.tcg.state import state_hash
print(state_hash(_played_state(seed=11, actions=60)))
"""


def test_state_hash_identical_across_processes():
    here = state_hash(_played_state(seed=11, actions=60))
    assert here == state_hash(_played_state(seed=11, actions=60))
    script = _SCRIPT.format(tests=str(Path(__file__).parent), repo=str(REPO))
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", script], env=env, cwd=str(REPO), capture_output=True,
                             text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == here


# -- reported randomness -------------------------------------------------------------------------

def test_reported_coins_must_fit_the_action_exactly():
    from projections.tcg.randomness import FixedCoins
    state = board(seat(mon(MACHOP, energy=[FIGHTING], conditions=["confused"])), seat(mon(MACHOP)))
    action = {"type": "attack", "attack": "Low Kick", "choices": {}}
    too_few = engine.decide(state, 0, action, FixedCoins([]))
    assert not too_few.legal and too_few.coin_error and not too_few.violations
    too_many = engine.decide(state, 0, action, FixedCoins(["heads", "tails"]))
    assert not too_many.legal and "1 reported coin" in too_many.coin_error
    ok = engine.decide(state, 0, action, FixedCoins(["heads"]))
    assert ok.legal and ok.event["payload"]["rng"] == {"coins": ["heads"]}
    # the event replays to the same state without re-rolling
    replayed, _ = engine.apply(state, ok.event)
    assert state_hash(replayed) == state_hash(ok.state)
