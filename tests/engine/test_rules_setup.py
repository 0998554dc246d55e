"""R-SETUP: dealing, mulligans, placing Pokémon, Prize cards and the first player.

Shuffles are scripted: FixedCoins without a shuffle source keeps every deck in list order,
so the deck list decides which 7 cards are drawn and mulligans can be forced.
"""
from engine_helpers import CHARMELEON, FIRE, MACHOP, act, refuse

from projections.tcg import engine
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import FixedCoins, SeededRandomness
from projections.tcg.view import view_state

E = FIRE


def deal(deck0, deck1, ruleset="base-1999"):
    players = [{"name": "Ana", "deck": deck0}, {"name": "Beto", "deck": deck1}]
    return engine.create_match(ruleset, players, FixedCoins([]))


def basics_first():
    return [MACHOP] * 4 + [E] * 56


def no_basic_first(n_bad=7):
    """The first n_bad cards hold no Basic, the next card is a Machop."""
    return [E] * n_bad + [MACHOP] * 4 + [E] * (56 - n_bad)


def test_R_SETUP_1_shuffle_and_draw_seven():
    rec, state, narration = engine.create_match(
        "base-1999", [{"name": "Ana", "deck": basics_first()}, {"name": "Beto", "deck": basics_first()}],
        SeededRandomness(3))
    assert len(rec["shuffles"]) >= 2                       # each deck shuffled, recorded
    for s in state.seats:
        assert len(s.hand) == 7 and len(s.deck) == 53
    assert sum("[R-SETUP-1]" in line for line in narration) == 2
    assert state.phase == "setup"


def test_R_SETUP_2_mulligan_gives_opponent_up_to_two_extra_cards():
    rec, state, narration = deal(no_basic_first(), basics_first())
    assert state.seats[0].mulligans == 1 and state.seats[1].mulligans == 0
    assert state.seats[1].extra_cards_allowed == 2 and state.seats[0].extra_cards_allowed == 0
    assert any("[R-SETUP-2]" in line for line in narration)
    assert any(MACHOP == state.instances[i] for i in state.seats[0].hand)
    # the mulligan hand went back into the deck: still 60 cards
    assert len(state.seats[0].hand) + len(state.seats[0].deck) == 60
    refuse(state, 1, {"type": "mulligan_draw", "count": 3}, "R-SETUP-2", contains="up to 2")
    refuse(state, 0, {"type": "mulligan_draw", "count": 1}, "R-SETUP-2", contains="no extra cards")
    d = act(state, 1, {"type": "mulligan_draw", "count": 2})
    assert len(d.state.seats[1].hand) == 9 and d.state.seats[1].extra_cards_allowed == 0
    refuse(d.state, 1, {"type": "mulligan_draw", "count": 1}, "R-SETUP-2")


def test_R_SETUP_2_extra_cards_are_optional():
    _, state, _ = deal(no_basic_first(), basics_first())
    d = act(state, 1, {"type": "mulligan_draw", "count": 0})
    assert len(d.state.seats[1].hand) == 7
    # or simply placing the Pokémon gives them up (base-1999 draws them before placing)
    hand = state.seats[1].hand
    d = act(state, 1, {"type": "setup", "active": hand[0], "bench": []})
    assert d.state.seats[1].extra_cards_allowed == 0
    refuse(d.state, 1, {"type": "mulligan_draw", "count": 1}, "R-SETUP-2")


def test_R_SETUP_2_each_mulligan_adds_two():
    # 14 cards without a Basic: two mulligans in a row
    _, state, _ = deal(no_basic_first(14), basics_first())
    assert state.seats[0].mulligans == 2 and state.seats[1].extra_cards_allowed == 4


def test_R_SETUP_3_neither_has_a_basic_both_redraw_without_extras():
    _, state, narration = deal(no_basic_first(), no_basic_first())
    assert any("[R-SETUP-3]" in line for line in narration)
    assert not any("[R-SETUP-2]" in line for line in narration)
    for s in state.seats:
        assert s.mulligans == 0 and s.extra_cards_allowed == 0
        assert any(state.card_of(i).is_basic_pokemon for i in s.hand)


def test_R_SETUP_3_then_R_SETUP_2_for_the_one_still_without():
    # both fail the first 7; then seat 0 has a Basic and seat 1 does not: only seat 1's redraw counts
    _, state, narration = deal(no_basic_first(7), no_basic_first(14))
    assert any("[R-SETUP-3]" in line for line in narration)
    assert state.seats[1].mulligans == 1 and state.seats[0].extra_cards_allowed == 2
    assert state.seats[0].mulligans == 0 and state.seats[1].extra_cards_allowed == 0


def test_R_SETUP_4_place_active_and_up_to_five_basics_face_down():
    deck = [MACHOP] * 4 + ["base1-46"] * 3 + [E] * 53     # 7 Basics in the opening hand
    _, state, _ = deal(deck, basics_first())
    hand = state.seats[0].hand
    refuse(state, 0, {"type": "setup", "active": hand[0], "bench": hand[1:7]}, "R-BENCH-1")
    refuse(state, 0, {"type": "setup", "active": hand[0], "bench": [hand[0]]}, "R-SETUP-4")
    refuse(state, 0, {"type": "setup", "active": state.seats[0].deck[0], "bench": []}, "R-SETUP-4")
    refuse(state, 0, {"type": "end_turn"}, "R-SETUP-4")
    d = act(state, 0, {"type": "setup", "active": hand[0], "bench": hand[1:6]})
    s = d.state.seats[0]
    assert s.active.top == hand[0] and [p.top for p in s.bench] == hand[1:6]
    refuse(d.state, 0, {"type": "setup", "active": hand[6], "bench": []}, "R-SETUP-4", contains="already")
    # face down: the opponent's view hides them until both are placed
    v = view_state(d.state, "player", 1)
    assert v["seats"][0]["active"] == {"face_down": True}
    assert all(b == {"face_down": True} for b in v["seats"][0]["bench"])
    assert view_state(d.state, "player", 0)["seats"][0]["active"]["instance"] == hand[0]


def test_R_SETUP_4_only_basics():
    deck = [CHARMELEON] + [MACHOP] * 4 + [E] * 55
    _, state, _ = deal(deck, basics_first())
    charmeleon = next(i for i in state.seats[0].hand if state.instances[i] == CHARMELEON)
    machop = next(i for i in state.seats[0].hand if state.instances[i] == MACHOP)
    refuse(state, 0, {"type": "setup", "active": charmeleon, "bench": []}, "R-SETUP-4", contains="Basic")
    refuse(state, 0, {"type": "setup", "active": machop, "bench": [charmeleon]}, "R-SETUP-4")


def _set_up(state, coins=("heads",)):
    d = act(state, 0, {"type": "setup", "active": state.seats[0].hand[0], "bench": []})
    return act(d.state, 1, {"type": "setup", "active": d.state.seats[1].hand[0], "bench": []}, coins)


def test_R_SETUP_5_six_prize_cards_from_the_top():
    _, state, _ = deal(basics_first(), basics_first())
    top6 = [s.deck[:6] for s in state.seats]
    d = _set_up(state)
    for n, s in enumerate(d.state.seats):
        assert s.prizes == top6[n]
    assert sum("[R-SETUP-5]" in line for line in d.narration) == 2
    assert len(d.state.seats[1].deck) == 60 - 7 - 6
    # the first player drew for turn 1 (base-1999)
    assert len(d.state.seats[0].deck) == 60 - 7 - 6 - 1


def test_R_SETUP_6_coin_flip_decides_who_goes_first():
    _, state, _ = deal(basics_first(), basics_first())
    heads = _set_up(state, ("heads",))
    assert heads.state.first_seat == 0 and heads.state.seat_to_act == 0 and heads.state.turn == 1
    tails = _set_up(state, ("tails",))
    assert tails.state.first_seat == 1 and tails.state.seat_to_act == 1
    assert any("[R-SETUP-6]" in line for line in tails.narration)
    assert tails.state.phase == "main"
    # face up now
    assert view_state(tails.state, "player", 1)["seats"][0]["active"]["card"] == MACHOP


def _modern(coins=("tails",), table=False):
    players = [{"name": "Ana", "deck": basics_first()}, {"name": "Beto", "deck": basics_first()}]
    return engine.create_match("modern", players, FixedCoins(list(coins)), table=table)[1]


def test_R_SETUP_6_modern_the_flips_winner_chooses_before_the_hands_are_drawn():
    state = _modern(("tails",))                 # tails: seat 1 wins the flip
    assert state.phase == "first_player" and state.chooser == 1
    assert all(not s.hand for s in state.seats)                      # no hand drawn yet
    assert view_state(state, "player", 0)["seat_to_act"] == 1
    assert legal_actions(state, 0) == [{"type": "concede"}]
    assert {a["first"] for a in legal_actions(state, 1) if a["type"] == "choose_first"} == {0, 1}
    d = act(state, 1, {"type": "choose_first", "first": 0})          # Beto lets Ana go first
    assert d.state.phase == "setup" and all(len(s.hand) == 7 for s in d.state.seats)
    assert any("[R-SETUP-6]" in line and "chooses" in line for line in d.narration)
    d = act(d.state, 0, {"type": "setup", "active": d.state.seats[0].hand[0], "bench": []})
    d = act(d.state, 1, {"type": "setup", "active": d.state.seats[1].hand[0], "bench": []})   # no coin now
    assert d.state.first_seat == 0 and d.state.seat_to_act == 0 and d.state.turn == 1


def test_R_SETUP_6_modern_only_the_flips_winner_chooses_and_nothing_else_comes_first():
    state = _modern(("heads",))                 # Ana won the flip
    refuse(state, 1, {"type": "choose_first", "first": 1}, "R-SETUP-6", contains="won the coin flip")
    refuse(state, 0, {"type": "setup", "active": "0:1", "bench": []}, "R-SETUP-6", contains="chosen who goes first")
    refuse(state, 0, {"type": "choose_first", "first": 2}, "R-SETUP-6", contains="no seat 2")
    refuse(state, 0, {"type": "end_turn"}, "R-SETUP-6")
    assert act(state, 0, {"type": "choose_first", "first": 1}).state.chosen_first == 1


def test_R_SETUP_6_modern_at_a_paper_table_the_seat_that_won_sends_its_choice():
    state = _modern((), table=True)             # no coin: the table flips it
    assert state.phase == "first_player" and state.chooser is None
    assert any(a["type"] == "choose_first" for a in legal_actions(state, 1))
    d = act(state, 1, {"type": "choose_first", "first": 1})
    assert any("wins the flip" in line for line in d.narration)
    assert d.state.phase == "setup" and d.state.chosen_first == 1
