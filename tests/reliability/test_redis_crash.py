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

import time

import pytest

from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from tests.reliability.helpers import SECRET, EndTurnLoad, call, issue_token, serve
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

    with serve(app) as base:
        load = EndTurnLoad(base, judge, MATCHES, ACTIONS_PER_MATCH, THREADS)
        started = load.start()
        under_load = 0
        for _ in range(KILLS):
            time.sleep(UP_SECONDS)
            under_load += load.still_running()
            redis.kill()
            time.sleep(DOWN_SECONDS)
            health = call(base, "GET", "/v1/health")
            assert health.status == 503 and health.headers.get("retry-after"), health.text
            redis.start()
        load.finish(started + DEADLINE_SECONDS)

        assert not load.problems, load.problems[:10]
        assert redis.kills == KILLS and under_load >= KILLS - 1, under_load
        assert load.statuses[503] > 0, load.statuses  # the outages were seen
        assert set(load.statuses) <= {201, 503}, load.statuses

        store = EventStore(admin_client, chain_key=TEST_CHAIN_KEY)
        load.check_the_log(store)
        for match_id in load.match_ids:
            audit = audit_match(store, match_id)
            assert audit["chain_ok"] and audit["replay_ok"], audit
        assert call(base, "GET", "/v1/health").status == 200
    admin_client.close()
