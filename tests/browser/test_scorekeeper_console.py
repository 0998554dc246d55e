"""A scorekeeper logs a whole Base Set game at the console by clicking the labelled legal
actions only (the step-by-step groups included), and a refused action shows the rule."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.api.helpers import create_match, ok
from tests.api.test_hidden_information import PLAY_ORDER
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.integration

MAX_CLICKS = 900
BUTTONS = """els => els.map((e, i) => ({i, seat: Number(e.dataset.seat),
    type: JSON.parse(e.dataset.action).type, grouped: !!e.closest('details')}))"""


def choose(entries: list[dict]) -> dict:
    for kind in PLAY_ORDER:
        for entry in entries:
            if entry["type"] == kind:
                return entry
    return entries[0]


@pytest.mark.timeout(600)
def test_a_scorekeeper_logs_a_whole_base_set_game_by_clicking_labelled_actions(site, page,
                                                                              artifacts):
    judge = site.api(site.token("judge", "Judge Judy"))
    created = create_match(judge)
    match_id = created["match_id"]
    sign_in(page, site, created["tokens"]["scorekeeper"])
    frame = page.locator(".match-frame")
    expect(frame).to_be_visible()   # a scorekeeper lands on its match's board
    clicks = 0
    while not page.locator(".summary .status-finished").count():
        assert clicks < MAX_CLICKS, "the game did not end"
        entries = page.eval_on_selector_all("#actions button.act", BUTTONS)
        assert entries, "no action to click in a game that is not over"
        entry = choose(entries)
        button = page.locator("#actions button.act").nth(entry["i"])
        if entry["grouped"]:
            button.locator("xpath=ancestor::details/summary").click()  # the first step
        head = frame.get_attribute("data-head")
        button.click()
        expect(frame).not_to_have_attribute("data-head", head)
        clicks += 1
        if clicks == 40:
            page.screenshot(path=artifacts / "scorekeeper-logging.png", full_page=True)

    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["status"] == "finished" and summary["winner"] in (0, 1)
    assert summary["last_seq"] == clicks + 1  # MatchCreated, then one event per click
    events = ok(judge.get(f"/v1/matches/{match_id}/events"))
    assert {e["actor"]["role"] for e in events[1:]} == {"scorekeeper"}
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]
    expect(page.locator(".summary")).to_contain_text("Winner")


def test_a_refused_action_shows_the_rule_and_appends_nothing(site, page):
    """R-SETUP-4: what the table does illegally is refused with the rule's id and text, and
    the log is unchanged (a button the page did not offer, as a confused table would)."""
    judge = site.api(site.token("judge", "Judge Judy"))
    created = create_match(judge)
    match_id = created["match_id"]
    hand = ok(judge.get(f"/v1/matches/{match_id}/state"))["seats"][0]["hand"]
    energy = next(c["instance"] for c in hand if "Energy" in c["name"])
    sign_in(page, site, created["tokens"]["scorekeeper"])
    expect(page.locator('#actions button.act[data-seat="0"]').first).to_be_visible()
    head = ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"]
    page.evaluate("""action => {
        const b = document.createElement('button');
        b.className = 'act'; b.dataset.seat = '0'; b.dataset.action = action;
        b.id = 'illegal'; b.textContent = 'Set up with an Energy';
        document.querySelector('#actions').append(b); }""",
                  json.dumps({"type": "setup", "active": energy, "bench": []}))
    page.locator("#illegal").click()
    refusal = page.locator("#refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("R-SETUP-4")
    expect(refusal).to_contain_text("is not a Basic Pokémon")
    expect(refusal).to_be_focused()
    assert ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"] == head
