"""Folding a match's stored events into its state, for any game.

The engine's `apply` handles game events; this module adds what needs the history: a
`Rewound` event (or a ruling with a rewind remedy) returns the state to an earlier seq
(J-REPAIR-1), and the events in between are marked voided — they stay in the log.
"""
from dataclasses import dataclass, field

from .games import get_game
from .tcg.randomness import Replay

JUDGE_DECISIONS = ("RulingIssued", "AppealDecided")   # may carry a rewind remedy and a penalty


@dataclass
class Folded:
    state: object
    seq: int
    voided: set = field(default_factory=set)
    narrations: dict = field(default_factory=dict)     # seq -> narration lines
    state_hashes: dict = field(default_factory=dict)   # seq -> computed state hash


def game_of(events):
    if not events or events[0]["type"] != "MatchCreated":
        raise ValueError("a match's log starts with MatchCreated")
    return get_game(events[0]["payload"].get("game", "tcg"))


def rewind_target(event):
    if event["type"] == "Rewound":
        return event["payload"]["to_seq"]
    if event["type"] in JUDGE_DECISIONS:
        remedy = event["payload"].get("remedy") or {}
        return remedy.get("rewind_to")
    return None


def fold(events, upto=None, *, keep_narration=False, start=None):
    """The state after the event with seq `upto` (default: the last one).

    `start` is an optional (state, seq) snapshot to continue from; `events` then holds the
    events after it (plus the MatchCreated event first, to know the game)."""
    game = game_of(events)
    by_seq = {e["seq"]: e for e in events if "seq" in e}
    state, seq = (start if start else (None, 0))
    result = Folded(state=state, seq=seq)
    for event in events:
        s = event.get("seq", 0)
        if s <= seq or (upto is not None and s > upto):
            continue
        result.state, lines = apply_one(game, result.state, event, events, by_seq)
        target = rewind_target(event)
        if target is not None:
            result.voided.update(range(target + 1, s))
        result.seq = s
        if keep_narration:
            result.narrations[s] = lines
            result.state_hashes[s] = game.state_hash(result.state)
    return result


def apply_one(game, state, event, events, by_seq=None):
    """Apply one event, resolving rewinds against the history in `events`."""
    target = rewind_target(event)
    if target is None:
        return game.apply(state, event)
    if target < 1 or target >= event["seq"]:
        raise ValueError(f"seq {event['seq']}: cannot rewind to {target}")
    earlier = fold([e for e in events if e["seq"] <= target]).state
    lines = [f"A judge rewinds the game to seq {target} (J-REPAIR-1)."]
    rng = event["payload"].get("rng")
    if rng:
        earlier, _, more = game.reshuffle_decks(earlier, event["payload"].get("reshuffled_seats", []), Replay(rng))
        lines += more
    if event["type"] in JUDGE_DECISIONS and event["payload"].get("penalty"):
        earlier, more = game.apply(earlier, {**event, "payload": {**event["payload"], "remedy": None}})
        lines += more
    earlier.seq = event["seq"]
    return earlier, lines
