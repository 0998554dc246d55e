"""Base Set Pokémon base1-35 … base1-69 (but Wartortle): one board per card, exact outcomes.

Boards come from sandbox positions; coins are fixed with FixedCoins, so each test also proves
how many flips an action needs. Instances are numbered per seat in listing order: the Active,
its `under` cards, its Energy, then each Benched Pokémon likewise, then hand, deck, discard,
prizes.
"""
import pytest

from projections.tcg import engine
from projections.tcg.core import effects_of
from projections.tcg.hooks import resistance, weakness
from projections.tcg.legal import legal_actions
from projections.tcg.position import state_from_position
from projections.tcg.randomness import FixedCoins

FIGHTING, FIRE, GRASS, LIGHTNING, PSYCHIC, WATER, DCE = (
    "base1-97", "base1-98", "base1-99", "base1-100", "base1-101", "base1-102", "base1-96")
MAGIKARP, MAGMAR, NIDORINO, POLIWHIRL, PORYGON, RATICATE, SEEL = (
    "base1-35", "base1-36", "base1-37", "base1-38", "base1-39", "base1-40", "base1-41")
MACHOKE = "base1-34"
ABRA, BULBASAUR, CATERPIE, CHARMANDER, DIGLETT, DODUO, DROWZEE, GASTLY = (
    "base1-43", "base1-44", "base1-45", "base1-46", "base1-47", "base1-48", "base1-49", "base1-50")
KOFFING, MACHOP, MAGNEMITE, METAPOD, NIDORAN_M, ONIX, PIDGEY, PIKACHU = (
    "base1-51", "base1-52", "base1-53", "base1-54", "base1-55", "base1-56", "base1-57", "base1-58")
POLIWAG, PONYTA, RATTATA, SANDSHREW, SQUIRTLE, STARMIE, STARYU, TANGELA = (
    "base1-59", "base1-60", "base1-61", "base1-62", "base1-63", "base1-64", "base1-65", "base1-66")
VOLTORB, VULPIX, WEEDLE = "base1-67", "base1-68", "base1-69"


def mon(card, energy=(), under=(), damage=0, conditions=()):
    p = {"card": card, "energy": list(energy)}
    if under:
        p["under"] = list(under)
    if damage:
        p["damage"] = damage
    if conditions:
        p["conditions"] = list(conditions)
    return p


def seat(active, bench=(), hand=()):
    return {"active": active, "bench": list(bench), "hand": list(hand),
            "deck": [WATER] * 6, "prizes": [GRASS] * 6}


def board(mine, theirs, turn=3):
    """Seat 0 (Ana) is to act in its main phase."""
    return state_from_position("base-1999", ["Ana", "Beto"],
                               {"turn": turn, "seat_to_act": 0, "phase": "main", "seats": [mine, theirs]})


def act(state, seat_no, action, coins=()):
    d = engine.decide(state, seat_no, action, FixedCoins(list(coins)))
    assert d.legal, (d.violations, d.coin_error)
    return d.state


def attack(state, name, coins=(), choices=None, seat_no=None):
    seat_no = state.seat_to_act if seat_no is None else seat_no
    return act(state, seat_no, {"type": "attack", "attack": name, "choices": choices or {}}, coins)


def refused(state, name, choices=None, coins=()):
    d = engine.decide(state, state.seat_to_act, {"type": "attack", "attack": name, "choices": choices or {}},
                      FixedCoins(list(coins)))
    assert not d.legal and d.violations, d
    return d.violations[0]


def end_turn(state, coins=()):
    return act(state, state.seat_to_act, {"type": "end_turn"}, coins)


def attack_options(state, name):
    return [a["choices"] for a in legal_actions(state, state.seat_to_act)
            if a["type"] == "attack" and a["attack"] == name]


def active(state, seat_no):
    return state.seats[seat_no].active


# -- base1-35 Magikarp ------------------------------------------------------------------------

def test_base1_35_magikarp_tackle_does_10():
    s = attack(board(seat(mon(MAGIKARP, [WATER])), seat(mon(MACHOP))), "Tackle")
    assert active(s, 1).damage == 10


def test_base1_35_magikarp_flail_is_10_per_own_counter():
    s = attack(board(seat(mon(MAGIKARP, [WATER], damage=20)), seat(mon(MACHOP))), "Flail")
    assert active(s, 1).damage == 20
    assert active(s, 0).damage == 20


def test_base1_35_magikarp_flail_with_no_counters_does_nothing():
    s = attack(board(seat(mon(MAGIKARP, [WATER])), seat(mon(MACHOP))), "Flail")
    assert active(s, 1).damage == 0


def test_base1_35_magikarp_flail_then_weakness():
    # 2 counters -> 20, Charmander is weak to Water -> 40
    s = attack(board(seat(mon(MAGIKARP, [WATER], damage=20)), seat(mon(CHARMANDER))), "Flail")
    assert active(s, 1).damage == 40


# -- base1-36 Magmar --------------------------------------------------------------------------

def test_base1_36_magmar_flamethrower_discards_the_chosen_fire():
    st = board(seat(mon(MAGMAR, [FIRE, FIRE, FIRE])), seat(mon(ONIX)))
    # Magmar is 0:0, its Fire Energy 0:1, 0:2, 0:3
    assert sorted(c["cards"][0] for c in attack_options(st, "Flamethrower")) == ["0:1", "0:2", "0:3"]
    s = attack(st, "Flamethrower", choices={"cards": ["0:2"]})
    assert active(s, 1).damage == 50
    assert active(s, 0).energy == ["0:1", "0:3"]
    assert s.seats[0].discard == ["0:2"]


def test_base1_36_magmar_flamethrower_refuses_a_wrong_card():
    st = board(seat(mon(MAGMAR, [FIRE, FIRE, DCE])), seat(mon(ONIX)))
    v = refused(st, "Flamethrower", {"cards": ["0:3"]})      # the Double Colorless is not Fire
    assert v["rule"] == "R-ATTACK-2"
    v = refused(st, "Flamethrower")                            # two Fire: the choice is needed
    assert v["rule"] == "R-ATTACK-2"


def test_base1_36_magmar_fire_punch_does_30():
    s = attack(board(seat(mon(MAGMAR, [FIRE, FIRE])), seat(mon(ONIX))), "Fire Punch")
    assert active(s, 1).damage == 30


# -- base1-37 Nidorino ------------------------------------------------------------------------

def test_base1_37_nidorino_double_kick_30_per_heads():
    st = board(seat(mon(NIDORINO, [GRASS, GRASS, GRASS], under=[NIDORAN_M])), seat(mon(ONIX, )))
    assert active(attack(st, "Double Kick", ["heads", "tails"]), 1).damage == 60   # 30 × Weakness
    assert active(attack(st, "Double Kick", ["tails", "tails"]), 1).damage == 0


def test_base1_37_nidorino_horn_drill_does_50():
    st = board(seat(mon(NIDORINO, [GRASS, GRASS, DCE], under=[NIDORAN_M])), seat(mon(SEEL)))
    assert active(attack(st, "Horn Drill"), 1).damage == 50


# -- base1-38 Poliwhirl -----------------------------------------------------------------------

def amnesia_board():
    return board(seat(mon(POLIWHIRL, [WATER, WATER, WATER], under=[POLIWAG])),
                 seat(mon(DIGLETT, [FIGHTING, FIGHTING])))


def test_base1_38_poliwhirl_amnesia_blocks_one_attack_for_one_turn():
    st = amnesia_board()
    assert attack_options(st, "Amnesia") == [{"attack": "Dig"}, {"attack": "Mud Slap"}]
    s = attack(st, "Amnesia", choices={"attack": "Mud Slap"})
    assert s.turn == 4 and s.seat_to_act == 1
    assert active(s, 1).damage == 0
    # Diglett can't use Mud Slap on its owner's next turn ...
    v = refused(s, "Mud Slap")
    assert v["rule"] == "R-ATTACK-1"
    assert "Mud Slap" not in [a["attack"] for a in legal_actions(s, 1) if a["type"] == "attack"]
    # ... but Dig is fine
    assert active(attack(s, "Dig"), 0).damage == 10
    # and on the turn after, Mud Slap is back
    s = end_turn(end_turn(s))
    assert s.turn == 6 and s.seat_to_act == 1
    assert active(attack(s, "Mud Slap"), 0).damage == 30


def test_base1_38_poliwhirl_amnesia_refuses_an_attack_the_defender_lacks():
    v = refused(amnesia_board(), "Amnesia", {"attack": "Hyper Beam"})
    assert v["rule"] == "R-ATTACK-2"
    v = refused(amnesia_board(), "Amnesia")          # two attacks: the choice is needed
    assert v["rule"] == "R-ATTACK-2"


def test_base1_38_poliwhirl_amnesia_single_attack_needs_no_choice():
    s = attack(board(seat(mon(POLIWHIRL, [WATER, WATER], under=[POLIWAG])), seat(mon(MACHOP, [FIGHTING]))),
               "Amnesia")
    assert refused(s, "Low Kick")["rule"] == "R-ATTACK-1"


def test_base1_38_poliwhirl_doubleslap_30_per_heads():
    st = board(seat(mon(POLIWHIRL, [WATER, WATER, WATER], under=[POLIWAG])), seat(mon(ONIX)))
    assert active(attack(st, "Doubleslap", ["heads", "heads"]), 1).damage == 60
    assert active(attack(st, "Doubleslap", ["heads", "tails"]), 1).damage == 30


# -- base1-39 Porygon -------------------------------------------------------------------------

def test_base1_39_porygon_conversion_2_makes_the_attacker_resisted():
    st = board(seat(mon(PORYGON, [WATER, WATER]), bench=[mon(SEEL)]),
               seat(mon(MAGMAR, [FIRE, FIRE, FIRE]), bench=[mon(SEEL)]))
    assert attack_options(st, "Conversion 2") == [{"type": t} for t in
                                                  ("Grass", "Fire", "Water", "Lightning", "Psychic", "Fighting")]
    s = attack(st, "Conversion 2", choices={"type": "Fire"})
    assert resistance(s, active(s, 0)) == "Fire"
    s = attack(s, "Flamethrower", choices={"cards": ["1:1"]})
    assert active(s, 0).damage == 20                       # 50 − 30


def test_base1_39_porygon_conversion_2_refuses_colorless_or_no_type():
    st = board(seat(mon(PORYGON, [WATER, WATER])), seat(mon(MAGMAR)))
    assert refused(st, "Conversion 2", {"type": "Colorless"})["rule"] == "R-ATTACK-2"
    assert refused(st, "Conversion 2")["rule"] == "R-ATTACK-2"
    assert refused(st, "Conversion 2", {"type": "Dragon"})["rule"] == "R-ATTACK-2"


def test_base1_39_porygon_conversion_2_ends_when_benched():
    st = board(seat(mon(PORYGON, [WATER, WATER]), bench=[mon(SEEL)]), seat(mon(MAGMAR), bench=[mon(SEEL)]))
    s = end_turn(attack(st, "Conversion 2", choices={"type": "Fire"}))
    s = act(s, 0, {"type": "retreat", "to": "0:3", "discard": ["0:1"]})
    porygon = s.seats[0].bench[0]
    assert porygon.top == "0:0" and not effects_of(porygon, "resistance_changed")
    assert resistance(s, porygon) == "Psychic"              # Porygon's printed Resistance


def test_base1_39_porygon_conversion_1_then_weakness_of_the_chosen_type():
    st = board(seat(mon(PORYGON, [WATER]), bench=[mon(STARYU, [WATER])]), seat(mon(MACHOP), bench=[mon(SEEL)]))
    opts = attack_options(st, "Conversion 1")
    assert {} in opts and {"type": "Water"} in opts and {"type": "Colorless"} not in opts
    s = attack(st, "Conversion 1", choices={"type": "Water"})
    assert weakness(s, active(s, 1)) == "Water"
    s = end_turn(s)
    s = act(s, 0, {"type": "retreat", "to": "0:2", "discard": ["0:1"]})
    s = attack(s, "Slap")
    assert active(s, 1).damage == 40                       # 20 × 2: Machop is now weak to Water


def test_base1_39_porygon_conversion_1_removes_the_old_weakness():
    # Machop was weak to Psychic; after the change Abra's Psyshock is not doubled
    st = board(seat(mon(PORYGON, [WATER]), bench=[mon(ABRA, [PSYCHIC])]), seat(mon(MACHOP), bench=[mon(SEEL)]))
    s = end_turn(attack(st, "Conversion 1", choices={"type": "Grass"}))
    s = act(s, 0, {"type": "retreat", "to": "0:2", "discard": ["0:1"]})
    s = attack(s, "Psyshock", ["tails"])
    assert active(s, 1).damage == 10


def test_base1_39_porygon_conversion_1_may_be_declined():
    st = board(seat(mon(PORYGON, [WATER])), seat(mon(MACHOP)))
    s = attack(st, "Conversion 1")
    assert not effects_of(active(s, 1), "weakness_changed") and weakness(s, active(s, 1)) == "Psychic"


def test_base1_39_porygon_conversion_1_needs_a_weakness_and_a_real_type():
    st = board(seat(mon(PORYGON, [WATER])), seat(mon(GASTLY)))   # Gastly has no Weakness
    assert refused(st, "Conversion 1", {"type": "Fire"})["rule"] == "R-ATTACK-2"
    assert attack_options(st, "Conversion 1") == [{}]
    assert not effects_of(active(attack(st, "Conversion 1"), 1), "weakness_changed")
    st = board(seat(mon(PORYGON, [WATER])), seat(mon(MACHOP)))
    assert refused(st, "Conversion 1", {"type": "Colorless"})["rule"] == "R-ATTACK-2"


def test_base1_39_porygon_conversion_1_ends_when_the_defender_evolves_or_is_benched():
    st = board(seat(mon(PORYGON, [WATER])), seat(mon(MACHOP), bench=[mon(SEEL)], hand=[MACHOKE]))
    s = attack(st, "Conversion 1", choices={"type": "Water"})
    evolved = act(s, 1, {"type": "evolve", "card": "1:2", "target": "1:0"})
    assert active(evolved, 1).top == "1:2" and not effects_of(active(evolved, 1), "weakness_changed")
    # Machop's Retreat Cost is 1: attach the Water drawn this turn (1:3), then retreat with it
    assert s.seats[1].hand == ["1:2", "1:3"]
    s2 = act(s, 1, {"type": "attach_energy", "card": "1:3", "target": "1:0"})
    s2 = act(s2, 1, {"type": "retreat", "to": "1:1", "discard": ["1:3"]})
    machop = next(p for p in s2.seats[1].bench if p.top == "1:0")
    assert not effects_of(machop, "weakness_changed") and weakness(s2, machop) == "Psychic"


# -- base1-40 Raticate ------------------------------------------------------------------------

@pytest.mark.parametrize("damage, expected", [(0, 50), (30, 30), (20, 40), (80, 10), (70, 10)])
def test_base1_40_raticate_super_fang_half_remaining_hp_rounded_up(damage, expected):
    # Onix has 90 HP: remaining 90 -> 45 -> 50; 60 -> 30; 70 -> 35 -> 40; 10 -> 5 -> 10; 20 -> 10
    st = board(seat(mon(RATICATE, [DCE, WATER], under=[RATTATA])), seat(mon(ONIX, damage=damage), bench=[mon(SEEL)]))
    s = attack(st, "Super Fang")
    if damage + expected >= 90:
        assert s.seats[1].active is None and "1:0" in s.seats[1].discard and len(s.seats[0].prizes) == 5
    else:
        assert active(s, 1).damage == damage + expected


def test_base1_40_raticate_bite_does_20():
    st = board(seat(mon(RATICATE, [WATER], under=[RATTATA])), seat(mon(ONIX)))
    assert active(attack(st, "Bite"), 1).damage == 20


# -- base1-41 Seel ----------------------------------------------------------------------------

def test_base1_41_seel_headbutt_does_10():
    assert active(attack(board(seat(mon(SEEL, [WATER])), seat(mon(MACHOP))), "Headbutt"), 1).damage == 10


# -- base1-43 Abra ----------------------------------------------------------------------------

def test_base1_43_abra_psyshock_heads_paralyzes():
    st = board(seat(mon(ABRA, [PSYCHIC])), seat(mon(SEEL)))
    s = attack(st, "Psyshock", ["heads"])
    assert active(s, 1).damage == 10 and active(s, 1).conditions == ["paralyzed"]
    s = attack(st, "Psyshock", ["tails"])
    assert active(s, 1).damage == 10 and active(s, 1).conditions == []


# -- base1-44 Bulbasaur -----------------------------------------------------------------------

def test_base1_44_bulbasaur_leech_seed_heals_one_counter():
    st = board(seat(mon(BULBASAUR, [GRASS, GRASS], damage=20)), seat(mon(SEEL)))
    s = attack(st, "Leech Seed")
    assert active(s, 1).damage == 20 and active(s, 0).damage == 10


def test_base1_44_bulbasaur_leech_seed_no_heal_when_damage_prevented():
    # Beto's Metapod hardens itself (Stiffen, heads); then Leech Seed's damage is all prevented
    st = state_from_position("base-1999", ["Ana", "Beto"], {"turn": 3, "seat_to_act": 1, "phase": "main", "seats": [
        seat(mon(BULBASAUR, [GRASS, GRASS], damage=20)), seat(mon(METAPOD, [GRASS, GRASS], under=[CATERPIE]))]})
    s = attack(st, "Stiffen", ["heads"])
    s = attack(s, "Leech Seed")
    assert active(s, 1).damage == 0
    assert active(s, 0).damage == 20


def test_base1_44_bulbasaur_leech_seed_with_no_counters():
    s = attack(board(seat(mon(BULBASAUR, [GRASS, GRASS])), seat(mon(SEEL))), "Leech Seed")
    assert active(s, 0).damage == 0 and active(s, 1).damage == 20


# -- base1-45 Caterpie ------------------------------------------------------------------------

def test_base1_45_caterpie_string_shot_heads_paralyzes():
    s = attack(board(seat(mon(CATERPIE, [GRASS])), seat(mon(SEEL))), "String Shot", ["heads"])
    assert active(s, 1).damage == 10 and active(s, 1).conditions == ["paralyzed"]


# -- base1-46 Charmander ----------------------------------------------------------------------

def test_base1_46_charmander_ember_discards_fire():
    st = board(seat(mon(CHARMANDER, [FIRE, FIRE])), seat(mon(MACHOP)))
    s = attack(st, "Ember", choices={"cards": ["0:1"]})
    assert active(s, 1).damage == 30
    assert active(s, 0).energy == ["0:2"] and s.seats[0].discard == ["0:1"]
    assert refused(st, "Ember")["rule"] == "R-ATTACK-2"


def test_base1_46_charmander_ember_single_fire_needs_no_choice_and_weakness():
    st = board(seat(mon(CHARMANDER, [FIRE, WATER])), seat(mon(METAPOD, under=[CATERPIE])))
    s = attack(st, "Ember")
    assert active(s, 1).damage == 60                       # Metapod is weak to Fire
    assert active(s, 0).energy == ["0:2"] and s.seats[0].discard == ["0:1"]


def test_base1_46_charmander_scratch_does_10():
    assert active(attack(board(seat(mon(CHARMANDER, [WATER])), seat(mon(MACHOP))), "Scratch"), 1).damage == 10


# -- base1-47 Diglett -------------------------------------------------------------------------

def test_base1_47_diglett_dig_and_mud_slap():
    st = board(seat(mon(DIGLETT, [FIGHTING, FIGHTING])), seat(mon(SEEL)))
    assert active(attack(st, "Dig"), 1).damage == 10
    assert active(attack(st, "Mud Slap"), 1).damage == 30


def test_base1_47_diglett_resists_lightning():
    st = board(seat(mon(PIKACHU, [LIGHTNING, LIGHTNING])), seat(mon(DIGLETT)))
    assert active(attack(st, "Thunder Jolt", ["heads"]), 1).damage == 0


# -- base1-48 Doduo ---------------------------------------------------------------------------

def test_base1_48_doduo_fury_attack_two_coins():
    st = board(seat(mon(DODUO, [WATER])), seat(mon(SEEL)))
    assert active(attack(st, "Fury Attack", ["heads", "heads"]), 1).damage == 20
    assert active(attack(st, "Fury Attack", ["tails", "heads"]), 1).damage == 10
    d = engine.decide(st, 0, {"type": "attack", "attack": "Fury Attack", "choices": {}}, FixedCoins(["heads"]))
    assert not d.legal and d.coin_error


# -- base1-49 Drowzee -------------------------------------------------------------------------

def test_base1_49_drowzee_confuse_ray_and_pound():
    st = board(seat(mon(DROWZEE, [PSYCHIC, PSYCHIC])), seat(mon(SEEL)))
    s = attack(st, "Confuse Ray", ["heads"])
    assert active(s, 1).damage == 10 and active(s, 1).conditions == ["confused"]
    assert active(attack(st, "Confuse Ray", ["tails"]), 1).conditions == []
    assert active(attack(st, "Pound"), 1).damage == 10


# -- base1-50 Gastly --------------------------------------------------------------------------

def test_base1_50_gastly_sleeping_gas():
    st = board(seat(mon(GASTLY, [PSYCHIC])), seat(mon(SEEL)))
    s = attack(st, "Sleeping Gas", ["heads", "tails"])       # second coin: the checkup, stays Asleep
    assert active(s, 1).conditions == ["asleep"] and active(s, 1).damage == 0
    s = attack(st, "Sleeping Gas", ["tails"])
    assert active(s, 1).conditions == []


def destiny_board(gastly_damage=0, conditions=()):
    return board(seat(mon(GASTLY, [PSYCHIC, WATER], damage=gastly_damage, conditions=conditions), bench=[mon(SEEL)]),
                 seat(mon(PONYTA, [FIRE, FIRE]), bench=[mon(SEEL)]))


def test_base1_50_gastly_destiny_bond_knocks_out_the_attacker():
    s = attack(destiny_board(), "Destiny Bond")
    assert s.seats[0].discard == ["0:1"]                  # the Psychic Energy
    assert active(s, 0).energy == ["0:2"]
    assert [e["kind"] for e in active(s, 0).effects] == ["destiny_bond"]
    s = attack(s, "Flame Tail")                            # 30 Knocks Out Gastly (30 HP)
    assert s.seats[0].active is None and s.seats[1].active is None
    assert "1:0" in s.seats[1].discard and "0:0" in s.seats[0].discard
    assert len(s.seats[0].prizes) == 5 and len(s.seats[1].prizes) == 5
    assert s.phase == "promote"


def test_base1_50_gastly_destiny_bond_not_without_knock_out():
    s = attack(attack(destiny_board(), "Destiny Bond"), "Smash Kick")
    assert active(s, 0).damage == 20 and active(s, 1).damage == 0 and active(s, 1).top == "1:0"


def test_base1_50_gastly_destiny_bond_not_triggered_by_poison_between_turns():
    # Poison at the end of Gastly's own turn (the bond is active) Knocks it Out: Ponyta stays.
    s = attack(destiny_board(gastly_damage=20, conditions=["poisoned"]), "Destiny Bond")
    assert s.seats[0].active is None and "0:0" in s.seats[0].discard
    assert active(s, 1).top == "1:0" and active(s, 1).damage == 0
    assert len(s.seats[1].prizes) == 5 and len(s.seats[0].prizes) == 6


def test_base1_50_gastly_destiny_bond_not_triggered_by_poison_after_opponent_turn():
    s = attack(destiny_board(gastly_damage=10, conditions=["poisoned"]), "Destiny Bond")
    assert active(s, 0).damage == 20
    s = end_turn(s)                                        # Beto's turn ends: Poison Knocks Out Gastly
    assert s.seats[0].active is None
    assert active(s, 1).top == "1:0" and len(s.seats[1].prizes) == 5 and len(s.seats[0].prizes) == 6


def test_base1_50_gastly_destiny_bond_ends_after_the_opponent_turn():
    s = attack(destiny_board(), "Destiny Bond")
    s = end_turn(end_turn(s))
    assert active(s, 0).effects == []


def test_base1_50_gastly_destiny_bond_needs_psychic_energy():
    st = board(seat(mon(GASTLY, [PSYCHIC, PSYCHIC])), seat(mon(SEEL)))
    assert refused(st, "Destiny Bond")["rule"] == "R-ATTACK-2"
    assert refused(st, "Destiny Bond", {"cards": ["1:0"]})["rule"] == "R-ATTACK-2"
    assert active(attack(st, "Destiny Bond", choices={"cards": ["0:2"]}), 0).energy == ["0:1"]


# -- base1-51 Koffing -------------------------------------------------------------------------

def test_base1_51_koffing_foul_gas_heads_poison_tails_confusion():
    st = board(seat(mon(KOFFING, [GRASS, GRASS])), seat(mon(SEEL)))
    s = attack(st, "Foul Gas", ["heads"])
    assert active(s, 1).conditions == ["poisoned"] and active(s, 1).damage == 20   # 10 + Poison checkup
    s = attack(st, "Foul Gas", ["tails"])
    assert active(s, 1).conditions == ["confused"] and active(s, 1).damage == 10


# -- base1-52 Machop --------------------------------------------------------------------------

def test_base1_52_machop_low_kick_does_20():
    assert active(attack(board(seat(mon(MACHOP, [FIGHTING])), seat(mon(SEEL))), "Low Kick"), 1).damage == 20


# -- base1-53 Magnemite -----------------------------------------------------------------------

def test_base1_53_magnemite_thunder_wave():
    st = board(seat(mon(MAGNEMITE, [LIGHTNING])), seat(mon(MACHOP)))
    s = attack(st, "Thunder Wave", ["heads"])
    assert active(s, 1).damage == 10 and active(s, 1).conditions == ["paralyzed"]


def test_base1_53_magnemite_selfdestruct_hits_both_benches_and_itself():
    st = board(seat(mon(MAGNEMITE, [LIGHTNING, WATER]), bench=[mon(SEEL), mon(PIKACHU, damage=30)]),
               seat(mon(MACHOP), bench=[mon(SQUIRTLE)]))
    s = attack(st, "Selfdestruct")
    assert active(s, 1).damage == 40
    assert [p.damage for p in s.seats[1].bench] == [10]                 # no Weakness on the Bench
    assert [(p.top, p.damage) for p in s.seats[0].bench] == [("0:3", 10)]  # Pikachu Knocked Out
    assert s.seats[0].active is None and "0:0" in s.seats[0].discard and "0:4" in s.seats[0].discard
    assert len(s.seats[1].prizes) == 4                                     # Magnemite and Pikachu
    assert s.phase == "promote" and s.pending_promotions == [0]


def test_base1_53_magnemite_selfdestruct_double_knock_out():
    st = board(seat(mon(MAGNEMITE, [LIGHTNING, WATER]), bench=[mon(SEEL)]), seat(mon(SQUIRTLE), bench=[mon(SEEL)]))
    s = attack(st, "Selfdestruct")
    assert s.seats[0].active is None and s.seats[1].active is None
    assert len(s.seats[0].prizes) == 5 and len(s.seats[1].prizes) == 5


# -- base1-54 Metapod -------------------------------------------------------------------------

def test_base1_54_metapod_stiffen_prevents_damage_next_turn():
    st = board(seat(mon(METAPOD, [GRASS, GRASS], under=[CATERPIE])), seat(mon(MACHOP, [FIGHTING])))
    s = attack(st, "Stiffen", ["heads"])
    s = attack(s, "Low Kick")
    assert active(s, 0).damage == 0
    s = attack(st, "Stiffen", ["tails"])
    assert active(attack(s, "Low Kick"), 0).damage == 20


def test_base1_54_metapod_stun_spore():
    st = board(seat(mon(METAPOD, [GRASS, GRASS], under=[CATERPIE])), seat(mon(SEEL)))
    s = attack(st, "Stun Spore", ["heads"])
    assert active(s, 1).damage == 20 and active(s, 1).conditions == ["paralyzed"]


# -- base1-55 Nidoran ♂ -----------------------------------------------------------------------

def test_base1_55_nidoran_m_horn_hazard():
    st = board(seat(mon(NIDORAN_M, [GRASS])), seat(mon(SEEL)))
    assert active(attack(st, "Horn Hazard", ["heads"]), 1).damage == 30
    assert active(attack(st, "Horn Hazard", ["tails"]), 1).damage == 0


# -- base1-56 Onix ----------------------------------------------------------------------------

def harden_then(opponent):
    st = board(seat(mon(ONIX, [FIGHTING, FIGHTING])), seat(opponent))
    return attack(st, "Harden")


def test_base1_56_onix_harden_prevents_30():
    s = attack(harden_then(mon(PONYTA, [FIRE, FIRE])), "Flame Tail")
    assert active(s, 0).damage == 0


def test_base1_56_onix_harden_lets_40_through():
    # Leech Seed: 20, ×2 for Onix's Grass Weakness = 40 (Harden counts after Weakness)
    s = attack(harden_then(mon(BULBASAUR, [GRASS, GRASS])), "Leech Seed")
    assert active(s, 0).damage == 40


def test_base1_56_onix_harden_ends_after_the_opponent_turn():
    s = end_turn(end_turn(harden_then(mon(PONYTA, [FIRE, FIRE]))))
    assert active(attack(s, "Flame Tail"), 0).damage == 30


def test_base1_56_onix_rock_throw_does_10():
    assert active(attack(board(seat(mon(ONIX, [FIGHTING])), seat(mon(SEEL))), "Rock Throw"), 1).damage == 10


# -- base1-57 Pidgey --------------------------------------------------------------------------

def whirlwind_board(bench):
    return board(seat(mon(PIDGEY, [WATER, WATER])), seat(mon(MACHOP), bench=bench))


def test_base1_57_pidgey_whirlwind_damage_then_opponent_chosen_switch():
    st = whirlwind_board([mon(SEEL), mon(SQUIRTLE)])
    assert attack_options(st, "Whirlwind") == [{"pokemon": ["1:1"]}, {"pokemon": ["1:2"]}]
    s = attack(st, "Whirlwind", choices={"pokemon": ["1:2"]})
    assert active(s, 1).top == "1:2" and active(s, 1).damage == 0
    assert [(p.top, p.damage) for p in s.seats[1].bench] == [("1:1", 0), ("1:0", 10)]


def test_base1_57_pidgey_whirlwind_refuses_a_wrong_choice():
    st = whirlwind_board([mon(SEEL), mon(SQUIRTLE)])
    assert refused(st, "Whirlwind", {"pokemon": ["0:0"]})["rule"] == "R-ATTACK-2"
    assert refused(st, "Whirlwind")["rule"] == "R-ATTACK-2"


def test_base1_57_pidgey_whirlwind_single_bench_and_no_bench():
    s = attack(whirlwind_board([mon(SEEL)]), "Whirlwind")
    assert active(s, 1).top == "1:1"
    s = attack(whirlwind_board([]), "Whirlwind")
    assert active(s, 1).top == "1:0" and active(s, 1).damage == 10


def test_base1_57_pidgey_whirlwind_no_switch_when_knocked_out():
    st = board(seat(mon(PIDGEY, [WATER, WATER])), seat(mon(MACHOP, damage=40), bench=[mon(SEEL), mon(SQUIRTLE)]))
    s = attack(st, "Whirlwind", choices={"pokemon": ["1:2"]})
    assert s.seats[1].active is None and s.phase == "promote" and s.pending_promotions == [1]
    assert [p.top for p in s.seats[1].bench] == ["1:1", "1:2"]


# -- base1-58 Pikachu -------------------------------------------------------------------------

def test_base1_58_pikachu_thunder_jolt():
    st = board(seat(mon(PIKACHU, [LIGHTNING, WATER])), seat(mon(MACHOP)))
    s = attack(st, "Thunder Jolt", ["heads"])
    assert active(s, 1).damage == 30 and active(s, 0).damage == 0
    s = attack(st, "Thunder Jolt", ["tails"])
    assert active(s, 1).damage == 30 and active(s, 0).damage == 10
    assert active(attack(st, "Gnaw"), 1).damage == 10


# -- base1-59 Poliwag -------------------------------------------------------------------------

@pytest.mark.parametrize("energy, expected", [([WATER], 10), ([WATER, WATER], 20), ([WATER, WATER, WATER], 30),
                                              ([WATER] * 4, 30), ([WATER, FIRE, FIRE], 10)])
def test_base1_59_poliwag_water_gun(energy, expected):
    s = attack(board(seat(mon(POLIWAG, energy)), seat(mon(MACHOP))), "Water Gun")
    assert active(s, 1).damage == expected


# -- base1-60 Ponyta --------------------------------------------------------------------------

def test_base1_60_ponyta_smash_kick_and_flame_tail():
    st = board(seat(mon(PONYTA, [FIRE, FIRE])), seat(mon(MACHOP)))
    assert active(attack(st, "Smash Kick"), 1).damage == 20
    assert active(attack(st, "Flame Tail"), 1).damage == 30


# -- base1-61 Rattata -------------------------------------------------------------------------

def test_base1_61_rattata_bite_does_20():
    assert active(attack(board(seat(mon(RATTATA, [WATER])), seat(mon(SEEL))), "Bite"), 1).damage == 20


# -- base1-62 Sandshrew -----------------------------------------------------------------------

def sand_attacked():
    st = board(seat(mon(SANDSHREW, [FIGHTING])), seat(mon(MACHOP, [FIGHTING])))
    s = attack(st, "Sand-attack")
    assert active(s, 1).damage == 10
    assert [e["kind"] for e in active(s, 1).effects] == ["attack_may_fail"]
    return s


def test_base1_62_sandshrew_sand_attack_tails_does_nothing():
    s = attack(sand_attacked(), "Low Kick", ["tails"])
    assert active(s, 0).damage == 0


def test_base1_62_sandshrew_sand_attack_heads_attack_goes_on():
    s = attack(sand_attacked(), "Low Kick", ["heads"])
    assert active(s, 0).damage == 20


def test_base1_62_sandshrew_sand_attack_lasts_one_turn():
    s = end_turn(end_turn(sand_attacked()))
    assert active(s, 1).effects == []
    assert active(attack(s, "Low Kick"), 0).damage == 20      # no coin needed


# -- base1-63 Squirtle ------------------------------------------------------------------------

def test_base1_63_squirtle_bubble():
    s = attack(board(seat(mon(SQUIRTLE, [WATER])), seat(mon(MACHOP))), "Bubble", ["heads"])
    assert active(s, 1).damage == 10 and active(s, 1).conditions == ["paralyzed"]


def test_base1_63_squirtle_withdraw():
    st = board(seat(mon(SQUIRTLE, [WATER, WATER])), seat(mon(MACHOP, [FIGHTING])))
    assert active(attack(attack(st, "Withdraw", ["heads"]), "Low Kick"), 0).damage == 0
    assert active(attack(attack(st, "Withdraw", ["tails"]), "Low Kick"), 0).damage == 20


# -- base1-64 Starmie -------------------------------------------------------------------------

def test_base1_64_starmie_recover_discards_water_and_heals_all():
    st = board(seat(mon(STARMIE, [WATER, WATER], under=[STARYU], damage=50)), seat(mon(MACHOP)))
    # Starmie 0:0, Staryu 0:1, Water 0:2, 0:3
    assert attack_options(st, "Recover") == [{"cards": ["0:2"]}, {"cards": ["0:3"]}]
    s = attack(st, "Recover", choices={"cards": ["0:3"]})
    assert active(s, 0).damage == 0 and active(s, 0).energy == ["0:2"] and s.seats[0].discard == ["0:3"]
    assert active(s, 1).damage == 0
    assert refused(st, "Recover", {"cards": ["0:1"]})["rule"] == "R-ATTACK-2"


def test_base1_64_starmie_star_freeze():
    st = board(seat(mon(STARMIE, [WATER, WATER, WATER], under=[STARYU])), seat(mon(MACHOP)))
    s = attack(st, "Star Freeze", ["heads"])
    assert active(s, 1).damage == 20 and active(s, 1).conditions == ["paralyzed"]


# -- base1-65 Staryu --------------------------------------------------------------------------

def test_base1_65_staryu_slap_does_20():
    assert active(attack(board(seat(mon(STARYU, [WATER])), seat(mon(MACHOP))), "Slap"), 1).damage == 20


# -- base1-66 Tangela -------------------------------------------------------------------------

def test_base1_66_tangela_bind_and_poisonpowder():
    st = board(seat(mon(TANGELA, [GRASS, GRASS, GRASS])), seat(mon(SEEL)))
    s = attack(st, "Bind", ["heads"])
    assert active(s, 1).damage == 20 and active(s, 1).conditions == ["paralyzed"]
    s = attack(st, "Poisonpowder")
    assert active(s, 1).conditions == ["poisoned"] and active(s, 1).damage == 30   # 20 + Poison


# -- base1-67 Voltorb -------------------------------------------------------------------------

def test_base1_67_voltorb_tackle_does_10():
    assert active(attack(board(seat(mon(VOLTORB, [WATER])), seat(mon(MACHOP))), "Tackle"), 1).damage == 10


# -- base1-68 Vulpix --------------------------------------------------------------------------

def test_base1_68_vulpix_confuse_ray():
    st = board(seat(mon(VULPIX, [FIRE, FIRE])), seat(mon(MACHOP)))
    s = attack(st, "Confuse Ray", ["heads"])
    assert active(s, 1).damage == 10 and active(s, 1).conditions == ["confused"]


# -- base1-69 Weedle --------------------------------------------------------------------------

def test_base1_69_weedle_poison_sting():
    st = board(seat(mon(WEEDLE, [GRASS])), seat(mon(SEEL)))
    s = attack(st, "Poison Sting", ["heads"])
    assert active(s, 1).conditions == ["poisoned"] and active(s, 1).damage == 20
    s = attack(st, "Poison Sting", ["tails"])
    assert active(s, 1).conditions == [] and active(s, 1).damage == 10


# -- the whole range --------------------------------------------------------------------------

def test_every_card_in_range_is_implemented_and_described():
    from projections.tcg.carddb import card
    for n in range(35, 70):
        if n == 42:
            continue
        c = card(f"base1-{n}")
        assert c.implemented, c.id
        for a in c.attacks:
            assert all(e.describe() for e in a.effects), (c.id, a.name)


# -- base1-42 Wartortle -----------------------------------------------------------------------

def test_base1_42_wartortle_withdraw_prevents_damage_only_on_heads():
    st = board(seat(mon("base1-42", [WATER, WATER], under=[SQUIRTLE])), seat(mon(MACHOP, [FIGHTING])))
    assert active(attack(attack(st, "Withdraw", ["heads"]), "Low Kick"), 0).damage == 0
    assert active(attack(attack(st, "Withdraw", ["tails"]), "Low Kick"), 0).damage == 20


def test_base1_42_wartortle_bite_does_40():
    st = board(seat(mon("base1-42", [WATER, WATER, WATER], under=[SQUIRTLE])), seat(mon(MACHOP)))
    assert active(attack(st, "Bite"), 1).damage == 40
