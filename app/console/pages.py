"""What each console page shows, read the way the API reads it and filtered by the same view
rules (``app.visibility``): a player's page is built from that player's view only, so no
hidden card reaches its HTML, its scripts or the fragments they fetch."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
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
from app.visibility import Reader, listed_legal_actions, reader_of, seen_timeline, view
from events.codec import canonical_json
from events.schemas import COIN_SIDES, INFRACTIONS, PENALTY_LEVELS, REVEAL_ZONES, event_types
from projections.disputes import fold_disputes, listed
from projections.readmodels import list_disputes, list_match_summaries

MAX_TABLES = 200
SEVERITIES = ("minor", "major", "severe")


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
    marks = [(m["match_id"], m.get("last_seq"), m.get("status"), m.get("open_disputes"))
             for m in matches]
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
    actions: dict[int, list[ActionGroup]] = field(default_factory=dict)
    disputes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def live(self) -> bool:
        return self.seq == self.head

    @property
    def players(self) -> list[str]:
        return [p["name"] for p in self.summary["players"]]


def board(ctx: ServiceContext, principal: Principal, match_id: str, at: int | None) -> Board:
    meta = get_meta(ctx, match_id)
    game = game_of_match(meta)
    reader = reader_of(principal)
    stored = load_events(ctx, match_id)
    head = stored[-1]["seq"] if stored else 0
    at = check_at(ctx, match_id, at, location="query") if at is not None else None
    state, seq, _ = load_state(ctx, match_id, upto=at)
    shown = Board(match_id=match_id, game=str(meta.get("game") or "tcg"),
                  summary=match_summary(meta, game, state, seq),
                  state=view(game, state, reader), seq=seq, head=head,
                  timeline=seen_timeline(stored, reader), reader=reader)
    if seq == head:
        for seat in acting_seats(principal):
            listed_actions = [a for a in listed_legal_actions(game, state, seat, reader)
                              if a.get("type") != "concede"]
            if listed_actions:
                shown.actions[seat] = group_actions(listed_actions)
    shown.disputes = [listed(d) for d in fold_disputes(match_id, stored).values()]
    return shown


# ---------------------------------------------------------------------- judging forms

def _infraction_words() -> dict[str, str]:
    return {"game_play_error": _("Game Play Error"), "procedural_error": _("Procedural Error"),
            "tardiness": _("Tardiness"), "unsporting_conduct": _("Unsporting Conduct"),
            "cheating": _("Cheating"), "deck_problem": _("Deck/Decklist Problem"),
            "pace_of_play": _("Pace of Play")}


def _level_words() -> dict[str, str]:
    return {"caution": _("Caution"), "warning": _("Warning"),
            "double_prize": _("Prize Penalty (2 Prize cards)"),
            "prize_penalty": _("Prize Penalty (2 Prize cards)"),
            "quad_prize": _("Prize Penalty (4 Prize cards)"), "game_loss": _("Game Loss"),
            "match_loss": _("Match Loss"), "disqualification": _("Disqualification")}


def penalty_names() -> dict[str, list[tuple[str, str]]]:
    """The guideline's names for the penalty form: (value the API takes, words shown)."""
    kinds, grades = _infraction_words(), {"minor": _("Minor"), "major": _("Major"),
                                          "severe": _("Severe")}
    infractions = []
    for kind in INFRACTIONS:
        infractions.append((kind, kinds[kind]))
        infractions += [(f"{kind}_{grade}", f"{kinds[kind]} – {grades[grade]}") for grade in SEVERITIES]
    words = _level_words()
    levels = [(level, words[level]) for level in PENALTY_LEVELS if level != "prize_penalty"]
    return {"infractions": infractions, "levels": levels}


FORM_CHOICES = {"coin_sides": COIN_SIDES, "reveal_zones": REVEAL_ZONES}


def stream_event_types() -> list[str]:
    """Every event type the live stream may announce (EventSource listens by name)."""
    return sorted(event_types())
