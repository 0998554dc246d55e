"""EX Ruby & Sapphire Pokémon-ex ex1-96 … ex1-103 and the Energy cards ex1-93 … ex1-95,
ex1-104 … ex1-109: one board per effect, exact outcomes, coins fixed (an attack ends the turn:
the state returned is the opponent's turn after the checkup and their draw)."""
from projections.tcg.carddb import card
from projections.tcg.legal import legal_actions
from tests.engine.cards.fixtures import hit, mine, theirs

from .fixtures import (
    DARKNESS_ENERGY,
    FIGHTING,
    FIRE,
    GRASS,
    LIGHTNING,
    METAL_ENERGY,
    PSYCHIC,
    RAINBOW_ENERGY,
    WATER,
    act,
    board,
    inst,
    poke,
    refuse,
    said,
    side,
)

CHANSEY_EX, ELECTABUZZ_EX, HITMONCHAN_EX, LAPRAS_EX = "ex1-96", "ex1-97", "ex1-98", "ex1-99"
MAGMAR_EX, MEWTWO_EX, SCYTHER_EX, SNEASEL_EX = "ex1-100", "ex1-101", "ex1-102", "ex1-103"
WAILORD, MAKUHITA, ARON, POOCHYENA, MIGHTYENA, TAILLOW = "ex1-14", "ex1-56", "ex1-50", "ex1-63", "ex1-10", "ex1-72"
TARGET = WAILORD          # Water, 120 HP, Weakness Lightning, no Resistance


def plain(attacker, energy, target=TARGET, **kw):
    return board(side(poke(attacker, energy), **kw), side(poke(target)))


def test_every_card_of_the_group_is_implemented():
    assert all(card(f"ex1-{n}").implemented for n in range(93, 110))


def test_R_KO_2_every_pokemon_ex_of_ex1_is_worth_2_prize_cards_as_data():
    for n in range(96, 104):
        c = card(f"ex1-{n}")
        assert "ex" in c.tags and c.prizes == 2, c.id


# -- ex1-96 Chansey ex: Healing Egg, Double-edge ---------------------------------------------

def test_ex1_96_chansey_ex_healing_egg_heals_each_other_pokemon_not_itself():
    st = board(side(poke(CHANSEY_EX, [GRASS, GRASS], damage=20),
                    bench=[poke(MAKUHITA, damage=30), poke(TAILLOW, damage=10), poke(ARON)]),
               side(poke(TARGET)))
    d = hit(st, "Healing Egg")
    assert [p.damage for p in mine(d).in_play()] == [20, 10, 0, 0]
    assert theirs(d).active.damage == 0
    said(d, "Makuhita has 2 damage counter(s) removed")
    said(d, "Taillow has 1 damage counter(s) removed")


def test_ex1_96_chansey_ex_double_edge_80_and_60_to_itself():
    d = hit(plain(CHANSEY_EX, [GRASS] * 3), "Double-edge")
    assert theirs(d).active.damage == 80 and mine(d).active.damage == 60


def test_R_KO_2_ex1_96_chansey_ex_knocking_itself_out_gives_the_opponent_2_prizes():
    st = board(side(poke(CHANSEY_EX, [GRASS] * 3, damage=70), bench=[poke(TAILLOW)]), side(poke(TARGET)))
    d = hit(st, "Double-edge")
    assert len(theirs(d).prizes) == 4 and len(mine(d).prizes) == 6
    said(d, "Chansey ex (Seat 0 (Ana)) is Knocked Out")


# -- ex1-97 Electabuzz ex: Thundershock, Quick Attack -------------------------------------------

def test_ex1_97_electabuzz_ex_thundershock_paralyzes_on_heads():
    d = hit(plain(ELECTABUZZ_EX, [LIGHTNING], target=MAKUHITA), "Thundershock", ["heads"])
    assert theirs(d).active.damage == 10 and theirs(d).active.conditions == ["paralyzed"]
    d = hit(plain(ELECTABUZZ_EX, [LIGHTNING], target=MAKUHITA), "Thundershock", ["tails"])
    assert theirs(d).active.conditions == []


def test_ex1_97_electabuzz_ex_quick_attack_40_plus_20_on_heads():
    st = plain(ELECTABUZZ_EX, [LIGHTNING, LIGHTNING, GRASS], target=CHANSEY_EX)
    assert theirs(hit(st, "Quick Attack", ["heads"])).active.damage == 60
    assert theirs(hit(st, "Quick Attack", ["tails"])).active.damage == 40


# -- ex1-98 Hitmonchan ex: Steady Punch, Sky Uppercut -------------------------------------------

def test_ex1_98_hitmonchan_ex_steady_punch_10_plus_10_on_heads():
    st = plain(HITMONCHAN_EX, [FIGHTING], target=WAILORD)
    assert theirs(hit(st, "Steady Punch", ["heads"])).active.damage == 20
    assert theirs(hit(st, "Steady Punch", ["tails"])).active.damage == 10


def test_ex1_98_hitmonchan_ex_sky_uppercut_ignores_resistance():
    # Scyther ex resists Fighting (−30): Sky Uppercut's 50 stays 50, Steady Punch's 20 becomes 0
    st = plain(HITMONCHAN_EX, [FIGHTING, FIGHTING, GRASS], target=SCYTHER_EX)
    d = hit(st, "Sky Uppercut")
    assert theirs(d).active.damage == 50
    said(d, "Resistance ignored")
    assert theirs(hit(st, "Steady Punch", ["heads"])).active.damage == 0


# -- ex1-99 Lapras ex: Energy Ball, Confuse Ray --------------------------------------------------

def test_ex1_99_lapras_ex_energy_ball_10_per_energy_beyond_the_cost_at_most_20():
    for energy, damage in (([WATER], 10), ([WATER, GRASS], 20), ([WATER] * 3, 30), ([WATER] * 5, 30)):
        assert theirs(hit(plain(LAPRAS_EX, energy), "Energy Ball")).active.damage == damage, energy


def test_ex1_99_lapras_ex_confuse_ray_confuses():
    d = hit(plain(LAPRAS_EX, [WATER, WATER, GRASS]), "Confuse Ray")
    assert theirs(d).active.damage == 30 and theirs(d).active.conditions == ["confused"]


# -- ex1-100 Magmar ex: Smokescreen, Super Singe -------------------------------------------------

def test_ex1_100_magmar_ex_smokescreen_makes_the_defending_pokemons_next_attack_flip():
    st = board(side(poke(MAGMAR_EX, [FIRE])), side(poke(HITMONCHAN_EX, [FIGHTING])))
    d = hit(st, "Smokescreen")
    assert theirs(d).active.damage == 10
    tails = hit(d.state, "Steady Punch", ["tails"], seat_no=1)      # the Smokescreen coin: tails
    assert mine(tails).active.damage == 0
    said(tails, "Steady Punch does nothing")
    heads = hit(d.state, "Steady Punch", ["heads", "tails"], seat_no=1)
    assert mine(heads).active.damage == 10


def test_ex1_100_magmar_ex_super_singe_burns():
    # the checkup: 2 counters for Burn, then its flip (tails: still Burned)
    d = hit(plain(MAGMAR_EX, [FIRE, FIRE, GRASS]), "Super Singe", ["tails"])
    assert theirs(d).active.damage == 60 and theirs(d).active.conditions == ["burned"]


# -- ex1-101 Mewtwo ex: Energy Absorption, Psyburn -----------------------------------------------

def _absorption_board(discard):
    return board(side(poke(MEWTWO_EX, [PSYCHIC]), discard=discard), side(poke(TARGET)))


def test_ex1_101_mewtwo_ex_energy_absorption_attaches_up_to_2_energy_cards_from_the_discard_pile():
    st = _absorption_board([PSYCHIC, RAINBOW_ENERGY, FIRE, TAILLOW])
    rainbow, fire = inst(st, 0, "discard", RAINBOW_ENERGY), inst(st, 0, "discard", FIRE)
    d = hit(st, "Energy Absorption", cards=[rainbow, fire])
    m = mine(d).active
    assert m.energy[1:] == [rainbow, fire] and m.damage == 0      # not from the hand: no Rainbow counter
    assert [d.state.instances[i] for i in mine(d).discard] == [PSYCHIC, TAILLOW]
    assert theirs(d).active.damage == 0
    none = hit(st, "Energy Absorption", cards=[])
    assert len(mine(none).active.energy) == 1
    said(none, "attaches no Energy card")
    picks = [a["choices"]["cards"] for a in legal_actions(st, 0)
             if a["type"] == "attack" and a["attack"] == "Energy Absorption"]
    assert len(picks) == 1 + 3 + 3 and [] in picks


def test_ex1_101_mewtwo_ex_energy_absorption_refusals_and_default():
    st = _absorption_board([PSYCHIC, GRASS, FIRE])
    refuse(st, 0, {"type": "attack", "attack": "Energy Absorption"}, "R-ATTACK-2", contains="up to 2")
    refuse(st, 0, {"type": "attack", "attack": "Energy Absorption", "choices": {"cards": list(st.seats[0].discard)}},
           "R-ATTACK-2", contains="up to 2")
    two = _absorption_board([PSYCHIC, GRASS])
    d = hit(two, "Energy Absorption")
    assert len(mine(d).active.energy) == 3 and mine(d).discard == []


def test_ex1_101_mewtwo_ex_psyburn():
    assert theirs(hit(plain(MEWTWO_EX, [PSYCHIC, PSYCHIC, GRASS]), "Psyburn")).active.damage == 60


# -- ex1-102 Scyther ex: Agility, Slash ----------------------------------------------------------

def test_ex1_102_scyther_ex_agility_prevents_every_effect_of_attacks_next_turn_on_heads():
    st = board(side(poke(SCYTHER_EX, [GRASS])), side(poke(LAPRAS_EX, [WATER, WATER, GRASS])))
    d = hit(st, "Agility", ["heads"])
    assert theirs(d).active.damage == 10
    d2 = hit(d.state, "Confuse Ray", seat_no=1)
    assert mine(d2).active.damage == 0 and mine(d2).active.conditions == []
    t = hit(st, "Agility", ["tails"])
    t2 = hit(t.state, "Confuse Ray", seat_no=1)
    assert mine(t2).active.damage == 30 and mine(t2).active.conditions == ["confused"]


def test_ex1_102_scyther_ex_slash():
    assert theirs(hit(plain(SCYTHER_EX, [GRASS, GRASS, FIRE]), "Slash")).active.damage == 50


# -- ex1-103 Sneasel ex: Double Scratch, Beat Up -------------------------------------------------

def test_ex1_103_sneasel_ex_double_scratch_10_times_heads_of_2():
    st = plain(SNEASEL_EX, [RAINBOW_ENERGY])
    assert theirs(hit(st, "Double Scratch", ["heads", "heads"])).active.damage == 20
    assert theirs(hit(st, "Double Scratch", ["tails", "heads"])).active.damage == 10


def test_ex1_103_sneasel_ex_beat_up_flips_one_coin_per_own_pokemon_in_play():
    st = board(side(poke(SNEASEL_EX, [RAINBOW_ENERGY, RAINBOW_ENERGY, GRASS]),
                    bench=[poke(TAILLOW), poke(ARON)]), side(poke(TARGET)))
    assert theirs(hit(st, "Beat Up", ["heads", "tails", "heads"])).active.damage == 40
    alone = plain(SNEASEL_EX, [RAINBOW_ENERGY, RAINBOW_ENERGY, GRASS])
    assert theirs(hit(alone, "Beat Up", ["heads"])).active.damage == 20


# -- ex1-93 Darkness Energy ----------------------------------------------------------------------

def test_R_DAMAGE_1_ex1_93_darkness_energy_adds_10_before_weakness_for_a_darkness_attacker():
    # Sneasel ex (Darkness) vs Makuhita (no Weakness to Darkness): 20 + 10 + 10 (two cards)
    st = plain(SNEASEL_EX, [DARKNESS_ENERGY, DARKNESS_ENERGY], target=TARGET)
    d = hit(st, "Double Scratch", ["heads", "heads"])
    assert theirs(d).active.damage == 40
    said(d, "Darkness Energy +10 = 30")


def test_R_DAMAGE_1_ex1_93_darkness_energy_comes_before_weakness_and_resistance():
    # No ex1 Pokémon is weak or resistant to Darkness: the Defending Pokémon gets one by a lasting
    # effect (the Base Set's "weakness_changed" / "resistance_changed", as Venomoth's Shift leaves).
    def vs(kind):
        st = board(side(poke(POOCHYENA, [DARKNESS_ENERGY])), side(poke(MEWTWO_EX)))
        st.seats[1].active.effects.append({"kind": kind, "until_turn": None, "type": "Darkness"})
        return hit(st, "Bite")
    weak = vs("weakness_changed")
    assert theirs(weak).active.damage == 40                 # (10 + 10) × 2, not 10 × 2 + 10
    said(weak, "base 10; Darkness Energy +10 = 20; Weakness ×2 = 40")
    resisted = vs("resistance_changed")
    assert theirs(resisted).active.damage == 0              # (10 + 10) − 30
    said(resisted, "Darkness Energy +10 = 20; Resistance −30 = -10")


def test_ex1_93_darkness_energy_does_nothing_for_other_attackers_or_without_damage():
    st = plain(HITMONCHAN_EX, [FIGHTING, DARKNESS_ENERGY])
    assert theirs(hit(st, "Steady Punch", ["tails"])).active.damage == 10
    st = plain(SNEASEL_EX, [DARKNESS_ENERGY])
    d = hit(st, "Double Scratch", ["tails", "tails"])
    assert theirs(d).active.damage == 0
    said(d, "Double Scratch does no damage")


# -- ex1-94 Metal Energy -------------------------------------------------------------------------

def test_R_DAMAGE_1_ex1_94_metal_energy_reduces_damage_to_a_metal_pokemon_after_weakness():
    # Magmar ex's Super Singe 40 vs Aron (Metal, Weakness Fire): 40 ×2 = 80 − 10 = 70 → Knocked Out (50 HP),
    # so use Smokescreen: 10 ×2 = 20 − 10 = 10
    st = board(side(poke(MAGMAR_EX, [FIRE])), side(poke(ARON, [METAL_ENERGY]), bench=[poke(TAILLOW)]))
    d = hit(st, "Smokescreen")
    assert theirs(d).active.damage == 10
    line = next(line for line in d.narration if "Smokescreen does" in line)
    assert line.index("Weakness") < line.index("Metal Energy −10")


def test_ex1_94_metal_energy_does_nothing_on_a_pokemon_that_is_not_metal():
    st = board(side(poke(MAGMAR_EX, [FIRE])), side(poke(TAILLOW, [METAL_ENERGY])))
    assert theirs(hit(st, "Smokescreen")).active.damage == 10


# -- ex1-95 Rainbow Energy -----------------------------------------------------------------------

def test_ex1_95_rainbow_energy_from_the_hand_puts_1_counter_and_pays_any_type():
    st = board(side(poke(SNEASEL_EX), hand=[RAINBOW_ENERGY]), side(poke(TARGET)))
    rainbow = inst(st, 0, "hand", RAINBOW_ENERGY)
    d = act(st, 0, {"type": "attach_energy", "card": rainbow, "target": st.seats[0].active.top})
    assert mine(d).active.damage == 10
    said(d, "Rainbow Energy attached from the hand: 1 damage counter on Sneasel ex")
    assert theirs(hit(d.state, "Double Scratch", ["heads", "tails"])).active.damage == 10


def test_ex1_95_rainbow_energy_counter_can_knock_out_at_once():
    st = board(side(poke(SNEASEL_EX, damage=70), bench=[poke(TAILLOW)], hand=[RAINBOW_ENERGY]),
               side(poke(TARGET)))
    rainbow = inst(st, 0, "hand", RAINBOW_ENERGY)
    d = act(st, 0, {"type": "attach_energy", "card": rainbow, "target": st.seats[0].active.top})
    said(d, "Sneasel ex (Seat 0 (Ana)) is Knocked Out")
    assert len(theirs(d).prizes) == 4          # a Pokémon-ex: 2 Prize cards (R-KO-2)
    assert rainbow in mine(d).discard


# -- ex1-104 … ex1-109 basic Energy --------------------------------------------------------------

def test_ex1_104_to_109_basic_energy_provide_their_type():
    for card_id, energy_type in ((GRASS, "Grass"), (FIGHTING, "Fighting"), (WATER, "Water"),
                                 (PSYCHIC, "Psychic"), (FIRE, "Fire"), (LIGHTNING, "Lightning")):
        c = card(card_id)
        assert c.is_basic_energy and c.provides == [energy_type] and c.energy_effect is None
