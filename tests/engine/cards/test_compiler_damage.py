"""The compiler's conditional and counted damage wordings (`cards/compiler/more_damage.py`, the
vocabulary's `cards/effects/damage_conditions.py`), ruleset `modern`: each template against the
rules with real cards it compiles (the rule id in the test's name; the bonus or count both ways),
the refused case where there is one, texts that almost match and must stay declared, and every
condition and count the tables name printed on a card of the pool."""
import re

import pytest

from projections.tcg import carddb
from projections.tcg.carddb import AttackDef, card
from projections.tcg.cards.compiler import compile_attack, normalise
from projections.tcg.cards.compiler.more_damage import FOR_EACH, IF_MORE, TEMPLATES
from projections.tcg.cards.declared import DECLARED_SETS
from projections.tcg.legal import legal_actions

from .fixtures import act, board, poke, refuse

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
ENERGY = {"Grass": GRASS, "Fire": FIRE, "Water": WATER, "Lightning": LIGHTNING, "Psychic": PSYCHIC,
          "Fighting": FIGHTING, "Darkness": DARKNESS, "Metal": METAL, "Colorless": METAL}
# Defenders without Weakness or Resistance: the damage done is the attack's own
RAGING_BOLT_EX = "sv5-123"     # Basic Pokémon ex, 240 HP
ETERNATUS = "sv8-141"          # Basic, not ex, 150 HP
DRAGAPULT_EX = "sv6-130"       # Stage 2 Pokémon ex, 320 HP
NOIVERN_EX = "sv2-153"         # Stage 1 Pokémon ex, 260 HP
SUPPORTER = "me1-114"          # Boss's Orders
STADIUM = "me1-127"            # Risky Ruins


def _cost(card_id, attack):
    return [ENERGY[t] for t in card(card_id).attack(attack).cost]


def _board(card_id, attack, *, energy=None, damage=0, conditions=(), bench=(), hand=(), discard=(),
           defender=RAGING_BOLT_EX, their_energy=(), their_conditions=(), their_bench=(), their_hand=(),
           their_prizes=6, under=None, deck=None, their_deck=None, **kw):
    active = poke(card_id, _cost(card_id, attack) if energy is None else energy, damage=damage,
                  conditions=conditions) if under is None else {
        "card": card_id, "energy": _cost(card_id, attack) if energy is None else energy, "under": under}
    mine = {"active": active,
            "bench": list(bench), "hand": list(hand), "deck": [FIGHTING] * 8 if deck is None else deck,
            "prizes": [GRASS] * 6,
            "discard": list(discard)}
    theirs = {"active": poke(defender, their_energy, conditions=their_conditions), "bench": list(their_bench),
              "hand": list(their_hand), "deck": [FIGHTING] * 8 if their_deck is None else their_deck,
              "prizes": [GRASS] * their_prizes, "discard": []}
    return board(mine, theirs, ruleset="modern", **kw)


def _dealt(state, attack, coins=()):
    d = act(state, 0, {"type": "attack", "attack": attack, "choices": {}}, coins)
    return d.state.seats[1].active.damage


def _compiled(card_id, attack, *templates):
    a = card(card_id).attack(attack)
    assert a.compiled_by == templates and f"attack:{attack}" not in card(card_id).declared, (card_id, a)
    return a


def _bonus(card_id, attack, yes, no):
    """The attack's damage when its condition holds (`yes`: _board's arguments) and when not."""
    return _dealt(_board(card_id, attack, **yes), attack), _dealt(_board(card_id, attack, **no), attack)


# -- "If …, this attack does N more damage." ------------------------------------------------------

def test_r_damage_1_more_if_ex_or_v_ceruledge_fighting_sword():
    _compiled("sv2-98", "Fighting Sword", "more_if")
    assert _bonus("sv2-98", "Fighting Sword", {"defender": RAGING_BOLT_EX}, {"defender": ETERNATUS}) == (200, 100)


def test_r_damage_1_more_if_poisoned_seviper_venoshock_and_any_condition_sableye():
    _compiled("sv1-128", "Venoshock", "more_if")
    # 60 + 120, then the checkup's Poison puts 10 more (the attack ends the turn)
    assert _bonus("sv1-128", "Venoshock", {"their_conditions": ["poisoned"]},
                  {"their_conditions": ["confused"]}) == (190, 60)
    _compiled("sv2-136", "Unseen Claw", "more_if")
    assert _bonus("sv2-136", "Unseen Claw", {"their_conditions": ["confused"]}, {}) == (90, 20)


def test_r_damage_1_more_if_damaged_mega_sharpedo_ex_hungry_jaws():
    _compiled("me2-61", "Hungry Jaws", "more_if")
    assert _bonus("me2-61", "Hungry Jaws", {"damage": 10, "defender": DRAGAPULT_EX},
                  {"defender": DRAGAPULT_EX}) == (270, 120)


def test_r_damage_1_more_if_supporter_played_wigglytuff_ex_friend_tackle():
    _compiled("sv3pt5-40", "Friend Tackle", "more_if")
    assert _bonus("sv3pt5-40", "Friend Tackle", {"supporter": {"card": SUPPORTER, "owner": 0}}, {}) == (180, 90)


def test_r_damage_1_more_if_evolution_tauros_clean_hit_and_stage_2_regirock_ex():
    _compiled("sv10-152", "Clean Hit", "more_if")
    assert _bonus("sv10-152", "Clean Hit", {"defender": NOIVERN_EX}, {}) == (100, 50)
    _compiled("me2pt5-107", "Giant Rock", "more_if")
    assert _bonus("me2pt5-107", "Giant Rock", {"defender": DRAGAPULT_EX}, {"defender": NOIVERN_EX}) == (280, 140)


def test_r_damage_1_more_if_own_stadium_dhelmise_earthen_power_and_prizes_zacian():
    _compiled("me1-18", "Earthen Power", "more_if")
    assert _bonus("me1-18", "Earthen Power", {"stadium": {"card": STADIUM, "owner": 0}},
                  {"stadium": {"card": STADIUM, "owner": 1}}) == (80, 30)
    _compiled("me2-45", "Limit Break", "more_if")
    assert _bonus("me2-45", "Limit Break", {"their_prizes": 3}, {"their_prizes": 4}) == (140, 50)


def test_r_damage_1_more_if_type_arcanine_punishing_fang():
    _compiled("sv10-28", "Punishing Fang", "more_if")
    absol = "me1-86"        # Mega Absol ex: Darkness, 280 HP, Weakness Grass, no Resistance
    assert card(absol).type == "Darkness" and card(absol).weakness == "Grass" and not card(absol).resistance
    assert _bonus("sv10-28", "Punishing Fang", {"defender": absol}, {}) == (200, 100)


# -- "This attack does N more damage for each …" --------------------------------------------------

def test_r_damage_1_more_per_oinkologne_ex_maddening_scent_and_espathra_ex_psy_ball():
    _compiled("sv1-158", "Maddening Scent", "more_per")
    assert _dealt(_board("sv1-158", "Maddening Scent", their_bench=[poke("me1-33"), poke("me1-26")]),
                  "Maddening Scent") == 70
    assert _dealt(_board("sv1-158", "Maddening Scent"), "Maddening Scent") == 10
    _compiled("sv4pt5-6", "Psy Ball", "more_per")
    assert _dealt(_board("sv4pt5-6", "Psy Ball", their_energy=[FIRE, FIRE]), "Psy Ball") == 120   # 30 + 3 × 30


def test_r_damage_1_more_per_lowercase_type_mega_meganium_ex_giant_bouquet():
    """me2pt5 prints "grass Energy": `normalise` reads it as "Grass Energy"."""
    _compiled("me2pt5-10", "Giant Bouquet", "more_per_own_energy")
    assert _dealt(_board("me2pt5-10", "Giant Bouquet", energy=[GRASS, GRASS, WATER]), "Giant Bouquet") == 170


# -- "This attack does N damage for each …" (the printed "×") -------------------------------------

def test_r_damage_1_times_per_dewott_energized_shell_and_annihilape_rage_fist():
    _compiled("rsv10pt5-22", "Energized Shell", "times_per")
    assert _dealt(_board("rsv10pt5-22", "Energized Shell", energy=[WATER, WATER, FIRE]), "Energized Shell") == 90
    _compiled("sv1-109", "Rage Fist", "times_per")
    assert _dealt(_board("sv1-109", "Rage Fist", their_prizes=4), "Rage Fist") == 140
    assert _dealt(_board("sv1-109", "Rage Fist"), "Rage Fist") == 0


def test_r_damage_1_times_per_attack_named_wattrel_united_wings_and_wigglytuff_round():
    _compiled("sv2-80", "United Wings", "times_per")
    discard = ["sv2-80", "sv2-131", "me1-33", FIRE]     # Wattrel, Murkrow: United Wings; Corphish: not
    assert _dealt(_board("sv2-80", "United Wings", discard=discard), "United Wings") == 40
    _compiled("me2-77", "Round", "times_per")
    bench = [poke("me2-105"), poke("me1-33")]           # another Wigglytuff with Round, a Corphish
    assert _dealt(_board("me2-77", "Round", bench=bench), "Round") == 80


def test_r_attack_1_not_first_turn_if_second_terapagos_ex_unified_beatdown():
    _compiled("me2pt5-179", "Unified Beatdown", "not_first_turn_if_second", "times_per")
    bench = [poke("me1-33"), poke("me1-26")]
    refuse(_board("me2pt5-179", "Unified Beatdown", bench=bench, turn=2), 0,
           {"type": "attack", "attack": "Unified Beatdown", "choices": {}}, "R-ATTACK-1", "first turn")
    assert _dealt(_board("me2pt5-179", "Unified Beatdown", bench=bench, turn=4), "Unified Beatdown") == 60


# -- "N less damage for each …" (the printed "-") -------------------------------------------------

def test_r_damage_1_less_per_cetitan_sweeping_tackle_and_tinkaton_windup_swing():
    _compiled("sv1-60", "Sweeping Tackle", "less_per")
    assert _dealt(_board("sv1-60", "Sweeping Tackle", damage=30), "Sweeping Tackle") == 140
    assert _dealt(_board("sv1-60", "Sweeping Tackle", damage=170), "Sweeping Tackle") == 0      # never below 0
    _compiled("me1-98", "Windup Swing", "less_per")
    assert _dealt(_board("me1-98", "Windup Swing", their_energy=[FIRE, FIRE]), "Windup Swing") == 120


# -- coins -----------------------------------------------------------------------------------------

def test_r_damage_1_flip_until_tails_more_tyrogue_pow_pow_punching():
    _compiled("me1-71", "Pow-Pow Punching", "flip_until_tails_more")
    state = _board("me1-71", "Pow-Pow Punching")
    assert _dealt(state, "Pow-Pow Punching", ["heads", "heads", "tails"]) == 70
    assert _dealt(state, "Pow-Pow Punching", ["tails"]) == 10


def test_r_damage_1_coins_more_parasect_scissor_swing_and_all_heads_bewear_hyper_lariat():
    _compiled("sv9-5", "Scissor Swing", "coins_more")
    assert _dealt(_board("sv9-5", "Scissor Swing"), "Scissor Swing", ["heads", "tails"]) == 90
    _compiled("me1-112", "Hyper Lariat", "coins_all_heads_more")
    state = _board("me1-112", "Hyper Lariat")
    assert _dealt(state, "Hyper Lariat", ["heads", "heads"]) == 200
    assert _dealt(state, "Hyper Lariat", ["heads", "tails"]) == 100


def test_r_damage_1_coins_per_own_energy_times_heliolisk_powerful_bolt():
    _compiled("me2pt5-64", "Powerful Bolt", "coins_per_own_energy_times")
    state = _board("me2pt5-64", "Powerful Bolt")
    assert _dealt(state, "Powerful Bolt", ["heads", "tails", "heads"]) == 140


def test_r_damage_1_retreat_cost_heracross_superpowered_throw_iron_bundle_and_talonflame():
    _compiled("sv1-2", "Superpowered Throw", "more_per")
    assert card(RAGING_BOLT_EX).retreat_cost == 3 and card(NOIVERN_EX).retreat_cost == 0
    assert _dealt(_board("sv1-2", "Superpowered Throw"), "Superpowered Throw") == 10 + 3 * 30
    assert _dealt(_board("sv1-2", "Superpowered Throw", defender=NOIVERN_EX), "Superpowered Throw") == 10
    _compiled("sv8-55", "Gusting Collision", "less_per")
    assert _dealt(_board("sv8-55", "Gusting Collision"), "Gusting Collision") == 200 - 3 * 50
    _compiled("sv7-123", "Aero Chase", "more_if")
    assert _bonus("sv7-123", "Aero Chase", {"defender": RAGING_BOLT_EX}, {"defender": DRAGAPULT_EX}) == (110 + 110, 110)


def test_r_damage_1_more_per_ability_scizor_and_bench_types_toxtricity_and_same_energy_medicham():
    _compiled("sv3-141", "Punishing Scissors", "more_per")
    fezandipiti = "sv6pt5-38"       # an Ability (Flip the Script) that does nothing to an attack
    state = _board("sv3-141", "Punishing Scissors", their_bench=[poke(fezandipiti), poke("me1-33")])
    assert _dealt(state, "Punishing Scissors") == 60
    _compiled("sv3-72", "Loud Mix", "more_per")
    bench = [poke("me1-33"), poke("sv1-128"), poke("sv2-136")]     # Water, Darkness, Darkness: 2 types
    assert _dealt(_board("sv3-72", "Loud Mix", bench=bench), "Loud Mix") == 50 + 2 * 30
    _compiled("sv10-100", "Harmonious Spirit Palm", "more_if")
    assert _bonus("sv10-100", "Harmonious Spirit Palm", {"their_energy": [FIRE]},
                  {"their_energy": [FIRE, FIRE]}) == (170, 50)


def test_r_damage_1_coins_per_count_times_scrafty_torkoal_exeggutor():
    _compiled("rsv10pt5-58", "Ruffians Attack", "coins_per_count_times")
    state = _board("rsv10pt5-58", "Ruffians Attack", bench=[poke("sv1-128"), poke("me1-33")])   # 2 Darkness in play
    assert _dealt(state, "Ruffians Attack", ["heads", "heads"]) == 120
    _compiled("sv1-35", "Concentrated Fire", "coins_per_count_times")
    state = _board("sv1-35", "Concentrated Fire", energy=[FIRE, FIRE, WATER])       # 2 Fire Energy: 2 coins
    assert _dealt(state, "Concentrated Fire", ["heads", "tails"]) == 80
    _compiled("sv8-3", "Barrage O'Clock", "coins_per_count_times")
    state = _board("sv8-3", "Barrage O'Clock", their_energy=[FIRE])                 # 1 + 1 Energy: 2 coins
    assert _dealt(state, "Barrage O'Clock", ["tails", "heads"]) == 60


# -- "Discard … This attack does N damage for each card you discarded in this way." ----------------

def _discard_attack(state, attack, coins=(), **choices):
    return act(state, 0, {"type": "attack", "attack": attack, "choices": choices}, coins)


def test_r_damage_1_discard_for_damage_gholdengo_ex_make_it_rain_from_the_hand():
    _compiled("sv4-139", "Make It Rain", "discard_for_damage")
    state = _board("sv4-139", "Make It Rain", hand=[FIRE, WATER, FIRE, SUPPORTER])
    fire, water = state.seats[0].hand[0], state.seats[0].hand[1]
    d = _discard_attack(state, "Make It Rain", cards=[fire, water])
    assert d.state.seats[1].active.damage == 100 and fire in d.state.seats[0].discard
    assert sorted(d.state.seats[0].hand) == sorted(set(state.seats[0].hand) - {fire, water})
    assert _discard_attack(state, "Make It Rain", cards=[]).state.seats[1].active.damage == 0
    assert _discard_attack(state, "Make It Rain").state.seats[1].active.damage == 0     # left out: none
    refuse(state, 0, {"type": "attack", "attack": "Make It Rain", "choices": {"cards": [state.seats[0].hand[3]]}},
           "R-ATTACK-2")                                                      # Boss's Orders is no Basic Energy
    refuse(state, 0, {"type": "attack", "attack": "Make It Rain", "choices": {"cards": [fire, fire]}}, "R-ATTACK-2")


def test_r_attack_2_discard_for_damage_is_no_cost_a_confused_attacker_discards_nothing_on_tails():
    state = _board("sv4-139", "Make It Rain", hand=[FIRE], conditions=["confused"])
    d = _discard_attack(state, "Make It Rain", ["tails"], cards=[state.seats[0].hand[0]])
    assert d.state.seats[0].hand == state.seats[0].hand and d.state.seats[1].active.damage == 0


def test_r_damage_1_discard_for_damage_from_this_pokemon_lava_burst_discharge_two_bump_bolt():
    _compiled("sv10-36", "Lava Burst", "discard_for_damage")
    state = _board("sv10-36", "Lava Burst", energy=[FIRE, FIRE, FIRE, WATER])
    fires = state.seats[0].active.energy[:3]
    d = _discard_attack(state, "Lava Burst", cards=fires[:2])
    assert d.state.seats[1].active.damage == 140 and len(d.state.seats[0].active.energy) == 2
    water = state.seats[0].active.energy[3]                                   # a Water Energy is no Fire Energy
    refuse(state, 0, {"type": "attack", "attack": "Lava Burst", "choices": {"cards": [water]}}, "R-ATTACK-2")
    _compiled("rsv10pt5-34", "Discharge", "discard_for_damage")
    d = _discard_attack(_board("rsv10pt5-34", "Discharge", energy=[LIGHTNING, LIGHTNING, WATER]), "Discharge")
    assert d.state.seats[1].active.damage == 100 and len(d.state.seats[0].active.energy) == 1
    _compiled("svp-94", "Two Bump Bolt", "discard_for_more_damage")
    state = _board("svp-94", "Two Bump Bolt", under=["sv2-77"])          # a promo Bellibolt on sv2's Tadbulb
    bolts = [i for i in state.seats[0].active.energy if state.instances[i] == LIGHTNING]
    assert _discard_attack(state, "Two Bump Bolt", cards=bolts[:1]).state.seats[1].active.damage == 90


def test_r_damage_1_discard_for_damage_from_your_pokemon_raging_bolt_ex_and_mewtwo_ex_from_the_bench():
    _compiled("sv5-123", "Bellowing Thunder", "discard_for_damage")
    state = _board("sv5-123", "Bellowing Thunder", defender=DRAGAPULT_EX,
                   bench=[poke("me1-33", [WATER, WATER, "sv2-190"])])      # Corphish: 2 Water, a Jet Energy
    active, benched = state.seats[0].active, state.seats[0].bench[0]
    waters = benched.energy[:2]
    offered = [sorted(a["choices"].get("cards", [])) for a in legal_actions(state, 0)
               if a["type"] == "attack" and a["attack"] == "Bellowing Thunder"]
    assert sorted([active.energy[0], waters[0]]) in offered and [] in offered
    assert not any(benched.energy[2] in pick for pick in offered)            # a Special Energy is not Basic
    d = _discard_attack(state, "Bellowing Thunder", cards=[active.energy[0], *waters])
    assert d.state.seats[1].active.damage == 210
    assert len(d.state.seats[0].active.energy) == 1 and d.state.seats[0].bench[0].energy == [benched.energy[2]]
    _compiled("me2pt5-79", "Erasure Ball", "discard_for_more_damage")
    rockets = [poke(i) for i in ("sv10-15", "sv10-19", "sv10-37")]     # Power Saver: 4 Team Rocket's Pokémon
    state = _board("me2pt5-79", "Erasure Ball", defender=DRAGAPULT_EX,
                   bench=[poke("me1-33", [WATER, WATER, FIRE]), *rockets])
    bench_energy = state.seats[0].bench[0].energy
    refuse(state, 0, {"type": "attack", "attack": "Erasure Ball", "choices": {"cards": bench_energy}}, "R-ATTACK-2")
    refuse(state, 0, {"type": "attack", "attack": "Erasure Ball",
                      "choices": {"cards": [state.seats[0].active.energy[0]]}}, "R-ATTACK-2")   # not Benched
    assert _discard_attack(state, "Erasure Ball", cards=bench_energy[1:]).state.seats[1].active.damage == 280


def test_r_damage_1_trainers_pokemon_and_named_cards_spidops_typhlosion_articuno():
    _compiled("me2pt5-19", "Rocket Rush", "times_per")
    bench = [poke("me2pt5-79"), poke("me1-33")]           # Team Rocket's Mewtwo ex, Corphish
    assert _dealt(_board("me2pt5-19", "Rocket Rush", bench=bench), "Rocket Rush") == 60
    _compiled("sv10-34", "Buddy Blast", "more_per")
    discard = ["sv10-165", "sv10-165", FIRE]              # two Ethan's Adventure
    assert _dealt(_board("sv10-34", "Buddy Blast", discard=discard), "Buddy Blast") == 160
    _compiled("sv10-51", "Dark Frost", "more_if")
    assert _bonus("sv10-51", "Dark Frost", {"energy": [WATER, "sv10-182"]}, {"energy": [WATER, METAL, METAL]}) == (
        120, 60)


# -- Stadiums, a hand revealed, a deck's top cards ------------------------------------------------

def test_r_damage_1_may_discard_stadium_more_cetitan_ex_crushing_press():
    _compiled("sv10-65", "Crushing Press", "may_discard_stadium_more")
    state = _board("sv10-65", "Crushing Press", defender=DRAGAPULT_EX, stadium={"card": STADIUM, "owner": 1})
    ruins = state.stadium["card"]
    d = _discard_attack(state, "Crushing Press", cards=[ruins])
    assert d.state.seats[1].active.damage == 280 and d.state.stadium is None and ruins in d.state.seats[1].discard
    d = _discard_attack(state, "Crushing Press")                              # left out: the Stadium stays
    assert d.state.seats[1].active.damage == 140 and d.state.stadium is not None
    refuse(state, 0, {"type": "attack", "attack": "Crushing Press", "choices": {"cards": [FIRE]}}, "R-ATTACK-2")
    refuse(_board("sv10-65", "Crushing Press"), 0, {"type": "attack", "attack": "Crushing Press",
                                                    "choices": {"cards": [ruins]}}, "R-ATTACK-2", "there is none")


def test_r_damage_1_more_if_stadium_then_discard_mamoswine_wreck():
    _compiled("me2-25", "Wreck", "more_if_stadium_then_discard")
    state = _board("me2-25", "Wreck", defender=DRAGAPULT_EX, stadium={"card": STADIUM, "owner": 0})
    d = _discard_attack(state, "Wreck")
    assert d.state.seats[1].active.damage == 240 and d.state.stadium is None
    assert state.stadium["card"] in d.state.seats[0].discard
    assert _dealt(_board("me2-25", "Wreck", defender=DRAGAPULT_EX), "Wreck") == 120


def test_r_damage_1_reveal_hand_times_whimsicott_ex_and_beautifly():
    _compiled("rsv10pt5-5", "Wondrous Cotton", "reveal_hand_times")
    state = _board("rsv10pt5-5", "Wondrous Cotton", their_hand=[SUPPORTER, STADIUM, FIRE])
    d = _discard_attack(state, "Wondrous Cotton")
    assert d.state.seats[1].active.damage == 100 and d.state.seats[1].hand[:3] == state.seats[1].hand   # then a draw
    assert any("shows the hand" in line for line in d.narration)
    _compiled("me2pt5-13", "Energy Straw", "reveal_hand_times")
    assert _dealt(_board("me2pt5-13", "Energy Straw", their_hand=[SUPPORTER, FIRE, WATER]), "Energy Straw") == 160


def test_r_damage_1_discard_top_mega_abomasnow_ex_hammer_lanche_and_camerupt_eruption():
    _compiled("me1-36", "Hammer-lanche", "discard_top_for_damage")
    deck = [WATER, FIRE, WATER, SUPPORTER, GRASS, GRASS, WATER, WATER]
    d = _discard_attack(_board("me1-36", "Hammer-lanche", defender=DRAGAPULT_EX, deck=deck), "Hammer-lanche")
    assert d.state.seats[1].active.damage == 200 and len(d.state.seats[0].deck) == 2
    d = _discard_attack(_board("me1-36", "Hammer-lanche", defender=DRAGAPULT_EX, deck=[WATER, FIRE]), "Hammer-lanche")
    assert d.state.seats[1].active.damage == 100 and d.state.seats[0].deck == []      # as many as the deck holds
    _compiled("sv3-32", "Eruption", "discard_top_for_more_damage")
    state = _board("sv3-32", "Eruption", defender=DRAGAPULT_EX, deck=[SUPPORTER] + [FIRE] * 7)
    assert _dealt(state, "Eruption") == 150                                   # theirs: a Fighting Energy


# -- wordings, near misses, the tables --------------------------------------------------------------

def _attack_def(text, damage=30, mark=""):
    return AttackDef("Test", ["Colorless"], damage, mark, has_effect_text=True, text=text)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.name)
def test_every_wording_of_a_template_compiles_to_it(template):
    for wording in template.wordings:
        compiled = compile_attack(_attack_def(wording, 30, template.mark))
        assert compiled is not None and compiled.templates == (template.name,), wording


@pytest.mark.parametrize("text,damage,mark", [
    # what the state does not record
    ("If this Pokémon moved from your Bench to the Active Spot during your last turn, this attack does 30 more "
     "damage.", 30, "+"),
    ("If this Pokémon was healed during your last turn, this attack does 30 more damage.", 30, "+"),
    # words no table reads
    ("If your opponent's Active Pokémon is a Pokémon V, this attack does 30 more damage.", 30, "+"),
    ("If your opponent's Active Pokémon is Frozen, this attack does 30 more damage.", 30, "+"),
    ("This attack does 30 damage for each Tatsugiri in your discard pile.", 30, "×"),
    ("This attack does 30 damage for each of your Pokémon ex in play.", 30, "×"),
    ("Flip 2 coins. If 1 of them is heads, this attack does 30 more damage.", 30, "+"),
    ("This attack does 30 more damage for each of your opponent's Benched Pokémon", 30, "+"),
    ("If a Stadium is in play, this attack does 30 more damage, and discard that Stadium.", 30, "+"),
    ("You may discard a Stadium in play. If you do, this attack does 30 more damage.", 30, "×"),
    ("Your opponent reveals their hand. This attack does 30 damage for each Pokémon card you find there.", 30, "×"),
    ("Discard the top 3 cards of your opponent's deck. This attack does 30 damage for each Energy card discarded in "
     "this way.", 30, "×"),
    ("Discard all Energy cards from your hand. This attack does 30 damage for each card you discarded in this "
     "way.", 30, "×"),
    ("Discard up to 2 Basic Energy from this Pokémon. This attack does 30 damage for each card you discarded in "
     "this way.", 30, "×"),
    ("You may discard any amount of Water Energy from your opponent's Pokémon. This attack does 30 damage for each "
     "card you discarded in this way.", 30, "×"),
    ("Discard all Water Energy from your Pokémon. This attack does 30 damage for each card you discarded in this "
     "way.", 30, "×"),
    ("Flip a coin for each Energy attached to your opponent's Active Pokémon. This attack does 30 damage for each "
     "heads.", 30, "×"),
    # the printed damage or mark disagrees with the text
    ("Discard up to 2 Fire Energy from this Pokémon. This attack does 30 more damage for each card you discarded "
     "in this way.", 30, "×"),
    ("Discard up to 2 Fire Energy from this Pokémon. This attack does 20 damage for each card you discarded in "
     "this way.", 30, "×"),
    ("If your opponent's Active Pokémon is a Pokémon ex, this attack does 30 more damage.", 30, ""),
    ("This attack does 30 more damage for each Energy attached to both Active Pokémon.", 30, "×"),
    ("This attack does 20 damage for each Energy attached to this Pokémon.", 30, "×"),
    ("This attack does 30 damage for each Energy attached to this Pokémon.", 30, "+"),
    ("Flip a coin for each Energy attached to this Pokémon. This attack does 20 damage for each heads.", 30, "×"),
    ("This attack does 10 less damage for each damage counter on this Pokémon.", 30, "+"),
])
def test_a_damage_text_that_almost_matches_stays_declared(text, damage, mark):
    assert compile_attack(_attack_def(text, damage, mark)) is None


def _pool_texts():
    return [normalise(a.text) for c in carddb.all_cards() if c.id.split("-")[0] in DECLARED_SETS
            for a in c.attacks if a.text]


def test_every_condition_and_count_of_the_tables_is_printed_on_a_card():
    texts = _pool_texts()
    for regex, _ in IF_MORE:
        assert any(re.search(rf"If {regex}, this attack does \d+ more damage", t) for t in texts), regex
    for regex, _ in FOR_EACH:
        assert any(re.search(rf"does \d+ (?:more |less )?damage for each {regex}\.", t) for t in texts), regex
