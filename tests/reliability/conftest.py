"""Fixtures of the reliability tests: a redis-server of their own that they may kill."""

from __future__ import annotations

import pytest

from tests.reliability.helpers import KillableRedis


@pytest.fixture
def killable_redis(tmp_path):
    (tmp_path / "redis").mkdir()
    server = KillableRedis(tmp_path / "redis").start()
    try:
        yield server
    finally:
        server.stop()


# The API tests' app, seeded randomness and tokens, for the reliability tests that drive the
# API through Flask's test client.
from tests.api.conftest import admin, api_app, judge, seed  # noqa: E402,F401
