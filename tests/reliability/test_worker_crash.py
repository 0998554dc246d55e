"""RQ workers killed with SIGKILL mid-job, again and again, while the API keeps appending:
the reconcile path (``workers.reconcile.reconcile``) converges - every read model reaches
its match's head and equals a rebuild from the logs, snapshots agree with a full fold - and
the jobs left in the queue still run cleanly (they are idempotent)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from projections.readmodels import checkpoint, dump_read_models, rebuild_read_models
from projections.replay import fold, game_of
from projections.snapshots import list_snapshots, load_state
from tests.reliability.helpers import SECRET, issue_token, long_game
from workers import get_queue, queue_stats
from workers.reconcile import reconcile
from workers.runner import build_worker

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
SNAPSHOT_EVERY = 5
KILLS = 3


def _start_worker(redis_url: str) -> subprocess.Popen:
    env = {**os.environ, "REDIS_URL": redis_url, "RQ_URL": redis_url,
           "REFEREE_SNAPSHOT_EVERY": str(SNAPSHOT_EVERY), "REFEREE_JOB_RETRY_INTERVALS": "0"}
    code = ("from workers.runner import run_worker; import os; "
            "run_worker(os.environ['RQ_URL'], with_scheduler=False)")
    return subprocess.Popen([sys.executable, "-c", code], cwd=REPO, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def _kill(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)  # the worker and its work horse
    proc.wait(10)


def test_workers_killed_mid_job_under_live_traffic_converge_by_reconcile(
        redis_client, redis_bytes, redis_url, monkeypatch):
    from app import create_app
    from events.store import EventStore
    from tests.conftest import TEST_CHAIN_KEY

    monkeypatch.setenv("REFEREE_SNAPSHOT_EVERY", str(SNAPSHOT_EVERY))
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                      "REFEREE_TOKEN_SECRET": SECRET}, redis_client=redis_client)
    http = app.test_client()
    headers = {"Authorization": f"Bearer {issue_token(redis_client, 'judge', 'Judy')}"}
    match_ids = []
    for _ in range(3):
        created = http.post("/v1/matches", headers=headers,
                            json={"players": [{"name": "Ana"}, {"name": "Beto"}],
                                  "position": long_game(40)})
        assert created.status_code == 201, created.get_data(True)
        match_ids.append(created.get_json()["match_id"])
    dispute = http.post(f"/v1/matches/{match_ids[0]}/disputes", headers=headers,
                        json={"about_seq": 1, "claim": "The deck was not shuffled"})
    assert dispute.status_code == 201
    penalty = http.post(f"/v1/matches/{match_ids[1]}/penalties", headers=headers,
                        json={"seat": 1, "infraction": "tardiness", "level": "warning"})
    assert penalty.status_code == 201

    stop = threading.Event()
    failures: list[str] = []

    def traffic() -> None:
        seats = {m: 0 for m in match_ids}
        playing = list(match_ids)
        while not stop.is_set() and playing:
            for match_id in list(playing):
                answer = http.post(f"/v1/matches/{match_id}/actions", headers=headers,
                                   json={"seat": seats[match_id],
                                         "action": {"type": "end_turn"}})
                if answer.status_code == 409 and "The game is over" in answer.get_data(True):
                    playing.remove(match_id)      # a slow run outlasts the decks: that game is done
                    continue
                if answer.status_code != 201:
                    failures.append(answer.get_data(True))
                    return
                seats[match_id] = 1 - seats[match_id]
            time.sleep(0.01)

    player = threading.Thread(target=traffic, daemon=True)
    player.start()
    worker = None
    try:
        for _ in range(KILLS):
            # a slow job too, so that a kill surely lands in the middle of one
            get_queue(redis_bytes).enqueue("workers.jobs.update_read_models", match_ids[2],
                                           step=1, pause=0.05)
            worker = _start_worker(redis_url)
            deadline = time.monotonic() + 20
            while (queue_stats(redis_bytes)["started"] == 0
                   and time.monotonic() < deadline):
                time.sleep(0.02)
            time.sleep(0.3)
            _kill(worker)
    finally:
        stop.set()
        player.join(10)
        if worker is not None:
            _kill(worker)
    assert not failures, failures[:3]

    store = EventStore(redis_client, chain_key=TEST_CHAIN_KEY)
    result = reconcile(store, every=SNAPSHOT_EVERY)
    assert result["errors"] == {}, result
    again = reconcile(store, every=SNAPSHOT_EVERY)
    assert again["read_models_caught_up"] == {} and again["snapshots_taken"] == {}
    for match_id in match_ids:
        head = store.last_seq(match_id)
        assert head > 10 and checkpoint(redis_client, match_id) == head
        assert head - list_snapshots(redis_client, match_id)[0]["seq"] < SNAPSHOT_EVERY
        events = store.read(match_id)
        loaded = load_state(store, None, match_id)
        assert loaded.seq == head and loaded.snapshot_seq is not None
        game = game_of(events)
        assert game.state_hash(loaded.state) == game.state_hash(fold(events).state)
    caught_up = dump_read_models(redis_client)
    rebuild_read_models(store)
    assert dump_read_models(redis_client) == caught_up

    # what the killed workers left queued still runs, and changes nothing
    monkeypatch.setenv("REDIS_URL", redis_url)
    build_worker(redis_bytes, simple=True).work(burst=True)
    assert queue_stats(redis_bytes)["failed"] == 0
    assert dump_read_models(redis_client) == caught_up
    listing = http.get("/v1/matches?limit=10", headers=headers).get_json()["matches"]
    assert {m["match_id"]: m["last_seq"] for m in listing} == {
        m: store.last_seq(m) for m in match_ids}
