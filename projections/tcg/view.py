"""The state as a given reader may see it (API.md "The state's shape").

Judges and scorekeepers see everything; a player sees its own hand, both boards, and only
counts of the opponent's hand, both decks and unrevealed Prize cards. In table mode a card
the table has not reported is `"card": "unknown"` for everyone, and judges see each seat's
`unknown_pool` (its deck-list cards not located yet) and `judges_record` (the instances only
a judge's record of a deck or the Prize cards names, table.py).
"""
from __future__ import annotations

from typing import Any

from . import hooks
from .state import Pokemon, State, state_hash
from .table import judges_record, unknown_pool

FULL_VIEW_ROLES = ("judge", "scorekeeper", "admin")


def _card(state: State, inst: str) -> dict[str, str]:
    """A card in a zone, its name beside its id (the edge hides both where the reader can't see it)."""
    return {"instance": inst, "card": state.card_id(inst), "name": state.card_of(inst).name}


def _pokemon(state: State, p: Pokemon) -> dict[str, Any]:
    top = state.card_of(p.top)
    # its HP and types now, with the effects in play (R-INPLAY-1), beside the card's HP
    out: dict[str, Any] = {"instance": p.top, "card": state.card_id(p.top), "name": top.name, "hp": state.hp(p),
           "printed_hp": top.hp, "types": list(state.types(p)),
           "damage": p.damage, "energy": [_card(state, i) for i in p.energy],
           "under": [_card(state, i) for i in p.stack[:-1]],
           "attached": [_card(state, i) for i in p.attached], "conditions": list(p.conditions),
           "entered_turn": p.entered_turn}
    if p.effects:
        out["effects"] = [dict(e) for e in p.effects]
    if p.flags:
        out["flags"] = dict(p.flags)
    return out


def _face_up(state: State, n: int, reader: int | None) -> bool:
    """Seat n's hand is played face up and the reader is its opponent (a power says so)."""
    return reader == 1 - n and hooks.hand_face_up(state, n)


def acting_seat(state: State) -> int:
    if state.pending:   # a card waits for this player's choice (it may be the opponent's: a hand discarded down)
        return int(state.pending["seat"])
    if state.phase == "promote" and state.pending_promotions:
        return state.pending_promotions[0]
    if state.phase in ("first_player", "between_games") and state.chooser is not None:
        return state.chooser
    return state.seat_to_act


def view_state(state: State, role: str = "judge", seat: int | None = None) -> dict[str, Any]:
    full = role in FULL_VIEW_ROLES
    seats: list[dict[str, Any]] = []
    for n, s in enumerate(state.seats):
        own = full or seat == n
        seats.append({
            "name": s.name,
            "prizes_needed": len(s.prizes),
            "active": _pokemon(state, s.active) if s.active else None,
            "bench": [_pokemon(state, p) for p in s.bench],
            "hand": [_card(state, i) for i in s.hand] if own or _face_up(state, n, seat)
            else {"count": len(s.hand)},
            "deck": [_card(state, i) for i in s.deck] if full else {"count": len(s.deck)},
            "discard": [_card(state, i) for i in s.discard],
            **({"lost_zone": [_card(state, i) for i in s.lost_zone]} if s.lost_zone else {}),
            "prizes": [_card(state, i) for i in s.prizes] if full else {"count": len(s.prizes)},
            "setup_done": s.setup_done,
            "extra_cards_allowed": s.extra_cards_allowed,
        })
        if state.table and full:   # the deck-list cards not located yet: nobody knows where
            seats[-1]["unknown_pool"] = unknown_pool(state, n)
            # the cards only a judge's record names (R-TABLE-5): never a player's to read
            seats[-1]["judges_record"] = judges_record(state, n)
    # During setup the Pokémon are face down (R-SETUP-4): a player sees only its own.
    if state.phase == "setup" and not full:
        for n, shown in enumerate(seats):
            if n != seat and shown["active"]:
                shown["active"] = {"face_down": True}
                shown["bench"] = [{"face_down": True} for _ in shown["bench"]]
    out: dict[str, Any] = {
        "seq": state.seq, "ruleset": state.ruleset, "turn": state.turn,
        "seat_to_act": acting_seat(state), "phase": state.phase,
        "game_number": state.game_number,
        "this_turn": {"energy_attached": state.this_turn["energy_attached"] is not None,
                      "supporter_played": state.this_turn["supporter_played"],
                      "retreats": state.this_turn["retreats"]},
        "pending_promotions": list(state.pending_promotions),
        "result": state.result,
        "time_called": dict(state.time_called) if state.time_called else None,
        "seats": seats,
    }
    # The hash covers the hidden zones: with few hidden cards left, a player could try every
    # arrangement against it and learn its next draws. Only full views carry it.
    if full:
        out["state_hash"] = state_hash(state)
    if state.pending:
        out["pending"] = _pending(state, full or seat == state.pending["seat"])
    _beside_the_board(state, out)
    return out


def _beside_the_board(state: State, out: dict[str, Any]) -> None:
    """The Stadium in play, the Supporter played this turn (API.md: beside the Stadium until
    the turn ends), and whether the match is a paper game (table mode)."""
    for key in ("stadium", "supporter"):
        held = getattr(state, key)
        if held:
            out[key] = {**_card(state, held["card"]), "owner": held["owner"]}
    if state.table:
        out["randomness"] = "table"


def _pending(state: State, shown: bool) -> dict[str, Any]:
    """A card waiting for its player's choice: what it showed them, for them alone."""
    p = state.pending
    assert p is not None, "view_state asks only when a card waits"
    look: list[dict[str, str]] | dict[str, int] = (
        [_card(state, i) for i in p["look"]] if shown else {"count": len(p["look"])})
    return {"seat": p["seat"], "card": _card(state, p["card"]), "kind": p["kind"], "look": look}
