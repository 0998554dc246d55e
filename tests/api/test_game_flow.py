"""Whole games through the API: creation to a win, Sudden Death, time travel, reference
data, match creation's answers to bad decks and positions."""

from __future__ import annotations

from collections import Counter

import pytest

from projections.replay import fold
from projections.tcg.decks import shipped_decklist
from tests.api.helpers import (
    ApiClient,
    assert_problem,
    create_match,
    ok,
    play_to_the_end,
)
from tests.api.positions import bubble, sandbox_players, selfdestruct_for_sudden_death

pytestmark = pytest.mark.integration


def test_a_full_game_from_creation_to_a_win(judge, store):
    created = create_match(judge)
    match_id = created["match_id"]
    assert created["seq"] == 1
    assert set(created["tokens"]) == {"0", "1", "scorekeeper"}
    assert created["state"]["phase"] == "setup"
    assert isinstance(created["state"]["seats"][0]["deck"], list)  # the judge's view
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])

    summary = play_to_the_end(scorekeeper, match_id)

    assert summary["status"] == "finished"
    assert summary["winner"] in (0, 1)
    assert summary["how"].startswith("R-WIN")
    assert summary["players"] == [{"seat": 0, "name": "Ana", "player_id": None, "division": None},
                                  {"seat": 1, "name": "Beto", "player_id": None, "division": None}]
    assert summary["how_text"].endswith(f"[{summary['how'].split('+')[0]}]")
    assert summary["last_seq"] == store.last_seq(match_id) > 10
    assert store.get_match_meta(match_id)["status"] == "finished"
    listing = ok(judge.get("/v1/matches?status=finished"))
    assert [m["match_id"] for m in listing["matches"]] == [match_id]

    events = ok(judge.get(f"/v1/matches/{match_id}/events"))
    assert [e["seq"] for e in events] == list(range(1, summary["last_seq"] + 1))
    assert all(e["state_hash"] for e in events)
    assert events[0]["type"] == "MatchCreated"
    assert events[0]["payload"]["players"][0]["deck_name"] == "fire-fighting"
    assert events[1]["actor"] == {"subject": "scorekeeper of " + match_id,
                                  "role": "scorekeeper"}
    timeline = ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    lines = [line for entry in timeline for line in entry["narration"]]
    assert any("wins the game" in line for line in lines)
    assert not any(entry["voided"] for entry in timeline)

    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert {k: audit[k] for k in ("chain_ok", "replay_ok", "first_bad_seq", "events", "last_seq",
                                  "state_hashes_checked", "replay_error")} == {
        "chain_ok": True, "replay_ok": True, "first_bad_seq": None, "events": summary["last_seq"],
        "last_seq": summary["last_seq"], "state_hashes_checked": summary["last_seq"], "replay_error": None}
    after_the_end = judge.post(f"/v1/matches/{match_id}/actions",
                               {"seat": 0, "action": {"type": "end_turn"}})
    assert assert_problem(after_the_end, 409)["violations"]


def test_time_travel_to_every_seq_equals_replaying_to_it(judge, store):
    from projections.games import get_game

    match_id = create_match(judge)["match_id"]
    play_to_the_end(judge, match_id, until_status=("finished",))
    game = get_game("tcg")
    events = store.read(match_id)
    for event in events:
        seq = event["seq"]
        expected = game.view(fold(events, upto=seq).state, "judge", None)
        at = ok(judge.get(f"/v1/matches/{match_id}/state?at={seq}"))
        assert at == expected, seq
        assert at["state_hash"] == event["state_hash"]
        assert at["seq"] == seq
    now = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert now["seq"] == events[-1]["seq"]
    assert_problem(judge.get(f"/v1/matches/{match_id}/state?at={len(events) + 1}"), 422)
    assert_problem(judge.get(f"/v1/matches/{match_id}/state?at=0"), 422)
    assert_problem(judge.get(f"/v1/matches/{match_id}/state?at=soon"), 422)


def test_a_game_through_sudden_death(judge, store):
    created = create_match(judge, players=sandbox_players(),
                           position=selfdestruct_for_sudden_death())
    match_id = created["match_id"]
    assert ok(judge.get(f"/v1/matches/{match_id}"))["status"] == "playing"
    actions = ok(judge.get(f"/v1/matches/{match_id}/legal-actions?seat=0"))["actions"]
    selfdestruct = next(a for a in actions if a.get("attack") == "Selfdestruct")

    result = ok(judge.post(f"/v1/matches/{match_id}/actions",
                           {"seat": 0, "action": selfdestruct, "expected_seq": 1}), 201)

    assert result["seq"] == 2
    assert any("Sudden Death" in line for line in result["narration"])
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["status"] == "sudden_death"
    assert summary["game_number"] == 2
    assert summary["winner"] is None
    assert store.get_match_meta(match_id)["status"] == "sudden_death"
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert state["phase"] == "setup" and state["game_number"] == 2

    final = play_to_the_end(judge, match_id)
    assert final["status"] == "finished" and final["game_number"] == 2
    assert final["result"]["game_number"] == 2
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]


def test_decks_by_ids_by_pasted_list_and_by_name(judge):
    from projections.tcg.decks import shipped_deck

    created = create_match(judge, players=[
        {"name": "Ana", "deck": shipped_deck("water-lightning")},
        {"name": "Beto", "decklist": shipped_decklist("colorless")}])
    event = ok(judge.get(f"/v1/matches/{created['match_id']}/events?from=1&to=1"))[0]
    players = event["payload"]["players"]
    assert players[0]["deck"] == shipped_deck("water-lightning")
    assert players[1]["deck"] == shipped_deck("colorless")
    assert event["payload"]["rng"]["shuffles"]  # the service shuffled, and it is recorded


def test_every_deck_rule_broken_is_listed(judge):
    body = assert_problem(judge.post("/v1/matches", {"players": [
        {"name": "Ana", "deck": ["base1-4"] * 5 + ["base1-98"] * 10},
        {"name": "Beto", "deck": ["nope-1"] * 60}]}), 422)
    rules = [(v["seat"], v["rule"]) for v in body["violations"]]
    assert (0, "R-DECK-1") in rules  # 15 cards, not 60
    assert any(seat == 0 and rule != "R-DECK-1" for seat, rule in rules)  # 5 Charizard
    assert (1, "R-DECK-6") in rules and (1, "R-DECK-1") not in rules  # 60 unknown card ids
    assert all(v["message"] for v in body["violations"])


def test_bad_positions_and_players_are_422_naming_the_fields(judge):
    position = selfdestruct_for_sudden_death()
    position["seats"][0]["bench"] = [{"card": "base1-58"}] * 7
    position["seats"][1]["active"]["damage"] = -10
    body = assert_problem(judge.post("/v1/matches", {"players": sandbox_players(),
                                                     "position": position}), 422)
    fields = body["errors"]["json"]["position"]
    assert any("bench" in name for name in fields)
    assert any("damage" in name for name in fields)

    with_deck = assert_problem(judge.post("/v1/matches", {
        "players": [{"name": "Ana", "deck_name": "colorless"}, {"name": "Beto"}],
        "position": selfdestruct_for_sudden_death()}), 422)
    assert "0" in with_deck["errors"]["json"]["players"]
    unreadable = assert_problem(judge.post("/v1/matches", {"players": [
        {"name": "Ana", "decklist": "4 Nothing XY 999\nblah"},
        {"name": "Beto", "deck_name": "no-such-deck"}]}), 422)
    assert set(unreadable["errors"]["json"]["players"]) == {"0", "1"}
    assert_problem(judge.post("/v1/matches", {"ruleset": "1850", "players": [
        {"name": "A", "deck_name": "colorless"}, {"name": "B", "deck_name": "colorless"}]}), 422)
    assert_problem(judge.post("/v1/matches", {"game": "chess", "players": [
        {"name": "A", "deck_name": "colorless"}, {"name": "B", "deck_name": "colorless"}]}), 422)
    assert_problem(judge.post("/v1/matches", {"players": [
        {"name": "A", "deck_name": "colorless", "decklist": "x"}, {"name": "B"}]}), 422)


def test_reference_data(judge: ApiClient):
    rulesets = ok(judge.get("/v1/rulesets"))["rulesets"]
    assert {r["name"] for r in rulesets} == {"base-1999", "ex-2005", "modern"}
    assert all(r["seeds"] for r in rulesets)
    charizard = ok(judge.get("/v1/cards/base1-4"))
    assert charizard["name"] == "Charizard" and charizard["description"]
    assert charizard["attacks"]
    assert_problem(judge.get("/v1/cards/base1-999"), 404)
    listed = Counter(c["id"].split("-")[0] for c in ok(judge.get("/v1/cards"))["cards"])
    assert listed["base1"] == 102 and listed["ex1"] == 109
    scarlet_violet = sum(n for s, n in listed.items() if s.startswith("sv"))
    assert scarlet_violet == 3206   # every Scarlet & Violet card, Surging Sparks to Destined Rivals included
    assert listed["zsv10pt5"] == 172 and listed["rsv10pt5"] == 173   # Black Bolt, White Flare
    mega = {s: listed[s] for s in ("me1", "me2", "me2pt5", "mep")}
    assert mega == {"me1": 188, "me2": 130, "me2pt5": 295, "mep": 28}   # to Ascended Heroes
    ultra = ok(judge.get("/v1/cards/sv1-196"))
    assert ultra["encoded"] == ["trainer"] and ultra["declared"] == [] and ultra["regulation_mark"] == "G"
    decks = ok(judge.get("/v1/decks"))["decks"]
    assert {d["name"] for d in decks} >= {"fire-fighting", "grass-psychic"}
    assert all(len(d["cards"]) == 60 and d["decklist"] for d in decks)
    assert_problem(judge.get("/v1/rulesets?game=chess"), 422)


def test_legal_actions_carry_a_label_and_card_names_and_go_back_as_they_are(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    listed = ok(judge.get(f"/v1/matches/{match_id}/legal-actions?seat=0"))["actions"]
    attach = next(a for a in listed if a["type"] == "attach_energy")
    assert attach["label"].startswith("Attach ") and " to " in attach["label"]
    assert set(attach["names"]) == {attach["card"], attach["target"]}
    assert all(a["label"] for a in listed)
    assert next(a for a in listed if a["type"] == "end_turn")["label"] == "End the turn"
    ok(judge.post(f"/v1/matches/{match_id}/actions", {"seat": 0, "action": attach}), 201)
    player = judge.with_token(created["tokens"]["1"])
    theirs = ok(player.get(f"/v1/matches/{match_id}/legal-actions"))["actions"]
    assert all("hidden" not in a["names"] for a in theirs)


def test_a_hand_card_may_be_named_by_card_id_or_exact_name(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    energy = next(c for c in state["seats"][0]["hand"] if c["name"].endswith("Energy"))
    active = state["seats"][0]["active"]["instance"]
    by_name = ok(judge.post(f"/v1/matches/{match_id}/legality",
                            {"seat": 0, "action": {"type": "attach_energy", "card": energy["name"],
                                                   "target": active}}))
    assert by_name["legal"] is True
    done = ok(judge.post(f"/v1/matches/{match_id}/actions",
                         {"seat": 0, "action": {"type": "attach_energy", "card": energy["card"],
                                                "target": active}}), 201)
    assert done["event"]["payload"]["action"]["card"] == energy["instance"]   # the log keeps the instance
    unknown = ok(judge.post(f"/v1/matches/{match_id}/legality",
                            {"seat": 0, "action": {"type": "bench", "card": "Mewtwo"}}))
    assert unknown["legal"] is False
