"""The deck lists registered for a tournament event: one chained log per event.

Each registration is a ``DeckListRegistered`` event of ``ref:{ev:<event_id>}:decklog``,
appended by the match logs' own append script (``events.append_script``, through
``EventStore.submit_batch``) with the log's head in ``ref:{ev:<event_id>}:decklog:meta``: a
seq, the hash of the event before (``prev_hash``) and a hash keyed with the chain key, as a
match's events. So the store's chain check walks it (``EventStore.check_log``), its head is
anchored outside Redis (``events.decklist_integrity``), and an entry edited behind the
store's back is found by the next registration, read, verification or audit: the log is
frozen (the append script refuses it) and its lists are no longer handed out
(``DeckListsFrozen``, a 423). The payload names its event, so a verified log copied under
another event's keys is not that event's. A player's list is the last one registered under
their Play! Pokémon ID; every earlier one stays readable (``history``).

The same log holds the event's setup when the event is set up through the referee (issue 44:
``EventCreated``, ``PlayerRegistered``, ``TablePaired``, ``RoundStarted``; ``SETUP_TYPES``,
folded by ``projections.tournament.event``): one chain per event, so the event's edits are
evidence as its lists are, and verified, anchored and frozen by the same code. ``history``
reads the registrations alone; ``events`` reads every event. An append given ``summarise``
keeps the event's summary for the events list with it (``events.event_summaries``).

Lists registered before the chained log (``LEGACY_FORMAT``: a plain JSON ``record`` per
entry of ``ref:{ev:<event_id>}:decklists``, ids by time) still read. The first registration
after that migrates them: its batch first carries each old entry, as it reads then, as a
``DeckListRegistered`` that keeps its ``registered_at`` and its old id
(``legacy_registration``); the whole batch lands at once or not at all, and from then on
only the chained log is read. An event nobody registers for again keeps its old entries:
they read as before, unprotected, and ``verify``/``audit`` report them as unchained.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from redis import Redis

from events import event_summaries
from events.codec import (
    GENESIS_HASH,
    as_text,
    canonical_json,
    decode_entries,
    sha256_hex,
    stream_id,
)
from events.errors import DeckListsFrozen
from events.integrity import BY_READ
from events.redis_client import on_slot
from events.store import (  # the match logs' own freeze script and record
    _FREEZE_LUA,
    FINDINGS,
    SYSTEM_ACTOR,
    EventStore,
    LogRead,
    PreparedBatch,
    _freeze_record,
)

EVENT_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
_EVENT_ID = re.compile(EVENT_ID_PATTERN)

EVENT_TYPE = "DeckListRegistered"
EVENT_VERSION = 1
# The event's own setup, in the same log (issue 44 item 1; ``app.service.tournament``): what
# the organiser set up is chained, anchored and verified as its deck lists are.
SETUP_TYPES = ("EventCreated", "PlayerRegistered", "TablePaired", "RoundStarted")
LOG_TYPES = frozenset((EVENT_TYPE, *SETUP_TYPES))
LOG_FORMAT = 2      # the chained log; 1 (``LEGACY_FORMAT``): plain entries, no chain
LEGACY_FORMAT = 1
DECKLIST_INDEX = "ref:decklists"   # sorted set: event ids with a chained log, by first use
EVENT_INDEX = "ref:events"         # sorted set: events set up through the referee, by creation
_RACE_SECONDS = 5.0
_HEAD_FIELDS = ("head_seq", "head_hash", "frozen")

# (event id, the whole log) -> what the events list shows of the event (None: nothing)
Summarise = Callable[[str, list[dict[str, Any]]], "dict[str, Any] | None"]

# Who found a bad deck-list log (the freeze record's ``detected_by``), beside
# ``events.integrity``'s detectors of a match's (``BY_READ``: a read of the lists).
BY_REGISTER = "register"


def validate_event_id(event_id: str) -> str:
    if not isinstance(event_id, str) or not _EVENT_ID.fullmatch(event_id):
        raise ValueError(f"invalid event id {event_id!r}: 1-64 of A-Z a-z 0-9 . _ -, "
                         "starting with a letter or digit")
    return event_id


@dataclass(frozen=True)
class DeckListKeys:
    """An event's deck-list keys, all on the slot of the hash tag ``{ev:<event_id>}``."""

    event_id: str

    @property
    def tag(self) -> str:
        return f"ref:{{ev:{self.event_id}}}"

    @property
    def log(self) -> str:
        return f"{self.tag}:decklog"

    @property
    def meta(self) -> str:
        return f"{self.tag}:decklog:meta"

    @property
    def idempotency(self) -> str:
        return f"{self.tag}:decklog:idem"

    @property
    def legacy(self) -> str:
        """The plain stream of lists registered before the chained log."""
        return f"{self.tag}:decklists"

    @property
    def source_files(self) -> str:
        """Hash: SHA-256 -> an imported tournament file as it came (the hash is in the event's
        ``EventCreated``: an edited copy is told by it). HSET, as the store's Redis user may."""
        return f"{self.tag}:files"

    @property
    def claims(self) -> str:
        """Hash: what is under way for the event (a round's start) -> when it was claimed, in
        ms (``claim``): HSET/HDEL, as the store's Redis user may (no SET NX, no expiry)."""
        return f"{self.tag}:claims"

    @property
    def name(self) -> str:
        """What the chain check and the anchors call the log: never a match id (':')."""
        return log_name(self.event_id)

    @property
    def append_keys(self) -> list[str]:
        return [self.log, self.meta, self.idempotency]


def deck_list_keys(event_id: str) -> DeckListKeys:
    return DeckListKeys(validate_event_id(event_id))


def log_heads(store: EventStore, event_ids: Sequence[str]) -> list[tuple[int, bool]]:
    """Each event's log head: (its seq, whether the log is frozen), in one round trip."""
    if not event_ids:
        return []
    pipe = store.redis.pipeline(transaction=False)
    for event_id in event_ids:
        pipe.hmget(deck_list_keys(event_id).meta, "head_seq", "frozen")
    return [(int(seq) if seq is not None else 0, frozen is not None) for seq, frozen in pipe.execute()]


def log_name(event_id: str) -> str:
    return f"decklists:{event_id}"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class DeckLog:
    """An event's deck-list log as read in one MULTI: the chained log's head, entries and
    freeze record, and the entries of the old, plain stream."""

    event_id: str
    head_seq: int
    head_hash: str
    entries: list[tuple[Any, Mapping[Any, Any]]]
    frozen: dict[str, Any] | None
    legacy: list[tuple[Any, Mapping[Any, Any]]]

    @property
    def chained(self) -> bool:
        """Has the chained log begun (or does its meta hash say it has)?"""
        return self.head_seq > 0 or bool(self.entries)

    @property
    def unchained(self) -> int:
        """Old entries that are read, unprotected: none once the chained log has begun."""
        return 0 if self.chained else len(self.legacy)

    def as_log_read(self) -> LogRead:
        return LogRead(self.head_seq, self.head_hash, list(self.entries), self.frozen)


def read_deck_log(store: EventStore, event_id: str) -> DeckLog:
    keys = deck_list_keys(event_id)

    def read(node: Redis) -> list[Any]:
        pipe = node.pipeline(transaction=True)
        pipe.hmget(keys.meta, *_HEAD_FIELDS)
        pipe.xrange(keys.log, "-", "+")
        pipe.xrange(keys.legacy, "-", "+")
        return pipe.execute()

    (raw_seq, raw_hash, raw_frozen), entries, legacy = on_slot(store.redis, keys.meta, read)
    return DeckLog(event_id, int(raw_seq) if raw_seq is not None else 0,
                   as_text(raw_hash) if raw_hash is not None else GENESIS_HASH,
                   list(entries), _freeze_record(raw_frozen) if raw_frozen is not None else None,
                   list(legacy))


def check_deck_log(store: EventStore, log: DeckLog,
                   expected: Sequence[tuple[int, str]] = ()) -> dict[str, Any]:
    """The store's chain check of the log (keyed hashes, links, seqs 1..head, and every
    ``expected`` anchor held), and every event one of this event (``LOG_TYPES``)."""
    report = store.check_log(log_name(log.event_id), expected, log.as_log_read())
    if report["chain_ok"]:
        for event in decode_entries(log.entries, GENESIS_HASH):
            if event.get("type") not in LOG_TYPES or _payload_event(event) != log.event_id:
                report.update(chain_ok=False, first_bad_seq=event["seq"], finding="altered")
                break
    return report


def _payload_event(event: Mapping[str, Any]) -> Any:
    payload = event.get("payload")
    return payload.get("event_id") if isinstance(payload, dict) else None


def freeze_deck_log(store: EventStore, event_id: str, first_bad_seq: int | None,
                    finding: str | None, detected_by: str, last_seq: int | None = None
                    ) -> dict[str, Any]:
    """Freeze the log as ``EventStore.freeze`` does a match (the same record, the same
    script: an earlier detection stands unless this one names an earlier seq)."""
    seq = int(first_bad_seq) if first_bad_seq is not None else 1
    record = {"first_bad_seq": seq, "finding": finding if finding in FINDINGS else None,
              "detected_by": detected_by, "detected_at": _now(), "last_seq": last_seq}
    raw = store.redis.eval(_FREEZE_LUA, 1, deck_list_keys(event_id).meta,
                           canonical_json(record), seq)
    return _freeze_record(raw)


def legacy_records(event_id: str, entries: Sequence[tuple[Any, Mapping[Any, Any]]]
                   ) -> list[dict[str, Any]]:
    out = []
    for entry_id, fields in entries:
        raw = fields.get("record", fields.get(b"record"))
        record = json.loads(as_text(raw)) if raw is not None else {}
        if not isinstance(record, dict):
            continue
        record["registration"] = as_text(entry_id)
        record.setdefault("event_id", event_id)
        out.append(record)
    return out


def chained_records(event_id: str, entries: Sequence[tuple[Any, Mapping[Any, Any]]]
                    ) -> list[dict[str, Any]]:
    """The deck-list registrations of the log (not the event's setup)."""
    return [_record_of(event_id, event) for event in decode_entries(entries, GENESIS_HASH)
            if event["type"] == EVENT_TYPE]


def event_date(history: Iterable[dict[str, Any]]) -> date | None:
    """The event's date: the one its first dated registration recorded (None: none yet;
    lists registered before events were dated carry none)."""
    for record in history:
        if isinstance(record.get("date"), str):
            try:
                return date.fromisoformat(record["date"])
            except ValueError:
                continue
    return None


def _record_of(event_id: str, event: Mapping[str, Any]) -> dict[str, Any]:
    record = {**event["payload"], "event_id": event_id, "registration": stream_id(event["seq"])}
    record.setdefault("registered_at", event["recorded_at"])
    return record


class DeckListRegistry:
    def __init__(self, store: EventStore, clock: Callable[[], str] = _now) -> None:
        self._store = store
        self._clock = clock

    # ------------------------------------------------------------------ reading

    def history(self, event_id: str, detected_by: str = BY_READ) -> list[dict[str, Any]]:
        """Every registration, oldest first; raises ``DeckListsFrozen`` for a log that is
        frozen or fails its check now (which freezes it, found by ``detected_by``: a
        registration reads the history first, for the event's date)."""
        log = read_deck_log(self._store, event_id)
        self._trust(log, detected_by)
        if log.chained:
            return chained_records(event_id, log.entries)
        return legacy_records(event_id, log.legacy)

    def events(self, event_id: str, detected_by: str = BY_READ) -> list[dict[str, Any]]:
        """Every event of the log as stored (registrations and the event's setup), oldest
        first, once the log is trusted (as ``history``); the old, plain entries are none."""
        log = read_deck_log(self._store, event_id)
        self._trust(log, detected_by)
        return list(decode_entries(log.entries, GENESIS_HASH)) if log.chained else []

    def history_and_date(self, event_id: str, detected_by: str = BY_READ
                         ) -> tuple[list[dict[str, Any]], date | None]:
        """``history`` and the event's date, read at once: the date its ``EventCreated``
        gives, else the one its first dated registration recorded (``event_date``)."""
        log = read_deck_log(self._store, event_id)
        self._trust(log, detected_by)
        if not log.chained:
            records = legacy_records(event_id, log.legacy)
            return records, event_date(records)
        stored = list(decode_entries(log.entries, GENESIS_HASH))
        created = next((e["payload"] for e in stored if e["type"] == "EventCreated"), None)
        records = [_record_of(event_id, e) for e in stored if e["type"] == EVENT_TYPE]
        day = event_date([created]) if created is not None else None
        return records, day or event_date(records)

    def latest(self, event_id: str) -> dict[str, dict[str, Any]]:
        """Player ID -> the list registered last."""
        return {record["player_id"]: record for record in self.history(event_id)}

    def _trust(self, log: DeckLog, detected_by: str) -> None:
        if log.frozen is not None:
            raise DeckListsFrozen(log.event_id, log.frozen)
        if not log.chained:
            return
        report = check_deck_log(self._store, log)
        if not report["chain_ok"]:
            record = freeze_deck_log(self._store, log.event_id, report["first_bad_seq"],
                                     report["finding"], detected_by, last_seq=log.head_seq)
            raise DeckListsFrozen(log.event_id, record)

    # ------------------------------------------------------------------ writing

    def register(self, event_id: str, record: dict[str, Any], summarise: Summarise | None = None
                 ) -> dict[str, Any]:
        """Append a registration (after the old entries, the first time: see the module's
        docstring) and return it as ``history`` reads it. Raises ``DeckListsFrozen``."""
        stored = self.append(event_id, [(EVENT_TYPE, record)], _actor(record.get("registered_by")),
                             summarise=summarise)
        return _record_of(event_id, stored[-1])

    def append(self, event_id: str, typed: Sequence[tuple[str, dict[str, Any]]],
               actor: dict[str, Any], check: Callable[[list[dict[str, Any]]], None] | None = None,
               summarise: Summarise | None = None) -> list[dict[str, Any]]:
        """Append ``(type, payload)`` events of ``LOG_TYPES`` at once (after the old entries,
        the first time) and return them as stored. ``check`` is given the log's events as
        read before each try and may raise to refuse the append (a rule about what is there
        already: a table paired twice), so a racing writer can't slip past it. ``summarise``
        is given the event id and the whole log with the batch, and its summary (None: none)
        is written with the append (``events.event_summaries``)."""
        keys = deck_list_keys(event_id)
        unknown = [kind for kind, _ in typed if kind not in LOG_TYPES]
        if unknown:
            raise ValueError(f"not an event of a deck-list log: {unknown}")
        give_up_at = time.monotonic() + _RACE_SECONDS
        while True:
            log = read_deck_log(self._store, event_id)
            self._trust(log, BY_REGISTER)
            before = list(decode_entries(log.entries, GENESIS_HASH)) if log.chained and (check or summarise) else []
            if check is not None:
                check(before)
            pending = [] if log.chained else [(EVENT_TYPE, p) for p in _migrated(event_id, log.legacy)]
            pending += [(kind, {**payload, "event_id": event_id}) for kind, payload in typed]
            batch = self._batch(keys, pending, log.head_seq, log.head_hash, actor)
            summary = summarise(event_id, before + batch.events) if summarise is not None else None
            then = [] if summary is None else [event_summaries.summary_call(
                self._store, event_id, summary, keys.meta, batch.events[-1]["hash"])]
            outcome, *rest = self._store.submit_batch(batch, then, log_keys=keys.append_keys)
            if outcome == "appended":
                self._store.redis.zadd(DECKLIST_INDEX, {event_id: time.time()}, nx=True)
                if any(kind == "EventCreated" for kind, _ in typed):
                    self._store.redis.zadd(EVENT_INDEX, {event_id: time.time()}, nx=True)
                return batch.events[-len(typed):]
            if outcome == "frozen":
                raise DeckListsFrozen(event_id, _freeze_record(rest[0]))
            if outcome == "stream_mismatch":
                self._stream_mismatch(event_id, int(rest[0]))
            elif outcome not in ("head_moved", "conflict"):
                raise RuntimeError(f"unexpected reply from the append script: {outcome!r}")
            if time.monotonic() > give_up_at:
                raise RuntimeError(f"the deck lists of event {event_id} kept changing "
                                   "under the registration")
            time.sleep(0.001)

    def _stream_mismatch(self, event_id: str, head_seq: int) -> None:
        """The append script found the stream not ending at the head: written behind the
        store's back. Freeze the log (where the chain check says, else after the head)."""
        log = read_deck_log(self._store, event_id)
        report = check_deck_log(self._store, log)
        first_bad = report["first_bad_seq"] if not report["chain_ok"] else head_seq + 1
        finding = report["finding"] if not report["chain_ok"] else "stream_mismatch"
        raise DeckListsFrozen(event_id, freeze_deck_log(
            self._store, event_id, first_bad, finding, BY_REGISTER, last_seq=head_seq))

    def _batch(self, keys: DeckListKeys, typed: list[tuple[str, dict[str, Any]]], head_seq: int,
               head_hash: str, actor: dict[str, Any]) -> PreparedBatch:
        recorded_at, prev, seq, events = self._clock(), head_hash, head_seq, []
        for kind, payload in typed:
            seq += 1
            event: dict[str, Any] = {"seq": seq, "type": kind, "version": EVENT_VERSION,
                                     "recorded_at": recorded_at, "actor": actor,
                                     "payload": payload, "prev_hash": prev}
            event["hash"] = prev = self._store.chain_key.event_hash(event)
            events.append(event)
        return PreparedBatch(match_id=keys.name, events=events, first_seq=head_seq + 1,
                             prev_hash=head_hash,
                             fingerprint=sha256_hex(canonical_json([p for _, p in typed])))


def _actor(given: Any) -> dict[str, Any]:
    if isinstance(given, Mapping) and set(given) == {"subject", "role"}:
        return {"subject": given["subject"], "role": given["role"]}
    return dict(SYSTEM_ACTOR)


def _migrated(event_id: str, legacy: Sequence[tuple[Any, Mapping[Any, Any]]]
              ) -> list[dict[str, Any]]:
    """The old entries as payloads of the chained log: each as it reads now, with its old
    id (a match made from it names that id)."""
    out = []
    for record in legacy_records(event_id, legacy):
        old_id = record.pop("registration")
        out.append({**record, "event_id": event_id, "legacy_registration": old_id})
    return out


# A claim is taken when no other is held or the one held is older than its hold (a holder
# that died); the caller's clock gives "now", the script reads none.
_CLAIM = """
local held = redis.call('HGET', KEYS[1], ARGV[1])
if held and tonumber(held) > tonumber(ARGV[2]) - tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
"""


def claim(store: EventStore, event_id: str, what: str, now_ms: int, hold_ms: int = 120_000) -> bool:
    """Take the event's claim on ``what`` (e.g. "round-2-start"): False while another holder's
    claim, younger than ``hold_ms``, stands. Two judges starting one round at once would
    otherwise each make the round's matches."""
    keys = deck_list_keys(event_id)
    return bool(store.redis.eval(_CLAIM, 1, keys.claims, what, str(now_ms), str(hold_ms)))


def release(store: EventStore, event_id: str, what: str) -> None:
    store.redis.hdel(deck_list_keys(event_id).claims, what)
