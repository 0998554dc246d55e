"""Shared pieces of the reliability tests: a redis-server that can be killed and restarted
on the same port and data dir, the app served over real HTTP (werkzeug's threaded WSGI
server in a thread, or ``referee serve`` itself in a subprocess), a small HTTP client, raw
sockets for clients that misbehave and a sandbox position where ``end_turn`` stays legal for
a long time."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from app.errors import PROBLEM_MIME
from events.embedded import free_port
from tests.api.positions import CHARMANDER, FIRE, PIKACHU, SQUIRTLE, WATER
from tests.conftest import redis_server_command, stop_redis_process

SECRET = "reliability-token-secret-" + "r" * 40


# ---------------------------------------------------------------------- redis-server

@dataclass
class KillableRedis:
    """A redis-server with ``appendonly yes`` + ``appendfsync always`` in ``directory`` on a
    fixed port: ``kill()`` is ``kill -9``, ``start()`` brings it back on the same port and
    AOF (waiting until it has loaded the AOF and answers). ``args``: more server options."""

    directory: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None
    kills: int = 0
    args: tuple[str, ...] = ()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self, **kwargs: Any) -> redis.Redis:
        kwargs.setdefault("retry", Retry(NoBackoff(), 0))
        kwargs.setdefault("socket_connect_timeout", 1)
        return redis.Redis(host="127.0.0.1", port=self.port, **kwargs)

    def start(self, timeout: float = 20.0) -> KillableRedis:
        assert self.process is None or self.process.poll() is not None
        self.process = subprocess.Popen(
            [*redis_server_command(self.port, self.directory), *self.args],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        probe = self.client()
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"redis-server exited; see {self.directory}/redis.log")
                try:
                    if probe.ping():
                        return self
                except (redis.ConnectionError, redis.BusyLoadingError):
                    time.sleep(0.02)
        finally:
            probe.close()
        raise RuntimeError(f"redis-server did not come up on port {self.port}")

    def kill(self) -> None:
        """SIGKILL: no SHUTDOWN, no final fsync - a crash."""
        if self.process is not None and self.process.poll() is None:
            self.kills += 1
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        stop_redis_process(self.process, self.client())


# ---------------------------------------------------------------------- the app over HTTP

@contextmanager
def serve(app: Any, quiet: bool = True) -> Iterator[str]:
    """Run ``app`` under werkzeug's threaded WSGI server on a free port; yields its base URL.
    ``quiet=False`` keeps werkzeug's access log (one line per request, to logging)."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args: Any, **kwargs: Any) -> None:
            pass

    server = make_server("127.0.0.1", 0, app, threaded=True,
                         request_handler=Quiet if quiet else WSGIRequestHandler)
    thread = threading.Thread(target=server.serve_forever, name="wsgi", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: Any
    text: str


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None,
         timeout: float = 30.0, headers: dict[str, str] | None = None) -> Answer:
    """One HTTP request on a fresh connection (so a server-side failure can't leak into the
    next request). Raises OSError / http.client errors for transport failures."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
    sent = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    if token is not None:
        sent["Authorization"] = f"Bearer {token}"
    try:
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        raw = response.read()
        text = raw.decode("utf-8", "replace")
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = None
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                      parsed, text)
    finally:
        conn.close()


def issue_token(client: redis.Redis, role: str, subject: str, **binding: Any) -> str:
    from app.auth import TokenStore

    token, _record = TokenStore(client, SECRET).issue(role, subject, **binding)
    return token


# ---------------------------------------------------------------------- `referee serve`

SERVE_UNSET = ("REDIS_URL", "RQ_REDIS_URL", "REFEREE_TOKEN_SECRET", "REFEREE_DEV_MODE", "PORT",
               "REFEREE_DATA_DIR", "REFEREE_STREAMS_PER_TOKEN", "REFEREE_STREAMS_PER_MATCH",
               "REFEREE_HEADER_TIMEOUT", "REFEREE_KEEPALIVE_TIMEOUT",
               "REFEREE_WORKER_CONNECTIONS", "REFEREE_CHAIN_KEY", "REFEREE_ANCHOR_DIR")


def serve_env(**settings: str) -> dict[str, str]:
    """The environment minus every referee setting, plus ``settings``."""
    env = {k: v for k, v in os.environ.items() if k not in SERVE_UNSET}
    env.update(settings)
    return env


def referee(*args: str) -> list[str]:
    return [sys.executable, "-m", "app.cli", *args]


@dataclass
class Served:
    """A running ``referee serve``: its base URL, port, process and log file."""

    base: str
    port: int
    process: subprocess.Popen
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@contextmanager
def referee_serve(env: dict[str, str], directory: Path, *args: str, workers: int = 2,
                  timeout: float = 60.0) -> Iterator[Served]:
    """``referee serve`` (gunicorn, the shipped worker class) on a free port, logging to
    ``directory/serve.log``; yields once /v1/health answers 200, SIGTERMs it at the end."""
    port = free_port()
    log_path = directory / "serve.log"
    with log_path.open("w") as log_file:
        process = subprocess.Popen(
            referee("serve", "--port", str(port), "--workers", str(workers), *args),
            cwd=directory, env=env, stdout=log_file, stderr=subprocess.STDOUT,
            start_new_session=True)
    served = Served(f"http://127.0.0.1:{port}", port, process, log_path)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"referee serve exited:\n{served.log()}")
            try:
                if call(served.base, "GET", "/v1/health", timeout=2).status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"referee serve did not come up:\n{served.log()}")
            time.sleep(0.1)
        yield served
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)


# ---------------------------------------------------------------------- raw sockets

def parse_answer(raw: bytes) -> Answer:
    """An HTTP/1.1 answer read off a socket (head and a Content-Length body)."""
    head, _, rest = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    body = rest[:int(headers["content-length"])] if "content-length" in headers else rest
    text = body.decode("utf-8", "replace")
    try:
        parsed = json.loads(text) if text else None
    except ValueError:
        parsed = None
    return Answer(int(lines[0].split()[1]), headers, parsed, text)


def raw_exchange(port: int, data: bytes, timeout: float = 10.0) -> Answer:
    """Send ``data`` as is and read the answer until the server closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return parse_answer(received)


class SlowClient(threading.Thread):
    """Sends a request head one header line per second (a slowloris) until the server
    answers or closes, or ``give_up`` seconds passed. ``answer`` is what came back (None:
    closed without a word or gave up), ``seconds`` how long the server took."""

    def __init__(self, port: int, give_up: float, first_line: bytes | None = None):
        super().__init__(daemon=True)
        self.port = port
        self.give_up = give_up
        self.first_line = first_line or b"GET /v1/health HTTP/1.1\r\nHost: referee\r\n"
        self.answer: Answer | None = None
        self.received = b""
        self.closed_by_server = False
        self.seconds: float | None = None

    def run(self) -> None:
        started = time.monotonic()
        with socket.create_connection(("127.0.0.1", self.port), timeout=5) as sock:
            sock.settimeout(1.0)
            sock.sendall(self.first_line)
            line = 0
            while time.monotonic() - started < self.give_up:
                try:
                    chunk = sock.recv(65536)
                except TimeoutError:
                    line += 1
                    try:
                        sock.sendall(f"X-Slow-{line}: {line}\r\n".encode())
                    except OSError:
                        self.closed_by_server = True
                        break
                    continue
                except OSError:
                    self.closed_by_server = True
                    break
                if not chunk:
                    self.closed_by_server = True
                    break
                self.received += chunk
        self.seconds = time.monotonic() - started
        if self.received:
            self.answer = parse_answer(self.received)


def latency(base: str, path: str, token: str | None = None, samples: int = 15,
            pause: float = 0.05) -> tuple[float, float]:
    """(median, max) seconds of ``samples`` GETs of ``path``, each answered 200."""
    seen = []
    for _ in range(samples):
        started = time.monotonic()
        answer = call(base, "GET", path, token=token, timeout=60)
        seen.append(time.monotonic() - started)
        assert answer.status == 200, answer.text
        time.sleep(pause)
    return statistics.median(seen), max(seen)


# ---------------------------------------------------------------------- positions

def long_game(deck_size: int = 40) -> dict:
    """Both Actives in play, big decks and no Bench: ``end_turn`` by the seat to act stays
    legal for about ``2 * deck_size`` turns (each turn draws one card)."""
    return {
        "turn": 3, "seat_to_act": 0, "phase": "main",
        "seats": [
            {"active": {"card": SQUIRTLE, "entered_turn": 1}, "bench": [],
             "hand": [WATER, PIKACHU], "deck": [WATER] * deck_size, "discard": [],
             "prizes": [WATER] * 6},
            {"active": {"card": CHARMANDER, "entered_turn": 2}, "bench": [],
             "hand": [FIRE], "deck": [FIRE] * deck_size, "discard": [],
             "prizes": [FIRE] * 6},
        ],
    }


# ---------------------------------------------------------------------- a lossy proxy

class LostReplyProxy:
    """A TCP proxy in front of Redis that can lose one reply: once ``arm(marker)`` is
    called, the next command containing ``marker`` is delivered to Redis, and then the
    connection is cut before Redis's reply reaches the client - what a client sees when
    Redis dies right after executing (and fsyncing) a command."""

    def __init__(self, target_port: int, on_cut: Any = None):
        import socket

        self._on_cut = on_cut  # called once the lost command has reached Redis
        self._target = ("127.0.0.1", target_port)
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(16)
        self.port = self._listener.getsockname()[1]
        self._marker: bytes | None = None
        self._lock = threading.Lock()
        self.cut = 0
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def arm(self, marker: bytes) -> None:
        with self._lock:
            self._marker = marker

    def close(self) -> None:
        self._closed = True
        self._listener.close()

    def _accept(self) -> None:
        import socket

        while not self._closed:
            try:
                downstream, _ = self._listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self._target, timeout=2)
                upstream.settimeout(None)
            except OSError:  # Redis is down: so is the proxied connection
                _close_quietly(downstream)
                continue
            pair = {"muted": False}
            threading.Thread(target=self._pump_up, args=(downstream, upstream, pair),
                             daemon=True).start()
            threading.Thread(target=self._pump_down, args=(upstream, downstream, pair),
                             daemon=True).start()

    def _pump_up(self, downstream, upstream, pair) -> None:
        try:
            while chunk := downstream.recv(65536):
                with self._lock:
                    hit = self._marker is not None and self._marker in chunk
                    if hit:
                        self._marker = None
                        pair["muted"] = True   # Redis's reply will be dropped
                if hit:
                    self.cut += 1
                    upstream.sendall(chunk)    # Redis runs the command...
                    time.sleep(0.1)
                    if self._on_cut is not None:
                        self._on_cut()
                    return                     # ...and the client never hears back
                upstream.sendall(chunk)
        except OSError:
            pass
        finally:
            for sock in (downstream, upstream):
                _close_quietly(sock)

    def _pump_down(self, upstream, downstream, pair) -> None:
        try:
            while chunk := upstream.recv(65536):
                with self._lock:
                    muted = pair["muted"]
                if not muted:
                    downstream.sendall(chunk)
        except OSError:
            pass
        finally:
            for sock in (downstream, upstream):
                _close_quietly(sock)


def _close_quietly(sock) -> None:
    import socket

    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


# ---------------------------------------------------------------------- load under kill -9

class EndTurnLoad:
    """Client threads that play ``end_turn`` in matches of a long sandbox game over HTTP: one
    writer per match, each request with ``expected_seq`` and an idempotency key, retried with
    the same key until it is answered (201), through 503s and transport errors. What they
    saw is kept for the checks: ``answered`` (match -> key -> (seq, hash)), ``statuses`` and
    ``problems`` (anything but 201 and a clean 503 problem+json with Retry-After)."""

    def __init__(self, base: str, judge: str, matches: int, actions: int, threads: int):
        self.base, self.judge, self.actions = base, judge, actions
        self.answered: dict[str, dict[str, tuple[int, str]]] = {}
        self.statuses: Counter = Counter()
        self.problems: list[str] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.match_ids = [self._create() for _ in range(matches)]
        self.threads = [threading.Thread(target=self._client, args=(self.match_ids[i::threads],),
                                         daemon=True) for i in range(threads)]

    def _create(self) -> str:
        created = call(self.base, "POST", "/v1/matches",
                       {"players": [{"name": "Ana"}, {"name": "Beto"}],
                        "position": long_game(self.actions)}, self.judge)
        assert created.status == 201, created.text
        self.answered[created.body["match_id"]] = {}
        return created.body["match_id"]

    def start(self) -> float:
        for thread in self.threads:
            thread.start()
        return time.monotonic()

    def still_running(self) -> bool:
        with self.lock:
            return sum(map(len, self.answered.values())) < len(self.match_ids) * self.actions

    def finish(self, deadline: float) -> None:
        for thread in self.threads:
            thread.join(max(1.0, deadline - time.monotonic()))
        self.stop.set()
        assert not any(t.is_alive() for t in self.threads), "clients did not finish in time"

    def _client(self, mine: list[str]) -> None:
        progress = {m: {"seq": 1, "seat": 0, "n": 0} for m in mine}
        turn = 0
        while not self.stop.is_set():
            open_matches = [m for m in mine if progress[m]["n"] < self.actions]
            if not open_matches:
                return
            match_id = open_matches[turn % len(open_matches)]
            turn += 1
            if not self._act(match_id, progress[match_id]):
                return

    def _act(self, match_id: str, p: dict[str, int]) -> bool:
        """Send one end_turn until it is answered; False after an answer that ends the client."""
        key = f"{match_id}-{p['n']}"
        body = {"seat": p["seat"], "action": {"type": "end_turn"}, "expected_seq": p["seq"],
                "idempotency_key": key}
        while not self.stop.is_set():  # the same request until it is answered
            try:
                answer = call(self.base, "POST", f"/v1/matches/{match_id}/actions", body,
                              self.judge, timeout=30)
            except OSError as exc:
                self._note("transport", f"transport error {exc!r}")
                time.sleep(0.05)
                continue
            self._note(answer.status)
            if answer.status == 201:
                with self.lock:
                    if key in self.answered[match_id]:
                        self.problems.append(f"{key} answered twice")
                    self.answered[match_id][key] = (answer.body["seq"], answer.body["event"]["hash"])
                p["seq"], p["seat"], p["n"] = answer.body["seq"], 1 - p["seat"], p["n"] + 1
                return True
            if answer.status == 503:
                media = answer.headers.get("content-type", "")
                if (PROBLEM_MIME not in media or not answer.headers.get("retry-after")
                        or (answer.body or {}).get("status") != 503):
                    self._note(None, f"unclean 503: {answer.headers} {answer.text}")
                time.sleep(0.05)
                continue
            self._note(None, f"{key}: {answer.status} {answer.text[:300]}")
            return False
        return False

    def _note(self, status: Any, problem: str | None = None) -> None:
        with self.lock:
            if status is not None:
                self.statuses[status] += 1
            if problem:
                self.problems.append(problem)

    def check_the_log(self, store: Any) -> None:
        """Every 201 in the log exactly once, at its seq with its hash; nothing else; seqs
        1..n; the chain verifies; the API's audit replays."""
        for match_id in self.match_ids:
            events = store.read(match_id)
            actions = {e["seq"]: e["hash"] for e in events if e["type"] == "ActionTaken"}
            mine = self.answered[match_id]
            assert len(mine) == self.actions
            assert sorted(seq for seq, _ in mine.values()) == sorted(actions), match_id
            for key, (seq, event_hash) in mine.items():
                assert actions[seq] == event_hash, (match_id, key)
            assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
            chain = store.verify_chain(match_id)
            assert chain["chain_ok"] and chain["last_seq"] == self.actions + 1, chain
            over_http = call(self.base, "GET", f"/v1/matches/{match_id}/audit", token=self.judge)
            assert over_http.status == 200 and over_http.body["replay_ok"], over_http.text
