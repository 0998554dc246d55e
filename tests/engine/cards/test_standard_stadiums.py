"""The Stadiums of the shipped 2026 decks that change a rule for both players
(`cards/sv_standard_stadiums.py` over `effects/stadium_rules.py`), ruleset `modern`: the effect
while the Stadium is in play, and gone when it leaves."""
from projections.tcg.carddb import card
from projections.tcg.cards.effects.stadium_rules import ToolsHaveNoEffect
from projections.tcg.legal import legal_actions

from .fixtures import act, hand, modern, poke, refuse, side, trainer

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
