"""Every card of every set the referee ships exactly (the 102 of the Base Set, Jungle's 64, Fossil's 62, the 109 of EX
Ruby & Sapphire, the 100 of EX Sandstorm and the 100 of EX Dragon) is implemented, none as a
placeholder, and each describes itself; every Scarlet &
Violet and Mega Evolution card (2,340 up to Stellar Crown, 1,852 from Surging Sparks to Ascended
Heroes) is playable, each text of it encoded or declared (R-DECLARE-2)."""
import json
from pathlib import Path

from projections.tcg.carddb import all_cards
from projections.tcg.cards import unimplemented
from projections.tcg.cards.declared import DECLARED_SETS
from projections.tcg.cards.describe import describe_card
from projections.tcg.cards.effects import Power, Trainer
from projections.tcg.hooks import answers

SHIPPED_SETS = {"base1": 102, "base2": 64, "base3": 62, "ex1": 109, "ex2": 100, "ex3": 100}
SHARED = Path(__file__).resolve().parents[4] / "shared" / "cards"


def test_every_card_of_the_shipped_sets_is_implemented():
    for set_code, size in SHIPPED_SETS.items():
        ids = {c.id for c in all_cards() if c.id.startswith(f"{set_code}-")}
        assert ids == {f"{set_code}-{n}" for n in range(1, size + 1)}, set_code
    assert {c.id.split("-")[0] for c in all_cards()} == set(SHIPPED_SETS) | set(DECLARED_SETS)
    assert unimplemented() == []


def test_every_scarlet_violet_card_is_loaded_with_its_texts_encoded_or_declared():
    ids = {c.id for c in all_cards() if c.id.split("-")[0] in DECLARED_SETS}
    if SHARED.is_dir():     # the shared data beside the checkout: the same ids, all of them
        shared = {c["id"] for s in DECLARED_SETS for c in json.loads((SHARED / f"{s}.json").read_text())}
        assert ids == shared
    assert len(ids) == 2340 + 1852
    for c in all_cards():
        if c.id.split("-")[0] not in DECLARED_SETS:
            assert not c.declared, c.id
            continue
        for a in c.attacks:
            assert (f"attack:{a.name}" in c.declared) == (a.has_effect_text and
                                                          all(getattr(e, "declared", False) for e in a.effects)), c.id
        if c.supertype == "Trainer":
            assert ("trainer" in c.declared) == bool(getattr(c.trainer, "declared", False)), c.id


def test_every_attack_with_effect_text_has_an_encoded_effect_and_no_other_does():
    for c in all_cards():
        for a in c.attacks:
            assert bool(a.effects) == a.has_effect_text, (c.id, a.name, a.effects)


def test_every_power_and_trainer_has_real_behaviour():
    for c in all_cards():
        if c.power is not None:
            effect = c.power.effect
            assert effect is not None, c.id
            # a hook answered, a use, or what the rules read off the card (evolution.check_evolution)
            assert (answers(effect) or getattr(effect, "only_into_play_by", None)
                    or type(effect).use is not getattr(Power, "use", None)), c.id
        if c.supertype == "Trainer":
            assert c.trainer is not None and type(c.trainer).play is not Trainer.play, c.id


def test_every_card_has_a_description_generated_from_its_encoding():
    for c in all_cards():
        described = describe_card(c.id)
        assert described["implemented"] and len(described["description"]) > 10, c.id
        for attack in described.get("attacks", []):
            assert attack["name"] in attack["effect"], (c.id, attack)
