"""Starting a round: every table's clock at once (J-TIME-2), for ``POST /v1/rounds/start``
and an event's round start (``app.service.tournament``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.service.commands import ChangeClock
from app.service.context import ServiceContext
from app.service.write import execute
from events.errors import ConflictError, MatchFrozen, MatchNotFound
from projections.errors import RefereeError


def start_clocks(ctx: ServiceContext, match_ids: Iterable[str], minutes: int,
                 actor: dict[str, Any]) -> tuple[list[str], dict[str, str]]:
    """``ClockStarted`` (``minutes`` long) in each match, as ``POST …/clock`` ``start`` would.
    Returns ``(started, refused)``: a match that can't (unknown, frozen, started already) is
    refused with the reason, and the others start all the same."""
    started, refused = [], {}
    for match_id in dict.fromkeys(match_ids):
        try:
            execute(ctx, match_id, ChangeClock(kind="ClockStarted", minutes=minutes), actor=actor)
            started.append(match_id)
        except (RefereeError, MatchNotFound, MatchFrozen, ConflictError) as exc:
            refused[match_id] = str(getattr(exc, "detail", None) or exc)[:300]
    return started, refused
