"""Base Set Pokémon base1-1 … base1-34: one board per card (several for the tricky ones), exact
outcomes, coins fixed with FixedCoins (so each test also proves how many flips an action needs).

Boards come from sandbox positions. Evolved Pokémon get their lower Stages under them
automatically (`poke`). Seat 0 (Ana) acts unless a test says otherwise; an attack ends the turn,
so the returned state is already the opponent's turn, after the between-turns checkup and draw.
"""
import pytest

from projections.tcg import carddb, engine
from projections.tcg.core import provided_energy
from tests.engine.cards.fixtures import (
    BASE_DCE as DCE,
)
from tests.engine.cards.fixtures import (
    BASE_FIGHTING as FIGHTING,
)
from tests.engine.cards.fixtures import (
    BASE_FIRE as FIRE,
)
from tests.engine.cards.fixtures import (
    BASE_GRASS as GRASS,
)
from tests.engine.cards.fixtures import (
    BASE_LIGHTNING as LIGHTNING,
)
from tests.engine.cards.fixtures import (
    BASE_PSYCHIC as PSYCHIC,
)
from tests.engine.cards.fixtures import (
    BASE_WATER as WATER,
)
from tests.engine.cards.fixtures import (
    act,
    attack_choices,
    hit,
    me,
    poke,
    power_choices,
    refused,
    said,
    them,
)
from tests.engine.cards.fixtures import (
    base_board as board,
)
from tests.engine.cards.fixtures import (
    base_side as side,
)

ALAKAZAM, BLASTOISE, CHANSEY, CHARIZARD, CLEFAIRY, GYARADOS, HITMONCHAN, MACHAMP = (
    "base1-1", "base1-2", "base1-3", "base1-4", "base1-5", "base1-6", "base1-7", "base1-8")
MAGNETON, MEWTWO, NIDOKING, NINETALES, POLIWRATH, RAICHU, VENUSAUR, ZAPDOS = (
    "base1-9", "base1-10", "base1-11", "base1-12", "base1-13", "base1-14", "base1-15", "base1-16")
BEEDRILL, DRAGONAIR, DUGTRIO, ELECTABUZZ, ELECTRODE, PIDGEOTTO, ARCANINE, CHARMELEON = (
    "base1-17", "base1-18", "base1-19", "base1-20", "base1-21", "base1-22", "base1-23", "base1-24")
DEWGONG, DRATINI, FARFETCHD, GROWLITHE, HAUNTER, IVYSAUR, JYNX, KADABRA = (
    "base1-25", "base1-26", "base1-27", "base1-28", "base1-29", "base1-30", "base1-31", "base1-32")
KAKUNA, MACHOKE = "base1-33", "base1-34"
CHARMANDER = "base1-46"


# -- helpers ---------------------------------------------------------------------------------


def power(state, pokemon, name, seat_no=0, **choices):
    return act(state, seat_no, {"type": "use_power", "pokemon": pokemon, "power": name, "choices": choices})


# -- base1-1 Alakazam ------------------------------------------------------------------------

def test_base1_1_alakazam_confuse_ray_heads_confuses_and_weakness_doubles():
    st = board(side(poke(ALAKAZAM, [PSYCHIC] * 3)), side(poke(HITMONCHAN)))
    d = hit(st, "Confuse Ray", ["heads"])
    assert them(d).active.damage == 60 and them(d).active.conditions == ["confused"]
    said(d, "Weakness ×2")
    d = hit(st, "Confuse Ray", ["tails"])
    assert them(d).active.damage == 60 and them(d).active.conditions == []


def test_base1_1_alakazam_damage_swap_moves_one_counter_per_use():
    st = board(side(poke(ALAKAZAM, damage=30), bench=[poke(KADABRA)]), side(poke(CHANSEY)))
    alakazam, kadabra = st.seats[0].active.top, st.seats[0].bench[0].top
    assert {"from": alakazam, "to": kadabra} in power_choices(st, "Damage Swap")
    d = power(st, alakazam, "Damage Swap", **{"from": alakazam, "to": kadabra})
    assert me(d).active.damage == 20 and me(d).bench[0].damage == 10
    said(d, "Damage Swap moves 1 damage counter")
    d = power(d.state, alakazam, "Damage Swap", **{"from": [alakazam], "to": [kadabra]})
    assert me(d).active.damage == 10 and me(d).bench[0].damage == 20
    assert d.state.phase == "main" and d.state.seat_to_act == 0     # not an attack: the turn goes on


def test_base1_1_damage_swap_can_not_knock_out():
    st = board(side(poke(ALAKAZAM, damage=30), bench=[poke(DRATINI, damage=30), poke(KADABRA)]),
               side(poke(CHANSEY)))
    alakazam, dratini, kadabra = st.seats[0].active.top, st.seats[0].bench[0].top, st.seats[0].bench[1].top
    msg = refused(st, 0, {"type": "use_power", "pokemon": alakazam, "power": "Damage Swap",
                          "choices": {"from": alakazam, "to": dratini}}, "R-POWER-1")
    assert "Knock Out" in msg
    choices = power_choices(st, "Damage Swap")
    assert {"from": alakazam, "to": dratini} not in choices
    assert {"from": alakazam, "to": kadabra} in choices and {"from": dratini, "to": kadabra} in choices
    # an undamaged Pokémon has nothing to give; the opponent's Pokémon are not yours to use
    refused(st, 0, {"type": "use_power", "pokemon": alakazam, "power": "Damage Swap",
                    "choices": {"from": kadabra, "to": alakazam}}, "R-POWER-1")
    refused(st, 0, {"type": "use_power", "pokemon": alakazam, "power": "Damage Swap",
                    "choices": {"from": alakazam, "to": st.seats[1].active.top}}, "R-POWER-1")


POWER_BOARDS = {
    "base1-1 Damage Swap": (lambda: side(poke(ALAKAZAM, damage=20), bench=[poke(KADABRA)]),
                            lambda s: {"from": s.active.top, "to": s.bench[0].top}),
    "base1-2 Rain Dance": (lambda: side(poke(BLASTOISE), hand=[WATER]),
                           lambda s: {"cards": [s.hand[0]], "to": s.active.top}),
    "base1-4 Energy Burn": (lambda: side(poke(CHARIZARD, [DCE])), lambda s: {}),
    "base1-15 Energy Trans": (lambda: side(poke(VENUSAUR, [GRASS]), bench=[poke(IVYSAUR)]),
                              lambda s: {"cards": [s.active.energy[0]], "to": s.bench[0].top}),
    "base1-21 Buzzap": (lambda: side(poke(ELECTRODE), bench=[poke(DRATINI)]),
                        lambda s: {"to": s.bench[0].top, "type": "Water"}),
}


@pytest.mark.parametrize("condition", ["asleep", "confused", "paralyzed"])
@pytest.mark.parametrize("which", sorted(POWER_BOARDS))
def test_base1_1_2_4_15_21_powers_refused_while_asleep_confused_or_paralyzed(which, condition):
    make_side, make_choices = POWER_BOARDS[which]
    name = which.split(" ", 1)[1]
    ok = board(make_side(), side(poke(CHANSEY)))
    action = {"type": "use_power", "pokemon": ok.seats[0].active.top, "power": name,
              "choices": make_choices(ok.seats[0])}
    act(ok, 0, action)                                          # fine without a condition
    bad_side = make_side()
    bad_side["active"]["conditions"] = [condition]
    bad = board(bad_side, side(poke(CHANSEY)))
    msg = refused(bad, 0, action, "R-POWER-2")
    assert condition.capitalize() in msg
    assert power_choices(bad, name) == []


def test_base1_1_damage_swap_works_from_the_bench_while_the_active_is_asleep():
    st = board(side(poke(DRATINI, damage=10, conditions=["asleep"]), bench=[poke(ALAKAZAM)]), side(poke(CHANSEY)))
    d = power(st, st.seats[0].bench[0].top, "Damage Swap",
              **{"from": st.seats[0].active.top, "to": st.seats[0].bench[0].top})
    assert me(d).active.damage == 0 and me(d).bench[0].damage == 10


# -- base1-2 Blastoise -----------------------------------------------------------------------

@pytest.mark.parametrize("waters,damage", [(3, 40), (4, 50), (5, 60), (6, 60)])
def test_base1_2_blastoise_hydro_pump_counts_at_most_two_extra_water(waters, damage):
    st = board(side(poke(BLASTOISE, [WATER] * waters)), side(poke(CHANSEY)))
    d = hit(st, "Hydro Pump")
    assert them(d).active.damage == damage


def test_base1_2_blastoise_hydro_pump_colorless_paid_by_other_energy_is_not_extra():
    # Cost WWW; DCE is not Water, so the 4th Water is the only extra one.
    st = board(side(poke(BLASTOISE, [WATER] * 4 + [DCE])), side(poke(CHANSEY)))
    assert them(hit(st, "Hydro Pump")).active.damage == 50


def test_base1_2_rain_dance_attaches_water_without_using_the_turns_attachment():
    st = board(side(poke(BLASTOISE), bench=[poke(DEWGONG)], hand=[WATER, WATER, FIRE]), side(poke(CHANSEY)))
    blastoise, dewgong = st.seats[0].active.top, st.seats[0].bench[0].top
    w1, w2, fire = st.seats[0].hand
    assert {"cards": [w1], "to": dewgong} in power_choices(st, "Rain Dance")
    d = power(st, blastoise, "Rain Dance", cards=[w1], to=blastoise)
    d = power(d.state, blastoise, "Rain Dance", cards=[w2], to=dewgong)
    assert me(d).active.energy == [w1] and me(d).bench[0].energy == [w2]
    assert me(d).hand == [fire]
    said(d, "not the turn's one Energy attachment")
    d = act(d.state, 0, {"type": "attach_energy", "card": fire, "target": dewgong})   # still allowed
    assert me(d).bench[0].energy == [w2, fire]


def test_base1_2_rain_dance_only_water_energy_onto_water_pokemon():
    st = board(side(poke(BLASTOISE), bench=[poke(CHARMANDER)], hand=[WATER, FIRE]), side(poke(CHANSEY)))
    blastoise, charmander = st.seats[0].active.top, st.seats[0].bench[0].top
    water, fire = st.seats[0].hand
    msg = refused(st, 0, {"type": "use_power", "pokemon": blastoise, "power": "Rain Dance",
                          "choices": {"cards": [water], "to": charmander}}, "R-POWER-1")
    assert "Water Pokémon" in msg
    refused(st, 0, {"type": "use_power", "pokemon": blastoise, "power": "Rain Dance",
                    "choices": {"cards": [fire], "to": blastoise}}, "R-POWER-1")
    assert power_choices(st, "Rain Dance") == [{"cards": [water], "to": blastoise}]


# -- base1-3 Chansey -------------------------------------------------------------------------

def test_base1_3_chansey_scrunch_heads_prevents_damage_but_not_other_effects():
    st = board(side(poke(CHANSEY, [DCE])), side(poke(ELECTABUZZ, [LIGHTNING])))
    d = hit(st, "Scrunch", ["heads"])
    assert [e["kind"] for e in me(d).active.effects] == ["prevent_damage"]
    d = hit(d.state, "Thundershock", ["heads"])            # the opponent's next turn
    assert me(d).active.damage == 0 and me(d).active.conditions == ["paralyzed"]
    said(d, "prevents all damage")
    d = hit(st, "Scrunch", ["tails"])
    assert me(d).active.effects == []


def test_base1_3_chansey_double_edge_does_80_to_itself():
    st = board(side(poke(CHANSEY, [DCE, DCE])), side(poke(HITMONCHAN), bench=[poke(DRATINI)]))
    d = hit(st, "Double-edge")
    assert me(d).active.damage == 80
    assert them(d).active is None and len(me(d).prizes) == 5      # Hitmonchan Knocked Out
    assert d.state.phase == "promote" and d.state.pending_promotions == [1]


# -- base1-4 Charizard -----------------------------------------------------------------------

def test_base1_4_charizard_fire_spin_discards_two_energy():
    st = board(side(poke(CHARIZARD, [FIRE] * 5)), side(poke(CHANSEY)))
    e = st.seats[0].active.energy
    assert len(attack_choices(st, "Fire Spin")) == 10                # every pair of the 5 cards
    assert {"cards": [e[1], e[3]]} in attack_choices(st, "Fire Spin")
    d = hit(st, "Fire Spin", cards=[e[1], e[3]])
    assert them(d).active.damage == 100
    assert me(d).discard == [e[1], e[3]] and me(d).active.energy == [e[0], e[2], e[4]]


def test_base1_4_fire_spin_refuses_a_wrong_discard():
    st = board(side(poke(CHARIZARD, [FIRE] * 5)), side(poke(CHANSEY)))
    e = st.seats[0].active.energy
    for bad in ([e[0]], [e[0], e[0]], [e[0], st.seats[0].active.top], None):
        choices = {} if bad is None else {"cards": bad}
        refused(st, 0, {"type": "attack", "attack": "Fire Spin", "choices": choices}, "R-ATTACK-2")


def test_base1_4_energy_burn_makes_double_colorless_two_fire():
    st = board(side(poke(CHARIZARD, [FIRE, FIRE, DCE])), side(poke(CHANSEY)))
    charizard = st.seats[0].active.top
    fire1, fire2, dce = st.seats[0].active.energy
    refused(st, 0, {"type": "attack", "attack": "Fire Spin", "choices": {"cards": [fire1, dce]}}, "R-ENERGY-2")
    assert power_choices(st, "Energy Burn") == [{}]
    d = power(st, charizard, "Energy Burn")
    assert provided_energy(d.state, me(d).active) == ["Fire"] * 4
    said(d, "Energy Burn")
    d2 = hit(d.state, "Fire Spin", cards=[fire1, dce])
    assert them(d2).active.damage == 100 and me(d2).discard == [fire1, dce]


def test_base1_4_energy_burn_ends_with_the_turn():
    st = board(side(poke(CHARIZARD, [DCE, WATER])), side(poke(CHANSEY, [DCE])))
    d = power(st, st.seats[0].active.top, "Energy Burn")
    d = act(d.state, 0, {"type": "end_turn"})
    assert me(d).active.effects == []
    assert sorted(provided_energy(d.state, me(d).active)) == ["Colorless", "Colorless", "Water"]


# -- base1-5 Clefairy ------------------------------------------------------------------------

def test_base1_5_clefairy_sing_heads_puts_to_sleep():
    st = board(side(poke(CLEFAIRY, [DCE])), side(poke(CHANSEY)))
    d = hit(st, "Sing", ["heads", "tails"])                  # Sing, then the checkup's sleep flip
    assert them(d).active.conditions == ["asleep"] and them(d).active.damage == 0
    d = hit(st, "Sing", ["tails"])
    assert them(d).active.conditions == []


def test_base1_5_metronome_copies_fire_spin_without_its_discard():
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(CHARIZARD, [FIRE] * 4)))
    energy = list(st.seats[0].active.energy)
    assert {"attack": "Fire Spin"} in attack_choices(st, "Metronome")
    d = hit(st, "Metronome", attack="Fire Spin")
    assert them(d).active.damage == 100
    assert me(d).active.energy == energy and me(d).discard == []
    assert len(them(d).active.energy) == 4
    said(d, "copies Fire Spin")
    assert d.state.last_attack["attack"] == "Metronome" and d.state.last_attack["damage"] == 100


def test_base1_5_metronome_keeps_clefairy_colorless():
    # Mewtwo is weak to Psychic, but the copied Psychic is done by a Colorless Clefairy.
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(MEWTWO, [PSYCHIC, PSYCHIC])))
    d = hit(st, "Metronome", attack="Psychic")
    assert them(d).active.damage == 30                        # 10 + 10 × 2 Energy, no Weakness


def test_base1_5_metronome_self_references_mean_clefairy():
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(RAICHU, [LIGHTNING] * 4)))
    d = hit(st, "Metronome", ["tails"], attack="Thunder")
    assert them(d).active.damage == 60 and me(d).active.damage == 30      # R-ATTACK-6
    st = board(side(poke(CLEFAIRY, [DCE, WATER], damage=30)), side(poke(KADABRA, [PSYCHIC, PSYCHIC])))
    d = hit(st, "Metronome", attack="Recover")
    assert me(d).active.damage == 0 and len(them(d).active.energy) == 2 and me(d).discard == []


def test_base1_5_metronome_hydro_pump_counts_water_beyond_metronomes_own_cost():
    st = board(side(poke(CLEFAIRY, [WATER] * 5)), side(poke(BLASTOISE)))
    assert them(hit(st, "Metronome", attack="Hydro Pump")).active.damage == 60


def test_base1_5_metronome_needs_a_real_attack_of_the_defending_pokemon():
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(CHANSEY)))
    assert attack_choices(st, "Metronome") == [{"attack": "Scrunch"}, {"attack": "Double-edge"}]
    for choices in ({"attack": "Hydro Pump"}, {}, {"attack": "Metronome"}):
        refused(st, 0, {"type": "attack", "attack": "Metronome", "choices": choices}, "R-ATTACK-2")
    d = hit(st, "Metronome", attack="Double-edge")
    assert them(d).active.damage == 80 and me(d).active is None    # Clefairy Knocked Out by itself


def test_base1_5_metronome_copying_metronome_does_nothing_and_never_recurses():
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(CLEFAIRY, [DCE, WATER])))
    assert {"attack": "Metronome"} in attack_choices(st, "Metronome")
    d = hit(st, "Metronome", attack="Metronome")
    assert them(d).active.damage == 0 and me(d).active.damage == 0
    said(d, "copies an attack that copies")


def test_base1_5_metronome_copies_lure_with_the_lure_choice():
    st = board(side(poke(CLEFAIRY, [DCE, WATER])),
               side(poke(NINETALES), bench=[poke(DRATINI), poke(GROWLITHE)]))
    dratini, growlithe = st.seats[1].bench[0].top, st.seats[1].bench[1].top
    choices = attack_choices(st, "Metronome")
    assert {"attack": "Lure", "pokemon": [dratini]} in choices and {"attack": "Lure", "pokemon": [growlithe]} in choices
    assert {"attack": "Fire Blast"} in choices                     # its discard choice is not Clefairy's
    refused(st, 0, {"type": "attack", "attack": "Metronome",
                    "choices": {"attack": "Lure", "pokemon": [st.seats[0].active.top]}}, "R-ATTACK-2")
    d = hit(st, "Metronome", attack="Lure", pokemon=[growlithe])
    assert them(d).active.top == growlithe and them(d).bench[1].top == st.seats[1].active.top


def test_base1_5_metronome_copies_amnesia_with_its_own_attack_choice_nested():
    poliwhirl = "base1-38"
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(poliwhirl, [WATER, WATER])))
    choices = attack_choices(st, "Metronome")
    assert {"attack": "Amnesia", "copied": {"attack": "Doubleslap"}} in choices
    assert {"attack": "Doubleslap"} in choices
    refused(st, 0, {"type": "attack", "attack": "Metronome", "choices": {"attack": "Amnesia"}}, "R-ATTACK-2")
    d = hit(st, "Metronome", attack="Amnesia", copied={"attack": "Doubleslap"})
    assert [(e["kind"], e["attack"]) for e in them(d).active.effects] == [("attack_blocked", "Doubleslap")]
    refused(d.state, 1, {"type": "attack", "attack": "Doubleslap", "choices": {}}, "R-ATTACK-1")


def test_base1_5_metronome_copies_mirror_move_as_clefairy():
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(PIDGEOTTO)))
    st.last_attack = {"turn": 2, "seat": 1, "attack": "Whirlwind", "target": st.seats[0].active.top,
                      "damage": 20, "conditions": ["confused"], "poison_damage": None}
    d = hit(st, "Metronome", attack="Mirror Move")
    assert them(d).active.damage == 20 and them(d).active.conditions == ["confused"]


def test_base1_5_metronome_ignores_dream_eaters_asleep_requirement():
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(HAUNTER, [PSYCHIC, PSYCHIC])))
    assert {"attack": "Dream Eater"} in attack_choices(st, "Metronome")
    d = hit(st, "Metronome", attack="Dream Eater")
    assert them(d).active.damage == 50


def test_base1_5_metronome_copying_leek_slap_does_not_use_it_up():
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(FARFETCHD)))
    d = hit(st, "Metronome", ["heads"], attack="Leek Slap")
    assert them(d).active.damage == 30
    assert "used_once" not in me(d).active.flags and "used_once" not in them(d).active.flags


# -- base1-6 Gyarados ------------------------------------------------------------------------

def test_base1_6_gyarados_dragon_rage_and_bubblebeam():
    st = board(side(poke(GYARADOS, [WATER] * 4)), side(poke(CHANSEY)))
    assert them(hit(st, "Dragon Rage")).active.damage == 50
    d = hit(st, "Bubblebeam", ["heads"])
    assert them(d).active.damage == 40 and them(d).active.conditions == ["paralyzed"]
    assert them(hit(st, "Bubblebeam", ["tails"])).active.conditions == []


# -- base1-7 Hitmonchan ----------------------------------------------------------------------

def test_base1_7_hitmonchan_jab_and_special_punch():
    st = board(side(poke(HITMONCHAN, [FIGHTING] * 3)), side(poke(ELECTABUZZ)))
    assert them(hit(st, "Jab")).active.damage == 40            # Electabuzz is weak to Fighting
    st = board(side(poke(HITMONCHAN, [FIGHTING] * 3)), side(poke(BLASTOISE)))
    assert them(hit(st, "Special Punch")).active.damage == 40


# -- base1-8 Machamp -------------------------------------------------------------------------

def test_base1_8_machamp_seismic_toss():
    st = board(side(poke(MACHAMP, [FIGHTING] * 4)), side(poke(BLASTOISE)))
    assert them(hit(st, "Seismic Toss")).active.damage == 60


def test_base1_8_strikes_back_does_10_ignoring_weakness():
    st = board(side(poke(ELECTABUZZ, [LIGHTNING, LIGHTNING])), side(poke(MACHAMP)))
    d = hit(st, "Thunderpunch", ["heads"])
    assert them(d).active.damage == 40
    assert me(d).active.damage == 10                          # Electabuzz is weak to Fighting: still 10
    said(d, "Strikes Back does 10 damage to Electabuzz")


def test_base1_8_strikes_back_even_when_machamp_is_knocked_out():
    st = board(side(poke(ELECTABUZZ, [LIGHTNING, LIGHTNING])),
               side(poke(MACHAMP, damage=70), bench=[poke(DRATINI)]))
    d = hit(st, "Thunderpunch", ["heads"])
    assert them(d).active is None and len(me(d).prizes) == 5
    assert me(d).active.damage == 10
    said(d, "Strikes Back")


def test_base1_8_strikes_back_can_knock_out_the_attacker():
    st = board(side(poke(ELECTABUZZ, [LIGHTNING, LIGHTNING], damage=60), bench=[poke(DRATINI)]),
               side(poke(MACHAMP), bench=[poke(DRATINI)]))
    d = hit(st, "Thunderpunch", ["heads"])
    assert me(d).active is None and them(d).active.damage == 40
    assert len(them(d).prizes) == 5 and d.state.pending_promotions == [0]


def test_base1_8_strikes_back_not_while_machamp_is_asleep():
    st = board(side(poke(ELECTABUZZ, [LIGHTNING, LIGHTNING])), side(poke(MACHAMP, conditions=["asleep"])))
    d = hit(st, "Thunderpunch", ["heads", "tails"])            # the attack, then Machamp's sleep flip
    assert them(d).active.damage == 40 and me(d).active.damage == 0
    said(d, "Strikes Back does nothing")


def test_base1_8_strikes_back_from_the_bench_but_not_against_own_attacks():
    st = board(side(poke(MAGNETON, [LIGHTNING] * 4), bench=[poke(DRATINI)]),
               side(poke(CHANSEY), bench=[poke(MACHAMP)]))
    d = hit(st, "Selfdestruct")
    said(d, "Strikes Back does 10 damage to Magneton")
    st = board(side(poke(DUGTRIO, [FIGHTING] * 4), bench=[poke(MACHAMP)]), side(poke(BLASTOISE)))
    d = hit(st, "Earthquake")
    assert me(d).bench[0].damage == 10 and me(d).active.damage == 0
    assert not any("Strikes Back" in line for line in d.narration)


# -- base1-9 Magneton ------------------------------------------------------------------------

def test_base1_9_magneton_thunder_wave_heads_paralyzes():
    st = board(side(poke(MAGNETON, [LIGHTNING] * 3)), side(poke(CHANSEY)))
    d = hit(st, "Thunder Wave", ["heads"])
    assert them(d).active.damage == 30 and them(d).active.conditions == ["paralyzed"]


def test_base1_9_magneton_selfdestruct_hits_both_benches_and_itself():
    st = board(side(poke(MAGNETON, [LIGHTNING] * 4), bench=[poke(DRATINI)]),
               side(poke(CHANSEY), bench=[poke(DRATINI, damage=20), poke(GROWLITHE)]))
    d = hit(st, "Selfdestruct")
    assert them(d).active.damage == 80
    assert [p.damage for p in them(d).bench] == [20]                # their Dratini Knocked Out
    assert me(d).active is None and me(d).bench[0].damage == 20      # Magneton Knocked Out by itself
    assert len(me(d).prizes) == 5 and len(them(d).prizes) == 5
    assert d.state.phase == "promote" and d.state.pending_promotions == [0]
    said(d, "R-DAMAGE-2")


# -- base1-10 Mewtwo -------------------------------------------------------------------------

def test_base1_10_mewtwo_psychic_adds_10_per_defending_energy():
    st = board(side(poke(MEWTWO, [PSYCHIC, PSYCHIC])), side(poke(BLASTOISE, [WATER, WATER, DCE])))
    assert them(hit(st, "Psychic")).active.damage == 40       # 10 + 3 Energy cards


def test_base1_10_mewtwo_barrier_discards_psychic_and_blocks_all_effects():
    st = board(side(poke(MEWTWO, [PSYCHIC, PSYCHIC])), side(poke(ELECTABUZZ, [LIGHTNING])))
    p1, p2 = st.seats[0].active.energy
    assert attack_choices(st, "Barrier") == [{"cards": [p1]}, {"cards": [p2]}]
    d = hit(st, "Barrier", cards=[p2])
    assert me(d).discard == [p2] and me(d).active.energy == [p1]
    d = hit(d.state, "Thundershock", ["heads"])
    assert me(d).active.damage == 0 and me(d).active.conditions == []
    said(d, "protected")


def test_base1_10_mewtwo_barrier_refuses_discarding_non_psychic():
    st = board(side(poke(MEWTWO, [PSYCHIC, PSYCHIC, DCE])), side(poke(CHANSEY)))
    dce = st.seats[0].active.energy[2]
    refused(st, 0, {"type": "attack", "attack": "Barrier", "choices": {"cards": [dce]}}, "R-ATTACK-2")


# -- base1-11 Nidoking -----------------------------------------------------------------------

def test_base1_11_nidoking_thrash():
    st = board(side(poke(NIDOKING, [GRASS] * 3)), side(poke(BLASTOISE)))
    d = hit(st, "Thrash", ["heads"])
    assert them(d).active.damage == 40 and me(d).active.damage == 0
    d = hit(st, "Thrash", ["tails"])
    assert them(d).active.damage == 30 and me(d).active.damage == 10


def test_base1_11_nidoking_toxic_poison_does_20_between_turns():
    st = board(side(poke(NIDOKING, [GRASS] * 3)), side(poke(BLASTOISE, conditions=["poisoned"])))
    d = hit(st, "Toxic")
    assert them(d).active.conditions == ["poisoned"] and them(d).active.flags["poison_damage"] == 20
    assert them(d).active.damage == 40                             # 20 + 2 counters of Poison
    said(d, "Poison between turns: 2 damage counters")


# -- base1-12 Ninetales ----------------------------------------------------------------------

def test_base1_12_ninetales_lure_switches_in_the_chosen_benched_pokemon():
    st = board(side(poke(NINETALES, [FIRE, FIRE])),
               side(poke(CHANSEY), bench=[poke(DRATINI), poke(GROWLITHE)]))
    chansey, dratini, growlithe = st.seats[1].active.top, st.seats[1].bench[0].top, st.seats[1].bench[1].top
    assert attack_choices(st, "Lure") == [{"pokemon": [dratini]}, {"pokemon": [growlithe]}]
    for bad in ({}, {"pokemon": [st.seats[0].active.top]}, {"pokemon": [chansey]}):
        refused(st, 0, {"type": "attack", "attack": "Lure", "choices": bad}, "R-ATTACK-2")
    d = hit(st, "Lure", pokemon=[growlithe])
    assert them(d).active.top == growlithe and them(d).active.damage == 0
    assert [p.top for p in them(d).bench] == [dratini, chansey]


def test_base1_12_ninetales_lure_without_a_bench_does_nothing():
    st = board(side(poke(NINETALES, [FIRE, FIRE])), side(poke(CHANSEY)))
    d = hit(st, "Lure")
    assert them(d).active.top == st.seats[1].active.top


def test_base1_12_ninetales_fire_blast_discards_one_fire():
    st = board(side(poke(NINETALES, [FIRE] * 4)), side(poke(BLASTOISE)))
    e = st.seats[0].active.energy
    assert len(attack_choices(st, "Fire Blast")) == 4
    d = hit(st, "Fire Blast", cards=[e[2]])
    assert them(d).active.damage == 80 and me(d).discard == [e[2]]


# -- base1-13 Poliwrath ----------------------------------------------------------------------

@pytest.mark.parametrize("energy,damage", [([WATER] * 3, 30), ([WATER, WATER, DCE, WATER], 40),
                                           ([WATER] * 5, 50), ([WATER] * 6, 50)])
def test_base1_13_poliwrath_water_gun_extra_water(energy, damage):
    st = board(side(poke(POLIWRATH, energy)), side(poke(CHANSEY)))
    assert them(hit(st, "Water Gun")).active.damage == damage


def test_base1_13_poliwrath_whirlpool_discards_the_chosen_defending_energy():
    st = board(side(poke(POLIWRATH, [WATER] * 4)), side(poke(CHARIZARD, [FIRE, DCE])))
    fire, dce = st.seats[1].active.energy
    assert attack_choices(st, "Whirlpool") == [{"cards": [fire]}, {"cards": [dce]}]
    refused(st, 0, {"type": "attack", "attack": "Whirlpool",
                    "choices": {"cards": [st.seats[0].active.energy[0]]}}, "R-ATTACK-2")
    d = hit(st, "Whirlpool", cards=[dce])
    assert them(d).active.damage == 80                             # Charizard is weak to Water
    assert them(d).active.energy == [fire] and them(d).discard == [dce]


# -- base1-14 Raichu -------------------------------------------------------------------------

def test_base1_14_raichu_agility_heads_prevents_all_effects_next_turn():
    st = board(side(poke(RAICHU, [LIGHTNING] * 3)), side(poke(ELECTABUZZ, [LIGHTNING])))
    d = hit(st, "Agility", ["heads"])
    assert them(d).active.damage == 20
    d = hit(d.state, "Thundershock", ["heads"])
    assert me(d).active.damage == 0 and me(d).active.conditions == []
    d = hit(st, "Agility", ["tails"])
    assert me(d).active.effects == []


def test_base1_14_raichu_thunder_tails_hurts_itself():
    st = board(side(poke(RAICHU, [LIGHTNING] * 4)), side(poke(CHANSEY)))
    d = hit(st, "Thunder", ["tails"])
    assert them(d).active.damage == 60 and me(d).active.damage == 30
    d = hit(st, "Thunder", ["heads"])
    assert me(d).active.damage == 0


# -- base1-15 Venusaur -----------------------------------------------------------------------

def test_base1_15_venusaur_solarbeam():
    st = board(side(poke(VENUSAUR, [GRASS] * 4)), side(poke(BLASTOISE)))
    assert them(hit(st, "Solarbeam")).active.damage == 60


def test_base1_15_energy_trans_moves_grass_between_own_pokemon():
    st = board(side(poke(VENUSAUR, [GRASS, GRASS, FIRE]), bench=[poke(IVYSAUR)], hand=[WATER]),
               side(poke(CHANSEY)))
    venusaur, ivysaur = st.seats[0].active.top, st.seats[0].bench[0].top
    g1, g2, fire = st.seats[0].active.energy
    choices = power_choices(st, "Energy Trans")
    assert choices == [{"cards": [g1], "to": ivysaur}, {"cards": [g2], "to": ivysaur}]
    d = power(st, venusaur, "Energy Trans", cards=[g1], to=ivysaur)
    d = power(d.state, venusaur, "Energy Trans", cards=[g2], to=ivysaur)
    assert me(d).active.energy == [fire] and me(d).bench[0].energy == [g1, g2]
    d = power(d.state, venusaur, "Energy Trans", cards=[g1], to=venusaur)     # and back
    assert me(d).active.energy == [fire, g1]
    act(d.state, 0, {"type": "attach_energy", "card": me(d).hand[0], "target": venusaur})
    for bad in ({"cards": [fire], "to": ivysaur}, {"cards": [g1], "to": venusaur},
                {"cards": [g1], "to": st.seats[1].active.top}):
        refused(d.state, 0, {"type": "use_power", "pokemon": venusaur, "power": "Energy Trans", "choices": bad},
                "R-POWER-1")


# -- base1-16 Zapdos -------------------------------------------------------------------------

def test_base1_16_zapdos_thunder_and_thunderbolt():
    st = board(side(poke(ZAPDOS, [LIGHTNING] * 4 + [DCE])), side(poke(CHANSEY)))
    d = hit(st, "Thunder", ["tails"])
    assert them(d).active.damage == 60 and me(d).active.damage == 30
    d = hit(st, "Thunderbolt")
    assert them(d).active.damage == 100
    assert me(d).active.energy == [] and sorted(me(d).discard) == sorted(st.seats[0].active.energy)


# -- base1-17 Beedrill -----------------------------------------------------------------------

def test_base1_17_beedrill_twineedle_and_poison_sting():
    st = board(side(poke(BEEDRILL, [GRASS] * 3)), side(poke(BLASTOISE)))
    assert them(hit(st, "Twineedle", ["heads", "tails"])).active.damage == 30
    assert them(hit(st, "Twineedle", ["heads", "heads"])).active.damage == 60
    assert them(hit(st, "Twineedle", ["tails", "tails"])).active.damage == 0
    d = hit(st, "Poison Sting", ["heads"])
    assert them(d).active.conditions == ["poisoned"] and them(d).active.damage == 50


# -- base1-18 Dragonair ----------------------------------------------------------------------

def test_base1_18_dragonair_slam_and_hyper_beam():
    st = board(side(poke(DRAGONAIR, [DCE, DCE])), side(poke(BLASTOISE, [WATER, WATER])))
    assert them(hit(st, "Slam", ["heads", "heads"])).active.damage == 60
    w1, w2 = st.seats[1].active.energy
    assert attack_choices(st, "Hyper Beam") == [{"cards": [w1]}, {"cards": [w2]}]
    d = hit(st, "Hyper Beam", cards=[w2])
    assert them(d).active.damage == 20 and them(d).active.energy == [w1] and them(d).discard == [w2]


# -- base1-19 Dugtrio ------------------------------------------------------------------------

def test_base1_19_dugtrio_earthquake_hits_only_own_bench():
    st = board(side(poke(DUGTRIO, [FIGHTING] * 4), bench=[poke(DRATINI), poke(CHARMANDER, damage=40)]),
               side(poke(BLASTOISE), bench=[poke(DRATINI)]))
    d = hit(st, "Earthquake")
    assert them(d).active.damage == 70 and them(d).bench[0].damage == 0
    assert [p.damage for p in me(d).bench] == [10]                 # Charmander Knocked Out by its own side
    assert len(them(d).prizes) == 5                                # ... and the opponent takes a Prize
    assert st.seats[1].active is not None and me(d).active.damage == 0
    d2 = hit(board(side(poke(DUGTRIO, [FIGHTING] * 4)), side(poke(BLASTOISE))), "Slash")
    assert them(d2).active.damage == 40


# -- base1-20 Electabuzz ---------------------------------------------------------------------

def test_base1_20_electabuzz_thundershock_and_thunderpunch():
    st = board(side(poke(ELECTABUZZ, [LIGHTNING, LIGHTNING])), side(poke(CHANSEY)))
    d = hit(st, "Thundershock", ["heads"])
    assert them(d).active.damage == 10 and them(d).active.conditions == ["paralyzed"]
    d = hit(st, "Thunderpunch", ["tails"])
    assert them(d).active.damage == 30 and me(d).active.damage == 10
    d = hit(st, "Thunderpunch", ["heads"])
    assert them(d).active.damage == 40 and me(d).active.damage == 0


# -- base1-21 Electrode ----------------------------------------------------------------------

def test_base1_21_electrode_electric_shock():
    st = board(side(poke(ELECTRODE, [LIGHTNING] * 3)), side(poke(CHANSEY)))
    d = hit(st, "Electric Shock", ["tails"])
    assert them(d).active.damage == 50 and me(d).active.damage == 10
    assert me(hit(st, "Electric Shock", ["heads"])).active.damage == 0


def test_base1_21_buzzap_gives_a_prize_and_becomes_two_energy():
    st = board(side(poke(CHARMELEON, [FIRE]), bench=[poke(ELECTRODE, [LIGHTNING], damage=20)]),
               side(poke(BLASTOISE)))
    charmeleon, electrode = st.seats[0].active.top, st.seats[0].bench[0].top
    voltorb, lightning = st.seats[0].bench[0].stack[0], st.seats[0].bench[0].energy[0]
    fire = st.seats[0].active.energy[0]
    assert {"to": charmeleon, "type": "Fire"} in power_choices(st, "Buzzap")
    refused(st, 0, {"type": "attack", "attack": "Flamethrower", "choices": {}}, "R-ATTACK-1")
    d = power(st, electrode, "Buzzap", to=charmeleon, type="Fire")
    assert me(d).bench == [] and len(them(d).prizes) == 5 and len(them(d).hand) == 1
    assert sorted(me(d).discard) == sorted([voltorb, lightning])
    assert me(d).active.energy == [fire, electrode]
    assert provided_energy(d.state, me(d).active) == ["Fire", "Fire", "Fire"]
    said(d, "is Knocked Out")
    said(d, "takes 1 Prize card")
    d2 = hit(d.state, "Flamethrower", cards=[fire])
    assert them(d2).active.damage == 50 and me(d2).active.energy == [electrode]


def test_base1_21_buzzap_from_the_active_asks_for_a_new_active():
    st = board(side(poke(ELECTRODE), bench=[poke(DRATINI), poke(CHARMANDER)]), side(poke(CHANSEY)))
    dratini = st.seats[0].bench[0].top
    d = power(st, st.seats[0].active.top, "Buzzap", to=dratini, type="Water")
    assert me(d).active is None and d.state.phase == "promote" and d.state.pending_promotions == [0]
    d = act(d.state, 0, {"type": "promote", "card": dratini})
    assert d.state.phase == "main" and d.state.seat_to_act == 0 and d.state.turn == 3
    assert provided_energy(d.state, me(d).active) == ["Water", "Water"]


def test_base1_21_buzzap_taking_the_last_prize_wins():
    st = board(side(poke(ELECTRODE), bench=[poke(DRATINI)]), side(poke(CHANSEY), prizes=1))
    d = power(st, st.seats[0].active.top, "Buzzap", to=st.seats[0].bench[0].top, type="Grass")
    assert d.state.result["winner"] == 1 and d.state.result["reason"] == "R-WIN-1"


def test_base1_21_buzzap_refuses_wrong_choices():
    st = board(side(poke(ELECTRODE), bench=[poke(DRATINI)]), side(poke(CHANSEY)))
    electrode, dratini = st.seats[0].active.top, st.seats[0].bench[0].top
    for bad in ({"to": dratini, "type": "Colorless"}, {"to": dratini}, {"to": electrode, "type": "Fire"},
                {"to": st.seats[1].active.top, "type": "Fire"}, {"type": "Fire"}):
        refused(st, 0, {"type": "use_power", "pokemon": electrode, "power": "Buzzap", "choices": bad}, "R-POWER-1")
    assert len(power_choices(st, "Buzzap")) == 6


# -- base1-22 Pidgeotto ----------------------------------------------------------------------

def test_base1_22_pidgeotto_whirlwind_damage_then_the_opponents_choice_comes_in():
    st = board(side(poke(PIDGEOTTO, [DCE])), side(poke(CHANSEY), bench=[poke(DRATINI), poke(GROWLITHE)]))
    chansey, growlithe = st.seats[1].active.top, st.seats[1].bench[1].top
    assert {"pokemon": [growlithe]} in attack_choices(st, "Whirlwind")
    refused(st, 0, {"type": "attack", "attack": "Whirlwind", "choices": {}}, "R-ATTACK-2")
    d = hit(st, "Whirlwind", pokemon=[growlithe])
    assert them(d).active.top == growlithe and them(d).active.damage == 0
    assert them(d).bench[1].top == chansey and them(d).bench[1].damage == 20


def _pidgeotto_vs(attacker, attacker_energy, attacker_kw=None, my_bench=(), their_bench=()):
    """Turn 2: seat 1 is to act with `attacker` against seat 0's Pidgeotto."""
    return board(side(poke(PIDGEOTTO, [DCE, WATER]), bench=my_bench),
                 side(poke(attacker, attacker_energy, **(attacker_kw or {})), bench=their_bench),
                 turn=2, seat_to_act=1)


def test_base1_22_mirror_move_repeats_damage_and_poison_of_last_turn():
    st = _pidgeotto_vs(IVYSAUR, [GRASS] * 3)
    d = hit(st, "Poisonpowder")                                 # turn 2: 20 to Pidgeotto, Poisoned
    assert me(d).active.damage == 30 and me(d).active.conditions == ["poisoned"]
    d = hit(d.state, "Mirror Move")                             # turn 3
    assert them(d).active.damage == 20 + 10 and them(d).active.conditions == ["poisoned"]
    said(d, "repeats the final result of Poisonpowder")


def test_base1_22_mirror_move_repeats_toxics_stronger_poison():
    st = board(side(poke(PIDGEOTTO, [DCE, WATER])), side(poke(BLASTOISE)))
    st.last_attack = {"turn": 2, "seat": 1, "attack": "Toxic", "target": st.seats[0].active.top,
                      "damage": 20, "conditions": ["poisoned"], "poison_damage": 20}
    d = hit(st, "Mirror Move")
    assert them(d).active.flags["poison_damage"] == 20 and them(d).active.damage == 40


def test_base1_22_mirror_move_does_nothing_without_an_attack_last_turn():
    st = board(side(poke(PIDGEOTTO, [DCE, WATER])), side(poke(BLASTOISE)))
    d = hit(st, "Mirror Move")
    assert them(d).active.damage == 0
    said(d, "was not attacked")
    st.last_attack = {"turn": 1, "seat": 1, "attack": "Jab", "target": st.seats[0].active.top,
                      "damage": 20, "conditions": [], "poison_damage": None}
    assert them(hit(st, "Mirror Move")).active.damage == 0     # two turns ago is not last turn


def test_base1_22_mirror_move_after_pidgeotto_was_knocked_out_does_nothing():
    st = _pidgeotto_vs(ELECTABUZZ, [LIGHTNING, LIGHTNING], my_bench=[poke(PIDGEOTTO, [DCE, WATER])])
    d = hit(st, "Thunderpunch", ["heads"])                      # 40 ×2 Knocks Out the first Pidgeotto
    assert d.state.phase == "promote" and len(them(d).prizes) == 5
    d = act(d.state, 0, {"type": "promote", "card": me(d).bench[0].top})
    d = hit(d.state, "Mirror Move")
    assert them(d).active.damage == 0
    said(d, "was not attacked")


def test_base1_22_mirror_move_hits_the_new_defending_pokemon_after_the_attacker_is_knocked_out():
    st = _pidgeotto_vs(ELECTABUZZ, [LIGHTNING], {"damage": 60, "conditions": ["poisoned"]},
                       their_bench=[poke(HITMONCHAN)])
    d = hit(st, "Thundershock", ["tails"])      # 20 to Pidgeotto; Poison then Knocks Out Electabuzz
    assert me(d).active.damage == 20 and len(me(d).prizes) == 5
    d = act(d.state, 1, {"type": "promote", "card": them(d).bench[0].top})
    d = hit(d.state, "Mirror Move")
    assert d.state.seats[1].active.damage == 20 and them(d).active.top == st.seats[1].bench[0].top


def test_base1_22_mirror_move_ignores_damage_done_on_the_bench():
    st = board(side(poke(CHANSEY, [DCE]), bench=[poke(PIDGEOTTO, [DCE, WATER])]),
               side(poke(MAGNETON, [LIGHTNING] * 4), bench=[poke(DRATINI)]), turn=2, seat_to_act=1)
    d = hit(st, "Selfdestruct")
    assert me(d).bench[0].damage == 20 and me(d).active.damage == 80
    d = act(d.state, 1, {"type": "promote", "card": them(d).bench[0].top})
    chansey_dce = me(d).active.energy[0]
    d = act(d.state, 0, {"type": "retreat", "to": me(d).bench[0].top, "discard": [chansey_dce]})
    assert them(d).active.damage == 20                    # their Dratini was hit by Selfdestruct too
    d = hit(d.state, "Mirror Move")
    assert them(d).active.damage == 20
    said(d, "was not attacked")


def test_base1_22_mirror_move_is_not_fooled_by_whirlwind_switching_it_in():
    # The Pokémon attacked by Whirlwind is the one switched out, not the one switched in.
    st = board(side(poke(DRATINI), bench=[poke(PIDGEOTTO, [DCE, WATER])]),
               side(poke(PIDGEOTTO, [DCE])), turn=2, seat_to_act=1)
    mine = st.seats[0].bench[0].top
    d = hit(st, "Whirlwind", pokemon=[mine])
    assert me(d).active.top == mine and me(d).bench[0].damage == 20
    assert d.state.last_attack["target"] == st.seats[0].active.top
    d = hit(d.state, "Mirror Move")
    assert them(d).active.damage == 0


# -- base1-23 Arcanine -----------------------------------------------------------------------

def test_base1_23_arcanine_flamethrower_and_take_down():
    st = board(side(poke(ARCANINE, [FIRE, FIRE, DCE])), side(poke(BLASTOISE)))
    f1, f2, dce = st.seats[0].active.energy
    assert attack_choices(st, "Flamethrower") == [{"cards": [f1]}, {"cards": [f2]}]
    refused(st, 0, {"type": "attack", "attack": "Flamethrower", "choices": {"cards": [dce]}}, "R-ATTACK-2")
    d = hit(st, "Flamethrower", cards=[f1])
    assert them(d).active.damage == 50 and me(d).discard == [f1]
    d = hit(st, "Take Down")
    assert them(d).active.damage == 80 and me(d).active.damage == 30


# -- base1-24 Charmeleon ---------------------------------------------------------------------

def test_base1_24_charmeleon_slash_and_flamethrower():
    st = board(side(poke(CHARMELEON, [FIRE, FIRE, WATER])), side(poke(BLASTOISE)))
    assert them(hit(st, "Slash")).active.damage == 30
    f1, f2, water = st.seats[0].active.energy
    refused(st, 0, {"type": "attack", "attack": "Flamethrower", "choices": {"cards": [water]}}, "R-ATTACK-2")
    d = hit(st, "Flamethrower", cards=[f2])
    assert them(d).active.damage == 50 and me(d).active.energy == [f1, water] and me(d).discard == [f2]


# -- base1-25 Dewgong ------------------------------------------------------------------------

def test_base1_25_dewgong_aurora_beam_and_ice_beam():
    st = board(side(poke(DEWGONG, [WATER] * 4)), side(poke(CHANSEY)))
    assert them(hit(st, "Aurora Beam")).active.damage == 50
    d = hit(st, "Ice Beam", ["heads"])
    assert them(d).active.damage == 30 and them(d).active.conditions == ["paralyzed"]


# -- base1-26 Dratini ------------------------------------------------------------------------

def test_base1_26_dratini_pound():
    st = board(side(poke(DRATINI, [FIRE])), side(poke(HITMONCHAN)))
    assert them(hit(st, "Pound")).active.damage == 10


# -- base1-27 Farfetch'd ---------------------------------------------------------------------

def test_base1_27_farfetchd_leek_slap_only_once_while_in_play():
    st = board(side(poke(FARFETCHD, [DCE, DCE])), side(poke(CHANSEY, [DCE])))
    d = hit(st, "Leek Slap", ["heads"])
    assert them(d).active.damage == 30
    d = act(d.state, 1, {"type": "end_turn"})                      # back to Farfetch'd's turn
    msg = refused(d.state, 0, {"type": "attack", "attack": "Leek Slap", "choices": {}}, "R-ATTACK-1")
    assert "again" in msg
    assert attack_choices(d.state, "Leek Slap") == []
    assert them(hit(d.state, "Pot Smash")).active.damage == 60


def test_base1_27_leek_slap_tails_does_nothing_and_is_used_up_even_after_the_bench():
    st = board(side(poke(FARFETCHD, [DCE, DCE]), bench=[poke(DRATINI, [WATER])]), side(poke(CHANSEY, [DCE])))
    d = hit(st, "Leek Slap", ["tails"])
    assert them(d).active.damage == 0
    said(d, "does nothing")
    d = act(d.state, 1, {"type": "end_turn"})
    farfetchd, dratini = me(d).active.top, me(d).bench[0].top
    d = act(d.state, 0, {"type": "retreat", "to": dratini, "discard": [me(d).active.energy[0]]})
    d = act(d.state, 0, {"type": "retreat", "to": farfetchd, "discard": [me(d).active.energy[0]]})
    assert me(d).active.top == farfetchd
    refused(d.state, 0, {"type": "attack", "attack": "Leek Slap", "choices": {}}, "R-ATTACK-1")


# -- base1-28 Growlithe ----------------------------------------------------------------------

def test_base1_28_growlithe_flare():
    st = board(side(poke(GROWLITHE, [FIRE, WATER])), side(poke(VENUSAUR)))
    assert them(hit(st, "Flare")).active.damage == 40               # Venusaur is weak to Fire


# -- base1-29 Haunter ------------------------------------------------------------------------

def test_base1_29_haunter_hypnosis_then_dream_eater_only_on_a_sleeper():
    st = board(side(poke(HAUNTER, [PSYCHIC, PSYCHIC])), side(poke(BLASTOISE, [WATER])))
    msg = refused(st, 0, {"type": "attack", "attack": "Dream Eater", "choices": {}}, "R-ATTACK-1")
    assert "Asleep" in msg
    assert attack_choices(st, "Dream Eater") == []
    d = hit(st, "Hypnosis", ["tails"])                              # no flip for Hypnosis; Blastoise stays Asleep
    assert them(d).active.conditions == ["asleep"]
    asleep = board(side(poke(HAUNTER, [PSYCHIC, PSYCHIC])), side(poke(BLASTOISE, conditions=["asleep"])))
    assert attack_choices(asleep, "Dream Eater") == [{}]
    d = hit(asleep, "Dream Eater", ["heads"])                       # the checkup flip wakes it
    assert them(d).active.damage == 50 and them(d).active.conditions == []


# -- base1-30 Ivysaur ------------------------------------------------------------------------

def test_base1_30_ivysaur_vine_whip_and_poisonpowder():
    st = board(side(poke(IVYSAUR, [GRASS] * 3)), side(poke(BLASTOISE)))
    assert them(hit(st, "Vine Whip")).active.damage == 30
    d = hit(st, "Poisonpowder")
    assert them(d).active.conditions == ["poisoned"] and them(d).active.damage == 30


# -- base1-31 Jynx ---------------------------------------------------------------------------

def test_base1_31_jynx_doubleslap_and_meditate():
    st = board(side(poke(JYNX, [PSYCHIC] * 3)), side(poke(BLASTOISE, damage=30)))
    assert them(hit(st, "Doubleslap", ["heads", "heads"])).active.damage == 50
    assert them(hit(st, "Doubleslap", ["tails", "heads"])).active.damage == 40
    assert them(hit(st, "Meditate")).active.damage == 30 + 20 + 30


# -- base1-32 Kadabra ------------------------------------------------------------------------

def test_base1_32_kadabra_recover_discards_psychic_and_heals_all():
    st = board(side(poke(KADABRA, [PSYCHIC, PSYCHIC, DCE], damage=50)), side(poke(BLASTOISE)))
    p1, p2, dce = st.seats[0].active.energy
    assert attack_choices(st, "Recover") == [{"cards": [p1]}, {"cards": [p2]}]
    refused(st, 0, {"type": "attack", "attack": "Recover", "choices": {"cards": [dce]}}, "R-ATTACK-2")
    d = hit(st, "Recover", cards=[p1])
    assert me(d).active.damage == 0 and me(d).discard == [p1] and me(d).active.energy == [p2, dce]
    assert them(hit(st, "Super Psy")).active.damage == 50


# -- base1-33 Kakuna -------------------------------------------------------------------------

def test_base1_33_kakuna_stiffen_and_poisonpowder():
    st = board(side(poke(KAKUNA, [GRASS, GRASS])), side(poke(ELECTABUZZ, [LIGHTNING])))
    d = hit(st, "Stiffen", ["heads"])
    d = hit(d.state, "Thundershock", ["heads"])
    assert me(d).active.damage == 0 and me(d).active.conditions == ["paralyzed"]
    d = hit(st, "Poisonpowder", ["heads"])
    assert them(d).active.conditions == ["poisoned"] and them(d).active.damage == 30
    d = hit(st, "Poisonpowder", ["tails"])
    assert them(d).active.conditions == [] and them(d).active.damage == 20


# -- base1-34 Machoke ------------------------------------------------------------------------

@pytest.mark.parametrize("own_damage,dealt", [(0, 50), (30, 20), (50, 0), (70, 0)])
def test_base1_34_machoke_karate_chop_minus_10_per_own_counter(own_damage, dealt):
    st = board(side(poke(MACHOKE, [FIGHTING] * 3, damage=own_damage)), side(poke(BLASTOISE)))
    d = hit(st, "Karate Chop")
    assert them(d).active.damage == dealt


def test_base1_34_machoke_submission_does_20_to_itself():
    st = board(side(poke(MACHOKE, [FIGHTING] * 4)), side(poke(BLASTOISE)))
    d = hit(st, "Submission")
    assert them(d).active.damage == 60 and me(d).active.damage == 20


# -- every card in range is encoded, with words for a judge ----------------------------------

@pytest.mark.parametrize("number", range(1, 35))
def test_base1_1_to_34_are_implemented_and_described(number):
    from projections.tcg.cards.describe import describe_card
    c = carddb.card(f"base1-{number}")
    assert c.implemented
    out = describe_card(c.id)
    for a in c.attacks:
        for e in a.effects:
            assert (e.describe() if hasattr(e, "describe") else e.text)
    if c.power:
        assert c.power.effect.text and c.power.name in out["description"]


# -- the odd cards replay to the same state from their stored event --------------------------

def test_base1_5_21_22_4_odd_cards_replay_from_their_events():
    from projections.tcg.state import state_hash
    cases = []
    st = board(side(poke(CLEFAIRY, [DCE, WATER])), side(poke(RAICHU, [LIGHTNING] * 4)))
    cases.append((st, 0, {"type": "attack", "attack": "Metronome", "choices": {"attack": "Thunder"}}, ["tails"]))
    st = board(side(poke(PIDGEOTTO, [DCE, WATER])), side(poke(BLASTOISE)))
    st.last_attack = {"turn": 2, "seat": 1, "attack": "Toxic", "target": st.seats[0].active.top,
                      "damage": 20, "conditions": ["poisoned"], "poison_damage": 20}
    cases.append((st, 0, {"type": "attack", "attack": "Mirror Move", "choices": {}}, []))
    st = board(side(poke(ELECTRODE), bench=[poke(DRATINI)]), side(poke(CHANSEY)))
    cases.append((st, 0, {"type": "use_power", "pokemon": st.seats[0].active.top, "power": "Buzzap",
                          "choices": {"to": st.seats[0].bench[0].top, "type": "Psychic"}}, []))
    st = board(side(poke(CHARIZARD, [DCE, FIRE])), side(poke(CHANSEY)))
    cases.append((st, 0, {"type": "use_power", "pokemon": st.seats[0].active.top, "power": "Energy Burn",
                          "choices": {}}, []))
    for state, seat_no, action, coins in cases:
        before = state_hash(state)
        d = act(state, seat_no, action, coins)
        assert state_hash(state) == before                       # decide never touches its input
        replayed, _ = engine.apply(state, d.event)
        assert state_hash(replayed) == state_hash(d.state)
