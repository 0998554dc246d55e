"""A deck list as people read it (projections.deck_groups): counted by name, grouped Pokémon,
Trainer, Energy, and a deck check side by side with the registered list (R-DECK-1)."""

from __future__ import annotations

from projections.deck_groups import counted, grouped, side_by_side
from projections.tcg.decks import shipped_deck


def test_a_deck_is_grouped_pokemon_trainer_energy_and_counted_by_name():
    deck = shipped_deck("fire-fighting")
    groups = grouped("tcg", deck)
    assert [g["kind"] for g in groups] == ["Pokemon", "Trainer", "Energy"]
    assert [str(g["label"]) for g in groups] == ["Pokémon", "Trainer", "Energy"]
    assert sum(g["count"] for g in groups) == len(deck) == 60
    for group in groups:
        assert sum(row["count"] for row in group["cards"]) == group["count"]
        names = [str(row["name"]).casefold() for row in group["cards"]]
        assert names == sorted(names)
    assert all(str(row["name"]) != row["card"] for g in groups for row in g["cards"])


def test_an_unknown_card_keeps_its_id_and_comes_last():
    rows = counted("tcg", ["no-such-card", *shipped_deck("fire-fighting")[:3]])
    assert rows[-1]["card"] == "no-such-card" and rows[-1]["name"] == "no-such-card"
    assert grouped("tcg", ["no-such-card"])[0]["kind"] == ""


def test_R_DECK_1_a_deck_check_reads_side_by_side_by_name():
    deck = shipped_deck("fire-fighting")
    missing_card, extra_card = deck[0], "base1-1"
    rows = side_by_side("tcg", deck, {missing_card: 1}, {extra_card: 2})
    by_card = {row["card"]: row for row in rows}
    listed = deck.count(missing_card)
    assert by_card[missing_card]["registered"] == listed
    assert by_card[missing_card]["found"] == listed - 1 and by_card[missing_card]["differs"]
    assert by_card[extra_card]["registered"] == deck.count(extra_card)
    assert by_card[extra_card]["found"] == deck.count(extra_card) + 2
    assert [row for row in rows if row["differs"]] == [by_card[c] for c in rows_order(rows, missing_card, extra_card)]
    same = side_by_side("tcg", deck, None, None)
    assert not any(row["differs"] for row in same)
    assert sum(row["registered"] for row in same) == 60


def rows_order(rows, *cards):
    return [row["card"] for row in rows if row["card"] in cards]
