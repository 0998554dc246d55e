"""Documenting error answers: every route lists the problem+json responses it can give."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.errors import PROBLEM_MIME, ProblemSchema
from app.route_guard import authorised_first, match_readers

DESCRIPTIONS = {
    400: "The body is not readable JSON",
    401: "No bearer token, or an unknown, forged or revoked one",
    403: "The token's role or binding does not allow this",
    404: "No such match (or resource)",
    409: "Conflict",
    413: "The request body is over 256 KiB",
    422: "The request is malformed: field errors in `errors` (by location)",
    423: "The match is frozen: its log failed an integrity check (`first_bad_seq`, "
         "`finding`); nothing is appended",
    503: "The event store is unreachable (with Retry-After)",
}


def problems(blp: Any, *codes: int, **described: str) -> Callable[[Callable], Callable]:
    """``@problems(blp, 401, 403, conflict_409="...")``: document problem+json answers.
    Keyword names end in ``_<status>`` to give a route's own description."""
    docs: dict[int, str] = {code: DESCRIPTIONS[code] for code in codes}
    for name, text in described.items():
        docs[int(name.rsplit("_", 1)[1])] = text

    def decorate(view: Callable) -> Callable:
        for code, text in sorted(docs.items(), reverse=True):
            view = blp.alt_response(code, schema=ProblemSchema, content_type=PROBLEM_MIME,
                                    description=text)(view)
        return view

    return decorate


def stacked(*decorators: Callable[[Callable], Callable]) -> Callable[[Callable], Callable]:
    """Decorators as one, applied as if written one above another (the first outermost)."""
    def decorate(view: Callable) -> Callable:
        for decorator in reversed(decorators):
            view = decorator(view)
        return view

    return decorate


READ = (401, 403, 404, 503)

# Any route that folds a match's log may meet a match made under other rules.
ENGINE_409 = ("the match was made by an engine with other rules than this referee's "
              "(`/problems/engine-mismatch`, with `recorded_engine` and "
              "`running_engine`): it is not folded")
FOLD_409 = "The match can't be folded here: " + ENGINE_409


def match_reading(blp: Any, path: str, query: Any, answer: Any, **described: str) -> Callable[[Callable], Callable]:
    """A GET of a match's view that folds its log: the match's readers checked before the
    query is parsed, the answer, and the reads' problems with the fold's 409."""
    return stacked(blp.route(path, methods=["GET"]), authorised_first(match_readers),
                   blp.arguments(query, location="query"), blp.response(200, answer),
                   problems(blp, *READ, engine_409=FOLD_409, **described))
