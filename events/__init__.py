"""Event types, the Redis Streams event store and the embedded Redis."""

from events.errors import (
    ConflictError,
    EventStoreError,
    IdempotencyMismatch,
    InvalidEvent,
    MatchExists,
    MatchNotFound,
    StreamIntegrityError,
)
from events.store import AppendResult, EventStore

__all__ = [
    "AppendResult",
    "ConflictError",
    "EventStore",
    "EventStoreError",
    "IdempotencyMismatch",
    "InvalidEvent",
    "MatchExists",
    "MatchNotFound",
    "StreamIntegrityError",
]
