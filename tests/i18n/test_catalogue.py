"""The catalogues (projections/locale): every message id the code, the templates and the rule
documents use — extracted here by Babel as ``python scripts/i18n.py extract`` does — has a
non-empty, non-fuzzy translation in pt_BR and es with the same placeholders (each plural
form too); the check catches what is missing; each committed .mo is the compile of its .po;
the plural rules are the languages'; ``merge`` folds JSON translations without dropping any.
"""

from __future__ import annotations

import json
import shutil
from io import BytesIO

import pytest
from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as Entry
from babel.messages.mofile import read_mo

from projections.i18n import CATALOGUES, translations
from projections.rules_text import DOCUMENTS, ROOT, iter_rules
from tests.i18n.workflow import workflow

LOCALES = tuple(CATALOGUES.values())


@pytest.fixture(scope="module")
def extracted():
    return workflow.extracted_messages()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_id_the_code_uses_is_translated(extracted, locale):
    catalogue = workflow._read_po(workflow.po_path(locale), locale)
    missing = list(workflow.untranslated(extracted, catalogue))
    assert not missing, (f"{len(missing)} of {len(extracted)} message ids are not translated in "
                         f"{locale} (python scripts/i18n.py check; translate, merge, compile):\n"
                         + "\n".join(missing[:150]))


def test_the_extraction_finds_every_kind_of_message(extracted):
    files = {name for names in extracted.values() for name in names}
    assert "a hidden card" in extracted                          # msg(), projections/
    assert "Unsupported language" in extracted                   # msg(), app/
    assert "Must be one of: %(choices)s." in extracted           # N_(), marshmallow's words
    assert ("%(num)s match(es) audited, %(failed)s failed",
            "%(num)s match(es) audited, %(failed)s failed") in extracted   # msg_n(), workers/
    for document in DOCUMENTS.values():
        rules = [r for r in iter_rules((ROOT / document).read_text(encoding="utf-8").splitlines())
                 if r.text]
        assert rules and all(rule.text in extracted for rule in rules), document
        assert document in files
    assert any(name.startswith("app/console/templates/") for name in files)
    assert not any(name.startswith("tests/") for name in files)


def test_the_check_catches_each_way_a_message_can_be_untranslated():
    catalogue = Catalog(locale="pt_BR")
    catalogue.mime_headers = [("Plural-Forms", workflow.PLURAL_FORMS["pt_BR"])]
    catalogue.add("Done.", "Feito.")
    catalogue.add("Ana has %(n)s cards.", "Ana tem %(n)s cartas.")
    catalogue.add("Empty.", "")
    catalogue.add("Fuzzy.", "Confuso.", flags=["fuzzy"])
    catalogue.add("%(who)s flips %(side)s.", "%(who)s joga a moeda.")
    catalogue.add("%(pct)s done", "%(pct)s% feito")
    catalogue.add(("%(num)s card", "%(num)s cards"), ("%(num)s carta", "%(num)s cartas"))
    catalogue.add(("a Pokémon", "%(num)s Pokémon"), ("um Pokémon", ""))
    catalogue.add(("one coin", "%(num)s coins"), ("uma moeda", "%(num)s moedas %(extra)s"))
    ids = ["Done.", "Ana has %(n)s cards.", "Empty.", "Fuzzy.", "Missing.", "%(who)s flips %(side)s.",
           "%(pct)s done", ("%(num)s card", "%(num)s cards"), ("a Pokémon", "%(num)s Pokémon"),
           ("one coin", "%(num)s coins"), ("Missing plural", "Missing plurals"), "%(item0)s, %(item1)s"]
    found = {line.split("': ")[0].strip("'"): line.split("': ")[1]
             for line in workflow.untranslated(ids, catalogue)}
    assert set(found) == {"Empty.", "Fuzzy.", "Missing.", "%(who)s flips %(side)s.", "%(pct)s done",
                          "a Pokémon", "one coin", "Missing plural"}, found
    assert found["Missing."] == "no entry" and found["Fuzzy."] == "fuzzy"
    assert found["Empty."] == "empty" and "placeholders" in found["%(who)s flips %(side)s."]
    assert "does not format" in found["%(pct)s done"]
    assert "plural forms" in found["a Pokémon"] and "placeholders" in found["one coin"]


@pytest.mark.parametrize("locale", LOCALES)
def test_each_committed_mo_is_the_compile_of_its_po(locale):
    committed = workflow.mo_path(locale).read_bytes()
    assert committed == workflow.compiled(locale), (
        f"{workflow.mo_path(locale)} is not the compile of its .po: python scripts/i18n.py compile")


@pytest.mark.parametrize(("language", "locale", "forms"), [
    ("pt-BR", "pt_BR", {0: 0, 1: 0, 2: 1, 5: 1}), ("es", "es", {0: 1, 1: 0, 2: 1, 5: 1})])
def test_plural_rules_of_the_languages(language, locale, forms):
    catalogue = workflow._read_po(workflow.po_path(locale), locale)
    assert catalogue.plural_forms == workflow.PLURAL_FORMS[locale]
    assert read_mo(BytesIO(workflow.mo_path(locale).read_bytes())).plural_forms == workflow.PLURAL_FORMS[locale]
    assert {n: translations(language).plural(n) for n in forms} == forms


def test_merge_fills_and_adds_never_drops_and_lists_conflicts(tmp_path, monkeypatch):
    locale_dir = tmp_path / "locale"
    for locale in LOCALES:
        catalogue = workflow.new_catalogue(locale)
        catalogue.add("Kept.", "Mantido." if locale == "pt_BR" else "Mantenido.")
        catalogue.add("Empty.", "")
        catalogue.add("Fuzzy.", "Velho.", flags=["fuzzy"])
        catalogue.add(("%(num)s card", "%(num)s cards"), ("", ""))
        catalogue.obsolete["Gone."] = Entry("Gone.", "")
        path = locale_dir / locale / "LC_MESSAGES" / "messages.po"
        path.parent.mkdir(parents=True)
        workflow._write_po(path, catalogue)
    monkeypatch.setattr(workflow, "LOCALE_DIR", locale_dir)
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.json").write_text(json.dumps({
        "Kept.": {"pt_BR": "Outro.", "es": "Mantenido."},
        "Empty.": {"pt_BR": "Vazio.", "es": "Vacío."},
        "Fuzzy.": {"pt_BR": "Novo.", "es": "Nuevo."},
        "New.": {"pt_BR": "Novo!", "es": "¡Nuevo!"},
        "Gone.": {"pt_BR": "Voltou.", "es": "Volvió."},
        "%(num)s card": {"plural": "%(num)s cards", "pt_BR": ["%(num)s carta", "%(num)s cartas"],
                         "es": ["%(num)s carta", "%(num)s cartas"]},
        "Blank.": {"pt_BR": "", "es": " "},
    }, ensure_ascii=False), encoding="utf-8")

    conflicts = workflow.merge([str(notes)])
    assert len(conflicts) == 1 and "Kept." in conflicts[0] and "Outro." in conflicts[0]
    pt = workflow._read_po(workflow.po_path("pt_BR"), "pt_BR")
    assert pt.get("Kept.").string == "Mantido."                     # never replaced
    assert pt.get("Empty.").string == "Vazio." and pt.get("New.").string == "Novo!"
    assert pt.get("Fuzzy.").string == "Novo." and not pt.get("Fuzzy.").fuzzy
    assert pt.get("Gone.").string == "Voltou." and "Gone." not in pt.obsolete
    assert tuple(pt.get("%(num)s card").string) == ("%(num)s carta", "%(num)s cartas")
    assert pt.get("Blank.") is None
    assert pt.plural_forms == workflow.PLURAL_FORMS["pt_BR"]

    workflow.merge([str(notes / "a.json")], overwrite=True)
    assert workflow._read_po(workflow.po_path("pt_BR"), "pt_BR").get("Kept.").string == "Outro."


def test_update_keeps_translations_and_the_plural_rule(tmp_path, monkeypatch):
    locale_dir = tmp_path / "locale"
    shutil.copytree(workflow.LOCALE_DIR, locale_dir)
    monkeypatch.setattr(workflow, "LOCALE_DIR", locale_dir)
    monkeypatch.setattr(workflow, "POT", locale_dir / "messages.pot")
    before = {locale: workflow._read_po(workflow.po_path(locale), locale) for locale in LOCALES}
    workflow.update()
    for locale in LOCALES:
        after = workflow._read_po(workflow.po_path(locale), locale)
        assert after.plural_forms == workflow.PLURAL_FORMS[locale] and not after.fuzzy
        for message in before[locale]:
            if message.id and message.string and not message.fuzzy:
                kept = after.get(message.id) or after.obsolete.get(message.id)
                assert kept is not None and kept.string == message.string, message.id
