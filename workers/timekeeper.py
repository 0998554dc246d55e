"""The round clock's keeper: time is called at every table whose clock ran out (J-TIME-1,
J-TIME-2; the rulings are in ``projections/clock.py``).

Every ``referee worker`` keeps time in a thread beside RQ's loop: once a tick
(``REFEREE_CLOCK_TICK_SECONDS``, 1 s; 0: this worker doesn't) it takes the matches the
deadlines index says are due (a read model, written with each append: ``projections.
readmodels``) and calls time at each. ``referee reconcile`` does one pass too.

The index only says where to look. For each match the keeper reads the log and decides on
it: the clock folded from the events (not running, not due yet, time called already: nothing
to do) and the game's own refusal (the game is over, still being set up, a game without time
calls). Then it appends ``TimeCalled`` as the service (``CLOCK_ACTOR``) on the head it read:
``expected_seq`` is that head and the idempotency key names it, so two keepers racing append
it once (the loser's head moved: it reads again and finds time called), a retry whose first
attempt was stored gets that attempt back, and a keeper that restarts reads the log afresh.
After the append, as after any: the match's status, its read models (the index drops it) and
its after-append job.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis

from events import jobqueue
from events.config import DEFAULT_QUEUE
from events.schemas import validate_batch
from events.store import EventStore
from projections.clock import CLOCK_ACTOR, fold_clock
from projections.readmodels import due_clocks, update_read_models
from projections.replay import apply_one, game_of
from projections.snapshots import load_state

log = logging.getLogger(__name__)

TICK_ENV = "REFEREE_CLOCK_TICK_SECONDS"
DEFAULT_TICK_SECONDS = 1.0
# The time call the service makes: J-TIME-1 as the API's defaults have it (fewer Prize cards
# left wins after the current turn and 3 more; a tie goes to Sudden Death, or is a drawn game
# in a best of three).
TIME_CALL = {"decide_by": "prizes", "tie": "sudden_death", "extra_turns": 3}
MAX_ATTEMPTS = 5          # heads read again after lost races, per match and pass
MAX_DUE_PER_PASS = 1000
ERROR_RETRY_SECONDS = 30.0  # a table whose call failed (Redis, a replica's WAIT) is tried again


def tick_seconds(environ: dict[str, str] | None = None) -> float:
    """``REFEREE_CLOCK_TICK_SECONDS``: how often a worker looks for clocks that ran out."""
    raw = (os.environ if environ is None else environ).get(TICK_ENV, "")
    try:
        return max(0.0, float(raw)) if raw.strip() else DEFAULT_TICK_SECONDS
    except ValueError:
        log.warning("%s=%r is not a number of seconds; using %s", TICK_ENV, raw,
                    DEFAULT_TICK_SECONDS)
        return DEFAULT_TICK_SECONDS


@dataclass(frozen=True)
class Outcome:
    """What the keeper did at one table: ``called`` (it appended ``TimeCalled``: ``seq``),
    or why it did not (``called already``, ``not running``, ``not due``, ``refused``,
    ``frozen``, ``busy``: it kept losing races). ``seq``: the head it decided on;
    ``hold_until``: until when that decision holds while the head stays there."""

    outcome: str
    seq: int
    hold_until: float = float("inf")
    detail: str | None = None


def call_time_if_due(store: EventStore, match_id: str, now: float,
                     queue: Callable[[], redis.Redis] | None = None,
                     queue_name: str = DEFAULT_QUEUE) -> Outcome:
    """Call time at the match if its clock has run out by ``now`` and its game takes a time
    call; see the module docstring."""
    for _attempt in range(MAX_ATTEMPTS):
        seq, head_hash, frozen = store.head_and_frozen(match_id)
        if frozen is not None or seq == 0:
            return Outcome("frozen" if frozen is not None else "no events", seq)
        events = store.read(match_id, 1, seq)
        clock = fold_clock(events)
        deadline = clock.deadline()
        if clock.called:
            return Outcome("called already", seq)
        if deadline is None:
            return Outcome("not running", seq)
        if deadline > now:      # extended since the index was written
            return Outcome("not due", seq, hold_until=deadline)
        game = game_of(events[:1])
        state = load_state(store, None, match_id, seq).state
        refusal = game.time_call_refusal(state)
        if refusal:
            return Outcome("refused", seq, detail=str(refusal))
        numbered = {"seq": seq + 1, "type": "TimeCalled", "payload": dict(TIME_CALL)}
        after, _ = apply_one(game, state, numbered, [*events, numbered])
        planned = validate_batch([{"type": "TimeCalled", "payload": dict(TIME_CALL),
                                   "state_hash": game.state_hash(after)}])
        batch = store.prepare_batch(match_id, planned, seq, head_hash, actor=CLOCK_ACTOR,
                                    expected_seq=seq,
                                    idempotency_key=f"referee:clock/time-called/{seq}")
        submitted = store.submit(batch)
        if submitted.outcome == "appended":
            _after_append(store, match_id, game, after, seq + 1, queue, queue_name)
            return Outcome("called", seq + 1)
        if submitted.outcome == "replayed":
            return Outcome("called already", seq)
        # lost a race: another writer (a judge, another keeper) appended first; read again
    return Outcome("busy", seq, hold_until=now)


def _after_append(store: EventStore, match_id: str, game: Any, state: Any, seq: int,
                  queue: Callable[[], redis.Redis] | None, queue_name: str) -> None:
    """What the write path does after an append: the status index, the read models (so the
    deadlines index drops the match now), the after-append job. Never raises: the event is
    stored, and the job or ``referee reconcile`` catch up."""
    state.seq = seq
    try:
        status = game.summary(state)["status"]
        if status != (store.get_match_meta(match_id) or {}).get("status"):
            store.set_match_status(match_id, status)
    except Exception:  # noqa: BLE001 - the append has happened
        log.exception("match %s: could not update the status index", match_id)
    try:
        update_read_models(store, match_id, known_state=(seq, state))
    except Exception:  # noqa: BLE001 - the queued job and reconcile catch up
        log.exception("match %s seq %s: read models not updated after the time call",
                      match_id, seq)
    if queue is not None:
        try:
            jobqueue.enqueue_after_append(queue(), match_id, seq, queue_name=queue_name)
        except Exception:  # noqa: BLE001 - reconcile catches up
            log.exception("match %s seq %s: jobs not enqueued", match_id, seq)


@dataclass
class Timekeeper:
    """One process's keeper. ``held``: per match, the head a decision not to call was taken
    on and until when it holds (a game being set up, a game over, a clock extended while the
    index lagged), so a due match that can't be called now is not read again every tick
    until its log moves."""

    store: EventStore
    queue: Callable[[], redis.Redis] | None = None
    queue_name: str = DEFAULT_QUEUE
    held: dict[str, tuple[int, float]] = field(default_factory=dict)

    def tick(self, now: float | None = None) -> dict[str, Outcome]:
        """One pass over the due clocks: ``{match_id: Outcome}`` of those looked at."""
        now = time.time() if now is None else now
        due = due_clocks(self.store.redis, now, MAX_DUE_PER_PASS)
        self.held = {m: h for m, h in self.held.items() if m in set(due)}
        outcomes: dict[str, Outcome] = {}
        for match_id in due:
            held = self.held.get(match_id)
            if held is not None and now < held[1] and self.store.last_seq(match_id) == held[0]:
                continue
            try:
                outcome = call_time_if_due(self.store, match_id, now, self.queue,
                                           self.queue_name)
            except Exception as exc:  # noqa: BLE001 - one bad match must not stop the others
                log.exception("match %s: time not called", match_id)
                outcome = Outcome("error", self.store.last_seq(match_id),
                                  hold_until=now + ERROR_RETRY_SECONDS,
                                  detail=f"{type(exc).__name__}: {exc}")
            outcomes[match_id] = outcome
            if outcome.outcome == "called":
                log.info("match %s: the round clock ran out; time called at seq %s",
                         match_id, outcome.seq)
                self.held.pop(match_id, None)
            else:
                self.held[match_id] = (outcome.seq, outcome.hold_until)
        return outcomes


def keep_time(make_store: Callable[[], EventStore], stop: threading.Event, tick: float,
              queue: Callable[[], redis.Redis] | None = None,
              queue_name: str = DEFAULT_QUEUE) -> None:
    """A worker's thread: a pass every ``tick`` seconds until ``stop`` is set. A pass that
    fails (Redis away) is logged and the next one tries again."""
    keeper: Timekeeper | None = None
    while not stop.wait(tick):
        try:
            if keeper is None:
                keeper = Timekeeper(make_store(), queue, queue_name)
            keeper.tick()
        except Exception:  # noqa: BLE001 - the next tick tries again
            log.exception("the round clock's keeper: a pass failed")


def start_keeping_time(make_store: Callable[[], EventStore], rq_redis_url: str,
                       queue_name: str = DEFAULT_QUEUE, tick: float | None = None
                       ) -> threading.Event | None:
    """Start ``keep_time`` in a daemon thread; the event stops it. None when the tick is 0
    (this worker doesn't keep time)."""
    tick = tick_seconds() if tick is None else tick
    if tick <= 0:
        return None
    stop = threading.Event()
    connection: list[redis.Redis] = []

    def queue() -> redis.Redis:
        if not connection:
            connection.append(redis.Redis.from_url(rq_redis_url))
        return connection[0]

    threading.Thread(target=keep_time, args=(make_store, stop, tick, queue, queue_name),
                     name="referee-clock", daemon=True).start()
    return stop
