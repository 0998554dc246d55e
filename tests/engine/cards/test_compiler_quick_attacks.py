"""Modern attack wordings compiled by small templates and count entries (`cards/compiler/quick_attacks.py`,
`compiler/more_damage.py`'s FOR_EACH, `effects/damage_conditions.py`'s SIMPLE_COUNTS), ruleset
`modern`: a real card each (the rule id in the test's name) and a text that almost matches and
must stay declared."""
import pytest

from projections.tcg.cards.compiler import compile_attack

from .fixtures import act, refuse
from .test_compiler_damage import RAGING_BOLT_EX, _attack_def, _board, _compiled, _dealt

FIRE, METAL = "sve-2", "sve-8"
BOSS = "me1-114"                 # Boss's Orders: a Supporter, not Team Rocket's
SADA = "sv4-170"                 # Professor Sada's Vitality: an Ancient Supporter
PETREL, PROTON = "sv10-176", "sv10-177"   # Team Rocket's Supporters
ROCKET_BALL = "sv10-175"         # Team Rocket's Great Ball: an Item


def test_r_damage_1_more_per_energy_card_in_discard_ceruledge_ex():
    _compiled("sv8-36", "Abyssal Flames", "more_per")
    state = _board("sv8-36", "Abyssal Flames", discard=[FIRE, METAL, BOSS], defender=RAGING_BOLT_EX)
    assert _dealt(state, "Abyssal Flames") == 30 + 2 * 20
    assert _dealt(_board("sv8-36", "Abyssal Flames", discard=[BOSS]), "Abyssal Flames") == 30


def test_r_damage_1_more_per_ancient_card_in_discard_roaring_moon():
    _compiled("sv5-109", "Vengeance Fletching", "more_per")
    state = _board("sv5-109", "Vengeance Fletching", discard=[SADA, "sv5-109", BOSS, FIRE])
    assert _dealt(state, "Vengeance Fletching") == 70 + 2 * 10


def test_r_damage_1_times_per_team_rocket_supporter_in_discard_porygon2():
    _compiled("sv10-154", "R Command", "times_per")
    state = _board("sv10-154", "R Command", discard=[PETREL, PROTON, ROCKET_BALL, BOSS])
    assert _dealt(state, "R Command") == 2 * 20
    assert _dealt(_board("sv10-154", "R Command", discard=[ROCKET_BALL, BOSS]), "R Command") == 0


@pytest.mark.parametrize(("text", "damage", "mark"), [
    ("This attack does 20 more damage for each Energy card in your opponent's discard pile.", 30, "+"),
    ("This attack does 10 more damage for each Ancient Pokémon in your discard pile.", 70, "+"),
    ("This attack does 20 damage for each Item card that has \"Team Rocket\" in its name in your discard pile.",
     20, "×"),
])
def test_r_damage_1_discard_counts_that_almost_match_stay_declared(text, damage, mark):
    assert compile_attack(_attack_def(text, damage, mark)) is None


# -- "You may draw N cards." ------------------------------------------------------------------------

def _zircon_board(deck):
    return _board("sv8-159", "Zircon Road", energy=["sve-1", FIRE, "sve-5"], deck=deck)


def test_r_trainer_5_may_draw_cards_cyclizar_ex_zircon_road():
    _compiled("sv8-159", "Zircon Road", "may_draw_cards")
    state = _zircon_board([METAL] * 8)
    d = act(state, 0, {"type": "attack", "attack": "Zircon Road", "choices": {}})
    assert len(d.state.seats[0].hand) == 5 and len(d.state.seats[0].deck) == 3
    d = act(state, 0, {"type": "attack", "attack": "Zircon Road", "choices": {"count": 0}})
    assert d.state.seats[0].hand == [] and len(d.state.seats[0].deck) == 8
    refuse(state, 0, {"type": "attack", "attack": "Zircon Road", "choices": {"count": 3}}, "R-ATTACK-2")
    d = act(_zircon_board([METAL] * 2), 0, {"type": "attack", "attack": "Zircon Road", "choices": {}})
    assert len(d.state.seats[0].hand) == 2


@pytest.mark.parametrize("text", ["You may draw 5 cards from the bottom of your deck.", "You may draw a card."])
def test_r_trainer_5_may_draw_near_misses_stay_declared(text):
    assert compile_attack(_attack_def(text, 180, "")) is None


# -- "During your next turn, the Defending Pokémon takes N more damage from attacks" ----------------

def test_r_damage_1_defending_takes_more_next_turn_vibrava_screech():
    _compiled("sv8-105", "Screech", "defending_takes_more_next_turn")
    state = _board("sv8-105", "Screech", energy=["sve-6", METAL])
    d = act(state, 0, {"type": "attack", "attack": "Screech", "choices": {}})
    defender = d.state.seats[1].active
    assert defender.damage == 0 and [(e["kind"], e["until_turn"]) for e in defender.effects] == [
        ("takes_more_damage", state.turn + 2)]
    mine = act(d.state, 1, {"type": "end_turn"}).state
    hit = act(mine, 0, {"type": "attack", "attack": "Cutting Wind", "choices": {}})
    assert hit.state.seats[1].active.damage == 50 + 50


@pytest.mark.parametrize("text", [
    "During your opponent's next turn, the Defending Pokémon takes 50 more damage from attacks (after applying "
    "Weakness and Resistance).",
    "During your next turn, the Defending Pokémon takes 50 more damage from attacks.",
])
def test_r_damage_1_defending_takes_more_near_misses_stay_declared(text):
    assert compile_attack(_attack_def(text, 0, "")) is None


# -- "You may attach any number of Basic Energy cards from your hand to your Pokémon …" ------------

def test_r_energy_1_may_attach_any_from_hand_alolan_exeggutor_ex_tropical_frenzy():
    _compiled("sv8-133", "Tropical Frenzy", "may_attach_any_from_hand")
    state = _board("sv8-133", "Tropical Frenzy", bench=[{"card": "sv8-159", "energy": []}], hand=[FIRE, FIRE, BOSS])
    me = state.seats[0]
    fires = [i for i in me.hand if state.card_id(i) == FIRE]
    boss = next(i for i in me.hand if state.card_id(i) == BOSS)
    to = [me.active.top, me.bench[0].top]
    d = act(state, 0, {"type": "attack", "attack": "Tropical Frenzy", "choices": {"cards": fires, "to": to}})
    after = d.state.seats[0]
    assert len(after.active.energy) == 3 and len(after.bench[0].energy) == 1 and len(after.hand) == 1
    assert d.state.seats[1].active.damage == 150
    d = act(state, 0, {"type": "attack", "attack": "Tropical Frenzy", "choices": {}})
    assert len(d.state.seats[0].hand) == 3 and d.state.seats[1].active.damage == 150
    refuse(state, 0, {"type": "attack", "attack": "Tropical Frenzy",
                      "choices": {"cards": [boss], "to": [me.active.top]}}, "R-ATTACK-2")


@pytest.mark.parametrize("text", [
    "You may attach any number of Energy cards from your hand to your Pokémon in any way you like.",
    "You may attach any number of Basic Energy cards from your discard pile to your Pokémon in any way you like.",
])
def test_r_energy_1_may_attach_any_near_misses_stay_declared(text):
    assert compile_attack(_attack_def(text, 150, "")) is None
