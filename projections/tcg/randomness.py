"""Randomness comes into the engine as an argument, and what was used goes into the event.

A source answers `flip()` (True = heads) and `shuffle(n)` (a permutation of range(n)).
`Recorder` wraps any source and keeps what it gave, so `decide` can write it into the event
and `apply` can replay it with `Replay`, never re-rolling.

In table mode (table.py) the table's reports come the same way: `TableReports` holds an
action's coins and the cards the table saw (`report(kind, seat)`, `report_all(kind, seat)`),
and every identity the engine learned from them (`learned(instance, card_id)`) goes into the
event as `rng["identified"]`; replay sets those before it re-runs the action, so it needs no
report again. Every source answers the three table calls (with nothing, outside table mode).
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol


class Randomness(Protocol):
    """What the engine asks of a source of randomness (and, in table mode, of the table)."""

    def flip(self) -> bool: ...

    def shuffle(self, n: int) -> list[int]: ...

    def report(self, kind: str, seat: int) -> str | None: ...

    def report_all(self, kind: str, seat: int) -> list[str] | None: ...

    def learned(self, instance: str, card_id: str) -> None: ...


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
    """Plays back the randomness recorded in an event (`identified`: what the table reported
    of the cards, set by `engine.apply` before the action runs again)."""

    def __init__(self, record: dict[str, Any] | None):
        record = record or {}
        self._coins: list[str] = list(record.get("coins", []))
        self._shuffles: list[list[int]] = [list(p) for p in record.get("shuffles", [])]
        self.identified: dict[str, str] = dict(record.get("identified") or {})

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


class TableReports(FixedCoins):
    """An action's reports in table mode: the coins flipped at the table, and per kind
    (`REPORT_KINDS`) and seat the cards it saw, in order. A shuffle is the table's: no
    permutation is drawn (the engine forgets the deck's known positions instead). What the
    engine did not use is left over (`leftover`: a report that fits nothing is refused)."""

    def __init__(self, coins: Iterable[str | bool], reports: dict[str, dict[int, list[str]]] | None = None):
        super().__init__(coins)
        self._reports = {kind: {seat: list(ids) for seat, ids in by_seat.items()}
                         for kind, by_seat in (reports or {}).items()}

    def report(self, kind: str, seat: int) -> str | None:
        queue = self._reports.get(kind, {}).get(seat)
        return queue.pop(0) if queue else None

    def report_all(self, kind: str, seat: int) -> list[str] | None:
        queue = self._reports.get(kind, {}).pop(seat, None)
        return list(queue) if queue is not None else None

    def leftover(self) -> list[str]:
        return [f"{kind} for seat {seat}: {', '.join(ids)}"
                for kind, by_seat in self._reports.items() for seat, ids in by_seat.items() if ids]


class Recorder:
    def __init__(self, source: Randomness):
        self.source = source
        self.coins: list[str] = []
        self.shuffles: list[list[int]] = []
        self.identified: dict[str, str] = {}

    def flip(self) -> bool:
        heads = self.source.flip()
        self.coins.append("heads" if heads else "tails")
        return heads

    def shuffle(self, n: int) -> list[int]:
        perm = list(self.source.shuffle(n))
        self.shuffles.append(perm)
        return perm

    def report(self, kind: str, seat: int) -> str | None:
        return getattr(self.source, "report", NoReports().report)(kind, seat)

    def report_all(self, kind: str, seat: int) -> list[str] | None:
        return getattr(self.source, "report_all", NoReports().report_all)(kind, seat)

    def learned(self, instance: str, card_id: str) -> None:
        self.identified[instance] = card_id

    def record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {}
        if self.coins:
            rec["coins"] = list(self.coins)
        if self.shuffles:
            rec["shuffles"] = [list(p) for p in self.shuffles]
        if self.identified:
            rec["identified"] = dict(self.identified)
        return rec
