"""Where the service's randomness comes from.

The engine never rolls dice itself: it is handed a source with ``flip()`` (True = heads) and
``shuffle(n)`` (a permutation of ``range(n)``), and what it used is written into the event.
The service's own source is the operating system's CSPRNG (``secrets``); tests may configure
another (``REFEREE_RANDOMNESS``: a zero-argument callable returning a source).
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import current_app

from projections.tcg.randomness import FixedCoins

CONFIG_KEY = "REFEREE_RANDOMNESS"


class SystemRandomness:
    """Coin flips and shuffles from ``secrets`` (Fisher–Yates with ``randbelow``)."""

    def flip(self) -> bool:
        return secrets.randbits(1) == 1

    def shuffle(self, n: int) -> list[int]:
        perm = list(range(n))
        for i in range(n - 1, 0, -1):
            j = secrets.randbelow(i + 1)
            perm[i], perm[j] = perm[j], perm[i]
        return perm


def service_randomness() -> Any:
    """The source for a draw by the service: the app's configured one, else the CSPRNG."""
    factory = current_app.config.get(CONFIG_KEY) if current_app else None
    return factory() if factory else SystemRandomness()


def reported_coins(coins: list[str]) -> FixedCoins:
    """Coins given by a client (a reported match, or a judge forcing a scenario). Shuffles the
    action needs still come from the service: a client can report a flip, not a shuffle."""
    return FixedCoins(list(coins), shuffles_from=service_randomness())
