"""Service randomness is recorded; reported matches need exactly the coins an action flips;
a judge may force coins anywhere."""

from __future__ import annotations

import pytest

from app.randomness import SystemRandomness
from tests.api.helpers import assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players

pytestmark = pytest.mark.integration

BUBBLE = {"type": "attack", "attack": "Bubble", "choices": {}}


def test_system_randomness_gives_permutations_and_both_sides():
    source = SystemRandomness()
    for n in (0, 1, 2, 60):
        assert sorted(source.shuffle(n)) == list(range(n))
    assert {source.flip() for _ in range(200)} == {True, False}


def test_reported_matches_refuse_missing_or_malformed_coins(judge, store):
    created = create_match(judge, players=sandbox_players(), position=bubble(),
                           randomness="reported")
    match_id = created["match_id"]
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    url = f"/v1/matches/{match_id}/actions"

    missing = assert_problem(scorekeeper.post(url, {"seat": 0, "action": BUBBLE}), 422)
    assert "coins" in missing["errors"]["json"]
    too_many = assert_problem(scorekeeper.post(url, {"seat": 0, "action": BUBBLE,
                                                     "coins": ["heads", "tails"]}), 422)
    assert "coins" in too_many["errors"]["json"]
    for bad in (["edge"], "heads", [True], [1], {"0": "heads"}, ["HEADS"]):
        body = assert_problem(scorekeeper.post(url, {"seat": 0, "action": BUBBLE,
                                                     "coins": bad}), 422)
        assert "coins" in body["errors"]["json"]
    assert store.last_seq(match_id) == 1

    done = ok(scorekeeper.post(url, {"seat": 0, "action": BUBBLE, "coins": ["heads"]}), 201)
    assert done["event"]["payload"]["coins"] == ["heads"]
    assert done["event"]["payload"]["rng"]["coins"] == ["heads"]
    assert any("heads" in line for line in done["narration"])
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert state["seats"][1]["active"]["conditions"] == ["paralyzed"]
    # an action that flips nothing needs no coins
    ok(scorekeeper.post(url, {"seat": 1, "action": {"type": "end_turn"}}), 201)


def test_a_judge_may_force_coins_in_a_service_match(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    player = judge.with_token(created["tokens"]["0"])
    url = f"/v1/matches/{match_id}/actions"
    assert_problem(player.post(url, {"seat": 0, "action": BUBBLE, "coins": ["tails"]}), 403)
    preview = ok(judge.post(f"/v1/matches/{match_id}/legality",
                            {"seat": 0, "action": BUBBLE, "coins": ["heads"]}))
    assert preview["legal"] and preview["preview"]["state"]["seats"][1]["active"][
        "conditions"] == ["paralyzed"]
    assert_problem(judge.post(f"/v1/matches/{match_id}/legality",
                              {"seat": 0, "action": BUBBLE, "coins": []}), 422)
    forced = ok(judge.post(url, {"seat": 0, "action": BUBBLE, "coins": ["tails"]}), 201)
    assert forced["event"]["payload"]["coins"] == ["tails"]
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert state["seats"][1]["active"]["conditions"] == []


def test_service_flips_are_recorded_in_the_event(judge):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    done = ok(judge.post(f"/v1/matches/{match_id}/actions", {"seat": 0, "action": BUBBLE}),
              201)
    assert len(done["event"]["payload"]["rng"]["coins"]) == 1
    assert "coins" not in done["event"]["payload"]


def test_legality_answers_without_appending(judge, store):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    player = judge.with_token(created["tokens"]["0"])
    url = f"/v1/matches/{match_id}/legality"
    legal = ok(player.post(url, {"seat": 0, "action": {"type": "attach_energy",
                                                       "card": "0:2", "target": "0:0"}}))
    assert legal["legal"] is True and legal["violations"] == [] and legal["seq"] == 1
    assert legal["preview"]["narration"]
    assert len(legal["preview"]["state"]["seats"][0]["active"]["energy"]) == 2
    illegal = ok(player.post(url, {"seat": 0, "action": {"type": "attach_energy",
                                                         "card": "0:3", "target": "0:0"}}))
    assert illegal["legal"] is False and illegal["preview"] is None
    assert illegal["violations"][0]["rule"].startswith("R-")
    ok(player.post(f"/v1/matches/{match_id}/actions",
                   {"seat": 0, "action": {"type": "end_turn"}}), 201)
    back_then = ok(player.post(url, {"seat": 0, "at": 1, "action": {"type": "end_turn"}}))
    assert back_then["legal"] is True and back_then["seq"] == 1
    assert_problem(player.post(url, {"seat": 0, "at": 9, "action": {"type": "end_turn"}}), 422)
    assert store.last_seq(match_id) == 2
    actions = ok(player.get(f"/v1/matches/{match_id}/legal-actions?at=1"))
    assert actions["seat"] == 0 and actions["seq"] == 1
    assert {"type": "end_turn", "label": "End the turn", "names": {}} in actions["actions"]
