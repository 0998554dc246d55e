"""The rules the EX era (`ex-2005`, seeds 002 and 003) adds or changes, each with a legal and an
illegal case, on cards that exist only here (registered for this module, taken away after) so
that a rule is proven apart from any one printed card: a Supporter, a second Stadium, a Tool,
a Baby Pokémon, a Pokémon-ex, a Poké-Power and an evolution of a plain name.
"""
from __future__ import annotations

import pytest
from engine_helpers import FIGHTING, FIRE, MACHOP, act, attack, board, end_turn, mon, refuse, said, seat

from projections.tcg.carddb import add_card, define_pokemon, define_trainer, remove_card
from projections.tcg.cards.effects import Power, Trainer
from projections.tcg.core import draw
from projections.tcg.legal import legal_actions

EX = "ex-2005"
SUPPORTER, STADIUM_A, STADIUM_B, TOOL = "t-supporter", "t-stadium-a", "t-stadium-b", "t-tool"
BABY, POKE_EX, POWER_MON, SCYTHER, SCYTHER_EX, SCIZOR = (
    "t-baby", "t-poke-ex", "t-power", "t-scyther", "t-scyther-ex", "t-scizor")
TEST_CARDS = (SUPPORTER, STADIUM_A, STADIUM_B, TOOL, BABY, POKE_EX, POWER_MON, SCYTHER, SCYTHER_EX, SCIZOR)


class DrawOne(Trainer):
    text = "draw a card"

    def play(self, tctx):
        draw(tctx, tctx.seat, 1)
        return False


class Stays(Trainer):
    text = "stays in play"

    def play(self, tctx):
        return True


class DrawPower(Power):
    text = "once during your turn, draw a card"

    def use(self, pctx):
        draw(pctx, pctx.seat, 1)


def _pokemon(card_id, name, hp=60, stage="Basic", evolves_from=None, tags=(), prizes=1, power=None):
    facts = {"id": card_id, "number": "1", "name": name, "supertype": "Pokemon", "stage": stage, "hp": hp,
             "type": "Colorless", "weakness": None, "resistance": None, "retreat_cost": 1,
             "attacks": [{"name": "Tackle", "cost": ["Colorless"], "damage": "10"}],
             "tags": list(tags), "prizes": prizes}
    if evolves_from:
        facts["evolves_from"] = evolves_from
    if power:
        facts["power"] = {"name": "Quick Draw", "kind": "Poké-Power"}
    add_card(facts)
    define_pokemon(card_id, {"Tackle": []}, power=power)


@pytest.fixture(autouse=True, scope="module")
def ex_cards():
    for card_id, name, kind, effect in ((SUPPORTER, "Test Supporter", "supporter", DrawOne()),
                                        (STADIUM_A, "Test Stadium A", "stadium", Stays()),
                                        (STADIUM_B, "Test Stadium B", "stadium", Stays()),
                                        (TOOL, "Test Tool", "tool", Stays())):
        add_card({"id": card_id, "number": "1", "name": name, "supertype": "Trainer", "trainer_kind": kind})
        define_trainer(card_id, effect)
    _pokemon(BABY, "Test Baby", hp=30, tags=["baby"])
    _pokemon(POKE_EX, "Testmon ex", hp=30, tags=["ex"], prizes=2)
    _pokemon(POWER_MON, "Drawmon", power=DrawPower())
    _pokemon(SCYTHER, "Scyther")
    _pokemon(SCYTHER_EX, "Scyther ex", tags=["ex"], prizes=2)
    _pokemon(SCIZOR, "Scizor", stage="Stage 1", evolves_from="Scyther")
    yield
    for card_id in TEST_CARDS:
        remove_card(card_id)


def ex_board(mine, theirs, turn=3, **kw):
    return board(mine, theirs, turn=turn, ruleset=EX, **kw)


def hand_of(state, card_id, s=0):
    return [i for i in state.seats[s].hand if state.instances[i] == card_id]


def play(card):
    return {"type": "play_trainer", "card": card}


# -- R-TRAINER-2: Supporters ----------------------------------------------------------------

def test_R_TRAINER_2_one_supporter_per_turn_and_it_stays_beside_the_active_until_the_turn_ends():
    st = ex_board(seat(mon(MACHOP), hand=[SUPPORTER, SUPPORTER]), seat(mon(MACHOP)))
    first, second = hand_of(st, SUPPORTER)
    d = act(st, 0, play(first))
    assert d.state.supporter == {"card": first, "owner": 0} and first not in d.state.seats[0].discard
    assert d.state.this_turn["supporter_played"]
    refuse(d.state, 0, play(second), "R-TRAINER-2", "Only 1 Supporter")
    assert play(second) not in legal_actions(d.state, 0)
    ended = end_turn(d.state)
    assert ended.state.supporter is None and first in ended.state.seats[0].discard


def test_R_TRAINER_2_the_first_player_plays_no_supporter_on_turn_1():
    st = ex_board(seat(mon(MACHOP), hand=[SUPPORTER]), seat(mon(MACHOP)), turn=1)
    refuse(st, 0, play(hand_of(st, SUPPORTER)[0]), "R-TRAINER-2", "first turn")
    second_turn = ex_board(seat(mon(MACHOP), hand=[SUPPORTER]), seat(mon(MACHOP)), turn=2)
    act(second_turn, 0, play(hand_of(second_turn, SUPPORTER)[0]))


# -- R-TRAINER-3: Stadiums ------------------------------------------------------------------

def test_R_TRAINER_3_one_stadium_per_turn_a_new_one_replaces_the_old_but_not_one_of_its_name():
    st = ex_board(seat(mon(MACHOP), hand=[STADIUM_A, STADIUM_B]), seat(mon(MACHOP), hand=[STADIUM_A]),
                  stadium={"card": STADIUM_B, "owner": 1})
    old = st.stadium["card"]
    a, b = hand_of(st, STADIUM_A)[0], hand_of(st, STADIUM_B)[0]
    refuse(st, 0, play(b), "R-TRAINER-3", "same name")
    d = act(st, 0, play(a))
    assert d.state.stadium == {"card": a, "owner": 0} and old in d.state.seats[1].discard
    said(d, "leaves play for the new Stadium")
    refuse(d.state, 0, play(b), "R-TRAINER-3", "Only 1 Stadium")
    later = end_turn(d.state).state
    refuse(later, 1, play(hand_of(later, STADIUM_A, 1)[0]), "R-TRAINER-3", "same name")


# -- R-TRAINER-4: Pokémon Tools ------------------------------------------------------------

def test_R_TRAINER_4_one_tool_per_pokemon():
    st = ex_board(seat(mon(MACHOP), bench=[mon(MACHOP)], hand=[TOOL, TOOL]), seat(mon(MACHOP)))
    first, second = hand_of(st, TOOL)
    active = st.seats[0].active.top
    d = act(st, 0, {"type": "play_trainer", "card": first, "targets": [active]})
    assert d.state.seats[0].active.attached == [first]
    refuse(d.state, 0, {"type": "play_trainer", "card": second, "targets": [active]}, "R-TRAINER-4",
           "already has a Pokémon Tool")
    act(d.state, 0, {"type": "play_trainer", "card": second, "targets": [st.seats[0].bench[0].top]})
    with_tool = ex_board(seat(mon(MACHOP, attached=[TOOL]), hand=[TOOL]), seat(mon(MACHOP)))
    refuse(with_tool, 0, {"type": "play_trainer", "card": hand_of(with_tool, TOOL)[0],
                          "targets": [with_tool.seats[0].active.top]}, "R-TRAINER-4")


# -- R-ATTACK-4: the Baby flip ------------------------------------------------------------------

def test_R_ATTACK_4_tails_against_a_baby_ends_the_turn_without_an_attack():
    st = ex_board(seat(mon(MACHOP, energy=[FIGHTING])), seat(mon(BABY)))
    d = attack(st, 0, "Low Kick", coins=["tails"])
    said(d, "Tails: Machop does not attack")
    assert d.state.seats[1].active.damage == 0 and d.state.seat_to_act == 1


def test_R_ATTACK_4_heads_against_a_baby_lets_the_attack_happen_and_no_flip_elsewhere():
    st = ex_board(seat(mon(MACHOP, energy=[FIGHTING])), seat(mon(BABY)))
    d = attack(st, 0, "Low Kick", coins=["heads"])
    assert d.state.seats[1].active.damage == 20
    base = board(seat(mon(MACHOP, energy=[FIGHTING])), seat(mon(BABY)))
    assert attack(base, 0, "Low Kick").state.seats[1].active.damage == 20   # base-1999: no flip


# -- R-KO-2: a Pokémon-ex gives 2 Prize cards -----------------------------------------------------

def test_R_KO_2_knocking_out_a_pokemon_ex_takes_2_prize_cards_and_a_plain_one_1():
    st = ex_board(seat(mon(MACHOP, energy=[FIGHTING])), seat(mon(POKE_EX, damage=20), bench=[mon(MACHOP)]))
    d = attack(st, 0, "Low Kick")
    assert len(d.state.seats[0].prizes) == 4
    said(d, "takes 2 Prize card(s)")
    plain = ex_board(seat(mon(MACHOP, energy=[FIGHTING])), seat(mon(SCYTHER, damage=40), bench=[mon(MACHOP)]))
    assert len(attack(plain, 0, "Low Kick").state.seats[0].prizes) == 5


# -- R-POWER-2: Poké-Powers stop for any Special Condition ------------------------------------------

@pytest.mark.parametrize("condition", ["asleep", "confused", "paralyzed", "poisoned", "burned"])
def test_R_POWER_2_a_poke_power_is_refused_with_any_special_condition(condition):
    st = ex_board(seat(mon(POWER_MON, conditions=[condition])), seat(mon(MACHOP)))
    refuse(st, 0, {"type": "use_power", "pokemon": st.seats[0].active.top, "power": "Quick Draw"},
           "R-POWER-2", condition)


def test_R_POWER_2_legal_a_poke_power_without_a_condition_and_on_the_bench():
    st = ex_board(seat(mon(MACHOP, conditions=["poisoned"]), bench=[mon(POWER_MON)]), seat(mon(MACHOP)))
    d = act(st, 0, {"type": "use_power", "pokemon": st.seats[0].bench[0].top, "power": "Quick Draw"})
    said(d, "uses Drawmon's Poké-Power Quick Draw")
    assert len(d.state.seats[0].hand) == 1


# -- R-EVOLVE-1: evolution by exact name (002 "Evoluções Ilícitas") ------------------------------

def test_R_EVOLVE_1_scizor_evolves_from_scyther_not_from_scyther_ex():
    st = ex_board(seat(mon(SCYTHER_EX, entered_turn=1), bench=[mon(SCYTHER, entered_turn=1)],
                       hand=[SCIZOR, SCIZOR]), seat(mon(MACHOP)))
    first, second = hand_of(st, SCIZOR)
    refuse(st, 0, {"type": "evolve", "card": first, "target": st.seats[0].active.top}, "R-EVOLVE-1",
           "Scyther ex")
    d = act(st, 0, {"type": "evolve", "card": first, "target": st.seats[0].bench[0].top})
    assert d.state.card_of(d.state.seats[0].bench[0].top).name == "Scizor"


# -- R-TURN-1 and R-SETUP-2 under ex-2005 are in test_rules_rulesets.py; Burn (R-STATUS-6), Confusion
# (R-STATUS-3) and one retreat per turn (R-RETREAT-5) too.

def test_R_TRAINER_1_a_supporter_is_discarded_after_its_turn_even_when_the_turn_ends_by_attacking():
    st = ex_board(seat(mon(MACHOP, energy=[FIGHTING, FIRE]), hand=[SUPPORTER]), seat(mon(MACHOP)))
    supporter = hand_of(st, SUPPORTER)[0]
    played = act(st, 0, play(supporter)).state
    d = attack(played, 0, "Low Kick")
    assert d.state.supporter is None and supporter in d.state.seats[0].discard
