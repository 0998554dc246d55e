"""The shipped 2026 Standard decks (`std26-…`, issue 43 item 6): lists people played in the 2026
format (or, said so, built from an archetype's engine), legal under the Standard period that
began on 2026-04-10 (R-DECK-1, R-DECK-2, R-DECK-5), each citing where it came from."""
import re
from datetime import date
from pathlib import Path

import pytest

from projections.tcg import decks, formats
from projections.tcg.carddb import card
from projections.tcg.decklist import deck_violations, parse_decklist, same_name

STD26 = sorted(n for n in decks.shipped_deck_names() if n.startswith("std26-"))
TODAY = date(2026, 12, 7)                  # the 2026 period's marks: H, I, J
ROTATION = date(2026, 4, 10)               # its first day
IN_2025 = date(2025, 6, 1)                 # the 2025 period (G, H, I, J)
IONO = "sv2-185"                           # a G card: rotated on 2026-04-10
SOURCES = Path(decks.__file__).parent / "SOURCES.md"
MEGA_DECKS = {"std26-kangaskhan-clefairy", "std26-mega-gardevoir", "std26-mega-lucario"}


def test_the_2026_decks_are_at_least_six_archetypes_with_mega_evolution():
    assert len(STD26) >= 6
    assert MEGA_DECKS <= set(STD26)
    for name in MEGA_DECKS:
        assert any("mega" in card(c).tags for c in decks.shipped_deck(name)), name
    attackers = {name: {card(c).name for c in decks.shipped_deck(name) if "ex" in card(c).tags} for name in STD26}
    assert "Dragapult ex" in attackers["std26-dragapult-dudunsparce"]
    assert "Raging Bolt ex" in attackers["std26-raging-bolt-ogerpon"]
    assert "Mega Gardevoir ex" in attackers["std26-mega-gardevoir"]


@pytest.mark.parametrize("name", STD26)
def test_R_DECK_5_R_DECK_1_R_DECK_2_each_2026_deck_is_legal_in_the_2026_standard_format(name):
    text = decks.shipped_decklist(name)
    deck = parse_decklist(text)
    assert deck == decks.shipped_deck(name)
    assert len(deck) == 60                                                     # R-DECK-1
    names = [same_name(card(c).name) for c in deck if not card(c).is_basic_energy]
    assert max(names.count(n) for n in names) <= 4                             # R-DECK-2
    assert decks.shipped_deck_ruleset(name) == "modern"
    assert formats.standard_period(TODAY).marks == ("H", "I", "J")
    for day in (ROTATION, TODAY):                                              # R-DECK-5
        assert deck_violations(deck, "modern", "standard", day) == [], (name, day)
    assert deck_violations(deck, "modern", "era") == []
    assert sum("ace_spec" in card(c).tags for c in deck) <= 1


@pytest.mark.parametrize("name", STD26)
def test_R_DECK_5_a_rotated_card_put_into_a_2026_deck_is_refused_on_a_2026_date(name):
    deck = decks.shipped_deck(name)
    swapped = [IONO] + deck[1:] if card(deck[0]).name != "Iono" else deck
    refused = deck_violations(swapped, "modern", "standard", TODAY)
    assert [v["rule"] for v in refused] == ["R-DECK-5"] and "Iono" in refused[0]["message"], refused
    assert "Iono" not in {card(c).name for c in deck}
    assert deck_violations(swapped, "modern", "unlimited") == []


def test_R_DECK_5_the_same_iono_was_legal_in_2025_and_the_cards_the_2026_decks_share_rotate_by_print():
    """A G card is legal in the 2025 period and not in 2026; a G print of a card reprinted with
    a later mark (Ultra Ball SVI 196, as Prague's Dragapult list names it) stays legal."""
    deck = decks.shipped_deck("std26-dragapult-dudunsparce")
    swapped = [IONO] + deck[1:]
    assert [v["rule"] for v in deck_violations(swapped, "modern", "standard", TODAY)] == ["R-DECK-5"]
    assert deck_violations(swapped, "modern", "standard", IN_2025) == []
    assert "sv1-196" in deck and card("sv1-196").regulation_mark == "G"      # Ultra Ball SVI 196


def test_R_DECK_2_a_fifth_copy_in_a_2026_deck_is_refused():
    deck = decks.shipped_deck("std26-mega-lucario")
    boss = [c for c in deck if card(c).name == "Boss's Orders"]
    assert len(boss) == 4
    lillies = next(c for c in deck if card(c).name == "Lillie's Determination")
    fifth = list(deck)
    fifth[fifth.index(lillies)] = boss[0]
    assert [v["rule"] for v in deck_violations(fifth, "modern", "standard", TODAY)] == ["R-DECK-2"]


def test_the_shipped_decks_list_the_2026_decks_with_the_modern_ruleset():
    modern = {n for n in decks.shipped_deck_names() if decks.shipped_deck_ruleset(n) == "modern"}
    assert set(STD26) <= modern
    assert {n for n in modern if n.startswith("sv-")} | set(STD26) == modern
    assert "std26-" in (decks.__doc__ or "")


@pytest.mark.parametrize("name", STD26)
def test_each_2026_deck_says_where_it_came_from(name):
    """A header comment cites the list's source (an address) or says it is not a copied list;
    SOURCES.md names every deck, and every change from the played list is written down."""
    header = [line for line in decks.shipped_decklist(name).splitlines() if line.startswith("#")]
    assert header, name
    said = " ".join(header)
    assert re.search(r"https://\S+", said) or "NOT a copied tournament list" in said, name
    assert f"`{name}`" in SOURCES.read_text(encoding="utf-8")
