"""What the bench scripts that drive the real service share (write_path.py, capacity.py).

* `bench_server()`: an embedded redis-server (events/embedded.py: appendonly yes, appendfsync
  always, the ACL users) in a temporary directory, a real gunicorn (`referee serve`: gevent
  workers, the app factory) on a free port against it and, if asked, `referee worker`s;
  everything is stopped and removed on exit, so nothing else is needed or touched.
* `Client`: one blocking keep-alive HTTP/1.1 connection (threads of write_path.py);
  `AsyncHTTP`: the same over asyncio streams, for many cheap connections in one process
  (capacity.py), with requests rendered to bytes ahead of time by `render_request`.
* `percentile`, `cpu_seconds` (of processes, from /proc) and `process_tree`.
"""
from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import redis  # noqa: E402

from events.embedded import EmbeddedRedis, free_port  # noqa: E402

SECRET = "bench-token-secret-" + "b" * 40
CLI = "from app.cli import main; main()"


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def pick_action(actions: list[dict], rng: random.Random, in_turn: int, *, attack_share: float,
                max_per_turn: int) -> dict | None:
    """A listed action other than conceding, for a bench's random game: an attack
    ``attack_share`` of the times one is listed (so games end), the end of the turn once
    ``max_per_turn`` actions were taken, else anything."""
    options = [a for a in actions if a["type"] != "concede"]
    by_type = {a["type"]: a for a in options}
    if "attack" in by_type and rng.random() < attack_share:
        return rng.choice([a for a in options if a["type"] == "attack"])
    if "end_turn" in by_type and in_turn >= max_per_turn:
        return by_type["end_turn"]
    return rng.choice(options) if options else None


# ---------------------------------------------------------------------- the server

@dataclass
class BenchServer:
    """The running service: its Redis, its port, and the processes started for it."""

    embedded: EmbeddedRedis
    port: int
    env: dict[str, str]
    data_dir: Path
    gunicorn: subprocess.Popen | None = None
    rq_workers: list[subprocess.Popen] = field(default_factory=list)
    rq_embedded: EmbeddedRedis | None = None  # the job queue's own Redis, if it has one

    @property
    def redis_url(self) -> str:
        return self.embedded.redis_url

    @property
    def rq_redis_url(self) -> str:
        return (self.rq_embedded or self.embedded).rq_redis_url

    def store_client(self) -> redis.Redis:
        return redis.Redis.from_url(self.redis_url, decode_responses=True)

    def issue_token(self, role: str, subject: str) -> str:
        return self.issue_tokens(role, [subject])[0]

    def issue_tokens(self, role: str, subjects: list[str]) -> list[str]:
        """New API tokens of ``role``, one per subject (stored straight in Redis)."""
        from app.auth import TokenStore

        store = TokenStore(self.store_client(), SECRET)
        return [store.issue(role, subject)[0] for subject in subjects]

    def server_pids(self) -> dict[str, list[int]]:
        """The processes serving, by part: the web workers, Redis, the RQ workers."""
        web = process_tree(self.gunicorn.pid) if self.gunicorn else []
        redis_pids = [r.pid for r in (self.embedded, self.rq_embedded) if r and r.pid]
        return {"web": web, "redis": redis_pids,
                "rq": [pid for w in self.rq_workers for pid in process_tree(w.pid)]}


def _check_durability(embedded: EmbeddedRedis) -> None:
    admin = embedded.admin_client(decode_responses=True)
    durability = {k: admin.config_get(k)[k] for k in ("appendonly", "appendfsync")}
    assert durability == {"appendonly": "yes", "appendfsync": "always"}, durability


def _spawn(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    with open(log, "ab") as sink:  # the child keeps its own descriptor
        return subprocess.Popen([sys.executable, "-c", CLI, "--log-level", "WARNING", *args],
                                cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=sink,
                                start_new_session=True)


def start_gunicorn(server: BenchServer, workers: int, worker_connections: int | None) -> None:
    args = ["serve", "--host", "127.0.0.1", "--port", str(server.port), "--workers", str(workers)]
    if worker_connections:
        args += ["--worker-connections", str(worker_connections)]
    log = server.data_dir / "gunicorn.log"
    server.gunicorn = proc = _spawn(args, server.env, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("gunicorn exited at start-up:\n" + log.read_text()[-2000:])
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)
            conn.request("GET", "/v1/health")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer /v1/health")


def stop_process(proc: subprocess.Popen) -> None:
    """SIGTERM to the process's group (it was started in its own session), then SIGKILL."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def with_pool_size(url: str, size: int | None) -> str:
    """``url`` with redis-py's ``max_connections`` (its pools hold 100 connections unless
    told otherwise; an SSE stream holds one while it waits for events)."""
    return f"{url}?max_connections={size}" if size else url


@contextmanager
def bench_server(prefix: str, workers: int = 2, *, worker_connections: int | None = None,
                 rq_workers: int = 0, redis_pool: int | None = None,
                 env: dict[str, str] | None = None,
                 rq_redis: bool = False) -> Iterator[BenchServer]:
    """The service on a fresh durable embedded Redis (module docstring). ``redis_pool``:
    the Redis connections each process may open (redis-py's default otherwise).
    ``rq_redis``: the job queue on a second durable embedded Redis (``RQ_REDIS_URL``)."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        data_dir = Path(tmp)
        embedded = EmbeddedRedis(data_dir / "redis").start()
        rq_embedded = None
        server = None
        try:
            _check_durability(embedded)
            if rq_redis:
                rq_embedded = EmbeddedRedis(data_dir / "rq-redis").start()
                _check_durability(rq_embedded)
            queue_url = (rq_embedded or embedded).rq_redis_url
            full_env = {**os.environ, "REDIS_URL": with_pool_size(embedded.redis_url, redis_pool),
                        "RQ_REDIS_URL": with_pool_size(queue_url, redis_pool),
                        "REFEREE_TOKEN_SECRET": SECRET,
                        "REFEREE_DEV_MODE": "0", "REFEREE_ANCHOR_DIR": str(data_dir / "anchors"),
                        "REFEREE_CHAIN_KEY": (os.environ.get("REFEREE_CHAIN_KEY")
                                              or secrets.token_urlsafe(48)),
                        **(env or {})}
            server = BenchServer(embedded, free_port(), full_env, data_dir,
                                 rq_embedded=rq_embedded)
            start_gunicorn(server, workers, worker_connections)
            server.rq_workers = [_spawn(["worker"], full_env, data_dir / f"rq-{n}.log")
                                 for n in range(rq_workers)]
            yield server
        finally:
            if server is not None:
                for proc in [*server.rq_workers, server.gunicorn]:
                    if proc is not None:
                        stop_process(proc)
            if rq_embedded is not None:
                rq_embedded.stop()
            embedded.stop()


# ---------------------------------------------------------------------- processes

def process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants (from /proc; empty if it is gone)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        if Path(f"/proc/{current}").exists():
            tree.append(current)
        todo.extend(children.get(current, []))
    return tree


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of the processes, in seconds (gone ones count 0)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


# ---------------------------------------------------------------------- blocking client

class Client:
    """One keep-alive HTTP connection, reopened if the server closes it."""

    def __init__(self, port: int, token: str):
        self.port, self.token = port, token
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        headers = {"Authorization": f"Bearer {self.token}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                if response.getheader("Content-Type", "").endswith("json"):
                    return response.status, json.loads(raw)
                return response.status, {}
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt == 2:
                    raise
        raise AssertionError


# ---------------------------------------------------------------------- asyncio client

def render_request(method: str, path: str, token: str, body: Any = None,
                   headers: dict[str, str] | None = None) -> bytes:
    """A whole HTTP/1.1 request as bytes (``body``: JSON-able, sent as JSON)."""
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Authorization: Bearer {token}"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    data = b""
    if body is not None:
        data = json.dumps(body, separators=(",", ":")).encode()
        lines += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + data


class ConnectionLost(ConnectionError):
    """The server closed the connection before answering."""


async def _read_head(reader: asyncio.StreamReader) -> tuple[int, dict[bytes, bytes]]:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        raise ConnectionLost("closed before an answer" if not exc.partial else
                             "closed in the middle of an answer's head") from exc
    lines = head.split(b"\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split(b" ", 2)[1]), headers


async def _read_chunks(reader: asyncio.StreamReader) -> AsyncIterator[bytes]:
    """The chunks of a chunked body, until the last (empty) one."""
    while True:
        size = int((await reader.readline()).split(b";", 1)[0], 16)
        chunk = await reader.readexactly(size + 2)
        if size == 0:
            return
        yield chunk[:-2]


class AsyncHTTP:
    """One keep-alive HTTP/1.1 connection over asyncio streams, (re)opened when needed.

    Plain streams rather than an HTTP library: one process drives hundreds of these beside
    the server on the same cores, so each request should cost the client as little as
    possible."""

    def __init__(self, port: int, host: str = "127.0.0.1"):
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._reader is None or self._writer is None or self._reader.at_eof():
            self.close()
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        return self._reader, self._writer

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None

    async def request(self, raw: bytes) -> tuple[int, bytes]:
        """Send a rendered request, return (status, body). An idle connection the server
        closed meanwhile is reopened and the request sent again (once), as browsers do; a
        cancelled request (a timeout) closes the connection, whose answer may still come."""
        for attempt in (1, 2):
            reader, writer = await self._open()
            try:
                writer.write(raw)
                status, headers = await _read_head(reader)
                body = await self._read_body(reader, headers)
            except (ConnectionLost, ConnectionResetError, BrokenPipeError):
                self.close()
                if attempt == 2:
                    raise
                continue
            except BaseException:
                self.close()
                raise
            if headers.get(b"connection", b"").lower() == b"close":
                self.close()
            return status, body
        raise AssertionError

    async def _read_body(self, reader: asyncio.StreamReader, headers: dict[bytes, bytes]) -> bytes:
        if b"content-length" in headers:
            return await reader.readexactly(int(headers[b"content-length"]))
        if headers.get(b"transfer-encoding", b"").lower() == b"chunked":
            return b"".join([chunk async for chunk in _read_chunks(reader)])
        body = await reader.read()
        self.close()
        return body

    async def open_stream(self, raw: bytes) -> tuple[int, AsyncIterator[bytes]]:
        """Send a rendered request whose answer is streamed: its status, and its body's
        chunks as they come. The connection is closed when the body ends."""
        reader, writer = await self._open()
        try:
            writer.write(raw)
            status, headers = await _read_head(reader)
        except BaseException:
            self.close()
            raise
        return status, self._body_chunks(reader, headers)

    async def _body_chunks(self, reader: asyncio.StreamReader,
                           headers: dict[bytes, bytes]) -> AsyncIterator[bytes]:
        try:
            if headers.get(b"transfer-encoding", b"").lower() == b"chunked":
                async for chunk in _read_chunks(reader):
                    yield chunk
            else:
                while chunk := await reader.read(65536):
                    yield chunk
        finally:
            self.close()
