"""R-DECK in the modern ruleset: Professor's Research and Boss's Orders by the name before the
parenthesis (R-DECK-2), ACE SPEC / Radiant / Prism Star (R-DECK-4), the standard format by
regulation mark and ban list (R-DECK-5), Pokémon TCG Live lists of the Scarlet & Violet sets,
and the four shipped `sv-…` decks."""
import json
from datetime import date
from pathlib import Path

import pytest

from projections.tcg import decks, formats, rulesets
from projections.tcg.carddb import add_card, card, remove_card, shipped_cards
from projections.tcg.decklist import SET_CODES, DeckListError, deck_violations, parse_decklist

SV_DECKS = ("sv-charizard-pidgeot", "sv-chien-pao-baxcalibur", "sv-dragapult-dusknoir", "sv-gardevoir-ex")
SADA, TURO = "sv1-189", "sv1-190"            # Professor's Research (Professor Sada / Turo)
IONO, PRIME_CATCHER, MASTER_BALL = "sv2-185", "sv5-157", "sv5-153"
SV_SETS = rulesets.RULESETS["modern"].sets     # Scarlet & Violet and Mega Evolution (issue 43)


def _quiet(violations):
    """The violations, less "cards the referee does not know yet" (the Scarlet & Violet cards
    are known by their facts before their texts are encoded)."""
    return [v for v in violations if "does not know yet" not in v["message"]]


def _of(violations, rule):
    return [v for v in _quiet(violations) if v["rule"] == rule]


def chien_pao():
    """A legal modern deck with 4 Professor's Research (Professor Sada) and 4 Iono."""
    deck = decks.shipped_deck("sv-chien-pao-baxcalibur")
    assert deck.count(SADA) == 4 and deck.count(IONO) == 4
    return deck


def _swap(deck, old, new, n=1):
    deck = list(deck)
    for _ in range(n):
        deck[deck.index(old)] = new
    return deck


@pytest.fixture
def extra_cards():
    """Cards of tags and marks no shipped Scarlet & Violet card has (removed afterwards)."""
    added = []

    def add(card_id, name, supertype="Pokemon", **facts):
        base = {"id": card_id, "number": card_id.split("-")[1], "name": name, "supertype": supertype}
        if supertype == "Pokemon":
            base.update({"stage": "Basic", "hp": 100, "type": "Colorless", "retreat_cost": 1,
                         "attacks": [{"name": "Tackle", "cost": ["Colorless"], "damage": "10"}]})
        add_card({**base, **facts})
        added.append(card_id)
        return card_id
    yield add
    for card_id in added:
        remove_card(card_id)


# R-DECK-2 ------------------------------------------------------------------------------------

def test_R_DECK_2_professors_research_variants_count_together():
    legal = _swap(chien_pao(), SADA, TURO, 2)           # 2 Sada + 2 Turo
    assert _of(deck_violations(legal, "modern", "standard"), "R-DECK-2") == []
    five = _swap(legal, IONO, TURO)                     # 2 Sada + 3 Turo
    (v,) = _of(deck_violations(five, "modern", "standard"), "R-DECK-2")
    assert v["message"] == "At most 4 cards named Professor's Research; the deck has 5."
    # the same under era and unlimited: the rule is the name's, not the format's
    assert _of(deck_violations(five, "modern", "era"), "R-DECK-2") == [v]
    assert _of(deck_violations(five, "modern", "unlimited"), "R-DECK-2") == [v]


def test_R_DECK_2_boss_s_orders_is_counted_by_the_name_before_the_parenthesis(extra_cards):
    deck = chien_pao()
    assert deck.count("sv2-172") == 2
    other = extra_cards("sv2-9001", "Boss's Orders (Lysandre)", "Trainer", trainer_kind="supporter",
                        regulation_mark="H")
    three = _swap(_swap(deck, IONO, other, 2), IONO, "sv2-248")   # 2 + 1 Ghetsis, 2 Lysandre
    (v,) = _of(deck_violations(three, "modern", "standard"), "R-DECK-2")
    assert v["message"] == "At most 4 cards named Boss's Orders; the deck has 5."


def test_R_DECK_2_a_tcg_live_line_may_name_the_card_with_or_without_its_parenthetical():
    text = ("Trainer: 4\n2 Professor's Research SVI 189\n1 Professor's Research (Professor Turo) SVI 190\n"
            "1 Boss’s Orders PAL 172\n")
    assert parse_decklist(text) == [SADA, SADA, TURO, "sv2-172"]
    with pytest.raises(DeckListError) as err:
        parse_decklist("1 Professor's Research (Professor Turo) SVI 189\n")
    assert "SVI 189 is Professor's Research (Professor Sada)" in err.value.problems[0]


# R-DECK-4 ------------------------------------------------------------------------------------

def test_R_DECK_4_one_ace_spec_card_in_a_deck():
    deck = decks.shipped_deck("sv-charizard-pidgeot")
    assert [c for c in deck if "ace_spec" in card(c).tags] == [PRIME_CATCHER]
    assert _of(deck_violations(deck, "modern", "standard"), "R-DECK-4") == []
    two = _swap(deck, IONO, MASTER_BALL)
    (v,) = _of(deck_violations(two, "modern", "standard"), "R-DECK-4")
    assert "At most 1 ACE SPEC card" in v["message"] and "the deck has 2" in v["message"]
    assert "Prime Catcher (sv5-157)" in v["message"] and "Master Ball (sv5-153)" in v["message"]
    # two copies of the same ACE SPEC card are refused as well, in every format
    same = _swap(deck, IONO, PRIME_CATCHER)
    for format in rulesets.FORMATS:
        (v,) = _of(deck_violations(same, "modern", format), "R-DECK-4")
        assert "Prime Catcher (sv5-157) ×2" in v["message"]


def test_R_DECK_4_one_radiant_pokemon_and_one_prism_star_card_of_a_name(extra_cards):
    deck = chien_pao()
    greninja = extra_cards("sv2-9002", "Radiant Greninja", tags=["radiant"], regulation_mark="H")
    alakazam = extra_cards("sv2-9003", "Radiant Alakazam", tags=["radiant"], regulation_mark="H")
    lunala = extra_cards("sv2-9004", "Lunala ◇", tags=["prism_star"], regulation_mark="H")
    solgaleo = extra_cards("sv2-9005", "Solgaleo ◇", tags=["prism_star"], regulation_mark="H")
    one_each = _swap(_swap(deck, IONO, greninja), IONO, lunala)
    one_each = _swap(one_each, IONO, solgaleo)
    assert _of(deck_violations(one_each, "modern", "standard"), "R-DECK-4") == []
    two = _swap(_swap(one_each, SADA, alakazam), SADA, lunala)
    found = [v["message"] for v in _of(deck_violations(two, "modern", "standard"), "R-DECK-4")]
    assert len(found) == 2
    assert "At most 1 Radiant Pokémon" in found[0] and "Radiant Alakazam" in found[0]
    assert found[1] == "At most 1 Prism Star card named Lunala ◇; the deck has 2."


# R-DECK-5 (standard) -------------------------------------------------------------------------

IN_2025 = date(2025, 6, 1)                   # the 2025 Standard format: G, H, I, J
BEFORE_2026, AFTER_2026 = date(2026, 3, 1), date(2026, 5, 1)   # the 2026 rotation: 2026-04-10
ENERGY_RETRIEVAL_G, ENERGY_RETRIEVAL_BASE = "sv1-171", "base1-81"   # an I-mark reprint: rsv10pt5-82


def _outside(deck, on, format="standard"):
    return [v["message"] for v in _of(deck_violations(deck, "modern", format, on), "R-DECK-5")]


def test_R_DECK_5_standard_is_data_by_date_with_its_sources():
    assert "standard" in rulesets.FORMATS and {"era", "unlimited"} <= set(rulesets.FORMATS)
    shipped = [(p.name, p.start.isoformat(), p.end and p.end.isoformat(), p.marks) for p in formats.STANDARD_PERIODS]
    assert shipped == [("2024", "2024-04-05", "2025-04-11", ("F", "G", "H")),
                       ("2025", "2025-04-11", "2026-04-10", ("G", "H", "I", "J")),
                       ("2026", "2026-04-10", None, ("H", "I", "J"))]
    for period in formats.STANDARD_PERIODS:
        assert not period.banned_names and not period.banned_ids      # no Standard ban was found
        assert period.source["announcement"] and all(r["url"].startswith("https://")
                                                     for r in period.source["reported_by"])
    assert formats.standard_period(date(2026, 4, 9)).name == "2025"
    assert formats.standard_period(date(2026, 4, 10)).name == "2026"
    assert formats.standard_period(None).name == "2026"               # no day: the latest
    assert formats.standard_period(date(2024, 4, 4)) is None
    # the periods meet: a gap or an overlap is refused when the data loads
    with pytest.raises(ValueError, match="do not meet"):
        formats.load_periods({"periods": [{"name": "a", "from": "2025-01-01", "to": "2025-02-01", "marks": ["G"]},
                                          {"name": "b", "from": "2025-03-01", "to": None, "marks": ["H"]}]})


def test_R_DECK_5_a_g_mark_card_is_legal_before_the_2026_rotation_and_refused_after():
    deck = chien_pao()
    assert card(IONO).regulation_mark == "G" and IONO in deck
    assert _outside(deck, BEFORE_2026) == []
    after = _outside(deck, AFTER_2026)
    (iono,) = [m for m in after if m.startswith("Iono (sv2-185)")]
    assert iono.startswith("Iono (sv2-185) has regulation mark G, and no print of the same card has another")
    assert "in force from 2026-04-10" in iono and "regulation mark H or I or J and basic Energy" in iono
    # Boss's Orders (Ghetsis) is G too, but Mega Evolution reprinted it with an I mark
    assert card("sv2-172").regulation_mark == "G" and "sv2-172" in deck
    assert not [m for m in after if "(sv2-172)" in m]
    assert _outside(deck, AFTER_2026, "era") == []                    # the rotation is standard's


def test_R_DECK_5_an_f_mark_card_is_refused_from_the_2025_rotation(extra_cards):
    f_mark = extra_cards("sv2-9006", "Old Ball", "Trainer", trainer_kind="item", regulation_mark="F")
    deck = _swap(chien_pao(), IONO, f_mark, 2)
    assert _outside(deck, date(2025, 4, 10)) == []                    # the 2024 format: F, G, H
    for day in (date(2025, 4, 11), IN_2025):
        (v,) = _outside(deck, day)
        assert v.startswith("Old Ball (sv2-9006) has regulation mark F") and "from 2025-04-11" in v


def test_R_DECK_5_standard_refuses_other_marks_and_unmarked_cards_listing_every_one(extra_cards):
    deck = chien_pao()
    f_mark = extra_cards("sv2-9006", "Old Ball", "Trainer", trainer_kind="item", regulation_mark="F")
    unmarked = "base1-4"                                   # Charizard (Base Set): no mark
    bad = _swap(_swap(deck, IONO, f_mark, 2), IONO, unmarked)
    found = _outside(bad, IN_2025)
    assert [m.split(",")[0] for m in found] == [
        "Old Ball (sv2-9006) has regulation mark F", "Charizard (base1-4) has no regulation mark"]
    assert all("regulation mark G or H or I or J and basic Energy" in m for m in found)
    # under era the Base Set card is outside the ruleset's sets; under unlimited nothing is
    assert [v["rule"] for v in _of(deck_violations(bad, "modern", "era"), "R-DECK-5")] == ["R-DECK-5"]
    assert _of(deck_violations(bad, "modern", "unlimited"), "R-DECK-5") == []


def test_R_DECK_5_an_older_print_is_legal_through_a_reprint_of_the_same_name_and_text():
    deck = _swap(chien_pao(), IONO, ENERGY_RETRIEVAL_G, 4)
    assert card(ENERGY_RETRIEVAL_G).regulation_mark == "G"
    assert formats.print_marks(card(ENERGY_RETRIEVAL_G)) == ("G", "I")   # White Flare's print
    assert not [m for m in _outside(deck, AFTER_2026) if ENERGY_RETRIEVAL_G in m]
    # the Base Set's Energy Retrieval has the same name and another text: no reprint of it is legal
    old = _swap(deck, ENERGY_RETRIEVAL_G, ENERGY_RETRIEVAL_BASE)
    assert card(ENERGY_RETRIEVAL_BASE).name == card(ENERGY_RETRIEVAL_G).name
    for day in (IN_2025, AFTER_2026):
        (refused,) = [m for m in _outside(old, day) if ENERGY_RETRIEVAL_BASE in m]
        assert refused.startswith("Energy Retrieval (base1-81) has no regulation mark")


def test_R_DECK_5_an_older_print_counts_through_its_twin_in_test_data(extra_cards, monkeypatch):
    """The rule on made-up prints: a twin's mark counts, another text's does not."""
    twin = extra_cards("sv2-9010", "Test Ball", "Trainer", trainer_kind="item", regulation_mark="E")
    other = extra_cards("sv2-9011", "Test Ball", "Trainer", trainer_kind="item", regulation_mark="E")
    monkeypatch.setattr(formats, "_prints", lambda: {"sv2-9010": {"sv2-9010": "E", "me1-9999": "I"},
                                                     "me1-9999": {"sv2-9010": "E", "me1-9999": "I"}})
    deck = _swap(_swap(chien_pao(), IONO, twin), IONO, other)
    assert [m.split(" has")[0] for m in _outside(deck, AFTER_2026) if "Test Ball" in m] == ["Test Ball (sv2-9011)"]


def test_R_DECK_5_standard_admits_basic_energy_without_a_mark():
    deck = _swap(chien_pao(), "sve-3", "sv2-279", 2)    # Basic Water Energy of Paldea Evolved
    deck = _swap(deck, "sve-3", "base1-102")            # the Base Set's Water Energy
    assert all(card(c).regulation_mark is None for c in ("sve-3", "sv2-279", "base1-102"))
    assert _outside(deck, IN_2025) == []
    assert not [m for m in _outside(deck, AFTER_2026) if any(e in m for e in ("sve-3", "sv2-279", "base1-102"))]


def test_R_DECK_5_a_day_no_standard_format_covers_is_refused_as_such():
    (v,) = _outside(chien_pao(), date(2023, 9, 1))
    assert v.startswith("No Standard format is known for 2023-09-01: the referee knows it from 2024-04-05")


def test_R_DECK_5_a_banned_card_is_refused_in_its_period_only(monkeypatch):
    """The shipped ban lists are empty (no Standard ban was announced): the mechanism on a
    test-only table of periods."""
    raw = {"periods": [{"name": "t1", "from": "2025-04-11", "to": "2026-01-01", "marks": ["G", "H", "I", "J"],
                        "banned": []},
                       {"name": "t2", "from": "2026-01-01", "to": None, "marks": ["G", "H", "I", "J"],
                        "banned": [{"name": "Iono"}, {"id": TURO}]}]}
    monkeypatch.setattr(formats, "STANDARD_PERIODS", formats.load_periods(raw))
    deck = _swap(chien_pao(), SADA, TURO)
    assert _outside(deck, date(2025, 12, 31)) == []
    found = _outside(deck, date(2026, 2, 1))
    assert sorted(m.split(" is banned")[0] for m in found) == [
        "Iono (sv2-185)", "Professor's Research (Professor Turo) (sv1-190)"]
    assert all("in the Standard format in force from 2026-01-01" in m for m in found)
    assert _outside(deck, date(2026, 2, 1), "era") == []              # a ban is standard's
    # a name bans every print of it, parenthetical aside; an id bans that print alone
    raw["periods"][1]["banned"] = [{"name": "Professor's Research"}]
    monkeypatch.setattr(formats, "STANDARD_PERIODS", formats.load_periods(raw))
    assert sorted(m.split(" is banned")[0] for m in _outside(deck, date(2026, 2, 1))) == [
        "Professor's Research (Professor Sada) (sv1-189)", "Professor's Research (Professor Turo) (sv1-190)"]
    with pytest.raises(ValueError, match="banned entry"):
        formats.load_periods({"periods": [{"name": "x", "from": "2025-01-01", "marks": [], "banned": ["Iono"]}]})


# Pokémon TCG Live lists of the Scarlet & Violet sets -----------------------------------------

def test_R_DECK_1_tcg_live_lines_of_the_scarlet_and_violet_sets_parse():
    text = ("Pokémon: 1\n1 Miraidon ex SVI 81\n\nTrainer: 1\n1 Ultra Ball SVI 196\n\n"
            "Energy: 3\n1 Basic {L} Energy SVE 4\n1 Basic Lightning Energy SVE 4\n"
            "1 Basic {L} Energy Energy 4\n\nTotal Cards: 5\n")
    assert parse_decklist(text) == ["sv1-81", "sv1-196", "sve-4", "sve-4", "sve-4"]
    codes = {"SVI": "sv1", "PAL": "sv2", "OBF": "sv3", "MEW": "sv3pt5", "PAR": "sv4", "PAF": "sv4pt5",
             "TEF": "sv5", "TWM": "sv6", "SFA": "sv6pt5", "SCR": "sv7", "PR-SV": "svp", "SVP": "svp",
             "SVE": "sve"}
    assert {code: SET_CODES[code] for code in codes} == codes


def test_R_DECK_1_every_scarlet_and_violet_card_parses_from_its_tcg_live_line():
    """No set of the modern pool is refused as one the referee has no cards of."""
    code_of = {set_id: code for code, set_id in SET_CODES.items() if code not in ("SVP", "ENERGY", "MEE")}
    sets_json = json.loads((Path(rulesets.__file__).parent / "sets.json").read_text(encoding="utf-8"))
    assert {s["id"] for s in sets_json if not s["id"].startswith(("base", "ex"))} == set(SV_SETS)
    sv = [c for c in shipped_cards() if c.id.split("-")[0] in SV_SETS]
    assert {c.id.split("-")[0] for c in sv} == set(SV_SETS)
    lines = [f"1 {c.name} {code_of[c.id.split('-')[0]]} {c.id.split('-')[1]}" for c in sv]
    assert parse_decklist("\n".join(lines)) == [c.id for c in sv]


def test_R_DECK_1_an_unknown_number_of_a_known_sv_set_is_named():
    with pytest.raises(DeckListError) as err:
        parse_decklist("1 Pikachu ex SVI 999\n")
    assert err.value.problems == ["line 1: SVI 999 (Pikachu ex): this referee has no card 999 of "
                                  "Scarlet & Violet (sv1) yet"]


# The shipped Scarlet & Violet decks -----------------------------------------------------------

@pytest.mark.parametrize("name", SV_DECKS)
def test_R_DECK_shipped_sv_decks_parse_and_are_standard_legal(name):
    assert name in decks.shipped_deck_names()
    text = decks.shipped_decklist(name)
    assert "Total Cards: 60" in text and text.startswith("Pokémon: ")
    deck = parse_decklist(text)
    assert deck == decks.shipped_deck(name) and len(deck) == 60
    assert decks.shipped_deck_ruleset(name) == "modern"
    for format in ("standard", "era"):      # Standard decks of the 2025 format (G, H, I, J)
        assert _quiet(deck_violations(deck, "modern", format, IN_2025)) == [], (name, format)
    assert {c.split("-")[0] for c in deck} <= {"sv1", "sv2", "sv3", "sv3pt5", "sv4", "sv4pt5", "sv5",
                                               "sv6", "sv6pt5", "sv7", "sve"}
    assert any(card(c).stage == "Stage 2" for c in deck)            # an evolution line
    assert sum("ace_spec" in card(c).tags for c in deck) == 1


def test_R_DECK_the_sv_decks_are_the_shipped_modern_decks_of_2024():
    """Beside them the 2026 Standard decks (`std26-…`, test_rules_deck_2026.py)."""
    modern = sorted(n for n in decks.shipped_deck_names() if decks.shipped_deck_ruleset(n) == "modern")
    assert [n for n in modern if not n.startswith("std26-")] == sorted(SV_DECKS)
    for name in SV_DECKS:        # lists of 2024: their G cards rotated out on 2026-04-10
        assert {v["rule"] for v in deck_violations(decks.shipped_deck(name), "modern", "standard",
                                                   date(2026, 12, 7))} == {"R-DECK-5"}, name
