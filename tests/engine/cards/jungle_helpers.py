"""Boards for the Jungle card tests (base2): sandbox positions with base-1999 rules, coins fixed.

Evolved Pokémon get their lower Stages under them (`poke`), found by name in Jungle first, then
in the Base Set (evolution goes by name: Jungle's Pidgeot sits on the Base Set's Pidgeotto).
Seat 0 (Ana) acts unless a test says otherwise.
"""
from projections.tcg import carddb, engine
from projections.tcg.legal import legal_actions
from projections.tcg.position import state_from_position
from projections.tcg.randomness import FixedCoins

FIGHTING, FIRE, GRASS, LIGHTNING, PSYCHIC, WATER, DCE = (
    "base1-97", "base1-98", "base1-99", "base1-100", "base1-101", "base1-102", "base1-96")


def _under(card_id):
    chain = []
    c = carddb.card(card_id)
    while c.evolves_from:
        c = next(x for prefix in ("base2-", "base1-") for x in carddb.all_cards()
                 if x.name == c.evolves_from and x.id.startswith(prefix))
        chain.insert(0, c.id)
    return chain


def poke(card_id, energy=(), damage=0, conditions=(), attached=()):
    p = {"card": card_id, "energy": list(energy), "under": _under(card_id)}
    if damage:
        p["damage"] = damage
    if conditions:
        p["conditions"] = list(conditions)
    if attached:
        p["attached"] = list(attached)
    return p


def side(active, bench=(), hand=(), deck=None, prizes=6, discard=()):
    return {"active": active, "bench": list(bench), "hand": list(hand),
            "deck": list(deck) if deck is not None else [FIGHTING] * 8,
            "prizes": [GRASS] * prizes if isinstance(prizes, int) else list(prizes), "discard": list(discard)}


def board(mine, theirs, turn=3, seat_to_act=0):
    return state_from_position("base-1999", ["Ana", "Beto"],
                               {"turn": turn, "seat_to_act": seat_to_act, "phase": "main", "seats": [mine, theirs]})


def act(state, seat_no, action, coins=()):
    """The action must be legal and use exactly the given coins."""
    d = engine.decide(state, seat_no, action, FixedCoins(list(coins)))
    assert d.legal, (d.violations, d.coin_error)
    assert d.coin_error is None, d.coin_error
    return d


def hit(state, name, coins=(), seat_no=None, **choices):
    seat_no = state.seat_to_act if seat_no is None else seat_no
    return act(state, seat_no, {"type": "attack", "attack": name, "choices": choices}, coins)


def power(state, pokemon, name, coins=(), seat_no=0, **choices):
    return act(state, seat_no, {"type": "use_power", "pokemon": pokemon, "power": name, "choices": choices}, coins)


def refused(state, seat_no, action, rule):
    d = engine.decide(state, seat_no, action, FixedCoins([]))
    assert not d.legal and d.violations, (d.coin_error, d.narration)
    assert d.violations[0]["rule"] == rule, d.violations
    return d.violations[0]["message"]


def said(d, text):
    assert any(text in line for line in d.narration), f"{text!r} not in:\n" + "\n".join(d.narration)


def choices_of(state, kind, name=None, seat_no=0):
    key = "attack" if kind == "attack" else "power"
    return [a.get("choices", {}) for a in legal_actions(state, seat_no)
            if a["type"] == kind and (name is None or a.get(key) == name)]


def me(d_or_state):
    s = getattr(d_or_state, "state", None) or d_or_state
    return s.seats[0]


def them(d_or_state):
    s = getattr(d_or_state, "state", None) or d_or_state
    return s.seats[1]
