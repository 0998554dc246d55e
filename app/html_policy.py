"""The headers of every HTML answer: one Content-Security-Policy, relaxed only where a page
needs it and said where.

Every page loads nothing but this service's own files, is framed by no site
(``frame-ancestors 'none'``: no clickjacking of a judge's console or report), posts forms only
here and is never sniffed into another type. The pages:

* the console (``app.console``): ``PAGE_POLICY`` as it is;
* a self-contained document with its own ``<style>`` (the HTML report, the problem pages):
  ``PAGE_POLICY`` allowing exactly that style, by its hash (``with_styles``);
* the API's documentation: Swagger UI at ``/docs`` runs one inline script that starts it
  (allowed by its hash: ``swagger_policy``); ReDoc at ``/redoc`` writes its own ``<style>``
  elements and runs a worker from a ``blob:`` URL (``REDOC_POLICY``).

``register_html_policy`` gives any other HTML answer ``PAGE_POLICY``: a page nobody wrote a
policy for still gets the strictest one.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable

from flask import Flask, Response

_BASE = {
    "default-src": "'self'", "img-src": "'self' data:", "style-src": "'self'",
    "script-src": "'self'", "connect-src": "'self'", "object-src": "'none'",
    "frame-ancestors": "'none'", "form-action": "'self'", "base-uri": "'none'",
}
HEADER = "Content-Security-Policy"


def policy(**relaxed: str) -> str:
    """The policy, with directives (``style_src="..."``) replaced where a page needs it."""
    directives = {**_BASE, **{name.replace("_", "-"): value for name, value in relaxed.items()}}
    return "; ".join(f"{name} {value}" for name, value in directives.items())


def source_hash(text: str) -> str:
    """A CSP hash source for an inline ``<style>`` or ``<script>`` whose text is ``text``."""
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def _self_and(texts: Iterable[str]) -> str:
    return " ".join(["'self'", *(source_hash(text) for text in texts)])


def with_styles(styles: Iterable[str]) -> str:
    """``PAGE_POLICY`` allowing these inline ``<style>`` texts (and nothing else inline)."""
    return policy(style_src=_self_and(styles))


def swagger_policy(inline_scripts: Iterable[str]) -> str:
    """Swagger UI's: ``PAGE_POLICY`` allowing its starting inline ``<script>`` by hash."""
    return policy(script_src=_self_and(inline_scripts))


PAGE_POLICY = policy()
# ReDoc styles its elements with <style> elements it writes (styled-components) and runs its
# search in a worker made from a blob: URL.
REDOC_POLICY = policy(style_src="'self' 'unsafe-inline'", font_src="'self' data:",
                      worker_src="'self' blob:")


def secure_html(response: Response, content_policy: str = PAGE_POLICY) -> Response:
    response.headers[HEADER] = content_policy
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _default_policy(response: Response) -> Response:
    if response.mimetype == "text/html":
        response.headers.setdefault(HEADER, PAGE_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response


def register_html_policy(app: Flask) -> None:
    app.after_request(_default_policy)
