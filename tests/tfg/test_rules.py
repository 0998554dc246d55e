"""Every T-* rule of docs/TFG.md, legal and illegal case, on sandbox positions of the duel-26
board. Its lines: an outer ring SW_ENTRY–S1–S2–S_GOAL–S4–S5–SE_ENTRY–E_LOW–E_HIGH–NE_ENTRY–N5–
N4–N_GOAL–N2–N1–NW_ENTRY–W_HIGH–W_LOW–(SW_ENTRY), an inner ring I_NW–I_N–I_NE–I_E–I_SE–I_S–
I_SW–I_W–(I_NW), and S5–I_S, N1–I_N. Seat 0 enters at SW_ENTRY / SE_ENTRY and defends S_GOAL;
seat 1 enters at NE_ENTRY / NW_ENTRY and defends N_GOAL.

Figures used (wheel indexes): Raticate MP 2 [0 Hyper Fang white 70, 1 Tackle white 10, 2 Miss];
Charmander MP 3 [0 Flame Tail white 40, 1 Smokescreen purple ☆ (opponent Wait), 2 Scratch white
10, 3 Miss]; Ekans MP 3 [0 Wrap white 20, 1 Spit Poison purple ☆☆ (opponent Poisoned), 2 Wrap,
3 Miss]; Machop MP 2 [0 Miss, 1 Focus Punch white 40, 2 Miss, 3 Dodge blue]; Squirtle MP 3 [0 Miss,
1 Bubble white 30, 2 Withdraw blue (itself Wait)]; Weedle MP 1 [0 Poison Sting purple ☆, 1 Tackle
white 10, 2 Miss]."""
from projections.tfg import engine

from .helpers import act, attack, move, position, refuse, said

RAT, CHAR, EKANS, MACHOP, SQUIRTLE, WEEDLE = "raticate", "charmander", "ekans", "machop", "squirtle", "weedle"


# -- T-SETUP ----------------------------------------------------------------------------------

def test_T_SETUP_1_a_team_holds_the_rulesets_number_of_playable_figures():
    six = ["Raticate", "Charmander", "Ekans", "Machop", "Squirtle", "Weedle"]
    assert engine.team_violations(six, "tfg-6v6") == []
    assert engine.team_violations(six[:3], "tfg-3v3") == []
    (short,) = engine.team_violations(six[:5], "tfg-6v6")
    assert short["rule"] == "T-SETUP-1" and "holds 6 figures, not 5" in short["message"]
    unknown = engine.team_violations([*six[:5], "Missingno"], "tfg-6v6")
    assert unknown[0]["rule"] == "T-SETUP-1" and "'Missingno' is no figure" in unknown[0]["message"]


def test_T_SETUP_1_a_figure_whose_ability_is_not_encoded_is_refused_with_the_reason():
    (v,) = engine.team_violations(["Pikachu", "Raticate", "Ekans"], "tfg-3v3")
    assert v["rule"] == "T-SETUP-1" and v["message"].startswith("Pikachu can't be played yet:")


def test_T_SETUP_1_create_puts_every_figure_on_its_bench():
    st = engine.create("tfg-3v3", ["Ana", "Beto"], [["Raticate", "Ekans", "Weedle"]] * 2, first_seat=1)
    assert sorted(st.figures) == ["0:0", "0:1", "0:2", "1:0", "1:1", "1:2"]
    assert all(f.where == "bench" for f in st.figures.values())
    assert st.seat_to_act == 1 and st.turn == 1


def test_T_SETUP_2_the_first_player_is_drawn_by_the_source():
    class Fixed:
        def __init__(self, first):
            self.first = first

        def shuffle(self, n):
            return [self.first, 1 - self.first]
    assert engine.draw_first_seat(Fixed(0)) == 0 and engine.draw_first_seat(Fixed(1)) == 1
    st = engine.create("tfg-3v3", ["Ana", "Beto"], [["Raticate", "Ekans", "Weedle"]] * 2, first_seat=1)
    assert engine.opening_lines(st) == ["A random draw: Beto goes first. [T-SETUP-2]"]


# -- T-TURN -----------------------------------------------------------------------------------

def test_T_TURN_1_one_figure_moves_then_only_it_may_attack():
    st = position({"0:0": (RAT, "S4"), "0:1": (CHAR, "S1"), "1:0": (EKANS, "I_S")})
    quiet = act(st, move("0:1", "S2"))                 # no battle possible: the turn passes
    assert quiet.state.seat_to_act == 1 and quiet.state.phase == "move"
    moved = act(st, move("0:0", "S5"))                 # next to Ekans on I_S
    assert moved.state.phase == "attack" and moved.state.moved == "0:0" and moved.state.seat_to_act == 0
    refuse(moved.state, attack("0:1", "1:0"), "T-BATTLE-1", contains="Only the figure that moved")
    refuse(moved.state, move("0:1", "S2"), "T-TURN-1", contains="One figure moves each turn")
    refuse(st, move("1:0", "I_SE"), "T-TURN-1", contains="It is Ana's turn", seat=1)


def test_T_TURN_2_a_turn_must_do_something_end_turn_only_after_a_move():
    st = position({"0:0": (RAT, "S4"), "1:0": (EKANS, "I_S")})
    refuse(st, {"type": "end_turn"}, "T-TURN-2")
    moved = act(st, move("0:0", "S5"))
    d = act(moved.state, {"type": "end_turn"})
    said(d, "Ana ends the turn without attacking. [T-TURN-1]")
    assert d.state.seat_to_act == 1


def test_T_TURN_2_a_first_player_whose_team_cannot_enter_has_lost_at_the_start():
    # three 1-MP Weedles have 0 MP on their first turn (T-MOVE-4): none can enter (T-MOVE-3)
    weedles, movers = ["Weedle"] * 3, ["Raticate", "Ekans", "Weedle"]
    stuck = engine.create("tfg-3v3", ["Ana", "Beto"], [movers, weedles], first_seat=1)
    assert stuck.result == {"winner": 0, "reason": "T-WIN-2"} and stuck.phase == "over"
    assert engine.legal_actions(stuck, 1) == []
    assert engine.opening_lines(stuck) == ["A random draw: Beto goes first. [T-SETUP-2]",
                                           "Beto can neither move nor attack: Ana wins. [T-WIN-2]"]
    refuse(stuck, move("1:0", "NE_ENTRY"), "T-WIN-1", contains="The game is over", seat=1)
    second = engine.create("tfg-3v3", ["Ana", "Beto"], [movers, weedles], first_seat=0)
    assert second.result is None and engine.legal_actions(second, 0)


def test_T_TURN_2_a_sandbox_position_whose_seat_to_act_can_do_nothing_is_over():
    # Ana's only figure out of the Pokémon Center waits through her turn (T-STATUS-2)
    stuck = position({"0:0": (CHAR, "S5", {"wait": True, "wait_until": 3}), "0:1": (RAT, "center"),
                      "1:0": (EKANS, "N1")}, ruleset="tfg-3v3")
    assert stuck.result == {"winner": 1, "reason": "T-WIN-2"}
    assert engine.lost_at_the_start(stuck) == ["Ana can neither move nor attack: Beto wins. [T-WIN-2]"]
    free = position({"0:0": (CHAR, "S5"), "0:1": (RAT, "center"), "1:0": (EKANS, "N1")}, ruleset="tfg-3v3")
    assert free.result is None and engine.lost_at_the_start(free) == []
    mid_turn = position({"0:0": (CHAR, "S5", {"wait": True, "wait_until": 3}), "1:0": (EKANS, "N1")},
                        ruleset="tfg-3v3", phase="attack", moved="0:0")
    assert mid_turn.result is None                       # only a turn's start is ruled on


# -- T-MOVE -----------------------------------------------------------------------------------

def test_T_MOVE_1_a_figure_moves_up_to_its_mp_along_lines():
    st = position({"0:0": (RAT, "S1"), "1:0": (EKANS, "N1")})
    d = act(st, move("0:0", "S2"))
    said(d, "Raticate (0:0) moves S1 → S2. [T-MOVE-1]")
    assert act(st, move("0:0", "S2", "S_GOAL")).state.figures["0:0"].where == "S_GOAL"   # its own goal
    refuse(st, move("0:0", "S2", "S_GOAL", "S4"), "T-MOVE-1", contains="has 2 MP")
    refuse(st, move("0:0", "I_N"), "T-MOVE-1", contains="No line joins S1 and I_N")
    refuse(st, move("0:0", "NOWHERE"), "T-MOVE-1", contains="not a point")
    refuse(st, move("0:0"), "T-MOVE-1", contains="at least one point")


def test_T_MOVE_1_a_figure_may_stay_put_to_attack():
    st = position({"0:0": (RAT, "S5"), "1:0": (EKANS, "I_S")})
    d = act(st, attack("0:0", "1:0"), spins=[0, 0])    # Hyper Fang 70 beats Wrap 20
    assert d.state.figures["1:0"].where == "center"


def test_T_MOVE_2_no_passing_through_or_stopping_on_a_figure():
    st = position({"0:0": (CHAR, "S1"), "0:1": (RAT, "S4"), "1:0": (EKANS, "S2")})
    refuse(st, move("0:0", "S2"), "T-MOVE-2", contains="S2 holds Ekans")
    refuse(st, move("0:0", "S2", "S_GOAL"), "T-MOVE-2")
    refuse(st, {"type": "move", "figure": "0:1", "path": ["S_GOAL", "S2"]}, "T-MOVE-2")
    act(st, move("0:0", "SW_ENTRY", "W_LOW", "W_HIGH"))


def test_T_MOVE_3_entering_from_the_bench_costs_1_mp_on_an_own_entry_point():
    st = position({"0:0": (RAT, "bench"), "1:0": (EKANS, "N1")})
    d = act(st, move("0:0", "SW_ENTRY", "S1"))         # 2 MP: enter + 1 line
    assert d.state.figures["0:0"].where == "S1"
    refuse(st, move("0:0", "SW_ENTRY", "S1", "S2"), "T-MOVE-1", contains="entering from the Bench costs 1")
    refuse(st, move("0:0", "NE_ENTRY"), "T-MOVE-3", contains="own entry points: SW_ENTRY, SE_ENTRY")
    refuse(st, move("0:0", "S1"), "T-MOVE-3")


def test_T_MOVE_4_one_less_mp_on_the_seats_own_first_turn():
    first = position({"0:0": (RAT, "bench"), "1:0": (EKANS, "N1")}, turn=1, turns_taken=[0, 0])
    act(first, move("0:0", "SW_ENTRY"))
    refuse(first, move("0:0", "SW_ENTRY", "S1"), "T-MOVE-4", contains="has 1 MP this turn")
    weedle = position({"0:0": (WEEDLE, "bench"), "0:1": (RAT, "bench"), "1:0": (EKANS, "N1")},
                      turn=1, turns_taken=[0, 0])
    refuse(weedle, move("0:0", "SW_ENTRY"), "T-MOVE-4", contains="has 0 MP")
    second = position({"1:0": (RAT, "bench"), "0:0": (EKANS, "S1")}, turn=2, seat_to_act=1, turns_taken=[1, 0])
    refuse(second, move("1:0", "NE_ENTRY", "N5"), "T-MOVE-4")          # each seat's own first turn
    later = position({"1:0": (RAT, "bench"), "0:0": (EKANS, "S1")}, turn=4, seat_to_act=1, turns_taken=[2, 1])
    act(later, move("1:0", "NE_ENTRY", "N5"))


def test_T_MOVE_5_a_move_never_comes_back_to_a_point():
    st = position({"0:0": (CHAR, "S1"), "1:0": (EKANS, "N1")})
    refuse(st, move("0:0", "S2", "S1"), "T-MOVE-5")
    refuse(st, move("0:0", "S2", "S_GOAL", "S2"), "T-MOVE-5")
    act(st, move("0:0", "S2", "S_GOAL", "S4"))


# -- T-SURROUND -------------------------------------------------------------------------------

def test_T_SURROUND_1_a_figure_whose_every_neighbour_holds_an_opponent_is_knocked_out():
    st = position({"0:0": (RAT, "SW_ENTRY"), "0:1": (CHAR, "S_GOAL"), "1:0": (EKANS, "S1")})
    d = act(st, move("0:1", "S2"))                     # S1's neighbours: SW_ENTRY and S2
    said(d, "Ekans (1:0) is surrounded. [T-SURROUND-1]")
    assert d.state.figures["1:0"].where == "center"
    open_side = position({"0:0": (RAT, "W_LOW"), "0:1": (CHAR, "S_GOAL"), "1:0": (EKANS, "S1")})
    assert act(open_side, move("0:1", "S2")).state.figures["1:0"].where == "S1"
    refuse(open_side, move("0:1", "S2", surround="1:0"), "T-SURROUND-1", contains="not surrounded")


def test_T_SURROUND_2_a_group_is_never_surrounded():
    st = position({"0:0": (RAT, "SW_ENTRY"), "0:1": (CHAR, "S4"), "1:0": (EKANS, "S1"), "1:1": (WEEDLE, "S2")})
    d = act(st, move("0:1", "S_GOAL"))
    assert d.state.figures["1:0"].where == "S1" and d.state.figures["1:1"].where == "S2"


def test_T_SURROUND_2_one_move_surrounds_at_most_one_figure_the_mover_names_it():
    # S5 touches S4 (S_GOAL, S5) and SE_ENTRY (S5, E_LOW): one step onto S5 would close both
    st = position({"0:0": (RAT, "S_GOAL"), "0:1": (CHAR, "E_LOW"), "0:2": (SQUIRTLE, "I_S"),
                   "1:0": (EKANS, "S4"), "1:1": (WEEDLE, "SE_ENTRY")})
    refuse(st, move("0:2", "S5"), "T-SURROUND-2", contains="at most one")
    d = act(st, move("0:2", "S5", surround="1:1"))
    assert d.state.figures["1:1"].where == "center" and d.state.figures["1:0"].where == "S4"


def test_T_SURROUND_1_after_any_move_every_enclosed_opposing_figure_is_knocked_out_never_the_movers():
    # Ruled (issue 41): Beto's Ekans enters onto NE_ENTRY, whose only neighbours (E_HIGH, N5) hold
    # Ana's figures. After Beto's own move his figures are not checked: Ekans stands there.
    st = position({"0:0": (RAT, "N5"), "0:1": (CHAR, "E_HIGH"), "0:2": (SQUIRTLE, "S1"),
                   "1:0": (EKANS, "bench"), "1:1": (WEEDLE, "N1")}, seat_to_act=1)
    walked_in = act(st, move("1:0", "NE_ENTRY"))
    assert walked_in.state.figures["1:0"].where == "NE_ENTRY"
    assert not any("[T-SURROUND-1]" in line for line in walked_in.narration)
    ended = act(walked_in.state, {"type": "end_turn"})
    # Ana's next move, far from NE_ENTRY and into no gap, finds it enclosed: Knocked Out
    d = act(ended.state, move("0:2", "S2"))
    said(d, "Ekans (1:0) is surrounded. [T-SURROUND-1]")
    assert d.state.figures["1:0"].where == "center"
    # one move Knocks Out one figure (T-SURROUND-2); the other one enclosed goes at Ana's next move
    two = position({"0:0": (RAT, "S_GOAL"), "0:1": (CHAR, "E_LOW"), "0:2": (SQUIRTLE, "I_S"),
                    "1:0": (EKANS, "S4"), "1:1": (WEEDLE, "SE_ENTRY"), "1:2": (RAT, "N1")})
    first = act(two, move("0:2", "S5", surround="1:1"))
    assert first.state.figures["1:0"].where == "S4"
    beto = act(act(first.state, {"type": "end_turn"}).state, move("1:2", "N2"))
    assert beto.state.figures["1:0"].where == "S4"
    later = act(beto.state, move("0:1", "E_HIGH"))
    said(later, "Ekans (1:0) is surrounded. [T-SURROUND-1]")
    assert later.state.figures["1:0"].where == "center"
