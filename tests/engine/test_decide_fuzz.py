"""Hypothesis on `decide` with actions no player would send.

test_random_games.py checks listed legal actions and a couple of random probes per step of
whole games. This goes the other way: boards taken from random games (every card of the
set is in play somewhere), and actions Hypothesis builds - every action type, in the shape
the API lets through (`action_shape_errors` is empty), with instances of the board, of the
other seat, made-up ones and junk, and `choices` with every key API.md knows holding values
of its type (the API refuses any other shape before it reaches the engine). For each:

* `decide` never raises: a refusal is a Decision with violations naming a rule;
* a refusal leaves the state exactly as it was (same state_hash), and so does a legal
  action (decide is pure; it works on a copy);
* a legal decision replays: `apply` of its event gives the same state_hash.

Boards of table-mode games (tests/paper_table.py) are among them, and card ids ("base1-4")
among the values, with the table's reports (`drawn`, `prizes_taken`, `revealed`) as lists or
per seat.
"""
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import coverage_decks, shared_decks

from projections.tcg import engine
from projections.tcg.actions import (
    ACTION_FIELDS,
    CHOICE_FIELDS,
    REQUIRED_FIELDS,
    SeatCards,
    SeatMap,
    Steps,
    action_shape_errors,
)
from projections.tcg.declare import _CHOICES, ONE_OF, REQUIRED, STEP_FIELDS
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import SeededRandomness
from projections.tcg.simulate import random_game, seat_to_move
from projections.tcg.state import state_hash
from tests.paper_table import PaperGame

RULE_ID = re.compile(r"^(R|J)-[A-Z]+-\d+$")
CHOICE_KEYS = tuple(sorted(CHOICE_FIELDS))
ATTACK_NAMES = ("Jab", "Scratch", "Fire Spin", "Metronome", "Bubble", "Water Gun", "Thunder",
                "Selfdestruct", "Amnesia", "Conversion 1", "Pounce", "Leek Slap")
POWERS = ("Rain Dance", "Damage Swap", "Energy Trans", "Energy Burn", "Buzzap", "Strikes Back",
          "Curse", "Toxic Gas", "Pokémon Power", "x")


def _boards():
    """States along a few random games: setup, early, middle and late positions."""
    boards = []
    decks = [list(shared_decks().values()) or coverage_decks(), coverage_decks()]
    for n, pair in enumerate(decks):
        for seed in (3 + n, 11 + n):
            seen = []
            random_game(seed, pair, on_step=lambda s, seat, a, d, seen=seen: seen.append(d.state))
            boards += seen[:: max(1, len(seen) // 25)]
            boards.append(seen[-1])  # the finished game too
    for seed in (5, 6):       # paper games, half their outcomes reported
        game, seen = PaperGame(seed, decks[seed % 2], report=0.5), []
        while game.true.phase != "finished":
            game.step()
            seen.append(game.table)
        boards += seen[:: max(1, len(seen) // 20)]
    return boards


BOARDS = _boards()

_LEGAL: dict = {}


def _legal(index, seat):
    """The listed legal actions (cached: the boards never change)."""
    if (index, seat) not in _LEGAL:
        _LEGAL[index, seat] = list(legal_actions(BOARDS[index], seat))
    return _LEGAL[index, seat]


TEXT = st.text(min_size=1, max_size=5)
CARD_IDS = st.sampled_from(["base1-4", "base1-46", "base1-98", "base1-97", "base1-99", "base1-91",
                            "base1-71", "base1-10", "base1-15", "base1-999", "unknown"])
NAMES = st.sampled_from(["Fire", "Water", "Grass", "Lightning", "Psychic", "Fighting", "heads",
                         "Stage 1", "Stage 2", *ATTACK_NAMES])


@st.composite
def _choices(draw, instance, nested=True):
    """`choices` of the API's shape: known keys, each with a value of its type."""
    out = {}
    for key in draw(st.lists(st.sampled_from(CHOICE_KEYS), max_size=4, unique=True)):
        kind = CHOICE_FIELDS[key]
        if kind == "ids" or (kind == "id" and draw(st.booleans())):
            out[key] = draw(st.lists(instance | TEXT, max_size=4))
        elif kind in ("str", "id"):
            out[key] = draw(instance | NAMES | TEXT)
        elif kind == "int":
            out[key] = draw(st.integers(0, 9))
        elif nested:
            out[key] = draw(_choices(instance, nested=False))
    return out


@st.composite
def _step(draw, instance):
    """A declared step of the vocabulary's shape (declare.py), its values of the right kinds."""
    op = draw(st.sampled_from(sorted(STEP_FIELDS)))
    out = {"op": op}
    one_of = ONE_OF.get(op, ())
    chosen = draw(st.sampled_from(one_of)) if one_of else None
    for key, kind in STEP_FIELDS[op].items():
        if key in one_of and key != chosen:
            continue
        if key not in REQUIRED.get(op, ()) and key != chosen and not draw(st.booleans()):
            continue
        if kind == "ids":
            out[key] = draw(st.lists(instance | CARD_IDS, max_size=3))
        elif kind == "id":
            out[key] = draw(instance)
        elif kind in ("int", "tens"):
            out[key] = draw(st.integers(0, 6)) * (10 if kind == "tens" else 1)
        elif kind == "seat":
            out[key] = draw(st.sampled_from([0, 1]))
        elif kind == "bool":
            out[key] = draw(st.booleans())
        else:
            out[key] = draw(st.sampled_from(_CHOICES[kind]))
    return out


@st.composite
def _value(draw, kind, name, instance):
    """A value of the right JSON type for field ``name`` of an action ``kind``."""
    typ = ACTION_FIELDS[kind][name]
    if typ is str:
        pool = {"attack": st.sampled_from(ATTACK_NAMES), "power": st.sampled_from(POWERS)}
        return draw(pool.get(name, instance) | TEXT)
    if typ is int:
        return draw(st.integers(0, 9))
    if typ is list:
        return draw(st.lists(instance | TEXT, max_size=6))
    if typ is Steps:
        return draw(st.lists(_step(instance), max_size=3))
    if typ in (SeatCards, SeatMap):
        lists = st.lists(CARD_IDS | instance, max_size=4)
        by_seat = st.dictionaries(st.sampled_from(["0", "1"]), lists, min_size=1)
        return draw(by_seat | lists if typ is SeatCards else by_seat)
    return draw(_choices(instance))


@st.composite
def board_and_action(draw):
    """A board, a seat (mostly the one to act) and an action: half the time a listed legal
    action with one or two fields changed (near misses reach deep into the card effects),
    else one built from scratch."""
    index = draw(st.integers(0, len(BOARDS) - 1))
    state = BOARDS[index]
    acting = seat_to_move(state) if state.phase != "finished" else 0
    seat = draw(st.sampled_from((acting, acting, acting, 0, 1)))
    instance = st.sampled_from(sorted(state.instances) or ["0:0"]) | st.sampled_from(
        ["0:0", "1:0", "0:59", "1:99", "9:9", "hidden", "0:-1", "nonsense"]) | CARD_IDS
    listed = _legal(index, seat)
    if listed and draw(st.booleans()):
        action = dict(draw(st.sampled_from(listed)))
        names = sorted(ACTION_FIELDS[action["type"]])
        for _ in range(draw(st.integers(0, 2)) if names else 0):
            name = draw(st.sampled_from(names))
            action[name] = draw(_value(action["type"], name, instance))
    else:
        kind = draw(st.sampled_from(sorted(ACTION_FIELDS)))
        action = {"type": kind}
        for name in ACTION_FIELDS[kind]:
            if name in REQUIRED_FIELDS.get(kind, ()) or draw(st.booleans()):
                action[name] = draw(_value(kind, name, instance))
    assert action_shape_errors(action) == {}, action
    return state, seat, action, draw(st.integers(0, 2**32))


@settings(max_examples=1500, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=board_and_action())
def test_decide_never_raises_and_a_refusal_changes_nothing(case):
    state, seat, action, seed = case
    before = state_hash(state)
    decision = engine.decide(state, seat, action, SeededRandomness(seed))
    assert state_hash(state) == before, "decide changed its input state"
    if decision.coin_error:
        return
    if not decision.legal:
        assert decision.violations and RULE_ID.match(decision.violations[0]["rule"]), \
            decision.violations
        assert decision.violations[0]["message"]
        return
    replayed, _ = engine.apply(state, decision.event)
    assert state_hash(replayed) == state_hash(decision.state), (action, decision.event)
