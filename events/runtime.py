"""Opening the event store from a command or a job: the Redis URLs (``REDIS_URL``, or the
embedded Redis of a running ``referee serve`` on the same ``REFEREE_DATA_DIR``), the chain
key and the anchor files, found the same way by ``referee verify|audit|worker|...`` and by
the jobs a worker runs."""

from __future__ import annotations

import os

import redis

from events.anchors import AnchorLog
from events.chain_key import resolve_chain_key
from events.config import Settings
from events.store import EventStore


class StoreNotFound(RuntimeError):
    """Neither REDIS_URL nor a running embedded Redis for the data dir."""


def resolve_urls(settings: Settings) -> tuple[str, str]:
    """(store URL, queue URL). Jobs read REDIS_URL, so it is exported when found."""
    from events.embedded import read_runtime_info

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
    store = EventStore(redis.Redis.from_url(url, decode_responses=True), chain_key=key)
    return store, AnchorLog(settings.anchor_dir, key)
