"""Caps on live streams (``GET /v1/matches/{id}/stream``) per token and per match.

Open streams are counted in Redis, so the caps hold across every web process. Each open
stream is a member of two sorted sets, one per token and one per match, scored by the end
of its lease. A stream renews its lease while it runs and removes itself when its response
is closed. The stream of a process that was killed stops renewing: the next admission
drops it once its lease has ended (ZRANGEBYSCORE, then ZREM of each: the app's Redis user
may run neither DEL, EXPIRE nor ZREMRANGEBYSCORE), so a crash holds a slot for at most one
lease.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Iterator
from typing import Any

import redis
from flask import current_app

from app.auth import Principal
from app.errors import problem
from app.extensions import get_redis
from app.problem_types import problem_uri
from events.keys import match_keys
from events.redis_client import StoreRedis
from projections.messages import msg

log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0
TYPE_TOO_MANY_STREAMS = problem_uri("too-many-streams")

# One key per call (a token's set and a match's set live on different cluster slots).
# KEYS[1] the set; ARGV: now, lease end, member, cap (0: no cap). 1 if admitted.
_ADMIT = """
for _, stale in ipairs(redis.call("ZRANGEBYSCORE", KEYS[1], "-inf", ARGV[1])) do
  redis.call("ZREM", KEYS[1], stale)
end
local cap = tonumber(ARGV[4])
if cap > 0 and redis.call("ZCARD", KEYS[1]) >= cap then return 0 end
redis.call("ZADD", KEYS[1], ARGV[2], ARGV[3])
return 1
"""


def token_streams_key(principal: Principal) -> str:
    holder = principal.token_id or f"subject:{principal.subject}"  # dev mode has no token
    return f"ref:{{auth}}:streams:{holder}"


def match_streams_key(match_id: str) -> str:
    return f"{match_keys(match_id).tag}:streams"


class StreamSlot:
    """One admitted stream: renew its lease while it runs, release it when it ends."""

    def __init__(self, client: StoreRedis, keys: tuple[str, ...], member: str,
                 lease: float, clock: Callable[[], float]):
        self._redis = client
        self._keys = keys
        self.member = member
        self._lease = lease
        self._clock = clock
        self._renewed_at = clock()
        self.released = False

    def renew(self) -> None:
        self._renewed_at = now = self._clock()
        pipe = self._redis.pipeline(transaction=False)
        for key in self._keys:
            # Plain ZADD: a member dropped while Redis was unreachable counts again.
            pipe.zadd(key, {self.member: now + self._lease})
        pipe.execute()

    def renew_if_due(self) -> None:
        if self._clock() - self._renewed_at < self._lease / 3:
            return
        try:
            self.renew()
        except redis.RedisError as exc:  # the stream itself reports an outage
            log.warning("stream lease not renewed: %s", type(exc).__name__)

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        try:
            pipe = self._redis.pipeline(transaction=False)
            for key in self._keys:
                pipe.zrem(key, self.member)
            pipe.execute()
        except redis.RedisError as exc:  # the lease runs out by itself
            log.warning("stream slot not released: %s", type(exc).__name__)

    def hold(self, chunks: Iterator[Any]) -> Iterator[Any]:
        """``chunks``, renewing the lease as they flow and releasing the slot at the end."""
        try:
            for chunk in chunks:
                self.renew_if_due()
                yield chunk
        finally:
            self.release()


class StreamSlots:
    def __init__(self, client: StoreRedis, lease: float = LEASE_SECONDS,
                 clock: Callable[[], float] = time.time):
        self._redis = client
        self._lease = lease
        self._clock = clock
        self._admit = client.register_script(_ADMIT)

    def acquire(self, caps: list[tuple[str, int]]) -> StreamSlot | tuple[str, int]:
        """Admit a stream into every ``(key, cap)``: its slot, or the first ``(key, cap)``
        that is full (and nothing held)."""
        member = secrets.token_hex(8)
        held: list[str] = []
        for key, cap in caps:
            now = self._clock()
            if not self._admit(keys=[key], args=[now, now + self._lease, member, cap]):
                if held:
                    StreamSlot(self._redis, tuple(held), member, self._lease,
                               self._clock).release()
                return key, cap
            held.append(key)
        return StreamSlot(self._redis, tuple(held), member, self._lease, self._clock)


def acquire_stream_slot(principal: Principal, match_id: str | None) -> StreamSlot:
    """A slot for one more stream of ``principal`` on ``match_id`` (None: a stream of no one
    match, the console's tables), or 429 problem+json with Retry-After when the token or the
    match holds its cap of open streams."""
    config = current_app.config
    per_token = int(config.get("REFEREE_STREAMS_PER_TOKEN") or 0)
    per_match = int(config.get("REFEREE_STREAMS_PER_MATCH") or 0)
    lease = float(config.get("REFEREE_STREAM_LEASE_SECONDS") or LEASE_SECONDS)
    slots = StreamSlots(get_redis(), lease=lease)
    token_key = token_streams_key(principal)
    caps = [(token_key, per_token)]
    if match_id is not None:
        caps.append((match_streams_key(match_id), per_match))
    got = slots.acquire(caps)
    if isinstance(got, StreamSlot):
        return got
    full_key, cap = got
    scope = "token" if full_key == token_key else "match"
    detail = (msg("This token already has %(cap)s open streams; close one or retry later.", cap=cap)
              if scope == "token" else
              msg("This match already has %(cap)s open streams; close one or retry later.", cap=cap))
    # A slot frees when a stream ends, or one lease after its process died.
    problem(429, msg("Too many streams"), detail,
            type=TYPE_TOO_MANY_STREAMS, scope=scope, limit=cap,
            headers={"Retry-After": str(int(lease))})
