"""Running an RQ worker on the referee's queue."""

from __future__ import annotations

import redis
from rq import SimpleWorker, Worker
from rq.serializers import JSONSerializer

from events.config import DEFAULT_QUEUE
from events.jobqueue import get_queue


def build_worker(connection: redis.Redis, queue_name: str = DEFAULT_QUEUE,
                 simple: bool = False) -> Worker:
    """``simple``: run jobs in this process (no fork per job)."""
    worker_class = SimpleWorker if simple else Worker
    return worker_class([get_queue(connection, queue_name)], connection=connection,
                        serializer=JSONSerializer)


def preload() -> None:
    """Import the jobs' modules and load the card data once, in the worker's main process,
    so that each forked work horse inherits them instead of importing them per job."""
    import workers.jobs  # noqa: F401 - imports the engine, snapshots and read models
    from projections.games import GAMES

    for game in GAMES.values():
        game.preload()


def run_worker(rq_redis_url: str, queue_name: str = DEFAULT_QUEUE, burst: bool = False,
               simple: bool = False, with_scheduler: bool = True) -> bool:
    """``with_scheduler``: also run RQ's scheduler, which puts jobs waiting for a retry
    (``Retry(interval=[1, 5, 15])``) back on the queue when their time comes."""
    preload()
    connection = redis.Redis.from_url(rq_redis_url)
    return build_worker(connection, queue_name, simple).work(burst=burst,
                                                             with_scheduler=with_scheduler)
