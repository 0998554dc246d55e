"""The compiler's templates for damage to chosen or several Pokémon, Knock Outs by an attack's
effect and damage counters on several Pokémon (`cards/compiler/damage_targets.py`, blocks in
`cards/effects/spread.py`), ruleset `modern`: each template with a real card it compiles (legal
and refused cases, the rule id in the test's name), the wordings it accepts and texts that almost
match and must not."""
import pytest

from projections.tcg.carddb import AttackDef, card
from projections.tcg.cards.compiler import compile_attack, damage_targets
from projections.tcg.legal import legal_actions

from .fixtures import act, board, poke, refuse, said

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
ENERGY = {"Grass": GRASS, "Fire": FIRE, "Water": WATER, "Lightning": LIGHTNING, "Psychic": PSYCHIC,
          "Fighting": FIGHTING, "Darkness": DARKNESS, "Metal": METAL, "Colorless": METAL}
RAGING_BOLT = "sv5-123"          # a Basic Pokémon ex, 240 HP
CORPHISH, NUMEL = "me1-33", "me1-21"     # Basic, 80 HP
MANKEY = "sv10-90"               # Basic, 70 HP, Psychic Weakness
MEGA_CAMERUPT = "me1-22"         # a Stage 1 Pokémon ex
MISTYS_PSYDUCK = "sv10-45"       # a Basic with an Ability


def _board(card_id, attack, *, active=RAGING_BOLT, bench=(), mine=(), damage=0, bench_damage=(), own_damage=(),
           their_energy=()):
    cost = [ENERGY[t] for t in card(card_id).attack(attack).cost]
    me = {"active": poke(card_id, cost), "hand": [], "deck": [FIGHTING] * 8, "prizes": [GRASS] * 6, "discard": [],
          "bench": [poke(b, damage=d) for b, d in zip(mine, list(own_damage) + [0] * len(mine), strict=False)]}
    theirs = {"active": poke(active, their_energy, damage=damage), "hand": [], "deck": [WATER] * 8,
              "prizes": [GRASS] * 6, "discard": [],
              "bench": [poke(b, damage=d) for b, d in zip(bench, list(bench_damage) + [0] * len(bench),
                                                          strict=False)]}
    return board(me, theirs, ruleset="modern")


def _attack(state, attack, coins=(), **choices):
    return act(state, 0, {"type": "attack", "attack": attack, "choices": choices}, coins)


def _compiled(card_id, attack, *templates):
    a = card(card_id).attack(attack)
    assert a.compiled_by == templates and f"attack:{attack}" not in card(card_id).declared, (card_id, a)


def _options(state, attack):
    return [a["choices"] for a in legal_actions(state, 0) if a["type"] == "attack" and a["attack"] == attack]


def _damage(state, seat):
    s = state.seats[seat]
    return [s.active.damage] + [p.damage for p in s.bench]


# -- damage to chosen Pokémon ----------------------------------------------------------------------

def test_r_damage_2_damage_chosen_iron_crown_ex_twin_shotels_ignores_weakness():
    _compiled("sv5-81", "Twin Shotels", "damage_chosen")
    state = _board("sv5-81", "Twin Shotels", active=MANKEY, bench=[CORPHISH, NUMEL])
    active, first = state.seats[1].active.top, state.seats[1].bench[0].top
    d = _attack(state, "Twin Shotels", pokemon=[active, first])
    assert _damage(d.state, 1) == [50, 50, 0]                     # Mankey's Psychic Weakness ignored
    said(d, "Weakness ignored")
    refuse(state, 0, {"type": "attack", "attack": "Twin Shotels", "choices": {"pokemon": [first, first]}},
           "R-ATTACK-2")                                          # 2 different Pokémon
    refuse(state, 0, {"type": "attack", "attack": "Twin Shotels", "choices": {"pokemon": [first]}}, "R-ATTACK-2")
    assert len(_options(state, "Twin Shotels")) == 3


def test_r_damage_2_damage_chosen_electivire_ex_hits_every_one_when_fewer():
    _compiled("sv10-69", "Dual Bolt", "damage_chosen")
    d = _attack(_board("sv10-69", "Dual Bolt"), "Dual Bolt")
    assert _damage(d.state, 1) == [50]
    d = _attack(_board("sv10-69", "Dual Bolt", bench=[NUMEL]), "Dual Bolt")
    assert _damage(d.state, 1) == [50, 50]


def test_r_damage_2_damage_chosen_zapdos_ex_also_a_damaged_benched_pokemon():
    _compiled("sv3pt5-145", "Multishot Lightning", "damage_chosen")
    state = _board("sv3pt5-145", "Multishot Lightning", bench=[CORPHISH, MEGA_CAMERUPT], bench_damage=[0, 10])
    d = _attack(state, "Multishot Lightning")                     # the only damaged one
    assert _damage(d.state, 1) == [120, 0, 100]
    refuse(state, 0, {"type": "attack", "attack": "Multishot Lightning",
                      "choices": {"pokemon": [state.seats[1].bench[0].top]}}, "R-ATTACK-2")
    assert _options(state, "Multishot Lightning") == [{}]


def test_r_damage_2_damage_chosen_manectric_also_one_of_your_benched():
    _compiled("sv10-76", "Flash Impact", "damage_chosen")
    state = _board("sv10-76", "Flash Impact", mine=[CORPHISH, NUMEL])
    numel = state.seats[0].bench[1].top
    d = _attack(state, "Flash Impact", pokemon=[numel])
    assert _damage(d.state, 0)[1:] == [0, 40] and d.state.seats[1].active.damage == 120


# -- damage to each -----------------------------------------------------------------------------------

def test_r_damage_2_damage_each_flygon_ex_only_pokemon_ex():
    _compiled("sv8-106", "Sonic Peridot", "damage_each")
    d = _attack(_board("sv8-106", "Sonic Peridot", bench=[CORPHISH, MEGA_CAMERUPT]), "Sonic Peridot")
    assert _damage(d.state, 1) == [100, 0, 100]
    d = _attack(_board("sv8-106", "Sonic Peridot", active=CORPHISH, bench=[MEGA_CAMERUPT]), "Sonic Peridot")
    assert _damage(d.state, 1) == [0, 100]


def test_r_damage_2_damage_each_raichu_damaged_pokemon_of_both_sides_but_itself():
    _compiled("sv5-52", "Collateral Bolts", "damage_each")
    state = _board("sv5-52", "Collateral Bolts", damage=10, bench=[CORPHISH, NUMEL], bench_damage=[0, 10],
                   mine=[CORPHISH, NUMEL], own_damage=[10, 0])
    state.seats[0].active.damage = 10
    d = _attack(state, "Collateral Bolts")
    assert _damage(d.state, 1) == [60, 0, 60] and _damage(d.state, 0) == [10, 60, 0]


def test_r_damage_2_damage_each_hippowdon_also_damaged_benched_of_both_sides():
    _compiled("sv10-106", "Super Sandstorm", "damage_each")
    state = _board("sv10-106", "Super Sandstorm", bench=[CORPHISH, NUMEL], bench_damage=[10, 0],
                   mine=[CORPHISH], own_damage=[20])
    d = _attack(state, "Super Sandstorm")
    assert _damage(d.state, 1) == [150, 50, 0] and _damage(d.state, 0) == [0, 60]


# -- Knock Outs ------------------------------------------------------------------------------------

def test_r_ko_1_ko_defending_counters_mega_absol_ex_exactly_six():
    _compiled("me1-86", "Terminal Period", "ko_defending_counters")
    d = _attack(_board("me1-86", "Terminal Period", damage=60, bench=[CORPHISH]), "Terminal Period")
    said(d, "Terminal Period: Raging Bolt ex is Knocked Out")
    assert len(d.state.seats[0].prizes) == 4                     # a Pokémon ex: 2 Prize cards
    d = _attack(_board("me1-86", "Terminal Period", damage=70, bench=[CORPHISH]), "Terminal Period")
    assert d.state.seats[1].active.damage == 70 and len(d.state.seats[0].prizes) == 6


def test_r_ko_1_flip_ko_basic_alolan_exeggutor_ex():
    _compiled("sv8-133", "Swinging Sphene", "flip_ko_basic")
    state = _board("sv8-133", "Swinging Sphene", bench=[CORPHISH, MEGA_CAMERUPT])
    corphish = state.seats[1].bench[0].top
    d = _attack(state, "Swinging Sphene", ["tails"])             # the only Benched Basic
    assert [p.top for p in d.state.seats[1].bench] == [state.seats[1].bench[1].top]
    d = _attack(state, "Swinging Sphene", ["heads"], pokemon=[corphish])
    said(d, "Swinging Sphene: Raging Bolt ex is Knocked Out")
    d = _attack(_board("sv8-133", "Swinging Sphene", active=MEGA_CAMERUPT, bench=[CORPHISH]), "Swinging Sphene",
                ["heads"])
    said(d, "is not Knocked Out")


def test_r_ko_1_ko_least_hp_inteleon_chooses_among_ties():
    _compiled("me1-41", "Bring Down", "ko_least_hp")
    state = _board("me1-41", "Bring Down", bench=[CORPHISH, NUMEL], mine=[MANKEY])
    mankey = state.seats[0].bench[0].top
    d = _attack(state, "Bring Down")                             # own Mankey, 70 HP left
    assert d.state.seats[0].bench == []
    state = _board("me1-41", "Bring Down", bench=[CORPHISH, NUMEL], bench_damage=[20, 20], mine=[MANKEY])
    numel = state.seats[1].bench[1].top
    refuse(state, 0, {"type": "attack", "attack": "Bring Down", "choices": {"pokemon": [mankey]}}, "R-ATTACK-2")
    d = _attack(state, "Bring Down", pokemon=[numel])
    assert [p.top for p in d.state.seats[1].bench] == [state.seats[1].bench[0].top]
    assert len(_options(state, "Bring Down")) == 2


def test_r_ko_1_coins_ko_team_rockets_exeggutor_and_ko_chosen_glaceon_ex():
    _compiled("me2pt5-78", "Tri Kinesis", "coins_ko")
    state = _board("me2pt5-78", "Tri Kinesis", bench=[CORPHISH])
    corphish = state.seats[1].bench[0].top
    d = _attack(state, "Tri Kinesis", ["heads"] * 3, pokemon=[corphish])
    assert d.state.seats[1].bench == []
    d = _attack(state, "Tri Kinesis", ["heads", "heads", "tails"], pokemon=[corphish])
    assert len(d.state.seats[1].bench) == 1
    _compiled("sv8pt5-26", "Euclase", "ko_chosen")
    state = _board("sv8pt5-26", "Euclase", damage=50, bench=[CORPHISH, NUMEL], bench_damage=[60, 0])
    d = _attack(state, "Euclase")                                # the only one with exactly 6
    assert [p.top for p in d.state.seats[1].bench] == [state.seats[1].bench[1].top]


def test_r_ko_1_ko_both_actives_annihilape_and_iono_s_electrode():
    _compiled("sv8-100", "Destined Fight", "ko_both_actives")
    d = _attack(_board("sv8-100", "Destined Fight", bench=[CORPHISH], mine=[CORPHISH]), "Destined Fight")
    assert len(d.state.seats[0].prizes) == 4 and len(d.state.seats[1].prizes) == 5     # a Pokémon ex: 2
    _compiled("sv9-48", "Thump-Thump Boom", "self_damage_only", "coins_ko")
    d = _attack(_board("sv9-48", "Thump-Thump Boom", bench=[CORPHISH], mine=[CORPHISH]), "Thump-Thump Boom",
                ["heads"])
    said(d, ": Raging Bolt ex is Knocked Out")


# -- damage counters -------------------------------------------------------------------------------

def test_r_damage_3_counters_uxie_mimikyu_ex_vanilluxe_cofagrigus():
    _compiled("sv8-78", "Painful Memories", "counters_each")
    d = _attack(_board("sv8-78", "Painful Memories", bench=[CORPHISH]), "Painful Memories")
    assert _damage(d.state, 1) == [20, 20]
    _compiled("sv9-69", "Mischievous Hands", "counters_chosen")
    state = _board("sv9-69", "Mischievous Hands", bench=[CORPHISH, NUMEL])
    numel = state.seats[1].bench[1].top
    d = _attack(state, "Mischievous Hands", pokemon=[state.seats[1].active.top, numel])
    assert _damage(d.state, 1) == [30, 0, 30]
    _compiled("me2pt5-51", "Snow Coating", "double_counters")
    d = _attack(_board("me2pt5-51", "Snow Coating", damage=30, bench=[CORPHISH], bench_damage=[10]),
                "Snow Coating")
    assert _damage(d.state, 1) == [60, 20]
    _compiled("sv8-83", "Law of the Underworld", "counters_each")
    d = _attack(_board("sv8-83", "Law of the Underworld", bench=[MISTYS_PSYDUCK], mine=[MISTYS_PSYDUCK]),
                "Law of the Underworld")
    assert _damage(d.state, 1) == [0, 60] and _damage(d.state, 0)[1:] == [60]


def test_r_damage_2_damage_chosen_team_rockets_sneasel_for_each_counter_on_it():
    _compiled("sv10-128", "Strike the Sleeper", "damage_chosen")
    state = _board("sv10-128", "Strike the Sleeper", bench=[MEGA_CAMERUPT, NUMEL], bench_damage=[30, 10])
    d = _attack(state, "Strike the Sleeper", pokemon=[state.seats[1].bench[0].top])
    assert _damage(d.state, 1) == [0, 90, 10]                     # 20 for each of its 3 counters


# -- moved counters, damage to itself, base damage ------------------------------------------------

def test_r_damage_3_move_all_counters_cofagrigus_and_flutter_mane():
    _compiled("rsv10pt5-40", "Extended Damagriiigus", "move_all_counters")
    state = _board("rsv10pt5-40", "Extended Damagriiigus", bench=[NUMEL],
                   mine=[CORPHISH, NUMEL], own_damage=[30, 0])
    corphish, theirs = state.seats[0].bench[0].top, state.seats[1].bench[0].top
    d = _attack(state, "Extended Damagriiigus", **{"from": [corphish], "to": [theirs]})
    assert _damage(d.state, 0)[1:] == [0, 0] and _damage(d.state, 1) == [0, 30]
    refuse(state, 0, {"type": "attack", "attack": "Extended Damagriiigus",
                      "choices": {"from": [theirs], "to": [theirs]}}, "R-ATTACK-2")
    assert len(_options(state, "Extended Damagriiigus")) == 4
    _compiled("sv8-96", "Perplexing Transfer", "move_all_counters")
    state = _board("sv8-96", "Perplexing Transfer", mine=[CORPHISH, RAGING_BOLT], own_damage=[30, 50])
    d = _attack(state, "Perplexing Transfer")                    # the only Ancient one: Raging Bolt ex
    assert _damage(d.state, 0)[1:] == [30, 0] and _damage(d.state, 1) == [50]
    _compiled("sv10-82", "Rocket Mirror", "move_all_counters")
    state = _board("sv10-82", "Rocket Mirror", mine=[CORPHISH, "sv10-125"], own_damage=[30, 20])
    d = _attack(state, "Rocket Mirror")                          # the only Team Rocket's one: its Koffing
    assert _damage(d.state, 0)[1:] == [30, 0] and _damage(d.state, 1) == [20]


def test_r_damage_1_may_more_self_damage_gurdurr_superpower():
    _compiled("sv6-104", "Superpower", "may_more_self_damage")
    state = _board("sv6-104", "Superpower")
    d = _attack(state, "Superpower", count=1)
    assert d.state.seats[1].active.damage == 80 and d.state.seats[0].active.damage == 30
    d = _attack(state, "Superpower")
    assert d.state.seats[1].active.damage == 50 and d.state.seats[0].active.damage == 0
    refuse(state, 0, {"type": "attack", "attack": "Superpower", "choices": {"count": 2}}, "R-ATTACK-2")
    assert _options(state, "Superpower") == [{}, {"count": 1}]


def test_r_damage_2_self_damage_palafin_and_team_rockets_raticate():
    _compiled("sv5-49", "Vanguard Punch", "self_damage_per_counter")
    state = _board("sv5-49", "Vanguard Punch")
    state.seats[0].active.damage = 20
    assert _attack(state, "Vanguard Punch").state.seats[0].active.damage == 40
    _compiled("sv10-148", "Reckless Abandon", "coins_tails_self_damage")
    state = _board("sv10-148", "Reckless Abandon")
    assert _attack(state, "Reckless Abandon", ["tails", "tails"]).state.seats[0].active is None    # 90 HP
    assert _attack(state, "Reckless Abandon", ["tails", "heads"]).state.seats[0].active.damage == 0


def test_r_damage_1_base_if_defending_damaged_mega_mawile_ex():
    _compiled("me1-94", "Huge Bite", "base_if_defending_damaged")
    assert _attack(_board("me1-94", "Huge Bite", damage=10), "Huge Bite").state.seats[1].active.damage == 40
    assert _attack(_board("me1-94", "Huge Bite", active=MEGA_CAMERUPT), "Huge Bite").state.seats[1].active.damage == 260


# -- damage counted from damage counters and names -------------------------------------------------

def test_r_damage_1_counted_cynthias_spiritomb_aggron_weezing_azelf():
    _compiled("me2pt5-133", "Raging Curse", "times_counters_on_owned_bench", "damage_ignores")
    state = _board("me2pt5-133", "Raging Curse", mine=["me2pt5-109", CORPHISH], own_damage=[30, 20])
    assert _attack(state, "Raging Curse").state.seats[1].active.damage == 30     # Cynthia's Gible's 3
    _compiled("sv6-122", "Angry Slam", "times_damaged_own")
    state = _board("sv6-122", "Angry Slam", mine=[CORPHISH, NUMEL], own_damage=[10, 0])
    state.seats[0].active.damage = 10
    assert _attack(state, "Angry Slam").state.seats[1].active.damage == 100
    _compiled("sv10-126", "Explode Together Now", "times_named_in_play")
    state = _board("sv10-126", "Explode Together Now", bench=["sv3pt5-109"], mine=["sv10-125", CORPHISH])
    assert _attack(state, "Explode Together Now").state.seats[1].active.damage == 120
    _compiled("sv8-80", "Neurokinesis", "more_per_opponent_counter")
    state = _board("sv8-80", "Neurokinesis", damage=20, bench=[CORPHISH], bench_damage=[30])
    assert _attack(state, "Neurokinesis").state.seats[1].active.damage == 20 + 60


def test_r_damage_1_more_if_pangoro_and_weavile():
    _compiled("me2pt5-140", "Master's Punch", "more_if_benched_named_damaged")
    assert _attack(_board("me2pt5-140", "Master's Punch", mine=["me2pt5-115"], own_damage=[10]),
                   "Master's Punch").state.seats[1].active.damage == 200
    assert _attack(_board("me2pt5-140", "Master's Punch", mine=["me2pt5-115", CORPHISH], own_damage=[0, 10]),
                   "Master's Punch").state.seats[1].active.damage == 80
    _compiled("mep-21", "Retaliatory Claw", "more_if_remaining_hp")
    state = _board("mep-21", "Retaliatory Claw")
    assert _attack(state, "Retaliatory Claw").state.seats[1].active.damage == 20
    state.seats[0].active.damage = 40
    assert _attack(state, "Retaliatory Claw").state.seats[1].active.damage == 190


def test_r_damage_3_counters_on_self_for_damage_walking_wake():
    _compiled("sv6-63", "Undulating Slice", "counters_on_self_for_damage")
    state = _board("sv6-63", "Undulating Slice")
    d = _attack(state, "Undulating Slice", count=3)
    assert d.state.seats[0].active.damage == 30 and d.state.seats[1].active.damage == 60
    refuse(state, 0, {"type": "attack", "attack": "Undulating Slice", "choices": {"count": 10}}, "R-ATTACK-2")
    refuse(state, 0, {"type": "attack", "attack": "Undulating Slice"}, "R-ATTACK-2")
    assert len(_options(state, "Undulating Slice")) == 10


def test_r_damage_1_times_opponent_tails_team_rockets_hypno():
    _compiled("sv10-80", "Bench Manipulation", "times_opponent_tails", "damage_ignores")
    state = _board("sv10-80", "Bench Manipulation", active=MEGA_CAMERUPT, bench=[CORPHISH, NUMEL, MANKEY])
    d = _attack(state, "Bench Manipulation", ["tails", "heads", "tails"])
    assert d.state.seats[1].active.damage == 160


def test_r_damage_3_counters_until_remaining_hp_and_per_hand_card():
    _compiled("sv7-80", "Chi-Atsu", "counters_until_remaining_hp")
    assert _attack(_board("sv7-80", "Chi-Atsu", damage=60), "Chi-Atsu").state.seats[1].active.damage == 190
    assert _attack(_board("sv7-80", "Chi-Atsu", active=CORPHISH, damage=40), "Chi-Atsu").state.seats[1].active \
        .damage == 40                                                # 40 HP left: none
    _compiled("sv8-91", "Barite Jail", "counters_until_remaining_hp")
    d = _attack(_board("sv8-91", "Barite Jail", bench=[CORPHISH, MEGA_CAMERUPT], bench_damage=[0, 30]), "Barite Jail")
    assert _damage(d.state, 1) == [0, 0, 240]
    _compiled("me1-56", "Powerful Hand", "counters_per_hand_card")
    state = _board("me1-56", "Powerful Hand")
    state.seats[0].hand.extend(state.seats[0].deck[:3])
    del state.seats[0].deck[:3]
    assert _attack(state, "Powerful Hand").state.seats[1].active.damage == 60


def test_r_damage_2_damage_each_kyurem_ex_for_each_prize_taken_and_r_ko_1_haxorus_special_energy():
    _compiled("zsv10pt5-28", "Blizzard Burst", "damage_each")
    state = _board("zsv10pt5-28", "Blizzard Burst", active=MEGA_CAMERUPT, bench=[MEGA_CAMERUPT])
    del state.seats[1].prizes[:2]                                    # Beto has taken 2 Prize cards
    assert _damage(_attack(state, "Blizzard Burst").state, 1)[1:] == [20]
    _compiled("sv6pt5-46", "Bring Down the Axe", "ko_defending_basic")
    special = _board("sv6pt5-46", "Bring Down the Axe", bench=[CORPHISH], their_energy=["sv2-190"])
    said(_attack(special, "Bring Down the Axe"), "Bring Down the Axe: Raging Bolt ex is Knocked Out")
    plain = _board("sv6pt5-46", "Bring Down the Axe", bench=[CORPHISH], their_energy=[GRASS])
    said(_attack(plain, "Bring Down the Axe"), "is not Knocked Out")


# -- damage counted from the Pokémon in play ---------------------------------------------------------

def test_r_damage_1_more_if_named_on_bench_metagross_and_durant():
    _compiled("sv9-63", "Conjoined Beams", "more_if_named_on_bench")
    both = _board("sv9-63", "Conjoined Beams", active=MEGA_CAMERUPT, mine=["sv9-61", "sv9-62"])
    assert _attack(both, "Conjoined Beams").state.seats[1].active.damage == 280
    one = _board("sv9-63", "Conjoined Beams", active=MEGA_CAMERUPT, mine=["sv9-61"])
    assert _attack(one, "Conjoined Beams").state.seats[1].active.damage == 130
    _compiled("rsv10pt5-70", "Bite Together", "more_if_named_on_bench")
    assert _attack(_board("rsv10pt5-70", "Bite Together", mine=["rsv10pt5-70"]),
                   "Bite Together").state.seats[1].active.damage == 40


def test_r_damage_1_times_kind_in_play_torterra_ex_and_zoroark():
    _compiled("sv5-12", "Forest March", "times_kind_in_play")
    state = _board("sv5-12", "Forest March", mine=["sv5-10", CORPHISH])
    assert _attack(state, "Forest March").state.seats[1].active.damage == 60       # itself and Turtwig
    _compiled("sv6pt5-32", "Illusory Hijacking", "times_kind_in_play")
    state = _board("sv6pt5-32", "Illusory Hijacking", active=MEGA_CAMERUPT, bench=[RAGING_BOLT, CORPHISH])
    assert _attack(state, "Illusory Hijacking").state.seats[1].active.damage == 120


def test_r_damage_1_more_per_kind_mamoswine_ex_and_reuniclus():
    _compiled("sv9-79", "Rumbling March", "more_per_kind")
    state = _board("sv9-79", "Rumbling March", active=MEGA_CAMERUPT, mine=["sv9-63", "sv9-62"])
    assert _attack(state, "Rumbling March").state.seats[1].active.damage == 220    # Metagross, not Metang
    _compiled("zsv10pt5-39", "Evo-Lariat", "more_per_kind")
    state = _board("zsv10pt5-39", "Evo-Lariat", mine=["sv9-62", CORPHISH])
    assert _attack(state, "Evo-Lariat").state.seats[1].active.damage == 120        # itself and Metang


def test_r_damage_1_more_if_kind_opponent_bench_and_same_type():
    _compiled("me2-59", "Cocky Claw", "more_if_kind_in_play")
    assert _attack(_board("me2-59", "Cocky Claw", mine=["sv10-116"]), "Cocky Claw").state.seats[1].active.damage \
        == 90
    assert _attack(_board("me2-59", "Cocky Claw", mine=["sv6pt5-32"]), "Cocky Claw").state.seats[1].active.damage \
        == 20                                                     # a Stage 1 Darkness Pokémon
    _compiled("sv5-54", "Short-Circuit Knuckle", "more_if_kind_in_play")
    assert _attack(_board("sv5-54", "Short-Circuit Knuckle", bench=[CORPHISH]),
                   "Short-Circuit Knuckle").state.seats[1].active.damage == 160
    _compiled("sv8-132", "Deleting Slash", "more_if_opponent_bench")
    assert _attack(_board("sv8-132", "Deleting Slash", bench=[CORPHISH, NUMEL, MANKEY]),
                   "Deleting Slash").state.seats[1].active.damage == 120
    assert _attack(_board("sv8-132", "Deleting Slash", bench=[CORPHISH, NUMEL]),
                   "Deleting Slash").state.seats[1].active.damage == 40
    _compiled("sv6-93", "Love Resonance", "more_if_same_type")
    assert _attack(_board("sv6-93", "Love Resonance", bench=["sv8-78"]),
                   "Love Resonance").state.seats[1].active.damage == 200
    assert _attack(_board("sv6-93", "Love Resonance", bench=[CORPHISH]),
                   "Love Resonance").state.seats[1].active.damage == 80


# -- wordings, near misses --------------------------------------------------------------------------

def _attack_def(text, damage=0, mark=""):
    return AttackDef("Test", ["Colorless"], damage, mark, has_effect_text=True, text=text)


@pytest.mark.parametrize("template", damage_targets.TEMPLATES, ids=lambda t: t.name)
def test_every_damage_target_wording_compiles_to_its_template_alone(template):
    assert template.wordings
    for wording in template.wordings:
        blank = template.name in damage_targets.PRINTED_BLANK and " also does" not in wording
        compiled = compile_attack(_attack_def(wording, 0 if blank else 30, template.mark))
        assert compiled is not None and compiled.templates == (template.name,), wording


@pytest.mark.parametrize("text, damage", [
    ("This attack does 50 damage to 2 of your opponent's Pokémon.", 0),                      # no note
    ("This attack does 50 damage to 2 of your opponent's Pokémon. (Don't apply Weakness and Resistance for "
     "Benched Pokémon.)", 30),                                                                # printed damage
    ("This attack also does 50 damage to 2 of your opponent's Pokémon. (Don't apply Weakness and Resistance for "
     "Benched Pokémon.)", 30),                                                                # "also" to the Active
    ("This attack does 50 damage to 2 of your opponent's Pokémon that have any Energy attached to them. (Don't "
     "apply Weakness and Resistance for Benched Pokémon.)", 0),
    ("This attack does 20 damage to each Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)", 0),
    ("This attack does 20 damage to each of your opponent's Pokémon (both yours and your opponent's). (Don't apply "
     "Weakness and Resistance for Benched Pokémon.)", 0),
    ("If your opponent's Active Pokémon has exactly 6 damage counters on it, this Pokémon is Knocked Out.", 0),
    ("If your opponent's Active Pokémon is a Stage 2 Pokémon, it is Knocked Out.", 0),
    ("Knock Out 1 of your opponent's Pokémon that has at least 6 damage counters on it.", 0),
    ("Flip 2 coins. If heads, your opponent's Active Pokémon is Knocked Out.", 0),
    ("Flip a coin. If both of them are heads, your opponent's Active Pokémon is Knocked Out.", 0),
    ("Choose a Pokémon in play that has the least HP remaining, and it is Knocked Out.", 0),
    ("Put 2 damage counters on each Pokémon.", 0),
    ("Put 2 damage counters on each of your Pokémon.", 0),
    ("Double the number of damage counters on your opponent's Active Pokémon.", 0),
    ("Move all damage counters from 1 of your Pokémon to 1 of your opponent's Pokémon.", 0),
    ("Move 2 damage counters from 1 of your Benched Pokémon to your opponent's Active Pokémon.", 0),
    ("You may do 30 more damage. If you do, this Pokémon also does 30 damage to 1 of your Benched Pokémon.", 30),
    ("Flip 3 coins. If both of them are tails, this Pokémon also does 30 damage to itself.", 30),
    ("If this Pokémon already has any damage counters on it, this attack's base damage is 30.", 30),
    ("If your opponent's Active Pokémon already has any damage counters on it, this attack's base damage is 30.",
     0),
    ("This attack does 30 damage to 1 of your opponent's Pokémon for each damage counter on that Pokémon. (Don't "
     "apply Weakness and Resistance for Benched Pokémon.)", 0),
    ("If you have any Metal Pokémon in play, this attack does 30 more damage.", 30),
    ("If your opponent has any Metal Pokémon on your Bench, this attack does 30 more damage.", 30),
    ("If Durant is in play, this attack does 30 more damage.", 30),
    ("If your opponent has 3 or fewer Benched Pokémon, this attack does 30 more damage.", 30),
])
def test_a_damage_target_text_that_almost_matches_stays_declared(text, damage):
    assert all(compile_attack(_attack_def(text, damage, mark)) is None for mark in ("", "+", "×"))
