"""Battles (T-BATTLE), the Pokémon Center (T-PC), Special Conditions (T-STATUS) and winning
(T-WIN) on sandbox positions; the colour table of T-BATTLE-2 exhaustively. Wheel indexes as in
test_rules.py's docstring; Magnemite [0 Miss, 1 Thunder Wave purple ☆☆ (opponent Paralyzed), 2 Dodge
blue, 3 Spark white 20]."""
import itertools

import pytest

from projections.tfg.figures import Segment, figure
from projections.tfg.rules import battle_winner

from .helpers import act, attack, move, position, refuse, said

RAT, CHAR, EKANS, MACHOP, SQUIRTLE, WEEDLE = "raticate", "charmander", "ekans", "machop", "squirtle", "weedle"


def seg(colour: str, value: int = 0) -> Segment:
    return Segment(colour, colour, 8, value if colour in ("white", "gold") else 0,
                   value if colour == "purple" else 0, "", ())


# -- T-BATTLE-2: the colour table ---------------------------------------------------------------

COLOURS = ("white", "gold", "purple", "blue", "miss")
# who wins when the values are equal (None: nothing happens), by (a, b) colour
TABLE = {
    ("white", "white"): None, ("white", "gold"): None, ("white", "purple"): 1, ("white", "blue"): 1,
    ("white", "miss"): 0,
    ("gold", "gold"): None, ("gold", "purple"): 0, ("gold", "blue"): 1, ("gold", "miss"): 0,
    ("purple", "purple"): None, ("purple", "blue"): 1, ("purple", "miss"): 0,
    ("blue", "blue"): None, ("blue", "miss"): 0,
    ("miss", "miss"): None,
}


@pytest.mark.parametrize("a,b", list(itertools.product(COLOURS, COLOURS)))
def test_T_BATTLE_2_every_colour_pair_with_equal_values(a, b):
    expected = TABLE[(a, b)] if (a, b) in TABLE else (None if TABLE[(b, a)] is None else 1 - TABLE[(b, a)])
    assert battle_winner(seg(a, 30), seg(b, 30), 30 if a in ("white", "gold") else 0,
                         30 if b in ("white", "gold") else 0) == expected


@pytest.mark.parametrize("a,b", [("white", "white"), ("white", "gold"), ("gold", "gold"), ("purple", "purple")])
def test_T_BATTLE_2_same_kind_compares_values_and_ties_do_nothing(a, b):
    def dmg(colour, v):
        return v if colour in ("white", "gold") else 0
    assert battle_winner(seg(a, 50), seg(b, 20), dmg(a, 50), dmg(b, 20)) == 0
    assert battle_winner(seg(a, 20), seg(b, 50), dmg(a, 20), dmg(b, 50)) == 1
    assert battle_winner(seg(a, 40), seg(b, 40), dmg(a, 40), dmg(b, 40)) is None


def test_T_BATTLE_2_blue_beats_everything_and_nothing_else_happens():
    st = position({"0:0": (RAT, "S5"), "1:0": (MACHOP, "I_S")})
    d = act(st, attack("0:0", "1:0"), spins=[0, 3])              # Hyper Fang 70 v Dodge (blue)
    said(d, "Dodge (blue) beats Hyper Fang (white 70). [T-BATTLE-2]")
    assert d.state.figures["0:0"].where == "S5" and d.state.figures["1:0"].where == "I_S"


def test_T_BATTLE_2_a_tie_does_nothing():
    st = position({"0:0": (EKANS, "S5"), "1:0": (EKANS, "I_S")})
    d = act(st, attack("0:0", "1:0"), spins=[0, 2])              # Wrap 20 v Wrap 20
    said(d, "nothing happens. [T-BATTLE-2]")
    assert d.state.figures["1:0"].where == "I_S"


# -- T-BATTLE-1, 3, 4 ---------------------------------------------------------------------------

def test_T_BATTLE_1_only_an_adjacent_opposing_figure_is_attacked():
    st = position({"0:0": (RAT, "S5"), "0:1": (CHAR, "S4"), "1:0": (EKANS, "I_S"), "1:1": (WEEDLE, "N1")})
    refuse(st, attack("0:0", "0:1"), "T-BATTLE-1", contains="never one of its own")
    refuse(st, attack("0:0", "1:1"), "T-BATTLE-1", contains="is not next to")
    refuse(st, attack("1:0", "0:0"), "T-TURN-1", contains="not your figure")
    bench = position({"0:0": (RAT, "bench"), "1:0": (EKANS, "I_S")})
    refuse(bench, attack("0:0", "1:0"), "T-BATTLE-1", contains="not on the board")
    act(st, attack("0:0", "1:0"), spins=[1, 3])


def test_T_BATTLE_3_a_white_win_knocks_the_loser_out_to_the_pokemon_center():
    st = position({"0:0": (RAT, "S5"), "1:0": (EKANS, "I_S")})
    d = act(st, attack("0:0", "1:0"), spins=[1, 0])              # Tackle 10 v Wrap 20: the attacker loses
    said(d, "Raticate (0:0) is Knocked Out to the Pokémon Center. [T-BATTLE-3]")
    assert d.state.figures["0:0"].where == "center" and d.state.figures["1:0"].where == "I_S"
    purple = act(st, attack("0:0", "1:0"), spins=[0, 1])         # Spit Poison (purple) beats Hyper Fang
    assert purple.state.figures["0:0"].where == "S5"             # a purple win knocks nothing out


def test_T_BATTLE_4_the_battle_opponent_gets_the_winning_purple_effect():
    st = position({"0:0": (CHAR, "S5"), "1:0": (EKANS, "I_S")})
    d = act(st, attack("0:0", "1:0"), spins=[1, 0])              # Smokescreen beats Wrap: Ekans waits
    assert d.state.waiting("1:0")
    said(d, "Smokescreen acts on the battle opponent, Ekans (1:0). [T-BATTLE-4]")
    lost = act(st, attack("0:0", "1:0"), spins=[1, 1])           # Spit Poison ☆☆ beats Smokescreen ☆
    assert lost.state.figures["0:0"].status == "poisoned" and lost.state.figures["1:0"].status is None


# -- T-PC-1 -------------------------------------------------------------------------------------

def test_T_PC_1_a_third_figure_in_the_center_sends_the_first_back_to_the_bench():
    st = position({"0:0": (RAT, "S5"), "1:0": (EKANS, "I_S"), "1:1": (WEEDLE, "center", {"arrived": 1}),
                   "1:2": (CHAR, "center", {"arrived": 2})})
    d = act(st, attack("0:0", "1:0"), spins=[0, 0])
    said(d, "The Pokémon Center holds 2: Weedle (1:1) goes back to the Bench. [T-PC-1]")
    assert [d.state.figures[i].where for i in ("1:0", "1:1", "1:2")] == ["center", "bench", "center"]
    two = position({"0:0": (RAT, "S5"), "1:0": (EKANS, "I_S"), "1:1": (WEEDLE, "center", {"arrived": 1})})
    d = act(two, attack("0:0", "1:0"), spins=[0, 0])
    assert [d.state.figures[i].where for i in ("1:0", "1:1")] == ["center", "center"]
    blocked = position({"1:1": (WEEDLE, "center"), "1:0": (EKANS, "N1"), "0:0": (RAT, "S1")}, seat_to_act=1)
    refuse(blocked, move("1:1", "NE_ENTRY"), "T-PC-1", contains="Pokémon Center")


# -- T-STATUS -----------------------------------------------------------------------------------

def test_T_STATUS_1_a_new_condition_replaces_the_old_and_the_field_clears_them():
    st = position({"0:0": ("magnemite", "S5"), "1:0": (EKANS, "I_S", {"status": "poisoned"})})
    d = act(st, attack("0:0", "1:0"), spins=[1, 0])              # Thunder Wave beats Wrap: Paralyzed
    assert d.state.figures["1:0"].status == "paralyzed"          # replaces Poisoned
    said(d, "Ekans (1:0) is no longer Poisoned: a new Special Condition replaces it. [T-STATUS-1]")
    ko = act(st, attack("0:0", "1:0"), spins=[3, 3])             # Spark v Miss: to the center
    assert ko.state.figures["1:0"].status is None and ko.state.figures["1:0"].where == "center"
    said(ko, "Ekans (1:0) leaves the field and is no longer Poisoned. [T-STATUS-1]")


def test_T_STATUS_1_wait_is_no_special_condition_neither_replaces_the_other():
    # seed 004 lists only Paralisado and Envenenado as Condições Especiais; Wait is what "alguns
    # ataques" do. Ekans waits (written as before Wait had its own slot) and is Poisoned by Weedle:
    # it is both, and still can't move on Beto's next turn.
    st = position({"0:0": (WEEDLE, "S5"), "1:0": (EKANS, "I_S", {"status": "wait", "status_until": 4}),
                   "1:1": (RAT, "N1")})
    d = act(st, attack("0:0", "1:0"), spins=[0, 0])              # Poison Sting beats Wrap
    assert d.state.figures["1:0"].status == "poisoned" and d.state.waiting("1:0")
    assert not any("[T-STATUS-1]" in line for line in d.narration)   # nothing was replaced
    refuse(d.state, move("1:0", "I_SE"), "T-STATUS-2", contains="has Wait")
    # Smokescreen's Wait on a Poisoned Ekans leaves it Poisoned
    poisoned = position({"0:0": (CHAR, "S5"), "1:0": (EKANS, "I_S", {"status": "poisoned"})})
    waits = act(poisoned, attack("0:0", "1:0"), spins=[1, 0])
    assert waits.state.waiting("1:0") and waits.state.figures["1:0"].status == "poisoned"
    said(waits, "Ekans (1:0) is now waiting (Wait). [T-STATUS-2]")
    assert not any("no longer Poisoned" in line for line in waits.narration)
    # Paralysis on a waiting figure: both
    waiting = position({"0:0": ("magnemite", "S5"), "1:0": (EKANS, "I_S", {"wait": True})})
    both = act(waiting, attack("0:0", "1:0"), spins=[1, 0])     # Thunder Wave beats Wrap
    assert both.state.figures["1:0"].status == "paralyzed" and both.state.waiting("1:0")


def test_T_STATUS_2_leaving_the_field_ends_special_conditions_not_wait():
    # Raticate (Beto's, Wait through his next turn, Poisoned) is Knocked Out: Poison ends, Wait
    # runs out with Beto's turn as it would have on the field
    st = position({"0:0": (RAT, "S5"), "1:0": (RAT, "I_S", {"status": "poisoned", "wait": True}),
                   "1:1": (EKANS, "N1")})
    d = act(st, attack("0:0", "1:0"), spins=[0, 1])              # Hyper Fang 70 v Tackle 10 − 20
    said(d, "Raticate (1:0) leaves the field and is no longer Poisoned. [T-STATUS-1]")
    assert d.state.figures["1:0"].where == "center" and d.state.figures["1:0"].status is None
    assert d.state.waiting("1:0")
    after = act(d.state, move("1:1", "N2"))
    said(after, "Raticate (1:0) no longer waits. [T-STATUS-2]")


def test_T_STATUS_2_wait_stops_moving_and_attacking_on_the_owners_next_turn_but_still_surrounds():
    st = position({"0:0": (CHAR, "S5"), "1:0": (EKANS, "I_S"), "1:1": (WEEDLE, "N1")})
    d = act(st, attack("0:0", "1:0"), spins=[1, 0])
    waiting = d.state
    assert waiting.seat_to_act == 1
    refuse(waiting, move("1:0", "I_SE"), "T-STATUS-2", contains="has Wait")
    refuse(waiting, attack("1:0", "0:0"), "T-STATUS-2", contains="has Wait")
    after = act(waiting, move("1:1", "N2"))                      # Beto's turn ends: the Wait ends
    said(after, "Ekans (1:0) no longer waits. [T-STATUS-2]")
    assert not after.state.waiting("1:0")
    # a waiting figure still counts for surrounding
    ring = position({"0:0": (RAT, "SW_ENTRY", {"wait": True, "wait_until": 9}), "0:1": (CHAR, "S_GOAL"),
                     "1:0": (EKANS, "S1")})
    assert act(ring, move("0:1", "S2")).state.figures["1:0"].where == "center"


def test_T_STATUS_3_a_paralyzed_figures_named_attack_misses():
    st = position({"0:0": (RAT, "S5", {"status": "paralyzed"}), "1:0": (EKANS, "I_S")})
    refuse(st, attack("0:0", "1:0"), "T-STATUS-3", contains="names one of its attacks")
    refuse(st, {**attack("0:0", "1:0"), "paralyzed": {"0:0": "Miss"}}, "T-STATUS-3")
    d = act(st, {**attack("0:0", "1:0"), "paralyzed": {"0:0": "Hyper Fang"}}, spins=[0, 0])
    said(d, "Wrap (white 20) beats Hyper Fang (miss)")
    assert d.state.figures["0:0"].where == "center"
    other = act(st, {**attack("0:0", "1:0"), "paralyzed": {"0:0": "Tackle"}}, spins=[0, 0])
    assert other.state.figures["1:0"].where == "center"         # Hyper Fang was not named


def test_T_STATUS_3_magnemite_paralyzes_on_a_purple_win():
    assert figure("magnemite").unplayable_reason is None
    st = position({"0:0": ("magnemite", "S5"), "1:0": (EKANS, "I_S")})
    index = next(i for i, s in enumerate(figure("magnemite").wheel) if s.colour == "purple")
    d = act(st, attack("0:0", "1:0"), spins=[index, 0])
    assert d.state.figures["1:0"].status == "paralyzed"
    said(d, "Ekans (1:0) is now Paralyzed. [T-STATUS-3]")


def test_T_STATUS_4_poison_takes_20_from_the_attack_after_everything_else():
    st = position({"0:0": (EKANS, "S5", {"status": "poisoned"}), "1:0": (RAT, "I_S")})
    d = act(st, attack("0:0", "1:0"), spins=[0, 1])              # Wrap 20 − 20 = 0 v Tackle 10
    said(d, "Ekans (0:0) is Poisoned: Wrap does 20 − 20 = 0. [T-STATUS-4]")
    said(d, "Tackle (white 10) beats Wrap (white 0)")
    assert d.state.figures["0:0"].where == "center"
    healthy = position({"0:0": (EKANS, "S5"), "1:0": (RAT, "I_S")})
    assert act(healthy, attack("0:0", "1:0"), spins=[0, 1]).state.figures["1:0"].where == "center"


# -- T-WIN --------------------------------------------------------------------------------------

def test_T_WIN_1_moving_onto_the_opponents_goal_wins():
    st = position({"0:0": (RAT, "N2"), "1:0": (EKANS, "I_S")})
    d = act(st, move("0:0", "N_GOAL"))
    said(d, "Raticate (0:0) reaches the opponent's goal N_GOAL: Ana wins. [T-WIN-1]")
    assert d.state.result == {"winner": 0, "reason": "T-WIN-1"}
    far = position({"0:0": (CHAR, "N1"), "1:0": (EKANS, "I_S")})
    refuse(far, move("0:0", "N2", "N_GOAL", "N4"), "T-WIN-1", contains="ends the move there")
    refuse(d.state, move("1:0", "I_SE"), "T-WIN-1", contains="The game is over", seat=1)


def test_T_WIN_2_a_player_who_can_neither_move_nor_attack_loses():
    # Beto's only figure on the board waits through his next turn, the rest are in the center
    st = position({"0:0": (CHAR, "S5"), "1:0": (EKANS, "I_S"), "1:1": (WEEDLE, "center", {"arrived": 1}),
                   "1:2": (RAT, "center", {"arrived": 2})}, ruleset="tfg-3v3")
    d = act(st, attack("0:0", "1:0"), spins=[1, 0])
    said(d, "Beto can neither move nor attack: Ana wins. [T-WIN-2]")
    assert d.state.result == {"winner": 0, "reason": "T-WIN-2"}
    free = position({"0:0": (CHAR, "S5"), "1:0": (EKANS, "I_S"), "1:1": (WEEDLE, "bench")}, ruleset="tfg-3v3")
    assert act(free, attack("0:0", "1:0"), spins=[1, 0]).state.result is None
