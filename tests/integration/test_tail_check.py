"""The after-append job's check reads the tail of a log (``EventStore.read_log_to_check``):
the events after the prefix its process verified, and the whole log once a period. What a
tail read sees at once, what waits for the next whole read, and that anything off in the
tail sends the check to the whole log to find the first bad seq."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from events.keys import match_keys
from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from tests.factories import action, match_created

pytestmark = pytest.mark.integration

M = "tail1"
KEYS = match_keys(M)
PERIOD = 60.0


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def checker(redis_client, clock):
    """A store as a worker holds it between jobs, and a record of the seqs it re-hashed."""
    store = EventStore(redis_client, clock=clock, chain_key=TEST_CHAIN_KEY,
                       whole_check_seconds=PERIOD)
    store.rehashed = []
    checked_hash = store._checked_hash

    def counting(entry_id, fields, position, prev_hash):
        store.rehashed.append(position)
        return checked_hash(entry_id, fields, position, prev_hash)

    store._checked_hash = counting
    return store


def check(store: EventStore, expected=()):
    log = store.read_log_to_check(M)
    return log, store.check_log(M, expected, log)


def rewrite(redis_client, entries) -> None:
    redis_client.delete(KEYS.events)
    for entry_id, fields in entries:
        redis_client.xadd(KEYS.events, fields, id=entry_id)


def edit_payload(redis_client, seq: int) -> None:
    entries = redis_client.xrange(KEYS.events)
    fields = dict(entries[seq - 1][1], payload=json.dumps({"forged": True}))
    entries[seq - 1] = (entries[seq - 1][0], fields)
    rewrite(redis_client, entries)


def verified_log(store: EventStore, events: int = 6) -> None:
    store.append(M, [match_created(), *[action(seat=n % 2) for n in range(events - 1)]])
    log, report = check(store)
    assert log.whole and report["chain_ok"] and store.rehashed == list(range(1, events + 1))
    store.rehashed.clear()


def test_after_a_whole_check_only_the_new_events_are_read_and_hashed(checker):
    verified_log(checker)
    checker.append(M, [action(seat=1), action(seat=0)])
    log, report = check(checker)
    assert not log.whole and log.start == 5 and log.length == 8
    assert [int(i.split("-")[0]) for i, _ in log.entries] == [6, 7, 8]
    assert log.first_entry()[0] == "1-0"
    assert report["chain_ok"] and report["last_seq"] == 8 and checker.rehashed == [7, 8]
    checker.rehashed.clear()
    log, report = check(checker)  # nothing new: the last verified entry alone
    assert (log.start, len(log.entries), report["chain_ok"], checker.rehashed) == (7, 1, True, [])


def test_an_edit_inside_the_verified_prefix_waits_for_the_next_whole_read(
        checker, redis_client, clock):
    """The trade: a tail read trusts the prefix this process verified (it is not
    re-read), so an edit in place there is found by the first whole read after it, at most
    ``whole_check_seconds`` later (and by reconcile, an audit, a verify job)."""
    verified_log(checker)
    edit_payload(redis_client, 2)
    checker.append(M, [action(seat=1)])
    log, report = check(checker)
    assert not log.whole and report["chain_ok"]
    clock.now += timedelta(seconds=PERIOD)
    log, report = check(checker)
    assert log.whole
    assert (report["chain_ok"], report["first_bad_seq"], report["finding"]) == (
        False, 2, "altered")


def test_a_whole_read_re_hashes_only_after_an_unchanged_prefix(checker, clock):
    verified_log(checker)
    checker.append(M, [action(seat=1)])
    check(checker)
    checker.rehashed.clear()
    checker.append(M, [action(seat=0)])
    clock.now += timedelta(seconds=PERIOD)
    log, report = check(checker)
    assert log.whole and report["chain_ok"] and checker.rehashed == [8]


def _delete_second(redis_client) -> None:
    redis_client.xdel(KEYS.events, "2-0")


def _forge_past_head(redis_client) -> None:
    last = redis_client.xrange(KEYS.events)[-1][1]
    redis_client.xadd(KEYS.events, dict(last), id="8-0")


def _edit_last_verified(redis_client) -> None:
    entries = redis_client.xrange(KEYS.events)
    entries[5] = (entries[5][0], dict(entries[5][1], hash="0" * 64))
    rewrite(redis_client, entries)


def _edit_new(redis_client) -> None:
    edit_payload(redis_client, 7)


@pytest.mark.parametrize(("forgery", "first_bad", "finding"), [
    (_delete_second, 2, "missing"),          # the stream is shorter than the head
    (_forge_past_head, 8, "altered"),        # longer: a copy does not verify as event 8
    (_edit_last_verified, 6, "altered"),     # the entry the tail starts at changed
    (_edit_new, 7, "altered"),               # a new event does not verify
])
def test_anything_off_in_a_tail_read_is_found_at_once_from_the_whole_log(
        checker, redis_client, forgery, first_bad, finding):
    verified_log(checker)
    checker.append(M, [action(seat=1)])
    forgery(redis_client)
    log, report = check(checker)
    assert not log.whole  # what the job read; the check went on to read the whole log
    assert (report["chain_ok"], report["first_bad_seq"], report["finding"]) == (
        False, first_bad, finding)
    assert report["events"] == redis_client.xlen(KEYS.events)
    assert check(checker)[0].whole  # and it keeps no verified prefix of a bad log


def test_an_anchor_above_a_cut_tail_is_found_by_a_tail_read(checker, redis_client):
    """A cut tail with the head moved back: the anchor of the old head names an event the
    log no longer holds. Anchors inside the verified prefix wait for the next whole read."""
    verified_log(checker)
    appended = checker.append(M, [action(seat=1), action(seat=0)]).events  # 7 and 8
    entries = redis_client.xrange(KEYS.events)[:7]
    rewrite(redis_client, entries)
    redis_client.hset(KEYS.meta, mapping={"head_seq": 7, "head_hash": entries[-1][1]["hash"]})
    anchors = [(2, "not the hash at seq 2"), (8, appended[-1]["hash"])]
    log, report = check(checker, anchors)
    assert not log.whole and log.start == 5
    assert (report["chain_ok"], report["first_bad_seq"], report["finding"]) == (
        False, 8, "truncated")
    assert report["expected_checked"] == 2
