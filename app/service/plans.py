"""What a planner works with and gives back: the head it plans on, the plan it makes.

A planner (one per command: ``app/service/actions.py``, ``app/service/judging.py``) turns a
command and the match's head into the events to append, each with the ``state_hash`` of the
state after it. It may refuse with a domain error (``projections.errors``); it never writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.service.context import ServiceContext
from app.service.reading import Match, load_events
from projections.errors import NoSuchSeq
from projections.games import Game
from projections.messages import msg
from projections.replay import apply_one, fold


@dataclass
class Head:
    """The last event's seq and hash, and the state after it."""

    seq: int
    hash: str
    state: Any


@dataclass
class Plan:
    """What to append: events ``{"type", "payload", "state_hash"}``, the state after the
    last one, and the narration of them all."""

    events: list[dict[str, Any]]
    state: Any
    narration: list[Any] = field(default_factory=list)


@dataclass
class Planning:
    """One planning attempt: the match (its facts, its record) and its game at ``head``."""

    ctx: ServiceContext
    match_id: str
    match: Match
    game: Game
    head: Head
    _history: list[dict[str, Any]] | None = None

    @property
    def meta(self) -> dict[str, Any]:
        """The match's index record: status and the freeze, never a decision's input."""
        return self.match.meta

    def history(self) -> list[dict[str, Any]]:
        """The stored events 1..head (read once per attempt)."""
        if self._history is None:
            self._history = load_events(self.ctx, self.match_id, self.head.seq)
        return self._history


def plan_events(planning: Planning, new_events: list[dict[str, Any]],
                history: list[dict[str, Any]] | None = None) -> Plan:
    """Apply judge-made events one by one (rewinds resolved against ``history``, the match's
    stored events) and give each the hash of the state after it."""
    game, head = planning.game, planning.head
    state = head.state
    history = list(history or [])
    planned, narration = [], []
    for offset, event in enumerate(new_events, start=1):
        numbered = {**event, "seq": head.seq + offset}
        history.append(numbered)
        state, lines = apply_one(game, state, numbered, history)
        narration += lines
        planned.append({"type": event["type"], "payload": event["payload"],
                        "state_hash": game.state_hash(state)})
    return Plan(events=planned, state=state, narration=narration)


# ---------------------------------------------------------------------- rewinds (J-REPAIR-1)

def check_rewind_target(head: Head, to_seq: int, field_name: str) -> None:
    """A rewind goes back to any seq of the match: one on the current line of play, or one
    an earlier rewind voided (the board as it was then: a rewind can be undone)."""
    if not 1 <= to_seq <= head.seq:
        raise NoSuchSeq(msg("Rewind to a seq between 1 and %(last)s.", last=head.seq), field_name, head.seq)


def deck_instances(game: Game, state: Any) -> list[set[str]]:
    """Per seat, the instances in its deck (from the judge's view)."""
    out = []
    for seat in game.view(state, "judge", None)["seats"]:
        deck = seat.get("deck")
        out.append({c["instance"] for c in deck} if isinstance(deck, list) else set())
    return out


def seats_that_drew(game: Game, earlier: Any, now: Any) -> list[int]:
    """Seats with cards that left the deck between ``earlier`` and ``now``."""
    before, after = deck_instances(game, earlier), deck_instances(game, now)
    return [seat for seat, cards in enumerate(before)
            if seat < len(after) and cards - after[seat]]


def rewind_extras(planning: Planning, to_seq: int, reshuffle: bool) -> dict[str, Any]:
    """``reshuffled_seats`` and ``rng`` for a rewind that reshuffles the decks of the seats
    that drew since (J-REPAIR-1); nothing for one that puts the cards back on top."""
    if not reshuffle:
        return {}
    game = planning.game
    earlier = fold([e for e in planning.history() if e["seq"] <= to_seq]).state
    seats = seats_that_drew(game, earlier, planning.head.state)
    if not seats:
        return {"reshuffled_seats": []}
    _, rng, _ = game.reshuffle_decks(earlier, seats, planning.ctx.randomness())
    return {"reshuffled_seats": seats, "rng": rng}
