"""Browser tests: Debian's Chromium driven by Playwright (Python) against the real service
(werkzeug's threaded server on a real redis-server), no browser download.

Fixtures:
  chromium     session: the browser, launched from CHROMIUM (default /usr/bin/chromium)
  site         the console's app on a free port: ``site.url``, ``site.app``, ``site.token(role…)``
  page         a fresh browser context and page (1280 × 800), closed after the test
  artifacts    where screenshots go (REFEREE_TEST_ARTIFACTS, default ./test-artifacts/browser)

Helpers: ``sign_in`` (a token typed in the sign-in form), ``worker_running`` (a real worker
process while a block runs); a judge's steps on the event pages are in ``event_steps``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.api.helpers import ApiClient
from tests.reliability.helpers import serve

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SECRET = "browser-test-secret-" + "b" * 24
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--disable-background-networking", "--disable-component-update",
               "--disable-default-apps", "--disable-sync", "--no-first-run",
               "--disable-features=Translate,MediaRouter,OptimizationHints"]

pytestmark = pytest.mark.integration


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} not found: `apt-get install chromium` (what .ci/run does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=LAUNCH_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def artifacts(request) -> Path:
    root = Path(os.environ.get("REFEREE_TEST_ARTIFACTS", "test-artifacts")) / "browser"
    root.mkdir(parents=True, exist_ok=True)
    return root


@dataclass
class Site:
    url: str
    app: Any
    redis: Any

    def token(self, role: str, subject: str, **binding: Any) -> str:
        from app.auth import TokenStore

        token, _ = TokenStore(self.redis, SECRET).issue(role, subject, **binding)
        return token

    def api(self, token: str) -> ApiClient:
        return ApiClient(self.app.test_client(), token)


@pytest.fixture
def site(redis_client, redis_url) -> Iterator[Site]:
    from app import create_app
    from projections.tcg.randomness import SeededRandomness

    source = SeededRandomness(11)
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                      "REFEREE_TOKEN_SECRET": SECRET, "REFEREE_SSE_BLOCK_MS": 100,
                      "REFEREE_CONSOLE_POLL_SECONDS": 0.2,
                      "REFEREE_RANDOMNESS": lambda: source}, redis_client=redis_client)
    with serve(app) as url:
        yield Site(url, app, redis_client)


@pytest.fixture
def page(chromium) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


def sign_in(page: Any, site: Site, token: str) -> None:
    page.goto(site.url + "/")
    page.get_by_label("Token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state("domcontentloaded")


@contextmanager
def worker_running(redis_url: str) -> Iterator[None]:
    """A real worker process on the service's job queue while the block runs: it runs the
    background jobs (hash chains checked and anchored, read models) and the pages see a
    worker registered. Stopped afterwards, with its work horse (its process group)."""
    code = ("import os; from workers.runner import run_worker; "
            "run_worker(os.environ['REDIS_URL'], with_scheduler=False)")
    process = subprocess.Popen([sys.executable, "-c", code], env={**os.environ, "REDIS_URL": redis_url},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        yield
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(20)
