"""J-TIME-2 through the API: the round clock started by a judge or the organiser, paused,
extended after a ruling (a judge, with the reason), shown with the time left."""

from __future__ import annotations

import pytest

from tests.api.helpers import assert_problem, create_match, ok

pytestmark = pytest.mark.integration


def test_J_TIME_2_the_clock_runs_pauses_and_a_judge_extends_it(judge, admin):
    created = create_match(judge)
    match_id = created["match_id"]
    url = f"/v1/matches/{match_id}/clock"
    assert ok(judge.get(f"/v1/matches/{match_id}"))["clock"]["status"] == "not_started"
    assert_problem(judge.post(url, {"do": "pause"}), 409)   # nothing to pause yet

    started = ok(admin.post(url, {"do": "start", "minutes": 50}), 201)   # the organiser
    assert started["events"][0]["type"] == "ClockStarted"
    clock = ok(judge.get(f"/v1/matches/{match_id}"))["clock"]
    assert clock["status"] == "running" and clock["length_minutes"] == 50
    assert 49 * 60 < clock["time_left_seconds"] <= 50 * 60 and clock["ends_at"]
    assert_problem(judge.post(url, {"do": "start", "minutes": 50}), 409)

    ok(judge.post(url, {"do": "pause", "reason": "a long ruling"}), 201)
    assert ok(judge.get(f"/v1/matches/{match_id}"))["clock"]["status"] == "paused"
    preview = ok(judge.post(url, {"do": "extend", "minutes": 3, "reason": "the ruling took 3 minutes",
                                  "dry_run": True}), 200)
    assert preview["events"][0]["type"] == "TimeExtended"
    extended = ok(judge.post(url, {"do": "extend", "minutes": 3,
                                   "reason": "the ruling took 3 minutes"}), 201)
    assert extended["events"][0]["actor"]["subject"] == "Judge Judy"
    assert extended["events"][0]["payload"] == {"minutes": 3, "reason": "the ruling took 3 minutes"}
    ok(judge.post(url, {"do": "resume"}), 201)
    clock = ok(judge.get(f"/v1/matches/{match_id}"))["clock"]
    assert clock["extended_minutes"] == 3 and clock["extensions"] == 1
    assert clock["time_left_seconds"] > 50 * 60       # the 3 minutes were added
    listed = [m for m in ok(judge.get("/v1/matches"))["matches"] if m["match_id"] == match_id]
    assert listed[0]["clock"]["extended_minutes"] == 3

    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    assert_problem(scorekeeper.post(url, {"do": "pause"}), 403)
    assert_problem(admin.post(url, {"do": "extend", "minutes": 2, "reason": "r"}), 403)
    for bad in ({"do": "extend", "minutes": 3}, {"do": "extend", "minutes": 61, "reason": "r"},
                {"do": "start"}, {"do": "pause", "minutes": 2}, {"do": "stop"},
                {"do": "start", "minutes": 0}, {"do": "start", "minutes": "50"}):
        assert_problem(judge.post(url, bad), 422)
    # the game itself is untouched by the clock
    assert ok(judge.get(f"/v1/matches/{match_id}/audit"))["replay_ok"]


def test_J_TIME_2_the_organiser_starts_the_round_at_every_table_at_once(judge, admin):
    first = create_match(judge, table=1)["match_id"]
    second = create_match(judge, table=2)["match_id"]
    already = create_match(judge, table=3)["match_id"]
    ok(judge.post(f"/v1/matches/{already}/clock", {"do": "start", "minutes": 50}), 201)

    answer = ok(admin.post("/v1/rounds/start", {"minutes": 50}))
    assert sorted(answer["started"]) == sorted([first, second]) and answer["refused"] == {}
    for match_id in (first, second):
        clock = ok(judge.get(f"/v1/matches/{match_id}"))["clock"]
        assert clock["status"] == "running" and clock["length_minutes"] == 50
    again = ok(judge.post("/v1/rounds/start", {"minutes": 50, "match_ids": [first, "nope"]}))
    assert again["started"] == [] and set(again["refused"]) == {first, "nope"}
    player = judge.with_token(create_match(judge)["tokens"]["0"])
    assert_problem(player.post("/v1/rounds/start", {"minutes": 50}), 403)
    assert_problem(judge.post("/v1/rounds/start", {"minutes": 0}), 422)


def test_J_TIME_2_the_clock_calls_time_and_the_stream_announces_it(judge, store, redis_client):
    """The service calls time where the clock ran out (workers/timekeeper.py): the stream
    carries it like any event, the clock's part is over (no extension un-calls it), and a
    judge can't call time a second time."""
    import json
    import time

    from projections.clock import CLOCK_ACTOR
    from tests.api.positions import bubble, sandbox_players
    from tests.api.test_stream import parse_sse
    from workers.timekeeper import Timekeeper

    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    ok(judge.post(f"/v1/matches/{match_id}/clock", {"do": "start", "minutes": 1}), 201)
    assert Timekeeper(store).tick(time.time() + 30) == {}       # not due yet
    outcomes = Timekeeper(store).tick(time.time() + 61)          # the round's minute is over
    assert outcomes[match_id].outcome == "called"

    messages = parse_sse(judge.get(f"/v1/matches/{match_id}/stream?last_event_id=2"
                                   "&max_events=1&timeout=5").get_data(as_text=True))
    assert [m["event"] for m in messages] == ["TimeCalled"]
    assert messages[0]["data"]["actor"] == CLOCK_ACTOR
    assert "The round clock calls time" in json.dumps(messages[0]["data"]["narration"])
    assert ok(judge.get(f"/v1/matches/{match_id}/state"))["time_called"]["turn"] == 3

    refused = assert_problem(judge.post(f"/v1/matches/{match_id}/clock",
                                        {"do": "extend", "minutes": 2, "reason": "late"}), 409)
    assert "un-call" in refused["detail"]
    assert_problem(judge.post(f"/v1/matches/{match_id}/time", {}), 409)
