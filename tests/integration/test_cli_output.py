"""Every `referee` command with its stdout piped into another program, as a script runs
it: stdout carries the command's data alone (JSON, the token, the export, the timeline),
never a banner, a summary, progress, colour codes or a log line; messages and logs go to
stderr, progress bars only when stderr is a terminal; every failure exits non-zero.

Each command runs as a real process (``python -m app.cli``) on the test Redis."""

from __future__ import annotations

import errno
import json
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import redis

from events.embedded import free_port
from events.keys import match_keys
from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from tests.factories import match_created
from tests.workers.helpers import Table, new_match
from workers import enqueue_verify

pytestmark = pytest.mark.integration

TOKEN_SECRET = "token-secret-" + "t" * 40
ESC = "\x1b"
# What people typed, with escape sequences that would clear and recolour a terminal
HOSTILE_JUDGE = "jo\x1b[2J\x1b[31m"
HOSTILE_CLAIM = "attached twice\x1b]0;owned\x07\nFAKE LINE"
UNSET = ("REDIS_URL", "RQ_REDIS_URL", "REFEREE_TOKEN_SECRET", "REFEREE_DEV_MODE", "PORT",
         "REFEREE_CHAIN_KEY", "REFEREE_ANCHOR_DIR", "REFEREE_DATA_DIR", "FORCE_COLOR",
         "NO_COLOR", "CLICOLOR_FORCE")


def referee(*args: str) -> list[str]:
    return [sys.executable, "-m", "app.cli", *args]


@pytest.fixture
def env(redis_url, tmp_path) -> dict[str, str]:
    """A command's environment: the test Redis, the chain key, a token secret."""
    base = {k: v for k, v in os.environ.items() if k not in UNSET}
    return dict(base, REDIS_URL=redis_url, REFEREE_TOKEN_SECRET=TOKEN_SECRET,
                REFEREE_CHAIN_KEY=TEST_CHAIN_KEY,
                REFEREE_ANCHOR_DIR=os.environ["REFEREE_ANCHOR_DIR"],
                REFEREE_DATA_DIR=str(tmp_path / "data"))


@pytest.fixture
def run(env, tmp_path):
    """``run(*args)``: the command with stdout and stderr each a pipe; checks what must
    hold for every command whatever it did (no colour, no secret, no traceback).
    ``raw_data``: stdout is an export, byte for byte (it may hold what people typed)."""

    def go(*args: str, extra_env: dict[str, str] | None = None,
           raw_data: bool = False) -> subprocess.CompletedProcess:
        done = subprocess.run(referee(*args), cwd=tmp_path, env=dict(env, **(extra_env or {})),
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=90)
        assert ESC not in done.stderr, (args, done.stderr)
        assert raw_data or ESC not in done.stdout, (args, done.stdout)
        for stream in (done.stdout, done.stderr):
            assert TOKEN_SECRET not in stream and TEST_CHAIN_KEY not in stream, args
        assert "Traceback" not in done.stderr, (args, done.stderr)
        return done

    return go


def judged_match(store: EventStore, match_id: str = "judged", seed: int = 2) -> Table:
    """A match with play, a dispute (typed with escape sequences) ruled with a rewind, and
    more play."""
    table = new_match(store, match_id, seed=seed)
    table.play(20, batch=10)
    hostile = {"subject": HOSTILE_JUDGE, "role": "judge"}
    table.judge("DisputeOpened", {"dispute_id": "d1", "seat": 1, "about_seq": 12,
                                  "claim": HOSTILE_CLAIM}, actor=hostile)
    table.judge("RulingIssued", {"dispute_id": "d1", "decision": "upheld",
                                 "remedy": {"rewind_to": 11}, "notes": "backed up"},
                actor=hostile)
    table.play(6, batch=3)
    return table


def tamper(client: redis.Redis, match_id: str, seq: int) -> None:
    """Rewrite one stored event's payload behind the store's back (ids kept)."""
    stream = match_keys(match_id).events
    entries = client.xrange(stream)
    client.delete(stream)
    for entry_id, fields in entries:
        if entry_id == f"{seq}-0":
            payload = json.loads(fields["payload"])
            payload["seat"] = 1 - payload.get("seat", 0)
            fields = dict(fields, payload=json.dumps(payload))
        client.xadd(stream, fields, id=entry_id)


def read_all(fd: int) -> bytes:
    """Everything a pty's master end holds, once the child has exited."""
    chunks = []
    while select.select([fd], [], [], 0.5)[0]:
        try:
            chunk = os.read(fd, 65536)
        except OSError as exc:  # EIO: the other end is closed and drained
            if exc.errno == errno.EIO:
                break
            raise
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def run_on_terminal(env: dict[str, str], cwd: Path, *args: str, stdout_tty: bool = True,
                    stderr_tty: bool = False) -> tuple[int, str, str]:
    """The command with stdout and/or stderr on a pseudo-terminal (what a person at a
    terminal sees), the other a pipe. (exit status, stdout, stderr); ``\\r\\n`` as ``\\n``."""
    opened = {name: pty.openpty() for name, tty in (("out", stdout_tty), ("err", stderr_tty))
              if tty}
    try:
        process = subprocess.Popen(
            referee(*args), cwd=cwd, env=env, stdin=subprocess.DEVNULL,
            stdout=opened["out"][1] if "out" in opened else subprocess.PIPE,
            stderr=opened["err"][1] if "err" in opened else subprocess.PIPE)
        for _master, slave in opened.values():
            os.close(slave)
        texts = {}
        for name, pipe in (("out", process.stdout), ("err", process.stderr)):
            if pipe is not None:
                texts[name] = pipe.read()
        process.wait(90)
        for name, (master, _slave) in opened.items():
            texts[name] = read_all(master)
    finally:
        for master, _slave in opened.values():
            os.close(master)
    out, err = (texts[n].decode().replace("\r\n", "\n") for n in ("out", "err"))
    return process.returncode, out, err


# ---------------------------------------------------------------------- verify

def test_verify_prints_one_json_object_and_fails_unknown_matches(store, redis_client, run):
    judged_match(store)
    ok = run("verify", "judged")
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.count("\n") == 1 and ok.stdout.endswith("\n")
    report = json.loads(ok.stdout)
    assert report["match_id"] == "judged" and report["chain_ok"] is True

    unknown = run("verify", "nobody")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert "unknown match nobody" in unknown.stderr

    bad_id = run("verify", "../etc")
    assert bad_id.returncode == 2 and bad_id.stdout == ""
    missing = run("verify")
    assert missing.returncode == 2 and missing.stdout == ""

    new_match(store, "forged", seed=4).play(12, batch=6)
    tamper(redis_client, "forged", 5)
    failed = run("verify", "forged")
    assert failed.returncode == 1
    assert json.loads(failed.stdout)["chain_ok"] is False  # the data, still on stdout


# ---------------------------------------------------------------------- token

def test_token_create_prints_the_token_alone(redis_url, run):
    created = run("token", "create", "--role", "judge", "--subject", "Kim", "--head-judge")
    assert created.returncode == 0, created.stderr
    assert re.fullmatch(r"[A-Za-z0-9_-]{20,}\n", created.stdout), created.stdout
    token = created.stdout.strip()
    assert token not in created.stderr
    token_id = re.search(r"token id (\w+)", created.stderr).group(1)

    from app.auth import TokenStore

    with redis.Redis.from_url(redis_url, decode_responses=True) as client:
        tokens = TokenStore(client, TOKEN_SECRET)
        record = tokens.lookup(token)  # what was printed is the token itself
        assert record is not None and record["token_id"] == token_id
        assert record["role"] == "judge" and record["subject"] == "Kim"

        revoked = run("token", "revoke", token_id)
        assert revoked.returncode == 0 and revoked.stdout == "", revoked.stderr
        assert tokens.lookup(token) is None
    again = run("token", "revoke", "no-such-token")
    assert again.returncode == 1 and again.stdout == ""
    assert "no token with id" in again.stderr

    for args in (("token", "create", "--role", "wizard", "--subject", "Kim"),
                 ("token", "create", "--role", "admin", "--subject", "Kim", "--head-judge"),
                 ("token", "create", "--role", "judge"),
                 ("token", "revoke")):
        refused = run(*args)
        assert refused.returncode == 2 and refused.stdout == "", args
    no_secret = run("token", "create", "--role", "judge", "--subject", "Kim",
                    extra_env={"REFEREE_TOKEN_SECRET": ""})
    assert no_secret.returncode == 1 and no_secret.stdout == ""


# ---------------------------------------------------------------------- audit

def test_audit_piped_is_one_tab_separated_line_per_match(store, redis_client, run):
    table = judged_match(store)
    new_match(store, "forged", seed=4).play(12, batch=6)
    tamper(redis_client, "forged", 5)

    one = run("audit", "judged")
    assert one.returncode == 0, one.stderr
    assert one.stdout == f"judged\t{table.seq}\tok\tok\t\t\n"
    assert "1 match(es) audited, 0 failed" in one.stderr
    assert "auditing" not in one.stderr  # no progress: stderr is no terminal

    every = run("audit", "--all")
    assert every.returncode == 1
    rows = {line.split("\t")[0]: line.split("\t") for line in every.stdout.splitlines()}
    assert set(rows) == {"judged", "forged"}  # no header, no count
    assert all(len(row) == 6 for row in rows.values())
    assert rows["judged"] == ["judged", str(table.seq), "ok", "ok", "", ""]
    assert rows["forged"][2] == "BAD" and rows["forged"][4] == "5"
    assert rows["forged"][5].startswith("log ")
    assert "2 match(es) audited, 1 failed" in every.stderr

    as_json = run("audit", "--all", "--json")
    assert as_json.returncode == 1
    reports = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert {r["match_id"]: r["chain_ok"] for r in reports} == {"judged": True, "forged": False}

    nobody = run("audit", "nobody")
    assert nobody.returncode == 1 and nobody.stdout.split("\t")[0] == "nobody"
    for args in (("audit",), ("audit", "judged", "--all"), ("audit", "../etc")):
        refused = run(*args)
        assert refused.returncode == 2 and refused.stdout == "", args


def test_audit_on_a_terminal_is_a_table_and_shows_progress(store, env, tmp_path):
    table = judged_match(store)
    status, out, err = run_on_terminal(env, tmp_path, "audit", "--all")
    assert status == 0, err
    header, row = out.splitlines()
    assert header.split() == ["match", "events", "chain", "replay", "first", "bad", "note"]
    assert row.split() == ["judged", str(table.seq), "ok", "ok"]
    assert "1 match(es) audited" in err and "auditing" not in err

    status, out, err = run_on_terminal(env, tmp_path, "audit", "--all", stdout_tty=False,
                                       stderr_tty=True)
    assert status == 0
    assert out == f"judged\t{table.seq}\tok\tok\t\t\n"
    assert "auditing" in err  # the progress bar, on the terminal only


# ---------------------------------------------------------------------- export

def test_export_prints_exactly_the_export(store, run, tmp_path):
    judged_match(store)
    jsonl = run("export", "judged")
    assert jsonl.returncode == 0, jsonl.stderr
    assert jsonl.stdout.endswith("\n")
    assert [json.loads(line) for line in jsonl.stdout.splitlines()] == store.read("judged")
    assert "\\u001b" in jsonl.stdout  # the typed escape, kept as data (JSON-escaped)

    html = run("export", "judged", "--html", raw_data=True)
    assert html.returncode == 0, html.stderr
    target = tmp_path / "judged.html"
    to_file = run("export", "judged", "--html", "-o", str(target))
    assert to_file.returncode == 0 and to_file.stdout == ""
    assert "wrote" in to_file.stderr
    # what -o writes, exactly: nothing stripped (the claim's typed escape included)
    assert html.stdout == target.read_text(encoding="utf-8") and ESC in html.stdout

    for args, status in ((("export", "nobody"), 1), (("export", "../etc"), 2),
                         (("export",), 2), (("export", "judged", "--xml"), 2)):
        refused = run(*args)
        assert refused.returncode == status and refused.stdout == "", args


# ---------------------------------------------------------------------- replay

def test_replay_prints_the_timeline_with_what_people_typed_escaped(store, run):
    table = judged_match(store)
    done = run("replay", "judged")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert all(line.startswith(("#", "       ")) for line in lines), lines
    assert sum(line.startswith("#") for line in lines) == table.seq
    assert "\x07" not in done.stdout and "FAKE LINE" not in [line.strip() for line in lines]
    assert "\\x1b[2J" in done.stdout  # shown, escaped: it can't clear the terminal
    assert done.stderr == ""

    for args, status in ((("replay", "nobody"), 1), (("replay", "../etc"), 2),
                         (("replay", "judged", "--upto", "x"), 2)):
        refused = run(*args)
        assert refused.returncode == status and refused.stdout == "", args


# ---------------------------------------------------------------------- rebuild, reconcile

def test_rebuild_and_reconcile_print_nothing_on_stdout(store, redis_client, run):
    judged_match(store)
    reconciled = run("reconcile")
    assert reconciled.returncode == 0, reconciled.stderr
    assert reconciled.stdout == ""
    assert "1 read model(s) caught up" in reconciled.stderr
    assert "reconciling" not in reconciled.stderr  # no progress off a terminal

    rebuilt = run("rebuild")
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert rebuilt.stdout == "" and "rebuilt read models of 1 match(es)" in rebuilt.stderr
    assert "rebuilding" not in rebuilt.stderr

    new_match(store, "forged", seed=4).play(12, batch=6)
    tamper(redis_client, "forged", 5)
    failing = run("reconcile")
    assert failing.returncode == 1 and failing.stdout == ""
    assert "FROZEN forged" in failing.stderr
    assert run("rebuild", "--step", "many").returncode == 2


# ---------------------------------------------------------------------- worker

def test_worker_burst_prints_nothing_on_stdout_and_no_colour_off_a_terminal(
        store, redis_url, env, run, tmp_path):
    for match_id in ("w1", "w2"):
        store.append(match_id, [match_created()])
    with redis.Redis.from_url(redis_url) as queue:
        enqueue_verify(queue, "w1", seq=1)
    done = run("worker", "--burst")
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert "burst: 1 job(s) queued" in done.stderr and "burst done: 1 finished" in done.stderr
    assert "rq.worker" in done.stderr  # RQ's logs, on stderr

    # stdout on a terminal, stderr piped to a file: RQ would colour its words (it looks at
    # stdout); stderr gets none
    with redis.Redis.from_url(redis_url) as queue:
        enqueue_verify(queue, "w2", seq=1)
    status, out, err = run_on_terminal(env, tmp_path, "worker", "--burst")
    assert status == 0, err
    assert out == "" and "burst done: 1 finished" in err
    assert ESC not in err, err

    assert run("worker", "--queue").returncode == 2


# ---------------------------------------------------------------------- serve

def test_serve_logs_requests_on_stderr_not_stdout(env, tmp_path):
    port = free_port()
    out_path, err_path = tmp_path / "serve.out", tmp_path / "serve.err"
    with out_path.open("w") as out, err_path.open("w") as err:
        serve = subprocess.Popen(referee("serve", "--port", str(port), "--workers", "1"),
                                 cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                                 stdout=out, stderr=err)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert serve.poll() is None, err_path.read_text()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/health",
                                            timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline, err_path.read_text()
                time.sleep(0.2)
        time.sleep(0.5)  # the access log line is written after the answer
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.wait(30)
    log = err_path.read_text()
    assert serve.returncode == 0, log
    assert out_path.read_text() == ""
    assert '"GET /v1/health HTTP/1.1" 200' in log  # the access log, on stderr
    assert TOKEN_SECRET not in log and TEST_CHAIN_KEY not in log


def test_serve_fails_with_a_non_zero_status(env, tmp_path, run):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        in_use = run("serve", "--port", str(port), "--workers", "1")
    assert in_use.returncode != 0 and in_use.stdout == ""
    assert "in use" in in_use.stderr
    for args in (("serve", "--port", "http"), ("serve", "--workers", "1", "--nope")):
        refused = run(*args)
        assert refused.returncode == 2 and refused.stdout == "", args
    no_key = run("serve", "--port", str(free_port()), extra_env={"REFEREE_CHAIN_KEY": ""})
    assert no_key.returncode == 1 and no_key.stdout == ""


# ---------------------------------------------------------------------- any command

COMMANDS_ON_REDIS = (
    ("verify", "m"), ("token", "create", "--role", "judge", "--subject", "Kim"),
    ("token", "revoke", "abc"), ("audit", "--all"), ("audit", "m"), ("rebuild",),
    ("reconcile",), ("export", "m"), ("replay", "m"), ("worker", "--burst"), ("worker",))


def test_an_unreachable_redis_is_one_error_line_and_a_failure(run):
    password = "hunter2-" + "p" * 20
    url = f"redis://:{password}@127.0.0.1:{free_port()}/0"
    for args in COMMANDS_ON_REDIS:
        done = run(*args, extra_env={"REDIS_URL": url})
        assert done.returncode == 1, (args, done.stderr)
        assert done.stdout == "", args
        assert done.stderr.splitlines()[-1].startswith("Error: Redis: "), (args, done.stderr)
        assert password not in done.stderr, args


def test_usage_errors_and_help():
    """(click's runner is enough here: nothing reaches Redis or a terminal)"""
    from click.testing import CliRunner

    from app.cli import main

    runner = CliRunner()
    for args in (["no-such-command"], ["--log-level", "LOUD", "verify", "m"], ["token"],
                 ["token", "mint"], ["worker", "--burst", "--fork", "x"]):
        done = runner.invoke(main, args)
        assert done.exit_code == 2 and done.stdout == "", (args, done.stdout)
        assert "Usage:" in done.stderr
    # --help is asked-for data: on stdout, exit 0
    commands = [[name] for name in main.commands]
    commands += [["token", name] for name in main.commands["token"].commands]
    assert len(commands) >= 11
    for args in ([], *commands):
        done = runner.invoke(main, [*args, "--help"])
        assert done.exit_code == 0 and done.stdout.startswith("Usage: "), args
        assert done.stderr == ""

