"""Opening the event store from a command or a job: the Redis URLs (``REDIS_URL``, or the
embedded Redis of a running ``referee serve`` on the same ``REFEREE_DATA_DIR``), the chain
key and the anchor files, found the same way by ``referee verify|audit|worker|...`` and by
the jobs a worker runs."""

from __future__ import annotations

import os

from events.anchors import AnchorLog
from events.chain_key import resolve_chain_key
from events.config import Settings
from events.redis_client import store_client
from events.replication import replica_wait_for
from events.store import EventStore


class StoreNotFound(RuntimeError):
    """The store's Redis can't be opened from these settings: neither REDIS_URL nor a
    running embedded Redis for the data dir, or a cluster without a queue of its own."""


def resolve_urls(settings: Settings) -> tuple[str, str]:
    """(store URL, queue URL). Jobs read REDIS_URL, so it is exported when found."""
    from events.embedded import read_runtime_info

    problem = settings.store_problem()
    if problem:
        raise StoreNotFound(problem)
    if settings.redis_url:
        return settings.redis_url, settings.rq_redis_url or settings.redis_url
    info = read_runtime_info(settings.data_dir)
    if info is None:
        raise StoreNotFound(
            f"REDIS_URL is not set and no embedded Redis is running for {settings.data_dir} "
            "(start `referee serve` with the same REFEREE_DATA_DIR, or set REDIS_URL)")
    os.environ["REDIS_URL"] = info.redis_url
    return info.redis_url, info.rq_redis_url


def open_store(settings: Settings | None = None) -> tuple[EventStore, AnchorLog]:
    """The event store (a decoding client) and the anchor files, for this process's
    settings. Raises ``StoreNotFound`` or ``events.chain_key.ChainKeyMissing``."""
    settings = settings or Settings.from_env()
    url = resolve_urls(settings)[0]
    key = resolve_chain_key(settings)
    store = EventStore(store_client(url, cluster=settings.redis_cluster), chain_key=key,
                       replica_wait=replica_wait_for(settings.redis_cluster,
                                                     settings.wait_replicas,
                                                     settings.cluster_wait,
                                                     settings.wait_timeout_ms),
                       whole_check_seconds=settings.whole_check_seconds)
    return store, AnchorLog(settings.anchor_dir, key)
