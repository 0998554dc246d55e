"""Jungle's Pokémon Powers and its Trainer, Poké Ball: boards with exact outcomes, coins fixed."""
from projections.text import render
from tests.engine.cards.fixtures import (
    BASE_FIGHTING as FIGHTING,
)
from tests.engine.cards.fixtures import (
    BASE_GRASS as GRASS,
)
from tests.engine.cards.fixtures import (
    BASE_PSYCHIC as PSYCHIC,
)
from tests.engine.cards.fixtures import (
    BASE_WATER as WATER,
)
from tests.engine.cards.fixtures import (
    act,
    choices_of,
    hit,
    me,
    poke,
    power,
    refused,
    said,
    them,
)
from tests.engine.cards.fixtures import (
    base_board as board,
)
from tests.engine.cards.fixtures import (
    base_side as side,
)

KANGASKHAN, MR_MIME, SNORLAX, VENOMOTH, VILEPLUME, DODRIO, MANKEY, POKE_BALL = (
    "base2-5", "base2-6", "base2-11", "base2-13", "base2-15", "base2-34", "base2-55", "base2-64")
JIGGLYPUFF, VENONAT, EEVEE, CHARMANDER, MACHOP, GYARADOS, PLUSPOWER = (
    "base2-54", "base2-63", "base2-51", "base1-46", "base1-52", "base1-6", "base1-84")


def test_base2_6_R_POWER_2_invisible_wall_prevents_30_or_more_but_not_while_asleep():
    st = board(side(poke(MACHOP, [FIGHTING])), side(poke(MR_MIME)))
    assert them(hit(st, "Low Kick")).active.damage == 20                 # 20: under 30, through
    st = board(side(poke(MACHOP, [FIGHTING]), hand=[PLUSPOWER]), side(poke(MR_MIME)))
    d = act(st, 0, {"type": "play_trainer", "card": me(st).hand[0], "targets": [me(st).active.top]})
    d = hit(d.state, "Low Kick")                                          # 20 + PlusPower = 30: walled
    assert them(d).active.damage == 0
    said(d, "Invisible Wall prevents damage of 30 or more")
    st = board(side(poke(MACHOP, [FIGHTING]), hand=[PLUSPOWER]), side(poke(MR_MIME, conditions=["asleep"])))
    d = act(st, 0, {"type": "play_trainer", "card": me(st).hand[0], "targets": [me(st).active.top]})
    assert them(hit(d.state, "Low Kick", ["tails"])).active.damage == 30


def test_base2_11_thick_skinned_keeps_snorlax_awake_unless_already_paralyzed():
    st = board(side(poke(JIGGLYPUFF, [GRASS])), side(poke(SNORLAX)))
    assert them(hit(st, "Lullaby")).active.conditions == []
    st = board(side(poke(JIGGLYPUFF, [GRASS])), side(poke(SNORLAX, conditions=["paralyzed"])))
    assert "asleep" in them(hit(st, "Lullaby", ["tails"])).active.conditions


def test_base2_13_shift_changes_venomoths_type_for_the_turn_once():
    st = board(side(poke(VENOMOTH, [GRASS, GRASS]), bench=[poke(CHARMANDER)]), side(poke(EEVEE)))
    venomoth = me(st).active.top
    assert choices_of(st, "use_power", "Shift") == [{"type": "Fire"}]     # Eevee is Colorless
    refused(st, 0, {"type": "use_power", "pokemon": venomoth, "power": "Shift", "choices": {"type": "Water"}},
            "R-POWER-1")
    d = power(st, venomoth, "Shift", type="Fire")
    assert me(d).active.flags["type"] == "Fire"
    refused(d.state, 0, {"type": "use_power", "pokemon": venomoth, "power": "Shift", "choices": {"type": "Fire"}},
            "R-POWER-1")
    d = act(d.state, 0, {"type": "end_turn"})
    assert "type" not in me(d).active.flags
    st = board(side(poke(VENOMOTH, [GRASS, GRASS], conditions=["asleep"]), bench=[poke(CHARMANDER)]),
               side(poke(EEVEE)))
    refused(st, 0, {"type": "use_power", "pokemon": venomoth, "power": "Shift", "choices": {"type": "Fire"}},
            "R-POWER-2")


def test_base2_13_shifted_venomoth_hits_a_fire_weakness_as_fire():
    st = board(side(poke(VENOMOTH, [GRASS, GRASS]), bench=[poke(CHARMANDER)]), side(poke(KANGASKHAN)))
    d = power(st, me(st).active.top, "Shift", type="Fire")
    # Kangaskhan is weak to Fighting only: 10; a Grass Pokémon weak to Fire would take 20
    assert them(hit(d.state, "Venom Powder", ["tails"])).active.damage == 10
    st = board(side(poke(VENOMOTH, [GRASS, GRASS]), bench=[poke(CHARMANDER)]), side(poke(VENONAT)))
    d = power(st, me(st).active.top, "Shift", type="Fire")
    assert them(hit(d.state, "Venom Powder", ["tails"])).active.damage == 20


def test_base2_15_heal_flips_and_removes_one_counter_once_a_turn():
    st = board(side(poke(VILEPLUME), bench=[poke(EEVEE, damage=20)]), side(poke(MACHOP)))
    vileplume, eevee = me(st).active.top, me(st).bench[0].top
    d = power(st, vileplume, "Heal", ["heads"])
    assert me(d).bench[0].damage == 10
    refused(d.state, 0, {"type": "use_power", "pokemon": vileplume, "power": "Heal", "choices": {}}, "R-POWER-1")
    d = power(st, vileplume, "Heal", ["tails"], to=eevee)
    assert me(d).bench[0].damage == 20
    refused(board(side(poke(VILEPLUME)), side(poke(MACHOP))), 0,
            {"type": "use_power", "pokemon": vileplume, "power": "Heal", "choices": {}}, "R-POWER-1")


def test_base2_34_retreat_aid_takes_one_colorless_off_the_actives_retreat_cost():
    st = board(side(poke(KANGASKHAN, [GRASS, GRASS]), bench=[poke(DODRIO)]), side(poke(MACHOP)))
    # Kangaskhan's Retreat Cost is 3: 2 with Dodrio Benched
    d = act(st, 0, {"type": "retreat", "to": me(st).bench[0].top, "discard": list(me(st).active.energy)})
    assert me(d).active.top == st.seats[0].bench[0].top
    st = board(side(poke(KANGASKHAN, [GRASS, GRASS]), bench=[poke(EEVEE)]), side(poke(MACHOP)))
    refused(st, 0, {"type": "retreat", "to": me(st).bench[0].top, "discard": list(me(st).active.energy)},
            "R-RETREAT-2")


def test_base2_55_R_HIDDEN_1_peek_shows_one_hidden_card_to_its_player_alone():
    st = board(side(poke(MANKEY), deck=[PSYCHIC, WATER]), side(poke(MACHOP), prizes=[WATER, GRASS]))
    mankey = me(st).active.top
    assert {"type": "opponent_prize", "count": 2} in choices_of(st, "use_power", "Peek")
    d = power(st, mankey, "Peek", type="opponent_prize", count=2)
    prize = st.seats[1].prizes[1]
    line = next(x for x in d.narration if "peeks" in x)
    assert f"({prize})" in render(line, hidden={prize}, seat=0)
    assert f"({prize})" not in render(line, hidden={prize}, seat=1)
    assert d.state.seats[1].prizes == st.seats[1].prizes
    refused(d.state, 0, {"type": "use_power", "pokemon": mankey, "power": "Peek",
                         "choices": {"type": "own_deck"}}, "R-POWER-1")          # once a turn
    refused(st, 0, {"type": "use_power", "pokemon": mankey, "power": "Peek",
                    "choices": {"type": "opponent_prize", "count": 3}}, "R-POWER-1")
    d = power(st, mankey, "Peek", type="own_deck")
    said(d, "the top card of")


def test_base2_64_poke_ball_heads_searches_a_pokemon_tails_does_nothing():
    st = board(side(poke(MACHOP), hand=[POKE_BALL], deck=[GRASS, GYARADOS, WATER]), side(poke(MACHOP)))
    ball = me(st).hand[0]
    d = act(st, 0, {"type": "play_trainer", "card": ball, "targets": []}, ["tails"])
    assert me(d).hand == [] and me(d).deck == me(st).deck
    d = act(st, 0, {"type": "play_trainer", "card": ball, "targets": []}, ["heads"])
    assert d.state.pending["look"] == me(st).deck
    gyarados = next(i for i in me(st).deck if st.card_id(i) == GYARADOS)
    d = act(d.state, 0, {"type": "choose", "choices": {"search": [gyarados]}})
    assert me(d).hand == [gyarados] and len(me(d).deck) == 2
