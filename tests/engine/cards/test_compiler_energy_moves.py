"""The compiler's Energy templates (`cards/compiler/energy_moves.py`, blocks in
`cards/effects/energy_moves.py`, `energy_counts.py` and `switch_moves.py`), ruleset `modern`:
each template with a real card it compiles (legal and refused cases, the rule id in the test's
name), the rulings its blocks take, and texts that almost match and must not compile."""
import re

import pytest

from projections.tcg import carddb
from projections.tcg.carddb import AttackDef, card
from projections.tcg.cards.compiler import compile_attack, energy_moves
from projections.tcg.legal import legal_actions

from .fixtures import act, board, poke, refuse

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
ENERGY = {"Grass": GRASS, "Fire": FIRE, "Water": WATER, "Lightning": LIGHTNING, "Psychic": PSYCHIC,
          "Fighting": FIGHTING, "Darkness": DARKNESS, "Metal": METAL, "Colorless": METAL}
JET, VITALITY_BAND = "sv2-190", "sv1-197"           # a Special Energy, a Pokémon Tool
ROCKET_ENERGY = "sv10-182"
RAGING_BOLT, CORPHISH, MEGA_CAMERUPT = "sv5-123", "me1-33", "me1-22"   # a Basic ex, a Basic, a Stage 1 ex


def _board(card_id, attack, *, energy=None, bench=(), their_active=RAGING_BOLT, their_energy=(), their_bench=(),
           attached=(), their_attached=(), prizes=6, their_prizes=6, their_damage=0):
    cost = [ENERGY[t] for t in card(card_id).attack(attack).cost]
    mine = {"active": poke(card_id, cost if energy is None else energy, attached=attached),
            "bench": [b if isinstance(b, dict) else poke(b) for b in bench], "hand": [], "deck": [FIGHTING] * 8,
            "prizes": [GRASS] * prizes, "discard": []}
    theirs = {"active": poke(their_active, their_energy, damage=their_damage, attached=their_attached),
              "bench": [b if isinstance(b, dict) else poke(b) for b in their_bench], "hand": [],
              "deck": [WATER] * 8, "prizes": [GRASS] * their_prizes, "discard": []}
    return board(mine, theirs, ruleset="modern")


def _attack(state, attack, coins=(), **choices):
    return act(state, 0, {"type": "attack", "attack": attack, "choices": choices}, coins)


def _compiled(card_id, attack, *templates):
    a = card(card_id).attack(attack)
    assert a.compiled_by == templates and f"attack:{attack}" not in card(card_id).declared, (card_id, a)


def _cards(state, seat, zone):
    return [state.instances[i] for i in getattr(state.seats[seat], zone)]


def _energy(state, seat):
    return [state.instances[i] for i in state.seats[seat].active.energy]


# -- "Discard N Energy from this Pokémon, and <clause>." -------------------------------------------------

def test_r_energy_3_discard_own_energy_and_a_clause_honchkrow_sniping_feathers():
    _compiled("me2-58", "Sniping Feathers", "discard_own_energy_and")
    state = _board("me2-58", "Sniping Feathers", energy=[DARKNESS, DARKNESS, METAL],
                   their_bench=[MEGA_CAMERUPT])
    own = state.seats[0].active.energy
    bench = state.seats[1].bench[0].top
    d = _attack(state, "Sniping Feathers", cards=own[:2], pokemon=[bench])
    assert d.state.seats[1].bench[0].damage == 120 and d.state.seats[1].active.damage == 0
    assert _energy(d.state, 0) == [METAL] and _cards(d.state, 0, "discard") == [DARKNESS, DARKNESS]
    refuse(state, 0, {"type": "attack", "attack": "Sniping Feathers", "choices": {"pokemon": [bench]}},
           "R-ATTACK-2")                                        # which 2 of the 3 Energy: not named
    # "… and this attack also does N damage to 1 of your opponent's Benched Pokémon", "all Energy"
    _compiled("me2pt5-170", "Feathery Strike", "discard_own_energy_and")
    _compiled("sv9-101", "Drop Shot", "discard_own_energy_and")
    d = _attack(_board("sv9-101", "Drop Shot"), "Drop Shot")
    assert d.state.seats[1].active.damage == 120 and _energy(d.state, 0) == []


def test_r_energy_3_a_clause_of_another_template_composes_paralyzed():
    compiled = compile_attack(_attack_def("Discard all Fire Energy from this Pokémon, and your opponent's Active "
                                          "Pokémon is now Burned."))
    assert compiled.templates == ("discard_own_energy_and",)
    compiled = compile_attack(_attack_def("Discard all Fire Energy from this Pokémon, and your opponent's Active "
                                          "Pokémon is now Burned."))
    assert [type(e).__name__ for e in compiled.effects] == ["DiscardAllOwnEnergyOf", "Inflict"]


# -- the Defending Pokémon's Energy -----------------------------------------------------------------------

def test_r_energy_3_discard_defending_special_energy_victini_singe_off():
    _compiled("sv5-30", "Singe Off", "discard_defending_energy_of")
    state = _board("sv5-30", "Singe Off", their_energy=[LIGHTNING, JET])
    d = _attack(state, "Singe Off")                              # one Special Energy: no choice to name
    assert _energy(d.state, 1) == [LIGHTNING] and _cards(d.state, 1, "discard") == [JET]
    d = _attack(_board("sv5-30", "Singe Off", their_energy=[LIGHTNING]), "Singe Off")
    assert _energy(d.state, 1) == [LIGHTNING]                    # no Special Energy: nothing


def test_r_energy_3_discard_defending_typed_energy_and_from_a_pokemon_ex_only():
    _compiled("rsv10pt5-25", "Firefighting", "discard_defending_energy_of")
    state = _board("rsv10pt5-25", "Firefighting", their_energy=[FIRE, WATER, FIRE])
    d = _attack(state, "Firefighting", cards=[state.seats[1].active.energy[2]])
    assert _energy(d.state, 1) == [FIRE, WATER]
    water = state.seats[1].active.energy[1]                      # not a Fire Energy
    refuse(state, 0, {"type": "attack", "attack": "Firefighting", "choices": {"cards": [water]}}, "R-ATTACK-2")
    _compiled("sv8-137", "Fully Singe", "discard_defending_energy_of")
    d = _attack(_board("sv8-137", "Fully Singe", their_energy=[WATER]), "Fully Singe")
    assert _energy(d.state, 1) == []                             # Raging Bolt ex
    d = _attack(_board("sv8-137", "Fully Singe", their_active=CORPHISH, their_energy=[WATER]), "Fully Singe")
    assert _energy(d.state, 1) == [WATER]                        # not a Pokémon ex


def test_r_energy_3_discard_energy_per_coin_klawf_and_heatmor():
    _compiled("sv9-90", "Snipping Pincers", "discard_energy_per_coin")
    state = _board("sv9-90", "Snipping Pincers", their_energy=[FIRE, WATER, JET])
    fire, water, jet = state.seats[1].active.energy
    d = _attack(state, "Snipping Pincers", ["heads", "tails"], cards=[jet, water])
    assert _energy(d.state, 1) == [FIRE, WATER]                  # one heads: the first named goes
    d = _attack(state, "Snipping Pincers", ["heads", "heads"], cards=[jet, water])
    assert _energy(d.state, 1) == [FIRE]
    refuse(state, 0, {"type": "attack", "attack": "Snipping Pincers", "choices": {}}, "R-ATTACK-2")
    _compiled("sv5-31", "Licking Flames", "discard_energy_per_coin")
    d = _attack(_board("sv5-31", "Licking Flames", energy=[FIRE, FIRE, FIRE]), "Licking Flames",
                ["tails", "heads", "tails"])                      # alike: no choice to name
    assert _energy(d.state, 0) == [FIRE] and d.state.seats[1].active.damage == 130


# -- discards that change the damage -------------------------------------------------------------------

def test_r_damage_1_more_if_then_discard_all_hearthflame_mask_ogerpon_ex():
    _compiled("sv6-40", "Dynamic Blaze", "more_if_then_discard_all")
    state = _board("sv6-40", "Dynamic Blaze", their_active=MEGA_CAMERUPT)
    d = _attack(state, "Dynamic Blaze")
    assert d.state.seats[1].active.damage == 280 and _energy(d.state, 0) == []
    d = _attack(_board("sv6-40", "Dynamic Blaze", their_active=CORPHISH), "Dynamic Blaze")
    assert _energy(d.state, 0) == [FIRE, FIRE, FIRE]             # not an Evolution Pokémon: no discard


def test_r_damage_1_may_discard_all_for_more_mega_manectric_ex():
    _compiled("me1-50", "Riotous Blasting", "may_discard_all_for_more")
    state = _board("me1-50", "Riotous Blasting", their_active=MEGA_CAMERUPT)
    own = list(state.seats[0].active.energy)
    d = _attack(state, "Riotous Blasting", cards=own)
    assert d.state.seats[1].active.damage == 330 and _energy(d.state, 0) == []
    d = _attack(state, "Riotous Blasting")
    assert d.state.seats[1].active.damage == 200 and len(_energy(d.state, 0)) == 3
    refuse(state, 0, {"type": "attack", "attack": "Riotous Blasting", "choices": {"cards": own[:1]}}, "R-ATTACK-2")


# -- switches -----------------------------------------------------------------------------------------

def test_r_retreat_6_switch_self_with_type_vikavolt_volt_switch():
    _compiled("me2pt5-66", "Volt Switch", "switch_self_with_type")       # "lightning" as that set prints it
    _compiled("sv7-53", "Volt Switch", "switch_self_with_type")
    state = _board("sv7-53", "Volt Switch", bench=[CORPHISH, "sv9-47"])
    voltorb = state.seats[0].bench[1].top
    d = _attack(state, "Volt Switch")                               # the one Lightning Pokémon: no choice
    assert d.state.seats[0].active.top == voltorb
    refuse(state, 0, {"type": "attack", "attack": "Volt Switch", "choices": {"to": state.seats[0].bench[0].top}},
           "R-ATTACK-2")                                            # Corphish is a Water Pokémon
    d = _attack(_board("sv7-53", "Volt Switch", bench=[CORPHISH]), "Volt Switch")
    assert d.state.seats[0].active.top != d.state.seats[0].bench[0].top   # none of that type: no switch


# -- damage counted and conditions ---------------------------------------------------------------------

def test_r_damage_1_times_per_attached_cinccino_sunflora_bronzong():
    _compiled("sv5-137", "Special Roll", "times_per_attached")
    d = _attack(_board("sv5-137", "Special Roll", energy=[JET, JET]), "Special Roll")
    assert d.state.seats[1].active.damage == 140
    _compiled("sv6-7", "Redirected Sunlight", "times_per_attached")
    d = _attack(_board("sv6-7", "Redirected Sunlight", their_energy=[FIRE, WATER],
                       their_bench=[poke(CORPHISH, [FIRE])]), "Redirected Sunlight")
    assert d.state.seats[1].active.damage == 120
    _compiled("me2-72", "Tool Drop", "times_per_attached")
    d = _attack(_board("me2-72", "Tool Drop", attached=[VITALITY_BAND], their_attached=[VITALITY_BAND]), "Tool Drop")
    assert d.state.seats[1].active.damage == 80 + 10                 # Vitality Band: +10 to the Active
    _compiled("sv9-47", "Voltaic Chain", "more_per_attached")
    d = _attack(_board("sv9-47", "Voltaic Chain", energy=[LIGHTNING, LIGHTNING]), "Voltaic Chain")
    assert d.state.seats[1].active.damage == 20 + 40


def test_r_damage_1_more_if_energy_probopass_swalot():
    _compiled("sv6-102", "Assault Laser", "more_if_energy")
    state = _board("sv6-102", "Assault Laser", their_active=MEGA_CAMERUPT, their_attached=[VITALITY_BAND])
    assert _attack(state, "Assault Laser").state.seats[1].active.damage == 160
    assert _attack(_board("sv6-102", "Assault Laser", their_active=MEGA_CAMERUPT),
                   "Assault Laser").state.seats[1].active.damage == 80
    _compiled("sv7-92", "Devouring Mouth", "more_if_energy")
    d = _attack(_board("sv7-92", "Devouring Mouth", their_active=MEGA_CAMERUPT), "Devouring Mouth")
    assert d.state.seats[1].active.damage == 170
    d = _attack(_board("sv7-92", "Devouring Mouth", their_active=MEGA_CAMERUPT, their_energy=[FIRE]),
                "Devouring Mouth")
    assert d.state.seats[1].active.damage == 10                       # as much Energy: not more


def test_r_damage_2_bench_each_per_prize_taken_kyurem_ex_blizzard_burst():
    _compiled("zsv10pt5-28", "Blizzard Burst", "damage_each")        # compiler/damage_targets.py's
    state = _board("zsv10pt5-28", "Blizzard Burst", their_bench=[CORPHISH, MEGA_CAMERUPT], their_prizes=4)
    d = _attack(state, "Blizzard Burst")
    assert [p.damage for p in d.state.seats[1].bench] == [20, 20] and d.state.seats[1].active.damage == 130
    d = _attack(_board("zsv10pt5-28", "Blizzard Burst", their_bench=[CORPHISH]), "Blizzard Burst")
    assert d.state.seats[1].bench[0].damage == 0                   # the opponent has taken none


def test_r_damage_2_damage_one_per_own_energy_ferrothorn_power_whip():
    _compiled("rsv10pt5-69", "Power Whip", "damage_one_per_own_energy")
    state = _board("rsv10pt5-69", "Power Whip", energy=[METAL, METAL, GRASS], their_bench=[MEGA_CAMERUPT])
    d = _attack(state, "Power Whip", pokemon=[state.seats[1].bench[0].top])
    assert d.state.seats[1].bench[0].damage == 60 and d.state.seats[1].active.damage == 0
    refuse(state, 0, {"type": "attack", "attack": "Power Whip", "choices": {}}, "R-ATTACK-2")
    _compiled("me2-8", "Bug's Cannon", "damage_one_per_own_energy")       # "for each Grass Energy"
    d = _attack(_board("me2-8", "Bug's Cannon", energy=[GRASS, GRASS, METAL]), "Bug's Cannon")
    assert d.state.seats[1].active.damage == 40


def test_r_energy_3_special_energy_discarded_ceruledge_and_mow_rotom():
    _compiled("sv8-35", "Cursed Edge", "discard_special_from_all")
    state = _board("sv8-35", "Cursed Edge", their_energy=[JET, WATER], their_bench=[poke(CORPHISH, [JET])])
    d = _attack(state, "Cursed Edge")
    assert _energy(d.state, 1) == [WATER] and d.state.seats[1].bench[0].energy == []
    _compiled("sv7-8", "Reaping Dash", "discard_tools_and_special_first")
    state = _board("sv7-8", "Reaping Dash", their_active=MEGA_CAMERUPT, their_energy=[JET, FIRE],
                   their_attached=[VITALITY_BAND])
    d = _attack(state, "Reaping Dash")
    assert _energy(d.state, 1) == [FIRE] and d.state.seats[1].active.attached == []
    assert sorted(_cards(d.state, 1, "discard")) == sorted([JET, VITALITY_BAND])


def test_r_win_2_discard_self_from_play_revavroom_ex():
    _compiled("sv6pt5-15", "Shattering Speed", "discard_self_from_play")
    state = _board("sv6pt5-15", "Shattering Speed", bench=[CORPHISH], their_active=MEGA_CAMERUPT)
    d = _attack(state, "Shattering Speed")
    assert d.state.seats[1].active.damage == 250 and d.state.seats[0].active is None
    assert len(d.state.seats[0].discard) == 5                       # Revavroom ex, its Stage below, 3 Energy
    assert len(d.state.seats[1].prizes) == 6 and d.state.result is None   # not a Knock Out: no Prize card
    d = _attack(_board("sv6pt5-15", "Shattering Speed", their_active=MEGA_CAMERUPT), "Shattering Speed")
    assert d.state.result is not None                                  # no Pokémon left in play: Ana loses


def test_r_win_2_discard_named_energy_then_defending_team_rockets_moltres_ex():
    _compiled("sv10-31", "Evil Incineration", "discard_named_energy_then_defending")
    state = _board("sv10-31", "Evil Incineration", energy=[FIRE, ROCKET_ENERGY, METAL], their_bench=[CORPHISH])
    d = _attack(state, "Evil Incineration")
    assert d.state.seats[1].active is None and len(d.state.seats[1].prizes) == 6
    assert ROCKET_ENERGY in _cards(d.state, 0, "discard") and RAGING_BOLT in _cards(d.state, 1, "discard")
    d = _attack(_board("sv10-31", "Evil Incineration", energy=[FIRE, FIRE, METAL, METAL], their_bench=[CORPHISH]),
                "Evil Incineration")
    assert d.state.seats[1].active.top is not None                 # no Team Rocket's Energy: nothing


def test_r_win_1_discard_all_energy_and_take_a_prize_card_umbreon_ex_onyx():
    _compiled("sv8pt5-60", "Onyx", "discard_own_energy_and")
    d = _attack(_board("sv8pt5-60", "Onyx"), "Onyx")
    assert len(d.state.seats[0].prizes) == 5 and _energy(d.state, 0) == [] and d.state.result is None
    d = _attack(_board("sv8pt5-60", "Onyx", prizes=1), "Onyx")
    assert d.state.result is not None                                # the last Prize card: Ana wins


def test_r_energy_3_lower_case_types_raichu_frosmoth_and_tornadus_basic_energy():
    _compiled("me2pt5-56", "Strong Volt", "discard_own_energy")       # "a lightning Energy": normalise
    state = _board("me2pt5-56", "Strong Volt", energy=[LIGHTNING, LIGHTNING, METAL])
    d = _attack(state, "Strong Volt", cards=state.seats[0].active.energy[:1])
    assert sorted(_energy(d.state, 0)) == sorted([LIGHTNING, METAL])
    _compiled("me2pt5-53", "Cold Cyclone", "move_one_energy_to_bench")
    _compiled("rsv10pt5-78", "Hurricane", "move_one_energy_to_bench")
    state = _board("rsv10pt5-78", "Hurricane", energy=[JET, METAL, METAL], bench=[CORPHISH])
    d = _attack(state, "Hurricane")                                 # the Basic ones are alike: no choice
    assert _energy(d.state, 0) == [JET, METAL] and [d.state.instances[i] for i in d.state.seats[0].bench[0].energy] \
        == [METAL]
    refuse(state, 0, {"type": "attack", "attack": "Hurricane", "choices": {"cards": [state.seats[0].active.energy[0]]}},
           "R-ATTACK-2")                                            # Jet Energy is not a Basic Energy


def test_r_energy_3_may_move_any_energy_delcatty_and_move_opponents_energy_elgyem():
    _compiled("sv5-131", "Energy Blender", "may_move_any_energy")
    state = _board("sv5-131", "Energy Blender", bench=[poke(CORPHISH, [WATER, FIRE])], their_active=MEGA_CAMERUPT)
    water, fire = state.seats[0].bench[0].energy
    me = state.seats[0].active.top
    d = _attack(state, "Energy Blender", cards=[water, fire], to=[me, me])
    assert sorted(_energy(d.state, 0)) == sorted([METAL, METAL, METAL, WATER, FIRE])
    assert _attack(state, "Energy Blender").state.seats[0].bench[0].energy == [water, fire]   # none moved
    refuse(state, 0, {"type": "attack", "attack": "Energy Blender", "choices": {"cards": [water], "to": [
        state.seats[0].bench[0].top]}}, "R-ATTACK-2")               # to the Pokémon it is on
    _compiled("zsv10pt5-40", "Slight Shift", "move_opponents_energy")
    state = _board("zsv10pt5-40", "Slight Shift", their_energy=[WATER], their_bench=[CORPHISH])
    d = _attack(state, "Slight Shift", cards=state.seats[1].active.energy, to=[state.seats[1].bench[0].top])
    assert _energy(d.state, 1) == [] and len(d.state.seats[1].bench[0].energy) == 1


def test_r_attack_2_switches_squawkabilly_drifloon_iron_bundle_grimmsnarl():
    _compiled("sv10-160", "Push Down", "may_switch_out_defending")
    state = _board("sv10-160", "Push Down", their_bench=[CORPHISH])
    bench = state.seats[1].bench[0].top
    assert _attack(state, "Push Down", pokemon=[bench]).state.seats[1].active.top == bench
    assert _attack(state, "Push Down").state.seats[1].active.top != bench          # left out: no switch
    _compiled("mep-5", "Pull", "flip_switch_in_defending")
    state = _board("mep-5", "Pull", their_bench=[CORPHISH])
    assert _attack(state, "Pull", ["heads"]).state.seats[1].active.top == bench
    assert _attack(state, "Pull", ["tails"]).state.seats[1].active.top != bench
    _compiled("sv6-62", "Interjet", "switch_self", "if_switched_switch_out_defending")
    state = _board("sv6-62", "Interjet", bench=[CORPHISH], their_bench=[CORPHISH])
    d = _attack(state, "Interjet")
    assert d.state.seats[1].active.top == state.seats[1].bench[0].top and d.state.seats[0].bench[0].top == \
        state.seats[0].active.top
    d = _attack(_board("sv6-62", "Interjet", their_bench=[CORPHISH]), "Interjet")
    assert d.state.seats[1].bench[0].top == state.seats[1].bench[0].top    # no switch of its own: none of theirs
    _compiled("sv7-96", "Goad 'n' Grab", "switch_out_defending", "if_switched_out_damage_new_active")
    d = _attack(_board("sv7-96", "Goad 'n' Grab", their_bench=[MEGA_CAMERUPT]), "Goad 'n' Grab")
    assert d.state.seats[1].active.damage == 160 and d.state.seats[1].bench[0].damage == 0


def test_r_ko_2_more_prizes_next_turn_ribombee_plentiful_pollen():
    _compiled("sv5-76", "Plentiful Pollen", "more_prizes_next_turn")
    state = _board("sv5-76", "Plentiful Pollen", their_damage=180, their_bench=[CORPHISH])
    d = _attack(state, "Plentiful Pollen")                           # turn 3: Raging Bolt ex at 210 of 240
    beto = act(d.state, 1, {"type": "end_turn"})                    # turn 4, Beto's
    again = _attack(beto.state, "Plentiful Pollen")                  # turn 5: Knocked Out, 2 + 2 Prize cards
    assert len(again.state.seats[0].prizes) == 2
    later = _board("sv5-76", "Plentiful Pollen", their_damage=210, their_bench=[CORPHISH])
    assert len(_attack(later, "Plentiful Pollen").state.seats[0].prizes) == 4    # no effect yet: 2


def test_r_hidden_1_look_at_opponent_prize_team_rockets_blipbug():
    _compiled("sv10-15", "Searching Eyes", "look_at_opponent_prize")
    mine = {"active": poke("sv10-15", [METAL]), "bench": [], "hand": [], "deck": [FIGHTING] * 8,
            "prizes": [GRASS] * 6, "discard": []}
    theirs = {"active": poke(RAGING_BOLT), "bench": [], "hand": [], "deck": [WATER] * 8,
              "prizes": [GRASS, JET, GRASS], "discard": []}
    state = board(mine, theirs, ruleset="modern")
    jet = state.seats[1].prizes[1]
    d = _attack(state, "Searching Eyes", count=2)
    line = next(x for x in d.narration if "Prize cards:" in x)
    assert f"{jet}|Jet Energy|0" in line                            # named to Ana alone
    assert d.state.seats[1].prizes == state.seats[1].prizes          # still a Prize card
    refuse(state, 0, {"type": "attack", "attack": "Searching Eyes", "choices": {"count": 4}}, "R-ATTACK-2")


def test_r_win_2_discard_defending_at_end_of_next_turn_team_rockets_grimer():
    _compiled("sv10-123", "Corrosive Sludge", "discard_defending_at_end_of_next_turn")
    state = _board("sv10-123", "Corrosive Sludge", their_bench=[CORPHISH])
    d = _attack(state, "Corrosive Sludge")                           # turn 3
    assert d.state.seats[1].active.top == state.seats[1].active.top
    beto = act(d.state, 1, {"type": "end_turn"})                    # the end of turn 4: discarded
    assert beto.state.seats[1].active is None and RAGING_BOLT in _cards(beto.state, 1, "discard")
    assert len(beto.state.seats[0].prizes) == 6                      # not a Knock Out
    alone = act(_attack(_board("sv10-123", "Corrosive Sludge"), "Corrosive Sludge").state, 1, {"type": "end_turn"})
    assert alone.state.result is not None                            # Beto has no Pokémon left in play


# -- near misses --------------------------------------------------------------------------------------

def _attack_def(text, damage=0, mark=""):
    return AttackDef("Test", ["Colorless"], damage, mark, has_effect_text=True, text=text)


@pytest.mark.parametrize("text,damage,mark", [
    ("Discard 2 Energy from this Pokémon, and this attack does 30 more damage.", 30, ""),
    ("Discard all Fire Energy from this Pokémon, and your opponent's Active Pokémon is now Burnt.", 30, ""),
    ("If your opponent's Active Pokémon is an Evolution Pokémon, this attack does 140 more damage, and discard "
     "2 Energy from this Pokémon.", 30, "+"),
    ("Discard a Special Energy from 1 of your opponent's Pokémon.", 30, ""),
    ("Discard a Fire Energy from your opponent's Active Pokémon ex.", 30, ""),
    ("Flip 2 coins. For each tails, discard an Energy from your opponent's Active Pokémon.", 30, ""),
    ("You may discard all Energy from this Pokémon and have this attack do 130 more damage.", 30, ""),
    ("Switch this Pokémon with 1 of your Benched Lightning Pokémon ex.", 30, ""),
    ("This attack does 30 damage for each Special Energy card attached to your Pokémon.", 30, "×"),
    ("If your opponent's Active Pokémon has 2 Pokémon Tools attached, this attack does 30 more damage.", 30, "+"),
    ("Draw a card. If you do, switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the "
     "new Active Pokémon.)", 30, ""),
    ("Draw a card. If you do, this attack does 30 damage to the new Active Pokémon.", 0, ""),
    ("Discard a Team Rocket's Energy from this Pokémon. If you do, discard 1 of your opponent's Benched Pokémon "
     "and all attached cards.", 0, ""),
    ("Move a Basic Energy from this Pokémon to your Benched Pokémon in any way you like.", 30, ""),
    ("This attack does 20 damage to 1 of your opponent's Pokémon for each Energy attached to this Pokémon. (Don't "
     "apply Weakness and Resistance for Benched Pokémon.)", 30, ""),
])
def test_an_energy_text_that_almost_matches_stays_declared(text, damage, mark):
    assert compile_attack(_attack_def(text, damage, mark)) is None


# -- the pool: every listed choice is accepted ----------------------------------------------------------

def _one_card_per_text():
    names = {t.name for t in energy_moves.TEMPLATES}
    seen = {}
    for c in carddb.all_cards():
        for a in c.attacks:
            if c.supertype == "Pokemon" and names & set(a.compiled_by) and a.text not in seen:
                seen[a.text] = (c.id, a.name)
    return sorted(seen.values())


def test_every_energy_attack_of_the_pool_lists_choices_the_engine_accepts():
    """One card per compiled wording, on a board where its choices matter (Benches of two, Energy of
    several kinds on both sides, Tools): each attack `legal_actions` lists is legal."""
    checked = 0
    for card_id, name in _one_card_per_text():
        cost = [ENERGY[t] for t in card(card_id).attack(name).cost]
        state = _board(card_id, name, energy=cost + [JET], bench=[poke(CORPHISH, [WATER]), "sv9-47"],
                       their_active=MEGA_CAMERUPT, their_energy=[FIRE, JET, WATER], attached=[VITALITY_BAND],
                       their_bench=[poke(CORPHISH, [WATER]), MEGA_CAMERUPT], their_attached=[VITALITY_BAND])
        options = [a["choices"] for a in legal_actions(state, 0) if a["type"] == "attack" and a["attack"] == name]
        assert options, (card_id, name)
        text = card(card_id).attack(name).text
        coins = ["heads"] * (text.count("Flip a coin") + sum(int(n) for n in re.findall(r"Flip (\d+) coins", text)))
        for choices in options[:8]:
            act(state, 0, {"type": "attack", "attack": name, "choices": choices}, coins)
            checked += 1
    assert checked >= 30
