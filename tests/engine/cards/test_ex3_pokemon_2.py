"""EX Dragon Pokémon ex3-41 … ex3-81: one board per card (several for the tricky ones), exact
outcomes, coins fixed (each test proves how many flips an action needs, the checkup's included:
an attack ends the turn, so the state returned is the opponent's turn after the checkup and
their draw).

The usual Defending Pokémon is Shelgon ex3-42 (70 HP, no Weakness, no Resistance, no power)."""
import pytest

from projections.tcg.carddb import add_card, card, define_pokemon, remove_card
from projections.tcg.cards.describe import describe_card
from projections.tcg.legal import legal_actions
from tests.engine.cards.fixtures import (
    attack_action,
    attack_choices,
    heads_inflicts,
    hit,
    mine,
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

SHELGON_41, SHELGON_42, SHUPPET, SNORUNT, SWELLOW = "ex3-41", "ex3-42", "ex3-43", "ex3-44", "ex3-45"
VIBRAVA_46, VIBRAVA_47, WHISCASH, BAGON_49, BAGON_50 = "ex3-46", "ex3-47", "ex3-48", "ex3-49", "ex3-50"
BARBOACH, CORPHISH_52, CORPHISH_53, CORPHISH_54 = "ex3-51", "ex3-52", "ex3-53", "ex3-54"
GEODUDE_55, GEODUDE_56, GRIMER, HORSEA, HOUNDOUR, MAGIKARP = "ex3-55", "ex3-56", "ex3-57", "ex3-58", "ex3-59", "ex3-60"
MAGNEMITE_61, MAGNEMITE_62, MAGNEMITE_63, MAREEP, MUDKIP = "ex3-61", "ex3-62", "ex3-63", "ex3-64", "ex3-65"
NINCADA_66, NINCADA_67, NINCADA_68, NUMEL_69, NUMEL_70 = "ex3-66", "ex3-67", "ex3-68", "ex3-69", "ex3-70"
PINECO, SLUGMA, SPOINK_73, SPOINK_74, SWABLU, TAILLOW = "ex3-71", "ex3-72", "ex3-73", "ex3-74", "ex3-75", "ex3-76"
TORCHIC, TRAPINCH_78, TRAPINCH_79, TREECKO, WURMPLE = "ex3-77", "ex3-78", "ex3-79", "ex3-80", "ex3-81"
BEAUTIFLY = "ex1-2"     # a Grass Stage 2: not a Basic Pokémon

TARGET = SHELGON_42


# -- helpers ---------------------------------------------------------------------------------


def chooses(state, seat_no=0):
    return [a["choices"] for a in legal_actions(state, seat_no) if a["type"] == "choose"]


def plain(attacker, energy, target=TARGET, **kw):
    return board(side(poke(attacker, energy)), side(poke(target, **kw)))


def test_every_card_of_the_range_is_implemented_encoded_and_described():
    for n in range(41, 82):
        c = card(f"ex3-{n}")
        assert c.implemented and not c.declared, c.id
        out = describe_card(c.id)
        assert len(out["description"]) > 10, c.id
        for a in c.attacks:
            assert bool(a.effects) == a.has_effect_text, (c.id, a.name)
            assert all(e.describe() for e in a.effects), (c.id, a.name)
        if c.power is not None:
            assert c.power.effect is not None and c.power.effect.describe(), c.id


# -- ex3-41 Shelgon: Energy Guard (Poké-Body), Rollout -------------------------------------------

def test_ex3_41_shelgon_energy_guard_takes_10_from_an_opponents_attack_with_basic_energy():
    st = board(side(poke(MAGNEMITE_61, [LIGHTNING, LIGHTNING])), side(poke(SHELGON_41, [FIRE])))
    d = hit(st, "Hook")
    assert theirs(d).active.damage == 10
    said(d, "base 20; Energy Guard −10 = 10")


def test_ex3_41_shelgon_energy_guard_needs_a_basic_energy_card():
    for energy in ([], [RAINBOW_ENERGY]):
        st = board(side(poke(MAGNEMITE_61, [LIGHTNING, LIGHTNING])), side(poke(SHELGON_41, energy)))
        assert theirs(hit(st, "Hook")).active.damage == 20, energy


def test_ex3_41_shelgon_energy_guard_on_the_bench_and_not_against_its_own_players_attack():
    # the opponent's Magnitude: 10 to each Benched Pokémon, 10 − 10 for the guarded Shelgon
    st = board(side(poke(WHISCASH, [FIGHTING] * 4), bench=[poke(BAGON_49)]),
               side(poke(TARGET), bench=[poke(SHELGON_41, [WATER]), poke(BAGON_49)]))
    d = hit(st, "Magnitude")
    assert [p.damage for p in theirs(d).bench] == [0, 10] and mine(d).bench[0].damage == 10
    said(d, "Energy Guard −10 = 0")
    # its own player's Magnitude is not an opponent's attack
    own = board(side(poke(WHISCASH, [FIGHTING] * 4), bench=[poke(SHELGON_41, [WATER])]), side(poke(TARGET)))
    assert mine(hit(own, "Magnitude")).bench[0].damage == 10


def test_ex3_41_shelgon_rollout():
    assert theirs(hit(plain(SHELGON_41, [GRASS, GRASS]), "Rollout")).active.damage == 20


# -- ex3-42 Shelgon: Granite Head, Flare -----------------------------------------------------------

def test_ex3_42_shelgon_granite_head_reduces_damage_by_10_during_the_next_turn():
    st = board(side(poke(SHELGON_42, [WATER, GRASS])), side(poke(MAGNEMITE_61, [LIGHTNING, LIGHTNING])))
    d = hit(st, "Granite Head")
    assert theirs(d).active.damage == 20
    said(d, "Shelgon takes 10 less damage from attacks during the opponent's next turn")
    d2 = hit(d.state, "Hook", seat_no=1)
    assert mine(d2).active.damage == 10
    said(d2, "Granite Head −10 = 10")
    assert mine(d2).active.effects == []          # over with that turn


def test_ex3_42_shelgon_flare():
    assert theirs(hit(plain(SHELGON_42, [FIRE, GRASS, GRASS]), "Flare")).active.damage == 40


# -- ex3-43 Shuppet: Hypnosis, Night Attack ---------------------------------------------------------

def test_ex3_43_shuppet_hypnosis_puts_to_sleep():
    d = hit(plain(SHUPPET, [GRASS]), "Hypnosis", ["tails"])        # the Sleep flip between turns
    assert theirs(d).active.conditions == ["asleep"] and theirs(d).active.damage == 0
    said(d, "Shelgon is now Asleep. [R-STATUS-2]")


def test_ex3_43_shuppet_night_attack_R_DAMAGE_3_places_a_counter_on_the_pokemon_chosen():
    st = board(side(poke(SHUPPET, [PSYCHIC])), side(poke(TARGET), bench=[poke(SHELGON_41, [WATER]), poke(BAGON_49)]))
    active, guarded, bagon = (p.top for p in st.seats[1].in_play())
    assert attack_choices(st, "Night Attack") == [{"pokemon": [active]}, {"pokemon": [guarded]}, {"pokemon": [bagon]}]
    # a counter is not damage: Energy Guard does not answer it
    d = hit(st, "Night Attack", pokemon=[guarded])
    assert [p.damage for p in theirs(d).in_play()] == [0, 10, 0]
    said(d, "Night Attack: 1 damage counter on Shelgon (10/70). [R-DAMAGE-3]")
    d = hit(st, "Night Attack", pokemon=[active])
    assert [p.damage for p in theirs(d).in_play()] == [10, 0, 0]
    refuse(st, 0, attack_action("Night Attack"), "R-ATTACK-2", contains="choices.pokemon")
    refuse(st, 0, attack_action("Night Attack", pokemon=[st.seats[0].active.top]), "R-ATTACK-2")


def test_ex3_43_shuppet_night_attack_needs_no_choice_alone_and_can_knock_out():
    st = plain(SHUPPET, [PSYCHIC])
    assert attack_choices(st, "Night Attack") == [{}]
    assert theirs(hit(st, "Night Attack")).active.damage == 10
    # a Benched Pokémon with 10 HP left is Knocked Out: a Prize card
    ko = board(side(poke(SHUPPET, [PSYCHIC])), side(poke(TARGET), bench=[poke(BAGON_49, damage=30)]))
    d = hit(ko, "Night Attack", pokemon=[ko.seats[1].bench[0].top])
    assert theirs(d).bench == [] and len(mine(d).prizes) == 5


# -- ex3-44 Snorunt: Powder Snow -------------------------------------------------------------------

def test_ex3_44_snorunt_powder_snow_10_and_asleep():
    d = hit(plain(SNORUNT, [WATER]), "Powder Snow", ["heads"])     # the Sleep flip: heads, it wakes
    assert theirs(d).active.damage == 10 and theirs(d).active.conditions == []
    said(d, "Shelgon is now Asleep")
    said(d, "Shelgon wakes up")


# -- ex3-45 Swellow: Clutch, Quick Dive ------------------------------------------------------------

def test_ex3_45_swellow_clutch_R_RETREAT_1_the_defending_pokemon_cant_retreat():
    st = board(side(poke(SWELLOW, [GRASS])), side(poke(TARGET, [GRASS, GRASS]), bench=[poke(BAGON_49)]))
    d = hit(st, "Clutch")
    assert theirs(d).active.damage == 10
    retreat = {"type": "retreat", "to": theirs(d).bench[0].top, "discard": list(theirs(d).active.energy)}
    refuse(d.state, 1, retreat, "R-RETREAT-1", contains="Clutch")


def _quick_dive_board(target=TARGET, bench=(BAGON_49,), **kw):
    return board(side(poke(SWELLOW, [GRASS, GRASS])), side(poke(target, **kw), bench=[poke(b) for b in bench]))


def test_ex3_45_swellow_quick_dive_heads_50_to_the_pokemon_chosen():
    st = _quick_dive_board()
    active, bagon = st.seats[1].active.top, st.seats[1].bench[0].top
    assert attack_choices(st, "Quick Dive") == [{"pokemon": [active]}, {"pokemon": [bagon]}]
    d = hit(st, "Quick Dive", ["heads"], pokemon=[active])
    assert theirs(d).active.damage == 50 and theirs(d).bench[0].damage == 0
    big = board(side(poke(SWELLOW, [GRASS, GRASS])), side(poke(TARGET), bench=[poke(SHELGON_41), poke(WHISCASH)]))
    shelgon, whiscash = (p.top for p in big.seats[1].bench)
    d = hit(big, "Quick Dive", ["heads"], pokemon=[shelgon])
    assert [p.damage for p in theirs(d).in_play()] == [0, 50, 0]
    said(d, "does 50 damage to Shelgon (base 50) — 50/70. [R-DAMAGE-2]")
    # a Benched Whiscash's Submerge prevents it
    d = hit(big, "Quick Dive", ["heads"], pokemon=[whiscash])
    assert [p.damage for p in theirs(d).in_play()] == [0, 0, 0]


def test_ex3_45_swellow_quick_dive_tails_does_nothing_and_the_target_is_named_first():
    st = _quick_dive_board()
    d = hit(st, "Quick Dive", ["tails"], pokemon=[st.seats[1].bench[0].top])
    assert [p.damage for p in theirs(d).in_play()] == [0, 0]
    said(d, "Quick Dive does nothing. [R-ATTACK-3]")
    refuse(st, 0, attack_action("Quick Dive"), "R-ATTACK-2", contains="choices.pokemon")
    alone = _quick_dive_board(bench=())
    assert attack_choices(alone, "Quick Dive") == [{}]
    assert theirs(hit(alone, "Quick Dive", ["heads"])).active.damage == 50


def test_ex3_45_swellow_quick_dive_other_effects_on_the_defending_pokemon_still_apply():
    st = _quick_dive_board(target=SHELGON_41, bench=(), energy=[WATER])
    d = hit(st, "Quick Dive", ["heads"])
    assert theirs(d).active.damage == 40
    said(d, "Energy Guard −10 = 40")


@pytest.fixture
def colorless_weak_and_resistant():
    """Two test Pokémon: Weakness to Colorless, Resistance to Colorless (no EX Dragon card has them)."""
    ids = ("t-ex3-weak", "t-ex3-resist")
    for card_id, weakness, resistance in ((ids[0], "Colorless", None), (ids[1], None, "Colorless")):
        add_card({"id": card_id, "number": "1", "name": card_id, "supertype": "Pokemon", "stage": "Basic",
                  "hp": 100, "type": "Water", "weakness": weakness, "resistance": resistance, "retreat_cost": 1,
                  "attacks": [{"name": "Splash", "cost": ["Colorless"], "damage": "10"}]})
        define_pokemon(card_id, {"Splash": []})
    yield ids
    for card_id in ids:
        remove_card(card_id)


def test_ex3_45_swellow_quick_dive_ignores_weakness_and_resistance(colorless_weak_and_resistant):
    weak, resistant = colorless_weak_and_resistant
    d = hit(_quick_dive_board(target=weak, bench=()), "Quick Dive", ["heads"])
    assert theirs(d).active.damage == 50
    said(d, "Weakness ignored")
    d = hit(_quick_dive_board(target=resistant, bench=()), "Quick Dive", ["heads"])
    assert theirs(d).active.damage == 50
    said(d, "Resistance ignored")
    # the same Pokémon take Weakness and Resistance from Clutch
    assert theirs(hit(_quick_dive_board(target=weak, bench=()), "Clutch")).active.damage == 20
    assert theirs(hit(_quick_dive_board(target=resistant, bench=()), "Clutch")).active.damage == 0


# -- ex3-46 Vibrava: Levitate (Poké-Body), Razor Wing; ex3-47 Vibrava --------------------------------

def _levitate_board(energy):
    return board(side(poke(VIBRAVA_46, energy), bench=[poke(BAGON_49)]), side(poke(TARGET)))


def test_ex3_46_vibrava_levitate_retreat_cost_0_with_a_basic_energy():
    st = _levitate_board([GRASS])
    to = st.seats[0].bench[0].top
    retreats = [a for a in legal_actions(st, 0) if a["type"] == "retreat"]
    assert retreats == [{"type": "retreat", "to": to, "discard": []}]
    d = act(st, 0, {"type": "retreat", "to": to, "discard": []})
    assert mine(d).active.top == to and mine(d).bench[0].energy == st.seats[0].active.energy
    refuse(st, 0, {"type": "retreat", "to": to, "discard": list(st.seats[0].active.energy)}, "R-RETREAT-2")


def test_ex3_46_vibrava_levitate_needs_a_basic_energy_card():
    st = _levitate_board([RAINBOW_ENERGY])
    to = st.seats[0].bench[0].top
    refuse(st, 0, {"type": "retreat", "to": to, "discard": []}, "R-RETREAT-2", contains="Retreat Cost is 1")
    d = act(st, 0, {"type": "retreat", "to": to, "discard": list(st.seats[0].active.energy)})
    assert mine(d).active.top == to


def test_ex3_46_vibrava_razor_wing():
    assert theirs(hit(plain(VIBRAVA_46, [GRASS, GRASS]), "Razor Wing")).active.damage == 20


def test_ex3_47_vibrava_dive_and_quick_turn_40_times_heads():
    assert theirs(hit(plain(VIBRAVA_47, [GRASS, GRASS]), "Dive")).active.damage == 20
    st = plain(VIBRAVA_47, [LIGHTNING, GRASS, GRASS])
    assert theirs(hit(st, "Quick Turn", ["heads", "tails"])).active.damage == 40
    d = hit(st, "Quick Turn", ["heads", "heads"])
    assert theirs(d).active is None and len(mine(d).prizes) == 5          # 80: Knocked Out
    said(d, "does 80 damage to Shelgon")


# -- ex3-48 Whiscash: Submerge (Poké-Body), Surf, Magnitude -------------------------------------------

def test_ex3_48_whiscash_magnitude_and_submerge_on_the_bench():
    st = board(side(poke(WHISCASH, [FIGHTING] * 4), bench=[poke(WHISCASH), poke(BAGON_49)]),
               side(poke(TARGET), bench=[poke(WHISCASH), poke(BAGON_49)]))
    d = hit(st, "Magnitude")
    assert theirs(d).active.damage == 60
    # the opponent's Benched Whiscash takes nothing; its own player's attack is not the opponent's
    assert [p.damage for p in theirs(d).bench] == [0, 10]
    assert [p.damage for p in mine(d).bench] == [10, 10]
    said(d, "Submerge prevents all damage to the Benched Pokémon")


def test_ex3_48_whiscash_submerge_only_on_the_bench():
    st = board(side(poke(GEODUDE_55, [FIGHTING])), side(poke(WHISCASH), bench=[poke(WHISCASH)]))
    d = hit(st, "Pebble Throw")
    assert theirs(d).bench[0].damage == 0
    active = board(side(poke(MAGNEMITE_61, [LIGHTNING, LIGHTNING])), side(poke(WHISCASH)))
    assert theirs(hit(active, "Hook")).active.damage == 20


def test_ex3_48_whiscash_surf():
    assert theirs(hit(plain(WHISCASH, [WATER, GRASS]), "Surf")).active.damage == 30


# -- ex3-49, ex3-50 Bagon -------------------------------------------------------------------------

def test_ex3_49_bagon_headbutt_and_flare():
    assert theirs(hit(plain(BAGON_49, [GRASS]), "Headbutt")).active.damage == 10
    assert theirs(hit(plain(BAGON_49, [FIRE, GRASS]), "Flare")).active.damage == 20


def test_ex3_50_bagon_risky_kick_tails_does_nothing():
    st = plain(BAGON_50, [GRASS])
    assert theirs(hit(st, "Risky Kick", ["heads"])).active.damage == 10
    d = hit(st, "Risky Kick", ["tails"])
    assert theirs(d).active.damage == 0
    said(d, "Risky Kick does nothing")


def test_ex3_50_bagon_dragon_eye_20_and_asleep():
    d = hit(plain(BAGON_50, [FIRE, WATER]), "Dragon Eye", ["tails"])     # the Sleep flip
    assert theirs(d).active.damage == 20 and theirs(d).active.conditions == ["asleep"]


# -- ex3-51 Barboach; ex3-52, ex3-53, ex3-54 Corphish ------------------------------------------------

def test_ex3_51_barboach_splash_and_mud_slap():
    assert theirs(hit(plain(BARBOACH, [GRASS]), "Splash")).active.damage == 10
    assert theirs(hit(plain(BARBOACH, [FIGHTING, GRASS]), "Mud Slap")).active.damage == 20


def test_ex3_52_corphish_poison_claws_heads_poisons():
    st = plain(CORPHISH_52, [GRASS])
    d = hit(st, "Poison Claws", ["heads"])
    assert theirs(d).active.conditions == ["poisoned"] and theirs(d).active.damage == 10    # Poison between turns
    d = hit(st, "Poison Claws", ["tails"])
    assert theirs(d).active.conditions == [] and theirs(d).active.damage == 0


def test_ex3_52_corphish_bubble_heads_paralyzes():
    st = plain(CORPHISH_52, [WATER])
    heads_inflicts(st, "Bubble", 10, "paralyzed")


def test_ex3_53_corphish_irongrip_and_slash():
    assert theirs(hit(plain(CORPHISH_53, [GRASS]), "Irongrip")).active.damage == 10
    assert theirs(hit(plain(CORPHISH_53, [WATER, GRASS]), "Slash")).active.damage == 20


def test_ex3_54_corphish_beat_and_toxic_grip():
    assert theirs(hit(plain(CORPHISH_54, [WATER]), "Beat")).active.damage == 10
    d = hit(plain(CORPHISH_54, [GRASS, GRASS]), "Toxic Grip")
    assert theirs(d).active.conditions == ["poisoned"] and theirs(d).active.damage == 10
    said(d, "Shelgon is now Poisoned. [R-STATUS-5]")


# -- ex3-55, ex3-56 Geodude -------------------------------------------------------------------------

def test_ex3_55_geodude_pebble_throw_10_to_the_benched_pokemon_chosen():
    st = board(side(poke(GEODUDE_55, [FIGHTING])), side(poke(TARGET), bench=[poke(BARBOACH), poke(BAGON_49)]))
    barboach, bagon = (p.top for p in st.seats[1].bench)
    assert attack_choices(st, "Pebble Throw") == [{"pokemon": [barboach]}, {"pokemon": [bagon]}]
    d = hit(st, "Pebble Throw", pokemon=[barboach])
    assert theirs(d).active.damage == 0 and [p.damage for p in theirs(d).bench] == [10, 0]
    refuse(st, 0, attack_action("Pebble Throw"), "R-ATTACK-2")
    refuse(st, 0, attack_action("Pebble Throw", pokemon=[st.seats[1].active.top]), "R-ATTACK-2")
    # no Benched Pokémon: nothing
    d = hit(plain(GEODUDE_55, [FIGHTING]), "Pebble Throw")
    assert theirs(d).active.damage == 0


def test_ex3_55_geodude_light_punch():
    assert theirs(hit(plain(GEODUDE_55, [GRASS]), "Light Punch")).active.damage == 10


def test_ex3_56_geodude_steady_punch_heads_plus_10():
    st = plain(GEODUDE_56, [FIGHTING])
    assert theirs(hit(st, "Steady Punch", ["heads"])).active.damage == 20
    assert theirs(hit(st, "Steady Punch", ["tails"])).active.damage == 10


# -- ex3-57 Grimer: Pound, Poison Spurt ---------------------------------------------------------------

def test_ex3_57_grimer_poison_spurt_discards_a_grass_energy_and_poisons():
    st = plain(GRIMER, [GRASS, WATER])
    grass, water = st.seats[0].active.energy
    assert attack_choices(st, "Poison Spurt") == [{}]
    d = hit(st, "Poison Spurt")
    assert mine(d).active.energy == [water] and mine(d).discard == [grass]
    assert theirs(d).active.conditions == ["poisoned"] and theirs(d).active.damage == 10
    said(d, "Grimer discards 1 Energy card(s) for Poison Spurt. [R-ENERGY-3]")


def test_ex3_57_grimer_poison_spurt_names_the_grass_energy_and_pays_it_before_confusion():
    st = plain(GRIMER, [GRASS, GRASS])
    first, second = st.seats[0].active.energy
    assert attack_choices(st, "Poison Spurt") == [{"cards": [first]}, {"cards": [second]}]
    refuse(st, 0, attack_action("Poison Spurt"), "R-ATTACK-2")
    confused = board(side(poke(GRIMER, [GRASS, GRASS], conditions=["confused"])), side(poke(TARGET)))
    d = hit(confused, "Poison Spurt", ["tails"], cards=[second])
    assert mine(d).discard == [second] and theirs(d).active.conditions == []
    assert mine(d).active.damage == 30
    assert theirs(hit(plain(GRIMER, [GRASS]), "Pound")).active.damage == 10


# -- ex3-58 Horsea; ex3-59 Houndour ---------------------------------------------------------------------

def test_ex3_58_horsea_paralyzing_gaze_and_wave_splash():
    st = plain(HORSEA, [GRASS])
    heads_inflicts(st, "Paralyzing Gaze", 0, "paralyzed")
    assert theirs(hit(plain(HORSEA, [GRASS, GRASS]), "Wave Splash")).active.damage == 20


def test_ex3_59_houndour_roar_the_opponent_switches_in_a_benched_pokemon_they_pick():
    st = board(side(poke(HOUNDOUR, [GRASS])),
               side(poke(TARGET, conditions=["asleep"]), bench=[poke(BAGON_49), poke(BARBOACH)]))
    bagon, barboach = (p.top for p in st.seats[1].bench)
    assert attack_choices(st, "Roar") == [{"pokemon": [bagon]}, {"pokemon": [barboach]}]
    refuse(st, 0, attack_action("Roar"), "R-ATTACK-2")
    d = hit(st, "Roar", pokemon=[barboach])
    assert theirs(d).active.top == barboach
    old = theirs(d).bench[1]
    assert d.state.instances[old.top] == TARGET and old.conditions == []
    # no Benched Pokémon: nothing
    none = plain(HOUNDOUR, [GRASS])
    assert theirs(hit(none, "Roar")).active.top == none.seats[1].active.top


def test_ex3_59_houndour_bite():
    assert theirs(hit(plain(HOUNDOUR, [GRASS, GRASS]), "Bite")).active.damage == 20


# -- ex3-60 Magikarp: Call for Family, Tackle ---------------------------------------------------------

def _family_board(deck, bench=()):
    return board(side(poke(MAGIKARP, [GRASS]), bench=[poke(b) for b in bench], deck=list(deck)), side(poke(TARGET)))


def test_ex3_60_magikarp_call_for_family_shows_the_deck_then_benches_the_magikarp_chosen():
    st = _family_board([FIGHTING, MAGIKARP, BAGON_49, MAGIKARP, MAGIKARP])
    deck = list(st.seats[0].deck)
    m1, m2, m3 = deck[1], deck[3], deck[4]
    d = hit(st, "Call for Family")
    assert d.state.pending["look"] == deck and d.state.pending["by"] == "attack"
    assert d.state.turn == 3 and d.state.seat_to_act == 0
    said(d, "Seat 0 (Ana) looks through the deck for Call for Family. [R-HIDDEN-1]")
    # as many as you like, copies being one choice: none, one, two or three
    assert chooses(d.state) == [{"search": []}, {"search": [m1]}, {"search": [m1, m2]}, {"search": [m1, m2, m3]}]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [deck[2]]}}, "R-ATTACK-2")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [m1, m1]}}, "R-ATTACK-2")
    d2 = act(d.state, 0, {"type": "choose", "choices": {"search": [m2, m3]}})
    bench = mine(d2).bench
    assert [p.top for p in bench] == [m2, m3] and all(p.entered_turn == 3 for p in bench)
    assert m2 not in mine(d2).deck and m1 in mine(d2).deck and len(mine(d2).deck) == 3
    said(d2, "from the deck onto the Bench and shuffles the deck. [R-BENCH-2]")
    assert d2.state.pending is None and d2.state.turn == 4


def test_ex3_60_magikarp_call_for_family_may_take_none_and_stops_at_the_room_on_the_bench():
    st = _family_board([MAGIKARP, MAGIKARP], bench=[BAGON_49] * 4)
    m1, m2 = st.seats[0].deck
    d = hit(st, "Call for Family")
    assert chooses(d.state) == [{"search": []}, {"search": [m1]}]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [m1, m2]}}, "R-BENCH-1", contains="room for 1")
    d2 = act(d.state, 0, {"type": "choose", "choices": {"search": []}})
    assert len(mine(d2).bench) == 4 and sorted(mine(d2).deck) == sorted([m1, m2])
    said(d2, "puts no Pokémon onto the Bench and shuffles the deck")


def test_ex3_60_magikarp_call_for_family_with_a_full_bench_or_at_once():
    full = _family_board([MAGIKARP], bench=[BAGON_49] * 5)
    d = hit(full, "Call for Family")
    assert d.state.pending is None and d.state.turn == 4 and len(mine(d).bench) == 5
    said(d, "Bench is full: Call for Family does nothing")
    refuse(full, 0, attack_action("Call for Family", search=[full.seats[0].deck[0]]), "R-BENCH-1",
           contains="room for 0")
    # a judge names the cards with the attack
    st = _family_board([FIGHTING, MAGIKARP])
    magikarp = st.seats[0].deck[1]
    d = hit(st, "Call for Family", search=[magikarp])
    assert d.state.pending is None and [p.top for p in mine(d).bench] == [magikarp]
    refuse(st, 0, attack_action("Call for Family", search=[st.seats[0].deck[0]]), "R-ATTACK-2")


def test_ex3_60_magikarp_call_for_family_at_a_paper_table_names_the_cards_by_id():
    """Table mode: the deck shown is unknown; `choose` names the Magikarp by card id (choose_zones)."""
    ana = [MAGIKARP] * 4 + [GRASS] * 56
    beto = [BAGON_49] * 4 + [FIGHTING] * 56
    st = table_opening(ana, beto, MAGIKARP, BAGON_49)
    looked = table_step(st, 0, {"type": "attack", "attack": "Call for Family", "choices": {}}).state
    assert looked.pending["look"] == looked.seats[0].deck
    done = table_step(looked, 0, {"type": "choose", "choices": {"search": [MAGIKARP, MAGIKARP]}}).state
    assert [done.card_id(p.top) for p in done.seats[0].bench] == [MAGIKARP, MAGIKARP]
    assert done.seat_to_act == 1


def test_ex3_60_magikarp_tackle():
    assert theirs(hit(plain(MAGIKARP, [WATER, GRASS]), "Tackle")).active.damage == 20


# -- ex3-61, ex3-62, ex3-63 Magnemite; ex3-64 Mareep ----------------------------------------------------

def test_ex3_61_magnemite_rollout_and_hook():
    assert theirs(hit(plain(MAGNEMITE_61, [GRASS]), "Rollout")).active.damage == 10
    assert theirs(hit(plain(MAGNEMITE_61, [GRASS, GRASS]), "Hook")).active.damage == 20


def test_ex3_62_magnemite_random_spark_10_to_the_pokemon_chosen():
    # Corphish is weak to Lightning: Weakness only for the Active one
    st = board(side(poke(MAGNEMITE_62, [LIGHTNING])), side(poke(CORPHISH_53), bench=[poke(CORPHISH_53)]))
    active, benched = st.seats[1].active.top, st.seats[1].bench[0].top
    assert attack_choices(st, "Random Spark") == [{"pokemon": [active]}, {"pokemon": [benched]}]
    assert theirs(hit(st, "Random Spark", pokemon=[active])).active.damage == 20
    d = hit(st, "Random Spark", pokemon=[benched])
    assert theirs(d).active.damage == 0 and theirs(d).bench[0].damage == 10
    refuse(st, 0, attack_action("Random Spark"), "R-ATTACK-2", contains="choices.pokemon")


def test_ex3_63_magnemite_thundershock_heads_paralyzes():
    st = plain(MAGNEMITE_63, [LIGHTNING])
    heads_inflicts(st, "Thundershock", 10, "paralyzed")


def test_ex3_64_mareep_jolt_heads_paralyzes():
    st = plain(MAREEP, [GRASS])
    heads_inflicts(st, "Jolt", 0, "paralyzed")


# -- ex3-65 Mudkip: Water Gun ---------------------------------------------------------------------------

def test_ex3_65_mudkip_water_gun_counts_water_beyond_the_cost_up_to_20():
    for energy, damage in (([WATER], 10), ([GRASS], 10), ([WATER, WATER], 20), ([GRASS, WATER], 20),
                           ([WATER] * 3, 30), ([WATER] * 4, 30), ([GRASS, GRASS, WATER], 20)):
        assert theirs(hit(plain(MUDKIP, energy), "Water Gun")).active.damage == damage, energy


# -- ex3-66, ex3-67, ex3-68 Nincada ---------------------------------------------------------------------

def test_ex3_66_nincada_poison_breath_heads_poisons():
    st = plain(NINCADA_66, [GRASS])
    d = hit(st, "Poison Breath", ["heads"])
    assert theirs(d).active.conditions == ["poisoned"] and theirs(d).active.damage == 20
    d = hit(st, "Poison Breath", ["tails"])
    assert theirs(d).active.conditions == [] and theirs(d).active.damage == 10


def test_ex3_67_nincada_bite_and_double_scratch():
    assert theirs(hit(plain(NINCADA_67, [GRASS]), "Bite")).active.damage == 10
    st = plain(NINCADA_67, [GRASS, GRASS])
    assert theirs(hit(st, "Double Scratch", ["heads", "heads"])).active.damage == 40
    assert theirs(hit(st, "Double Scratch", ["tails", "heads"])).active.damage == 20


def test_ex3_68_nincada_leech_life_heals_the_damage_done():
    st = board(side(poke(NINCADA_68, [GRASS], damage=30)), side(poke(TARGET)))
    d = hit(st, "Leech Life")
    assert theirs(d).active.damage == 10 and mine(d).active.damage == 20
    said(d, "Nincada has 1 damage counter(s) removed (20/50)")
    # Barboach is weak to Grass: 20 done, 2 counters removed
    weak = board(side(poke(NINCADA_68, [GRASS], damage=30)), side(poke(BARBOACH)))
    d = hit(weak, "Leech Life")
    assert theirs(d).active.damage == 20 and mine(d).active.damage == 10
    # fewer counters than that: all of them
    few = board(side(poke(NINCADA_68, [GRASS], damage=10)), side(poke(BARBOACH)))
    assert mine(hit(few, "Leech Life")).active.damage == 0


# -- ex3-69, ex3-70 Numel ---------------------------------------------------------------------------------

def test_ex3_69_numel_firebreathing_and_tackle():
    st = plain(NUMEL_69, [FIRE])
    assert theirs(hit(st, "Firebreathing", ["heads"])).active.damage == 20
    assert theirs(hit(st, "Firebreathing", ["tails"])).active.damage == 10
    assert theirs(hit(plain(NUMEL_69, [GRASS, GRASS]), "Tackle")).active.damage == 20


def test_ex3_70_numel_kindle_discards_its_fire_energy_and_one_of_the_defending_pokemon():
    st = board(side(poke(NUMEL_70, [FIRE, GRASS])), side(poke(TARGET, [WATER])))
    fire, grass = st.seats[0].active.energy
    water = st.seats[1].active.energy[0]
    assert attack_choices(st, "Kindle") == [{}]
    d = hit(st, "Kindle")
    assert mine(d).active.energy == [grass] and mine(d).discard == [fire]
    assert theirs(d).active.energy == [] and theirs(d).discard == [water] and theirs(d).active.damage == 10
    said(d, "Numel discards Fire Energy for Kindle. [R-ENERGY-3]")
    said(d, "Water Energy attached to Shelgon is discarded")


def test_ex3_70_numel_kindle_names_both_cards_when_there_is_a_choice():
    st = board(side(poke(NUMEL_70, [FIRE, RAINBOW_ENERGY])), side(poke(TARGET, [WATER, GRASS])))
    fire, rainbow = st.seats[0].active.energy
    water, grass = st.seats[1].active.energy
    # a Rainbow Energy provides Fire too
    assert attack_choices(st, "Kindle") == [{"cards": [fire, water]}, {"cards": [fire, grass]},
                                            {"cards": [rainbow, water]}, {"cards": [rainbow, grass]}]
    d = hit(st, "Kindle", cards=[grass, rainbow])
    assert mine(d).active.energy == [fire] and mine(d).discard == [rainbow]
    assert theirs(d).active.energy == [water] and theirs(d).discard == [grass]
    refuse(st, 0, attack_action("Kindle"), "R-ATTACK-2", contains="Fire Energy")
    refuse(st, 0, attack_action("Kindle", cards=[fire]), "R-ATTACK-2", contains="Defending")
    refuse(st, 0, attack_action("Kindle", cards=[fire, rainbow, water]), "R-ATTACK-2")
    refuse(st, 0, attack_action("Kindle", cards=[water, grass, fire]), "R-ATTACK-2")


def test_ex3_70_numel_kindle_own_choice_only_and_a_defending_pokemon_without_energy():
    st = board(side(poke(NUMEL_70, [FIRE, FIRE])), side(poke(TARGET)))
    first, second = st.seats[0].active.energy
    assert attack_choices(st, "Kindle") == [{"cards": [first]}, {"cards": [second]}]
    d = hit(st, "Kindle", cards=[second])
    assert mine(d).active.energy == [first] and theirs(d).active.damage == 10
    said(d, "The Defending Pokémon has no Energy card to discard for Kindle")
    refuse(st, 0, attack_action("Kindle", cards=[GRASS]), "R-ATTACK-2")


def test_ex3_70_numel_rollout():
    assert theirs(hit(plain(NUMEL_70, [GRASS]), "Rollout")).active.damage == 10


# -- ex3-71 Pineco: Exoskeleton (Poké-Body), Tackle -----------------------------------------------------------

def test_ex3_71_pineco_exoskeleton_after_weakness():
    st = board(side(poke(NUMEL_69, [GRASS, GRASS])), side(poke(PINECO)))
    d = hit(st, "Tackle")
    assert theirs(d).active.damage == 30
    said(d, "base 20; Weakness ×2 = 40; Exoskeleton −10 = 30")
    plain_hit = board(side(poke(MAGNEMITE_61, [GRASS, GRASS])), side(poke(PINECO)))
    assert theirs(hit(plain_hit, "Hook")).active.damage == 10


def test_ex3_71_pineco_exoskeleton_against_its_own_players_attack_too():
    st = board(side(poke(WHISCASH, [FIGHTING] * 4), bench=[poke(PINECO), poke(BAGON_49)]),
               side(poke(TARGET), bench=[poke(PINECO)]))
    d = hit(st, "Magnitude")
    assert [p.damage for p in mine(d).bench] == [0, 10] and theirs(d).bench[0].damage == 0


def test_ex3_71_pineco_tackle():
    assert theirs(hit(plain(PINECO, [GRASS, GRASS]), "Tackle")).active.damage == 20


# -- ex3-72 Slugma: Ram, Luring Flame -------------------------------------------------------------------------

def test_ex3_72_slugma_luring_flame_switches_in_the_pokemon_chosen_and_burns_it():
    st = board(side(poke(SLUGMA, [FIRE, GRASS])),
               side(poke(TARGET, conditions=["confused"]), bench=[poke(BAGON_49), poke(BARBOACH)]))
    bagon, barboach = (p.top for p in st.seats[1].bench)
    assert attack_choices(st, "Luring Flame") == [{"pokemon": [bagon]}, {"pokemon": [barboach]}]
    refuse(st, 0, attack_action("Luring Flame"), "R-ATTACK-2")
    d = hit(st, "Luring Flame", ["heads"], pokemon=[bagon])      # the Burn flip between turns: heads
    assert theirs(d).active.top == bagon and theirs(d).active.conditions == ["burned"]
    assert theirs(d).active.damage == 0
    old = theirs(d).bench[0]
    assert d.state.instances[old.top] == TARGET and old.conditions == []
    said(d, "Bagon is now Burned. [R-STATUS-6]")


def test_ex3_72_slugma_luring_flame_without_a_benched_pokemon_burns_nothing():
    st = plain(SLUGMA, [FIRE, GRASS])
    assert attack_choices(st, "Luring Flame") == [{}]
    d = hit(st, "Luring Flame")
    assert theirs(d).active.conditions == [] and theirs(d).active.top == st.seats[1].active.top
    said(d, "No Pokémon was switched in: nothing is Burned")
    assert theirs(hit(plain(SLUGMA, [GRASS]), "Ram")).active.damage == 10


# -- ex3-73, ex3-74 Spoink ----------------------------------------------------------------------------------

def test_ex3_73_spoink_bounce_may_switch_with_a_benched_pokemon():
    st = board(side(poke(SPOINK_73, [GRASS], conditions=["poisoned"]), bench=[poke(BAGON_49), poke(BARBOACH)]),
               side(poke(TARGET)))
    bagon, barboach = (p.top for p in st.seats[0].bench)
    assert attack_choices(st, "Bounce") == [{}, {"to": bagon}, {"to": barboach}]
    d = hit(st, "Bounce", to=barboach)
    assert theirs(d).active.damage == 10 and mine(d).active.top == barboach
    spoink = mine(d).bench[1]
    assert d.state.instances[spoink.top] == SPOINK_73 and spoink.conditions == [] and spoink.damage == 0
    said(d, "Spoink switches with Barboach, now the Active Pokémon. [R-RETREAT-6]")
    # left out: no switch (Spoink stays Poisoned, 10 between turns)
    d = hit(st, "Bounce")
    assert mine(d).active.top == st.seats[0].active.top and mine(d).active.damage == 10
    refuse(st, 0, attack_action("Bounce", to=st.seats[0].active.top), "R-ATTACK-2", contains="Benched")
    refuse(st, 0, attack_action("Bounce", to=st.seats[1].active.top), "R-ATTACK-2")


def test_ex3_74_spoink_hop_and_psybeam():
    assert theirs(hit(plain(SPOINK_74, [GRASS]), "Hop")).active.damage == 10
    st = plain(SPOINK_74, [PSYCHIC, GRASS])
    heads_inflicts(st, "Psybeam", 10, "confused")


# -- ex3-75 Swablu; ex3-76 Taillow --------------------------------------------------------------------------

def test_ex3_75_swablu_lullaby_and_stifling_fluff():
    d = hit(plain(SWABLU, [WATER]), "Lullaby", ["tails"])         # the Sleep flip
    assert theirs(d).active.damage == 10 and theirs(d).active.conditions == ["asleep"]
    st = plain(SWABLU, [LIGHTNING])
    heads_inflicts(st, "Stifling Fluff", 10, "paralyzed")


def test_ex3_76_taillow_whirlwind_the_opponent_picks():
    st = board(side(poke(TAILLOW, [GRASS])), side(poke(TARGET), bench=[poke(BAGON_49), poke(BARBOACH)]))
    bagon, barboach = (p.top for p in st.seats[1].bench)
    assert attack_choices(st, "Whirlwind") == [{"pokemon": [bagon]}, {"pokemon": [barboach]}]
    d = hit(st, "Whirlwind", pokemon=[bagon])
    assert theirs(d).active.top == bagon and theirs(d).active.damage == 0
    one = board(side(poke(TAILLOW, [GRASS])), side(poke(TARGET), bench=[poke(BAGON_49)]))
    assert attack_choices(one, "Whirlwind") == [{}]
    assert theirs(hit(one, "Whirlwind")).active.top == one.seats[1].bench[0].top


# -- ex3-77 Torchic; ex3-78, ex3-79 Trapinch; ex3-80 Treecko ------------------------------------------------

def test_ex3_77_torchic_firebreathing_heads_plus_20():
    st = plain(TORCHIC, [FIRE, GRASS])
    assert theirs(hit(st, "Firebreathing", ["heads"])).active.damage == 40
    assert theirs(hit(st, "Firebreathing", ["tails"])).active.damage == 20


def test_ex3_78_trapinch_dig():
    assert theirs(hit(plain(TRAPINCH_78, [GRASS]), "Dig")).active.damage == 10


def test_ex3_79_trapinch_bind_and_rock_smash():
    st = plain(TRAPINCH_79, [GRASS, GRASS])
    heads_inflicts(st, "Bind", 0, "paralyzed")
    assert theirs(hit(st, "Rock Smash", ["heads"])).active.damage == 30
    assert theirs(hit(st, "Rock Smash", ["tails"])).active.damage == 10


def test_ex3_80_treecko_quick_attack_heads_plus_20():
    st = plain(TREECKO, [GRASS, GRASS])
    assert theirs(hit(st, "Quick Attack", ["heads"])).active.damage == 30
    assert theirs(hit(st, "Quick Attack", ["tails"])).active.damage == 10


# -- ex3-81 Wurmple: Call for Friends, String Shot -------------------------------------------------------------

def test_ex3_81_wurmple_call_for_friends_benches_grass_basic_pokemon():
    st = board(side(poke(WURMPLE, [GRASS]), deck=[PINECO, GEODUDE_55, NINCADA_66, BEAUTIFLY, GRIMER]),
               side(poke(TARGET)))
    pineco, geodude, nincada, beautifly, grimer = st.seats[0].deck
    d = hit(st, "Call for Friends")
    offered = chooses(d.state)
    assert {"search": [pineco, nincada, grimer]} in offered and len(offered) == 8     # every subset of the 3
    assert all(geodude not in o["search"] and beautifly not in o["search"] for o in offered)
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [beautifly]}}, "R-ATTACK-2")
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [geodude]}}, "R-ATTACK-2")
    d2 = act(d.state, 0, {"type": "choose", "choices": {"search": [grimer, pineco]}})
    assert cards(d2.state, [p.top for p in mine(d2).bench]) == [GRIMER, PINECO]


def test_ex3_81_wurmple_string_shot_heads_paralyzes():
    st = plain(WURMPLE, [GRASS])
    heads_inflicts(st, "String Shot", 10, "paralyzed")
