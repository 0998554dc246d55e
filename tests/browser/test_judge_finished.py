"""Judging, finished, and the match slip (issue 44 items 3 and 4), in Chromium: the board shows
HP left, a penalty is advised by the guidelines with its escalation (J-PENALTY-2) before and
after it is issued, each player's penalty history is one click away, penalties show on the
board and the Tables list, a ruled dispute reads as ruled with its ruling (only voided actions
are struck through), previews read in words, a deck check compares the registered list and the
deck found by name, and the match slip prints on one A4 page with its signature lines. A
player's board and slip name no hidden card."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.api.helpers import create_match, ok
from tests.api.positions import CHARMANDER, bubble, sandbox_players
from tests.api.test_hidden_information import assert_nothing_hidden, hidden_from
from tests.browser.conftest import sign_in
from tests.browser.test_judge_console import log_actions

pytestmark = pytest.mark.integration

PLAYERS = [{"name": "Ana", "deck_name": "fire-fighting", "player_id": "1234567", "division": "masters"},
           {"name": "Beto", "deck_name": "grass-psychic", "player_id": "7654321", "division": "senior"}]
PAGE = re.compile(rb"/Type\s*/Page(?!s)")
INSTANCE = re.compile(r"(?<![\w:])\d:u?\d+(?![\w:])")


def pdf_pages(pdf: bytes) -> int:
    return len(PAGE.findall(pdf))


def play_turns(api, match_id: str, turns: int) -> None:
    """Another client logs the game until turn ``turns`` is over (or the game is)."""
    for _ in range(400):
        summary = ok(api.get(f"/v1/matches/{match_id}"))
        if summary["status"] == "finished" or (summary["turn"] or 0) > turns:
            return
        log_actions(api, match_id, 1)


def screenshots(page, artifacts, name: str, focus: str | None = None) -> None:
    """The whole page at 1280 and 768 px, and the part ``focus`` (a selector) shows."""
    for width in (1280, 768):
        page.set_viewport_size({"width": width, "height": 1000})
        page.screenshot(path=artifacts / f"{name}-{width}.png", full_page=True)
        if focus:
            page.locator(focus).first.screenshot(path=artifacts / f"{name}-{width}-part.png")
    page.set_viewport_size({"width": 1280, "height": 800})


def test_J_PENALTY_2_a_penalty_is_advised_escalated_shown_and_its_history_one_click_away(
        site, page, artifacts):
    judge_token = site.token("judge", "Judge Judy", head_judge=True)
    judge = site.api(judge_token)
    # Ana's earlier Warning for a Game Play Error, in another match of the event
    earlier = create_match(judge, players=PLAYERS)["match_id"]
    ok(judge.post(f"/v1/matches/{earlier}/penalties",
                  {"seat": 0, "infraction": "game_play_error_minor", "level": "warning"}), 201)
    created = create_match(judge, players=PLAYERS, table=7)
    match_id = created["match_id"]
    scorekeeper = site.api(created["tokens"]["scorekeeper"])
    log_actions(scorekeeper, match_id, 4)

    sign_in(page, site, judge_token)
    page.goto(f"{site.url}/console/matches/{match_id}")
    expect(page.locator("#penalties")).to_contain_text("No penalties.")
    page.get_by_role("button", name="Penalty…").click()
    form = page.locator("#form-penalty")
    # the form opens with the recommendation for the infraction it starts with
    expect(form.locator(".recommendation")).to_have_text("Guidelines recommend: Warning")
    form.get_by_label("Penalised player").select_option("0")
    form.get_by_label("Infraction").select_option("game_play_error_major")
    # before anything is sent: the guidelines' recommendation, chosen for the judge
    expect(form.locator(".recommendation")).to_have_text("Guidelines recommend: Double Prize Card")
    expect(form.get_by_label("Penalty level")).to_have_value("double_prize")
    form.get_by_label("Penalty level").select_option("warning")
    form.get_by_role("button", name="Check first (preview)").click()
    preview = form.locator(".preview")
    expect(preview.locator(".penalty-advice")).to_contain_text("Guidelines recommend: Double Prize Card")
    # the escalation the API computes: one step above Ana's earlier Warning
    expect(preview.locator(".escalation")).to_contain_text("suggested level: Double Prize Card")
    text = preview.inner_text()
    assert "{" not in text and "}" not in text and "PenaltyIssued" not in text, text
    screenshots(page, artifacts, "judge-penalty-preview", "#form-penalty")
    form.get_by_role("button", name="Send").click()
    expect(form).to_be_hidden()

    # after: on the board, in the judges' panel with the advice, and in the history
    penalty = page.locator("#penalties .penalty")
    expect(penalty).to_have_count(1)
    expect(penalty).to_contain_text("Warning")
    expect(penalty).to_contain_text("Game Play Error (Major)")
    expect(penalty.locator(".recommended")).to_contain_text("Double Prize Card")
    expect(penalty.locator(".escalation")).to_contain_text("Double Prize Card")
    expect(page.locator("#seat-0 h2 .penalty-badge")).to_have_text("Warning")
    history = page.locator("#history-0")
    expect(history.locator("table")).to_be_hidden()
    history.locator("summary").click()   # one click away
    expect(history.locator("tbody tr")).to_have_count(2)
    expect(history.locator("tbody tr").first).to_contain_text("another match")
    expect(history.locator("summary")).to_contain_text("2 standing")
    expect(page.locator("#history-1 summary")).to_contain_text("0 standing")
    screenshots(page, artifacts, "judge-penalties", "#penalties")

    # the Tables list shows it too
    page.goto(f"{site.url}/console/tables")
    expect(page.locator(f'tr[data-match="{match_id}"] .penalty-badge')).to_have_text("Warning")
    expect(page.locator(f'tr[data-match="{earlier}"] .penalty-badge')).to_have_text("Warning")
    screenshots(page, artifacts, "judge-tables-penalties", "#tables-list")


def test_a_ruled_dispute_reads_as_ruled_with_its_ruling_and_only_voided_actions_are_struck(
        site, page, artifacts):
    judge_token = site.token("judge", "Judge Judy")
    judge = site.api(judge_token)
    created = create_match(judge, players=PLAYERS)
    match_id = created["match_id"]
    scorekeeper = site.api(created["tokens"]["scorekeeper"])
    about = log_actions(scorekeeper, match_id, 5)
    opened = ok(scorekeeper.post(f"/v1/matches/{match_id}/disputes",
                                 {"seat": 1, "about_seq": about, "claim": "Two Energy attached this turn"}), 201)
    opened_seq = opened["seq"]

    sign_in(page, site, judge_token)
    page.goto(f"{site.url}/console/matches/{match_id}")
    dispute = page.locator(".dispute")
    dispute.get_by_role("button", name="Rule…").click()
    ruling = page.locator("#form-ruling")
    ruling.locator("#ruling-with-remedy").check()
    ruling.get_by_label("Notes").fill("Back up before the second attachment")
    ruling.get_by_role("button", name="Check first (preview)").click()
    preview = ruling.locator(".preview")
    expect(preview).to_contain_text("This preview appended nothing.")
    expect(ruling.get_by_role("button", name="Send")).to_be_visible()
    text = preview.inner_text()
    assert "{" not in text and "RulingIssued" not in text and '"' not in text, text
    ruling.get_by_role("button", name="Send").click()
    expect(ruling).to_be_hidden()

    ruled = page.locator(".dispute.status-ruled")
    expect(ruled.locator(".dispute-status")).to_have_text("ruled")
    expect(ruled.locator(".ruling")).to_contain_text("upheld")
    expect(ruled.locator(".ruling")).to_contain_text(f"the game was rewound to seq {about - 1}")
    expect(ruled.locator(".ruling")).to_contain_text("Judge Judy")
    expect(ruled.locator(".ruling")).to_contain_text("Back up before the second attachment")
    assert ruled.evaluate("e => getComputedStyle(e).textDecorationLine") == "none"
    # the dispute's own event was not undone by the rewind: not struck through
    opened_row = page.locator(f'#timeline .event[data-seq="{opened_seq}"]')
    expect(opened_row).not_to_have_class(re.compile(r"\bvoided\b"))
    assert opened_row.evaluate("e => getComputedStyle(e).textDecorationLine") == "none"
    # the action it rewound is
    action_row = page.locator(f'#timeline .event[data-seq="{about}"]')
    expect(action_row).to_have_class(re.compile(r"\bvoided\b"))
    assert action_row.evaluate("e => getComputedStyle(e).textDecorationLine") == "line-through"
    screenshots(page, artifacts, "judge-ruled-dispute", ".disputes")


def test_the_board_shows_hp_left_of_the_pokemons_hp(site, page, artifacts):
    judge_token = site.token("judge", "Judge Judy")
    position = bubble()
    position["seats"][1]["active"] = {"card": CHARMANDER, "entered_turn": 2, "damage": 20}
    created = create_match(site.api(judge_token), players=sandbox_players(), position=position)
    sign_in(page, site, judge_token)
    page.goto(f"{site.url}/console/matches/{created['match_id']}")
    active = page.locator("#seat-1 .tile.active")
    hp = active.locator(".hp")
    expect(hp).to_have_text("HP 30/50")       # left of its HP, not "HP 50/50" above "20 damage"
    expect(hp).to_have_attribute("data-hp-left", "30")
    expect(active.locator(".damage")).to_have_text("2 damage counters")
    expect(page.locator("#seat-0 .tile.active .hp")).to_have_text("HP 40/40")
    screenshots(page, artifacts, "judge-hp-left", ".board")


def test_R_DECK_1_a_deck_check_compares_the_registered_list_and_the_deck_by_name(site, page, artifacts):
    judge_token = site.token("judge", "Judge Judy")
    judge = site.api(judge_token)
    created = create_match(judge, players=PLAYERS)
    match_id = created["match_id"]
    listed = ok(judge.get(f"/v1/matches/{match_id}/state"))
    sign_in(page, site, judge_token)
    page.goto(f"{site.url}/console/matches/{match_id}")
    page.get_by_role("button", name="Deck check…").click()
    form = page.locator("#form-deck-check")
    form.get_by_label("Whose deck").select_option("1")
    beto = form.locator('[data-deck-seat="1"]')
    expect(beto).to_be_visible()
    expect(form.locator('[data-deck-seat="0"]')).to_be_hidden()
    expect(beto.locator("th[scope=rowgroup]").first).to_contain_text("Pokémon")
    counts = beto.locator("input.found-count")
    first = counts.first
    name = beto.locator("tbody tr td label").first.inner_text()
    registered = int(first.get_attribute("data-registered"))
    first.fill(str(registered - 1))            # one copy missing
    # a card the list does not have, named by searching its name among every card's (any language)
    extra = form.locator("#deck-check-extra")
    extra.locator(".card-search").fill("pikach")
    extra.locator(".card-options li:not([hidden]) .card-option", has_text="BASE 58").click()
    expect(extra.locator(".card-chosen")).to_have_text("Pikachu ✕")
    extra.locator(".card-search").fill("Ultra Bola")                        # Ultra Ball, named in Portuguese…
    extra.locator(".card-options li:not([hidden]) .card-option", has_text="SVI 196").click()
    extra.locator(".card-chosen button", has_text="Ultra Ball").click()     # …and taken back
    expect(extra.locator(".card-chosen li")).to_have_count(1)
    form.get_by_role("button", name="Check first (preview)").click()
    expect(form.locator(".preview")).to_contain_text("This preview appended nothing.")
    text = form.locator(".preview").inner_text()
    assert "{" not in text and "DeckChecked" not in text, text
    screenshots(page, artifacts, "judge-deck-check-form", "#form-deck-check")
    form.get_by_role("button", name="Send").click()
    expect(form).to_be_hidden()

    check = page.locator(".deck-check")
    expect(check).to_have_count(1)
    expect(check.locator("summary")).to_contain_text("differs from the list")
    expect(check.locator(".differences")).to_have_text(
        f"{name}: {registered} on the list, {registered - 1} found · Pikachu: 0 on the list, 1 found")
    differs = check.locator("tr.differs")
    expect(differs).to_have_count(2)
    expect(differs.locator("td").nth(0)).to_have_text(name)
    expect(differs.locator("td").nth(1)).to_have_text(str(registered))
    expect(differs.locator("td").nth(2)).to_contain_text(f"{registered - 1} (-1)")
    assert listed["seats"][1]["deck"], "the check compared a real deck"
    screenshots(page, artifacts, "judge-deck-check", "#deck-lists")


def test_the_match_slip_prints_on_one_page_with_its_signature_lines(site, page, artifacts):
    judge_token = site.token("judge", "Judge Judy")
    judge = site.api(judge_token)
    created = create_match(judge, players=PLAYERS, table=12)
    match_id = created["match_id"]
    scorekeeper = site.api(created["tokens"]["scorekeeper"])
    play_turns(scorekeeper, match_id, 5)
    ok(judge.post(f"/v1/matches/{match_id}/penalties",
                  {"seat": 1, "infraction": "procedural_error_minor", "level": "caution",
                   "notes": "Shuffled too little"}), 201)

    sign_in(page, site, judge_token)
    page.goto(f"{site.url}/console/matches/{match_id}")
    page.locator("#slip-link").click()
    expect(page.get_by_role("heading", name="Match slip")).to_be_visible()
    assert "tz=" in page.url
    expect(page.locator("#slip-table")).to_have_text("12")
    expect(page.locator("#slip-round")).to_have_text("—")
    expect(page.locator("#slip-event")).to_have_text("—")
    players = page.locator(".slip-player")
    expect(players.nth(0)).to_contain_text("Ana")
    expect(players.nth(0)).to_contain_text("1234567")
    expect(players.nth(0)).to_contain_text("Masters")
    expect(players.nth(1)).to_contain_text("Senior")
    expect(page.locator(".slip-game")).to_have_count(1)
    expect(page.locator("#slip-result")).to_contain_text("Match result")
    expect(page.locator(".slip-penalty")).to_contain_text("Caution")
    expect(page.locator(".slip-penalty")).to_contain_text("Procedural Error (Minor)")
    expect(page.locator("#slip")).not_to_contain_text("Shuffled too little")   # judges' notes
    expect(page.locator(".signature")).to_have_count(3)
    expect(page.locator(".signature").nth(0)).to_contain_text("Signature of Ana")
    expect(page.locator(".signature").nth(1)).to_contain_text("Signature of Beto")
    screenshots(page, artifacts, "match-slip")
    pdf = page.pdf(format="A4", print_background=True)
    (artifacts / "match-slip.pdf").write_bytes(pdf)
    assert pdf_pages(pdf) == 1

    # the full report stays a separate document, far shorter than the 9 pages of issue 44
    page.goto(f"{site.url}/v1/matches/{match_id}/report?tz=America/Sao_Paulo")
    screenshots(page, artifacts, "match-report")
    report = page.pdf(format="A4", print_background=True)
    (artifacts / "match-report.pdf").write_bytes(report)
    pages = pdf_pages(report)
    print(f"the report of a {ok(judge.get(f'/v1/matches/{match_id}'))['turn']}-turn game: {pages} A4 pages")
    assert pages <= 4, pages
    text = page.locator("body").inner_text()
    assert "America/Sao_Paulo" in text
    assert not re.search(r"\b(?:sv|base|swsh|me)\d*[a-z]*-\d+\b", text), "a raw card id in the report"
    for engine_name in ("ActionTaken", "PenaltyIssued", "procedural_error_minor", "MatchCreated"):
        assert engine_name not in text, engine_name
    for group in ("Pokémon", "Trainer", "Energy"):
        assert group in text, group


def test_R_HIDDEN_1_a_players_board_and_slip_name_no_hidden_card(site, page, artifacts):
    judge = site.api(site.token("judge", "Judge Judy"))
    created = create_match(judge, players=PLAYERS, table=3)
    match_id = created["match_id"]
    scorekeeper = site.api(created["tokens"]["scorekeeper"])
    player = site.api(created["tokens"]["0"])
    log_actions(scorekeeper, match_id, 10)
    ok(judge.post(f"/v1/matches/{match_id}/penalties",
                  {"seat": 1, "infraction": "game_play_error_minor", "level": "warning",
                   "notes": "Beto holds a card he should not"}), 201)
    ok(judge.post(f"/v1/matches/{match_id}/deck-checks", {"seat": 1, "matches_list": True}), 201)

    received: list[str] = []
    page.on("response", lambda r: received.append(r.text()) if r.ok and "text" in (
        r.headers.get("content-type") or "") and "event-stream" not in r.headers.get("content-type", "") else None)
    sign_in(page, site, created["tokens"]["0"])
    expect(page.locator(".match-frame")).to_be_visible()
    expect(page.locator("#penalties .penalty")).to_contain_text("Warning")
    expect(page.locator("#history-0")).to_have_count(0)        # histories are the judges'
    expect(page.locator("#deck-lists")).to_have_count(0)
    board_text = page.locator("body").inner_text()
    page.locator("#slip-link").click()
    expect(page.get_by_role("heading", name="Match slip")).to_be_visible()
    screenshots(page, artifacts, "player-slip")
    texts = [board_text, page.locator("body").inner_text(), page.content(), *received]

    shown = json.dumps([ok(player.get(f"/v1/matches/{match_id}/timeline")),
                        ok(player.get(f"/v1/matches/{match_id}/state"))], ensure_ascii=False)
    full = ok(judge.get(f"/v1/matches/{match_id}/state"))
    hidden = hidden_from(full, 0) - set(INSTANCE.findall(shown))
    opp, own = full["seats"][1], full["seats"][0]
    names = {c["name"] for zone in (opp["hand"], opp["deck"], opp["prizes"], own["deck"], own["prizes"])
             for c in zone} - {n for n in [c["name"] for s in full["seats"] for c in s["discard"]]}
    names = {n for n in names if n not in shown}
    assert hidden and names, "the scan would find nothing"
    for number, text in enumerate(texts):
        assert_nothing_hidden(text, hidden, f"text {number}")
        assert not [n for n in names if n in text], f"text {number} names a hidden card"
        assert "Beto holds a card" not in text, "a judge's note reached a player"


def test_R_TABLE_5_a_judges_reveal_names_the_cards_found_by_searching_them(site, page, artifacts):
    """A paper game's deck looked at by a judge: the cards named by searching their names (no
    card id typed), one of them not looked at, in order from the top; the preview in words."""
    judge_token = site.token("judge", "Judge Judy")
    created = create_match(site.api(judge_token), players=PLAYERS, randomness="table")
    sign_in(page, site, judge_token)
    page.goto(f"{site.url}/console/matches/{created['match_id']}")
    page.get_by_role("button", name="Reveal hidden cards…").click()
    form = page.locator("#form-reveal")
    form.get_by_label("Whose cards").select_option("1")
    form.get_by_label("Where").select_option("deck")
    picker = form.locator("#reveal-cards")
    picker.locator(".card-search").fill("Bulbas")
    picker.locator(".card-options li:not([hidden]) .card-option", has_text="BASE 44").click()
    form.get_by_role("button", name="Add a card not looked at").click()
    picker.locator(".card-search").fill("psychic en")
    picker.locator(".card-options li:not([hidden]) .card-option", has_text="BASE 101").click()
    expect(picker.locator(".card-chosen li")).to_have_text(
        ["Bulbasaur ✕", "a card not looked at ✕", "Psychic Energy ✕"])
    form.get_by_role("button", name="Check first (preview)").click()
    expect(form.locator(".preview")).to_contain_text("This preview appended nothing.")
    assert "{" not in form.locator(".preview").inner_text()
    screenshots(page, artifacts, "judge-reveal-form", "#form-reveal")
    form.get_by_role("button", name="Send").click()
    expect(form).to_be_hidden()
    events = ok(site.api(judge_token).get(f"/v1/matches/{created['match_id']}/events"))
    revealed = [e for e in events if e["type"] == "CardsRevealed"]
    assert [e["payload"]["cards"] for e in revealed] == [["base1-44", None, "base1-101"]]
