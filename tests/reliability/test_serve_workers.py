"""`referee serve` is the whole service: it runs and supervises the background workers.

Started as the README's first command starts it (no REDIS_URL, no chain key, no anchor dir:
the embedded Redis in a temporary REFEREE_DATA_DIR), a game played over HTTP gets its anchors
on disk (``$REFEREE_DATA_DIR/anchors``), ``GET /v1/health`` says ``ok`` and no job waits,
with no second command. A worker killed with SIGKILL is started again; stopping `referee
serve` (SIGTERM) or killing it (SIGKILL) leaves no worker, nor any process a worker forked
(RQ's scheduler). With ``--workers-separately`` it runs none, and health says so.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from events.embedded import _pid_alive
from tests.reliability.helpers import (
    EndTurnLoad,
    Served,
    call,
    referee,
    referee_serve,
    serve_env,
)

pytestmark = pytest.mark.integration

ACTIONS = 6
DEADLINE = 60.0


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        ppid = next((line.split()[1] for line in status.splitlines()
                     if line.startswith("PPid:")), None)
        if ppid == str(pid) and _pid_alive(int(entry.name)):
            found.append(int(entry.name))
    return found


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def niceness(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


def background_workers(served: Served) -> list[int]:
    return [pid for pid in children_of(served.process.pid)
            if cmdline(pid).rstrip().endswith(" worker")]


def wait_for(what: str, check, served: Served, deadline: float = DEADLINE):
    """Poll ``check()`` until it returns something truthy (returned), or fail saying ``what``."""
    ends = time.monotonic() + deadline
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < ends, f"{what}: not within {deadline:.0f} s\n{served.log()[-3000:]}"
        time.sleep(0.1)


def all_gone(pids: list[int]) -> bool:
    return not any(_pid_alive(pid) for pid in pids)


def judge_token(env: dict[str, str], directory: Path) -> str:
    made = subprocess.run(referee("token", "create", "--role", "judge", "--subject", "Judy"),
                          cwd=directory, env=env, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    return made.stdout.strip()


def health(served: Served) -> dict:
    answer = call(served.base, "GET", "/v1/health", timeout=10)
    assert answer.status == 200, answer.text
    return answer.body


def anchored_seq(anchor_file: Path) -> int | None:
    try:
        lines = anchor_file.read_text().splitlines()
    except FileNotFoundError:
        return None
    return max((json.loads(line)["seq"] for line in lines if line.strip()), default=None)


def test_the_readme_command_alone_anchors_a_game_and_is_healthy(tmp_path):
    """Issue 42's done-when: a fresh data dir, `referee serve` alone, a scripted game ->
    anchors on disk, health ok, no job waiting; then SIGTERM leaves no worker behind."""
    data_dir = tmp_path / "data"
    env = serve_env(REFEREE_DATA_DIR=str(data_dir))
    with referee_serve(env, tmp_path, workers=1) as served:
        judge = judge_token(env, tmp_path)
        game = EndTurnLoad(served.base, judge, matches=1, actions=ACTIONS, threads=1)
        game.finish(game.start() + DEADLINE)
        assert not game.problems, game.problems
        match_id = game.match_ids[0]
        head = ACTIONS + 1                      # MatchCreated, then the actions

        anchor_file = data_dir / "anchors" / f"{match_id}.jsonl"
        wait_for("the head anchored", lambda: anchored_seq(anchor_file) == head, served)
        report = wait_for("health ok with nothing queued",
                          lambda: (lambda h: h if h["status"] == "ok"
                                   and h["jobs"]["queued"] == 0 else None)(health(served)),
                          served)
        assert report["reasons"] == [] and report["jobs"]["workers"] >= 1
        assert report["jobs"]["failed"] == 0

        workers = background_workers(served)
        assert len(workers) == 1, served.log()[-2000:]
        assert niceness(workers[0]) >= 10       # a request comes before a job
        forked = [child for pid in workers for child in children_of(pid)]  # RQ's scheduler
        served.process.send_signal(signal.SIGTERM)
        served.process.wait(30)
    assert all_gone(workers + forked), [cmdline(p) for p in workers + forked]
    assert "background workers stopped" in served.log()


def test_a_killed_worker_is_started_again_and_none_outlives_a_killed_serve(tmp_path):
    data_dir = tmp_path / "data"
    env = serve_env(REFEREE_DATA_DIR=str(data_dir))
    with referee_serve(env, tmp_path, workers=1) as served:
        first = wait_for("a background worker", lambda: background_workers(served), served)
        os.kill(first[0], signal.SIGKILL)
        again = wait_for("a new background worker",
                         lambda: [p for p in background_workers(served) if p not in first],
                         served)
        wait_for("the new worker registered", lambda: health(served)["jobs"]["workers"], served)
        assert "stopped after" in served.log()

        forked = [child for pid in again for child in children_of(pid)]
        redis_pid = int((data_dir / "redis.pid").read_text())
        served.process.kill()                   # no chance to stop anything
        served.process.wait(10)
        wait_for("no worker left after kill -9 of serve",
                 lambda: all_gone(again + forked + [redis_pid]), served, deadline=20)


def test_workers_separately_runs_none_and_health_says_none_is_alive(tmp_path):
    env = serve_env(REFEREE_DATA_DIR=str(tmp_path / "data"))
    with referee_serve(env, tmp_path, "--workers-separately", workers=1) as served:
        time.sleep(0.5)
        assert background_workers(served) == []
        report = health(served)
        assert report["status"] == "degraded" and report["jobs"]["workers"] == 0
        assert report["reasons"] == [
            "no worker alive (start `referee worker`): integrity checks, anchors, read models "
            "and snapshots are paused"]
