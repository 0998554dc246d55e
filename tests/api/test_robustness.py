"""No client input gets a 500: garbage to every route; limits; the OpenAPI document."""

from __future__ import annotations

import json
import re

import pytest

from app.errors import PROBLEM_MIME
from tests.api.helpers import assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players

pytestmark = pytest.mark.integration

GARBAGE_BODIES = [
    b"", b"{", b"null", b"[]", b'"text"', b"1e999", b"NaN", b"\xff\xfe\x00garbage",
    b"[" * 3000 + b"]" * 3000, b'{"a":' * 3000 + b"1" + b"}" * 3000,
    b'{"seat": 99999999999999999999999, "action": {"type": "end_turn"}}',
    b'{"seat": 0, "action": {"type": "attack", "attack": "Bubble", "choices": {"cards": 5}}}',
    b'{"seat": 0, "action": {"type": "play_trainer", "card": "0:2", "targets": [1, {}],'
    b' "choices": {"search": [{"a": 1}], "count": "x", "order": null}}}',
    b'{"seat": 0, "action": {"type": "retreat", "to": "1:0", "discard": [null, 3]}}',
    b'{"seat": 0, "action": {"type": "setup", "active": "0:0", "bench": [[[]]]}}',
    b'{"seat": 0, "action": {"type": "use_power", "pokemon": "0:0", "power": "x",'
    b' "choices": {"from": 1, "to": [], "type": 7, "stage": {}}}}',
    b'{"seat": 0, "action": {"type": "evolve", "card": "9:9", "target": "zz"}}',
    b'{"seat": 0, "action": {"type": "bench", "card": "0:999999"}}',
    b'{"seat": true, "action": []}', b'{"players": "x"}', b'{"players": [1, 2]}',
    b'{"players": [{"name": "a", "deck": [1]}, {"name": "b", "deck": "x"}]}',
    b'{"players": [{"name": "A"}, {"name": "B"}], "position": {"seats": [1, 2]}}',
    b'{"players": [{"name": "A"}, {"name": "B"}], "position": {"seats": [{"active": 5,'
    b' "bench": 3, "hand": "x"}, {}], "this_turn": [], "turn": "x"}}',
    b'{"players": [{"name": "A"}, {"name": "B"}], "position": {"turn": 2, "seats": ['
    b'{"active": {"card": "base1-58", "energy": "x", "under": 5}, "deck": {"a": 1}},'
    b'{"active": {"card": "base1-58", "damage": "10", "conditions": "x"}}],'
    b' "this_turn": {"retreats": "many"}}}',
    b'{"to_seq": "1", "reason": 5, "reshuffle": "yes"}',
    b'{"decision": "upheld", "remedy": {"rewind_to": -1}, "penalty": {"seat": 0}}',
    b'{"role": "player", "subject": "", "match_id": "{m:x}", "seat": 0}',
    b'{"about_seq": 1, "claim": "' + b"x" * 5000 + b'"}',
]
GARBAGE_QUERIES = ["", "?at=abc&seat=9&from=-1&to=x", "?at=1e999&seat=0", "?at=0",
                   "?at=99999999999999999999999999", "?limit=0&offset=-5&status=zzz",
                   "?player=&status=finished&limit=100000", "?game=chess", "?seat=1&at=1",
                   "?max_events=0&last_event_id=x", "?from=5&to=2"]


def _paths(client) -> dict:
    return ok(client.get("/v1/openapi.json"))["paths"]


def _fill(template: str, values: dict[str, str]) -> str:
    return re.sub(r"{(\w+)}", lambda m: values[m.group(1)], template)


def test_garbage_to_every_route_never_gets_a_500(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    dispute = ok(judge.post(f"/v1/matches/{match_id}/disputes",
                            {"about_seq": 1, "claim": "x"}), 201)["dispute_id"]
    player = judge.with_token(created["tokens"]["1"])
    id_sets = [
        {"match_id": match_id, "dispute_id": dispute, "token_id": created["token_ids"]["1"],
         "card_id": "base1-4", "name": "Ana", "player_id": "1001", "event_id": "e1",
         "figure_id": "ekans", "board_id": "duel-26", "slug": "match-frozen", "rule_id": "R-ENERGY-1",
         "round_number": "1"},
        {"match_id": "nope", "dispute_id": "nope", "token_id": "nope", "card_id": "nope",
         "figure_id": "nope", "board_id": "nope", "name": "nobody", "player_id": "nobody",
         "event_id": "nope", "slug": "nope", "rule_id": "R-NOPE-1", "round_number": "0"},
        {"match_id": "%7Bm%3Ax%7D", "dispute_id": "%00", "token_id": "x" * 300,
         "card_id": "%FF", "figure_id": "%FF", "board_id": "%00", "name": "%00" * 3, "player_id": "%00",
         "event_id": "%7Bev%3Ax%7D", "slug": "%00", "rule_id": "%00" * 40,
         "round_number": "9" * 40},
    ]
    seen = 0
    for template, item in _paths(judge).items():
        for method in item:
            if method not in ("get", "post", "delete", "put", "patch"):
                continue
            for ids in id_sets:
                path = _fill(template, ids)
                for client in (judge, player):
                    if method == "get":
                        for query in GARBAGE_QUERIES:
                            if template.endswith("/stream"):
                                query = "?timeout=0.05&max_events=2" + query.replace("?", "&")
                            response = client.get(path + query)
                            _no_500(response, method, path + query)
                            seen += 1
                    else:
                        for body in GARBAGE_BODIES:
                            response = getattr(client.client, method)(
                                path, data=body, content_type="application/json",
                                headers={"Authorization": f"Bearer {client.token}"})
                            _no_500(response, method, path, body)
                            seen += 1
                        form = getattr(client.client, method)(
                            path, data={"a": "b"},
                            headers={"Authorization": f"Bearer {client.token}"})
                        _no_500(form, method, path, b"form")
    assert seen > 500
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]


def _no_500(response, method, path, body=b""):
    response.get_data()  # consume (and so close) a streamed answer
    response.close()
    assert response.status_code < 500, (method, path, body[:200], response.get_data(True))
    if response.status_code >= 400:
        assert response.mimetype == PROBLEM_MIME, (method, path, response.mimetype)
        problem = json.loads(response.get_data(True))
        assert problem["status"] == response.status_code


def test_bodies_over_256_kib_are_413(judge):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    big = {"seat": 0, "action": {"type": "end_turn"}, "idempotency_key": "k",
           "padding": "x" * (256 * 1024)}
    for path in (f"/v1/matches/{match_id}/actions", "/v1/matches", "/v1/tokens",
                 f"/v1/matches/{match_id}/legality"):
        assert_problem(judge.post(path, big), 413)
    just_under = {"seat": 0, "action": {"type": "end_turn"}, "idempotency_key": "k" * 200}
    ok(judge.post(f"/v1/matches/{match_id}/actions", just_under), 201)


def test_unknown_fields_are_422(judge):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    cases = [
        (f"/v1/matches/{match_id}/actions",
         {"seat": 0, "action": {"type": "end_turn"}, "please": True}, "please"),
        ("/v1/matches", {"players": sandbox_players(), "position": bubble(), "mode": 1},
         "mode"),
        (f"/v1/matches/{match_id}/rewind", {"to_seq": 1, "reason": "x", "how": "fast"}, "how"),
        (f"/v1/matches/{match_id}/disputes", {"about_seq": 1, "claim": "x", "loud": 1},
         "loud"),
    ]
    for path, body, name in cases:
        problem = assert_problem(judge.post(path, body), 422)
        assert name in problem["errors"]["json"]
    # unknown fields inside the action are the engine's shape errors, also 422
    inner = assert_problem(judge.post(f"/v1/matches/{match_id}/actions",
                                      {"seat": 0, "action": {"type": "end_turn", "x": 1}}),
                           422)
    assert "action.x" in inner["errors"]["json"]
    unknown_type = assert_problem(judge.post(f"/v1/matches/{match_id}/actions",
                                             {"seat": 0, "action": {"type": "fly"}}), 422)
    assert "action.type" in unknown_type["errors"]["json"]


def test_garbage_json_is_a_4xx_problem(judge):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    for body in (b"{not json", b"\xff\xfe", b'{"seat": 0,}'):
        response = judge.client.post(f"/v1/matches/{match_id}/actions", data=body,
                                     content_type="application/json",
                                     headers={"Authorization": f"Bearer {judge.token}"})
        assert 400 <= response.status_code < 500
        assert response.mimetype == PROBLEM_MIME


def test_the_openapi_document_lists_every_route_with_schemas_and_errors(judge, api_app):
    spec = ok(judge.get("/v1/openapi.json"))
    rules = {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", r.rule) for r in api_app.url_map.iter_rules()
             if (r.rule.startswith("/v1/") and r.rule != "/v1/openapi.json") or r.rule.startswith("/problems")}
    assert rules == set(spec["paths"])
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "post", "delete"):
                continue
            responses = operation["responses"]
            where = f"{method.upper()} {path}"
            assert operation.get("summary") or operation.get("description"), where
            success = [code for code in responses if code.startswith("2")]
            assert success, where
            if path != "/v1/health" and not path.startswith("/problems"):   # open routes
                assert "401" in responses, where
                problem = responses["401"]
                assert PROBLEM_MIME in json.dumps(problem) or "$ref" in json.dumps(problem)
            if method == "post":
                assert "requestBody" in operation, where
                assert "422" in responses, where
    assert spec["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    assert "discard_from_play" in json.dumps(spec)  # the action the sketch lacks
    docs = judge.client.get("/docs")
    assert docs.status_code == 200 and b"swagger" in docs.data.lower()
