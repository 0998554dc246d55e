"""An event's deck lists are evidence (issue 42): their chained, anchored log is verified by
``referee verify --event``, ``referee audit`` and every read and registration, and an edit
made with full Redis access (the ``default`` user) freezes it: registering, reading the lists
and making a match from them answer 423 ``/problems/decklists-frozen``. Lists registered the
old way (plain entries, no chain) still read, and move into the chain with the next
registration.

The event: three lists registered through the API (seqs 1-3), the after-registration jobs
run, so seq 3 is anchored outside Redis.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from app.cli import main
from events.decklist_integrity import ANCHOR_SUBDIR
from events.decklists import deck_list_keys
from tests.api.helpers import assert_problem, ok
from workers.runner import build_worker

pytestmark = pytest.mark.integration

EVENT = "2026-regional-sp"
PATH = f"/v1/events/{EVENT}/decklists"
KEYS = deck_list_keys(EVENT)
DECKS = {"111": "fire-fighting", "222": "grass-psychic", "333": "water-lightning"}


@pytest.fixture
def event(judge, redis_client, redis_bytes, redis_url, monkeypatch):
    monkeypatch.setenv("REDIS_URL", redis_url)  # the jobs and the CLI read it
    monkeypatch.setenv("REFEREE_JOB_RETRY_INTERVALS", "0")
    for player_id, deck in DECKS.items():
        ok(judge.post(PATH, {"player_id": player_id, "name": f"P{player_id}",
                             "deck_name": deck}), 201)
    assert build_worker(redis_bytes, simple=True).work(burst=True)
    return redis_client


def _anchors() -> list[dict[str, Any]]:
    path = Path(os.environ["REFEREE_ANCHOR_DIR"]) / ANCHOR_SUBDIR / f"{EVENT}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


def _verify(*args: str, code: int = 0) -> list[dict[str, Any]]:
    result = CliRunner().invoke(main, ["verify", *args], catch_exceptions=False)
    assert result.exit_code == code, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def _audit_row(*args: str, code: int = 0) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["audit", *args, "--json"], catch_exceptions=False)
    assert result.exit_code == code, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    return next(r for r in rows if r["match_id"] == f"decklists:{EVENT}")


# ---------------------------------------------------------------------- a good log

def test_registered_lists_verify_and_the_job_anchors_the_log_s_head(event, judge):
    admin = event
    head_seq, head_hash = admin.hmget(KEYS.meta, "head_seq", "head_hash")
    assert head_seq == "3" and admin.xlen(KEYS.log) == 3
    entry = admin.xrange(KEYS.log, "2-0", "2-0")[0][1]
    assert entry["type"] == "DeckListRegistered" and len(entry["hash"]) == 64
    assert json.loads(entry["payload"])["player_id"] == "222"
    # the after-registration job anchored the head outside Redis, under the log's name
    anchors = _anchors()
    assert [(a["match_id"], a["seq"], a["hash"]) for a in anchors][-1] == (
        f"decklists:{EVENT}", 3, head_hash)
    [report] = _verify("--event", EVENT)
    assert report["chain_ok"] and report["events"] == 3 and report["anchored_seq"] == 3
    assert report["format"] == 2 and report["unchained"] == 0 and report["frozen"] is None
    assert _verify("--all-events") == [report]
    row = _audit_row("--all")
    assert row["chain_ok"] and row["events"] == 3 and row["kind"] == "decklists"
    # the lists read as before; a registration's id is its seq in the log
    listed = ok(judge.get(PATH))["decklists"]
    assert [(d["player_id"], d["registration"]) for d in listed] == [
        ("111", "1-0"), ("222", "2-0"), ("333", "3-0")]


# ---------------------------------------------------------------------- the forgeries

def _rewrite(admin, entries: list[tuple[str, dict[str, str]]]) -> None:
    admin.delete(KEYS.log)
    for entry_id, fields in entries:
        admin.xadd(KEYS.log, fields, id=entry_id)


def edit_cards(admin) -> None:
    """Seat 222's list gets a fourth Charizard in place of a card: one field rewritten,
    hash and links untouched."""
    entries = admin.xrange(KEYS.log)
    payload = json.loads(entries[1][1]["payload"])
    payload["cards"][0] = "base1-4"
    entries[1] = (entries[1][0], dict(entries[1][1], payload=json.dumps(payload)))
    _rewrite(admin, entries)


def delete_entry(admin) -> None:
    admin.xdel(KEYS.log, "2-0")


def truncate_tail(admin) -> None:
    """Cut seq 3 and move the head back: what is left verifies, the anchor says otherwise."""
    entries = admin.xrange(KEYS.log)[:2]
    _rewrite(admin, entries)
    admin.hset(KEYS.meta, mapping={"head_seq": 2, "head_hash": entries[-1][1]["hash"]})


def erase(admin) -> None:
    """The log and its head gone: only the anchors remember it."""
    admin.delete(KEYS.log, KEYS.meta)


CASES: dict[str, tuple[Callable[[Any], None], int, str]] = {
    "edit a list in place": (edit_cards, 2, "altered"),
    "delete a registration": (delete_entry, 2, "missing"),
    "truncate the tail": (truncate_tail, 3, "truncated"),
    "erase the log": (erase, 1, "erased"),
}


def _unfreeze(admin) -> None:
    admin.hdel(KEYS.meta, "frozen")


def _frozen(admin) -> tuple[int, str, str]:
    record = json.loads(admin.hget(KEYS.meta, "frozen"))
    return record["first_bad_seq"], record["finding"], record["detected_by"]


def _refused(answer, first_bad: int, finding: str) -> None:
    body = assert_problem(answer, 423)
    assert body["type"] == "/problems/decklists-frozen", body
    assert (body["first_bad_seq"], body["finding"], body["event_id"]) == (first_bad, finding,
                                                                         EVENT)


@pytest.mark.parametrize("case", CASES)
def test_each_forgery_is_found_by_verify_and_audit_and_freezes_the_lists(event, judge, case):
    admin = event
    forge, first_bad, finding = CASES[case]
    forge(admin)
    [report] = _verify("--event", EVENT, code=1)
    assert (report["chain_ok"], report["first_bad_seq"], report["finding"]) == (
        False, first_bad, finding)
    assert _frozen(admin) == (first_bad, finding, "cli-verify")
    _unfreeze(admin)
    row = _audit_row("--all", code=1)
    assert (row["chain_ok"], row["first_bad_seq"], row["finding"]) == (False, first_bad, finding)
    assert _frozen(admin) == (first_bad, finding, "cli-audit")
    table = CliRunner().invoke(main, ["audit", "--event", EVENT], catch_exceptions=False)
    assert table.exit_code == 1
    assert table.stdout.split()[:5] == [f"decklists:{EVENT}", str(row["events"]), "BAD", "ok",
                                        str(first_bad)], table.stdout
    # the API: nothing registered, no list handed out for a match or a deck check
    before = admin.xlen(KEYS.log)
    _refused(judge.post(PATH, {"player_id": "444", "name": "Dan", "deck_name": "fire-fighting"}),
             first_bad, finding)
    assert admin.xlen(KEYS.log) == before
    _refused(judge.get(PATH), first_bad, finding)
    _refused(judge.get(f"{PATH}/111"), first_bad, finding)
    _refused(judge.post("/v1/matches", {"event_id": EVENT, "players": [
        {"name": "P111", "player_id": "111"}, {"name": "P222", "player_id": "222"}]}),
        first_bad, finding)


@pytest.mark.parametrize("case", ["edit a list in place", "delete a registration"])
def test_a_read_or_a_registration_finds_an_edit_by_itself_and_freezes(event, judge, case):
    admin = event
    forge, first_bad, finding = CASES[case]
    forge(admin)
    _refused(judge.get(f"{PATH}/333"), first_bad, finding)
    assert _frozen(admin) == (first_bad, finding, "read")
    _unfreeze(admin)
    _refused(judge.post(PATH, {"player_id": "444", "name": "Dan", "deck_name": "fire-fighting"}),
             first_bad, finding)
    assert _frozen(admin) == (first_bad, finding, "register")


def test_the_job_and_reconcile_freeze_too_after_a_forger_unfreezes(event, judge):
    from workers.jobs import decklists_job, reconcile_job

    admin = event
    edit_cards(admin)
    assert decklists_job(EVENT)["chain_ok"] is False
    assert _frozen(admin) == (2, "altered", "after-append-job")
    _unfreeze(admin)
    result = reconcile_job()
    assert result["integrity"] == {f"decklists:{EVENT}": "altered at seq 2"}
    assert _frozen(admin) == (2, "altered", "reconcile")


def test_a_verified_log_copied_under_another_event_is_not_that_event_s(event, judge):
    """The chain verifies from genesis wherever it is put; the payloads name their event."""
    admin = event
    other = deck_list_keys("2026-other")
    for entry_id, fields in admin.xrange(KEYS.log):
        admin.xadd(other.log, fields, id=entry_id)
    admin.hset(other.meta, mapping={k: admin.hget(KEYS.meta, k) for k in ("head_seq", "head_hash")})
    body = assert_problem(judge.get("/v1/events/2026-other/decklists"), 423)
    assert (body["first_bad_seq"], body["finding"]) == (1, "altered")
    assert ok(judge.get(PATH))["total"] == 3


# ---------------------------------------------------------------------- the old shape

def _old_registration(admin, event_id: str, player_id: str, deck: list[str]) -> str:
    """A list as the deck-list registry wrote it before the chained log."""
    record = {"player_id": player_id, "name": f"P{player_id}", "division": None, "game": "tcg",
              "ruleset": "base-1999", "format": "era", "cards": deck,
              "registered_by": {"subject": "Judge Judy", "role": "judge"},
              "event_id": event_id, "registered_at": "2026-01-02T03:04:05.000000Z"}
    return admin.xadd(deck_list_keys(event_id).legacy, {"record": json.dumps(record)})


def test_lists_registered_the_old_way_still_read_and_join_the_chain_with_the_next(
        judge, redis_client, redis_bytes, redis_url, monkeypatch):
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("REFEREE_JOB_RETRY_INTERVALS", "0")
    admin, event_id = redis_client, "2025-old-cup"
    path = f"/v1/events/{event_id}/decklists"
    decks = {d["name"]: d["cards"] for d in ok(judge.get("/v1/decks"))["decks"]}
    first = _old_registration(admin, event_id, "111", decks["fire-fighting"])
    second = _old_registration(admin, event_id, "222", decks["grass-psychic"])
    listed = ok(judge.get(path))
    assert [(d["player_id"], d["registration"]) for d in listed["decklists"]] == [
        ("111", first), ("222", second)]
    # verify and audit say the lists are unchained, which is not a failure
    [report] = _verify("--event", event_id)
    assert report["chain_ok"] and report["format"] == 1 and report["unchained"] == 2
    assert report["note"] == "unchained (registered before deck-list log v2)"
    table = CliRunner().invoke(main, ["audit", "--event", event_id], catch_exceptions=False)
    assert table.exit_code == 0 and "2 unchained (registered before deck-list log v2)" in table.stdout
    # a match of the event takes an old list
    created = ok(judge.post("/v1/matches", {"event_id": event_id, "players": [
        {"name": "P111", "player_id": "111"}, {"name": "P222", "player_id": "222"}]}), 201)
    made = ok(judge.get(f"/v1/matches/{created['match_id']}/events"))[0]["payload"]["players"]
    assert made[0]["registration"] == {"event_id": event_id, "id": first}
    # the next registration carries the old ones into the chain, in one batch before it
    new = ok(judge.post(path, {"player_id": "333", "name": "P333",
                               "deck_name": "water-lightning"}), 201)
    assert new["registration"] == "3-0"
    keys = deck_list_keys(event_id)
    assert admin.xlen(keys.log) == 3 and admin.xlen(keys.legacy) == 2   # the old stream stays
    listed = ok(judge.get(path))["decklists"]
    assert [(d["player_id"], d["registration"], d["registered_at"][:4]) for d in listed] == [
        ("111", "1-0", "2026"), ("222", "2-0", "2026"), ("333", "3-0", new["registered_at"][:4])]
    migrated = json.loads(admin.xrange(keys.log, "1-0", "1-0")[0][1]["payload"])
    assert migrated["legacy_registration"] == first and migrated["cards"] == decks["fire-fighting"]
    assert build_worker(redis_bytes, simple=True).work(burst=True)
    [report] = _verify("--event", event_id)
    assert report["chain_ok"] and report["format"] == 2 and report["unchained"] == 0
    assert report["events"] == 3 and report["anchored_seq"] == 3
    # an old entry edited after the move changes nothing: only the chain is read
    admin.xadd(keys.legacy, {"record": json.dumps({"player_id": "111", "cards": []})})
    assert ok(judge.get(f"{path}/111"))["cards"] == decks["fire-fighting"]
