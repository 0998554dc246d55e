"""`referee audit | export | replay | rebuild | reconcile` against a real Redis."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from app.cli import main
from events.errors import MatchNotFound
from events.keys import match_keys
from projections.readmodels import checkpoint, dump_read_models
from tests.workers.helpers import new_match
from workers.audit import audit_match

pytestmark = pytest.mark.integration


@pytest.fixture
def referee(worker_env):
    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)

    return run


def judged_match(store, match_id="judged", seed=2):
    """A match with play, a rewind, a dispute ruled with a penalty, and more play."""
    table = new_match(store, match_id, seed=seed)
    table.play(30, batch=10)
    table.judge("DisputeOpened", {"dispute_id": "d1", "seat": 1, "about_seq": 20,
                                  "claim": "the Energy was attached twice"})
    table.judge("RulingIssued", {"dispute_id": "d1", "decision": "upheld",
                                 "remedy": {"rewind_to": 19},
                                 "penalty": {"seat": 0, "infraction": "game_play_error_minor",
                                             "level": "warning"}, "notes": "backed up"})
    table.play(12, batch=4)
    return table


def tamper(redis_client, match_id, seq, **changes):
    """Rewrite one stored event behind the store's back (as a forger with Redis access
    could), keeping the stream ids."""
    stream = match_keys(match_id).events
    entries = redis_client.xrange(stream)
    redis_client.delete(stream)
    for entry_id, fields in entries:
        if entry_id == f"{seq}-0":
            fields = dict(fields, **changes)
        redis_client.xadd(stream, fields, id=entry_id)


def test_audit_passes_a_judged_match_and_fails_tampered_ones(store, redis_client, referee):
    table = judged_match(store)
    result = audit_match(store, "judged")
    assert result["chain_ok"] and result["replay_ok"] and result["first_bad_seq"] is None
    assert result["state_hashes_checked"] == table.seq == result["events"]

    ok = referee("audit", "judged")
    assert ok.exit_code == 0, ok.output
    assert ok.stdout.split("\t")[:4] == ["judged", str(table.seq), "ok", "ok"]
    assert "1 match(es) audited, 0 failed" in ok.stderr  # stdout: the data alone

    # a forged payload: the chain breaks at that seq
    other = new_match(store, "forged", seed=4)
    other.play(20, batch=10)
    forged = redis_client.xrange(match_keys("forged").events, "9-0", "9-0")[0][1]
    payload = json.loads(forged["payload"])
    payload["seat"] = 1 - payload["seat"]
    tamper(redis_client, "forged", 9, payload=json.dumps(payload))
    # an event appended through the store but with a state_hash the replay doesn't give
    liar = new_match(store, "liar", seed=6)
    liar.play(8, batch=4)
    store.append("liar", [{"type": "PenaltyIssued", "payload": {
        "seat": 0, "infraction": "tardiness", "level": "caution"}, "state_hash": "0" * 64}])

    bad = referee("audit", "--all")
    assert bad.exit_code == 1
    # piped (no terminal): a tab-separated line per match, no header
    rows = {line.split("\t")[0]: line.split("\t") for line in bad.stdout.splitlines()}
    assert set(rows) == {"judged", "forged", "liar"}
    assert rows["judged"][2:4] == ["ok", "ok"]
    assert rows["forged"][2] == "BAD" and rows["forged"][4] == "9"
    assert rows["liar"][2:5] == ["ok", "BAD", str(liar.seq + 1)]
    assert "3 match(es) audited, 2 failed" in bad.stderr

    as_json = referee("audit", "forged", "--json")
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout)["chain_first_bad_seq"] == 9
    assert referee("audit").exit_code == 2   # neither a match nor --all
    with pytest.raises(MatchNotFound):
        audit_match(store, "nobody")


def test_export_json_lines_is_the_log(store, referee, tmp_path):
    table = judged_match(store)
    out = referee("export", "judged")
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert [json.loads(line) for line in lines] == store.read("judged")
    assert len(lines) == table.seq
    target = tmp_path / "judged.jsonl"
    assert referee("export", "judged", "-o", str(target)).exit_code == 0
    assert target.read_text(encoding="utf-8").splitlines() == lines


class ReportParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows: dict[int, set[str]] = {}
        self.tags: list[str] = []
        self.external: list[str] = []
        self.svg = 0
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if tag == "svg":
            self.svg += 1
        if tag == "tr" and (attrs.get("id") or "").startswith("seq-"):
            self.rows[int(attrs["id"][4:])] = set((attrs.get("class") or "").split())
        for name in ("src", "href"):
            if attrs.get(name):
                self.external.append(attrs[name])
        if tag in ("script", "link", "img", "iframe", "object"):
            self.external.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def test_export_html_is_a_self_contained_report_of_every_event(store, referee, tmp_path):
    table = judged_match(store)
    target = tmp_path / "judged.html"
    out = referee("export", "judged", "--html", "-o", str(target))
    assert out.exit_code == 0, out.output
    page = target.read_text(encoding="utf-8")
    parser = ReportParser()
    parser.feed(page)
    parser.close()
    assert sorted(parser.rows) == list(range(1, table.seq + 1))
    # the ruling rewound to 19: the events between it and the target are marked voided
    ruling_seq = next(e["seq"] for e in table.events if e["type"] == "RulingIssued")
    voided = {seq for seq, classes in parser.rows.items() if "voided" in classes}
    assert voided == set(range(20, ruling_seq))
    assert parser.svg == 1 and "polyline" in parser.tags
    assert parser.external == [] and "url(" not in page and "@import" not in page
    text = " ".join(parser.text)
    for expected in ("Ana", "Beto", "Charmander", "Game Play Error (Minor)", "Warning",
                     "the Energy was attached twice", "Prize cards left", "Pokémon", "Energy"):
        assert expected in text, expected
    # people's words, not the log's ids (issue 44): no engine names, penalty ids or card ids
    for engine_word in ("game_play_error_minor", "RulingIssued", "ActionTaken", "base1-"):
        assert engine_word not in text, engine_word


def test_export_html_reads_in_the_time_zone_asked_for(store, referee, tmp_path):
    judged_match(store)
    target = tmp_path / "judged.html"
    out = referee("export", "judged", "--html", "--tz", "America/Sao_Paulo", "-o", str(target))
    assert out.exit_code == 0, out.output
    assert "times in America/Sao_Paulo" in target.read_text(encoding="utf-8")
    refused = referee("export", "judged", "--html", "--tz", "Mars/Olympus")
    assert refused.exit_code != 0 and "--tz" in refused.output


def test_replay_prints_the_narrated_timeline(store, referee):
    table = judged_match(store)
    full = referee("replay", "judged")
    assert full.exit_code == 0
    assert f"#{table.seq:<5}" in full.stdout and "[voided]" in full.stdout
    assert "J-REPAIR-1" in full.stdout
    short = referee("replay", "judged", "--upto", "5")
    assert "#5 " in short.stdout and "#6 " not in short.stdout
    assert referee("replay", "nobody").exit_code == 1


def test_rebuild_and_reconcile_commands(store, redis_client, referee):
    table = judged_match(store)
    out = referee("reconcile")
    assert out.exit_code == 0, out.output
    assert out.stdout == "" and "1 read model(s) caught up" in out.stderr
    assert checkpoint(redis_client, "judged") == table.seq
    before = dump_read_models(redis_client)
    out = referee("rebuild")
    assert out.exit_code == 0, out.output
    assert out.stdout == "" and "rebuilt read models of 1 match(es)" in out.stderr
    assert dump_read_models(redis_client) == before
