"""Where the read models live in Redis.

All read-model keys share the hash tag ``{rm}`` so that one Lua script can update a match's
summary, the judges' queue and the players' penalty histories atomically (on a Redis Cluster
they sit on one slot; they are small). They are namespaced by an **epoch**, so a rebuild can
build a complete new set beside the live one and switch over atomically without ever
deleting a key (the store's Redis user may not DEL):

``ref:{rm}:meta``                     hash: ``epoch`` (live), ``building`` (being rebuilt), ``next``
``ref:{rm}:<E>:ckpt``                 hash: match_id -> last seq applied (the checkpoint)
``ref:{rm}:<E>:summary``              hash: match_id -> JSON match summary
``ref:{rm}:<E>:idx``                  zset: match_id by creation time
``ref:{rm}:<E>:idx:status:<status>``  zset: the same, per status
``ref:{rm}:<E>:idx:player:<player>``  zset: a player's matches
``ref:{rm}:<E>:disputes:<match_id>``  hash: dispute_id -> JSON dispute record
``ref:{rm}:<E>:queue``                zset: ``<match_id>/<dispute_id>`` of open disputes and
                                      appeals, scored by the time they entered the queue
``ref:{rm}:<E>:queue:tables``         zset: match_id of each match with an open dispute or
                                      appeal, scored by when the newest entered the queue
``ref:{rm}:<E>:queue:match:<match>``  zset: dispute_id of the match's open disputes and
                                      appeals, scored by when each entered the queue
``ref:{rm}:<E>:deadlines``            zset: match_id of each match whose round clock can run out
                                      (running, time not called, game not over), scored by
                                      when it does (POSIX seconds): what the clock's keepers
                                      take the due ones from (``projections/clock.py``)
``ref:{rm}:<E>:pen:<player>``         hash: ``<match_id>:<seq>`` -> JSON penalty entry
``ref:{rm}:<E>:players``              hash: player key -> display name

``<player>`` is ``model.player_key(name)`` (case and spacing folded).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from events.codec import as_text

if TYPE_CHECKING:
    from events.redis_client import StoreRedis

TAG = "ref:{rm}"
META = f"{TAG}:meta"
DEFAULT_EPOCH = "1"



def current_epoch(redis: StoreRedis) -> str:
    return as_text(redis.hget(META, "epoch")) or DEFAULT_EPOCH


class EpochKeys:
    def __init__(self, epoch: str):
        self.epoch = str(epoch)
        self.base = f"{TAG}:{self.epoch}"

    @property
    def ckpt(self) -> str:
        return f"{self.base}:ckpt"

    @property
    def summary(self) -> str:
        return f"{self.base}:summary"

    @property
    def idx(self) -> str:
        return f"{self.base}:idx"

    def idx_status(self, status: str) -> str:
        return f"{self.base}:idx:status:{status}"

    def idx_player(self, player_key: str) -> str:
        return f"{self.base}:idx:player:{player_key}"

    def disputes(self, match_id: str) -> str:
        return f"{self.base}:disputes:{match_id}"

    @property
    def queue(self) -> str:
        return f"{self.base}:queue"

    @property
    def queue_tables(self) -> str:
        return f"{self.base}:queue:tables"

    def match_queue(self, match_id: str) -> str:
        return f"{self.base}:queue:match:{match_id}"

    @property
    def deadlines(self) -> str:
        return f"{self.base}:deadlines"

    def penalties(self, player_key: str) -> str:
        return f"{self.base}:pen:{player_key}"

    @property
    def players(self) -> str:
        return f"{self.base}:players"

    @property
    def persons(self) -> str:
        """Person key (``model.person_key``) -> the name last filed under it."""
        return f"{self.base}:persons"


def epoch_of_key(key: str) -> str | None:
    """``ref:{rm}:7:summary`` -> ``"7"``; None for ``ref:{rm}:meta`` or foreign keys."""
    if not key.startswith(TAG + ":"):
        return None
    epoch = key[len(TAG) + 1:].split(":", 1)[0]
    return epoch if epoch.isdigit() else None


def queue_member(match_id: str, dispute_id: str) -> str:
    return f"{match_id}/{dispute_id}"


def split_queue_member(member: str) -> tuple[str, str]:
    match_id, _, dispute_id = member.partition("/")  # match ids never hold "/"
    return match_id, dispute_id
