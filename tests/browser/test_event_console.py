"""A judge sets up an event in the console, with no API call from the test (issue 44 item 1):
creates it, registers two players with pasted deck lists (a bad line shown inline by its
number first), pairs a table, starts the round and sees the table on the event screen, which
fits a 768 px tablet; a penalty given from the table's match page shows on the event screen by
itself, and the table's scorekeeper signs in with the token shown; imports TOM's file
(``../shared/tom/league-challenge-example.tdf``) and sees its pairings. Every request the API
hears is the console's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from projections.tcg import decks
from tests.browser.conftest import sign_in
from tests.browser.event_steps import create_event, fits, pair, register, start_round

pytestmark = pytest.mark.integration

# byte for byte ../shared/tom/league-challenge-example.tdf (tests/fixtures/tom/README.md)
TOM_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "tom" / "league-challenge-1.80.tdf"
SV_DECK = "sv-chien-pao-baxcalibur"      # Standard in the 2026 season (before the 2026-04-10 rotation)


def give_a_penalty(page, seat: str, infraction: str, level: str) -> None:
    """From the match page's judge panel: previewed first, then sent."""
    page.get_by_role("button", name="Penalty…").click()
    form = page.locator("#form-penalty")
    form.get_by_label("Penalised player").select_option(seat)
    form.get_by_label("Infraction").select_option(infraction)
    form.get_by_label("Penalty level").select_option(level)
    form.get_by_role("button", name="Check first (preview)").click()
    expect(form.locator(".preview .penalty-advice")).to_be_visible()
    form.get_by_role("button", name="Send").click()
    expect(form).to_be_hidden()


def test_a_judge_sets_up_an_event_pairs_a_table_and_starts_the_round(site, page, artifacts):
    api_calls: list[str] = []
    page.context.on("request", lambda r: api_calls.append(f"{r.method} {r.url}") if "/v1/" in r.url else None)
    decklist = decks.shipped_decklist(SV_DECK)
    sign_in(page, site, site.token("judge", "Judge Judy"))
    event_url = create_event(page, "Regional São Paulo", "2025-09-20", best_of=3)
    expect(page.locator("#event-head")).to_contain_text("Standard 2025")
    expect(page.locator("#event-head")).to_contain_text("best of 3")
    assert not api_calls                                                 # plain forms, no API

    # a list with an unreadable line: refused, the line shown by its number, nothing stored
    lines = decklist.splitlines()
    lines[1] = "4 Nonsense Card XYZ 999"
    register(page, "Ana", "111", "2012", "\n".join(lines))
    expect(page.locator("#refusal-player")).to_be_visible()
    bad = page.locator('#pl-decklist-lines li.bad[data-line="2"]')
    expect(bad).to_contain_text("Nonsense Card")
    expect(bad.locator(".line-problem")).to_contain_text("line 2")
    expect(page.locator("#players-list")).to_contain_text("No players yet.")

    register(page, "Ana", "111", "2012", decklist)
    expect(page.locator("#player-111")).to_contain_text("Senior")
    expect(page.locator("#player-111")).to_contain_text("registered")
    register(page, "Beto", "222", "1990", decklist)
    expect(page.locator("#player-222")).to_contain_text("Masters")

    row = pair(page, 7, "111", "222")
    expect(row).to_contain_text("Ana")

    tokens = start_round(page, 1, 7)
    expect(page.locator('#issued-tokens tr[data-table="7"]')).to_contain_text("Ana")
    row = page.locator('#event-tables tr[data-table="7"]')
    expect(row.locator(".open-match")).to_be_visible()
    expect(row.locator(".clock")).to_be_visible()
    expect(row.locator(".games-won")).to_have_text("0–0")
    match_id = row.get_attribute("data-match")
    assert match_id and match_id == tokens["match"]

    # a penalty given at the table, from the match page's judge panel (the table's "Open"),
    # reaches the event screen by itself (the tables are fetched again)
    table_page = page.context.new_page()
    table_page.goto(site.url + str(row.locator(".open-match").get_attribute("href")))
    expect(table_page.locator(".summary h1")).to_have_text("Table 7: Ana – Beto")
    give_a_penalty(table_page, "1", "tardiness", "warning")
    expect(table_page.locator("#penalties .penalty")).to_contain_text("Beto")
    table_page.close()
    expect(row.locator(".penalty-list")).to_contain_text("Beto", timeout=12_000)
    page.screenshot(path=artifacts / "event-screen-1280.png", full_page=True)
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(event_url)
    expect(page.locator('#event-tables tr[data-table="7"] .clock')).to_be_visible()
    expect(page.locator("#issued-tokens")).to_have_count(0)             # shown once
    fits(page, 768)
    page.screenshot(path=artifacts / "event-screen-768.png", full_page=True)

    # the table's scorekeeper signs in with the token the page showed, and reaches the match:
    # the table's, with its players, the event's best-of and its clock running
    scorekeeper = page.context.browser.new_context(viewport={"width": 768, "height": 1024}).new_page()
    scorekeeper.on("request", lambda r: api_calls.append(f"{r.method} {r.url}") if "/v1/" in r.url else None)
    sign_in(scorekeeper, site, tokens["scorekeeper"])
    summary = scorekeeper.locator(".summary")
    expect(summary).to_be_visible()
    assert match_id in scorekeeper.url
    expect(summary.locator("h1")).to_have_text("Table 7: Ana – Beto")
    expect(summary).to_contain_text("Best of 3: game 1, 0-0")
    expect(summary.locator(".clock[data-ends-at]")).to_be_visible()      # running
    expect(summary).to_contain_text("coins reported by the table")       # a paper game
    expect(scorekeeper.locator("#penalties .penalty")).to_contain_text("Beto")
    scorekeeper.context.close()
    # the API heard only the console's own requests: the penalty's preview and its sending,
    # and the match pages' live streams
    posts = [call for call in api_calls if call.startswith("POST")]
    assert posts and all(call.endswith(f"/v1/matches/{match_id}/penalties") for call in posts), posts
    assert all("/stream" in call for call in api_calls if not call.startswith("POST")), api_calls


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
    fits(page, 768)
    page.screenshot(path=artifacts / "event-tom-import-768.png", full_page=True)
    # a video-game file is refused beside the form, nothing imported
    page.goto(site.url + "/console/events")
    video = TOM_FILE.read_bytes().replace(b"TRADING_CARD_GAME", b"VIDEO_GAME")
    page.locator("#tom-file").set_input_files(files=[{"name": "vgc.tdf", "mimeType": "application/xml",
                                                      "buffer": video}])
    page.locator("#import-form").get_by_role("button", name="Import").click()
    expect(page.locator("#refusal-import")).to_contain_text("gametype")
    expect(page.locator("#event-list li")).to_have_count(1)
