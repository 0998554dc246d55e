"""Fixtures for the REST API tests: the app on the real test Redis, with a token secret,
seeded service randomness (so games are reproducible), the service's day pinned (TODAY: the
Standard format of 2025, whose decks the shipped Scarlet & Violet decks are) and ready-made
tokens."""

from __future__ import annotations

from datetime import date

import pytest

from tests.api.helpers import SECRET, ApiClient

TODAY = date(2025, 6, 1)


@pytest.fixture
def seed() -> int:
    return 7


@pytest.fixture
def api_app(redis_client, redis_url, seed):
    from app import create_app
    from projections.tcg.randomness import SeededRandomness

    source = SeededRandomness(seed)
    return create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                       "REFEREE_TOKEN_SECRET": SECRET, "REFEREE_SSE_BLOCK_MS": 50,
                       "REFEREE_RANDOMNESS": lambda: source, "REFEREE_TODAY": lambda: TODAY},
                      redis_client=redis_client)


def _issue(redis_client, role, subject, **binding):
    from app.auth import TokenStore

    token, _record = TokenStore(redis_client, SECRET).issue(role, subject, **binding)
    return token


@pytest.fixture
def judge(api_app, redis_client) -> ApiClient:
    return ApiClient(api_app.test_client(), _issue(redis_client, "judge", "Judge Judy"))


@pytest.fixture
def head_judge(api_app, redis_client) -> ApiClient:
    return ApiClient(api_app.test_client(),
                     _issue(redis_client, "judge", "Head Judge Hana", head_judge=True))


@pytest.fixture
def admin(api_app, redis_client) -> ApiClient:
    return ApiClient(api_app.test_client(), _issue(redis_client, "admin", "Admin Ada"))


@pytest.fixture
def anonymous(api_app) -> ApiClient:
    return ApiClient(api_app.test_client(), None)
