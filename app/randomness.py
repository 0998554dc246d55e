"""Where the service's randomness comes from.

The engine never rolls dice itself: it is handed a source with ``flip()`` (True = heads) and
``shuffle(n)`` (a permutation of ``range(n)``), and what it used is written into the event.
The service's own source is the operating system's CSPRNG (``secrets``); tests may configure
another (``REFEREE_RANDOMNESS``: a zero-argument callable returning a source). Coins a client
reports, and the replay of recorded ones, are the game's (``game.reported_coins``,
``game.replay_randomness``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from projections.games import Randomness

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


def randomness_factory(config: Mapping[str, Any]) -> Callable[[], Randomness]:
    """The source for the service's draws: the configured factory, else the CSPRNG."""
    return config.get(CONFIG_KEY) or SystemRandomness
