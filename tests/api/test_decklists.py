"""Deck lists registered per player per event (R-DECK-1..5 with every violation listed), in
both pasted formats, and a match of the event that takes the registered lists."""

from __future__ import annotations

import pytest

from tests.api.helpers import assert_problem, ok

pytestmark = pytest.mark.integration

EVENT = "/v1/events/2026-regional-sp/decklists"


def _ptcgo(judge, name: str) -> str:
    """A shipped deck written out in the PTCGO export format."""
    tcg_live = ok(judge.get("/v1/decks"))["decks"]
    text = next(d["decklist"] for d in tcg_live if d["name"] == name)
    lines = ["****** Pokémon Trading Card Game Deck List ******", ""]
    lines += [f"* {line}" if line[:1].isdigit() else line for line in text.splitlines()]
    return "\n".join(lines)


def test_R_DECK_1_lists_register_in_both_formats_and_round_trip(judge):
    decks = {d["name"]: d for d in ok(judge.get("/v1/decks"))["decks"]}
    live = decks["fire-fighting"]["decklist"]
    first = ok(judge.post(EVENT, {"player_id": "111", "name": "Ana", "division": "Masters",
                                  "decklist": live}), 201)
    assert sorted(first["cards"]) == sorted(decks["fire-fighting"]["cards"])
    assert first["registered_by"]["subject"] == "Judge Judy" and first["division"] == "masters"
    second = ok(judge.post(EVENT, {"player_id": "222", "name": "Ana",
                                   "decklist": _ptcgo(judge, "grass-psychic")}), 201)
    assert sorted(second["cards"]) == sorted(decks["grass-psychic"]["cards"])
    by_ids = ok(judge.post(EVENT, {"player_id": "333", "name": "Cris",
                                   "deck": decks["water-lightning"]["cards"]}), 201)
    assert len(by_ids["cards"]) == 60
    listed = ok(judge.get(EVENT))
    assert [d["player_id"] for d in listed["decklists"]] == ["111", "222", "333"]
    assert ok(judge.get(f"{EVENT}/222"))["cards"] == second["cards"]
    assert_problem(judge.get(f"{EVENT}/999"), 404)

    # a new registration replaces the old for new matches; the first stays in the event's log
    again = ok(judge.post(EVENT, {"player_id": "111", "name": "Ana",
                                  "deck_name": "water-lightning"}), 201)
    assert ok(judge.get(f"{EVENT}/111"))["registration"] == again["registration"]


def test_R_DECK_2_a_list_that_breaks_the_deck_rules_lists_every_violation(judge):
    decks = {d["name"]: d for d in ok(judge.get("/v1/decks"))["decks"]}
    cards = list(decks["fire-fighting"]["cards"])
    bad = cards[:55] + ["base1-4"] * 5            # 5 Charizard, and 60 cards still
    refused = assert_problem(judge.post(EVENT, {"player_id": "111", "name": "Ana", "deck": bad}), 422)
    assert {v["rule"] for v in refused["violations"]} >= {"R-DECK-2"}
    short = assert_problem(judge.post(EVENT, {"player_id": "111", "name": "Ana",
                                              "deck": cards[:50] + ["base1-4"] * 5}), 422)
    assert {v["rule"] for v in short["violations"]} >= {"R-DECK-1", "R-DECK-2"}
    unreadable = assert_problem(judge.post(EVENT, {"player_id": "111", "name": "Ana",
                                                   "decklist": "4 Nonsense XYZ 1\nPokémon: 4"}), 422)
    assert len(unreadable["errors"]["json"]["players"]["0"]["decklist"]) == 2   # every problem
    for body in ({"name": "Ana", "deck": cards}, {"player_id": "abc", "name": "Ana", "deck": cards},
                 {"player_id": "1", "name": "Ana"}):
        assert_problem(judge.post(EVENT, body), 422)
    assert_problem(judge.post("/v1/events/bad%20id/decklists",
                              {"player_id": "1", "name": "Ana", "deck": cards}), 422)
    assert ok(judge.get(EVENT))["total"] == 0          # nothing refused was registered


def test_a_match_of_the_event_takes_the_registered_lists_unless_the_judge_gives_one(judge):
    decks = {d["name"]: d for d in ok(judge.get("/v1/decks"))["decks"]}
    ok(judge.post(EVENT, {"player_id": "111", "name": "Ana", "deck_name": "fire-fighting"}), 201)
    ok(judge.post(EVENT, {"player_id": "222", "name": "Beto", "deck_name": "grass-psychic"}), 201)
    created = ok(judge.post("/v1/matches", {"event_id": "2026-regional-sp", "table": 4, "players": [
        {"name": "Ana", "player_id": "111"}, {"name": "Beto", "player_id": "222"}]}), 201)
    events = ok(judge.get(f"/v1/matches/{created['match_id']}/events"))
    players = events[0]["payload"]["players"]
    assert sorted(players[0]["deck"]) == sorted(decks["fire-fighting"]["cards"])
    assert players[1]["registration"]["event_id"] == "2026-regional-sp"
    # the judge says otherwise for one seat
    other = ok(judge.post("/v1/matches", {"event_id": "2026-regional-sp", "players": [
        {"name": "Ana", "player_id": "111", "deck_name": "water-lightning"},
        {"name": "Beto", "player_id": "222"}]}), 201)
    stored = ok(judge.get(f"/v1/matches/{other['match_id']}/events"))[0]["payload"]["players"]
    assert sorted(stored[0]["deck"]) == sorted(decks["water-lightning"]["cards"])
    assert "registration" not in stored[0]
    # a player the event has no list for must bring a deck
    refused = assert_problem(judge.post("/v1/matches", {"event_id": "2026-regional-sp", "players": [
        {"name": "Ana", "player_id": "111"}, {"name": "Dan", "player_id": "444"}]}), 422)
    assert "1" in refused["errors"]["json"]["players"]


def test_only_judges_and_admins_register_and_read_lists(judge, admin):
    created = ok(judge.post("/v1/matches", {"players": [{"name": "Ana", "deck_name": "fire-fighting"},
                                                        {"name": "Beto", "deck_name": "grass-psychic"}]}), 201)
    player = judge.with_token(created["tokens"]["0"])
    body = {"player_id": "111", "name": "Ana", "deck_name": "fire-fighting"}
    assert_problem(player.post(EVENT, body), 403)
    assert_problem(player.get(EVENT), 403)
    ok(admin.post(EVENT, body), 201)
    assert ok(admin.get(EVENT))["total"] == 1


# R-DECK-5: an event names its date (issue 43 item 2) -----------------------------------------

SV_DECK = "sv-chien-pao-baxcalibur"      # Standard in 2025; its Iono (G) rotates out on 2026-04-10


def _event(name: str) -> str:
    return f"/v1/events/{name}/decklists"


def _standard(name: str, player_id: str, **more) -> dict:
    return {"player_id": player_id, "name": "Ana", "ruleset": "modern", "format": "standard",
            "deck_name": SV_DECK, **more}


def test_R_DECK_5_an_event_dated_2025_checks_its_lists_against_the_2025_format(judge):
    first = ok(judge.post(_event("cup-2025"), _standard("cup-2025", "111", date="2025-09-20")), 201)
    assert first["date"] == "2025-09-20"
    again = ok(judge.post(_event("cup-2025"), _standard("cup-2025", "222")), 201)   # the event's date
    assert again["date"] == "2025-09-20" and ok(judge.get(_event("cup-2025") + "/222"))["date"] == "2025-09-20"
    other = assert_problem(judge.post(_event("cup-2025"), _standard("cup-2025", "333", date="2026-05-01")), 422)
    assert "dated 2025-09-20" in str(other["errors"])
    # the same list for an event after the 2026 rotation: Iono (G) is refused
    refused = assert_problem(judge.post(_event("cup-2026"), _standard("cup-2026", "111", date="2026-05-01")), 422)
    assert [v for v in refused["violations"] if v["rule"] == "R-DECK-5" and "Iono (sv2-185)" in v["message"]]
    assert assert_problem(judge.post(_event("cup-x"), _standard("cup-x", "111", date="2026-13-01")), 422)
    # without a date the event takes the service's day (pinned: 2025-06-01) and records it
    today = ok(judge.post(_event("cup-today"), _standard("cup-today", "111")), 201)
    assert today["date"] == "2025-06-01"


def test_R_DECK_5_a_match_of_an_event_is_checked_on_the_event_date_else_today(judge):
    players = [{"name": "Ana", "deck_name": SV_DECK}, {"name": "Beto", "deck_name": SV_DECK}]
    body = {"ruleset": "modern", "format": {"sets": "standard"}, "players": players}
    made = ok(judge.post("/v1/matches", body), 201)                       # no event: today, 2025-06-01
    created = ok(judge.get(f"/v1/matches/{made['match_id']}/events"))[0]["payload"]
    assert created["format_date"] == "2025-06-01"
    # an event dated after the 2026 rotation (its first list registered under "era")
    ok(judge.post(_event("league-2026"), {**_standard("league-2026", "111", date="2026-05-01"),
                                          "format": "era"}), 201)
    refused = assert_problem(judge.post("/v1/matches", {**body, "event_id": "league-2026"}), 422)
    assert {v["rule"] for v in refused["violations"]} == {"R-DECK-5"}
    assert all("in force from 2026-04-10" in v["message"] for v in refused["violations"])


def test_R_DECK_5_the_2026_decks_register_for_an_event_after_the_rotation_and_play(judge):
    """The shipped `std26-…` decks (issue 43 item 6): served with their source comment, legal
    for an event dated after 2026-04-10, and a match of that event is made with them."""
    served = {d["name"]: d for d in ok(judge.get("/v1/decks"))["decks"]}
    std26 = sorted(n for n in served if n.startswith("std26-"))
    assert len(std26) >= 6 and all(served[n]["ruleset"] == "modern" for n in std26)
    assert all(served[n]["decklist"].startswith("# ") and len(served[n]["cards"]) == 60 for n in std26)
    for player_id, name in enumerate(std26[:2], 1):
        ok(judge.post(_event("regional-2026"), {**_standard("regional-2026", str(player_id), date="2026-05-01"),
                                                "deck_name": name}), 201)
    # a pasted list with its comment lines reads as the same 60 cards
    pasted = ok(judge.post(_event("regional-2026"), {"player_id": "3", "name": "Cris", "ruleset": "modern",
                                                     "format": "standard",
                                                     "decklist": served[std26[2]]["decklist"]}), 201)
    assert sorted(pasted["cards"]) == sorted(served[std26[2]]["cards"])
    players = [{"name": "P1", "player_id": "1"}, {"name": "P2", "player_id": "2"}]
    made = ok(judge.post("/v1/matches", {"event_id": "regional-2026", "ruleset": "modern",
                                         "format": {"sets": "standard"}, "players": players}), 201)
    created = ok(judge.get(f"/v1/matches/{made['match_id']}/events"))[0]["payload"]
    assert created["format_date"] == "2026-05-01"
    assert [sorted(p["deck"]) for p in created["players"]] == [sorted(served[n]["cards"]) for n in std26[:2]]
