"""R-KO, R-STATUS, R-CHECKUP, R-WIN and J-PENALTY-1 (base-1999)."""
import pytest
from engine_helpers import (
    CHARMANDER,
    CHARMELEON,
    DEFENDER,
    DRATINI,
    DROWZEE,
    FIGHTING,
    FIRE,
    HITMONCHAN,
    MACHOP,
    PLUSPOWER,
    PSYCHIC,
    RATICATE,
    RATTATA,
    act,
    attack,
    board,
    ctx_for,
    end_turn,
    mon,
    refuse,
    said,
    seat,
)

from projections.tcg import engine
from projections.tcg.cards.effects import SelfDamage
from projections.tcg.core import add_effect, inflict
from projections.tcg.state import state_hash

RATICATE_MON = {"card": RATICATE, "under": [RATTATA]}


@pytest.fixture
def boom(fake_cards):
    fake_cards.pokemon("test-boom", name="Boommon", type="Colorless", hp=50,
                       attacks=[("Boom", [], 50, [SelfDamage(50)])])


ONE_MACHOP = (mon(MACHOP),)   # the default Bench of the boards below


def punch_board(defender, bench1=ONE_MACHOP, prizes0=None, bench0=()):
    return board(seat(mon(HITMONCHAN, energy=[FIGHTING, FIGHTING, FIRE]), bench=bench0, prizes=prizes0),
                 seat(defender, bench=bench1))


# -- R-KO ----------------------------------------------------------------------------------

def test_R_KO_1_knocked_out_pokemon_and_everything_on_it_go_to_the_discard():
    state = punch_board(mon(CHARMELEON, under=[CHARMANDER], damage=50, energy=[FIRE], attached=[DEFENDER]))
    cards = state.seats[1].active.all_cards()
    d = attack(state, 0, "Special Punch")                # 40 − 20 (Defender) = 20: 70 < 80 HP
    assert d.state.seats[1].active.damage == 70
    state.seats[1].active.damage = 60                    # 60 + 20 = 80 ≥ 80 HP
    d = attack(state, 0, "Special Punch")
    assert d.state.seats[1].active is None
    assert sorted(d.state.seats[1].discard) == sorted(cards)
    said(d, "[R-KO-1]")


def test_R_KO_2_opponent_takes_a_prize():
    state = punch_board(mon(MACHOP, damage=10))
    d = attack(state, 0, "Special Punch")
    me = d.state.seats[0]
    assert len(me.prizes) == 5 and state.seats[0].prizes[0] in me.hand
    said(d, "[R-KO-2]")


def test_R_KO_2_even_when_a_player_knocks_out_its_own_pokemon():
    # Machop hurts itself to Confusion (20) with 30 damage already: Knocked Out, seat 1 takes a Prize
    state = board(seat(mon(MACHOP, energy=[FIGHTING], damage=30, conditions=["confused"]), bench=[mon(MACHOP)]),
                  seat(mon(HITMONCHAN)))
    d = attack(state, 0, "Low Kick", coins=["tails"])
    assert len(d.state.seats[1].prizes) == 5 and len(d.state.seats[0].prizes) == 6
    assert d.state.pending_promotions == [0] and d.state.phase == "promote"


def test_R_KO_3_owner_promotes_a_benched_pokemon():
    state = punch_board(mon(MACHOP, damage=10), bench1=(mon(MACHOP), mon(DRATINI)))
    d = attack(state, 0, "Special Punch")
    s = d.state
    assert s.phase == "promote" and s.pending_promotions == [1]
    said(d, "[R-KO-3]")
    dratini = s.seats[1].bench[1].top
    refuse(s, 1, {"type": "end_turn"}, "R-KO-3", contains="new Active")
    refuse(s, 0, {"type": "end_turn"}, "R-KO-3")
    refuse(s, 1, {"type": "promote", "card": s.seats[0].active.top}, "R-KO-3")
    d = act(s, 1, {"type": "promote", "card": dratini})
    assert d.state.seats[1].active.top == dratini and d.state.seat_to_act == 1 and d.state.phase == "main"
    assert len(d.state.seats[1].hand) == 1                 # seat 1's turn started with its draw
    refuse(d.state, 1, {"type": "promote", "card": d.state.seats[1].bench[0].top}, "R-KO-3")


def test_R_KO_3_no_bench_to_promote_loses():
    state = punch_board(mon(MACHOP, damage=10), bench1=())
    d = attack(state, 0, "Special Punch")
    assert d.state.result == {"winner": 0, "reason": "R-WIN-2", "game_number": 1}
    assert d.state.phase == "finished"


def test_R_KO_4_both_actives_knocked_out_by_an_attack(boom):
    state = board(seat(mon("test-boom"), bench=[mon(MACHOP)]), seat(mon(MACHOP), bench=[mon(MACHOP)]))
    d = attack(state, 0, "Boom")
    # the player whose turn it is takes its Prize last and promotes last
    assert said(d, "Seat 1 (Beto) takes 1 Prize") < said(d, "Seat 0 (Ana) takes 1 Prize")
    assert d.state.pending_promotions == [1, 0]
    refuse(d.state, 0, {"type": "promote", "card": d.state.seats[0].bench[0].top}, "R-KO-4", contains="first")
    d = act(d.state, 1, {"type": "promote", "card": d.state.seats[1].bench[0].top})
    assert d.state.phase == "promote" and d.state.pending_promotions == [0]
    d = act(d.state, 0, {"type": "promote", "card": d.state.seats[0].bench[0].top})
    assert d.state.seat_to_act == 1 and d.state.turn == 4 and d.state.phase == "main"


def test_R_KO_4_between_turns_the_player_about_to_start_goes_first():
    state = board(seat(mon(MACHOP, damage=40, conditions=["poisoned"]), bench=[mon(MACHOP)]),
                  seat(mon(MACHOP, damage=40, conditions=["poisoned"]), bench=[mon(MACHOP)]))
    d = end_turn(state)
    assert said(d, "Seat 1 (Beto) takes 1 Prize") < said(d, "Seat 0 (Ana) takes 1 Prize")
    assert d.state.pending_promotions == [1, 0]
    refuse(d.state, 0, {"type": "promote", "card": d.state.seats[0].bench[0].top}, "R-KO-4")
    d = act(d.state, 1, {"type": "promote", "card": d.state.seats[1].bench[0].top})
    d = act(d.state, 0, {"type": "promote", "card": d.state.seats[0].bench[0].top})
    assert d.state.seat_to_act == 1 and d.state.turn == 4


# -- R-STATUS ------------------------------------------------------------------------------

def test_R_STATUS_1_only_active_pokemon_have_conditions():
    state = board(seat(mon(MACHOP), bench=[mon(MACHOP)]), seat(mon(MACHOP)))
    ctx = ctx_for(state)
    assert inflict(ctx, state.seats[0].bench[0], "poisoned") is False
    assert state.seats[0].bench[0].conditions == []
    assert inflict(ctx, state.seats[0].active, "poisoned") is True
    assert any("[R-STATUS-5]" in line for line in ctx.narration)


def test_R_STATUS_2_asleep_cant_attack_and_flips_between_turns():
    state = board(seat(mon(MACHOP, energy=[FIGHTING], conditions=["asleep"])), seat(mon(MACHOP)))
    refuse(state, 0, {"type": "attack", "attack": "Low Kick", "choices": {}}, "R-STATUS-2", contains="Asleep")
    assert end_turn(state, coins=["heads"]).state.seats[0].active.conditions == []
    d = end_turn(state, coins=["tails"])
    assert d.state.seats[0].active.conditions == ["asleep"]
    said(d, "stays Asleep")
    # after the opponent's turn it flips again
    assert end_turn(d.state, 1, coins=["heads"]).state.seats[0].active.conditions == []


def test_R_STATUS_3_confused_base_1999_tails_20_damage_with_weakness():
    state = board(seat(mon(DROWZEE, energy=[PSYCHIC], conditions=["confused"])), seat(mon(MACHOP)))
    d = attack(state, 0, "Pound", coins=["tails"])
    assert d.state.seats[0].active.damage == 40           # Drowzee is weak to Psychic: 20 × 2
    assert d.state.seats[1].active.damage == 0 and d.state.seat_to_act == 1
    said(d, "[R-STATUS-3]")
    d = attack(state, 0, "Pound", coins=["heads"])
    assert d.state.seats[0].active.damage == 0 and d.state.seats[1].active.damage == 20   # Machop: weak to Psychic
    # Confusion stays after attacking
    assert d.state.seats[0].active.conditions == ["confused"]


def test_R_STATUS_3_confused_resistance_to_own_type_applies():
    state = board(seat(mon(DRATINI, energy=[FIRE], conditions=["confused"])), seat(mon(MACHOP)))
    add_effect(state.seats[0].active, "resistance_changed", None, type="Colorless")
    d = attack(state, 0, "Pound", coins=["tails"])
    assert d.state.seats[0].active.damage == 0


def _confused_scratch(attached=(), hand=(), card=CHARMANDER, energy=(FIRE,)):
    return board(seat(mon(card, energy=list(energy), attached=list(attached), conditions=["confused"]),
                      hand=list(hand)), seat(mon(MACHOP)))


def test_R_STATUS_3_confused_self_damage_is_reduced_by_defender_played_this_turn():
    """Seed 000 "Confuso": the 20 damage to itself takes "any other effect that alters the
    attack, as usual": Defender's −20 leaves nothing."""
    state = _confused_scratch(hand=[DEFENDER])
    charmander = state.seats[0].active.top
    d = act(state, 0, {"type": "play_trainer", "card": state.seats[0].hand[0], "targets": [charmander],
                       "choices": {}})
    d = attack(d.state, 0, "Scratch", coins=["tails"])
    assert d.state.seats[0].active.damage == 0 and d.state.seats[1].active.damage == 0
    assert "Defender −20" in d.narration[said(d, "[R-STATUS-3]") + 1]
    assert d.state.seat_to_act == 1                   # the failed attack still ends the turn
    # without Defender it takes the 20
    d = attack(_confused_scratch(), 0, "Scratch", coins=["tails"])
    assert d.state.seats[0].active.damage == 20


def test_R_STATUS_3_confused_self_damage_weakness_then_defender():
    # Drowzee is weak to Psychic, its own type: 20 × 2 − 20 = 20, not (20 − 20) × 2 = 0
    d = attack(_confused_scratch([DEFENDER], card=DROWZEE, energy=[PSYCHIC]), 0, "Pound", coins=["tails"])
    assert d.state.seats[0].active.damage == 20
    line = d.narration[said(d, "Defender")]
    assert line.index("Weakness") < line.index("Defender")


def test_R_STATUS_3_confused_self_damage_gets_no_pluspower():
    """PlusPower adds damage only "to the Defending Pokémon" (ruling in combat.py)."""
    d = attack(_confused_scratch([PLUSPOWER]), 0, "Scratch", coins=["tails"])
    assert d.state.seats[0].active.damage == 20
    assert not any("PlusPower +" in line for line in d.narration)
    d = attack(_confused_scratch([PLUSPOWER], card=DROWZEE, energy=[PSYCHIC]), 0, "Pound", coins=["tails"])
    assert d.state.seats[0].active.damage == 40      # Weakness only
    # heads: the attack itself still gets PlusPower (Machop is weak to Psychic: 10 × 2 + 10)
    d = attack(_confused_scratch([PLUSPOWER], card=DROWZEE, energy=[PSYCHIC]), 0, "Pound", coins=["heads"])
    assert d.state.seats[0].active.damage == 0 and d.state.seats[1].active.damage == 30


def test_R_STATUS_3_confused_self_damage_takes_effects_on_the_attacker():
    # the attacker's own effects on its attacks' damage (a Growl) and protective effects on it apply
    state = _confused_scratch()
    add_effect(state.seats[0].active, "attack_reduced", state.turn + 1, amount=10, why="Growl")
    assert attack(state, 0, "Scratch", coins=["tails"]).state.seats[0].active.damage == 10
    state = _confused_scratch()
    add_effect(state.seats[0].active, "prevent_damage_at_most", state.turn, amount=30, why="Harden")
    d = attack(state, 0, "Scratch", coins=["tails"])
    assert d.state.seats[0].active.damage == 0
    said(d, "Harden prevents damage of 30 or less")
    # ex-2005 / modern: counters, which nothing modifies (R-DAMAGE-3)
    state = board(seat(mon(CHARMANDER, energy=[FIRE], attached=[DEFENDER], conditions=["confused"])),
                  seat(mon(MACHOP)), ruleset="ex-2005")
    assert attack(state, 0, "Scratch", coins=["tails"]).state.seats[0].active.damage == 30


def test_R_STATUS_4_paralyzed_cant_attack_recovers_after_owners_next_turn():
    state = board(seat(mon(MACHOP, energy=[FIGHTING], conditions=["paralyzed"])),
                  seat(mon(MACHOP, conditions=["paralyzed"])))
    refuse(state, 0, {"type": "attack", "attack": "Low Kick", "choices": {}}, "R-STATUS-4", contains="Paralyzed")
    d = end_turn(state)
    assert d.state.seats[0].active.conditions == []             # its owner's turn just ended
    assert d.state.seats[1].active.conditions == ["paralyzed"]  # paralyzed during seat 0's turn: stays
    said(d, "[R-STATUS-4]")
    d = end_turn(d.state, 1)
    assert d.state.seats[1].active.conditions == []


def test_R_STATUS_5_poison_one_counter_after_every_turn_ignoring_weakness():
    state = board(seat(mon(MACHOP)), seat(mon(**RATICATE_MON, conditions=["poisoned"])))
    d = end_turn(state)
    assert d.state.seats[1].active.damage == 10
    d = end_turn(d.state, 1)
    assert d.state.seats[1].active.damage == 20 and d.state.seats[1].active.conditions == ["poisoned"]


def test_R_STATUS_5_new_poison_replaces_old():
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP)))
    p = state.seats[0].active
    ctx = ctx_for(state)
    inflict(ctx, p, "poisoned", poison_damage=20)
    assert p.flags["poison_damage"] == 20
    inflict(ctx, p, "poisoned")
    assert p.conditions == ["poisoned"] and p.flags["poison_damage"] == 10
    assert ctx.narration == ["Machop is now Poisoned. [R-STATUS-5]"] * 2


def test_R_STATUS_7_asleep_confused_paralyzed_replace_each_other():
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP)))
    p = state.seats[0].active
    ctx = ctx_for(state)
    inflict(ctx, p, "poisoned")
    inflict(ctx, p, "asleep")
    assert p.conditions == ["asleep", "poisoned"]
    inflict(ctx, p, "confused")
    assert p.conditions == ["confused", "poisoned"]
    assert ctx.narration[-1] == "Machop is no longer Asleep: Confused replaces it. [R-STATUS-7]"
    inflict(ctx, p, "paralyzed")
    assert p.conditions == ["paralyzed", "poisoned"]
    inflict(ctx, p, "asleep")
    assert p.conditions == ["asleep", "poisoned"]


def test_R_STATUS_7_a_new_confusion_replaces_sleep_and_poison_stays():
    # Drowzee's Confuse Ray (heads) on a Machop that is Asleep and Poisoned
    state = board(seat(mon(DROWZEE, energy=[PSYCHIC, PSYCHIC])), seat(mon(MACHOP, conditions=["asleep", "poisoned"])))
    d = attack(state, 0, "Confuse Ray", coins=["heads"])
    said(d, "Machop is no longer Asleep: Confused replaces it. [R-STATUS-7]")
    assert said(d, "is now Confused") < said(d, "[R-STATUS-7]")
    # the checkup then poisons it and has no Asleep flip to make (no coin left over)
    assert d.state.seats[1].active.conditions == ["confused", "poisoned"]
    assert d.state.seats[1].active.damage == 20 + 10
    # Poison beside Confusion replaces nothing
    state = board(seat(mon(DROWZEE, energy=[PSYCHIC, PSYCHIC])), seat(mon(MACHOP, conditions=["poisoned"])))
    d = attack(state, 0, "Confuse Ray", coins=["heads"])
    assert not any("[R-STATUS-7]" in line for line in d.narration)
    assert d.state.seats[1].active.conditions == ["confused", "poisoned"]


def test_R_STATUS_7_a_position_cannot_hold_two_of_asleep_confused_paralyzed():
    from projections.tcg.position import PositionError
    with pytest.raises(PositionError) as err:
        board(seat(mon(MACHOP, conditions=["confused", "asleep"])), seat(mon(MACHOP)))
    assert "R-STATUS-7" in err.value.errors["position.seats[0].active.conditions"]
    assert board(seat(mon(MACHOP, conditions=["confused", "poisoned"])), seat(mon(MACHOP)))


# -- R-CHECKUP -----------------------------------------------------------------------------

def test_R_CHECKUP_1_poison_then_asleep_then_paralysis_then_knock_outs():
    # seat 0 ends its turn: its Active is Poisoned and Paralyzed with 10 HP left;
    # seat 1's Active is Poisoned and Asleep with 10 HP left.
    state = board(seat(mon(MACHOP, damage=40, conditions=["paralyzed", "poisoned"]), bench=[mon(MACHOP)]),
                  seat(mon(MACHOP, damage=40, conditions=["asleep", "poisoned"]), bench=[mon(MACHOP)]))
    d = end_turn(state, coins=["tails"])      # the Asleep flip still happens before Knock Outs
    said(d, "Between turns, in order: Poison, the Asleep flip, Paralysis recovery; then Knock Outs. [R-CHECKUP-1]")
    poison0 = said(d, "Poison between turns: 1 damage counter on Machop (50/50)")
    poison_lines = [i for i, line in enumerate(d.narration) if "Poison between turns" in line]
    asleep = said(d, "waking up")
    paralysis = said(d, "no longer Paralyzed")
    ko = said(d, "Knocked Out")
    assert len(poison_lines) == 2 and poison0 == poison_lines[0]
    assert max(poison_lines) < asleep < paralysis < ko
    # R-KO-4 between turns: seat 1 (about to start) takes its Prize and promotes first
    assert said(d, "Seat 1 (Beto) takes") < said(d, "Seat 0 (Ana) takes")
    assert d.state.pending_promotions == [1, 0]


def test_R_CHECKUP_1_both_players_poison_counters_in_one_checkup():
    state = board(seat(mon(MACHOP, conditions=["poisoned"])), seat(mon(MACHOP, conditions=["poisoned"])))
    d = end_turn(state)
    assert d.state.seats[0].active.damage == 10 and d.state.seats[1].active.damage == 10


def test_R_CHECKUP_1_only_what_applies_and_paralysis_only_for_the_player_whose_turn_ended():
    # seat 0 ends its turn; seat 1's Active is Paralyzed (since seat 0's attack): it stays
    state = board(seat(mon(MACHOP, conditions=["asleep"])), seat(mon(MACHOP, conditions=["paralyzed"])))
    d = end_turn(state, coins=["heads"])
    said(d, "Between turns, in order: the Asleep flip; then Knock Outs. [R-CHECKUP-1]")
    assert d.state.seats[0].active.conditions == [] and d.state.seats[1].active.conditions == ["paralyzed"]
    # nothing to check: no checkup line and no coin
    d = end_turn(board(seat(mon(MACHOP)), seat(mon(MACHOP))))
    assert not any("[R-CHECKUP-1]" in line for line in d.narration)


# -- R-WIN ---------------------------------------------------------------------------------

def test_R_WIN_1_last_prize_wins():
    state = punch_board(mon(MACHOP, damage=10), prizes0=[FIRE])
    d = attack(state, 0, "Special Punch")
    assert d.state.result == {"winner": 0, "reason": "R-WIN-1", "game_number": 1}
    refuse(d.state, 1, {"type": "promote", "card": d.state.seats[1].bench[0].top}, "R-WIN-1", contains="over")
    # not yet with 2 Prizes left
    state = punch_board(mon(MACHOP, damage=10), prizes0=[FIRE, FIRE])
    assert attack(state, 0, "Special Punch").state.result is None


def test_R_WIN_2_opponent_cannot_replace_the_active():
    state = punch_board(mon(MACHOP, damage=10), bench1=())
    d = attack(state, 0, "Special Punch")
    assert d.state.result["winner"] == 0 and d.state.result["reason"] == "R-WIN-2"


def test_R_WIN_3_cannot_draw_at_the_start_of_the_turn():
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP), deck=[]))
    d = end_turn(state)
    assert d.state.result == {"winner": 0, "reason": "R-WIN-3", "game_number": 1}
    said(d, "[R-WIN-3]")
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP), deck=[FIRE]))
    assert end_turn(state).state.result is None


def sudden_death_board(bench1=ONE_MACHOP):
    deck = [MACHOP] * 4 + [FIRE] * 10
    return board(seat(mon(MACHOP, damage=40, conditions=["poisoned"]), bench=[mon(MACHOP)], prizes=[FIRE], deck=deck),
                 seat(mon(MACHOP, damage=40, conditions=["poisoned"]), bench=bench1, prizes=[FIRE], deck=deck))


def test_R_WIN_4_both_win_at_once_sudden_death_in_the_same_match():
    state = sudden_death_board()
    d = end_turn(state)
    s = d.state
    said(d, "[R-WIN-4]")
    assert s.result is None and s.game_number == 2 and s.prize_count == 1 and s.phase == "setup"
    for n, seat_ in enumerate(s.seats):
        assert len(seat_.hand) == 7 and seat_.active is None and seat_.bench == [] and seat_.discard == []
        assert sorted(seat_.hand + seat_.deck) == sorted(i for i in s.instances if i.startswith(f"{n}:"))
    # a new game: setup, 1 Prize each, a new coin flip for the first player
    m0 = next(i for i in s.seats[0].hand if s.instances[i] == MACHOP)
    m1 = next(i for i in s.seats[1].hand if s.instances[i] == MACHOP)
    d = act(s, 0, {"type": "setup", "active": m0, "bench": []})
    d = act(d.state, 1, {"type": "setup", "active": m1, "bench": []}, coins=["tails"])
    s = d.state
    assert [len(x.prizes) for x in s.seats] == [1, 1] and s.turn == 1 and s.seat_to_act == 1
    assert s.game_number == 2 and s.phase == "main"


def test_R_WIN_4_sudden_death_game_is_won_normally():
    d = end_turn(sudden_death_board())
    s = d.state
    m0 = next(i for i in s.seats[0].hand if s.instances[i] == MACHOP)
    m1 = next(i for i in s.seats[1].hand if s.instances[i] == MACHOP)
    d = act(s, 0, {"type": "setup", "active": m0, "bench": []})
    d = act(d.state, 1, {"type": "setup", "active": m1, "bench": []}, coins=["heads"])
    s = d.state
    s.seats[1].active.damage = 40                       # (sandbox shortcut) one Poison counter from KO
    s.seats[1].active.conditions = ["poisoned"]
    d = end_turn(s)
    assert d.state.result == {"winner": 0, "reason": "R-WIN-1+R-WIN-2", "game_number": 2}


def test_R_WIN_4_two_ways_beat_one():
    # both Actives fall to Poison with 1 Prize each; seat 1 has no Bench:
    # seat 0 wins by its last Prize and by R-WIN-2, seat 1 only by its last Prize
    d = end_turn(sudden_death_board(bench1=()))
    assert d.state.result == {"winner": 0, "reason": "R-WIN-1+R-WIN-2", "game_number": 1}
    said(d, "two ways against one")


def test_R_WIN_4_both_cannot_replace_is_sudden_death_too():
    state = board(seat(mon(MACHOP, damage=40, conditions=["poisoned"]), deck=[MACHOP] * 8),
                  seat(mon(MACHOP, damage=40, conditions=["poisoned"]), deck=[MACHOP] * 8))
    d = end_turn(state)
    assert d.state.result is None and d.state.game_number == 2


# -- J-PENALTY -----------------------------------------------------------------------------

def test_J_PENALTY_1_prize_penalties():
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP)))
    new, narration = engine.apply_penalty(state, {"seat": 1, "level": "double_prize"})
    assert len(new.seats[0].prizes) == 4 and len(new.seats[0].hand) == 2 and new.result is None
    assert any("[J-PENALTY-1]" in line for line in narration)
    new, _ = engine.apply_penalty(state, {"seat": 0, "level": "quad_prize"})
    assert len(new.seats[1].prizes) == 2 and len(new.seats[0].prizes) == 6
    assert len(state.seats[0].prizes) == 6                 # the input state is untouched


def test_J_PENALTY_1_prize_penalty_ends_the_game_when_it_wins_it():
    state = board(seat(mon(MACHOP), prizes=[FIRE, FIRE]), seat(mon(MACHOP)))
    new, _ = engine.apply_penalty(state, {"seat": 1, "level": "double_prize"})
    assert new.result == {"winner": 0, "reason": "J-PENALTY-1", "game_number": 1} and new.phase == "finished"


@pytest.mark.parametrize("level", ["caution", "warning"])
def test_J_PENALTY_1_caution_and_warning_do_not_change_the_game(level):
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP)))
    new, _ = engine.apply_penalty(state, {"seat": 1, "level": level})
    assert state_hash(new) == state_hash(state)


@pytest.mark.parametrize("level", ["game_loss", "match_loss", "disqualification"])
def test_J_PENALTY_1_game_loss_and_above(level):
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP)))
    new, _ = engine.apply_penalty(state, {"seat": 0, "level": level})
    assert new.result == {"winner": 1, "reason": "J-PENALTY-1", "game_number": 1}


def test_J_PENALTY_1_through_events():
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP)))
    new, _ = engine.apply(state, {"type": "PenaltyIssued", "payload": {"seat": 1, "level": "double_prize"}})
    assert len(new.seats[0].prizes) == 4
    new, _ = engine.apply(state, {"type": "RulingIssued", "payload": {
        "decision": "upheld", "penalty": {"seat": 0, "level": "game_loss"}}})
    assert new.result["winner"] == 1
    new, _ = engine.apply(state, {"type": "RulingIssued", "payload": {"decision": "overturned", "penalty": None}})
    assert state_hash(new) == state_hash(state)


def test_J_PENALTY_1_a_stored_prize_penalty_folds_as_double_prize():
    """Old logs say ``prize_penalty`` (2 Prize cards): it folds exactly as double_prize."""
    state = board(seat(mon(MACHOP)), seat(mon(MACHOP)))
    old, _ = engine.apply(state, {"type": "PenaltyIssued", "payload": {"seat": 1, "level": "prize_penalty"}})
    new, _ = engine.apply(state, {"type": "PenaltyIssued", "payload": {"seat": 1, "level": "double_prize"}})
    assert state_hash(old) == state_hash(new) and len(old.seats[0].prizes) == 4
