"""A player's console page holds nothing the physical game hides from that player (R-HIDDEN-1):
not in the DOM, not in any response the page fetched, not in the live stream's messages."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.api.helpers import create_match, ok
from tests.api.test_hidden_information import assert_nothing_hidden, hidden_from
from tests.browser.conftest import sign_in
from tests.browser.test_judge_console import log_actions

pytestmark = pytest.mark.integration

RECORD_STREAM = """(() => {
  window.__sse = [];
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    addEventListener(type, listener, options) {
      super.addEventListener(type, (e) => { window.__sse.push(e.data); listener(e); }, options);
    }
  };
})();"""
INSTANCE = re.compile(r"(?<![\w:])\d:u?\d+(?![\w:])")


def _names(cards) -> set[str]:
    return {c["name"] for c in cards} if isinstance(cards, list) else set()


def test_R_HIDDEN_1_a_players_page_holds_no_hidden_card(site, page, artifacts):
    judge = site.api(site.token("judge", "Judge Judy"))
    created = create_match(judge)
    match_id = created["match_id"]
    scorekeeper = site.api(created["tokens"]["scorekeeper"])
    player = site.api(created["tokens"]["0"])
    log_actions(scorekeeper, match_id, 14)

    received: list[str] = []

    def keep(response) -> None:
        if "event-stream" in (response.headers.get("content-type") or ""):
            return  # recorded message by message in the page instead
        try:
            received.append(response.text())
        except Exception:  # noqa: BLE001 - a redirect has no body
            pass

    page.add_init_script(RECORD_STREAM)
    page.on("response", keep)
    sign_in(page, site, created["tokens"]["0"])
    frame = page.locator(".match-frame")
    expect(frame).to_be_visible()
    head = int(frame.get_attribute("data-head"))
    # travel back and forth (fragments), open a form, and follow new events live (SSE)
    page.locator("#step-back").click()
    expect(frame).to_have_attribute("data-seq", str(head - 1))
    page.locator("#step-first").click()
    expect(frame).to_have_attribute("data-seq", "1")
    page.locator("#step-live").click()
    expect(frame).to_have_attribute("data-live", "true")
    log_actions(scorekeeper, match_id, 6)
    last = ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"]
    expect(frame).to_have_attribute("data-head", str(last))
    page.wait_for_function(f"window.__sse.length >= {last - head}")
    page.screenshot(path=artifacts / "player-board.png", full_page=True)

    texts = [page.content(), *received, *page.evaluate("window.__sse")]
    # what the API itself shows this player is allowed; the console must add nothing to it
    shown = json.dumps([ok(player.get(f"/v1/matches/{match_id}/timeline")),
                        ok(player.get(f"/v1/matches/{match_id}/state")),
                        ok(player.get(f"/v1/matches/{match_id}/legal-actions"))],
                       ensure_ascii=False)
    allowed = set(INSTANCE.findall(shown))
    hidden: set[str] = set()
    hidden_card_names: set[str] = set()
    for seq in (1, head - 1, head, last):
        full = ok(judge.get(f"/v1/matches/{match_id}/state?at={seq}"))
        hidden |= hidden_from(full, 0)
        opp, own = full["seats"][1], full["seats"][0]
        hidden_card_names |= (_names(opp["hand"]) | _names(opp["deck"]) | _names(opp["prizes"])
                              | _names(own["deck"]) | _names(own["prizes"]))
    hidden -= allowed
    hidden_card_names = {n for n in hidden_card_names if n not in shown}
    assert hidden, "the scan would find nothing: the game hid nothing?"
    for number, text in enumerate(texts):
        assert_nothing_hidden(text, hidden, f"text {number} the player's page received")
        found = [name for name in hidden_card_names if name in text]
        assert not found, f"text {number} names cards the player can't see: {found}"
    # a player sees no judge tools, and logs only for its own seat
    assert page.locator("#form-ruling").count() == 0
    assert page.locator('button.act[data-seat="1"]').count() == 0
