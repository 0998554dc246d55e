"""The registry of event types: one versioned marshmallow schema per type.

A payload is checked against its type's schema before anything is written.
Unknown fields are refused (marshmallow's default ``unknown = RAISE``, which
nested schemas keep). ``action`` and ``rng`` stay open dicts: the game engine
owns their shape.

Bump a type's ``version`` when its payload changes meaning; stored events keep
the version they were written with.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from events.codec import to_json_value
from events.errors import InvalidEvent

SEATS = (0, 1)
COIN_SIDES = ("heads", "tails")
RANDOMNESS_MODES = ("service", "reported", "table")
REVEAL_ZONES = ("hand", "prizes", "deck", "discard")
DECISIONS = ("upheld", "overturned")
# J-PENALTY-1, least to most: the machine ids stored (the guidelines' printed names beside
# them: projections/penalties.py). Stable: stored events keep them.
PENALTY_LEVELS = ("caution", "warning", "double_prize", "quad_prize",
                  "game_loss", "match_loss", "disqualification")
# Ids older events may hold: "prize_penalty" is double_prize (2 Prize cards). Still read and
# folded; new input saying it is stored as double_prize (projections/penalties.py).
LEGACY_PENALTY_LEVELS = ("prize_penalty",)
STORED_PENALTY_LEVELS = PENALTY_LEVELS + LEGACY_PENALTY_LEVELS
# J-PENALTY-2, optionally graded: "procedural_error_major".
INFRACTIONS = ("game_play_error", "procedural_error", "tardiness", "unsporting_conduct",
               "cheating", "deck_problem", "pace_of_play")
SEVERITIES = ("minor", "major", "severe")
INFRACTION_PATTERN = rf"^(?:{'|'.join(INFRACTIONS)})(?:_(?:{'|'.join(SEVERITIES)}))?$"
MAX_TABLE = 99_999
MAX_ROUND_MINUTES = 240          # J-TIME-2: a round's length at most (a top-cut best-of-three: 75+)
MAX_EXTENSION_MINUTES = 60
PLAYER_ID_PATTERN = r"^[0-9]{1,12}$"      # a Play! Pokémon ID: digits
PLAYER_ID_RULE = "A Play! Pokémon ID is 1 to 12 digits."
DIVISIONS = ("junior", "senior", "masters")
EVENT_ENVELOPE_FIELDS = frozenset({"type", "payload", "state_hash"})


@dataclass(frozen=True)
class EventType:
    name: str
    version: int
    schema: type[Schema]

    @functools.cached_property
    def loader(self) -> Schema:
        """One instance per type: building a marshmallow schema costs more than a load, and
        a load keeps no state on the instance."""
        return self.schema()


_REGISTRY: dict[str, EventType] = {}


def register_event_type(name: str, version: int = 1) -> Callable[[type[Schema]], type[Schema]]:
    """Class decorator: ``@register_event_type("MatchCreated", version=1)``."""

    def register(schema_cls: type[Schema]) -> type[Schema]:
        if name in _REGISTRY and _REGISTRY[name].schema is not schema_cls:
            raise ValueError(f"event type {name!r} is already registered")
        _REGISTRY[name] = EventType(name, version, schema_cls)
        return schema_cls

    return register


def get_event_type(name: str) -> EventType:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise InvalidEvent({"type": [f"Unknown event type {name!r}."]}, event_type=name) from None


def event_types() -> dict[str, EventType]:
    return dict(_REGISTRY)


# --- strict scalar fields: JSON true is not the integer 1, and "1" is not a number ---

class StrictInteger(fields.Integer):
    def __init__(self, **kwargs: Any):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(fields.Boolean):
    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def _seat(**kwargs: Any) -> StrictInteger:
    return StrictInteger(validate=validate.OneOf(SEATS), **kwargs)


def _text(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(min=1), **kwargs)


def _rng() -> fields.Dict:
    """What randomness was used (seed, draws...), written so replay never re-rolls."""
    return fields.Dict(keys=fields.String(), required=False, allow_none=True)


def _reshuffled_seats() -> fields.List:
    """Seats whose decks were reshuffled after a rewind (J-REPAIR-1); ``rng`` says how."""
    return fields.List(_seat(), required=False)


def _has_action_type(action: Mapping[str, Any]) -> None:
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise ValidationError('The action needs a non-empty string "type".')


# --- nested shapes ---

class PlayerSchema(Schema):
    name = _text(required=True)
    # The person (issue 16): their Play! Pokémon ID, digits, and division, when registered.
    player_id = fields.String(required=False, validate=validate.Regexp(PLAYER_ID_PATTERN))
    division = fields.String(required=False, validate=validate.OneOf(DIVISIONS))
    # The deck list came from the event's registrations: {event_id, id (the registration)}.
    registration = fields.Dict(keys=fields.String(), required=False)
    deck = fields.List(fields.String(), required=False)
    deck_name = fields.String(required=False)  # the shipped deck the list came from


class EnginePinSchema(Schema):
    """The rules a match was made under: the engine's version and the fingerprint of its
    card data, encodings and ruleset table (a match made under other rules is not folded)."""
    version = _text(required=True)
    fingerprint = fields.String(required=False, validate=validate.Length(max=128))


class RemedySchema(Schema):
    rewind_to = StrictInteger(required=True, validate=validate.Range(min=0))
    # J-REPAIR-1: shuffle the decks of the seats that drew since (``reshuffled_seats`` and
    # ``rng`` of the ruling say which and how) instead of putting the cards back on top.
    reshuffle = StrictBoolean(required=False)


class PenaltySchema(Schema):
    seat = _seat(required=True)
    infraction = fields.String(required=True, validate=validate.Regexp(INFRACTION_PATTERN))
    level = fields.String(required=True, validate=validate.OneOf(STORED_PENALTY_LEVELS))


# --- event payloads ---

@register_event_type("MatchCreated", version=1)
class MatchCreatedSchema(Schema):
    # The match it creates (absent in matches made before it was written): signed with the
    # rest, so this MatchCreated copied into another match's stream is not that match's.
    match_id = fields.String(required=False, validate=validate.Regexp(r"^[A-Za-z0-9_-]{1,64}$"))
    game = _text(required=True)
    ruleset = _text(required=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True,
                          validate=validate.Length(equal=2))
    randomness = fields.String(required=True, validate=validate.OneOf(RANDOMNESS_MODES))
    format = fields.String(required=False, validate=validate.OneOf(("era", "unlimited", "standard", "rs-dr")))
    games = StrictInteger(required=False, validate=validate.OneOf((1, 3)))   # best of (R-MATCH-1)
    # The day whose Standard format the decks were held to (the event's date, or the day it
    # was made), in a "standard" match (R-DECK-5; absent before formats were dated).
    format_date = fields.String(required=False, validate=validate.Regexp(r"^\d{4}-\d{2}-\d{2}$"))
    # The table the match is played at (the event's numbering), when the organiser gave one.
    table = StrictInteger(required=False, validate=validate.Range(min=1, max=MAX_TABLE))
    position = fields.Dict(keys=fields.String(), required=False, allow_none=True)
    rng = _rng()
    # Per seat, the instance number of each deck-list card (drawn at random by the game).
    instance_ids = fields.List(fields.List(StrictInteger()), required=False)
    # Which rules it was made under (absent in matches made before the engine was pinned).
    engine = fields.Nested(EnginePinSchema, required=False)


@register_event_type("ActionTaken", version=1)
class ActionTakenSchema(Schema):
    seat = _seat(required=True)
    action = fields.Dict(keys=fields.String(), required=True, validate=_has_action_type)
    coins = fields.List(fields.String(validate=validate.OneOf(COIN_SIDES)), required=False)
    rng = _rng()


@register_event_type("Rewound", version=1)
class RewoundSchema(Schema):
    to_seq = StrictInteger(required=True, validate=validate.Range(min=0))
    reason = _text(required=True)
    reshuffle = StrictBoolean(required=True)
    reshuffled_seats = _reshuffled_seats()
    rng = _rng()


@register_event_type("DisputeOpened", version=1)
class DisputeOpenedSchema(Schema):
    dispute_id = _text(required=True)
    seat = _seat(required=True, allow_none=True)  # None: opened by a judge or scorekeeper
    about_seq = StrictInteger(required=True, validate=validate.Range(min=0))
    claim = _text(required=True)


class _DecisionSchema(Schema):
    dispute_id = _text(required=True)
    decision = fields.String(required=True, validate=validate.OneOf(DECISIONS))
    remedy = fields.Nested(RemedySchema, required=False, allow_none=True)
    penalty = fields.Nested(PenaltySchema, required=False, allow_none=True)
    notes = fields.String(required=False)
    reshuffled_seats = _reshuffled_seats()
    rng = _rng()


@register_event_type("RulingIssued", version=1)
class RulingIssuedSchema(_DecisionSchema):
    pass


@register_event_type("AppealFiled", version=1)
class AppealFiledSchema(Schema):
    dispute_id = _text(required=True)
    seat = _seat(required=True, allow_none=True)
    reason = _text(required=True)


@register_event_type("AppealDecided", version=1)
class AppealDecidedSchema(_DecisionSchema):
    """``upheld``: the ruling stands; ``overturned``: the head judge's remedy and penalty apply."""


@register_event_type("PenaltyIssued", version=1)
class PenaltyIssuedSchema(Schema):
    seat = _seat(required=True)
    infraction = fields.String(required=True, validate=validate.Regexp(INFRACTION_PATTERN))
    level = fields.String(required=True, validate=validate.OneOf(STORED_PENALTY_LEVELS))
    dispute_id = fields.String(required=False, allow_none=True)
    notes = fields.String(required=False)
    rng = _rng()

    @validates_schema
    def _no_empty_dispute(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        if data.get("dispute_id") == "":
            raise ValidationError("Use null, not an empty string.", "dispute_id")


TIME_RULES = ("prizes",)
TIME_TIES = ("sudden_death", "draw")


@register_event_type("TimeCalled", version=1)
class TimeCalledSchema(Schema):
    """J-TIME-1: the current turn is finished, then 3 more turns; an unfinished game is then
    decided by the event's rule (``prizes``: fewer Prize cards left wins; a tie as ``tie``)."""
    decide_by = fields.String(load_default="prizes", validate=validate.OneOf(TIME_RULES))
    tie = fields.String(load_default="sudden_death", validate=validate.OneOf(TIME_TIES))
    extra_turns = StrictInteger(load_default=3, validate=validate.Range(min=0, max=10))
    notes = fields.String(required=False)


@register_event_type("ClockStarted", version=1)
class ClockStartedSchema(Schema):
    """J-TIME-2: the round's clock starts at this table, ``minutes`` long."""
    minutes = StrictInteger(required=True, validate=validate.Range(min=1, max=MAX_ROUND_MINUTES))


@register_event_type("ClockPaused", version=1)
class ClockPausedSchema(Schema):
    """J-TIME-2: the table's clock stops (a long ruling, a deck check)."""
    reason = fields.String(required=False, validate=validate.Length(max=2000))


@register_event_type("ClockResumed", version=1)
class ClockResumedSchema(Schema):
    """J-TIME-2: the table's clock runs again."""


@register_event_type("TimeExtended", version=1)
class TimeExtendedSchema(Schema):
    """J-TIME-2: a judge gives the table ``minutes`` more (after a ruling), with the reason."""
    minutes = StrictInteger(required=True, validate=validate.Range(min=1, max=MAX_EXTENSION_MINUTES))
    reason = _text(required=True)


@register_event_type("DeckChecked", version=1)
class DeckCheckedSchema(Schema):
    """A judge compared a seat's deck with the list the match was made with (a deck check):
    ``matches``, else the card ids ``missing`` from the deck and ``extra`` in it, with counts."""
    seat = _seat(required=True)
    matches = StrictBoolean(required=True)
    missing = fields.Dict(keys=fields.String(), values=StrictInteger(), required=False)
    extra = fields.Dict(keys=fields.String(), values=StrictInteger(), required=False)
    notes = fields.String(required=False)


@register_event_type("CardsRevealed", version=1)
class CardsRevealedSchema(Schema):
    """A judge recorded the true cards of a hidden zone of a table-mode match (a deck check,
    the end of a game): card ids, for the deck in order from the top (null: not looked at)."""
    seat = _seat(required=True)
    zone = fields.String(required=True, validate=validate.OneOf(REVEAL_ZONES))
    cards = fields.List(fields.String(allow_none=True, validate=validate.Length(min=1, max=64)),
                        required=True, validate=validate.Length(min=1, max=60))
    notes = fields.String(required=False)


# --- validation entry points used by the store ---

def validate_payload(type_name: str, payload: Any) -> dict[str, Any]:
    """Return the payload as its schema loads it, or raise ``InvalidEvent``."""
    event_type = get_event_type(type_name)
    if not isinstance(payload, Mapping):
        raise InvalidEvent({"payload": ["Not a valid mapping type."]}, event_type=type_name)
    try:
        loaded = event_type.loader.load(dict(payload))
    except ValidationError as exc:
        raise InvalidEvent({"payload": exc.messages}, event_type=type_name) from exc
    try:
        return to_json_value(loaded)  # what the stream will give back, e.g. no NaN, no tuples
    except (TypeError, ValueError) as exc:
        raise InvalidEvent({"payload": [f"Not representable as JSON: {exc}"]},
                           event_type=type_name) from exc


def validate_event(event: Any) -> dict[str, Any]:
    """Check one ``{"type", "payload", optional "state_hash"}`` and return it normalised."""
    if not isinstance(event, Mapping):
        raise InvalidEvent({"_schema": ["An event must be a mapping."]})
    unknown = sorted(set(event) - EVENT_ENVELOPE_FIELDS)
    if unknown:
        raise InvalidEvent({name: ["Unknown field."] for name in unknown},
                           event_type=event.get("type"))
    type_name = event.get("type")
    if not isinstance(type_name, str) or not type_name:
        raise InvalidEvent({"type": ["Missing data for required field."]})
    normalised: dict[str, Any] = {
        "type": type_name,
        "payload": validate_payload(type_name, event.get("payload")),
    }
    state_hash = event.get("state_hash")
    if state_hash is not None:
        if not isinstance(state_hash, str) or not state_hash:
            raise InvalidEvent({"state_hash": ["Not a valid string."]}, event_type=type_name)
        normalised["state_hash"] = state_hash
    return normalised


def validate_batch(events: Iterable[Any]) -> list[dict[str, Any]]:
    if isinstance(events, Mapping) or isinstance(events, str | bytes):
        raise InvalidEvent({"events": ["Expected a list of events."]})
    checked = []
    for index, event in enumerate(events):
        try:
            checked.append(validate_event(event))
        except InvalidEvent as exc:
            raise InvalidEvent(exc.errors, index=index, event_type=exc.event_type) from exc
    if not checked:
        raise InvalidEvent({"events": ["At least one event is required."]})
    return checked
