"""What the events list reads: one small summary per event, kept beside its log.

``ref:events:summary`` is a hash, event id -> the JSON summary the caller made from the
event's whole log (``projections.tournament.event.summarise``: name, date, format, rounds,
status, player count, ``last_seq``, ...). It is written by a script that goes with each append
to the event's log (``DeckListRegistry.append``'s ``summarise``, through
``EventStore.submit_batch``'s ``then``): on one Redis in the append's transaction, writing only
if the append happened (the log's head is now the batch's last event); on a cluster, where the
summary's key is on another slot, right after the append. Either way a summary never replaces
one of the same or a later ``last_seq``, so racing writers leave the newest.

A summary can still lag its log (an event set up before summaries were kept, a process that died
between a cluster's append and its summary): the reader compares it with the log's head
(``events.decklists.log_heads``) and folds again the few that are behind (``write`` stores the
new one, under the same rule).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from events.codec import as_text, canonical_json
from events.store import EventStore, ScriptCall

SUMMARIES = "ref:events:summary"

_WRITE = """
if ARGV[4] == "1" then
  local head = redis.call("HMGET", KEYS[2], "head_seq", "head_hash")
  if head[1] ~= ARGV[3] or head[2] ~= ARGV[5] then return "not_appended" end
end
local held = redis.call("HGET", KEYS[1], ARGV[1])
if held and tonumber(cjson.decode(held)["last_seq"] or 0) >= tonumber(ARGV[3]) then return "older" end
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
return "ok"
"""


def _script(store: EventStore) -> Any:
    return store.redis.register_script(_WRITE)


def summary_call(store: EventStore, event_id: str, summary: dict[str, Any], head_key: str,
                 head_hash: str) -> ScriptCall:
    """The write of ``summary`` (of the log up to a batch whose last event has ``head_hash``)
    to go with that batch's append; guarded by the log's head (``head_key``: its meta hash)
    where it shares the append's transaction."""
    guarded = store.combines_writes
    keys = [SUMMARIES, head_key] if guarded else [SUMMARIES]
    args = [event_id, canonical_json(summary), str(summary["last_seq"]), "1" if guarded else "0", head_hash]
    return ScriptCall(_script(store), keys, args)


def write(store: EventStore, event_id: str, summary: dict[str, Any]) -> str:
    """Store ``summary`` unless one of the same or a later ``last_seq`` is there: "ok" or
    "older"."""
    reply = _script(store)(keys=[SUMMARIES], args=[event_id, canonical_json(summary),
                                                   str(summary["last_seq"]), "0", ""])
    return as_text(reply)


def read(store: EventStore, event_ids: Sequence[str]) -> list[dict[str, Any] | None]:
    """The summaries kept of ``event_ids`` (None where there is none), in their order."""
    if not event_ids:
        return []
    return [json.loads(as_text(raw)) if raw is not None else None
            for raw in store.redis.hmget(SUMMARIES, list(event_ids))]

