"""The job queue: RQ with the JSON serializer."""

from __future__ import annotations

import logging

import redis
from rq import Queue
from rq.job import Job
from rq.serializers import JSONSerializer

from events.config import DEFAULT_QUEUE

log = logging.getLogger(__name__)

VERIFY_JOB = "workers.jobs.verify_chain_job"


def get_queue(connection: redis.Redis, name: str = DEFAULT_QUEUE) -> Queue:
    """``connection`` must not decode responses (RQ reads bytes)."""
    return Queue(name, connection=connection, serializer=JSONSerializer)


def enqueue_verify(connection: redis.Redis, match_id: str, seq: int | None = None,
                   queue_name: str = DEFAULT_QUEUE) -> Job | None:
    """Ask a worker to re-verify a match's hash chain. Never raises: the append it
    follows has already succeeded, and a missed audit is caught by the next one."""
    try:
        job_id = f"verify-{match_id}" + (f"-{seq}" if seq is not None else "")
        return get_queue(connection, queue_name).enqueue(
            VERIFY_JOB, match_id, job_id=job_id, result_ttl=3600, failure_ttl=86400,
            description=f"verify chain of match {match_id}")
    except Exception:  # noqa: BLE001 - by contract: log, don't propagate
        log.exception("could not enqueue the chain check of match %s", match_id)
        return None
