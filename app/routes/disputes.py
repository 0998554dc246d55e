"""Disputes, rulings and appeals (J-PENALTY-1, J-REPAIR-1, J-APPEAL-1)."""

from __future__ import annotations

import re
from typing import Any

from flask_smorest import Blueprint

from app.auth import forbid, protect, require_judge, require_match_reader
from app.docs import ENGINE_409, READ, problems
from app.errors import TYPE_VALIDATION, problem
from app.extensions import get_context, get_redis, get_store
from app.route_guard import appellants, authorised_first, head_judges, judges, match_readers
from app.routes.judge import DRY_RUN_DOC, judge_write
from app.schemas import (
    PLAYER_ID_RULE_TEXT,
    AppealBodySchema,
    DisputeBodySchema,
    DisputeCreatedSchema,
    DisputeListSchema,
    DisputesQuerySchema,
    JudgeEventResultSchema,
    PenaltyHistorySchema,
    QueueListSchema,
    RulingBodySchema,
)
from app.service import DecideAppeal, FileAppeal, OpenDispute, Rule, execute, get_meta, load_events
from app.visibility import without_judges_notes
from events.schemas import PLAYER_ID_PATTERN
from projections.disputes import fold_disputes, listed
from projections.messages import msg
from projections.penalties import with_advice
from projections.readmodels import list_disputes, penalty_history
from projections.readmodels.model import person_key

blp = protect(Blueprint("disputes", __name__, url_prefix="/v1",
                        description="Disputes, rulings and appeals"))


def _decision(body: dict[str, Any], dispute_id: str, kind: type[Rule]) -> Rule:
    return kind(dispute_id=dispute_id, decision=body["decision"], remedy=body.get("remedy"),
                penalty=body.get("penalty"), notes=body.get("notes"))


@blp.route("/matches/<match_id>/disputes", methods=["POST"])
@authorised_first(match_readers)
@blp.arguments(DisputeBodySchema())
@blp.response(201, DisputeCreatedSchema)
@problems(blp, 400, 401, 404, 413, 423, 503,
          who_403="A player disputes only for its own seat",
          engine_409="The match can't be folded here: " + ENGINE_409,
          body_422="Malformed body, or `about_seq` not a seq of the match")
def open_dispute(body: dict[str, Any], match_id: str):
    """Open a dispute about an event.

    By a player for its own seat, the scorekeeper or a judge: appends `DisputeOpened` and
    puts it in the judges' queue."""
    principal = require_match_reader(match_id)
    seat = body.get("seat")
    if principal.role == "player":
        if seat is None:
            seat = principal.seat
        elif seat != principal.seat:
            forbid(msg("A player's token disputes only for its own seat (%(seat)s).", seat=principal.seat))
    command = OpenDispute(about_seq=body["about_seq"], claim=body["claim"], seat=seat)
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
    found = [listed(d) for d in fold_disputes(match_id, load_events(ctx, match_id)).values()]
    if not principal.full_view:   # a judge's notes are for judges
        found = [without_judges_notes(d) for d in found]
    return {"disputes": found, "total": len(found)}


@blp.route("/matches/<match_id>/disputes/<dispute_id>/ruling", methods=["POST"])
@authorised_first(judges)
@blp.arguments(RulingBodySchema())
@blp.response(201, JudgeEventResultSchema)
@blp.alt_response(200, schema=JudgeEventResultSchema, description=DRY_RUN_DOC)
@problems(blp, 400, 401, 413, 423, 503, judge_403="Only judges rule",
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
                    "(`dispute_status`), or " + ENGINE_409,
          body_422="Malformed body")
def appeal(body: dict[str, Any], match_id: str, dispute_id: str):
    """Appeal a ruling to the head judge (J-APPEAL-1).

    By either player (a ruling affects
    both seats) or the scorekeeper: appends `AppealFiled` and puts it in the judges'
    queue."""
    principal = require_match_reader(match_id)
    if principal.role not in ("player", "scorekeeper"):
        forbid(msg("Appeals come from the players (or the scorekeeper for them)."))
    command = FileAppeal(dispute_id=dispute_id, reason=body["reason"], seat=body.get("seat"),
                         player_seat=principal.seat if principal.role == "player" else None)
    written = execute(get_context(), match_id, command, actor=principal.actor)
    return {"dispute_id": dispute_id, "seq": written.last_seq,
            "receipt": written.receipt}, 201


@blp.route("/matches/<match_id>/disputes/<dispute_id>/appeal/decision", methods=["POST"])
@authorised_first(head_judges)
@blp.arguments(RulingBodySchema())
@blp.response(201, JudgeEventResultSchema)
@blp.alt_response(200, schema=JudgeEventResultSchema, description=DRY_RUN_DOC)
@problems(blp, 400, 401, 413, 423, 503, head_403="Only the head judge decides appeals",
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
    `status=all` lists the frozen matches first too."""
    require_judge()
    limit, offset = query["limit"], query["offset"]
    frozen = integrity_entries(get_store()) if query["status"] in ("open", "all") else []
    page = frozen[offset:offset + limit]
    found, total = list_disputes(get_redis(), status=query["status"],
                                 limit=limit - len(page),
                                 offset=max(0, offset - len(frozen)))
    return {"disputes": page + found, "total": total + len(frozen)}


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
