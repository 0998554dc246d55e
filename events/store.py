"""The event store: one Redis stream per match, appended to by one Lua script.

Works with a redis-py client created with or without ``decode_responses``.
A client used for ``tail``/``follow`` needs a ``socket_timeout`` longer than the
block time (or none). Event hashes are keyed with the chain key (``events.codec.ChainKey``),
which the store is given and never writes to Redis.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import random
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from redis import Redis
from redis.commands.core import Script
from redis.exceptions import NoScriptError

from events.append_script import APPEND_LUA
from events.codec import (
    GENESIS_HASH,
    ChainKey,
    as_text,
    canonical_json,
    decode_entries,
    decode_event,
    encode_event,
    seq_from_stream_id,
    sha256_hex,
    stream_id,
)
from events.config import DEFAULT_WHOLE_CHECK_SECONDS
from events.errors import (
    ConflictError,
    IdempotencyMismatch,
    MatchExists,
    MatchFrozen,
    MatchNotFound,
    NotReplicated,
)
from events.facts import MatchFacts, names_this_match
from events.idempotency import Record, lean_record, whole_record
from events.keys import FROZEN_INDEX, MATCH_INDEX, match_keys, status_index
from events.lru import BoundedLRU
from events.redis_client import StoreRedis, is_cluster, on_slot
from events.replication import ReplicaWait, run_and_wait
from events.schemas import get_event_type, validate_batch

MATCH_STATUSES = ("setup", "playing", "sudden_death", "finished")
APPEND_RACE_SECONDS = 5.0  # how long ``append`` re-chains a batch that keeps losing races
SYSTEM_ACTOR = {"subject": "system", "role": "system"}
_READ_PAGE = 500
VERIFIED_PREFIXES = 4096  # matches whose verified log prefix a process keeps
MATCH_FACTS_KEPT = 4096   # matches whose verified MatchCreated facts a process keeps
_REQUIRED_EVENT_FIELDS = ("seq", "type", "version", "recorded_at", "actor", "payload",
                          "prev_hash", "hash")
# Meta fields owned by the append script (plain strings); every other meta field is JSON.
_HEAD_FIELDS = ("head_seq", "head_hash")
_SCRIPT_FIELDS = (*_HEAD_FIELDS, "recent_batches")  # plain strings owned by the append script
FROZEN_FIELD = "frozen"  # JSON freeze record; the append script refuses a match that has one
_RESERVED_META = frozenset({"match_id", "created_at", "last_seq", FROZEN_FIELD,
                            *_SCRIPT_FIELDS})
# What a finding says about the log (``first_bad_seq`` names where):
#   altered     an event there does not verify (changed, forged, re-chained without the key)
#   missing     events are gone (a gap, or fewer events than the head says)
#   extra       entries past the head (forged appends, or a head moved back over them)
#   truncated   the chain verifies but an anchor or receipt names an event it no longer holds
#   rewritten   the chain verifies but another event holds an anchor's or receipt's seq: the
#               tail was lost (a failover on asynchronous replication) and written again
#               (``check_log`` says altered; ``events.integrity`` tells the two apart)
#   erased      no log at all, but anchors say there was one
#   stream_mismatch  the append script found the stream not ending at the head
#   meta_mismatch    the meta hash contradicts the match's MatchCreated (events.facts); the
#                    log itself may verify: ``first_bad_seq`` is 1, the event contradicted
FINDINGS = ("altered", "missing", "extra", "truncated", "rewritten", "erased",
            "stream_mismatch", "meta_mismatch")

_CREATE_MATCH_LUA = """
if redis.call("HEXISTS", KEYS[1], "created_at") == 1 then return 0 end
redis.call("HSET", KEYS[1], unpack(ARGV))
return 1
"""

_RECORD_AUDIT_LUA = """
local current = redis.call("HGET", KEYS[1], "last_seq")
if not (current and tonumber(current) > tonumber(ARGV[1])) then
  redis.call("HSET", KEYS[1], unpack(ARGV, 2))
end
return redis.call("HGETALL", KEYS[1])
"""

# The first detection stands unless a later one finds an earlier bad seq.
_FREEZE_LUA = """
local old = redis.call("HGET", KEYS[1], "frozen")
if old then
  local ok, record = pcall(cjson.decode, old)
  if ok and type(record) == "table" then
    local seq = tonumber(record["first_bad_seq"])
    if seq and seq <= tonumber(ARGV[2]) then return old end
  end
end
redis.call("HSET", KEYS[1], "frozen", ARGV[1])
return ARGV[1]
"""

_SET_STATUS_LUA = """
local old = redis.call("HGET", KEYS[1], "status")
if not old then return false end
redis.call("HSET", KEYS[1], "status", ARGV[1])
return old
"""

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def isoformat_utc(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")



@dataclass(frozen=True)
class AppendResult:
    """What an append stored. On an idempotent replay ``replayed`` is True, ``events``
    are the events the first request stored and ``response`` is what it saved."""

    seqs: list[int]
    events: list[dict[str, Any]]
    replayed: bool = False
    response: str | None = None

    @property
    def last_seq(self) -> int:
        return self.seqs[-1]


@dataclass(frozen=True)
class PreparedBatch:
    """A batch with seqs and hashes filled in, ready for the append script."""

    match_id: str
    events: list[dict[str, Any]]
    first_seq: int
    prev_hash: str
    fingerprint: str
    idempotency_key: str | None = None
    expected_seq: int | None = None
    response: str | None = None
    # Random per prepared batch: a re-sent append command (reply lost) is recognised by it.
    nonce: str = field(default_factory=lambda: secrets.token_hex(8))
    record: str = field(init=False)

    def __post_init__(self) -> None:
        # Lean unless a whole answer is given to keep (``events.idempotency``)
        record = (lean_record(self.fingerprint, self.events) if self.response is None
                  else whole_record(self.fingerprint, self.events, self.response))
        object.__setattr__(self, "record", record)


@dataclass(frozen=True)
class ScriptCall:
    """A script that ``EventStore.submit`` runs right after the append script (``then``):
    a registered redis-py ``Script``, its keys and its args. On one Redis it goes in the
    append's transaction, whatever the append did, so it must check for itself that the
    append happened (e.g. that the match's head is now the batch's last event); elsewhere
    (``combines_writes`` false) it runs after an appended batch only."""

    script: Script
    keys: list[str]
    args: list[Any]


@dataclass(frozen=True)
class Submitted:
    """What the append script did with a prepared batch (``EventStore.submit``).

    ``outcome``: ``appended``; ``replayed`` (the idempotency key was seen before: ``record``
    is what the first request stored); ``conflict`` (the batch's ``expected_seq`` is stale)
    or ``head_moved`` (the batch was chained on an older head): another writer got in
    first, and ``head_seq``/``head_hash`` are the head now."""

    outcome: str
    record: dict[str, Any] | None = None
    head_seq: int | None = None
    head_hash: str | None = None
    then: list[Any] = field(default_factory=list)  # the ``then`` scripts' replies, if run

    @property
    def lost_race(self) -> bool:
        return self.outcome in ("conflict", "head_moved")


@dataclass(frozen=True)
class LogRead:
    """A match's head and its raw stream entries, read together (``EventStore.read_log``).
    A read of the tail only (``EventStore.read_log_to_check``) holds the entries from seq
    ``start + 1`` on, the stream's length and its first entry."""

    head_seq: int
    head_hash: str
    entries: list[tuple[Any, Mapping[Any, Any]]]
    frozen: dict[str, Any] | None = None   # the freeze record, read in the same MULTI
    start: int = 0                         # entries before those held
    length: int | None = None              # XLEN, for a read of the tail
    first: tuple[Any, Mapping[Any, Any]] | None = None  # entry 1, for a read of the tail
    # The seqs of the match's snapshots, newest first, read in the same MULTI (the
    # after-append job's snapshot step then reads nothing more when none is due)
    snapshot_seqs: list[int] | None = None

    @property
    def whole(self) -> bool:
        return self.start == 0

    def first_entry(self) -> tuple[Any, Mapping[Any, Any]] | None:
        return (self.entries[0] if self.entries else None) if self.whole else self.first


@dataclass(frozen=True)
class MatchRead:
    """What a request reads of a match first, in one round trip (``EventStore.read_match``):
    ``meta`` (None: no match), the head hash, the stream's length (every seq 1..head is an
    entry: anything else is a log written behind the store's back), the idempotency record
    of the request's key, and ``facts`` - the match's verified ``MatchCreated``, or None
    when its first entry is missing or does not verify as this match's ``MatchCreated``."""

    meta: dict[str, Any] | None
    head_hash: str
    length: int
    idempotency_record: Any
    facts: MatchFacts | None

    @property
    def head_seq(self) -> int:
        return int((self.meta or {}).get("last_seq") or 0)

    @property
    def stream_matches_head(self) -> bool:
        return self.length == self.head_seq


# The running digest of raw entries (``hashlib.blake2b``; hashlib's own type is private).
_Digest = Any


@dataclass(frozen=True)
class _VerifiedPrefix:
    count: int          # entries 1..count verified with the chain key
    last_hash: str      # the hash of entry ``count``
    digest: _Digest     # of those entries' raw bytes as they were read
    whole_at: datetime  # when the whole log was last read and found to digest the same


def _entries_digest(entries: Sequence[tuple[Any, Mapping[Any, Any]]],
                    after: _Digest | None = None) -> _Digest:
    """A digest of raw stream entries as read (ids, field names and values, in order), or
    ``after``'s extended by them: any byte edited, added or taken away changes it. (``repr``
    of a tuple of str/bytes and a dict is unambiguous and delimits itself.)"""
    digest = after.copy() if after is not None else hashlib.blake2b(digest_size=32)
    for entry in entries:
        digest.update(repr(entry).encode("utf-8"))
    return digest


def _stored_hashes(entries: Sequence[tuple[Any, Mapping[Any, Any]]],
                   want: set[int] | frozenset[int]) -> dict[int, str]:
    """seq -> the hash stored in its entry, for the seqs of ``want`` among ``entries``."""
    held: dict[int, str] = {}
    if want:
        for raw_id, fields in entries:
            seq = seq_from_stream_id(raw_id)
            if seq is not None and seq in want:
                held[seq] = _stored_hash(fields) or ""
    return held


@dataclass(frozen=True)
class _ChainScan:
    head_seq: int
    head_hash: str
    count: int
    first_bad: int | None
    finding: str | None
    held: dict[int, str]  # seq -> the hash stored there, for the seqs asked about
    trusted: int = 0      # a check of the tail: the entries before it, verified earlier


class EventStore:
    def __init__(self, redis_client: StoreRedis, clock: Clock | None = None,
                 append_retries: int = 20, *, chain_key: ChainKey | str,
                 replica_wait: ReplicaWait | None = None,
                 whole_check_seconds: float = DEFAULT_WHOLE_CHECK_SECONDS):
        self._redis = redis_client
        self._wait = replica_wait  # None: answer appends without waiting for replicas
        self._clock = clock or utc_now
        self._append_retries = append_retries
        self._key = chain_key if isinstance(chain_key, ChainKey) else ChainKey(chain_key)
        self._append_script = redis_client.register_script(APPEND_LUA)
        self._create_match_script = redis_client.register_script(_CREATE_MATCH_LUA)
        self._set_status_script = redis_client.register_script(_SET_STATUS_LUA)
        self._record_audit_script = redis_client.register_script(_RECORD_AUDIT_LUA)
        self._freeze_script = redis_client.register_script(_FREEZE_LUA)
        # Log prefixes this process verified with the chain key: a later check of the same
        # match re-hashes only the entries after, once the prefix's raw bytes digest the
        # same (an entry edited in place changes them, and the check starts again at 1);
        # between whole reads, ``read_log_to_check`` reads only the entries after it.
        # Process memory, out of reach of whoever can write Redis.
        self._verified: BoundedLRU[str, _VerifiedPrefix] = BoundedLRU(VERIFIED_PREFIXES)
        self._whole_check = timedelta(seconds=max(0.0, whole_check_seconds))
        # Each match's verified MatchCreated facts (events.facts), read once per process:
        # process memory too, so an edit of entry 1 or of the meta hash can't change them.
        self._facts: BoundedLRU[str, MatchFacts] = BoundedLRU(MATCH_FACTS_KEPT)

    @property
    def redis(self) -> StoreRedis:
        return self._redis

    @property
    def chain_key(self) -> ChainKey:
        return self._key

    # ------------------------------------------------------------------ writing

    def append(self, match_id: str, events: Sequence[Mapping[str, Any]],
               expected_seq: int | None = None, idempotency_key: str | None = None,
               request_fingerprint: str | None = None, response: str | None = None,
               actor: Mapping[str, Any] | None = None) -> AppendResult:
        """Validate, chain and append ``events`` as one batch.

        Raises ``InvalidEvent`` (nothing written), ``ConflictError`` when
        ``expected_seq`` is stale, ``IdempotencyMismatch`` when the key was used for
        another request, ``MatchFrozen`` when the match is frozen or the stream turns out
        to have been tampered with (which freezes it).
        Without ``expected_seq`` a batch that lost a race is re-chained on the new
        head and retried (at least ``append_retries`` times, for up to
        ``APPEND_RACE_SECONDS``).
        """
        match_keys(match_id)  # validates the id before anything else
        if expected_seq is not None and (isinstance(expected_seq, bool)
                                         or not isinstance(expected_seq, int)
                                         or expected_seq < 0):
            raise ValueError(f"expected_seq must be an int >= 0, not {expected_seq!r}")
        checked = validate_batch(events)
        actor = _normalise_actor(actor)
        fingerprint = request_fingerprint or default_fingerprint(checked)
        head_seq, head_hash = self.head(match_id)
        attempt, give_up_at = 0, time.monotonic() + APPEND_RACE_SECONDS
        while True:
            batch = self.prepare_batch(match_id, checked, head_seq, head_hash, actor=actor,
                                       fingerprint=fingerprint, expected_seq=expected_seq,
                                       idempotency_key=idempotency_key, response=response)
            submitted = self.submit(batch)
            if submitted.outcome == "appended":
                return AppendResult(seqs=[e["seq"] for e in batch.events], events=batch.events,
                                    response=response)
            if submitted.outcome == "replayed":
                return self._replayed(match_id, submitted.record or {})
            if submitted.outcome == "conflict":
                raise ConflictError(expected_seq, submitted.head_seq or 0)
            head_seq, head_hash = submitted.head_seq or 0, submitted.head_hash or GENESIS_HASH
            attempt += 1
            # Racing writers each lose a few times; a busy machine must not make one of
            # them give up while the others still get through: the attempts are a floor,
            # the time a bound.
            if attempt > self._append_retries and time.monotonic() > give_up_at:
                raise ConflictError(expected_seq, head_seq)
            # exponential backoff with jitter, so racing writers stop colliding
            time.sleep(random.uniform(0, min(0.05, 0.0005 * 2 ** attempt)))

    def prepare_batch(self, match_id: str, checked_events: Sequence[Mapping[str, Any]],
                      head_seq: int, head_hash: str, *, actor: Mapping[str, Any] | None = None,
                      fingerprint: str | None = None, expected_seq: int | None = None,
                      idempotency_key: str | None = None,
                      response: str | None = None) -> PreparedBatch:
        """Fill seq, version, recorded_at, actor, prev_hash and hash for already
        validated events, chaining them onto ``(head_seq, head_hash)``."""
        recorded_at = isoformat_utc(self._clock())
        actor = _normalise_actor(actor)
        prev, seq, stored = head_hash, head_seq, []
        for checked in checked_events:
            seq += 1
            event: dict[str, Any] = {
                "seq": seq,
                "type": checked["type"],
                "version": get_event_type(checked["type"]).version,
                "recorded_at": recorded_at,
                "actor": dict(actor),
                "payload": checked["payload"],
                "prev_hash": prev,
            }
            if checked.get("state_hash") is not None:
                event["state_hash"] = checked["state_hash"]
            event["hash"] = self._key.event_hash(event)
            prev = event["hash"]
            stored.append(event)
        return PreparedBatch(match_id=match_id, events=stored, first_seq=head_seq + 1,
                             prev_hash=head_hash,
                             fingerprint=fingerprint or default_fingerprint(checked_events),
                             idempotency_key=idempotency_key, expected_seq=expected_seq,
                             response=response)

    @property
    def combines_writes(self) -> bool:
        """Whether ``submit``'s ``then`` scripts share the append's transaction (one durable
        write, one round trip): on one Redis, not on a cluster (their keys are on other
        slots) nor when appends wait for replicas."""
        return not is_cluster(self._redis) and self._wait is None

    def submit_batch(self, batch: PreparedBatch, then: Sequence[ScriptCall] = (),
                     log_keys: Sequence[str] | None = None) -> list[Any]:
        """Run the append script once for a prepared batch and return its raw reply
        (see ``events.append_script``), then the ``then`` scripts' replies, if they ran,
        as its last element. ``append`` is the normal entry point. ``log_keys``: the
        (stream, meta, idempotency) keys of a chained log that is not a match's (an
        event's deck lists, ``events.decklists``); ``batch.match_id`` then names it."""
        args: list[Any] = [
            "" if batch.expected_seq is None else batch.expected_seq,
            batch.idempotency_key or "",
            batch.fingerprint,
            batch.record,
            batch.first_seq,
            batch.prev_hash,
            batch.events[-1]["hash"],
            len(batch.events),
            batch.nonce,
        ]
        for event in batch.events:
            flat = encode_event(event)
            args.append(len(flat))
            args.extend(flat)
        if log_keys is None:
            keys = match_keys(batch.match_id)
            append_keys = [keys.events, keys.meta, keys.idempotency]
        else:
            append_keys = list(log_keys)
        if then and self.combines_writes:
            reply, after = self._run_together(append_keys, args, then)
        else:
            reply = self._run_append(append_keys, args, batch)
            after = ([call.script(keys=call.keys, args=call.args) for call in then]
                     if as_text(reply[0]) == "appended" else [])
        return [as_text(reply[0]), *reply[1:], after]

    def _run_together(self, keys: list[str], args: list[Any], then: Sequence[ScriptCall]
                      ) -> tuple[Any, list[Any]]:
        """The append script and the ``then`` scripts in one MULTI: one round trip and, with
        ``appendfsync always``, one fsync. A script missing from Redis's cache (a restarted
        server) is loaded and the whole transaction sent again: the append recognises its
        own batch by the nonce, and each ``then`` script checks that the append happened."""
        calls = [(self._append_script, keys, args),
                 *((call.script, call.keys, call.args) for call in then)]
        for attempt in (1, 2):
            pipe = self._redis.pipeline(transaction=True)
            for script, script_keys, script_args in calls:
                pipe.evalsha(script.sha, len(script_keys), *script_keys, *script_args)
            replies = pipe.execute(raise_on_error=False)
            if attempt == 1 and any(isinstance(r, NoScriptError) for r in replies):
                for script, _keys, _args in calls:
                    script.sha = self._redis.script_load(script.script)
                continue
            for reply in replies:
                if isinstance(reply, Exception):
                    raise reply
            return replies[0], replies[1:]
        raise AssertionError("unreachable")

    def _run_append(self, keys: list[str], args: list[Any], batch: PreparedBatch) -> Any:
        """The append script's raw reply; with ``replica_wait``, an appended (or replayed)
        batch is answered only once enough replicas have it (else ``NotReplicated``)."""
        if self._wait is None:
            return self._append_script(keys=keys, args=args)
        reply, acknowledged = run_and_wait(self._redis, self._append_script, keys, args,
                                           self._wait, head_key=keys[1])
        # A replay is an answer too: it is given only once the replicas have its write.
        outcome = as_text(reply[0])
        if acknowledged < self._wait.replicas and outcome in ("appended", "replayed"):
            seqs = (Record.parse(reply[1]).seqs if outcome == "replayed"   # either shape
                    else None) or [batch.events[-1]["seq"]]
            raise NotReplicated(batch.match_id, int(seqs[-1]), self._wait.replicas,
                                acknowledged, self._wait.timeout_ms)
        return reply

    def submit(self, batch: PreparedBatch, then: Sequence[ScriptCall] = ()) -> Submitted:
        """Run the append script once and say what it did: the one reading of its reply.
        ``then``: scripts to run right after it (see ``ScriptCall``); their replies are
        ``Submitted.then``.

        Raises ``IdempotencyMismatch`` (the key was used for another request),
        ``MatchFrozen`` (the match is frozen, or the stream turned out to have been written
        behind the store's back, which freezes it)."""
        outcome, *rest, after = self.submit_batch(batch, then)
        if outcome == "appended":
            return Submitted("appended", then=after)
        if outcome == "replayed":
            return Submitted("replayed", record=json.loads(as_text(rest[0])))
        if outcome == "idempotency_mismatch":
            raise IdempotencyMismatch(batch.idempotency_key or "")
        if outcome == "frozen":
            raise self.frozen_error(batch.match_id, rest[0])
        if outcome == "stream_mismatch":
            raise self.stream_mismatch(batch.match_id, int(rest[0]), as_text(rest[1]))
        if outcome not in ("conflict", "head_moved"):
            raise RuntimeError(f"unexpected reply from the append script: {outcome!r}")
        return Submitted(outcome, head_seq=int(rest[0]),
                         head_hash=as_text(rest[1]) if len(rest) > 1 else None)

    def _replayed(self, match_id: str, record: Mapping[str, Any]) -> AppendResult:
        kept = Record.parse(canonical_json(record))   # either shape (events.idempotency)
        seqs = kept.seqs
        events = self.read(match_id, seqs[0], seqs[-1]) if seqs else []
        return AppendResult(seqs=seqs, events=events, replayed=True, response=kept.response)

    # ------------------------------------------------------------------ reading

    def head(self, match_id: str) -> tuple[int, str]:
        """``(last seq, its hash)``; ``(0, GENESIS_HASH)`` for a match with no events."""
        seq, hash_ = self._redis.hmget(match_keys(match_id).meta, *_HEAD_FIELDS)
        if seq is None:
            return 0, GENESIS_HASH
        return int(seq), as_text(hash_)

    def head_and_frozen(self, match_id: str) -> tuple[int, str, dict[str, Any] | None]:
        """``(last seq, its hash, the freeze record or None)`` in one round trip."""
        seq, hash_, frozen = self._redis.hmget(match_keys(match_id).meta, *_HEAD_FIELDS,
                                               FROZEN_FIELD)
        record = _freeze_record(frozen) if frozen is not None else None
        if seq is None:
            return 0, GENESIS_HASH, record
        return int(seq), as_text(hash_), record

    def last_seq(self, match_id: str) -> int:
        return self.head(match_id)[0]

    def read(self, match_id: str, from_seq: int = 1, to_seq: int | None = None) -> list[dict]:
        return list(self.iter_events(match_id, from_seq, to_seq))

    def iter_events(self, match_id: str, from_seq: int = 1,
                    to_seq: int | None = None) -> Iterator[dict[str, Any]]:
        from_seq = max(from_seq, 1)
        if to_seq is not None and to_seq < from_seq:
            return
        # The entry before the first gives its prev_hash (an entry doesn't store it).
        entries = self._iter_entries(match_keys(match_id).events, from_seq - 1 or 1, to_seq)
        prev: str | None = GENESIS_HASH
        if from_seq > 1:
            before = next(entries, None)
            if before is not None and seq_from_stream_id(before[0]) != from_seq - 1:
                entries = itertools.chain([before], entries)  # a gap: prev_hash unknown
                prev = None
            else:
                prev = _stored_hash(before[1]) if before is not None else None
        yield from decode_entries(entries, prev)

    def _iter_entries(self, key: str, from_seq: int = 1,
                      to_seq: int | None = None) -> Iterator[tuple[str, Mapping]]:
        """Raw stream entries in id order, one page at a time."""
        start = stream_id(from_seq)
        end = "+" if to_seq is None else stream_id(to_seq)
        while True:
            # redis-py types XRANGE's answer as Optional; it is always a list of entries
            page = cast("list[tuple[Any, Mapping[Any, Any]]]",
                        self._redis.xrange(key, min=start, max=end, count=_READ_PAGE))
            for entry_id, fields in page:
                yield as_text(entry_id), fields
            if len(page) < _READ_PAGE:
                return
            start = "(" + as_text(page[-1][0])  # exclusive start: Redis >= 6.2

    def tail(self, match_id: str, after_seq: int = 0, block_ms: int | None = 5000,
             count: int = 100, prev_hash: str | None = None) -> list[dict[str, Any]]:
        """Events after ``after_seq``, waiting up to ``block_ms`` for the first one
        (``None``: don't wait). ``[]`` when nothing came. Nothing is ever trimmed, so
        resuming from the last seq seen never misses an event. ``prev_hash``: the hash of
        the event at ``after_seq``, when the caller has it (else it is read with the wait)."""
        key = match_keys(match_id).events
        if after_seq == 0:
            prev_hash = GENESIS_HASH
        before: list[Any] = []
        if prev_hash is None:  # the entry at after_seq gives the first one's prev_hash
            pipe = self._redis.pipeline(transaction=False)
            pipe.xrange(key, stream_id(after_seq), stream_id(after_seq))
            pipe.xread({key: stream_id(after_seq)}, count=count, block=block_ms)
            *before, reply = pipe.execute()
        else:  # a follower's every wait after its first: one command, no pipeline to build
            reply = self._redis.xread({key: stream_id(after_seq)}, count=count, block=block_ms)
        if not reply:
            return []
        # shaped by the protocol: RESP2 [[stream key, entries]], RESP3 {stream key: [entries]}
        if isinstance(reply, dict):  # RESP3 clients answer with a mapping
            entries = next(iter(reply.values()))[0] if reply else []
        else:
            entries = reply[0][1]
        if prev_hash is None and before and before[0]:
            prev_hash = _stored_hash(before[0][0][1])
        return list(decode_entries(entries, prev_hash))

    def follow(self, match_id: str, after_seq: int = 0, block_ms: int = 5000,
               should_stop: Callable[[], bool] = lambda: False) -> Iterator[dict[str, Any]]:
        """Yield every event after ``after_seq`` as it is appended, until ``should_stop``."""
        prev: str | None = None
        while not should_stop():
            for event in self.tail(match_id, after_seq, block_ms, prev_hash=prev):
                after_seq, prev = event["seq"], event["hash"]
                yield event

    # ------------------------------------------------------------------ audit

    def verify_chain(self, match_id: str) -> dict[str, Any]:
        """Re-check every hash (keyed), every prev_hash link, and that seqs run 1..n without
        a gap and end at the recorded head. ``first_bad_seq`` is the first seq that is
        missing, forged or altered; ``last_seq`` is the head the check was made against.
        """
        scan = self._scan_chain(match_id)
        return {"chain_ok": scan.first_bad is None, "first_bad_seq": scan.first_bad,
                "events": scan.count, "last_seq": scan.head_seq}

    def check_log(self, match_id: str, expected: Sequence[tuple[int, str]] = (),
                  log: LogRead | None = None) -> dict[str, Any]:
        """``verify_chain`` and more: the log must also still hold every ``(seq, hash)`` of
        ``expected`` (anchors, receipts), which catches a cut tail with the head moved back.
        Adds ``finding`` (see ``FINDINGS``), ``head_hash`` and ``expected_checked``.
        ``log``: what ``read_log`` read, if the caller already has it."""
        scan = self._scan_chain(match_id, {seq for seq, _ in expected}, log)
        first_bad, finding = scan.first_bad, scan.finding
        for seq, hash_ in expected:
            if seq <= scan.trusted:
                continue  # in the prefix verified earlier: the next whole read checks it
            if seq > scan.head_seq or seq not in scan.held:
                bad, why = min(scan.head_seq, scan.count) + 1, "truncated"
                bad = min(bad, seq)
            elif scan.held[seq] != hash_:
                bad, why = seq, "altered"
            else:
                continue
            if first_bad is None or bad < first_bad:
                first_bad, finding = bad, why
        return {"chain_ok": first_bad is None, "first_bad_seq": first_bad,
                "finding": finding, "events": scan.count, "last_seq": scan.head_seq,
                "head_hash": scan.head_hash, "expected_checked": len(expected)}

    def read_log(self, match_id: str) -> LogRead:
        """The head and every stream entry, read in one MULTI so that an append racing the
        read can't look like a forged or missing event (raw entries: ``check_log`` and the
        after-append job's other steps share one read)."""
        keys = match_keys(match_id)

        def read(node: Redis) -> list[Any]:
            pipe = node.pipeline(transaction=True)
            pipe.hmget(keys.meta, *_HEAD_FIELDS, FROZEN_FIELD)
            pipe.xrange(keys.events, "-", "+")
            pipe.zrevrange(keys.snapshot_seqs, 0, -1)
            return pipe.execute()

        (raw_seq, raw_hash, raw_frozen), entries, snapshot_seqs = on_slot(
            self._redis, keys.meta, read)
        return LogRead(int(raw_seq) if raw_seq is not None else 0,
                       as_text(raw_hash) if raw_hash is not None else GENESIS_HASH,
                       list(entries),
                       _freeze_record(raw_frozen) if raw_frozen is not None else None,
                       snapshot_seqs=[int(as_text(seq)) for seq in snapshot_seqs])

    def read_log_to_check(self, match_id: str) -> LogRead:
        """What the after-append job checks: the log from the last entry this process
        verified on (that one included, with the stream's length and its first entry), in
        one MULTI; the whole log when the process verified none of it, or when its whole log
        was last read ``whole_check_seconds`` ago or more. Checking only the tail keeps a
        job's cost flat as the log grows; an edit in place inside the verified prefix is
        then found by the next whole read (or by reconcile, an audit, a verify job)."""
        known = self._verified.get(match_id)
        if known is None or self._clock() - known.whole_at >= self._whole_check:
            return self.read_log(match_id)
        keys = match_keys(match_id)

        def read(node: Redis) -> list[Any]:
            pipe = node.pipeline(transaction=True)
            pipe.hmget(keys.meta, *_HEAD_FIELDS, FROZEN_FIELD)
            pipe.xlen(keys.events)
            pipe.xrange(keys.events, stream_id(1), stream_id(1))
            pipe.xrange(keys.events, stream_id(known.count), "+")
            pipe.zrevrange(keys.snapshot_seqs, 0, -1)
            return pipe.execute()

        (raw_seq, raw_hash, raw_frozen), length, first, entries, snapshot_seqs = on_slot(
            self._redis, keys.meta, read)
        return LogRead(int(raw_seq) if raw_seq is not None else 0,
                       as_text(raw_hash) if raw_hash is not None else GENESIS_HASH,
                       list(entries),
                       _freeze_record(raw_frozen) if raw_frozen is not None else None,
                       start=known.count - 1, length=int(length),
                       first=first[0] if first else None,
                       snapshot_seqs=[int(as_text(seq)) for seq in snapshot_seqs])

    def forget_verified(self, match_id: str) -> None:
        """Read the match's whole log at its next check (a step after the check failed)."""
        self._verified.pop(match_id)

    def _scan_chain(self, match_id: str, want: set[int] | frozenset[int] = frozenset(),
                    log: LogRead | None = None) -> _ChainScan:
        log = log if log is not None else self.read_log(match_id)
        if not log.whole:
            scan = self._scan_tail(match_id, want, log)
            if scan is not None:
                return scan
            log = self.read_log(match_id)  # something is off: find where, from entry 1
        head_seq, head_hash, entries = log.head_seq, log.head_hash, log.entries
        held = _stored_hashes(entries, want)
        start, prev, read, digest = self._verified_prefix(match_id, entries)
        prev, first_bad, finding = self._checked_run(entries[start:], start + 1, prev)
        count = len(entries)
        if first_bad is None and count != head_seq:
            first_bad = min(count, head_seq) + 1
            finding = "missing" if count < head_seq else "extra"
        if first_bad is None and count and prev != head_hash:
            first_bad, finding = count, "altered"
        if first_bad is None and count:
            self._verified.put(match_id, _VerifiedPrefix(
                count, prev, _entries_digest(entries[read:], digest), self._clock()))
        elif first_bad is not None:
            self._verified.pop(match_id)
        return _ChainScan(head_seq, head_hash, count, first_bad, finding, held)

    def _scan_tail(self, match_id: str, want: set[int] | frozenset[int], log: LogRead
                   ) -> _ChainScan | None:
        """The chain checked from the last verified entry on (``log`` holds the tail), or
        None when the tail does not start where this process left the log - the stream's
        length, that entry's id or stored hash differ, it forgot the prefix meanwhile - or
        the tail fails: the whole log is then read and checked to find the first bad seq."""
        known = self._verified.get(match_id)
        entries = log.entries
        count = log.start + len(entries)
        if (known is None or known.count != log.start + 1 or not entries
                or count != log.length or count != log.head_seq
                or seq_from_stream_id(as_text(entries[0][0])) != known.count
                or _stored_hash(entries[0][1]) != known.last_hash):
            return None
        prev, bad, _finding = self._checked_run(entries[1:], known.count + 1, known.last_hash)
        if bad is not None or prev != log.head_hash:
            return None
        held = _stored_hashes(entries, want)
        self._verified.put(match_id, _VerifiedPrefix(
            count, prev, _entries_digest(entries[1:], known.digest), known.whole_at))
        return _ChainScan(log.head_seq, log.head_hash, count, None, None, held,
                          trusted=known.count - 1)

    def _checked_run(self, entries: Sequence[tuple[Any, Mapping[Any, Any]]], position: int,
                     prev: str) -> tuple[str, int | None, str | None]:
        """``entries`` checked as events ``position``, ``position + 1``, ... chained from
        ``prev``: ``(the last good hash, the first bad seq or None, its finding)``."""
        for offset, (raw_id, fields) in enumerate(entries):
            checked, why = self._checked_hash(as_text(raw_id), fields, position + offset, prev)
            if checked is None:
                return prev, position + offset, why
            prev = checked
        return prev, None, None

    def _verified_prefix(self, match_id: str, entries: Sequence[tuple[Any, Mapping[Any, Any]]]
                         ) -> tuple[int, str, int, _Digest | None]:
        """How many leading entries this process already verified (keyed) and found
        unchanged since, and the hash of the last (``(0, GENESIS_HASH)`` when none); then
        how many leading entries were digested to find out, and their digest."""
        known = self._verified.get(match_id)
        if known is None or len(entries) < known.count:
            return 0, GENESIS_HASH, 0, None
        digest = _entries_digest(entries[:known.count])
        if digest.digest() != known.digest.digest():
            return 0, GENESIS_HASH, known.count, digest
        return known.count, known.last_hash, known.count, digest

    def _checked_hash(self, entry_id: str, fields: Mapping[Any, Any], position: int,
                      prev_hash: str) -> tuple[str | None, str | None]:
        """``(hash, None)`` if the entry is the intact event number ``position``, else
        ``(None, finding)``."""
        seq = seq_from_stream_id(entry_id)
        if seq is not None and seq > position:
            return None, "missing"
        if seq != position:
            return None, "altered"
        try:
            event = decode_event(fields, seq=seq, prev_hash=prev_hash)
        except (ValueError, TypeError):
            return None, "altered"
        if any(name not in event for name in _REQUIRED_EVENT_FIELDS):
            return None, "altered"
        if event["seq"] != position or event["prev_hash"] != prev_hash:
            return None, "altered"
        if not isinstance(event["hash"], str) or not hmac.compare_digest(
                self._key.event_hash(event), event["hash"]):
            return None, "altered"
        return event["hash"], None

    # ------------------------------------------------------------------ integrity

    def receipt(self, match_id: str, seq: int, hash_: str) -> dict[str, Any]:
        """What a write answer carries: a signature (under a subkey of the chain key) over
        ``(match_id, seq, hash)`` that the client can keep and present later."""
        return {"match_id": match_id, "seq": seq, "hash": hash_,
                "signature": self._key.receipt_signature(match_id, seq, hash_)}

    def receipt_ok(self, receipt: Mapping[str, Any]) -> bool:
        try:
            return self._key.receipt_ok(receipt["match_id"], receipt["seq"], receipt["hash"],
                                        receipt["signature"])
        except (KeyError, TypeError):
            return False

    def frozen(self, match_id: str) -> dict[str, Any] | None:
        raw = self._redis.hget(match_keys(match_id).meta, FROZEN_FIELD)
        return _freeze_record(raw) if raw is not None else None

    def freeze(self, match_id: str, first_bad_seq: int | None, finding: str | None,
               detected_by: str, last_seq: int | None = None) -> dict[str, Any]:
        """Freeze the match: the append script refuses it from now on, reads are flagged
        and the judges' queue lists it. Returns the stored freeze record (an earlier
        detection stands unless this one names an earlier seq).

        The record lives in Redis, where a forger can delete it; every verification that
        still finds the log bad freezes it again."""
        seq = int(first_bad_seq) if first_bad_seq is not None else 1
        record = {"first_bad_seq": seq, "finding": finding if finding in FINDINGS else None,
                  "detected_by": detected_by, "detected_at": isoformat_utc(self._clock()),
                  "last_seq": last_seq}
        raw = self._freeze_script(keys=[match_keys(match_id).meta],
                                  args=[canonical_json(record), seq])
        stored = _freeze_record(raw)
        self._redis.hset(FROZEN_INDEX, match_id, canonical_json(stored))
        return stored

    def list_frozen(self) -> list[dict[str, Any]]:
        """Every frozen match the index knows: ``{match_id, **freeze record}``, oldest
        detection first."""
        raw = self._redis.hgetall(FROZEN_INDEX)
        out = [{**_freeze_record(value), "match_id": as_text(key)} for key, value in raw.items()]
        out.sort(key=lambda r: (str(r.get("detected_at") or ""), r["match_id"]))
        return out

    def frozen_error(self, match_id: str, raw_record: Any) -> MatchFrozen:
        return MatchFrozen(match_id, _freeze_record(raw_record))

    def stream_mismatch(self, match_id: str, head_seq: int, stream_last_id: str
                        ) -> MatchFrozen:
        """The append script found the stream not ending at the head: written behind the
        store's back. Find the first bad seq, freeze the match, return the error to raise."""
        scan = self._scan_chain(match_id)
        first_bad, finding = scan.first_bad, scan.finding
        if first_bad is None:
            last = seq_from_stream_id(stream_last_id)
            first_bad = min(head_seq, last if last is not None else head_seq) + 1
            finding = "stream_mismatch"
        record = self.freeze(match_id, first_bad, finding, "write", last_seq=head_seq)
        return MatchFrozen(match_id, record)

    def record_audit(self, match_id: str, result: Mapping[str, Any]) -> dict[str, Any]:
        """Store a ``verify_chain`` result in ``ref:{m:<id>}:audit``. A result about an
        older head than the one already recorded is dropped (jobs may finish out of
        order); the stored audit is returned either way."""
        last_seq = result.get("last_seq")
        audit = {
            "chain_ok": bool(result["chain_ok"]),
            "first_bad_seq": result.get("first_bad_seq"),
            "events": int(result.get("events", 0)),
            "finding": result.get("finding"),
            "last_seq": self.last_seq(match_id) if last_seq is None else int(last_seq),
            "checked_at": isoformat_utc(self._clock()),
        }
        args: list[Any] = [audit["last_seq"]]
        for name, value in audit.items():
            args += [name, canonical_json(value)]
        flat = self._record_audit_script(keys=[match_keys(match_id).audit], args=args)
        return _audit_record(dict(zip(flat[::2], flat[1::2], strict=True))) or audit

    def get_audit(self, match_id: str) -> dict[str, Any] | None:
        return _audit_record(self._redis.hgetall(match_keys(match_id).audit))

    # ------------------------------------------------------------------ match index

    def create_match(self, match_id: str, meta: Mapping[str, Any]) -> dict[str, Any]:
        """Register a new match: ``meta`` needs ``game``, ``ruleset`` and ``players``
        (names, or dicts with a ``name``); ``status`` defaults to ``setup``; other
        JSON-able fields are kept. Raises ``MatchExists`` for a used id."""
        keys = match_keys(match_id)
        missing = [f for f in ("game", "ruleset", "players") if f not in meta]
        if missing:
            raise ValueError(f"match meta is missing {', '.join(missing)}")
        reserved = sorted(_RESERVED_META & set(meta))
        if reserved:
            raise ValueError(f"match meta may not set {', '.join(reserved)}")
        status = meta.get("status", "setup")
        _check_status(status)
        created = self._clock()
        record = {
            **meta,
            "status": status,
            "players": [p["name"] if isinstance(p, Mapping) else p for p in meta["players"]],
            "match_id": match_id,
            "created_at": isoformat_utc(created),
        }
        args: list[str] = []
        for name, value in record.items():
            args += [name, canonical_json(value)]
        if not self._create_match_script(keys=[keys.meta], args=args):
            raise MatchExists(match_id)
        score = created.timestamp()
        pipe = self._redis.pipeline(transaction=False)  # global keys: not on the match's slot
        pipe.zadd(MATCH_INDEX, {match_id: score})
        pipe.zadd(status_index(status), {match_id: score})
        pipe.execute()
        created_meta = self.get_match_meta(match_id)
        assert created_meta is not None, "the meta hash was just written"
        return created_meta

    def read_match(self, match_id: str, idempotency_key: str | None = None) -> MatchRead:
        """What a request reads of a match first, in one round trip (see ``MatchRead``):
        the stream's first entry only when this process holds no verified facts of the
        match yet (``MatchCreated`` never changes: once verified, it is kept)."""
        keys = match_keys(match_id)
        known = self._facts.get(match_id)

        # No MULTI (the write path's one transaction is its append): an append landing
        # between the HGETALL and the XLEN makes them disagree, and the caller then verifies
        # the log (in one MULTI) before it believes the stream was tampered with.
        pipe = self._redis.pipeline(transaction=False)  # one slot: the match's
        pipe.hgetall(keys.meta)
        pipe.xlen(keys.events)
        if known is None:
            pipe.xrange(keys.events, stream_id(1), stream_id(1))
        if idempotency_key:
            pipe.hget(keys.idempotency, idempotency_key)
        replies = pipe.execute()
        raw, length = replies[0], int(replies[1])
        first = None if known is not None else replies[2]
        record = replies[-1] if idempotency_key else None
        if not raw:
            return MatchRead(None, GENESIS_HASH, length, None, None)
        head_hash = raw.get("head_hash", raw.get(b"head_hash"))
        facts = known if known is not None else self._first_facts(match_id, first)
        return MatchRead(_decode_meta(match_id, raw),
                         as_text(head_hash) if head_hash is not None else GENESIS_HASH,
                         length, record, facts)

    def match_facts(self, match_id: str) -> MatchFacts | None:
        """The match's facts from its stream's first entry read now (not the ones kept):
        None when it is missing or does not verify as this match's ``MatchCreated``."""
        keys = match_keys(match_id)
        return self._first_facts(match_id, self._redis.xrange(keys.events, stream_id(1),
                                                               stream_id(1)), keep=False)

    def _first_facts(self, match_id: str, entries: Any, keep: bool = True
                     ) -> MatchFacts | None:
        """The facts of ``entries`` (an XRANGE of entry 1) if that entry is intact
        ``MatchCreated`` of this match, chained from genesis under the chain key; kept for
        the next requests when ``keep``."""
        if not entries:
            return None
        raw_id, fields = entries[0]
        if self._checked_hash(as_text(raw_id), fields, 1, GENESIS_HASH)[0] is None:
            return None
        event = decode_event(fields, seq=1, prev_hash=GENESIS_HASH)
        if event["type"] != "MatchCreated" or not names_this_match(match_id, event):
            return None
        try:
            facts = MatchFacts.of(match_id, event)
        except (KeyError, TypeError, ValueError):   # a payload no writer of ours made
            return None
        if keep:
            self._facts.put(match_id, facts)
        return facts

    def get_match_meta(self, match_id: str) -> dict[str, Any] | None:
        raw = self._redis.hgetall(match_keys(match_id).meta)
        return _decode_meta(match_id, raw) if raw else None

    def set_match_status(self, match_id: str, status: str) -> None:
        _check_status(status)
        keys = match_keys(match_id)
        old = self._set_status_script(keys=[keys.meta], args=[canonical_json(status)])
        if old is None:
            raise MatchNotFound(match_id)
        old_status = json.loads(as_text(old))
        if old_status == status:
            return
        score = self._redis.zscore(MATCH_INDEX, match_id) or self._clock().timestamp()
        pipe = self._redis.pipeline(transaction=False)
        pipe.zrem(status_index(old_status), match_id)
        pipe.zadd(status_index(status), {match_id: score})
        pipe.execute()

    def list_matches(self, status: str | None = None, limit: int = 50, offset: int = 0,
                     newest_first: bool = True) -> list[dict[str, Any]]:
        if status is not None:
            _check_status(status)
        index = MATCH_INDEX if status is None else status_index(status)
        stop = offset + limit - 1
        ids = (self._redis.zrevrange(index, offset, stop) if newest_first
               else self._redis.zrange(index, offset, stop))
        pipe = self._redis.pipeline(transaction=False)
        for match_id in ids:
            pipe.hgetall(match_keys(as_text(match_id)).meta)
        metas = pipe.execute() if ids else []
        return [_decode_meta(as_text(mid), raw) for mid, raw in zip(ids, metas, strict=True) if raw]

    def count_matches(self, status: str | None = None) -> int:
        return int(self._redis.zcard(MATCH_INDEX if status is None else status_index(status)))


# ---------------------------------------------------------------------- helpers

def default_fingerprint(checked_events: Sequence[Mapping[str, Any]]) -> str:
    """Identifies a request by what it asks to append, for idempotency checks."""
    return sha256_hex(canonical_json([dict(e) for e in checked_events]))


def _normalise_actor(actor: Mapping[str, Any] | None) -> dict[str, Any]:
    if actor is None:
        return dict(SYSTEM_ACTOR)
    if not isinstance(actor, Mapping) or set(actor) != {"subject", "role"}:
        raise ValueError('actor must be {"subject": ..., "role": ...}')
    return {"subject": actor["subject"], "role": actor["role"]}


def _check_status(status: Any) -> None:
    if status not in MATCH_STATUSES:
        raise ValueError(f"unknown match status {status!r}; one of {', '.join(MATCH_STATUSES)}")


def _stored_hash(fields: Mapping[Any, Any]) -> str | None:
    raw = fields.get("hash", fields.get(b"hash"))
    return as_text(raw) if raw is not None else None


def _audit_record(raw: Mapping[Any, Any]) -> dict[str, Any] | None:
    if not raw:
        return None
    return {as_text(k): json.loads(as_text(v)) for k, v in raw.items()}


def _freeze_record(raw: Any) -> dict[str, Any]:
    """A stored freeze record; anything unreadable (a forger's garbage) still freezes."""
    try:
        record = json.loads(as_text(raw))
    except (ValueError, TypeError):
        record = None
    if not isinstance(record, dict):
        return {"first_bad_seq": None, "finding": None, "detected_by": None,
                "detected_at": None, "last_seq": None}
    seq = record.get("first_bad_seq")
    return {"first_bad_seq": seq if isinstance(seq, int) and not isinstance(seq, bool)
            else None,
            "finding": record.get("finding") if record.get("finding") in FINDINGS else None,
            "detected_by": str(record["detected_by"]) if record.get("detected_by") else None,
            "detected_at": str(record["detected_at"]) if record.get("detected_at") else None,
            "last_seq": record.get("last_seq") if isinstance(record.get("last_seq"), int)
            else None}


def _decode_meta(match_id: str, raw: Mapping[Any, Any]) -> dict[str, Any]:
    meta: dict[str, Any] = {"match_id": match_id}
    for raw_name, raw_value in raw.items():
        name, value = as_text(raw_name), as_text(raw_value)
        if name == FROZEN_FIELD:
            meta[name] = _freeze_record(value)
        elif name not in _SCRIPT_FIELDS:
            try:
                meta[name] = json.loads(value)
            except ValueError:  # not written by the store: kept as it is (it then
                meta[name] = value  # contradicts the facts it stands for, events.facts)
    meta["last_seq"] = int(as_text(raw.get("head_seq", raw.get(b"head_seq", "0"))) or 0)
    return meta
