"""EX Ruby & Sapphire Pokémon ex1-1 … ex1-20 (Aggron … Sceptile): one board per effect, exact
outcomes, coins fixed (FixedCoins: each test also proves how many flips an action needs).

Boards come from sandbox positions (fixtures). Seat 0 (Ana) acts unless a test says
otherwise; an attack ends the turn, so the returned state is already the opponent's turn, after
the between-turns checkup and draw. Opponents are ex1 Basics used only for their HP, Weakness,
Resistance and attacks without effect text.
"""
import pytest

from projections.tcg import carddb, engine
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import FixedCoins
from tests.engine.cards.fixtures import (
    DARKNESS_ENERGY,
    FIGHTING,
    FIRE,
    GRASS,
    LIGHTNING,
    METAL_ENERGY,
    PSYCHIC,
    RAINBOW_ENERGY,
    WATER,
    ReversedShuffles,
    act,
    attack,
    board,
    cards,
    choose,
    end_turn,
    hit,
    me,
    offered,
    poke,
    power,
    refuse,
    said,
    side,
    table_match,
    table_step,
    them,
    use,
)

AGGRON, BEAUTIFLY, BLAZIKEN, CAMERUPT, DELCATTY, DUSTOX, GARDEVOIR, HARIYAMA = (
    "ex1-1", "ex1-2", "ex1-3", "ex1-4", "ex1-5", "ex1-6", "ex1-7", "ex1-8")
MANECTRIC, MIGHTYENA, SCEPTILE, SLAKING, SWAMPERT, WAILORD, BLAZIKEN_15, BRELOOM = (
    "ex1-9", "ex1-10", "ex1-11", "ex1-12", "ex1-13", "ex1-14", "ex1-15", "ex1-16")
DONPHAN, NOSEPASS, PELIPPER, SCEPTILE_20 = "ex1-17", "ex1-18", "ex1-19", "ex1-20"
# opponents (Basics: their plain attacks have no effect text)
ARON, ARON_RAM, ELECTRIKE, MAKUHITA, MUDKIP, NUMEL, PHANPY, RALTS, WAILMER = (
    "ex1-50", "ex1-49", "ex1-52", "ex1-57", "ex1-60", "ex1-61", "ex1-62", "ex1-68", "ex1-48")
CHANSEY_EX, HITMONCHAN_EX = "ex1-96", "ex1-98"


# -- helpers ---------------------------------------------------------------------------------


def test_every_card_of_the_group_is_implemented():
    assert [n for n in range(1, 21) if not carddb.card(f"ex1-{n}").implemented] == []


# -- ex1-1 Aggron --------------------------------------------------------------------------------

def test_ex1_1_aggron_retaliate_heads_10_per_own_counter():
    st = board(side(poke(AGGRON, energy=[FIGHTING], damage=30)), side(poke(MAKUHITA)))
    d = hit(st, "Retaliate", ["heads"])
    assert them(d).active.damage == 30
    said(d, "Retaliate does 30 damage to Makuhita (base 30)")


def test_ex1_1_aggron_retaliate_tails_or_no_counters_does_no_damage():
    st = board(side(poke(AGGRON, energy=[FIGHTING], damage=30)), side(poke(MAKUHITA)))
    d = hit(st, "Retaliate", ["tails"])
    assert them(d).active.damage == 0
    said(d, "Retaliate does no damage to Makuhita")
    undamaged = board(side(poke(AGGRON, energy=[FIGHTING])), side(poke(MAKUHITA)))
    assert them(hit(undamaged, "Retaliate", ["heads"])).active.damage == 0


def test_ex1_1_aggron_mega_punch_and_double_lariat_on_a_pokemon_ex():
    energy = [METAL_ENERGY, METAL_ENERGY, FIGHTING, FIGHTING, FIGHTING]
    st = board(side(poke(AGGRON, energy=energy)), side(poke(CHANSEY_EX), bench=[poke(ARON)]))
    assert them(hit(st, "Mega Punch")).active.damage == 40
    assert them(hit(st, "Double Lariat", ["heads", "tails"])).active.damage == 70
    # two heads: 140 Knocks Out Chansey ex, a Pokémon-ex: 2 Prize cards
    d = hit(st, "Double Lariat", ["heads", "heads"])
    assert len(me(d).prizes) == 4 and d.state.phase == "promote"


# -- ex1-2 Beautifly -------------------------------------------------------------------------------

def test_R_DAMAGE_1_ex1_2_withering_dust_no_resistance_for_the_defending_pokemon():
    # Breloom (Grass) against Aron, which resists Grass: 20 − 30 = 0 without Beautifly
    plain = board(side(poke(BRELOOM, energy=[GRASS, GRASS])), side(poke(ARON)))
    assert them(hit(plain, "Headbutt")).active.damage == 0
    st = board(side(poke(BRELOOM, energy=[GRASS, GRASS]), bench=[poke(BEAUTIFLY)]), side(poke(ARON)))
    d = hit(st, "Headbutt")
    assert them(d).active.damage == 20
    said(d, "Headbutt does 20 damage to Aron (base 20) — 20/50")


def test_ex1_2_withering_dust_also_for_its_owners_active_but_weakness_stays():
    # the opponent's Water attack on a Sceptile that resists Water: Beautifly is Sceptile's owner's
    st = board(side(poke(MUDKIP, energy=[WATER])), side(poke(SCEPTILE), bench=[poke(BEAUTIFLY)]),
               seat_to_act=1)
    assert me(hit(st, "Pound")).active.damage == 10
    plain = board(side(poke(MUDKIP, energy=[WATER])), side(poke(SCEPTILE)), seat_to_act=1)
    assert me(hit(plain, "Pound")).active.damage == 0
    # Weakness still applies: Breloom (Grass) on Phanpy, weak to Grass
    weak = board(side(poke(BRELOOM, energy=[GRASS, GRASS]), bench=[poke(BEAUTIFLY)]), side(poke(PHANPY)))
    assert them(hit(weak, "Headbutt")).active.damage == 40


def test_ex1_2_beautifly_stun_spore_heads_paralyzes():
    st = board(side(poke(BEAUTIFLY, energy=[GRASS])), side(poke(WAILMER)))
    d = hit(st, "Stun Spore", ["heads"])
    assert them(d).active.damage == 20 and them(d).active.conditions == ["paralyzed"]
    d = hit(st, "Stun Spore", ["tails"])
    assert them(d).active.damage == 20 and them(d).active.conditions == []


def test_ex1_2_beautifly_parallel_gain_heals_one_counter_from_each_own_pokemon():
    st = board(side(poke(BEAUTIFLY, energy=[GRASS, GRASS, GRASS], damage=20),
                    bench=[poke(NUMEL, damage=10), poke(ARON)]),
               side(poke(CHANSEY_EX, damage=30)))
    d = hit(st, "Parallel Gain")
    assert [p.damage for p in me(d).in_play()] == [10, 0, 0]
    assert them(d).active.damage == 80     # 30 + 50: the opponent's Pokémon are not healed
    said(d, "Beautifly has 1 damage counter(s) removed (10/80)")


# -- ex1-3 Blaziken -----------------------------------------------------------------------------------

def _firestarter_board(discard=(FIRE,), bench=(NUMEL,), conditions=()):
    return board(side(poke(BLAZIKEN, conditions=conditions), bench=[poke(b) for b in bench],
                      discard=list(discard)),
                 side(poke(WAILMER)))


def test_ex1_3_firestarter_attaches_fire_from_the_discard_to_a_benched_pokemon():
    st = _firestarter_board(discard=[FIRE, WATER])
    fire = me(st).discard[0]
    d = power(st, me(st).active.top, "Firestarter", cards=[fire], to=me(st).bench[0].top)
    assert me(d).bench[0].energy == [fire] and cards(d.state, me(d).discard) == [WATER]
    assert d.state.this_turn["energy_attached"] is None      # not the turn's attachment
    said(d, "Firestarter attaches")
    # once during a turn
    refuse(d.state, 0, use(me(st).active.top, "Firestarter"), "R-POWER-1", "once during your turn")


def test_ex1_3_firestarter_offers_each_fire_and_benched_pokemon_and_refuses_without_them():
    st = _firestarter_board(discard=[FIRE, FIRE, WATER], bench=[NUMEL, ARON])
    fires, bench = me(st).discard[:2], [p.top for p in me(st).bench]
    assert offered(st, "use_power", "Firestarter") == [{"cards": [f], "to": b} for f in fires for b in bench]
    refuse(st, 0, use(me(st).active.top, "Firestarter", cards=[me(st).discard[2]], to=bench[0]),
           "R-POWER-1", "basic Fire Energy")
    refuse(st, 0, use(me(st).active.top, "Firestarter", cards=[fires[0]], to=me(st).active.top),
           "R-POWER-1", "Benched")
    no_fire = _firestarter_board(discard=[WATER])
    refuse(no_fire, 0, use(me(no_fire).active.top, "Firestarter"), "R-POWER-1", "there is none")
    no_bench = _firestarter_board(bench=())
    refuse(no_bench, 0, use(me(no_bench).active.top, "Firestarter"), "R-POWER-1", "you have none")


def test_ex1_3_blaziken_fire_stream_discards_a_fire_and_hits_each_opposing_bench():
    st = board(side(poke(BLAZIKEN, energy=[FIRE, FIRE, WATER])),
               side(poke(WAILMER), bench=[poke(ARON), poke(NUMEL)]))
    fires = me(st).active.energy[:2]
    refuse(st, 0, attack("Fire Stream"), "R-ATTACK-2", "choose 1")
    assert offered(st, "attack", "Fire Stream") == [{"cards": [fires[0]]}, {"cards": [fires[1]]}]
    d = hit(st, "Fire Stream", cards=[fires[1]])
    assert me(d).active.energy == [fires[0], me(st).active.energy[2]] and fires[1] in me(d).discard
    assert them(d).active.damage == 50 and [p.damage for p in them(d).bench] == [10, 10]


# -- ex1-4 Camerupt ----------------------------------------------------------------------------------

def test_ex1_4_camerupt_lava_burn_10_to_the_chosen_benched_pokemon():
    st = board(side(poke(CAMERUPT, energy=[FIRE, FIRE])),
               side(poke(WAILMER), bench=[poke(ARON), poke(NUMEL)]))
    bench = [p.top for p in them(st).bench]
    assert offered(st, "attack", "Lava Burn") == [{"pokemon": [b]} for b in bench]
    refuse(st, 0, attack("Lava Burn"), "R-ATTACK-2", "benched")
    d = hit(st, "Lava Burn", pokemon=[bench[1]])
    # Numel is weak to Water, not Fire: no Weakness on the Bench anyway (R-DAMAGE-2)
    assert them(d).active.damage == 20 and [p.damage for p in them(d).bench] == [0, 10]
    lone = board(side(poke(CAMERUPT, energy=[FIRE, FIRE])), side(poke(WAILMER)))
    assert them(hit(lone, "Lava Burn")).active.damage == 20


def test_ex1_4_camerupt_fire_spin_discards_two_chosen_basic_energy():
    st = board(side(poke(CAMERUPT, energy=[FIRE, FIRE, FIGHTING, RAINBOW_ENERGY])), side(poke(CHANSEY_EX)))
    e = me(st).active.energy
    refuse(st, 0, attack("Fire Spin"), "R-ATTACK-2", "choose 2")
    refuse(st, 0, attack("Fire Spin", cards=[e[0], e[3]]), "R-ATTACK-2")   # Rainbow is not basic
    assert len(offered(st, "attack", "Fire Spin")) == 3
    d = hit(st, "Fire Spin", cards=[e[0], e[2]])
    assert me(d).active.energy == [e[1], e[3]] and them(d).active.damage == 100
    said(d, "discards 2 basic Energy card(s) for Fire Spin")


def test_ex1_4_camerupt_fire_spin_does_nothing_with_fewer_than_two_basic_energy():
    st = board(side(poke(CAMERUPT, energy=[FIRE, RAINBOW_ENERGY, RAINBOW_ENERGY, RAINBOW_ENERGY])),
               side(poke(WAILMER)))
    d = hit(st, "Fire Spin")
    assert them(d).active.damage == 0 and me(d).active.energy == me(st).active.energy
    said(d, "Fire Spin does nothing")


def test_R_ATTACK_2_ex1_4_fire_spin_discards_before_the_confusion_flip():
    st = board(side(poke(CAMERUPT, energy=[FIRE, FIRE, FIRE, FIRE], conditions=["confused"])),
               side(poke(WAILMER)))
    e = me(st).active.energy
    d = hit(st, "Fire Spin", ["tails"], cards=e[:2])
    assert me(d).active.energy == e[2:] and me(d).active.damage == 30 and them(d).active.damage == 0


# -- ex1-5 Delcatty ------------------------------------------------------------------------------------

def test_ex1_5_energy_draw_discards_an_energy_then_draws_up_to_three():
    st = board(side(poke(DELCATTY), hand=[WATER, GRASS], deck=[FIRE, PSYCHIC, FIGHTING, LIGHTNING]),
               side(poke(WAILMER)))
    water, grass = me(st).hand
    top = me(st).deck[:3]
    d = power(st, me(st).active.top, "Energy Draw", cards=[water])
    assert me(d).hand == [grass, *top] and me(d).discard == [water] and len(me(d).deck) == 1
    said(d, "draws 3 card(s)")
    refuse(d.state, 0, use(me(st).active.top, "Energy Draw", cards=[grass]), "R-POWER-1", "once")
    fewer = power(st, me(st).active.top, "Energy Draw", cards=[grass], count=1)
    assert me(fewer).hand == [water, top[0]]


def test_ex1_5_energy_draw_choices_and_refusals():
    st = board(side(poke(DELCATTY), hand=[WATER, ARON], deck=[FIRE, PSYCHIC]), side(poke(WAILMER)))
    water, aron = me(st).hand
    assert offered(st, "use_power", "Energy Draw") == [{"cards": [water], "count": n} for n in range(3)]
    refuse(st, 0, use(me(st).active.top, "Energy Draw", cards=[aron]), "R-POWER-1", "Energy card in your hand")
    refuse(st, 0, use(me(st).active.top, "Energy Draw", count=4), "R-POWER-1", "0 to 3")
    # the deck holds 2: both are drawn (R-TRAINER-5)
    d = power(st, me(st).active.top, "Energy Draw")
    assert len(me(d).hand) == 3 and me(d).deck == []
    said(d, "draws 2 card(s) (the deck held no more)")
    none = board(side(poke(DELCATTY), hand=[ARON]), side(poke(WAILMER)))
    refuse(none, 0, use(me(none).active.top, "Energy Draw"), "R-POWER-1", "there is none")


def test_R_TABLE_1_ex1_5_energy_draw_at_a_paper_table_names_the_energy_by_card_id():
    skitty = "ex1-44"
    st = table_match([skitty] * 4 + [DELCATTY] * 4 + [WATER] * 26 + [FIGHTING] * 26, [ARON] * 4 + [FIGHTING] * 56)
    st = table_step(st, 0, {"type": "setup", "active": skitty,
                            "hand": [skitty, DELCATTY, WATER, WATER, FIGHTING, FIGHTING, FIGHTING]}).state
    st = table_step(st, 1, {"type": "setup", "active": ARON, "hand": [ARON] + [FIGHTING] * 6}, ["heads"]).state
    for seat, kind in ((0, "end_turn"), (1, "draw"), (1, "end_turn"), (0, "draw")):
        st = table_step(st, seat, {"type": kind}).state
    st = table_step(st, 0, {"type": "evolve", "card": DELCATTY, "target": st.seats[0].active.top}).state
    d = table_step(st, 0, {"type": "use_power", "pokemon": st.seats[0].active.top, "power": "Energy Draw",
                           "choices": {"cards": [WATER], "count": 2}, "drawn": {"0": [skitty]}})
    s = d.state
    assert [s.card_id(i) for i in s.seats[0].discard] == [WATER]
    assert sorted(s.card_id(i) for i in s.seats[0].hand[-2:]) == sorted([skitty, carddb.UNKNOWN])


def test_ex1_5_delcatty_max_energy_source_10_per_energy_on_the_active():
    st = board(side(poke(DELCATTY, energy=[WATER, RAINBOW_ENERGY, GRASS])), side(poke(WAILMER)))
    assert them(hit(st, "Max Energy Source")).active.damage == 30


@pytest.mark.parametrize("which, name, hand, discard", [
    (BLAZIKEN, "Firestarter", [], [FIRE]),
    (DELCATTY, "Energy Draw", [WATER], []),
    (GARDEVOIR, "Psy Shadow", [], []),
    (SWAMPERT, "Water Call", [WATER], []),
    (SCEPTILE_20, "Energy Trans", [], []),
])
@pytest.mark.parametrize("condition", ["poisoned", "burned", "asleep"])
def test_R_POWER_2_ex1_poke_powers_refused_under_any_special_condition(which, name, hand, discard, condition):
    st = board(side(poke(which, energy=[GRASS], conditions=[condition]), bench=[poke(NUMEL, energy=[GRASS])],
                    hand=hand, discard=discard, deck=[PSYCHIC, FIGHTING]),
               side(poke(WAILMER)))
    refuse(st, 0, use(me(st).active.top, name), "R-POWER-2", condition)


# -- ex1-6 Dustox --------------------------------------------------------------------------------------

def test_ex1_6_protective_dust_takes_the_damage_but_not_the_effects():
    st = board(side(poke(BEAUTIFLY, energy=[GRASS])), side(poke(DUSTOX)))
    d = hit(st, "Stun Spore", ["heads"])
    assert them(d).active.damage == 20 and them(d).active.conditions == []
    said(d, "Dustox is protected from the effects of attacks")
    clutch = board(side(poke(BLAZIKEN_15, energy=[FIRE, FIRE])), side(poke(DUSTOX), bench=[poke(ARON)]))
    d = hit(clutch, "Clutch")
    assert them(d).active.damage == 20 and them(d).active.effects == []
    retreat = act(d.state, 1, {"type": "retreat", "to": them(d).bench[0].top, "discard": []})
    assert them(retreat).active.top == them(d).bench[0].top


def test_ex1_6_protective_dust_does_not_shield_other_pokemon_or_own_attacks():
    st = board(side(poke(BEAUTIFLY, energy=[GRASS])), side(poke(WAILMER), bench=[poke(DUSTOX)]))
    assert them(hit(st, "Stun Spore", ["heads"])).active.conditions == ["paralyzed"]


def test_ex1_6_dustox_toxic_poisons_for_two_counters_between_turns():
    st = board(side(poke(DUSTOX, energy=[GRASS, GRASS, GRASS])), side(poke(WAILMER)))
    d = hit(st, "Toxic")
    assert them(d).active.conditions == ["poisoned"] and them(d).active.damage == 20
    said(d, "Poison between turns: 2 damage counters on Wailmer")
    assert them(hit(st, "Gust")).active.damage == 50


# -- ex1-7 Gardevoir -------------------------------------------------------------------------------------

def _psy_board(deck=(FIGHTING, PSYCHIC, FIGHTING, PSYCHIC), bench=(RALTS,), bench_damage=0):
    return board(side(poke(GARDEVOIR), bench=[poke(b, damage=bench_damage) for b in bench], deck=list(deck)),
                 side(poke(WAILMER), bench=[poke(ARON)]))


def test_R_HIDDEN_1_ex1_7_psy_shadow_shows_the_deck_then_attaches_psychic_with_two_counters():
    st = _psy_board()
    gardevoir, ralts = me(st).active.top, me(st).bench[0].top
    deck = list(me(st).deck)
    d = power(st, gardevoir, "Psy Shadow")
    assert d.state.pending == {"seat": 0, "card": gardevoir, "kind": "search", "look": deck, "by": "power"}
    said(d, "looks through the deck for a basic Psychic Energy card")
    # the next action is choose; legal_actions offers each Psychic Energy onto each Pokémon
    refuse(d.state, 0, {"type": "end_turn"}, "R-TRAINER-1", "choose")
    assert offered(d.state, "choose") == [{"search": [c], "to": p} for c in (deck[1], deck[3])
                                          for p in (gardevoir, ralts)]
    refuse(d.state, 0, choose(search=[deck[0]], to=ralts), "R-POWER-1", "basic Psychic Energy")
    refuse(d.state, 0, choose(search=[], to=ralts), "R-POWER-1", "must be taken")
    done = act(d.state, 0, choose(search=[deck[3]], to=ralts))
    assert me(done).bench[0].energy == [deck[3]] and me(done).bench[0].damage == 20
    assert me(done).deck == [deck[0], deck[1], deck[2]] and done.state.pending is None
    said(done, "Psy Shadow: 2 damage counters on Ralts (20/50)")
    refuse(done.state, 0, use(gardevoir, "Psy Shadow"), "R-POWER-1", "once")


def test_ex1_7_psy_shadow_given_at_once_and_finding_nothing():
    st = _psy_board()
    deck = list(me(st).deck)
    d = power(st, me(st).active.top, "Psy Shadow", search=[deck[1]], to=me(st).active.top)
    assert me(d).active.energy == [deck[1]] and me(d).active.damage == 20 and d.state.pending is None
    refuse(st, 0, use(me(st).active.top, "Psy Shadow", search=[deck[0]], to=me(st).active.top),
           "R-POWER-1", "in the deck")
    empty = _psy_board(deck=[FIGHTING, WATER])
    d = power(empty, me(empty).active.top, "Psy Shadow")
    assert offered(d.state, "choose") == [{"search": []}]
    done = act(d.state, 0, choose(search=[]))
    assert len(me(done).deck) == 2 and all(not p.energy and not p.damage for p in me(done).in_play())
    said(done, "finds no basic Psychic Energy card")


def test_R_DAMAGE_3_ex1_7_psy_shadow_counters_can_knock_out_and_give_a_prize():
    st = _psy_board(bench_damage=40)
    deck, ralts = list(me(st).deck), me(st).bench[0].top
    d = act(power(st, me(st).active.top, "Psy Shadow").state, 0, choose(search=[deck[1]], to=ralts))
    assert me(d).bench == [] and len(them(d).prizes) == 5
    assert deck[1] in me(d).discard and ralts in me(d).discard


def test_ex1_7_gardevoir_energy_burst_counts_both_pokemons_energy():
    st = board(side(poke(GARDEVOIR, energy=[PSYCHIC, RAINBOW_ENERGY])), side(poke(WAILMER, energy=[WATER])))
    assert them(hit(st, "Energy Burst")).active.damage == 30


# -- ex1-8 Hariyama --------------------------------------------------------------------------------------

def test_ex1_8_hariyama_super_slap_push_20_with_weakness():
    st = board(side(poke(HARIYAMA, energy=[FIGHTING])), side(poke(ELECTRIKE)))
    d = hit(st, "Super Slap Push")
    assert them(d).active.damage == 40
    said(d, "base 20; Weakness ×2 = 40")


def test_ex1_8_hariyama_mega_throw_40_more_on_a_pokemon_ex():
    energy = [FIGHTING, FIGHTING, FIGHTING]
    assert them(hit(board(side(poke(HARIYAMA, energy=energy)), side(poke(WAILMER))), "Mega Throw")).active.damage == 40
    ex = board(side(poke(HARIYAMA, energy=energy)), side(poke(HITMONCHAN_EX)))
    assert them(hit(ex, "Mega Throw")).active.damage == 80


# -- ex1-9 Manectric -------------------------------------------------------------------------------------

def _manectric_board(deck=(FIGHTING, LIGHTNING, LIGHTNING)):
    return board(side(poke(MANECTRIC, energy=[FIGHTING]), bench=[poke(ELECTRIKE)], deck=list(deck)),
                 side(poke(MAKUHITA)))


def test_R_HIDDEN_1_ex1_9_attract_current_damages_then_shows_the_deck_then_attaches_lightning():
    st = _manectric_board()
    manectric, electrike = me(st).active.top, me(st).bench[0].top
    deck = list(me(st).deck)
    d = hit(st, "Attract Current")
    assert them(d).active.damage == 10 and d.state.seat_to_act == 0
    assert d.state.pending == {"seat": 0, "card": manectric, "kind": "search", "look": deck, "by": "attack",
                               "attack": "Attract Current", "effect": 0}
    assert offered(d.state, "choose") == [{"search": [c], "to": p} for c in deck[1:] for p in (manectric, electrike)]
    refuse(d.state, 0, choose(search=[deck[0]], to=electrike), "R-ATTACK-2", "basic Lightning Energy")
    refuse(d.state, 0, choose(search=[deck[1]]), "R-ATTACK-2", "choices.to")
    done = act(d.state, 0, choose(search=[deck[2]], to=electrike))
    assert me(done).bench[0].energy == [deck[2]] and me(done).deck == deck[:2]
    assert done.state.pending is None and done.state.seat_to_act == 1      # then the attack ends the turn
    said(done, "Attract Current attaches")


def test_ex1_9_attract_current_given_at_once_or_finding_nothing():
    st = _manectric_board()
    deck = list(me(st).deck)
    d = hit(st, "Attract Current", search=[deck[1]], to=me(st).active.top)
    assert me(d).active.energy[-1] == deck[1] and d.state.seat_to_act == 1
    none = _manectric_board(deck=[FIGHTING, WATER])
    d = hit(none, "Attract Current")
    assert offered(d.state, "choose") == [{"search": []}]
    done = act(d.state, 0, choose())
    said(done, "finds no basic Lightning Energy card")
    assert done.state.seat_to_act == 1


def test_ex1_9_manectric_thunder_jolt_tails_hurts_itself():
    st = board(side(poke(MANECTRIC, energy=[LIGHTNING, LIGHTNING, LIGHTNING])), side(poke(CHANSEY_EX)))
    d = hit(st, "Thunder Jolt", ["tails"])
    assert them(d).active.damage == 50 and me(d).active.damage == 10
    assert me(hit(st, "Thunder Jolt", ["heads"])).active.damage == 0


# -- ex1-10 Mightyena ------------------------------------------------------------------------------------

def test_R_DAMAGE_1_ex1_10_intimidating_fang_10_less_before_weakness():
    # Makuhita's Low Kick (30, Fighting) on Mightyena, weak to Fighting: (30 − 10) × 2 = 40
    st = board(side(poke(MAKUHITA, energy=[FIGHTING, FIGHTING])), side(poke(MIGHTYENA)), seat_to_act=1)
    d = hit(st, "Low Kick")
    assert me(d).active.damage == 40
    said(d, "base 30; Intimidating Fang −10 = 20; Weakness ×2 = 40")
    gnaw = board(side(poke(ARON, energy=[METAL_ENERGY])), side(poke(MIGHTYENA)), seat_to_act=1)
    d = hit(gnaw, "Gnaw")
    assert me(d).active.damage == 0
    said(d, "Gnaw does no damage")


def test_ex1_10_intimidating_fang_covers_the_bench_only_while_mightyena_is_active():
    st = board(side(poke(BLAZIKEN, energy=[FIRE, FIRE, FIRE])), side(poke(MIGHTYENA), bench=[poke(ARON)]),
               seat_to_act=1)
    d = hit(st, "Fire Stream", cards=[them(st).active.energy[0]])
    assert me(d).active.damage == 40 and me(d).bench[0].damage == 0
    benched = board(side(poke(ARON_RAM, energy=[GRASS, GRASS])), side(poke(ARON), bench=[poke(MIGHTYENA)]),
                    seat_to_act=1)
    assert me(hit(benched, "Ram")).active.damage == 20


def test_ex1_10_mightyena_shakedown_heads_discards_a_card_picked_unseen():
    st = board(side(poke(MIGHTYENA, energy=[DARKNESS_ENERGY, FIGHTING, FIGHTING])),
               side(poke(WAILMER), hand=[ARON, WATER]))
    aron, water = them(st).hand
    d = hit(st, "Shakedown", ["heads"])
    # the pick is the action's randomness (a shuffle, recorded like a coin): without one, the first;
    # 40 + 10 for the Darkness Energy on a Darkness Pokémon (ex1-93)
    assert them(d).discard == [aron] and them(d).active.damage == 50 and water in them(d).hand
    assert d.event["payload"]["rng"] == {"coins": ["heads"], "shuffles": [[0, 1]]}
    said(d, "picks a card from Seat 1 (Beto)'s hand without looking")
    assert them(hit(st, "Shakedown", ["tails"])).discard == []
    # a source whose shuffle puts the second card first: that card is the one discarded
    picked = engine.decide(st, 0, attack("Shakedown"), FixedCoins(["heads"], shuffles_from=ReversedShuffles()))
    assert picked.legal and them(picked).discard == [water] and them(picked).hand[0] == aron
    empty = board(side(poke(MIGHTYENA, energy=[DARKNESS_ENERGY, FIGHTING, FIGHTING])), side(poke(WAILMER)))
    said(hit(empty, "Shakedown", ["heads"]), "has no card in hand to discard")


# -- ex1-11 Sceptile -------------------------------------------------------------------------------------

@pytest.mark.parametrize("energy, conditions, coins, damage", [
    ([GRASS], ["asleep"], ["tails"], 20),                                  # tails: stays Asleep
    ([GRASS, GRASS], ["poisoned"], [], 30),                                # + 1 Poison counter
    ([GRASS, GRASS, GRASS], ["asleep", "poisoned"], ["tails"], 30),
    ([GRASS] * 5, ["asleep", "burned", "poisoned"], ["tails", "tails"], 50),   # Burn tails: 2 counters
])
def test_ex1_11_sceptile_lizard_poison_by_the_energy_attached(energy, conditions, coins, damage):
    st = board(side(poke(SCEPTILE, energy=energy)), side(poke(WAILMER)))
    d = hit(st, "Lizard Poison", coins)
    assert them(d).active.conditions == conditions and them(d).active.damage == damage


def test_ex1_11_sceptile_solarbeam():
    st = board(side(poke(SCEPTILE, energy=[GRASS] * 5)), side(poke(WAILMER)))
    assert them(hit(st, "Solarbeam")).active.damage == 70


# -- ex1-12 Slaking ---------------------------------------------------------------------------------------

def test_ex1_12_lazy_stops_the_opponents_poke_powers_while_slaking_is_active():
    st = board(side(poke(DELCATTY), hand=[WATER]), side(poke(SLAKING)), seat_to_act=1)
    delcatty = them(st).active.top
    v = refuse(st, 1, use(delcatty, "Energy Draw"), "R-POWER-1", "Lazy")
    assert "Slaking" in v["message"]
    assert offered(st, "use_power", seat_no=1) == []
    benched = board(side(poke(DELCATTY), hand=[WATER]), side(poke(ARON), bench=[poke(SLAKING)]), seat_to_act=1)
    assert them(power(benched, delcatty, "Energy Draw")).discard == them(benched).hand


def test_ex1_12_lazy_leaves_its_owners_powers_alone():
    st = board(side(poke(SLAKING), bench=[poke(DELCATTY)], hand=[WATER]), side(poke(WAILMER)))
    assert me(power(st, me(st).bench[0].top, "Energy Draw")).discard == me(st).hand


def test_ex1_12_slaking_critical_move_discards_a_basic_energy_and_rests_next_turn():
    st = board(side(poke(SLAKING, energy=[FIGHTING, WATER] + [RAINBOW_ENERGY] * 3)), side(poke(CHANSEY_EX)))
    e = me(st).active.energy
    assert offered(st, "attack", "Critical Move") == [{"cards": [e[0]]}, {"cards": [e[1]]}]
    d = hit(st, "Critical Move", cards=[e[1]])
    assert them(d).active.damage == 100 and me(d).active.energy == [e[0], *e[2:]]
    said(d, "Slaking can't attack during its owner's next turn")
    mine = end_turn(d.state)
    v = refuse(mine, 0, attack("Critical Move", cards=[e[0]]), "R-ATTACK-1", "Critical Move")
    assert "can't use Critical Move this turn" in v["message"]
    # the turn after, Slaking attacks again: 200 Knocks Out Chansey ex (2 Prize cards), which has no Bench
    again = hit(end_turn(end_turn(mine)), "Critical Move")
    assert len(me(again).prizes) == 4 and again.state.result["winner"] == 0


def test_ex1_12_critical_move_without_basic_energy_does_nothing_and_does_not_rest():
    st = board(side(poke(SLAKING, energy=[RAINBOW_ENERGY] * 4)), side(poke(CHANSEY_EX)))
    d = hit(st, "Critical Move")
    assert them(d).active.damage == 0 and len(me(d).active.energy) == 4 and me(d).active.effects == []
    said(d, "Critical Move does nothing")


# -- ex1-13 Swampert ---------------------------------------------------------------------------------------

def test_ex1_13_water_call_attaches_water_from_the_hand_to_the_active():
    st = board(side(poke(WAILORD), bench=[poke(SWAMPERT)], hand=[WATER, RAINBOW_ENERGY, WATER]),
               side(poke(WAILMER)))
    swampert = me(st).bench[0].top
    water, rainbow, water2 = me(st).hand
    assert offered(st, "use_power", "Water Call") == [{"cards": [water]}, {"cards": [water2]}]
    refuse(st, 0, use(swampert, "Water Call", cards=[rainbow]), "R-POWER-1", "basic Water Energy")
    d = power(st, swampert, "Water Call", cards=[water2])
    assert me(d).active.energy == [water2] and me(d).hand == [water, rainbow]
    assert d.state.this_turn["energy_attached"] is None
    refuse(d.state, 0, use(swampert, "Water Call", cards=[water]), "R-POWER-1", "once")
    # the turn's own attachment is still there
    attached = act(d.state, 0, {"type": "attach_energy", "card": water, "target": swampert})
    assert me(attached).bench[0].energy == [water]
    none = board(side(poke(SWAMPERT), hand=[FIRE]), side(poke(WAILMER)))
    refuse(none, 0, use(me(none).active.top, "Water Call"), "R-POWER-1", "there is none")


def test_ex1_13_swampert_hypno_splash_puts_to_sleep():
    st = board(side(poke(SWAMPERT, energy=[WATER] * 4)), side(poke(CHANSEY_EX)))
    d = hit(st, "Hypno Splash", ["tails"])       # the Asleep flip between turns: tails, it stays
    assert them(d).active.damage == 50 and them(d).active.conditions == ["asleep"]


# -- ex1-14 Wailord ----------------------------------------------------------------------------------------

def test_ex1_14_wailord_take_down_and_surf():
    st = board(side(poke(WAILORD, energy=[WATER] * 5)), side(poke(CHANSEY_EX)))
    d = hit(st, "Take Down")
    assert them(d).active.damage == 50 and me(d).active.damage == 20
    assert them(hit(st, "Surf")).active.damage == 70


# -- ex1-15 Blaziken ---------------------------------------------------------------------------------------

def test_ex1_15_blaziken_clutch_the_defending_pokemon_cant_retreat_next_turn():
    st = board(side(poke(BLAZIKEN_15, energy=[FIRE, FIRE])),
               side(poke(ELECTRIKE, energy=[LIGHTNING]), bench=[poke(ARON)]))
    retreat = {"type": "retreat", "to": them(st).bench[0].top, "discard": list(them(st).active.energy)}
    d = hit(st, "Clutch")
    assert them(d).active.damage == 20
    refuse(d.state, 1, retreat, "R-RETREAT-1", "Clutch")
    assert [a for a in legal_actions(d.state, 1) if a["type"] == "retreat"] == []
    # it ends with that turn: on its owner's turn after, Electrike retreats
    later = end_turn(end_turn(d.state))
    assert not them(later).active.effects
    assert them(act(later, 1, retreat)).active.top == them(st).bench[0].top


def test_ex1_15_blaziken_flamethrower_discards_a_fire():
    st = board(side(poke(BLAZIKEN_15, energy=[FIRE, WATER, WATER, WATER])), side(poke(CHANSEY_EX)))
    d = hit(st, "Flamethrower")
    assert them(d).active.damage == 80 and cards(d.state, me(d).active.energy) == [WATER] * 3
    assert cards(d.state, me(d).discard) == [FIRE]


# -- ex1-16 Breloom ----------------------------------------------------------------------------------------

def test_ex1_16_breloom_battle_blast_10_more_per_fighting_energy():
    st = board(side(poke(BRELOOM, energy=[GRASS, FIGHTING, FIGHTING, RAINBOW_ENERGY])), side(poke(CHANSEY_EX)))
    assert them(hit(st, "Battle Blast")).active.damage == 70       # Rainbow Energy is Fighting too
    plain = board(side(poke(BRELOOM, energy=[GRASS, GRASS, GRASS])), side(poke(CHANSEY_EX)))
    assert them(hit(plain, "Battle Blast")).active.damage == 40
    assert them(hit(plain, "Headbutt")).active.damage == 20


# -- ex1-17 Donphan ----------------------------------------------------------------------------------------

def test_ex1_17_donphan_rend_20_more_on_a_damaged_pokemon():
    energy = [FIGHTING, FIGHTING, FIGHTING, FIGHTING]
    assert them(hit(board(side(poke(DONPHAN, energy=energy)), side(poke(WAILMER))), "Rend")).active.damage == 20
    hurt = board(side(poke(DONPHAN, energy=energy)), side(poke(WAILMER, damage=10)))
    assert them(hit(hurt, "Rend")).active.damage == 50


def test_ex1_17_donphan_double_spin():
    st = board(side(poke(DONPHAN, energy=[FIGHTING] * 4)), side(poke(WAILMER)))
    assert them(hit(st, "Double Spin", ["heads", "tails"])).active.damage == 60


# -- ex1-18 Nosepass ---------------------------------------------------------------------------------------

def test_ex1_18_invisible_hand_against_an_evolved_pokemon_takes_any_card():
    st = board(side(poke(NOSEPASS, energy=[FIGHTING]), deck=[FIRE, ARON, WATER]), side(poke(CAMERUPT)))
    deck = list(me(st).deck)
    d = hit(st, "Invisible Hand")
    assert d.state.pending["look"] == deck and d.state.pending["attack"] == "Invisible Hand"
    assert offered(d.state, "choose") == [{"search": [c]} for c in deck]
    refuse(d.state, 0, choose(), "R-ATTACK-2", "choices.search")
    done = act(d.state, 0, choose(search=[deck[1]]))
    assert me(done).hand[-1] == deck[1] and me(done).deck == [deck[0], deck[2]]
    at_once = hit(st, "Invisible Hand", search=[deck[2]])
    assert me(at_once).hand[-1] == deck[2] and at_once.state.pending is None


def test_ex1_18_invisible_hand_against_a_basic_does_nothing():
    st = board(side(poke(NOSEPASS, energy=[FIGHTING]), deck=[FIRE, ARON]), side(poke(WAILMER)))
    d = hit(st, "Invisible Hand")
    assert d.state.pending is None and len(me(d).deck) == 2 and d.state.seat_to_act == 1
    said(d, "not an Evolved Pokémon")


def test_R_KO_3_ex1_18_repulsion_heads_returns_the_defending_pokemon_and_the_opponent_promotes():
    st = board(side(poke(NOSEPASS, energy=[FIGHTING, FIGHTING])),
               side(poke(CAMERUPT, energy=[FIRE], damage=30), bench=[poke(ARON)]))
    stack, energy = list(them(st).active.stack), list(them(st).active.energy)
    d = hit(st, "Repulsion", ["heads"])
    assert them(d).active is None and set(stack + energy) <= set(them(d).hand)
    assert d.state.phase == "promote" and d.state.pending_promotions == [1]
    said(d, "go back to Seat 1 (Beto)'s hand")
    promoted = act(d.state, 1, {"type": "promote", "card": them(d).bench[0].top})
    assert them(promoted).active.top == them(st).bench[0].top and promoted.state.seat_to_act == 1
    assert them(hit(st, "Repulsion", ["tails"])).active.top == stack[-1]


def test_ex1_18_repulsion_without_a_bench_does_nothing_and_flips_no_coin():
    st = board(side(poke(NOSEPASS, energy=[FIGHTING, FIGHTING])), side(poke(CAMERUPT)))
    d = hit(st, "Repulsion")
    assert them(d).active is not None
    said(d, "Repulsion does nothing")


def test_ex1_18_repulsion_is_stopped_by_protective_dust():
    st = board(side(poke(NOSEPASS, energy=[FIGHTING, FIGHTING])), side(poke(DUSTOX), bench=[poke(ARON)]))
    d = hit(st, "Repulsion", ["heads"])
    assert them(d).active.top == them(st).active.top
    said(d, "protected from the effects of attacks")


# -- ex1-19 Pelipper ---------------------------------------------------------------------------------------

def test_ex1_19_stockpile_raises_spit_up_during_the_next_turn_only():
    energy = [WATER, WATER, WATER]
    st = board(side(poke(PELIPPER, energy=energy)), side(poke(CHANSEY_EX)))
    assert them(hit(st, "Spit Up")).active.damage == 30
    d = hit(st, "Stockpile")
    assert them(d).active.damage == 0
    said(d, "Spit Up's base damage is 70 and Swallow's base damage is 60")
    mine = end_turn(d.state)
    spit = hit(mine, "Spit Up")
    assert them(spit).active.damage == 70
    said(spit, "Stockpile: base 70 instead of 30 = 70")
    # the turn after, it is over
    assert them(hit(end_turn(end_turn(mine)), "Spit Up")).active.damage == 30


def test_ex1_19_swallow_heals_the_damage_done():
    st = board(side(poke(PELIPPER, energy=[WATER] * 3, damage=50)), side(poke(CHANSEY_EX)))
    d = hit(st, "Swallow")
    assert them(d).active.damage == 20 and me(d).active.damage == 30
    stock = end_turn(hit(st, "Stockpile").state)
    d = hit(stock, "Swallow")
    assert them(d).active.damage == 60 and me(d).active.damage == 0     # 6 counters, it had 5


# -- ex1-20 Sceptile ---------------------------------------------------------------------------------------

def test_ex1_20_energy_trans_moves_grass_energy_as_often_as_you_like():
    st = board(side(poke(SCEPTILE_20, energy=[GRASS, GRASS, WATER]), bench=[poke(NUMEL)]), side(poke(WAILMER)))
    sceptile, numel = me(st).active.top, me(st).bench[0].top
    g1, g2, water = me(st).active.energy
    assert offered(st, "use_power", "Energy Trans") == [{"cards": [g1], "to": numel}, {"cards": [g2], "to": numel}]
    d = power(st, sceptile, "Energy Trans", cards=[g1], to=numel)
    d = power(d.state, sceptile, "Energy Trans", cards=[g2], to=numel)
    assert me(d).active.energy == [water] and me(d).bench[0].energy == [g1, g2]
    refuse(d.state, 0, use(sceptile, "Energy Trans", cards=[water], to=numel), "R-POWER-1", "Grass Energy")


def test_ex1_20_sceptile_tail_rap():
    st = board(side(poke(SCEPTILE_20, energy=[GRASS, GRASS, GRASS])), side(poke(CHANSEY_EX)))
    assert them(hit(st, "Tail Rap", ["heads", "heads"])).active.damage == 100
