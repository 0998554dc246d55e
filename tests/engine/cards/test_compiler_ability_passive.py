"""The passive Ability templates (`cards/compiler/ability_passive.py`, blocks in
`effects/ability_passive.py`), ruleset `modern`: each template against its rule with a real card
it compiles (the legal case and the refused one where both exist) and a text that almost
matches and must not compile."""
import pytest

from projections.tcg import carddb, hooks
from projections.tcg.carddb import CardDef, PowerDef, card
from projections.tcg.cards.compiler.abilities import compile_power
from projections.tcg.core import provided_energy

from .fixtures import act, board, modern_side, poke, refuse

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
DELIBIRD = "me1-105"          # Basic Colorless 90 HP, Gentle Slap [CC] 30
MEWTWO_EX = "sv10-81"         # Team Rocket's Mewtwo ex, Power Saver; Erasure Ball [PPC] 160
TR_BASICS = ("sv10-15", "sv10-19", "sv10-37")   # Team Rocket's Blipbug, Tarountula, Houndour
URSALUNA = "sv6-141"          # Bloodmoon Ursaluna ex, Seasoned Skill; Blood Moon [CCCCC] 240
REGIROCK_EX = "sv10-101"      # Basic Fighting 230 HP, weak to Grass


def _compiled(card_id, template):
    c = card(card_id)
    assert c.power is not None and c.power.compiled_by == (template,), (card_id, c.power)
    assert f"power:{c.power.name}" not in c.declared


def _board(mine, theirs, **kw):
    return board(mine, theirs, ruleset="modern", **kw)


def _attack(state, name, coins=(), **choices):
    return act(state, 0, {"type": "attack", "attack": name, "choices": choices}, coins)


def _ability(text):
    return CardDef("test-1", "Test", "Pokemon", stage="Basic", hp=100, type="Colorless",
                   power=PowerDef("Test", "Ability", text=text))


@pytest.mark.parametrize("text", [
    "This Pokémon can't attack unless you have 4 or more Team Rocket's Energy in play.",
    "Attacks used by this Pokémon cost Colorless less for each Prize card you have taken.",
    "As long as this Pokémon is in play, it is Grass type.",
    "All of your Pokémon in play get +40 HP.",                            # no "doesn't stack": not printed
    "All of your Steven's Pokémon take 30 less damage from attacks from your opponent's Pokémon (after applying "
    "Weakness and Resistance).",                                           # the Bench's wording without the Bench
    "Attacks used by this Pokémon do 30 more damage to your opponent's Active Pokémon (before applying Weakness and "
    "Resistance).",
    "As long as this Pokémon is in the Active Spot, your opponent's Benched Pokémon have no Abilities.",
    "Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon if that damage is 200 or less.",
])
def test_near_miss_wordings_stay_declared(text):
    assert compile_power(_ability(text)) is None


# -- may it attack -------------------------------------------------------------------------------------------

def test_r_attack_1_cant_attack_unless_team_rocket_mewtwo_power_saver():
    _compiled(MEWTWO_EX, "cant_attack_unless")
    me = [poke(MEWTWO_EX, [PSYCHIC, PSYCHIC, PSYCHIC]), [poke(i) for i in TR_BASICS[:2]]]
    state = _board(modern_side(*me), modern_side(poke(REGIROCK_EX)))
    refuse(state, 0, {"type": "attack", "attack": "Erasure Ball", "choices": {}}, "R-ATTACK-1", "Power Saver")
    me[1].append(poke(TR_BASICS[2]))
    d = _attack(_board(modern_side(*me), modern_side(poke(REGIROCK_EX))), "Erasure Ball")
    assert d.state.seats[1].active.damage == 160


def test_r_attack_1_cant_attack_slaking_born_to_slack():
    _compiled("sv8-147", "cant_attack_unless")
    slaking = poke("sv8-147", [GRASS, GRASS])
    state = _board(modern_side(slaking), modern_side(poke(DELIBIRD)))
    refuse(state, 0, {"type": "attack", "attack": "Great Swing", "choices": {}}, "R-ATTACK-1", "Pokémon ex")
    state = _board(modern_side(slaking), modern_side(poke(REGIROCK_EX)))
    _attack(state, "Great Swing", cards=[state.seats[0].active.energy[0]])


# -- damage and costs ----------------------------------------------------------------------------------------

def test_r_damage_1_azure_seas_ignores_effects_on_the_defending_pokemon():
    _compiled("sv5-50", "ignores_effects_on_defender")
    # Bouffalant's Bouffer takes 20 less: Walking Wake ex's Catharsis Roar ignores it
    d = _attack(_board(modern_side(poke("sv5-50", [WATER, WATER, WATER])), modern_side(poke("sv3-174"))),
                "Catharsis Roar")
    assert any("does 120 damage" in line and "effects on the Defending Pokémon ignored" in line
               for line in d.narration)


def test_r_attack_1_blood_moon_costs_less_per_prize_taken():
    _compiled(URSALUNA, "attack_cost_less")
    ursaluna = poke(URSALUNA, [FIRE, FIRE, FIRE])
    state = _board(modern_side(ursaluna), modern_side(poke(REGIROCK_EX)))
    refuse(state, 0, {"type": "attack", "attack": "Blood Moon", "choices": {}}, "R-ATTACK-1", "Energy")
    d = _attack(_board(modern_side(ursaluna), modern_side(poke(MEWTWO_EX), prizes=4)), "Blood Moon")
    assert d.state.seats[1].active.damage == 240


def test_r_attack_1_glistening_bubbles_double_edge_for_psychic_with_a_tera_pokemon():
    _compiled("sv8-74", "attack_cost_becomes")
    tera = next(c.id for c in _pool("sv8") if "tera" in c.tags and c.stage == "Basic")
    azumarill = poke("sv8-74", [PSYCHIC])
    state = _board(modern_side(azumarill), modern_side(poke(REGIROCK_EX)))
    refuse(state, 0, {"type": "attack", "attack": "Double-Edge", "choices": {}}, "R-ATTACK-1")
    _attack(_board(modern_side(azumarill, [poke(tera)]), modern_side(poke(REGIROCK_EX))), "Double-Edge")


def _pool(prefix):
    return [c for c in carddb.all_cards() if c.id.startswith(prefix + "-")]


def test_r_attack_1_memory_dive_evolved_pokemon_use_previous_attacks():
    _compiled("sv5-84", "previous_evolutions_attacks")
    roserade = poke("sv10-8", [GRASS])        # on Cynthia's Roselia: Spike Sting [C] 20
    state = _board(modern_side(roserade), modern_side(poke(REGIROCK_EX)))
    refuse(state, 0, {"type": "attack", "attack": "Spike Sting", "choices": {}}, "R-ATTACK-1")
    d = _attack(_board(modern_side(roserade, [poke("sv5-84")]), modern_side(poke(REGIROCK_EX))), "Spike Sting")
    assert d.state.seats[1].active.damage == 100        # (20, Cheer On to Glory +30), Weakness ×2


def test_r_damage_1_cynthias_roserade_boosts_cynthias_pokemon():
    _compiled("sv10-8", "boost_yours")
    d = _attack(_board(modern_side(poke("sv10-8", [GRASS, GRASS, GRASS])), modern_side(poke(MEWTWO_EX))),
                "Leaf Step")
    assert d.state.seats[1].active.damage == 110


def test_r_damage_1_annihilape_lose_cool_needs_two_counters():
    _compiled("sv10-92", "boost_self")
    attack = card("sv10-92").attacks[0]
    ape = dict(poke("sv10-92", [FIGHTING] * len(attack.cost)), damage=20)
    d = _attack(_board(modern_side(ape), modern_side(poke(REGIROCK_EX))), attack.name)
    assert any("Lose Cool +120" in line for line in d.narration)
    calm = _attack(_board(modern_side(dict(ape, damage=10)), modern_side(poke(REGIROCK_EX))), attack.name)
    assert not any("Lose Cool" in line for line in calm.narration)


def test_r_damage_1_pyroar_intimidating_fang_while_active():
    _compiled("me1-24", "active_weakens_attacks")
    d = _attack(_board(modern_side(poke(DELIBIRD, [FIRE, FIRE])), modern_side(poke("me1-24"))), "Gentle Slap")
    assert d.state.seats[1].active.damage == 0


def test_r_damage_1_klinklang_gear_coating_for_pokemon_with_metal():
    _compiled("zsv10pt5-63", "yours_take_less")
    theirs = modern_side(poke(REGIROCK_EX, [METAL]), [poke("zsv10pt5-63")])
    d = _attack(_board(modern_side(poke(DELIBIRD, [FIRE, FIRE])), theirs), "Gentle Slap")
    assert d.state.seats[1].active.damage == 10
    bare = modern_side(poke(REGIROCK_EX), [poke("zsv10pt5-63")])
    d = _attack(_board(modern_side(poke(DELIBIRD, [FIRE, FIRE])), bare), "Gentle Slap")
    assert d.state.seats[1].active.damage == 30


def test_r_damage_1_drednaw_prevents_damage_of_200_or_more():
    _compiled("sv7-44", "prevent_big_damage")
    d = _attack(_board(modern_side(poke(URSALUNA, [FIRE] * 5)), modern_side(poke("sv7-44"))), "Blood Moon")
    assert d.state.seats[1].active.damage == 0
    d = _attack(_board(modern_side(poke(DELIBIRD, [FIRE, FIRE])), modern_side(poke("sv7-44"))), "Gentle Slap")
    assert d.state.seats[1].active.damage == 30


def test_r_attack_2_rabsca_spherical_shield_protects_the_bench():
    _compiled("sv5-24", "shield_from_attacks")
    theirs = modern_side(poke(REGIROCK_EX), [poke(DELIBIRD), poke("sv5-24")])
    state = _board(modern_side(poke("me1-81", [FIGHTING])), theirs)
    d = _attack(state, "Stony Kick", pokemon=[state.seats[1].bench[0].top])
    assert d.state.seats[1].bench[0].damage == 0
    assert d.state.seats[1].active.damage == 20


# -- types and HP -------------------------------------------------------------------------------------------

def test_r_inplay_1_scovillain_is_grass_and_fire_weakness_to_either():
    _compiled("sv8-37", "types_are")
    state = _board(modern_side(poke("sv8-37", [FIRE, FIRE])), modern_side(poke(REGIROCK_EX)))
    assert hooks.types(state, state.seats[0].active) == ("Grass", "Fire")
    d = _attack(state, "Spicy Rage")
    assert d.state.seats[1].active.damage == 20          # 10, Weakness to Grass ×2
    _compiled("me2pt5-117", "types_are")                # "fighting and psychic", lower case in its data


def test_r_inplay_1_conkeldurr_hp_per_fighting_energy_and_vibrant_dance_once():
    _compiled("zsv10pt5-49", "hp_plus")
    state = _board(modern_side(poke("zsv10pt5-49", [FIGHTING, FIGHTING, GRASS])), modern_side(poke(DELIBIRD)))
    assert state.hp(state.seats[0].active) == 140 + 80
    _compiled("sv9-37", "hp_plus")
    two = _board(modern_side(poke(DELIBIRD), [poke("sv9-37"), poke("sv9-37")]), modern_side(poke(DELIBIRD)))
    assert two.hp(two.seats[0].active) == 90 + 40
    assert two.hp(two.seats[1].active) == 90


def test_r_damage_1_okidogi_adrena_power_with_darkness():
    _compiled("sv6-111", "hp_and_damage_with_energy")
    state = _board(modern_side(poke("sv6-111", [FIGHTING, FIGHTING, DARKNESS])), modern_side(poke(REGIROCK_EX)))
    assert state.hp(state.seats[0].active) == 230
    d = _attack(state, "Good Punch")
    assert d.state.seats[1].active.damage == 170


# -- Abilities switched off -------------------------------------------------------------------------------

def test_r_power_1_damp_switches_off_cursed_blast():
    _compiled("me2pt5-39", "no_abilities")
    mine = modern_side(poke("sv6pt5-19"), [poke("me2pt5-39")])
    state = _board(mine, modern_side(poke(DELIBIRD)))
    use = {"type": "use_power", "pokemon": state.seats[0].active.top, "power": "Cursed Blast", "choices": {}}
    refuse(state, 0, use, "R-POWER-1", "Damp")
    act(_board(modern_side(poke("sv6pt5-19")), modern_side(poke(DELIBIRD))), 0, use)


def test_r_power_1_flutter_mane_switches_off_the_opponents_active_ability():
    _compiled("sv5-78", "no_abilities")
    # Bouffalant's Bouffer (20 less damage) is off while Flutter Mane is the Defending Pokémon's opponent Active
    d = _attack(_board(modern_side(poke("sv5-78", [PSYCHIC] * 3)), modern_side(poke("sv3-174"))), "Hex Hurl")
    assert d.state.seats[1].active.damage == 90
    _compiled("sv6-77", "no_abilities")
    _compiled("sv8-107", "no_abilities")


# -- the turn's rules ---------------------------------------------------------------------------------------

def test_r_evolve_3_eevee_boosted_evolution_in_the_active_spot():
    _compiled("sv8-143", "evolves_early")
    state = _board(modern_side(poke("sv8-143"), [poke("sv8-143")], hand=["sv8-86"]), modern_side(poke(DELIBIRD)),
                   turn=2)
    sylveon = state.seats[0].hand[0]
    refuse(state, 0, {"type": "evolve", "card": sylveon, "target": state.seats[0].bench[0].top}, "R-EVOLVE-3")
    d = act(state, 0, {"type": "evolve", "card": sylveon, "target": state.seats[0].active.top})
    assert d.state.card_of(d.state.seats[0].active.top).name == "Sylveon ex"
    _compiled("rsv10pt5-8", "evolves_early")          # "If you have Karrablast in play"


def test_r_attack_5_meloetta_ex_attacks_on_the_first_turn():
    _compiled("zsv10pt5-44", "attacks_first_turn")
    state = _board(modern_side(poke("zsv10pt5-44", [PSYCHIC])), modern_side(poke(REGIROCK_EX)), turn=1)
    assert act(state, 0, {"type": "attack", "attack": "Echoed Voice", "choices": {}}).state.seats[1].active.damage == 30
    state = _board(modern_side(poke(DELIBIRD, [PSYCHIC, PSYCHIC])), modern_side(poke(REGIROCK_EX)), turn=1)
    refuse(state, 0, {"type": "attack", "attack": "Gentle Slap", "choices": {}}, "R-ATTACK-5")


# -- what happens in play -----------------------------------------------------------------------------------

def test_r_damage_3_gengar_ex_gnawing_curse_on_the_opponents_attachment():
    _compiled("sv5-104", "counters_on_opponents_play")
    state = _board(modern_side(poke(DELIBIRD), hand=[FIRE]), modern_side(poke("sv5-104")))
    d = act(state, 0, {"type": "attach_energy", "card": state.seats[0].hand[0], "target": state.seats[0].active.top})
    assert d.state.seats[0].active.damage == 20
    _compiled("sv10-74", "counters_on_opponents_play")   # on evolving, doesn't stack


def test_r_power_1_magearna_auto_heal_on_attaching_from_hand():
    _compiled("sv9-107", "heal_on_own_attach")
    state = _board(modern_side(poke("sv9-107"), [dict(poke(DELIBIRD), damage=60)], hand=[FIRE]),
                   modern_side(poke(DELIBIRD)))
    d = act(state, 0, {"type": "attach_energy", "card": state.seats[0].hand[0], "target": state.seats[0].bench[0].top})
    assert d.state.seats[0].bench[0].damage == 0


def test_r_energy_2_meganium_wild_growth_doubles_basic_grass_once():
    _compiled("me1-10", "double_basic_energy")
    state = _board(modern_side(poke(DELIBIRD, [GRASS, FIRE]), [poke("me1-10"), poke("me1-10")]),
                   modern_side(poke(DELIBIRD, [GRASS])))
    assert sorted(provided_energy(state, state.seats[0].active)) == ["Fire", "Grass", "Grass"]
    assert provided_energy(state, state.seats[1].active) == ["Grass"]


def test_r_checkup_1_froslass_freezing_shroud_and_sand_stream():
    _compiled("sv6-53", "checkup_counters")
    state = _board(modern_side(poke("sv6-53"), [poke("sv8-143")]), modern_side(poke("sv9-107"), [poke(DELIBIRD)]))
    d = act(state, 0, {"type": "end_turn"})
    assert [p.damage for p in (d.state.seats[0].active, *d.state.seats[0].bench)] == [0, 10]
    assert [p.damage for p in (d.state.seats[1].active, *d.state.seats[1].bench)] == [10, 0]
    _compiled("sv10-96", "checkup_counters")
    state = _board(modern_side(poke("sv10-96")), modern_side(poke(DELIBIRD), [poke("sv6-53")]))
    d = act(state, 0, {"type": "end_turn"})
    assert (d.state.seats[1].active.damage, d.state.seats[1].bench[0].damage) == (20, 0)
    _compiled("sv9-21", "checkup_counters")


def test_r_evolve_1_palafin_ex_only_by_zero_to_hero():
    _compiled("sv6-61", "only_into_play_by")
    state = _board(modern_side(poke("sv6-59"), hand=["sv6-61"]), modern_side(poke(DELIBIRD)))
    refuse(state, 0, {"type": "evolve", "card": state.seats[0].hand[0], "target": state.seats[0].active.top},
           "R-EVOLVE-1", "Zero to Hero")


def test_r_retreat_6_dugtrio_holes_and_magcargo_lava_zone_on_the_opponents_retreat():
    _compiled("me2pt5-101", "on_opponent_to_bench")
    _compiled("sv5-29", "on_opponent_to_bench")
    state = _board(modern_side(poke(DELIBIRD, [FIRE]), [poke(REGIROCK_EX)]),
                   modern_side(poke("me2pt5-101"), [poke("sv5-29")]))
    d = act(state, 0, {"type": "retreat", "to": state.seats[0].bench[0].top,
                       "discard": [state.seats[0].active.energy[0]]})
    assert d.state.seats[0].bench[0].damage == 20 and d.state.seats[0].active.conditions == ["burned"]
    # Dugtrio's own player's retreat places nothing; Magcargo's opponent's does (their turn)
    mine = _board(modern_side(poke("me2pt5-101", [FIRE]), [poke(DELIBIRD)]),
                  modern_side(poke(DELIBIRD), [poke("sv5-29")]))
    d = act(mine, 0, {"type": "retreat", "to": mine.seats[0].bench[0].top, "discard": mine.seats[0].active.energy})
    assert d.state.seats[0].bench[0].damage == 0 and d.state.seats[0].active.conditions == ["burned"]
