"""The compiler from printed attack text (`cards/compiler/templates.py`), ruleset `modern`: each
template on its own against the rules with a real card it compiles (legal and refused cases, the
rule id in the test's name), the wordings it accepts, texts that almost match and must not, and
a data check that every compiled attack of the pool carries what its templates say."""
import re

import pytest

from projections.tcg import carddb
from projections.tcg.carddb import AttackDef, card
from projections.tcg.cards.compiler import TEMPLATES, compile_attack, damage_targets
from projections.tcg.cards.declared import DECLARED_SETS
from projections.tcg.core import add_effect

from .fixtures import act, board, poke, refuse

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
ENERGY = {"Grass": GRASS, "Fire": FIRE, "Water": WATER, "Lightning": LIGHTNING, "Psychic": PSYCHIC,
          "Fighting": FIGHTING, "Darkness": DARKNESS, "Metal": METAL, "Colorless": METAL}
BRAVERY_CHARM = "sv2-173"   # a Pokémon Tool (+50 HP)
RAGING_BOLT = "sv5-123"      # a 240 HP Dragon Basic: the test attackers hit it without Weakness or Resistance
BYNAME = {t.name: t for t in TEMPLATES}


def _cost(card_id, attack):
    return [ENERGY[t] for t in card(card_id).attack(attack).cost]


def _board(card_id, attack, energy=None, damage=0, bench=(), their_bench=(), their_energy=(), hand=(),
           deck=None, conditions=(), bench_damage=0, defender=RAGING_BOLT, their_damage=0, their_tools=(),
           their_prizes=6):
    mine = {"active": poke(card_id, energy if energy is not None else _cost(card_id, attack), damage=damage,
                           conditions=conditions),
            "bench": [poke(b, damage=bench_damage) for b in bench], "hand": list(hand),
            "deck": [FIGHTING] * 8 if deck is None else deck, "prizes": [GRASS] * 6, "discard": []}
    theirs = {"active": poke(defender, their_energy, damage=their_damage, attached=their_tools),
              "bench": [poke(b) for b in their_bench], "hand": [], "deck": [FIGHTING] * 8,
              "prizes": [GRASS] * their_prizes, "discard": []}
    return board(mine, theirs, ruleset="modern")


def _attack(state, attack, coins=(), **choices):
    return act(state, 0, {"type": "attack", "attack": attack, "choices": choices}, coins)


def _them(d):
    return d.state.seats[1]


def _second_benched_chosen(card_id, attack):
    """With two Benched Pokémon on the other side, the attack needs choices.pokemon (R-ATTACK-2);
    it is then used naming the second: the decision and the Pokémon named."""
    state = _board(card_id, attack, their_bench=["me1-33", "me1-26"])
    refuse(state, 0, {"type": "attack", "attack": attack, "choices": {}}, "R-ATTACK-2")
    target = state.seats[1].bench[1].top
    return _attack(state, attack, pokemon=[target]), target


def _compiled(card_id, attack, template):
    a = card(card_id).attack(attack)
    assert a.compiled_by == (template,) and f"attack:{attack}" not in card(card_id).declared, (card_id, a)


def test_raging_bolt_ex_takes_the_test_attacks_plainly():
    w = card(RAGING_BOLT)
    assert w.stage == "Basic" and w.hp == 240 and w.weakness is None and w.resistance is None


# -- each template against the rules --------------------------------------------------------------

def test_r_damage_2_self_damage_corphish_take_down():
    _compiled("me1-33", "Take Down", "self_damage")
    d = _attack(_board("me1-33", "Take Down"), "Take Down")
    assert d.state.seats[0].active.damage == 10 and _them(d).active.damage == 30


def test_r_attack_1_cant_attack_next_turn_stonjourner_boundless_power():
    _compiled("me1-81", "Boundless Power", "cant_attack_next_turn")
    state = _board("me1-81", "Boundless Power")
    d = _attack(state, "Boundless Power")
    assert [(e["kind"], e["until_turn"]) for e in d.state.seats[0].active.effects] == [("attack_blocked", 5)]
    add_effect(state.seats[0].active, "attack_blocked", 3, attack=None, why="Boundless Power")
    refuse(state, 0, {"type": "attack", "attack": "Boundless Power", "choices": {}}, "R-ATTACK-1")


def test_r_damage_1_coins_times_helioptile_double_scratch():
    _compiled("me1-52", "Double Scratch", "coins_times")
    state = _board("me1-52", "Double Scratch")
    assert _them(_attack(state, "Double Scratch", ["heads", "tails"])).active.damage == 10
    assert _them(_attack(state, "Double Scratch", ["heads", "heads"])).active.damage == 20
    assert _them(_attack(state, "Double Scratch", ["tails", "tails"])).active.damage == 0


def test_r_damage_1_flip_until_tails_jigglypuff_ball_roll():
    _compiled("me2-76", "Ball Roll", "flip_until_tails_times")
    state = _board("me2-76", "Ball Roll")
    assert _them(_attack(state, "Ball Roll", ["heads", "heads", "tails"])).active.damage == 40
    assert _them(_attack(state, "Ball Roll", ["tails"])).active.damage == 0


def test_r_damage_1_flip_more_damage_yamper_play_rough():
    _compiled("me2-30", "Play Rough", "flip_more_damage")
    state = _board("me2-30", "Play Rough")
    assert _them(_attack(state, "Play Rough", ["heads"])).active.damage == 40
    assert _them(_attack(state, "Play Rough", ["tails"])).active.damage == 20


def test_r_attack_2_tails_does_nothing_scorbunny_wild_kick():
    _compiled("me1-26", "Wild Kick", "tails_does_nothing")
    state = _board("me1-26", "Wild Kick")
    assert _them(_attack(state, "Wild Kick", ["heads"])).active.damage == 30
    assert _them(_attack(state, "Wild Kick", ["tails"])).active.damage == 0


def test_r_damage_3_heal_self_seedot_nap():
    _compiled("me1-13", "Nap", "heal_self")
    assert _attack(_board("me1-13", "Nap", damage=30), "Nap").state.seats[0].active.damage == 10
    assert _attack(_board("me1-13", "Nap", damage=10), "Nap").state.seats[0].active.damage == 0


def test_r_status_4_flip_condition_eiscue_freezing_headbutt():
    _compiled("me1-44", "Freezing Headbutt", "flip_condition")
    state = _board("me1-44", "Freezing Headbutt")
    d = _attack(state, "Freezing Headbutt", ["heads"])
    assert _them(d).active.conditions == ["paralyzed"] and _them(d).active.damage == 20
    assert _them(_attack(state, "Freezing Headbutt", ["tails"])).active.conditions == []


def test_r_status_7_condition_tangela_poison_powder_and_two_conditions():
    _compiled("me1-6", "Poison Powder", "condition")
    assert _them(_attack(_board("me1-6", "Poison Powder"), "Poison Powder")).active.conditions == ["poisoned"]
    _compiled("me2-3", "Pollen Bomb", "condition")          # Vileplume: "... now Asleep and Poisoned."
    d = _attack(_board("me2-3", "Pollen Bomb"), "Pollen Bomb", ["tails"])     # the checkup's Sleep flip
    assert _them(d).active.conditions == ["asleep", "poisoned"]


def test_r_retreat_1_defending_cant_retreat_bulbasaur_bind_down():
    _compiled("me1-1", "Bind Down", "defending_cant_retreat")
    d = _attack(_board("me1-1", "Bind Down", their_bench=["me1-1"]), "Bind Down")
    assert [e["kind"] for e in _them(d).active.effects] == ["cant_retreat"]
    assert d.state.seat_to_act == 1
    refuse(d.state, 1, {"type": "retreat", "to": _them(d).bench[0].top, "discard": []}, "R-RETREAT-1")


def test_r_damage_1_takes_less_damage_sigilyph_reflect():
    _compiled("rsv10pt5-38", "Reflect", "takes_less_damage")
    d = _attack(_board("rsv10pt5-38", "Reflect"), "Reflect")
    (effect,) = d.state.seats[0].active.effects
    assert effect["kind"] == "reduce_damage" and effect["amount"] == 40 and effect["until_turn"] == 4


def test_r_damage_1_flip_prevent_all_snom_hide_and_bronzor_iron_defense():
    _compiled("me1-42", "Hide", "flip_prevent_all")
    state = _board("me1-42", "Hide")
    assert [e["kind"] for e in _attack(state, "Hide", ["heads"]).state.seats[0].active.effects] == ["prevent_all"]
    assert _attack(state, "Hide", ["tails"]).state.seats[0].active.effects == []
    _compiled("me2-71", "Iron Defense", "flip_prevent_damage")
    d = _attack(_board("me2-71", "Iron Defense"), "Iron Defense", ["heads"])
    assert [e["kind"] for e in d.state.seats[0].active.effects] == ["prevent_damage"]


def test_r_energy_3_discard_own_energy_kyogre_swirling_waves():
    _compiled("me1-34", "Swirling Waves", "discard_own_energy")
    state = _board("me1-34", "Swirling Waves", energy=[WATER, WATER, METAL])
    refuse(state, 0, {"type": "attack", "attack": "Swirling Waves", "choices": {}}, "R-ATTACK-2")
    chosen = state.seats[0].active.energy[1:]
    d = _attack(state, "Swirling Waves", cards=chosen)
    assert d.state.seats[0].active.energy == state.seats[0].active.energy[:1]
    assert set(chosen) <= set(d.state.seats[0].discard) and _them(d).active.damage == 130


def test_r_energy_3_discard_defending_energy_duraludon_and_dedenne():
    _compiled("me2-74", "Hyper Beam", "discard_defending_energy")
    d = _attack(_board("me2-74", "Hyper Beam", their_energy=[WATER]), "Hyper Beam")
    assert _them(d).active.energy == [] and len(_them(d).discard) == 1
    _compiled("sv1-94", "Energy Munch", "flip_discard_defending_energy")
    state = _board("sv1-94", "Energy Munch", their_energy=[WATER])
    assert _them(_attack(state, "Energy Munch", ["heads"])).active.energy == []
    assert len(_them(_attack(state, "Energy Munch", ["tails"])).active.energy) == 1


def test_r_damage_2_bench_chosen_stonjourner_stony_kick():
    _compiled("me1-81", "Stony Kick", "bench_chosen")
    d, _ = _second_benched_chosen("me1-81", "Stony Kick")
    assert [p.damage for p in _them(d).bench] == [0, 20] and _them(d).active.damage == 20


def test_r_damage_2_bench_each_cetoddle_avalanche():
    _compiled("sv2-53", "Avalanche", "bench_each")
    d = _attack(_board("sv2-53", "Avalanche", their_bench=["me1-33", "me1-26"], bench=["me1-33"]), "Avalanche")
    assert [p.damage for p in _them(d).bench] == [10, 10] and d.state.seats[0].bench[0].damage == 0


def test_r_trainer_5_draw_ralts_collect_and_an_empty_deck():
    _compiled("me1-58", "Collect", "draw")
    d = _attack(_board("me1-58", "Collect"), "Collect")
    assert len(d.state.seats[0].hand) == 1 and len(d.state.seats[0].deck) == 7
    empty = _attack(_board("me1-58", "Collect", deck=[]), "Collect")
    assert empty.state.seats[0].hand == []


def test_r_retreat_6_switch_self_abra_teleportation_attack():
    _compiled("me1-54", "Teleportation Attack", "switch_self")
    state = _board("me1-54", "Teleportation Attack", bench=["me1-33", "me1-26"])
    refuse(state, 0, {"type": "attack", "attack": "Teleportation Attack", "choices": {}}, "R-ATTACK-2")
    to = state.seats[0].bench[1].top
    d = _attack(state, "Teleportation Attack", to=to)
    assert d.state.seats[0].active.top == to and _them(d).active.damage == 10


def test_r_damage_1_more_per_own_counter_dondozo_ex_and_per_own_energy_darumaka():
    _compiled("sv10-66", "Avenging Billow", "more_per_own_counter")
    d = _attack(_board("sv10-66", "Avenging Billow", damage=40), "Avenging Billow")
    assert _them(d).active.damage == 70
    _compiled("me2-15", "Blaze Ball", "more_per_own_energy")
    d = _attack(_board("me2-15", "Blaze Ball", energy=[FIRE, FIRE, METAL]), "Blaze Ball")
    assert _them(d).active.damage == 10 + 2 * 20


def test_r_status_5_poisoned_counters_toxicroak_ex_toxic_ripper():
    _compiled("sv1-131", "Toxic Ripper", "poisoned_counters")
    d = _attack(_board("sv1-131", "Toxic Ripper"), "Toxic Ripper")
    assert _them(d).active.conditions == ["poisoned"] and _them(d).active.damage == 120 + 60   # the checkup's 6


def test_r_damage_1_damage_ignores_resistance_cynthias_gible_rock_hurl():
    _compiled("me2pt5-109", "Rock Hurl", "damage_ignores")
    assert card("me2-39").resistance == "Fighting"                                      # Cresselia
    d = _attack(_board("me2pt5-109", "Rock Hurl", defender="me2-39"), "Rock Hurl")
    assert _them(d).active.damage == 20


def test_r_damage_1_more_if_defending_damaged_larrys_rufflet_peck_the_wound():
    _compiled("me2pt5-173", "Peck the Wound", "more_if_defending_damaged")
    assert _them(_attack(_board("me2pt5-173", "Peck the Wound"), "Peck the Wound")).active.damage == 20
    d = _attack(_board("me2pt5-173", "Peck the Wound", their_damage=10), "Peck the Wound")
    assert _them(d).active.damage == 10 + 20 + 80


def test_r_damage_3_heal_each_own_wash_rotom_manual_wash():
    _compiled("sv10-61", "Manual Wash", "heal_each_own")
    d = _attack(_board("sv10-61", "Manual Wash", damage=30, bench=["me1-33"], bench_damage=10), "Manual Wash")
    assert d.state.seats[0].active.damage == 20 and d.state.seats[0].bench[0].damage == 0


def test_r_damage_2_damage_one_of_theirs_rotom_linear_attack():
    _compiled("sv1-69", "Linear Attack", "damage_one_of_theirs")
    state = _board("sv1-69", "Linear Attack", their_bench=["me1-33"])
    refuse(state, 0, {"type": "attack", "attack": "Linear Attack", "choices": {}}, "R-ATTACK-2")
    d = _attack(state, "Linear Attack", pokemon=[state.seats[1].bench[0].top])
    assert _them(d).bench[0].damage == 20 and _them(d).active.damage == 0
    d = _attack(state, "Linear Attack", pokemon=[state.seats[1].active.top])
    assert _them(d).bench[0].damage == 0 and _them(d).active.damage == 20


def test_r_damage_1_times_own_counters_ns_reshiram_powerful_rage():
    _compiled("me2pt5-154", "Powerful Rage", "times_own_counters")
    d = _attack(_board("me2pt5-154", "Powerful Rage", damage=30), "Powerful Rage")
    assert _them(d).active.damage == 60


def test_r_damage_1_more_per_defending_energy_jynx_and_per_defending_counter_dedenne():
    _compiled("me1-57", "Psychic", "more_per_defending_energy")
    d = _attack(_board("me1-57", "Psychic", their_energy=[FIRE, LIGHTNING]), "Psychic")
    assert _them(d).active.damage == 30 + 2 * 30
    _compiled("sv1-95", "Second Bite", "more_per_defending_counter")
    d = _attack(_board("sv1-95", "Second Bite", their_damage=30), "Second Bite")
    assert _them(d).active.damage == 30 + 30 + 3 * 10


def test_r_damage_1_more_per_prize_taken_durant_ex_vengeful_crush():
    _compiled("sv8-4", "Vengeful Crush", "more_per_prize_taken")
    d = _attack(_board("sv8-4", "Vengeful Crush", their_prizes=4), "Vengeful Crush")
    assert _them(d).active.damage == 120 + 2 * 30


def test_r_status_1_recover_conditions_arboliva_ex_and_condition_self_klawf():
    _compiled("sv10-23", "Aroma Shot", "recover_conditions")
    d = _attack(_board("sv10-23", "Aroma Shot", conditions=["poisoned"]), "Aroma Shot")
    assert d.state.seats[0].active.conditions == [] and d.state.seats[0].active.damage == 0
    _compiled("sv1-122", "Adrenaline Hammer", "condition_self")
    d = _attack(_board("sv1-122", "Adrenaline Hammer"), "Adrenaline Hammer")
    assert d.state.seats[0].active.conditions == ["confused"] and _them(d).active.damage == 130


def test_r_trainer_4_discard_defending_tools_first_spearow_pluck():
    _compiled("me1-102", "Pluck", "discard_defending_tools_first")
    d = _attack(_board("me1-102", "Pluck", their_tools=[BRAVERY_CHARM]), "Pluck")
    assert _them(d).active.attached == [] and len(_them(d).discard) == 1
    assert _them(d).active.damage == 10


def test_r_attack_2_switch_out_defending_hippopotas_push_down_the_opponent_chooses():
    _compiled("sv10-105", "Push Down", "switch_out_defending")
    d, new = _second_benched_chosen("sv10-105", "Push Down")
    assert _them(d).active.top == new and _them(d).bench[-1].damage == 10


def test_r_attack_2_switch_in_defending_spiritomb_taunt():
    _compiled("sv1-129", "Taunt", "switch_in_defending")
    state = _board("sv1-129", "Taunt", their_bench=["me1-33"])
    d = _attack(state, "Taunt")                                  # one Benched Pokémon: no choice to name
    assert _them(d).active.top == state.seats[1].bench[0].top


# -- wordings, near misses ------------------------------------------------------------------------

def _attack_def(text, damage=30, mark=""):
    return AttackDef("Test", ["Colorless"], damage, mark, has_effect_text=True, text=text)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.name)
def test_every_wording_a_template_names_compiles_to_it_alone(template):
    assert template.wordings
    for wording in template.wordings:
        per = re.search(r"(\d+) damage for each heads|(\d+) damage for each damage counter on this", wording)
        damage = int(per.group(1) or per.group(2)) if per and template.mark == "×" else \
            0 if "damage to 1 of your opponent's Pokémon" in wording or "use it as this attack" in wording \
            or template.name in damage_targets.PRINTED_BLANK and " also does" not in wording else 30
        compiled = compile_attack(_attack_def(wording, damage, template.mark))
        assert compiled is not None and compiled.templates == (template.name,), wording


def test_the_wording_variants_of_the_opponents_active_pokemon():
    for text in ("Your opponent's Active Pokémon is now Burned.", "The Defending Pokémon is now Burned."):
        (effect,) = compile_attack(_attack_def(text)).effects
        assert effect.condition == "burned"


def test_sentences_compile_one_after_the_other():
    text = "Discard 2 Energy from this Pokémon.  This attack also does 30 damage to 1 of your opponent's " \
           "Benched Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)"
    compiled = compile_attack(_attack_def(text))
    assert compiled.templates == ("discard_own_energy", "bench_chosen")
    assert [e.count for e in compiled.effects] == [2, 1] and compiled.effects[1].amount == 30


@pytest.mark.parametrize("text,damage,mark", [
    # a sentence no template knows after one it knows
    ("Flip a coin. If heads, your opponent's Active Pokémon is now Paralyzed. If tails, this Pokémon is now "
     "Confused.", 30, ""),
    ("Your opponent's Active Pokémon is now Poisoned. During Pokémon Checkup, put 3 damage counters on that "
     "Pokémon instead of 2.", 30, ""),
    ("This attack does 30 damage to 1 of your opponent's Pokémon. (Don't apply Weakness and Resistance for "
     "Benched Pokémon.)", 30, ""),
    ("Heal 30 damage from 2 of your Pokémon.", 30, ""),
    ("This attack does 20 damage to 1 of your opponent's Benched Pokémon.", 0, ""),
    ("Your opponent's Active Pokémon is now Frozen.", 30, ""),
    ("Draw a cards.", 0, ""),
    # the printed damage disagrees with the text
    ("Flip 3 coins. This attack does 20 damage for each heads.", 30, "×"),
    ("Flip 3 coins. This attack does 30 damage for each heads.", 30, ""),
    ("Flip a coin. If heads, this attack does 30 more damage.", 30, ""),
    ("Your opponent's Active Pokémon is now Confused.", 30, "+"),
    ("Heal 25 damage from this Pokémon.", 30, ""),
    ("", 30, ""),
])
def test_a_text_that_almost_matches_stays_declared(text, damage, mark):
    assert compile_attack(_attack_def(text, damage, mark)) is None


# -- the pool -------------------------------------------------------------------------------------

def test_every_compiled_attack_carries_what_its_templates_say_and_only_modern_cards_compile():
    compiled = 0
    for c in carddb.all_cards():
        modern = c.id.split("-")[0] in DECLARED_SETS
        for a in c.attacks:
            if not a.compiled_by:
                continue
            assert modern, (c.id, a.name)
            again = compile_attack(a)
            assert again is not None and again.templates == a.compiled_by, (c.id, a.name)
            assert [(type(e), e.describe()) for e in a.effects] == [(type(e), e.describe()) for e in again.effects]
            assert f"attack:{a.name}" not in c.declared and a.text
            assert all(BYNAME[n] for n in a.compiled_by)
            compiled += 1
    assert compiled >= 1300
