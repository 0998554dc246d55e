"""Whether the caller of an open stream may still read it: its token not revoked nor expired,
its console session not ended.

A stream asks before it delivers anything (``alive``), at least once per wait. The answer
comes from memory while the process is subscribed to the revocation channel: the messages
heard since the stream last looked (``TokenCache.heard_since``) either name its token's digest
or its session, or they don't. When that can't be told from memory (not subscribed, or
subscribed again since, so a message may have been missed), the stream reads Redis: the
token's record (and the revocation ledger) and the ended sessions. So hundreds of idle streams
cost a comparison each per wait, and a revocation ends them within one wait of being
published (``app.routes.stream.MAX_BLOCK_MS``).
"""

from __future__ import annotations

from collections.abc import Callable

from app.token_cache import SESSION_PREFIX, TokenCache
from app.token_records import expired


class Liveness:
    def __init__(self, read_redis: Callable[[], bool], cache: TokenCache | None,
                 digest: str | None, session_id: str | None, expires_at: str | None):
        """``read_redis``: whether Redis (and the ledger) say the caller is still live."""
        self._read_redis = read_redis
        self._cache = cache
        self._watched = frozenset(
            [*([digest] if digest else []),
             *([SESSION_PREFIX + session_id] if session_id else [])])
        self._expires_at = expires_at
        self._mark: tuple[int, int] | None = None   # None: the first look reads Redis
        self._dead = False

    def alive(self) -> bool:
        if self._dead:
            return False
        if expired(self._expires_at):
            self._dead = True
            return False
        cache = self._cache
        if cache is not None:
            seen = cache.heard_since(self._mark)
            if seen is not None:
                self._mark, heard = seen
                self._dead = bool(heard & self._watched)
                return not self._dead
        mark = cache.mark() if cache is not None else None  # before the read: see token_cache
        self._dead = not self._read_redis()
        self._mark = mark
        return not self._dead


ALWAYS = Liveness(lambda: True, None, None, None, None)  # dev mode: nobody to revoke
