"""Keeping the read models up to date: incremental updates, rebuilds, dropping old epochs.

``update_read_models(store, match_id)`` reads the match's checkpoint, then applies the events
after it in steps of at most ``step`` events. Each step is computed in Python (the pure
``model.apply_events`` plus the engine state's summary) and written by ONE Lua script that
first checks that the checkpoint is still the one the step was computed from (and that the
epoch is still live or being built), then writes everything and moves the checkpoint. So:

* a worker killed mid-job leaves the models exactly at a step boundary;
* a job delivered twice (RQ is at-least-once), or two workers racing on one match, can't
  apply an event twice: the loser's check fails and it re-reads;
* every write is a set-like HSET/ZADD/ZREM of a value computed from the log, so even a
  replayed step writes the same bytes.
"""
from __future__ import annotations

import copy
import functools
import json
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from events.codec import as_text, canonical_json, to_json_value
from events.keys import MATCH_INDEX, match_keys
from events.lru import BoundedLRU
from events.store import MATCH_STATUSES, EventStore, ScriptCall

from ..clock import Clock
from ..disputes import is_open
from ..errors import EngineMismatch
from ..replay import fold, game_of, rewind_target
from ..snapshots import load_state
from . import keys as K
from .model import (
    Changes,
    MatchModel,
    apply_events,
    player_key,
    summary_fields,
    timestamp,
)

if TYPE_CHECKING:
    from redis.commands.core import Script

    from events.redis_client import StoreRedis as Redis  # one server or a cluster

log = logging.getLogger(__name__)

DEFAULT_STEP = 200
MAX_STALE_RETRIES = 50

_APPLY_LUA = """
local meta, ckpt = KEYS[1], KEYS[2]
local epoch, match, expected, new = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local live = redis.call("HGET", meta, "epoch") or "1"
if epoch ~= live and epoch ~= redis.call("HGET", meta, "building") then
  return {"stale_epoch", live}
end
local have = redis.call("HGET", ckpt, match) or "0"
if have ~= expected then return {"stale", have} end
-- sent with the append in one transaction: write only if the append did (the match's head
-- is now this step's last event)
local guard = tonumber(ARGV[6] or "")
if guard then
  local head = redis.call("HMGET", KEYS[guard], "head_seq", "head_hash")
  if head[1] ~= new or head[2] ~= ARGV[7] then return {"not_appended", have} end
end
local allowed = {HSET = true, HDEL = true, ZADD = true, ZREM = true}
local ops = cjson.decode(ARGV[5])
for i = 1, #ops do
  if not allowed[ops[i][1]] then
    return redis.error_reply("read-model op not allowed: " .. tostring(ops[i][1]))
  end
end
for i = 1, #ops do
  local op = ops[i]
  local args = {}
  for j = 3, #op do args[#args + 1] = op[j] end
  redis.call(op[1], KEYS[op[2]], unpack(args))
end
redis.call("HSET", ckpt, match, new)
return {"ok", new}
"""

_BEGIN_REBUILD_LUA = """
local live = tonumber(redis.call("HGET", KEYS[1], "epoch") or "1")
local nxt = redis.call("HINCRBY", KEYS[1], "next", 1)
if nxt <= live then
  nxt = live + 1
  redis.call("HSET", KEYS[1], "next", nxt)
end
redis.call("HSET", KEYS[1], "building", nxt)
return tostring(nxt)
"""

_SWITCH_LUA = """
if redis.call("HGET", KEYS[1], "building") ~= ARGV[1] then return 0 end
redis.call("HSET", KEYS[1], "epoch", ARGV[1])
redis.call("HDEL", KEYS[1], "building")
return 1
"""

# Empties one key without DEL (the store's Redis user may not delete keys). Read models are
# only hashes and sorted sets; with HDEL and ZREM alone the Redis user needs no command that
# empties a key in one go.
_EMPTY_LUA = """
local t = redis.call("TYPE", KEYS[1])["ok"]
local function chunks(cmd, items)
  for i = 1, #items, 500 do
    redis.call(cmd, KEYS[1], unpack(items, i, math.min(i + 499, #items)))
  end
end
if t == "hash" then chunks("HDEL", redis.call("HKEYS", KEYS[1]))
elseif t == "zset" then chunks("ZREM", redis.call("ZRANGE", KEYS[1], 0, -1))
end
return t
"""


@functools.lru_cache(maxsize=16)
def _apply_script(redis: Redis) -> Script:
    """The apply script registered on ``redis`` (sent by its SHA, loaded once)."""
    return redis.register_script(_APPLY_LUA)


class StaleEpoch(RuntimeError):
    """The epoch being written is neither live nor being built (a newer rebuild won)."""



class _Ops:
    """Redis commands for the apply script; keys are passed as KEYS[i] (cluster-safe)."""

    def __init__(self, meta: str, ckpt: str):
        self.keys = [meta, ckpt]
        self._index: dict[str, int] = {}
        self.ops: list[list[Any]] = []

    def _key(self, key: str) -> int:
        if key not in self._index:
            self.keys.append(key)
            self._index[key] = len(self.keys)  # Lua is 1-based
        return self._index[key]

    def add(self, command: str, key: str, *args: Any) -> None:
        self.ops.append([command, self._key(key), *(str(a) for a in args)])


# ---------------------------------------------------------------------- one match

def read_checkpoint(redis: Redis, match_id: str, epoch: str | None = None) -> int:
    epoch = epoch or K.current_epoch(redis)
    raw = redis.hget(K.EpochKeys(epoch).ckpt, match_id)
    return int(as_text(raw)) if raw is not None else 0


def _read_model(redis: Redis, ek: K.EpochKeys, match_id: str) -> tuple[int, MatchModel]:
    pipe = redis.pipeline(transaction=False)
    pipe.hget(ek.ckpt, match_id)
    pipe.hget(ek.summary, match_id)
    pipe.hgetall(ek.disputes(match_id))
    raw_ckpt, raw_summary, raw_disputes = pipe.execute()
    model = MatchModel(match_id,
                       json.loads(raw_summary) if raw_summary is not None else None,
                       {as_text(k): json.loads(v) for k, v in raw_disputes.items()})
    return (int(as_text(raw_ckpt)) if raw_ckpt is not None else 0), model


def _engine_state(store: EventStore, match_id: str, created: dict[str, Any], events: list[dict[str, Any]],
                  ckpt: int, end: int, cache: tuple[int, Any] | None,
                  known_state: tuple[int, Any] | None = None
                  ) -> tuple[dict[str, Any] | None, tuple[int, Any] | None]:
    """(game.summary(state) at ``end``, new cache); (None, None) for a game this engine
    can't fold (its disputes and penalties are still kept)."""
    try:
        game = game_of([created])
    except (KeyError, EngineMismatch):  # an unknown game, or one made under other rules
        return None, None
    if known_state is not None and known_state[0] == end:
        state = known_state[1]
    elif cache is not None and cache[0] == ckpt and not any(
            rewind_target(e) is not None for e in events):
        state = fold([created, *events], end, start=(cache[1], ckpt)).state
    else:
        state = load_state(store, store.redis, match_id, end).state
    return game.summary(state), (end, state)


def _step_ops(ek: K.EpochKeys, match_id: str, summary: dict[str, Any], changes: Changes) -> _Ops:
    ops = _Ops(K.META, ek.ckpt)
    ops.add("HSET", ek.summary, match_id, canonical_json(summary))
    created = repr(timestamp(summary.get("created_at")))
    ops.add("ZADD", ek.idx, created, match_id)
    for status in MATCH_STATUSES:
        if status == summary.get("status"):
            ops.add("ZADD", ek.idx_status(status), created, match_id)
        else:
            ops.add("ZREM", ek.idx_status(status), match_id)
    for name in summary.get("players") or []:
        if name:
            ops.add("ZADD", ek.idx_player(player_key(name)), created, match_id)
            ops.add("HSET", ek.players, player_key(name), name)
    if changes.disputes:
        _dispute_ops(ops, ek, match_id, summary, changes.disputes)
    if summary.get("clock") is not None:
        _deadline_ops(ops, ek, match_id, summary)
    for entry_key, entry in changes.penalties.items():
        pk = entry.get("person")
        if pk is None:   # an entry filed before players had IDs: by name, as it was
            pk = player_key(entry["player"])
            ops.add("HSET", ek.players, pk, entry["player"])
        else:
            ops.add("HSET", ek.persons, pk, entry["player"])
        ops.add("HSET", ek.penalties(pk), entry_key, canonical_json(entry))
    return ops


def _dispute_ops(ops: _Ops, ek: K.EpochKeys, match_id: str, summary: dict[str, Any],
                 disputes: dict[str, dict[str, Any]]) -> None:
    """The changed dispute records, and the judges' queue: only what awaits a judge is in
    it (a ruled dispute leaves it), each item in the whole queue and in its match's, and
    the match by table, scored by its newest item."""
    for dispute_id, record in disputes.items():
        ops.add("HSET", ek.disputes(match_id), dispute_id, canonical_json(record))
        member = K.queue_member(match_id, dispute_id)
        if is_open(record):
            queued = repr(timestamp(record.get("queued_at")))
            ops.add("ZADD", ek.queue, queued, member)
            ops.add("ZADD", ek.match_queue(match_id), queued, dispute_id)
        else:
            ops.add("ZREM", ek.queue, member)
            ops.add("ZREM", ek.match_queue(match_id), dispute_id)
    if summary.get("open_disputes"):
        ops.add("ZADD", ek.queue_tables, repr(timestamp(summary.get("queue_newest_at"))),
                match_id)
    else:
        ops.add("ZREM", ek.queue_tables, match_id)


def _deadline_ops(ops: _Ops, ek: K.EpochKeys, match_id: str, summary: dict[str, Any]) -> None:
    """The match in the deadlines index while its clock can run out and its game is not
    over, scored by when it runs out (an extension moves it); out of it otherwise."""
    deadline = Clock.from_record(summary["clock"]).deadline()
    if deadline is None or summary.get("status") == "finished":
        ops.add("ZREM", ek.deadlines, match_id)
    else:
        ops.add("ZADD", ek.deadlines, repr(deadline), match_id)


@dataclass
class _Run:
    """One ``update_read_models`` run: what it was asked, and how far it got."""

    store: EventStore
    match_id: str
    head: int
    live: str                               # the epoch written (may move on a stale epoch)
    fixed_epoch: str | None                 # a rebuild's epoch: never moves
    step: int
    known_state: tuple[int, Any] | None
    created: dict[str, Any] | None = None   # the MatchCreated event (the game, the players)
    cache: tuple[int, Any] | None = None    # (seq, engine state) after the last step
    steps: int = 0
    applied: int = 0
    stale: int = 0
    first_seq: int | None = None
    ckpt: int = 0

    def result(self) -> dict[str, Any]:
        return {"match_id": self.match_id, "epoch": self.live, "from_seq": self.first_seq,
                "to_seq": max(self.ckpt, 0), "head": self.head, "steps": self.steps,
                "events": self.applied}


# The live epoch as this process last read it. The after-append job reads the epoch beside
# that epoch's checkpoint of the match, one round trip where two were: when the read models
# are caught up (the write path's step wrote them) that is all the job reads of them. A guess
# the read shows stale only costs the ordinary read.
_SEEN_EPOCH = [K.DEFAULT_EPOCH]


def _live_epoch_and_checkpoint(redis: Redis, match_id: str) -> tuple[str, int | None]:
    """The live epoch, and the match's checkpoint in it (None: not read, the guess was off)."""
    guess = _SEEN_EPOCH[0]
    pipe = redis.pipeline(transaction=False)
    pipe.hget(K.META, "epoch")
    pipe.hget(K.EpochKeys(guess).ckpt, match_id)
    raw_epoch, raw_ckpt = pipe.execute()
    live = as_text(raw_epoch) or K.DEFAULT_EPOCH
    _SEEN_EPOCH[0] = live
    if live != guess:
        return live, None
    return live, int(as_text(raw_ckpt)) if raw_ckpt is not None else 0


def _next_batch(run: _Run) -> tuple[MatchModel, list[dict[str, Any]], int] | None:
    """The model at its checkpoint and the events of the next step (None: caught up)."""
    ek = K.EpochKeys(run.live)
    run.ckpt, model = _read_model(run.store.redis, ek, run.match_id)
    if run.first_seq is None:
        run.first_seq = run.ckpt
    if run.ckpt >= run.head:
        return None
    end = min(run.head, run.ckpt + run.step)
    events = run.store.read(run.match_id, run.ckpt + 1, end)
    if not events or events[-1]["seq"] != end:
        raise RuntimeError(f"match {run.match_id}: events {run.ckpt + 1}..{end} are not all there")
    if run.created is None:
        run.created = events[0] if events[0]["seq"] == 1 else run.store.read(run.match_id, 1, 1)[0]
    return model, events, end


def _commit_step(run: _Run, model: MatchModel, events: list[dict[str, Any]], end: int
                 ) -> tuple[bool, tuple[int, Any] | None]:
    """Fold the step's events into the model, the engine state's summary beside them, and
    write it all with one script that first checks the checkpoint. ``(committed, the engine
    state to continue from)``."""
    changes = apply_events(model, events)
    assert run.created is not None and model.summary is not None, "_next_batch read them"
    game_summary, new_cache = _engine_state(run.store, run.match_id, run.created, events,
                                            run.ckpt, end, run.cache, run.known_state)
    summary = {**model.summary, **summary_fields(game_summary, model.summary.get("players") or [])}
    ops = _step_ops(K.EpochKeys(run.live), run.match_id, summary, changes)
    reply = _apply_script(run.store.redis)(
        keys=ops.keys, args=[run.live, run.match_id, str(run.ckpt), str(end),
                             canonical_json(ops.ops)])
    outcome = as_text(reply[0])
    if outcome == "ok":
        INLINE_MODELS.put(run.match_id, (run.live, end, _as_read(model, summary)))
        return True, new_cache
    _lost_race(run, outcome, as_text(reply[1]))
    return False, None


def _as_read(model: MatchModel, summary: dict[str, Any]) -> MatchModel:
    """The model as the next step would read it back from Redis (the summary as written)."""
    return MatchModel(model.match_id, to_json_value(summary), to_json_value(model.disputes))


# ---------------------------------------------------------------------- with the append

# Per process: each match's read model (epoch, checkpoint, model) as this process last wrote
# it, so the write path computes the next step without reading it back. The apply script's
# checkpoint and epoch checks make a stale entry harmless: the step is refused, and the
# ordinary update runs.
INLINE_MODELS: BoundedLRU[str, tuple[str, int, MatchModel]] = BoundedLRU(1024)


@dataclass(frozen=True)
class InlineStep:
    """The read models' step for a batch being appended, as a script for the append's
    transaction (``EventStore.submit(then=…)``); ``settle`` reads its reply."""

    match_id: str
    call: ScriptCall
    cached: tuple[str, int, MatchModel]

    def settle(self, reply: Any) -> bool:
        """Whether the step was written; if not, the caller runs ``update_read_models``."""
        if reply is not None and as_text(reply[0]) == "ok":
            INLINE_MODELS.put(self.match_id, self.cached)
            return True
        INLINE_MODELS.pop(self.match_id)
        return False


def inline_step(store: EventStore, match_id: str, events: list[dict[str, Any]],
                game_summary: dict[str, Any] | None, *, guarded: bool) -> InlineStep | None:
    """The step that brings the read models from the seq before ``events`` (the stored
    batch, with seqs and hashes) to its last one, when this process holds the model at that
    checkpoint; else None. ``guarded``: the script writes only if the match's head is the
    batch's last event (it runs in the append's transaction, whatever the append did)."""
    cached = INLINE_MODELS.get(match_id)
    first, last = events[0]["seq"], events[-1]
    if cached is None or cached[1] != first - 1:
        return None
    epoch, ckpt, held = cached
    model = copy.deepcopy(held)
    changes = apply_events(model, events)
    assert model.summary is not None, "apply_events makes one"
    summary = {**model.summary, **summary_fields(game_summary, model.summary.get("players") or [])}
    ops = _step_ops(K.EpochKeys(epoch), match_id, summary, changes)
    args = [epoch, match_id, str(ckpt), str(last["seq"]), canonical_json(ops.ops)]
    if guarded:
        ops.keys.append(match_keys(match_id).meta)
        args += [str(len(ops.keys)), last["hash"]]
    call = ScriptCall(_apply_script(store.redis), ops.keys, args)
    return InlineStep(match_id, call, (epoch, last["seq"], _as_read(model, summary)))


def _lost_race(run: _Run, outcome: str, live: str) -> None:
    """Another writer moved the checkpoint (re-read and go on) or the epoch (follow the live
    one; a rebuild's epoch that is no longer wanted is ``StaleEpoch``)."""
    run.stale += 1
    run.cache = None
    if outcome == "stale_epoch":
        if run.fixed_epoch is not None:
            raise StaleEpoch(f"epoch {run.fixed_epoch} is no longer live nor being built")
        run.live = live
    if run.stale > MAX_STALE_RETRIES:
        raise RuntimeError(f"match {run.match_id}: gave up after {run.stale} lost races")


def update_read_models(store: EventStore, match_id: str, *, step: int | None = None,
                       epoch: str | None = None, pause: float = 0.0,
                       max_steps: int | None = None,
                       after_step: Callable[[dict[str, Any]], None] | None = None,
                       known_state: tuple[int, Any] | None = None,
                       head: int | None = None) -> dict[str, Any]:
    """Apply the match's events after its checkpoint to the read models, ``step`` events per
    atomic write. Idempotent. ``epoch``: write that epoch (a rebuild) instead of the live one.
    ``pause``: seconds to sleep between steps (gentle rebuilds); ``max_steps``: stop after so
    many steps (the rest is left for the next job); ``after_step(info)``: called after each
    committed step (progress bars; an exception raised there stops the job after a complete
    step, which is how a crash between steps is tested). ``known_state``: ``(seq, state)`` the
    caller already holds (the write path), used instead of loading the state at that seq.
    ``head``: the match's head seq when the caller just read it (the after-append job)."""
    head = store.last_seq(match_id) if head is None else head
    if epoch is None:
        live, ckpt = _live_epoch_and_checkpoint(store.redis, match_id)
    else:
        live, ckpt = epoch, None
    run = _Run(store=store, match_id=match_id, head=head, live=live, fixed_epoch=epoch,
               step=max(1, int(step or DEFAULT_STEP)), known_state=known_state)
    if ckpt is not None and ckpt >= head:  # the write path's step got there: nothing to read
        run.first_seq = run.ckpt = ckpt
        return run.result()
    while (batch := _next_batch(run)) is not None:
        model, events, end = batch
        committed, new_cache = _commit_step(run, model, events, end)
        if not committed:
            continue
        run.cache = new_cache
        run.steps += 1
        run.applied += len(events)
        if after_step is not None:
            after_step({"match_id": match_id, "from_seq": run.ckpt, "to_seq": end,
                        "head": run.head})
        if max_steps is not None and run.steps >= max_steps:
            run.ckpt = end
            break
        if pause:
            time.sleep(pause)
    return run.result()


# ---------------------------------------------------------------------- all matches

def all_match_ids(store: EventStore) -> list[str]:
    """Every match: the store's index (oldest first), then any match whose meta or event
    stream exists but is missing from the index (found by SCAN: the index and the meta hash
    can be emptied by whoever can write Redis, the stream less easily)."""
    redis = store.redis
    seen: dict[str, None] = {}
    start = 0
    while True:
        page = redis.zrange(MATCH_INDEX, start, start + 499)
        for raw in page:
            seen.setdefault(as_text(raw), None)
        if len(page) < 500:
            break
        start += 500
    for suffix in ("meta", "events"):
        tail = "}:" + suffix
        for raw in redis.scan_iter(match="ref:{m:*" + tail, count=1000):
            key = as_text(raw)
            match_id = key[len("ref:{m:"):-len(tail)]
            if match_id:
                seen.setdefault(match_id, None)
    return list(seen)


def begin_rebuild(redis: Redis) -> str:
    return as_text(redis.eval(_BEGIN_REBUILD_LUA, 1, K.META))


def switch_epoch(redis: Redis, epoch: str) -> bool:
    return bool(redis.eval(_SWITCH_LUA, 1, K.META, str(epoch)))


def drop_stale_epochs(redis: Redis) -> int:
    """Empty every read-model key of an epoch that is neither live nor being built.
    Returns how many keys were emptied."""
    raw = redis.hmget(K.META, "epoch", "building")
    keep = {as_text(raw[0]) or K.DEFAULT_EPOCH, as_text(raw[1])}
    emptied = 0
    for raw_key in redis.scan_iter(match=K.TAG + ":*", count=1000):
        key = as_text(raw_key)
        epoch = K.epoch_of_key(key)
        if epoch is None or epoch in keep:
            continue
        redis.eval(_EMPTY_LUA, 1, key)
        emptied += 1
    return emptied


def rebuild_read_models(store: EventStore, *, step: int | None = None,
                        progress: Callable[[str, dict[str, Any]], None] | None = None,
                        match_ids: list[str] | None = None) -> dict[str, Any]:
    """Build every read model from the logs into a fresh epoch, switch to it atomically,
    catch up what was appended meanwhile, then empty the old epoch's keys. Readers see the
    old models until the switch, never a half-built set. ``progress(match_id, result)`` is
    called per match."""
    redis = store.redis
    ids = all_match_ids(store) if match_ids is None else match_ids
    new = begin_rebuild(redis)
    results = []
    failed: dict[str, str] = {}
    for match_id in ids:
        try:
            result = update_read_models(store, match_id, step=step, epoch=new)
        except StaleEpoch:
            raise
        except Exception as exc:  # noqa: BLE001 - one bad match must not stop a rebuild
            log.exception("rebuild: match %s failed", match_id)
            failed[match_id] = f"{type(exc).__name__}: {exc}"
            result = {"match_id": match_id, "error": failed[match_id]}
        results.append(result)
        if progress is not None:
            progress(match_id, result)
    if not switch_epoch(redis, new):
        raise StaleEpoch(f"another rebuild replaced epoch {new} before it was switched to")
    for match_id in ids:  # appends that landed on the old epoch during the rebuild
        if match_id in failed:
            continue
        try:
            update_read_models(store, match_id, step=step)
        except Exception:  # noqa: BLE001 - reconcile will retry it
            log.exception("rebuild catch-up: match %s failed", match_id)
    emptied = drop_stale_epochs(redis)
    return {"epoch": new, "matches": len(ids),
            "events": sum(r.get("events", 0) for r in results), "failed": failed,
            "dropped_keys": emptied}


def iter_models_behind(store: EventStore) -> Iterator[tuple[str, int, int]]:
    """(match_id, checkpoint, head) for every match whose read models lag its log."""
    redis = store.redis
    epoch = K.current_epoch(redis)
    ids = all_match_ids(store)
    for start in range(0, len(ids), 200):
        chunk = ids[start:start + 200]
        pipe = redis.pipeline(transaction=False)
        for match_id in chunk:
            pipe.hget(K.EpochKeys(epoch).ckpt, match_id)
            pipe.hget(f"ref:{{m:{match_id}}}:meta", "head_seq")
        replies = pipe.execute()
        for n, match_id in enumerate(chunk):
            ckpt = int(as_text(replies[2 * n]) or 0)
            head = int(as_text(replies[2 * n + 1]) or 0)
            if ckpt < head:
                yield match_id, ckpt, head
