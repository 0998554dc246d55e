"""Reading a match: its facts and record, its events, its state at any seq, its summary.

``get_match`` is how every request meets a match (the write path's ``checked_match`` too):
its meta hash, read with the stream's length and - once per process - its first entry, in
one round trip. What the match *is* (game, ruleset, randomness, players, sandbox: ``Match.
facts``) comes from its verified ``MatchCreated`` (``events.facts``), never from the meta
hash, which is an unsigned index anyone with the app's Redis password can edit. A meta hash
that contradicts those facts, a stream that does not hold every seq up to the head, or a
first entry that is not this match's ``MatchCreated`` is tampering: the match is verified
and frozen, like any other (``events.integrity``).

``load_state`` is THE way a match's state is loaded, for reading and for writing: the
newest valid snapshot at or before the seq plus the events after it
(``projections.snapshots``), so a 5,000-event match loads about as fast as a 50-event one.
A log that can't be folded is verified, and its match frozen if it fails
(``frozen_if_unreadable``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from app.service.context import ServiceContext
from app.service.head_states import HEAD_STATES
from events.codec import GENESIS_HASH
from events.errors import MatchFrozen, MatchNotFound
from events.facts import MatchFacts
from events.integrity import BY_READ, freeze_contradicting_meta, verify_match
from events.store import FROZEN_FIELD, MatchRead
from projections.clock import fold_clock
from projections.disputes import player_at
from projections.errors import NoSuchSeq
from projections.games import Game, get_game
from projections.messages import msg
from projections.outcome import how_text
from projections.replay import game_of
from projections.snapshots import LoadedState
from projections.snapshots import load_state as load_snapshot_state


@dataclass(frozen=True)
class Match:
    """A match as a request meets it: ``facts``, from its verified ``MatchCreated``, decide
    everything; ``meta``, its index record (status, head, the freeze record), is for
    listings and the integrity flag only."""

    meta: dict[str, Any]
    facts: MatchFacts

    @property
    def game(self) -> Game:
        return get_game(self.facts.game)

    @property
    def frozen(self) -> dict[str, Any] | None:
        return self.meta.get(FROZEN_FIELD)


def game_of_match(match: Match) -> Game:
    """The game a match is played in (its MatchCreated says which)."""
    return match.game


def checked_game(ctx: ServiceContext, match_id: str) -> Game:
    """The match's game, checked against the engine its MatchCreated recorded
    (``EngineMismatch``): for a reader that folds the log itself from the start."""
    first = ctx.store.read(match_id, 1, 1)
    if not first or first[0]["seq"] != 1:
        raise missing_events(ctx, match_id)
    with frozen_if_unreadable(ctx, match_id):
        return game_of(first)


def not_found(match_id: str) -> MatchNotFound:
    return MatchNotFound(match_id, msg("There is no match %(match)s.", match=repr(match_id)))


def read_match(ctx: ServiceContext, match_id: str, idempotency_key: str | None = None
               ) -> MatchRead:
    """``EventStore.read_match``; an id that can't be a match's reads as no match."""
    try:
        return ctx.store.read_match(match_id, idempotency_key)
    except ValueError:  # not even a valid match id
        return MatchRead(None, GENESIS_HASH, 0, None, None)


def get_match(ctx: ServiceContext, match_id: str) -> Match:
    """The match, checked (``checked_match``); ``MatchNotFound`` when there is none."""
    return checked_match(ctx, match_id, read_match(ctx, match_id), detected_by=BY_READ)


def get_meta(ctx: ServiceContext, match_id: str) -> dict[str, Any]:
    """The match's index record, once the match is checked (``get_match``): for a caller
    that needs only to know the match is there and readable."""
    return get_match(ctx, match_id).meta


def checked_match(ctx: ServiceContext, match_id: str, read: MatchRead, detected_by: str
                  ) -> Match:
    """The match as ``read``, its record shown to ``ctx.note_meta`` (a frozen match's
    answers are flagged). A stream that does not hold exactly the seqs up to the head, or a
    first entry that is not this match's ``MatchCreated``, has the match verified (frozen if
    it fails); a meta hash that contradicts the facts freezes it (``meta_mismatch``). A match
    whose facts can't be read at all - its log lost its first entries - is ``MatchFrozen``
    (423), for reads too: nothing about it can be decided."""
    meta = read.meta
    if not meta:
        raise not_found(match_id)
    ctx.note_meta(meta)
    frozen = meta.get(FROZEN_FIELD)
    if read.head_seq == 0 and read.length == 0 and frozen is None:
        raise no_events(match_id)   # registered, its MatchCreated not appended yet
    facts = read.facts
    if frozen is None and (facts is None or not read.stream_matches_head):
        frozen = verify_match(ctx.store, ctx.anchors, match_id, detected_by=detected_by)["frozen"]
        if frozen is None and facts is None:   # a verified log, but another match's
            frozen = ctx.store.freeze(match_id, 1, "altered", detected_by, read.head_seq)
    if frozen is not None and facts is not None and ctx.store.match_facts(match_id) is None:
        facts = None   # a frozen match whose log lost its start, whatever this process kept
    if frozen is None and facts is not None:
        contradicted = facts.contradicted_by(meta)
        if contradicted:
            frozen = freeze_contradicting_meta(ctx.store, match_id, contradicted, detected_by,
                                               read.head_seq)
    if frozen is not meta.get(FROZEN_FIELD):
        meta = {**meta, FROZEN_FIELD: frozen}
        ctx.note_meta(meta)
    if facts is None:
        raise MatchFrozen(match_id, frozen or {})
    return Match(meta, facts)


def no_events(match_id: str) -> MatchNotFound:
    return MatchNotFound(match_id, msg("Match %(match)s has no events.", match=repr(match_id)))


def load_events(ctx: ServiceContext, match_id: str, upto: int | None = None) -> list[dict]:
    """The stored events 1..``upto`` (default: all)."""
    events = ctx.store.read(match_id, 1, upto)
    if not events or events[0]["seq"] != 1:
        raise missing_events(ctx, match_id)
    return events


def missing_events(ctx: ServiceContext, match_id: str) -> MatchNotFound | MatchFrozen:
    """What to raise when a match's log can't be read from seq 1: a match with no events
    (404), or a log that lost its first entries - verified, so frozen (423)."""
    frozen = ctx.store.frozen(match_id)
    if frozen is None and ctx.store.last_seq(match_id) > 0:
        frozen = verify_match(ctx.store, ctx.anchors, match_id, detected_by=BY_READ)["frozen"]
    if frozen is None:
        return no_events(match_id)
    ctx.note_meta({FROZEN_FIELD: frozen})
    return MatchFrozen(match_id, frozen)


def load_state(ctx: ServiceContext, match_id: str, upto: int | None = None
               ) -> tuple[Any, int, LoadedState | None]:
    """The state after seq ``upto`` (default: the last event): ``(state, seq, loaded)``;
    ``loaded`` is None when the state at the head came from ``HEAD_STATES`` (nothing folded)."""
    at_head = _state_at_head(ctx, match_id, upto)
    if at_head is not None:
        return at_head
    try:
        with frozen_if_unreadable(ctx, match_id):
            loaded = load_snapshot_state(ctx.store, None, match_id, upto)
    except MatchNotFound:
        raise missing_events(ctx, match_id) from None
    return loaded.state, loaded.seq, loaded


def _state_at_head(ctx: ServiceContext, match_id: str, upto: int | None
                   ) -> tuple[Any, int, None] | None:
    """The head's state as this process holds it, when ``upto`` asks for the head and the
    stored head still has the held seq and hash (a frozen match is left to the fold)."""
    if HEAD_STATES.latest(match_id) is None:    # nothing held: no round trip for the head
        return None
    seq, head_hash, frozen = ctx.store.head_and_frozen(match_id)
    if frozen is not None or seq == 0 or (upto is not None and upto != seq):
        return None
    state = HEAD_STATES.get(match_id, seq, head_hash)
    return (state, seq, None) if state is not None else None


# What folding a log the engine can't replay raises (a forged action, a gap).
UNREADABLE = (ValueError, KeyError, TypeError, IndexError, AttributeError)


@contextmanager
def frozen_if_unreadable(ctx: ServiceContext, match_id: str) -> Iterator[None]:
    """Around folding a match's log: a log that can't be folded is verified (and the match
    frozen if it fails: ``MatchFrozen``, which names the first bad seq); a frozen match's
    unreadable log is that same error. Anything else (a match made under other rules:
    ``EngineMismatch``) is raised as it was."""
    try:
        yield
    except UNREADABLE:
        frozen = ctx.store.frozen(match_id)
        if frozen is None:
            report = verify_match(ctx.store, ctx.anchors, match_id, detected_by=BY_READ)
            frozen = None if report["chain_ok"] else report["frozen"]
        if frozen is None:
            raise
        ctx.note_meta({"frozen": frozen})
        raise MatchFrozen(match_id, frozen) from None


def check_at(ctx: ServiceContext, match_id: str, at: int | None, location: str = "query",
             name: str = "at") -> int:
    """``at`` if it names an existing seq (else ``NoSuchSeq``); the last seq when None."""
    last = ctx.store.last_seq(match_id)
    if at is None:
        return last
    if not 1 <= at <= last:
        raise NoSuchSeq(msg("The match's events run from seq 1 to %(last)s.", last=last), name, last, location)
    return at


def seq_and_hash(ctx: ServiceContext, match_id: str, at: int | None) -> tuple[int, str]:
    """``check_at``'s seq with the chain hash of the event there. The two name one state
    of the match for good: a log that put another event at that seq would hash otherwise."""
    if at is None:
        return ctx.store.head(match_id)
    seq = check_at(ctx, match_id, at)
    stored = ctx.store.read(match_id, seq, seq)
    return seq, stored[0]["hash"] if stored else ""


def integrity_member(meta: dict[str, Any] | None) -> dict[str, Any]:
    """A match's freeze as its summary tells it (no hidden information: a seq, a finding,
    who detected it when)."""
    frozen = (meta or {}).get("frozen")
    if frozen is None:
        return {"frozen": False, "first_bad_seq": None, "finding": None,
                "detected_by": None, "detected_at": None}
    return {"frozen": True, "first_bad_seq": frozen.get("first_bad_seq"),
            "finding": frozen.get("finding"), "detected_by": frozen.get("detected_by"),
            "detected_at": frozen.get("detected_at")}


def match_summary(match: Match, game: Game, state: Any, seq: int) -> dict[str, Any]:
    """The match at a glance, from its facts and the game's summary of its state (the record
    gives only its id, creation time and freeze): ``how`` is the rule id the game was won by
    (for machines), ``how_text`` the same in words with the id beside ("Ana took the last
    Prize card [R-WIN-1]", ``projections.outcome``)."""
    facts, meta = match.facts, match.meta
    s = game.summary(state)
    names = list(facts.players)
    result = s.get("result")
    finished = s["status"] == "finished"
    seat = None if finished else s.get("seat_to_act")
    summary = {
        "match_id": facts.match_id, "table": facts.table, "game": facts.game,
        "ruleset": facts.ruleset, "randomness": facts.randomness,
        "players": [{"seat": n, "name": name, "player_id": player_at(facts.player_ids, n),
                     "division": player_at(facts.divisions, n)}
                    for n, name in enumerate(names)],
        "status": s["status"], "turn": s.get("turn"), "seat_to_act": seat,
        "whose_turn": names[seat] if seat is not None and seat < len(names) else None,
        "prizes_left": s.get("prizes_left"),
        "winner": result.get("winner") if result else None,
        "how": result.get("reason") if result else None,
        "how_text": how_text(result, names),
        "result": result, "game_number": s.get("game_number", 1), "last_seq": seq,
        "created_at": meta.get("created_at"), "integrity": integrity_member(meta),
    }
    for key in ("best_of", "games", "score", "chooser"):   # a best-of-three match
        if key in s:
            summary[key] = s[key]
    if "unknown_cards" in s:   # a table-mode match
        summary["unknown_cards"] = s["unknown_cards"]
    return summary


def match_clock(ctx: ServiceContext, match_id: str, now: float) -> dict[str, Any]:
    """The round clock of a match (J-TIME-2) as the API shows it, at ``now``."""
    return fold_clock(load_events(ctx, match_id)).describe(now)
