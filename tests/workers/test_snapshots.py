"""Snapshots and load_state: equal to a full fold everywhere, cheap at the head, and never
trusting a snapshot that does not check out."""

from __future__ import annotations

import json

import pytest

from events.codec import canonical_json
from events.errors import MatchNotFound
from projections.replay import fold
from projections.snapshots import (
    list_snapshots,
    load_state,
    maybe_snapshot,
    newest_snapshot_seq,
    snapshot_keys,
)
from tests.workers.helpers import new_match

pytestmark = pytest.mark.integration

EVERY = 10


def play_with_snapshots(table, n: int, batch: int = 3) -> None:
    """Play ``n`` actions, ``batch`` per append, running the snapshot job after each append
    as the write path's jobs would."""
    done = 0
    while done < n:
        played = table.play(min(batch, n - done))
        if not played:
            return
        done += played
        maybe_snapshot(table.store, table.match_id, every=EVERY)


def assert_equals_full_fold(store, match_id, seqs):
    events = store.read(match_id)
    game = None
    used = []
    for upto in seqs:
        loaded = load_state(store, store.redis, match_id, upto)
        game = loaded.game
        expected = fold(events, upto).state
        assert loaded.seq == upto
        assert game.state_hash(loaded.state) == game.state_hash(expected), f"seq {upto}"
        recorded = events[upto - 1].get("state_hash")
        assert recorded is None or recorded == game.state_hash(loaded.state), f"seq {upto}"
        used.append(loaded)
    return used


def test_load_state_equals_a_full_fold_at_every_seq_across_rewinds(store):
    table = new_match(store, "snap", seed=2)
    play_with_snapshots(table, 60)
    snap_before = newest_snapshot_seq(store.redis, "snap")
    assert snap_before >= 50

    # a judge rewinds to before the newest snapshots (J-REPAIR-1), and play goes on
    table.judge("Rewound", {"to_seq": 25, "reason": "wrong Energy count", "reshuffle": False})
    maybe_snapshot(store, "snap", every=EVERY)       # a rewind makes a snapshot due at once
    assert newest_snapshot_seq(store.redis, "snap") == table.seq
    play_with_snapshots(table, 25)
    # a ruling whose remedy rewinds, into the middle of the post-rewind play
    table.judge("DisputeOpened", {"dispute_id": "d1", "seat": 0, "about_seq": table.seq - 3,
                                  "claim": "attached twice"})
    table.judge("RulingIssued", {"dispute_id": "d1", "decision": "upheld",
                                 "remedy": {"rewind_to": table.seq - 6}, "penalty": None})
    play_with_snapshots(table, 12)
    # and a rewind not followed by any snapshot job: the tail holds it
    table.judge("Rewound", {"to_seq": 40, "reason": "second look", "reshuffle": False})
    table.play(4)

    head = table.seq
    used = assert_equals_full_fold(store, "snap", range(1, head + 1))
    from_snapshots = [u for u in used if u.snapshot_seq is not None]
    assert len(from_snapshots) > head // 2
    assert any(u.rewound_in_tail and u.full_history for u in used)
    # at the head the tail holds a rewind to before every snapshot: still exact
    assert used[-1].rewound_in_tail


def test_loading_the_head_of_a_long_match_applies_at_most_k_events(store):
    table = new_match(store, "long", seed=8)
    play_with_snapshots(table, 150, batch=4)
    head = table.seq
    assert head > 100
    for upto in (head, head - 1, head - 7):
        loaded = load_state(store, store.redis, "long", upto)
        assert loaded.snapshot_seq is not None and not loaded.full_history
        assert loaded.applied < EVERY + 4, (upto, loaded.snapshot_seq, loaded.applied)
    # further back (time travel), the milestones kept every 10*K bound the cost
    for upto in (head - 60, 60, 31):
        loaded = load_state(store, store.redis, "long", upto)
        assert loaded.snapshot_seq is not None and loaded.applied < 10 * EVERY + 4
    # the newest few are kept, plus one per 10*K bucket for time travel
    seqs = [s["seq"] for s in list_snapshots(store.redis, "long")]
    assert len(seqs) <= 3 + head // (10 * EVERY) + 1
    assert seqs == sorted(seqs, reverse=True)
    assert seqs[0] == newest_snapshot_seq(store.redis, "long")


def test_a_snapshot_of_another_engine_version_is_ignored(store, redis_client):
    table = new_match(store, "old", seed=7)
    play_with_snapshots(table, 30)
    newest = newest_snapshot_seq(redis_client, "old")
    snap_key, _ = snapshot_keys("old")
    for raw in list(redis_client.hkeys(snap_key)):
        snap = json.loads(redis_client.hget(snap_key, raw))
        snap["engine_version"] = "tcg-0"
        snap["state"]["seats"][0]["prizes"] = []  # an old engine's idea of the state
        redis_client.hset(snap_key, raw, canonical_json(snap))

    loaded = load_state(store, redis_client, "old")
    assert loaded.snapshot_seq is None
    assert loaded.game.state_hash(loaded.state) == table.events[-1]["state_hash"]
    # the snapshot job sees no snapshot of this engine and takes one
    version = loaded.game.engine_version
    assert newest_snapshot_seq(redis_client, "old", version) == 0
    taken = maybe_snapshot(store, "old", every=EVERY)
    assert taken and taken["seq"] == table.seq and taken["engine_version"] == version
    assert load_state(store, redis_client, "old").snapshot_seq == table.seq
    assert newest <= table.seq


def test_a_snapshot_that_disagrees_with_the_log_is_ignored(store, redis_client):
    table = new_match(store, "forged", seed=11)
    play_with_snapshots(table, 30)
    snap_key, _ = snapshot_keys("forged")
    newest = newest_snapshot_seq(redis_client, "forged")
    game = table.game

    # a self-consistent snapshot whose state is not the one the log recorded at that seq
    snap = json.loads(redis_client.hget(snap_key, str(newest)))
    state = game.from_dict(snap["state"])
    state.seats[0].hand, state.seats[0].deck = state.seats[0].deck[:3], state.seats[0].hand
    snap["state"], snap["state_hash"] = game.to_dict(state), game.state_hash(state)
    redis_client.hset(snap_key, str(newest), canonical_json(snap))
    loaded = load_state(store, redis_client, "forged")
    assert loaded.snapshot_seq is not None and loaded.snapshot_seq < newest
    assert game.state_hash(loaded.state) == table.events[-1]["state_hash"]

    # a snapshot whose state does not hash to its own state_hash, and plain garbage
    older = loaded.snapshot_seq
    bad = json.loads(redis_client.hget(snap_key, str(older)))
    bad["state"]["turn"] += 1
    redis_client.hset(snap_key, str(older), canonical_json(bad))
    for raw in redis_client.hkeys(snap_key):
        if int(raw) not in (newest, older):
            redis_client.hset(snap_key, raw, "{not json")
    loaded = load_state(store, redis_client, "forged")
    assert loaded.snapshot_seq is None
    assert game.state_hash(loaded.state) == table.events[-1]["state_hash"]


def test_maybe_snapshot_is_idempotent_and_load_state_checks_its_arguments(store):
    table = new_match(store, "idem", seed=2)
    table.play(EVERY + 2)
    first = maybe_snapshot(store, "idem", every=EVERY)
    assert first and first["seq"] == table.seq
    assert maybe_snapshot(store, "idem", every=EVERY) is None
    assert len(list_snapshots(store.redis, "idem")) == 1
    with pytest.raises(MatchNotFound):
        load_state(store, None, "nobody")
    with pytest.raises(ValueError):
        load_state(store, None, "idem", 0)
    beyond = load_state(store, None, "idem", table.seq + 50)
    assert beyond.seq == table.seq
