"""How an event is hashed and how it is laid out in a Redis stream entry.

Stored event shape (what ``EventStore.read`` returns):
``{"seq", "type", "version", "recorded_at", "actor", "payload", "prev_hash", "hash"}``
plus ``"state_hash"`` when the writer gave one.

``hash`` is SHA-256 over the canonical JSON of every other field, so any changed,
added or removed field changes it; ``prev_hash`` links each event to the one
before (the first event links to ``GENESIS_HASH``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

GENESIS_HASH = "0" * 64

# Fields stored as JSON text in the stream entry; the rest are plain strings or ints.
_JSON_FIELDS = ("actor", "payload")
_INT_FIELDS = ("seq", "version")


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def event_hash(event: Mapping[str, Any]) -> str:
    return sha256_hex(canonical_json({k: v for k, v in event.items() if k != "hash"}))


def to_json_value(value: Any) -> Any:
    """The value as it will read back from JSON (tuples become lists, and so on)."""
    return json.loads(canonical_json(value))


def encode_event(event: Mapping[str, Any]) -> list[str]:
    """Flatten an event into the field/value list of an XADD."""
    flat: list[str] = []
    for name, value in event.items():
        flat.append(name)
        flat.append(canonical_json(value) if name in _JSON_FIELDS else str(value))
    return flat


def _text(value: str | bytes) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def decode_event(fields: Mapping[str | bytes, str | bytes]) -> dict[str, Any]:
    """Turn a stream entry back into the event dict. Unknown fields are kept as text so
    that a forged extra field still counts in the hash. Raises ValueError on garbage."""
    event: dict[str, Any] = {}
    for raw_name, raw_value in fields.items():
        name, value = _text(raw_name), _text(raw_value)
        if name in _JSON_FIELDS:
            event[name] = json.loads(value)
        elif name in _INT_FIELDS:
            event[name] = int(value)
        else:
            event[name] = value
    return event


def stream_id(seq: int) -> str:
    return f"{seq}-0"


def seq_from_stream_id(entry_id: str | bytes) -> int | None:
    """``"12-0"`` -> 12; anything the store would not have written -> None."""
    ms, _, counter = _text(entry_id).partition("-")
    if counter != "0" or not ms.isdigit():
        return None
    return int(ms)
