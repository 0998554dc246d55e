"""The per-ruleset parameters (RULES.md table), each tested under base-1999, ex-2005 and modern."""
import pytest
from engine_helpers import (
    CHARMANDER,
    CHARMELEON,
    DROWZEE,
    FIGHTING,
    FIRE,
    HITMONCHAN,
    MACHOP,
    PSYCHIC,
    RATTATA,
    act,
    attack,
    board,
    created,
    ctx_for,
    end_turn,
    mon,
    refuse,
    said,
    seat,
)

from projections.tcg.core import inflict
from projections.tcg.position import PositionError
from projections.tcg.rulesets import RULESETS, get_ruleset

ALL = ["base-1999", "ex-2005", "modern"]


def test_every_ruleset_loads_with_its_parameters():
    assert set(RULESETS) == set(ALL)
    for name in ALL:
        r = get_ruleset(name)
        assert r.as_dict()["name"] == name and r.prizes == 6 and r.bench_size == 5
    with pytest.raises(KeyError):
        get_ruleset("gym-2000")


# -- first player's first turn -------------------------------------------------------------

def _started(ruleset, coins=("heads",)):
    deck = [MACHOP] * 4 + [FIRE] * 56
    players = [{"name": "Ana", "deck": deck}, {"name": "Beto", "deck": deck}]
    state = created(ruleset, players)       # modern: seat 0 won the flip and goes first
    d = act(state, 0, {"type": "setup", "active": state.seats[0].hand[0], "bench": []})
    return act(d.state, 1, {"type": "setup", "active": d.state.seats[1].hand[0], "bench": []},
               () if ruleset == "modern" else coins)


@pytest.mark.parametrize("ruleset,draws", [("base-1999", True), ("ex-2005", False), ("modern", True)])
def test_R_TURN_1_first_player_draw_on_turn_1(ruleset, draws):
    d = _started(ruleset)
    assert len(d.state.seats[0].hand) == 6 + (1 if draws else 0)
    assert d.state.phase == "main" and d.state.turn == 1
    if not draws:
        said(d, "does not draw on the first turn")
    # the second player always draws
    d = end_turn(d.state)
    assert len(d.state.seats[1].hand) == 7


@pytest.mark.parametrize("ruleset,allowed", [("base-1999", True), ("ex-2005", True), ("modern", False)])
def test_R_ATTACK_5_first_turn_attack(ruleset, allowed):
    state = board(seat(mon(MACHOP, energy=[FIGHTING], entered_turn=0)), seat(mon(MACHOP, entered_turn=0)),
                  turn=1, ruleset=ruleset)
    if allowed:
        assert attack(state, 0, "Low Kick").state.seats[1].active.damage == 20
    else:
        refuse(state, 0, {"type": "attack", "attack": "Low Kick", "choices": {}}, "R-ATTACK-5",
               contains="first turn")
    # turn 2 is always fine
    state2 = board(seat(mon(MACHOP, energy=[FIGHTING], entered_turn=0)), seat(mon(MACHOP)), turn=2, ruleset=ruleset)
    attack(state2, 0, "Low Kick")


@pytest.mark.parametrize("ruleset,blocked_turns", [("base-1999", [1]), ("ex-2005", [1]), ("modern", [1, 2])])
def test_R_EVOLVE_3_evolution_blocked_on_first_turns(ruleset, blocked_turns):
    for turn in (1, 2, 3):
        me = 0 if turn % 2 else 1           # seat 0 went first
        seats = [seat(mon(MACHOP, entered_turn=0)), seat(mon(MACHOP, entered_turn=0))]
        seats[me] = seat(mon(CHARMANDER, entered_turn=0), hand=[CHARMELEON])
        state = board(*seats, turn=turn, seat_to_act=me, ruleset=ruleset)
        action = {"type": "evolve", "card": state.seats[me].hand[0], "target": state.seats[me].active.top}
        if turn in blocked_turns:
            refuse(state, me, action, "R-EVOLVE-3")
        else:
            act(state, me, action)


# -- retreat ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset,limit", [("base-1999", None), ("ex-2005", 1), ("modern", 1)])
def test_R_RETREAT_5_retreats_per_turn(ruleset, limit):
    state = board(seat(mon(RATTATA), bench=[mon(RATTATA)]), seat(mon(MACHOP)), ruleset=ruleset)
    a, b = state.seats[0].active.top, state.seats[0].bench[0].top
    d = act(state, 0, {"type": "retreat", "to": b, "discard": []})
    again = {"type": "retreat", "to": a, "discard": []}
    if limit == 1:
        refuse(d.state, 0, again, "R-RETREAT-5", contains="one retreat")
        # a new turn allows one again
        d = end_turn(d.state)
        d = end_turn(d.state, 1)
        act(d.state, 0, again)
    else:
        act(d.state, 0, again)


@pytest.mark.parametrize("ruleset", ALL)
def test_R_RETREAT_4_confused_retreat_flip_only_in_base(ruleset):
    state = board(seat(mon(MACHOP, energy=[FIGHTING], conditions=["confused"]), bench=[mon(MACHOP)]),
                  seat(mon(MACHOP)), ruleset=ruleset)
    action = {"type": "retreat", "to": state.seats[0].bench[0].top, "discard": state.seats[0].active.energy}
    if ruleset == "base-1999":
        d = act(state, 0, action, coins=["tails"])
        assert d.state.seats[0].active.top == state.seats[0].active.top
    else:
        d = act(state, 0, action)          # no coin at all
        assert d.state.seats[0].active.top == state.seats[0].bench[0].top


# -- Confusion ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset,self_damage", [("base-1999", 40), ("ex-2005", 30), ("modern", 30)])
def test_R_STATUS_3_confused_attack_tails(ruleset, self_damage):
    """base-1999: 20 damage with Weakness (Drowzee is weak to Psychic: 40); ex/modern: 3 counters."""
    state = board(seat(mon(DROWZEE, energy=[PSYCHIC], conditions=["confused"])), seat(mon(MACHOP)),
                  ruleset=ruleset)
    d = attack(state, 0, "Pound", coins=["tails"])
    assert d.state.seats[0].active.damage == self_damage
    assert d.state.seats[1].active.damage == 0
    said(d, "[R-STATUS-3]")


# -- Burn ------------------------------------------------------------------------------------

def test_R_STATUS_6_no_burn_in_base_1999():
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP)))
    assert inflict(ctx_for(state), state.seats[0].active, "burned") is False
    assert state.seats[0].active.conditions == []
    with pytest.raises(PositionError) as err:
        board(seat(mon(MACHOP, conditions=["burned"])), seat(mon(MACHOP)))
    assert "position.seats[0].active.conditions" in err.value.errors


def test_R_STATUS_6_ex_2005_burn_flip_tails_two_counters():
    state = board(seat(mon(HITMONCHAN, conditions=["burned"])), seat(mon(MACHOP)), ruleset="ex-2005")
    d = end_turn(state, coins=["tails"])
    assert d.state.seats[0].active.damage == 20 and d.state.seats[0].active.conditions == ["burned"]
    d = end_turn(state, coins=["heads"])
    assert d.state.seats[0].active.damage == 0 and d.state.seats[0].active.conditions == ["burned"]


def test_R_STATUS_6_modern_burn_two_counters_then_heads_recovers():
    state = board(seat(mon(HITMONCHAN, conditions=["burned"])), seat(mon(MACHOP)), ruleset="modern")
    d = end_turn(state, coins=["heads"])
    assert d.state.seats[0].active.damage == 20 and d.state.seats[0].active.conditions == []
    said(d, "Hitmonchan is no longer Burned. [R-STATUS-6]")
    d = end_turn(state, coins=["tails"])
    assert d.state.seats[0].active.damage == 20 and d.state.seats[0].active.conditions == ["burned"]


@pytest.mark.parametrize("ruleset", ["ex-2005", "modern"])
def test_R_STATUS_6_new_burn_replaces_old_and_stays_beside_others(ruleset):
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP)), ruleset=ruleset)
    p = state.seats[0].active
    ctx = ctx_for(state)
    for cond in ("burned", "asleep", "burned", "poisoned", "confused"):
        assert inflict(ctx, p, cond)
    assert p.conditions == ["burned", "confused", "poisoned"]
    assert ctx.narration.count("Machop is now Burned. [R-STATUS-6]") == 2


def test_R_CHECKUP_1_poison_burn_asleep_paralysis_order_ex_2005():
    state = board(seat(mon(HITMONCHAN, conditions=["paralyzed", "poisoned", "burned"])),
                  seat(mon(HITMONCHAN, conditions=["asleep", "burned"])), ruleset="ex-2005")
    d = end_turn(state, coins=["tails", "tails", "heads"])     # burn 0, burn 1, asleep 1
    checkup = said(d, "Between turns, in order: Poison, Burn, the Asleep flip, Paralysis recovery; then Knock Outs. "
                      "[R-CHECKUP-1]")
    poison = said(d, "Poison between turns")
    burns = [i for i, line in enumerate(d.narration) if "Burn" in line and i != checkup]
    assert checkup < poison
    asleep = said(d, "waking up")
    paralysis = said(d, "no longer Paralyzed")
    assert poison < min(burns) and max(burns) < asleep < paralysis
    assert d.state.seats[0].active.damage == 30 and d.state.seats[1].active.damage == 20


# -- mulligans ---------------------------------------------------------------------------------

def _mulligan_deal(ruleset):
    bad = [FIRE] * 7 + [MACHOP] * 4 + [FIRE] * 49
    good = [MACHOP] * 4 + [FIRE] * 56
    players = [{"name": "Ana", "deck": bad}, {"name": "Beto", "deck": good}]
    return created(ruleset, players)


@pytest.mark.parametrize("ruleset,extra", [("base-1999", 2), ("ex-2005", 1), ("modern", 1)])
def test_R_SETUP_2_extra_cards_per_mulligan(ruleset, extra):
    state = _mulligan_deal(ruleset)
    assert state.seats[1].extra_cards_allowed == extra
    refuse(state, 1, {"type": "mulligan_draw", "count": extra + 1}, "R-SETUP-2")


@pytest.mark.parametrize("ruleset", ["base-1999", "ex-2005"])
def test_R_SETUP_2_extra_cards_before_setup(ruleset):
    state = _mulligan_deal(ruleset)
    d = act(state, 1, {"type": "mulligan_draw", "count": 1})
    assert len(d.state.seats[1].hand) == 8


def test_R_SETUP_2_modern_extra_card_drawn_after_setup():
    state = _mulligan_deal("modern")
    refuse(state, 1, {"type": "mulligan_draw", "count": 1}, "R-SETUP-2", contains="after")
    d = act(state, 0, {"type": "setup", "active": state.seats[0].hand[0], "bench": []})
    d = act(d.state, 1, {"type": "setup", "active": d.state.seats[1].hand[0], "bench": []})
    assert d.state.phase == "setup"              # waits for seat 1's extra card
    d = act(d.state, 1, {"type": "mulligan_draw", "count": 1})    # the first player was chosen before
    assert d.state.phase == "main" and len(d.state.seats[1].hand) == 7
    assert [len(s.prizes) for s in d.state.seats] == [6, 6]
