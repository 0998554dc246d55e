"""The service deployed on a Redis Cluster: the app built by the factory from the
environment a web process would have (``REDIS_URL`` a cluster node, ``REDIS_CLUSTER=1``,
``RQ_REDIS_URL`` a plain Redis), a short game through the API, the jobs it queued run by a
real RQ worker, and the operator's commands. The store's keys stay on the cluster and the
queue's on its own Redis."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import redis
from click.testing import CliRunner
from redis.cluster import RedisCluster

from app import create_app
from app.auth import TokenStore
from app.cli import main as referee
from app.extensions import EXTENSION_KEY
from events.store import EventStore
from projections.readmodels import checkpoint
from projections.snapshots import list_snapshots
from projections.tcg.randomness import SeededRandomness
from tests.api.helpers import SECRET, ApiClient, assert_problem, create_match, ok, take_an_action
from tests.api.positions import bubble, sandbox_players
from tests.api.test_stream import parse_sse
from tests.cluster.helpers import TestCluster
from tests.conftest import TEST_CHAIN_KEY
from tests.workers.conftest import run_burst
from workers import queue_stats

pytestmark = pytest.mark.integration

ACTIONS = 12


@pytest.fixture
def cluster_env(monkeypatch: pytest.MonkeyPatch, redis_url: str, rq_url: str) -> tuple[str, str]:
    """What every process of a cluster deployment has in its environment (and snapshots
    every 5 events, so that the jobs take some)."""
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("REDIS_CLUSTER", "1")
    monkeypatch.setenv("RQ_REDIS_URL", rq_url)
    monkeypatch.setenv("REFEREE_SNAPSHOT_EVERY", "5")
    return redis_url, rq_url


@pytest.fixture
def judge_on(cluster_env: tuple[str, str]) -> Callable[..., ApiClient]:
    """``judge_on(**config)``: a judge's client of an app built from the environment (and
    ``config``), as a web process of the deployment builds it."""
    def build(**config: Any) -> ApiClient:
        source = SeededRandomness(7)
        app = create_app({"TESTING": True, "REFEREE_TOKEN_SECRET": SECRET,
                          "REFEREE_SSE_BLOCK_MS": 50, "REFEREE_RANDOMNESS": lambda: source,
                          **config})
        store_redis = app.extensions[EXTENSION_KEY].redis
        assert isinstance(store_redis, RedisCluster)  # made by the factory
        token, _record = TokenStore(store_redis, SECRET).issue("judge", "Judge Judy")
        return ApiClient(app.test_client(), token)

    return build


@pytest.fixture
def judge(judge_on: Callable[..., ApiClient]) -> ApiClient:
    return judge_on()


def test_a_game_through_the_api_on_a_cluster_then_its_jobs_and_commands(
        judge: ApiClient, cluster_env: tuple[str, str], redis_client: RedisCluster,
        redis_cluster: TestCluster) -> None:
    rq_url = cluster_env[1]
    health = ok(judge.get("/v1/health"))
    assert health["redis"]["reachable"] and health["jobs"]["ok"]

    match_ids = [create_match(judge)["match_id"] for _ in range(4)]
    print("matches on primaries:", sorted({redis_cluster.primary_of(f"ref:{{m:{m}}}:meta").port
                                           for m in match_ids}))
    played = match_ids[0]
    receipts = []
    for _ in range(ACTIONS):
        summary = ok(judge.get(f"/v1/matches/{played}"))
        receipts.append(take_an_action(judge, played, summary)["receipt"])
    last_seq = receipts[-1]["seq"]

    state = ok(judge.get(f"/v1/matches/{played}/state"))
    assert state["seq"] == last_seq
    timeline = ok(judge.get(f"/v1/matches/{played}/timeline"))
    assert [e["seq"] for e in timeline] == list(range(1, last_seq + 1))
    audit = ok(judge.get(f"/v1/matches/{played}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]
    held = ok(judge.post(f"/v1/matches/{played}/audit/receipts", {"receipts": receipts}))
    assert held["ok"] and held["held"] == ACTIONS
    listed = ok(judge.get("/v1/matches?limit=10"))
    assert {m["match_id"] for m in listed["matches"]} == set(match_ids)
    streamed = parse_sse(judge.get(f"/v1/matches/{played}/stream?max_events=3&timeout=5")
                         .get_data(as_text=True))
    assert [m["id"] for m in streamed] == [1, 2, 3]

    # The queue's keys on its own Redis, the store's on the cluster: nothing crosses.
    rq = redis.Redis.from_url(rq_url)
    assert rq.keys("rq:*") and not rq.keys("ref:*")
    assert not list(redis_client.scan_iter(match="rq:*"))

    assert run_burst(rq)  # the after-append jobs, opening the store from the environment
    stats = queue_stats(rq, "referee")
    assert stats["failed"] == 0 and stats["finished"] >= ACTIONS
    store = EventStore(redis_client, chain_key=TEST_CHAIN_KEY)
    assert store.get_audit(played)["chain_ok"]
    assert checkpoint(redis_client, played) == last_seq
    assert list_snapshots(redis_client, played)

    runner = CliRunner()
    for command in (["verify", played], ["audit", "--all"], ["reconcile"], ["rebuild"],
                    ["token", "create", "--role", "judge", "--subject", "Ops"]):
        done = runner.invoke(referee, command, env={"REFEREE_TOKEN_SECRET": SECRET})
        assert done.exit_code == 0, (command, done.output)
    assert ok(judge.get("/v1/matches?limit=10"))["total"] == len(match_ids)  # the rebuilt models


def test_an_append_no_replica_confirmed_in_time_is_a_503_and_its_retry_gets_the_answer(
        judge_on: Callable[..., ApiClient], redis_client: RedisCluster) -> None:
    # Each primary has one replica: WAIT 1 is confirmed, WAIT 2 never is.
    waiting = judge_on(REFEREE_REDIS_WAIT_REPLICAS=1)
    match_id = create_match(waiting, players=sandbox_players(), position=bubble())["match_id"]
    asking_too_much = judge_on(REFEREE_REDIS_WAIT_REPLICAS=2, REFEREE_REDIS_WAIT_TIMEOUT_MS=50)
    body = {"seat": 0, "idempotency_key": "k-1", "action": {"type": "end_turn"}}

    refused = asking_too_much.post(f"/v1/matches/{match_id}/actions", body)
    problem = assert_problem(refused, 503)
    assert problem["type"] == "/problems/write-not-replicated" and problem["seq"] == 2
    assert refused.headers["Retry-After"]
    store = EventStore(redis_client, chain_key=TEST_CHAIN_KEY)
    assert store.last_seq(match_id) == 2  # stored on the primary all the same
    answer = ok(waiting.post(f"/v1/matches/{match_id}/actions", body), 201)
    assert answer["receipt"]["seq"] == 2 and store.last_seq(match_id) == 2


def test_a_cluster_without_a_queue_of_its_own_is_refused_at_start_up(
        monkeypatch: pytest.MonkeyPatch, redis_url: str) -> None:
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("REDIS_CLUSTER", "1")
    monkeypatch.delenv("RQ_REDIS_URL", raising=False)
    with pytest.raises(RuntimeError, match="RQ_REDIS_URL"):
        create_app({"TESTING": True, "REFEREE_TOKEN_SECRET": SECRET})
    runner = CliRunner()
    for command in (["serve"], ["worker", "--burst"], ["verify", "m1"]):
        done = runner.invoke(referee, command, env={"REFEREE_TOKEN_SECRET": SECRET})
        assert done.exit_code == 1 and "needs RQ_REDIS_URL" in done.output, (command,
                                                                             done.output)


def test_deck_lists_on_a_cluster_chain_replicate_anchor_and_verify(
        judge_on: Callable[..., ApiClient], cluster_env: tuple[str, str],
        redis_client: RedisCluster, redis_cluster: TestCluster) -> None:
    """Each event's deck-list log (its stream, head and old entries on its `{ev:<id>}` slot)
    is read in one MULTI on that slot's primary and appended with the WAIT of a match's
    append; the job anchors it and the commands verify every event's log."""
    judge = judge_on(REFEREE_REDIS_WAIT_REPLICAS=1)
    events = [f"2026-cup-{n}" for n in range(4)]
    print("events on primaries:", sorted({redis_cluster.primary_of(f"ref:{{ev:{e}}}:decklog").port
                                          for e in events}))
    for event_id in events:
        for player_id, deck in (("111", "fire-fighting"), ("222", "grass-psychic")):
            ok(judge.post(f"/v1/events/{event_id}/decklists",
                          {"player_id": player_id, "name": f"P{player_id}", "deck_name": deck}), 201)
        assert ok(judge.get(f"/v1/events/{event_id}/decklists"))["total"] == 2
    made = ok(judge.post("/v1/matches", {"event_id": events[0], "players": [
        {"name": "P111", "player_id": "111"}, {"name": "P222", "player_id": "222"}]}), 201)
    assert made["match_id"]
    asking_too_much = judge_on(REFEREE_REDIS_WAIT_REPLICAS=2, REFEREE_REDIS_WAIT_TIMEOUT_MS=50)
    problem = assert_problem(asking_too_much.post(
        f"/v1/events/{events[1]}/decklists",
        {"player_id": "333", "name": "P333", "deck_name": "water-lightning"}), 503)
    assert problem["type"] == "/problems/write-not-replicated"

    assert run_burst(redis.Redis.from_url(cluster_env[1]))
    runner = CliRunner()
    verified = runner.invoke(referee, ["verify", "--all-events"])
    assert verified.exit_code == 0, verified.output
    reports = {r["event_id"]: r for r in map(json.loads, verified.stdout.splitlines())}
    assert set(reports) == set(events)
    assert all(r["chain_ok"] and r["anchored_seq"] == r["last_seq"] for r in reports.values())
    assert reports[events[1]]["last_seq"] == 3   # the unreplicated one is stored all the same
    for command in (["audit", "--all"], ["reconcile"]):
        done = runner.invoke(referee, command)
        assert done.exit_code == 0, (command, done.output)
    # an event set up on the cluster: its summary (on another slot) written after each append,
    # each listed event's head read on its own slot
    ok(judge.post("/v1/events", {"event_id": "2026-regional", "name": "Regional", "date": "2026-05-02"}), 201)
    ok(judge.post("/v1/events/2026-regional/players", {"name": "Ana", "player_id": "111", "birth_year": 1990}), 201)
    assert json.loads(redis_client.hget("ref:events:summary", "2026-regional"))["player_count"] == 1
    listed = ok(judge.get("/v1/events"))["events"]
    assert [(e["event_id"], e["player_count"], e["last_seq"], e["frozen"]) for e in listed] == [
        ("2026-regional", 1, 2, False)]
