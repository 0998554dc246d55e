"""R-ATTACK, R-DAMAGE and R-POWER (base-1999)."""
import pytest
from engine_helpers import (
    DEFENDER,
    DRATINI,
    DROWZEE,
    FIGHTING,
    FIRE,
    GRASS,
    HITMONCHAN,
    KADABRA,
    MACHOP,
    ONIX,
    PLUSPOWER,
    PSYCHIC,
    RATICATE,
    RATTATA,
    act,
    attack,
    board,
    end_turn,
    mon,
    refuse,
    said,
    seat,
)

from projections.tcg.cards.effects import BenchDamage, DiscardOwnEnergy, Inflict, Power, SelfDamage
from projections.tcg.core import Illegal, add_effect, draw

ABRA = "base1-43"
CLEFAIRY, PIDGEY, PIDGEOTTO, NIDORAN_M = "base1-5", "base1-57", "base1-22", "base1-55"
RATICATE_MON = {"card": RATICATE, "under": [RATTATA]}
KADABRA_MON = {"card": KADABRA, "under": [ABRA], "energy": [PSYCHIC, PSYCHIC, PSYCHIC]}


def jab_at(defender, attacker_extra=None):
    a = {"card": HITMONCHAN, "energy": [FIGHTING]}
    a.update(attacker_extra or {})
    return board(seat(a), seat(defender))


def dealt(state, name="Jab", coins=()):
    d = attack(state, 0, name, coins)
    return d, d.state.seats[1].active.damage if d.state.seats[1].active else None


@pytest.fixture
def test_cards(fake_cards):
    fake_cards.pokemon("test-nop", name="Nopmon", type="Colorless", hp=50,
                       attacks=[("Nothing", [], 0, [])])
    fake_cards.pokemon("test-boom", name="Boommon", type="Fighting", hp=50,
                       attacks=[("Boom", ["Fighting"], 50, [SelfDamage(50)])])
    fake_cards.pokemon("test-quake", name="Quakemon", type="Fighting", hp=70,
                       attacks=[("Quake", ["Fighting"], 20, [BenchDamage(10, "both")])])
    fake_cards.pokemon("test-pay", name="Paymon", type="Fighting", hp=70,
                       attacks=[("Pay", ["Fighting"], 20, [DiscardOwnEnergy(1)])])
    fake_cards.pokemon("test-sting", name="Stingmon", type="Grass", hp=70,
                       attacks=[("Sting", [], 20, [Inflict("poisoned")])])
    return fake_cards


# -- R-ATTACK ------------------------------------------------------------------------------

def test_R_ATTACK_1_only_the_active_with_its_own_attacks():
    state = board(seat(mon(HITMONCHAN, energy=[FIGHTING]), bench=[mon(DRATINI, energy=[FIRE])]),
                  seat(mon(MACHOP)))
    refuse(state, 0, {"type": "attack", "attack": "Pound", "choices": {}}, "R-ATTACK-1", contains="no attack")
    refuse(state, 0, {"type": "attack", "attack": "Low Kick", "choices": {}}, "R-ATTACK-1")
    d, dmg = dealt(state)
    assert dmg == 20


def test_R_ATTACK_1_once_a_turn():
    state = jab_at(mon(MACHOP))
    state.this_turn["attacked"] = True
    refuse(state, 0, {"type": "attack", "attack": "Jab", "choices": {}}, "R-ATTACK-1", contains="already attacked")


def test_R_ATTACK_1_needs_the_energy():
    state = board(seat(mon(HITMONCHAN)), seat(mon(MACHOP)))
    v = refuse(state, 0, {"type": "attack", "attack": "Jab", "choices": {}}, "R-ATTACK-1")
    assert "Fighting" in v["message"] and "no Energy" in v["message"]


def test_R_ATTACK_2_costs_are_paid_before_the_confusion_flip(test_cards):
    state = board(seat(mon("test-pay", energy=[FIGHTING, FIGHTING], conditions=["confused"])), seat(mon(MACHOP)))
    f1, _ = state.seats[0].active.energy
    d = attack(state, 0, "Pay", coins=["tails"], choices={"cards": [f1]})
    me = d.state.seats[0]
    assert me.discard == [f1]                      # paid although the attack failed
    assert me.active.damage == 20                  # Confusion, tails (base-1999)
    assert d.state.seats[1].active.damage == 0
    assert said(d, "discards 1 Energy") < said(d, "Confusion")


def test_R_ATTACK_2_sand_attack_flip_comes_before_the_confusion_flip():
    base = jab_at(mon(MACHOP), {"conditions": ["confused"]})
    add_effect(base.seats[0].active, "attack_may_fail", base.turn, why="Sand-attack")
    # tails on the first flip: the attack does nothing and Confusion is never checked
    d, dmg = dealt(base, coins=["tails"])
    assert dmg == 0 and d.state.seats[0].active.damage == 0
    # heads then tails: it passes the Sand-attack flip and hurts itself to Confusion
    d, dmg = dealt(base, coins=["heads", "tails"])
    assert dmg == 0 and d.state.seats[0].active.damage == 20
    assert said(d, "Sand-attack") < said(d, "Confusion")
    # heads, heads: the attack works
    d, dmg = dealt(base, coins=["heads", "heads"])
    assert dmg == 20


def test_R_ATTACK_2_damage_first_then_effects_then_knock_outs(test_cards):
    state = board(seat(mon("test-sting")), seat(mon(MACHOP, damage=30), bench=[mon(MACHOP)]))
    d = attack(state, 0, "Sting")
    assert said(d, "attacks with Sting. [R-ATTACK-2]") < said(d, "Sting does 20") < said(d, "is now Poisoned") \
        < said(d, "Knocked Out")


def test_R_ATTACK_3_an_attack_that_does_nothing_is_still_an_attack(test_cards):
    state = board(seat(mon("test-nop")), seat(mon(MACHOP)))
    d = attack(state, 0, "Nothing")
    assert d.state.seat_to_act == 1 and d.state.seats[1].active.damage == 0
    said(d, "[R-TURN-3]")
    # a Confused Pokémon still flips for it (R-STATUS-3)
    state = board(seat(mon("test-nop", conditions=["confused"])), seat(mon(MACHOP)))
    d = attack(state, 0, "Nothing", coins=["tails"])
    assert d.state.seats[0].active.damage == 20 and d.state.seat_to_act == 1


def test_R_ATTACK_3_an_attack_cancelled_by_its_own_flip_still_ends_the_turn():
    # Nidoran ♂'s Horn Hazard (G, 30): tails, it does nothing — but it was an attack
    state = board(seat(mon(NIDORAN_M, energy=[GRASS])), seat(mon(MACHOP)))
    d = attack(state, 0, "Horn Hazard", coins=["tails"])
    said(d, "Horn Hazard does nothing. [R-ATTACK-3]")
    assert d.state.seats[1].active.damage == 0 and d.state.seat_to_act == 1 and d.state.turn == 4
    assert attack(state, 0, "Horn Hazard", coins=["heads"]).state.seats[1].active.damage == 30


def test_R_ATTACK_3_the_defender_was_attacked_even_when_nothing_happened_to_it():
    """Clefairy's Sing misses (tails): Pidgeotto was still attacked, so Mirror Move repeats the
    final result (nothing); after a turn with no attack, Mirror Move has nothing to repeat."""
    state = board(seat(mon(CLEFAIRY, energy=[FIRE])), seat(mon(PIDGEOTTO, under=[PIDGEY], energy=[FIRE] * 3)))
    d = attack(state, 0, "Sing", coins=["tails"])
    assert d.state.seats[1].active.conditions == [] and d.state.seat_to_act == 1
    d = attack(d.state, 1, "Mirror Move")
    said(d, "Mirror Move repeats the final result of Sing: 0 damage and no Special Condition.")
    d = attack(end_turn(state).state, 1, "Mirror Move")
    said(d, "nothing to repeat. [R-ATTACK-3]")
    assert d.state.seats[0].active.damage == 0 and d.state.seat_to_act == 0


def test_R_ATTACK_6_metronome_take_down_hurts_the_copier():
    """Metronome copying an attack that damages 'itself' damages Clefairy, not the Defender."""
    # Clefairy (40 HP) copies Arcanine's Take Down (80, and 30 to itself)
    state = board(seat(mon("base1-5", energy=[FIRE, FIRE, FIRE]), bench=[mon(MACHOP)]),
                  seat(mon("base1-23", under=["base1-28"], energy=[FIRE, FIRE, FIRE, FIRE])))
    d = attack(state, 0, "Metronome", choices={"attack": "Take Down"})
    assert d.state.seats[1].active.damage == 80          # the copied damage hits the Defender
    assert d.state.seats[0].active.damage == 30          # "to itself" means the copier
    said(d, "Metronome copies Take Down (80) as Clefairy, without its costs. [R-ATTACK-6]")


# -- R-DAMAGE ------------------------------------------------------------------------------

def test_R_DAMAGE_1_weakness_doubles_and_resistance_subtracts_30():
    d, dmg = dealt(jab_at(mon(**RATICATE_MON)))
    assert dmg == 40
    state = board(seat(mon(**KADABRA_MON)), seat(mon(**RATICATE_MON)))
    d, dmg = dealt(state, "Super Psy")
    assert dmg == 20
    said(d, "Resistance −30 = 20")


def test_R_DAMAGE_1_weakness_before_resistance():
    state = jab_at(mon(DRATINI))
    add_effect(state.seats[1].active, "weakness_changed", None, type="Fighting")
    add_effect(state.seats[1].active, "resistance_changed", None, type="Fighting")
    d, dmg = dealt(state)
    assert dmg == 10                          # (20 × 2) − 30, not (20 − 30) × 2
    assert said(d, "Weakness") == said(d, "Resistance")
    line = d.narration[said(d, "Weakness")]
    assert line.index("Weakness") < line.index("Resistance")


def test_R_DAMAGE_1_base_zero_after_attacker_effects_stops(test_cards):
    # the attacker's own effects bring 20 to 0: stop, PlusPower adds nothing
    state = jab_at(mon(MACHOP), {"attached": [PLUSPOWER]})
    add_effect(state.seats[0].active, "attack_reduced", state.turn + 1, amount=20, why="Growl")
    d, dmg = dealt(state)
    assert dmg == 0
    said(d, "does no damage")
    # an attack with no damage at all: PlusPower does nothing either
    state = board(seat(mon("test-nop", attached=[PLUSPOWER])), seat(mon(MACHOP)))
    d, dmg = dealt(state, "Nothing")
    assert dmg == 0


def test_R_DAMAGE_1_negative_becomes_zero():
    state = board(seat(mon(DROWZEE, energy=[PSYCHIC])), seat(mon(DRATINI)))
    d, dmg = dealt(state, "Pound")
    assert dmg == 0
    said(d, "below 0 counts as 0")
    # the negative value is kept until the end: 10 − 30 + PlusPower 10 = −10 → 0
    state = board(seat(mon(DROWZEE, energy=[PSYCHIC], attached=[PLUSPOWER])), seat(mon(DRATINI)))
    d, dmg = dealt(state, "Pound")
    assert dmg == 0


def test_R_DAMAGE_1_pluspower_after_weakness_and_resistance():
    d, dmg = dealt(jab_at(mon(**RATICATE_MON), {"attached": [PLUSPOWER]}))
    assert dmg == 50                          # 20 × 2 + 10, not (20 + 10) × 2
    d, _ = dealt(jab_at(mon(**RATICATE_MON), {"attached": [PLUSPOWER, PLUSPOWER]}))
    said(d, "PlusPower +10 = 50; PlusPower +10 = 60")
    assert d.state.seats[1].active is None               # 60 damage Knocks Out Raticate (60 HP)


def test_R_DAMAGE_1_defender_after_weakness_then_pluspower_before_defender():
    d, dmg = dealt(jab_at(mon(**RATICATE_MON, attached=[DEFENDER])))
    assert dmg == 20                          # 20 × 2 − 20, not (20 − 20) × 2
    d, dmg = dealt(jab_at(mon(**RATICATE_MON, attached=[DEFENDER]), {"attached": [PLUSPOWER]}))
    assert dmg == 30
    line = d.narration[said(d, "PlusPower")]
    assert line.index("Weakness") < line.index("PlusPower") < line.index("Defender")


def test_R_DAMAGE_1_defender_effects_like_harden_come_after_trainers():
    # Super Psy 50 − Defender 20 = 30; Harden prevents 30 or less → 0
    state = board(seat(mon(**KADABRA_MON)), seat(mon(ONIX, attached=[DEFENDER])))
    add_effect(state.seats[1].active, "prevent_damage_at_most", state.turn, amount=30, why="Harden")
    d, dmg = dealt(state, "Super Psy")
    assert dmg == 0
    state = board(seat(mon(**KADABRA_MON)), seat(mon(ONIX)))
    add_effect(state.seats[1].active, "prevent_damage_at_most", state.turn, amount=30, why="Harden")
    d, dmg = dealt(state, "Super Psy")
    assert dmg == 50


def test_R_DAMAGE_1_prevent_all_damage():
    state = jab_at(mon(**RATICATE_MON))
    add_effect(state.seats[1].active, "prevent_damage", state.turn, why="Withdraw")
    d, dmg = dealt(state)
    assert dmg == 0


def _every_step(reduce_by):
    """Special Punch 40 with a Growl (−10) and PlusPower, at a Pokémon weak and resistant to
    Fighting with Defender and an effect that reduces damage by `reduce_by`."""
    state = board(seat(mon(HITMONCHAN, energy=[FIGHTING, FIGHTING, FIGHTING], attached=[PLUSPOWER])),
                  seat(mon(ONIX, attached=[DEFENDER])))
    add_effect(state.seats[0].active, "attack_reduced", state.turn + 1, amount=10, why="Growl")
    target = state.seats[1].active
    add_effect(target, "weakness_changed", None, type="Fighting")
    add_effect(target, "resistance_changed", None, type="Fighting")
    add_effect(target, "reduce_damage", state.turn, amount=reduce_by, why="Shield")
    return state


def test_R_DAMAGE_1_every_step_in_order():
    d = attack(_every_step(10), 0, "Special Punch")
    line = d.narration[said(d, "[R-DAMAGE-1]")]
    order = ["base 40", "own effects −10 = 30", "Weakness ×2 = 60", "Resistance −30 = 30", "PlusPower +10 = 40",
             "Defender −20 = 20", "Shield −10 = 10"]
    assert [line.index(step) for step in order] == sorted(line.index(step) for step in order), line
    assert d.state.seats[1].active.damage == 10           # one damage counter per 10


def test_R_DAMAGE_1_below_zero_at_the_end_places_nothing():
    d = attack(_every_step(40), 0, "Special Punch")
    line = d.narration[said(d, "[R-DAMAGE-1]")]
    assert "Shield −40 = -20" in line and "below 0 counts as 0" in line
    assert d.state.seats[1].active.damage == 0


def test_R_DAMAGE_2_bench_damage_ignores_weakness_and_resistance(test_cards):
    state = board(seat(mon("test-quake", energy=[FIGHTING]), bench=[mon(RATTATA)]),
                  seat(mon(MACHOP), bench=[mon(RATTATA), mon(**RATICATE_MON)]))
    d = attack(state, 0, "Quake")
    assert [p.damage for p in d.state.seats[1].bench] == [10, 10]       # both weak to Fighting
    assert d.state.seats[0].bench[0].damage == 10
    assert d.state.seats[1].active.damage == 20
    said(d, "[R-DAMAGE-2]")


def test_R_DAMAGE_3_counters_are_not_damage():
    # Poison's counter ignores Defender, prevention and Weakness
    state = board(seat(mon(MACHOP)), seat(mon(**RATICATE_MON, attached=[DEFENDER], conditions=["poisoned"])))
    add_effect(state.seats[1].active, "prevent_damage", state.turn + 1, why="Withdraw")
    d = act(state, 0, {"type": "end_turn"})
    assert d.state.seats[1].active.damage == 10
    said(d, "[R-DAMAGE-3]")


# -- R-POWER -------------------------------------------------------------------------------

class _DrawPower(Power):
    """Test-only power: draw a card, once per turn per Pokémon."""
    text = "draw a card once a turn"

    def check(self, pctx):
        if pctx.state.this_turn["powers_used"].get(pctx.pokemon.stack[0]):
            raise Illegal("R-POWER-1", "Test power already used this turn.")

    def use(self, pctx):
        draw(pctx, pctx.seat, 1)


class _Passive(Power):
    text = "works by itself"
    blocked_by = ()

    def on_damaged(self, actx, target, owner, dmg):
        pass


@pytest.fixture
def power_cards(fake_cards):
    fake_cards.pokemon("test-power", name="Powermon", type="Colorless", hp=60,
                       attacks=[("Tap", [], 10, [])], power=("Draw Power", _DrawPower()))
    passive = fake_cards.pokemon("test-passive", name="Passivemon", hp=60, attacks=[("Tap", [], 10, [])],
                                 power=("Thick Skin", _Passive()))
    passive.power.effect = _Passive()
    return fake_cards


def test_R_POWER_1_used_from_active_or_bench_and_not_an_attack(power_cards):
    state = board(seat(mon("test-power"), bench=[mon("test-power")], deck=[FIRE] * 5), seat(mon(MACHOP)))
    active, benched = state.seats[0].active.top, state.seats[0].bench[0].top
    d = act(state, 0, {"type": "use_power", "pokemon": benched, "power": "Draw Power", "choices": {}})
    d = act(d.state, 0, {"type": "use_power", "pokemon": active, "power": "Draw Power", "choices": {}})
    assert len(d.state.seats[0].hand) == 2 and d.state.seat_to_act == 0
    said(d, "[R-POWER-1]")
    # the Active may still attack afterwards
    d = attack(d.state, 0, "Tap")
    assert d.state.seats[1].active.damage == 10


def test_R_POWER_1_refusals(power_cards):
    state = board(seat(mon("test-power"), bench=[mon("test-passive")]), seat(mon("test-power")))
    refuse(state, 0, {"type": "use_power", "pokemon": state.seats[0].active.top, "power": "Other",
                      "choices": {}}, "R-POWER-1", contains="no power")
    refuse(state, 0, {"type": "use_power", "pokemon": state.seats[1].active.top, "power": "Draw Power",
                      "choices": {}}, "R-POWER-1")
    refuse(state, 0, {"type": "use_power", "pokemon": state.seats[0].bench[0].top, "power": "Thick Skin",
                      "choices": {}}, "R-POWER-1", contains="works by itself")


@pytest.mark.parametrize("condition", ["asleep", "confused", "paralyzed"])
def test_R_POWER_2_blocked_by_special_conditions(power_cards, condition):
    state = board(seat(mon("test-power", conditions=[condition]), bench=[mon("test-power")]), seat(mon(MACHOP)))
    refuse(state, 0, {"type": "use_power", "pokemon": state.seats[0].active.top, "power": "Draw Power",
                      "choices": {}}, "R-POWER-2", contains=condition)
    # the Benched one has no Special Condition and may use it
    act(state, 0, {"type": "use_power", "pokemon": state.seats[0].bench[0].top, "power": "Draw Power",
                   "choices": {}})


def test_R_POWER_2_poison_does_not_block_unless_listed(power_cards):
    state = board(seat(mon("test-power", conditions=["poisoned"])), seat(mon(MACHOP)))
    act(state, 0, {"type": "use_power", "pokemon": state.seats[0].active.top, "power": "Draw Power",
                   "choices": {}})
