"""Fossil Trainers (base3_trainers.py) and Fossil's two theme decks: exact outcomes; every play
is also among `legal_actions`. Shuffles keep the order (FixedCoins without a source).
"""
from engine_helpers import (
    CHARMANDER,
    FIGHTING,
    FIRE,
    GRASS,
    HITMONCHAN,
    MACHOP,
    WATER,
    act,
    board,
    mon,
    refuse,
    seat,
)

from projections.tcg.decklist import deck_violations, parse_decklist
from projections.tcg.legal import legal_actions
from tests.fossil_theme_decks import BODYGUARD, LOCKDOWN

MR_FUJI, ENERGY_SEARCH, GAMBLER, RECYCLE, FOSSIL = "base3-58", "base3-59", "base3-60", "base3-61", "base3-62"
KABUTO, OMANYTE, AERODACTYL, DCE = "base3-50", "base3-52", "base3-1", "base1-96"

def play(state, inst, targets=(), coins=(), seat_no=0, **choices):
    action = {"type": "play_trainer", "card": inst, "targets": list(targets), "choices": choices}
    assert action in legal_actions(state, seat_no), f"{action} not offered"
    return act(state, seat_no, action, coins)


def cards(state, instances):
    return [state.instances[i] for i in instances]


def test_mr_fuji_shuffles_a_benched_pokemon_and_its_cards_into_the_deck():
    st = board(seat(mon(HITMONCHAN), bench=[mon(MACHOP, energy=[FIGHTING], damage=20)], hand=[MR_FUJI], deck=[]),
               seat(mon(CHARMANDER)))
    machop = st.seats[0].bench[0].top
    d = play(st, st.seats[0].hand[0], [machop])
    assert d.state.seats[0].bench == []
    assert sorted(cards(d.state, d.state.seats[0].deck)) == sorted([FIGHTING, "base1-52"])
    assert len(d.state.seats[0].prizes) == len(st.seats[0].prizes) and len(d.state.seats[1].prizes) == 6
    bare = board(seat(mon(HITMONCHAN), hand=[MR_FUJI]), seat(mon(CHARMANDER)))
    refuse(bare, 0, {"type": "play_trainer", "card": bare.seats[0].hand[0], "targets": [], "choices": {}},
           "R-TRAINER-1")


def test_energy_search_takes_a_basic_energy_in_two_steps_and_none_when_there_is_none():
    st = board(seat(mon(HITMONCHAN), hand=[ENERGY_SEARCH], deck=[DCE, GRASS, MACHOP]), seat(mon(CHARMANDER)))
    d = play(st, st.seats[0].hand[0])
    assert d.state.pending and d.state.pending["kind"] == "search"
    grass = st.seats[0].deck[1]
    assert {"type": "choose", "choices": {"search": [grass]}} in legal_actions(d.state, 0)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [st.seats[0].deck[0]]}}, "R-TRAINER-1")
    d = act(d.state, 0, {"type": "choose", "choices": {"search": [grass]}})
    assert grass in d.state.seats[0].hand
    none = board(seat(mon(HITMONCHAN), hand=[ENERGY_SEARCH], deck=[DCE]), seat(mon(CHARMANDER)))
    d = play(none, none.seats[0].hand[0])
    d = act(d.state, 0, {"type": "choose", "choices": {"search": []}})
    assert cards(d.state, d.state.seats[0].deck) == [DCE]


def test_gambler_shuffles_the_hand_in_and_draws_8_on_heads_1_on_tails():
    st = board(seat(mon(HITMONCHAN), hand=[GAMBLER, FIRE, WATER], deck=[GRASS] * 10), seat(mon(CHARMANDER)))
    d = play(st, st.seats[0].hand[0], coins=["heads"])
    assert len(d.state.seats[0].hand) == 8 and len(d.state.seats[0].deck) == 4
    d = play(st, st.seats[0].hand[0], coins=["tails"])
    assert len(d.state.seats[0].hand) == 1 and len(d.state.seats[0].deck) == 11


def test_recycle_heads_puts_the_chosen_card_on_top_tails_nothing_and_needs_a_discard():
    st = board(seat(mon(HITMONCHAN), hand=[RECYCLE], discard=[FIRE, WATER]), seat(mon(CHARMANDER)))
    water = st.seats[0].discard[1]
    d = play(st, st.seats[0].hand[0], coins=["heads"], search=[water])
    assert d.state.seats[0].deck[0] == water
    d = play(st, st.seats[0].hand[0], coins=["tails"], search=[water])
    assert water in d.state.seats[0].discard
    empty = board(seat(mon(HITMONCHAN), hand=[RECYCLE]), seat(mon(CHARMANDER)))
    refuse(empty, 0, {"type": "play_trainer", "card": empty.seats[0].hand[0], "targets": [],
                      "choices": {"search": []}}, "R-TRAINER-1")


def test_mysterious_fossil_plays_as_a_basic_evolves_and_gives_no_prize():
    st = board(seat(mon(HITMONCHAN, energy=[FIGHTING] * 3), hand=[FOSSIL, KABUTO]),
               seat(mon(CHARMANDER), bench=[mon(FOSSIL)]))
    d = play(st, st.seats[0].hand[0])
    fossil = d.state.seats[0].bench[0]
    assert d.state.hp(fossil) == 10
    refuse(d.state, 0, {"type": "evolve", "card": d.state.seats[0].hand[0], "target": fossil.top}, "R-EVOLVE-2")
    # the opponent's Fossil, Gusted in, is Knocked Out without a Prize; the old Fossil evolves later
    evolved = board(seat(mon(HITMONCHAN), bench=[mon(FOSSIL, entered_turn=1)], hand=[KABUTO]), seat(mon(CHARMANDER)))
    f = evolved.seats[0].bench[0].top
    d = act(evolved, 0, {"type": "evolve", "card": evolved.seats[0].hand[0], "target": f})
    assert cards(d.state, d.state.seats[0].bench[0].stack) == [FOSSIL, KABUTO]
    ko = board(seat(mon(HITMONCHAN, energy=[FIGHTING])), seat(mon(FOSSIL), bench=[mon(CHARMANDER)]))
    d = act(ko, 0, {"type": "attack", "attack": "Jab", "choices": {}})
    assert len(d.state.seats[0].prizes) == 6


def test_mysterious_fossil_cant_retreat_and_is_discarded_from_play():
    st = board(seat(mon(FOSSIL), bench=[mon(MACHOP)]), seat(mon(CHARMANDER)))
    f = st.seats[0].active.top
    refuse(st, 0, {"type": "retreat", "to": st.seats[0].bench[0].top}, "R-RETREAT-1")
    d = act(st, 0, {"type": "discard_from_play", "card": f})
    assert f in d.state.seats[0].discard and d.state.phase == "promote"


def test_R_DECK_5_fossils_theme_decks_lockdown_and_bodyguard_validate_under_base_1999():
    for text in (LOCKDOWN, BODYGUARD):
        deck = parse_decklist(text)
        assert len(deck) == 60
        assert deck_violations(deck, "base-1999") == []
        assert any(c.startswith("base3-") for c in deck) and any(c.startswith("base1-") for c in deck)
