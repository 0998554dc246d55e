"""R-DECK: the four shipped EX Sandstorm / EX Dragon decks (`ex-sandstorm-…`, `ex-dragon-…`)
hold every ex2 and ex3 card between them, and each is a legal 60-card ex-2005 deck."""
from collections import Counter

import pytest

from projections.tcg import decks
from projections.tcg.carddb import card
from projections.tcg.decklist import deck_violations, parse_decklist

EX2_EX3_DECKS = ("ex-dragon-flygon", "ex-dragon-salamence", "ex-sandstorm-eevee", "ex-sandstorm-fossils")
EX2_EX3_CARDS = {f"{s}-{n}" for s in ("ex2", "ex3") for n in range(1, 101)}


def _legal_but_for_unencoded_cards(violations):
    """Violations less the one naming cards not encoded yet (the ex2/ex3 cards are being
    encoded; once they all are, that message is gone and nothing is filtered)."""
    return [v for v in violations if "does not know yet" not in v["message"]]


def test_the_four_decks_are_shipped_and_built_for_ex_2005():
    names = [n for n in decks.shipped_deck_names() if n.startswith(("ex-sandstorm-", "ex-dragon-"))]
    assert sorted(names) == sorted(EX2_EX3_DECKS)
    assert {decks.shipped_deck_ruleset(n) for n in names} == {"ex-2005"}


def test_the_four_decks_hold_every_ex2_and_ex3_card():
    held = {c for n in EX2_EX3_DECKS for c in decks.shipped_deck(n)}
    assert {c for c in held if c.startswith(("ex2-", "ex3-"))} == EX2_EX3_CARDS
    # the rest is ex1 basic Energy and Rainbow Energy
    assert {c.split("-")[0] for c in held} <= {"ex1", "ex2", "ex3"}


@pytest.mark.parametrize("name", EX2_EX3_DECKS)
def test_each_deck_parses_from_its_text_and_is_60_legal_cards(name):
    deck = parse_decklist(decks.shipped_decklist(name))
    assert deck == decks.shipped_deck(name)
    assert len(deck) == 60
    assert _legal_but_for_unencoded_cards(deck_violations(deck, "ex-2005")) == []


@pytest.mark.parametrize("name", EX2_EX3_DECKS)
def test_each_deck_keeps_its_evolution_lines_and_fossils_together(name):
    deck = decks.shipped_deck(name)
    names = {card(c).name for c in deck}
    for c in dict.fromkeys(deck):
        if card(c).supertype == "Pokemon" and card(c).evolves_from:
            assert card(c).evolves_from in names, (name, c, card(c).evolves_from)


@pytest.mark.parametrize("name", EX2_EX3_DECKS)
def test_each_deck_has_basics_and_energy_of_its_pokemons_types(name):
    deck = decks.shipped_deck(name)
    pokemon = [card(c) for c in deck if card(c).supertype == "Pokemon"]
    energy = [card(c) for c in deck if card(c).supertype == "Energy"]
    assert sum(c.is_basic_pokemon for c in pokemon) >= 15
    assert 10 <= len(energy) <= 18
    types = Counter(c.type for c in pokemon)
    # every colour of five or more of its Pokémon has its basic Energy in the deck
    energy_names = {c.name for c in energy}
    for t, n in types.items():
        if t != "Colorless" and n >= 5:
            assert f"{t} Energy" in energy_names, (name, t)
