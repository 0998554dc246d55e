"""Roles: every role is denied what it may not do; tokens are issued, revoked, checked."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tests.api.helpers import SECRET, ApiClient, assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players

pytestmark = pytest.mark.integration


@pytest.fixture
def table(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    tokens = created["tokens"]
    return {
        "match_id": created["match_id"],
        "p0": judge.with_token(tokens["0"]),
        "p1": judge.with_token(tokens["1"]),
        "scorekeeper": judge.with_token(tokens["scorekeeper"]),
        "token_ids": created["token_ids"],
    }


def test_without_a_token_or_with_a_bad_one_every_route_is_401(anonymous, table, api_app):
    match_id = table["match_id"]
    forged = anonymous.with_token("x" * 43)
    malformed = ApiClient(anonymous.client, None)
    routes = [("get", f"/v1/matches/{match_id}"), ("get", f"/v1/matches/{match_id}/state"),
              ("post", f"/v1/matches/{match_id}/actions"), ("get", "/v1/matches"),
              ("post", "/v1/matches"), ("get", "/v1/disputes"), ("post", "/v1/tokens"),
              ("get", "/v1/cards/base1-4"), ("get", f"/v1/matches/{match_id}/stream")]
    for client in (anonymous, forged):
        for method, path in routes:
            response = getattr(client, method)(path)
            body = assert_problem(response, 401)
            assert response.headers["WWW-Authenticate"].startswith("Bearer")
            assert "x" * 43 not in str(body)
    for header in ("Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "token abc"):
        assert_problem(malformed.get("/v1/matches", headers={"Authorization": header}), 401)
    assert ok(anonymous.get("/v1/health"))["status"] in ("ok", "degraded")  # health stays open


def test_a_player_acts_and_reads_only_for_its_own_seat_and_match(table, judge):
    match_id, p0, p1 = table["match_id"], table["p0"], table["p1"]
    body = {"seat": 0, "action": {"type": "end_turn"}}
    assert_problem(p1.post(f"/v1/matches/{match_id}/actions", body), 403)
    assert_problem(p1.post(f"/v1/matches/{match_id}/legality", body), 403)
    assert_problem(p1.get(f"/v1/matches/{match_id}/legal-actions?seat=0"), 403)
    assert_problem(p0.post(f"/v1/matches/{match_id}/rewind",
                           {"to_seq": 1, "reason": "I misplayed"}), 403)
    assert_problem(p0.post(f"/v1/matches/{match_id}/penalties",
                           {"seat": 1, "infraction": "tardiness", "level": "warning"}), 403)
    assert_problem(p0.post(f"/v1/matches/{match_id}/disputes",
                           {"seat": 1, "about_seq": 1, "claim": "for the other seat"}), 403)
    assert_problem(p0.get("/v1/disputes"), 403)
    assert_problem(p0.post("/v1/matches", {"players": sandbox_players(),
                                           "position": bubble()}), 403)
    assert_problem(p0.post("/v1/tokens", {"role": "judge", "subject": "me"}), 403)
    # another match is out of reach altogether
    other = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    for path in ("", "/state", "/events", "/timeline", "/audit", "/legal-actions",
                 "/disputes"):
        assert_problem(p0.get(f"/v1/matches/{other}{path}"), 403)
    assert_problem(p0.post(f"/v1/matches/{other}/actions", body), 403)
    assert [m["match_id"] for m in ok(p0.get("/v1/matches"))["matches"]] == [match_id]
    # what it may do
    assert ok(p0.post(f"/v1/matches/{match_id}/actions", body), 201)["seq"] == 2
    assert ok(p0.get("/v1/whoami"))["seat"] == 0


def test_the_scorekeeper_keeps_its_own_match_only(table, judge):
    match_id, scorekeeper = table["match_id"], table["scorekeeper"]
    other = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    body = {"seat": 0, "action": {"type": "end_turn"}}
    assert_problem(scorekeeper.post(f"/v1/matches/{other}/actions", body), 403)
    assert_problem(scorekeeper.get(f"/v1/matches/{other}/state"), 403)
    assert_problem(scorekeeper.post(f"/v1/matches/{match_id}/rewind",
                                    {"to_seq": 1, "reason": "oops"}), 403)
    assert_problem(scorekeeper.post(f"/v1/matches/{match_id}/disputes/d-x/ruling",
                                    {"decision": "upheld"}), 403)
    assert_problem(scorekeeper.post(f"/v1/matches/{match_id}/actions",
                                    {**body, "coins": ["heads"]}), 403)  # service coins
    ok(scorekeeper.post(f"/v1/matches/{match_id}/actions", body), 201)
    ok(scorekeeper.post(f"/v1/matches/{match_id}/actions",
                        {"seat": 1, "action": {"type": "end_turn"}}), 201)
    state = ok(scorekeeper.get(f"/v1/matches/{match_id}/state"))
    assert isinstance(state["seats"][1]["hand"], list)  # both players' views


def test_a_judge_without_the_head_judge_claim_does_not_decide_appeals(
        table, judge, head_judge):
    match_id = table["match_id"]
    dispute = ok(table["p1"].post(f"/v1/matches/{match_id}/disputes",
                                  {"about_seq": 1, "claim": "That Squirtle was not there"}),
                 201)["dispute_id"]
    ok(judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/ruling",
                  {"decision": "overturned"}), 201)
    ok(table["p1"].post(f"/v1/matches/{match_id}/disputes/{dispute}/appeal",
                        {"reason": "The judge did not look"}), 201)
    assert_problem(judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/appeal/decision",
                              {"decision": "upheld"}), 403)
    ok(head_judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/appeal/decision",
                       {"decision": "upheld"}), 201)


def test_admins_issue_and_revoke_tokens(admin, table, judge):
    match_id = table["match_id"]
    issued = ok(admin.post("/v1/tokens", {"role": "player", "subject": "Beto again",
                                          "match_id": match_id, "seat": 1}), 201)
    assert issued["token"] and issued["token_id"] and issued["seat"] == 1
    newcomer = admin.with_token(issued["token"])
    assert ok(newcomer.get("/v1/whoami"))["subject"] == "Beto again"
    assert ok(newcomer.get(f"/v1/matches/{match_id}"))["match_id"] == match_id

    assert admin.delete(f"/v1/tokens/{issued['token_id']}").status_code == 204
    assert_problem(newcomer.get(f"/v1/matches/{match_id}"), 401)
    assert_problem(admin.delete("/v1/tokens/nope"), 404)
    # the match's own tokens can be revoked by their ids too
    assert admin.delete(f"/v1/tokens/{table['token_ids']['0']}").status_code == 204
    assert_problem(table["p0"].get(f"/v1/matches/{match_id}"), 401)

    assert_problem(judge.post("/v1/tokens", {"role": "admin", "subject": "me"}), 403)
    assert_problem(judge.delete(f"/v1/tokens/{table['token_ids']['1']}"), 403)
    assert_problem(admin.get(f"/v1/matches/{match_id}/state"), 403)  # admins hold no match
    for bad in ({"role": "player", "subject": "x"},
                {"role": "player", "subject": "x", "match_id": match_id},
                {"role": "scorekeeper", "subject": "x"},
                {"role": "judge", "subject": "x", "match_id": match_id},
                {"role": "admin", "subject": "x", "head_judge": True},
                {"role": "player", "subject": "x", "match_id": "nope", "seat": 0},
                {"role": "overlord", "subject": "x"},
                {"role": "judge", "subject": "x", "extra": 1}):
        assert_problem(admin.post("/v1/tokens", bad), 422)
    head = ok(admin.post("/v1/tokens", {"role": "judge", "subject": "Hana",
                                        "head_judge": True}), 201)
    assert head["head_judge"] is True


def test_tokens_are_stored_only_as_hmacs(admin, redis_client):
    issued = ok(admin.post("/v1/tokens", {"role": "judge", "subject": "Kim"}), 201)
    dump = " ".join(f"{k} {redis_client.type(k)}" for k in redis_client.scan_iter("*"))
    for key in redis_client.scan_iter("ref:{auth}:*"):
        kind = redis_client.type(key)
        value = redis_client.hgetall(key) if kind == "hash" else redis_client.get(key)
        assert issued["token"] not in str(value) and issued["token"] not in key
    assert issued["token"] not in dump


def test_cli_creates_an_admin_or_judge_token(redis_url, api_app, monkeypatch):
    from app.cli import main

    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("REFEREE_TOKEN_SECRET", SECRET)
    runner = CliRunner()
    done = runner.invoke(main, ["token", "create", "--role", "admin", "--subject", "Ops"])
    assert done.exit_code == 0, done.output
    token = done.stdout.strip()
    assert len(token) >= 40 and "\n" not in token
    admin = ApiClient(api_app.test_client(), token)
    assert ok(admin.get("/v1/whoami"))["role"] == "admin"
    judge_run = runner.invoke(main, ["token", "create", "--role", "judge", "--subject", "Hana",
                                     "--head-judge"])
    assert judge_run.exit_code == 0
    head = ApiClient(api_app.test_client(), judge_run.stdout.strip())
    assert ok(head.get("/v1/whoami"))["head_judge"] is True
    bad = runner.invoke(main, ["token", "create", "--role", "player", "--subject", "x"])
    assert bad.exit_code != 0
    monkeypatch.delenv("REFEREE_TOKEN_SECRET")
    refused = runner.invoke(main, ["token", "create", "--role", "admin", "--subject", "x"])
    assert refused.exit_code != 0 and "REFEREE_TOKEN_SECRET" in refused.output


def test_dev_mode_treats_every_caller_as_a_judge(redis_client, redis_url, caplog):
    from app import create_app

    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "REFEREE_DEV_MODE": "1",
                      "REFEREE_TOKEN_SECRET": None}, redis_client=redis_client)
    assert "DEVELOPMENT MODE" in caplog.text
    anyone = ApiClient(app.test_client(), None)
    created = ok(anyone.post("/v1/matches", {"players": sandbox_players(),
                                             "position": bubble()}), 201)
    assert ok(anyone.get("/v1/whoami"))["role"] == "judge"
    ok(anyone.post(f"/v1/matches/{created['match_id']}/rewind",
                   {"to_seq": 1, "reason": "dev"}), 201)


def test_production_app_refuses_to_start_without_a_secret(redis_url):
    from app import create_app

    with pytest.raises(RuntimeError, match="REFEREE_TOKEN_SECRET"):
        create_app({"REDIS_URL": redis_url, "REFEREE_TOKEN_SECRET": None,
                    "REFEREE_DEV_MODE": False})
