"""How an event is hashed and how it is laid out in a Redis stream entry.

Stored event shape (what ``EventStore.read`` returns):
``{"seq", "type", "version", "recorded_at", "actor", "payload", "prev_hash", "hash"}``
plus ``"state_hash"`` when the writer gave one.

The stream entry leaves out what it can't help saying: ``seq`` is the entry's id and
``prev_hash`` the ``hash`` of the entry before (``GENESIS_HASH`` for the first), so both are
put back when the entry is read (``decode_event``), and both are still hashed: an entry
moved to another id, or chained after another event, no longer verifies. Entries written
before (with both fields) read the same; their stored values are the ones checked.

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
from collections.abc import Iterable, Iterator, Mapping
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
_DERIVED_FIELDS = ("seq", "prev_hash")  # not stored: the entry's id, the entry before's hash


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
    """Flatten an event into the field/value list of an XADD (without ``seq`` and
    ``prev_hash``: see the module docstring)."""
    flat: list[str] = []
    for name, value in event.items():
        if name in _DERIVED_FIELDS:
            continue
        flat.append(name)
        flat.append(canonical_json(value) if name in _JSON_FIELDS else str(value))
    return flat



def as_text(value: Any) -> Any:
    """``value`` decoded as UTF-8 when Redis answered bytes (a client that does not decode
    replies); anything else as it is. The one bytes-to-text helper of the project."""
    return value.decode("utf-8") if isinstance(value, bytes) else value


def decode_event(fields: Mapping[str | bytes, str | bytes], *, seq: int | None = None,
                 prev_hash: str | None = None) -> dict[str, Any]:
    """Turn a stream entry back into the event dict, with ``seq`` (its id's) and
    ``prev_hash`` (the entry before's hash) unless the entry stores them. Unknown fields are
    kept as text so that a forged extra field still counts in the hash. Raises ValueError on
    garbage."""
    event: dict[str, Any] = {}
    if seq is not None:
        event["seq"] = seq
    if prev_hash is not None:
        event["prev_hash"] = prev_hash
    for raw_name, raw_value in fields.items():
        name, value = as_text(raw_name), as_text(raw_value)
        if name in _JSON_FIELDS:
            event[name] = json.loads(value)
        elif name in _INT_FIELDS:
            event[name] = int(value)
        else:
            event[name] = value
    return event


def decode_entries(entries: Iterable[tuple[Any, Mapping[Any, Any]]], prev_hash: str | None
                   ) -> Iterator[dict[str, Any]]:
    """Decode consecutive stream entries; ``prev_hash``: the hash of the entry before the
    first (``GENESIS_HASH`` before seq 1; None when unknown: left out)."""
    for raw_id, fields in entries:
        event = decode_event(fields, seq=seq_from_stream_id(raw_id), prev_hash=prev_hash)
        prev_hash = event.get("hash")
        yield event


def stream_id(seq: int) -> str:
    return f"{seq}-0"


def seq_from_stream_id(entry_id: str | bytes) -> int | None:
    """``"12-0"`` -> 12; anything the store would not have written -> None."""
    ms, _, counter = as_text(entry_id).partition("-")
    if counter != "0" or not ms.isdigit():
        return None
    return int(ms)
