"""Randomness comes into the engine as an argument, and what was used goes into the event.

A source answers `flip()` (True = heads) and `shuffle(n)` (a permutation of range(n)).
`Recorder` wraps any source and keeps what it gave, so `decide` can write it into the event
and `apply` can replay it with `Replay`, never re-rolling.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol


class Randomness(Protocol):
    """What the engine asks of a source of randomness."""

    def flip(self) -> bool: ...

    def shuffle(self, n: int) -> list[int]: ...


class RandomnessExhausted(Exception):
    """More coins were needed than the client reported."""


class SeededRandomness:
    """Deterministic randomness for tests, benchmarks and simulations."""

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def flip(self) -> bool:
        return self._rng.random() < 0.5

    def shuffle(self, n: int) -> list[int]:
        perm = list(range(n))
        self._rng.shuffle(perm)
        return perm


class FixedCoins:
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


class Replay:
    """Plays back the randomness recorded in an event."""

    def __init__(self, record: dict[str, Any] | None):
        record = record or {}
        self._coins: list[str] = list(record.get("coins", []))
        self._shuffles: list[list[int]] = [list(p) for p in record.get("shuffles", [])]

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


class Recorder:
    def __init__(self, source: Randomness):
        self.source = source
        self.coins: list[str] = []
        self.shuffles: list[list[int]] = []

    def flip(self) -> bool:
        heads = self.source.flip()
        self.coins.append("heads" if heads else "tails")
        return heads

    def shuffle(self, n: int) -> list[int]:
        perm = list(self.source.shuffle(n))
        self.shuffles.append(perm)
        return perm

    def record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {}
        if self.coins:
            rec["coins"] = list(self.coins)
        if self.shuffles:
            rec["shuffles"] = [list(p) for p in self.shuffles]
        return rec
