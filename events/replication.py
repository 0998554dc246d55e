"""Waiting for replicas after an append: on by default on a Redis Cluster.

Redis replication is asynchronous: a primary answers a write before its replicas have it,
so a primary that dies right after answering can take the write with it, and the failover
promotes a replica that never got it (a partition then a kill lost 70-92 acknowledged
appends per run, RELIABILITY.md). So with ``REDIS_CLUSTER=1`` every append waits for one
replica unless ``REFEREE_CLUSTER_WAIT=off`` says otherwise (logged as a warning when the
store is opened); ``REFEREE_REDIS_WAIT_REPLICAS`` sets how many (``events.config``).

``WAITAOF 0 n timeout`` (Redis 7.2 and later) blocks until ``n`` replicas have the writes
*of the connection it is sent on* in their append-only file (fsynced), ``WAIT n timeout``
until they have received them; both say how many did when the timeout passes. The store
uses WAITAOF where the node has it and WAIT where it doesn't: each node is asked once (a
``WAITAOF 0 0 0``, which never blocks) and its answer remembered; an "unknown command"
(Redis before 7.2) or a refusal by the ACL means WAIT. So the append script and its wait go
out as one pipeline on one connection to the primary that holds the match's slot; a wait
on another pooled connection would count that connection's writes, not this append.

A wait counts the connection's own *writes*. A script that wrote nothing - a replayed
idempotency key, or a re-sent batch found stored by its nonce (a retry after a lost
reply) - leaves nothing for it to count, and it would confirm at once whether or not the
replica has the first write. Then the head is written again as it is (``_TOUCH_LUA``) and
waited on: the replica has it only once it has everything before it.

A wait that times out does not undo the append: the events are stored on the primary (and
may yet reach a replica, or be lost with it). The store then raises
``events.errors.NotReplicated`` (503) rather than answer as if the write were safe; a retry
with the same idempotency key gets the first answer once a replica has it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import redis
from redis.commands.core import Script
from redis.exceptions import NoPermissionError, ResponseError

from events.codec import as_text
from events.config import DEFAULT_WAIT_TIMEOUT_MS, replicas_to_wait
from events.redis_client import StoreRedis, on_slot

log = logging.getLogger(__name__)

WAITAOF = "WAITAOF"
WAIT = "WAIT"

OPT_OUT_WARNING = (
    "REDIS_CLUSTER=1 with REFEREE_CLUSTER_WAIT=off (or REFEREE_REDIS_WAIT_REPLICAS=0): appends "
    "are acknowledged before any replica has them, and a failover can lose acknowledged "
    "writes (RELIABILITY.md, \"Several machines\")")

# Rewrites the head's seq as it is: a write that changes nothing but is replicated, so
# that the wait after it counts everything the primary wrote to the match before it.
_TOUCH_LUA = """
local seq = redis.call("HGET", KEYS[1], "head_seq")
if seq then redis.call("HSET", KEYS[1], "head_seq", seq) end
return seq and 1 or 0
"""

_UNCONFIRMED = ("replayed",)  # outcomes of a script run that wrote nothing


@dataclass(frozen=True)
class ReplicaWait:
    """Wait for ``replicas`` replicas, at most ``timeout_ms`` milliseconds, after an append.
    ``waitaof``: what each node said when asked whether it has WAITAOF ("host:port" ->
    bool), filled as the nodes are first written to."""

    replicas: int
    timeout_ms: int = DEFAULT_WAIT_TIMEOUT_MS
    waitaof: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)

    def command(self, node: redis.Redis) -> tuple[Any, ...]:
        """The wait to send after a write on ``node``: WAITAOF where it has it, else WAIT."""
        if node_supports_waitaof(node, self.waitaof):
            return (WAITAOF, 0, self.replicas, self.timeout_ms)
        return (WAIT, self.replicas, self.timeout_ms)


def acknowledged_by(reply: Any) -> int:
    """How many replicas a WAIT (an integer) or WAITAOF (``[local, replicas]``) reply counts."""
    if isinstance(reply, list | tuple):
        return int(reply[1])
    return int(reply)


def node_name(node: redis.Redis) -> str:
    kwargs = node.connection_pool.connection_kwargs
    return f"{kwargs.get('host', '?')}:{kwargs.get('port', '?')}"


def node_supports_waitaof(node: redis.Redis, known: dict[str, bool]) -> bool:
    """Does ``node`` have WAITAOF? Asked once (``WAITAOF 0 0 0`` returns at once), then
    remembered in ``known``."""
    name = node_name(node)
    if name in known:
        return known[name]
    try:
        node.execute_command(WAITAOF, 0, 0, 0)
        supported = True
    except NoPermissionError:
        log.warning("Redis %s: the store's user may not run WAITAOF; appends wait with WAIT "
                    "(the replica has received them, not yet fsynced them)", name)
        supported = False
    except ResponseError as exc:
        if "unknown command" not in str(exc).lower():
            raise
        log.info("Redis %s has no WAITAOF (before 7.2): appends wait with WAIT", name)
        supported = False
    known[name] = supported
    return supported


def replica_wait(replicas: int, timeout_ms: int | None = None) -> ReplicaWait | None:
    """The wait for ``replicas`` replicas; None for 0 (answer at once)."""
    if replicas <= 0:
        return None
    return ReplicaWait(replicas, timeout_ms or DEFAULT_WAIT_TIMEOUT_MS)


def replica_wait_for(cluster: bool, wait_replicas: int | None, cluster_wait: bool = True,
                     timeout_ms: int | None = None) -> ReplicaWait | None:
    """The wait the settings ask for (``events.config.replicas_to_wait``): on a cluster, one
    replica unless opted out, and an opt-out is logged as a warning."""
    replicas = replicas_to_wait(cluster, wait_replicas, cluster_wait)
    if cluster and replicas == 0:
        log.warning(OPT_OUT_WARNING)
    return replica_wait(replicas, timeout_ms)


def run_and_wait(client: StoreRedis, script: Script, keys: Sequence[str],
                 args: Sequence[Any], wait: ReplicaWait, head_key: str | None = None
                 ) -> tuple[Any, int]:
    """Run ``script`` on ``keys`` and wait on the same connection: ``(the script's reply, how
    many replicas acknowledged it)``. On a cluster the pipeline goes to the primary of
    ``keys[0]``'s slot (sending it again after a redirection is safe: the append script
    recognises a re-sent batch by its nonce). When the run may have written nothing (a
    replay, or a re-sent run) and ``head_key`` (the match's meta hash) is given, the head is
    touched and waited on instead (see the module's docstring)."""
    attempts = 0

    def pipelined(node: redis.Redis) -> tuple[Any, int]:
        nonlocal attempts
        attempts += 1
        waiting = wait.command(node)
        pipe = node.pipeline(transaction=False)
        script(keys=keys, args=args, client=pipe)
        pipe.execute_command(*waiting)
        reply, acknowledged = pipe.execute()
        wrote_nothing = attempts > 1 or as_text(reply[0]) in _UNCONFIRMED
        if wrote_nothing and head_key is not None:
            acknowledged = _touch_and_wait(node, head_key, waiting)
        return reply, acknowledged_by(acknowledged)

    return on_slot(client, keys[0], pipelined)


def _touch_and_wait(node: redis.Redis, head_key: str, waiting: tuple[Any, ...]) -> Any:
    pipe = node.pipeline(transaction=False)
    pipe.eval(_TOUCH_LUA, 1, head_key)
    pipe.execute_command(*waiting)
    return pipe.execute()[1]
