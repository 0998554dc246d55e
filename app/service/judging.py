"""The judges' commands and the dispute lifecycle's: their planners.

Rewinds (J-REPAIR-1), penalties (J-PENALTY-1), time (J-TIME-1), a table-mode match's
revealed cards (R-TABLE-1), and disputes, rulings and
appeals (J-APPEAL-1). Whether a ruling, an appeal or a decision may be given now is the one
dispute state machine's to say (``projections.disputes.check_transition``), on the disputes
folded from the log at the head the event is planned on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.service.commands import (
    CallTime,
    ChangeClock,
    CheckDeck,
    FileAppeal,
    IssuePenalty,
    OpenDispute,
    RevealCards,
    Rewind,
    Rule,
)
from app.service.plans import Plan, Planning, check_rewind_target, plan_events, rewind_extras
from projections.clock import clock_refusal, fold_clock
from projections.disputes import check_open_caps, check_transition, fold_disputes
from projections.errors import ClockRefused, DeckCannotBeChecked, NoSuchSeq, NotAllowed, TimeCannotBeCalled
from projections.messages import msg


def _with_notes(payload: dict[str, Any], notes: str | None) -> dict[str, Any]:
    return {**payload, "notes": notes} if notes else payload


def plan_rewind(command: Rewind, planning: Planning) -> Plan:
    history = planning.history()
    check_rewind_target(planning.head, command.to_seq, "to_seq")
    payload = {"to_seq": command.to_seq, "reason": command.reason,
               "reshuffle": command.reshuffle,
               **rewind_extras(planning, command.to_seq, command.reshuffle)}
    return plan_events(planning, [{"type": "Rewound", "payload": payload}], history)


def plan_penalty(command: IssuePenalty, planning: Planning) -> Plan:
    payload = _with_notes({"seat": command.seat, "infraction": command.infraction,
                           "level": command.level, "dispute_id": None}, command.notes)
    return plan_events(planning, [{"type": "PenaltyIssued", "payload": payload}])


def plan_time(command: CallTime, planning: Planning) -> Plan:
    refusal = planning.game.time_call_refusal(planning.head.state)
    if refusal:
        raise TimeCannotBeCalled(refusal)
    payload = _with_notes({"decide_by": command.decide_by, "tie": command.tie,
                           "extra_turns": command.extra_turns}, command.notes)
    return plan_events(planning, [{"type": "TimeCalled", "payload": payload}])


def plan_clock(command: ChangeClock, planning: Planning) -> Plan:
    refusal = clock_refusal(fold_clock(planning.history()), command.kind)
    if refusal:
        raise ClockRefused(refusal)
    payload: dict[str, Any] = {}
    if command.minutes is not None:
        payload["minutes"] = command.minutes
    if command.reason:
        payload["reason"] = command.reason
    return plan_events(planning, [{"type": command.kind, "payload": payload}])


def plan_deck_check(command: CheckDeck, planning: Planning) -> Plan:
    """R-DECK-1: the deck found against the list the match was made with. A mismatch is a
    Deck/Decklist Problem (J-PENALTY-2) for a judge to rule on: a dispute is opened about the
    check, its claim saying what differs (the ruling gives the penalty)."""
    created = planning.history()[0]["payload"]
    listed = (created.get("players") or [{}, {}])[command.seat].get("deck")
    if not listed:
        raise DeckCannotBeChecked(msg("This match was not made from a deck list (a sandbox "
                                      "position): there is no list to check the deck against."))
    found = Counter(listed if command.cards is None else command.cards)
    registered = Counter(listed)
    missing = dict(sorted((registered - found).items()))
    extra = dict(sorted((found - registered).items()))
    payload: dict[str, Any] = {"seat": command.seat, "matches": not missing and not extra}
    if not payload["matches"]:
        payload.update(missing=missing, extra=extra)
    if command.notes:
        payload["notes"] = command.notes
    events = [{"type": "DeckChecked", "payload": payload}]
    if not payload["matches"]:
        claim = (f"Deck check: the deck does not match the registered list (missing "
                 f"{sum(missing.values())}, extra {sum(extra.values())}): Deck/Decklist Problem")
        events.append({"type": "DisputeOpened", "payload": {
            "dispute_id": command.dispute_id, "seat": None, "about_seq": planning.head.seq + 1,
            "claim": claim}})
    return plan_events(planning, events)


def plan_reveal(command: RevealCards, planning: Planning) -> Plan:
    """R-TABLE-1: the reveal must fit what was logged (``IllegalAction`` with the conflict)."""
    planning.game.reveal(planning.head.state, command.seat, command.zone, list(command.cards))
    payload = _with_notes({"seat": command.seat, "zone": command.zone, "cards": list(command.cards)},
                          command.notes)
    return plan_events(planning, [{"type": "CardsRevealed", "payload": payload}])


# ---------------------------------------------------------------------- disputes

def plan_dispute(command: OpenDispute, planning: Planning) -> Plan:
    head = planning.head
    if command.about_seq > head.seq:
        raise NoSuchSeq(msg("The match's events run from seq 1 to %(last)s.", last=head.seq),
                        "about_seq", head.seq)
    if command.caps is not None:   # counted on the log at the head the append expects
        check_open_caps(fold_disputes(planning.match_id, planning.history()), command.seat,
                        command.caps)
    payload = {"dispute_id": command.dispute_id, "seat": command.seat,
               "about_seq": command.about_seq, "claim": command.claim}
    return plan_events(planning, [{"type": "DisputeOpened", "payload": payload}])


def _check_step(planning: Planning, dispute_id: str, event_type: str
                ) -> dict[str, dict[str, Any]]:
    """The match's disputes, once the step ``event_type`` of ``dispute_id`` may happen."""
    disputes = fold_disputes(planning.match_id, planning.history())
    check_transition(disputes, planning.match_id, dispute_id, event_type)
    return disputes


def plan_appeal(command: FileAppeal, planning: Planning) -> Plan:
    disputes = _check_step(planning, command.dispute_id, "AppealFiled")
    seat = command.seat
    if command.player_seat is not None:  # a ruling affects both seats of the game
        if seat is not None and seat != command.player_seat:
            raise NotAllowed(msg("A player's token appeals only for its own seat (%(seat)s).",
                                 seat=command.player_seat))
        seat = command.player_seat
    if command.caps is not None:
        check_open_caps(disputes, seat, command.caps)
    payload = {"dispute_id": command.dispute_id, "seat": seat, "reason": command.reason}
    return plan_events(planning, [{"type": "AppealFiled", "payload": payload}])


def plan_decision(command: Rule, planning: Planning) -> Plan:
    """A ruling or an appeal decision: one event, whose rewind remedy and penalty the fold
    carries out (projections.replay, J-REPAIR-1, J-PENALTY-1, J-APPEAL-1)."""
    history = planning.history()
    _check_step(planning, command.dispute_id, command.event_type)
    remedy = command.remedy
    payload = _with_notes({"dispute_id": command.dispute_id, "decision": command.decision,
                           "remedy": remedy, "penalty": command.penalty}, command.notes)
    if remedy:
        check_rewind_target(planning.head, remedy["rewind_to"], "remedy.rewind_to")
        payload.update(rewind_extras(planning, remedy["rewind_to"],
                                     remedy.get("reshuffle", False)))
    return plan_events(planning, [{"type": command.event_type, "payload": payload}], history)
