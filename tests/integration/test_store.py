"""EventStore against a real redis-server."""

from __future__ import annotations

import json
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.codec import GENESIS_HASH, canonical_json, event_hash, sha256_hex
from events.errors import (
    ConflictError,
    IdempotencyMismatch,
    InvalidEvent,
    MatchExists,
    MatchFrozen,
    MatchNotFound,
    StreamIntegrityError,
)
from events.keys import match_keys
from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from tests.factories import action, match_created

pytestmark = pytest.mark.integration

M = "m1"
STREAM = match_keys(M).events


def stream_ids(redis_client, key=STREAM):
    return [entry_id for entry_id, _ in redis_client.xrange(key)]


def snapshot(redis_client):
    """Everything stored for match M, to show that a refused write changed nothing."""
    keys = match_keys(M)
    return (redis_client.xrange(keys.events), redis_client.hgetall(keys.meta),
            redis_client.hgetall(keys.idempotency))


def run_threads(count, target):
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def worker(index):
        barrier.wait()
        try:
            results[index] = target(index)
        except Exception as exc:  # noqa: BLE001 - collected for the assertions
            results[index] = exc

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


# ---------------------------------------------------------------------- appending

def test_append_fills_the_envelope_and_chains(redis_client, fixed_clock):
    store = EventStore(redis_client, clock=fixed_clock, chain_key=TEST_CHAIN_KEY)
    first = store.append(M, [match_created()], actor={"subject": "tok-1", "role": "judge"})
    fixed_clock.advance(seconds=1)
    second = store.append(M, [action(state_hash="s1"), action(seat=1)])

    assert first.seqs == [1] and second.seqs == [2, 3]
    created = first.events[0]
    assert created["seq"] == 1 and created["version"] == 1
    assert created["recorded_at"] == "2024-05-17T12:00:00.000000Z"
    assert created["actor"] == {"subject": "tok-1", "role": "judge"}
    assert created["prev_hash"] == GENESIS_HASH
    assert created["hash"] == event_hash(created, store.chain_key)
    assert second.events[0]["prev_hash"] == created["hash"]
    assert second.events[0]["state_hash"] == "s1"
    assert "state_hash" not in second.events[1]
    assert second.events[1]["actor"] == {"subject": "system", "role": "system"}

    assert store.read(M) == first.events + second.events
    assert store.read(M, 2, 2) == second.events[:1]
    assert store.head(M) == (3, second.events[-1]["hash"])
    assert store.last_seq(M) == 3
    assert stream_ids(redis_client) == ["1-0", "2-0", "3-0"]
    assert store.verify_chain(M) == {"chain_ok": True, "first_bad_seq": None, "events": 3,
                                     "last_seq": 3}


def test_state_hash_is_part_of_the_hash(store):
    event = store.append(M, [action(state_hash="abc")]).events[0]
    changed = dict(event, state_hash="abd")
    assert event_hash(changed, store.chain_key) != event["hash"]


def test_events_are_stored_flat_with_json_payload(store, redis_client):
    store.append(M, [action(card="0:1")])
    [(entry_id, fields)] = redis_client.xrange(STREAM)
    assert entry_id == "1-0"
    assert fields["type"] == "ActionTaken"
    assert json.loads(fields["payload"]) == {"seat": 0, "action": {"type": "end_turn",
                                                                   "card": "0:1"}}
    assert json.loads(fields["actor"]) == {"subject": "system", "role": "system"}
    # the seq is the entry's id and prev_hash the hash before: neither is stored again
    assert "seq" not in fields and "prev_hash" not in fields


def test_seq_and_prev_hash_are_put_back_wherever_a_read_starts(store):
    store.append(M, [match_created()] + [action(i % 2) for i in range(5)])
    everything = store.read(M)

    assert [e["seq"] for e in everything] == [1, 2, 3, 4, 5, 6]
    assert everything[0]["prev_hash"] == GENESIS_HASH
    assert all(e["prev_hash"] == before["hash"]
               for before, e in zip(everything, everything[1:], strict=False))
    assert store.read(M, 4, 5) == everything[3:5]
    assert store.read(M, 6) == everything[5:]
    assert store.tail(M, 3, block_ms=None) == everything[3:]
    assert store.tail(M, 0, block_ms=None) == everything
    assert store.verify_chain(M)["chain_ok"]


def test_an_entry_written_with_seq_and_prev_hash_reads_and_verifies_the_same(store,
                                                                            redis_client):
    store.append(M, [match_created(), action(0), action(1)])
    events = store.read(M)
    # the same log as entries of the earlier layout (every field stored)
    redis_client.delete(STREAM)
    for event in events:
        flat = {name: (json.dumps(value, sort_keys=True, separators=(",", ":"))
                       if name in ("actor", "payload") else str(value))
                for name, value in event.items()}
        redis_client.xadd(STREAM, flat, id=f"{event['seq']}-0")

    assert store.read(M) == events and store.read(M, 2) == events[1:]
    assert store.verify_chain(M)["chain_ok"]


def test_twenty_writers_with_the_same_expected_seq_one_wins(store, redis_client):
    store.append(M, [match_created()])

    results = run_threads(20, lambda i: store.append(M, [action(i % 2)], expected_seq=1))

    wins = [r for r in results if not isinstance(r, Exception)]
    conflicts = [r for r in results if isinstance(r, ConflictError)]
    assert len(wins) == 1 and len(conflicts) == 19
    assert all(c.expected_seq == 1 and c.actual_seq == 2 for c in conflicts)
    assert stream_ids(redis_client) == ["1-0", "2-0"]
    assert store.verify_chain(M)["chain_ok"]


def test_writers_without_expected_seq_all_land_without_gap_or_duplicate(store, redis_client):
    results = run_threads(8, lambda i: [store.append(M, [action(i % 2, n=i, k=k)]).seqs[0]
                                        for k in range(10)])

    assert not [r for r in results if isinstance(r, Exception)], results
    seqs = sorted(seq for per_thread in results for seq in per_thread)
    assert seqs == list(range(1, 81))
    assert stream_ids(redis_client) == [f"{n}-0" for n in range(1, 81)]
    assert store.verify_chain(M)["chain_ok"]


def test_idempotent_retry_returns_the_first_answer_and_writes_nothing(store, redis_client):
    store.append(M, [match_created()])
    first = store.append(M, [action()], expected_seq=1, idempotency_key="req-7",
                         request_fingerprint="fp-1", response='{"seq": 2}')
    before = snapshot(redis_client)

    # a retry, even one whose expected_seq is now stale, gets the stored answer
    again = store.append(M, [action()], expected_seq=1, idempotency_key="req-7",
                         request_fingerprint="fp-1")

    assert again.replayed and not first.replayed
    assert again.seqs == first.seqs == [2]
    assert again.events == first.events
    assert again.response == '{"seq": 2}'
    assert snapshot(redis_client) == before


def test_idempotency_key_reused_for_another_request_is_refused(store, redis_client):
    store.append(M, [action()], idempotency_key="k", request_fingerprint="fp-1")
    before = snapshot(redis_client)
    with pytest.raises(IdempotencyMismatch):
        store.append(M, [action(seat=1)], idempotency_key="k", request_fingerprint="fp-2")
    # without an explicit fingerprint the events themselves are compared
    store.append(M, [action()], idempotency_key="k2")
    with pytest.raises(IdempotencyMismatch):
        store.append(M, [action(seat=1)], idempotency_key="k2")
    assert store.append(M, [action()], idempotency_key="k2").replayed
    assert snapshot(redis_client)[0] == before[0] + redis_client.xrange(STREAM, "2-0", "2-0")


def test_concurrent_retries_with_one_key_append_once(store, redis_client):
    results = run_threads(10, lambda i: store.append(M, [action()], idempotency_key="same"))
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sum(not r.replayed for r in results) == 1
    assert {tuple(r.seqs) for r in results} == {(1,)}
    assert stream_ids(redis_client) == ["1-0"]


# ---------------------------------------------------------------------- all or nothing

def test_a_stale_batch_leaves_the_stream_untouched(store, redis_client):
    store.append(M, [match_created(), action()])
    before = snapshot(redis_client)
    with pytest.raises(ConflictError) as caught:
        store.append(M, [action(), action(), action()], expected_seq=1)
    assert (caught.value.expected_seq, caught.value.actual_seq) == (1, 2)
    assert snapshot(redis_client) == before


def test_a_batch_on_a_bad_prev_hash_leaves_the_stream_untouched(store, redis_client):
    store.append(M, [match_created()])
    before = snapshot(redis_client)
    checked = [{"type": "ActionTaken", "payload": {"seat": 0, "action": {"type": "x"}}}] * 3
    batch = store.prepare_batch(M, checked, head_seq=1, head_hash="f" * 64)

    outcome = store.submit_batch(batch)

    assert outcome[0] == "head_moved" and int(outcome[1]) == 1
    assert snapshot(redis_client) == before


def test_a_batch_with_an_invalid_second_event_writes_nothing(store, redis_client):
    store.append(M, [match_created()])
    before = snapshot(redis_client)
    bad = {"type": "ActionTaken", "payload": {"seat": 3, "action": {"type": "bench"}}}
    with pytest.raises(InvalidEvent) as caught:
        store.append(M, [action(), bad, action()])
    assert caught.value.index == 1
    assert caught.value.errors == {"payload": {"seat": ["Must be one of: 0, 1."]}}
    assert snapshot(redis_client) == before


@pytest.mark.parametrize("event,field", [
    ({"type": "CardsShuffled", "payload": {}}, "type"),
    ({"type": "ActionTaken", "payload": {"seat": 0}}, "action"),
    ({"type": "ActionTaken", "payload": {"seat": 0, "action": {"type": "x"}, "cheat": 1}},
     "cheat"),
    ({"type": "MatchCreated", "payload": {"game": "tcg"}}, "ruleset"),
])
def test_malformed_or_unknown_events_are_refused_naming_the_field(store, redis_client, event,
                                                                  field):
    with pytest.raises(InvalidEvent) as caught:
        store.append(M, [event])
    assert field in str(caught.value)
    assert redis_client.exists(STREAM, match_keys(M).meta) == 0


def test_bad_match_ids_are_refused(store):
    for bad in ("", "a{b}", "x" * 65, "sp ace"):
        with pytest.raises(ValueError):
            store.append(bad, [action()])


# ---------------------------------------------------------------------- tampering

def test_an_event_forged_with_redis_cli_is_detected_at_its_seq(store, redis_client, redis_cli):
    store.append(M, [match_created(), action(), action(seat=1)])
    payload = json.dumps({"seat": 0, "action": {"type": "concede"}})
    redis_cli("XADD", STREAM, "4-0", "seq", "4", "type", "ActionTaken", "version", "1",
              "payload", payload, "prev_hash", store.head(M)[1], "hash", "0" * 64)

    assert store.verify_chain(M) == {"chain_ok": False, "first_bad_seq": 4, "events": 4,
                                     "last_seq": 3}
    with pytest.raises(StreamIntegrityError):
        store.append(M, [action()])
    assert stream_ids(redis_client) == ["1-0", "2-0", "3-0", "4-0"]


def test_a_forgery_with_a_correct_hash_is_still_detected(store, redis_client, redis_cli):
    """Even a forger holding the chain key can't append behind the store's back: the head
    kept beside the stream (written only by the append script) still gives it away."""
    store.append(M, [match_created(), action()])
    forged = dict(store.read(M)[-1], seq=3, prev_hash=store.head(M)[1],
                  payload={"seat": 1, "action": {"type": "concede"}})
    forged["hash"] = event_hash(forged, store.chain_key)
    fields = []
    for name, value in forged.items():
        fields += [name, json.dumps(value) if name in ("actor", "payload") else str(value)]
    redis_cli("XADD", STREAM, "3-0", *fields)

    assert store.verify_chain(M)["first_bad_seq"] == 3


def test_a_changed_field_is_detected_at_its_seq(store, redis_client):
    store.append(M, [match_created(), action(), action(seat=1), action()])
    # An admin rebuilds the stream with one payload changed (the app's ACL user can't
    # DEL; the test connection is unrestricted).
    entries = redis_client.xrange(STREAM)
    redis_client.delete(STREAM)
    for entry_id, fields in entries:
        if entry_id == "3-0":
            fields = dict(fields, payload=json.dumps({"seat": 0, "action": {"type": "x"}}))
        redis_client.xadd(STREAM, fields, id=entry_id)

    assert store.verify_chain(M) == {"chain_ok": False, "first_bad_seq": 3, "events": 4,
                                     "last_seq": 4}


def test_an_added_field_is_detected(store, redis_client):
    store.append(M, [match_created(), action()])
    entries = redis_client.xrange(STREAM)
    redis_client.delete(STREAM)
    for entry_id, fields in entries:
        if entry_id == "1-0":
            fields = dict(fields, note="edited")
        redis_client.xadd(STREAM, fields, id=entry_id)
    assert store.verify_chain(M)["first_bad_seq"] == 1


def test_a_deleted_event_is_detected_at_its_seq(store, redis_cli):
    store.append(M, [match_created(), action(), action(), action()])
    redis_cli("XDEL", STREAM, "2-0")
    assert store.verify_chain(M) == {"chain_ok": False, "first_bad_seq": 2, "events": 3,
                                     "last_seq": 4}


def test_a_deleted_last_event_is_detected(store, redis_cli):
    store.append(M, [match_created(), action()])
    redis_cli("XDEL", STREAM, "2-0")
    assert store.verify_chain(M)["first_bad_seq"] == 2


def test_an_empty_match_verifies(store):
    assert store.verify_chain("never") == {"chain_ok": True, "first_bad_seq": None,
                                           "events": 0, "last_seq": 0}


# ---------------------------------------------------------------------- following

def test_tail_blocks_until_the_next_event(store):
    store.append(M, [match_created()])
    timer = threading.Timer(0.2, lambda: store.append(M, [action()]))
    timer.start()
    started = time.monotonic()
    events = store.tail(M, after_seq=1, block_ms=5000)
    timer.join()
    assert [e["seq"] for e in events] == [2]
    assert time.monotonic() - started < 4
    assert store.tail(M, after_seq=2, block_ms=50) == []
    assert [e["seq"] for e in store.tail(M, after_seq=0, block_ms=None)] == [1, 2]


def test_tail_understands_resp3_replies(connect_redis):
    resp3 = EventStore(connect_redis(protocol=3), chain_key=TEST_CHAIN_KEY)
    resp3.append(M, [action(), action()])
    assert [e["seq"] for e in resp3.tail(M, after_seq=0, block_ms=100)] == [1, 2]
    assert resp3.tail(M, after_seq=2, block_ms=50) == []


def test_follow_resumes_from_the_last_seq_and_misses_nothing(store):
    seen: list[int] = []
    done = threading.Event()

    def follower():
        for event in store.follow(M, after_seq=0, block_ms=100, should_stop=done.is_set):
            seen.append(event["seq"])
            if len(seen) == 30:
                done.set()

    thread = threading.Thread(target=follower)
    thread.start()
    for n in range(10):
        store.append(M, [action(n=n), action(n=n), action(n=n)])
    thread.join(timeout=30)
    assert seen == list(range(1, 31))


def test_reading_pages_through_long_streams(store):
    for _ in range(3):
        store.append(M, [action()] * 400)
    events = store.read(M)
    assert [e["seq"] for e in events] == list(range(1, 1201))
    assert [e["seq"] for e in store.read(M, 499, 502)] == [499, 500, 501, 502]
    assert store.verify_chain(M)["chain_ok"]


# ---------------------------------------------------------------------- match index

def test_match_index(redis_client, fixed_clock):
    store = EventStore(redis_client, clock=fixed_clock, chain_key=TEST_CHAIN_KEY)
    meta = store.create_match("a", {"game": "tcg", "ruleset": "base-1999",
                                    "players": [{"name": "Ana"}, "Beto"], "table": 4})
    assert meta == {"match_id": "a", "game": "tcg", "ruleset": "base-1999",
                    "players": ["Ana", "Beto"], "table": 4, "status": "setup",
                    "created_at": "2024-05-17T12:00:00.000000Z", "last_seq": 0}
    fixed_clock.advance(minutes=1)
    store.create_match("b", {"game": "tfg", "ruleset": "tfg-1", "players": ["C", "D"]})
    with pytest.raises(MatchExists):
        store.create_match("a", {"game": "tcg", "ruleset": "x", "players": []})

    store.append("a", [match_created()])
    store.set_match_status("a", "playing")

    assert [m["match_id"] for m in store.list_matches()] == ["b", "a"]
    assert [m["match_id"] for m in store.list_matches(newest_first=False)] == ["a", "b"]
    assert [m["match_id"] for m in store.list_matches(status="playing")] == ["a"]
    assert [m["match_id"] for m in store.list_matches(status="setup")] == ["b"]
    assert [m["match_id"] for m in store.list_matches(limit=1, offset=1)] == ["a"]
    assert store.get_match_meta("a")["last_seq"] == 1
    assert store.get_match_meta("a")["status"] == "playing"
    assert store.get_match_meta("zzz") is None
    assert store.count_matches() == 2 and store.count_matches("playing") == 1
    with pytest.raises(MatchNotFound):
        store.set_match_status("zzz", "finished")
    with pytest.raises(ValueError):
        store.set_match_status("a", "paused")


# ---------------------------------------------------------------------- the keyed chain

def _rewrite(redis_client, events):
    redis_client.delete(STREAM)
    for event in events:
        fields = {}
        for name, value in event.items():
            fields[name] = json.dumps(value) if name in ("actor", "payload") else str(value)
        redis_client.xadd(STREAM, fields, id=f"{event['seq']}-0")


def test_the_chain_is_keyed_a_plain_sha256_rechain_does_not_verify(store, redis_client):
    """Before: hash = SHA-256 of the event, so whoever could write Redis could drop an event
    and re-chain the rest. Now the hash is an HMAC under a key Redis never sees."""
    store.append(M, [match_created(), action(), action(seat=1), action()])
    events = store.read(M)
    kept = [events[0], *events[2:]]
    for n, event in enumerate(kept[1:], start=2):
        event["seq"], event["prev_hash"] = n, kept[n - 2]["hash"]
        event["hash"] = sha256_hex(canonical_json({k: v for k, v in event.items()
                                                   if k != "hash"}))
    _rewrite(redis_client, kept)
    redis_client.hset(match_keys(M).meta, mapping={"head_seq": 3, "head_hash": kept[-1]["hash"]})

    assert store.verify_chain(M) == {"chain_ok": False, "first_bad_seq": 2, "events": 3,
                                     "last_seq": 3}
    other_key = EventStore(redis_client, chain_key="another-chain-key-" + "z" * 32)
    store.append("fresh", [match_created()])
    assert other_key.verify_chain("fresh")["first_bad_seq"] == 1
    assert repr(store.chain_key) == "ChainKey(<hidden>)"
    assert TEST_CHAIN_KEY not in repr(store.chain_key) + repr(store.chain_key.__slots__)


def test_a_cut_tail_with_the_head_moved_back_verifies_but_not_against_an_anchor(
        store, redis_client):
    written = store.append(M, [match_created(), action(), action(seat=1), action()]).events
    redis_client.xdel(STREAM, "4-0", "3-0")
    redis_client.hset(match_keys(M).meta, mapping={"head_seq": 2,
                                                  "head_hash": written[1]["hash"]})
    assert store.verify_chain(M)["chain_ok"]  # a keyed chain alone can't tell
    anchored = [(4, written[3]["hash"])]
    assert store.check_log(M, anchored) == {
        "chain_ok": False, "first_bad_seq": 3, "finding": "truncated", "events": 2,
        "last_seq": 2, "head_hash": written[1]["hash"], "expected_checked": 1}
    assert store.check_log(M, [(2, "f" * 64)])["finding"] == "altered"
    assert store.check_log(M, [(2, written[1]["hash"])])["chain_ok"]


def test_a_frozen_match_takes_no_event_but_a_retry_still_gets_its_answer(store):
    store.append(M, [match_created()])
    first = store.append(M, [action()], idempotency_key="k")
    record = store.freeze(M, 2, "altered", "test")
    assert record["first_bad_seq"] == 2 and record["detected_by"] == "test"
    with pytest.raises(MatchFrozen) as refused:
        store.append(M, [action(seat=1)])
    assert (refused.value.first_bad_seq, refused.value.finding) == (2, "altered")
    assert store.append(M, [action()], idempotency_key="k").events == first.events
    assert store.last_seq(M) == 2
    # a later detection of an earlier bad seq wins; a later one of a later seq does not
    assert store.freeze(M, 5, "missing", "late")["first_bad_seq"] == 2
    assert store.freeze(M, 1, "missing", "deeper")["first_bad_seq"] == 1
    assert [r["match_id"] for r in store.list_frozen()] == [M]
    assert store.get_match_meta(M)["frozen"]["finding"] == "missing"


def test_a_stream_written_behind_the_store_s_back_freezes_the_match(store, redis_cli):
    store.append(M, [match_created(), action()])
    redis_cli("XADD", STREAM, "3-0", "seq", "3")
    with pytest.raises(MatchFrozen) as refused:
        store.append(M, [action()])
    assert refused.value.first_bad_seq == 3 and refused.value.finding == "altered"
    assert store.frozen(M)["detected_by"] == "write"


def test_the_log_is_read_with_its_head_and_its_freeze_record_in_one_go(store):
    written = store.append(M, [match_created(), action()]).events
    read = store.read_log(M)
    assert (read.head_seq, read.head_hash, len(read.entries)) == (2, written[1]["hash"], 2)
    assert read.frozen is None
    store.freeze(M, 2, "altered", "test")
    assert store.read_log(M).frozen == store.frozen(M) and store.frozen(M)["first_bad_seq"] == 2


def test_receipts_are_signed_with_their_own_key(store):
    written = store.append(M, [match_created()]).events[0]
    receipt = store.receipt(M, 1, written["hash"])
    assert store.receipt_ok(receipt)
    assert receipt["signature"] != written["hash"]
    for forged in (dict(receipt, seq=2), dict(receipt, match_id="m2"),
                   dict(receipt, hash="0" * 64), dict(receipt, signature=written["hash"]),
                   {k: v for k, v in receipt.items() if k != "signature"}):
        assert not store.receipt_ok(forged)


def test_audit_records_never_go_back_in_time(store):
    store.append(M, [action(), action()])
    newer = store.record_audit(M, {"chain_ok": True, "first_bad_seq": None, "events": 2,
                                   "last_seq": 2})
    kept = store.record_audit(M, {"chain_ok": False, "first_bad_seq": 1, "events": 1,
                                  "last_seq": 1})
    assert kept == newer == store.get_audit(M)
    assert newer["chain_ok"] is True and newer["last_seq"] == 2


# ---------------------------------------------------------------------- properties

@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batches=st.lists(st.integers(min_value=1, max_value=5), min_size=1, max_size=6),
       payload=st.dictionaries(st.text(min_size=1).filter(lambda k: k != "type"),
                               st.none() | st.booleans() | st.integers() | st.text(),
                               max_size=4))
def test_any_sequence_of_batches_reads_back_exactly_and_verifies(store, batches, payload):
    match_id = f"p{time.monotonic_ns()}"
    appended = []
    for size in batches:
        appended += store.append(match_id, [action(**payload)] * size).events
    assert store.read(match_id) == appended
    assert [e["seq"] for e in appended] == list(range(1, sum(batches) + 1))
    assert store.verify_chain(match_id)["chain_ok"]


def test_a_verified_prefix_is_not_rehashed_but_an_edit_in_it_is_still_found(
        store, redis_client, monkeypatch):
    """The after-append job checks a match's chain after every append: a process re-hashes
    (keyed) only the entries after the prefix it verified, once that prefix's raw bytes read
    the same; an entry edited in place inside the prefix sends the check back to entry 1."""
    store.append(M, [match_created(), action(), action(seat=1), action()])
    rehashed: list[int] = []
    checked_hash = store._checked_hash

    def counting(entry_id, fields, position, prev_hash):
        rehashed.append(position)
        return checked_hash(entry_id, fields, position, prev_hash)

    monkeypatch.setattr(store, "_checked_hash", counting)
    assert store.verify_chain(M)["chain_ok"] and rehashed == [1, 2, 3, 4]
    store.append(M, [action(seat=1)])
    rehashed.clear()
    assert store.verify_chain(M)["chain_ok"] and rehashed == [5]

    fields = redis_client.xrange(STREAM, "2-0", "2-0")[0][1]
    fields["payload"] = json.dumps({"forged": True})
    redis_client.xdel(STREAM, "2-0")
    # re-insert entry 2 in place (XADD with an explicit id below the top needs a fresh stream)
    entries = redis_client.xrange(STREAM)
    redis_client.delete(STREAM)
    for entry_id, entry_fields in [*entries[:1], ("2-0", fields), *entries[1:]]:
        redis_client.xadd(STREAM, entry_fields, id=entry_id)
    rehashed.clear()
    report = store.verify_chain(M)
    assert (report["chain_ok"], report["first_bad_seq"]) == (False, 2)
    assert rehashed[0] == 1
