"""Folding a match's stored events into its state, for any game.

The engine's `apply` handles game events; this module adds what needs the history: a
`Rewound` event (or a ruling with a rewind remedy) returns the state to an earlier seq
(J-REPAIR-1), and the events in between are marked voided — they stay in the log.

`walk` is the one loop over a log: every reader of a match's history (the fold, the timeline,
the events and stream routes that filter each event as it was seen then, the exports) goes
through it, and `voided_seqs` is the one answer to "which events are off the line of play".
`apply_one` is also where a judge's event gets its line for people
(``projections.judge_narration``), before the game's own lines: every reader reads it.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .games import Game, get_game
from .judge_narration import NARRATORS, judge_lines

JUDGE_DECISIONS = ("RulingIssued", "AppealDecided")   # may carry a rewind remedy and a penalty
REWINDING_TYPES = frozenset(("Rewound", *JUDGE_DECISIONS))   # the events rewind_target reads


@dataclass
class Folded:
    state: Any
    seq: int
    voided: set[int] = field(default_factory=set)
    narrations: dict[int, list[str]] = field(default_factory=dict)     # seq -> narration lines
    state_hashes: dict[int, str] = field(default_factory=dict)         # seq -> computed state hash


@dataclass
class Step:
    """One event folded: the state before it (None before MatchCreated), after it, and what
    it caused in words."""
    event: dict[str, Any]
    before: Any
    after: Any
    lines: list[str]


Event = dict[str, Any]          # a stored event (events/schemas.py)


def game_of(events: Sequence[Mapping[str, Any]]) -> Game:
    """The game of a match's log, checked against the rules its MatchCreated was made under
    (``EngineMismatch`` when the running engine's differ: never fold a match differently)."""
    if not events or events[0]["type"] != "MatchCreated":
        raise ValueError("a match's log starts with MatchCreated")
    payload = events[0]["payload"]
    game = get_game(payload.get("game", "tcg"))
    game.check_engine(payload)
    return game


def rewind_target(event: Mapping[str, Any]) -> int | None:
    if event["type"] == "Rewound":
        return event["payload"]["to_seq"]
    if event["type"] in JUDGE_DECISIONS:
        remedy = event["payload"].get("remedy") or {}
        return remedy.get("rewind_to")
    return None


def voided_seqs(events: Sequence[Mapping[str, Any]]) -> set[int]:
    """The seqs that are not on the current line of play: walking back from the last event,
    a rewind to seq T skips the events between T and itself. (A rewind that is itself
    undone by a later rewind to a seq after it is back off the line, and what it voided is
    back on.)"""
    by_seq = {e["seq"]: e for e in events}
    on_line = set()
    seq = max(by_seq, default=0)
    while seq >= 1:
        on_line.add(seq)
        event = by_seq.get(seq)
        target = rewind_target(event) if event is not None else None
        seq = target if target is not None and target < seq else seq - 1
    return set(by_seq) - on_line


def walk(events: Sequence[Event], upto: int | None = None, *,
         start: tuple[Any, int] | None = None) -> Iterator[Step]:
    """Fold `events` one at a time (up to seq `upto`), yielding each `Step`.

    `start` is an optional (state, seq) snapshot to continue from; `events` then holds the
    events after it (plus the MatchCreated event first, to know the game), or the whole log
    when a rewind after the snapshot must refold an earlier prefix."""
    game = game_of(events)
    by_seq = {e["seq"]: e for e in events if "seq" in e}
    state, seq = start if start else (None, 0)
    for event in events:
        s = event.get("seq", 0)
        if s <= seq or (upto is not None and s > upto):
            continue
        before = state
        state, lines = apply_one(game, state, event, events, by_seq)
        yield Step(event, before, state, lines)


def fold(events: Sequence[Event], upto: int | None = None, *, keep_narration: bool = False,
         start: tuple[Any, int] | None = None) -> Folded:
    """The state after the event with seq `upto` (default: the last one); with
    `keep_narration`, each event's narration and state hash, and the voided seqs."""
    game = game_of(events) if keep_narration else None
    state, seq = start if start else (None, 0)
    result = Folded(state=state, seq=seq)
    for step in walk(events, upto, start=start):
        s = step.event["seq"]
        result.state, result.seq = step.after, s
        if game is not None:    # keep_narration
            result.narrations[s] = step.lines
            result.state_hashes[s] = game.state_hash(step.after)
    if keep_narration:
        result.voided = voided_seqs([e for e in events if upto is None or e["seq"] <= upto])
    return result


def reads_history(event: Mapping[str, Any]) -> bool:
    """Whether `apply_one` reads the history for `event` (a judge's line names earlier events,
    a rewind folds a prefix of the log); for any other event the state before it is enough."""
    return event.get("type") in NARRATORS or rewind_target(event) is not None


def apply_one(game: Game, state: Any, event: Event, events: Sequence[Event],
              by_seq: Mapping[int, Event] | None = None) -> tuple[Any, list[str]]:
    """Apply one event, resolving rewinds against the history in `events`. Its narration:
    a judge's line first (a judge's event), then the game's."""
    said = judge_lines(event, events, state)
    target = rewind_target(event)
    if target is None:
        new, lines = game.apply(state, event)
        return new, said + list(lines) if said else lines
    if target < 1 or target >= event["seq"]:
        raise ValueError(f"seq {event['seq']}: cannot rewind to {target}")
    earlier = fold([e for e in events if e["seq"] <= target]).state
    lines = said    # it says where the game goes back to, and whether decks are reshuffled
    rng = event["payload"].get("rng")
    if rng:
        seats = event["payload"].get("reshuffled_seats", [])
        earlier, _, more = game.reshuffle_decks(earlier, seats, game.replay_randomness(rng))
        lines += more
    if event["type"] in JUDGE_DECISIONS and event["payload"].get("penalty"):
        earlier, more = game.apply(earlier, {**event, "payload": {**event["payload"], "remedy": None}})
        lines += more
    earlier.seq = event["seq"]
    return earlier, lines
