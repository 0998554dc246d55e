"""Tampering with a match's log by someone with full Redis access (the ``default`` user):
each forgery must be detected by ``referee verify``, ``referee audit`` and
``GET /v1/matches/{id}/audit``, and every detection must freeze the match (writes 423, reads
flagged, the judges' queue lists it). Then: which of these the app's own ACL user of the
embedded Redis can no longer do at all.

The match: MatchCreated (1), four actions (2-5), a dispute (6), a ruling with a penalty
(7), three actions (8-10); the after-append jobs ran, so seq 10 is anchored outside Redis.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
import redis
from click.testing import CliRunner

from app.cli import main
from app.errors import PROBLEM_MIME
from events.codec import GENESIS_HASH, canonical_json, decode_entries, encode_event, sha256_hex
from events.keys import FROZEN_INDEX, MATCH_INDEX, match_keys, status_index
from events.store import MATCH_STATUSES
from tests.api.positions import bubble, sandbox_players
from tests.reliability.helpers import SECRET, issue_token, long_game
from workers.runner import build_worker

pytestmark = pytest.mark.integration

HEAD = 10
RULING_SEQ = 7


# ---------------------------------------------------------------------- the match

@dataclass
class World:
    http: Any
    judge: str
    admin: redis.Redis          # the attacker: Redis's default user, every command
    queue: redis.Redis
    match_id: str = ""
    receipts: dict[int, dict[str, Any]] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)

    @property
    def player0(self) -> str:
        return self.tokens["0"]

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.judge}"}

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        return self.http.post(path, json=body, headers=self.auth(token))

    def get(self, path: str, token: str | None = None) -> Any:
        return self.http.get(path, headers=self.auth(token))

    def written(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.post(path, body)
        assert answer.status_code == 201, answer.get_data(True)
        data = answer.get_json()
        self.receipts[data["receipt"]["seq"]] = data["receipt"]
        return data

    def work(self) -> None:
        assert build_worker(self.queue, simple=True).work(burst=True)

    @property
    def keys(self):
        return match_keys(self.match_id)


@pytest.fixture
def world(redis_client, redis_bytes, redis_url, monkeypatch):
    from app import create_app

    monkeypatch.setenv("REDIS_URL", redis_url)  # the jobs and the CLI read it
    monkeypatch.setenv("REFEREE_JOB_RETRY_INTERVALS", "0")
    app = create_app({"REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                      "REFEREE_TOKEN_SECRET": SECRET}, redis_client=redis_client)
    w = World(app.test_client(), issue_token(redis_client, "judge", "Judy"), redis_client,
              redis_bytes)
    created = w.written("/v1/matches", {"players": sandbox_players(), "position": long_game()})
    w.match_id = created["match_id"]
    w.tokens = created["tokens"]
    m = w.match_id
    for n in range(4):
        w.written(f"/v1/matches/{m}/actions", {"seat": n % 2, "action": {"type": "end_turn"}})
    dispute = w.written(f"/v1/matches/{m}/disputes",
                        {"seat": 1, "about_seq": 3, "claim": "Seat 0 drew two cards"})
    w.written(f"/v1/matches/{m}/disputes/{dispute['dispute_id']}/ruling",
              {"decision": "upheld", "penalty": {"seat": 0, "level": "warning",
                                                 "infraction": "procedural_error_minor"}})
    for n in range(3):
        w.written(f"/v1/matches/{m}/actions", {"seat": n % 2, "action": {"type": "end_turn"}})
    w.work()  # the after-append jobs: chain checked, head anchored
    assert sorted(w.receipts) == list(range(1, HEAD + 1))
    audit = w.get(f"/v1/matches/{m}/audit").get_json()
    assert audit["chain_ok"] and audit["anchored_seq"] == HEAD and audit["frozen"] is None
    assert w.admin.xrange(w.keys.events, f"{RULING_SEQ}-0", f"{RULING_SEQ}-0")[0][1][
        "type"] == "RulingIssued"
    return w


# ---------------------------------------------------------------------- the forgeries

def _entries(w: World) -> list[tuple[str, dict[str, str]]]:
    return w.admin.xrange(w.keys.events)


def _rewrite_stream(w: World, entries: list[tuple[str, dict[str, str]]]) -> None:
    w.admin.delete(w.keys.events)
    for entry_id, fields in entries:
        w.admin.xadd(w.keys.events, fields, id=entry_id)


def edit_in_place(w: World) -> None:
    """Seat 0's end_turn at seq 5 becomes a concession, hash and links untouched."""
    entries = _entries(w)
    payload = json.loads(entries[4][1]["payload"])
    payload["action"] = {"type": "concede"}
    entries[4] = (entries[4][0], dict(entries[4][1], payload=json.dumps(payload)))
    _rewrite_stream(w, entries)


def delete_event(w: World) -> None:
    w.admin.xdel(w.keys.events, "5-0")


def truncate_tail(w: World) -> None:
    """Cut seqs 8-10 and move the head back to 7: the rest is a chain that verifies, and
    the stream is rebuilt so that it ends at the new head (appends would work again)."""
    entries = _entries(w)[:7]
    _rewrite_stream(w, entries)
    w.admin.hset(w.keys.meta, mapping={"head_seq": 7, "head_hash": entries[-1][1]["hash"]})


def rechain_without_ruling(w: World) -> None:
    """Remove the RulingIssued (and its penalty), renumber what follows and re-chain it
    with plain SHA-256, as a forger without the chain key would."""
    events = list(decode_entries(_entries(w), GENESIS_HASH))
    kept = [e for e in events if e["type"] != "RulingIssued"]
    assert len(kept) == HEAD - 1
    for n, event in enumerate(kept[RULING_SEQ - 1:], start=RULING_SEQ):
        event["seq"] = n
        event["prev_hash"] = kept[n - 2]["hash"]
        event["hash"] = sha256_hex(canonical_json({k: v for k, v in event.items()
                                                   if k != "hash"}))
    flat = [(f"{e['seq']}-0", dict(zip(encode_event(e)[::2], encode_event(e)[1::2],
                                       strict=True))) for e in kept]
    _rewrite_stream(w, flat)
    w.admin.hset(w.keys.meta, mapping={"head_seq": len(kept), "head_hash": kept[-1]["hash"]})


def _gone(w: World, key: str) -> None:
    deadline = time.monotonic() + 5
    while w.admin.exists(key) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not w.admin.exists(key)


def erase_by_set(w: World) -> None:
    """``SET <stream> x PX 1``: the stream is gone a millisecond later (the app's user could
    do this before the ACL became an allow-list)."""
    w.admin.set(w.keys.events, "x", px=1)
    _gone(w, w.keys.events)


def erase_from_index(w: World) -> None:
    """``SUNIONSTORE <meta> ref:none`` empties (so deletes) the meta hash; ZREM takes the
    match out of the indexes: ``audit --all`` used to miss it."""
    w.admin.sunionstore(w.keys.meta, ["ref:none"])
    w.admin.zrem(MATCH_INDEX, w.match_id)
    for status in MATCH_STATUSES:
        w.admin.zrem(status_index(status), w.match_id)
    assert not w.admin.exists(w.keys.meta)


def erase_everything(w: World) -> None:
    """Stream, meta and index entries all gone: only the anchors remember the match."""
    erase_from_index(w)
    erase_by_set(w)


CASES: dict[str, tuple[Callable[[World], None], int, str]] = {
    # name: (forgery, first bad seq, finding)
    "edit in place": (edit_in_place, 5, "altered"),
    "delete an event": (delete_event, 5, "missing"),
    "truncate the tail": (truncate_tail, 8, "truncated"),
    "re-chain without the ruling": (rechain_without_ruling, RULING_SEQ, "altered"),
    "erase by SET": (erase_by_set, 1, "missing"),
    "erase from the index": (erase_from_index, 1, "extra"),
    "erase everything": (erase_everything, 1, "erased"),
}


# ---------------------------------------------------------------------- the detectors

def by_cli_verify(w: World) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["verify", w.match_id], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["chain_ok"] is False
    return report["first_bad_seq"], report["finding"]


def by_cli_audit(w: World) -> tuple[int, str]:
    runner = CliRunner()
    result = runner.invoke(main, ["audit", w.match_id, "--json"], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["chain_ok"] is False
    table = runner.invoke(main, ["audit", "--all"], catch_exceptions=False)
    assert table.exit_code == 1
    row = next(line.split() for line in table.stdout.splitlines()
               if line.startswith(w.match_id))
    assert row[2] == "BAD" and row[4] == str(report["first_bad_seq"]), table.stdout
    return report["first_bad_seq"], report["finding"]


def by_api_audit(w: World) -> tuple[int, str]:
    answer = w.get(f"/v1/matches/{w.match_id}/audit")
    assert answer.status_code == 200, answer.get_data(True)
    report = answer.get_json()
    assert report["chain_ok"] is False and report["frozen"] is not None
    return report["chain_first_bad_seq"], report["finding"]


DETECTORS = {"referee verify": by_cli_verify, "referee audit": by_cli_audit,
             "GET /audit": by_api_audit}
DETECTED_BY = {"referee verify": "cli-verify", "referee audit": "cli-audit",
               "GET /audit": "api-audit"}


def unfreeze(w: World) -> None:
    """What a forger does next: remove the freeze (the meta hash and the index entry)."""
    w.admin.hdel(w.keys.meta, "frozen")
    w.admin.hdel(FROZEN_INDEX, w.match_id)


def assert_frozen(w: World, first_bad: int, finding: str, *, log_left: bool) -> None:
    m = w.match_id
    record = json.loads(w.admin.hget(w.keys.meta, "frozen"))
    assert (record["first_bad_seq"], record["finding"]) == (first_bad, finding)
    # writes: 423 problem+json naming the first bad seq, and nothing appended
    before = w.admin.xlen(w.keys.events) if w.admin.exists(w.keys.events) else 0
    refused = w.post(f"/v1/matches/{m}/actions", {"seat": 1, "action": {"type": "end_turn"}})
    assert refused.status_code == 423, refused.get_data(True)
    assert refused.mimetype == PROBLEM_MIME
    body = refused.get_json()
    assert body["type"] == "/problems/match-frozen"
    assert body["first_bad_seq"] == first_bad and body["finding"] == finding
    penalty = w.post(f"/v1/matches/{m}/penalties",
                     {"seat": 1, "infraction": "tardiness", "level": "warning"})
    assert penalty.status_code == 423
    dispute = w.post(f"/v1/matches/{m}/disputes", {"about_seq": 1, "claim": "x"})
    assert dispute.status_code == 423
    after = w.admin.xlen(w.keys.events) if w.admin.exists(w.keys.events) else 0
    assert after == before
    # reads: flagged with the first bad seq; a log the engine can't fold any more is a 423
    flag = f"frozen; first-bad-seq={first_bad}; finding={finding}"
    for path in ("", "/state", "/events", "/timeline"):
        read = w.get(f"/v1/matches/{m}{path}")
        assert read.status_code in (200, 404, 423), (path, read.get_data(True))
        assert read.headers.get("Referee-Integrity") == flag, path
        if log_left:
            assert read.status_code in (200, 423), (path, read.get_data(True))
    events = w.get(f"/v1/matches/{m}/events")
    if log_left:
        assert events.status_code == 200  # the judge still reads the (forged) log
    summary = w.get(f"/v1/matches/{m}")
    if summary.status_code == 200:
        integrity = summary.get_json()["integrity"]
        assert integrity["frozen"] is True and integrity["first_bad_seq"] == first_bad
    # the judges' queue
    queue = w.get("/v1/disputes").get_json()
    entries = [d for d in queue["disputes"] if d["kind"] == "integrity"]
    assert [(d["match_id"], d["first_bad_seq"], d["finding"]) for d in entries] == [
        (m, first_bad, finding)]
    assert queue["total"] == len(queue["disputes"])


@pytest.mark.parametrize("case", CASES)
def test_each_forgery_is_detected_everywhere_and_each_detection_freezes(world, case):
    forge, first_bad, finding = CASES[case]
    forge(world)
    for name, detect in DETECTORS.items():
        unfreeze(world)  # each detector must freeze the match by itself
        assert detect(world) == (first_bad, finding), name
        record = json.loads(world.admin.hget(world.keys.meta, "frozen"))
        assert record["detected_by"] == DETECTED_BY[name]
        assert json.loads(world.admin.hget(FROZEN_INDEX, world.match_id)) == record
    assert_frozen(world, first_bad, finding,
                  log_left=case not in ("erase by SET", "erase from the index",
                                        "erase everything"))


def test_the_jobs_and_reconcile_freeze_too_and_refreeze_after_a_forger_unfreezes(
        world, monkeypatch):
    from workers.jobs import after_append_job, reconcile_job, verify_chain_job

    # The after-append job reads the whole log once a minute (the prefix its process
    # verified before the edit is otherwise trusted): here at every run.
    monkeypatch.setenv("REFEREE_WHOLE_CHECK_SECONDS", "0")
    edit_in_place(world)
    for job in (after_append_job, verify_chain_job, lambda _m: reconcile_job()):
        unfreeze(world)
        job(world.match_id)
        record = json.loads(world.admin.hget(world.keys.meta, "frozen"))
        assert (record["first_bad_seq"], record["finding"]) == (5, "altered")
    assert world.get(f"/v1/matches/{world.match_id}/state").headers["Referee-Integrity"]


def test_an_in_place_edit_is_caught_by_the_next_append_s_job_that_reads_the_whole_log(
        world, monkeypatch):
    """Between appends nothing verifies; the append after an edit lands, and the first job
    after it that reads the whole log (once a minute; here every time) freezes the match:
    the append after that is refused."""
    monkeypatch.setenv("REFEREE_WHOLE_CHECK_SECONDS", "0")
    m = world.match_id
    edit_in_place(world)
    assert world.post(f"/v1/matches/{m}/actions",
                      {"seat": 1, "action": {"type": "end_turn"}}).status_code == 201
    world.work()
    refused = world.post(f"/v1/matches/{m}/actions", {"seat": 0, "action": {"type": "end_turn"}})
    assert refused.status_code == 423 and refused.get_json()["first_bad_seq"] == 5
    assert json.loads(world.admin.hget(world.keys.meta, "frozen"))["detected_by"] == \
        "after-append-job"


def test_a_stream_written_behind_the_store_s_back_freezes_on_the_next_write(world):
    """What the app's own user can still do - move the head back - leaves entries past the
    head: the append script's stream check is a detection (423), not a 500."""
    m = world.match_id
    entries = _entries(world)
    world.admin.hset(world.keys.meta, mapping={"head_seq": 7, "head_hash": entries[6][1]["hash"]})
    refused = world.post(f"/v1/matches/{m}/actions", {"seat": 0, "action": {"type": "end_turn"}})
    assert refused.status_code == 423, refused.get_data(True)
    assert refused.get_json()["first_bad_seq"] == 8
    assert refused.get_json()["finding"] == "extra"
    assert len(_entries(world)) == HEAD
    assert json.loads(world.admin.hget(world.keys.meta, "frozen"))["detected_by"] == "write"


# ---------------------------------------------------------------------- receipts

def test_receipts_prove_a_truncation_even_without_anchors(world, tmp_path):
    m = world.match_id
    for anchor_file in tmp_path.glob("anchors/*.jsonl"):
        anchor_file.unlink()  # the anchors are lost too: the receipts still tell
    truncate_tail(world)
    assert world.get(f"/v1/matches/{m}/audit").get_json()["chain_ok"] is True  # undetected
    kept = [world.receipts[seq] for seq in (3, 9, 10)]
    answer = world.post(f"/v1/matches/{m}/audit/receipts", {"receipts": kept},
                        world.player0)
    assert answer.status_code == 200, answer.get_data(True)
    body = answer.get_json()
    assert body["ok"] is False and body["valid"] == 3 and body["held"] == 1
    assert [r["held"] for r in body["receipts"]] == [True, False, False]
    assert (body["first_bad_seq"], body["finding"]) == (8, "truncated")
    assert body["frozen"]["detected_by"] == "receipts"
    assert answer.headers["Referee-Integrity"] == "frozen; first-bad-seq=8; finding=truncated"
    # kept as anchors: after the forger unfreezes, the next audit finds the cut again
    unfreeze(world)
    audit = world.get(f"/v1/matches/{m}/audit").get_json()
    assert audit["chain_ok"] is False and audit["finding"] == "truncated"
    assert audit["anchored_seq"] == 10 and world.admin.hget(world.keys.meta, "frozen")


def test_receipts_are_checked_without_trusting_the_client(world, redis_client):
    m = world.match_id
    good = world.receipts[HEAD]
    forged = dict(good, seq=HEAD + 5)
    flipped = dict(good, signature=("0" if good["signature"][0] != "0" else "1")
                   + good["signature"][1:])
    other = world.written("/v1/matches", {"players": sandbox_players(), "position": long_game()})
    answer = world.post(f"/v1/matches/{m}/audit/receipts",
                        {"receipts": [good, forged, flipped, other["receipt"]]})
    body = answer.get_json()
    assert answer.status_code == 200 and body["ok"] is True
    assert [(r["signature_ok"], r["same_match"], r["held"]) for r in body["receipts"]] == [
        (True, True, True), (False, True, None), (False, True, None), (True, False, None)]
    assert body["frozen"] is None and redis_client.hget(world.keys.meta, "frozen") is None
    # hostile bodies: 4xx problem+json, never a 500, never a change
    bad_bodies = [{}, {"receipts": []}, {"receipts": [good] * 1001},
                  {"receipts": [dict(good, seq=0)]}, {"receipts": [dict(good, seq="1")]},
                  {"receipts": [dict(good, hash="X" * 64)]},
                  {"receipts": [dict(good, signature=good["signature"][:-1])]},
                  {"receipts": [dict(good, match_id="a{b}")]},
                  {"receipts": [dict(good, extra=1)]}, {"receipts": "all"}, []]
    for bad in bad_bodies:
        refused = world.post(f"/v1/matches/{m}/audit/receipts", bad)
        assert refused.status_code == 422, (bad, refused.get_data(True))
        assert refused.mimetype == PROBLEM_MIME
    for path in ("/v1/matches/nobody/audit/receipts", "/v1/matches/a%7Bb%7D/audit/receipts"):
        assert world.post(path, {"receipts": [dict(good, seq=1)]}).status_code == 404
    assert redis_client.hget(world.keys.meta, "frozen") is None
    assert not redis_client.exists(match_keys("nobody").meta)
    # only readers of the match present receipts
    stranger = other["tokens"]["0"]
    assert world.post(f"/v1/matches/{m}/audit/receipts", {"receipts": [good]},
                      stranger).status_code == 403


def test_a_receipt_shows_nothing_hidden(world):
    """A player's answer carries the stored hash and a signature over (match, seq, hash):
    nothing the filtered event does not already show."""
    m = world.match_id
    answer = world.post(f"/v1/matches/{m}/actions", {"seat": 1, "action": {"type": "end_turn"}},
                        world.tokens["1"])
    assert answer.status_code == 201, answer.get_data(True)
    body = answer.get_json()
    assert set(body["receipt"]) == {"match_id", "seq", "hash", "signature"}
    assert body["receipt"]["hash"] == body["event"]["hash"] and body["receipt"]["seq"] == body["seq"]


# ---------------------------------------------------------------------- the anchors

def test_garbage_in_the_anchor_file_is_counted_not_believed(world, tmp_path):
    anchors = next(tmp_path.glob("anchors/*.jsonl"))
    line = json.loads(anchors.read_text().splitlines()[-1])
    with anchors.open("a") as handle:
        handle.write(json.dumps(dict(line, seq=99)) + "\n")   # MAC no longer fits
        handle.write("not json\n")
    audit = world.get(f"/v1/matches/{world.match_id}/audit").get_json()
    assert audit["chain_ok"] is True and audit["anchors_invalid"] == 2
    assert audit["frozen"] is None


def test_anchor_lines_are_signed_appended_and_private(world, tmp_path):
    [anchors] = list(tmp_path.glob("anchors/*.jsonl"))
    assert anchors.name == f"{world.match_id}.jsonl"
    assert oct(anchors.stat().st_mode & 0o777) == "0o600"
    lines = [json.loads(line) for line in anchors.read_text().splitlines()]
    assert lines and set(lines[-1]) == {"v", "match_id", "seq", "hash", "at", "kind", "mac"}
    assert lines[-1]["seq"] == HEAD and lines[-1]["kind"] == "head"
    from workers.jobs import after_append_job

    after_append_job(world.match_id)  # a job run twice anchors nothing new
    assert len(anchors.read_text().splitlines()) == len(lines)


# ---------------------------------------------------------------------- the ACL user

def _store_user_world(embedded_redis, monkeypatch, tmp_path):
    """The app on the embedded Redis as `referee serve` runs it: the store as the
    `referee` ACL user, the queue as `referee-rq`."""
    from app import create_app

    monkeypatch.setenv("REFEREE_ANCHOR_DIR", str(tmp_path / "anchors"))
    monkeypatch.setenv("REDIS_URL", embedded_redis.redis_url)
    monkeypatch.setenv("REFEREE_JOB_RETRY_INTERVALS", "0")
    monkeypatch.setenv("REFEREE_SNAPSHOT_EVERY", "3")
    app = create_app({"REDIS_URL": embedded_redis.redis_url,
                      "RQ_REDIS_URL": embedded_redis.rq_redis_url,
                      "REFEREE_TOKEN_SECRET": SECRET, "REFEREE_SSE_BLOCK_MS": 20})
    store_user = redis.Redis.from_url(embedded_redis.redis_url, decode_responses=True)
    queue_user = redis.Redis.from_url(embedded_redis.rq_redis_url)
    return app, store_user, queue_user


def test_the_app_s_acl_user_can_no_longer_forge_and_what_it_can_do_is_detected(
        embedded_redis, monkeypatch, tmp_path):
    app, user, queue_user = _store_user_world(embedded_redis, monkeypatch, tmp_path)
    admin = embedded_redis.admin_client(decode_responses=True)
    w = World(app.test_client(), issue_token(user, "judge", "Judy"), user, queue_user)
    created = w.written("/v1/matches", {"players": sandbox_players(), "position": long_game()})
    w.match_id = m = created["match_id"]
    for n in range(4):
        w.written(f"/v1/matches/{m}/actions", {"seat": n % 2, "action": {"type": "end_turn"}})
    w.work()
    stream, meta = w.keys.events, w.keys.meta
    refused = {
        "edit in place": [("DEL", stream), ("RENAME", stream, "ref:x"),
                          ("RESTORE", stream, "0", "x", "REPLACE"), ("XDEL", stream, "3-0")],
        "delete an event": [("XDEL", stream, "3-0")],
        "truncate the tail": [("XDEL", stream, "5-0"), ("XTRIM", stream, "MAXLEN", "3"),
                              ("XSETID", stream, "3-0")],
        "re-chain without the ruling": [("DEL", stream), ("UNLINK", stream)],
        "erase by SET": [("SET", stream, "x", "PX", "1"), ("EXPIRE", stream, "1"),
                         ("COPY", meta, stream, "REPLACE")],
        "erase from the index": [("SUNIONSTORE", meta, "ref:none"), ("DEL", meta),
                                 ("ZREMRANGEBYRANK", MATCH_INDEX, "0", "-1")],
    }
    for case, commands in refused.items():
        for command in commands:
            with pytest.raises(redis.exceptions.NoPermissionError):
                user.execute_command(*command)
                pytest.fail(f"{case}: {command[0]} was allowed")
    assert admin.xlen(stream) == 5 and admin.exists(meta)

    # What the user still may do, being the one that appends, indexes and freezes:
    # empty the meta hash field by field and drop the match from the indexes...
    fields = user.hkeys(meta)
    user.hdel(meta, *fields)
    user.zrem(MATCH_INDEX, m)
    for status in MATCH_STATUSES:
        user.zrem(status_index(status), m)
    assert not admin.exists(meta)
    # ...but the stream stays, so `audit --all` finds it, and the anchors remember it.
    table = CliRunner().invoke(main, ["audit", "--all"], catch_exceptions=False)
    row = next(line.split() for line in table.stdout.splitlines() if line.startswith(m))
    assert table.exit_code == 1 and row[2] == "BAD" and row[4] == "1", table.stdout
    assert json.loads(admin.hget(meta, "frozen"))["finding"] == "extra"

    # XADD ... MAXLEN trims a stream's oldest entries; it can't be told apart from an
    # append by command name. Detected: seq 1 is gone.
    other = w.written("/v1/matches", {"players": sandbox_players(), "position": long_game()})
    o = match_keys(other["match_id"])
    user.execute_command("XADD", o.events, "MAXLEN", "0", "9-0", "seq", "9")
    report = w.get(f"/v1/matches/{other['match_id']}/audit").get_json()
    assert report["chain_ok"] is False and report["chain_first_bad_seq"] == 1

    # Together, all the user can do to erase a match: every entry trimmed, the meta hash
    # emptied, the index entries gone. The (empty) stream and meta verify: the anchors
    # remember the match.
    third = w.written("/v1/matches", {"players": sandbox_players(), "position": long_game()})
    w.work()
    t, tid = match_keys(third["match_id"]), third["match_id"]
    user.execute_command("XADD", t.events, "MAXLEN", "0", "99-0", "x", "y")
    user.hdel(t.meta, *user.hkeys(t.meta))
    for index in (MATCH_INDEX, *(status_index(s) for s in MATCH_STATUSES)):
        user.zrem(index, tid)
    assert admin.xlen(t.events) == 0 and not admin.exists(t.meta)
    assert CliRunner().invoke(main, ["verify", tid]).exit_code == 1
    table = CliRunner().invoke(main, ["audit", "--all"], catch_exceptions=False)
    row = next(line for line in table.stdout.splitlines() if line.startswith(tid))
    assert "BAD" in row and "log erased" in row, table.stdout
    user.close()
    admin.close()


def test_a_whole_match_runs_on_the_acl_allow_list(embedded_redis, monkeypatch, tmp_path):
    """Every route, job and command that touches the store, as the `referee` user: the
    allow-list must hold every command they send (a NOPERM would be a 500 here)."""
    from workers.jobs import rebuild_job, reconcile_job

    app, user, queue_user = _store_user_world(embedded_redis, monkeypatch, tmp_path)
    admin_token = issue_token(user, "admin", "Ada")
    w = World(app.test_client(), issue_token(user, "judge", "Judy", head_judge=True), user,
              queue_user)
    created = w.written("/v1/matches", {"players": sandbox_players(), "position": long_game()})
    w.match_id = m = created["match_id"]
    ok = []

    def check(answer, status=200):
        ok.append(answer.status_code)
        assert answer.status_code == status, answer.get_data(True)
        return answer.get_json()

    for n in range(3):
        w.written(f"/v1/matches/{m}/actions", {"seat": n % 2, "action": {"type": "end_turn"},
                                               "idempotency_key": f"k{n}"})
    check(w.post(f"/v1/matches/{m}/actions", {"seat": 0, "action": {"type": "end_turn"},
                                              "idempotency_key": "k0"}), 201)  # a retry
    check(w.post(f"/v1/matches/{m}/legality", {"seat": 1, "action": {"type": "end_turn"}}))
    check(w.get(f"/v1/matches/{m}/legal-actions"))
    d = w.written(f"/v1/matches/{m}/disputes", {"seat": 0, "about_seq": 2, "claim": "c"})
    w.written(f"/v1/matches/{m}/disputes/{d['dispute_id']}/ruling",
              {"decision": "overturned", "remedy": {"rewind_to": 3},
               "penalty": {"seat": 1, "infraction": "tardiness", "level": "warning"}})
    appealed = check(w.post(f"/v1/matches/{m}/disputes/{d['dispute_id']}/appeal",
                            {"reason": "no"}, created["tokens"]["1"]), 201)
    w.receipts[appealed["receipt"]["seq"]] = appealed["receipt"]
    w.written(f"/v1/matches/{m}/disputes/{d['dispute_id']}/appeal/decision",
              {"decision": "upheld"})
    w.written(f"/v1/matches/{m}/penalties", {"seat": 0, "infraction": "tardiness",
                                             "level": "caution"})
    w.written(f"/v1/matches/{m}/rewind", {"to_seq": 2, "reason": "misdeal"})
    w.written(f"/v1/matches/{m}/time", {})
    w.work()
    for path in ("", "/state", "/state?at=2", "/events", "/timeline", "/audit", "/disputes",
                 "/stream?timeout=0.05&max_events=1"):
        check(w.get(f"/v1/matches/{m}{path}"))
    check(w.post(f"/v1/matches/{m}/audit/receipts", {"receipts": list(w.receipts.values())}))
    for path in ("/v1/matches", "/v1/disputes", "/v1/disputes?status=all",
                 "/v1/players/1001/penalties", "/v1/health", "/v1/whoami"):
        check(w.get(path))
    issued = check(w.post("/v1/tokens", {"role": "judge", "subject": "Kim"}, admin_token), 201)
    assert w.http.delete(f"/v1/tokens/{issued['token_id']}",
                         headers=w.auth(admin_token)).status_code == 204
    reconciled = reconcile_job()
    assert not reconciled["errors"] and not reconciled["integrity"]
    assert not rebuild_job()["failed"]
    runner = CliRunner()
    for command in (["verify", m], ["audit", "--all"], ["reconcile"], ["export", m],
                    ["replay", m]):
        result = runner.invoke(main, command, catch_exceptions=False)
        assert result.exit_code == 0, (command, result.output)
    assert user.hget(w.keys.meta, "frozen") is None
    assert 500 not in ok


# ---------------------------------------------------------------------- the meta hash

def _fresh_app(redis_client, redis_url):
    """Another process's app: its own store, so nothing of the match verified before."""
    from app import create_app

    return create_app({"REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                       "REFEREE_TOKEN_SECRET": SECRET}, redis_client=redis_client)


@pytest.fixture
def bubble_match(world):
    """A match whose coins the service flips: seat 0's Squirtle may Bubble (one coin:
    heads paralyses)."""
    created = world.written("/v1/matches", {"players": sandbox_players(), "position": bubble()})
    return created["match_id"], created["tokens"]


BUBBLE = {"type": "attack", "attack": "Bubble", "choices": {}}


@pytest.mark.parametrize("fresh", [False, True], ids=["this process", "another process"])
def test_a_player_can_not_choose_its_flips_by_editing_the_meta_hash(world, bubble_match,
                                                                    redis_client, redis_url,
                                                                    fresh):
    """The issue's attack: one HSET of `randomness` on a service-randomness match's meta hash
    let a player report its own coin (heads: the opponent paralysed), and the log verified.
    Who flips comes from MatchCreated now; the meta hash that says otherwise freezes the
    match (meta_mismatch), in the process that knew the match and in one that never read
    it."""
    m, tokens = bubble_match
    keys = match_keys(m)
    world.admin.hset(keys.meta, "randomness", json.dumps("reported"))
    http = _fresh_app(redis_client, redis_url).test_client() if fresh else world.http
    player = {"Authorization": f"Bearer {tokens['0']}"}
    before = world.admin.xlen(keys.events)
    # a read first: the legality of the forced flip is refused from the log's facts (403),
    # and the answer is flagged: the meta hash was found to contradict the log
    asked = http.post(f"/v1/matches/{m}/legality", headers=player,
                      json={"seat": 0, "action": BUBBLE, "coins": ["heads"]})
    assert asked.status_code == 403, asked.get_data(True)
    assert asked.headers["Referee-Integrity"] == \
        "frozen; first-bad-seq=1; finding=meta_mismatch"
    forced = http.post(f"/v1/matches/{m}/actions", headers=player,
                       json={"seat": 0, "action": BUBBLE, "coins": ["heads"]})
    assert forced.status_code == 403, forced.get_data(True)   # coins: the log's service's
    refused = http.post(f"/v1/matches/{m}/actions", headers=player,
                        json={"seat": 0, "action": BUBBLE})
    assert refused.status_code == 423, refused.get_data(True)
    assert refused.get_json()["finding"] == "meta_mismatch"
    assert world.admin.xlen(keys.events) == before
    record = json.loads(world.admin.hget(keys.meta, "frozen"))
    assert (record["first_bad_seq"], record["finding"], record["detected_by"]) == (
        1, "meta_mismatch", "read")
    # the judges see it, and what the match is comes from the log
    summary = world.get(f"/v1/matches/{m}").get_json()
    assert summary["randomness"] == "service" and summary["integrity"]["frozen"] is True
    queue = world.get("/v1/disputes").get_json()["disputes"]
    assert [(d["match_id"], d["finding"]) for d in queue if d["kind"] == "integrity"] == [
        (m, "meta_mismatch")]


@pytest.mark.parametrize("field, raw", [
    ("game", '"tfg"'), ("ruleset", '"modern"'), ("players", '["Ana", "Eve"]'),
    ("sandbox", "false"), ("table", "12"), ("player_ids", '["1001", null]'),
    ("divisions", '["masters", null]'), ("created_by", '{"subject": "Eve", "role": "judge"}'),
    ("randomness", "{not json"),
])
def test_any_meta_field_that_contradicts_match_created_freezes_the_match_at_the_next_write(
        world, bubble_match, field, raw):
    m, tokens = bubble_match
    keys = match_keys(m)
    world.admin.hset(keys.meta, field, raw)
    refused = world.post(f"/v1/matches/{m}/penalties",
                         {"seat": 1, "infraction": "tardiness", "level": "warning"})
    assert refused.status_code == 423, refused.get_data(True)
    body = refused.get_json()
    assert (body["first_bad_seq"], body["finding"]) == (1, "meta_mismatch")
    assert json.loads(world.admin.hget(keys.meta, "frozen"))["detected_by"] == "write"
    assert world.admin.xlen(keys.events) == 1


def test_meta_fields_that_decide_nothing_are_no_finding(world, bubble_match):
    """The status (kept by the write path), the index's own fields and a field an older
    record never had: editing or removing them freezes nothing."""
    m, tokens = bubble_match
    keys = match_keys(m)
    world.admin.hset(keys.meta, "status", json.dumps("finished"))
    world.admin.hdel(keys.meta, "player_ids", "divisions")
    world.written(f"/v1/matches/{m}/actions", {"seat": 0, "action": {"type": "end_turn"}})
    assert world.admin.hget(keys.meta, "frozen") is None


def test_a_match_created_copied_from_another_match_is_not_this_match_s(world, bubble_match,
                                                                       redis_client, redis_url):
    """MatchCreated names its match: another match's verified MatchCreated (a reported-coins
    match's), or its whole log, copied into this match's keys does not make this match that
    one - in a process that never read it either."""
    m, _tokens = bubble_match
    reported = world.written("/v1/matches", {"players": sandbox_players(), "position": bubble(),
                                             "randomness": "reported"})
    donor = match_keys(reported["match_id"])
    keys = match_keys(m)
    world.admin.delete(keys.events)
    for entry_id, fields in world.admin.xrange(donor.events):
        world.admin.xadd(keys.events, fields, id=entry_id)
    world.admin.hset(keys.meta, mapping={
        "head_seq": world.admin.hget(donor.meta, "head_seq"),
        "head_hash": world.admin.hget(donor.meta, "head_hash"),
        "randomness": json.dumps("reported")})
    http = _fresh_app(redis_client, redis_url).test_client()
    judge = {"Authorization": f"Bearer {world.judge}"}
    for path in ("", "/state", "/events"):
        answer = http.get(f"/v1/matches/{m}{path}", headers=judge)
        assert answer.status_code == 423, (path, answer.get_data(True))
        assert answer.get_json()["first_bad_seq"] == 1
    assert json.loads(world.admin.hget(keys.meta, "frozen"))["finding"] == "altered"


# ---------------------------------------------------------------------- a trimmed log

def trim_oldest(w: World) -> None:
    """XTRIM MINID = 3-0: the stream's oldest entries (MatchCreated and seq 2) are gone,
    the head untouched."""
    w.admin.xtrim(w.keys.events, minid="3-0", approximate=False)
    assert w.admin.xlen(w.keys.events) == HEAD - 2


def delete_the_first(w: World) -> None:
    w.admin.xdel(w.keys.events, "1-0")


@pytest.mark.parametrize("forge", [trim_oldest, delete_the_first])
@pytest.mark.parametrize("fresh", [False, True], ids=["this process", "another process"])
def test_a_log_that_lost_its_first_entries_answers_423_everywhere(world, redis_client, redis_url,
                                                                   forge, fresh):
    """Every read and write of a match whose oldest entries were trimmed answers 423 naming
    seq 1 (it was a 404, "no events", or a state served from memory): nothing about the match
    can be decided without its MatchCreated. Also in the process that served it until now."""
    m = world.match_id
    forge(world)
    http = _fresh_app(redis_client, redis_url).test_client() if fresh else world.http
    judge = {"Authorization": f"Bearer {world.judge}"}
    player = {"Authorization": f"Bearer {world.tokens['1']}"}
    reads = ["", "/state", "/state?at=3", "/events", "/timeline", "/legal-actions",
             "/disputes", "/report", "/stream?timeout=0.05&max_events=1"]
    writes = [("/actions", {"seat": 1, "action": {"type": "end_turn"}}, player),
              ("/legality", {"seat": 1, "action": {"type": "end_turn"}}, player),
              ("/actions", {"seat": 1, "action": {"type": "end_turn"}}, judge),
              ("/penalties", {"seat": 1, "infraction": "tardiness", "level": "warning"}, judge),
              ("/disputes", {"about_seq": 4, "claim": "x"}, judge),
              ("/rewind", {"to_seq": 4, "reason": "r"}, judge),
              ("/clock", {"do": "start", "minutes": 50}, judge)]
    answers = [(path, http.get(f"/v1/matches/{m}{path}", headers=judge)) for path in reads]
    answers += [(path, http.post(f"/v1/matches/{m}{path}", json=body, headers=who))
                for path, body, who in writes]
    for path, answer in answers:
        assert answer.status_code == 423, (path, answer.status_code, answer.get_data(True))
        assert answer.mimetype == PROBLEM_MIME
        body = answer.get_json()
        assert (body["first_bad_seq"], body["finding"]) == (1, "missing"), path
        assert answer.headers["Referee-Integrity"] == "frozen; first-bad-seq=1; finding=missing"
    assert world.admin.xlen(world.keys.events) == HEAD - (2 if forge is trim_oldest else 1)
    audit = http.get(f"/v1/matches/{m}/audit", headers=judge)   # the audit still reports
    assert audit.status_code == 200 and audit.get_json()["chain_first_bad_seq"] == 1
