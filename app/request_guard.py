"""Checks on a request body before any route reads it.

A JSON body must be text that can be stored and hashed, and shallow enough that nothing
downstream recurses into trouble:

* nested at most ``MAX_DEPTH`` deep (no request of the API needs more than 6; Python's JSON
  decoder and every filter that walks a value recurse) — deeper is a 422 naming where, and a
  body too deep even to decode a 400;
* no lone surrogate (``"\\ud800"`` written as an escape is valid JSON but not Unicode text: it
  can't be encoded to UTF-8, so it could be neither hashed nor stored) — a 422 naming the
  field.

The body is read here whatever its framing, so a chunked body (no Content-Length) is held
to the same size limit (413) and the same checks as a sized one.
"""

from __future__ import annotations

import json
from typing import Any

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from app.errors import TYPE_VALIDATION, problem
from projections.messages import msg

MAX_DEPTH = 32


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _nest(path: list[Any], message: str) -> dict[str, Any]:
    """``["action", "choices", "search", 0]`` -> marshmallow's nested error shape."""
    errors: Any = [message]
    for part in reversed(path):
        errors = {str(part) if isinstance(part, int) else part: errors}
    return errors


def first_problem(body: Any) -> tuple[list[Any], str] | None:
    """Where the first lone surrogate or too-deep nesting is, and what it is."""
    stack: list[tuple[list[Any], Any]] = [([], body)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if _has_surrogate(value):
                return path, msg("Not valid Unicode text: it holds a lone surrogate code point.")
            continue
        if not isinstance(value, dict | list):
            continue
        if len(path) >= MAX_DEPTH:
            return path, msg("Nested deeper than %(depth)s levels.", depth=MAX_DEPTH)
        if isinstance(value, dict):
            for key in value:
                if _has_surrogate(key):
                    return path, msg("A key is not valid Unicode text: it holds a lone surrogate code point.")
            stack.extend(([*path, key], item) for key, item in reversed(value.items()))
        else:  # pushed last first, so the first problem in the document is found first
            stack.extend(([*path, n], value[n]) for n in range(len(value) - 1, -1, -1))
    return None


def _quick_ok(data: bytes) -> bool:
    """Bodies that can't be too deep and can hold no surrogate: no ``\\u`` escape, and
    strict UTF-8 (the JSON decoder lets encoded surrogates through) — every real request."""
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH or b"\\u" in data:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def check_json_body() -> None:
    """before_request: refuse a JSON body that is too deep or not Unicode (see above)."""
    if not request.is_json:
        return
    data = request.get_data(cache=True)  # a sized body over MAX_CONTENT_LENGTH: 413 here
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(data) >= limit:
        # A chunked body is cut at the limit without a word (werkzeug's LimitedStream
        # stops reading there): one that reaches it is refused like a sized one.
        raise RequestEntityTooLarge()
    if not data or _quick_ok(data):
        return
    try:
        body = json.loads(data)
    except RecursionError:
        problem(400, msg("Bad Request"), msg("The JSON body is nested too deeply (at most %(depth)s).",
                                             depth=MAX_DEPTH))
    except ValueError:
        return  # not JSON: the argument parser answers 400
    found = first_problem(body)
    if found is not None:
        path, message = found
        problem(422, msg("Unprocessable Content"), message, type=TYPE_VALIDATION,
                errors={"json": _nest(path, message) if path else [message]})
