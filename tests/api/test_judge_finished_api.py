"""What the console's judging needs from the API (issue 44 items 3 and 4): the level the
guidelines recommend beside every penalty given (J-PENALTY-2), the penalties on the match
list, and the report read in a time zone, its decks grouped, without the log's ids."""

from __future__ import annotations

import html
import re

import pytest

from tests.api.helpers import assert_problem, create_match, ok

pytestmark = pytest.mark.integration

PLAYERS = [{"name": "Ana", "deck_name": "fire-fighting", "player_id": "1234567"},
           {"name": "Beto", "deck_name": "grass-psychic", "player_id": "7654321"}]


def test_J_PENALTY_2_a_penalty_answers_the_level_the_guidelines_recommend(judge):
    match_id = create_match(judge, players=PLAYERS)["match_id"]
    body = {"seat": 1, "infraction": "Game Play Error: Major", "level": "warning"}
    previewed = ok(judge.post(f"/v1/matches/{match_id}/penalties", {**body, "dry_run": True}))
    advice = previewed["penalty"]
    assert advice["recommended_level"] == "double_prize"
    assert advice["recommended_level_label"] == "Double Prize Card"
    assert advice["level_given_is"] == "below" and advice["suggested_level"] is None
    given = ok(judge.post(f"/v1/matches/{match_id}/penalties", body), 201)["penalty"]
    assert given["recommended_level"] == "double_prize"
    again = ok(judge.post(f"/v1/matches/{match_id}/penalties",
                          {**body, "level": "double_prize", "dry_run": True}))["penalty"]
    assert again["level_given_is"] == "same" and again["suggested_level"] == "double_prize"
    recommended = {r["infraction"]: r for r in ok(judge.get("/v1/penalties"))["recommended"]}
    assert recommended["cheating_minor"]["level"] == "disqualification"
    assert recommended["game_play_error_major"]["level_label"] == "Double Prize Card"
    history = ok(judge.get("/v1/players/7654321/penalties"))["penalties"]
    assert history[0]["recommended_level"] == "double_prize"


def test_the_match_list_shows_each_matchs_penalties(judge):
    match_id = create_match(judge, players=PLAYERS)["match_id"]
    ok(judge.post(f"/v1/matches/{match_id}/penalties",
                  {"seat": 0, "infraction": "tardiness", "level": "caution"}), 201)
    listed = {m["match_id"]: m for m in ok(judge.get("/v1/matches"))["matches"]}
    [penalty] = listed[match_id]["penalties"]
    assert penalty["seat"] == 0 and penalty["level"] == "caution" and penalty["status"] == "standing"


def test_the_report_reads_in_a_time_zone_with_grouped_decks_and_no_ids(judge):
    created = create_match(judge, players=PLAYERS, table=4)
    match_id = created["match_id"]
    ok(judge.post(f"/v1/matches/{match_id}/penalties",
                  {"seat": 0, "infraction": "procedural_error_minor", "level": "caution"}), 201)
    refused = assert_problem(judge.get(f"/v1/matches/{match_id}/report?tz=Mars/Olympus"), 422)
    assert "tz" in str(refused.get("errors")), refused
    page = judge.get(f"/v1/matches/{match_id}/report?tz=America/Sao_Paulo")
    assert page.status_code == 200
    text = html.unescape(re.sub(r"<[^>]+>", " ", page.get_data(True).split("</style>", 1)[1]))
    assert "times in America/Sao_Paulo" in text and "Table 4" in text
    for group in ("Pokémon (", "Trainer (", "Energy ("):
        assert group in text, group
    assert "Procedural Error (Minor)" in text and "Caution" in text
    for engine_word in ("procedural_error_minor", "PenaltyIssued", "MatchCreated", "ActionTaken",
                        "engine", "base1-"):
        assert engine_word not in text, engine_word
    utc = html.unescape(judge.get(f"/v1/matches/{match_id}/report").get_data(True))
    assert "times in UTC" in utc


def test_R_MATCH_1_the_slip_says_each_games_result_and_the_matchs_to_every_reader(judge):
    from tests.api.positions import bubble, sandbox_players

    players = [{**p, "player_id": pid, "division": division}
               for p, pid, division in zip(sandbox_players(), ("111", "222"), ("junior", "masters"),
                                           strict=True)]
    created = create_match(judge, players=players, position=bubble(), table=9)
    match_id = created["match_id"]
    ok(judge.post(f"/v1/matches/{match_id}/penalties",
                  {"seat": 1, "infraction": "cheating", "level": "disqualification",
                   "notes": "Marked cards"}), 201)
    assert_problem(judge.get(f"/v1/matches/{match_id}/slip?tz=Nowhere/Land"), 422)
    slip = ok(judge.get(f"/v1/matches/{match_id}/slip?tz=Europe/Lisbon"))
    assert slip["table"] == 9 and slip["round"] is None and slip["event_id"] is None
    assert slip["time_zone"] == "Europe/Lisbon" and slip["best_of"] == 1
    assert [(p["name"], p["player_id"], p["division"]) for p in slip["players"]] == [
        ("Ana", "111", "junior"), ("Beto", "222", "masters")]
    # the Disqualification ended the match: Ana won it
    assert slip["result"]["over"] and slip["result"]["winner"] == 0 and slip["result"]["winner_name"] == "Ana"
    [game] = slip["games"]
    assert game["over"] and game["winner"] == 0 and "J-PENALTY-1" in game["how"]
    [penalty] = slip["penalties"]
    assert penalty["level_label"] == "Disqualification" and penalty["judge"] == "Judge Judy"
    assert slip["judges"] == ["Judge Judy"]
    # a player reads the same slip; the judges' notes are on nobody's
    player = ok(judge.with_token(created["tokens"]["1"]).get(f"/v1/matches/{match_id}/slip?tz=Europe/Lisbon"))
    assert player == slip
    assert "Marked cards" not in str(slip)
    assert_problem(judge.get("/v1/matches/0123456789abcdef/slip"), 404)


def test_a_best_of_three_slip_lists_the_games_played_and_the_one_to_come(judge):
    created = create_match(judge, players=PLAYERS, format={"games": 3})
    match_id = created["match_id"]
    slip = ok(judge.get(f"/v1/matches/{match_id}/slip"))
    assert slip["best_of"] == 3 and slip["time_zone"] == "UTC"
    assert [(g["game"], g["over"]) for g in slip["games"]] == [(1, False)]
    assert not slip["result"]["over"]
    # a Game Loss ends game 1; game 2 is the next to play
    ok(judge.post(f"/v1/matches/{match_id}/penalties",
                  {"seat": 0, "infraction": "unsporting_conduct_major", "level": "game_loss"}), 201)
    slip = ok(judge.get(f"/v1/matches/{match_id}/slip"))
    games = slip["games"]
    assert games[0]["over"] and games[0]["winner_name"] == "Beto"
    assert games[-1] == {"game": 2, "over": False, "winner": None, "winner_name": None, "draw": False,
                         "how": None}


def test_a_pokemon_tile_shows_hp_left_and_the_printed_hp_when_effects_change_it(api_app):
    """R-INPLAY-1: the HP the board shows is the Pokémon's HP with the effects in play; the
    printed HP is said beside it only where it differs."""
    with api_app.test_request_context("/"):
        from flask import render_template_string

        tile = ('{% from "console/_cards.html" import pokemon_tile %}{{ pokemon_tile(p, "active") }}')
        boosted = render_template_string(tile, p={"instance": "0:1", "name": "Pikachu", "hp": 80,
                                                  "printed_hp": 60, "damage": 30})
        plain = render_template_string(tile, p={"instance": "0:2", "name": "Pikachu", "hp": 60,
                                                "printed_hp": 60, "damage": 0})
        face_down = render_template_string(tile, p={"face_down": True})   # R-SETUP-4
    assert "HP 50/80" in boosted and "printed HP 60; effects make it 80" in boosted
    assert "3 damage counters" in boosted
    assert "HP" not in face_down
    assert "HP 60/60" in plain and "printed HP" not in plain and "damage" not in plain.split("</span>", 2)[-1]


def test_the_console_slip_refuses_an_unknown_time_zone_and_reads_in_the_pages_language(api_app, judge):
    from tests.api.test_console import signed_in

    created = create_match(judge, players=PLAYERS, table=2)
    match_id = created["match_id"]
    browser, _ = signed_in(api_app, created["tokens"]["1"])
    refused = browser.get(f"/console/matches/{match_id}/slip?tz=Mars/Olympus")
    assert refused.status_code == 422 and "Mars/Olympus" in refused.get_data(True)
    spanish = browser.get(f"/console/matches/{match_id}/slip?tz=America/Sao_Paulo&lang=es")
    text = spanish.get_data(True)
    assert spanish.status_code == 200 and '<html lang="es">' in text
    assert "Hoja de resultado de la partida" in text and "Firma de Ana (asiento 0)" in text
    assert "America/Sao_Paulo" in text
