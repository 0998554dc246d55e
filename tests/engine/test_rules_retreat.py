"""R-RETREAT (base-1999; the per-ruleset limits are in test_rules_rulesets.py)."""
import pytest
from engine_helpers import DCE, FIGHTING, FIRE, HITMONCHAN, MACHOP, RATTATA, act, attack, board, mon, refuse, said, seat

from projections.tcg.core import add_effect


def retreat(state, to, discard, coins=()):
    return act(state, 0, {"type": "retreat", "to": to, "discard": discard}, coins)


ONE_MACHOP = (mon(MACHOP),)   # hitmonchan_board's default Bench


def hitmonchan_board(energy=(FIGHTING, FIGHTING, DCE), conditions=(), bench=ONE_MACHOP, **kw):
    return board(seat(mon(HITMONCHAN, energy=list(energy), conditions=list(conditions), damage=20), bench=bench),
                 seat(mon(MACHOP)), **kw)


def test_R_RETREAT_1_swap_after_discarding_the_cost():
    state = hitmonchan_board(energy=(FIGHTING, FIGHTING, FIRE))
    f1, f2, r = state.seats[0].active.energy
    to = state.seats[0].bench[0].top
    d = retreat(state, to, [f1, r])
    s = d.state.seats[0]
    assert s.active.top == to and s.bench[0].top == state.seats[0].active.top
    assert sorted(s.discard) == sorted([f1, r]) and s.bench[0].energy == [f2]
    said(d, "[R-RETREAT-2]")


def test_R_RETREAT_1_no_bench_no_retreat():
    state = hitmonchan_board(bench=())
    refuse(state, 0, {"type": "retreat", "to": state.seats[1].active.top, "discard": []}, "R-RETREAT-1",
           contains="no Benched")


def test_R_RETREAT_1_only_to_own_bench_and_only_attached_energy():
    state = hitmonchan_board(energy=(FIGHTING, FIGHTING))
    f1, f2 = state.seats[0].active.energy
    refuse(state, 0, {"type": "retreat", "to": state.seats[0].active.top, "discard": [f1, f2]}, "R-RETREAT-1")
    refuse(state, 0, {"type": "retreat", "to": state.seats[1].active.top, "discard": [f1, f2]}, "R-RETREAT-1")
    to = state.seats[0].bench[0].top
    refuse(state, 0, {"type": "retreat", "to": to, "discard": [f1, state.seats[0].deck[0]]}, "R-RETREAT-1")
    refuse(state, 0, {"type": "retreat", "to": to, "discard": [f1, f1]}, "R-RETREAT-1")


def test_R_RETREAT_1_free_retreat_discards_nothing():
    state = board(seat(mon(RATTATA, energy=[FIRE]), bench=[mon(MACHOP)]), seat(mon(MACHOP)))
    to = state.seats[0].bench[0].top
    refuse(state, 0, {"type": "retreat", "to": to, "discard": state.seats[0].active.energy}, "R-RETREAT-2")
    d = retreat(state, to, [])
    assert d.state.seats[0].bench[0].energy == state.seats[0].active.energy


@pytest.mark.parametrize("pay,ok", [
    (["DCE"], True), (["F1", "F2"], True), (["F1", "DCE"], True),
    (["F1", "F2", "DCE"], False), (["F1"], False), ([], False)])
def test_R_RETREAT_2_double_colorless_overpay(pay, ok):
    """Retreat Cost 2 with F, F and DCE attached: {DCE}, {F,F} and {F then DCE} pay it; all three
    cards never do (once the cost is met no more may be discarded)."""
    state = hitmonchan_board()
    f1, f2, dce = state.seats[0].active.energy
    names = {"F1": f1, "F2": f2, "DCE": dce}
    discard = [names[n] for n in pay]
    to = state.seats[0].bench[0].top
    if ok:
        d = retreat(state, to, discard)
        assert sorted(d.state.seats[0].discard) == sorted(discard)
    else:
        refuse(state, 0, {"type": "retreat", "to": to, "discard": discard}, "R-RETREAT-2", contains="Retreat Cost")


def test_R_RETREAT_2_legal_actions_lists_exactly_the_allowed_payments():
    from projections.tcg.legal import legal_actions
    state = hitmonchan_board()
    f1, f2, dce = state.seats[0].active.energy
    pays = sorted(sorted(a["discard"]) for a in legal_actions(state, 0) if a["type"] == "retreat")
    assert pays == sorted([sorted([dce]), sorted([f1, f2]), sorted([f1, dce]), sorted([f2, dce])])


@pytest.mark.parametrize("condition", ["asleep", "paralyzed"])
def test_R_RETREAT_3_asleep_or_paralyzed_cant_retreat(condition):
    state = hitmonchan_board(conditions=[condition])
    f1, f2, _ = state.seats[0].active.energy
    refuse(state, 0, {"type": "retreat", "to": state.seats[0].bench[0].top, "discard": [f1, f2]},
           "R-RETREAT-3", contains=condition)


def test_R_RETREAT_3_poisoned_may_retreat():
    state = hitmonchan_board(conditions=["poisoned"])
    f1, f2, _ = state.seats[0].active.energy
    d = retreat(state, state.seats[0].bench[0].top, [f1, f2])
    assert d.state.seats[0].bench[0].conditions == []


def test_R_RETREAT_4_confused_pays_then_flips_tails_stays():
    state = hitmonchan_board(conditions=["confused"])
    f1, f2, dce = state.seats[0].active.energy
    to = state.seats[0].bench[0].top
    d = retreat(state, to, [dce], coins=["tails"])
    s = d.state.seats[0]
    assert s.active.top == state.seats[0].active.top and s.discard == [dce]   # paid, still Active
    assert s.active.conditions == ["confused"]
    said(d, "[R-RETREAT-4]")
    refuse(d.state, 0, {"type": "retreat", "to": to, "discard": [f1, f2]}, "R-RETREAT-4", contains="again")
    # it may still attack this turn (with the flip of its Confusion)
    attack(d.state, 0, "Jab", coins=["heads"])


def test_R_RETREAT_4_confused_heads_retreats():
    state = hitmonchan_board(conditions=["confused"])
    _, _, dce = state.seats[0].active.energy
    d = retreat(state, state.seats[0].bench[0].top, [dce], coins=["heads"])
    assert d.state.seats[0].active.top == state.seats[0].bench[0].top
    assert d.state.seats[0].bench[0].conditions == []


def test_R_RETREAT_6_benched_pokemon_keeps_cards_and_damage_loses_conditions_and_effects():
    state = hitmonchan_board(conditions=["poisoned", "confused"])
    p = state.seats[0].active
    add_effect(p, "prevent_damage", state.turn + 1, why="test")
    add_effect(p, "attack_may_fail", state.turn + 1, why="test")
    f1, f2, dce = p.energy
    d = retreat(state, state.seats[0].bench[0].top, [dce], coins=["heads"])
    old = d.state.seats[0].bench[0]
    assert old.top == p.top and old.damage == 20 and old.energy == [f1, f2]
    assert old.conditions == [] and old.effects == [] and "poison_damage" not in old.flags
    said(d, "[R-RETREAT-6]")


def test_R_RETREAT_6_new_active_may_still_attack():
    state = board(seat(mon(HITMONCHAN, energy=[FIGHTING, FIGHTING]), bench=[mon(MACHOP, energy=[FIGHTING])]),
                  seat(mon(HITMONCHAN)))
    f1, f2 = state.seats[0].active.energy
    d = retreat(state, state.seats[0].bench[0].top, [f1, f2])
    d = attack(d.state, 0, "Low Kick")
    assert d.state.seats[1].active.damage == 20


def test_R_RETREAT_base_1999_retreats_unlimited():
    state = board(seat(mon(RATTATA), bench=[mon(RATTATA)]), seat(mon(MACHOP)))
    a, b = state.seats[0].active.top, state.seats[0].bench[0].top
    d = retreat(state, b, [])
    d = act(d.state, 0, {"type": "retreat", "to": a, "discard": []})
    d = act(d.state, 0, {"type": "retreat", "to": b, "discard": []})
    assert d.state.this_turn["retreats"] == 3 and d.state.seats[0].active.top == b


def test_R_RETREAT_4_only_the_pokemon_that_failed_cant_try_again():
    """After a failed Confused retreat, Switch brings up another Pokémon: that one may retreat
    (the bar is on the Pokémon that failed, not on the whole turn); the one that failed may not."""
    state = board(seat(mon(HITMONCHAN, energy=[FIGHTING, FIGHTING, DCE], conditions=["confused"]),
                       bench=[mon(RATTATA), mon(MACHOP)], hand=["base1-95"]), seat(mon(MACHOP)))
    hitmonchan, rattata = state.seats[0].active.top, state.seats[0].bench[0].top
    _, _, dce = state.seats[0].active.energy
    d = retreat(state, rattata, [dce], coins=["tails"])
    d = act(d.state, 0, {"type": "play_trainer", "card": state.seats[0].hand[0], "targets": [rattata],
                         "choices": {}})
    assert d.state.seats[0].active.top == rattata
    d = act(d.state, 0, {"type": "retreat", "to": d.state.seats[0].bench[1].top, "discard": []})
    assert d.state.seats[0].active.top == state.seats[0].bench[1].top
    # Hitmonchan (now on the Bench, no longer Confused) is the one that may not retry this turn
    assert d.state.this_turn["retreat_failed"] == hitmonchan
