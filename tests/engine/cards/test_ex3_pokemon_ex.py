"""EX Dragon Pokémon-ex ex3-89 … ex3-97 and the secret rares ex3-98 … ex3-100: one board per
effect, exact outcomes, coins fixed (an attack ends the turn: the state returned is the
opponent's turn after the checkup and their draw), every refusal with its rule."""
import pytest

from projections.tcg import carddb
from projections.tcg.carddb import card
from projections.tcg.cards.effects import DiscardOwnEnergy, Flip, Inflict, PlusPerExtraEnergy
from projections.tcg.legal import legal_actions
from tests.engine.cards.fixtures import mine, theirs

from .fixtures import (
    FIGHTING,
    FIRE,
    GRASS,
    LIGHTNING,
    RAINBOW_ENERGY,
    WATER,
    act,
    board,
    poke,
    refuse,
    said,
    side,
)

AMPHAROS_EX, DRAGONITE_EX, GOLEM_EX, KINGDRA_EX, LATIAS_EX, LATIOS_EX = (
    "ex3-89", "ex3-90", "ex3-91", "ex3-92", "ex3-93", "ex3-94")
MAGCARGO_EX, MUK_EX, RAYQUAZA_EX, CHARMANDER, CHARMELEON, CHARIZARD = (
    "ex3-95", "ex3-96", "ex3-97", "ex3-98", "ex3-99", "ex3-100")
HORSEA_58, SEADRA_40 = "ex3-58", "ex3-40"
HIGH_PRESSURE, BALLOON_BERRY = "ex3-85", "ex3-82"
MUDKIP, TORCHIC, MAKUHITA, ELECTRIKE, WAILMER, TAILLOW, CHANSEY_EX = (
    "ex1-59", "ex1-73", "ex1-56", "ex1-52", "ex1-48", "ex1-72", "ex1-96")
ENERGY_SWITCH, POTION = "ex1-82", "ex1-91"
TARGET = CHANSEY_EX       # Colorless, 120 HP, Weakness Fighting, no Resistance


def hit(state, name, coins=(), seat_no=0, offered=True, **choices):
    action = {"type": "attack", "attack": name, "choices": choices}
    if offered:
        assert action in legal_actions(state, seat_no), f"{action} not offered"
    return act(state, seat_no, action, coins)


def attack_offers(state, name, seat_no=0):
    return [a["choices"] for a in legal_actions(state, seat_no) if a["type"] == "attack" and a["attack"] == name]


def power(state, pokemon, name, **choices):
    return {"type": "use_power", "pokemon": pokemon, "power": name, "choices": choices}


def plain(attacker, energy, target=TARGET, **kw):
    return board(side(poke(attacker, energy), **kw), side(poke(target)))


def test_every_card_of_the_group_is_implemented_and_described():
    for n in range(89, 101):
        c = card(f"ex3-{n}")
        assert c.implemented, c.id
        for a in c.attacks:
            assert bool(a.effects) == a.has_effect_text, (c.id, a.name)
        if c.power is not None:
            assert c.power.effect is not None and len(c.power.effect.text) > 20, c.id


def test_R_KO_2_every_pokemon_ex_of_the_group_is_worth_2_prize_cards_as_data():
    for n in range(89, 98):
        c = card(f"ex3-{n}")
        assert "ex" in c.tags and c.prizes == 2, c.id
    assert all(card(f"ex3-{n}").prizes == 1 for n in (98, 99, 100))


# -- ex3-89 Ampharos ex: Conductivity, Gigavolt ---------------------------------------------------

def test_ex3_89_ampharos_ex_gigavolt_heads_70_tails_40_and_paralyzed():
    st = plain(AMPHAROS_EX, [LIGHTNING, GRASS, GRASS])
    d = hit(st, "Gigavolt", ["heads"])
    assert theirs(d).active.damage == 70 and theirs(d).active.conditions == []
    d = hit(st, "Gigavolt", ["tails"])
    assert theirs(d).active.damage == 40 and theirs(d).active.conditions == ["paralyzed"]


def _conductivity_board(hand=(LIGHTNING,), ampharos_bench=(), **kw):
    """Beto (Seat 1) to act, Ana's Ampharos ex on her Bench."""
    return board(side(poke(ELECTRIKE), bench=[poke(TAILLOW)], hand=list(hand)),
                 side(poke(MAKUHITA), bench=[poke(AMPHAROS_EX), *ampharos_bench]), turn=4, seat_to_act=1, **kw)


def test_ex3_89_conductivity_one_counter_on_each_pokemon_the_opponent_attaches_energy_to_from_the_hand():
    st = _conductivity_board()
    lightning = st.seats[1].hand[0]
    electrike, taillow = st.seats[1].active, st.seats[1].bench[0]
    d = act(st, 1, {"type": "attach_energy", "card": lightning, "target": taillow.top})
    assert theirs(d).bench[0].damage == 10 and theirs(d).active.damage == 0
    said(d, "Ampharos ex's Conductivity: 1 damage counter on Taillow (10/40)")
    # two Ampharos ex in play: still a single counter
    two = _conductivity_board(ampharos_bench=[poke(AMPHAROS_EX)])
    d = act(two, 1, {"type": "attach_energy", "card": two.seats[1].hand[0], "target": electrike.top})
    assert theirs(d).active.damage == 10
    assert sum("Conductivity" in line for line in d.narration) == 1


def test_ex3_89_conductivity_not_for_its_owners_attachments_nor_energy_moved_by_an_effect():
    own = board(side(poke(MAKUHITA), bench=[poke(AMPHAROS_EX)], hand=[FIGHTING]), side(poke(ELECTRIKE)))
    d = act(own, 0, {"type": "attach_energy", "card": own.seats[0].hand[0], "target": own.seats[0].active.top})
    assert mine(d).active.damage == 0
    st = board(side(poke(ELECTRIKE, [LIGHTNING]), bench=[poke(TAILLOW)], hand=[ENERGY_SWITCH]),
               side(poke(MAKUHITA), bench=[poke(AMPHAROS_EX)]), turn=4, seat_to_act=1)
    e, t = st.seats[1].active, st.seats[1].bench[0]
    d = act(st, 1, {"type": "play_trainer", "card": st.seats[1].hand[0], "targets": [e.top, t.top],
                    "choices": {"cards": e.energy}})
    assert theirs(d).bench[0].energy == e.energy and theirs(d).bench[0].damage == 0


def test_ex3_89_conductivity_counter_may_knock_out_and_gives_the_prize_at_once():
    st = board(side(poke(ELECTRIKE, damage=40), bench=[poke(TAILLOW)], hand=[LIGHTNING]),
               side(poke(MAKUHITA), bench=[poke(AMPHAROS_EX)]), turn=4, seat_to_act=1)
    d = act(st, 1, {"type": "attach_energy", "card": st.seats[1].hand[0], "target": st.seats[1].active.top})
    assert theirs(d).active is None and len(mine(d).prizes) == 5 and d.state.phase == "promote"
    said(d, "Electrike (Seat 1 (Beto)) is Knocked Out")


def test_ex3_89_conductivity_is_ignored_while_a_muk_ex_is_active():
    st = board(side(poke(MUK_EX), bench=[poke(TAILLOW)], hand=[GRASS]),
               side(poke(MAKUHITA), bench=[poke(AMPHAROS_EX)]), turn=4, seat_to_act=1)
    d = act(st, 1, {"type": "attach_energy", "card": st.seats[1].hand[0], "target": st.seats[1].bench[0].top})
    assert theirs(d).bench[0].damage == 0
    assert not any("Conductivity" in line for line in d.narration)


# -- ex3-90 Dragonite ex: Call for Power, Dragon Wave, Giant Tail -----------------------------------

def test_ex3_90_dragonite_ex_call_for_power_moves_energy_as_often_as_you_like():
    st = board(side(poke(DRAGONITE_EX), bench=[poke(MUDKIP, [WATER, RAINBOW_ENERGY]), poke(ELECTRIKE, [LIGHTNING])]),
               side(poke(TARGET)))
    dragonite, mudkip, electrike = st.seats[0].active, *st.seats[0].bench
    water, rainbow = mudkip.energy
    offered = [a["choices"] for a in legal_actions(st, 0) if a["type"] == "use_power"]
    assert offered == [{"cards": [water]}, {"cards": [rainbow]}, {"cards": electrike.energy}]
    d = act(st, 0, power(st, dragonite.top, "Call for Power", cards=[rainbow]))
    assert mine(d).active.energy == [rainbow] and mine(d).active.damage == 0     # moved, not from the hand
    said(d, "Call for Power moves Rainbow Energy from Mudkip to Dragonite ex")
    d = act(d.state, 0, power(st, dragonite.top, "Call for Power", cards=[water]))
    d = act(d.state, 0, power(st, dragonite.top, "Call for Power", cards=electrike.energy))
    assert mine(d).active.energy == [rainbow, water, *electrike.energy] and mine(d).bench[0].energy == []
    assert d.state.this_turn["energy_attached"] is None
    # from the Bench too
    benched = board(side(poke(MUDKIP, [WATER]), bench=[poke(DRAGONITE_EX)]), side(poke(TARGET)))
    d = act(benched, 0, power(benched, benched.seats[0].bench[0].top, "Call for Power"))
    assert mine(d).bench[0].energy == benched.seats[0].active.energy


def test_ex3_90_call_for_power_refusals():
    st = board(side(poke(DRAGONITE_EX, [WATER], conditions=["confused"]), bench=[poke(MUDKIP, [WATER])]),
               side(poke(TARGET)))
    dragonite = st.seats[0].active
    refuse(st, 0, power(st, dragonite.top, "Call for Power"), "R-POWER-2", contains="Confused")
    ok = board(side(poke(DRAGONITE_EX, [WATER]), bench=[poke(MUDKIP, [WATER]), poke(TAILLOW)]), side(poke(TARGET)))
    d = ok.seats[0].active
    refuse(ok, 0, power(ok, d.top, "Call for Power", cards=d.energy), "R-POWER-1", contains="another")
    refuse(ok, 0, power(ok, d.top, "Call for Power", cards=[ok.seats[1].active.top]), "R-POWER-1")
    none = board(side(poke(DRAGONITE_EX, [WATER]), bench=[poke(MUDKIP)]), side(poke(TARGET)))
    refuse(none, 0, power(none, none.seats[0].active.top, "Call for Power"), "R-POWER-1", contains="there is none")
    # Toxic Gas: the opponent's Active Muk ex makes it ignored
    gas = board(side(poke(DRAGONITE_EX), bench=[poke(MUDKIP, [WATER])]), side(poke(MUK_EX)))
    refuse(gas, 0, power(gas, gas.seats[0].active.top, "Call for Power"), "R-POWER-1", contains="Toxic Gas")
    assert not [a for a in legal_actions(gas, 0) if a["type"] == "use_power"]


def test_ex3_90_dragonite_ex_dragon_wave_discards_a_water_and_a_lightning_energy_card():
    st = plain(DRAGONITE_EX, [WATER, LIGHTNING, FIGHTING])
    water, lightning, fighting = st.seats[0].active.energy
    assert attack_offers(st, "Dragon Wave") == [{}]
    d = hit(st, "Dragon Wave")
    assert theirs(d).active.damage == 70 and mine(d).active.energy == [fighting]
    assert mine(d).discard == [water, lightning]
    said(d, "Dragonite ex discards Water Energy, Lightning Energy for Dragon Wave")


def test_ex3_90_dragon_wave_with_a_rainbow_energy_names_the_pair_and_pays_before_confusion():
    st = board(side(poke(DRAGONITE_EX, [WATER, LIGHTNING, RAINBOW_ENERGY], conditions=["confused"])),
               side(poke(TARGET)))
    water, lightning, rainbow = st.seats[0].active.energy
    assert attack_offers(st, "Dragon Wave") == [{"cards": [water, lightning]}, {"cards": [water, rainbow]},
                                                {"cards": [rainbow, lightning]}]
    refuse(st, 0, {"type": "attack", "attack": "Dragon Wave", "choices": {}}, "R-ATTACK-2", contains="choices.cards")
    refuse(st, 0, {"type": "attack", "attack": "Dragon Wave", "choices": {"cards": [water]}}, "R-ATTACK-2")
    refuse(st, 0, {"type": "attack", "attack": "Dragon Wave", "choices": {"cards": [water, water]}}, "R-ATTACK-2")
    # Confused and tails: the cards are gone all the same, and 3 counters on Dragonite ex
    d = hit(st, "Dragon Wave", ["tails"], cards=[rainbow, lightning])
    assert mine(d).active.energy == [water] and mine(d).discard == [rainbow, lightning]
    assert theirs(d).active.damage == 0 and mine(d).active.damage == 30
    assert said(d, "discards Rainbow Energy, Lightning Energy") < said(d, "Confusion")


def test_ex3_90_dragonite_ex_giant_tail_tails_does_nothing():
    st = board(side(poke(DRAGONITE_EX, [FIGHTING] * 4)), side(poke(TARGET), bench=[poke(MUDKIP)]))
    said(hit(st, "Giant Tail", ["heads"]), "Dragonite ex's Giant Tail does 120 damage to Chansey ex")
    d = hit(st, "Giant Tail", ["tails"])
    assert theirs(d).active.damage == 0
    said(d, "Giant Tail does nothing")


# -- ex3-91 Golem ex: Magnitude, Double-edge ------------------------------------------------------

def test_ex3_91_golem_ex_magnitude_10_to_every_benched_pokemon_of_both_players():
    st = board(side(poke(GOLEM_EX, [FIGHTING] * 3), bench=[poke(MUDKIP), poke(TAILLOW)]),
               side(poke(WAILMER), bench=[poke(ELECTRIKE)]))
    d = hit(st, "Magnitude")
    assert theirs(d).active.damage == 60
    assert [p.damage for p in mine(d).bench] == [10, 10] and theirs(d).bench[0].damage == 10   # no Weakness
    said(d, "Golem ex's Magnitude does 10 damage to Electrike")


def test_ex3_91_golem_ex_double_edge_120_and_50_to_itself():
    st = board(side(poke(GOLEM_EX, [FIGHTING] * 5)), side(poke(WAILMER), bench=[poke(MUDKIP)]))
    d = hit(st, "Double-edge")
    said(d, "Golem ex's Double-edge does 120 damage to Wailmer")
    assert mine(d).active.damage == 50 and theirs(d).active is None


# -- ex3-92 Kingdra ex: Genetic Memory, Hydrocannon -----------------------------------------------

def _kingdra(energy, under=(HORSEA_58, SEADRA_40), **kw):
    return {"card": KINGDRA_EX, "energy": list(energy), "under": list(under), **kw}


def test_ex3_92_kingdra_ex_genetic_memory_uses_an_attack_of_its_basic_or_stage_1_card_without_its_cost():
    st = board(side(_kingdra([WATER])), side(poke(MAKUHITA)))
    offered = attack_offers(st, "Genetic Memory")
    assert {"attack": "Waterfall"} in offered and {"attack": "Wave Splash"} in offered
    # Seadra's Waterfall (40 for Water and 2 Colorless) with a single Water Energy
    d = hit(st, "Genetic Memory", attack="Waterfall")
    assert theirs(d).active.damage == 40
    said(d, "Genetic Memory: Kingdra ex uses Waterfall (40) of a card under it, without paying its Energy cost")
    # Horsea's Wave Splash: 20
    assert theirs(hit(st, "Genetic Memory", attack="Wave Splash")).active.damage == 20
    refuse(st, 0, {"type": "attack", "attack": "Genetic Memory", "choices": {}}, "R-ATTACK-2",
           contains="choices.attack")
    refuse(st, 0, {"type": "attack", "attack": "Genetic Memory", "choices": {"attack": "Hydrocannon"}},
           "R-ATTACK-2")
    refuse(st, 0, {"type": "attack", "attack": "Genetic Memory", "choices": {"attack": "Tackle"}}, "R-ATTACK-2")


@pytest.fixture
def test_seadra():
    """A Seadra of this test's own, whose attack has a discard, a choice and an Energy count."""
    c = carddb.add_card({"id": "test-9", "name": "Seadra", "number": "9", "supertype": "Pokemon",
                         "stage": "Stage 1", "hp": 70, "type": "Water", "evolves_from": "Horsea",
                         "weakness": "Lightning", "retreat_cost": 1,
                         "attacks": [{"name": "Test Surge", "cost": ["Water", "Water", "Water"], "damage": "30+",
                                      "has_effect_text": True}]})
    carddb.define_pokemon("test-9", {"Test Surge": [DiscardOwnEnergy(1), PlusPerExtraEnergy(10),
                                                    Flip(heads=Inflict("confused"))]})
    yield c.id
    carddb.remove_card(c.id)


def test_ex3_92_genetic_memory_keeps_the_copied_attacks_discards_choices_and_coins(test_seadra):
    st = board(side(_kingdra([WATER, WATER, FIGHTING], under=(HORSEA_58, test_seadra))), side(poke(MAKUHITA)))
    water, water2, fighting = st.seats[0].active.energy
    assert {"attack": "Test Surge", "cards": [fighting]} in attack_offers(st, "Genetic Memory")
    refuse(st, 0, {"type": "attack", "attack": "Genetic Memory", "choices": {"attack": "Test Surge"}},
           "R-ATTACK-2", contains="Energy to discard")
    # discard the Fighting Energy; 2 Energy left, 1 beyond Genetic Memory's own cost: 30 + 10; heads: Confused
    d = hit(st, "Genetic Memory", ["heads"], attack="Test Surge", cards=[fighting])
    assert mine(d).discard == [fighting] and mine(d).active.energy == [water, water2]
    assert theirs(d).active.damage == 40 and theirs(d).active.conditions == ["confused"]
    # the discard is paid before the Confusion check
    confused = board(side(_kingdra([WATER, FIGHTING], under=(HORSEA_58, test_seadra), conditions=["confused"])),
                     side(poke(MAKUHITA)))
    d = hit(confused, "Genetic Memory", ["tails"], attack="Test Surge", cards=[confused.seats[0].active.energy[1]])
    assert mine(d).active.energy == confused.seats[0].active.energy[:1] and mine(d).active.damage == 30
    assert theirs(d).active.damage == 0
    # no Energy to discard: the copied attack can't be used
    bare = board(side(_kingdra([], under=(HORSEA_58, test_seadra))), side(poke(MAKUHITA)))
    refuse(bare, 0, {"type": "attack", "attack": "Genetic Memory", "choices": {"attack": "Test Surge"}},
           "R-ATTACK-1")


def test_ex3_92_kingdra_ex_hydrocannon_20_per_water_beyond_the_cost_at_most_40():
    for energy, damage in (([WATER] * 3, 50), ([WATER] * 4, 70), ([WATER] * 5, 90), ([WATER] * 6, 90),
                           ([FIGHTING] * 3 + [WATER] * 2, 90), ([FIGHTING] * 4, 50)):
        st = board(side(_kingdra(energy)), side(poke(TARGET)))
        assert theirs(hit(st, "Hydrocannon")).active.damage == damage, energy


# -- ex3-93 Latias ex: Hypnoblast, Mist Ball -------------------------------------------------------

def test_ex3_93_latias_ex_hypnoblast_asleep_on_heads():
    st = plain(LATIAS_EX, [GRASS])
    d = hit(st, "Hypnoblast", ["heads", "tails"])                      # the checkup's Asleep flip: tails
    assert theirs(d).active.damage == 10 and theirs(d).active.conditions == ["asleep"]
    assert theirs(hit(st, "Hypnoblast", ["tails"])).active.conditions == []


def test_ex3_93_latias_ex_mist_ball_discards_a_fire_and_a_water_energy_card():
    st = plain(LATIAS_EX, [FIRE, WATER, GRASS])
    fire, water, grass = st.seats[0].active.energy
    d = hit(st, "Mist Ball")
    assert theirs(d).active.damage == 100 and mine(d).active.energy == [grass] and mine(d).discard == [fire, water]


# -- ex3-94 Latios ex: Energy Stream, Luster Purge --------------------------------------------------

def test_ex3_94_latios_ex_energy_stream_heads_attaches_the_basic_energy_card_named():
    st = plain(LATIOS_EX, [GRASS], discard=[FIRE, RAINBOW_ENERGY, WATER, FIRE])
    fire, rainbow, water, fire2 = st.seats[0].discard
    assert attack_offers(st, "Energy Stream") == [{"cards": [fire]}, {"cards": [water]}]
    d = hit(st, "Energy Stream", ["heads"], cards=[water])
    assert theirs(d).active.damage == 10 and mine(d).active.energy == [*st.seats[0].active.energy, water]
    assert mine(d).discard == [fire, rainbow, fire2]
    d = hit(st, "Energy Stream", ["tails"], cards=[water])
    assert mine(d).active.energy == st.seats[0].active.energy and mine(d).discard == st.seats[0].discard
    refuse(st, 0, {"type": "attack", "attack": "Energy Stream", "choices": {}}, "R-ATTACK-2")
    refuse(st, 0, {"type": "attack", "attack": "Energy Stream", "choices": {"cards": [rainbow]}}, "R-ATTACK-2")
    # one card, or only copies of one card: left out
    one = plain(LATIOS_EX, [GRASS], discard=[FIRE, FIRE])
    d = hit(one, "Energy Stream", ["heads"])
    assert mine(d).active.energy[-1] == one.seats[0].discard[0]
    empty = plain(LATIOS_EX, [GRASS])
    d = hit(empty, "Energy Stream", ["heads"])
    assert theirs(d).active.damage == 10
    said(d, "no fitting basic Energy card in the discard pile")


def test_ex3_94_latios_ex_luster_purge_discards_3_energy_cards():
    st = plain(LATIOS_EX, [GRASS, LIGHTNING, FIRE, WATER])
    grass, lightning, fire, water = st.seats[0].active.energy
    refuse(st, 0, {"type": "attack", "attack": "Luster Purge", "choices": {}}, "R-ATTACK-2")
    d = hit(st, "Luster Purge", cards=[grass, lightning, fire])
    assert theirs(d).active.damage == 100 and mine(d).active.energy == [water]
    assert sorted(mine(d).discard) == sorted([grass, lightning, fire])
    exact = plain(LATIOS_EX, [GRASS, LIGHTNING, FIRE])
    d = hit(exact, "Luster Purge")
    assert mine(d).active.energy == []


# -- ex3-95 Magcargo ex: Melting Mountain, Lava Flow -------------------------------------------------

def test_ex3_95_magcargo_ex_melting_mountain_attaches_a_basic_energy_card_from_the_top_of_the_deck():
    st = plain(MAGCARGO_EX, [FIRE], deck=[WATER, POTION])
    water, potion = st.seats[0].deck
    d = hit(st, "Melting Mountain")
    assert theirs(d).active.damage == 20
    assert mine(d).active.energy == [*st.seats[0].active.energy, water] and mine(d).discard == []
    said(d, "Melting Mountain attaches Water Energy to Magcargo ex")
    other = plain(MAGCARGO_EX, [FIRE], deck=[POTION, WATER])
    d = hit(other, "Melting Mountain")
    assert mine(d).discard == other.seats[0].deck[:1] and mine(d).active.energy == other.seats[0].active.energy
    rainbow = plain(MAGCARGO_EX, [FIRE], deck=[RAINBOW_ENERGY, WATER])      # a Special Energy stays discarded
    d = hit(rainbow, "Melting Mountain")
    assert mine(d).discard == rainbow.seats[0].deck[:1]


def test_ex3_95_melting_mountain_with_an_empty_deck_does_its_damage():
    st = board(side(poke(MAGCARGO_EX, [FIRE]), deck=[]), side(poke(TARGET)))
    d = act(st, 0, {"type": "attack", "attack": "Melting Mountain", "choices": {}})
    assert theirs(d).active.damage == 20
    said(d, "the deck is empty, nothing is discarded")


def test_ex3_95_magcargo_ex_lava_flow_20_more_per_basic_energy_card_discarded():
    st = plain(MAGCARGO_EX, [FIRE, FIRE, GRASS, RAINBOW_ENERGY])
    fire, fire2, grass, rainbow = st.seats[0].active.energy
    offered = attack_offers(st, "Lava Flow")
    assert {} in offered and {"cards": [fire, fire2, grass]} in offered and len(offered) == 6
    d = hit(st, "Lava Flow", cards=[fire, grass])
    assert theirs(d).active.damage == 80 and mine(d).active.energy == [fire2, rainbow]
    assert theirs(hit(st, "Lava Flow")).active.damage == 40
    assert theirs(hit(st, "Lava Flow", cards=[fire, fire2, grass])).active.damage == 100
    refuse(st, 0, {"type": "attack", "attack": "Lava Flow", "choices": {"cards": [rainbow]}}, "R-ATTACK-2")
    # Confused and tails: nothing is discarded (the discard is part of the damage)
    confused = board(side(poke(MAGCARGO_EX, [FIRE, FIRE, GRASS], conditions=["confused"])), side(poke(TARGET)))
    d = hit(confused, "Lava Flow", ["tails"], cards=confused.seats[0].active.energy[:1])
    assert mine(d).active.energy == confused.seats[0].active.energy and mine(d).active.damage == 30


# -- ex3-96 Muk ex: Toxic Gas, Poison Breath, Slimy Water ---------------------------------------------

def test_ex3_96_muk_ex_poison_breath():
    d = hit(plain(MUK_EX, [GRASS]), "Poison Breath")
    assert theirs(d).active.damage == 10 + 10 and theirs(d).active.conditions == ["poisoned"]   # + the checkup


def test_ex3_96_muk_ex_slimy_water_10_more_per_colorless_in_the_retreat_cost_after_effects():
    st = plain(MUK_EX, [GRASS] * 3, target=WAILMER)                    # Retreat Cost 3
    d = hit(st, "Slimy Water")
    assert theirs(d).active.damage == 70
    said(d, "Wailmer's Retreat Cost is 3: +30 damage")
    lowered = board(side(poke(MUK_EX, [GRASS] * 3)), side(poke(WAILMER)), stadium={"card": HIGH_PRESSURE, "owner": 0})
    assert theirs(hit(lowered, "Slimy Water")).active.damage == 60    # High Pressure System: 2
    berry = board(side(poke(MUK_EX, [GRASS] * 3)), side(poke(WAILMER, attached=[BALLOON_BERRY])))
    assert theirs(hit(berry, "Slimy Water")).active.damage == 70      # Balloon Berry leaves the cost alone
    free = board(side(poke(MUK_EX, [GRASS] * 3)), side(poke(MUDKIP)), stadium={"card": HIGH_PRESSURE, "owner": 0})
    assert theirs(hit(free, "Slimy Water")).active.damage == 40       # 1 − 1 = 0


def test_ex3_96_toxic_gas_stops_every_poke_power_while_muk_ex_is_active_its_owners_too():
    st = board(side(poke(MUK_EX), bench=[poke(DRAGONITE_EX), poke(MUDKIP, [WATER])]), side(poke(TARGET)))
    dragonite = st.seats[0].bench[0]
    refuse(st, 0, power(st, dragonite.top, "Call for Power"), "R-POWER-1", contains="Toxic Gas")
    # Muk ex on the Bench: nothing is ignored
    benched = board(side(poke(MUDKIP, [WATER]), bench=[poke(DRAGONITE_EX), poke(MUK_EX)]), side(poke(TARGET)))
    d = act(benched, 0, power(benched, benched.seats[0].bench[0].top, "Call for Power"))
    assert mine(d).bench[0].energy == benched.seats[0].active.energy
    assert card(MUK_EX).power.kind == "Poké-Body"
    refuse(st, 0, power(st, st.seats[0].active.top, "Toxic Gas"), "R-POWER-1", contains="works by itself")


# -- ex3-97 Rayquaza ex: Spiral Growth, Dragon Burst ---------------------------------------------------

def test_ex3_97_rayquaza_ex_spiral_growth_one_basic_energy_card_per_heads_chosen_after_the_flips():
    st = plain(RAYQUAZA_EX, [GRASS], discard=[FIRE, WATER, LIGHTNING, POTION, FIRE])
    fire, water, lightning, potion, fire2 = st.seats[0].discard
    d = hit(st, "Spiral Growth", ["heads", "heads", "tails"])
    s = d.state
    assert s.pending == {"seat": 0, "card": s.seats[0].active.top, "kind": "attach",
                         "look": [fire, water, lightning, fire2], "by": "attack", "attack": "Spiral Growth",
                         "effect": 0, "count": 2}
    assert s.seat_to_act == 0 and s.seats[1].active.damage == 0
    offered = [a["choices"] for a in legal_actions(s, 0) if a["type"] == "choose"]
    assert offered == [{"cards": [fire, fire2]}, {"cards": [fire, water]}, {"cards": [fire, lightning]},
                       {"cards": [water, lightning]}]
    refuse(s, 0, {"type": "choose", "choices": {"cards": [fire]}}, "R-ATTACK-2")
    refuse(s, 0, {"type": "choose", "choices": {"cards": [fire, potion]}}, "R-ATTACK-2")
    c = act(s, 0, {"type": "choose", "choices": {"cards": [water, lightning]}})
    assert mine(c).active.energy == [*st.seats[0].active.energy, water, lightning]
    assert mine(c).discard == [fire, potion, fire2] and c.state.pending is None and c.state.seat_to_act == 1
    said(c, "2 heads: Spiral Growth attaches Water Energy, Lightning Energy")


def test_ex3_97_spiral_growth_without_a_choice_to_make():
    st = plain(RAYQUAZA_EX, [GRASS], discard=[FIRE, WATER])
    d = hit(st, "Spiral Growth", ["heads", "heads", "heads", "tails"])     # 3 heads, 2 cards: both at once
    assert mine(d).active.energy[1:] == st.seats[0].discard and d.state.pending is None
    said(d, "(all there were)")
    d = hit(st, "Spiral Growth", ["tails"])
    assert mine(d).active.energy == st.seats[0].active.energy
    said(d, "0 heads: Spiral Growth attaches no Energy card")
    same = plain(RAYQUAZA_EX, [GRASS], discard=[FIRE, FIRE, FIRE])
    d = hit(same, "Spiral Growth", ["heads", "tails"])
    assert mine(d).active.energy[1:] == same.seats[0].discard[:1] and d.state.pending is None


def test_ex3_97_rayquaza_ex_dragon_burst_discards_all_of_one_type_40_per_energy():
    st = board(side(poke(RAYQUAZA_EX, [FIRE, FIRE, LIGHTNING, RAINBOW_ENERGY, GRASS])),
               side(poke(TARGET), bench=[poke(MUDKIP)]))
    fire, fire2, lightning, rainbow, grass = st.seats[0].active.energy
    assert attack_offers(st, "Dragon Burst") == [{"type": "Fire"}, {"type": "Lightning"}]
    d = hit(st, "Dragon Burst", type="Fire")                           # Fire, Fire, Rainbow: 3 × 40
    said(d, "Rayquaza ex's Dragon Burst does 120 damage to Chansey ex")
    assert mine(d).active.energy == [lightning, grass] and mine(d).discard == [fire, fire2, rainbow]
    d = hit(st, "Dragon Burst", type="Lightning")
    assert theirs(d).active.damage == 80 and mine(d).active.energy == [fire, fire2, grass]
    refuse(st, 0, {"type": "attack", "attack": "Dragon Burst", "choices": {}}, "R-ATTACK-2")
    refuse(st, 0, {"type": "attack", "attack": "Dragon Burst", "choices": {"type": "Grass"}}, "R-ATTACK-2")


# -- ex3-98 Charmander, ex3-99 Charmeleon, ex3-100 Charizard --------------------------------------------

def test_ex3_98_charmander_flare_and_rage():
    assert theirs(hit(plain(CHARMANDER, [FIRE]), "Flare")).active.damage == 10
    st = board(side(poke(CHARMANDER, [FIRE, FIRE], damage=30)), side(poke(TARGET)))
    assert theirs(hit(st, "Rage")).active.damage == 40


def test_ex3_99_charmeleon_smokescreen_the_defending_pokemons_next_attack_flips():
    d = hit(board(side(poke(CHARMELEON, [FIRE])), side(poke(MAKUHITA, [FIGHTING]))), "Smokescreen")
    assert theirs(d).active.damage == 10
    s = d.state
    tails = act(s, 1, {"type": "attack", "attack": "Slap Push", "choices": {}}, ["tails"])
    assert mine(tails).active.damage == 0
    said(tails, "Tails: Slap Push does nothing")
    heads = act(s, 1, {"type": "attack", "attack": "Slap Push", "choices": {}}, ["heads"])
    assert mine(heads).active.damage == 10


def test_ex3_99_charmeleon_fireworks_tails_discards_a_fire_energy_card():
    st = plain(CHARMELEON, [FIRE, GRASS])
    fire, grass = st.seats[0].active.energy
    assert theirs(hit(st, "Fireworks", ["heads"])).active.damage == 40
    d = hit(st, "Fireworks", ["tails"])
    assert theirs(d).active.damage == 40 and mine(d).active.energy == [grass] and mine(d).discard == [fire]


def test_ex3_100_charizard_collect_fire_heads_attaches_2_fire_energy_cards_from_the_discard_pile():
    st = plain(CHARIZARD, [FIRE, GRASS], discard=[FIRE, WATER, FIRE, RAINBOW_ENERGY, FIRE])
    fire, water, fire2, rainbow, fire3 = st.seats[0].discard
    assert attack_offers(st, "Collect Fire") == [{}]                     # every Fire Energy card is the same
    d = hit(st, "Collect Fire", ["heads"])
    assert theirs(d).active.damage == 30 and mine(d).active.energy[2:] == [fire, fire2]
    assert mine(d).discard == [water, rainbow, fire3]
    d = hit(st, "Collect Fire", ["tails"])
    assert mine(d).active.energy == st.seats[0].active.energy
    one = plain(CHARIZARD, [FIRE, GRASS], discard=[FIRE, WATER])
    d = hit(one, "Collect Fire", ["heads"])
    assert mine(d).active.energy[2:] == one.seats[0].discard[:1]


def test_ex3_100_charizard_flame_pillar_may_discard_a_fire_energy_card_for_30_to_a_benched_pokemon():
    st = board(side(poke(CHARIZARD, [FIRE, FIRE, GRASS, GRASS])),
               side(poke(TARGET), bench=[poke(MUDKIP), poke(ELECTRIKE)]))
    fire, fire2, grass, grass2 = st.seats[0].active.energy
    mudkip, electrike = st.seats[1].bench
    assert attack_offers(st, "Flame Pillar") == [{}, {"cards": [fire], "pokemon": [mudkip.top]},
                                                 {"cards": [fire], "pokemon": [electrike.top]}]
    d = hit(st, "Flame Pillar", cards=[fire], pokemon=[electrike.top])
    assert theirs(d).active.damage == 60 and theirs(d).bench[1].damage == 30 and theirs(d).bench[0].damage == 0
    assert mine(d).active.energy == [fire2, grass, grass2] and mine(d).discard == [fire]
    said(d, "Charizard's Flame Pillar does 30 damage to Electrike")
    d = hit(st, "Flame Pillar")
    assert [p.damage for p in theirs(d).bench] == [0, 0] and mine(d).discard == []
    refuse(st, 0, {"type": "attack", "attack": "Flame Pillar", "choices": {"cards": [fire]}}, "R-ATTACK-2")
    refuse(st, 0, {"type": "attack", "attack": "Flame Pillar", "choices": {"pokemon": [mudkip.top]}},
           "R-ATTACK-2")
    refuse(st, 0, {"type": "attack", "attack": "Flame Pillar", "choices": {"cards": [grass],
                                                                            "pokemon": [mudkip.top]}}, "R-ATTACK-2")
    alone = board(side(poke(CHARIZARD, [FIRE, FIRE, GRASS, GRASS])), side(poke(TARGET), bench=[poke(MUDKIP)]))
    d = hit(alone, "Flame Pillar", cards=alone.seats[0].active.energy[:1])
    assert theirs(d).bench[0].damage == 30


def test_ex3_96_toxic_gas_switches_off_a_poke_body_that_acts_by_itself():
    carvanha = "ex1-51"              # Poké-Body Rough Skin: 1 counter on a Pokémon that damages it
    assert card(carvanha).power.name == "Rough Skin" and card(carvanha).power.kind == "Poké-Body"
    gassed = board(side(poke(MUK_EX, [GRASS])), side(poke(carvanha)))
    d = hit(gassed, "Poison Breath")
    assert mine(d).active.damage == 0 and theirs(d).active.damage == 10 + 10
    benched = board(side(poke(MUDKIP, [WATER]), bench=[poke(MUK_EX)]), side(poke(carvanha)))
    d = act(benched, 0, {"type": "attack", "attack": "Bubble", "choices": {}}, ["tails"])
    assert mine(d).active.damage == 10        # Muk ex on the Bench: Rough Skin answers again
