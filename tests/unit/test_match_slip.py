"""The match slip's contents (app.match_slip): the event a match belongs to, each game's result
and the match's (R-MATCH-1), and what the match does not know yet read as unknown."""

from __future__ import annotations

from app.match_slip import _event_id, _games, slip
from app.visibility import Reader

NAMES = ["Ana", "Beto"]


def test_the_event_is_the_one_the_players_lists_were_registered_for():
    assert _event_id({"players": [{"name": "Ana"}, {"name": "Beto"}]}) is None
    assert _event_id({"players": [{"name": "Ana", "registration": {"event_id": "regional-sp", "id": "r1"}},
                                  {"name": "Beto"}]}) == "regional-sp"
    assert _event_id({"event_id": "league-7", "players": []}) == "league-7"


def test_R_MATCH_1_each_game_and_the_one_under_way():
    playing = {"status": "playing", "best_of": 3, "game_number": 2,
               "games": [{"game": 1, "winner": 1, "reason": "R-WIN-1", "draw": False}]}
    games = _games(playing, NAMES)
    assert [(g["game"], g["over"], g["winner_name"]) for g in games] == [(1, True, "Beto"), (2, False, None)]
    assert "Beto" in str(games[0]["how"])
    drawn = {"status": "finished", "best_of": 3,
             "games": [{"game": 1, "winner": 0, "reason": "R-WIN-1"}, {"game": 2, "winner": 1, "reason": "R-WIN-1"},
                       {"game": 3, "winner": None, "reason": "J-TIME-1", "draw": True}]}
    assert [g["draw"] for g in _games(drawn, NAMES)] == [False, False, True]
    single = {"status": "finished", "result": {"winner": 0, "reason": "R-WIN-1"}}
    [game] = _games(single, NAMES)
    assert game["over"] and game["winner_name"] == "Ana"
    assert _games({"status": "playing"}, NAMES) == [
        {"game": 1, "over": False, "winner": None, "winner_name": None, "draw": False, "how": None}]


def test_a_slip_says_unknown_for_what_the_match_does_not_know():
    created = {"seq": 1, "type": "MatchCreated", "recorded_at": "2026-12-07T13:00:00Z",
               "actor": {"subject": "Judge Judy", "role": "judge"},
               "payload": {"players": [{"name": "Ana"}, {"name": "Beto"}]}}
    summary = {"match_id": "m1", "status": "playing", "players": [{"name": "Ana"}, {"name": "Beto"}],
               "created_at": "2026-12-07T13:00:00Z", "ruleset": "base-1999", "table": None}
    shown = slip(summary, [created], Reader("player", 0), "Asia/Tokyo")
    assert shown["round"] is None and shown["event_id"] is None and shown["table"] is None
    assert shown["date"] == "2026-12-07 22:00" and shown["time_zone"] == "Asia/Tokyo"
    assert shown["judges"] == ["Judge Judy"] and shown["penalties"] == []
    assert not shown["result"]["over"]
