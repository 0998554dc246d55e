"""The Pokémon of the shipped 2026 Standard decks (`cards/sv_standard_pokemon.py`, blocks in
`cards/effects/standard_pokemon.py`), ruleset `modern`: exact outcomes with coins fixed, refusals
with their rule, what `legal_actions` offers. Shuffles keep the order (FixedCoins without a source)."""
from projections.tcg import carddb
from projections.tcg.carddb import card
from projections.tcg.cards.sv_standard_pokemon import _POKEMON
from projections.tcg.legal import legal_actions
from tests.engine.cards.fixtures import act, attack_action, modern, poke, refuse, said

from .fixtures import attack_step as attack
from .fixtures import choose_step as choose
from .fixtures import modern_side as side
from .fixtures import power_step as use
from .fixtures import use as power_action

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
PIKACHU_EX, RARE_CANDY, ARVEN = "sv2-63", "sv1-191", "sv1-166"
FEZANDIPITI, FEZ_ME, BUDEW = "sv6pt5-38", "me2pt5-142", "sv8pt5-4"
DUDUNSPARCE_EX, DUDUNSPARCE, DUNSPARCE = "sv9-121", "sv5-129", "sv5-128"
CLEFAIRY, LATIAS, WELLSPRING, KANGASKHAN, KORAIDON = "sv9-56", "sv8-76", "sv6-64", "me1-104", "me2pt5-121"
MOLTRES, KIRLIA, GARDEVOIR, SOLROCK, RIOLU, LUNATONE, LUNATONE_ME = (
    "me2-14", "me1-59", "me1-60", "me1-75", "me1-76", "me1-74", "me2pt5-105")
LUCARIO, ZOROARK, DARMANITAN, ZEKROM, TATSUGIRI, PECHARUNT = (
    "me1-77", "sv9-98", "sv9-27", "me2pt5-155", "sv6-131", "sv6pt5-39")
TEAL, RAGING_BOLT_EX, RAGING_BOLT = "sv6-25", "sv5-123", "sv7-111"
RALTS = "me1-58"
BIG = DUDUNSPARCE_EX            # 270 HP, Fighting Weakness: a defender the attacks here do not Knock Out


def me(state):
    return state.seats[0]


def them(state):
    return state.seats[1]


# -- the group -------------------------------------------------------------------------------------

def test_every_printing_of_the_cards_is_exact():
    for name, (ids, _attacks, _power) in _POKEMON.items():
        same = {c.id for c in carddb.shipped_cards() if c.name == name and c.supertype == "Pokemon"
                and [a.name for a in c.attacks] == [a.name for a in card(ids[0]).attacks]}
        assert same == set(ids), name                 # every printing with these attacks is encoded
        for cid in ids:
            c = card(cid)
            assert c.implemented, cid
            assert c.declared == frozenset(), (cid, c.declared)     # Orichalcum Fang: compiler/last_turn.py


def test_the_shipped_decks_have_none_of_these_cards_declared():
    from projections.tcg import decks
    names = set(_POKEMON)
    for deck in ("std26-dragapult-dudunsparce", "std26-kangaskhan-clefairy", "std26-mega-gardevoir",
                 "std26-mega-lucario", "std26-ns-zoroark", "std26-raging-bolt-ogerpon"):
        for cid in set(decks.shipped_deck(deck)):
            c = card(cid)
            if c.name in names and c.supertype == "Pokemon":
                assert c.declared == frozenset(), (deck, cid)


# -- Fezandipiti ex: Flip the Script, Cruel Arrow ---------------------------------------------------

def test_r_power_1_flip_the_script_draws_3_after_a_knock_out_once_a_turn_by_name():
    for cid in (FEZANDIPITI, FEZ_ME):
        st = modern(side(poke(PIKACHU_EX), bench=[poke(cid), poke(FEZANDIPITI)]), side(poke(PIKACHU_EX)))
        st.this_turn["knocked_out_last_turn"] = [0]         # the turn record (flow.start_turn)
        fez, other = me(st).bench
        d = use(st, fez.top, card(cid).power.name)
        assert len(me(d.state).hand) == 3 and len(me(d.state).deck) == 5
        refuse(d.state, 0, power_action(other.top, "Flip the Script"), "R-POWER-1", contains="Only one")
        refuse(d.state, 0, power_action(fez.top, card(cid).power.name), "R-POWER-1")
    calm = modern(side(poke(PIKACHU_EX), bench=[poke(FEZANDIPITI)]), side(poke(PIKACHU_EX)))
    refuse(calm, 0, power_action(me(calm).bench[0].top, "Flip the Script"), "R-POWER-1", contains="Knocked Out")


def test_r_damage_2_cruel_arrow_hits_a_benched_pokemon_without_weakness():
    st = modern(side(poke(FEZ_ME, [DARKNESS, DARKNESS, DARKNESS])),
                side(poke(PIKACHU_EX), bench=[poke(PIKACHU_EX)]))
    target = them(st).bench[0]
    d = attack(st, "Cruel Arrow", pokemon=[target.top])
    assert them(d.state).bench[0].damage == 100 and them(d.state).active.damage == 0
    refuse(st, 0, attack_action("Cruel Arrow"), "R-ATTACK-2")                # two to choose from: name one


# -- Budew: Itchy Pollen ------------------------------------------------------------------------------

def test_r_trainer_1_itchy_pollen_stops_items_during_the_opponents_next_turn():
    st = modern(side(poke(BUDEW)), side(poke(PIKACHU_EX), hand=[RARE_CANDY, ARVEN]))
    d = attack(st, "Itchy Pollen")
    assert them(d.state).active.damage == 10
    nxt = act(d.state, 0, {"type": "end_turn"}).state if d.state.seat_to_act == 0 else d.state
    candy = next(i for i in them(nxt).hand if nxt.card_id(i) == RARE_CANDY)
    arven = next(i for i in them(nxt).hand if nxt.card_id(i) == ARVEN)
    refuse(nxt, 1, {"type": "play_trainer", "card": candy, "targets": [], "choices": {}}, "R-TRAINER-1",
           contains="Item")
    assert any(a["type"] == "play_trainer" and a["card"] == arven for a in legal_actions(nxt, 1))


# -- Dudunsparce ex: Tenacious Tail, Destructive Drill ---------------------------------------------------

def test_r_damage_1_tenacious_tail_60_per_opponents_pokemon_ex():
    st = modern(side(poke(DUDUNSPARCE_EX, [FIGHTING])),
                side(poke(PIKACHU_EX), bench=[poke(PIKACHU_EX), poke(BUDEW)]))
    assert them(attack(st, "Tenacious Tail").state).active.damage == 120


def test_r_damage_1_destructive_drill_ignores_the_defenders_effects_not_weakness():
    st = modern(side(poke(DUDUNSPARCE_EX, [FIGHTING] * 3)), side(poke(PIKACHU_EX)))
    them(st).active.effects.append({"kind": "reduce_damage", "until_turn": 4, "amount": 100, "why": "a shield"})
    assert them(attack(st, "Destructive Drill").state).active.damage == 150
    assert them(attack(st, "Tenacious Tail").state).active.damage == 0          # 60 - 100: the shield works
    # Shred (used by Night Joker, a Darkness attacker) keeps the Weakness of Ralts (Darkness)
    joker = modern(side(poke(ZOROARK, [DARKNESS, DARKNESS]), bench=[poke(ZEKROM)]), side(poke(RALTS)))
    them(joker).active.effects.append({"kind": "reduce_damage", "until_turn": 4, "amount": 100, "why": "a shield"})
    d = attack(joker, "Night Joker", attack="Shred")
    said(d, "does 140 damage")                                      # 70, Weakness ×2; the shield ignored


# -- Dudunsparce: Run Away Draw ------------------------------------------------------------------------

def test_r_power_1_run_away_draw_draws_3_and_shuffles_itself_into_the_deck():
    st = modern(side(poke(PIKACHU_EX), bench=[poke(DUDUNSPARCE, [FIGHTING])]), side(poke(PIKACHU_EX)))
    dud = me(st).bench[0]
    d = use(st, dud.top, "Run Away Draw")
    assert len(me(d.state).hand) == 3 and me(d.state).bench == []
    assert len(me(d.state).deck) == 8 - 3 + 3                  # Dudunsparce, Dunsparce, the Energy
    active = modern(side(poke(DUDUNSPARCE), bench=[poke(BUDEW)]), side(poke(PIKACHU_EX)))
    d2 = use(active, me(active).active.top, "Run Away Draw")
    assert me(d2.state).active is None and d2.state.pending_promotions == [0]
    empty = modern(side(poke(PIKACHU_EX), bench=[poke(DUDUNSPARCE)], deck=[]), side(poke(PIKACHU_EX)))
    d3 = use(empty, me(empty).bench[0].top, "Run Away Draw")
    assert len(me(d3.state).bench) == 1                            # drew nothing: it stays
    refuse(d.state, 0, power_action(dud.top, "Run Away Draw"), "R-POWER-1")


# -- Lillie's Clefairy ex: Fairy Zone, Full Moon Rondo -------------------------------------------------

def test_r_damage_1_fairy_zone_gives_the_opponents_dragons_psychic_weakness_full_moon_rondo():
    st = modern(side(poke(CLEFAIRY, [PSYCHIC, PSYCHIC]), bench=[poke(BUDEW)]),
                side(poke(RAGING_BOLT_EX), bench=[poke(BUDEW), poke(BUDEW)]))
    d = attack(st, "Full Moon Rondo")
    assert them(d.state).active.damage == (20 + 3 * 20) * 2
    said(d, "Weakness")
    mine = modern(side(poke(RAGING_BOLT_EX, [LIGHTNING, FIGHTING])), side(poke(CLEFAIRY)))
    assert them(attack(mine, "Bellowing Thunder", offered=False, cards=[]).state).active.damage == 0


# -- Latias ex: Skyliner ----------------------------------------------------------------------------------

def test_r_retreat_1_skyliner_basic_pokemon_retreat_for_nothing():
    st = modern(side(poke(PIKACHU_EX), bench=[poke(LATIAS)]), side(poke(PIKACHU_EX)))
    latias = me(st).bench[0]
    d = act(st, 0, {"type": "retreat", "to": latias.top, "discard": []})
    assert me(d.state).active.top == latias.top
    evolved = modern(side(poke(DUDUNSPARCE), bench=[poke(LATIAS)]), side(poke(PIKACHU_EX)))
    refuse(evolved, 0, {"type": "retreat", "to": me(evolved).bench[0].top, "discard": []}, "R-RETREAT-2")


# -- Wellspring Mask Ogerpon ex: Torrential Pump ------------------------------------------------------------

def test_r_damage_2_torrential_pump_shuffles_3_energy_for_120_to_the_bench():
    st = modern(side(poke(WELLSPRING, [WATER, WATER, WATER, WATER])),
                side(poke(PIKACHU_EX), bench=[poke(BUDEW), poke(PIKACHU_EX)]))
    e = me(st).active.energy
    target = them(st).bench[1]
    d = attack(st, "Torrential Pump", cards=e[:3], pokemon=[target.top])
    assert them(d.state).active.damage == 100 and them(d.state).bench[1].damage == 120
    assert me(d.state).active.energy == [e[3]] and len(me(d.state).deck) == 11
    plain = attack(st, "Torrential Pump")
    assert them(plain.state).bench[1].damage == 0 and len(me(plain.state).active.energy) == 4
    refuse(st, 0, attack_action("Torrential Pump", cards=e[:2], pokemon=[target.top]), "R-ATTACK-2")


# -- Mega Kangaskhan ex: Rapid-Fire Combo, Run Errand -----------------------------------------------------

def test_r_damage_1_rapid_fire_combo_flips_until_tails_and_run_errand_from_the_active_spot():
    st = modern(side(poke(KANGASKHAN, [FIGHTING] * 3), bench=[poke("mep-25")]), side(poke(BIG)))
    d = attack(st, "Rapid-Fire Combo", coins=["heads", "tails"], offered=False)
    assert them(d.state).active.damage == 250
    k = me(st).active
    d2 = use(st, k.top, "Run Errand")
    assert len(me(d2.state).hand) == 2
    refuse(d2.state, 0, power_action(me(st).bench[0].top, "[Ability] Run Errand"), "R-POWER-1")
    refuse(st, 0, power_action(me(st).bench[0].top, "[Ability] Run Errand"), "R-POWER-1", contains="Active Spot")


# -- Riolu, Mega Lucario ex, Koraidon ex: an attack blocked next turn ------------------------------------------

def test_r_attack_1_accelerating_stab_cant_be_used_next_turn_other_attacks_can():
    st = modern(side(poke(RIOLU, [FIGHTING])), side(poke(PIKACHU_EX)))
    d = attack(st, "Accelerating Stab")
    riolu = me(d.state).active
    assert riolu.effects and riolu.effects[0]["attack"] == "Accelerating Stab"
    d.state.turn += 2
    d.state.seat_to_act = 0
    d.state.this_turn["attacked"] = False
    refuse(d.state, 0, attack_action("Accelerating Stab"), "R-ATTACK-1")
    assert card(KORAIDON).attack("Impact Blow").compiled_by == card(RIOLU).attack("Accelerating Stab").compiled_by


def test_r_energy_1_aura_jab_attaches_up_to_3_fighting_from_the_discard_pile_to_the_bench():
    st = modern(side(poke(LUCARIO, [FIGHTING]), bench=[poke(RIOLU), poke(BUDEW)], discard=[FIGHTING] * 4),
                side(poke(PIKACHU_EX, damage=0)))
    riolu, budew = me(st).bench
    f = me(st).discard
    d = attack(st, "Aura Jab", cards=f[:3], to=[riolu.top, riolu.top, budew.top])
    assert len(me(d.state).bench[0].energy) == 2 and len(me(d.state).bench[1].energy) == 1
    assert d.state.this_turn["energy_attached"] is None
    refuse(st, 0, attack_action("Aura Jab", cards=f[:3], to=[riolu.top]), "R-ATTACK-2")


# -- Moltres: Fighting Wings ---------------------------------------------------------------------------

def test_r_damage_1_fighting_wings_90_more_against_a_pokemon_ex():
    assert them(attack(modern(side(poke(MOLTRES, [FIRE])), side(poke(PIKACHU_EX))),
                       "Fighting Wings").state).active.damage == 110
    said(attack(modern(side(poke(MOLTRES, [FIRE])), side(poke(BUDEW))), "Fighting Wings"),
         "does 40 damage")                                          # Budew: Fire Weakness, no bonus


# -- Kirlia: Call Sign -----------------------------------------------------------------------------------

def test_r_hidden_1_call_sign_takes_up_to_3_pokemon_shown():
    st = modern(side(poke(KIRLIA, [PSYCHIC]), deck=[BUDEW, FIGHTING, RIOLU, LATIAS, BUDEW]),
                side(poke(PIKACHU_EX)))
    deck = me(st).deck
    d = attack(st, "Call Sign")
    assert d.state.pending
    d2 = choose(d.state, search=[deck[0], deck[2], deck[3]])
    assert len(me(d2.state).hand) == 3 and len(me(d2.state).deck) == 2
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [deck[1]]}}, "R-ATTACK-2")


# -- Mega Gardevoir ex: Overflowing Wishes, Mega Symphonia ----------------------------------------------------

def test_r_energy_1_overflowing_wishes_one_psychic_for_each_benched_pokemon():
    st = modern(side(poke(GARDEVOIR, [PSYCHIC]), bench=[poke(RIOLU), poke(BUDEW)],
                     deck=[PSYCHIC, FIGHTING, PSYCHIC, PSYCHIC]), side(poke(PIKACHU_EX)))
    riolu, budew = me(st).bench
    deck = me(st).deck
    d = attack(st, "Overflowing Wishes")
    d2 = choose(d.state, search=[deck[0], deck[2]], to=[riolu.top, budew.top])
    assert [len(p.energy) for p in me(d2.state).bench] == [1, 1]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [deck[0]], "to": [riolu.top]}}, "R-TRAINER-5")


def test_r_damage_1_mega_symphonia_50_per_psychic_energy_on_all_your_pokemon():
    st = modern(side(poke(GARDEVOIR, [PSYCHIC, PSYCHIC]), bench=[poke(RIOLU, [PSYCHIC, FIGHTING])]),
                side(poke(BIG)))
    assert them(attack(st, "Mega Symphonia").state).active.damage == 150


# -- Solrock and Lunatone -------------------------------------------------------------------------------

def test_r_attack_3_cosmic_beam_needs_lunatone_on_the_bench_and_ignores_weakness():
    st = modern(side(poke(SOLROCK, [FIGHTING]), bench=[poke(LUNATONE)]), side(poke(PIKACHU_EX)))
    assert them(attack(st, "Cosmic Beam").state).active.damage == 70
    alone = modern(side(poke(SOLROCK, [FIGHTING])), side(poke(PIKACHU_EX)))
    d = attack(alone, "Cosmic Beam")
    assert them(d.state).active.damage == 0
    said(d, "does nothing")


def test_r_power_1_lunar_cycle_discards_a_fighting_energy_with_solrock_in_play():
    st = modern(side(poke(SOLROCK), bench=[poke(LUNATONE), poke(LUNATONE_ME)], hand=[FIGHTING, GRASS]),
                side(poke(PIKACHU_EX)))
    luna, luna2 = me(st).bench
    fighting, grass = me(st).hand
    d = use(st, luna.top, "Lunar Cycle", cards=[fighting])
    assert len(me(d.state).hand) == 4 and fighting in me(d.state).discard
    refuse(d.state, 0, power_action(luna2.top, "[Ability] Lunar Cycle", cards=[grass]), "R-POWER-1")
    refuse(st, 0, power_action(luna.top, "Lunar Cycle", cards=[grass]), "R-POWER-1", contains="choices.cards")
    alone = modern(side(poke(LUNATONE), hand=[FIGHTING]), side(poke(PIKACHU_EX)))
    refuse(alone, 0, power_action(me(alone).active.top, "Lunar Cycle"), "R-POWER-1", contains="Solrock")


# -- N's Zoroark ex, N's Darmanitan, N's Zekrom ---------------------------------------------------------------

def test_r_attack_6_night_joker_uses_a_benched_ns_pokemons_attack_trade_discards_then_draws():
    st = modern(side(poke(ZOROARK, [DARKNESS, DARKNESS]), bench=[poke(ZEKROM)], hand=[GRASS]),
                side(poke(PIKACHU_EX)))
    d = attack(st, "Night Joker", attack="Shred")
    assert them(d.state).active.damage == 70
    refuse(st, 0, attack_action("Night Joker", attack="Rampaging Thunderbolt"), "R-ATTACK-2")
    not_ns = modern(side(poke(ZOROARK, [DARKNESS, DARKNESS]), bench=[poke(BUDEW)]), side(poke(PIKACHU_EX)))
    said(attack(not_ns, "Night Joker", offered=False), "does nothing")     # no Benched N's Pokémon
    z = me(st).active
    d2 = use(st, z.top, "Trade", cards=[me(st).hand[0]])
    assert len(me(d2.state).hand) == 2
    refuse(d2.state, 0, power_action(z.top, "Trade", cards=[me(d2.state).hand[0]]), "R-POWER-1")
    empty = modern(side(poke(ZOROARK)), side(poke(PIKACHU_EX)))
    refuse(empty, 0, power_action(me(empty).active.top, "Trade"), "R-POWER-1")


def test_r_damage_2_flamebody_cannon_and_back_draft():
    st = modern(side(poke(DARMANITAN, [FIRE, FIRE, FIRE])),
                side(poke(BIG), bench=[poke(BIG)], discard=[WATER, WATER, RARE_CANDY]))
    target = them(st).bench[0]
    d = attack(st, "Flamebody Cannon")
    assert them(d.state).bench[0].damage == 90 and me(d.state).active.energy == []
    assert target.top == them(d.state).bench[0].top
    assert them(attack(st, "Back Draft").state).active.damage == 60


# -- Tatsugiri: Attract Customers --------------------------------------------------------------------------

def test_r_hidden_1_attract_customers_a_supporter_among_the_top_6():
    st = modern(side(poke(TATSUGIRI), deck=[FIGHTING, ARVEN, FIGHTING, FIGHTING, FIGHTING, FIGHTING, ARVEN]),
                side(poke(PIKACHU_EX)))
    deck = me(st).deck
    d = use(st, me(st).active.top, "Attract Customers")
    d2 = choose(d.state, search=[deck[1]])
    assert me(d2.state).hand == [deck[1]]
    refuse(d.state, 0, {"type": "choose", "choices": {"search": [deck[6]]}}, "R-POWER-1")
    benched = modern(side(poke(PIKACHU_EX), bench=[poke(TATSUGIRI)]), side(poke(PIKACHU_EX)))
    refuse(benched, 0, power_action(me(benched).bench[0].top, "Attract Customers"), "R-POWER-1",
           contains="Active Spot")


# -- Pecharunt ex: Subjugating Chains, Irritated Outburst ---------------------------------------------------

def test_r_power_1_subjugating_chains_switches_in_a_darkness_pokemon_poisoned():
    st = modern(side(poke(PIKACHU_EX), bench=[poke(PECHARUNT), poke(FEZANDIPITI), poke(PECHARUNT)]),
                side(poke(PIKACHU_EX), prizes=4))
    pech, fez, pech2 = me(st).bench
    d = use(st, pech.top, "Subjugating Chains", pokemon=[fez.top])
    assert me(d.state).active.top == fez.top and me(d.state).active.conditions == ["poisoned"]
    refuse(d.state, 0, power_action(pech2.top, "Subjugating Chains"), "R-POWER-1", contains="Only one")
    refuse(st, 0, power_action(pech.top, "Subjugating Chains", pokemon=[pech2.top]), "R-POWER-1")
    out = modern(side(poke(PECHARUNT, [DARKNESS, DARKNESS])), side(poke(BIG), prizes=4))
    assert them(attack(out, "Irritated Outburst").state).active.damage == 120


# -- Teal Mask Ogerpon ex: Teal Dance, Myriad Leaf Shower ----------------------------------------------------

def test_r_power_1_teal_dance_attaches_grass_from_the_hand_and_draws():
    st = modern(side(poke(TEAL, [GRASS] * 3), hand=[GRASS, FIRE]), side(poke(PIKACHU_EX, [LIGHTNING])))
    ogerpon = me(st).active
    d = use(st, ogerpon.top, "Teal Dance", cards=[me(st).hand[0]], to=ogerpon.top)
    assert len(me(d.state).active.energy) == 4 and len(me(d.state).hand) == 2
    assert d.state.this_turn["energy_attached"] is None
    refuse(d.state, 0, power_action(ogerpon.top, "Teal Dance"), "R-POWER-1")
    assert them(attack(d.state, "Myriad Leaf Shower").state).active.damage == 30 + 5 * 30


# -- Raging Bolt ex, Raging Bolt -------------------------------------------------------------------------

def test_r_energy_3_bellowing_thunder_70_per_basic_energy_discarded_burst_roar():
    st = modern(side(poke(RAGING_BOLT_EX, [LIGHTNING, FIGHTING]), bench=[poke(BUDEW, [GRASS])], hand=[FIRE]),
                side(poke(BIG)))
    bolt, budew = me(st).active, me(st).bench[0]
    d = attack(st, "Bellowing Thunder", cards=[bolt.energy[0], budew.energy[0]])
    assert them(d.state).active.damage == 140 and len(me(d.state).discard) == 2
    d2 = attack(st, "Burst Roar")
    assert len(me(d2.state).hand) == 6 and me(st).hand[0] in me(d2.state).discard


def test_r_damage_2_thunderburst_storm_30_per_energy_to_one_of_theirs():
    st = modern(side(poke(RAGING_BOLT, [LIGHTNING, FIGHTING, FIGHTING])),
                side(poke(BIG), bench=[poke(PIKACHU_EX)]))
    target = them(st).bench[0]
    d = attack(st, "Thunderburst Storm", pokemon=[target.top])
    assert them(d.state).bench[0].damage == 90 and them(d.state).active.damage == 0
