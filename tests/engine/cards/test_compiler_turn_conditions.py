"""The compiler's templates of `cards/compiler/turn_conditions.py` (ruleset `modern`): each against
the rules with a real card it compiles (the rule id in the test's name), legal and refused cases,
the turn records they read (`core.MOVED_TO_ACTIVE`, `core.HEALED`: kept for the turn, modern rules
only) and texts that almost match and must not compile."""
import pytest

from projections.tcg.carddb import card
from projections.tcg.cards.compiler import compile_attack
from projections.tcg.core import HEALED, MOVED_TO_ACTIVE, Ctx, heal
from projections.tcg.randomness import FixedCoins

from .fixtures import BASE_GRASS, act, base_board, base_side, end_turn, modern, modern_side, play, poke, refuse, said
from .test_compiler import (
    BRAVERY_CHARM,
    DARKNESS,
    FIGHTING,
    FIRE,
    GRASS,
    LIGHTNING,
    METAL,
    PSYCHIC,
    RAGING_BOLT,
    WATER,
    _attack,
    _attack_def,
    _board,
    _them,
)

KELDEO_EX = "rsv10pt5-30"    # Keldeo ex: Basic Water; Gale Thrust [W][C] 30+
MILTANK = "sv4-147"          # Miltank: Lively Tackle [C][C] 60+
BUNEARY = "me1-107"          # Basic Colorless, 70 HP, Retreat 1
LYCANROC_EX = "sv2-117"      # Stage 1 Fighting, 260 HP (not a Dragon)
SWITCH, POTION, MESAGOZA = "sv1-194", "sv1-188", "sv1-178"


def _compiled(card_id, attack, *templates):
    a = card(card_id).attack(attack)
    assert a.compiled_by == templates and f"attack:{attack}" not in card(card_id).declared, (card_id, a)


def _mine(d):
    return d.state.seats[0]


# -- this turn's records -----------------------------------------------------------------------------

def test_r_damage_1_more_if_moved_to_active_keldeo_ex_gale_thrust_after_a_switch():
    _compiled(KELDEO_EX, "Gale Thrust", "more_if_this_turn")
    _compiled("sv6pt5-15", "Accelerator Flash", "more_if_this_turn")       # Revavroom ex, a Stage 1
    st = modern(modern_side(poke(BUNEARY), bench=[poke(KELDEO_EX, [WATER, WATER])], hand=[SWITCH]),
                modern_side(poke(RAGING_BOLT)))
    keldeo = st.seats[0].bench[0]
    switched = play(st, st.seats[0].hand[0], [keldeo.top]).state
    assert switched.this_turn[MOVED_TO_ACTIVE] == [keldeo.stack[0]]
    d = _attack(switched, "Gale Thrust")
    assert _them(d).active.damage == 30 + 90
    assert MOVED_TO_ACTIVE not in d.state.this_turn                        # gone with the turn


def test_r_damage_1_more_if_moved_to_active_not_when_it_started_the_turn_active():
    d = _attack(_board(KELDEO_EX, "Gale Thrust"), "Gale Thrust")
    assert _them(d).active.damage == 30 and MOVED_TO_ACTIVE not in d.state.this_turn


def test_the_older_eras_keep_no_record_of_a_retreat():
    st = base_board(base_side(poke("base1-44", [BASE_GRASS]), bench=[poke("base1-69")]), base_side(poke("base1-69")))
    d = act(st, 0, {"type": "retreat", "to": st.seats[0].bench[0].top, "discard": [st.seats[0].active.energy[0]]})
    assert d.state.seats[0].active.top == st.seats[0].bench[0].top and MOVED_TO_ACTIVE not in d.state.this_turn


def test_r_damage_1_more_if_healed_this_turn_miltank_lively_tackle_after_a_potion():
    _compiled(MILTANK, "Lively Tackle", "more_if_this_turn")
    st = _board(MILTANK, "Lively Tackle", damage=50, hand=[POTION])
    assert _them(_attack(st, "Lively Tackle")).active.damage == 60
    healed = play(st, st.seats[0].hand[0], [st.seats[0].active.top]).state
    assert healed.this_turn[HEALED] == [st.seats[0].active.stack[0]]
    assert _them(_attack(healed, "Lively Tackle")).active.damage == 60 + 90


# -- "If <condition>, this attack does nothing." -----------------------------------------------------

def test_r_attack_3_does_nothing_without_a_stadium_fan_rotom_assault_landing():
    _compiled("sv7-118", "Assault Landing", "does_nothing_if")
    d = _attack(_board("sv7-118", "Assault Landing"), "Assault Landing")
    assert _them(d).active.damage == 0
    said(d, "Assault Landing does nothing")
    st = _board("sv7-118", "Assault Landing")
    st.stadium = {"card": "0:stadium", "owner": 1}
    st.instances["0:stadium"] = MESAGOZA
    assert _them(_attack(st, "Assault Landing")).active.damage == 70


def test_r_attack_3_does_nothing_unless_exactly_3_cards_in_hand_alolan_dugtrio():
    _compiled("sv8-123", "Trio-Cheehoo", "does_nothing_if")
    _compiled("me2pt5-104", "Seventh Kick", "does_nothing_if")
    assert _them(_attack(_board("sv8-123", "Trio-Cheehoo", hand=[GRASS] * 3), "Trio-Cheehoo")).active.damage == 120
    assert _them(_attack(_board("sv8-123", "Trio-Cheehoo", hand=[GRASS] * 2), "Trio-Cheehoo")).active.damage == 0


def test_r_attack_3_does_nothing_on_an_undamaged_defender_lycanroc_finishing_fang():
    _compiled("sv3-117", "Finishing Fang", "does_nothing_if")
    assert _them(_attack(_board("sv3-117", "Finishing Fang"), "Finishing Fang")).active.damage == 0
    d = _attack(_board("sv3-117", "Finishing Fang", their_damage=10), "Finishing Fang")
    assert _them(d).active.damage == 10 + 90


def test_r_attack_3_the_other_conditions_compile_to_does_nothing():
    _compiled("zsv10pt5-12", "V-Force", "does_nothing_if")                  # 4 or fewer Benched Pokémon
    _compiled("sv5-37", "Charring Breath", "does_nothing_if")               # isn't Burned
    _compiled("sv9-138", "Fickle Spitting", "does_nothing_if")              # exactly 3 or 4 Prize cards
    _compiled("sv7-71", "Adjusted Horn", "does_nothing_if")                 # the same number of cards in hand
    _compiled("rsv10pt5-49", "Rising Chop", "does_nothing_if", "damage_ignores")   # isn't a Pokémon ex
    st = _board("sv9-138", "Fickle Spitting", their_prizes=4)
    assert _them(_attack(st, "Fickle Spitting")).active.damage == 120
    st = _board("sv9-138", "Fickle Spitting", their_prizes=5)
    assert _them(_attack(st, "Fickle Spitting")).active.damage == 0


# -- what lasts while it stays Active ----------------------------------------------------------------

def test_r_attack_1_cant_use_again_until_it_leaves_the_active_spot_gouging_fire_ex_blaze_blitz():
    _compiled("sv5-38", "Blaze Blitz", "cant_use_again_until_leaves_active")
    st = _board("sv5-38", "Blaze Blitz", energy=[FIRE, FIRE, FIRE], bench=[BUNEARY], hand=[SWITCH, SWITCH],
                their_tools=[BRAVERY_CHARM])                                 # 290 HP: not Knocked Out
    d = _attack(st, "Blaze Blitz")
    assert [(e["kind"], e["until_turn"], e["attack"]) for e in _mine(d).active.effects] == [
        ("attack_blocked", None, "Blaze Blitz")]
    later = end_turn(d.state)                                               # the attack ended the turn
    refuse(later, 0, {"type": "attack", "attack": "Blaze Blitz", "choices": {}}, "R-ATTACK-1", "Blaze Blitz")
    _attack(later, "Heat Blast")                                            # its other attack
    gouging = later.seats[0].active.top
    out = play(later, later.seats[0].hand[0], [later.seats[0].bench[0].top]).state
    back = play(out, out.seats[0].hand[0], [gouging]).state
    assert back.seats[0].active.effects == []
    _attack(back, "Blaze Blitz")


# -- heals -----------------------------------------------------------------------------------------

def test_r_damage_3_heal_damage_done_golbat_leech_life():
    _compiled("sv4-111", "Leech Life", "heal_damage_done")
    d = _attack(_board("sv4-111", "Leech Life", damage=50), "Leech Life")
    assert _mine(d).active.damage == 50 - 30 and _them(d).active.damage == 30


def test_r_damage_3_heal_chosen_own_smoliv_nutrients_needs_a_choice_among_several():
    _compiled("sv1-21", "Nutrients", "heal_chosen_own")
    st = _board("sv1-21", "Nutrients", bench=[BUNEARY], bench_damage=50)
    refuse(st, 0, {"type": "attack", "attack": "Nutrients", "choices": {}}, "R-ATTACK-2")
    benched = st.seats[0].bench[0]
    d = _attack(st, "Nutrients", pokemon=[benched.top])
    assert _mine(d).bench[0].damage == 50 - 30
    alone = _attack(_board("sv1-21", "Nutrients", damage=40), "Nutrients")          # the only one: itself
    assert _mine(alone).active.damage == 10
    ctx = Ctx(st, FixedCoins([]), 0)
    assert heal(ctx, st.seats[0].active, 30) == 0 and HEALED not in st.this_turn           # nothing healed
    assert heal(ctx, benched, 30) == 30 and st.this_turn[HEALED] == [benched.stack[0]]


def test_r_damage_3_heal_chosen_own_benched_of_a_type_or_ancient_only():
    _compiled("me2-40", "Soothing Melody", "heal_chosen_own")
    _compiled("mep-26", "Soothing Melody", "heal_chosen_own")             # "psychic"
    _compiled("sv5-77", "Supportive Singing", "heal_chosen_own")          # Ancient
    _compiled("sv3-21", "Healing Fruit", "heal_chosen_own")                # all damage
    st = _board("me2-40", "Soothing Melody", damage=30, bench=[BUNEARY, "sv5-77"], bench_damage=60)
    refuse(st, 0, {"type": "attack", "attack": "Soothing Melody", "choices": {"pokemon": [st.seats[0].bench[0].top]}},
           "R-ATTACK-2")
    d = _attack(st, "Soothing Melody")                                      # the only Benched Psychic Pokémon
    assert [p.damage for p in _mine(d).bench] == [60, 0] and _mine(d).active.damage == 30
    st = _board("sv5-77", "Supportive Singing", bench=[KELDEO_EX, "sv5-38"], bench_damage=120)
    assert [p.damage for p in _mine(_attack(st, "Supportive Singing")).bench] == [120, 20]


def test_r_damage_3_heal_each_basic_leavanny_healing_wrapping():
    _compiled("rsv10pt5-3", "Healing Wrapping", "heal_each_basic_or_benched")
    _compiled("sv8pt5-6", "Moss Agate", "heal_each_basic_or_benched")     # each Benched Pokémon
    st = _board("rsv10pt5-3", "Healing Wrapping", damage=100, bench=[KELDEO_EX, LYCANROC_EX], bench_damage=150)
    d = _attack(st, "Healing Wrapping")                                     # Leavanny: a Stage 2
    assert _mine(d).active.damage == 100 and [p.damage for p in _mine(d).bench] == [50, 150]


def test_r_damage_3_asleep_then_heal_slowpoke_rest():
    _compiled("sv1-42", "Rest", "condition_self", "heal_it_after_condition")
    d = _attack(_board("sv1-42", "Rest", damage=50), "Rest", ["tails"])     # still Asleep after the checkup
    assert _mine(d).active.conditions == ["asleep"] and _mine(d).active.damage == 20


# -- Special Conditions ------------------------------------------------------------------------------

def test_r_status_1_three_conditions_arbok_panic_poison():
    _compiled("sv5-101", "Panic Poison", "three_conditions")
    d = _attack(_board("sv5-101", "Panic Poison"), "Panic Poison", ["tails"])   # the Burn's flip
    assert _them(d).active.conditions == ["burned", "confused", "poisoned"]


def test_r_status_1_condition_if_type_black_kyurem_ex_ice_age():
    _compiled("sv8-48", "Ice Age", "condition_if")
    d = _attack(_board("sv8-48", "Ice Age"), "Ice Age")                    # Raging Bolt ex: a Dragon
    assert _them(d).active.conditions == ["paralyzed"] and _them(d).active.damage == 90
    d = _attack(_board("sv8-48", "Ice Age", defender=LYCANROC_EX), "Ice Age")
    assert _them(d).active.conditions == []


def test_r_status_1_condition_if_one_prize_left_togedemaru_electrifying_chance():
    _compiled("sv7-54", "Electrifying Chance", "condition_if")
    for prizes, conditions in ((1, ["paralyzed"]), (2, [])):
        st = modern(modern_side(poke("sv7-54", [LIGHTNING]), prizes=prizes), modern_side(poke(RAGING_BOLT)))
        assert _them(_attack(st, "Electrifying Chance")).active.conditions == conditions


def test_r_status_1_both_actives_condition_paldean_wooper_and_komala():
    _compiled("svp-41", "Splattering Poison", "both_actives_condition")
    _compiled("sv9-129", "Slumbering Smack", "both_actives_condition", "boost_attacks_next_turn")
    d = _attack(_board("svp-41", "Splattering Poison"), "Splattering Poison")
    assert _mine(d).active.conditions == ["poisoned"] and _them(d).active.conditions == ["poisoned"]
    assert _mine(d).active.damage == 10 and _them(d).active.damage == 10          # the checkup's Poison


def test_r_status_1_discard_energy_and_condition_regice_ex_ice_prison():
    _compiled("me2pt5-48", "Ice Prison", "discard_energy_and_condition")
    st = _board("me2pt5-48", "Ice Prison", energy=[WATER] * 4)
    d = _attack(st, "Ice Prison", cards=st.seats[0].active.energy[:2])
    assert len(_mine(d).active.energy) == 2 and _them(d).active.conditions == ["paralyzed"]


def test_r_status_1_may_discard_energy_for_condition_mega_eelektross_ex_disaster_shock():
    _compiled("me2pt5-61", "Disaster Shock", "may_discard_energy_for_condition")
    st = _board("me2pt5-61", "Disaster Shock", energy=[LIGHTNING] * 3)
    kept = _attack(st, "Disaster Shock")
    assert len(_mine(kept).active.energy) == 3 and _them(kept).active.conditions == []
    two = st.seats[0].active.energy[:2]
    d = _attack(st, "Disaster Shock", cards=two)
    assert _mine(d).active.energy == st.seats[0].active.energy[2:] and _them(d).active.conditions == ["paralyzed"]
    assert _them(d).active.damage == 190
    refuse(st, 0, {"type": "attack", "attack": "Disaster Shock", "choices": {"cards": two[:1]}}, "R-ATTACK-2")


def test_r_status_1_heads_condition_and_discard_defending_energy_stunfisk():
    _compiled("sv8-64", "Paralyzing Crackle", "heads_condition_and_discard_defending_energy")
    st = _board("sv8-64", "Paralyzing Crackle", their_energy=[METAL, METAL])
    refuse(st, 0, {"type": "attack", "attack": "Paralyzing Crackle", "choices": {}}, "R-ATTACK-2", coins=["heads"])
    one = st.seats[1].active.energy[:1]
    d = _attack(st, "Paralyzing Crackle", ["heads"], cards=one)
    assert _them(d).active.conditions == ["paralyzed"] and len(_them(d).active.energy) == 1
    d = _attack(st, "Paralyzing Crackle", ["tails"], cards=one)
    assert _them(d).active.conditions == [] and len(_them(d).active.energy) == 2


def test_r_attack_1_heads_defending_cant_attack_oinkologne():
    _compiled("sv9-140", "Aromatic Stomps", "heads_defending_cant_attack")
    st = _board("sv9-140", "Aromatic Stomps", their_energy=[METAL])
    d = _attack(st, "Aromatic Stomps", ["heads"])
    refuse(d.state, 1, {"type": "attack", "attack": "Burst Roar", "choices": {}}, "R-ATTACK-1")
    d = _attack(st, "Aromatic Stomps", ["tails"])
    assert _them(d).active.effects == []


def test_r_damage_3_counters_until_remaining_hp_medicham_ex_palossand_ex_tsareena_ex():
    _compiled("sv7-80", "Chi-Atsu", "counters_until_remaining_hp")
    assert _them(_attack(_board("sv7-80", "Chi-Atsu"), "Chi-Atsu")).active.damage == 240 - 50
    assert _them(_attack(_board("sv7-80", "Chi-Atsu", their_damage=200), "Chi-Atsu")).active.damage == 200
    _compiled("sv8-91", "Barite Jail", "counters_until_remaining_hp")
    st = _board("sv8-91", "Barite Jail", energy=[WATER, PSYCHIC, FIGHTING], their_bench=[LYCANROC_EX, BUNEARY])
    assert [p.damage for p in _them(_attack(st, "Barite Jail")).bench] == [260 - 100, 0]
    _compiled("sv4-46", "Icicle Sole", "counters_until_remaining_hp")
    st = _board("sv4-46", "Icicle Sole", their_bench=[LYCANROC_EX])
    refuse(st, 0, {"type": "attack", "attack": "Icicle Sole", "choices": {}}, "R-ATTACK-2")
    d = _attack(st, "Icicle Sole", pokemon=[st.seats[1].bench[0].top])
    assert _them(d).bench[0].damage == 260 - 30 and _them(d).active.damage == 0


def test_r_damage_1_more_if_evolved_from_this_turn_magnezone_upper_spark():
    _compiled("me1-47", "Upper Spark", "more_if_this_turn")
    _compiled("sv10-47", "Abrupt Flash", "more_if_this_turn")               # Misty's Staryu
    for entered, damage in ((3, 50 + 120), (1, 50)):
        st = modern(modern_side(poke("me1-47", [LIGHTNING], entered_turn=entered)), modern_side(poke(RAGING_BOLT)))
        assert _them(_attack(st, "Upper Spark")).active.damage == damage


def test_r_damage_1_more_if_a_future_supporter_was_played_iron_valiant_majestic_sword():
    _compiled("sv5-80", "Majestic Sword", "more_if_this_turn")
    _compiled("me2pt5-162", "Wicked Impact", "more_if_this_turn")           # "Team Rocket" in its name
    for supporter, damage in (("sv4-171", 200), ("sv4-170", 100), (None, 100)):   # Turo's (Future), Sada's
        st = _board("sv5-80", "Majestic Sword")
        if supporter:
            st.instances["0:supporter"] = supporter
            st.supporter = {"card": "0:supporter", "owner": 0}
        assert _them(_attack(st, "Majestic Sword")).active.damage == damage


def test_r_status_1_coins_times_then_condition_vanilluxe_slurpuff_butterfree():
    _compiled("rsv10pt5-29", "Double Freeze", "coins_times_then_condition")
    st = _board("rsv10pt5-29", "Double Freeze")
    d = _attack(st, "Double Freeze", ["heads", "tails"])
    assert _them(d).active.damage == 90 and _them(d).active.conditions == ["paralyzed"]
    d = _attack(st, "Double Freeze", ["tails", "tails"])
    assert _them(d).active.damage == 0 and _them(d).active.conditions == []
    _compiled("sv6-90", "Slurp Slurp", "coins_times_then_condition")          # both of them tails
    st = _board("sv6-90", "Slurp Slurp")
    assert _them(_attack(st, "Slurp Slurp", ["tails", "tails"])).active.conditions == ["confused"]
    assert _them(_attack(st, "Slurp Slurp", ["heads", "tails"])).active.conditions == []
    _compiled("sv9-3", "Scale Hurricane", "coins_times_then_condition")       # at least 2 of 4 heads
    st = _board("sv9-3", "Scale Hurricane")
    d = _attack(st, "Scale Hurricane", ["heads", "tails", "heads", "tails"])
    assert _them(d).active.damage == 120 and _them(d).active.conditions == ["paralyzed"]
    assert _them(_attack(st, "Scale Hurricane", ["heads", "tails", "tails", "tails"])).active.conditions == []


def test_r_status_1_heads_and_tails_conditions_lilligant_bemusing_aroma():
    _compiled("zsv10pt5-7", "Bemusing Aroma", "heads_and_tails_conditions")
    st = _board("zsv10pt5-7", "Bemusing Aroma")
    assert _them(_attack(st, "Bemusing Aroma", ["heads"])).active.conditions == ["paralyzed", "poisoned"]
    assert _them(_attack(st, "Bemusing Aroma", ["tails"])).active.conditions == ["confused"]


def test_r_status_1_heads_chosen_condition_vivillon_miracle_powder():
    _compiled("sv1-10", "Miracle Powder", "heads_chosen_condition")
    st = _board("sv1-10", "Miracle Powder")
    refuse(st, 0, {"type": "attack", "attack": "Miracle Powder", "choices": {}}, "R-ATTACK-2")
    refuse(st, 0, {"type": "attack", "attack": "Miracle Powder", "choices": {"condition": "frozen"}}, "R-ATTACK-2")
    assert _them(_attack(st, "Miracle Powder", ["heads"], condition="confused")).active.conditions == ["confused"]
    assert _them(_attack(st, "Miracle Powder", ["tails"], condition="confused")).active.conditions == []


def test_r_trainer_5_more_discarded_if_an_ancient_supporter_was_played_great_tusk_land_collapse():
    _compiled("sv5-97", "Land Collapse", "discard_top_of_deck", "more_discarded_if_supporter")
    for supporter, left in ((None, 6), ("sv4-170", 3)):     # Professor Sada's Vitality; the next turn's draw
        st = _board("sv5-97", "Land Collapse")
        if supporter:
            st.instances["0:supporter"] = supporter
            st.supporter = {"card": "0:supporter", "owner": 0}
        assert len(_them(_attack(st, "Land Collapse")).deck) == left


def test_r_trainer_2_scream_tail_ex_scream_only_going_second_then_no_supporters():
    _compiled("sv6-94", "Scream", "only_going_second_first_turn", "opponent_no_supporters_next_turn")
    arven = "sv1-166"                                                          # a Supporter
    st = modern(modern_side(poke("sv6-94", [WATER])), modern_side(poke(RAGING_BOLT), hand=[arven]), turn=2)
    d = _attack(st, "Scream")
    refuse(d.state, 1, {"type": "play_trainer", "card": d.state.seats[1].hand[0], "targets": [], "choices": {}},
           "R-TRAINER-2", "Supporter cards this turn")
    later = modern(modern_side(poke("sv6-94", [WATER])), modern_side(poke(RAGING_BOLT)), turn=4)
    refuse(later, 0, {"type": "attack", "attack": "Scream", "choices": {}}, "R-ATTACK-1", "went second")


def test_r_trainer_3_discard_opponent_stadium_then_lock_chi_yu_scorching_earth():
    _compiled("me1-31", "Scorching Earth", "discard_opponent_stadium_then_lock")
    st = modern(modern_side(poke("me1-31", [FIRE])), modern_side(poke(RAGING_BOLT), hand=[MESAGOZA]),
                stadium={"card": MESAGOZA, "owner": 1})
    d = _attack(st, "Scorching Earth")
    assert d.state.stadium is None and len(_them(d).discard) == 1
    refuse(d.state, 1, {"type": "play_trainer", "card": d.state.seats[1].hand[0], "targets": [], "choices": {}},
           "R-TRAINER-3", "Stadium cards this turn")
    own = modern(modern_side(poke("me1-31", [FIRE])), modern_side(poke(RAGING_BOLT)),
                 stadium={"card": MESAGOZA, "owner": 0})
    d = _attack(own, "Scorching Earth")                                         # its player's own Stadium stays
    assert d.state.stadium is not None and _mine(d).active.effects == []


def test_r_attack_3_does_nothing_without_uxie_and_azelf_mesprit_guardian_burst():
    _compiled("sv8-79", "Guardian Burst", "does_nothing_if")
    both = _board("sv8-79", "Guardian Burst", bench=["sv8-78", "sv8-80"])
    assert _them(_attack(both, "Guardian Burst")).active.damage == 160
    one = _board("sv8-79", "Guardian Burst", bench=["sv8-78"])
    assert _them(_attack(one, "Guardian Burst")).active.damage == 0


def test_r_damage_1_heads_more_and_heal_floette_magical_leaf():
    _compiled("sv1-92", "Magical Leaf", "heads_more_and_heal")
    st = _board("sv1-92", "Magical Leaf", damage=50)
    d = _attack(st, "Magical Leaf", ["heads"])
    assert _them(d).active.damage == 60 and _mine(d).active.damage == 20
    d = _attack(st, "Magical Leaf", ["tails"])
    assert _them(d).active.damage == 30 and _mine(d).active.damage == 50


def test_r_attack_3_discard_stadium_or_nothing_eternatus_world_ender():
    _compiled("sv8-141", "World Ender", "discard_stadium_or_nothing")
    st = _board("sv8-141", "World Ender", energy=[FIRE, DARKNESS, DARKNESS])
    assert _them(_attack(st, "World Ender")).active.damage == 0
    st.instances["1:stadium"] = MESAGOZA
    st.stadium = {"card": "1:stadium", "owner": 1}
    d = _attack(st, "World Ender")
    assert d.state.stadium is None and _them(d).active.damage == 230 and "1:stadium" in _them(d).discard


def test_r_attack_1_own_pokemon_cant_attack_next_turn_electivire_unleash_lightning():
    _compiled("sv7-47", "Unleash Lightning", "own_pokemon_cant_attack_next_turn")
    d = _attack(_board("sv7-47", "Unleash Lightning", energy=[LIGHTNING, LIGHTNING]), "Unleash Lightning")
    mine = end_turn(d.state)
    refuse(mine, 0, {"type": "attack", "attack": "Electroslug", "choices": {}}, "R-ATTACK-1", "Unleash Lightning")
    _attack(end_turn(end_turn(mine)), "Electroslug")


def test_r_damage_1_prevent_damage_from_ancient_iron_moth_anachronism_repulsor():
    _compiled("sv6pt5-9", "Anachronism Repulsor", "prevent_damage_from_ancient")
    st = _board("sv6pt5-9", "Anachronism Repulsor", defender="sv5-38", their_energy=[FIRE, FIRE])
    d = _attack(st, "Anachronism Repulsor")
    hit = act(d.state, 1, {"type": "attack", "attack": "Heat Blast", "choices": {}})    # Gouging Fire ex: Ancient
    assert _mine(hit).active.damage == 0


def test_r_attack_1_few_energy_cant_attack_next_turn_walrein_frigid_fangs():
    _compiled("sv8-45", "Frigid Fangs", "few_energy_cant_attack_next_turn")
    for energy, allowed in (([METAL, METAL], False), ([METAL, METAL, METAL], True)):
        d = _attack(_board("sv8-45", "Frigid Fangs", their_energy=energy), "Frigid Fangs")
        action = {"type": "attack", "attack": "Burst Roar", "choices": {}}     # Raging Bolt ex: no cost
        if allowed:
            act(d.state, 1, action)
        else:
            refuse(d.state, 1, action, "R-ATTACK-1", "Frigid Fangs")


def test_r_damage_3_counters_on_benched_if_a_special_condition_mismagius_assassins_magic():
    _compiled("me2pt5-86", "Assassin's Magic", "counters_on_benched_if")
    for conditions, counters in ((["poisoned"], 60), ([], 0)):
        st = modern(modern_side(poke("me2pt5-86", [PSYCHIC, PSYCHIC])),
                    modern_side(poke(RAGING_BOLT, conditions=conditions), bench=[poke(LYCANROC_EX), poke(KELDEO_EX)]))
        refuse(st, 0, {"type": "attack", "attack": "Assassin's Magic", "choices": {}}, "R-ATTACK-2")
        d = _attack(st, "Assassin's Magic", pokemon=[st.seats[1].bench[1].top])
        assert [p.damage for p in _them(d).bench] == [0, counters]


@pytest.mark.parametrize("text,damage,mark", [
    ("If this Pokémon moved from your Bench to the Active Spot during your last turn, this attack does 30 more "
     "damage.", 30, "+"),
    ("If this Pokémon was healed during this turn, this attack does 30 more damage.", 30, ""),
    ("If there is a Stadium in play, this attack does nothing.", 30, ""),
    ("If you don't have exactly 3 cards in your opponent's hand, this attack does nothing.", 30, ""),
    ("This Pokémon can't use Other Attack again until it leaves the Active Spot.", 30, ""),
    ("Heal 25 damage from 1 of your Pokémon.", 0, ""),
    ("Heal 30 damage from 2 of your Benched Pokémon.", 0, ""),
    ("Heal 30 damage from each of your Stage 1 Pokémon.", 0, ""),
    ("Draw a card. Heal 30 damage from it.", 0, ""),
    ("Your opponent's Active Pokémon is now Burned, Confused, and Frozen.", 0, ""),
    ("If you have exactly 1 Prize card remaining, it is now Paralyzed.", 30, ""),
    ("Both Active Pokémon are now Frozen.", 30, ""),
    ("Put damage counters on 2 of your opponent's Pokémon until its remaining HP is 50.", 0, ""),
    ("You may discard 2 Energy from this Pokémon and make your opponent's Active Pokémon Frozen.", 30, ""),
    ("If you played an Item card from your hand during this turn, this attack does 30 more damage.", 30, "+"),
    ("Flip 3 coins. This attack does 30 damage for each heads. If either of them is heads, your opponent's Active "
     "Pokémon is now Paralyzed.", 30, "×"),
    ("Flip a coin. If heads, choose a Special Condition. This Pokémon is now affected by that Special Condition.",
     30, ""),
    ("Draw a card. If you played an Ancient Supporter card from your hand during this turn, discard 3 more cards in "
     "this way.", 0, ""),
])
def test_a_text_that_almost_matches_stays_declared(text, damage, mark):
    assert compile_attack(_attack_def(text, damage, mark)) is None

