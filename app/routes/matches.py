"""Matches: create, list, summary, state (with time travel), events, timeline, audit."""

from __future__ import annotations

import time
from typing import Any

from flask import Response
from flask_smorest import Blueprint

from app.auth import current_principal, protect, require_match_reader, require_role, token_store
from app.docs import FOLD_409, READ, match_reading, problems
from app.errors import TYPE_MATCH_NOT_FOUND, problem
from app.extensions import get_anchors, get_context, get_redis, get_store
from app.html_policy import secure_html, with_styles
from app.integrity import note_meta
from app.match_slip import read_slip
from app.route_guard import authorised_first, hidden_card_readers, match_readers, roles
from app.schemas import (
    AtQuerySchema,
    AuditSchema,
    EventSchema,
    EventsQuerySchema,
    MatchCreatedSchema,
    MatchCreateSchema,
    MatchesQuerySchema,
    MatchListSchema,
    ReceiptsBodySchema,
    ReceiptsCheckSchema,
    ReportQuerySchema,
    SlipSchema,
    StateSchema,
    SummarySchema,
    TimelineEntrySchema,
)
from app.service import (
    NewMatch,
    check_at,
    create_match,
    frozen_if_unreadable,
    get_match,
    get_meta,
    load_events,
    load_state,
    match_summary,
)
from app.view_cache import json_answer, rendered_views, view_key
from app.visibility import FULL, JUDGE, reader_of, seen_events, seen_timeline, view
from events.errors import MatchNotFound
from events.integrity import BY_API_AUDIT, BY_RECEIPTS, check_receipts
from events.keys import validate_match_id
from projections.audit import audit_match
from projections.clock import Clock, fold_clock
from projections.i18n import translate_deep
from projections.messages import msg
from projections.readmodels import list_match_summaries
from projections.replay import walk
from projections.report import REPORT_CSS, render_html

blp = protect(Blueprint("matches", __name__, url_prefix="/v1/matches",
                        description="Matches: create, read, time travel, audit"))

TOKEN_SLOTS = ("0", "1", "scorekeeper")
REPORT_POLICY = with_styles([REPORT_CSS])   # the report's own <style>, nothing else inline


@blp.route("", methods=["POST"])
@authorised_first(roles("judge", "admin"))
@blp.arguments(MatchCreateSchema())
@blp.response(201, MatchCreatedSchema)
@problems(blp, 400, 401, 403, 413, 503, deck_422=(
    "Malformed body (`errors`), a deck that breaks the ruleset's deck rules (`violations`, "
    "every R-DECK rule broken, with the seat), or an impossible sandbox position (`errors` "
    "naming the position's fields)"), frozen_423=(
    "The match is of an event (`event_id`) whose deck-list log failed an integrity check "
    "(`/problems/decklists-frozen`): its lists can't be trusted"))
def create(body: dict[str, Any]):
    """Create a match (judges and admins).

    Decks as 60 card ids (`deck`), a pasted list (`decklist`) or a shipped deck by name
    (`deck_name`, see GET /v1/decks); or a sandbox `position` (players then carry only
    names). Answers one token per seat and a scorekeeper token, shown once."""
    principal = require_role("judge", "admin")
    created = create_match(get_context(), NewMatch.from_body(body), principal.actor)
    match_id = created.match_id
    tokens, token_ids = match_tokens(match_id, created.players)
    return {"match_id": match_id, "seq": created.seq, "tokens": tokens,
            "token_ids": token_ids, "state": view(created.game, created.state, JUDGE),
            "narration": FULL.lines(created.narration), "receipt": created.receipt}, 201


def match_tokens(match_id: str, players: list[dict[str, Any]]) -> tuple[dict[str, str], dict[str, str]]:
    """A new match's tokens (one per seat and the scorekeeper's) and their ids, by slot."""
    tokens, token_ids = {}, {}
    issuer = token_store()
    for slot in TOKEN_SLOTS:
        if slot == "scorekeeper":
            token, record = issuer.issue("scorekeeper", f"scorekeeper of {match_id}",
                                         match_id=match_id)
        else:
            seat = int(slot)
            token, record = issuer.issue("player", players[seat]["name"], match_id=match_id, seat=seat)
        tokens[slot], token_ids[slot] = token, record["token_id"]
    return tokens, token_ids


@blp.route("", methods=["GET"])
@blp.arguments(MatchesQuerySchema(), location="query")
@blp.response(200, MatchListSchema)
@problems(blp, 401, 422, 503)
def list_matches(query: dict[str, Any]):
    """List matches, newest first, filtered by status and player name.

    Players and scorekeepers see only their own match."""
    principal = current_principal()
    store = get_store()
    status, player = query.get("status"), query.get("player")
    limit, offset = query["limit"], query["offset"]

    def wanted(meta: dict[str, Any]) -> bool:
        return ((status is None or meta.get("status") == status)
                and (player is None or player in (meta.get("players") or [])))

    if principal.role in ("player", "scorekeeper"):
        meta = store.get_match_meta(principal.match_id) if principal.match_id else None
        found = [meta] if meta and wanted(meta) else []
        return {"matches": found[offset:offset + limit], "total": len(found),
                "limit": limit, "offset": offset}
    if principal.role not in ("judge", "admin"):
        return {"matches": [], "total": 0, "limit": limit, "offset": offset}
    matches, total = list_match_summaries(get_redis(), status=status, player=player,
                                          limit=limit, offset=offset)
    now = time.time()
    matches = [{**m, "clock": Clock.from_record(m.get("clock")).describe(now)} for m in matches]
    return {"matches": matches, "total": total, "limit": limit, "offset": offset}


@blp.route("/<match_id>", methods=["GET"])
@blp.response(200, SummarySchema)
@problems(blp, *READ, engine_409=FOLD_409)
def summary(match_id: str):
    """The match at a glance.

    Players, ruleset, status (setup, playing, sudden_death, finished), turn, whose turn,
    prizes left, winner and how, last seq."""
    principal = require_match_reader(match_id)
    ctx = get_context()
    match = get_match(ctx, match_id)
    key = view_key(ctx, match.meta, match_id, "summary", reader_of(principal))
    upto = key.seq if key else None

    def make() -> tuple[dict[str, Any], Clock]:
        state, seq, _ = load_state(ctx, match_id, upto=upto)
        return (match_summary(match, match.game, state, seq),
                fold_clock(load_events(ctx, match_id, upto)))

    at_glance, clock = rendered_views().render(key, make)
    return {**at_glance, "clock": clock.describe(time.time())}   # the clock runs between events


@match_reading(blp, "/<match_id>/state", AtQuerySchema(), StateSchema, at_422="`at` is not a seq of this match")
def state(query: dict[str, Any], match_id: str):
    """The board as of `at` (default: now), filtered for the caller.

    A player sees its own hand and both boards; the opponent's hand, both decks and the
    prizes only as counts."""
    principal = require_match_reader(match_id)
    ctx = get_context()
    match = get_match(ctx, match_id)
    reader = reader_of(principal)
    key = view_key(ctx, match.meta, match_id, "state", reader, query.get("at"))
    at = key.seq if key else check_at(ctx, match_id, query.get("at"))

    def make() -> dict[str, Any]:
        board, _, _ = load_state(ctx, match_id, upto=at)
        return view(match.game, board, reader)

    return json_answer(key, StateSchema(), make)


@match_reading(blp, "/<match_id>/events", EventsQuerySchema(), EventSchema(many=True),
               range_422="Malformed `from`/`to`")
def events(query: dict[str, Any], match_id: str):
    """The stored events, `from`..`to` inclusive.

    Each with seq, type, recorded_at,
    actor, payload, prev_hash, hash and state_hash. A player's copy hides what it may not
    see (payload filtered, `rng` dropped)."""
    principal = require_match_reader(match_id)
    ctx = get_context()
    match = get_match(ctx, match_id)
    game = match.game
    first, last = query.get("from", 1), query.get("to")
    if last is not None and last < first:
        return []
    reader = reader_of(principal)
    if reader.full:
        return ctx.store.read(match_id, first, last)
    key = view_key(ctx, match.meta, match_id, "events", reader, params=(first, last))
    upto = min(last, key.seq) if key and last is not None else (key.seq if key else last)

    def make() -> list[dict[str, Any]]:
        # A player sees each event as it saw it then: fold from the start.
        history = load_events(ctx, match_id, upto)
        with frozen_if_unreadable(ctx, match_id):
            steps = [s for s in walk(history) if s.event["seq"] >= first]
        return [{k: v for k, v in e.items() if k != "narration"}
                for e in seen_events(game, steps, reader)]

    return json_answer(key, EventSchema(many=True), make)


@blp.route("/<match_id>/timeline", methods=["GET"])
@blp.response(200, TimelineEntrySchema(many=True))
@problems(blp, *READ, engine_409=FOLD_409)
def timeline(match_id: str):
    """The events narrated for people.

    Events undone by a rewind stay, marked `voided: true`. A player reads each event as it
    could see it when it happened."""
    principal = require_match_reader(match_id)
    ctx = get_context()
    meta = get_meta(ctx, match_id)
    reader = reader_of(principal)
    key = view_key(ctx, meta, match_id, "timeline", reader)

    def make() -> list[dict[str, Any]]:
        stored = load_events(ctx, match_id, key.seq if key else None)
        with frozen_if_unreadable(ctx, match_id):
            return seen_timeline(stored, reader)

    return json_answer(key, TimelineEntrySchema(many=True), make)


def _known_or_404(match_id: str) -> None:
    try:
        validate_match_id(match_id)
    except ValueError:
        problem(404, msg("Match not found"), msg("There is no match %(match)s.", match=repr(match_id)),
                type=TYPE_MATCH_NOT_FOUND)


@blp.route("/<match_id>/audit", methods=["GET"])
@blp.response(200, AuditSchema)
@problems(blp, *READ)
def audit(match_id: str):
    """Audit the match: re-check its hash chain and replay it.

    Re-check the keyed hash chain against the anchors (heads the workers wrote outside
    Redis) and replay the whole match, comparing every recorded `state_hash` with the
    replay's. A log that fails its integrity check freezes the match (`frozen`). A match
    that Redis no longer holds but the anchors know is reported `erased`."""
    principal = require_match_reader(match_id)
    _known_or_404(match_id)
    store = get_store()
    try:
        result = audit_match(store, match_id, get_anchors(), detected_by=BY_API_AUDIT)
    except MatchNotFound:
        problem(404, msg("Match not found"), msg("There is no match %(match)s.", match=repr(match_id)),
                type=TYPE_MATCH_NOT_FOUND)
    if result["frozen"] is not None:
        note_meta({"frozen": result["frozen"]})
    if result.get("replay_error") and not reader_of(principal).full:
        # The engine's words about a stored event may name cards the player can't see.
        result["replay_error"] = (f"The replay stops at seq {result['replay_first_bad_seq']}; "
                                  "a judge's audit says why.")
    return result


@blp.route("/<match_id>/report", methods=["GET"])
@authorised_first(hidden_card_readers)
@blp.arguments(ReportQuerySchema(), location="query")
@blp.response(200, {"type": "string"}, content_type="text/html")
@problems(blp, *READ, tz_422="`tz` is not a time zone of the tz database")
def report(query: dict[str, Any], match_id: str):
    """The match's printable HTML report (judges and scorekeepers).

    It shows every card, hidden ones included: players and decks (grouped Pokémon, Trainer,
    Energy, by name), a chart of the game, disputes, rulings and penalties, and the narrated
    timeline with voided actions struck through, its times in `tz` (UTC without it). The
    same page as `referee export --html`. The match slip, to print and sign, is the
    console's `/console/matches/{id}/slip`."""
    principal = require_match_reader(match_id)
    if not reader_of(principal).full:
        problem(403, msg("Forbidden"), msg("The report shows hidden cards: judges and scorekeepers only."))
    ctx = get_context()
    get_meta(ctx, match_id)
    stored = load_events(ctx, match_id)
    audit = audit_match(get_store(), match_id, get_anchors(), detected_by=BY_API_AUDIT)
    page = render_html(match_id, stored, audit, time_zone=query.get("tz"))
    return secure_html(Response(page, mimetype="text/html"),
                       REPORT_POLICY)


@match_reading(blp, "/<match_id>/slip", ReportQuerySchema(), SlipSchema,
               tz_422="`tz` is not a time zone of the tz database")
def slip(query: dict[str, Any], match_id: str):
    """The match slip: what the table signs (issue 44).

    Event, round, table, the players with their IDs and divisions, each game's result and
    the match's (R-MATCH-1), the penalties given, the judges who acted; `date` in `tz` (UTC
    without it). No card and no judge's note is on it: every reader of the match reads the
    same slip. The console prints it on one A4 page: `/console/matches/{id}/slip`."""
    principal = require_match_reader(match_id)
    return translate_deep(read_slip(get_context(), principal, match_id, query.get("tz")))


@blp.route("/<match_id>/audit/receipts", methods=["POST"])
@authorised_first(match_readers)
@blp.arguments(ReceiptsBodySchema())
@blp.response(200, ReceiptsCheckSchema)
@problems(blp, 400, 401, 403, 404, 413, 503,
          body_422="Malformed body: 1 to 1000 receipts, each {match_id, seq, hash, "
                   "signature} as the write answers gave them")
def audit_receipts(body: dict[str, Any], match_id: str):
    """Check receipts kept from write answers against the log.

    Present receipts kept from write answers (`receipt`): is each one's signature the
    service's, is it this match's, and does the log still hold its (seq, hash)? A valid
    receipt of this match that the log no longer holds proves the log was cut or rewritten:
    the match is frozen, and the receipt is kept as an anchor for later audits."""
    require_match_reader(match_id)
    _known_or_404(match_id)
    store = get_store()
    answer = check_receipts(store, get_anchors(), match_id, body["receipts"],
                            detected_by=BY_RECEIPTS)
    if not answer.pop("known"):
        problem(404, msg("Match not found"), msg("There is no match %(match)s.", match=repr(match_id)),
                type=TYPE_MATCH_NOT_FOUND)
    if answer["frozen"] is not None:
        note_meta({"frozen": answer["frozen"]})
    return answer
