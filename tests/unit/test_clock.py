"""J-TIME-2: the round clock folded from its events (pure: the events' times and a `now`)."""

from __future__ import annotations

from projections.clock import clock_refusal, fold_clock


def at(minute: float, kind: str, **payload) -> dict:
    seconds = int(minute * 60)
    return {"type": kind, "payload": payload,
            "recorded_at": f"2026-12-01T10:{seconds // 60:02d}:{seconds % 60:02d}Z"}


T0 = fold_clock([at(0, "ClockStarted", minutes=50)]).started or 0.0


def test_J_TIME_2_a_running_clock_counts_down_and_runs_out():
    clock = fold_clock([at(0, "ClockStarted", minutes=50)])
    assert clock.describe(T0 + 600)["time_left_seconds"] == 2400
    assert clock.status(T0 + 600) == "running"
    assert clock.describe(T0 + 3000)["status"] == "expired"
    assert clock.time_left(T0 + 99_999) == 0


def test_J_TIME_2_a_pause_stops_it_and_an_extension_adds_minutes():
    events = [at(0, "ClockStarted", minutes=50), at(10, "ClockPaused", reason="ruling"),
              at(14, "TimeExtended", minutes=3, reason="long ruling"), at(16, "ClockResumed")]
    clock = fold_clock(events)
    # 10 minutes ran, 6 were paused, 3 were added: at minute 20, 50 + 3 - 14 are left
    assert clock.time_left(T0 + 20 * 60) == (50 + 3 - 14) * 60
    paused = fold_clock(events[:2])
    assert paused.status(T0 + 40 * 60) == "paused"
    assert paused.time_left(T0 + 400 * 60) == 40 * 60   # a paused clock does not run out
    assert clock.describe(T0)["extensions"] == 1


def test_J_TIME_2_what_the_clock_refuses():
    assert clock_refusal(fold_clock([]), "ClockPaused")
    assert clock_refusal(fold_clock([]), "TimeExtended")
    assert clock_refusal(fold_clock([]), "ClockStarted") is None
    started = fold_clock([at(0, "ClockStarted", minutes=50)])
    assert clock_refusal(started, "ClockStarted")
    assert clock_refusal(started, "ClockResumed")
    assert clock_refusal(started, "ClockPaused") is None
    paused = fold_clock([at(0, "ClockStarted", minutes=50), at(1, "ClockPaused")])
    assert clock_refusal(paused, "ClockPaused")
    assert clock_refusal(paused, "ClockResumed") is None
    assert clock_refusal(paused, "TimeExtended") is None


def test_the_clock_ignores_every_other_event():
    clock = fold_clock([at(0, "ClockStarted", minutes=50), at(5, "ActionTaken", seat=0)])
    assert clock.time_left(T0 + 60) == 49 * 60
    assert fold_clock([]).describe(T0)["status"] == "not_started"


def test_J_TIME_2_the_deadline_moves_with_pauses_and_extensions_and_ends_with_the_call():
    started = at(0, "ClockStarted", minutes=50)
    assert fold_clock([started]).deadline() == T0 + 50 * 60
    paused = [started, at(10, "ClockPaused"), at(14, "TimeExtended", minutes=3, reason="r")]
    assert fold_clock(paused).deadline() is None            # a paused clock does not run out
    resumed = [*paused, at(16, "ClockResumed")]
    assert fold_clock(resumed).deadline() == T0 + (50 + 6 + 3) * 60
    called = fold_clock([*resumed, at(59, "TimeCalled", decide_by="prizes")])
    assert called.called and called.deadline() is None
    assert fold_clock([]).deadline() is None


def test_J_TIME_1_once_time_is_called_an_extension_is_refused():
    started = at(0, "ClockStarted", minutes=50)
    assert clock_refusal(fold_clock([started, at(51, "ClockPaused")]), "TimeExtended") is None
    called = fold_clock([started, at(50, "TimeCalled")])
    assert clock_refusal(called, "TimeExtended")
    assert clock_refusal(called, "ClockPaused") is None     # pausing it changes nothing
