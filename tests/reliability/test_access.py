"""Access and sessions (issue 40, items 2, 6-9), against the real service where it matters:

* a revoked token's open streams (bearer and console cookie, the match's stream and the
  console's tables stream) end within 5 s in every process of `referee serve`, delivering
  nothing after the revocation; so do a signed-out session's;
* token records are MAC'd: an edit (role, binding, expiry, revocation) is refused and
  logged, an old record put back over its revocation is refused (the ledger outside Redis),
  a record from before MACs is refused until `referee token sign-unsigned`;
* sign-out ends the session on the server: the cookie replayed is nobody;
* a sign-in sent from another site is refused (login CSRF);
* cookies are Secure only behind a trusted proxy's HTTPS, or always when told.
"""

from __future__ import annotations

import http.client
import json
import logging
import os
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import pytest
from click.testing import CliRunner

from app.session_cookie import COOKIE_NAME
from tests.api.helpers import SECRET as API_SECRET
from tests.api.helpers import ApiClient, assert_problem, ok
from tests.api.positions import bubble, sandbox_players
from tests.conftest import TEST_CHAIN_KEY
from tests.reliability.helpers import (
    SECRET,
    KillableRedis,
    call,
    issue_token,
    referee_serve,
    serve_env,
)

pytestmark = pytest.mark.integration

ENDS_WITHIN = 5.0
CSRF = re.compile(r'name="csrf-token" content="([0-9a-f]*)"')
PENALTY = {"seat": 1, "infraction": "tardiness", "level": "warning"}


# ---------------------------------------------------------------------- over real HTTP

@dataclass(eq=False)
class StreamReader(threading.Thread):
    """Reads one text/event-stream answer line by line, noting when each line came and when
    the server ended the answer."""

    base: str
    path: str
    headers: dict[str, str]
    status: int | None = None
    lines: list[tuple[float, str]] = field(default_factory=list)
    ended_at: float | None = None
    opened: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        super().__init__(daemon=True)

    def run(self) -> None:
        host, port = self.base.removeprefix("http://").split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=120)
        try:
            conn.request("GET", self.path, headers=self.headers)
            response = conn.getresponse()
            self.status = response.status
            self.opened.set()
            while line := response.readline():
                self.lines.append((time.monotonic(), line.decode().rstrip("\n")))
            self.ended_at = time.monotonic()
        finally:
            self.opened.set()
            conn.close()

    def seqs(self, after: float = 0.0) -> list[int]:
        return [int(text[4:]) for at, text in self.lines if text.startswith("id: ") and at > after]


def open_stream(base: str, path: str, headers: dict[str, str]) -> StreamReader:
    reader = StreamReader(base, path, headers)
    reader.start()
    assert reader.opened.wait(30)
    assert reader.status == 200, (path, reader.status)
    return reader


def wait_until(condition: Any, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def post_form(base: str, path: str, form: dict[str, str],
              headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("POST", path, body=urlencode(form),
                 headers={"Content-Type": "application/x-www-form-urlencoded", **(headers or {})})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response


def sign_in_over_http(base: str, token: str, **headers: str) -> tuple[str, str, str]:
    """(the Cookie header, the session's CSRF token, the raw Set-Cookie)."""
    answer = post_form(base, "/console/sign-in", {"token": token}, headers)
    assert answer.status == 303, answer.status
    set_cookie = answer.getheader("Set-Cookie") or ""
    cookie = set_cookie.split(";", 1)[0]
    page = call(base, "GET", "/console/tables", headers={"Cookie": cookie})
    match = CSRF.search(page.text)
    return cookie, match.group(1) if match else "", set_cookie


@dataclass
class Service:
    base: str
    redis: Any


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    """`referee serve` (two gunicorn workers) on a redis-server of its own; the proxy at
    127.0.0.1 is not trusted (REFEREE_TRUSTED_PROXIES names another)."""
    directory = tmp_path_factory.mktemp("access")
    (directory / "redis").mkdir()
    server = KillableRedis(directory / "redis").start()
    env = serve_env(REDIS_URL=server.url, RQ_REDIS_URL=server.url, REFEREE_TOKEN_SECRET=SECRET,
                    REFEREE_CHAIN_KEY=TEST_CHAIN_KEY,
                    REFEREE_ANCHOR_DIR=str(directory / "anchors"),
                    REFEREE_TRUSTED_PROXIES="10.9.9.9")
    client = server.client(decode_responses=True)
    try:
        with referee_serve(env, directory, workers=2) as served:
            yield Service(served.base, client)
    finally:
        client.close()
        server.stop()


def _new_match(service: Service, actor: str) -> str:
    created = call(service.base, "POST", "/v1/matches",
                   {"players": sandbox_players(), "position": bubble()}, actor)
    assert created.status == 201, created.text
    return created.body["match_id"]


def _penalty(service: Service, actor: str, match_id: str) -> int:
    answer = call(service.base, "POST", f"/v1/matches/{match_id}/penalties", PENALTY, actor)
    assert answer.status == 201, answer.text
    return answer.body["seq"]


def _assert_all_end_quietly(streams: list[StreamReader], since: float) -> None:
    """Each stream ends within ENDS_WITHIN seconds of ``since`` and delivers no event after
    it."""
    for reader in streams:
        reader.join(ENDS_WITHIN + 5)
    late = []
    for reader in streams:
        if reader.ended_at is None or reader.ended_at - since > ENDS_WITHIN:
            took = None if reader.ended_at is None else round(reader.ended_at - since, 2)
            late.append(f"{reader.path}: ended after {took} s")
        if reader.seqs(after=since):
            late.append(f"{reader.path}: delivered {reader.seqs(after=since)} after the end")
    assert not late, late


def test_a_revoked_tokens_streams_end_within_5_s_in_every_process(service):
    """Streams of a busy match (events appended right after the revocation: none may reach
    the reader) and of an idle one (each blocked in its wait when the revocation comes: the
    worst case), by bearer token and by console cookie, and the console's tables stream."""
    redis_client = service.redis
    admin = issue_token(redis_client, "admin", "Ada")
    actor = issue_token(redis_client, "judge", "Actor")
    reader_token = issue_token(redis_client, "judge", "Reader")
    from app.auth import TokenStore
    reader_id = TokenStore(redis_client, SECRET).lookup(reader_token)["token_id"]
    busy, idle = _new_match(service, actor), _new_match(service, actor)
    cookie, _csrf, _ = sign_in_over_http(service.base, reader_token)
    bearer = {"Authorization": f"Bearer {reader_token}"}
    streams = []
    for match_id in (busy, idle):  # several of each, so that both gunicorn workers hold some
        path = f"/v1/matches/{match_id}/stream?timeout=120"
        streams += [open_stream(service.base, path, bearer) for _ in range(2)]
        streams.append(open_stream(service.base, path, {"Cookie": cookie}))
    tables = open_stream(service.base, "/console/tables/live", {"Cookie": cookie})
    live = _penalty(service, actor, busy)
    wait_until(lambda: all(live in s.seqs() for s in streams[:3]))  # they deliver
    wait_until(lambda: all(s.lines for s in streams[3:]))
    wait_until(lambda: any("hello" in text for _, text in tables.lines))
    # the worst case: one idle stream has just begun a wait (4 s) when the revocation comes
    waits = len([text for _, text in streams[3].lines if "keep-alive" in text])
    wait_until(lambda: len([t for _, t in streams[3].lines if "keep-alive" in t]) > waits)

    revoked_at = time.monotonic()
    answer = call(service.base, "DELETE", f"/v1/tokens/{reader_id}", token=admin)
    assert answer.status == 204, answer.text
    _penalty(service, actor, busy)   # nothing of these may reach the revoked reader
    time.sleep(1.5)
    _penalty(service, actor, busy)
    _assert_all_end_quietly([*streams, tables], revoked_at)
    again = call(service.base, "GET", f"/v1/matches/{busy}/stream", headers={"Cookie": cookie})
    assert again.status == 401


def test_a_signed_out_sessions_streams_end_and_its_cookie_is_nobody(service):
    redis_client = service.redis
    actor = issue_token(redis_client, "judge", "Actor 2")
    leaver = issue_token(redis_client, "judge", "Leaver")
    match_id = _new_match(service, actor)
    cookie, csrf, _ = sign_in_over_http(service.base, leaver)
    kept_cookie, _, _ = sign_in_over_http(service.base, leaver)  # another session, kept
    path = f"/v1/matches/{match_id}/stream?timeout=120"
    streams = [open_stream(service.base, path, {"Cookie": cookie}) for _ in range(2)]
    streams.append(open_stream(service.base, "/console/tables/live", {"Cookie": cookie}))
    kept = open_stream(service.base, path, {"Cookie": kept_cookie})
    live = _penalty(service, actor, match_id)
    wait_until(lambda: all(live in s.seqs() for s in [*streams[:2], kept]))

    signed_out_at = time.monotonic()
    out = post_form(service.base, "/console/sign-out", {"csrf": csrf}, {"Cookie": cookie})
    assert out.status == 303
    after = _penalty(service, actor, match_id)
    _assert_all_end_quietly(streams, signed_out_at)
    # the cookie replayed, in whichever process answers, is nobody
    for _ in range(4):
        assert call(service.base, "GET", "/v1/whoami", headers={"Cookie": cookie}).status == 401
        page = call(service.base, "GET", "/console/tables", headers={"Cookie": cookie})
        assert page.status == 303
    # the token and its other session live on
    wait_until(lambda: after in kept.seqs())
    assert kept.ended_at is None
    assert call(service.base, "GET", "/v1/whoami", headers={"Cookie": kept_cookie}).status == 200
    assert call(service.base, "GET", "/v1/whoami", token=leaver).status == 200


def test_a_forwarded_https_counts_only_from_a_trusted_proxy(service):
    """The service trusts 10.9.9.9 alone: a request from 127.0.0.1 saying it came over HTTPS
    is not believed (its cookie is not Secure)."""
    token = issue_token(service.redis, "judge", "Proxy")
    _, _, set_cookie = sign_in_over_http(service.base, token, **{"X-Forwarded-Proto": "https"})
    assert set_cookie.startswith(f"{COOKIE_NAME}=") and "Secure" not in set_cookie


# ---------------------------------------------------------------------- in one process

def signed_in(api_app, token: str, **headers: str):
    browser = api_app.test_client()
    answer = browser.post("/console/sign-in", data={"token": token}, headers=headers)
    assert answer.status_code == 303, answer.get_data(True)
    page = browser.get("/", follow_redirects=True)
    return browser, CSRF.search(page.get_data(True)).group(1)


def _cookie_of(browser) -> str:
    return browser.get_cookie(COOKIE_NAME).value


def _record_key(redis_client, token: str) -> str:
    from app.auth import TokenStore

    return f"ref:{{auth}}:token:{TokenStore(redis_client, API_SECRET).digest(token)}"


def _token_id(judge: ApiClient) -> str:
    return ok(judge.get("/v1/whoami"))["token_id"]


def test_sign_out_ends_the_session_on_the_server(api_app, judge, redis_client):
    browser, csrf = signed_in(api_app, judge.token)
    other, _ = signed_in(api_app, judge.token)
    cookie = _cookie_of(browser)
    assert browser.post("/console/sign-out", data={"csrf": csrf}).status_code == 303
    replay = api_app.test_client()
    replay.set_cookie(COOKIE_NAME, cookie)
    assert replay.get("/console/tables").status_code == 303
    assert replay.get("/v1/whoami").status_code == 401
    assert other.get("/console/tables").status_code == 200  # one sign-out ends one session
    assert ok(judge.get("/v1/whoami"))["role"] == "judge"   # and not the token
    # the record of ended sessions stays bounded: an expired one is dropped at a sign-out
    from app.console_sessions import ENDED

    redis_client.zadd(ENDED, {"long-expired": 1.0})
    third, third_csrf = signed_in(api_app, judge.token)
    third.post("/console/sign-out", data={"csrf": third_csrf})
    assert redis_client.zscore(ENDED, "long-expired") is None
    assert redis_client.zcard(ENDED) == 2


def test_a_cookie_without_a_session_id_is_nobody(api_app, judge):
    """Cookies signed before sessions had ids can't be ended: they are refused."""
    from app.session_cookie import _serializer

    with api_app.test_request_context():
        old = _serializer().dumps({"t": _token_id(judge)})
    browser = api_app.test_client()
    browser.set_cookie(COOKIE_NAME, old)
    assert browser.get("/console/tables").status_code == 303
    assert browser.get("/v1/whoami").status_code == 401


@pytest.mark.parametrize("headers", [
    {"Origin": "https://evil.example"},
    {"Origin": "null"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site", "Origin": "http://sub.localhost"},
    {"Sec-Fetch-Site": "cross-site", "Origin": "http://localhost"},
])
def test_a_sign_in_sent_from_another_site_is_refused(api_app, judge, headers):
    answer = api_app.test_client().post("/console/sign-in", data={"token": judge.token},
                                        headers=headers)
    assert answer.status_code == 403
    assert "Set-Cookie" not in answer.headers
    assert "another site" in answer.get_data(True)


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
    {"Sec-Fetch-Site": "none"},
    {"Origin": "http://localhost"},
    {},  # not a browser (curl): nothing to forge a visitor's sign-in with
])
def test_a_sign_in_from_this_site_or_no_browser_is_accepted(api_app, judge, headers):
    signed_in(api_app, judge.token, **headers)


def test_cookies_are_secure_when_told(redis_client, redis_url):
    from app import create_app

    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                      "REFEREE_TOKEN_SECRET": API_SECRET, "REFEREE_SECURE_COOKIES": True},
                     redis_client=redis_client)
    token = issue_token_with(redis_client, API_SECRET, "judge", "Kim")
    answer = app.test_client().post("/console/sign-in", data={"token": token})
    assert answer.status_code == 303 and "Secure" in answer.headers["Set-Cookie"]
    plain = create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                        "REFEREE_TOKEN_SECRET": API_SECRET}, redis_client=redis_client)
    answer = plain.test_client().post("/console/sign-in", data={"token": token})
    assert "Secure" not in answer.headers["Set-Cookie"]


def test_trusted_proxies_reach_gunicorn():
    from app.server import gunicorn_options
    from events.config import Settings

    settings = Settings.from_env({"REFEREE_TRUSTED_PROXIES": " 10.0.0.2,10.0.0.3 "})
    assert settings.trusted_proxies == "10.0.0.2,10.0.0.3"
    options = gunicorn_options("127.0.0.1", 8000, 2, 1000,
                               forwarded_allow_ips=settings.trusted_proxies)
    assert options["forwarded_allow_ips"] == "10.0.0.2,10.0.0.3"
    assert Settings.from_env({}).trusted_proxies is None  # gunicorn's default stays


def issue_token_with(redis_client, secret: str, role: str, subject: str, **binding: Any) -> str:
    from app.auth import TokenStore

    return TokenStore(redis_client, secret).issue(role, subject, **binding)[0]


# ---------------------------------------------------------------------- signed records

def test_an_edited_token_record_is_refused_and_reported(api_app, judge, redis_client, caplog):
    created = ok(judge.post("/v1/matches", {"players": sandbox_players(),
                                            "position": bubble()}), 201)
    api_app.config["REFEREE_TOKEN_CACHE_SECONDS"] = 0  # a process that hasn't kept it
    player = judge.with_token(created["tokens"]["0"])
    assert ok(player.get("/v1/whoami"))["role"] == "player"
    key = _record_key(redis_client, player.token)
    genuine = redis_client.hgetall(key)
    browser, _ = signed_in(api_app, player.token)
    caplog.set_level(logging.WARNING)
    edits = [{"role": "admin"}, {"role": "judge", "match_id": "", "seat": ""}, {"seat": "1"},
             {"match_id": "another"}, {"head_judge": "1"}, {"subject": "Someone else"},
             {"expires_at": "2999-01-01T00:00:00Z"}, {"created_at": "2020-01-01T00:00:00Z"},
             {"token_id": "0123456789abcdef"}]
    for edit in edits:
        redis_client.hset(key, mapping=edit)
        assert_problem(player.get("/v1/whoami"), 401)
        assert_problem(player.post("/v1/tokens", {"role": "admin", "subject": "me"}), 401)
        assert browser.get("/v1/whoami").status_code == 401, edit  # by cookie too
        redis_client.hset(key, mapping=genuine)
        assert ok(player.get("/v1/whoami"))["role"] == "player"
    assert "refused: it fails its MAC" in caplog.text
    assert player.token not in caplog.text


def test_the_id_index_pointed_at_another_tokens_record_gives_nothing(api_app, admin, judge,
                                                                      redis_client, caplog):
    """The index from token ids to digests is not signed: a console cookie (which names a
    token id) must not become whoever's record the index is pointed at, nor a revocation
    hit another token."""
    api_app.config["REFEREE_TOKEN_CACHE_SECONDS"] = 0
    created = ok(judge.post("/v1/matches", {"players": sandbox_players(),
                                            "position": bubble()}), 201)
    player_id = created["token_ids"]["0"]
    browser, _ = signed_in(api_app, created["tokens"]["0"])
    assert ok(browser.get("/v1/whoami"))["role"] == "player"
    from app.auth import TokenStore

    admin_digest = TokenStore(redis_client, API_SECRET).digest(admin.token)
    redis_client.hset("ref:{auth}:token-ids", player_id, admin_digest)
    caplog.set_level(logging.WARNING)
    assert browser.get("/v1/whoami").status_code == 401
    assert browser.get("/console/tables").status_code == 303
    assert admin.delete(f"/v1/tokens/{player_id}").status_code == 404
    assert ok(admin.get("/v1/whoami"))["role"] == "admin"  # not revoked by it
    assert "id index points at another token" in caplog.text


def test_a_revocation_cannot_be_undone_by_editing_redis(api_app, admin, judge, redis_client,
                                                        caplog, redis_url, monkeypatch):
    token_id = _token_id(judge)
    key = _record_key(redis_client, judge.token)
    before = redis_client.hgetall(key)  # a genuine, MAC'd, unrevoked record
    browser, _ = signed_in(api_app, judge.token)
    assert admin.delete(f"/v1/tokens/{token_id}").status_code == 204
    caplog.set_level(logging.WARNING)
    redis_client.hset(key, mapping={"revoked": "0"})      # an edit: its MAC fails
    assert_problem(judge.get("/v1/whoami"), 401)
    redis_client.hdel(key, "revoked_at")
    redis_client.hset(key, mapping=before)                # a replay: its MAC holds
    assert redis_client.hgetall(key) == before
    assert_problem(judge.get("/v1/whoami"), 401)
    assert browser.get("/v1/whoami").status_code == 401
    assert "revoked in the ledger" in caplog.text
    # a process started after the edit reads the revocation from the anchor dir
    from app.auth import TokenStore
    from app.token_ledger import RevocationLedger, ledger_path

    fresh = RevocationLedger(ledger_path(os.environ["REFEREE_ANCHOR_DIR"]), API_SECRET.encode())
    assert fresh.is_revoked(TokenStore(redis_client, API_SECRET).digest(judge.token))
    # and `referee token check` names it
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("REFEREE_TOKEN_SECRET", API_SECRET)
    from app.cli import main

    checked = CliRunner().invoke(main, ["token", "check"])
    assert checked.exit_code == 1
    verdicts = {entry["token_id"]: entry["verdict"]
                for entry in map(json.loads, checked.stdout.splitlines())}
    assert verdicts[token_id] == "replayed"
    assert verdicts[_token_id(admin)] == "live"


def test_a_record_from_before_macs_is_refused_until_signed(api_app, judge, redis_client,
                                                           redis_url, monkeypatch, caplog):
    api_app.config["REFEREE_TOKEN_CACHE_SECONDS"] = 0  # a process started after the upgrade
    key = _record_key(redis_client, judge.token)
    token_id = _token_id(judge)
    redis_client.hdel(key, "mac", "v", "expires_at", "revoked_at")  # as records were before
    tampered = judge.with_token(
        issue_token_with(redis_client, API_SECRET, "player", "P", match_id="m", seat=0))
    tampered_key = _record_key(redis_client, tampered.token)
    redis_client.hset(tampered_key, "role", "admin")
    caplog.set_level(logging.WARNING)
    assert_problem(judge.get("/v1/whoami"), 401)
    assert "has no MAC" in caplog.text and judge.token not in caplog.text
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("REFEREE_TOKEN_SECRET", API_SECRET)
    from app.cli import main

    done = CliRunner().invoke(main, ["token", "sign-unsigned", "--days", "2"])
    assert done.exit_code == 0, done.output
    signed = [json.loads(line) for line in done.stdout.splitlines()]
    assert [entry["token_id"] for entry in signed] == [token_id]   # the tampered one: not
    assert signed[0]["role"] == "judge" and signed[0]["expires_at"]
    assert ok(judge.get("/v1/whoami"))["expires_at"] == signed[0]["expires_at"]
    assert_problem(tampered.get("/v1/whoami"), 401)


def test_an_expired_token_is_refused(api_app, redis_client):
    from app.auth import TokenStore

    token, record = TokenStore(redis_client, API_SECRET).issue("judge", "Brief", days=1.5 / 86400)
    holder = ApiClient(api_app.test_client(), token)
    assert ok(holder.get("/v1/whoami"))["expires_at"] == record["expires_at"]
    time.sleep(2.1)
    assert_problem(holder.get("/v1/whoami"), 401)
    lasting = TokenStore(redis_client, API_SECRET, days=0).issue("judge", "Forever")[1]
    assert lasting["expires_at"] is None
