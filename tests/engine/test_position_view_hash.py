"""Sandbox positions, what each reader may see, and the state hash."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import (
    BILL,
    CHARIZARD,
    CHARMANDER,
    CHARMELEON,
    DEFENDER,
    FIGHTING,
    FIRE,
    MACHOKE,
    MACHOP,
    PLUSPOWER,
    act,
    board,
    end_turn,
    mon,
    seat,
)

from projections.tcg import engine
from projections.tcg.legal import legal_actions
from projections.tcg.position import PositionError
from projections.tcg.randomness import SeededRandomness
from projections.tcg.state import State, state_hash
from projections.tcg.view import view_state

REPO = Path(__file__).resolve().parents[2]
DOLL = "base1-70"


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


def test_position_unknown_members_are_refused_not_stored():
    """A position is stored in the log as given (issue 10 item 7): no member nobody reads."""
    from projections.tcg.position import state_from_position

    good = {"turn": 3, "seat_to_act": 0, "phase": "main",
            "seats": [seat(mon(MACHOP)), seat(mon(MACHOP))]}
    odd = {**good, "junk": "x" * 200_000, "this_turn": {"retreats": 0, "mood": "bad"},
           "seats": [{**seat(mon(MACHOP, flavour=1)), "sideboard": []}, seat(mon(MACHOP))]}
    with pytest.raises(PositionError) as err:
        state_from_position("base-1999", ["Ana", "Beto"], odd)
    assert set(err.value.errors) == {"position.junk", "position.this_turn.mood",
                                     "position.seats[0].sideboard", "position.seats[0].active.flavour"}
    with pytest.raises(PositionError) as err:
        state_from_position("base-1999", ["Ana", "Beto"],
                            {**good, "seats": [seat(mon("x" * 5000)), seat(mon(MACHOP))]})
    assert len(err.value.errors["position.seats[0].active.card"]) < 100
    state_from_position("base-1999", ["Ana", "Beto"], good)


def test_R_EVOLVE_4_position_stage_2_on_its_basic_as_pokemon_breeder_leaves_it():
    """Pokémon Breeder puts Charizard straight on Charmander: a position may hold that stack."""
    state = board(seat(mon(CHARIZARD, under=[CHARMANDER], energy=[FIRE] * 4),
                       bench=[mon(CHARIZARD, under=[CHARMANDER])]), seat(mon(MACHOP)))
    assert [state.instances[i] for i in state.seats[0].active.stack] == [CHARMANDER, CHARIZARD]
    assert [state.instances[i] for i in state.seats[0].bench[0].stack] == [CHARMANDER, CHARIZARD]
    # and the game goes on from it: Charizard attacks with its own attack
    d = act(state, 0, {"type": "attack", "attack": "Fire Spin",
                       "choices": {"cards": state.seats[0].active.energy[:2]}})
    assert d.state.result["winner"] == 0


def test_R_EVOLVE_4_position_impossible_stacks_are_refused():
    # a Stage 2 on a Basic that no Stage 1 links it to
    errors = position_errors(seat(mon(CHARIZARD, under=[MACHOP])))
    assert "Charizard does not evolve from Machop" in errors["position.seats[0].active.under"]
    # a Stage 2 on another line's Stage 1, a Stage 1 on a Stage 2, a Stage 2 on a Stage 2
    for top, under in ((CHARIZARD, [MACHOP, MACHOKE]), (CHARMELEON, [CHARMANDER, CHARIZARD]),
                       (CHARIZARD, [CHARMANDER, CHARIZARD])):
        errors = position_errors(seat(mon(MACHOP), bench=[mon(top, under=under)]))
        assert "position.seats[0].bench[0].under" in errors, (top, under)


def test_base1_70_position_clefairy_doll_has_no_special_conditions():
    """Clefairy Doll can't be affected by Special Conditions: an Asleep Doll can't exist."""
    for condition in ("asleep", "poisoned", "confused"):
        errors = position_errors(seat(mon(DOLL, conditions=[condition]), bench=[mon(MACHOP)]))
        assert list(errors) == ["position.seats[0].active.conditions"], condition
        assert "Clefairy Doll" in errors["position.seats[0].active.conditions"]
    state = board(seat(mon(DOLL), bench=[mon(MACHOP)]), seat(mon(MACHOP, conditions=["asleep"])))
    assert state.seats[0].active.conditions == [] and state.seats[1].active.conditions == ["asleep"]


def test_R_STATUS_1_position_conditions_on_the_bench_are_impossible_even_for_a_doll():
    errors = position_errors(seat(mon(MACHOP), bench=[mon(DOLL, conditions=["asleep"])]))
    assert "R-STATUS-1" in errors["position.seats[0].bench[0].conditions"]


def test_R_EVOLVE_1_position_only_pokemon_cards_in_a_stack():
    # a Trainer or an Energy under a Pokémon is named at its own place
    errors = position_errors(seat(mon(CHARMELEON, under=[BILL])))
    assert errors["position.seats[0].active.under[0]"] == "Bill is not a Pokémon"
    errors = position_errors(seat(mon(CHARIZARD, under=[CHARMANDER, FIRE])))
    assert errors["position.seats[0].active.under[1]"] == "Fire Energy is not a Pokémon"
    assert "Bill is not a Pokémon" in position_errors(seat(mon(BILL)))["position.seats[0].active.card"]
    # Clefairy Doll plays as a Basic Pokémon, but nothing evolves from it
    assert board(seat(mon(DOLL), bench=[mon(MACHOP)]), seat(mon(MACHOP))).seats[0].active.stack == ["0:0"]
    assert "position.seats[0].active.under" in position_errors(seat(mon(CHARMELEON, under=[DOLL])))


def test_R_TRAINER_1_position_only_trainers_that_attach_go_in_attached():
    for wrong in (FIRE, MACHOP, BILL, DOLL):
        errors = position_errors(seat(mon(MACHOP, attached=[wrong])))
        assert "not a card that attaches" in errors["position.seats[0].active.attached[0]"], wrong
    state = board(seat(mon(MACHOP), bench=[mon(MACHOP, attached=[PLUSPOWER, DEFENDER])]), seat(mon(MACHOP)))
    assert len(state.seats[0].bench[0].attached) == 2          # PlusPower, then Switch: possible


def test_position_lists_must_be_lists():
    seat0 = {**seat(mon(MACHOP, conditions="asleep", energy=FIRE)), "hand": "x"}
    errors = position_errors(seat0)
    assert errors["position.seats[0].active.conditions"] == "must be a list"
    assert errors["position.seats[0].active.energy"] == "must be a list"
    assert errors["position.seats[0].hand"] == "must be a list"


def test_R_TRAINER_1_position_attached_trainers_and_when_they_go():
    # seat 0 acts in turn 3: its PlusPower and Defender were played this turn; seat 1's
    # Defender in turn 2 (it lasts to the end of this turn)
    state = board(seat(mon(MACHOP, attached=[PLUSPOWER, DEFENDER])), seat(mon(MACHOP, attached=[DEFENDER])))
    mine, theirs = state.seats[0].active, state.seats[1].active
    assert mine.flags["attached_until"] == {mine.attached[0]: 3, mine.attached[1]: 4}
    assert theirs.flags["attached_until"] == {theirs.attached[0]: 3}
    d = end_turn(state)
    assert d.state.seats[0].active.attached == [mine.attached[1]]       # PlusPower discarded
    assert d.state.seats[1].active.attached == []                        # Defender discarded
    assert d.state.seats[0].discard == [mine.attached[0]] and d.state.seats[1].discard == [theirs.attached[0]]
    # PlusPower on the seat that doesn't act would be gone already
    errors = position_errors(seat(mon(MACHOP)), seat(mon(MACHOP, attached=[PLUSPOWER])))
    assert "discarded at the end of turn 2" in errors["position.seats[1].active.attached[0]"]
    # before its draw, nothing of the seat to act's last turn is still attached
    errors = position_errors(seat(mon(MACHOP, attached=[DEFENDER])), phase="draw")
    assert "position.seats[0].active.attached[0]" in errors
    # in turn 1 the other seat has had no turn to play one
    errors = position_errors(seat(mon(MACHOP)), seat(mon(MACHOP, attached=[DEFENDER])), turn=1)
    assert "can't have been played yet" in errors["position.seats[1].active.attached[0]"]


def test_R_SETUP_5_position_at_most_six_prize_cards():
    errors = position_errors(seat(mon(MACHOP), prizes=[FIRE] * 7))
    assert "R-SETUP-5" in errors["position.seats[0].prizes"]
    assert len(board(seat(mon(MACHOP), prizes=[FIRE] * 6), seat(mon(MACHOP))).seats[0].prizes) == 6


@pytest.mark.parametrize("ruleset, retreats, ok", [("base-1999", 3, True), ("ex-2005", 1, True),
                                                   ("ex-2005", 2, False), ("base-1999", -1, False),
                                                   ("base-1999", "1", False)])
def test_R_RETREAT_5_position_retreats_this_turn(ruleset, retreats, ok):
    args = (seat(mon(MACHOP)), seat(mon(MACHOP)))
    kw = {"ruleset": ruleset, "this_turn": {"retreats": retreats}}
    if ok:
        assert board(*args, **kw).this_turn["retreats"] == retreats
    else:
        assert "position.this_turn.retreats" in position_errors(*args, **kw)


def test_R_TURN_1_position_before_the_draw_nothing_was_done_this_turn():
    args = (seat(mon(MACHOP)), seat(mon(MACHOP)))
    for done in ({"energy_attached": True}, {"retreats": 1}):
        assert "position.this_turn" in position_errors(*args, phase="draw", this_turn=done), done
        assert board(*args, phase="main", this_turn=done).phase == "main"


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
        own = state.seats[me]
        hidden = set(opp.hand) | set(opp.deck) | set(opp.prizes) | set(own.deck) | set(own.prizes)
        if state.phase == "setup":      # face down: the opponent's placed Pokémon too
            hidden |= {i for p in opp.in_play() for i in p.all_cards()}
        text = _quoted_ids(view_state(state, "player", me))
        leaked = [i for i in hidden if f'"{i}"' in text]
        assert leaked == [], leaked
        v = view_state(state, "player", me)
        assert v["seats"][1 - me]["hand"] == {"count": len(opp.hand)}
        assert v["seats"][me]["hand"] == [{"instance": i, "card": state.instances[i], "name": state.card_of(i).name}
                                      for i in state.seats[me].hand]
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
