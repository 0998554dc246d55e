"""app.token_cache against a real redis-server: a process keeps the token records it looked
up while it hears every revocation, and never serves a revoked one once the revocation is
published, from this process or another."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
import redis

from app.auth import TokenStore
from app.token_cache import (
    HEARD_KEPT,
    REVOCATIONS,
    RevocationListener,
    TokenCache,
    listener_for,
)

pytestmark = pytest.mark.integration

SECRET = "token-cache-test-secret"


def revoke_in_another_process(redis_url: str, token_id: str) -> None:
    """``TokenStore.revoke`` run by a process of its own (as another web process would)."""
    revoke = (f"import redis; from app.auth import TokenStore; "
              f"TokenStore(redis.Redis.from_url({redis_url!r}, decode_responses=True), "
              f"{SECRET!r}).revoke({token_id!r})")
    done = subprocess.run([sys.executable, "-c", revoke], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


def hgetalls(client: redis.Redis) -> int:
    return int(client.info("commandstats").get("cmdstat_hgetall", {}).get("calls", 0))


def wait_for(condition, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.fixture
def listener(redis_client):
    found = RevocationListener(redis_client, TokenCache(seconds=60))
    found.ensure_started()
    wait_for(lambda: found.cache.listening)
    return found


def test_a_looked_up_token_is_served_from_memory_while_subscribed(redis_client, listener):
    store = TokenStore(redis_client, SECRET, listener)
    token, record = store.issue("judge", "Kim")
    assert store.lookup(token)["token_id"] == record["token_id"]
    before = hgetalls(redis_client)
    for _ in range(5):
        assert store.lookup(token)["subject"] == "Kim"
    assert hgetalls(redis_client) == before


def test_a_revocation_in_another_process_reaches_the_cache(redis_client, redis_url, listener):
    store = TokenStore(redis_client, SECRET, listener)
    token, record = store.issue("player", "Ana", match_id="m1", seat=0)
    assert store.lookup(token) is not None  # kept
    revoke_in_another_process(redis_url, record["token_id"])
    wait_for(lambda: store.lookup(token) is None, seconds=2)
    assert store.lookup(token) is None


def test_a_revocation_in_this_process_is_at_once(redis_client, listener):
    store = TokenStore(redis_client, SECRET, listener)
    other = TokenStore(redis_client, SECRET, listener)
    token, record = store.issue("judge", "Kim")
    assert store.lookup(token) is not None
    other.revoke(record["token_id"])
    assert store.lookup(token) is None  # no wait: dropped before the publish


def test_nothing_is_kept_until_subscribed_nor_after_the_subscription_is_lost(redis_client):
    deaf = TokenCache(seconds=60)
    store = TokenStore(redis_client, SECRET, RevocationListener(redis_client, deaf))
    token, _ = store.issue("judge", "Kim")
    assert store.lookup(token) is not None
    assert len(deaf) == 0
    before = hgetalls(redis_client)
    assert store.lookup(token) is not None
    assert hgetalls(redis_client) == before + 1


def test_a_killed_subscription_clears_the_cache_and_resubscribes(redis_client, redis_server,
                                                                 listener):
    store = TokenStore(redis_client, SECRET, listener)
    token, _ = store.issue("judge", "Kim")
    store.lookup(token)
    assert len(listener.cache) == 1
    generation = listener.cache.generation
    admin = redis.Redis(host=redis_server.host, port=redis_server.port,
                        password=redis_server.password)
    assert admin.client_kill_filter(_type="pubsub") >= 1
    wait_for(lambda: listener.cache.generation >= generation + 2)  # deaf, then subscribed
    wait_for(lambda: listener.cache.listening)
    assert len(listener.cache) == 0
    assert store.lookup(token) is not None  # read again, kept again
    assert len(listener.cache) == 1
    admin.close()


def test_a_read_overtaken_by_a_revocation_is_not_kept():
    cache = TokenCache(seconds=60)
    cache.subscribed()
    generation = cache.generation
    cache.revoked("d1")  # heard between the read and the keeping
    cache.keep("d1", {"token_id": "t"}, generation)
    assert cache.get("d1") is None
    cache.keep("d1", {"token_id": "t"}, cache.generation)
    assert cache.get("d1") == {"token_id": "t"}


def test_a_record_is_kept_for_the_set_seconds_only():
    now = [100.0]
    cache = TokenCache(seconds=60, clock=lambda: now[0])
    cache.subscribed()
    cache.keep("d1", {"token_id": "t"}, cache.generation)
    now[0] = 159.9
    assert cache.get("d1") is not None
    now[0] = 160.0
    assert cache.get("d1") is None


def test_zero_seconds_turns_the_cache_off(redis_client):
    assert listener_for(redis_client, 0) is None
    store = TokenStore(redis_client, SECRET, None)
    token, _ = store.issue("judge", "Kim")
    before = hgetalls(redis_client)
    store.lookup(token)
    store.lookup(token)
    assert hgetalls(redis_client) == before + 2


def test_revoke_publishes_the_digest(redis_client):
    store = TokenStore(redis_client, SECRET)
    token, record = store.issue("judge", "Kim")
    hearing = redis_client.pubsub()
    hearing.subscribe(REVOCATIONS)
    assert hearing.get_message(timeout=2)["type"] == "subscribe"
    store.revoke(record["token_id"])
    message = hearing.get_message(timeout=2)
    assert message["type"] == "message" and message["data"] == store.digest(token)
    assert token not in str(message)
    hearing.close()


def test_the_api_refuses_a_token_revoked_through_it_at_once(redis_client, redis_url):
    from app import create_app

    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                      "REFEREE_TOKEN_SECRET": SECRET}, redis_client=redis_client)
    client = app.test_client()
    store = TokenStore(redis_client, SECRET)
    admin, _ = store.issue("admin", "Org")
    judge, record = store.issue("judge", "Kim")
    with app.app_context():
        cache = listener_for(redis_client, app.config["REFEREE_TOKEN_CACHE_SECONDS"]).cache
    wait_for(lambda: cache.listening)
    assert client.get("/v1/whoami", headers={"Authorization": f"Bearer {judge}"}).status_code == 200
    assert client.get("/v1/whoami", headers={"Authorization": f"Bearer {judge}"}).status_code == 200
    gone = client.delete(f"/v1/tokens/{record['token_id']}",
                         headers={"Authorization": f"Bearer {admin}"})
    assert gone.status_code in (200, 204), gone.get_data(as_text=True)
    refused = client.get("/v1/whoami", headers={"Authorization": f"Bearer {judge}"})
    assert refused.status_code == 401


# ------------------------------------------------------------ open streams' liveness checks

def _liveness(store: TokenStore, listener, digest: str, session_id: str | None = None):
    from app.liveness import Liveness
    from app.token_records import Verdict

    def read_redis() -> bool:
        return store.read(digest)[0] is Verdict.LIVE

    return Liveness(read_redis, listener.cache if listener else None, digest, session_id, None)


def test_idle_streams_check_their_token_from_memory_while_subscribed(redis_client, redis_url,
                                                                     listener):
    """Hundreds of open streams each asking after every wait cost no Redis read while the
    process hears the channel; a revocation in another process ends them all from memory."""
    store = TokenStore(redis_client, SECRET, listener)
    token, record = store.issue("judge", "Kim")
    digest = store.digest(token)
    checks = [_liveness(store, listener, digest) for _ in range(300)]
    assert all(check.alive() for check in checks)  # each one's first look reads Redis
    before = hgetalls(redis_client)
    for _ in range(5):
        assert all(check.alive() for check in checks)
    assert hgetalls(redis_client) == before
    revoke_in_another_process(redis_url, record["token_id"])
    wait_for(lambda: not checks[0].alive(), seconds=2)
    assert not any(check.alive() for check in checks)
    assert hgetalls(redis_client) == before + 1  # the revoking process's own read


def test_a_stream_reads_redis_when_it_cant_tell_from_memory(redis_client, redis_server, listener):
    """Not subscribed, or subscribed again since it last looked (a revocation may have been
    missed in between): the check reads Redis, and catches a revocation made meanwhile."""
    store = TokenStore(redis_client, SECRET, listener)
    token, record = store.issue("judge", "Kim")
    check = _liveness(store, listener, store.digest(token))
    assert check.alive()
    listener.cache.deaf()  # as on a lost subscription
    before = hgetalls(redis_client)
    assert check.alive() and check.alive()
    assert hgetalls(redis_client) == before + 2
    # revoked while the process heard nothing (marked in Redis, never published)
    redis_client.hset(f"ref:{{auth}}:token:{store.digest(token)}", "revoked", "1")
    admin = redis.Redis(host=redis_server.host, port=redis_server.port,
                        password=redis_server.password)
    admin.client_kill_filter(_type="pubsub")
    admin.close()
    wait_for(lambda: listener.cache.listening)
    assert not check.alive()


def test_a_sign_out_is_heard_and_ends_that_session_only(redis_client, listener):
    from app.console_sessions import ConsoleSessions

    store = TokenStore(redis_client, SECRET, listener)
    token, _ = store.issue("judge", "Kim")
    digest = store.digest(token)
    leaving, staying = (_liveness(store, listener, digest, session) for session in ("s1", "s2"))
    bearer = _liveness(store, listener, digest)
    assert leaving.alive() and staying.alive() and bearer.alive()
    ConsoleSessions(redis_client).end("s1", time.time() + 60)
    wait_for(lambda: not leaving.alive(), seconds=2)
    assert staying.alive() and bearer.alive()
    assert ConsoleSessions(redis_client).ended("s1")
    assert store.lookup(token) is not None  # an ended session is not a revoked token


def test_what_was_heard_is_told_only_without_a_gap():
    cache = TokenCache(seconds=60)
    assert cache.mark() is None and cache.heard_since(None) is None  # not subscribed
    cache.subscribed()
    mark = cache.mark()
    assert cache.heard_since(mark) == (mark, frozenset())
    cache.heard("d1")
    cache.heard("s:abc")
    newer, heard = cache.heard_since(mark)
    assert heard == {"d1", "s:abc"} and cache.heard_since(newer) == (newer, frozenset())
    cache.deaf()
    cache.subscribed()
    assert cache.heard_since(newer) is None  # a gap: messages may have been missed
    fresh = cache.mark()
    for number in range(HEARD_KEPT + 1):
        cache.heard(f"d{number}")
    assert cache.heard_since(fresh) is None  # more than kept


def test_a_record_refused_is_never_kept(redis_client, listener):
    store = TokenStore(redis_client, SECRET, listener)
    token, _ = store.issue("player", "Ana", match_id="m1", seat=0)
    redis_client.hset(f"ref:{{auth}}:token:{store.digest(token)}", "seat", "1")
    assert store.lookup(token) is None
    assert len(listener.cache) == 0
