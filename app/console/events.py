"""The console's event pages (issue 44 item 1): a tournament event set up in the browser.

* ``/console/events`` — the events, a form to create one (and to import TOM's file);
* ``/console/events/<id>`` — the event screen: every table of a round on one screen (clock,
  games won, game number, open disputes, penalties, integrity, status), the round's start, the
  pairing form, the players with their divisions and the form that registers one with a pasted
  deck list (errors shown by line).

Forms are plain HTML posts (they work without the script), read by the API's own schemas
(``app.event_schemas``) and written by the same service (``app.service.tournament``); a refusal
is the API's problem answer, shown beside the form that caused it (``Refusal``), and nothing
is stored. Judges and admins only, as the API.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from marshmallow import Schema, ValidationError
from werkzeug.wrappers import Response as BaseResponse

from app.auth import Principal, session_principal
from app.console import _page, _require_person, pages
from app.console.i18n import _
from app.errors import answer_for
from app.event_schemas import PairingSchema, PlayerRegisterSchema, TomImportQuerySchema, TournamentCreateSchema
from app.extensions import get_context
from app.routes.matches import match_tokens
from app.service import tournament
from events.decklists import validate_event_id
from projections import penalties as guideline
from projections.errors import FieldProblem, RefereeError
from projections.messages import Message, msg
from projections.tournament.event import DIVISIONS, EventView

bp = Blueprint("console_events", __name__)

DIVISION_WORDS = (msg("Junior"), msg("Senior"), msg("Masters"))   # _(division.capitalize())
EVENTS_PER_PAGE = 50
NUMBERS = ("rounds", "best_of", "round_minutes", "birth_year", "round", "table", "minutes")


@dataclass
class Refusal:
    """Why a form was refused, to show beside it: field -> messages, the deck rules broken,
    and the pasted list's lines with the numbers of the unreadable ones."""

    form: str
    detail: str = ""
    fields: dict[str, list[str]] = field(default_factory=dict)
    violations: list[dict[str, Any]] = field(default_factory=list)
    bad_lines: dict[int, str] = field(default_factory=dict)

    def of(self, name: str) -> list[str]:
        return self.fields.get(name, [])


def _require_organiser() -> Principal:
    """Judges and admins; a post is theirs only with the page's CSRF token (its field)."""
    who: Principal | None
    if request.method == "GET":
        who = _require_person()
    else:
        try:
            who = session_principal(form=True)
        except Exception:  # noqa: BLE001 - no token store (no secret): nobody is signed in
            who = None
    if who is None or who.role not in ("judge", "admin"):
        abort(403)
    return who


def _form(names: tuple[str, ...], lists: tuple[str, ...] = ()) -> dict[str, Any]:
    """The posted fields as the API's JSON would carry them: blanks left out (the defaults
    apply), whole numbers as numbers (anything else stays text, for the schema to refuse)."""
    out: dict[str, Any] = {}
    for name in (*names, *lists):
        if name in lists:
            values = [v.strip() for v in request.form.getlist(name) if v.strip()]
            if values:
                out[name] = values
            continue
        value = (request.form.get(name) or "").strip()
        if not value:
            continue
        out[name] = int(value) if name in NUMBERS and value.isdigit() and len(value) < 10 else value
    return out


def _load(schema: Schema, data: dict[str, Any], form: str) -> dict[str, Any]:
    try:
        return schema.load(data)
    except ValidationError as exc:
        raise _Refused(Refusal(form, fields=_flat(exc.messages))) from None


class _Refused(Exception):
    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.form)
        self.refusal = refusal


def _flat(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    if isinstance(messages, dict):
        for key, value in messages.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            for inner, texts in _flat(value, name).items():
                out.setdefault(inner, []).extend(texts)
    elif isinstance(messages, list | tuple):
        for item in messages:
            for inner, texts in _flat(item, prefix).items():
                out.setdefault(inner, []).extend(texts)
    else:
        out.setdefault(prefix or "_", []).append(str(messages))
    return out


def _refusal(form: str, error: Exception) -> Refusal:
    """The API's answer to ``error``, for the form that caused it."""
    problem = answer_for(error).get_json(silent=True) or {}
    found = Refusal(form, detail=problem.get("detail") or problem.get("title") or "",
                    fields=_flat((problem.get("errors") or {}).get("json") or {}),
                    violations=list(problem.get("violations") or []))
    if isinstance(error, FieldProblem):
        for message in error.errors.get("decklist") or []:
            line = message.values.get("n") if isinstance(message, Message) else None
            if isinstance(line, int):
                found.bad_lines[line] = str(_(message.msgid, **message.values))
    return found


# ---------------------------------------------------------------------- the events

def _listed(who: Principal, status: int = 200, refusal: Refusal | None = None,
            values: dict[str, Any] | None = None) -> BaseResponse:
    """The events page: a page of the events (``?page=``, their summaries), the forms."""
    page = request.args.get("page", 1, type=pages.page_number)
    found, total = tournament.list_events(get_context(), EVENTS_PER_PAGE, (max(page, 1) - 1) * EVENTS_PER_PAGE)
    return _page("console/events.html", status=status, who=who, events=found, total=total, page=max(page, 1),
                 pages=max(1, -(-total // EVENTS_PER_PAGE)), refusal=refusal, values=values or {},
                 divisions=DIVISIONS)


@bp.route("/console/events", methods=["GET"])
def events() -> BaseResponse:
    return _listed(_require_organiser())


@bp.route("/console/events", methods=["POST"])
def create_event() -> BaseResponse:
    who = _require_organiser()
    data = _form(("event_id", "name", "date", "rounds", "best_of", "round_minutes", "mode"), ("divisions",))
    data.setdefault("divisions", [])   # none ticked: none, not the default three
    try:
        body = _load(TournamentCreateSchema(), data, "create")
        made = tournament.create_event(get_context(), body, who.actor)
    except _Refused as refused:
        return _events_again(who, refused.refusal, data)
    except RefereeError as error:
        return _events_again(who, _refusal("create", error), data)
    return redirect(url_for("console_events.event", event_id=made.event_id), 303)


@bp.route("/console/events/import", methods=["POST"])
def import_tom() -> BaseResponse:
    request.max_content_length = tournament.TOM_MAX_BYTES   # before the form is read (signing in reads its token)
    who = _require_organiser()
    upload = request.files.get("file")
    data = _form(("best_of",))
    try:
        query = _load(TomImportQuerySchema(), data, "import")
        if upload is None or not upload.filename:
            raise _Refused(Refusal("import", fields={"file": [_("Choose TOM's file.")]}))
        made = tournament.import_tom(get_context(), upload.read(tournament.TOM_MAX_BYTES + 1), upload.filename, query,
                                     who.actor)
    except _Refused as refused:
        return _events_again(who, refused.refusal, {})
    except RefereeError as error:
        return _events_again(who, _refusal("import", error), {})
    return redirect(url_for("console_events.event", event_id=made.event_id), 303)


def _events_again(who: Principal, refusal: Refusal, values: dict[str, Any]) -> BaseResponse:
    return _listed(who, 422, refusal, values)


# ---------------------------------------------------------------------- one event

def _event_of(event_id: str) -> EventView:
    try:
        validate_event_id(event_id)
    except ValueError:
        abort(404)
    return tournament.load_event(get_context(), event_id)


def _round_shown(view: EventView) -> int | None:
    asked = request.args.get("round", "")
    if asked.isdigit() and len(asked) < 4 and int(asked) in view.pairings:
        return int(asked)
    return view.current_round


def _tables(view: EventView, round_number: int | None) -> list[dict[str, Any]]:
    if round_number is None:
        return []
    ctx = get_context()
    tables = [tournament.table_at_a_glance(t) for t in tournament.round_tables(ctx, view, round_number)]
    frozen = {record["match_id"] for record in ctx.store.list_frozen()}
    alive = pages.workers_alive(ctx) if any(t["match_id"] for t in tables) else None
    now = time.time()
    for table in tables:
        table["startable"] = not table["bye"] and not table["result"] and (
            table["match_id"] is None or (table.get("clock") or {}).get("status") == "not_started")
        for penalty in table["penalties"]:
            named = guideline.labels(penalty)
            infraction = str(named["infraction_label"] or penalty.get("infraction") or "")
            level = str(named["level_label"] or penalty.get("level") or "")
            penalty["shown"] = _("%(player)s: %(infraction)s (%(level)s)", player=penalty.get("player"),
                                 infraction=_(infraction), level=_(level))
        if table["match_id"]:
            table["integrity"] = pages.integrity_of(ctx, table["match_id"], table["match_id"] in frozen,
                                                    alive, now)
    return tables


def _event_page(who: Principal, view: EventView, status: int = 200, refusal: Refusal | None = None,
                values: dict[str, Any] | None = None, issued: list[dict[str, Any]] | None = None,
                done: str | None = None) -> BaseResponse:
    shown_round = _round_shown(view)
    return _page("console/event.html", status=status, who=who, event=view,
                 format_in_force=tournament.format_shown(view), shown_round=shown_round,
                 tables=_tables(view, shown_round), refusal=refusal, values=values or {},
                 divisions=DIVISIONS, done=done or request.args.get("done"), issued=issued or [])


@bp.route("/console/events/<event_id>", methods=["GET"])
def event(event_id: str) -> BaseResponse:
    """``?player=<id>``: the registration form filled in with that player (to paste a list)."""
    who = _require_organiser()
    view = _event_of(event_id)
    known = view.players.get(request.args.get("player") or "")
    values = {"player": {k: v for k, v in known.items() if v is not None}} if known else None
    return _event_page(who, view, values=values)


@bp.route("/console/events/<event_id>/tables", methods=["GET"])
def event_tables(event_id: str) -> BaseResponse:
    """The round's tables alone (what the script swaps in to keep the screen live)."""
    who = _require_organiser()
    view = _event_of(event_id)
    shown_round = _round_shown(view)
    return _page("console/_event_tables.html", who=who, event=view, shown_round=shown_round,
                 tables=_tables(view, shown_round))


def _write(event_id: str, form: str, names: tuple[str, ...], schema: Schema, write: Any,
           lists: tuple[str, ...] = (), done: str = "") -> BaseResponse:
    who = _require_organiser()
    view = _event_of(event_id)
    data = _form(names, lists)
    try:
        body = _load(schema, data, form)
        anchor = write(view, body, who)
    except _Refused as refused:
        return _event_page(who, view, 422, refused.refusal, {form: data})
    except RefereeError as error:
        return _event_page(who, view, 422, _refusal(form, error), {form: data})
    view = _event_of(event_id)
    return redirect(url_for("console_events.event", event_id=event_id, done=done,
                            round=request.form.get("round") or view.current_round or "") + (anchor or ""), 303)


@bp.route("/console/events/<event_id>/players", methods=["POST"])
def register_player(event_id: str) -> BaseResponse:
    def write(view: EventView, body: dict[str, Any], who: Principal) -> str:
        tournament.register_player(get_context(), view.event_id, body, who.actor)
        return f"#player-{body['player_id']}"

    return _write(event_id, "player", ("name", "player_id", "birth_year", "division", "decklist"),
                  PlayerRegisterSchema(), write, done="player")


@bp.route("/console/events/<event_id>/pairings", methods=["POST"])
def pair_table(event_id: str) -> BaseResponse:
    def write(view: EventView, body: dict[str, Any], who: Principal) -> str:
        tournament.pair_table(get_context(), view.event_id, body, who.actor)
        return f"#table-{body['table']}"

    def pairing() -> dict[str, Any]:
        data = _form(("round", "table"), ("players",))
        if request.form.get("bye"):
            data["bye"] = True
            data["players"] = data.get("players", [])[:1]
        return data

    who = _require_organiser()
    view = _event_of(event_id)
    data = pairing()
    try:
        body = _load(PairingSchema(), data, "pairing")
        anchor = write(view, body, who)
    except _Refused as refused:
        return _event_page(who, view, 422, refused.refusal, {"pairing": data})
    except RefereeError as error:
        return _event_page(who, view, 422, _refusal("pairing", error), {"pairing": data})
    return redirect(url_for("console_events.event", event_id=event_id, round=body["round"], done="pairing")
                    + anchor, 303)


@bp.route("/console/events/<event_id>/rounds/start", methods=["POST"])
def start_round(event_id: str) -> BaseResponse:
    """Start the round, and show the new matches' tokens once, on the page this answers (not
    a redirect: the tokens are in no URL and no later page)."""
    who = _require_organiser()
    view = _event_of(event_id)
    data = _form(("round",))
    try:
        if not isinstance(data.get("round"), int):
            raise _Refused(Refusal("start", fields={"round": [_("Choose a round.")]}))
        started = tournament.start_round(get_context(), view.event_id, data["round"], who.actor)
    except _Refused as refused:
        return _event_page(who, view, 422, refused.refusal, {"start": data})
    except RefereeError as error:
        return _event_page(who, view, 422, _refusal("start", error), {"start": data})
    issued = []
    for table, made in sorted(started["created"].items()):
        tokens, _ids = match_tokens(made["match_id"], made["players"])
        issued.append({"table": table, "match_id": made["match_id"], "tokens": tokens,
                       "players": [p["name"] for p in made["players"]]})
    return _event_page(who, _event_of(event_id), issued=issued, done="start")
