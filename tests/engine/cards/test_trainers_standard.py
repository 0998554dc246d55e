"""Modern Trainers made exact (issue 45): the Trainer templates of `cards/compiler/trainers.py`
(the printed text, reminders aside, compiles to a block of `effects/trainer_text.py`) and the
short classes of `cards/sv_standard_trainers.py`, ruleset `modern`: exact outcomes, refusals with
their rule, what `legal_actions` offers, and what each player reads of hidden cards
(R-HIDDEN-1). Shuffles keep the order (FixedCoins without a source)."""

import pytest

from projections.tcg.actions import retreat_cost
from projections.tcg.carddb import card
from projections.tcg.cards.compiler.trainers import TEMPLATES, compile_trainer, trainer_text
from projections.tcg.game import TcgGame
from projections.tcg.legal import legal_actions
from projections.text import grants
from tests.engine.cards.fixtures import hand, modern, names_none_of, trainer

from .fixtures import act, choose_offers, offers, play, poke, printed, read_by, refuse, said
from .fixtures import choose_step as choose
from .fixtures import modern_side as side

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING = "sve-1", "sve-2", "sve-3", "sve-4", "sve-5", "sve-6"
SKIDDO, SPRIGATITO, FLORAGATO, MEOWSCARADA = "sv1-11", "sv1-13", "sv1-14", "sv1-15"
FUECOCO, PAWMI, RIOLU, ZANGOOSE, RALTS, KIRLIA = "sv1-36", "sv1-74", "sv1-112", "sv1-146", "sv1-84", "sv1-85"
PIKACHU_EX, DRAGAPULT_EX, GARDEVOIR_EX = "sv2-63", "sv6-130", "sv1-86"
N_ZORUA, LILLIES_COMFEY = "sv9-97", "sv9-68"
NEST_BALL, NEMONA = "sv1-181", "sv1-180"
BOSS, LILLIE, POKE_PAD, FIGHTING_GONG, MEGA_SIGNAL, CYRANO, DAWN, HILDA = (
    "me1-114", "me1-119", "me2pt5-198", "me1-116", "me1-121", "sv8-170", "me2-87", "rsv10pt5-84")
DUSK_BALL, BUG_SET, CHEREN, BROCK, ACEROLA = "sv8-175", "sv6-143", "rsv10pt5-81", "sv9-146", "me1-113"
PREMIUM, BLACK_BELT, BLACK_BELT_NO_TEXT, WONDROUS_PATCH, NS_PP_UP = (
    "me1-124", "sv8pt5-96", "me2pt5-255", "me2-94", "sv9-153")
HEROS_CAPE, BINDING_MOCHI, LILLIES_PEARL, GRAVITY_MOUNTAIN, NS_CASTLE = (
    "sv5-152", "sv6pt5-55", "sv9-151", "sv8-177", "sv9-152")
GAME = TcgGame()


def picks(state):
    """The picks `choose` offers, in no particular order."""
    return sorted(tuple(sorted(o["search"])) for o in choose_offers(state))


def attack(state, name, seat_no=0):
    action = {"type": "attack", "attack": name, "choices": {}}
    assert action in legal_actions(state, seat_no), f"{action} not offered"
    return act(state, seat_no, action)


# -- the compiler -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("cid", "template"), [
    (BOSS, "trainer_gust"), (LILLIE, "trainer_shuffle_hand_draw"), (POKE_PAD, "trainer_search"),
    (FIGHTING_GONG, "trainer_search"), (MEGA_SIGNAL, "trainer_search"), (CYRANO, "trainer_search"),
    (DAWN, "trainer_search_each"), (HILDA, "trainer_search_each"), (DUSK_BALL, "trainer_look_and_take"),
    (BUG_SET, "trainer_look_and_take"), (CHEREN, "trainer_draw"), ("sv10-163", "trainer_draw"),
    ("sv7-139", "trainer_shuffle_hand_draw"), ("sv4pt5-87", "trainer_discard_hand_draw"),
    ("sv8-183", "trainer_from_discard"), ("sv8pt5-116", "trainer_from_discard"), ("sv10-164", "trainer_from_discard"),
    ("sv6-147", "trainer_heal_active"), ("sv8-189", "trainer_search"), ("me1-123", "trainer_heal"),
    ("sv8-167", "trainer_heal_each"), ("zsv10pt5-82", "trainer_heal_each"), ("sv8-172", "trainer_heal_active"),
    ("svp-114", "trainer_coin_draw"), ("me2pt5-256", "trainer_gust"), ("me2pt5-192", "trainer_shuffle_hand_draw"),
    ("me2pt5-258", "trainer_draw"), ("sv7-140", "trainer_type_berry"), ("sv8pt5-111", "trainer_type_berry")])
def test_r_trainer_1_shipped_trainers_compile_from_their_printed_text(cid, template):
    c = card(cid)
    assert c.trainer_compiled_by == (template,) and not c.declared


def test_r_trainer_1_the_kinds_reminders_are_not_the_cards_words():
    assert trainer_text(card(POKE_PAD)) == ("Search your deck for a Pokémon that doesn't have a Rule Box, reveal it, "
                                            "and put it into your hand. Then, shuffle your deck.")
    assert trainer_text(card(HEROS_CAPE)) == "The Pokémon this card is attached to gets +100 HP."
    assert trainer_text(card(GRAVITY_MOUNTAIN)) == ("Each Stage 2 Pokémon in play (both yours and your opponent's) "
                                                    "gets -30 HP.")


def test_r_trainer_1_every_template_compiles_its_own_wordings():
    for t in TEMPLATES:
        for wording in t.wordings:
            got = compile_trainer(printed(wording + " You may play any number of Item cards during your turn."))
            assert got is not None and got.templates == (t.name,), (t.name, wording)


@pytest.mark.parametrize("text", [
    "Draw 3 cards. Your opponent draws 3 cards.",                           # more than the template reads
    "Search your deck for a card, reveal it, and put it into your hand. Then, shuffle your deck.",   # unknown kind
    "Search your deck for a Pokémon, reveal them, and put them into your hand. Then, shuffle your deck.",
    "Search your deck for an Basic Pokémon, reveal it, and put it into your hand. Then, shuffle your deck.",
    "Search your deck for a Pokémon with 70 HP or less, reveal it, and put it into your hand. Then, shuffle your deck.",
    "Search your deck for up to 2 Basic Pokémon and put them onto your Bench. Then, shuffle your deck.",
    "Look at the top 7 cards of your deck. You may reveal a Pokémon you find there and put it into your hand. "
    "Put the other cards on the bottom of your deck.",
    "Look at the top 7 cards of your deck. You may reveal a card that has \"Team Rocket\" in its name you find "
    "there and put it into your hand. Shuffle the other cards back into your deck.",
    "Switch out your opponent's Active Pokémon to the Bench.",    # with "(Your opponent chooses …)" it compiles
    "Heal 80 damage from your Active Pokémon that has 3 or more Energy cards attached.",   # "Energy" compiles
    "Search your deck for a Pokémon and a Basic Pokémon, reveal them, and put them into your hand. Then, shuffle your "
    "deck.",
    "Flip a coin. If heads, draw 8 cards. If tails, draw 3 cards. Shuffle your hand into your deck.",
    "Put up to 2 Nemona cards from your discard pile into your hand.",
    "Shuffle up to 5 Basic Energy cards from your discard pile into your hand.",
    "Discard your hand and draw 6 cards. Your turn ends.",   # "draw N" alone compiles (trainers_more)
    "Draw 2 cards. If your opponent's Active Pokémon is a Pokémon ex, draw 2 more cards.",
    "Shuffle your hand into your deck. Then, draw 4 cards. If you go second and it's your first turn, draw 8 cards "
    "instead.",
    "Shuffle your hand into your deck. Then, draw 4 cards. If your opponent has exactly 3 or fewer Prize cards "
    "remaining, draw 8 cards instead.",
])
def test_r_trainer_1_near_miss_wordings_stay_declared(text):
    assert compile_trainer(printed(text)) is None


# -- me1-114 Boss's Orders (trainer_gust) ----------------------------------------------------------------

def test_r_retreat_6_boss_orders_switches_in_a_benched_pokemon():
    st = modern(side(poke(RIOLU), hand=[BOSS]), side(poke(FUECOCO, conditions=["asleep"]), bench=[poke(PAWMI)]))
    boss = hand(st)[0]
    pawmi = st.seats[1].bench[0].top
    assert offers(st, boss) == [([pawmi], {})]
    d = play(st, boss, [pawmi])
    them = d.state.seats[1]
    assert them.active.top == pawmi and them.bench[0].conditions == []
    assert d.state.this_turn["supporter_played"]
    none = modern(side(poke(RIOLU), hand=[BOSS]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Benched")
    assert offers(none, hand(none)[0]) == []


# -- me1-119 Lillie's Determination (trainer_shuffle_hand_draw) --------------------------------------------

@pytest.mark.parametrize(("prizes", "drawn"), [(6, 8), (5, 6)])
def test_r_trainer_5_lillies_determination_draws_8_with_exactly_6_prizes(prizes, drawn):
    st = modern(side(poke(RIOLU), hand=[LILLIE, FIRE, WATER], deck=[FIGHTING] * 10, prizes=prizes),
                side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert len(hand(d.state)) == drawn and len(d.state.seats[0].deck) == 12 - drawn
    said(d, f"shuffles 2 card(s) from the hand into the deck and draws {drawn} card(s)")


# -- searches: Poké Pad, Fighting Gong, Mega Signal, Cyrano (trainer_search) --------------------------------

def test_r_hidden_1_poke_pad_takes_a_pokemon_without_a_rule_box():
    st = modern(side(poke(RIOLU), hand=[POKE_PAD], deck=[PIKACHU_EX, SKIDDO, FIRE, PAWMI]), side(poke(FUECOCO)))
    pad = hand(st)[0]
    pikachu, skiddo, fire, pawmi = st.seats[0].deck
    d = play(st, pad)
    looking = d.state
    assert looking.pending["look"] == [pikachu, skiddo, fire, pawmi]
    said(d, "looks through the deck (Poké Pad)")
    assert picks(looking) == sorted([(skiddo,), (pawmi,)])
    for bad in ([pikachu], [fire], [skiddo, pawmi]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    d2 = choose(looking, search=[pawmi])
    assert hand(d2.state) == [pawmi] and d2.state.seats[0].discard == [pad] and d2.state.pending is None
    assert grants(d2.narration, 1) == {pawmi}
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), [pikachu, skiddo, fire, pawmi])
        names_none_of(read_by(looking, d2, seat_no), [pikachu, skiddo, fire])
    v = refuse(st, 0, trainer(pad, search=[pikachu]), "R-TRAINER-1")     # a judge's choice, the deck unseen
    assert "Pikachu" not in v["message"] and pikachu not in v["message"]


def test_r_trainer_5_poke_pad_with_nothing_to_find_only_shuffles():
    st = modern(side(poke(RIOLU), hand=[POKE_PAD], deck=[PIKACHU_EX, FIRE]), side(poke(FUECOCO)))
    looking = play(st, hand(st)[0]).state
    assert choose_offers(looking) == [{"search": []}]
    said(choose(looking, search=[]), "finds no card Poké Pad can take and shuffles the deck")
    empty = modern(side(poke(RIOLU), hand=[POKE_PAD], deck=[]), side(poke(FUECOCO)))
    d = play(empty, hand(empty)[0])
    assert d.state.pending is None
    said(d, "finds no card Poké Pad can take")


def test_r_trainer_1_fighting_gong_takes_a_basic_fighting_energy_or_pokemon():
    st = modern(side(poke(RIOLU), hand=[FIGHTING_GONG], deck=[PAWMI, FIGHTING, RIOLU, FIRE, FLORAGATO]),
                side(poke(FUECOCO)))
    pawmi, fighting, riolu, fire, floragato = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    assert picks(looking) == sorted([(fighting,), (riolu,)])
    refuse(looking, 0, {"type": "choose", "choices": {"search": [pawmi]}}, "R-TRAINER-1")
    assert hand(choose(looking, search=[riolu]).state) == [riolu]


def test_r_trainer_1_mega_signal_and_cyrano_take_their_pokemon_ex():
    mega = next(c.id for c in (card(f"me1-{n}") for n in range(1, 100)) if "mega" in c.tags)
    st = modern(side(poke(RIOLU), hand=[MEGA_SIGNAL], deck=[PIKACHU_EX, mega]), side(poke(FUECOCO)))
    pikachu, m = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    assert choose_offers(looking) == [{"search": [m]}]
    st = modern(side(poke(RIOLU), hand=[CYRANO], deck=[PIKACHU_EX, SKIDDO, PIKACHU_EX, DRAGAPULT_EX, GARDEVOIR_EX]),
                side(poke(FUECOCO)))
    p1, skiddo, p2, drag, garde = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    offered = choose_offers(looking)
    assert {"search": [p1, drag, garde]} in offered and all(skiddo not in o["search"] for o in offered)
    assert max(len(o["search"]) for o in offered) == 3
    refuse(looking, 0, {"type": "choose", "choices": {"search": [p1, p2, drag, garde]}}, "R-TRAINER-1")
    assert hand(choose(looking, search=[p1, p2]).state) == [p1, p2]          # up to 3


# -- Dawn, Hilda (trainer_search_each) --------------------------------------------------------------------

def test_r_trainer_5_dawn_takes_a_basic_a_stage_1_and_a_stage_2():
    st = modern(side(poke(RIOLU), hand=[DAWN], deck=[SKIDDO, FLORAGATO, FIRE, MEOWSCARADA, SPRIGATITO]),
                side(poke(FUECOCO)))
    skiddo, floragato, fire, meow, sprig = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    assert choose_offers(looking) == [{"search": [skiddo, floragato, meow]}, {"search": [sprig, floragato, meow]}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": [skiddo, floragato]}}, "R-TRAINER-5")
    refuse(looking, 0, {"type": "choose", "choices": {"search": [skiddo, sprig, meow]}}, "R-TRAINER-1")
    assert hand(choose(looking, search=[skiddo, floragato, meow]).state) == [skiddo, floragato, meow]


def test_r_trainer_5_hilda_takes_an_evolution_pokemon_and_an_energy_card():
    st = modern(side(poke(RIOLU), hand=[HILDA], deck=[SKIDDO, KIRLIA, FIRE]), side(poke(FUECOCO)))
    skiddo, kirlia, fire = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    assert choose_offers(looking) == [{"search": [kirlia, fire]}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": [skiddo, fire]}}, "R-TRAINER-1")
    d = choose(looking, search=[kirlia, fire])
    assert hand(d.state) == [kirlia, fire] and grants(d.narration, 1) == {kirlia, fire}


# -- Dusk Ball, Bug Catching Set (trainer_look_and_take) ------------------------------------------------------

def test_r_hidden_1_dusk_ball_looks_at_the_bottom_7_cards():
    deck = [SKIDDO] + [FIRE] * 6 + [PAWMI] + [WATER] * 5
    st = modern(side(poke(RIOLU), hand=[DUSK_BALL], deck=deck), side(poke(FUECOCO)))
    cards = list(st.seats[0].deck)
    d = play(st, hand(st)[0])
    looking = d.state
    assert looking.pending["look"] == cards[-7:]
    said(d, "looks at the bottom 7 card(s) of the deck")
    pawmi = cards[7]
    assert picks(looking) == [(), (pawmi,)]
    refuse(looking, 0, {"type": "choose", "choices": {"search": [cards[0]]}}, "R-TRAINER-1")   # the top Skiddo
    d2 = choose(looking, search=[pawmi])
    assert hand(d2.state) == [pawmi] and len(d2.state.seats[0].deck) == 12
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), cards)
    assert hand(choose(looking, search=[]).state) == []                    # "you may"
    empty = modern(side(poke(RIOLU), hand=[DUSK_BALL], deck=[]), side(poke(FUECOCO)))
    refuse(empty, 0, trainer(hand(empty)[0]), "R-TRAINER-1", contains="nothing to look at")


def test_r_trainer_1_bug_catching_set_takes_up_to_2_grass_pokemon_or_basic_grass_energy():
    st = modern(side(poke(RIOLU), hand=[BUG_SET], deck=[SKIDDO, GRASS, FIRE, PAWMI, MEOWSCARADA, WATER, WATER, GRASS]),
                side(poke(FUECOCO)))
    skiddo, grass, fire, pawmi, meow, *_ = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    offered = choose_offers(looking)
    assert {"search": []} in offered and {"search": [skiddo, grass]} in offered
    assert all(len(o["search"]) <= 2 and fire not in o["search"] and pawmi not in o["search"] for o in offered)
    refuse(looking, 0, {"type": "choose", "choices": {"search": [skiddo, grass, meow]}}, "R-TRAINER-1")
    assert sorted(hand(choose(looking, offered=False, search=[meow, grass]).state)) == sorted([meow, grass])


def test_r_trainer_5_cheren_draws_3():
    st = modern(side(poke(RIOLU), hand=[CHEREN], deck=[FIRE, WATER]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert len(hand(d.state)) == 2
    said(d, "draws 2 card(s)")


# -- sv9-146 Brock's Scouting ----------------------------------------------------------------------------

def test_r_trainer_1_brocks_scouting_takes_2_basics_or_1_evolution():
    st = modern(side(poke(RIOLU), hand=[BROCK], deck=[SKIDDO, FLORAGATO, FIRE, PAWMI]), side(poke(FUECOCO)))
    skiddo, floragato, fire, pawmi = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    assert picks(looking) == sorted([(skiddo,), (pawmi,), tuple(sorted((pawmi, skiddo))), (floragato,)])
    refuse(looking, 0, {"type": "choose", "choices": {"search": [skiddo, floragato]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": [fire]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    assert hand(choose(looking, search=[skiddo, pawmi]).state) == [skiddo, pawmi]
    assert hand(choose(looking, search=[floragato]).state) == [floragato]
    assert card("sv9-179").trainer is card(BROCK).trainer


# -- me1-113 Acerola's Mischief ---------------------------------------------------------------------------

def _acerola_board(their_prizes=2):
    return modern(side(poke(RIOLU), bench=[poke(SKIDDO)], hand=[ACEROLA]),
                  side(poke(PIKACHU_EX, energy=[LIGHTNING]), bench=[poke(ZANGOOSE, energy=[FIRE])],
                       prizes=their_prizes))


def test_r_trainer_1_acerolas_mischief_shields_from_pokemon_ex_attacks_next_turn():
    st = _acerola_board()
    acerola = hand(st)[0]
    riolu = st.seats[0].active.top
    d = play(st, acerola, [riolu])
    said(d, "is protected from the damage and effects of attacks of Pokémon ex")
    nxt = act(d.state, 0, {"type": "end_turn"}).state
    hit = attack(nxt, "Pika Punch", seat_no=1)
    assert hit.state.seats[0].active.damage == 0
    # a Pokémon that is not ex still does damage
    swapped = act(nxt, 1, {"type": "retreat", "to": nxt.seats[1].bench[0].top,
                           "discard": []}).state
    assert attack(swapped, "Slash", seat_no=1).state.seats[0].active.damage == 40


def test_r_trainer_1_acerolas_mischief_needs_2_or_fewer_opponent_prizes():
    st = _acerola_board(their_prizes=3)
    refuse(st, 0, trainer(hand(st)[0], [st.seats[0].active.top]), "R-TRAINER-1", contains="2 or fewer")
    assert offers(st, hand(st)[0]) == []
    st = _acerola_board()
    refuse(st, 0, trainer(hand(st)[0], [st.seats[1].active.top]), "R-TRAINER-1")


# -- Premium Power Pro, Black Belt's Training: boosts for this turn ------------------------------------------

def test_r_damage_1_premium_power_pro_boosts_fighting_pokemon_this_turn():
    st = modern(side(poke(RIOLU, energy=[FIGHTING]), hand=[PREMIUM, PREMIUM]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert attack(d.state, "Jab").state.seats[1].active.damage == 40            # 10 + 30, no Weakness
    twice = play(d.state, hand(d.state)[0])
    assert attack(twice.state, "Jab").state.seats[1].active.damage == 70        # two add up
    other = modern(side(poke(ZANGOOSE, energy=[FIRE]), hand=[PREMIUM]), side(poke(FUECOCO)))
    d = play(other, hand(other)[0])
    assert attack(d.state, "Slash").state.seats[1].active.damage == 40          # Colorless: no boost


def test_r_damage_1_black_belts_training_boosts_attacks_on_pokemon_ex():
    st = modern(side(poke(ZANGOOSE, energy=[FIRE]), hand=[BLACK_BELT]), side(poke(PIKACHU_EX)))
    d = play(st, hand(st)[0])
    assert attack(d.state, "Slash").state.seats[1].active.damage == 80
    st = modern(side(poke(ZANGOOSE, energy=[FIRE]), hand=[BLACK_BELT]), side(poke(FUECOCO)))
    assert attack(play(st, hand(st)[0]).state, "Slash").state.seats[1].active.damage == 40
    assert card(BLACK_BELT_NO_TEXT).trainer is card(BLACK_BELT).trainer and not card(BLACK_BELT_NO_TEXT).declared


# -- Wondrous Patch, N's PP Up ----------------------------------------------------------------------------

def test_r_trainer_1_wondrous_patch_attaches_psychic_energy_to_a_benched_psychic_pokemon():
    st = modern(side(poke(RIOLU), bench=[poke(RALTS), poke(SKIDDO)], hand=[WONDROUS_PATCH],
                     discard=[FIRE, PSYCHIC]), side(poke(FUECOCO)))
    patch = hand(st)[0]
    ralts, skiddo = (p.top for p in st.seats[0].bench)
    psychic = st.seats[0].discard[1]
    assert offers(st, patch) == [([ralts], {"search": [psychic]})]
    d = play(st, patch, [ralts], search=[psychic])
    assert d.state.seats[0].bench[0].energy == [psychic] and d.state.seats[0].discard == [st.seats[0].discard[0], patch]
    refuse(st, 0, trainer(patch, [skiddo], search=[psychic]), "R-TRAINER-1")
    refuse(st, 0, trainer(patch, [ralts], search=[st.seats[0].discard[0]]), "R-TRAINER-1")
    none = modern(side(poke(RIOLU), bench=[poke(RALTS)], hand=[WONDROUS_PATCH], discard=[FIRE]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="discard pile")


def test_r_trainer_1_ns_pp_up_attaches_basic_energy_to_a_benched_ns_pokemon():
    st = modern(side(poke(RIOLU), bench=[poke(SKIDDO), poke(N_ZORUA)], hand=[NS_PP_UP], discard=[FIRE]),
                side(poke(FUECOCO)))
    pp, fire = hand(st)[0], st.seats[0].discard[0]
    zorua = st.seats[0].bench[1].top
    assert offers(st, pp) == [([zorua], {"search": [fire]})]
    assert play(st, pp, [zorua], search=[fire]).state.seats[0].bench[1].energy == [fire]
    none = modern(side(poke(RIOLU), bench=[poke(SKIDDO)], hand=[NS_PP_UP], discard=[FIRE]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="Benched")


# -- Tools: Hero's Cape, Binding Mochi, Lillie's Pearl -------------------------------------------------------

def test_r_trainer_4_heros_cape_gives_100_hp():
    st = modern(side(poke(RIOLU), hand=[HEROS_CAPE]), side(poke(FUECOCO)))
    riolu = st.seats[0].active
    d = play(st, hand(st)[0], [riolu.top])
    assert d.state.hp(d.state.seats[0].active) == 170


def test_r_damage_1_binding_mochi_adds_40_while_poisoned():
    for conditions, damage in ((["poisoned"], 80), ([], 40)):
        st = modern(side(poke(ZANGOOSE, energy=[FIRE], conditions=conditions), hand=[BINDING_MOCHI]),
                    side(poke(PIKACHU_EX)))
        d = play(st, hand(st)[0], [st.seats[0].active.top])
        assert attack(d.state, "Slash").state.seats[1].active.damage == damage


def test_r_ko_2_lillies_pearl_gives_one_prize_fewer_for_a_lillies_pokemon():
    for cid, taken in ((LILLIES_COMFEY, 0), (SKIDDO, 1)):
        st = modern(side(poke(cid, damage=30), bench=[poke(RIOLU)], hand=[LILLIES_PEARL]),
                    side(poke(ZANGOOSE, energy=[FIRE]), prizes=6))
        d = play(st, hand(st)[0], [st.seats[0].active.top])
        nxt = act(d.state, 0, {"type": "end_turn"}).state
        ko = attack(nxt, "Slash", seat_no=1)
        assert len(ko.state.seats[1].prizes) == 6 - taken, cid
        if not taken:
            said(ko, "Lillie's Pearl")


# -- Stadiums: Gravity Mountain, N's Castle -------------------------------------------------------------------

def test_r_trainer_3_gravity_mountain_takes_30_hp_from_stage_2_pokemon():
    st = modern(side(poke(MEOWSCARADA), bench=[poke(FLORAGATO)], hand=[GRAVITY_MOUNTAIN]),
                side(poke(GARDEVOIR_EX, damage=290)))
    d = play(st, hand(st)[0])
    assert d.state.hp(d.state.seats[0].active) == 130 and d.state.hp(d.state.seats[0].bench[0]) == 90
    gardevoir = st.seats[1].active.top                  # 310 − 30 = 280 HP, 290 damage: Knocked Out
    assert gardevoir in d.state.seats[1].discard


def test_r_retreat_1_ns_castle_gives_ns_pokemon_no_retreat_cost():
    st = modern(side(poke(N_ZORUA), bench=[poke(FUECOCO)], hand=[NS_CASTLE]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert retreat_cost(d.state, d.state.seats[0].active) == 0
    assert retreat_cost(d.state, d.state.seats[0].bench[0]) == 2


# -- sv7-133 Crispin ------------------------------------------------------------------------------------

def test_r_trainer_1_crispin_puts_one_energy_into_the_hand_and_attaches_the_other():
    st = modern(side(poke(RIOLU), bench=[poke(SKIDDO)], hand=["sv7-133"], deck=[FIRE, FIRE, WATER, SKIDDO]),
                side(poke(FUECOCO)))
    crispin = hand(st)[0]
    fire, fire2, water, skiddo_card = st.seats[0].deck
    riolu, skiddo = st.seats[0].active.top, st.seats[0].bench[0].top
    looking = play(st, crispin).state
    offered = choose_offers(looking)
    assert {"search": [fire]} in offered and {"search": [water, fire], "pokemon": [skiddo]} in offered
    assert all(len(set(o["search"]) & {fire, fire2}) < 2 for o in offered)
    d = choose(looking, search=[fire, water], pokemon=[skiddo])
    assert hand(d.state) == [fire] and d.state.seats[0].bench[0].energy == [water]
    assert d.state.seats[0].deck == [fire2, skiddo_card] and grants(d.narration, 1) == {fire, water}
    assert not d.state.this_turn["energy_attached"]
    refuse(looking, 0, {"type": "choose", "choices": {"search": [fire, fire2], "pokemon": [riolu]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": [fire, water]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    assert hand(choose(looking, search=[water]).state) == [water]


# -- sv5-145 Ciphermaniac's Codebreaking -------------------------------------------------------------------

def test_r_hidden_1_ciphermaniacs_codebreaking_puts_2_cards_on_top_unseen():
    st = modern(side(poke(RIOLU), hand=["sv5-145"], deck=[FIRE, WATER, SKIDDO, PAWMI, GRASS]), side(poke(FUECOCO)))
    fire, water, skiddo, pawmi, grass = deck = st.seats[0].deck[:]
    d = play(st, hand(st)[0])
    looking = d.state
    offered = choose_offers(looking)
    assert {"search": [pawmi, water]} in offered and {"search": [water, pawmi]} in offered and len(offered) == 20
    d2 = choose(looking, search=[pawmi, water])
    assert d2.state.seats[0].deck[:2] == [pawmi, water] and sorted(d2.state.seats[0].deck) == sorted(deck)
    assert hand(d2.state) == [] and grants(d2.narration, 1) == set()
    said(d2, "puts 2 card(s) from it on top, face down")
    names_none_of(read_by(looking, d2, 1), deck)
    refuse(looking, 0, {"type": "choose", "choices": {"search": [pawmi]}}, "R-TRAINER-5")
    refuse(looking, 0, {"type": "choose", "choices": {"search": [pawmi, pawmi]}}, "R-TRAINER-1")


# -- me1-122 Mystery Garden ---------------------------------------------------------------------------------

def _garden(my_hand, bench=(RALTS, RALTS)):
    return modern(side(poke(RALTS), bench=[poke(b) for b in bench], hand=my_hand, deck=[FIRE] * 6),
                  side(poke(FUECOCO)), stadium={"card": "me1-122", "owner": 1})


def test_r_trainer_3_mystery_garden_discards_an_energy_to_draw_up_to_the_psychic_count():
    st = _garden([PSYCHIC, NEMONA])
    psychic, nemona = hand(st)
    uses = [a for a in legal_actions(st, 0) if a["type"] == "use_stadium"]
    assert uses == [{"type": "use_stadium", "choices": {"cards": [psychic]}}]
    d = act(st, 0, uses[0])
    assert psychic in d.state.seats[0].discard and len(hand(d.state)) == 3 and d.state.this_turn["stadium_used"]
    refuse(d.state, 0, {"type": "use_stadium", "choices": {"cards": [hand(d.state)[1]]}}, "R-TRAINER-3")
    refuse(st, 0, {"type": "use_stadium", "choices": {"cards": [nemona]}}, "R-TRAINER-3")
    full = _garden([PSYCHIC, NEMONA, NEMONA, NEMONA])
    refuse(full, 0, {"type": "use_stadium", "choices": {"cards": [hand(full)[0]]}}, "R-TRAINER-3", contains="nothing")
    assert not [a for a in legal_actions(full, 0) if a["type"] == "use_stadium"]
    none = _garden([NEMONA])
    refuse(none, 0, {"type": "use_stadium", "choices": {}}, "R-TRAINER-3", contains="Energy card")


# -- Priority 2 templates: draws with a Prize condition, the discard pile, healing the Active ------------------

@pytest.mark.parametrize(("their_prizes", "drawn"), [(3, 4), (4, 2)])
def test_r_trainer_5_emcees_hype_draws_2_more_when_the_opponent_has_3_or_fewer_prizes(their_prizes, drawn):
    st = modern(side(poke(RIOLU), hand=["sv10-163"]), side(poke(FUECOCO), prizes=their_prizes))
    assert len(hand(play(st, hand(st)[0]).state)) == drawn


@pytest.mark.parametrize(("their_prizes", "drawn"), [(3, 8), (4, 4)])
def test_r_trainer_5_lacey_draws_8_instead_when_the_opponent_has_3_or_fewer_prizes(their_prizes, drawn):
    st = modern(side(poke(RIOLU), hand=["sv7-139", FIRE], deck=[WATER] * 10), side(poke(FUECOCO), prizes=their_prizes))
    assert len(hand(play(st, hand(st)[0]).state)) == drawn


def test_r_trainer_1_max_rod_takes_up_to_5_pokemon_or_basic_energy_from_the_discard_pile():
    st = modern(side(poke(RIOLU), hand=["sv8pt5-116"], discard=[SKIDDO, FIRE, NEMONA, PAWMI]), side(poke(FUECOCO)))
    rod = hand(st)[0]
    skiddo, fire, nemona, pawmi = st.seats[0].discard
    assert ([], {"search": [skiddo, fire, pawmi]}) in offers(st, rod)
    assert all(nemona not in c["search"] for _, c in offers(st, rod))
    d = play(st, rod, search=[skiddo, pawmi])
    assert hand(d.state) == [skiddo, pawmi] and grants(d.narration, 1) >= {skiddo, pawmi}
    refuse(st, 0, trainer(rod, search=[nemona]), "R-TRAINER-1")
    refuse(st, 0, trainer(rod, search=[]), "R-TRAINER-1")
    none = modern(side(poke(RIOLU), hand=["sv8pt5-116"], discard=[NEMONA]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="discard pile")
    assert offers(none, hand(none)[0]) == []


def test_r_trainer_1_energy_recycler_shuffles_basic_energy_into_the_deck():
    st = modern(side(poke(RIOLU), hand=["sv10-164"], discard=[FIRE, WATER], deck=[GRASS]), side(poke(FUECOCO)))
    fire, water = st.seats[0].discard
    d = play(st, hand(st)[0], search=[fire, water])
    assert sorted(d.state.seats[0].deck) == sorted([st.seats[0].deck[0], fire, water]) and hand(d.state) == []


def test_r_trainer_1_cook_heals_the_active_pokemon():
    st = modern(side(poke(RIOLU, damage=50), bench=[poke(SKIDDO, damage=30)], hand=["sv6-147"]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert d.state.seats[0].active.damage == 0 and d.state.seats[0].bench[0].damage == 30
    clean = modern(side(poke(RIOLU), bench=[poke(SKIDDO, damage=30)], hand=["sv6-147"]), side(poke(FUECOCO)))
    refuse(clean, 0, trainer(hand(clean)[0]), "R-TRAINER-1", contains="no damage")
    assert offers(clean, hand(clean)[0]) == []


def test_r_trainer_1_professors_research_discards_the_hand_and_draws_7():
    st = modern(side(poke(RIOLU), hand=["sv4pt5-87", FIRE], deck=[WATER] * 9), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert len(hand(d.state)) == 7 and d.state.seats[0].discard == [hand(st)[1]]     # the Supporter stays beside


def test_r_trainer_1_a_print_without_text_reads_its_names_printed_text():
    for blank, texted in (("me2pt5-256", BOSS), ("me2pt5-192", LILLIE), ("me2pt5-258", CHEREN)):
        assert not card(blank).text and card(blank).trainer_compiled_by == card(texted).trainer_compiled_by
    assert "trainer" in card("me2pt5-182").declared               # Anthea & Concordia: no print has its text


def test_r_status_1_pokemon_center_lady_heals_and_cures():
    st = modern(side(poke(RIOLU, damage=60, conditions=["asleep", "poisoned"]), bench=[poke(SKIDDO)],
                     hand=["me1-123"]), side(poke(FUECOCO)))
    riolu = st.seats[0].active.top
    assert offers(st, hand(st)[0]) == [([riolu], {})]
    d = play(st, hand(st)[0], [riolu])
    assert d.state.seats[0].active.damage == 0 and d.state.seats[0].active.conditions == []
    said(d, "is no longer")
    fine = modern(side(poke(RIOLU), hand=["me1-123"]), side(poke(FUECOCO)))
    refuse(fine, 0, trainer(hand(fine)[0], [fine.seats[0].active.top]), "R-TRAINER-1")


def test_r_trainer_1_clemonts_quick_wit_heals_each_lightning_pokemon():
    st = modern(side(poke(PIKACHU_EX, damage=100), bench=[poke(SKIDDO, damage=20), poke(PAWMI, damage=50)],
                     hand=["sv8-167"]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    me_ = d.state.seats[0]
    assert (me_.active.damage, me_.bench[0].damage, me_.bench[1].damage) == (40, 20, 0)
    none = modern(side(poke(PAWMI), bench=[poke(SKIDDO, damage=20)], hand=["sv8-167"]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="Lightning")
    assert offers(none, hand(none)[0]) == []


def test_r_trainer_1_dragon_elixir_heals_only_an_active_dragon_pokemon():
    st = modern(side(poke(DRAGAPULT_EX, damage=100), hand=["sv8-172"]), side(poke(FUECOCO)))
    assert play(st, hand(st)[0]).state.seats[0].active.damage == 40
    other = modern(side(poke(RIOLU, damage=30), hand=["sv8-172"]), side(poke(FUECOCO)))
    refuse(other, 0, trainer(hand(other)[0]), "R-TRAINER-1", contains="Dragon")


@pytest.mark.parametrize(("coin", "drawn"), [("heads", 4), ("tails", 2)])
def test_r_trainer_1_picnicker_draws_by_a_coin(coin, drawn):
    st = modern(side(poke(RIOLU), hand=["svp-114"]), side(poke(FUECOCO)))
    d = act(st, 0, trainer(hand(st)[0]), coins=[coin])
    assert len(hand(d.state)) == drawn


def test_r_damage_1_occa_berry_takes_60_from_a_fire_attack_then_is_discarded():
    st = modern(side(poke(ZANGOOSE, attached=["sv7-140"]), bench=[poke(SKIDDO)]),
                side(poke(FUECOCO, energy=[FIRE, FIRE, FIRE]), bench=[poke(PAWMI, energy=[LIGHTNING, FIRE])]))
    berry = st.seats[0].active.attached[0]
    nxt = act(st, 0, {"type": "end_turn"}).state
    d = attack(nxt, "Combustion", seat_no=1)
    me_ = d.state.seats[0]
    assert me_.active.damage == 0 and me_.active.attached == [] and berry in me_.discard
    said(d, "Occa Berry −60")
    # not a Fire Pokémon: the Berry stays
    st = modern(side(poke(ZANGOOSE, attached=["sv7-140"])), side(poke(PAWMI, energy=[LIGHTNING, FIRE])))
    d = attack(act(st, 0, {"type": "end_turn"}).state, "Zap Kick", seat_no=1)
    assert d.state.seats[0].active.damage == 20 and d.state.seats[0].active.attached
