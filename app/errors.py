"""problem+json (RFC 9457) for every error the service answers: the one place errors become
HTTP.

The service and the games raise domain errors (``projections.errors``: an illegal action, a
dispute in the wrong state, a match made under other rules...) and the store its own
(``events.errors``: a stale ``expected_seq``, a frozen match...); each is answered here with
its status, problem type, title and members (``DOMAIN_PROBLEMS`` and the handlers below).
Routes raise the few errors that are the request's own (a missing token's 401, a role's
403) with::

    from app.errors import problem
    problem(403, "Forbidden", detail="...")  # raises ProblemError

Extra keyword arguments become extension members of the problem object. Redis outages are
answered here too (503), so routes let every error propagate.
"""

from __future__ import annotations

import json
import logging
from typing import Any, NoReturn

import redis
from flask import Flask, Response
from marshmallow import INCLUDE, Schema, fields
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from app.problem_types import problem_uri
from events.errors import (
    AnswerNotKept,
    ConflictError,
    IdempotencyMismatch,
    InvalidEvent,
    MatchExists,
    MatchFrozen,
    MatchNotFound,
    NotReplicated,
    StreamIntegrityError,
)
from projections.errors import (
    ClockRefused,
    CoinsDoNotFit,
    DeckCannotBeChecked,
    DeckRulesBroken,
    DisputeNotFound,
    DisputeStateError,
    EngineMismatch,
    FieldProblem,
    IllegalAction,
    ImpossiblePosition,
    InvalidPlayers,
    MalformedAction,
    MatchCannotStart,
    MatchSetupRefused,
    NoSuchSeq,
    NotAllowed,
    NothingToCarryOut,
    RefereeError,
    TimeCannotBeCalled,
    UnknownGame,
    UnknownRuleset,
    UnreadableAction,
)

try:
    from gunicorn.http.errors import ParseException
    _SERVER_PARSE_ERRORS: tuple[type[Exception], ...] = (ParseException,)
except ImportError:  # served by something else than gunicorn
    _SERVER_PARSE_ERRORS = ()

PROBLEM_MIME = "application/problem+json"
RETRY_AFTER_SECONDS = 5

# Problem types beyond the plain HTTP status ("about:blank"): pages of this service (app/problem_types.py).
TYPE_STALE_SEQ = problem_uri("stale-seq")
TYPE_INVALID_EVENT = problem_uri("invalid-event")
TYPE_IDEMPOTENCY_REUSED = problem_uri("idempotency-key-reused")
TYPE_MATCH_EXISTS = problem_uri("match-exists")
TYPE_MATCH_NOT_FOUND = problem_uri("match-not-found")
TYPE_INTEGRITY = problem_uri("stream-integrity")
TYPE_MATCH_FROZEN = problem_uri("match-frozen")
TYPE_UNAVAILABLE = problem_uri("store-unavailable")
TYPE_NOT_REPLICATED = problem_uri("write-not-replicated")
TYPE_VALIDATION = problem_uri("validation")
TYPE_FORBIDDEN = problem_uri("forbidden")
TYPE_ILLEGAL = problem_uri("illegal-action")
TYPE_DISPUTE_STATE = problem_uri("dispute-state")
TYPE_DECK_VIOLATIONS = problem_uri("deck-violations")
TYPE_TIME = problem_uri("time")
TYPE_CLOCK = problem_uri("clock")
TYPE_NO_DECK_LIST = problem_uri("no-deck-list")
TYPE_ENGINE_MISMATCH = problem_uri("engine-mismatch")

log = logging.getLogger(__name__)


class ProblemSchema(Schema):
    """The error body, for the OpenAPI document. Extension members may follow (RFC 9457
    section 3.2), so the document says ``additionalProperties: true``."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(metadata={"description": "URI naming the kind of problem"})
    title = fields.String(metadata={"description": "Short summary of the kind of problem"})
    status = fields.Integer(metadata={"description": "The HTTP status code"})
    detail = fields.String(metadata={"description": "What went wrong this time"})
    errors = fields.Dict(metadata={"description": "Field errors of a malformed request, "
                                                  "keyed by location (json, query)"})
    violations = fields.List(fields.Dict(), metadata={
        "description": "An illegal action or deck: [{rule, message}], rule ids from RULES.md"})
    conflict = fields.Dict(metadata={"description": "A stale expected_seq: "
                                                    "{expected_seq, actual_seq}"})
    first_bad_seq = fields.Integer(allow_none=True, metadata={
        "description": "A frozen match (423): the first seq its integrity check found bad"})
    finding = fields.String(allow_none=True, metadata={
        "description": "A frozen match (423): altered, missing, extra, truncated, erased or "
                       "stream_mismatch"})
    dispute_status = fields.String(metadata={
        "description": "A dispute not in the state the step needs (409): its status"})
    recorded_engine = fields.Dict(metadata={
        "description": "A match made under other rules (409, engine-mismatch): the engine "
                       "its MatchCreated recorded, {version, fingerprint}"})
    running_engine = fields.Dict(metadata={
        "description": "A match made under other rules (409, engine-mismatch): the engine "
                       "this referee runs, {version, fingerprint}"})


class ProblemError(Exception):
    """An HTTP error answered as problem+json. Prefer raising it through ``problem()``."""

    def __init__(self, status: int, title: str | None = None, detail: str | None = None, *,
                 type: str = "about:blank", headers: dict[str, str] | None = None,
                 **extra: Any):
        self.status = status
        self.title = title or HTTP_STATUS_CODES.get(status, "Error")
        self.detail = detail
        self.type = type
        self.headers = dict(headers or {})
        self.extra = extra
        super().__init__(f"{status} {self.title}" + (f": {detail}" if detail else ""))

    def to_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"type": self.type, "title": self.title, "status": self.status}
        if self.detail is not None:
            body["detail"] = self.detail
        body.update(self.extra)
        return body

    def to_response(self) -> Response:
        return problem_response(self.status, self.title, self.detail, type=self.type,
                                headers=self.headers, **self.extra)


def problem(status: int, title: str | None = None, detail: str | None = None, *,
            type: str = "about:blank", headers: dict[str, str] | None = None,
            **extra: Any) -> NoReturn:
    """Raise a ``ProblemError``; the app answers it as problem+json."""
    raise ProblemError(status, title, detail, type=type, headers=headers, **extra)


def problem_response(status: int, title: str | None = None, detail: str | None = None, *,
                     type: str = "about:blank", headers: dict[str, str] | None = None,
                     **extra: Any) -> Response:
    body = ProblemError(status, title, detail, type=type, **extra).to_dict()
    response = Response(json.dumps(body, ensure_ascii=False, default=str), status=status,
                        mimetype=PROBLEM_MIME)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


# ---------------------------------------------------------------------- handlers

def handle_http_exception(error: HTTPException) -> Response:
    """Flask's own errors (404, 405...) and flask-smorest/webargs aborts (422)."""
    status = error.code or 500
    headers = {name: value for name, value in error.get_headers()
               if name.lower() in ("allow", "retry-after", "www-authenticate")}
    extra: dict[str, Any] = {}
    detail = error.description
    data = getattr(error, "data", None) or {}
    if "message" in data:
        detail = data["message"]
    if "errors" in data:
        extra["errors"] = data["errors"]
    elif "messages" in data:  # webargs puts field errors here, keyed by location
        extra["errors"] = data["messages"]
    headers.update(data.get("headers") or {})
    problem_type = TYPE_VALIDATION if status == 422 and "errors" in extra else "about:blank"
    if status >= 500:
        log.error("HTTP %s: %s", status, error.description)
    return problem_response(status, HTTP_STATUS_CODES.get(status, error.name), detail,
                            type=problem_type, headers=headers, **extra)


def handle_problem(error: ProblemError) -> Response:
    return error.to_response()


def handle_redis_unavailable(error: redis.RedisError) -> Response:
    log.warning("Redis unavailable: %s", type(error).__name__)
    return problem_response(503, "Event store unavailable",
                            "The event store cannot be reached; try again shortly.",
                            type=TYPE_UNAVAILABLE,
                            headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


def handle_not_replicated(error: NotReplicated) -> Response:
    log.warning("match %s seq %s: %d of %d replica(s) after %d ms", error.match_id, error.seq,
                error.acknowledged, error.wanted, error.timeout_ms)
    return problem_response(503, "Write not replicated",
                            "The write is stored on the primary, but not yet on enough replicas "
                            "to survive its failure. Retry with the same idempotency key to get "
                            "its answer, or re-read the match before sending it again.",
                            type=TYPE_NOT_REPLICATED, match_id=error.match_id, seq=error.seq,
                            headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


def handle_conflict(error: ConflictError) -> Response:
    return problem_response(409, "Stale sequence number", str(error), type=TYPE_STALE_SEQ,
                            conflict={"expected_seq": error.expected_seq,
                                      "actual_seq": error.actual_seq})


def handle_invalid_event(error: InvalidEvent) -> Response:
    extra: dict[str, Any] = {"errors": error.errors}
    if error.index is not None:
        extra["event_index"] = error.index
    return problem_response(422, "Invalid event", str(error), type=TYPE_INVALID_EVENT, **extra)


def handle_idempotency_mismatch(error: IdempotencyMismatch) -> Response:
    return problem_response(422, "Idempotency key reused", str(error),
                            type=TYPE_IDEMPOTENCY_REUSED)


def handle_match_exists(error: MatchExists) -> Response:
    return problem_response(409, "Match exists", str(error), type=TYPE_MATCH_EXISTS)


def handle_match_not_found(error: MatchNotFound) -> Response:
    return problem_response(404, "Match not found", str(error), type=TYPE_MATCH_NOT_FOUND)


def handle_integrity(error: StreamIntegrityError) -> Response:
    log.error("stream integrity: %s", error)
    return problem_response(500, "Event stream integrity failure",
                            "The match's event stream was changed outside the referee; "
                            "a judge must audit it.", type=TYPE_INTEGRITY)


def handle_match_frozen(error: MatchFrozen) -> Response:
    """423 Locked: nothing more is appended to a match whose log failed an integrity check.
    Only the seq and the kind of finding are told (no hidden information in either)."""
    seq = error.first_bad_seq
    where = f" at seq {seq}" if seq is not None else ""
    return problem_response(
        423, "Match frozen",
        f"The match's log failed an integrity check{where} ({error.finding or 'unknown'}); "
        "it takes no more events. A judge must audit it.", type=TYPE_MATCH_FROZEN,
        first_bad_seq=seq, finding=error.finding,
        detected_by=error.record.get("detected_by"),
        detected_at=error.record.get("detected_at"))


# ---------------------------------------------------------------------- domain errors

# class -> (status, title, problem type). The most specific class of an error wins.
DOMAIN_PROBLEMS: dict[type[RefereeError], tuple[int, str, str]] = {
    NoSuchSeq: (422, "No such seq", TYPE_VALIDATION),
    MalformedAction: (422, "Malformed action", TYPE_VALIDATION),
    UnreadableAction: (422, "Unreadable action", TYPE_VALIDATION),
    CoinsDoNotFit: (422, "Coins do not fit the action", TYPE_VALIDATION),
    UnknownRuleset: (422, "Unknown ruleset", TYPE_VALIDATION),
    InvalidPlayers: (422, "Invalid players", TYPE_VALIDATION),
    ImpossiblePosition: (422, "Impossible position", TYPE_VALIDATION),
    MatchSetupRefused: (422, "The match cannot start", TYPE_VALIDATION),
    NothingToCarryOut: (422, "Nothing to carry out", TYPE_VALIDATION),
    UnknownGame: (422, "Unknown game", "about:blank"),
    DeckRulesBroken: (422, "Deck rules broken", TYPE_DECK_VIOLATIONS),
    MatchCannotStart: (422, "The match cannot start", "about:blank"),
    IllegalAction: (409, "Illegal action", TYPE_ILLEGAL),
    TimeCannotBeCalled: (409, "Time can't be called", TYPE_TIME),
    ClockRefused: (409, "The clock can't do that now", TYPE_CLOCK),
    DeckCannotBeChecked: (409, "No deck list to check against", TYPE_NO_DECK_LIST),
    DisputeStateError: (409, "Dispute not in that state", TYPE_DISPUTE_STATE),
    EngineMismatch: (409, "Match made under other rules", TYPE_ENGINE_MISMATCH),
    DisputeNotFound: (404, "Dispute not found", "about:blank"),
    NotAllowed: (403, "Forbidden", TYPE_FORBIDDEN),
}


def domain_members(error: RefereeError) -> dict[str, Any]:
    """The problem's extension members for a domain error."""
    if isinstance(error, FieldProblem):
        return {"errors": {error.location: error.errors}}
    if isinstance(error, UnknownGame):
        return {"errors": {"game": [f"Unknown game {error.name!r}."]}}
    if isinstance(error, IllegalAction | DeckRulesBroken | MatchCannotStart):
        return {"violations": error.violations}
    if isinstance(error, DisputeStateError):
        return {"dispute_status": error.status}
    if isinstance(error, EngineMismatch):
        return {"recorded_engine": error.recorded, "running_engine": error.running}
    return {}


def domain_problem(error: RefereeError) -> ProblemError:
    for cls in type(error).__mro__:
        if cls in DOMAIN_PROBLEMS:
            status, title, problem_type = DOMAIN_PROBLEMS[cls]
            return ProblemError(status, title, error.detail, type=problem_type,
                                **domain_members(error))
    raise LookupError(f"no problem for {type(error).__name__}")


def handle_domain_error(error: RefereeError) -> Response:
    if isinstance(error, UnreadableAction) and error.__cause__ is not None:
        log.warning("the engine could not read an action (%s)", type(error.__cause__).__name__)
    try:
        return domain_problem(error).to_response()
    except LookupError:
        return handle_unexpected(error)


def handle_answer_not_kept(error: AnswerNotKept) -> Response:
    return problem_response(409, "Idempotency key already used", str(error))


def handle_unexpected(error: Exception) -> Response:
    if isinstance(error, HTTPException):
        return handle_http_exception(error)
    if isinstance(error, _SERVER_PARSE_ERRORS):
        # The server parses a chunked body only as the app reads it (a bad chunk size...).
        log.warning("malformed request body: %s", type(error).__name__)
        return problem_response(400, "Bad Request", "The request body is malformed.")
    log.exception("unhandled error")
    return problem_response(500, "Internal Server Error", "An unexpected error occurred.")


# Most specific first: ``answer_for`` takes the first class the error is an instance of.
HANDLERS: tuple[tuple[type[BaseException], Any], ...] = (
    (HTTPException, handle_http_exception),
    (ProblemError, handle_problem),
    (redis.ConnectionError, handle_redis_unavailable),
    (redis.TimeoutError, handle_redis_unavailable),
    # a Redis Cluster mid-failover: no primary for a slot yet (the client retried already)
    (redis.exceptions.ClusterError, handle_redis_unavailable),
    (redis.exceptions.TryAgainError, handle_redis_unavailable),
    (redis.exceptions.SlotNotCoveredError, handle_redis_unavailable),
    (NotReplicated, handle_not_replicated),
    (ConflictError, handle_conflict),
    (InvalidEvent, handle_invalid_event),
    (IdempotencyMismatch, handle_idempotency_mismatch),
    (MatchExists, handle_match_exists),
    (MatchNotFound, handle_match_not_found),
    (StreamIntegrityError, handle_integrity),
    (MatchFrozen, handle_match_frozen),
    (AnswerNotKept, handle_answer_not_kept),
    (RefereeError, handle_domain_error),
    (Exception, handle_unexpected),
)


def answer_for(error: Exception) -> Response:
    """The problem+json answer the API gives for ``error`` (the console shows it as a page)."""
    for kind, handler in HANDLERS:
        if isinstance(error, kind):
            return handler(error)
    return handle_unexpected(error)


def register_error_handlers(app: Flask) -> None:
    """Call after ``Api.init_app`` so these replace flask-smorest's JSON handler."""
    for kind, handler in HANDLERS:
        app.register_error_handler(kind, handler)
