"""GET /v1/matches/{id}/stream: Server-Sent Events, filtered per role, resumable."""

from __future__ import annotations

import json
import threading
import time

import pytest

from tests.api.helpers import assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players

pytestmark = pytest.mark.integration


def parse_sse(text: str) -> list[dict]:
    messages = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            if line.startswith(":") or ":" not in line:
                continue
            name, _, value = line.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value
        if "data" in fields:
            messages.append({"id": int(fields["id"]), "event": fields["event"],
                             "data": json.loads(fields["data"])})
    return messages


def test_the_stream_sends_the_events_and_resumes_from_last_event_id(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    ok(judge.post(f"/v1/matches/{match_id}/actions",
                  {"seat": 0, "action": {"type": "attack", "attack": "Bubble"}}), 201)
    ok(judge.post(f"/v1/matches/{match_id}/actions",
                  {"seat": 1, "action": {"type": "end_turn"}}), 201)

    response = judge.get(f"/v1/matches/{match_id}/stream?max_events=3&timeout=5")
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    messages = parse_sse(response.get_data(as_text=True))
    assert [m["id"] for m in messages] == [1, 2, 3]
    assert [m["event"] for m in messages] == ["MatchCreated", "ActionTaken", "ActionTaken"]
    assert messages[1]["data"]["payload"]["rng"]["coins"]  # a judge sees the randomness
    assert messages[1]["data"]["narration"]

    resumed = judge.get(f"/v1/matches/{match_id}/stream?max_events=1&timeout=5",
                        headers={"Last-Event-ID": "2"})
    assert [m["id"] for m in parse_sse(resumed.get_data(as_text=True))] == [3]
    by_query = judge.get(f"/v1/matches/{match_id}/stream?last_event_id=1&max_events=5"
                         "&timeout=0.3")
    assert [m["id"] for m in parse_sse(by_query.get_data(as_text=True))] == [2, 3]

    player = judge.with_token(created["tokens"]["1"])
    mine = parse_sse(player.get(f"/v1/matches/{match_id}/stream?max_events=3&timeout=5")
                     .get_data(as_text=True))
    assert all("rng" not in m["data"]["payload"] for m in mine)
    assert "deck" not in json.dumps(mine[0]["data"]["payload"]["position"])
    assert_problem(judge.get(f"/v1/matches/{match_id}/stream?timeout=1",
                             headers={"Last-Event-ID": "soon"}), 422)


def test_the_stream_follows_new_events_as_they_are_appended(judge, api_app):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]

    def act_later():
        time.sleep(0.3)
        writer = api_app.test_client()
        writer.post(f"/v1/matches/{match_id}/actions",
                    json={"seat": 0, "action": {"type": "end_turn"}},
                    headers={"Authorization": f"Bearer {judge.token}"})

    thread = threading.Thread(target=act_later)
    started = time.monotonic()
    response = judge.get(f"/v1/matches/{match_id}/stream?max_events=1&timeout=10",
                         headers={"Last-Event-ID": "1"})
    thread.start()
    text = response.get_data(as_text=True)
    thread.join(10)
    messages = parse_sse(text)
    assert [m["id"] for m in messages] == [2]
    assert messages[0]["data"]["payload"]["action"] == {"type": "end_turn"}
    assert time.monotonic() - started < 9  # it did not wait for the timeout
    assert ": keep-alive" in text  # it waited with the connection kept alive


def test_the_stream_closes_at_its_timeout(judge):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    started = time.monotonic()
    text = judge.get(f"/v1/matches/{match_id}/stream?timeout=0.3").get_data(as_text=True)
    assert time.monotonic() - started < 3
    assert [m["id"] for m in parse_sse(text)] == [1]
    assert text.rstrip().endswith(": end of stream")


def test_open_streams_are_capped_per_token_and_per_match(judge, api_app):
    api_app.config.update(REFEREE_STREAMS_PER_TOKEN=2, REFEREE_STREAMS_PER_MATCH=3)
    created = create_match(judge, players=sandbox_players(), position=bubble())
    path = f"/v1/matches/{created['match_id']}/stream?timeout=30"
    ana, beto = (judge.with_token(created["tokens"][seat]) for seat in ("0", "1"))

    held = [ana.get(path), ana.get(path)]  # not read: they stay open
    assert [r.status_code for r in held] == [200, 200]
    refused = ana.get(path)
    body = assert_problem(refused, 429)
    assert refused.headers["Retry-After"].isdigit()
    assert (body["scope"], body["limit"]) == ("token", 2)
    assert body["type"] == "/problems/too-many-streams"

    held.append(beto.get(path))
    assert held[-1].status_code == 200
    body = assert_problem(beto.get(path), 429)
    assert (body["scope"], body["limit"]) == ("match", 3)

    # A closed stream gives its slot back, read or not. (Last first: in one thread each
    # unread stream keeps its request context pushed.)
    for response in reversed(held):
        response.close()
    again = ana.get(path.replace("timeout=30", "timeout=0.1"))
    assert again.status_code == 200
    assert again.get_data(as_text=True).rstrip().endswith(": end of stream")
    assert beto.get(path.replace("timeout=30", "timeout=0.1")).status_code == 200

    doc = judge.get("/v1/openapi.json").get_json()
    responses = doc["paths"]["/v1/matches/{match_id}/stream"]["get"]["responses"]
    assert "REFEREE_STREAMS_PER_TOKEN" in responses["429"]["description"]


def test_a_stream_of_a_dead_process_stops_counting_after_its_lease(redis_client):
    """A web process killed mid-stream never releases its slot; the lease does."""
    from app.stream_slots import StreamSlot, StreamSlots

    slots = StreamSlots(redis_client, lease=0.3)
    key = "ref:{auth}:streams:t-dead"
    assert isinstance(slots.acquire([(key, 1)]), StreamSlot)  # never released
    assert slots.acquire([(key, 1)]) == (key, 1)
    time.sleep(0.4)
    alive = slots.acquire([(key, 1)])
    assert isinstance(alive, StreamSlot)
    time.sleep(0.2)
    alive.renew()  # a live stream renews its lease and keeps counting
    time.sleep(0.2)
    assert slots.acquire([(key, 1)]) == (key, 1)
    alive.release()
    assert redis_client.zcard(key) == 0
