"""A judge sets up an event in the console, with no API call from the test (issue 44 item 1):
creates it, registers two players with pasted deck lists (a bad line shown inline by its
number first), pairs a table, starts the round and sees the table on the event screen, which
fits a 768 px tablet; imports TOM's file (``../shared/tom/league-challenge-example.tdf``) and sees
its pairings."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.api.helpers import ok
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.integration

# byte for byte ../shared/tom/league-challenge-example.tdf (tests/fixtures/tom/README.md)
TOM_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "tom" / "league-challenge-1.80.tdf"
SV_DECK = "sv-chien-pao-baxcalibur"      # Standard in the 2026 season (before the 2026-04-10 rotation)


def _register(page, name: str, player_id: str, birth_year: str, decklist: str) -> None:
    form = page.locator("#player-form")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Player ID").fill(player_id)
    form.get_by_label("Year of birth").fill(birth_year)
    form.locator("#pl-decklist").fill(decklist)
    form.get_by_role("button", name="Register").click()
    page.wait_for_load_state("domcontentloaded")


def _fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_judge_sets_up_an_event_pairs_a_table_and_starts_the_round(site, page, artifacts):
    token = site.token("judge", "Judge Judy")
    decklist = next(d["decklist"] for d in ok(site.api(token).get("/v1/decks"))["decks"] if d["name"] == SV_DECK)
    sign_in(page, site, token)
    page.get_by_role("navigation", name="Sections").get_by_role("link", name="Events").click()
    expect(page.get_by_role("heading", name="Events", exact=True)).to_be_visible()

    form = page.locator("#new-event")
    form.get_by_label("Name").fill("Regional São Paulo")
    form.get_by_label("Date").fill("2025-09-20")
    form.get_by_label("Best of").select_option("3")
    form.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", name="Regional São Paulo")).to_be_visible()
    expect(page.locator("#event-head")).to_contain_text("Standard 2025")
    expect(page.locator("#event-head")).to_contain_text("best of 3")
    event_url = page.url.split("?")[0]

    # a list with an unreadable line: refused, the line shown by its number, nothing stored
    lines = decklist.splitlines()
    lines[1] = "4 Nonsense Card XYZ 999"
    _register(page, "Ana", "111", "2012", "\n".join(lines))
    expect(page.locator("#refusal-player")).to_be_visible()
    bad = page.locator('#pl-decklist-lines li.bad[data-line="2"]')
    expect(bad).to_contain_text("Nonsense Card")
    expect(bad.locator(".line-problem")).to_contain_text("line 2")
    expect(page.locator("#players-list")).to_contain_text("No players yet.")

    _register(page, "Ana", "111", "2012", decklist)
    expect(page.locator("#player-111")).to_contain_text("Senior")
    expect(page.locator("#player-111")).to_contain_text("registered")
    _register(page, "Beto", "222", "1990", decklist)
    expect(page.locator("#player-222")).to_contain_text("Masters")

    pair = page.locator("#pair-form")
    pair.get_by_label("Table").fill("7")
    pair.get_by_label("Player 1").select_option("111")
    pair.get_by_label("Player 2").select_option("222")
    pair.get_by_role("button", name="Pair the table").click()
    row = page.locator('#event-tables tr[data-table="7"]')
    expect(row).to_contain_text("Ana")
    expect(row).to_contain_text("not started")

    page.get_by_role("button", name="Start round 1").click()
    issued = page.locator('#issued-tokens tr[data-table="7"]')
    expect(issued).to_contain_text("Ana")
    scorekeeper_token = issued.locator('code[data-slot="scorekeeper"]').inner_text().strip()
    row = page.locator('#event-tables tr[data-table="7"]')
    expect(row.locator(".open-match")).to_be_visible()
    expect(row.locator(".clock")).to_be_visible()
    expect(row.locator(".games-won")).to_have_text("0–0")
    match_id = row.get_attribute("data-match")
    assert match_id
    # a penalty given at the table reaches the event screen by itself (the tables are fetched again)
    ok(site.api(token).post(f"/v1/matches/{match_id}/penalties",
                            {"seat": 1, "infraction": "tardiness", "level": "warning"}), 201)
    expect(row.locator(".penalty-list")).to_contain_text("Beto", timeout=12_000)
    page.screenshot(path=artifacts / "event-screen-1280.png", full_page=True)
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(event_url)
    expect(page.locator('#event-tables tr[data-table="7"] .clock')).to_be_visible()
    expect(page.locator("#issued-tokens")).to_have_count(0)             # shown once
    _fits(page, 768)
    page.screenshot(path=artifacts / "event-screen-768.png", full_page=True)

    # the table's scorekeeper signs in with the token the page showed, and reaches the match
    scorekeeper = page.context.browser.new_context(viewport={"width": 768, "height": 1024}).new_page()
    sign_in(scorekeeper, site, scorekeeper_token)
    expect(scorekeeper.locator(".match-frame")).to_be_visible()
    assert match_id in scorekeeper.url
    scorekeeper.context.close()
    # the match is the table's: its players, the event's best-of, its clock running
    summary = ok(site.api(token).get(f"/v1/matches/{match_id}"))
    assert summary["clock"]["status"] == "running" and summary.get("best_of") == 3
    assert [p["name"] for p in summary["players"]] == ["Ana", "Beto"]


def test_a_judge_imports_a_tom_file_and_sees_its_pairings(site, page, artifacts):
    token = site.token("judge", "Judge Judy")
    sign_in(page, site, token)
    page.goto(site.url + "/console/events")
    form = page.locator("#import-form")
    form.get_by_label("TOM file (.tdf)").set_input_files(files=[{
        "name": "league-challenge-example.tdf", "mimeType": "application/xml", "buffer": TOM_FILE.read_bytes()}])
    form.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", name="Challenge Settembre TCG")).to_be_visible()
    expect(page.locator("#event-head")).to_contain_text("league-challenge-example.tdf")
    # the last round TOM paired, its results as TOM holds them
    expect(page.get_by_role("heading", name="Round 4")).to_be_visible()
    tables = page.locator("#event-tables tbody tr")
    expect(tables).to_have_count(6)
    expect(page.locator('#event-tables tr[data-table="1"]')).to_contain_text("(TOM)")
    expect(page.locator("#players-list tbody tr")).to_have_count(11)
    # a player TOM listed gets a list: the form comes filled in with them
    page.locator('#player-9088790').get_by_role("link", name="Paste a list").click()
    expect(page.locator("#pl-id")).to_have_value("9088790")
    expect(page.locator("#pl-name")).to_have_value("Player 52")
    page.locator(".round-links").get_by_role("link", name="1", exact=True).click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    page.screenshot(path=artifacts / "event-tom-import-1280.png", full_page=True)
    page.set_viewport_size({"width": 768, "height": 1024})
    page.reload()
    _fits(page, 768)
    page.screenshot(path=artifacts / "event-tom-import-768.png", full_page=True)
    # a video-game file is refused beside the form, nothing imported
    page.goto(site.url + "/console/events")
    video = TOM_FILE.read_bytes().replace(b"TRADING_CARD_GAME", b"VIDEO_GAME")
    page.locator("#tom-file").set_input_files(files=[{"name": "vgc.tdf", "mimeType": "application/xml",
                                                      "buffer": video}])
    page.locator("#import-form").get_by_role("button", name="Import").click()
    expect(page.locator("#refusal-import")).to_contain_text("gametype")
    expect(page.locator("#event-list li")).to_have_count(1)
