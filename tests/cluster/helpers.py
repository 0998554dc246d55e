"""A real Redis Cluster for tests: redis-server processes started from the machine's binary
(``tests.conftest.find_binary``), each a ``KillableRedis`` in its own directory (AOF on, a
cluster config file), joined by ``redis-cli --cluster create``."""

from __future__ import annotations

import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis
from redis.cluster import RedisCluster

from events.embedded import free_port
from events.redis_client import store_client
from tests.conftest import find_binary
from tests.reliability.helpers import KillableRedis

CLUSTER_BUS_OFFSET = 10000  # a node also listens on port + 10000 (the cluster bus)


def free_cluster_port() -> int:
    """A free port whose cluster bus port (+10000) is free too."""
    for _attempt in range(200):
        port = free_port()
        if port + CLUSTER_BUS_OFFSET > 65535:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port + CLUSTER_BUS_OFFSET))
            except OSError:
                continue
        return port
    raise RuntimeError("no free port pair for a cluster node")


def node_args(node_timeout_ms: int) -> tuple[str, ...]:
    # A replica's first sync starts at once (diskless, without the default 5 s wait for
    # more replicas to join it).
    return ("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", str(node_timeout_ms), "--repl-diskless-sync-delay", "0")


@dataclass
class TestCluster:
    """``primaries`` primaries with one replica each, on 127.0.0.1."""

    __test__ = False  # not a test class, whatever its name

    nodes: list[KillableRedis]

    @classmethod
    def start(cls, directory: Path, primaries: int = 3, node_timeout_ms: int = 5000,
              timeout: float = 60.0) -> TestCluster:
        nodes = [KillableRedis(directory / f"node{n}", port=free_cluster_port(),
                               args=node_args(node_timeout_ms)) for n in range(2 * primaries)]
        cluster = cls(nodes)
        try:
            for node in nodes:
                node.directory.mkdir(parents=True)
                node.start()
            subprocess.run([find_binary("redis-cli"), "--cluster", "create",
                            *(f"127.0.0.1:{node.port}" for node in nodes),
                            "--cluster-replicas", "1", "--cluster-yes"],
                           check=True, capture_output=True, timeout=timeout)
            cluster.wait_until_healthy(timeout)
        except BaseException:
            cluster.stop()
            raise
        return cluster

    @property
    def url(self) -> str:
        """A live node's URL (any node leads a cluster client to all the others)."""
        return next(node.url for node in self.nodes if node.process and node.process.poll() is None)

    def client(self, **options: Any) -> RedisCluster:
        client = store_client(self.url, cluster=True, **options)
        assert isinstance(client, RedisCluster)
        return client

    def node_on(self, port: int) -> KillableRedis:
        return next(node for node in self.nodes if node.port == port)

    def alive(self) -> list[KillableRedis]:
        return [n for n in self.nodes if n.process is not None and n.process.poll() is None]

    def topology(self) -> dict[int, dict[str, Any]]:
        """port -> ``{id, primary: bool, primary_id, failed: bool, slots}``, as a live node
        sees it (CLUSTER NODES)."""
        with self.alive()[0].client(decode_responses=True) as client:
            raw = client.execute_command("CLUSTER NODES")
        out = {}
        for address, info in raw.items():
            flags = info["flags"]
            out[int(address.split(":")[1].split("@")[0])] = {
                "id": info["node_id"], "primary": "master" in flags,
                "primary_id": info["master_id"], "failed": "fail" in flags,
                "slots": info["slots"]}
        return out

    def primary_of(self, key: str) -> KillableRedis:
        with self.client() as client:
            return self.node_on(int(client.get_node_from_key(key).port))

    def replica_of(self, primary: KillableRedis) -> KillableRedis:
        nodes = self.topology()
        primary_id = nodes[primary.port]["id"]
        return self.node_on(next(port for port, info in nodes.items()
                                 if info["primary_id"] == primary_id))

    def healthy(self, primaries: int = 3) -> bool:
        """Every live node says cluster_state:ok, ``primaries`` live primaries serve the
        slots, and each has a live replica whose link is up."""
        try:
            for node in self.alive():
                with node.client(decode_responses=True) as client:
                    if client.execute_command("CLUSTER INFO")["cluster_state"] != "ok":
                        return False
            nodes = {port: info for port, info in self.topology().items() if not info["failed"]}
            live = {n.port for n in self.alive()}
            serving = [port for port, info in nodes.items() if info["primary"] and info["slots"]]
            replicas = [port for port, info in nodes.items() if not info["primary"]]
            if len(serving) != primaries or set(serving) - live or len(replicas) != primaries:
                return False
            for port in replicas:
                with self.node_on(port).client(decode_responses=True) as client:
                    if client.info("replication").get("master_link_status") != "up":
                        return False
        except (redis.RedisError, KeyError, StopIteration):
            return False
        return True

    def serves(self, node: KillableRedis) -> bool:
        """Has ``node`` become a primary with slots, and does every live node say
        cluster_state:ok? (What a failover ends with.)"""
        try:
            if not self.topology()[node.port]["slots"]:
                return False
            for live in self.alive():
                with live.client(decode_responses=True) as client:
                    if client.execute_command("CLUSTER INFO")["cluster_state"] != "ok":
                        return False
        except (redis.RedisError, KeyError, IndexError):
            return False
        return True

    def wait_until_healthy(self, timeout: float = 30.0) -> float:
        """Seconds it took; raises when the cluster is not healthy in time."""
        started = time.monotonic()
        while not self.healthy():
            if time.monotonic() - started > timeout:
                raise RuntimeError(f"cluster not healthy after {timeout} s: {self.topology()}")
            time.sleep(0.05)
        return time.monotonic() - started

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
