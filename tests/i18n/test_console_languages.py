"""The console in Brazilian Portuguese and Spanish: `<html lang>`, the header's language picker
(`?lang=`, remembered by a cookie across pages, before Accept-Language), the pages' words and
the script's from the catalogues, the narration and refusals from the API edge in the page's
language, the report link in it; the legal actions grouped in any language."""

from __future__ import annotations

import html
import json
import re

import pytest

from app.console import LANGUAGE_COOKIE
from app.console.i18n import DATA_WORDS, SCRIPT_MESSAGES
from projections.i18n import gettext, ngettext, translations
from tests.api.conftest import api_app, judge, seed  # noqa: F401 - the API's fixtures
from tests.api.helpers import create_match, ok
from tests.api.test_console import signed_in
from tests.browser.test_judge_console import log_actions

pytestmark = pytest.mark.integration

LANGUAGES = ("pt-BR", "es")
HTML_LANG = re.compile(r'<html lang="([^"]+)">')
MESSAGES = re.compile(r'<script type="application/json" id="messages">(.*?)</script>', re.S)


def _lang(page) -> str:
    return HTML_LANG.search(page.get_data(True)).group(1)


def _words(page) -> str:
    return html.unescape(page.get_data(True))


@pytest.fixture
def game(judge):  # noqa: F811
    created = create_match(judge)
    log_actions(judge.with_token(created["tokens"]["scorekeeper"]), created["match_id"], 6)
    return created


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sign_in_page_in_each_language_with_the_picker(api_app, language):  # noqa: F811
    browser = api_app.test_client()
    page = browser.get(f"/?lang={language}")
    assert page.status_code == 200 and _lang(page) == language
    assert page.headers["Content-Language"] == language
    text = _words(page)
    for words in ("Sign in", "Pokémon referee", "Paste the token you were given (judge, scorekeeper, "
                  "player or admin). The page shows what that token may see and do."):
        assert gettext(words, language) != words and gettext(words, language) in text, words
    # the picker: every language, named in itself, this one marked, on this very page
    picker = re.search(r'<nav class="languages".*?</nav>', page.get_data(True), re.S).group(0)
    for tag, name in (("en", "English"), ("pt-BR", "Português (Brasil)"), ("es", "Español")):
        assert f'href="/?lang={tag}"' in picker and f'hreflang="{tag}"' in picker and name in picker
    assert re.search(rf'data-lang="{language}" aria-current="true"', picker)
    cookie = page.headers["Set-Cookie"]
    assert cookie.startswith(f"{LANGUAGE_COOKIE}={language}") and "Path=/" in cookie
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    # a failed sign-in answers in the same language
    refused = browser.post("/console/sign-in", data={"token": "nope"})
    assert refused.status_code == 401 and _lang(refused) == language
    assert gettext("That token is unknown or was revoked.", language) in _words(refused)


def test_the_choice_is_kept_across_pages_and_beats_accept_language(api_app, judge, game):  # noqa: F811
    browser, _ = signed_in(api_app, judge.token)
    assert _lang(browser.get("/console/tables")) == "en"
    assert _lang(browser.get("/console/tables", headers={"Accept-Language": "es-MX,es;q=0.9"})) == "es"
    assert _lang(browser.get("/console/tables?lang=pt-BR")) == "pt-BR"          # remembered
    match_id = game["match_id"]
    for path in ("/console/tables", f"/console/matches/{match_id}",
                 f"/console/matches/{match_id}/fragment", "/console/tables/fragment"):
        page = browser.get(path, headers={"Accept-Language": "es"})
        assert page.status_code == 200 and page.headers["Content-Language"] == "pt-BR", path
    assert _lang(browser.get(f"/console/matches/{match_id}?lang=es")) == "es"  # lang wins
    assert _lang(browser.get("/console/tables")) == "es"
    assert _lang(browser.get("/console/tables?lang=en")) == "en"
    assert _lang(browser.get("/console/tables", headers={"Accept-Language": "pt-BR"})) == "en"
    assert browser.get("/console/tables?lang=fr").status_code == 400           # not served


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_judges_match_page_in_each_language(api_app, judge, game, language):  # noqa: F811
    match_id = game["match_id"]
    browser, _ = signed_in(api_app, judge.token)
    page = browser.get(f"/console/matches/{match_id}?at=3&lang={language}")
    assert page.status_code == 200 and _lang(page) == language
    text = _words(page)
    for words in ("Timeline", "Disputes", "Time travel", "Printable report", "Round clock…",
                  "Judge", "Bench", "Prizes left", "Hand", "Sign out"):
        assert gettext(words, language) != words and gettext(words, language) in text, words
    live = _words(browser.get(f"/console/matches/{match_id}"))          # the language kept
    assert gettext("Log an action", language) in live and "Log an action" not in live
    assert gettext("Viewing seq %(seq)s of %(head)s", language) % {
        "seq": 3, "head": ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"]} in text
    # the picker keeps the page's query
    assert f'href="/console/matches/{match_id}?at=3&amp;lang=es"' in page.get_data(True)
    # the report opens in the page's language
    assert f"/v1/matches/{match_id}/report?lang={language}" in text
    # the script's words, in the page
    script = json.loads(MESSAGES.search(page.get_data(True)).group(1))
    assert set(script) == set(SCRIPT_MESSAGES)
    assert script["Sending…"] == gettext("Sending…", language) != "Sending…"
    assert all(script[m] != m for m in SCRIPT_MESSAGES), [m for m in SCRIPT_MESSAGES if script[m] == m]
    # the narration comes from the API's edge in the same language as the API's own timeline
    timeline = ok(judge.get(f"/v1/matches/{match_id}/timeline?lang={language}"))
    english = ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    lines = [line for e in timeline for line in e["narration"]]
    assert lines != [line for e in english for line in e["narration"]]
    fragment = _words(browser.get(f"/console/matches/{match_id}/fragment"))
    for line in lines:
        assert line in fragment, line


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tables_page_in_each_language(api_app, judge, game, language):  # noqa: F811
    browser, _ = signed_in(api_app, judge.token)
    page = browser.get(f"/console/tables?lang={language}")
    text = _words(page)
    heading = re.search(r'id="matches-heading">([^<]*)<', text).group(1)
    total = int(re.match(r"\d+", heading).group(0))
    assert total >= 1 and heading == ngettext("%(num)s match", "%(num)s matches", total,
                                              language) % {"num": total}
    for words in ("Tables", "Judges' queue", "Integrity", "Open disputes", "Filter", "playing"):
        assert gettext(words, language) != words and gettext(words, language) in text, words


def test_every_console_word_has_a_translation():
    """The words the pages look up from data (statuses, roles, conditions, zones, the penalty
    names) and the script's: each in the catalogue of each language."""
    from projections import penalties
    from projections.report import PENALTY_WORDS

    labels = {n.label for n in (*penalties.CATEGORIES, *penalties.SEVERITY_NAMES, *penalties.LEVELS)}
    assert labels == {str(word) for word in PENALTY_WORDS}
    missing = [(language, str(word)) for language in LANGUAGES
               for word in (*DATA_WORDS, *PENALTY_WORDS, *SCRIPT_MESSAGES)
               if not translations(language)._catalog.get(str(word))]   # noqa: SLF001
    assert missing == []


@pytest.mark.parametrize("language, labels, title, choices", [
    ("en", ["Attach Fire Energy (0:4) to Charmander (0:55)", "Attach Fire Energy (0:4) to Sandshrew (0:54)"],
     "Attach Fire Energy (0:4)", ["to Charmander (0:55)", "to Sandshrew (0:54)"]),
    ("pt-BR", ["Ligar Energia de Fogo (0:4) a Charmander (0:55)", "Ligar Energia de Fogo (0:4) a Sandshrew (0:54)"],
     "Ligar Energia de Fogo (0:4)", ["a Charmander (0:55)", "a Sandshrew (0:54)"]),
    ("es", ["Adherir Energía de Fuego (0:4) a Charmander (0:55)", "Adherir Energía de Fuego (0:4) a Sandshrew (0:54)"],
     "Adherir Energía de Fuego (0:4)", ["a Charmander (0:55)", "a Sandshrew (0:54)"]),
])
def test_actions_are_grouped_by_their_shared_words_in_any_language(language, labels, title, choices):
    from app.console.choices import group_actions
    from projections.messages import using_language

    actions = [{"type": "attach_energy", "card": "0:4", "target": t, "label": label}
               for t, label in zip(("0:55", "0:54"), labels, strict=True)]
    with using_language(language):
        groups = group_actions(actions)
    assert [(g.title, [c.label for c in g.choices]) for g in groups] == [(title, choices)]
