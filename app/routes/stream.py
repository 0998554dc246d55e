"""Live following: Server-Sent Events of a match's new events."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Generator, Iterator, Mapping
from typing import Any

import redis
from flask import Response, current_app, request, stream_with_context
from flask_smorest import Blueprint

from app.auth import liveness, protect, require_match_reader
from app.docs import FOLD_409, READ, problems
from app.errors import TYPE_VALIDATION, problem
from app.extensions import get_context
from app.route_guard import authorised_first, match_readers
from app.schemas import StreamQuerySchema
from app.service import checked_game, get_meta, load_state
from app.stream_slots import acquire_stream_slot
from app.visibility import event_redactor, filter_event, reader_of
from events.config import REDIS_SOCKET_TIMEOUT
from projections.messages import current_language, msg, using_language
from projections.replay import apply_one, reads_history

blp = protect(Blueprint("stream", __name__, url_prefix="/v1/matches",
                        description="Live following (Server-Sent Events)"))

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 300.0
UNAVAILABLE_COMMENT = ": the event store is unavailable; reconnect with Last-Event-ID\n\n"
# An idle stream polls (and keeps alive) this often. 750 streams at 1 s took ~28 % of a core.
# Longer is not better: a gone client is noticed only when a keep-alive write fails, so its
# stream slot stays taken up to two waits (at 8 s, a client reconnecting at once was refused
# 429 for over 10 s); and the wait is a blocking XREAD whose reply the client awaits at most
# REDIS_SOCKET_TIMEOUT (at 15 s every idle stream ended as "unavailable" and reconnected).
# And a revoked token's (or an ended session's) streams must end within 5 s: a stream asks
# whether its caller is still live after each wait (app.liveness), so no wait is longer than
# MAX_BLOCK_MS.
DEFAULT_BLOCK_MS = 4000
REVOKED_STREAM_ENDS_WITHIN_MS = 5000
MAX_BLOCK_MS = min(int(REDIS_SOCKET_TIMEOUT * 1000) - 2000, REVOKED_STREAM_ENDS_WITHIN_MS - 1000)
REVOKED_COMMENT = ": the token was revoked or has expired, or the session ended\n\n"


def block_ms(config: Mapping[str, Any]) -> int:
    """How long one wait of a stream blocks: ``REFEREE_SSE_BLOCK_MS``, kept under the Redis
    client's reply timeout and under the time a revoked token's stream may live on."""
    return max(1, min(int(config.get("REFEREE_SSE_BLOCK_MS", DEFAULT_BLOCK_MS)), MAX_BLOCK_MS))


SSE_DOC = {
    "200": {
        "description": "`text/event-stream`: one message per new event, `id:` its seq, "
                       "`event:` its type, `data:` the event as JSON (filtered for the "
                       "caller, with its `narration`). Comment lines keep the connection "
                       "alive. Reconnect with `Last-Event-ID` to resume.",
        # Before OpenAPI 3.2 (itemSchema) the schema of an event stream describes each
        # event, as a client parses it: `data` is the event as JSON text.
        "content": {"text/event-stream": {"schema": {
            "type": "object",
            "properties": {"id": {"type": "string", "description": "The event's seq"},
                           "event": {"type": "string", "description": "The event's type"},
                           "data": {"type": "string",
                                    "description": "The event (with `narration`) as JSON"},
                           "retry": {"type": "integer"}},
        }}},
    }
}
MAX_LAST_EVENT_ID = 2**53 - 1  # a seq; a bigger one would not fit a Redis stream id


def _resume_from(query: dict[str, Any]) -> int:
    header = request.headers.get("Last-Event-ID")
    if header is None:
        return query.get("last_event_id", 0)
    try:
        value = int(header.strip())
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_LAST_EVENT_ID:
        problem(422, msg("Bad Last-Event-ID"), msg("Last-Event-ID is the seq of the last event seen."),
                type=TYPE_VALIDATION, errors={"headers": {"Last-Event-ID": [msg("Not a seq.")]}})
    return value


def in_language(language: str, steps: Generator[str, None, None]) -> Iterator[str]:
    """``steps``, each written in ``language`` (the request's): set and reset around each
    step, since between steps the generator is suspended in the server's context."""
    try:
        while True:
            with using_language(language):
                chunk = next(steps, None)
            if chunk is None:
                return
            yield chunk
    finally:
        steps.close()


@blp.route("/<match_id>/stream", methods=["GET"])
@authorised_first(match_readers)
@blp.arguments(StreamQuerySchema(), location="query")
@blp.doc(responses=SSE_DOC)
@problems(blp, *READ, query_422="Malformed `max_events`, `timeout` or Last-Event-ID",
          engine_409=FOLD_409,
          streams_429="The token (`REFEREE_STREAMS_PER_TOKEN`, default 8) or the match "
                      "(`REFEREE_STREAMS_PER_MATCH`, default 32) already holds its cap of open "
                      "streams; `scope` says which, `limit` the cap. With Retry-After")
def stream(query: dict[str, Any], match_id: str):
    """Follow a match as Server-Sent Events.

    Every event after `Last-Event-ID` (or `last_event_id`, default 0)
    and then each new one as it is appended, until `max_events` were sent or `timeout`
    seconds passed (default 300). Open streams are capped per token and per match. A
    stream ends within 5 s of its token's revocation (or its console session's sign-out),
    delivering nothing after it."""
    principal = require_match_reader(match_id)
    still_live = liveness(principal).alive
    ctx = get_context()
    store = ctx.store
    get_meta(ctx, match_id)
    game = checked_game(ctx, match_id)  # a match made under other rules: 409
    reader = reader_of(principal)
    after = _resume_from(query)
    max_events = query.get("max_events")
    timeout = query.get("timeout", DEFAULT_TIMEOUT)
    wait_ms = block_ms(current_app.config)
    # The state the stream starts from is loaded the one way (snapshot + the events after
    # it). A Last-Event-ID beyond the head starts at the head: the events up to it are folded
    # as they come, and only those after it are sent. No history is held: an open stream
    # keeps its state and the last event's seq and hash (hundreds of streams per process each
    # holding its match's whole log made every full collection walk them all); a judge's
    # event or a rewind, which reads earlier events, reads them from the store.
    start = min(after, store.last_seq(match_id))
    at_start = store.read(match_id, start, start) if start > 0 else []
    state = load_state(ctx, match_id, upto=start)[0] if at_start else None

    language = current_language()  # the request's: the body is written after the request

    def generate() -> Generator[str, None, None]:
        nonlocal state
        deadline = time.monotonic() + timeout
        sent = 0
        last, last_hash = (at_start[-1]["seq"], at_start[-1]["hash"]) if at_start else (0, None)
        yield f": match {match_id}, events after seq {after}\nretry: 2000\n\n"
        while max_events is None or sent < max_events:
            remaining_ms = int((deadline - time.monotonic()) * 1000)
            if remaining_ms < 1:
                break
            try:
                batch = store.tail(match_id, last, block_ms=min(wait_ms, remaining_ms), prev_hash=last_hash)
                if not still_live():  # checked after each wait, before anything is sent
                    yield REVOKED_COMMENT
                    return
                for event in batch:
                    last, last_hash = event["seq"], event["hash"]
                    history = store.read(match_id, 1, last) if reads_history(event) else (event,)
                    before = state
                    state, lines = apply_one(game, state, event, history)
                    if last <= after:  # the client has it already
                        continue
                    redactor = event_redactor(game, before, state, reader, lines)
                    data = {**filter_event(game, event, reader, redactor),
                            "narration": redactor.lines(lines)}
                    yield (f"id: {event['seq']}\nevent: {event['type']}\n"
                           f"data: {json.dumps(data, ensure_ascii=False)}\n\n")
                    sent += 1
                    if max_events is not None and sent >= max_events:
                        break
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                # The 200 is sent already: end the stream cleanly (not a broken chunked
                # answer and a traceback); the client reconnects with Last-Event-ID.
                log.warning("stream of match %s: Redis unavailable (%s)", match_id,
                            type(exc).__name__)
                yield UNAVAILABLE_COMMENT
                return
            if not batch:
                yield ": keep-alive\n\n"
        yield ": end of stream\n\n"

    slot = acquire_stream_slot(principal, match_id)  # 429 beyond the caps
    response = Response(stream_with_context(slot.hold(in_language(language, generate()))),
                        mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(slot.release)  # also when the body was never iterated
    return response
