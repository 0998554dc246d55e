"""Per-app shared objects (Redis clients, the event store), reached from request code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import redis
from flask import current_app

from app.integrity import note_meta
from app.randomness import randomness_factory
from app.service.context import ServiceContext, utc_today
from events.anchors import AnchorLog
from events.config import DEFAULT_QUEUE, REDIS_SOCKET_TIMEOUT
from events.redis_client import StoreRedis, client_like
from events.store import EventStore

EXTENSION_KEY = "referee"
QueueRedis = redis.Redis   # named apart: inside RefereeServices, `redis` is the store's client


@dataclass
class RefereeServices:
    redis: StoreRedis
    store: EventStore
    rq_redis_url: str | None = None
    api: Any = None  # the flask-smorest Api, for registering blueprints later
    anchors: AnchorLog | None = None  # the anchor files (outside Redis) audits compare with
    context: ServiceContext | None = None  # what the service (app.service) is handed
    _queue_redis: QueueRedis | None = field(default=None, repr=False)

    @property
    def queue_redis(self) -> QueueRedis:
        """Connection for RQ (bytes replies, as RQ expects), made on first use."""
        if self._queue_redis is None:
            if self.rq_redis_url:
                self._queue_redis = redis.Redis.from_url(
                    self.rq_redis_url, socket_connect_timeout=2,
                    socket_timeout=REDIS_SOCKET_TIMEOUT)
            elif isinstance(self.redis, redis.Redis):
                self._queue_redis = bytes_client_like(self.redis)
            else:  # create_app refuses this; RQ does not speak cluster
                raise RuntimeError("a Redis Cluster store needs RQ_REDIS_URL for the job queue")
        return self._queue_redis


def bytes_client_like(client: redis.Redis) -> redis.Redis:
    """A client to the same server as ``client`` that does not decode replies."""
    return client_like(client, decode_responses=False)


def build_context(services: RefereeServices, config: Mapping[str, Any]) -> ServiceContext:
    """The service's context for this app: its store, anchors, job queue (connection made
    on first use), randomness, the integrity flag of a frozen match's answers, and the clock
    of the day (``REFEREE_TODAY``: a callable returning a ``date``, as tests pin it)."""
    return ServiceContext(store=services.store, anchors=services.anchors,
                          queue_redis=lambda: services.queue_redis,
                          queue_name=config.get("REFEREE_QUEUE") or DEFAULT_QUEUE,
                          randomness=randomness_factory(config), note_meta=note_meta,
                          job_linger=float(config.get("REFEREE_JOB_LINGER_MS") or 0) / 1000,
                          today=config.get("REFEREE_TODAY") or utc_today)


def services() -> RefereeServices:
    return current_app.extensions[EXTENSION_KEY]


def get_context() -> ServiceContext:
    ext = services()
    if ext.context is None:
        ext.context = build_context(ext, current_app.config)
    return ext.context


def get_store() -> EventStore:
    return services().store


def get_anchors() -> AnchorLog | None:
    return services().anchors


def get_redis() -> StoreRedis:
    return services().redis


def get_queue_redis() -> redis.Redis:
    return services().queue_redis
