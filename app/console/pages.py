"""What each console page shows, read the way the API reads it and filtered by the same view
rules (``app.visibility``): a player's page is built from that player's view only, so no
hidden card reaches its HTML, its scripts or the fragments they fetch."""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import redis

from app.auth import Principal
from app.console import judged
from app.console.choices import ActionGroup, Places, group_actions, places_of
from app.console.i18n import _, language, ngettext
from app.extensions import get_redis
from app.service import (
    Match,
    ServiceContext,
    check_at,
    get_match,
    load_events,
    load_state,
    match_summary,
)
from app.view_cache import rendered_views, view_key
from app.visibility import (
    Reader,
    listed_legal_actions,
    reader_of,
    redactor_for,
    seen_disputes,
    seen_timeline,
    view,
)
from events.codec import canonical_json
from events.jobqueue import get_queue
from events.schemas import COIN_SIDES, REVEAL_ZONES, event_types
from projections import penalties as guideline
from projections.clock import Clock, fold_clock
from projections.disputes import fold_disputes, listed
from projections.i18n import translate_deep
from projections.readmodels import list_match_summaries, queue_by_table

MAX_TABLES = 200
QUEUE_TABLES_PER_PAGE = 20    # the judges' queue: tables per page
QUEUED_PER_TABLE = 3          # and the disputes shown of each (all are counted)


def may_read(principal: Principal, match_id: str) -> bool:
    return principal.role == "judge" or (principal.role in ("player", "scorekeeper")
                                         and principal.match_id == match_id)


def acting_seats(principal: Principal) -> tuple[int, ...]:
    if principal.role in ("judge", "scorekeeper"):
        return (0, 1)
    if principal.role == "player" and principal.seat is not None:
        return (principal.seat,)
    return ()


# ---------------------------------------------------------------------- the judges' queue

@dataclass
class Queue:
    """One page of the judges' queue, by table (``projections.readmodels.queue_by_table``)."""

    tables: list[dict[str, Any]]
    total: int                    # tables in the queue
    waiting: int                  # disputes and appeals awaiting a judge, at every table
    page: int                     # 1-based
    pages: int

    @property
    def first(self) -> int:
        """The place in the queue of the page's first table (1-based)."""
        return (self.page - 1) * QUEUE_TABLES_PER_PAGE + 1


@dataclass
class Tables:
    matches: list[dict[str, Any]]
    total: int
    queue: Queue | None
    frozen: set[str]
    fingerprint: str


def page_number(text: str) -> int:
    """A ``?queue_page=`` as a page (anything else is refused: the first page is shown)."""
    if not text.isdigit() or len(text) > 6:
        raise ValueError(text)
    return int(text)


def queue_page(page: int, frozen: list[dict[str, Any]]) -> Queue:
    """Page ``page`` of the judges' queue (past the last: the last)."""
    redis = get_redis()
    first = (max(1, page) - 1) * QUEUE_TABLES_PER_PAGE
    tables, total, waiting = queue_by_table(redis, limit=QUEUE_TABLES_PER_PAGE, offset=first,
                                            per_table=QUEUED_PER_TABLE, frozen=frozen)
    pages = max(1, -(-total // QUEUE_TABLES_PER_PAGE))
    if not tables and page > pages:
        return queue_page(pages, frozen)
    return Queue(tables, total, waiting, max(1, page), pages)


# ---------------------------------------------------------------------- integrity, health

FROZEN, PAUSED, ANCHORED, UNANCHORED = "frozen", "paused", "anchored", "unanchored"


def workers_alive(ctx: ServiceContext) -> bool | None:
    """Whether a background worker is registered on the job queue (None: can't be told)."""
    if ctx.queue_redis is None:
        return None
    from rq import Worker

    try:
        return Worker.count(queue=get_queue(ctx.queue_redis(), ctx.queue_name)) > 0
    except redis.RedisError:
        return None


def integrity_of(ctx: ServiceContext, match_id: str, frozen: bool, alive: bool | None,
                 now: float) -> dict[str, Any]:
    """What the console says of a match's integrity: ``frozen`` (its log failed a check),
    ``paused`` (no worker runs the checks), ``anchored`` (the newest anchor's ``seq`` and how
    many ``seconds`` ago it was written) or ``unanchored`` (no check has anchored it yet).
    Never a bare "ok": it says what was checked."""
    if frozen:
        return {"state": FROZEN}
    if alive is False:
        return {"state": PAUSED}
    newest = ctx.anchors.read(match_id, tail_only=True).highest if ctx.anchors else None
    if newest is None:
        return {"state": UNANCHORED}
    try:
        at = datetime.fromisoformat(newest.at.replace("Z", "+00:00")).timestamp()
    except ValueError:
        at = now
    return {"state": ANCHORED, "seq": newest.seq, "seconds": max(0, int(now - at))}


def time_ago(seconds: int) -> str:
    """``seconds`` in the largest whole unit (``3 minutes``), in the page's language."""
    if seconds >= 86400:
        return ngettext("%(num)s day", "%(num)s days", seconds // 86400)
    if seconds >= 3600:
        return ngettext("%(num)s hour", "%(num)s hours", seconds // 3600)
    if seconds >= 60:
        return ngettext("%(num)s minute", "%(num)s minutes", seconds // 60)
    return ngettext("%(num)s second", "%(num)s seconds", seconds)


def health_notices() -> list[str]:
    """Why the service is degraded (``GET /v1/health``'s reasons), in the page's words; none
    when it is ok, or when health can't be read (the page says what failed by itself)."""
    from app.routes.health import NO_WORKER, QUEUE_STALE, job_health

    try:
        reasons = job_health()[1]
    except Exception:  # noqa: BLE001 - a page must render whatever the queue does
        return []
    notices = []
    for reason in reasons:
        if reason.code == NO_WORKER:
            queued = int(reason.values.get("queued") or 0)
            notices.append(
                ngettext("Background checks are paused: no worker is running, and %(num)s job "
                         "waits. Nothing is anchored; read models and snapshots fall behind.",
                         "Background checks are paused: no worker is running, and %(num)s jobs "
                         "wait. Nothing is anchored; read models and snapshots fall behind.",
                         queued) if queued else
                _("Background checks are paused: no worker is running. Nothing is anchored; "
                  "read models and snapshots fall behind."))
        elif reason.code == QUEUE_STALE:
            notices.append(_("Background jobs are behind: the oldest has waited %(seconds)s s.",
                             seconds=reason.values.get("seconds")))
        else:
            notices.append(_("The job queue can't be read: background checks may be paused."))
    return notices


# ---------------------------------------------------------------------- tables

def tables(ctx: ServiceContext, status: str | None, player: str | None,
           with_queue: bool, queue_at: int = 1) -> Tables:
    """The event's matches (newest first), page ``queue_at`` of the judges' queue, and a
    fingerprint that changes whenever either does (what the live list watches: any new
    dispute or appeal, and any ruling, changes the queue's counts or its first page)."""
    redis = get_redis()
    matches, total = list_match_summaries(redis, status=status, player=player or None,
                                          limit=MAX_TABLES)
    frozen_records = ctx.store.list_frozen()
    frozen = {record["match_id"] for record in frozen_records}
    queue = queue_page(queue_at, frozen_records) if with_queue else None
    now = time.time()
    alive = workers_alive(ctx) if matches else None
    for m in matches:
        m["clock_view"] = Clock.from_record(m.get("clock")).describe(now)
        m["integrity_view"] = integrity_of(ctx, m["match_id"], m["match_id"] in frozen, alive, now)
    marks = [(m["match_id"], m.get("last_seq"), m.get("status"), m.get("open_disputes"),
              m["clock_view"]["status"], m["clock_view"]["extended_minutes"],
              m["integrity_view"]["state"], m["integrity_view"].get("seq")) for m in matches]
    queued = ([queue.total, queue.waiting, [(t["match_id"], t["open_disputes"], t["newest_at"])
                                            for t in queue.tables]] if queue else [])
    digest = hashlib.sha256(canonical_json([marks, sorted(frozen), total, queued]).encode())
    return Tables(matches, total, queue, frozen, digest.hexdigest()[:16])


# ---------------------------------------------------------------------- one match

@dataclass
class Board:
    """One match as one reader sees it at one seq."""

    match_id: str
    game: str
    summary: dict[str, Any]
    state: dict[str, Any]
    seq: int                      # the seq shown
    head: int                     # the match's last seq
    timeline: list[dict[str, Any]]
    reader: Reader
    clock: Clock                  # the round clock as of the head: summary["clock"] tells it now
    integrity: dict[str, Any] = field(default_factory=dict)   # integrity_of, told anew each time
    actions: dict[int, list[ActionGroup]] = field(default_factory=dict)
    disputes: list[dict[str, Any]] = field(default_factory=list)
    paper: dict[int, Any] = field(default_factory=dict)   # a paper game's seats to log (its PaperSeat)
    penalties: list[dict[str, Any]] = field(default_factory=list)     # this match's, oldest first
    deck_lists: list[list[dict[str, Any]]] = field(default_factory=list)   # per seat, grouped
    deck_checks: list[dict[str, Any]] = field(default_factory=list)   # side by side, by name
    histories: list[dict[str, Any]] = field(default_factory=list)     # per seat: judges only

    @property
    def live(self) -> bool:
        return self.seq == self.head

    @property
    def declares(self) -> bool:
        """An action offered declares an effect the engine does not encode (R-DECLARE-1):
        the page then offers the steps' field."""
        return any("declared" in c.action for groups in self.actions.values()
                   for g in groups for c in g.choices)

    @property
    def players(self) -> list[str]:
        return [p["name"] for p in self.summary["players"]]


def board(ctx: ServiceContext, principal: Principal, match_id: str, at: int | None) -> Board:
    """Made once per (match, head, seq shown, reader, language): ``app.view_cache``. The
    round clock, which runs between events, and the integrity (anchors come after the
    events, from a worker) are told anew each time."""
    match = get_match(ctx, match_id)   # its facts decide what is offered, never its meta hash
    key = view_key(ctx, match.meta, match_id, "board", reader_of(principal),
                   params=(at, acting_seats(principal)))
    shown = rendered_views().render(
        key, lambda: _board(ctx, principal, match_id, at, match, key.seq if key else None))
    now = time.time()
    frozen = (match.meta or {}).get("frozen") is not None   # read now, not when cached
    shown = replace(shown, summary={**shown.summary, "clock": shown.clock.describe(now)},
                    integrity=integrity_of(ctx, match_id, frozen, workers_alive(ctx), now))
    if principal.role == "judge":   # read now: another match's penalty changes a history
        shown = judged.with_histories(shown)
    return shown


def _board(ctx: ServiceContext, principal: Principal, match_id: str, at: int | None,
           match: Match, upto: int | None) -> Board:
    game = match.game
    reader = reader_of(principal)
    stored = load_events(ctx, match_id, upto)
    head = stored[-1]["seq"] if stored else 0
    at = check_at(ctx, match_id, at, location="query") if at is not None else None
    # The board is folded up to the head the timeline was read at: an event appended between
    # the two reads would otherwise show a board past the timeline, not followed live.
    state, seq, _ = load_state(ctx, match_id, upto=at if at is not None else head or None)
    # The view in the page's language: its cards named as printed in it (issue 43 item 4).
    shown = Board(match_id=match_id, game=match.facts.game,
                  summary=match_summary(match, game, state, seq),
                  state=translate_deep(view(game, state, reader)), seq=seq, head=head,
                  timeline=seen_timeline(stored, reader), reader=reader, clock=fold_clock(stored))
    # a game that may be played on paper offers a seat the cards to name (projections.tcg.paper)
    paper_seat = getattr(game, "paper_seat", None)
    if seq == head:
        for seat in acting_seats(principal):
            on_paper = paper_seat(state, seat, language(), reader.reporter) if paper_seat else None
            if on_paper is not None:
                shown.paper[seat] = on_paper
            # a paper game's setup, mulligans and extra cards are its forms' (named cards, the flip)
            dropped = ("concede", "setup", "mulligan", "mulligan_draw") if on_paper is not None else ("concede",)
            listed_actions = [a for a in listed_legal_actions(game, state, seat, reader)
                              if a.get("type") not in dropped]
            if listed_actions:
                shown.actions[seat] = group_actions(listed_actions, board_places(shown.state))
    shown.disputes = seen_disputes((listed(d) for d in fold_disputes(match_id, stored).values()),
                                   reader)
    shown.penalties = judged.match_penalties(match_id, stored, reader)
    if reader.full:
        shown.deck_lists, shown.deck_checks = judged.deck_lists(stored), judged.deck_checks(stored)
    return shown


def board_places(view_state: dict[str, Any]) -> Places:
    """Where the board's Pokémon are, in the page's words (labels say it for instance ids)."""
    return places_of(view_state, _("Active"), _("Bench %(n)s"))


# ---------------------------------------------------------------------- a paper game's choices

@dataclass
class PaperOptions:
    """What a card named at a paper table may do (``paper``): the groups of actions to click,
    or why there are none."""

    seat: int
    head: int
    groups: list[ActionGroup] = field(default_factory=list)
    problem: str = ""
    needs_others: bool = False        # the card's play names other hand cards (its choices)


def paper_options(ctx: ServiceContext, principal: Principal, match_id: str, seat: int,
                  play: str | None, others: list[str], found: list[str]) -> PaperOptions:
    """The actions of the card ``play`` from the hand (with ``others``), or of a search that
    found ``found``, on the match's latest state, as ``principal`` may take them."""
    match = get_match(ctx, match_id)
    state, head, _loaded = load_state(ctx, match_id)
    out = PaperOptions(seat, head)
    game: Any = match.game      # a game played on paper: its paper_* functions (projections.tcg.paper)
    if getattr(game, "paper_seat", None) is None or game.paper_seat(state, seat, language(), None) is None \
            or seat not in acting_seats(principal):
        out.problem = _("This match is not a paper game this seat may log.")
        return out
    reader = reader_of(principal)
    answer = game.paper_choices(state, seat, play, others, found, reader.reporter)
    if answer.unlisted:
        out.problem = _("That card is not in the deck list.")
        return out
    if answer.unfit:
        out.problem = _("The table can't hold those cards there: the deck list has no more copies of one "
                        "of them, or more cards were named than there are.")
        return out
    out.needs_others = answer.needs_others
    redactor = redactor_for(game, answer.state, reader)
    where, cards = game.paper_places(answer.state, _("Active"), _("Bench %(n)s"))
    listed = []
    for offer in answer.offered:
        described = game.describe_action(answer.state, offer.shown)
        listed.append({**offer.action, "label": redactor.text(described["label"]),
                       "names": {i: n for i, n in described["names"].items() if i not in redactor.hidden}})
    out.groups = group_actions(listed, Places(where, cards))
    if not out.groups:
        out.problem = (_("Nothing it could do fits: name the other cards from the hand it uses.")
                       if out.needs_others and not others else _("The rules allow nothing with those cards now."))
    return out


def cards_named(ctx: ServiceContext, match_id: str, query: str) -> list[Any]:
    """The cards of the match's game whose name holds ``query``, in any language (its
    ruleset's first): what a judge names in a deck check. None in a game without cards."""
    match = get_match(ctx, match_id)
    search = getattr(match.game, "cards_named", None)
    return search(query, language(), match.facts.ruleset) if search is not None else []


# ---------------------------------------------------------------------- judging forms

def penalty_names() -> dict[str, Any]:
    """The penalty guidelines' names for the penalty form (``projections.penalties``): the
    value the API takes (the machine id) and the words shown. The deprecated
    ``prize_penalty`` is not offered."""
    infractions = []
    for category in guideline.CATEGORIES:
        infractions.append((category.id, _(category.label)))
        infractions += [(f"{category.id}_{grade.id}", f"{_(category.label)} – {_(grade.label)}")
                        for grade in guideline.SEVERITY_NAMES]
    levels = [(level.id, _(level.label)) for level in guideline.LEVELS]
    recommended = {value: level for value, _words in infractions
                   if (level := guideline.recommended_level(value))}
    return {"infractions": infractions, "levels": levels, "recommended": recommended}


FORM_CHOICES = {"coin_sides": COIN_SIDES, "reveal_zones": REVEAL_ZONES}


def stream_event_types() -> list[str]:
    """Every event type the live stream may announce (EventSource listens by name)."""
    return sorted(event_types())


# ---------------------------------------------------------------------- the match slip

def match_slip(ctx: ServiceContext, principal: Principal, match_id: str,
               zone: str | None) -> dict[str, Any]:
    """The match slip (``app.match_slip``) of the match as it stands now."""
    from app.match_slip import read_slip

    return read_slip(ctx, principal, match_id, zone)


def division_words() -> dict[str, str]:
    """The Play! Pokémon age divisions (``events.schemas.DIVISIONS``) in the page's words."""
    return {"junior": _("Junior"), "senior": _("Senior"), "masters": _("Masters")}
