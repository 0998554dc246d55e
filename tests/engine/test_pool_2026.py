"""The pool from Surging Sparks to Ascended Heroes (issue 43 item 1): every card of the ten sets
is served with its facts, a Mega Evolution Pokémon ex gives 3 Prize cards, their ACE SPEC cards
count toward the one a deck may hold, Team Rocket's Energy pays Psychic or Darkness, and a
deck list of December 2026 registers."""
import json
from pathlib import Path

import pytest

from projections.tcg import carddb
from projections.tcg.carddb import card
from projections.tcg.core import can_pay
from projections.tcg.decklist import deck_violations, parse_decklist
from tests.engine.cards.fixtures import act, poke, refuse, said
from tests.engine.test_rules_declared import board, side

# The sets and their sizes (../shared/cards/SUMMARY.md, "Today's pool")
NEW_SETS = {"sv8": 252, "sv8pt5": 180, "sv9": 190, "sv10": 244, "zsv10pt5": 172, "rsv10pt5": 173,
            "me1": 188, "me2": 130, "me2pt5": 295, "mep": 28}
SHARED = Path(__file__).resolve().parents[3] / "shared" / "cards"
FIGHTING, FIRE, PSYCHIC = "sve-6", "sve-2", "sve-5"
RIOLU = "sv1-112"                  # Low Kick F 20, no text
MIRAIDON_EX = "sv1-81"             # a Pokémon ex: 2 Prize cards
MEGA_ABSOL_EX = "me1-86"           # a Basic Mega Evolution Pokémon ex, 280 HP
KIRLIA, MEGA_GARDEVOIR_EX = "me1-59", "me1-60"
TR_ENERGY = "sv10-182"             # Team Rocket's Energy: 2 units, each Psychic or Darkness
TR_NIDORINA = "sv10-115"           # Scratch D D 50, no text
TR_WOBBUFFET = "sv10-82"           # Headbutt Bounce P C C 70, no text
ENRICHING_ENERGY, MAXIMUM_BELT_PRE = "sv8-191", "sv8pt5-117"     # ACE SPEC cards

GARDEVOIR_DECEMBER_2026 = """Pokémon: 18
4 Ralts SVI 84
3 Kirlia SVI 85
2 Gardevoir ex SVI 86
1 Mega Gardevoir ex MEG 60
2 Munkidori TWM 95
2 Budew PRE 4
1 Fezandipiti SFA 73
1 Drifloon SCR 60
1 Drifblim SCR 61
1 Scream Tail PAR 86

Trainer: 36
4 Ultra Ball MEG 131
4 Buddy-Buddy Poffin TEF 144
3 Rare Candy MEG 125
2 Night Stretcher SSP 251
2 Earthen Vessel PAR 163
2 Counter Catcher PAR 160
1 Prime Catcher TEF 157
4 Lillie's Determination MEG 119
4 Iono PAL 185
2 Boss's Orders MEG 114
2 Arven SVI 166
2 Dawn PFL 87
1 Hilda WHT 84
2 Artazon PAL 171
1 Poké Pad ASC 198

Energy: 6
5 Basic {P} Energy MEE 5
1 Basic {D} Energy SVE 7

Total Cards: 60
"""


def test_every_card_of_the_new_sets_is_served_as_many_as_the_shared_files_hold():
    for set_id, size in NEW_SETS.items():
        ids = {c.id for c in carddb.shipped_cards() if c.id.split("-")[0] == set_id}
        assert len(ids) == size, set_id
        if SHARED.is_dir():
            shared = json.loads((SHARED / f"{set_id}.json").read_text(encoding="utf-8"))
            assert ids == {c["id"] for c in shared}, set_id
        assert all(card(i).implemented for i in ids), set_id


def test_R_KO_2_a_mega_evolution_pokemon_ex_gives_three_prize_cards():
    assert card(MEGA_ABSOL_EX).prizes == 3 and {"ex", "mega"} <= card(MEGA_ABSOL_EX).tags
    mega = board(side(poke(RIOLU, energy=[FIGHTING, FIGHTING])),
                 side(poke(MEGA_ABSOL_EX, damage=260), bench=[poke(RIOLU)]))
    d = act(mega, 0, {"type": "attack", "attack": "Low Kick"})
    assert len(d.state.seats[0].prizes) == 3
    said(d, "[R-KO-2]")
    plain_ex = board(side(poke(RIOLU, energy=[FIGHTING, FIGHTING])),
                     side(poke(MIRAIDON_EX, damage=210), bench=[poke(RIOLU)]))
    assert len(act(plain_ex, 0, {"type": "attack", "attack": "Low Kick"}).state.seats[0].prizes) == 4


def test_R_KO_2_every_mega_evolution_pokemon_ex_of_the_pool_gives_three_and_no_other_card_does():
    megas = [c for c in carddb.shipped_cards() if "mega" in c.tags]
    assert len(megas) == 80 and all(c.prizes == 3 and c.name.startswith("Mega ") for c in megas)
    assert {c.id.split("-")[0] for c in megas} == {"me1", "me2", "me2pt5", "mep"}
    assert all(c.prizes < 3 for c in carddb.shipped_cards() if "mega" not in c.tags)


def test_R_EVOLVE_1_R_EVOLVE_4_a_mega_evolution_pokemon_ex_evolves_from_its_stage_1():
    assert card(MEGA_GARDEVOIR_EX).evolves_from == "Kirlia"
    assert card("me2pt5-10").evolves_from == "Bayleef"       # TCG Live's data names only the Basic
    state = board(side(poke(KIRLIA, entered_turn=1), hand=[MEGA_GARDEVOIR_EX]), side(poke(RIOLU)))
    kirlia = state.seats[0].active.top
    (mega,) = state.seats[0].hand
    d = act(state, 0, {"type": "evolve", "card": mega, "target": kirlia})
    assert d.state.card_of(d.state.seats[0].active.top).name == "Mega Gardevoir ex"
    riolu = board(side(poke(RIOLU, entered_turn=1), hand=[MEGA_GARDEVOIR_EX]), side(poke(RIOLU)))
    refuse(riolu, 0, {"type": "evolve", "card": riolu.seats[0].hand[0], "target": riolu.seats[0].active.top},
           "R-EVOLVE-4")


def test_R_DECK_4_two_ace_spec_cards_of_the_new_sets_are_refused():
    deck = parse_decklist(GARDEVOIR_DECEMBER_2026)
    assert card(ENRICHING_ENERGY).tags == {"ace_spec"} and "ace_spec" in card(MAXIMUM_BELT_PRE).tags
    one = [ENRICHING_ENERGY if c == "sv5-157" else c for c in deck]          # Prime Catcher -> Enriching
    assert [v for v in deck_violations(one, "modern", "era") if v["rule"] == "R-DECK-4"] == []
    two = list(one)
    two[two.index("sv2-185")] = MAXIMUM_BELT_PRE                              # an Iono -> Maximum Belt
    (v,) = [v for v in deck_violations(two, "modern", "era") if v["rule"] == "R-DECK-4"]
    assert "At most 1 ACE SPEC card" in v["message"] and "Enriching Energy (sv8-191)" in v["message"]
    assert "Maximum Belt (sv8pt5-117)" in v["message"]


def test_R_DECK_1_a_current_list_with_budew_pre_4_registers():
    assert parse_decklist("4 Budew PRE 4\n") == ["sv8pt5-4"] * 4
    deck = parse_decklist(GARDEVOIR_DECEMBER_2026)
    assert len(deck) == 60 and deck.count("sve-5") == 5 and "me2pt5-198" in deck
    for format in ("era", "unlimited"):
        assert deck_violations(deck, "modern", format) == [], format


@pytest.mark.parametrize("code,number,name", [("SSP", 191, "Enriching Energy"), ("JTG", 159, "Spiky Energy"),
                                              ("DRI", 182, "Team Rocket's Energy"), ("BLK", 80, "Antique Cover Fossil"),
                                              ("WHT", 86, "Ignition Energy"), ("PFL", 124, "Ignition Energy"),
                                              ("ASC", 216, "Prism Energy"), ("MEP", 1, None)])
def test_R_DECK_1_every_new_set_code_reads(code, number, name):
    (card_id,) = parse_decklist(f"1 {name or card_id_name(code, number)} {code} {number}\n")
    assert card(card_id).name == (name or card_id_name(code, number))


def card_id_name(code: str, number: int) -> str:
    return card({"MEP": "mep"}[code] + f"-{number}").name


def test_R_ENERGY_2_team_rockets_energy_pays_psychic_or_darkness_and_nothing_else():
    units = card(TR_ENERGY).provides
    assert units == ["Psychic/Darkness", "Psychic/Darkness"]
    assert can_pay(["Psychic", "Darkness"], units) and can_pay(["Darkness", "Darkness"], units)
    assert can_pay(["Psychic", "Colorless"], units) and not can_pay(["Fire"], units)
    assert not can_pay(["Psychic", "Darkness", "Colorless"], units)
    assert can_pay(["Fire", "Psychic", "Psychic"], ["Any", *units]) and not can_pay(["Fire", "Fire"], ["Any", *units])
    nidorina = board(side(poke(TR_NIDORINA, energy=[TR_ENERGY])), side(poke(RIOLU)))
    assert act(nidorina, 0, {"type": "attack", "attack": "Scratch"}).state.seats[1].active.damage == 50
    wobbuffet = board(side(poke(TR_WOBBUFFET, energy=[TR_ENERGY])), side(poke(RIOLU)))
    refuse(wobbuffet, 0, {"type": "attack", "attack": "Headbutt Bounce"}, "R-ATTACK-1")
    paid = board(side(poke(TR_WOBBUFFET, energy=[TR_ENERGY, FIRE])), side(poke(RIOLU)))
    act(paid, 0, {"type": "attack", "attack": "Headbutt Bounce"})


def test_R_ENERGY_2_an_attack_printed_with_no_cost_needs_no_energy():
    budew = card("sv8pt5-4")
    assert budew.attack("Itchy Pollen").cost == []          # the data's "Free"
    state = board(side(poke("sv8pt5-4")), side(poke(RIOLU)))
    d = act(state, 0, {"type": "attack", "attack": "Itchy Pollen"})
    assert d.state.seats[1].active.damage == 10
    # the same fact of the older sets: Hisuian Arcanine's Proud Fangs was written ["Free"], unpayable
    # (its text is compiled now: no damaged Benched Pokémon, no more damage)
    arcanine = board(side(poke("sv6-100")), side(poke(RIOLU)))
    d = act(arcanine, 0, {"type": "attack", "attack": "Proud Fangs"})
    assert d.state.seats[1].active.damage == 30


def test_every_evolution_of_the_pool_names_a_pokemon_card_of_the_pool():
    names = {c.name for c in carddb.shipped_cards() if c.is_pokemon_card}
    assert [c.id for c in carddb.shipped_cards() if c.evolves_from and c.evolves_from not in names] == []


def test_a_reprint_of_an_encoded_card_takes_its_encoding():
    for reprint, original in (("me2pt5-213", "sv1-196"), ("me1-131", "sv1-196"), ("sv8pt5-117", "sv5-154"),
                              ("zsv10pt5-80", "sv7-129")):
        assert type(card(reprint).trainer) is type(card(original).trainer) and not card(reprint).declared
    for fossil in ("zsv10pt5-80", "rsv10pt5-79"):       # Antique Cover Fossil again, Antique Plume Fossil
        assert card(fossil).is_pokemon_card and card(fossil).hp == 60 and card(fossil).stage == "Basic"
    assert card("rsv10pt5-50").evolves_from == "Antique Plume Fossil"      # Archen (misspelt in the data)
    assert card("sv8-252").energy_effect is card("sv2-190").energy_effect          # Jet Energy
