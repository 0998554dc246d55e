"""The event store's Redis client: one server, or a Redis Cluster.

``REDIS_CLUSTER=1`` says that ``REDIS_URL`` names a node of a Redis Cluster. The store's
client is then a ``redis.cluster.RedisCluster``: it learns the other nodes from that one,
sends each command to the primary of its key's slot, follows MOVED/ASK redirections and
finds the new primary after a failover. Every store client (the web app, the commands, the
workers' jobs, reconcile) is made by ``store_client``.

The job queue never uses it: RQ does not speak cluster, so it keeps its own plain Redis
(``RQ_REDIS_URL``, see ``events.config``), and nothing of the store is written there.

What the store sends is cluster-safe by construction: every key of a match carries the hash
tag ``{m:<id>}`` (``events.keys``), tokens ``{auth}``, read models ``{rm}``, deck lists
``{ev:<id>}``, so each Lua script and MULTI names keys of one slot only; the global indexes
(``ref:matches``, the status and frozen indexes) are only touched by single-key commands and
non-transactional pipelines, which ``RedisCluster`` splits per node. A MULTI goes through
``on_slot`` (redis-py's cluster transactions return replies unparsed, an XRANGE's included),
and so do an append and the WAIT that must follow it on the same connection.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias, TypeVar

import redis
from redis.cluster import RedisCluster
from redis.exceptions import AskError, ClusterDownError, RedisClusterException, TryAgainError

StoreRedis: TypeAlias = redis.Redis | RedisCluster
T = TypeVar("T")

# What a stale idea of the cluster's slots looks like (AskError covers MOVED too).
_REROUTE = (AskError, ClusterDownError, TryAgainError, redis.ConnectionError, redis.TimeoutError)
_SLOT_ATTEMPTS = 3


def store_client(url: str, *, cluster: bool = False, **options: Any) -> StoreRedis:
    """A client for the event store at ``url`` (decoding replies unless told otherwise).
    ``cluster``: ``url`` is one node of a Redis Cluster. A cluster client connects at once
    (to learn the slots); a cluster that can't be reached is a ``redis.ConnectionError``,
    as an unreachable single server is at its first command."""
    options.setdefault("decode_responses", True)
    if not cluster:
        return redis.Redis.from_url(url, **options)
    try:
        return RedisCluster.from_url(url, **options)
    except RedisClusterException as exc:  # its messages name host:port, never a password
        raise redis.ConnectionError(f"Redis Cluster: {exc}") from exc


def client_like(client: redis.Redis, **overrides: Any) -> redis.Redis:
    """A new client of the same server as ``client`` (its own pool), with ``overrides`` of
    its connection options (``decode_responses=False`` for RQ, ``retry=...``)."""
    pool = client.connection_pool
    return redis.Redis(connection_pool=redis.ConnectionPool(
        connection_class=pool.connection_class, **{**pool.connection_kwargs, **overrides}))


def is_cluster(client: StoreRedis) -> bool:
    return isinstance(client, RedisCluster)


def on_slot(client: StoreRedis, key: str, work: Callable[[redis.Redis], T]) -> T:
    """``work(node)`` with a plain client of the primary that holds ``key``'s slot (``client``
    itself when it is one server): for what must run on one connection of that node, as a
    MULTI whose replies redis-py's cluster transactions leave unparsed, or an append and its
    WAIT. After a redirection or a dead node the slots are learnt again and ``work`` runs
    again, so it must be safe to repeat."""
    if not isinstance(client, RedisCluster):
        return work(client)
    attempt = 1
    while True:
        node = client.get_node_from_key(key)
        try:
            return work(client.get_redis_connection(node))
        except _REROUTE:
            if attempt >= _SLOT_ATTEMPTS:
                raise
            attempt += 1
            client.nodes_manager.initialize()
