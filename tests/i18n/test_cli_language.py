"""`referee replay` and `referee audit` in ``--lang`` (default: the locale's): the narration,
the descriptions and the commands' own sentences through the catalogues (a pseudo-catalogue
here: tests/i18n/pseudo.py), ids and the piped audit's columns the same in every language."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from app.cli import main
from tests.i18n.pseudo import english_of, pseudo_catalogues, translated
from tests.workers.conftest import worker_env  # noqa: F401 - REDIS_URL for the commands
from tests.workers.test_cli import judged_match

pytestmark = pytest.mark.integration


@pytest.fixture
def referee(worker_env, monkeypatch):  # noqa: F811
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    runner = CliRunner()

    def run(*args: str, env: dict[str, str] | None = None):
        return runner.invoke(main, list(args), catch_exceptions=False, env=env)

    return run


def test_replay_in_each_language(store, referee, monkeypatch):
    pseudo_catalogues(monkeypatch)
    judged_match(store)
    english = referee("replay", "judged")
    assert english.exit_code == 0, english.output
    assert "⟪" not in english.stdout and "[voided]" in english.stdout
    for language, env in (("es", None), ("pt-BR", {"LANG": "pt_BR.UTF-8"}),
                          ("es", {"LC_ALL": "es_MX.UTF-8", "LANG": "pt_BR.UTF-8"})):
        args = ("replay", "judged", "--lang", language) if env is None else ("replay", "judged")
        read = referee(*args, env=env)
        assert read.exit_code == 0, read.output
        before, after = english.stdout.splitlines(), read.stdout.splitlines()
        assert len(before) == len(after)
        for line, other in zip(before, after, strict=True):
            assert english_of(other) == line
            if line.startswith("       "):                     # a description or a narration
                assert translated(other, language), other
            else:                                              # #seq type (who, when)
                assert other.split()[:2] == line.split()[:2]
        assert translated(read.stdout, language) and f"⟪{language}|[voided]⟫" in read.stdout
    refused = referee("replay", "judged", "--lang", "fr")
    assert refused.exit_code == 2 and "--lang" in refused.output


def test_audit_in_each_language(store, referee, monkeypatch):
    pseudo_catalogues(monkeypatch)
    table = judged_match(store)
    english = referee("audit", "judged")
    assert english.exit_code == 0, english.output
    assert english.stdout == f"judged\t{table.seq}\tok\tok\t\t\n"
    assert "1 match(es) audited, 0 failed" in english.stderr
    spanish = referee("audit", "judged", "--lang", "es")
    assert spanish.stdout == english.stdout                     # the piped columns: tokens
    assert "⟪es|1 match(es) audited, 0 failed⟫" in spanish.stderr
    portuguese = referee("audit", "nobody", env={"LC_MESSAGES": "pt_BR"})
    assert portuguese.exit_code == 1
    assert portuguese.stdout.split("\t")[5].strip() == "⟪pt-BR|not found⟫"
    assert "⟪pt-BR|1 match(es) audited, 1 failed⟫" in portuguese.stderr
    usage = referee("audit", "--lang", "es")
    assert usage.exit_code == 2 and "⟪es|give a MATCH_ID or --all⟫" in usage.output
