"""One player can't bury the judges' queue: a seat and a match hold only so many disputes and
appeals waiting for a judge (409 `/problems/too-many-open-disputes` past the cap, nothing
stored, decided on the log the append expects), a claim is a few sentences, and the queue
by table shows every table with an open dispute whatever one table does."""

from __future__ import annotations

import threading

import pytest

from events.config import Settings
from tests.api.helpers import assert_problem, create_match, ok

pytestmark = pytest.mark.integration

TOO_MANY = "/problems/too-many-open-disputes"


def _open(client, match_id: str, claim: str = "x", **body):
    return client.post(f"/v1/matches/{match_id}/disputes", {"about_seq": 1, "claim": claim, **body})


def _rule(judge, match_id: str, dispute_id: str) -> None:
    ok(judge.post(f"/v1/matches/{match_id}/disputes/{dispute_id}/ruling",
                  {"decision": "upheld"}), 201)


def _head(judge, match_id: str) -> int:
    return ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"]


def _refused(answer, scope: str, limit: int) -> dict:
    problem = assert_problem(answer, 409)
    assert problem["type"] == TOO_MANY
    assert problem["scope"] == scope and problem["limit"] == limit, problem
    return problem


def test_a_seat_and_a_match_hold_only_so_many_open_disputes(judge):
    created = create_match(judge)
    match_id = created["match_id"]
    ana = judge.with_token(created["tokens"]["0"])
    beto = judge.with_token(created["tokens"]["1"])
    keeper = judge.with_token(created["tokens"]["scorekeeper"])

    anas = [ok(_open(ana, match_id, f"claim {n}"), 201)["dispute_id"] for n in range(3)]
    head = _head(judge, match_id)
    problem = _refused(_open(ana, match_id, "one more"), "seat", 3)
    assert problem["seat"] == 0 and "3" in problem["detail"]
    assert _refused(_open(keeper, match_id, "for Ana", seat=0), "seat", 3)["seat"] == 0
    assert _head(judge, match_id) == head                       # nothing stored

    ok(_open(beto, match_id), 201)                            # the other seat still may
    ok(_open(keeper, match_id, "for the table"), 201)         # 5 waiting: the match's cap
    problem = _refused(_open(beto, match_id), "match", 5)
    assert "seat" not in problem
    assert _head(judge, match_id) == head + 2
    ok(_open(judge, match_id, "a judge's own", seat=1), 201)  # the queue is the judges'

    for dispute_id in anas[:2]:
        _rule(judge, match_id, dispute_id)                    # ruled: no longer waiting
    ok(_open(ana, match_id, "now again"), 201)
    listed = ok(ana.get(f"/v1/matches/{match_id}/disputes"))["disputes"]
    assert sum(d["open"] for d in listed) == 5


def test_an_appeal_waits_for_a_judge_and_counts_against_the_cap(api_app, judge):
    api_app.config["REFEREE_OPEN_DISPUTES_PER_SEAT"] = 1
    created = create_match(judge)
    match_id = created["match_id"]
    ana = judge.with_token(created["tokens"]["0"])
    first = ok(_open(ana, match_id), 201)["dispute_id"]
    _rule(judge, match_id, first)
    second = ok(_open(ana, match_id), 201)["dispute_id"]
    appeal = f"/v1/matches/{match_id}/disputes/{first}/appeal"
    _refused(ana.post(appeal, {"reason": "wrong"}), "seat", 1)
    _rule(judge, match_id, second)
    ok(ana.post(appeal, {"reason": "wrong"}), 201)
    _refused(_open(ana, match_id), "seat", 1)                 # the appeal waits for Ana


def test_concurrent_disputes_past_the_cap_are_refused_whoever_wins(api_app, judge):
    """The cap is counted on the log at the head the append expects: a race re-plans."""
    created = create_match(judge)
    match_id = created["match_id"]
    token = created["tokens"]["0"]
    answers: list[tuple[int, str | None]] = []

    def dispute(n: int) -> None:
        client = api_app.test_client()
        answer = client.post(f"/v1/matches/{match_id}/disputes",
                             json={"about_seq": 1, "claim": f"race {n}"},
                             headers={"Authorization": f"Bearer {token}"})
        answers.append((answer.status_code, (answer.get_json() or {}).get("type")))

    threads = [threading.Thread(target=dispute, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers, key=str) == [(201, None)] * 3 + [(409, TOO_MANY)] * 5
    listed = ok(judge.get(f"/v1/matches/{match_id}/disputes"))["disputes"]
    assert len(listed) == 3


def test_the_caps_are_settings(api_app, judge):
    assert (Settings().open_disputes_per_seat, Settings().open_disputes_per_match) == (3, 5)
    read = Settings.from_env({"REFEREE_OPEN_DISPUTES_PER_SEAT": "2",
                              "REFEREE_OPEN_DISPUTES_PER_MATCH": "0"})
    assert (read.open_disputes_per_seat, read.open_disputes_per_match) == (2, 0)
    with pytest.raises(ValueError):
        Settings.from_env({"REFEREE_OPEN_DISPUTES_PER_SEAT": "-1"})
    api_app.config.update(REFEREE_OPEN_DISPUTES_PER_SEAT=0, REFEREE_OPEN_DISPUTES_PER_MATCH=0)
    created = create_match(judge)
    ana = judge.with_token(created["tokens"]["0"])
    for _ in range(7):                                        # 0: no cap
        ok(_open(ana, created["match_id"]), 201)


def test_a_claim_and_an_appeal_are_a_few_sentences(judge):
    created = create_match(judge)
    match_id = created["match_id"]
    ana = judge.with_token(created["tokens"]["0"])
    head = _head(judge, match_id)
    problem = assert_problem(_open(ana, match_id, "é" * 501), 422)
    assert "claim" in problem["errors"]["json"]
    assert _head(judge, match_id) == head
    dispute = ok(_open(ana, match_id, "é" * 500), 201)["dispute_id"]
    _rule(judge, match_id, dispute)
    problem = assert_problem(ana.post(f"/v1/matches/{match_id}/disputes/{dispute}/appeal",
                                      {"reason": "r" * 501}), 422)
    assert "reason" in problem["errors"]["json"]


def test_the_cap_is_documented_as_a_problem_type(judge, anonymous):
    spec = ok(judge.get("/v1/openapi.json"))
    answers = spec["paths"]["/v1/matches/{match_id}/disputes"]["post"]["responses"]
    assert TOO_MANY in answers["409"]["description"]
    appeal = spec["paths"]["/v1/matches/{match_id}/disputes/{dispute_id}/appeal"]["post"]
    assert TOO_MANY in appeal["responses"]["409"]["description"]
    assert {"scope", "limit"} <= set(spec["components"]["schemas"]["Problem"]["properties"])
    page = anonymous.get(TOO_MANY, headers={"Accept": "application/json"})
    assert page.status_code == 200 and "REFEREE_OPEN_DISPUTES_PER_SEAT" in page.get_data(True)


# ---------------------------------------------------------------------- the queue by table

def test_one_table_cannot_bury_another_in_the_queue(api_app, judge, store):
    """A flood at one table (here a judge's, which the caps don't limit, or one from before
    them) takes one row of the queue; a later dispute at another table is on the first
    page, newest activity first, and a frozen match is listed before both."""
    flooded = create_match(judge, table=7)
    quiet = create_match(judge, table=9)
    frozen = create_match(judge, table=3)
    flood = [ok(_open(judge, flooded["match_id"], f"flood {n}"), 201)["dispute_id"]
             for n in range(120)]
    beto = judge.with_token(quiet["tokens"]["1"])
    late = ok(_open(beto, quiet["match_id"], "the late one"), 201)["dispute_id"]
    store.freeze(frozen["match_id"], 2, "altered", "test")

    queue = ok(judge.get("/v1/disputes/tables?limit=10&per_table=3"))
    assert queue["total"] == 3 and queue["open_disputes"] == 121
    rows = queue["tables"]
    assert [t["match_id"] for t in rows] == [frozen["match_id"], quiet["match_id"],
                                             flooded["match_id"]]
    assert rows[0]["frozen"] and rows[0]["integrity"]["finding"] == "altered"
    assert rows[0]["open_disputes"] == 0 and rows[0]["table"] == 3
    assert rows[1]["table"] == 9 and rows[1]["open_disputes"] == 1
    assert [d["dispute_id"] for d in rows[1]["disputes"]] == [late]
    assert rows[2]["open_disputes"] == 120 and rows[2]["appeals"] == 0
    assert [d["dispute_id"] for d in rows[2]["disputes"]] == flood[:3]  # longest waiting first
    assert rows[1]["newest_at"] > rows[2]["newest_at"]

    paged = ok(judge.get("/v1/disputes/tables?limit=1&offset=2&per_table=0"))
    assert [t["match_id"] for t in paged["tables"]] == [flooded["match_id"]]
    assert paged["tables"][0]["disputes"] == [] and paged["total"] == 3
    assert_problem(judge.get("/v1/disputes/tables?per_table=51"), 422)
    player = judge.with_token(quiet["tokens"]["1"])
    assert_problem(player.get("/v1/disputes/tables"), 403)

    _rule(judge, quiet["match_id"], late)                     # ruled: the table leaves
    after = ok(judge.get("/v1/disputes/tables"))
    assert [t["match_id"] for t in after["tables"]] == [frozen["match_id"], flooded["match_id"]]
    assert after["open_disputes"] == 120


def test_ruled_disputes_leave_every_queue_index(api_app, judge, redis_client):
    from projections.readmodels import dump_read_models

    created = create_match(judge)
    match_id = created["match_id"]
    ana = judge.with_token(created["tokens"]["0"])
    ids = [ok(_open(ana, match_id), 201)["dispute_id"] for _ in range(2)]
    models = dump_read_models(redis_client)
    assert [m for m, _ in models["queue_tables"]] == [match_id]
    assert sorted(d for d, _ in models["match_queues"][match_id]) == sorted(ids)
    for dispute_id in ids:
        _rule(judge, match_id, dispute_id)
    models = dump_read_models(redis_client)
    assert models["queue"] == [] and models["queue_tables"] == []
    assert models["match_queues"][match_id] == []
    assert len(models["disputes"][match_id]) == 2             # the match's history stays
