"""The service: between the routes and the event store and games. No web framework, no HTTP.

* ``write`` — the write path: ``execute(ctx, match_id, command)`` (load head -> plan ->
  append -> after-append), idempotency, ``HEAD_STATES``;
* ``commands`` — what can be asked (``TakeAction``, ``Rewind``, ``IssuePenalty``,
  ``CallTime``, ``OpenDispute``, ``FileAppeal``, ``Rule``, ``DecideAppeal``,
  ``RevealCards``), and
  ``actions``/``judging`` their planners;
* ``creation`` — setting up a match (``create_match``);
* ``reading`` — a match's facts (from its verified MatchCreated) and record, events, state
  at any seq and summary;
* ``context`` — what the service is handed (store, anchors, queue, randomness).

It refuses with domain errors (``projections.errors``, ``events.errors``); ``app/errors.py``
alone turns them into HTTP answers, and the routes filter what it returns for the caller
(``app/visibility.py``).
"""

from app.service.commands import (
    CallTime,
    ChangeClock,
    CheckDeck,
    Command,
    DecideAppeal,
    FileAppeal,
    IssuePenalty,
    OpenDispute,
    RevealCards,
    Rewind,
    Rule,
    TakeAction,
)
from app.service.context import ServiceContext
from app.service.creation import Created, NewMatch, create_match
from app.service.head_states import HEAD_STATES
from app.service.reading import (
    Match,
    check_at,
    checked_game,
    frozen_if_unreadable,
    game_of_match,
    get_match,
    get_meta,
    load_events,
    load_state,
    match_clock,
    match_summary,
    seq_and_hash,
)
from app.service.write import DryRun, Idempotency, Written, dry_run, execute

__all__ = ["HEAD_STATES", "CallTime", "ChangeClock", "CheckDeck", "Command", "Created", "DecideAppeal", "DryRun",
           "dry_run", "FileAppeal", "match_clock", "Match", "get_match",
           "Idempotency", "IssuePenalty", "NewMatch", "OpenDispute", "RevealCards", "Rewind", "Rule",
           "ServiceContext", "TakeAction", "Written", "check_at", "checked_game", "create_match", "execute",
           "frozen_if_unreadable", "game_of_match", "get_meta", "load_events", "load_state",
           "match_summary", "seq_and_hash"]
