"""Base Set Trainers base1-70 … base1-95 and Double Colorless Energy: exact outcomes.

Every successful play also checks that `legal_actions` offers exactly that action, so the
cards' `options` and `check` agree. Shuffles keep the order (FixedCoins without a source).
"""
import pytest
from engine_helpers import (
    CHARIZARD,
    CHARMANDER,
    CHARMELEON,
    DCE,
    FIGHTING,
    FIRE,
    HITMONCHAN,
    MACHOP,
    ONIX,
    WATER,
    act,
    board,
    ctx_for,
    end_turn,
    mon,
    refuse,
    said,
    seat,
)

from projections.tcg import core
from projections.tcg.decklist import deck_violations
from projections.tcg.legal import legal_actions

DOLL, COMPUTER_SEARCH, DEVOLUTION_SPRAY, IMPOSTOR_OAK, ITEM_FINDER, LASS = (
    "base1-70", "base1-71", "base1-72", "base1-73", "base1-74", "base1-75")
BREEDER, TRADER, SCOOP_UP, SUPER_ENERGY_REMOVAL, DEFENDER, ENERGY_RETRIEVAL = (
    "base1-76", "base1-77", "base1-78", "base1-79", "base1-80", "base1-81")
FULL_HEAL, MAINTENANCE, PLUSPOWER, POKEMON_CENTER, FLUTE, POKEDEX = (
    "base1-82", "base1-83", "base1-84", "base1-85", "base1-86", "base1-87")
PROFESSOR_OAK, REVIVE, SUPER_POTION, BILL, ENERGY_REMOVAL, GUST, POTION, SWITCH = (
    "base1-88", "base1-89", "base1-90", "base1-91", "base1-92", "base1-93", "base1-94", "base1-95")
BULBASAUR, BLASTOISE, GRASS = "base1-44", "base1-2", "base1-99"
ALL_TRAINERS = [f"base1-{n}" for n in range(70, 96)]


# -- helpers -----------------------------------------------------------------------------------

def ids(state, s, zone, card_id):
    """Instances of `card_id` in seat s's zone (hand, deck, discard, prizes)."""
    return [i for i in getattr(state.seats[s], zone) if state.instances[i] == card_id]


def one(state, s, zone, card_id):
    found = ids(state, s, zone, card_id)
    assert found, f"no {card_id} in seat {s}'s {zone}"
    return found[0]


def cards(state, instances):
    return [state.instances[i] for i in instances]


def trainer_action(inst, targets=(), **choices):
    return {"type": "play_trainer", "card": inst, "targets": list(targets), "choices": choices}


def play(state, inst, targets=(), coins=(), seat_no=0, offered=True, **choices):
    """Play a Trainer; by default it must also be among legal_actions."""
    action = trainer_action(inst, targets, **choices)
    if offered:
        assert action in legal_actions(state, seat_no), f"{action} not offered"
    return act(state, seat_no, action, coins)


def choose(state, coins=(), seat_no=0, offered=True, **choices):
    """The second step of a card that showed its player hidden cards (state.pending)."""
    action = {"type": "choose", "choices": choices}
    if offered:
        assert action in legal_actions(state, seat_no), f"{action} not offered"
    return act(state, seat_no, action, coins)


def offered_cards(state, seat_no=0):
    return {a["card"] for a in legal_actions(state, seat_no) if a["type"] == "play_trainer"}


# -- Clefairy Doll ------------------------------------------------------------------------------

def test_base1_70_clefairy_doll_played_to_bench_as_basic():
    st = board(seat(mon(CHARMANDER), hand=[DOLL]), seat(mon(MACHOP)))
    doll = one(st, 0, "hand", DOLL)
    d = play(st, doll)
    s = d.state.seats[0]
    assert [p.stack for p in s.bench] == [[doll]] and s.bench[0].entered_turn == 3
    assert doll not in s.discard and doll not in s.hand
    # the bench action works too, since it plays as a Basic Pokémon
    d2 = act(st, 0, {"type": "bench", "card": doll})
    assert [p.stack for p in d2.state.seats[0].bench] == [[doll]]
    c = st.card_of(doll)
    assert (c.hp, c.type, c.stage, c.trainer_kind, c.attacks) == (10, "Colorless", "Basic", "item", [])
    # what else it is in play it answers through the hooks (can't retreat, no conditions, no
    # Prize): the tests below


def test_base1_70_clefairy_doll_full_bench_refused():
    st = board(seat(mon(CHARMANDER), bench=[mon(MACHOP)] * 5, hand=[DOLL]), seat(mon(MACHOP)))
    doll = one(st, 0, "hand", DOLL)
    refuse(st, 0, trainer_action(doll), "R-BENCH-1")
    refuse(st, 0, {"type": "bench", "card": doll}, "R-BENCH-1")
    assert doll not in offered_cards(st)


def test_base1_70_clefairy_doll_cant_retreat_and_gets_no_conditions():
    st = board(seat(mon(DOLL, energy=[FIRE]), bench=[mon(CHARMANDER)]), seat(mon(MACHOP)))
    refuse(st, 0, {"type": "retreat", "to": st.seats[0].bench[0].top, "discard": []}, "R-RETREAT-1")
    assert not any(a["type"] == "retreat" for a in legal_actions(st, 0))
    ctx = ctx_for(st)
    for cond in ("asleep", "confused", "paralyzed", "poisoned"):
        assert core.inflict(ctx, st.seats[0].active, cond) is False
    assert st.seats[0].active.conditions == []
    # it has no attacks: nothing to attack with
    assert not any(a["type"] == "attack" for a in legal_actions(st, 0))


def test_base1_70_clefairy_doll_knocked_out_gives_no_prize():
    st = board(seat(mon(DOLL), bench=[mon(CHARMANDER)]),
               seat(mon(HITMONCHAN, energy=[FIGHTING])), turn=4, seat_to_act=1)
    doll = st.seats[0].active.top
    d = act(st, 1, {"type": "attack", "attack": "Jab", "choices": {}})
    s0, s1 = d.state.seats
    assert doll in s0.discard and s0.active is None
    assert len(s1.prizes) == 6 and len(s1.hand) == len(st.seats[1].hand)
    assert d.state.phase == "promote" and d.state.pending_promotions == [0]


def test_base1_70_clefairy_doll_last_pokemon_knocked_out_loses_without_prize():
    st = board(seat(mon(DOLL)), seat(mon(HITMONCHAN, energy=[FIGHTING])), turn=4, seat_to_act=1)
    d = act(st, 1, {"type": "attack", "attack": "Jab", "choices": {}})
    assert d.state.result["winner"] == 1 and d.state.result["reason"] == "R-WIN-2"
    assert len(d.state.seats[1].prizes) == 6


def test_base1_70_clefairy_doll_discarded_from_the_bench():
    st = board(seat(mon(CHARMANDER), bench=[mon(DOLL, energy=[WATER])]), seat(mon(MACHOP)))
    doll = st.seats[0].bench[0].top
    water = st.seats[0].bench[0].energy[0]
    action = {"type": "discard_from_play", "card": doll}
    assert action in legal_actions(st, 0)
    d = act(st, 0, action)
    s = d.state.seats[0]
    assert s.bench == [] and s.discard == [doll, water]
    assert len(d.state.seats[1].prizes) == 6 and d.state.phase == "main"
    said(d, "discards Clefairy Doll from play")


def test_base1_70_clefairy_doll_discarded_while_active_promotes():
    st = board(seat(mon(DOLL), bench=[mon(CHARMANDER)]), seat(mon(MACHOP)))
    doll = st.seats[0].active.top
    d = act(st, 0, {"type": "discard_from_play", "card": doll})
    assert d.state.seats[0].active is None and d.state.phase == "promote"
    assert d.state.pending_promotions == [0] and d.state.after_promotion == "resume"
    d2 = act(d.state, 0, {"type": "promote", "card": d.state.seats[0].bench[0].top})
    assert d2.state.phase == "main" and d2.state.seat_to_act == 0 and d2.state.turn == 3
    assert d2.state.seats[0].active.top == st.seats[0].bench[0].top


def test_base1_70_clefairy_doll_discard_refusals():
    st = board(seat(mon(DOLL)), seat(mon(MACHOP, energy=[FIGHTING])))
    doll = st.seats[0].active.top
    refuse(st, 0, {"type": "discard_from_play", "card": doll}, "R-TRAINER-1", contains="only Pokémon")
    refuse(st, 1, {"type": "discard_from_play", "card": doll}, "R-TURN-4")
    st2 = board(seat(mon(CHARMANDER), bench=[mon(DOLL)]), seat(mon(MACHOP)))
    refuse(st2, 0, {"type": "discard_from_play", "card": st2.seats[0].active.top}, "R-TRAINER-1",
           contains="may be discarded")
    assert not any(a["type"] == "discard_from_play" and a["card"] == st2.seats[0].active.top
                   for a in legal_actions(st2, 0))


# -- Computer Search ----------------------------------------------------------------------------

def test_base1_71_computer_search_discards_two_and_takes_any_card():
    st = board(seat(mon(CHARMANDER), hand=[COMPUTER_SEARCH, FIRE, WATER, BILL],
                    deck=[FIGHTING, FIGHTING, CHARIZARD, FIGHTING]), seat(mon(MACHOP)))
    cs, fire, water, bill = st.seats[0].hand
    charizard = one(st, 0, "deck", CHARIZARD)
    # a player, who can't see the deck: discard, look through the deck, then choose
    d = play(st, cs, cards=[fire, water])
    looked = d.state.pending
    assert looked["seat"] == 0 and looked["kind"] == "search" and looked["look"] == st.seats[0].deck
    assert d.state.seats[0].discard == [fire, water, cs] and d.state.seats[0].hand == [bill]
    refuse(d.state, 0, {"type": "end_turn"}, "R-TRAINER-1", contains="choose")
    refuse(d.state, 1, {"type": "choose", "choices": {"search": [charizard]}}, "R-TRAINER-1")
    refuse(d.state, 1, {"type": "end_turn"}, "R-TURN-4")
    assert {a["type"] for a in legal_actions(d.state, 0)} == {"choose", "concede"}
    d2 = choose(d.state, search=[charizard])
    s = d2.state.seats[0]
    assert s.hand == [bill, charizard] and d2.state.pending is None
    assert s.discard == [fire, water, cs]
    assert cards(d2.state, s.deck) == [FIGHTING] * 3
    assert d2.event["payload"]["rng"]["shuffles"] == [[0, 1, 2]]
    # one action when the choice is known (a judge, a scorekeeper who sees the deck)
    d3 = play(st, cs, offered=False, cards=[fire, water], search=[charizard])
    assert d3.state.seats[0].hand == [bill, charizard] and d3.state.pending is None
    assert d3.state.seats[0].discard == [fire, water, cs]


def test_base1_71_computer_search_refusals():
    st = board(seat(mon(CHARMANDER), hand=[COMPUTER_SEARCH, FIRE, WATER], deck=[CHARIZARD]), seat(mon(MACHOP)))
    cs, fire, water = st.seats[0].hand
    charizard = st.seats[0].deck[0]
    refuse(st, 0, trainer_action(cs, cards=[cs, fire], search=[charizard]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(cs, cards=[fire], search=[charizard]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(cs, cards=[fire, water], search=[fire]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(cs, cards=[fire, water], search=[]), "R-HIDDEN-1")   # named before looking
    short = board(seat(mon(CHARMANDER), hand=[COMPUTER_SEARCH, FIRE]), seat(mon(MACHOP)))
    refuse(short, 0, trainer_action(short.seats[0].hand[0]), "R-TRAINER-1", contains="2 other card")
    assert offered_cards(short) == set()
    looking = play(st, cs, cards=[fire, water]).state
    refuse(looking, 0, {"type": "choose", "choices": {"search": [fire]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    refuse(st, 0, {"type": "choose", "choices": {"search": [charizard]}}, "R-TRAINER-1", contains="No card")


def test_base1_71_computer_search_refusal_names_no_card_of_the_deck():
    """A refusal must not tell the player what its deck holds (or how many of anything)."""
    deck = [CHARIZARD, FIGHTING, WATER, BULBASAUR]
    st = board(seat(mon(CHARMANDER), hand=[COMPUTER_SEARCH, FIRE, WATER], deck=deck), seat(mon(MACHOP)))
    cs, fire, water = st.seats[0].hand
    d = act_refused(st, trainer_action(cs, cards=[fire, water], search=["0:999"]))
    message = d.violations[0]["message"]
    for name in ("Charizard", "Fighting", "Bulbasaur", "⟦", *st.seats[0].deck):
        assert name not in message, message


def act_refused(state, action, seat_no=0):
    from projections.tcg import engine
    from projections.tcg.randomness import FixedCoins

    d = engine.decide(state, seat_no, action, FixedCoins([]))
    assert not d.legal
    return d


def test_base1_71_computer_search_with_empty_deck_still_playable():
    st = board(seat(mon(CHARMANDER), hand=[COMPUTER_SEARCH, FIRE, WATER], deck=[]), seat(mon(MACHOP)))
    cs, fire, water = st.seats[0].hand
    d = play(st, cs, cards=[fire, water])
    assert d.state.pending is None
    assert d.state.seats[0].hand == [] and d.state.seats[0].discard == [fire, water, cs]
    said(d, "R-TRAINER-5")


# -- Devolution Spray ---------------------------------------------------------------------------

def _charizard_board(**kw):
    active = mon(CHARIZARD, under=[CHARMANDER, CHARMELEON], energy=[FIRE], **kw)
    return board(seat(active, bench=[mon(MACHOP)], hand=[DEVOLUTION_SPRAY]), seat(mon(ONIX)))


def test_base1_72_devolution_spray_to_stage1_removes_conditions():
    st = _charizard_board(damage=30, conditions=["confused", "poisoned"])
    p = st.seats[0].active
    p.effects.append({"kind": "attack_blocked", "until_turn": 4, "attack": "Fire Spin"})
    charmander, charmeleon, charizard = p.stack
    spray = st.seats[0].hand[0]
    d = play(st, spray, [charizard], stage="Stage 2")
    q = d.state.seats[0].active
    assert q.stack == [charmander, charmeleon] and q.damage == 30 and q.energy == p.energy
    assert q.conditions == [] and q.effects == [] and "poison_damage" not in q.flags
    assert d.state.seats[0].discard == [charizard, spray]


def test_base1_72_devolution_spray_to_basic_discards_both_stages():
    st = _charizard_board()
    charmander, charmeleon, charizard = st.seats[0].active.stack
    spray = st.seats[0].hand[0]
    d = play(st, spray, [charizard], stage="Stage 1")
    assert d.state.seats[0].active.stack == [charmander]
    assert d.state.seats[0].discard == [charmeleon, charizard, spray]


def test_base1_72_devolution_spray_can_knock_out_and_gives_prize():
    st = board(seat(mon(CHARMELEON, under=[CHARMANDER], damage=60), bench=[mon(MACHOP)],
                    hand=[DEVOLUTION_SPRAY]), seat(mon(ONIX)))
    charmander, charmeleon = st.seats[0].active.stack
    spray = st.seats[0].hand[0]
    d = play(st, spray, [charmeleon], offered=False)          # the only Stage may be left out
    s0, s1 = d.state.seats
    assert s0.active is None and charmander in s0.discard and charmeleon in s0.discard
    assert len(s1.prizes) == 5 and d.state.phase == "promote"


def test_base1_72_devolution_spray_refusals():
    st = board(seat(mon(CHARMELEON, under=[CHARMANDER]), bench=[mon(MACHOP)], hand=[DEVOLUTION_SPRAY]),
               seat(mon(CHARMELEON, under=[CHARMANDER])))
    spray = st.seats[0].hand[0]
    top = st.seats[0].active.top
    refuse(st, 0, trainer_action(spray, [top], stage="Stage 2"), "R-TRAINER-1")
    refuse(st, 0, trainer_action(spray, [st.seats[0].bench[0].top], stage="Stage 1"), "R-TRAINER-1")
    refuse(st, 0, trainer_action(spray, [st.seats[1].active.top], stage="Stage 1"), "R-TRAINER-1")
    plain = board(seat(mon(CHARMANDER), hand=[DEVOLUTION_SPRAY]), seat(mon(ONIX)))
    refuse(plain, 0, trainer_action(plain.seats[0].hand[0]), "R-TRAINER-1", contains="evolved")
    big = _charizard_board()
    opts = [a for a in legal_actions(big, 0) if a["type"] == "play_trainer"]
    assert opts == [trainer_action(big.seats[0].hand[0], [big.seats[0].active.top], stage=s)
                    for s in ("Stage 1", "Stage 2")]


# -- Impostor Professor Oak ----------------------------------------------------------------------

def test_base1_73_impostor_professor_oak_reshuffles_opponent_hand():
    st = board(seat(mon(CHARMANDER), hand=[IMPOSTOR_OAK, FIRE]),
               seat(mon(MACHOP), hand=[BILL, POTION, WATER], deck=[FIGHTING] * 10))
    oak, fire = st.seats[0].hand
    opp_hand = list(st.seats[1].hand)
    d = play(st, oak)
    s0, s1 = d.state.seats
    assert s0.hand == [fire] and s0.discard == [oak]
    assert len(s1.hand) == 7 and len(s1.deck) == 6
    assert sorted(s1.hand + s1.deck) == sorted(opp_hand + st.seats[1].deck)
    assert s1.hand == (st.seats[1].deck + opp_hand)[:7]          # shuffle kept the order


def test_base1_73_impostor_professor_oak_short_deck_draws_what_there_is():
    st = board(seat(mon(CHARMANDER), hand=[IMPOSTOR_OAK]), seat(mon(MACHOP), hand=[BILL], deck=[FIGHTING]))
    d = play(st, st.seats[0].hand[0])
    assert len(d.state.seats[1].hand) == 2 and d.state.seats[1].deck == []
    said(d, "R-TRAINER-5")


# -- Item Finder --------------------------------------------------------------------------------

def test_base1_74_item_finder_takes_trainer_from_discard():
    st = board(seat(mon(CHARMANDER), hand=[ITEM_FINDER, FIRE, WATER], discard=[BILL, FIGHTING]),
               seat(mon(MACHOP)))
    finder, fire, water = st.seats[0].hand
    bill, fighting = st.seats[0].discard
    d = play(st, finder, cards=[fire, water], search=[bill])
    s = d.state.seats[0]
    assert s.hand == [bill] and s.discard == [fighting, fire, water, finder]


def test_base1_74_item_finder_refusals():
    st = board(seat(mon(CHARMANDER), hand=[ITEM_FINDER, FIRE, BILL], discard=[FIGHTING, POTION]), seat(mon(MACHOP)))
    finder, fire, bill = st.seats[0].hand
    fighting, potion = st.seats[0].discard
    refuse(st, 0, trainer_action(finder, cards=[fire, bill], search=[fighting]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(finder, cards=[fire, bill], search=[bill]), "R-TRAINER-1")   # traded, not taken back
    d = play(st, finder, cards=[fire, bill], offered=False)      # the only Trainer may be left out
    assert d.state.seats[0].hand == [potion]
    none = board(seat(mon(CHARMANDER), hand=[ITEM_FINDER, FIRE, BILL], discard=[FIGHTING]), seat(mon(MACHOP)))
    refuse(none, 0, trainer_action(none.seats[0].hand[0]), "R-TRAINER-1", contains="no Trainer")
    assert offered_cards(none) == {none.seats[0].hand[2]}     # only Bill


# -- Lass -----------------------------------------------------------------------------------------

def test_base1_75_lass_shuffles_trainers_from_both_hands():
    st = board(seat(mon(CHARMANDER), hand=[LASS, BILL, PLUSPOWER, CHARMANDER, FIRE], deck=[FIGHTING]),
               seat(mon(MACHOP), hand=[POTION, DOLL, WATER], deck=[WATER]))
    lass, bill, plus, charmander, fire = st.seats[0].hand
    potion, doll, water = st.seats[1].hand
    d = play(st, lass)
    s0, s1 = d.state.seats
    assert s0.hand == [charmander, fire] and s0.discard == [lass]
    assert s0.deck == [st.seats[0].deck[0], bill, plus]
    assert s1.hand == [water] and s1.deck == [st.seats[1].deck[0], potion, doll]
    said(d, "shows the hand")


# -- Pokémon Breeder ------------------------------------------------------------------------------

def test_base1_76_pokemon_breeder_basic_straight_to_stage2():
    st = board(seat(mon(CHARMANDER, energy=[FIRE], damage=10, entered_turn=1), hand=[BREEDER, CHARIZARD]),
               seat(mon(MACHOP)))
    breeder, charizard = st.seats[0].hand
    charmander = st.seats[0].active.top
    d = play(st, breeder, [charmander], cards=[charizard])
    p = d.state.seats[0].active
    assert p.stack == [charmander, charizard] and p.entered_turn == 3 and p.damage == 10
    assert d.state.seats[0].hand == [] and d.state.seats[0].discard == [breeder]
    # it evolved this turn: no further evolving now
    refuse(d.state, 0, trainer_action(breeder, [charmander], cards=[charizard]), "R-TRAINER-1")


def test_base1_76_pokemon_breeder_refused_on_first_turn():
    st = board(seat(mon(CHARMANDER, entered_turn=0), hand=[BREEDER, CHARIZARD]), seat(mon(MACHOP)), turn=1)
    breeder, charizard = st.seats[0].hand
    refuse(st, 0, trainer_action(breeder, [st.seats[0].active.top], cards=[charizard]), "R-EVOLVE-3")
    assert breeder not in offered_cards(st)


def test_base1_76_pokemon_breeder_refused_on_pokemon_played_this_turn():
    st = board(seat(mon(MACHOP), bench=[mon(CHARMANDER, entered_turn=3)], hand=[BREEDER, CHARIZARD]),
               seat(mon(MACHOP)))
    breeder, charizard = st.seats[0].hand
    refuse(st, 0, trainer_action(breeder, [st.seats[0].bench[0].top], cards=[charizard]), "R-EVOLVE-2")
    assert breeder not in offered_cards(st)


def test_base1_76_pokemon_breeder_needs_the_name_chain_and_a_basic():
    st = board(seat(mon(CHARMANDER), bench=[mon(CHARMELEON, under=[CHARMANDER])],
                    hand=[BREEDER, BLASTOISE, CHARIZARD, CHARMELEON]), seat(mon(MACHOP)))
    breeder, blastoise, charizard, charmeleon_card = st.seats[0].hand
    charmander = st.seats[0].active.top
    refuse(st, 0, trainer_action(breeder, [charmander], cards=[blastoise]), "R-EVOLVE-1")
    refuse(st, 0, trainer_action(breeder, [st.seats[0].bench[0].top], cards=[charizard]), "R-EVOLVE-4")
    refuse(st, 0, trainer_action(breeder, [charmander], cards=[charmeleon_card]), "R-EVOLVE-4")
    refuse(st, 0, trainer_action(breeder, [charmander]), "R-EVOLVE-4")     # two Stage 2 cards: name one
    opts = [a for a in legal_actions(st, 0) if a["type"] == "play_trainer" and a["card"] == breeder]
    assert opts == [trainer_action(breeder, [charmander], cards=[charizard])]


# -- Pokémon Trader ------------------------------------------------------------------------------

def test_base1_77_pokemon_trader_swaps_with_deck():
    st = board(seat(mon(MACHOP), hand=[TRADER, CHARMANDER, FIRE], deck=[FIRE, CHARIZARD, WATER]),
               seat(mon(MACHOP)))
    trader, charmander, fire = st.seats[0].hand
    f2, charizard, water = st.seats[0].deck
    # a player: show the card offered, look through the deck, then choose what to take
    d = play(st, trader, cards=[charmander])
    assert d.state.pending["look"] == [f2, charizard, water] and d.state.pending["offered"] == charmander
    assert legal_moves_for(st, trader) == [trainer_action(trader, cards=[charmander])]
    assert [a["choices"] for a in legal_actions(d.state, 0) if a["type"] == "choose"] == [{"search": [charizard]}]
    d2 = choose(d.state, search=[charizard])
    s = d2.state.seats[0]
    assert s.hand == [fire, charizard] and s.deck == [f2, water, charmander] and s.discard == [trader]
    # both cards are shown to the opponent: the narration grants them to every seat
    from projections.text import grants
    assert {charmander, charizard} <= grants(d2.narration, 1)
    # in one action when the choice is known
    d3 = play(st, trader, offered=False, cards=[charmander], search=[charizard])
    assert d3.state.seats[0].hand == [fire, charizard] and d3.state.seats[0].deck == [f2, water, charmander]


def test_base1_77_pokemon_trader_refusals_and_empty_search():
    st = board(seat(mon(MACHOP), hand=[TRADER, CHARMANDER, DOLL], deck=[FIRE, CHARIZARD]), seat(mon(MACHOP)))
    trader, charmander, doll = st.seats[0].hand
    fire, charizard = st.seats[0].deck
    refuse(st, 0, trainer_action(trader, cards=[doll], search=[charizard]), "R-TRAINER-1")   # a Trainer in hand
    refuse(st, 0, trainer_action(trader, cards=[charmander], search=[fire]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(trader, cards=[charmander], search=[]), "R-HIDDEN-1")  # named before looking
    looking = play(st, trader, cards=[charmander]).state
    refuse(looking, 0, {"type": "choose", "choices": {"search": [fire]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    none = board(seat(mon(MACHOP), hand=[TRADER, FIRE]), seat(mon(MACHOP)))
    refuse(none, 0, trainer_action(none.seats[0].hand[0]), "R-TRAINER-1", contains="Pokémon card")


def test_base1_77_pokemon_trader_with_no_pokemon_in_the_deck_keeps_the_hand_card():
    """Seed 000: do as much as you can: no trade happens, the hand card stays, the deck is shuffled."""
    dry = board(seat(mon(MACHOP), hand=[TRADER, CHARMANDER, FIRE], deck=[FIRE, WATER]), seat(mon(MACHOP)))
    trader, charmander, fire = dry.seats[0].hand
    deck = list(dry.seats[0].deck)
    # what a player is offered does not depend on what the deck holds (it can't see it)
    assert legal_moves_for(dry, trader) == [trainer_action(trader, cards=[charmander])]
    looking = play(dry, trader, cards=[charmander]).state
    assert [a["choices"] for a in legal_actions(looking, 0) if a["type"] == "choose"] == [{"search": []}]
    d = choose(looking, search=[])
    s = d.state.seats[0]
    assert s.hand == [charmander, fire] and s.deck == deck and s.discard == [trader]
    said(d, "no trade")
    said(d, "stays in the hand")
    # the deck is still shuffled: the event records one shuffle of its 2 cards
    assert d.event["payload"]["rng"] == {"shuffles": [[0, 1]]}
    # in one action, "none found" named before looking is refused as it is with a Pokémon in the
    # deck (R-HIDDEN-1: the refusal can't tell what the deck holds)
    refuse(dry, 0, trainer_action(trader, cards=[charmander], search=[]), "R-HIDDEN-1")
    # but not a card that isn't a Pokémon card, nor a search in a deck with no Pokémon card
    refuse(dry, 0, trainer_action(trader, cards=[fire], search=[]), "R-TRAINER-1")
    refuse(dry, 0, trainer_action(trader, search=[dry.seats[0].deck[0]]), "R-TRAINER-1")


def legal_moves_for(state, inst, seat_no=0):
    return [a for a in legal_actions(state, seat_no) if a["type"] == "play_trainer" and a["card"] == inst]


# -- Scoop Up -------------------------------------------------------------------------------------

def test_base1_78_scoop_up_bench_returns_basic_card_only():
    st = board(seat(mon(MACHOP), bench=[mon(CHARMELEON, under=[CHARMANDER], energy=[FIRE], damage=30)],
                    hand=[SCOOP_UP]), seat(mon(ONIX)))
    scoop = st.seats[0].hand[0]
    charmander, charmeleon = st.seats[0].bench[0].stack
    fire = st.seats[0].bench[0].energy[0]
    d = play(st, scoop, [charmeleon])
    s = d.state.seats[0]
    assert s.bench == [] and s.hand == [charmander] and s.discard == [charmeleon, fire, scoop]
    assert len(d.state.seats[1].prizes) == 6 and d.state.phase == "main"


def test_base1_78_scoop_up_active_then_promote():
    st = board(seat(mon(CHARMANDER, attached=[PLUSPOWER], conditions=["asleep"]), bench=[mon(MACHOP)],
                    hand=[SCOOP_UP]), seat(mon(ONIX)))
    charmander = st.seats[0].active.top
    plus = st.seats[0].active.attached[0]
    scoop = st.seats[0].hand[0]
    d = play(st, scoop, [charmander])
    s = d.state.seats[0]
    assert s.active is None and s.hand == [charmander] and s.discard == [plus, scoop]
    assert d.state.phase == "promote" and d.state.pending_promotions == [0]
    d2 = act(d.state, 0, {"type": "promote", "card": s.bench[0].top})
    assert d2.state.phase == "main" and d2.state.seats[0].active.top == st.seats[0].bench[0].top


def test_base1_78_scoop_up_clefairy_doll_back_to_hand_and_last_pokemon_refused():
    st = board(seat(mon(CHARMANDER), bench=[mon(DOLL)], hand=[SCOOP_UP]), seat(mon(ONIX)))
    doll = st.seats[0].bench[0].top
    d = play(st, st.seats[0].hand[0], [doll])
    assert d.state.seats[0].hand == [doll]
    alone = board(seat(mon(CHARMANDER), hand=[SCOOP_UP]), seat(mon(ONIX)))
    refuse(alone, 0, trainer_action(alone.seats[0].hand[0], [alone.seats[0].active.top]), "R-TRAINER-1",
           contains="only Pokémon")
    refuse(st, 0, trainer_action(st.seats[0].hand[0], [st.seats[1].active.top]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(st.seats[0].hand[0]), "R-TRAINER-1")          # two candidates: name one


# -- Super Energy Removal -------------------------------------------------------------------------

def test_base1_79_super_energy_removal():
    st = board(seat(mon(CHARMANDER, energy=[FIRE, WATER]), hand=[SUPER_ENERGY_REMOVAL]),
               seat(mon(ONIX, energy=[FIGHTING, FIGHTING, DCE])))
    ser = st.seats[0].hand[0]
    fire, water = st.seats[0].active.energy
    f1, f2, dce = st.seats[1].active.energy
    own, opp = st.seats[0].active.top, st.seats[1].active.top
    d = play(st, ser, [own, opp], cards=[water, f1, dce])
    s0, s1 = d.state.seats
    assert s0.active.energy == [fire] and s0.discard == [water, ser]
    assert s1.active.energy == [f2] and s1.discard == [f1, dce]
    # one of the opponent's is fine too ("up to 2")
    d1 = play(st, ser, [own, opp], cards=[fire, f2])
    assert d1.state.seats[1].active.energy == [f1, dce]


def test_base1_79_super_energy_removal_refusals():
    st = board(seat(mon(CHARMANDER, energy=[FIRE]), hand=[SUPER_ENERGY_REMOVAL]),
               seat(mon(ONIX, energy=[FIGHTING, FIGHTING, FIGHTING])))
    ser = st.seats[0].hand[0]
    fire = st.seats[0].active.energy[0]
    opp_e = st.seats[1].active.energy
    own, opp = st.seats[0].active.top, st.seats[1].active.top
    refuse(st, 0, trainer_action(ser, [own, opp], cards=[fire] + opp_e), "R-TRAINER-1")     # 3 of theirs
    refuse(st, 0, trainer_action(ser, [own, opp], cards=opp_e[:2]), "R-TRAINER-1")          # none of yours
    refuse(st, 0, trainer_action(ser, [opp, own], cards=[fire, opp_e[0]]), "R-TRAINER-1")   # wrong order
    poor = board(seat(mon(CHARMANDER), hand=[SUPER_ENERGY_REMOVAL]), seat(mon(ONIX, energy=[FIGHTING])))
    refuse(poor, 0, trainer_action(poor.seats[0].hand[0]), "R-TRAINER-1", contains="your Pokémon")
    bare = board(seat(mon(CHARMANDER, energy=[FIRE]), hand=[SUPER_ENERGY_REMOVAL]), seat(mon(ONIX)))
    refuse(bare, 0, trainer_action(bare.seats[0].hand[0]), "R-TRAINER-1", contains="opponent")


# -- Defender -------------------------------------------------------------------------------------

def test_base1_80_defender_reduces_20_and_is_discarded_after_opponents_turn():
    st = board(seat(mon(ONIX), hand=[DEFENDER]),
               seat(mon(HITMONCHAN, energy=[FIGHTING, FIGHTING, FIGHTING])))
    defender = st.seats[0].hand[0]
    onix = st.seats[0].active.top
    d = play(st, defender, [onix])
    p = d.state.seats[0].active
    assert p.attached == [defender] and p.flags["attached_until"] == {defender: 4}
    assert defender not in d.state.seats[0].discard
    d = end_turn(d.state, 0)                       # end of turn 3: still attached
    assert d.state.turn == 4 and d.state.seats[0].active.attached == [defender]
    d = act(d.state, 1, {"type": "attack", "attack": "Special Punch", "choices": {}})
    said(d, "Defender −20")
    assert d.state.seats[0].active.damage == 20   # 40 − 20
    assert d.state.seats[0].active.attached == [] and d.state.seats[0].discard == [defender]
    assert d.state.turn == 5


def test_base1_80_defender_on_benched_pokemon_and_bad_target():
    st = board(seat(mon(ONIX), bench=[mon(MACHOP)], hand=[DEFENDER]), seat(mon(MACHOP)))
    defender = st.seats[0].hand[0]
    d = play(st, defender, [st.seats[0].bench[0].top])
    assert d.state.seats[0].bench[0].attached == [defender]
    refuse(st, 0, trainer_action(defender, [st.seats[1].active.top]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(defender), "R-TRAINER-1")


# -- Energy Retrieval -----------------------------------------------------------------------------

def test_base1_81_energy_retrieval_takes_basic_energy_not_dce():
    st = board(seat(mon(CHARMANDER), hand=[ENERGY_RETRIEVAL, BILL], discard=[FIRE, DCE, WATER]), seat(mon(MACHOP)))
    er, bill = st.seats[0].hand
    fire, dce, water = st.seats[0].discard
    d = play(st, er, cards=[bill], search=[fire, water])
    s = d.state.seats[0]
    assert s.hand == [fire, water] and s.discard == [dce, bill, er]
    play(st, er, cards=[bill], search=[water])      # one is fine ("up to 2")
    refuse(st, 0, trainer_action(er, cards=[bill], search=[dce]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(er, cards=[bill], search=[fire, dce]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(er, cards=[er], search=[fire]), "R-TRAINER-1")
    searches = [a["choices"]["search"] for a in legal_actions(st, 0) if a.get("card") == er]
    assert sorted(searches) == sorted([[fire], [water], [fire, water]])


def test_base1_81_energy_retrieval_refused_without_basic_energy_or_other_card():
    st = board(seat(mon(CHARMANDER), hand=[ENERGY_RETRIEVAL, BILL], discard=[DCE]), seat(mon(MACHOP)))
    refuse(st, 0, trainer_action(st.seats[0].hand[0]), "R-TRAINER-1", contains="basic Energy")
    lone = board(seat(mon(CHARMANDER), hand=[ENERGY_RETRIEVAL], discard=[FIRE]), seat(mon(MACHOP)))
    refuse(lone, 0, trainer_action(lone.seats[0].hand[0]), "R-TRAINER-1", contains="other card")


# -- Full Heal ------------------------------------------------------------------------------------

def test_base1_82_full_heal_cures_active():
    st = board(seat(mon(CHARMANDER, conditions=["asleep", "poisoned"]), hand=[FULL_HEAL]), seat(mon(MACHOP)))
    heal_card = st.seats[0].hand[0]
    d = play(st, heal_card)
    p = d.state.seats[0].active
    assert p.conditions == [] and "poison_damage" not in p.flags and d.state.seats[0].discard == [heal_card]
    clean = board(seat(mon(CHARMANDER), hand=[FULL_HEAL]), seat(mon(MACHOP)))
    refuse(clean, 0, trainer_action(clean.seats[0].hand[0]), "R-TRAINER-1", contains="no Special Condition")
    assert offered_cards(clean) == set()


# -- Maintenance ----------------------------------------------------------------------------------

def test_base1_83_maintenance_shuffles_two_in_and_draws_one():
    st = board(seat(mon(CHARMANDER), hand=[MAINTENANCE, FIRE, WATER, BILL], deck=[GRASS]), seat(mon(MACHOP)))
    m, fire, water, bill = st.seats[0].hand
    grass = st.seats[0].deck[0]
    d = play(st, m, cards=[fire, water])
    s = d.state.seats[0]
    assert s.hand == [bill, grass] and s.deck == [fire, water] and s.discard == [m]
    refuse(st, 0, trainer_action(m, cards=[fire]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(m, cards=[fire, grass]), "R-TRAINER-1")
    short = board(seat(mon(CHARMANDER), hand=[MAINTENANCE, FIRE]), seat(mon(MACHOP)))
    refuse(short, 0, trainer_action(short.seats[0].hand[0]), "R-TRAINER-1", contains="2 other card")


# -- PlusPower ------------------------------------------------------------------------------------

def test_base1_84_pluspower_adds_10_after_weakness():
    st = board(seat(mon(CHARMANDER, energy=[FIRE]), hand=[PLUSPOWER]), seat(mon(BULBASAUR)))
    plus = st.seats[0].hand[0]
    d = play(st, plus, [st.seats[0].active.top])
    assert d.state.seats[0].active.attached == [plus]
    assert d.state.seats[0].active.flags["attached_until"] == {plus: 3}
    d = act(d.state, 0, {"type": "attack", "attack": "Scratch", "choices": {}})
    assert d.state.seats[1].active.damage == 30         # 10 ×2 Weakness, then +10
    said(d, "PlusPower +10")
    assert d.state.seats[0].active.attached == [] and d.state.seats[0].discard == [plus]


def test_base1_84_pluspower_adds_nothing_when_resistance_leaves_no_damage():
    diglett, pidgey = "base1-47", "base1-57"          # Mud Slap FF 30; Pidgey resists Fighting
    st = board(seat(mon(diglett, energy=[FIGHTING, FIGHTING], attached=[PLUSPOWER])), seat(mon(pidgey)))
    d = act(st, 0, {"type": "attack", "attack": "Mud Slap", "choices": {}})
    assert d.state.seats[1].active.damage == 0          # 30 − 30 = 0: PlusPower does not apply


def test_base1_84_pluspower_discarded_at_end_of_turn_even_after_legal_actions():
    st = board(seat(mon(CHARMANDER), bench=[mon(MACHOP)], hand=[PLUSPOWER, PLUSPOWER]), seat(mon(MACHOP)))
    p1, p2 = st.seats[0].hand
    d = play(st, p1, offered=False)                # the only target may be left out
    d = play(d.state, p2, [d.state.seats[0].active.top])
    assert d.state.seats[0].active.attached == [p1, p2]
    legal_actions(d.state, 0)                      # probing end_turn must not touch the state
    d = end_turn(d.state, 0)
    assert d.state.seats[0].active.attached == [] and d.state.seats[0].discard == [p1, p2]
    refuse(st, 0, trainer_action(p1, [st.seats[0].bench[0].top]), "R-TRAINER-1", contains="Active")


# -- Pokémon Center -------------------------------------------------------------------------------

def test_base1_85_pokemon_center_heals_and_discards_energy_of_healed():
    st = board(seat(mon(CHARMANDER, energy=[FIRE, DCE], damage=30),
                    bench=[mon(ONIX, energy=[FIGHTING]), mon(MACHOP, damage=10)], hand=[POKEMON_CENTER]),
               seat(mon(MACHOP, damage=20)))
    center = st.seats[0].hand[0]
    fire, dce = st.seats[0].active.energy
    d = play(st, center)
    s = d.state.seats[0]
    assert [p.damage for p in s.in_play()] == [0, 0, 0]
    assert s.active.energy == [] and len(s.bench[0].energy) == 1
    assert s.discard == [fire, dce, center]
    assert d.state.seats[1].active.damage == 20
    clean = board(seat(mon(CHARMANDER, energy=[FIRE]), hand=[POKEMON_CENTER]), seat(mon(MACHOP, damage=20)))
    refuse(clean, 0, trainer_action(clean.seats[0].hand[0]), "R-TRAINER-1", contains="damage counters")


# -- Pokémon Flute --------------------------------------------------------------------------------

def test_base1_86_pokemon_flute_benches_opponents_basic():
    st = board(seat(mon(CHARMANDER), hand=[FLUTE]),
               seat(mon(ONIX), discard=[CHARMELEON, DOLL, MACHOP, FIRE]))
    flute = st.seats[0].hand[0]
    charmeleon, doll, machop, fire = st.seats[1].discard
    d = play(st, flute, search=[machop])
    s1 = d.state.seats[1]
    assert [p.stack for p in s1.bench] == [[machop]] and s1.bench[0].entered_turn == 3
    assert s1.discard == [charmeleon, doll, fire] and d.state.seats[0].discard == [flute]
    refuse(st, 0, trainer_action(flute, search=[charmeleon]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(flute, search=[doll]), "R-TRAINER-1")
    full = board(seat(mon(CHARMANDER), hand=[FLUTE]), seat(mon(ONIX), bench=[mon(MACHOP)] * 5, discard=[MACHOP]))
    refuse(full, 0, trainer_action(full.seats[0].hand[0]), "R-BENCH-1")
    empty = board(seat(mon(CHARMANDER), hand=[FLUTE]), seat(mon(ONIX), discard=[FIRE]))
    refuse(empty, 0, trainer_action(empty.seats[0].hand[0]), "R-TRAINER-1", contains="Basic Pokémon")


# -- Pokédex --------------------------------------------------------------------------------------

def test_base1_87_pokedex_reorders_top_five():
    st = board(seat(mon(CHARMANDER), hand=[POKEDEX], deck=[FIRE, WATER, GRASS, FIGHTING, DCE, BILL]),
               seat(mon(MACHOP)))
    dex = st.seats[0].hand[0]
    a, b, c, e, f, g = st.seats[0].deck
    # a player looks first (state.pending shows the 5 to that seat alone), then orders them
    d = play(st, dex)
    assert d.state.pending["look"] == [a, b, c, e, f] and d.state.pending["kind"] == "order"
    assert len([x for x in legal_actions(d.state, 0) if x["type"] == "choose"]) == 120
    d2 = choose(d.state, order=[f, e, c, b, a])
    assert d2.state.seats[0].deck == [f, e, c, b, a, g] and d2.state.seats[0].discard == [dex]
    assert d2.state.pending is None
    refuse(d.state, 0, {"type": "choose", "choices": {"order": [g, e, c, b, a]}}, "R-TRAINER-1")
    # in one action when the order is given at once
    d3 = play(st, dex, offered=False, order=[f, e, c, b, a])
    assert d3.state.seats[0].deck == [f, e, c, b, a, g] and d3.state.seats[0].discard == [dex]
    refuse(st, 0, trainer_action(dex, order=[g, e, c, b, a]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(dex, order=[a, a, c, b, e]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(dex, order=[a, b, c, e]), "R-TRAINER-1")
    short = board(seat(mon(CHARMANDER), hand=[POKEDEX], deck=[FIRE, WATER]), seat(mon(MACHOP)))
    x, y = short.seats[0].deck
    d = play(short, short.seats[0].hand[0], offered=False, order=[y, x])
    assert d.state.seats[0].deck == [y, x]
    empty = board(seat(mon(CHARMANDER), hand=[POKEDEX], deck=[]), seat(mon(MACHOP)))
    refuse(empty, 0, trainer_action(empty.seats[0].hand[0], order=[]), "R-TRAINER-1", contains="empty")


def test_base1_87_pokedex_shows_the_cards_to_its_player_alone():
    from projections.tcg.game import TcgGame
    from projections.text import grants, render

    st = board(seat(mon(CHARMANDER), hand=[POKEDEX], deck=[FIRE, WATER, GRASS, FIGHTING, DCE, BILL]),
               seat(mon(MACHOP)))
    game = TcgGame()
    top = st.seats[0].deck[:5]
    looking = play(st, st.seats[0].hand[0]).state
    assert not set(top) & game.hidden_instances(looking, 0)
    assert set(top) <= game.hidden_instances(looking, 1)
    assert [c["instance"] for c in game.view(looking, "player", 0)["pending"]["look"]] == top
    assert game.view(looking, "player", 1)["pending"]["look"] == {"count": 5}
    done = choose(looking, order=list(reversed(top)))
    assert set(top) <= game.hidden_instances(done.state, 0)  # back in the deck
    assert set(top) <= grants(done.narration, 0) and not grants(done.narration, 1)
    line = next(n for n in done.narration if "new order" in n)
    assert "Fire Energy" in render(line, set(top), seat=0)
    assert "Fire Energy" not in render(line, set(top), seat=1)
    assert "Fire Energy" not in render(line, set(top), seat=0, honour_grants=False)


# -- Professor Oak --------------------------------------------------------------------------------

def test_base1_88_professor_oak_discards_hand_draws_seven():
    st = board(seat(mon(CHARMANDER), hand=[PROFESSOR_OAK, FIRE, BILL], deck=[WATER] * 10), seat(mon(MACHOP)))
    oak, fire, bill = st.seats[0].hand
    d = play(st, oak)
    s = d.state.seats[0]
    assert s.discard == [fire, bill, oak] and s.hand == st.seats[0].deck[:7] and s.deck == st.seats[0].deck[7:]
    short = board(seat(mon(CHARMANDER), hand=[PROFESSOR_OAK], deck=[WATER] * 3), seat(mon(MACHOP)))
    d = play(short, short.seats[0].hand[0])
    assert len(d.state.seats[0].hand) == 3 and d.state.seats[0].deck == [] and d.state.result is None
    said(d, "R-TRAINER-5")


# -- Revive ---------------------------------------------------------------------------------------

def test_base1_89_revive_half_hp_rounded_down():
    st = board(seat(mon(MACHOP), hand=[REVIVE], discard=[CHARMANDER, ONIX, CHARMELEON, DOLL]), seat(mon(MACHOP)))
    revive = st.seats[0].hand[0]
    charmander, onix, charmeleon, doll = st.seats[0].discard
    d = play(st, revive, search=[charmander])
    p = d.state.seats[0].bench[0]
    assert p.stack == [charmander] and p.damage == 20 and p.entered_turn == 3      # 50 / 2 = 25 → 20
    assert d.state.seats[0].discard == [onix, charmeleon, doll, revive]
    d = play(st, revive, search=[onix])
    assert d.state.seats[0].bench[0].damage == 40                                  # 90 / 2 = 45 → 40
    refuse(st, 0, trainer_action(revive, search=[charmeleon]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(revive, search=[doll]), "R-TRAINER-1")
    full = board(seat(mon(MACHOP), bench=[mon(MACHOP)] * 5, hand=[REVIVE], discard=[CHARMANDER]), seat(mon(MACHOP)))
    refuse(full, 0, trainer_action(full.seats[0].hand[0]), "R-BENCH-1")


# -- Super Potion ---------------------------------------------------------------------------------

def test_base1_90_super_potion_discards_energy_heals_four():
    st = board(seat(mon(ONIX, energy=[FIGHTING, WATER], damage=60), bench=[mon(MACHOP, damage=10)],
                    hand=[SUPER_POTION]), seat(mon(MACHOP)))
    sp = st.seats[0].hand[0]
    fighting, water = st.seats[0].active.energy
    onix = st.seats[0].active.top
    d = play(st, sp, [onix], cards=[water])
    p = d.state.seats[0].active
    assert p.damage == 20 and p.energy == [fighting] and d.state.seats[0].discard == [water, sp]
    refuse(st, 0, trainer_action(sp, [onix]), "R-TRAINER-1")                        # two Energy: name one
    refuse(st, 0, trainer_action(sp, [st.seats[0].bench[0].top], cards=[water]), "R-TRAINER-1")   # no Energy there
    small = board(seat(mon(ONIX, energy=[FIGHTING], damage=20), hand=[SUPER_POTION]), seat(mon(MACHOP)))
    d = play(small, small.seats[0].hand[0], [small.seats[0].active.top], cards=[small.seats[0].active.energy[0]])
    assert d.state.seats[0].active.damage == 0
    clean = board(seat(mon(ONIX, energy=[FIGHTING]), hand=[SUPER_POTION]), seat(mon(MACHOP)))
    refuse(clean, 0, trainer_action(clean.seats[0].hand[0]), "R-TRAINER-1")


# -- Bill -----------------------------------------------------------------------------------------

def test_base1_91_bill_draws_two():
    st = board(seat(mon(CHARMANDER), hand=[BILL], deck=[FIRE, WATER, GRASS]), seat(mon(MACHOP)))
    bill = st.seats[0].hand[0]
    d = play(st, bill)
    assert d.state.seats[0].hand == st.seats[0].deck[:2] and d.state.seats[0].discard == [bill]
    one_left = board(seat(mon(CHARMANDER), hand=[BILL], deck=[FIRE]), seat(mon(MACHOP)))
    d = play(one_left, one_left.seats[0].hand[0])
    assert len(d.state.seats[0].hand) == 1 and d.state.result is None
    said(d, "R-TRAINER-5")


# -- Energy Removal -------------------------------------------------------------------------------

def test_base1_92_energy_removal():
    st = board(seat(mon(CHARMANDER), hand=[ENERGY_REMOVAL]),
               seat(mon(ONIX, energy=[FIGHTING, DCE]), bench=[mon(MACHOP, energy=[FIGHTING])]))
    er = st.seats[0].hand[0]
    f1, dce = st.seats[1].active.energy
    machop = st.seats[1].bench[0]
    d = play(st, er, [machop.top], offered=False)  # its only Energy may be left out
    assert d.state.seats[1].bench[0].energy == [] and d.state.seats[1].discard == machop.energy
    d = play(st, er, [st.seats[1].active.top], cards=[dce])
    assert d.state.seats[1].active.energy == [f1] and d.state.seats[1].discard == [dce]
    refuse(st, 0, trainer_action(er, [st.seats[1].active.top]), "R-TRAINER-1")
    refuse(st, 0, trainer_action(er, [st.seats[1].active.top], cards=[machop.energy[0]]), "R-TRAINER-1")
    bare = board(seat(mon(CHARMANDER, energy=[FIRE]), hand=[ENERGY_REMOVAL]), seat(mon(ONIX)))
    refuse(bare, 0, trainer_action(bare.seats[0].hand[0]), "R-TRAINER-1", contains="Energy")
    assert offered_cards(bare) == set()


# -- Gust of Wind ---------------------------------------------------------------------------------

def test_base1_93_gust_of_wind_switches_opponent_active():
    st = board(seat(mon(CHARMANDER), hand=[GUST]),
               seat(mon(MACHOP, conditions=["poisoned"]), bench=[mon(ONIX), mon(DOLL)]))
    gust = st.seats[0].hand[0]
    machop = st.seats[1].active.top
    onix = st.seats[1].bench[0].top
    d = play(st, gust, [onix])
    s1 = d.state.seats[1]
    assert s1.active.top == onix and [p.top for p in s1.bench] == [machop, st.seats[1].bench[1].top]
    assert s1.bench[0].conditions == []
    play(st, gust, [st.seats[1].bench[1].top])        # the Doll can be pulled in too
    refuse(st, 0, trainer_action(gust), "R-TRAINER-1")
    refuse(st, 0, trainer_action(gust, [machop]), "R-TRAINER-1")
    alone = board(seat(mon(CHARMANDER), hand=[GUST]), seat(mon(MACHOP)))
    refuse(alone, 0, trainer_action(alone.seats[0].hand[0]), "R-TRAINER-1", contains="no Benched")


# -- Potion ---------------------------------------------------------------------------------------

def test_base1_94_potion_removes_up_to_two_counters():
    st = board(seat(mon(ONIX, damage=30), bench=[mon(MACHOP, damage=10), mon(CHARMANDER)], hand=[POTION]),
               seat(mon(MACHOP, damage=20)))
    potion = st.seats[0].hand[0]
    d = play(st, potion, [st.seats[0].active.top])
    assert d.state.seats[0].active.damage == 10 and d.state.seats[0].discard == [potion]
    d = play(st, potion, [st.seats[0].bench[0].top])
    assert d.state.seats[0].bench[0].damage == 0
    refuse(st, 0, trainer_action(potion, [st.seats[0].bench[1].top]), "R-TRAINER-1")     # undamaged
    refuse(st, 0, trainer_action(potion, [st.seats[1].active.top]), "R-TRAINER-1")       # not yours
    clean = board(seat(mon(ONIX), hand=[POTION]), seat(mon(MACHOP)))
    refuse(clean, 0, trainer_action(clean.seats[0].hand[0]), "R-TRAINER-1", contains="damage counters")


# -- Switch ---------------------------------------------------------------------------------------

def test_base1_95_switch_swaps_active_with_bench():
    st = board(seat(mon(DOLL), bench=[mon(CHARMANDER)], hand=[SWITCH]), seat(mon(MACHOP)))
    sw = st.seats[0].hand[0]
    doll = st.seats[0].active.top
    charmander = st.seats[0].bench[0].top
    d = play(st, sw, offered=False)                # one Benched Pokémon: may be left out
    s = d.state.seats[0]
    assert s.active.top == charmander and [p.top for p in s.bench] == [doll] and s.discard == [sw]
    conf = board(seat(mon(CHARMANDER, conditions=["confused"]), bench=[mon(MACHOP)], hand=[SWITCH]),
                 seat(mon(MACHOP)))
    d = play(conf, conf.seats[0].hand[0], [conf.seats[0].bench[0].top])
    assert d.state.seats[0].bench[0].conditions == [] and d.state.this_turn["retreats"] == 0
    refuse(conf, 0, trainer_action(conf.seats[0].hand[0], [conf.seats[1].active.top]), "R-TRAINER-1")
    alone = board(seat(mon(CHARMANDER), hand=[SWITCH]), seat(mon(MACHOP)))
    refuse(alone, 0, trainer_action(alone.seats[0].hand[0]), "R-TRAINER-1", contains="no Benched")


# -- Double Colorless Energy ----------------------------------------------------------------------

def test_base1_96_dce_is_one_card_for_retreat():
    # Charmander: Retreat Cost 1 — one DCE card pays it (overpaying with a single card is fine)
    st = board(seat(mon(CHARMANDER, energy=[DCE, FIRE]), bench=[mon(MACHOP)]), seat(mon(MACHOP)))
    dce, fire = st.seats[0].active.energy
    to = st.seats[0].bench[0].top
    d = act(st, 0, {"type": "retreat", "to": to, "discard": [dce]})
    assert d.state.seats[0].discard == [dce] and d.state.seats[0].bench[0].energy == [fire]
    refuse(st, 0, {"type": "retreat", "to": to, "discard": [dce, fire]}, "R-RETREAT-2")
    # Hitmonchan: Retreat Cost 2 — DCE alone, or two basic Energy; not DCE plus one more
    st2 = board(seat(mon(HITMONCHAN, energy=[DCE, FIGHTING, FIGHTING]), bench=[mon(MACHOP)]), seat(mon(MACHOP)))
    dce, f1, f2 = st2.seats[0].active.energy
    to = st2.seats[0].bench[0].top
    act(st2, 0, {"type": "retreat", "to": to, "discard": [dce]})
    act(st2, 0, {"type": "retreat", "to": to, "discard": [f1, f2]})
    # one basic first, then DCE meets the cost: allowed; after two basics nothing more may go
    act(st2, 0, {"type": "retreat", "to": to, "discard": [dce, f1]})
    refuse(st2, 0, {"type": "retreat", "to": to, "discard": [dce, f1, f2]}, "R-RETREAT-2")
    payments = sorted(a["discard"] for a in legal_actions(st2, 0) if a["type"] == "retreat")
    assert payments == sorted([[dce], [f1, f2], [dce, f1], [dce, f2]])


def test_base1_96_dce_is_not_basic_energy_for_deck_rules():
    base = [CHARMANDER] * 4
    ok = base + [DCE] * 4 + [FIRE] * 52
    assert not [v for v in deck_violations(ok) if v["rule"] == "R-DECK-2"]
    too_many = base + [DCE] * 5 + [FIRE] * 51
    v = [v for v in deck_violations(too_many) if v["rule"] == "R-DECK-2"]
    assert len(v) == 1 and "Double Colorless Energy" in v[0]["message"]
    from projections.tcg.carddb import card
    assert card(DCE).provides == ["Colorless", "Colorless"] and not card(DCE).is_basic_energy
    assert card(FIRE).is_basic_energy


# -- every Trainer is implemented, described and offered ------------------------------------------

def test_every_base1_trainer_defined_with_own_text():
    import json
    from pathlib import Path

    from projections.tcg.carddb import card
    printed = {c["id"]: " ".join(c.get("rules", [])) for c in
               json.loads(Path("/work/shared/cards/base1.json").read_text(encoding="utf-8"))} \
        if Path("/work/shared/cards/base1.json").exists() else {}
    for cid in ALL_TRAINERS:
        c = card(cid)
        assert c.implemented and c.trainer is not None and len(c.trainer.text) > 10, cid
        if cid in printed:
            mine, theirs = c.trainer.text.lower().rstrip("."), printed[cid].lower().rstrip(".")
            assert mine != theirs and theirs not in mine, cid


def test_legal_actions_offer_each_playable_trainer():
    hand = ALL_TRAINERS + [CHARIZARD, CHARMANDER]
    st = board(
        seat(mon(CHARMELEON, under=[CHARMANDER], energy=[FIRE, FIRE], damage=20, conditions=["poisoned"]),
             bench=[mon(CHARMANDER, entered_turn=1)], hand=hand, deck=[MACHOP, FIRE],
             discard=[BILL, FIRE, MACHOP]),
        seat(mon(ONIX, energy=[FIGHTING]), bench=[mon(MACHOP)], discard=[MACHOP]))
    offered = offered_cards(st)
    assert {st.instances[i] for i in offered} == set(ALL_TRAINERS)


@pytest.mark.parametrize("which, bad", [
    (0, {"targets": ["9:99"]}), (0, {"targets": "0:1"}), (0, {"targets": ["0:0", "0:2"]}),
    (1, {"choices": {"cards": "x", "search": []}}), (1, {"choices": {"cards": ["0:4", "0:5"], "search": [None]}}),
    (1, {"choices": {"cards": ["0:4", "0:4"]}}),
])
def test_malformed_targets_and_choices_are_refused_with_a_rule(which, bad):
    from projections.tcg import engine
    from projections.tcg.randomness import FixedCoins
    st = board(seat(mon(CHARMANDER, damage=20), bench=[mon(MACHOP, damage=10)],
                    hand=[POTION, COMPUTER_SEARCH, FIRE, WATER]), seat(mon(ONIX)))
    assert st.seats[0].hand[2:] == ["0:4", "0:5"]
    action = {"type": "play_trainer", "card": st.seats[0].hand[which], "targets": [], "choices": {}, **bad}
    d = engine.decide(st, 0, action, FixedCoins([]))
    assert not d.legal and d.violations[0]["rule"].startswith("R-"), (action, d.violations)
