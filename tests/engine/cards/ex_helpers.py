"""Boards and actions for the EX-era card tests (ruleset `ex-2005`, cards `ex1-…`).

Boards come from sandbox positions (projections/tcg/position.py): `poke` builds a Pokémon
with its lower Stages under it, `side` a seat, `board` the position (Seat 0, Ana, to act in its
main phase unless told otherwise; `stadium` / `supporter` as `{"card", "owner"}`). `act` and
`refuse` decide with coins fixed in advance (FixedCoins: every test also proves how many flips
an action needs; without a `shuffles` source a shuffle keeps the order).
"""
from __future__ import annotations

from typing import Any

from projections.tcg import carddb, engine
from projections.tcg.position import state_from_position
from projections.tcg.randomness import FixedCoins
from projections.tcg.state import state_hash

RULESET = "ex-2005"
# ex1's basic Energy (there is no basic Darkness or Metal Energy in the EX era)
GRASS, FIGHTING, WATER, PSYCHIC, FIRE, LIGHTNING = (
    "ex1-104", "ex1-105", "ex1-106", "ex1-107", "ex1-108", "ex1-109")
DARKNESS_ENERGY, METAL_ENERGY, RAINBOW_ENERGY = "ex1-93", "ex1-94", "ex1-95"


def under(card_id: str) -> list[str]:
    """The lower Stages an evolved card of the same set sits on, lowest first."""
    chain: list[str] = []
    c = carddb.card(card_id)
    set_code = card_id.split("-")[0]
    while c.evolves_from:
        c = next(x for x in carddb.all_cards()
                 if x.name == c.evolves_from and x.id.startswith(set_code + "-") and x.supertype == "Pokemon")
        chain.insert(0, c.id)
    return chain


def poke(card_id: str, energy=(), damage: int = 0, conditions=(), attached=(),
         entered_turn: int | None = None) -> dict[str, Any]:
    p: dict[str, Any] = {"card": card_id, "energy": list(energy), "under": under(card_id)}
    if damage:
        p["damage"] = damage
    if conditions:
        p["conditions"] = list(conditions)
    if attached:
        p["attached"] = list(attached)
    if entered_turn is not None:
        p["entered_turn"] = entered_turn
    return p


def side(active, bench=(), hand=(), deck=None, prizes: int = 6, discard=()) -> dict[str, Any]:
    return {"active": active, "bench": list(bench), "hand": list(hand),
            "deck": [FIGHTING] * 8 if deck is None else list(deck),
            "prizes": [GRASS] * prizes, "discard": list(discard)}


def board(mine, theirs, *, turn: int = 3, seat_to_act: int = 0, phase: str = "main",
          this_turn: dict[str, Any] | None = None, stadium=None, supporter=None,
          ruleset: str = RULESET):
    seats = [mine, theirs] if seat_to_act == 0 else [theirs, mine]
    position: dict[str, Any] = {"turn": turn, "seat_to_act": seat_to_act, "phase": phase, "seats": seats}
    if this_turn:
        position["this_turn"] = this_turn
    if stadium:
        position["stadium"] = stadium
    if supporter:
        position["supporter"] = supporter
    return state_from_position(ruleset, ["Ana", "Beto"], position)


def decide(state, seat_no: int, action: dict[str, Any], coins=()):
    return engine.decide(state, seat_no, action, FixedCoins(list(coins)))


def act(state, seat_no: int, action: dict[str, Any], coins=()):
    """The action must be legal and use exactly `coins`; returns the Decision."""
    d = decide(state, seat_no, action, coins)
    assert d.legal, (action, d.violations, d.coin_error)
    assert d.coin_error is None, d.coin_error
    return d


def refuse(state, seat_no: int, action: dict[str, Any], rule: str, contains: str | None = None, coins=()):
    """The action must be refused citing `rule` with a readable sentence, the state untouched."""
    before = state_hash(state)
    d = decide(state, seat_no, action, coins)
    assert not d.legal, f"expected {rule} to refuse {action}"
    v = d.violations[0]
    assert v["rule"] == rule, v
    if contains:
        assert contains.lower() in v["message"].lower(), v["message"]
    assert state_hash(state) == before
    return v


def said(decision, text: str) -> int:
    for i, line in enumerate(decision.narration):
        if text in line:
            return i
    raise AssertionError(f"{text!r} not in narration:\n" + "\n".join(decision.narration))


def cards(state, instances) -> list[str]:
    return [state.instances[i] for i in instances]


def inst(state, seat_no: int, zone: str, card_id: str) -> str:
    """The first instance of `card_id` in a seat's zone (hand, deck, discard, prizes)."""
    found = [i for i in getattr(state.seats[seat_no], zone) if state.instances[i] == card_id]
    assert found, f"no {card_id} in seat {seat_no}'s {zone}"
    return found[0]
