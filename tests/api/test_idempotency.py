"""Idempotency records (issue 42 item 3): a record keeps the request's digest and the seq and
hash of the event it appended, not the answer; a retry's answer is rebuilt from the log,
byte for byte what that caller got the first time; records written whole by older versions
still answer; a finished match's records are dropped after a while (``events.idempotency``)."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest

from events.codec import canonical_json
from events.idempotency import drop_when_stale
from events.keys import match_keys
from tests.api.helpers import assert_problem, choose, create_match, ok
from tests.api.positions import bubble, sandbox_players

pytestmark = pytest.mark.integration


def _actions(match_id: str) -> str:
    return f"/v1/matches/{match_id}/actions"


def _play(judge, created, count: int, rng: random.Random) -> list[tuple]:
    """``count`` actions of a real game (decks, hidden hands, draws, searches), each sent
    with a key by the seat's player (a redacted answer) or by the judge (a full one), at
    random; ``(client, body, first answer's bytes)`` for each."""
    match_id = created["match_id"]
    players = {seat: judge.with_token(created["tokens"][str(seat)]) for seat in (0, 1)}
    sent = []
    for n in range(count):
        summary = ok(judge.get(f"/v1/matches/{match_id}"))
        if summary["status"] == "finished":
            break
        first = summary["seat_to_act"]
        for seat in (first, 1 - first):
            client = players[seat] if rng.random() < 0.6 else judge
            listed = ok(client.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}"))
            action = choose(listed["actions"])
            if action is not None:
                break
        assert action is not None, summary
        body = {"seat": seat, "action": action, "idempotency_key": f"key-{n}"}
        answer = client.post(_actions(match_id), json=body)
        assert answer.status_code == 201, answer.get_data(True)
        sent.append((client, body, answer.get_data()))
    return sent


def test_a_retry_gets_the_first_answer_byte_for_byte_for_a_player_and_a_judge(judge, store,
                                                                              redis_client):
    """Rebuilt from the log, a retry's body is exactly the first one's: a player's redacted
    event and narration (its opponent's hidden cards stay hidden), a judge's full event with
    its state hash. Right after the action, and late (after more actions and a snapshot)."""
    created = create_match(judge)
    match_id = created["match_id"]
    sent = _play(judge, created, 40, random.Random(3))
    roles = {json.loads(first)["event"].get("state_hash") is None for _c, _b, first in sent}
    assert roles == {True, False}          # both a player's answers and a judge's were sent
    head = store.last_seq(match_id)
    for client, body, first in reversed(sent):       # late: the newest first, the oldest last
        again = client.post(_actions(match_id), json=body)
        assert again.status_code == 201
        assert again.get_data() == first
    assert store.last_seq(match_id) == head          # nothing appended by the retries
    records = redis_client.hvals(match_keys(match_id).idempotency)
    assert len(records) == len(sent)
    assert all(set(json.loads(r)) == {"fingerprint", "seq", "hash"} for r in records)


def test_a_record_keeps_no_answer(judge, redis_client):
    """What a record holds: the request's digest and the event's seq and hash (about 160
    bytes), not the answer (over a kilobyte before)."""
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    player = judge.with_token(created["tokens"]["0"])
    body = {"seat": 0, "idempotency_key": "k1",
            "action": {"type": "attach_energy", "card": "0:2", "target": "0:0"}}
    first = ok(player.post(_actions(match_id), json=body), 201)
    (raw,) = redis_client.hvals(match_keys(match_id).idempotency)
    record = json.loads(raw)
    assert record == {"fingerprint": record["fingerprint"], "seq": first["seq"],
                      "hash": first["event"]["hash"][:16]}
    assert len(record["fingerprint"]) == 32 and len(raw) < 100


def test_a_whole_record_written_before_still_answers_a_retry(judge, redis_client):
    """A record written by an older version keeps the first answer whole: a retry gets it."""
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    player = judge.with_token(created["tokens"]["0"])
    body = {"seat": 0, "idempotency_key": "old",
            "action": {"type": "attach_energy", "card": "0:2", "target": "0:0"}}
    first = ok(player.post(_actions(match_id), json=body), 201)
    key = match_keys(match_id).idempotency
    (field,) = redis_client.hkeys(key)
    lean = json.loads(redis_client.hget(key, field))
    kept = dict(first, narration=["(as an older version kept it)"])
    whole_digest = lean["fingerprint"] + "5" * 32   # an older version kept all 64 digits
    redis_client.hset(key, field, canonical_json({"seqs": [lean["seq"]],
                                                  "fingerprint": whole_digest,
                                                  "response": canonical_json(kept)}))
    assert ok(player.post(_actions(match_id), json=body), 201) == kept
    # another request under the key is still refused
    other = dict(body, action={"type": "end_turn"})
    assert "'old'" in assert_problem(player.post(_actions(match_id), json=other), 422)["detail"]


def test_a_record_naming_an_event_the_log_does_not_hold_is_not_answered(judge, redis_client,
                                                                        store):
    """A record whose hash is not the logged event's: the log is verified (it is sound
    here) and the retry is refused (409), never answered with another event."""
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    player = judge.with_token(created["tokens"]["0"])
    body = {"seat": 0, "idempotency_key": "k", "action": {"type": "end_turn"}}
    ok(player.post(_actions(match_id), json=body), 201)
    key = match_keys(match_id).idempotency
    (field,) = redis_client.hkeys(key)
    record = json.loads(redis_client.hget(key, field))
    redis_client.hset(key, field, canonical_json({**record, "hash": "0" * 16}))
    refused = assert_problem(player.post(_actions(match_id), json=body), 409)
    assert "'k'" in refused["detail"]
    assert store.last_seq(match_id) == 2 and store.frozen(match_id) is None


def test_a_refused_action_keeps_no_record_and_is_decided_again(judge, redis_client):
    """A refusal (409) is not kept, as before: the same request is decided again."""
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    player = judge.with_token(created["tokens"]["1"])
    body = {"seat": 1, "idempotency_key": "early", "action": {"type": "end_turn"}}
    for _ in range(2):
        assert_problem(player.post(_actions(match_id), json=body), 409)
    assert redis_client.hlen(match_keys(match_id).idempotency) == 0


def test_a_finished_matchs_records_are_dropped_some_days_after_its_end(judge, store,
                                                                       redis_client):
    """``referee reconcile`` drops a finished match's records once its last event is
    ``REFEREE_IDEMPOTENCY_DAYS`` old; a match still played keeps them, however old."""
    from workers.reconcile import reconcile

    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    player = judge.with_token(created["tokens"]["0"])
    ok(player.post(_actions(match_id), json={"seat": 0, "idempotency_key": "k",
                                             "action": {"type": "end_turn"}}), 201)
    key = match_keys(match_id).idempotency
    ended = store.read(match_id, 2, 2)[0]["recorded_at"]
    from datetime import datetime
    end = datetime.fromisoformat(ended.replace("Z", "+00:00"))
    week = timedelta(days=7)
    assert drop_when_stale(store, match_id, end + 2 * week, week) == 0   # not finished
    store.set_match_status(match_id, "finished")
    assert drop_when_stale(store, match_id, end + week - timedelta(minutes=1), week) == 0
    assert redis_client.hlen(key) == 1
    result = reconcile(store, match_ids=[match_id], now=end + week + timedelta(minutes=1),
                       keep_idempotency=week)
    assert result["idempotency_dropped"] == {match_id: 1}
    assert redis_client.exists(key) == 0
