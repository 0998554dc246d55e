"""The console on a tablet and by keyboard (issue 44 item 5): at 768 and 1280 px the action panel
starts within the first screen and stays there while the board scrolls, nothing scrolls sideways
(the Tables list, the match page), single-key shortcuts reach the action list and the judge's
tools and never fire while typing, the focus comes back after sending, and the figure game's
board is drawn (a node per point, the figures on their points). Screenshots of every screen at
both widths land in the artifacts."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.api.helpers import create_match, ok
from tests.browser.conftest import sign_in
from tests.browser.test_judge_console import log_actions

pytestmark = pytest.mark.integration

WIDTHS = {1280: 800, 1024: 768, 768: 1024, 390: 844}   # a laptop, a tablet held either way, a phone
PHONE = 640
TEAM = ["Raticate", "Charmander", "Ekans", "Machop", "Squirtle", "Weedle"]


def until(page: Any, condition: str, seconds: float = 10) -> None:
    """Wait until the page's ``condition`` (an expression) holds; polled from here, since the
    console's CSP refuses the eval a polling ``wait_for_function`` needs."""
    for _ in range(int(seconds * 20)):
        if page.evaluate(f"() => !!({condition})"):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {condition}")


def no_sideways_scroll(page: Any, what: str) -> None:
    sizes = page.evaluate("""() => [...document.querySelectorAll(
        'html, main, #tables, #tables-list, #match, .panel, .board')]
        .map((node) => [node.id || node.tagName, node.scrollWidth, node.clientWidth])""")
    wide = [size for size in sizes if size[1] > size[2]]
    assert not wide, f"{what} scrolls sideways: {wide}"


def panel_in_reach(page: Any, height: int, width: int) -> None:
    """The action panel's top is on the first screen, and (beside the board, from a tablet's
    width up) still on screen at the page's bottom; on a phone it comes first, above the board."""
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#actions").bounding_box()
    assert box is not None and 0 <= box["y"] < height - 120, f"the action panel starts at {box}"
    if width < PHONE:
        board = page.locator(".board").bounding_box()
        assert board is not None and board["y"] > box["y"]
        return
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    until(page, "window.scrollY > 0 || document.documentElement.scrollHeight <= innerHeight")
    box = page.locator("#actions").bounding_box()
    assert box is not None and 0 <= box["y"] < height - 120, f"scrolled down, the action panel is at {box}"
    page.evaluate("window.scrollTo(0, 0)")


def drain_the_queue(redis_bytes: Any, redis_url: str, monkeypatch: Any) -> None:
    """A real worker runs the background jobs (anchors, read models) until none is left, so the
    pages show a service that has caught up (no "degraded" banner, anchored matches)."""
    from workers.runner import build_worker

    monkeypatch.setenv("REDIS_URL", redis_url)
    build_worker(redis_bytes, simple=True).work(burst=True)


def test_the_console_fits_a_tablet_and_a_laptop_and_keeps_the_action_panel_in_reach(
        site, page, artifacts, redis_bytes, redis_url, monkeypatch):
    judge_token = site.token("judge", "Judge Judy", head_judge=True)
    judge = site.api(judge_token)
    created = create_match(judge, table=12)
    match_id = created["match_id"]
    log_actions(site.api(created["tokens"]["scorekeeper"]), match_id, 8)
    for _ in range(5):
        create_match(judge)
    drain_the_queue(redis_bytes, redis_url, monkeypatch)

    for width, height in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.context.clear_cookies()
        page.goto(site.url + "/")
        expect(page.locator("#token")).to_be_visible()
        page.screenshot(path=artifacts / f"layout-sign-in-{width}.png", full_page=True)
        sign_in(page, site, judge_token)
        expect(page.locator(f'#tables-list tr[data-match="{match_id}"]')).to_be_visible()
        no_sideways_scroll(page, f"the Tables list at {width} px")
        if width <= 1100:   # a card per match: every cell named by its column
            expect(page.locator(f'tr[data-match="{match_id}"] td[data-label="Status"]')).to_be_visible()
        page.screenshot(path=artifacts / f"layout-tables-{width}.png", full_page=True)

        page.goto(f"{site.url}/console/matches/{match_id}")
        expect(page.locator("#actions button.act, #actions summary").first).to_be_visible()
        no_sideways_scroll(page, f"the judge's match page at {width} px")
        expect(page.locator("#health-banner")).to_have_count(0)
        panel_in_reach(page, height, width)
        page.screenshot(path=artifacts / f"layout-judge-match-{width}.png")
        page.screenshot(path=artifacts / f"layout-judge-match-{width}-full.png", full_page=True)

    # a player's page, at both widths: the same layout (their own actions only)
    page.context.clear_cookies()
    for width, height in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        sign_in(page, site, created["tokens"]["0"])
        expect(page.locator(".match-frame")).to_be_visible()
        no_sideways_scroll(page, f"a player's match page at {width} px")
        if page.locator("#actions").count():
            panel_in_reach(page, height, width)
        page.screenshot(path=artifacts / f"layout-player-match-{width}.png", full_page=True)
        page.context.clear_cookies()


def focused(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => {
        const node = document.activeElement;
        return {tag: node.tagName, id: node.id, action: node.dataset.action || null,
                open: node.dataset.open || null, about: node.dataset.about || null,
                inActions: !!node.closest('#actions'), inJudge: !!node.closest('.judge-tools'),
                inTimeline: !!node.closest('#timeline'), value: 'value' in node ? node.value : null};
    }""")


def test_shortcuts_reach_the_actions_and_the_judge_tools_and_never_steal_typing(site, page, artifacts):
    judge_token = site.token("judge", "Judge Judy", head_judge=True)
    created = create_match(site.api(judge_token))
    match_id = created["match_id"]
    log_actions(site.api(created["tokens"]["scorekeeper"]), match_id, 3)
    page.set_viewport_size({"width": 768, "height": 1024})
    sign_in(page, site, judge_token)
    expect(page.get_by_role("heading", name="Tables")).to_be_visible()

    # typing in the Tables filter types, whatever the letters
    page.locator("#player").click()
    page.keyboard.type("jabltf")
    assert focused(page)["id"] == "player" and focused(page)["value"] == "jabltf"
    page.locator("#player").fill("")
    page.locator("h1").click()
    page.keyboard.press("f")
    assert focused(page)["id"] == "status"

    page.goto(f"{site.url}/console/matches/{match_id}")
    expect(page.locator("#actions button.act, #actions summary").first).to_be_visible()
    page.locator("h1").click()
    page.keyboard.press("a")
    assert focused(page)["inActions"], focused(page)
    page.keyboard.press("j")
    assert focused(page)["inJudge"], focused(page)
    page.keyboard.press("t")
    assert focused(page)["id"] == "timeline"

    # the help lists them, and opens with "?"
    page.keyboard.press("?")
    help_dialog = page.locator("#keys-help")
    expect(help_dialog).to_be_visible()
    expect(help_dialog.locator("kbd", has_text="j")).to_be_visible()
    page.screenshot(path=artifacts / "layout-shortcuts-help-768.png")
    page.keyboard.press("Escape")
    expect(help_dialog).to_be_hidden()

    # inside a form's field the letters are the judge's words
    page.locator(".judge-tools button[data-open='form-penalty']").click()
    notes = page.locator("#form-penalty textarea").first
    notes.click()
    page.keyboard.type("a j t b")
    expect(notes).to_have_value("a j t b")
    expect(notes).to_be_focused()
    page.keyboard.press("Escape")

    # the slider is a field too: "a" there does not leave it
    page.locator("#seq-slider").focus()
    page.keyboard.press("a")
    assert focused(page)["id"] == "seq-slider"

    # turned off in the help, a shortcut does nothing (and stays off after a reload)
    page.locator("#keys-button").click()
    page.locator("#keys-enabled").uncheck()
    page.keyboard.press("Escape")
    page.reload()
    expect(page.locator("#actions")).to_be_visible()
    page.locator("h1").click()
    page.keyboard.press("a")
    assert not focused(page)["inActions"]
    page.keyboard.press("[")      # the time travel's keys too
    page.wait_for_timeout(400)
    expect(page.locator(".match-frame")).to_have_attribute("data-live", "true")
    page.locator("#keys-button").click()
    page.locator("#keys-enabled").check()
    page.keyboard.press("Escape")
    page.keyboard.press("[")
    expect(page.locator(".match-frame")).to_have_attribute("data-live", "false")


def test_the_focus_comes_back_after_sending_an_action_and_a_form(site, page):
    judge_token = site.token("judge", "Judge Judy", head_judge=True)
    judge = site.api(judge_token)
    created = create_match(judge)
    match_id = created["match_id"]
    sign_in(page, site, judge_token)
    page.goto(f"{site.url}/console/matches/{match_id}")
    frame = page.locator(".match-frame")
    head = int(frame.get_attribute("data-head"))

    # an action sent from the keyboard: the focus is back on the action list, on the same
    # control when the same action is offered again, else on the one in its place
    page.locator("h1").click()
    page.keyboard.press("a")
    first = focused(page)
    assert first["inActions"]
    if first["tag"] == "SUMMARY":   # a group: open it, take its first choice
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
    sent = focused(page)
    assert sent["action"], sent
    page.keyboard.press("Enter")
    expect(frame).to_have_attribute("data-head", str(head + 1))
    until(page, "document.activeElement && document.activeElement.closest('#actions')")
    after = focused(page)
    assert after["inActions"] and after["tag"] in ("BUTTON", "SUMMARY"), after
    still_offered = page.locator("#actions button.act").evaluate_all(
        "(buttons, action) => buttons.some((b) => b.dataset.action === action)", sent["action"])
    if still_offered:
        assert after["action"] == sent["action"]

    # a form opened from a timeline row and sent: the focus is back on that row's button
    about = int(frame.get_attribute("data-head"))
    opener = page.locator(f'#timeline .event[data-seq="{about}"] button[data-open="form-dispute"]')
    opener.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#form-dispute")
    expect(dialog).to_be_visible()
    dialog.locator("textarea").first.fill("The wrong card was played")
    dialog.locator("button[type=submit]").click()       # preview
    expect(dialog.locator(".preview")).not_to_be_empty()
    dialog.locator("button[type=submit]").click()       # send
    expect(dialog).to_be_hidden()
    expect(page.locator(".dispute[data-dispute]")).to_have_count(1)
    until(page, "document.activeElement && document.activeElement.dataset.open === 'form-dispute'")
    assert focused(page)["about"] == str(about)


def test_the_figure_game_is_drawn_with_its_points_lines_and_figures(site, page, artifacts):
    judge_token = site.token("judge", "Judge Judy")
    judge = site.api(judge_token)
    players = [{"name": "Ana", "deck": TEAM}, {"name": "Beto", "deck": list(reversed(TEAM))}]
    created = ok(judge.post("/v1/matches", {"game": "tfg", "ruleset": "tfg-6v6", "randomness": "service",
                                            "players": players, "table": 3}), 201)
    match_id = created["match_id"]
    for _ in range(3):   # a few moves onto the board
        seat = ok(judge.get(f"/v1/matches/{match_id}"))["seat_to_act"]
        actions = ok(judge.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}"))["actions"]
        move = next(a for a in actions if a["type"] in ("move", "end_turn"))
        ok(judge.post(f"/v1/matches/{match_id}/actions", {"seat": seat, "action": move}), 201)
        if move["type"] == "move":
            end = [a for a in ok(judge.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}"))["actions"]
                   if a["type"] == "end_turn"]
            if end:
                ok(judge.post(f"/v1/matches/{match_id}/actions", {"seat": seat, "action": end[0]}), 201)
    board = ok(judge.get("/v1/boards/duel-26"))
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    on_board = {i: f["where"] for i, f in state["figures"].items() if f["where"] not in ("bench", "center")}
    assert on_board, "no figure moved onto the board"

    def check_drawing(seat_label: str) -> None:
        svg = page.locator("svg.tfg-board")
        expect(svg).to_be_visible()
        expect(svg.locator("g.point")).to_have_count(len(board["points"]))
        assert sorted(svg.locator("g.point").evaluate_all("(gs) => gs.map((g) => g.dataset.point)")) == \
            sorted(board["points"])
        expect(svg.locator("g.lines line")).to_have_count(len(board["lines"]))
        for inst, where in on_board.items():
            figure = svg.locator(f'g.point[data-point="{where}"] g.figure[data-figure="{inst}"]')
            expect(figure).to_have_count(1)
            expect(figure.locator(".figure-name")).to_have_text(state["figures"][inst]["name"])
        for inst, fig in state["figures"].items():
            if fig["where"] == "bench":
                expect(svg.locator(f'g.off-board[data-zone="bench"][data-seat="{fig["owner"]}"] '
                                   f'g.figure[data-figure="{inst}"]')).to_have_count(1)
        for goal, seat in zip(board["goals"], (0, 1), strict=True):
            expect(svg.locator(f'g.point[data-point="{goal}"] .point-name')).to_contain_text(
                players[seat]["name"])
        expect(page.locator("pre.state")).to_have_count(0)   # no state dump

    sign_in(page, site, judge_token)
    for width, height in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{site.url}/console/matches/{match_id}")
        check_drawing("judge")
        no_sideways_scroll(page, f"the figure game's page at {width} px")
        panel_in_reach(page, height, width)
        page.screenshot(path=artifacts / f"layout-tfg-match-{width}.png", full_page=True)

    # a player in seat 1 sees the same board, their side at the bottom
    page.context.clear_cookies()
    sign_in(page, site, created["tokens"]["1"])
    check_drawing("player")
    goal_1 = page.locator(f'g.point[data-point="{board["goals"][1]}"] circle.spot')
    goal_0 = page.locator(f'g.point[data-point="{board["goals"][0]}"] circle.spot')
    assert float(goal_1.get_attribute("cy")) > float(goal_0.get_attribute("cy"))
