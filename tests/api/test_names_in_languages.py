"""Through the API (issue 43 items 3 and 4): a deck list pasted from TCG Live in Portuguese
registers as its English twin's 60 cards, a line that matches nothing is a 422 naming its line,
and a card reads in the language asked (`?lang=`) as it is printed there, its facts English."""

from __future__ import annotations

import pytest

from tests.api.conftest import api_app, judge, seed  # noqa: F401 - the API's fixtures
from tests.api.helpers import assert_problem, ok
from tests.engine.test_names_in_languages import ENGLISH, PORTUGUESE

pytestmark = pytest.mark.integration

EVENT = "/v1/events/2026-regional-rj/decklists"


def test_R_DECK_1_a_portuguese_tcg_live_list_registers_as_its_english_twin(judge):  # noqa: F811
    body = {"name": "Ana", "ruleset": "modern", "format": "unlimited"}
    english = ok(judge.post(EVENT, {**body, "player_id": "111", "decklist": ENGLISH}), 201)
    portuguese = ok(judge.post(EVENT, {**body, "player_id": "222", "decklist": PORTUGUESE}), 201)
    assert len(portuguese["cards"]) == 60 and sorted(portuguese["cards"]) == sorted(english["cards"])


def test_R_DECK_1_a_line_that_matches_nothing_is_a_422_naming_its_line(judge):  # noqa: F811
    bad = PORTUGUESE.replace("4 Ultra Bola SVI 196", "4 Ultra Bola SVI 181")
    refused = assert_problem(judge.post(EVENT, {"player_id": "111", "name": "Ana", "ruleset": "modern",
                                                "decklist": bad}), 422)
    problems = refused["errors"]["json"]["players"]["0"]["decklist"]
    assert any("line 15" in p and "Ultra Bola" in p and "SVI 181" in p for p in problems), problems
    assert ok(judge.get(EVENT))["total"] == 0


def test_a_card_reads_in_the_language_asked_with_its_english_facts(judge):  # noqa: F811
    english = ok(judge.get("/v1/cards/sv1-196"))
    portuguese = ok(judge.get("/v1/cards/sv1-196?lang=pt-BR"))
    assert english["name"] == "Ultra Ball" and portuguese["name"] == "Ultra Bola"
    assert {k: v for k, v in portuguese.items() if k != "name"} == {k: v for k, v in english.items() if k != "name"}
    gardevoir = ok(judge.get("/v1/cards/sv1-86?lang=es"))
    assert gardevoir["attacks"][0]["name"] == "Fuerza Milagrosa" and gardevoir["hp"] == 310
    assert gardevoir["attacks"][0]["damage"] == "190"
    assert ok(judge.get("/v1/cards/base1-4?lang=pt-BR"))["name"] == "Charizard"   # no localized print
    listed = ok(judge.get("/v1/cards?lang=pt-BR"))["cards"]
    assert next(c for c in listed if c["id"] == "sv1-196")["name"] == "Ultra Bola"
