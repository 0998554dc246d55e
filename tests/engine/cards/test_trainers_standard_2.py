"""Modern Trainers, second pass (issue 45 items 2–3): the Pokémon Tools (HP, Retreat Cost, the
Technical Machines), the draws to a hand size (Team Rocket's Ariana, Surfer) and the searches
whose description names words of a card's name or any Trainer card (Team Rocket's Transceiver,
TM Machine, Team Rocket's Petrel), ruleset `modern`. Shuffles keep the order (FixedCoins
without a source)."""

import pytest

from projections.tcg.actions import retreat_cost
from projections.tcg.carddb import card
from projections.tcg.cards.compiler.trainers import compile_trainer, fits_of
from projections.tcg.legal import legal_actions
from tests.engine.cards.fixtures import hand, modern, trainer

from .fixtures import act, choose_offers, play, poke, printed, refuse, said
from .fixtures import modern_side as side

GRASS, FIRE, WATER, FIGHTING = "sve-1", "sve-2", "sve-3", "sve-6"
FUECOCO, RIOLU, ZANGOOSE, PAWMI, SKIDDO = "sv1-36", "sv1-112", "sv1-146", "sv1-74", "sv1-11"
NEMONA = "sv1-180"
CYNTHIAS_GIBLE, TR_TAROUNTULA, TR_EXEGGCUTE = "me2pt5-109", "me2pt5-18", "me2pt5-77"
AIR_BALLOON, CYNTHIAS_WEIGHT, TM_CRISIS_PUNCH, TM_FLUORITE = "me1-166", "sv10-162", "sv4pt5-90", "sv8-188"
SURFER, ARIANA, PETREL, TRANSCEIVER, TM_MACHINE = "sv8-187", "sv10-171", "sv10-176", "sv10-178", "sv10-181"
HEROS_CAPE = "sv5-152"
IRIS, MORTY, DRASNA = "sv9-149", "sv5-155", "sv8-173"
ETHANS_ADVENTURE, ETHANS_SLUGMA, ETHANS_MAGCARGO = "sv10-165", "me2pt5-23", "me2pt5-24"
CYCLONE = "sv6-162"
TECHNO_RADAR, IRON_MOTH, IRON_BUNDLE = "sv8pt5-130", "sv4-28", "sv4-56"
LIVELY, FULL_METAL_LAB, GRANITE_CAVE, POSTWICK = "sv8-180", "sv5-148", "sv10-166", "sv9-154"
STEVENS_SKARMORY, SKARMORY, HOPS_SILICOBRA = "sv10-142", "sv10-141", "sv9-86"
LIGHT_BALL, BRAVE_BANGLE, THICK_SCALE, RIGID_BAND, DEFIANCE_VEST = (
    "me2pt5-191", "rsv10pt5-80", "me2pt5-211", "sv3pt5-165", "sv4-162")
PIKACHU_EX, DRATINI = "sv2-63", "sv3-157"
BILLY, CALL_BELL, SUPER_POTION = "sv9-142", "sv8-165", "sv9-158"
SANDWICH, ARVENS_TOEDSCOOL, DRUM, SCREAM_TAIL, LASER = "sv10-161", "sv10-109", "sv5-141", "sv4-86", "sv6pt5-58"
BIANCA, LISIA, HAMMER, JET_ENERGY, FLORAGATO = "sv5-142", "sv8-179", "sv6-148", "sv2-190", "sv1-14"


def end_turn(state, seat_no=0):
    return act(state, seat_no, {"type": "end_turn"})


# -- the compiler -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("cid", "template"), [
    (AIR_BALLOON, "trainer_tool_retreat_less"), ("me2pt5-181", "trainer_tool_retreat_less"),
    ("zsv10pt5-79", "trainer_tool_retreat_less"), (CYNTHIAS_WEIGHT, "trainer_tool_hp"),
    (TM_CRISIS_PUNCH, "trainer_technical_machine"), (TM_FLUORITE, "trainer_technical_machine"),
    ("sv4-176", "trainer_technical_machine"), ("sv4-177", "trainer_technical_machine"),
    ("sv4-178", "trainer_technical_machine"), ("sv4-179", "trainer_technical_machine"),
    (ARIANA, "trainer_draw_until"), ("me2pt5-202", "trainer_draw_until"), (SURFER, "trainer_switch_draw_until"),
    ("me2pt5-200", "trainer_switch_draw_until"), (PETREL, "trainer_search"), ("me2pt5-207", "trainer_search"),
    (TRANSCEIVER, "trainer_search"), ("me2pt5-209", "trainer_search"), (TM_MACHINE, "trainer_search"),
    (IRIS, "trainer_discard_then_draw"), ("me2pt5-190", "trainer_discard_then_draw"),
    (MORTY, "trainer_discard_then_draw"), (DRASNA, "trainer_shuffle_hand_coin_draw"),
    ("sv8-231", "trainer_shuffle_hand_coin_draw"), (BIANCA, "trainer_heal_all_low_hp"),
    (LISIA, "trainer_gust_basic_confuse"), (HAMMER, "trainer_special_energy_removal"),
    ("sv6-224", "trainer_special_energy_removal"), (ETHANS_ADVENTURE, "trainer_search"),
    (CYCLONE, "trainer_scoop_to_hand"), (SANDWICH, "trainer_heal_active_owner_more"),
    (DRUM, "trainer_draw_per_tagged"), (TECHNO_RADAR, "trainer_discard_then_search"),
    ("sv4-180", "trainer_discard_then_search"), (LASER, "trainer_active_conditions"),
    ("sv8pt5-128", "trainer_scoop_to_hand"), (LIVELY, "trainer_stadium_hp"),
    (FULL_METAL_LAB, "trainer_stadium_less_damage"), (GRANITE_CAVE, "trainer_stadium_less_damage"),
    (POSTWICK, "trainer_stadium_more_damage"), (LIGHT_BALL, "trainer_tool_more_damage_to_ex"),
    (BRAVE_BANGLE, "trainer_tool_more_damage_to_ex"), (BILLY, "trainer_draw_then_if_hand"),
    (CALL_BELL, "trainer_second_player_first_turn_search"), (SUPER_POTION, "trainer_heal_discard_energy"),
    (THICK_SCALE, "trainer_tool_less_damage"),
    (RIGID_BAND, "trainer_tool_less_damage"), (DEFIANCE_VEST, "trainer_tool_less_damage"),
    ("sv10-236", "trainer_search")])
def test_r_trainer_1_second_pass_trainers_compile_from_their_printed_text(cid, template):
    c = card(cid)
    assert c.trainer_compiled_by == (template,) and "trainer" not in c.declared


def test_r_trainer_1_hand_encoded_tools_keep_their_class():
    assert card(HEROS_CAPE).trainer_compiled_by == ()            # "gets +100 HP", hand-encoded first


def test_r_hidden_1_fits_of_reads_an_owners_pokemon():
    f = fits_of("Ethan's Pokémon")
    assert f is not None and f(card(ETHANS_SLUGMA)) and not f(card(FUECOCO))
    basic = fits_of("Basic Ethan's Pokémon")
    assert basic is not None and basic(card(ETHANS_SLUGMA)) and not basic(card(ETHANS_MAGCARGO))
    fire = fits_of("Ethan's Fire Pokémon")
    assert fire is not None and fire(card(ETHANS_SLUGMA)) and not fire(card(FUECOCO))


def test_r_hidden_1_fits_of_reads_names_and_any_trainer():
    f = fits_of('Supporter card that has "Team Rocket" in its name')
    assert f is not None and f(card(ARIANA)) and not f(card(NEMONA)) and not f(card(TRANSCEIVER))
    tm = fits_of('Pokémon Tool cards that have "Technical Machine" in their name')
    assert tm is not None and tm(card(TM_FLUORITE)) and not tm(card(AIR_BALLOON))
    any_trainer = fits_of("Trainer card")
    assert any_trainer is not None and all(any_trainer(card(i)) for i in (NEMONA, AIR_BALLOON, TM_FLUORITE))
    assert not any_trainer(card(FIRE)) and not any_trainer(card(RIOLU))
    # the number must agree: "cards … in its name", "card … in their name" are not read
    assert fits_of('Supporter cards that has "Team Rocket" in its name') is None
    assert fits_of('Supporter card that have "Team Rocket" in their name') is None
    assert fits_of('card that has "Team Rocket" in its name') is None


TOOL = " You may attach any number of Pokémon Tools to your Pokémon during your turn. You may attach only 1 " \
       "Pokémon Tool to each Pokémon, and it stays attached."


@pytest.mark.parametrize("text", [
    "The Ancient Pokémon this card is attached to gets +60 HP, recovers from all Special Conditions, and can't be "
    "affected by any Special Conditions. Discard this card at the end of your turn.",   # without the last, it compiles
    "The Pokémon this card is attached to gets -30 HP.",
    "The Retreat Cost of the Pokémon this card is attached to is Colorless more.",
    "The Retreat Cost of the Pokémon this card is attached to is Colorless less. If that Pokémon's remaining HP is "
    "30 or less, it has no Retreat Cost.",
    "As long as the Pokémon this card is attached to is in the Active Spot, the Retreat Cost of both Active Pokémon "
    "is Colorless more.",
    "The Pokémon this card is attached to can use the attack on this card. (You still need the necessary Energy to "
    "use this attack.)",
    "The Pokémon this card is attached to can use the attack on this card. (You still need the necessary Energy to "
    "use this attack.) If this card is attached to 1 of your Pokémon, discard it at the end of your opponent's turn.",
    "Draw cards until you have 5 cards in your hand. If all of your Pokémon in play are Team Rocket's Pokémon, draw "
    "cards until you have 4 cards in your hand instead.",
    "Draw cards until you have 5 cards in your hand. If none of your Pokémon have any Energy attached, draw cards "
    "until you have 7 cards in your hand instead.",
    "Switch your Active Pokémon with 1 of your Benched Pokémon. If you do, draw cards until you have 5 cards in your "
    "hand. Your turn ends.",
    "Switch your Active Team Rocket's Pokémon with 1 of your Benched Team Rocket's Pokémon. If you do, draw cards "
    "until you have 5 cards in your hand.",
    "Search your deck for a Supporter card that has \"Team Rocket\" in its name, reveal them, and put them into your "
    "hand. Then, shuffle your deck.",
    "Search your deck for up to 3 Pokémon Tool cards that has \"Technical Machine\" in its name, reveal them, and "
    "put them into your hand. Then, shuffle your deck.",
    "Search your deck for a card that has \"Team Rocket\" in its name, reveal it, and put it into your hand. Then, "
    "shuffle your deck.",
    "You can use this card only if you discard 2 other cards from your hand. Draw cards until you have 6 cards in "
    "your hand.",
    "You can use this card only if you discard another card from your hand. Draw a card for each of your Benched "
    "Pokémon.",
    "Discard a card from your hand. Draw cards until you have 6 cards in your hand.",
    "Shuffle your hand into your deck. Then, flip a coin. If heads, draw 8 cards.",
    "Shuffle your hand into your deck. Flip a coin. If heads, draw 8 cards. If tails, draw 3 cards.",
    "Heal all damage from 1 of your Pokémon that has 30 HP or less remaining. Your turn ends.",
    "Heal all damage from 1 of your Pokémon ex that has 30 HP or less remaining.",
    "Switch in 1 of your opponent's Benched Basic Pokémon to the Active Spot. If you do, the new Active Pokémon is "
    "now Asleep and Confused.",
    "Switch in 1 of your opponent's Benched Pokémon to the Active Spot. If you do, the new Active Pokémon is now "
    "Confused.",
    "Discard a Special Energy from each of your opponent's Pokémon.",
    "Discard an Energy from 1 of your opponent's Pokémon.",
    "Put 1 of your Pokémon into your hand.",
    "Heal 30 damage from your Active Pokémon. If that Pokémon is an Arven's Pokémon, heal 10 damage from it instead.",
    "Heal 30 damage from your Active Pokémon. If that Pokémon is a Grass Pokémon, heal 100 damage from it instead.",
    "Draw a card for each of your Benched Pokémon.",
    "Each Basic Pokémon in play (both yours and your opponent's) gets +30 HP. Each Stage 2 Pokémon gets -30 HP.",
    "Each of your Basic Pokémon in play gets +30 HP.",
    "Draw 2 cards. Then, if you have 10 or more cards in your hand, draw 2 more cards. Your turn ends.",
    "Draw 2 cards. Then, if you have 10 or more cards in your hand, discard 2 cards.",
    "Heal 60 damage from 1 of your Pokémon. If you healed any damage in this way, discard 2 Energy from that Pokémon.",
    "You can use this card only if you go first, and only during your first turn. Search your deck for a Supporter "
    "card, reveal it, and put it into your hand. Then, shuffle your deck.",
    "You can use this card only if you go second, and only during your first turn. Put an Energy attached to 1 of "
    "your opponent's Pokémon into their hand.",
    "The Pokémon this card is attached to takes 30 less damage from attacks from your opponent's Pokémon that have an "
    "Ability (after applying Weakness and Resistance).",
    "The dragon Pokémon this card is attached to takes 50 less damage from attacks from your opponent's grass, fire, "
    "sparkly, or lightning Pokémon (after applying Weakness and Resistance).",
    "If you have more Prize cards remaining than your opponent, The Pokémon this card is attached to takes 40 less "
    "damage from attacks from your opponent's Pokémon (after applying Weakness and Resistance).",
    "Attacks used by the Pikachu ex this card is attached to do 50 more damage to your opponent's Active Pokémon "
    "(before applying Weakness and Resistance).",
    "If the Pokémon this card is attached to doesn't have a Rule Box, the attacks it uses do 30 more damage to your "
    "opponent's Benched Pokémon ex.",
    "Metal Pokémon (both yours and your opponent's) take 30 less damage from attacks from the opponent's Pokémon.",
    "Metal Pokémon ex (both yours and your opponent's) take 30 less damage from attacks from the opponent's Pokémon "
    "(after applying Weakness and Resistance).",
    "Attacks used by Hop's Pokémon (both yours and your opponent's) do 30 more damage to the opponent's Benched "
    "Pokémon (before applying Weakness and Resistance).",
    "You can use this card only if you discard another card from your hand. Search your deck for up to 2 Future "
    "Pokémon and put them onto your Bench. Then, shuffle your deck.",
    "You can use this card only if you discard another card from your hand. Search your deck for up to 2 Fossil "
    "cards, reveal them, and put them into your hand. Then, shuffle your deck.",
    "Draw a card for each of your Ancient Pokémon in play. Your turn ends.",
    "Your opponent's Active Pokémon is now Burned and Confused and Poisoned.",
    "Your Active Pokémon is now Burned and Confused.",
    "Put 1 of your Pokémon and all attached cards into your hand. Discard your hand.",
    "Search your deck for a in any combination of Ethan's Pokémon and Basic Fire Energy cards, reveal it, and put it "
    "into your hand. Then, shuffle your deck.",
    "Search your deck for up to 3 in any combination of Ethan's Pokémon and Energy, reveal them, and put them into "
    "your hand. Then, shuffle your deck.",
    "Search your deck for a Mega Evolution Ethan's Pokémon ex, reveal it, and put it into your hand. Then, shuffle "
    "your deck.",
])
def test_r_trainer_1_second_pass_near_miss_wordings_stay_declared(text):
    assert compile_trainer(printed(text + TOOL, "tool")) is None


# -- Pokémon Tools -------------------------------------------------------------------------------------

def test_r_retreat_1_air_balloon_takes_2_colorless_off_the_retreat_cost():
    st = modern(side(poke(FUECOCO), bench=[poke(RIOLU)], hand=[AIR_BALLOON] * 3), side(poke(FUECOCO)))
    fuecoco, riolu = st.seats[0].active, st.seats[0].bench[0]
    d = play(st, hand(st)[0], [fuecoco.top])
    assert retreat_cost(d.state, d.state.seats[0].active) == 0          # 2 − 2
    d2 = play(d.state, hand(d.state)[0], [riolu.top])
    assert retreat_cost(d2.state, d2.state.seats[0].bench[0]) == 0      # 1 − 2: never below 0
    refuse(d2.state, 0, trainer(hand(d2.state)[0], [fuecoco.top]), "R-TRAINER-4")   # one Tool per Pokémon


def test_r_trainer_4_cynthias_power_weight_gives_70_hp_to_a_cynthias_pokemon_only():
    st = modern(side(poke(CYNTHIAS_GIBLE), bench=[poke(RIOLU)], hand=[CYNTHIAS_WEIGHT, CYNTHIAS_WEIGHT]),
                side(poke(FUECOCO)))
    gible, riolu = st.seats[0].active, st.seats[0].bench[0]
    d = play(st, hand(st)[0], [gible.top])
    assert d.state.hp(d.state.seats[0].active) == 70 + 70
    d2 = play(d.state, hand(d.state)[0], [riolu.top])                   # any Pokémon may hold it: no HP
    assert d2.state.hp(d2.state.seats[0].bench[0]) == 70


def test_r_trainer_4_a_technical_machine_gives_its_attack_and_is_discarded_at_the_end_of_the_turn():
    st = modern(side(poke(ZANGOOSE, energy=[FIRE, FIRE, FIRE]), hand=[TM_CRISIS_PUNCH]),
                side(poke(FUECOCO), prizes=1))
    tm = hand(st)[0]
    d = play(st, tm, [st.seats[0].active.top])
    assert tm in d.state.seats[0].active.attached
    attacks = {a["attack"] for a in legal_actions(d.state, 0) if a["type"] == "attack"}
    assert {"Slash", "Crisis Punch"} <= attacks
    nxt = end_turn(d.state)
    assert tm in nxt.state.seats[0].discard and tm not in nxt.state.seats[0].active.attached
    said(nxt, "Technical Machine: Crisis Punch attached to Zangoose is discarded at the end of the turn.")


def test_r_trainer_4_a_technical_machine_stays_through_the_opponents_turn_end():
    # the opponent's turn ending does not discard it: only the end of its own player's turn
    st = modern(side(poke(FUECOCO)), side(poke(ZANGOOSE, attached=[TM_CRISIS_PUNCH])), seat_to_act=1)
    tm = st.seats[0].active.attached[0]
    nxt = end_turn(st, 1)
    assert tm in nxt.state.seats[0].active.attached


# -- draws to a hand size ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("mine", "size"), [([TR_TAROUNTULA], 8), ([TR_TAROUNTULA, TR_EXEGGCUTE], 8),
                                             ([TR_TAROUNTULA, RIOLU], 5), ([RIOLU], 5)])
def test_r_trainer_5_team_rockets_ariana_draws_to_5_or_8_with_only_team_rockets_pokemon(mine, size):
    st = modern(side(poke(mine[0]), bench=[poke(i) for i in mine[1:]], hand=[ARIANA, FIRE], deck=[WATER] * 10),
                side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert len(hand(d.state)) == size
    said(d, f"draws {size - 1} card(s)")


def test_r_trainer_1_team_rockets_ariana_is_refused_when_it_would_draw_nothing():
    st = modern(side(poke(RIOLU), hand=[ARIANA] + [FIRE] * 5), side(poke(FUECOCO)))
    refuse(st, 0, trainer(hand(st)[0]), "R-TRAINER-1", contains="would draw nothing")
    assert not [a for a in legal_actions(st, 0) if a.get("card") == hand(st)[0]]
    short = modern(side(poke(RIOLU), hand=[ARIANA], deck=[WATER, WATER]), side(poke(FUECOCO)))
    d = play(short, hand(short)[0])                                        # a short deck: what it holds
    assert len(hand(d.state)) == 2 and d.state.seats[0].deck == []


def test_r_retreat_6_surfer_switches_then_draws_to_5():
    st = modern(side(poke(RIOLU, conditions=["asleep"]), bench=[poke(PAWMI)], hand=[SURFER, FIRE]),
                side(poke(FUECOCO)))
    riolu, pawmi = st.seats[0].active.top, st.seats[0].bench[0].top
    d = play(st, hand(st)[0], [pawmi])
    me = d.state.seats[0]
    assert me.active.top == pawmi and me.bench[0].top == riolu and me.bench[0].conditions == []
    assert len(me.hand) == 5 and d.state.this_turn["supporter_played"]
    full = modern(side(poke(RIOLU), bench=[poke(PAWMI)], hand=[SURFER] + [FIRE] * 6), side(poke(FUECOCO)))
    d2 = play(full, hand(full)[0], [full.seats[0].bench[0].top])            # switches, draws none
    assert d2.state.seats[0].active.top == full.seats[0].bench[0].top and len(hand(d2.state)) == 6
    alone = modern(side(poke(RIOLU), hand=[SURFER]), side(poke(FUECOCO)))
    refuse(alone, 0, trainer(hand(alone)[0]), "R-TRAINER-1", contains="no Benched")


# -- searches: names and any Trainer ----------------------------------------------------------------------

def test_r_trainer_5_team_rockets_transceiver_takes_a_team_rocket_supporter():
    st = modern(side(poke(RIOLU), hand=[TRANSCEIVER], deck=[NEMONA, ARIANA, TRANSCEIVER, PETREL]),
                side(poke(FUECOCO)))
    nemona, ariana, transceiver, petrel = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    assert sorted(tuple(o["search"]) for o in choose_offers(looking)) == sorted([(ariana,), (petrel,)])
    for bad in ([nemona], [transceiver], [ariana, petrel]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")   # one is there: taken
    assert hand(act(looking, 0, {"type": "choose", "choices": {"search": [petrel]}}).state) == [petrel]


def test_r_trainer_5_tm_machine_takes_up_to_3_technical_machines():
    st = modern(side(poke(RIOLU), hand=[TM_MACHINE], deck=[TM_FLUORITE, AIR_BALLOON, TM_CRISIS_PUNCH, "sv4-176",
                                                            "sv4-177"]), side(poke(FUECOCO)))
    fluorite, balloon, punch, blind, devo = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    offered = choose_offers(looking)
    assert all(balloon not in o["search"] for o in offered) and max(len(o["search"]) for o in offered) == 3
    refuse(looking, 0, {"type": "choose", "choices": {"search": [fluorite, punch, blind, devo]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": [balloon]}}, "R-TRAINER-1")
    got = act(looking, 0, {"type": "choose", "choices": {"search": [fluorite, devo]}}).state
    assert sorted(hand(got)) == sorted([fluorite, devo])


def test_r_trainer_1_team_rockets_petrel_takes_any_trainer_card():
    st = modern(side(poke(RIOLU), hand=[PETREL], deck=[FIRE, SKIDDO, TM_FLUORITE, NEMONA]), side(poke(FUECOCO)))
    fire, skiddo, tm, nemona = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    assert sorted(tuple(o["search"]) for o in choose_offers(looking)) == sorted([(tm,), (nemona,)])
    refuse(looking, 0, {"type": "choose", "choices": {"search": [fire]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": [skiddo]}}, "R-TRAINER-1")
    assert hand(act(looking, 0, {"type": "choose", "choices": {"search": [tm]}}).state) == [tm]


# -- a discard first, then a draw; a shuffle, then a coin ---------------------------------------------------

def test_r_trainer_5_iris_discards_another_card_then_draws_to_6():
    st = modern(side(poke(RIOLU), hand=[IRIS, FIRE, WATER], deck=[GRASS] * 10), side(poke(FUECOCO)))
    iris, fire, water = hand(st)
    offered = [a["choices"] for a in legal_actions(st, 0) if a.get("card") == iris]
    assert offered == [{"cards": [fire]}, {"cards": [water]}]
    d = play(st, iris, cards=[water])
    assert water in d.state.seats[0].discard and len(hand(d.state)) == 6 and fire in hand(d.state)
    said(d, "draws 5 card(s)")
    refuse(st, 0, trainer(iris), "R-TRAINER-1")                                  # the discard not named
    refuse(st, 0, trainer(iris, cards=[iris]), "R-TRAINER-1")                    # not the card itself
    alone = modern(side(poke(RIOLU), hand=[IRIS]), side(poke(FUECOCO)))
    refuse(alone, 0, trainer(hand(alone)[0]), "R-TRAINER-1", contains="other card")
    full = modern(side(poke(RIOLU), hand=[IRIS] + [FIRE] * 7), side(poke(FUECOCO)))   # 6 left after the discard
    refuse(full, 0, trainer(hand(full)[0], cards=[hand(full)[1]]), "R-TRAINER-1", contains="would draw nothing")
    assert not [a for a in legal_actions(full, 0) if a.get("card") == hand(full)[0]]


def test_r_trainer_5_morty_discards_then_draws_one_per_opponent_benched_pokemon():
    st = modern(side(poke(RIOLU), hand=[MORTY, FIRE], deck=[GRASS] * 10),
                side(poke(FUECOCO), bench=[poke(PAWMI), poke(SKIDDO), poke(RIOLU)]))
    d = play(st, hand(st)[0], cards=[hand(st)[1]])
    assert len(hand(d.state)) == 3
    none = modern(side(poke(RIOLU), hand=[MORTY, FIRE]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0], cards=[hand(none)[1]]), "R-TRAINER-1", contains="no Benched")


@pytest.mark.parametrize(("coin", "drawn"), [(True, 8), (False, 3)])
def test_r_trainer_5_drasna_shuffles_the_hand_in_then_draws_by_a_coin(coin, drawn):
    st = modern(side(poke(RIOLU), hand=[DRASNA, FIRE, WATER], deck=[GRASS] * 10), side(poke(FUECOCO)))
    d = act(st, 0, trainer(hand(st)[0]), coins=[coin])
    assert len(hand(d.state)) == drawn and len(d.state.seats[0].deck) == 12 - drawn
    said(d, f"shuffles 2 card(s) from the hand into the deck and draws {drawn} card(s)")


# -- Bianca's Devotion, Lisia's Appeal, Enhanced Hammer ------------------------------------------------------

def test_r_trainer_1_biancas_devotion_heals_all_damage_from_a_pokemon_with_30_hp_or_less_left():
    st = modern(side(poke(RIOLU, damage=40), bench=[poke(FUECOCO, damage=50), poke(PAWMI, damage=10)],
                     hand=[BIANCA]), side(poke(FUECOCO)))
    riolu, fuecoco, pawmi = st.seats[0].active.top, st.seats[0].bench[0].top, st.seats[0].bench[1].top
    bianca = hand(st)[0]
    offered = sorted(a["targets"][0] for a in legal_actions(st, 0) if a.get("card") == bianca)
    assert offered == sorted([riolu, fuecoco])                          # 70−40 = 30, 80−50 = 30; Pawmi 50 left
    d = play(st, bianca, [fuecoco])
    assert d.state.seats[0].bench[0].damage == 0
    refuse(st, 0, trainer(bianca, [pawmi]), "R-TRAINER-1")
    none = modern(side(poke(RIOLU, damage=30), hand=[BIANCA]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="30 HP or less")


def test_r_retreat_6_lisias_appeal_brings_in_a_benched_basic_and_confuses_it():
    st = modern(side(poke(RIOLU), hand=[LISIA]), side(poke(FUECOCO), bench=[poke(PAWMI), poke(FLORAGATO)]))
    pawmi, floragato = st.seats[1].bench[0].top, st.seats[1].bench[1].top
    lisia = hand(st)[0]
    assert [a["targets"] for a in legal_actions(st, 0) if a.get("card") == lisia] == [[pawmi]]
    d = play(st, lisia, [pawmi])
    them = d.state.seats[1]
    assert them.active.top == pawmi and them.active.conditions == ["confused"]
    refuse(st, 0, trainer(lisia, [floragato]), "R-TRAINER-1")
    none = modern(side(poke(RIOLU), hand=[LISIA]), side(poke(FUECOCO), bench=[poke(FLORAGATO)]))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="Basic")


def test_r_trainer_1_enhanced_hammer_discards_a_special_energy_only():
    st = modern(side(poke(RIOLU), hand=[HAMMER]),
                side(poke(FUECOCO, energy=[FIRE, JET_ENERGY]), bench=[poke(PAWMI, energy=[FIRE])]))
    fire, jet = st.seats[1].active.energy
    hammer = hand(st)[0]
    fuecoco = st.seats[1].active.top
    assert [(a["targets"], a["choices"]) for a in legal_actions(st, 0) if a.get("card") == hammer] == [
        ([fuecoco], {"cards": [jet]})]
    d = play(st, hammer, [fuecoco], cards=[jet])
    assert d.state.seats[1].active.energy == [fire] and jet in d.state.seats[1].discard
    refuse(st, 0, trainer(hammer, [fuecoco], cards=[fire]), "R-TRAINER-1")
    none = modern(side(poke(RIOLU), hand=[HAMMER]), side(poke(FUECOCO, energy=[FIRE])))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="Special Energy")


# -- Ethan's Adventure: up to 3 in any combination ------------------------------------------------------------

def test_r_trainer_5_ethans_adventure_takes_up_to_3_ethans_pokemon_or_basic_fire_energy():
    st = modern(side(poke(RIOLU), hand=[ETHANS_ADVENTURE], deck=[ETHANS_SLUGMA, FUECOCO, FIRE, WATER, ETHANS_MAGCARGO,
                                                                  FIRE]), side(poke(FUECOCO)))
    slugma, fuecoco, fire, water, magcargo, fire2 = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    offered = choose_offers(looking)
    assert all(fuecoco not in o["search"] and water not in o["search"] for o in offered)
    assert max(len(o["search"]) for o in offered) == 3
    refuse(looking, 0, {"type": "choose", "choices": {"search": [slugma, fire, magcargo, fire2]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": [water]}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    got = act(looking, 0, {"type": "choose", "choices": {"search": [slugma, fire, magcargo]}}).state
    assert sorted(hand(got)) == sorted([slugma, fire, magcargo])


# -- Scoop Up Cyclone ---------------------------------------------------------------------------------------

def test_r_trainer_1_scoop_up_cyclone_puts_an_evolved_active_and_its_cards_into_the_hand():
    st = modern(side(poke(FLORAGATO, energy=[GRASS], attached=[AIR_BALLOON], damage=30, conditions=["poisoned"]),
                     bench=[poke(RIOLU)], hand=[CYCLONE]), side(poke(FUECOCO)))
    flora, riolu = st.seats[0].active, st.seats[0].bench[0]
    cyclone = hand(st)[0]
    assert sorted(a["targets"][0] for a in legal_actions(st, 0) if a.get("card") == cyclone) == sorted(
        [flora.top, riolu.top])
    d = play(st, cyclone, [flora.top])
    assert sorted(hand(d.state)) == sorted(flora.all_cards()) and len(hand(d.state)) == 4     # Sprigatito under it
    assert d.state.seats[0].active is None and d.state.phase == "promote"
    said(d, "goes back to Seat 0 (Ana)'s hand with 3 attached card(s)")
    promoted = act(d.state, 0, {"type": "promote", "card": riolu.top})
    assert promoted.state.seats[0].active.top == riolu.top and promoted.state.phase == "main"


def test_r_trainer_1_scoop_up_cyclone_is_refused_on_the_only_pokemon_in_play():
    alone = modern(side(poke(RIOLU), hand=[CYCLONE]), side(poke(FUECOCO), bench=[poke(PAWMI)]))
    refuse(alone, 0, trainer(hand(alone)[0], [alone.seats[0].active.top]), "R-TRAINER-1", contains="only Pokémon")
    assert not [a for a in legal_actions(alone, 0) if a.get("card") == hand(alone)[0]]
    st = modern(side(poke(RIOLU), bench=[poke(SKIDDO)], hand=[CYCLONE]), side(poke(FUECOCO), bench=[poke(PAWMI)]))
    refuse(st, 0, trainer(hand(st)[0], [st.seats[1].bench[0].top]), "R-TRAINER-1")     # not the opponent's


# -- Arven's Sandwich, Awakening Drum, Dangerous Laser ------------------------------------------------------

@pytest.mark.parametrize(("cid", "left"), [(RIOLU, 20), (ARVENS_TOEDSCOOL, 0)])
def test_r_trainer_1_arvens_sandwich_heals_100_from_an_arvens_pokemon(cid, left):
    st = modern(side(poke(cid, damage=50), hand=[SANDWICH]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert d.state.seats[0].active.damage == left
    none = modern(side(poke(cid), bench=[poke(RIOLU, damage=30)], hand=[SANDWICH]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no damage")


def test_r_trainer_5_awakening_drum_draws_one_per_ancient_pokemon():
    st = modern(side(poke(SCREAM_TAIL), bench=[poke(SCREAM_TAIL), poke(RIOLU)], hand=[DRUM]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert len(hand(d.state)) == 2
    said(d, "draws 2 card(s)")
    none = modern(side(poke(RIOLU), hand=[DRUM]), side(poke(SCREAM_TAIL)))           # the opponent's do not count
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="would draw nothing")
    assert not [a for a in legal_actions(none, 0) if a.get("card") == hand(none)[0]]


def test_r_status_7_dangerous_laser_burns_and_confuses_the_opponents_active():
    st = modern(side(poke(RIOLU), hand=[LASER]), side(poke(FUECOCO, conditions=["asleep"]), bench=[poke(PAWMI)]))
    d = play(st, hand(st)[0])
    assert sorted(d.state.seats[1].active.conditions) == ["burned", "confused"]       # Confused replaces Asleep
    assert d.state.seats[1].bench[0].conditions == [] and d.state.seats[0].active.conditions == []


# -- Techno Radar: a discard, then a search ----------------------------------------------------------------

def test_r_hidden_1_techno_radar_discards_a_card_then_takes_up_to_2_future_pokemon():
    st = modern(side(poke(RIOLU), hand=[TECHNO_RADAR, FIRE], deck=[IRON_MOTH, RIOLU, IRON_BUNDLE, SCREAM_TAIL]),
                side(poke(FUECOCO)))
    radar, fire = hand(st)
    moth, riolu, bundle, tail = st.seats[0].deck
    assert [a["choices"] for a in legal_actions(st, 0) if a.get("card") == radar] == [{"cards": [fire]}]
    d = play(st, radar, cards=[fire])
    looking = d.state
    assert fire in looking.seats[0].discard and looking.pending["look"] == [moth, riolu, bundle, tail]
    said(d, "discards")
    assert sorted(tuple(o["search"]) for o in choose_offers(looking)) == sorted(
        [(moth,), (bundle,), tuple(sorted([moth, bundle]))])
    for bad in ([riolu], [tail]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}}, "R-TRAINER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    got = act(looking, 0, {"type": "choose", "choices": {"search": [moth, bundle]}}).state
    assert sorted(hand(got)) == sorted([moth, bundle])
    alone = modern(side(poke(RIOLU), hand=[TECHNO_RADAR]), side(poke(FUECOCO)))
    refuse(alone, 0, trainer(hand(alone)[0]), "R-TRAINER-1", contains="other card")


# -- Stadiums: Lively Stadium, Full Metal Lab, Granite Cave, Postwick ------------------------------------------

def test_r_trainer_3_lively_stadium_gives_30_hp_to_each_basic_pokemon_in_play():
    st = modern(side(poke(RIOLU), bench=[poke(FLORAGATO)], hand=[LIVELY]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    me, them = d.state.seats[0], d.state.seats[1]
    assert d.state.hp(me.active) == 100 and d.state.hp(them.active) == 110 and d.state.hp(me.bench[0]) == 90


def _slash(stadium, target):
    st = modern(side(poke(ZANGOOSE, energy=[FIRE]), hand=[stadium]), side(poke(target)))
    d = play(st, hand(st)[0])
    return act(d.state, 0, {"type": "attack", "attack": "Slash", "choices": {}}).state.seats[1].active.damage


@pytest.mark.parametrize(("stadium", "target", "damage"), [
    (FULL_METAL_LAB, STEVENS_SKARMORY, 10), (FULL_METAL_LAB, SKARMORY, 10), (FULL_METAL_LAB, FUECOCO, 40),
    (GRANITE_CAVE, STEVENS_SKARMORY, 10), (GRANITE_CAVE, SKARMORY, 40), (GRANITE_CAVE, FUECOCO, 40)])
def test_r_damage_1_full_metal_lab_and_granite_cave_take_30_off_the_attack(stadium, target, damage):
    assert _slash(stadium, target) == damage              # the player's own Stadium protects the opponent's too


@pytest.mark.parametrize(("attacker", "attack", "energy", "damage"), [
    (HOPS_SILICOBRA, "Gnaw", [FIGHTING, FIGHTING], 50), (RIOLU, "Jab", [FIGHTING], 10)])
def test_r_damage_1_postwick_adds_30_to_hops_pokemons_attacks(attacker, attack, energy, damage):
    st = modern(side(poke(attacker, energy=energy), hand=[POSTWICK]), side(poke(FUECOCO), bench=[poke(PAWMI)]))
    d = play(st, hand(st)[0])
    hit = act(d.state, 0, {"type": "attack", "attack": attack, "choices": {}}).state
    assert hit.seats[1].active.damage == damage


# -- Tools on damage: Light Ball, Brave Bangle, Thick Scale, Rigid Band, Defiance Vest --------------------------

def _hit(attacker, attack, defender, tool, on_attacker, their_prizes=6, my_prizes=6, energy=(FIRE, FIRE, FIRE)):
    """Seat 0 attaches `tool` to its Active (the attacker or, with on_attacker False, the defender
    waits in seat 0 and seat 1 attacks it); the damage done."""
    if on_attacker:
        st = modern(side(poke(attacker, energy=list(energy), attached=[tool])), side(poke(defender)))
        return act(st, 0, {"type": "attack", "attack": attack, "choices": {}}).state.seats[1].active.damage
    st = modern(side(poke(attacker, energy=list(energy)), prizes=their_prizes),
                side(poke(defender, attached=[tool]), prizes=my_prizes), seat_to_act=1)
    return act(st, 1, {"type": "attack", "attack": attack, "choices": {}}).state.seats[0].active.damage


@pytest.mark.parametrize(("attacker", "attack", "defender", "damage"), [
    (PIKACHU_EX, "Pika Punch", PIKACHU_EX, 80), (PIKACHU_EX, "Pika Punch", FUECOCO, 30),
    (ZANGOOSE, "Slash", PIKACHU_EX, 40)])
def test_r_damage_1_light_ball_adds_50_for_a_pikachu_ex_against_a_pokemon_ex(attacker, attack, defender, damage):
    assert _hit(attacker, attack, defender, LIGHT_BALL, True) == damage


@pytest.mark.parametrize(("attacker", "attack", "defender", "damage"), [
    (ZANGOOSE, "Slash", PIKACHU_EX, 70), (ZANGOOSE, "Slash", FUECOCO, 40), (PIKACHU_EX, "Pika Punch", PIKACHU_EX, 30)])
def test_r_damage_1_brave_bangle_adds_30_without_a_rule_box_against_a_pokemon_ex(attacker, attack, defender, damage):
    assert _hit(attacker, attack, defender, BRAVE_BANGLE, True) == damage


@pytest.mark.parametrize(("tool", "attacker", "attack", "defender", "damage"), [
    (THICK_SCALE, FUECOCO, "Gnaw", DRATINI, 0), (THICK_SCALE, ZANGOOSE, "Slash", DRATINI, 40),
    (THICK_SCALE, FUECOCO, "Gnaw", RIOLU, 10), (RIGID_BAND, ZANGOOSE, "Slash", FLORAGATO, 10),
    (RIGID_BAND, ZANGOOSE, "Slash", RIOLU, 40)])
def test_r_damage_1_thick_scale_and_rigid_band_take_damage_off(tool, attacker, attack, defender, damage):
    assert _hit(attacker, attack, defender, tool, False) == damage


@pytest.mark.parametrize(("my_prizes", "damage"), [(6, 0), (3, 40)])
def test_r_damage_1_defiance_vest_takes_40_off_while_behind_on_prizes(my_prizes, damage):
    assert _hit(ZANGOOSE, "Slash", RIOLU, DEFIANCE_VEST, False, their_prizes=3, my_prizes=my_prizes) == damage


# -- Billy & O'Nare --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("others", "drawn"), [(8, 4), (7, 2), (6, 2)])
def test_r_trainer_5_billy_and_onare_draws_2_more_with_10_cards_after_the_first_draw(others, drawn):
    st = modern(side(poke(RIOLU), hand=[BILLY] + [FIRE] * others, deck=[WATER] * 10), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert len(hand(d.state)) == others + drawn                      # 8 + 2 = 10: 2 more; 7 + 2 = 9: none


# -- Call Bell ---------------------------------------------------------------------------------------------------

def test_r_trainer_1_call_bell_searches_a_supporter_only_on_the_second_players_first_turn():
    st = modern(side(poke(RIOLU), hand=[CALL_BELL], deck=[FIRE, NEMONA, AIR_BALLOON]), side(poke(FUECOCO)), turn=2)
    fire, nemona, balloon = st.seats[0].deck
    looking = play(st, hand(st)[0]).state
    assert choose_offers(looking) == [{"search": [nemona]}]
    assert hand(act(looking, 0, {"type": "choose", "choices": {"search": [nemona]}}).state) == [nemona]
    for turn in (1, 3, 4):
        later = modern(side(poke(RIOLU), hand=[CALL_BELL], deck=[NEMONA]), side(poke(FUECOCO)), turn=turn)
        refuse(later, 0, trainer(hand(later)[0]), "R-TRAINER-1", contains="went second")
        assert not [a for a in legal_actions(later, 0) if a.get("card") == hand(later)[0]]


# -- Super Potion ------------------------------------------------------------------------------------------------

def test_r_trainer_1_super_potion_heals_60_then_discards_an_energy_from_that_pokemon():
    st = modern(side(poke(RIOLU, energy=[FIGHTING, FIRE], damage=60), bench=[poke(PAWMI, damage=10), poke(SKIDDO)],
                     hand=[SUPER_POTION]), side(poke(FUECOCO)))
    riolu, pawmi, skiddo = st.seats[0].active, st.seats[0].bench[0], st.seats[0].bench[1]
    fighting, fire = riolu.energy
    potion = hand(st)[0]
    offered = [(a["targets"], a["choices"]) for a in legal_actions(st, 0) if a.get("card") == potion]
    assert sorted(map(str, offered)) == sorted(map(str, [([riolu.top], {"cards": [fighting]}),
                                                           ([riolu.top], {"cards": [fire]}), ([pawmi.top], {})]))
    d = play(st, potion, [riolu.top], cards=[fire])
    me = d.state.seats[0]
    assert me.active.damage == 0 and me.active.energy == [fighting] and fire in me.discard
    d2 = play(st, potion, [pawmi.top])                                    # no Energy: only the heal
    assert d2.state.seats[0].bench[0].damage == 0
    refuse(st, 0, trainer(potion, [skiddo.top]), "R-TRAINER-1")          # no damage
    refuse(st, 0, trainer(potion, [riolu.top]), "R-TRAINER-1")           # the Energy not named
