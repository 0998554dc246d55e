"""The web process's Redis pool holds as many connections as gunicorn lets a worker serve
(each open stream keeps one while it waits): with redis-py's default of 100, a worker with
~100 followers answered every other request 503."""

from __future__ import annotations

from app.extensions import get_context
from app.factory import POOL_MARGIN, create_app


def test_the_store_pool_is_sized_from_the_worker_connections():
    app = create_app({"REDIS_URL": "redis://127.0.0.1:1/0", "RQ_REDIS_URL": "redis://127.0.0.1:1/1",
                      "REFEREE_TOKEN_SECRET": "s" * 48, "REFEREE_CHAIN_KEY": "c" * 48,
                      "REFEREE_WORKER_CONNECTIONS": 750})
    with app.app_context():
        pool = get_context().store.redis.connection_pool

    assert pool.max_connections == 750 + POOL_MARGIN > 100
