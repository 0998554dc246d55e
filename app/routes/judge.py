"""Judge tools: rewinds (J-REPAIR-1), penalties outside a dispute (J-PENALTY-1), time
(J-TIME-1), the true cards of a table-mode match's hidden zones (R-TABLE-1)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import redis
from flask_smorest import Blueprint

from app.auth import forbid, protect, require_judge, require_role
from app.docs import ENGINE_409, problems, stacked
from app.extensions import get_context, get_redis
from app.route_guard import authorised_first, judges, roles
from app.schemas import (
    CLOCK_DOINGS,
    ClockBodySchema,
    DeckCheckBodySchema,
    JudgeEventResultSchema,
    PenaltyIssueBodySchema,
    RevealBodySchema,
    RewindBodySchema,
    RoundStartedSchema,
    RoundStartSchema,
    TimeBodySchema,
)
from app.service import (
    CallTime,
    ChangeClock,
    CheckDeck,
    Command,
    IssuePenalty,
    RevealCards,
    Rewind,
    Written,
    dry_run,
    execute,
)
from app.service.rounds import start_clocks
from app.visibility import FULL, JUDGE, view
from projections.clock import Clock
from projections.messages import msg
from projections.penalties import advice
from projections.readmodels import get_match_summary, list_match_summaries, penalty_history
from projections.readmodels.model import person_key

DRY_RUN_DOC = "A dry run (`dry_run: true`): what would be appended; nothing was"

log = logging.getLogger(__name__)

blp = protect(Blueprint("judge", __name__, url_prefix="/v1/matches",
                        description="Judge tools: rewind, penalties, time"))
round_blp = protect(Blueprint("rounds", __name__, url_prefix="/v1/rounds",
                              description="A round of the event: its clock at every table"))
MAX_ROUND_TABLES = 2000


def _given(event: Mapping[str, Any]) -> Mapping[str, Any] | None:
    payload = event.get("payload") or {}
    return payload if event.get("type") == "PenaltyIssued" else payload.get("penalty")


def penalty_advice(match_id: str, events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The penalty ``events`` gave (None: none) with its guideline labels and, when the
    person's history in the read models holds earlier standing penalties of its category,
    the escalation suggested (J-PENALTY-2: a suggestion; the level stays the judge's)."""
    found = [(event, given) for event in events if (given := _given(event))]
    if not found:
        return None
    event, given = found[-1]
    seat = given.get("seat")
    shown = {"seat": seat, "infraction": given.get("infraction"), "level": given.get("level"),
             "player": None, "player_id": None}
    earlier: list[dict[str, Any]] = []
    try:
        store = get_redis()
        summary = get_match_summary(store, match_id) or {}
        names, ids = summary.get("players") or [], summary.get("player_ids") or []
        if isinstance(seat, int) and 0 <= seat < len(names):
            shown["player"] = names[seat]
            shown["player_id"] = ids[seat] if seat < len(ids) else None
            overturned = (event.get("type") == "AppealDecided"
                          and (event.get("payload") or {}).get("decision") == "overturned")
            dispute_id = (event.get("payload") or {}).get("dispute_id")
            earlier = [e for e in penalty_history(store, person_key(shown["player_id"], match_id, seat))
                       if e.get("key") != f"{match_id}:{event.get('seq')}"
                       and not (overturned and e.get("dispute_id") == dispute_id
                                and e.get("source") == "RulingIssued")]
    except redis.RedisError:  # the events are stored; the suggestion waits for the models
        log.warning("no penalty history for the escalation of %s", match_id, exc_info=True)
    return {**shown, **advice(shown, earlier)}


WRITES = (400, 401, 404, 413, 423, 503)


def judge_write_route(blueprint: Blueprint, path: str, body: Any, *codes: int, check: Any = judges,
                      **described: str) -> Callable[[Callable], Callable]:
    """A judge's write answered by ``judge_write``: ``check`` before the body is parsed, 201
    with what was appended or 200 for a dry run, and the route's problems (``codes``, by
    default ``WRITES``, and the described ones)."""
    return stacked(blueprint.route(path, methods=["POST"]), authorised_first(check), blueprint.arguments(body),
                   blueprint.response(201, JudgeEventResultSchema),
                   blueprint.alt_response(200, schema=JudgeEventResultSchema, description=DRY_RUN_DOC),
                   problems(blueprint, *(codes or WRITES), **described))


def judge_answer(written: Written, match_id: str) -> dict[str, Any]:
    """What a judge's write answers: the stored events, their narration, the judge's view of
    the state after them, the receipt of the last one, and the penalty they gave with the
    escalation suggested for it."""
    plan = written.appended
    return {"seq": written.last_seq, "events": written.events,
            "narration": FULL.lines(plan.narration),
            "state_hash": written.events[-1].get("state_hash"),
            "state": view(written.game, plan.state, JUDGE), "receipt": written.receipt,
            "penalty": penalty_advice(match_id, written.events)}


def judge_write(principal: Any, match_id: str, command: Command,
                body: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Carry out a judge's command and answer as judges read it (201); with ``dry_run``,
    plan it, append nothing and answer what it would append (200)."""
    if body.get("dry_run"):
        trial = dry_run(get_context(), match_id, command, body.get("expected_seq"))
        events = trial.numbered_events()
        return {"dry_run": True, "seq": events[-1]["seq"], "events": events,
                "narration": FULL.lines(trial.plan.narration),
                "state_hash": events[-1].get("state_hash"),
                "state": view(trial.game, trial.plan.state, JUDGE),
                "penalty": penalty_advice(match_id, events)}, 200
    written = execute(get_context(), match_id, command, actor=principal.actor,
                      expected_seq=body.get("expected_seq"))
    return judge_answer(written, match_id), 201


@judge_write_route(blp, "/<match_id>/rewind", RewindBodySchema(), judge_403="Only judges rewind",
                   stale_409="`expected_seq` is stale (`conflict`), or " + ENGINE_409,
                   body_422="Malformed body, or `to_seq` not a seq on the current line of play")
def rewind(body: dict[str, Any], match_id: str):
    """Back the game up to `to_seq` (J-REPAIR-1).

    Appends `Rewound`; the events in between
    stay in the log, voided. `reshuffle: true` shuffles the decks of the seats that drew
    since (recorded in `reshuffled_seats` and `rng`) instead of leaving the cards on top."""
    principal = require_judge()
    command = Rewind(to_seq=body["to_seq"], reason=body["reason"], reshuffle=body["reshuffle"])
    return judge_write(principal, match_id, command, body)


@judge_write_route(blp, "/<match_id>/penalties", PenaltyIssueBodySchema(), judge_403="Only judges issue penalties",
                   stale_409="`expected_seq` is stale (`conflict`), or " + ENGINE_409,
                   body_422="Malformed body: an unknown level or infraction is refused naming the "
                            "field, with the accepted names")
def penalty(body: dict[str, Any], match_id: str):
    """Issue a penalty outside a dispute (J-PENALTY-1).

    Appends `PenaltyIssued`. `level` and
    `infraction` are ids or the penalty guidelines' names ("Warning", "Game Play Error:
    Minor"; GET /v1/penalties), stored as ids. Prize penalties make the opponent take Prize
    cards (and can win the game); game_loss, match_loss and disqualification end the game.
    The answer's `penalty` has the guideline labels and, when the person already has a
    standing penalty of the same category, the `suggested_level` of the escalation
    (J-PENALTY-2): a suggestion, the level given is the one stored."""
    principal = require_judge()
    command = IssuePenalty(seat=body["seat"], infraction=body["infraction"],
                           level=body["level"], notes=body.get("notes"))
    return judge_write(principal, match_id, command, body)


@judge_write_route(blp, "/<match_id>/time", TimeBodySchema(), judge_403="Only judges call time",
                   state_409="The game is over or time was already called, `expected_seq` is stale, "
                             "or " + ENGINE_409,
                   body_422="Malformed body")
def call_time(body: dict[str, Any], match_id: str):
    """Call time (J-TIME-1).

    Appends `TimeCalled`. The player whose turn it is finishes it,
    then `extra_turns` (3) more turns are played; a game still unfinished then is decided by
    `decide_by` (fewer Prize cards left wins) and `tie` (Sudden Death or a draw)."""
    principal = require_judge()
    command = CallTime(decide_by=body["decide_by"], tie=body["tie"],
                       extra_turns=body["extra_turns"], notes=body.get("notes"))
    return judge_write(principal, match_id, command, body)


@judge_write_route(blp, "/<match_id>/clock", ClockBodySchema(), check=roles("judge", "admin"),
                   who_403="Judges run the clock; admins (the organiser) may start it",
                   state_409="The clock can't do that now (`/problems/clock`), `expected_seq` is stale, "
                             "or " + ENGINE_409,
                   body_422="Malformed body (minutes missing or too many, an extension without a reason)")
def clock(body: dict[str, Any], match_id: str):
    """Start, pause, resume or extend the round clock of a match (J-TIME-2).

    `start` begins the round at this table (`minutes` long), `pause` and `resume` stop it
    during a long ruling, and `extend` gives the table `minutes` more with the `reason`
    (judges only). `GET /v1/matches/{id}` shows the time left; when it runs out, time is
    called (J-TIME-1)."""
    principal = require_role("judge", "admin")
    if principal.role == "admin" and body["do"] != "start":
        forbid(msg("The organiser (an admin) starts the clock; pausing, resuming and extending "
                   "it are a judge's (J-TIME-2)."))
    command = ChangeClock(kind=CLOCK_DOINGS[body["do"]], minutes=body.get("minutes"),
                          reason=body.get("reason"))
    return judge_write(principal, match_id, command, body)


@round_blp.route("/start", methods=["POST"])
@authorised_first(roles("judge", "admin"))
@round_blp.arguments(RoundStartSchema())
@round_blp.response(200, RoundStartedSchema)
@problems(round_blp, 400, 401, 413, 503, who_403="Judges and admins (the organiser) start a round",
          body_422="Malformed body")
def start_round(body: dict[str, Any]):
    """Start the round: every table's clock at once (J-TIME-2).

    Each match of `match_ids` (default: every match not finished whose clock has not started)
    gets `ClockStarted` with the round's `minutes`, as `POST …/clock` `start` would; a match
    that can't (unknown, frozen, started already) is listed in `refused` with the reason."""
    principal = require_role("judge", "admin")
    ctx = get_context()
    wanted = body.get("match_ids")
    if wanted is None:
        listed, _ = list_match_summaries(get_redis(), limit=MAX_ROUND_TABLES)
        wanted = [m["match_id"] for m in listed if m.get("status") != "finished"
                  and Clock.from_record(m.get("clock")).started is None]
    started, refused = start_clocks(ctx, wanted, body["minutes"], principal.actor)
    return {"started": started, "refused": refused}


@judge_write_route(blp, "/<match_id>/deck-checks", DeckCheckBodySchema(), judge_403="Only judges check decks",
                   state_409="The match has no deck list (a sandbox position), `expected_seq` is stale, "
                             "or " + ENGINE_409,
                   body_422="Malformed body: `cards` (the deck found, card ids) or `matches_list: true`")
def deck_check(body: dict[str, Any], match_id: str):
    """Record a deck check: the deck found against the registered list (R-DECK-1).

    `matches_list: true`, or the `cards` found (card ids, any order). Appends `DeckChecked`
    (`matches`, else the cards `missing` and `extra`); a mismatch also opens a dispute about
    it, in the judges' queue, whose claim names the Deck/Decklist Problem (J-PENALTY-2): the
    judge rules on it with the penalty. A player reads only whether its opponent's deck
    matched, never which cards differ."""
    principal = require_judge()
    command = CheckDeck(seat=body["seat"], notes=body.get("notes"),
                        cards=None if body.get("matches_list") else tuple(body["cards"]))
    return judge_write(principal, match_id, command, body)


@judge_write_route(blp, "/<match_id>/reveal", RevealBodySchema(), judge_403="Only judges record revealed cards",
                   illegal_409="The cards contradict what was logged (R-TABLE-1: `violations` name the "
                               "conflict), the match is not a table-mode match (R-TABLE-3), "
                               "`expected_seq` is stale, or " + ENGINE_409,
                   body_422="Malformed body")
def reveal(body: dict[str, Any], match_id: str):
    """Record the true cards of a hidden zone of a table-mode match.

    A deck check, the end of a game, a dispute: appends `CardsRevealed`. For the deck, `cards` are in order
    from the top (null: a card not looked at); for the hand, the Prize cards or the discard
    pile in any order. A reveal that contradicts the log is refused with the conflict; the
    judge then rules with the other tools (rewind, penalty)."""
    principal = require_judge()
    command = RevealCards(seat=body["seat"], zone=body["zone"], cards=list(body["cards"]),
                          notes=body.get("notes"))
    return judge_write(principal, match_id, command, body)
