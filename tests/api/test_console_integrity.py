"""The console says what was checked (issue 42): a match's "Integrity" is *anchored at seq N,
T ago*, *not yet anchored* or *checks paused: no worker* (never a bare "ok"), and the pages of
the event's staff carry a banner while ``GET /v1/health`` says degraded."""

from __future__ import annotations

import re

import pytest

from events.config import DEFAULT_QUEUE
from events.jobqueue import get_queue
from tests.api.helpers import create_match, ok
from tests.api.test_console import signed_in
from tests.browser.test_judge_console import log_actions

pytestmark = pytest.mark.integration

BANNER = 'id="health-banner"'


def integrity_cell(page: str, match_id: str) -> str:
    row = re.search(rf'<tr data-match="{match_id}">(.*?)</tr>', page, re.S).group(1)
    return re.search(r'class="[^"]*integrity[^"]*" data-integrity="(\w+)"[^>]*>([^<]*)<',
                     row).group(1, 2)


@pytest.fixture
def live_worker(redis_bytes):
    """A worker registered on the queue as alive (it takes no job)."""
    from rq import Worker

    worker = Worker([get_queue(redis_bytes, DEFAULT_QUEUE)], connection=redis_bytes)
    worker.register_birth()
    yield worker
    worker.register_death()


def run_the_jobs(redis_bytes, monkeypatch, redis_url) -> None:
    from workers.runner import build_worker

    monkeypatch.setenv("REDIS_URL", redis_url)         # what a worker process has
    assert build_worker(redis_bytes, simple=True).work(burst=True)


def test_integrity_says_checks_are_paused_while_no_worker_runs_with_a_banner(api_app, judge):
    created = create_match(judge)
    match_id = created["match_id"]
    log_actions(judge.with_token(created["tokens"]["scorekeeper"]), match_id, 3)
    assert ok(judge.get("/v1/health"))["status"] == "degraded"   # jobs wait, no worker

    browser, _ = signed_in(api_app, judge.token)
    page = browser.get("/console/tables").get_data(True)
    assert integrity_cell(page, match_id) == ("paused", "checks paused: no worker")
    banner = page[page.index(BANNER):page.index("</div>", page.index(BANNER))]
    assert 'role="alert"' in banner and "The service is degraded." in banner
    assert re.search(r"Background checks are paused: no worker is running, and \d+ jobs wait",
                     banner)
    board = browser.get(f"/console/matches/{match_id}").get_data(True)
    assert 'data-integrity="paused"' in board and BANNER in board
    # a player is not told about the service's workers
    player, _ = signed_in(api_app, created["tokens"]["0"])
    assert BANNER not in player.get(f"/console/matches/{match_id}").get_data(True)


def test_integrity_says_not_yet_anchored_then_anchored_at_the_head(
        api_app, judge, redis_bytes, live_worker, monkeypatch, redis_url):
    created = create_match(judge)
    match_id = created["match_id"]
    head = log_actions(judge.with_token(created["tokens"]["scorekeeper"]), match_id, 3)
    browser, _ = signed_in(api_app, judge.token)

    page = browser.get("/console/tables").get_data(True)
    assert integrity_cell(page, match_id) == ("unanchored", "not yet anchored")

    run_the_jobs(redis_bytes, monkeypatch, redis_url)
    assert ok(judge.get("/v1/health"))["status"] == "ok"
    page = browser.get("/console/tables").get_data(True)
    state, text = integrity_cell(page, match_id)
    assert state == "anchored"
    assert re.fullmatch(rf"anchored at seq {head}, \d+ seconds? ago", text), text
    assert BANNER not in page
    board = browser.get(f"/console/matches/{match_id}").get_data(True)
    assert f'data-integrity="anchored" data-seq="{head}"' in board


def test_the_tables_stream_changes_when_a_match_is_anchored(api_app, judge, redis_bytes,
                                                            live_worker, monkeypatch, redis_url):
    from app.console import pages
    from app.extensions import get_context

    created = create_match(judge)
    log_actions(judge.with_token(created["tokens"]["scorekeeper"]), created["match_id"], 2)
    with api_app.app_context():
        before = pages.tables(get_context(), None, None, with_queue=False).fingerprint
        run_the_jobs(redis_bytes, monkeypatch, redis_url)
        assert pages.tables(get_context(), None, None, with_queue=False).fingerprint != before


@pytest.mark.parametrize("seconds, words", [
    (0, "0 seconds"), (1, "1 second"), (59, "59 seconds"), (60, "1 minute"),
    (7200, "2 hours"), (86400 * 3 + 5, "3 days"),
])
def test_time_ago_takes_the_largest_whole_unit(seconds, words):
    from app.console.pages import time_ago

    assert time_ago(seconds) == words
