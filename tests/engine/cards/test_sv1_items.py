"""Scarlet & Violet Items and Pokémon Tools (sv1-168 … sv1-197, sv1-255, sv1-256) under the
`modern` ruleset: exact outcomes with coins fixed (each test proves how many flips an action
needs; a refusal with no coins proves the choices are checked before any coin), every refusal
with its rule, and what `legal_actions` offers. Shuffles keep the order (FixedCoins without a
source)."""
import json
from pathlib import Path

from projections.tcg.carddb import card
from projections.tcg.legal import legal_actions
from tests.engine.cards.fixtures import hand, offers, tops, trainer

from .fixtures import act, choose_offers, play, poke, refuse, said
from .fixtures import board as ex_board
from .fixtures import choose_step as choose
from .fixtures import modern_side as side

# the sve basic Energy
GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING = "sve-1", "sve-2", "sve-3", "sve-4", "sve-5", "sve-6"

(CRUSHING_HAMMER, DEFIANCE_BAND, ELECTRIC_GENERATOR, ENERGY_RETRIEVAL, ENERGY_SEARCH, ENERGY_SWITCH,
 EXP_SHARE) = (f"sv1-{n}" for n in range(168, 175))
NEST_BALL, PAL_PAD, PICNIC_BASKET, POKE_BALL, POKEGEAR, CATCHER, POTION = (
    "sv1-181", "sv1-182", "sv1-184", "sv1-185", "sv1-186", "sv1-187", "sv1-188")
RARE_CANDY, ROCK_CHESTPLATE, ROCKY_HELMET, SWITCH, ULTRA_BALL, VITALITY_BAND = (
    "sv1-191", "sv1-192", "sv1-193", "sv1-194", "sv1-196", "sv1-197")
NEST_BALL_2, RARE_CANDY_2 = "sv1-255", "sv1-256"
GROUP = [CRUSHING_HAMMER, DEFIANCE_BAND, ELECTRIC_GENERATOR, ENERGY_RETRIEVAL, ENERGY_SEARCH, ENERGY_SWITCH,
         EXP_SHARE, NEST_BALL, PAL_PAD, PICNIC_BASKET, POKE_BALL, POKEGEAR, CATCHER, POTION, RARE_CANDY,
         ROCK_CHESTPLATE, ROCKY_HELMET, SWITCH, ULTRA_BALL, VITALITY_BAND, NEST_BALL_2, RARE_CANDY_2]
TOOLS = [DEFIANCE_BAND, EXP_SHARE, ROCK_CHESTPLATE, ROCKY_HELMET, VITALITY_BAND]

SKIDDO, SPRIGATITO, FLORAGATO, MEOWSCARADA, HOUNDOUR = "sv1-11", "sv1-13", "sv1-14", "sv1-15", "sv1-33"
FUECOCO, MAGNEMITE, PAWMI, PAWMOT, FLABEBE, FLORGES = "sv1-36", "sv1-63", "sv1-74", "sv1-76", "sv1-91", "sv1-93"
RIOLU, SANDILE, KLAWF, TANDEMAUS = "sv1-112", "sv1-115", "sv1-122", "sv1-159"
ARVEN, NEMONA = "sv1-166", "sv1-180"


# -- helpers -------------------------------------------------------------------------------------

def board(mine, theirs, **kw):
    return ex_board(mine, theirs, ruleset="modern", **kw)


def attack(state, name, coins=()):
    return act(state, 0, {"type": "attack", "attack": name, "choices": {}}, coins)


# -- the group --------------------------------------------------------------------------------------

def test_every_item_and_tool_of_sv1_is_implemented_with_its_kind():
    printed = json.loads(Path("/work/shared/cards/sv1.json").read_text(encoding="utf-8"))
    wanted = {c["id"] for c in printed
              if c["supertype"] == "Trainer" and {"Item", "Pokémon Tool"} & set(c.get("subtypes") or [])}
    assert wanted == set(GROUP)
    for cid in GROUP:
        c = card(cid)
        assert c.implemented and c.trainer is not None and not c.declared, cid
        assert c.trainer_kind == ("tool" if cid in TOOLS else "item"), cid
    assert card(NEST_BALL_2).trainer is card(NEST_BALL).trainer
    assert card(RARE_CANDY_2).trainer is card(RARE_CANDY).trainer


def test_every_card_describes_its_effect_in_its_own_words():
    printed = {c["id"]: " ".join(c.get("rules", [])).lower()
               for c in json.loads(Path("/work/shared/cards/sv1.json").read_text(encoding="utf-8"))}
    for cid in GROUP:
        text = card(cid).trainer.text.lower()
        assert len(text) > 20 and text not in printed[cid] and printed[cid] not in text, cid


# -- sv1-168 Crushing Hammer -----------------------------------------------------------------------

def _hammer_board():
    return board(side(poke(SPRIGATITO), hand=[CRUSHING_HAMMER]),
                 side(poke(HOUNDOUR, [FIRE, WATER]), bench=[poke(FUECOCO, [FIRE])]))


def test_sv1_168_crushing_hammer_heads_discards_the_energy_named_before_the_coin():
    st = _hammer_board()
    ch = hand(st)[0]
    houndour, fuecoco = st.seats[1].active, st.seats[1].bench[0]
    fire, water = houndour.energy
    assert offers(st, ch) == [([houndour.top], {"cards": [fire]}), ([houndour.top], {"cards": [water]}),
                              ([fuecoco.top], {"cards": fuecoco.energy})]
    d = play(st, ch, [houndour.top], ["heads"], cards=[water])
    assert d.state.seats[1].active.energy == [fire] and d.state.seats[1].discard == [water]
    assert d.state.seats[0].discard == [ch]
    said(d, "Coin flip for Crushing Hammer: heads")
    d = play(st, ch, [houndour.top], ["tails"], cards=[water])
    assert d.state.seats[1].active.energy == [fire, water] and d.state.seats[1].discard == []


def test_sv1_168_crushing_hammer_refusals_come_before_the_coin():
    st = _hammer_board()
    ch = hand(st)[0]
    houndour = st.seats[1].active
    refuse(st, 0, trainer(ch, [houndour.top]), "R-TRAINER-1", contains="choices.cards")
    refuse(st, 0, trainer(ch, [st.seats[0].active.top], cards=[houndour.energy[0]]), "R-TRAINER-1")
    bare = board(side(poke(SPRIGATITO, [GRASS]), hand=[CRUSHING_HAMMER]), side(poke(HOUNDOUR)))
    refuse(bare, 0, trainer(hand(bare)[0]), "R-TRAINER-1", contains="has an Energy card")
    assert offers(bare, hand(bare)[0]) == []


# -- sv1-169 Defiance Band, sv1-197 Vitality Band ----------------------------------------------------

def test_sv1_169_defiance_band_adds_30_before_weakness_while_behind_on_prizes():
    # Sprigatito (Grass) hits Klawf (weak to Grass): (10 + 30) × 2 = 80, not 10 × 2 + 30
    st = board(side(poke(SPRIGATITO, [GRASS], attached=[DEFIANCE_BAND]), prizes=6),
               side(poke(KLAWF), prizes=5))
    d = attack(st, "Scratch")
    assert d.state.seats[1].active.damage == 80
    said(d, "Defiance Band +30 = 40; Weakness ×2 = 80")
    even = board(side(poke(SPRIGATITO, [GRASS], attached=[DEFIANCE_BAND]), prizes=5),
                 side(poke(KLAWF), prizes=5))
    assert attack(even, "Scratch").state.seats[1].active.damage == 20
    ahead = board(side(poke(SPRIGATITO, [GRASS], attached=[DEFIANCE_BAND]), prizes=4),
                  side(poke(KLAWF), prizes=5))
    assert attack(ahead, "Scratch").state.seats[1].active.damage == 20


def test_sv1_169_defiance_band_is_a_tool_one_per_pokemon():
    st = board(side(poke(SPRIGATITO, attached=[VITALITY_BAND]), bench=[poke(PAWMI)], hand=[DEFIANCE_BAND]),
               side(poke(KLAWF)))
    band = hand(st)[0]
    sprigatito, pawmi = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, band) == [([pawmi.top], {})]
    d = play(st, band, [pawmi.top])
    assert d.state.seats[0].bench[0].attached == [band] and d.state.seats[0].discard == []
    said(d, "plays the Pokémon Tool Defiance Band")
    refuse(st, 0, trainer(band, [sprigatito.top]), "R-TRAINER-4", contains="already has a Pokémon Tool")
    refuse(st, 0, trainer(band, [st.seats[1].active.top]), "R-TRAINER-4")
    refuse(st, 0, trainer(band), "R-TRAINER-4")


def test_sv1_197_vitality_band_adds_10_before_weakness_to_the_active_only():
    st = board(side(poke(SPRIGATITO, [GRASS]), hand=[VITALITY_BAND]), side(poke(KLAWF)))
    band = hand(st)[0]
    sprigatito = st.seats[0].active
    d = play(st, band, [sprigatito.top])
    d = attack(d.state, "Scratch")
    assert d.state.seats[1].active.damage == 40                      # (10 + 10) × 2
    said(d, "Vitality Band +10 = 20; Weakness ×2 = 40")
    plain = board(side(poke(SPRIGATITO, [GRASS])), side(poke(KLAWF)))
    assert attack(plain, "Scratch").state.seats[1].active.damage == 20


# -- sv1-170 Electric Generator ----------------------------------------------------------------------

def _generator_board(deck, bench=(PAWMI, MAGNEMITE, SPRIGATITO)):
    return board(side(poke(PAWMI), bench=[poke(b) for b in bench], hand=[ELECTRIC_GENERATOR, LIGHTNING], deck=deck),
                 side(poke(HOUNDOUR)))


def test_sv1_170_electric_generator_looks_at_five_then_attaches_lightning_energy_to_the_bench():
    st = _generator_board([LIGHTNING, FIRE, LIGHTNING, SKIDDO, LIGHTNING, LIGHTNING])
    eg, own_lightning = hand(st)
    l1, fire, l2, skiddo, l3, l4 = st.seats[0].deck
    pawmi, magnemite, sprigatito = st.seats[0].bench
    assert offers(st, eg) == [([], {})]
    d = play(st, eg)
    looking = d.state
    assert looking.pending == {"seat": 0, "card": eg, "kind": "search", "look": [l1, fire, l2, skiddo, l3]}
    said(d, "looks at the top 5 card(s) of the deck")
    offered = choose_offers(looking)
    assert {"search": [], "pokemon": []} in offered
    assert {"search": [l1], "pokemon": [magnemite.top]} in offered
    assert {"search": [l1, l2], "pokemon": [pawmi.top, magnemite.top]} in offered
    assert {"search": [l1, l2], "pokemon": [magnemite.top, magnemite.top]} in offered
    assert len(offered) == 1 + 2 + 3                                # same card: the spreads are unordered
    assert not any(sprigatito.top in c["pokemon"] for c in offered)
    d2 = choose(looking, search=[l1, l2], pokemon=[pawmi.top, pawmi.top])
    s = d2.state.seats[0]
    assert s.bench[0].energy == [l1, l2] and s.bench[1].energy == [] and s.deck == [fire, skiddo, l3, l4]
    assert d2.state.this_turn["energy_attached"] is None and d2.state.pending is None
    assert d2.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3]]
    said(d2, "is attached to Pawmi (not the turn's Energy attachment)")
    # the turn's attachment is still there to make
    act(d2.state, 0, {"type": "attach_energy", "card": own_lightning, "target": s.active.top})


def test_sv1_170_electric_generator_refusals():
    st = _generator_board([LIGHTNING, FIRE, LIGHTNING, LIGHTNING, SKIDDO])
    eg = hand(st)[0]
    l1, fire, l2, l3, skiddo = st.seats[0].deck
    pawmi, magnemite, sprigatito = st.seats[0].bench
    looking = play(st, eg).state
    for bad, rule in (({"search": [l1, l2, l3], "pokemon": [pawmi.top] * 3}, "R-TRAINER-1"),
                      ({"search": [fire], "pokemon": [pawmi.top]}, "R-TRAINER-1"),
                      ({"search": [l1], "pokemon": [sprigatito.top]}, "R-TRAINER-1"),
                      ({"search": [l1], "pokemon": [st.seats[0].active.top]}, "R-TRAINER-1"),
                      ({"search": [l1, l2], "pokemon": [pawmi.top]}, "R-TRAINER-1"),
                      ({"search": [l1]}, "R-TRAINER-1"),
                      ({}, "R-TRAINER-1")):
        refuse(looking, 0, {"type": "choose", "choices": bad}, rule)
    # no Benched Lightning Pokémon, or nothing to look at: refused
    none = _generator_board([LIGHTNING], bench=(SPRIGATITO,))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Benched Lightning")
    assert offers(none, hand(none)[0]) == []
    empty = _generator_board([])
    refuse(empty, 0, trainer(hand(empty)[0]), "R-TRAINER-1", contains="empty")


def test_sv1_170_electric_generator_in_one_action_for_a_judge():
    st = _generator_board([LIGHTNING, FIRE])
    eg = hand(st)[0]
    l1, fire = st.seats[0].deck
    magnemite = st.seats[0].bench[1]
    d = play(st, eg, offered=False, search=[l1], pokemon=[magnemite.top])
    assert d.state.pending is None and d.state.seats[0].bench[1].energy == [l1]
    v = refuse(st, 0, trainer(eg, search=[fire], pokemon=[magnemite.top]), "R-TRAINER-1")
    assert fire not in v["message"] and "Fire" not in v["message"]


# -- sv1-171 Energy Retrieval -------------------------------------------------------------------------

def test_sv1_171_energy_retrieval_takes_up_to_two_basic_energy_cards_at_no_cost():
    st = board(side(poke(SPRIGATITO), hand=[ENERGY_RETRIEVAL], discard=[FIRE, WATER, POTION, FIRE]),
               side(poke(HOUNDOUR)))
    er = hand(st)[0]
    fire, water, potion, fire2 = st.seats[0].discard
    assert sorted(c["search"] for _, c in offers(st, er)) == sorted(
        [[fire], [water], [fire, fire2], [fire, water]])
    d = play(st, er, offered=False, search=[water, fire2])      # any copies, in any order
    assert hand(d.state) == [water, fire2] and d.state.seats[0].discard == [fire, potion, er]
    said(d, "takes")
    d = play(st, er, search=[water])
    assert hand(d.state) == [water]


def test_sv1_171_energy_retrieval_refusals():
    st = board(side(poke(SPRIGATITO), hand=[ENERGY_RETRIEVAL], discard=[FIRE, WATER, GRASS, POTION]),
               side(poke(HOUNDOUR)))
    er = hand(st)[0]
    fire, water, grass, potion = st.seats[0].discard
    refuse(st, 0, trainer(er, search=[fire, water, grass]), "R-TRAINER-1", contains="1 to 2")
    refuse(st, 0, trainer(er, search=[potion]), "R-TRAINER-1")
    refuse(st, 0, trainer(er, search=[]), "R-TRAINER-1")
    refuse(st, 0, trainer(er), "R-TRAINER-1", contains="choices.search")
    none = board(side(poke(SPRIGATITO), hand=[ENERGY_RETRIEVAL], discard=[POTION]), side(poke(HOUNDOUR)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no basic Energy card")
    assert offers(none, hand(none)[0]) == []


# -- sv1-172 Energy Search, sv1-173 Energy Switch, sv1-185 Poké Ball, sv1-194 Switch (earlier classes) --

def test_sv1_172_energy_search_shows_the_deck_then_takes_a_basic_energy_card():
    st = board(side(poke(SPRIGATITO), hand=[ENERGY_SEARCH], deck=[SKIDDO, FIRE, GRASS]), side(poke(HOUNDOUR)))
    es = hand(st)[0]
    skiddo, fire, grass = st.seats[0].deck
    looking = play(st, es).state
    assert looking.pending["look"] == [skiddo, fire, grass]
    assert choose_offers(looking) == [{"search": [fire]}, {"search": [grass]}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": [skiddo]}}, "R-TRAINER-1")
    d = choose(looking, search=[grass])
    assert hand(d.state) == [grass] and d.state.seats[0].deck == [skiddo, fire]


def test_sv1_173_energy_switch_moves_a_basic_energy_card():
    st = board(side(poke(SPRIGATITO, [GRASS, FIRE]), bench=[poke(SKIDDO)], hand=[ENERGY_SWITCH]),
               side(poke(HOUNDOUR)))
    es = hand(st)[0]
    sprigatito, skiddo = st.seats[0].active, st.seats[0].bench[0]
    grass, fire = sprigatito.energy
    d = play(st, es, [sprigatito.top, skiddo.top], cards=[grass])
    assert d.state.seats[0].active.energy == [fire] and d.state.seats[0].bench[0].energy == [grass]
    assert d.state.this_turn["energy_attached"] is None
    refuse(st, 0, trainer(es, [sprigatito.top, sprigatito.top], cards=[grass]), "R-TRAINER-1", contains="another")
    alone = board(side(poke(SPRIGATITO, [GRASS]), hand=[ENERGY_SWITCH]), side(poke(HOUNDOUR)))
    refuse(alone, 0, trainer(hand(alone)[0]), "R-TRAINER-1", contains="no other Pokémon")


def test_sv1_185_poke_ball_heads_searches_a_pokemon_tails_does_not():
    st = board(side(poke(SPRIGATITO), hand=[POKE_BALL], deck=[FIRE, FLORAGATO]), side(poke(HOUNDOUR)))
    pb = hand(st)[0]
    fire, floragato = st.seats[0].deck
    looking = play(st, pb, coins=["heads"]).state
    assert choose_offers(looking) == [{"search": [floragato]}]
    assert hand(choose(looking, search=[floragato]).state) == [floragato]
    d = play(st, pb, coins=["tails"])
    assert d.state.pending is None and hand(d.state) == [] and d.state.seats[0].discard == [pb]
    said(d, "Tails: the deck is not searched")
    refuse(st, 0, trainer(pb, search=[fire]), "R-TRAINER-1")


def test_sv1_194_switch_swaps_the_active_with_a_benched_pokemon():
    st = board(side(poke(SPRIGATITO, conditions=["asleep"]), bench=[poke(SKIDDO)], hand=[SWITCH]),
               side(poke(HOUNDOUR)))
    sw = hand(st)[0]
    skiddo = st.seats[0].bench[0]
    d = play(st, sw, [skiddo.top])
    assert d.state.seats[0].active.top == skiddo.top and d.state.seats[0].bench[0].conditions == []
    assert d.state.this_turn["retreats"] == 0
    alone = board(side(poke(SPRIGATITO), hand=[SWITCH]), side(poke(HOUNDOUR)))
    refuse(alone, 0, trainer(hand(alone)[0]), "R-TRAINER-1", contains="no Benched")


# -- sv1-174 Exp. Share -------------------------------------------------------------------------------

def _share_board(defender=None, bench=None):
    return board(side(poke(SPRIGATITO, [GRASS]), bench=[poke(SKIDDO)]),
                 side(defender or poke(TANDEMAUS, [FIRE, WATER], damage=20),
                      bench=bench or [poke(PAWMI, attached=[EXP_SHARE]), poke(RIOLU)]))


def test_sv1_174_exp_share_moves_a_basic_energy_of_the_knocked_out_active_when_its_player_chooses():
    st = _share_board()
    tandemaus = st.seats[1].active
    fire, water = tandemaus.energy
    pawmi, riolu = st.seats[1].bench
    d = attack(st, "Scratch")
    s = d.state
    said(d, "Tandemaus (Seat 1 (Beto)) is Knocked Out")
    said(d, "Exp. Share on Pawmi: Seat 1 (Beto) may move a basic Energy card from Tandemaus to it")
    assert s.pending == {"seat": 1, "card": pawmi.attached[0], "kind": "exp_share", "look": [fire, water],
                         "holders": [pawmi.top]}
    assert s.phase == "promote" and s.pending_promotions == [1] and len(s.seats[0].prizes) == 5
    assert {fire, water} <= set(s.seats[1].discard)
    # Beto chooses first (Ana can only concede), then promotes
    assert [a["type"] for a in legal_actions(s, 0)] == ["concede"]
    assert choose_offers(s, 1) == [{"search": [], "pokemon": []}, {"search": [fire], "pokemon": [pawmi.top]},
                                   {"search": [water], "pokemon": [pawmi.top]}]
    refuse(s, 1, {"type": "promote", "card": pawmi.top}, "R-TRAINER-1", contains="choose")
    d2 = choose(s, seat_no=1, search=[water], pokemon=[pawmi.top])
    after = d2.state
    assert after.seats[1].bench[0].energy == [water] and water not in after.seats[1].discard
    assert after.pending is None and after.phase == "promote"
    said(d2, "Exp. Share: Seat 1 (Beto) moves")
    d3 = act(after, 1, {"type": "promote", "card": pawmi.top})
    assert d3.state.seats[1].active.energy == [water] and d3.state.seat_to_act == 1


def test_sv1_174_exp_share_may_move_nothing_and_refuses_wrong_choices():
    st = _share_board()
    pawmi, riolu = st.seats[1].bench
    fire, water = st.seats[1].active.energy
    s = attack(st, "Scratch").state
    for bad in ({"search": [fire, water], "pokemon": [pawmi.top, pawmi.top]},
                {"search": [fire], "pokemon": [riolu.top]},
                {"search": [fire]} | {"pokemon": []},
                {"pokemon": [pawmi.top]}):
        refuse(s, 1, {"type": "choose", "choices": bad}, "R-TRAINER-1")
    d = choose(s, seat_no=1, search=[], pokemon=[])
    assert d.state.seats[1].bench[0].energy == [] and {fire, water} <= set(d.state.seats[1].discard)
    said(d, "moves no Energy card")


def test_sv1_174_exp_share_only_for_a_knock_out_by_the_damage_of_an_attack():
    # Poison between turns Knocks Out the Active: no Exp. Share
    st = _share_board(defender=poke(TANDEMAUS, [FIRE], damage=20, conditions=["poisoned"]))
    d = act(st, 0, {"type": "end_turn"})
    said(d, "Tandemaus (Seat 1 (Beto)) is Knocked Out")
    assert d.state.pending is None and d.state.seats[1].bench[0].energy == []
    # a Benched Pokémon Knocked Out is not the Active; an Active without basic Energy asks nothing
    bare = _share_board(defender=poke(TANDEMAUS, damage=20))
    assert attack(bare, "Scratch").state.pending is None
    # the Active survives the attack: nothing to ask
    alive = _share_board(defender=poke(TANDEMAUS, [FIRE]))
    d = attack(alive, "Scratch")
    assert d.state.pending is None and d.state.seats[1].active.effects == []


def test_sv1_174_exp_share_asks_nothing_when_the_knock_out_wins_the_game():
    st = board(side(poke(SPRIGATITO, [GRASS]), prizes=1),
               side(poke(TANDEMAUS, [FIRE], damage=20), bench=[poke(PAWMI, attached=[EXP_SHARE])]))
    d = attack(st, "Scratch")
    assert d.state.phase == "finished" and d.state.result["winner"] == 0 and d.state.pending is None


def test_sv1_174_two_exp_shares_each_move_one_energy():
    st = _share_board(bench=[poke(PAWMI, attached=[EXP_SHARE]), poke(RIOLU, attached=[EXP_SHARE])])
    pawmi, riolu = st.seats[1].bench
    fire, water = st.seats[1].active.energy
    s = attack(st, "Scratch").state
    assert s.pending["holders"] == [pawmi.top, riolu.top]
    assert {"search": [water, fire], "pokemon": [pawmi.top, riolu.top]} in choose_offers(s, 1)
    d = choose(s, seat_no=1, search=[water, fire], pokemon=[pawmi.top, riolu.top])
    assert d.state.seats[1].bench[0].energy == [water] and d.state.seats[1].bench[1].energy == [fire]


# -- sv1-181 / sv1-255 Nest Ball -----------------------------------------------------------------------

def test_sv1_181_nest_ball_puts_a_basic_pokemon_from_the_deck_onto_the_bench():
    st = board(side(poke(SPRIGATITO), hand=[NEST_BALL, NEST_BALL_2, FLORAGATO], deck=[FIRE, SKIDDO, FLORAGATO, PAWMI]),
               side(poke(HOUNDOUR)))
    nb, nb2, floragato = hand(st)
    fire, skiddo, floragato2, pawmi = st.seats[0].deck
    d = play(st, nb)
    looking = d.state
    assert looking.pending["look"] == [fire, skiddo, floragato2, pawmi]
    assert choose_offers(looking) == [{"search": [skiddo]}, {"search": [pawmi]}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": [floragato2]}}, "R-TRAINER-1")
    d2 = choose(looking, search=[pawmi])
    s = d2.state.seats[0]
    assert tops(s.bench) == [pawmi] and s.bench[0].entered_turn == d2.state.turn
    assert s.deck == [fire, skiddo, floragato2] and s.discard == [nb]
    said(d2, "onto the Bench and shuffles the deck")
    # the alternate print is the same card
    assert play(st, nb2).state.pending["card"] == nb2


def test_sv1_181_nest_ball_refused_with_a_full_bench_and_empty_deck_only_shuffles():
    full = board(side(poke(SPRIGATITO), bench=[poke(SKIDDO)] * 5, hand=[NEST_BALL]), side(poke(HOUNDOUR)))
    refuse(full, 0, trainer(hand(full)[0]), "R-BENCH-1", contains="Bench is full")
    assert offers(full, hand(full)[0]) == []
    empty = board(side(poke(SPRIGATITO), hand=[NEST_BALL], deck=[]), side(poke(HOUNDOUR)))
    d = play(empty, hand(empty)[0])
    assert d.state.pending is None
    said(d, "finds no Basic Pokémon")


# -- sv1-182 Pal Pad -------------------------------------------------------------------------------------

def test_sv1_182_pal_pad_shuffles_up_to_two_supporters_into_the_deck():
    st = board(side(poke(SPRIGATITO), hand=[PAL_PAD], deck=[FIRE], discard=[ARVEN, POTION, NEMONA, ARVEN]),
               side(poke(HOUNDOUR)))
    pp = hand(st)[0]
    arven, potion, nemona, arven2 = st.seats[0].discard
    assert sorted(c["search"] for _, c in offers(st, pp)) == sorted(
        [[arven], [nemona], [arven, arven2], [arven, nemona]])
    d = play(st, pp, offered=False, search=[nemona, arven2])
    s = d.state.seats[0]
    assert s.discard == [arven, potion, pp] and s.deck == [*st.seats[0].deck, nemona, arven2]
    assert d.event["payload"]["rng"]["shuffles"] == [[0, 1, 2]]
    refuse(st, 0, trainer(pp, search=[potion]), "R-TRAINER-1")
    refuse(st, 0, trainer(pp, search=[arven, nemona, arven2]), "R-TRAINER-1")
    none = board(side(poke(SPRIGATITO), hand=[PAL_PAD], discard=[POTION]), side(poke(HOUNDOUR)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Supporter card")


# -- sv1-184 Picnic Basket --------------------------------------------------------------------------------

def test_sv1_184_picnic_basket_heals_30_from_every_pokemon_of_both_players():
    st = board(side(poke(SPRIGATITO, damage=50), bench=[poke(SKIDDO, damage=10), poke(PAWMI)], hand=[PICNIC_BASKET]),
               side(poke(HOUNDOUR, damage=40), bench=[poke(FUECOCO, damage=30)]))
    d = play(st, hand(st)[0])
    assert [p.damage for p in d.state.seats[0].in_play()] == [20, 0, 0]
    assert [p.damage for p in d.state.seats[1].in_play()] == [10, 0]
    said(d, "Houndour (Seat 1 (Beto)) is healed of 30 damage")
    clean = board(side(poke(SPRIGATITO), hand=[PICNIC_BASKET]), side(poke(HOUNDOUR)))
    refuse(clean, 0, trainer(hand(clean)[0]), "R-TRAINER-1", contains="No Pokémon")
    assert offers(clean, hand(clean)[0]) == []
    theirs = board(side(poke(SPRIGATITO), hand=[PICNIC_BASKET]), side(poke(HOUNDOUR, damage=10)))
    assert play(theirs, hand(theirs)[0]).state.seats[1].active.damage == 0


# -- sv1-186 Pokégear 3.0 ---------------------------------------------------------------------------------

def test_sv1_186_pokegear_looks_at_seven_and_may_take_a_supporter():
    deck = [FIRE, ARVEN, SKIDDO, FIRE, FIRE, FIRE, NEMONA, ARVEN]
    st = board(side(poke(SPRIGATITO), hand=[POKEGEAR], deck=deck), side(poke(HOUNDOUR)))
    pg = hand(st)[0]
    d = play(st, pg)
    looking = d.state
    cards = looking.seats[0].deck
    assert looking.pending["look"] == cards[:7]
    said(d, "looks at the top 7 card(s) of the deck")
    assert choose_offers(looking) == [{"search": [cards[1]]}, {"search": [cards[6]]}, {"search": []}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": [cards[7]]}}, "R-TRAINER-1")   # the 8th card
    refuse(looking, 0, {"type": "choose", "choices": {"search": [cards[2]]}}, "R-TRAINER-1")   # not a Supporter
    refuse(looking, 0, {"type": "choose", "choices": {}}, "R-TRAINER-1")
    d2 = choose(looking, search=[cards[6]])
    assert hand(d2.state) == [cards[6]] and len(d2.state.seats[0].deck) == 7
    said(d2, "puts it into the hand and shuffles the deck")
    d3 = choose(looking, search=[])
    assert hand(d3.state) == [] and d3.event["payload"]["rng"]["shuffles"]
    empty = board(side(poke(SPRIGATITO), hand=[POKEGEAR], deck=[]), side(poke(HOUNDOUR)))
    refuse(empty, 0, trainer(hand(empty)[0]), "R-TRAINER-1", contains="empty")


# -- sv1-187 Pokémon Catcher -------------------------------------------------------------------------------

def test_sv1_187_pokemon_catcher_heads_brings_up_the_benched_pokemon_named():
    st = board(side(poke(SPRIGATITO), hand=[CATCHER]),
               side(poke(HOUNDOUR, conditions=["confused"]), bench=[poke(FUECOCO), poke(PAWMI)]))
    pc = hand(st)[0]
    houndour = st.seats[1].active
    fuecoco, pawmi = st.seats[1].bench
    assert offers(st, pc) == [([fuecoco.top], {}), ([pawmi.top], {})]
    d = play(st, pc, [pawmi.top], ["heads"])
    them = d.state.seats[1]
    assert them.active.top == pawmi.top and tops(them.bench) == [fuecoco.top, houndour.top]
    assert them.bench[1].conditions == []
    said(d, "Coin flip for Pokémon Catcher: heads")
    d = play(st, pc, [pawmi.top], ["tails"])
    assert d.state.seats[1].active.top == houndour.top and d.state.seats[0].discard == [pc]
    said(d, "Tails: Seat 1 (Beto)'s Active Pokémon stays")
    refuse(st, 0, trainer(pc), "R-TRAINER-1", contains="targets")
    refuse(st, 0, trainer(pc, [houndour.top]), "R-TRAINER-1")
    none = board(side(poke(SPRIGATITO), hand=[CATCHER]), side(poke(HOUNDOUR)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Benched")


# -- sv1-188 Potion ------------------------------------------------------------------------------------------

def test_sv1_188_potion_heals_30():
    st = board(side(poke(SPRIGATITO, damage=50), bench=[poke(SKIDDO, damage=20), poke(PAWMI)], hand=[POTION]),
               side(poke(HOUNDOUR, damage=30)))
    pt = hand(st)[0]
    sprigatito, skiddo = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, pt) == [([sprigatito.top], {}), ([skiddo.top], {})]
    assert play(st, pt, [sprigatito.top]).state.seats[0].active.damage == 20
    d = play(st, pt, [skiddo.top])
    assert d.state.seats[0].bench[0].damage == 0
    said(d, "Skiddo is healed of 20 damage")
    refuse(st, 0, trainer(pt, [st.seats[0].bench[1].top]), "R-TRAINER-1")          # Pawmi is not damaged
    refuse(st, 0, trainer(pt, [st.seats[1].active.top]), "R-TRAINER-1")            # not yours
    clean = board(side(poke(SPRIGATITO), hand=[POTION]), side(poke(HOUNDOUR)))
    refuse(clean, 0, trainer(hand(clean)[0]), "R-TRAINER-1", contains="damage counters")


# -- sv1-191 / sv1-256 Rare Candy ----------------------------------------------------------------------------

def _candy_board(turn=3, entered=0, extra_hand=(MEOWSCARADA,)):
    return board(side(poke(SPRIGATITO, damage=20, conditions=["poisoned"]),
                      bench=[poke(FLABEBE), poke(PAWMI, entered_turn=entered)],
                      hand=[RARE_CANDY, *extra_hand, PAWMOT, FLORAGATO]),
                 side(poke(HOUNDOUR)), turn=turn)


def test_sv1_191_rare_candy_evolves_a_basic_straight_to_its_stage_2():
    st = _candy_board()
    rc, meowscarada, pawmot, floragato = hand(st)
    sprigatito, pawmi = st.seats[0].active, st.seats[0].bench[1]
    assert offers(st, rc) == [([sprigatito.top], {"cards": [meowscarada]}), ([pawmi.top], {"cards": [pawmot]})]
    d = play(st, rc, [sprigatito.top], cards=[meowscarada])
    a = d.state.seats[0].active
    assert a.stack == [sprigatito.top, meowscarada] and a.damage == 20 and a.conditions == []
    assert a.entered_turn == d.state.turn and d.state.seats[0].discard == [rc]
    assert hand(d.state) == [pawmot, floragato]
    said(d, "evolves Sprigatito into Meowscarada")
    # the alternate print too, and a Stage 2 evolved this way can't evolve again (nothing above it anyway)
    alt = board(side(poke(SPRIGATITO), hand=[RARE_CANDY_2, MEOWSCARADA]), side(poke(HOUNDOUR)))
    d = play(alt, hand(alt)[0], [alt.seats[0].active.top], offered=False)      # the one Stage 2: cards left out
    assert d.state.seats[0].active.stack[-1] == hand(alt)[1]


def test_sv1_191_rare_candy_refusals():
    st = _candy_board()
    rc, meowscarada, pawmot, floragato = hand(st)
    sprigatito, flabebe = st.seats[0].active, st.seats[0].bench[0]
    refuse(st, 0, trainer(rc, [flabebe.top], cards=[meowscarada]), "R-EVOLVE-1", contains="through a Stage 1")
    refuse(st, 0, trainer(rc, [sprigatito.top], cards=[floragato]), "R-EVOLVE-4")     # a Stage 1 is not one
    refuse(st, 0, trainer(rc, [sprigatito.top]), "R-EVOLVE-4", contains="choices.cards")
    refuse(st, 0, trainer(rc, [st.seats[1].active.top], cards=[meowscarada]), "R-EVOLVE-1")
    # on either player's first turn
    for turn in (1, 2):
        first = _candy_board(turn=turn)
        refuse(first, 0, trainer(hand(first)[0], [first.seats[0].active.top], cards=[hand(first)[1]]),
               "R-EVOLVE-3", contains="first turn")
    # on a Pokémon put into play this turn
    fresh = _candy_board(entered=3)
    refuse(fresh, 0, trainer(hand(fresh)[0], [fresh.seats[0].bench[1].top], cards=[hand(fresh)[2]]), "R-EVOLVE-2")
    # on an evolved Pokémon
    evolved = board(side(poke(FLORAGATO), hand=[RARE_CANDY, MEOWSCARADA]), side(poke(HOUNDOUR)))
    refuse(evolved, 0, trainer(hand(evolved)[0], [evolved.seats[0].active.top], cards=[hand(evolved)[1]]),
           "R-EVOLVE-4", contains="Basic")
    none = _candy_board(extra_hand=())
    no_stage2 = board(side(poke(SPRIGATITO), hand=[RARE_CANDY, FLORAGATO]), side(poke(HOUNDOUR)))
    refuse(no_stage2, 0, trainer(hand(no_stage2)[0], [no_stage2.seats[0].active.top]), "R-EVOLVE-4",
           contains="Stage 2")
    assert offers(no_stage2, hand(no_stage2)[0]) == []
    assert [c for _, c in offers(none, hand(none)[0])] == [{"cards": [hand(none)[1]]}]


# -- sv1-192 Rock Chestplate ------------------------------------------------------------------------------------

def test_sv1_192_rock_chestplate_takes_30_after_weakness_from_a_fighting_pokemons_damage():
    # Skiddo (Grass) Smash Kick 20 on Sandile (Fighting, weak to Grass): 20 × 2 − 30 = 10
    st = board(side(poke(SKIDDO, [GRASS, GRASS])), side(poke(SANDILE, attached=[ROCK_CHESTPLATE])))
    d = attack(st, "Smash Kick")
    assert d.state.seats[1].active.damage == 10
    said(d, "Weakness ×2 = 40; Rock Chestplate −30 = 10")
    plain = board(side(poke(SKIDDO, [GRASS, GRASS])), side(poke(SANDILE)))
    assert attack(plain, "Smash Kick").state.seats[1].active.damage == 40
    # on a Pokémon that is not Fighting it does nothing
    other = board(side(poke(SKIDDO, [GRASS, GRASS])), side(poke(HOUNDOUR, attached=[ROCK_CHESTPLATE])))
    assert attack(other, "Smash Kick").state.seats[1].active.damage == 20


def test_sv1_192_rock_chestplate_attaches_as_a_tool():
    st = board(side(poke(RIOLU), hand=[ROCK_CHESTPLATE]), side(poke(HOUNDOUR)))
    rc = hand(st)[0]
    riolu = st.seats[0].active
    assert offers(st, rc) == [([riolu.top], {})]
    assert play(st, rc, [riolu.top]).state.seats[0].active.attached == [rc]
    refuse(st, 0, trainer(rc, [st.seats[1].active.top]), "R-TRAINER-4")


# -- sv1-193 Rocky Helmet ------------------------------------------------------------------------------------------

def test_sv1_193_rocky_helmet_puts_2_counters_on_the_attacker_of_its_active_pokemon():
    st = board(side(poke(SPRIGATITO, [GRASS]), bench=[poke(SKIDDO)]), side(poke(KLAWF, attached=[ROCKY_HELMET])))
    d = attack(st, "Scratch")
    assert d.state.seats[1].active.damage == 20 and d.state.seats[0].active.damage == 20
    assert said(d, "does 20 damage to Klawf") < said(d, "Klawf's Rocky Helmet: 2 damage counters on Sprigatito")


def test_sv1_193_rocky_helmet_even_when_knocked_out_and_not_from_the_bench():
    st = board(side(poke(SPRIGATITO, [GRASS], damage=50), bench=[poke(SKIDDO)]),
               side(poke(TANDEMAUS, damage=20, attached=[ROCKY_HELMET]), bench=[poke(PAWMI)]))
    d = attack(st, "Scratch")
    said(d, "Tandemaus (Seat 1 (Beto)) is Knocked Out")
    said(d, "Sprigatito (Seat 0 (Ana)) is Knocked Out")
    assert d.state.seats[0].active is None and d.state.seats[1].active is None
    assert len(d.state.seats[0].prizes) == 5 and len(d.state.seats[1].prizes) == 5
    benched = board(side(poke(SPRIGATITO, [GRASS])), side(poke(KLAWF), bench=[poke(PAWMI, attached=[ROCKY_HELMET])]))
    assert attack(benched, "Scratch").state.seats[0].active.damage == 0


# -- sv1-196 Ultra Ball -----------------------------------------------------------------------------------------------

def test_sv1_196_ultra_ball_discards_two_then_searches_a_pokemon():
    st = board(side(poke(SPRIGATITO), hand=[ULTRA_BALL, FIRE, POTION, WATER], deck=[GRASS, MEOWSCARADA, PAWMI]),
               side(poke(HOUNDOUR)))
    ub, fire, potion, water = hand(st)
    grass, meowscarada, pawmi = st.seats[0].deck
    assert sorted(sorted(c["cards"]) for _, c in offers(st, ub)) == sorted(
        sorted(p) for p in ([fire, potion], [fire, water], [potion, water]))
    d = play(st, ub, cards=[fire, water])
    looking = d.state
    assert looking.seats[0].discard == [fire, water, ub] and hand(looking) == [potion]
    assert choose_offers(looking) == [{"search": [meowscarada]}, {"search": [pawmi]}]
    d2 = choose(looking, search=[meowscarada])
    assert hand(d2.state) == [potion, meowscarada] and d2.state.seats[0].deck == [grass, pawmi]
    # with a judge's search at once; an empty deck still lets it be played
    d = play(st, ub, offered=False, cards=[fire, potion], search=[pawmi])
    assert hand(d.state) == [water, pawmi]
    empty = board(side(poke(SPRIGATITO), hand=[ULTRA_BALL, FIRE, POTION], deck=[]), side(poke(HOUNDOUR)))
    assert play(empty, hand(empty)[0], cards=hand(empty)[1:]).state.pending is None


def test_sv1_196_ultra_ball_refusals():
    st = board(side(poke(SPRIGATITO), hand=[ULTRA_BALL, FIRE, POTION], deck=[GRASS, PAWMI]), side(poke(HOUNDOUR)))
    ub, fire, potion = hand(st)
    grass, pawmi = st.seats[0].deck
    refuse(st, 0, trainer(ub, cards=[fire]), "R-TRAINER-1", contains="2 card(s)")
    refuse(st, 0, trainer(ub, cards=[fire, ub]), "R-TRAINER-1")
    refuse(st, 0, trainer(ub, cards=[fire, potion], search=[grass]), "R-TRAINER-1")
    short = board(side(poke(SPRIGATITO), hand=[ULTRA_BALL, FIRE]), side(poke(HOUNDOUR)))
    refuse(short, 0, trainer(hand(short)[0], cards=[hand(short)[1]]), "R-TRAINER-1", contains="needs 2 other")
    assert offers(short, hand(short)[0]) == []


# -- what legal_actions offers --------------------------------------------------------------------------------------

def test_legal_actions_offer_every_playable_card_of_the_group():
    cards = [CRUSHING_HAMMER, DEFIANCE_BAND, ELECTRIC_GENERATOR, ENERGY_RETRIEVAL, ENERGY_SEARCH, ENERGY_SWITCH,
             EXP_SHARE, NEST_BALL, PAL_PAD, PICNIC_BASKET, POKE_BALL, POKEGEAR, CATCHER, POTION, RARE_CANDY,
             ROCK_CHESTPLATE, ROCKY_HELMET, SWITCH, ULTRA_BALL, VITALITY_BAND, MEOWSCARADA]
    st = board(side(poke(SPRIGATITO, [GRASS], damage=20), bench=[poke(PAWMI)], hand=cards,
                    deck=[LIGHTNING, FIRE], discard=[FIRE, ARVEN]),
               side(poke(HOUNDOUR, [FIRE]), bench=[poke(FUECOCO)]), turn=1)
    offered = {st.instances[a["card"]] for a in legal_actions(st, 0) if a["type"] == "play_trainer"}
    assert offered == set(cards) - {MEOWSCARADA, RARE_CANDY}          # Rare Candy: not on the first turn
    later = board(side(poke(SPRIGATITO), hand=[RARE_CANDY, MEOWSCARADA]), side(poke(HOUNDOUR)))
    assert offers(later, hand(later)[0]) == [([later.seats[0].active.top], {"cards": [hand(later)[1]]})]
