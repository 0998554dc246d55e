"""Issue 43 item 5, the words: the catalogues speak the cards' vocabulary (docs/GLOSSARY.md) —
Spanish "carta", never "tarjeta", and the Trainer kinds as the Spanish cards print them; pt-BR
"na vez" for the seat to act — and what a person reads for a stored id (an event type, a
ruleset, the scorekeeper token's subject) is in their language."""

from __future__ import annotations

import html
import re

import pytest
from babel.messages.pofile import read_po

from projections.display_names import EVENT_TYPE_NAMES, RULESET_NAMES, event_type_name, subject_name
from projections.i18n import LOCALE_DIR, gettext, translate
from tests.api.conftest import api_app, judge, seed  # noqa: F401 - the API's fixtures
from tests.api.helpers import create_match
from tests.api.test_console import signed_in
from tests.browser.test_judge_console import log_actions


def _translations(locale: str) -> list[tuple[str, str]]:
    with open(LOCALE_DIR / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalogue = read_po(handle)
    pairs = []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        pairs += [(ids, string) for string in strings if string]
    return pairs


def _prose(text: str) -> str:
    """A translation without its quotations of the seeds and its code (field names: "deck,
    decklist or deck_name"): the words it says."""
    return re.sub(r'`[^`]*`|"[^"]*"|%\(\w+\)s|\b\w+[._]\w+\b|\bdeck(?=, decklist)', "", text)


def test_no_spanish_translation_says_tarjeta():
    said = [(i, s) for i, s in _translations("es") if "tarjeta" in s.lower()]
    assert said == []


@pytest.mark.parametrize("english", ["Supporter", "Item", "Stadium", "Pokémon Tool", "deck",
                                     "oponente", "noqueado", "HP"])
def test_spanish_says_the_cards_words_not(english):
    said = [(i, s) for i, s in _translations("es") if re.search(rf"\b{english}\b", _prose(s))]
    assert said == [], said[:5]


@pytest.mark.parametrize(("english", "spanish", "portuguese"), [
    ("Supporter", "Partidario", "Apoiador"), ("Item", "Objeto", "Item"),
    ("Stadium", "Estadio", "Estádio"), ("Pokémon Tool", "Herramienta Pokémon", "Ferramenta Pokémon"),
    ("Bench", "Banca", "Banco"), ("Prize card", "de Premio", "de Prêmio"),
])
def test_the_trainer_kinds_and_zones_as_the_cards_print_them(english, spanish, portuguese):
    for locale, word in (("es", spanish), ("pt_BR", portuguese)):
        pairs = [(i, s) for i, s in _translations(locale) if english in _prose(i)]
        assert pairs
        missing = [(i, s) for i, s in pairs if word.lower() not in s.lower()]
        assert len(missing) <= len(pairs) // 5, (locale, missing[:5])


def test_pt_br_says_na_vez_for_the_seat_to_act():
    assert gettext("to act", "pt-BR") == "na vez"
    assert gettext("%(name)s to act", "pt-BR") % {"name": "Ana"} == "Ana na vez"
    assert not [s for _, s in _translations("pt_BR") if "a jogar" in s]


@pytest.mark.parametrize("language", ["pt-BR", "es"])
def test_every_event_type_and_ruleset_has_a_name_in_each_language(language):
    for name in (*EVENT_TYPE_NAMES.values(), *RULESET_NAMES.values()):
        assert translate(name, language) != str(name), name
    assert translate(subject_name("scorekeeper of m-1"), language) == gettext(
        "scorekeeper of %(match)s", language) % {"match": "m-1"} != "scorekeeper of m-1"
    assert subject_name("Ana") == "Ana"
    assert event_type_name("SomethingNew") == "SomethingNew"


@pytest.mark.integration
@pytest.mark.parametrize("language", ["pt-BR", "es"])
def test_the_console_and_report_show_names_not_ids(api_app, judge, language):  # noqa: F811
    created = create_match(judge)
    match_id = created["match_id"]
    log_actions(judge.with_token(created["tokens"]["scorekeeper"]), match_id, 4)
    browser, _ = signed_in(api_app, created["tokens"]["scorekeeper"])
    page = html.unescape(browser.get(f"/console/matches/{match_id}?lang={language}").get_data(True))
    timeline = page[page.index('id="timeline"'):]
    for kind in ("MatchCreated", "ActionTaken"):
        assert translate(event_type_name(kind), language) in timeline
        assert f">{kind}<" not in timeline
    assert translate(RULESET_NAMES["base-1999"], language) in page
    assert gettext("scorekeeper of %(match)s", language) % {"match": match_id} in page
    report = html.unescape(judge.get(f"/v1/matches/{match_id}/report?lang={language}")
                           .get_data(True))
    assert translate(RULESET_NAMES["base-1999"], language) in report
    assert translate(event_type_name("MatchCreated"), language) in report
    # the scorekeeper's token is no person: its subject (which names the match) is not shown
    assert gettext("scorekeeper of %(match)s", language) % {"match": match_id} not in report
