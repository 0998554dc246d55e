"""The Ability templates of a moment (`compiler/ability_triggers.py`, `effects/ability_triggers.py`
has the rulings): a step after a Pokémon is played from the hand or moves from the Bench to the
Active Spot (the `on_moved_to_active` hook), and the Prize cards of a Knock Out."""
from __future__ import annotations

from types import SimpleNamespace

from projections.tcg import carddb, hooks
from projections.tcg.actions import SETTLED_BY_CHECKS
from projections.tcg.cards.compiler.abilities import compile_power

from .fixtures import act, choose_offers, choose_step, modern, poke, power_choices, refuse, side

GRASS, FIGHTING, METAL, DARKNESS = "sve-1", "sve-6", "sve-8", "sve-7"
PIDGEY, SKIDDO, KORAIDON = "sv3-162", "sv1-11", "me2pt5-121"
YANMEGA, NINJASK, SHEDINJA, NINCADA = "sv10-3", "me1-17", "me1-61", "me1-16"
NOCTOWL, HOOTHOOT, ARCHALUDON, DURALUDON, URSALUNA = "sv7-115", "sv7-114", "sv8-130", "sv8-129", "sv6pt5-25"
HYDREIGON, TOGEKISS, GENGAR, MUNKIDORI, PECHARUNT = "rsv10pt5-67", "sv8-72", "me2-56", "sv6pt5-37", "sv6pt5-39"


def seat(active, bench=(), hand=(), deck=None, discard=()):
    return side(active, bench, hand, [FIGHTING] * 8 if deck is None else deck, discard=discard,
                filler=(FIGHTING, FIGHTING))


def use(holder, name, **choices):
    return {"type": "use_power", "pokemon": holder, "power": name, "choices": choices}


def evolve(state, card_id, target):
    card = next(i for i in state.seats[0].hand if state.instances[i] == card_id)
    return act(state, 0, {"type": "evolve", "card": card, "target": target}).state, card


def almost(text):
    return compile_power(SimpleNamespace(power=SimpleNamespace(kind="Ability", text=text, name="X"), name="X"))


# -- the moment a Pokémon moves from the Bench to the Active Spot ---------------------------------------

def test_on_moved_to_active_is_a_tell_hook_the_retreat_and_the_promotion_declare():
    assert hooks.HOOKS["on_moved_to_active"][:2] == ("tell", "PokemonEvent")
    assert "on_moved_to_active" in SETTLED_BY_CHECKS["retreat"] and "on_moved_to_active" in SETTLED_BY_CHECKS["promote"]


def _yanmega_board():
    return modern(seat(poke(PIDGEY, energy=[GRASS]), bench=[poke(YANMEGA)], hand=[GRASS],
                       deck=[GRASS, FIGHTING, GRASS, GRASS]),
                  seat(poke(SKIDDO)))


def test_r_power_1_buzzing_boost_searches_energy_when_yanmega_ex_moves_to_the_active_spot():
    st = _yanmega_board()
    yanmega = st.seats[0].bench[0].top
    refuse(st, 0, use(yanmega, "Buzzing Boost"), "R-POWER-1", contains="moment has passed")
    moved = act(st, 0, {"type": "retreat", "to": yanmega, "discard": [st.seats[0].active.energy[0]]}).state
    assert power_choices(moved, "Buzzing Boost") == [{}]
    shown = act(moved, 0, use(yanmega, "Buzzing Boost")).state
    grass = [i for i in shown.seats[0].deck if shown.instances[i] == GRASS]
    done = choose_step(shown, search=grass)
    assert sorted(done.state.seats[0].active.energy) == sorted(grass)
    refuse(done.state, 0, use(yanmega, "Buzzing Boost"), "R-POWER-1")         # once


def test_r_power_1_buzzing_boost_passes_with_another_action_first():
    st = _yanmega_board()
    yanmega = st.seats[0].bench[0].top
    moved = act(st, 0, {"type": "retreat", "to": yanmega, "discard": [st.seats[0].active.energy[0]]}).state
    later = act(moved, 0, {"type": "attach_energy", "card": moved.seats[0].hand[0], "target": yanmega}).state
    assert power_choices(later, "Buzzing Boost") == []
    refuse(later, 0, use(yanmega, "Buzzing Boost"), "R-POWER-1", contains="moment has passed")


# -- played from the hand, times a step ---------------------------------------------------------------

def test_r_power_1_cast_off_shell_benches_a_shedinja_after_ninjask_evolves():
    st = modern(seat(poke(NINCADA, entered_turn=1), hand=[NINJASK], deck=[SHEDINJA, FIGHTING]), seat(poke(SKIDDO)))
    evolved, ninjask = evolve(st, NINJASK, st.seats[0].active.top)
    shown = act(evolved, 0, use(ninjask, "Cast-Off Shell")).state
    shedinja = next(i for i in shown.seats[0].deck if shown.instances[i] == SHEDINJA)
    done = choose_step(shown, search=[shedinja])
    assert [p.top for p in done.state.seats[0].bench] == [shedinja]


def test_r_power_1_jewel_seeker_needs_a_tera_pokemon_in_play():
    st = modern(seat(poke(HOOTHOOT, entered_turn=1), hand=[NOCTOWL]), seat(poke(SKIDDO)))
    evolved, noctowl = evolve(st, NOCTOWL, st.seats[0].active.top)
    refuse(evolved, 0, use(noctowl, "Jewel Seeker"), "R-POWER-1", contains="Tera Pokémon")
    tera = modern(seat(poke(HOOTHOOT, entered_turn=1), bench=[poke(KORAIDON)], hand=[NOCTOWL]), seat(poke(SKIDDO)))
    evolved, noctowl = evolve(tera, NOCTOWL, tera.seats[0].active.top)
    assert act(evolved, 0, use(noctowl, "Jewel Seeker")).state.pending["kind"] == "search"


def test_r_power_1_assemble_alloy_attaches_from_the_discard_pile_to_metal_pokemon_in_any_way():
    st = modern(seat(poke(DURALUDON, entered_turn=1), bench=[poke(DURALUDON), poke(PIDGEY)], hand=[ARCHALUDON],
                     discard=[METAL, METAL, GRASS]), seat(poke(SKIDDO)))
    evolved, archaludon = evolve(st, ARCHALUDON, st.seats[0].active.top)
    metal = [i for i in evolved.seats[0].discard if evolved.instances[i] == METAL]
    other = evolved.seats[0].bench[0].top
    assert {"cards": metal, "to": [other, other]} in power_choices(evolved, "Assemble Alloy")
    refuse(evolved, 0, use(archaludon, "Assemble Alloy", cards=metal, to=[other, evolved.seats[0].bench[1].top]),
           "R-POWER-1", contains="card by card")                             # Pidgey is no Metal Pokémon
    done = act(evolved, 0, use(archaludon, "Assemble Alloy", cards=metal, to=[archaludon, other])).state
    assert done.seats[0].active.energy == [metal[0]] and done.seats[0].bench[0].energy == [metal[1]]


def test_r_power_1_battle_hardened_attaches_from_the_hand_when_benched():
    st = modern(seat(poke(PIDGEY), hand=[URSALUNA, FIGHTING, FIGHTING, GRASS]), seat(poke(SKIDDO)))
    ursaluna = st.seats[0].hand[0]
    benched = act(st, 0, {"type": "bench", "card": ursaluna}).state
    fighting = [i for i in benched.seats[0].hand if benched.instances[i] == FIGHTING]
    done = act(benched, 0, use(ursaluna, "Battle-Hardened")).state
    assert sorted(done.seats[0].bench[0].energy) == sorted(fighting)


def test_trigger_texts_that_almost_match_do_not_compile():
    assert almost("When you play this Pokémon from your hand onto your Bench during your turn, you may attach up "
                  "to 2 Basic Fighting Energy cards from your hand to 1 of your Pokémon.") is None
    assert almost("Once during your turn, when this Pokémon moves from the Active Spot to the Bench, you may use "
                  "this Ability. Attach up to 2 Basic Water Energy cards from your hand to this Pokémon.") is None
    assert almost("If this Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon, search "
                  "your deck for a card and put it into your hand. Then, shuffle your deck.") is None
    assert almost("When your opponent's Pokémon is Knocked Out, flip a coin. If heads, take 1 more Prize card. The "
                  "effect of Wonder Kiss doesn't stack.") is None


# -- Prize cards ----------------------------------------------------------------------------------------

def _taken(before, d, seat_no=0):
    return len(before.seats[seat_no].prizes) - len(d.state.seats[seat_no].prizes)


def test_r_ko_2_greedy_eater_takes_one_more_prize_for_a_basic_knocked_out_by_hydreigon_ex():
    st = modern(seat(poke(HYDREIGON, energy=[DARKNESS] * 5)), seat(poke(PIDGEY), bench=[poke(SKIDDO)]))
    d = act(st, 0, {"type": "attack", "attack": "Dark Bite", "choices": {}})
    assert _taken(st, d) == 2
    evolved = modern(seat(poke(HYDREIGON, energy=[DARKNESS] * 5)), seat(poke(NOCTOWL), bench=[poke(SKIDDO)]))
    assert _taken(evolved, act(evolved, 0, {"type": "attack", "attack": "Dark Bite", "choices": {}})) == 1


def test_r_ko_2_wonder_kiss_flips_once_however_many_togekiss():
    st = modern(seat(poke(TOGEKISS, energy=[GRASS] * 3), bench=[poke(TOGEKISS)]), seat(poke(PIDGEY),
                                                                                     bench=[poke(SKIDDO)]))
    assert _taken(st, act(st, 0, {"type": "attack", "attack": "Speed Wing", "choices": {}}, ["heads"])) == 2
    assert _taken(st, act(st, 0, {"type": "attack", "attack": "Speed Wing", "choices": {}}, ["tails"])) == 1


def test_r_ko_2_fragile_husk_gives_no_prize_to_a_pokemon_ex_only():
    by_ex = modern(seat(poke(MUNKIDORI, energy=[DARKNESS] * 3)), seat(poke(SHEDINJA), bench=[poke(SKIDDO)]),
                   seat_to_act=1)
    assert _headbutt(by_ex) == 0
    by_other = modern(seat(poke(TOGEKISS, energy=[GRASS] * 3)), seat(poke(SHEDINJA), bench=[poke(SKIDDO)]),
                      seat_to_act=1)
    assert _taken(by_other, act(by_other, 1, {"type": "attack", "attack": "Speed Wing", "choices": {}},
                                ["tails"]), 1) == 1


def _headbutt(mine, seat_no=1):
    return _taken(mine, act(mine, seat_no, {"type": "attack", "attack": "Dirty Headbutt", "choices": {}}), seat_no)


def test_r_ko_2_shadowy_concealment_one_fewer_and_does_not_stack():
    st = modern(seat(poke(MUNKIDORI, energy=[DARKNESS] * 3), bench=[poke(GENGAR)]),
                seat(poke(MUNKIDORI, damage=20), bench=[poke(GENGAR), poke(GENGAR)]), seat_to_act=1)
    assert _headbutt(st) == 1                  # the attacker's own Mega Gengar ex (asked first) is not theirs


def test_r_ko_2_oh_no_you_dont_needs_pecharunt_ex_in_play():
    alone = modern(seat(poke(MUNKIDORI, energy=[DARKNESS] * 3)), seat(poke(MUNKIDORI, damage=20),
                                                                      bench=[poke(SKIDDO)]), seat_to_act=1)
    assert _headbutt(alone) == 2
    with_pecharunt = modern(seat(poke(MUNKIDORI, energy=[DARKNESS] * 3)),
                            seat(poke(MUNKIDORI, damage=20), bench=[poke(PECHARUNT)]), seat_to_act=1)
    assert _headbutt(with_pecharunt) == 1


def test_the_cards_compile_by_these_templates():
    assert carddb.card(YANMEGA).power.compiled_by == ("trigger_search_deck",)
    assert carddb.card(GENGAR).power.compiled_by == ("prize_if_yours_of_type_knocked_out",)


# -- more steps after the same moments ------------------------------------------------------------------

IRON_LEAVES, LEDYBA, LEDIAN, ZUBAT, GOLBAT = "sv5-25", "sv7-2", "sv7-3", "sv10-120", "sv10-121"
COTTONEE, WHIMSICOTT, SKWOVET, GREEDENT, SANDWICH = "sv5-14", "sv5-15", "sv10-158", "sv10-159", "sv10-161"


def _evolved(mine, theirs, basic, evolution):
    st = modern(seat(poke(basic, entered_turn=1), hand=[evolution], **mine), theirs)
    return evolve(st, evolution, st.seats[0].active.top)


def test_r_retreat_6_rapid_vernier_switches_iron_leaves_ex_in_and_gathers_energy():
    st = modern(seat(poke(PIDGEY, energy=[GRASS, GRASS]), bench=[poke(SKIDDO, energy=[GRASS])],
                     hand=[IRON_LEAVES]), seat(poke(SKIDDO)))
    leaves = st.seats[0].hand[0]
    benched = act(st, 0, {"type": "bench", "card": leaves}).state
    pidgey = benched.seats[0].active.top
    moved = benched.seats[0].active.energy[:1] + benched.seats[0].bench[0].energy
    done = act(benched, 0, use(leaves, "Rapid Vernier", cards=moved)).state
    assert done.seats[0].active.top == leaves and sorted(done.seats[0].active.energy) == sorted(moved)
    assert [len(p.energy) for p in done.seats[0].bench if p.top == pidgey] == [1]     # the Pidgey kept one
    refuse(done, 0, use(leaves, "Rapid Vernier"), "R-POWER-1", contains="moment has passed")
    other = benched.seats[1].active.energy
    refuse(benched, 0, use(leaves, "Rapid Vernier", cards=["1:0", *other]), "R-POWER-1")


def test_r_retreat_6_glittering_star_pattern_switches_in_a_benched_pokemon_of_at_most_the_hp():
    theirs = seat(poke(PIDGEY), bench=[poke(SKIDDO, damage=10), poke(IRON_LEAVES)])
    evolved, ledian = _evolved({}, theirs, LEDYBA, LEDIAN)
    skiddo, leaves = (p.top for p in evolved.seats[1].bench)
    assert power_choices(evolved, "Glittering Star Pattern") == [{}]             # only the Skiddo fits
    refuse(evolved, 0, use(ledian, "Glittering Star Pattern", pokemon=[leaves]), "R-POWER-1")
    done = act(evolved, 0, use(ledian, "Glittering Star Pattern")).state
    assert done.seats[1].active.top == skiddo


def test_r_damage_3_sneaky_bite_puts_damage_counters_on_one_of_the_opponents_pokemon():
    evolved, golbat = _evolved({}, seat(poke(PIDGEY), bench=[poke(SKIDDO)]), ZUBAT, GOLBAT)
    skiddo = evolved.seats[1].bench[0].top
    done = act(evolved, 0, use(golbat, "Sneaky Bite", pokemon=[skiddo])).state
    assert done.seats[1].bench[0].damage == 20 and done.seats[1].active.damage == 0
    refuse(evolved, 0, use(golbat, "Sneaky Bite", pokemon=[golbat]), "R-POWER-1")


def test_r_power_1_wafting_heal_heals_the_active_grass_pokemon_and_discards_its_energy():
    st = modern(seat(poke(SKIDDO, damage=40, energy=[GRASS]), bench=[poke(COTTONEE, entered_turn=1)],
                     hand=[WHIMSICOTT]), seat(poke(PIDGEY)))
    evolved, whimsicott = evolve(st, WHIMSICOTT, st.seats[0].bench[0].top)
    done = act(evolved, 0, use(whimsicott, "Wafting Heal")).state
    assert done.seats[0].active.damage == 0 and done.seats[0].active.energy == []
    undamaged = modern(seat(poke(SKIDDO, energy=[GRASS]), bench=[poke(COTTONEE, entered_turn=1)], hand=[WHIMSICOTT]),
                       seat(poke(PIDGEY)))
    evolved, whimsicott = evolve(undamaged, WHIMSICOTT, undamaged.seats[0].bench[0].top)
    refuse(evolved, 0, use(whimsicott, "Wafting Heal"), "R-POWER-1", contains="has damage")


def test_r_power_1_greedy_order_puts_named_cards_from_the_discard_pile_into_the_hand():
    evolved, greedent = _evolved({"discard": [SANDWICH, SANDWICH, SANDWICH, GRASS]}, seat(poke(PIDGEY)), SKWOVET,
                                 GREEDENT)
    sandwiches = [i for i in evolved.seats[0].discard if evolved.instances[i] == SANDWICH]
    assert power_choices(evolved, "Greedy Order") == [{"cards": sandwiches[:1]}, {"cards": sandwiches[:2]}]
    done = act(evolved, 0, use(greedent, "Greedy Order", cards=sandwiches[:2])).state
    assert set(sandwiches[:2]) <= set(done.seats[0].hand)
    refuse(evolved, 0, use(greedent, "Greedy Order", cards=sandwiches), "R-POWER-1")


# -- damage counters on the Attacking Pokémon ----------------------------------------------------------

SPIRITOMB, ORTHWORM = "me1-87", "sv7-110"


def test_r_damage_3_spiritomb_counters_when_your_active_darkness_pokemon_is_damaged():
    dark = modern(seat(poke(TOGEKISS, energy=[GRASS] * 3)), seat(poke(MUNKIDORI), bench=[poke(SPIRITOMB)]),
                  seat_to_act=1)
    d = act(dark, 1, {"type": "attack", "attack": "Speed Wing", "choices": {}})
    assert d.state.seats[1].active.damage == 10
    other = modern(seat(poke(TOGEKISS, energy=[GRASS] * 3)), seat(poke(ORTHWORM), bench=[poke(SPIRITOMB)]),
                   seat_to_act=1)
    assert act(other, 1, {"type": "attack", "attack": "Speed Wing", "choices": {}}).state.seats[1].active.damage == 0


def test_r_damage_3_orthworm_ex_counters_for_each_metal_energy_attached():
    st = modern(seat(poke(PIDGEY, energy=[GRASS])), seat(poke(ORTHWORM, energy=[METAL, METAL, GRASS])), seat_to_act=1)
    d = act(st, 1, {"type": "attack", "attack": "Gust", "choices": {}})
    assert d.state.seats[0].active.damage == 20
    assert any("4 damage counters on Pidgey" in line for line in d.narration)       # 2 for each Metal


FLYGON, VIBRAVA = "me2-53", "me2-52"


def test_r_power_1_flygon_discards_the_opponents_top_cards_on_evolving_or_when_knocked_out_active():
    evolved, flygon = _evolved({}, seat(poke(PIDGEY), deck=[GRASS, METAL, FIGHTING]), VIBRAVA, FLYGON)
    done = act(evolved, 0, use(flygon, "Sandy Flapping")).state
    assert [done.instances[i] for i in done.seats[1].discard] == [GRASS, METAL]
    knocked = modern(seat(poke(MUNKIDORI, energy=[DARKNESS] * 3), deck=[GRASS, METAL, FIGHTING]),
                     seat(poke(FLYGON, damage=100), bench=[poke(SKIDDO)]), seat_to_act=1)
    d = act(knocked, 1, {"type": "attack", "attack": "Dirty Headbutt", "choices": {}})
    assert [d.state.instances[i] for i in d.state.seats[1].discard][:2] == [GRASS, METAL]


DRILBUR, IMPIDIMP, MORGREM, GRIMMSNARL = "sv5-85", "sv10-134", "sv10-135", "sv10-136"


def test_r_power_1_dig_dig_dig_discards_the_energy_it_finds():
    st = modern(seat(poke(PIDGEY), hand=[DRILBUR], deck=[FIGHTING, GRASS, FIGHTING]), seat(poke(SKIDDO)))
    drilbur = st.seats[0].hand[0]
    shown = act(act(st, 0, {"type": "bench", "card": drilbur}).state, 0, use(drilbur, "Dig Dig Dig")).state
    fighting = [i for i in shown.seats[0].deck if shown.instances[i] == FIGHTING]
    done = choose_step(shown, search=fighting)
    assert sorted(done.state.seats[0].discard) == sorted(fighting) and len(done.state.seats[0].deck) == 1


def test_r_power_1_punk_up_attaches_the_energy_to_marnies_pokemon_in_any_way():
    evolved, snarl = _evolved({"bench": [poke(IMPIDIMP), poke(PIDGEY)], "deck": [DARKNESS, DARKNESS, GRASS]},
                              seat(poke(PIDGEY)), MORGREM, GRIMMSNARL)
    shown = act(evolved, 0, use(snarl, "Punk Up")).state
    dark = [i for i in shown.seats[0].deck if shown.instances[i] == DARKNESS]
    imp, pidgey = (p.top for p in shown.seats[0].bench)
    refuse(shown, 0, {"type": "choose", "choices": {"search": dark, "to": [imp, pidgey]}}, "R-POWER-1",
           contains="card by card")
    done = act(shown, 0, {"type": "choose", "choices": {"search": dark, "to": [snarl, imp]}}).state
    assert done.seats[0].active.energy == dark[:1] and done.seats[0].bench[0].energy == dark[1:]


CUTIEFLY, RIBOMBEE = "sv9-66", "sv9-67"


def test_r_bench_2_inviting_wink_shows_the_opponents_hand_then_benches_basics_of_it():
    evolved, ribombee = _evolved({}, seat(poke(PIDGEY), hand=[SKIDDO, GRASS, PIDGEY]), CUTIEFLY, RIBOMBEE)
    shown = act(evolved, 0, use(ribombee, "Inviting Wink"))
    assert shown.state.pending["kind"] == "look"
    skiddo, _, pidgey = shown.state.seats[1].hand
    assert {"cards": [skiddo, pidgey]} in choose_offers(shown.state)
    done = choose_step(shown.state, cards=[skiddo])
    assert [p.top for p in done.state.seats[1].bench] == [skiddo] and pidgey in done.state.seats[1].hand
    empty = _evolved({}, seat(poke(PIDGEY)), CUTIEFLY, RIBOMBEE)
    refuse(empty[0], 0, use(empty[1], "Inviting Wink"), "R-POWER-1", contains="hand is empty")


CLAUNCHER, CLAWITZER, WATER = "me1-37", "me1-38", "sve-3"


def test_r_power_1_fall_back_to_reload_attaches_from_the_hand_after_clawitzer_retreats():
    st = modern(seat(poke(CLAWITZER, energy=[WATER, WATER]), bench=[poke(PIDGEY)], hand=[WATER, WATER, WATER]),
                seat(poke(SKIDDO)))
    claw = st.seats[0].active.top
    refuse(st, 0, use(claw, "Fall Back to Reload"), "R-POWER-1", contains="Active Spot to your Bench")
    retreated = act(st, 0, {"type": "retreat", "to": st.seats[0].bench[0].top,
                            "discard": st.seats[0].active.energy[:carddb.card(CLAWITZER).retreat_cost]}).state
    water = retreated.seats[0].hand[:2]
    done = act(retreated, 0, use(claw, "Fall Back to Reload", cards=water)).state
    assert set(water) <= set(done.seats[0].bench[0].energy)


MARACTUS = "sv9-8"


def test_r_damage_3_maractus_knocked_out_in_the_active_spot_puts_counters_on_the_attacker():
    st = modern(seat(poke(MUNKIDORI, energy=[DARKNESS] * 3)), seat(poke(MARACTUS), bench=[poke(SKIDDO)]),
                seat_to_act=1)
    d = act(st, 1, {"type": "attack", "attack": "Dirty Headbutt", "choices": {}})
    assert d.state.seats[1].active.damage == 60
    benched = modern(seat(poke(MUNKIDORI, energy=[DARKNESS] * 3)), seat(poke(SKIDDO), bench=[poke(MARACTUS)]),
                     seat_to_act=1)
    assert act(benched, 1, {"type": "attack", "attack": "Dirty Headbutt", "choices": {}}).state.seats[1].active.damage \
        == 0


HUNTAIL = "sv10-55"


def test_r_ko_1_divers_catch_keeps_the_basic_water_energy_of_a_water_pokemon_knocked_out():
    st = modern(seat(poke(MUNKIDORI, energy=[DARKNESS] * 3)),
                seat(poke(HUNTAIL, damage=100, energy=[WATER, WATER, GRASS]), bench=[poke(SKIDDO)]), seat_to_act=1)
    d = act(st, 1, {"type": "attack", "attack": "Dirty Headbutt", "choices": {}})
    assert sorted(d.state.instances[i] for i in d.state.seats[0].hand) == [WATER, WATER]
    assert GRASS in [d.state.instances[i] for i in d.state.seats[0].discard]


LATIOS, MEGA_LATIAS = "me1-101", "me1-100"


def test_r_energy_3_lustrous_assist_moves_benched_energy_when_mega_latias_ex_moves_in():
    st = modern(seat(poke(PIDGEY, energy=[GRASS]), bench=[poke(MEGA_LATIAS), poke(LATIOS, energy=[WATER, WATER])]),
                seat(poke(SKIDDO)))
    latias, latios = (p.top for p in st.seats[0].bench)
    refuse(st, 0, use(latios, "Lustrous Assist"), "R-POWER-1", contains="moment has passed")
    moved = act(st, 0, {"type": "retreat", "to": latias, "discard": st.seats[0].active.energy}).state
    water = moved.seats[0].bench[1].energy
    assert {"cards": water} in power_choices(moved, "Lustrous Assist")
    done = act(moved, 0, use(latios, "Lustrous Assist", cards=water)).state
    assert done.seats[0].active.top == latias and done.seats[0].active.energy == water


TINKATINK, TINKATUFF = "me1-96", "me1-97"


def test_r_power_1_haphazard_hammer_discards_an_energy_of_the_opponents_active_on_heads():
    evolved, tuff = _evolved({}, seat(poke(PIDGEY, energy=[GRASS, WATER])), TINKATINK, TINKATUFF)
    water = evolved.seats[1].active.energy[1]
    refuse(evolved, 0, use(tuff, "Haphazard Hammer"), "R-POWER-1", coins=["heads"])     # which Energy
    heads = act(evolved, 0, use(tuff, "Haphazard Hammer", cards=[water]), ["heads"]).state
    assert heads.seats[1].active.energy == evolved.seats[1].active.energy[:1]
    tails = act(evolved, 0, use(tuff, "Haphazard Hammer", cards=[water]), ["tails"]).state
    assert len(tails.seats[1].active.energy) == 2
    bare, tuff = _evolved({}, seat(poke(PIDGEY)), TINKATINK, TINKATUFF)
    refuse(bare, 0, use(tuff, "Haphazard Hammer"), "R-POWER-1", contains="no Energy")


INDEEDEE = "sv8-93"


def test_r_status_1_obliging_heal_heals_the_active_and_ends_one_special_condition():
    st = modern(seat(poke(PIDGEY, damage=40, conditions=["poisoned", "confused"]), hand=[INDEEDEE]), seat(poke(SKIDDO)))
    indeedee = st.seats[0].hand[0]
    benched = act(st, 0, {"type": "bench", "card": indeedee}).state
    assert sorted(c["type"] for c in power_choices(benched, "Obliging Heal")) == ["confused", "poisoned"]
    refuse(benched, 0, use(indeedee, "Obliging Heal"), "R-POWER-1", contains="choices.type")
    done = act(benched, 0, use(indeedee, "Obliging Heal", type="confused")).state
    assert done.seats[0].active.damage == 10 and done.seats[0].active.conditions == ["poisoned"]
    fine = modern(seat(poke(PIDGEY), hand=[INDEEDEE]), seat(poke(SKIDDO)))
    benched = act(fine, 0, {"type": "bench", "card": fine.seats[0].hand[0]}).state
    refuse(benched, 0, use(fine.seats[0].hand[0], "Obliging Heal"), "R-POWER-1", contains="no damage")


SPOINK, GRUMPIG = "me1-62", "me1-63"


def test_r_hidden_1_energized_steps_attaches_basic_energy_looked_at_in_any_way():
    evolved, grumpig = _evolved({"bench": [poke(PIDGEY)], "deck": [GRASS, SKIDDO, WATER, FIGHTING, GRASS]},
                                seat(poke(SKIDDO)), SPOINK, GRUMPIG)
    shown = act(evolved, 0, use(grumpig, "Energized Steps")).state
    top = shown.pending["look"]
    assert len(top) == 4 and shown.instances[shown.seats[0].deck[4]] == GRASS
    grass, water = top[0], top[2]
    pidgey = shown.seats[0].bench[0].top
    refuse(shown, 0, {"type": "choose", "choices": {"cards": [grass, shown.seats[0].deck[4]], "to": [pidgey, pidgey]}},
           "R-POWER-1")                                                     # the fifth card was not looked at
    done = choose_step(shown, cards=[grass, water], to=[grumpig, pidgey], offered=False)
    assert done.state.seats[0].active.energy == [grass] and done.state.seats[0].bench[0].energy == [water]
    assert len(done.state.seats[0].deck) == 3


AIPOM, AMBIPOM = "sv6-137", "sv6-138"


def test_r_hidden_1_wicked_tail_shuffles_a_random_card_of_the_opponents_hand_per_heads():
    evolved, ambipom = _evolved({}, seat(poke(PIDGEY), hand=[GRASS, WATER, FIGHTING]), AIPOM, AMBIPOM)
    one = act(evolved, 0, use(ambipom, "Wicked Tail"), ["heads", "tails"]).state
    assert len(one.seats[1].hand) == 2 and len(one.seats[1].deck) == len(evolved.seats[1].deck) + 1
    both = act(evolved, 0, use(ambipom, "Wicked Tail"), ["heads", "heads"]).state
    assert len(both.seats[1].hand) == 1
    empty, ambipom = _evolved({}, seat(poke(PIDGEY)), AIPOM, AMBIPOM)
    refuse(empty, 0, use(ambipom, "Wicked Tail"), "R-POWER-1", contains="hand is empty")
