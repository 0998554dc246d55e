"""A judge at the console: signs in, follows a live game another client logs (SSE), slides
back in time, opens a dispute from a timeline row and rules with a rewind and a Warning
(J-REPAIR-1, J-PENALTY-1), and the board shows the rewound state."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.api.helpers import create_match, ok
from tests.api.test_hidden_information import pick
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.integration


def log_actions(api, match_id: str, count: int) -> int:
    """Another client (the scorekeeper's app) logs ``count`` actions; the last seq."""
    last = 0
    for _ in range(count):
        first = ok(api.get(f"/v1/matches/{match_id}"))["seat_to_act"] or 0
        for seat in (first, 1 - first):
            action = pick(ok(api.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}"))["actions"])
            if action is not None:
                last = ok(api.post(f"/v1/matches/{match_id}/actions",
                                   {"seat": seat, "action": action}), 201)["seq"]
                break
    return last


def test_a_judge_follows_a_live_game_slides_back_and_rules_with_a_rewind_and_a_warning(
        site, page, artifacts):
    judge_token = site.token("judge", "Judge Judy", head_judge=True)
    judge_api = site.api(judge_token)
    created = create_match(judge_api)
    match_id = created["match_id"]
    scorekeeper = site.api(created["tokens"]["scorekeeper"])
    log_actions(scorekeeper, match_id, 6)

    sign_in(page, site, judge_token)
    expect(page.get_by_role("heading", name="Tables")).to_be_visible()
    row = page.locator(f'tr[data-match="{match_id}"]')
    expect(row).to_be_visible()
    page.screenshot(path=artifacts / "judge-tables.png", full_page=True)

    # live tables: a new match appears without reloading the page
    second = create_match(judge_api)["match_id"]
    expect(page.locator(f'tr[data-match="{second}"]')).to_be_visible()

    row.get_by_role("link", name=match_id).click()
    expect(page.locator("#timeline")).to_be_visible()
    head = int(page.locator(".match-frame").get_attribute("data-head"))

    # live: what the scorekeeper logs now reaches the open page through SSE
    new_head = log_actions(scorekeeper, match_id, 4)
    assert new_head > head
    expect(page.locator(f'#timeline .event[data-seq="{new_head}"]')).to_be_visible()
    expect(page.locator(".match-frame")).to_have_attribute("data-head", str(new_head))

    # the time slider and the step buttons
    slider = page.locator("#seq-slider")
    slider.focus()
    for back in (1, 2, 3):      # each step's frame drawn before the next key (a loaded CI box is slow)
        page.keyboard.press("ArrowLeft")
        expect(page.locator(".match-frame")).to_have_attribute("data-seq", str(new_head - back))
    expect(page.locator("#seq-readout")).to_contain_text(str(new_head - 3))
    page.locator("#step-back").click()
    expect(page.locator(".match-frame")).to_have_attribute("data-seq", str(new_head - 4))
    back_then = ok(judge_api.get(f"/v1/matches/{match_id}/state?at={new_head - 4}"))
    active = back_then["seats"][0]["active"]
    if active:
        expect(page.locator("#seat-0 .tile.active .tile-name")).to_have_text(active["name"])
    page.locator("#step-live").click()
    expect(page.locator(".match-frame")).to_have_attribute("data-live", "true")

    # a dispute opened from a timeline row, previewed, then sent
    about = new_head - 1
    page.locator(f'#timeline .event[data-seq="{about}"] button[data-open="form-dispute"]').click()
    dialog = page.locator("#form-dispute")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label("About seq")).to_have_value(str(about))
    dialog.get_by_label("Who disputes").select_option("1")
    dialog.get_by_label("What happened").fill("Seat 0 attached a second Energy this turn")
    dialog.get_by_role("button", name="Check first (preview)").click()
    expect(dialog.locator(".preview")).to_contain_text("A dispute: seat 1 disputes seq")
    dialog.get_by_role("button", name="Send").click()
    expect(dialog).to_be_hidden()
    dispute = page.locator(".dispute.status-open")
    expect(dispute).to_contain_text("Seat 0 attached a second Energy")

    # the ruling: a rewind to before the disputed event and a Warning, previewed first
    dispute.get_by_role("button", name="Rule…").click()
    ruling = page.locator("#form-ruling")
    ruling.locator("#ruling-with-remedy").check()
    expect(ruling.get_by_label("Back to seq")).to_have_value(str(about - 1))
    ruling.locator("#ruling-with-penalty").check()
    ruling.get_by_label("Penalised player").select_option("0")
    ruling.get_by_label("Infraction").select_option("game_play_error_minor")
    ruling.get_by_label("Penalty level").select_option(label="Warning")
    ruling.get_by_label("Notes").fill("Energy attached twice: back up and warn")
    ruling.get_by_role("button", name="Check first (preview)").click()
    preview = ruling.locator(".preview")
    # in words (issue 44): the narration and the penalty's advice, never the events' JSON
    expect(preview.locator(".penalty-advice")).to_contain_text("Warning for Game Play Error (Minor) to Ana")
    expect(preview).to_contain_text("Guidelines recommend: Warning")
    assert "{" not in preview.inner_text() and "RulingIssued" not in preview.inner_text()
    head_before = ok(judge_api.get(f"/v1/matches/{match_id}"))["last_seq"]
    assert head_before == new_head + 1  # the preview appended nothing (the dispute did)
    page.screenshot(path=artifacts / "judge-ruling-preview.png", full_page=True)
    ruling.get_by_role("button", name="Send").click()
    expect(ruling).to_be_hidden()

    ruled_seq = head_before + 1
    expect(page.locator(".match-frame")).to_have_attribute("data-head", str(ruled_seq))
    events = ok(judge_api.get(f"/v1/matches/{match_id}/events?from={ruled_seq}"))
    assert events[0]["type"] == "RulingIssued"
    assert events[0]["payload"]["penalty"]["level"] == "warning"
    assert events[0]["actor"] == {"subject": "Judge Judy", "role": "judge"}
    # the board now is the board before the disputed event; the events since are voided
    now = ok(judge_api.get(f"/v1/matches/{match_id}/state"))
    then = ok(judge_api.get(f"/v1/matches/{match_id}/state?at={about - 1}"))
    assert now["seats"] == then["seats"]
    for seq in range(about, new_head + 1):
        expect(page.locator(f'#timeline .event[data-seq="{seq}"]')).to_have_class(re.compile(r"\bvoided\b"))
    hand_count = len(then["seats"][0]["hand"])
    expect(page.locator("#hand-0 .count")).to_have_text(str(hand_count))
    page.screenshot(path=artifacts / "judge-board.png", full_page=True)


def test_the_console_fits_a_tablet_and_works_by_keyboard(site, page, artifacts):
    judge_token = site.token("judge", "Judge Judy")
    match_id = create_match(site.api(judge_token))["match_id"]
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(site.url + "/")
    expect(page.locator("#token")).to_be_focused()  # the page starts where the work is
    page.keyboard.type(judge_token)
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Sign in")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Tables")).to_be_visible()
    page.goto(f"{site.url}/console/matches/{match_id}")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 768, f"the page scrolls sideways on a tablet ({width}px)"
    # focus is visible: the focused control gets an outline
    page.locator("#seq-slider").focus()
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    page.screenshot(path=artifacts / "tablet-board.png", full_page=True)


def test_a_wrong_token_is_refused_and_signing_out_ends_the_session(site, page):
    page.goto(site.url + "/")
    page.get_by_label("Token").fill("not-a-token")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#sign-in-error")).to_be_visible()
    sign_in(page, site, site.token("judge", "Judge Judy"))
    expect(page.get_by_role("heading", name="Tables")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_label("Token")).to_be_visible()
    assert page.context.cookies() == []
