"""A primary of the cluster dies under write load (``kill -9``): its replica is promoted,
writing goes on, and the logs are counted (the scenario: tests/cluster/scenario.py).

The store waits for replicas as the service's settings make it (``replica_wait_for``): on a
cluster, one replica by default, so an append is acknowledged only once the replica has it;
the ``opted-out`` run sets ``REFEREE_CLUSTER_WAIT=off`` and, with the replica cut off its
primary before the kill (a partition), loses what the primary acknowledged meanwhile.

Asserted: every chain verifies (a lost tail leaves a head and stream that agree), the lost
appends are exactly the ones their receipts no longer match (``check_log``), by default no
acknowledged append is lost, and after the failover every match takes appends again and the
API answers. The counts are printed (``pytest -s``); bench/failover.py runs the scenario
many times and measures what the wait costs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app import create_app
from app.auth import TokenStore
from app.extensions import EXTENSION_KEY
from events.config import Settings
from events.errors import NotReplicated
from events.keys import match_keys
from events.replication import replica_wait_for
from events.store import EventStore
from tests.api.helpers import SECRET, ApiClient, create_match, ok, take_an_action
from tests.cluster.helpers import TestCluster
from tests.cluster.scenario import (
    OUTAGE_ERRORS,
    cut_off,
    kill_a_primary,
    replicas_caught_up,
    wait_for,
)
from tests.conftest import TEST_CHAIN_KEY
from tests.factories import action, match_created

pytestmark = pytest.mark.integration

NODE_TIMEOUT_MS = 1000  # how long a silent primary takes to be declared failed
MATCHES = 6


@pytest.fixture(scope="module")
def failover_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestCluster]:
    cluster = TestCluster.start(tmp_path_factory.mktemp("failover"),
                                node_timeout_ms=NODE_TIMEOUT_MS)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def judge(failover_cluster: TestCluster, rq_url: str) -> ApiClient:
    app = create_app({"TESTING": True, "REDIS_URL": failover_cluster.url, "REDIS_CLUSTER": True,
                      "RQ_REDIS_URL": rq_url, "REFEREE_TOKEN_SECRET": SECRET})
    token, _ = TokenStore(app.extensions[EXTENSION_KEY].redis, SECRET).issue("judge", "Judy")
    return ApiClient(app.test_client(), token)


@pytest.mark.parametrize(("partition", "opt_out"), [(False, False), (True, False), (True, True)],
                         ids=["kill", "partition-then-kill", "partition-then-kill-opted-out"])
def test_a_primary_killed_under_write_load(failover_cluster: TestCluster, judge: ApiClient,
                                           partition: bool, opt_out: bool) -> None:
    cluster = failover_cluster
    settings = Settings.from_env({"REDIS_URL": cluster.url, "REDIS_CLUSTER": "1",
                                  "REFEREE_CLUSTER_WAIT": "off" if opt_out else ""})
    client = cluster.client()
    store = EventStore(client, chain_key=TEST_CHAIN_KEY,
                       replica_wait=replica_wait_for(True, settings.wait_replicas,
                                                     settings.cluster_wait,
                                                     settings.wait_timeout_ms))
    assert (store.combines_writes, settings.replicas_to_wait) == (False, 0 if opt_out else 1)
    scenario = f"{'partition' if partition else 'kill'}{'-opted-out' if opt_out else ''}"
    api_match = create_match(judge)["match_id"]
    run = kill_a_primary(cluster, store, scenario, matches=MATCHES, partition=partition)

    print(f"\n{run}")
    lost = run.lost
    assert set(run.load.refused) <= OUTAGE_ERRORS, run.load.refused
    for match_id in run.load.match_ids:
        assert store.verify_chain(match_id)["chain_ok"], match_id
        receipts = [(a.seq, a.hash) for a in run.load.acks if a.match_id == match_id]
        lost_here = [a for a in lost if a.match_id == match_id]
        checked = store.check_log(match_id, receipts)
        assert checked["chain_ok"] == (not lost_here), (match_id, checked, lost_here)
        if lost_here:  # the first lost seq is where the receipts and the log part
            assert checked["first_bad_seq"] == min(a.seq for a in lost_here)
    assert not (set(a.match_id for a in lost) - run.on_victim)  # only the dead primary's
    if not opt_out:
        assert not lost, [(a.match_id, a.seq) for a in lost]

    state = ok(judge.get(f"/v1/matches/{api_match}"))  # the service answers again
    take_an_action(judge, api_match, state)
    assert ok(judge.get("/v1/health"))["redis"]["reachable"]
    client.close()


def test_a_write_no_replica_has_is_never_acknowledged_not_even_by_its_retry(
        failover_cluster: TestCluster) -> None:
    """The replica cut off: the append is a NotReplicated (503), and so is its retry with the
    same idempotency key, whose replay writes nothing a plain WAIT could count; once the
    replica is back the retry is answered. On a Redis before 7.2 (the local one) the wait is
    WAIT, chosen by asking the node once; WAITAOF is used where a node has it."""
    cluster = failover_cluster
    cluster.wait_until_healthy()
    replicas_caught_up(cluster)
    client = cluster.client()
    wait = replica_wait_for(True, None, True, 200)
    assert wait is not None
    store = EventStore(client, chain_key=TEST_CHAIN_KEY, replica_wait=wait)
    match_id = "cut-off-retry"
    store.append(match_id, [match_created()])
    primary = cluster.primary_of(match_keys(match_id).meta)
    replica = cluster.replica_of(primary)
    with primary.client(decode_responses=True) as node:
        has_waitaof = int(node.info("server")["redis_version"].split(".")[0]) >= 8 or tuple(
            int(part) for part in node.info("server")["redis_version"].split(".")[:2]) >= (7, 2)
    assert wait.waitaof == {f"127.0.0.1:{primary.port}": has_waitaof}

    cut_off(replica)
    try:
        for _attempt in range(2):  # the first write, then its retry (a replay)
            with pytest.raises(NotReplicated) as refused:
                store.append(match_id, [action()], idempotency_key="k-1")
            assert refused.value.seq == 2 and refused.value.acknowledged == 0
    finally:
        cut_off(replica, undo=True)
    wait_for(lambda: cluster.healthy(), 30, "the replica back")
    answer = store.append(match_id, [action()], idempotency_key="k-1")
    assert answer.replayed and answer.seqs == [2]
    client.close()
