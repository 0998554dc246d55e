"""A tournament event set up through the referee (issue 44 item 1): created, its players
registered with their deck lists, its tables paired, its rounds started.

Every change is an event of the event's chained log (``events.decklists``: the deck-list log,
which now also holds ``EventCreated``, ``PlayerRegistered``, ``TablePaired`` and
``RoundStarted``), folded by ``projections.tournament.event``; so the setup is verified,
anchored and frozen with the lists, and an edit is a new event, never a change. Each write is
checked against the log as read just before its append (``DeckListRegistry.append``'s
``check``): nothing refused is stored.

Starting a round makes each paired table's match (``creation.create_match``, with the event's
ruleset, format, best-of and the players' registered lists) unless it is made already, records
them (``RoundStarted``), then starts every table's clock (``rounds.start_clocks``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from app.service.context import ServiceContext
from app.service.creation import NewMatch, create_match
from app.service.registration import DECK_FIELDS, checked_decklist, queue_anchor
from app.service.rounds import start_clocks
from events import decklists, event_summaries
from events.codec import as_text, stream_id
from events.decklists import EVENT_INDEX, DeckListRegistry, deck_list_keys, read_deck_log
from events.errors import DeckListsFrozen
from projections.clock import Clock
from projections.errors import (
    EventExists,
    EventNotFound,
    EventSetupRefused,
    InvalidPlayers,
    RoundStartUnderWay,
    UnknownRuleset,
)
from projections.games import get_game
from projections.messages import Message, msg
from projections.readmodels import keys as K
from projections.readmodels.model import person_key
from projections.tournament import tom
from projections.tournament.divisions import division_by_age
from projections.tournament.event import (
    EventView,
    fold_event,
    pairing_problems,
    start_problems,
    summarise,
)

TOM_MAX_BYTES = 5 * 1024 * 1024      # the reader's own cap (projections.tournament.xmltree)


# ---------------------------------------------------------------------- reading

def load_event(ctx: ServiceContext, event_id: str) -> EventView:
    """The event as its log says (raises ``EventNotFound`` when none was created)."""
    view = fold_event(event_id, DeckListRegistry(ctx.store).events(event_id))
    if not view.exists:
        raise EventNotFound(event_id)
    return view


def list_events(ctx: ServiceContext, limit: int = 50, offset: int = 0) -> tuple[list[dict[str, Any]], int]:
    """A page of the events, newest first, as their summaries say (``events.event_summaries``,
    kept with each append): a few reads whatever the number of events and the length of their
    logs. A summary behind its log's head (or none) is made again from the log and kept; a
    frozen log's is listed as it was, ``frozen``."""
    redis = ctx.store.redis
    total = int(redis.zcard(EVENT_INDEX))
    ids = [as_text(raw) for raw in redis.zrevrange(EVENT_INDEX, offset, offset + max(limit, 1) - 1)]
    found = []
    for event_id, kept, (head, frozen) in zip(ids, event_summaries.read(ctx.store, ids),
                                              decklists.log_heads(ctx.store, ids), strict=True):
        summary = kept if kept is not None and kept["last_seq"] >= head else _summary_again(ctx, event_id, kept)
        found.append({**summary, "frozen": frozen, "format_in_force": format_shown(summary)})
    return found, total


def _summary_again(ctx: ServiceContext, event_id: str, kept: dict[str, Any] | None) -> dict[str, Any]:
    try:
        summary = summarise(event_id, DeckListRegistry(ctx.store).events(event_id))
    except DeckListsFrozen:
        summary = None
    if summary is None:   # frozen (or a log without its EventCreated): what was kept, else its id
        return kept or {"event_id": event_id, "last_seq": 0}
    event_summaries.write(ctx.store, event_id, summary)
    return summary


def format_shown(event: EventView | dict[str, Any]) -> dict[str, Any] | None:
    """The dated format the event's date puts in force (the Standard period), if any."""
    fields = event if isinstance(event, dict) else vars(event)
    if not fields.get("date"):
        return None
    return get_game(fields.get("game") or "tcg").format_in_force(fields.get("format") or "era",
                                                                 date.fromisoformat(fields["date"]))


# ---------------------------------------------------------------------- writing

def _append(ctx: ServiceContext, view_or_id: EventView | str, typed: list[tuple[str, dict[str, Any]]],
            actor: dict[str, Any], check: Callable[[list[dict[str, Any]]], None] | None = None
            ) -> list[dict[str, Any]]:
    event_id = view_or_id if isinstance(view_or_id, str) else view_or_id.event_id
    stored = DeckListRegistry(ctx.store).append(event_id, typed, actor, check, summarise)
    queue_anchor(ctx, event_id, stream_id(stored[-1]["seq"]))
    return stored


def _settings(body: dict[str, Any], today: date) -> dict[str, Any]:
    """The event's settings from a create body, every problem found at once."""
    game = get_game(body.get("game") or "tcg")
    ruleset = body.get("ruleset") or "modern"
    try:
        game.check_ruleset(ruleset)
    except KeyError:
        raise UnknownRuleset(ruleset) from None
    day: date = body.get("date") or today
    sets = body.get("format") or ("standard" if ruleset == "modern" else "era")
    problems: dict[str, list[Any]] = {}
    if sets not in game.formats():
        problems["format"] = [msg("One of %(formats)s.", formats=", ".join(game.formats()))]
    elif sets == "standard" and game.format_in_force(sets, day) is None:
        problems["date"] = [msg("No Standard format the referee knows was in force on %(day)s.",
                                day=day.isoformat())]
    if body["best_of"] not in game.match_lengths():
        problems["best_of"] = [msg("A match of this game is the best of %(lengths)s game(s).",
                                   lengths=" or ".join(map(str, game.match_lengths())))]
    if problems:
        raise EventSetupRefused(problems)
    return {"name": body["name"], "date": day.isoformat(), "game": game.name, "ruleset": ruleset,
            "format": sets, "best_of": body["best_of"], "rounds": body["rounds"],
            "round_minutes": body["round_minutes"], "divisions": list(body["divisions"]),
            "mode": body.get("mode") or "table"}


def _unused(event_id: str) -> Callable[[list[dict[str, Any]]], None]:
    def check(stored: list[dict[str, Any]]) -> None:
        if stored:
            raise EventExists(event_id)
    return check


def create_event(ctx: ServiceContext, body: dict[str, Any], actor: dict[str, Any],
                 players: Sequence[dict[str, Any]] = (), pairings: Sequence[dict[str, Any]] = (),
                 source: dict[str, Any] | None = None) -> EventView:
    """``EventCreated`` (with ``players`` and ``pairings`` as ``PlayerRegistered`` and
    ``TablePaired`` in the same batch: an import lands whole or not at all). The event id is
    the body's or a new one; one in use (an event, or deck lists under it) is refused."""
    event_id = body.get("event_id") or f"ev-{secrets.token_hex(5)}"
    settings = _settings(body, ctx.today())
    if source is not None:
        settings["source"] = source
    if read_deck_log(ctx.store, event_id).legacy:
        raise EventExists(event_id)
    view = EventView(event_id, **settings)
    typed: list[tuple[str, dict[str, Any]]] = [("EventCreated", settings)]
    for player in players:
        payload = _player_payload(view, player)
        view.players[payload["player_id"]] = payload
        typed.append(("PlayerRegistered", payload))
    for pairing in pairings:
        payload = _pairing_payload(view, pairing)
        view.pairings.setdefault(payload["round"], {})[payload["table"]] = payload
        typed.append(("TablePaired", payload))
    _append(ctx, event_id, typed, actor, _unused(event_id))
    return load_event(ctx, event_id)


def _player_payload(view: EventView, body: dict[str, Any]) -> dict[str, Any]:
    problems: dict[str, list[Any]] = {}
    birth_year = body.get("birth_year")
    day = date.fromisoformat(view.date) if view.date else None
    division = body.get("division")
    if birth_year is not None and day is not None:
        if birth_year > day.year:
            problems["birth_year"] = [msg("Born after the event's date?")]
        elif division is None:
            division = division_by_age(birth_year, day)
    if division is None and "birth_year" not in problems:
        problems["birth_year"] = [msg("Give the year of birth (or the division).")]
    elif division is not None and division not in view.divisions:
        problems["division" if body.get("division") else "birth_year"] = [
            msg("This event has no %(division)s division.", division=division.capitalize())]
    if problems:
        raise EventSetupRefused(problems)
    return {"player_id": body["player_id"], "name": body["name"], "birth_year": birth_year,
            "division": division}


def _pairing_payload(view: EventView, body: dict[str, Any]) -> dict[str, Any]:
    players, bye = [str(p) for p in body["players"]], bool(body.get("bye"))
    problems = pairing_problems(view, body["round"], body["table"], players, bye)
    if problems:
        raise EventSetupRefused(problems)
    return {"round": body["round"], "table": body["table"], "players": players, "bye": bye,
            **({"result": body["result"]} if body.get("result") else {})}


def register_player(ctx: ServiceContext, event_id: str, body: dict[str, Any],
                    actor: dict[str, Any]) -> dict[str, Any]:
    """``PlayerRegistered`` (a later one of the same ID corrects the first), with the
    player's deck list (``DeckListRegistered``, read and checked as ``POST …/decklists``
    does, on the event's day and in its ruleset and format) in the same batch when given."""
    view = load_event(ctx, event_id)
    payload = _player_payload(view, body)
    typed: list[tuple[str, dict[str, Any]]] = [("PlayerRegistered", payload)]
    deck_given = any(k in body for k in DECK_FIELDS)
    if deck_given:
        typed.append(("DeckListRegistered", _checked_list(ctx, view, {**body, **payload}, actor)))

    def check(stored: list[dict[str, Any]]) -> None:
        if not fold_event(event_id, stored).exists:
            raise EventNotFound(event_id)

    _append(ctx, view, typed, actor, check)
    return load_event(ctx, event_id).player(payload["player_id"])


def _checked_list(ctx: ServiceContext, view: EventView, body: dict[str, Any],
                  actor: dict[str, Any]) -> dict[str, Any]:
    wanted: dict[str, Any] = {k: body[k] for k in DECK_FIELDS if k in body}
    request: dict[str, Any] = {**wanted, "player_id": body["player_id"], "name": body["name"],
               "division": body.get("division"), "game": view.game, "ruleset": view.ruleset,
               "format": view.format}
    try:
        return checked_decklist(ctx, view.event_id, request, actor)
    except InvalidPlayers as exc:   # one player here: name the list's own field
        raise EventSetupRefused(exc.errors["players"]["0"]) from None


def pair_table(ctx: ServiceContext, event_id: str, body: dict[str, Any],
               actor: dict[str, Any]) -> list[dict[str, Any]]:
    """``TablePaired``: a round's table, two players or one with a bye (again: replaced,
    until the round has started at that table). Returns the round's tables."""
    view = load_event(ctx, event_id)
    payload = _pairing_payload(view, body)

    def check(stored: list[dict[str, Any]]) -> None:
        _pairing_payload(fold_event(event_id, stored), body)

    _append(ctx, view, [("TablePaired", payload)], actor, check)
    return load_event(ctx, event_id).tables(payload["round"])


def start_round(ctx: ServiceContext, event_id: str, round_number: int, actor: dict[str, Any],
                minutes: int | None = None, mode: str | None = None) -> dict[str, Any]:
    """Make the match of each paired table that has none (its players' registered lists,
    the event's ruleset, format and best-of, the table's number), record them, and start
    every table's clock. Refused whole, before any match is made, when a table's player has
    no deck list."""
    what = f"round-{round_number}-start"
    if not decklists.claim(ctx.store, event_id, what, now_ms=int(time.time() * 1000)):
        raise RoundStartUnderWay(event_id, round_number)
    try:
        return _start_round(ctx, event_id, round_number, actor, minutes, mode)
    finally:
        decklists.release(ctx.store, event_id, what)


def _start_round(ctx: ServiceContext, event_id: str, round_number: int, actor: dict[str, Any],
                 minutes: int | None, mode: str | None) -> dict[str, Any]:
    view = load_event(ctx, event_id)
    problems = start_problems(view, round_number)
    if problems:
        raise EventSetupRefused(problems)
    created: dict[int, dict[str, Any]] = {}
    length = minutes or view.round_minutes

    def record() -> None:
        _append(ctx, view, [("RoundStarted", {"round": round_number, "minutes": length, "matches": {
            str(t): c["match_id"] for t, c in created.items()}})], actor)

    for table in view.tables(round_number):
        if table["bye"] or table["match_id"] is not None or table["result"]:
            continue
        players = [{k: p[k] for k in ("name", "player_id", "division") if p.get(k)} for p in table["players"]]
        try:
            made = create_match(ctx, NewMatch(
                ruleset=view.ruleset, players=players, randomness=mode or view.mode, game=view.game,
                format=view.format, table=table["table"], games=view.best_of, event_id=event_id), actor)
        except Exception:
            if created:   # the matches made are recorded all the same: a retry makes no twin of them
                record()
            raise
        created[table["table"]] = {"match_id": made.match_id, "players": made.players}
    if created or round_number not in view.started:
        record()
    matches = [t["match_id"] for t in load_event(ctx, event_id).tables(round_number) if t["match_id"]]
    started, refused = start_clocks(ctx, matches, length, actor)
    return {"round": round_number, "minutes": length, "created": created, "started": started,
            "refused": refused}


# ---------------------------------------------------------------------- TOM's file

def import_tom(ctx: ServiceContext, data: bytes, filename: str | None, overrides: dict[str, Any],
               actor: dict[str, Any]) -> EventView:
    """The event a TOM ``.tdf`` describes, created with its players and pairings in one append
    (``create_event``); ``overrides`` (the event id, best-of, round length, ruleset, mode)
    win over the file. The file is kept as it came, under its SHA-256 (``source``), for the
    results to be written back into it (``export_tom``). A file TOM's reader refuses is a
    ``EventSetupRefused`` naming its field and line; nothing is stored."""
    try:
        setup = tom.event_setup(tom.read_tdf(data))
    except tom.TdfError as error:
        raise EventSetupRefused({error.field: [_at_line(error)]}) from None
    body = {"name": setup["name"][:100] or (filename or "TOM")[:100], "date": _day(setup["date"]),
            "rounds": max(setup["rounds"] or 1, 1), "best_of": setup["best_of"] or 1,
            "round_minutes": setup["round_minutes"] or 50,
            "divisions": setup["divisions"] or ["masters"], **overrides}
    digest = hashlib.sha256(data).hexdigest()
    source = {"kind": "tom", "name": (filename or "")[:200], "sha256": digest,
              "tournament_id": setup["source"].get("tournament_id"), "version": setup["source"].get("version")}
    event_id = body.get("event_id") or f"ev-{secrets.token_hex(5)}"
    body["event_id"] = event_id
    if DeckListRegistry(ctx.store).events(event_id):
        raise EventExists(event_id)
    ctx.store.redis.hset(deck_list_keys(event_id).source_files, digest, data)
    return create_event(ctx, body, actor, setup["players"], _tom_pairings(setup["pairings"]), source)


def _at_line(error: tom.TdfError) -> Message:
    if error.line is None:
        return msg("%(detail)s", detail=error.detail)
    return msg("line %(n)s: %(detail)s", n=error.line, detail=error.detail)


def _day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def _tom_pairings(pairings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """TOM's pairings as the event's: a match's table is its number; byes (all at TOM's
    table 0) sit at the tables after a round's last, marked ``bye``; a result TOM holds
    already is kept (``result``: no match is made for it)."""
    out: list[dict[str, Any]] = []
    last: dict[int, int] = {}
    for p in pairings:
        if p["outcome"] != tom.BYE:
            table = int(p["table"]) if str(p["table"]).isdigit() else 0
            if table < 1:
                raise EventSetupRefused({f"pairings.{p['round']}.{p['table']}": [
                    msg("A table number is a whole number from 1.")]})
            last[p["round"]] = max(last.get(p["round"], 0), table)
            out.append({"round": p["round"], "table": table, "players": p["player_ids"], "bye": False,
                        **({"result": p["outcome"]} if p["outcome"] else {})})
    for p in pairings:
        if p["outcome"] == tom.BYE:
            last[p["round"]] = last.get(p["round"], 0) + 1
            out.append({"round": p["round"], "table": last[p["round"]], "players": p["player_ids"][:1],
                        "bye": True})
    return out


def export_tom(ctx: ServiceContext, event_id: str) -> tuple[bytes, str]:
    """The imported file with each finished match's result written in (``tom.write_results``:
    1 player1 won, 2 player2 won, 3 a draw; seat 0 is player1), and its name. Refused when the
    event was not imported, or its file is not the one imported (``EventSetupRefused``)."""
    view = load_event(ctx, event_id)
    source = view.source or {}
    if source.get("kind") != "tom":
        raise EventSetupRefused({"event_id": [msg("This event was not imported from a TOM file.")]})
    data = ctx.store.redis.hget(deck_list_keys(event_id).source_files, source["sha256"])
    raw = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
    if raw is None or hashlib.sha256(raw).hexdigest() != source["sha256"]:
        raise EventSetupRefused({"file": [msg("The imported file is gone or altered: import it again.")]})
    results: dict[tuple[int, str], int] = {}
    for round_number in sorted(view.pairings):
        for table in round_tables(ctx, view, round_number):
            outcome = _tom_outcome(table.get("summary"))
            if outcome is not None and not table["bye"]:
                results[(round_number, str(table["table"]))] = outcome
    try:
        written = tom.write_results(raw, results)
    except tom.TdfError as error:
        raise EventSetupRefused({error.field: [_at_line(error)]}) from None
    return written, source.get("name") or f"{event_id}.tdf"


def _tom_outcome(summary: dict[str, Any] | None) -> int | None:
    if not summary or summary.get("status") != "finished":
        return None
    winner = summary.get("winner")
    return 3 if winner is None else (1 if winner == 0 else 2)


# ---------------------------------------------------------------------- the event screen

def round_tables(ctx: ServiceContext, view: EventView, round_number: int) -> list[dict[str, Any]]:
    """The round's tables with each match's summary as the read models hold it (clock record,
    status, game number, games, open disputes) and the standing penalties given at it: a few
    hash reads per request, no log folded."""
    tables = view.tables(round_number)
    redis = ctx.store.redis
    ek = K.EpochKeys(K.current_epoch(redis))
    ids = [t["match_id"] for t in tables if t["match_id"]]
    summaries = dict(zip(ids, redis.hmget(ek.summary, ids), strict=True)) if ids else {}
    people = sorted({p["player_id"] for t in tables if t["match_id"] for p in t["players"]})
    pipe = redis.pipeline(transaction=False)
    for player_id in people:
        pipe.hvals(ek.penalties(person_key(player_id, "", None)))
    penalties: dict[str, list[dict[str, Any]]] = {}
    for raws in pipe.execute() if people else []:
        for raw in raws:
            entry = json.loads(raw)
            if entry.get("status") == "standing":
                penalties.setdefault(entry["match_id"], []).append(entry)
    for table in tables:
        raw = summaries.get(table["match_id"]) if table["match_id"] else None
        table["summary"] = json.loads(raw) if raw is not None else None
        table["penalties"] = sorted(penalties.get(table["match_id"] or "", []),
                                    key=lambda e: e.get("recorded_at") or "")
    return tables


def table_at_a_glance(table: dict[str, Any]) -> dict[str, Any]:
    """A table of ``round_tables`` with what its summary says: status, game number, games won,
    the clock as of now, open disputes, the winner."""
    summary = table.get("summary") or {}
    clock = Clock.from_record(summary.get("clock")).describe(time.time()) if summary else None
    return {**table, "status": summary.get("status"), "game_number": summary.get("game_number"),
            "games_won": games_won(summary), "clock": clock,
            "open_disputes": summary.get("open_disputes") or 0, "winner": summary.get("winner")}


def games_won(summary: dict[str, Any] | None) -> list[int]:
    """Games won by each seat (best of three), or the single game's winner as 1–0."""
    if not summary:
        return [0, 0]
    games = summary.get("games") or []
    if games:
        return [sum(1 for g in games if g.get("winner") == seat) for seat in (0, 1)]
    winner = summary.get("winner")
    return [int(winner == seat) for seat in (0, 1)] if summary.get("status") == "finished" else [0, 0]


__all__ = ["create_event", "export_tom", "format_shown", "games_won", "import_tom", "list_events", "load_event",
           "pair_table", "register_player", "round_tables", "start_round", "table_at_a_glance"]
