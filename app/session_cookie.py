"""The console's sign-in: a signed cookie that names a token, never holds it.

A person signs in to the console (``/``) with a token once; the answer sets
``referee_session``: the token's id, signed (itsdangerous) with a key derived from
``REFEREE_TOKEN_SECRET`` and valid for ``SESSION_HOURS``. Each request looks the token up by
that id again, so revoking the token signs its console sessions out at once.

The cookie is HttpOnly (page scripts can't read it), SameSite=Strict (no other site's page
sends it) and Secure behind HTTPS. It authenticates:

* reads (GET/HEAD) of the console and of the API, so the console's pages and its
  EventSource (which can't send an Authorization header) work with it;
* writes to the API only with the ``X-CSRF-Token`` header the page was rendered with (an
  HMAC of the cookie): a form on another site can neither read nor forge it.

A request with an ``Authorization`` header is judged by that header alone.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from flask import Response, current_app, request
from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE_NAME = "referee_session"
CSRF_HEADER = "X-CSRF-Token"
SESSION_HOURS = 12
SAFE_METHODS = ("GET", "HEAD")


def _key(purpose: str) -> bytes:
    secret = str(current_app.config.get("REFEREE_TOKEN_SECRET") or "")
    return hmac.new(secret.encode("utf-8"), f"console-{purpose}".encode(), hashlib.sha256).digest()


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(_key("session"), salt="referee-console")


def session_token_id() -> str | None:
    """The token id the request's cookie names, if the cookie is genuine and fresh."""
    raw = request.cookies.get(COOKIE_NAME)
    if not raw or len(raw) > 512 or not current_app.config.get("REFEREE_TOKEN_SECRET"):
        return None
    try:
        data: Any = _serializer().loads(raw, max_age=SESSION_HOURS * 3600)
    except BadSignature:
        return None
    token_id = data.get("t") if isinstance(data, dict) else None
    return token_id if isinstance(token_id, str) else None


def csrf_token() -> str:
    """The value the page sends back in ``X-CSRF-Token`` ("" without a session cookie)."""
    raw = request.cookies.get(COOKIE_NAME)
    if not raw:
        return ""
    return hmac.new(_key("csrf"), raw.encode("utf-8"), hashlib.sha256).hexdigest()


def csrf_ok() -> bool:
    sent = request.headers.get(CSRF_HEADER, "")
    expected = csrf_token()
    return bool(expected) and hmac.compare_digest(sent, expected)


def cookie_may_authenticate() -> bool:
    """Whether this request may be authenticated by the session cookie."""
    if request.headers.get("Authorization"):
        return False
    return request.method in SAFE_METHODS or csrf_ok()


def set_session(response: Response, token_id: str) -> None:
    response.set_cookie(COOKIE_NAME, _serializer().dumps({"t": token_id}),
                        max_age=SESSION_HOURS * 3600, httponly=True, samesite="Strict",
                        secure=request.is_secure, path="/")


def clear_session(response: Response) -> None:
    response.delete_cookie(COOKIE_NAME, path="/", httponly=True, samesite="Strict",
                           secure=request.is_secure)
