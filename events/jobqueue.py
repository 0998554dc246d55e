"""The job queue: RQ with the JSON serializer, and the helpers both sides need.

The web process enqueues jobs (after an append) and reports the queue's state
(``GET /v1/health``); the workers run them. Jobs are named by their dotted path
(``workers.jobs.after_append_job``), so this module, below both ``app`` and ``workers``,
never imports the job functions themselves: RQ finds them in the worker.
"""

from __future__ import annotations

import inspect
import logging
import os
import threading
import time
from collections.abc import Mapping
from datetime import UTC
from typing import Any

import redis
from rq import Queue, Retry
from rq.job import Job
from rq.serializers import JSONSerializer

from events.config import DEFAULT_QUEUE

log = logging.getLogger(__name__)

VERIFY_JOB = "workers.jobs.verify_chain_job"
READ_MODELS_JOB = "workers.jobs.update_read_models"
SNAPSHOT_JOB = "workers.jobs.maybe_snapshot"
RECONCILE_JOB = "workers.jobs.reconcile_job"
AFTER_APPEND_JOB = "workers.jobs.after_append_job"
AFTER_APPEND_BATCH_JOB = "workers.jobs.after_append_batch_job"
DECKLISTS_JOB = "workers.jobs.decklists_job"

RETRY_MAX = 3
RETRY_INTERVALS = (1, 5, 15)
RESULT_TTL = 3600          # finished jobs: an hour
# A finished after-append job: two minutes. What it did (the chain checked, the read models and
# the snapshot) is kept elsewhere; kept an hour, its record cost 6.5 kB per action
# (bench/storage.py), ten times the log. The id stays unique while an append's retries come.
AFTER_APPEND_RESULT_TTL = 120
FAILURE_TTL = 7 * 86400    # failed jobs stay in the failed-job registry for a week

# rq >= 2.x refuses a second job with the same id when asked (``unique=True``); older rq
# would overwrite the job hash and queue the id twice (harmless: the jobs are idempotent).
_HAS_UNIQUE = "unique" in inspect.signature(Queue.enqueue_call).parameters
try:
    from rq.exceptions import DuplicateJobError
except ImportError:  # rq < 2
    class DuplicateJobError(Exception):  # type: ignore[no-redef]
        pass


def get_queue(connection: redis.Redis, name: str = DEFAULT_QUEUE) -> Queue:
    """``connection`` must not decode responses (RQ reads bytes)."""
    return Queue(name, connection=connection, serializer=JSONSerializer)


def retry_policy(environ: Mapping[str, str] | None = None) -> Retry:
    """Retry(max=3, interval=[1, 5, 15]); ``REFEREE_JOB_RETRY_INTERVALS`` (comma-separated
    seconds) overrides the intervals, e.g. ``0`` in tests. After the last retry a job stays in
    RQ's failed-job registry. Intervals > 0 need a worker running the RQ scheduler
    (``referee worker`` does)."""
    env = os.environ if environ is None else environ
    raw = env.get("REFEREE_JOB_RETRY_INTERVALS")
    intervals = [int(x) for x in raw.split(",")] if raw else list(RETRY_INTERVALS)
    return Retry(max=RETRY_MAX, interval=intervals)


def _options(job_id: str, description: str, result_ttl: int = RESULT_TTL) -> dict[str, Any]:
    return {"job_id": job_id, "result_ttl": result_ttl, "failure_ttl": FAILURE_TTL,
            "description": description, "retry": retry_policy()}


def _enqueue(queue: Queue, func: str, *args: Any, job_id: str, description: str,
             pipeline: _Registration | None = None, result_ttl: int = RESULT_TTL, **kwargs: Any) -> Job | None:
    options = _options(job_id, description, result_ttl)
    if _HAS_UNIQUE:
        options["unique"] = True
    try:
        if pipeline is None:
            return queue.enqueue(func, *args, **options, **kwargs)
        with pipeline as pipe:
            return queue.enqueue(func, *args, pipeline=pipe, **options, **kwargs)
    except DuplicateJobError:
        log.debug("job %s is already queued or done", job_id)
        return None


class _Registration:
    """The pipeline RQ adds the queue's registration (``SADD rq:queues``) to before a unique
    enqueue, which itself is one script (rq >= 2; older rq would put the job in it too).
    The registration is sent the first time per process and queue, then dropped: a round
    trip and a durable write fewer per append."""

    def __init__(self, connection: redis.Redis, send: bool):
        self._pipe = connection.pipeline()
        self._send = send

    def __enter__(self) -> Any:
        return self._pipe

    def __exit__(self, kind: Any, *_: Any) -> None:
        if kind is None and self._send:
            self._pipe.execute()
        self._pipe.reset()


_REGISTERED: set[tuple[int, str]] = set()


def _registration(connection: redis.Redis, queue_name: str) -> _Registration:
    key = (id(connection), queue_name)
    send = key not in _REGISTERED
    _REGISTERED.add(key)
    return _Registration(connection, send)


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


def enqueue_after_append(connection: redis.Redis, match_id: str, seq: int,
                         queue_name: str = DEFAULT_QUEUE) -> list[Job]:
    """After an append that ended at ``seq``: one job (``after-<match>-<seq>``, so the same
    append never queues twice) re-checks the chain, catches up the read models and takes a
    snapshot when one is due. Never raises: the append has already succeeded, and whatever
    is not enqueued is caught up by ``referee reconcile``. Returns the jobs enqueued."""
    try:
        job = _enqueue(get_queue(connection, queue_name), AFTER_APPEND_JOB, match_id,
                       job_id=f"after-{match_id}-{seq}",
                       description=f"chain, read models and snapshot of match {match_id} (seq {seq})",
                       pipeline=_registration(connection, queue_name) if _HAS_UNIQUE else None,
                       result_ttl=AFTER_APPEND_RESULT_TTL)
    except Exception:  # noqa: BLE001 - by contract: log, don't propagate
        log.exception("could not enqueue the jobs after match %s seq %s", match_id, seq)
        return []
    return [job] if job is not None else []


def enqueue_decklists(connection: redis.Redis, event_id: str, seq: int,
                      queue_name: str = DEFAULT_QUEUE) -> Job | None:
    """After a deck-list registration that ended the event's log at ``seq``: one job
    (``decklists-<event>-<seq>``) re-checks the log's chain and anchors its head. Never
    raises: the registration is stored, and ``referee reconcile`` anchors what is missed."""
    try:
        return _enqueue(get_queue(connection, queue_name), DECKLISTS_JOB, event_id,
                        job_id=f"decklists-{event_id}-{seq}",
                        description=f"chain and anchor of event {event_id}'s deck lists (seq {seq})")
    except Exception:  # noqa: BLE001 - by contract: log, don't propagate
        log.exception("could not enqueue the deck-list job of event %s seq %s", event_id, seq)
        return None


class AfterAppendRelay:
    """The after-append jobs of one process, queued together (``REFEREE_JOB_LINGER_MS``).

    Each append's own enqueue was a round trip and a durable write on RQ's Redis (RQ's
    unique-enqueue script: 7-9 % of a web worker's samples at 100-150 actions/s), and each
    job cost the worker RQ's bookkeeping. Here an append only notes ``(match, seq)``; a
    background thread (a greenlet in a gevent worker) waits ``linger`` seconds for the
    appends of the moment, then queues one job for them all (the job works up to each
    match's head whatever the seq noted). What a job already guaranteed is kept: the append is stored before it is
    noted, a job is queued for every match appended to, and a failed enqueue is tried again
    (``referee reconcile`` catches up what a crash of the process loses, as before). A
    repeated job id (the same match and seq queued twice) runs twice, harmlessly: the jobs
    are idempotent."""

    RETRY_SECONDS = 1.0

    def __init__(self, connection: redis.Redis, queue_name: str, linger: float):
        self._connection = connection
        self._queue_name = queue_name
        self._linger = linger
        self._pending: dict[str, int] = {}
        self._in_flight: dict[str, int] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._pid: int | None = None
        self.batches = 0  # enqueue round trips made, for tests and benches

    def submit(self, match_id: str, seq: int) -> None:
        with self._lock:
            if seq > self._pending.get(match_id, 0):
                self._pending[match_id] = seq
            if self._pid != os.getpid():  # first use in this process (or a forked child)
                self._pid = os.getpid()
                threading.Thread(target=self._run, name="after-append-relay",
                                 daemon=True).start()
        self._wake.set()

    def pending(self) -> dict[str, int]:
        """What is noted and not yet queued (a batch being sent included)."""
        with self._lock:
            return {**self._in_flight, **self._pending}

    def _take(self) -> dict[str, int]:
        with self._lock:
            taken, self._pending = self._pending, {}
            self._in_flight = taken
            return taken

    def _put_back(self, batch: dict[str, int]) -> None:
        with self._lock:
            self._in_flight = {}
            for match_id, seq in batch.items():
                if seq > self._pending.get(match_id, 0):
                    self._pending[match_id] = seq

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            time.sleep(self._linger)
            batch = self._take()
            if not batch:
                continue
            try:
                self.flush(batch)
                with self._lock:
                    self._in_flight = {}
            except Exception:  # noqa: BLE001 - never lose a batch: try again shortly
                log.exception("could not queue the jobs after %d appends; trying again",
                              len(batch))
                self._put_back(batch)
                time.sleep(self.RETRY_SECONDS)
                self._wake.set()

    def flush(self, batch: dict[str, int]) -> list[Job]:
        """Queue the after-append work of ``batch``'s matches in one pipeline: one match's
        job as an append would, several matches' as one batch job (``after_append_batch_job``,
        which gives any match that fails a job of its own)."""
        queue = get_queue(self._connection, self._queue_name)
        if len(batch) == 1:
            [(match_id, seq)] = batch.items()
            data = Queue.prepare_data(
                AFTER_APPEND_JOB, (match_id,), job_id=f"after-{match_id}-{seq}",
                result_ttl=AFTER_APPEND_RESULT_TTL, failure_ttl=FAILURE_TTL, retry=retry_policy(),
                description=f"chain, read models and snapshot of match {match_id} (seq {seq})")
        else:
            matches = sorted(batch)
            data = Queue.prepare_data(
                AFTER_APPEND_BATCH_JOB, (matches,), job_id=f"after-batch-{os.urandom(8).hex()}",
                result_ttl=AFTER_APPEND_RESULT_TTL, failure_ttl=FAILURE_TTL, retry=retry_policy(),
                description=f"chain, read models and snapshots of {len(matches)} matches "
                            f"(first {matches[0]} seq {batch[matches[0]]})")
        with self._connection.pipeline() as pipe:
            jobs = queue.enqueue_many([data], pipeline=pipe)
            pipe.execute()
        self.batches += 1
        return jobs


_RELAYS: dict[tuple[int, str, float], AfterAppendRelay] = {}
_RELAYS_LOCK = threading.Lock()


def relay_for(connection: redis.Redis, queue_name: str, linger: float) -> AfterAppendRelay:
    """The process's relay for ``connection``'s queue."""
    key = (id(connection), queue_name, linger)
    with _RELAYS_LOCK:
        found = _RELAYS.get(key)
        if found is None:
            found = _RELAYS[key] = AfterAppendRelay(connection, queue_name, linger)
        return found


def enqueue_reconcile(connection: redis.Redis, queue_name: str = DEFAULT_QUEUE,
                      job_id: str | None = None) -> Job | None:
    """Queue one reconcile run (see ``workers.reconcile``). Never raises."""
    try:
        return _enqueue(get_queue(connection, queue_name), RECONCILE_JOB,
                        job_id=job_id or f"reconcile-{os.urandom(6).hex()}",
                        description="reconcile read models and snapshots with the logs")
    except Exception:  # noqa: BLE001 - by contract: log, don't propagate
        log.exception("could not enqueue a reconcile run")
        return None


def _oldest_queued_seconds(queue: Any) -> float | None:
    """How long the job at the head of the queue has waited (None: the queue is empty)."""
    from datetime import datetime

    ids = queue.get_job_ids(0, 1)
    job = queue.fetch_job(ids[0]) if ids else None
    if job is None or job.enqueued_at is None:
        return None
    enqueued = job.enqueued_at if job.enqueued_at.tzinfo else job.enqueued_at.replace(tzinfo=UTC)
    return round((datetime.now(UTC) - enqueued).total_seconds(), 1)


def queue_stats(connection: redis.Redis, queue_name: str = DEFAULT_QUEUE) -> dict[str, Any]:
    """For GET /v1/health: ``{ok, queue, queued, started, scheduled, deferred, failed,
    finished, workers}`` (``scheduled`` holds jobs waiting for a retry). Never raises:
    ``{ok: false, error}`` when the queue's Redis can't be read."""
    try:
        from rq import Worker

        queue = get_queue(connection, queue_name)
        return {
            "ok": True,
            "queue": queue_name,
            "queued": queue.count,
            "started": queue.started_job_registry.count,
            "scheduled": queue.scheduled_job_registry.count,
            "deferred": queue.deferred_job_registry.count,
            "failed": queue.failed_job_registry.count,
            "finished": queue.finished_job_registry.count,
            "workers": Worker.count(connection=connection, queue=queue),
            "oldest_queued_seconds": _oldest_queued_seconds(queue),
        }
    except Exception as exc:  # noqa: BLE001 - health must answer
        log.warning("could not read the job queue's stats: %s", exc)
        return {"ok": False, "queue": queue_name, "error": f"{type(exc).__name__}: {exc}"}
