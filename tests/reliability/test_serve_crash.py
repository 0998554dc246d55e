"""kill -9 of the embedded redis-server under `referee serve` itself, under load.

`referee serve` runs as a user starts it: no REDIS_URL, the embedded Redis in a temporary
REFEREE_DATA_DIR, gunicorn with gevent workers; the judge's token comes from
`referee token create` on the same data dir. Client threads play ``end_turn`` in a dozen
matches (one writer per match, each request with ``expected_seq`` and an idempotency key,
retried with the same key until it is answered) while the test kills the redis-server whose
pid is in ``$REFEREE_DATA_DIR/redis.pid`` with SIGKILL, several times, and does nothing
else: the `referee serve` master restarts it. Afterwards:

* the service came back each time by itself (/v1/health 200, a new redis-server pid);
* every action answered 201 is in the log exactly once, at the seq and with the hash it
  was answered with; the log holds nothing else; seqs run 1..n; chains and replays verify;
* clients saw only 201s and 503 problem+json with Retry-After;
* the log of `referee serve` holds no password, token secret or token.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import redis as redis_py

from app.errors import PROBLEM_MIME
from events.embedded import read_runtime_info
from events.store import EventStore
from tests.reliability.helpers import call, long_game, referee, referee_serve, serve_env

pytestmark = pytest.mark.integration

THREADS = 6
MATCHES = 12            # two per thread: one writer per match, no races on a seq
ACTIONS_PER_MATCH = 60  # end_turn stays legal for ~2 * deck size turns
KILLS = 4
UP_SECONDS = 0.6        # load between a recovery and the next kill
RECOVERY_DEADLINE = 30
DEADLINE_SECONDS = 120


def redis_pid(data_dir: Path) -> int:
    return int((data_dir / "redis.pid").read_text().strip())


def test_kill_9_of_the_embedded_redis_under_referee_serve(tmp_path):
    data_dir = tmp_path / "data"
    env = serve_env(REFEREE_DATA_DIR=str(data_dir))
    answered: dict[str, dict[str, tuple[int, str]]] = {}  # match -> key -> (seq, hash)
    statuses: Counter = Counter()
    problems: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()

    with referee_serve(env, tmp_path) as served:
        made = subprocess.run(referee("token", "create", "--role", "judge", "--subject", "Judy"),
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
        assert made.returncode == 0, made.stderr
        judge = made.stdout.strip()
        base = served.base
        match_ids = []
        for _ in range(MATCHES):
            created = call(base, "POST", "/v1/matches",
                           {"players": [{"name": "Ana"}, {"name": "Beto"}],
                            "position": long_game(ACTIONS_PER_MATCH)}, judge)
            assert created.status == 201, created.text
            match_ids.append(created.body["match_id"])
            answered[created.body["match_id"]] = {}

        def client(mine: list[str]) -> None:
            progress = {m: {"seq": 1, "seat": 0, "n": 0} for m in mine}
            turn = 0
            while not stop.is_set():
                open_matches = [m for m in mine if progress[m]["n"] < ACTIONS_PER_MATCH]
                if not open_matches:
                    return
                match_id = open_matches[turn % len(open_matches)]
                turn += 1
                p = progress[match_id]
                key = f"{match_id}-{p['n']}"
                body = {"seat": p["seat"], "action": {"type": "end_turn"},
                        "expected_seq": p["seq"], "idempotency_key": key}
                while not stop.is_set():  # the same request until it is answered
                    try:
                        answer = call(base, "POST", f"/v1/matches/{match_id}/actions", body,
                                      judge, timeout=30)
                    except OSError as exc:
                        with lock:
                            statuses["transport"] += 1
                            problems.append(f"transport error {exc!r}")
                        time.sleep(0.05)
                        continue
                    with lock:
                        statuses[answer.status] += 1
                    if answer.status == 201:
                        with lock:
                            if key in answered[match_id]:
                                problems.append(f"{key} answered twice")
                            answered[match_id][key] = (answer.body["seq"],
                                                       answer.body["event"]["hash"])
                        p["seq"], p["seat"], p["n"] = answer.body["seq"], 1 - p["seat"], \
                            p["n"] + 1
                        break
                    if answer.status == 503:
                        media = answer.headers.get("content-type", "")
                        if (PROBLEM_MIME not in media or not answer.headers.get("retry-after")
                                or (answer.body or {}).get("status") != 503):
                            with lock:
                                problems.append(f"unclean 503: {answer.headers} {answer.text}")
                        time.sleep(0.05)
                        continue
                    with lock:
                        problems.append(f"{key}: {answer.status} {answer.text[:300]}")
                    return

        threads = [threading.Thread(target=client, args=(match_ids[i::THREADS],), daemon=True)
                   for i in range(THREADS)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        under_load = 0
        recoveries: list[float] = []
        pids = [redis_pid(data_dir)]
        try:
            for _ in range(KILLS):
                time.sleep(UP_SECONDS)
                with lock:
                    under_load += sum(map(len, answered.values())) < MATCHES * ACTIONS_PER_MATCH
                os.kill(pids[-1], signal.SIGKILL)
                killed_at = time.monotonic()
                while True:  # nobody restarts anything here: the service must come back alone
                    try:
                        if call(base, "GET", "/v1/health", timeout=5).status == 200:
                            break
                    except OSError:
                        pass
                    assert time.monotonic() - killed_at < RECOVERY_DEADLINE, \
                        f"not back {RECOVERY_DEADLINE}s after kill -9:\n{served.log()[-2000:]}"
                    time.sleep(0.02)
                recoveries.append(time.monotonic() - killed_at)
                pids.append(redis_pid(data_dir))
                assert pids[-1] != pids[-2]
            for thread in threads:
                thread.join(max(1.0, DEADLINE_SECONDS - (time.monotonic() - started)))
        finally:
            stop.set()
        elapsed = time.monotonic() - started
        assert not any(t.is_alive() for t in threads), "clients did not finish in time"
        print(f"\nkill -9 x{KILLS} under `referee serve`: recovered after "
              + ", ".join(f"{s:.2f}" for s in recoveries) + f" s; statuses {dict(statuses)}; "
              f"{MATCHES * ACTIONS_PER_MATCH} actions in {elapsed:.1f} s")

        assert not problems, problems[:10]
        assert under_load >= KILLS - 1, under_load
        assert set(statuses) <= {201, 503}, statuses

        info = read_runtime_info(data_dir)
        chain_key = (data_dir / "chain_key").read_text().strip()  # made by `referee serve`
        store = EventStore(redis_py.Redis.from_url(info.redis_url, decode_responses=True),
                           chain_key=chain_key)
        for match_id in match_ids:
            events = store.read(match_id)
            actions = {e["seq"]: e["hash"] for e in events if e["type"] == "ActionTaken"}
            mine = answered[match_id]
            assert len(mine) == ACTIONS_PER_MATCH
            assert sorted(seq for seq, _ in mine.values()) == sorted(actions), match_id
            for key, (seq, event_hash) in mine.items():
                assert actions[seq] == event_hash, (match_id, key)
            assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
            chain = store.verify_chain(match_id)
            assert chain["chain_ok"] and chain["last_seq"] == ACTIONS_PER_MATCH + 1, chain
            over_http = call(base, "GET", f"/v1/matches/{match_id}/audit", token=judge)
            assert over_http.status == 200 and over_http.body["replay_ok"], over_http.text
        store.redis.close()

    log = served.log()
    assert log.count("exited unexpectedly") == KILLS, log[-3000:]
    secrets = [judge, (data_dir / "token_secret").read_text().strip(), chain_key]
    secrets += [urlsplit(url).password for url in (info.redis_url, info.rq_redis_url)]
    for secret in secrets:
        assert secret and secret not in log
