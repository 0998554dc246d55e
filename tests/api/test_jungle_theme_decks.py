"""Jungle's two official theme decks, Power Reserve and Water Blast, under base-1999: both
lists validate with no violation (R-DECK-1..5: Base Set and Jungle cards are the era's sets)
and a match created with them plays a few turns through the API.

Where the lists come from: written from memory of the 1999 Jungle theme decks (Power Reserve
around Jungle's Pokémon Powers, Grass and Psychic; Water Blast Water and Fighting). They are the
lists as best known here, not checked against the printed deck boxes: a card count may differ
from the published ones. They are written in the PTCGO export format with the JUN and BASE set
codes, as `projections/tcg/decklist.py` reads them.
"""
from __future__ import annotations

import pytest

from projections.tcg.decklist import deck_violations, parse_decklist
from tests.api.helpers import ok, pick_an_action

POWER_RESERVE = """\
##Pokémon - 24
* 4 Oddish JUN 58
* 3 Gloom JUN 37
* 1 Vileplume JUN 31
* 4 Venonat JUN 63
* 2 Venomoth JUN 29
* 2 Mr. Mime JUN 22
* 3 Gastly BASE 50
* 2 Haunter BASE 29
* 3 Drowzee BASE 49
##Trainer Cards - 10
* 2 Poké Ball JUN 64
* 2 Bill BASE 91
* 2 Potion BASE 94
* 1 Switch BASE 95
* 1 Gust of Wind BASE 93
* 1 Energy Removal BASE 92
* 1 Professor Oak BASE 88
##Energy - 26
* 14 Grass Energy BASE 99
* 12 Psychic Energy BASE 101
Total Cards - 60
"""

WATER_BLAST = """\
##Pokémon - 24
* 4 Goldeen JUN 53
* 2 Seaking JUN 46
* 3 Eevee JUN 51
* 1 Vaporeon JUN 28
* 3 Cubone JUN 50
* 2 Marowak JUN 39
* 3 Rhyhorn JUN 61
* 1 Rhydon JUN 45
* 3 Mankey JUN 55
* 2 Primeape JUN 43
##Trainer Cards - 10
* 2 Poké Ball JUN 64
* 2 Bill BASE 91
* 2 Potion BASE 94
* 1 Switch BASE 95
* 1 Gust of Wind BASE 93
* 1 Super Potion BASE 90
* 1 Full Heal BASE 82
##Energy - 26
* 13 Water Energy BASE 102
* 13 Fighting Energy BASE 97
Total Cards - 60
"""


@pytest.mark.parametrize("text", [POWER_RESERVE, WATER_BLAST], ids=["power-reserve", "water-blast"])
def test_R_DECK_5_jungle_theme_decks_validate_under_base_1999(text):
    deck = parse_decklist(text)
    assert len(deck) == 60 and any(c.startswith("base2-") for c in deck)
    assert deck_violations(deck, "base-1999") == []


@pytest.mark.integration
def test_a_match_between_the_jungle_theme_decks_plays_through_the_api(judge):
    players = [{"name": "Ana", "decklist": POWER_RESERVE}, {"name": "Beto", "decklist": WATER_BLAST}]
    created = ok(judge.post("/v1/matches", {"ruleset": "base-1999", "players": players}), 201)
    match_id = created["match_id"]
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    for _ in range(60):
        summary = ok(scorekeeper.get(f"/v1/matches/{match_id}"))
        if summary["status"] == "finished" or summary.get("turn", 0) >= 6:
            break
        seat, action, _seq = pick_an_action(scorekeeper, match_id, summary)
        ok(scorekeeper.post(f"/v1/matches/{match_id}/actions", {"seat": seat, "action": action}), 201)
    assert summary.get("turn", 0) >= 3 or summary["status"] == "finished", summary
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"], audit
