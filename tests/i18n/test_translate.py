"""projections.i18n: a Message rendered from a gettext catalogue (plural forms by the language's
rule, nested messages translated, other values kept, English when an entry is missing or does
not fit), card references rendered after translation ("a hidden card" in the language too)."""

from __future__ import annotations

from io import BytesIO

import pytest
from babel.messages.mofile import write_mo
from babel.support import Translations

import projections.i18n as i18n
from projections.i18n import gettext, ngettext, translate, translate_all, translate_deep
from projections.messages import ENGLISH, Message, current_language, joined, msg, msg_n, using_language
from projections.text import card_ref, render
from tests.i18n.workflow import workflow

ENTRIES = {
    "pt_BR": {
        "%(player)s flips a coin: %(side)s.": "%(player)s joga uma moeda: %(side)s.",
        "heads": "cara",
        "a hidden card": "uma carta oculta",
        "%(player)s draws %(card)s.": "%(player)s compra %(card)s.",
        "Broken %(value)s.": "Quebrado %(other)s.",
        ("%(num)s damage counter", "%(num)s damage counters"): ("%(num)s contador de dano",
                                                                "%(num)s contadores de dano"),
    },
    "es": {
        "heads": "cara",
        ("%(num)s damage counter", "%(num)s damage counters"): ("%(num)s contador de daño",
                                                                "%(num)s contadores de daño"),
    },
}


@pytest.fixture
def catalogues(monkeypatch):
    loaded = {}
    for locale, entries in ENTRIES.items():
        catalogue = workflow.new_catalogue(locale)
        for key, string in entries.items():
            catalogue.add(key, string)
        buffer = BytesIO()
        write_mo(buffer, catalogue)
        buffer.seek(0)
        loaded["pt-BR" if locale == "pt_BR" else locale] = Translations(buffer)
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda language: loaded.get(language) or real(language))
    return loaded


def test_a_message_with_a_nested_message_and_a_name(catalogues):
    line = msg("%(player)s flips a coin: %(side)s.", player="Ana", side=msg("heads"))
    assert line == "Ana flips a coin: heads."
    assert translate(line, "pt-BR") == "Ana joga uma moeda: cara."
    assert translate(line, "es") == "Ana flips a coin: cara."      # the sentence missing: English
    assert translate(line, ENGLISH) == line and type(translate(line, ENGLISH)) is str
    with using_language("pt-BR"):
        assert translate(line) == "Ana joga uma moeda: cara."
        assert gettext("heads") == "cara" and gettext("tails") == "tails"
    assert current_language() == ENGLISH


@pytest.mark.parametrize(("language", "n", "text"), [
    ("pt-BR", 0, "0 contador de dano"), ("pt-BR", 1, "1 contador de dano"),
    ("pt-BR", 2, "2 contadores de dano"), ("es", 0, "0 contadores de daño"),
    ("es", 1, "1 contador de daño"), ("es", 3, "3 contadores de daño"),
    (ENGLISH, 1, "1 damage counter"), (ENGLISH, 0, "0 damage counters"),
])
def test_plural_forms_follow_each_languages_rule(catalogues, language, n, text):
    assert translate(msg_n("%(num)s damage counter", "%(num)s damage counters", n), language) == text
    singular, plural = "%(num)s damage counter", "%(num)s damage counters"
    assert ngettext(singular, plural, n, language) % {"num": n} == text


def test_plain_text_joined_lists_and_bad_translations(catalogues):
    assert translate("Ana flips a coin", "pt-BR") == "Ana flips a coin"     # a plain str: as it is
    listed = joined([msg("heads"), "Pikachu", msg("heads")], " / ")
    assert translate(listed, "pt-BR") == "cara / Pikachu / cara"            # no entry needed
    assert translate(msg("Broken %(value)s.", value=1), "pt-BR") == "Broken 1."   # doesn't fit
    assert translate(msg("heads"), "fr") == "heads"
    assert translate_all([msg("heads"), "x"], "es") == ["cara", "x"]
    deep = translate_deep({"a": [msg("heads"), ("x", msg("heads"))], msg("heads"): 3}, "es")
    assert deep == {"a": ["cara", ("x", "cara")], "cara": 3}


def test_card_references_are_rendered_after_translation(catalogues):
    line = msg("%(player)s draws %(card)s.", player="Ana", card=card_ref("0:7", "Pikachu"))
    assert render(line) == "Ana draws Pikachu (0:7)."
    with using_language("pt-BR"):
        assert render(line) == "Ana compra Pikachu (0:7)."
        assert render(line, hidden={"0:7"}, seat=1) == "Ana compra uma carta oculta."
    with using_language("es"):
        assert render(line, hidden={"0:7"}, seat=1) == "Ana draws a hidden card."


def test_a_message_survives_pickling_and_keeps_its_english():
    import copy
    import pickle

    line = msg("%(player)s flips a coin: %(side)s.", player="Ana", side=msg("heads"))
    for copied in (pickle.loads(pickle.dumps(line)), copy.deepcopy(line)):
        assert isinstance(copied, Message) and copied == line and copied.values["side"].msgid == "heads"


def test_the_real_catalogues_load_for_each_language_served():
    for language in i18n.LANGUAGES:
        catalogue = i18n.translations(language)
        assert catalogue.gettext("no such message id") == "no such message id"
        if language != ENGLISH:
            assert catalogue.info().get("language") == i18n.CATALOGUES[language]
