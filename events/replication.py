"""Waiting for replicas after an append (``REFEREE_REDIS_WAIT_REPLICAS``).

Redis replication is asynchronous: a primary answers a write before its replicas have it,
so a primary that dies right after answering can take the write with it, and the failover
promotes a replica that never got it. ``WAIT n timeout`` blocks until ``n`` replicas have
acknowledged every write *of the connection it is sent on*, or the timeout passes, and says
how many did. So the append script and its WAIT go out as one pipeline on one connection to
the primary that holds the match's slot; a WAIT on another pooled connection would count
that connection's writes, not this append.

A WAIT that times out does not undo the append: the events are stored on the primary (and
may yet reach a replica). The store then raises ``events.errors.NotReplicated`` rather than
answer as if the write were safe; a retry with the same idempotency key gets the first
answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import redis
from redis.commands.core import Script

from events.config import DEFAULT_WAIT_TIMEOUT_MS
from events.redis_client import StoreRedis, on_slot


@dataclass(frozen=True)
class ReplicaWait:
    """WAIT for ``replicas`` replicas, at most ``timeout_ms`` milliseconds, after an append."""

    replicas: int
    timeout_ms: int = DEFAULT_WAIT_TIMEOUT_MS


def replica_wait(replicas: int, timeout_ms: int | None = None) -> ReplicaWait | None:
    """The wait ``REFEREE_REDIS_WAIT_REPLICAS`` asks for; None for 0 (answer at once)."""
    if replicas <= 0:
        return None
    return ReplicaWait(replicas, timeout_ms or DEFAULT_WAIT_TIMEOUT_MS)


def run_and_wait(client: StoreRedis, script: Script, keys: Sequence[str],
                 args: Sequence[Any], wait: ReplicaWait) -> tuple[Any, int]:
    """Run ``script`` on ``keys`` and WAIT on the same connection: ``(the script's reply, how
    many replicas acknowledged it)``. On a cluster the pipeline goes to the primary of
    ``keys[0]``'s slot (sending it again after a redirection is safe: the append script
    recognises a re-sent batch by its nonce)."""
    def pipelined(node: redis.Redis) -> tuple[Any, int]:
        pipe = node.pipeline(transaction=False)
        script(keys=keys, args=args, client=pipe)
        pipe.wait(wait.replicas, wait.timeout_ms)
        reply, acknowledged = pipe.execute()
        return reply, int(acknowledged)

    return on_slot(client, keys[0], pipelined)
