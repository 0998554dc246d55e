"""A live stream's wait is a blocking XREAD: it must end before the Redis client gives up on
the reply, or every idle stream ends as "the event store is unavailable" (a wait of 15 s
against the served client's 10 s did, and 750 followers reconnected over and over)."""

from __future__ import annotations

from app.factory import redis_from_url
from app.routes.stream import DEFAULT_BLOCK_MS, block_ms


def _reply_timeout_ms() -> float:
    client = redis_from_url("redis://127.0.0.1:1/0")  # not connected: only its settings
    return client.connection_pool.connection_kwargs["socket_timeout"] * 1000


def test_the_default_wait_ends_before_the_served_client_gives_up_on_a_reply() -> None:
    assert block_ms({}) == DEFAULT_BLOCK_MS
    assert DEFAULT_BLOCK_MS < _reply_timeout_ms() - 1000


def test_a_configured_wait_longer_than_the_reply_timeout_is_shortened() -> None:
    assert block_ms({"REFEREE_SSE_BLOCK_MS": 60_000}) < _reply_timeout_ms() - 1000
    assert block_ms({"REFEREE_SSE_BLOCK_MS": 50}) == 50
    assert block_ms({"REFEREE_SSE_BLOCK_MS": 0}) == 1
