"""What each console page shows, read the way the API reads it and filtered by the same view
rules (``app.visibility``): a player's page is built from that player's view only, so no
hidden card reaches its HTML, its scripts or the fragments they fetch."""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field, replace
from typing import Any

from app.auth import Principal
from app.console.choices import ActionGroup, group_actions
from app.console.i18n import _
from app.extensions import get_redis
from app.service import (
    ServiceContext,
    check_at,
    game_of_match,
    get_meta,
    load_events,
    load_state,
    match_summary,
)
from app.view_cache import rendered_views, view_key
from app.visibility import Reader, listed_legal_actions, reader_of, seen_timeline, view
from events.codec import canonical_json
from events.schemas import COIN_SIDES, REVEAL_ZONES, event_types
from projections import penalties as guideline
from projections.clock import Clock, fold_clock
from projections.disputes import fold_disputes, listed
from projections.readmodels import list_disputes, list_match_summaries

MAX_TABLES = 200


def may_read(principal: Principal, match_id: str) -> bool:
    return principal.role == "judge" or (principal.role in ("player", "scorekeeper")
                                         and principal.match_id == match_id)


def acting_seats(principal: Principal) -> tuple[int, ...]:
    if principal.role in ("judge", "scorekeeper"):
        return (0, 1)
    if principal.role == "player" and principal.seat is not None:
        return (principal.seat,)
    return ()


# ---------------------------------------------------------------------- tables

@dataclass
class Tables:
    matches: list[dict[str, Any]]
    total: int
    queue: list[dict[str, Any]]
    frozen: set[str]
    fingerprint: str

    @property
    def numbers(self) -> dict[str, int]:
        """Match id -> table number, for the queue."""
        return {m["match_id"]: m["table"] for m in self.matches if m.get("table")}


def tables(ctx: ServiceContext, status: str | None, player: str | None,
           with_queue: bool) -> Tables:
    """The event's matches (newest first), the judges' queue, and a fingerprint that changes
    whenever either does (what the live list watches)."""
    redis = get_redis()
    matches, total = list_match_summaries(redis, status=status, player=player or None,
                                          limit=MAX_TABLES)
    frozen = {record["match_id"] for record in ctx.store.list_frozen()}
    queue = list_disputes(redis, status="open", limit=100)[0] if with_queue else []
    now = time.time()
    for m in matches:
        m["clock_view"] = Clock.from_record(m.get("clock")).describe(now)
    marks = [(m["match_id"], m.get("last_seq"), m.get("status"), m.get("open_disputes"),
              m["clock_view"]["status"], m["clock_view"]["extended_minutes"]) for m in matches]
    digest = hashlib.sha256(canonical_json([marks, sorted(frozen), total,
                                            [(q.get("match_id"), q.get("dispute_id"),
                                              q.get("status")) for q in queue]]).encode())
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
    actions: dict[int, list[ActionGroup]] = field(default_factory=dict)
    disputes: list[dict[str, Any]] = field(default_factory=list)

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
    round clock, which runs between events, is told anew each time."""
    meta = get_meta(ctx, match_id)
    key = view_key(ctx, meta, match_id, "board", reader_of(principal),
                   params=(at, acting_seats(principal)))
    shown = rendered_views().render(
        key, lambda: _board(ctx, principal, match_id, at, meta, key.seq if key else None))
    return replace(shown, summary={**shown.summary, "clock": shown.clock.describe(time.time())})


def _board(ctx: ServiceContext, principal: Principal, match_id: str, at: int | None,
           meta: dict[str, Any], upto: int | None) -> Board:
    game = game_of_match(meta)
    reader = reader_of(principal)
    stored = load_events(ctx, match_id, upto)
    head = stored[-1]["seq"] if stored else 0
    at = check_at(ctx, match_id, at, location="query") if at is not None else None
    # The board is folded up to the head the timeline was read at: an event appended between
    # the two reads would otherwise show a board past the timeline, not followed live.
    state, seq, _ = load_state(ctx, match_id, upto=at if at is not None else head or None)
    shown = Board(match_id=match_id, game=str(meta.get("game") or "tcg"),
                  summary=match_summary(meta, game, state, seq),
                  state=view(game, state, reader), seq=seq, head=head,
                  timeline=seen_timeline(stored, reader), reader=reader, clock=fold_clock(stored))
    if seq == head:
        for seat in acting_seats(principal):
            listed_actions = [a for a in listed_legal_actions(game, state, seat, reader)
                              if a.get("type") != "concede"]
            if listed_actions:
                shown.actions[seat] = group_actions(listed_actions)
    shown.disputes = [listed(d) for d in fold_disputes(match_id, stored).values()]
    return shown


# ---------------------------------------------------------------------- judging forms

def penalty_names() -> dict[str, list[tuple[str, str]]]:
    """The penalty guidelines' names for the penalty form (``projections.penalties``): the
    value the API takes (the machine id) and the words shown. The deprecated
    ``prize_penalty`` is not offered."""
    infractions = []
    for category in guideline.CATEGORIES:
        infractions.append((category.id, _(category.label)))
        infractions += [(f"{category.id}_{grade.id}", f"{_(category.label)} – {_(grade.label)}")
                        for grade in guideline.SEVERITY_NAMES]
    levels = [(level.id, _(level.label)) for level in guideline.LEVELS]
    return {"infractions": infractions, "levels": levels}


FORM_CHOICES = {"coin_sides": COIN_SIDES, "reveal_zones": REVEAL_ZONES}


def stream_event_types() -> list[str]:
    """Every event type the live stream may announce (EventSource listens by name)."""
    return sorted(event_types())
