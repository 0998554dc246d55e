"""Disputes, rulings and appeals (J-PENALTY-1, J-REPAIR-1, J-APPEAL-1)."""

from __future__ import annotations

import re
from typing import Any

from flask import current_app
from flask_smorest import Blueprint

from app.auth import Principal, forbid, protect, require_judge, require_match_reader
from app.docs import ENGINE_409, READ, problems
from app.errors import TYPE_VALIDATION, problem
from app.extensions import get_context, get_redis, get_store
from app.route_guard import appellants, authorised_first, head_judges, judges, match_readers
from app.routes.judge import judge_write, judge_write_route
from app.schemas import (
    PLAYER_ID_RULE_TEXT,
    AppealBodySchema,
    DisputeBodySchema,
    DisputeCreatedSchema,
    DisputeListSchema,
    DisputesQuerySchema,
    PenaltyHistorySchema,
    QueueListSchema,
    QueueTablesQuerySchema,
    QueueTablesSchema,
    RulingBodySchema,
)
from app.service import DecideAppeal, FileAppeal, OpenDispute, Rule, execute, get_meta, load_events
from app.visibility import reader_of, seen_disputes
from events.config import DEFAULT_OPEN_DISPUTES_PER_MATCH, DEFAULT_OPEN_DISPUTES_PER_SEAT
from events.schemas import PLAYER_ID_PATTERN
from projections.disputes import DisputeCaps, fold_disputes, listed
from projections.messages import msg
from projections.penalties import with_advice
from projections.readmodels import list_disputes, penalty_history, queue_by_table
from projections.readmodels.model import person_key

blp = protect(Blueprint("disputes", __name__, url_prefix="/v1",
                        description="Disputes, rulings and appeals"))


CAPS_409 = ("the seat or the match already has as many disputes and appeals waiting for a "
            "judge as allowed (`/problems/too-many-open-disputes`, with `scope`: seat or "
            "match, `limit`: the cap, and `seat`; REFEREE_OPEN_DISPUTES_PER_SEAT, "
            "REFEREE_OPEN_DISPUTES_PER_MATCH)")


def caps_for(principal: Principal) -> DisputeCaps | None:
    """The open-dispute caps a caller's disputes and appeals meet (None: a judge's, which
    are not capped: the queue is theirs)."""
    if principal.role == "judge":
        return None
    config = current_app.config
    return DisputeCaps(
        per_seat=int(config.get("REFEREE_OPEN_DISPUTES_PER_SEAT", DEFAULT_OPEN_DISPUTES_PER_SEAT)),
        per_match=int(config.get("REFEREE_OPEN_DISPUTES_PER_MATCH",
                                 DEFAULT_OPEN_DISPUTES_PER_MATCH)))


def _decision(body: dict[str, Any], dispute_id: str, kind: type[Rule]) -> Rule:
    return kind(dispute_id=dispute_id, decision=body["decision"], remedy=body.get("remedy"),
                penalty=body.get("penalty"), notes=body.get("notes"))


@blp.route("/matches/<match_id>/disputes", methods=["POST"])
@authorised_first(match_readers)
@blp.arguments(DisputeBodySchema())
@blp.response(201, DisputeCreatedSchema)
@problems(blp, 400, 401, 404, 413, 423, 503,
          who_403="A player disputes only for its own seat",
          state_409="Too many open disputes: " + CAPS_409 + "; or " + ENGINE_409,
          body_422="Malformed body (`claim`: 1 to 500 characters), or `about_seq` not a seq "
                   "of the match")
def open_dispute(body: dict[str, Any], match_id: str):
    """Open a dispute about an event.

    By a player for its own seat, the scorekeeper or a judge: appends `DisputeOpened` and
    puts it in the judges' queue. A seat, and a match, hold only so many disputes and
    appeals waiting for a judge at once (409 `/problems/too-many-open-disputes` past the
    cap; a judge's own are not capped)."""
    principal = require_match_reader(match_id)
    seat = body.get("seat")
    if principal.role == "player":
        if seat is None:
            seat = principal.seat
        elif seat != principal.seat:
            forbid(msg("A player's token disputes only for its own seat (%(seat)s).", seat=principal.seat))
    command = OpenDispute(about_seq=body["about_seq"], claim=body["claim"], seat=seat,
                          caps=caps_for(principal))
    written = execute(get_context(), match_id, command, actor=principal.actor)
    return {"dispute_id": command.dispute_id, "seq": written.last_seq,
            "receipt": written.receipt}, 201


@blp.route("/matches/<match_id>/disputes", methods=["GET"])
@blp.response(200, DisputeListSchema)
@problems(blp, *READ)
def match_disputes(match_id: str):
    """Every dispute of the match with its ruling and appeal, as the log tells."""
    principal = require_match_reader(match_id)
    ctx = get_context()
    get_meta(ctx, match_id)
    found = seen_disputes((listed(d) for d in fold_disputes(match_id, load_events(ctx, match_id))
                           .values()), reader_of(principal))
    return {"disputes": found, "total": len(found)}


@judge_write_route(blp, "/matches/<match_id>/disputes/<dispute_id>/ruling", RulingBodySchema(),
                   400, 401, 413, 423, 503, judge_403="Only judges rule",
                   missing_404="No such match or dispute",
                   state_409="The dispute was already ruled on (`dispute_status`), `expected_seq` is "
                             "stale, or " + ENGINE_409,
                   body_422="Malformed body (levels and infractions per J-PENALTY-1/2), or a remedy "
                            "that rewinds to a seq not on the current line of play")
def rule(body: dict[str, Any], match_id: str, dispute_id: str):
    """Rule on a dispute (judges).

    Appends `RulingIssued`. A `remedy` rewinds the game
    (J-REPAIR-1; `reshuffle` shuffles the decks of the seats that drew since); a prize
    penalty makes the opponent take Prize cards and can end the game; game_loss ends it."""
    principal = require_judge()
    return judge_write(principal, match_id, _decision(body, dispute_id, Rule), body)


@blp.route("/matches/<match_id>/disputes/<dispute_id>/appeal", methods=["POST"])
@authorised_first(appellants)
@blp.arguments(AppealBodySchema())
@blp.response(201, DisputeCreatedSchema)
@problems(blp, 400, 401, 413, 423, 503,
          who_403="Only the players (each for its own seat) or the scorekeeper appeal",
          missing_404="No such match or dispute",
          state_409="There is no ruling to appeal yet, or it was already appealed "
                    "(`dispute_status`); or " + CAPS_409 + "; or " + ENGINE_409,
          body_422="Malformed body (`reason`: 1 to 500 characters)")
def appeal(body: dict[str, Any], match_id: str, dispute_id: str):
    """Appeal a ruling to the head judge (J-APPEAL-1).

    By either player (a ruling affects
    both seats) or the scorekeeper: appends `AppealFiled` and puts it in the judges'
    queue."""
    principal = require_match_reader(match_id)
    if principal.role not in ("player", "scorekeeper"):
        forbid(msg("Appeals come from the players (or the scorekeeper for them)."))
    command = FileAppeal(dispute_id=dispute_id, reason=body["reason"], seat=body.get("seat"),
                         player_seat=principal.seat if principal.role == "player" else None,
                         caps=caps_for(principal))
    written = execute(get_context(), match_id, command, actor=principal.actor)
    return {"dispute_id": dispute_id, "seq": written.last_seq,
            "receipt": written.receipt}, 201


@judge_write_route(blp, "/matches/<match_id>/disputes/<dispute_id>/appeal/decision", RulingBodySchema(),
                   400, 401, 413, 423, 503, check=head_judges, head_403="Only the head judge decides appeals",
                   missing_404="No such match or dispute",
                   state_409="No appeal awaits a decision (`dispute_status`), `expected_seq` is "
                             "stale, or " + ENGINE_409,
                   body_422="Malformed body; an upheld appeal takes no remedy or penalty")
def decide_appeal(body: dict[str, Any], match_id: str, dispute_id: str):
    """The head judge's final word on an appeal (J-APPEAL-1).

    Appends `AppealDecided`. `upheld`: the
    ruling stands. `overturned`: the event's remedy (a rewind) and penalty are carried
    out as the match is folded, like a ruling's (the original ruling's effect on the game is
    undone only by rewinding to before it)."""
    principal = require_judge(head=True)
    return judge_write(principal, match_id, _decision(body, dispute_id, DecideAppeal), body)


@blp.route("/disputes", methods=["GET"])
@authorised_first(judges)
@blp.arguments(DisputesQuerySchema(), location="query")
@blp.response(200, QueueListSchema)
@problems(blp, 401, 422, 503, judge_403="The queue is for judges")
def queue(query: dict[str, Any]):
    """Disputes across matches: the judges' queue.

    From the read models. `status=open` (the default) is the
    judges' queue: first every frozen match (kind `integrity`: its log failed an integrity
    check), then open disputes and appeals awaiting the head judge, oldest first.
    `status=all` lists the frozen matches first too. `GET /v1/disputes/tables` gives the
    same queue by table, so that no table's disputes hide another's."""
    require_judge()
    limit, offset = query["limit"], query["offset"]
    frozen = integrity_entries(get_store()) if query["status"] in ("open", "all") else []
    page = frozen[offset:offset + limit]
    found, total = list_disputes(get_redis(), status=query["status"],
                                 limit=limit - len(page),
                                 offset=max(0, offset - len(frozen)))
    return {"disputes": page + found, "total": total + len(frozen)}


@blp.route("/disputes/tables", methods=["GET"])
@authorised_first(judges)
@blp.arguments(QueueTablesQuerySchema(), location="query")
@blp.response(200, QueueTablesSchema)
@problems(blp, 401, 422, 503, judge_403="The queue is for judges")
def queue_tables(query: dict[str, Any]):
    """The judges' queue by table.

    From the read models. Every frozen match first (its log failed an integrity check:
    `frozen`, `integrity`), then every match with a dispute or appeal awaiting a judge, the
    one whose newest entered the queue first. Each table counts its waiting disputes and
    appeals (`open_disputes`, of which `appeals`) and lists the first `per_table` of them,
    the longest waiting first; `total` counts the tables, `open_disputes` every waiting
    dispute and appeal. One table's many disputes take one row: every table with a dispute
    is on some page."""
    require_judge()
    tables, total, waiting = queue_by_table(get_redis(), limit=query["limit"],
                                            offset=query["offset"],
                                            per_table=query["per_table"],
                                            frozen=get_store().list_frozen())
    return {"tables": tables, "total": total, "open_disputes": waiting}


def integrity_entries(store: Any) -> list[dict[str, Any]]:
    """The judges' queue entries of the frozen matches (no hidden information: a seq, a
    finding, who detected it when)."""
    return [{"kind": "integrity", "status": "frozen", "open": True,
             "match_id": record["match_id"], "dispute_id": None,
             "first_bad_seq": record.get("first_bad_seq"), "finding": record.get("finding"),
             "detected_by": record.get("detected_by"),
             "queued_at": record.get("detected_at")} for record in store.list_frozen()]


@blp.route("/players/<player_id>/penalties", methods=["GET"])
@blp.response(200, PenaltyHistorySchema)
@problems(blp, 401, 503, judge_403="Penalty histories are for judges",
          id_422="`player_id` is not a Play! Pokémon ID (digits)")
def player_penalties(player_id: str):
    """A person's penalties across matches, by Play! Pokémon ID, oldest first.

    Across the matches this referee holds, filed by the player's ID (never the display
    name: two players named alike are two people), each marked when it repeats an earlier
    standing penalty for the same infraction (J-PENALTY-2) — what a judge looks at before
    ruling. A player registered without an ID has no history beyond its match. Each entry
    has the guidelines' labels beside its ids and, when its category repeats, the
    `suggested_level` the escalation gave then (a suggestion: `level` is what was given)."""
    require_judge()
    if not re.fullmatch(PLAYER_ID_PATTERN, player_id):
        problem(422, msg("Not a player ID"), PLAYER_ID_RULE_TEXT,
                type=TYPE_VALIDATION, errors={"path": {"player_id": [msg("Digits only.")]}})
    penalties = with_advice(penalty_history(get_redis(), person_key(player_id, "", None)))
    names = sorted({entry["player"] for entry in penalties if entry.get("player")})
    return {"player_id": player_id, "names": names, "penalties": penalties}
