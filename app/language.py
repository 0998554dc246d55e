"""The reader's language, chosen once per request (issue 20).

Every route speaks ``en``, ``pt-BR`` or ``es`` (``projections.i18n.LANGUAGES``):

1. the ``lang`` query parameter, when given, wins: ``en``/``en-*``, ``pt``/``pt-BR``,
   ``es``/``es-*``, in any case, ``-`` or ``_`` (``pt_br`` is pt-BR); anything else is a 400
   problem naming ``lang`` and the languages served;
2. else ``Accept-Language``, by its quality values (a tag counts by its primary language:
   ``es-MX`` is es, any Portuguese is pt-BR, ``*`` is English);
3. else English.

The choice is ``projections.messages.LANGUAGE`` while the request runs (reset at teardown), so
everything rendered for the reader — narration, refusals, labels, rule texts, problem titles
and details, the console, the report — is written in it at the edge
(``projections.text.render``, ``app.errors``, the JSON provider below). Nothing stored
depends on it: events, read models and kept answers are written in the language-neutral form
(``app.service.write``). Every answer says ``Content-Language`` and ``Vary: Accept-Language``.
``lang`` is no field of the routes' query schemas (flask-smorest leaves out unknown query
parameters).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, g, request
from flask.json.provider import DefaultJSONProvider

from projections.i18n import LANG_PATTERN, LANGUAGES, best_language, language_of_tag, translate_deep
from projections.messages import ENGLISH, LANGUAGE, current_language, msg

LANG_PARAMETER = "lang"
_TOKEN = "referee_language_token"


def choose_language() -> None:
    """before_request (the app's first): the request's language, as the module says."""
    setattr(g, _TOKEN, LANGUAGE.set(best_language(request.accept_languages) or ENGLISH))
    given = request.args.getlist(LANG_PARAMETER)
    if not given:
        return
    chosen = language_of_tag(given[0])
    if chosen is None:
        from app.errors import problem

        problem(400, msg("Unsupported language"),
                msg("`lang` may be %(languages)s (or a regional variant: es-MX, pt_BR), not "
                    "%(given)s.", languages=", ".join(LANGUAGES), given=repr(given[0][:40])),
                errors={"query": {LANG_PARAMETER: [msg("Must be one of: %(choices)s.",
                                                       choices=", ".join(LANGUAGES))]}},
                languages=list(LANGUAGES))
    LANGUAGE.set(chosen)


def say_language(response: Response) -> Response:
    """after_request: which language the answer is in, and that it depends on the header."""
    response.headers["Content-Language"] = current_language()
    response.vary.add("Accept-Language")
    return response


def forget_language(_exc: BaseException | None = None) -> None:
    """teardown_request: the language back to what it was before the request."""
    token = g.pop(_TOKEN, None)
    if token is None:
        return
    try:
        LANGUAGE.reset(token)
    except ValueError:      # set in another context (a streamed body's): English again
        LANGUAGE.set(ENGLISH)


class TranslatingJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider, writing every ``projections.messages.Message`` left in an answer
    in the request's language (an English reader reads it as it is: nothing to walk)."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(translate_deep(obj), **kwargs)


def register_language(app: Flask) -> None:
    """Call first in the app factory: the language is chosen before any other hook may
    answer (a token's 401 is written in it too)."""
    app.json = TranslatingJSONProvider(app)
    app.before_request_funcs.setdefault(None, []).insert(0, choose_language)
    app.after_request(say_language)
    app.teardown_request(forget_language)


# ---------------------------------------------------------------------- OpenAPI

LANG_PARAMETER_DOC = {
    "name": LANG_PARAMETER, "in": "query", "required": False,
    "description": "The language of every text in the answer (narration, refusals, labels, "
                   "rule texts, problem titles and details): `en`, `pt-BR` or `es` (any case, "
                   "`-` or `_`; `pt` is pt-BR, `es-MX` is es). Wins over `Accept-Language`; "
                   "without either, English. Another value is a 400.",
    "schema": {"type": "string", "pattern": LANG_PATTERN, "example": "pt-BR"},
}
CONTENT_LANGUAGE_DOC = {
    "description": "The language of the answer's texts: `en`, `pt-BR` or `es` (`lang`, else "
                   "`Accept-Language`, else English). Answers also say `Vary: Accept-Language`.",
    "schema": {"type": "string", "enum": list(LANGUAGES)},
}
LANG_400 = "`lang` names no language served (`errors.query.lang`, `languages`)"


def document_language(spec: Any) -> None:
    """The shared ``lang`` parameter and ``Content-Language`` header, referenced from every
    operation and every response of the document; each operation documents the 400 a bad
    ``lang`` gets."""
    components = spec.components
    if LANG_PARAMETER not in components.parameters:
        components.parameter(LANG_PARAMETER, "query", {k: v for k, v in LANG_PARAMETER_DOC.items()
                                                       if k not in ("name", "in")})
    if "Content-Language" not in components.headers:
        components.header("Content-Language", CONTENT_LANGUAGE_DOC)
    parameter_ref = {"$ref": f"#/components/parameters/{LANG_PARAMETER}"}
    header_ref = {"$ref": "#/components/headers/Content-Language"}
    for operations in spec._paths.values():
        for operation in operations.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            parameters = operation.setdefault("parameters", [])
            if parameter_ref not in parameters:
                parameters.append(parameter_ref)
            responses = operation["responses"]
            _document_400(responses)
            for response in responses.values():
                _with_header(response, header_ref)
    for response in components.responses.values():
        _with_header(response, header_ref)


def _document_400(responses: dict[Any, Any]) -> None:
    key = "400" if "400" in responses or 400 not in responses else 400
    existing = responses.get(key)
    if existing is None:
        from app.errors import PROBLEM_MIME

        responses[key] = {"description": LANG_400[0].upper() + LANG_400[1:],
                          "content": {PROBLEM_MIME: {"schema": {"$ref": "#/components/schemas/Problem"}}}}
    elif isinstance(existing, dict) and "$ref" not in existing and LANG_400 not in existing.get("description", ""):
        existing["description"] = f"{existing.get('description', '')}; or {LANG_400}".lstrip("; ")


def _with_header(response: Any, header_ref: dict[str, str]) -> None:
    if isinstance(response, dict) and "$ref" not in response:
        response.setdefault("headers", {}).setdefault("Content-Language", header_ref)
