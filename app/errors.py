"""problem+json (RFC 9457) for every error the service answers.

Routes signal errors by raising::

    from app.errors import problem
    problem(409, "Illegal action", detail="...", violations=[...])  # raises ProblemError

Extra keyword arguments become extension members of the problem object.
Store exceptions (ConflictError, InvalidEvent, ...) and Redis outages are mapped
here too, so routes can let them propagate.
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

from events.errors import (
    ConflictError,
    IdempotencyMismatch,
    InvalidEvent,
    MatchExists,
    MatchFrozen,
    MatchNotFound,
    StreamIntegrityError,
)

try:
    from gunicorn.http.errors import ParseException
    _SERVER_PARSE_ERRORS: tuple[type[Exception], ...] = (ParseException,)
except ImportError:  # served by something else than gunicorn
    _SERVER_PARSE_ERRORS = ()

PROBLEM_MIME = "application/problem+json"
RETRY_AFTER_SECONDS = 5

# Problem types beyond the plain HTTP status ("about:blank").
TYPE_STALE_SEQ = "urn:referee:problem:stale-seq"
TYPE_INVALID_EVENT = "urn:referee:problem:invalid-event"
TYPE_IDEMPOTENCY_REUSED = "urn:referee:problem:idempotency-key-reused"
TYPE_MATCH_EXISTS = "urn:referee:problem:match-exists"
TYPE_MATCH_NOT_FOUND = "urn:referee:problem:match-not-found"
TYPE_INTEGRITY = "urn:referee:problem:stream-integrity"
TYPE_MATCH_FROZEN = "urn:referee:problem:match-frozen"
TYPE_UNAVAILABLE = "urn:referee:problem:store-unavailable"
TYPE_VALIDATION = "urn:referee:problem:validation"

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


def handle_unexpected(error: Exception) -> Response:
    if isinstance(error, HTTPException):
        return handle_http_exception(error)
    if isinstance(error, _SERVER_PARSE_ERRORS):
        # The server parses a chunked body only as the app reads it (a bad chunk size...).
        log.warning("malformed request body: %s", type(error).__name__)
        return problem_response(400, "Bad Request", "The request body is malformed.")
    log.exception("unhandled error")
    return problem_response(500, "Internal Server Error", "An unexpected error occurred.")


def register_error_handlers(app: Flask) -> None:
    """Call after ``Api.init_app`` so these replace flask-smorest's JSON handler."""
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(ProblemError, handle_problem)
    app.register_error_handler(redis.ConnectionError, handle_redis_unavailable)
    app.register_error_handler(redis.TimeoutError, handle_redis_unavailable)
    app.register_error_handler(ConflictError, handle_conflict)
    app.register_error_handler(InvalidEvent, handle_invalid_event)
    app.register_error_handler(IdempotencyMismatch, handle_idempotency_mismatch)
    app.register_error_handler(MatchExists, handle_match_exists)
    app.register_error_handler(MatchNotFound, handle_match_not_found)
    app.register_error_handler(StreamIntegrityError, handle_integrity)
    app.register_error_handler(MatchFrozen, handle_match_frozen)
    app.register_error_handler(Exception, handle_unexpected)
