"""The event store's tests, on a Redis Cluster: every test function of
tests/integration/test_store.py, collected again here, where ``store``, ``redis_client``,
``redis_cli`` and ``connect_redis`` are the cluster's (tests/cluster/conftest.py)."""

from tests.integration.test_store import *  # noqa: F403 - the very same tests
