"""J-TIME-1: time is called; the current turn is finished, then 3 more turns; an unfinished
game is decided by the event's rule (fewer Prize cards left wins; a tie as configured)."""
from projections.tcg import engine
from projections.tcg.game import TcgGame
from tests.engine.engine_helpers import FIGHTING, MACHOP, act, board, mon, seat


def _call_time(state, **payload):
    new, narration = engine.apply(state, {"type": "TimeCalled", "payload": payload})
    return new, narration


def _end_turns(state, n):
    for _ in range(n):
        state = act(state, state.seat_to_act, {"type": "end_turn"}).state
    return state


def _timed_board(prizes0, prizes1):
    return board(seat(mon(MACHOP), prizes=[FIGHTING] * prizes0),
                 seat(mon(MACHOP), prizes=[FIGHTING] * prizes1), turn=5)


def test_J_TIME_1_three_more_turns_then_fewer_prizes_left_wins():
    state, narration = _call_time(_timed_board(2, 4))
    assert state.time_called == {"turn": 5, "extra_turns": 3, "decide_by": "prizes", "tie": "sudden_death"}
    assert any("J-TIME-1" in line for line in narration)
    state = _end_turns(state, 3)            # turn 5 (turn 0) ends, then turns 6 and 7
    assert state.phase == "main" and state.turn == 8
    state = _end_turns(state, 1)            # turn 8 (the third extra turn) ends: time is up
    assert state.phase == "finished"
    assert state.result == {"winner": 0, "reason": "J-TIME-1", "game_number": 1}


def test_J_TIME_1_a_tie_goes_to_sudden_death_or_a_draw_as_configured():
    tied = _timed_board(3, 3)
    sudden, _ = _call_time(tied)
    done = act(_end_turns(sudden, 3), 1, {"type": "end_turn"}, shuffles=None)
    # Sudden Death (R-WIN-4) deals a new game with 1 Prize each
    assert done.state.game_number == 2 and done.state.phase == "setup" and done.state.prize_count == 1
    drawn, _ = _call_time(tied, tie="draw")
    state = _end_turns(drawn, 4)
    assert state.phase == "finished" and state.result["winner"] is None and state.result["draw"]


def test_J_TIME_1_a_game_won_during_the_extra_turns_is_not_decided_by_time():
    state, _ = _call_time(_timed_board(2, 4), extra_turns=1)
    state = act(state, 0, {"type": "concede"}).state
    assert state.result["reason"] == "concede"


def test_J_TIME_1_time_cannot_be_called_twice_or_after_the_end():
    game = TcgGame()
    state = _timed_board(2, 4)
    assert game.time_call_refusal(state) is None
    called, _ = _call_time(state)
    assert "already called" in game.time_call_refusal(called)
    over = act(state, 0, {"type": "concede"}).state
    assert "over" in game.time_call_refusal(over)
