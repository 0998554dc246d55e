"""The judges' console: server-rendered pages at ``/`` for people at the tables.

* ``/`` — sign in with a token, then the page of what that role may do: judges (and admins)
  the tables, a player or a scorekeeper the board of their match;
* ``/console/tables`` — the event's matches, filterable, kept live by ``…/tables/live``
  (Server-Sent Events), with the judges' queue;
* ``/console/matches/<id>`` — the board, the narrated timeline, the time slider (``?at=``),
  the legal actions as buttons and the judging forms.

Pages are rendered here from the reader's own view (``app.console.pages``); the script
(``static/console.js``) only swaps in fragments rendered the same way and sends what the
person clicks to the public API, with the session cookie and its CSRF token
(``app.session_cookie``). Every page works without the script, except sending.

Pages speak the reader's language (``app.console.i18n``): the header's picker links to the
same page with ``?lang=``; that choice is kept in a cookie (``LANGUAGE_COOKIE``) and read on
every console page after it, before ``Accept-Language`` (a ``lang`` parameter still wins). The
script sends the page's language to the API (``Accept-Language``), so refusals read alike.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse  # what a view may answer: flask's or a redirect

from app.auth import Principal, console_sessions, dev_mode, liveness, session_principal, token_store
from app.console import pages, tfg_board
from app.console.i18n import _, language, language_links, ngettext, script_messages, tr
from app.errors import answer_for, problem
from app.extensions import get_context
from app.html_policy import secure_html
from app.session_cookie import (
    clear_session,
    cookie_secure,
    cross_site,
    csrf_ok,
    csrf_token,
    session_ids,
    session_valid_until,
    set_session,
)
from app.stream_slots import acquire_stream_slot
from projections import penalties as guideline
from projections.display_names import event_type_name, ruleset_name, subject_name
from projections.i18n import LANGUAGES
from projections.local_time import UnknownTimeZone
from projections.messages import LANGUAGE, msg

bp = Blueprint("console", __name__, template_folder="templates", static_folder="static",
               static_url_path="/console/static")

TABLES_POLL_SECONDS = 1.0
TABLES_STREAM_SECONDS = 300.0
MATCH_STATUSES = ("setup", "playing", "sudden_death", "finished")
LANGUAGE_COOKIE = "referee_lang"
LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600


@bp.record_once
def _console_globals(state: Any) -> None:
    # Globals (not a context processor): imported macros see them too.
    state.app.jinja_env.globals.update({"_": _, "ngettext": ngettext, "tr": tr,
                                        "time_ago": pages.time_ago,
                                        "event_type_name": event_type_name,
                                        "ruleset_name": ruleset_name, "subject_name": subject_name,
                                        "health_notices": pages.health_notices,
                                        "penalty_labels": guideline.labels,
                                        "tfg_drawing": tfg_board.drawing})


@bp.before_request
def _language() -> None:
    """``?lang=`` (already chosen app-wide) is remembered; without it, the remembered choice
    wins over ``Accept-Language``."""
    if "lang" in request.args:
        g.console_language = language()
        return
    remembered = request.cookies.get(LANGUAGE_COOKIE)
    if remembered in LANGUAGES and remembered != language():
        LANGUAGE.set(remembered)


@bp.after_request
def _remember_language(response: Response) -> BaseResponse:
    chosen = g.pop("console_language", None)
    if chosen is not None and chosen != request.cookies.get(LANGUAGE_COOKIE):
        response.set_cookie(LANGUAGE_COOKIE, chosen, max_age=LANGUAGE_COOKIE_SECONDS, path="/",
                            secure=cookie_secure(), httponly=True, samesite="Lax")
    return response


def _page(template: str, status: int = 200, **context: Any) -> BaseResponse:
    body = render_template(template, csrf=csrf_token(), messages=script_messages(),
                           dev_mode=dev_mode(), language=language(),
                           languages=language_links(request.path, request.args), **context)
    response = Response(body, status=status, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return secure_html(response)


def _signed_in() -> Principal | None:
    try:
        return session_principal()
    except Exception:  # noqa: BLE001 - no token store (no secret): nobody is signed in
        return None


def _require_person() -> Principal:
    who = _signed_in()
    if who is None:
        abort(redirect(url_for("console.home"), 303))
    return who


@bp.errorhandler(Exception)
def _error_page(error: Exception) -> BaseResponse:
    """The API's answer to the same error, as a page a person can read."""
    if isinstance(error, HTTPException) and isinstance(error.response, BaseResponse):
        return error.response  # a redirect to the sign-in page
    answer = answer_for(error)
    if answer.status_code in (301, 302, 303):
        return answer
    problem = answer.get_json(silent=True) or {}
    return _page("console/error.html", status=answer.status_code, problem=problem,
                 who=_signed_in())


# ---------------------------------------------------------------------- signing in

@bp.route("/", methods=["GET"])
def home() -> BaseResponse:
    who = _signed_in()
    if who is None:
        return _page("console/sign_in.html", who=None, failed=False)
    if who.match_id and who.role in ("player", "scorekeeper"):
        return redirect(url_for("console.match", match_id=who.match_id), 303)
    return redirect(url_for("console.tables"), 303)


@bp.route("/console/sign-in", methods=["POST"])
def sign_in() -> BaseResponse:
    if cross_site():  # login CSRF: another site's form would sign the visitor in as its owner
        problem(403, msg("Forbidden"),
                msg("A sign-in must come from this site's own page; one sent from another "
                    "site is refused."))
    token = (request.form.get("token") or "").strip()
    record = token_store().lookup(token) if token and not dev_mode() else None
    if record is None:
        return _page("console/sign_in.html", status=401, who=None, failed=True)
    response = redirect(url_for("console.home"), 303)
    set_session(response, record["token_id"])
    return response


@bp.route("/console/sign-out", methods=["POST"])
def sign_out() -> BaseResponse:
    if not (csrf_ok() or request.form.get("csrf") == csrf_token()):
        abort(403)
    ids = session_ids()
    if ids is not None:  # ended on the server: the cookie replayed is nobody
        console_sessions().end(ids[1], session_valid_until())
    response = redirect(url_for("console.home"), 303)
    clear_session(response)
    return response


# ---------------------------------------------------------------------- tables

def _tables_of(who: Principal) -> pages.Tables:
    status = request.args.get("status") or None
    if status not in MATCH_STATUSES:
        status = None
    player = (request.args.get("player") or "").strip()[:100] or None
    return pages.tables(get_context(), status, player, with_queue=who.role == "judge",
                        queue_at=request.args.get("queue_page", 1, type=pages.page_number))


def _require_tables_reader() -> Principal:
    who = _require_person()
    if who.role not in ("judge", "admin"):
        abort(403)
    return who


@bp.route("/console/tables", methods=["GET"])
def tables() -> BaseResponse:
    who = _require_tables_reader()
    return _page("console/tables.html", who=who, tables=_tables_of(who),
                 statuses=MATCH_STATUSES, filters=request.args)


@bp.route("/console/tables/fragment", methods=["GET"])
def tables_fragment() -> BaseResponse:
    who = _require_tables_reader()
    return _page("console/_tables.html", who=who, tables=_tables_of(who))


@bp.route("/console/tables/live", methods=["GET"])
def tables_live() -> BaseResponse:
    """Server-Sent Events: ``changed`` whenever the tables or the queue change (the page then
    fetches the fragment again), for up to ``TABLES_STREAM_SECONDS``."""
    who = _require_tables_reader()
    ctx = get_context()
    poll = float(current_app.config.get("REFEREE_CONSOLE_POLL_SECONDS", TABLES_POLL_SECONDS))
    length = float(current_app.config.get("REFEREE_CONSOLE_STREAM_SECONDS", TABLES_STREAM_SECONDS))
    with_queue = who.role == "judge"
    still_live = liveness(who).alive

    def generate() -> Iterator[str]:
        seen = pages.tables(ctx, None, None, with_queue).fingerprint
        deadline = time.monotonic() + length
        yield f"retry: 2000\nevent: hello\ndata: {seen}\n\n"
        while time.monotonic() < deadline:
            time.sleep(poll)
            if not still_live():  # revoked, expired or signed out: end within one poll
                return
            now = pages.tables(ctx, None, None, with_queue).fingerprint
            if now != seen:
                seen = now
                yield f"event: changed\ndata: {now}\n\n"
            else:
                yield ": keep-alive\n\n"

    slot = acquire_stream_slot(who, None)
    response = Response(stream_with_context(slot.hold(generate())), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(slot.release)
    return response


# ---------------------------------------------------------------------- one match

def _board_of(match_id: str) -> tuple[Principal, pages.Board]:
    who = _require_person()
    if not pages.may_read(who, match_id):
        abort(403)
    at_text = request.args.get("at")
    at = None
    if at_text:
        if not at_text.isdigit() or len(at_text) > 15:
            abort(422)
        at = int(at_text)
    return who, pages.board(get_context(), who, match_id, at)


def _board_context(who: Principal, board: pages.Board) -> dict[str, Any]:
    return {"who": who, "board": board, "penalties": pages.penalty_names(),
            "choices": pages.FORM_CHOICES, "event_types": pages.stream_event_types(),
            "event_names": {kind: tr(event_type_name(kind)) for kind in pages.stream_event_types()}}


@bp.route("/console/matches/<match_id>", methods=["GET"])
def match(match_id: str) -> BaseResponse:
    who, board = _board_of(match_id)
    return _page("console/match.html", **_board_context(who, board))


@bp.route("/console/matches/<match_id>/fragment", methods=["GET"])
def match_fragment(match_id: str) -> BaseResponse:
    who, board = _board_of(match_id)
    return _page("console/_match.html", **_board_context(who, board))


# ---------------------------------------------------------------------- a paper game's choices

PAPER_NAMED_MAX = 60          # cards named in one question (a deck's worth)
PAPER_CARD_ID_MAX = 40


def _card_ids(name: str) -> list[str]:
    values = request.args.getlist(name)
    if len(values) > PAPER_NAMED_MAX or any(not v or len(v) > PAPER_CARD_ID_MAX for v in values):
        abort(422)
    return values


@bp.route("/console/matches/<match_id>/paper/<int:seat>", methods=["GET"])
def paper_fragment(match_id: str, seat: int) -> BaseResponse:
    """What a card named at a paper table may do (``?play=`` the card from the hand, ``?with=``
    other hand cards it uses; or ``?found=`` what a search found), as buttons to send."""
    who = _require_person()
    if not pages.may_read(who, match_id) or seat not in pages.acting_seats(who):
        abort(403)
    play = _card_ids("play")
    found = _card_ids("found")
    if len(play) > 1 or bool(play) == bool(found):
        abort(422)
    options = pages.paper_options(get_context(), who, match_id, seat, play[0] if play else None,
                                  _card_ids("with"), found)
    return _page("console/_paper_options.html", who=who, options=options)


CARD_QUERY_MAX = 60


@bp.route("/console/matches/<match_id>/cards", methods=["GET"])
def cards_named(match_id: str) -> BaseResponse:
    """The cards whose name holds ``?q=`` (in any language), as a card picker's options: a
    judge's deck check names the cards found that the list does not have. Judges only."""
    who = _require_person()
    if who.role != "judge":
        abort(403)
    query = request.args.get("q", "")
    if len(query) > CARD_QUERY_MAX:
        abort(422)
    return _page("console/_card_options.html", who=who, cards=pages.cards_named(get_context(), match_id, query))


@bp.route("/console/matches/<match_id>/slip", methods=["GET"])
def slip(match_id: str) -> BaseResponse:
    """The match slip: one A4 page to print and sign (``?tz=`` an IANA time zone: the
    event's or the reader's; UTC without one)."""
    who = _require_person()
    if not pages.may_read(who, match_id):
        abort(403)
    try:
        shown = pages.match_slip(get_context(), who, match_id, request.args.get("tz"))
    except UnknownTimeZone as exc:
        problem(422, msg("Not a time zone"),
                msg("%(zone)s is not a time zone of the tz database (say e.g. America/Sao_Paulo, or UTC).",
                    zone=repr(str(exc))), errors={"query": {"tz": [msg("Unknown time zone.")]}})
    return _page("console/slip.html", who=who, slip=shown, divisions=pages.division_words())
