"""Fossil's Pokémon Powers (base3_powers.py): one board per power, several for the ones that reach
every other power and evolution (Toxic Gas, Prehistoric Power, Transform), tested against the
Base Set's powers too. Exact outcomes; coins fixed with FixedCoins.
"""
from engine_helpers import (
    CHARMANDER,
    DCE,
    DEFENDER,
    FIGHTING,
    FIRE,
    HITMONCHAN,
    MACHOP,
    WATER,
    act,
    attack,
    board,
    mon,
    refuse,
    said,
    seat,
)

from projections.tcg.legal import legal_actions
from projections.tcg.view import view_state
from tests.engine.cards.fixtures import use

AERODACTYL, DITTO, DRAGONITE, GENGAR, HAUNTER, MUK = (
    "base3-1", "base3-3", "base3-4", "base3-5", "base3-6", "base3-13")
SLOWBRO, SLOWPOKE, KABUTO, OMANYTE, TENTACOOL, FOSSIL = (
    "base3-43", "base3-55", "base3-50", "base3-52", "base3-56", "base3-62")
BLASTOISE, WARTORTLE, SQUIRTLE, MACHAMP, MACHOKE = "base1-2", "base1-42", "base1-63", "base1-8", "base1-34"
ALAKAZAM, KADABRA, ABRA, CHARMELEON = "base1-1", "base1-32", "base1-43", "base1-24"
BREEDER, DRAGONAIR, DRATINI, GASTLY1, HAUNTER1 = "base1-76", "base1-18", "base1-26", "base1-50", "base1-29"
GRIMER3 = "base3-48"


def power(state, pokemon, name, seat_no=0, coins=(), **choices):
    return act(state, seat_no, {"type": "use_power", "pokemon": pokemon, "power": name, "choices": choices}, coins)


# -- Aerodactyl: Prehistoric Power -------------------------------------------------------------

def _evolve_board(aero_conditions=(), muk=False):
    aero = mon(AERODACTYL, under=[FOSSIL], conditions=list(aero_conditions))
    bench = [mon(MUK, under=[GRIMER3])] if muk else []
    return board(seat(mon(CHARMANDER), hand=[CHARMELEON, BREEDER, "base1-4"]),
                 seat(aero, bench=bench))


def test_R_EVOLVE_1_prehistoric_power_stops_every_evolution_card_of_both_players():
    st = _evolve_board()
    evo = {"type": "evolve", "card": st.seats[0].hand[0], "target": st.seats[0].active.top}
    refuse(st, 0, evo, "R-EVOLVE-1", contains="Prehistoric Power")
    breeder = {"type": "play_trainer", "card": st.seats[0].hand[1], "targets": [st.seats[0].active.top],
               "choices": {"cards": [st.seats[0].hand[2]]}}
    refuse(st, 0, breeder, "R-EVOLVE-1", contains="Prehistoric Power")
    assert not [a for a in legal_actions(st, 0) if a["type"] == "evolve"]


def test_R_EVOLVE_1_prehistoric_power_stops_working_while_aerodactyl_is_asleep_or_under_toxic_gas():
    for st in (_evolve_board(["asleep"]), _evolve_board(muk=True)):
        evo = {"type": "evolve", "card": st.seats[0].hand[0], "target": st.seats[0].active.top}
        d = act(st, 0, evo)
        assert d.state.seats[0].active.top == st.seats[0].hand[0]


# -- Muk: Toxic Gas ---------------------------------------------------------------------------------

def test_R_POWER_1_toxic_gas_stops_base_set_powers_of_both_players_and_lets_them_work_when_muk_sleeps():
    hand = [WATER]
    mine = mon(BLASTOISE, under=[SQUIRTLE, WARTORTLE])
    for muk_seat in (0, 1):
        muk = mon(MUK, under=[GRIMER3])
        s0 = seat(mine, bench=[muk] if muk_seat == 0 else [], hand=hand)
        s1 = seat(mon(HITMONCHAN), bench=[muk] if muk_seat == 1 else [])
        st = board(s0, s1)
        blastoise = st.seats[0].active.top
        refuse(st, 0, use(blastoise, "Rain Dance", cards=[st.seats[0].hand[0]], to=blastoise), "R-POWER-1",
               contains="Toxic Gas")
        assert not [a for a in legal_actions(st, 0) if a["type"] == "use_power"]
    # Muk Asleep: its power stops, Rain Dance works again
    st = board(seat(mine, hand=hand), seat(mon(MUK, under=[GRIMER3], conditions=["asleep"])))
    blastoise = st.seats[0].active.top
    d = power(st, blastoise, "Rain Dance", cards=[st.seats[0].hand[0]], to=blastoise)
    assert len(d.state.seats[0].active.energy) == 1


def test_R_POWER_1_toxic_gas_silences_a_passive_power_strikes_back():
    machamp = mon(MACHAMP, under=[MACHOP, MACHOKE])
    attacker = mon(HITMONCHAN, energy=[FIGHTING])
    st = board(seat(attacker, bench=[mon(MUK, under=[GRIMER3])]), seat(machamp))
    d = attack(st, 0, "Jab")
    assert d.state.seats[1].active.damage == 20 and d.state.seats[0].active.damage == 0
    st = board(seat(attacker), seat(machamp))
    d = attack(st, 0, "Jab")
    assert d.state.seats[0].active.damage == 10       # Strikes Back without Toxic Gas


def test_toxic_gas_leaves_another_toxic_gas_working():
    st = board(seat(mon(MUK, under=[GRIMER3]), bench=[mon(MUK, under=[GRIMER3])]),
               seat(mon(HITMONCHAN)))
    from projections.tcg import hooks
    found = hooks.listeners(st, "can_use_power")
    assert len(found) == 2


# -- Ditto: Transform -------------------------------------------------------------------------------

def test_transform_copies_the_defending_pokemons_card_and_pays_with_any_energy():
    st = board(seat(mon(DITTO, energy=[WATER, WATER, WATER])), seat(mon(HITMONCHAN)))
    ditto = st.seats[0].active
    assert st.hp(ditto) == 70
    names = sorted({a["attack"] for a in legal_actions(st, 0) if a["type"] == "attack"})
    assert names == ["Jab", "Special Punch"]
    d = attack(st, 0, "Special Punch")                 # F F C paid with Water Energy
    assert d.state.seats[1].active.damage == 40


def test_transform_weakness_type_and_retreat_are_the_defending_pokemons():
    from projections.tcg import hooks
    from projections.tcg.actions import retreat_cost
    st = board(seat(mon(DITTO)), seat(mon(CHARMANDER)))
    ditto = st.seats[0].active
    assert hooks.weakness(st, ditto) == "Water" and hooks.pokemon_type(st, ditto) == "Fire"
    assert retreat_cost(st, ditto) == 1 and hooks.resistance(st, ditto) is None


def test_transform_is_itself_on_the_bench_asleep_or_under_toxic_gas():
    from projections.tcg import hooks
    for st in (board(seat(mon(MACHOP), bench=[mon(DITTO)]), seat(mon(CHARMANDER))),
               board(seat(mon(DITTO, conditions=["asleep"])), seat(mon(CHARMANDER))),
               board(seat(mon(DITTO), bench=[mon(MUK, under=[GRIMER3])]), seat(mon(CHARMANDER)))):
        ditto = next(p for p in st.seats[0].in_play() if st.instances[p.top] == DITTO)
        assert st.hp(ditto) == 50 and hooks.weakness(st, ditto) == "Fighting"
        assert hooks.pokemon_type(st, ditto) == "Colorless"


def test_transform_an_attack_copied_from_the_defending_pokemon_hits_with_its_type():
    # Ditto copies Charmander (Fire): its Scratch is a Fire attack, doubled against Grass-weak? no:
    # against Charmander itself (weak Water) Scratch does 10
    st = board(seat(mon(DITTO, energy=[FIGHTING])), seat(mon(CHARMANDER)))
    d = attack(st, 0, "Scratch")
    assert d.state.seats[1].active.damage == 10
    said(d, "Scratch")


# -- Dragonite: Step In ---------------------------------------------------------------------------

def test_step_in_switches_from_the_bench_once_per_turn_and_not_from_the_active_spot():
    dragonite = mon(DRAGONITE, under=[DRATINI, DRAGONAIR])
    st = board(seat(mon(MACHOP, conditions=["paralyzed"]), bench=[dragonite]), seat(mon(HITMONCHAN)))
    drag = st.seats[0].bench[0].top
    d = power(st, drag, "Step In")
    assert d.state.seats[0].active.top == drag
    assert d.state.seats[0].bench[0].conditions == []       # Machop went to the Bench: no Paralysis
    refuse(d.state, 0, use(drag, "Step In"), "R-POWER-1")     # Active now, and used this turn


# -- Gengar: Curse ----------------------------------------------------------------------------------

def test_curse_moves_a_counter_between_the_opponents_pokemon_even_to_a_knock_out_once_per_turn():
    gengar = mon(GENGAR, under=[GASTLY1, HAUNTER1])
    st = board(seat(mon(MACHOP), bench=[gengar]),
               seat(mon(HITMONCHAN, damage=30), bench=[mon(CHARMANDER, damage=40)]))
    g = st.seats[0].bench[0].top
    src, dst = st.seats[1].active.top, st.seats[1].bench[0].top
    d = power(st, g, "Curse", **{"from": src, "to": dst})
    assert d.state.seats[1].active.damage == 20
    assert d.state.seats[1].bench == []                       # Charmander: 50/50, Knocked Out
    assert len(d.state.seats[0].prizes) == 5
    refuse(d.state, 0, use(g, "Curse", **{"from": src, "to": src}), "R-POWER-1")
    st2 = board(seat(mon(MACHOP), bench=[gengar]), seat(mon(HITMONCHAN, damage=30), bench=[mon(CHARMANDER)]))
    d = power(st2, g, "Curse", **{"from": src, "to": dst})
    refuse(d.state, 0, use(g, "Curse", **{"from": src, "to": dst}), "R-POWER-1", contains="once")


# -- Haunter: Transparency -------------------------------------------------------------------------

def test_transparency_heads_prevents_damage_and_effects_of_the_attack_tails_lets_it_through():
    haunter = mon(HAUNTER, under=[GASTLY1])
    attacker = mon(GRIMER3, energy=[WATER])           # Nasty Goo: 10, heads Paralyzed
    st = board(seat(attacker), seat(haunter))
    d = attack(st, 0, "Nasty Goo", coins=["heads", "heads"])    # Transparency heads, then Nasty Goo's coin
    assert d.state.seats[1].active.damage == 0 and d.state.seats[1].active.conditions == []
    said(d, "Transparency")
    d = attack(st, 0, "Nasty Goo", coins=["tails", "heads"])    # one flip for the whole attack
    assert d.state.seats[1].active.damage == 10 and d.state.seats[1].active.conditions == ["paralyzed"]


def test_transparency_does_nothing_while_haunter_is_asleep():
    st = board(seat(mon(GRIMER3, energy=[WATER])), seat(mon(HAUNTER, under=[GASTLY1], conditions=["asleep"])))
    d = attack(st, 0, "Nasty Goo", coins=["tails", "tails"])    # Nasty Goo, then the Sleep flip
    assert d.state.seats[1].active.damage == 10


# -- Kabuto: Kabuto Armor -------------------------------------------------------------------------

def test_R_DAMAGE_1_kabuto_armor_halves_after_weakness_and_trainer_cards_rounding_down():
    kabuto = mon(KABUTO, under=[FOSSIL])
    st = board(seat(mon(HITMONCHAN, energy=[FIGHTING] * 3)), seat(kabuto))
    d = attack(st, 0, "Special Punch")               # 40, Kabuto: no Weakness to Fighting → 20
    assert d.state.seats[1].active.damage == 20
    said(d, "Kabuto Armor")
    st = board(seat(mon(CHARMANDER, energy=[FIRE])), seat(mon(KABUTO, under=[FOSSIL], attached=[DEFENDER])))
    d = attack(st, 0, "Scratch")                      # 10 − 20 (Defender) → 0: nothing to halve
    assert d.state.seats[1].active.damage == 0


def test_kabuto_armor_halves_damage_from_its_own_players_attack_and_stops_when_asleep():
    magneton_line = mon("base3-11", under=["base1-53"], energy=["base1-100"] * 4)
    st = board(seat(magneton_line, bench=[mon(KABUTO, under=[FOSSIL])]), seat(mon(HITMONCHAN)))
    d = attack(st, 0, "Selfdestruct")                 # 20 to each Benched Pokémon: Kabuto takes 10
    assert d.state.seats[0].bench[0].damage == 10
    st = board(seat(mon(HITMONCHAN, energy=[FIGHTING] * 3)), seat(mon(KABUTO, under=[FOSSIL],
                                                                         conditions=["asleep"])))
    d = attack(st, 0, "Special Punch")
    assert d.state.seats[1].active is None or d.state.seats[1].active.damage >= 30


# -- Omanyte: Clairvoyance ---------------------------------------------------------------------------

def test_clairvoyance_shows_the_opponents_hand_to_omanyte_s_player_only():
    st = board(seat(mon(OMANYTE, under=[FOSSIL]), hand=[WATER]), seat(mon(HITMONCHAN), hand=[FIRE, DCE]))
    mine = view_state(st, "player", 0)
    assert [c["card"] for c in mine["seats"][1]["hand"]] == [FIRE, DCE]
    theirs = view_state(st, "player", 1)
    assert theirs["seats"][0]["hand"] == {"count": 1}
    asleep = board(seat(mon(OMANYTE, under=[FOSSIL], conditions=["asleep"])), seat(mon(HITMONCHAN), hand=[FIRE]))
    assert view_state(asleep, "player", 0)["seats"][1]["hand"] == {"count": 1}


# -- Slowbro: Strange Behavior -----------------------------------------------------------------------

def test_strange_behavior_moves_counters_to_slowbro_but_never_knocks_it_out():
    slowbro = mon(SLOWBRO, under=[SLOWPOKE], damage=40)
    st = board(seat(slowbro, bench=[mon(MACHOP, damage=20)]), seat(mon(HITMONCHAN)))
    sb, machop = st.seats[0].active.top, st.seats[0].bench[0].top
    d = power(st, sb, "Strange Behavior", **{"from": machop})
    assert d.state.seats[0].active.damage == 50 and d.state.seats[0].bench[0].damage == 10
    refuse(d.state, 0, use(sb, "Strange Behavior", **{"from": machop}), "R-POWER-1", contains="Knock Out")


# -- Tentacool: Cowardice ------------------------------------------------------------------------------

def test_cowardice_returns_tentacool_to_the_hand_and_discards_what_was_attached():
    st = board(seat(mon(TENTACOOL, energy=[WATER], entered_turn=1), bench=[mon(MACHOP)]), seat(mon(HITMONCHAN)))
    t = st.seats[0].active.top
    d = power(st, t, "Cowardice")
    assert t in d.state.seats[0].hand and d.state.seats[0].active is None
    assert [d.state.instances[i] for i in d.state.seats[0].discard] == [WATER]
    assert d.state.phase == "promote"


def test_cowardice_refused_the_turn_tentacool_came_into_play_and_as_the_only_pokemon():
    st = board(seat(mon(TENTACOOL, entered_turn=3), bench=[mon(MACHOP)]), seat(mon(HITMONCHAN)))
    refuse(st, 0, use(st.seats[0].active.top, "Cowardice"), "R-POWER-1", contains="came into play")
    st = board(seat(mon(TENTACOOL, entered_turn=1)), seat(mon(HITMONCHAN)))
    refuse(st, 0, use(st.seats[0].active.top, "Cowardice"), "R-POWER-1", contains="only Pokémon")


def test_base1_alakazam_damage_swap_is_refused_under_toxic_gas():
    alakazam = mon(ALAKAZAM, under=[ABRA, KADABRA], damage=20)
    st = board(seat(alakazam, bench=[mon(MACHOP)]), seat(mon(MUK, under=[GRIMER3])))
    a, m = st.seats[0].active.top, st.seats[0].bench[0].top
    refuse(st, 0, use(a, "Damage Swap", **{"from": a, "to": m}), "R-POWER-1", contains="Toxic Gas")
