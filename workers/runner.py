"""Running an RQ worker on the referee's queue."""

from __future__ import annotations

from typing import Any

import redis
from rq import SimpleWorker, Worker
from rq.serializers import JSONSerializer
from rq.worker import BaseWorker

from events.config import DEFAULT_QUEUE
from events.jobqueue import get_queue
from events.store import EventStore


class _PromptTeardown:
    """An RQ worker whose teardown waits at most a second for its pub/sub thread.

    RQ stops that thread (which hears its commands) with redis-py's
    ``PubSubWorkerThread.stop()``; since redis-py 8 that waits until the thread exits, and the
    thread may be waiting up to RQ's ``sleep_time`` (60 s) for the subscription the
    unsubscribe just ended: a burst worker took up to a minute to exit (``referee worker
    --burst`` ran past a 60 s timeout in CI). It is stopped here without that wait, as RQ
    means to (it joins for 1 s); the daemon thread ends by itself when its wait does."""

    pubsub: Any
    pubsub_thread: Any

    def unsubscribe(self) -> None:
        thread = getattr(self, "pubsub_thread", None)
        if thread is None:
            return
        self.pubsub.unsubscribe()
        try:
            thread.stop(timeout=1)
        except TypeError:           # redis-py before 8: stop() does not wait
            thread.stop()
            thread.join(timeout=1)


class RefereeWorker(_PromptTeardown, Worker):
    """A worker forking a work horse per job."""


class RefereeSimpleWorker(_PromptTeardown, SimpleWorker):
    """A worker running each job in its own process."""


def build_worker(connection: redis.Redis, queue_name: str = DEFAULT_QUEUE,
                 simple: bool = False) -> BaseWorker:
    """``simple``: run jobs in this process (no fork per job)."""
    worker_class = RefereeSimpleWorker if simple else RefereeWorker
    return worker_class([get_queue(connection, queue_name)], connection=connection,
                        serializer=JSONSerializer)


def preload() -> None:
    """Import the jobs' modules and load the card data once, in the worker's main process,
    so that each forked work horse inherits them instead of importing them per job."""
    import workers.jobs  # noqa: F401 - imports the engine, snapshots and read models
    from projections.games import GAMES

    for game in GAMES.values():
        game.preload()


def _open_store() -> EventStore:
    from events.runtime import open_store

    return open_store()[0]


def run_worker(rq_redis_url: str, queue_name: str = DEFAULT_QUEUE, burst: bool = False,
               simple: bool = False, with_scheduler: bool = True) -> bool:
    """``with_scheduler``: also run RQ's scheduler, which puts jobs waiting for a retry
    (``Retry(interval=[1, 5, 15])``) back on the queue when their time comes. The worker
    also keeps the round clock (``workers.timekeeper``): a thread calls time at the tables
    whose clock ran out; a ``burst`` worker makes one pass before it works."""
    from workers.timekeeper import Timekeeper, start_keeping_time, tick_seconds

    preload()
    connection = redis.Redis.from_url(rq_redis_url)
    stop = None
    if burst:
        if tick_seconds() > 0:
            Timekeeper(_open_store(), lambda: connection, queue_name).tick()
    else:
        stop = start_keeping_time(_open_store, rq_redis_url, queue_name)
    try:
        return build_worker(connection, queue_name, simple).work(burst=burst,
                                                                 with_scheduler=with_scheduler)
    finally:
        if stop is not None:
            stop.set()
