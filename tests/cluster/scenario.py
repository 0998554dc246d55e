"""A primary of the cluster dies under write load, shared by tests/cluster/test_failover.py
(one run per scenario, in CI) and bench/failover.py (many runs, with the write path's cost).

One thread per match appends through the store, each append with an idempotency key that a
failed attempt retries (what a client told "retry with the same key" does), and records
every acknowledged append (match, seq, hash) and how long it took. The primary holding the
first match is killed (SIGKILL); the run waits for its replica to serve the slots, restarts
the dead process (it comes back as the new primary's replica) and writes on until every
match has taken an append again. Then it counts the acknowledged appends the log no longer
holds at their seq with their hash: the lost ones.

Redis replicates asynchronously: an append the primary acknowledged but had not yet sent to
its replica dies with it. On one machine that window is tiny, so ``partition`` cuts the
replica off its primary first, as a network partition between the two would (the replica's
link is dropped and it is told to log in as a user the primary doesn't know, so it can't get
back), and kills the primary ``cut_for`` seconds later.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from events.errors import NotReplicated
from events.keys import match_keys
from events.store import EventStore
from tests.cluster.helpers import TestCluster
from tests.factories import action, match_created
from tests.reliability.helpers import KillableRedis

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
    took: float  # seconds, the acknowledged attempt's


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
        appended = 0
        while not self.stop.is_set():
            key = f"{match_id}-{appended}"  # kept until acknowledged: retries are safe
            started = time.monotonic()
            try:
                result = self.store.append(match_id, [action()], idempotency_key=key)
            except Exception as exc:  # noqa: BLE001 - counted, and checked against OUTAGE_ERRORS
                with self._lock:
                    self.refused[type(exc).__name__] += 1
                if not isinstance(exc, NotReplicated):
                    time.sleep(0.05)
                continue
            now = time.monotonic()
            event = result.events[-1]
            with self._lock:
                self.acks.append(Ack(match_id, event["seq"], event["hash"], now, now - started))
            appended += 1
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
class Run:
    scenario: str
    load: Load
    lost: list[Ack]
    on_victim: set[str]
    killed_at: float
    cut_at: float
    promoted_after: float
    recovered_after: float

    @property
    def acknowledged(self) -> int:
        return len(self.load.acks)

    def steady_latencies(self) -> list[float]:
        """Seconds per acknowledged append before anything was cut or killed."""
        return [a.took for a in self.load.acks if a.at < self.cut_at]

    def __str__(self) -> str:
        by_victim = sum(1 for a in self.load.acks
                        if a.match_id in self.on_victim and a.at < self.killed_at)
        return (f"{self.scenario}: {self.acknowledged} appends acknowledged ({by_victim} by "
                f"the primary killed), {len(self.lost)} lost; replica serving "
                f"{self.promoted_after:.1f} s after the kill, every match writable again "
                f"after {self.recovered_after:.1f} s; refused: {dict(self.load.refused)}")


def cut_off(replica: KillableRedis, undo: bool = False) -> None:
    """Drop the replica's link to its primary and keep it from logging in again (or undo)."""
    with replica.client() as node:
        node.config_set("masteruser", "" if undo else "nobody")
        node.config_set("masterauth", "" if undo else "not-the-password")
        if not undo:
            node.execute_command("CLIENT", "KILL", "TYPE", "master")


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> float:
    """Seconds until ``condition()`` holds; TimeoutError after ``timeout``."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            raise TimeoutError(f"{what}: not within {timeout} s")
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
            if acked < 1:
                raise RuntimeError(f"primary {port}: no replica acknowledged in {timeout_ms} ms")


def kill_a_primary(cluster: TestCluster, store: EventStore, scenario: str, *, matches: int,
                   partition: bool, warm_up: float = 0.5, cut_for: float = 0.3) -> Run:
    """The scenario, once: ``matches`` new matches written by ``store`` (whose replica wait
    is the one under test) for ``warm_up`` seconds, then (``partition``) the replica cut off
    for ``cut_for`` seconds, then the primary of the first match killed."""
    cluster.wait_until_healthy()
    replicas_caught_up(cluster)
    match_ids = [f"{scenario}-{n}" for n in range(matches)]
    setup = EventStore(store.redis, chain_key=store.chain_key)  # the wait is the load's
    for match_id in match_ids:
        setup.append(match_id, [match_created()])
    victim = cluster.primary_of(match_keys(match_ids[0]).meta)
    replica = cluster.replica_of(victim)
    on_victim = {m for m in match_ids if cluster.primary_of(match_keys(m).meta) is victim}

    load = Load(store, match_ids)
    with load.running():
        time.sleep(warm_up)
        cut_at = time.monotonic()
        if partition:
            cut_off(replica)
            time.sleep(cut_for)
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
    return Run(scenario, load, load.lost(), on_victim, killed_at, cut_at, promoted, recovered)
