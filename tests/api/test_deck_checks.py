"""Deck checks (R-DECK-1, J-PENALTY-2): a judge records the deck found against the list the
match was made with; a mismatch opens a dispute ready for a ruling with the guideline penalty
typed as printed; the opponent never learns which cards differ."""

from __future__ import annotations

import pytest

from tests.api.helpers import assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players

pytestmark = pytest.mark.integration


def test_R_DECK_1_a_deck_that_matches_its_list(judge):
    created = create_match(judge)
    match_id = created["match_id"]
    checked = ok(judge.post(f"/v1/matches/{match_id}/deck-checks",
                            {"seat": 0, "matches_list": True}), 201)
    assert [e["type"] for e in checked["events"]] == ["DeckChecked"]
    assert checked["events"][0]["payload"] == {"seat": 0, "matches": True}
    assert any("matches the registered list" in line for line in checked["narration"])
    assert ok(judge.get("/v1/disputes"))["disputes"] == []


def test_R_DECK_1_J_PENALTY_2_a_mismatch_goes_to_a_ruling_with_the_penalty_as_printed(judge):
    created = create_match(judge)
    match_id = created["match_id"]
    listed = ok(judge.get(f"/v1/matches/{match_id}/events"))[0]["payload"]["players"][1]["deck"]
    found = sorted(listed)[1:] + ["base1-2"]          # one card swapped for a Blastoise
    head = ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"]
    preview = ok(judge.post(f"/v1/matches/{match_id}/deck-checks",
                            {"seat": 1, "cards": found, "dry_run": True}), 200)
    assert ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"] == head
    checked = ok(judge.post(f"/v1/matches/{match_id}/deck-checks", {"seat": 1, "cards": found}), 201)
    assert [e["type"] for e in checked["events"]] == ["DeckChecked", "DisputeOpened"]
    assert checked["state_hash"] == preview["state_hash"]
    payload = checked["events"][0]["payload"]
    assert payload["matches"] is False and payload["extra"] == {"base1-2": 1}
    assert sum(payload["missing"].values()) == 1
    queued = ok(judge.get("/v1/disputes"))["disputes"]
    assert len(queued) == 1 and "Deck/Decklist Problem" in queued[0]["claim"]
    assert queued[0]["about_seq"] == checked["events"][0]["seq"]

    ruled = ok(judge.post(f"/v1/matches/{match_id}/disputes/{queued[0]['dispute_id']}/ruling",
                          {"decision": "upheld", "penalty": {"seat": 1, "infraction": "Deck/Decklist Problem",
                                                             "level": "Game Loss"}}), 201)
    assert ruled["events"][0]["payload"]["penalty"] == {"seat": 1, "infraction": "deck_problem",
                                                       "level": "game_loss"}
    assert ok(judge.get(f"/v1/matches/{match_id}"))["winner"] == 0

    # the opponent reads that the deck did not match, never which cards differ
    ana = judge.with_token(created["tokens"]["0"])
    seen = [e for e in ok(ana.get(f"/v1/matches/{match_id}/events")) if e["type"] == "DeckChecked"]
    assert seen[0]["payload"] == {"seat": 1, "matches": False}
    beto = judge.with_token(created["tokens"]["1"])
    own = [e for e in ok(beto.get(f"/v1/matches/{match_id}/events")) if e["type"] == "DeckChecked"]
    assert own[0]["payload"]["extra"] == {"base1-2": 1}      # its own deck: it knows it
    assert '"base1-2"' not in ana.get(f"/v1/matches/{match_id}/timeline").get_data(True)


def test_a_deck_check_needs_a_list_and_a_finding(judge):
    sandbox = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    assert_problem(judge.post(f"/v1/matches/{sandbox}/deck-checks", {"seat": 0, "matches_list": True}), 409)
    match_id = create_match(judge)["match_id"]
    for bad in ({"seat": 0}, {"seat": 0, "matches_list": True, "cards": ["base1-2"]},
                {"seat": 2, "matches_list": True}, {"seat": 0, "cards": []},
                {"seat": 0, "matches_list": False}):
        assert_problem(judge.post(f"/v1/matches/{match_id}/deck-checks", bad), 422)
