"""A paper game logged at the console by clicking only (issue 44 items 1 and 2): a judge sets
the event up in the browser — creates it, registers Ana and Beto with their deck lists pasted,
pairs their table and starts the round, which makes the table's paper game (table mode) and
shows its tokens once — and the table's scorekeeper signs in with the token shown, names what
the table shows by searching card names (in English, Portuguese and Spanish) and clicks what
the console offers — the first-player flip whose winner chooses (before the hands), the setup
with the opening hand, a mulligan, draws named, cards played from the hand, what searches found, Rare Candy with
its Stage 2, an Ability with its choices, a retreat as one button, a shuffle the table reports,
an attack, a Knock Out and the Prize cards taken — until the game is won. The test sends nothing to the API: every
request the API hears is the console's own. The outcome is read on the console's pages (the
match's summary, its timeline, its integrity once a worker has anchored it, the event
screen); each player's page is scanned for the other's hidden cards."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from projections.tcg import decks
from tests.browser.conftest import sign_in, worker_running
from tests.browser.event_steps import create_event, pair, register, start_round

pytestmark = pytest.mark.integration

ANA_DECK, BETO_DECK = "sv-charizard-pidgeot", "sv-gardevoir-ex"
# Cards of one deck list only, which stay in their player's hand: the other must never read them.
ANA_PRIVATE = ("Pal Pad", "sv1-182", "Jet Energy", "sv2-190")
BETO_PRIVATE = ("Secret Box", "sv6-163", "Night Stretcher", "sv6pt5-61", "Earthen Vessel", "sv4-163")
# What the timeline narrates of the kinds of action clicked (a mulligan, the setups, the extra
# card, an evolution, Rare Candy, an Ability and its choice, a retreat, an attack, a promotion).
TIMELINE_SAYS = ("Seat 1 (Beto) has no Basic Pokémon: shows the hand", "Seat 1 (Beto) places an Active Pokémon",
                 "Seat 0 (Ana) draws 1 extra card(s) for the opponent's mulligans", "evolves Pidgey into Pidgeotto",
                 "Seat 0 (Ana) plays Rare Candy", "evolves Charmander into Charizard ex",
                 "uses Charizard ex's Ability Infernal Reign", "Infernal Reign attaches Basic Fire Energy",
                 "Charmander retreats", "attacks with Burning Darkness", "promotes Ralts to Active",
                 "Seat 0 (Ana) wins the game")


class Console:
    """The scorekeeper's page, clicked the way a person does."""

    def __init__(self, page: Any):
        self.page = page
        self.frame = page.locator(".match-frame")
        self.sends = 0

    def seat(self, seat: int) -> Any:
        return self.page.locator(f'.seat-actions[data-seat="{seat}"]')

    def name(self, picker: str, query: str, option: str | None = None) -> None:
        """Type ``query`` in the picker's search and click the card ``option`` it shows."""
        self.page.locator(f"#{picker}-q").fill(query)
        shown = self.page.locator(f"#{picker} .card-options li:not([hidden]) .card-option")
        shown.filter(has_text=re.compile(rf"^{re.escape(option or query)}\b")).first.click()

    def sent(self, control: Any) -> None:
        """Click ``control``, which sends an action: the board moves on, nothing is refused."""
        head = self.frame.get_attribute("data-head")
        control.click()
        expect(self.frame).not_to_have_attribute("data-head", head)
        expect(self.page.locator("#refusal")).to_be_hidden()
        self.sends += 1

    def act(self, seat: int, title: str, choice: str | None = None) -> None:
        """Click an action of the seat's list (a group's title, then its choice)."""
        section = self.seat(seat)
        if choice is None:
            self.sent(section.locator("button.act", has_text=title).first)
            return
        section.locator("summary", has_text=title).first.click()
        self.sent(section.locator("details[open] button.act", has_text=choice).first)

    def ask(self, seat: int, form: str) -> Any:
        """Submit a paper question (what a card can do, what a search found); its answer."""
        self.page.locator(f"#paper-{seat}-{form}-ask").click()
        options = self.page.locator(f"#paper-{seat}-{form} .paper-options .paper-choices")
        expect(options).to_be_visible()
        return options

    def play(self, seat: int, query: str, card: str, title: str, choice: str | None = None,
             with_cards: tuple[tuple[str, str], ...] = ()) -> None:
        """A card played from the hand, named by searching it; then the action it offers."""
        self.name(f"paper-{seat}-card", query, card)
        for q, c in with_cards:
            self.name(f"paper-{seat}-with", q, c)
        options = self.ask(seat, "play")
        if choice is None:
            self.sent(options.locator("button.act", has_text=title).first)
        else:
            options.locator("summary", has_text=title).first.click()
            self.sent(options.locator("details[open] button.act", has_text=choice).first)

    def found(self, seat: int, cards: list[str], choice: Any = None) -> None:
        """What a search found, named; then the one choice that takes them (or ``choice``)."""
        for c in cards:
            self.name(f"paper-{seat}-found", c)
        options = self.ask(seat, "search")
        buttons = options.locator("button.act")
        if choice is None:
            expect(buttons).to_have_count(1)
            self.sent(buttons.first)
        else:
            options.locator("summary").first.click()
            self.sent(options.locator("details[open] button.act", has_text=choice).first)

    def reports(self, seat: int) -> None:
        """Open the seat's "also seen at the table" (it stays open once opened)."""
        if self.page.locator(f"#paper-{seat}-reports[open]").count() == 0:
            self.page.locator(f"#paper-{seat}-reports summary").click()

    def draw(self, seat: int, card: str | None = None, query: str | None = None) -> None:
        if card is None:
            self.act(seat, "Draw a card")
            return
        self.name(f"paper-{seat}-drawn", query or card, card)
        self.sent(self.page.locator(f"#paper-{seat}-draw-send"))


def scan(page: Any, private: tuple[str, ...]) -> None:
    """Every text of a player's page (what it shows and what it holds) lacks ``private``."""
    html = page.content()
    text = page.locator("body").inner_text()
    for word in private:
        assert word not in html and word not in text, f"{word!r} on a player's page"


def player_page(chromium: Any, site: Any, token: str, watch: Any) -> Any:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    watch(context)
    page = context.new_page()
    sign_in(page, site, token)
    expect(page.locator(".match-frame")).to_be_visible()
    return page


def set_up_the_event(judge: Any) -> tuple[str, dict[str, str]]:
    """The judge's side: the event, Ana and Beto with their lists pasted, table 3, round 1
    started; the event screen's address and the table's tokens as it shows them."""
    event_url = create_event(judge, "Regional Curitiba", "2025-09-20")
    register(judge, "Ana", "111", "1990", decks.shipped_decklist(ANA_DECK))
    register(judge, "Beto", "222", "1988", decks.shipped_decklist(BETO_DECK))
    for player_id in ("111", "222"):
        expect(judge.locator(f"#player-{player_id}")).to_contain_text("registered")
    pair(judge, 3, "111", "222")
    return event_url, start_round(judge, 1, 3)


@pytest.mark.timeout(600)
def test_a_scorekeeper_logs_a_whole_paper_game_by_clicking_only(site, page, chromium, artifacts, redis_url):
    api_calls: list[str] = []

    def watch(context: Any) -> None:
        context.on("request", lambda r: api_calls.append(f"{r.method} {r.url}") if "/v1/" in r.url else None)

    judge = chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
    watch(judge.context)
    watch(page.context)
    sign_in(judge, site, site.token("judge", "Judge Judy"))
    event_url, tokens = set_up_the_event(judge)
    sign_in(page, site, tokens["scorekeeper"])
    c = Console(page)
    expect(c.frame).to_be_visible()
    assert tokens["match"] in page.url
    summary = page.locator(".summary")
    expect(summary.locator("h1")).to_have_text("Table 3: Ana – Beto")
    expect(summary).to_contain_text("coins reported by the table")        # a paper game: table mode

    # -- the flip first (R-SETUP-6, modern): Ana won it at the table and lets Beto go first
    expect(page.locator(".paper-send")).to_have_count(0)                  # no hand before the choice
    c.act(0, "Won the coin flip: Seat 1 (Beto) goes first")
    expect(page.locator("#timeline")).to_contain_text("Seat 0 (Ana) wins the flip")

    # -- setup: Beto has no Basic Pokémon and shows the hand; Ana sets up with her hand shown
    for card in ("Arven", "Iono", "Ultra Ball", "Nest Ball", "Rare Candy", "Basic Psychic Energy",
                 "Basic Psychic Energy"):
        c.name("paper-1-shown", card)
    c.sent(page.locator("#paper-1-mulligan-send"))
    expect(page.locator("#timeline")).to_contain_text("has no Basic Pokémon")
    c.name("paper-0-active", "char", "Charmander")
    c.name("paper-0-bench", "Pidgey")
    c.name("paper-0-hand", "Damián", "Arven")                             # Arven in Spanish
    page.screenshot(path=artifacts / "paper-setup-1280.png", full_page=True)
    c.sent(page.locator("#paper-0-setup-send"))
    expect(page.locator("#paper-0-setup")).to_have_count(0)
    expect(page.locator(".first-player")).to_have_count(0)               # the flip was before the hands
    c.name("paper-1-active", "Ralts")
    for card in ("Secret Box", "Night Stretcher", "Earthen Vessel"):
        c.name("paper-1-hand", card)
    c.sent(page.locator("#paper-1-setup-send"))
    # Ana's extra card for Beto's mulligan, named, ends the setup: Beto, as chosen, goes first
    expect(page.locator("#paper-0-extra-count")).to_have_value("1")
    c.name("paper-0-extra-cards", "Pal Pad")
    c.sent(page.locator("#paper-0-extra-send"))
    expect(page.locator("#timeline")).to_contain_text("Seat 1 (Beto) goes first")

    # -- turn 1, Beto: an Energy named from the hand, Nest Ball and what it found
    c.draw(1)
    c.play(1, "Basic Psychic", "Basic Psychic Energy", "Attach Basic Psychic Energy to Ralts (Active)")
    c.play(1, "nido", "Nest Ball", "Play Nest Ball")                        # Spanish
    c.found(1, ["Ralts"])
    c.act(1, "End the turn")

    # -- turn 2, Ana: a draw named, Buddy-Buddy Poffin's two Pokémon, an Energy, a retreat
    c.draw(0, "Basic Fire Energy", "Energia {R}")                           # Portuguese
    c.play(0, "Poffin", "Buddy-Buddy Poffin", "Play Buddy-Buddy Poffin")
    c.found(0, ["Charmander", "Pidgey"])
    c.act(0, "Attach Basic Fire Energy", "Charmander (Active)")
    retreat = c.seat(0).locator("summary", has_text="Retreat")
    expect(retreat).to_have_count(1)                                      # one button to retreat
    retreat.click()
    expect(c.seat(0).locator("details[open] button.act")).to_have_count(3)   # one per Benched Pokémon
    expect(c.seat(0).locator("details[open] button.act").first).not_to_contain_text(":u")
    c.sent(c.seat(0).locator("details[open] button.act", has_text="Pidgey (Bench 1)"))
    expect(page.locator("#actions")).not_to_contain_text(re.compile(r"\d:u\d"))
    expect(page.locator("#paper-0-card-q")).to_be_visible()
    c.act(0, "End the turn")

    # -- turn 3, Beto: the table shuffles his deck (no action of the game says so), then he draws
    c.sent(page.locator("#paper-1-shuffle"))
    expect(page.locator("#timeline")).to_contain_text("Seat 1 (Beto) shuffles the deck.")
    c.draw(1)
    c.act(1, "End the turn")

    # -- turn 4, Ana: an evolution, Rare Candy, Infernal Reign, Arven, Switch, an attack
    c.draw(0, "Switch", "Substitui")
    c.play(0, "Pidgeotto", "Pidgeotto", "Evolve Pidgey", "(Active)")
    expect(page.locator("#paper-0-card-q")).to_be_focused()              # back to name the next card
    c.name("paper-0-card", "Doce Raro", "Rare Candy")                      # alone: it needs its Stage 2
    expect(c.ask(0, "play")).to_contain_text("name the other cards from the hand")
    c.play(0, "Caramelo", "Rare Candy", "Play Rare Candy on Charmander", "(Bench 1)",
           with_cards=(("Charizard", "Charizard ex"),))
    c.act(0, "Use Infernal Reign")
    c.found(0, ["Basic Fire Energy"] * 3, re.compile(r"Pokémon: (Charizard ex \(Bench \d\)(, )?){3}\)$"))
    c.act(0, "Play Arven")
    c.found(0, ["Ultra Ball", "Defiance Band"])
    page.screenshot(path=artifacts / "paper-turn-1280.png", full_page=True)
    page.set_viewport_size({"width": 768, "height": 1024})
    page.screenshot(path=artifacts / "paper-turn-768.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    ana, beto = (player_page(chromium, site, tokens[str(s)], watch) for s in (0, 1))
    scan(ana, BETO_PRIVATE)
    scan(beto, ANA_PRIVATE)
    c.act(0, "Play Switch", "Charizard ex (Bench")
    c.reports(0)
    c.name("paper-0-prizes", "Kissera", "Iono")                            # the Prize card taken
    c.act(0, "Attack: Burning Darkness")
    expect(page.locator("#timeline")).to_contain_text("is Knocked Out")
    expect(page.locator("#timeline")).to_contain_text("takes 1 Prize card")
    c.act(1, "Promote Ralts")

    # -- turn 5, Beto; turn 6, Ana wins
    c.draw(1)
    c.act(1, "End the turn")
    c.draw(0, "Jet Energy")
    c.reports(0)
    c.name("paper-0-prizes", "Boss")
    c.act(0, "Attack: Burning Darkness")
    expect(page.locator(".summary")).to_contain_text("Winner: Ana")

    # nothing but the console's own requests reached the API: every post one of its actions,
    # everything else the pages' live streams
    posts = [call for call in api_calls if call.startswith("POST")]
    assert len(posts) == c.sends and all(call.endswith("/actions") for call in posts)
    assert all("/stream" in call for call in api_calls if not call.startswith("POST")), api_calls
    for p in (ana, beto):
        p.reload()
        expect(p.locator(".summary")).to_contain_text("Winner: Ana")
    scan(ana, BETO_PRIVATE)
    scan(beto, ANA_PRIVATE)

    # the judge reads the outcome on the console, with a worker checking the match's log
    with worker_running(redis_url):
        judge.goto(event_url)
        row = judge.locator('#event-tables tr[data-table="3"]')
        expect(row.locator(".badge.status-finished")).to_be_visible(timeout=20_000)
        expect(row.locator(".games-won")).to_have_text("1–0")
        judge.goto(site.url + str(row.locator(".open-match").get_attribute("href")))
        frame = judge.locator(".match-frame")
        expect(frame.locator(".summary")).to_contain_text("Winner: Ana")
        head = frame.get_attribute("data-head")
        anchored = frame.locator('.summary [data-integrity="anchored"]')
        for _ in range(40):     # its keyed hash chain checked and anchored up to its last event
            if anchored.count() and anchored.get_attribute("data-seq") == head:
                break
            judge.wait_for_timeout(250)
            judge.reload()
        expect(anchored).to_have_attribute("data-seq", str(head))
    # the timeline: the match made and its clock started by the round's start, then the
    # actions clicked, every one of them the scorekeeper's
    expect(judge.locator("#timeline li.event")).to_have_count(c.sends + 2)
    taken = judge.locator('#timeline li.event:has(.etype[title="ActionTaken"])')
    expect(taken).to_have_count(c.sends)
    assert set(taken.locator(".actor").all_inner_texts()) == {f"scorekeeper of {tokens['match']}"}
    timeline = judge.locator("#timeline")
    for said in TIMELINE_SAYS:
        expect(timeline).to_contain_text(said)
    judge.context.close()
