"""GET /v1/rules and GET /v1/rules/{id}: every rule line of docs/RULES.md and docs/TFG.md is
served, its text in the reader's language (pt-BR, es from the catalogues), the rule id, the
rulesets and the source the same in every language; an unknown id is a 404 naming it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from projections.i18n import gettext
from projections.rules_text import RULE_LINE, all_rules, iter_rules
from tests.api.conftest import api_app, judge, seed  # noqa: F401 - the API's fixtures
from tests.api.helpers import assert_problem, ok

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = {"tcg": ROOT / "docs" / "RULES.md", "tfg": ROOT / "docs" / "TFG.md"}
ANY_RULE_LINE = re.compile(r"^- ((?:R|J|T)-[A-Z]+-\d+[a-z]?)\b")
LANGUAGES = ("pt-BR", "es")


def _ids_in(path: Path) -> list[str]:
    return [m.group(1) for line in path.read_text(encoding="utf-8").splitlines()
            if (m := ANY_RULE_LINE.match(line))]


def test_every_rule_line_of_both_documents_is_served(judge):  # noqa: F811
    for game, path in DOCUMENTS.items():
        ids = _ids_in(path)
        assert len(ids) > 20, path
        listed = ok(judge.get(f"/v1/rules?game={game}"))
        assert listed["game"] == game
        assert [r["rule"] for r in listed["rules"]] == ids
        for rule in listed["rules"]:
            assert rule["text"] and rule["source"] == f"docs/{path.name}" and rule["rulesets"]
            assert ok(judge.get(f"/v1/rules/{rule['rule']}")) == rule
    assert_problem(judge.get("/v1/rules?game=chess"), 422)


def test_a_wrapped_rule_line_is_served_whole():
    """TFG.md wraps its rules onto indented lines: the text (and message id) is all of it."""
    lines = DOCUMENTS["tfg"].read_text(encoding="utf-8").splitlines()
    rules = {r.rule: r for r in iter_rules(lines)}
    assert rules["T-SETUP-1"].text.endswith("3-vs-3: 3 figures, no Trainer figure or cards. (004)")
    assert rules["T-BATTLE-2"].text.endswith("compares damage with white and gold.")
    for rule in rules.values():
        assert "  " not in rule.text and not rule.text.startswith("(")
        assert RULE_LINE.match(lines[rule.line - 1]).group(1) == rule.rule


def test_the_rulesets_a_rule_holds_in():
    rules = all_rules()
    assert rules["R-TRAINER-2"].rulesets == ("ex-2005", "modern")
    assert rules["R-RETREAT-4"].rulesets == ("base-1999",)
    assert rules["R-DECK-1"].rulesets == ("base-1999", "ex-2005", "modern")
    assert rules["T-WIN-1"].rulesets == ("tfg-6v6", "tfg-3v3")
    assert rules["R-TABLE-1"].note == "table mode" and rules["R-TABLE-1"].rulesets == rules["R-DECK-1"].rulesets


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rule_reads_in_each_language_with_the_same_id(judge, language):  # noqa: F811
    english = ok(judge.get("/v1/rules/R-STATUS-3"))
    for ask in ({"lang": language}, {"accept": language}):
        if "lang" in ask:
            response = judge.get(f"/v1/rules/R-STATUS-3?lang={ask['lang']}")
        else:
            response = judge.get("/v1/rules/R-STATUS-3", headers={"Accept-Language": ask["accept"]})
        assert response.headers["Content-Language"] == language
        served = ok(response)
        assert served["rule"] == "R-STATUS-3" and served["source"] == english["source"]
        assert served["rulesets"] == english["rulesets"]
        assert served["text"] == gettext(english["text"], language) != english["text"]
    # the seeds' words: Confuso (000), Confundido (003)
    assert ("Confuso" if language == "pt-BR" else "Confundido") in served["text"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_text_is_translated(judge, language):  # noqa: F811
    """Each served text differs from English (a missing catalogue entry reads English)."""
    for game in DOCUMENTS:
        english = {r["rule"]: r for r in ok(judge.get(f"/v1/rules?game={game}"))["rules"]}
        translated = ok(judge.get(f"/v1/rules?game={game}&lang={language}"))["rules"]
        assert [r["rule"] for r in translated] == list(english)
        untranslated = [r["rule"] for r in translated if r["text"] == english[r["rule"]]["text"]]
        assert untranslated == []
        for rule in translated:
            ids = set(re.findall(r"\b[RJT]-[A-Z]+-\d+\b", english[rule["rule"]]["text"]))
            assert ids <= set(re.findall(r"\b[RJT]-[A-Z]+-\d+\b", rule["text"])), rule["rule"]
    note = ok(judge.get(f"/v1/rules/R-TABLE-1?lang={language}"))["note"]
    assert note == gettext("table mode", language) != "table mode"


def test_seed_terms_in_the_translations(judge):  # noqa: F811
    def text(rule, language):
        return ok(judge.get(f"/v1/rules/{rule}?lang={language}"))["text"]

    assert "Paralisado" in text("R-STATUS-4", "pt-BR") and "Paralizado" in text("R-STATUS-4", "es")
    assert "Condições Especiais" in text("R-STATUS-1", "pt-BR")
    assert "Poké-Powers" in text("R-POWER-2", "pt-BR") and "Poké-Powers" in text("R-POWER-2", "es")
    assert "cerca" in text("T-SURROUND-2", "pt-BR")
    # seed 003's "banca", capitalized as the Spanish cards print it (issue 43: "Banca")
    assert "Banca" in text("R-BENCH-1", "es") and "Banco" in text("R-BENCH-1", "pt-BR")


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_an_unknown_rule_is_a_404_naming_it(judge, language):  # noqa: F811
    problem = assert_problem(judge.get(f"/v1/rules/R-NOPE-9?lang={language}"), 404)
    assert "R-NOPE-9" in problem["detail"]
    if language != "en":
        assert problem["title"] == gettext("Rule not found", language) != "Rule not found"
    assert ok(judge.get("/v1/rules/r-energy-1"))["rule"] == "R-ENERGY-1"


def test_the_rules_routes_are_documented_with_examples(judge):  # noqa: F811
    spec = ok(judge.get("/v1/openapi.json"))
    one = spec["paths"]["/v1/rules/{rule_id}"]["get"]
    assert "404" in one["responses"]
    example = one["responses"]["200"]["content"]["application/json"]["example"]
    assert example["rule"] == "R-ENERGY-1"
    listed = spec["paths"]["/v1/rules"]["get"]["responses"]["200"]["content"]["application/json"]
    assert listed["example"]["rules"][0]["rule"] == "R-ENERGY-1"
