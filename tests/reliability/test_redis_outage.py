"""Redis unreachable at start-up and in the middle of a request: the service answers 503
problem+json with Retry-After (writes, reads, token checks, health) and recovers by itself
when Redis is back - no restart of the web process."""

from __future__ import annotations

import threading
import time

import pytest

from app.errors import PROBLEM_MIME
from app.routes.stream import UNAVAILABLE_COMMENT
from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from tests.reliability.helpers import (
    SECRET,
    KillableRedis,
    LostReplyProxy,
    call,
    issue_token,
    long_game,
    serve,
)

pytestmark = pytest.mark.integration

PLAYERS = [{"name": "Ana"}, {"name": "Beto"}]


def assert_503(answer) -> None:
    assert answer.status == 503, (answer.status, answer.text)
    assert answer.headers["content-type"].startswith(PROBLEM_MIME)
    assert answer.headers["retry-after"].isdigit()
    assert answer.body["status"] == 503 and answer.body["type"].endswith("store-unavailable")


def test_redis_down_at_start_up_then_back(tmp_path):
    from app import create_app

    down = KillableRedis(tmp_path)  # a port, no server yet
    app = create_app({"REDIS_URL": down.url, "RQ_REDIS_URL": down.url,
                      "REFEREE_TOKEN_SECRET": SECRET})
    with serve(app) as base:
        some_token = "t" * 43
        assert_503(call(base, "GET", "/v1/health"))
        # the token can't be checked: 503, not 401 (the client should retry, not re-login)
        body = {"players": PLAYERS, "position": long_game()}
        assert_503(call(base, "POST", "/v1/matches", body, some_token))
        assert_503(call(base, "GET", "/v1/matches", token=some_token))
        assert_503(call(base, "GET", "/v1/matches/abc/state", token=some_token))

        down.start()
        try:
            judge = issue_token(down.client(decode_responses=True), "judge", "Judy")
            assert call(base, "GET", "/v1/health").status == 200
            created = call(base, "POST", "/v1/matches",
                           {"players": PLAYERS, "position": long_game()}, judge)
            assert created.status == 201, created.text
            match_id = created.body["match_id"]
            played = call(base, "POST", f"/v1/matches/{match_id}/actions",
                          {"seat": 0, "action": {"type": "end_turn"}, "expected_seq": 1},
                          judge)
            assert played.status == 201 and played.body["seq"] == 2, played.text
        finally:
            down.stop()


def test_redis_dies_mid_request_then_comes_back(killable_redis):
    """Redis runs the append and dies before replying: the request in flight gets 503; the
    client's retry with its idempotency key, once Redis is back, gets the first answer
    (the action was stored once), and the service needed no restart."""
    from app import create_app

    redis = killable_redis
    proxy = LostReplyProxy(redis.port, on_cut=redis.kill)
    store_client = redis.client(decode_responses=True)
    app = create_app({"REDIS_URL": f"redis://127.0.0.1:{proxy.port}/0",
                      "RQ_REDIS_URL": f"redis://127.0.0.1:{proxy.port}/0",
                      "REFEREE_TOKEN_SECRET": SECRET})
    judge = issue_token(store_client, "judge", "Judy")
    with serve(app) as base:
        created = call(base, "POST", "/v1/matches",
                       {"players": PLAYERS, "position": long_game()}, judge)
        match_id = created.body["match_id"]
        body = {"seat": 0, "action": {"type": "end_turn"}, "expected_seq": 1,
                "idempotency_key": "ana-turn-1"}

        proxy.arm(b"EVALSHA")
        assert_503(call(base, "POST", f"/v1/matches/{match_id}/actions", body, judge))
        assert proxy.cut == 1 and redis.kills == 1
        assert_503(call(base, "POST", f"/v1/matches/{match_id}/actions", body, judge))
        assert_503(call(base, "GET", "/v1/health"))

        redis.start()
        retried = call(base, "POST", f"/v1/matches/{match_id}/actions", body, judge)
        assert retried.status == 201, retried.text
        assert retried.body["seq"] == 2
        again = call(base, "POST", f"/v1/matches/{match_id}/actions", body, judge)
        assert again.body == retried.body
        assert call(base, "GET", "/v1/health").status == 200
        store = EventStore(redis.client(decode_responses=True), chain_key=TEST_CHAIN_KEY)
        assert store.last_seq(match_id) == 2
        assert store.read(match_id, 2)[0]["hash"] == retried.body["event"]["hash"]
    proxy.close()


def test_a_live_stream_ends_cleanly_when_redis_dies(killable_redis):
    """An SSE stream open while Redis dies ends with a comment saying so (the client
    reconnects with Last-Event-ID) instead of hanging or breaking off with a traceback;
    the web process stays up."""
    from app import create_app

    redis = killable_redis
    app = create_app({"REDIS_URL": redis.url, "RQ_REDIS_URL": redis.url,
                      "REFEREE_TOKEN_SECRET": SECRET, "REFEREE_SSE_BLOCK_MS": 100})
    judge = issue_token(redis.client(decode_responses=True), "judge", "Judy")
    with serve(app) as base:
        match_id = call(base, "POST", "/v1/matches",
                        {"players": PLAYERS, "position": long_game()}, judge).body["match_id"]
        result: dict = {}

        def follow() -> None:
            started = time.monotonic()
            try:
                result["answer"] = call(base, "GET",
                                        f"/v1/matches/{match_id}/stream?timeout=20", token=judge,
                                        timeout=30)
            except Exception as exc:  # noqa: BLE001 - recorded for the assertion
                result["error"] = exc
            result["seconds"] = time.monotonic() - started

        reader = threading.Thread(target=follow, daemon=True)
        reader.start()
        time.sleep(0.5)
        redis.kill()
        reader.join(15)
        assert not reader.is_alive(), "the stream hung after Redis died"
        assert result["seconds"] < 15
        assert "error" not in result, result
        answer = result["answer"]
        assert answer.status == 200
        assert "id: 1\nevent: MatchCreated" in answer.text
        assert answer.text.endswith(UNAVAILABLE_COMMENT)
        redis.start()
        assert call(base, "GET", "/v1/health").status == 200
