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


def test_R_TRAINER_1_a_modern_game_narrated_in_pt_BR_names_ultra_bola(judge):  # noqa: F811
    """A hand card named in Portuguese is played; the timeline names it as the card is printed
    in the language read, and the stored event is the same whichever."""
    position = {
        "turn": 3, "seat_to_act": 0, "phase": "main",
        "seats": [
            {"active": {"card": "sv1-13"}, "bench": [], "hand": ["sv1-196", "sve-2", "sve-3"],
             "deck": ["sv1-15", "sve-1", "sve-1"], "discard": [], "prizes": ["sve-1"] * 6},
            {"active": {"card": "sv1-33"}, "bench": [], "hand": [], "deck": ["sve-2"] * 5, "discard": [],
             "prizes": ["sve-2"] * 6}],
    }
    created = ok(judge.post("/v1/matches", {"ruleset": "modern", "players": [{"name": "Ana"}, {"name": "Beto"}],
                                            "position": position}), 201)
    match_id, keeper = created["match_id"], judge.with_token(created["tokens"]["scorekeeper"])
    hand = created["state"]["seats"][0]["hand"]
    deck = created["state"]["seats"][0]["deck"]
    action = {"type": "play_trainer", "card": "Ultra Bola", "targets": [],
              "choices": {"cards": [hand[1]["instance"], hand[2]["instance"]], "search": [deck[0]["instance"]]}}
    ok(keeper.post(f"/v1/matches/{match_id}/actions?lang=pt-BR", {"seat": 0, "action": action}), 201)
    read = {lang: [line for entry in ok(judge.get(f"/v1/matches/{match_id}/timeline?lang={lang}"))
                   for line in entry["narration"]] for lang in ("en", "pt-BR", "es")}
    assert any("Ultra Ball" in line for line in read["en"]), read["en"]
    assert any("Ultra Bola" in line for line in read["pt-BR"]) and not any("Ultra Ball" in line
                                                                          for line in read["pt-BR"])
    assert any("Ultra Ball" in line for line in read["es"])      # the Spanish card prints "Ultra Ball"
    events = {lang: ok(judge.get(f"/v1/matches/{match_id}/events?lang={lang}")) for lang in ("en", "pt-BR")}
    assert [e["payload"] for e in events["en"]] == [e["payload"] for e in events["pt-BR"]]
    assert events["en"][-1]["payload"]["action"]["card"] == hand[0]["instance"]
