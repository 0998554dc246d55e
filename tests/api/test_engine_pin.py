"""A match made under other rules than the running engine's is answered with a clear 409
(never folded differently); a match made before matches recorded their engine plays on."""

from __future__ import annotations

import pytest

from events.store import EventStore
from projections.games import get_game
from tests.api.helpers import ApiClient, assert_problem, create_match, ok

pytestmark = pytest.mark.integration

JUDGE = {"subject": "Judge Judy", "role": "judge"}


def _copy_match(store: EventStore, source_id: str, new_id: str, engine: dict | None) -> str:
    """The same MatchCreated as ``source_id``'s, under another id, recording ``engine``
    (None: no engine, as matches made before the pin)."""
    first = store.read(source_id, 1, 1)[0]
    payload = {**first["payload"], "match_id": new_id}   # a MatchCreated names its match
    payload.pop("engine")
    if engine is not None:
        payload["engine"] = engine
    store.append(new_id, [{"type": "MatchCreated", "payload": payload,
                           "state_hash": first["state_hash"]}], expected_seq=0, actor=JUDGE)
    store.create_match(new_id, {"game": "tcg", "ruleset": payload["ruleset"],
                                "players": [p["name"] for p in payload["players"]],
                                "randomness": payload["randomness"], "status": "setup",
                                "created_by": JUDGE, "sandbox": False})
    return new_id


def test_matches_record_the_engine_they_were_made_under(judge: ApiClient, store: EventStore) -> None:
    created = create_match(judge, ruleset="base-1999", randomness="service")
    first = ok(judge.get(f"/v1/matches/{created['match_id']}/events?from=1&to=1"))[0]
    assert first["payload"]["engine"] == get_game("tcg").engine_pin()


def test_a_match_made_under_other_rules_is_a_409_naming_both_engines(judge: ApiClient, store: EventStore) -> None:
    created = create_match(judge, ruleset="base-1999", randomness="service")
    old = _copy_match(store, created["match_id"], "made-by-tcg-2",
                      {"version": "tcg-2", "fingerprint": "0" * 64})
    running = get_game("tcg").engine_pin()
    for answer in (judge.get(f"/v1/matches/{old}/state"), judge.get(f"/v1/matches/{old}"),
                   judge.get(f"/v1/matches/{old}/legal-actions?seat=0"),
                   judge.post(f"/v1/matches/{old}/actions",
                              {"seat": 0, "action": {"type": "concede"}}),
                   judge.post(f"/v1/matches/{old}/time", {}),
                   judge.get(f"/v1/matches/{old}/stream?max_events=1&timeout=1")):
        problem = assert_problem(answer, 409)
        assert problem["type"] == "/problems/engine-mismatch"
        assert problem["recorded_engine"]["version"] == "tcg-2"
        assert problem["running_engine"] == running
        assert "tcg-2" in problem["detail"] and running["version"] in problem["detail"]
    assert store.last_seq(old) == 1                       # nothing was appended
    audit = ok(judge.get(f"/v1/matches/{old}/audit"))
    assert audit["chain_ok"] and not audit["replay_ok"] and "tcg-2" in audit["replay_error"]
    disputes = ok(judge.get(f"/v1/matches/{old}/disputes"))   # the log is still readable
    assert disputes == {"disputes": [], "total": 0}


def test_a_match_made_before_the_pin_is_played_as_before(judge: ApiClient, store: EventStore) -> None:
    created = create_match(judge, ruleset="base-1999", randomness="service")
    legacy = _copy_match(store, created["match_id"], "made-before-the-pin", None)
    assert ok(judge.get(f"/v1/matches/{legacy}/state"))["seats"]
    actions = ok(judge.get(f"/v1/matches/{legacy}/legal-actions?seat=0"))["actions"]
    setup = next(a for a in actions if a["type"] == "setup")
    ok(judge.post(f"/v1/matches/{legacy}/actions", {"seat": 0, "action": setup}), 201)
    assert store.last_seq(legacy) == 2


def test_the_openapi_document_names_the_engine_problem(anonymous: ApiClient) -> None:
    document = ok(anonymous.get("/v1/openapi.json"))
    answers = document["paths"]["/v1/matches/{match_id}/state"]["get"]["responses"]
    assert "engine-mismatch" in answers["409"]["description"]
