"""Login CSRF in a real browser: a page of another site that posts the console's sign-in form
(with the attacker's token) does not sign the visitor in; the console's own page does."""

from __future__ import annotations

import html
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from app.session_cookie import COOKIE_NAME
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.integration


@contextmanager
def _attacker_site(form_action: str, token: str) -> Iterator[str]:
    """A page of another site that posts ``token`` to ``form_action`` as soon as it loads."""
    page = (f'<!doctype html><form id="f" method="post" action="{html.escape(form_action)}">'
            f'<input type="hidden" name="token" value="{html.escape(token)}"></form>'
            '<script>document.getElementById("f").submit()</script>').encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        # localhost, not 127.0.0.1 (the console's host): another site to the browser
        yield f"http://localhost:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def attacker(site) -> Iterator[tuple[str, str]]:
    token = site.token("judge", "Mallory")
    with _attacker_site(site.url + "/console/sign-in", token) as url:
        yield url, token


def test_another_sites_form_does_not_sign_the_visitor_in(site, page, attacker):
    evil_url, _token = attacker
    with page.expect_response(lambda r: r.url.endswith("/console/sign-in")) as answer:
        page.goto(evil_url)
    assert answer.value.status == 403
    assert answer.value.request.headers.get("origin", "").startswith("http://localhost:")
    assert not [c for c in page.context.cookies(site.url) if c["name"] == COOKIE_NAME]
    page.goto(site.url + "/")
    expect(page.get_by_label("Token")).to_be_visible()  # still signed out

    own = site.token("judge", "Judy")
    sign_in(page, site, own)  # the console's own page signs in
    expect(page.get_by_role("heading", name="Tables")).to_be_visible()
    assert [c for c in page.context.cookies(site.url) if c["name"] == COOKIE_NAME]
