"""The service layer between the routes, the event store and the game engines.

Reading: ``load_state`` is THE way a match's state is loaded (the newest snapshot + the
events after it). Writing starts from the head's state; the state a process just wrote is
kept (``HEAD_STATES``) and reused only while the stored head still has its seq and hash, so
gunicorn workers still share nothing but Redis and never act on a stale state.

Writing: ``write`` loads the head, asks a planner for the events to append (each with the
``state_hash`` of the state after it), and appends them with ``expected_seq`` = the seq the
plan was made on. When another writer got in first and the client gave no ``expected_seq``,
it loads again and re-plans (a bounded number of times); with one, the client gets 409.
A retry with an idempotency key gets the first request's answer back, stored atomically with
the events by the append script.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from flask import current_app

from app.errors import TYPE_MATCH_NOT_FOUND, TYPE_VALIDATION, problem
from app.games import game_of_match
from app.integrity import integrity_member, note_meta
from app.randomness import service_randomness
from events.codec import canonical_json, sha256_hex
from events.errors import ConflictError, IdempotencyMismatch, MatchFrozen, MatchNotFound
from events.integrity import BY_READ, verify_match
from events.keys import match_keys
from events.schemas import validate_batch
from events.store import EventStore
from projections.readmodels import update_read_models
from projections.replay import apply_one, fold
from projections.snapshots import LoadedState
from projections.snapshots import load_state as load_snapshot_state
from projections.text import render_all

log = logging.getLogger(__name__)

MAX_WRITE_ATTEMPTS = 5


def _text(value: Any) -> Any:
    return value.decode("utf-8") if isinstance(value, bytes) else value


# ---------------------------------------------------------------------- reading

def get_meta(store: EventStore, match_id: str) -> dict[str, Any]:
    """The match's index record, or a 404 problem."""
    try:
        meta = store.get_match_meta(match_id)
    except ValueError:  # not even a valid match id
        meta = None
    if not meta:
        problem(404, "Match not found", f"There is no match {match_id!r}.",
                type=TYPE_MATCH_NOT_FOUND)
    note_meta(meta)  # a frozen match's answers are flagged (app.integrity)
    return meta


def load_events(store: EventStore, match_id: str, upto: int | None = None) -> list[dict]:
    events = store.read(match_id, 1, upto)
    if not events:
        problem(404, "Match not found", f"Match {match_id!r} has no events.",
                type=TYPE_MATCH_NOT_FOUND)
    return events


def load_state(store: EventStore, match_id: str, upto: int | None = None
               ) -> tuple[Any, int, LoadedState]:
    """The state after seq ``upto`` (default: the last event): ``(state, seq, loaded)``.

    The one place a match's state is loaded for reading and writing: the newest valid
    snapshot at or before ``upto`` plus the events after it (projections.snapshots), so a
    5,000-event match loads about as fast as a 50-event one."""
    try:
        with frozen_if_unreadable(store, match_id):
            loaded = load_snapshot_state(store, None, match_id, upto)
    except MatchNotFound:
        problem(404, "Match not found", f"Match {match_id!r} has no events.",
                type=TYPE_MATCH_NOT_FOUND)
    return loaded.state, loaded.seq, loaded


# What folding a log the engine can't replay raises (a forged action, a gap).
_UNREADABLE = (ValueError, KeyError, TypeError, IndexError, AttributeError)


@contextmanager
def frozen_if_unreadable(store: EventStore, match_id: str) -> Iterator[None]:
    """Around folding a match's log: a log that can't be folded is verified (and the match
    frozen if it fails: ``MatchFrozen``, a 423 that names the first bad seq); a frozen
    match's unreadable log is that same 423. Anything else is raised as it was."""
    try:
        yield
    except _UNREADABLE:
        frozen = store.frozen(match_id)
        if frozen is None:
            from app.extensions import get_anchors

            report = verify_match(store, get_anchors(), match_id, detected_by=BY_READ)
            frozen = None if report["chain_ok"] else report["frozen"]
        if frozen is None:
            raise
        note_meta({"frozen": frozen})
        raise MatchFrozen(match_id, frozen) from None


def check_at(store: EventStore, match_id: str, at: int | None, location: str = "query",
             name: str = "at") -> int:
    """``at`` if it names an existing seq (else 422); the last seq when ``at`` is None."""
    last = store.last_seq(match_id)
    if at is None:
        return last
    if not 1 <= at <= last:
        problem(422, "No such seq", f"The match's events run from seq 1 to {last}.",
                type=TYPE_VALIDATION,
                errors={location: {name: [f"Must be between 1 and {last}."]}})
    return at


# ---------------------------------------------------------------------- writing

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
    narration: list[str] = field(default_factory=list)


@dataclass
class Written:
    head: Head | None
    plan: Plan | None
    events: list[dict[str, Any]]          # as stored (seq, hash...)
    replayed: bool = False
    response: Any = None                   # the answer kept with the idempotency key

    @property
    def last_seq(self) -> int:
        return self.events[-1]["seq"]


class HeadStates:
    """The state after the last event this process wrote, per match (a bounded LRU).

    An entry is used only when the stored head still has the same seq *and* hash, so it can
    never be stale: any other writer (another process, a rewind) moves the head. States are
    never mutated in place (the engine clones), so threads may share them."""

    def __init__(self, size: int = 256):
        self._size = size
        self._entries: OrderedDict[str, tuple[int, str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, match_id: str, seq: int, head_hash: str) -> Any:
        with self._lock:
            entry = self._entries.get(match_id)
            if entry is None or entry[0] != seq or entry[1] != head_hash:
                return None
            self._entries.move_to_end(match_id)
            return entry[2]

    def put(self, match_id: str, seq: int, head_hash: str, state: Any) -> None:
        with self._lock:
            self._entries[match_id] = (seq, head_hash, state)
            self._entries.move_to_end(match_id)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)


HEAD_STATES = HeadStates()


def load_head(store: EventStore, match_id: str) -> Head:
    seq, head_hash, frozen = store.head_and_frozen(match_id)
    if frozen is not None:  # before folding what may be a forged log
        raise MatchFrozen(match_id, frozen)
    if seq == 0:
        problem(404, "Match not found", f"Match {match_id!r} has no events.",
                type=TYPE_MATCH_NOT_FOUND)
    state = HEAD_STATES.get(match_id, seq, head_hash)
    if state is None:
        state, folded_seq, _ = load_state(store, match_id, upto=seq)
        if folded_seq != seq:  # the stream is shorter than its head: tampered with
            raise store.stream_mismatch(match_id, seq, f"{folded_seq}-0")
    return Head(seq=seq, hash=head_hash, state=state)


def fingerprint(kind: str, actor: dict[str, Any], body: dict[str, Any]) -> str:
    """Identifies a request for idempotency: who asked what (the key itself left out)."""
    request = {k: v for k, v in body.items() if k != "idempotency_key"}
    return sha256_hex(canonical_json({"kind": kind, "actor": actor, "body": request}))


def stored_answer(store: EventStore, match_id: str, key: str, print_: str) -> Any:
    """The first answer given for ``key``, or None when the key is new. A key used for a
    different request is refused (IdempotencyMismatch -> 422)."""
    raw = store.redis.hget(match_keys(match_id).idempotency, key)
    if raw is None:
        return None
    record = json.loads(_text(raw))
    if record.get("fingerprint") != print_:
        raise IdempotencyMismatch(key)
    if not record.get("response"):
        problem(409, "Idempotency key already used", f"Key {key!r} was used for a request "
                "whose answer was not kept.")
    return json.loads(record["response"])


def receipt_for(store: EventStore, match_id: str, written: Written) -> dict[str, Any]:
    """The signed receipt of a write's last event (see EventStore.receipt)."""
    last = written.events[-1]
    return store.receipt(match_id, last["seq"], last["hash"])


def write(store: EventStore, match_id: str, make_plan: Callable[[Head], Plan], *,
          actor: dict[str, Any], expected_seq: int | None = None,
          idempotency_key: str | None = None, request_print: str | None = None,
          respond: Callable[[Head, Plan, list[dict]], Any] | None = None) -> Written:
    """Plan on the current head and append; see the module docstring."""
    actual = None
    for _attempt in range(MAX_WRITE_ATTEMPTS):
        head = load_head(store, match_id)
        if expected_seq is not None and expected_seq != head.seq:
            raise ConflictError(expected_seq, head.seq)
        plan = make_plan(head)
        checked = validate_batch(plan.events)
        batch = store.prepare_batch(match_id, checked, head.seq, head.hash, actor=actor,
                                    fingerprint=request_print, expected_seq=head.seq,
                                    idempotency_key=idempotency_key)
        response = None
        if respond is not None:
            response = respond(head, plan, batch.events)
            batch = dataclasses.replace(batch, response=canonical_json(response))
        outcome, *rest = store.submit_batch(batch)
        if outcome == "appended":
            last = batch.events[-1]
            HEAD_STATES.put(match_id, last["seq"], last["hash"], plan.state)
            return Written(head, plan, batch.events, response=response)
        if outcome == "replayed":
            record = json.loads(_text(rest[0]))
            answer = json.loads(record["response"]) if record.get("response") else None
            return Written(None, None, [], replayed=True, response=answer)
        if outcome == "idempotency_mismatch":
            raise IdempotencyMismatch(idempotency_key or "")
        if outcome == "frozen":
            raise store.frozen_error(match_id, rest[0])
        if outcome == "stream_mismatch":  # a detection: the match is frozen
            raise store.stream_mismatch(match_id, int(rest[0]), _text(rest[1]))
        # "conflict" or "head_moved": another writer appended first
        actual = int(rest[0])
        if expected_seq is not None:
            raise ConflictError(expected_seq, actual)
        log.info("match %s: lost a race at seq %s, planning again", match_id, head.seq)
    raise ConflictError(expected_seq, actual if actual is not None else store.last_seq(match_id))


def plan_events(game: Any, head: Head, new_events: list[dict[str, Any]],
                history: list[dict[str, Any]] | None = None) -> Plan:
    """Apply judge-made events one by one (rewinds resolved against ``history``, the match's
    stored events) and give each the hash of the state after it."""
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


def after_write(store: EventStore, match_id: str, meta: dict[str, Any], game: Any,
                state: Any, last_seq: int) -> None:
    """Keep the match index's status in step and ask a worker to re-verify the chain.
    Neither may fail the request: the events are already stored."""
    try:
        status = game.summary(state)["status"]
        if status != meta.get("status"):
            store.set_match_status(match_id, status)
    except Exception:  # noqa: BLE001 - the append has happened; the index catches up later
        log.exception("match %s: could not update the status index", match_id)
    enqueue_after_append(match_id, last_seq, state)


def enqueue_after_append(match_id: str, last_seq: int, state: Any = None) -> None:
    """Bring the read models up to date now (so a judge reads its own writes), then queue
    the job that re-checks the chain, catches up the read models and takes snapshots. Never raises: the events are
    stored whatever happens here, and the jobs or the reconcile job catch up later."""
    from app.extensions import get_queue_redis, get_store
    from workers import queue as jobs

    try:
        update_read_models(get_store(), match_id,
                           known_state=(last_seq, state) if state is not None else None)
    except Exception:  # noqa: BLE001 - the queued job and reconcile will catch up
        log.exception("match %s seq %s: read models not updated inline", match_id, last_seq)
    queue_name = current_app.config.get("REFEREE_QUEUE") or "referee"
    try:
        connection = get_queue_redis()
        jobs.enqueue_after_append(connection, match_id, last_seq, queue_name=queue_name)
    except Exception:  # noqa: BLE001 - by contract: log, don't propagate
        log.exception("match %s seq %s: jobs not enqueued", match_id, last_seq)


# ---------------------------------------------------------------------- the game's helpers

def decide(game: Any, state: Any, seat: int, action: dict[str, Any], randomness: Any) -> Any:
    """``game.decide``, with an engine that chokes on a strange action answered as 422."""
    try:
        return game.decide(state, seat, action, randomness)
    except (TypeError, KeyError, ValueError, AttributeError, IndexError) as exc:
        log.warning("the engine could not read an action: %r (%s)", action, exc)
        problem(422, "Unreadable action", "The action's fields do not fit its type.",
                type=TYPE_VALIDATION,
                errors={"json": {"action": ["The engine could not read this action."]}})


def deck_instances(game: Any, state: Any) -> list[set[str]]:
    """Per seat, the instances in its deck (from the judge's view)."""
    seats = game.view(state, "judge", None)["seats"]
    out = []
    for seat in seats:
        deck = seat.get("deck")
        out.append({c["instance"] for c in deck} if isinstance(deck, list) else set())
    return out


def seats_that_drew(game: Any, earlier: Any, now: Any) -> list[int]:
    """Seats with cards that left the deck between ``earlier`` and ``now``."""
    before, after = deck_instances(game, earlier), deck_instances(game, now)
    return [seat for seat, cards in enumerate(before)
            if seat < len(after) and cards - after[seat]]


def rewind_payload_extras(game: Any, events: list[dict[str, Any]], head: Head, to_seq: int,
                          reshuffle: bool) -> dict[str, Any]:
    """``reshuffled_seats`` and ``rng`` for a rewind that reshuffles (J-REPAIR-1)."""
    if not reshuffle:
        return {}
    earlier = fold([e for e in events if e["seq"] <= to_seq]).state
    seats = seats_that_drew(game, earlier, head.state)
    if not seats:
        return {"reshuffled_seats": []}
    _, rng, _ = game.reshuffle_decks(earlier, seats, service_randomness())
    return {"reshuffled_seats": seats, "rng": rng}


def check_rewind_target(events: list[dict[str, Any]], head: Head, to_seq: int,
                        field_name: str) -> None:
    """A rewind goes back to any seq of the match: one on the current line of play, or one
    an earlier rewind voided (the board as it was then: a rewind can be undone)."""
    if not 1 <= to_seq <= head.seq:
        problem(422, "No such seq", f"Rewind to a seq between 1 and {head.seq}.",
                type=TYPE_VALIDATION, errors={"json": {field_name: [
                    f"Must be between 1 and {head.seq}."]}})


__all__ = ["Head", "Plan", "Written", "after_write", "check_at", "decide", "fingerprint",
           "get_meta", "game_of_match", "load_events", "load_head", "load_state",
           "plan_events", "stored_answer", "write"]


# ---------------------------------------------------------------------- creating a match

TOKEN_SLOTS = ("0", "1", "scorekeeper")


def _json_errors(errors: dict[str, Any]) -> dict[str, Any]:
    return {"json": errors}


def resolve_players(game: Any, game_name: str, ruleset: str, players: list[dict[str, Any]],
                    position: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Players as MatchCreated stores them: names, and without a position, 60-card decks from
    ``deck``, ``decklist`` or ``deck_name``. Every problem is reported at once (422)."""
    from app.games import catalog

    errors: dict[str, Any] = {}
    violations: list[dict[str, Any]] = []
    resolved = []
    for seat, player in enumerate(players):
        entry: dict[str, Any] = {"name": player["name"]}
        given = [k for k in ("deck", "decklist", "deck_name") if k in player]
        if position:
            if given:
                errors[str(seat)] = {given[0]: ["A sandbox position lists every card: players "
                                                "carry only names."]}
            resolved.append(entry)
            continue
        deck = None
        if "deck" in player:
            deck = list(player["deck"])
        elif "decklist" in player:
            try:
                deck = game.parse_decklist(player["decklist"])
            except ValueError as exc:
                errors[str(seat)] = {"decklist": list(getattr(exc, "problems", [str(exc)]))}
        elif "deck_name" in player:
            try:
                deck = catalog(game_name).deck_cards(player["deck_name"])
                entry["deck_name"] = player["deck_name"]
            except (KeyError, TypeError):
                errors[str(seat)] = {"deck_name": [f"No shipped deck {player['deck_name']!r}: "
                                                   "see GET /v1/decks."]}
        else:
            errors[str(seat)] = {"deck": ["Give deck, decklist or deck_name (or a position)."]}
        if deck is not None:
            violations += [{**v, "seat": seat} for v in game.deck_violations(deck, ruleset)]
            entry["deck"] = deck
        resolved.append(entry)
    if errors:
        problem(422, "Invalid players", "A player's deck could not be read.",
                type=TYPE_VALIDATION, errors=_json_errors({"players": errors}))
    if violations:
        problem(422, "Deck rules broken", "; ".join(
            f"seat {v['seat']}: {v['message']}" for v in violations),
            type="urn:referee:problem:deck-violations", violations=violations)
    return resolved


def create_match(store: EventStore, body: dict[str, Any], principal: Any) -> dict[str, Any]:
    """Deal (or set up) a match, append MatchCreated, issue its tokens."""
    import secrets

    from app.auth import token_store
    from app.games import game_or_422

    game_name = body.get("game") or "tcg"
    game = game_or_422(game_name)
    ruleset = body["ruleset"]
    try:
        game.check_ruleset(ruleset)
    except KeyError:
        problem(422, "Unknown ruleset", f"There is no ruleset {ruleset!r}: see "
                "GET /v1/rulesets.", type=TYPE_VALIDATION,
                errors=_json_errors({"ruleset": [f"Unknown ruleset {ruleset!r}."]}))
    position = body.get("position") or None
    players = resolve_players(game, game_name, ruleset, body["players"], position)
    try:
        extras, state, narration = game.create(ruleset, players, service_randomness(), position)
    except Exception as exc:  # noqa: BLE001 - whatever the engine refuses is the client's
        if hasattr(exc, "errors"):
            problem(422, "Impossible position", str(exc), type=TYPE_VALIDATION,
                    errors=_json_errors({"position": exc.errors}))
        if hasattr(exc, "as_dict"):
            problem(422, "The match cannot start", str(exc),
                    violations=[exc.as_dict()])
        log.warning("the engine refused a match: %s", exc)
        where = "position" if position else "players"
        problem(422, "The match cannot start", "The engine could not set up this match.",
                type=TYPE_VALIDATION, errors=_json_errors({where: [str(exc)[:300]]}))
    payload = {"game": game_name, "ruleset": ruleset, "players": players,
               "randomness": body["randomness"], "position": position, **extras}
    event = {"type": "MatchCreated", "payload": payload, "state_hash": game.state_hash(state)}
    validate_batch([event])  # before the match is registered
    match_id = secrets.token_hex(8)
    status = game.summary(state)["status"]
    # The log first: a crash before the index entry leaves a match that reconcile finds by
    # its keys, never an indexed match without events.
    result = store.append(match_id, [event], expected_seq=0, actor=principal.actor)
    meta = store.create_match(match_id, {
        "game": game_name, "ruleset": ruleset, "players": [p["name"] for p in players],
        "randomness": body["randomness"], "status": status,
        "created_by": principal.actor, "sandbox": bool(position)})
    tokens, token_ids = {}, {}
    issuer = token_store()
    for slot in TOKEN_SLOTS:
        if slot == "scorekeeper":
            token, record = issuer.issue("scorekeeper", f"scorekeeper of {match_id}",
                                         match_id=match_id)
        else:
            seat = int(slot)
            token, record = issuer.issue("player", players[seat]["name"], match_id=match_id,
                                         seat=seat)
        tokens[slot], token_ids[slot] = token, record["token_id"]
    after_write(store, match_id, meta, game, state, result.last_seq)
    state.seq = result.last_seq
    return {"match_id": match_id, "seq": result.last_seq, "tokens": tokens,
            "token_ids": token_ids, "state": game.view(state, "judge", None),
            "narration": render_all(narration),
            "receipt": store.receipt(match_id, result.last_seq, result.events[-1]["hash"])}


def match_summary(meta: dict[str, Any], game: Any, state: Any, seq: int) -> dict[str, Any]:
    s = game.summary(state)
    names = list(meta.get("players") or [])
    result = s.get("result")
    finished = s["status"] == "finished"
    seat = None if finished else s.get("seat_to_act")
    return {
        "match_id": meta["match_id"], "game": meta.get("game"), "ruleset": meta.get("ruleset"),
        "randomness": meta.get("randomness"),
        "players": [{"seat": n, "name": name} for n, name in enumerate(names)],
        "status": s["status"], "turn": s.get("turn"), "seat_to_act": seat,
        "whose_turn": names[seat] if seat is not None and seat < len(names) else None,
        "prizes_left": s.get("prizes_left"),
        "winner": result.get("winner") if result else None,
        "how": result.get("reason") if result else None,
        "result": result, "game_number": s.get("game_number", 1), "last_seq": seq,
        "created_at": meta.get("created_at"), "integrity": integrity_member(meta),
    }
