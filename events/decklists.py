"""The deck lists registered for a tournament event, one append-only stream per event.

Each registration is an entry of ``ref:{ev:<event_id>}:decklists`` (XADD only: the store's
Redis user can neither rewrite nor delete one); a player's list is the last one registered
under their Play! Pokémon ID, and every earlier one stays readable (``history``). The entry
holds what was registered: the person, the game and ruleset, the 60 card ids, who registered
it and when (the store's clock).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from events.codec import as_text
from events.redis_client import StoreRedis

EVENT_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
_EVENT_ID = re.compile(EVENT_ID_PATTERN)


def validate_event_id(event_id: str) -> str:
    if not isinstance(event_id, str) or not _EVENT_ID.fullmatch(event_id):
        raise ValueError(f"invalid event id {event_id!r}: 1-64 of A-Z a-z 0-9 . _ -, "
                         "starting with a letter or digit")
    return event_id


def decklists_key(event_id: str) -> str:
    return f"ref:{{ev:{validate_event_id(event_id)}}}:decklists"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


class DeckListRegistry:
    def __init__(self, client: StoreRedis, clock: Callable[[], str] = _now) -> None:
        self._redis = client
        self._clock = clock

    def register(self, event_id: str, record: dict[str, Any]) -> dict[str, Any]:
        stored = {**record, "event_id": event_id, "registered_at": self._clock()}
        entry_id = self._redis.xadd(decklists_key(event_id), {"record": json.dumps(stored)})
        return {**stored, "registration": as_text(entry_id)}

    def history(self, event_id: str) -> list[dict[str, Any]]:
        out = []
        entries: Any = self._redis.xrange(decklists_key(event_id))
        for entry_id, fields in entries or []:
            record = json.loads(as_text(fields.get("record") or fields.get(b"record")))
            record["registration"] = as_text(entry_id)
            out.append(record)
        return out

    def latest(self, event_id: str) -> dict[str, dict[str, Any]]:
        """Player ID -> the list registered last."""
        return {record["player_id"]: record for record in self.history(event_id)}
