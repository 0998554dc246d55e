"""R-MATCH-1..3 through the API: a best-of-three match, its games in one log, the loser
choosing who goes first, a Game Loss carried into the next game, time extensions, time
called between games, and every tool (state, rewind, audit) across the games."""

from __future__ import annotations

import pytest

from tests.api.helpers import assert_problem, create_match, ok

pytestmark = pytest.mark.integration


def _penalty(judge, match_id: str, seat: int, level: str = "game_loss") -> dict:
    return ok(judge.post(f"/v1/matches/{match_id}/penalties",
                         {"seat": seat, "infraction": "unsporting_conduct_major", "level": level}), 201)


def _set_up(judge, match_id: str) -> None:
    for seat in (0, 1):
        listed = ok(judge.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}"))["actions"]
        setup = next(a for a in listed if a["type"] == "setup")
        ok(judge.post(f"/v1/matches/{match_id}/actions", {"seat": seat, "action": setup}), 201)


def test_R_MATCH_1_R_MATCH_3_a_game_loss_between_games_is_the_next_games(judge):
    created = create_match(judge, format={"sets": "era", "games": 3})
    match_id = created["match_id"]
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["best_of"] == 3 and summary["score"] == "0-0" and summary["games"] == []
    _set_up(judge, match_id)

    _penalty(judge, match_id, seat=0)               # game 1 lost by seat 0, during the game
    between = ok(judge.get(f"/v1/matches/{match_id}"))
    assert between["status"] == "playing" and between["score"] == "0-1"
    assert between["chooser"] == 0                   # the loser chooses (R-MATCH-1)
    assert ok(judge.get(f"/v1/matches/{match_id}/state"))["phase"] == "between_games"
    listed = ok(judge.get(f"/v1/matches/{match_id}/legal-actions?seat=0"))["actions"]
    assert {(a["type"], a.get("first")) for a in listed} == {
        ("choose_first", 0), ("choose_first", 1), ("concede", None)}
    assert next(a for a in listed if a.get("first") == 1)["label"].startswith("Seat 1 (Beto) goes first")
    refused = assert_problem(judge.post(f"/v1/matches/{match_id}/actions",
                                        {"seat": 1, "action": {"type": "choose_first", "first": 1}}), 409)
    assert refused["violations"][0]["rule"] == "R-MATCH-1"

    _penalty(judge, match_id, seat=1)               # given between games: game 2 is seat 1's loss
    after = ok(judge.get(f"/v1/matches/{match_id}"))
    assert after["score"] == "1-1" and [g["game"] for g in after["games"]] == [1, 2]
    assert after["games"][1] == {"game": 2, "winner": 0, "reason": "R-MATCH-3", "draw": False}
    assert after["chooser"] == 1

    chosen = ok(judge.post(f"/v1/matches/{match_id}/actions",
                           {"seat": 1, "action": {"type": "choose_first", "first": 1}}), 201)
    assert any("chooses Seat 1 (Beto) to go first in game 3" in line for line in chosen["narration"])
    game3 = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert game3["phase"] == "setup" and game3["game_number"] == 3
    assert all(len(s["hand"]) == 7 and len(s["discard"]) == 0 for s in game3["seats"])
    _set_up(judge, match_id)
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert state["seat_to_act"] == 1 and state["turn"] == 1   # the chosen player goes first

    ok(judge.post(f"/v1/matches/{match_id}/actions", {"seat": 0, "action": {"type": "concede"}}), 201)
    final = ok(judge.get(f"/v1/matches/{match_id}"))
    assert final["status"] == "finished" and final["winner"] == 1 and final["score"] == "1-2"
    assert final["how"] == "R-MATCH-2"
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]

    # one log for the whole match: the board of game 1 is still there, and a rewind into it works
    timeline = ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    first_setup = next(e["seq"] for e in timeline if e["type"] == "ActionTaken")
    assert ok(judge.get(f"/v1/matches/{match_id}/state?at={first_setup}"))["game_number"] == 1
    ok(judge.post(f"/v1/matches/{match_id}/rewind", {"to_seq": first_setup, "reason": "misrecorded"}), 201)
    back = ok(judge.get(f"/v1/matches/{match_id}"))
    assert back["score"] == "0-0" and back["game_number"] == 1 and back["games"] == []


def test_R_MATCH_2_time_called_between_games_ends_the_match_on_the_games_played(judge):
    match_id = create_match(judge, format={"games": 3})["match_id"]
    _set_up(judge, match_id)
    _penalty(judge, match_id, seat=1)                # game 1 to seat 0
    ok(judge.post(f"/v1/matches/{match_id}/clock", {"do": "start", "minutes": 50}), 201)
    ok(judge.post(f"/v1/matches/{match_id}/clock",
                  {"do": "extend", "minutes": 4, "reason": "deck check after game 1"}), 201)
    assert ok(judge.get(f"/v1/matches/{match_id}"))["clock"]["extended_minutes"] == 4
    called = ok(judge.post(f"/v1/matches/{match_id}/time", {}), 201)
    assert any("match ends on the games played" in line for line in called["narration"])
    final = ok(judge.get(f"/v1/matches/{match_id}"))
    assert final["status"] == "finished" and final["winner"] == 0 and final["score"] == "1-0"


def test_R_MATCH_3_a_match_loss_ends_the_match_at_once(judge):
    match_id = create_match(judge, format={"games": 3})["match_id"]
    _set_up(judge, match_id)
    _penalty(judge, match_id, seat=0, level="match_loss")
    final = ok(judge.get(f"/v1/matches/{match_id}"))
    assert final["status"] == "finished" and final["winner"] == 1 and final["how"] == "R-MATCH-3"


def test_a_match_is_best_of_one_or_three_and_says_so(judge):
    for bad in ({"games": 2}, {"games": "3"}, {"sets": "modern"}, {"games": 3, "x": 1}, 3):
        assert_problem(judge.post("/v1/matches", {"players": [
            {"name": "Ana", "deck_name": "fire-fighting"}, {"name": "Beto", "deck_name": "grass-psychic"}],
            "format": bad}), 422)
    single = create_match(judge, format="era")["match_id"]
    assert "best_of" not in ok(judge.get(f"/v1/matches/{single}"))
    refused = assert_problem(judge.post("/v1/matches", {"game": "tfg", "ruleset": "tfg-6v6", "format": {"games": 3},
                                                        "players": [{"name": "Ana", "deck": ["Ekans"] * 6},
                                                                    {"name": "Beto", "deck": ["Ekans"] * 6}]}), 422)
    assert "best of 1" in str(refused["errors"])
