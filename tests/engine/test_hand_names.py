"""A hand card named by card id or exact name (projections/tcg/hand_names.py)."""
from projections.tcg.game import TcgGame
from projections.tcg.randomness import FixedCoins
from tests.engine.cards.fixtures import FIRE, board, poke, side

GAME = TcgGame()
TORCHIC, POTION_EX, POTION_BASE = "ex1-74", "ex1-91", "base1-94"


def _decide(state, action):
    return GAME.decide(state, 0, action, FixedCoins([]))


def test_a_card_id_or_a_name_resolves_to_the_first_copy_in_the_hand():
    st = board(side(poke(TORCHIC), hand=[FIRE, FIRE]), side(poke(TORCHIC)))
    first = st.seats[0].hand[0]
    for named in (FIRE, "Fire Energy"):
        d = _decide(st, {"type": "attach_energy", "card": named, "target": st.seats[0].active.top})
        assert d.legal and d.event["payload"]["action"]["card"] == first


def test_R_TRAINER_1_a_name_that_fits_two_different_cards_is_refused_with_their_ids():
    st = board(side(poke(TORCHIC, damage=20), hand=[POTION_EX, POTION_BASE]), side(poke(TORCHIC)))
    d = _decide(st, {"type": "play_trainer", "card": "Potion", "targets": [st.seats[0].active.top]})
    assert not d.legal and d.violations[0]["rule"] == "R-TRAINER-1"
    assert "base1-94, ex1-91" in d.violations[0]["message"]
    by_id = _decide(st, {"type": "play_trainer", "card": POTION_BASE, "targets": [st.seats[0].active.top]})
    assert by_id.legal and by_id.event["payload"]["action"]["card"] == st.seats[0].hand[1]


NIDORAN_M, FARFETCHD, POKE_BALL_SV = "base1-55", "base1-27", "sv1-185"


def test_R_BENCH_2_a_hand_card_is_named_as_players_write_it():
    """The name from the hand compares as a deck list's line does (card_names.name_key):
    spacing, ♂/♀, case, accents, the apostrophe's shape (issue 41 item 9)."""
    st = board(side(poke(TORCHIC), hand=[NIDORAN_M, FARFETCHD]), side(poke(TORCHIC)))
    nidoran, farfetchd = st.seats[0].hand
    for named, inst in (("Nidoran♂", nidoran), ("nidoran ♂", nidoran), ("Farfetch’d", farfetchd),
                        ("FARFETCH'D", farfetchd)):
        d = _decide(st, {"type": "bench", "card": named})
        assert d.legal and d.event["payload"]["action"]["card"] == inst, named
    # a name no card of the hand has is left as it is, and refused by the rule that asks for the card
    d = _decide(st, {"type": "bench", "card": "Nidoran♀"})
    assert not d.legal and d.violations[0]["rule"] == "R-BENCH-2"
