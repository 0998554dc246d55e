"""A tournament event set up through the API (issue 44 item 1): created with its date's format,
players with their divisions and deck lists, tables paired by hand, a round started (every
table's match made and clock started at once), the round's tables at a glance; hostile input
refused with nothing stored; the event's log verified as its deck lists are."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from events.decklist_integrity import verify_decklists
from events.decklists import DeckListRegistry
from tests.api.helpers import assert_problem, create_match, ok

pytestmark = pytest.mark.integration

SV_DECK = "sv-chien-pao-baxcalibur"      # Standard in 2025-26 (before the 2026-04-10 rotation)
EVENT = {"event_id": "regional-sp", "name": "Regional São Paulo", "date": "2025-09-20", "rounds": 3,
         "best_of": 3, "round_minutes": 50}


def _decklist(judge, name: str = SV_DECK) -> str:
    return next(d["decklist"] for d in ok(judge.get("/v1/decks"))["decks"] if d["name"] == name)


def _event(judge, **more) -> dict:
    return ok(judge.post("/v1/events", {**EVENT, **more}), 201)


def _log_length(api_app, event_id: str) -> int:
    from app.extensions import get_store

    with api_app.app_context():
        return len(DeckListRegistry(get_store()).events(event_id))


def test_an_event_is_created_read_and_listed_with_the_format_its_date_puts_in_force(judge, admin):
    made = _event(judge)
    assert made["event_id"] == "regional-sp" and made["format"] == "standard" and made["ruleset"] == "modern"
    assert made["format_in_force"]["name"] == "2025" and "G" in made["format_in_force"]["marks"]
    assert made["best_of"] == 3 and made["divisions"] == ["junior", "senior", "masters"]
    assert made["created_by"]["subject"] == "Judge Judy"
    later = ok(admin.post("/v1/events", {"name": "League Challenge", "date": "2026-05-02",
                                         "divisions": ["Masters"]}), 201)
    assert later["event_id"].startswith("ev-") and later["format_in_force"]["name"] == "2026"
    assert later["divisions"] == ["masters"] and later["round_minutes"] == 50
    assert ok(judge.get("/v1/events/regional-sp"))["name"] == "Regional São Paulo"
    listed = ok(judge.get("/v1/events"))
    assert listed["total"] == 2 and [e["event_id"] for e in listed["events"]] == [later["event_id"], "regional-sp"]
    assert_problem(judge.post("/v1/events", EVENT), 409)                   # the id is in use
    assert_problem(judge.get("/v1/events/nowhere"), 404)


def test_hostile_event_bodies_are_refused_naming_the_field_and_nothing_is_stored(judge, api_app):
    for bad, field in (({"name": ""}, "name"), ({"date": "2025-13-01"}, "date"), ({"rounds": 0}, "rounds"),
                       ({"best_of": 2}, "best_of"), ({"rounds": True}, "rounds"),
                       ({"divisions": ["elders"]}, "divisions"), ({"divisions": []}, "divisions"),
                       ({"event_id": "bad id"}, "event_id"), ({"ruleset": "nope"}, "ruleset"),
                       ({"date": "2019-01-01"}, "date"), ({"format": "modern"}, "format"),
                       ({"surprise": 1}, "surprise")):
        refused = assert_problem(judge.post("/v1/events", {**EVENT, **bad}), 422)
        assert field in str(refused["errors"]), (bad, refused)
    assert ok(judge.get("/v1/events"))["total"] == 0 and _log_length(api_app, "regional-sp") == 0


def test_players_register_with_their_division_and_pasted_lists(judge, api_app):
    _event(judge)
    text = _decklist(judge)
    event = ok(judge.post("/v1/events/regional-sp/players", {
        "name": "Ana", "player_id": "111", "birth_year": 2012, "decklist": text}), 201)
    ana = event["players"][0]
    assert ana["division"] == "senior" and ana["decklist"] is not None
    listed = ok(judge.get("/v1/events/regional-sp/decklists/111"))
    assert listed["ruleset"] == "modern" and listed["format"] == "standard" and listed["date"] == "2025-09-20"
    beto = ok(judge.post("/v1/events/regional-sp/players", {
        "name": "Beto", "player_id": "222", "birth_year": 1990}), 201)["players"][1]
    assert beto["division"] == "masters" and beto["decklist"] is None
    # a correction: the same ID again
    again = ok(judge.post("/v1/events/regional-sp/players", {
        "name": "Beto Souza", "player_id": "222", "division": "Masters", "deck_name": SV_DECK}), 201)
    assert [p["name"] for p in again["players"]] == ["Ana", "Beto Souza"] and again["players"][1]["decklist"]
    # the event's log verifies, setup and lists alike
    from app.extensions import get_store

    with api_app.app_context():
        report = verify_decklists(get_store(), None, "regional-sp")
    assert report["chain_ok"] and report["events"] == 6


def test_a_bad_list_or_player_is_refused_by_field_and_line_with_nothing_stored(judge, api_app):
    _event(judge, divisions=["masters"])
    before = _log_length(api_app, "regional-sp")
    lines = _decklist(judge).splitlines()
    lines[2] = "4 Nonsense Card XYZ 999"
    refused = assert_problem(judge.post("/v1/events/regional-sp/players", {
        "name": "Ana", "player_id": "111", "birth_year": 1990, "decklist": "\n".join(lines)}), 422)
    problems = refused["errors"]["json"]["decklist"]
    assert any(p.startswith("line 3:") for p in problems), problems
    broken = assert_problem(judge.post("/v1/events/regional-sp/players", {
        "name": "Ana", "player_id": "111", "birth_year": 1990, "deck_name": "fire-fighting"}), 422)
    assert {v["rule"] for v in broken["violations"]} >= {"R-DECK-5"}
    for bad, field in (({"birth_year": 2014}, "birth_year"), ({"birth_year": 2030}, "birth_year"),
                       ({"player_id": "abc"}, "player_id"), ({"birth_year": None}, "birth_year"),
                       ({"division": "Junior"}, "division"), ({"name": "x" * 101}, "name")):
        body = {"name": "Ana", "player_id": "111", "birth_year": 1990, **bad}
        refused = assert_problem(judge.post("/v1/events/regional-sp/players", body), 422)
        assert field in str(refused["errors"]), (bad, refused)
    assert_problem(judge.post("/v1/events/elsewhere/players", {"name": "Ana", "player_id": "1",
                                                                "birth_year": 1990}), 404)
    assert _log_length(api_app, "regional-sp") == before
    assert ok(judge.get("/v1/events/regional-sp"))["players"] == []


def _two_players(judge) -> None:
    for name, player_id in (("Ana", "111"), ("Beto", "222")):
        ok(judge.post("/v1/events/regional-sp/players", {"name": name, "player_id": player_id,
                                                         "birth_year": 1990, "deck_name": SV_DECK}), 201)


def test_tables_are_paired_by_hand_and_hostile_pairings_are_refused(judge, api_app):
    _event(judge)
    _two_players(judge)
    ok(judge.post("/v1/events/regional-sp/players", {"name": "Cris", "player_id": "333", "birth_year": 1990}), 201)
    tables = ok(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 4, "players": ["111", "222"]}), 201)
    assert [(t["table"], [p["name"] for p in t["players"]]) for t in tables] == [(4, ["Ana", "Beto"])]
    bye = ok(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 5, "players": ["333"], "bye": True}),
             201)
    assert bye[1]["bye"] is True
    before = _log_length(api_app, "regional-sp")
    for bad, field in (({"players": ["111", "333"]}, "players"),      # Ana is at table 4 already
                       ({"players": ["111", "111"], "table": 7}, "players"),
                       ({"players": ["111", "999"], "table": 7}, "players"),
                       ({"players": ["111"], "table": 7}, "players"),     # one player without a bye
                       ({"round": 4}, "round"), ({"round": 0}, "round"), ({"table": 0}, "table"),
                       ({"players": ["1a", "2"]}, "players"), ({"table": "4"}, "table")):
        body = {"round": 1, "table": 6, "players": ["111", "222"], **bad}
        refused = assert_problem(judge.post("/v1/events/regional-sp/pairings", body), 422)
        assert field in str(refused["errors"]), (bad, refused)
    assert _log_length(api_app, "regional-sp") == before
    # a table paired again before its round starts is replaced
    swapped = ok(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 4, "players": ["222", "111"]}),
                 201)
    assert [p["player_id"] for p in swapped[0]["players"]] == ["222", "111"]


def test_starting_a_round_makes_every_tables_match_and_starts_every_clock(judge, api_app):
    _event(judge)
    _two_players(judge)
    ok(judge.post("/v1/events/regional-sp/players", {"name": "Cris", "player_id": "333", "birth_year": 2013}), 201)
    ok(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 4, "players": ["111", "222"]}), 201)
    ok(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 5, "players": ["333"], "bye": True}), 201)
    assert_problem(judge.post("/v1/events/regional-sp/rounds/2/start", {}), 422)          # nothing paired
    ok(judge.post("/v1/events/regional-sp/pairings", {"round": 2, "table": 1, "players": ["111", "333"]}), 201)
    no_list = assert_problem(judge.post("/v1/events/regional-sp/rounds/2/start", {}), 422)
    assert "333" in str(no_list["errors"]["json"]["players"])                            # Cris has no list
    started = ok(judge.post("/v1/events/regional-sp/rounds/1/start", {}))
    assert list(started["created"]) == ["4"] and started["minutes"] == 50
    match_id = started["created"]["4"]["match_id"]
    assert started["started"] == [match_id] and set(started["created"]["4"]["tokens"]) == {"0", "1", "scorekeeper"}
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["clock"]["status"] == "running" and summary["clock"]["length_minutes"] == 50
    created = ok(judge.get(f"/v1/matches/{match_id}/events"))[0]["payload"]
    assert created["randomness"] == "table" and created["table"] == 4 and created["ruleset"] == "modern"
    assert created["format"] == "standard" and created["format_date"] == "2025-09-20"
    assert [p["player_id"] for p in created["players"]] == ["111", "222"]
    assert created["players"][0]["registration"]["event_id"] == "regional-sp"
    assert summary.get("best_of") == 3
    # started again: no second match, the clock refused as running already
    again = ok(judge.post("/v1/events/regional-sp/rounds/1/start", {}))
    assert again["created"] == {} and list(again["refused"]) == [match_id]
    # a started table can't be paired again; the event says which match it is
    assert_problem(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 4, "players": ["111", "222"]}),
                   422)
    event = ok(judge.get("/v1/events/regional-sp"))
    assert event["started_rounds"] == [1] and event["pairings"][0]["match_id"] == match_id
    # the round at a glance, from the read models
    round_one = ok(judge.get("/v1/events/regional-sp/rounds/1"))
    first = round_one["tables"][0]
    assert first["table"] == 4 and first["match_id"] == match_id and first["games_won"] == [0, 0]
    assert first["clock"]["status"] == "running" and first["open_disputes"] == 0
    assert round_one["tables"][1]["bye"] is True and round_one["tables"][1]["match_id"] is None
    # a penalty and a dispute at the table show on the round's screen
    ok(judge.post(f"/v1/matches/{match_id}/penalties", {"seat": 1, "infraction": "tardiness", "level": "warning"}),
       201)
    ok(judge.post(f"/v1/matches/{match_id}/disputes", {"seat": 0, "about_seq": 1, "claim": "late"}), 201)
    first = ok(judge.get("/v1/events/regional-sp/rounds/1"))["tables"][0]
    assert [(p["player_id"], p["level"]) for p in first["penalties"]] == [("222", "warning")]
    assert first["open_disputes"] == 1


def test_players_and_scorekeepers_are_refused(judge, api_app, redis_client):
    from app.auth import TokenStore
    from tests.api.helpers import SECRET, ApiClient

    _event(judge)
    for role in ("player", "scorekeeper"):
        seat = 0 if role == "player" else None
        token, _ = TokenStore(redis_client, SECRET).issue(role, "Pat", match_id="m1", seat=seat)
        other = ApiClient(api_app.test_client(), token)
        assert_problem(other.get("/v1/events"), 403)
        assert_problem(other.get("/v1/events/regional-sp"), 403)
        assert_problem(other.post("/v1/events", {**EVENT, "event_id": "mine"}), 403)
        assert_problem(other.post("/v1/events/regional-sp/players", {"name": "Pat", "player_id": "9",
                                                                      "birth_year": 1990}), 403)
        assert_problem(other.post("/v1/events/regional-sp/rounds/1/start", {}), 403)
    assert ok(judge.get("/v1/events"))["total"] == 1 and ok(judge.get("/v1/events/regional-sp"))["players"] == []


# ---------------------------------------------------------------------- TOM's file

TOM_EXAMPLE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "tom"


def _tdf(name: str) -> bytes:
    return (TOM_EXAMPLE / name).read_bytes()


def test_a_tom_file_imports_the_event_with_its_players_and_pairings(judge):
    made = ok(judge.post("/v1/events/import?event_id=lc-2025-09&best_of=1", data=_tdf("league-challenge-1.80.tdf"),
                         content_type="application/xml"), 201)
    assert made["event_id"] == "lc-2025-09" and made["name"] == "Challenge Settembre TCG"
    assert made["date"] == "2025-09-24" and made["rounds"] == 4 and made["divisions"] == ["masters"]
    assert made["source"]["kind"] == "tom" and made["source"]["tournament_id"] == "25-09-019428"
    assert len(made["players"]) == 11 and {p["division"] for p in made["players"]} == {"masters"}
    first = [t for t in made["pairings"] if t["round"] == 1]
    assert [t["table"] for t in first if not t["bye"]] == [1, 2, 3, 4, 5]
    assert [len(t["players"]) for t in first if t["bye"]] == [1] and first[-1]["table"] == 6
    # the same upload as a form's file, under another id; a VGC file or garbage: refused, nothing stored
    form = ok(judge.post("/v1/events/import", data={"file": (io.BytesIO(_tdf("two-pods-running.tdf")), "nov.tdf")},
                         content_type="multipart/form-data"), 201)
    assert form["source"]["name"] == "nov.tdf" and form["divisions"] == ["junior", "senior", "masters"]
    video = _tdf("league-challenge-1.80.tdf").replace(b"TRADING_CARD_GAME", b"VIDEO_GAME")
    refused = assert_problem(judge.post("/v1/events/import?event_id=vgc", data=video, content_type="application/xml"),
                             422)
    assert "gametype" in refused["errors"]["json"]
    garbage = assert_problem(judge.post("/v1/events/import?event_id=junk", data=b"<tournament><oops",
                                        content_type="application/xml"), 422)
    assert "file" in garbage["errors"]["json"]
    assert_problem(judge.post("/v1/events/import", data=b"", content_type="application/xml"), 422)
    assert_problem(judge.post("/v1/events/import?event_id=lc-2025-09", data=_tdf("league-challenge-1.80.tdf"),
                              content_type="application/xml"), 409)
    assert ok(judge.get("/v1/events"))["total"] == 2


def test_the_results_go_back_into_the_tom_file(judge, redis_client):
    original = _tdf("two-pods-running.tdf")
    ok(judge.post("/v1/events/import?event_id=nov", data=original, content_type="application/xml"), 201)
    unchanged = judge.get("/v1/events/nov/tom")
    assert unchanged.status_code == 200 and unchanged.data == original      # nothing played yet: as imported
    for player_id in ("1000003", "1000004", "2000002", "2000004"):
        ok(judge.post("/v1/events/nov/players", {"name": f"P{player_id}", "player_id": player_id,
                                                 "division": "masters" if player_id.startswith("2") else "junior",
                                                 "deck_name": SV_DECK}), 201)
    started = ok(judge.post("/v1/events/nov/rounds/1/start", {}))
    assert sorted(started["created"]) == ["2", "5"]                          # TOM's results need no match
    table_two = started["created"]["2"]["match_id"]
    ok(judge.post(f"/v1/matches/{table_two}/actions", {"seat": 0, "action": {"type": "concede"}}), 201)
    written = judge.get("/v1/events/nov/tom")
    assert written.status_code == 200 and len(written.data) == len(original) and b"\r\n" in written.data
    from projections.tournament.tom import read_tdf

    outcomes = {(p.round, p.table): p.outcome for p in read_tdf(written.data).pairings}
    assert outcomes[(1, "2")] == 2 and outcomes[(1, "5")] == 0 and outcomes[(1, "1")] == 1
    assert_problem(judge.get("/v1/events/regional-sp/tom"), 404)
    # the kept file edited behind the store's back: refused, never written into
    from events.decklists import deck_list_keys

    sha = ok(judge.get("/v1/events/nov"))["source"]["sha256"]
    redis_client.hset(deck_list_keys("nov").source_files, sha, original.replace(b"Lecco", b"Milan"))
    assert "file" in assert_problem(judge.get("/v1/events/nov/tom"), 422)["errors"]["json"]


# ---------------------------------------------------------------------- the console's event pages

EVENT_PAGES = {"console_events.events": "/console/events", "console_events.event": "/console/events/regional-sp",
               "console_events.event_tables": "/console/events/regional-sp/tables?round=1"}
EVENT_FORMS = {"console_events.create_event": ("/console/events", {"name": "Sneaky Cup"}),
               "console_events.register_player": ("/console/events/regional-sp/players",
                                                  {"name": "Eve", "player_id": "666", "birth_year": "1990"}),
               "console_events.pair_table": ("/console/events/regional-sp/pairings",
                                             {"round": "1", "table": "9", "players": "111", "bye": "1"}),
               "console_events.start_round": ("/console/events/regional-sp/rounds/start", {"round": "1"}),
               "console_events.import_tom": ("/console/events/import", {"best_of": "1"})}


def test_the_event_pages_are_for_judges_and_admins_and_their_forms_need_the_pages_token(api_app, judge, admin):
    from tests.api.test_console import signed_in

    listed = {r.endpoint for r in api_app.url_map.iter_rules() if r.endpoint.startswith("console_events.")}
    assert listed == set(EVENT_PAGES) | set(EVENT_FORMS)
    _event(judge)
    _two_players(judge)
    made = create_match(judge)
    tokens = {"judge": judge.token, "admin": admin.token, "scorekeeper": made["tokens"]["scorekeeper"],
              "player": made["tokens"]["0"]}
    for who, token in tokens.items():
        browser, csrf = signed_in(api_app, token)
        for endpoint, path in EVENT_PAGES.items():
            got = browser.get(path).status_code
            assert got == (200 if who in ("judge", "admin") else 403), (endpoint, who, got)
        for endpoint, (path, form) in EVENT_FORMS.items():
            assert browser.post(path, data=form).status_code == 403, (endpoint, who)        # no token: refused
            assert browser.post(path, data={**form, "csrf": "0" * 64}).status_code == 403, (endpoint, who)
            if who not in ("judge", "admin"):
                assert browser.post(path, data={**form, "csrf": csrf}).status_code == 403, (endpoint, who)
        # the API never takes the form's field for its own CSRF header
        assert browser.post("/v1/events", data={"name": "x", "csrf": csrf}).status_code == 401
    nobody = api_app.test_client()
    assert nobody.get("/console/events").status_code == 303
    assert nobody.post("/console/events", data={"name": "x"}).status_code == 403
    event = ok(judge.get("/v1/events/regional-sp"))
    assert [p["player_id"] for p in event["players"]] == ["111", "222"] and event["pairings"] == []
    assert ok(judge.get("/v1/events"))["total"] == 1
    # with the page's token a judge's form is taken
    browser, csrf = signed_in(api_app, judge.token)
    answer = browser.post("/console/events/regional-sp/pairings",
                          data={"csrf": csrf, "round": "1", "table": "3", "players": ["111", "222"]})
    assert answer.status_code == 303 and "#table-3" in answer.headers["Location"]
    refused = browser.post("/console/events/regional-sp/pairings",
                           data={"csrf": csrf, "round": "1", "table": "4", "players": ["111", "999"]})
    assert refused.status_code == 422 and "Not registered at this event: 999." in refused.get_data(True)
    assert [t["table"] for t in ok(judge.get("/v1/events/regional-sp"))["pairings"]] == [3]


def test_an_edited_pairing_in_redis_freezes_the_event(judge, redis_client):
    """The setup is evidence: a pairing rewritten behind the store's back (one field, hash
    and links untouched) is found by the next read, and the event answers 423."""
    import json

    from events.decklists import deck_list_keys

    _event(judge)
    _two_players(judge)
    ok(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 4, "players": ["111", "222"]}), 201)
    keys = deck_list_keys("regional-sp")
    entries = redis_client.xrange(keys.log)
    last_id, fields = entries[-1]
    assert fields["type"] == "TablePaired"
    payload = json.loads(fields["payload"])
    payload["table"] = 1
    redis_client.delete(keys.log)
    for entry_id, entry in [*entries[:-1], (last_id, dict(fields, payload=json.dumps(payload)))]:
        redis_client.xadd(keys.log, entry, id=entry_id)
    frozen = assert_problem(judge.get("/v1/events/regional-sp"), 423)
    assert frozen["first_bad_seq"] == len(entries) and frozen["finding"] == "altered"
    listed = ok(judge.get("/v1/events"))["events"]        # the list: its summary as kept, frozen
    assert [(e["event_id"], e["frozen"], e["last_seq"]) for e in listed] == [("regional-sp", True, len(entries))]
    assert_problem(judge.post("/v1/events/regional-sp/rounds/1/start", {}), 423)


def test_a_list_registered_for_another_ruleset_refuses_the_start_before_any_match(judge):
    _event(judge)
    _two_players(judge)
    ok(judge.post("/v1/events/regional-sp/decklists", {"player_id": "222", "name": "Beto",
                                                       "deck_name": "grass-psychic"}), 201)   # base-1999, era
    ok(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 1, "players": ["111", "222"]}), 201)
    refused = assert_problem(judge.post("/v1/events/regional-sp/rounds/1/start", {}), 422)
    assert "222" in str(refused["errors"]["json"]["players"])
    assert ok(judge.get("/v1/matches"))["total"] == 0


def test_two_starts_of_one_round_at_once_make_its_matches_once(judge, api_app):
    """A round's start claims the round first: a second start while the first is under way is
    a 409 that makes nothing; a claim left by a start that died is taken over after its hold."""
    import threading
    import time

    from app.extensions import get_store
    from events import decklists

    _event(judge)
    _two_players(judge)
    ok(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 4, "players": ["111", "222"]}), 201)
    now = int(time.time() * 1000)
    with api_app.app_context():
        assert decklists.claim(get_store(), "regional-sp", "round-1-start", now)        # a start under way
    busy = assert_problem(judge.post("/v1/events/regional-sp/rounds/1/start", {}), 409)
    assert "being started" in busy["detail"]
    assert ok(judge.get("/v1/events/regional-sp"))["pairings"][0]["match_id"] is None   # nothing made
    with api_app.app_context():      # a claim older than its hold (its start died) is taken over
        assert not decklists.claim(get_store(), "regional-sp", "round-1-start", now + 1_000)
        assert decklists.claim(get_store(), "regional-sp", "round-1-start", now + 200_000)
        decklists.release(get_store(), "regional-sp", "round-1-start")
    answers: list[int] = []

    def start() -> None:
        client = judge.with_token(judge.token)
        client.client = api_app.test_client()
        answers.append(client.post("/v1/events/regional-sp/rounds/1/start", {}).status_code)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert 200 in answers and set(answers) <= {200, 409}, answers
    made = {e["payload"]["matches"]["4"] for e in _event_log(api_app) if e["type"] == "RoundStarted"
            and e["payload"]["matches"]}
    assert len(made) == 1, made
    assert ok(judge.get("/v1/matches"))["total"] == 1          # and no twin left unrecorded


def _event_log(api_app) -> list[dict]:
    from app.extensions import get_store

    with api_app.app_context():
        return DeckListRegistry(get_store()).events("regional-sp")


def _xranges(redis_client) -> int:
    return int(redis_client.info("commandstats").get("cmdstat_xrange", {}).get("calls", 0))


def test_the_events_list_reads_each_events_summary_kept_with_its_log(judge, api_app, redis_client):
    """Listing reads one summary per event, written with each append to the event's log: no log
    is read however many events there are, a page at a time like the other lists, and it is
    right as soon as a log grows (players, a list by the deck-list route, a pairing, a round). A
    summary lost or behind its log is made again from the log, and kept."""
    import json

    from events.event_summaries import SUMMARIES

    _event(judge)
    listed = ok(judge.get("/v1/events"))
    assert (listed["total"], listed["limit"], listed["offset"]) == (1, 50, 0)
    first = listed["events"][0]
    assert {k: first[k] for k in ("event_id", "name", "date", "format", "rounds", "best_of", "round_minutes",
                                  "status", "player_count", "players_with_lists", "started_rounds",
                                  "current_round", "frozen", "last_seq")} == {
        "event_id": "regional-sp", "name": "Regional São Paulo", "date": "2025-09-20", "format": "standard",
        "rounds": 3, "best_of": 3, "round_minutes": 50, "status": "setup", "player_count": 0,
        "players_with_lists": 0, "started_rounds": [], "current_round": None, "frozen": False, "last_seq": 1}
    assert first["format_in_force"]["name"] == "2025" and "players" not in first and "pairings" not in first
    assert json.loads(redis_client.hget(SUMMARIES, "regional-sp"))["last_seq"] == 1

    # the log grows after the listing: each write's summary is the list's at once
    _two_players(judge)
    ok(judge.post("/v1/events/regional-sp/players", {"name": "Cris", "player_id": "333", "birth_year": 2013}), 201)
    assert ok(judge.get("/v1/events"))["events"][0]["players_with_lists"] == 2
    ok(judge.post("/v1/events/regional-sp/decklists", {"player_id": "333", "name": "Cris", "ruleset": "modern",
                                                       "format": "standard", "deck_name": SV_DECK}), 201)
    ok(judge.post("/v1/events/regional-sp/pairings", {"round": 1, "table": 1, "players": ["111", "222"]}), 201)
    ok(judge.post("/v1/events/regional-sp/rounds/1/start", {}))
    grown = ok(judge.get("/v1/events"))["events"][0]
    assert (grown["player_count"], grown["players_with_lists"], grown["status"], grown["started_rounds"],
            grown["current_round"]) == (3, 3, "running", [1], 1)
    assert grown["last_seq"] == _log_length(api_app, "regional-sp") == 9

    # a summary never replaces a later one (racing writers leave the newest)
    from app.extensions import get_store
    from events import event_summaries

    with api_app.app_context():
        assert event_summaries.write(get_store(), "regional-sp", {"event_id": "regional-sp", "last_seq": 8}) == "older"
    assert ok(judge.get("/v1/events"))["events"][0] == grown
    # a summary lost, or behind its log, is made again from the log and kept
    redis_client.hdel(SUMMARIES, "regional-sp")
    assert ok(judge.get("/v1/events"))["events"][0] == grown
    behind = {**json.loads(redis_client.hget(SUMMARIES, "regional-sp")), "last_seq": 2, "player_count": 1}
    redis_client.hset(SUMMARIES, "regional-sp", json.dumps(behind))
    assert ok(judge.get("/v1/events"))["events"][0] == grown
    assert json.loads(redis_client.hget(SUMMARIES, "regional-sp"))["last_seq"] == 9

    # pages, newest first; listing reads no event's log
    made = [ok(judge.post("/v1/events", {"name": f"League Cup {n}", "date": "2025-10-04"}), 201)["event_id"]
            for n in range(4)]
    newest_first = [*reversed(made), "regional-sp"]
    redis_client.config_resetstat()
    pages = [ok(judge.get(f"/v1/events?limit=2&offset={offset}")) for offset in (0, 2, 4)]
    assert _xranges(redis_client) == 0
    assert [e["event_id"] for page in pages for e in page["events"]] == newest_first
    assert [(p["total"], p["limit"], p["offset"], len(p["events"])) for p in pages] == [
        (5, 2, 0, 2), (5, 2, 2, 2), (5, 2, 4, 1)]
    for bad in ("limit=0", "limit=501", "offset=-1", "limit=two"):
        assert_problem(judge.get(f"/v1/events?{bad}"), 422)


def test_the_events_page_lists_a_page_of_event_summaries(api_app, judge):
    """The console's events page reads the same summaries, fifty to a page, the newest first."""
    from app.console.events import EVENTS_PER_PAGE
    from tests.api.test_console import signed_in

    _event(judge)
    ok(judge.post("/v1/events/regional-sp/players", {"name": "Ana", "player_id": "111", "birth_year": 1990}), 201)
    for n in range(EVENTS_PER_PAGE):
        ok(judge.post("/v1/events", {"event_id": f"cup-{n:02}", "name": f"League Cup {n}", "date": "2025-10-04"}),
           201)
    browser, _csrf = signed_in(api_app, judge.token)
    first = browser.get("/console/events").get_data(True)
    assert first.count('<li data-event="') == EVENTS_PER_PAGE and 'data-event="cup-49"' in first
    assert 'data-event="regional-sp"' not in first and 'rel="next"' in first and 'rel="prev"' not in first
    second = browser.get("/console/events?page=2").get_data(True)
    assert second.count('<li data-event="') == 1 and 'data-event="regional-sp"' in second
    assert "Regional São Paulo" in second and "1 player" in second and 'rel="prev"' in second
    assert browser.get("/console/events?page=x").status_code == 200
