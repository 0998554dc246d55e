"""A paper game's questions at the console (``/console/matches/<id>/paper/<seat>``): what a card
named from the hand may do, answered as buttons for the reader's own seats only; hostile
questions get a 4xx page, never a 500; a player's page offers its own deck list only."""

from __future__ import annotations

import json
import re

import pytest

from projections.tcg import decks
from tests.api.helpers import ok
from tests.api.test_console import signed_in

pytestmark = pytest.mark.integration

ANA, BETO = decks.shipped_deck("sv-charizard-pidgeot"), decks.shipped_deck("sv-gardevoir-ex")


@pytest.fixture
def paper_match(judge) -> dict:
    created = ok(judge.post("/v1/matches", {
        "ruleset": "modern", "randomness": "table", "format": {"sets": "era"},
        "players": [{"name": "Ana", "deck": ANA}, {"name": "Beto", "deck": BETO}]}), 201)
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    base = f"/v1/matches/{created['match_id']}/actions"
    for body in ({"seat": 0, "action": {"type": "choose_first", "first": 0}},      # Ana won the flip (R-SETUP-6)
                 {"seat": 0, "action": {"type": "setup", "active": "sv3-26", "bench": ["sv3-162"]}},
                 {"seat": 1, "action": {"type": "setup", "active": "sv1-84"}},
                 {"seat": 0, "action": {"type": "draw"}}):
        ok(scorekeeper.post(base, body), 201)
    return created


def _buttons(html: str) -> list[dict]:
    return [json.loads(a.replace("&#34;", '"').replace("&quot;", '"'))
            for a in re.findall(r'data-action="([^"]*)"', html)]


def test_a_card_named_from_the_hand_is_offered_as_buttons_naming_it_by_card_id(api_app, paper_match):
    browser, _ = signed_in(api_app, paper_match["tokens"]["scorekeeper"])
    path = f"/console/matches/{paper_match['match_id']}/paper/0"
    answer = browser.get(f"{path}?play=sve-2")
    assert answer.status_code == 200
    html = answer.get_data(True)
    assert {b["type"] for b in _buttons(html)} == {"attach_energy"}
    assert {b["card"] for b in _buttons(html)} == {"sve-2"}
    assert "Charmander (Active)" in html and "Pidgey (Bench 1)" in html and ":u" not in re.sub(
        r'data-action="[^"]*"', "", html)
    unlisted = browser.get(f"{path}?play=sv1-84").get_data(True)      # Beto's Ralts: not Ana's list
    assert "not in the deck list" in unlisted and not _buttons(unlisted)
    too_many = browser.get(f"{path}?play=sv3-26&with=sv3-26&with=sv3-26").get_data(True)
    assert "no more copies" in too_many and not _buttons(too_many)
    # on Ana's turn Beto's cards an action draws or takes (Iono, a Knock Out) are named in his panel
    page = browser.get(f"/console/matches/{paper_match['match_id']}").get_data(True)
    assert 'id="paper-1-drew"' in page and 'id="paper-1-prizes"' in page and 'id="paper-1-card"' not in page
    # and either seat's deck shuffled at the table, with no action saying so, is one button
    shuffles = [b for b in _buttons(page) if b["type"] == "shuffle"]
    assert shuffles == [{"type": "shuffle", "zone": "deck"}] * 2
    assert 'id="paper-0-shuffle" data-seat="0"' in page and 'id="paper-1-shuffle" data-seat="1"' in page


@pytest.mark.parametrize("query", ["", "?play=sve-2&found=sve-2", "?play=sve-2&play=sv3-26",
                                   "?found=" + "x" * 41, "?found=sve-2" + "&found=sve-2" * 60])
def test_hostile_questions_get_a_422_page(api_app, paper_match, query):
    browser, _ = signed_in(api_app, paper_match["tokens"]["scorekeeper"])
    answer = browser.get(f"/console/matches/{paper_match['match_id']}/paper/0{query}")
    assert answer.status_code == 422


def test_R_TABLE_4_a_player_asks_for_its_own_seat_only_and_reads_its_own_deck_list(api_app, paper_match):
    browser, _ = signed_in(api_app, paper_match["tokens"]["1"])
    match_id = paper_match["match_id"]
    assert browser.get(f"/console/matches/{match_id}/paper/0?play=sve-2").status_code == 403
    page = browser.get(f"/console/matches/{match_id}").get_data(True)
    assert 'id="paper-1"' in page and 'id="paper-0"' not in page
    only_anas = set(ANA) - set(BETO)
    assert not {c for c in only_anas if f'data-card="{c}"' in page}


def test_R_SETUP_6_before_a_modern_paper_game_either_seat_reports_winning_the_flip_and_its_choice(
        api_app, judge):
    created = ok(judge.post("/v1/matches", {
        "ruleset": "modern", "randomness": "table", "format": {"sets": "era"},
        "players": [{"name": "Ana", "deck": ANA}, {"name": "Beto", "deck": BETO}]}), 201)
    browser, _ = signed_in(api_app, created["tokens"]["scorekeeper"])
    page = browser.get(f"/console/matches/{created['match_id']}").get_data(True)
    offered = [b for b in _buttons(page) if b["type"] == "choose_first"]
    assert len(offered) == 4 and page.count("Won the coin flip: Seat 1 (Beto) goes first") == 2
    assert 'id="paper-0-setup"' not in page                    # no hand is drawn before the choice
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    ok(scorekeeper.post(f"/v1/matches/{created['match_id']}/actions",
                        {"seat": 1, "action": {"type": "choose_first", "first": 0}}), 201)
    page = browser.get(f"/console/matches/{created['match_id']}").get_data(True)
    assert 'id="paper-0-setup"' in page and "wins the flip and chooses who goes first" in page
    assert 'class="first-player"' not in page                  # the flip is no longer the last setup's
