"""EX Dragon Pokémon ex3-1 … ex3-40 (Absol … Seadra): one board per effect, exact outcomes, coins
fixed (FixedCoins: each test also proves how many flips an action needs, the checkup's included:
an attack ends the turn, so the state returned is the opponent's turn after the checkup and the
draw).

Boards come from sandbox positions (fixtures). Seat 0 (Ana) acts unless a test says otherwise.
Opponents are ex1 Pokémon used for their HP, Weakness, Resistance and plain attacks. Costs of
Darkness are paid with Rainbow Energy (Darkness Energy would add its own 10)."""
import pytest

from projections.tcg import carddb, engine
from projections.tcg.cards.describe import describe_card
from projections.tcg.randomness import FixedCoins
from tests.engine.cards.fixtures import (
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
    refuse,
    said,
    side,
    them,
)

ABSOL, ALTARIA, CRAWDAUNT, FLYGON, GOLEM, GRUMPIG, MINUN, PLUSLE = (
    "ex3-1", "ex3-2", "ex3-3", "ex3-4", "ex3-5", "ex3-6", "ex3-7", "ex3-8")
ROSELIA, SALAMENCE, SHEDINJA, TORKOAL, CRAWDAUNT_13, DRAGONAIR, FLYGON_15, GIRAFARIG = (
    "ex3-9", "ex3-10", "ex3-11", "ex3-12", "ex3-13", "ex3-14", "ex3-15", "ex3-16")
MAGNETON, NINJASK, SALAMENCE_19, SHELGON, SKARMORY, VIBRAVA, BAGON, CAMERUPT = (
    "ex3-17", "ex3-18", "ex3-19", "ex3-20", "ex3-21", "ex3-22", "ex3-23", "ex3-24")
COMBUSKEN, DRATINI, FLAAFFY, FORRETRESS, GRAVELER, GRAVELER_30, GROVYLE, GYARADOS = (
    "ex3-25", "ex3-26", "ex3-27", "ex3-28", "ex3-29", "ex3-30", "ex3-31", "ex3-32")
HORSEA, HOUNDOOM, MAGNETON_35, MARSHTOMP, MEDITITE, NINJASK_38, SEADRA, SEADRA_40 = (
    "ex3-33", "ex3-34", "ex3-35", "ex3-36", "ex3-37", "ex3-38", "ex3-39", "ex3-40")
NINCADA = "ex3-66"
# opponents and helpers from EX Ruby & Sapphire
WAILMER, MAKUHITA, ARON, ELECTRIKE, NUMEL, TAILLOW, CARVANHA = (
    "ex1-48", "ex1-56", "ex1-50", "ex1-52", "ex1-61", "ex1-72", "ex1-51")
LAIRON, LAIRON_37, SHROOMISH, TREECKO, SWELLOW, DUSTOX, SCEPTILE, BEAUTIFLY = (
    "ex1-36", "ex1-37", "ex1-69", "ex1-75", "ex1-46", "ex1-6", "ex1-11", "ex1-2")
CHANSEY_EX, SCYTHER_EX, SHARPEDO = "ex1-96", "ex1-102", "ex1-22"


# -- helpers ---------------------------------------------------------------------------------


def power(state, who, name, coins=(), **choices):
    return act(state, state.seat_to_act, {"type": "use_power", "pokemon": who, "power": name,
                                          "choices": choices}, coins)


def use(who, name, **choices):
    return {"type": "use_power", "pokemon": who, "power": name, "choices": choices}


def plain(attacker, energy, target=WAILMER, **kw):
    return board(side(poke(attacker, energy, **kw)), side(poke(target)))


def test_every_card_of_the_group_is_implemented_and_described():
    for n in range(1, 41):
        c = carddb.card(f"ex3-{n}")
        assert c.implemented, c.id
        described = describe_card(c.id)
        assert len(described["description"]) > 10, c.id
        for a in c.attacks:
            assert bool(a.effects) == a.has_effect_text, (c.id, a.name)
        if c.power is not None:
            assert c.power.effect is not None and c.power.effect.describe(), c.id


# -- ex3-1 Absol -------------------------------------------------------------------------------

def _absol_board(hand_size, prizes=6, their_prizes=6):
    hand = [FIGHTING, WATER, GRASS, FIRE, PSYCHIC, LIGHTNING, ARON, NUMEL][:hand_size]
    return board(side(poke(ABSOL, [RAINBOW_ENERGY, FIGHTING]), prizes=prizes),
                 side(poke(WAILMER), hand=hand, prizes=their_prizes))


def test_ex3_1_absol_bad_news_discards_unseen_cards_down_to_five():
    st = _absol_board(8)
    hand = list(them(st).hand)
    d = hit(st, "Bad News")
    # the pick is one shuffle of the hand's positions (recorded like a coin); without one, the first 3
    assert d.event["payload"]["rng"] == {"shuffles": [list(range(8))]}
    assert them(d).discard == hand[:3] and len(them(d).hand) == 6      # 5, and the turn's draw
    assert them(d).active.damage == 0
    said(d, "picks 3 card(s) of Seat 1 (Beto)'s hand without looking")
    picked = engine.decide(st, 0, attack("Bad News"), FixedCoins([], shuffles_from=ReversedShuffles()))
    assert picked.legal and them(picked).discard == hand[:4:-1]


def test_ex3_1_absol_bad_news_needs_six_cards():
    six = hit(_absol_board(6), "Bad News")
    assert len(them(six).discard) == 1
    five = hit(_absol_board(5), "Bad News")
    assert them(five).discard == [] and five.event["payload"].get("rng") is None
    said(five, "has 5 card(s) in hand, fewer than 6")


def test_ex3_1_absol_prize_count_20_more_with_more_prizes_left():
    assert them(hit(_absol_board(0, their_prizes=5), "Prize Count")).active.damage == 40
    assert them(hit(_absol_board(0), "Prize Count")).active.damage == 20
    assert them(hit(_absol_board(0, prizes=4), "Prize Count")).active.damage == 20


# -- ex3-2 Altaria -----------------------------------------------------------------------------

def test_ex3_2_altaria_dragon_dance_adds_40_during_the_next_turn():
    st = board(side(poke(ALTARIA, [WATER, LIGHTNING])), side(poke(WAILMER)))
    d = hit(st, "Dragon Dance")
    assert them(d).active.damage == 0
    said(d, "During its owner's next turn, Altaria's attacks do 40 more damage")
    back = end_turn(d.state)
    assert back.turn == 5 and back.seat_to_act == 0
    d = hit(back, "Dragon Song", ["tails"])             # the Asleep flip between turns: tails
    assert them(d).active.damage == 70 and them(d).active.conditions == ["asleep"]
    said(d, "base 30; Dragon Dance +40 = 70")
    assert me(d).active.effects == []                    # it ended with that turn


def test_ex3_2_altaria_dragon_dance_does_nothing_this_turn_nor_after_a_switch():
    st = board(side(poke(ALTARIA, [WATER, LIGHTNING]), bench=[poke(BAGON)]), side(poke(WAILMER)))
    back = end_turn(hit(st, "Dragon Dance").state)
    retreat = act(back, 0, {"type": "retreat", "to": me(back).bench[0].top, "discard": [me(back).active.energy[0]]})
    assert me(retreat).bench[0].effects == []            # an attack's effect ends on the Bench


def test_ex3_2_altaria_dragon_song_puts_the_defending_pokemon_to_sleep():
    d = hit(board(side(poke(ALTARIA, [WATER, LIGHTNING])), side(poke(WAILMER))), "Dragon Song", ["heads"])
    assert them(d).active.damage == 30 and them(d).active.conditions == []     # heads: woke up
    said(d, "Wailmer is now Asleep")


# -- ex3-3 Crawdaunt ----------------------------------------------------------------------------

def test_ex3_3_power_pinchers_adds_10_before_weakness():
    d = hit(plain(CRAWDAUNT, [WATER, WATER, WATER]), "Guillotine")
    assert them(d).active.damage == 60
    said(d, "base 50; Power Pinchers +10 = 60")
    weak = hit(plain(CRAWDAUNT, [WATER, WATER, WATER], target=NUMEL), "Guillotine")
    said(weak, "base 50; Power Pinchers +10 = 60; Weakness ×2 = 120")


def test_ex3_3_power_pinchers_only_while_active_and_only_for_its_owner():
    benched = board(side(poke(SEADRA_40, [WATER, WATER, WATER]), bench=[poke(CRAWDAUNT)]), side(poke(WAILMER)))
    assert them(hit(benched, "Waterfall")).active.damage == 40
    theirs = board(side(poke(MAKUHITA, [FIGHTING])), side(poke(CRAWDAUNT)))
    assert them(hit(theirs, "Slap Push")).active.damage == 10


# -- ex3-4 Flygon --------------------------------------------------------------------------------

def _shower_board(hand=(FIRE, WATER, GRASS, RAINBOW_ENERGY, ARON)):
    return board(side(poke(FLYGON, [GRASS, LIGHTNING]), bench=[poke(BAGON)], hand=list(hand)),
                 side(poke(WAILMER)))


def test_ex3_4_flygon_energy_shower_attaches_from_the_hand_as_you_like():
    st = _shower_board()
    fire, water, grass, rainbow, aron = me(st).hand
    flygon, bagon = me(st).active.top, me(st).bench[0].top
    d = hit(st, "Energy Shower", cards=[fire, water, grass], pokemon=[flygon, bagon, bagon])
    assert me(d).active.energy[2:] == [fire] and me(d).bench[0].energy == [water, grass]
    assert me(d).hand[:2] == [rainbow, aron] and them(d).active.damage == 0
    said(d, "not the turn's Energy attachment")
    all_to_one = hit(st, "Energy Shower", cards=[fire, grass], to=bagon)
    assert me(all_to_one).bench[0].energy == [fire, grass]
    nothing = hit(st, "Energy Shower")
    assert me(nothing).hand[:5] == me(st).hand
    said(nothing, "Energy Shower attaches no Energy card")


def test_ex3_4_flygon_energy_shower_choices_and_refusals():
    st = _shower_board()
    fire, water, grass, rainbow, aron = me(st).hand
    flygon, bagon = me(st).active.top, me(st).bench[0].top
    refuse(st, 0, attack("Energy Shower", cards=[rainbow], to=bagon), "R-ATTACK-2", "basic")
    refuse(st, 0, attack("Energy Shower", cards=[aron], to=bagon), "R-ATTACK-2", "basic")
    refuse(st, 0, attack("Energy Shower", cards=[fire, water]), "R-ATTACK-2", "choices.to")
    refuse(st, 0, attack("Energy Shower", cards=[fire, water], pokemon=[bagon]), "R-ATTACK-2", "same order")
    opts = offered(st, "attack", "Energy Shower")
    assert opts[0] == {} and {"cards": [water], "to": flygon} in opts
    assert {"cards": [fire, water, grass], "to": bagon} in opts and len(opts) == 1 + 3 * 2 + 2


def test_ex3_4_flygon_rainbow_burn_10_more_per_basic_energy_type():
    st = plain(FLYGON, [GRASS, LIGHTNING, GRASS, RAINBOW_ENERGY])
    d = hit(st, "Rainbow Burn")
    assert them(d).active.damage == 50          # Grass and Lightning: Rainbow is no basic Energy card
    said(d, "base 50")


# -- ex3-5 Golem --------------------------------------------------------------------------------

def test_ex3_5_golem_rock_vengeance_10_more_per_own_counter():
    st = plain(GOLEM, [FIGHTING, FIGHTING, FIGHTING], damage=30)
    assert them(hit(st, "Rock Vengeance")).active.damage == 50
    assert them(hit(plain(GOLEM, [FIGHTING] * 3), "Rock Vengeance")).active.damage == 20


def test_ex3_5_golem_rock_slide_20_to_two_chosen_benched_pokemon():
    st = board(side(poke(GOLEM, [FIGHTING] * 5)), side(poke(WAILMER), bench=[poke(ARON), poke(NUMEL), poke(TAILLOW)]))
    aron, numel, taillow = (p.top for p in them(st).bench)
    refuse(st, 0, attack("Rock Slide"), "R-ATTACK-2")
    assert len(offered(st, "attack", "Rock Slide")) == 3
    d = hit(st, "Rock Slide", pokemon=[aron, taillow])
    assert them(d).active.damage == 60 and [p.damage for p in them(d).bench] == [20, 0, 20]
    one = board(side(poke(GOLEM, [FIGHTING] * 5)), side(poke(WAILMER), bench=[poke(NUMEL)]))
    assert [p.damage for p in them(hit(one, "Rock Slide")).bench] == [20]


# -- ex3-6 Grumpig --------------------------------------------------------------------------------

def test_ex3_6_grumpig_psychic_boom_10_more_per_defending_energy():
    st = board(side(poke(GRUMPIG, [PSYCHIC, PSYCHIC])), side(poke(WAILMER, [WATER, RAINBOW_ENERGY])))
    assert them(hit(st, "Psychic Boom")).active.damage == 40
    assert them(hit(plain(GRUMPIG, [PSYCHIC, PSYCHIC]), "Psychic Boom")).active.damage == 20


def test_ex3_6_grumpig_mind_trip_confuses_with_equal_energy():
    same = board(side(poke(GRUMPIG, [PSYCHIC] * 3)), side(poke(WAILMER, [WATER] * 3)))
    d = hit(same, "Mind Trip")
    assert them(d).active.damage == 50 and them(d).active.conditions == ["confused"]
    other = board(side(poke(GRUMPIG, [PSYCHIC] * 3)), side(poke(WAILMER, [WATER] * 2)))
    d = hit(other, "Mind Trip")
    assert them(d).active.damage == 50 and them(d).active.conditions == []
    said(d, "Grumpig has 3 Energy and Wailmer 2: no Special Condition")


# -- ex3-7 Minun, ex3-8 Plusle --------------------------------------------------------------------

def test_ex3_7_minun_chain_of_events_never_acts_with_one_active_pokemon():
    st = board(side(poke(MINUN, [LIGHTNING]), bench=[poke(PLUSLE, damage=10)]), side(poke(WAILMER)))
    refuse(st, 0, use(me(st).active.top, "Chain of Events"), "R-POWER-1", "works by itself")
    d = hit(st, "Cheer On")                       # one attack, as usual, then the turn ends
    assert d.state.seat_to_act == 1 and me(d).bench[0].damage == 0


def test_ex3_7_minun_cheer_on_heals_one_counter_from_each_own_pokemon():
    st = board(side(poke(MINUN, [LIGHTNING], damage=20), bench=[poke(PLUSLE, damage=10), poke(DRATINI)]),
               side(poke(WAILMER, damage=30)))
    d = hit(st, "Cheer On")
    assert [p.damage for p in me(d).in_play()] == [10, 0, 0] and them(d).active.damage == 30


def _circuit_board(attacker, active=WAILMER, bench=(SHARPEDO, ARON, CHANSEY_EX)):
    return board(side(poke(attacker, [LIGHTNING, LIGHTNING])), side(poke(active), bench=[poke(b) for b in bench]))


def test_ex3_7_minun_special_circuit_40_on_a_pokemon_with_a_power():
    st = _circuit_board(MINUN)
    wailmer = them(st).active.top
    sharpedo, aron, chansey = (p.top for p in them(st).bench)
    d = hit(st, "Special Circuit", pokemon=[sharpedo])
    assert them(d).bench[0].damage == 40 and them(d).active.damage == 0
    assert [p.damage for p in them(hit(st, "Special Circuit", pokemon=[aron])).bench] == [0, 20, 0]
    d = hit(st, "Special Circuit", pokemon=[wailmer])
    assert them(d).active.damage == 40                   # 20, Weakness ×2 on the Active
    said(d, "base 20; Weakness ×2 = 40")
    dustox = _circuit_board(MINUN, active=DUSTOX, bench=())
    assert them(hit(dustox, "Special Circuit")).active.damage == 40
    refuse(st, 0, attack("Special Circuit"), "R-ATTACK-2", "choices.pokemon")
    assert offered(st, "attack", "Special Circuit") == [{"pokemon": [p]} for p in (wailmer, sharpedo, aron, chansey)]


def test_ex3_8_plusle_extra_circuit_40_on_a_pokemon_ex():
    st = _circuit_board(PLUSLE, active=MAKUHITA)
    sharpedo, aron, chansey = (p.top for p in them(st).bench)
    assert [p.damage for p in them(hit(st, "Extra Circuit", pokemon=[chansey])).bench] == [0, 0, 40]
    assert [p.damage for p in them(hit(st, "Extra Circuit", pokemon=[sharpedo])).bench] == [20, 0, 0]
    assert them(hit(st, "Extra Circuit", pokemon=[them(st).active.top])).active.damage == 20
    ex = _circuit_board(PLUSLE, active=CHANSEY_EX, bench=())
    assert them(hit(ex, "Extra Circuit")).active.damage == 40


def test_ex3_8_plusle_cheer_on():
    st = board(side(poke(PLUSLE, [LIGHTNING], damage=10), bench=[poke(MINUN, damage=20)]), side(poke(WAILMER)))
    assert [p.damage for p in me(hit(st, "Cheer On")).in_play()] == [0, 10]


# -- ex3-9 Roselia ------------------------------------------------------------------------------

def test_ex3_9_roselia_thick_skin_no_special_condition():
    asleep = board(side(poke(SHROOMISH, [GRASS])), side(poke(ROSELIA)))
    d = hit(asleep, "Sleep Powder")
    assert them(d).active.damage == 10 and them(d).active.conditions == []
    poisoned = board(side(poke(TREECKO, [GRASS])), side(poke(ROSELIA)))
    d = hit(poisoned, "Poison Breath", ["heads"])
    assert them(d).active.conditions == [] and them(d).active.damage == 0


def _speed_growth_board():
    return board(side(poke(ROSELIA, [GRASS]), bench=[poke(SHROOMISH)], hand=[GRASS, GRASS, GRASS, WATER]),
                 side(poke(WAILMER)))


def test_ex3_9_roselia_speed_growth_attaches_up_to_two_grass_from_the_hand():
    st = _speed_growth_board()
    g1, g2, g3, water = me(st).hand
    roselia, shroomish = me(st).active.top, me(st).bench[0].top
    d = hit(st, "Speed Growth", cards=[g1, g3], pokemon=[shroomish, roselia])
    assert me(d).active.energy == [me(st).active.energy[0], g3] and me(d).bench[0].energy == [g1]
    refuse(st, 0, attack("Speed Growth", cards=[g1, g2, g3], to=roselia), "R-ATTACK-2", "up to 2")
    refuse(st, 0, attack("Speed Growth", cards=[water], to=roselia), "R-ATTACK-2")
    assert len(offered(st, "attack", "Speed Growth")) == 1 + 1 * 2 + 2   # three equal Grass: one card id


def test_ex3_9_roselia_sleep_powder():
    d = hit(plain(ROSELIA, [GRASS]), "Sleep Powder", ["tails"])
    assert them(d).active.damage == 10 and them(d).active.conditions == ["asleep"]


# -- ex3-10 Salamence ---------------------------------------------------------------------------

def _wind_board(conditions=(), benched=False, their_bench=(ARON, NUMEL)):
    salamence = poke(SALAMENCE, [FIRE, WATER, GRASS, GRASS], conditions=() if benched else conditions)
    mine = side(poke(BAGON), bench=[salamence]) if benched else side(salamence)
    return board(mine, side(poke(WAILMER, conditions=["asleep"]), bench=[poke(b) for b in their_bench]))


def test_ex3_10_salamence_dragon_wind_switches_in_the_benched_pokemon_you_pick():
    st = _wind_board()
    salamence = me(st).active.top
    aron, numel = (p.top for p in them(st).bench)
    assert offered(st, "use_power", "Dragon Wind") == [{"pokemon": [aron]}, {"pokemon": [numel]}]
    d = power(st, salamence, "Dragon Wind", pokemon=[numel])
    assert them(d).active.top == numel and them(d).bench[1].conditions == []      # Wailmer: no longer Asleep
    said(d, "Numel is now Seat 1 (Beto)'s Defending Pokémon and Wailmer goes to the Bench")
    assert d.state.seat_to_act == 0
    refuse(d.state, 0, use(salamence, "Dragon Wind", pokemon=[aron]), "R-POWER-1", "once")
    claw = hit(d.state, "Dragon Claw")                 # not an attack: Salamence still attacks
    assert numel in them(claw).discard and claw.state.phase == "promote"


def test_ex3_10_salamence_dragon_wind_refusals():
    st = _wind_board()
    salamence = me(st).active.top
    refuse(st, 0, use(salamence, "Dragon Wind"), "R-POWER-1", "choices.pokemon")
    refuse(st, 0, use(salamence, "Dragon Wind", pokemon=[them(st).active.top]), "R-POWER-1", "choices.pokemon")
    benched = _wind_board(benched=True)
    refuse(benched, 0, use(me(benched).bench[0].top, "Dragon Wind"), "R-POWER-1", "Active")
    alone = _wind_board(their_bench=())
    refuse(alone, 0, use(me(alone).active.top, "Dragon Wind"), "R-POWER-1", "Benched")
    one = _wind_board(their_bench=(ARON,))
    assert them(power(one, me(one).active.top, "Dragon Wind")).active.top == them(one).bench[0].top
    for condition in ("poisoned", "burned", "confused"):
        sick = _wind_board(conditions=[condition])
        refuse(sick, 0, use(me(sick).active.top, "Dragon Wind", pokemon=[them(sick).bench[0].top]), "R-POWER-2")


def test_ex3_10_salamence_agility_heads_prevents_everything_next_turn():
    st = board(side(poke(SALAMENCE, [WATER, WATER])), side(poke(TAILLOW, [GRASS])))
    d = hit(st, "Agility", ["heads"])
    assert them(d).active.damage == 20
    peck = hit(d.state, "Peck")
    assert me(peck).active.damage == 0
    said(peck, "Salamence is protected from all effects of attacks, damage included")
    d = hit(st, "Agility", ["tails"])
    assert me(hit(d.state, "Peck")).active.damage == 20        # Weakness to Colorless


def test_ex3_10_salamence_dragon_claw():
    assert them(hit(plain(SALAMENCE, [FIRE, WATER, GRASS, GRASS]), "Dragon Claw")).active.damage == 60


# -- ex3-11 Shedinja ------------------------------------------------------------------------------

def test_ex3_11_wonder_guard_stops_evolved_pokemon_and_pokemon_ex():
    evolved = board(side(poke(LAIRON, [METAL_ENERGY, METAL_ENERGY])), side(poke(SHEDINJA)))
    d = hit(evolved, "Ram")
    assert them(d).active.damage == 0
    said(d, "Shedinja is protected from all effects of attacks, damage included")
    ex = board(side(poke(SCYTHER_EX, [GRASS, GRASS, GRASS])), side(poke(SHEDINJA)))
    assert them(hit(ex, "Slash")).active.damage == 0
    stun = board(side(poke(BEAUTIFLY, [GRASS])), side(poke(SHEDINJA)))
    d = hit(stun, "Stun Spore", ["heads"])
    assert them(d).active.damage == 0 and them(d).active.conditions == []


def test_ex3_11_wonder_guard_not_against_a_basic_and_on_the_bench_too():
    basic = board(side(poke(MAKUHITA, [FIGHTING])), side(poke(SHEDINJA)))
    assert them(hit(basic, "Slap Push")).active.damage == 10
    bench = board(side(poke(LAIRON_37, [METAL_ENERGY])), side(poke(WAILMER), bench=[poke(SHEDINJA), poke(ARON)]))
    d = hit(bench, "Magnitude")
    assert [p.damage for p in them(d).bench] == [0, 10]


def test_ex3_11_shedinja_damage_curse_one_counter_plus_one_per_own_counter():
    st = plain(SHEDINJA, [GRASS], damage=10)
    d = hit(st, "Damage Curse")
    assert them(d).active.damage == 20
    said(d, "Damage Curse: 2 damage counters on Wailmer (20/80)")
    assert them(hit(plain(SHEDINJA, [GRASS]), "Damage Curse")).active.damage == 10
    dust = board(side(poke(SHEDINJA, [GRASS])), side(poke(DUSTOX)))
    assert them(hit(dust, "Damage Curse")).active.damage == 0


# -- ex3-12 Torkoal --------------------------------------------------------------------------------

def test_ex3_12_torkoal_power_generation_takes_up_to_two_basic_energy_from_the_discard():
    st = board(side(poke(TORKOAL, [FIRE]), discard=[FIRE, WATER, RAINBOW_ENERGY, GRASS]), side(poke(WAILMER)))
    fire, water, rainbow, grass = me(st).discard
    d = hit(st, "Power Generation", cards=[fire, grass])
    assert me(d).discard == [water, rainbow] and me(d).hand[-2:] == [fire, grass]
    said(d, "shows")
    refuse(st, 0, attack("Power Generation"), "R-ATTACK-2", "up to 2")
    refuse(st, 0, attack("Power Generation", cards=[rainbow]), "R-ATTACK-2", "up to 2")
    assert len(offered(st, "attack", "Power Generation")) == 1 + 3 + 3
    two = board(side(poke(TORKOAL, [FIRE]), discard=[FIRE, RAINBOW_ENERGY, WATER]), side(poke(WAILMER)))
    assert cards(two, me(hit(two, "Power Generation")).discard) == [RAINBOW_ENERGY]
    none = hit(two, "Power Generation", cards=[])
    assert len(me(none).discard) == 3


def test_ex3_12_torkoal_scorching_smoke_burns_then_tails_discards_a_fire():
    st = plain(TORKOAL, [FIRE, FIRE])
    f1, f2 = me(st).active.energy
    refuse(st, 0, attack("Scorching Smoke"), "R-ATTACK-2", "choose 1")
    d = hit(st, "Scorching Smoke", ["tails", "tails"], cards=[f2])     # the attack's coin, then Burn's
    assert me(d).active.energy == [f1] and f2 in me(d).discard
    assert them(d).active.conditions == ["burned"] and them(d).active.damage == 20
    d = hit(st, "Scorching Smoke", ["heads", "heads"], cards=[f2])
    assert me(d).active.energy == [f1, f2] and them(d).active.damage == 0
    one = plain(TORKOAL, [FIRE])
    assert me(hit(one, "Scorching Smoke", ["tails", "heads"])).active.energy == []


# -- ex3-13 Crawdaunt -------------------------------------------------------------------------------

def test_ex3_13_crawdaunt_poison_claws_and_rend():
    st = plain(CRAWDAUNT_13, [WATER, WATER, WATER])
    d = hit(st, "Poison Claws", ["heads"])
    assert them(d).active.conditions == ["poisoned"] and them(d).active.damage == 20     # 10, then Poison
    assert them(hit(st, "Poison Claws", ["tails"])).active.damage == 10
    assert them(hit(st, "Rend")).active.damage == 30
    damaged = board(side(poke(CRAWDAUNT_13, [WATER] * 3)), side(poke(WAILMER, damage=10)))
    assert them(hit(damaged, "Rend")).active.damage == 70


# -- ex3-14 Dragonair ------------------------------------------------------------------------------

def test_ex3_14_dragonair_dazzle_blast_and_healing_wave():
    st = board(side(poke(DRAGONAIR, [LIGHTNING, WATER, WATER], damage=30), bench=[poke(DRATINI, damage=10)]),
               side(poke(CHANSEY_EX)))
    d = hit(st, "Dazzle Blast", ["heads"])
    assert them(d).active.damage == 20 and them(d).active.conditions == ["confused"]
    assert them(hit(st, "Dazzle Blast", ["tails"])).active.conditions == []
    d = hit(st, "Healing Wave")
    assert them(d).active.damage == 30 and me(d).active.damage == 20 and me(d).bench[0].damage == 10


# -- ex3-15 Flygon ---------------------------------------------------------------------------------

def test_ex3_15_sand_guard_heads_20_less():
    st = board(side(poke(MAKUHITA, [FIGHTING, FIGHTING])), side(poke(FLYGON_15)))
    d = hit(st, "Lunge Out", ["heads"])
    assert them(d).active.damage == 0
    said(d, "Sand Guard −20 = 0")
    assert them(hit(st, "Lunge Out", ["tails"])).active.damage == 20
    bench = board(side(poke(LAIRON_37, [METAL_ENERGY])), side(poke(WAILMER), bench=[poke(FLYGON_15)]))
    assert them(hit(bench, "Magnitude", ["heads"])).bench[0].damage == 0


def test_ex3_15_flygon_air_slash_tails_discards_an_energy():
    st = plain(FLYGON_15, [GRASS, LIGHTNING, FIRE])
    g, lightning, fire = me(st).active.energy
    refuse(st, 0, attack("Air Slash"), "R-ATTACK-2", "choose 1")
    d = hit(st, "Air Slash", ["tails"], cards=[fire])
    assert them(d).active.damage == 60 and me(d).active.energy == [g, lightning] and fire in me(d).discard
    assert me(hit(st, "Air Slash", ["heads"], cards=[fire])).active.energy == [g, lightning, fire]


# -- ex3-16 Girafarig --------------------------------------------------------------------------------

def _girafarig_board(their_energy=(WATER,)):
    return board(side(poke(GIRAFARIG, [PSYCHIC]), deck=[FIGHTING, ARON, WATER]),
                 side(poke(WAILMER, list(their_energy))))


def test_ex3_16_girafarig_synchronized_search_with_equal_energy():
    st = _girafarig_board()
    girafarig = me(st).active.top
    deck = list(me(st).deck)
    d = hit(st, "Synchronized Search")
    assert d.state.pending == {"seat": 0, "card": girafarig, "kind": "search", "look": deck, "by": "attack",
                               "attack": "Synchronized Search", "effect": 0}
    assert offered(d.state, "choose") == [{"search": [c]} for c in deck]
    done = act(d.state, 0, choose(search=[deck[1]]))
    assert deck[1] in me(done).hand and len(me(done).deck) == 2 and done.state.seat_to_act == 1
    at_once = hit(st, "Synchronized Search", search=[deck[2]])
    assert deck[2] in me(at_once).hand


def test_ex3_16_girafarig_synchronized_search_does_nothing_with_different_energy():
    d = hit(_girafarig_board([WATER, WATER]), "Synchronized Search")
    assert d.state.pending is None and d.state.seat_to_act == 1
    said(d, "different amounts of Energy: Synchronized Search does nothing")


def test_ex3_16_girafarig_breaking_impact_10_per_colorless_of_the_retreat_cost():
    st = board(side(poke(GIRAFARIG, [PSYCHIC, PSYCHIC])),
               side(poke(MAKUHITA), bench=[poke(CHANSEY_EX), poke(SWELLOW)]))
    makuhita = them(st).active.top
    chansey, swellow = (p.top for p in them(st).bench)
    d = hit(st, "Breaking Impact", pokemon=[makuhita])
    assert them(d).active.damage == 20                   # 10 (Retreat Cost 1), Weakness ×2
    assert [p.damage for p in them(hit(st, "Breaking Impact", pokemon=[chansey])).bench] == [30, 0]
    d = hit(st, "Breaking Impact", pokemon=[swellow])
    assert [p.damage for p in them(d).bench] == [0, 0]
    said(d, "does no damage to Swellow")
    wailmer = board(side(poke(GIRAFARIG, [PSYCHIC, PSYCHIC])), side(poke(WAILMER)))
    assert them(hit(wailmer, "Breaking Impact")).active.damage == 30


# -- ex3-17 Magneton ---------------------------------------------------------------------------------

def _field_board(hand=(ARON, WATER), discard=(FIRE, GRASS, RAINBOW_ENERGY), conditions=()):
    return board(side(poke(MAGNETON, conditions=conditions), hand=list(hand), discard=list(discard)),
                 side(poke(WAILMER)))


def test_ex3_17_magnetic_field_discards_a_card_then_takes_two_basic_energy():
    st = _field_board()
    magneton = me(st).active.top
    aron, water = me(st).hand
    fire, grass, rainbow = me(st).discard
    assert len(offered(st, "use_power", "Magnetic Field")) == 2 * (1 + 2 + 1)
    d = power(st, magneton, "Magnetic Field", cards=[aron], search=[fire, grass])
    assert me(d).hand == [water, fire, grass] and me(d).discard == [rainbow, aron]
    said(d, "discards")
    assert d.state.seat_to_act == 0
    refuse(d.state, 0, use(magneton, "Magnetic Field", cards=[water], search=[]), "R-POWER-1", "once")


def test_ex3_17_magnetic_field_refusals():
    st = _field_board(discard=(FIRE, GRASS, WATER, RAINBOW_ENERGY))
    magneton = me(st).active.top
    aron = me(st).hand[0]
    rainbow = me(st).discard[3]
    refuse(st, 0, use(magneton, "Magnetic Field", cards=[aron]), "R-POWER-1", "up to 2")
    refuse(st, 0, use(magneton, "Magnetic Field", cards=[aron], search=[rainbow]), "R-POWER-1", "up to 2")
    refuse(st, 0, use(magneton, "Magnetic Field", search=[]), "R-POWER-1", "choices.cards")
    no_basic = _field_board(discard=(RAINBOW_ENERGY,))
    refuse(no_basic, 0, use(magneton, "Magnetic Field", cards=[aron]), "R-POWER-1", "there is none")
    assert offered(no_basic, "use_power", "Magnetic Field") == []
    empty = _field_board(hand=())
    refuse(empty, 0, use(magneton, "Magnetic Field"), "R-POWER-1", "empty")
    # the card discarded first can't come back
    back = _field_board(hand=(WATER,), discard=(FIRE,))
    water = me(back).hand[0]
    refuse(back, 0, use(magneton, "Magnetic Field", search=[water]), "R-POWER-1", "up to 2")
    d = power(back, magneton, "Magnetic Field")
    assert cards(d.state, me(d).hand) == [FIRE] and me(d).discard == [water]
    for condition in ("poisoned", "asleep"):
        sick = _field_board(conditions=[condition])
        refuse(sick, 0, use(magneton, "Magnetic Field", cards=[aron], search=[]), "R-POWER-2")


def test_ex3_17_magneton_magnetic_force_10_per_energy_on_all_own_pokemon():
    st = board(side(poke(MAGNETON, [LIGHTNING, LIGHTNING]), bench=[poke(MINUN, [WATER, RAINBOW_ENERGY])]),
               side(poke(CHANSEY_EX, [WATER])))
    assert them(hit(st, "Magnetic Force")).active.damage == 40


# -- ex3-18 Ninjask ---------------------------------------------------------------------------------

def _shell_board(deck=(FIGHTING, SHEDINJA, FIGHTING), bench=()):
    return board(side(poke(NINCADA), bench=[poke(b) for b in bench], hand=[NINJASK, GRASS], deck=list(deck)),
                 side(poke(WAILMER)))


def _evolved(st):
    return act(st, 0, {"type": "evolve", "card": me(st).hand[0], "target": me(st).active.top}).state


def test_R_HIDDEN_1_ex3_18_loose_shell_puts_a_shedinja_from_the_deck_onto_the_bench():
    st = _evolved(_shell_board())
    ninjask = me(st).active.top
    deck = list(me(st).deck)
    d = power(st, ninjask, "Loose Shell")
    assert d.state.pending == {"seat": 0, "card": ninjask, "kind": "search", "look": deck, "by": "power"}
    assert offered(d.state, "choose") == [{"search": [deck[1]]}]
    refuse(d.state, 0, choose(search=[deck[0]]), "R-POWER-1", "Shedinja")
    refuse(d.state, 0, choose(search=[]), "R-POWER-1", "must be taken")
    done = act(d.state, 0, choose(search=[deck[1]]))
    shedinja = me(done).bench[0]
    assert shedinja.stack == [deck[1]] and shedinja.entered_turn == 3 and me(done).deck == [deck[0], deck[2]]
    said(done, "onto the Bench as a Basic Pokémon")
    refuse(done.state, 0, use(ninjask, "Loose Shell"), "R-POWER-1", "once")


def test_ex3_18_loose_shell_only_right_after_ninjask_is_played():
    st = _evolved(_shell_board())
    ninjask = me(st).active.top
    deck = list(me(st).deck)
    at_once = power(st, ninjask, "Loose Shell", search=[deck[1]])
    assert me(at_once).bench[0].stack == [deck[1]] and at_once.state.pending is None
    later = act(st, 0, {"type": "attach_energy", "card": me(st).hand[0], "target": ninjask}).state
    refuse(later, 0, use(ninjask, "Loose Shell"), "R-POWER-1", "moment has passed")
    in_play = board(side(poke(NINJASK), deck=[SHEDINJA]), side(poke(WAILMER)))
    refuse(in_play, 0, use(me(in_play).active.top, "Loose Shell"), "R-POWER-1", "moment has passed")


def test_ex3_18_loose_shell_needs_room_and_may_find_nothing():
    full = _evolved(_shell_board(bench=[MAKUHITA] * 5))
    refuse(full, 0, use(me(full).active.top, "Loose Shell"), "R-BENCH-1", "full")
    st = _evolved(_shell_board(deck=(FIGHTING, WATER)))
    d = power(st, me(st).active.top, "Loose Shell")
    assert offered(d.state, "choose") == [{"search": []}]
    done = act(d.state, 0, choose(search=[]))
    assert me(done).bench == [] and len(me(done).deck) == 2
    said(done, "finds no Shedinja")


def _touch_board():
    return board(side(poke(NINJASK, [GRASS, GRASS, WATER]), bench=[poke(SHROOMISH)]), side(poke(WAILMER)))


def test_ex3_18_ninjask_quick_touch_switches_and_moves_grass_energy():
    st = _touch_board()
    g1, g2, water = me(st).active.energy
    shroomish = me(st).bench[0].top
    d = hit(st, "Quick Touch", to=shroomish, cards=[g1, g2])
    assert them(d).active.damage == 30
    assert me(d).active.top == shroomish and me(d).active.energy == [g1, g2] and me(d).bench[0].energy == [water]
    stay = hit(st, "Quick Touch")
    assert me(stay).active.top == me(st).active.top
    moved_none = hit(st, "Quick Touch", to=shroomish)
    assert me(moved_none).active.energy == [] and me(moved_none).bench[0].energy == [g1, g2, water]
    refuse(st, 0, attack("Quick Touch", cards=[g1]), "R-ATTACK-2", "choices.to")
    refuse(st, 0, attack("Quick Touch", to=shroomish, cards=[water]), "R-ATTACK-2", "Grass")
    assert len(offered(st, "attack", "Quick Touch")) == 1 + 4


# -- ex3-19 Salamence --------------------------------------------------------------------------------

def test_ex3_19_salamence_intimidating_fang_and_dragon_flame():
    fang = board(side(poke(MAKUHITA, [FIGHTING, FIGHTING])), side(poke(SALAMENCE_19), bench=[poke(BAGON)]))
    d = hit(fang, "Lunge Out")
    assert them(d).active.damage == 10
    said(d, "Intimidating Fang −10 = 10")
    # Feint Attack ignores the reduction on a Benched Pokémon too: it is an effect on the Pokémon damaged
    feint = board(side(poke(HOUNDOOM, [RAINBOW_ENERGY, FIGHTING])), side(poke(SALAMENCE_19), bench=[poke(BAGON)]))
    bagon = them(feint).bench[0].top
    assert them(hit(feint, "Feint Attack", pokemon=[bagon])).bench[0].damage == 20
    st = plain(SALAMENCE_19, [FIRE, WATER, GRASS])
    grass = me(st).active.energy[2]
    d = hit(st, "Dragon Flame", cards=[grass])
    assert them(d).active.damage == 60 and grass in me(d).discard
    assert them(hit(st, "Dragon Flame")).active.damage == 40
    assert offered(st, "attack", "Dragon Flame") == [{}] + [{"cards": [e]} for e in me(st).active.energy]


# -- ex3-20 Shelgon -----------------------------------------------------------------------------------

def test_ex3_20_shelgon_scrunch_heads_prevents_damage_next_turn():
    st = board(side(poke(SHELGON, [FIRE])), side(poke(TAILLOW, [GRASS])))
    d = hit(st, "Scrunch", ["heads"])
    peck = hit(d.state, "Peck")
    assert me(peck).active.damage == 0
    said(peck, "Scrunch prevents all damage")
    assert me(hit(hit(st, "Scrunch", ["tails"]).state, "Peck")).active.damage == 20


# -- ex3-21 Skarmory ----------------------------------------------------------------------------------

def _pick_on_board(hand):
    return board(side(poke(SKARMORY, [METAL_ENERGY, FIGHTING])), side(poke(WAILMER, [WATER] * 3), hand=list(hand)))


def test_R_HIDDEN_1_ex3_21_skarmory_pick_on_shows_the_hand_then_shuffles_cards_back():
    st = _pick_on_board([FIGHTING, WATER, GRASS, FIRE, PSYCHIC, LIGHTNING, ARON, NUMEL])
    skarmory = me(st).active.top
    hand = list(them(st).hand)
    d = hit(st, "Pick On")
    assert d.state.pending == {"seat": 0, "card": skarmory, "kind": "look", "look": hand, "by": "attack",
                               "attack": "Pick On", "effect": 0}
    assert len(offered(d.state, "choose")) == 56
    refuse(d.state, 0, choose(cards=hand[:2]), "R-ATTACK-2", "3 different cards")
    done = act(d.state, 0, choose(cards=[hand[0], hand[6], hand[7]]))
    assert them(done).hand[:5] == hand[1:6] and len(them(done).hand) == 6      # and the turn's draw
    assert len(them(done).deck) == 8 + 3 - 1
    said(done, "are shuffled into the deck; 5 card(s) are left")
    at_once = hit(st, "Pick On", cards=hand[:3])
    assert at_once.state.pending is None and them(at_once).hand[:5] == hand[3:]


def test_ex3_21_skarmory_pick_on_needs_six_cards():
    d = hit(_pick_on_board([WATER] * 5), "Pick On")
    assert d.state.pending is None and len(them(d).hand) == 6
    said(d, "fewer than 6")
    st = hit(_pick_on_board([WATER, WATER, GRASS, FIRE, ARON, NUMEL]), "Pick On")
    assert len(offered(st.state, "choose")) == 5          # one card: one choice per card id


def test_ex3_21_skarmory_power_count_30_more_with_less_energy():
    assert them(hit(_pick_on_board([]), "Power Count")).active.damage == 50
    even = board(side(poke(SKARMORY, [METAL_ENERGY, FIGHTING])), side(poke(WAILMER, [WATER] * 2)))
    assert them(hit(even, "Power Count")).active.damage == 20


# -- ex3-22 Vibrava -----------------------------------------------------------------------------------

def test_R_HIDDEN_1_ex3_22_vibrava_quick_charge_takes_basic_energy_of_different_types():
    st = board(side(poke(VIBRAVA, [GRASS]), deck=[FIRE, FIRE, WATER, ARON, GRASS]), side(poke(WAILMER)))
    fire, fire2, water, aron, grass = me(st).deck
    d = hit(st, "Quick Charge")
    assert d.state.pending["kind"] == "search" and len(offered(d.state, "choose")) == 3 + 3 + 1
    refuse(d.state, 0, choose(search=[fire, fire2]), "R-ATTACK-2", "different types")
    refuse(d.state, 0, choose(search=[aron]), "R-ATTACK-2")
    refuse(d.state, 0, choose(search=[]), "R-TRAINER-5", "at least 1")
    done = act(d.state, 0, choose(search=[fire, water, grass]))
    assert me(done).hand == [fire, water, grass] and me(done).deck == [fire2, aron]
    said(done, "shows and takes")
    one = act(d.state, 0, choose(search=[water]))
    assert me(one).hand == [water]
    none = board(side(poke(VIBRAVA, [GRASS]), deck=[ARON]), side(poke(WAILMER)))
    d = hit(none, "Quick Charge")
    assert offered(d.state, "choose") == [{"search": []}]
    assert me(act(d.state, 0, choose(search=[]))).hand == []


def test_ex3_22_vibrava_dragon_spark_heads_20_to_each_opposing_pokemon():
    st = board(side(poke(VIBRAVA, [GRASS, LIGHTNING]), bench=[poke(BAGON)]),
               side(poke(WAILMER), bench=[poke(ARON), poke(NUMEL)]))
    d = hit(st, "Dragon Spark", ["heads"])
    assert [p.damage for p in them(d).in_play()] == [20, 20, 20] and me(d).bench[0].damage == 0
    d = hit(st, "Dragon Spark", ["tails"])
    assert [p.damage for p in them(d).in_play()] == [0, 0, 0]
    said(d, "Dragon Spark does nothing")


# -- ex3-23 Bagon, ex3-24 Camerupt, ex3-25 Combusken, ex3-26 Dratini -----------------------------------

def test_ex3_23_bagon_paralyzing_gaze_and_combustion():
    st = plain(BAGON, [WATER, FIRE])
    d = hit(st, "Paralyzing Gaze", ["heads"])
    assert them(d).active.conditions == ["paralyzed"] and them(d).active.damage == 0
    assert them(hit(st, "Paralyzing Gaze", ["tails"])).active.conditions == []
    assert them(hit(st, "Combustion")).active.damage == 20


def test_ex3_24_camerupt_super_singe_heads_burns():
    st = plain(CAMERUPT, [FIRE, FIRE, FIRE])
    d = hit(st, "Super Singe", ["heads", "tails"])       # then Burn's coin between turns: tails, 2 counters
    assert them(d).active.conditions == ["burned"] and them(d).active.damage == 40
    assert them(hit(st, "Super Singe", ["tails"])).active.damage == 20
    assert them(hit(st, "Ram")).active.damage == 50


def test_ex3_25_combusken_quick_attack():
    st = plain(COMBUSKEN, [FIRE, FIRE, FIRE])
    assert them(hit(st, "Quick Attack", ["heads"])).active.damage == 30
    assert them(hit(st, "Quick Attack", ["tails"])).active.damage == 10
    assert them(hit(st, "Combustion")).active.damage == 40


def test_ex3_26_dratini_dragon_dew_heals_two_counters_from_a_chosen_pokemon():
    st = board(side(poke(DRATINI, [WATER, LIGHTNING], damage=10), bench=[poke(BAGON, damage=30)]),
               side(poke(WAILMER)))
    dratini, bagon = me(st).active.top, me(st).bench[0].top
    assert [p.damage for p in me(hit(st, "Dragon Dew", pokemon=[bagon])).in_play()] == [10, 10]
    d = hit(st, "Dragon Dew", pokemon=[dratini])
    assert [p.damage for p in me(d).in_play()] == [0, 30]
    said(d, "Dratini has 1 damage counter(s) removed")
    refuse(st, 0, attack("Dragon Dew"), "R-ATTACK-2", "choices.pokemon")
    assert offered(st, "attack", "Dragon Dew") == [{"pokemon": [dratini]}, {"pokemon": [bagon]}]
    alone = plain(DRATINI, [WATER], damage=20)
    assert me(hit(alone, "Dragon Dew")).active.damage == 0
    assert them(hit(plain(DRATINI, [LIGHTNING]), "Tail Slap")).active.damage == 10


# -- ex3-27 Flaaffy, ex3-28 Forretress ------------------------------------------------------------------

def test_ex3_27_flaaffy_energy_recall_attaches_two_basic_energy_from_the_discard():
    st = board(side(poke(FLAAFFY, [LIGHTNING]), discard=[FIRE, RAINBOW_ENERGY, WATER]), side(poke(WAILMER)))
    fire, rainbow, water = me(st).discard
    d = hit(st, "Energy Recall")
    assert me(d).active.energy[1:] == [fire, water] and me(d).discard == [rainbow]
    refuse(st, 0, attack("Energy Recall", cards=[rainbow]), "R-ATTACK-2")
    three = board(side(poke(FLAAFFY, [LIGHTNING]), discard=[FIRE, GRASS, WATER]), side(poke(WAILMER)))
    refuse(three, 0, attack("Energy Recall"), "R-ATTACK-2", "up to 2")
    ball = plain(FLAAFFY, [LIGHTNING, WATER])
    assert them(hit(ball, "Lightning Ball")).active.damage == 60          # Wailmer: Weakness to Lightning


def test_ex3_28_forretress_double_metal_ball_places_two_counters():
    d = hit(plain(FORRETRESS, [METAL_ENERGY, FIGHTING]), "Double Metal Ball")
    assert them(d).active.damage == 20
    said(d, "Double Metal Ball: 2 damage counters on Wailmer")
    dust = board(side(poke(FORRETRESS, [METAL_ENERGY, FIGHTING])), side(poke(DUSTOX)))
    d = hit(dust, "Double Metal Ball")
    assert them(d).active.damage == 0
    said(d, "Dustox is protected from the effects of attacks")


def test_ex3_28_forretress_backspin_may_discard_to_switch():
    st = board(side(poke(FORRETRESS, [METAL_ENERGY, FIGHTING, FIGHTING]), bench=[poke(BAGON), poke(DRATINI)]),
               side(poke(WAILMER)))
    metal, f1, f2 = me(st).active.energy
    bagon, dratini = (p.top for p in me(st).bench)
    d = hit(st, "Backspin", cards=[f2], to=dratini)
    assert them(d).active.damage == 40 and me(d).active.top == dratini
    assert me(d).bench[1].energy == [metal, f1] and f2 in me(d).discard
    stay = hit(st, "Backspin")
    assert me(stay).active.energy == [metal, f1, f2]
    refuse(st, 0, attack("Backspin", to=bagon), "R-ATTACK-2", "choices.cards")
    refuse(st, 0, attack("Backspin", cards=[f1]), "R-ATTACK-2", "choices.to")
    assert len(offered(st, "attack", "Backspin")) == 1 + 3 * 2
    alone = plain(FORRETRESS, [METAL_ENERGY, FIGHTING, FIGHTING])
    d = hit(alone, "Backspin", cards=[me(alone).active.energy[0]])
    assert len(me(d).active.energy) == 2
    said(d, "has no Benched Pokémon: nothing is switched")


# -- ex3-29, ex3-30 Graveler --------------------------------------------------------------------------

def test_ex3_29_graveler_grind_and_big_explosion():
    assert them(hit(plain(GRAVELER, [FIGHTING, FIGHTING, WATER]), "Grind")).active.damage == 30
    st = board(side(poke(GRAVELER, [FIGHTING] * 4), bench=[poke(MAKUHITA)]),
               side(poke(CHANSEY_EX), bench=[poke(ARON)]))
    d = hit(st, "Big Explosion")
    said(d, "base 80; Weakness ×2 = 160")
    said(d, "Big Explosion does 80 damage to Graveler")
    assert len(me(d).prizes) == 4 and len(them(d).prizes) == 5 and d.state.phase == "promote"


def test_ex3_30_graveler_magnitude_hits_every_bench():
    st = board(side(poke(GRAVELER_30, [FIGHTING, FIGHTING, FIGHTING]), bench=[poke(BAGON)]),
               side(poke(WAILMER), bench=[poke(ARON)]))
    d = hit(st, "Magnitude")
    assert them(d).active.damage == 20 and them(d).bench[0].damage == 10 and me(d).bench[0].damage == 10
    assert them(hit(st, "Rollout")).active.damage == 40


# -- ex3-31 Grovyle, ex3-32 Gyarados, ex3-33 Horsea -----------------------------------------------------

@pytest.mark.parametrize("coins, damage", [(["heads"] * 4, 70), (["heads", "heads", "tails", "heads"], 40),
                                           (["tails"] * 4, 10)])
def test_ex3_31_grovyle_fury_cutter(coins, damage):
    assert them(hit(plain(GROVYLE, [GRASS, GRASS]), "Fury Cutter", coins)).active.damage == damage


def test_ex3_32_gyarados_dragon_crush_discards_an_energy_whatever_the_coin():
    st = board(side(poke(GYARADOS, [WATER])), side(poke(WAILMER, [WATER, FIRE])))
    water, fire = them(st).active.energy
    refuse(st, 0, attack("Dragon Crush"), "R-ATTACK-2")
    d = hit(st, "Dragon Crush", ["heads"], cards=[fire])
    assert them(d).active.damage == 10 and them(d).active.energy == [water] and fire in them(d).discard
    d = hit(st, "Dragon Crush", ["tails"], cards=[fire])
    assert them(d).active.damage == 0 and them(d).active.energy == [water]


def test_ex3_32_gyarados_aqua_sonic_ignores_resistance():
    d = hit(board(side(poke(GYARADOS, [WATER] * 5)), side(poke(SCEPTILE))), "Aqua Sonic")
    assert them(d).active.damage == 80
    said(d, "Resistance ignored")


def test_ex3_33_horsea_retaliate_and_smokescreen():
    st = plain(HORSEA, [WATER], damage=20)
    assert them(hit(st, "Retaliate", ["heads"])).active.damage == 20
    assert them(hit(st, "Retaliate", ["tails"])).active.damage == 0
    smoke = board(side(poke(HORSEA, [WATER])), side(poke(MAKUHITA, [FIGHTING])))
    d = hit(smoke, "Smokescreen")
    assert them(d).active.damage == 10
    slap = hit(d.state, "Slap Push", ["tails"])
    assert me(slap).active.damage == 0
    assert me(hit(d.state, "Slap Push", ["heads"])).active.damage == 10


# -- ex3-34 Houndoom ---------------------------------------------------------------------------------

def test_ex3_34_houndoom_feint_attack_ignores_every_effect_on_the_target():
    st = board(side(poke(HOUNDOOM, [RAINBOW_ENERGY, FIGHTING])), side(poke(SHEDINJA), bench=[poke(FLYGON_15)]))
    shedinja, flygon = them(st).active.top, them(st).bench[0].top
    d = hit(st, "Feint Attack", pokemon=[shedinja])        # Wonder Guard would stop an Evolved Pokémon
    assert them(d).active.damage == 20
    said(d, "effects on the Defending Pokémon ignored")
    d = hit(st, "Feint Attack", pokemon=[flygon])           # no Sand Guard flip on the Bench
    assert them(d).bench[0].damage == 20 and them(d).active.damage == 0
    said(d, "no Weakness, Resistance or effect on it applies")
    active = board(side(poke(HOUNDOOM, [RAINBOW_ENERGY, FIGHTING])), side(poke(FLYGON_15)))
    assert them(hit(active, "Feint Attack")).active.damage == 20
    fang = board(side(poke(HOUNDOOM, [RAINBOW_ENERGY, FIGHTING])), side(poke(SALAMENCE_19)))
    assert them(hit(fang, "Feint Attack")).active.damage == 20      # its own Intimidating Fang is ignored
    refuse(st, 0, attack("Feint Attack"), "R-ATTACK-2", "choices.pokemon")


def test_ex3_34_houndoom_flamethrower_discards_a_fire_energy():
    st = plain(HOUNDOOM, [FIRE, FIGHTING, FIGHTING])
    fire = me(st).active.energy[0]
    d = hit(st, "Flamethrower")
    assert them(d).active.damage == 50 and fire in me(d).discard
    refuse(plain(HOUNDOOM, [FIGHTING] * 3), 0, attack("Flamethrower"), "R-ATTACK-1", "Energy to discard")


# -- ex3-35 … ex3-40 -------------------------------------------------------------------------------------

def test_ex3_35_magneton_ram_and_triple_smash():
    st = plain(MAGNETON_35, [LIGHTNING, WATER, WATER], target=CHANSEY_EX)
    assert them(hit(st, "Triple Smash", ["heads", "tails", "heads"])).active.damage == 60
    assert them(hit(st, "Ram")).active.damage == 20


def test_ex3_36_marshtomp_mud_splash_10_to_a_benched_pokemon():
    st = board(side(poke(MARSHTOMP, [WATER, WATER])), side(poke(WAILMER), bench=[poke(ARON), poke(NUMEL)]))
    numel = them(st).bench[1].top
    d = hit(st, "Mud Splash", pokemon=[numel])
    assert them(d).active.damage == 20 and [p.damage for p in them(d).bench] == [0, 10]


def test_ex3_37_meditite_punch_and_meditate():
    st = board(side(poke(MEDITITE, [FIGHTING, FIGHTING])), side(poke(WAILMER, damage=30)))
    assert them(hit(st, "Meditate")).active.damage == 30 + 40
    assert them(hit(st, "Punch")).active.damage == 40


def test_ex3_38_ninjask_supersonic_and_sonic_wing():
    st = plain(NINJASK_38, [GRASS, GRASS], target=ARON)
    d = hit(st, "Supersonic", ["heads"])
    assert them(d).active.conditions == ["confused"] and them(d).active.damage == 0     # Resistance to Grass
    d = hit(st, "Sonic Wing")
    assert them(d).active.damage == 30
    said(d, "Resistance ignored")


def test_ex3_39_seadra_energy_cannon_and_water_arrow():
    assert them(hit(plain(SEADRA, [WATER, WATER, WATER, FIRE]), "Energy Cannon")).active.damage == 40
    assert them(hit(plain(SEADRA, [WATER, FIRE]), "Energy Cannon")).active.damage == 30
    assert them(hit(plain(SEADRA, [WATER]), "Energy Cannon")).active.damage == 20
    st = board(side(poke(SEADRA, [WATER] * 3)), side(poke(WAILMER), bench=[poke(ARON)]))
    wailmer, aron = them(st).active.top, them(st).bench[0].top
    assert them(hit(st, "Water Arrow", pokemon=[aron])).bench[0].damage == 30
    assert them(hit(st, "Water Arrow", pokemon=[wailmer])).active.damage == 30


def test_ex3_40_seadra_agility_and_waterfall():
    st = board(side(poke(SEADRA_40, [WATER] * 3)), side(poke(MAKUHITA, [FIGHTING])))
    d = hit(st, "Agility", ["heads"])
    assert them(d).active.damage == 20 and me(hit(d.state, "Slap Push")).active.damage == 0
    assert me(hit(hit(st, "Agility", ["tails"]).state, "Slap Push")).active.damage == 10
    assert them(hit(st, "Waterfall")).active.damage == 40
