"""Two writers on one seq, and retries with an idempotency key."""

from __future__ import annotations

import threading

import pytest

from tests.api.helpers import assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players

pytestmark = pytest.mark.integration


def _race(judge, match_id, bodies):
    barrier = threading.Barrier(len(bodies))
    answers = [None] * len(bodies)

    def run(n, body):
        client = judge.with_token(judge.token)
        client.client = client.client.application.test_client()
        barrier.wait()
        answers[n] = client.post(f"/v1/matches/{match_id}/actions", body)

    threads = [threading.Thread(target=run, args=(n, b)) for n, b in enumerate(bodies)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return answers


def test_two_clients_racing_on_one_seq_one_wins_one_gets_409(judge, store):
    for _round in range(3):
        match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
        body = {"seat": 0, "action": {"type": "end_turn"}, "expected_seq": 1}
        answers = _race(judge, match_id, [body, dict(body)])
        statuses = sorted(a.status_code for a in answers)
        assert statuses == [201, 409], [a.get_data(True) for a in answers]
        loser = next(a for a in answers if a.status_code == 409)
        assert assert_problem(loser, 409)["conflict"] == {"expected_seq": 1, "actual_seq": 2}
        assert store.last_seq(match_id) == 2


def test_without_expected_seq_the_loser_is_decided_again_on_the_new_state(judge, store):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    body = {"seat": 0, "action": {"type": "end_turn"}}
    answers = _race(judge, match_id, [body, dict(body)])
    statuses = sorted(a.status_code for a in answers)
    # the second end_turn is decided again after the first: seat 0 no longer has the turn
    assert statuses == [201, 409]
    loser = next(a for a in answers if a.status_code == 409)
    assert assert_problem(loser, 409)["violations"][0]["rule"].startswith("R-")
    assert store.last_seq(match_id) == 2


def test_a_retry_with_the_same_idempotency_key_gets_the_first_answer(judge, store):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    player = judge.with_token(created["tokens"]["0"])
    body = {"seat": 0, "idempotency_key": "c0ffee-7",
            "action": {"type": "attach_energy", "card": "0:2", "target": "0:0"}}
    first = ok(player.post(f"/v1/matches/{match_id}/actions", body), 201)
    again = ok(player.post(f"/v1/matches/{match_id}/actions", body), 201)
    assert again == first
    assert store.last_seq(match_id) == 2  # nothing appended by the retry
    # a second attachment would be illegal: the retry is recognised, not decided again
    third = ok(player.post(f"/v1/matches/{match_id}/actions", dict(body)), 201)
    assert third == first

    other_body = dict(body, action={"type": "end_turn"})
    reused = assert_problem(player.post(f"/v1/matches/{match_id}/actions", other_body), 422)
    assert "idempotency" in reused["detail"].lower() and "'c0ffee-7'" in reused["detail"]
    # Keys are the caller's own: the scorekeeper's "c0ffee-7" is another request, decided
    # on its own (the Energy is attached already: illegal), not the player's answer.
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    by_another = assert_problem(scorekeeper.post(f"/v1/matches/{match_id}/actions", body), 409)
    assert by_another["violations"][0]["rule"] == "R-ENERGY-1"
    assert store.last_seq(match_id) == 2


def test_the_seats_do_not_share_idempotency_keys(judge, store):
    """Issue 10 item 9: seat 1 using "ana-2" first must not make seat 0's "ana-2" a 422."""
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    ana, beto = (judge.with_token(created["tokens"][s]) for s in ("0", "1"))
    ok(ana.post(f"/v1/matches/{match_id}/actions",
                {"seat": 0, "idempotency_key": "ana-1", "action": {"type": "end_turn"}}), 201)
    ok(beto.post(f"/v1/matches/{match_id}/actions",
                 {"seat": 1, "idempotency_key": "ana-2", "action": {"type": "end_turn"}}), 201)
    mine = ok(ana.post(f"/v1/matches/{match_id}/actions",
                       {"seat": 0, "idempotency_key": "ana-2", "action": {"type": "end_turn"}}), 201)
    assert mine["seq"] == 4 and store.last_seq(match_id) == 4
    # the scorekeeper acting for each seat has a key space per seat too
    keeper = judge.with_token(created["tokens"]["scorekeeper"])
    for seat, seq in ((1, 5), (0, 6)):
        got = ok(keeper.post(f"/v1/matches/{match_id}/actions",
                             {"seat": seat, "idempotency_key": "k", "action": {"type": "end_turn"}}), 201)
        assert got["seq"] == seq


def test_racing_retries_with_one_key_append_once(judge, store):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    body = {"seat": 0, "idempotency_key": "same", "action": {"type": "end_turn"}}
    answers = _race(judge, match_id, [body, dict(body), dict(body)])
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert len({a.get_data(True) for a in answers}) == 1
    assert store.last_seq(match_id) == 2


def test_a_stale_expected_seq_is_409_with_both_seqs(judge):
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    ok(judge.post(f"/v1/matches/{match_id}/actions",
                  {"seat": 0, "action": {"type": "end_turn"}, "expected_seq": 1}), 201)
    stale = assert_problem(judge.post(f"/v1/matches/{match_id}/actions",
                                      {"seat": 1, "action": {"type": "end_turn"},
                                       "expected_seq": 1}), 409)
    assert stale["conflict"] == {"expected_seq": 1, "actual_seq": 2}
