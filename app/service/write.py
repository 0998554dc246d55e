"""The write path: one way every command reaches the log.

``execute(ctx, match_id, command)``:

1. the match's record, its facts from its verified MatchCreated and so its game
   (``MatchNotFound``; a record that contradicts the facts freezes the match: ``reading.
   checked_match``); the command's own checks, before the engine (an action's shape, who
   may force coins);
2. a retry with a known idempotency key gets the first answer back, appending nothing (the
   record names the event it appended; the answer is rebuilt from the log for the caller:
   ``events.idempotency``);
3. load the head: its seq and hash, and the state after it (``HEAD_STATES``, else the
   snapshot + the events after it); a frozen match is refused before anything is folded;
4. the command's planner decides the events to append (``HANDLERS``), each with the
   ``state_hash`` of the state after it, or refuses with a domain error;
5. the store appends them atomically with ``expected_seq`` = the head the plan was made on
   (and the idempotency record naming the last one). When another writer got
   in first, the client's ``expected_seq`` makes it a ``ConflictError``; without one, the
   head is loaded again and the command re-planned (a bounded number of times). A retry
   racing its own first attempt gets the first attempt's answer;
6. after the append: the match index's status, the read models brought up to date (so a
   judge reads its own writes) and the after-append job queued. None of it may fail the
   request: the events are stored, and the job or ``referee reconcile`` catches up.

The state a process just wrote is kept (``HEAD_STATES``) and reused only while the stored
head still has its seq and hash, so gunicorn workers still share nothing but Redis and
never act on a stale state. The service raises domain errors (``projections.errors``,
``events.errors``); ``app/errors.py`` answers them.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.service import actions, judging
from app.service import commands as do
from app.service.commands import Command
from app.service.context import ServiceContext
from app.service.head_states import HEAD_STATES
from app.service.plans import Head, Plan, Planning
from app.service.reading import (
    UNREADABLE,
    Match,
    checked_match,
    get_match,
    load_state,
    no_events,
    read_match,
)
from events import jobqueue
from events.codec import canonical_json, sha256_hex
from events.errors import AnswerNotKept, ConflictError, IdempotencyMismatch, MatchFrozen, MatchNotFound
from events.facts import MatchFacts
from events.idempotency import FINGERPRINT_CHARS, Record
from events.integrity import BY_WRITE, verify_match
from events.keys import match_keys
from events.schemas import validate_batch
from projections.errors import RefereeError
from projections.games import Game
from projections.readmodels import update_read_models
from projections.readmodels.updater import InlineStep, inline_step
from projections.replay import apply_one, rewind_target

log = logging.getLogger(__name__)

MAX_WRITE_ATTEMPTS = 5


# ---------------------------------------------------------------------- commands to planners

@dataclass(frozen=True)
class Handler:
    """How the write path carries out one kind of command: ``plan`` (required), ``check``
    (before anything is loaded, on the match's facts) and ``answer`` (the answer kept with
    the events, for a command that retries by idempotency key)."""

    plan: Callable[[Any, Planning], Plan]
    check: Callable[[Any, Game, MatchFacts], None] | None = None
    answer: Callable[[Any, Planning, Plan, list[dict[str, Any]], dict[str, Any]],
                     dict[str, Any]] | None = None
    # the same answer rebuilt from the log for a retry (its idempotency record names the
    # event); None when the log no longer holds that event
    answer_again: Callable[[Any, ServiceContext, str, Game, Record],
                           dict[str, Any] | None] | None = None


HANDLERS: dict[type, Handler] = {
    do.TakeAction: Handler(actions.plan_take_action, actions.check_take_action,
                           actions.answer_take_action, actions.answer_again),
    do.Rewind: Handler(judging.plan_rewind),
    do.IssuePenalty: Handler(judging.plan_penalty),
    do.CallTime: Handler(judging.plan_time),
    do.ChangeClock: Handler(judging.plan_clock),
    do.CheckDeck: Handler(judging.plan_deck_check),
    do.RevealCards: Handler(judging.plan_reveal),
    do.OpenDispute: Handler(judging.plan_dispute),
    do.FileAppeal: Handler(judging.plan_appeal),
    do.Rule: Handler(judging.plan_decision),
    do.DecideAppeal: Handler(judging.plan_decision),
}


# ---------------------------------------------------------------------- what was written

@dataclass
class Written:
    """What a command appended (``events`` as stored, with seq and hash; ``receipt`` of the
    last one), or, for a retry (``replayed``), the first request's answer."""

    game: Game | None
    head: Head | None
    plan: Plan | None
    events: list[dict[str, Any]]
    receipt: dict[str, Any] | None = None
    replayed: bool = False
    response: Any = None                   # the answer (a retry's: the first one's)
    read_models_done: bool = False         # the read models' step went with the append
    summary: dict[str, Any] | None = None  # the game's summary of the state after it

    @property
    def last_seq(self) -> int:
        return self.events[-1]["seq"]

    @property
    def appended(self) -> Plan:
        """The plan of a write that appended (a retry's replay has none)."""
        assert self.plan is not None, "a retry's replay appended nothing"
        return self.plan

    @classmethod
    def replay(cls, answer: Any) -> Written:
        return cls(None, None, None, [], replayed=True, response=answer)


# ---------------------------------------------------------------------- the head



# How many events another process may have appended since this one last held a match's
# state, for the state to be caught up from it (web workers take a table's actions in turn).
CATCH_UP_MAX = 16


def caught_up(ctx: ServiceContext, match_id: str, game: Game, seq: int, head_hash: str) -> Any:
    """The state at the head from the last state this process held for the match and the few
    events appended since by others, when they link to it by the hash chain, rewind nothing
    and end at the head with the state hash the log records; else None (load it)."""
    latest = HEAD_STATES.latest(match_id)
    if latest is None or not latest[0] < seq <= latest[0] + CATCH_UP_MAX:
        return None
    held_seq, held_hash, state = latest
    events = ctx.store.read(match_id, held_seq + 1, seq)
    if (len(events) != seq - held_seq or events[0].get("prev_hash") != held_hash
            or events[-1]["hash"] != head_hash
            or any(rewind_target(e) is not None for e in events)):
        return None
    try:
        for event in events:
            state, _ = apply_one(game, state, event, events)
    except UNREADABLE:  # a log that can't be folded: load_state verifies it (and freezes)
        return None
    if game.state_hash(state) != events[-1].get("state_hash"):
        return None
    HEAD_STATES.put(match_id, seq, head_hash, state)
    return state


def load_head(ctx: ServiceContext, match_id: str,
              known: tuple[int, str, dict[str, Any] | None] | None = None,
              game: Game | None = None) -> Head:
    """The head (seq, hash, state); ``known``: its seq, hash and freeze record as just read
    (else they are read now); ``game``: the match's, to catch a state up (``caught_up``)."""
    store = ctx.store
    seq, head_hash, frozen = known or store.head_and_frozen(match_id)
    if frozen is not None:  # before folding what may be a forged log
        raise MatchFrozen(match_id, frozen)
    if seq == 0:
        raise no_events(match_id)
    state = HEAD_STATES.get(match_id, seq, head_hash)
    if state is None and game is not None:
        state = caught_up(ctx, match_id, game, seq, head_hash)
    if state is None:
        state, folded_seq, _ = load_state(ctx, match_id, upto=seq)
        if folded_seq != seq:  # the stream is shorter than its head: tampered with
            raise store.stream_mismatch(match_id, seq, f"{folded_seq}-0")
    return Head(seq=seq, hash=head_hash, state=state)


# ---------------------------------------------------------------------- idempotency

@dataclass(frozen=True)
class Idempotency:
    """An idempotency key as the store keeps it: scoped to the caller (``key``), with the
    fingerprint of the request it was first used for; ``client_key`` is the key as the
    client gave it (errors name that one)."""

    key: str
    client_key: str
    fingerprint: str

    @classmethod
    def for_caller(cls, client_key: str | None, who: dict[str, Any], seat: int, kind: str,
                   body: dict[str, Any]) -> Idempotency | None:
        """Keys are the caller's own: the same key from another token holder or for the
        other seat is another request (a player can't block its opponent's retries)."""
        if not client_key:
            return None
        scoped = f"{sha256_hex(canonical_json([who, seat]))[:16]}/{client_key}"
        return cls(scoped, client_key, request_fingerprint(kind, who, body))


def request_fingerprint(kind: str, actor: dict[str, Any], body: dict[str, Any]) -> str:
    """Identifies a request for idempotency: who asked what (the key itself left out)."""
    request = {k: v for k, v in body.items() if k != "idempotency_key"}
    digest = sha256_hex(canonical_json({"kind": kind, "actor": actor, "body": request}))
    return digest[:FINGERPRINT_CHARS]


def stored_record(ctx: ServiceContext, match_id: str, idempotency: Idempotency) -> Record | None:
    """The record kept for the key, or None when the key is new (``kept_record``)."""
    return kept_record(ctx.store.redis.hget(match_keys(match_id).idempotency, idempotency.key),
                       idempotency)


def kept_record(raw: Any, idempotency: Idempotency) -> Record | None:
    """An idempotency record already read, either shape (``events.idempotency``; None: no
    record). A key used for a different request is ``IdempotencyMismatch``."""
    if raw is None:
        return None
    record = Record.parse(raw)
    if not record.made_for(idempotency.fingerprint):
        raise IdempotencyMismatch(idempotency.client_key)
    return record


@dataclass(frozen=True)
class _Retry:
    """What a retry's answer is made from besides its record: the caller's command and the
    match it was written to."""

    ctx: ServiceContext
    match_id: str
    game: Game
    command: Command
    handler: Handler
    client_key: str

    def answer(self, record: Record) -> Any:
        """The first answer: kept whole by an older version, else rebuilt from the log.
        ``AnswerNotKept`` when neither can be had (a key stored without its answer, or a log
        that no longer holds the event: verified, so a tampered one is ``MatchFrozen``)."""
        if record.response is not None:
            return json.loads(record.response)
        if record.lean and self.handler.answer_again is not None:
            answer = self.handler.answer_again(self.command, self.ctx, self.match_id,
                                               self.game, record)
            if answer is not None:
                return answer
            frozen = verify_match(self.ctx.store, self.ctx.anchors, self.match_id,
                                  detected_by=BY_WRITE)["frozen"]
            if frozen is not None:
                raise MatchFrozen(self.match_id, frozen)
        raise AnswerNotKept(self.client_key)


# ---------------------------------------------------------------------- the path

def execute(ctx: ServiceContext, match_id: str, command: Command, *, actor: dict[str, Any],
            expected_seq: int | None = None, idempotency: Idempotency | None = None) -> Written:
    """Carry out ``command`` on the match; see the module docstring."""
    opening = _open(ctx, match_id, idempotency)
    match = opening.match
    game = match.game
    handler = HANDLERS[type(command)]
    if handler.check is not None:
        handler.check(command, game, match.facts)
    retry = _Retry(ctx, match_id, game, command, handler,
                   idempotency.client_key if idempotency else "")
    try:
        written = _write_once(ctx, match_id, opening, game, command, handler, actor,
                              expected_seq, idempotency, retry)
    except IdempotencyMismatch as exc:  # name the client's key, not the scoped one
        raise IdempotencyMismatch(idempotency.client_key if idempotency else "") from exc
    if not written.replayed:
        written.appended.state.seq = written.last_seq
        after_append(ctx, match_id, match.meta, game, written.appended.state, written.last_seq,
                     read_models_done=written.read_models_done, summary=written.summary)
    return written


@dataclass(frozen=True)
class _Opening:
    """What a write reads before planning, in one round trip: the match (its record and its
    facts, checked), its head (seq, hash, freeze record) and the idempotency record of the
    request's key."""

    match: Match
    head: tuple[int, str, dict[str, Any] | None]
    idempotency_record: Any


def _open(ctx: ServiceContext, match_id: str, idempotency: Idempotency | None) -> _Opening:
    read = read_match(ctx, match_id, idempotency.key if idempotency else None)
    match = checked_match(ctx, match_id, read, detected_by=BY_WRITE)
    return _Opening(match, (read.head_seq, read.head_hash, match.frozen),
                    read.idempotency_record)


def _write_once(ctx: ServiceContext, match_id: str, opening: _Opening, game: Game,
                command: Command, handler: Handler, actor: dict[str, Any],
                expected_seq: int | None, idempotency: Idempotency | None,
                retry: _Retry) -> Written:
    """The command appended exactly once, or the answer of the attempt that did."""
    if idempotency is not None:
        record = kept_record(opening.idempotency_record, idempotency)
        if record is not None:
            return Written.replay(retry.answer(record))
    try:
        return _append(ctx, match_id, opening, game, command, handler, actor, expected_seq,
                       idempotency, retry)
    except IdempotencyMismatch:
        # the append script compares fingerprints whole: a record of before (the whole
        # digest) written since we looked is told apart here
        record = stored_record(ctx, match_id, idempotency) if idempotency else None
        if record is None:
            raise
        return Written.replay(retry.answer(record))
    except (RefereeError, ConflictError, MatchNotFound):
        # A retry racing its own first attempt: the first one may have been stored since
        # we looked, and this one then planned on the state after it.
        record = stored_record(ctx, match_id, idempotency) if idempotency else None
        if record is None:
            raise
        return Written.replay(retry.answer(record))


def _append(ctx: ServiceContext, match_id: str, opening: _Opening, game: Game,
            command: Command, handler: Handler, actor: dict[str, Any],
            expected_seq: int | None, idempotency: Idempotency | None,
            retry: _Retry) -> Written:
    """Plan on the current head and append, with the read models' step in the same
    transaction where the store allows; re-plan on a lost race (without ``expected_seq``)
    a bounded number of times."""
    store = ctx.store
    actual = None
    for attempt in range(MAX_WRITE_ATTEMPTS):
        head = load_head(ctx, match_id, opening.head if attempt == 0 else None, game)
        if expected_seq is not None and expected_seq != head.seq:
            raise ConflictError(expected_seq, head.seq)
        planning = Planning(ctx, match_id, opening.match, game, head)
        plan = handler.plan(command, planning)
        batch = store.prepare_batch(
            match_id, validate_batch(plan.events), head.seq, head.hash, actor=actor,
            fingerprint=idempotency.fingerprint if idempotency else None,
            expected_seq=head.seq, idempotency_key=idempotency.key if idempotency else None)
        last = batch.events[-1]
        receipt = store.receipt(match_id, last["seq"], last["hash"])
        # The idempotency record keeps no answer (``events.idempotency``): a retry's is
        # rebuilt from the log, in the retry's language.
        response = (handler.answer(command, planning, plan, batch.events, receipt)
                    if handler.answer is not None else None)
        summary = _summary(match_id, game, plan)  # for the read models' step and the index
        step = _read_models_step(ctx, match_id, summary, batch.events) if summary else None
        submitted = store.submit(batch, then=[step.call] if step else [])
        if submitted.outcome == "appended":
            HEAD_STATES.put(match_id, last["seq"], last["hash"], plan.state)
            done = step is not None and step.settle(submitted.then[0] if submitted.then
                                                    else None)
            return Written(game, head, plan, batch.events, receipt=receipt, response=response,
                           read_models_done=done, summary=summary)
        if step is not None:
            step.settle(None)
        if submitted.outcome == "replayed":
            return Written.replay(retry.answer(Record.parse(canonical_json(submitted.record))))
        actual = submitted.head_seq  # another writer appended first
        if expected_seq is not None:
            raise ConflictError(expected_seq, actual or 0)
        log.info("match %s: lost a race at seq %s, planning again", match_id, head.seq)
    raise ConflictError(expected_seq, actual if actual is not None else store.last_seq(match_id))


def _summary(match_id: str, game: Game, plan: Plan) -> dict[str, Any] | None:
    """The game's summary of the state after the plan, made once per append; None when it
    fails (the read models and the match index catch up after the append)."""
    try:
        return game.summary(plan.state)
    except Exception:  # noqa: BLE001 - never fails the append
        log.exception("match %s: no summary of the planned state", match_id)
        return None


def _read_models_step(ctx: ServiceContext, match_id: str, summary: dict[str, Any],
                      events: list[dict[str, Any]]) -> InlineStep | None:
    """The read models' step for the batch, to go with the append (so a judge reads its own
    writes without another durable write); None when this process can't make it (the
    ordinary update runs after the append)."""
    try:
        return inline_step(ctx.store, match_id, events, summary,
                           guarded=ctx.store.combines_writes)
    except Exception:  # noqa: BLE001 - the read models catch up after the append
        log.exception("match %s: no read-model step with the append", match_id)
        return None


# ---------------------------------------------------------------------- a dry run

@dataclass
class DryRun:
    """What a command would append on the current head, and the state after it."""

    game: Game
    head: Head
    plan: Plan

    def numbered_events(self) -> list[dict[str, Any]]:
        return [{**event, "seq": self.head.seq + offset}
                for offset, event in enumerate(self.plan.events, start=1)]


def dry_run(ctx: ServiceContext, match_id: str, command: Command,
            expected_seq: int | None = None) -> DryRun:
    """Plan ``command`` exactly as ``execute`` would, refusing the same way, and append
    nothing (a judge's form shows this before it is sent)."""
    match = get_match(ctx, match_id)
    game = match.game
    handler = HANDLERS[type(command)]
    if handler.check is not None:
        handler.check(command, game, match.facts)
    head = load_head(ctx, match_id, game=game)
    if expected_seq is not None and expected_seq != head.seq:
        raise ConflictError(expected_seq, head.seq)
    plan = handler.plan(command, Planning(ctx, match_id, match, game, head))
    validate_batch(plan.events)
    return DryRun(game, head, plan)


# ---------------------------------------------------------------------- after the append

def after_append(ctx: ServiceContext, match_id: str, meta: dict[str, Any], game: Game,
                 state: Any, last_seq: int, *, read_models_done: bool = False,
                 summary: dict[str, Any] | None = None) -> None:
    """Keep the match index's status in step, bring the read models up to date now (so a
    judge reads its own writes) unless their step went with the append, and queue the job
    that re-checks the chain, catches up the read models and takes snapshots. Never raises:
    the events are stored whatever happens here, and the jobs or ``referee reconcile`` catch
    up later."""
    try:
        status = (summary if summary is not None else game.summary(state))["status"]
        if status != meta.get("status"):
            ctx.store.set_match_status(match_id, status)
    except Exception:  # noqa: BLE001 - the append has happened; the index catches up later
        log.exception("match %s: could not update the status index", match_id)
    try:
        if not read_models_done:
            update_read_models(ctx.store, match_id, known_state=(last_seq, state))
    except Exception:  # noqa: BLE001 - the queued job and reconcile will catch up
        log.exception("match %s seq %s: read models not updated inline", match_id, last_seq)
    if ctx.queue_redis is None:
        return
    try:
        if ctx.job_linger > 0:
            jobqueue.relay_for(ctx.queue_redis(), ctx.queue_name,
                               ctx.job_linger).submit(match_id, last_seq)
        else:
            jobqueue.enqueue_after_append(ctx.queue_redis(), match_id, last_seq,
                                          queue_name=ctx.queue_name)
    except Exception:  # noqa: BLE001 - by contract: log, don't propagate
        log.exception("match %s seq %s: jobs not enqueued", match_id, last_seq)
