"""The engine pin: MatchCreated records the rules a match was made under, and the recorded
fingerprint of the card encodings and rulesets must follow every change to them."""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import pytest

from projections.errors import EngineMismatch
from projections.games import get_game
from projections.replay import fold
from projections.tcg import game as tcg_game
from projections.tcg.fingerprint import engine_fingerprint, rules_data

GAME = get_game("tcg")


def _hash(data: dict) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_the_recorded_fingerprint_is_the_engines() -> None:
    computed = engine_fingerprint()
    assert computed == tcg_game.ENGINE_FINGERPRINT, (
        "The card encodings, the ruleset table or the action shapes changed: bump "
        "engine_version and record the new fingerprint — in projections/tcg/game.py set "
        f"ENGINE_VERSION to a new value (now {tcg_game.ENGINE_VERSION!r}) and\n"
        f'ENGINE_FINGERPRINT = "{computed}"\n'
        "(matches made under the old rules are then refused, never folded differently).")
    assert GAME.engine_version == tcg_game.ENGINE_VERSION
    assert GAME.engine_pin() == {"version": tcg_game.ENGINE_VERSION, "fingerprint": computed}


def test_the_fingerprint_is_made_of_data_the_same_in_every_process() -> None:
    data = rules_data()
    text = json.dumps(data, sort_keys=True)
    assert " at 0x" not in text and "object at" not in text   # no memory addresses
    assert len(data["cards"]) >= 102 and set(data["rulesets"]) >= {"base-1999", "modern"}
    assert _hash(data) == engine_fingerprint()
    assert _hash(rules_data()) == _hash(data)                  # computed again: the same


def _first_effect_card() -> Any:
    from projections.tcg.carddb import all_cards

    return next(c for c in sorted(all_cards(), key=lambda c: c.id)
                for a in c.attacks if a.effects and vars(a.effects[0]))


def test_a_changed_effect_parameter_or_ruleset_changes_the_fingerprint() -> None:
    from projections.tcg.rulesets import RULESETS

    before = _hash(rules_data())
    card = _first_effect_card()
    attack = next(a for a in card.attacks if a.effects and vars(a.effects[0]))
    effect = attack.effects[0]
    saved = copy.copy(vars(effect))
    name, value = next((k, v) for k, v in vars(effect).items() if isinstance(v, int | str))
    try:
        setattr(effect, name, value + 1 if isinstance(value, int) else value + "!")
        assert _hash(rules_data()) != before
    finally:
        vars(effect).clear()
        vars(effect).update(saved)
    assert _hash(rules_data()) == before

    ruleset = RULESETS["base-1999"]
    try:
        RULESETS["base-1999"] = type(ruleset)(**{**ruleset.as_dict(), "prizes": 4})
        assert _hash(rules_data()) != before
    finally:
        RULESETS["base-1999"] = ruleset
    assert _hash(rules_data()) == before


def _created(engine: dict[str, Any] | None = None) -> dict[str, Any]:
    from projections.tcg.decks import shipped_deck
    from projections.tcg.randomness import SeededRandomness

    players = [{"name": "Ana", "deck": shipped_deck("fire-fighting")},
               {"name": "Beto", "deck": shipped_deck("grass-psychic")}]
    extras, state, _ = GAME.create("base-1999", players, SeededRandomness(3))
    payload = {"game": "tcg", "ruleset": "base-1999", "players": players,
               "randomness": "service", "position": None, **extras}
    if engine is None:
        payload.pop("engine")
    else:
        payload["engine"] = engine
    return {"seq": 1, "type": "MatchCreated", "payload": payload,
            "state_hash": GAME.state_hash(state)}


def test_matches_record_their_engine_and_fold_only_under_it() -> None:
    created = _created(GAME.engine_pin())
    assert created["payload"]["engine"]["version"] == GAME.engine_version
    assert GAME.state_hash(fold([created]).state) == created["state_hash"]


def test_a_match_made_before_the_pin_folds_as_it_always_did() -> None:
    created = _created()
    assert "engine" not in created["payload"]
    assert GAME.state_hash(fold([created]).state) == created["state_hash"]


@pytest.mark.parametrize("engine", [
    {"version": "tcg-2"},
    {"version": "tcg-2", "fingerprint": "0" * 64},
    {"version": tcg_game.ENGINE_VERSION, "fingerprint": "f" * 64},  # rules changed, no bump
])
def test_a_match_made_under_other_rules_is_refused_naming_both(engine: dict[str, Any]) -> None:
    created = _created(engine)
    with pytest.raises(EngineMismatch) as caught:
        fold([created])
    message = str(caught.value)
    assert engine["version"] in message and GAME.engine_version in message
    assert caught.value.recorded == engine and caught.value.running == GAME.engine_pin()
