"""TOM's tournament file (projections/tournament/tom.py): reading every shape the format notes
describe (shared/tom/FORMAT.md), refusing what is not one, and writing results back so that
only the outcome bytes change.

The fixtures (tests/fixtures/tom/) are the shipped League Challenge export (1.80, CRLF, as
TOM wrote it) and copies edited the ways FORMAT.md says the exports differ: 1.74 and 1.53 (no
``pairtime``, ``starttime``, ``additionalrounds``; 1.53 with full birth dates), a
registration-only export (stage 1: empty ``pods`` and ``finalsoptions``, no ``starter``) and a
running event with a Junior pod and a Senior-and-Masters pod (like FORMAT's 06: the second pod
starts at table 4, pending outcomes 0, a tie).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from collections import Counter
from pathlib import Path

import pytest

from projections.i18n import translate
from projections.tournament.divisions import division_by_age
from projections.tournament.tom import (
    TdfError,
    TomPairing,
    TomTournament,
    event_setup,
    read_tdf,
    write_results,
)
from projections.tournament.xmltree import MAX_BYTES, MAX_ELEMENTS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "tom"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


EXAMPLE = fixture("league-challenge-1.80.tdf")
TWO_PODS = fixture("two-pods-running.tdf")


def without_raw(t: TomTournament) -> TomTournament:
    return dataclasses.replace(t, raw=b"")


def pairing(t: TomTournament, round_no: int, table: str) -> TomPairing:
    (found,) = [p for p in t.pairings if (p.round, p.table) == (round_no, table)]
    return found


def refusal(data: bytes) -> TdfError:
    with pytest.raises(TdfError) as refused:
        read_tdf(data)
    return refused.value


# ---------------------------------------------------------------------------- the shipped example

def test_the_shipped_example_is_read_whole():
    t = read_tdf(EXAMPLE)
    assert EXAMPLE.count(b"\r\n") == EXAMPLE.count(b"\n")         # TOM's CRLF, untouched
    assert (t.name, t.tournament_id, t.date) == ("Challenge Settembre TCG", "25-09-019428", datetime.date(2025, 9, 24))
    assert (t.game, t.version, t.mode) == ("tcg", "1.80", "LEAGUECHALLENGE")
    assert (t.rounds, t.round_minutes, t.finals_round_minutes, t.best_of) == (4, 50, 75, None)
    assert t.raw == EXAMPLE
    assert len(t.players) == 11
    assert {p.division for p in t.players} == {"masters"}
    first = t.players[0]
    assert (first.player_id, first.first_name, first.last_name, first.birth_year) == ("9088790", "Player", "52", 2003)
    assert len(t.pairings) == 24
    assert Counter(p.outcome for p in t.pairings) == {1: 9, 2: 10, 3: 1, 5: 4}
    byes = [p for p in t.pairings if p.outcome == 5]
    assert [(p.round, p.table, p.player_ids) for p in byes] == [
        (1, "0", ("6550478",)), (2, "0", ("9088790",)), (3, "0", ("5000210",)), (4, "0", ("6930650",))]
    assert pairing(t, 2, "2") == TomPairing(2, "2", ("8894329", "5712474"), 3, "masters")
    assert pairing(t, 4, "5").player_ids == ("6301651", "5000210") and pairing(t, 4, "5").outcome == 1
    assert {p.round for p in t.pairings} == {1, 2, 3, 4}
    assert not any(p.top_cut for p in t.pairings)


def test_the_event_setup_is_the_create_event_body():
    setup = event_setup(read_tdf(EXAMPLE))
    json.dumps(setup)
    assert {k: setup[k] for k in ("name", "date", "rounds", "best_of", "round_minutes", "divisions")} == {
        "name": "Challenge Settembre TCG", "date": "2025-09-24", "rounds": 4, "best_of": None,
        "round_minutes": 50, "divisions": ["masters"]}
    assert setup["players"][1] == {"player_id": "1200688", "name": "Player 53", "birth_year": 1992,
                                   "division": "masters"}
    assert setup["pairings"][0] == {"round": 1, "table": "0", "player_ids": ["6550478"], "division": "masters",
                                    "outcome": 5}
    assert len(setup["pairings"]) == 24
    assert setup["source"] == {"kind": "tom", "tournament_id": "25-09-019428", "version": "1.80"}


def test_a_player_without_names_is_named_by_their_id():
    nameless = EXAMPLE.replace(b"<firstname>Player</firstname>", b"<firstname></firstname>", 1).replace(
        b"<lastname>52</lastname>", b"<lastname></lastname>")
    assert event_setup(read_tdf(nameless))["players"][0]["name"] == "9088790"


def test_crlf_and_lf_copies_read_the_same():
    lf = EXAMPLE.replace(b"\r\n", b"\n")
    assert b"\r" not in lf
    assert without_raw(read_tdf(lf)) == without_raw(read_tdf(EXAMPLE))


def test_a_byte_order_mark_is_read_past():
    assert without_raw(read_tdf(b"\xef\xbb\xbf" + EXAMPLE)) == without_raw(read_tdf(EXAMPLE))


def test_non_ascii_names_and_character_references_are_read():
    edited = EXAMPLE.replace(b"<firstname>Player</firstname>", b"<firstname>Jos&#233; Mar&#xED;a</firstname>",
                             1).replace(b"<lastname>52</lastname>", "<lastname>Müller &amp; Søn</lastname>".encode())
    player = read_tdf(edited).players[0]
    assert (player.first_name, player.last_name) == ("José María", "Müller & Søn")


# ---------------------------------------------------------------------------- the versions' shapes

@pytest.mark.parametrize("name, version", [("league-challenge-1.53.tdf", "1.53"),
                                           ("league-challenge-1.74.tdf", "1.74")])
def test_older_versions_without_the_1_80_elements_read_the_same(name, version):
    older = fixture(name)
    assert b"<pairtime>" not in older and b"<additionalrounds>" not in older
    t, newest = read_tdf(older), read_tdf(EXAMPLE)
    assert t.version == version
    assert t.pairings == newest.pairings
    assert t.players == newest.players        # 1.53's full birth dates keep only the year
    assert (t.rounds, t.date, t.name) == (newest.rounds, newest.date, newest.name)


def test_the_1_53_birth_dates_are_full_dates():
    assert b"<birthdate>05/14/2003</birthdate>" in fixture("league-challenge-1.53.tdf")
    assert read_tdf(fixture("league-challenge-1.53.tdf")).players[0].birth_year == 2003


def test_a_registration_only_export_has_players_and_no_rounds():
    data = fixture("registration-only.tdf")
    assert b'stage="1"' in data and b"<starter>" not in data and b"\t<pods>\r\n\t</pods>" in data
    t = read_tdf(data)
    assert (len(t.players), t.pairings, t.rounds) == (11, (), 0)
    assert {p.division for p in t.players} == {"masters"}     # from the birth years: all 2007 or earlier
    assert event_setup(t)["rounds"] is None


def test_a_running_event_with_a_junior_pod_and_a_shared_senior_masters_pod():
    t = read_tdf(TWO_PODS)
    divisions = {p.player_id: p.division for p in t.players}
    assert [divisions[f"100000{n}"] for n in range(1, 7)] == ["junior"] * 6       # their pod is category 0
    # the category-9 pod shares Seniors and Masters: the birth years tell them apart (2026 season)
    assert [divisions[f"200000{n}"] for n in range(1, 6)] == ["senior", "senior", "masters", "masters", "masters"]
    assert [(p.table, p.outcome, p.division) for p in t.pairings] == [
        ("1", 1, "junior"), ("2", 0, "junior"), ("3", 3, "junior"),
        ("0", 5, "senior+masters"), ("4", 2, "senior+masters"), ("5", 0, "senior+masters")]
    assert t.rounds == 1
    assert event_setup(t)["divisions"] == ["junior", "senior", "masters"]


def test_a_shared_pod_keeps_an_age_division_within_its_divisions():
    born_junior = TWO_PODS.replace(b"<birthdate>02/27/2011</birthdate>", b"<birthdate>02/27/2016</birthdate>")
    player = next(p for p in read_tdf(born_junior).players if p.player_id == "2000001")
    assert (player.birth_year, player.division) == (2016, "senior")


def test_the_standings_division_wins_over_the_birth_year():
    # a shared Senior-and-Masters pod whose finished standings place a player born in 2012 in Masters
    edited = EXAMPLE.replace(b'<pod category="2" stage="0">', b'<pod category="9" stage="0">').replace(
        b"<birthdate>02/27/2003</birthdate>", b"<birthdate>02/27/2012</birthdate>", 1)
    t = read_tdf(edited)
    assert t.players[0].birth_year == 2012 and t.players[0].division == "masters"
    assert pairing(t, 1, "1").division == "senior+masters"


def test_a_shared_pod_player_without_a_birth_year_is_refused_by_name():
    edited = TWO_PODS.replace(b"<birthdate>02/27/2011</birthdate>", b"<birthdate></birthdate>")
    error = refusal(edited)
    assert error.field == "players[6].birthdate" and "2000001" in str(error) and error.line


@pytest.mark.parametrize("event_day, birth_year, division", [
    (datetime.date(2024, 3, 1), 2012, "junior"), (datetime.date(2024, 3, 1), 2011, "senior"),
    (datetime.date(2024, 3, 1), 2008, "senior"), (datetime.date(2024, 3, 1), 2007, "masters"),
    (datetime.date(2025, 7, 14), 2013, "junior"), (datetime.date(2025, 7, 15), 2013, "senior"),
    (datetime.date(2020, 2, 1), 2009, "junior"), (datetime.date(2020, 2, 1), 2005, "senior"),
    (datetime.date(2020, 2, 1), 2004, "masters"), (datetime.date(2021, 1, 9), 2009, "junior"),
    (datetime.date(2021, 1, 9), 2004, "masters"), (datetime.date(2022, 3, 1), 2010, "junior"),
    (datetime.date(2022, 3, 1), 2005, "masters")])
def test_play_pokemon_age_divisions_by_birth_year_and_season(event_day, birth_year, division):
    assert division_by_age(birth_year, event_day) == division


def test_a_top_cut_round_is_marked():
    cut = EXAMPLE.replace(b'<round number="4" type="2" stage="8" >', b'<round number="4" type="1" stage="8" >')
    assert {p.round for p in read_tdf(cut).pairings if p.top_cut} == {4}


def test_a_dropped_player_keeps_the_round_they_dropped_in():
    edited = EXAMPLE.replace(
        b"<starter>true</starter>\r\n\t\t\t<creationdate>09/21/2024 14:23:57</creationdate>",
        b"<starter>true</starter>\r\n\t\t\t<dropped>\r\n\t\t\t\t<status>1</status>\r\n\t\t\t\t<round>4</round>\r\n"
        b"\t\t\t\t<timestamp>09/25/2025 00:30:00</timestamp>\r\n\t\t\t</dropped>\r\n"
        b"\t\t\t<creationdate>09/21/2024 14:23:57</creationdate>")
    t = read_tdf(edited)
    assert [(p.player_id, p.dropped_round) for p in t.players if p.dropped_round] == [("6930650", 4)]


# ---------------------------------------------------------------------------- refused

def test_a_video_game_file_is_refused_naming_gametype():
    vg = EXAMPLE.replace(b'type="2"', b'type="3"', 1).replace(b"TRADING_CARD_GAME", b"VIDEO_GAME").replace(
        b"LEAGUECHALLENGE", b"VGCPREMIER")
    error = refusal(vg)
    assert error.field == "gametype" and error.line == 2
    assert "video game" in str(error)


def test_a_file_of_another_game_type_is_refused():
    error = refusal(EXAMPLE.replace(b"TRADING_CARD_GAME", b"POKKEN"))
    assert error.field == "gametype" and "POKKEN" in str(error)


@pytest.mark.parametrize("declaration", [
    b'<!DOCTYPE tournament [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>',
    b'<!DOCTYPE tournament [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
    b'<!DOCTYPE tournament SYSTEM "http://example.invalid/tom.dtd">',
])
def test_a_doctype_or_entity_is_refused_before_anything_is_read(declaration):
    hostile = EXAMPLE.replace(b"?>\r\n", b"?>\r\n" + declaration + b"\r\n", 1).replace(
        b"<name>Challenge Settembre TCG</name>", b"<name>&lol2;</name>")
    error = refusal(hostile)
    assert error.field == "file" and error.line == 2
    assert "DOCTYPE" in str(error)


def test_truncated_xml_is_refused_with_its_line():
    truncated = EXAMPLE[:EXAMPLE.index(b"<round number=\"3\"")]
    error = refusal(truncated)
    assert error.field == "file" and "well-formed" in str(error)
    assert error.line == truncated.count(b"\n") + 1


@pytest.mark.parametrize("data, words", [
    (b"", "empty"),
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "UTF-8"),
    (b"Challenge Settembre TCG, 11 players", "well-formed"),
    (b'<?xml version="1.0" encoding="UTF-8"?>\n<html><body/></html>', "<html>"),
    (b'<?xml version="1.0" encoding="ISO-8859-1"?>\n<tournament/>', "ISO-8859-1"),
    (b"<tournament>" + b"<a>" * 40 + b"</a>" * 40 + b"</tournament>", "deep"),
    (b"<tournament>" + b" " * MAX_BYTES + b"</tournament>", "MB"),
    (b"<tournament>" + b"<a/>" * MAX_ELEMENTS + b"</tournament>", "elements"),
])
def test_what_is_not_a_tom_file_is_refused_as_the_file(data, words):
    error = refusal(data)
    assert error.field == "file" and words in str(error)


@pytest.mark.parametrize("old, new, field", [
    (b'version="1.80" ', b"", "version"),
    (b"<name>Challenge Settembre TCG</name>", b"<name></name>", "data.name"),
    (b"<startdate>09/24/2025</startdate>", b"<startdate>2025-09-24</startdate>", "data.startdate"),
    (b"<roundtime>50</roundtime>", b"<roundtime>fifty</roundtime>", "data.roundtime"),
    (b"<birthdate>02/27/1992</birthdate>", b"<birthdate>27.02.1992</birthdate>", "players[1].birthdate"),
    (b'<player userid="1200688">', b'<player userid="9088790">', "players[1].userid"),
    (b'<match outcome="3">', b'<match outcome="4">', "pods[0].rounds[1].matches[2].outcome"),
    (b'<match outcome="1">', b'<match outcome="5">', "pods[0].rounds[0].matches[1].outcome"),
    (b'<pod category="2" stage="0">', b'<pod category="7" stage="0">', "pods[0].category"),
    (b"<tablenumber>5</tablenumber>", b"<tablenumber>4</tablenumber>", "pods[0].rounds[0].matches[5].tablenumber"),
    (b'<player2 userid="4948548"/>', b'<player2 userid="1234567"/>', "pods[0].rounds[0].matches[1]"),
])
def test_a_part_that_does_not_fit_is_refused_by_name_and_line(old, new, field):
    assert old in EXAMPLE
    error = refusal(EXAMPLE.replace(old, new, 1))
    assert error.field == field
    assert error.line is not None and 1 < error.line < EXAMPLE.count(b"\n")


def test_a_file_without_players_is_refused():
    start, end = EXAMPLE.index(b"\t<players>"), EXAMPLE.index(b"\t<pods>")
    error = refusal(EXAMPLE[:start] + EXAMPLE[end:])
    assert error.field == "players"


def test_the_refusals_are_translatable_messages():
    error = refusal(EXAMPLE.replace(b"TRADING_CARD_GAME", b"VIDEO_GAME"))
    assert error.args[0].msgid.startswith("This TOM file is a video game tournament")
    assert "videogame" in translate(error.args[0], "pt-BR") and "videojuegos" in translate(error.args[0], "es")
    truncated = refusal(EXAMPLE[:4000])
    assert truncated.detail == str(truncated)
    assert translate(truncated.detail, "es").startswith("El archivo no es XML bien formado")


# ---------------------------------------------------------------------------- writing results back

def changed_bytes(before: bytes, after: bytes) -> list[int]:
    assert len(before) == len(after)
    return [i for i in range(len(before)) if before[i] != after[i]]


def test_written_results_change_only_the_outcome_bytes():
    written = write_results(TWO_PODS, {(1, "2"): 2, (1, "5"): 3, (1, "3"): 3})
    changed = changed_bytes(TWO_PODS, written)
    assert len(changed) == 2                     # table 3 already held 3: rewritten, unchanged
    for at in changed:
        assert written[at - len(b'<match outcome="'):at] == b'<match outcome="'
    assert written.count(b"\r\n") == TWO_PODS.count(b"\r\n") == written.count(b"\n")
    again = read_tdf(written)
    assert (pairing(again, 1, "2").outcome, pairing(again, 1, "5").outcome) == (2, 3)
    before = read_tdf(TWO_PODS)
    assert [p for p in again.pairings if p.table not in ("2", "5")] == [
        p for p in before.pairings if p.table not in ("2", "5")]
    assert again.players == before.players


def test_a_result_can_be_taken_back_to_pending_and_keys_may_be_numbers():
    written = write_results(EXAMPLE, {(4, 5): 0})
    assert [written[i:i + 1] for i in changed_bytes(EXAMPLE, written)] == [b"0"]
    assert pairing(read_tdf(written), 4, "5").outcome == 0


def test_results_are_written_in_place_behind_a_byte_order_mark_and_in_an_lf_file():
    for original in (b"\xef\xbb\xbf" + TWO_PODS, TWO_PODS.replace(b"\r\n", b"\n")):
        written = write_results(original, {(1, "2"): 1})
        assert len(changed_bytes(original, written)) == 1
        assert pairing(read_tdf(written), 1, "2").outcome == 1


def test_no_results_write_the_file_unchanged():
    assert write_results(EXAMPLE, {}) == EXAMPLE


@pytest.mark.parametrize("results, field, words", [
    ({(2, "9"): 1}, "results.2.9", "no match at table 9"),
    ({(5, "1"): 1}, "results.5.1", "TOM pairs each round itself"),
    ({(1, "0"): 1}, "results.1.0", "bye"),
    ({(1, "1"): 4}, "results.1.1", "Outcome code 4"),
    ({(1, "1"): 5}, "results.1.1", "Outcome code 5"),
    ({(1, "1"): True}, "results.1.1", "Outcome code True"),
])
def test_a_result_the_file_cannot_take_is_refused_and_nothing_is_written(results, field, words):
    with pytest.raises(TdfError) as refused:
        write_results(EXAMPLE, {(1, "2"): 2, **results})
    assert refused.value.field == field and words in str(refused.value)


def test_results_are_not_written_into_a_file_that_is_refused():
    with pytest.raises(TdfError) as refused:
        write_results(EXAMPLE.replace(b"TRADING_CARD_GAME", b"VIDEO_GAME"), {(1, "1"): 1})
    assert refused.value.field == "gametype"
