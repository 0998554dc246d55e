"""The event's fold (projections.tournament.event): settings, players corrected by a later
registration, pairings replaced until their match is made, byes, TOM's results, and what a
pairing or a round's start would break."""

from __future__ import annotations

from projections.tournament.event import fold_event, pairing_problems, start_problems


def _log(*typed: tuple[str, dict]) -> list[dict]:
    return [{"seq": n, "type": kind, "payload": payload, "recorded_at": f"t{n}", "actor": {"subject": "J"}}
            for n, (kind, payload) in enumerate(typed, 1)]


SETTINGS = {"name": "Cup", "date": "2025-09-20", "game": "tcg", "ruleset": "modern", "format": "standard",
            "best_of": 3, "rounds": 2, "round_minutes": 50, "divisions": ["masters"], "mode": "table"}
RULES = {"game": "tcg", "ruleset": "modern", "format": "standard"}


def _event(*more: tuple[str, dict]):
    return fold_event("cup", _log(
        ("EventCreated", SETTINGS),
        ("PlayerRegistered", {"player_id": "1", "name": "Ana", "birth_year": 1990, "division": "masters"}),
        ("PlayerRegistered", {"player_id": "2", "name": "Beto", "birth_year": 1991, "division": "masters"}),
        ("PlayerRegistered", {"player_id": "3", "name": "Cris", "birth_year": 1992, "division": "masters"}),
        *more))


def test_the_fold_reads_settings_players_pairings_and_matches():
    view = _event(("PlayerRegistered", {"player_id": "2", "name": "Beto Souza", "birth_year": 1991,
                                        "division": "masters"}),
                  ("TablePaired", {"round": 1, "table": 4, "players": ["1", "2"]}),
                  ("TablePaired", {"round": 1, "table": 4, "players": ["2", "1"]}),
                  ("TablePaired", {"round": 1, "table": 5, "players": ["3"], "bye": True}),
                  ("DeckListRegistered", {"player_id": "1", **RULES}),
                  ("RoundStarted", {"round": 1, "minutes": 50, "matches": {"4": "m1"}}))
    assert view.exists and view.best_of == 3 and view.created_by == {"subject": "J"}
    assert view.players["2"]["name"] == "Beto Souza" and view.current_round == 1
    tables = view.tables(1)
    assert [(t["table"], [p["player_id"] for p in t["players"]], t["bye"], t["match_id"]) for t in tables] == [
        (4, ["2", "1"], False, "m1"), (5, ["3"], True, None)]
    assert view.player("1")["decklist"] == "9-0" and view.player("2")["decklist"] is None
    assert view.as_dict()["started_rounds"] == [1] and view.last_seq == 10


def test_a_pairing_is_refused_for_what_it_would_break():
    view = _event(("TablePaired", {"round": 1, "table": 4, "players": ["1", "2"]}),
                  ("RoundStarted", {"round": 1, "minutes": 50, "matches": {"4": "m1"}}))
    assert pairing_problems(view, 1, 6, ["1", "3"], False)["players"][0].msgid.startswith("Already paired")
    assert "table" in pairing_problems(view, 1, 4, ["1", "2"], False)           # its match is made
    assert "round" in pairing_problems(view, 3, 1, ["1", "2"], False)
    assert "players" in pairing_problems(view, 2, 1, ["1", "9"], False)
    assert "players" in pairing_problems(view, 2, 1, ["1", "1"], False)
    assert "players" in pairing_problems(view, 2, 1, ["1", "2"], True)          # a bye names one
    assert pairing_problems(view, 2, 1, ["1", "3"], False) == {}


def test_a_round_starts_when_every_player_to_seat_has_a_list_for_the_event():
    view = _event(("TablePaired", {"round": 1, "table": 1, "players": ["1", "2"]}),
                  ("TablePaired", {"round": 1, "table": 2, "players": ["3"], "bye": True}),
                  ("TablePaired", {"round": 2, "table": 1, "players": ["1", "3"], "result": 1}))
    assert "round" in start_problems(view, 3)
    assert "players" in start_problems(view, 1)
    with_lists = _event(("TablePaired", {"round": 1, "table": 1, "players": ["1", "2"]}),
                        ("DeckListRegistered", {"player_id": "1", **RULES}),
                        ("DeckListRegistered", {"player_id": "2", **RULES, "ruleset": "base-1999"}))
    assert "2" in str(start_problems(with_lists, 1)["players"][0])              # another ruleset's list
    assert start_problems(view, 2) == {}                                        # TOM's result: no match needed
