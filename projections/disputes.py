"""The dispute lifecycle (J-PENALTY-1, J-REPAIR-1, J-APPEAL-1): one state machine, one fold,
one record — for the write path (may this ruling be given now?), the read models (the judges'
queue) and the exports alike. Pure: events in, records out.

Statuses::

    DisputeOpened -> open --RulingIssued--> ruled --AppealFiled--> appealed
                                                   --AppealDecided--> decided (final)

``open`` and ``appealed`` wait for a judge (the judges' queue: a dispute, then an appeal for
the head judge); ``ruled`` and ``decided`` do not.

A dispute record::

    {match_id, dispute_id, status, seat, player, about_seq, claim,
     opened_seq, opened_at, opened_by: actor, queued_at,
     ruling: decision | None, appeal: {seq, at, by, seat, reason} | None,
     appeal_decision: decision | None}
    decision = {seq, at, by: actor, decision, remedy, penalty, notes}

``queued_at`` is when it last entered the judges' queue (None while no judge is awaited);
``player`` is the name of the disputing seat's player. ``listed(record)`` adds ``kind``
(``dispute``/``appeal`` while queued) and ``open``, as the API lists them.

Caps (``DisputeCaps``): a seat, and a match, hold at most so many disputes and appeals
awaiting a judge at once; one more is ``TooManyOpenDisputes`` until a judge rules. A
dispute waits for the seat that opened it, an appeal for the seat that filed it.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import DisputeNotFound, DisputeStateError, RefereeError
from .messages import msg, msg_n

STATUSES = ("open", "ruled", "appealed", "decided")
OPEN_STATUSES = ("open", "appealed")                 # a judge is awaited: in the queue
QUEUE_KIND = {"open": "dispute", "appealed": "appeal"}
DISPUTE_EVENTS = ("DisputeOpened", "RulingIssued", "AppealFiled", "AppealDecided")


@dataclass(frozen=True)
class Transition:
    """A step of the lifecycle: the status it needs, the one it leads to, and how a refusal
    names the step."""

    needs: str
    becomes: str
    doing: str


TRANSITIONS: dict[str, Transition] = {
    "RulingIssued": Transition("open", "ruled", msg("a ruling")),
    "AppealFiled": Transition("ruled", "appealed", msg("an appeal")),
    "AppealDecided": Transition("appealed", "decided", msg("a decision")),
}


def check_transition(disputes: Mapping[str, Mapping[str, Any]], match_id: str,
                     dispute_id: str, event_type: str) -> Mapping[str, Any]:
    """The dispute, if the event ``event_type`` may happen to it now; else
    ``DisputeNotFound`` or ``DisputeStateError`` (which says what the step needs)."""
    dispute = disputes.get(dispute_id)
    if dispute is None:
        raise DisputeNotFound(match_id, dispute_id)
    step = TRANSITIONS[event_type]
    if dispute["status"] != step.needs:
        raise DisputeStateError(dispute_id, dispute["status"], step.needs, step.doing)
    return dispute


# ---------------------------------------------------------------------- the fold

def _decision(event: Mapping[str, Any]) -> dict[str, Any]:
    p = event.get("payload") or {}
    return {"seq": event["seq"], "at": event.get("recorded_at"), "by": event.get("actor"),
            "decision": p.get("decision"), "remedy": p.get("remedy"),
            "penalty": p.get("penalty"), "notes": p.get("notes")}


def player_at(players: Sequence[str | None], seat: int | None) -> str | None:
    """The name (or ID) of the player in ``seat`` (None for no seat or an unknown one)."""
    if seat is None or not 0 <= seat < len(players):
        return None
    return players[seat]


def _opened(match_id: str, event: Mapping[str, Any], players: list[str],
            player_ids: Sequence[str | None]) -> dict[str, Any]:
    p = event.get("payload") or {}
    return {"match_id": match_id, "dispute_id": p.get("dispute_id"), "status": "open",
            "seat": p.get("seat"), "player": player_at(players, p.get("seat")),
            "player_id": player_at(player_ids, p.get("seat")),
            "about_seq": p.get("about_seq"), "claim": p.get("claim"),
            "opened_seq": event["seq"], "opened_at": event.get("recorded_at"),
            "opened_by": event.get("actor"), "queued_at": None,
            "ruling": None, "appeal": None, "appeal_decision": None}


def apply_dispute_event(disputes: dict[str, dict[str, Any]], match_id: str,
                        event: Mapping[str, Any], players: list[str],
                        player_ids: Sequence[str | None] = ()) -> dict[str, Any] | None:
    """Fold one event into ``disputes`` (by id, changed in place). Returns the record it
    changed, or None (not a dispute event, a second DisputeOpened of an id, or a step of a
    dispute never opened: the write path never stores those)."""
    kind = event["type"]
    if kind not in DISPUTE_EVENTS:
        return None
    dispute_id: Any = (event.get("payload") or {}).get("dispute_id")   # JSON; the schemas require a str
    record: dict[str, Any] | None
    if kind == "DisputeOpened":
        if dispute_id in disputes:
            return None
        record = disputes[dispute_id] = _opened(match_id, event, players, player_ids)
    else:
        record = disputes.get(dispute_id)
        if record is None:
            return None
        if kind == "AppealFiled":
            p = event.get("payload") or {}
            record["appeal"] = {"seq": event["seq"], "at": event.get("recorded_at"),
                                "by": event.get("actor"), "seat": p.get("seat"),
                                "reason": p.get("reason")}
            record["appeal_decision"] = None
        else:
            record["ruling" if kind == "RulingIssued" else "appeal_decision"] = _decision(event)
        record["status"] = TRANSITIONS[kind].becomes
    record["queued_at"] = event.get("recorded_at") if record["status"] in OPEN_STATUSES else None
    return record


def players_of(created: Mapping[str, Any]) -> list[str]:
    """The players' names, by seat, from a MatchCreated event."""
    return [p.get("name") for p in (created.get("payload") or {}).get("players", [])]


def player_ids_of(created: Mapping[str, Any]) -> list[str | None]:
    """The players' Play! Pokémon IDs, by seat (None: given without one)."""
    return [p.get("player_id") for p in (created.get("payload") or {}).get("players", [])]


def fold_disputes(match_id: str, events: Iterable[Mapping[str, Any]]
                  ) -> dict[str, dict[str, Any]]:
    """Every dispute of a match, by id, as its log tells (in the order they were opened)."""
    disputes: dict[str, dict[str, Any]] = {}
    players: list[str] = []
    player_ids: list[str | None] = []
    for event in events:
        if event["type"] == "MatchCreated":
            players, player_ids = players_of(event), player_ids_of(event)
        apply_dispute_event(disputes, match_id, event, players, player_ids)
    return disputes


def listed(record: Mapping[str, Any]) -> dict[str, Any]:
    """A record as the API lists it: with ``kind`` (``dispute``/``appeal`` while a judge is
    awaited, ``report`` for a table report the judges' record disagreed with, else None) and
    ``open``."""
    waiting = record["status"] in OPEN_STATUSES
    kind = (REPORT_KIND if is_report(record) else QUEUE_KIND.get(record["status"])) if waiting else None
    return {**record, "kind": kind, "open": waiting}


# ---------------------------------------------------------------------- report conflicts

# A player's table report that disagreed with what a judge recorded of that seat's hidden
# cards (projections.tcg.table, R-TABLE-5) is put in the judges' queue by the read models
# alone: nothing in the log a player reads says it happened (a DisputeOpened would). It waits
# until a judge takes it up — a dispute opened about its seq, a new record of that seat's
# cards, or a rewind to before it — and it never counts against the dispute caps.
REPORT_KIND = "report"
REPORT_PREFIX = "report-"


def is_report(record: Mapping[str, Any]) -> bool:
    return str(record.get("dispute_id") or "").startswith(REPORT_PREFIX)


def report_conflict(match_id: str, event: Mapping[str, Any], players: list[str],
                    player_ids: Sequence[str | None] = ()) -> dict[str, Any] | None:
    """The queue item of an ``ActionTaken`` whose reports set a judges' record aside (None for
    any other event)."""
    rng = ((event.get("payload") or {}).get("rng") or {}) if event.get("type") == "ActionTaken" else {}
    set_aside = rng.get("set_aside")
    if not isinstance(set_aside, dict) or not set_aside:
        return None
    seat = rng.get("reported_by")
    seat = seat if isinstance(seat, int) else None
    owners = sorted({int(str(i).split(":", 1)[0]) for i in set_aside if str(i)[:1] in "01"})
    return {"match_id": match_id, "dispute_id": f"{REPORT_PREFIX}{event['seq']}", "status": "open",
            "seat": seat, "player": player_at(players, seat), "player_id": player_at(player_ids, seat),
            "about_seq": event["seq"],
            "claim": msg_n("A player's report disagrees with what a judge recorded of %(num)s card(s) "
                           "(R-TABLE-5): the record is set aside; see the narration of seq %(seq)s.",
                           "A player's report disagrees with what a judge recorded of %(num)s card(s) "
                           "(R-TABLE-5): the record is set aside; see the narration of seq %(seq)s.",
                           len(set_aside), seq=event["seq"]),
            "opened_seq": event["seq"], "opened_at": event.get("recorded_at"),
            "opened_by": event.get("actor"), "queued_at": event.get("recorded_at"),
            "ruling": None, "appeal": None, "appeal_decision": None,
            "set_aside": dict(set_aside), "owners": owners}


def reports_taken_up(disputes: Mapping[str, dict[str, Any]], event: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The report items ``event`` takes out of the queue (changed in place): a dispute about
    their seq, a judge's new record of their seat's cards, a rewind to before them."""
    payload = event.get("payload") or {}
    kind = event.get("type")
    done = []
    for record in disputes.values():
        if not is_report(record) or record["status"] != "open":
            continue
        if (kind == "DisputeOpened" and payload.get("about_seq") == record["about_seq"]) \
                or (kind == "CardsRevealed" and payload.get("seat") in record.get("owners", ())) \
                or (kind == "Rewound" and isinstance(payload.get("to_seq"), int)
                    and payload["to_seq"] < record["about_seq"]):
            record["status"] = "ruled"
            record["queued_at"] = None
            record["ruling"] = {"seq": event["seq"], "at": event.get("recorded_at"), "by": event.get("actor"),
                                "decision": None, "remedy": None, "penalty": None, "notes": None}
            done.append(record)
    return done


def is_open(record: Mapping[str, Any]) -> bool:
    return record["status"] in OPEN_STATUSES


# ---------------------------------------------------------------------- caps

@dataclass(frozen=True)
class DisputeCaps:
    """How many disputes and appeals awaiting a judge a seat, and a match, may hold at once
    (0: no cap)."""

    per_seat: int
    per_match: int


class TooManyOpenDisputes(RefereeError):
    """One more dispute or appeal would pass a cap: ``scope`` (``seat`` or ``match``),
    ``limit`` (the cap) and, for a seat's, the ``seat``."""

    def __init__(self, scope: str, limit: int, seat: int | None = None) -> None:
        if scope == "seat":
            detail = msg("Seat %(seat)s already has %(limit)s disputes or appeals waiting for a "
                         "judge: a judge rules on one before it opens another.",
                         seat=seat, limit=limit)
        else:
            detail = msg("This match already has %(limit)s disputes or appeals waiting for a "
                         "judge: a judge rules on one before another is opened.", limit=limit)
        super().__init__(detail)
        self.scope = scope
        self.limit = limit
        self.seat = seat


def waiting_seat(record: Mapping[str, Any]) -> int | None:
    """The seat whose call a judge is answering: the appeal's while appealed, else the
    dispute's (None: opened or appealed by no seat)."""
    if record["status"] == "appealed":
        return (record.get("appeal") or {}).get("seat")
    return record.get("seat")


def check_open_caps(disputes: Mapping[str, Mapping[str, Any]], seat: int | None,
                    caps: DisputeCaps) -> None:
    """Refuse (``TooManyOpenDisputes``) one more dispute or appeal for ``seat`` (None: the
    match's only) when a cap is reached by those awaiting a judge in ``disputes``."""
    waiting = [waiting_seat(d) for d in disputes.values() if is_open(d)]
    if seat is not None and caps.per_seat > 0 and waiting.count(seat) >= caps.per_seat:
        raise TooManyOpenDisputes("seat", caps.per_seat, seat)
    if caps.per_match > 0 and len(waiting) >= caps.per_match:
        raise TooManyOpenDisputes("match", caps.per_match)
