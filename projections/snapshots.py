"""Snapshots of a match's engine state, and loading the state at any seq cheaply.

Every K events (``REFEREE_SNAPSHOT_EVERY``, default 100) a worker stores the folded engine
state (``game.to_dict``) with the seq it covers, its ``state_hash``, the hash of the event at
that seq and the engine version, under the match's hash tag:

* ``ref:{m:<id>}:snap``       hash: ``"<seq>"`` -> JSON snapshot
* ``ref:{m:<id>}:snap:seqs``  sorted set: ``"<seq>"`` scored by seq (to find "newest <= upto")

The newest ``REFEREE_SNAPSHOT_KEEP`` (default 3) are kept, plus one per ``10 * K`` seqs as
milestones so that time travel far back is cheap too. Snapshots are a cache: losing any of
them only costs time, and ``load_state`` never trusts one that does not check out.

A match made under other rules than the running engine's (``MatchCreated.engine``) is not
folded: ``load_state`` raises ``EngineMismatch`` (``replay.game_of``).

``load_state(store, redis, match_id, upto)`` = the newest *valid* snapshot at or before
``upto`` + the events after it. A snapshot is valid when its engine version is the running
engine's, its stored state hashes to its recorded ``state_hash``, and the event at its seq
still has the recorded hash and (where the event carries one) the same ``state_hash``.

Rewinds: ``replay.apply_one`` resolves a ``Rewound`` (or a ruling with a rewind remedy) by
folding the log *prefix* up to the target from scratch, so a tail that holds a rewinding
event is folded with the whole history before it (the snapshot still saves applying the
events up to its seq, and the result is exactly a full fold). ``maybe_snapshot`` takes a
snapshot right after any rewind, so this slower path only lasts until the next job.
"""
from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from events.codec import GENESIS_HASH, as_text, canonical_json, decode_entries, decode_event
from events.errors import MatchNotFound
from events.keys import match_keys

from .errors import EngineMismatch
from .replay import REWINDING_TYPES, fold, game_of, rewind_target

if TYPE_CHECKING:
    from events.redis_client import StoreRedis
    from events.store import EventStore, LogRead

    from .games import Game

log = logging.getLogger(__name__)

SNAPSHOT_FORMAT = 1
DEFAULT_EVERY = 100
DEFAULT_KEEP = 3
MILESTONE_FACTOR = 10

_SAVE_LUA = """
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
redis.call("ZADD", KEYS[2], ARGV[1], ARGV[1])
for i = 3, #ARGV do
  redis.call("HDEL", KEYS[1], ARGV[i])
  redis.call("ZREM", KEYS[2], ARGV[i])
end
return 1
"""


def snapshot_every(environ: Mapping[str, str] | None = None) -> int:
    env = os.environ if environ is None else environ
    return max(1, int(env.get("REFEREE_SNAPSHOT_EVERY") or DEFAULT_EVERY))


def snapshot_keep(environ: Mapping[str, str] | None = None) -> int:
    env = os.environ if environ is None else environ
    return max(1, int(env.get("REFEREE_SNAPSHOT_KEEP") or DEFAULT_KEEP))


def snapshot_keys(match_id: str) -> tuple[str, str]:
    keys = match_keys(match_id)
    return keys.snapshots, keys.snapshot_seqs



@dataclass
class LoadedState:
    """The engine state after event ``seq``.

    ``snapshot_seq``: the snapshot it started from (None: folded from MatchCreated);
    ``applied``: how many events were applied on top of it; ``full_history``: the tail held a
    rewind, so the whole log up to ``seq`` was read (see the module doc)."""

    state: Any
    seq: int
    game: Game
    snapshot_seq: int | None = None
    applied: int = 0
    full_history: bool = False
    rewound_in_tail: bool = False


# ---------------------------------------------------------------------- reading

def list_snapshots(redis: StoreRedis, match_id: str) -> list[dict[str, Any]]:
    """Stored snapshots, newest first, without their state (for tools and tests)."""
    snap_key, seqs_key = snapshot_keys(match_id)
    out = []
    for raw_seq in redis.zrevrange(seqs_key, 0, -1):
        blob = redis.hget(snap_key, as_text(raw_seq))
        if blob is None:
            continue
        try:
            snap = json.loads(blob)
        except ValueError:
            out.append({"seq": int(as_text(raw_seq)), "corrupt": True})
            continue
        snap.pop("state", None)
        out.append(snap)
    return out


def newest_snapshot_seq(redis: StoreRedis, match_id: str, engine_version: str | None = None,
                        seqs: list[int] | None = None) -> int:
    """The highest seq a stored snapshot covers (0: none); with ``engine_version``, only
    snapshots of that engine count. Hashes are not checked here (``load_state`` does).
    ``seqs``: the snapshots' seqs, newest first, when the caller read them already."""
    snap_key, seqs_key = snapshot_keys(match_id)
    if seqs is None:
        seqs = [int(as_text(raw)) for raw in redis.zrevrange(seqs_key, 0, -1)]
    for seq in seqs:
        if engine_version is None:
            return seq
        blob = redis.hget(snap_key, str(seq))
        try:
            if blob is not None and json.loads(blob).get("engine_version") == engine_version:
                return seq
        except ValueError:
            continue
    return 0


def load_state(store: EventStore, redis: StoreRedis | None, match_id: str, upto: int | None = None) -> LoadedState:
    """The engine state after seq ``upto`` (default: the last event), from the newest valid
    snapshot at or before ``upto`` plus the events after it. Equal to ``fold(events,
    upto).state`` (same ``state_hash``), at about the cost of folding at most K events.

    Raises ``MatchNotFound`` for a match without events, ``ValueError`` for ``upto < 1``."""
    redis = store.redis if redis is None else redis
    keys = match_keys(match_id)
    if upto is not None and upto < 1:
        raise ValueError("upto must be >= 1 (seq 1 is MatchCreated)")
    pipe = redis.pipeline(transaction=False)
    pipe.hget(keys.meta, "head_seq")
    pipe.xrange(keys.events, "1-0", "1-0")
    pipe.zrevrangebyscore(snapshot_keys(match_id)[1], "+inf" if upto is None else upto, "-inf",
                          start=0, num=snapshot_keep() + 8)
    raw_head, first, candidates = pipe.execute()
    head = int(as_text(raw_head)) if raw_head is not None else 0
    if not first or head < 1:
        raise MatchNotFound(match_id)
    created = decode_event(first[0][1], seq=1, prev_hash=GENESIS_HASH)
    game = game_of([created])
    target = head if upto is None else min(upto, head)

    for raw_seq in candidates:
        snap_seq = int(as_text(raw_seq))
        if snap_seq > target:
            continue
        loaded = _from_snapshot(store, redis, match_id, game, created, snap_seq, target)
        if loaded is not None:
            return loaded
    events = store.read(match_id, 1, target)
    folded = fold(events, target)
    return LoadedState(folded.state, folded.seq, game, None, len(events), True,
                       any(rewind_target(e) is not None for e in events))


def _from_snapshot(store: EventStore, redis: StoreRedis, match_id: str, game: Game, created: dict[str, Any],
                   snap_seq: int, target: int) -> LoadedState | None:
    blob = redis.hget(snapshot_keys(match_id)[0], str(snap_seq))
    if blob is None:
        return None
    try:
        snap = json.loads(blob)
        if snap.get("engine_version") != game.engine_version or snap.get("seq") != snap_seq:
            return None
        state = game.from_dict(snap["state"])
    except (ValueError, KeyError, TypeError, AttributeError):
        log.warning("match %s: unreadable snapshot at seq %s ignored", match_id, snap_seq)
        return None
    if game.state_hash(state) != snap.get("state_hash"):
        log.warning("match %s: snapshot at seq %s does not hash to its state_hash; ignored",
                    match_id, snap_seq)
        return None
    tail = store.read(match_id, snap_seq, target)
    if not tail or tail[0].get("seq") != snap_seq:
        return None
    at = tail[0]
    if at.get("hash") != snap.get("event_hash") or (
            at.get("state_hash") is not None and at["state_hash"] != snap["state_hash"]):
        log.warning("match %s: snapshot at seq %s disagrees with the log; ignored",
                    match_id, snap_seq)
        return None
    tail = tail[1:]
    rewound = any(rewind_target(e) is not None for e in tail)
    if rewound:
        # apply_one folds a rewind's target prefix from the events it is given: give it all.
        history = store.read(match_id, 1, target)
        folded = fold(history, target, start=(state, snap_seq))
    else:
        folded = fold([created, *tail], target, start=(state, snap_seq))
    return LoadedState(folded.state, folded.seq, game, snap_seq, len(tail), rewound, rewound)


# ---------------------------------------------------------------------- writing

def save_snapshot(store: EventStore, match_id: str, loaded: LoadedState, *, event: Mapping[str, Any],
                  keep: int | None = None, every: int | None = None) -> dict[str, Any] | None:
    """Store ``loaded`` (the state after ``event``) as a snapshot. Refuses (returns None and
    logs) when the state does not hash to the state_hash the event recorded: the log and
    the engine disagree, which is the audit's business, not something to cache."""
    game, state = loaded.game, loaded.state
    digest = game.state_hash(state)
    if event.get("state_hash") is not None and event["state_hash"] != digest:
        log.error("match %s: replayed state at seq %s does not match its recorded state_hash; "
                  "no snapshot taken", match_id, loaded.seq)
        return None
    snap = {"format": SNAPSHOT_FORMAT, "seq": loaded.seq, "game": getattr(game, "name", None),
            "engine_version": game.engine_version, "state_hash": digest,
            "event_hash": event["hash"], "state": game.to_dict(state)}
    redis = store.redis
    snap_key, seqs_key = snapshot_keys(match_id)
    existing = [int(as_text(s)) for s in redis.zrange(seqs_key, 0, -1)]
    drop = _to_drop(sorted(set(existing) | {loaded.seq}), keep or snapshot_keep(),
                    (every or snapshot_every()) * MILESTONE_FACTOR)
    redis.eval(_SAVE_LUA, 2, snap_key, seqs_key, loaded.seq, canonical_json(snap),
               *[s for s in drop if s != loaded.seq])
    return {k: v for k, v in snap.items() if k != "state"}


def _to_drop(seqs: list[int], keep: int, milestone: int) -> list[int]:
    """Keep the newest ``keep`` and the oldest snapshot of each ``milestone``-wide bucket."""
    kept = set(seqs[-keep:])
    buckets: dict[int, int] = {}
    for s in seqs:
        buckets.setdefault(s // milestone, s)
    kept |= set(buckets.values())
    return [s for s in seqs if s not in kept]


def maybe_snapshot(store: EventStore, match_id: str, *, every: int | None = None,
                   keep: int | None = None, log: LogRead | None = None) -> dict[str, Any] | None:
    """Take a snapshot at the match's head when K or more events came since the newest
    snapshot, or when one of them rewinds. Returns the snapshot's metadata, or None when
    none was due (or the log disagrees with the engine). Idempotent: a second run finds the
    snapshot it would take already there. ``log``: the match's log as the caller just read
    it (``EventStore.read_log`` or ``read_log_to_check``), so that nothing is read twice."""
    every = every or snapshot_every()
    redis = store.redis
    head = log.head_seq if log is not None else store.last_seq(match_id)
    if head < 1:
        return None
    held = log is not None and log.start + len(log.entries) >= head
    first = log.first_entry() if held and log else None
    created = (list(decode_entries([first], GENESIS_HASH)) if first is not None
               else store.read(match_id, 1, 1))[0]
    try:
        game = game_of([created])
    except EngineMismatch:  # made under other rules: this engine has no state to keep
        return None
    newest = newest_snapshot_seq(redis, match_id, game.engine_version,
                                 log.snapshot_seqs if log is not None else None)
    if newest >= head:
        return None
    due = head - newest >= every
    if not due:
        if held and log:     # only a rewind's payload is read: the rest stays undecoded
            # A read of the tail starts at the entry the last check ended on: the events
            # before it were looked at by the earlier jobs, which took a snapshot if one
            # rewound (the job checks the whole log again when a step fails).
            tail = [(i, f) for i, f in log.entries[max(newest - log.start, 0):head - log.start]
                    if as_text(f.get("type", f.get(b"type"))) in REWINDING_TYPES]
            events = list(decode_entries(tail, None))
        else:
            events = store.read(match_id, newest + 1, head)
        due = any(rewind_target(e) is not None for e in events)
    if not due:
        return None
    loaded = load_state(store, redis, match_id, head)
    event = store.read(match_id, loaded.seq, loaded.seq)[0]
    return save_snapshot(store, match_id, loaded, event=event, keep=keep, every=every)
