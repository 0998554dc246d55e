"""What the service needs from the process it runs in, handed to it rather than looked up.

The web app builds one ``ServiceContext`` per app (``app.extensions.get_context``); a script
or a test can build its own. So the service imports no web framework and reads no request.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

import redis

from app.randomness import SystemRandomness
from events.anchors import AnchorLog
from events.config import DEFAULT_QUEUE
from events.store import EventStore
from projections.games import Randomness


def _ignore_meta(meta: dict[str, Any]) -> None:
    return None


def utc_today() -> date:
    return datetime.now(UTC).date()


@dataclass(frozen=True)
class ServiceContext:
    """``store``: the event store; ``anchors``: the heads written outside Redis (what a log
    that can't be folded is verified against); ``queue_redis``: a connection for the job
    queue, made on first use (None: no jobs are queued); ``queue_name``; ``randomness``: the
    source of the service's draws; ``note_meta``: told every match record the service reads
    (the web app flags a frozen match's answers with it); ``job_linger``: seconds the
    process gathers appends before queueing their jobs together (``events.jobqueue.
    AfterAppendRelay``; 0: each append queues its job before it is answered); ``today``: the
    service's clock for the day whose Standard format a deck is held to when no event names
    one (the engine reads no clock)."""

    store: EventStore
    anchors: AnchorLog | None = None
    queue_redis: Callable[[], redis.Redis] | None = None
    queue_name: str = DEFAULT_QUEUE
    randomness: Callable[[], Randomness] = SystemRandomness
    note_meta: Callable[[dict[str, Any]], None] = field(default=_ignore_meta)
    job_linger: float = 0.0
    today: Callable[[], date] = utc_today
