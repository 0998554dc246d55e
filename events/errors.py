"""Exceptions raised by the event registry and the event store."""

from __future__ import annotations

from typing import Any


class EventStoreError(Exception):
    """Base class for everything the events package raises on purpose."""


class InvalidEvent(EventStoreError, ValueError):
    """An event (or a batch) does not match the registry. Nothing was written.

    ``errors`` is marshmallow-style: field name -> list of messages, nested for
    nested fields. For a batch, ``index`` is the position of the first bad event.
    """

    def __init__(self, errors: dict[str, Any], index: int | None = None,
                 event_type: str | None = None):
        self.errors = errors
        self.index = index
        self.event_type = event_type
        where = "event" if index is None else f"event #{index}"
        if event_type:
            where += f" ({event_type})"
        super().__init__(f"Invalid {where}: {_describe(errors)}")


class ConflictError(EventStoreError):
    """The caller's view of the match is stale: ``expected_seq`` is not the last seq."""

    def __init__(self, expected_seq: int | None, actual_seq: int):
        self.expected_seq = expected_seq
        self.actual_seq = actual_seq
        super().__init__(f"expected seq {expected_seq}, but the match is at seq {actual_seq}")


class IdempotencyMismatch(EventStoreError):
    """An idempotency key was reused for a different request."""

    def __init__(self, idempotency_key: str):
        self.idempotency_key = idempotency_key
        super().__init__(f"idempotency key {idempotency_key!r} was already used "
                         "for a different request")


class AnswerNotKept(EventStoreError):
    """An idempotency key whose first request was stored without its answer: a retry can't
    be answered as the first one was."""

    def __init__(self, idempotency_key: str):
        self.idempotency_key = idempotency_key
        super().__init__(f"Key {idempotency_key!r} was used for a request whose answer was "
                         "not kept.")


class StreamIntegrityError(EventStoreError):
    """The stream does not end where the match's head says: it was written behind the
    store's back. Appending is refused until a judge looks (``verify_chain`` tells where)."""

    head_seq: int | None            # None when a frozen match's record does not say
    stream_last_id: str | None      # None for a frozen match (MatchFrozen)

    def __init__(self, match_id: str, head_seq: int, stream_last_id: str):
        self.match_id = match_id
        self.head_seq = head_seq
        self.stream_last_id = stream_last_id
        super().__init__(f"match {match_id}: head is seq {head_seq} but the stream's "
                         f"last id is {stream_last_id}")


class MatchFrozen(StreamIntegrityError):
    """The match's log failed an integrity check (``first_bad_seq``, ``finding``), so the
    match is frozen: no more appends. ``record`` is the freeze as stored in the meta hash."""

    def __init__(self, match_id: str, record: dict[str, Any]):
        self.match_id = match_id
        self.record = dict(record)
        self.first_bad_seq = record.get("first_bad_seq")
        self.finding = record.get("finding")
        self.head_seq = record.get("last_seq")
        self.stream_last_id = None
        EventStoreError.__init__(self, f"match {match_id} is frozen: its log failed an "
                                       f"integrity check ({self.finding}) at seq "
                                       f"{self.first_bad_seq}")


class MatchExists(EventStoreError):
    def __init__(self, match_id: str):
        self.match_id = match_id
        super().__init__(f"match {match_id} already exists")


class NotReplicated(EventStoreError):
    """The events were appended on the primary, but fewer than ``wanted`` replicas had them
    when WAIT timed out (``REFEREE_REDIS_WAIT_REPLICAS``): they would be lost if the primary
    failed now, so the write is not answered as done. A retry with the same idempotency key
    gets the first answer; without one, re-read the match before sending it again."""

    def __init__(self, match_id: str, seq: int | None, wanted: int, acknowledged: int,
                 timeout_ms: int):
        self.match_id = match_id
        self.seq = seq
        self.wanted = wanted
        self.acknowledged = acknowledged
        self.timeout_ms = timeout_ms
        super().__init__(f"match {match_id}: seq {seq} is stored on the primary but "
                         f"{acknowledged} of {wanted} replica(s) had it after {timeout_ms} ms")


class MatchNotFound(EventStoreError, LookupError):
    """No such match (``detail`` may say more precisely what is missing)."""

    def __init__(self, match_id: str, detail: str | None = None):
        self.match_id = match_id
        super().__init__(detail or f"match {match_id} not found")


def _describe(errors: Any, prefix: str = "") -> str:
    """Flatten nested field errors into 'payload.seat: Must be one of: 0, 1.'"""
    if isinstance(errors, dict):
        parts = [_describe(value, f"{prefix}{key}." if prefix or key != "_schema" else "")
                 for key, value in errors.items()]
        return "; ".join(p for p in parts if p)
    if isinstance(errors, list | tuple):
        messages = " ".join(str(e) if not isinstance(e, dict) else _describe(e, prefix)
                            for e in errors)
        return f"{prefix.rstrip('.')}: {messages}" if prefix else messages
    return f"{prefix.rstrip('.')}: {errors}" if prefix else str(errors)


class DeckListsFrozen(EventStoreError):
    """An event's deck-list log (``events.decklists``) failed an integrity check
    (``first_bad_seq``, ``finding``), so it is frozen: nothing more is registered, and its
    lists are not read for a match or a deck check (they can't be trusted). ``record`` is
    the freeze as stored in the log's meta hash."""

    def __init__(self, event_id: str, record: dict[str, Any]):
        self.event_id = event_id
        self.record = dict(record)
        self.first_bad_seq = record.get("first_bad_seq")
        self.finding = record.get("finding")
        super().__init__(f"the deck lists of event {event_id} are frozen: their log failed "
                         f"an integrity check ({self.finding}) at seq {self.first_bad_seq}")
