"""The compiler's templates of `cards/compiler/lasting.py` (ruleset `modern`): each against the
rules with a real card it compiles (the rule id in the test's name), the next turn it acts in and
the effect gone after it, the wording variants it accepts and texts that almost match and must not."""
import pytest

from projections.tcg import carddb
from projections.tcg.carddb import card
from projections.tcg.cards.compiler import compile_attack
from projections.tcg.cards.effects.next_turn import BoostAttackNextTurn, CantUseNextTurn
from projections.tcg.core import add_effect

from .fixtures import act, refuse, said
from .test_compiler import (
    FIGHTING,
    FIRE,
    METAL,
    PSYCHIC,
    WATER,
    _attack,
    _attack_def,
    _board,
    _them,
)

LYCANROC = "sv2-117"     # Lycanroc ex: Stage 1 Fighting, 260 HP, Weakness Grass; Rock Throw [F] 40
CORPHISH = "me1-33"      # Corphish: Basic Water, 80 HP; Vise Grip [C] 10
BUNEARY = "me1-107"      # Buneary: Basic Colorless, 70 HP, Weakness Fighting; Skip [C] 10
RAGING_BOLT = "sv5-123"  # Raging Bolt ex: Basic Dragon, 240 HP, no Weakness or Resistance
SWITCH, BRAVERY_CHARM = "sv1-194", "sv2-173"     # an Item; a Pokémon Tool (not an Item card)


def _compiled(card_id, attack, *templates):
    a = card(card_id).attack(attack)
    assert a.compiled_by == templates and f"attack:{attack}" not in card(card_id).declared, (card_id, a)


def _mine(d):
    return d.state.seats[0]


def _their_attack(state, name, coins=(), **choices):
    return act(state, 1, {"type": "attack", "attack": name, "choices": choices}, coins)


def _end_turn(state):
    return act(state, state.seat_to_act, {"type": "end_turn"}).state


def _copy(state, name, **choices):
    return act(state, 0, {"type": "attack", "attack": "Metronome", "choices": {"attack": name, **choices}})


def _kinds(p):
    return [(e["kind"], e["until_turn"]) for e in p.effects]


# -- the Defending Pokémon during the opponent's next turn -----------------------------------------

def test_r_damage_1_defending_attacks_weaker_buneary_charm_then_gone():
    _compiled(BUNEARY, "Charm", "defending_attacks_weaker")
    _compiled("sv2-62", "Growl", "defending_attacks_weaker")          # "the Defending Pokémon's attacks do"
    _compiled("me2pt5-8", "Growl", "defending_attacks_weaker")        # the reminder in italics
    d = _attack(_board(BUNEARY, "Charm", defender=LYCANROC, their_energy=[FIGHTING]), "Charm")
    assert _kinds(_them(d).active) == [("attacks_weakened", 4)] and d.state.seat_to_act == 1
    hit = _their_attack(d.state, "Rock Throw")
    assert _mine(hit).active.damage == (40 - 20) * 2                   # before Weakness (R-DAMAGE-1 b)
    assert hit.state.turn == 5 and hit.state.seats[1].active.effects == []
    hit = _their_attack(_end_turn(hit.state), "Rock Throw")
    said(hit, "does 80 damage")


def test_r_damage_1_defending_attacks_weaker_brought_to_0_stops():
    d = _attack(_board(BUNEARY, "Charm", defender=CORPHISH, their_energy=[WATER]), "Charm")
    hit = _their_attack(d.state, "Vise Grip")
    assert _mine(hit).active.damage == 0


def test_r_attack_1_defending_cant_attack_lickitung_tongue_tied_then_gone():
    _compiled("sv3pt5-108", "Tongue-Tied", "defending_cant_attack")
    _compiled("zsv10pt5-25", "Snotted Up", "defending_cant_attack")   # "can't use attacks"
    d = _attack(_board("sv3pt5-108", "Tongue-Tied", defender=LYCANROC, their_energy=[FIGHTING]), "Tongue-Tied")
    assert _them(d).active.damage == 70 and _kinds(_them(d).active) == [("attack_blocked", 4)]
    refuse(d.state, 1, {"type": "attack", "attack": "Rock Throw", "choices": {}}, "R-ATTACK-1")
    later = _end_turn(_end_turn(d.state))
    assert later.turn == 6 and later.seats[1].active.effects == []
    _their_attack(later, "Rock Throw")


def test_r_attack_1_stage_defending_cant_attack_houndoom_ex_evil_claw_basic_only():
    _compiled("sv3-134", "Evil Claw", "stage_defending_cant_attack")
    _compiled("sv4-56", "Refrigerated Stream", "stage_defending_cant_attack")   # "an Evolution Pokémon"
    d = _attack(_board("sv3-134", "Evil Claw", their_energy=[METAL]), "Evil Claw")        # Raging Bolt ex: Basic
    refuse(d.state, 1, {"type": "attack", "attack": "Burst Roar", "choices": {}}, "R-ATTACK-1")
    d = _attack(_board("sv3-134", "Evil Claw", defender=LYCANROC, their_energy=[FIGHTING]), "Evil Claw")
    assert _them(d).active.effects == [] and _them(d).active.damage == 90
    said(d, "may attack as usual")
    _their_attack(d.state, "Rock Throw")


# -- this Pokémon during the opponent's next turn --------------------------------------------------

def test_r_damage_1_prevent_damage_from_basic_staraptor_tailspin_away():
    _compiled("sv1-150", "Tailspin Away", "prevent_damage_from_basic")
    d = _attack(_board("sv1-150", "Tailspin Away", defender=CORPHISH, their_energy=[WATER]), "Tailspin Away")
    assert _kinds(_mine(d).active) == [("prevent_damage_from_basic", 4)]
    assert _mine(_their_attack(d.state, "Vise Grip")).active.damage == 0                   # a Basic Pokémon
    d = _attack(_board("sv1-150", "Tailspin Away", defender=LYCANROC, their_energy=[FIGHTING]), "Tailspin Away")
    hit = _their_attack(d.state, "Rock Throw")                                              # a Stage 1
    assert _mine(hit).active.damage == 40 - 30                                             # Resistance only
    later = _end_turn(hit.state)
    assert later.seats[0].active.effects == []


def _bring_in_energised(state):
    """Seat 1's Benched Pokémon comes in with the Active's Energy (Raging Bolt ex took the attack)."""
    theirs = state.seats[1]
    theirs.active, theirs.bench[0] = theirs.bench[0], theirs.active
    theirs.active.energy, theirs.bench[0].energy = theirs.bench[0].energy, []
    return state


def test_r_damage_1_prevent_damage_from_basic_non_colorless_terapagos_ex_crown_opal():
    _compiled("sv7-128", "Crown Opal", "prevent_damage_from_basic")
    _compiled("me2pt5-179", "Crown Opal", "prevent_damage_from_basic")   # "non-colorless"
    for attacker, name, damage in ((BUNEARY, "Skip", 10), (CORPHISH, "Vise Grip", 0)):   # Colorless, Water
        d = _attack(_board("sv7-128", "Crown Opal", their_energy=[WATER], their_bench=[attacker]), "Crown Opal")
        assert [(e["kind"], e["except_type"]) for e in _mine(d).active.effects] == [
            ("prevent_damage_from_basic", "Colorless")]
        assert _mine(_their_attack(_bring_in_energised(d.state), name)).active.damage == damage


def test_r_damage_1_prevent_damage_at_most_roggenrola_harden_and_takes_less_italic_carkol():
    _compiled("rsv10pt5-46", "Harden", "prevent_damage_at_most")
    _compiled("sv9-2", "Harden", "prevent_damage_at_most")
    d = _attack(_board("rsv10pt5-46", "Harden", defender=LYCANROC, their_energy=[FIGHTING]), "Harden")
    assert _mine(_their_attack(d.state, "Rock Throw")).active.damage == 0               # 40 or less
    _compiled("me2pt5-119", "Guard Press", "takes_less_damage")     # the reminder in italics
    d = _attack(_board("me2pt5-119", "Guard Press", defender=LYCANROC, their_energy=[FIGHTING]), "Guard Press")
    assert [(e["kind"], e["amount"], e["until_turn"]) for e in _mine(d).active.effects] == [("reduce_damage", 20, 4)]
    assert _mine(_their_attack(d.state, "Rock Throw")).active.damage == 40 - 20


def test_r_damage_1_takes_less_damage_from_stage_crustle_crag_bash():
    _compiled("sv4-7", "Crag Bash", "takes_less_damage_from_stage")
    d = _attack(_board("sv4-7", "Crag Bash", defender=LYCANROC, their_energy=[FIGHTING] * 3), "Crag Bash")
    assert _mine(_their_attack(d.state, "Scary Fangs")).active.damage == 140 - 100      # a Stage 1
    d = _attack(_board("sv4-7", "Crag Bash", their_energy=[WATER], their_bench=[CORPHISH]), "Crag Bash")
    assert _kinds(_mine(d).active) == [("reduce_damage_from_stage", 4)]
    assert _mine(_their_attack(_bring_in_energised(d.state), "Vise Grip")).active.damage == 10    # a Basic


def test_r_damage_3_counters_on_attacker_iron_boulder_ex_repulsor_axe_then_gone():
    _compiled("sv5-99", "Repulsor Axe", "counters_on_attacker")
    _compiled("sv8-151", "Ready to Ram", "counters_on_attacker")   # "(even if this Pokémon is Knocked Out)"
    _compiled(LYCANROC, "Scary Fangs", "counters_on_attacker")
    d = _attack(_board("sv5-99", "Repulsor Axe", defender=LYCANROC, their_energy=[FIGHTING]), "Repulsor Axe")
    assert _them(d).active.damage == 60 and _kinds(_mine(d).active) == [("counters_on_attacker", 4)]
    hit = _their_attack(d.state, "Rock Throw")
    assert _mine(hit).active.damage == 40 and _them(hit).active.damage == 60 + 80       # placed: no Weakness
    assert hit.state.seats[0].active.effects == []
    hit = _their_attack(_end_turn(hit.state), "Rock Throw")
    assert _them(hit).active.damage == 140 and _mine(hit).active.damage == 80


def test_r_damage_3_counters_on_attacker_even_if_knocked_out_and_the_attacker_too():
    state = _board("sv5-99", "Repulsor Axe", defender=CORPHISH, their_energy=[WATER], damage=230, bench=[CORPHISH],
                   their_bench=[CORPHISH])
    d = _attack(state, "Repulsor Axe")
    hit = _their_attack(d.state, "Vise Grip")          # Iron Boulder ex (240 HP) is Knocked Out by 10
    said(hit, "8 damage counters on Corphish (140/80)")
    assert len(hit.state.seats[0].prizes) == 5 and len(hit.state.seats[1].prizes) == 4    # both Knocked Out


def test_r_damage_3_counters_on_attacker_equal_to_the_damage_mewtwo_reflective_barrier():
    _compiled("sv3pt5-150", "Reflective Barrier", "counters_on_attacker")
    _compiled("sv10-146", "Strong Bash", "counters_on_attacker")
    d = _attack(_board("sv3pt5-150", "Reflective Barrier", defender=LYCANROC, their_energy=[FIGHTING] * 3),
                "Reflective Barrier")
    hit = _their_attack(d.state, "Scary Fangs")         # 140 − 30 (Mewtwo's Resistance) = 110 done to Mewtwo
    assert _mine(hit).active.damage == 110 and _them(hit).active.damage == 20 + 110
    said(hit, "11 damage counters on Lycanroc ex")


def test_r_attack_2_prevent_effects_next_turn_bronzong_oracle_press_damage_still_done():
    _compiled("sv3-145", "Oracle Press", "prevent_effects_next_turn")
    _compiled("sv4-140", "Light Pulse", "prevent_effects_next_turn")
    d = _attack(_board("sv3-145", "Oracle Press", defender="me2-50", their_energy=[FIGHTING]), "Oracle Press")
    hit = _their_attack(d.state, "Poison Ring")              # Gliscor: 50, Poisoned, can't retreat
    assert _mine(hit).active.damage == 50 and _mine(hit).active.conditions == []
    assert _kinds(_mine(hit).active) == []                   # its own effect over, no "cant_retreat" either


def test_r_damage_3_counters_at_end_of_next_turn_glaceon_permeating_chill():
    _compiled("sv6-54", "Permeating Chill", "counters_at_end_of_next_turn")
    _compiled("sv3pt5-71", "Slow-Acting Acid", "counters_at_end_of_next_turn")
    d = _attack(_board("sv6-54", "Permeating Chill", defender=LYCANROC), "Permeating Chill")
    assert _them(d).active.damage == 30 and _kinds(_them(d).active) == [("counters_at_end_of_turn", 5)]
    theirs_over = act(d.state, 1, {"type": "end_turn"})
    said(theirs_over, "9 damage counters on Lycanroc ex")
    assert theirs_over.state.seats[1].active.damage == 30 + 90
    mine_over = act(theirs_over.state, 0, {"type": "end_turn"})
    assert mine_over.state.seats[1].active.damage == 120 and mine_over.state.seats[1].active.effects == []


def test_r_damage_3_counters_at_end_of_next_turn_gone_with_the_bench():
    d = _attack(_board("sv6-54", "Permeating Chill", defender=CORPHISH, their_energy=[WATER, WATER],
                       their_bench=[LYCANROC]), "Permeating Chill")
    retreated = act(d.state, 1, {"type": "retreat", "to": _them(d).bench[0].top,
                                 "discard": list(_them(d).active.energy)})
    over = act(retreated.state, 1, {"type": "end_turn"})
    assert [p.damage for p in over.state.seats[1].in_play()] == [0, 30]


# -- this Pokémon during its owner's next turn -----------------------------------------------------

def test_r_damage_1_boost_attack_next_turn_doublade_swords_dance_then_gone():
    _compiled("sv4-133", "Swords Dance", "boost_attack_next_turn")
    _compiled("sv3-52", "Echoed Voice", "boost_attack_next_turn")
    _compiled("me2pt5-143", "Mochi Rush", "boost_attack_next_turn")       # the reminder in italics
    d = _attack(_board("sv4-133", "Swords Dance", energy=[METAL, METAL], their_energy=[METAL]), "Swords Dance")
    assert _kinds(_mine(d).active) == [("attack_boosted", 5)]
    mine = _end_turn(d.state)
    hit = _attack(mine, "Slicing Blade")
    assert _them(hit).active.damage == 40 + 80
    assert _mine(hit).active.effects == []
    again = _attack(_end_turn(hit.state), "Slicing Blade")
    assert _them(again).active.damage == 120 + 40


def test_r_damage_1_boost_attack_next_turn_not_another_attack_nor_the_opponents_turn():
    d = _attack(_board("sv5-115", "Meteor Mash", their_energy=[METAL]), "Meteor Mash")   # Metagross
    assert _them(d).active.damage == 60
    hit = _attack(_end_turn(d.state), "Meteor Mash")
    assert _them(hit).active.damage == 60 + 120


def test_r_attack_1_cant_use_next_turn_torracat_flare_strike_then_gone():
    _compiled("sv5-33", "Flare Strike", "cant_use_next_turn")
    d = _attack(_board("sv5-33", "Flare Strike", their_energy=[METAL]), "Flare Strike")
    assert _kinds(_mine(d).active) == [("attack_blocked", 5)]
    mine = _end_turn(d.state)
    refuse(mine, 0, {"type": "attack", "attack": "Flare Strike", "choices": {}}, "R-ATTACK-1")
    bite = _attack(mine, "Bite")
    assert _mine(bite).active.effects == []
    _attack(_end_turn(bite.state), "Flare Strike")


def test_r_attack_1_flip_tails_cant_attack_oinkologne_leg_stomp():
    _compiled("sv1-157", "Leg Stomp", "flip_tails_cant_attack")
    _compiled("me2-69", "Power Rush", "flip_tails_cant_attack")        # "can't use attacks"
    state = _board("sv1-157", "Leg Stomp")
    assert _mine(_attack(state, "Leg Stomp", ["heads"])).active.effects == []
    d = _attack(state, "Leg Stomp", ["tails"])
    assert _kinds(_mine(d).active) == [("attack_blocked", 5)] and _them(d).active.damage == 130
    refuse(_end_turn(d.state), 0, {"type": "attack", "attack": "Ram", "choices": {}}, "R-ATTACK-1")


def test_r_damage_1_boost_attacks_next_turn_golem_ex_dynamic_roll():
    _compiled("sv3pt5-76", "Dynamic Roll", "boost_attacks_next_turn")
    d = _attack(_board("sv3pt5-76", "Dynamic Roll", their_energy=[METAL]), "Dynamic Roll")
    assert _kinds(_mine(d).active) == [("attack_boosted", 5)] and _them(d).active.damage == 50
    hit = _attack(_end_turn(d.state), "Dynamic Roll")
    assert _them(hit).active.damage == 50 + 170


def test_r_damage_1_base_damage_next_turn_watchog_focus_energy():
    _compiled("rsv10pt5-73", "Focus Energy", "base_damage_next_turn")
    d = _attack(_board("rsv10pt5-73", "Focus Energy", their_energy=[METAL]), "Focus Energy")
    assert _kinds(_mine(d).active) == [("stockpile", 5)]
    said(_attack(_end_turn(d.state), "Hyper Fang", ["heads"]), "does 240 damage")     # Raging Bolt ex: 240 HP
    later = _end_turn(_end_turn(_end_turn(d.state)))
    assert later.turn == 7 and later.seats[0].active.effects == []
    assert _them(_attack(later, "Hyper Fang", ["heads"])).active.damage == 80


def test_r_retreat_1_cant_retreat_next_turn_skarmory_roost_then_gone():
    _compiled("sv10-141", "Roost", "heal_self", "cant_retreat_next_turn")
    d = _attack(_board("sv10-141", "Roost", damage=60, bench=[CORPHISH], their_energy=[METAL]), "Roost")
    assert _mine(d).active.damage == 10 and _kinds(_mine(d).active) == [("cant_retreat", 5)]
    mine = _end_turn(d.state)
    retreat = {"type": "retreat", "to": mine.seats[0].bench[0].top, "discard": list(mine.seats[0].active.energy)}
    refuse(mine, 0, retreat, "R-RETREAT-1")
    later = _end_turn(_end_turn(mine))
    act(later, 0, {**retreat, "to": later.seats[0].bench[0].top, "discard": list(later.seats[0].active.energy)})


def test_r_damage_1_no_weakness_next_turn_archaludon_ex_metal_defender():
    _compiled("sv8-130", "Metal Defender", "no_weakness_next_turn")
    assert card("sv8-130").weakness == "Fire"
    d = _attack(_board("sv8-130", "Metal Defender", their_energy=[FIRE], their_bench=["me1-26"]), "Metal Defender")
    hit = _their_attack(_bring_in_energised(d.state), "Wild Kick", ["heads"])          # Scorbunny: a Fire attack
    assert _mine(hit).active.damage == 30
    assert hit.state.seats[0].active.effects == []
    hit = _their_attack(_end_turn(hit.state), "Wild Kick", ["heads"])
    assert _mine(hit).active.damage == 30 + 60


def test_r_retreat_1_that_pokemon_cant_retreat_gliscor_poison_ring():
    _compiled("me2-50", "Poison Ring", "condition", "that_pokemon_cant_retreat")
    d = _attack(_board("me2-50", "Poison Ring", defender=LYCANROC, their_energy=[FIGHTING],
                       their_bench=[CORPHISH]), "Poison Ring")
    assert _them(d).active.conditions == ["poisoned"] and _kinds(_them(d).active) == [("cant_retreat", 4)]
    refuse(d.state, 1, {"type": "retreat", "to": _them(d).bench[0].top, "discard": list(_them(d).active.energy)},
           "R-RETREAT-1")


def test_r_attack_2_defending_attack_may_fail_dolliv_apply_oil():
    _compiled("sv1-22", "Apply Oil", "defending_attack_may_fail")
    _compiled("sv4-34", "Smokescreen Shot", "defending_attack_may_fail")     # "tries to use an attack"
    d = _attack(_board("sv1-22", "Apply Oil", defender=LYCANROC, their_energy=[FIGHTING]), "Apply Oil")
    assert _kinds(_them(d).active) == [("attack_may_fail", 4)]
    assert _mine(_their_attack(d.state, "Rock Throw", ["tails"])).active.damage == 0
    assert _mine(_their_attack(d.state, "Rock Throw", ["heads"])).active.damage == 40
    hit = _their_attack(d.state, "Rock Throw", ["tails"])
    assert _mine(_their_attack(_end_turn(hit.state), "Rock Throw")).active.damage == 40      # no flip


def test_r_attack_1_block_chosen_defending_attack_oranguru_plotters_command():
    _compiled("sv2-94", "Plotter's Command", "block_chosen_defending_attack")
    state = _board("sv2-94", "Plotter's Command", defender=LYCANROC, their_energy=[FIGHTING] * 3)
    refuse(state, 0, {"type": "attack", "attack": "Plotter's Command", "choices": {}}, "R-ATTACK-2")
    d = act(state, 0, {"type": "attack", "attack": "Plotter's Command", "choices": {"attack": "Rock Throw"}})
    assert [(e["kind"], e["attack"]) for e in _them(d).active.effects] == [("attack_blocked", "Rock Throw")]
    refuse(d.state, 1, {"type": "attack", "attack": "Rock Throw", "choices": {}}, "R-ATTACK-1")
    _their_attack(d.state, "Scary Fangs")
    _their_attack(_end_turn(_end_turn(d.state)), "Rock Throw")


def test_r_damage_1_damage_new_active_zangoose_drag_off():
    _compiled("sv1-147", "Drag Off", "switch_in_defending", "damage_new_active")
    state = _board("sv1-147", "Drag Off", their_bench=[LYCANROC, CORPHISH])
    refuse(state, 0, {"type": "attack", "attack": "Drag Off", "choices": {}}, "R-ATTACK-2")
    d = _attack(state, "Drag Off", pokemon=[state.seats[1].bench[0].top])
    assert _them(d).active.top == state.seats[1].bench[0].top and _them(d).active.damage == 30
    assert [p.damage for p in _them(d).bench] == [0, 0]
    d = _attack(_board("sv1-147", "Drag Off"), "Drag Off")                             # no Bench: nothing
    assert _them(d).active.damage == 0
    said(d, "no new Active Pokémon")


def test_r_trainer_1_no_items_next_turn_budew_itchy_pollen_then_gone():
    _compiled("me2pt5-16", "Itchy Pollen", "no_items_next_turn")
    _compiled("sv1-87", "Enveloping Shadow", "no_items_next_turn")          # "Flip a coin. If heads, …"
    _compiled("sv7-51", "Fulgurite", "discard_all_own_energy", "no_items_next_turn")
    state = _board("me2pt5-16", "Itchy Pollen", energy=[], bench=[CORPHISH], their_bench=[CORPHISH])
    theirs = state.seats[1]
    theirs.hand.extend(["their-switch", "their-charm"])            # in their hand from the start
    state.instances.update({"their-switch": SWITCH, "their-charm": BRAVERY_CHARM})
    d = _attack(state, "Itchy Pollen")
    assert [_kinds(p) for p in _mine(d).in_play()] == [[("no_items", 4)]] * 2
    switch = {"type": "play_trainer", "card": "their-switch", "targets": [theirs.bench[0].top], "choices": {}}
    refuse(d.state, 1, switch, "R-TRAINER-1", "Item")
    act(d.state, 1, {"type": "play_trainer", "card": "their-charm", "targets": [theirs.active.top], "choices": {}})
    later = _end_turn(_end_turn(d.state))
    act(later, 1, {**switch, "targets": [later.seats[1].bench[0].top]})


# -- copies, counters, the attack's own damage -----------------------------------------------------

def test_r_attack_6_copy_defending_attack_clefable_metronome_costs_but_energy():
    _compiled("sv6-79", "Metronome", "copy_defending_attack")
    state = _board("sv6-79", "Metronome", defender=LYCANROC)
    refuse(state, 0, {"type": "attack", "attack": "Metronome", "choices": {}}, "R-ATTACK-2")
    refuse(state, 0, {"type": "attack", "attack": "Metronome", "choices": {"attack": "Psychic"}}, "R-ATTACK-2")
    d = _copy(state, "Scary Fangs")                                    # [F][C][C] not paid
    assert _them(d).active.damage == 140 and _kinds(_mine(d).active) == [("counters_on_attacker", 4)]
    state = _board("sv6-79", "Metronome", energy=[PSYCHIC, METAL, METAL], defender="sv5-99")
    d = _copy(state, "Power Stomp", cards=state.seats[0].active.energy[:2])
    assert _them(d).active.damage == 200 and len(_mine(d).active.energy) == 1     # its discard happens


def test_r_attack_6_copy_defending_attack_of_a_tera_pokemon_team_rockets_mimikyu():
    _compiled("me2pt5-97", "Gemstone Mimicry", "copy_defending_attack")
    state = _board("me2pt5-97", "Gemstone Mimicry", defender="sv7-128")          # Terapagos ex: a Tera Pokémon
    refuse(state, 0, {"type": "attack", "attack": "Gemstone Mimicry", "choices": {}}, "R-ATTACK-2")
    d = act(state, 0, {"type": "attack", "attack": "Gemstone Mimicry", "choices": {"attack": "Crown Opal"}})
    assert _them(d).active.damage == 180 and _kinds(_mine(d).active) == [("prevent_damage_from_basic", 4)]
    state = _board("me2pt5-97", "Gemstone Mimicry")                             # Raging Bolt ex: not Tera
    refuse(state, 0, {"type": "attack", "attack": "Gemstone Mimicry", "choices": {"attack": "Burst Roar"}},
           "R-ATTACK-2")
    d = _attack(state, "Gemstone Mimicry")
    assert _them(d).active.damage == 0
    said(d, "is not a Tera Pokémon")


def test_r_damage_1_heads_prevent_all_after_tails_squawkabilly_fly():
    _compiled("sv1-162", "Fly", "tails_does_nothing", "heads_prevent_all_after_tails")
    state = _board("sv1-162", "Fly")
    d = _attack(state, "Fly", ["tails"])
    assert _them(d).active.damage == 0 and _mine(d).active.effects == []
    d = _attack(state, "Fly", ["heads"])                                        # one coin for both
    assert _them(d).active.damage == 60 and _kinds(_mine(d).active) == [("prevent_all", 4)]


def test_r_damage_1_knocked_out_prevent_all_marshadow_shadowy_side_kick():
    _compiled("me1-80", "Shadowy Side Kick", "knocked_out_prevent_all")
    assert _attack(_board("me1-80", "Shadowy Side Kick"), "Shadowy Side Kick").state.seats[0].active.effects == []
    d = _attack(_board("me1-80", "Shadowy Side Kick", defender=CORPHISH, their_damage=20, their_bench=[CORPHISH]),
                "Shadowy Side Kick")
    assert _kinds(_mine(d).active) == [("prevent_all", 4)] and len(_mine(d).prizes) == 5


def test_r_attack_6_copy_benched_attack_ns_zoroark_ex_night_joker():
    _compiled("sv9-98", "Night Joker", "copy_benched_attack")
    state = _board("sv9-98", "Night Joker", bench=["sv9-116", "sv9-104", CORPHISH], damage=30)
    refuse(state, 0, {"type": "attack", "attack": "Night Joker", "choices": {}}, "R-ATTACK-2")
    refuse(state, 0, {"type": "attack", "attack": "Night Joker", "choices": {"attack": "Take Down"}}, "R-ATTACK-2")
    d = act(state, 0, {"type": "attack", "attack": "Night Joker", "choices": {"attack": "Virtuous Flame"}})
    assert _them(d).active.damage == 170                       # [R][R][L][C] not paid
    d = act(state, 0, {"type": "attack", "attack": "Night Joker", "choices": {"attack": "Powerful Rage"}})
    assert _them(d).active.damage == 20 * 3                    # this Pokémon's own damage counters
    d = act(state, 0, {"type": "attack", "attack": "Night Joker", "choices": {"attack": "Spinning Gears"}})
    assert _them(d).active.damage == 20 and _them(d).active.conditions == ["confused"]
    d = _attack(_board("sv9-98", "Night Joker", bench=[CORPHISH]), "Night Joker")    # no N's Pokémon
    assert _them(d).active.damage == 0


def test_r_damage_3_counters_on_opponent_mimikyu_ghost_eye_not_damage():
    _compiled("sv2-97", "Ghost Eye", "counters_on_opponent")
    state = _board("sv2-97", "Ghost Eye")
    add_effect(state.seats[1].active, "prevent_damage", 4, why="a test")
    assert _them(_attack(state, "Ghost Eye")).active.damage == 70                  # not damage: not prevented
    state = _board("sv2-97", "Ghost Eye")
    add_effect(state.seats[1].active, "prevent_all", 4, why="a test")
    assert _them(_attack(state, "Ghost Eye")).active.damage == 0                   # an effect of the attack


def test_r_damage_3_counters_on_opponent_yamask_and_ting_lu_one_chosen():
    _compiled("sv4-75", "Ominous Eyes", "counters_on_opponent")
    state = _board("sv4-75", "Ominous Eyes", their_bench=[CORPHISH])
    refuse(state, 0, {"type": "attack", "attack": "Ominous Eyes", "choices": {}}, "R-ATTACK-2")
    d = _attack(state, "Ominous Eyes", pokemon=[state.seats[1].bench[0].top])
    assert _them(d).bench[0].damage == 30 and _them(d).active.damage == 0
    _compiled("sv2-127", "Land Scoop", "counters_on_opponent")        # 1 of their Benched Pokémon
    d = _attack(_board("sv2-127", "Land Scoop", their_bench=[CORPHISH]), "Land Scoop")
    assert _them(d).bench[0].damage == 20 and _them(d).active.damage == 150


def test_r_damage_3_counters_on_opponent_flutter_mane_hex_hurl_in_any_way():
    _compiled("sv5-78", "Hex Hurl", "counters_on_opponent")
    _compiled("sv3pt5-122", "Psypower", "counters_on_opponent")
    _compiled("sv1-90", "Curse Spreading", "counters_on_opponent")
    state = _board("sv5-78", "Hex Hurl", their_bench=[CORPHISH, BUNEARY])
    a, b = (p.top for p in state.seats[1].bench)
    refuse(state, 0, {"type": "attack", "attack": "Hex Hurl", "choices": {"pokemon": [a]}}, "R-ATTACK-2")
    refuse(state, 0, {"type": "attack", "attack": "Hex Hurl",
                      "choices": {"pokemon": [a, state.seats[1].active.top]}}, "R-ATTACK-2")
    d = _attack(state, "Hex Hurl", pokemon=[a, b])
    assert [p.damage for p in _them(d).bench] == [10, 10] and _them(d).active.damage == 90
    d = _attack(state, "Hex Hurl", pokemon=[b, b])
    assert [p.damage for p in _them(d).bench] == [0, 20]
    assert _attack(_board("sv5-78", "Hex Hurl"), "Hex Hurl").state.seats[1].active.damage == 90   # no Bench


def test_r_damage_2_damage_one_of_theirs_italic_fezandipiti_ex_cruel_arrow():
    _compiled("me2pt5-142", "Cruel Arrow", "damage_one_of_theirs")     # the reminder in italics
    state = _board("me2pt5-142", "Cruel Arrow", their_bench=[LYCANROC])
    refuse(state, 0, {"type": "attack", "attack": "Cruel Arrow", "choices": {}}, "R-ATTACK-2")
    d = _attack(state, "Cruel Arrow", pokemon=[state.seats[1].bench[0].top])
    assert _them(d).bench[0].damage == 100 and _them(d).active.damage == 0


def test_r_damage_1_ignores_defender_effects_tinkatuff_keeps_weakness():
    _compiled("sv2-104", "Pulverizing Press", "ignores_defender_effects")
    state = _board("sv2-104", "Pulverizing Press")
    add_effect(state.seats[1].active, "reduce_damage", 4, amount=30, why="a test")
    assert _them(_attack(state, "Pulverizing Press")).active.damage == 60
    state = _board("sv2-104", "Pulverizing Press", defender="sv2-112")   # Makuhita: Weakness Psychic, 90 HP
    add_effect(state.seats[1].active, "prevent_damage", 4, why="a test")
    said(_attack(state, "Pulverizing Press"), "does 120 damage")


def test_r_energy_3_discard_all_own_energy_lampent_burn_it_all_up_after_damage():
    _compiled("sv6-37", "Burn It All Up", "discard_all_own_energy")
    state = _board("sv6-37", "Burn It All Up", energy=[FIRE, FIRE, WATER])
    d = _attack(state, "Burn It All Up")
    assert _them(d).active.damage == 60 and _mine(d).active.energy == []
    assert set(state.seats[0].active.energy) <= set(_mine(d).discard)
    assert said(d, "does 60 damage") < said(d, "discards")
    compiled = compile_attack(_attack_def("Discard all Energy from this Pokémon. Your opponent's Active Pokémon is "
                                          "now Paralyzed."))
    assert compiled.templates == ("discard_all_own_energy", "condition")


# -- wordings, near misses -------------------------------------------------------------------------

def test_the_attacks_the_pool_names_are_the_cards_own():
    for c in carddb.all_cards():
        for a in c.attacks:
            for e in a.effects:
                if isinstance(e, (CantUseNextTurn, BoostAttackNextTurn)) and e.attack is not None:
                    assert e.attack in [x.name for x in c.attacks], (c.id, a.name)


def test_the_printed_damage_of_a_copying_attack_must_be_none():
    text = "Choose 1 of your opponent's Active Pokémon's attacks and use it as this attack."
    assert compile_attack(_attack_def(text, 0)).templates == ("copy_defending_attack",)
    assert compile_attack(_attack_def(text, 30)) is None


@pytest.mark.parametrize("text", [
    "During your opponent's next turn, attacks used by the Defending Pokémon do 20 less damage.",
    "During your opponent's next turn, attacks used by the Defending Pokémon do 20 less damage (after applying "
    "Weakness and Resistance).",
    "During your opponent's next turn, the Defending Pokémon can't retreat or attack.",
    "If the Defending Pokémon is a Stage 2 Pokémon, it can't attack during your opponent's next turn.",
    "During your opponent's next turn, prevent all damage done to this Pokémon by attacks from Pokémon ex.",
    "During your opponent's next turn, prevent all damage done to this Pokémon by attacks from Basic non-Shiny "
    "Pokémon.",
    "During your opponent's next turn, this Pokémon takes 100 less damage from attacks from Pokémon ex "
    "(after applying Weakness and Resistance).",
    "During your opponent's next turn, if this Pokémon is damaged by an attack (even if it is Knocked Out), put "
    "damage counters on the Attacking Pokémon equal to half the damage done to this Pokémon.",
    "During your next turn, this Pokémon's Hyper Fang attack's base damage is 240 more.",
    "During your next turn, attacks used by this Pokémon do 120 more damage to your opponent's Benched Pokémon.",
    "Put 3 damage counters on 1 of your opponent's Pokémon. During your opponent's next turn, that Pokémon can't "
    "retreat.",
    "During your opponent's next turn, that Pokémon can't attack.",
    "This attack does 30 more damage. This attack does 30 damage to the new Active Pokémon.",
    "Switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the new Active Pokémon.) This "
    "attack does 30 damage to the new Active Pokémon.",
    "During your opponent's next turn, if the Defending Pokémon tries to use an attack, your opponent flips 2 coins. "
    "If either of them is tails, that attack doesn't happen.",
    "Choose 1 of your opponent's Active Pokémon's attacks. During your opponent's next turn, that Pokémon can't use "
    "that attack or retreat.",
    "During your opponent's next turn, this Pokémon has no Weakness or Resistance.",
    "During your next turn, this Pokémon can't use C.O.D.E.: Protect.",
    "During your next turn, this Pokémon can't retreat or attack.",
    "Flip a coin. If heads, during your next turn, this Pokémon can't attack.",
    "Choose 1 of your opponent's Benched Pokémon's attacks and use it as this attack.",
    "Choose 1 of your Benched Team Rocket's Pokémon's attacks and use it as this attack.",
    "If heads, during your opponent's next turn, prevent all damage from and effects of attacks done to this "
    "Pokémon. Flip a coin.",
    "Flip a coin. If tails, this Pokémon is now Confused. If heads, during your opponent's next turn, prevent all "
    "damage from and effects of attacks done to this Pokémon.",
    "Put 3 damage counters on your opponent's Pokémon.",
    "Put 3 damage counters on 1 of your opponent's Pokémon in any way you like.",
    "Put 2 damage counters on each of your opponent's Benched Pokémon.",
    "Put damage counters on your opponent's Active Pokémon until its remaining HP is 10 or less.",
    "This attack's damage isn't affected by any effects on your opponent's Benched Pokémon.",
    "Discard all Energy from your opponent's Active Pokémon.",
    "Discard all Fire Energy from this Pokémon.",
])
def test_a_text_that_almost_matches_stays_declared(text):
    assert compile_attack(_attack_def(text, 0)) is None


def test_the_blocks_say_what_they_do():
    a = card("sv5-99").attack("Repulsor Axe")
    assert "8 damage counters on the Attacking Pokémon" in a.effects[0].describe()
