"""A reply lost after Redis ran an append (the connection dropped, Redis died right after
fsyncing): redis-py sends the same EVALSHA again. The batch must land once, and the caller
must hear "appended" - not a duplicate event, not a false conflict."""

from __future__ import annotations

import pytest
import redis

from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from tests.factories import action, match_created
from tests.reliability.helpers import SECRET, LostReplyProxy, issue_token, long_game

pytestmark = pytest.mark.integration


@pytest.fixture
def proxy(killable_redis):
    lossy = LostReplyProxy(killable_redis.port)
    yield lossy
    lossy.close()


def test_a_resent_append_lands_once(proxy, killable_redis):
    client = redis.Redis(host="127.0.0.1", port=proxy.port, decode_responses=True)
    store = EventStore(client, chain_key=TEST_CHAIN_KEY)
    store.append("m1", [match_created()])

    proxy.arm(b"EVALSHA")  # no expected_seq: before the fix, re-chained and appended twice
    first = store.append("m1", [action(0)])
    assert first.seqs == [2]
    proxy.arm(b"EVALSHA")  # with expected_seq: before the fix, a false ConflictError
    second = store.append("m1", [action(1)], expected_seq=2)
    assert second.seqs == [3]

    assert proxy.cut == 2
    events = store.read("m1")
    assert [e["seq"] for e in events] == [1, 2, 3]
    assert [e["payload"]["seat"] for e in events[1:]] == [0, 1]
    assert [e["hash"] for e in events[1:]] == [first.events[0]["hash"],
                                               second.events[0]["hash"]]
    assert store.verify_chain("m1")["chain_ok"]
    client.close()


def test_an_action_whose_reply_was_lost_is_answered_201_once(proxy, killable_redis):
    from app import create_app

    client = redis.Redis(host="127.0.0.1", port=proxy.port, decode_responses=True)
    app = create_app({"REDIS_URL": killable_redis.url, "RQ_REDIS_URL": killable_redis.url,
                      "REFEREE_TOKEN_SECRET": SECRET}, redis_client=client)
    judge = issue_token(client, "judge", "Judy")
    http = app.test_client()
    headers = {"Authorization": f"Bearer {judge}"}
    created = http.post("/v1/matches", headers=headers,
                        json={"players": [{"name": "A"}, {"name": "B"}],
                              "position": long_game(10)})
    assert created.status_code == 201, created.get_data(True)
    match_id = created.get_json()["match_id"]
    for seq, seat in ((1, 0), (2, 1)):
        proxy.arm(b"EVALSHA")
        body = {"seat": seat, "action": {"type": "end_turn"}}
        if seat:
            body["expected_seq"] = seq
        answer = http.post(f"/v1/matches/{match_id}/actions", json=body, headers=headers)
        assert answer.status_code == 201, answer.get_data(True)
        assert answer.get_json()["seq"] == seq + 1
    assert proxy.cut == 2
    assert EventStore(client, chain_key=TEST_CHAIN_KEY).last_seq(match_id) == 3
    audit = http.get(f"/v1/matches/{match_id}/audit", headers=headers).get_json()
    assert audit["chain_ok"] and audit["replay_ok"], audit
    client.close()
