"""GET /v1/health: is the event store reachable, and is it configured to keep what it's given."""

from __future__ import annotations

import redis
from flask import current_app
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from app.extensions import get_queue_redis, get_redis
from events.jobqueue import queue_stats

blp = Blueprint("health", __name__, url_prefix="/v1", description="Service health")

# What "durable" means for the event store: every write fsync'd, nothing evicted.
DURABLE_SETTINGS = {"appendonly": "yes", "appendfsync": "always",
                    "maxmemory-policy": "noeviction"}


class DurabilitySchema(Schema):
    appendonly = fields.String(allow_none=True)
    appendfsync = fields.String(allow_none=True)
    maxmemory_policy = fields.String(data_key="maxmemory-policy", allow_none=True)


class RedisHealthSchema(Schema):
    reachable = fields.Boolean(required=True)
    version = fields.String(allow_none=True)
    durability = fields.Nested(DurabilitySchema,
                               metadata={"description": "Read back with CONFIG GET; null "
                                                        "where the server does not allow it"})
    durable = fields.Boolean(metadata={"description": "appendonly yes, appendfsync always "
                                                      "and maxmemory-policy noeviction"})


class QueueHealthSchema(Schema):
    ok = fields.Boolean()
    queue = fields.String()
    queued = fields.Integer(metadata={"description": "Jobs waiting to run"})
    started = fields.Integer()
    scheduled = fields.Integer(metadata={"description": "Jobs waiting for a retry"})
    deferred = fields.Integer()
    failed = fields.Integer(metadata={"description": "Jobs in the failed-job registry"})
    finished = fields.Integer()
    workers = fields.Integer()
    error = fields.String()


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ok"})
    redis = fields.Nested(RedisHealthSchema, required=True)
    jobs = fields.Nested(QueueHealthSchema, metadata={"description": "The RQ queue's depth "
                                                                      "and failed jobs"})


def _config_value(client: redis.Redis, name: str) -> str | None:
    try:
        value = client.config_get(name).get(name)
    except redis.ResponseError:  # CONFIG is often disabled on managed Redis
        return None
    return value.decode() if isinstance(value, bytes) else value


@blp.route("/health", methods=["GET"])
@blp.doc(security=[])  # open: load balancers and probes carry no token
@blp.response(200, HealthSchema)
@blp.alt_response(503, description="The event store is unreachable (problem+json, "
                                   "with Retry-After)")
def health():
    """Is the event store reachable, and configured to keep what it is given? (No token
    needed.)"""
    client = get_redis()
    client.ping()  # ConnectionError -> 503 problem+json (app.errors)
    version = client.info("server").get("redis_version")
    settings = {name: _config_value(client, name) for name in DURABLE_SETTINGS}
    return {
        "status": "ok",
        "redis": {
            "reachable": True,
            "version": version.decode() if isinstance(version, bytes) else version,
            "durability": {"appendonly": settings["appendonly"],
                           "appendfsync": settings["appendfsync"],
                           "maxmemory_policy": settings["maxmemory-policy"]},
            "durable": settings == DURABLE_SETTINGS,
        },
        "jobs": queue_stats(get_queue_redis(), current_app.config.get("REFEREE_QUEUE") or "referee"),
    }
