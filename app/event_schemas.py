"""Request and response schemas of a tournament event's setup (``app.routes.events``; issue 44).

Requests refuse unknown fields (422), as ``app.schemas``'s do.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from app.schemas import (
    MAX_NAME,
    ClockSchema,
    DivisionField,
    PageSchema,
    _player_id,
    _text,
    decks_given,
    shipped_deck,
)
from events.decklists import EVENT_ID_PATTERN
from events.schemas import DIVISIONS, MAX_ROUND_MINUTES, MAX_TABLE, StrictBoolean, StrictInteger
from projections.messages import msg
from projections.tournament.event import EVENT_STATUSES, MAX_ROUNDS

EVENT_MODES = ("table", "service")
MAX_BIRTH_YEAR_SPAN = (1900, 2100)


def _divisions(value: list[str]) -> None:
    if not value:
        raise ValidationError(msg("Name at least one division."))
    if len(set(value)) != len(value):
        raise ValidationError(msg("Each division once."))


class TournamentCreateSchema(Schema):
    event_id = fields.String(load_default=None, validate=validate.Regexp(
        EVENT_ID_PATTERN, error=msg("1-64 of A-Z a-z 0-9 . _ -")), metadata={
        "description": "The event's id (default: a new one, `ev-…`); one in use is refused (409)",
        "example": "2026-regional-sp"})
    name = _text(MAX_NAME, required=True, metadata={"example": "Regional São Paulo"})
    date = fields.Date(load_default=None, metadata={
        "description": "The event's day (default: today, by the service's clock): its Standard format "
                       "(R-DECK-5) and the players' age divisions follow from it", "example": "2026-12-12"})
    game = fields.String(load_default="tcg", validate=validate.OneOf(["tcg"]))
    ruleset = fields.String(load_default="modern", metadata={"description": "See GET /v1/rulesets",
                                                             "example": "modern"})
    format = fields.String(load_default=None, metadata={
        "description": "The sets a deck may hold: \"standard\" (the default of the modern ruleset: the "
                       "Standard format in force on `date`), \"era\", \"unlimited\", \"rs-dr\""})
    rounds = StrictInteger(load_default=3, validate=validate.Range(min=1, max=MAX_ROUNDS),
                           metadata={"description": "Rounds of Swiss", "example": 5})
    best_of = StrictInteger(load_default=1, validate=validate.OneOf([1, 3]),
                            metadata={"description": "Games per match (R-MATCH-1)", "example": 3})
    round_minutes = StrictInteger(load_default=50, validate=validate.Range(min=1, max=MAX_ROUND_MINUTES),
                                  metadata={"description": "A round's length", "example": 50})
    divisions = fields.List(DivisionField(), load_default=lambda: list(DIVISIONS), validate=_divisions,
                            metadata={"description": "The age divisions it runs (default: all three)",
                                      "example": ["junior", "senior", "masters"]})
    mode = fields.String(load_default="table", validate=validate.OneOf(EVENT_MODES), metadata={
        "description": "How its matches are logged: \"table\" (a paper game the referee observes, the "
                       "default) or \"service\" (the referee shuffles and flips)"})


class PlayerRegisterSchema(Schema):
    name = _text(MAX_NAME, required=True)
    player_id = _player_id(required=True, metadata={"description": "The person's Play! Pokémon ID",
                                                    "example": "4012345"})
    birth_year = StrictInteger(load_default=None, validate=validate.Range(*MAX_BIRTH_YEAR_SPAN), metadata={
        "description": "Year of birth: the division follows from it and the event's date by Play! "
                       "Pokémon's age divisions (projections/tournament/divisions.py)", "example": 2011})
    division = DivisionField(load_default=None, metadata={
        "description": "The division, when the judge gives it outright (else from `birth_year`)",
        "enum": list(DIVISIONS)})
    decklist = fields.String(validate=validate.Length(min=1, max=20_000), metadata={
        "description": "The deck list pasted (Pokémon TCG Live or PTCGO, any language the service reads); "
                       "an unreadable line is named by its number"})
    deck = fields.List(fields.String(validate=validate.Length(min=1, max=64)),
                       validate=validate.Length(max=200), metadata={"description": "Card ids"})
    deck_name = shipped_deck()

    @validates_schema
    def _one_list(self, data: dict[str, Any], **kwargs: Any) -> None:
        given = decks_given(data)
        if len(given) > 1:
            raise ValidationError(msg("Give one of deck, decklist or deck_name."), given[1])
        if data.get("birth_year") is None and data.get("division") is None:
            raise ValidationError(msg("Give the year of birth (or the division)."), "birth_year")


class PairingSchema(Schema):
    round = StrictInteger(required=True, validate=validate.Range(min=1, max=MAX_ROUNDS),
                          metadata={"example": 1})
    table = StrictInteger(required=True, validate=validate.Range(min=1, max=MAX_TABLE),
                          metadata={"example": 4})
    players = fields.List(_player_id(), required=True, validate=validate.Length(min=1, max=2),
                          metadata={"description": "Two Play! Pokémon IDs, or one with `bye`"})
    bye = StrictBoolean(load_default=False)


class RoundStartBodySchema(Schema):
    minutes = StrictInteger(load_default=None, validate=validate.Range(min=1, max=MAX_ROUND_MINUTES),
                            metadata={"description": "The round's length (default: the event's)"})
    mode = fields.String(load_default=None, validate=validate.OneOf(EVENT_MODES),
                         metadata={"description": "How the new matches are logged (default: the event's)"})


class TournamentListQuerySchema(PageSchema):
    """A page of the events, newest first."""


class TournamentPlayerSchema(Schema):
    player_id = fields.String()
    name = fields.String()
    birth_year = fields.Integer(allow_none=True)
    division = fields.String(allow_none=True)
    decklist = fields.String(allow_none=True, metadata={
        "description": "The id of the player's latest deck-list registration (null: none)"})


class PairedTableSchema(Schema):
    round = fields.Integer()
    table = fields.Integer()
    bye = fields.Boolean()
    players = fields.List(fields.Nested(TournamentPlayerSchema))
    match_id = fields.String(allow_none=True, metadata={"description": "Its match, once the round started"})


class FormatShownSchema(Schema):
    name = fields.String()
    marks = fields.List(fields.String())
    from_ = fields.String(data_key="from", attribute="from")
    to = fields.String(allow_none=True)


class TournamentSettingsSchema(Schema):
    """What an event and its summary in the list both say."""
    event_id = fields.String()
    name = fields.String()
    date = fields.String()
    game = fields.String()
    ruleset = fields.String()
    format = fields.String()
    format_in_force = fields.Nested(FormatShownSchema, allow_none=True, metadata={
        "description": "The Standard period the date puts in force (its regulation marks)"})
    best_of = fields.Integer()
    rounds = fields.Integer()
    round_minutes = fields.Integer()
    divisions = fields.List(fields.String())
    mode = fields.String()
    created_by = fields.Dict(allow_none=True)
    created_at = fields.String(allow_none=True)
    source = fields.Dict(allow_none=True, metadata={"description": "An imported file: {kind, name, sha256}"})
    current_round = fields.Integer(allow_none=True)
    started_rounds = fields.List(fields.Integer())
    last_seq = fields.Integer(metadata={"description": "The event log's head"})


class TournamentSchema(TournamentSettingsSchema):
    players = fields.List(fields.Nested(TournamentPlayerSchema))
    pairings = fields.List(fields.Nested(PairedTableSchema))


class TournamentSummarySchema(TournamentSettingsSchema):
    """An event as the list shows it: kept with each append to its log (no log is read to list)."""
    player_count = fields.Integer(metadata={"description": "Players registered"})
    players_with_lists = fields.Integer(metadata={"description": "Players registered with a deck list"})
    status = fields.String(metadata={"description": "setup (no round started yet) or running (a round "
                                                    "has started)", "enum": list(EVENT_STATUSES)})
    frozen = fields.Boolean(metadata={
        "description": "The event's log failed an integrity check: its summary is the last one kept, and "
                       "`GET /v1/events/{event_id}` answers 423"})


class TournamentListSchema(Schema):
    events = fields.List(fields.Nested(TournamentSummarySchema))
    total = fields.Integer(metadata={"description": "Every event set up through the referee"})
    limit = fields.Integer()
    offset = fields.Integer()


class RoundStartResultSchema(Schema):
    round = fields.Integer()
    minutes = fields.Integer()
    created = fields.Dict(keys=fields.String(), values=fields.Dict(), metadata={
        "description": "Table -> {match_id, tokens, token_ids}: the matches made now (their tokens "
                       "shown once)"})
    started = fields.List(fields.String(), metadata={"description": "Matches whose clock started"})
    refused = fields.Dict(keys=fields.String(), values=fields.String(),
                          metadata={"description": "Match id -> why its clock did not start"})


class RoundTableSchema(PairedTableSchema):
    status = fields.String(allow_none=True)
    game_number = fields.Integer(allow_none=True)
    games_won = fields.List(fields.Integer(), metadata={"description": "Games won by each seat"})
    clock = fields.Nested(ClockSchema, allow_none=True)
    open_disputes = fields.Integer()
    penalties = fields.List(fields.Dict(), metadata={"description": "Standing penalties given at the table"})
    winner = fields.Integer(allow_none=True)


class TournamentRoundSchema(Schema):
    event_id = fields.String()
    round = fields.Integer(allow_none=True)
    tables = fields.List(fields.Nested(RoundTableSchema))


class TomImportQuerySchema(Schema):
    """What the file does not say (or what the organiser says otherwise), as query parameters."""
    event_id = fields.String(validate=validate.Regexp(EVENT_ID_PATTERN, error=msg("1-64 of A-Z a-z 0-9 . _ -")),
                             metadata={"description": "The event's id (default: a new one)"})
    best_of = fields.Integer(validate=validate.OneOf([1, 3]), metadata={
        "description": "Games per match (the file holds none; default 1)"})
    round_minutes = fields.Integer(validate=validate.Range(min=1, max=MAX_ROUND_MINUTES), metadata={
        "description": "A round's length (default: the file's `roundtime`, else 50)"})
    ruleset = fields.String(metadata={"description": "Default: modern"})
    mode = fields.String(validate=validate.OneOf(EVENT_MODES), metadata={"description": "Default: table"})

