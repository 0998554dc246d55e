"""R-TURN, R-BENCH, R-EVOLVE, R-ENERGY, R-TRAINER (base-1999 unless said)."""

from engine_helpers import (
    BILL,
    CHARIZARD,
    CHARMANDER,
    CHARMELEON,
    DCE,
    FIGHTING,
    FIRE,
    HITMONCHAN,
    MACHOKE,
    MACHOP,
    PLUSPOWER,
    WATER,
    act,
    attack,
    board,
    end_turn,
    mon,
    refuse,
    said,
    seat,
)

from projections.tcg.carddb import card
from projections.tcg.cards.effects import Trainer
from projections.tcg.core import add_effect, draw


def simple(hand0=(), bench0=(), deck0=None, turn=3, **kw):
    return board(seat(mon(MACHOP, energy=[FIGHTING]), bench=bench0, hand=hand0, deck=deck0),
                 seat(mon(HITMONCHAN), bench=[mon(MACHOP)]), turn=turn, **kw)


# -- R-TURN --------------------------------------------------------------------------------

def test_R_TURN_1_draw_at_the_start_of_the_turn():
    state = simple()
    before = len(state.seats[1].hand), len(state.seats[1].deck)
    d = end_turn(state)
    assert d.state.seat_to_act == 1 and d.state.turn == 4 and d.state.phase == "main"
    assert (len(d.state.seats[1].hand), len(d.state.seats[1].deck)) == (before[0] + 1, before[1] - 1)
    said(d, "[R-TURN-1]")


def test_R_TURN_1_draw_phase_must_draw_first():
    state = simple(phase="draw")
    refuse(state, 0, {"type": "end_turn"}, "R-TURN-1", contains="draw")
    d = act(state, 0, {"type": "draw"})
    assert len(d.state.seats[0].hand) == 1 and d.state.phase == "main"
    refuse(d.state, 0, {"type": "draw"}, "R-TURN-1", contains="already")


def test_R_TURN_2_any_order_and_as_often_as_allowed():
    # hand: Machop, Charmander, Machoke, Fighting; Machop on the Bench since an earlier turn
    state = simple(hand0=[MACHOP, CHARMANDER, MACHOKE, FIGHTING], bench0=[mon(MACHOP, entered_turn=1)])
    s = state.seats[0]
    machop_h, charmander_h, machoke_h, fighting_h = s.hand
    benched = s.bench[0].top
    d = act(state, 0, {"type": "attach_energy", "card": fighting_h, "target": benched})
    d = act(d.state, 0, {"type": "bench", "card": machop_h})
    d = act(d.state, 0, {"type": "evolve", "card": machoke_h, "target": benched})
    d = act(d.state, 0, {"type": "bench", "card": charmander_h})
    d = act(d.state, 0, {"type": "retreat", "to": d.state.seats[0].bench[0].top,
                         "discard": [d.state.seats[0].active.energy[0]]})
    assert d.state.seats[0].active.top == machoke_h and len(d.state.seats[0].bench) == 3
    assert d.state.seat_to_act == 0 and d.state.phase == "main"


def test_R_TURN_2_malformed_action_refused():
    state = simple()
    refuse(state, 0, {"type": "attack"}, "R-TURN-2", contains="missing")
    refuse(state, 0, {"type": "teleport"}, "R-TURN-2")
    refuse(state, 0, {"type": "bench", "card": 7}, "R-TURN-2")


def test_R_TURN_3_attack_ends_the_turn():
    state = simple()
    d = attack(state, 0, "Low Kick")
    assert d.state.seat_to_act == 1 and d.state.turn == 4
    said(d, "[R-TURN-3]")
    assert said(d, "Low Kick does") < said(d, "Turn 4")


def test_R_TURN_3_end_turn_without_attacking():
    d = end_turn(simple())
    assert d.state.seat_to_act == 1
    assert d.state.seats[1].active.damage == 0


def test_R_TURN_4_nothing_during_the_opponents_turn():
    state = simple(hand0=[FIGHTING])
    for action in ({"type": "end_turn"}, {"type": "attack", "attack": "Jab", "choices": {}},
                   {"type": "retreat", "to": state.seats[1].bench[0].top, "discard": []},
                   {"type": "draw"}):
        refuse(state, 1, action, "R-TURN-4")
    refuse(state, 1, {"type": "promote", "card": state.seats[1].bench[0].top}, "R-KO-3")
    # concede is always possible
    assert act(state, 1, {"type": "concede"}).state.result["winner"] == 0


# -- R-BENCH -------------------------------------------------------------------------------

def test_R_BENCH_1_at_most_five():
    four = [mon(MACHOP)] * 4
    state = simple(hand0=[MACHOP, CHARMANDER], bench0=four)
    d = act(state, 0, {"type": "bench", "card": state.seats[0].hand[0]})
    assert len(d.state.seats[0].bench) == 5
    refuse(d.state, 0, {"type": "bench", "card": d.state.seats[0].hand[0]}, "R-BENCH-1", contains="full")


def test_R_BENCH_2_only_basics_from_the_hand():
    state = simple(hand0=[MACHOKE, FIRE, PLUSPOWER, CHARMANDER])
    machoke, fire, plus, charmander = state.seats[0].hand
    refuse(state, 0, {"type": "bench", "card": machoke}, "R-BENCH-2", contains="Basic")
    refuse(state, 0, {"type": "bench", "card": fire}, "R-BENCH-2")
    refuse(state, 0, {"type": "bench", "card": plus}, "R-BENCH-2")
    refuse(state, 0, {"type": "bench", "card": state.seats[0].deck[0]}, "R-BENCH-2", contains="in hand")
    d = act(state, 0, {"type": "bench", "card": charmander})
    assert d.state.seats[0].bench[-1].entered_turn == 3


# -- R-EVOLVE ------------------------------------------------------------------------------

def evo_board(hand, active=None, turn=3, bench=(), **kw):
    return board(seat(active or mon(CHARMANDER, energy=[FIRE]), bench=bench, hand=hand),
                 seat(mon(HITMONCHAN)), turn=turn, **kw)


def test_R_EVOLVE_1_evolves_from_the_named_pokemon():
    state = evo_board([CHARMELEON], bench=[mon(MACHOP)])
    charmeleon = state.seats[0].hand[0]
    refuse(state, 0, {"type": "evolve", "card": charmeleon, "target": state.seats[0].bench[0].top},
           "R-EVOLVE-1", contains="Charmander")
    refuse(state, 0, {"type": "evolve", "card": charmeleon, "target": state.seats[1].active.top},
           "R-EVOLVE-1")
    d = act(state, 0, {"type": "evolve", "card": charmeleon, "target": state.seats[0].active.top})
    assert d.state.seats[0].active.top == charmeleon
    assert d.state.seats[0].active.stack == [state.seats[0].active.top, charmeleon]


def test_R_EVOLVE_2_not_the_turn_it_came_into_play_nor_twice():
    state = evo_board([CHARMANDER, CHARMELEON, CHARIZARD], active=mon(CHARMANDER, entered_turn=1))
    charmander, charmeleon, charizard = state.seats[0].hand
    d = act(state, 0, {"type": "bench", "card": charmander})
    refuse(d.state, 0, {"type": "evolve", "card": charmeleon, "target": charmander}, "R-EVOLVE-2")
    d = act(d.state, 0, {"type": "evolve", "card": charmeleon, "target": state.seats[0].active.top})
    refuse(d.state, 0, {"type": "evolve", "card": charizard, "target": charmeleon}, "R-EVOLVE-2",
           contains="this turn")
    # next own turn it may
    d = end_turn(d.state)
    d = end_turn(d.state, 1)
    act(d.state, 0, {"type": "evolve", "card": charizard, "target": charmeleon})


def test_R_EVOLVE_3_not_on_the_first_turn_of_the_game():
    state = evo_board([CHARMELEON], active=mon(CHARMANDER, entered_turn=0), turn=1)
    charmeleon = state.seats[0].hand[0]
    refuse(state, 0, {"type": "evolve", "card": charmeleon, "target": state.seats[0].active.top},
           "R-EVOLVE-3", contains="first turn")
    # base-1999: the second player's first turn is not blocked
    state2 = evo_board([CHARMELEON], active=mon(CHARMANDER, entered_turn=0), turn=2)
    act(state2, 0, {"type": "evolve", "card": state2.seats[0].hand[0], "target": state2.seats[0].active.top})


def test_R_EVOLVE_4_no_skipping_a_stage():
    state = evo_board([CHARIZARD, MACHOP])
    charizard, machop = state.seats[0].hand
    refuse(state, 0, {"type": "evolve", "card": charizard, "target": state.seats[0].active.top},
           "R-EVOLVE-4", contains="Stage 1")
    refuse(state, 0, {"type": "evolve", "card": machop, "target": state.seats[0].active.top},
           "R-EVOLVE-4", contains="not an Evolution")
    ok = evo_board([CHARIZARD], active=mon(CHARMELEON, under=[CHARMANDER]))
    d = act(ok, 0, {"type": "evolve", "card": ok.seats[0].hand[0], "target": ok.seats[0].active.top})
    assert len(d.state.seats[0].active.stack) == 3


def test_R_EVOLVE_5_keeps_cards_and_damage_loses_conditions_effects_and_old_attacks():
    state = evo_board([CHARMELEON], active=mon(CHARMANDER, energy=[FIRE, FIRE, FIRE], damage=30,
                                               attached=[PLUSPOWER], conditions=["confused", "poisoned"]))
    p = state.seats[0].active
    add_effect(p, "prevent_damage", state.turn + 1, why="test")
    d = act(state, 0, {"type": "evolve", "card": state.seats[0].hand[0], "target": p.top})
    q = d.state.seats[0].active
    assert q.damage == 30 and q.energy == p.energy and q.attached == p.attached
    assert q.conditions == [] and q.effects == [] and "poison_damage" not in q.flags
    said(d, "[R-EVOLVE-5]")
    refuse(d.state, 0, {"type": "attack", "attack": "Scratch", "choices": {}}, "R-ATTACK-1",
           contains="no attack")
    # the new attacks work (Slash: CCC 30, +10 from the PlusPower that stayed attached) — and
    # no Confusion flip is needed any more
    d2 = attack(d.state, 0, "Slash")
    assert d2.state.seats[1].active.damage == 40


# -- R-ENERGY ------------------------------------------------------------------------------

def test_R_ENERGY_1_second_attach_refused():
    state = simple(hand0=[FIGHTING, FIGHTING], bench0=[mon(MACHOP)])
    f1, f2 = state.seats[0].hand
    d = act(state, 0, {"type": "attach_energy", "card": f1, "target": state.seats[0].bench[0].top})
    assert f1 in d.state.seats[0].bench[0].energy
    refuse(d.state, 0, {"type": "attach_energy", "card": f2, "target": state.seats[0].active.top},
           "R-ENERGY-1", contains="already")
    # a new turn allows one again
    d = end_turn(d.state)
    d = end_turn(d.state, 1)
    act(d.state, 0, {"type": "attach_energy", "card": f2, "target": state.seats[0].active.top})


def test_R_ENERGY_1_only_energy_from_the_hand_to_your_own_pokemon():
    state = simple(hand0=[FIGHTING, MACHOP])
    f, machop = state.seats[0].hand
    refuse(state, 0, {"type": "attach_energy", "card": f, "target": state.seats[1].active.top}, "R-ENERGY-1")
    refuse(state, 0, {"type": "attach_energy", "card": machop, "target": state.seats[0].active.top},
           "R-ENERGY-1", contains="not an Energy")
    refuse(state, 0, {"type": "attach_energy", "card": state.seats[0].deck[0],
                      "target": state.seats[0].active.top}, "R-ENERGY-1")


def test_R_ENERGY_2_specific_types_and_colorless():
    # Jab needs Fighting: Fire can't pay it
    state = board(seat(mon(HITMONCHAN, energy=[FIRE])), seat(mon(MACHOP)))
    refuse(state, 0, {"type": "attack", "attack": "Jab", "choices": {}}, "R-ENERGY-2", contains="Fighting")
    # Scratch (Colorless) is paid with any type
    state = board(seat(mon(CHARMANDER, energy=[WATER])), seat(mon(MACHOP)))
    assert attack(state, 0, "Scratch").state.seats[1].active.damage == 10
    # Special Punch FFC: F + F + Fire ok; F + Fire + Fire not
    ok = board(seat(mon(HITMONCHAN, energy=[FIGHTING, FIGHTING, FIRE])), seat(mon(CHARMELEON, under=[CHARMANDER])))
    assert attack(ok, 0, "Special Punch").state.seats[1].active.damage == 40
    bad = board(seat(mon(HITMONCHAN, energy=[FIGHTING, FIRE, FIRE])), seat(mon(CHARMELEON, under=[CHARMANDER])))
    refuse(bad, 0, {"type": "attack", "attack": "Special Punch", "choices": {}}, "R-ENERGY-2")
    # too few Energy of any type is R-ATTACK-1's "only with the Energy for it attached"
    few = board(seat(mon(HITMONCHAN, energy=[FIGHTING, FIGHTING])), seat(mon(CHARMELEON, under=[CHARMANDER])))
    refuse(few, 0, {"type": "attack", "attack": "Special Punch", "choices": {}}, "R-ATTACK-1")


def test_R_ENERGY_2_double_colorless_gives_two_colorless_and_no_type():
    ok = board(seat(mon(CHARMELEON, under=[CHARMANDER], energy=[DCE, FIRE])), seat(mon(HITMONCHAN)))
    assert attack(ok, 0, "Slash").state.seats[1].active.damage == 30
    short = board(seat(mon(CHARMELEON, under=[CHARMANDER], energy=[DCE])), seat(mon(HITMONCHAN)))
    refuse(short, 0, {"type": "attack", "attack": "Slash", "choices": {}}, "R-ATTACK-1")
    # DCE can't pay a Fighting cost, though it gives 2 Energy for a cost of 1
    jab = board(seat(mon(HITMONCHAN, energy=[DCE])), seat(mon(MACHOP)))
    refuse(jab, 0, {"type": "attack", "attack": "Jab", "choices": {}}, "R-ENERGY-2", contains="has Colorless/Colorless")
    assert card(DCE).provides == ["Colorless", "Colorless"] and not card(DCE).is_basic_energy
    # Special Punch FFC: F + F + DCE pays it (one Colorless unit is left over)
    ok = board(seat(mon(HITMONCHAN, energy=[FIGHTING, FIGHTING, DCE])), seat(mon(CHARMELEON, under=[CHARMANDER])))
    assert attack(ok, 0, "Special Punch").state.seats[1].active.damage == 40
    # F + DCE is 3 units but only one Fighting
    bad = board(seat(mon(HITMONCHAN, energy=[FIGHTING, DCE])), seat(mon(CHARMELEON, under=[CHARMANDER])))
    refuse(bad, 0, {"type": "attack", "attack": "Special Punch", "choices": {}}, "R-ENERGY-2")


def test_R_ENERGY_3_energy_stays_after_an_attack():
    state = board(seat(mon(HITMONCHAN, energy=[FIGHTING, FIGHTING, FIRE])), seat(mon(CHARMELEON, under=[CHARMANDER])))
    d = attack(state, 0, "Special Punch")
    assert d.state.seats[0].active.energy == state.seats[0].active.energy
    assert d.state.seats[0].discard == []
    assert not any("[R-ENERGY-3]" in line for line in d.narration)


def test_R_ENERGY_3_unless_the_attack_says_to_discard():
    # Charmander's Ember (R C, 30): discard 1 Fire Energy card; the other Energy stays
    state = board(seat(mon(CHARMANDER, energy=[FIRE, WATER])), seat(mon(HITMONCHAN)))
    fire, water = state.seats[0].active.energy
    d = attack(state, 0, "Ember")
    assert d.state.seats[0].active.energy == [water] and d.state.seats[0].discard == [fire]
    said(d, "[R-ENERGY-3]")
    assert d.state.seats[1].active.damage == 30


# -- R-TRAINER -----------------------------------------------------------------------------

class _DrawThree(Trainer):
    text = "draw 3 cards"

    def play(self, tctx):
        draw(tctx, tctx.seat, 3)


class _StaysInPlay(Trainer):
    text = "attach to your Active Pokémon"

    def play(self, tctx):
        tctx.me.active.attached.append(tctx.instance)
        return True


def test_R_TRAINER_1_do_what_the_card_says_then_discard(fake_cards):
    fake_cards.trainer("test-draw3", _DrawThree(), name="Test Draw")
    state = simple(hand0=["test-draw3"])
    inst = state.seats[0].hand[0]
    d = act(state, 0, {"type": "play_trainer", "card": inst, "targets": [], "choices": {}})
    assert d.state.seats[0].discard == [inst] and len(d.state.seats[0].hand) == 3
    said(d, "[R-TRAINER-1]")
    refuse(state, 0, {"type": "play_trainer", "card": state.seats[0].deck[0], "targets": [], "choices": {}},
           "R-TRAINER-1", contains="in hand")


def test_R_TRAINER_1_cards_that_stay_in_play_are_not_discarded(fake_cards):
    fake_cards.trainer("test-tool", _StaysInPlay(), name="Test Tool")
    state = simple(hand0=["test-tool"])
    inst = state.seats[0].hand[0]
    d = act(state, 0, {"type": "play_trainer", "card": inst, "targets": [], "choices": {}})
    assert d.state.seats[0].discard == [] and inst in d.state.seats[0].active.attached


def test_R_TRAINER_1_not_a_trainer_refused():
    state = simple(hand0=[MACHOP])
    refuse(state, 0, {"type": "play_trainer", "card": state.seats[0].hand[0], "targets": [], "choices": {}},
           "R-TRAINER-1", contains="not a Trainer")


def test_R_TRAINER_5_drawing_more_than_there_is_is_not_a_loss(fake_cards):
    fake_cards.trainer("test-draw3", _DrawThree(), name="Test Draw")
    state = simple(hand0=["test-draw3"], deck0=[FIGHTING])
    d = act(state, 0, {"type": "play_trainer", "card": state.seats[0].hand[0], "targets": [], "choices": {}})
    assert d.state.seats[0].deck == [] and len(d.state.seats[0].hand) == 1 and d.state.result is None


def test_R_TRAINER_1_bill_draws_two_and_is_discarded():
    state = simple(hand0=[BILL])
    bill = state.seats[0].hand[0]
    d = act(state, 0, {"type": "play_trainer", "card": bill, "targets": [], "choices": {}})
    assert d.state.seats[0].discard == [bill] and len(d.state.seats[0].hand) == 2


def test_R_TRAINER_5_bill_with_one_card_left():
    state = simple(hand0=[BILL], deck0=[FIGHTING])
    d = act(state, 0, {"type": "play_trainer", "card": state.seats[0].hand[0], "targets": [], "choices": {}})
    assert len(d.state.seats[0].hand) == 1 and d.state.seats[0].deck == [] and d.state.result is None
    said(d, "draws 1 card(s). [R-TRAINER-5]")
    # the loss comes only from the draw at the start of a turn (R-WIN-3)
    d = end_turn(d.state)
    d = end_turn(d.state, 1)
    assert d.state.result == {"winner": 1, "reason": "R-WIN-3", "game_number": 1}


def test_R_BENCH_2_clefairy_doll_played_as_a_basic_is_listed_and_accepted():
    """A Trainer played as a Basic Pokémon (Clefairy Doll) may go to the Bench with `bench`;
    legal_actions lists that as decide accepts it (found by the random-games property test)."""
    from projections.tcg.legal import legal_actions
    state = simple(hand0=["base1-70"])
    doll = state.seats[0].hand[0]
    assert {"type": "bench", "card": doll} in legal_actions(state, 0)
    d = act(state, 0, {"type": "bench", "card": doll})
    assert d.state.seats[0].bench[-1].top == doll
