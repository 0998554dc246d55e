"""Randomness comes into the engine as an argument, and what was used goes into the event.

A source answers `flip()` (True = heads) and `shuffle(n)` (a permutation of range(n)).
`Recorder` wraps any source and keeps what it gave, so `decide` can write it into the event
and `apply` can replay it with `Replay`, never re-rolling.

In table mode (table.py) the table's reports come the same way: `TableReports` holds an
action's coins and the cards the table saw (`report(kind, seat)`, `report_all(kind, seat)`).
The answers the engine used go into the event in the order it asked for them
(`rng["reports"]`: kind -> seat -> answers) and `Replay` gives them back at the same points,
as it gives back coins: a card drawn after a shuffle in the same action is named after the
shuffle again. The cards an action named by card id (table_actions) go in as
`rng["identified"]` (instance -> card id), set before the action runs again. Every source
answers the three table calls (with nothing, outside table mode).
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol

from ..messages import joined, msg


class Randomness(Protocol):
    """A source of randomness: what `decide` and `create_match` are given."""

    def flip(self) -> bool: ...

    def shuffle(self, n: int) -> list[int]: ...


class Source(Randomness, Protocol):
    """What an action running inside the engine asks (a `Recorder` around the source given,
    or a `Replay`): randomness, and in table mode the table's reports."""

    def report(self, kind: str, seat: int) -> str | None: ...

    def report_all(self, kind: str, seat: int) -> list[str] | None: ...

    def learned(self, instance: str, card_id: str) -> None: ...

    def reported_by(self, seat: int) -> None: ...

    def set_aside(self, instance: str, held: str) -> None: ...


class RandomnessExhausted(Exception):
    """More coins were needed than the client reported."""


REPORT_KINDS = ("drawn", "prizes", "revealed", "hand")


class NoReports:
    """What a source answers when asked for the table's reports outside table mode."""

    def report(self, kind: str, seat: int) -> str | None:
        return None

    def report_all(self, kind: str, seat: int) -> list[str] | None:
        return None

    def learned(self, instance: str, card_id: str) -> None:
        return None

    def reported_by(self, seat: int) -> None:
        return None

    def set_aside(self, instance: str, held: str) -> None:
        return None


class SeededRandomness(NoReports):
    """Deterministic randomness for tests, benchmarks and simulations."""

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def flip(self) -> bool:
        return self._rng.random() < 0.5

    def shuffle(self, n: int) -> list[int]:
        perm = list(range(n))
        self._rng.shuffle(perm)
        return perm


class FixedCoins(NoReports):
    """Coins given in advance (reported randomness, or a judge forcing a ruling scenario).

    Shuffles come from `shuffles_from` when given (a judge's coins don't fix the deck);
    without one, a shuffle keeps the order.
    """

    def __init__(self, coins: Iterable[str | bool], shuffles_from: Randomness | None = None):
        self._coins = [c if isinstance(c, bool) else c == "heads" for c in coins]
        self._used = 0
        self._shuffles_from = shuffles_from

    def flip(self) -> bool:
        if self._used >= len(self._coins):
            raise RandomnessExhausted(len(self._coins))
        self._used += 1
        return self._coins[self._used - 1]

    def shuffle(self, n: int) -> list[int]:
        if self._shuffles_from is not None:
            return self._shuffles_from.shuffle(n)
        return list(range(n))

    @property
    def unused(self) -> int:
        return len(self._coins) - self._used


class Replay(NoReports):
    """Plays back the randomness recorded in an event, and in table mode the reports the
    action used (`identified`: the cards it named by card id, set before it runs again) and
    the player who reported it (`reporter`: the action runs again on what that player knew)."""

    def __init__(self, record: dict[str, Any] | None):
        record = record or {}
        reporter = record.get("reported_by")
        self.reporter: int | None = reporter if isinstance(reporter, int) else None
        self._coins: list[str] = list(record.get("coins", []))
        self._shuffles: list[list[int]] = [list(p) for p in record.get("shuffles", [])]
        self.identified: dict[str, str] = dict(record.get("identified") or {})
        self._reports: dict[tuple[str, int], list[Any]] = {
            (kind, int(seat)): list(answers)
            for kind, by_seat in (record.get("reports") or {}).items() for seat, answers in by_seat.items()}

    def report(self, kind: str, seat: int) -> str | None:
        answers = self._reports.get((kind, seat))
        return answers.pop(0) if answers and isinstance(answers[0], str) else None

    def report_all(self, kind: str, seat: int) -> list[str] | None:
        answers = self._reports.get((kind, seat))
        return list(answers.pop(0)) if answers and isinstance(answers[0], list) else None

    def flip(self) -> bool:
        if not self._coins:
            raise RandomnessExhausted(0)
        return self._coins.pop(0) == "heads"

    def shuffle(self, n: int) -> list[int]:
        if not self._shuffles:
            raise RandomnessExhausted(0)
        perm = self._shuffles.pop(0)
        if sorted(perm) != list(range(n)):
            raise ValueError("recorded shuffle does not fit the deck")
        return perm


ANY_SEAT = -1   # a report for whichever one seat the action asks it of (a flat `prizes_taken`)


class TableReports(FixedCoins):
    """An action's reports in table mode: the coins flipped at the table, and per kind
    (`REPORT_KINDS`) and seat the cards it saw, in order. A shuffle is the table's: no
    permutation is drawn (the engine forgets the deck's known positions instead). What the
    engine did not use is left over (`leftover`: a report that fits nothing is refused).

    Reports under `ANY_SEAT` go to the first seat that asks for that kind; a second seat
    asking for them makes the report ambiguous (`ambiguous`, refused by the engine).
    `flips_from`: a source the flips come from instead of `coins` (tests, simulations)."""

    def __init__(self, coins: Iterable[str | bool] = (),
                 reports: dict[str, dict[int, list[str]]] | None = None,
                 flips_from: Randomness | None = None):
        super().__init__(coins)
        self._flips_from = flips_from
        self._reports: dict[str, dict[int, list[str]]] = {}
        self._claimed: dict[str, int] = {}
        self._for_any_seat: set[str] = set()
        self.ambiguous: list[str] = []
        self.seats_answered: set[int] = set()
        self._seats_given: set[int] = set()
        self.add(reports or {})

    def add(self, reports: dict[str, dict[int, list[str]]]) -> None:
        for kind, by_seat in reports.items():
            for seat, ids in by_seat.items():
                self._reports.setdefault(kind, {}).setdefault(seat, []).extend(ids)
                if seat == ANY_SEAT and ids:
                    self._for_any_seat.add(kind)
                elif ids:
                    self._seats_given.add(seat)

    def flip(self) -> bool:
        return self._flips_from.flip() if self._flips_from is not None else super().flip()

    @property
    def unused(self) -> int:
        return getattr(self._flips_from, "unused", 0) if self._flips_from is not None else super().unused

    def _queue(self, kind: str, seat: int) -> list[str] | None:
        by_seat = self._reports.get(kind, {})
        if seat in by_seat:
            return by_seat[seat]
        if ANY_SEAT in by_seat:
            if self._claimed.setdefault(kind, seat) != seat and kind in self._for_any_seat:
                self.ambiguous.append(kind)
            if by_seat[ANY_SEAT]:
                self.seats_answered.add(seat)
            return by_seat[ANY_SEAT]
        return None

    def seats_reported(self) -> set[int]:
        """The seats whose cards this action's reports name: the seats given explicitly, and
        each seat that took cards from a list given for either seat."""
        return self._seats_given | self.seats_answered

    def report(self, kind: str, seat: int) -> str | None:
        queue = self._queue(kind, seat)
        return queue.pop(0) if queue else None

    def report_all(self, kind: str, seat: int) -> list[str] | None:
        queue = self._queue(kind, seat)
        if queue is None:
            return None
        out = list(queue)
        queue.clear()
        return out

    def leftover(self) -> list[str]:
        def left(kind: str, seat: int, ids: list[str]) -> str:
            if seat == ANY_SEAT:
                return msg("%(kind)s for either seat: %(cards)s", kind=kind, cards=joined(ids))
            return msg("%(kind)s for seat %(seat)s: %(cards)s", kind=kind, seat=seat, cards=joined(ids))
        return [left(kind, seat, ids)
                for kind, by_seat in self._reports.items() for seat, ids in by_seat.items() if ids]


class Recorder:
    def __init__(self, source: Randomness):
        self.source = source
        self.coins: list[str] = []
        self.shuffles: list[list[int]] = []
        self.identified: dict[str, str] = {}
        self.reports: dict[str, dict[str, list[Any]]] = {}
        self.reporter: int | None = None
        self.judges_record_set_aside: dict[str, str] = {}

    def flip(self) -> bool:
        heads = self.source.flip()
        self.coins.append("heads" if heads else "tails")
        return heads

    def shuffle(self, n: int) -> list[int]:
        perm = list(self.source.shuffle(n))
        self.shuffles.append(perm)
        return perm

    def report(self, kind: str, seat: int) -> str | None:
        answer = getattr(self.source, "report", NoReports().report)(kind, seat)
        if answer is not None:
            self.reports.setdefault(kind, {}).setdefault(str(seat), []).append(answer)
        return answer

    def report_all(self, kind: str, seat: int) -> list[str] | None:
        answer = getattr(self.source, "report_all", NoReports().report_all)(kind, seat)
        if answer is not None:
            self.reports.setdefault(kind, {}).setdefault(str(seat), []).append(list(answer))
        return answer

    def learned(self, instance: str, card_id: str) -> None:
        self.identified[instance] = card_id

    def reported_by(self, seat: int) -> None:
        self.reporter = seat

    def set_aside(self, instance: str, held: str) -> None:
        self.judges_record_set_aside[instance] = held

    def record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {}
        if self.coins:
            rec["coins"] = list(self.coins)
        if self.shuffles:
            rec["shuffles"] = [list(p) for p in self.shuffles]
        if self.identified:
            rec["identified"] = dict(self.identified)
        if self.reports:
            rec["reports"] = {kind: {seat: list(answers) for seat, answers in by_seat.items()}
                              for kind, by_seat in self.reports.items()}
        if self.reporter is not None:
            rec["reported_by"] = self.reporter
        if self.judges_record_set_aside:
            rec["set_aside"] = dict(self.judges_record_set_aside)
        return rec
