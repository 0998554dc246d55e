"""Fossil's two theme decks (LockDown, BodyGuard; the lists as best known, in
tests/fossil_theme_decks.py) make a base-1999 match through the API, and a few
turns are played with the legal actions the service lists."""

from __future__ import annotations

import pytest

from tests.api.helpers import create_match, ok, take_an_action
from tests.fossil_theme_decks import BODYGUARD, LOCKDOWN

pytestmark = pytest.mark.integration


def test_R_DECK_5_a_match_of_lockdown_against_bodyguard_is_created_and_played(judge):
    created = create_match(judge, ruleset="base-1999", players=[
        {"name": "Ana", "decklist": LOCKDOWN}, {"name": "Beto", "decklist": BODYGUARD}])
    match_id = created["match_id"]
    assert created["state"]["ruleset"] == "base-1999"
    for _ in range(30):                  # setup, then turns until the third one
        state = ok(judge.get(f"/v1/matches/{match_id}/state"))
        if state["result"] or state["turn"] >= 3:
            break
        take_an_action(judge, match_id, ok(judge.get(f"/v1/matches/{match_id}")))
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert state["result"] or state["turn"] >= 3
