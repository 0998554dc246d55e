"""The state after the last event this process wrote or read at the head, per match.

The write path keeps the state it produced (``app.service.write``) and the reads at the head
(``GET /state``, legality) use it when the stored head still has the same seq and hash, so a
table's reads between its actions fold nothing."""

from __future__ import annotations

from typing import Any

from events.lru import BoundedLRU


class HeadStates:
    """The state after the last event this process wrote, per match (a bounded LRU).

    An entry is used only when the stored head still has the same seq *and* hash, so it can
    never be stale: any other writer (another process, a rewind) moves the head. States are
    never mutated in place (the engine clones), so threads may share them."""

    # A hall of ~750 tables whose actions reach either web worker: each process holds them
    # all (a state is some tens of kB).
    def __init__(self, size: int = 1024) -> None:
        self._entries: BoundedLRU[str, tuple[int, str, Any]] = BoundedLRU(size)

    def get(self, match_id: str, seq: int, head_hash: str) -> Any:
        entry = self._entries.get(match_id)
        if entry is None or entry[0] != seq or entry[1] != head_hash:
            return None
        return entry[2]

    def latest(self, match_id: str) -> tuple[int, str, Any] | None:
        """``(seq, hash, state)`` this process last held for the match, whatever the head."""
        return self._entries.get(match_id)

    def put(self, match_id: str, seq: int, head_hash: str, state: Any) -> None:
        self._entries.put(match_id, (seq, head_hash, state))


HEAD_STATES = HeadStates()
