"""CORS for browser clients served from other origins: off unless REFEREE_CORS_ORIGINS lists
them (comma-separated origins, or `*`). A preflight (`OPTIONS` with
`Access-Control-Request-Method`) is answered here, before authentication: a browser sends it
without the token, so it must never be a 401."""
from __future__ import annotations

from collections.abc import Iterable

from flask import Flask, Response, request

ALLOWED_METHODS = "GET, POST, DELETE, OPTIONS"
ALLOWED_HEADERS = "Authorization, Content-Type, Last-Event-ID"
EXPOSED_HEADERS = "Location, Retry-After"


def parse_origins(value: str | Iterable[str] | None) -> frozenset[str]:
    if not value:
        return frozenset()
    items = value.split(",") if isinstance(value, str) else value
    return frozenset(item.strip().rstrip("/") for item in items if item.strip())


def _allowed(origins: frozenset[str]) -> str | None:
    origin = request.headers.get("Origin")
    if origin and ("*" in origins or origin.rstrip("/") in origins):
        return origin
    return None


def register_cors(app: Flask) -> None:
    origins = parse_origins(app.config.get("REFEREE_CORS_ORIGINS"))

    @app.before_request
    def preflight() -> Response | None:
        if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
            return None
        response = app.response_class(status=204)
        if _allowed(origins):
            response.headers["Access-Control-Allow-Methods"] = ALLOWED_METHODS
            response.headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
            response.headers["Access-Control-Max-Age"] = "600"
        return response

    @app.after_request
    def allow_origin(response: Response) -> Response:
        origin = _allowed(origins)
        if origin:
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
            response.headers.add("Vary", "Origin")
        return response
