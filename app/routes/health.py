"""GET /v1/health: is the event store reachable, and is it configured to keep what it's given."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import redis
from flask import current_app
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from app.extensions import get_queue_redis, get_redis
from events.jobqueue import queue_stats
from events.redis_client import StoreRedis

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


def _config_value(client: StoreRedis, name: str) -> str | None:
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
    jobs, reasons = job_health()
    return {
        "status": "degraded" if reasons else "ok",
        "reasons": [reason.text for reason in reasons],
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


# What a health reason is about (the console words each its own way).
QUEUE_UNREADABLE = "queue-unreadable"
NO_WORKER = "no-worker"
QUEUE_STALE = "queue-stale"

# What to do when no worker is alive, by who runs them (``REFEREE_WORKERS``: what `referee
# serve` says; unset: an app made by create_app alone, a script's or a test's).
_NO_WORKER_HINTS = {"serve": "`referee serve` starts them again; see its log",
                    "separately": "start `referee worker`"}


@dataclass(frozen=True)
class Reason:
    """Why the service is degraded: ``code`` (one of the constants above), ``text`` (the
    API's English sentence) and the numbers in it."""

    code: str
    text: str
    values: dict[str, Any] = field(default_factory=dict)


def job_health() -> tuple[dict[str, Any], list[Reason]]:
    """The job queue's stats and why the background jobs are not keeping up (if they aren't),
    for this app."""
    config = current_app.config
    jobs = queue_stats(get_queue_redis(), config.get("REFEREE_QUEUE") or "referee")
    return jobs, degraded(jobs, float(config.get("REFEREE_QUEUE_STALE_SECONDS") or 60),
                          config.get("REFEREE_WORKERS"))


def degraded(jobs: dict, stale_after: float, workers: str | None = None) -> list[Reason]:
    """Why the background jobs (anchors, read models, snapshots, chain checks) are not keeping
    up. ``workers``: who runs the workers (``serve`` or ``separately``): then no worker alive
    is a reason even with nothing queued, since the next append's checks will wait."""
    if not jobs.get("ok"):
        return [Reason(QUEUE_UNREADABLE, f"the job queue can't be read ({jobs.get('error')})")]
    reasons = []
    if not jobs.get("workers"):
        hint = _NO_WORKER_HINTS.get(workers or "", "start `referee worker`")
        if jobs.get("queued"):
            reasons.append(Reason(NO_WORKER, f"{jobs['queued']} job(s) queued and no worker "
                                             f"alive ({hint})", {"queued": jobs["queued"]}))
        elif workers:
            reasons.append(Reason(NO_WORKER, f"no worker alive ({hint}): integrity checks, "
                                             "anchors, read models and snapshots are paused",
                                  {"queued": 0}))
    oldest = jobs.get("oldest_queued_seconds")
    if oldest is not None and oldest > stale_after:
        reasons.append(Reason(QUEUE_STALE, f"the oldest queued job has waited {oldest:.0f} s "
                                           f"(more than {stale_after:.0f} s)",
                              {"seconds": round(oldest)}))
    return reasons

