"""The round clock calls time by itself (J-TIME-1, J-TIME-2; workers/timekeeper.py): at a
round's end every running table of it gets ``TimeCalled`` once, from whichever worker sees
the deadline first, however many race, retry or restart."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest

from events.store import EventStore, utc_now
from projections.clock import CLOCK_ACTOR, fold_clock, seconds_of
from projections.readmodels import dump_read_models, rebuild_read_models, update_read_models
from projections.readmodels.queries import due_clocks
from tests.conftest import TEST_CHAIN_KEY
from tests.workers.helpers import Table, new_match
from workers.reconcile import reconcile
from workers.timekeeper import Timekeeper, call_time_if_due

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]


def in_play(store, match_id: str, seed: int) -> Table:
    """A match whose game is under way (set up, first turns played)."""
    table = new_match(store, match_id, seed=seed)
    while table.state.phase == "setup":
        assert table.play(1) == 1
    table.play(2)
    assert table.state.phase != "finished"
    return table


def start_clock(table: Table, minutes: int = 1) -> float:
    """The table's clock started (its read models caught up); its deadline."""
    table.judge("ClockStarted", {"minutes": minutes})
    update_read_models(table.store, table.match_id)
    deadline = fold_clock(table.store.read(table.match_id)).deadline()
    assert deadline is not None
    return deadline


def time_calls(store, match_id: str) -> list[dict]:
    return [e for e in store.read(match_id) if e["type"] == "TimeCalled"]


def test_J_TIME_2_two_keepers_racing_call_time_at_each_table_once(store, redis_client):
    tables = [in_play(store, f"t{n}", seed=n) for n in (1, 2, 3)]
    deadlines = [start_clock(t) for t in tables]
    after = max(deadlines) + 1
    assert due_clocks(redis_client, min(deadlines) - 1) == []
    assert set(due_clocks(redis_client, after)) == {"t1", "t2", "t3"}

    keepers = [Timekeeper(EventStore(redis_client, chain_key=TEST_CHAIN_KEY)) for _ in (0, 1)]
    start = threading.Barrier(2)
    results: list[dict] = []

    def keep(keeper: Timekeeper) -> None:
        start.wait()
        results.append(keeper.tick(after))

    threads = [threading.Thread(target=keep, args=(k,)) for k in keepers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    called = [m for r in results for m, o in r.items() if o.outcome == "called"]
    assert sorted(called) == ["t1", "t2", "t3"]            # each by one keeper only
    for table in tables:
        calls = time_calls(store, table.match_id)
        assert len(calls) == 1 and calls[0]["actor"] == CLOCK_ACTOR
        assert calls[0]["payload"] == {"decide_by": "prizes", "tie": "sudden_death",
                                       "extra_turns": 3}
    assert due_clocks(redis_client, after) == []          # the read models dropped them

    # a retry and a restarted keeper find time called and append nothing
    assert call_time_if_due(store, "t1", after).outcome == "called already"
    assert Timekeeper(store).tick(after) == {}
    assert reconcile(store)["time_called"] == []
    assert all(len(time_calls(store, t.match_id)) == 1 for t in tables)


def test_J_TIME_1_the_extra_turns_count_from_the_clocks_time_call(store, redis_client):
    table = in_play(store, "m", seed=4)
    deadline = start_clock(table)
    turn = table.state.turn
    assert Timekeeper(store).tick(deadline + 1)["m"].outcome == "called"
    from projections.snapshots import load_state

    state = load_state(store, None, "m").state
    assert state.time_called == {"turn": turn, "extra_turns": 3, "decide_by": "prizes",
                                 "tie": "sudden_death"}
    # the narration says who called it
    from projections.report import narrated_timeline

    last = narrated_timeline(store.read("m"), None)["entries"][-1]
    assert last["type"] == "TimeCalled"
    assert any("The round clock calls time" in str(line) for line in last["narration"])


def test_J_TIME_2_an_extension_moves_the_tables_deadline(store, redis_client):
    extended, other = in_play(store, "ext", seed=1), in_play(store, "other", seed=2)
    deadline = start_clock(extended)
    start_clock(other)
    extended.judge("TimeExtended", {"minutes": 2, "reason": "a long ruling"})
    update_read_models(store, "ext")
    assert set(due_clocks(redis_client, deadline + 1)) == {"other"}

    keeper = Timekeeper(store)
    outcomes = keeper.tick(deadline + 1)
    assert set(outcomes) == {"other"} and outcomes["other"].outcome == "called"
    assert time_calls(store, "ext") == []
    assert keeper.tick(deadline + 119) == {}
    assert keeper.tick(deadline + 121)["ext"].outcome == "called"
    assert len(time_calls(store, "ext")) == 1


def test_J_TIME_2_an_extension_the_index_has_not_seen_yet_still_holds(store, redis_client):
    """The index only says where to look: the log decides (a read model that lags)."""
    table = in_play(store, "lag", seed=3)
    deadline = start_clock(table)
    table.judge("TimeExtended", {"minutes": 1, "reason": "a deck check"})   # models not updated
    keeper = Timekeeper(store)
    assert keeper.tick(deadline + 1)["lag"].outcome == "not due"
    assert keeper.tick(deadline + 2) == {}          # held: nothing read again until then
    assert time_calls(store, "lag") == []
    assert keeper.tick(deadline + 61)["lag"].outcome == "called"


def test_J_TIME_2_a_paused_clock_is_not_called_and_resumed_runs_on(store, redis_client,
                                                                   fixed_clock):
    clocked = EventStore(redis_client, clock=fixed_clock, chain_key=TEST_CHAIN_KEY)
    table = in_play(clocked, "paused", seed=5)
    deadline = start_clock(table)
    fixed_clock.advance(seconds=30)
    table.judge("ClockPaused", {"reason": "a ruling"})
    update_read_models(clocked, "paused")
    assert due_clocks(redis_client, deadline + 600) == []
    assert Timekeeper(clocked).tick(deadline + 600) == {}
    assert call_time_if_due(clocked, "paused", deadline + 600).outcome == "not running"
    fixed_clock.advance(seconds=100)
    table.judge("ClockResumed", {})
    update_read_models(clocked, "paused")
    assert due_clocks(redis_client, deadline + 99) == []
    assert Timekeeper(clocked).tick(deadline + 101)["paused"].outcome == "called"


def test_J_TIME_1_time_a_judge_called_is_not_called_again(store, redis_client):
    table = in_play(store, "judged", seed=6)
    deadline = start_clock(table)
    table.judge("TimeCalled", {"decide_by": "prizes", "tie": "draw", "extra_turns": 3})
    update_read_models(store, "judged")
    assert due_clocks(redis_client, deadline + 1) == []
    assert call_time_if_due(store, "judged", deadline + 1).outcome == "called already"
    assert len(time_calls(store, "judged")) == 1


def test_J_TIME_1_a_rewind_before_the_clocks_call_is_not_followed_by_a_second_call(
        store, redis_client):
    """The clock calls time once: a rewind to before its call takes the game back (time is
    no longer called in the game) and the clock leaves a second call to a judge."""
    table = in_play(store, "rewound", seed=7)
    before = table.seq
    deadline = start_clock(table)
    assert Timekeeper(store).tick(deadline + 1)["rewound"].outcome == "called"
    table.events = store.read("rewound")
    from projections.snapshots import load_state

    table.state = load_state(store, None, "rewound").state
    table.judge("Rewound", {"to_seq": before, "reason": "a misplay before time",
                            "reshuffle": False})
    update_read_models(store, "rewound")
    assert load_state(store, None, "rewound").state.time_called is None
    assert due_clocks(redis_client, deadline + 5) == []
    assert call_time_if_due(store, "rewound", deadline + 5).outcome == "called already"
    assert len(time_calls(store, "rewound")) == 1


def test_J_TIME_1_time_runs_out_during_setup_is_called_once_the_game_is_under_way(
        store, redis_client):
    table = new_match(store, "setup", seed=8)
    deadline = start_clock(table)
    keeper = Timekeeper(store)
    assert keeper.tick(deadline + 1)["setup"].outcome == "refused"
    assert keeper.tick(deadline + 2) == {}          # held until the log moves
    while table.state.phase == "setup":
        table.play(1)
    update_read_models(store, "setup")
    assert keeper.tick(deadline + 3)["setup"].outcome == "called"


def test_J_TIME_2_the_deadlines_index_is_a_read_model_rebuilt_from_the_logs(store, redis_client):
    for n, name in enumerate(("a", "b")):
        start_clock(in_play(store, name, seed=n))
    built = dump_read_models(redis_client)["deadlines"]
    assert [m for m, _ in built] == ["a", "b"]
    rebuild_read_models(store)
    assert dump_read_models(redis_client)["deadlines"] == built


def test_J_TIME_2_reconcile_calls_time_where_a_clock_ran_out(store, redis_client, monkeypatch):
    past = EventStore(redis_client, clock=lambda: utc_now() - timedelta(minutes=2),
                      chain_key=TEST_CHAIN_KEY)
    start_clock(in_play(past, "late", seed=2))
    assert reconcile(store)["time_called"] == ["late"]
    assert len(time_calls(store, "late")) == 1


def _worker(env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "app.cli", "worker", "--nice", "0"],
                            cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def test_J_TIME_2_a_rounds_deadline_calls_time_at_every_table_with_two_workers(
        redis_client, redis_bytes, redis_url):
    """A round of 2 s (its clocks started 58 s into a minute, once both workers are up)
    across three tables, a paused one and an extended one; two real `referee worker`s
    racing."""
    from rq import Worker

    env = {**os.environ, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
           "REFEREE_CLOCK_TICK_SECONDS": "0.05"}
    workers = [_worker(env) for _ in (0, 1)]
    try:
        late = EventStore(redis_client, clock=lambda: utc_now() - timedelta(seconds=58),
                          chain_key=TEST_CHAIN_KEY)
        tables = [in_play(late, f"r{n}", seed=n) for n in range(5)]   # while they start
        waited = time.monotonic() + 60
        while Worker.count(connection=redis_bytes) < 2 and time.monotonic() < waited:
            assert all(w.poll() is None for w in workers), workers[0].stderr
            time.sleep(0.05)
        deadlines = {t.match_id: start_clock(t) for t in tables}
        tables[3].judge("ClockPaused", {})
        tables[4].judge("TimeExtended", {"minutes": 5, "reason": "a deck check"})
        for table in tables[3:]:
            update_read_models(late, table.match_id)
        running = [t.match_id for t in tables[:3]]
        waited = time.monotonic() + 20
        while (not all(time_calls(late, m) for m in running)
               and time.monotonic() < waited):
            time.sleep(0.05)
        time.sleep(0.5)                       # time for a second call, were there to be one
    finally:
        for worker in workers:                # a worker killed: nothing is lost (RQ, reconcile)
            if worker.poll() is None:
                os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(15)
    for match_id in running:
        calls = time_calls(late, match_id)
        assert len(calls) == 1, (match_id, calls)
        assert seconds_of(calls[0]["recorded_at"]) >= deadlines[match_id]
        assert calls[0]["actor"] == CLOCK_ACTOR
    assert time_calls(late, "r3") == [] and time_calls(late, "r4") == []
