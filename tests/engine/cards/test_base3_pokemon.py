"""Fossil Pokémon attacks (base3_pokemon.py): a board per attack that has its own logic, exact
outcomes, coins fixed with FixedCoins; the attacks that are data over a tested word are checked to
have compiled to that word. Seat 0 (Ana) attacks; the returned state is Beto's next turn.
"""
import pytest
from engine_helpers import (
    CHARMANDER,
    FIGHTING,
    FIRE,
    GRASS,
    HITMONCHAN,
    MACHOP,
    PSYCHIC,
    WATER,
    act,
    attack,
    board,
    end_turn,
    mon,
    refuse,
    said,
    seat,
)

from projections.tcg import carddb
from projections.tcg.cards.effects import (
    BenchDamage,
    ChosenBenchDamage,
    CoinsTimes,
    DefendingAttackMayFail,
    DiscardDefendingEnergy,
    ExtraEnergyBonus,
    Flip,
    Inflict,
    PerOwnCounter,
    PreventDamageNextTurn,
    SelfDamage,
    TailsDoesNothing,
)
from projections.tcg.legal import legal_actions

LIGHTNING = "base1-100"
ARTICUNO, HITMONLEE, HYPNO, KABUTOPS, MAGNETON, MOLTRES, ZAPDOS = (
    "base3-2", "base3-7", "base3-8", "base3-9", "base3-11", "base3-12", "base3-15")
ARBOK, CLOYSTER, GASTLY, GOLBAT, GEODUDE, GRIMER, KRABBY, PSYDUCK, SLOWPOKE = (
    "base3-31", "base3-32", "base3-33", "base3-34", "base3-47", "base3-48", "base3-51", "base3-53", "base3-55")
EKANS, SHELLDER, ZUBAT, DROWZEE, MAGNEMITE, KABUTO, FOSSIL = (
    "base3-46", "base3-54", "base3-57", "base1-49", "base1-53", "base3-50", "base3-62")
LAPRAS, AERODACTYL, POTION, BILL = "base3-10", "base3-1", "base1-94", "base1-91"


def kinds(card_id, attack_name):
    return [type(e) for e in carddb.card(card_id).attack(attack_name).effects]


# -- pure data over tested words ------------------------------------------------------------

DATA = [
    ("base3-2", "Freeze Dry", [Flip]), ("base3-4", "Slam", [CoinsTimes]), ("base3-5", "Dark Mind", [ChosenBenchDamage]),
    ("base3-6", "Nightmare", [Inflict]), ("base3-8", "Dark Mind", [ChosenBenchDamage]),
    ("base3-10", "Water Gun", [ExtraEnergyBonus]), ("base3-10", "Confuse Ray", [Flip]),
    ("base3-11", "Selfdestruct", [BenchDamage, SelfDamage]), ("base3-12", "Dive Bomb", [TailsDoesNothing]),
    ("base3-13", "Sludge", [Flip]), ("base3-14", "Gigashock", [ChosenBenchDamage]),
    ("base3-31", "Poison Fang", [Inflict]), ("base3-32", "Spike Cannon", [CoinsTimes]), ("base3-33", "Lick", [Flip]),
    ("base3-35", "Psyshock", [Flip]), ("base3-35", "Hyper Beam", [DiscardDefendingEnergy]),
    ("base3-36", "Selfdestruct", [BenchDamage, SelfDamage]), ("base3-37", "Harden", [PreventDamageNextTurn]),
    ("base3-38", "Flail", [PerOwnCounter]), ("base3-39", "Smokescreen", [DefendingAttackMayFail]),
    ("base3-39", "Smog", [Flip]), ("base3-40", "Water Gun", [ExtraEnergyBonus]),
    ("base3-40", "Spike Cannon", [CoinsTimes]), ("base3-41", "Fury Swipes", [CoinsTimes]),
    ("base3-42", "Water Gun", [ExtraEnergyBonus]), ("base3-42", "Agility", [Flip]), ("base3-43", "Psyshock", [Flip]),
    ("base3-44", "Supersonic", [Flip]), ("base3-44", "Jellyfish Sting", [Inflict]), ("base3-45", "Smog", [Flip]),
    ("base3-45", "Selfdestruct", [BenchDamage, SelfDamage]), ("base3-46", "Spit Poison", [Flip]),
    ("base3-46", "Wrap", [Flip]), ("base3-48", "Nasty Goo", [Flip]),
    ("base3-49", "Smokescreen", [DefendingAttackMayFail]),
    ("base3-52", "Water Gun", [ExtraEnergyBonus]), ("base3-53", "Fury Swipes", [CoinsTimes]),
    ("base3-54", "Supersonic", [Flip]), ("base3-54", "Hide in Shell", [Flip]), ("base3-57", "Supersonic", [Flip]),
]


@pytest.mark.parametrize("card_id,name,expected", DATA)
def test_attacks_that_are_data_compile_to_their_words(card_id, name, expected):
    assert kinds(card_id, name) == expected


def test_the_numbers_in_the_data_lines():
    assert carddb.card("base3-14").attack("Gigashock").effects[0].count == 3
    assert carddb.card("base3-41").attack("Fury Swipes").effects[0].coins == 3
    harden = carddb.card("base3-37").attack("Harden").effects[0]
    assert (harden.kind, harden.amount) == ("prevent_damage_at_most", 30)
    sd = carddb.card("base3-45").attack("Selfdestruct").effects
    assert (sd[0].amount, sd[0].benches, sd[1].amount) == (10, "both", 60)
    assert carddb.card("base3-11").attack("Selfdestruct").effects[1].amount == 100


def test_the_non_holo_prints_are_the_same_cards_as_the_holos():
    for n in range(1, 16):
        holo, print_ = carddb.card(f"base3-{n}"), carddb.card(f"base3-{n + 15}")
        assert holo.name == print_.name
        assert [a.effects for a in holo.attacks] == [a.effects for a in print_.attacks]
        assert (holo.power and holo.power.effect) is (print_.power and print_.power.effect)


# -- attacks with their own logic ------------------------------------------------------------

def test_articuno_blizzard_heads_hits_the_opponents_bench_tails_its_own():
    st = board(seat(mon(ARTICUNO, energy=[WATER] * 4), bench=[mon(MACHOP)]),
               seat(mon(HITMONCHAN), bench=[mon(CHARMANDER)]))
    d = attack(st, 0, "Blizzard", coins=["heads"])
    assert d.state.seats[1].active.damage == 50 and d.state.seats[1].bench[0].damage == 10
    assert d.state.seats[0].bench[0].damage == 0
    d = attack(st, 0, "Blizzard", coins=["tails"])
    assert d.state.seats[1].bench[0].damage == 0 and d.state.seats[0].bench[0].damage == 10


def test_hitmonlee_stretch_kick_hits_only_the_chosen_benched_pokemon():
    st = board(seat(mon(HITMONLEE, energy=[FIGHTING] * 2)),
               seat(mon(HITMONCHAN), bench=[mon(CHARMANDER), mon(MACHOP)]))
    target = st.seats[1].bench[1].top
    d = attack(st, 0, "Stretch Kick", choices={"pokemon": [target]})
    assert d.state.seats[1].active.damage == 0 and d.state.seats[1].bench[1].damage == 20
    assert d.state.seats[1].bench[0].damage == 0


def test_hypno_prophecy_shows_the_top_3_then_puts_them_back_in_the_chosen_order():
    deck = [FIRE, WATER, GRASS, FIGHTING, FIGHTING]
    st = board(seat(mon(HYPNO, under=[DROWZEE], energy=[PSYCHIC]), deck=deck), seat(mon(HITMONCHAN), deck=deck))
    d = attack(st, 0, "Prophecy", choices={"deck": "opponent"})
    pending = d.state.pending
    assert pending["seat"] == 0 and [d.state.instances[i] for i in pending["look"]] == [FIRE, WATER, GRASS]
    order = list(reversed(pending["look"]))
    assert {"type": "choose", "choices": {"order": order}} in legal_actions(d.state, 0)
    d2 = act(d.state, 0, {"type": "choose", "choices": {"order": order}})
    # Beto draws the new top card (Grass) at the start of the turn; Water and Fire follow
    assert [d2.state.instances[i] for i in d2.state.seats[1].hand][-1] == GRASS
    assert [d2.state.instances[i] for i in d2.state.seats[1].deck[:3]] == [WATER, FIRE, FIGHTING]


def test_kabutops_absorb_heals_half_the_damage_done_rounded_up():
    kabutops = mon(KABUTOPS, under=[FOSSIL, KABUTO], energy=[FIGHTING] * 4, damage=50)
    st = board(seat(kabutops), seat(mon(HITMONCHAN)))
    d = attack(st, 0, "Absorb")                        # 40 done → 20 healed
    assert d.state.seats[1].active.damage == 40 and d.state.seats[0].active.damage == 30
    st = board(seat(kabutops), seat(mon(AERODACTYL, under=[FOSSIL])))
    d = attack(st, 0, "Absorb")                        # Aerodactyl resists Fighting: 10 done → 10 healed
    assert d.state.seats[1].active.damage == 10 and d.state.seats[0].active.damage == 40


def test_golbat_leech_life_heals_the_damage_done():
    st = board(seat(mon(GOLBAT, under=[ZUBAT], energy=[GRASS] * 3, damage=30)), seat(mon(HITMONCHAN)))
    d = attack(st, 0, "Leech Life")
    assert d.state.seats[1].active.damage == 20 and d.state.seats[0].active.damage == 10


def test_magneton_sonicboom_ignores_weakness():
    st = board(seat(mon(MAGNETON, under=[MAGNEMITE], energy=[LIGHTNING] * 2)), seat(mon(LAPRAS)))
    d = attack(st, 0, "Sonicboom")
    assert d.state.seats[1].active.damage == 20
    said(d, "Weakness ignored")


def test_moltres_wildfire_discards_fire_then_that_many_from_the_opponents_deck():
    st = board(seat(mon(MOLTRES, energy=[FIRE] * 3)), seat(mon(HITMONCHAN), deck=[GRASS] * 5))
    fires = st.seats[0].active.energy[:2]
    d = attack(st, 0, "Wildfire", choices={"cards": fires})
    assert len(d.state.seats[0].active.energy) == 1
    assert len(d.state.seats[1].discard) == 2 and len(d.state.seats[1].deck) == 5 - 2 - 1   # 2 milled, 1 drawn
    confused = board(seat(mon(MOLTRES, energy=[FIRE] * 3, conditions=["confused"])),
                     seat(mon(HITMONCHAN), deck=[GRASS] * 5))
    d = attack(confused, 0, "Wildfire", coins=["tails"], choices={"cards": fires})
    assert len(d.state.seats[0].active.energy) == 1 and d.state.seats[1].discard == []


def test_zapdos_thunderstorm_flips_per_benched_pokemon_and_hurts_itself_per_tails():
    st = board(seat(mon(ZAPDOS, energy=[LIGHTNING] * 4)),
               seat(mon(HITMONCHAN), bench=[mon(CHARMANDER), mon(MACHOP)]))
    d = attack(st, 0, "Thunderstorm", coins=["heads", "tails"])
    assert d.state.seats[1].active.damage == 40
    assert [p.damage for p in d.state.seats[1].bench] == [20, 0]
    assert d.state.seats[0].active.damage == 10


def test_arbok_terror_strike_heads_switches_in_the_opponents_choice_tails_nothing():
    st = board(seat(mon(ARBOK, under=[EKANS], energy=[GRASS])),
               seat(mon(HITMONCHAN), bench=[mon(CHARMANDER), mon(MACHOP)]))
    machop = st.seats[1].bench[1].top
    d = attack(st, 0, "Terror Strike", coins=["heads"], choices={"pokemon": [machop]})
    assert d.state.seats[1].active.top == machop
    d = attack(st, 0, "Terror Strike", coins=["tails"], choices={"pokemon": [machop]})
    assert d.state.seats[1].active.top == st.seats[1].active.top
    refuse(st, 0, {"type": "attack", "attack": "Terror Strike", "choices": {"pokemon": ["nope"]}}, "R-ATTACK-2")


def test_cloyster_clamp_tails_does_nothing_at_all():
    st = board(seat(mon(CLOYSTER, under=[SHELLDER], energy=[WATER] * 2)), seat(mon(HITMONCHAN)))
    d = attack(st, 0, "Clamp", coins=["heads"])
    assert d.state.seats[1].active.damage == 30 and d.state.seats[1].active.conditions == ["paralyzed"]
    d = attack(st, 0, "Clamp", coins=["tails"])
    assert d.state.seats[1].active.damage == 0


def test_gastly_energy_conversion_takes_up_to_2_energy_and_hurts_itself():
    st = board(seat(mon(GASTLY, energy=[PSYCHIC] * 2), discard=[FIRE, WATER, BILL]), seat(mon(HITMONCHAN)))
    fire = st.seats[0].discard[0]
    d = attack(st, 0, "Energy Conversion", choices={"cards": [fire]})
    assert fire in d.state.seats[0].hand and d.state.seats[0].active.damage == 10
    refuse(st, 0, {"type": "attack", "attack": "Energy Conversion", "choices": {"cards": st.seats[0].discard}},
           "R-ATTACK-2")


def test_geodude_stone_barrage_flips_until_tails():
    st = board(seat(mon(GEODUDE, energy=[FIGHTING] * 2)), seat(mon(HITMONCHAN)))
    d = attack(st, 0, "Stone Barrage", coins=["heads", "heads", "tails"])
    assert d.state.seats[1].active.damage == 20


def test_grimer_minimize_takes_20_less_next_turn():
    st = board(seat(mon(GRIMER, energy=[GRASS])), seat(mon(HITMONCHAN, energy=[FIGHTING] * 3)))
    d = attack(st, 0, "Minimize")
    d = attack(d.state, 1, "Special Punch")
    assert d.state.seats[0].active.damage == 20


def test_R_BENCH_1_krabby_call_for_family_is_refused_with_a_full_bench_and_benches_a_krabby():
    full = board(seat(mon(KRABBY, energy=[WATER]), bench=[mon(MACHOP)] * 5, deck=[KRABBY]), seat(mon(HITMONCHAN)))
    refuse(full, 0, {"type": "attack", "attack": "Call for Family", "choices": {}}, "R-BENCH-1")
    st = board(seat(mon(KRABBY, energy=[WATER]), deck=[KRABBY, FIRE]), seat(mon(HITMONCHAN)))
    krabby = st.seats[0].deck[0]
    d = attack(st, 0, "Call for Family", choices={"search": [krabby]})
    assert [p.top for p in d.state.seats[0].bench] == [krabby]


def test_R_TRAINER_1_psyduck_headache_stops_the_opponents_trainers_next_turn_only():
    st = board(seat(mon(PSYDUCK, energy=[PSYCHIC])), seat(mon(HITMONCHAN, damage=20), hand=[POTION, FOSSIL]))
    d = attack(st, 0, "Headache")
    potion, fossil = d.state.seats[1].hand[0], d.state.seats[1].hand[1]
    refuse(d.state, 1, {"type": "play_trainer", "card": potion, "targets": [], "choices": {}}, "R-TRAINER-1",
           contains="Headache")
    refuse(d.state, 1, {"type": "play_trainer", "card": fossil, "targets": [], "choices": {}}, "R-TRAINER-1")
    d = end_turn(d.state, 1)
    d = end_turn(d.state, 0)
    d = act(d.state, 1, {"type": "play_trainer", "card": potion, "targets": [], "choices": {}})


def test_R_ATTACK_1_slowpoke_spacing_out_needs_a_damage_counter():
    st = board(seat(mon(SLOWPOKE, energy=[PSYCHIC])), seat(mon(HITMONCHAN)))
    refuse(st, 0, {"type": "attack", "attack": "Spacing Out", "choices": {}}, "R-ATTACK-1")
    st = board(seat(mon(SLOWPOKE, energy=[PSYCHIC], damage=20)), seat(mon(HITMONCHAN)))
    d = attack(st, 0, "Spacing Out", coins=["heads"])
    assert d.state.seats[0].active.damage == 10


def test_slowpoke_scavenge_discards_psychic_and_takes_a_trainer():
    st = board(seat(mon(SLOWPOKE, energy=[PSYCHIC] * 2), discard=[BILL, FIRE]), seat(mon(HITMONCHAN)))
    bill = st.seats[0].discard[0]
    d = attack(st, 0, "Scavenge", choices={"cards": st.seats[0].active.energy[:1]})
    assert bill in d.state.seats[0].hand and len(d.state.seats[0].active.energy) == 1
