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

Every title and detail is written in the request's language (``app.language``) when the body
is made (``ProblemError.to_dict``): a ``projections.messages.Message`` (``msg(...)``, which
routes and the domain's errors use) through the catalogues, and a text the service did not
write (marshmallow's field errors, Werkzeug's descriptions) by its English message id
(``app.validation_messages``). The ``errors`` of a 422 and the ``violations`` of a refusal
are translated the same way; rule ids, field names and the other members stay as they are.
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
from app.validation_messages import known_message
from events.errors import (
    AnswerNotKept,
    ConflictError,
    DeckListsFrozen,
    IdempotencyMismatch,
    InvalidEvent,
    MatchExists,
    MatchFrozen,
    MatchNotFound,
    NotReplicated,
    StreamIntegrityError,
)
from projections.disputes import TooManyOpenDisputes
from projections.errors import (
    ClockRefused,
    CoinsDoNotFit,
    DeckCannotBeChecked,
    DeckRulesBroken,
    DisputeNotFound,
    DisputeStateError,
    EngineMismatch,
    EventDateConflict,
    EventExists,
    EventNotFound,
    EventSetupRefused,
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
    RoundStartUnderWay,
    SpinsDoNotFit,
    TimeCannotBeCalled,
    UnknownGame,
    UnknownRuleset,
    UnreadableAction,
)
from projections.i18n import gettext, needs_entry, translate, translate_deep
from projections.messages import ENGLISH, Message, current_language, joined, msg

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
TYPE_DECKLISTS_FROZEN = problem_uri("decklists-frozen")
TYPE_UNAVAILABLE = problem_uri("store-unavailable")
TYPE_NOT_REPLICATED = problem_uri("write-not-replicated")
TYPE_VALIDATION = problem_uri("validation")
TYPE_FORBIDDEN = problem_uri("forbidden")
TYPE_ILLEGAL = problem_uri("illegal-action")
TYPE_DISPUTE_STATE = problem_uri("dispute-state")
TYPE_TOO_MANY_DISPUTES = problem_uri("too-many-open-disputes")
TYPE_DECK_VIOLATIONS = problem_uri("deck-violations")
TYPE_TIME = problem_uri("time")
TYPE_CLOCK = problem_uri("clock")
TYPE_NO_DECK_LIST = problem_uri("no-deck-list")
TYPE_ENGINE_MISMATCH = problem_uri("engine-mismatch")

log = logging.getLogger(__name__)

# The titles of the HTTP statuses the service answers, as Werkzeug writes them (English: the
# message ids), and Werkzeug's default descriptions where they are the detail.
HTTP_TITLES: dict[int, Message] = {
    400: msg("Bad Request"), 401: msg("Unauthorized"), 403: msg("Forbidden"),
    404: msg("Not Found"), 405: msg("Method Not Allowed"), 406: msg("Not Acceptable"),
    408: msg("Request Timeout"), 409: msg("Conflict"), 411: msg("Length Required"),
    413: msg("Request Entity Too Large"), 414: msg("Request URI Too Long"),
    415: msg("Unsupported Media Type"), 422: msg("Unprocessable Entity"), 423: msg("Locked"),
    428: msg("Precondition Required"), 429: msg("Too Many Requests"),
    431: msg("Request Header Fields Too Large"), 500: msg("Internal Server Error"),
    501: msg("Not Implemented"), 503: msg("Service Unavailable"),
}
HTTP_DESCRIPTIONS: dict[int, Message] = {
    400: msg("The browser (or proxy) sent a request that this server could not understand."),
    401: msg("The server could not verify that you are authorized to access the URL requested. "
             "You either supplied the wrong credentials (e.g. a bad password), or your browser "
             "doesn't understand how to supply the credentials required."),
    403: msg("You don't have the permission to access the requested resource. It is either "
             "read-protected or not readable by the server."),
    404: msg("The requested URL was not found on the server. If you entered the URL manually "
             "please check your spelling and try again."),
    405: msg("The method is not allowed for the requested URL."),
    406: msg("The resource identified by the request is only capable of generating response "
             "entities which have content characteristics not acceptable according to the "
             "accept headers sent in the request."),
    413: msg("The data value transmitted exceeds the capacity limit."),
    415: msg("The server does not support the media type transmitted in the request."),
    422: msg("The request was well-formed but was unable to be followed due to semantic errors."),
    500: msg("The server encountered an internal error and was unable to complete your request. "
             "Either the server is overloaded or there is an error in the application."),
}


def http_title(status: int) -> str:
    return HTTP_TITLES.get(status) or HTTP_STATUS_CODES.get(status, "Error")


def say(text: Any) -> Any:
    """A title, a detail or a field error in the request's language (see the module)."""
    if not isinstance(text, str):
        return text
    if isinstance(text, Message):
        return translate(text)
    if current_language() == ENGLISH:
        return text
    known = known_message(text)
    if isinstance(known, Message):
        return translate(known)
    return gettext(text) if needs_entry(text) else text


def said(value: Any) -> Any:
    """``say`` of every text in ``errors`` (field names, the keys, stay)."""
    if isinstance(value, str):
        return say(value)
    if isinstance(value, list | tuple):
        return [said(item) for item in value]
    if isinstance(value, dict):
        return {key: said(item) for key, item in value.items()}
    return value


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
    scope = fields.String(metadata={
        "description": "Too many open disputes (409): whose cap was reached, seat or match"})
    limit = fields.Integer(metadata={
        "description": "Too many open disputes (409): the cap (disputes and appeals waiting "
                       "for a judge at once)"})
    recorded_engine = fields.Dict(metadata={
        "description": "A match made under other rules (409, engine-mismatch): the engine "
                       "its MatchCreated recorded, {version, fingerprint}"})
    running_engine = fields.Dict(metadata={
        "description": "A match made under other rules (409, engine-mismatch): the engine "
                       "this referee runs, {version, fingerprint}"})
    languages = fields.List(fields.String(), metadata={
        "description": "An unsupported `lang` (400): the languages served"})


class ProblemError(Exception):
    """An HTTP error answered as problem+json. Prefer raising it through ``problem()``."""

    def __init__(self, status: int, title: str | None = None, detail: str | None = None, *,
                 type: str = "about:blank", headers: dict[str, str] | None = None,
                 **extra: Any):
        self.status = status
        self.title = title or http_title(status)
        self.detail = detail
        self.type = type
        self.headers = dict(headers or {})
        self.extra = extra
        super().__init__(f"{status} {self.title}" + (f": {detail}" if detail else ""))

    def to_dict(self) -> dict[str, Any]:
        """The body, its texts in the current language."""
        body: dict[str, Any] = {"type": self.type, "title": say(self.title), "status": self.status}
        if self.detail is not None:
            body["detail"] = say(self.detail)
        for name, value in self.extra.items():
            if name == "errors":
                body[name] = said(value)
            elif name == "violations" and isinstance(value, list):
                body[name] = [{**translate_deep(v), "message": say(v["message"])}
                              if isinstance(v, dict) and "message" in v else translate_deep(v)
                              for v in value]
            else:
                body[name] = translate_deep(value)
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
    if detail == type(error).description and status in HTTP_DESCRIPTIONS:
        detail = HTTP_DESCRIPTIONS[status]   # Werkzeug's own words, translatable
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
    return problem_response(status, HTTP_TITLES.get(status) or HTTP_STATUS_CODES.get(status, error.name), detail,
                            type=problem_type, headers=headers, **extra)


def handle_problem(error: ProblemError) -> Response:
    return error.to_response()


def handle_redis_unavailable(error: redis.RedisError) -> Response:
    log.warning("Redis unavailable: %s", type(error).__name__)
    return problem_response(503, msg("Event store unavailable"),
                            msg("The event store cannot be reached; try again shortly."),
                            type=TYPE_UNAVAILABLE,
                            headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


def handle_not_replicated(error: NotReplicated) -> Response:
    log.warning("match %s seq %s: %d of %d replica(s) after %d ms", error.match_id, error.seq,
                error.acknowledged, error.wanted, error.timeout_ms)
    return problem_response(503, msg("Write not replicated"),
                            msg("The write was not acknowledged: no replica confirmed it in "
                                "time, so it may or may not be durable (it is stored on the "
                                "primary, and is lost if the primary fails before a replica "
                                "gets it). A retry with the same idempotency key is safe: it "
                                "is never applied twice, and gets the first answer once a "
                                "replica has it. Without one, re-read the match before "
                                "sending it again."),
                            type=TYPE_NOT_REPLICATED, match_id=error.match_id, seq=error.seq,
                            headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


def handle_conflict(error: ConflictError) -> Response:
    detail = _same(error, msg("expected seq %(expected_seq)s, but the match is at seq %(actual_seq)s",
                              expected_seq=error.expected_seq, actual_seq=error.actual_seq))
    return problem_response(409, msg("Stale sequence number"), detail, type=TYPE_STALE_SEQ,
                            conflict={"expected_seq": error.expected_seq,
                                      "actual_seq": error.actual_seq})


def handle_invalid_event(error: InvalidEvent) -> Response:
    extra: dict[str, Any] = {"errors": error.errors}
    if error.index is not None:
        extra["event_index"] = error.index
    return problem_response(422, msg("Invalid event"), _invalid_event_detail(error),
                            type=TYPE_INVALID_EVENT, **extra)


def _invalid_event_detail(error: InvalidEvent) -> str:
    found = _describe_errors(error.errors)
    if error.index is None:
        detail = (msg("Invalid event (%(type)s): %(errors)s", type=error.event_type, errors=found)
                  if error.event_type else msg("Invalid event: %(errors)s", errors=found))
    elif error.event_type:
        detail = msg("Invalid event #%(index)s (%(type)s): %(errors)s", index=error.index,
                     type=error.event_type, errors=found)
    else:
        detail = msg("Invalid event #%(index)s: %(errors)s", index=error.index, errors=found)
    return _same(error, detail)


def handle_idempotency_mismatch(error: IdempotencyMismatch) -> Response:
    detail = _same(error, msg("idempotency key %(key)s was already used for a different request",
                              key=repr(error.idempotency_key)))
    return problem_response(422, msg("Idempotency key reused"), detail,
                            type=TYPE_IDEMPOTENCY_REUSED)


def handle_match_exists(error: MatchExists) -> Response:
    detail = _same(error, msg("match %(match)s already exists", match=error.match_id))
    return problem_response(409, msg("Match exists"), detail, type=TYPE_MATCH_EXISTS)


def handle_match_not_found(error: MatchNotFound) -> Response:
    detail = _same(error, msg("match %(match)s not found", match=error.match_id))
    return problem_response(404, msg("Match not found"), detail, type=TYPE_MATCH_NOT_FOUND)


def handle_integrity(error: StreamIntegrityError) -> Response:
    log.error("stream integrity: %s", error)
    return problem_response(500, msg("Event stream integrity failure"),
                            msg("The match's event stream was changed outside the referee; "
                                "a judge must audit it."), type=TYPE_INTEGRITY)


def handle_match_frozen(error: MatchFrozen) -> Response:
    """423 Locked: nothing more is appended to a match whose log failed an integrity check.
    Only the seq and the kind of finding are told (no hidden information in either)."""
    seq = error.first_bad_seq
    finding = error.finding or "unknown"
    detail = (msg("The match's log failed an integrity check at seq %(seq)s (%(finding)s); it "
                  "takes no more events. A judge must audit it.", seq=seq, finding=finding)
              if seq is not None else
              msg("The match's log failed an integrity check (%(finding)s); it takes no more "
                  "events. A judge must audit it.", finding=finding))
    return problem_response(
        423, msg("Match frozen"), detail, type=TYPE_MATCH_FROZEN,
        first_bad_seq=seq, finding=error.finding,
        detected_by=error.record.get("detected_by"),
        detected_at=error.record.get("detected_at"))


def handle_decklists_frozen(error: DeckListsFrozen) -> Response:
    """423 Locked, as a frozen match: the event's deck-list log failed an integrity check,
    so its lists are neither handed out nor added to."""
    seq = error.first_bad_seq
    finding = error.finding or "unknown"
    detail = msg("The event's deck-list log failed an integrity check at seq %(seq)s "
                 "(%(finding)s): its lists can't be trusted, and no more are registered. An "
                 "operator must verify it (referee verify --event).", seq=seq, finding=finding)
    return problem_response(
        423, msg("Deck lists frozen"), detail, type=TYPE_DECKLISTS_FROZEN,
        event_id=error.event_id, first_bad_seq=seq, finding=error.finding,
        detected_by=error.record.get("detected_by"),
        detected_at=error.record.get("detected_at"))


# ---------------------------------------------------------------------- domain errors

# class -> (status, title, problem type). The most specific class of an error wins.
DOMAIN_PROBLEMS: dict[type[RefereeError], tuple[int, str, str]] = {
    NoSuchSeq: (422, msg("No such seq"), TYPE_VALIDATION),
    MalformedAction: (422, msg("Malformed action"), TYPE_VALIDATION),
    UnreadableAction: (422, msg("Unreadable action"), TYPE_VALIDATION),
    CoinsDoNotFit: (422, msg("Coins do not fit the action"), TYPE_VALIDATION),
    SpinsDoNotFit: (422, msg("Spins do not fit the action"), TYPE_VALIDATION),
    UnknownRuleset: (422, msg("Unknown ruleset"), TYPE_VALIDATION),
    InvalidPlayers: (422, msg("Invalid players"), TYPE_VALIDATION),
    ImpossiblePosition: (422, msg("Impossible position"), TYPE_VALIDATION),
    MatchSetupRefused: (422, msg("The match cannot start"), TYPE_VALIDATION),
    NothingToCarryOut: (422, msg("Nothing to carry out"), TYPE_VALIDATION),
    EventDateConflict: (422, msg("The event is dated otherwise"), TYPE_VALIDATION),
    EventSetupRefused: (422, msg("The event can't be set up so"), TYPE_VALIDATION),
    EventExists: (409, msg("Event exists"), "about:blank"),
    RoundStartUnderWay: (409, msg("Round start under way"), "about:blank"),
    EventNotFound: (404, msg("Event not found"), "about:blank"),
    UnknownGame: (422, msg("Unknown game"), "about:blank"),
    DeckRulesBroken: (422, msg("Deck rules broken"), TYPE_DECK_VIOLATIONS),
    MatchCannotStart: (422, msg("The match cannot start"), "about:blank"),
    IllegalAction: (409, msg("Illegal action"), TYPE_ILLEGAL),
    TimeCannotBeCalled: (409, msg("Time can't be called"), TYPE_TIME),
    ClockRefused: (409, msg("The clock can't do that now"), TYPE_CLOCK),
    DeckCannotBeChecked: (409, msg("No deck list to check against"), TYPE_NO_DECK_LIST),
    DisputeStateError: (409, msg("Dispute not in that state"), TYPE_DISPUTE_STATE),
    TooManyOpenDisputes: (409, msg("Too many open disputes"), TYPE_TOO_MANY_DISPUTES),
    EngineMismatch: (409, msg("Match made under other rules"), TYPE_ENGINE_MISMATCH),
    DisputeNotFound: (404, msg("Dispute not found"), "about:blank"),
    NotAllowed: (403, msg("Forbidden"), TYPE_FORBIDDEN),
}


def domain_members(error: RefereeError) -> dict[str, Any]:
    """The problem's extension members for a domain error."""
    if isinstance(error, FieldProblem):
        return {"errors": {error.location: error.errors}}
    if isinstance(error, UnknownGame):
        return {"errors": {"game": [msg("Unknown game %(game)s.", game=repr(error.name))]}}
    if isinstance(error, IllegalAction | DeckRulesBroken | MatchCannotStart):
        return {"violations": error.violations}
    if isinstance(error, DisputeStateError):
        return {"dispute_status": error.status}
    if isinstance(error, TooManyOpenDisputes):
        return {"scope": error.scope, "limit": error.limit,
                **({"seat": error.seat} if error.seat is not None else {})}
    if isinstance(error, EngineMismatch):
        return {"recorded_engine": error.recorded, "running_engine": error.running}
    return {}


def domain_problem(error: RefereeError) -> ProblemError:
    for cls in type(error).__mro__:
        if cls in DOMAIN_PROBLEMS:
            status, title, problem_type = DOMAIN_PROBLEMS[cls]
            return ProblemError(status, title, _domain_detail(error), type=problem_type,
                                **domain_members(error))
    raise LookupError(f"no problem for {type(error).__name__}")


def _domain_detail(error: RefereeError) -> str:
    """The error's detail (a Message where its raiser wrote one); a refusal's, its violations'
    messages joined (each translatable)."""
    detail = error.detail
    if isinstance(error, IllegalAction) and not isinstance(detail, Message):
        joined_messages = joined([v.get("message", "") for v in error.violations], "; ")
        if joined_messages == detail:
            return joined_messages
    return detail


def _same(error: Exception, message: Message) -> str:
    """``message``, the translatable form of ``error``'s own text, when it says the same in
    English (else the error's text: a raiser wrote its own). A Message the raiser gave as
    the error's argument wins."""
    given = error.args[0] if error.args else None
    if isinstance(given, Message):
        return given
    return message if message == str(error) else str(error)


def _describe_errors(errors: Any) -> str:
    from events.errors import _describe

    return _describe(errors)


def handle_domain_error(error: RefereeError) -> Response:
    if isinstance(error, UnreadableAction) and error.__cause__ is not None:
        log.warning("the engine could not read an action (%s)", type(error.__cause__).__name__)
    try:
        return domain_problem(error).to_response()
    except LookupError:
        return handle_unexpected(error)


def handle_answer_not_kept(error: AnswerNotKept) -> Response:
    detail = _same(error, msg("Key %(key)s was used for a request whose answer was not kept.",
                              key=repr(error.idempotency_key)))
    return problem_response(409, msg("Idempotency key already used"), detail)


def handle_unexpected(error: Exception) -> Response:
    if isinstance(error, HTTPException):
        return handle_http_exception(error)
    if isinstance(error, _SERVER_PARSE_ERRORS):
        # The server parses a chunked body only as the app reads it (a bad chunk size...).
        log.warning("malformed request body: %s", type(error).__name__)
        return problem_response(400, HTTP_TITLES[400], msg("The request body is malformed."))
    log.exception("unhandled error")
    return problem_response(500, HTTP_TITLES[500], msg("An unexpected error occurred."))


# Most specific first: ``answer_for`` takes the first class the error is an instance of.
HANDLERS: tuple[tuple[type[Exception], Any], ...] = (
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
    (DeckListsFrozen, handle_decklists_frozen),
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
