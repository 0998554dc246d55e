"""EX Dragon Trainers ex3-82 … ex3-88: exact outcomes, every refusal with its rule, what
`legal_actions` offers, and the Stadiums for real — played, replaced by the other one (the old
one to its owner's discard pile), acting on both players' Pokémon, refused when one of the same
name is in play. Shuffles keep the order (FixedCoins without a source)."""

import pytest

from projections.tcg.carddb import card
from projections.tcg.game import TcgGame
from projections.tcg.legal import legal_actions
from projections.tcg.position import PositionError
from projections.tcg.view import view_state
from tests.engine.cards.fixtures import hand, trainer

from .fixtures import (
    FIGHTING,
    FIRE,
    GRASS,
    LIGHTNING,
    RAINBOW_ENERGY,
    WATER,
    act,
    board,
    offers,
    play,
    poke,
    refuse,
    said,
    side,
)

BALLOON_BERRY, BUFFER_PIECE, RECYCLE, HIGH_PRESSURE, LOW_PRESSURE, BRINEY, TV_REPORTER = (
    "ex3-82", "ex3-83", "ex3-84", "ex3-85", "ex3-86", "ex3-87", "ex3-88")
GROUP = [f"ex3-{n}" for n in range(82, 89)]
MUDKIP, TORCHIC, MAKUHITA, ELECTRIKE, KOFFING, WAILMER, TAILLOW = (
    "ex1-59", "ex1-73", "ex1-56", "ex1-53", "ex1-54", "ex1-48", "ex1-72")
CHANSEY_EX, POTION = "ex1-96", "ex1-91"
KECLEON, LUNATONE, SOLROCK = "ex2-18", "ex2-8", "ex2-13"
REVIVE = "base1-89"
GOLEM_EX, MUK_EX = "ex3-91", "ex3-96"
GAME = TcgGame()


# -- helpers -------------------------------------------------------------------------------------


def end_turn(state, seat_no=0, coins=()):
    return act(state, seat_no, {"type": "end_turn"}, coins)


def retreat(state, to, discard=()):
    return {"type": "retreat", "to": to, "discard": list(discard)}


def test_every_card_of_the_group_is_implemented_and_described_in_its_own_words():
    import json
    from pathlib import Path

    printed = {c["id"]: " ".join(c.get("rules", [])).lower()
               for c in json.loads(Path("/work/shared/cards/ex3.json").read_text(encoding="utf-8"))}
    for cid in GROUP:
        c = card(cid)
        text = c.trainer.text.lower()
        assert c.implemented and len(text) > 20 and text not in printed[cid] and printed[cid] not in text, cid
    kinds = {cid: card(cid).trainer_kind for cid in GROUP}
    assert kinds == {BALLOON_BERRY: "tool", BUFFER_PIECE: "tool", RECYCLE: "item", HIGH_PRESSURE: "stadium",
                     LOW_PRESSURE: "stadium", BRINEY: "supporter", TV_REPORTER: "supporter"}


# -- ex3-82 Balloon Berry (Pokémon Tool) --------------------------------------------------------

def test_ex3_82_balloon_berry_is_a_tool_one_per_pokemon():
    st = board(side(poke(WAILMER, [WATER] * 3), bench=[poke(TORCHIC, attached=[BUFFER_PIECE])],
                    hand=[BALLOON_BERRY]), side(poke(MAKUHITA)))
    berry = hand(st)[0]
    wailmer, torchic = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, berry) == [([wailmer.top], {})]                # Torchic already has a Tool
    d = play(st, berry, [wailmer.top])
    assert d.state.seats[0].active.attached == [berry] and berry not in d.state.seats[0].discard
    said(d, "plays the Pokémon Tool Balloon Berry")
    said(d, "Balloon Berry is attached to Wailmer")
    refuse(st, 0, trainer(berry, [torchic.top]), "R-TRAINER-4", contains="already has a Pokémon Tool")
    refuse(st, 0, trainer(berry, [st.seats[1].active.top]), "R-TRAINER-4")
    # it stays between turns, and the Retreat Cost it is attached to is unchanged
    ended = end_turn(d.state)
    assert ended.state.seats[0].active.attached == [berry]


def test_ex3_82_balloon_berry_goes_to_the_discard_pile_with_its_knocked_out_pokemon():
    st = board(side(poke(MAKUHITA, [FIGHTING])),
               side(poke(TORCHIC, damage=30, attached=[BALLOON_BERRY]), bench=[poke(MUDKIP)]),
               turn=4, seat_to_act=1)
    torchic = st.seats[0].active
    berry = torchic.attached[0]
    d = act(st, 1, {"type": "attack", "attack": "Slap Push", "choices": {}})
    assert d.state.seats[0].active is None and set(d.state.seats[0].discard) == {torchic.top, berry}


def test_ex3_82_balloon_berry_pays_the_retreat_instead_of_energy():
    st = board(side(poke(WAILMER, [WATER] * 3, attached=[BALLOON_BERRY]), bench=[poke(TORCHIC)]),
               side(poke(MAKUHITA)))
    wailmer, torchic = st.seats[0].active, st.seats[0].bench[0]
    berry = wailmer.attached[0]
    assert {"type": "retreat", "to": torchic.top, "discard": []} in legal_actions(st, 0)
    d = act(st, 0, retreat(st, torchic.top))
    me = d.state.seats[0]
    assert me.active.top == torchic.top and me.bench[0].energy == wailmer.energy and me.bench[0].attached == []
    assert me.discard == [berry]
    said(d, "Balloon Berry pays Wailmer's retreat and is discarded")
    refuse(st, 0, retreat(st, torchic.top, wailmer.energy[:1]), "R-RETREAT-2")     # no Energy may be paid
    # a Retreat Cost of 0 retreats and the Berry is discarded all the same
    free = board(side(poke(TORCHIC, attached=[BALLOON_BERRY]), bench=[poke(MUDKIP)]), side(poke(MAKUHITA)),
                 stadium={"card": HIGH_PRESSURE, "owner": 1})
    d = act(free, 0, retreat(free, free.seats[0].bench[0].top))
    assert d.state.seats[0].discard == free.seats[0].active.attached


# -- ex3-83 Buffer Piece (Pokémon Tool) ---------------------------------------------------------

def _buffer_board():
    return board(side(poke(MUDKIP, [WATER]), bench=[poke(TORCHIC)], hand=[BUFFER_PIECE]),
                 side(poke(ELECTRIKE, [LIGHTNING, LIGHTNING]), bench=[poke(GOLEM_EX, [FIGHTING] * 3)]))


def test_ex3_83_buffer_piece_takes_20_after_weakness_and_lasts_until_the_end_of_the_opponents_turn():
    st = _buffer_board()
    buffer = hand(st)[0]
    mudkip, torchic = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, buffer) == [([mudkip.top], {}), ([torchic.top], {})]
    d = play(st, buffer, [mudkip.top])
    assert d.state.seats[0].active.attached == [buffer]
    assert d.state.seats[0].active.flags["attached_until"] == {buffer: 4}
    said(d, "Buffer Piece is attached to Mudkip until the end of the opponent's next turn")
    ended = end_turn(d.state)                              # its own turn ends: it stays
    assert ended.state.seats[0].active.attached == [buffer] and ended.state.turn == 4
    # Electrike's Tackle: 20, Weakness ×2 = 40, Buffer Piece −20 = 20
    hit = act(ended.state, 1, {"type": "attack", "attack": "Tackle", "choices": {}})
    me = hit.state.seats[0]
    assert me.active.damage == 20
    said(hit, "Weakness ×2 = 40; Buffer Piece −20 = 20")
    assert me.active.attached == [] and me.discard == [buffer]        # discarded as that turn ends
    said(hit, "Buffer Piece attached to Mudkip is discarded at the end of the turn")


def test_ex3_83_buffer_piece_on_the_bench_and_never_below_0():
    st = board(side(poke(WAILMER), bench=[poke(TORCHIC)], hand=[BUFFER_PIECE]),
               side(poke(GOLEM_EX, [FIGHTING] * 3)))
    buffer = hand(st)[0]
    torchic = st.seats[0].bench[0]
    d = end_turn(play(st, buffer, [torchic.top]).state)
    # the opponent's Golem ex: Magnitude's 10 to each Benched Pokémon — Torchic's is 10 − 20, so 0
    magnitude = act(d.state, 1, {"type": "attack", "attack": "Magnitude", "choices": {}})
    me = magnitude.state.seats[0]
    assert me.bench[0].damage == 0 and me.active.damage == 60
    said(magnitude, "Buffer Piece −20 = -10; below 0 counts as 0")


def test_ex3_83_buffer_piece_answers_only_the_opponents_attacks():
    st = board(side(poke(GOLEM_EX, [FIGHTING] * 3), bench=[poke(TORCHIC, attached=[BUFFER_PIECE])]),
               side(poke(CHANSEY_EX)))
    d = act(st, 0, {"type": "attack", "attack": "Magnitude", "choices": {}})
    assert d.state.seats[0].bench[0].damage == 10                  # its own player's Magnitude: no reduction


# -- ex3-84 Energy Recycle System ------------------------------------------------------------------

def _recycle_board(discard, deck=(MAKUHITA,)):
    return board(side(poke(MUDKIP), hand=[RECYCLE], discard=discard, deck=list(deck)), side(poke(MAKUHITA)))


def test_ex3_84_energy_recycle_system_one_card_to_the_hand():
    st = _recycle_board([FIRE, WATER, POTION, RAINBOW_ENERGY])
    ers = hand(st)[0]
    fire, water, potion, rainbow = st.seats[0].discard
    assert offers(st, ers) == [([], {"search": [fire]}), ([], {"search": [water]})]   # 2 basic: hand only
    d = play(st, ers, search=[water])
    me = d.state.seats[0]
    assert me.hand == [water] and me.discard == [fire, potion, rainbow, ers]
    said(d, f"shows ⟦{water}|Water Energy|*⟧ from the discard pile and puts it into the hand")


def test_ex3_84_energy_recycle_system_three_cards_shuffled_into_the_deck():
    st = _recycle_board([FIRE, WATER, FIRE, GRASS])
    ers = hand(st)[0]
    fire, water, fire2, grass = st.seats[0].discard
    offered = offers(st, ers)
    assert ([], {"search": [fire]}) in offered and ([], {"search": [fire, water, grass]}) in offered
    assert ([], {"search": [fire, fire2, water]}) in offered and len(offered) == 3 + 3
    d = play(st, ers, search=[fire, water, grass])
    me = d.state.seats[0]
    assert me.hand == [] and me.discard == [fire2, ers] and sorted(me.deck) == sorted([*st.seats[0].deck, fire,
                                                                                        water, grass])
    assert d.event["payload"]["rng"]["shuffles"] == [[0, 1, 2, 3]]
    said(d, "shuffles them into the deck")


def test_ex3_84_energy_recycle_system_refusals():
    st = _recycle_board([FIRE, WATER, GRASS, POTION])
    ers = hand(st)[0]
    fire, water, grass, potion = st.seats[0].discard
    refuse(st, 0, trainer(ers), "R-TRAINER-1", contains="choices.search")
    refuse(st, 0, trainer(ers, search=[fire, water]), "R-TRAINER-1", contains="not 2")
    refuse(st, 0, trainer(ers, search=[potion]), "R-TRAINER-1")
    refuse(st, 0, trainer(ers, search=[fire, fire, water]), "R-TRAINER-1")
    two = _recycle_board([FIRE, WATER])
    refuse(two, 0, trainer(hand(two)[0], search=two.seats[0].discard), "R-TRAINER-1", contains="1 card(s)")
    none = _recycle_board([RAINBOW_ENERGY, POTION])
    refuse(none, 0, trainer(hand(none)[0]), "R-TRAINER-1", contains="no basic Energy card")
    assert offers(none, hand(none)[0]) == []
    one = _recycle_board([POTION, GRASS])                         # a single basic Energy card: left out
    d = play(one, hand(one)[0], offered=False)
    assert hand(d.state) == [one.seats[0].discard[1]]


# -- ex3-85 High Pressure System, ex3-86 Low Pressure System (Stadiums) ------------------------------

def test_ex3_85_high_pressure_system_played_lowers_fire_and_water_retreat_costs_of_both_players():
    st = board(side(poke(MUDKIP, [WATER]), bench=[poke(MAKUHITA, [FIGHTING])], hand=[HIGH_PRESSURE]),
               side(poke(TORCHIC, [FIRE]), bench=[poke(WAILMER, [WATER] * 3)]))
    hp_card = hand(st)[0]
    mudkip, makuhita = st.seats[0].active, st.seats[0].bench[0]
    refuse(st, 0, retreat(st, makuhita.top), "R-RETREAT-2")        # before: Mudkip pays 1
    assert offers(st, hp_card) == [([], {})]
    d = play(st, hp_card)
    s = d.state
    assert s.stadium == {"card": hp_card, "owner": 0} and hp_card not in s.seats[0].discard and hand(s) == []
    said(d, "plays the Stadium High Pressure System")
    said(d, "High Pressure System is now in play for both players")
    # Mudkip (Water) now retreats for nothing
    assert {"type": "retreat", "to": makuhita.top, "discard": []} in legal_actions(s, 0)
    moved = act(s, 0, retreat(s, makuhita.top))
    assert moved.state.seats[0].active.top == makuhita.top and moved.state.seats[0].bench[0].energy == [
        mudkip.energy[0]]
    # Makuhita (Fighting) still pays 1
    refuse(moved.state, 0, retreat(moved.state, mudkip.top), "R-RETREAT-5")     # one retreat a turn anyway
    back = board(side(poke(MAKUHITA, [FIGHTING]), bench=[poke(MUDKIP)]), side(poke(TORCHIC)),
                 stadium={"card": HIGH_PRESSURE, "owner": 0})
    refuse(back, 0, retreat(back, back.seats[0].bench[0].top), "R-RETREAT-2")
    # the opponent's Fire Torchic (1 → 0) and Water Wailmer (3 → 2), in their own turn
    theirs = end_turn(s).state
    torchic, wailmer = theirs.seats[1].active, theirs.seats[1].bench[0]
    d = act(theirs, 1, retreat(theirs, wailmer.top))
    assert d.state.seats[1].active.top == wailmer.top and d.state.seats[1].discard == []
    theirs2 = board(side(poke(WAILMER, [WATER] * 3), bench=[poke(TORCHIC)]), side(poke(MUDKIP)),
                    turn=4, seat_to_act=1, stadium={"card": HIGH_PRESSURE, "owner": 0})
    w, to = theirs2.seats[1].active, theirs2.seats[1].bench[0].top
    refuse(theirs2, 1, retreat(theirs2, to, w.energy[:1]), "R-RETREAT-2")
    d = act(theirs2, 1, retreat(theirs2, to, w.energy[:2]))
    assert d.state.seats[1].discard == w.energy[:2] and torchic.top == theirs.seats[1].active.top


def test_ex3_86_low_pressure_system_gives_grass_and_lightning_pokemon_of_both_players_10_hp():
    st = board(side(poke(TAILLOW, [FIGHTING]), bench=[poke(KOFFING), poke(TORCHIC)], hand=[LOW_PRESSURE]),
               side(poke(ELECTRIKE, damage=40), bench=[poke(MUDKIP)]))
    lp = hand(st)[0]
    koffing, torchic = st.seats[0].bench
    electrike = st.seats[1].active
    assert [st.hp(p) for p in (koffing, torchic, electrike)] == [50, 40, 50]
    d = play(st, lp)
    s = d.state
    assert s.stadium == {"card": lp, "owner": 0}
    assert [s.hp(p) for p in (s.seats[0].bench[0], s.seats[0].bench[1], s.seats[1].active)] == [60, 40, 60]
    said(d, "Low Pressure System is now in play for both players")
    # Taillow's Peck: 10 on Electrike's 40 makes 50 — under Low Pressure System it survives
    hit = act(s, 0, {"type": "attack", "attack": "Peck", "choices": {}})
    assert hit.state.seats[1].active.damage == 50 and len(hit.state.seats[0].prizes) == 6
    plain = act(st, 0, {"type": "attack", "attack": "Peck", "choices": {}})
    said(plain, "Electrike (Seat 1 (Beto)) is Knocked Out")


def test_R_RETREAT_1_R_INPLAY_1_high_pressure_system_reads_the_type_energy_variation_gives_kecleon():
    # Kecleon (Colorless, Retreat Cost 1) with a basic Water Energy is a Water Pokémon: it retreats for nothing
    water = board(side(poke(KECLEON, [WATER]), bench=[poke(MAKUHITA)]), side(poke(TORCHIC)),
                  stadium={"card": HIGH_PRESSURE, "owner": 1})
    to = water.seats[0].bench[0].top
    assert retreat(water, to) in legal_actions(water, 0)
    assert water.types(water.seats[0].active) == ("Water",)
    d = act(water, 0, retreat(water, to))
    assert d.state.seats[0].active.top == to and d.state.seats[0].bench[0].energy == water.seats[0].active.energy
    # with a Fighting Energy it is a Fighting Pokémon and pays its 1
    fighting = board(side(poke(KECLEON, [FIGHTING]), bench=[poke(MAKUHITA)]), side(poke(TORCHIC)),
                     stadium={"card": HIGH_PRESSURE, "owner": 1})
    refuse(fighting, 0, retreat(fighting, fighting.seats[0].bench[0].top), "R-RETREAT-2")
    # Solrock (Fighting, Retreat Cost 1) made Fire by Solar Eclipse retreats for nothing
    st = board(side(poke(SOLROCK, [FIGHTING]), bench=[poke(LUNATONE)]), side(poke(TORCHIC)),
               stadium={"card": HIGH_PRESSURE, "owner": 1})
    refuse(st, 0, retreat(st, st.seats[0].bench[0].top), "R-RETREAT-2")
    fire = act(st, 0, {"type": "use_power", "pokemon": st.seats[0].active.top, "power": "Solar Eclipse",
                       "choices": {}}).state
    assert act(fire, 0, retreat(fire, fire.seats[0].bench[0].top)).state.seats[0].discard == []


def test_R_KO_1_R_INPLAY_1_low_pressure_system_gives_a_lightning_kecleon_10_hp():
    # Kecleon (60 HP) with a basic Lightning Energy is a Lightning Pokémon: 70 HP under Low Pressure System
    st = board(side(poke(TAILLOW, [FIGHTING]), bench=[poke(MUDKIP)]),
               side(poke(KECLEON, [LIGHTNING], damage=50), bench=[poke(MUDKIP)]),
               stadium={"card": LOW_PRESSURE, "owner": 1})
    kecleon = st.seats[1].active
    assert st.hp(kecleon) == 70 and st.types(kecleon) == ("Lightning",)
    d = act(st, 0, {"type": "attack", "attack": "Peck", "choices": {}})
    assert d.state.seats[1].active.damage == 60 and len(d.state.seats[0].prizes) == 6
    assert not any("Knocked Out" in line for line in d.narration)
    # with a Water Energy it is a Water Pokémon: 60 HP, and the same Peck Knocks it Out
    water = board(side(poke(TAILLOW, [FIGHTING]), bench=[poke(MUDKIP)]),
                  side(poke(KECLEON, [WATER], damage=50), bench=[poke(MUDKIP)]),
                  stadium={"card": LOW_PRESSURE, "owner": 1})
    assert water.hp(water.seats[1].active) == 60
    ko = act(water, 0, {"type": "attack", "attack": "Peck", "choices": {}})
    said(ko, "Kecleon (Seat 1 (Beto)) is Knocked Out")
    assert "R-KO-1" in ko.narration[said(ko, "Kecleon (Seat 1 (Beto)) is Knocked Out")]


def test_R_KO_1_R_INPLAY_1_a_kecleon_that_retreats_away_its_lightning_energy_loses_the_10_hp():
    # 60 damage on a Lightning Kecleon (70 HP): discarding its Lightning Energy to retreat makes it
    # Colorless with 60 HP, and it is Knocked Out on the Bench
    st = board(side(poke(KECLEON, [LIGHTNING, FIGHTING], damage=60), bench=[poke(MUDKIP)]), side(poke(TAILLOW)),
               stadium={"card": LOW_PRESSURE, "owner": 1})
    lightning, fighting = st.seats[0].active.energy
    to = st.seats[0].bench[0].top
    kept = act(st, 0, retreat(st, to, [fighting]))
    assert [p.damage for p in kept.state.seats[0].bench] == [60] and len(kept.state.seats[1].prizes) == 6
    d = act(st, 0, retreat(st, to, [lightning]))
    said(d, "Kecleon (Seat 0 (Ana)) is Knocked Out")
    assert "R-KO-1" in d.narration[said(d, "Kecleon (Seat 0 (Ana)) is Knocked Out")]
    assert d.state.seats[0].bench == [] and d.state.seats[0].active.top == to
    assert len(d.state.seats[1].prizes) == 5 and d.state.phase == "main"


def test_R_INPLAY_1_R_KO_1_a_position_reads_the_hp_low_pressure_system_gives():
    # Electrike has 50 HP, 60 under Low Pressure System: 50 damage is a position, 60 is not
    st = board(side(poke(TAILLOW)), side(poke("ex1-52", damage=50), bench=[poke(KECLEON, [LIGHTNING], damage=60)]),
               stadium={"card": LOW_PRESSURE, "owner": 0})
    assert [st.hp(p) for p in st.seats[1].in_play()] == [60, 70]
    with pytest.raises(PositionError) as err:
        board(side(poke(TAILLOW)), side(poke("ex1-52", damage=60), bench=[poke(KECLEON, [WATER], damage=60)]),
              stadium={"card": LOW_PRESSURE, "owner": 0})
    errors = err.value.errors
    assert set(errors) == {"position.seats[1].active.damage", "position.seats[1].bench[0].damage"}
    assert "60 HP" in errors["position.seats[1].active.damage"] and "R-INPLAY-1" in errors[
        "position.seats[1].active.damage"]
    # without the Stadium, 50 damage on Electrike is a Knock Out already
    with pytest.raises(PositionError) as err:
        board(side(poke(TAILLOW)), side(poke("ex1-52", damage=50)))
    assert "50 HP" in err.value.errors["position.seats[1].active.damage"]


def test_R_INPLAY_1_the_view_shows_the_hp_and_types_a_pokemon_has_now():
    st = board(side(poke(TAILLOW)), side(poke(KECLEON, [LIGHTNING, FIRE], damage=60), bench=[poke(MUDKIP)]),
               stadium={"card": LOW_PRESSURE, "owner": 0})
    shown = view_state(st)["seats"][1]
    assert (shown["active"]["hp"], shown["active"]["printed_hp"]) == (70, 60)
    assert shown["active"]["types"] == ["Fire", "Lightning"] and shown["bench"][0]["types"] == ["Water"]


def test_R_INPLAY_1_revive_puts_half_the_hp_the_pokemon_has_on_the_bench():
    # Revive's Electrike comes back with half of its 60 HP under Low Pressure System: 3 counters
    st = board(side(poke(TAILLOW), hand=[REVIVE], discard=["ex1-52"]), side(poke(MUDKIP)),
               stadium={"card": LOW_PRESSURE, "owner": 1})
    revive = hand(st)[0]
    d = play(st, revive, search=[st.seats[0].discard[0]])
    electrike = d.state.seats[0].bench[0]
    assert electrike.damage == 30 and d.state.hp(electrike) == 60
    said(d, "(30/60)")
    plain = board(side(poke(TAILLOW), hand=[REVIVE], discard=["ex1-52"]), side(poke(MUDKIP)))
    assert play(plain, hand(plain)[0], search=[plain.seats[0].discard[0]]).state.seats[0].bench[0].damage == 20


def test_ex3_85_86_a_stadium_replaces_the_other_which_goes_to_its_owners_discard_pile():
    # Beto's Low Pressure System is in play: Electrike and Koffing have 60 HP
    st = board(side(poke("ex1-52", [FIGHTING], damage=40), bench=[poke(MUDKIP)], hand=[HIGH_PRESSURE]),
               side(poke(KOFFING, [GRASS], damage=40), bench=[poke(MUDKIP)]),
               stadium={"card": LOW_PRESSURE, "owner": 1})
    lp = st.stadium["card"]
    hp_card = hand(st)[0]
    # each Active takes 10 more (Headbutt, then Tackle): 50 damage, alive with 60 HP
    one = act(st, 0, {"type": "attack", "attack": "Headbutt", "choices": {}})
    two = act(one.state, 1, {"type": "attack", "attack": "Tackle", "choices": {}})
    s0 = two.state
    assert s0.seats[0].active.damage == 50 and s0.seats[1].active.damage == 50 and s0.turn == 5
    d = play(s0, hp_card)
    s = d.state
    assert s.stadium == {"card": hp_card, "owner": 0}
    assert lp in s.seats[1].discard and lp not in s.seats[0].discard
    said(d, "Low Pressure System leaves play for the new Stadium")
    # without their 10 HP both are Knocked Out at once, each player's (R-KO-1), and each gives a Prize
    assert s.seats[0].active is None and s.seats[1].active is None
    said(d, "Electrike (Seat 0 (Ana)) is Knocked Out")
    said(d, "Koffing (Seat 1 (Beto)) is Knocked Out")
    assert len(s.seats[0].prizes) == 5 and len(s.seats[1].prizes) == 5
    assert s.phase == "promote"


def test_ex3_85_86_stadium_refusals_same_name_and_one_per_turn():
    st = board(side(poke(MAKUHITA), hand=[HIGH_PRESSURE, LOW_PRESSURE]), side(poke(KOFFING)),
               stadium={"card": HIGH_PRESSURE, "owner": 1})
    hp_card, lp = hand(st)
    refuse(st, 0, trainer(hp_card), "R-TRAINER-3", contains="already in play")
    assert offers(st, hp_card) == [] and offers(st, lp) == [([], {})]
    d = play(st, lp)
    refuse(d.state, 0, trainer(hp_card), "R-TRAINER-3", contains="Only 1 Stadium")
    # the next turn the opponent may play one
    other = board(side(poke(KOFFING), hand=[HIGH_PRESSURE]), side(poke(MAKUHITA)), turn=4, seat_to_act=1,
                  stadium={"card": LOW_PRESSURE, "owner": 0})
    d = act(other, 1, trainer(hand(other, 1)[0]))
    assert d.state.stadium["owner"] == 1 and d.state.seats[0].discard == [other.stadium["card"]]


# -- ex3-87 Mr. Briney's Compassion (Supporter) ------------------------------------------------------

def test_ex3_87_mr_brineys_compassion_returns_a_benched_pokemon_and_every_card_on_it():
    st = board(side(poke(CHANSEY_EX), bench=[poke("ex3-77", [FIRE, FIRE], damage=20, attached=[BUFFER_PIECE])],
                    hand=[BRINEY]),
               side(poke(MAKUHITA)))
    br = hand(st)[0]
    chansey, torchic = st.seats[0].active, st.seats[0].bench[0]
    assert offers(st, br) == [([torchic.top], {})]                 # not Chansey ex
    d = play(st, br, [torchic.top])
    me = d.state.seats[0]
    assert me.bench == [] and sorted(me.hand) == sorted(torchic.all_cards()) and me.discard == []
    assert d.state.supporter == {"card": br, "owner": 0}
    said(d, "Torchic and every card on it go back to Seat 0 (Ana)'s hand")
    assert me.active.top == chansey.top


def test_ex3_87_mr_brineys_compassion_on_the_active_then_a_promotion():
    st = board(side(poke(MUDKIP, [WATER], damage=30), bench=[poke(TORCHIC), poke(CHANSEY_EX)], hand=[BRINEY]),
               side(poke(MAKUHITA)))
    br = hand(st)[0]
    mudkip, torchic, chansey = st.seats[0].active, *st.seats[0].bench
    assert offers(st, br) == [([mudkip.top], {}), ([torchic.top], {})]
    d = play(st, br, [mudkip.top])
    s = d.state
    assert s.seats[0].active is None and s.phase == "promote" and s.pending_promotions == [0]
    assert sorted(hand(s)) == sorted(mudkip.all_cards())
    p = act(s, 0, {"type": "promote", "card": chansey.top})
    assert p.state.phase == "main" and p.state.seats[0].active.top == chansey.top


def test_ex3_87_mr_brineys_compassion_refusals():
    st = board(side(poke(CHANSEY_EX), bench=[poke(TORCHIC)], hand=[BRINEY, TV_REPORTER]), side(poke(MAKUHITA)))
    br, tv = hand(st)
    chansey = st.seats[0].active
    refuse(st, 0, trainer(br, [chansey.top]), "R-TRAINER-1", contains="Pokémon-ex")
    refuse(st, 0, trainer(br, [st.seats[1].active.top]), "R-TRAINER-1")
    alone = board(side(poke(TORCHIC), hand=[BRINEY]), side(poke(MAKUHITA)))
    refuse(alone, 0, trainer(hand(alone)[0], [alone.seats[0].active.top]), "R-TRAINER-1", contains="only Pokémon")
    assert offers(alone, hand(alone)[0]) == []
    d = play(st, br, [st.seats[0].bench[0].top])
    refuse(d.state, 0, trainer(tv), "R-TRAINER-2")                  # one Supporter a turn
    first = board(side(poke(CHANSEY_EX), bench=[poke(TORCHIC)], hand=[BRINEY]), side(poke(MAKUHITA)), turn=1)
    refuse(first, 0, trainer(hand(first)[0], [first.seats[0].bench[0].top]), "R-TRAINER-2")


# -- ex3-88 TV Reporter (Supporter) ----------------------------------------------------------------

def test_ex3_88_tv_reporter_draws_3_then_its_player_discards_a_card_of_the_hand():
    st = board(side(poke(MUDKIP), hand=[TV_REPORTER, POTION], deck=[FIRE, WATER, FIRE, GRASS]),
               side(poke(MAKUHITA)))
    tv, potion = hand(st)
    fire, water, fire2, grass = st.seats[0].deck
    d = play(st, tv)
    s = d.state
    assert hand(s) == [potion, fire, water, fire2] and s.seats[0].deck == [grass]
    assert s.pending == {"seat": 0, "card": tv, "kind": "discard", "look": [potion, fire, water, fire2]}
    assert s.supporter == {"card": tv, "owner": 0}
    said(d, "Seat 0 (Ana) draws 3 card(s)")
    # the cards drawn stay hidden from the opponent
    assert {fire, water, fire2} <= GAME.hidden_instances(s, 1) and not {fire, water} & GAME.hidden_instances(s, 0)
    offered = [a["choices"] for a in legal_actions(s, 0) if a["type"] == "choose"]
    assert offered == [{"cards": [potion]}, {"cards": [fire]}, {"cards": [water]}]
    refuse(s, 0, {"type": "end_turn"}, "R-TRAINER-1", contains="choose")
    refuse(s, 0, {"type": "choose", "choices": {"cards": [grass]}}, "R-TRAINER-1")
    refuse(s, 0, {"type": "choose", "choices": {"cards": [fire, water]}}, "R-TRAINER-1")
    c = act(s, 0, {"type": "choose", "choices": {"cards": [water]}})
    assert hand(c.state) == [potion, fire, fire2] and c.state.seats[0].discard == [water] and c.state.pending is None
    said(c, f"Seat 0 (Ana) discards ⟦{water}|Water Energy|*⟧")
    ended = end_turn(c.state)
    assert tv in ended.state.seats[0].discard


def test_ex3_88_tv_reporter_with_a_short_deck_and_no_choice_to_make():
    st = board(side(poke(MUDKIP), hand=[TV_REPORTER], deck=[FIRE]), side(poke(MAKUHITA)))
    tv = hand(st)[0]
    fire = st.seats[0].deck[0]
    d = play(st, tv)                                              # 1 card drawn, the only card: discarded at once
    assert d.state.pending is None and hand(d.state) == [] and d.state.seats[0].discard == [fire]
    said(d, "draws 1 card(s). [R-TRAINER-5]")
    empty = board(side(poke(MUDKIP), hand=[TV_REPORTER, POTION], deck=[]), side(poke(MAKUHITA)))
    d = play(empty, hand(empty)[0])                               # nothing drawn, Potion discarded
    assert d.state.seats[0].discard == [hand(empty)[1]] and d.state.pending is None
    nothing = board(side(poke(MUDKIP), hand=[TV_REPORTER], deck=[]), side(poke(MAKUHITA)))
    refuse(nothing, 0, trainer(hand(nothing)[0]), "R-TRAINER-1", contains="would do nothing")
    assert offers(nothing, hand(nothing)[0]) == []
