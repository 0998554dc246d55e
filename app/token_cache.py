"""Live token records kept in the web process while it hears every revocation.

Every request resolved its token with an ``HGETALL`` (10 % of a web worker's samples at 150
actions/s, BENCHMARKS.md), though a record never changes but to be revoked. A process now
keeps the records it looked up, by HMAC digest, and drops one when a revocation is
published on ``REVOCATIONS`` (``TokenStore.revoke`` publishes the digest after marking the
record, and also drops it from its own process's cache at once).

Rulings, so that a revoked token is never served from memory longer than pub/sub takes:

* Nothing is served from memory unless the process is **subscribed**: until the first
  subscription is confirmed, and from an error on the subscription until it is confirmed
  again, every lookup reads Redis as before. The subscription's connection has no retries of
  its own, so that an error reaches the listener at once instead of a silent reconnection.
* Each (re)subscription **clears** the cache: a revocation published while the process was
  not listening is never missed, since no record fetched before it is kept.
* A lookup's record is kept only if **no revocation or resubscription was heard between the
  read and the keeping** (a generation counter): a revocation that overtakes the read
  cannot be undone by it.
* Records are kept ``REFEREE_TOKEN_CACHE_SECONDS`` at most (default 60; 0 turns the cache
  off): a subscription that died without an error still ends there.

The channel also carries ended console sessions (``SESSION_PREFIX`` + the session id,
``app.console_sessions``). The cache keeps the last ``HEARD_KEPT`` messages it heard, numbered,
so that an open stream can ask "was my token revoked or my session ended since I last
looked?" from memory (``mark`` / ``heard_since``, ``app.liveness``) instead of reading Redis
each time; across a gap in the subscription the answer is "don't know", and the stream reads
Redis.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry

from events.lru import BoundedLRU
from events.redis_client import StoreRedis, client_like

log = logging.getLogger(__name__)

REVOCATIONS = "ref:{auth}:revoked"  # the channel: one message per revoked digest
SESSION_PREFIX = "s:"               # ... or per ended console session
HEARD_KEPT = 10_000
DEFAULT_SECONDS = 60.0
MAX_RECORDS = 50_000
_POLL_SECONDS = 1.0
_RETRY_SECONDS = (0.1, 0.5, 1.0, 2.0, 5.0)


class TokenCache:
    """Token records by digest, served only while ``listening``."""

    def __init__(self, seconds: float = DEFAULT_SECONDS, size: int = MAX_RECORDS,
                 clock: Callable[[], float] = time.monotonic):
        self._seconds = seconds
        self._records: BoundedLRU[str, tuple[float, dict[str, Any]]] = BoundedLRU(size)
        self._clock = clock
        self._lock = threading.Lock()
        self.generation = 0
        self.listening = False
        self._subscription = 0          # one more at each subscription and each loss of one
        self._heard: deque[tuple[int, str]] = deque(maxlen=HEARD_KEPT)
        self._heard_count = 0

    def get(self, digest: str) -> dict[str, Any] | None:
        if not self.listening:
            return None
        kept = self._records.get(digest)
        if kept is None:
            return None
        until, record = kept
        if self._clock() >= until:
            self._records.pop(digest)
            return None
        return dict(record)

    def keep(self, digest: str, record: dict[str, Any], generation: int) -> None:
        """Keep ``record``, read when the generation was ``generation``, unless a revocation
        or a resubscription came since."""
        with self._lock:
            if self.listening and generation == self.generation:
                self._records.put(digest, (self._clock() + self._seconds, dict(record)))

    def revoked(self, digest: str) -> None:
        self.heard(digest)

    def heard(self, message: str) -> None:
        """A message of the channel: a revoked digest, or an ended session."""
        with self._lock:
            self._heard_count += 1
            self._heard.append((self._heard_count, message))
            if not message.startswith(SESSION_PREFIX):
                self.generation += 1
                self._records.pop(message)

    def mark(self) -> tuple[int, int] | None:
        """Where the messages heard stand now (None while not subscribed): take it before
        reading Redis, then ask ``heard_since`` it."""
        with self._lock:
            return (self._subscription, self._heard_count) if self.listening else None

    def heard_since(self, mark: tuple[int, int] | None
                    ) -> tuple[tuple[int, int], frozenset[str]] | None:
        """The messages heard since ``mark`` and the new mark; None when that can't be told
        from memory (not subscribed, subscribed again since, or more heard than kept)."""
        with self._lock:
            if mark is None or not self.listening or mark[0] != self._subscription:
                return None
            count = mark[1]
            if count == self._heard_count:
                return mark, frozenset()
            if not self._heard or self._heard[0][0] > count + 1:
                return None
            fresh = []
            for number, message in reversed(self._heard):  # the newest first: few to read
                if number <= count:
                    break
                fresh.append(message)
            return (self._subscription, self._heard_count), frozenset(fresh)

    def subscribed(self) -> None:
        with self._lock:
            self.generation += 1
            self._subscription += 1
            self._records.clear()
            self.listening = True

    def deaf(self) -> None:
        with self._lock:
            self.generation += 1
            self._subscription += 1
            self.listening = False
            self._records.clear()

    def __len__(self) -> int:
        return len(self._records)


class RevocationListener:
    """The subscription that feeds a ``TokenCache``: a daemon thread (a greenlet in a
    gevent worker) started on first use in each process, resubscribing after any error."""

    def __init__(self, client: StoreRedis, cache: TokenCache):
        self._client = client
        self.cache = cache
        self._pid: int | None = None
        self._start_lock = threading.Lock()

    def ensure_started(self) -> None:
        if self._pid == os.getpid():
            return
        with self._start_lock:
            if self._pid == os.getpid():
                return
            self._pid = os.getpid()  # a forked child starts its own
            self.cache.deaf()
            threading.Thread(target=self._run, name="token-revocations", daemon=True).start()

    def _run(self) -> None:
        failures = 0
        while True:
            pubsub = None
            try:
                pubsub = _subscriber(self._client).pubsub()
                pubsub.subscribe(REVOCATIONS)
                while True:
                    message = pubsub.get_message(timeout=_POLL_SECONDS)
                    if message is None:
                        continue
                    if message["type"] == "subscribe":
                        self.cache.subscribed()
                        failures = 0
                    elif message["type"] == "message":
                        data = message["data"]
                        self.cache.heard(data.decode() if isinstance(data, bytes) else data)
            except (redis.RedisError, OSError) as exc:
                self.cache.deaf()
                log.warning("token revocations: not subscribed (%s); tokens are read from "
                            "Redis until it is back", type(exc).__name__)
            except Exception:  # noqa: BLE001 - the listener must outlive any surprise
                self.cache.deaf()
                log.exception("token revocations: listener error")
            finally:
                if pubsub is not None:
                    try:
                        pubsub.close()
                    except Exception:  # noqa: BLE001 - closing a broken connection
                        pass
            time.sleep(_RETRY_SECONDS[min(failures, len(_RETRY_SECONDS) - 1)])
            failures += 1


def _subscriber(client: StoreRedis) -> StoreRedis:
    """A client of the same server whose connections never retry by themselves."""
    if not isinstance(client, redis.Redis):
        return client  # a RedisCluster: its pub/sub follows the cluster's own rules
    return client_like(client, retry=Retry(NoBackoff(), 0))


_LISTENERS: dict[tuple[str, float], RevocationListener] = {}
_LISTENERS_LOCK = threading.Lock()


def server_identity(client: StoreRedis) -> str:
    """Which Redis (or cluster) ``client`` talks to, so that every client of one server in a
    process shares one subscription and one cache."""
    pool = getattr(client, "connection_pool", None)
    if pool is not None:
        kwargs = pool.connection_kwargs
        return f"{kwargs.get('host')}:{kwargs.get('port')}/{kwargs.get('db', 0)}" \
               f"{kwargs.get('path', '')}"
    assert isinstance(client, RedisCluster), "a client with no connection pool is a cluster's"
    nodes = sorted(f"{n.host}:{n.port}" for n in client.get_nodes())
    return "cluster:" + ",".join(nodes)


def listener_for(client: StoreRedis, seconds: float) -> RevocationListener | None:
    """The process's listener for ``client``'s server (None: the cache is off)."""
    if seconds <= 0:
        return None
    key = (server_identity(client), seconds)
    with _LISTENERS_LOCK:
        found = _LISTENERS.get(key)
        if found is None:
            found = _LISTENERS[key] = RevocationListener(client, TokenCache(seconds))
    found.ensure_started()
    return found
