"""The Stadiums of the shipped 2026 decks that change a rule for both players
(`cards/sv_standard_stadiums.py` over `effects/stadium_rules.py`), ruleset `modern`: the effect
while the Stadium is in play, and gone when it leaves."""
from projections.tcg.carddb import card
from projections.tcg.cards.effects.stadium_rules import ToolsHaveNoEffect
from projections.tcg.flow import reset_for_new_game
from projections.tcg.legal import legal_actions

from .fixtures import act, end_turn, hand, hit, modern, poke, refuse, said, side, trainer

FIRE = "sve-2"
RIOLU, FUECOCO = "sv1-112", "sv1-36"
HEROS_CAPE, TM_EVOLUTION, GRAVITY_MOUNTAIN = "sv5-152", "sv4-178", "sv8-177"
JAMMING_TOWER, JAMMING_TOWER_SV6, JAMMING_TOWER_SV10 = "me2pt5-261", "sv6-153", "sv10-243"


def _attacks(state):
    return {a["attack"] for a in legal_actions(state, 0) if a["type"] == "attack"}


def test_r_trainer_3_jamming_tower_is_exact_on_every_print():
    for i in (JAMMING_TOWER, JAMMING_TOWER_SV6, JAMMING_TOWER_SV10):
        assert isinstance(card(i).trainer, ToolsHaveNoEffect) and not card(i).declared


def test_r_trainer_4_jamming_tower_switches_off_a_tool_until_it_leaves_play():
    cape = poke(RIOLU, attached=[HEROS_CAPE])
    st = modern(side(cape, hand=[JAMMING_TOWER, GRAVITY_MOUNTAIN]), side(poke(FUECOCO)))
    assert st.hp(st.seats[0].active) == 170
    tower, mountain = hand(st)
    d = act(st, 0, trainer(tower))
    assert d.state.stadium["card"] == tower
    assert d.state.hp(d.state.seats[0].active) == 70         # Hero's Cape has no effect
    st2 = modern(side(poke(RIOLU, attached=[HEROS_CAPE]), hand=[GRAVITY_MOUNTAIN]), side(poke(FUECOCO)),
                 stadium={"card": JAMMING_TOWER, "owner": 1})
    assert st2.hp(st2.seats[0].active) == 70
    d = act(st2, 0, trainer(hand(st2)[0]))                    # another Stadium: the Tower leaves play
    assert d.state.hp(d.state.seats[0].active) == 170


def test_r_trainer_4_jamming_tower_switches_off_a_technical_machines_attack():
    mine = side(poke(RIOLU, energy=[FIRE], attached=[TM_EVOLUTION]))
    assert "Evolution" in _attacks(modern(mine, side(poke(FUECOCO))))
    st = modern(side(poke(RIOLU, energy=[FIRE], attached=[TM_EVOLUTION])), side(poke(FUECOCO)),
                stadium={"card": JAMMING_TOWER, "owner": 1})
    assert "Evolution" not in _attacks(st)
    refuse(st, 0, {"type": "attack", "attack": "Evolution"}, "R-ATTACK-1")


def test_r_trainer_4_a_tool_may_still_be_attached_under_jamming_tower():
    st = modern(side(poke(RIOLU), hand=[HEROS_CAPE]), side(poke(FUECOCO)),
                stadium={"card": JAMMING_TOWER, "owner": 1})
    riolu = st.seats[0].active
    d = act(st, 0, trainer(hand(st)[0], [riolu.top]))
    assert d.state.seats[0].active.attached and d.state.hp(d.state.seats[0].active) == 70


# -- Legacy Energy ---------------------------------------------------------------------------

LEGACY = "sv6-167"
PIKACHU_EX, ZANGOOSE = "sv2-63", "sv1-146"


def _ko_by_attack(legacy_on_defender=True, once_used=False):
    defender = poke(RIOLU, energy=[LEGACY] if legacy_on_defender else [FIRE], damage=60)
    st = modern(side(poke(ZANGOOSE, energy=[FIRE])), side(defender, bench=[poke(FUECOCO)]))
    if once_used:
        st.seats[1].once_per_game = ["Legacy Energy"]
    return hit(st, "Slash")


def test_r_ko_2_legacy_energy_takes_one_prize_away_once_per_game():
    d = _ko_by_attack()
    assert len(d.state.seats[0].prizes) == 6 and d.state.seats[1].once_per_game == ["Legacy Energy"]
    assert said(d, "Legacy Energy: the opponent takes 1 fewer Prize card.")
    d = _ko_by_attack(once_used=True)                         # used already this game
    assert len(d.state.seats[0].prizes) == 5
    d = _ko_by_attack(legacy_on_defender=False)
    assert len(d.state.seats[0].prizes) == 5 and not d.state.seats[1].once_per_game


def test_r_ko_2_legacy_energy_not_by_damage_counters_of_poison():
    defender = poke(RIOLU, energy=[LEGACY], damage=60, conditions=["poisoned"])
    st = modern(side(defender, bench=[poke(FUECOCO)]), side(poke(ZANGOOSE)))
    after = end_turn(st)                                      # Knocked Out by Poison between turns
    assert after.seats[0].active is None
    assert len(after.seats[1].prizes) == 5 and not after.seats[0].once_per_game


def test_r_ko_2_legacy_energy_record_is_kept_only_when_set_and_cleared_for_a_new_game():
    st = modern(side(poke(RIOLU)), side(poke(FUECOCO)))
    assert "once_per_game" not in st.seats[0].to_dict()
    st.seats[0].once_per_game = ["Legacy Energy"]
    reset_for_new_game(st, 6)
    assert st.seats[0].once_per_game == []
