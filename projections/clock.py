"""The round clock of a match (J-TIME-2), folded from its events; game-agnostic and pure.

A round has a length; a judge or the organiser starts each table's clock (``ClockStarted``),
may pause and resume it (``ClockPaused``, ``ClockResumed``: a long ruling, a deck check) and
a judge may give the table extra minutes (``TimeExtended``, with the reason). The clock
reads the events' ``recorded_at`` (the store's clock) and the ``now`` it is handed: nothing
here reads a clock. When the time left reaches 0 the round's time is up at that table and
the service calls time there (J-TIME-1): every worker keeps the clock (``workers/timekeeper.
py``), and ``referee reconcile`` does too. The read models index each clock that can run out
(``deadline``); a worker takes the ones due and appends ``TimeCalled`` as the service
(``CLOCK_ACTOR``), on the head it checked, so that however many workers race, retry or
restart, a table's time is called once. A judge may still call time by hand, before or after.

Rulings taken here:
* an extension is given in whole minutes (1 to 60 at a time) and is added to the round's
  length at that table, whether the clock runs or is paused; it moves the table's deadline;
* a paused clock does not run out; time left is never below 0;
* the clock is one per match: in a best-of-three it runs across the games;
* the clock calls time once: any ``TimeCalled`` (a judge's or the service's) ends its part.
  After it the extra turns of J-TIME-1 count, not minutes: an extension is refused (it could
  not un-call time), and Sudden Death after the extra turns is not timed again. A rewind to
  before the call takes the game back as any rewind does; the clock does not call time a
  second time (a judge calls it again if the round's time is still up);
* time is called during play: when a table's time runs out while its game is still being
  set up, it is called as soon as the game is under way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .messages import msg

CLOCK_EVENTS = ("ClockStarted", "ClockPaused", "ClockResumed", "TimeExtended")
# The events the clock is folded from: its own, and a time call (which ends its part).
CLOCK_READS = (*CLOCK_EVENTS, "TimeCalled")
# Who appends the time call of a clock that ran out.
CLOCK_ACTOR = {"subject": "referee:clock", "role": "system"}


def seconds_of(recorded_at: str | None) -> float:
    if not recorded_at:
        return 0.0
    return datetime.fromisoformat(recorded_at.replace("Z", "+00:00")).timestamp()


@dataclass
class Clock:
    """A match's clock: ``started`` (POSIX seconds, None: not started), the round's
    ``length`` and the ``extended`` seconds, the seconds spent ``paused`` before the current
    pause, ``paused_since`` (None: running) and whether time was ``called`` (J-TIME-1)."""

    started: float | None = None
    length: float = 0.0
    extended: float = 0.0
    paused: float = 0.0
    paused_since: float | None = None
    extensions: int = 0
    called: bool = False

    def deadline(self) -> float | None:
        """When it runs out (POSIX seconds), for the service to call time then; None when it
        can't run out now: not started, paused, or time called already."""
        if self.started is None or self.paused_since is not None or self.called:
            return None
        return self.started + self.paused + self.length + self.extended

    def time_left(self, now: float) -> float | None:
        if self.started is None:
            return None
        until = self.paused_since if self.paused_since is not None else now
        elapsed = max(0.0, until - self.started - self.paused)
        return max(0.0, self.length + self.extended - elapsed)

    def status(self, now: float) -> str:
        if self.started is None:
            return "not_started"
        if self.paused_since is not None:
            return "paused"
        return "running" if (self.time_left(now) or 0.0) > 0 else "expired"

    def describe(self, now: float) -> dict[str, Any]:
        """The clock as the API shows it."""
        left = self.time_left(now)
        status = self.status(now)
        return {"status": status,
                "length_minutes": round(self.length / 60, 2) if self.started is not None else None,
                "extended_minutes": round(self.extended / 60, 2),
                "extensions": self.extensions,
                "time_left_seconds": None if left is None else round(left, 1),
                "ends_at": (_iso(now + left) if left is not None and status == "running" else None)}

    def to_record(self) -> dict[str, Any]:
        return {"started": self.started, "length": self.length, "extended": self.extended,
                "paused": self.paused, "paused_since": self.paused_since,
                "extensions": self.extensions, "called": self.called}

    @classmethod
    def from_record(cls, record: Mapping[str, Any] | None) -> Clock:
        return cls(**{k: v for k, v in (record or {}).items() if k in cls.__dataclass_fields__})


def _iso(seconds: float) -> str:
    from datetime import UTC

    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def apply_clock_event(clock: Clock, event: Mapping[str, Any]) -> Clock:
    """The clock after one event (any other event leaves it as it is)."""
    kind = event.get("type")
    if kind not in CLOCK_READS:
        return clock
    at = seconds_of(event.get("recorded_at"))
    payload = event.get("payload") or {}
    new = Clock(**clock.to_record())
    if kind == "ClockStarted":
        new.started, new.length = at, float(payload.get("minutes", 0)) * 60
    elif kind == "ClockPaused" and new.paused_since is None:
        new.paused_since = at
    elif kind == "ClockResumed" and new.paused_since is not None:
        new.paused += max(0.0, at - new.paused_since)
        new.paused_since = None
    elif kind == "TimeExtended":
        new.extended += float(payload.get("minutes", 0)) * 60
        new.extensions += 1
    elif kind == "TimeCalled":
        new.called = True
    return new


def fold_clock(events: Iterable[Mapping[str, Any]]) -> Clock:
    clock = Clock()
    for event in events:
        clock = apply_clock_event(clock, event)
    return clock


def clock_refusal(clock: Clock, kind: str) -> str | None:
    """Why a clock event can't be recorded now (None: it can)."""
    if kind == "ClockStarted" and clock.started is not None:
        return msg("The clock of this match has started already.")
    if kind != "ClockStarted" and clock.started is None:
        return msg("The clock of this match has not started.")
    if kind == "ClockPaused" and clock.paused_since is not None:
        return msg("The clock is paused already.")
    if kind == "ClockResumed" and clock.paused_since is None:
        return msg("The clock is running: there is nothing to resume.")
    if kind == "TimeExtended" and clock.called:
        return msg("Time has been called at this table: the extra turns count now, and an "
                   "extension can't un-call time (J-TIME-1).")
    return None
