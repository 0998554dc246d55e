"""EX Sandstorm Pokémon-ex ex2-94 … ex2-100 and Multi Energy (ex2-93): one board per effect, exact
outcomes, coins fixed (an attack ends the turn: the state returned is the opponent's turn after the
checkup and their draw)."""
import json
from pathlib import Path

from projections.tcg.carddb import card
from projections.tcg.core import provided_energy
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

MULTI = "ex2-93"
AERODACTYL_EX, AGGRON_EX, GARDEVOIR_EX, KABUTOPS_EX = "ex2-94", "ex2-95", "ex2-96", "ex2-97"
RAICHU_EX, TYPHLOSION_EX, WAILORD_EX = "ex2-98", "ex2-99", "ex2-100"
GROUP = [f"ex2-{n}" for n in range(93, 101)]
MYSTERIOUS_FOSSIL, KABUTO = "ex2-91", "ex2-39"
LUM_BERRY, ORAN_BERRY = "ex1-84", "ex1-85"
CHANSEY_EX, ELECTABUZZ_EX = "ex1-96", "ex1-97"
MUDKIP, MAKUHITA, RALTS, TAILLOW = "ex1-59", "ex1-56", "ex1-66", "ex1-72"
TARGET = WAILORD_EX          # Water, 200 HP, Weakness Grass and Lightning, no Resistance


def plain(attacker, energy, target=TARGET, **kw):
    return board(side(attacker if isinstance(attacker, dict) else poke(attacker, energy), **kw), side(poke(target)))


def on_fossil(card_id, middle=(), **kw):
    """A Pokémon that evolved from Mysterious Fossil (fixtures.poke finds only Pokémon cards under it)."""
    p = poke(MYSTERIOUS_FOSSIL, **kw)
    p["card"], p["under"] = card_id, [MYSTERIOUS_FOSSIL, *middle]
    return p


def test_every_card_of_the_group_is_implemented_and_describes_itself_in_its_own_words():
    printed = {c["id"]: c for c in json.loads(Path("/work/shared/cards/ex2.json").read_text(encoding="utf-8"))}
    for cid in GROUP:
        c = card(cid)
        assert c.implemented, cid
        texts = [e.text for a in c.attacks for e in a.effects] + ([c.power.effect.text] if c.power else [])
        texts += [c.energy_effect.text] if c.energy_effect else []
        originals = [a.get("text", "") for a in printed[cid].get("attacks", [])] + \
                    [a["text"] for a in printed[cid].get("abilities", [])] + printed[cid].get("rules", [])
        for text in texts:      # the shared vocabulary's short phrases may meet the card's words, never whole
            assert len(text) > 15 and not any(o and o.lower() in text.lower() for o in originals), (cid, text)
            assert not any(len(text) > 40 and text.lower() in o.lower() for o in originals), (cid, text)
        for a in c.attacks:
            assert bool(a.effects) == a.has_effect_text, (cid, a.name)


def test_R_KO_2_every_pokemon_ex_of_ex2_is_worth_2_prize_cards_as_data():
    for n in range(94, 101):
        c = card(f"ex2-{n}")
        assert "ex" in c.tags and c.prizes == 2, c.id


# -- ex2-94 Aerodactyl ex: Primal Lock, Supersonic, Wing Attack ---------------------------------

def test_ex2_94_aerodactyl_ex_coming_into_play_discards_the_opponents_pokemon_tools():
    st = board(side(poke(MYSTERIOUS_FOSSIL, attached=[LUM_BERRY]), hand=[AERODACTYL_EX]),
               side(poke(MAKUHITA, attached=[ORAN_BERRY]), bench=[poke(MUDKIP, attached=[LUM_BERRY]), poke(RALTS)]))
    fossil = st.seats[0].active
    oran, lum = st.seats[1].active.attached[0], st.seats[1].bench[0].attached[0]
    aero = st.seats[0].hand[0]
    d = act(st, 0, {"type": "evolve", "card": aero, "target": fossil.top})
    assert mine(d).active.stack == [fossil.top, aero] and mine(d).active.attached == fossil.attached
    assert theirs(d).active.attached == [] and theirs(d).bench[0].attached == []
    assert theirs(d).discard == [oran, lum]
    said(d, "Aerodactyl ex's Primal Lock: Oran Berry attached to Makuhita go(es) to Seat 1 (Beto)'s discard pile")
    said(d, "Lum Berry attached to Mudkip")


def test_ex2_94_aerodactyl_ex_primal_lock_stops_the_opponents_tools_from_the_bench_too():
    for where in ("active", "bench"):
        aero = on_fossil(AERODACTYL_EX)
        mine_side = side(aero, bench=[poke(TAILLOW)]) if where == "active" else side(poke(TAILLOW), bench=[aero])
        st = board(side(poke(MAKUHITA), hand=[LUM_BERRY]), mine_side, turn=4, seat_to_act=1)
        berry = st.seats[1].hand[0]
        action = {"type": "play_trainer", "card": berry, "targets": [st.seats[1].active.top], "choices": {}}
        refuse(st, 1, action, "R-TRAINER-4", contains="Primal Lock")
        assert not any(a["type"] == "play_trainer" for a in legal_actions(st, 1))
    # its owner may still play Tools
    st = board(side(on_fossil(AERODACTYL_EX), hand=[LUM_BERRY]), side(poke(MAKUHITA)))
    berry = st.seats[0].hand[0]
    d = act(st, 0, {"type": "play_trainer", "card": berry, "targets": [st.seats[0].active.top], "choices": {}})
    assert mine(d).active.attached == [berry]


def test_ex2_94_aerodactyl_ex_supersonic_confuses_and_wing_attack_does_60():
    st = plain(on_fossil(AERODACTYL_EX, energy=[FIRE, FIRE, FIRE]), [])
    d = hit(st, "Supersonic")
    assert theirs(d).active.damage == 10 and theirs(d).active.conditions == ["confused"]
    d = hit(st, "Wing Attack")
    assert theirs(d).active.damage == 60 and theirs(d).active.conditions == []


def test_R_KO_2_ex2_94_aerodactyl_ex_knocked_out_gives_2_prizes_and_its_fossil_goes_with_it():
    st = board(side(poke(ELECTABUZZ_EX, [LIGHTNING])), side(on_fossil(AERODACTYL_EX, damage=90), bench=[poke(TAILLOW)]),
               turn=4, seat_to_act=1)
    stack = list(st.seats[0].active.stack)
    d = hit(st, "Thundershock", ["tails"], seat_no=1)          # 10 × 2 (Weakness Lightning)
    assert set(stack) <= set(mine(d).discard) and len(theirs(d).prizes) == 4


# -- ex2-95 Aggron ex: Rend, Metal Surge ---------------------------------------------------------

def test_ex2_95_aggron_ex_rend_30_plus_30_if_the_defending_pokemon_is_damaged():
    assert theirs(hit(plain(AGGRON_EX, [FIRE] * 3, target=CHANSEY_EX), "Rend")).active.damage == 30
    st = board(side(poke(AGGRON_EX, [FIRE] * 3)), side(poke(CHANSEY_EX, damage=10)))
    assert theirs(hit(st, "Rend")).active.damage == 70


def test_ex2_95_aggron_ex_metal_surge_20_to_each_of_the_opponents_benched_pokemon():
    st = board(side(poke(AGGRON_EX, [METAL_ENERGY, METAL_ENERGY, FIRE, FIRE, FIRE]), bench=[poke(TAILLOW)]),
               side(poke(CHANSEY_EX), bench=[poke(MUDKIP), poke(MAKUHITA, damage=10)]))
    d = hit(st, "Metal Surge")
    assert theirs(d).active.damage == 50 and [p.damage for p in theirs(d).bench] == [20, 30]
    assert mine(d).bench[0].damage == 0


# -- ex2-96 Gardevoir ex: Feedback, Psystorm -----------------------------------------------------

def test_ex2_96_gardevoir_ex_feedback_one_counter_per_card_in_the_opponents_hand():
    st = board(side(poke(GARDEVOIR_EX, [PSYCHIC, GRASS])), side(poke(RALTS), hand=[FIRE, FIRE, WATER]))
    d = hit(st, "Feedback")
    assert theirs(d).active.damage == 30          # placed, not damage: no Weakness (Ralts is weak to Psychic)
    said(d, "Feedback (3 card(s) in the opponent's hand): 3 damage counters on Ralts (30/50)")
    assert not any("Feedback does" in line for line in d.narration)
    empty = board(side(poke(GARDEVOIR_EX, [PSYCHIC, GRASS])), side(poke(RALTS)))
    d = hit(empty, "Feedback")
    assert theirs(d).active.damage == 0
    said(d, "has no card in hand: Feedback places no counter")
    shielded = board(side(poke(GARDEVOIR_EX, [PSYCHIC, GRASS])), side(poke(RALTS), hand=[FIRE]))
    shielded.seats[1].active.effects.append({"kind": "prevent_all", "until_turn": None})
    d = hit(shielded, "Feedback")
    assert theirs(d).active.damage == 0
    said(d, "Ralts is protected from the effects of attacks")


def test_ex2_96_gardevoir_ex_feedback_can_knock_out():
    st = board(side(poke(GARDEVOIR_EX, [PSYCHIC, GRASS])), side(poke(RALTS), bench=[poke(MUDKIP)], hand=[FIRE] * 5))
    d = hit(st, "Feedback")
    said(d, "Ralts (Seat 1 (Beto)) is Knocked Out")
    assert len(mine(d).prizes) == 5


def test_ex2_96_gardevoir_ex_psystorm_10_times_every_energy_in_play():
    st = board(side(poke(GARDEVOIR_EX, [PSYCHIC, GRASS, GRASS, GRASS]), bench=[poke(RALTS, [PSYCHIC])]),
               side(poke(TARGET, [WATER, WATER]), bench=[poke(MUDKIP, [WATER]), poke(MAKUHITA)]))
    assert theirs(hit(st, "Psystorm")).active.damage == 80
    alone = plain(GARDEVOIR_EX, [PSYCHIC, GRASS, GRASS, GRASS])
    assert theirs(hit(alone, "Psystorm")).active.damage == 40


# -- ex2-97 Kabutops ex: Hydrocutter, Spiral Drain -----------------------------------------------

def kabutops(energy, damage=0):
    return on_fossil(KABUTOPS_EX, middle=[KABUTO], energy=energy, damage=damage)


def test_ex2_97_kabutops_ex_hydrocutter_one_coin_per_energy_at_most_3():
    assert theirs(hit(plain(kabutops([WATER]), []), "Hydrocutter", ["heads"])).active.damage == 40
    assert theirs(hit(plain(kabutops([WATER, FIRE]), []), "Hydrocutter", ["heads", "tails"])).active.damage == 40
    four = plain(kabutops([WATER, FIRE, GRASS, FIGHTING]), [])
    d = hit(four, "Hydrocutter", ["heads", "heads", "heads"])
    assert theirs(d).active.damage == 120
    said(d, "Coin flip for Hydrocutter (3/3): heads")
    d = hit(four, "Hydrocutter", ["tails", "tails", "tails"])
    assert theirs(d).active.damage == 0
    said(d, "Hydrocutter does no damage")


def test_ex2_97_kabutops_ex_spiral_drain_70_and_2_counters_removed():
    d = hit(plain(kabutops([FIGHTING, FIGHTING, WATER, WATER], damage=50), []), "Spiral Drain")
    assert theirs(d).active.damage == 70 and mine(d).active.damage == 30
    d = hit(plain(kabutops([FIGHTING, FIGHTING, WATER, WATER], damage=10), []), "Spiral Drain")
    assert mine(d).active.damage == 0


# -- ex2-98 Raichu ex: Dazzle Blast, Mega Thunderbolt ---------------------------------------------

def test_ex2_98_raichu_ex_dazzle_blast_20_and_confused_on_heads():
    st = plain(RAICHU_EX, [LIGHTNING], target=TYPHLOSION_EX)
    d = hit(st, "Dazzle Blast", ["heads"])
    assert theirs(d).active.damage == 20 and theirs(d).active.conditions == ["confused"]
    d = hit(st, "Dazzle Blast", ["tails"])
    assert theirs(d).active.damage == 20 and theirs(d).active.conditions == []


def test_ex2_98_raichu_ex_mega_thunderbolt_120_and_discards_every_energy_card():
    st = plain(RAICHU_EX, [LIGHTNING, LIGHTNING, MULTI], target=TYPHLOSION_EX)
    energy = list(st.seats[0].active.energy)
    d = hit(st, "Mega Thunderbolt")
    assert theirs(d).active.damage == 120 and mine(d).active.energy == [] and mine(d).discard == energy
    # a cost paid before the Confusion check: a Confused Raichu ex that fails its flip discards them too
    confused = board(side(poke(RAICHU_EX, [LIGHTNING, LIGHTNING, MULTI], conditions=["confused"])),
                     side(poke(TYPHLOSION_EX)))
    d = hit(confused, "Mega Thunderbolt", ["tails"])
    assert mine(d).active.energy == [] and mine(d).active.damage == 30 and theirs(d).active.damage == 0


# -- ex2-99 Typhlosion ex: Ring of Fire, Split Blast ----------------------------------------------

def test_ex2_99_typhlosion_ex_ring_of_fire_burns_and_holds_the_defending_pokemon():
    st = board(side(poke(TYPHLOSION_EX, [FIRE, FIRE, FIRE])),
               side(poke(TARGET, [WATER] * 5), bench=[poke(MUDKIP)]))
    d = hit(st, "Ring of Fire", ["heads"])           # the Burn flip between turns: heads, no counters
    target = theirs(d).active
    assert target.damage == 40 and target.conditions == ["burned"]
    refuse(d.state, 1, {"type": "retreat", "to": theirs(d).bench[0].top, "discard": list(target.energy)},
           "R-RETREAT-1", contains="Ring of Fire")


def test_ex2_99_typhlosion_ex_split_blast_discards_the_energy_card_chosen_and_does_100():
    st = plain(TYPHLOSION_EX, [FIRE, FIRE, FIRE, GRASS, WATER])
    fire1, fire2, fire3, grass, water = st.seats[0].active.energy
    picks = [a["choices"] for a in legal_actions(st, 0) if a["type"] == "attack" and a["attack"] == "Split Blast"]
    assert picks == [{"cards": [i]} for i in (fire1, fire2, fire3, grass, water)]
    refuse(st, 0, {"type": "attack", "attack": "Split Blast"}, "R-ATTACK-2")
    d = hit(st, "Split Blast", cards=[water])
    assert theirs(d).active.damage == 100 and mine(d).active.energy == [fire1, fire2, fire3, grass]
    assert mine(d).discard == [water]
    said(d, "Split Blast: the opponent has only 1 Defending Pokémon, so nothing else happens")


# -- ex2-100 Wailord ex: Super Deep Dive, Dwindling Wave -----------------------------------------

def test_ex2_100_wailord_ex_super_deep_dive_heals_3_counters_and_switches_with_a_benched_pokemon():
    st = board(side(poke(WAILORD_EX, [WATER], damage=50, conditions=["poisoned"]), bench=[poke(TAILLOW)]),
               side(poke(CHANSEY_EX)))
    wailord, taillow = st.seats[0].active, st.seats[0].bench[0]
    d = hit(st, "Super Deep Dive")
    assert mine(d).active.top == taillow.top and mine(d).bench[0].top == wailord.top
    assert mine(d).bench[0].damage == 20 and mine(d).bench[0].conditions == []   # no Poison counter on the Bench
    assert theirs(d).active.damage == 0
    said(d, "Wailord ex has 3 damage counter(s) removed (20/200)")
    said(d, "Wailord ex switches with Taillow")


def test_ex2_100_wailord_ex_super_deep_dive_choice_and_no_bench():
    st = board(side(poke(WAILORD_EX, [WATER], damage=20), bench=[poke(TAILLOW), poke(MUDKIP)]),
               side(poke(CHANSEY_EX)))
    taillow, mudkip = st.seats[0].bench
    picks = [a["choices"] for a in legal_actions(st, 0) if a["type"] == "attack" and a["attack"] == "Super Deep Dive"]
    assert picks == [{"pokemon": [taillow.top]}, {"pokemon": [mudkip.top]}]
    refuse(st, 0, {"type": "attack", "attack": "Super Deep Dive"}, "R-ATTACK-2", contains="Benched")
    refuse(st, 0, {"type": "attack", "attack": "Super Deep Dive",
                   "choices": {"pokemon": [st.seats[1].active.top]}}, "R-ATTACK-2")
    d = hit(st, "Super Deep Dive", pokemon=[mudkip.top])
    assert mine(d).active.top == mudkip.top and mine(d).bench[1].damage == 0
    alone = board(side(poke(WAILORD_EX, [WATER], damage=50)), side(poke(CHANSEY_EX)))
    d = hit(alone, "Super Deep Dive")
    assert mine(d).active.damage == 50 and theirs(d).active.damage == 0
    said(d, "Super Deep Dive does nothing")


def test_ex2_100_wailord_ex_dwindling_wave_100_minus_10_per_counter_on_itself():
    for damage, done in ((0, 100), (30, 70), (110, 0)):
        st = board(side(poke(WAILORD_EX, [WATER] * 4, damage=damage)), side(poke(CHANSEY_EX)))
        assert theirs(hit(st, "Dwindling Wave")).active.damage == done, damage


# -- ex2-93 Multi Energy --------------------------------------------------------------------------

def test_ex2_93_multi_energy_provides_every_type_one_at_a_time():
    c = card(MULTI)
    assert c.energy_kind == "special" and not c.is_basic_energy and c.provides == ["Any"]
    st = plain(RAICHU_EX, [MULTI], target=TYPHLOSION_EX)
    assert provided_energy(st, st.seats[0].active) == ["Any"]
    assert theirs(hit(st, "Dazzle Blast", ["tails"])).active.damage == 20
    with_basic = plain(RAICHU_EX, [MULTI, FIRE], target=TYPHLOSION_EX)
    assert provided_energy(with_basic, with_basic.seats[0].active) == ["Any", "Fire"]


def test_ex2_93_multi_energy_provides_colorless_beside_another_special_energy_card():
    st = plain(RAICHU_EX, [MULTI, DARKNESS_ENERGY], target=TYPHLOSION_EX)
    assert provided_energy(st, st.seats[0].active) == ["Colorless", "Darkness"]
    refuse(st, 0, {"type": "attack", "attack": "Dazzle Blast"}, "R-ENERGY-2")
    two = plain(RAICHU_EX, [MULTI, MULTI], target=TYPHLOSION_EX)
    assert provided_energy(two, two.seats[0].active) == ["Colorless", "Colorless"]
    # Rainbow Energy is special too: it still pays Lightning, the Multi Energy only Colorless
    rainbow = plain(RAICHU_EX, [LIGHTNING, RAINBOW_ENERGY, MULTI], target=TYPHLOSION_EX)
    assert provided_energy(rainbow, rainbow.seats[0].active) == ["Lightning", "Any", "Colorless"]
    assert theirs(hit(rainbow, "Mega Thunderbolt")).active.damage == 120


def test_ex2_93_multi_energy_whichever_is_attached_first_and_again_every_type_when_the_other_leaves():
    st = board(side(poke(RAICHU_EX, [DARKNESS_ENERGY]), bench=[poke(TAILLOW, [MULTI])], hand=[MULTI, DARKNESS_ENERGY]),
               side(poke(TYPHLOSION_EX)))
    raichu, taillow = st.seats[0].active, st.seats[0].bench[0]
    d = act(st, 0, {"type": "attach_energy", "card": inst(st, 0, "hand", MULTI), "target": raichu.top})
    assert provided_energy(d.state, mine(d).active) == ["Darkness", "Colorless"]
    d = act(st, 0, {"type": "attach_energy", "card": inst(st, 0, "hand", DARKNESS_ENERGY), "target": taillow.top})
    assert provided_energy(d.state, mine(d).bench[0]) == ["Colorless", "Darkness"]
    typhlosion = board(side(poke(TYPHLOSION_EX, [MULTI, DARKNESS_ENERGY, FIRE, FIRE, FIRE])), side(poke(TARGET)))
    multi, darkness = typhlosion.seats[0].active.energy[:2]
    d = hit(typhlosion, "Split Blast", cards=[darkness])
    assert mine(d).discard == [darkness] and provided_energy(d.state, mine(d).active) == ["Any", "Fire", "Fire", "Fire"]
