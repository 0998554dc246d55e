"""A judge's steps on the console's event pages, clicked as a person does (issue 44 item 1):
shared by the browser tests that set an event up in the browser and play its round."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def create_event(page: Any, name: str, date: str, best_of: int = 1) -> str:
    """From the Sections' Events link: a new event; the event screen's address."""
    page.get_by_role("navigation", name="Sections").get_by_role("link", name="Events").click()
    expect(page.get_by_role("heading", name="Events", exact=True)).to_be_visible()
    form = page.locator("#new-event")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Date").fill(date)
    form.get_by_label("Best of").select_option(str(best_of))
    form.get_by_role("button", name="Create the event").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    return str(page.url.split("?")[0])


def register(page: Any, name: str, player_id: str, birth_year: str, decklist: str) -> None:
    """A player with the deck list pasted (the page answers: registered, or why not)."""
    form = page.locator("#player-form")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Player ID").fill(player_id)
    form.get_by_label("Year of birth").fill(birth_year)
    form.locator("#pl-decklist").fill(decklist)
    form.get_by_role("button", name="Register").click()
    page.wait_for_load_state("domcontentloaded")


def pair(page: Any, table: int, first: str, second: str) -> Any:
    """Two registered players (by ID) at a table of the round shown; the table's row."""
    form = page.locator("#pair-form")
    form.get_by_label("Table").fill(str(table))
    form.get_by_label("Player 1").select_option(first)
    form.get_by_label("Player 2").select_option(second)
    form.get_by_role("button", name="Pair the table").click()
    row = page.locator(f'#event-tables tr[data-table="{table}"]')
    expect(row).to_contain_text("not started")
    return row


def start_round(page: Any, number: int, table: int) -> dict[str, str]:
    """Start the round; the table's tokens as the page shows them once: ``scorekeeper``,
    ``"0"`` and ``"1"`` (the players'), and its ``match``."""
    page.get_by_role("button", name=f"Start round {number}").click()
    issued = page.locator(f'#issued-tokens tr[data-table="{table}"]')
    expect(issued).to_be_visible()
    tokens = {slot: issued.locator(f'code[data-slot="{slot}"]').inner_text().strip()
              for slot in ("scorekeeper", "0", "1")}
    return {**tokens, "match": issued.get_attribute("data-match") or ""}


def fits(page: Any, width: int) -> None:
    """Nothing on the page scrolls sideways at ``width``."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
