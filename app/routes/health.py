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
    oldest_queued_seconds = fields.Float(allow_none=True, metadata={
        "description": "How long the job at the head of the queue has waited"})
    error = fields.String()


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={
        "example": "ok", "description": "ok, or degraded when the background jobs are not being run "
                                        "(`reasons` says why); the API still answers either way"})
    reasons = fields.List(fields.String(), metadata={"description": "Why the service is degraded"})
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
    """Is the event store reachable and durable? (No token needed.)

    Whether the event store answers and is configured to keep what it is given
    (`durability`), and whether the background jobs keep up: `"status": "degraded"` with
    its `reasons` when jobs wait with no worker alive or too long."""
    client = get_redis()
    client.ping()  # ConnectionError -> 503 problem+json (app.errors)
    version = client.info("server").get("redis_version")
    settings = {name: _config_value(client, name) for name in DURABLE_SETTINGS}
    jobs = queue_stats(get_queue_redis(), current_app.config.get("REFEREE_QUEUE") or "referee")
    reasons = degraded_reasons(jobs, float(current_app.config.get("REFEREE_QUEUE_STALE_SECONDS") or 60))
    return {
        "status": "degraded" if reasons else "ok",
        "reasons": reasons,
        "redis": {
            "reachable": True,
            "version": version.decode() if isinstance(version, bytes) else version,
            "durability": {"appendonly": settings["appendonly"],
                           "appendfsync": settings["appendfsync"],
                           "maxmemory_policy": settings["maxmemory-policy"]},
            "durable": settings == DURABLE_SETTINGS,
        },
        "jobs": jobs,
    }


def degraded_reasons(jobs: dict, stale_after: float) -> list[str]:
    """Why the background jobs (read models, snapshots, chain checks) are not keeping up."""
    if not jobs.get("ok"):
        return [f"the job queue can't be read ({jobs.get('error')})"]
    reasons = []
    if jobs.get("queued") and not jobs.get("workers"):
        reasons.append(f"{jobs['queued']} job(s) queued and no worker alive (start `referee worker`)")
    oldest = jobs.get("oldest_queued_seconds")
    if oldest is not None and oldest > stale_after:
        reasons.append(f"the oldest queued job has waited {oldest:.0f} s (more than {stale_after:.0f} s)")
    return reasons
