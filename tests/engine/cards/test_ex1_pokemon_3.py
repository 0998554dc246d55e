"""EX Ruby & Sapphire Pokémon ex1-46 … ex1-79: one board per card (several for the tricky ones),
exact outcomes, coins fixed (each test proves how many flips an action needs, the checkup's
included: an attack ends the turn, so the state returned is the opponent's turn after the
checkup and their draw).

Costs of Darkness are paid with Rainbow Energy, never Darkness Energy: its damage bonus is
another group's card and would change the numbers here."""
from projections.tcg import engine
from projections.tcg.carddb import card
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import FixedCoins, SeededRandomness
from tests.engine.cards.fixtures import (
    attack_choices,
    heads_inflicts,
    hit,
    mine,
    power_choices,
    table_opening,
    table_step,
    theirs,
)

from .fixtures import (
    FIGHTING,
    FIRE,
    GRASS,
    PSYCHIC,
    RAINBOW_ENERGY,
    WATER,
    act,
    board,
    cards,
    inst,
    poke,
    refuse,
    said,
    side,
)

SWELLOW, VIGOROTH, WAILMER, ARON_49, ARON_50, CARVANHA = "ex1-46", "ex1-47", "ex1-48", "ex1-49", "ex1-50", "ex1-51"
ELECTRIKE_52, ELECTRIKE_53, KOFFING, GOLDEEN = "ex1-52", "ex1-53", "ex1-54", "ex1-55"
MAKUHITA_56, MAKUHITA_57, MAKUHITA_58, MUDKIP_59, MUDKIP_60 = "ex1-56", "ex1-57", "ex1-58", "ex1-59", "ex1-60"
NUMEL, PHANPY, POOCHYENA_63, POOCHYENA_64, POOCHYENA_65 = "ex1-61", "ex1-62", "ex1-63", "ex1-64", "ex1-65"
RALTS_66, RALTS_67, RALTS_68, SHROOMISH = "ex1-66", "ex1-67", "ex1-68", "ex1-69"
SKITTY_70, SKITTY_71 = "ex1-70", "ex1-71"
TAILLOW, TORCHIC_73, TORCHIC_74, TREECKO_75, TREECKO_76 = "ex1-72", "ex1-73", "ex1-74", "ex1-75", "ex1-76"
WINGULL, WURMPLE, ZIGZAGOON = "ex1-77", "ex1-78", "ex1-79"
BEAUTIFLY, DUSTOX, CASCOON, SILCOON = "ex1-2", "ex1-6", "ex1-26", "ex1-43"
DARKNESS_ENERGY = "ex1-93"

# Makuhita (Fighting, 50 HP, Weakness Psychic): a target with no Weakness or Resistance to most here.
TARGET = MAKUHITA_56


# -- helpers ---------------------------------------------------------------------------------


def plain(attacker, energy, target=TARGET):
    return board(side(poke(attacker, energy)), side(poke(target)))


def test_every_card_of_the_group_is_implemented():
    assert all(card(f"ex1-{n}").implemented for n in range(46, 80))


# -- ex1-46 Swellow: Drive Off (Poké-Power), Wing Attack ---------------------------------------

def _drive_off_board(conditions=(), swellow_benched=False, their_bench=(MUDKIP_59, RALTS_66)):
    swellow = poke(SWELLOW, [FIGHTING, FIGHTING], conditions=() if swellow_benched else conditions)
    active, bench = (poke(TAILLOW), [swellow]) if swellow_benched else (swellow, [])
    return board(side(active, bench=bench),
                 side(poke(TARGET, conditions=["confused"]), bench=[poke(b) for b in their_bench]))


def _drive_off(state, **choices):
    me = state.seats[0]
    swellow = next(p for p in me.in_play() if state.instances[p.top] == SWELLOW)
    return {"type": "use_power", "pokemon": swellow.top, "power": "Drive Off", "choices": choices}


def test_ex1_46_swellow_drive_off_switches_in_the_benched_pokemon_the_opponent_picks():
    st = _drive_off_board()
    mudkip, ralts = (p.top for p in st.seats[1].bench)
    assert power_choices(st, "Drive Off") == [{"pokemon": [mudkip]}, {"pokemon": [ralts]}]
    d = act(st, 0, _drive_off(st, pokemon=[ralts]))
    assert theirs(d).active.top == ralts
    old = theirs(d).bench[1]
    assert d.state.instances[old.top] == TARGET and old.conditions == []   # to the Bench: no longer Confused
    said(d, "uses Swellow's Poké-Power Drive Off")
    said(d, "Seat 1 (Beto) picks Ralts: it is now the Defending Pokémon and Makuhita goes to the Bench")
    assert d.state.seat_to_act == 0 and d.state.phase == "main"            # not an attack
    # once a turn
    refuse(d.state, 0, _drive_off(d.state, pokemon=[mudkip]), "R-POWER-1", contains="once")
    assert power_choices(d.state, "Drive Off") == []
    # Swellow may still attack: Wing Attack 30 to the new Defending Pokémon
    d2 = hit(d.state, "Wing Attack")
    assert theirs(d2).active.top == ralts and theirs(d2).active.damage == 30


def test_ex1_46_swellow_drive_off_needs_no_choice_with_one_benched_pokemon():
    st = _drive_off_board(their_bench=(MUDKIP_59,))
    mudkip = st.seats[1].bench[0].top
    assert power_choices(st, "Drive Off") == [{}]
    d = act(st, 0, _drive_off(st))
    assert theirs(d).active.top == mudkip


def test_ex1_46_swellow_drive_off_refusals():
    st = _drive_off_board()
    refuse(st, 0, _drive_off(st), "R-POWER-1", contains="choices.pokemon")
    refuse(st, 0, _drive_off(st, pokemon=[st.seats[1].active.top]), "R-POWER-1", contains="choices.pokemon")
    benched = _drive_off_board(swellow_benched=True)
    refuse(benched, 0, _drive_off(benched), "R-POWER-1", contains="Active")
    assert power_choices(benched, "Drive Off") == []
    alone = _drive_off_board(their_bench=())
    refuse(alone, 0, _drive_off(alone), "R-POWER-1", contains="Benched")
    assert power_choices(alone, "Drive Off") == []


def test_R_POWER_2_ex1_46_swellow_drive_off_is_stopped_by_any_special_condition():
    for condition in ("poisoned", "burned", "asleep"):
        st = _drive_off_board(conditions=[condition])
        refuse(st, 0, _drive_off(st, pokemon=[st.seats[1].bench[0].top]), "R-POWER-2",
               contains=condition.capitalize())
        assert power_choices(st, "Drive Off") == []


def test_ex1_46_swellow_wing_attack():
    assert theirs(hit(plain(SWELLOW, [GRASS, GRASS]), "Wing Attack")).active.damage == 30


# -- ex1-47 Vigoroth: Fury Swipes, Rage ----------------------------------------------------------

def test_ex1_47_vigoroth_fury_swipes_20_times_heads_of_3_coins():
    st = plain(VIGOROTH, [GRASS, GRASS])
    assert theirs(hit(st, "Fury Swipes", ["heads", "tails", "heads"])).active.damage == 40
    d = hit(st, "Fury Swipes", ["tails", "tails", "tails"])
    assert theirs(d).active.damage == 0
    said(d, "Fury Swipes does no damage")


def test_ex1_47_vigoroth_rage_adds_10_per_counter_on_itself():
    st = board(side(poke(VIGOROTH, [GRASS] * 3, damage=30)), side(poke(WAILMER)))
    assert theirs(hit(st, "Rage")).active.damage == 50
    assert theirs(hit(plain(VIGOROTH, [GRASS] * 3, target=WAILMER), "Rage")).active.damage == 20


# -- ex1-48 Wailmer: Rest, Water Gun ------------------------------------------------------------

def test_ex1_48_wailmer_rest_cures_removes_4_counters_and_sleeps():
    st = board(side(poke(WAILMER, [GRASS, GRASS], damage=60, conditions=["burned", "poisoned"])),
               side(poke(TARGET)))
    # the checkup flips for Sleep only: Burn and Poison are gone before it
    d = hit(st, "Rest", ["tails"])
    w = mine(d).active
    assert w.damage == 20 and w.conditions == ["asleep"] and theirs(d).active.damage == 0
    said(d, "Wailmer recovers from Burned, Poisoned and has 4 damage counter(s) removed (20/80)")
    said(d, "Wailmer is now Asleep")
    said(d, "Wailmer stays Asleep")


def test_ex1_48_wailmer_rest_removes_all_counters_when_fewer_than_4():
    st = board(side(poke(WAILMER, [GRASS, GRASS], damage=20)), side(poke(TARGET)))
    d = hit(st, "Rest", ["heads"])          # the checkup: heads, it wakes up
    assert mine(d).active.damage == 0 and mine(d).active.conditions == []
    said(d, "has 2 damage counter(s) removed (0/80)")


def test_ex1_48_wailmer_water_gun_counts_water_beyond_the_cost_up_to_20():
    for energy, damage in (([WATER, GRASS], 20), ([WATER, WATER], 20), ([WATER, GRASS, WATER], 30), ([WATER] * 3, 30),
                           ([WATER] * 4, 40), ([WATER] * 5, 40)):
        assert theirs(hit(plain(WAILMER, energy), "Water Gun")).active.damage == damage, energy


def test_ex1_48_wailmer_water_gun_counts_rainbow_energy_as_water():
    # the Rainbow pays Water or counts as extra Water; a plain unit pays Colorless first
    for energy, damage in (([RAINBOW_ENERGY, RAINBOW_ENERGY], 20), ([RAINBOW_ENERGY, GRASS], 20),
                           ([RAINBOW_ENERGY, WATER, GRASS], 30), ([RAINBOW_ENERGY, RAINBOW_ENERGY, WATER], 30),
                           ([RAINBOW_ENERGY, WATER, WATER, GRASS], 40)):
        assert theirs(hit(plain(WAILMER, energy), "Water Gun")).active.damage == damage, energy


# -- ex1-49 Aron: Teary Eyes, Ram; ex1-50 Aron: Gnaw ----------------------------------------------

def test_ex1_49_aron_teary_eyes_reduces_damage_by_10_during_the_next_turn():
    st = board(side(poke(ARON_49, [GRASS])), side(poke(MAKUHITA_57, [FIGHTING, FIGHTING])))
    d = hit(st, "Teary Eyes")
    assert theirs(d).active.damage == 0
    said(d, "Aron takes 10 less damage from attacks during the opponent's next turn")
    # the opponent's Low Kick: 30 − 10
    d2 = hit(d.state, "Low Kick", seat_no=1)
    assert mine(d2).active.damage == 20
    said(d2, "Teary Eyes −10 = 20")
    # over at the end of that turn
    assert mine(d2).active.effects == []


def test_ex1_49_aron_ram_and_ex1_50_aron_gnaw():
    assert theirs(hit(plain(ARON_49, [GRASS, GRASS]), "Ram")).active.damage == 20
    assert theirs(hit(plain(ARON_50, [GRASS]), "Gnaw")).active.damage == 10


# -- ex1-51 Carvanha: Rough Skin (Poké-Body), Big Bite ---------------------------------------------

def test_ex1_51_carvanha_rough_skin_R_DAMAGE_3_puts_a_counter_on_the_attacker():
    st = board(side(poke(MAKUHITA_56, [FIGHTING])), side(poke(CARVANHA)))
    d = hit(st, "Slap Push")
    assert theirs(d).active.damage == 10 and mine(d).active.damage == 10
    said(d, "Carvanha's Rough Skin: 1 damage counter on Makuhita (10/50). [R-DAMAGE-3]")


def test_ex1_51_carvanha_rough_skin_works_when_knocked_out_and_while_asleep():
    st = board(side(poke(MAKUHITA_56, [FIGHTING]), bench=[poke(TAILLOW)]),
               side(poke(CARVANHA, damage=30, conditions=["asleep"]), bench=[poke(TAILLOW)]))
    d = hit(st, "Slap Push")
    assert mine(d).active.damage == 10 and len(mine(d).prizes) == 5 and d.state.phase == "promote"
    said(d, "Carvanha (Seat 1 (Beto)) is Knocked Out")
    said(d, "Carvanha's Rough Skin: 1 damage counter on Makuhita")


def test_ex1_51_carvanha_rough_skin_can_knock_out_the_attacker_too():
    st = board(side(poke(MAKUHITA_56, [FIGHTING], damage=40), bench=[poke(TAILLOW)]),
               side(poke(CARVANHA), bench=[poke(TAILLOW)]))
    d = hit(st, "Slap Push")
    said(d, "Makuhita (Seat 0 (Ana)) is Knocked Out")
    assert d.state.seats[0].active is None and len(d.state.seats[1].prizes) == 5
    assert d.state.phase == "promote"


def test_ex1_51_carvanha_rough_skin_needs_damage_to_the_active_carvanha_by_the_opponent():
    # on the Bench: the Defending Pokémon is another
    benched = board(side(poke(MAKUHITA_56, [FIGHTING])), side(poke(TAILLOW), bench=[poke(CARVANHA)]))
    assert mine(hit(benched, "Slap Push")).active.damage == 0
    # its own attack never triggers it
    own = board(side(poke(CARVANHA, [GRASS])), side(poke(TARGET)))
    assert mine(hit(own, "Big Bite")).active.damage == 0


def test_ex1_51_carvanha_big_bite_R_RETREAT_1_the_defending_pokemon_cant_retreat_next_turn():
    st = board(side(poke(CARVANHA, [GRASS])), side(poke(TARGET, [GRASS]), bench=[poke(TAILLOW)]))
    d = hit(st, "Big Bite")
    assert theirs(d).active.damage == 10
    said(d, "Makuhita can't retreat until the end of the opponent's next turn. [R-RETREAT-1]")
    to = theirs(d).bench[0].top
    retreat = {"type": "retreat", "to": to, "discard": list(theirs(d).active.energy)}
    refuse(d.state, 1, retreat, "R-RETREAT-1", contains="Big Bite")
    assert not any(a["type"] == "retreat" for a in legal_actions(d.state, 1))
    # the effect ends with the opponent's turn
    d2 = act(d.state, 1, {"type": "end_turn"})
    assert theirs(d2).active.effects == []


# -- ex1-52, ex1-53 Electrike -------------------------------------------------------------------

def test_ex1_52_electrike_headbutt():
    assert theirs(hit(plain(ELECTRIKE_52, [GRASS]), "Headbutt")).active.damage == 10


def test_ex1_53_electrike_super_thunder_wave_heads_paralyzes():
    st = plain(ELECTRIKE_53, [GRASS])
    heads_inflicts(st, "Super Thunder Wave", 0, "paralyzed")
    assert theirs(hit(plain(ELECTRIKE_53, [GRASS, GRASS]), "Tackle")).active.damage == 20


# -- ex1-54 Koffing ----------------------------------------------------------------------------

def test_ex1_54_koffing_double_edge_hurts_itself_10():
    d = hit(plain(KOFFING, [GRASS, GRASS]), "Double-edge")
    assert theirs(d).active.damage == 30 and mine(d).active.damage == 10
    assert theirs(hit(plain(KOFFING, [GRASS]), "Tackle")).active.damage == 10


# -- ex1-55 Goldeen ----------------------------------------------------------------------------

def test_ex1_55_goldeen_flail_10_per_counter_on_itself():
    hurt = board(side(poke(GOLDEEN, [GRASS], damage=30)), side(poke(TARGET)))
    assert theirs(hit(hurt, "Flail")).active.damage == 30
    d = hit(plain(GOLDEEN, [GRASS]), "Flail")
    assert theirs(d).active.damage == 0
    said(d, "Flail does no damage")


# -- ex1-56, ex1-57, ex1-58 Makuhita --------------------------------------------------------------

def test_ex1_56_makuhita_slap_push_and_lunge_out():
    assert theirs(hit(plain(MAKUHITA_56, [GRASS]), "Slap Push")).active.damage == 10
    assert theirs(hit(plain(MAKUHITA_56, [GRASS, GRASS]), "Lunge Out")).active.damage == 20


def test_ex1_57_makuhita_fling_the_opponent_switches_in_a_benched_pokemon_they_pick():
    st = board(side(poke(MAKUHITA_57, [GRASS])),
               side(poke(TARGET, conditions=["poisoned"]), bench=[poke(MUDKIP_59), poke(RALTS_66)]))
    mudkip, ralts = (p.top for p in st.seats[1].bench)
    assert attack_choices(st, "Fling") == [{"pokemon": [mudkip]}, {"pokemon": [ralts]}]
    refuse(st, 0, {"type": "attack", "attack": "Fling", "choices": {}}, "R-ATTACK-2")
    d = hit(st, "Fling", pokemon=[mudkip])
    assert theirs(d).active.top == mudkip and theirs(d).active.damage == 0
    switched = theirs(d).bench[0]
    assert d.state.instances[switched.top] == TARGET and switched.conditions == [] and switched.damage == 0


def test_ex1_57_makuhita_fling_with_one_or_no_benched_pokemon_and_low_kick():
    one = board(side(poke(MAKUHITA_57, [GRASS])), side(poke(TARGET), bench=[poke(MUDKIP_59)]))
    assert attack_choices(one, "Fling") == [{}]
    assert theirs(hit(one, "Fling")).active.top == one.seats[1].bench[0].top
    none = plain(MAKUHITA_57, [GRASS])
    assert theirs(hit(none, "Fling")).active.top == none.seats[1].active.top
    assert theirs(hit(plain(MAKUHITA_57, [FIGHTING, GRASS]), "Low Kick")).active.damage == 30


def test_ex1_58_makuhita_fake_out_heads_paralyzes():
    st = plain(MAKUHITA_58, [FIGHTING])
    heads_inflicts(st, "Fake Out", 10, "paralyzed")


# -- ex1-59, ex1-60 Mudkip --------------------------------------------------------------------

def test_ex1_59_mudkip_bubble_heads_paralyzes():
    st = plain(MUDKIP_59, [WATER])
    heads_inflicts(st, "Bubble", 10, "paralyzed")


def test_ex1_60_mudkip_pound_and_fury_swipes():
    assert theirs(hit(plain(MUDKIP_60, [GRASS]), "Pound")).active.damage == 10
    assert theirs(hit(plain(MUDKIP_60, [GRASS, GRASS]), "Fury Swipes", ["heads"] * 3)).active.damage == 30


# -- ex1-61 Numel ----------------------------------------------------------------------------

def test_ex1_61_numel_burn_off_R_STATUS_6_heads_burns():
    st = plain(NUMEL, [FIRE, GRASS])
    # heads for the attack, then the checkup's Burn flip: tails, 2 counters
    d = hit(st, "Burn Off", ["heads", "tails"])
    assert theirs(d).active.conditions == ["burned"] and theirs(d).active.damage == 20
    said(d, "Makuhita is now Burned. [R-STATUS-6]")
    assert theirs(hit(st, "Burn Off", ["tails"])).active.conditions == []
    assert theirs(hit(plain(NUMEL, [GRASS]), "Headbutt")).active.damage == 10


# -- ex1-62 Phanpy -----------------------------------------------------------------------------

def test_ex1_62_phanpy_trembler_R_ATTACK_3_tails_does_nothing_heads_10_damage_and_paralysis():
    st = plain(PHANPY, [FIGHTING, GRASS], target=ELECTRIKE_52)
    d = hit(st, "Trembler", ["heads"])
    assert theirs(d).active.damage == 20 and theirs(d).active.conditions == ["paralyzed"]
    said(d, "Weakness ×2 = 20")
    d = hit(st, "Trembler", ["tails"])
    assert theirs(d).active.damage == 0 and theirs(d).active.conditions == []
    said(d, "Trembler does nothing. [R-ATTACK-3]")
    assert theirs(hit(plain(PHANPY, [GRASS]), "Stampede")).active.damage == 10


# -- ex1-63, ex1-64, ex1-65 Poochyena -----------------------------------------------------------

def test_ex1_63_poochyena_bite():
    assert theirs(hit(plain(POOCHYENA_63, [GRASS]), "Bite")).active.damage == 10


def _knock_off_board(hand=(GRASS, FIRE, WATER)):
    return board(side(poke(POOCHYENA_64, [RAINBOW_ENERGY, GRASS])), side(poke(TARGET), hand=list(hand)))


def test_ex1_64_poochyena_knock_off_heads_discards_a_card_picked_at_random():
    st = _knock_off_board()
    hand = list(st.seats[1].hand)
    # without a shuffle source the hand's order is kept: the first card is picked
    d = hit(st, "Knock Off", ["heads"])
    assert theirs(d).discard == [hand[0]]
    said(d, "picks a card from Seat 1 (Beto)'s hand without looking")
    # the pick is the action's randomness: recorded in the event and replayed
    shuffled = engine.decide(st, 0, {"type": "attack", "attack": "Knock Off", "choices": {}},
                             FixedCoins(["heads"], shuffles_from=SeededRandomness(5)))
    expected = hand[SeededRandomness(5).shuffle(3)[0]]
    assert shuffled.legal and shuffled.state.seats[1].discard == [expected]
    assert shuffled.event["payload"]["rng"]["shuffles"][0] == SeededRandomness(5).shuffle(3)
    replayed, _ = engine.apply(st, shuffled.event)
    assert replayed.seats[1].discard == [expected]
    # the opponent then draws for the turn: the hand is the 2 left and the card drawn
    assert len(shuffled.state.seats[1].hand) == 3 and expected not in shuffled.state.seats[1].hand


def test_ex1_64_poochyena_knock_off_tails_or_an_empty_hand_does_nothing():
    st = _knock_off_board()
    assert theirs(hit(st, "Knock Off", ["tails"])).discard == []
    d = hit(_knock_off_board(hand=()), "Knock Off", ["heads"])
    assert theirs(d).discard == []
    said(d, "Seat 1 (Beto) has no card in hand to discard")
    assert theirs(hit(plain(POOCHYENA_64, [GRASS, GRASS]), "Rear Kick")).active.damage == 20


def test_ex1_65_poochyena_shadow_bind_R_RETREAT_1_10_damage_and_no_retreat():
    st = board(side(poke(POOCHYENA_65, [RAINBOW_ENERGY])), side(poke(TARGET), bench=[poke(TAILLOW)]))
    d = hit(st, "Shadow Bind")
    assert theirs(d).active.damage == 10
    refuse(d.state, 1, {"type": "retreat", "to": theirs(d).bench[0].top, "discard": []}, "R-RETREAT-1",
           contains="Shadow Bind")


# -- ex1-66, ex1-67, ex1-68 Ralts ----------------------------------------------------------------

def test_ex1_66_ralts_confuse_ray_heads_confuses():
    st = plain(RALTS_66, [PSYCHIC])
    d = hit(st, "Confuse Ray", ["heads"])
    assert theirs(d).active.damage == 20 and theirs(d).active.conditions == ["confused"]   # Weakness Psychic
    assert theirs(hit(st, "Confuse Ray", ["tails"])).active.conditions == []


def test_ex1_67_ralts_hypnoblast_puts_to_sleep_and_headbutt():
    d = hit(plain(RALTS_67, [PSYCHIC, GRASS], target=TAILLOW), "Hypnoblast", ["tails"])   # the Sleep flip
    assert theirs(d).active.damage == 20 and theirs(d).active.conditions == ["asleep"]
    assert theirs(hit(plain(RALTS_67, [GRASS], target=TAILLOW), "Headbutt")).active.damage == 10


def test_ex1_68_ralts_link_blast_40_with_the_same_amount_of_energy_else_10():
    same = board(side(poke(RALTS_68, [PSYCHIC, GRASS])), side(poke(WAILMER, [WATER, FIRE])))
    d = hit(same, "Link Blast")
    assert theirs(d).active.damage == 40
    said(d, "Ralts and Wailmer both have 2 Energy: Link Blast's base damage stays 40")
    more = board(side(poke(RALTS_68, [PSYCHIC, GRASS, GRASS])), side(poke(WAILMER, [WATER, FIRE])))
    d = hit(more, "Link Blast")
    assert theirs(d).active.damage == 10
    said(d, "Ralts has 3 Energy and Wailmer 2: Link Blast's base damage is 10")
    assert theirs(hit(plain(RALTS_68, [PSYCHIC, GRASS], target=WAILMER), "Link Blast")).active.damage == 10
    assert theirs(hit(plain(RALTS_68, [GRASS], target=TAILLOW), "Pound")).active.damage == 10


# -- ex1-69 Shroomish --------------------------------------------------------------------------

def test_ex1_69_shroomish_sleep_powder_R_STATUS_2():
    d = hit(plain(SHROOMISH, [GRASS]), "Sleep Powder", ["heads"])   # the Sleep flip: heads, it wakes
    assert theirs(d).active.damage == 10 and theirs(d).active.conditions == []
    said(d, "Makuhita is now Asleep. [R-STATUS-2]")
    said(d, "Makuhita wakes up")


# -- ex1-70 Skitty: Plus Energy, Scratch; ex1-71 Skitty: Tackle, Lunge ----------------------------

def _plus_energy_board(hand=(WATER, FIRE, DARKNESS_ENERGY)):
    return board(side(poke(SKITTY_70, [GRASS]), bench=[poke(TAILLOW)], hand=list(hand)), side(poke(TARGET)),
                 this_turn={"energy_attached": True})


def test_ex1_70_skitty_plus_energy_attaches_a_basic_energy_from_the_hand():
    st = _plus_energy_board()
    water, fire = inst(st, 0, "hand", WATER), inst(st, 0, "hand", FIRE)
    skitty, taillow = st.seats[0].active.top, st.seats[0].bench[0].top
    # every basic Energy card in hand to every Pokémon of yours; not the Darkness Energy (Special)
    assert attack_choices(st, "Plus Energy") == [{"cards": [water], "to": skitty}, {"cards": [water], "to": taillow},
                                                 {"cards": [fire], "to": skitty}, {"cards": [fire], "to": taillow}]
    # the turn's Energy attachment is already made: this is another
    d = hit(st, "Plus Energy", cards=[fire], to=taillow)
    assert mine(d).bench[0].energy == [fire] and fire not in mine(d).hand and theirs(d).active.damage == 0
    said(d, "|Fire Energy|*⟧ from the hand to Taillow (not the turn's Energy attachment). [R-ENERGY-1]")
    refuse(st, 0, {"type": "attack", "attack": "Plus Energy", "choices": {"to": taillow}}, "R-ATTACK-2")
    refuse(st, 0, {"type": "attack", "attack": "Plus Energy", "choices": {"cards": [fire]}}, "R-ATTACK-2",
           contains="choices.to")
    darkness = inst(st, 0, "hand", DARKNESS_ENERGY)
    refuse(st, 0, {"type": "attack", "attack": "Plus Energy", "choices": {"cards": [darkness], "to": skitty}},
           "R-ATTACK-2")


def test_ex1_70_skitty_plus_energy_with_no_basic_energy_in_hand_does_nothing():
    st = _plus_energy_board(hand=(DARKNESS_ENERGY,))
    assert attack_choices(st, "Plus Energy") == [{}]
    d = hit(st, "Plus Energy")
    assert mine(d).active.energy == st.seats[0].active.energy
    said(d, "has no basic Energy card in hand: Plus Energy attaches nothing")
    assert theirs(hit(plain(SKITTY_70, [GRASS]), "Scratch")).active.damage == 10


def test_ex1_71_skitty_lunge_tails_does_nothing():
    st = plain(SKITTY_71, [GRASS, GRASS])
    assert theirs(hit(st, "Lunge", ["heads"])).active.damage == 30
    d = hit(st, "Lunge", ["tails"])
    assert theirs(d).active.damage == 0
    said(d, "Lunge does nothing")
    assert theirs(hit(plain(SKITTY_71, [GRASS]), "Tackle")).active.damage == 10


# -- ex1-72 Taillow ----------------------------------------------------------------------------

def test_ex1_72_taillow_peck_and_wing_attack():
    assert theirs(hit(plain(TAILLOW, [GRASS]), "Peck")).active.damage == 10
    assert theirs(hit(plain(TAILLOW, [GRASS, GRASS]), "Wing Attack")).active.damage == 20


# -- ex1-73, ex1-74 Torchic --------------------------------------------------------------------

def test_ex1_73_torchic_fireworks_tails_discards_the_fire_energy_chosen():
    st = plain(TORCHIC_73, [FIRE, FIRE])
    first, second = st.seats[0].active.energy
    assert attack_choices(st, "Fireworks") == [{"cards": [first]}, {"cards": [second]}]
    refuse(st, 0, {"type": "attack", "attack": "Fireworks", "choices": {}}, "R-ATTACK-2")
    d = hit(st, "Fireworks", ["tails"], cards=[second])
    assert theirs(d).active.damage == 30 and mine(d).active.energy == [first] and mine(d).discard == [second]
    said(d, "Torchic discards Fire Energy attached to it. [R-ENERGY-3]")
    d = hit(st, "Fireworks", ["heads"], cards=[second])
    assert mine(d).active.energy == [first, second] and mine(d).discard == []


def test_ex1_73_torchic_fireworks_with_one_fire_energy_needs_no_choice():
    st = plain(TORCHIC_73, [FIRE, GRASS])
    fire, grass = st.seats[0].active.energy
    assert attack_choices(st, "Fireworks") == [{}]
    d = hit(st, "Fireworks", ["tails"])
    assert mine(d).active.energy == [grass] and mine(d).discard == [fire]
    assert theirs(hit(plain(TORCHIC_73, [GRASS]), "Peck")).active.damage == 10


def test_ex1_74_torchic_singe_heads_burns():
    st = plain(TORCHIC_74, [GRASS])
    d = hit(st, "Singe", ["heads", "heads"])   # the Burn flip between turns: heads, no counters
    assert theirs(d).active.conditions == ["burned"] and theirs(d).active.damage == 0
    assert theirs(hit(st, "Singe", ["tails"])).active.conditions == []


# -- ex1-75, ex1-76 Treecko --------------------------------------------------------------------

def test_ex1_75_treecko_poison_breath_heads_poisons():
    st = plain(TREECKO_75, [GRASS])
    d = hit(st, "Poison Breath", ["heads"])
    assert theirs(d).active.conditions == ["poisoned"] and theirs(d).active.damage == 10   # Poison between turns
    assert theirs(hit(st, "Poison Breath", ["tails"])).active.conditions == []


def test_ex1_76_treecko_tail_slap_and_razor_leaf():
    assert theirs(hit(plain(TREECKO_76, [GRASS]), "Tail Slap")).active.damage == 10
    assert theirs(hit(plain(TREECKO_76, [GRASS, GRASS]), "Razor Leaf")).active.damage == 20


# -- ex1-77 Wingull ----------------------------------------------------------------------------

def test_ex1_77_wingull_surprise_attack_tails_does_nothing():
    st = plain(WINGULL, [WATER])
    assert theirs(hit(st, "Surprise Attack", ["heads"])).active.damage == 20
    assert theirs(hit(st, "Surprise Attack", ["tails"])).active.damage == 0


# -- ex1-78 Wurmple: Signs of Evolution, Poison Barb ----------------------------------------------

def _wurmple_board(deck):
    return board(side(poke(WURMPLE, [GRASS]), deck=list(deck)), side(poke(TARGET)))


def test_ex1_78_wurmple_signs_of_evolution_shows_the_deck_then_takes_a_pair():
    st = _wurmple_board([FIGHTING, SILCOON, CASCOON, BEAUTIFLY, DUSTOX, FIGHTING, SILCOON])
    deck = list(st.seats[0].deck)
    silcoon, cascoon, beautifly, dustox, silcoon2 = deck[1], deck[2], deck[3], deck[4], deck[6]
    d = hit(st, "Signs of Evolution")
    pending = d.state.pending
    assert pending["look"] == deck and pending["by"] == "attack" and pending["seat"] == 0
    assert d.state.seat_to_act == 0 and d.state.turn == 3          # the attack waits for the choice
    said(d, "Seat 0 (Ana) looks through the deck for Signs of Evolution")
    offered = [a["choices"] for a in legal_actions(d.state, 0) if a["type"] == "choose"]
    assert offered == [{"search": [silcoon]}, {"search": [cascoon]}, {"search": [beautifly]}, {"search": [dustox]},
                       {"search": [silcoon2]}, {"search": [silcoon, beautifly]}, {"search": [cascoon, dustox]},
                       {"search": [beautifly, silcoon2]}]
    refuse(d.state, 0, {"type": "end_turn"}, "R-TRAINER-1", contains="choose")
    refuse(d.state, 1, {"type": "choose", "choices": {"search": [silcoon]}}, "R-TRAINER-1")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [silcoon, dustox]}}, "R-ATTACK-2", contains="pair")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [silcoon, silcoon2]}}, "R-ATTACK-2")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [deck[0]]}}, "R-ATTACK-2")
    d2 = act(d.state, 0, {"type": "choose", "choices": {"search": [silcoon, beautifly]}})
    assert cards(d2.state, mine(d2).hand) == [SILCOON, BEAUTIFLY]
    assert d2.state.pending is None and d2.state.seat_to_act == 1 and d2.state.turn == 4
    said(d2, "puts them into the hand and shuffles the deck")
    said(d2, "The attack ends the turn. [R-TURN-3]")


def test_ex1_78_wurmple_signs_of_evolution_finds_nothing_in_a_deck_without_them():
    st = _wurmple_board([FIGHTING, GRASS])
    d = hit(st, "Signs of Evolution")
    assert [a["choices"] for a in legal_actions(d.state, 0) if a["type"] == "choose"] == [{"search": []}]
    d2 = act(d.state, 0, {"type": "choose", "choices": {"search": []}})
    assert mine(d2).hand == [] and d2.state.seat_to_act == 1
    said(d2, "finds no such card and shuffles the deck")


def test_ex1_78_wurmple_signs_of_evolution_at_once_or_with_an_empty_deck():
    # a judge gives the choice with the attack: one action
    st = _wurmple_board([FIGHTING, DUSTOX, CASCOON])
    dustox = st.seats[0].deck[1]
    d = hit(st, "Signs of Evolution", search=[dustox])
    assert d.state.pending is None and cards(d.state, mine(d).hand) == [DUSTOX] and d.state.turn == 4
    refuse(st, 0, {"type": "attack", "attack": "Signs of Evolution", "choices": {"search": [st.seats[0].deck[0]]}},
           "R-ATTACK-2")
    # nothing to look through: no choose step (the opponent's next draw still has cards)
    empty = board(side(poke(WURMPLE, [GRASS]), deck=[]), side(poke(TARGET)))
    d = hit(empty, "Signs of Evolution")
    assert d.state.pending is None and d.state.turn == 4
    said(d, "deck is empty: there is nothing to find")


def test_ex1_78_wurmple_poison_barb_poisons():
    d = hit(plain(WURMPLE, [GRASS]), "Poison Barb")
    assert theirs(d).active.conditions == ["poisoned"] and theirs(d).active.damage == 10


# -- ex1-79 Zigzagoon --------------------------------------------------------------------------

def test_ex1_79_zigzagoon_fury_swipes_10_times_heads_of_3_coins():
    st = plain(ZIGZAGOON, [GRASS])
    assert theirs(hit(st, "Fury Swipes", ["heads", "heads", "tails"])).active.damage == 20
    assert theirs(hit(st, "Fury Swipes", ["heads"] * 3)).active.damage == 30


def test_ex1_78_wurmple_signs_of_evolution_at_a_paper_table_names_the_cards_by_id():
    """Table mode: the deck shown is unknown; `choose` names the cards by card id (choose_zones)."""
    ana = [WURMPLE] * 4 + [SILCOON] * 4 + [BEAUTIFLY] * 2 + [GRASS] * 50
    beto = [TARGET] * 4 + [FIGHTING] * 56
    st = table_opening(ana, beto, WURMPLE, TARGET)
    looked = table_step(st, 0, {"type": "attack", "attack": "Signs of Evolution", "choices": {}}).state
    assert looked.pending["look"] == looked.seats[0].deck
    done = table_step(looked, 0, {"type": "choose", "choices": {"search": [SILCOON, BEAUTIFLY]}}).state
    assert sorted(done.card_id(i) for i in done.seats[0].hand) == sorted([SILCOON, BEAUTIFLY] + [GRASS] * 5)
    assert done.seat_to_act == 1
