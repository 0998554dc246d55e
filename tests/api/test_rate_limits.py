"""One token's flood of expensive reads (issue 40): past its limit it is refused 429 with
Retry-After, while every other token is answered; the console's pages count against a limit
of their own; the counts live where the app's Redis users may keep them (the job queue's
user, keys ``rq:limits:*``, expiring), also on the embedded Redis with its ACL users; the 429
is in the served OpenAPI document."""

from __future__ import annotations

import pytest

from tests.api.helpers import SECRET, ApiClient, assert_problem, create_match, ok
from tests.api.test_console import signed_in

pytestmark = pytest.mark.integration

API_LIMIT, CONSOLE_LIMIT = 5, 3
EXPENSIVE_READS = ("state", "timeline", "events", "legal-actions", "disputes")


def limited_app(redis_client, redis_url: str, **config):
    from app import create_app

    return create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                       "REFEREE_TOKEN_SECRET": SECRET,
                       "REFEREE_READ_LIMIT": f"{API_LIMIT}/minute",
                       "REFEREE_CONSOLE_READ_LIMIT": f"{CONSOLE_LIMIT}/minute",
                       "REFEREE_READ_REFUSAL_HOLD_SECONDS": 0, **config},
                      redis_client=redis_client)


@pytest.fixture
def limited(redis_client, redis_url):
    from app.auth import TokenStore

    app = limited_app(redis_client, redis_url)
    judge = ApiClient(app.test_client(), TokenStore(redis_client, SECRET).issue("judge", "Judy")[0])
    created = create_match(judge)
    return app, judge, created


def _read(client: ApiClient, match_id: str, n: int):
    return client.get(f"/v1/matches/{match_id}/{EXPENSIVE_READS[n % len(EXPENSIVE_READS)]}")


def assert_too_many_reads(answer, limit: str) -> int:
    body = assert_problem(answer, 429)
    assert body["type"] == "/problems/too-many-reads"
    assert body["limit"] == limit and limit in body["detail"]
    retry_after = int(answer.headers["Retry-After"])
    assert 1 <= retry_after <= 60
    return retry_after


def test_one_tokens_burst_of_expensive_reads_gets_429_while_another_token_is_answered(limited):
    app, judge, created = limited
    match_id = created["match_id"]
    flooder = judge.with_token(created["tokens"]["0"])
    other = judge.with_token(created["tokens"]["1"])
    answers = [_read(flooder, match_id, n) for n in range(API_LIMIT + 3)]
    assert [a.status_code for a in answers] == [200] * API_LIMIT + [429] * 3
    for answer in answers[API_LIMIT:]:
        assert_too_many_reads(answer, f"{API_LIMIT}/minute")
    # Every other token is answered, each within its own limit.
    for n in range(API_LIMIT):
        ok(_read(other, match_id, n))
        ok(_read(judge, match_id, n))
    # The limited token's cheap requests and writes are not counted.
    ok(flooder.get(f"/v1/matches/{match_id}"))
    ok(flooder.get("/v1/whoami"))
    ok(flooder.get("/v1/rules/R-ENERGY-1"))
    assert flooder.post(f"/v1/matches/{match_id}/actions",
                        {"seat": 0, "action": {"type": "concede"}}).status_code == 201
    assert _read(flooder, match_id, 0).status_code == 429


def test_the_console_has_its_own_limit_and_answers_its_429_with_retry_after(limited):
    app, judge, created = limited
    match_id = created["match_id"]
    flooder, _ = signed_in(app, created["tokens"]["0"])
    other, _ = signed_in(app, created["tokens"]["1"])
    fragment = f"/console/matches/{match_id}/fragment"
    # Signing in showed the player its board once already.
    answers = [flooder.get(fragment) for _ in range(CONSOLE_LIMIT + 1)]
    assert [a.status_code for a in answers] == [200] * (CONSOLE_LIMIT - 1) + [429] * 2
    assert_too_many_reads(answers[-1], f"{CONSOLE_LIMIT}/minute")
    assert flooder.get(f"/console/matches/{match_id}").status_code == 429   # the page too
    assert other.get(fragment).status_code == 200
    # The same token's API reads have their own count, cookie or bearer.
    ok(flooder.get(f"/v1/matches/{match_id}/state"))
    ok(judge.with_token(created["tokens"]["0"]).get(f"/v1/matches/{match_id}/timeline"))


def test_a_refused_read_is_not_counted_and_the_counts_expire_in_the_queues_keys(
        limited, redis_client):
    app, judge, created = limited
    match_id = created["match_id"]
    flooder = judge.with_token(created["tokens"]["0"])
    for n in range(API_LIMIT + 5):
        _read(flooder, match_id, n)
    token_id = ok(flooder.get("/v1/whoami"))["token_id"]
    [flooders] = list(redis_client.scan_iter("rq:limits:*"))   # the judge read nothing costly
    assert token_id in flooders
    assert redis_client.llen(flooders) == API_LIMIT          # five reads counted, not ten
    assert 0 < redis_client.ttl(flooders) <= 60
    assert not [k for k in redis_client.scan_iter("*limit*") if not k.startswith("rq:limits:")]


def test_the_limit_runs_under_the_embedded_redis_acl_users(embedded_redis, monkeypatch, tmp_path):
    """The limiter's commands (a Lua script's LINDEX, LPUSH, LTRIM, EXPIRE) run as the job
    queue's user; the event store's user, which may expire nothing, is never asked."""
    import redis

    from app import create_app
    from app.auth import TokenStore

    monkeypatch.setenv("REFEREE_ANCHOR_DIR", str(tmp_path / "anchors"))
    store = redis.Redis.from_url(embedded_redis.redis_url, decode_responses=True)
    app = create_app({"TESTING": True, "REDIS_URL": embedded_redis.redis_url,
                      "RQ_REDIS_URL": embedded_redis.rq_redis_url, "REFEREE_TOKEN_SECRET": SECRET,
                      "REFEREE_READ_LIMIT": "2/minute", "REFEREE_READ_REFUSAL_HOLD_SECONDS": 0},
                     redis_client=store)
    judge = ApiClient(app.test_client(), TokenStore(store, SECRET).issue("judge", "Judy")[0])
    match_id = create_match(judge)["match_id"]
    statuses = [judge.get(f"/v1/matches/{match_id}/state").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    with pytest.raises(redis.exceptions.NoPermissionError):
        store.expire(f"ref:{{m:{match_id}}}:events", 60)     # what the store's user may not do
    admin = embedded_redis.admin_client(decode_responses=True)
    assert [k for k in admin.scan_iter("rq:limits:*")]


def test_reads_go_through_when_the_limits_redis_is_unreachable(redis_client, redis_url):
    from app.auth import TokenStore
    from events.embedded import free_port

    app = limited_app(redis_client, redis_url, RQ_REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")
    judge = ApiClient(app.test_client(), TokenStore(redis_client, SECRET).issue("judge", "Judy")[0])
    match_id = create_match(judge)["match_id"]
    for n in range(API_LIMIT + 2):
        ok(_read(judge, match_id, n))


def test_the_openapi_document_gives_every_expensive_read_its_429_with_retry_after(judge):
    document = ok(judge.get("/v1/openapi.json"))
    paths = document["paths"]
    for path, method in (("/v1/matches/{match_id}/state", "get"),
                         ("/v1/matches/{match_id}/timeline", "get"),
                         ("/v1/matches/{match_id}/events", "get"),
                         ("/v1/matches/{match_id}/legal-actions", "get"),
                         ("/v1/matches/{match_id}/legality", "post"),
                         ("/v1/matches/{match_id}/report", "get"),
                         ("/v1/matches/{match_id}/audit", "get"),
                         ("/v1/matches/{match_id}/disputes", "get")):
        answer = paths[path][method]["responses"]["429"]
        assert "Retry-After" in answer["headers"], path
        assert "REFEREE_READ_LIMIT" in answer["description"]
    for path, method in (("/v1/matches/{match_id}", "get"), ("/v1/matches/{match_id}/actions", "post"),
                         ("/v1/whoami", "get")):
        assert "429" not in paths[path][method]["responses"], path
