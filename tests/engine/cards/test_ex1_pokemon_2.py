"""EX Ruby & Sapphire Pokémon ex1-21 … ex1-45 under ex-2005: one board per effect, exact
outcomes, coins fixed (each test also proves how many flips an action needs).

Seat 0 (Ana) acts unless a test says otherwise (`board(mine, theirs, seat_to_act=1)` puts
`mine` at seat 1). An attack ends the turn, so the state it returns is already the opponent's
turn, after the checkup between turns (Poison counters, the Asleep flip) and the draw.
Defending Pokémon are chosen among cards without powers, so no other card's encoding changes
these outcomes; Metal and Darkness costs are paid with Rainbow Energy for the same reason.
"""
from projections.tcg.legal import legal_actions
from tests.engine.cards.fixtures import (
    DARKNESS_ENERGY,
    FIGHTING,
    FIRE,
    GRASS,
    LIGHTNING,
    PSYCHIC,
    RAINBOW_ENERGY,
    WATER,
    act,
    attack_action,
    attack_choices,
    board,
    cards,
    hit,
    poke,
    refuse,
    said,
    side,
)

SEAKING, SHARPEDO, SWAMPERT, WEEZING, ARON, CASCOON, COMBUSKEN, COMBUSKEN_NC = (
    "ex1-21", "ex1-22", "ex1-23", "ex1-24", "ex1-25", "ex1-26", "ex1-27", "ex1-28")
DELCATTY, ELECTRIKE, GROVYLE, GROVYLE_NC, HARIYAMA, KIRLIA, KIRLIA_LD, LAIRON = (
    "ex1-29", "ex1-30", "ex1-31", "ex1-32", "ex1-33", "ex1-34", "ex1-35", "ex1-36")
LAIRON_MAG, LINOONE, MANECTRIC, MARSHTOMP, MARSHTOMP_NC, MIGHTYENA, SILCOON, SKITTY, SLAKOTH = (
    "ex1-37", "ex1-38", "ex1-39", "ex1-40", "ex1-41", "ex1-42", "ex1-43", "ex1-44", "ex1-45")
# Defending Pokémon without powers (other groups' cards answer nothing here)
MAKUHITA, NUMEL, PHANPY, KOFFING, TREECKO = "ex1-56", "ex1-61", "ex1-62", "ex1-54", "ex1-75"
# Base Set Trainers that attach (their hooks: PlusPower on the attacker, Defender on the defender)
PLUSPOWER, DEFENDER = "base1-84", "base1-80"


def attach(state, card, target, seat_no=0, coins=()):
    return act(state, seat_no, {"type": "attach_energy", "card": card, "target": target}, coins)


def ana(d):
    return d.state.seats[0]


def beto(d):
    return d.state.seats[1]


# -- ex1-21 Seaking ----------------------------------------------------------------------------

def _seaking_board():
    return board(side(poke(SEAKING, [WATER, WATER])), side(poke(NUMEL), bench=[poke(NUMEL), poke(PHANPY)]))


def test_ex1_21_seaking_water_arrow_on_a_benched_pokemon_has_no_weakness():
    st = _seaking_board()
    benched = st.seats[1].bench[0]
    d = hit(st, "Water Arrow", pokemon=[benched.top])
    assert beto(d).bench[0].damage == 20 and beto(d).active.damage == 0 and beto(d).bench[1].damage == 0
    said(d, "does 20 damage to Numel (base 20) — 20/50. [R-DAMAGE-2]")


def test_ex1_21_seaking_water_arrow_on_the_active_applies_weakness():
    st = _seaking_board()
    d = hit(st, "Water Arrow", pokemon=[st.seats[1].active.top])
    assert beto(d).active.damage == 40 and [p.damage for p in beto(d).bench] == [0, 0]
    said(d, "Weakness ×2 = 40")


def test_ex1_21_seaking_water_arrow_choice_refusals_and_options():
    st = _seaking_board()
    refuse(st, 0, attack_action("Water Arrow"), "R-ATTACK-2", contains="choices.pokemon")
    refuse(st, 0, attack_action("Water Arrow", pokemon=[st.seats[0].active.top]), "R-ATTACK-2")
    theirs = [st.seats[1].active.top] + [p.top for p in st.seats[1].bench]
    assert attack_choices(st, "Water Arrow") == [{"pokemon": [t]} for t in theirs]
    alone = board(side(poke(SEAKING, [WATER])), side(poke(NUMEL)))
    assert attack_choices(alone, "Water Arrow") == [{}]
    assert beto(hit(alone, "Water Arrow")).active.damage == 40


def test_ex1_21_seaking_fast_stream_does_30_and_moves_no_energy_with_one_defending():
    st = board(side(poke(SEAKING, [WATER, WATER])), side(poke(PHANPY, [FIGHTING, GRASS]), bench=[poke(MAKUHITA)]))
    d = hit(st, "Fast Stream")
    assert beto(d).active.damage == 30
    assert cards(d.state, beto(d).active.energy) == [FIGHTING, GRASS] and beto(d).bench[0].energy == []
    said(d, "only 1 Defending Pokémon")


# -- ex1-22 Sharpedo ---------------------------------------------------------------------------

def _sharpedo_board(**kw):
    return board(side(poke(SHARPEDO, [WATER, DARKNESS_ENERGY, RAINBOW_ENERGY], **kw)), side(poke(WEEZING)))


def test_ex1_22_sharpedo_dark_slash_discards_a_darkness_energy_for_30_more():
    st = _sharpedo_board()
    dark = st.seats[0].active.energy[1]
    d = hit(st, "Dark Slash", cards=[dark])
    assert beto(d).active.damage == 70
    assert dark in ana(d).discard and dark not in ana(d).active.energy
    said(d, "discards Darkness Energy for Dark Slash: +30 damage")


def test_ex1_22_sharpedo_dark_slash_keeps_the_energy_when_not_chosen():
    st = _sharpedo_board()
    d = hit(st, "Dark Slash")
    assert beto(d).active.damage == 40 and len(ana(d).active.energy) == 3 and ana(d).discard == []


def test_ex1_22_sharpedo_dark_slash_options_and_refusal():
    st = _sharpedo_board()
    water, dark, rainbow = st.seats[0].active.energy
    # Rainbow Energy provides Darkness while attached: it may be the card discarded
    assert attack_choices(st, "Dark Slash") == [{}, {"cards": [dark]}, {"cards": [rainbow]}]
    refuse(st, 0, attack_action("Dark Slash", cards=[water]), "R-ATTACK-2", contains="Darkness")
    d = hit(st, "Dark Slash", cards=[rainbow])
    assert beto(d).active.damage == 70 and rainbow in ana(d).discard


def test_ex1_22_sharpedo_dark_slash_confused_tails_discards_nothing():
    st = _sharpedo_board(conditions=["confused"])
    dark = st.seats[0].active.energy[1]
    d = hit(st, "Dark Slash", ["tails"], cards=[dark])
    assert beto(d).active.damage == 0 and dark in ana(d).active.energy and ana(d).active.damage == 30
    said(d, "hurts itself")


def _rough_skin_board(sharpedo, bench=()):
    """Beto (seat 1) attacks Ana's Sharpedo with Lairon's Ram (20)."""
    return board(side(poke(LAIRON, [FIGHTING, FIGHTING])), side(sharpedo, bench=list(bench)), seat_to_act=1)


def test_ex1_22_sharpedo_rough_skin_puts_2_counters_on_the_attacker():
    st = _rough_skin_board(poke(SHARPEDO))
    d = hit(st, "Ram")
    assert ana(d).active.damage == 20 and beto(d).active.damage == 20
    said(d, "Sharpedo's Rough Skin: 2 damage counters on Lairon (20/70). [R-DAMAGE-3]")


def test_ex1_22_sharpedo_rough_skin_even_when_sharpedo_is_knocked_out():
    st = _rough_skin_board(poke(SHARPEDO, damage=60), bench=[poke(MAKUHITA)])
    d = act(st, 1, attack_action("Ram"))
    assert beto(d).active.damage == 20
    assert SHARPEDO in cards(d.state, ana(d).discard) and len(beto(d).prizes) == 5
    said(d, "Rough Skin")


def test_ex1_22_sharpedo_rough_skin_can_knock_out_the_attacker():
    st = board(side(poke(LAIRON, [FIGHTING, FIGHTING], damage=50), bench=[poke(MAKUHITA)]),
               side(poke(SHARPEDO)), seat_to_act=1)
    d = hit(st, "Ram")
    assert LAIRON in cards(d.state, beto(d).discard) and len(ana(d).prizes) == 5
    assert d.state.phase == "promote"


def test_ex1_22_sharpedo_rough_skin_not_from_the_bench():
    st = board(side(poke(LAIRON_MAG, [RAINBOW_ENERGY])), side(poke(MAKUHITA), bench=[poke(SHARPEDO)]),
               seat_to_act=1)
    d = hit(st, "Magnitude")
    assert ana(d).bench[0].damage == 10 and beto(d).active.damage == 0
    assert not any("Rough Skin" in line for line in d.narration)


def test_R_POWER_2_sharpedo_rough_skin_works_while_asleep():
    st = _rough_skin_board(poke(SHARPEDO, conditions=["asleep"]))
    d = hit(st, "Ram", ["tails"])           # the tails: Sharpedo's Asleep flip between turns
    assert beto(d).active.damage == 20 and ana(d).active.conditions == ["asleep"]
    said(d, "Rough Skin")


# -- ex1-23 Swampert ---------------------------------------------------------------------------

def _swampert_board(damage=30):
    return board(side(poke(SWAMPERT, [WATER, WATER, WATER], damage=damage), hand=[WATER, WATER, FIRE]),
                 side(poke(HARIYAMA), bench=[poke(PHANPY)]))


def test_ex1_23_swampert_natural_remedy_removes_a_counter_on_a_water_attach():
    st = _swampert_board()
    d = attach(st, st.seats[0].hand[0], st.seats[0].active.top)
    assert ana(d).active.damage == 20
    said(d, "Swampert's Natural Remedy removes 1 damage counter (20/100). [R-POWER-1]")


def test_ex1_23_swampert_natural_remedy_only_once_a_turn():
    st = _swampert_board()
    d = attach(st, st.seats[0].hand[0], st.seats[0].active.top)
    # a second attachment from the hand this turn (what another card's effect allows): the
    # turn's attachment record is cleared to let the ordinary action do it
    again = d.state.clone()
    again.this_turn["energy_attached"] = None
    d2 = attach(again, again.seats[0].hand[0], again.seats[0].active.top)
    assert ana(d2).active.damage == 20
    said(d2, "Natural Remedy was already used this turn")


def test_ex1_23_swampert_natural_remedy_not_for_fire_nor_undamaged():
    st = _swampert_board()
    fire = st.seats[0].hand[2]
    d = attach(st, fire, st.seats[0].active.top)
    assert ana(d).active.damage == 30 and not any("Natural Remedy" in line for line in d.narration)
    fresh = _swampert_board(damage=0)
    d = attach(fresh, fresh.seats[0].hand[0], fresh.seats[0].active.top)
    assert ana(d).active.damage == 0 and ana(d).active.flags == {}


def test_ex1_23_swampert_water_arrow_and_waterfall():
    st = _swampert_board()
    d = hit(st, "Water Arrow", pokemon=[st.seats[1].bench[0].top])
    assert beto(d).bench[0].damage == 20 and beto(d).active.damage == 0
    d = hit(st, "Waterfall")
    assert beto(d).active.damage == 50


# -- ex1-24 Weezing ----------------------------------------------------------------------------

def test_ex1_24_weezing_confusion_gas_confuses():
    st = board(side(poke(WEEZING, [GRASS])), side(poke(PHANPY)))
    d = hit(st, "Confusion Gas")
    assert beto(d).active.damage == 20 and beto(d).active.conditions == ["confused"]
    said(d, "base 10; Weakness ×2 = 20")


def test_ex1_24_weezing_poison_smog_poisons_and_hits_only_the_opponents_bench():
    st = board(side(poke(WEEZING, [GRASS, GRASS]), bench=[poke(KOFFING)]),
               side(poke(PHANPY), bench=[poke(MAKUHITA), poke(NUMEL)]))
    d = hit(st, "Poison Smog")
    assert beto(d).active.conditions == ["poisoned"]
    assert beto(d).active.damage == 10            # no damage from the attack; 1 Poison counter between turns
    assert [p.damage for p in beto(d).bench] == [10, 10] and ana(d).bench[0].damage == 0
    said(d, "Poison between turns")


# -- ex1-25 Aron --------------------------------------------------------------------------------

def test_ex1_25_aron_rollout_and_double_stab():
    st = board(side(poke(ARON, [RAINBOW_ENERGY, FIGHTING])), side(poke(HARIYAMA)))
    assert beto(hit(st, "Rollout")).active.damage == 10
    assert beto(hit(st, "Double Stab", ["heads", "tails"])).active.damage == 20
    assert beto(hit(st, "Double Stab", ["heads", "heads"])).active.damage == 40
    d = hit(st, "Double Stab", ["tails", "tails"])
    assert beto(d).active.damage == 0
    said(d, "does no damage")


# -- ex1-26 Cascoon and ex1-43 Silcoon: Hard Cocoon ---------------------------------------------

def _cocoon_board(cocoon, **kw):
    """Beto (seat 1) attacks Ana's cocoon with Combusken's Flare (20, Fire: Weakness ×2)."""
    return board(side(poke(COMBUSKEN, [FIRE])), side(poke(cocoon, **kw)), seat_to_act=1)


def test_ex1_26_cascoon_hard_cocoon_heads_reduces_after_weakness():
    d = hit(_cocoon_board(CASCOON), "Flare", ["heads"])
    assert ana(d).active.damage == 10
    said(d, "base 20; Weakness ×2 = 40; Hard Cocoon −30 = 10")


def test_ex1_26_cascoon_hard_cocoon_tails_does_nothing():
    d = hit(_cocoon_board(CASCOON), "Flare", ["tails"])
    assert ana(d).active.damage == 40
    said(d, "Hard Cocoon: tails")


def test_ex1_43_silcoon_hard_cocoon_on_the_bench_and_never_below_zero():
    st = board(side(poke(LAIRON_MAG, [RAINBOW_ENERGY])), side(poke(MAKUHITA), bench=[poke(SILCOON)]),
               seat_to_act=1)
    d = hit(st, "Magnitude", ["heads"])
    assert ana(d).bench[0].damage == 0 and ana(d).active.damage == 20
    said(d, "Hard Cocoon −30 = -20; below 0 counts as 0")


def test_ex1_26_cascoon_hard_cocoon_no_flip_when_the_damage_is_already_0():
    # Ram's 20, less Defender's 20 (a Trainer effect, before the powers' step): no coin is needed
    st = board(side(poke(LAIRON, [FIGHTING, FIGHTING])), side(poke(CASCOON, attached=[DEFENDER])), seat_to_act=1)
    d = hit(st, "Ram")
    assert ana(d).active.damage == 0
    assert not any("Hard Cocoon" in line for line in d.narration)


def test_R_POWER_2_silcoon_hard_cocoon_works_while_paralyzed():
    d = hit(_cocoon_board(SILCOON, conditions=["paralyzed"]), "Flare", ["heads"])
    assert ana(d).active.damage == 10


def test_ex1_26_cascoon_poison_thread_poisons():
    st = board(side(poke(CASCOON, [GRASS])), side(poke(PHANPY)))
    d = hit(st, "Poison Thread")
    assert beto(d).active.conditions == ["poisoned"] and beto(d).active.damage == 10


# -- ex1-27 / ex1-28 Combusken ---------------------------------------------------------------------

def test_ex1_27_combusken_flare_and_double_kick():
    st = board(side(poke(COMBUSKEN, [FIRE, FIRE, FIRE])), side(poke(SWAMPERT)))
    assert beto(hit(st, "Flare")).active.damage == 20
    assert beto(hit(st, "Double Kick", ["heads", "heads"])).active.damage == 80
    assert beto(hit(st, "Double Kick", ["tails", "heads"])).active.damage == 40


def _natural_cure_board(card_id, hand):
    return board(side(poke(card_id, conditions=["confused", "poisoned"]), hand=hand), side(poke(PHANPY)))


def test_ex1_28_combusken_natural_cure_on_a_fire_attach():
    st = _natural_cure_board(COMBUSKEN_NC, [FIRE, WATER])
    d = attach(st, st.seats[0].hand[0], st.seats[0].active.top)
    assert ana(d).active.conditions == [] and "poison_damage" not in ana(d).active.flags
    said(d, "Combusken's Natural Cure removes its Special Conditions (Confused, Poisoned). [R-POWER-1]")
    d = attach(st, st.seats[0].hand[1], st.seats[0].active.top)
    assert ana(d).active.conditions == ["confused", "poisoned"]


def test_ex1_28_combusken_lunge_tails_does_nothing():
    st = board(side(poke(COMBUSKEN_NC, [FIRE, FIRE])), side(poke(WEEZING)))
    assert beto(hit(st, "Lunge", ["heads"])).active.damage == 50
    d = hit(st, "Lunge", ["tails"])
    assert beto(d).active.damage == 0
    said(d, "Lunge does nothing")


# -- ex1-29 Delcatty ----------------------------------------------------------------------------------

def test_ex1_29_delcatty_energy_call_attaches_the_chosen_energy_from_the_discard():
    st = board(side(poke(DELCATTY, [WATER]), discard=[FIRE, GRASS, SKITTY]), side(poke(WEEZING)))
    fire, grass, _ = st.seats[0].discard
    d = hit(st, "Energy Call", cards=[grass])
    assert beto(d).active.damage == 10
    assert ana(d).active.energy[-1] == grass and grass not in ana(d).discard and fire in ana(d).discard
    said(d, "Energy Call attaches Grass Energy from the discard pile to Delcatty")
    assert attack_choices(st, "Energy Call") == [{"cards": [fire]}, {"cards": [grass]}]
    refuse(st, 0, attack_action("Energy Call"), "R-ATTACK-2", contains="choices.cards")
    refuse(st, 0, attack_action("Energy Call", cards=[st.seats[0].discard[2]]), "R-ATTACK-2")


def test_ex1_29_delcatty_energy_call_with_one_energy_or_none():
    one = board(side(poke(DELCATTY, [WATER]), discard=[FIRE, FIRE]), side(poke(WEEZING)))
    assert attack_choices(one, "Energy Call") == [{"cards": [one.seats[0].discard[0]]}]
    single = board(side(poke(DELCATTY, [WATER]), discard=[RAINBOW_ENERGY]), side(poke(WEEZING)))
    d = hit(single, "Energy Call")
    assert cards(d.state, ana(d).active.energy) == [WATER, RAINBOW_ENERGY]
    none = board(side(poke(DELCATTY, [WATER]), discard=[SKITTY]), side(poke(WEEZING)))
    d = hit(none, "Energy Call")
    assert beto(d).active.damage == 10 and len(ana(d).active.energy) == 1
    said(d, "no fitting Energy card")


def test_ex1_29_delcatty_cannonball_counts_energy_beyond_the_cost():
    st = board(side(poke(DELCATTY, [WATER, FIRE, GRASS, RAINBOW_ENERGY])), side(poke(WEEZING)))
    assert beto(hit(st, "Cannonball")).active.damage == 50
    exact = board(side(poke(DELCATTY, [WATER, FIRE])), side(poke(WEEZING)))
    assert beto(hit(exact, "Cannonball")).active.damage == 30


# -- ex1-30 Electrike -----------------------------------------------------------------------------------

def test_ex1_30_electrike_charge_attaches_a_lightning_energy_from_the_discard():
    st = board(side(poke(ELECTRIKE, [LIGHTNING]), discard=[GRASS, LIGHTNING, RAINBOW_ENERGY]), side(poke(WEEZING)))
    light = st.seats[0].discard[1]
    assert attack_choices(st, "Charge") == [{}]
    d = hit(st, "Charge")
    assert ana(d).active.energy[-1] == light and cards(d.state, ana(d).discard) == [GRASS, RAINBOW_ENERGY]
    assert beto(d).active.damage == 0
    nothing = board(side(poke(ELECTRIKE, [LIGHTNING]), discard=[RAINBOW_ENERGY]), side(poke(WEEZING)))
    d = hit(nothing, "Charge")
    assert len(ana(d).active.energy) == 1 and cards(d.state, ana(d).discard) == [RAINBOW_ENERGY]


def test_ex1_30_electrike_thunder_jolt_tails_hurts_itself():
    st = board(side(poke(ELECTRIKE, [LIGHTNING, LIGHTNING])), side(poke(WEEZING)))
    d = hit(st, "Thunder Jolt", ["tails"])
    assert beto(d).active.damage == 30 and ana(d).active.damage == 10
    d = hit(st, "Thunder Jolt", ["heads"])
    assert beto(d).active.damage == 30 and ana(d).active.damage == 0


# -- ex1-31 / ex1-32 Grovyle ----------------------------------------------------------------------

def test_ex1_31_grovyle_poison_breath_poisons():
    st = board(side(poke(GROVYLE, [GRASS, GRASS])), side(poke(WEEZING)))
    d = hit(st, "Poison Breath")
    assert beto(d).active.conditions == ["poisoned"] and beto(d).active.damage == 10


def test_ex1_31_grovyle_swift_ignores_weakness_and_resistance():
    resists = board(side(poke(GROVYLE, [GRASS, GRASS, GRASS])), side(poke(LAIRON)))
    d = hit(resists, "Swift")
    assert beto(d).active.damage == 30
    said(d, "base 30; Resistance ignored; effects on the Defending Pokémon ignored")
    weak = board(side(poke(GROVYLE, [GRASS, GRASS, GRASS])), side(poke(PHANPY)))
    d = hit(weak, "Swift")
    assert beto(d).active.damage == 30
    said(d, "Weakness ignored")


def test_ex1_31_grovyle_swift_ignores_bodies_and_trainers_on_the_defending_pokemon():
    # Hard Cocoon would flip (no coin is given) and Defender would take 20 off
    st = board(side(poke(GROVYLE, [GRASS, GRASS, GRASS])), side(poke(CASCOON, attached=[DEFENDER])))
    d = hit(st, "Swift")
    assert beto(d).active.damage == 30


def test_ex1_31_grovyle_swift_keeps_the_attackers_own_effects():
    st = board(side(poke(GROVYLE, [GRASS, GRASS, GRASS], attached=[PLUSPOWER])),
               side(poke(LAIRON, attached=[DEFENDER])))
    d = hit(st, "Swift")
    assert beto(d).active.damage == 40


def test_ex1_32_grovyle_natural_cure_on_a_grass_attach_and_slash():
    st = _natural_cure_board(GROVYLE_NC, [GRASS])
    d = attach(st, st.seats[0].hand[0], st.seats[0].active.top)
    assert ana(d).active.conditions == []
    st = board(side(poke(GROVYLE_NC, [GRASS, GRASS])), side(poke(WEEZING)))
    assert beto(hit(st, "Slash")).active.damage == 20


# -- ex1-33 Hariyama ----------------------------------------------------------------------------------

def test_ex1_33_hariyama_shove_heads_paralyzes():
    st = board(side(poke(HARIYAMA, [FIGHTING, FIGHTING])), side(poke(WEEZING)))
    d = hit(st, "Shove", ["heads"])
    assert beto(d).active.damage == 20 and beto(d).active.conditions == ["paralyzed"]
    assert beto(hit(st, "Shove", ["tails"])).active.conditions == []


def test_ex1_33_hariyama_slap_down_adds_10_per_heads():
    st = board(side(poke(HARIYAMA, [FIGHTING, FIGHTING, FIGHTING])), side(poke(WEEZING)))
    assert beto(hit(st, "Slap Down", ["heads", "heads"])).active.damage == 60
    assert beto(hit(st, "Slap Down", ["tails", "heads"])).active.damage == 50
    assert beto(hit(st, "Slap Down", ["tails", "tails"])).active.damage == 40


# -- ex1-34 / ex1-35 Kirlia ------------------------------------------------------------------------------

def _removal_board(defending_energy):
    return board(side(poke(KIRLIA, [PSYCHIC, PSYCHIC, PSYCHIC])), side(poke(SWAMPERT, defending_energy)))


def test_ex1_34_kirlia_removal_beam_heads_discards_the_chosen_energy():
    st = _removal_board([GRASS, WATER])
    grass, water = st.seats[1].active.energy
    d = hit(st, "Removal Beam", ["heads"], cards=[water])
    assert beto(d).active.damage == 10 and beto(d).active.energy == [grass] and beto(d).discard == [water]
    d = hit(st, "Removal Beam", ["tails"], cards=[water])
    assert beto(d).active.energy == [grass, water] and beto(d).discard == []


def test_ex1_34_kirlia_removal_beam_choice_is_checked_before_the_flip():
    st = _removal_board([GRASS, WATER])
    grass, water = st.seats[1].active.energy
    refuse(st, 0, attack_action("Removal Beam"), "R-ATTACK-2", contains="choices.cards")      # no coin used
    refuse(st, 0, attack_action("Removal Beam", cards=[st.seats[0].active.energy[0]]), "R-ATTACK-2")
    assert attack_choices(st, "Removal Beam") == [{"cards": [grass]}, {"cards": [water]}]
    one = _removal_board([GRASS])
    assert attack_choices(one, "Removal Beam") == [{}]
    assert beto(hit(one, "Removal Beam", ["heads"])).active.energy == []


def test_ex1_34_kirlia_super_psy():
    st = board(side(poke(KIRLIA, [PSYCHIC, PSYCHIC, PSYCHIC])), side(poke(SWAMPERT)))
    assert beto(hit(st, "Super Psy")).active.damage == 50


def test_ex1_35_kirlia_dazzle_dance_heads_confuses():
    st = board(side(poke(KIRLIA_LD, [PSYCHIC])), side(poke(PHANPY)))
    assert beto(hit(st, "Dazzle Dance", ["heads"])).active.conditions == ["confused"]
    assert beto(hit(st, "Dazzle Dance", ["tails"])).active.conditions == []


def test_ex1_35_kirlia_life_drain_heads_leaves_10_hp():
    st = board(side(poke(KIRLIA_LD, [PSYCHIC])), side(poke(HARIYAMA, damage=10)))
    d = hit(st, "Life Drain", ["heads"])
    assert beto(d).active.damage == 70
    said(d, "Life Drain: 6 damage counters on Hariyama (70/80). [R-DAMAGE-3]")
    assert beto(hit(st, "Life Drain", ["tails"])).active.damage == 10
    low = board(side(poke(KIRLIA_LD, [PSYCHIC])), side(poke(HARIYAMA, damage=70)))
    d = hit(low, "Life Drain", ["heads"])
    assert beto(d).active.damage == 70
    said(d, "places no counter")


# -- ex1-36 / ex1-37 Lairon ----------------------------------------------------------------------------

def test_ex1_36_lairon_ram_and_metal_claw():
    st = board(side(poke(LAIRON, [RAINBOW_ENERGY, FIGHTING, FIGHTING])), side(poke(WEEZING)))
    assert beto(hit(st, "Ram")).active.damage == 20
    assert beto(hit(st, "Metal Claw")).active.damage == 40


def test_ex1_37_lairon_magnitude_hits_both_benches():
    st = board(side(poke(LAIRON_MAG, [RAINBOW_ENERGY]), bench=[poke(ARON)]),
               side(poke(WEEZING), bench=[poke(KOFFING), poke(PHANPY)]))
    d = hit(st, "Magnitude")
    assert beto(d).active.damage == 20 and [p.damage for p in beto(d).bench] == [10, 10]
    assert ana(d).bench[0].damage == 10 and ana(d).active.damage == 0


def test_ex1_37_lairon_one_two_strike_adds_20_per_heads():
    st = board(side(poke(LAIRON_MAG, [FIGHTING] * 4)), side(poke(WEEZING)))
    assert beto(hit(st, "One-Two Strike", ["heads", "tails"])).active.damage == 50
    assert beto(hit(st, "One-Two Strike", ["heads", "heads"])).active.damage == 70


# -- ex1-38 Linoone -------------------------------------------------------------------------------------

def _linoone_board(deck):
    return board(side(poke(LINOONE, [FIGHTING, FIGHTING]), hand=[WATER], deck=deck), side(poke(WEEZING)))


def test_ex1_38_linoone_seek_out_shows_the_deck_then_takes_up_to_2():
    st = _linoone_board([FIGHTING, GRASS, WATER, SKITTY])
    deck = list(st.seats[0].deck)
    d = hit(st, "Seek Out")
    pending = d.state.pending
    assert pending["seat"] == 0 and pending["kind"] == "search" and pending["look"] == deck
    assert pending["by"] == "attack" and pending["attack"] == "Seek Out" and pending["effect"] == 0
    assert d.state.seat_to_act == 0 and d.state.this_turn["attacked"]
    refuse(d.state, 0, {"type": "end_turn"}, "R-TRAINER-1", contains="choose")
    refuse(d.state, 1, {"type": "choose", "choices": {"search": [deck[0]]}}, "R-TRAINER-1")
    assert {a["type"] for a in legal_actions(d.state, 0)} == {"choose", "concede"}
    offered = [a["choices"]["search"] for a in legal_actions(d.state, 0) if a["type"] == "choose"]
    assert [] in offered and [deck[1], deck[3]] in offered and len(offered) == 1 + 4 + 6
    d2 = act(d.state, 0, {"type": "choose", "choices": {"search": [deck[1], deck[3]]}})
    assert ana(d2).hand[-2:] == [deck[1], deck[3]] and d2.state.pending is None
    assert d2.state.seat_to_act == 1 and d2.state.turn == 4
    said(d2, "The attack ends the turn.")


def test_ex1_38_linoone_seek_out_in_one_action_and_refusals():
    st = _linoone_board([FIGHTING, GRASS, WATER])
    deck = list(st.seats[0].deck)
    d = hit(st, "Seek Out", search=[deck[2]])
    assert deck[2] in ana(d).hand and d.state.pending is None and d.state.seat_to_act == 1
    refuse(st, 0, attack_action("Seek Out", search=deck), "R-ATTACK-2", contains="up to 2")
    refuse(st, 0, attack_action("Seek Out", search=[st.seats[0].hand[0]]), "R-ATTACK-2")
    d = hit(st, "Seek Out", search=[])
    assert ana(d).hand == st.seats[0].hand and ana(d).deck == deck
    looking = hit(st, "Seek Out").state
    refuse(looking, 0, {"type": "choose", "choices": {"search": deck}}, "R-ATTACK-2")


def test_ex1_38_linoone_seek_out_with_an_empty_deck():
    st = _linoone_board([])
    d = hit(st, "Seek Out")
    assert d.state.pending is None
    said(d, "the deck is empty, nothing to search. [R-TRAINER-5]")


def test_ex1_38_linoone_continuous_headbutt_flips_until_tails():
    st = board(side(poke(LINOONE, [FIGHTING, FIGHTING])), side(poke(SWAMPERT)))
    assert beto(hit(st, "Continuous Headbutt", ["heads", "tails"])).active.damage == 40
    assert beto(hit(st, "Continuous Headbutt", ["heads", "heads", "tails"])).active.damage == 80
    assert beto(hit(st, "Continuous Headbutt", ["tails"])).active.damage == 0
    assert attack_choices(st, "Continuous Headbutt") == [{}]      # the probe's endless heads stop


# -- ex1-39 Manectric -----------------------------------------------------------------------------------

def _manectric_board(bench):
    return board(side(poke(MANECTRIC, [LIGHTNING, LIGHTNING, LIGHTNING])), side(poke(WEEZING), bench=bench))


def test_ex1_39_manectric_gigashock_hits_2_chosen_benched_pokemon():
    st = _manectric_board([poke(KOFFING), poke(PHANPY), poke(MAKUHITA)])
    a, b, c = (p.top for p in st.seats[1].bench)
    d = hit(st, "Gigashock", pokemon=[a, c])
    assert beto(d).active.damage == 40 and [p.damage for p in beto(d).bench] == [10, 0, 10]
    assert attack_choices(st, "Gigashock") == [{"pokemon": [a, b]}, {"pokemon": [a, c]}, {"pokemon": [b, c]}]
    refuse(st, 0, attack_action("Gigashock", pokemon=[a]), "R-ATTACK-2")
    refuse(st, 0, attack_action("Gigashock"), "R-ATTACK-2", contains="choices.pokemon")


def test_ex1_39_manectric_gigashock_with_one_benched_or_none():
    one = _manectric_board([poke(KOFFING)])
    assert attack_choices(one, "Gigashock") == [{}]
    assert beto(hit(one, "Gigashock")).bench[0].damage == 10
    none = _manectric_board([])
    assert beto(hit(none, "Gigashock")).active.damage == 40


def test_ex1_39_manectric_thundershock_heads_paralyzes():
    st = _manectric_board([])
    d = hit(st, "Thundershock", ["heads"])
    assert beto(d).active.damage == 20 and beto(d).active.conditions == ["paralyzed"]


# -- ex1-40 / ex1-41 Marshtomp ----------------------------------------------------------------------------

def test_ex1_40_marshtomp_bubble_and_slash():
    st = board(side(poke(MARSHTOMP, [WATER, WATER, WATER])), side(poke(WEEZING)))
    d = hit(st, "Bubble", ["heads"])
    assert beto(d).active.damage == 10 and beto(d).active.conditions == ["paralyzed"]
    assert beto(hit(st, "Bubble", ["tails"])).active.conditions == []
    assert beto(hit(st, "Slash")).active.damage == 40


def test_ex1_41_marshtomp_aqua_sonic_ignores_resistance_not_weakness():
    st = board(side(poke(MARSHTOMP_NC, [WATER, WATER])), side(poke(GROVYLE)))
    d = hit(st, "Aqua Sonic")
    assert beto(d).active.damage == 20
    said(d, "base 20; Resistance ignored")
    weak = board(side(poke(MARSHTOMP_NC, [WATER, WATER])), side(poke(NUMEL)))
    assert beto(hit(weak, "Aqua Sonic")).active.damage == 40


def test_ex1_41_marshtomp_natural_cure_on_a_water_attach():
    st = _natural_cure_board(MARSHTOMP_NC, [WATER])
    d = attach(st, st.seats[0].hand[0], st.seats[0].active.top)
    assert ana(d).active.conditions == []
    said(d, "Natural Cure")


# -- ex1-42 Mightyena ------------------------------------------------------------------------------------

def test_ex1_42_mightyena_bite_and_ambush():
    st = board(side(poke(MIGHTYENA, [RAINBOW_ENERGY, FIGHTING, FIGHTING])), side(poke(WEEZING)))
    assert beto(hit(st, "Bite")).active.damage == 20
    assert beto(hit(st, "Ambush", ["heads"])).active.damage == 60
    assert beto(hit(st, "Ambush", ["tails"])).active.damage == 30


# -- ex1-43 Silcoon: Gooey Thread -------------------------------------------------------------------------

def test_ex1_43_silcoon_gooey_thread_blocks_retreat_through_the_next_turn():
    st = board(side(poke(SILCOON, [GRASS])), side(poke(WEEZING, [GRASS, GRASS]), bench=[poke(KOFFING)]))
    d = hit(st, "Gooey Thread")
    assert beto(d).active.damage == 10
    said(d, "Weezing can't retreat until the end of the opponent's next turn. [R-RETREAT-1]")
    koffing = beto(d).bench[0].top
    both = beto(d).active.energy
    refuse(d.state, 1, {"type": "retreat", "to": koffing, "discard": both}, "R-RETREAT-1", contains="Gooey Thread")
    assert not any(a["type"] == "retreat" for a in legal_actions(d.state, 1))
    later = act(act(d.state, 1, {"type": "end_turn"}).state, 0, {"type": "end_turn"}).state
    assert later.seat_to_act == 1 and later.turn == 6
    retreat = act(later, 1, {"type": "retreat", "to": koffing, "discard": both})
    assert retreat.state.seats[1].active.top == koffing


# -- ex1-44 Skitty ---------------------------------------------------------------------------------------

def _skitty_board(deck):
    return board(side(poke(SKITTY, [WATER]), deck=deck), side(poke(WEEZING)))


def test_ex1_44_skitty_minor_errand_running_takes_and_shows_2_basic_energy():
    st = _skitty_board([GRASS, COMBUSKEN, GRASS, WATER])
    g1, combusken, g2, water = st.seats[0].deck
    d = hit(st, "Minor Errand-Running")
    assert d.state.pending["look"] == [g1, combusken, g2, water]
    offered = [a["choices"] for a in legal_actions(d.state, 0) if a["type"] == "choose"]
    assert offered == [{"search": [g1, g2]}, {"search": [g1, water]}]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [g1]}}, "R-TRAINER-5")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [g1, combusken]}}, "R-ATTACK-2")
    d2 = act(d.state, 0, {"type": "choose", "choices": {"search": [g2, water]}})
    assert [g2, water] == ana(d2).hand[-2:] and cards(d2.state, ana(d2).deck) == [GRASS, COMBUSKEN]
    said(d2, f"shows and takes ⟦{g2}|Grass Energy|*⟧, ⟦{water}|Water Energy|*⟧ from the deck")


def test_ex1_44_skitty_minor_errand_running_takes_fewer_when_the_deck_has_fewer():
    st = _skitty_board([COMBUSKEN, FIRE])
    fire = st.seats[0].deck[1]
    d = hit(st, "Minor Errand-Running", search=[fire])
    assert fire in ana(d).hand and d.state.seat_to_act == 1
    said(d, "[R-TRAINER-5]")
    refuse(st, 0, attack_action("Minor Errand-Running", search=[]), "R-TRAINER-5")
    none = _skitty_board([COMBUSKEN])
    looking = hit(none, "Minor Errand-Running").state
    assert [a["choices"] for a in legal_actions(looking, 0) if a["type"] == "choose"] == [{"search": []}]
    d = act(looking, 0, {"type": "choose", "choices": {"search": []}})
    assert cards(d.state, ana(d).deck) == [COMBUSKEN]


def test_ex1_44_skitty_lullaby_puts_to_sleep():
    st = _skitty_board(None)
    d = hit(st, "Lullaby", ["tails"])          # the tails: the Asleep flip between turns
    assert beto(d).active.damage == 10 and beto(d).active.conditions == ["asleep"]


# -- ex1-45 Slakoth --------------------------------------------------------------------------------------

def test_ex1_45_slakoth_claw_tails_does_nothing():
    st = board(side(poke(SLAKOTH, [FIGHTING])), side(poke(WEEZING)))
    assert beto(hit(st, "Claw", ["heads"])).active.damage == 20
    assert beto(hit(st, "Claw", ["tails"])).active.damage == 0


def test_ex1_45_slakoth_slack_off_heals_then_it_cant_attack_next_turn():
    st = board(side(poke(SLAKOTH, [FIGHTING, FIGHTING], damage=30)), side(poke(WEEZING)))
    d = hit(st, "Slack Off")
    assert ana(d).active.damage == 0 and beto(d).active.damage == 0
    said(d, "Slakoth has 3 damage counter(s) removed.")
    mine = act(d.state, 1, {"type": "end_turn"}).state
    assert mine.seat_to_act == 0 and mine.turn == 5
    refuse(mine, 0, attack_action("Claw"), "R-ATTACK-1", contains="Slack Off")
    assert not any(a["type"] == "attack" for a in legal_actions(mine, 0))
    again = act(act(mine, 0, {"type": "end_turn"}).state, 1, {"type": "end_turn"}).state
    assert again.turn == 7
    assert beto(hit(again, "Claw", ["heads"])).active.damage == 20
