"""The facts of a Pokémon played from the hand (`on_played_from_hand`) and of the Knock Outs by an
attack's damage during the opponent's last turn (flow.py), and the cards over them: Chien-Pao
(sv8: Snow Sink, Icicle Loop), Koraidon ex's Orichalcum Fang and the attack wording of
`compiler/last_turn.py` (effects/played_from_hand.py has the rulings)."""
from __future__ import annotations

import pytest

from projections.tcg import carddb, hooks
from projections.tcg.actions import SETTLED_BY_CHECKS
from projections.tcg.carddb import AttackDef, card
from projections.tcg.cards.compiler import compile_attack
from projections.tcg.engine import accepts
from projections.tcg.flow import KNOCKED_OUT_BY_ATTACK, KNOCKED_OUT_BY_ATTACK_LAST_TURN, REACHED_HP
from projections.tcg.legal import _ProbeRandomness, legal_actions
from projections.tcg.state import new_turn_record, state_hash

from .fixtures import BASE_WATER, act, base_board, base_side, modern, poke, refuse, side

GRASS, FIRE, WATER, LIGHTNING, PSYCHIC, FIGHTING, DARKNESS, METAL = (f"sve-{n}" for n in range(1, 9))
TAPU_KOKO = "sv4-68"
CHIEN_PAO, KORAIDON, SKIDDO, ARTAZON, NEST_BALL = "sv8-56", "me2pt5-121", "sv1-11", "sv2-171", "sv1-181"
DUSKNOIR, PIDGEY, REMORAID, OCTILLERY = "sv6pt5-20", "sv3-162", "sv4-33", "sv4-34"
ABRA, ALAKAZAM, RARE_CANDY, BRAMBLIN, BRAMBLEGHAST, DURANT = "me1-54", "me1-56", "sv1-191", "me2-46", "me2-47", "sv8-4"
NEW_KEYS = {REACHED_HP, KNOCKED_OUT_BY_ATTACK, KNOCKED_OUT_BY_ATTACK_LAST_TURN}
TEXT = ("If any of your Pokémon were Knocked Out by damage from an attack during your opponent's last turn, this "
        "attack does 120 more damage.")


def seat(active, bench=(), hand=(), deck=None):
    return side(active, bench, hand, [FIGHTING] * 8 if deck is None else deck, filler=(FIGHTING, FIGHTING))


def power_action(holder, name="Snow Sink", **choices):
    return {"type": "use_power", "pokemon": holder, "power": name, "choices": choices}


def power_offers(state, holder, seat_no=0):
    return [a["choices"] for a in legal_actions(state, seat_no) if a["type"] == "use_power" and a["pokemon"] == holder]


def bench(state, inst, seat_no=0):
    action = {"type": "bench", "card": inst}
    assert action in legal_actions(state, seat_no)
    return act(state, seat_no, action).state


# -- the hook and the Ability over it -------------------------------------------------------------

def test_on_played_from_hand_is_a_tell_hook_the_bench_action_declares():
    assert hooks.HOOKS["on_played_from_hand"][:2] == ("tell", "PlayedEvent")
    assert "on_played_from_hand" in SETTLED_BY_CHECKS["bench"]


def _sink_board(hand_extra=(), stadium_owner: int | None = 1):
    st = modern(seat(poke(PIDGEY), hand=[CHIEN_PAO, WATER, *hand_extra]), seat(poke(SKIDDO)),
                stadium={"card": ARTAZON, "owner": stadium_owner} if stadium_owner is not None else None)
    return st, st.seats[0].hand[0], st.seats[0].hand[1]


def test_r_power_1_snow_sink_discards_the_stadium_as_the_very_next_action_after_benching_chien_pao():
    st, chien, _ = _sink_board()
    artazon = st.stadium["card"]
    benched = bench(st, chien)
    assert power_offers(benched, chien) == [{}]
    assert accepts(benched, 0, power_action(chien), _ProbeRandomness())
    d = act(benched, 0, power_action(chien))
    assert d.state.stadium is None and d.state.seats[1].discard == [artazon]
    assert any("Snow Sink discards the Stadium" in line for line in d.narration)
    refuse(d.state, 0, power_action(chien), "R-POWER-1", contains="moment has passed")     # once


def test_r_power_1_snow_sink_refused_once_the_moment_has_passed_or_with_no_stadium():
    st, chien, water = _sink_board()
    later = act(bench(st, chien), 0, {"type": "attach_energy", "card": water, "target": chien}).state
    refuse(later, 0, power_action(chien), "R-POWER-1", contains="moment has passed")
    assert power_offers(later, chien) == []
    bare, chien, _ = _sink_board(stadium_owner=None)
    benched = bench(bare, chien)
    refuse(benched, 0, power_action(chien), "R-POWER-1", contains="there is none")
    assert power_offers(benched, chien) == []
    already = modern(seat(poke(PIDGEY), bench=[poke(CHIEN_PAO)]), seat(poke(SKIDDO)),
                     stadium={"card": ARTAZON, "owner": 0})
    refuse(already, 0, power_action(already.seats[0].bench[0].top), "R-POWER-1", contains="moment has passed")


def test_r_power_1_a_chien_pao_put_onto_the_bench_by_nest_ball_is_not_played_from_the_hand():
    st = modern(seat(poke(PIDGEY), hand=[NEST_BALL], deck=[CHIEN_PAO, FIGHTING]), seat(poke(SKIDDO)),
                stadium={"card": ARTAZON, "owner": 1})
    ball = st.seats[0].hand[0]
    chien = st.seats[0].deck[0]
    d = act(st, 0, {"type": "play_trainer", "card": ball, "targets": [], "choices": {"search": [chien]}})
    if d.state.pending:
        d = act(d.state, 0, {"type": "choose", "choices": {"search": [chien]}})
    assert [p.top for p in d.state.seats[0].bench] == [chien]
    refuse(d.state, 0, power_action(chien), "R-POWER-1", contains="moment has passed")


def test_r_power_1_the_opponents_bench_action_leaves_my_chien_pao_alone():
    st = modern(seat(poke(SKIDDO), hand=[PIDGEY]), seat(poke(PIDGEY), bench=[poke(CHIEN_PAO)]),
                stadium={"card": ARTAZON, "owner": 0}, seat_to_act=1)
    d = act(st, 1, {"type": "bench", "card": st.seats[1].hand[0]})
    assert d.state.seats[0].bench[0].flags == {}


def test_r_power_1_suction_cup_draw_right_after_evolving_from_the_hand():
    st = modern(seat(poke(REMORAID, entered_turn=1), hand=[OCTILLERY, FIGHTING]), seat(poke(SKIDDO)))
    octi, energy = st.seats[0].hand
    evolved = act(st, 0, {"type": "evolve", "card": octi, "target": st.seats[0].active.top}).state
    assert power_offers(evolved, octi) == [{}]
    assert len(act(evolved, 0, power_action(octi, "Suction Cup Draw")).state.seats[0].hand) == 1 + 3
    later = act(evolved, 0, {"type": "attach_energy", "card": energy, "target": octi}).state
    refuse(later, 0, power_action(octi, "Suction Cup Draw"), "R-POWER-1", contains="to evolve one of your Pokémon")
    benched = modern(seat(poke(PIDGEY), bench=[poke(OCTILLERY)]), seat(poke(SKIDDO)))
    refuse(benched, 0, power_action(benched.seats[0].bench[0].top, "Suction Cup Draw"), "R-POWER-1")


def test_r_power_1_psychic_draw_after_rare_candy_and_prison_panic_confuses():
    st = modern(seat(poke(ABRA, entered_turn=1), hand=[RARE_CANDY, ALAKAZAM], deck=[FIGHTING] * 2), seat(poke(SKIDDO)))
    candy, alakazam = st.seats[0].hand
    candied = act(st, 0, {"type": "play_trainer", "card": candy, "targets": [st.seats[0].active.top],
                          "choices": {"cards": [alakazam]}}).state
    d = act(candied, 0, power_action(alakazam, "Psychic Draw"))
    assert len(d.state.seats[0].hand) == 2 and d.state.seats[0].deck == []       # what the deck held
    st = modern(seat(poke(BRAMBLIN, entered_turn=1), hand=[BRAMBLEGHAST]), seat(poke(SKIDDO)))
    bramble = st.seats[0].hand[0]
    evolved = act(st, 0, {"type": "evolve", "card": bramble, "target": st.seats[0].active.top}).state
    assert act(evolved, 0, power_action(bramble, "Prison Panic")).state.seats[1].active.conditions == ["confused"]


def test_r_power_1_sudden_shearing_discards_the_opponents_top_card_after_benching_durant_ex():
    st = modern(seat(poke(PIDGEY), hand=[DURANT]), seat(poke(SKIDDO), deck=[WATER, FIRE]))
    durant = st.seats[0].hand[0]
    top = st.seats[1].deck[0]
    d = act(bench(st, durant), 0, power_action(durant, "Sudden Shearing"))
    assert d.state.seats[1].discard == [top] and len(d.state.seats[1].deck) == 1
    assert any("Sudden Shearing discards the top card" in line for line in d.narration)
    assert all(c.declared == frozenset() for c in map(card, ("sv8-4", "sv8-215", "sv8-236", "sv3pt5-97", "me2-47")))


def test_r_attack_2_icicle_loop_puts_an_energy_of_chien_pao_into_the_hand():
    st = modern(seat(poke(CHIEN_PAO, [WATER, WATER, FIGHTING])), seat(poke(KORAIDON)))
    w1, w2, f = st.seats[0].active.energy
    refuse(st, 0, {"type": "attack", "attack": "Icicle Loop", "choices": {"cards": [SKIDDO]}}, "R-ATTACK-2")
    d = act(st, 0, {"type": "attack", "attack": "Icicle Loop", "choices": {"cards": [f]}})
    assert d.state.seats[1].active.damage == 120
    assert d.state.seats[0].active.energy == [w1, w2] and f in d.state.seats[0].hand


# -- the Knock Outs by an attack's damage ----------------------------------------------------------

def _fang_board():
    """Ana's Koraidon ex Knocks Out Beto's Skiddo with Impact Blow; Beto's Koraidon ex is promoted."""
    return modern(seat(poke(KORAIDON, [FIGHTING] * 3)), seat(poke(SKIDDO), bench=[poke(KORAIDON, [FIGHTING] * 2)]))


def _fang(state):
    d = act(state, 1, {"type": "attack", "attack": "Orichalcum Fang", "choices": {}})
    return d.state.seats[0].active.damage


def test_r_damage_1_orichalcum_fang_does_120_more_after_an_attack_knocked_out_one_of_your_pokemon():
    st = _fang_board()
    ko = act(st, 0, {"type": "attack", "attack": "Impact Blow", "choices": {}}).state
    assert ko.this_turn[KNOCKED_OUT_BY_ATTACK] == [1] and REACHED_HP not in ko.this_turn
    promoted = act(ko, 1, {"type": "promote", "card": ko.seats[1].bench[0].top}).state
    assert promoted.seat_to_act == 1 and promoted.this_turn[KNOCKED_OUT_BY_ATTACK_LAST_TURN] == [1]
    assert _fang(promoted) == 170
    assert card(KORAIDON).attack("Orichalcum Fang").compiled_by == ("more_if_knocked_out_by_attack_last_turn",)


def test_r_damage_1_orichalcum_fang_does_50_without_a_knock_out_by_attack_damage():
    quiet = modern(seat(poke(KORAIDON, [FIGHTING] * 2)), seat(poke(SKIDDO)), seat_to_act=1)
    quiet.this_turn = {**new_turn_record(), "knocked_out_last_turn": [1]}     # a Knock Out, not by attack damage
    assert _fang(quiet) == 50
    # the record is the opponent's last turn only: one of the opponent's own Knocked Out does not count
    theirs = modern(seat(poke(KORAIDON, [FIGHTING] * 2)), seat(poke(SKIDDO)), seat_to_act=1)
    theirs.this_turn = {**new_turn_record(), KNOCKED_OUT_BY_ATTACK_LAST_TURN: [0]}
    assert _fang(theirs) == 50


def test_r_ko_1_counters_placed_by_an_ability_are_not_damage_from_an_attack():
    st = modern(seat(poke(DUSKNOIR), bench=[poke(PIDGEY)]), seat(poke(KORAIDON), bench=[poke(SKIDDO)]))
    d = act(st, 0, power_action(st.seats[0].active.top, "Cursed Blast", pokemon=[st.seats[1].bench[0].top]))
    assert d.state.this_turn["knocked_out"] == [0, 1]
    assert NEW_KEYS.isdisjoint(d.state.this_turn)


def test_r_checkup_1_a_knock_out_by_poison_between_turns_is_not_recorded():
    st = modern(seat(poke(PIDGEY)), seat(poke(SKIDDO, damage=50, conditions=["poisoned"]), bench=[poke(KORAIDON)]))
    d = act(st, 0, {"type": "end_turn"})
    assert d.state.seats[1].active is None and d.state.phase == "promote"      # Knocked Out by Poison
    assert NEW_KEYS.isdisjoint(d.state.this_turn) and "knocked_out" not in d.state.this_turn


def test_r_ko_1_base_set_attack_knock_outs_keep_the_turn_record_as_before():
    st = base_board(base_side(poke("base1-2", [BASE_WATER] * 4)),
                    base_side(poke("base1-69"), bench=[poke("base1-69")]))
    d = act(st, 0, {"type": "attack", "attack": "Hydro Pump", "choices": {}})
    assert d.state.this_turn["knocked_out"] == [1]
    assert NEW_KEYS.isdisjoint(d.state.this_turn)


def test_states_without_the_new_record_hash_as_before():
    st = modern(seat(poke(KORAIDON, [FIGHTING] * 3)), seat(poke(KORAIDON), bench=[poke(SKIDDO)]))
    d = act(st, 0, {"type": "attack", "attack": "Impact Blow", "choices": {}})       # no Knock Out
    assert set(d.state.to_dict()["this_turn"]) == set(new_turn_record())
    before = state_hash(d.state)
    d.state.this_turn.pop(REACHED_HP, None)      # absent keys: nothing to hash
    assert state_hash(d.state) == before


# -- the compiler's wording --------------------------------------------------------------------------

def _compiles(text: str, damage: int = 50, mark: str = "+"):
    return compile_attack(AttackDef("X", ["Colorless"], damage, mark, has_effect_text=True, text=text))


def test_r_damage_1_more_if_knocked_out_by_attack_last_turn_compiles_every_printing():
    compiled = [c.id for c in carddb.all_cards() for a in c.attacks
                if a.compiled_by == ("more_if_knocked_out_by_attack_last_turn",)]
    assert {"me2pt5-121", "sv4-29", "sv6-19", "sv6-125", "sv9-57", "me2-66", "rsv10pt5-54"} <= set(compiled)
    built = _compiles(TEXT)
    assert built is not None and built.effects[0].bonus == 120


@pytest.mark.parametrize("text", [
    TEXT.replace("your Pokémon", "your Fighting Pokémon"),
    TEXT.replace("your Pokémon", "your Hop's Pokémon"),
    TEXT.replace("by damage from an attack ", ""),
    TEXT.replace("120 more damage.", "90 more damage, and this Pokémon is now Paralyzed."),
])
def test_r_damage_1_near_miss_wordings_stay_declared(text):
    assert _compiles(text) is None


def test_r_status_1_vengeful_shock_adds_90_and_paralyzes_only_after_a_knock_out_by_attack_damage():
    for record, damage, conditions in (([1], 120, ["paralyzed"]), ([], 30, [])):
        st = modern(seat(poke(TAPU_KOKO, [LIGHTNING, LIGHTNING])), seat(poke(KORAIDON)), seat_to_act=1)
        if record:
            st.this_turn = {**st.this_turn, KNOCKED_OUT_BY_ATTACK_LAST_TURN: record}
        d = act(st, 1, {"type": "attack", "attack": "Vengeful Shock", "choices": {}})
        assert d.state.seats[0].active.damage == damage and d.state.seats[0].active.conditions == conditions
    assert card(TAPU_KOKO).attack("Vengeful Shock").compiled_by == (
        "more_and_condition_if_knocked_out_by_attack_last_turn",)
