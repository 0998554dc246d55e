"""Views rendered once per (match, seq, reader, language) and kept per web process (issue
40): each reader gets the view made for it and no other (player 0, player 1, the
scorekeeper, a judge; English, Portuguese), the same as a process without the cache answers;
a new event (an action, a rewind) is seen at once; a frozen match is never served from it."""

from __future__ import annotations

import pytest

from tests.api.helpers import SECRET, ApiClient, create_match, ok
from tests.api.test_console import signed_in
from tests.api.test_hidden_information import assert_nothing_hidden, hidden_from
from tests.browser.test_judge_console import log_actions

pytestmark = pytest.mark.integration

LANGUAGES = ("en", "pt-BR")
KINDS = ("state", "timeline", "events", "")   # "": the summary


@pytest.fixture
def uncached(redis_client, redis_url):
    """A second web process on the same Redis that keeps no view."""
    from app import create_app

    return create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                       "REFEREE_TOKEN_SECRET": SECRET, "REFEREE_VIEW_CACHE_SIZE": 0,
                       "REFEREE_READ_LIMIT": "0", "REFEREE_CONSOLE_READ_LIMIT": "0"},
                      redis_client=redis_client)


@pytest.fixture
def game(judge):
    created = create_match(judge)
    log_actions(judge.with_token(created["tokens"]["scorekeeper"]), created["match_id"], 8)
    return created


def readers(judge: ApiClient, game: dict) -> dict[str, ApiClient]:
    return {"judge": judge, "scorekeeper": judge.with_token(game["tokens"]["scorekeeper"]),
            "player 0": judge.with_token(game["tokens"]["0"]),
            "player 1": judge.with_token(game["tokens"]["1"])}


def views(client: ApiClient, match_id: str) -> dict[tuple[str, str], object]:
    return {(kind, lang): ok(client.get(f"/v1/matches/{match_id}/{kind}".rstrip("/") + f"?lang={lang}"))
            for lang in LANGUAGES for kind in KINDS}


def assert_each_reader_gets_its_own(api_app, uncached, judge, game) -> None:
    match_id = game["match_id"]
    elsewhere = ApiClient(uncached.test_client(), None)
    for _ in range(2):   # made, then read from the cache, each reader in turn
        for name, client in readers(judge, game).items():
            assert views(client, match_id) == views(elsewhere.with_token(client.token), match_id), name


def test_each_reader_and_language_gets_its_own_view_made_once(api_app, uncached, judge, game):
    before = kept(api_app)   # what logging the game kept (its summaries)
    assert_each_reader_gets_its_own(api_app, uncached, judge, game)
    # Each (reader, kind, language) made once: the judge's and the scorekeeper's full views,
    # each player's own (the summaries are alike, kept apart all the same); the events a judge
    # or a scorekeeper reads are the stored ones, as they are (nothing made).
    assert kept(api_app) - before == 4 * len(KINDS) * len(LANGUAGES) - 2 * len(LANGUAGES)
    player_1 = readers(judge, game)["player 1"]
    state = ok(player_1.get(f"/v1/matches/{game['match_id']}/state"))
    full = ok(judge.get(f"/v1/matches/{game['match_id']}/state"))
    assert state != full and state["seq"] == full["seq"]
    assert_nothing_hidden(str(state), hidden_from(full, 1), "player 1's kept state")


def kept(app) -> int:
    """How many views ``app`` keeps."""
    from app.view_cache import rendered_views

    with app.app_context():
        return len(rendered_views())


def test_a_new_event_and_a_rewind_are_seen_at_once(api_app, uncached, judge, game):
    match_id = game["match_id"]
    before = kept(api_app)
    assert_each_reader_gets_its_own(api_app, uncached, judge, game)
    made = kept(api_app) - before
    head = ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"]
    log_actions(judge.with_token(game["tokens"]["scorekeeper"]), match_id, 1)
    before = kept(api_app)
    assert_each_reader_gets_its_own(api_app, uncached, judge, game)
    assert kept(api_app) - before == made    # made again for the new head, each reader's own
    assert ok(judge.get(f"/v1/matches/{match_id}/state"))["seq"] == head + 1
    ok(judge.post(f"/v1/matches/{match_id}/rewind", {"to_seq": head - 2, "reason": "test"}), 201)
    assert_each_reader_gets_its_own(api_app, uncached, judge, game)
    assert ok(judge.get(f"/v1/matches/{match_id}/state"))["seq"] == head + 2
    assert ok(judge.get(f"/v1/matches/{match_id}/timeline"))[-1]["type"] == "Rewound"


def test_the_console_board_is_each_readers_own_and_follows_the_match(api_app, uncached, judge, game):
    match_id = game["match_id"]
    fragment = f"/console/matches/{match_id}/fragment"
    full = ok(judge.get(f"/v1/matches/{match_id}/state"))
    before = kept(api_app)
    pages = {}
    for app_ in (api_app, uncached):
        for seat in ("0", "1", "scorekeeper"):
            browser, _ = signed_in(app_, game["tokens"][seat])
            pages[app_, seat] = [browser.get(f"{fragment}?lang={lang}").get_data(True)
                                 for lang in LANGUAGES for _ in range(2)]
    for seat in ("0", "1", "scorekeeper"):
        assert pages[api_app, seat] == pages[uncached, seat], seat
    assert kept(api_app) - before == 3 * len(LANGUAGES) and kept(uncached) == 0
    assert_nothing_hidden(pages[api_app, "1"][0], hidden_from(full, 1), "player 1's kept board")
    assert_nothing_hidden(pages[api_app, "0"][0], hidden_from(full, 0), "player 0's kept board")
    browser, _ = signed_in(api_app, game["tokens"]["0"])
    before = browser.get(fragment).get_data(True)
    seq = log_actions(judge.with_token(game["tokens"]["scorekeeper"]), match_id, 1)
    after = browser.get(fragment).get_data(True)
    assert f'data-head="{seq}"' in after and f'data-head="{seq}"' not in before


def test_a_frozen_match_is_never_served_from_the_cache(api_app, judge, game, store):
    match_id = game["match_id"]
    browser, _ = signed_in(api_app, game["tokens"]["0"])
    fragment = f"/console/matches/{match_id}/fragment"
    before = kept(api_app)
    assert "integrity: frozen" not in browser.get(fragment).get_data(True)
    ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    assert not ok(judge.get(f"/v1/matches/{match_id}"))["integrity"]["frozen"]
    size = kept(api_app)
    assert size == before + 2   # the timeline, the summary (the board was kept at signing in)
    store.freeze(match_id, 3, "altered", "test")
    assert "integrity: frozen" in browser.get(fragment).get_data(True)
    answer = judge.get(f"/v1/matches/{match_id}/timeline")
    assert answer.status_code == 200 and answer.headers["Referee-Integrity"].startswith("frozen")
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["integrity"]["frozen"] and summary["integrity"]["first_bad_seq"] == 3
    assert kept(api_app) == size    # nothing made for the frozen match was kept
