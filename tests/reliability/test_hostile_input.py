"""Hostile bodies (issue 10, items 5-7): a clear 4xx naming the field, never a 500, never a
stored change, never a poisoned log.

* lone surrogates (``"\\ud800"`` written as an escape, or its UTF-8 bytes) anywhere in a body;
* nesting: deep ``choices``, deep bodies, and the same sent chunked (no Content-Length) over
  real HTTP, where the size limit must hold too (413);
* ``choices`` checked by the action's own shape before anything is stored: unknown keys, wrong
  types, sizes; a scorekeeper's and a judge's actions as much as a player's.
"""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.helpers import assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players
from tests.reliability.helpers import serve

pytestmark = pytest.mark.integration

SURROGATE = "\ud800"


def _raw(client, path: str, data: bytes, token: str):
    return client.client.post(path, data=data, content_type="application/json",
                              headers={"Authorization": f"Bearer {token}"})


def _escaped(body: dict) -> bytes:
    """JSON with every non-ASCII character escaped: a lone surrogate becomes "\\ud800"."""
    return json.dumps(body, ensure_ascii=True).encode("ascii")


@pytest.fixture
def sandbox(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    return created


def _errors_name(problem: dict, *path: str) -> None:
    node = problem["errors"]["json"]
    for part in path:
        assert part in node, (path, problem)
        node = node[part]


def test_lone_surrogates_anywhere_are_422_naming_the_field_and_store_nothing(judge, sandbox, store):
    match_id, tokens = sandbox["match_id"], sandbox["tokens"]
    base = f"/v1/matches/{match_id}"
    cases = [
        (f"{base}/disputes", {"about_seq": 1, "claim": "she peeked" + SURROGATE}, ("claim",)),
        (f"{base}/actions", {"seat": 0, "idempotency_key": "k" + SURROGATE,
                             "action": {"type": "end_turn"}}, ("idempotency_key",)),
        (f"{base}/actions", {"seat": 0, "action": {"type": "attack", "attack": "Bub" + SURROGATE}},
         ("action", "attack")),
        (f"{base}/actions", {"seat": 0, "action": {"type": "play_trainer", "card": "0:2",
                                                     "choices": {"search": ["0:" + SURROGATE]}}},
         ("action", "choices", "search", "0")),
        (f"{base}/legality", {"seat": 0, "action": {"type": "bench", "card": SURROGATE}},
         ("action", "card")),
        ("/v1/matches", {"players": [{"name": "Ana" + SURROGATE, "deck_name": "fire-fighting"},
                                     {"name": "Beto", "deck_name": "grass-psychic"}]},
         ("players", "0", "name")),
        ("/v1/matches", {"players": [{"name": "Ana", "deck": ["base1-4" + SURROGATE] * 60},
                                     {"name": "Beto", "deck_name": "grass-psychic"}]},
         ("players", "0", "deck", "0")),
        (f"{base}/rewind", {"to_seq": 1, "reason": SURROGATE}, ("reason",)),
    ]
    before = store.last_seq(match_id)
    matches_before = store.count_matches()
    for path, body, field in cases:
        token = tokens["0"] if "/actions" in path or "/legality" in path else judge.token
        problem = assert_problem(_raw(judge, path, _escaped(body), token), 422)
        _errors_name(problem, *field)
        assert "surrogate" in json.dumps(problem)
    # a surrogate in a key, and one sent as raw (invalid) UTF-8 bytes
    key = assert_problem(_raw(judge, f"{base}/disputes",
                              b'{"about_seq": 1, "claim": "x", "\\udfff": 1}', judge.token), 422)
    assert "surrogate" in json.dumps(key)
    raw = _raw(judge, f"{base}/disputes", b'{"about_seq": 1, "claim": "\xed\xa0\x80"}',
               judge.token)
    assert raw.status_code in (400, 422), raw.get_data(True)
    assert store.last_seq(match_id) == before and store.count_matches() == matches_before
    # the log still reads for everyone
    for token in (tokens["0"], tokens["1"], judge.token):
        for route in ("events", "timeline", "state"):
            ok(judge.with_token(token).get(f"{base}/{route}"))


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=st.text(alphabet=st.characters(categories=["Cs", "Lu", "Ll", "Nd", "Zs", "So"]),
                    min_size=1, max_size=12),
       where=st.sampled_from(["claim", "key", "attack", "card", "name", "choice"]))
def test_any_text_with_or_without_surrogates_never_500(judge, sandbox, text, where):
    """Hypothesis skips surrogates unless asked (category Cs asks)."""
    match_id, tokens = sandbox["match_id"], sandbox["tokens"]
    base = f"/v1/matches/{match_id}"
    body: dict
    path = f"{base}/actions"
    if where == "claim":
        path, body = f"{base}/disputes", {"about_seq": 1, "claim": text}
    elif where == "key":
        body = {"seat": 0, "idempotency_key": text, "action": {"type": "attack", "attack": "x"}}
    elif where == "attack":
        body = {"seat": 0, "action": {"type": "attack", "attack": text}}
    elif where == "card":
        body = {"seat": 0, "action": {"type": "bench", "card": text}}
    elif where == "name":
        path, body = "/v1/matches", {"players": [{"name": text}, {"name": "B"}],
                                     "position": bubble()}
    else:
        body = {"seat": 0, "action": {"type": "attack", "attack": "Bubble",
                                      "choices": {text: ["0:1"]}}}
    token = tokens["0"] if path.endswith("/actions") else judge.token
    answer = _raw(judge, path, _escaped(body), token)
    assert answer.status_code < 500, answer.get_data(True)
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        assert answer.status_code == 422, answer.get_data(True)


def _nested(depth: int, leaf: object = 1) -> object:
    value = leaf
    for _ in range(depth):
        value = {"x": value}
    return value


def test_deep_choices_from_anyone_are_refused_before_anything_is_stored(judge, sandbox, store):
    match_id, tokens = sandbox["match_id"], sandbox["tokens"]
    base = f"/v1/matches/{match_id}"
    before = store.last_seq(match_id)
    attack = {"type": "attack", "attack": "Bubble"}
    for token in (tokens["0"], tokens["scorekeeper"], judge.token):
        for choices, status in ((_nested(390), 422), (_nested(450), 422),
                                ({"junk": "x" * 200_000}, 422), ({"x": _nested(20)}, 422),
                                ({"cards": ["0:1"] * 61}, 422), ({"count": 10**9}, 422),
                                ({"copied": {"copied": {"attack": "Bubble"}}}, 422),
                                ({"cards": "0:1"}, 422), ({"type": ["Fire"]}, 422)):
            body = {"seat": 0, "action": {**attack, "choices": choices}}
            answer = judge.with_token(token).post(f"{base}/actions", body)
            assert answer.status_code in (status, 413), (choices if len(str(choices)) < 300
                                                         else str(choices)[:300],
                                                         answer.get_data(True)[:500])
            assert_problem(answer, answer.status_code)
    assert store.last_seq(match_id) == before
    for token in (tokens["0"], tokens["1"]):
        ok(judge.with_token(token).get(f"{base}/events"))
        ok(judge.with_token(token).get(f"{base}/timeline"))


def test_deep_bodies_are_refused_with_where(judge, sandbox):
    base = f"/v1/matches/{sandbox['match_id']}"
    deep = assert_problem(judge.post(f"{base}/disputes",
                                     {"about_seq": 1, "claim": "x", "extra": _nested(40)}), 422)
    assert "deeper" in json.dumps(deep)
    very_deep = b'{"a":' * 50_000 + b"1" + b"}" * 50_000
    answer = _raw(judge, f"{base}/disputes", very_deep, judge.token)
    assert answer.status_code in (400, 413), answer.get_data(True)[:300]
    assert_problem(answer, answer.status_code)


def _chunked(base_url: str, path: str, token: str, payload: bytes, chunk: int = 4096):
    parts = urlsplit(base_url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.putrequest("POST", path)
    conn.putheader("Authorization", f"Bearer {token}")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    try:
        for start in range(0, len(payload), chunk):
            piece = payload[start:start + chunk]
            conn.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
        conn.send(b"0\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server may answer 413 and close before the whole body is sent
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, response.getheader("Content-Type"), body


def test_chunked_bodies_get_the_same_checks_and_size_limit(api_app, judge, sandbox, store):
    match_id, tokens = sandbox["match_id"], sandbox["tokens"]
    path = f"/v1/matches/{match_id}/actions"
    before = store.last_seq(match_id)
    with serve(api_app) as base_url:
        deep = b'{"seat": 0, "action": {"type": "end_turn", "choices": ' + b'{"a":' * 50_000 \
            + b"1" + b"}" * 50_000 + b"}}"
        status, mime, body = _chunked(base_url, path, tokens["0"], deep)
        assert status in (400, 413) and mime == "application/problem+json", (status, body[:300])
        big = json.dumps({"seat": 0, "action": {"type": "end_turn"},
                          "pad": "x" * 300_000}).encode()
        status, mime, body = _chunked(base_url, path, tokens["0"], big)
        assert status == 413 and mime == "application/problem+json", (status, body[:300])
        surrogate = _escaped({"seat": 0, "action": {"type": "attack", "attack": SURROGATE}})
        status, mime, body = _chunked(base_url, path, tokens["0"], surrogate)
        assert status == 422 and b"surrogate" in body, (status, body[:300])
        fine = json.dumps({"seat": 0, "action": {"type": "end_turn"}}).encode()
        status, _mime, body = _chunked(base_url, path, tokens["0"], fine, chunk=7)
        assert status == 201, body[:300]
    assert store.last_seq(match_id) == before + 1
