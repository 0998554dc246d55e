"""The event store on a real Redis Cluster, the job queue on a plain Redis.

Fixtures (beside tests/conftest.py's, some of which they replace here):
  redis_cluster  session: three primaries with one replica each (``helpers.TestCluster``),
                 from the machine's redis-server, in a temp dir; stopped at the end
  rq_server      session: a plain redis-server for RQ (RQ does not speak cluster)
  rq_url         its URL, FLUSHed before the test
  redis_url      (replaced) a cluster node's URL; every primary FLUSHed before the test, and
                 a fresh REFEREE_ANCHOR_DIR
  redis_client   (replaced) a RedisCluster client on it, made as the service makes one
  connect_redis  (replaced) more such clients
  redis_cli      (replaced) the real redis-cli, following redirections (-c)

So a test written for one server (tests/integration/test_store.py) runs on the cluster
unchanged when it is collected from here (test_store_on_cluster.py).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from events.redis_client import store_client
from tests.cluster.helpers import TestCluster
from tests.conftest import RedisTestServer, find_binary, running_test_server


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestCluster]:
    cluster = TestCluster.start(tmp_path_factory.mktemp("cluster"))
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def rq_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisTestServer]:
    with running_test_server(tmp_path_factory.mktemp("rq")) as server:
        yield server


@pytest.fixture
def rq_url(rq_server: RedisTestServer) -> str:
    with redis.Redis.from_url(rq_server.url) as client:
        client.flushdb()
    return rq_server.url


@pytest.fixture
def redis_url(redis_cluster: TestCluster, monkeypatch: pytest.MonkeyPatch,
              tmp_path: Path) -> str:
    with redis_cluster.client() as client:
        client.flushall()  # on every primary; their replicas follow
    monkeypatch.setenv("REFEREE_ANCHOR_DIR", str(tmp_path / "anchors"))
    return redis_cluster.url


@pytest.fixture
def connect_redis(redis_url: str) -> Callable[..., Any]:
    return lambda **options: store_client(redis_url, cluster=True, **options)


@pytest.fixture
def redis_client(connect_redis: Callable[..., Any]) -> Iterator[Any]:
    client = connect_redis()
    yield client
    client.close()


@pytest.fixture
def redis_cli(redis_cluster: TestCluster) -> Callable[..., str]:
    """``redis_cli("XADD", key, "5-0", "seq", "5")`` -> the command's output, sent to the
    node that holds the key (-c follows MOVED)."""
    binary = find_binary("redis-cli")

    def run(*args: str) -> str:
        port = redis_cluster.alive()[0].port
        done = subprocess.run([binary, "-c", "-h", "127.0.0.1", "-p", str(port), *args],
                              capture_output=True, text=True, timeout=30, env=dict(os.environ),
                              check=True)
        if done.stdout.startswith("(error)") or done.stdout.startswith("ERR"):
            raise RuntimeError(done.stdout)
        return done.stdout.strip()

    return run
