"""Security: every route of the Flask url_map against every kind of caller, with the
allow/deny matrix written out; tokens never in logs nor in answers after the one that
issued them; forged, foreign-secret and revoked tokens refused; oversized bodies 413 on
every POST route; the app's Redis user of the embedded server cannot delete, trim or
flush any of a match's keys."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest
import redis

from app.errors import PROBLEM_MIME
from tests.api.positions import bubble, sandbox_players
from tests.reliability.helpers import SECRET, call, issue_token, serve

pytestmark = pytest.mark.integration

CALLERS = ("none", "forged", "revoked", "player0", "player1", "scorekeeper_other",
           "scorekeeper", "judge", "head_judge", "admin")
ANYONE = set(CALLERS)
VALID = {"player0", "player1", "scorekeeper_other", "scorekeeper", "judge", "head_judge",
         "admin"}
READERS = {"player0", "player1", "scorekeeper", "judge", "head_judge"}
JUDGES = {"judge", "head_judge"}
SEAT0 = {"player0", "scorekeeper", "judge", "head_judge"}

# endpoint -> (method, path template, body, callers allowed). Every other valid caller gets
# 403, and callers without a valid token 401 (except on the open routes).
MATRIX = {
    "api-docs.openapi_json": ("GET", "/v1/openapi.json", None, ANYONE),
    "api-docs.openapi_swagger_ui": ("GET", "/docs", None, ANYONE),
    "api-docs.openapi_redoc": ("GET", "/redoc", None, ANYONE),
    "redoc.static": ("GET", "/static/redoc/redoc.standalone.js", None, ANYONE),
    "static": ("GET", "/static/none.css", None, ANYONE),
    "health.health": ("GET", "/v1/health", None, ANYONE),
    "problems.index": ("GET", "/problems", None, ANYONE),
    "problems.page": ("GET", "/problems/match-frozen", None, ANYONE),
    "reference.rulesets": ("GET", "/v1/rulesets", None, VALID),
    "reference.rules": ("GET", "/v1/rules", None, VALID),
    "reference.rule": ("GET", "/v1/rules/R-ENERGY-1", None, VALID),
    "reference.cards": ("GET", "/v1/cards", None, VALID),
    "reference.card": ("GET", "/v1/cards/base1-4", None, VALID),
    "reference.decks": ("GET", "/v1/decks", None, VALID),
    "reference.figures": ("GET", "/v1/figures", None, VALID),
    "reference.figure": ("GET", "/v1/figures/ekans", None, VALID),
    "reference.board": ("GET", "/v1/boards/duel-26", None, VALID),
    "reference.penalty_names": ("GET", "/v1/penalties", None, VALID),
    "tokens.whoami": ("GET", "/v1/whoami", None, VALID),
    "tokens.issue": ("POST", "/v1/tokens", {"role": "judge", "subject": "Kim"}, {"admin"}),
    "tokens.revoke": ("DELETE", "/v1/tokens/{spare}", None, {"admin"}),
    "matches.list_matches": ("GET", "/v1/matches", None, VALID),
    "matches.create": ("POST", "/v1/matches",
                       {"players": sandbox_players(), "position": bubble()},
                       JUDGES | {"admin"}),
    "matches.summary": ("GET", "/v1/matches/{m}", None, READERS),
    "matches.state": ("GET", "/v1/matches/{m}/state", None, READERS),
    "matches.events": ("GET", "/v1/matches/{m}/events", None, READERS),
    "matches.timeline": ("GET", "/v1/matches/{m}/timeline", None, READERS),
    "matches.audit": ("GET", "/v1/matches/{m}/audit", None, READERS),
    "matches.report": ("GET", "/v1/matches/{m}/report", None, {"scorekeeper", "judge", "head_judge"}),
    "matches.slip": ("GET", "/v1/matches/{m}/slip", None, READERS),
    "matches.audit_receipts": ("POST", "/v1/matches/{m}/audit/receipts",
                               {"receipts": [{"match_id": "x", "seq": 1, "hash": "0" * 64,
                                              "signature": "1" * 64}]}, READERS),
    "stream.stream": ("GET", "/v1/matches/{m}/stream?timeout=0.05&max_events=1", None,
                      READERS),
    "actions.legal_actions": ("GET", "/v1/matches/{m}/legal-actions", None, READERS),
    "actions.legality": ("POST", "/v1/matches/{m}/legality",
                         {"seat": 0, "action": {"type": "end_turn"}}, SEAT0),
    "actions.post_action": ("POST", "/v1/matches/{m}/actions",
                            {"seat": 0, "action": {"type": "end_turn"}}, SEAT0),
    "judge.rewind": ("POST", "/v1/matches/{m}/rewind", {"to_seq": 1, "reason": "r"}, JUDGES),
    "judge.penalty": ("POST", "/v1/matches/{m}/penalties",
                      {"seat": 1, "infraction": "tardiness", "level": "warning"}, JUDGES),
    "disputes.match_disputes": ("GET", "/v1/matches/{m}/disputes", None, READERS),
    "disputes.open_dispute": ("POST", "/v1/matches/{m}/disputes",
                              {"seat": 0, "about_seq": 1, "claim": "c"}, SEAT0),
    "disputes.rule": ("POST", "/v1/matches/{m}/disputes/{open}/ruling",
                      {"decision": "upheld"}, JUDGES),
    "disputes.appeal": ("POST", "/v1/matches/{m}/disputes/{ruled}/appeal", {"reason": "r"},
                        {"player0", "player1", "scorekeeper"}),
    "disputes.decide_appeal": ("POST", "/v1/matches/{m}/disputes/{appealed}/appeal/decision",
                               {"decision": "upheld"}, {"head_judge"}),
    "registrations.register": ("POST", "/v1/events/e1/decklists",
                               {"player_id": "1", "name": "Ana", "deck_name": "fire-fighting"},
                               JUDGES | {"admin"}),
    "registrations.decklists": ("GET", "/v1/events/e1/decklists", None, JUDGES | {"admin"}),
    "registrations.decklist": ("GET", "/v1/events/e1/decklists/1", None, JUDGES | {"admin"}),
    "judge.deck_check": ("POST", "/v1/matches/{m}/deck-checks", {"seat": 0, "matches_list": True},
                         JUDGES),
    "rounds.start_round": ("POST", "/v1/rounds/start", {"minutes": 50, "match_ids": ["nope"]},
                           JUDGES | {"admin"}),
    "judge.clock": ("POST", "/v1/matches/{m}/clock", {"do": "pause"}, JUDGES),
    "judge.call_time": ("POST", "/v1/matches/{m}/time", {"extra_turns": 3}, JUDGES),
    "judge.reveal": ("POST", "/v1/matches/{m}/reveal",
                     {"seat": 0, "zone": "hand", "cards": ["base1-98"]}, JUDGES),
    "disputes.queue": ("GET", "/v1/disputes", None, JUDGES),
    "disputes.queue_tables": ("GET", "/v1/disputes/tables", None, JUDGES),
    "disputes.player_penalties": ("GET", "/v1/players/1001/penalties", None, JUDGES),
    "events.create_event": ("POST", "/v1/events", {"name": "Cup", "event_id": "e2"}, JUDGES | {"admin"}),
    "events.list_events": ("GET", "/v1/events", None, JUDGES | {"admin"}),
    "events.read_event": ("GET", "/v1/events/e2", None, JUDGES | {"admin"}),
    "events.register_player": ("POST", "/v1/events/e2/players",
                               {"name": "Ana", "player_id": "1", "birth_year": 1990}, JUDGES | {"admin"}),
    "events.pair_table": ("POST", "/v1/events/e2/pairings", {"round": 1, "table": 1, "players": ["1"], "bye": True},
                          JUDGES | {"admin"}),
    "events.start_round": ("POST", "/v1/events/e2/rounds/1/start", {}, JUDGES | {"admin"}),
    "events.round_tables": ("GET", "/v1/events/e2/rounds/1", None, JUDGES | {"admin"}),
    "events.import_tom": ("POST", "/v1/events/import", {"not": "a tdf"}, JUDGES | {"admin"}),
    "events.export_tom": ("GET", "/v1/events/tom1/tom", None, JUDGES | {"admin"}),
}
OPEN = {name for name, (_m, _p, _b, allowed) in MATRIX.items() if allowed == ANYONE}


@pytest.fixture
def world(redis_client, redis_url):
    """The app, a match with its three tokens, another match's scorekeeper, disputes in
    each state, and a token of every kind."""
    from app import create_app
    from app.auth import TokenStore

    app = create_app({"REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                      "REFEREE_TOKEN_SECRET": SECRET, "REFEREE_SSE_BLOCK_MS": 20},
                     redis_client=redis_client)
    tokens = {"judge": issue_token(redis_client, "judge", "Judy"),
              "head_judge": issue_token(redis_client, "judge", "Hana", head_judge=True),
              "admin": issue_token(redis_client, "admin", "Ada")}
    http = app.test_client()

    def post(path, body, who):
        answer = http.post(path, json=body, headers={"Authorization": f"Bearer {tokens[who]}"})
        assert answer.status_code == 201, answer.get_data(True)
        return answer.get_json()

    tdf = (Path(__file__).resolve().parents[1] / "fixtures" / "tom" / "league-challenge-1.80.tdf").read_bytes()
    imported = http.post("/v1/events/import?event_id=tom1", data=tdf, content_type="application/xml",
                         headers={"Authorization": f"Bearer {tokens['judge']}"})
    assert imported.status_code == 201, imported.get_data(True)
    mine = post("/v1/matches", {"players": sandbox_players(), "position": bubble()}, "judge")
    other = post("/v1/matches", {"players": sandbox_players(), "position": bubble()}, "judge")
    tokens.update(player0=mine["tokens"]["0"], player1=mine["tokens"]["1"],
                  scorekeeper=mine["tokens"]["scorekeeper"],
                  scorekeeper_other=other["tokens"]["scorekeeper"])
    m = mine["match_id"]
    ids = {"m": m}
    for name in ("open", "ruled", "appealed"):
        ids[name] = post(f"/v1/matches/{m}/disputes", {"about_seq": 1, "claim": name},
                         "judge")["dispute_id"]
    for name in ("ruled", "appealed"):
        post(f"/v1/matches/{m}/disputes/{ids[name]}/ruling", {"decision": "overturned"},
             "judge")
    post(f"/v1/matches/{m}/disputes/{ids['appealed']}/appeal", {"reason": "no"}, "player1")
    revoked = issue_token(redis_client, "judge", "Gone")
    token_store = TokenStore(redis_client, SECRET)
    token_store.revoke(token_store.lookup(revoked)["token_id"])
    spare = issue_token(redis_client, "judge", "Spare")
    ids["spare"] = token_store.lookup(spare)["token_id"]
    tokens.update(revoked=revoked, spare=spare, forged="f" * 43, none=None)
    return {"app": app, "tokens": tokens, "ids": ids}


def test_every_route_against_every_caller(world, caplog, store):
    app, tokens, ids = world["app"], world["tokens"], world["ids"]
    # The console's pages sign in by cookie: their matrix is tests/api/test_console.py's.
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()
                 if not rule.endpoint.startswith(("console.", "console_events."))}
    assert endpoints == set(MATRIX), ("a route without an expected allow/deny row",
                                      endpoints ^ set(MATRIX))
    caplog.set_level(logging.DEBUG)
    issued: list[str] = []
    answers: list[tuple[str, str]] = []
    wrong = []
    with serve(app, quiet=False) as base:  # werkzeug's access log goes to logging too
        for endpoint, (method, template, body, allowed) in MATRIX.items():
            path = template.format(**ids)
            for caller in CALLERS:
                before = store.last_seq(ids["m"])
                answer = call(base, method, path, body, tokens[caller])
                expected = ("allowed" if caller in allowed
                            else 401 if caller in ("none", "forged", "revoked") else 403)
                got = answer.status
                if expected == "allowed":
                    ok = got not in (401, 403) and got < 500
                    if method == "GET" and endpoint != "static":
                        ok = ok and got == 200
                else:
                    ok = got == expected
                    ok = ok and PROBLEM_MIME in answer.headers.get("content-type", "")
                    if expected == 401:
                        ok = ok and answer.headers.get("www-authenticate", "").startswith(
                            "Bearer")
                    ok = ok and store.last_seq(ids["m"]) == before  # refused: no event
                if not ok:
                    wrong.append(f"{method} {path} as {caller}: {got}, expected {expected}: "
                                 f"{answer.text[:200]}")
                fresh = set()
                if got == 201 and isinstance(answer.body, dict):
                    fresh = {t for t in [answer.body.get("token"),
                                         *(answer.body.get("tokens") or {}).values()] if t}
                    issued += fresh
                answers.append((f"{method} {path} as {caller}", answer.text, fresh))
    assert not wrong, "\n".join(wrong)

    secrets = [t for t in tokens.values() if t and t != "f" * 43] + issued
    logged = caplog.text
    assert "GET /v1/whoami" in logged  # the access log was captured
    for token in secrets:
        assert token not in logged
        assert token[:16] not in logged
    for where, text, fresh in answers:
        for token in secrets:
            assert token in fresh or token not in text, f"a token leaked in {where}"


def test_forged_foreign_and_revoked_tokens_are_refused(world, redis_client):
    from app.auth import TokenStore

    app, tokens = world["app"], world["tokens"]
    http = app.test_client()
    judge = tokens["judge"]
    other_secret, _ = TokenStore(redis_client, "another-secret-" + "z" * 30).issue("judge", "X")
    flipped = judge[:-1] + ("A" if judge[-1] != "A" else "B")
    refused = [other_secret, flipped, judge.upper(), judge + "=", "x" * 300, tokens["revoked"],
               " " + judge + " x"]
    for token in refused:
        answer = http.get("/v1/whoami", headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 401, token
        assert token.strip() not in answer.get_data(True)
    for header in (f"Basic {judge}", f"bearer{judge}", judge, f"Token {judge}"):
        assert http.get("/v1/whoami", headers={"Authorization": header}).status_code == 401
    assert http.get("/v1/whoami",
                    headers={"Authorization": f"bearer {judge}"}).status_code == 200
    # revoking takes effect at once, and a revoked token stays revoked
    admin = {"Authorization": f"Bearer {tokens['admin']}"}
    fresh = http.post("/v1/tokens", headers=admin, json={"role": "judge", "subject": "New"})
    new = fresh.get_json()
    as_new = {"Authorization": f"Bearer {new['token']}"}
    assert http.get("/v1/whoami", headers=as_new).status_code == 200
    assert http.delete(f"/v1/tokens/{new['token_id']}", headers=admin).status_code == 204
    assert http.get("/v1/whoami", headers=as_new).status_code == 401
    assert http.delete(f"/v1/tokens/{new['token_id']}", headers=admin).status_code == 204
    assert http.get("/v1/whoami", headers=as_new).status_code == 401


def test_oversized_bodies_are_413_on_every_post_route(world):
    app, ids = world["app"], world["ids"]
    posts = [template.format(**ids) for _m, (method, template, _b, _a) in MATRIX.items()
             if method == "POST"]
    assert len(posts) >= 10
    big = json.dumps({"padding": "x" * (256 * 1024)}).encode()
    http = app.test_client()
    for who in ("judge", "admin"):
        for path in posts:
            answer = http.post(path, data=big, content_type="application/json",
                               headers={"Authorization": f"Bearer {world['tokens'][who]}"})
            assert answer.status_code == 413, (path, answer.status_code)
            assert answer.mimetype == PROBLEM_MIME
    # without a token the caller learns nothing more than 401, whatever it sends
    anonymous = http.post(posts[0], data=big, content_type="application/json")
    assert anonymous.status_code == 401
    with serve(app) as base:  # and over a real socket
        answer = call(base, "POST", posts[0], {"padding": "x" * (300 * 1024)},
                      world["tokens"]["judge"])
        assert answer.status == 413 and answer.body["status"] == 413


def test_every_html_answer_carries_the_content_security_policy(world):
    """Every route that answers HTML - the docs, ReDoc, the problem pages, the match report,
    the console - says Content-Security-Policy with frame-ancestors 'none' (no other site may
    frame it), loads scripts only from here, and says X-Content-Type-Options: nosniff."""
    app, tokens, ids = world["app"], world["tokens"], world["ids"]
    http = app.test_client()
    pages = {endpoint: template.format(**ids) for endpoint, (method, template, _b, _a)
             in MATRIX.items() if method == "GET" and endpoint not in ("static", "redoc.static")}
    pages["console.home"] = "/"
    html = []
    for endpoint, path in pages.items():
        answer = http.get(path, headers={"Authorization": f"Bearer {tokens['judge']}"})
        assert answer.status_code < 500, (path, answer.status_code)
        if answer.mimetype != "text/html":
            continue
        html.append(endpoint)
        policy = answer.headers.get("Content-Security-Policy", "")
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives.get("frame-ancestors") == "'none'", (path, policy)
        assert directives.get("object-src") == "'none'", (path, policy)
        assert "unsafe-inline" not in directives.get("script-src", "unsafe-inline"), (path, policy)
        assert "http" not in policy, (path, policy)
        assert answer.headers.get("X-Content-Type-Options") == "nosniff", path
    assert set(html) == {"api-docs.openapi_swagger_ui", "api-docs.openapi_redoc",
                         "problems.index", "problems.page", "matches.report", "console.home"}


MALFORMED_BODY = {"seat": "x", "bogus": [1], "to_seq": "x", "do": "dance", "role": 7}
# Who may call a route at all, where the matrix's body narrows it: the other seat's player
# acts, asks and disputes for its own seat; the organiser (admin) starts the clock.
MAY_CALL = {"actions.post_action": {"player1"}, "actions.legality": {"player1"},
            "disputes.open_dispute": {"player1"}, "judge.clock": {"admin"}}


def _query_parameters(spec: dict, rule: str) -> list[str]:
    path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule)
    return [p["name"] for p in spec["paths"].get(path, {}).get("get", {}).get("parameters", [])
            if p.get("in") == "query"]


def test_a_caller_who_may_not_call_a_route_gets_403_whatever_it_sends(world):
    """Authorised before validated: every route that reads a body or a query answers a valid
    token that may not call it 403 whatever it sent - never the 422 whose field errors would
    teach a player the judges' schemas - and a caller without a token 401. (That the request
    is malformed: whoever may call the route gets the 422.)"""
    app, tokens, ids = world["app"], world["tokens"], world["ids"]
    http = app.test_client()
    spec = http.get("/v1/openapi.json").get_json()
    rules = {rule.endpoint: rule.rule for rule in app.url_map.iter_rules()}
    swept, wrong = [], []
    for endpoint, (method, template, body, allowed) in MATRIX.items():
        path = template.format(**ids).split("?")[0]
        if method == "POST" and body is not None:
            request = {"json": MALFORMED_BODY}
        elif method == "GET" and _query_parameters(spec, rules[endpoint]):
            names = _query_parameters(spec, rules[endpoint])
            request = {"query_string": {name: "%%bogus" for name in names}}
        else:
            continue
        if allowed == ANYONE or allowed == VALID:
            continue
        swept.append(endpoint)
        for caller in ("none", *sorted(VALID)):
            token = tokens[caller]
            answer = http.open(path, method=method, **request,
                               headers={"Authorization": f"Bearer {token}"} if token else {})
            may_call = allowed | MAY_CALL.get(endpoint, set())
            expected = 422 if caller in may_call else 401 if caller == "none" else 403
            if answer.status_code != expected or answer.mimetype != PROBLEM_MIME:
                wrong.append(f"{method} {path} as {caller}: {answer.status_code}, expected "
                             f"{expected}: {answer.get_data(True)[:160]}")
            elif expected != 422:
                assert "errors" not in answer.get_json()
    assert {"judge.clock", "judge.rewind", "matches.create", "tokens.issue", "disputes.queue",
            "actions.legal_actions", "stream.stream"} <= set(swept), swept
    assert not wrong, "\n".join(wrong)


def test_the_app_user_of_the_embedded_redis_cannot_destroy_a_match(embedded_redis):
    """The app served on the embedded Redis (ACL users as `referee serve` sets them up):
    a match made through the API, then every destructive command on each of its keys."""
    from app import create_app
    from events.keys import match_keys

    app = create_app({"REDIS_URL": embedded_redis.redis_url,
                      "RQ_REDIS_URL": embedded_redis.rq_redis_url,
                      "REFEREE_TOKEN_SECRET": SECRET})
    store_user = redis.Redis.from_url(embedded_redis.redis_url, decode_responses=True)
    queue_user = redis.Redis.from_url(embedded_redis.rq_redis_url, decode_responses=True)
    judge = issue_token(store_user, "judge", "Judy")
    http = app.test_client()
    auth = {"Authorization": f"Bearer {judge}"}
    created = http.post("/v1/matches", headers=auth,
                        json={"players": sandbox_players(), "position": bubble()})
    assert created.status_code == 201, created.get_data(True)
    match_id = created.get_json()["match_id"]
    assert http.post(f"/v1/matches/{match_id}/actions", headers=auth,
                     json={"seat": 0, "action": {"type": "end_turn"},
                           "idempotency_key": "k1"}).status_code == 201
    keys = sorted(store_user.scan_iter(f"ref:{{m:{match_id}}}*"))
    stream = match_keys(match_id).events
    assert stream in keys and match_keys(match_id).meta in keys
    assert match_keys(match_id).idempotency in keys

    meta = match_keys(match_id).meta
    attempts = [("FLUSHDB",), ("FLUSHALL",), ("FLUSHALL", "ASYNC"),
                ("XDEL", stream, "1-0"), ("XTRIM", stream, "MAXLEN", "0"),
                ("XTRIM", stream, "MINID", "99"), ("XSETID", stream, "99-0"),
                ("SUNIONSTORE", meta, "ref:none"), ("ZREMRANGEBYRANK", "ref:matches", 0, -1)]
    for key in keys:
        attempts += [("DEL", key), ("UNLINK", key), ("RENAME", key, "ref:moved"),
                     ("EXPIRE", key, "1"), ("PEXPIRE", key, "1"), ("MOVE", key, "1"),
                     ("SET", key, "x", "PX", "1"), ("GETSET", key, "x"),
                     ("SETRANGE", key, "0", "x"), ("APPEND", key, "x"),
                     ("COPY", "ref:matches", key, "REPLACE"),
                     ("SINTERSTORE", key, "ref:none"), ("SDIFFSTORE", key, "ref:none"),
                     ("ZUNIONSTORE", key, "1", "ref:none"), ("ZINTERSTORE", key, "1", "ref:none"),
                     ("ZRANGESTORE", key, "ref:none", "0", "-1"),
                     ("SORT", "ref:matches", "STORE", key), ("BITOP", "OR", key, "ref:none"),
                     ("PFMERGE", key, "ref:none"), ("RESTORE", key, "0", "x", "REPLACE"),
                     ("INCR", key), ("LMOVE", "ref:none", key, "LEFT", "LEFT"),
                     ("GEOSEARCHSTORE", key, "ref:none", "FROMLONLAT", "0", "0", "BYRADIUS",
                      "1", "m")]
    for command in attempts:
        with pytest.raises(redis.exceptions.NoPermissionError):
            store_user.execute_command(*command)
    # nor from a script: Redis checks a script's commands against its caller's ACL
    with pytest.raises(redis.exceptions.ResponseError, match="(?i)permission|can't run"):
        store_user.eval("return redis.call('SET', KEYS[1], 'x', 'PX', 1)", 1, stream)
    for key in keys:  # the queue's user may DEL, but only its own rq:* keys
        with pytest.raises(redis.exceptions.NoPermissionError):
            queue_user.execute_command("DEL", key)
    audit = http.get(f"/v1/matches/{match_id}/audit", headers=auth).get_json()
    assert audit["chain_ok"] and audit["replay_ok"] and audit["last_seq"] == 2
    assert audit["frozen"] is None
    assert re.fullmatch(r"\d+", str(store_user.xlen(stream))) and store_user.xlen(stream) == 2
    store_user.close()
    queue_user.close()
