"""Scarlet & Violet (sv1) Supporters and Stadiums under the `modern` ruleset: exact outcomes,
every refusal with its rule, what `legal_actions` offers, and what each player reads of a
search or of a new hand (R-HIDDEN-1). Shuffles keep the order (FixedCoins without a source), so
after "the hand goes into the deck, shuffled" the deck is the old deck then the old hand."""
import json
from pathlib import Path

from projections.tcg.carddb import card
from projections.tcg.cards.describe import describe_card
from projections.tcg.game import TcgGame
from projections.tcg.legal import legal_actions
from projections.text import grants
from tests.engine.cards.fixtures import choose_offers, hand, names_none_of, offers, trainer

from .fixtures import act, board, play, poke, read_by, refuse, said
from .fixtures import choose_step as choose

ARVEN, JACQ, JUDGE, KATY, MIRIAM, NEMONA, PENNY = (
    "sv1-166", "sv1-175", "sv1-176", "sv1-177", "sv1-179", "sv1-180", "sv1-183")
SADA, TURO, GRUNT, YOUNGSTER = "sv1-189", "sv1-190", "sv1-195", "sv1-198"
BEACH_COURT, MESAGOZA = "sv1-167", "sv1-178"
ALT_ARTS = {"sv1-235": ARVEN, "sv1-249": ARVEN, "sv1-236": JACQ, "sv1-250": JACQ, "sv1-237": KATY,
            "sv1-238": MIRIAM, "sv1-251": MIRIAM, "sv1-239": PENNY, "sv1-252": PENNY, "sv1-240": SADA,
            "sv1-241": TURO, "sv1-242": GRUNT}
GROUP = [ARVEN, BEACH_COURT, JACQ, JUDGE, KATY, MESAGOZA, MIRIAM, NEMONA, PENNY, SADA, TURO, GRUNT,
         YOUNGSTER, *ALT_ARTS]
FUECOCO, CROCALOR, SKELEDIRGE = "sv1-36", "sv1-37", "sv1-38"
SPRIGATITO, FLORAGATO, MEOWSCARADA, PINECO, MAGIKARP = "sv1-13", "sv1-14", "sv1-15", "sv1-1", "sv1-44"
POKE_BALL, POTION, NEST_BALL = "sv1-185", "sv1-188", "sv1-181"          # Items
DEFIANCE_BAND, ROCKY_HELMET = "sv1-169", "sv1-193"                      # Pokémon Tools
GRASS, FIRE, WATER, JET = "sve-1", "sve-2", "sve-3", "sv2-190"          # Jet Energy: a Special Energy
GAME = TcgGame()
SHARED = Path(__file__).resolve().parents[4] / "shared" / "cards" / "sv1.json"


# -- helpers -------------------------------------------------------------------------------------

def side(active, bench=(), hand=(), deck=None, discard=()):
    return {"active": active, "bench": list(bench), "hand": list(hand),
            "deck": [WATER] * 8 if deck is None else list(deck), "prizes": [GRASS] * 6, "discard": list(discard)}


def sv_board(mine, theirs, **kw):
    return board(mine, theirs, ruleset="modern", **kw)


# -- the group -------------------------------------------------------------------------------------

def test_every_supporter_and_stadium_of_sv1_is_encoded_under_each_of_its_numbers():
    printed = {c["id"]: c for c in json.loads(SHARED.read_text(encoding="utf-8"))} if SHARED.is_file() else {}
    if printed:
        wanted = {cid for cid, c in printed.items()
                  if {"Supporter", "Stadium"} & set(c.get("subtypes") or [])}
        assert wanted == set(GROUP)
    for cid in GROUP:
        c = card(cid)
        assert c.implemented and c.trainer is not None, cid
        assert c.trainer_kind == ("stadium" if cid in (BEACH_COURT, MESAGOZA) else "supporter"), cid
        text = c.trainer.text.lower()
        assert len(text) > 20, cid
        if printed:
            rules = " ".join(printed[cid].get("rules", [])).lower()
            assert text not in rules and rules.split(".")[0] not in text, cid
    for alt, main in ALT_ARTS.items():
        assert type(card(alt).trainer) is type(card(main).trainer) and card(alt).name == card(main).name
    assert all(not card(c).declared for c in GROUP)            # every text encoded, Mesagoza's too
    page = describe_card(MESAGOZA)
    assert page["encoded"] == ["trainer"] and page["declared"] == []


def test_the_supporter_rules_are_the_engines():
    st = sv_board(side(poke(FUECOCO), hand=[NEMONA, YOUNGSTER]), side(poke(SPRIGATITO)))
    nemona, youngster = hand(st)
    d = play(st, nemona)
    refuse(d.state, 0, trainer(youngster), "R-TRAINER-2", contains="Only 1 Supporter")
    assert offers(d.state, youngster) == []
    first = sv_board(side(poke(FUECOCO), hand=[NEMONA]), side(poke(SPRIGATITO)), turn=1)
    refuse(first, 0, trainer(hand(first)[0]), "R-TRAINER-2", contains="first turn")


# -- sv1-166 Arven ----------------------------------------------------------------------------------

def _arven_board(deck):
    return sv_board(side(poke(FUECOCO), hand=[ARVEN], deck=deck), side(poke(SPRIGATITO)))


def test_sv1_166_arven_shows_the_deck_then_takes_an_item_and_a_tool():
    st = _arven_board([FIRE, POKE_BALL, DEFIANCE_BAND, POTION, ROCKY_HELMET, POKE_BALL, CROCALOR])
    arven = hand(st)[0]
    deck = list(st.seats[0].deck)
    fire, ball, band, potion, helmet, ball2, crocalor = deck
    assert offers(st, arven) == [([], {})]
    d = play(st, arven)
    looking = d.state
    assert looking.pending == {"seat": 0, "card": arven, "kind": "search", "look": deck}
    assert looking.supporter == {"card": arven, "owner": 0}
    said(d, "Seat 0 (Ana) plays the Supporter Arven")
    said(d, "looks through the deck for an Item card and a Pokémon Tool card")
    assert choose_offers(looking) == [{"search": [ball, band]}, {"search": [ball, helmet]},
                                      {"search": [potion, band]}, {"search": [potion, helmet]}]
    for bad in ([ball, potion], [ball, band, helmet], [ball, crocalor], [fire, band]):   # not what it says
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}}, "R-TRAINER-1")
    for bad in ([ball], [band], []):                    # less than it can: the deck holds both kinds
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}}, "R-TRAINER-5")
    d2 = choose(looking, search=[potion, helmet])
    assert hand(d2.state) == [potion, helmet] and d2.state.pending is None
    assert d2.state.seats[0].deck == [fire, ball, band, ball2, crocalor]
    assert d2.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3, 4]]
    assert f"shows Potion ({potion}), Rocky Helmet ({helmet}), puts them" in read_by(looking, d2, 1)
    assert grants(d2.narration, 1) == {potion, helmet}
    for seat_no in (0, 1):                         # nobody reads the rest of the deck
        names_none_of(read_by(st, d, seat_no), deck)
        names_none_of(read_by(looking, d2, seat_no), [fire, ball, band, ball2, crocalor])
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 7}


def test_sv1_166_arven_takes_what_the_deck_holds_and_in_one_action():
    only_items = _arven_board([FIRE, POKE_BALL])
    fire, ball = only_items.seats[0].deck
    looking = play(only_items, hand(only_items)[0]).state
    assert choose_offers(looking) == [{"search": [ball]}]
    assert hand(choose(looking, search=[ball]).state) == [ball]
    none = _arven_board([FIRE, CROCALOR])
    looking = play(none, hand(none)[0]).state
    assert choose_offers(looking) == [{"search": []}]
    said(choose(looking, search=[]), "finds no Item card or Pokémon Tool card and shuffles the deck")
    empty = _arven_board([])
    d = play(empty, hand(empty)[0])                       # nothing to look through: no choose step
    assert d.state.pending is None and d.state.supporter["card"] == hand(empty)[0]
    # a judge who sees the deck gives the search with the card; a refusal names no card of the deck
    st = _arven_board([FIRE, POKE_BALL, DEFIANCE_BAND])
    arven = hand(st)[0]
    fire, ball, band = st.seats[0].deck
    d = play(st, arven, offered=False, search=[band, ball])
    assert hand(d.state) == [band, ball] and d.state.pending is None and d.state.seats[0].deck == [fire]
    messages = {refuse(st, 0, trainer(arven, search=bad), "R-TRAINER-1")["message"]
                for bad in ([ball], [fire, band], ["0:999"])}
    assert len(messages) == 1
    for word in ("Fire", "Poké Ball", "Defiance", "⟦", fire, ball, band):
        assert word not in next(iter(messages))


# -- sv1-175 Jacq --------------------------------------------------------------------------------------

def _jacq_board(deck):
    return sv_board(side(poke(FUECOCO), hand=[JACQ], deck=deck), side(poke(SPRIGATITO)))


def test_sv1_175_jacq_takes_one_or_two_evolution_pokemon():
    st = _jacq_board([CROCALOR, FUECOCO, SKELEDIRGE, CROCALOR, POTION])
    jacq = hand(st)[0]
    croc, fuecoco, skele, croc2, potion = deck = list(st.seats[0].deck)
    looking = play(st, jacq).state
    assert looking.pending["look"] == deck
    assert choose_offers(looking) == [{"search": [croc]}, {"search": [skele]}, {"search": [croc, croc2]},
                                      {"search": [croc, skele]}]
    for bad in ([fuecoco], [potion], [], [croc, croc2, skele], [croc, fuecoco], [croc, croc]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    d = choose(looking, search=[croc, skele])
    assert hand(d.state) == [croc, skele] and d.state.seats[0].deck == [fuecoco, croc2, potion]
    assert grants(d.narration, 1) == {croc, skele}
    said(d, "puts them into the hand and shuffles the deck")
    d = choose(looking, search=[skele])                   # one is the player's choice too ("up to 2")
    assert hand(d.state) == [skele]


def test_sv1_175_jacq_with_no_evolution_pokemon_in_the_deck_only_shuffles():
    st = _jacq_board([FUECOCO, POTION])
    looking = play(st, hand(st)[0]).state
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    assert hand(d.state) == [] and d.state.seats[0].deck == st.seats[0].deck
    said(d, "finds no Evolution Pokémon card and shuffles the deck")


# -- sv1-176 Judge ----------------------------------------------------------------------------------

def test_sv1_176_judge_each_player_shuffles_the_hand_in_and_draws_4_unnamed():
    st = sv_board(side(poke(FUECOCO), hand=[JUDGE, POTION, FIRE], deck=[CROCALOR, GRASS, WATER, FIRE, POKE_BALL]),
                  side(poke(SPRIGATITO), hand=[FLORAGATO, NEMONA, GRASS, WATER, JACQ],
                       deck=[MEOWSCARADA, ARVEN, POTION]))
    judge, potion, fire = hand(st)
    mine_before = st.seats[0].deck + [potion, fire]
    theirs_before = st.seats[1].deck + st.seats[1].hand
    assert offers(st, judge) == [([], {})]
    d = play(st, judge)
    s0, s1 = d.state.seats
    assert s0.hand == mine_before[:4] and s0.deck == mine_before[4:]
    assert s1.hand == theirs_before[:4] and s1.deck == theirs_before[4:]
    assert d.state.supporter == {"card": judge, "owner": 0}
    assert said(d, "Seat 0 (Ana) shuffles 2 card(s) from the hand into the deck and draws 4 card(s)") < \
        said(d, "Seat 1 (Beto) shuffles 5 card(s) from the hand into the deck and draws 4 card(s)")
    # neither player reads the other's new hand (nor its own deck)
    names_none_of(read_by(st, d, 0), s1.hand + s1.deck + s0.deck)
    names_none_of(read_by(st, d, 1), s0.hand + s0.deck + s1.deck)
    assert set(s1.hand) <= GAME.hidden_instances(d.state, 0) and set(s0.hand) <= GAME.hidden_instances(d.state, 1)
    assert not grants(d.narration, 0) and not grants(d.narration, 1)


def test_sv1_176_judge_with_a_short_deck_draws_what_there_is():
    st = sv_board(side(poke(FUECOCO), hand=[JUDGE], deck=[]), side(poke(SPRIGATITO), hand=[GRASS], deck=[WATER]))
    d = play(st, hand(st)[0])
    assert hand(d.state) == [] and len(hand(d.state, 1)) == 2 and d.state.seats[1].deck == []
    said(d, "Seat 0 (Ana) shuffles 0 card(s) from the hand into the deck and draws 0 card(s). [R-TRAINER-5]")
    said(d, "Seat 1 (Beto) shuffles 1 card(s) from the hand into the deck and draws 2 card(s). [R-TRAINER-5]")


# -- sv1-177 Katy -----------------------------------------------------------------------------------

def _katy_board():
    return sv_board(side(poke(FUECOCO, [FIRE]), bench=[poke(SPRIGATITO)],
                         hand=[KATY, NEMONA, CROCALOR, FIRE], deck=[WATER] * 9 + [POTION]),
                    side(poke(SPRIGATITO), hand=[GRASS], deck=[POKE_BALL, WATER]))


def test_sv1_177_katy_shuffles_the_hand_in_draws_8_and_ends_the_turn():
    st = _katy_board()
    katy, nemona, crocalor, fire = hand(st)
    assert offers(st, katy) == [([], {})]
    d = play(st, katy)
    s = d.state.seats[0]
    before = st.seats[0].deck + [nemona, crocalor, fire]
    assert s.hand == before[:8] and s.deck == before[8:]
    # the turn has ended (R-TURN-3): the Supporter is discarded, the opponent's turn began with its draw
    after = d.state
    assert after.seat_to_act == 1 and after.turn == st.turn + 1 and after.phase == "main"
    assert hand(after, 1) == [*st.seats[1].hand, st.seats[1].deck[0]] and after.seats[1].deck == st.seats[1].deck[1:]
    assert after.supporter is None and s.discard == [katy] and katy not in s.hand
    assert after.this_turn["supporter_played"] is False
    assert said(d, "Seat 0 (Ana) plays the Supporter Katy") \
        < said(d, "shuffles 3 card(s) from the hand into the deck and draws 8 card(s). [R-TRAINER-1]") \
        < said(d, "Katy ends Seat 0 (Ana)'s turn. [R-TURN-3]") \
        < said(d, "Turn 4: Seat 1 (Beto)'s turn.") < said(d, "Seat 1 (Beto) draws a card. [R-TURN-1]")
    names_none_of(read_by(st, d, 0), [after.seats[1].hand[-1]])     # nobody reads the other's draw
    names_none_of(read_by(st, d, 1), s.hand)
    # Seat 0 has nothing left to do in this turn; the opponent plays theirs
    refuse(after, 0, {"type": "end_turn"}, "R-TURN-4")
    assert {a["type"] for a in legal_actions(after, 0)} <= {"concede"}
    assert {"type": "end_turn"} in legal_actions(after, 1)


def test_sv1_177_katy_the_turn_ends_as_after_an_attack_checkup_and_all():
    st = sv_board(side(poke(FUECOCO, conditions=["poisoned"]), hand=[KATY], deck=[CROCALOR, POTION, FIRE]),
                  side(poke(SPRIGATITO, [GRASS])))
    d = play(st, hand(st)[0])
    assert hand(d.state) == st.seats[0].deck and d.state.seats[0].deck == []      # a short deck: all 3
    said(d, "draws 3 card(s). [R-TRAINER-5]")
    assert said(d, "Katy ends Seat 0 (Ana)'s turn") < said(d, "Between turns")
    assert d.state.seats[0].active.damage == 10                  # Poison between the turns
    assert d.state.seat_to_act == 1
    assert {"type": "attack", "attack": "Scratch", "choices": {}} in legal_actions(d.state, 1)
    # the opponent with no card to draw loses at the start of the turn Katy handed over (R-WIN-3)
    dry = sv_board(side(poke(FUECOCO), hand=[KATY]), side(poke(SPRIGATITO), deck=[]))
    d = play(dry, hand(dry)[0])
    assert d.state.result is not None and d.state.result["winner"] == 0
    said(d, "Seat 1 (Beto) cannot draw at the start of the turn. [R-WIN-3]")


# -- sv1-179 Miriam ----------------------------------------------------------------------------------

def _miriam_board(discard, deck=None):
    return sv_board(side(poke(FUECOCO), hand=[MIRIAM], discard=discard,
                         deck=[WATER] * 4 if deck is None else deck),
                    side(poke(SPRIGATITO)))


def test_sv1_179_miriam_shuffles_pokemon_from_the_discard_pile_in_and_draws_3():
    st = _miriam_board([CROCALOR, POTION, FUECOCO, FIRE, CROCALOR])
    miriam = hand(st)[0]
    croc, potion, fuecoco, fire, croc2 = st.seats[0].discard
    assert offers(st, miriam) == [([], {"search": s}) for s in
                                  ([croc], [fuecoco], [croc, croc2], [croc, fuecoco], [croc, croc2, fuecoco])]
    d = play(st, miriam, search=[croc, fuecoco])
    s = d.state.seats[0]
    assert s.discard == [potion, fire, croc2]
    before = st.seats[0].deck + [croc, fuecoco]
    assert s.hand == before[:3] and s.deck == before[3:]
    assert said(d, "shuffles ⟦") < said(d, "draws 3 card(s)")
    assert f"shuffles Crocalor ({croc}), Fuecoco ({fuecoco}) from the discard pile" in read_by(st, d, 1)
    assert {croc, fuecoco} <= grants(d.narration, 1)
    d = play(st, miriam, offered=False, search=[croc, fuecoco, croc2])
    assert d.state.seats[0].discard == [potion, fire]


def test_sv1_179_miriam_takes_at_most_5_and_needs_a_pokemon_card():
    st = _miriam_board([CROCALOR] * 6 + [POTION])
    miriam = hand(st)[0]
    crocs, potion = st.seats[0].discard[:6], st.seats[0].discard[6]
    assert [len(c["search"]) for _, c in offers(st, miriam)] == [1, 2, 3, 4, 5]
    refuse(st, 0, trainer(miriam, search=crocs), "R-TRAINER-1", contains="1 to 5")
    refuse(st, 0, trainer(miriam, search=[potion]), "R-TRAINER-1")
    refuse(st, 0, trainer(miriam, search=[]), "R-TRAINER-1")
    refuse(st, 0, trainer(miriam), "R-TRAINER-1", contains="choices.search")
    d = play(st, miriam, search=crocs[:5])
    assert d.state.seats[0].discard == [crocs[5], potion]
    none = _miriam_board([POTION, FIRE])
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Pokémon card")
    assert offers(none, hand(none)[0]) == []
    # one Pokémon card there: it may be left out; a short deck draws what it holds
    one = _miriam_board([CROCALOR], deck=[])
    d = play(one, hand(one)[0], offered=False)
    assert hand(d.state) == one.seats[0].discard and d.state.seats[0].deck == []
    said(d, "draws 1 card(s). [R-TRAINER-5]")


# -- sv1-180 Nemona -----------------------------------------------------------------------------------

def test_sv1_180_nemona_draws_3():
    st = sv_board(side(poke(FUECOCO), hand=[NEMONA, FIRE], deck=[POTION, GRASS, CROCALOR, WATER]),
                  side(poke(SPRIGATITO)))
    nemona, fire = hand(st)
    assert offers(st, nemona) == [([], {})]
    d = play(st, nemona)
    assert hand(d.state) == [fire, *st.seats[0].deck[:3]] and d.state.seats[0].deck == st.seats[0].deck[3:]
    said(d, "Seat 0 (Ana) draws 3 card(s). [R-TRAINER-1]")
    names_none_of(read_by(st, d, 1), st.seats[0].deck)
    short = sv_board(side(poke(FUECOCO), hand=[NEMONA], deck=[POTION]), side(poke(SPRIGATITO)))
    d = play(short, hand(short)[0])
    assert hand(d.state) == short.seats[0].deck
    said(d, "draws 1 card(s). [R-TRAINER-5]")


# -- sv1-183 Penny ------------------------------------------------------------------------------------

def test_sv1_183_penny_takes_a_benched_basic_and_its_cards_into_the_hand():
    st = sv_board(side(poke(FUECOCO, [FIRE]), bench=[poke(SPRIGATITO, [GRASS, JET], attached=[DEFIANCE_BAND]),
                                                     poke(FLORAGATO, [GRASS])], hand=[PENNY]),
                  side(poke(SPRIGATITO)))
    penny = hand(st)[0]
    fuecoco, sprig, flora = st.seats[0].active, st.seats[0].bench[0], st.seats[0].bench[1]
    assert offers(st, penny) == [([fuecoco.top], {}), ([sprig.top], {})]      # Floragato is evolved
    d = play(st, penny, [sprig.top])
    s = d.state.seats[0]
    assert s.hand == [sprig.top, *sprig.energy, *sprig.attached] and [p.top for p in s.bench] == [flora.top]
    assert s.discard == [] and d.state.supporter == {"card": penny, "owner": 0} and d.state.phase == "main"
    said(d, "Sprigatito goes back to Seat 0 (Ana)'s hand with 3 attached card(s)")
    assert set(s.hand) <= grants(d.narration, 1)


def test_sv1_183_penny_from_the_active_spot_then_a_promotion():
    st = sv_board(side(poke(FUECOCO, [FIRE], damage=30, conditions=["poisoned"]), bench=[poke(SPRIGATITO)],
                       hand=[PENNY]),
                  side(poke(SPRIGATITO)))
    fuecoco, sprig = st.seats[0].active, st.seats[0].bench[0]
    d = play(st, hand(st)[0], [fuecoco.top])
    assert d.state.seats[0].active is None and hand(d.state) == [fuecoco.top, fuecoco.energy[0]]
    assert d.state.phase == "promote"
    promoted = act(d.state, 0, {"type": "promote", "card": sprig.top})
    assert promoted.state.seats[0].active.top == sprig.top and promoted.state.phase == "main"
    assert promoted.state.seat_to_act == 0


def test_sv1_183_penny_refusals():
    st = sv_board(side(poke(FUECOCO), bench=[poke(FLORAGATO)], hand=[PENNY]), side(poke(SPRIGATITO), bench=[
        poke(PINECO)]))
    penny = hand(st)[0]
    flora, theirs = st.seats[0].bench[0], st.seats[1].bench[0]
    refuse(st, 0, trainer(penny, [flora.top]), "R-TRAINER-1", contains="Basic")
    refuse(st, 0, trainer(penny, [theirs.top]), "R-TRAINER-1")
    refuse(st, 0, trainer(penny, [st.seats[1].active.top]), "R-TRAINER-1")
    assert offers(st, penny) == [([st.seats[0].active.top], {})]
    d = play(st, penny, offered=False)                            # the only Basic may be left out
    assert hand(d.state) == [st.seats[0].active.top]
    alone = sv_board(side(poke(FUECOCO), hand=[PENNY]), side(poke(SPRIGATITO)))
    refuse(alone, 0, trainer(hand(alone)[0], [alone.seats[0].active.top]), "R-TRAINER-1", contains="only Pokémon")
    assert offers(alone, hand(alone)[0]) == []
    evolved = sv_board(side(poke(FLORAGATO), bench=[poke(CROCALOR)], hand=[PENNY]), side(poke(SPRIGATITO)))
    refuse(evolved, 0, trainer(hand(evolved)[0]), "R-TRAINER-1", contains="no")
    assert offers(evolved, hand(evolved)[0]) == []


# -- sv1-189 / sv1-190 Professor's Research -----------------------------------------------------------

def test_sv1_189_and_190_professors_research_discard_the_hand_and_draw_7():
    for research in (SADA, TURO, "sv1-240", "sv1-241"):
        st = sv_board(side(poke(FUECOCO), hand=[research, FIRE, POTION], deck=[WATER] * 6 + [CROCALOR] * 3),
                      side(poke(SPRIGATITO)))
        prof, fire, potion = hand(st)
        d = play(st, prof)
        s = d.state.seats[0]
        assert s.discard == [fire, potion] and s.hand == st.seats[0].deck[:7] and s.deck == st.seats[0].deck[7:]
        assert d.state.supporter == {"card": prof, "owner": 0}
        said(d, "discards 2 card(s) and draws 7. [R-TRAINER-1]")
    short = sv_board(side(poke(FUECOCO), hand=[SADA], deck=[WATER] * 2), side(poke(SPRIGATITO)))
    said(play(short, hand(short)[0]), "discards 0 card(s) and draws 2. [R-TRAINER-5]")


# -- sv1-195 Team Star Grunt -------------------------------------------------------------------------

def test_sv1_195_team_star_grunt_puts_an_energy_of_the_opponents_active_on_top_of_their_deck():
    st = sv_board(side(poke(FUECOCO), hand=[GRUNT]),
                  side(poke(SPRIGATITO, [GRASS, JET, GRASS]), bench=[poke(PINECO, [GRASS])], deck=[WATER, FIRE]))
    grunt = hand(st)[0]
    sprig = st.seats[1].active
    grass, jet, grass2 = sprig.energy
    assert offers(st, grunt) == [([], {"cards": [grass]}), ([], {"cards": [jet]})]
    d = play(st, grunt, cards=[jet])
    them = d.state.seats[1]
    assert them.active.energy == [grass, grass2] and them.deck == [jet, *st.seats[1].deck]
    assert them.discard == [] and d.state.seats[0].hand == []
    for seat_no in (0, 1):
        assert f"Jet Energy ({jet}) attached to Sprigatito goes on top of Seat 1 (Beto)'s deck" in \
            read_by(st, d, seat_no)
    assert jet in grants(d.narration, 0) and jet in grants(d.narration, 1)
    d = play(st, grunt, offered=False, cards=[grass2])
    assert d.state.seats[1].deck[0] == grass2


def test_sv1_195_team_star_grunt_refusals():
    st = sv_board(side(poke(FUECOCO, [FIRE]), hand=[GRUNT]),
                  side(poke(SPRIGATITO, [GRASS, WATER]), bench=[poke(PINECO, [GRASS])]))
    grunt = hand(st)[0]
    refuse(st, 0, trainer(grunt), "R-TRAINER-1", contains="choices.cards")
    refuse(st, 0, trainer(grunt, cards=[st.seats[1].bench[0].energy[0]]), "R-TRAINER-1")   # a Benched one's
    refuse(st, 0, trainer(grunt, cards=st.seats[0].active.energy), "R-TRAINER-1")
    bare = sv_board(side(poke(FUECOCO), hand=[GRUNT]), side(poke(SPRIGATITO), bench=[poke(PINECO, [GRASS])]))
    refuse(bare, 0, trainer(hand(bare)[0]), "R-TRAINER-1", contains="no Energy")
    assert offers(bare, hand(bare)[0]) == []
    one = sv_board(side(poke(FUECOCO), hand=[GRUNT]), side(poke(SPRIGATITO, [GRASS])))
    d = play(one, hand(one)[0], offered=False)
    assert d.state.seats[1].active.energy == [] and d.state.seats[1].deck[0] == one.seats[1].active.energy[0]


# -- sv1-198 Youngster --------------------------------------------------------------------------------

def test_sv1_198_youngster_shuffles_the_hand_in_and_draws_5():
    st = sv_board(side(poke(FUECOCO), hand=[YOUNGSTER, FIRE, POTION], deck=[WATER, GRASS, CROCALOR, WATER]),
                  side(poke(SPRIGATITO)))
    youngster, fire, potion = hand(st)
    d = play(st, youngster)
    before = st.seats[0].deck + [fire, potion]
    assert hand(d.state) == before[:5] and d.state.seats[0].deck == before[5:]
    assert d.state.seats[0].active.effects == []                  # the turn goes on
    said(d, "shuffles 2 card(s) from the hand into the deck and draws 5 card(s). [R-TRAINER-1]")
    names_none_of(read_by(st, d, 1), before)
    assert {"type": "attack", "attack": "Gnaw", "choices": {}} not in legal_actions(d.state, 0)   # no Energy
    assert {"type": "end_turn"} in legal_actions(d.state, 0)


# -- sv1-167 Beach Court (Stadium) ----------------------------------------------------------------------

def test_sv1_167_beach_court_basic_pokemon_of_both_players_retreat_for_one_less():
    st = sv_board(side(poke(FUECOCO, [FIRE, FIRE]), bench=[poke(SPRIGATITO)], hand=[BEACH_COURT]),
                  side(poke(CROCALOR, [FIRE, FIRE, FIRE]), bench=[poke(MAGIKARP)]))
    court = hand(st)[0]
    assert offers(st, court) == [([], {})]
    d = play(st, court)
    assert d.state.stadium == {"card": court, "owner": 0} and court not in d.state.seats[0].discard
    said(d, "Seat 0 (Ana) plays the Stadium Beach Court")
    fuecoco = d.state.seats[0].active
    sprig = d.state.seats[0].bench[0]
    retreats = [a for a in legal_actions(d.state, 0) if a["type"] == "retreat"]
    assert retreats == [{"type": "retreat", "to": sprig.top, "discard": [e]} for e in fuecoco.energy]   # 2 − 1
    refuse(d.state, 0, {"type": "retreat", "to": sprig.top, "discard": fuecoco.energy}, "R-RETREAT-2")
    r = act(d.state, 0, {"type": "retreat", "to": sprig.top, "discard": [fuecoco.energy[0]]})
    assert r.state.seats[0].active.top == sprig.top and r.state.seats[0].bench[0].energy == [fuecoco.energy[1]]
    # the opponent's Basic retreats for free; its Stage 1 pays its full 3
    theirs = act(r.state, 0, {"type": "end_turn"}).state
    magikarp, crocalor = theirs.seats[1].bench[0], theirs.seats[1].active
    offered = [a for a in legal_actions(theirs, 1) if a["type"] == "retreat"]
    assert offered == [{"type": "retreat", "to": magikarp.top, "discard": crocalor.energy}]
    free = sv_board(side(poke(MAGIKARP), bench=[poke(PINECO)]), side(poke(CROCALOR)), seat_to_act=1,
                    stadium={"card": BEACH_COURT, "owner": 0})
    d = act(free, 1, {"type": "retreat", "to": free.seats[1].bench[0].top, "discard": []})
    assert d.state.seats[1].active.top == free.seats[1].bench[0].top
    # without the Stadium, the same retreat costs Magikarp's 1
    plain = sv_board(side(poke(MAGIKARP), bench=[poke(PINECO)]), side(poke(CROCALOR)), seat_to_act=1)
    refuse(plain, 1, {"type": "retreat", "to": plain.seats[1].bench[0].top, "discard": []}, "R-RETREAT-2")


def test_sv1_167_beach_court_is_one_stadium_under_the_engines_rules():
    st = sv_board(side(poke(FUECOCO), hand=[BEACH_COURT]), side(poke(SPRIGATITO)),
                  stadium={"card": BEACH_COURT, "owner": 1})
    refuse(st, 0, trainer(hand(st)[0]), "R-TRAINER-3", contains="same name")
    assert offers(st, hand(st)[0]) == []


# -- sv1-178 Mesagoza (Stadium) ---------------------------------------------------------------------

def test_sv1_178_mesagoza_goes_into_play_replacing_the_old_stadium():
    st = sv_board(side(poke(FUECOCO), hand=[MESAGOZA, BEACH_COURT]), side(poke(SPRIGATITO)),
                  stadium={"card": BEACH_COURT, "owner": 1})
    mesagoza, court = hand(st)
    old = st.stadium["card"]
    assert offers(st, mesagoza) == [([], {})]
    d = play(st, mesagoza)
    assert d.state.stadium == {"card": mesagoza, "owner": 0} and d.state.seats[1].discard == [old]
    said(d, "Seat 0 (Ana) plays the Stadium Mesagoza")
    said(d, "Beach Court leaves play for the new Stadium")
    refuse(d.state, 0, trainer(court), "R-TRAINER-3", contains="Only 1 Stadium")


def use_stadium(state, seat_no=0, coins=("heads",), offered=True, **choices):
    """Seat `seat_no` uses the Stadium in play; by default the action must be one offered."""
    action = {"type": "use_stadium", "choices": choices}
    if offered:
        assert action in legal_actions(state, seat_no), f"{action} not offered"
    return act(state, seat_no, action, coins)


def _mesagoza_board(deck, **kw):
    """Mesagoza in play, the opponent's: Seat 0 may use it all the same."""
    return sv_board(side(poke(FUECOCO), deck=deck), side(poke(SPRIGATITO), deck=[GRASS, CROCALOR, WATER, FUECOCO]),
                    stadium={"card": MESAGOZA, "owner": 1}, **kw)


def test_sv1_178_mesagoza_heads_the_player_sees_the_deck_and_takes_a_pokemon_card():
    st = _mesagoza_board([FIRE, CROCALOR, POTION, FUECOCO, CROCALOR])
    stadium = st.stadium["card"]
    deck = list(st.seats[0].deck)
    fire, croc, potion, fuecoco, croc2 = deck
    assert [a for a in legal_actions(st, 0) if a["type"] == "use_stadium"] == [{"type": "use_stadium",
                                                                               "choices": {}}]
    d = use_stadium(st)
    looking = d.state
    assert looking.pending == {"seat": 0, "card": stadium, "kind": "search", "look": deck}
    assert looking.this_turn["stadium_used"] is True and looking.stadium == st.stadium
    assert said(d, "Seat 0 (Ana) uses the Stadium Mesagoza. [R-TRAINER-3]") \
        < said(d, "Coin flip for Mesagoza: heads.") \
        < said(d, "Seat 0 (Ana) looks through the deck for a Pokémon card. [R-HIDDEN-1]")
    assert choose_offers(looking) == [{"search": [croc]}, {"search": [fuecoco]}]
    for bad in ([], [fire], [potion], [croc, fuecoco], ["0:999"]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    d2 = choose(looking, search=[fuecoco])
    after = d2.state
    assert hand(after) == [fuecoco] and after.seats[0].deck == [fire, croc, potion, croc2]
    assert after.pending is None and after.stadium == st.stadium and after.seats[1].discard == []
    assert d2.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3]]
    said(d2, "puts it into the hand and shuffles the deck. [R-TRAINER-1]")
    # what each player reads: the deck is the user's alone to see; the card taken is shown to both
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 5}
    assert [c["instance"] for c in GAME.view(looking, "player", 0)["pending"]["look"]] == deck
    for seat_no in (0, 1):
        assert f"shows Fuecoco ({fuecoco}), puts it into the hand" in read_by(looking, d2, seat_no)
        assert fuecoco in grants(d2.narration, seat_no)
        names_none_of(read_by(st, d, seat_no), deck)
        names_none_of(read_by(looking, d2, seat_no), [fire, croc, potion, croc2])
    assert set(after.seats[0].deck) <= GAME.hidden_instances(after, 1)


def test_sv1_178_mesagoza_a_judge_gives_the_search_with_the_use():
    st = _mesagoza_board([FIRE, CROCALOR, POTION])
    fire, croc, potion = st.seats[0].deck
    d = use_stadium(st, offered=False, search=[croc])                  # one action, the coin heads
    assert hand(d.state) == [croc] and d.state.seats[0].deck == [fire, potion] and d.state.pending is None
    assert d.state.this_turn["stadium_used"] is True
    assert croc in grants(d.narration, 1)
    # the pick is checked before the flip (no coin), and its refusal names no card of the deck
    messages = {refuse(st, 0, {"type": "use_stadium", "choices": {"search": bad}}, "R-TRAINER-1")["message"]
                for bad in ([fire], [croc, potion], [], ["0:999"])}
    assert len(messages) == 1
    for word in ("Fire", "Crocalor", "Potion", "⟦", fire, croc, potion):
        assert word not in next(iter(messages))
    tails = use_stadium(st, coins=["tails"], offered=False, search=[croc])        # tails: the pick is not taken
    assert hand(tails.state) == [] and tails.state.seats[0].deck == st.seats[0].deck


def test_sv1_178_mesagoza_tails_does_nothing_and_the_use_is_spent():
    st = _mesagoza_board([FIRE, CROCALOR])
    d = use_stadium(st, coins=["tails"])
    after = d.state
    assert hand(after) == [] and after.seats[0].deck == st.seats[0].deck and after.pending is None
    assert "shuffles" not in d.event["payload"]["rng"]                   # no search, no shuffle
    said(d, "Coin flip for Mesagoza: tails.")
    said(d, "Tails: Seat 0 (Ana) does not search the deck. [R-TRAINER-3]")
    # once during each player's turn (R-TRAINER-3): a second use is refused, and not offered
    refuse(after, 0, {"type": "use_stadium", "choices": {}}, "R-TRAINER-3", contains="used this turn")
    assert not any(a["type"] == "use_stadium" for a in legal_actions(after, 0))


def test_sv1_178_mesagoza_once_in_each_players_turn_the_opponent_in_their_own():
    st = _mesagoza_board([FIRE, CROCALOR])
    fire, croc = st.seats[0].deck
    d = use_stadium(st, offered=False, search=[croc])
    refuse(d.state, 0, {"type": "use_stadium", "choices": {"search": []}}, "R-TRAINER-3", contains="used this turn")
    refuse(st, 1, {"type": "use_stadium", "choices": {}}, "R-TURN-4")    # not in the other player's turn
    theirs = act(d.state, 0, {"type": "end_turn"}).state                # Seat 1 draws its Grass Energy
    grass, t_croc, water, t_fuecoco = st.seats[1].deck
    assert theirs.seat_to_act == 1 and not theirs.this_turn.get("stadium_used")
    d = use_stadium(theirs, 1)
    looking = d.state
    assert looking.pending == {"seat": 1, "card": st.stadium["card"], "kind": "search",
                               "look": [t_croc, water, t_fuecoco]}
    offered = [a["choices"] for a in legal_actions(looking, 1) if a["type"] == "choose"]
    assert offered == [{"search": [t_croc]}, {"search": [t_fuecoco]}]
    d2 = act(looking, 1, {"type": "choose", "choices": {"search": [t_fuecoco]}})
    assert hand(d2.state, 1) == [grass, t_fuecoco] and d2.state.seats[1].deck == [t_croc, water]
    assert GAME.view(looking, "player", 0)["pending"]["look"] == {"count": 3}
    names_none_of(read_by(theirs, d, 0), [t_croc, water, t_fuecoco])
    assert f"shows Fuecoco ({t_fuecoco})" in read_by(looking, d2, 0)
    names_none_of(read_by(looking, d2, 0), [t_croc, water])
    refuse(d2.state, 1, {"type": "use_stadium", "choices": {}}, "R-TRAINER-3")


def test_sv1_178_mesagoza_with_no_pokemon_or_no_deck_only_shuffles():
    st = _mesagoza_board([FIRE, POTION])
    looking = use_stadium(st).state
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    assert hand(d.state) == [] and d.state.seats[0].deck == st.seats[0].deck
    said(d, "finds no Pokémon card and shuffles the deck. [R-TRAINER-5]")
    empty = _mesagoza_board([])
    d = use_stadium(empty)                                     # nothing to look through: no choose step
    assert d.state.pending is None and d.state.this_turn["stadium_used"] is True
    said(d, "finds no Pokémon card and shuffles the deck")


def test_sv1_178_mesagoza_is_used_not_declared_and_only_a_stadium_with_a_use_is_offered():
    st = _mesagoza_board([FIRE, CROCALOR])
    stadium = st.stadium["card"]
    assert not any(a["type"] == "declare" for a in legal_actions(st, 0))
    refuse(st, 0, {"type": "declare", "source": stadium, "declared": []}, "R-DECLARE-2", contains="encoded")
    court = sv_board(side(poke(FUECOCO)), side(poke(SPRIGATITO)), stadium={"card": BEACH_COURT, "owner": 1})
    none = sv_board(side(poke(FUECOCO)), side(poke(SPRIGATITO)))
    for state in (court, none):
        assert not any(a["type"] == "use_stadium" for a in legal_actions(state, 0))
        refuse(state, 0, {"type": "use_stadium", "choices": {}}, "R-TRAINER-3", contains="No Stadium")
