"""kill -9 of the event store's redis-server under load, over real HTTP.

Client threads play ``end_turn`` in a dozen matches (one writer per match, each request
with ``expected_seq`` and an idempotency key, retried with the same key until it gets an
answer) while the test kills redis-server with SIGKILL several times and restarts it on
the same port and AOF. Afterwards:

* every action answered 201 is in the log exactly once, at the seq it was answered with
  and with the hash it was answered with; the log holds no action that was not answered
  201 (a retry of an append whose reply was lost got the first answer back);
* seqs run 1..n without a gap, every hash chain verifies and every replay matches the
  recorded state hashes (the API's audit and ``workers.audit``);
* while Redis was down, clients got 503 problem+json with Retry-After - never a 500, never
  a 409, never a 201 that the log does not hold.
"""

from __future__ import annotations

import threading
import time
from collections import Counter

import pytest

from app.errors import PROBLEM_MIME
from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from tests.reliability.helpers import SECRET, call, issue_token, long_game, serve
from workers.audit import audit_match

pytestmark = pytest.mark.integration

THREADS = 6
MATCHES = 12            # two per thread: one writer per match, no races on a seq
ACTIONS_PER_MATCH = 40  # end_turn stays legal for ~2 * deck size turns
KILLS = 4
UP_SECONDS = 0.5        # load between kills
DOWN_SECONDS = 1.5      # clients see 503s (connection refused) meanwhile
DEADLINE_SECONDS = 60


def test_kill_9_under_load_loses_nothing_and_answers_503(killable_redis):
    from app import create_app

    redis = killable_redis
    app = create_app({"REDIS_URL": redis.url, "RQ_REDIS_URL": redis.url,
                      "REFEREE_TOKEN_SECRET": SECRET})
    admin_client = redis.client(decode_responses=True)
    judge = issue_token(admin_client, "judge", "Judy")
    answered: dict[str, dict[str, tuple[int, str]]] = {}  # match -> key -> (seq, hash)
    statuses: Counter = Counter()
    problems: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()

    with serve(app) as base:
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
        for _ in range(KILLS):
            time.sleep(UP_SECONDS)
            with lock:
                under_load += sum(map(len, answered.values())) < MATCHES * ACTIONS_PER_MATCH
            redis.kill()
            time.sleep(DOWN_SECONDS)
            health = call(base, "GET", "/v1/health")
            assert health.status == 503 and health.headers.get("retry-after"), health.text
            redis.start()
        for thread in threads:
            thread.join(max(1.0, DEADLINE_SECONDS - (time.monotonic() - started)))
        stop.set()
        assert not any(t.is_alive() for t in threads), "clients did not finish in time"

        assert not problems, problems[:10]
        assert redis.kills == KILLS and under_load >= KILLS - 1, under_load
        assert statuses[503] > 0, statuses  # the outages were seen
        assert set(statuses) <= {201, 503}, statuses

        store = EventStore(admin_client, chain_key=TEST_CHAIN_KEY)
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
            audit = audit_match(store, match_id)
            assert audit["chain_ok"] and audit["replay_ok"], audit
            over_http = call(base, "GET", f"/v1/matches/{match_id}/audit", token=judge)
            assert over_http.status == 200 and over_http.body["replay_ok"], over_http.text
        assert call(base, "GET", "/v1/health").status == 200
    admin_client.close()
