"""A tournament event set up through the referee (issue 44 item 1): create, read, list; its
players (with their deck lists), its pairings, its rounds (every table's match and clock at
once), and the event screen's tables. Judges and admins (the organiser) write and read it;
players and scorekeepers are refused (the pairings name every player's ID and birth year)."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask_smorest import Blueprint

from app.auth import protect, require_role
from app.docs import problems
from app.errors import TYPE_VALIDATION, problem
from app.event_schemas import (
    PairedTableSchema,
    PairingSchema,
    PlayerRegisterSchema,
    RoundStartBodySchema,
    RoundStartResultSchema,
    TomImportQuerySchema,
    TournamentCreateSchema,
    TournamentListQuerySchema,
    TournamentListSchema,
    TournamentRoundSchema,
    TournamentSchema,
)
from app.extensions import get_context
from app.route_guard import authorised_first, roles
from app.routes.matches import match_tokens
from app.routes.registrations import event_id_in_path
from app.service import tournament
from projections.messages import msg
from projections.tournament.event import EventView

blp = protect(Blueprint("events", __name__, url_prefix="/v1/events",
                        description="A tournament event: its players, pairings and rounds"))

WHO_403 = "Judges and admins (the organiser) set up and read an event"
FROZEN_423 = ("The event's log failed an integrity check (`/problems/decklists-frozen`, with "
              "`first_bad_seq` and `finding`): it can't be trusted")
BODY_422 = "Malformed body, or a setup the event refuses (`errors` names the field)"


def shown(view: EventView) -> dict[str, Any]:
    return {**view.as_dict(), "format_in_force": tournament.format_shown(view)}


@blp.route("", methods=["POST"])
@authorised_first(roles("judge", "admin"))
@blp.arguments(TournamentCreateSchema())
@blp.response(201, TournamentSchema)
@problems(blp, 400, 401, 413, 503, who_403=WHO_403, body_422=BODY_422,
          exists_409="The event id is in use (an event, or deck lists registered under it)")
def create_event(body: dict[str, Any]):
    """Create an event.

    Its name, date (which decides the Standard format, shown as `format_in_force`, and the
    players' age divisions), ruleset and format, rounds, best-of, round length and the
    divisions it runs. Appends `EventCreated` to the event's log."""
    principal = require_role("judge", "admin")
    return shown(tournament.create_event(get_context(), body, principal.actor)), 201


@blp.route("", methods=["GET"])
@authorised_first(roles("judge", "admin"))
@blp.arguments(TournamentListQuerySchema(), location="query")
@blp.response(200, TournamentListSchema)
@problems(blp, 401, 503, who_403=WHO_403, query_422="Malformed `limit`/`offset`")
def list_events(query: dict[str, Any]):
    """List events, newest first, a page at a time.

    Each event's summary (its settings, players counted, rounds started, status, the log's
    head), kept with every append to its log: listing reads no event's log, however many
    events there are. `GET /v1/events/{event_id}` has its players and pairings."""
    require_role("judge", "admin")
    limit, offset = query["limit"], query["offset"]
    found, total = tournament.list_events(get_context(), limit, offset)
    return {"events": found, "total": total, "limit": limit, "offset": offset}


TOM_BODY_DOC = {"requestBody": {"required": True, "description": (
    "TOM's `.tdf` file: the raw body (`application/xml`), or a form's `file` (`multipart/form-data`)"),
    "content": {"application/xml": {"schema": {"type": "string", "format": "binary"}},
                "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {
                    "file": {"type": "string", "format": "binary"}}}}}}}


def tom_upload() -> tuple[bytes, str | None]:
    """The uploaded file and its name (413 past the reader's cap; 422 when there is none)."""
    request.max_content_length = tournament.TOM_MAX_BYTES
    if request.mimetype == "multipart/form-data":
        upload = request.files.get("file")
        if upload is None:
            problem(422, msg("No file"), msg("Send TOM's file as the form's `file`."), type=TYPE_VALIDATION,
                    errors={"files": {"file": [msg("Missing data for required field.")]}})
        return upload.read(tournament.TOM_MAX_BYTES + 1), upload.filename
    data = request.get_data(cache=False)
    if not data:
        problem(422, msg("No file"), msg("Send TOM's file as the body (application/xml)."), type=TYPE_VALIDATION,
                errors={"body": {"file": [msg("Missing data for required field.")]}})
    return data, None


@blp.route("/import", methods=["POST"])
@authorised_first(roles("judge", "admin"))
@blp.arguments(TomImportQuerySchema(), location="query")
@blp.doc(**TOM_BODY_DOC)
@blp.response(201, TournamentSchema)
@problems(blp, 400, 401, 413, 503, who_403=WHO_403,
          exists_409="The event id is in use (an event, or deck lists registered under it)",
          file_422=("No file, or one TOM's reader refuses: not XML, a video-game (VGC) file, a field "
                    "missing or malformed (`errors` names the field, with the line)"))
def import_tom(query: dict[str, Any]):
    """Import TOM's tournament file (.tdf).

    Creates the event the file describes — its name, date, players (with their divisions)
    and every round's pairings by table — in one append; a result the file holds already
    needs no match. The file is kept as it came, for `GET /v1/events/{event_id}/tom`."""
    principal = require_role("judge", "admin")
    data, filename = tom_upload()
    made = tournament.import_tom(get_context(), data, filename, query, principal.actor)
    return shown(made), 201


@blp.route("/<event_id>/tom", methods=["GET"])
@authorised_first(roles("judge", "admin"))
@blp.response(200, {"type": "string", "format": "binary"}, content_type="application/xml")
@problems(blp, 401, 503, who_403=WHO_403, missing_404="No such event", frozen_423=FROZEN_423,
          tom_422="The event was not imported from TOM, or its file is gone or altered")
def export_tom(event_id: str):
    """The imported TOM file with the results written in.

    Each finished match's result as TOM's outcome code (1 player1 won, 2 player2 won, 3 a
    draw), every other byte as imported, for TOM to read back."""
    require_role("judge", "admin")
    data, name = tournament.export_tom(get_context(), event_id_in_path(event_id))
    response = Response(data, mimetype="application/xml")
    safe = "".join(c for c in name if c.isalnum() or c in "._- ")[:100] or f"{event_id}.tdf"
    response.headers["Content-Disposition"] = f'attachment; filename="{safe}"'
    return response


@blp.route("/<event_id>", methods=["GET"])
@authorised_first(roles("judge", "admin"))
@blp.response(200, TournamentSchema)
@problems(blp, 401, 503, who_403=WHO_403, missing_404="No such event", id_422="Not an event id",
          frozen_423=FROZEN_423)
def read_event(event_id: str):
    """An event: its settings, players, pairings and started rounds."""
    require_role("judge", "admin")
    return shown(tournament.load_event(get_context(), event_id_in_path(event_id)))


@blp.route("/<event_id>/players", methods=["POST"])
@authorised_first(roles("judge", "admin"))
@blp.arguments(PlayerRegisterSchema())
@blp.response(201, TournamentSchema)
@problems(blp, 400, 401, 413, 503, who_403=WHO_403, missing_404="No such event",
          frozen_423=FROZEN_423, body_422=(
              "Malformed body; a division the event does not run; an unreadable deck list "
              "(`errors.json.decklist`, each line by its number) or one that breaks the deck rules "
              "(`violations`)"))
def register_player(body: dict[str, Any], event_id: str):
    """Register a player, with a deck list.

    Name, Play! Pokémon ID and year of birth (its division follows from the event's date) or
    the division; with `decklist` (pasted), `deck` or `deck_name`, the player's list is
    registered in the same append, checked in the event's ruleset and format on its day. A
    later registration of the same ID corrects the player (and replaces the list)."""
    principal = require_role("judge", "admin")
    ctx = get_context()
    tournament.register_player(ctx, event_id_in_path(event_id), body, principal.actor)
    return shown(tournament.load_event(ctx, event_id)), 201


@blp.route("/<event_id>/pairings", methods=["POST"])
@authorised_first(roles("judge", "admin"))
@blp.arguments(PairingSchema())
@blp.response(201, PairedTableSchema(many=True))
@problems(blp, 400, 401, 413, 503, who_403=WHO_403, missing_404="No such event",
          frozen_423=FROZEN_423, body_422=(
              "Malformed body, a round past the event's, a player not registered or paired at "
              "another table of the round, or a table whose round has started (`errors`)"))
def pair_table(body: dict[str, Any], event_id: str):
    """Pair a table by hand.

    A round's table: two registered players, or one with `bye: true`. Pairing the table again
    replaces it until its match is made. Answers the round's tables."""
    principal = require_role("judge", "admin")
    return tournament.pair_table(get_context(), event_id_in_path(event_id), body, principal.actor), 201


@blp.route("/<event_id>/rounds/<int:round_number>/start", methods=["POST"])
@authorised_first(roles("judge", "admin"))
@blp.arguments(RoundStartBodySchema())
@blp.response(200, RoundStartResultSchema)
@problems(blp, 400, 401, 413, 503, who_403=WHO_403, missing_404="No such event",
          conflict_409="Another start of this round is under way: nothing is made (look at the round in a moment)",
          frozen_423=FROZEN_423, body_422=(
              "Malformed body, a round with no tables, or a player of a table with no deck list "
              "(`errors`): no match is made"))
def start_round(body: dict[str, Any], event_id: str, round_number: int):
    """Start a round: every table's match and clock at once.

    Makes each paired table's match that is not made yet (the players' names, IDs and
    registered lists; the event's ruleset, format and best-of; the table's number; a paper
    game in table mode unless the event says otherwise), with its tokens (shown once), and
    starts every table's round clock (J-TIME-2), as `POST /v1/rounds/start` does."""
    principal = require_role("judge", "admin")
    answer = tournament.start_round(get_context(), event_id_in_path(event_id), round_number,
                                    principal.actor, body.get("minutes"), body.get("mode"))
    for made in answer["created"].values():
        made["tokens"], made["token_ids"] = match_tokens(made["match_id"], made.pop("players"))
    answer["created"] = {str(t): made for t, made in answer["created"].items()}
    return answer


@blp.route("/<event_id>/rounds/<int:round_number>", methods=["GET"])
@authorised_first(roles("judge", "admin"))
@blp.response(200, TournamentRoundSchema)
@problems(blp, 401, 503, who_403=WHO_403, missing_404="No such event", frozen_423=FROZEN_423)
def round_tables(event_id: str, round_number: int):
    """A round's tables: each one's clock, score, game, disputes, penalties and status.

    From the read models (a match's summary lags its log by a moment, as the Tables list)."""
    require_role("judge", "admin")
    ctx = get_context()
    view = tournament.load_event(ctx, event_id_in_path(event_id))
    return {"event_id": event_id, "round": round_number,
            "tables": [tournament.table_at_a_glance(t) for t in tournament.round_tables(ctx, view, round_number)]}

