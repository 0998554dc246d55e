"""The Pokémon of the four shipped Standard decks whose attacks have text or who have an Ability
(`cards/sv_decks_pokemon.py`), ruleset `modern`: exact outcomes, coins fixed (each test proves how
many flips an action needs), refusals with their rule, what `legal_actions` offers, and what each
player reads of hidden cards (R-HIDDEN-1). Shuffles keep the order (FixedCoins without a source)."""
import json
from pathlib import Path

from projections.tcg import carddb
from projections.tcg.carddb import card
from projections.tcg.game import TcgGame
from projections.tcg.legal import legal_actions
from projections.text import grants
from tests.engine.cards.fixtures import attack_action, choose_offers, modern, names_none_of

from .fixtures import act, poke, read_by, refuse, said
from .fixtures import attack_step as attack
from .fixtures import choose_step as choose
from .fixtures import modern_side as side
from .fixtures import power_step as use
from .fixtures import use as power_action

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
JET = "sv2-190"

RALTS, KIRLIA, GARDEVOIR, DRIFLOON, KLEFKI = "sv1-84", "sv1-85", "sv1-86", "sv1-89", "sv1-96"
FRIGIBAX, BAXCALIBUR, CHIEN_PAO, PIKACHU_EX, SQUAWKABILLY = "sv2-57", "sv2-60", "sv2-61", "sv2-63", "sv2-169"
CHARMANDER, CHARMELEON, CHARIZARD, PIDGEY, PIDGEOT = "sv3-26", "sv3-27", "sv3-125", "sv3-162", "sv3-164"
MEW, SCREAM_TAIL, MUNKIDORI, DRAKLOAK, DRAGAPULT = "sv3pt5-151", "sv4-86", "sv6-95", "sv6-129", "sv6-130"
DUSKULL, DUSCLOPS, DUSKNOIR, FEZANDIPITI = "sv6pt5-18", "sv6pt5-19", "sv6pt5-20", "sv6pt5-38"
SKIDDO, GREAT_TUSK = "sv1-11", "sv1-123"
RARE_CANDY, BRAVERY_CHARM, ARTAZON = "sv1-191", "sv2-173", "sv2-171"

ENCODED = [KIRLIA, GARDEVOIR, DRIFLOON, KLEFKI, BAXCALIBUR, CHIEN_PAO, SQUAWKABILLY, CHARMANDER, CHARMELEON,
           CHARIZARD, PIDGEOT, MEW, SCREAM_TAIL, MUNKIDORI, DRAKLOAK, DRAGAPULT, DUSKULL, DUSCLOPS, DUSKNOIR]
GAME = TcgGame()


# -- helpers ---------------------------------------------------------------------------------------

def power_offers(state, holder):
    return [a["choices"] for a in legal_actions(state, 0) if a["type"] == "use_power" and a["pokemon"] == holder]


def attack_offers(state, name):
    return [a["choices"] for a in legal_actions(state, 0) if a["type"] == "attack" and a["attack"] == name]


def me(state):
    return state.seats[0]


def them(state):
    return state.seats[1]


# -- the group -------------------------------------------------------------------------------------

def test_every_text_of_the_decks_pokemon_is_encoded_nothing_is_declared():
    for cid in ENCODED:
        c = card(cid)
        assert c.implemented and c.declared == frozenset(), cid
        for a in c.attacks:
            assert bool(a.effects) == a.has_effect_text, (cid, a.name)
            assert not any(getattr(e, "declared", False) for e in a.effects), (cid, a.name)
        if c.power is not None:
            assert c.power.effect is not None and not getattr(c.power.effect, "declared", False), cid


def test_every_text_is_worded_in_its_own_words():
    printed: dict[str, str] = {}
    for set_code in ("sv1", "sv2", "sv3", "sv3pt5", "sv4", "sv6", "sv6pt5"):
        for c in json.loads(Path(f"/work/shared/cards/{set_code}.json").read_text(encoding="utf-8")):
            if c["id"] in ENCODED:
                printed[c["id"]] = " ".join([a.get("text", "") for a in c.get("attacks", [])]
                                            + [a.get("text", "") for a in c.get("abilities", [])]).lower()
    assert set(printed) == set(ENCODED)
    for cid in ENCODED:
        c = card(cid)
        texts = [e.describe() for a in c.attacks for e in a.effects]
        texts += [c.power.effect.describe()] if c.power and c.power.effect else []
        for t in texts:
            assert len(t) > 15 and t.lower() not in printed[cid], (cid, t)


def test_every_deck_pokemon_the_four_decks_play_is_exact():
    """The four shipped decks: every Pokémon card of theirs is exact but Fezandipiti ex (another
    helper's) and the Pokémon without text."""
    from projections.tcg import decks
    for name in ("sv-charizard-pidgeot", "sv-chien-pao-baxcalibur", "sv-dragapult-dusknoir", "sv-gardevoir-ex"):
        for cid in set(decks.shipped_deck(name)):
            c = carddb.card(cid)
            if c.supertype == "Pokemon" and cid != FEZANDIPITI:
                assert c.declared == frozenset(), cid


# -- sv1-85 Kirlia: Psychic ----------------------------------------------------------------------------

def test_sv1_85_kirlia_psychic_adds_20_per_energy_on_the_defending_pokemon():
    st = modern(side(poke(KIRLIA, [PSYCHIC, PSYCHIC, PSYCHIC])),
                side(poke(PIKACHU_EX, [LIGHTNING, LIGHTNING, JET])))
    d = attack(st, "Psychic")
    assert them(d.state).active.damage == 60 + 3 * 20
    bare = modern(side(poke(KIRLIA, [PSYCHIC, PSYCHIC, PSYCHIC])), side(poke(PIKACHU_EX)))
    assert them(attack(bare, "Psychic").state).active.damage == 60


# -- sv1-86 Gardevoir ex: Miracle Force, Psychic Embrace -----------------------------------------------

def test_sv1_86_gardevoir_ex_miracle_force_recovers_from_every_special_condition():
    st = modern(side(poke(GARDEVOIR, [PSYCHIC, PSYCHIC, PSYCHIC], conditions=["confused", "poisoned"])),
                side(poke(FEZANDIPITI)))
    d = attack(st, "Miracle Force", coins=["heads"])
    assert them(d.state).active.damage == 190
    assert me(d.state).active.conditions == [] and me(d.state).active.damage == 0     # no Poison between turns
    said(d, "recovers from Confused, Poisoned")
    failed = attack(st, "Miracle Force", coins=["tails"])                               # Confusion: no attack
    assert them(failed.state).active.damage == 0
    assert me(failed.state).active.conditions == ["confused", "poisoned"] and me(failed.state).active.damage == 40


def _embrace_board(**kw):
    return modern(side(poke(GARDEVOIR), bench=[poke(KIRLIA, damage=60), poke(CHARMANDER)],
                       discard=[PSYCHIC, FIRE, PSYCHIC]), side(poke(PIKACHU_EX)), **kw)


def test_sv1_86_psychic_embrace_attaches_from_the_discard_pile_with_2_counters_as_often_as_you_like():
    st = _embrace_board()
    gardevoir, kirlia = me(st).active, me(st).bench[0]
    psychic, fire, psychic2 = me(st).discard
    assert power_offers(st, gardevoir.top) == [{"cards": [psychic], "to": gardevoir.top},
                                               {"cards": [psychic], "to": kirlia.top}]
    d = use(st, gardevoir.top, "Psychic Embrace", cards=[psychic], to=kirlia.top)
    k = me(d.state).bench[0]
    assert k.energy == [psychic] and k.damage == 80 and me(d.state).discard == [fire, psychic2]
    assert d.state.this_turn["energy_attached"] is None                          # not the turn's attachment
    d2 = use(d.state, gardevoir.top, "Psychic Embrace", cards=[psychic2], to=gardevoir.top)
    assert me(d2.state).active.energy == [psychic2] and me(d2.state).active.damage == 20


def test_sv1_86_psychic_embrace_refusals():
    st = _embrace_board()
    gardevoir, (kirlia, charmander) = me(st).active, me(st).bench
    psychic, fire, _ = me(st).discard
    refuse(st, 0, power_action(gardevoir.top, "Psychic Embrace", cards=[psychic], to=charmander.top),
           "R-POWER-1", contains="only to your Psychic Pokémon")
    refuse(st, 0, power_action(gardevoir.top, "Psychic Embrace", cards=[fire], to=kirlia.top), "R-POWER-1",
           contains="choices.cards")
    refuse(st, 0, power_action(gardevoir.top, "Psychic Embrace", cards=[psychic]), "R-POWER-1", contains="choices.to")
    near = modern(side(poke(GARDEVOIR), bench=[poke(KIRLIA, damage=70)], discard=[PSYCHIC]), side(poke(PIKACHU_EX)))
    k = me(near).bench[0]
    refuse(near, 0, power_action(me(near).active.top, "Psychic Embrace", to=k.top), "R-POWER-1",
           contains="would Knock it Out")
    empty = modern(side(poke(GARDEVOIR), discard=[FIRE]), side(poke(PIKACHU_EX)))
    refuse(empty, 0, power_action(me(empty).active.top, "Psychic Embrace"), "R-POWER-1", contains="discard pile")


# -- sv1-89 Drifloon: Balloon Blast -------------------------------------------------------------------------

def test_sv1_89_drifloon_balloon_blast_does_30_per_own_damage_counter():
    st = modern(side(poke(DRIFLOON, [PSYCHIC, PSYCHIC], damage=30)), side(poke(PIKACHU_EX)))
    assert them(attack(st, "Balloon Blast").state).active.damage == 90
    fresh = modern(side(poke(DRIFLOON, [PSYCHIC, PSYCHIC])), side(poke(PIKACHU_EX)))
    d = attack(fresh, "Balloon Blast")
    assert them(d.state).active.damage == 0
    said(d, "does no damage")


# -- sv1-96 Klefki: Joust, Mischievous Lock ------------------------------------------------------------------

def test_sv1_96_klefki_joust_discards_the_tools_before_the_damage():
    st = modern(side(poke(KLEFKI, [PSYCHIC]), bench=[poke(RALTS)]),
                side(poke(FRIGIBAX, attached=[BRAVERY_CHARM])))
    charm = them(st).active.attached[0]
    assert st.hp(them(st).active) == 110
    d = attack(st, "Joust")
    frig = them(d.state).active
    assert frig.attached == [] and them(d.state).discard == [charm] and frig.damage == 10
    assert said(d, "discards") < said(d, "does 10 damage")
    said(d, "10/60")


def test_sv1_96_mischievous_lock_stops_the_abilities_of_basic_pokemon_while_klefki_is_active():
    st = modern(side(poke(MEW), bench=[poke(PIDGEOT)], hand=[FIRE], deck=[WATER] * 5),
                side(poke(KLEFKI), bench=[poke(RALTS)]))
    mew, pidgeot = me(st).active, me(st).bench[0]
    refuse(st, 0, power_action(mew.top, "Restart"), "R-POWER-1", contains="Mischievous Lock")
    assert power_offers(st, mew.top) == []
    use(st, pidgeot.top, "Quick Search")                             # a Stage 2: not locked
    benched = modern(side(poke(MEW), hand=[FIRE], deck=[WATER] * 5), side(poke(RALTS), bench=[poke(KLEFKI)]))
    assert len(me(use(benched, me(benched).active.top, "Restart").state).hand) == 3
    own = modern(side(poke(KLEFKI), bench=[poke(MEW)], hand=[FIRE]), side(poke(PIKACHU_EX)))
    refuse(own, 0, power_action(me(own).bench[0].top, "Restart"), "R-POWER-1", contains="Mischievous Lock")


# -- sv2-60 Baxcalibur: Super Cold -----------------------------------------------------------------------------

def test_sv2_60_super_cold_attaches_water_from_the_hand_as_often_as_you_like():
    st = modern(side(poke(CHIEN_PAO), bench=[poke(BAXCALIBUR)], hand=[WATER, FIRE, WATER]), side(poke(PIKACHU_EX)))
    chien, bax = me(st).active, me(st).bench[0]
    w1, fire, w2 = me(st).hand
    assert power_offers(st, bax.top) == [{"cards": [w1], "to": chien.top}, {"cards": [w1], "to": bax.top}]
    d = use(st, bax.top, "Super Cold", cards=[w1], to=chien.top)
    d2 = use(d.state, bax.top, "Super Cold", cards=[w2], to=chien.top)
    assert me(d2.state).active.energy == [w1, w2] and me(d2.state).hand == [fire]
    assert d2.state.this_turn["energy_attached"] is None
    refuse(d2.state, 0, power_action(bax.top, "Super Cold", cards=[fire], to=chien.top), "R-POWER-1",
           contains="basic Water Energy")


# -- sv2-61 Chien-Pao ex: Hail Blade, Shivery Chill ----------------------------------------------------------

def test_sv2_61_hail_blade_discards_water_from_any_of_your_pokemon_for_60_each():
    st = modern(side(poke(CHIEN_PAO, [WATER, WATER, WATER]), bench=[poke(FRIGIBAX, [WATER, FIRE])]),
                side(poke(PIKACHU_EX)))
    a1, a2, a3 = me(st).active.energy
    b1, fire = me(st).bench[0].energy
    offered = attack_offers(st, "Hail Blade")
    assert len(offered) == 4 * 2 and {"cards": []} in offered and {"cards": [a1, a2, b1]} in offered
    d = attack(st, "Hail Blade", cards=[a1, a2, b1])
    assert them(d.state).active.damage == 180
    assert me(d.state).active.energy == [a3] and me(d.state).bench[0].energy == [fire]
    assert me(d.state).discard == [a1, a2, b1]
    none = attack(st, "Hail Blade", offered=False)
    assert them(none.state).active.damage == 0 and me(none.state).active.energy == [a1, a2, a3]
    refuse(st, 0, attack_action("Hail Blade", cards=[fire]), "R-ATTACK-2")


def test_sv2_61_hail_blade_discards_nothing_when_confusion_stops_it():
    st = modern(side(poke(CHIEN_PAO, [WATER, WATER], conditions=["confused"])), side(poke(PIKACHU_EX)))
    a1, a2 = me(st).active.energy
    d = attack(st, "Hail Blade", coins=["tails"], cards=[a1, a2])
    assert me(d.state).active.energy == [a1, a2] and them(d.state).active.damage == 0


def _chill_board(deck, active=True):
    chien = poke(CHIEN_PAO)
    other = poke(PIDGEY)
    return modern(side(chien if active else other, bench=[other if active else chien], deck=deck),
                  side(poke(PIKACHU_EX)))


def test_sv2_61_shivery_chill_takes_up_to_2_basic_water_energy_shown_to_both():
    st = _chill_board([FIRE, WATER, WATER, WATER, FIRE])
    chien = me(st).active
    deck = list(me(st).deck)
    fire, w1, w2, w3, fire2 = deck
    d = use(st, chien.top, "Shivery Chill")
    looking = d.state
    assert looking.pending == {"seat": 0, "card": chien.top, "kind": "search", "look": deck, "by": "power"}
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 5}
    assert choose_offers(looking) == [{"search": [w1]}, {"search": [w1, w2]}]
    for bad in ([fire], [], [w1, w2, w3]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}}, "R-POWER-1")
    d2 = choose(looking, search=[w1, w2])
    assert me(d2.state).hand == [w1, w2] and me(d2.state).deck == [fire, w3, fire2]
    assert grants(d2.narration, 1) == {w1, w2}
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), deck)
    names_none_of(read_by(looking, d2, 1), [fire, w3, fire2])
    refuse(d2.state, 0, power_action(chien.top, "Shivery Chill"), "R-POWER-1", contains="once")


def test_sv2_61_shivery_chill_only_from_the_active_spot_and_in_one_action_for_a_judge():
    benched = _chill_board([WATER], active=False)
    refuse(benched, 0, power_action(me(benched).bench[0].top, "Shivery Chill"), "R-POWER-1", contains="Active Spot")
    assert power_offers(benched, me(benched).bench[0].top) == []
    st = _chill_board([FIRE, WATER])
    fire, water = me(st).deck
    refuse(st, 0, power_action(me(st).active.top, "Shivery Chill", search=[fire]), "R-POWER-1")
    d = use(st, me(st).active.top, "Shivery Chill", offered=False, search=[water])
    assert me(d.state).hand == [water] and d.state.pending is None
    dry = _chill_board([FIRE])
    d = choose(use(dry, me(dry).active.top, "Shivery Chill").state, search=[])
    said(d, "finds no basic Water Energy card")


# -- sv2-169 Squawkabilly ex: Motivate, Squawk and Seize -----------------------------------------------------

def test_sv2_169_motivate_attaches_up_to_2_basic_energy_from_the_discard_pile_to_a_benched_pokemon():
    st = modern(side(poke(SQUAWKABILLY, [FIRE]), bench=[poke(CHARMANDER), poke(PIDGEY)],
                     discard=[FIRE, JET, WATER, FIRE]), side(poke(PIKACHU_EX)))
    charmander, pidgey = me(st).bench
    f1, jet, water, f2 = me(st).discard
    offered = attack_offers(st, "Motivate")
    assert {"cards": []} in offered and {"cards": [f1, f2], "to": pidgey.top} in offered
    assert all(jet not in o.get("cards", []) for o in offered)
    d = attack(st, "Motivate", cards=[f1, water], to=charmander.top)
    assert them(d.state).active.damage == 20
    assert me(d.state).bench[0].energy == [f1, water] and me(d.state).discard == [jet, f2]
    refuse(st, 0, attack_action("Motivate"), "R-ATTACK-2", contains="choices.cards")        # 3 to pick from
    two = modern(side(poke(SQUAWKABILLY, [FIRE]), bench=[poke(PIDGEY)], discard=[FIRE, WATER]), side(poke(PIKACHU_EX)))
    d = attack(two, "Motivate", offered=False)                                    # left out: both, to the one
    assert me(d.state).bench[0].energy == me(two).discard and me(d.state).discard == []
    refuse(st, 0, attack_action("Motivate", cards=[jet], to=charmander.top), "R-ATTACK-2")
    refuse(st, 0, attack_action("Motivate", cards=[f1], to=me(st).active.top), "R-ATTACK-2")


def test_sv2_169_squawk_and_seize_discards_the_hand_and_draws_6_during_the_first_turn_once():
    deck = [WATER, FIRE, GRASS, PSYCHIC, DARKNESS, METAL, LIGHTNING, FIGHTING]
    st = modern(side(poke(SQUAWKABILLY), bench=[poke(SQUAWKABILLY)], hand=[RARE_CANDY, FIRE], deck=deck),
                side(poke(PIKACHU_EX)), turn=2)
    first, second = me(st).active, me(st).bench[0]
    old_hand, drawn = list(me(st).hand), list(me(st).deck[:6])
    d = use(st, first.top, "Squawk and Seize")
    assert me(d.state).hand == drawn and me(d.state).discard == old_hand
    assert grants(d.narration, 1) == set(old_hand)
    names_none_of(read_by(st, d, 1), drawn)
    refuse(d.state, 0, power_action(second.top, "Squawk and Seize"), "R-POWER-1", contains="Only one")
    later = modern(side(poke(SQUAWKABILLY), hand=[FIRE], deck=deck), side(poke(PIKACHU_EX)), turn=3)
    refuse(later, 0, power_action(me(later).active.top, "Squawk and Seize"), "R-POWER-1", contains="first turn")
    going_first = modern(side(poke(SQUAWKABILLY), deck=deck[:2]), side(poke(PIKACHU_EX)), turn=1)
    d = use(going_first, me(going_first).active.top, "Squawk and Seize")
    assert len(me(d.state).hand) == 2                                             # what the deck holds


# -- sv3-26 Charmander, sv3-27 Charmeleon: Heat Tackle ------------------------------------------------------

def test_sv3_26_27_heat_tackle_also_damages_the_attacker():
    st = modern(side(poke(CHARMANDER, [FIRE])), side(poke(PIKACHU_EX)))
    d = attack(st, "Heat Tackle")
    assert them(d.state).active.damage == 30 and me(d.state).active.damage == 10
    st = modern(side(poke(CHARMELEON, [FIRE, FIRE])), side(poke(PIKACHU_EX)))
    d = attack(st, "Heat Tackle")
    assert them(d.state).active.damage == 70 and me(d.state).active.damage == 20


# -- sv3-125 Charizard ex: Burning Darkness, Infernal Reign --------------------------------------------------

def test_sv3_125_burning_darkness_adds_30_per_prize_card_the_opponent_has_taken():
    st = modern(side(poke(CHARIZARD, [FIRE, FIRE]), prizes=3), side(poke(CHIEN_PAO), prizes=6))
    assert them(attack(st, "Burning Darkness").state).active.damage == 180           # the opponent took none
    st = modern(side(poke(CHARIZARD, [FIRE, FIRE]), prizes=6), side(poke(CHIEN_PAO), prizes=5))
    assert them(attack(st, "Burning Darkness").state).active.damage == 180 + 30


def _reign_board(active, hand, deck=(FIRE, WATER, FIRE, FIRE, FIRE)):
    return modern(side(poke(active, entered_turn=1), bench=[poke(PIDGEY)], hand=hand, deck=deck),
                  side(poke(PIKACHU_EX)))


def test_sv3_125_infernal_reign_right_after_evolving_attaches_up_to_3_fire_energy_from_the_deck():
    st = _reign_board(CHARMELEON, [CHARIZARD])
    charmeleon, pidgey = me(st).active, me(st).bench[0]
    charizard = me(st).hand[0]
    deck = list(me(st).deck)
    f1, water, f2, f3, f4 = deck
    evolved = act(st, 0, {"type": "evolve", "card": charizard, "target": charmeleon.top}).state
    assert power_offers(evolved, charizard) == [{}]
    looking = use(evolved, charizard, "Infernal Reign").state
    assert looking.pending["look"] == deck and looking.pending["by"] == "power"
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 5}
    offered = choose_offers(looking)
    assert {"search": [f1, f2, f3], "pokemon": [charizard, charizard, pidgey.top]} in offered
    assert {"search": [f1], "pokemon": [pidgey.top]} in offered and {"search": []} not in offered
    refuse(looking, 0, {"type": "choose", "choices": {"search": [f1, water]}}, "R-POWER-1")
    refuse(looking, 0, {"type": "choose", "choices": {"search": [f1, f2]}}, "R-POWER-1", contains="choices.pokemon")
    d = choose(looking, search=[f1, f2, f3], pokemon=[charizard, charizard, pidgey.top])
    assert me(d.state).active.energy == [f1, f2] and me(d.state).bench[0].energy == [f3]
    assert me(d.state).deck == [water, f4]
    assert grants(d.narration, 1) == {f1, f2, f3}
    assert d.state.this_turn["energy_attached"] is None


def test_sv3_125_infernal_reign_with_rare_candy_and_refused_once_the_moment_has_passed():
    st = _reign_board(CHARMANDER, [RARE_CANDY, CHARIZARD, FIRE])
    charmander = me(st).active
    candy, charizard, fire = me(st).hand
    candied = act(st, 0, {"type": "play_trainer", "card": candy, "targets": [charmander.top],
                          "choices": {"cards": [charizard]}}).state
    assert me(use(candied, charizard, "Infernal Reign").state).active.top == charizard
    later = act(candied, 0, {"type": "attach_energy", "card": fire, "target": charizard}).state
    refuse(later, 0, power_action(charizard, "Infernal Reign"), "R-POWER-1", contains="moment has passed")
    assert power_offers(later, charizard) == []
    in_play = modern(side(poke(CHARIZARD)), side(poke(PIKACHU_EX)))
    refuse(in_play, 0, power_action(me(in_play).active.top, "Infernal Reign"), "R-POWER-1")


# -- sv3-164 Pidgeot ex: Blustery Wind, Quick Search ---------------------------------------------------------

def test_sv3_164_quick_search_takes_any_card_unseen_by_the_opponent_once_a_turn_among_all_pidgeot():
    st = modern(side(poke(PIDGEOT), bench=[poke(PIDGEOT)], deck=[WATER, RARE_CANDY, FIRE]), side(poke(PIKACHU_EX)))
    first, second = me(st).active, me(st).bench[0]
    deck = list(me(st).deck)
    water, candy, fire = deck
    d = use(st, first.top, "Quick Search")
    looking = d.state
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 3}
    assert choose_offers(looking) == [{"search": [water]}, {"search": [candy]}, {"search": [fire]}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-POWER-1")
    d2 = choose(looking, search=[candy])
    assert me(d2.state).hand == [candy] and me(d2.state).deck == [water, fire]
    assert grants(d2.narration, 1) == set() and grants(d2.narration, 0) == {candy}
    names_none_of(read_by(looking, d2, 1), deck)
    refuse(d2.state, 0, power_action(second.top, "Quick Search"), "R-POWER-1", contains="Only one Quick Search")
    refuse(d2.state, 0, power_action(first.top, "Quick Search"), "R-POWER-1")
    assert power_offers(d2.state, second.top) == []


def test_sv3_164_blustery_wind_may_discard_the_stadium_in_play():
    st = modern(side(poke(PIDGEOT, [FIRE, FIRE])), side(poke(PIKACHU_EX)), stadium={"card": ARTAZON, "owner": 1})
    artazon = st.stadium["card"]
    assert attack_offers(st, "Blustery Wind") == [{}, {"cards": [artazon]}]
    d = attack(st, "Blustery Wind", cards=[artazon])
    assert d.state.stadium is None and them(d.state).discard == [artazon] and them(d.state).active.damage == 120
    kept = attack(st, "Blustery Wind")
    assert kept.state.stadium == {"card": artazon, "owner": 1}
    refuse(st, 0, attack_action("Blustery Wind", cards=[me(st).active.top]), "R-ATTACK-2")


# -- sv3pt5-151 Mew ex: Genome Hacking, Restart -----------------------------------------------------------------

def test_sv3pt5_151_restart_draws_until_3_cards_in_hand_once_a_turn():
    st = modern(side(poke(MEW), hand=[FIRE], deck=[WATER, GRASS, PSYCHIC]), side(poke(PIKACHU_EX)))
    mew = me(st).active
    water, grass, _ = me(st).deck
    d = use(st, mew.top, "Restart")
    assert me(d.state).hand[1:] == [water, grass]
    names_none_of(read_by(st, d, 1), [water, grass])
    refuse(d.state, 0, power_action(mew.top, "Restart"), "R-POWER-1")
    full = modern(side(poke(MEW), hand=[FIRE, FIRE, FIRE]), side(poke(PIKACHU_EX)))
    refuse(full, 0, power_action(me(full).active.top, "Restart"), "R-POWER-1", contains="already holds 3")


def test_sv3pt5_151_genome_hacking_uses_an_attack_of_the_opponents_active_without_its_energy_cost():
    st = modern(side(poke(MEW, [WATER, WATER, WATER])), side(poke(DUSKNOIR), bench=[poke(RALTS)]))
    assert attack_offers(st, "Genome Hacking") == [{"attack": "Shadow Bind"}]
    d = attack(st, "Genome Hacking", attack="Shadow Bind")
    dusknoir = them(d.state).active
    assert dusknoir.damage == 150 and any(e["kind"] == "cant_retreat" for e in dusknoir.effects)
    said(d, "uses the opponent's Shadow Bind")
    st = modern(side(poke(MEW, [WATER, WATER, WATER])), side(poke(CHARMANDER)))
    d = attack(st, "Genome Hacking", attack="Heat Tackle")
    assert them(d.state).active.damage == 30 and me(d.state).active.damage == 10   # "this Pokémon" is Mew ex
    refuse(st, 0, attack_action("Genome Hacking", attack="Psychic"), "R-ATTACK-2")


# -- sv4-86 Scream Tail: Roaring Scream ------------------------------------------------------------------------

def test_sv4_86_roaring_scream_does_20_per_own_counter_to_any_opponents_pokemon():
    st = modern(side(poke(SCREAM_TAIL, [PSYCHIC, PSYCHIC], damage=40)),
                side(poke(GREAT_TUSK), bench=[poke(GREAT_TUSK)]))
    active, benched = them(st).active, them(st).bench[0]
    assert attack_offers(st, "Roaring Scream") == [{"pokemon": [active.top]}, {"pokemon": [benched.top]}]
    d = attack(st, "Roaring Scream", pokemon=[active.top])
    assert them(d.state).active.damage == 160                                     # 80, Weakness ×2
    d = attack(st, "Roaring Scream", pokemon=[benched.top])
    assert them(d.state).bench[0].damage == 80 and them(d.state).active.damage == 0   # no Weakness on the Bench
    refuse(st, 0, attack_action("Roaring Scream"), "R-ATTACK-2")


# -- sv6-95 Munkidori: Mind Bend, Adrena-Brain -------------------------------------------------------------------

def test_sv6_95_mind_bend_confuses():
    st = modern(side(poke(MUNKIDORI, [PSYCHIC, FIRE])), side(poke(PIKACHU_EX)))
    d = attack(st, "Mind Bend")
    assert them(d.state).active.damage == 60 and them(d.state).active.conditions == ["confused"]


def test_sv6_95_adrena_brain_moves_up_to_3_counters_to_an_opponents_pokemon():
    st = modern(side(poke(KIRLIA, damage=50), bench=[poke(MUNKIDORI, [DARKNESS])]),
                side(poke(PIKACHU_EX), bench=[poke(SKIDDO, damage=30)]))
    kirlia, munki = me(st).active, me(st).bench[0]
    pika, skiddo = them(st).active, them(st).bench[0]
    offered = power_offers(st, munki.top)
    assert offered == [{"from": kirlia.top, "to": t.top, "count": n} for t in (pika, skiddo) for n in (1, 2, 3)]
    d = use(st, munki.top, "Adrena-Brain", offered=False, **{"from": kirlia.top, "to": skiddo.top})
    assert me(d.state).active.damage == 20 and them(d.state).bench == []          # 3 counters: Skiddo Knocked Out
    assert len(me(d.state).prizes) == 5
    d = use(st, munki.top, "Adrena-Brain", **{"from": kirlia.top, "to": pika.top, "count": 1})
    assert me(d.state).active.damage == 40 and them(d.state).active.damage == 10
    refuse(d.state, 0, power_action(munki.top, "Adrena-Brain", **{"from": kirlia.top, "to": pika.top}), "R-POWER-1")
    refuse(st, 0, power_action(munki.top, "Adrena-Brain", **{"from": kirlia.top, "to": pika.top, "count": 4}),
           "R-POWER-1", contains="1 to 3")
    dim = modern(side(poke(KIRLIA, damage=50), bench=[poke(MUNKIDORI, [PSYCHIC])]), side(poke(PIKACHU_EX)))
    refuse(dim, 0, power_action(me(dim).bench[0].top, "Adrena-Brain"), "R-POWER-1", contains="Darkness Energy")


# -- sv6-129 Drakloak: Recon Directive ---------------------------------------------------------------------------

def test_sv6_129_recon_directive_one_of_the_top_2_to_the_hand_the_other_to_the_bottom():
    st = modern(side(poke(PIDGEY), bench=[poke(DRAKLOAK)], deck=[WATER, RARE_CANDY, FIRE, GRASS]),
                side(poke(PIKACHU_EX)))
    drakloak = me(st).bench[0]
    water, candy, fire, grass = me(st).deck
    d = use(st, drakloak.top, "Recon Directive")
    looking = d.state
    assert looking.pending["look"] == [water, candy]
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 2}
    assert choose_offers(looking) == [{"search": [water]}, {"search": [candy]}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": [fire]}}, "R-POWER-1")
    d2 = choose(looking, search=[candy])
    assert me(d2.state).hand == [candy] and me(d2.state).deck == [fire, grass, water]
    assert grants(d2.narration, 1) == set()
    names_none_of(read_by(looking, d2, 1), [water, candy, fire, grass])
    refuse(d2.state, 0, power_action(drakloak.top, "Recon Directive"), "R-POWER-1")


def test_sv6_129_recon_directive_with_one_card_and_with_none():
    st = modern(side(poke(PIDGEY), bench=[poke(DRAKLOAK)], deck=[WATER]), side(poke(PIKACHU_EX)))
    looking = use(st, me(st).bench[0].top, "Recon Directive").state
    d = choose(looking, search=[me(st).deck[0]])
    assert me(d.state).hand == [me(st).deck[0]] and me(d.state).deck == []
    empty = modern(side(poke(PIDGEY), bench=[poke(DRAKLOAK)], deck=[]), side(poke(PIKACHU_EX)))
    refuse(empty, 0, power_action(me(empty).bench[0].top, "Recon Directive"), "R-POWER-1", contains="empty")


# -- sv6-130 Dragapult ex: Phantom Dive --------------------------------------------------------------------------

def test_sv6_130_phantom_dive_places_6_counters_on_the_bench_as_you_like():
    st = modern(side(poke(DRAGAPULT, [FIRE, PSYCHIC])),
                side(poke(FEZANDIPITI), bench=[poke(SKIDDO, damage=30), poke(CHARIZARD)]))
    skiddo, charizard = them(st).bench
    offered = attack_offers(st, "Phantom Dive")
    assert len(offered) == 7 and {"pokemon": [skiddo.top] * 3 + [charizard.top] * 3} in offered
    d = attack(st, "Phantom Dive", offered=False, pokemon=[skiddo.top, charizard.top] * 3)
    assert them(d.state).active.damage == 200
    assert [p.top for p in them(d.state).bench] == [charizard.top]             # Skiddo Knocked Out
    assert them(d.state).bench[0].damage == 30                                 # a Benched Tera Pokémon takes counters
    assert len(me(d.state).prizes) == 5
    refuse(st, 0, attack_action("Phantom Dive", pokemon=[skiddo.top] * 5), "R-ATTACK-2")
    refuse(st, 0, attack_action("Phantom Dive", pokemon=[them(st).active.top] * 6), "R-ATTACK-2")
    alone = modern(side(poke(DRAGAPULT, [FIRE, PSYCHIC])), side(poke(FEZANDIPITI), bench=[poke(SKIDDO)]))
    assert them(attack(alone, "Phantom Dive").state).bench == []               # all 6 on the one Benched Pokémon
    none = modern(side(poke(DRAGAPULT, [FIRE, PSYCHIC])), side(poke(FEZANDIPITI)))
    said(attack(none, "Phantom Dive"), "no Pokémon of your opponent may take the damage counters")


# -- sv6pt5-18 Duskull: Come and Get You --------------------------------------------------------------------------

def test_sv6pt5_18_come_and_get_you_benches_duskull_from_the_discard_pile_as_room_allows():
    st = modern(side(poke(DUSKULL, [PSYCHIC]), bench=[poke(PIDGEY)] * 3, discard=[DUSKULL, DUSCLOPS, DUSKULL, DUSKULL]),
                side(poke(PIKACHU_EX)))
    d1, dusclops, d2, d3 = me(st).discard
    assert attack_offers(st, "Come and Get You") == [{"cards": []}, {"cards": [d1]}, {"cards": [d1, d2]}]
    d = attack(st, "Come and Get You", offered=False, cards=[d1, d3])
    assert [p.top for p in me(d.state).bench[3:]] == [d1, d3] and me(d.state).discard == [dusclops, d2]
    assert all(p.entered_turn == st.turn for p in me(d.state).bench[3:])
    assert them(d.state).active.damage == 0
    refuse(st, 0, attack_action("Come and Get You"), "R-ATTACK-2")                 # 3 Duskull, room for 2
    one = modern(side(poke(DUSKULL, [PSYCHIC]), discard=[DUSKULL]), side(poke(PIKACHU_EX)))
    d = attack(one, "Come and Get You", offered=False)
    assert [p.top for p in me(d.state).bench] == me(one).discard
    refuse(st, 0, attack_action("Come and Get You", cards=[d1, d2, d3]), "R-ATTACK-2")
    refuse(st, 0, attack_action("Come and Get You", cards=[dusclops]), "R-ATTACK-2")


# -- sv6pt5-19 Dusclops, sv6pt5-20 Dusknoir: Cursed Blast, Shadow Bind -------------------------------------------

def test_sv6pt5_19_cursed_blast_places_5_counters_and_knocks_out_dusclops():
    st = modern(side(poke(PIDGEY), bench=[poke(DUSCLOPS)]), side(poke(PIKACHU_EX), bench=[poke(SKIDDO)]))
    dusclops = me(st).bench[0]
    pika = them(st).active
    assert power_offers(st, dusclops.top) == [{"pokemon": [pika.top]}, {"pokemon": [them(st).bench[0].top]}]
    d = use(st, dusclops.top, "Cursed Blast", pokemon=[pika.top])
    assert them(d.state).active.damage == 50 and me(d.state).bench == []
    assert len(them(d.state).prizes) == 5 and len(me(d.state).prizes) == 6
    said(d, "Knocked Out by its own Cursed Blast")
    refuse(st, 0, power_action(dusclops.top, "Cursed Blast"), "R-POWER-1", contains="choices.pokemon")


def test_sv6pt5_20_cursed_blast_from_the_active_spot_knocks_out_both_and_the_player_promotes():
    st = modern(side(poke(DUSKNOIR), bench=[poke(PIDGEY)]),
                side(poke(PIKACHU_EX), bench=[poke(GREAT_TUSK, damage=120)]))
    tusk = them(st).bench[0]
    d = use(st, me(st).active.top, "Cursed Blast", pokemon=[tusk.top])
    assert them(d.state).bench == [] and me(d.state).active is None
    assert len(me(d.state).prizes) == 4 and len(them(d.state).prizes) == 5       # 2 for Great Tusk ex, 1 for Dusknoir
    assert d.state.phase == "promote" and d.state.pending_promotions == [0]


def test_sv6pt5_20_shadow_bind_stops_the_defending_pokemon_retreating_next_turn():
    st = modern(side(poke(DUSKNOIR, [PSYCHIC, PSYCHIC, FIRE])), side(poke(FEZANDIPITI), bench=[poke(RALTS)]))
    d = attack(st, "Shadow Bind")
    fez = them(d.state).active
    assert fez.damage == 150 and [e["kind"] for e in fez.effects] == ["cant_retreat"]
    nxt = d.state                                                                 # the opponent's turn, drawn
    refuse(nxt, 1, {"type": "retreat", "to": them(nxt).bench[0].top, "discard": []}, "R-RETREAT-1",
           contains="can't retreat")
