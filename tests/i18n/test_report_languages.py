"""The HTML report (GET /v1/matches/{id}/report, `referee export --html`) in English, Brazilian
Portuguese and Spanish: every fixed sentence and heading in the language asked for, `<html lang>`
saying which, the same events, rows, voided marks and rule ids in every language."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from projections.i18n import gettext
from tests.api.conftest import api_app, head_judge, judge, seed  # noqa: F401 - the API's fixtures
from tests.api.test_judge_narration import _judged_match

pytestmark = pytest.mark.integration

LANGUAGES = ("pt-BR", "es")
RULE_ID = re.compile(r"\b[RJT]-[A-Z]+-\d+[a-z]?\b")
# Fixed sentences and headings of the report (projections/report.py), and a data word.
FIXED = ("Players and decks", "Prize cards and damage by turn", "Disputes, rulings and penalties",
         "Timeline", "Penalties", "what happened", "Prize cards left", "Damage on Pokémon in play",
         "Audit: hash chain intact", "replay matches", "Warning", "Game Play Error", "upheld",
         "overturned")


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang: str | None = None
        self.rows: dict[str, str] = {}
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag == "tr" and (attrs.get("id") or "").startswith("seq-"):
            self.rows[attrs["id"]] = attrs.get("class") or ""

    def handle_data(self, data):
        self.text.append(data)


def _report(judge, match_id, **ask):  # noqa: F811
    query = f"?lang={ask['lang']}" if "lang" in ask else ""
    headers = {"Accept-Language": ask["accept"]} if "accept" in ask else None
    response = judge.get(f"/v1/matches/{match_id}/report{query}", headers=headers)
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = Page()
    page.feed(response.get_data(True))
    page.close()
    return response, page, " ".join(page.text)


@pytest.fixture
def judged(judge, head_judge):  # noqa: F811
    match_id, _created, _answers = _judged_match(judge, head_judge)
    return match_id


def test_the_english_report_says_so(judge, judged):  # noqa: F811
    response, page, text = _report(judge, judged)
    assert page.lang == "en" and response.headers["Content-Language"] == "en"
    for words in FIXED:
        assert words in text, words


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_report_reads_in_each_language_with_the_same_rule_ids(judge, judged, language):  # noqa: F811
    _, english, english_text = _report(judge, judged)
    for ask in ({"lang": language}, {"accept": language}):
        response, page, text = _report(judge, judged, **ask)
        assert page.lang == language and response.headers["Content-Language"] == language
        assert page.rows == english.rows                  # the same events, voided alike
        assert sorted(RULE_ID.findall(text)) == sorted(RULE_ID.findall(english_text))
        for words in FIXED:
            translated = gettext(words, language)
            assert translated != words and translated in text, (language, words)
        for heading in ("Players and decks", "Disputes, rulings and penalties",
                        "Prize cards and damage by turn", "what happened"):
            assert heading not in text, heading
        # the players' names as they are; the log's ids (the penalty's machine ids, event
        # types) are not shown to people (issue 44): their words are
        for kept in ("Ana", "Beto"):
            assert kept in text, kept
        for engine_word in ("game_play_error_minor", "RulingIssued", "ActionTaken"):
            assert engine_word not in text, engine_word


def test_the_report_of_a_language_asked_for_by_the_exporter(judged, store):
    """`render_html(..., language=)` (what `referee export --html --lang` may call) needs no
    request: the same page as the API's in that language, and the language is given back."""
    from projections.messages import current_language
    from projections.report import render_html

    events = store.read(judged)
    english = render_html(judged, events)
    spanish = render_html(judged, events, language="es")
    assert current_language() == "en"
    assert '<html lang="en">' in english and '<html lang="es">' in spanish
    assert gettext("Players and decks", "es") in spanish and "Players and decks" not in spanish
    assert sorted(RULE_ID.findall(english)) == sorted(RULE_ID.findall(spanish))
