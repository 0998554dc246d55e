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
