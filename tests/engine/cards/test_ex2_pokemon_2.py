"""EX Sandstorm Pokémon ex2-46 … ex2-85 under ex-2005: one board per effect, exact outcomes, coins
fixed (each test also proves how many flips an action needs, the checkup's included: an attack
ends the turn, so the state it returns is the opponent's turn after the checkup and the draw).

Defending Pokémon are ex1 cards without powers (Makuhita, Lapras ex, Wailmer, Ralts), so no other
card's encoding changes these outcomes; Darkness and Metal costs are paid with Rainbow Energy."""
from projections.tcg import engine, hooks
from projections.tcg.carddb import card
from projections.tcg.cards.describe import describe_card
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import FixedCoins, SeededRandomness
from tests.engine.cards.fixtures import (
    attack,
    attack_choices,
    heads_inflicts,
    hit,
    mine,
    power_choices,
    table_opening,
    table_step,
    theirs,
)

from .fixtures import (
    FIGHTING,
    FIRE,
    GRASS,
    LIGHTNING,
    PSYCHIC,
    RAINBOW_ENERGY,
    WATER,
    act,
    board,
    cards,
    poke,
    refuse,
    said,
    side,
)

LOMBRE, MURKROW, NUZLEAF_48, NUZLEAF_49, PELIPPER, QUILAVA, VIGOROTH, VOLBEAT = (
    "ex2-46", "ex2-47", "ex2-48", "ex2-49", "ex2-50", "ex2-51", "ex2-52", "ex2-53")
WYNAUT, XATU, ARON, CACNEA_57, CACNEA_58, CYNDAQUIL, DUNSPARCE, DUSKULL_61, DUSKULL_62 = (
    "ex2-54", "ex2-55", "ex2-56", "ex2-57", "ex2-58", "ex2-59", "ex2-60", "ex2-61", "ex2-62")
EEVEE, EKANS, GROWLITHE, LOTAD_66, LOTAD_67, MARILL, NATU, OMANYTE, ONIX, PIKACHU = (
    "ex2-63", "ex2-64", "ex2-65", "ex2-66", "ex2-67", "ex2-68", "ex2-69", "ex2-70", "ex2-71", "ex2-72")
PSYDUCK, RALTS, SANDSHREW, SEEDOT_76, SEEDOT_77, SHROOMISH, SKITTY, SLAKOTH, SPEAROW = (
    "ex2-73", "ex2-74", "ex2-75", "ex2-76", "ex2-77", "ex2-78", "ex2-79", "ex2-80", "ex2-81")
TRAPINCH, WAILMER, WINGULL, ZIGZAGOON = "ex2-82", "ex2-83", "ex2-84", "ex2-85"
# other ex2 cards these cards look for
FLAREON, JOLTEON, ESPEON, UMBREON, VAPOREON = "ex2-5", "ex2-6", "ex2-16", "ex2-24", "ex2-25"
WOBBUFFET, ILLUMISE, KABUTO, MYSTERIOUS_FOSSIL, MULTI_ENERGY = "ex2-26", "ex2-38", "ex2-39", "ex2-91", "ex2-93"
# Defending Pokémon without powers: Makuhita (Fighting 50 HP, Weakness Psychic), Lapras ex (Water
# 110 HP, Weakness Lightning), Wailmer (Water 80 HP, Weakness Lightning), Ralts (Weakness Psychic)
MAKUHITA, LAPRAS_EX, WAILMER_EX1, RALTS_EX1, TAILLOW = "ex1-56", "ex1-99", "ex1-48", "ex1-66", "ex1-72"
DARKNESS_ENERGY = "ex1-93"
TARGET = MAKUHITA


# -- helpers ---------------------------------------------------------------------------------


def power(pokemon, name, **choices):
    return {"type": "use_power", "pokemon": pokemon, "power": name, "choices": choices}


def offered_choose(state, seat_no=0):
    return [a["choices"] for a in legal_actions(state, seat_no) if a["type"] == "choose"]


def choose(state, coins=(), seat_no=0, **choices):
    return act(state, seat_no, {"type": "choose", "choices": choices}, coins)


def plain(attacker, energy, target=TARGET, **kw):
    return board(side(poke(attacker, energy, **kw)), side(poke(target)))


def test_every_card_of_the_range_is_implemented_and_described():
    for n in range(46, 86):
        c = card(f"ex2-{n}")
        assert c.implemented, c.id
        described = describe_card(c.id)
        assert len(described["description"]) > 10 and not described["declared"], c.id
        for a in c.attacks:
            assert bool(a.effects) == a.has_effect_text, (c.id, a.name)
            assert all(e.describe() for e in a.effects), (c.id, a.name)
        if c.power is not None:
            assert c.power.effect is not None and c.power.effect.describe(), c.id


# -- ex2-46 Lombre: Surprise, Fury Swipes -----------------------------------------------------------

def _surprise_board(attacker, energy, hand=(GRASS, FIRE, WATER)):
    return board(side(poke(attacker, energy)), side(poke(TARGET), hand=list(hand)))


def test_ex2_46_lombre_surprise_shuffles_a_card_of_the_opponents_hand_into_their_deck():
    st = _surprise_board(LOMBRE, [WATER])
    hand = list(st.seats[1].hand)
    # without a shuffle source the hand's order is kept: the first card is picked
    d = hit(st, "Surprise")
    pick = hand[0]
    assert theirs(d).active.damage == 10
    assert pick in theirs(d).deck and pick not in theirs(d).hand
    assert len(theirs(d).deck) == 8 and len(theirs(d).hand) == 3      # 8 + 1, then the opponent's draw
    said(d, f"Seat 0 (Ana) looks at it: ⟦{pick}|Grass Energy|0⟧")    # shown to the attacking player alone
    said(d, "Seat 1 (Beto) shuffles that card into the deck")


def test_ex2_46_lombre_surprise_pick_is_the_actions_randomness_and_replays():
    st = _surprise_board(LOMBRE, [WATER])
    hand = list(st.seats[1].hand)
    d = engine.decide(st, 0, attack("Surprise"), FixedCoins([], shuffles_from=SeededRandomness(5)))
    expected = hand[SeededRandomness(5).shuffle(3)[0]]
    assert d.legal and expected in d.state.seats[1].deck + d.state.seats[1].hand
    assert d.event["payload"]["rng"]["shuffles"][0] == SeededRandomness(5).shuffle(3)
    replayed, _ = engine.apply(st, d.event)
    assert replayed.seats[1].deck == d.state.seats[1].deck and replayed.seats[1].hand == d.state.seats[1].hand
    said(d, f"looks at it: ⟦{expected}|")


def test_ex2_46_lombre_surprise_with_an_empty_hand_and_fury_swipes():
    d = hit(_surprise_board(LOMBRE, [WATER], hand=()), "Surprise")
    assert theirs(d).active.damage == 10 and len(theirs(d).deck) == 7
    said(d, "Seat 1 (Beto) has no card in hand: Surprise picks nothing")
    st = plain(LOMBRE, [WATER, WATER], target=LAPRAS_EX)
    assert theirs(hit(st, "Fury Swipes", ["heads", "tails", "heads"])).active.damage == 40
    assert theirs(hit(st, "Fury Swipes", ["heads"] * 3)).active.damage == 60


# -- ex2-47 Murkrow: Surprise, Dark Mind --------------------------------------------------------------

def test_ex2_47_murkrow_surprise_does_no_damage():
    st = _surprise_board(MURKROW, [GRASS], hand=(FIRE,))
    fire = st.seats[1].hand[0]
    d = hit(st, "Surprise")
    assert theirs(d).active.damage == 0 and fire in theirs(d).deck
    said(d, f"looks at it: ⟦{fire}|Fire Energy|0⟧")


def test_ex2_47_murkrow_dark_mind_hits_the_defending_and_a_chosen_benched_pokemon():
    st = board(side(poke(MURKROW, [RAINBOW_ENERGY, GRASS])),
               side(poke(TARGET), bench=[poke(TAILLOW), poke(RALTS_EX1)]))
    taillow, ralts = (p.top for p in st.seats[1].bench)
    assert attack_choices(st, "Dark Mind") == [{"pokemon": [taillow]}, {"pokemon": [ralts]}]
    refuse(st, 0, attack("Dark Mind"), "R-ATTACK-2")
    d = hit(st, "Dark Mind", pokemon=[ralts])
    assert theirs(d).active.damage == 20 and theirs(d).bench[1].damage == 10 and theirs(d).bench[0].damage == 0
    said(d, "does 10 damage to Ralts (base 10) — 10/50. [R-DAMAGE-2]")     # no Weakness on the Bench
    alone = board(side(poke(MURKROW, [RAINBOW_ENERGY, GRASS])), side(poke(TARGET)))
    assert attack_choices(alone, "Dark Mind") == [{}]
    assert theirs(hit(alone, "Dark Mind")).active.damage == 20


# -- ex2-48, ex2-49 Nuzleaf ----------------------------------------------------------------------

def test_ex2_48_nuzleaf_steady_punch_heads_adds_10_and_razor_leaf():
    st = plain(NUZLEAF_48, [GRASS, GRASS])
    assert theirs(hit(st, "Steady Punch", ["heads"])).active.damage == 30
    assert theirs(hit(st, "Steady Punch", ["tails"])).active.damage == 20
    assert theirs(hit(plain(NUZLEAF_48, [GRASS] * 3), "Razor Leaf")).active.damage == 40


def test_ex2_49_nuzleaf_stun_spore_heads_paralyzes():
    st = plain(NUZLEAF_49, [GRASS, GRASS])
    heads_inflicts(st, "Stun Spore", 20, "paralyzed")


def test_ex2_49_nuzleaf_razor_wind_R_ATTACK_3_tails_does_nothing():
    st = plain(NUZLEAF_49, [GRASS] * 3, target=LAPRAS_EX)
    assert theirs(hit(st, "Razor Wind", ["heads"])).active.damage == 60
    d = hit(st, "Razor Wind", ["tails"])
    assert theirs(d).active.damage == 0
    said(d, "Razor Wind does nothing. [R-ATTACK-3]")


# -- ex2-50 Pelipper ------------------------------------------------------------------------------

def test_ex2_50_pelipper_water_gun_counts_water_beyond_the_cost_up_to_20():
    for energy, damage in (([WATER, GRASS], 30), ([WATER, WATER], 30), ([WATER] * 3, 40), ([GRASS, GRASS, WATER], 40),
                           ([WATER] * 4, 50), ([WATER] * 5, 50), ([RAINBOW_ENERGY, GRASS, GRASS], 40)):
        assert theirs(hit(plain(PELIPPER, energy, target=LAPRAS_EX), "Water Gun")).active.damage == damage, energy


# -- ex2-51 Quilava: Slash, Burning Claw --------------------------------------------------------

def test_ex2_51_quilava_burning_claw_discarding_a_fire_energy_burns():
    st = plain(QUILAVA, [FIRE, GRASS, GRASS])
    fire, grass, grass2 = st.seats[0].active.energy
    assert attack_choices(st, "Burning Claw") == [{}, {"cards": [fire]}]
    d = hit(st, "Burning Claw", ["heads"], cards=[fire])     # the Burn flip between turns: heads, no counters
    assert theirs(d).active.damage == 40 and theirs(d).active.conditions == ["burned"]
    assert mine(d).active.energy == [grass, grass2] and mine(d).discard == [fire]
    said(d, "Quilava discards Fire Energy for Burning Claw. [R-ENERGY-3]")
    said(d, "Makuhita is now Burned. [R-STATUS-6]")


def test_ex2_51_quilava_burning_claw_without_the_discard_does_not_burn():
    st = plain(QUILAVA, [FIRE, GRASS, GRASS])
    d = hit(st, "Burning Claw")
    assert theirs(d).active.damage == 40 and theirs(d).active.conditions == [] and mine(d).discard == []
    grass = st.seats[0].active.energy[1]
    refuse(st, 0, attack("Burning Claw", cards=[grass]), "R-ATTACK-2", contains="Fire")
    # a Rainbow Energy provides Fire while attached
    rainbow = plain(QUILAVA, [RAINBOW_ENERGY, GRASS, GRASS], target=LAPRAS_EX)
    r = rainbow.seats[0].active.energy[0]
    d = hit(rainbow, "Burning Claw", ["tails"], cards=[r])     # Burn flip tails: 2 counters
    assert theirs(d).active.damage == 40 + 20 and mine(d).discard == [r]


def test_ex2_51_quilava_burning_claw_confused_tails_keeps_the_card_and_slash():
    st = board(side(poke(QUILAVA, [FIRE, GRASS, GRASS], conditions=["confused"])), side(poke(TARGET)))
    fire = st.seats[0].active.energy[0]
    d = hit(st, "Burning Claw", ["tails"], cards=[fire])
    assert mine(d).active.energy[0] == fire and mine(d).discard == [] and mine(d).active.damage == 30
    assert theirs(d).active.conditions == []
    assert theirs(hit(plain(QUILAVA, [GRASS, GRASS]), "Slash")).active.damage == 20


# -- ex2-52 Vigoroth: Focus Energy, Slash -------------------------------------------------------------

def test_ex2_52_vigoroth_focus_energy_makes_slash_90_during_the_next_turn():
    st = board(side(poke(VIGOROTH, [GRASS] * 3)), side(poke(LAPRAS_EX)))
    d = hit(st, "Focus Energy")
    assert theirs(d).active.damage == 0
    said(d, "during its owner's next turn, Slash's base damage is 90")
    d2 = act(d.state, 1, {"type": "end_turn"})
    d3 = hit(d2.state, "Slash")
    assert theirs(d3).active.damage == 90
    said(d3, "Focus Energy: base 90 instead of 40 = 90")
    assert mine(d3).active.effects == []                                   # over with that turn
    assert theirs(hit(st, "Slash")).active.damage == 40


# -- ex2-53 Volbeat: Uplifting Glow, Toxic Vibration, Pester --------------------------------------------

def _retreat(state, discard=()):
    return {"type": "retreat", "to": state.seats[0].bench[0].top, "discard": list(discard)}


def test_ex2_53_volbeat_uplifting_glow_retreat_cost_0_with_illumise_in_play():
    st = board(side(poke(VOLBEAT, [GRASS]), bench=[poke(ILLUMISE)]), side(poke(TARGET)))
    assert [a for a in legal_actions(st, 0) if a["type"] == "retreat"] == [_retreat(st)]
    d = act(st, 0, _retreat(st))
    assert mine(d).active.top == st.seats[0].bench[0].top and mine(d).bench[0].energy == st.seats[0].active.energy
    # the opponent's Illumise counts too
    theirs_illumise = board(side(poke(VOLBEAT, [GRASS]), bench=[poke(TAILLOW)]),
                            side(poke(TARGET), bench=[poke(ILLUMISE)]))
    act(theirs_illumise, 0, _retreat(theirs_illumise))


def test_ex2_53_volbeat_uplifting_glow_R_RETREAT_2_without_illumise_the_cost_is_printed():
    st = board(side(poke(VOLBEAT, [GRASS]), bench=[poke(TAILLOW)]), side(poke(TARGET)))
    refuse(st, 0, _retreat(st), "R-RETREAT-2")
    act(st, 0, _retreat(st, st.seats[0].active.energy))
    # still Asleep: no retreat at all
    asleep = board(side(poke(VOLBEAT, [GRASS], conditions=["asleep"]), bench=[poke(ILLUMISE)]), side(poke(TARGET)))
    refuse(asleep, 0, _retreat(asleep), "R-RETREAT-3")


def test_ex2_53_volbeat_toxic_vibration_heads_poisons_tails_puts_to_sleep():
    st = plain(VOLBEAT, [GRASS])
    d = hit(st, "Toxic Vibration", ["heads"])
    assert theirs(d).active.conditions == ["poisoned"] and theirs(d).active.damage == 10
    d = hit(st, "Toxic Vibration", ["tails", "tails"])        # the Asleep flip between turns: tails
    assert theirs(d).active.conditions == ["asleep"] and theirs(d).active.damage == 0


def test_ex2_53_volbeat_pester_adds_20_against_a_special_condition():
    hurt = board(side(poke(VOLBEAT, [GRASS, GRASS])), side(poke(LAPRAS_EX, conditions=["confused"])))
    assert theirs(hit(hurt, "Pester")).active.damage == 40
    assert theirs(hit(plain(VOLBEAT, [GRASS, GRASS], target=LAPRAS_EX), "Pester")).active.damage == 20


# -- ex2-54 Wynaut: Baby Evolution, Alluring Smile -------------------------------------------------------

def _wynaut_board(hand=(WOBBUFFET,), bench_wynaut=False, turn=3, **kw):
    wynaut = poke(WYNAUT, [PSYCHIC], damage=20, **kw)
    active, bench = (poke(TAILLOW), [wynaut]) if bench_wynaut else (wynaut, [])
    return board(side(active, bench=bench, hand=list(hand)), side(poke(TARGET)), turn=turn)


def _wynaut(state):
    return next(p for p in state.seats[0].in_play() if state.instances[p.top] == WYNAUT)


def test_ex2_54_wynaut_baby_evolution_evolves_into_wobbuffet_and_heals_it():
    st = _wynaut_board(conditions=())
    w = _wynaut(st)
    wobbuffet = st.seats[0].hand[0]
    assert power_choices(st, "Baby Evolution") == [{"cards": [wobbuffet]}]
    d = act(st, 0, power(w.top, "Baby Evolution"))
    p = mine(d).active
    assert p.stack == [w.top, wobbuffet] and p.damage == 0 and p.energy == w.energy and mine(d).hand == []
    assert p.entered_turn == 3 and d.state.phase == "main" and d.state.seat_to_act == 0
    said(d, "uses Wynaut's Poké-Power Baby Evolution")
    said(d, "Seat 0 (Ana) evolves Wynaut into Wobbuffet. [R-EVOLVE-5]")
    said(d, "Baby Evolution removes 2 damage counter(s) from Wobbuffet. [R-POWER-1]")


def test_ex2_54_wynaut_baby_evolution_from_the_bench_names_the_card():
    st = _wynaut_board(hand=(WOBBUFFET, WOBBUFFET, GRASS), bench_wynaut=True)
    w = _wynaut(st)
    first, second = st.seats[0].hand[:2]
    refuse(st, 0, power(w.top, "Baby Evolution"), "R-POWER-1", contains="choices.cards")
    refuse(st, 0, power(w.top, "Baby Evolution", cards=[st.seats[0].hand[2]]), "R-POWER-1")
    d = act(st, 0, power(w.top, "Baby Evolution", cards=[second]))
    assert mine(d).bench[0].top == second and mine(d).hand == [first, st.seats[0].hand[2]]


def test_ex2_54_wynaut_baby_evolution_counts_as_evolving():
    # R-EVOLVE-2: not the turn Wynaut was put into play
    new = _wynaut_board(entered_turn=3)
    refuse(new, 0, power(_wynaut(new).top, "Baby Evolution"), "R-EVOLVE-2")
    assert power_choices(new, "Baby Evolution") == []
    # R-EVOLVE-3: not on the first turn of the game
    first = _wynaut_board(turn=1)
    refuse(first, 0, power(_wynaut(first).top, "Baby Evolution"), "R-EVOLVE-3")


def test_ex2_54_wynaut_baby_evolution_refusals():
    none = _wynaut_board(hand=(GRASS,))
    refuse(none, 0, power(_wynaut(none).top, "Baby Evolution"), "R-POWER-1", contains="Wobbuffet")
    assert power_choices(none, "Baby Evolution") == []
    st = _wynaut_board()
    st.this_turn["powers_used"][_wynaut(st).top] = 1
    refuse(st, 0, power(_wynaut(st).top, "Baby Evolution"), "R-POWER-1", contains="once")


def test_R_POWER_2_ex2_54_wynaut_baby_evolution_is_stopped_by_a_special_condition():
    for condition in ("poisoned", "confused"):
        st = _wynaut_board(conditions=[condition])
        refuse(st, 0, power(_wynaut(st).top, "Baby Evolution"), "R-POWER-2", contains=condition.capitalize())


def _smile_board(energy, deck):
    return board(side(poke(WYNAUT, energy), deck=list(deck)), side(poke(WAILMER_EX1)))


def test_ex2_54_wynaut_alluring_smile_takes_a_pokemon_card_per_energy():
    st = _smile_board([PSYCHIC, GRASS], [FIGHTING, MAKUHITA, LOMBRE, GRASS, TAILLOW, MYSTERIOUS_FOSSIL])
    deck = list(st.seats[0].deck)
    makuhita, lombre, taillow = deck[1], deck[2], deck[4]
    d = hit(st, "Alluring Smile")
    assert d.state.pending["look"] == deck and d.state.seat_to_act == 0
    said(d, "Seat 0 (Ana) looks through the deck for Alluring Smile. [R-HIDDEN-1]")
    assert offered_choose(d.state) == [{"search": [makuhita, lombre]}, {"search": [makuhita, taillow]},
                                       {"search": [lombre, taillow]}]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [makuhita]}}, "R-TRAINER-5")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [makuhita, deck[5]]}}, "R-ATTACK-2")
    d2 = choose(d.state, search=[lombre, taillow])
    assert cards(d2.state, mine(d2).hand) == [LOMBRE, TAILLOW] and d2.state.seat_to_act == 1
    said(d2, "and puts them into the hand")
    said(d2, "The attack ends the turn. [R-TURN-3]")


def test_ex2_54_wynaut_alluring_smile_takes_fewer_when_the_deck_has_fewer_and_in_one_action():
    st = _smile_board([PSYCHIC, GRASS], [FIGHTING, MAKUHITA])
    makuhita = st.seats[0].deck[1]
    d = hit(st, "Alluring Smile", search=[makuhita])
    assert d.state.pending is None and cards(d.state, mine(d).hand) == [MAKUHITA]
    refuse(st, 0, attack("Alluring Smile", search=[]), "R-TRAINER-5")
    none = _smile_board([PSYCHIC], [FIGHTING, GRASS])
    d = hit(none, "Alluring Smile")
    assert offered_choose(d.state) == [{"search": []}]
    d2 = choose(d.state, search=[])
    assert mine(d2).hand == []
    said(d2, "takes no card from the deck")


# -- ex2-55 Xatu: Healing Wind, Psyimpact -----------------------------------------------------------

def test_ex2_55_xatu_healing_wind_removes_a_counter_from_the_active_once_a_turn():
    st = board(side(poke(TAILLOW, damage=30), bench=[poke(XATU)]), side(poke(TARGET)))
    xatu = st.seats[0].bench[0].top
    assert power_choices(st, "Healing Wind") == [{}]
    d = act(st, 0, power(xatu, "Healing Wind"))
    assert mine(d).active.damage == 20
    said(d, "Taillow has 1 damage counter(s) removed (20/40). [R-POWER-1]")
    refuse(d.state, 0, power(xatu, "Healing Wind"), "R-POWER-1", contains="once")
    healthy = board(side(poke(TAILLOW), bench=[poke(XATU)]), side(poke(TARGET)))
    refuse(healthy, 0, power(healthy.seats[0].bench[0].top, "Healing Wind"), "R-POWER-1",
           contains="no damage counter")


def test_R_POWER_2_ex2_55_xatu_healing_wind_is_stopped_by_a_special_condition():
    st = board(side(poke(XATU, damage=30, conditions=["asleep"])), side(poke(TARGET)))
    refuse(st, 0, power(st.seats[0].active.top, "Healing Wind"), "R-POWER-2", contains="Asleep")


def test_ex2_55_xatu_psyimpact_R_DAMAGE_3_a_counter_on_each_opponent_pokemon():
    st = board(side(poke(XATU, [PSYCHIC, GRASS])),
               side(poke(RALTS_EX1), bench=[poke(TAILLOW, damage=30), poke(MAKUHITA)]))
    d = hit(st, "Psyimpact")
    # counters, not damage: no Weakness for Ralts; the Taillow with 3 counters is Knocked Out
    assert theirs(d).active.damage == 10 and [p.damage for p in theirs(d).bench] == [10]
    assert len(mine(d).prizes) == 5
    said(d, "Psyimpact: 1 damage counter on Ralts (10/50). [R-DAMAGE-3]")
    said(d, "Taillow (Seat 1 (Beto)) is Knocked Out")


# -- ex2-56 Aron ------------------------------------------------------------------------------------

def test_ex2_56_aron_steel_headbutt_heads_adds_20():
    st = plain(ARON, [RAINBOW_ENERGY, GRASS])
    assert theirs(hit(st, "Steel Headbutt", ["heads"])).active.damage == 40
    assert theirs(hit(st, "Steel Headbutt", ["tails"])).active.damage == 20


# -- ex2-57, ex2-58 Cacnea --------------------------------------------------------------------------

def test_ex2_57_cacnea_poison_payback_poisons_the_attacker():
    st = board(side(poke(MAKUHITA, [FIGHTING])), side(poke(CACNEA_57)))
    d = hit(st, "Slap Push")
    assert theirs(d).active.damage == 10
    assert mine(d).active.conditions == ["poisoned"] and mine(d).active.damage == 10      # Poison between turns
    said(d, "Cacnea's Poison Payback answers the damage. [R-POWER-2]")
    said(d, "Makuhita is now Poisoned. [R-STATUS-5]")


def test_ex2_57_cacnea_poison_payback_when_knocked_out_and_while_asleep():
    st = board(side(poke(MAKUHITA, [FIGHTING]), bench=[poke(TAILLOW)]),
               side(poke(CACNEA_57, damage=40, conditions=["asleep"]), bench=[poke(TAILLOW)]))
    d = hit(st, "Slap Push")
    assert mine(d).active.conditions == ["poisoned"] and len(mine(d).prizes) == 5
    said(d, "Cacnea (Seat 1 (Beto)) is Knocked Out")


def test_ex2_57_cacnea_poison_payback_not_from_the_bench_nor_its_own_attack():
    benched = board(side(poke(MAKUHITA, [FIGHTING])), side(poke(TAILLOW), bench=[poke(CACNEA_57)]))
    assert mine(hit(benched, "Slap Push")).active.conditions == []
    own = plain(CACNEA_57, [GRASS])
    d = hit(own, "Light Punch")
    assert theirs(d).active.damage == 10 and mine(d).active.conditions == []


def test_ex2_58_cacnea_poison_sting_heads_poisons():
    st = plain(CACNEA_58, [GRASS])
    heads_inflicts(st, "Poison Sting", 20, "poisoned")


# -- ex2-59 Cyndaquil -------------------------------------------------------------------------------

def test_ex2_59_cyndaquil_tackle_and_singe_heads_burns():
    assert theirs(hit(plain(CYNDAQUIL, [GRASS]), "Tackle")).active.damage == 10
    st = plain(CYNDAQUIL, [FIRE])
    d = hit(st, "Singe", ["heads", "tails"])        # the Burn flip between turns: tails, 2 counters
    assert theirs(d).active.conditions == ["burned"] and theirs(d).active.damage == 20
    assert theirs(hit(st, "Singe", ["tails"])).active.conditions == []


# -- ex2-60 Dunsparce: Strike and Run, Sudden Flash ------------------------------------------------------

def _dunsparce_board(deck, bench=()):
    return board(side(poke(DUNSPARCE, [GRASS]), bench=[poke(b) for b in bench], deck=list(deck)),
                 side(poke(TARGET)))


def test_ex2_60_dunsparce_strike_and_run_benches_basics_then_switches():
    st = _dunsparce_board([FIGHTING, MAKUHITA, NUZLEAF_48, TAILLOW, MYSTERIOUS_FOSSIL, RALTS_EX1], bench=[ZIGZAGOON])
    deck = list(st.seats[0].deck)
    makuhita, nuzleaf, taillow, ralts = deck[1], deck[2], deck[3], deck[5]
    zig = st.seats[0].bench[0].top
    assert attack_choices(st, "Strike and Run") == [{}]
    d = hit(st, "Strike and Run")
    assert d.state.pending["look"] == deck
    offered = offered_choose(d.state)
    assert {"search": []} in offered and {"search": [], "to": zig} in offered
    assert {"search": [makuhita, taillow, ralts], "to": ralts} in offered
    assert all(nuzleaf not in o["search"] and deck[4] not in o["search"] for o in offered)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [nuzleaf]}}, "R-ATTACK-2")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [makuhita], "to": taillow}}, "R-ATTACK-2",
           contains="choices.to")
    d2 = choose(d.state, search=[makuhita, taillow], to=taillow)
    me = mine(d2)
    assert me.active.top == taillow and me.active.entered_turn == 3
    assert [p.top for p in me.bench] == [zig, makuhita, d.state.seats[0].active.top]
    assert len(me.deck) == 4 and d2.state.seat_to_act == 1
    said(d2, "Seat 0 (Ana) puts")
    said(d2, "from the deck onto the Bench. [R-BENCH-1]")
    said(d2, "Dunsparce switches with Taillow, the new Active Pokémon. [R-RETREAT-6]")


def test_ex2_60_dunsparce_strike_and_run_up_to_3_and_no_switch():
    st = _dunsparce_board([MAKUHITA, TAILLOW, RALTS_EX1, ZIGZAGOON])
    deck = list(st.seats[0].deck)
    d = hit(st, "Strike and Run")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": deck}}, "R-ATTACK-2", contains="0 to 3")
    d2 = choose(d.state, search=[])
    assert mine(d2).active.top == st.seats[0].active.top and mine(d2).bench == []
    # no more than the Bench has room for
    roomy = _dunsparce_board([MAKUHITA, TAILLOW, RALTS_EX1], bench=[ZIGZAGOON] * 3)
    d = hit(roomy, "Strike and Run")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": list(roomy.seats[0].deck)}}, "R-BENCH-1",
           contains="0 to 2")


def test_ex2_60_dunsparce_strike_and_run_switch_is_named_with_the_search():
    st = _dunsparce_board([MAKUHITA], bench=[ZIGZAGOON])
    zig = st.seats[0].bench[0].top
    refuse(st, 0, attack("Strike and Run", to=zig), "R-ATTACK-2", contains="choose step")
    # a judge names both at once
    makuhita = st.seats[0].deck[0]
    d = hit(st, "Strike and Run", search=[makuhita], to=zig)
    assert mine(d).active.top == zig and d.state.pending is None
    # with a full Bench the deck is still looked through: nothing to take, the switch named there
    full = _dunsparce_board([MAKUHITA], bench=[ZIGZAGOON] * 5)
    bench = [p.top for p in full.seats[0].bench]
    assert attack_choices(full, "Strike and Run") == [{}]
    d = hit(full, "Strike and Run")
    assert offered_choose(d.state) == [{"search": []}] + [{"search": [], "to": b} for b in bench]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [d.state.seats[0].deck[0]]}}, "R-BENCH-1",
           contains="0 to 0")
    d2 = choose(d.state, search=[], to=bench[2])
    assert mine(d2).active.top == bench[2] and cards(d2.state, [mine(d2).bench[2].top]) == [DUNSPARCE]
    said(d2, "Seat 0 (Ana) takes no card from the deck. [R-TRAINER-5]")
    # an empty deck: no choose step
    empty = _dunsparce_board([], bench=[ZIGZAGOON])
    d = hit(empty, "Strike and Run", to=empty.seats[0].bench[0].top)
    assert d.state.pending is None and mine(d).active.top == empty.seats[0].bench[0].top


def test_ex2_60_dunsparce_strike_and_run_at_a_paper_table_names_the_cards_by_id():
    """Table mode: the deck shown is unknown; `choose` names the Basic Pokémon and the switch by card id."""
    ana = [DUNSPARCE] * 4 + [MAKUHITA] * 4 + [GRASS] * 52
    beto = [TARGET] * 4 + [FIGHTING] * 56
    st = table_opening(ana, beto, DUNSPARCE, TARGET)
    looked = table_step(st, 0, attack("Strike and Run")).state
    assert looked.pending["look"] == looked.seats[0].deck
    done = table_step(looked, 0, {"type": "choose", "choices": {"search": [MAKUHITA, MAKUHITA], "to": MAKUHITA}}).state
    me = done.seats[0]
    assert done.card_id(me.active.top) == MAKUHITA
    assert [done.card_id(p.top) for p in me.bench] == [DUNSPARCE, MAKUHITA] and done.seat_to_act == 1


def test_ex2_60_dunsparce_sudden_flash_heads_paralyzes():
    st = plain(DUNSPARCE, [GRASS])
    heads_inflicts(st, "Sudden Flash", 10, "paralyzed")


# -- ex2-61, ex2-62 Duskull -------------------------------------------------------------------------

def test_ex2_61_duskull_surprise_and_confuse_ray():
    st = _surprise_board(DUSKULL_61, [GRASS], hand=(WATER,))
    d = hit(st, "Surprise")
    assert theirs(d).active.damage == 0 and st.seats[1].hand[0] in theirs(d).deck
    ray = plain(DUSKULL_61, [PSYCHIC], target=WAILMER_EX1)
    heads_inflicts(ray, "Confuse Ray", 0, "confused")


def test_ex2_62_duskull_haunt_R_DAMAGE_3_places_a_counter_without_weakness():
    d = hit(plain(DUSKULL_62, [PSYCHIC], target=RALTS_EX1), "Haunt")
    assert theirs(d).active.damage == 10
    said(d, "Haunt: 1 damage counter on Ralts (10/50). [R-DAMAGE-3]")


def test_ex2_62_duskull_haunt_places_nothing_on_a_pokemon_protected_from_effects():
    st = board(side(poke(SPEAROW, [GRASS])), side(poke(DUSKULL_62, [PSYCHIC])))
    d = hit(st, "Super Speed", ["heads"])                 # Spearow: every effect prevented next turn
    d2 = hit(d.state, "Haunt")
    assert d2.state.seats[0].active.damage == 0
    said(d2, "Spearow is protected from the effects of attacks")


def test_ex2_62_duskull_dark_mind():
    st = board(side(poke(DUSKULL_62, [GRASS, GRASS])), side(poke(WAILMER_EX1), bench=[poke(TAILLOW)]))
    d = hit(st, "Dark Mind")
    assert theirs(d).active.damage == 10 and theirs(d).bench[0].damage == 10


# -- ex2-63 Eevee: Signs of Evolution, Quick Attack ---------------------------------------------------

def test_ex2_63_eevee_signs_of_evolution_takes_up_to_3_eeveelutions():
    st = board(side(poke(EEVEE, [GRASS]), deck=[FLAREON, LOMBRE, JOLTEON, ESPEON, GRASS, UMBREON, VAPOREON]),
               side(poke(TARGET)))
    deck = list(st.seats[0].deck)
    flareon, lombre, espeon, vaporeon = deck[0], deck[1], deck[3], deck[6]
    d = hit(st, "Signs of Evolution")
    offered = offered_choose(d.state)
    assert len(offered) == 1 + 5 + 10 + 10 and {"search": []} in offered
    assert all(lombre not in o["search"] for o in offered)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [lombre]}}, "R-ATTACK-2")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [flareon, deck[2], espeon, vaporeon]}},
           "R-ATTACK-2")
    d2 = choose(d.state, search=[flareon, espeon, vaporeon])
    assert cards(d2.state, mine(d2).hand) == [FLAREON, ESPEON, VAPOREON]
    said(d2, "Seat 0 (Ana) shows")


def test_ex2_63_eevee_quick_attack_heads_adds_10():
    st = plain(EEVEE, [GRASS])
    assert theirs(hit(st, "Quick Attack", ["heads"])).active.damage == 20
    assert theirs(hit(st, "Quick Attack", ["tails"])).active.damage == 10


# -- ex2-64 Ekans ----------------------------------------------------------------------------------

def test_ex2_64_ekans_bind_heads_paralyzes():
    st = plain(EKANS, [GRASS])
    heads_inflicts(st, "Bind", 10, "paralyzed")


# -- ex2-65 Growlithe: Fire Veil, Flare -----------------------------------------------------------------

def test_ex2_65_growlithe_fire_veil_burns_the_attacker():
    st = board(side(poke(MAKUHITA, [FIGHTING])), side(poke(GROWLITHE)))
    d = hit(st, "Slap Push", ["tails"])             # the attacker's Burn flip between turns: tails, 2 counters
    assert mine(d).active.conditions == ["burned"] and mine(d).active.damage == 20
    said(d, "Growlithe's Fire Veil answers the damage")
    benched = board(side(poke(MAKUHITA, [FIGHTING])), side(poke(TAILLOW), bench=[poke(GROWLITHE)]))
    assert mine(hit(benched, "Slap Push")).active.conditions == []
    assert theirs(hit(plain(GROWLITHE, [FIRE, GRASS]), "Flare")).active.damage == 20


# -- ex2-66, ex2-67 Lotad ---------------------------------------------------------------------------

def test_ex2_66_lotad_rain_dish_removes_a_counter_between_turns_on_either_side():
    st = board(side(poke(TAILLOW), bench=[poke(LOTAD_66, damage=20)]), side(poke(LOTAD_66, damage=10)))
    d = act(st, 0, {"type": "end_turn"})
    assert mine(d).bench[0].damage == 10 and theirs(d).active.damage == 0
    said(d, "Lotad's Rain Dish removes 1 damage counter (10/40). [R-POWER-2]")
    # once each time between turns
    d2 = act(d.state, 1, {"type": "end_turn"})
    assert mine(d2).bench[0].damage == 0


def test_ex2_66_lotad_rain_dish_after_poison_saves_it_from_the_knock_out():
    st = board(side(poke(TARGET, [FIGHTING])), side(poke(LOTAD_66, damage=20, conditions=["poisoned"])))
    d = hit(st, "Slap Push")                        # 10: 30/40, Poison 40/40, Rain Dish 30/40
    assert theirs(d).active.damage == 30 and len(mine(d).prizes) == 6
    assert theirs(hit(plain(LOTAD_66, [GRASS]), "Ram")).active.damage == 10


def test_ex2_67_lotad_tackle_and_blot_heals_a_counter():
    assert theirs(hit(plain(LOTAD_67, [GRASS]), "Tackle")).active.damage == 10
    st = board(side(poke(LOTAD_67, [GRASS, GRASS], damage=30)), side(poke(TARGET)))
    d = hit(st, "Blot")
    assert theirs(d).active.damage == 20 and mine(d).active.damage == 20


# -- ex2-68 Marill ------------------------------------------------------------------------------------

def test_ex2_68_marill_double_bubble_paralyzes_with_any_heads():
    st = plain(MARILL, [WATER, GRASS])
    d = hit(st, "Double Bubble", ["heads", "tails"])
    assert theirs(d).active.damage == 10 and theirs(d).active.conditions == ["paralyzed"]
    d = hit(st, "Double Bubble", ["heads", "heads"])
    assert theirs(d).active.damage == 20 and theirs(d).active.conditions == ["paralyzed"]
    d = hit(st, "Double Bubble", ["tails", "tails"])
    assert theirs(d).active.damage == 0 and theirs(d).active.conditions == []


# -- ex2-69 Natu --------------------------------------------------------------------------------------

def test_ex2_69_natu_peck_and_soothing_wave():
    assert theirs(hit(plain(NATU, [GRASS], target=WAILMER_EX1), "Peck")).active.damage == 10
    d = hit(plain(NATU, [PSYCHIC]), "Soothing Wave", ["tails"])    # the Asleep flip: tails
    assert theirs(d).active.conditions == ["asleep"] and theirs(d).active.damage == 0


# -- ex2-70 Omanyte: Team Assembly, Bind ------------------------------------------------------------------

def _omanyte_board(energy, deck=None, bench=()):
    """Omanyte alone in its stack (as Team Assembly or a Fossil's Knock Out leave one): a Basic's
    instance made an Omanyte after the position is built."""
    st = board(side(poke(TAILLOW, energy), bench=[poke(b) for b in bench], deck=deck), side(poke(TARGET)))
    st.instances[st.seats[0].active.top] = OMANYTE
    hooks.invalidate()
    return st


def test_ex2_70_omanyte_team_assembly_benches_omanyte_kabuto_and_basics():
    st = _omanyte_board([GRASS], deck=[OMANYTE, LOMBRE, KABUTO, MAKUHITA, MYSTERIOUS_FOSSIL, GRASS],
                        bench=[ZIGZAGOON, ZIGZAGOON])
    deck = list(st.seats[0].deck)
    omanyte, kabuto, makuhita = deck[0], deck[2], deck[3]
    d = hit(st, "Team Assembly")
    assert d.state.pending["look"] == deck
    offered = offered_choose(d.state)
    assert {"search": [omanyte, kabuto, makuhita]} in offered and {"search": []} in offered
    assert all(deck[1] not in o["search"] and deck[4] not in o["search"] for o in offered)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [deck[1]]}}, "R-ATTACK-2")
    d2 = choose(d.state, search=[omanyte, kabuto, makuhita])
    bench = mine(d2).bench
    assert [p.top for p in bench[2:]] == [omanyte, kabuto, makuhita]
    assert all(p.stack == [p.top] and p.entered_turn == 3 for p in bench[2:])
    said(d2, "onto the Bench and shuffles the deck. [R-BENCH-2]")


def test_ex2_70_omanyte_team_assembly_only_as_many_as_the_bench_holds():
    st = _omanyte_board([GRASS], deck=[OMANYTE, KABUTO, MAKUHITA], bench=[ZIGZAGOON] * 3)
    d = hit(st, "Team Assembly")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": list(st.seats[0].deck)}}, "R-BENCH-1",
           contains="at most 2")
    assert max(len(o["search"]) for o in offered_choose(d.state)) == 2
    full = _omanyte_board([GRASS], deck=[OMANYTE], bench=[ZIGZAGOON] * 5)
    d = hit(full, "Team Assembly")
    assert offered_choose(d.state) == [{"search": []}]
    d2 = choose(d.state, search=[])
    assert len(mine(d2).bench) == 5 and len(mine(d2).deck) == 1


def test_ex2_70_omanyte_bind_heads_paralyzes():
    st = _omanyte_board([GRASS, GRASS])
    d = hit(st, "Bind", ["heads"])
    assert theirs(d).active.damage == 20 and theirs(d).active.conditions == ["paralyzed"]


# -- ex2-71 Onix -------------------------------------------------------------------------------------

def test_ex2_71_onix_bind_and_rage():
    st = plain(ONIX, [GRASS, GRASS])
    d = hit(st, "Bind", ["heads"])
    assert theirs(d).active.damage == 10 and theirs(d).active.conditions == ["paralyzed"]
    hurt = board(side(poke(ONIX, [FIGHTING, GRASS, GRASS], damage=30)), side(poke(LAPRAS_EX)))
    assert theirs(hit(hurt, "Rage")).active.damage == 40
    assert theirs(hit(plain(ONIX, [FIGHTING, GRASS, GRASS], target=LAPRAS_EX), "Rage")).active.damage == 10


# -- ex2-72 Pikachu ----------------------------------------------------------------------------------

def test_ex2_72_pikachu_scratch_and_pika_bolt():
    assert theirs(hit(plain(PIKACHU, [GRASS]), "Scratch")).active.damage == 10
    assert theirs(hit(plain(PIKACHU, [LIGHTNING, GRASS, GRASS]), "Pika Bolt")).active.damage == 40


# -- ex2-73 Psyduck ----------------------------------------------------------------------------------

def test_ex2_73_psyduck_confusion_wave_confuses_both():
    d = hit(plain(PSYDUCK, [GRASS]), "Confusion Wave")
    assert theirs(d).active.conditions == ["confused"] and mine(d).active.conditions == ["confused"]
    assert theirs(d).active.damage == 0
    said(d, "Psyduck is now Confused")
    said(d, "Makuhita is now Confused")


# -- ex2-74 Ralts -----------------------------------------------------------------------------------

def test_ex2_74_ralts_hypnosis_and_psychic_boom():
    d = hit(plain(RALTS, [GRASS], target=WAILMER_EX1), "Hypnosis", ["heads"])     # the Asleep flip: wakes
    assert theirs(d).active.conditions == [] and theirs(d).active.damage == 0
    said(d, "Wailmer is now Asleep. [R-STATUS-2]")
    st = board(side(poke(RALTS, [PSYCHIC])), side(poke(LAPRAS_EX, [WATER, WATER, RAINBOW_ENERGY])))
    assert theirs(hit(st, "Psychic Boom")).active.damage == 30
    d = hit(plain(RALTS, [PSYCHIC], target=LAPRAS_EX), "Psychic Boom")
    assert theirs(d).active.damage == 0
    said(d, "Psychic Boom does no damage")


# -- ex2-75 Sandshrew ---------------------------------------------------------------------------------

def test_ex2_75_sandshrew_poison_needle_heads_poisons():
    st = plain(SANDSHREW, [FIGHTING])
    heads_inflicts(st, "Poison Needle", 20, "poisoned")


# -- ex2-76, ex2-77 Seedot ----------------------------------------------------------------------------

def test_ex2_76_seedot_surprise_attack_and_ex2_77_seedot_tackle():
    st = plain(SEEDOT_76, [GRASS])
    assert theirs(hit(st, "Surprise Attack", ["heads"])).active.damage == 30
    assert theirs(hit(st, "Surprise Attack", ["tails"])).active.damage == 0
    assert theirs(hit(plain(SEEDOT_77, [GRASS]), "Tackle")).active.damage == 10


# -- ex2-78 Shroomish: Growth Spurt, Poisonpowder ------------------------------------------------------

def _growth_board(hand):
    return board(side(poke(SHROOMISH, [GRASS]), hand=list(hand)), side(poke(TARGET)),
                 this_turn={"energy_attached": True})


def test_ex2_78_shroomish_growth_spurt_attaches_a_grass_energy_from_the_hand():
    st = _growth_board([GRASS, WATER, MULTI_ENERGY, GRASS])
    grass, grass2 = st.seats[0].hand[0], st.seats[0].hand[3]
    assert attack_choices(st, "Growth Spurt") == [{"cards": [grass]}]      # the two Grass are the same choice
    refuse(st, 0, attack("Growth Spurt"), "R-ATTACK-2")
    refuse(st, 0, attack("Growth Spurt", cards=[st.seats[0].hand[1]]), "R-ATTACK-2")
    refuse(st, 0, attack("Growth Spurt", cards=[st.seats[0].hand[2]]), "R-ATTACK-2")
    d = hit(st, "Growth Spurt", cards=[grass2])
    assert mine(d).active.energy[-1] == grass2 and grass2 not in mine(d).hand and theirs(d).active.damage == 0
    said(d, "from the hand to Shroomish (not the turn's Energy attachment). [R-ENERGY-1]")


def test_ex2_78_shroomish_growth_spurt_with_none_in_hand_and_poisonpowder():
    st = _growth_board([WATER])
    assert attack_choices(st, "Growth Spurt") == [{}]
    d = hit(st, "Growth Spurt")
    assert mine(d).active.energy == st.seats[0].active.energy
    said(d, "has no basic Grass Energy card in hand: Growth Spurt attaches nothing")
    d = hit(plain(SHROOMISH, [GRASS, GRASS]), "Poisonpowder")
    assert theirs(d).active.conditions == ["poisoned"] and theirs(d).active.damage == 20


# -- ex2-79 Skitty: Energy Catch, Double-edge ------------------------------------------------------------

def test_ex2_79_skitty_energy_catch_takes_a_basic_energy_from_the_discard_pile():
    st = board(side(poke(SKITTY, [GRASS]), discard=[GRASS, DARKNESS_ENERGY, FIRE]), side(poke(TARGET)))
    grass, darkness, fire = st.seats[0].discard
    assert attack_choices(st, "Energy Catch") == [{"cards": [grass]}, {"cards": [fire]}]
    refuse(st, 0, attack("Energy Catch"), "R-ATTACK-2")
    refuse(st, 0, attack("Energy Catch", cards=[darkness]), "R-ATTACK-2")
    d = hit(st, "Energy Catch", cards=[fire])
    assert fire in mine(d).hand and mine(d).discard == [grass, darkness]
    said(d, f"Seat 0 (Ana) shows ⟦{fire}|Fire Energy|*⟧ from the discard pile and puts it into the hand")
    one = board(side(poke(SKITTY, [GRASS]), discard=[WATER]), side(poke(TARGET)))
    assert attack_choices(one, "Energy Catch") == [{}]
    assert mine(hit(one, "Energy Catch")).discard == []
    d = hit(plain(SKITTY, [GRASS]), "Energy Catch")
    said(d, "No basic Energy card in Seat 0 (Ana)'s discard pile: Energy Catch takes nothing")


def test_ex2_79_skitty_double_edge_hurts_itself_10():
    d = hit(plain(SKITTY, [GRASS, GRASS]), "Double-edge")
    assert theirs(d).active.damage == 30 and mine(d).active.damage == 10


# -- ex2-80 Slakoth -----------------------------------------------------------------------------------

def test_ex2_80_slakoth_lazy_punch_R_ATTACK_1_then_it_cant_attack_next_turn():
    d = hit(plain(SLAKOTH, [GRASS]), "Lazy Punch")
    assert theirs(d).active.damage == 10
    d2 = act(d.state, 1, {"type": "end_turn"})
    refuse(d2.state, 0, attack("Lazy Punch"), "R-ATTACK-1", contains="Lazy Punch")


# -- ex2-81 Spearow -----------------------------------------------------------------------------------

def test_ex2_81_spearow_super_speed_heads_prevents_every_effect_next_turn():
    st = board(side(poke(SPEAROW, [GRASS])), side(poke(WAILMER_EX1, [WATER, WATER])))
    d = hit(st, "Super Speed", ["heads"])
    assert theirs(d).active.damage == 0
    d2 = hit(d.state, "Water Gun")                        # Beto's Wailmer attacks Ana's Spearow
    assert d2.state.seats[0].active.damage == 0
    said(d2, "Spearow is protected from all effects of attacks, damage included")
    d = hit(st, "Super Speed", ["tails"])
    assert hit(d.state, "Water Gun").state.seats[0].active.damage == 20
    assert theirs(hit(plain(SPEAROW, [GRASS]), "Peck")).active.damage == 10


# -- ex2-82 Trapinch ----------------------------------------------------------------------------------

def test_ex2_82_trapinch_sand_pit_R_RETREAT_1_and_irongrip():
    st = board(side(poke(TRAPINCH, [GRASS])), side(poke(TARGET, [GRASS]), bench=[poke(TAILLOW)]))
    d = hit(st, "Sand Pit")
    assert theirs(d).active.damage == 10
    refuse(d.state, 1, {"type": "retreat", "to": theirs(d).bench[0].top, "discard": list(theirs(d).active.energy)},
           "R-RETREAT-1", contains="Sand Pit")
    assert theirs(hit(plain(TRAPINCH, [GRASS, GRASS]), "Irongrip")).active.damage == 20


# -- ex2-83 Wailmer -----------------------------------------------------------------------------------

def test_ex2_83_wailmer_rollout_and_super_hypno_wave():
    assert theirs(hit(plain(WAILMER, [GRASS, GRASS], target=LAPRAS_EX), "Rollout")).active.damage == 20
    d = hit(plain(WAILMER, [WATER, GRASS, GRASS], target=LAPRAS_EX), "Super Hypno Wave", ["tails"])
    assert theirs(d).active.damage == 30 and theirs(d).active.conditions == ["asleep"]


# -- ex2-84 Wingull -----------------------------------------------------------------------------------

def test_ex2_84_wingull_supersonic_heads_confuses():
    st = plain(WINGULL, [GRASS])
    heads_inflicts(st, "Supersonic", 0, "confused")


# -- ex2-85 Zigzagoon ---------------------------------------------------------------------------------

def test_ex2_85_zigzagoon_collect_draws_a_card_and_headbutt():
    st = board(side(poke(ZIGZAGOON, [GRASS]), deck=[FIRE, WATER]), side(poke(TARGET)))
    fire = st.seats[0].deck[0]
    d = hit(st, "Collect")
    assert mine(d).hand == [fire] and len(mine(d).deck) == 1 and theirs(d).active.damage == 0
    said(d, f"Seat 0 (Ana) draws ⟦{fire}|Fire Energy|0⟧")
    empty = board(side(poke(ZIGZAGOON, [GRASS]), deck=[]), side(poke(TARGET)))
    d = hit(empty, "Collect")
    assert mine(d).hand == []
    said(d, "Seat 0 (Ana)'s deck is empty: Collect draws nothing. [R-TRAINER-5]")
    assert theirs(hit(plain(ZIGZAGOON, [GRASS, GRASS]), "Headbutt")).active.damage == 20

