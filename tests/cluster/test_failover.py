"""A primary of the cluster dies under write load (``kill -9``): its replica is promoted,
writing goes on, and the logs are counted.

One thread per match appends through the store and records every acknowledged append
(match, seq, hash). The primary holding the first match is killed; the test waits for its
replica to serve the slots (``cluster_state:ok``, CLUSTER NODES), restarts the dead process
(it comes back as the new primary's replica) and keeps writing until every match has taken
an append again. Then it counts the acknowledged appends the log still holds and the lost
ones, and checks every chain.

Redis replicates asynchronously: an append the primary acknowledged but had not yet sent to
its replica dies with it. On one machine that window is tiny, so the ``partition`` runs cut
the replica off its primary first, as a network partition between the two would (the
replica's link is dropped and it is told to log in as a user the primary doesn't know, so it
can't get back), and kill the primary 0.3 s later. ``wait=True`` runs the store with
``REFEREE_REDIS_WAIT_REPLICAS=1``: an append is acknowledged only once the replica has it.

Asserted: every chain verifies (a lost tail leaves a head and stream that agree), the lost
appends are exactly the ones their receipts no longer match (``check_log``), with WAIT no
acknowledged append is lost, and after the failover every match takes appends again and the
API answers. The counts are printed (``pytest -s``)."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest

from app import create_app
from app.auth import TokenStore
from app.extensions import EXTENSION_KEY
from events.errors import NotReplicated
from events.keys import match_keys
from events.replication import ReplicaWait
from events.store import EventStore
from tests.api.helpers import SECRET, ApiClient, create_match, ok, take_an_action
from tests.cluster.helpers import TestCluster
from tests.conftest import TEST_CHAIN_KEY
from tests.factories import action, match_created
from tests.reliability.helpers import KillableRedis

pytestmark = pytest.mark.integration

NODE_TIMEOUT_MS = 1000  # how long a silent primary takes to be declared failed
MATCHES = 6
WAIT_TIMEOUT_MS = 200
PACE = 0.01  # seconds between one writer's appends
# What a client may see while a primary is dead or being replaced (anything else fails).
OUTAGE_ERRORS = {"ConnectionError", "TimeoutError", "ClusterDownError", "MasterDownError",
                 "TryAgainError", "SlotNotCoveredError", "NotReplicated"}


@dataclass(frozen=True)
class Ack:
    match_id: str
    seq: int
    hash: str
    at: float


@dataclass
class Load:
    """One writer thread per match, appending until ``stop``."""

    store: EventStore
    match_ids: list[str]
    acks: list[Ack] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    stop: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def write(self, match_id: str) -> None:
        while not self.stop.is_set():
            try:
                result = self.store.append(match_id, [action()])
            except Exception as exc:  # noqa: BLE001 - counted, and checked against OUTAGE_ERRORS
                with self._lock:
                    self.refused[type(exc).__name__] += 1
                if not isinstance(exc, NotReplicated):
                    time.sleep(0.05)
                continue
            event = result.events[-1]
            with self._lock:
                self.acks.append(Ack(match_id, event["seq"], event["hash"], time.monotonic()))
            time.sleep(PACE)

    def last_ack(self, match_id: str) -> float:
        with self._lock:
            return max((a.at for a in self.acks if a.match_id == match_id), default=0.0)

    @contextmanager
    def running(self) -> Iterator[Load]:
        threads = [threading.Thread(target=self.write, args=(m,), daemon=True)
                   for m in self.match_ids]
        for thread in threads:
            thread.start()
        try:
            yield self
        finally:
            self.stop.set()
            for thread in threads:
                thread.join(timeout=30)

    def lost(self) -> list[Ack]:
        """The acknowledged appends the log no longer holds (at their seq, with their hash)."""
        held = {m: {e["seq"]: e["hash"] for e in self.store.read(m)} for m in self.match_ids}
        return [a for a in self.acks if held[a.match_id].get(a.seq) != a.hash]


@dataclass
class Figures:
    scenario: str
    acknowledged: int
    on_the_dead_primary: int
    lost: int
    refused: dict[str, int]
    promoted_after: float
    recovered_after: float

    def __str__(self) -> str:
        return (f"{self.scenario}: {self.acknowledged} appends acknowledged "
                f"({self.on_the_dead_primary} by the primary killed), {self.lost} lost; "
                f"replica serving {self.promoted_after:.1f} s after the kill, every match "
                f"writable again after {self.recovered_after:.1f} s; refused: {self.refused}")


@pytest.fixture(scope="module")
def failover_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestCluster]:
    cluster = TestCluster.start(tmp_path_factory.mktemp("failover"),
                                node_timeout_ms=NODE_TIMEOUT_MS)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def judge(failover_cluster: TestCluster, rq_url: str) -> ApiClient:
    app = create_app({"TESTING": True, "REDIS_URL": failover_cluster.url, "REDIS_CLUSTER": True,
                      "RQ_REDIS_URL": rq_url, "REFEREE_TOKEN_SECRET": SECRET})
    token, _ = TokenStore(app.extensions[EXTENSION_KEY].redis, SECRET).issue("judge", "Judy")
    return ApiClient(app.test_client(), token)


def cut_off(replica: KillableRedis, undo: bool = False) -> None:
    """Drop the replica's link to its primary and keep it from logging in again (or undo)."""
    with replica.client() as node:
        node.config_set("masteruser", "" if undo else "nobody")
        node.config_set("masterauth", "" if undo else "not-the-password")
        if not undo:
            node.execute_command("CLIENT", "KILL", "TYPE", "master")


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> float:
    """Seconds until ``condition()`` holds; fails the test after ``timeout``."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            pytest.fail(f"{what}: not within {timeout} s")
        time.sleep(0.05)
    return time.monotonic() - started


def replicas_caught_up(cluster: TestCluster, timeout_ms: int = 10_000) -> None:
    """Each serving primary's replica has acknowledged all it was sent (WAIT blocks until
    it has): a replica whose link just came up may not ack yet, and the scenario's own
    writes with WAIT would then fail before anything was killed."""
    for port, info in cluster.topology().items():
        if info["primary"] and info["slots"] and not info["failed"]:
            with cluster.node_on(port).client() as node:
                acked = node.execute_command("WAIT", 1, timeout_ms)
            assert acked >= 1, f"primary {port}: no replica acknowledged in {timeout_ms} ms"


@pytest.mark.parametrize(("partition", "wait"), [(False, False), (True, False), (True, True)],
                         ids=["kill", "partition-then-kill", "partition-then-kill-with-WAIT"])
def test_a_primary_killed_under_write_load(failover_cluster: TestCluster, judge: ApiClient,
                                           partition: bool, wait: bool) -> None:
    cluster = failover_cluster
    cluster.wait_until_healthy()
    replicas_caught_up(cluster)
    client = cluster.client()
    store = EventStore(client, chain_key=TEST_CHAIN_KEY,
                       replica_wait=ReplicaWait(1, WAIT_TIMEOUT_MS) if wait else None)
    scenario = f"{'partition' if partition else 'kill'}{'-wait' if wait else ''}"
    match_ids = [f"{scenario}-{n}" for n in range(MATCHES)]
    setup = EventStore(client, chain_key=TEST_CHAIN_KEY)  # the WAIT is the load's, not this
    for match_id in match_ids:
        setup.append(match_id, [match_created()])
    api_match = create_match(judge)["match_id"]
    victim = cluster.primary_of(match_keys(match_ids[0]).meta)
    replica = cluster.replica_of(victim)
    on_victim = {m for m in match_ids if cluster.primary_of(match_keys(m).meta) is victim}

    load = Load(store, match_ids)
    with load.running():
        time.sleep(0.5)
        if partition:
            cut_off(replica)
            time.sleep(0.3)
        killed_at = time.monotonic()
        victim.kill()
        promoted = wait_for(lambda: cluster.serves(replica), 30, "the replica promoted")
        if partition:
            cut_off(replica, undo=True)
        victim.start()  # back as the new primary's replica
        wait_for(lambda: all(load.last_ack(m) > killed_at for m in match_ids), 30,
                 "every match writable again")
    cluster.wait_until_healthy()
    recovered = max(min(a.at for a in load.acks if a.match_id == m and a.at > killed_at)
                    for m in match_ids) - killed_at

    lost = load.lost()
    figures = Figures(scenario, len(load.acks),
                      sum(1 for a in load.acks if a.match_id in on_victim and a.at < killed_at),
                      len(lost), dict(load.refused), promoted, recovered)
    print(f"\n{figures}")
    assert set(load.refused) <= OUTAGE_ERRORS, load.refused
    for match_id in match_ids:
        assert store.verify_chain(match_id)["chain_ok"], match_id
        receipts = [(a.seq, a.hash) for a in load.acks if a.match_id == match_id]
        lost_here = [a for a in lost if a.match_id == match_id]
        checked = store.check_log(match_id, receipts)
        assert checked["chain_ok"] == (not lost_here), (match_id, checked, lost_here)
        if lost_here:  # the first lost seq is where the receipts and the log part
            assert checked["first_bad_seq"] == min(a.seq for a in lost_here)
    assert not (set(a.match_id for a in lost) - on_victim)  # only the dead primary's
    if wait:
        assert not lost

    state = ok(judge.get(f"/v1/matches/{api_match}"))  # the service answers again
    take_an_action(judge, api_match, state)
    assert ok(judge.get("/v1/health"))["redis"]["reachable"]
    client.close()
