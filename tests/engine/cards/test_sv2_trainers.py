"""Paldea Evolved Trainers sv2-171 … sv2-189 and their alternate-art prints, ruleset `modern`:
exact outcomes, coins fixed (each test proves how many flips an action needs), every refusal
with its rule, what `legal_actions` offers, and what each player reads of hidden cards
(R-HIDDEN-1). Shuffles keep the order (FixedCoins without a source)."""
import json
from pathlib import Path

import pytest

from projections.tcg import carddb
from projections.tcg.actions import retreat_cost
from projections.tcg.carddb import card
from projections.tcg.game import TcgGame
from projections.tcg.legal import legal_actions
from projections.tcg.position import PositionError
from projections.text import grants
from tests.engine.cards.fixtures import hand, modern, names_none_of, trainer

from .fixtures import act, choose_offers, offers, play, poke, read_by, refuse, said
from .fixtures import choose_step as choose
from .fixtures import modern_side as side

ARTAZON, BOSS, BRAVERY_CHARM, SNOWY_MOUNTAIN, WASTELAND, CHOICE_BELT, CLAVELL = (
    "sv2-171", "sv2-172", "sv2-173", "sv2-174", "sv2-175", "sv2-176", "sv2-177")
DRONE, DENDRA, FALKNER, AU_LAIT, GIACOMO, GREAT_BALL, GRUSHA, IONO = (
    "sv2-178", "sv2-179", "sv2-180", "sv2-181", "sv2-182", "sv2-183", "sv2-184", "sv2-185")
PRACTICE_STUDIO, SAGUARO, SUPER_ROD, SUPERIOR_RETRIEVAL = "sv2-186", "sv2-187", "sv2-188", "sv2-189"
PRINTS = {
    "Artazon": [ARTAZON], "Boss's Orders (Ghetsis)": [BOSS, "sv2-248", "sv2-265"],
    "Bravery Charm": [BRAVERY_CHARM], "Calamitous Snowy Mountain": [SNOWY_MOUNTAIN],
    "Calamitous Wasteland": [WASTELAND], "Choice Belt": [CHOICE_BELT], "Clavell": [CLAVELL, "sv2-249"],
    "Delivery Drone": [DRONE], "Dendra": [DENDRA, "sv2-250", "sv2-266"], "Falkner": [FALKNER, "sv2-251"],
    "Fighting Au Lait": [AU_LAIT], "Giacomo": [GIACOMO, "sv2-252", "sv2-267"], "Great Ball": [GREAT_BALL],
    "Grusha": [GRUSHA, "sv2-253", "sv2-268"], "Iono": [IONO, "sv2-254", "sv2-269"],
    "Practice Studio": [PRACTICE_STUDIO], "Saguaro": [SAGUARO, "sv2-255", "sv2-270"],
    "Super Rod": [SUPER_ROD, "sv2-276"], "Superior Energy Retrieval": [SUPERIOR_RETRIEVAL, "sv2-277"],
}
ALL_IDS = [i for ids in PRINTS.values() for i in ids]

# Pokémon of Paldea Evolved (printed facts: sv2_facts.json)
PINECO, FRIGIBAX, ARCTIBAX, QUAXWELL, FUECOCO = "sv2-4", "sv2-57", "sv2-59", "sv2-51", "sv2-35"
LUXIO, PIKACHU_EX, MAKUHITA, HERACROSS, ORANGURU = "sv2-70", "sv2-63", "sv2-112", "sv2-6", "sv2-94"
GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING = "sve-1", "sve-2", "sve-3", "sve-4", "sve-5", "sve-6"
JET, REVERSAL_ENERGY, THERAPEUTIC = "sv2-190", "sv2-192", "sv2-193"
GAME = TcgGame()


# -- helpers ---------------------------------------------------------------------------------------

@pytest.fixture
def pokemon_v():
    """A Pokémon V for Choice Belt (no Scarlet & Violet set prints one): Colorless, weak to Fighting."""
    carddb.add_card({"id": "svtest-1", "name": "Test Pokémon V", "number": "1", "supertype": "Pokemon",
                     "stage": "Basic", "hp": 220, "type": "Colorless", "weakness": "Fighting",
                     "retreat_cost": 2, "attacks": [], "tags": ["v"], "prizes": 2})
    yield "svtest-1"
    carddb.remove_card("svtest-1")


# -- the group -------------------------------------------------------------------------------------

def test_every_print_is_implemented_with_its_kind_and_shares_its_names_effect():
    kinds = {"Artazon": "stadium", "Calamitous Snowy Mountain": "stadium", "Calamitous Wasteland": "stadium",
             "Practice Studio": "stadium", "Bravery Charm": "tool", "Choice Belt": "tool",
             "Delivery Drone": "item", "Fighting Au Lait": "item", "Great Ball": "item", "Super Rod": "item",
             "Superior Energy Retrieval": "item"}
    sv2_trainers = {c.id for c in carddb.all_cards() if c.id.startswith("sv2-") and c.supertype == "Trainer"}
    assert sv2_trainers == set(ALL_IDS)
    for name, ids in PRINTS.items():
        effects = {id(card(i).trainer) for i in ids}
        assert len(effects) == 1, name
        for i in ids:
            c = card(i)
            assert c.implemented and c.name == name and c.trainer_kind == kinds.get(name, "supporter"), i


def test_every_card_describes_its_effect_in_its_own_words():
    printed = {c["id"]: " ".join(c.get("rules", [])).lower()
               for c in json.loads(Path("/work/shared/cards/sv2.json").read_text(encoding="utf-8"))}
    for cid in ALL_IDS:
        text = card(cid).trainer.text.lower()
        assert len(text) > 20 and text not in printed[cid] and printed[cid] not in text, cid


def test_legal_actions_offer_every_playable_card():
    cards = [BOSS, BRAVERY_CHARM, SNOWY_MOUNTAIN, WASTELAND, CHOICE_BELT, CLAVELL, DRONE, FALKNER,
             AU_LAIT, GIACOMO, GREAT_BALL, GRUSHA, IONO, PRACTICE_STUDIO, SAGUARO, SUPER_ROD, SUPERIOR_RETRIEVAL,
             DENDRA, ARTAZON]
    st = modern(side(poke(PINECO, [GRASS], damage=20), bench=[poke(FRIGIBAX)], hand=cards, prizes=4,
                     discard=[FIRE, PINECO]),
                side(poke(MAKUHITA, [JET]), bench=[poke(FUECOCO)], prizes=3))
    offered = {st.instances[a["card"]] for a in legal_actions(st, 0) if a["type"] == "play_trainer"}
    # Grusha draws to 5 and the hand holds 18 other cards: it alone is not offered
    assert offered == set(cards) - {GRUSHA}


# -- sv2-171 Artazon (Stadium) ---------------------------------------------------------------------

def use_artazon(state, seat_no, choices=None):
    """The action use_stadium (offered by legal_actions); returns the new state and the narration."""
    action = {"type": "use_stadium", "choices": choices or {}}
    assert action in legal_actions(state, seat_no)
    d = act(state, seat_no, action)
    return d.state, d.narration


def _artazon_board(deck, seat_to_act=0, bench=(), stadium_owner=0):
    mine = side(poke(MAKUHITA), bench=bench, deck=deck)
    return modern(mine, side(poke(FUECOCO), deck=deck), seat_to_act=seat_to_act,
                  stadium={"card": ARTAZON, "owner": stadium_owner})


def test_sv2_171_artazon_is_played_as_a_stadium():
    st = modern(side(poke(MAKUHITA), hand=[ARTAZON, PRACTICE_STUDIO]), side(poke(FUECOCO)))
    artazon, studio = hand(st)
    assert offers(st, artazon) == [([], {})]
    d = play(st, artazon)
    assert d.state.stadium == {"card": artazon, "owner": 0} and artazon not in d.state.seats[0].discard
    said(d, "Seat 0 (Ana) plays the Stadium Artazon")
    said(d, "Artazon is now in play for both players")
    refuse(d.state, 0, trainer(studio), "R-TRAINER-3", contains="Only 1 Stadium")
    again = modern(side(poke(MAKUHITA), hand=[ARTAZON]), side(poke(FUECOCO)), stadium={"card": ARTAZON, "owner": 1})
    refuse(again, 0, trainer(hand(again)[0]), "R-TRAINER-3", contains="same name")


def test_sv2_171_artazon_use_searches_for_a_basic_without_a_rule_box_onto_the_bench():
    st = _artazon_board([PIKACHU_EX, ARCTIBAX, PINECO, FIRE, FRIGIBAX, PINECO])
    deck = list(st.seats[0].deck)
    pikachu, arctibax, pineco, fire, frigibax, pineco2 = deck
    assert st.card_of(st.stadium["card"]).trainer.use_options(st, 0) == [{}]
    looking, narration = use_artazon(st, 0)
    assert looking.pending == {"seat": 0, "card": st.stadium["card"], "kind": "search", "look": deck}
    assert looking.this_turn["stadium_used"] is True
    assert any("Seat 0 (Ana) uses the Stadium Artazon. [R-TRAINER-3]" in line for line in narration)
    # the engine's `choose` step finishes it; a Pokémon ex has a Rule Box, an Evolution card is no Basic
    assert choose_offers(looking) == [{"search": [pineco]}, {"search": [frigibax]}]
    for bad in ([pikachu], [arctibax], [fire], [], [pineco, frigibax]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    d = choose(looking, search=[frigibax])
    s = d.state.seats[0]
    assert [p.stack for p in s.bench] == [[frigibax]] and s.bench[0].entered_turn == 3
    assert s.deck == [pikachu, arctibax, pineco, fire, pineco2] and d.state.pending is None
    assert d.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3, 4]]
    assert grants(d.narration, 1) == {frigibax}
    said(d, "from the deck onto the Bench and shuffles the deck")
    # once during the turn, for that player
    assert d.state.card_of(d.state.stadium["card"]).trainer.use_options(d.state, 0) == []
    refuse(d.state, 0, {"type": "use_stadium", "choices": {}}, "R-TRAINER-3", contains="used this turn")


def test_sv2_171_artazon_serves_each_player_and_finds_nothing_or_a_full_bench():
    theirs = _artazon_board([FIRE, PINECO], seat_to_act=1, stadium_owner=0)   # Beto uses Ana's Stadium
    looking, _ = use_artazon(theirs, 1)
    assert looking.pending["seat"] == 1 and choose_offers(looking, 1) == [{"search": [looking.seats[1].deck[1]]}]
    assert choose_offers(looking, 0) == []
    d = choose(looking, seat_no=1, search=[looking.seats[1].deck[1]])
    assert len(d.state.seats[1].bench) == 1 and d.state.seats[0].bench == []
    dry = _artazon_board([FIRE, PIKACHU_EX])
    looking, _ = use_artazon(dry, 0)
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    assert d.state.seats[0].bench == [] and d.state.seats[0].deck == dry.seats[0].deck
    said(d, "finds no Basic Pokémon without a Rule Box and shuffles the deck")
    empty, narration = use_artazon(_artazon_board([]), 0)          # nothing to look through: no choose step
    assert empty.pending is None and any("finds no Basic Pokémon" in line for line in narration)
    full = _artazon_board([PINECO], bench=[poke(FRIGIBAX)] * 5)
    assert full.card_of(full.stadium["card"]).trainer.use_options(full, 0) == []
    refuse(full, 0, {"type": "use_stadium", "choices": {}}, "R-BENCH-1")


# -- sv2-172 Boss's Orders (Ghetsis) (Supporter) ---------------------------------------------------

def _boss_board(bench=(PINECO, FRIGIBAX), cid=BOSS, **kw):
    return modern(side(poke(MAKUHITA), hand=[cid, FALKNER]),
                  side(poke(FUECOCO, conditions=["confused"]), bench=[poke(b) for b in bench]), **kw)


@pytest.mark.parametrize("cid", PRINTS["Boss's Orders (Ghetsis)"])
def test_sv2_172_bosss_orders_switches_in_the_benched_pokemon_its_player_picks(cid):
    st = _boss_board(cid=cid)
    boss, falkner = hand(st)
    fuecoco = st.seats[1].active
    pineco, frigibax = (p.top for p in st.seats[1].bench)
    assert offers(st, boss) == [([pineco], {}), ([frigibax], {})]
    d = play(st, boss, [frigibax])
    them = d.state.seats[1]
    assert them.active.top == frigibax and [p.top for p in them.bench] == [pineco, fuecoco.top]
    assert them.bench[1].conditions == []
    assert d.state.supporter == {"card": boss, "owner": 0}
    said(d, "Frigibax is now Seat 1 (Beto)'s Active Pokémon; Fuecoco goes to the Bench")
    refuse(d.state, 0, trainer(falkner), "R-TRAINER-2")


def test_sv2_172_bosss_orders_refusals():
    st = _boss_board()
    boss = hand(st)[0]
    refuse(st, 0, trainer(boss), "R-TRAINER-1", contains="targets")
    refuse(st, 0, trainer(boss, [st.seats[1].active.top]), "R-TRAINER-1")
    refuse(st, 0, trainer(boss, [st.seats[0].active.top]), "R-TRAINER-1")
    none = _boss_board(bench=())
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Benched")
    assert offers(none, hand(none)[0]) == []
    first = _boss_board(turn=1)
    refuse(first, 0, trainer(hand(first)[0], [first.seats[1].bench[0].top]), "R-TRAINER-2", contains="first turn")


# -- sv2-173 Bravery Charm (Pokémon Tool) ----------------------------------------------------------

def test_sv2_173_bravery_charm_gives_a_basic_pokemon_50_more_hp():
    st = modern(side(poke(PINECO, damage=60), bench=[poke(ARCTIBAX, [WATER])], hand=[BRAVERY_CHARM, BRAVERY_CHARM]),
                side(poke(MAKUHITA)))
    charm, charm2 = hand(st)
    pineco, arctibax = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, charm) == [([pineco.top], {}), ([arctibax.top], {})]
    d = play(st, charm, [pineco.top])
    p = d.state.seats[0].active
    assert p.attached == [charm] and d.state.hp(p) == 120 and charm not in d.state.seats[0].discard
    said(d, "plays the Pokémon Tool Bravery Charm")
    said(d, "Bravery Charm is attached to Pineco")
    # on an evolved Pokémon it does nothing (it may still be attached)
    d2 = play(d.state, charm2, [arctibax.top])
    assert d2.state.hp(d2.state.seats[0].bench[0]) == 90
    # one Tool per Pokémon
    refuse(d.state, 0, trainer(charm2, [pineco.top]), "R-TRAINER-4", contains="already has a Pokémon Tool")
    assert offers(d.state, charm2) == [([arctibax.top], {})]


def test_sv2_173_bravery_charm_keeps_a_basic_in_play_and_stops_when_it_evolves():
    # Frigibax (60 HP) takes 40 more and stands with the Charm; once evolved, the Charm no longer counts
    st = modern(side(poke(MAKUHITA, [FIGHTING, FIGHTING])),
                side(poke(FRIGIBAX, damage=30, attached=[BRAVERY_CHARM], entered_turn=1), bench=[poke(PINECO)],
                     hand=[ARCTIBAX]))
    frigibax = st.seats[1].active
    assert st.hp(frigibax) == 110
    d = act(st, 0, {"type": "attack", "attack": "Slap Push", "choices": {}})
    assert d.state.seats[1].active.damage == 70 and d.state.seats[1].active.attached == frigibax.attached
    assert not any("Knocked Out" in line for line in d.narration)
    evolved = act(d.state, 1, {"type": "evolve", "card": hand(d.state, 1)[0], "target": frigibax.top}).state
    assert evolved.hp(evolved.seats[1].active) == 90 and evolved.seats[1].active.attached == frigibax.attached


def test_R_INPLAY_1_R_KO_1_a_position_reads_the_hp_bravery_charm_gives():
    # Frigibax has 60 HP, 110 with Bravery Charm: 80 damage is a position, 110 is not
    st = modern(side(poke(FRIGIBAX, damage=80, attached=[BRAVERY_CHARM])), side(poke(MAKUHITA)))
    assert st.seats[0].active.damage == 80 and st.hp(st.seats[0].active) == 110
    with pytest.raises(PositionError) as err:
        modern(side(poke(FRIGIBAX, damage=110, attached=[BRAVERY_CHARM])), side(poke(MAKUHITA)))
    assert "110 HP" in err.value.errors["position.seats[0].active.damage"]
    assert "R-INPLAY-1" in err.value.errors["position.seats[0].active.damage"]
    # on an evolved Pokémon the Charm gives nothing: Arctibax keeps its 90 HP
    with pytest.raises(PositionError) as err:
        modern(side(poke(ARCTIBAX, damage=90, attached=[BRAVERY_CHARM])), side(poke(MAKUHITA)))
    assert "90 HP" in err.value.errors["position.seats[0].active.damage"]


def test_R_KO_1_R_INPLAY_1_evolving_away_bravery_charms_hp_knocks_out_at_once():
    # Frigibax with the Charm has 110 HP; as Arctibax it has 90: 100 damage Knocks it Out when it evolves
    st = modern(side(poke(FRIGIBAX, damage=100, attached=[BRAVERY_CHARM]), bench=[poke(PINECO)], hand=[ARCTIBAX]),
                side(poke(MAKUHITA)))
    d = act(st, 0, {"type": "evolve", "card": hand(st)[0], "target": st.seats[0].active.top})
    line = said(d, "Arctibax (Seat 0 (Ana)) is Knocked Out")
    assert "R-KO-1" in d.narration[line]
    assert len(d.state.seats[1].prizes) == 5 and d.state.seats[0].active is None and d.state.phase == "promote"
    # with 80 damage it stands as Arctibax (90 HP)
    ok = modern(side(poke(FRIGIBAX, damage=80, attached=[BRAVERY_CHARM]), bench=[poke(PINECO)], hand=[ARCTIBAX]),
                side(poke(MAKUHITA)))
    evolved = act(ok, 0, {"type": "evolve", "card": hand(ok)[0], "target": ok.seats[0].active.top}).state
    assert evolved.seats[0].active.damage == 80 and evolved.hp(evolved.seats[0].active) == 90


# -- sv2-174 Calamitous Snowy Mountain (Stadium) ---------------------------------------------------

def test_sv2_174_calamitous_snowy_mountain_puts_2_counters_on_a_basic_non_water_pokemon():
    st = modern(side(poke(PINECO), bench=[poke(FRIGIBAX), poke(ARCTIBAX), poke(MAKUHITA)],
                     hand=[FIRE, WATER, BRAVERY_CHARM]),
                side(poke(FUECOCO)), stadium={"card": SNOWY_MOUNTAIN, "owner": 1})
    fire, water, charm = hand(st)
    pineco = st.seats[0].active
    frigibax, arctibax, makuhita = st.seats[0].bench
    d = act(st, 0, {"type": "attach_energy", "card": fire, "target": pineco.top})
    assert d.state.seats[0].active.damage == 20
    said(d, "Calamitous Snowy Mountain: 2 damage counters on Pineco (20/70)")
    for target in (frigibax, arctibax):          # a Water Pokémon, an evolved Pokémon: nothing
        d = act(st, 0, {"type": "attach_energy", "card": water, "target": target.top})
        assert [p.damage for p in d.state.seats[0].in_play()] == [0, 0, 0, 0]
    d = act(st, 0, {"type": "attach_energy", "card": water, "target": makuhita.top})
    assert d.state.seats[0].bench[2].damage == 20
    d = play(st, charm, [pineco.top])            # a Tool is no Energy card
    assert d.state.seats[0].active.damage == 0


def test_sv2_174_calamitous_snowy_mountain_counters_knock_out_then_a_promotion():
    st = modern(side(poke(PINECO, damage=50), bench=[poke(FRIGIBAX)], hand=[GRASS]),
                side(poke(FUECOCO), prizes=6), stadium={"card": SNOWY_MOUNTAIN, "owner": 0})
    d = act(st, 0, {"type": "attach_energy", "card": hand(st)[0], "target": st.seats[0].active.top})
    assert d.state.seats[0].active is None and len(d.state.seats[1].prizes) == 5
    assert d.state.phase == "promote"
    said(d, "is Knocked Out")


# -- sv2-175 Calamitous Wasteland (Stadium) --------------------------------------------------------

def test_sv2_175_calamitous_wasteland_raises_the_retreat_cost_of_basic_non_fighting_pokemon():
    st = modern(side(poke(PINECO, [GRASS, GRASS, GRASS]), bench=[poke(ARCTIBAX), poke(MAKUHITA)], hand=[WASTELAND]),
                side(poke(FUECOCO), bench=[poke(MAKUHITA)]))
    wl = hand(st)[0]
    d = play(st, wl)
    s = d.state
    pineco, (arctibax, makuhita) = s.seats[0].active, s.seats[0].bench
    assert [retreat_cost(s, p) for p in (pineco, arctibax, makuhita)] == [3, 2, 3]
    assert [retreat_cost(s, p) for p in s.seats[1].in_play()] == [4, 3]          # both players'
    g1, g2, g3 = pineco.energy
    refuse(s, 0, {"type": "retreat", "to": arctibax.top, "discard": [g1, g2]}, "R-RETREAT-2")
    d2 = act(s, 0, {"type": "retreat", "to": arctibax.top, "discard": [g1, g2, g3]})
    assert d2.state.seats[0].active.top == arctibax.top


# -- sv2-176 Choice Belt (Pokémon Tool) ------------------------------------------------------------

def test_sv2_176_choice_belt_adds_30_before_weakness_against_a_pokemon_v(pokemon_v):
    st = modern(side(poke(MAKUHITA, [FIGHTING, FIGHTING]), hand=[CHOICE_BELT]), side(poke(pokemon_v)))
    belt = hand(st)[0]
    makuhita = st.seats[0].active
    assert offers(st, belt) == [([makuhita.top], {})]
    d = play(st, belt, [makuhita.top])
    d2 = act(d.state, 0, {"type": "attack", "attack": "Slap Push", "choices": {}})
    assert d2.state.seats[1].active.damage == 140
    said(d2, "base 40; Choice Belt +30 = 70; Weakness ×2 = 140")


def test_sv2_176_choice_belt_does_nothing_against_other_pokemon():
    st = modern(side(poke(MAKUHITA, [FIGHTING, FIGHTING], attached=[CHOICE_BELT])), side(poke(PIKACHU_EX)))
    d = act(st, 0, {"type": "attack", "attack": "Slap Push", "choices": {}})
    assert d.state.seats[1].active.damage == 80                  # a Pokémon ex is no Pokémon V
    assert not any("Choice Belt" in line for line in d.narration)


# -- sv2-177 Clavell (Supporter) -------------------------------------------------------------------

def _clavell_board(deck):
    return modern(side(poke(MAKUHITA), hand=[CLAVELL], deck=deck), side(poke(FUECOCO)))


def test_sv2_177_clavell_takes_up_to_3_basic_pokemon_of_120_hp_or_less():
    st = _clavell_board([HERACROSS, ORANGURU, PINECO, PIKACHU_EX, ARCTIBAX, FRIGIBAX, FIRE, PINECO])
    clavell = hand(st)[0]
    deck = list(st.seats[0].deck)
    heracross, oranguru, pineco, pikachu, arctibax, frigibax, fire, pineco2 = deck
    assert offers(st, clavell) == [([], {})]
    d = play(st, clavell)
    looking = d.state
    assert looking.pending == {"seat": 0, "card": clavell, "kind": "search", "look": deck}
    assert looking.supporter == {"card": clavell, "owner": 0}
    offered = choose_offers(looking)
    assert {"search": [oranguru, pineco, frigibax]} in offered and {"search": [pineco, pineco2]} in offered
    assert len(offered) == 3 + 4 + 3                   # by cards: 1, 2 or 3 of Oranguru, Pineco ×2, Frigibax
    for bad in ([heracross], [pikachu], [arctibax], [fire], [], [oranguru, pineco, pineco2, frigibax]):
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}},
               "R-TRAINER-5" if bad == [] else "R-TRAINER-1")  # none: less than it can; else not what it says
    d2 = choose(looking, search=[oranguru, pineco, frigibax])
    assert hand(d2.state) == [oranguru, pineco, frigibax]
    assert d2.state.seats[0].deck == [heracross, pikachu, arctibax, fire, pineco2]
    assert grants(d2.narration, 1) == {oranguru, pineco, frigibax}
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), deck)
        names_none_of(read_by(looking, d2, seat_no), [heracross, pikachu, arctibax, fire, pineco2])
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 8}
    assert hand(choose(looking, search=[pineco]).state) == [pineco]            # fewer is the player's choice


def test_sv2_177_clavell_with_nothing_to_find_and_in_one_action():
    dry = _clavell_board([HERACROSS, FIRE])
    looking = play(dry, hand(dry)[0]).state
    assert choose_offers(looking) == [{"search": []}]
    d = choose(looking, search=[])
    said(d, "finds no Basic Pokémon with 120 HP or less and shuffles the deck")
    st = _clavell_board([HERACROSS, PINECO])
    heracross, pineco = st.seats[0].deck
    d = play(st, hand(st)[0], offered=False, search=[pineco])                  # a judge who sees the deck
    assert hand(d.state) == [pineco] and d.state.pending is None
    v = refuse(st, 0, trainer(hand(st)[0], search=[heracross]), "R-TRAINER-1")
    for word in ("Heracross", "Pineco", "⟦", heracross, pineco):
        assert word not in v["message"]


# -- sv2-178 Delivery Drone ------------------------------------------------------------------------

def _drone_board(deck=(FIRE, PINECO, WATER)):
    return modern(side(poke(MAKUHITA), hand=[DRONE], deck=deck), side(poke(FUECOCO)))


def test_sv2_178_delivery_drone_two_heads_take_any_card_of_the_deck():
    st = _drone_board()
    drone = hand(st)[0]
    fire, pineco, water = deck = list(st.seats[0].deck)
    assert offers(st, drone) == [([], {})]
    d = play(st, drone, coins=["heads", "heads"])
    looking = d.state
    assert looking.pending["look"] == deck and looking.seats[0].discard == [drone]
    said(d, "Coin flip for Delivery Drone (1/2): heads")
    said(d, "Coin flip for Delivery Drone (2/2): heads")
    assert choose_offers(looking) == [{"search": [fire]}, {"search": [pineco]}, {"search": [water]}]
    refuse(looking, 0, {"type": "choose", "choices": {"search": []}}, "R-TRAINER-5")
    d2 = choose(looking, search=[water])
    assert hand(d2.state) == [water] and d2.state.seats[0].deck == [fire, pineco]
    # the card is not shown: its player alone reads its name
    assert grants(d2.narration, 1) == set()
    names_none_of(read_by(looking, d2, 1), deck)
    assert f"({water})" in read_by(looking, d2, 0)


@pytest.mark.parametrize("coins", [["heads", "tails"], ["tails", "heads"], ["tails", "tails"]])
def test_sv2_178_delivery_drone_without_two_heads_does_not_search(coins):
    st = _drone_board()
    d = play(st, hand(st)[0], coins=coins)            # both coins are always flipped
    assert d.state.pending is None and hand(d.state) == [] and d.state.seats[0].deck == st.seats[0].deck
    assert "shuffles" not in d.event["payload"].get("rng", {})
    said(d, "Not both heads: the deck is not searched")
    d = play(st, hand(st)[0], coins=coins, offered=False, search=[st.seats[0].deck[0]])
    assert hand(d.state) == []


def test_sv2_178_delivery_drone_in_one_action_and_with_an_empty_deck():
    st = _drone_board()
    d = play(st, hand(st)[0], coins=["heads", "heads"], offered=False, search=[st.seats[0].deck[1]])
    assert hand(d.state) == [st.seats[0].deck[1]] and d.state.pending is None
    refuse(st, 0, trainer(hand(st)[0], search=["0:999"]), "R-TRAINER-1")      # refused before any coin
    empty = _drone_board(deck=())
    d = play(empty, hand(empty)[0], coins=["heads", "heads"])
    assert d.state.pending is None
    said(d, "finds no card and shuffles the deck")


# -- sv2-179 Dendra (Supporter) --------------------------------------------------------------------

def test_sv2_179_dendra_puts_a_card_on_the_bottom_then_draws_to_5():
    st = modern(side(poke(MAKUHITA), hand=[DENDRA, FIRE, FALKNER], deck=[WATER, GRASS, PINECO, FRIGIBAX, PSYCHIC]),
                side(poke(FUECOCO)))
    dendra, fire, falkner = hand(st)
    water, grass, pineco, frigibax, psychic = st.seats[0].deck
    assert offers(st, dendra) == [([], {"cards": [fire]}), ([], {"cards": [falkner]})]
    d = play(st, dendra, cards=[fire])
    s = d.state.seats[0]
    assert s.hand == [falkner, water, grass, pineco, frigibax] and s.deck == [psychic, fire]
    assert d.state.supporter == {"card": dendra, "owner": 0}
    said(d, "draws 4 card(s) and holds 5")
    names_none_of(read_by(st, d, 1), [fire, water, grass, pineco, frigibax])
    assert f"({fire})" in read_by(st, d, 0)


def test_sv2_179_dendra_with_a_full_hand_a_short_deck_and_refusals():
    full = modern(side(poke(MAKUHITA), hand=[DENDRA] + [FIRE] * 6), side(poke(FUECOCO)))
    d = play(full, hand(full)[0], cards=[hand(full)[1]])
    assert len(hand(d.state)) == 5 and d.state.seats[0].deck[-1] == hand(full)[1]
    said(d, "draws 0 card(s)")
    short = modern(side(poke(MAKUHITA), hand=[DENDRA, FIRE], deck=[]), side(poke(FUECOCO)))
    dendra, fire = hand(short)
    d = play(short, dendra, offered=False)                    # the only other card may be left out
    assert hand(d.state) == [fire] and d.state.seats[0].deck == []         # back from the bottom
    said(d, "draws 1 card(s) and holds 1. [R-TRAINER-5]")
    alone = modern(side(poke(MAKUHITA), hand=[DENDRA]), side(poke(FUECOCO)))
    refuse(alone, 0, trainer(hand(alone)[0]), "R-TRAINER-1", contains="another card")
    assert offers(alone, hand(alone)[0]) == []
    two = modern(side(poke(MAKUHITA), hand=[DENDRA, FIRE, WATER]), side(poke(FUECOCO)))
    refuse(two, 0, trainer(hand(two)[0]), "R-TRAINER-1", contains="choices.cards")
    refuse(two, 0, trainer(hand(two)[0], cards=[hand(two)[0]]), "R-TRAINER-1")


# -- sv2-180 Falkner (Supporter) -------------------------------------------------------------------

@pytest.mark.parametrize("stadium, drawn", [(None, 2), ({"card": WASTELAND, "owner": 1}, 2),
                                            ({"card": WASTELAND, "owner": 0}, 4)])
def test_sv2_180_falkner_draws_2_and_2_more_with_a_stadium_of_yours(stadium, drawn):
    st = modern(side(poke(MAKUHITA), hand=[FALKNER]), side(poke(FUECOCO)), stadium=stadium)
    falkner = hand(st)[0]
    assert offers(st, falkner) == [([], {})]
    d = play(st, falkner)
    assert hand(d.state) == st.seats[0].deck[:drawn]
    said(d, f"draws {drawn} card(s)")


def test_sv2_180_falkner_short_deck():
    st = modern(side(poke(MAKUHITA), hand=[FALKNER], deck=[FIRE]), side(poke(FUECOCO)),
                stadium={"card": WASTELAND, "owner": 0})
    d = play(st, hand(st)[0])
    assert hand(d.state) == st.seats[0].deck
    said(d, "draws 1 card(s) and holds 1. [R-TRAINER-5]")


# -- sv2-181 Fighting Au Lait ----------------------------------------------------------------------

def test_sv2_181_fighting_au_lait_heals_60_when_behind_on_prizes():
    st = modern(side(poke(MAKUHITA, damage=70), bench=[poke(PINECO, damage=30)], hand=[AU_LAIT], prizes=4),
                side(poke(FUECOCO), prizes=3))
    au_lait = hand(st)[0]
    makuhita, pineco = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, au_lait) == [([makuhita.top], {}), ([pineco.top], {})]
    d = play(st, au_lait, [makuhita.top])
    assert d.state.seats[0].active.damage == 10 and d.state.seats[0].discard == [au_lait]
    said(d, "Makuhita heals 60 damage")
    d = play(st, au_lait, [pineco.top])
    assert d.state.seats[0].bench[0].damage == 0
    said(d, "Pineco heals 30 damage")


def test_sv2_181_fighting_au_lait_refusals():
    for mine, theirs in ((3, 3), (2, 3)):
        st = modern(side(poke(MAKUHITA, damage=70), hand=[AU_LAIT], prizes=mine), side(poke(FUECOCO), prizes=theirs))
        refuse(st, 0, trainer(hand(st)[0], [st.seats[0].active.top]), "R-TRAINER-1", contains="more Prize cards")
        assert offers(st, hand(st)[0]) == []
    st = modern(side(poke(MAKUHITA), hand=[AU_LAIT], prizes=4), side(poke(FUECOCO), prizes=3))
    refuse(st, 0, trainer(hand(st)[0]), "R-TRAINER-1", contains="damage counters")
    st = modern(side(poke(MAKUHITA, damage=10), bench=[poke(PINECO, damage=10)], hand=[AU_LAIT], prizes=4),
                side(poke(FUECOCO), prizes=3))
    refuse(st, 0, trainer(hand(st)[0]), "R-TRAINER-1", contains="targets")


# -- sv2-182 Giacomo (Supporter) -------------------------------------------------------------------

def _giacomo_board():
    return modern(side(poke(MAKUHITA), hand=[GIACOMO]),
                  side(poke(FUECOCO, [JET, FIRE]), bench=[poke(PINECO, [REVERSAL_ENERGY, THERAPEUTIC, GRASS]),
                                                          poke(FRIGIBAX, [WATER])]))


def test_sv2_182_giacomo_discards_a_special_energy_from_each_opponents_pokemon():
    st = _giacomo_board()
    giacomo = hand(st)[0]
    fuecoco, (pineco, frigibax) = st.seats[1].active, st.seats[1].bench
    jet, fire = fuecoco.energy
    reversal, therapeutic, grass = pineco.energy
    assert offers(st, giacomo) == [([], {"cards": [jet, reversal]}), ([], {"cards": [jet, therapeutic]})]
    d = play(st, giacomo, cards=[jet, therapeutic])
    them = d.state.seats[1]
    assert them.active.energy == [fire] and them.bench[0].energy == [reversal, grass]
    assert them.bench[1].energy == frigibax.energy and them.discard == [jet, therapeutic]
    said(d, "Jet Energy attached to Fuecoco is discarded")
    said(d, "Therapeutic Energy attached to Pineco is discarded")
    one_each = modern(side(poke(MAKUHITA), hand=[GIACOMO]), side(poke(FUECOCO, [JET]), bench=[poke(PINECO, [JET])]))
    d = play(one_each, hand(one_each)[0], offered=False)      # one Special Energy card each: may be left out
    assert d.state.seats[1].active.energy == [] and d.state.seats[1].bench[0].energy == []


def test_sv2_182_giacomo_refusals():
    st = _giacomo_board()
    giacomo = hand(st)[0]
    fuecoco, pineco = st.seats[1].active, st.seats[1].bench[0]
    jet, fire = fuecoco.energy
    reversal, therapeutic, grass = pineco.energy
    refuse(st, 0, trainer(giacomo), "R-TRAINER-1", contains="choices.cards")
    for bad in ([jet], [jet, reversal, therapeutic], [fire, reversal], [jet, grass], [reversal, therapeutic]):
        refuse(st, 0, trainer(giacomo, cards=bad), "R-TRAINER-1", contains="choices.cards")
    none = modern(side(poke(MAKUHITA, [JET]), hand=[GIACOMO]), side(poke(FUECOCO, [FIRE])))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="has a Special Energy")
    assert offers(none, hand(none)[0]) == []


# -- sv2-183 Great Ball ----------------------------------------------------------------------------

def _ball_board(deck):
    return modern(side(poke(MAKUHITA), hand=[GREAT_BALL], deck=deck), side(poke(FUECOCO)))


def test_sv2_183_great_ball_looks_at_the_top_7_and_may_take_a_pokemon():
    st = _ball_board([FIRE, PINECO, FIRE, ARCTIBAX, WATER, PINECO, GRASS, MAKUHITA, FIRE])
    ball = hand(st)[0]
    deck = list(st.seats[0].deck)
    top = deck[:7]
    pineco, arctibax, makuhita = deck[1], deck[3], deck[7]
    assert offers(st, ball) == [([], {})]
    d = play(st, ball)
    looking = d.state
    assert looking.pending == {"seat": 0, "card": ball, "kind": "search", "look": top}
    said(d, "looks at the top 7 card(s) of the deck")
    assert choose_offers(looking) == [{"search": [pineco]}, {"search": [arctibax]}, {"search": []}]
    for bad in ([makuhita], [deck[0]], [pineco, arctibax]):       # the 8th card was not looked at
        refuse(looking, 0, {"type": "choose", "choices": {"search": bad}}, "R-TRAINER-1")
    d2 = choose(looking, search=[arctibax])
    assert hand(d2.state) == [arctibax] and d2.state.seats[0].deck == [i for i in deck if i != arctibax]
    assert d2.event["payload"]["rng"]["shuffles"] == [list(range(8))]
    assert grants(d2.narration, 1) == {arctibax}
    for seat_no in (0, 1):
        names_none_of(read_by(st, d, seat_no), deck)
        names_none_of(read_by(looking, d2, seat_no), [i for i in deck if i != arctibax])
    assert GAME.view(looking, "player", 1)["pending"]["look"] == {"count": 7}
    d3 = choose(looking, search=[])                               # taking none is the player's choice
    assert hand(d3.state) == [] and d3.event["payload"]["rng"]["shuffles"] == [list(range(9))]
    said(d3, "takes no card and shuffles the deck")


def test_sv2_183_great_ball_short_deck_one_action_and_refusals():
    short = _ball_board([FIRE, FRIGIBAX])
    looking = play(short, hand(short)[0]).state
    assert looking.pending["look"] == short.seats[0].deck
    assert choose_offers(looking) == [{"search": [short.seats[0].deck[1]]}, {"search": []}]
    st = _ball_board([FIRE, PINECO])
    fire, pineco = st.seats[0].deck
    d = play(st, hand(st)[0], offered=False, search=[pineco])
    assert hand(d.state) == [pineco] and d.state.pending is None
    v = refuse(st, 0, trainer(hand(st)[0], search=[fire]), "R-TRAINER-1")
    for word in ("Fire", "Pineco", "⟦", fire, pineco):
        assert word not in v["message"]
    empty = _ball_board([])
    refuse(empty, 0, trainer(hand(empty)[0]), "R-TRAINER-1", contains="empty")
    assert offers(empty, hand(empty)[0]) == []


# -- sv2-184 Grusha (Supporter) --------------------------------------------------------------------

def test_sv2_184_grusha_draws_to_5_or_to_7_without_energy_in_play():
    with_energy = modern(side(poke(MAKUHITA), bench=[poke(PINECO, [GRASS])], hand=[GRUSHA, FIRE]),
                         side(poke(FUECOCO)))
    d = play(with_energy, hand(with_energy)[0])
    assert len(hand(d.state)) == 5 and hand(d.state)[1:] == with_energy.seats[0].deck[:4]
    said(d, "draws 4 card(s) and holds 5")
    without = modern(side(poke(MAKUHITA), bench=[poke(PINECO)], hand=[GRUSHA, FIRE]),
                     side(poke(FUECOCO, [FIRE])))            # the opponent's Energy does not count
    d = play(without, hand(without)[0])
    assert len(hand(d.state)) == 7
    said(d, "None of your Pokémon has Energy attached: draw to 7")
    said(d, "draws 6 card(s) and holds 7")


def test_sv2_184_grusha_refusals_and_short_deck():
    full = modern(side(poke(MAKUHITA, [FIGHTING]), hand=[GRUSHA] + [FIRE] * 5), side(poke(FUECOCO)))
    refuse(full, 0, trainer(hand(full)[0]), "R-TRAINER-1", contains="would draw nothing")
    assert offers(full, hand(full)[0]) == []
    six = modern(side(poke(MAKUHITA), hand=[GRUSHA] + [FIRE] * 6), side(poke(FUECOCO)))
    assert len(hand(play(six, hand(six)[0]).state)) == 7
    short = modern(side(poke(MAKUHITA), hand=[GRUSHA], deck=[WATER]), side(poke(FUECOCO)))
    d = play(short, hand(short)[0])
    said(d, "draws 1 card(s) and holds 1. [R-TRAINER-5]")


# -- sv2-185 Iono (Supporter) ----------------------------------------------------------------------

def _iono_board(my_hand=(FIRE, PINECO, FALKNER), their_hand=(WATER, GRUSHA), my_prizes=2, their_prizes=5,
                their_deck=None):
    return modern(side(poke(MAKUHITA), hand=[IONO, *my_hand], deck=[GRASS, PSYCHIC, LIGHTNING], prizes=my_prizes),
                  side(poke(FUECOCO), hand=their_hand, prizes=their_prizes,
                       deck=[FRIGIBAX, ARCTIBAX, GRASS, FIRE, WATER, PSYCHIC] if their_deck is None else their_deck))


def test_sv2_185_iono_puts_both_hands_on_the_bottom_and_draws_one_card_per_prize_left():
    st = _iono_board()
    iono, *mine = hand(st)
    theirs = list(hand(st, 1))
    my_deck, their_deck = list(st.seats[0].deck), list(st.seats[1].deck)
    assert offers(st, iono) == [([], {})]
    d = play(st, iono)
    s0, s1 = d.state.seats
    assert s0.hand == my_deck[:2] and s0.deck == my_deck[2:] + mine
    assert s1.hand == their_deck[:5] and s1.deck == their_deck[5:] + theirs
    assert d.state.supporter == {"card": iono, "owner": 0}
    assert d.event["payload"]["rng"]["shuffles"] == [[0, 1, 2], [0, 1]]       # each hand is shuffled
    assert said(d, "Seat 0 (Ana) shuffles 3 cards from the hand") < said(d, "Seat 1 (Beto) shuffles 2 cards")
    assert said(d, "Seat 0 (Ana) has 2 Prize card(s) left and draws 2") < said(d, "Seat 1 (Beto) has 5 Prize")
    # nobody reads a card of the other's hand, old or new
    names_none_of(read_by(st, d, 0), theirs + their_deck)
    names_none_of(read_by(st, d, 1), mine + my_deck)
    assert not grants(d.narration, 0) and not grants(d.narration, 1)


def test_sv2_185_iono_with_one_empty_hand_both_empty_or_a_short_deck():
    one = _iono_board(my_hand=(), their_hand=(WATER,))
    d = play(one, hand(one)[0])
    assert len(hand(d.state)) == 2 and len(hand(d.state, 1)) == 5          # either player's cards count
    none = _iono_board(my_hand=(), their_hand=())
    d = play(none, hand(none)[0])
    assert hand(d.state) == [] and hand(d.state, 1) == [] and d.state.seats[0].deck == none.seats[0].deck
    said(d, "nobody draws")
    short = _iono_board(their_hand=(WATER, GRUSHA), their_deck=[])
    water, grusha = hand(short, 1)
    d = play(short, hand(short)[0])
    assert hand(d.state, 1) == [water, grusha] and d.state.seats[1].deck == []    # its own cards come back
    said(d, "Seat 1 (Beto) has 5 Prize card(s) left and draws 2. [R-TRAINER-5]")


# -- sv2-186 Practice Studio (Stadium) -------------------------------------------------------------

def test_sv2_186_practice_studio_adds_10_to_stage_1_attacks_before_weakness():
    st = modern(side(poke(QUAXWELL, [WATER]), hand=[PRACTICE_STUDIO]), side(poke(FUECOCO)))
    d = play(st, hand(st)[0])
    assert d.state.stadium["card"] == hand(st)[0]
    d2 = act(d.state, 0, {"type": "attack", "attack": "Water Gun", "choices": {}})
    assert d2.state.seats[1].active.damage == 80
    said(d2, "base 30; Practice Studio +10 = 40; Weakness ×2 = 80")


def test_sv2_186_practice_studio_serves_both_players_stage_1_pokemon_only():
    basic = modern(side(poke(FRIGIBAX, [WATER, WATER])), side(poke(FUECOCO)),
                   stadium={"card": PRACTICE_STUDIO, "owner": 0})
    d = act(basic, 0, {"type": "attack", "attack": "Tackle", "choices": {}})
    assert d.state.seats[1].active.damage == 60
    theirs = modern(side(poke(LUXIO, [LIGHTNING])), side(poke(PINECO)), seat_to_act=1,
                    stadium={"card": PRACTICE_STUDIO, "owner": 0})
    d = act(theirs, 1, {"type": "attack", "attack": "Zap Kick", "choices": {}})
    assert d.state.seats[0].active.damage == 40
    said(d, "Practice Studio +10 = 40")


# -- sv2-187 Saguaro (Supporter) -------------------------------------------------------------------

def _saguaro_board():
    return modern(side(poke(MAKUHITA, damage=30), bench=[poke(PINECO, damage=60), poke(FRIGIBAX)], hand=[SAGUARO]),
                  side(poke(FUECOCO, damage=10)))


def test_sv2_187_saguaro_heals_50_from_each_of_up_to_2_pokemon():
    st = _saguaro_board()
    saguaro = hand(st)[0]
    makuhita, pineco = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, saguaro) == [([makuhita.top], {}), ([pineco.top], {}), ([makuhita.top, pineco.top], {})]
    d = play(st, saguaro, [makuhita.top, pineco.top])
    s = d.state.seats[0]
    assert (s.active.damage, s.bench[0].damage) == (0, 10)
    said(d, "Makuhita heals 30 damage")
    said(d, "Pineco heals 50 damage")
    d = play(st, saguaro, [pineco.top])
    assert (d.state.seats[0].active.damage, d.state.seats[0].bench[0].damage) == (30, 10)


def test_sv2_187_saguaro_refusals():
    st = _saguaro_board()
    saguaro = hand(st)[0]
    makuhita, (pineco, frigibax) = st.seats[0].active, st.seats[0].bench
    for bad in ([], [frigibax.top], [makuhita.top, makuhita.top], [makuhita.top, pineco.top, frigibax.top],
                [st.seats[1].active.top]):
        refuse(st, 0, trainer(saguaro, bad), "R-TRAINER-1", contains="targets")
    healthy = modern(side(poke(MAKUHITA), hand=[SAGUARO]), side(poke(FUECOCO, damage=10)))
    refuse(healthy, 0, trainer(hand(healthy)[0]), "R-TRAINER-1", contains="damage counters")
    assert offers(healthy, hand(healthy)[0]) == []


# -- sv2-188 Super Rod -----------------------------------------------------------------------------

def test_sv2_188_super_rod_shuffles_pokemon_and_basic_energy_from_the_discard_into_the_deck():
    st = modern(side(poke(MAKUHITA), hand=[SUPER_ROD], deck=[FIRE], discard=[PINECO, JET, FIRE, FALKNER, ARCTIBAX]),
                side(poke(FUECOCO)))
    rod = hand(st)[0]
    pineco, jet, fire, falkner, arctibax = st.seats[0].discard
    opts = offers(st, rod)
    assert ([], {"search": [pineco, fire, arctibax]}) in opts and len(opts) == 3 + 3 + 1
    d = play(st, rod, search=[pineco, fire, arctibax])
    s = d.state.seats[0]
    assert s.deck == st.seats[0].deck + [pineco, fire, arctibax] and s.discard == [jet, falkner, rod]
    assert d.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3]]
    assert grants(d.narration, 1) >= {pineco, fire, arctibax}
    d = play(st, rod, search=[arctibax])                  # fewer is the player's choice
    assert d.state.seats[0].discard == [pineco, jet, fire, falkner, rod]


def test_sv2_188_super_rod_refusals():
    st = modern(side(poke(MAKUHITA), hand=[SUPER_ROD], discard=[PINECO, JET, FIRE, FALKNER, ARCTIBAX, WATER]),
                side(poke(FUECOCO)))
    rod = hand(st)[0]
    pineco, jet, fire, falkner, arctibax, water = st.seats[0].discard
    for bad in ([jet], [falkner], [], [pineco, fire, arctibax, water], [pineco, pineco]):
        refuse(st, 0, trainer(rod, search=bad), "R-TRAINER-1", contains="choices.search")
    refuse(st, 0, trainer(rod), "R-TRAINER-1", contains="choices.search")
    none = modern(side(poke(MAKUHITA), hand=[SUPER_ROD], discard=[JET, FALKNER]), side(poke(FUECOCO)))
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no Pokémon or basic Energy")
    assert offers(none, hand(none)[0]) == []


# -- sv2-189 Superior Energy Retrieval -------------------------------------------------------------

def _retrieval_board(my_hand=(FIRE, FALKNER, PINECO), discard=(WATER, GRASS, WATER, JET, FIGHTING, PSYCHIC)):
    return modern(side(poke(MAKUHITA), hand=[SUPERIOR_RETRIEVAL, *my_hand], discard=discard), side(poke(FUECOCO)))


def test_sv2_189_superior_energy_retrieval_discards_2_then_takes_up_to_4_basic_energy():
    st = _retrieval_board()
    ser, fire, falkner, pineco = hand(st)
    water, grass, water2, jet, fighting, psychic = st.seats[0].discard
    d = play(st, ser, cards=[fire, falkner], search=[water, water2, grass, psychic])
    s = d.state.seats[0]
    assert s.hand == [pineco, water, water2, grass, psychic]
    assert s.discard == [jet, fighting, fire, falkner, ser]
    assert grants(d.narration, 1) >= {fire, falkner, water, grass, water2, psychic}
    d = play(st, ser, cards=[falkner, pineco], search=[fighting])
    assert d.state.seats[0].hand == [fire, fighting]


def test_sv2_189_superior_energy_retrieval_offers_and_refusals():
    st = _retrieval_board()
    ser, fire, falkner, pineco = hand(st)
    water, grass, water2, jet, fighting, psychic = st.seats[0].discard
    opts = offers(st, ser)
    # 3 pairs of the hand × picks of 1 to 4 among Water ×2, Grass, Fighting, Psychic (by cards)
    assert len(opts) == 3 * (4 + 7 + 7 + 4)
    for cards, search in (([fire], [water]), ([fire, ser], [water]), ([fire, falkner], [jet]),
                          ([fire, falkner], [water, grass, water2, fighting, psychic]),
                          ([fire, falkner], [fire]), ([fire, falkner], [])):
        refuse(st, 0, trainer(ser, cards=cards, search=search), "R-TRAINER-1")
    short = _retrieval_board(my_hand=(FIRE,))
    refuse(short, 0, trainer(hand(short)[0], cards=[hand(short)[1]], search=[short.seats[0].discard[0]]),
           "R-TRAINER-1", contains="2 other card")
    assert offers(short, hand(short)[0]) == []
    none = _retrieval_board(discard=(JET, FALKNER))
    refuse(none, 0, trainer(hand(none)[0], cards=hand(none)[1:3]), "R-TRAINER-1", contains="no basic Energy")
    assert offers(none, hand(none)[0]) == []
