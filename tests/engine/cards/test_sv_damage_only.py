"""Every Scarlet & Violet attack without text is exact from its facts alone: it does its printed
damage to the Defending Pokémon through the damage rules, Weakness ×2 and Resistance −30 as
printed (R-DAMAGE-1), and nothing else (R-ATTACK-3: an attack with no damage does nothing)."""
from projections.tcg import carddb
from projections.tcg.cards.declared import DECLARED_SETS
from projections.tcg.hooks import answers
from projections.tcg.position import state_from_position

from .fixtures import act

BASIC_ENERGY = {"Grass": "sve-1", "Fire": "sve-2", "Water": "sve-3", "Lightning": "sve-4",
                "Psychic": "sve-5", "Fighting": "sve-6", "Darkness": "sve-7", "Metal": "sve-8"}


def _damage_only():
    for c in carddb.all_cards():
        if c.id.split("-")[0] in DECLARED_SETS and c.supertype == "Pokemon":
            for a in c.attacks:
                if not a.has_effect_text:
                    yield c, a


def _defender(attacker_type):
    """A big Basic that is neither weak nor resistant to the attacker's type, and one that is weak."""
    pool = [c for c in carddb.all_cards() if c.id.startswith("sv") and c.stage == "Basic" and c.hp]
    plain = max((c for c in pool if attacker_type not in (c.weakness, c.resistance) and "tera" not in c.tags),
                key=lambda c: c.hp)
    weak = max((c for c in pool if c.weakness == attacker_type), key=lambda c: c.hp, default=None)
    return plain, weak


def _under(c):
    """The lower Stages under an evolved card: any Scarlet & Violet card of each name."""
    chain = []
    while c.evolves_from:
        c = next(x for x in carddb.all_cards() if x.is_pokemon_card and x.name == c.evolves_from)
        chain.insert(0, c.id)
    return chain


def _attack(c, a, defender):
    energy = [BASIC_ENERGY.get(t, "sve-1") if t != "Colorless" else "sve-8" for t in a.cost]
    position = {"turn": 3, "seat_to_act": 0, "phase": "main", "seats": [
        {"active": {"card": c.id, "energy": energy, "under": _under(c)}, "deck": ["sve-1"] * 5,
         "prizes": ["sve-1"] * 6},
        {"active": {"card": defender.id}, "bench": [{"card": defender.id}], "deck": ["sve-1"] * 5,
         "prizes": ["sve-1"] * 6}]}
    state = state_from_position("modern", ["Ana", "Beto"], position)
    return act(state, 0, {"type": "attack", "attack": a.name})


def test_every_attack_without_text_does_its_printed_damage_and_nothing_else():
    attacks = list(_damage_only())
    assert len(attacks) >= 1000                # 3,072 attacks, 2,060 with text
    for c, a in attacks:
        assert not a.effects and f"attack:{a.name}" not in c.declared, (c.id, a.name)
        if c.power is not None and answers(c.power.effect) & {"damage_attacker", "between_turns"}:
            continue        # its own Ability adds to its attacks' damage, or places counters at the checkup
                            # (test_compiler_abilities.py, test_compiler_ability_passive.py)
        if c.power is not None and "prize_count" in answers(c.power.effect):
            continue        # its own Ability may flip for the Knock Out (test_compiler_ability_triggers.py)
        plain, weak = _defender(c.type)
        d = _attack(c, a, plain)
        dealt = d.state.seats[1].active.damage if d.state.seats[1].active else plain.hp
        assert dealt == min(a.damage, plain.hp) or (a.damage >= plain.hp and dealt >= plain.hp), \
            (c.id, a.name, a.damage, dealt)
        assert d.state.seats[1].bench[0].damage == 0 and d.state.seats[0].active.damage == 0, (c.id, a.name)
        if weak is not None and a.damage:
            d = _attack(c, a, weak)
            left = d.state.seats[1].active
            assert left is None or left.damage == 2 * a.damage, (c.id, a.name, weak.id)
