"""In a real browser (the session's one Chromium: Playwright's sync API runs one per thread, so
this test lives beside the other browser tests and uses their fixtures): the language picker switches the console to
Brazilian Portuguese for every page after it, and the script asks the API in the page's
language, so a refusal reads in Portuguese with the same rule id."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from projections.i18n import gettext
from tests.api.helpers import create_match, ok

pytestmark = pytest.mark.integration


def test_the_picker_switches_the_console_and_a_refusal_reads_in_that_language(site, page):
    judge = site.api(site.token("judge", "Judge Judy"))
    created = create_match(judge)
    match_id = created["match_id"]
    hand = ok(judge.get(f"/v1/matches/{match_id}/state"))["seats"][0]["hand"]
    energy = next(c["instance"] for c in hand if "Energy" in c["name"])
    illegal = {"type": "setup", "active": energy, "bench": []}

    page.goto(site.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("link", name="Português (Brasil)").click()
    page.wait_for_load_state("domcontentloaded")
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(page.get_by_role("heading", name=gettext("Sign in", "pt-BR"))).to_be_visible()
    expect(page.get_by_role("link", name="Português (Brasil)")).to_have_attribute("aria-current", "true")
    page.get_by_label("Token").fill(created["tokens"]["scorekeeper"])
    page.get_by_role("button", name=gettext("Sign in", "pt-BR")).click()
    page.wait_for_load_state("domcontentloaded")
    # the scorekeeper's match page, in the language chosen before signing in
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(page.get_by_role("heading", name=gettext("Log an action", "pt-BR"))).to_be_visible()
    expect(page.locator('#actions button.act[data-seat="0"]').first).to_be_visible()

    page.evaluate("""action => {
        const b = document.createElement('button');
        b.className = 'act'; b.dataset.seat = '0'; b.dataset.action = action;
        b.id = 'illegal'; b.textContent = 'x';
        document.querySelector('#actions').append(b); }""", json.dumps(illegal))
    page.locator("#illegal").click()
    refusal = page.locator("#refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("R-SETUP-4")
    expected = judge.post(f"/v1/matches/{match_id}/actions", {"seat": 0, "action": illegal},
                          headers={"Accept-Language": "pt-BR"}).get_json()
    english = judge.post(f"/v1/matches/{match_id}/actions", {"seat": 0, "action": illegal}).get_json()
    message = next(v["message"] for v in expected["violations"] if v["rule"] == "R-SETUP-4")
    assert message != next(v["message"] for v in english["violations"] if v["rule"] == "R-SETUP-4")
    expect(refusal).to_contain_text(message)
    expect(page.locator("#live-status")).to_have_text(gettext("Refused", "pt-BR"))
