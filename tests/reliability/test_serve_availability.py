"""`referee serve` itself (gunicorn with the shipped worker class, two workers) against
clients that misbehave, over loopback:

* the errors gunicorn answers before the app sees a request (a request line or header too
  long, a malformed request) are problem+json like every other error, and a header line
  that may hold a token is not echoed into the log;
* sixteen slow clients sending one header line per second neither stall /v1/health nor
  hold their connection: each gets a 408 problem+json once the header timeout is over,
  and a connection that sends nothing is closed;
* a kept-alive connection waits up to the keep-alive timeout for its next request (a
  table client pausing longer than the header timeout keeps its connection), then is
  closed; a head begun on it still has only the header timeout from its first byte;
* one player opening twelve streams gets the per-token cap of them and 429 problem+json
  with Retry-After for the rest, and a judge's GET /state with those streams and sixteen
  slow clients open stays within 3x its idle latency.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass

import pytest

from app.errors import PROBLEM_MIME
from tests.conftest import TEST_CHAIN_KEY
from tests.reliability.helpers import (
    SECRET,
    KillableRedis,
    Served,
    SlowClient,
    call,
    issue_token,
    latency,
    long_game,
    parse_answer,
    raw_exchange,
    referee_serve,
    serve_env,
)

pytestmark = pytest.mark.integration

HEADER_TIMEOUT = 3.0
KEEPALIVE_TIMEOUT = 6.0
STREAMS_PER_TOKEN = 4
STREAMS_OPENED = 12
SLOW_CLIENTS = 16
SLACK = 2.0


@dataclass
class Setup:
    served: Served
    redis: KillableRedis


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    directory = tmp_path_factory.mktemp("availability")
    (directory / "redis").mkdir()
    redis = KillableRedis(directory / "redis").start()
    env = serve_env(REDIS_URL=redis.url, RQ_REDIS_URL=redis.url, REFEREE_TOKEN_SECRET=SECRET,
                    REFEREE_CHAIN_KEY=TEST_CHAIN_KEY, REFEREE_STREAMS_PER_TOKEN=str(STREAMS_PER_TOKEN),
                    REFEREE_HEADER_TIMEOUT=str(HEADER_TIMEOUT),
                    REFEREE_KEEPALIVE_TIMEOUT=str(KEEPALIVE_TIMEOUT))
    try:
        with referee_serve(env, directory) as served:
            yield Setup(served, redis)
    finally:
        redis.stop()


def assert_problem(answer, status: int) -> None:
    assert answer.status == status, (answer.status, answer.text)
    assert answer.headers["content-type"] == PROBLEM_MIME, answer.headers
    assert answer.body["status"] == status
    assert {"type", "title", "status", "detail"} <= answer.body.keys(), answer.body


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET /v1/health?q=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: referee\r\n\r\n", 414),
    (b"GET /v1/health HTTP/1.1\r\nHost: referee\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", 431),
    (b"GARBAGE\r\n\r\n", 400),
    (b"GET /v1/health HTTP/1.1\r\nHost: referee\r\nAuthorization Bearer "
     b"not-a-header-but-a-secret\r\n\r\n", 400),
], ids=["414-uri", "431-header", "400-request-line", "400-header-line"])
def test_errors_gunicorn_answers_are_problem_json(setup, request_bytes, status):
    answer = raw_exchange(setup.served.port, request_bytes)
    assert_problem(answer, status)
    # English, and it says so, like every answer: the request was never parsed, so its
    # Accept-Language was not read
    assert answer.headers["content-language"] == "en", answer.headers
    assert answer.headers["vary"] == "Accept-Language", answer.headers
    assert "not-a-header-but-a-secret" not in setup.served.log()


def test_a_malformed_chunked_body_is_a_400(setup):
    """gunicorn parses a chunked body only as the app reads it, so the app answers."""
    judge = issue_token(setup.redis.client(decode_responses=True), "judge", "Judy")
    answer = raw_exchange(setup.served.port, (
        "POST /v1/matches HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n"
        f"Authorization: Bearer {judge}\r\nTransfer-Encoding: chunked\r\n\r\n"
        "ZZ\r\n{}\r\n0\r\n\r\n").encode())
    assert_problem(answer, 400)


def test_slow_clients_neither_stall_the_server_nor_keep_their_connection(setup):
    served = setup.served
    idle_median, _ = latency(served.base, "/v1/health")
    slow = [SlowClient(served.port, give_up=HEADER_TIMEOUT + 10) for _ in range(SLOW_CLIENTS)]
    for client in slow:
        client.start()
    opened = time.monotonic()
    with socket.create_connection(("127.0.0.1", served.port), timeout=HEADER_TIMEOUT + 10) \
            as silent:
        time.sleep(1.5)  # every slow client has sent a line or two
        loaded_median, loaded_max = latency(served.base, "/v1/health", samples=10)
        assert silent.recv(1024) == b""  # nothing sent: closed without an answer
        silent_closed_after = time.monotonic() - opened
    for client in slow:
        client.join(HEADER_TIMEOUT + 15)
    print(f"\nslow clients: /v1/health idle median {idle_median * 1000:.1f} ms, with "
          f"{SLOW_CLIENTS} slow clients median {loaded_median * 1000:.1f} ms max "
          f"{loaded_max * 1000:.1f} ms; 408 after "
          f"{max(c.seconds or 0 for c in slow):.1f} s at most")
    assert loaded_max < 1.0 and loaded_median < 3 * idle_median + 0.01, \
        (idle_median, loaded_median, loaded_max)
    assert silent_closed_after < HEADER_TIMEOUT + SLACK
    for client in slow:
        assert client.answer is not None, f"no answer after {client.seconds:.1f}s"
        assert_problem(client.answer, 408)
        assert client.closed_by_server
        assert client.seconds < HEADER_TIMEOUT + SLACK


HEALTH = b"GET /v1/health HTTP/1.1\r\nHost: referee\r\n\r\n"


def _answered_once(port: int) -> socket.socket:
    """A connection on which one request was answered (and kept alive)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=KEEPALIVE_TIMEOUT + 10)
    sock.sendall(HEALTH)
    answer = parse_answer(_read_one_answer(sock))
    assert answer.status == 200 and answer.headers.get("connection", "") != "close"
    return sock


def _read_one_answer(sock: socket.socket, received: bytes = b"") -> bytes:
    """One answer (head and a Content-Length body), ``received`` being its start."""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(65536)
        if not chunk:
            return received
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    length = parse_answer(head + b"\r\n\r\n").headers.get("content-length")
    while length is not None and len(body) < int(length):
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


def test_a_kept_alive_connection_outlasts_the_header_timeout_between_requests(setup):
    with _answered_once(setup.served.port) as sock:
        time.sleep(HEADER_TIMEOUT + 1)       # a table's longer pause between two actions
        sock.sendall(HEALTH)
        assert parse_answer(_read_one_answer(sock)).status == 200


def test_an_idle_kept_alive_connection_is_closed_after_the_keepalive_timeout(setup):
    with _answered_once(setup.served.port) as sock:
        answered = time.monotonic()
        assert sock.recv(1024) == b""        # closed without a word
        waited = time.monotonic() - answered
    assert KEEPALIVE_TIMEOUT - 0.5 < waited < KEEPALIVE_TIMEOUT + SLACK


def test_a_head_begun_after_a_pause_still_has_only_the_header_timeout(setup):
    with _answered_once(setup.served.port) as sock:
        time.sleep(HEADER_TIMEOUT + 1)
        sock.sendall(b"GET /v1/health HTTP/1.1\r\n")   # and the rest never comes
        begun = time.monotonic()
        answer = parse_answer(_read_one_answer(sock))
        took = time.monotonic() - begun
    assert_problem(answer, 408)
    assert HEADER_TIMEOUT - 0.5 < took < HEADER_TIMEOUT + SLACK


def open_stream(port: int, match_id: str, token: str) -> tuple[socket.socket, int, bytes]:
    """A stream's request on a raw socket: (the socket, the status, what came with it)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(f"GET /v1/matches/{match_id}/stream?timeout=120 HTTP/1.1\r\n"
                 f"Host: referee\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(65536)  # TimeoutError: the server did not answer in 5 s
        if not chunk:
            break
        received += chunk
    return sock, int(received.split(b" ", 2)[1]), received


def test_streams_are_capped_and_do_not_starve_a_judge(setup):
    served = setup.served
    judge = issue_token(setup.redis.client(decode_responses=True), "judge", "Judy")
    created = call(served.base, "POST", "/v1/matches",
                   {"players": [{"name": "Ana"}, {"name": "Beto"}], "position": long_game()},
                   judge)
    assert created.status == 201, created.text
    match_id, player = created.body["match_id"], created.body["tokens"]["0"]
    state = f"/v1/matches/{match_id}/state"
    idle_median, idle_max = latency(served.base, state, judge)

    streams, refused = [], []
    try:
        for _ in range(STREAMS_OPENED):
            sock, status, received = open_stream(served.port, match_id, player)
            if status == 200:
                streams.append(sock)
                continue
            sock.settimeout(5)
            refused.append(_read_one_answer(sock, received))  # the connection stays open
            sock.close()
        assert len(streams) == STREAMS_PER_TOKEN, (len(streams), refused[:1])
        assert len(refused) == STREAMS_OPENED - STREAMS_PER_TOKEN
        for raw in refused:
            answer = parse_answer(raw)
            assert_problem(answer, 429)
            assert answer.headers["retry-after"].isdigit()
            assert answer.body["scope"] == "token" and answer.body["limit"] == STREAMS_PER_TOKEN

        slow = [SlowClient(served.port, give_up=HEADER_TIMEOUT + 10)
                for _ in range(SLOW_CLIENTS)]
        for client in slow:
            client.start()
        time.sleep(1.0)
        loaded_median, loaded_max = latency(served.base, state, judge)
        for sock in streams:  # every admitted stream is still open and flowing
            assert sock.recv(65536)
        print(f"\nstreams: {len(streams)} held, {len(refused)} refused (429); "
              f"GET /state idle median {idle_median * 1000:.1f} ms (max "
              f"{idle_max * 1000:.1f}), with the streams and {SLOW_CLIENTS} slow clients "
              f"median {loaded_median * 1000:.1f} ms (max {loaded_max * 1000:.1f})")
        assert loaded_median <= 3 * idle_median, (idle_median, loaded_median)
        for client in slow:
            client.join(HEADER_TIMEOUT + 15)
    finally:
        for sock in streams:
            sock.close()

    # Closed streams give their slots back (the server notices at its next keep-alive).
    deadline = time.monotonic() + 10
    while True:
        sock, status, _ = open_stream(served.port, match_id, player)
        sock.close()
        if status == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert status == 200


def test_connections_past_worker_connections_wait(tmp_path, setup):
    """One worker with room for 4 connections: while 4 silent ones hold it, a fifth waits
    in the listen backlog until the header timeout has closed them, then is served."""
    env = serve_env(REDIS_URL=setup.redis.url, RQ_REDIS_URL=setup.redis.url,
                    REFEREE_TOKEN_SECRET=SECRET, REFEREE_CHAIN_KEY=TEST_CHAIN_KEY)
    with referee_serve(env, tmp_path, "--worker-connections", "4", "--header-timeout", "2",
                       workers=1) as served:
        time.sleep(2.5)  # the start-up probe's keep-alive connection is gone
        silent = [socket.create_connection(("127.0.0.1", served.port)) for _ in range(4)]
        try:
            time.sleep(0.3)
            started = time.monotonic()
            answer = call(served.base, "GET", "/v1/health", timeout=30)
            waited = time.monotonic() - started
        finally:
            for sock in silent:
                sock.close()
    assert answer.status == 200
    assert 1.0 < waited < 2 + SLACK, waited
