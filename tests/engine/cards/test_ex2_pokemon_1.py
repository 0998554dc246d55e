"""EX Sandstorm Pokémon ex2-1 … ex2-45 (Armaldo … Lombre): one board per effect, exact outcomes,
coins fixed (FixedCoins: each test also proves how many flips an action needs).

Boards come from sandbox positions (fixtures). Seat 0 (Ana) acts unless a test says otherwise
(`board(first, second, seat_to_act=1)` puts `first` in seat 1: `me()` is always seat 0); an attack
ends the turn, so the returned state is already the opponent's turn, after the between-turns
checkup and draw. Opponents are ex1 Basics used for their HP, Weakness, Resistance and attacks
without effect text. Pokémon that evolve from a fossil sit on the ex2 fossil (`fossil_poke`).
"""
import pytest

from projections.tcg import carddb
from projections.tcg.legal import legal_actions
from projections.tcg.position import PositionError
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
    act,
    attack,
    board,
    cards,
    choose,
    hit,
    me,
    offered,
    poke,
    power,
    refuse,
    said,
    side,
    them,
    use,
)

(ARMALDO, CACTURNE, CRADILY, DUSCLOPS, FLAREON, JOLTEON, LUDICOLO, LUNATONE, MAWILE, SABLEYE, SEVIPER,
 SHIFTRY, SOLROCK, ZANGOOSE, ARCANINE, ESPEON, GOLDUCK, KECLEON, OMASTAR, PICHU, SANDSLASH, SHIFTRY_22,
 STEELIX, UMBREON, VAPOREON, WOBBUFFET, ANORITH, ANORITH_28, ARBOK, AZUMARILL, AZURILL, BALTOY, BRELOOM,
 DELCATTY, ELECTABUZZ, ELEKID, FEAROW, ILLUMISE, KABUTO, KIRLIA, LAIRON, LILEEP, LILEEP_43, LINOONE,
 LOMBRE) = (f"ex2-{n}" for n in range(1, 46))
# ex2 cards outside the range, used as they are printed (no effect text involved)
VOLBEAT, PIKACHU, MARILL, OMANYTE, RALTS_EX2, NUZLEAF, ONIX = (
    "ex2-53", "ex2-72", "ex2-68", "ex2-70", "ex2-74", "ex2-48", "ex2-71")
CLAW_FOSSIL, MYSTERIOUS_FOSSIL, ROOT_FOSSIL = "ex2-90", "ex2-91", "ex2-92"
# ex1 opponents and Trainers
ARON, ARON_RAM, ELECTRIKE, MAKUHITA, NUMEL, PHANPY, POOCHYENA, RALTS, WAILMER, TREECKO, ZIGZAGOON = (
    "ex1-50", "ex1-49", "ex1-52", "ex1-57", "ex1-61", "ex1-62", "ex1-63", "ex1-68", "ex1-48", "ex1-76",
    "ex1-79")
CHANSEY_EX, ELECTABUZZ_EX, HITMONCHAN_EX, MEWTWO_EX = "ex1-96", "ex1-97", "ex1-98", "ex1-101"
LADY_OUTING, PROFESSOR_BIRCH, POTION = "ex1-83", "ex1-89", "ex1-91"


# -- helpers ---------------------------------------------------------------------------------

@pytest.fixture(autouse=True, scope="module")
def _fossils_in_play():
    """The ex2 fossils are Trainers played as 40-HP Colorless Basic Pokémon (their own module
    encodes them); until it does, they are made so here, so that a fossil's Stage 1 has its
    Basic under it."""
    with pytest.MonkeyPatch.context() as mp:
        for fossil in (CLAW_FOSSIL, MYSTERIOUS_FOSSIL, ROOT_FOSSIL):
            c = carddb.card(fossil)
            if not c.is_pokemon_card:
                for attr, value in (("is_pokemon_card", True), ("stage", "Basic"), ("hp", 40),
                                    ("type", "Colorless")):
                    mp.setattr(c, attr, value)
        yield


FOSSIL_OF = {"Claw Fossil": CLAW_FOSSIL, "Mysterious Fossil": MYSTERIOUS_FOSSIL, "Root Fossil": ROOT_FOSSIL}


def fossil_poke(card_id, **kw):
    """`poke` for a Pokémon whose line starts with an ex2 fossil."""
    chain = []
    c = carddb.card(card_id)
    while c.evolves_from not in FOSSIL_OF:
        c = next(x for x in carddb.all_cards()
                 if x.name == c.evolves_from and x.id.startswith("ex2-") and x.supertype == "Pokemon")
        chain.insert(0, c.id)
    p = poke(FOSSIL_OF[c.evolves_from], **kw)      # a Basic: its keys, with nothing under it
    return {**p, "card": card_id, "under": [FOSSIL_OF[c.evolves_from], *chain]}


def play(card, **choices):
    return {"type": "play_trainer", "card": card, "choices": choices}


def end_turn(state, coins=()):
    return act(state, state.seat_to_act, {"type": "end_turn"}, coins).state


def test_every_card_of_the_range_is_implemented_and_described():
    from projections.tcg.cards.describe import describe_card
    for n in range(1, 46):
        c = carddb.card(f"ex2-{n}")
        assert c.implemented, c.id
        described = describe_card(c.id)
        assert len(described["description"]) > 10, c.id
        for a in c.attacks:
            assert bool(a.effects) == a.has_effect_text, (c.id, a.name)
        if c.power is not None:
            assert c.power.effect is not None and c.power.effect.describe(), c.id


# -- ex2-1 Armaldo -------------------------------------------------------------------------------

def test_R_TRAINER_2_ex2_1_primal_veil_stops_every_supporter_while_armaldo_is_active():
    st = board(side(fossil_poke(ARMALDO), hand=[PROFESSOR_BIRCH, POTION]), side(poke(WAILMER)))
    birch = me(st).hand[0]
    refuse(st, 0, play(birch), "R-TRAINER-2", "Primal Veil")
    assert all(a["type"] != "play_trainer" or a["card"] != birch for a in legal_actions(st, 0))
    # the opponent can't either
    theirs = board(side(poke(WAILMER), hand=[PROFESSOR_BIRCH]), side(fossil_poke(ARMALDO)), seat_to_act=1)
    refuse(theirs, 1, play(them(theirs).hand[0]), "R-TRAINER-2", "Armaldo")


def test_ex2_1_primal_veil_does_nothing_from_the_bench_and_armaldo_blade_arms():
    st = board(side(poke(WAILMER), bench=[fossil_poke(ARMALDO)], hand=[PROFESSOR_BIRCH]), side(poke(WAILMER)))
    d = act(st, 0, play(me(st).hand[0]))
    assert len(me(d).hand) == 6
    blade = board(side(fossil_poke(ARMALDO, energy=[FIGHTING, FIGHTING, FIGHTING])), side(poke(WAILMER)))
    assert them(hit(blade, "Blade Arms")).active.damage == 60


# -- ex2-2 Cacturne ------------------------------------------------------------------------------

def test_ex2_2_poison_payback_poisons_the_attacker_even_when_cacturne_is_knocked_out():
    # Makuhita (seat 1) hits Cacturne (seat 0) with Low Kick
    st = board(side(poke(MAKUHITA, energy=[FIGHTING, FIGHTING])), side(poke(CACTURNE)), seat_to_act=1)
    d = hit(st, "Low Kick")
    assert me(d).active.damage == 30
    assert them(d).active.conditions == ["poisoned"] and them(d).active.damage == 10   # Poison between turns
    said(d, "Poison Payback answers the damage")
    ko = board(side(poke(MAKUHITA, energy=[FIGHTING, FIGHTING])), side(poke(CACTURNE, damage=60),
                                                                       bench=[poke(ARON)]), seat_to_act=1)
    d = hit(ko, "Low Kick")
    assert them(d).active.conditions == ["poisoned"] and d.state.phase == "promote"


def test_ex2_2_poison_payback_only_while_active():
    st = board(side(poke(STEELIX, energy=[METAL_ENERGY, METAL_ENERGY, FIGHTING, FIGHTING])),
               side(poke(WAILMER), bench=[poke(CACTURNE)]))
    d = hit(st, "Spinning Tail")
    assert them(d).bench[0].damage == 20 and me(d).active.conditions == []


def test_ex2_2_feint_attack_ignores_weakness_resistance_and_effects_on_the_active():
    energy = [GRASS, GRASS, GRASS]
    weak = board(side(poke(CACTURNE, energy=energy)), side(poke(PHANPY)))           # weak to Grass
    d = hit(weak, "Feint Attack")
    assert them(d).active.damage == 40
    said(d, "effects on the Defending Pokémon ignored")
    resists = board(side(poke(CACTURNE, energy=energy)), side(poke(ARON)))          # resists Grass
    assert them(hit(resists, "Feint Attack")).active.damage == 40
    shielded = board(side(poke(CACTURNE, energy=energy)), side(fossil_poke(KABUTO)))  # Exoskeleton −20
    assert them(hit(shielded, "Feint Attack")).active.damage == 40
    fang = board(side(poke(CACTURNE, energy=energy)), side(poke(ARBOK)))             # Intimidating Fang −10
    assert them(hit(fang, "Feint Attack")).active.damage == 40


def test_ex2_2_feint_attack_on_a_benched_pokemon_and_its_choices():
    st = board(side(poke(CACTURNE, energy=[GRASS, GRASS, GRASS])), side(poke(WAILMER), bench=[poke(PHANPY)]))
    active, benched = them(st).active.top, them(st).bench[0].top
    assert offered(st, "attack", "Feint Attack") == [{"pokemon": [active]}, {"pokemon": [benched]}]
    refuse(st, 0, attack("Feint Attack"), "R-ATTACK-2", "choices.pokemon")
    d = hit(st, "Feint Attack", pokemon=[benched])
    assert them(d).active.damage == 0 and them(d).bench[0].damage == 40      # no Weakness on the Bench


# -- ex2-3 Cradily -------------------------------------------------------------------------------

def test_R_RETREAT_1_ex2_3_super_suction_cups_while_cradily_is_active():
    st = board(side(poke(WAILMER, energy=[WATER, WATER, WATER]), bench=[poke(ARON)]),
               side(fossil_poke(CRADILY)), seat_to_act=1)
    retreat = {"type": "retreat", "to": them(st).bench[0].top, "discard": list(them(st).active.energy)}
    refuse(st, 1, retreat, "R-RETREAT-1", "Super Suction Cups")
    assert [a for a in legal_actions(st, 1) if a["type"] == "retreat"] == []
    benched = board(side(poke(WAILMER, energy=[WATER, WATER, WATER]), bench=[poke(ARON)]),
                    side(poke(ARON), bench=[fossil_poke(CRADILY)]), seat_to_act=1)
    aron = them(benched).bench[0].top
    d = act(benched, 1, {"type": "retreat", "to": aron, "discard": list(them(benched).active.energy)})
    assert them(d).active.top == aron


def test_ex2_3_super_suction_cups_leaves_its_owner_free_to_retreat():
    st = board(side(fossil_poke(CRADILY, energy=[GRASS, GRASS]), bench=[poke(ARON)]), side(poke(WAILMER)))
    d = act(st, 0, {"type": "retreat", "to": me(st).bench[0].top, "discard": list(me(st).active.energy)})
    assert me(d).active.top == me(st).bench[0].top


def test_ex2_3_cradily_lure_poison_may_switch_first():
    st = board(side(fossil_poke(CRADILY, energy=[GRASS])), side(poke(WAILMER), bench=[poke(ARON), poke(NUMEL)]))
    bench = [p.top for p in them(st).bench]
    assert offered(st, "attack", "Lure Poison") == [{}] + [{"pokemon": [b]} for b in bench]
    d = hit(st, "Lure Poison", pokemon=[bench[1]])
    assert them(d).active.top == bench[1] and them(d).active.conditions == ["poisoned"]
    assert them(d).active.damage == 10 and them(d).bench[1].top == them(st).active.top
    said(d, "switches Wailmer with Numel")
    stay = hit(st, "Lure Poison")
    assert them(stay).active.top == them(st).active.top and them(stay).active.conditions == ["poisoned"]
    refuse(st, 0, attack("Lure Poison", pokemon=[them(st).active.top]), "R-ATTACK-2", "Benched")


def test_R_ATTACK_2_ex2_3_lure_poison_switches_nothing_when_confusion_fails():
    st = board(side(fossil_poke(CRADILY, energy=[GRASS], conditions=["confused"])),
               side(poke(WAILMER), bench=[poke(ARON)]))
    d = hit(st, "Lure Poison", ["tails"], pokemon=[them(st).bench[0].top])
    assert them(d).active.top == them(st).active.top and them(d).active.conditions == []
    assert me(d).active.damage == 30


def test_ex2_3_cradily_spiral_drain_heals_two_counters_or_the_last_one():
    st = board(side(fossil_poke(CRADILY, energy=[GRASS, GRASS, GRASS], damage=30)), side(poke(CHANSEY_EX)))
    d = hit(st, "Spiral Drain")
    assert them(d).active.damage == 50 and me(d).active.damage == 10
    one = board(side(fossil_poke(CRADILY, energy=[GRASS, GRASS, GRASS], damage=10)), side(poke(CHANSEY_EX)))
    assert me(hit(one, "Spiral Drain")).active.damage == 0


# -- ex2-4 Dusclops ------------------------------------------------------------------------------

def test_ex2_4_dusclops_judgement_two_heads_knock_out():
    st = board(side(poke(DUSCLOPS, energy=[PSYCHIC, PSYCHIC])), side(poke(CHANSEY_EX), bench=[poke(ARON)]))
    d = hit(st, "Judgement", ["heads", "heads"])
    assert len(me(d).prizes) == 4 and d.state.phase == "promote"       # a Pokémon-ex: 2 Prize cards
    said(d, "Judgement: Chansey ex is Knocked Out")
    d = hit(st, "Judgement", ["heads", "tails"])
    assert them(d).active.damage == 0 and len(me(d).prizes) == 6


def test_R_DAMAGE_3_ex2_4_dusclops_random_curse_places_five_counters():
    st = board(side(poke(DUSCLOPS, energy=[PSYCHIC, PSYCHIC, PSYCHIC])), side(poke(WAILMER)))
    d = hit(st, "Random Curse")
    assert them(d).active.damage == 50
    said(d, "Random Curse: 5 damage counters on Wailmer")
    # counters are not damage: Wobbuffet is weak to Psychic, still 5 counters
    weak = board(side(poke(DUSCLOPS, energy=[PSYCHIC, PSYCHIC, PSYCHIC])), side(poke(WOBBUFFET)))
    assert them(hit(weak, "Random Curse")).active.damage == 50


# -- ex2-5 Flareon, ex2-6 Jolteon -----------------------------------------------------------------

def test_ex2_5_flareon_super_singe_and_flamethrower():
    st = board(side(poke(FLAREON, energy=[FIRE, WATER, WATER, WATER])), side(poke(CHANSEY_EX)))
    d = hit(st, "Super Singe", ["heads", "tails"])           # the Burn flip between turns: tails, 2 counters
    assert them(d).active.conditions == ["burned"] and them(d).active.damage == 40
    assert them(hit(st, "Super Singe", ["tails"])).active.conditions == []
    d = hit(st, "Flamethrower")
    assert them(d).active.damage == 70 and cards(d.state, me(d).discard) == [FIRE]


def test_ex2_6_jolteon_double_kick_and_lightning_strike():
    energy = [LIGHTNING, LIGHTNING, RAINBOW_ENERGY, WATER]
    st = board(side(poke(JOLTEON, energy=energy)), side(poke(CHANSEY_EX)))
    assert them(hit(st, "Double Kick", ["heads", "heads"])).active.damage == 40
    e = me(st).active.energy
    assert offered(st, "attack", "Lightning Strike") == [{}, {"cards": e[:3]}]
    keep = hit(st, "Lightning Strike")
    assert them(keep).active.damage == 40 and me(keep).active.energy == e
    d = hit(st, "Lightning Strike", cards=e[:3])
    assert them(d).active.damage == 70 and me(d).active.energy == [e[3]] and set(e[:3]) <= set(me(d).discard)
    refuse(st, 0, attack("Lightning Strike", cards=e[:2]), "R-ATTACK-2", "every Lightning Energy")


def test_R_ATTACK_2_ex2_6_lightning_strike_keeps_its_energy_when_confusion_fails():
    st = board(side(poke(JOLTEON, energy=[LIGHTNING, LIGHTNING, LIGHTNING], conditions=["confused"])),
               side(poke(CHANSEY_EX)))
    d = hit(st, "Lightning Strike", ["tails"], cards=list(me(st).active.energy))
    assert len(me(d).active.energy) == 3 and me(d).active.damage == 30


# -- ex2-7 Ludicolo, ex2-45 Lombre: Rain Dish ------------------------------------------------------

def test_ex2_7_rain_dish_removes_a_counter_between_turns_active_or_benched():
    st = board(side(poke(LUDICOLO, damage=30), bench=[poke(LOMBRE, damage=10), poke(LOMBRE)]),
               side(poke(WAILMER, damage=20)))
    d = act(st, 0, {"type": "end_turn"})
    assert [p.damage for p in me(d).in_play()] == [20, 0, 0] and them(d).active.damage == 20
    said(d, "Ludicolo's Rain Dish removes 1 damage counter (20/90)")
    # after the opponent's turn too
    assert me(end_turn(d.state)).active.damage == 10


def test_ex2_7_rain_dish_comes_after_poison_and_before_knock_outs():
    st = board(side(poke(LUDICOLO, damage=80, conditions=["poisoned"]), bench=[poke(ARON)]), side(poke(WAILMER)))
    d = act(st, 0, {"type": "end_turn"})
    assert me(d).active.top == me(st).active.top and me(d).active.damage == 80
    assert said(d, "Poison between turns") < said(d, "Rain Dish removes 1 damage counter")


def test_ex2_7_ludicolo_hydro_punch_10_more_per_extra_water_up_to_20():
    for extra, damage in ((0, 50), (1, 60), (2, 70), (3, 70)):
        st = board(side(poke(LUDICOLO, energy=[WATER] * (3 + extra))), side(poke(CHANSEY_EX)))
        assert them(hit(st, "Hydro Punch")).active.damage == damage, extra


def test_ex2_45_lombre_double_scratch():
    st = board(side(poke(LOMBRE, energy=[WATER, WATER])), side(poke(CHANSEY_EX)))
    assert them(hit(st, "Double Scratch", ["heads", "tails"])).active.damage == 30


# -- ex2-8 Lunatone, ex2-13 Solrock --------------------------------------------------------------

def test_ex2_8_lunar_eclipse_makes_lunatone_darkness_until_the_end_of_the_turn():
    # Dusclops is weak to Darkness and resists Fighting
    st = board(side(poke(LUNATONE, energy=[PSYCHIC, PSYCHIC]), bench=[poke(SOLROCK)]), side(poke(DUSCLOPS)))
    lunatone = me(st).active.top
    assert them(hit(st, "Lunar Blast")).active.damage == 30
    d = power(st, lunatone, "Lunar Eclipse")
    assert me(d).active.flags["type"] == "Darkness"
    said(d, "Lunatone's type is Darkness until the end of the turn")
    refuse(d.state, 0, use(lunatone, "Lunar Eclipse"), "R-POWER-1", "once")
    blast = hit(d.state, "Lunar Blast")
    assert them(blast).active.damage == 60
    said(blast, "Weakness ×2 = 60")
    assert "type" not in me(blast).active.flags
    said(blast, "Lunatone's type is Psychic again")
    # without attacking, the type comes back when the turn ends too
    assert "type" not in me(end_turn(d.state)).active.flags


def test_R_DAMAGE_1_R_INPLAY_1_darkness_energy_adds_10_for_a_lunatone_made_darkness():
    # Wailmer has no Weakness or Resistance to Psychic or Darkness: only Darkness Energy's +10 counts
    st = board(side(poke(LUNATONE, energy=[PSYCHIC, DARKNESS_ENERGY]), bench=[poke(SOLROCK)]), side(poke(WAILMER)))
    psychic = hit(st, "Lunar Blast")
    assert them(psychic).active.damage == 30                      # a Psychic Lunatone: no +10
    eclipsed = power(st, me(st).active.top, "Lunar Eclipse").state
    d = hit(eclipsed, "Lunar Blast")
    assert them(d).active.damage == 40
    assert eclipsed.types(me(eclipsed).active) == ("Darkness",)
    said(d, "base 30; Darkness Energy +10 = 40")
    assert "R-DAMAGE-1" in next(line for line in d.narration if "Darkness Energy +10" in line)
    # the turn over, it is Psychic again: no +10
    again = end_turn(end_turn(eclipsed))
    assert again.types(me(again).active) == ("Psychic",)
    assert them(hit(again, "Lunar Blast")).active.damage == 30


def test_ex2_8_lunar_eclipse_needs_solrock_in_play_on_either_side_and_no_condition():
    alone = board(side(poke(LUNATONE)), side(poke(WAILMER)))
    refuse(alone, 0, use(me(alone).active.top, "Lunar Eclipse"), "R-POWER-1", "Solrock")
    theirs = board(side(poke(LUNATONE)), side(poke(SOLROCK)))
    assert me(power(theirs, me(theirs).active.top, "Lunar Eclipse")).active.flags["type"] == "Darkness"
    confused = board(side(poke(LUNATONE, conditions=["confused"]), bench=[poke(SOLROCK)]), side(poke(WAILMER)))
    refuse(confused, 0, use(me(confused).active.top, "Lunar Eclipse"), "R-POWER-2", "confused")


def test_ex2_13_solar_eclipse_makes_solrock_fire():
    energy = [FIGHTING, FIGHTING, FIGHTING]
    st = board(side(poke(SOLROCK, energy=energy), bench=[poke(LUNATONE)]), side(poke(CHANSEY_EX)))
    assert them(hit(st, "Solar Blast")).active.damage == 80                    # Fighting: Chansey ex is weak
    fire = power(st, me(st).active.top, "Solar Eclipse")
    assert them(hit(fire.state, "Solar Blast")).active.damage == 40
    alone = board(side(poke(SOLROCK)), side(poke(WAILMER)))
    refuse(alone, 0, use(me(alone).active.top, "Solar Eclipse"), "R-POWER-1", "Lunatone")


def test_ex2_8_cosmic_draw_draws_three_only_against_an_evolved_pokemon():
    evolved = board(side(poke(LUNATONE, energy=[PSYCHIC]), deck=[FIRE, WATER, GRASS, PSYCHIC]), side(poke(KIRLIA)))
    d = hit(evolved, "Cosmic Draw")
    assert len(me(d).hand) == 3 and len(me(d).deck) == 1
    basic = board(side(poke(SOLROCK, energy=[FIGHTING]), deck=[FIRE, WATER, GRASS, PSYCHIC]), side(poke(WAILMER),
                                                                                 bench=[poke(ARON)]))
    d = hit(basic, "Cosmic Draw")
    assert me(d).hand == [] and len(me(d).deck) == 4
    said(d, "no Evolved Pokémon")
    benched = board(side(poke(SOLROCK, energy=[FIGHTING]), deck=[FIRE, WATER, GRASS]),
                    side(poke(WAILMER), bench=[poke(KIRLIA)]))
    assert len(me(hit(benched, "Cosmic Draw")).hand) == 3


# -- ex2-9 Mawile ----------------------------------------------------------------------------------

def test_R_HIDDEN_1_ex2_9_scam_shows_the_hand_then_shuffles_a_supporter_back():
    st = board(side(poke(MAWILE, energy=[FIGHTING])), side(poke(WAILMER), hand=[PROFESSOR_BIRCH, WATER, POTION],
                                        deck=[FIRE, GRASS]))
    birch, water, potion = them(st).hand
    d = hit(st, "Scam")
    assert d.state.pending == {"seat": 0, "card": me(st).active.top, "kind": "look", "look": [birch, water, potion],
                               "by": "attack", "attack": "Scam", "effect": 0}
    assert offered(d.state, "choose") == [{"cards": []}, {"cards": [birch]}]
    refuse(d.state, 0, choose(cards=[potion]), "R-ATTACK-2", "Supporter")
    done = act(d.state, 0, choose(cards=[birch]))
    # Birch goes to the bottom (no shuffle source: the order stays), Beto draws the top card
    assert birch in them(done).deck and birch not in them(done).hand
    assert len(them(done).hand) == 4 and done.state.seat_to_act == 1         # + the draw of the new turn
    said(done, "shuffles")
    kept = act(d.state, 0, choose(cards=[]))
    assert birch in them(kept).hand and them(kept).deck[-1:] != [birch]


def test_ex2_9_scam_with_an_empty_hand_or_given_at_once():
    empty = board(side(poke(MAWILE, energy=[FIGHTING])), side(poke(WAILMER)))
    d = hit(empty, "Scam")
    assert d.state.pending is None and d.state.seat_to_act == 1
    said(d, "has no card in hand")
    st = board(side(poke(MAWILE, energy=[FIGHTING])), side(poke(WAILMER), hand=[PROFESSOR_BIRCH], deck=[FIRE]))
    d = hit(st, "Scam", cards=[them(st).hand[0]])
    # Birch under Fire (no shuffle source: the order stays): Beto draws Fire, then Birch for the new turn
    assert d.state.pending is None and cards(d.state, them(d).hand) == [FIRE, PROFESSOR_BIRCH]


def test_ex2_9_mawile_metal_hook_may_switch_before_damage():
    st = board(side(poke(MAWILE, energy=[METAL_ENERGY, FIGHTING])), side(poke(WAILMER), bench=[poke(NUMEL)]))
    numel = them(st).bench[0].top
    d = hit(st, "Metal Hook", pokemon=[numel])
    assert them(d).active.top == numel and them(d).active.damage == 20 and them(d).bench[0].damage == 0
    stay = hit(st, "Metal Hook")
    assert them(stay).active.top == them(st).active.top and them(stay).active.damage == 20


# -- ex2-10 Sableye ---------------------------------------------------------------------------------

def test_ex2_10_supernatural_uses_the_effect_of_the_opponents_supporter():
    st = board(side(poke(SABLEYE, energy=[FIGHTING]), hand=[WATER],
                    deck=[FIRE, GRASS, PSYCHIC, FIGHTING, WATER, FIRE, GRASS]),
               side(poke(WAILMER), hand=[PROFESSOR_BIRCH, LADY_OUTING, WATER]))
    birch, outing, _ = them(st).hand
    d = hit(st, "Supernatural")
    assert d.state.pending["look"] == them(st).hand and d.state.pending["kind"] == "look"
    assert {"cards": [birch], "copied": {}} in offered(d.state, "choose")
    done = act(d.state, 0, choose(cards=[birch]))
    assert len(me(done).hand) == 6 and birch in them(done).hand            # Birch stays in Beto's hand
    said(done, "Supernatural uses the effect of")
    nothing = act(d.state, 0, choose(cards=[]))
    assert me(nothing).hand == me(st).hand


def test_R_HIDDEN_1_ex2_10_supernatural_with_a_searching_supporter_needs_its_choices():
    st = board(side(poke(SABLEYE, energy=[FIGHTING]), deck=[FIRE, WATER, FIRE, GRASS]),
               side(poke(WAILMER), hand=[LADY_OUTING]))
    outing = them(st).hand[0]
    d = hit(st, "Supernatural")
    refuse(d.state, 0, choose(cards=[outing]), "R-HIDDEN-1", "choices.copied")
    deck = me(st).deck
    done = act(d.state, 0, choose(cards=[outing], copied={"search": [deck[0], deck[1], deck[3]]}))
    assert cards(done.state, me(done).hand) == [FIRE, WATER, GRASS] and outing in them(done).hand


def test_ex2_10_supernatural_is_not_playing_a_supporter_so_primal_veil_lets_it_be():
    st = board(side(poke(SABLEYE, energy=[FIGHTING]), deck=[FIRE] * 8),
               side(fossil_poke(ARMALDO), hand=[PROFESSOR_BIRCH]))
    d = hit(st, "Supernatural", cards=[them(st).hand[0]])
    assert len(me(d).hand) == 6


def test_ex2_10_sableye_dark_bind_paralyzes_if_a_darkness_energy_is_discarded():
    st = board(side(poke(SABLEYE, energy=[DARKNESS_ENERGY, FIGHTING])), side(poke(WAILMER)))
    dark = me(st).active.energy[0]
    assert offered(st, "attack", "Dark Bind") == [{}, {"cards": [dark]}]
    d = hit(st, "Dark Bind", cards=[dark])
    # 20 + 10 (Darkness Energy on a Darkness Pokémon, before the discard after damage)
    assert them(d).active.damage == 30 and them(d).active.conditions == ["paralyzed"]
    assert me(d).discard == [dark]
    keep = hit(st, "Dark Bind")
    assert them(keep).active.conditions == [] and me(keep).active.energy == me(st).active.energy
    refuse(st, 0, attack("Dark Bind", cards=[me(st).active.energy[1]]), "R-ATTACK-2", "Darkness")


# -- ex2-11 Seviper ------------------------------------------------------------------------------

def test_ex2_11_seviper_deadly_poison_and_extra_poison():
    st = board(side(poke(SEVIPER, energy=[GRASS, WATER])), side(poke(WAILMER)))
    grass = me(st).active.energy[0]
    d = hit(st, "Deadly Poison", cards=[grass])
    assert them(d).active.conditions == ["poisoned"] and them(d).active.damage == 20 and me(d).discard == [grass]
    assert them(hit(st, "Deadly Poison")).active.conditions == []
    ex = board(side(poke(SEVIPER, energy=[GRASS, WATER])), side(poke(CHANSEY_EX)))
    d = hit(ex, "Extra Poison", ["tails"])                      # the Asleep flip between turns: stays
    assert them(d).active.conditions == ["asleep", "poisoned"] and them(d).active.damage == 30
    assert them(hit(st, "Extra Poison")).active.conditions == []


# -- ex2-12 Shiftry --------------------------------------------------------------------------------

def test_ex2_12_fan_away_heads_returns_the_named_energy_to_the_hand():
    st = board(side(poke(SHIFTRY)), side(poke(WAILMER, energy=[WATER, RAINBOW_ENERGY])))
    shiftry = me(st).active.top
    water, rainbow = them(st).active.energy
    assert offered(st, "use_power", "Fan Away") == [{"cards": [water]}, {"cards": [rainbow]}]
    refuse(st, 0, use(shiftry, "Fan Away"), "R-POWER-1", "choices.cards")
    d = power(st, shiftry, "Fan Away", ["heads"], cards=[rainbow])
    assert them(d).active.energy == [water] and them(d).hand == [rainbow]
    refuse(d.state, 0, use(shiftry, "Fan Away", cards=[water]), "R-POWER-1", "once")
    d = power(st, shiftry, "Fan Away", ["tails"], cards=[rainbow])
    assert them(d).active.energy == [water, rainbow]


def test_ex2_12_fan_away_from_the_bench_refused_without_energy():
    st = board(side(poke(ARON), bench=[poke(SHIFTRY)]), side(poke(WAILMER, energy=[WATER])))
    d = power(st, me(st).bench[0].top, "Fan Away", ["heads"])
    assert them(d).active.energy == [] and len(them(d).hand) == 1
    bare = board(side(poke(SHIFTRY)), side(poke(WAILMER)))
    refuse(bare, 0, use(me(bare).active.top, "Fan Away"), "R-POWER-1", "none")


def test_ex2_12_shiftry_light_touch_throw_10_less_per_defending_energy():
    st = board(side(poke(SHIFTRY, energy=[GRASS] * 4)), side(poke(CHANSEY_EX, energy=[WATER, WATER])))
    assert them(hit(st, "Light Touch Throw")).active.damage == 60


# -- ex2-14 Zangoose -------------------------------------------------------------------------------

def test_ex2_14_poison_resistance():
    st = board(side(poke(BRELOOM, energy=[GRASS])), side(poke(ZANGOOSE)))
    d = hit(st, "Super Poison Breath")
    assert them(d).active.conditions == [] and them(d).active.damage == 0
    with pytest.raises(PositionError):
        board(side(poke(ZANGOOSE, conditions=["poisoned"])), side(poke(WAILMER)))


def test_ex2_14_zangoose_target_slash_and_super_slash():
    st = board(side(poke(ZANGOOSE, energy=[FIRE, FIRE, FIRE])), side(poke(SEVIPER)))
    assert them(hit(st, "Target Slash")).active.damage == 40
    assert them(hit(st, "Super Slash")).active.damage == 30
    evolved = board(side(poke(ZANGOOSE, energy=[FIRE, FIRE, FIRE])), side(poke(KIRLIA)))
    assert them(hit(evolved, "Target Slash")).active.damage == 10
    assert them(hit(evolved, "Super Slash")).active.damage == 60


# -- ex2-15 Arcanine ---------------------------------------------------------------------------------

def test_ex2_15_fire_veil_burns_the_attacker():
    st = board(side(poke(MAKUHITA, energy=[FIGHTING, FIGHTING])), side(poke(ARCANINE)), seat_to_act=1)
    d = hit(st, "Low Kick", ["tails"])                       # the Burn flip between turns: tails, 2 counters
    assert me(d).active.damage == 30 and them(d).active.conditions == ["burned"]
    assert them(d).active.damage == 20
    said(d, "Fire Veil answers the damage")


def test_ex2_15_arcanine_burn_up_tails_discards_every_fire_energy():
    st = board(side(poke(ARCANINE, energy=[FIRE, RAINBOW_ENERGY, WATER])), side(poke(CHANSEY_EX)))
    e = me(st).active.energy
    d = hit(st, "Burn Up", ["tails"])
    assert them(d).active.damage == 60 and me(d).active.energy == [e[2]] and me(d).discard == e[:2]
    assert me(hit(st, "Burn Up", ["heads"])).active.energy == e


# -- ex2-16 Espeon, ex2-24 Umbreon, ex2-25 Vaporeon ---------------------------------------------------

def test_ex2_16_espeon_confuse_ray_and_energy_crush():
    st = board(side(poke(ESPEON, energy=[PSYCHIC, PSYCHIC, PSYCHIC])),
               side(poke(CHANSEY_EX, energy=[WATER, RAINBOW_ENERGY]), bench=[poke(ARON, energy=[FIRE])]))
    d = hit(st, "Confuse Ray", ["heads"])
    assert them(d).active.damage == 20 and them(d).active.conditions == ["confused"]
    assert them(hit(st, "Energy Crush")).active.damage == 50


def test_ex2_24_umbreon_and_ex2_25_vaporeon():
    st = board(side(poke(UMBREON, energy=[DARKNESS_ENERGY, FIRE, FIRE])), side(poke(CHANSEY_EX)))
    assert them(hit(st, "Confuse Ray", ["tails"])).active.conditions == []
    assert them(hit(st, "Moon Impact")).active.damage == 50            # + Darkness Energy on a Darkness Pokémon
    vap = board(side(poke(VAPOREON, energy=[WATER, WATER, WATER])), side(poke(TREECKO)))
    assert them(hit(vap, "Aurora Beam")).active.damage == 0             # Treecko resists Water
    d = hit(vap, "Aqua Sonic")
    said(d, "Resistance ignored")


# -- ex2-17 Golduck ----------------------------------------------------------------------------------

def test_ex2_17_chaos_flash_confuses_only_from_the_active_spot():
    st = board(side(poke(GOLDUCK)), side(poke(WAILMER)))
    golduck = me(st).active.top
    d = power(st, golduck, "Chaos Flash", ["heads"])
    assert them(d).active.conditions == ["confused"]
    refuse(d.state, 0, use(golduck, "Chaos Flash"), "R-POWER-1", "once")
    assert them(power(st, golduck, "Chaos Flash", ["tails"])).active.conditions == []
    benched = board(side(poke(WAILMER), bench=[poke(GOLDUCK)]), side(poke(WAILMER)))
    refuse(benched, 0, use(me(benched).bench[0].top, "Chaos Flash"), "R-POWER-1", "Active")


def test_ex2_17_golduck_special_blow_40_more_against_special_energy():
    st = board(side(poke(GOLDUCK, energy=[WATER, PSYCHIC])), side(poke(CHANSEY_EX, energy=[WATER])))
    assert them(hit(st, "Special Blow")).active.damage == 30
    special = board(side(poke(GOLDUCK, energy=[WATER, PSYCHIC])), side(poke(CHANSEY_EX, energy=[RAINBOW_ENERGY])))
    assert them(hit(special, "Special Blow")).active.damage == 70


# -- ex2-18 Kecleon ----------------------------------------------------------------------------------

def test_ex2_18_energy_variation_kecleon_is_every_type_of_its_basic_energy():
    # Chansey ex is weak to Fighting: Kecleon with a basic Fighting Energy is a Fighting Pokémon
    fighting = board(side(poke(KECLEON, energy=[FIGHTING, WATER])), side(poke(CHANSEY_EX)))
    d = hit(fighting, "Double Scratch", ["heads", "heads"])
    assert them(d).active.damage == 80
    said(d, "Energy Variation: Water and Fighting; Weakness ×2 = 80")
    # Special Energy gives no type: Colorless, no Weakness
    colorless = board(side(poke(KECLEON, energy=[RAINBOW_ENERGY, DARKNESS_ENERGY])), side(poke(CHANSEY_EX)))
    assert them(hit(colorless, "Double Scratch", ["heads", "heads"])).active.damage == 40


def test_R_DAMAGE_1_ex2_18_energy_variation_weakness_and_resistance_of_two_types():
    # Aron is weak to Fire and resists Grass: a Fire and Grass Kecleon gets both, ×2 then −30
    neither = board(side(poke(KECLEON, energy=[FIRE, GRASS])), side(poke(ONIX)))
    assert them(hit(neither, "Double Scratch", ["heads", "heads"])).active.damage == 40  # Onix: weak to Water
    st = board(side(poke(KECLEON, energy=[GRASS, FIRE])), side(poke(ARON)))
    d = hit(st, "Double Scratch", ["heads", "tails"])
    assert them(d).active.damage == 10
    said(d, "base 20; Energy Variation: Grass and Fire; Weakness ×2 = 40; Resistance (Grass) −30 = 10")
    grass = board(side(poke(KECLEON, energy=[GRASS, GRASS])), side(poke(ARON)))
    assert them(hit(grass, "Double Scratch", ["heads", "heads"])).active.damage == 10
    fire = board(side(poke(KECLEON, energy=[FIRE, FIRE])), side(poke(ARON)))
    assert them(hit(fire, "Double Scratch", ["heads", "tails"])).active.damage == 40


# -- ex2-19 Omastar -----------------------------------------------------------------------------------

def test_ex2_19_omastar_pull_down_devolves_every_evolved_opponent():
    st = board(side(fossil_poke(OMASTAR, energy=[WATER])),
               side(poke(KIRLIA, energy=[PSYCHIC], damage=30, conditions=["confused"]),
                    bench=[poke(SHIFTRY, damage=60), poke(ARON)]))
    kirlia, shiftry = them(st).active.stack, them(st).bench[0].stack
    d = hit(st, "Pull Down")
    active = them(d).active
    assert active.stack == kirlia[:1] and active.damage == 30 and active.conditions == []
    assert active.energy == them(st).active.energy
    assert them(d).bench[0].stack == shiftry[:2] and them(d).bench[0].damage == 60
    assert kirlia[-1] in them(d).hand and shiftry[-1] in them(d).hand
    said(d, "goes back to Seat 1 (Beto)'s hand; Kirlia is Ralts again (30/50)")


def test_R_KO_1_ex2_19_pull_down_knocks_out_what_its_lower_stage_cant_hold():
    st = board(side(fossil_poke(OMASTAR, energy=[WATER])), side(poke(WAILMER), bench=[poke(KIRLIA, damage=50)]))
    d = hit(st, "Pull Down")
    assert them(d).bench == [] and len(me(d).prizes) == 5
    nothing = board(side(fossil_poke(OMASTAR, energy=[WATER])), side(poke(WAILMER)))
    said(hit(nothing, "Pull Down"), "no Evolved Pokémon")


def test_ex2_19_omastar_hydrocannon_20_more_per_extra_water_up_to_40():
    for energy, damage in (([WATER, WATER], 30), ([WATER] * 3, 50), ([WATER] * 5, 70), ([FIRE] * 4, 30)):
        st = board(side(fossil_poke(OMASTAR, energy=energy)), side(poke(CHANSEY_EX)))
        assert them(hit(st, "Hydrocannon")).active.damage == damage, energy


# -- ex2-20 Pichu, ex2-31 Azurill, ex2-36 Elekid: Baby Evolution ----------------------------------------

def test_ex2_20_baby_evolution_evolves_pichu_into_pikachu_and_heals_it():
    st = board(side(poke(PICHU, damage=30), hand=[PIKACHU, WATER]), side(poke(WAILMER)))
    pichu = me(st).active.top
    pikachu = me(st).hand[0]
    assert offered(st, "use_power", "Baby Evolution") == [{"cards": [pikachu]}]
    d = power(st, pichu, "Baby Evolution")
    assert me(d).active.stack == [pichu, pikachu] and me(d).active.damage == 0 and me(d).hand == [me(st).hand[1]]
    said(d, "evolves Pichu into Pikachu")
    said(d, "Baby Evolution removes 3 damage counter(s) from Pikachu")


def test_R_EVOLVE_2_ex2_20_baby_evolution_follows_the_rules_of_evolving():
    fresh = board(side(poke(PICHU, entered_turn=3), hand=[PIKACHU]), side(poke(WAILMER)))
    refuse(fresh, 0, use(me(fresh).active.top, "Baby Evolution"), "R-EVOLVE-2")
    first = board(side(poke(PICHU), hand=[PIKACHU]), side(poke(WAILMER)), turn=1)
    refuse(first, 0, use(me(first).active.top, "Baby Evolution"), "R-EVOLVE-3")
    none = board(side(poke(PICHU), hand=[MARILL]), side(poke(WAILMER)))
    refuse(none, 0, use(me(none).active.top, "Baby Evolution"), "R-POWER-1", "Pikachu")
    asleep = board(side(poke(PICHU, conditions=["asleep"]), hand=[PIKACHU]), side(poke(WAILMER)))
    refuse(asleep, 0, use(me(asleep).active.top, "Baby Evolution"), "R-POWER-2", "asleep")


def test_ex2_31_and_36_baby_evolution_from_the_bench():
    st = board(side(poke(WAILMER), bench=[poke(AZURILL, damage=10), poke(ELEKID, damage=20)],
                    hand=[MARILL, ELECTABUZZ]), side(poke(WAILMER)))
    azurill, elekid = (p.top for p in me(st).bench)
    d = power(st, azurill, "Baby Evolution")
    d = power(d.state, elekid, "Baby Evolution")
    assert [cards(d.state, p.stack) for p in me(d).bench] == [[AZURILL, MARILL], [ELEKID, ELECTABUZZ]]
    assert [p.damage for p in me(d).bench] == [0, 0] and me(d).hand == []


def test_R_DAMAGE_3_ex2_20_pichu_energy_retrieval_attaches_up_to_two_with_a_counter_each():
    st = board(side(poke(PICHU, energy=[LIGHTNING]), bench=[poke(ELEKID)], discard=[FIRE, WATER, RAINBOW_ENERGY]),
               side(poke(WAILMER)))
    fire, water, rainbow = me(st).discard
    elekid = me(st).bench[0].top
    refuse(st, 0, attack("Energy Retrieval", cards=[fire, rainbow], to=elekid), "R-ATTACK-2", "basic Energy")
    refuse(st, 0, attack("Energy Retrieval", cards=[fire, water]), "R-ATTACK-2", "choices.to")
    d = hit(st, "Energy Retrieval", cards=[fire, water], to=elekid)
    assert me(d).bench[0].energy == [fire, water] and me(d).bench[0].damage == 20 and me(d).discard == [rainbow]
    said(d, "Energy Retrieval: 2 damage counters on Elekid")
    none = hit(st, "Energy Retrieval", cards=[])
    assert me(none).discard == me(st).discard
    # the counters may Knock Out that Pokémon: the opponent takes a Prize card
    ko = board(side(poke(PICHU, energy=[LIGHTNING]), bench=[poke(ELEKID, damage=30)], discard=[FIRE]),
               side(poke(WAILMER)))
    d = hit(ko, "Energy Retrieval", to=me(ko).bench[0].top)
    assert me(d).bench == [] and len(them(d).prizes) == 5


def test_ex2_31_azurill_jump_catch_and_ex2_27_anorith_fast_evolution_search_the_deck():
    st = board(side(poke(AZURILL, energy=[WATER]), deck=[FIRE, POTION, KIRLIA]), side(poke(WAILMER)))
    deck = list(me(st).deck)
    d = hit(st, "Jump Catch")
    assert d.state.pending["look"] == deck
    assert offered(d.state, "choose") == [{"search": [deck[1]]}]
    refuse(d.state, 0, choose(search=[deck[2]]), "R-ATTACK-2", "Trainer card")
    done = act(d.state, 0, choose(search=[deck[1]]))
    assert me(done).hand[0] == deck[1] and deck[1] not in me(done).deck
    said(done, "shows")
    fast = board(side(fossil_poke(ANORITH, energy=[FIGHTING]), deck=[FIRE, ANORITH_28, KIRLIA, PIKACHU]),
                 side(poke(WAILMER)))
    deck = list(me(fast).deck)
    d = hit(fast, "Fast Evolution")
    assert offered(d.state, "choose") == [{"search": [deck[1]]}, {"search": [deck[2]]}]
    refuse(d.state, 0, choose(search=[deck[3]]), "R-ATTACK-2", "Evolution card")
    assert me(act(d.state, 0, choose(search=[deck[2]]))).hand == [deck[2]]


def test_ex2_36_elekid_gather_energy_attaches_a_basic_energy_from_the_deck():
    st = board(side(poke(ELEKID, energy=[LIGHTNING]), bench=[poke(PICHU)], deck=[POTION, GRASS, RAINBOW_ENERGY]),
               side(poke(WAILMER)))
    deck, pichu = list(me(st).deck), me(st).bench[0].top
    d = hit(st, "Gather Energy")
    assert offered(d.state, "choose") == [{"search": [deck[1]], "to": me(st).active.top},
                                          {"search": [deck[1]], "to": pichu}]
    done = act(d.state, 0, choose(search=[deck[1]], to=pichu))
    assert me(done).bench[0].energy == [deck[1]]


# -- ex2-21 Sandslash ----------------------------------------------------------------------------------

def test_ex2_21_sandslash_sand_swirl_and_earthquake():
    st = board(side(poke(SANDSLASH, energy=[FIGHTING, FIGHTING, FIGHTING]), bench=[poke(PICHU), poke(ARON)]),
               side(poke(ELECTRIKE, energy=[LIGHTNING]), bench=[poke(NUMEL)]))
    d = hit(st, "Sand Swirl")
    assert them(d).active.damage == 40                                   # Electrike is weak to Fighting
    refuse(d.state, 1, {"type": "retreat", "to": them(d).bench[0].top, "discard": list(them(d).active.energy)},
           "R-RETREAT-1", "Sand Swirl")
    d = hit(st, "Earthquake")                                            # 120 to Electrike: Knocked Out
    assert d.state.phase == "promote" and len(me(d).prizes) == 5
    assert [p.damage for p in me(d).bench] == [10, 10] and them(d).bench[0].damage == 0


# -- ex2-22 Shiftry, ex2-23 Steelix -------------------------------------------------------------------

def test_ex2_22_shiftry_feint_attack_and_slash():
    st = board(side(poke(SHIFTRY_22, energy=[GRASS] * 4)), side(poke(ARON), bench=[poke(NUMEL)]))
    d = hit(st, "Feint Attack", pokemon=[them(st).active.top])
    assert them(d).active.damage == 40                                    # Aron resists Grass: ignored
    assert them(hit(st, "Slash")).active.damage == 30


def test_ex2_23_steelix_rage_and_spinning_tail():
    st = board(side(poke(STEELIX, energy=[FIGHTING, FIGHTING, FIGHTING], damage=30)), side(poke(CHANSEY_EX)))
    assert them(hit(st, "Rage")).active.damage == 40                     # 10 + 3 counters × 10 (Steelix is Metal)
    tail = board(side(poke(STEELIX, energy=[METAL_ENERGY, METAL_ENERGY, FIRE, FIRE])),
                 side(poke(NUMEL), bench=[poke(ARON), poke(WAILMER)]))
    d = hit(tail, "Spinning Tail")
    assert them(d).active.damage == 20 and [p.damage for p in them(d).bench] == [20, 20]


# -- ex2-26 Wobbuffet --------------------------------------------------------------------------------

def test_ex2_26_safeguard_stops_every_effect_of_pokemon_ex_attacks():
    st = board(side(poke(MEWTWO_EX, energy=[PSYCHIC, PSYCHIC, PSYCHIC])), side(poke(WOBBUFFET)), seat_to_act=1)
    d = hit(st, "Psyburn")
    assert me(d).active.damage == 0
    said(d, "protected from all effects of attacks")
    buzz = board(side(poke(ELECTABUZZ_EX, energy=[LIGHTNING])), side(poke(WOBBUFFET)), seat_to_act=1)
    d = hit(buzz, "Thundershock", ["heads"])
    assert me(d).active.damage == 0 and me(d).active.conditions == []
    plain = board(side(poke(RALTS, energy=[PSYCHIC])), side(poke(WOBBUFFET)), seat_to_act=1)
    assert me(hit(plain, "Pound")).active.damage == 20                     # not a Pokémon-ex: 10 × 2


def test_ex2_26_wobbuffet_flip_over_hurts_itself_without_weakness():
    st = board(side(poke(WOBBUFFET, energy=[PSYCHIC, PSYCHIC, PSYCHIC])), side(poke(CHANSEY_EX)))
    d = hit(st, "Flip Over")
    assert them(d).active.damage == 50 and me(d).active.damage == 10


# -- ex2-27 / ex2-28 Anorith -----------------------------------------------------------------------

def test_ex2_27_and_28_anorith_plain_attacks():
    st = board(side(fossil_poke(ANORITH, energy=[FIGHTING, FIGHTING])), side(poke(WAILMER)))
    assert them(hit(st, "Pierce")).active.damage == 30
    other = board(side(fossil_poke(ANORITH_28, energy=[FIGHTING, FIGHTING, FIGHTING])), side(poke(WAILMER)))
    assert them(hit(other, "Slash")).active.damage == 20
    assert them(hit(other, "Double Scratch", ["heads", "tails"])).active.damage == 40


# -- ex2-29 Arbok ----------------------------------------------------------------------------------------

def test_ex2_29_arbok_intimidating_fang_and_toxic():
    st = board(side(poke(MAKUHITA, energy=[FIGHTING, FIGHTING])), side(poke(ARBOK), bench=[poke(ARON)]), seat_to_act=1)
    d = hit(st, "Low Kick")
    assert me(d).active.damage == 20
    said(d, "Intimidating Fang −10 = 20")
    toxic = board(side(poke(ARBOK, energy=[GRASS, GRASS, GRASS])), side(poke(WAILMER)))
    d = hit(toxic, "Toxic")
    assert them(d).active.conditions == ["poisoned"] and them(d).active.damage == 40


# -- ex2-30 Azumarill -----------------------------------------------------------------------------------

def test_R_ENERGY_1_ex2_30_azumarill_drizzle_attaches_water_from_the_hand():
    st = board(side(poke(AZUMARILL, energy=[FIRE]), hand=[WATER, WATER, RAINBOW_ENERGY, FIRE]), side(poke(WAILMER)))
    w1, w2, rainbow, _ = me(st).hand
    assert offered(st, "attack", "Drizzle") == [{"cards": []}, {"cards": [w1]}, {"cards": [w1, w2]}]
    refuse(st, 0, attack("Drizzle", cards=[rainbow]), "R-ATTACK-2", "basic Water")
    d = hit(st, "Drizzle", cards=[w1, w2])
    assert me(d).active.energy[1:] == [w1, w2] and me(d).hand[:2] == [rainbow, me(st).hand[3]]


def test_ex2_30_azumarill_max_bubbles_a_coin_per_energy():
    st = board(side(poke(AZUMARILL, energy=[WATER, FIRE, RAINBOW_ENERGY])), side(poke(CHANSEY_EX)))
    assert them(hit(st, "Max Bubbles", ["heads", "tails", "heads"])).active.damage == 60


# -- ex2-32 Baltoy --------------------------------------------------------------------------------------

def test_ex2_32_baltoy_rapid_spin_switches_both_actives():
    st = board(side(poke(BALTOY, energy=[FIGHTING]), bench=[poke(PICHU), poke(ARON)]),
               side(poke(WAILMER), bench=[poke(NUMEL), poke(ARON_RAM)]))
    numel, ram = (p.top for p in them(st).bench)
    pichu, aron = (p.top for p in me(st).bench)
    refuse(st, 0, attack("Rapid Spin", pokemon=[ram]), "R-ATTACK-2", "choices.to")
    d = hit(st, "Rapid Spin", pokemon=[ram], to=aron)
    assert them(d).active.top == ram and them(d).bench[1].damage == 10           # Wailmer took the 10
    assert me(d).active.top == aron and me(d).bench[1].top == me(st).active.top
    lone = board(side(poke(BALTOY, energy=[FIGHTING])), side(poke(WAILMER)))
    assert them(hit(lone, "Rapid Spin")).active.damage == 10


# -- ex2-33 Breloom, ex2-34 Delcatty, ex2-35 Electabuzz, ex2-37 Fearow ---------------------------------

def test_ex2_33_breloom_super_poison_breath_and_sky_uppercut():
    st = board(side(poke(BRELOOM, energy=[FIGHTING, GRASS, GRASS])), side(poke(LAIRON)))     # resists Grass
    d = hit(st, "Super Poison Breath")
    assert them(d).active.conditions == ["poisoned"] and them(d).active.damage == 10
    d = hit(st, "Sky Uppercut")
    assert them(d).active.damage == 50
    said(d, "Resistance ignored")


def test_ex2_34_delcatty_scratch_and_ultra_energy_source():
    st = board(side(poke(DELCATTY, energy=[FIRE, WATER, RAINBOW_ENERGY]), bench=[poke(PICHU, energy=[LIGHTNING])]),
               side(poke(CHANSEY_EX, energy=[GRASS, DARKNESS_ENERGY])))
    assert them(hit(st, "Scratch")).active.damage == 30
    assert them(hit(st, "Ultra Energy Source")).active.damage == 30           # 2 + 1 basic Energy cards


def test_ex2_35_electabuzz_plasma_and_thunder_spear():
    st = board(side(poke(ELECTABUZZ, energy=[FIRE]), discard=[LIGHTNING, WATER]), side(poke(WAILMER)))
    d = hit(st, "Plasma", ["heads"])
    assert them(d).active.damage == 20 and me(d).active.energy[1:] == [me(st).discard[0]]   # weak to Lightning
    assert me(hit(st, "Plasma", ["tails"])).discard == me(st).discard
    spear = board(side(poke(ELECTABUZZ, energy=[LIGHTNING, FIRE, FIRE])),
                  side(poke(ONIX), bench=[poke(WAILMER)]))
    d = hit(spear, "Thunder Spear", pokemon=[them(spear).bench[0].top])
    assert them(d).bench[0].damage == 40 and them(d).active.damage == 0       # no Weakness on the Bench
    d = hit(spear, "Thunder Spear", pokemon=[them(spear).active.top])
    assert them(d).active.damage == 40 and them(d).bench[0].damage == 0


def test_ex2_37_fearow_double_wing_attack_and_rend():
    st = board(side(poke(FEAROW, energy=[FIRE, FIRE, FIRE])), side(poke(WAILMER)))
    assert them(hit(st, "Double Wing Attack")).active.damage == 20
    assert them(hit(st, "Rend")).active.damage == 30
    hurt = board(side(poke(FEAROW, energy=[FIRE, FIRE, FIRE])), side(poke(WAILMER, damage=10)))
    assert them(hit(hurt, "Rend")).active.damage == 60


# -- ex2-38 Illumise --------------------------------------------------------------------------------

def test_ex2_38_glowing_screen_with_volbeat_against_fighting_and_darkness():
    st = board(side(poke(MAKUHITA, energy=[FIGHTING, FIGHTING])), side(poke(ILLUMISE), bench=[poke(VOLBEAT)]),
               seat_to_act=1)
    d = hit(st, "Low Kick")
    assert me(d).active.damage == 0
    said(d, "Glowing Screen −30 = 0")
    dark = board(side(poke(POOCHYENA, energy=[FIRE])), side(poke(ILLUMISE, damage=0)), seat_to_act=1)
    assert me(hit(dark, "Bite")).active.damage == 10                          # no Volbeat in play
    theirs = board(side(poke(POOCHYENA, energy=[FIRE]), bench=[poke(VOLBEAT)]), side(poke(ILLUMISE)), seat_to_act=1)
    assert me(hit(theirs, "Bite")).active.damage == 0                          # Volbeat on either side
    other = board(side(poke(ELECTRIKE, energy=[FIRE])), side(poke(ILLUMISE), bench=[poke(VOLBEAT)]), seat_to_act=1)
    assert me(hit(other, "Headbutt")).active.damage == 10                      # a Lightning attacker
    kecleon = board(side(poke(KECLEON, energy=[FIGHTING, FIGHTING])), side(poke(ILLUMISE), bench=[poke(VOLBEAT)]),
                    seat_to_act=1)
    assert me(hit(kecleon, "Double Scratch", ["heads", "heads"])).active.damage == 10   # a Fighting Kecleon


def test_ex2_38_illumise_chaotic_noise_and_pester():
    st = board(side(poke(ILLUMISE, energy=[GRASS, GRASS])), side(poke(WAILMER)))
    assert them(hit(st, "Chaotic Noise", ["heads"])).active.conditions == ["confused"]
    assert them(hit(st, "Chaotic Noise", ["tails", "tails"])).active.conditions == ["asleep"]
    assert them(hit(st, "Pester")).active.damage == 20
    sick = board(side(poke(ILLUMISE, energy=[GRASS, GRASS])), side(poke(WAILMER, conditions=["poisoned"])))
    assert them(hit(sick, "Pester")).active.damage == 50                      # 40 + Poison between turns


# -- ex2-39 Kabuto --------------------------------------------------------------------------------------

def test_ex2_39_exoskeleton_20_less_from_any_attack_after_weakness():
    st = board(side(poke(MAKUHITA, energy=[FIGHTING, FIGHTING])), side(fossil_poke(KABUTO)), seat_to_act=1)
    d = hit(st, "Low Kick")
    assert me(d).active.damage == 10
    said(d, "Exoskeleton −20 = 10")
    weak = board(side(poke(TREECKO, energy=[GRASS, GRASS])), side(fossil_poke(KABUTO)), seat_to_act=1)
    assert me(hit(weak, "Razor Leaf")).active.damage == 20                    # 20 × 2 − 20
    own = board(side(poke(SANDSLASH, energy=[FIGHTING] * 3), bench=[fossil_poke(KABUTO)]), side(poke(CHANSEY_EX)))
    assert me(hit(own, "Earthquake")).bench[0].damage == 0                     # its owner's attack too


def test_ex2_39_kabuto_team_assembly_puts_basics_omanyte_and_kabuto_onto_the_bench():
    st = board(side(fossil_poke(KABUTO, energy=[WATER]), bench=[poke(ARON)] * 2,
                    deck=[OMANYTE, KIRLIA, PIKACHU, MYSTERIOUS_FOSSIL, KABUTO, POTION]), side(poke(WAILMER)))
    deck = list(me(st).deck)
    d = hit(st, "Team Assembly")
    options = offered(d.state, "choose")
    assert {"search": []} in options and {"search": [deck[0], deck[2], deck[4]]} in options
    assert all(deck[1] not in o["search"] and deck[3] not in o["search"] for o in options)
    refuse(d.state, 0, choose(search=[deck[1]]), "R-ATTACK-2", "fitting")
    done = act(d.state, 0, choose(search=[deck[0], deck[2], deck[4]]))
    assert [cards(done.state, p.stack) for p in me(done).bench[2:]] == [[OMANYTE], [PIKACHU], [KABUTO]]
    full = board(side(fossil_poke(KABUTO, energy=[WATER]), bench=[poke(ARON)] * 4, deck=[OMANYTE, PIKACHU]),
                 side(poke(WAILMER)))
    d = hit(full, "Team Assembly")
    refuse(d.state, 0, choose(search=list(me(full).deck)), "R-BENCH-1", "at most 1")


def test_ex2_39_kabuto_pierce():
    st = board(side(fossil_poke(KABUTO, energy=[FIGHTING, WATER])), side(poke(WAILMER)))
    assert them(hit(st, "Pierce")).active.damage == 20


# -- ex2-40 Kirlia, ex2-41 Lairon ---------------------------------------------------------------------

def test_ex2_40_kirlia_psyshock_and_link_blast():
    st = board(side(poke(KIRLIA, energy=[PSYCHIC, PSYCHIC, PSYCHIC])), side(poke(CHANSEY_EX, energy=[WATER])))
    d = hit(st, "Psyshock", ["heads"])
    assert them(d).active.conditions == ["paralyzed"] and them(d).active.damage == 20
    assert them(hit(st, "Link Blast")).active.damage == 30
    same = board(side(poke(KIRLIA, energy=[PSYCHIC, PSYCHIC, PSYCHIC])), side(poke(CHANSEY_EX, energy=[WATER] * 3)))
    assert them(hit(same, "Link Blast")).active.damage == 60


def test_ex2_41_lairon_iron_defense_heads_prevents_everything_next_turn():
    st = board(side(poke(LAIRON, energy=[FIRE, METAL_ENERGY])), side(poke(MAKUHITA, energy=[FIGHTING, FIGHTING])))
    d = hit(st, "Iron Defense", ["heads"])
    low = hit(d.state, "Low Kick")
    assert me(low).active.damage == 0
    said(low, "protected from all effects of attacks")
    d = hit(st, "Iron Defense", ["tails"])
    assert me(hit(d.state, "Low Kick")).active.damage == 20                  # Metal Energy on a Metal Pokémon −10
    head = board(side(poke(LAIRON, energy=[METAL_ENERGY, FIRE, FIRE])), side(poke(CHANSEY_EX)))
    assert them(hit(head, "Headbutt")).active.damage == 50


# -- ex2-42 / ex2-43 Lileep --------------------------------------------------------------------------

def test_ex2_42_lileep_influence_up_to_two_fossil_pokemon_onto_the_bench():
    st = board(side(fossil_poke(LILEEP, energy=[GRASS]),
                    deck=[ANORITH, OMANYTE, PIKACHU, LILEEP_43, CHANSEY_EX]), side(poke(WAILMER)))
    deck = list(me(st).deck)
    d = hit(st, "Influence")
    options = offered(d.state, "choose")
    assert {"search": [deck[0], deck[1]]} in options and all(len(o["search"]) <= 2 for o in options)
    assert all(deck[2] not in o["search"] for o in options)
    refuse(d.state, 0, choose(search=deck[:2] + [deck[3]]), "R-BENCH-1", "at most 2")
    done = act(d.state, 0, choose(search=[deck[3], deck[1]]))
    assert [cards(done.state, p.stack) for p in me(done).bench] == [[LILEEP_43], [OMANYTE]]


def test_ex2_42_lileep_time_spiral_heads_shuffles_the_top_card_into_the_deck():
    st = board(side(fossil_poke(LILEEP, energy=[GRASS, GRASS])),
               side(poke(KIRLIA, damage=20), bench=[poke(SHIFTRY), poke(ARON)]))
    kirlia, shiftry = them(st).active, them(st).bench[0]
    assert offered(st, "attack", "Time Spiral") == [{"pokemon": [kirlia.top]}, {"pokemon": [shiftry.top]}]
    refuse(st, 0, attack("Time Spiral", pokemon=[them(st).bench[1].top]), "R-ATTACK-2", "Evolved")
    d = hit(st, "Time Spiral", ["heads"], pokemon=[shiftry.top])
    assert them(d).bench[0].stack == shiftry.stack[:2] and shiftry.top in them(d).deck
    assert them(hit(st, "Time Spiral", ["tails"], pokemon=[kirlia.top])).active.stack == kirlia.stack
    basic = board(side(fossil_poke(LILEEP, energy=[GRASS, GRASS])), side(poke(WAILMER)))
    said(hit(basic, "Time Spiral"), "no Evolved Pokémon")


def test_ex2_43_lileep_amnesia_blocks_the_chosen_attack_next_turn():
    st = board(side(fossil_poke(LILEEP_43, energy=[GRASS, GRASS])),
               side(poke(MAKUHITA, energy=[FIGHTING, FIGHTING])))
    assert offered(st, "attack", "Amnesia") == [{"attack": "Fling"}, {"attack": "Low Kick"}]
    refuse(st, 0, attack("Amnesia"), "R-ATTACK-2", "Low Kick")
    d = hit(st, "Amnesia", attack="Low Kick")
    refuse(d.state, 1, attack("Low Kick"), "R-ATTACK-1", "Amnesia")
    assert me(hit(d.state, "Fling")).active.top == me(st).active.top
    # gone after that turn
    later = end_turn(end_turn(d.state))
    assert me(hit(later, "Low Kick")).active.damage == 30
    head = board(side(fossil_poke(LILEEP_43, energy=[GRASS, GRASS])), side(poke(CHANSEY_EX)))
    assert them(hit(head, "Headbutt")).active.damage == 30


# -- ex2-44 Linoone -----------------------------------------------------------------------------------

def test_ex2_44_linoone_sniff_out_and_fury_swipes():
    st = board(side(poke(LINOONE, energy=[FIRE, FIRE]), discard=[POTION, WATER]), side(poke(WAILMER)))
    potion, water = me(st).discard
    assert offered(st, "attack", "Sniff Out") == [{"cards": [potion]}, {"cards": [water]}]
    refuse(st, 0, attack("Sniff Out"), "R-ATTACK-2", "choices.cards")
    d = hit(st, "Sniff Out", cards=[potion])
    assert me(d).hand == [potion] and me(d).discard == [water]
    empty = board(side(poke(LINOONE, energy=[FIRE])), side(poke(WAILMER)))
    said(hit(empty, "Sniff Out"), "discard pile is empty")
    assert them(hit(st, "Fury Swipes", ["heads", "heads", "tails"])).active.damage == 40
