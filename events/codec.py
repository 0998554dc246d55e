"""How an event is hashed and how it is laid out in a Redis stream entry.

Stored event shape (what ``EventStore.read`` returns):
``{"seq", "type", "version", "recorded_at", "actor", "payload", "prev_hash", "hash"}``
plus ``"state_hash"`` when the writer gave one.

``hash`` is HMAC-SHA256, under a key derived from the chain key (``ChainKey``, kept
outside Redis), over the canonical JSON of every other field, so any changed, added or
removed field changes it and nobody without the key can compute it; ``prev_hash`` links
each event to the one before (the first event links to ``GENESIS_HASH``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

GENESIS_HASH = "0" * 64
MIN_CHAIN_KEY_LENGTH = 32

# One subkey per purpose (domain separation): a signature made for one use never verifies
# as another, e.g. a receipt's signature is never an event hash or an anchor's MAC.
_EVENT_LABEL = b"referee/v1/event-chain"
_RECEIPT_LABEL = b"referee/v1/receipt"
_ANCHOR_LABEL = b"referee/v1/anchor"

# Fields stored as JSON text in the stream entry; the rest are plain strings or ints.
_JSON_FIELDS = ("actor", "payload")
_INT_FIELDS = ("seq", "version")


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ChainKey:
    """The secret the hash chain, receipts and anchors are keyed with
    (``REFEREE_CHAIN_KEY``). It never goes to Redis, logs or answers; ``repr`` hides it."""

    __slots__ = ("_anchor", "_event", "_receipt")

    def __init__(self, secret: str | bytes):
        raw = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
        if len(raw.strip()) < MIN_CHAIN_KEY_LENGTH:
            raise ValueError(f"a chain key needs at least {MIN_CHAIN_KEY_LENGTH} characters")
        self._event = _derive(raw, _EVENT_LABEL)
        self._receipt = _derive(raw, _RECEIPT_LABEL)
        self._anchor = _derive(raw, _ANCHOR_LABEL)

    @classmethod
    def generate(cls) -> ChainKey:
        return cls(new_chain_secret())

    def __repr__(self) -> str:
        return "ChainKey(<hidden>)"

    def event_hash(self, event: Mapping[str, Any]) -> str:
        body = canonical_json({k: v for k, v in event.items() if k != "hash"})
        return _mac(self._event, body)

    def receipt_signature(self, match_id: str, seq: int, hash_: str) -> str:
        return _mac(self._receipt, canonical_json({"match_id": match_id, "seq": seq,
                                                   "hash": hash_}))

    def receipt_ok(self, match_id: str, seq: int, hash_: str, signature: str) -> bool:
        return hmac.compare_digest(self.receipt_signature(match_id, seq, hash_),
                                   str(signature))

    def anchor_mac(self, fields: Mapping[str, Any]) -> str:
        return _mac(self._anchor, canonical_json({k: v for k, v in fields.items()
                                                  if k != "mac"}))


def new_chain_secret() -> str:
    return secrets.token_urlsafe(48)


def _derive(secret: bytes, label: bytes) -> bytes:
    return hmac.new(secret, label, hashlib.sha256).digest()


def _mac(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def event_hash(event: Mapping[str, Any], key: ChainKey) -> str:
    """The keyed hash an event must carry as ``hash``."""
    return key.event_hash(event)


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



def as_text(value: Any) -> Any:
    """``value`` decoded as UTF-8 when Redis answered bytes (a client that does not decode
    replies); anything else as it is. The one bytes-to-text helper of the project."""
    return value.decode("utf-8") if isinstance(value, bytes) else value


def decode_event(fields: Mapping[str | bytes, str | bytes]) -> dict[str, Any]:
    """Turn a stream entry back into the event dict. Unknown fields are kept as text so
    that a forged extra field still counts in the hash. Raises ValueError on garbage."""
    event: dict[str, Any] = {}
    for raw_name, raw_value in fields.items():
        name, value = as_text(raw_name), as_text(raw_value)
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
    ms, _, counter = as_text(entry_id).partition("-")
    if counter != "0" or not ms.isdigit():
        return None
    return int(ms)
