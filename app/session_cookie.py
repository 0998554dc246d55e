"""The console's sign-in: a signed cookie that names a token, never holds it.

A person signs in to the console (``/``) with a token once; the answer sets
``referee_session``: the token's id and a new session id, signed (itsdangerous) with a key
derived from ``REFEREE_TOKEN_SECRET`` and valid for ``SESSION_HOURS``. Each request looks the
token up by that id again, so revoking the token signs its console sessions out at once;
signing out ends the session id on the server (``app.console_sessions``), so the cookie
replayed afterwards is nobody. A cookie from before session ids is nobody too (sign in again).

The cookie is HttpOnly (page scripts can't read it), SameSite=Strict (no other site's page
sends it) and Secure behind HTTPS (``cookie_secure``). A sign-in sent by another site's page
is refused (``cross_site``): login CSRF would sign the visitor in as the attacker. It
authenticates:

* reads (GET/HEAD) of the console and of the API, so the console's pages and its
  EventSource (which can't send an Authorization header) work with it;
* writes to the API only with the ``X-CSRF-Token`` header the page was rendered with (an
  HMAC of the cookie): a form on another site can neither read nor forge it.

A request with an ``Authorization`` header is judged by that header alone.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug.wrappers import Response

from app.console_sessions import new_session_id
from events.config import parse_bool

COOKIE_NAME = "referee_session"
CSRF_HEADER = "X-CSRF-Token"
SESSION_HOURS = 12
SAFE_METHODS = ("GET", "HEAD")


def _key(purpose: str) -> bytes:
    secret = str(current_app.config.get("REFEREE_TOKEN_SECRET") or "")
    return hmac.new(secret.encode("utf-8"), f"console-{purpose}".encode(), hashlib.sha256).digest()


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(_key("session"), salt="referee-console")


def session_ids() -> tuple[str, str] | None:
    """(token id, session id) the request's cookie names, if the cookie is genuine and fresh
    (whether the session was ended is for ``app.console_sessions``)."""
    raw = request.cookies.get(COOKIE_NAME)
    if not raw or len(raw) > 512 or not current_app.config.get("REFEREE_TOKEN_SECRET"):
        return None
    try:
        data: Any = _serializer().loads(raw, max_age=SESSION_HOURS * 3600)
    except BadSignature:
        return None
    if not isinstance(data, dict):
        return None
    token_id, session_id = data.get("t"), data.get("s")
    if not isinstance(token_id, str) or not isinstance(session_id, str) or not session_id:
        return None
    return token_id, session_id


def session_valid_until() -> float:
    """The latest time (epoch seconds) a cookie set before now can still be accepted."""
    return time.time() + SESSION_HOURS * 3600


def csrf_token() -> str:
    """The value the page sends back in ``X-CSRF-Token`` ("" without a session cookie)."""
    raw = request.cookies.get(COOKIE_NAME)
    if not raw:
        return ""
    return hmac.new(_key("csrf"), raw.encode("utf-8"), hashlib.sha256).hexdigest()


CSRF_FIELD = "csrf"   # the console forms' hidden field


def csrf_ok() -> bool:
    sent = request.headers.get(CSRF_HEADER, "")
    expected = csrf_token()
    return bool(expected) and hmac.compare_digest(sent, expected)


def form_csrf_ok() -> bool:
    """A console form's post (``csrf`` field, as sign-out sends it) from this site's own page:
    the token is the session's, which another site's page can't read."""
    if request.mimetype not in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return False
    sent = request.form.get(CSRF_FIELD, "")
    expected = csrf_token()
    return bool(expected) and bool(sent) and hmac.compare_digest(sent, expected) and not cross_site()


def cookie_may_authenticate(form: bool = False) -> bool:
    """Whether this request may be authenticated by the session cookie (``form``: a console
    form's post may carry the CSRF token as a field)."""
    if request.headers.get("Authorization"):
        return False
    return request.method in SAFE_METHODS or csrf_ok() or (form and form_csrf_ok())


def cookie_secure() -> bool:
    """Whether the answer's cookies are marked Secure: always with
    ``REFEREE_SECURE_COOKIES``, else when the request came over HTTPS (as the server sees it:
    behind a proxy, only a trusted proxy's ``X-Forwarded-Proto`` counts,
    ``REFEREE_TRUSTED_PROXIES``)."""
    return parse_bool(current_app.config.get("REFEREE_SECURE_COOKIES")) or request.is_secure


def cross_site() -> bool:
    """Whether the request was sent by another site's page, as the browser says: its
    ``Sec-Fetch-Site`` (same-origin, or none for what the person did themselves, is this
    site), else its ``Origin`` (this host, or no Origin at all: not a browser's form, since
    every current browser sends one with a POST)."""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site.strip().lower() not in ("same-origin", "none")
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    try:
        host = urlsplit(origin.strip()).netloc.lower()
    except ValueError:
        return True
    return not host or host != request.host.lower()


def set_session(response: Response, token_id: str) -> None:
    """Sign in: a cookie naming ``token_id`` and a new session."""
    response.set_cookie(COOKIE_NAME, _serializer().dumps({"t": token_id, "s": new_session_id()}),
                        max_age=SESSION_HOURS * 3600, httponly=True, samesite="Strict",
                        secure=cookie_secure(), path="/")


def clear_session(response: Response) -> None:
    response.delete_cookie(COOKIE_NAME, path="/", httponly=True, samesite="Strict",
                           secure=cookie_secure())
