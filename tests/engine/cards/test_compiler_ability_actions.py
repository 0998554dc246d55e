"""The Abilities a player uses compiled from their printed text (`cards/compiler/ability_actions.py`,
blocks in `cards/effects/ability_actions.py`), ruleset `modern`: each template with a real card it
compiles (the legal use and the refused one, the rule id in the test's name), and texts that
almost match and must not compile."""
import pytest

from projections.tcg.carddb import CardDef, PowerDef, card
from projections.tcg.cards.compiler.abilities import compile_power

from .fixtures import act, board, poke, power, refuse, use

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
DELIBIRD = "me1-105"            # Basic Colorless
SLUGMA = "me2pt5-23"            # Ethan's Slugma, Basic Fire
DUNSPARCE = "me2pt5-163"        # Larry's Dunsparce, Basic Colorless
TAROUNTULA = "me2pt5-18"        # Team Rocket's Tarountula, Basic Grass
MEGA_CAMERUPT = "me1-22"        # Mega Camerupt ex, Stage 1 Fire
TOXEL = "me2-67"                # Basic Darkness, 70 HP


def _compiled(card_id, template):
    c = card(card_id)
    assert c.power is not None and c.power.compiled_by == (template,), (card_id, c.power)
    assert f"power:{c.power.name}" not in c.declared
    return c.power.name


def _board(active, *, bench=(), hand=(), discard=(), deck=None, their_bench=(), their_active=DELIBIRD):
    mine = {"active": active if isinstance(active, dict) else poke(active),
            "bench": [b if isinstance(b, dict) else poke(b) for b in bench], "hand": list(hand),
            "deck": [FIGHTING] * 8 if deck is None else list(deck), "prizes": [GRASS] * 6, "discard": list(discard)}
    theirs = {"active": their_active if isinstance(their_active, dict) else poke(their_active),
              "bench": [poke(b) for b in their_bench], "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
              "discard": []}
    return board(mine, theirs, ruleset="modern")


def _power(state, who, name, **choices):
    return act(state, 0, use(who, name, **choices))


def _choose(state, **choices):
    return act(state, 0, {"type": "choose", "choices": choices})


# -- attaching Energy ------------------------------------------------------------------------------------------

def test_r_power_1_attach_energy_cards_ethans_ho_oh_ex_up_to_2_to_a_benched_ethans_pokemon():
    name = _compiled("sv10-39", "attach_energy_cards")
    state = _board("sv10-39", bench=[SLUGMA, DELIBIRD], hand=[FIRE, FIRE, WATER])
    ho_oh, (slugma, delibird) = state.seats[0].active.top, (p.top for p in state.seats[0].bench)
    fire1, fire2, water = state.seats[0].hand
    refuse(state, 0, use(ho_oh, name, cards=[fire1], to=delibird), "R-POWER-1", "choices.to")   # not Ethan's
    refuse(state, 0, use(ho_oh, name, cards=[water], to=slugma), "R-POWER-1", "choices.cards")
    d = power(state, ho_oh, name, cards=[fire1, fire2], to=slugma)
    assert d.state.seats[0].bench[0].energy == [fire1, fire2] and d.state.seats[0].hand == [water]
    assert d.state.this_turn["energy_attached"] == state.this_turn["energy_attached"]
    refuse(d.state, 0, use(ho_oh, name, to=slugma), "R-POWER-1")                                     # once a turn


def test_r_power_1_attach_energy_cards_as_often_as_you_like_and_lower_case_types_eelektrik():
    name = _compiled("me2pt5-70", "attach_energy_cards")     # Iono's Bellibolt ex, "Basic lightning Energy"
    state = _board(poke("me2pt5-70"), bench=["me2pt5-71"], hand=[LIGHTNING, LIGHTNING])
    bellibolt, wattrel = state.seats[0].active.top, state.seats[0].bench[0].top
    d = power(state, bellibolt, name, cards=[state.seats[0].hand[0]], to=wattrel)
    d = power(d.state, bellibolt, name, to=bellibolt)                                          # again
    assert len(d.state.seats[0].active.energy) == 1 and len(d.state.seats[0].bench[0].energy) == 1
    name = _compiled("me2pt5-60", "attach_basic_energy")     # from the discard pile: compiler/abilities.py's
    state = _board(DELIBIRD, bench=[poke("me2pt5-60")], discard=[LIGHTNING])
    eelektrik = state.seats[0].bench[0].top
    refuse(state, 0, use(eelektrik, name, to=state.seats[0].active.top), "R-POWER-1", "choices.to")
    assert power(state, eelektrik, name).state.seats[0].bench[0].energy == state.seats[0].discard


def test_r_power_1_attach_energy_cards_infernape_one_of_each_in_any_way_you_like():
    name = _compiled("sv6-33", "attach_energy_cards")
    state = _board(poke("sv6-33"), bench=[DELIBIRD], hand=[FIRE, FIRE, FIGHTING])
    infernape, delibird = state.seats[0].active.top, state.seats[0].bench[0].top
    fire1, fire2, fighting = state.seats[0].hand
    refuse(state, 0, use(infernape, name, cards=[fire1, fire2], to=[infernape, delibird]), "R-POWER-1",
           "choices.cards")                                                                      # two Fire
    refuse(state, 0, use(infernape, name, cards=[fire1, fighting], to=delibird), "R-POWER-1", "card by card")
    d = power(state, infernape, name, cards=[fire1, fighting], to=[infernape, delibird])
    assert d.state.seats[0].active.energy == [fire1] and d.state.seats[0].bench[0].energy == [fighting]


def test_r_power_1_attach_energy_cards_oricorio_ex_needs_a_fire_mega_evolution_pokemon_ex():
    name = _compiled("me2-18", "attach_energy_cards")
    state = _board("me2-18", bench=[DELIBIRD, SLUGMA], hand=[FIRE])
    oricorio = state.seats[0].active.top
    refuse(state, 0, use(oricorio, name, to=state.seats[0].bench[1].top), "R-POWER-1", "Mega Evolution")
    state = _board("me2-18", bench=[poke(MEGA_CAMERUPT), SLUGMA], hand=[FIRE, FIRE])
    refuse(state, 0, use(oricorio, name, to=oricorio), "R-POWER-1", "choices.to")        # not Benched
    d = power(state, oricorio, name, cards=[state.seats[0].hand[0]], to=state.seats[0].bench[1].top)
    assert power(d.state, oricorio, name, to=d.state.seats[0].bench[0].top).state.seats[0].hand == []


def test_r_power_1_attach_energy_cards_larrys_komala_from_the_bench_to_the_active_larrys_pokemon():
    name = _compiled("me2pt5-175", "attach_energy_cards")
    state = _board(DUNSPARCE, bench=["me2pt5-175"], hand=[WATER])
    komala = state.seats[0].bench[0].top
    assert power(state, komala, name).state.seats[0].active.energy == state.seats[0].hand
    _refused_active(_board("me2pt5-175", bench=[DUNSPARCE], hand=[WATER]), name, "Bench")
    refuse(_board(DELIBIRD, bench=["me2pt5-175"], hand=[WATER]), 0, use(komala, name), "R-POWER-1")  # not Larry's


def _refused_active(state, name, contains):
    """The Active Pokémon's Ability is refused (R-POWER-1) with `contains` in the message."""
    refuse(state, 0, use(state.seats[0].active.top, name), "R-POWER-1", contains)


# -- moving Energy, damage counters ----------------------------------------------------------------------------

def test_r_power_1_move_energy_mega_venusaur_ex_as_often_as_you_like_and_azumarill_ex_to_itself():
    name = _compiled("me1-3", "move_energy")
    state = _board(poke(DELIBIRD, [GRASS, FIRE]), bench=[poke("me1-3")])
    venusaur, (grass, fire) = state.seats[0].bench[0].top, state.seats[0].active.energy
    refuse(state, 0, use(venusaur, name, cards=[fire], to=venusaur), "R-POWER-1", "choices.cards")
    d = power(state, venusaur, name, cards=[grass], to=venusaur)
    assert d.state.seats[0].bench[0].energy == [grass] and d.state.seats[0].active.energy == [fire]
    d = power(d.state, venusaur, name, cards=[grass], to=d.state.seats[0].active.top)      # and back
    assert d.state.seats[0].active.energy == [fire, grass]
    name = _compiled("me2pt5-84", "move_energy")
    state = _board(poke("me2pt5-84", [WATER]), bench=[poke(DELIBIRD, [FIRE])])
    azumarill = state.seats[0].active.top
    refuse(state, 0, use(azumarill, name, cards=state.seats[0].active.energy), "R-POWER-1")   # not its own
    assert len(power(state, azumarill, name).state.seats[0].active.energy) == 2


def test_r_damage_3_move_damage_counters_munkidori_up_to_3_to_the_opponent_knocks_out():
    name = _compiled("sv6pt5-72", "move_damage_counters")
    state = _board(poke("sv6pt5-72"), bench=[poke(DELIBIRD, damage=50)])
    munkidori, delibird = state.seats[0].active.top, state.seats[0].bench[0].top
    refuse(state, 0, use(munkidori, name, pokemon=[delibird], to=state.seats[1].active.top), "R-POWER-1",
           "Darkness")
    state = _board(poke("sv6pt5-72", [DARKNESS]), bench=[poke(DELIBIRD, damage=50)],
                   their_active=poke(DELIBIRD, damage=60))
    munkidori, delibird, theirs = state.seats[0].active.top, state.seats[0].bench[0].top, state.seats[1].active.top
    refuse(state, 0, use(munkidori, name, pokemon=[delibird], to=theirs, count=4), "R-POWER-1", "choices.count")
    d = _power(state, munkidori, name, pokemon=[delibird], to=theirs, count=2)
    assert d.state.seats[0].bench[0].damage == 30 and d.state.seats[1].active.damage == 80
    d = _power(state, munkidori, name, pokemon=[delibird], to=theirs)                     # 3: Knocked Out
    assert d.state.seats[0].bench[0].damage == 20 and theirs in d.state.seats[1].discard


def test_r_damage_3_move_damage_counters_team_rockets_orbeetle_from_team_rockets_pokemon_only():
    name = _compiled("sv10-89", "move_damage_counters")
    state = _board(poke(TAROUNTULA, damage=20), bench=[poke("sv10-89"), poke(DELIBIRD, damage=20)])
    orbeetle, tarountula = state.seats[0].bench[0].top, state.seats[0].active.top
    delibird = state.seats[0].bench[1].top
    refuse(state, 0, use(orbeetle, name, pokemon=[delibird], to=orbeetle), "R-POWER-1", "choices.pokemon")
    d = _power(state, orbeetle, name, pokemon=[tarountula], to=orbeetle)
    d = _power(d.state, orbeetle, name, pokemon=[tarountula], to=orbeetle)                  # as often as you like
    assert d.state.seats[0].active.damage == 0 and d.state.seats[0].bench[0].damage == 20


# -- healing, switching ----------------------------------------------------------------------------------------

def test_r_power_1_heal_active_swadloon_and_heal_each_erikas_vileplume_ex():
    name = _compiled("rsv10pt5-2", "heal_active")
    state = _board(poke(DELIBIRD, damage=50), bench=[poke("rsv10pt5-2", damage=30)])
    swadloon = state.seats[0].bench[0].top
    d = power(state, swadloon, name)
    assert d.state.seats[0].active.damage == 30 and d.state.seats[0].bench[0].damage == 30
    refuse(_board(DELIBIRD, bench=[poke("rsv10pt5-2", damage=30)]), 0, use(swadloon, name), "R-POWER-1", "no damage")
    name = _compiled("me2pt5-3", "heal_each_used")
    state = _board(poke(DELIBIRD, damage=50), bench=[poke("me2pt5-3", damage=20)])
    d = power(state, state.seats[0].bench[0].top, name)
    assert d.state.seats[0].active.damage == 20 and d.state.seats[0].bench[0].damage == 0


def test_r_retreat_6_switch_both_actives_samurott_the_opponent_picks_theirs():
    name = _compiled("rsv10pt5-23", "switch_both_actives")
    state = _board(poke("rsv10pt5-23"), bench=[DELIBIRD], their_bench=[SLUGMA, DUNSPARCE])
    samurott, delibird = state.seats[0].active.top, state.seats[0].bench[0].top
    dunsparce = state.seats[1].bench[1].top
    refuse(state, 0, use(samurott, name, to=delibird), "R-POWER-1", "choices.pokemon")
    d = _power(state, samurott, name, to=delibird, pokemon=[dunsparce])
    assert d.state.seats[0].active.top == delibird and d.state.seats[1].active.top == dunsparce
    d = power(_board(poke("rsv10pt5-23"), bench=[DELIBIRD]), samurott, name, to=delibird)   # no Bench of theirs
    assert d.state.seats[0].active.top == delibird


def test_r_retreat_6_switch_in_from_bench_meowscarada_and_linoone_with_a_mega_evolution_pokemon_ex():
    name = _compiled("sv9-18", "switch_in_from_bench")
    state = _board(DELIBIRD, bench=[poke("sv9-18")])
    meowscarada = state.seats[0].bench[0].top
    assert power(state, meowscarada, name).state.seats[0].active.top == meowscarada
    _refused_active(_board(poke("sv9-18"), bench=[DELIBIRD]), name, "Bench")
    name = _compiled("me2-82", "switch_in_from_bench")
    state = _board(DELIBIRD, bench=[poke("me2-82")])
    linoone = state.seats[0].bench[0].top
    refuse(state, 0, use(linoone, name), "R-POWER-1", "Mega Evolution")
    state = _board(poke(MEGA_CAMERUPT), bench=[poke("me2-82")])
    linoone = state.seats[0].bench[0].top
    assert power(state, linoone, name).state.seats[0].active.top == linoone


# -- searching, a cost paid first ------------------------------------------------------------------------------

def test_r_power_1_search_named_to_hand_erikas_tangela_and_dragonair_needs_energy():
    name = _compiled("me2pt5-7", "search_named_to_hand")
    state = _board("me2pt5-7", deck=[DELIBIRD, "me2pt5-1", FIRE])
    d = power(state, state.seats[0].active.top, name)
    delibird, oddish, _ = d.state.seats[0].deck
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [delibird]}}, "R-POWER-1")
    assert _choose(d.state, search=[oddish]).state.seats[0].hand == [oddish]
    name = _compiled("me2pt5-151", "search_named_to_hand")
    _refused_active(_board(poke("me2pt5-151")), name, "Energy attached")
    state = _board(poke("me2pt5-151", [WATER]), deck=[DELIBIRD, "me2pt5-3"])
    d = power(state, state.seats[0].active.top, name)
    vileplume = d.state.seats[0].deck[1]
    assert _choose(d.state, search=[vileplume]).state.seats[0].hand == [vileplume]


def test_r_power_1_cost_paid_first_iono_s_kilowattrel_and_volcarona():
    name = _compiled("sv9-55", "cost_paid_first")
    state = _board(poke("sv9-55"), hand=[WATER])
    kilowattrel = state.seats[0].active.top
    refuse(state, 0, use(kilowattrel, name), "R-POWER-1", "you must pay")     # no Lightning Energy attached
    state = _board(poke("sv9-55", [LIGHTNING, WATER]), hand=[WATER])
    lightning = state.seats[0].active.energy[0]
    d = power(state, kilowattrel, name)
    assert len(d.state.seats[0].hand) == 6 and d.state.seats[0].discard == [lightning]
    name = _compiled("zsv10pt5-16", "cost_paid_first")
    state = _board(poke("zsv10pt5-16"), hand=[FIRE, WATER])
    volcarona, (fire, water) = state.seats[0].active.top, state.seats[0].hand
    refuse(state, 0, use(volcarona, name, cards=[water]), "R-POWER-1", "you must pay")
    d = power(state, volcarona, name, cards=[fire])
    assert d.state.seats[1].active.conditions == ["burned"] and d.state.seats[0].hand == [water]


def test_r_power_1_search_energy_attach_to_benched_toxtricity_then_2_counters_on_that_pokemon():
    name = _compiled("me2-68", "search_energy_attach_to_benched")
    state = _board(poke("me2-68"), bench=[DELIBIRD], deck=[DARKNESS])
    refuse(state, 0, use(state.seats[0].active.top, name), "R-POWER-1", "none of your Pokémon")   # not Benched
    state = _board(DELIBIRD, bench=[poke("me2-68"), DELIBIRD], deck=[FIRE, DARKNESS])
    toxtricity, delibird = (p.top for p in state.seats[0].bench)
    d = power(state, toxtricity, name)
    darkness = d.state.seats[0].deck[1]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [darkness], "to": delibird}}, "R-POWER-1",
           "choices.to")                                                                  # not a Darkness Pokémon
    d = _choose(d.state, search=[darkness], to=toxtricity)
    assert d.state.seats[0].bench[0].energy == [darkness] and d.state.seats[0].bench[0].damage == 20


def test_r_hidden_1_search_any_card_if_active_has_thwackey_with_festival_lead_unshown():
    name = _compiled("sv6-15", "search_any_card_if_active_has")
    state = _board(DELIBIRD, bench=[poke("sv6-15")])
    refuse(state, 0, use(state.seats[0].bench[0].top, name), "R-POWER-1", "Festival Lead")
    state = _board(poke("sv6-18"), bench=[poke("sv6-15")], deck=[FIRE, DELIBIRD])
    d = power(state, state.seats[0].bench[0].top, name)
    delibird = d.state.seats[0].deck[1]
    d = _choose(d.state, search=[delibird])
    assert d.state.seats[0].hand == [delibird] and not any("shows" in line for line in d.narration)


def test_r_hidden_1_swap_hand_with_top_gumshoos():
    name = _compiled("me1-110", "swap_hand_with_top")
    state = _board(poke("me1-110"), hand=[FIRE, WATER], deck=[GRASS, METAL])
    gumshoos, (fire, water), (grass, _) = state.seats[0].active.top, state.seats[0].hand, state.seats[0].deck
    refuse(state, 0, use(gumshoos, name), "R-POWER-1", "choices.cards")             # two different cards
    d = power(state, gumshoos, name, cards=[water])
    assert d.state.seats[0].hand == [fire, grass] and d.state.seats[0].deck[0] == water
    refuse(_board(poke("me1-110"), deck=[GRASS]), 0, use(gumshoos, name), "R-POWER-1", "a card in your hand")


def test_r_bench_2_discard_pokemon_to_bench_alomomola_from_the_active_spot():
    name = _compiled("zsv10pt5-24", "discard_pokemon_to_bench")
    state = _board("zsv10pt5-24", discard=[TOXEL, DELIBIRD])             # Toxel 70 HP, Delibird 90
    alomomola, (toxel, delibird) = state.seats[0].active.top, state.seats[0].discard
    refuse(state, 0, use(alomomola, name, cards=[delibird]), "R-POWER-1", "70 HP")
    assert power(state, alomomola, name).state.seats[0].bench[0].top == toxel
    state = _board(DELIBIRD, bench=["zsv10pt5-24"], discard=[TOXEL])
    refuse(state, 0, use(state.seats[0].bench[0].top, name), "R-POWER-1", "Active Spot")


def test_r_power_1_flip_opponent_energy_to_hand_dustox_heads_only():
    name = _compiled("me2pt5-15", "flip_opponent_energy_to_hand")
    state = _board(poke("me2pt5-15"), their_active=poke(DELIBIRD, [FIRE]))
    dustox, fire = state.seats[0].active.top, state.seats[1].active.energy[0]
    d = act(state, 0, use(dustox, name), coins=[True])
    assert d.state.seats[1].hand == [fire] and d.state.seats[1].active.energy == []
    assert act(state, 0, use(dustox, name), coins=[False]).state.seats[1].active.energy == [fire]
    refuse(_board(poke("me2pt5-15")), 0, use(dustox, name), "R-POWER-1", "no Energy")


def test_r_damage_1_counters_for_more_damage_feraligatr_this_turn():
    name = _compiled("sv5-41", "counters_for_more_damage")
    state = _board(poke("sv5-41", [WATER, WATER]), their_active=poke("me1-3"))
    d = power(state, state.seats[0].active.top, name)
    assert d.state.seats[0].active.damage == 50
    d = act(d.state, 0, {"type": "attack", "attack": "Giant Wave", "choices": {}})
    assert d.state.seats[1].active.damage == 160 + 120


def test_r_power_1_each_player_draws_chandelure():
    name = _compiled("sv6-38", "each_player_draws")
    state = _board(poke("sv6-38"))
    d = power(state, state.seats[0].active.top, name)
    assert len(d.state.seats[0].hand) == 1 and len(d.state.seats[1].hand) == 1


def test_r_power_1_opponent_shuffles_hand_draws_gothitelle_from_the_active_spot():
    name = _compiled("rsv10pt5-43", "opponent_shuffles_hand_draws")
    mine = {"active": poke("rsv10pt5-43"), "bench": [poke(DELIBIRD)], "hand": [], "deck": [FIGHTING] * 8,
            "prizes": [GRASS] * 6, "discard": []}
    theirs = {"active": poke(DELIBIRD), "bench": [], "hand": [FIRE] * 5, "deck": [WATER] * 4, "prizes": [GRASS] * 6,
              "discard": []}
    state = board(mine, theirs, ruleset="modern")
    d = power(state, state.seats[0].active.top, name)
    assert len(d.state.seats[1].hand) == 3 and len(d.state.seats[1].deck) == 6
    mine["active"], mine["bench"] = mine["bench"][0], [mine["active"]]
    state = board(mine, theirs, ruleset="modern")
    refuse(state, 0, use(state.seats[0].bench[0].top, name), "R-POWER-1", "Active Spot")


def test_r_retreat_6_switch_in_opponents_florges_on_heads_confused():
    name = _compiled("sv6-88", "switch_in_opponents")
    state = _board(poke("sv6-88"), their_bench=[TOXEL, DUNSPARCE])
    florges, dunsparce = state.seats[0].active.top, state.seats[1].bench[1].top
    d = act(state, 0, use(florges, name, pokemon=[dunsparce]), coins=[True])
    assert d.state.seats[1].active.top == dunsparce and d.state.seats[1].active.conditions == ["confused"]
    assert act(state, 0, use(florges, name, pokemon=[dunsparce]), coins=[False]).state.seats[1].active.top != dunsparce
    refuse(_board(poke("sv6-88")), 0, use(florges, name), "R-POWER-1", "choices.pokemon")


def test_r_hidden_1_opponent_hand_to_their_bench_mandibuzz_shows_the_hand_then_takes():
    name = _compiled("rsv10pt5-64", "opponent_hand_to_their_bench")
    mine = {"active": poke("rsv10pt5-64"), "bench": [], "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
            "discard": []}
    theirs = {"active": poke(DELIBIRD), "bench": [], "hand": [TOXEL, DELIBIRD, "me1-109", FIRE],
              "deck": [WATER] * 4, "prizes": [GRASS] * 6, "discard": []}
    state = board(mine, theirs, ruleset="modern")
    mandibuzz, (toxel, delibird, yungoos, _) = state.seats[0].active.top, state.seats[1].hand
    v = refuse(state, 0, use(mandibuzz, name, cards=[delibird]), "R-POWER-1", "not shown")    # named unseen
    assert toxel not in v["message"] and yungoos not in v["message"]
    # "none" named unseen: the same refusal whether the hand holds a fitting Basic or not
    bare = board(mine, {**theirs, "hand": [FIRE, WATER]}, ruleset="modern")
    for probed in (state, bare):
        refuse(probed, 0, use(mandibuzz, name, cards=[]), "R-HIDDEN-1")
    d = power(state, mandibuzz, name)                                    # shown, then the choice
    refuse(d.state, 0, {"type": "choose", "choices": {"cards": [delibird]}}, "R-POWER-1", "70 HP")
    d = _choose(d.state, cards=[yungoos])
    assert [p.top for p in d.state.seats[1].bench] == [yungoos] and yungoos not in d.state.seats[1].hand


def test_r_power_1_search_first_turn_by_name_fan_rotom_once_a_turn_by_name_first_turn_only():
    name = _compiled("sv7-118", "search_first_turn_by_name")
    assert _compiled("me2pt5-171", "search_first_turn_by_name") == "[Ability] Fan Call"   # the same Ability
    mine = {"active": poke("sv7-118"), "bench": [poke("me2pt5-171")], "hand": [], "prizes": [GRASS] * 6,
            "deck": [DELIBIRD, "me1-106", FIRE], "discard": []}                    # Miltank: 120 HP
    theirs = {"active": poke(DELIBIRD), "bench": [], "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
              "discard": []}
    state = board(mine, theirs, ruleset="modern", turn=2)
    rotom, other = state.seats[0].active.top, state.seats[0].bench[0].top
    d = power(state, rotom, name)
    delibird, miltank, _ = d.state.seats[0].deck
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [miltank]}}, "R-POWER-1")
    d = _choose(d.state, search=[delibird])
    assert d.state.seats[0].hand == [delibird]
    refuse(d.state, 0, use(other, "[Ability] Fan Call"), "R-POWER-1", "Only one Fan Call")
    refuse(board(mine, theirs, ruleset="modern", turn=3), 0, use(rotom, name), "R-POWER-1", "first turn")


def test_r_power_1_cost_paid_first_quaquaval_a_card_to_the_bottom_counts_out_of_the_hand():
    name = _compiled("sv8-52", "cost_paid_first")
    state = _board(poke("sv8-52"), hand=[FIRE, WATER, GRASS, METAL, PSYCHIC], deck=[FIGHTING] * 4)
    quaquaval, hand = state.seats[0].active.top, state.seats[0].hand
    refuse(state, 0, use(quaquaval, name), "R-POWER-1", "choices.cards")
    d = power(state, quaquaval, name, cards=[hand[0]])                  # 4 left in the hand: draws 1
    assert len(d.state.seats[0].hand) == 5 and d.state.seats[0].deck[-1] == hand[0]


def test_r_ko_1_attach_energy_cards_magneton_from_the_discard_pile_then_knocked_out():
    name = _compiled("sv8-59", "attach_energy_cards")
    state = _board(DELIBIRD, bench=[poke("sv8-59"), poke("me2pt5-69")], discard=[FIRE, WATER, GRASS, METAL])
    magneton, tadbulb = (p.top for p in state.seats[0].bench)
    fire, water, *_ = state.seats[0].discard
    refuse(state, 0, use(magneton, name, cards=[fire], to=[state.seats[0].active.top]), "R-POWER-1", "card by card")
    d = power(state, magneton, name, cards=[fire, water], to=[tadbulb, tadbulb])
    assert d.state.seats[0].bench[0].top == tadbulb and d.state.seats[0].bench[0].energy == [fire, water]
    assert magneton in d.state.seats[0].discard
    assert len(d.state.seats[1].prizes) == 5                              # the opponent took a Prize card


ARCHEOPS = {"card": "rsv10pt5-51", "energy": [], "under": ["rsv10pt5-79", "rsv10pt5-50"]}   # on Archen, Fossil


def test_r_evolve_5_devolve_opponents_archeops_from_the_active_spot_knocks_out_what_no_longer_fits():
    name = _compiled("rsv10pt5-51", "devolve_opponents")
    state = _board(ARCHEOPS, their_active=poke("me1-3", [GRASS], damage=120, conditions=["poisoned"]),
                   their_bench=[DELIBIRD])
    archeops, venusaur = state.seats[0].active.top, state.seats[1].active.top
    refuse(state, 0, use(archeops, name, pokemon=[state.seats[1].bench[0].top]), "R-POWER-1", "evolved")
    d = _power(state, archeops, name, pokemon=[venusaur])                # Ivysaur: 110 HP, 120 damage
    assert venusaur in d.state.seats[1].hand and len(d.state.seats[0].prizes) == 5
    d = _power(_board(ARCHEOPS, their_active=poke("me1-3", conditions=["poisoned"])), archeops, name)
    assert d.state.seats[1].active.conditions == [] and d.state.seats[1].active.top != venusaur
    state = _board(DELIBIRD, bench=[ARCHEOPS], their_active=poke("me1-3"))
    refuse(state, 0, use(state.seats[0].bench[0].top, name), "R-POWER-1", "Active Spot")


def test_r_power_1_after_a_supporter_heliolisk_searches_up_to_2_only_after_canari():
    name = _compiled("me2pt5-64", "after_a_supporter")
    mine = {"active": poke("me2pt5-64"), "bench": [], "hand": [], "prizes": [GRASS] * 6,
            "deck": [LIGHTNING, FIRE, LIGHTNING, LIGHTNING], "discard": []}
    theirs = {"active": poke(DELIBIRD), "bench": [], "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6,
              "discard": []}
    state = board(mine, theirs, ruleset="modern", supporter={"card": "sv2-185", "owner": 0})      # Iono
    heliolisk = state.seats[0].active.top
    refuse(state, 0, use(heliolisk, name), "R-POWER-1", "Canari")
    state = board(mine, theirs, ruleset="modern", supporter={"card": "me2pt5-185", "owner": 0})   # Canari
    d = power(state, heliolisk, name)
    first, _, second, third = d.state.seats[0].deck
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [first, second, third]}}, "R-POWER-1")
    d = _choose(d.state, search=[first, third])
    assert d.state.seats[0].active.energy == [first, third]


def test_r_power_1_cost_paid_first_meowstic_a_named_card_discarded_then_a_switch_in():
    name = _compiled("sv8-85", "cost_paid_first")
    state = _board(poke("sv8-85"), hand=[FIRE], their_bench=[TOXEL])
    refuse(state, 0, use(state.seats[0].active.top, name), "R-POWER-1", "Chill Teaser Toy")
    state = _board(poke("sv8-85"), hand=["sv8-166"], their_bench=[TOXEL])
    toy, toxel = state.seats[0].hand[0], state.seats[1].bench[0].top
    d = power(state, state.seats[0].active.top, name)
    assert d.state.seats[0].discard == [toy] and d.state.seats[1].active.top == toxel


def test_r_hidden_1_look_top_may_discard_morpeko_shows_the_top_card_to_its_player_first():
    name = _compiled("sv6-72", "look_top_may_discard")
    state = _board("sv6-72", deck=[FIRE, WATER])
    morpeko, (fire, water) = state.seats[0].active.top, state.seats[0].deck
    d = power(state, morpeko, name)
    assert d.state.pending["look"] == [fire]
    refuse(d.state, 0, {"type": "choose", "choices": {"cards": [water]}}, "R-POWER-1", "card looked at")
    assert _choose(d.state, cards=[fire]).state.seats[0].discard == [fire]
    assert _choose(d.state, cards=[]).state.seats[0].deck == [fire, water]
    refuse(_board("sv6-72", deck=[]), 0, use(morpeko, name), "R-POWER-1", "deck is empty")


def test_r_power_1_search_one_of_each_attach_spread_stevens_metagross_ex_x_boot():
    name = _compiled("sv10-145", "search_one_of_each_attach_spread")
    state = _board(poke("sv10-145"), bench=["me1-54", DELIBIRD], deck=[METAL, PSYCHIC, METAL, FIRE])
    metagross, abra, delibird = state.seats[0].active.top, *(p.top for p in state.seats[0].bench)
    d = power(state, metagross, name)
    metal, psychic, metal2, _ = d.state.seats[0].deck
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [metal, metal2], "to": [metagross, abra]}},
           "R-POWER-1", "no two of one type")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [metal, psychic], "to": [metagross, delibird]}},
           "R-POWER-1", "card by card")                                           # Delibird: Colorless
    d = _choose(d.state, search=[metal, psychic], to=[metagross, abra])
    assert d.state.seats[0].active.energy == [metal] and d.state.seats[0].bench[0].energy == [psychic]


# -- the wordings ----------------------------------------------------------------------------------------------

def _ability(text):
    return CardDef("test-1", "Test", "Pokemon", stage="Basic", hp=100, type="Colorless",
                   power=PowerDef("Test", "Ability", text=text))


@pytest.mark.parametrize("text", [
    # "in any way you like" is printed only with more than one card
    "Once during your turn, you may attach a Basic Fire Energy card from your hand to your Pokémon in any way you "
    "like.",
    "As often as you like during your turn, you may attach a Basic Psychic Energy card from your discard pile to 1 "
    "of your Psychic Pokémon. If you attached Energy to a Pokémon in this way, put 2 damage counters on that "
    "Pokémon. You can't use this Ability on a Pokémon that would be Knocked Out.",
    "Once during your turn, you may move a Basic Energy from 1 of your other Pokémon to another of your Pokémon.",
    "Once during your turn, you may move an Energy from 1 of your Pokémon to this Pokémon.",
    "Once during your turn, you may move up to 3 damage counters from 1 of your opponent's Pokémon to 1 of your "
    "Pokémon.",
    "Once during your turn, you may heal 20 damage from your opponent's Active Pokémon.",
    "Once during your turn, you may switch your Active Pokémon with 1 of your Benched Pokémon.",
    "Once during your turn, you may search your deck for a Cynthia's Pokémon and put it into your hand. Then, "
    "shuffle your deck.",
    "You must discard a Basic Fire Energy from your hand in order to use this Ability. Once during your turn, you "
    "may make your opponent's Active Pokémon Burned.",
    "You must discard a Basic Lightning Energy from this Pokémon in order to use this Ability. Once during your "
    "turn, you may draw cards until you have 6 cards in your hand. Your turn ends.",
    # the limit names another Ability than the card's own ("Test")
    "Once during your first turn, you may search your deck for up to 3 Colorless Pokémon with 100 HP or less, reveal "
    "them, and put them into your hand. Then, shuffle your deck. You can't use more than 1 Fan Call Ability during "
    "your turn.",
])
def test_near_miss_wordings_stay_declared(text):
    assert compile_power(_ability(text)) is None
