"""Running an RQ worker on the referee's queue."""

from __future__ import annotations

import redis
from rq import SimpleWorker, Worker
from rq.serializers import JSONSerializer

from events.config import DEFAULT_QUEUE
from workers.queue import get_queue


def build_worker(connection: redis.Redis, queue_name: str = DEFAULT_QUEUE,
                 simple: bool = False) -> Worker:
    """``simple``: run jobs in this process (no fork per job)."""
    worker_class = SimpleWorker if simple else Worker
    return worker_class([get_queue(connection, queue_name)], connection=connection,
                        serializer=JSONSerializer)


def run_worker(rq_redis_url: str, queue_name: str = DEFAULT_QUEUE, burst: bool = False,
               simple: bool = False) -> bool:
    connection = redis.Redis.from_url(rq_redis_url)
    return build_worker(connection, queue_name, simple).work(burst=burst)
