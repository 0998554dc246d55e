"""Issue 43: a coin is reported in the reader's language — the words the coin field's label
shows and the cards print (pt-BR cara/coroa, es cara/cruz), in any case and with or without
accents — as well as heads/tails, and stored as heads/tails; the narration says it back in the
reader's words."""

from __future__ import annotations

import html
import re

import pytest

from app.session_cookie import CSRF_HEADER
from projections.coin_words import accepted_words, coin_side
from tests.api.conftest import api_app, judge, seed  # noqa: F401 - the API's fixtures
from tests.api.helpers import assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players
from tests.api.test_console import signed_in

BUBBLE = {"type": "attack", "attack": "Bubble", "choices": {}}
LABEL = re.compile(r'<label for="coins">(.*?)</label>', re.S)


@pytest.mark.parametrize(("word", "language", "side"), [
    ("cara", "pt-BR", "heads"), ("coroa", "pt-BR", "tails"), ("COROA", "pt-BR", "tails"),
    ("Córoa", "pt-BR", "tails"), ("cara", "es", "heads"), ("cruz", "es", "tails"),
    ("Cruz", "es", "tails"), ("heads", "es", "heads"), ("tails", "pt-BR", "tails"),
    ("heads", "en", "heads"),
])
def test_a_coin_in_the_readers_words_is_its_side(word, language, side):
    assert coin_side(word, language) == side


@pytest.mark.parametrize(("word", "language"), [
    ("coroa", "es"), ("cruz", "pt-BR"), ("cara", "en"), ("cruz", "en"), ("edge", "es"),
    ("", "pt-BR"), ("HEADS", "en"),
])
def test_other_words_name_no_side(word, language):
    assert coin_side(word, language) is None


def test_the_accepted_words_are_english_and_the_readers():
    assert accepted_words("en") == ["heads", "tails"]
    assert accepted_words("pt-BR") == ["heads", "tails", "cara", "coroa"]
    assert accepted_words("es") == ["heads", "tails", "cara", "cruz"]


def _reported(judge):  # noqa: F811
    created = create_match(judge, players=sandbox_players(), position=bubble(),
                           randomness="reported")
    return created["match_id"], judge.with_token(created["tokens"]["scorekeeper"]), created


@pytest.mark.integration
@pytest.mark.parametrize(("language", "word", "shown"), [("pt-BR", "coroa", "coroa"),
                                                         ("es", "cruz", "cruz"),
                                                         ("es", "CRUZ", "cruz")])
def test_a_tails_reported_in_the_readers_words_is_stored_as_tails(judge, language, word,  # noqa: F811
                                                                   shown):
    match_id, scorekeeper, _ = _reported(judge)
    done = ok(scorekeeper.post(f"/v1/matches/{match_id}/actions",
                               {"seat": 0, "action": BUBBLE, "coins": [word]},
                               headers={"Accept-Language": language}), 201)
    assert done["event"]["payload"]["coins"] == ["tails"]
    assert done["event"]["payload"]["rng"]["coins"] == ["tails"]
    assert any(shown in line for line in done["narration"]), done["narration"]
    events = ok(judge.get(f"/v1/matches/{match_id}/events?from=2"))
    assert events[0]["payload"]["coins"] == ["tails"]
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert state["seats"][1]["active"]["conditions"] == []


@pytest.mark.integration
def test_another_languages_word_is_refused_naming_the_words_accepted(judge):  # noqa: F811
    match_id, scorekeeper, _ = _reported(judge)
    refused = assert_problem(scorekeeper.post(f"/v1/matches/{match_id}/actions",
                                              {"seat": 0, "action": BUBBLE, "coins": ["coroa"]},
                                              headers={"Accept-Language": "es"}), 422)
    said = str(refused["errors"]["json"]["coins"])
    assert "cruz" in said and "cara" in said, said
    ok(scorekeeper.post(f"/v1/matches/{match_id}/actions",
                        {"seat": 0, "action": BUBBLE, "coins": ["cara"]},
                        headers={"Accept-Language": "pt-BR"}), 201)


@pytest.mark.integration
@pytest.mark.parametrize("language", ["pt-BR", "es"])
def test_the_console_coin_field_accepts_its_labels_words(api_app, judge, language):  # noqa: F811
    """The page's label names the sides in its language; what the page's script sends (the
    words as typed, with the page's language as Accept-Language) is accepted."""
    match_id, _, created = _reported(judge)
    browser, csrf = signed_in(api_app, created["tokens"]["scorekeeper"])
    page = browser.get(f"/console/matches/{match_id}?lang={language}")
    assert page.status_code == 200
    label = html.unescape(LABEL.search(page.get_data(True)).group(1))
    heads, tails = re.search(r"\((\w+)/(\w+)", label).groups()
    assert (coin_side(heads, language), coin_side(tails, language)) == ("heads", "tails"), label
    done = browser.post(f"/v1/matches/{match_id}/actions",
                        json={"seat": 0, "action": BUBBLE, "coins": [tails.capitalize()]},
                        headers={CSRF_HEADER: csrf, "Accept-Language": language})
    assert done.status_code == 201, done.get_data(True)
    assert done.get_json()["event"]["payload"]["coins"] == ["tails"]
