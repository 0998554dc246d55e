"""The domain's refusals: what the games, the dispute lifecycle and the service refuse, and why.

None of these knows HTTP. ``app/errors.py`` alone maps each class to its problem+json
answer (status, type, title and members); the workers and commands report them as text.
What the event store refuses (a stale ``expected_seq``, a reused idempotency key, a frozen
match, a match it does not hold) is in ``events/errors.py``.
"""

from __future__ import annotations

from typing import Any

from .messages import joined, msg


class RefereeError(Exception):
    """Base of the domain's refusals. ``detail`` says what went wrong this time, in words
    fit for the caller (never hidden information)."""

    def __init__(self, detail: str) -> None:
        self.detail = detail
        super().__init__(detail)


# ---------------------------------------------------------------------- a field that doesn't fit

class FieldProblem(RefereeError):
    """A field of the request does not fit: ``errors`` maps the field (dotted path) to its
    messages, ``location`` says where the request carried it (``json`` body, ``query``)."""

    def __init__(self, detail: str, errors: dict[str, Any], location: str = "json") -> None:
        super().__init__(detail)
        self.errors = errors
        self.location = location


class NoSuchSeq(FieldProblem):
    """A seq that the match does not have (``at``, ``to_seq``, ``about_seq``...)."""

    def __init__(self, detail: str, field: str, last: int, location: str = "json") -> None:
        super().__init__(detail, {field: [msg("Must be between 1 and %(last)s.", last=last)]}, location)
        self.last = last


class MalformedAction(FieldProblem):
    """The action's fields do not fit its type (the game's shape check, before the engine)."""

    def __init__(self, errors: dict[str, Any]) -> None:
        super().__init__(msg("The action's fields do not fit its type."), errors)


class UnreadableAction(FieldProblem):
    """The engine could not read an action that passed the shape check (its guard)."""

    def __init__(self) -> None:
        super().__init__(msg("The action's fields do not fit its type."),
                         {"action": [msg("The engine could not read this action.")]})


class CoinsDoNotFit(FieldProblem):
    """Reported coins that are too few or too many for the action."""

    def __init__(self, message: str) -> None:
        super().__init__(message, {"coins": [message]})


class SpinsDoNotFit(FieldProblem):
    """Reported spins (the figure game's attack `spins`) that are too few, too many or not on
    the wheel."""

    def __init__(self, message: str) -> None:
        super().__init__(message, {"action.spins": [message]})


class UnknownRuleset(FieldProblem):
    def __init__(self, ruleset: str) -> None:
        super().__init__(msg("There is no ruleset %(ruleset)s: see GET /v1/rulesets.", ruleset=repr(ruleset)),
                         {"ruleset": [msg("Unknown ruleset %(ruleset)s.", ruleset=repr(ruleset))]})


class InvalidPlayers(FieldProblem):
    """A player's deck could not be read (``errors`` per seat)."""

    def __init__(self, per_seat: dict[str, Any]) -> None:
        super().__init__(msg("A player's deck could not be read."), {"players": per_seat})


class ImpossiblePosition(FieldProblem):
    """A sandbox position the engine cannot set up (``errors`` names its fields)."""

    def __init__(self, detail: str, errors: Any) -> None:
        super().__init__(detail, {"position": errors})


class MatchSetupRefused(FieldProblem):
    """The engine could not set up the match for a reason it gave as plain text."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(msg("The engine could not set up this match."),
                         {where: [message if len(message) <= 300 else message[:300]]})


class EventDateConflict(FieldProblem):
    """A deck list names a date other than its event's (an event is checked on one day)."""

    def __init__(self, event_id: str, dated: str) -> None:
        super().__init__(msg("The event already has a date."), {"date": [msg(
            "Event %(event)s is dated %(day)s (its first deck list named it); give that date or none.",
            event=event_id, day=dated)]})


class NothingToCarryOut(FieldProblem):
    """An upheld appeal leaves the ruling as it is: it carries no remedy or penalty."""

    def __init__(self) -> None:
        super().__init__(msg("An upheld appeal leaves the ruling as it is: give no remedy or penalty."),
                         {"decision": [msg("upheld takes no remedy or penalty")]})


# ---------------------------------------------------------------------- games

class UnknownGame(RefereeError, KeyError):
    """No game of that name (``projections.games.get_game``)."""

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(msg("There is no game %(name)s; known: %(known)s.", name=repr(name), known=", ".join(known)))
        self.name = name

    def __str__(self) -> str:
        return self.detail


class IllegalAction(RefereeError):
    """The rules forbid the action: ``violations`` are ``{rule, message}`` (RULES.md ids),
    already written for the reader who asked."""

    def __init__(self, violations: list[dict[str, Any]]) -> None:
        super().__init__(joined((v.get("message", "") for v in violations), "; "))
        self.violations = violations


class DeckRulesBroken(RefereeError):
    """Decks that break the ruleset's deck rules (every R-DECK rule broken, with the seat)."""

    def __init__(self, violations: list[dict[str, Any]]) -> None:
        super().__init__(joined((msg("seat %(seat)s: %(message)s", seat=v["seat"], message=v["message"])
                                 for v in violations), "; "))
        self.violations = violations


class MatchCannotStart(RefereeError):
    """The engine refused to start the match for a rule (``violations``: one)."""

    def __init__(self, detail: str, violations: list[dict[str, Any]]) -> None:
        super().__init__(detail)
        self.violations = violations


class TimeCannotBeCalled(RefereeError):
    """J-TIME-1: the game is over, still in setup, or time was already called."""


class DeckCannotBeChecked(RefereeError):
    """R-DECK-1: the match has no deck list to check a deck against."""


class ClockRefused(RefereeError):
    """J-TIME-2: the clock can't do that now (started twice, resumed while running...)."""


class EngineMismatch(RefereeError):
    """The match was made by an engine with other rules than the one running: folding it
    here could give another game, so it is refused (never silently folded differently)."""

    def __init__(self, recorded: dict[str, Any], running: dict[str, Any]) -> None:
        self.recorded = dict(recorded)
        self.running = dict(running)
        super().__init__(msg(
            "This match was made by the engine %(recorded)s; this referee runs %(running)s, whose rules or card "
            "encodings differ. It cannot be folded here: serve it with the engine that made it.",
            recorded=_pin_text(recorded), running=_pin_text(running)))


def _pin_text(pin: dict[str, Any]) -> str:
    fingerprint = str(pin.get("fingerprint") or "")
    version = f"{pin.get('version')!s}"
    return msg("%(version)s (fingerprint %(fingerprint)s)", version=version,
               fingerprint=fingerprint[:12]) if fingerprint else version


# ---------------------------------------------------------------------- who may

class NotAllowed(RefereeError):
    """The caller's role or seat does not allow this (a player acting for the other seat,
    a non-judge forcing coins where the service flips them)."""


# ---------------------------------------------------------------------- disputes

class DisputeNotFound(RefereeError):
    def __init__(self, match_id: str, dispute_id: str) -> None:
        super().__init__(msg("Match %(match)s has no dispute %(dispute)s.", match=match_id, dispute=repr(dispute_id)))
        self.match_id = match_id
        self.dispute_id = dispute_id


class DisputeStateError(RefereeError):
    """The dispute is not in the state the step needs (``projections.disputes``)."""

    def __init__(self, dispute_id: str, status: str, wanted: str, doing: str) -> None:
        super().__init__(msg("Dispute %(dispute)s is %(status)s; %(doing)s needs it %(wanted)s.", dispute=dispute_id,
                             status=status, doing=doing, wanted=wanted))
        self.dispute_id = dispute_id
        self.status = status
        self.wanted = wanted


# ---------------------------------------------------------------------- tournament events

class EventSetupRefused(FieldProblem):
    """An event's setup that does not fit: its fields, or what the event holds already (a
    player paired twice in a round, a round whose players have no deck list)."""

    def __init__(self, errors: dict[str, Any]) -> None:
        super().__init__(msg("The event can't be set up so."), errors)


class EventNotFound(RefereeError):
    def __init__(self, event_id: str) -> None:
        super().__init__(msg("There is no event %(event)s.", event=repr(event_id)))
        self.event_id = event_id


class RoundStartUnderWay(RefereeError):
    """Another start of the same round is under way: it makes the round's matches, this one
    would make them twice."""

    def __init__(self, event_id: str, round_number: int) -> None:
        super().__init__(msg("Round %(round)s of event %(event)s is being started already: look at the event screen "
                             "in a moment.", round=round_number, event=repr(event_id)))
        self.event_id = event_id
        self.round_number = round_number


class EventExists(RefereeError):
    """An event id already in use (an event, or deck lists registered under it)."""

    def __init__(self, event_id: str) -> None:
        super().__init__(msg("Event id %(event)s is in use: choose another.", event=repr(event_id)))
        self.event_id = event_id
