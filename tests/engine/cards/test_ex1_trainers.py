"""EX Ruby & Sapphire Trainers ex1-80 … ex1-92: exact outcomes, coins fixed (each test proves how
many flips an action needs; a refusal with no coins proves the choices are checked before any
coin), every refusal with its rule, what `legal_actions` offers, and what each player reads of a
search (R-HIDDEN-1). Shuffles keep the order (FixedCoins without a source)."""
from projections.tcg.carddb import card
from projections.tcg.game import TcgGame
from projections.tcg.legal import legal_actions
from projections.text import grants
from tests.engine.cards.fixtures import choose_offers, hand, offers, trainer

from .fixtures import (
    FIGHTING,
    FIRE,
    GRASS,
    PSYCHIC,
    RAINBOW_ENERGY,
    WATER,
    act,
    board,
    decide,
    play,
    poke,
    read_by,
    refuse,
    said,
    side,
)
from .fixtures import choose_step as choose

ENERGY_REMOVAL_2, ENERGY_RESTORE, ENERGY_SWITCH, LADY_OUTING, LUM_BERRY = (
    "ex1-80", "ex1-81", "ex1-82", "ex1-83", "ex1-84")
ORAN_BERRY, POKE_BALL, REVERSAL, POKENAV, BIRCH, ENERGY_SEARCH, POTION, SWITCH = (
    "ex1-85", "ex1-86", "ex1-87", "ex1-88", "ex1-89", "ex1-90", "ex1-91", "ex1-92")
GROUP = [f"ex1-{n}" for n in range(80, 93)]
MUDKIP, MARSHTOMP, TORCHIC, MAKUHITA, RALTS = "ex1-59", "ex1-40", "ex1-73", "ex1-56", "ex1-66"
GAME = TcgGame()


# -- helpers -------------------------------------------------------------------------------------


def end_turn(state, coins=()):
    return act(state, 0, {"type": "end_turn"}, coins)


def names_none_of(text, state, instances):
    for i in instances:
        assert f"({i})" not in text, (i, state.card_of(i).name, text)


def test_every_card_of_the_group_is_implemented():
    assert all(card(f"ex1-{n}").implemented for n in range(80, 93))


def test_every_card_describes_its_effect_in_its_own_words():
    import json
    from pathlib import Path

    printed = {c["id"]: " ".join(c.get("rules", [])).lower()
               for c in json.loads(Path("/work/shared/cards/ex1.json").read_text(encoding="utf-8"))}
    for cid in GROUP:
        text = card(cid).trainer.text.lower()
        assert len(text) > 20 and text not in printed[cid] and printed[cid] not in text, cid
    kinds = {cid: card(cid).trainer_kind for cid in GROUP}
    assert [c for c, k in kinds.items() if k == "supporter"] == [LADY_OUTING, BIRCH]
    assert [c for c, k in kinds.items() if k == "tool"] == [LUM_BERRY, ORAN_BERRY]


def test_legal_actions_offer_every_playable_card_of_the_group():
    cards = [c for c in GROUP if c != BIRCH]      # with 12 other cards in hand Birch would draw nothing
    st = board(side(poke(MUDKIP, [WATER], damage=20), bench=[poke(TORCHIC)], hand=cards, deck=[MUDKIP, FIRE],
                    discard=[FIRE]),
               side(poke(MAKUHITA, [FIGHTING]), bench=[poke(RALTS)]))
    offered = {a["card"] for a in legal_actions(st, 0) if a["type"] == "play_trainer"}
    assert {st.instances[i] for i in offered} == set(cards)
    crowded = board(side(poke(MUDKIP), hand=[BIRCH] + [FIRE] * 6), side(poke(MAKUHITA)))
    assert offers(crowded, hand(crowded)[0]) == []


# -- ex1-80 Energy Removal 2 --------------------------------------------------------------------

def _removal_board():
    return board(side(poke(MUDKIP), hand=[ENERGY_REMOVAL_2]),
                 side(poke(MAKUHITA, [FIGHTING, WATER]), bench=[poke(RALTS, [PSYCHIC])]))


def test_ex1_80_energy_removal_2_heads_discards_the_energy_card_chosen_before_the_coin():
    st = _removal_board()
    er = hand(st)[0]
    makuhita, ralts = st.seats[1].active, st.seats[1].bench[0]
    fighting, water = makuhita.energy
    assert offers(st, er) == [([makuhita.top], {"cards": [fighting]}), ([makuhita.top], {"cards": [water]}),
                              ([ralts.top], {"cards": [ralts.energy[0]]})]
    d = play(st, er, [makuhita.top], ["heads"], cards=[water])
    assert d.state.seats[1].active.energy == [fighting] and d.state.seats[1].discard == [water]
    assert d.state.seats[0].discard == [er] and hand(d.state) == []
    said(d, "Coin flip for Energy Removal 2: heads")
    said(d, "Water Energy attached to Makuhita is discarded")
    # a Benched Pokémon's Energy too
    d = play(st, er, [ralts.top], ["heads"], cards=[ralts.energy[0]])
    assert d.state.seats[1].bench[0].energy == []


def test_ex1_80_energy_removal_2_tails_discards_nothing():
    st = _removal_board()
    er = hand(st)[0]
    makuhita = st.seats[1].active
    d = play(st, er, [makuhita.top], ["tails"], cards=[makuhita.energy[1]])
    assert d.state.seats[1].active.energy == makuhita.energy and d.state.seats[1].discard == []
    assert d.state.seats[0].discard == [er]
    said(d, "Tails: Water Energy stays attached to Makuhita")


def test_ex1_80_energy_removal_2_refusals_come_before_the_coin():
    st = _removal_board()
    er = hand(st)[0]
    makuhita, ralts = st.seats[1].active, st.seats[1].bench[0]
    refuse(st, 0, trainer(er, cards=[makuhita.energy[0]]), "R-TRAINER-1", contains="targets")
    refuse(st, 0, trainer(er, [st.seats[0].active.top], cards=[makuhita.energy[0]]), "R-TRAINER-1")
    refuse(st, 0, trainer(er, [makuhita.top], cards=[ralts.energy[0]]), "R-TRAINER-1")
    refuse(st, 0, trainer(er, [makuhita.top]), "R-TRAINER-1", contains="choices.cards")
    bare = board(side(poke(MUDKIP, [WATER]), hand=[ENERGY_REMOVAL_2]), side(poke(MAKUHITA), bench=[poke(RALTS)]))
    refuse(bare, 0, trainer(hand(bare)[0]), "R-TRAINER-1", contains="no")
    assert offers(bare, hand(bare)[0]) == []


# -- ex1-81 Energy Restore ----------------------------------------------------------------------

def _restore_board(discard):
    return board(side(poke(MUDKIP), hand=[ENERGY_RESTORE], discard=discard), side(poke(MAKUHITA)))


def test_ex1_81_energy_restore_takes_one_energy_per_heads_in_the_order_named():
    st = _restore_board([FIRE, WATER, GRASS, FIGHTING, POTION])
    er = hand(st)[0]
    fire, water, grass, fighting, potion = st.seats[0].discard
    assert len(offers(st, er)) == 4 * 3 * 2                   # every order of 3 of the 4 Energy cards
    d = play(st, er, coins=["heads", "tails", "heads"], search=[water, fire, grass])
    assert hand(d.state) == [water, fire]
    assert d.state.seats[0].discard == [grass, fighting, potion, er]
    said(d, "Coin flip for Energy Restore (1/3): heads")
    said(d, "Coin flip for Energy Restore (3/3): heads")
    said(d, "2 heads: Seat 0 (Ana) takes")
    # the discard pile is public: the cards taken are named to both players
    assert {water, fire} <= grants(d.narration, 1)
    d = play(st, er, coins=["tails", "tails", "heads"], search=[grass, fire, water])
    assert hand(d.state) == [grass]
    d = play(st, er, coins=["tails"] * 3, search=[grass, fire, water])
    assert hand(d.state) == [] and d.state.seats[0].discard == [fire, water, grass, fighting, potion, er]
    said(d, "No heads: no Energy card is taken")


def test_ex1_81_energy_restore_takes_all_there_are_when_fewer_than_the_heads():
    st = _restore_board([FIRE, POTION, WATER])
    er = hand(st)[0]
    fire, potion, water = st.seats[0].discard
    assert offers(st, er) == [([], {"search": [fire, water]}), ([], {"search": [water, fire]})]
    d = play(st, er, coins=["heads"] * 3, search=[water, fire])
    assert hand(d.state) == [water, fire] and d.state.seats[0].discard == [potion, er]
    said(d, "(all there were). [R-TRAINER-5]")
    d = play(st, er, coins=["tails", "heads", "tails"], search=[water, fire])
    assert hand(d.state) == [water]


def test_ex1_81_energy_restore_order_left_out_only_when_every_energy_card_is_the_same():
    st = _restore_board([FIRE] * 4)
    er = hand(st)[0]
    fires = st.seats[0].discard
    assert offers(st, er) == [([], {"search": fires[:3]})]
    d = play(st, er, coins=["heads", "heads", "tails"], offered=False)
    assert hand(d.state) == fires[:2]
    mixed = _restore_board([FIRE, FIRE, WATER])
    f1, f2, w = mixed.seats[0].discard
    assert offers(mixed, hand(mixed)[0]) == [([], {"search": [f1, f2, w]}), ([], {"search": [f1, w, f2]}),
                                             ([], {"search": [w, f1, f2]})]
    refuse(mixed, 0, trainer(hand(mixed)[0]), "R-TRAINER-1", contains="choices.search")


def test_ex1_81_energy_restore_refusals():
    st = _restore_board([FIRE, WATER, GRASS, FIGHTING, POTION])
    er = hand(st)[0]
    fire, water, grass, fighting, potion = st.seats[0].discard
    refuse(st, 0, trainer(er, search=[water, fire]), "R-TRAINER-1", contains="3 card(s)")
    refuse(st, 0, trainer(er, search=[water, fire, grass, fighting]), "R-TRAINER-1")
    refuse(st, 0, trainer(er, search=[water, fire, potion]), "R-TRAINER-1")
    refuse(st, 0, trainer(er, search=[water, water, fire]), "R-TRAINER-1")
    none = _restore_board([RAINBOW_ENERGY, POTION])              # a Special Energy card is not basic
    refuse(none, 0, trainer(hand(none)[0], search=[none.seats[0].discard[0]]), "R-TRAINER-1",
           contains="no basic Energy card")
    assert offers(none, hand(none)[0]) == []


# -- ex1-82 Energy Switch -----------------------------------------------------------------------

def _switch_board():
    return board(side(poke(MUDKIP, [WATER, FIRE, RAINBOW_ENERGY]), bench=[poke(TORCHIC)],
                      hand=[ENERGY_SWITCH, GRASS]),
                 side(poke(MAKUHITA, [FIGHTING])))


def test_ex1_82_energy_switch_moves_a_basic_energy_card_and_is_not_the_turns_attachment():
    st = _switch_board()
    es, grass = hand(st)
    mudkip, torchic = st.seats[0].active, st.seats[0].bench[0]
    water, fire, rainbow = mudkip.energy
    assert offers(st, es) == [([mudkip.top, torchic.top], {"cards": [water]}),
                              ([mudkip.top, torchic.top], {"cards": [fire]})]
    d = play(st, es, [mudkip.top, torchic.top], cards=[fire])
    me = d.state.seats[0]
    assert me.active.energy == [water, rainbow] and me.bench[0].energy == [fire] and me.discard == [es]
    said(d, "Fire Energy moves from Mudkip to Torchic")
    assert d.state.this_turn["energy_attached"] is None
    d2 = act(d.state, 0, {"type": "attach_energy", "card": grass, "target": torchic.top})
    assert d2.state.seats[0].bench[0].energy == [fire, grass]
    # back from the Bench to the Active as well, and the card may be left out when there is one
    back = board(side(poke(MUDKIP), bench=[poke(TORCHIC, [FIRE])], hand=[ENERGY_SWITCH]), side(poke(MAKUHITA)))
    m, t = back.seats[0].active, back.seats[0].bench[0]
    d = play(back, hand(back)[0], [t.top, m.top], offered=False)
    assert d.state.seats[0].active.energy == t.energy and d.state.seats[0].bench[0].energy == []


def test_ex1_82_energy_switch_refusals():
    st = _switch_board()
    es = hand(st)[0]
    mudkip, torchic = st.seats[0].active, st.seats[0].bench[0]
    water, fire, rainbow = mudkip.energy
    refuse(st, 0, trainer(es, [mudkip.top, torchic.top], cards=[rainbow]), "R-TRAINER-1")      # not basic
    refuse(st, 0, trainer(es, [mudkip.top, torchic.top]), "R-TRAINER-1", contains="choices.cards")
    refuse(st, 0, trainer(es, [torchic.top, mudkip.top], cards=[water]), "R-TRAINER-1")        # Torchic has none
    refuse(st, 0, trainer(es, [mudkip.top, mudkip.top], cards=[water]), "R-TRAINER-1", contains="another")
    refuse(st, 0, trainer(es, [mudkip.top, st.seats[1].active.top], cards=[water]), "R-TRAINER-1")
    refuse(st, 0, trainer(es, [mudkip.top], cards=[water]), "R-TRAINER-1", contains="2 Pokémon")
    alone = board(side(poke(MUDKIP, [WATER]), hand=[ENERGY_SWITCH]), side(poke(MAKUHITA)))
    refuse(alone, 0, trainer(hand(alone)[0]), "R-TRAINER-1", contains="no other Pokémon")
    special = board(side(poke(MUDKIP, [RAINBOW_ENERGY]), bench=[poke(TORCHIC)], hand=[ENERGY_SWITCH]),
                    side(poke(MAKUHITA)))
    refuse(special, 0, trainer(hand(special)[0]), "R-TRAINER-1", contains="basic Energy")
    assert offers(alone, hand(alone)[0]) == [] and offers(special, hand(special)[0]) == []


# -- ex1-83 Lady Outing (Supporter) -------------------------------------------------------------

def _outing_board(deck, extra_hand=()):
    return board(side(poke(MUDKIP), hand=[LADY_OUTING, *extra_hand], deck=deck), side(poke(MAKUHITA)))


def test_ex1_83_lady_outing_shows_the_deck_then_takes_energy_cards_of_different_types():
    st = _outing_board([FIRE, MUDKIP, FIRE, WATER, GRASS, RAINBOW_ENERGY], extra_hand=[BIRCH])
    lo, birch = hand(st)
    deck = list(st.seats[0].deck)
    fire, mudkip, fire2, water, grass, rainbow = deck
    d = play(st, lo)
    looking = d.state
    assert looking.pending == {"seat": 0, "card": lo, "kind": "search", "look": deck}
    assert looking.supporter == {"card": lo, "owner": 0} and lo not in looking.seats[0].discard
    said(d, "Seat 0 (Ana) plays the Supporter Lady Outing")
    said(d, "looks through the deck for a basic Energy card")
    assert choose_offers(looking) == [{"search": [fire]}, {"search": [water]}, {"search": [grass]},
                                      {"search": [fire, water]}, {"search": [fire, grass]},
                                      {"search": [water, grass]}, {"search": [fire, water, grass]}]
    refuse(looking, 0, {"type": "end_turn"}, "R-TRAINER-1", contains="choose")
    refuse(looking, 1, {"type": "choose", "choices": {"search": [fire]}}, "R-TRAINER-1")
    d2 = choose(looking, search=[fire, water, grass])
    s = d2.state.seats[0]
    assert hand(d2.state) == [birch, fire, water, grass] and s.deck == [mudkip, fire2, rainbow]
    assert d2.state.pending is None and d2.event["payload"]["rng"]["shuffles"] == [[0, 1, 2]]
    said(d2, "puts them into the hand and shuffles the deck")
    # the Supporter of the turn: no second one, and it is discarded when the turn ends
    refuse(d2.state, 0, trainer(birch), "R-TRAINER-2")
    ended = end_turn(d2.state)
    assert lo in ended.state.seats[0].discard and ended.state.supporter is None


def test_ex1_83_lady_outing_choose_refusals():
    st = _outing_board([FIRE, MUDKIP, FIRE, WATER, GRASS, RAINBOW_ENERGY])
    fire, mudkip, fire2, water, grass, rainbow = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    for bad in ([fire, fire2], [mudkip], [rainbow], [], [fire, water, grass, fire2], [fire, fire]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    # fewer types than there are is the player's choice ("up to 3")
    d = choose(looking, search=[water])
    assert hand(d.state) == [water]


def test_ex1_83_lady_outing_in_one_action_and_with_nothing_to_find():
    st = _outing_board([FIRE, MUDKIP, WATER])
    lo = hand(st)[0]
    fire, mudkip, water = st.seats[0].deck
    d = play(st, lo, offered=False, search=[water, fire])       # a judge who sees the deck
    assert hand(d.state) == [water, fire] and d.state.pending is None and d.state.seats[0].deck == [mudkip]
    # a refusal tells a player nothing about its deck: the same words whatever was named
    messages = {refuse(st, 0, trainer(lo, search=bad), "R-TRAINER-1")["message"]
                for bad in ([mudkip], [fire, fire], ["0:999"])}
    assert len(messages) == 1
    for word in ("Fire", "Mudkip", "Water Energy", "⟦", *st.seats[0].deck):
        assert word not in next(iter(messages))
    dry = _outing_board([MUDKIP, RAINBOW_ENERGY])
    looking = play(dry, hand(dry)[0]).state
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    assert hand(d.state) == [] and d.state.seats[0].deck == dry.seats[0].deck
    said(d, "finds no basic Energy card and shuffles the deck")
    empty = _outing_board([])
    d = play(empty, hand(empty)[0])                               # nothing to look through: no choose step
    assert d.state.pending is None and d.state.supporter["card"] == hand(empty)[0]
    said(d, "finds no basic Energy card")


def test_ex1_83_lady_outing_shows_the_deck_to_its_player_alone():
    st = _outing_board([FIRE, MUDKIP, WATER, GRASS])
    fire, mudkip, water, grass = deck = list(st.seats[0].deck)
    d = play(st, hand(st)[0])
    looking = d.state
    assert not set(deck) & GAME.hidden_instances(looking, 0) and set(deck) <= GAME.hidden_instances(looking, 1)
    assert [c["instance"] for c in GAME.view(looking, "player", 0)["pending"]["look"]] == deck
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 4}
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), st, deck)
    d2 = choose(looking, search=[water])
    assert grants(d2.narration, 1) == {water}
    for seat_no in (0, 1):                                       # neither reads the rest of the deck
        text = read_by(looking, d2, seat_no)
        assert f"Water Energy ({water})" in text
        names_none_of(text, st, [fire, mudkip, grass])


# -- ex1-84 Lum Berry (Pokémon Tool) ------------------------------------------------------------

def test_ex1_84_lum_berry_attaches_and_cures_poison_before_the_poison_counter():
    st = board(side(poke(MUDKIP, conditions=["poisoned"]), bench=[poke(TORCHIC, attached=[ORAN_BERRY])],
                    hand=[LUM_BERRY]), side(poke(MAKUHITA)))
    lum = hand(st)[0]
    mudkip = st.seats[0].active
    assert offers(st, lum) == [([mudkip.top], {})]               # Torchic already has a Tool
    d = play(st, lum, [mudkip.top])
    assert d.state.seats[0].active.attached == [lum] and lum not in d.state.seats[0].discard
    said(d, "plays the Pokémon Tool Lum Berry")
    said(d, "Lum Berry is attached to Mudkip")
    assert d.state.seats[0].active.conditions == ["poisoned"]   # it waits for the turn's end
    ended = end_turn(d.state)
    m = ended.state.seats[0].active
    assert m.damage == 0 and m.conditions == [] and m.attached == [] and ended.state.seats[0].discard == [lum]
    said(ended, "Lum Berry: Mudkip is no longer Poisoned; Lum Berry is discarded")
    assert not any("Poison between turns" in line for line in ended.narration)
    assert ended.state.seat_to_act == 1
    # without it, Poison puts its counter
    plain = end_turn(board(side(poke(MUDKIP, conditions=["poisoned"])), side(poke(MAKUHITA))))
    assert plain.state.seats[0].active.damage == 10


def test_ex1_84_lum_berry_cures_every_condition_so_no_burn_or_sleep_flip_is_needed():
    st = board(side(poke(MUDKIP, conditions=["asleep", "burned", "poisoned"], attached=[LUM_BERRY])),
               side(poke(MAKUHITA)))
    ended = end_turn(st)                                          # no coin: no Burn flip, no Asleep flip
    m = ended.state.seats[0].active
    assert m.conditions == [] and m.damage == 0 and m.attached == []
    said(ended, "Mudkip is no longer Asleep, Burned, Poisoned")


def test_ex1_84_lum_berry_works_on_the_opponents_pokemon_at_the_end_of_any_turn():
    st = board(side(poke(MUDKIP)), side(poke(MAKUHITA, conditions=["confused"], attached=[LUM_BERRY])))
    lum = st.seats[1].active.attached[0]
    ended = end_turn(st)
    assert ended.state.seats[1].active.conditions == [] and ended.state.seats[1].discard == [lum]


def test_ex1_84_lum_berry_stays_when_there_is_nothing_to_cure():
    st = board(side(poke(MUDKIP, damage=20, attached=[LUM_BERRY]), bench=[poke(TORCHIC, attached=[LUM_BERRY])]),
               side(poke(MAKUHITA)))
    ended = end_turn(st)
    s = ended.state.seats[0]
    assert s.active.attached == st.seats[0].active.attached and s.bench[0].attached == st.seats[0].bench[0].attached
    assert s.discard == [] and s.active.damage == 20


def test_ex1_84_and_85_berries_are_tools_one_per_pokemon():
    st = board(side(poke(MUDKIP, attached=[ORAN_BERRY]), hand=[LUM_BERRY, ORAN_BERRY]), side(poke(MAKUHITA)))
    lum, oran = hand(st)
    mudkip = st.seats[0].active
    refuse(st, 0, trainer(lum, [mudkip.top]), "R-TRAINER-4", contains="already has a Pokémon Tool")
    refuse(st, 0, trainer(oran, [mudkip.top]), "R-TRAINER-4")
    refuse(st, 0, trainer(lum), "R-TRAINER-4")
    refuse(st, 0, trainer(lum, [st.seats[1].active.top]), "R-TRAINER-4")
    assert offers(st, lum) == [] and offers(st, oran) == []


# -- ex1-85 Oran Berry (Pokémon Tool) -----------------------------------------------------------

def test_ex1_85_oran_berry_removes_two_counters_after_the_burn_counters():
    st = board(side(poke(MUDKIP, damage=20, conditions=["burned"]), hand=[ORAN_BERRY]), side(poke(MAKUHITA)))
    oran = hand(st)[0]
    mudkip = st.seats[0].active
    assert offers(st, oran) == [([mudkip.top], {})]
    d = play(st, oran, [mudkip.top])
    assert d.state.seats[0].active.damage == 20 and d.state.seats[0].active.attached == [oran]
    ended = end_turn(d.state, ["tails"])                          # ex-2005 Burn: tails, 2 counters
    m = ended.state.seats[0].active
    assert m.damage == 20 and m.attached == [] and ended.state.seats[0].discard == [oran]
    assert said(ended, "Burn between turns") < said(ended, "Oran Berry: Mudkip loses 2 damage counters (20/50)")
    said(ended, "Oran Berry is discarded")


def test_ex1_85_oran_berry_after_poison_before_knock_outs():
    st = board(side(poke(MUDKIP, damage=10, conditions=["poisoned"], attached=[ORAN_BERRY])), side(poke(MAKUHITA)))
    ended = end_turn(st)
    assert ended.state.seats[0].active.damage == 0 and ended.state.seats[0].active.attached == []
    assert said(ended, "Poison between turns") < said(ended, "Oran Berry")
    # Poison's counter reaches Mudkip's 50 HP, the Berry brings it back before Knock Outs are checked
    edge = board(side(poke(MUDKIP, damage=40, conditions=["poisoned"], attached=[ORAN_BERRY])), side(poke(MAKUHITA)))
    ended = end_turn(edge)
    assert ended.state.seats[0].active.damage == 30 and len(ended.state.seats[1].prizes) == 6
    assert not any("Knocked Out" in line for line in ended.narration)
    no_berry = end_turn(board(side(poke(MUDKIP, damage=40, conditions=["poisoned"]), bench=[poke(TORCHIC)]),
                              side(poke(MAKUHITA))))
    said(no_berry, "Mudkip (Seat 0 (Ana)) is Knocked Out")


def test_ex1_85_oran_berry_needs_two_counters_and_works_on_the_bench():
    st = board(side(poke(MUDKIP, damage=10, attached=[ORAN_BERRY]),
                    bench=[poke(TORCHIC, damage=30, attached=[ORAN_BERRY])]),
               side(poke(MAKUHITA)))
    bench_oran = st.seats[0].bench[0].attached[0]
    ended = end_turn(st)
    s = ended.state.seats[0]
    assert s.active.damage == 10 and s.active.attached == st.seats[0].active.attached     # 1 counter: it stays
    assert s.bench[0].damage == 10 and s.bench[0].attached == [] and s.discard == [bench_oran]


def test_ex1_85_oran_berry_goes_to_the_discard_pile_with_its_knocked_out_pokemon():
    st = board(side(poke(MAKUHITA, [FIGHTING])),                # Beto (Seat 1) to act
               side(poke(TORCHIC, damage=30, attached=[ORAN_BERRY]), bench=[poke(MUDKIP)]), turn=4, seat_to_act=1)
    torchic = st.seats[0].active
    oran = torchic.attached[0]
    d = act(st, 1, {"type": "attack", "attack": "Slap Push", "choices": {}})
    assert d.state.seats[0].active is None and set(d.state.seats[0].discard) == {torchic.top, oran}
    assert d.state.phase == "promote"


# -- ex1-86 Poké Ball ---------------------------------------------------------------------------

def _ball_board(deck):
    return board(side(poke(TORCHIC), hand=[POKE_BALL], deck=deck), side(poke(MAKUHITA)))


def test_ex1_86_poke_ball_heads_shows_the_deck_then_takes_a_pokemon_card():
    st = _ball_board([FIRE, MUDKIP, MARSHTOMP, WATER, MUDKIP])
    pb = hand(st)[0]
    deck = list(st.seats[0].deck)
    fire, mudkip, marshtomp, water, mudkip2 = deck
    assert offers(st, pb) == [([], {})]
    d = play(st, pb, coins=["heads"])
    looking = d.state
    assert looking.pending["look"] == deck and looking.seats[0].discard == [pb]
    said(d, "Coin flip for Poké Ball: heads")
    assert choose_offers(looking) == [{"search": [mudkip]}, {"search": [marshtomp]}]   # one per card
    refuse(looking, 0, {"type": "choose", "choices": {"search": [fire]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    refuse(looking, 0, {"type": "choose", "choices": {"search": [mudkip, marshtomp]}}, "R-TRAINER-1")
    d2 = choose(looking, search=[marshtomp])
    assert hand(d2.state) == [marshtomp] and d2.state.seats[0].deck == [fire, mudkip, water, mudkip2]
    assert d2.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3]]
    assert grants(d2.narration, 1) == {marshtomp}
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), st, deck)
        names_none_of(read_by(looking, d2, seat_no), st, [fire, mudkip, water, mudkip2])
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 5}


def test_ex1_86_poke_ball_tails_does_not_search():
    st = _ball_board([FIRE, MUDKIP])
    pb = hand(st)[0]
    d = play(st, pb, coins=["tails"])
    assert d.state.pending is None and hand(d.state) == [] and d.state.seats[0].deck == st.seats[0].deck
    assert "shuffles" not in d.event["payload"].get("rng", {})
    said(d, "Tails: the deck is not searched")
    # a judge's choice given with the card is void on tails
    d = play(st, pb, coins=["tails"], offered=False, search=[st.seats[0].deck[1]])
    assert hand(d.state) == [] and d.state.seats[0].deck == st.seats[0].deck


def test_ex1_86_poke_ball_in_one_action_and_refusals_before_the_coin():
    st = _ball_board([FIRE, MUDKIP])
    pb = hand(st)[0]
    fire, mudkip = st.seats[0].deck
    d = play(st, pb, coins=["heads"], offered=False, search=[mudkip])
    assert hand(d.state) == [mudkip] and d.state.pending is None
    v = refuse(st, 0, trainer(pb, search=[fire]), "R-TRAINER-1")
    for word in ("Fire", "Mudkip", "⟦", fire, mudkip):
        assert word not in v["message"]
    refuse(st, 0, trainer(pb, search=[]), "R-HIDDEN-1")      # "none found" named before looking
    dry = _ball_board([FIRE, WATER])
    refuse(dry, 0, trainer(hand(dry)[0], search=[]), "R-HIDDEN-1")   # the same whatever the deck holds
    looking = play(dry, hand(dry)[0], coins=["heads"]).state
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    said(d, "finds no Basic Pokémon or Evolution card and shuffles the deck")
    empty = _ball_board([])
    d = play(empty, hand(empty)[0], coins=["heads"])              # nothing to look through: no choose step
    assert d.state.pending is None
    said(d, "finds no Basic Pokémon or Evolution card")


# -- ex1-87 Pokémon Reversal --------------------------------------------------------------------

def _reversal_board(bench=(RALTS, TORCHIC)):
    return board(side(poke(MUDKIP), hand=[REVERSAL]),
                 side(poke(MAKUHITA, conditions=["confused"]), bench=[poke(b) for b in bench]))


def test_ex1_87_pokemon_reversal_heads_switches_in_the_benched_pokemon_the_opponent_picks():
    st = _reversal_board()
    rev = hand(st)[0]
    makuhita = st.seats[1].active
    ralts, torchic = (p.top for p in st.seats[1].bench)
    assert offers(st, rev) == [([], {"pokemon": [ralts]}), ([], {"pokemon": [torchic]})]
    d = play(st, rev, coins=["heads"], pokemon=[torchic])
    them = d.state.seats[1]
    assert them.active.top == torchic and [p.top for p in them.bench] == [ralts, makuhita.top]
    assert them.bench[1].conditions == []                         # to the Bench: no longer Confused
    said(d, "Seat 1 (Beto) picks Torchic: it is now the Active Pokémon and Makuhita goes to the Bench")
    assert d.state.seats[0].discard == [rev] and d.state.seat_to_act == 0


def test_ex1_87_pokemon_reversal_tails_switches_nothing():
    st = _reversal_board()
    d = play(st, hand(st)[0], coins=["tails"], pokemon=[st.seats[1].bench[0].top])
    assert d.state.seats[1].active.top == st.seats[1].active.top
    assert d.state.seats[1].active.conditions == ["confused"]
    said(d, "Tails: Seat 1 (Beto)'s Active Pokémon stays")


def test_ex1_87_pokemon_reversal_with_one_benched_pokemon_and_refusals():
    one = _reversal_board(bench=(RALTS,))
    assert offers(one, hand(one)[0]) == [([], {})]
    d = play(one, hand(one)[0], coins=["heads"])
    assert d.state.seats[1].active.top == one.seats[1].bench[0].top
    st = _reversal_board()
    rev = hand(st)[0]
    refuse(st, 0, trainer(rev), "R-TRAINER-1", contains="choices.pokemon")
    refuse(st, 0, trainer(rev, pokemon=[st.seats[1].active.top]), "R-TRAINER-1")
    refuse(st, 0, trainer(rev, pokemon=[st.seats[0].active.top]), "R-TRAINER-1")
    none = _reversal_board(bench=())
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Benched")
    assert offers(none, hand(none)[0]) == []


# -- ex1-88 PokéNav -----------------------------------------------------------------------------

def _nav_board(deck):
    return board(side(poke(TORCHIC), hand=[POKENAV], deck=deck), side(poke(MAKUHITA)))


def test_ex1_88_pokenav_looks_at_the_top_three_takes_one_and_orders_the_rest():
    st = _nav_board([POTION, MUDKIP, FIRE, GRASS])
    nav = hand(st)[0]
    potion, mudkip, fire, grass = st.seats[0].deck
    assert offers(st, nav) == [([], {})]
    d = play(st, nav)
    looking = d.state
    assert looking.pending["look"] == [potion, mudkip, fire] and looking.pending["kind"] == "search"
    said(d, "Seat 0 (Ana) looks at the top 3 card(s) of the deck")
    assert choose_offers(looking) == [{"search": [mudkip], "order": [potion, fire]},
                                      {"search": [mudkip], "order": [fire, potion]},
                                      {"search": [fire], "order": [potion, mudkip]},
                                      {"search": [fire], "order": [mudkip, potion]}]
    d2 = choose(looking, search=[mudkip], order=[fire, potion])
    assert hand(d2.state) == [mudkip] and d2.state.seats[0].deck == [fire, potion, grass]
    assert d2.state.seats[0].discard == [nav] and d2.state.pending is None
    assert "rng" not in d2.event["payload"]                       # no shuffle: the deck keeps its order
    said(d2, f"Seat 0 (Ana) shows ⟦{mudkip}|Mudkip|*⟧ and puts it into the hand")
    said(d2, "puts 2 card(s) back on top of the deck")


def test_ex1_88_pokenav_shows_the_cards_to_its_player_alone():
    st = _nav_board([POTION, MUDKIP, FIRE, GRASS])
    potion, mudkip, fire, grass = st.seats[0].deck
    d = play(st, hand(st)[0])
    looking = d.state
    top = [potion, mudkip, fire]
    assert not set(top) & GAME.hidden_instances(looking, 0) and set(top) <= GAME.hidden_instances(looking, 1)
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 3}
    assert [c["instance"] for c in GAME.view(looking, "player", 0)["pending"]["look"]] == top
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), st, st.seats[0].deck)
    d2 = choose(looking, search=[mudkip], order=[fire, potion])
    assert grants(d2.narration, 1) == {mudkip} and grants(d2.narration, 0) == {mudkip, fire, potion}
    theirs, mine = read_by(looking, d2, 1), read_by(looking, d2, 0)
    names_none_of(theirs, st, [fire, potion, grass])
    assert f"Mudkip ({mudkip})" in theirs
    assert f"top first: Fire Energy ({fire}), Potion ({potion})" in mine
    names_none_of(mine, st, [grass])


def test_ex1_88_pokenav_refusals():
    st = _nav_board([POTION, MUDKIP, FIRE, GRASS])
    potion, mudkip, fire, grass = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    for bad, rule in (({"search": [potion], "order": [mudkip, fire]}, "R-TRAINER-1"),
                      ({"search": [], "order": [potion, mudkip, fire]}, "R-TRAINER-5"),
                      ({"search": [grass], "order": [potion, fire]}, "R-TRAINER-1"),
                      ({"search": [mudkip, fire], "order": [potion]}, "R-TRAINER-1"),
                      ({"search": [mudkip], "order": [potion]}, "R-TRAINER-1"),
                      ({"search": [mudkip], "order": [potion, grass]}, "R-TRAINER-1"),
                      ({"search": [mudkip], "order": [fire, fire]}, "R-TRAINER-1"),
                      ({"search": [mudkip]}, "R-TRAINER-1")):
        refuse(looking, 0, {"type": "choose", "choices": bad}, rule)
    empty = _nav_board([])
    refuse(empty, 0, trainer(hand(empty)[0]), "R-TRAINER-1", contains="empty")
    assert offers(empty, hand(empty)[0]) == []


def test_ex1_88_pokenav_with_nothing_to_take_a_short_deck_or_in_one_action():
    dry = _nav_board([POTION, BIRCH, LUM_BERRY, FIRE])
    potion, birch, lum, fire = dry.seats[0].deck
    looking = play(dry, hand(dry)[0]).state
    assert len(choose_offers(looking)) == 6 and all(c["search"] == [] for c in choose_offers(looking))
    d = choose(looking, search=[], order=[lum, potion, birch])
    assert hand(d.state) == [] and d.state.seats[0].deck == [lum, potion, birch, fire]
    said(d, "finds no Pokémon or Energy card among them")
    # a deck of 2: the 2 cards looked at
    two = _nav_board([FIRE, POTION])
    f, p = two.seats[0].deck
    looking = play(two, hand(two)[0]).state
    assert looking.pending["look"] == [f, p] and choose_offers(looking) == [{"search": [f], "order": [p]}]
    # one card left: the order may be left out
    assert hand(choose(looking, offered=False, search=[f]).state) == [f]
    # a deck of 1: no choice to make, one action
    for deck, taken in (([MUDKIP], True), ([POTION], False)):
        one = _nav_board(deck)
        d = play(one, hand(one)[0])
        assert d.state.pending is None
        assert hand(d.state) == (one.seats[0].deck if taken else [])
        assert d.state.seats[0].deck == ([] if taken else one.seats[0].deck)
    # a judge gives both choices with the card
    st = _nav_board([POTION, MUDKIP, FIRE, GRASS])
    potion, mudkip, fire, grass = st.seats[0].deck
    d = play(st, hand(st)[0], offered=False, search=[fire], order=[mudkip, potion])
    assert hand(d.state) == [fire] and d.state.seats[0].deck == [mudkip, potion, grass]
    v = refuse(st, 0, trainer(hand(st)[0], search=[potion], order=[mudkip, fire]), "R-TRAINER-1")
    for word in ("Potion", "Mudkip", "⟦", potion):
        assert word not in v["message"]


# -- ex1-89 Professor Birch (Supporter) ---------------------------------------------------------

def test_ex1_89_professor_birch_draws_until_six_cards_in_hand():
    st = board(side(poke(MUDKIP), hand=[BIRCH, GRASS, FIRE]), side(poke(MAKUHITA)))
    birch, grass, fire = hand(st)
    deck = st.seats[0].deck
    assert offers(st, birch) == [([], {})]
    d = play(st, birch)
    assert hand(d.state) == [grass, fire, *deck[:4]] and d.state.seats[0].deck == deck[4:]
    assert d.state.supporter == {"card": birch, "owner": 0}
    said(d, "Seat 0 (Ana) draws 4 card(s) and holds 6")
    five = board(side(poke(MUDKIP), hand=[BIRCH] + [FIRE] * 5), side(poke(MAKUHITA)))
    assert len(hand(play(five, hand(five)[0]).state)) == 6


def test_ex1_89_professor_birch_short_deck_and_refusals():
    short = board(side(poke(MUDKIP), hand=[BIRCH], deck=[WATER, WATER]), side(poke(MAKUHITA)))
    d = play(short, hand(short)[0])
    assert hand(d.state) == short.seats[0].deck and d.state.seats[0].deck == []
    said(d, "draws 2 card(s) and holds 2. [R-TRAINER-5]")
    empty = board(side(poke(MUDKIP), hand=[BIRCH], deck=[]), side(poke(MAKUHITA)))
    d = play(empty, hand(empty)[0])
    said(d, "draws 0 card(s)")
    full = board(side(poke(MUDKIP), hand=[BIRCH] + [FIRE] * 6), side(poke(MAKUHITA)))
    refuse(full, 0, trainer(hand(full)[0]), "R-TRAINER-1", contains="would draw nothing")
    first = board(side(poke(MUDKIP), hand=[BIRCH]), side(poke(MAKUHITA)), turn=1)
    refuse(first, 0, trainer(hand(first)[0]), "R-TRAINER-2")


# -- ex1-90 Energy Search -----------------------------------------------------------------------

def _search_board(deck):
    return board(side(poke(MUDKIP), hand=[ENERGY_SEARCH], deck=deck), side(poke(MAKUHITA)))


def test_ex1_90_energy_search_shows_the_deck_then_takes_a_basic_energy_card():
    st = _search_board([MUDKIP, WATER, RAINBOW_ENERGY, FIRE, WATER])
    es = hand(st)[0]
    deck = list(st.seats[0].deck)
    mudkip, water, rainbow, fire, water2 = deck
    assert offers(st, es) == [([], {})]
    d = play(st, es)
    looking = d.state
    assert looking.pending["look"] == deck
    assert choose_offers(looking) == [{"search": [water]}, {"search": [fire]}]
    for bad in ([mudkip], [rainbow], [], [water, fire]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    d2 = choose(looking, search=[fire])
    assert hand(d2.state) == [fire] and d2.state.seats[0].deck == [mudkip, water, rainbow, water2]
    assert d2.state.seats[0].discard == [es] and grants(d2.narration, 1) == {fire}
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), st, deck)
        names_none_of(read_by(looking, d2, seat_no), st, [mudkip, water, rainbow, water2])


def test_ex1_90_energy_search_in_one_action_with_nothing_to_find_or_an_empty_deck():
    st = _search_board([MUDKIP, WATER])
    es = hand(st)[0]
    mudkip, water = st.seats[0].deck
    d = play(st, es, offered=False, search=[water])
    assert hand(d.state) == [water] and d.state.pending is None
    refuse(st, 0, trainer(es, search=[mudkip]), "R-TRAINER-1")
    dry = _search_board([MUDKIP, RAINBOW_ENERGY])
    looking = play(dry, hand(dry)[0]).state
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    said(d, "finds no basic Energy card and shuffles the deck")
    empty = _search_board([])
    d = play(empty, hand(empty)[0])
    assert d.state.pending is None and d.state.seats[0].discard == hand(empty)
    said(d, "finds no basic Energy card")


# -- ex1-91 Potion, ex1-92 Switch (the Base Set's effects) --------------------------------------

def test_ex1_91_potion_removes_up_to_two_counters():
    st = board(side(poke(MUDKIP, damage=30), bench=[poke(TORCHIC, damage=10)], hand=[POTION]), side(poke(MAKUHITA)))
    potion = hand(st)[0]
    mudkip, torchic = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, potion) == [([mudkip.top], {}), ([torchic.top], {})]
    assert play(st, potion, [mudkip.top]).state.seats[0].active.damage == 10
    assert play(st, potion, [torchic.top]).state.seats[0].bench[0].damage == 0
    undamaged = board(side(poke(MUDKIP), hand=[POTION]), side(poke(MAKUHITA, damage=20)))
    refuse(undamaged, 0, trainer(hand(undamaged)[0]), "R-TRAINER-1")
    refuse(undamaged, 0, trainer(hand(undamaged)[0], [undamaged.seats[1].active.top]), "R-TRAINER-1")
    assert offers(undamaged, hand(undamaged)[0]) == []


def test_ex1_92_switch_swaps_the_active_with_a_benched_pokemon():
    st = board(side(poke(MUDKIP, conditions=["paralyzed"]), bench=[poke(TORCHIC)], hand=[SWITCH]),
               side(poke(MAKUHITA)))
    sw = hand(st)[0]
    mudkip, torchic = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, sw) == [([torchic.top], {})]
    d = play(st, sw, [torchic.top])
    me = d.state.seats[0]
    assert me.active.top == torchic.top and me.bench[0].top == mudkip.top and me.bench[0].conditions == []
    assert d.state.this_turn["retreats"] == 0                     # not a retreat
    alone = board(side(poke(MUDKIP), hand=[SWITCH]), side(poke(MAKUHITA)))
    refuse(alone, 0, trainer(hand(alone)[0]), "R-TRAINER-1", contains="no Benched")


def test_refusals_name_a_rule_for_malformed_choices():
    st = _removal_board()
    er = hand(st)[0]
    for bad in ({"targets": ["9:99"]}, {"choices": {"cards": "x"}}, {"choices": {"cards": [None]}}):
        d = decide(st, 0, {"type": "play_trainer", "card": er, "targets": [], "choices": {}, **bad})
        assert not d.legal and d.violations[0]["rule"].startswith("R-"), (bad, d.violations)
