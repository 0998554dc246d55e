"""Rewinds, disputes, rulings, penalties and appeals, and the audit after them."""

from __future__ import annotations

import pytest

from tests.api.helpers import assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players

pytestmark = pytest.mark.integration


def _act(client, match_id, seat, action, status=201):
    return ok(client.post(f"/v1/matches/{match_id}/actions",
                          {"seat": seat, "action": action}), status)


def _play_some(client, match_id, actions: int) -> None:
    from tests.api.helpers import choose

    for _ in range(actions):
        summary = ok(client.get(f"/v1/matches/{match_id}"))
        first = summary["seat_to_act"]
        for seat in (first, 1 - first):
            listed = ok(client.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}"))
            action = choose(listed["actions"])
            if action is not None:
                _act(client, match_id, seat, action)
                break


def test_rewind_then_continue_then_audit(judge, store):
    created = create_match(judge)
    match_id = created["match_id"]
    _play_some(judge, match_id, 12)
    head = store.last_seq(match_id)
    target = head - 4
    state_then = ok(judge.get(f"/v1/matches/{match_id}/state?at={target}"))

    rewound = ok(judge.post(f"/v1/matches/{match_id}/rewind",
                            {"to_seq": target, "reason": "Energy attached twice",
                             "reshuffle": False, "expected_seq": head}), 201)

    assert rewound["seq"] == head + 1
    assert rewound["events"][0]["type"] == "Rewound"
    assert rewound["events"][0]["actor"] == {"subject": "Judge Judy", "role": "judge"}
    now = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert {**now, "seq": target} == state_then  # the board is again the one at to_seq
    timeline = ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    voided = [e["seq"] for e in timeline if e["voided"]]
    assert voided == list(range(target + 1, head + 1))
    assert len(timeline) == head + 1  # nothing was deleted
    assert any("rewinds" in line for line in timeline[-1]["narration"])

    _play_some(judge, match_id, 6)
    assert store.last_seq(match_id) > head + 1
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"] and audit["first_bad_seq"] is None

    # a voided seq can be rewound to as well (the board as it was then): undoing a rewind
    before_undo = store.last_seq(match_id)
    undone = ok(judge.post(f"/v1/matches/{match_id}/rewind",
                           {"to_seq": head, "reason": "the first rewind was wrong"}), 201)
    assert {**undone["state"], "seq": head} == ok(
        judge.get(f"/v1/matches/{match_id}/state?at={head}"))
    timeline = ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    voided = {e["seq"] for e in timeline if e["voided"]}
    assert voided == set(range(head + 1, before_undo + 1))  # the rewind and what followed
    # the exports (referee export / replay) mark the same events: one algorithm
    from projections.report import narrated_timeline

    exported = narrated_timeline(store.read(match_id))["entries"]
    assert {e["seq"] for e in exported if e["voided"]} == voided
    assert [e["narration"] for e in exported] == [e["narration"] for e in timeline]
    assert ok(judge.get(f"/v1/matches/{match_id}/audit"))["replay_ok"]
    assert_problem(judge.post(f"/v1/matches/{match_id}/rewind",
                              {"to_seq": 10 ** 6, "reason": "future"}), 422)
    assert_problem(judge.post(f"/v1/matches/{match_id}/rewind",
                              {"to_seq": 2, "reason": "x", "expected_seq": 1}), 409)


def test_rewind_with_reshuffle_shuffles_the_decks_that_drew(judge, store):
    created = create_match(judge)
    match_id = created["match_id"]
    _play_some(judge, match_id, 10)
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert state["phase"] not in ("setup",), "the game should be under way"
    # back to the end of setup: every draw since came from the decks
    timeline = ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    first_turn = next(e["seq"] for e in timeline
                      if any("goes first" in line for line in e["narration"]))
    rewound = ok(judge.post(f"/v1/matches/{match_id}/rewind",
                            {"to_seq": first_turn, "reason": "deal again",
                             "reshuffle": True}), 201)
    payload = rewound["events"][0]["payload"]
    assert payload["reshuffle"] is True
    assert payload["reshuffled_seats"]
    assert payload["rng"]["shuffles"]
    player = judge.with_token(created["tokens"]["0"])
    mine = ok(player.get(f"/v1/matches/{match_id}/events?from={rewound['seq']}"))[0]
    assert "rng" not in mine["payload"]
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]
    _play_some(judge, match_id, 8)  # play goes on from the reshuffled decks
    assert ok(judge.get(f"/v1/matches/{match_id}/audit"))["replay_ok"]


def test_a_ruling_with_a_prize_penalty_ends_the_game(judge, store, api_app):
    created = create_match(judge, players=sandbox_players(), position=bubble(prizes=2))
    match_id = created["match_id"]
    beto = judge.with_token(created["tokens"]["1"])
    _act(judge, match_id, 0, {"type": "end_turn"})
    opened = ok(beto.post(f"/v1/matches/{match_id}/disputes",
                          {"about_seq": 2, "claim": "Ana looked at her Prize cards"}), 201)
    queue = ok(judge.get("/v1/disputes?status=open"))["disputes"]
    assert [(d["match_id"], d["dispute_id"], d["status"]) for d in queue] == [
        (match_id, opened["dispute_id"], "open")]
    assert queue[0]["seat"] == 1 and queue[0]["about_seq"] == 2

    ruling = ok(judge.post(
        f"/v1/matches/{match_id}/disputes/{opened['dispute_id']}/ruling",
        {"decision": "upheld", "remedy": None, "notes": "Seen by the floor judge",
         "penalty": {"seat": 0, "infraction": "procedural_error_major",
                     "level": "prize_penalty"}}), 201)

    assert ruling["events"][0]["type"] == "RulingIssued"
    assert any("J-PENALTY-1" in line for line in ruling["narration"])
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["status"] == "finished"
    assert summary["winner"] == 1 and summary["how"] == "J-PENALTY-1"
    assert summary["prizes_left"][1] == 0
    assert ok(judge.get("/v1/disputes"))["disputes"] == []
    disputes = ok(beto.get(f"/v1/matches/{match_id}/disputes"))["disputes"]
    assert disputes[0]["status"] == "ruled"
    # the deprecated "prize_penalty" is read as double_prize and stored so (projections.penalties)
    assert ruling["events"][0]["payload"]["penalty"]["level"] == "double_prize"
    assert disputes[0]["ruling"]["penalty"]["level"] == "double_prize"
    assert disputes[0]["ruling"]["penalty"]["level_label"] == "Double Prize Card"
    assert disputes[0]["ruling"]["penalty"]["infraction_label"] == "Procedural Error (Major)"
    assert_problem(judge.post(
        f"/v1/matches/{match_id}/disputes/{opened['dispute_id']}/ruling",
        {"decision": "upheld"}), 409)  # already ruled
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]


def test_game_loss_penalty_and_bad_penalties(judge):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    for bad in ({"seat": 0, "infraction": "being_rude", "level": "warning"},
                {"seat": 0, "infraction": "tardiness", "level": "spanking"},
                {"seat": 2, "infraction": "tardiness", "level": "warning"},
                {"seat": 0, "infraction": "tardiness"}):
        assert_problem(judge.post(f"/v1/matches/{match_id}/penalties", bad), 422)
    warned = ok(judge.post(f"/v1/matches/{match_id}/penalties",
                           {"seat": 1, "infraction": "tardiness", "level": "warning"}), 201)
    assert warned["events"][0]["type"] == "PenaltyIssued"
    assert ok(judge.get(f"/v1/matches/{match_id}"))["status"] == "playing"
    ok(judge.post(f"/v1/matches/{match_id}/penalties",
                  {"seat": 1, "infraction": "cheating_severe", "level": "game_loss"}), 201)
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["status"] == "finished" and summary["winner"] == 0


def test_a_ruling_can_rewind_and_an_appeal_can_overturn_it(judge, head_judge, store):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    ana, beto = (judge.with_token(created["tokens"][s]) for s in ("0", "1"))
    _act(judge, match_id, 0, {"type": "attach_energy", "card": "0:2", "target": "0:0"})
    _act(judge, match_id, 0, {"type": "end_turn"})
    dispute = ok(ana.post(f"/v1/matches/{match_id}/disputes",
                          {"about_seq": 2, "claim": "I meant to attach to my bench"}),
                 201)["dispute_id"]
    assert_problem(ana.post(f"/v1/matches/{match_id}/disputes/{dispute}/appeal",
                            {"reason": "too early"}), 409)  # nothing to appeal yet
    ruled = ok(judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/ruling",
                          {"decision": "upheld", "remedy": {"rewind_to": 1},
                           "penalty": None}), 201)
    assert ruled["state"]["seats"][0]["active"]["energy"] == [
        {"instance": "0:1", "card": "base1-102", "name": "Water Energy"}]  # the attachment is undone
    head_before_appeal = store.last_seq(match_id)

    appealed = ok(beto.post(f"/v1/matches/{match_id}/disputes/{dispute}/appeal",
                            {"reason": "She attached on purpose"}), 201)
    queue = ok(judge.get("/v1/disputes"))["disputes"]
    assert [(d["dispute_id"], d["status"]) for d in queue] == [(dispute, "appealed")]
    assert appealed["seq"] == head_before_appeal + 1
    assert_problem(beto.post(f"/v1/matches/{match_id}/disputes/{dispute}/appeal",
                             {"reason": "again"}), 409)
    assert_problem(head_judge.post(
        f"/v1/matches/{match_id}/disputes/{dispute}/appeal/decision",
        {"decision": "upheld", "penalty": {"seat": 0, "infraction": "tardiness",
                                           "level": "warning"}}), 422)

    decided = ok(head_judge.post(
        f"/v1/matches/{match_id}/disputes/{dispute}/appeal/decision",
        {"decision": "overturned", "remedy": {"rewind_to": 3},
         "penalty": {"seat": 0, "infraction": "game_play_error_minor",
                     "level": "caution"}, "notes": "The attachment stands"}), 201)

    assert [e["type"] for e in decided["events"]] == ["AppealDecided"]
    assert len(decided["state"]["seats"][0]["active"]["energy"]) == 2  # as at seq 3
    final = ok(judge.get(f"/v1/matches/{match_id}/disputes"))["disputes"][0]
    assert final["status"] == "decided"
    assert final["appeal_decision"]["decision"] == "overturned"
    assert ok(judge.get("/v1/disputes"))["disputes"] == []
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]
    assert_problem(judge.post(f"/v1/matches/{match_id}/disputes/d-nope/ruling",
                              {"decision": "upheld"}), 404)


def test_the_queue_lists_open_disputes_across_matches_oldest_first(judge):
    first = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    second = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    a = ok(judge.post(f"/v1/matches/{first}/disputes",
                      {"about_seq": 1, "claim": "first", "seat": None}), 201)["dispute_id"]
    b = ok(judge.post(f"/v1/matches/{second}/disputes",
                      {"about_seq": 1, "claim": "second", "seat": 0}), 201)["dispute_id"]
    queue = ok(judge.get("/v1/disputes?status=open"))
    assert [d["dispute_id"] for d in queue["disputes"]] == [a, b]
    assert queue["total"] == 2
    assert [d["dispute_id"] for d in ok(judge.get("/v1/disputes?limit=1&offset=1"))[
        "disputes"]] == [b]
    assert ok(judge.get("/v1/disputes?status=closed"))["disputes"] == []
    assert_problem(judge.get("/v1/disputes?status=bogus"), 422)
    assert_problem(judge.post(f"/v1/matches/{first}/disputes",
                              {"about_seq": 99, "claim": "future"}), 422)


def test_penalty_history_across_matches_marks_repeats_and_counts_an_appeal_once(judge, head_judge):
    """J-PENALTY-2: the read models keep each player's penalties across matches; the second
    tardiness is marked as a repeat; an overturning appeal's penalty is recorded once."""
    people = [{**p, "player_id": pid} for p, pid in zip(sandbox_players(), ("1001", "2002"), strict=True)]
    first = create_match(judge, players=people, position=bubble())["match_id"]
    created = create_match(judge, players=people, position=bubble())
    second, beto = created["match_id"], judge.with_token(created["tokens"]["1"])
    ok(judge.post(f"/v1/matches/{first}/penalties",
                  {"seat": 1, "infraction": "tardiness", "level": "warning"}), 201)
    ok(judge.post(f"/v1/matches/{second}/penalties",
                  {"seat": 1, "infraction": "tardiness", "level": "warning"}), 201)
    dispute = ok(judge.post(f"/v1/matches/{second}/disputes", {"about_seq": 1, "claim": "x"}),
                 201)["dispute_id"]
    ok(judge.post(f"/v1/matches/{second}/disputes/{dispute}/ruling",
                  {"decision": "upheld", "penalty": {"seat": 1, "infraction": "pace_of_play",
                                                     "level": "caution"}}), 201)
    ok(beto.post(f"/v1/matches/{second}/disputes/{dispute}/appeal", {"reason": "no"}), 201)
    ok(head_judge.post(f"/v1/matches/{second}/disputes/{dispute}/appeal/decision",
                       {"decision": "overturned", "penalty": {"seat": 1, "infraction": "pace_of_play",
                                                              "level": "warning"}}), 201)
    history = ok(judge.get("/v1/players/2002/penalties"))
    assert history["player_id"] == "2002" and history["names"] == ["Beto"]
    assert [(e["match_id"], e["infraction"], e["level"], e["status"], e["repeat"])
            for e in history["penalties"]] == [
        (first, "tardiness", "warning", "standing", False),
        (second, "tardiness", "warning", "standing", True),
        (second, "pace_of_play", "caution", "overturned", False),
        (second, "pace_of_play", "warning", "standing", False)]
    assert ok(judge.get("/v1/players/9999/penalties"))["penalties"] == []
    assert_problem(judge.get("/v1/players/beto/penalties"), 422)
    listed = ok(judge.get("/v1/matches?player=Beto"))
    assert {m["match_id"] for m in listed["matches"]} == {first, second} and listed["total"] == 2
    assert listed["matches"][0]["status"] == "playing" and listed["matches"][0]["turn"] == 3


def test_health_reports_the_job_queue(judge):
    health = ok(judge.get("/v1/health"))
    assert health["jobs"]["ok"] is True
    assert {"queued", "failed", "scheduled"} <= set(health["jobs"])


def test_J_TIME_1_calling_time_through_the_api(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble(prizes=3))
    match_id = created["match_id"]
    ana = judge.with_token(created["tokens"]["0"])
    assert_problem(ana.post(f"/v1/matches/{match_id}/time", {}), 403)
    assert_problem(judge.post(f"/v1/matches/{match_id}/time", {"tie": "coin"}), 422)
    called = ok(judge.post(f"/v1/matches/{match_id}/time", {"extra_turns": 1, "tie": "draw"}), 201)
    assert called["events"][0]["type"] == "TimeCalled"
    assert called["state"]["time_called"]["extra_turns"] == 1
    assert any("J-TIME-1" in line for line in called["narration"])
    assert_problem(judge.post(f"/v1/matches/{match_id}/time", {}), 409)   # already called
    _act(judge, match_id, 0, {"type": "end_turn"})      # turn 3 (turn 0) ends
    _act(judge, match_id, 1, {"type": "end_turn"})      # the one extra turn ends: a tie, a draw
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["status"] == "finished" and summary["winner"] is None
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]


def test_health_is_degraded_and_says_why_when_jobs_wait_with_no_worker(judge, redis_bytes):
    from events.config import DEFAULT_QUEUE
    from events.jobqueue import get_queue

    queue = get_queue(redis_bytes, DEFAULT_QUEUE)
    queue.empty()
    assert ok(judge.get("/v1/health"))["status"] == "ok"
    queue.enqueue("workers.jobs.maybe_snapshot", "no-such-match")
    health = ok(judge.get("/v1/health"))
    assert health["status"] == "degraded" and health["jobs"]["workers"] == 0
    assert health["reasons"] == ["1 job(s) queued and no worker alive (start `referee worker`)"]
    assert health["jobs"]["oldest_queued_seconds"] >= 0
    queue.empty()


def test_docs_work_offline_from_the_packaged_swagger_ui(judge):
    page = judge.get("/docs").get_data(True)
    assert "/static/swagger-ui/swagger-ui-bundle.js" in page and "https://" not in page
    for asset in ("swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css"):
        response = judge.get(f"/static/swagger-ui/{asset}")
        assert response.status_code == 200 and len(response.get_data()) > 10000


def test_every_operation_has_a_unique_operation_id(judge):
    spec = ok(judge.get("/v1/openapi.json"))
    ids = [op["operationId"] for ops in spec["paths"].values() for method, op in ops.items()
           if method in ("get", "post", "put", "delete", "patch")]
    assert len(ids) >= 34 and len(ids) == len(set(ids))
    assert spec["paths"]["/v1/matches/{match_id}/state"]["get"]["operationId"] == "matches_state"


def test_the_html_report_is_served_to_judges_and_scorekeepers_only(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    _act(judge, match_id, 0, {"type": "end_turn"})
    page = judge.get(f"/v1/matches/{match_id}/report")
    assert page.status_code == 200 and page.mimetype == "text/html"
    text = page.get_data(True)
    assert "<html" in text.lower() and "Ana" in text and "Beto" in text and "R-TURN" in text
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    assert scorekeeper.get(f"/v1/matches/{match_id}/report").status_code == 200
    assert_problem(judge.with_token(created["tokens"]["0"]).get(f"/v1/matches/{match_id}/report"), 403)
    assert_problem(judge.get("/v1/matches/0123456789abcdef/report"), 404)


def test_every_201_says_where_to_read_what_it_created(judge):
    created = judge.post("/v1/matches", {"players": sandbox_players(), "position": bubble()})
    assert created.status_code == 201
    match_id = created.get_json()["match_id"]
    assert created.headers["Location"] == f"/v1/matches/{match_id}"
    assert ok(judge.get(created.headers["Location"]))["match_id"] == match_id
    acted = judge.post(f"/v1/matches/{match_id}/actions", {"seat": 0, "action": {"type": "end_turn"}})
    seq = acted.get_json()["seq"]
    assert acted.headers["Location"] == f"/v1/matches/{match_id}/events?from={seq}&to={seq}"
    assert [e["seq"] for e in ok(judge.get(acted.headers["Location"]))] == [seq]
    spec = ok(judge.get("/v1/openapi.json"))
    created_answers = [op["responses"]["201"] for ops in spec["paths"].values() for op in ops.values()
                       if isinstance(op, dict) and "201" in op.get("responses", {})]
    assert len(created_answers) >= 10 and all("Location" in r["headers"] for r in created_answers)


def test_cors_is_off_by_default_and_answers_listed_origins_and_preflights(judge, redis_url, redis_client):
    from app import create_app
    from tests.api.helpers import SECRET

    origin = "https://console.example"
    plain = judge.get("/v1/whoami")
    assert "Access-Control-Allow-Origin" not in plain.headers
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                      "REFEREE_TOKEN_SECRET": SECRET,
                      "REFEREE_CORS_ORIGINS": f"{origin}, https://other.example"},
                     redis_client=redis_client)
    client = app.test_client()
    preflight = client.open("/v1/matches", method="OPTIONS",
                            headers={"Origin": origin, "Access-Control-Request-Method": "POST",
                                     "Access-Control-Request-Headers": "authorization, content-type"})
    assert preflight.status_code == 204
    assert preflight.headers["Access-Control-Allow-Origin"] == origin
    assert "Authorization" in preflight.headers["Access-Control-Allow-Headers"]
    answer = client.get("/v1/whoami", headers={"Origin": origin, "Authorization": f"Bearer {judge.token}"})
    assert answer.status_code == 200 and answer.headers["Access-Control-Allow-Origin"] == origin
    assert "Location" in answer.headers["Access-Control-Expose-Headers"]
    stranger = client.get("/v1/health", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in stranger.headers
    unlisted = client.open("/v1/matches", method="OPTIONS",
                           headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})
    assert unlisted.status_code == 204 and "Access-Control-Allow-Methods" not in unlisted.headers


def test_every_problem_type_resolves_to_a_page_saying_what_it_means(anonymous, judge):
    import html

    from app import auth, errors, rate_limit, stream_slots
    from app.problem_types import PROBLEM_TYPES

    types = {getattr(m, n) for m in (errors, auth, stream_slots, rate_limit) for n in dir(m)
             if n.startswith("TYPE_")}
    assert {t for t in types if t != "about:blank"} == {f"/problems/{s}" for s in PROBLEM_TYPES}
    for uri in sorted(types - {"about:blank"}):
        page = anonymous.get(uri)
        assert page.status_code == 200 and page.mimetype == "text/html", uri
        assert html.escape(PROBLEM_TYPES[uri.rsplit("/", 1)[1]][0]) in page.get_data(True)
    assert "/problems/match-not-found" in anonymous.get("/problems").get_data(True)
    assert_problem(anonymous.get("/problems/nope"), 404)
    missing = assert_problem(judge.get("/v1/matches/0123456789abcdef"), 404)
    assert missing["type"] == "/problems/match-not-found"


def test_a_dry_run_shows_what_a_judges_request_would_append_and_appends_nothing(judge, store):
    """J-REPAIR-1 / J-PENALTY-1: every judging form can be checked before it is sent."""
    created = create_match(judge)
    match_id = created["match_id"]
    _play_some(judge, match_id, 8)
    head = store.last_seq(match_id)
    dispute = ok(judge.post(f"/v1/matches/{match_id}/disputes",
                            {"seat": 0, "about_seq": head, "claim": "Energy attached twice"}), 201)
    head = store.last_seq(match_id)
    ruling = {"decision": "upheld", "remedy": {"rewind_to": head - 3, "reshuffle": False},
              "penalty": {"seat": 1, "infraction": "game_play_error_minor", "level": "warning"},
              "notes": "attached twice", "dry_run": True}
    url = f"/v1/matches/{match_id}/disputes/{dispute['dispute_id']}/ruling"

    preview = ok(judge.post(url, ruling), 200)

    assert preview["dry_run"] is True and preview["seq"] == head + 1
    assert [e["type"] for e in preview["events"]] == ["RulingIssued"]
    assert preview["events"][0]["seq"] == head + 1
    assert preview["events"][0]["payload"]["penalty"]["level"] == "warning"
    assert "receipt" not in preview
    assert store.last_seq(match_id) == head  # nothing appended
    assert ok(judge.get(f"/v1/matches/{match_id}/disputes"))["disputes"][0]["status"] == "open"

    sent = ok(judge.post(url, {**ruling, "dry_run": False}), 201)
    assert sent["events"][0]["type"] == "RulingIssued" and sent["seq"] == head + 1
    assert sent["state_hash"] == preview["state_hash"]  # the preview was the real outcome
    # a dry run is refused like the request would be: the dispute is ruled on now
    assert_problem(judge.post(url, ruling), 409)
    # and it checks expected_seq the same way
    assert_problem(judge.post(f"/v1/matches/{match_id}/penalties",
                              {"seat": 0, "infraction": "tardiness", "level": "warning",
                               "dry_run": True, "expected_seq": 1}), 409)
    assert store.last_seq(match_id) == head + 1


def test_players_are_people_two_anas_keep_two_histories_and_one_person_keeps_one(judge):
    """J-PENALTY-2 across matches keys on the Play! Pokémon ID, never the name: two players
    named Ana are two people; one person under two spellings is one."""
    def match(first: dict, second: dict) -> str:
        return create_match(judge, players=[{**sandbox_players()[0], **first},
                                            {**sandbox_players()[1], **second}],
                            position=bubble())["match_id"]

    one = match({"name": "Ana", "player_id": "111", "division": "Masters"},
                {"name": "Ana", "player_id": "222", "division": "senior"})
    two = match({"name": "ana s.", "player_id": "111"}, {"name": "Bea"})
    for match_id, seat in ((one, 0), (one, 1), (two, 0), (two, 1)):
        ok(judge.post(f"/v1/matches/{match_id}/penalties",
                      {"seat": seat, "infraction": "tardiness", "level": "warning"}), 201)

    first = ok(judge.get("/v1/players/111/penalties"))
    assert [(e["match_id"], e["seat"]) for e in first["penalties"]] == [(one, 0), (two, 0)]
    assert [e["repeat"] for e in first["penalties"]] == [False, True]
    assert first["names"] == ["Ana", "ana s."]
    other = ok(judge.get("/v1/players/222/penalties"))
    assert [(e["match_id"], e["seat"], e["repeat"]) for e in other["penalties"]] == [(one, 1, False)]
    summary = ok(judge.get(f"/v1/matches/{one}"))
    assert [(p["name"], p["player_id"], p["division"]) for p in summary["players"]] == [
        ("Ana", "111", "masters"), ("Ana", "222", "senior")]
    assert ok(judge.get(f"/v1/matches/{two}"))["players"][1]["player_id"] is None
    listed = {m["match_id"]: m for m in ok(judge.get("/v1/matches"))["matches"]}
    assert listed[one]["player_ids"] == ["111", "222"]
    dispute = ok(judge.post(f"/v1/matches/{one}/disputes",
                            {"seat": 1, "about_seq": 1, "claim": "c"}), 201)["dispute_id"]
    queued = [d for d in ok(judge.get("/v1/disputes"))["disputes"] if d["dispute_id"] == dispute]
    assert queued[0]["player_id"] == "222"
    for bad in ({"player_id": "12a"}, {"player_id": 123}, {"player_id": "1" * 13},
                {"division": "Open"}, {"division": 3}):
        answer = judge.post("/v1/matches", {"players": [{**sandbox_players()[0], **bad},
                                                        sandbox_players()[1]],
                                            "position": bubble()})
        field = next(iter(bad))
        assert answer.status_code == 422 and field in str(answer.get_json()["errors"]), bad
