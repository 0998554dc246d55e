"""R-HIDDEN-1 against probes: a pick of the face-down deck named with the card, before looking.

A player names the cards a search takes after the deck is shown (the `choose` step); an app
refuses an action naming a deck card it can't see (R-HIDDEN-1, app/service/actions.py). What
is left to a player is to name none (`"search": []`) with the card: had the engine refused that
only when a card fits, or counted the fitting cards in its refusal, the refusal would tell the
player what the deck holds at no cost (nothing stored, nothing shuffled). Every listed action
whose choices may name deck cards is probed so in random games of every era's shipped decks,
and must be answered the same for the deck as dealt, a deck of basic Energy and one of Basic
Pokémon (`random_play.check_blind_picks`).
"""
import pytest
from random_play import coverage_decks, play_game, shipped_decks

from projections.tcg.carddb import card
from projections.tcg.cards.effects.choices import refuse_blind_none
from projections.tcg.illegal import Illegal

MODERN = shipped_decks("modern")
EX = shipped_decks("ex-2005")
PAIRS = sorted(MODERN)


@pytest.mark.parametrize("first", range(0, len(PAIRS), 2))
def test_r_hidden_1_modern_searches_named_empty_before_looking_tell_nothing(first):
    decks = [MODERN[PAIRS[first]], MODERN[PAIRS[(first + 1) % len(PAIRS)]]]
    summary = play_game(first, decks, "modern", check_legal=0, probes=0, blind=True)
    assert summary["blind_probes"] > 0


def test_r_hidden_1_ex_and_base_searches_named_empty_before_looking_tell_nothing():
    ex = sorted(EX)
    probed = play_game(3, [EX[ex[0]], EX[ex[-1]]], "ex-2005", check_legal=0, probes=0, blind=True)["blind_probes"]
    probed += play_game(4, coverage_decks()[:2], check_legal=0, probes=0, blind=True)["blind_probes"]
    assert probed > 0


def test_r_hidden_1_an_empty_pick_is_refused_whatever_the_deck_holds_unless_nothing_can_be_taken():
    with pytest.raises(Illegal) as refused:
        refuse_blind_none("search", [], 1, ["0:1"])
    assert refused.value.rule == "R-HIDDEN-1"
    assert "0:1" not in str(refused.value)
    refuse_blind_none("search", [], 0, ["0:1"])        # the Bench is full: nothing may be taken
    refuse_blind_none("search", [], 1, [])             # the deck is empty, as both players see
    refuse_blind_none("search", None, 1, ["0:1"])      # left out: the deck is shown first
    assert card("sve-1").is_basic_energy
