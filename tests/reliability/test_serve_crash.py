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
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import redis as redis_py

from events.embedded import read_runtime_info
from events.store import EventStore
from tests.reliability.helpers import EndTurnLoad, call, referee, referee_serve, serve_env

pytestmark = pytest.mark.integration

THREADS = 6
# Eight per thread (one writer per match, no races on a seq): enough that the load outlasts
# the four kills and their recoveries (~3.5 s); twelve matches were all played in 4.2 s on a
# quiet box, before the third kill, and 36 in 6.3 s.
MATCHES = 48
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

    with referee_serve(env, tmp_path) as served:
        made = subprocess.run(referee("token", "create", "--role", "judge", "--subject", "Judy"),
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
        assert made.returncode == 0, made.stderr
        judge = made.stdout.strip()
        base = served.base
        load = EndTurnLoad(base, judge, MATCHES, ACTIONS_PER_MATCH, THREADS)
        started = load.start()
        under_load = 0
        recoveries: list[float] = []
        pids = [redis_pid(data_dir)]
        try:
            for _ in range(KILLS):
                time.sleep(UP_SECONDS)
                under_load += load.still_running()
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
            load.finish(started + DEADLINE_SECONDS)
        finally:
            load.stop.set()
        elapsed = time.monotonic() - started
        print(f"\nkill -9 x{KILLS} under `referee serve`: recovered after "
              + ", ".join(f"{s:.2f}" for s in recoveries) + f" s; statuses {dict(load.statuses)}; "
              f"{MATCHES * ACTIONS_PER_MATCH} actions in {elapsed:.1f} s")

        assert not load.problems, load.problems[:10]
        assert under_load >= KILLS - 1, under_load
        assert set(load.statuses) <= {201, 503}, load.statuses

        info = read_runtime_info(data_dir)
        chain_key = (data_dir / "chain_key").read_text().strip()  # made by `referee serve`
        store = EventStore(redis_py.Redis.from_url(info.redis_url, decode_responses=True),
                           chain_key=chain_key)
        load.check_the_log(store)
        store.redis.close()

    log = served.log()
    assert log.count("exited unexpectedly") == KILLS, log[-3000:]
    secrets = [judge, (data_dir / "token_secret").read_text().strip(), chain_key]
    secrets += [urlsplit(url).password for url in (info.redis_url, info.rq_redis_url)]
    for secret in secrets:
        assert secret and secret not in log
