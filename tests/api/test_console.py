"""The console's sign-in and what each role's pages hold: the session cookie names a token
and never holds it, reads with it, writes only with its CSRF token, dies with the token;
every console route against every kind of caller; a player's pages hold no hidden card."""

from __future__ import annotations

import re

import pytest

from app.session_cookie import COOKIE_NAME, CSRF_HEADER
from tests.api.helpers import create_match, ok
from tests.api.test_hidden_information import assert_nothing_hidden, hidden_from
from tests.browser.test_judge_console import log_actions

pytestmark = pytest.mark.integration

CSRF = re.compile(r'name="csrf-token" content="([0-9a-f]*)"')


def signed_in(api_app, token: str):
    """A fresh browser-like client signed in with ``token``; (client, csrf)."""
    browser = api_app.test_client()
    answer = browser.post("/console/sign-in", data={"token": token})
    assert answer.status_code == 303, answer.get_data(True)
    page = browser.get("/", follow_redirects=True)
    return browser, CSRF.search(page.get_data(True)).group(1)


@pytest.fixture
def game(judge):
    created = create_match(judge)
    log_actions(judge.with_token(created["tokens"]["scorekeeper"]), created["match_id"], 10)
    return created


def test_the_session_cookie_names_the_token_and_is_locked_down(api_app, judge, game):
    token = game["tokens"]["0"]
    browser = api_app.test_client()
    answer = browser.post("/console/sign-in", data={"token": token})
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE_NAME}=")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert token not in cookie and token[:12] not in cookie
    assert answer.headers["Location"] == "/"


def test_the_cookie_reads_but_writes_only_with_its_csrf_token(api_app, judge, game):
    match_id = game["match_id"]
    browser, csrf = signed_in(api_app, game["tokens"]["scorekeeper"])
    assert ok(browser.get(f"/v1/matches/{match_id}/state"))["seq"] > 1
    head = ok(browser.get(f"/v1/matches/{match_id}"))["last_seq"]
    body = {"seat": 0, "action": {"type": "concede"}}
    for headers in ({}, {CSRF_HEADER: "0" * 64}, {CSRF_HEADER: ""}):
        refused = browser.post(f"/v1/matches/{match_id}/actions", json=body, headers=headers)
        assert refused.status_code == 401, headers
    assert ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"] == head  # nothing appended
    another, other_csrf = signed_in(api_app, game["tokens"]["1"])
    assert other_csrf != csrf  # one session's CSRF token is not another's
    assert browser.post(f"/v1/matches/{match_id}/actions", json=body,
                        headers={CSRF_HEADER: other_csrf}).status_code == 401
    accepted = browser.post(f"/v1/matches/{match_id}/actions", json=body,
                            headers={CSRF_HEADER: csrf})
    assert accepted.status_code == 201
    assert ok(judge.get(f"/v1/matches/{match_id}/events?from={head + 1}"))[0]["actor"]["role"] \
        == "scorekeeper"


def test_a_revoked_token_ends_its_sessions_and_a_forged_cookie_is_nobody(api_app, judge, game,
                                                                         redis_client):
    from app.auth import TokenStore
    from tests.api.helpers import SECRET

    match_id = game["match_id"]
    browser, _ = signed_in(api_app, game["tokens"]["scorekeeper"])
    assert browser.get(f"/console/matches/{match_id}").status_code == 200
    store = TokenStore(redis_client, SECRET)
    store.revoke(store.lookup(game["tokens"]["scorekeeper"])["token_id"])
    assert browser.get(f"/console/matches/{match_id}").status_code == 303
    assert browser.get(f"/v1/matches/{match_id}/state").status_code == 401

    judge_token_id = ok(judge.get("/v1/whoami"))["token_id"]
    forged = api_app.test_client()
    forged.set_cookie(COOKIE_NAME, f"eyJ0IjoiJ{judge_token_id}.aaaa.bbbb")
    assert forged.get("/console/tables").status_code == 303
    assert forged.get(f"/v1/matches/{match_id}/state").status_code == 401


def test_sign_in_refuses_an_unknown_token_and_sign_out_needs_the_page(api_app, judge, game):
    refused = api_app.test_client().post("/console/sign-in", data={"token": "x" * 43})
    assert refused.status_code == 401
    assert "Set-Cookie" not in refused.headers
    browser, csrf = signed_in(api_app, game["tokens"]["0"])
    assert browser.post("/console/sign-out", data={"csrf": "nope"}).status_code == 403
    out = browser.post("/console/sign-out", data={"csrf": csrf})
    assert out.status_code == 303 and f"{COOKIE_NAME}=;" in out.headers["Set-Cookie"]


# every console route: (path, who reads it); everyone else 403, nobody signed in 303
CONSOLE_ROUTES = {
    "console.tables": ("/console/tables", {"judge", "admin"}),
    "console.tables_fragment": ("/console/tables/fragment", {"judge", "admin"}),
    "console.tables_live": ("/console/tables/live", {"judge", "admin"}),
    "console.match": ("/console/matches/{m}", {"judge", "scorekeeper", "player0", "player1"}),
    "console.match_fragment": ("/console/matches/{m}/fragment?at=3",
                               {"judge", "scorekeeper", "player0", "player1"}),
    "console.paper_fragment": ("/console/matches/{m}/paper/0?found=base1-4", {"judge", "scorekeeper", "player0"}),
    "console.slip": ("/console/matches/{m}/slip", {"judge", "scorekeeper", "player0", "player1"}),
    "console.cards_named": ("/console/matches/{m}/cards?q=char", {"judge"}),
}
OPEN_CONSOLE_ROUTES = {"console.home": "/", "console.static": "/console/static/console.css"}
SESSION_ROUTES = {"console.sign_in", "console.sign_out"}   # tested above


def test_every_console_route_against_every_kind_of_caller(api_app, judge, admin, game,
                                                          redis_client):

    api_app.config["REFEREE_CONSOLE_STREAM_SECONDS"] = 0.2
    api_app.config["REFEREE_CONSOLE_POLL_SECONDS"] = 0.05
    console = {r.endpoint for r in api_app.url_map.iter_rules() if r.endpoint.startswith("console.")}
    assert console == set(CONSOLE_ROUTES) | set(OPEN_CONSOLE_ROUTES) | SESSION_ROUTES
    other = create_match(judge)
    tokens = {"judge": judge.token, "admin": admin.token,
              "scorekeeper": game["tokens"]["scorekeeper"], "player0": game["tokens"]["0"],
              "player1": game["tokens"]["1"],
              "scorekeeper_other": other["tokens"]["scorekeeper"]}
    wrong = []
    for who, token in [("nobody", None), *tokens.items()]:
        browser = signed_in(api_app, token)[0] if token else api_app.test_client()
        for endpoint, (template, readers) in CONSOLE_ROUTES.items():
            got = browser.get(template.format(m=game["match_id"])).status_code
            expected = 303 if who == "nobody" else 200 if who in readers else 403
            if got != expected:
                wrong.append(f"{endpoint} as {who}: {got}, expected {expected}")
        for endpoint, path in OPEN_CONSOLE_ROUTES.items():
            if browser.get(path).status_code not in (200, 303):
                wrong.append(f"{endpoint} as {who}")
    assert not wrong, "\n".join(wrong)


def test_a_players_console_pages_hold_no_hidden_card_at_any_seq(api_app, judge, game):
    match_id = game["match_id"]
    browser, _ = signed_in(api_app, game["tokens"]["1"])
    head = ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"]
    for seq in range(1, head + 1):
        full = ok(judge.get(f"/v1/matches/{match_id}/state?at={seq}"))
        shown = browser.get(f"/console/matches/{match_id}/fragment?at={seq}").get_data(True)
        assert_nothing_hidden(shown, hidden_from(full, 1) - _seen_by_player(judge, game, 1),
                              f"seat 1's board at seq {seq}")
    page = browser.get(f"/console/matches/{match_id}").get_data(True)
    assert 'id="form-ruling"' not in page and 'data-seat="0"' not in page


def _seen_by_player(judge, game, seat) -> set[str]:
    """Instances the API itself showed the player at some point (its own draws...)."""
    player = judge.with_token(game["tokens"][str(seat)])
    text = player.get(f"/v1/matches/{game['match_id']}/timeline").get_data(True)
    return set(re.findall(r"(?<![\w:])\d:u?\d+(?![\w:])", text))


def test_console_pages_refuse_bad_input_with_a_page_not_a_crash(api_app, judge, game):
    browser, _ = signed_in(api_app, judge.token)
    match_id = game["match_id"]
    for path, status in ((f"/console/matches/{match_id}?at=abc", 422),
                         (f"/console/matches/{match_id}?at=99999", 422),
                         (f"/console/matches/{match_id}?at=" + "9" * 40, 422),
                         ("/console/matches/0123456789abcdef", 404),
                         ("/console/matches/%00%ff", 404),
                         ("/console/tables?status=%ff&player=" + "x" * 5000, 200)):
        answer = browser.get(path)
        assert answer.status_code == status, path
        assert answer.mimetype == "text/html"
        assert "Content-Security-Policy" in answer.headers


def test_the_tables_stream_says_changed_when_a_table_moves(api_app, judge, game):
    api_app.config["REFEREE_CONSOLE_STREAM_SECONDS"] = 1.5
    api_app.config["REFEREE_CONSOLE_POLL_SECONDS"] = 0.05
    browser, _ = signed_in(api_app, judge.token)
    answer = browser.get("/console/tables/live", buffered=False)
    chunks = answer.response
    first = next(iter(chunks)).decode()
    assert "event: hello" in first
    log_actions(judge, game["match_id"], 1)
    rest = b"".join(chunks).decode()
    assert "event: changed" in rest


def test_a_figure_game_match_reads_at_the_console_with_its_legal_actions(api_app, judge):
    from tests.api.test_figure_game import create_tfg

    created = create_tfg(judge)
    browser, _ = signed_in(api_app, judge.token)
    page = browser.get(f"/console/matches/{created['match_id']}")
    assert page.status_code == 200
    text = page.get_data(True)
    assert '<svg class="tfg-board"' in text and "button" in text and 'class="act' in text
    assert text.count('class="point kind-') == len(ok(judge.get("/v1/boards/duel-26"))["points"])


def test_a_table_mode_match_asks_for_the_coins_and_offers_deck_checks(api_app, judge):
    """R-TABLE-1: at a paper table the console asks for the flips and the judge records the
    cards found (a deck check) with a previewed reveal."""
    from tests.api.test_table_mode import create_table_match

    created = create_table_match(judge)
    browser, csrf = signed_in(api_app, judge.token)
    page = browser.get(f"/console/matches/{created['match_id']}").get_data(True)
    assert 'id="coins"' in page and 'data-open="form-reveal"' in page
    assert 'data-endpoint="/v1/matches/' + created["match_id"] + '/reveal"' in page
    keeper, _ = signed_in(api_app, created["tokens"]["scorekeeper"])
    assert 'data-open="form-reveal"' not in keeper.get(
        f"/console/matches/{created['match_id']}").get_data(True)


def test_R_DECK_1_a_deck_check_names_the_cards_the_list_lacks_by_searching_any_cards_name(api_app, judge, game):
    browser, _ = signed_in(api_app, judge.token)
    base = f"/console/matches/{game['match_id']}/cards"
    options = re.findall(r'data-card="([^"]+)"', browser.get(f"{base}?q=pika").get_data(True))
    assert options[0] == "base1-58" and len(options) == len(set(options)) > 1   # the match's ruleset first
    assert "sv1-196" in browser.get(f"{base}?q=Ultra%20Bola").get_data(True)   # any card, in any language
    assert 'data-card="' not in browser.get(f"{base}?q=").get_data(True)
    assert browser.get(f"{base}?q=" + "x" * 61).status_code == 422
    assert browser.get("/console/matches/no-such-match/cards?q=pika").status_code == 404
    page = browser.get(f"/console/matches/{game['match_id']}").get_data(True)
    assert f'id="deck-check-extra" data-max="60" data-url="{base}"' in page


def test_a_match_carries_its_table_number_to_every_listing(api_app, judge):
    created = create_match(judge, table=12)
    match_id = created["match_id"]
    assert ok(judge.get(f"/v1/matches/{match_id}"))["table"] == 12
    listed = ok(judge.get("/v1/matches"))["matches"]
    assert [m["table"] for m in listed if m["match_id"] == match_id] == [12]
    browser, _ = signed_in(api_app, judge.token)
    assert "Table 12" in browser.get(f"/console/matches/{match_id}").get_data(True)
    assert '<td class="table-number">12</td>' in browser.get("/console/tables").get_data(True)
    for bad in (0, -1, 100_000, "12", 1.5, True):
        answer = judge.post("/v1/matches", {"players": created_players(), "table": bad})
        assert answer.status_code == 422, bad
        assert "table" in answer.get_json()["errors"]["json"]


def created_players() -> list[dict]:
    return [{"name": "Ana", "deck_name": "fire-fighting"}, {"name": "Beto", "deck_name": "grass-psychic"}]


# ---------------------------------------------------------------------- disputes (issue 40)

def _judges_queue(page_html: str) -> str:
    return page_html[page_html.index('id="queue"'):]


def test_the_judges_queue_shows_every_table_whatever_one_table_does(api_app, judge,
                                                                    monkeypatch):
    """The queue is by table, newest activity first, paged, with counts: a later dispute at
    another table is on the first page however many one table holds."""
    from app.console import pages

    flooded = create_match(judge, table=4)
    for n in range(101):   # a judge's own are not capped (nor were anyone's before the caps)
        ok(judge.post(f"/v1/matches/{flooded['match_id']}/disputes",
                      {"about_seq": 1, "claim": f"flood {n}"}), 201)
    quiet = create_match(judge, table=11)
    beto = judge.with_token(quiet["tokens"]["1"])
    ok(beto.post(f"/v1/matches/{quiet['match_id']}/disputes",
                 {"about_seq": 1, "claim": "Ana drew two cards"}), 201)

    browser, _ = signed_in(api_app, judge.token)
    queue = _judges_queue(browser.get("/console/tables").get_data(True))
    assert "Ana drew two cards" in queue and "Table 11" in queue
    assert queue.index(quiet["match_id"]) < queue.index(flooded["match_id"])
    assert "2 tables wait for a judge" in queue and "102 disputes and appeals open" in queue
    assert "101 open" in queue and "and 98 more" in queue and "flood 3" not in queue

    monkeypatch.setattr(pages, "QUEUE_TABLES_PER_PAGE", 1)
    first = _judges_queue(browser.get("/console/tables/fragment").get_data(True))
    assert quiet["match_id"] in first and flooded["match_id"] not in first
    assert "queue_page=2" in first and "Page 1 of 2" in first
    second = _judges_queue(browser.get("/console/tables/fragment?queue_page=2").get_data(True))
    assert flooded["match_id"] in second and quiet["match_id"] not in second
    for odd in ("abc", "-1", "9" * 40):
        assert quiet["match_id"] in _judges_queue(
            browser.get(f"/console/tables?queue_page={odd}").get_data(True))
    assert flooded["match_id"] in _judges_queue(
        browser.get("/console/tables?queue_page=99").get_data(True))   # past the end: the last


def _with_notes(value) -> list:
    """Every ``notes`` member anywhere in ``value``."""
    if isinstance(value, dict):
        own = [value["notes"]] if "notes" in value else []
        return own + [n for v in value.values() for n in _with_notes(v)]
    if isinstance(value, list):
        return [n for v in value for n in _with_notes(v)]
    return []


def test_a_players_console_gets_no_judges_notes_on_disputes(api_app, judge, head_judge, game):
    """The console filters dispute records by the reader's view at the source, as the API
    does: a ruling's and an appeal decision's notes are the judges' (they may name a hidden
    card)."""
    from app.auth import Principal
    from app.console import pages
    from app.extensions import get_context

    match_id = game["match_id"]
    beto = judge.with_token(game["tokens"]["1"])
    dispute = ok(beto.post(f"/v1/matches/{match_id}/disputes",
                           {"about_seq": 2, "claim": "a second Supporter"}), 201)["dispute_id"]
    ok(judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/ruling",
                  {"decision": "upheld", "notes": "Beto holds Computer Search"}), 201)
    ok(beto.post(f"/v1/matches/{match_id}/disputes/{dispute}/appeal", {"reason": "no"}), 201)
    ok(head_judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/appeal/decision",
                       {"decision": "upheld", "notes": "Ana's Prize card is Bill"}), 201)
    secrets = ("Beto holds Computer Search", "Ana's Prize card is Bill")

    with api_app.test_request_context():
        for seat in (0, 1):
            player = Principal("player", f"seat {seat}", match_id=match_id, seat=seat)
            shown = pages.board(get_context(), player, match_id, None).disputes
            assert shown and shown[0]["ruling"]["decision"] == "upheld"
            assert _with_notes(shown) == [], seat
        judged = pages.board(get_context(), Principal("judge", "J"), match_id, None).disputes
        assert set(_with_notes(judged)) - {None} == set(secrets)

    for seat in ("0", "1"):
        browser, _ = signed_in(api_app, game["tokens"][seat])
        for path in (f"/console/matches/{match_id}", f"/console/matches/{match_id}/fragment"):
            html = browser.get(path).get_data(True)
            assert "a second Supporter" in html
            assert not [s for s in secrets if s in html.replace("&#39;", "'")], (seat, path)
    judges, _ = signed_in(api_app, judge.token)
    html = judges.get(f"/console/matches/{match_id}").get_data(True).replace("&#39;", "'")
    assert all(s in html for s in secrets)     # the judges read them at the console
