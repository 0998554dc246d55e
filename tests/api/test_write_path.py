"""The lean write path (issue 19): an action is one durable write to the event store, with
the read models' step in the append's transaction, and nothing of it lands when the append
doesn't. Watched with MONITOR on the real test Redis."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import redis

from events.store import EventStore
from projections.readmodels import checkpoint, get_match_summary
from projections.readmodels import keys as rm_keys
from projections.readmodels.updater import INLINE_MODELS, inline_step
from tests.api.helpers import create_match, ok, take_an_action
from tests.conftest import TEST_CHAIN_KEY

STORE_WRITES = {"XADD", "HSET", "HDEL", "ZADD", "ZREM", "SADD", "RPUSH", "EXPIRE", "DEL"}


@contextmanager
def monitoring(url: str) -> Iterator[list[dict[str, Any]]]:
    """Every command the server runs while the block runs (``client_type`` "lua" for those
    a script ran)."""
    seen: list[dict[str, Any]] = []
    ready = threading.Event()
    client = redis.Redis.from_url(url, decode_responses=True)

    def watch() -> None:
        with client.monitor() as monitor:
            ready.set()
            for command in monitor.listen():
                if command["command"].startswith("PING sentinel"):
                    return
                seen.append(command)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    ready.wait(5)
    time.sleep(0.05)
    yield seen
    client.execute_command("PING", "sentinel")
    thread.join(5)
    client.close()


def top_level(commands: list[dict[str, Any]]) -> list[str]:
    return [c["command"].split(" ", 2)[0].upper() + " " + (c["command"].split(" ", 2) + [""])[1]
            for c in commands if c.get("client_type") != "lua"]


def test_an_action_is_one_transaction_with_its_read_models_step(judge, redis_url, redis_client):
    match_id = create_match(judge)["match_id"]
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    while summary["status"] == "setup":  # (a new status is written to the match index too)
        take_an_action(judge, match_id, summary)  # this process now holds the read model
        summary = ok(judge.get(f"/v1/matches/{match_id}"))

    with monitoring(redis_url) as seen:
        answer = take_an_action(judge, match_id, summary)

    commands = top_level(seen)
    transactions = [i for i, c in enumerate(commands) if c.startswith("MULTI")]
    # the store: one MULTI holding the append script and the read models' script; nothing
    # else written at the top level but the job queue's one enqueue (its own keys)
    assert len([c for c in commands if c.startswith("EXEC")]) == 1, commands
    start = transactions[0]
    assert [c.split(" ")[0] for c in commands[start:start + 4]] == [
        "MULTI", "EVALSHA", "EVALSHA", "EXEC"], commands
    assert not [c for c in commands if c.split(" ")[0] in STORE_WRITES
                and not c.split(" ")[1].startswith("rq:")], commands
    scripted = [c["command"] for c in seen if c.get("client_type") == "lua"]
    assert any(c.startswith("XADD") for c in scripted)
    assert any(c.startswith("HSET ref:{rm}") and "ckpt" in c for c in scripted)
    # and a judge reads the write at once
    assert checkpoint(redis_client, match_id) == answer["seq"]
    assert get_match_summary(redis_client, match_id)["last_seq"] == answer["seq"]


def test_the_after_append_job_reads_a_match_in_three_round_trips(judge, redis_url,
                                                                  monkeypatch):
    """After an action whose read models' step the write path wrote, the job (run twice,
    so the second checks the tail this process verified) reads the log, the head and the
    snapshots' seqs in one MULTI, records its audit, and reads the live epoch beside the
    match's checkpoint: three round trips, where it made seven."""
    from workers.jobs import after_append_job

    monkeypatch.setenv("REDIS_URL", redis_url)
    match_id = create_match(judge)["match_id"]
    for _ in range(4):
        take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))
    after_append_job(match_id)
    take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))

    with monitoring(redis_url) as seen:
        result = after_append_job(match_id)

    assert result["audit"]["chain_ok"] and result["read_models"]["steps"] == 0
    assert result["snapshot"] is None
    commands = [c.split(" ", 1)[0] for c in top_level(seen)]
    commands = [c for c in commands if c not in ("HELLO", "PING")]  # the watcher's own
    assert commands == ["MULTI", "HMGET", "XLEN", "XRANGE", "XRANGE", "ZREVRANGE", "EXEC",
                        "EVALSHA", "HGET", "HGET"], commands


def test_the_read_models_step_writes_nothing_when_the_append_does_not(judge, redis_client):
    match_id = create_match(judge)["match_id"]
    take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))
    store = EventStore(redis_client, chain_key=TEST_CHAIN_KEY)
    head_seq, head_hash = store.head(match_id)
    before = (checkpoint(redis_client, match_id), get_match_summary(redis_client, match_id))
    event = {"type": "PenaltyIssued", "payload": {"seat": 0, "infraction": "tardiness",
                                                   "level": "warning", "dispute_id": None,
                                                   "notes": "late"}}
    # a batch chained on a head that is not the stored one: the append refuses it
    batch = store.prepare_batch(match_id, [event], head_seq, "f" * 64,
                                actor={"subject": "j", "role": "judge"})
    step = inline_step(store, match_id, batch.events, None, guarded=True)
    assert step is not None, "the process holds the model at the head"
    submitted = store.submit(batch, then=[step.call])

    assert submitted.outcome == "head_moved" and submitted.then == []
    assert step.settle(None) is False
    assert (checkpoint(redis_client, match_id),
            get_match_summary(redis_client, match_id)) == before
    assert store.head(match_id) == (head_seq, head_hash)


def test_a_process_whose_read_model_is_stale_falls_back_to_the_full_update(
        judge, redis_client):
    match_id = create_match(judge)["match_id"]
    take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))
    epoch, seq, model = INLINE_MODELS.get(match_id)
    # another process moved on: this one's copy is a step behind what Redis holds
    INLINE_MODELS.put(match_id, (epoch, seq, model))
    redis_client.hset(rm_keys.EpochKeys(epoch).ckpt, match_id, seq - 1)
    answer = take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))

    assert checkpoint(redis_client, match_id) == answer["seq"]
    assert get_match_summary(redis_client, match_id)["last_seq"] == answer["seq"]


def test_a_process_catches_its_state_up_with_what_another_process_appended(
        judge, redis_client, monkeypatch):
    from app.service import write

    match_id = create_match(judge)["match_id"]
    for _ in range(3):
        take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))
    held = write.HEAD_STATES.latest(match_id)
    take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))
    take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))
    # as if the other web worker had logged the last two: this one holds an older state
    write.HEAD_STATES.put(match_id, *held)
    folds: list[int] = []
    real_load_state = write.load_state
    monkeypatch.setattr(write, "load_state", lambda *a, **k: folds.append(1) or real_load_state(*a, **k))

    answer = take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))

    assert folds == []  # caught up from the held state, not loaded from a snapshot
    stored = EventStore(redis_client, chain_key=TEST_CHAIN_KEY).read(match_id)
    assert stored[-1]["seq"] == answer["seq"]
    assert ok(judge.get(f"/v1/matches/{match_id}/audit"))["chain_ok"]
    assert write.HEAD_STATES.latest(match_id)[0] == answer["seq"]


def test_a_held_state_that_does_not_link_to_the_log_is_not_caught_up(judge, monkeypatch):
    from app.service import write

    match_id = create_match(judge)["match_id"]
    for _ in range(3):
        take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))
    seq, _hash, state = write.HEAD_STATES.latest(match_id)
    take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))
    write.HEAD_STATES.put(match_id, seq, "f" * 64, state)  # not the hash the log has there
    folds: list[int] = []
    real_load_state = write.load_state
    monkeypatch.setattr(write, "load_state", lambda *a, **k: folds.append(1) or real_load_state(*a, **k))

    take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))

    assert folds == [1]
