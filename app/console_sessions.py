"""Ended console sessions, as every web process sees them.

Each sign-in gets a session id of its own, inside the signed cookie (``app.session_cookie``).
Signing out ends that id on the server: it joins the sorted set ``ENDED``, scored by the
latest time its cookie could still be valid, and the id is published on the revocation
channel (``app.token_cache``) so that the session's open streams end in every process. A
cookie whose session has ended is nobody, even replayed with its signature intact.

The set is bounded by the cookie's lifetime: each sign-out drops a batch of ids whose cookies
have expired anyway (ZRANGEBYSCORE, then ZREM: the app's Redis user may run neither DEL,
EXPIRE nor ZREMRANGEBYSCORE). Someone holding the app's Redis password can ZREM an id and
so revive that session's cookie until it expires (at most ``SESSION_HOURS``), if they also
hold the cookie: said in README's security section.
"""

from __future__ import annotations

import secrets
import time

from app.token_cache import REVOCATIONS, SESSION_PREFIX
from events.redis_client import StoreRedis

ENDED = "ref:{auth}:sessions-ended"
_PRUNED_PER_END = 100


def new_session_id() -> str:
    return secrets.token_hex(16)


class ConsoleSessions:
    def __init__(self, client: StoreRedis):
        self._redis = client

    def end(self, session_id: str, valid_until: float) -> None:
        """End ``session_id`` (whose cookie is valid until ``valid_until``, epoch seconds)."""
        self._redis.zadd(ENDED, {session_id: valid_until})
        # after the mark, so that a process reading Redis on hearing it sees it ended
        self._redis.publish(REVOCATIONS, SESSION_PREFIX + session_id)
        stale = self._redis.zrangebyscore(ENDED, "-inf", time.time(), start=0,
                                          num=_PRUNED_PER_END)
        if stale:
            self._redis.zrem(ENDED, *stale)

    def ended(self, session_id: str) -> bool:
        return self._redis.zscore(ENDED, session_id) is not None
