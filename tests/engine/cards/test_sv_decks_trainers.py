"""The Trainers and the Special Energy of the four shipped Standard decks that no set module
encodes (projections/tcg/cards/sv_decks_trainers.py), ruleset `modern`: exact outcomes, coins
fixed (each test proves how many flips an action needs), every refusal with its rule, what
`legal_actions` offers, and what each player reads of hidden cards (R-HIDDEN-1). Shuffles keep
the order (FixedCoins without a source)."""
import json
from pathlib import Path

import pytest

from projections.tcg.actions import retreat_cost
from projections.tcg.carddb import all_cards, card
from projections.tcg.cards.declared import DECLARED_SETS
from projections.tcg.cards.sv_decks_trainers import KNOCKED_OUT_LAST_TURN
from projections.tcg.decks import shipped_deck, shipped_deck_names
from projections.tcg.game import TcgGame
from projections.tcg.legal import legal_actions
from projections.text import grants
from tests.engine.cards.fixtures import hand, modern, names_none_of, tops, trainer

from .fixtures import act, choose_offers, offers, play, poke, read_by, refuse, said
from .fixtures import choose_step as choose
from .fixtures import modern_side as side

COUNTER_CATCHER, EARTHEN_VESSEL, POFFIN, MAXIMUM_BELT, PRIME_CATCHER, RESCUE_BOARD = (
    "sv4-160", "sv4-163", "sv5-144", "sv5-154", "sv5-157", "sv5-159")
SECRET_BOX, UNFAIR_STAMP, NIGHT_STRETCHER, BRIAR, JET = "sv6-163", "sv6-165", "sv6pt5-61", "sv7-132", "sv2-190"
PRINTS = {    # with their prints in Surging Sparks … Ascended Heroes (issue 43)
    "Counter Catcher": [COUNTER_CATCHER, "sv4-264"], "Earthen Vessel": [EARTHEN_VESSEL, "sv6pt5-96", "sv8pt5-106"],
    "Buddy-Buddy Poffin": [POFFIN, "sv6-223", "sv8pt5-101", "me1-167", "me2pt5-184"],
    "Maximum Belt": [MAXIMUM_BELT, "sv8pt5-117"], "Prime Catcher": [PRIME_CATCHER, "sv8pt5-119"],
    "Rescue Board": [RESCUE_BOARD, "sv6-225", "sv8pt5-126"], "Secret Box": [SECRET_BOX], "Unfair Stamp": [UNFAIR_STAMP],
    "Night Stretcher": [NIGHT_STRETCHER, "sv8-251", "me1-173", "me2pt5-196"],
    "Briar": [BRIAR, "sv7-163", "sv7-171", "sv8pt5-100"], "Jet Energy": [JET, "sv8-252"],
}
ALL_IDS = [i for ids in PRINTS.values() for i in ids]
KINDS = {"Maximum Belt": "tool", "Rescue Board": "tool", "Briar": "supporter"}

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING = "sve-1", "sve-2", "sve-3", "sve-4", "sve-5", "sve-6"
SKIDDO, SPRIGATITO, FUECOCO, PAWMI, RIOLU, ZANGOOSE = "sv1-11", "sv1-13", "sv1-36", "sv1-74", "sv1-112", "sv1-146"
PIKACHU_EX, DRAGAPULT_EX = "sv2-63", "sv6-130"                  # Pikachu ex: no Tera; Dragapult ex: Tera
DOME_FOSSIL = "sv3pt5-152"                                      # an Item outside play, a 60-HP Basic in play
NEST_BALL, VITALITY_BAND, NEMONA, ARVEN, ARTAZON, BOSS = (
    "sv1-181", "sv1-197", "sv1-180", "sv1-166", "sv2-171", "sv2-172")
GAME = TcgGame()


# -- helpers ---------------------------------------------------------------------------------------

def attack(state, name, seat_no=0):
    action = {"type": "attack", "attack": name, "choices": {}}
    assert action in legal_actions(state, seat_no), f"{action} not offered"
    return act(state, seat_no, action)


# -- the group -------------------------------------------------------------------------------------

def test_every_print_of_each_name_is_encoded_with_its_kind_and_shares_one_effect():
    # The pool the service holds: Scarlet & Violet and Mega Evolution up to Ascended Heroes.
    printed: dict[str, set[str]] = {}
    for c in all_cards():
        if c.name in PRINTS and c.id.split("-")[0] in DECLARED_SETS:
            printed.setdefault(c.name, set()).add(c.id)
    assert printed == {name: set(ids) for name, ids in PRINTS.items()}
    for name, ids in PRINTS.items():
        effects = {id(card(i).trainer if name != "Jet Energy" else card(i).energy_effect) for i in ids}
        assert len(effects) == 1, name
        for i in ids:
            c = card(i)
            assert c.implemented and c.name == name and not c.declared, i
            if name != "Jet Energy":
                assert c.trainer_kind == KINDS.get(name, "item"), i
    jet = card(JET)
    assert jet.energy_kind == "special" and jet.provides == ["Colorless"] and jet.energy_effect is not None


def test_the_four_standard_decks_play_no_declared_trainer_or_energy():
    names = [n for n in shipped_deck_names() if n.startswith("sv-")]
    assert len(names) == 4
    for name in names:
        for cid in shipped_deck(name):
            c = card(cid)
            if c.supertype != "Pokemon":
                assert not c.declared, (name, cid)


def test_every_card_describes_its_effect_in_its_own_words():
    printed: dict[str, str] = {}
    for path in sorted(Path("/work/shared/cards").glob("*.json")):
        if path.name == "sets.json":
            continue
        for c in json.loads(path.read_text(encoding="utf-8")):
            printed[c["id"]] = " ".join(c.get("rules", [])).lower()
    for cid in ALL_IDS:
        c = card(cid)
        effect = c.trainer if c.supertype == "Trainer" else c.energy_effect
        assert effect is not None, cid
        text = effect.text.lower()
        assert len(text) > 20 and text not in printed[cid] and printed[cid] not in text, cid


def test_legal_actions_offer_every_playable_card():
    cards = [COUNTER_CATCHER, EARTHEN_VESSEL, POFFIN, MAXIMUM_BELT, PRIME_CATCHER, RESCUE_BOARD, SECRET_BOX,
             UNFAIR_STAMP, NIGHT_STRETCHER, BRIAR]
    st = modern(side(poke(RIOLU), bench=[poke(SKIDDO)], hand=cards, prizes=4, discard=[FIRE]),
                side(poke(FUECOCO), bench=[poke(PAWMI)], prizes=2))
    offered = {st.instances[a["card"]] for a in legal_actions(st, 0) if a["type"] == "play_trainer"}
    assert offered == set(cards) - {UNFAIR_STAMP}          # no Pokémon of Ana's was Knocked Out last turn
    st.this_turn[KNOCKED_OUT_LAST_TURN] = [0]
    offered = {st.instances[a["card"]] for a in legal_actions(st, 0) if a["type"] == "play_trainer"}
    assert offered == set(cards)


# -- sv4-160 Counter Catcher ---------------------------------------------------------------------------

def _catcher_board(cid=COUNTER_CATCHER, my_prizes=5, their_prizes=4, their_bench=(SKIDDO, PAWMI), my_bench=()):
    return modern(side(poke(RIOLU, conditions=["asleep"]), bench=[poke(b) for b in my_bench], hand=[cid],
                       prizes=my_prizes),
                  side(poke(FUECOCO, conditions=["confused"]), bench=[poke(b) for b in their_bench],
                       prizes=their_prizes))


@pytest.mark.parametrize("cid", PRINTS["Counter Catcher"])
def test_sv4_160_counter_catcher_switches_in_a_benched_pokemon_while_behind_on_prizes(cid):
    st = _catcher_board(cid)
    catcher = hand(st)[0]
    fuecoco = st.seats[1].active.top
    skiddo, pawmi = tops(st.seats[1].bench)
    assert offers(st, catcher) == [([skiddo], {}), ([pawmi], {})]
    d = play(st, catcher, [pawmi])
    them = d.state.seats[1]
    assert them.active.top == pawmi and tops(them.bench) == [skiddo, fuecoco]
    assert them.bench[1].conditions == [] and d.state.seats[0].discard == [catcher]
    assert d.state.supporter is None and not d.state.this_turn["supporter_played"]      # an Item
    said(d, "Pawmi is now Seat 1 (Beto)'s Active Pokémon; Fuecoco goes to the Bench")


def test_sv4_160_counter_catcher_refusals():
    for mine, theirs in ((4, 4), (3, 4)):
        even = _catcher_board(my_prizes=mine, their_prizes=theirs)
        refuse(even, 0, trainer(hand(even)[0], [even.seats[1].bench[0].top]), "R-TRAINER-1",
               contains="more Prize cards left")
        assert offers(even, hand(even)[0]) == []
    st = _catcher_board()
    refuse(st, 0, trainer(hand(st)[0]), "R-TRAINER-1", contains="targets")
    refuse(st, 0, trainer(hand(st)[0], [st.seats[1].active.top]), "R-TRAINER-1")
    none = _catcher_board(their_bench=())
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Benched")
    assert offers(none, hand(none)[0]) == []


# -- sv5-157 Prime Catcher -----------------------------------------------------------------------------

def test_sv5_157_prime_catcher_switches_the_opponents_active_then_yours():
    st = _catcher_board(PRIME_CATCHER, my_prizes=3, their_prizes=5, my_bench=(SPRIGATITO, ZANGOOSE))
    catcher = hand(st)[0]
    riolu, fuecoco = st.seats[0].active.top, st.seats[1].active.top
    sprigatito, zangoose = tops(st.seats[0].bench)
    skiddo, pawmi = tops(st.seats[1].bench)
    assert offers(st, catcher) == [([skiddo, sprigatito], {}), ([skiddo, zangoose], {}),
                                   ([pawmi, sprigatito], {}), ([pawmi, zangoose], {})]
    d = play(st, catcher, [skiddo, zangoose])
    me, them = d.state.seats
    assert them.active.top == skiddo and tops(them.bench) == [fuecoco, pawmi] and them.bench[0].conditions == []
    assert me.active.top == zangoose and tops(me.bench) == [sprigatito, riolu] and me.bench[1].conditions == []
    assert d.state.this_turn["retreats"] == 0 and me.discard == [catcher]
    assert said(d, "Skiddo is now Seat 1 (Beto)'s Active Pokémon") < said(d, "Zangoose is now Seat 0 (Ana)'s Active")


def test_sv5_157_prime_catcher_without_a_bench_of_yours_and_refusals():
    alone = _catcher_board(PRIME_CATCHER)
    catcher = hand(alone)[0]
    skiddo, pawmi = tops(alone.seats[1].bench)
    assert offers(alone, catcher) == [([skiddo], {}), ([pawmi], {})]
    d = play(alone, catcher, [pawmi])
    assert d.state.seats[1].active.top == pawmi and d.state.seats[0].active.top == alone.seats[0].active.top
    st = _catcher_board(PRIME_CATCHER, my_bench=(SPRIGATITO,))
    catcher = hand(st)[0]
    sprigatito = st.seats[0].bench[0].top
    refuse(st, 0, trainer(catcher, [skiddo]), "R-TRAINER-1", contains="Name 2 Pokémon")
    refuse(st, 0, trainer(catcher, [sprigatito, skiddo]), "R-TRAINER-1")
    refuse(st, 0, trainer(catcher, [skiddo, st.seats[0].active.top]), "R-TRAINER-1")
    none = _catcher_board(PRIME_CATCHER, their_bench=(), my_bench=(SPRIGATITO,))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Benched")
    assert offers(none, hand(none)[0]) == []


# -- sv4-163 Earthen Vessel ----------------------------------------------------------------------------

def _vessel_board(deck, my_hand=(NEMONA, SKIDDO)):
    return modern(side(poke(RIOLU), hand=[EARTHEN_VESSEL, *my_hand], deck=deck), side(poke(FUECOCO)))


def test_sv4_163_earthen_vessel_discards_a_card_then_takes_up_to_2_basic_energy():
    st = _vessel_board([FIRE, JET, SKIDDO, WATER, FIRE, NEST_BALL])
    vessel, nemona, skiddo_in_hand = hand(st)
    deck = list(st.seats[0].deck)
    fire, jet, skiddo, water, fire2, nest_ball = deck
    assert offers(st, vessel) == [([], {"cards": [nemona]}), ([], {"cards": [skiddo_in_hand]})]
    d = play(st, vessel, cards=[nemona])
    looking = d.state
    assert looking.pending == {"seat": 0, "card": vessel, "kind": "search", "look": deck}
    assert looking.seats[0].discard == [nemona, vessel] and hand(looking) == [skiddo_in_hand]
    said(d, f"Seat 0 (Ana) discards ⟦{nemona}|Nemona|*⟧")
    said(d, "looks through the deck for up to 2 basic Energy cards")
    offered = choose_offers(looking)
    assert offered == [{"search": [water]}, {"search": [fire]}, {"search": [fire, water]},
                       {"search": [fire, fire2]}]                    # by cards: Fire ×2 and Water
    for bad in ([jet], [skiddo], [], [fire, fire2, water], [nest_ball]):           # Jet Energy is no basic
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    d2 = choose(looking, search=[fire, water])
    assert hand(d2.state) == [skiddo_in_hand, fire, water]
    assert d2.state.seats[0].deck == [jet, skiddo, fire2, nest_ball] and d2.state.pending is None
    assert d2.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3]]
    assert grants(d2.narration, 1) == {fire, water}                      # shown to both players
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), deck)
        names_none_of(read_by(looking, d2, seat_no), [jet, skiddo, fire2, nest_ball])
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 6}
    assert hand(choose(looking, offered=False, search=[fire2]).state) == [skiddo_in_hand, fire2]   # one is enough


def test_sv4_163_earthen_vessel_nothing_to_find_one_action_and_refusals():
    dry = _vessel_board([JET, SKIDDO])
    looking = play(dry, hand(dry)[0], cards=[hand(dry)[1]]).state
    assert choose_offers(looking) == [{"search": []}]
    said(choose(looking, search=[]), "finds no basic Energy card and shuffles the deck")
    empty = _vessel_board([])
    d = play(empty, hand(empty)[0], cards=[hand(empty)[1]])
    assert d.state.pending is None and empty.seats[0].hand[1] in d.state.seats[0].discard
    said(d, "finds no basic Energy card and shuffles the deck")
    st = _vessel_board([SKIDDO, WATER, FIRE], my_hand=(NEMONA,))
    vessel, nemona = hand(st)
    skiddo, water, fire = st.seats[0].deck
    assert offers(st, vessel) == [([], {"cards": [nemona]})]
    d = play(st, vessel, offered=False, search=[water, fire])        # a judge; the only other card left out
    assert hand(d.state) == [water, fire] and d.state.seats[0].discard == [nemona, vessel]
    v = refuse(st, 0, trainer(vessel, search=[skiddo]), "R-TRAINER-1")
    for word in ("Skiddo", "Water", "⟦", skiddo, water):
        assert word not in v["message"]
    refuse(st, 0, trainer(vessel, cards=[vessel]), "R-TRAINER-1")
    alone = _vessel_board([FIRE], my_hand=())
    refuse(alone, 0, trainer(hand(alone)[0]), "R-TRAINER-1", contains="other card")
    assert offers(alone, hand(alone)[0]) == []


# -- sv5-144 Buddy-Buddy Poffin ------------------------------------------------------------------------

def _poffin_board(deck, bench=(), cid=POFFIN):
    return modern(side(poke(RIOLU), bench=[poke(b) for b in bench], hand=[cid], deck=deck), side(poke(FUECOCO)))


@pytest.mark.parametrize("cid", PRINTS["Buddy-Buddy Poffin"])
def test_sv5_144_buddy_buddy_poffin_puts_up_to_2_basics_of_70_hp_or_less_onto_the_bench(cid):
    st = _poffin_board([FUECOCO, SKIDDO, PIKACHU_EX, SPRIGATITO, FIRE, SKIDDO, DRAGAPULT_EX, DOME_FOSSIL], cid=cid)
    poffin = hand(st)[0]
    deck = list(st.seats[0].deck)
    fuecoco, skiddo, pikachu, sprigatito, fire, skiddo2, dragapult, fossil = deck
    assert offers(st, poffin) == [([], {})]
    d = play(st, poffin)
    looking = d.state
    assert looking.pending == {"seat": 0, "card": poffin, "kind": "search", "look": deck}
    assert choose_offers(looking) == [{"search": [sprigatito]}, {"search": [skiddo]},
                                      {"search": [skiddo, sprigatito]}, {"search": [skiddo, skiddo2]}]
    for bad in ([fuecoco], [pikachu], [dragapult], [fire], [fossil], [], [skiddo, skiddo2, sprigatito]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    d2 = choose(looking, search=[skiddo, sprigatito])
    bench = d2.state.seats[0].bench
    assert [p.stack for p in bench] == [[skiddo], [sprigatito]] and all(p.entered_turn == 3 for p in bench)
    assert d2.state.seats[0].deck == [fuecoco, pikachu, fire, skiddo2, dragapult, fossil]
    assert hand(d2.state) == [] and d2.state.seats[0].discard == [poffin]
    assert grants(d2.narration, 1) == {skiddo, sprigatito}
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), deck)
        names_none_of(read_by(looking, d2, seat_no), [fuecoco, pikachu, fire, skiddo2, dragapult, fossil])
    said(d2, "onto the Bench and shuffles the deck")


def test_sv5_144_buddy_buddy_poffin_room_for_one_nothing_to_find_and_a_full_bench():
    one = _poffin_board([SKIDDO, SPRIGATITO], bench=[PAWMI] * 4)
    looking = play(one, hand(one)[0]).state
    skiddo, sprigatito = one.seats[0].deck
    assert choose_offers(looking) == [{"search": [sprigatito]}, {"search": [skiddo]}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": [skiddo, sprigatito]}}, "R-TRAINER-1",
           contains="room for 1")
    dry = _poffin_board([FUECOCO, FIRE])
    looking = play(dry, hand(dry)[0]).state
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    assert d.state.seats[0].bench == []
    said(d, "finds no Basic Pokémon with 70 HP or less and shuffles the deck")
    empty = _poffin_board([])
    assert play(empty, hand(empty)[0]).state.pending is None
    d = play(one, hand(one)[0], offered=False, search=[sprigatito])                 # a judge's one action
    assert tops(d.state.seats[0].bench)[-1] == sprigatito and d.state.pending is None
    full = _poffin_board([SKIDDO], bench=[PAWMI] * 5)
    refuse(full, 0, trainer(hand(full)[0]), "R-BENCH-1")
    assert offers(full, hand(full)[0]) == []


# -- sv6-163 Secret Box --------------------------------------------------------------------------------

def _box_board(deck, my_hand=(FIRE, SKIDDO, NEMONA)):
    return modern(side(poke(RIOLU), hand=[SECRET_BOX, *my_hand], deck=deck), side(poke(FUECOCO)))


def test_sv6_163_secret_box_discards_3_then_takes_an_item_a_tool_a_supporter_and_a_stadium():
    st = _box_board([NEST_BALL, SKIDDO, VITALITY_BAND, NEMONA, ARVEN, ARTAZON, FIRE, NEST_BALL])
    box, fire, skiddo_in_hand, nemona_in_hand = hand(st)
    deck = list(st.seats[0].deck)
    ball, skiddo, band, nemona, arven, artazon, fire2, ball2 = deck
    assert offers(st, box) == [([], {"cards": [fire, skiddo_in_hand, nemona_in_hand]})]
    d = play(st, box, cards=[fire, skiddo_in_hand, nemona_in_hand])
    looking = d.state
    assert looking.pending == {"seat": 0, "card": box, "kind": "search", "look": deck}
    assert looking.seats[0].discard == [fire, skiddo_in_hand, nemona_in_hand, box] and hand(looking) == []
    assert choose_offers(looking) == [{"search": [ball, band, nemona, artazon]},
                                      {"search": [ball, band, arven, artazon]}]
    for bad in ([ball, ball2, band, nemona, artazon], [skiddo, ball, band, nemona, artazon],
                [ball, band, nemona, arven, artazon]):                      # not what the card says
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}}, "R-TRAINER-1")
    for bad in ([ball, band, nemona], []):                                   # less than it can
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}}, "R-TRAINER-5")
    d2 = choose(looking, offered=False, search=[artazon, arven, band, ball2])     # any copy, in any order
    assert hand(d2.state) == [artazon, arven, band, ball2]
    assert d2.state.seats[0].deck == [ball, skiddo, nemona, fire2]
    assert grants(d2.narration, 1) == {artazon, arven, band, ball2}
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), deck)
        names_none_of(read_by(looking, d2, seat_no), [ball, skiddo, nemona, fire2])


def test_sv6_163_secret_box_takes_the_kinds_the_deck_holds_and_refusals():
    st = _box_board([SKIDDO, NEMONA, FIRE])
    box = hand(st)[0]
    skiddo, nemona, fire = st.seats[0].deck
    looking = play(st, box, cards=hand(st)[1:]).state
    assert choose_offers(looking) == [{"search": [nemona]}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    assert hand(choose(looking, search=[nemona]).state) == [nemona]
    dry = _box_board([SKIDDO, FIRE])
    looking = play(dry, hand(dry)[0], cards=hand(dry)[1:]).state
    assert choose_offers(looking) == [{"search": []}]
    said(choose(looking, search=[]), "finds no Item, Pokémon Tool, Supporter or Stadium card")
    d = play(st, box, offered=False, search=[nemona])                          # a judge; the 3 cards left out
    assert hand(d.state) == [nemona] and len(d.state.seats[0].discard) == 4
    v = refuse(st, 0, trainer(box, search=[skiddo]), "R-TRAINER-1")
    for word in ("Skiddo", "Nemona", "⟦", skiddo, nemona):
        assert word not in v["message"]
    more = _box_board([NEMONA], my_hand=(FIRE, SKIDDO, NEMONA, WATER))
    assert len(offers(more, hand(more)[0])) == 4                                # 3 of 4 different cards
    refuse(more, 0, trainer(hand(more)[0]), "R-TRAINER-1", contains="choices.cards")
    short = _box_board([NEMONA], my_hand=(FIRE, SKIDDO))
    refuse(short, 0, trainer(hand(short)[0]), "R-TRAINER-1", contains="needs 3 other card(s)")
    assert offers(short, hand(short)[0]) == []


# -- sv6pt5-61 Night Stretcher -------------------------------------------------------------------------

def test_sv6pt5_61_night_stretcher_takes_a_pokemon_or_a_basic_energy_from_the_discard_pile():
    st = modern(side(poke(RIOLU), hand=[NIGHT_STRETCHER], discard=[SKIDDO, JET, FIRE, NEST_BALL, SKIDDO]),
                side(poke(FUECOCO)))
    stretcher = hand(st)[0]
    skiddo, jet, fire, ball, skiddo2 = st.seats[0].discard
    assert offers(st, stretcher) == [([], {"search": [skiddo]}), ([], {"search": [fire]})]
    d = play(st, stretcher, offered=False, search=[skiddo2])              # either copy
    assert hand(d.state) == [skiddo2] and d.state.seats[0].discard == [skiddo, jet, fire, ball, stretcher]
    assert grants(d.narration, 1) == {skiddo2}
    said(d, f"takes ⟦{skiddo2}|Skiddo|*⟧ from the discard pile into the hand")
    for bad in ([jet], [ball], [skiddo, fire], []):
        refuse(st, 0, trainer(stretcher, search=bad), "R-TRAINER-1")
    refuse(st, 0, trainer(stretcher), "R-TRAINER-1", contains="choices.search")
    none = modern(side(poke(RIOLU), hand=[NIGHT_STRETCHER], discard=[JET, NEST_BALL]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Pokémon card or basic Energy card")
    assert offers(none, hand(none)[0]) == []


# -- sv6-165 Unfair Stamp ------------------------------------------------------------------------------

def _stamp_board(knocked_out=(0,)):
    st = modern(side(poke(RIOLU), hand=[UNFAIR_STAMP, FIRE, SKIDDO, NEMONA],
                     deck=[WATER, GRASS, PSYCHIC, LIGHTNING, FIGHTING, PAWMI, SPRIGATITO]),
                side(poke(FUECOCO), hand=[NEST_BALL, FIRE], deck=[ZANGOOSE, WATER, GRASS]))
    if knocked_out:
        st.this_turn[KNOCKED_OUT_LAST_TURN] = list(knocked_out)
    return st


def test_sv6_165_unfair_stamp_shuffles_both_hands_away_then_draws_5_and_2():
    st = _stamp_board()
    stamp, *mine = hand(st)
    theirs = list(hand(st, 1))
    my_deck, their_deck = list(st.seats[0].deck), list(st.seats[1].deck)
    assert offers(st, stamp) == [([], {})]
    d = play(st, stamp)
    s0, s1 = d.state.seats
    assert s0.hand == (my_deck + mine)[:5] and s0.deck == (my_deck + mine)[5:]
    assert s1.hand == (their_deck + theirs)[:2] and s1.deck == (their_deck + theirs)[2:]
    assert s0.discard == [stamp]
    assert d.event["payload"]["rng"]["shuffles"] == [list(range(10)), list(range(5))]
    assert said(d, "Seat 0 (Ana) shuffles 3 card(s)") < said(d, "Seat 1 (Beto) shuffles 2 card(s)") \
        < said(d, "Seat 0 (Ana) draws 5 card(s)") < said(d, "Seat 1 (Beto) draws 2 card(s)")
    # nobody reads a card of the other's hand, old or new
    names_none_of(read_by(st, d, 0), theirs + their_deck)
    names_none_of(read_by(st, d, 1), mine + my_deck)
    assert not grants(d.narration, 0) and not grants(d.narration, 1)


def test_sv6_165_unfair_stamp_needs_a_knock_out_of_yours_during_the_opponents_last_turn():
    for knocked_out in ((), (1,)):
        st = _stamp_board(knocked_out)
        refuse(st, 0, trainer(hand(st)[0]), "R-TRAINER-1", contains="Knocked Out during your opponent's last turn")
        assert offers(st, hand(st)[0]) == []
    both = _stamp_board((0, 1))
    assert offers(both, hand(both)[0]) == [([], {})]


def test_sv6_165_unfair_stamp_after_a_real_knock_out_in_the_opponents_turn():
    """The engine keeps the record: Beto's attack Knocks Out Ana's Active; in Ana's next turn
    Unfair Stamp is offered and may be played, and in her turn after that it may not."""
    st = modern(side(poke(FUECOCO, [FIRE]), deck=[WATER] * 4),
                side(poke(RIOLU, damage=60), bench=[poke(SKIDDO)], hand=[UNFAIR_STAMP], deck=[GRASS] * 6),
                seat_to_act=1)                                   # Beto (Seat 1) to act
    d = act(st, 1, {"type": "attack", "attack": "Gnaw", "choices": {}})
    assert d.state.phase == "promote"
    d = act(d.state, 0, {"type": "promote", "card": d.state.seats[0].bench[0].top})
    assert d.state.seat_to_act == 0 and d.state.this_turn["knocked_out_last_turn"] == [0]
    stamp = d.state.seats[0].hand[0]
    assert offers(d.state, stamp) == [([], {})]
    later = act(d.state, 0, {"type": "end_turn"}).state
    later = act(later, 1, {"type": "end_turn"}).state
    assert "knocked_out_last_turn" not in later.this_turn
    refuse(later, 0, trainer(stamp), "R-TRAINER-1", contains="Knocked Out during your opponent's last turn")


# -- sv7-132 Briar (Supporter) -------------------------------------------------------------------------

def _briar_board(attacker=DRAGAPULT_EX, their_prizes=2, cid=BRIAR, their_active=SKIDDO, extra=()):
    return modern(side(poke(attacker, [JET]), hand=[cid, *extra], prizes=4),
                  side(poke(their_active), bench=[poke(PAWMI)], prizes=their_prizes))


@pytest.mark.parametrize("cid", PRINTS["Briar"])
def test_sv7_132_briar_gives_1_more_prize_when_a_tera_pokemons_attack_knocks_out_the_active(cid):
    st = _briar_board(cid=cid)
    briar = hand(st)[0]
    assert offers(st, briar) == [([], {})]
    d = play(st, briar)
    assert d.state.supporter == {"card": briar, "owner": 0}
    assert all(e["kind"] == "briar" for p in d.state.seats[1].in_play() for e in p.effects)
    d2 = attack(d.state, "Jet Headbutt")                       # Dragapult ex (Tera): 70 to a 60-HP Skiddo
    assert len(d2.state.seats[0].prizes) == 2 and len(hand(d2.state)) == 2
    said(d2, "Briar: the attack of a Tera Pokémon Knocked Out Skiddo: 1 more Prize card")
    said(d2, "Seat 0 (Ana) takes 2 Prize card(s); 2 left")
    # without Briar: one Prize card
    plain = attack(_briar_board(), "Jet Headbutt")
    assert len(plain.state.seats[0].prizes) == 3


def test_sv7_132_briar_lasts_through_a_switch_and_ends_with_the_turn():
    st = _briar_board(extra=[PRIME_CATCHER])
    briar, catcher = hand(st)
    pawmi = st.seats[1].bench[0].top
    d = play(play(st, briar).state, catcher, [pawmi])
    assert d.state.seats[1].active.top == pawmi and d.state.seats[1].bench[0].effects
    d2 = attack(d.state, "Jet Headbutt")                       # 70 to the 60-HP Pawmi brought in
    assert len(d2.state.seats[0].prizes) == 2
    assert all(not p.effects for p in d2.state.seats[1].in_play())       # the turn ended: the effect is gone


def test_sv7_132_briar_not_for_other_attackers_nor_without_a_knock_out_by_damage():
    st = _briar_board(attacker=PIKACHU_EX, their_active=SPRIGATITO)
    d = play(st, hand(st)[0])
    d.state.seats[1].active.damage = 40
    d2 = attack(d.state, "Pika Punch")                          # 30 more: Knocked Out, by an ex with no Tera
    assert d2.state.seats[1].discard and len(d2.state.seats[0].prizes) == 3
    st = _briar_board(their_active=FUECOCO)
    d2 = attack(play(st, hand(st)[0]).state, "Jet Headbutt")    # 70 to an 80-HP Fuecoco: no Knock Out
    assert d2.state.seats[1].active.damage == 70 and len(d2.state.seats[0].prizes) == 4


def test_sv7_132_briar_refusals():
    for left in (1, 3, 6):
        st = _briar_board(their_prizes=left)
        refuse(st, 0, trainer(hand(st)[0]), "R-TRAINER-1", contains="exactly 2 Prize cards")
        assert offers(st, hand(st)[0]) == []
    st = _briar_board(extra=[BOSS])
    boss = hand(st)[1]
    d = play(st, hand(st)[0])
    refuse(d.state, 0, trainer(boss, [st.seats[1].bench[0].top]), "R-TRAINER-2")


# -- sv5-154 Maximum Belt (Pokémon Tool) --------------------------------------------------------------

def test_sv5_154_maximum_belt_adds_50_before_weakness_against_a_pokemon_ex():
    # Riolu (Fighting) hits Pikachu ex (weak to Fighting): (10 + 50) × 2 = 120
    st = modern(side(poke(RIOLU, [FIGHTING]), bench=[poke(SKIDDO)], hand=[MAXIMUM_BELT]), side(poke(PIKACHU_EX)))
    belt = hand(st)[0]
    riolu, skiddo = st.seats[0].active.top, st.seats[0].bench[0].top
    assert offers(st, belt) == [([riolu], {}), ([skiddo], {})]
    d = play(st, belt, [riolu])
    assert d.state.seats[0].active.attached == [belt] and d.state.seats[0].discard == []
    said(d, "plays the Pokémon Tool Maximum Belt")
    d2 = attack(d.state, "Jab")
    assert d2.state.seats[1].active.damage == 120
    said(d2, "Maximum Belt +50 = 60; Weakness ×2 = 120")
    other = modern(side(poke(RIOLU, [FIGHTING], attached=[MAXIMUM_BELT])), side(poke(PAWMI)))
    assert attack(other, "Jab").state.seats[1].active.damage == 20            # Pawmi is no Pokémon ex
    refuse(d.state, 0, trainer(belt, [riolu]), "R-TRAINER-1")                 # no longer in the hand


def test_sv5_154_maximum_belt_one_tool_a_pokemon():
    st = modern(side(poke(RIOLU, attached=[VITALITY_BAND]), hand=[MAXIMUM_BELT]), side(poke(PIKACHU_EX)))
    refuse(st, 0, trainer(hand(st)[0], [st.seats[0].active.top]), "R-TRAINER-4", contains="already has")
    assert offers(st, hand(st)[0]) == []


# -- sv5-159 Rescue Board (Pokémon Tool) --------------------------------------------------------------

@pytest.mark.parametrize("cid", PRINTS["Rescue Board"])
def test_sv5_159_rescue_board_lowers_the_retreat_cost_by_1_and_to_0_at_30_hp_or_less(cid):
    st = modern(side(poke(FUECOCO, [FIRE, FIRE]), bench=[poke(SKIDDO)], hand=[cid]), side(poke(RIOLU)))
    board_card = hand(st)[0]
    fuecoco = st.seats[0].active
    assert retreat_cost(st, fuecoco) == 2
    d = play(st, board_card, [fuecoco.top])
    active = d.state.seats[0].active
    assert retreat_cost(d.state, active) == 1
    skiddo = d.state.seats[0].bench[0].top
    offered = [a for a in legal_actions(d.state, 0) if a["type"] == "retreat"]
    assert offered == [{"type": "retreat", "to": skiddo, "discard": [active.energy[0]]},
                       {"type": "retreat", "to": skiddo, "discard": [active.energy[1]]}]
    for damage, cost in ((40, 1), (50, 0), (70, 0)):          # 80 HP: 40 left, 30 left, 10 left
        active.damage = damage
        assert retreat_cost(d.state, active) == cost, damage
    d2 = act(d.state, 0, {"type": "retreat", "to": skiddo, "discard": []})
    assert d2.state.seats[0].active.top == skiddo and d2.state.seats[0].bench[0].energy == active.energy
    bare = modern(side(poke(SKIDDO, attached=[cid])), side(poke(RIOLU)))
    assert retreat_cost(bare, bare.seats[0].active) == 0                       # never below 0


# -- sv2-190 Jet Energy (Special Energy) -------------------------------------------------------------

def test_sv2_190_jet_energy_attached_from_the_hand_to_the_bench_switches_that_pokemon_in():
    st = modern(side(poke(RIOLU, conditions=["paralyzed"]), bench=[poke(SKIDDO), poke(PAWMI)], hand=[JET, JET]),
                side(poke(FUECOCO)))
    jet, jet2 = hand(st)
    riolu = st.seats[0].active.top
    skiddo, pawmi = tops(st.seats[0].bench)
    d = act(st, 0, {"type": "attach_energy", "card": jet, "target": pawmi})
    me = d.state.seats[0]
    assert me.active.top == pawmi and me.active.energy == [jet] and tops(me.bench) == [skiddo, riolu]
    assert me.bench[1].conditions == [] and d.state.this_turn["retreats"] == 0
    said(d, "Jet Energy: Pawmi becomes Seat 0 (Ana)'s Active Pokémon; Riolu goes to the Bench")
    # the new Active may attack with it: it provides Colorless
    assert {"type": "attack", "attack": "Light Punch", "choices": {}} in legal_actions(d.state, 0)
    to_active = act(st, 0, {"type": "attach_energy", "card": jet2, "target": riolu})
    assert to_active.state.seats[0].active.top == riolu and to_active.state.seats[0].active.energy == [jet2]
    assert not any("Jet Energy:" in line for line in to_active.narration)


def test_sv2_190_jet_energy_already_in_play_does_nothing_more():
    st = modern(side(poke(RIOLU), bench=[poke(SKIDDO, [JET])], hand=[FIRE]), side(poke(FUECOCO)))
    skiddo = st.seats[0].bench[0].top
    d = act(st, 0, {"type": "attach_energy", "card": hand(st)[0], "target": skiddo})
    assert d.state.seats[0].active.top == st.seats[0].active.top      # another card's attachment: no switch
