"""Every card of every set the referee ships (the 102 of the Base Set, the 109 of EX Ruby &
Sapphire) is implemented, none as a placeholder, and each describes itself."""
from projections.tcg.carddb import all_cards
from projections.tcg.cards import unimplemented
from projections.tcg.cards.describe import describe_card
from projections.tcg.cards.effects import Power, Trainer
from projections.tcg.hooks import answers

SHIPPED_SETS = {"base1": 102, "ex1": 109}


def test_every_card_of_the_shipped_sets_is_implemented():
    for set_code, size in SHIPPED_SETS.items():
        ids = {c.id for c in all_cards() if c.id.startswith(f"{set_code}-")}
        assert ids == {f"{set_code}-{n}" for n in range(1, size + 1)}, set_code
    assert {c.id.split("-")[0] for c in all_cards()} == set(SHIPPED_SETS)
    assert unimplemented() == []


def test_every_attack_with_effect_text_has_an_encoded_effect_and_no_other_does():
    for c in all_cards():
        for a in c.attacks:
            assert bool(a.effects) == a.has_effect_text, (c.id, a.name, a.effects)


def test_every_power_and_trainer_has_real_behaviour():
    for c in all_cards():
        if c.power is not None:
            effect = c.power.effect
            assert effect is not None, c.id
            assert answers(effect) or type(effect).use is not getattr(Power, "use", None), c.id
        if c.supertype == "Trainer":
            assert c.trainer is not None and type(c.trainer).play is not Trainer.play, c.id


def test_every_card_has_a_description_generated_from_its_encoding():
    for c in all_cards():
        described = describe_card(c.id)
        assert described["implemented"] and len(described["description"]) > 10, c.id
        for attack in described.get("attacks", []):
            assert attack["name"] in attack["effect"], (c.id, attack)
