"""Reading the read models (what the API's list and judge routes call).

Every function takes a redis-py client on the event store's Redis (decoding or not) and reads
the live epoch. They never fold events: a model that lags its log by a few events is what
they answer (``last_seq`` in each summary says how fresh it is).
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from events.codec import as_text
from events.store import MATCH_STATUSES

from ..disputes import STATUSES as DISPUTE_STATUSES
from ..disputes import listed
from . import keys as K
from .model import (
    infraction_category,
    mark_repeats,
    normalise_infraction,
    player_key,
)

if TYPE_CHECKING:
    from events.redis_client import StoreRedis


def _keys(redis: StoreRedis) -> K.EpochKeys:
    return K.EpochKeys(K.current_epoch(redis))


def checkpoint(redis: StoreRedis, match_id: str) -> int:
    """The last seq the read models have applied for the match (0: none)."""
    raw = redis.hget(_keys(redis).ckpt, match_id)
    return int(as_text(raw)) if raw is not None else 0


# ---------------------------------------------------------------------- matches

def due_clocks(redis: StoreRedis, now: float, limit: int = 100) -> list[str]:
    """The matches whose round clock has run out by ``now`` (POSIX seconds) and whose time
    is not called yet, as the deadlines index has them, the earliest first."""
    raw = redis.zrangebyscore(_keys(redis).deadlines, "-inf", repr(float(now)), start=0,
                              num=max(1, int(limit)))
    return [as_text(member) for member in raw]


def get_match_summary(redis: StoreRedis, match_id: str) -> dict[str, Any] | None:
    """``{match_id, game, ruleset, players, randomness, sandbox, created_at, status, turn,
    seat_to_act, prizes_left, game_number, winner, winner_name, win_reason, result,
    open_disputes, last_seq, last_event_at}`` or None when the models have not seen it."""
    raw = redis.hget(_keys(redis).summary, match_id)
    return json.loads(raw) if raw is not None else None


def list_match_summaries(redis: StoreRedis, *, status: str | None = None, player: str | None = None,
                         limit: int = 50, offset: int = 0,
                         newest_first: bool = True) -> tuple[list[dict[str, Any]], int]:
    """Match summaries by creation time, filtered by status and/or player name.
    Returns ``(page, total)``."""
    if status is not None and status not in MATCH_STATUSES:
        raise ValueError(f"unknown status {status!r}; one of {', '.join(MATCH_STATUSES)}")
    ek = _keys(redis)
    limit = max(0, int(limit))
    offset = max(0, int(offset))
    if player is not None:
        index = ek.idx_player(player_key(player))
    elif status is not None:
        index = ek.idx_status(status)
    else:
        index = ek.idx
    if player is not None and status is not None:
        ids = [as_text(m) for m in (redis.zrevrange(index, 0, -1) if newest_first
                                  else redis.zrange(index, 0, -1))]
        status_index = ek.idx_status(status)
        pipe = redis.pipeline(transaction=False)
        for match_id in ids:
            pipe.zscore(status_index, match_id)
        ids = [m for m, score in zip(ids, pipe.execute() if ids else [], strict=True)
               if score is not None]
        total = len(ids)
        page_ids = ids[offset:offset + limit]
    else:
        total = int(redis.zcard(index))
        if limit == 0:
            return [], total
        stop = offset + limit - 1
        page_ids = [as_text(m) for m in (redis.zrevrange(index, offset, stop) if newest_first
                                       else redis.zrange(index, offset, stop))]
    if not page_ids:
        return [], total
    raws = redis.hmget(ek.summary, page_ids)
    return [json.loads(r) for r in raws if r is not None], total


# ---------------------------------------------------------------------- disputes

def judges_queue(redis: StoreRedis, *, limit: int = 100, offset: int = 0,
                 match_id: str | None = None) -> tuple[list[dict[str, Any]], int]:
    """Open disputes and open appeals across matches, oldest first (an appeal queues from
    the time it was filed). Each item is the dispute record plus ``kind`` ("dispute" or
    "appeal") and ``open``. Returns ``(page, total)``."""
    ek = _keys(redis)
    if match_id is not None:
        items = [d for d in match_disputes(redis, match_id) if d["open"]]
        items.sort(key=lambda d: (d.get("queued_at") or "", d["dispute_id"]))
        return items[offset:offset + limit], len(items)
    total = int(redis.zcard(ek.queue))
    if limit <= 0:
        return [], total
    members = [as_text(m) for m in redis.zrange(ek.queue, offset, offset + limit - 1)]
    pipe = redis.pipeline(transaction=False)
    for member in members:
        mid, did = K.split_queue_member(member)
        pipe.hget(ek.disputes(mid), did)
    out = [listed(json.loads(raw)) for raw in (pipe.execute() if members else [])
           if raw is not None]
    return out, total


def queue_by_table(redis: StoreRedis, *, limit: int = 50, offset: int = 0, per_table: int = 5,
                   frozen: Sequence[Mapping[str, Any]] = ()
                   ) -> tuple[list[dict[str, Any]], int, int]:
    """The judges' queue by table: every frozen match first (``frozen``: the store's freeze
    records, newest found first), then every match with a dispute or appeal awaiting a judge,
    the newest to enter the queue first. Each table: ``{match_id, table, players, status,
    frozen, integrity, open_disputes, appeals, newest_at, oldest_at, disputes}``, where
    ``disputes`` are its first ``per_table`` open items, the longest waiting first. So one
    table's many disputes never hide another's. Returns ``(page, total tables, open
    disputes and appeals at every table)``."""
    ek = _keys(redis)
    limit, offset, per_table = max(0, int(limit)), max(0, int(offset)), max(0, int(per_table))
    frozen_by_id = {str(r["match_id"]): r for r in sorted(
        frozen, key=lambda r: (str(r.get("detected_at") or ""), str(r["match_id"])), reverse=True)}
    pipe = redis.pipeline(transaction=False)
    pipe.zcard(ek.queue_tables)
    pipe.zcard(ek.queue)
    for match_id in frozen_by_id:
        pipe.zscore(ek.queue_tables, match_id)
    counted, open_total, *frozen_scores = pipe.execute()
    queued_frozen = sum(1 for score in frozen_scores if score is not None)
    total = len(frozen_by_id) + int(counted) - queued_frozen
    page_ids = list(frozen_by_id)[offset:offset + limit]
    wanted = limit - len(page_ids)
    if wanted > 0:   # the rest, past the frozen ones it skips
        start = max(0, offset - len(frozen_by_id))
        ids = [as_text(m) for m in redis.zrevrange(ek.queue_tables, 0,
                                                   start + wanted + queued_frozen - 1)]
        page_ids += [m for m in ids if m not in frozen_by_id][start:start + wanted]
    return _tables(redis, ek, page_ids, per_table, frozen_by_id), total, int(open_total)


def _tables(redis: StoreRedis, ek: K.EpochKeys, match_ids: list[str], per_table: int,
            frozen: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    if not match_ids:
        return []
    pipe = redis.pipeline(transaction=False)
    pipe.hmget(ek.summary, match_ids)
    for match_id in match_ids if per_table else ():   # ZRANGE 0 -1 would be all of them
        pipe.zrange(ek.match_queue(match_id), 0, per_table - 1)
    summaries, *queued = pipe.execute()
    shown = [[as_text(d) for d in ids] for ids in queued] or [[] for _ in match_ids]
    records = redis.pipeline(transaction=False)
    for match_id, ids in zip(match_ids, shown, strict=True):
        if ids:
            records.hmget(ek.disputes(match_id), ids)
    found = iter(records.execute() if any(shown) else [])
    tables = []
    for match_id, raw, ids in zip(match_ids, summaries, shown, strict=True):
        disputes = [listed(json.loads(r)) for r in next(found) if r is not None] if ids else []
        tables.append(_table(match_id, json.loads(raw) if raw is not None else {}, disputes,
                             frozen.get(match_id)))
    return tables


def _table(match_id: str, summary: Mapping[str, Any], disputes: list[dict[str, Any]],
           frozen: Mapping[str, Any] | None) -> dict[str, Any]:
    integrity = ({key: frozen.get(key) for key in
                  ("first_bad_seq", "finding", "detected_by", "detected_at")}
                 if frozen is not None else None)
    return {"match_id": match_id, "table": summary.get("table"),
            "players": summary.get("players") or [], "status": summary.get("status"),
            "frozen": frozen is not None, "integrity": integrity,
            "open_disputes": summary.get("open_disputes") or 0,
            "appeals": summary.get("open_appeals") or 0,
            "newest_at": summary.get("queue_newest_at") or (integrity or {}).get("detected_at"),
            "oldest_at": summary.get("queue_oldest_at"), "disputes": disputes}


def match_disputes(redis: StoreRedis, match_id: str) -> list[dict[str, Any]]:
    """Every dispute of one match (any status), in the order they were opened."""
    raw = redis.hgetall(_keys(redis).disputes(match_id))
    records = [listed(json.loads(v)) for v in raw.values()]
    records.sort(key=lambda d: (d.get("opened_seq") or 0, d["dispute_id"]))
    return records


def get_dispute(redis: StoreRedis, match_id: str, dispute_id: str) -> dict[str, Any] | None:
    raw = redis.hget(_keys(redis).disputes(match_id), dispute_id)
    return listed(json.loads(raw)) if raw is not None else None


def list_disputes(redis: StoreRedis, *, status: str = "open", match_id: str | None = None,
                  limit: int = 100, offset: int = 0) -> tuple[list[dict[str, Any]], int]:
    """``status``: ``open`` (the judges' queue: open disputes and appeals, oldest first),
    ``closed`` (ruled or decided), ``all``, or one of ``open``/``ruled``/``appealed``/
    ``decided`` exactly via ``status="ruled"`` etc. Returns ``(page, total)``."""
    if status == "open":
        return judges_queue(redis, limit=limit, offset=offset, match_id=match_id)
    if status not in ("closed", "all") and status not in DISPUTE_STATUSES:
        raise ValueError(f"unknown dispute status {status!r}")
    if match_id is not None:
        match_ids = [match_id]
    else:
        match_ids = [as_text(m) for m in redis.zrange(_keys(redis).idx, 0, -1)]
    records: list[dict[str, Any]] = []
    for mid in match_ids:
        for record in match_disputes(redis, mid):
            if (status == "all" or (status == "closed" and not record["open"])
                    or record["status"] == status):
                records.append(record)
    records.sort(key=lambda d: (d.get("opened_at") or "", d["match_id"], d["dispute_id"]))
    return records[offset:offset + limit], len(records)


# ---------------------------------------------------------------------- penalties

def penalty_history(redis: StoreRedis, player_name: str) -> list[dict[str, Any]]:
    """Every penalty given to the player across the matches this referee holds, oldest
    first. Each entry: ``{player, match_id, seq, seat, infraction, category, level, reported,
    source (RulingIssued|PenaltyIssued|AppealDecided), dispute_id, notes, recorded_at, judge,
    status (standing|overturned), repeat, prior_same_infraction, prior_same_category}``.
    ``repeat`` marks a repeat of an earlier standing penalty for the same infraction
    (J-PENALTY-2)."""
    raw = redis.hgetall(_keys(redis).penalties(player_key(player_name)))
    return mark_repeats([json.loads(v) for v in raw.values()])


def is_repeat(redis: StoreRedis, player_name: str, infraction: str, *, same_category: bool = False) -> bool:
    """Would a penalty for ``infraction`` now be a repeat for this player (J-PENALTY-2)?
    True when a standing penalty for the same infraction is on record; with
    ``same_category``, ``procedural_error_minor`` also repeats ``procedural_error_major``."""
    wanted = infraction_category(infraction) if same_category else normalise_infraction(infraction)
    field = "category" if same_category else "infraction_key"
    return any(e.get("status") == "standing" and e.get(field) == wanted
               for e in penalty_history(redis, player_name))


def known_players(redis: StoreRedis) -> list[str]:
    """Display names of every player the read models know (from MatchCreated)."""
    return sorted(as_text(v) for v in redis.hvals(_keys(redis).players))


# ---------------------------------------------------------------------- everything

def dump_read_models(redis: StoreRedis) -> dict[str, Any]:
    """The live epoch's read models as plain data, independent of the epoch number (to
    compare an incremental build with a rebuild, or to look at them)."""
    ek = _keys(redis)
    match_ids = sorted(as_text(m) for m in redis.zrange(ek.idx, 0, -1))
    players = {as_text(k): as_text(v) for k, v in redis.hgetall(ek.players).items()}
    return {
        "checkpoints": {as_text(k): int(as_text(v)) for k, v in redis.hgetall(ek.ckpt).items()},
        "summaries": {as_text(k): json.loads(v) for k, v in redis.hgetall(ek.summary).items()},
        "index": match_ids,
        "status_index": {s: sorted(as_text(m) for m in redis.zrange(ek.idx_status(s), 0, -1))
                         for s in MATCH_STATUSES},
        "player_index": {pk: sorted(as_text(m) for m in redis.zrange(ek.idx_player(pk), 0, -1))
                         for pk in sorted(players)},
        "disputes": {m: match_disputes(redis, m) for m in match_ids},
        "queue": [(as_text(m), s) for m, s in cast("list[tuple[Any, float]]",  # withscores: pairs
                                                   redis.zrange(ek.queue, 0, -1, withscores=True))],
        "queue_tables": [(as_text(m), s) for m, s in cast(
            "list[tuple[Any, float]]", redis.zrange(ek.queue_tables, 0, -1, withscores=True))],
        "match_queues": {m: [(as_text(d), s) for d, s in cast(
            "list[tuple[Any, float]]", redis.zrange(ek.match_queue(m), 0, -1, withscores=True))]
            for m in match_ids},
        "penalties": {pk: penalty_history(redis, pk)
                      for pk in sorted({*players, *(as_text(p) for p in redis.hkeys(ek.persons))})},
        "players": players,
        "deadlines": [(as_text(m), s) for m, s in cast(
            "list[tuple[Any, float]]", redis.zrange(ek.deadlines, 0, -1, withscores=True))],
    }
