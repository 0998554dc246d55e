"""Request and response schemas of the REST API (marshmallow; documented in OpenAPI).

Requests refuse unknown fields (422). Game-owned shapes — the state, an action, an event's
payload — are open objects: ``OpenSchema`` documents their known members and passes every
other member through on dump.
"""

from __future__ import annotations

from typing import Any

from marshmallow import (
    INCLUDE,
    Schema,
    ValidationError,
    fields,
    post_dump,
    post_load,
    pre_dump,
    validate,
    validates_schema,
)

from app.action_docs import action_notes
from app.service.registration import DECK_FIELDS
from events.decklists import EVENT_ID_PATTERN
from events.schemas import (
    DECISIONS,
    DIVISIONS,
    MAX_EXTENSION_MINUTES,
    MAX_ROUND_MINUTES,
    MAX_TABLE,
    PLAYER_ID_PATTERN,
    RANDOMNESS_MODES,
    REVEAL_ZONES,
    StrictBoolean,
    StrictInteger,
)
from events.store import MATCH_STATUSES
from projections import penalties as guideline
from projections.coin_words import accepted_words, coin_side
from projections.games import DEFAULT_GAME, Game, get_game
from projections.i18n import translate_deep
from projections.judge_narration import DECISION_MEANING
from projections.local_time import UnknownTimeZone, time_zone
from projections.messages import Message, msg

# events.schemas.PLAYER_ID_RULE, as a message (the events layer writes no messages).
PLAYER_ID_RULE_TEXT = msg("A Play! Pokémon ID is 1 to 12 digits.")

SEATS = (0, 1)
MAX_TEXT = 2000
# A player's words to the judges (a dispute's claim, an appeal's reason): a sentence or two at a
# real table. Each is kept in the log and in the judges' read models.
MAX_CLAIM = 500
MAX_NAME = 100
_FIELD_MARKS = {"list": ": [..]", "choices": ": {..}"}
_CHOICE_KINDS = {"ids": "lists of instances", "id": "an instance", "str": "names",
                 "int": "an integer", "choices": "choices nested one level"}


def action_doc(game: Game) -> str:
    """The ``action`` field's description, written from the game's own action shapes
    (``game.action_shapes()``), so the API never keeps a second list of them."""
    shapes = game.action_shapes()
    kinds = []
    for kind, shape in shapes["actions"].items():
        fields_ = [name + _FIELD_MARKS.get(k, "") for name, k in shape["fields"].items()]
        kinds.append(f"`{kind}`" + (f" {{{', '.join(fields_)}}}" if fields_ else ""))
    by_kind: dict[str, list[str]] = {}
    for key, kind in shapes["choices"].items():
        by_kind.setdefault(kind, []).append(key)
    choices = "; ".join(f"{', '.join(keys)}: {_CHOICE_KINDS.get(kind, kind)}"
                        for kind, keys in by_kind.items())
    return " ".join([
        "The action, by `type` (instances are ids like \"0:17\"): " + "; ".join(kinds) + ".",
        *shapes.get("notes", []),
        "`choices` keys, each with its type (anything else is a 422): " + choices + ".",
        "A player's action names only cards that player can see (R-HIDDEN-1)."])


ACTION_TYPES_DOC = action_doc(get_game(DEFAULT_GAME))


def _seat(**kwargs: Any) -> StrictInteger:
    return StrictInteger(validate=validate.OneOf(SEATS), **kwargs)


def _seq(**kwargs: Any) -> StrictInteger:
    return StrictInteger(validate=validate.Range(min=1), **kwargs)


# The largest number a query parameter takes: seqs and offsets reach Redis as stream ids
# and ZRANGE indexes, which are 64-bit; 2**53 - 1 is also the largest integer every JSON
# client reads exactly. A bigger one is a 422, never a Redis error (500).
MAX_QUERY_INT = 2**53 - 1


def _query_int(minimum: int, maximum: int | None = None, **kwargs: Any) -> fields.Integer:
    """Query strings are text: "5" is read as 5 (bodies use strict integers)."""
    top = MAX_QUERY_INT if maximum is None else maximum
    return fields.Integer(validate=validate.Range(min=minimum, max=top), **kwargs)


def _text(max_length: int = MAX_TEXT, **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=max_length), **kwargs)


def _check_action(value: Any) -> None:
    kind = value.get("type") if isinstance(value, dict) else None
    if not isinstance(kind, str) or not kind:
        raise ValidationError(msg('The action needs a non-empty string "type".'))


class ActionField(fields.Dict):
    """An action. At run time an object with a non-empty string ``type`` (the match's game
    checks the rest: 422s); documented as a ``oneOf`` of one schema per action type with a
    ``type`` discriminator (``app.action_docs``, which app/api.py hooks into the document)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("validate", _check_action)
        metadata = {"description": action_notes(), **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)


class CoinSideField(fields.String):
    """A reported coin: ``heads``/``tails`` or the reader's words for them
    (``projections.coin_words``), loaded as the canonical side."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(metadata={"description": "heads or tails (or the request "
                                                  "language's words for them)",
                                   "example": "heads"}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        word = super()._deserialize(value, attr, data, **kwargs)
        side = coin_side(word)
        if side is None:
            raise ValidationError(f"Must be one of: {', '.join(accepted_words())}.")
        return side


class OpenSchema(Schema):
    """Dumps every member of the object, documented or not (and so the OpenAPI document
    says ``additionalProperties: true`` for it: ``unknown = INCLUDE``)."""

    class Meta:
        unknown = INCLUDE

    @post_dump(pass_original=True)
    def _keep_the_rest(self, data: dict[str, Any], original: Any, **kwargs: Any) -> dict:
        if isinstance(original, dict):
            for key, value in original.items():
                if key not in data and key not in self.dump_fields:
                    data[key] = value
        return data


# ---------------------------------------------------------------------- common

class ViolationSchema(OpenSchema):
    rule = fields.String(required=True, metadata={"example": "R-ENERGY-1"})
    message = fields.String(required=True,
                            metadata={"example": "Seat 0 already attached an Energy this turn."})
    seat = fields.Integer(metadata={"description": "For deck problems: whose deck"})


class ActorSchema(Schema):
    subject = fields.String()
    role = fields.String()


class EventSchema(Schema):
    seq = fields.Integer(required=True)
    type = fields.String(required=True, metadata={"example": "ActionTaken"})
    version = fields.Integer()
    recorded_at = fields.String(metadata={"example": "2024-05-17T12:00:00.000000Z"})
    actor = fields.Nested(ActorSchema)
    payload = fields.Dict(metadata={"description": "The event's payload. For a player: `rng` "
                                                   "dropped and hidden instances replaced by "
                                                   "\"hidden\" (the hash covers the stored "
                                                   "payload)"})
    prev_hash = fields.String()
    hash = fields.String()
    state_hash = fields.String(allow_none=True,
                               metadata={"description": "Hash of the state after the event "
                                                        "(not in a player's copy: it hashes "
                                                        "the hidden zones too)"})


class TimelineEntrySchema(EventSchema):
    narration = fields.List(fields.String())
    voided = fields.Boolean(metadata={"description": "True for events undone by a rewind "
                                                     "(they stay in the log)"})


class PokemonViewSchema(OpenSchema):
    instance = fields.String()
    card = fields.String()
    name = fields.String()
    hp = fields.Integer(metadata={"description": "its HP now, with the effects in play (R-INPLAY-1)"})
    printed_hp = fields.Integer(metadata={"description": "the HP printed on its card"})
    types = fields.List(fields.String(), metadata={"description": "its types now, with the effects in play "
                                                                  "(R-INPLAY-1)"})
    damage = fields.Integer()
    energy = fields.List(fields.Dict())
    under = fields.List(fields.Dict())
    attached = fields.List(fields.Dict())
    conditions = fields.List(fields.String())
    entered_turn = fields.Integer()


class SeatViewSchema(OpenSchema):
    name = fields.String()
    prizes_needed = fields.Integer()
    active = fields.Dict(allow_none=True, metadata={"description": "A Pokémon in play "
                                                                   "(PokemonView), or null"})
    bench = fields.List(fields.Dict())
    hand = fields.Raw(metadata={"description": "[{instance, card}], or {count} when hidden"})
    deck = fields.Raw(metadata={"description": "{count}; a list (top first) only for judges "
                                               "and scorekeepers"})
    discard = fields.List(fields.Dict())
    prizes = fields.Raw(metadata={"description": "{count}, or a list for full views"})
    unknown_pool = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Table mode, judges' and scorekeepers' views: the seat's deck-list cards "
                       "not located yet (card id -> copies); a card the table has not reported "
                       "shows everywhere as {instance, card: \"unknown\"}"})
    judges_record = fields.List(fields.String(), metadata={
        "description": "Table mode, judges' and scorekeepers' views: the seat's instances whose "
                       "card only a judge's record of its deck or Prize cards names (R-TABLE-5); "
                       "a player's report never reads them"})


class FigureInPlaySchema(OpenSchema):
    """A figure of a figure-game match (`"game": "tfg"`), by instance ("0:1")."""
    figure = fields.String(metadata={"example": "ekans"})
    name = fields.String()
    owner = fields.Integer(metadata={"description": "its seat"})
    where = fields.String(metadata={"description": "a point of the board, \"bench\" or \"center\""})
    status = fields.String(allow_none=True, metadata={
        "description": "Its Special Condition (T-STATUS-1): paralyzed, poisoned or null"})
    wait = fields.Boolean(metadata={"description": "Whether it has Wait (T-STATUS-2, no Special Condition)"})
    wait_until = fields.Integer(allow_none=True, metadata={"description": "The last turn its Wait lasts"})
    arrived = fields.Integer(metadata={"description": "Its arrival number in the Pokémon Center (T-PC-1)"})


class StateSchema(OpenSchema):
    """The board as the reader may see it (API.md, "The state's shape")."""

    seq = fields.Integer()
    ruleset = fields.String()
    turn = fields.Integer()
    seat_to_act = fields.Integer()
    phase = fields.String(metadata={
        "example": "main",
        "description": "first_player (modern: the coin flip's winner chooses who goes first, R-SETUP-6), "
                       "setup, draw, main, promote, between_games (R-MATCH-1) or finished"})
    game_number = fields.Integer(metadata={"description": "> 1 after Sudden Death"})
    this_turn = fields.Dict()
    pending_promotions = fields.List(fields.Integer())
    result = fields.Dict(allow_none=True,
                         metadata={"example": {"winner": 1, "reason": "R-WIN-1"}})
    seats = fields.List(fields.Nested(SeatViewSchema))
    state_hash = fields.String(metadata={"description": "Judges' and scorekeepers' views only"})
    pending = fields.Dict(metadata={"description": (
        "Present while a card waits for its player's `choose` action: {seat, card, kind "
        "(search, order), look}. `look` lists the cards shown to that seat ({instance, card}); "
        "anyone else sees only {count}")})
    randomness = fields.String(metadata={"description": "\"table\" for a table-mode match"})
    figures = fields.Dict(keys=fields.String(), values=fields.Nested(FigureInPlaySchema), metadata={
        "description": "The figure game: every figure by instance"})


class PageSchema(Schema):
    limit = _query_int(1, 500, load_default=50)
    offset = _query_int(0, load_default=0)


# ---------------------------------------------------------------------- integrity

HEX64 = r"^[0-9a-f]{64}$"
MATCH_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
MAX_RECEIPTS = 1000
FINDINGS_DOC = ("altered (an event does not verify), missing (events gone), extra (entries "
                "past the head), truncated (an anchor or receipt names an event the log no "
                "longer holds), rewritten (the chain verifies, but another event holds the seq "
                "an anchor or receipt names: a tail lost, by a failover, and written again), "
                "erased (no log, but anchors), stream_mismatch")


class ReceiptSchema(Schema):
    """A signed receipt of a write: keep it, present it to `POST .../audit/receipts`."""
    match_id = fields.String(required=True, validate=validate.Regexp(MATCH_ID_PATTERN))
    seq = StrictInteger(required=True, validate=validate.Range(min=1, max=MAX_QUERY_INT))
    hash = fields.String(required=True, validate=validate.Regexp(HEX64),
                         metadata={"description": "The hash of the event at `seq`"})
    signature = fields.String(required=True, validate=validate.Regexp(HEX64),
                              metadata={"description": "HMAC-SHA256 over (match_id, seq, "
                                                       "hash) under a key only the service "
                                                       "holds"})


class FreezeSchema(Schema):
    """Why a match is frozen: its log failed an integrity check."""
    first_bad_seq = fields.Integer(allow_none=True)
    finding = fields.String(allow_none=True, metadata={"description": FINDINGS_DOC})
    detected_by = fields.String(allow_none=True, metadata={
        "description": "write, read, after-append-job, verify-job, api-audit, cli-audit, "
                       "cli-verify, reconcile or receipts"})
    detected_at = fields.String(allow_none=True)


class IntegritySchema(FreezeSchema):
    frozen = fields.Boolean(metadata={"description": "The log failed an integrity check: "
                                                     "writes are refused (423)"})


# ---------------------------------------------------------------------- matches

def _deck_shape(value: Any) -> None:
    if isinstance(value, str):
        if not 1 <= len(value) <= 20000:
            raise ValidationError(msg("A deck given as text holds 1 to 20000 characters."))
        return
    if not isinstance(value, list) or len(value) > 500 or not all(
            isinstance(c, str) and 1 <= len(c) <= 40 for c in value):
        raise ValidationError(msg("Give card ids (a list of at most 500 strings), a pasted deck list or "
                                  "a shipped deck's name."))


def shipped_deck() -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=100),
                         metadata={"description": "A shipped deck (GET /v1/decks)"})


def decks_given(data: dict[str, Any]) -> list[str]:
    """Which of ``DECK_FIELDS`` a body gives (a player gives one at most)."""
    return [k for k in DECK_FIELDS if k in data]


class DivisionField(fields.String):
    """A division, as printed or in any case ("Masters", "masters")."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        folded = text.strip().casefold()
        if folded not in DIVISIONS:
            raise ValidationError(msg("One of %(divisions)s.",
                                      divisions=", ".join(d.capitalize() for d in DIVISIONS)))
        return folded


def _player_id(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Regexp(PLAYER_ID_PATTERN, error=PLAYER_ID_RULE_TEXT), **kwargs)


class PlayerInSchema(Schema):
    name = _text(MAX_NAME, required=True, metadata={
        "description": "The name shown (names may repeat: the person is `player_id`)"})
    player_id = _player_id(metadata={
        "description": "The person's Play! Pokémon ID (digits): penalty histories follow it "
                       "across matches; without one, a player's history is this match's alone",
        "example": "4012345"})
    division = DivisionField(metadata={"description": "Junior, Senior or Masters",
                                       "enum": list(DIVISIONS)})
    deck = fields.Raw(validate=_deck_shape, metadata={
        "description": "Card ids, e.g. 60 of them; or as one string (API.md \"Table mode\") a "
                       "pasted deck list or a shipped deck's name",
        "oneOf": [{"type": "array", "items": {"type": "string"}, "maxItems": 500},
                  {"type": "string", "maxLength": 20000}]})
    decklist = fields.String(validate=validate.Length(min=1, max=20000),
                             metadata={"description": "A pasted deck list, "
                                                      "\"4 Charmander BS 46\" per line"})
    deck_name = shipped_deck()

    @validates_schema
    def _one_deck(self, data: dict[str, Any], **kwargs: Any) -> None:
        given = decks_given(data)
        if len(given) > 1:
            raise ValidationError(msg("Give one of deck, decklist or deck_name, not %(given)s.",
                                      given=str(given)), "_schema")


def _event_id(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Regexp(EVENT_ID_PATTERN, error=msg("1-64 of A-Z a-z 0-9 . _ -")),
                         metadata={"description": "The tournament event (its own id, e.g. "
                                                  "\"2026-regional-sp\")", "example": "2026-regional-sp"},
                         **kwargs)


# The card game's deck formats (projections/tcg/rulesets.FORMATS; tests/api holds the two equal).
FORMAT_SETS = ("era", "unlimited", "standard", "rs-dr")


class MatchFormatField(fields.Field):
    """A match's format: ``"era"``/``"unlimited"``/``"standard"`` (the sets, best of one) or
    ``{"sets": ..., "games": 1|3}``; loads as ``{"sets", "games"}``."""

    SETS = FORMAT_SETS

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dict[str, Any]:
        if isinstance(value, str):
            value = {"sets": value}
        if not isinstance(value, dict):
            raise ValidationError(msg('A string ("era", "unlimited", "standard", "rs-dr") or {"sets", "games"}.'))
        unknown = sorted(set(value) - {"sets", "games"})
        if unknown:
            raise ValidationError(msg("Unknown member(s): %(members)s.", members=", ".join(map(str, unknown))))
        sets, games = value.get("sets", "era"), value.get("games", 1)
        if sets not in self.SETS:
            raise ValidationError(msg('`sets` is "era", "unlimited", "standard" or "rs-dr", not %(sets)s.',
                                      sets=repr(sets)))
        if type(games) is not int or games not in (1, 3):
            raise ValidationError(msg("`games` is 1 or 3 (best of one or of three)."))
        return {"sets": sets, "games": games}


class MatchCreateSchema(Schema):
    game = fields.String(load_default="tcg", metadata={"description": "\"tcg\" (card game) or \"tfg\" "
                                                                      "(figure game)"})
    ruleset = fields.String(load_default=None, metadata={
        "description": "See GET /v1/rulesets?game=…; when absent, the game's own: base-1999 (tcg), "
                       "tfg-6v6 (tfg)", "example": "base-1999"})
    players = fields.List(fields.Nested(PlayerInSchema), required=True,
                          validate=validate.Length(equal=2))
    randomness = fields.String(load_default="service",
                               validate=validate.OneOf(RANDOMNESS_MODES),
                               metadata={"description": "\"service\": the referee shuffles "
                                                        "and flips; \"reported\": clients "
                                                        "report every coin flip; \"table\": "
                                                        "a paper game the referee observes "
                                                        "(deck lists required; the table "
                                                        "reports flips and the cards it "
                                                        "saw, API.md \"Table mode\")"})
    position = fields.Dict(allow_none=True, load_default=None,
                           metadata={"description": "Optional sandbox position (API.md "
                                                    "\"Sandbox positions\"); players then "
                                                    "carry only names"})
    event_id = _event_id(load_default=None, allow_none=True)
    table = StrictInteger(load_default=None, allow_none=True,
                          validate=validate.Range(min=1, max=MAX_TABLE),
                          metadata={"description": "The table number the match is played at "
                                                   "(the event's own numbering)",
                                    "example": 12})
    # A callable default: the document shows none (a oneOf with an object default confuses
    # client generators); the description says it.
    format = MatchFormatField(load_default=lambda: {"sets": "era", "games": 1}, metadata={
        "description": "Which sets the decks may hold and how many games the match is the best "
                       "of: `{\"sets\": \"era\", \"games\": 3}`. \"era\": only cards of the "
                       "ruleset's sets (R-DECK-5, GET /v1/rulesets lists them); \"unlimited\": "
                       "any set the referee plays; \"standard\" (modern): the Standard format in "
                       "force on the event's date (`event_id`; else today): its regulation marks, "
                       "an older print counting through a reprint, less its ban list (README "
                       "\"Formats\"); \"rs-dr\" "
                       "(ex-2005): Ruby & Sapphire through Dragon (ex1–ex3). `games`: 1 (default) or 3 (R-MATCH-1). A "
                       "string is `sets` alone (best of one).",
        "oneOf": [{"type": "string", "enum": list(FORMAT_SETS)},
                  {"type": "object", "additionalProperties": False,
                   "properties": {"sets": {"type": "string", "enum": list(FORMAT_SETS)},
                                  "games": {"type": "integer", "enum": [1, 3]}}}],
        "example": {"sets": "era", "games": 3}})

    @post_load
    def _split_format(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        chosen = data.pop("format")
        return {**data, "format": chosen["sets"], "games": chosen["games"]}


class DecklistRegisterSchema(PlayerInSchema):
    """A player's deck list for an event: a player of `POST /v1/matches` whose ID is required."""
    player_id = _player_id(required=True, metadata={"description": "The person's Play! Pokémon ID",
                                                    "example": "4012345"})
    game = fields.String(load_default="tcg")
    ruleset = fields.String(load_default=None, metadata={
        "description": "See GET /v1/rulesets?game=…; when absent, the game's own: base-1999 (tcg), "
                       "tfg-6v6 (tfg)", "example": "base-1999"})
    format = fields.String(load_default="era", validate=validate.OneOf(FORMAT_SETS))
    date = fields.Date(load_default=None, allow_none=True, metadata={
        "description": "The event's date (ISO, e.g. \"2025-06-14\"): the list is held to the Standard format "
                       "in force that day (R-DECK-5). The event's first list names it (absent: the day of "
                       "that registration, by the service's clock); later lists may repeat it or leave it "
                       "out, and every match created with the event's `event_id` is checked on that day.",
        "example": "2025-06-14"})

    @validates_schema
    def _a_deck(self, data: dict[str, Any], **kwargs: Any) -> None:
        if not decks_given(data):
            raise ValidationError(msg("Give the list: deck, decklist or deck_name."), "decklist")


class DecklistSchema(Schema):
    event_id = fields.String()
    registration = fields.String(metadata={"description": "This registration's id (the latest "
                                                          "one of a player counts)"})
    player_id = fields.String()
    name = fields.String()
    division = fields.String(allow_none=True)
    game = fields.String()
    ruleset = fields.String()
    format = fields.String()
    date = fields.String(metadata={"description": "The event's date (ISO) the list was checked on; "
                                                  "absent in lists registered before events were dated"})
    cards = fields.List(fields.String(), metadata={"description": "The 60 card ids"})
    deck_name = fields.String()
    registered_at = fields.String()
    registered_by = fields.Nested("ActorSchema")


class DecklistListSchema(Schema):
    event_id = fields.String()
    decklists = fields.List(fields.Nested(DecklistSchema))
    total = fields.Integer()


class TokensSchema(Schema):
    seat_0 = fields.String(data_key="0", attribute="0")
    seat_1 = fields.String(data_key="1", attribute="1")
    scorekeeper = fields.String()


class MatchCreatedSchema(Schema):
    match_id = fields.String(required=True)
    seq = fields.Integer(required=True)
    tokens = fields.Nested(TokensSchema, metadata={"description": "Shown once"})
    token_ids = fields.Nested(TokensSchema, metadata={"description": "For revoking them"})
    state = fields.Nested(StateSchema, metadata={"description": "The judge's view"})
    narration = fields.List(fields.String())
    receipt = fields.Nested(ReceiptSchema)


class SummarySchema(Schema):
    match_id = fields.String()
    how_text = fields.String(allow_none=True, metadata={
        "description": "How the game ended, in words, with the rule id beside, e.g. \"Ana took "
                       "the last Prize card [R-WIN-1]\" (`how` stays the id)"})
    best_of = fields.Integer(metadata={"description": "A best-of-three match: 3 (R-MATCH-1)"})
    games = fields.List(fields.Dict(), metadata={
        "description": "Best of three: each finished game, {game, winner, reason, draw}",
        "example": [{"game": 1, "winner": 0, "reason": "R-WIN-1", "draw": False}]})
    score = fields.String(metadata={"description": "Best of three: wins of seat 0 - seat 1 "
                                                   "(- drawn games)", "example": "1-1"})
    chooser = fields.Integer(allow_none=True, metadata={
        "description": "Between games: the seat that chooses who goes first next (R-MATCH-1); before a "
                       "modern game: the coin flip's winner, who chooses (R-SETUP-6; null at a paper "
                       "table, where the seat that won the flip sends its choice)"})
    clock = fields.Nested("ClockSchema", metadata={"description": "The round clock (J-TIME-2)"})
    table = fields.Integer(allow_none=True, metadata={"description": "The table number, if given"})
    game = fields.String()
    ruleset = fields.String()
    randomness = fields.String()
    players = fields.List(fields.Dict(), metadata={"example": [{"seat": 0, "name": "Ana"}]})
    status = fields.String(metadata={"description": ", ".join(MATCH_STATUSES)})
    turn = fields.Integer()
    seat_to_act = fields.Integer(allow_none=True)
    whose_turn = fields.String(allow_none=True,
                               metadata={"description": "Name of the player to act"})
    prizes_left = fields.List(fields.Integer())
    winner = fields.Integer(allow_none=True)
    how = fields.String(allow_none=True, metadata={"description": "The rule the game was won "
                                                                  "by, e.g. R-WIN-1"})
    result = fields.Dict(allow_none=True)
    game_number = fields.Integer()
    unknown_cards = fields.List(fields.Integer(), metadata={
        "description": "Table mode: per seat, how many of its cards the table has not reported"})
    last_seq = fields.Integer()
    created_at = fields.String()
    integrity = fields.Nested(IntegritySchema, metadata={
        "description": "Whether the match is frozen: its log failed an integrity check"})


class MatchListItemSchema(Schema):
    match_id = fields.String()
    table = fields.Integer(allow_none=True, metadata={"description": "The table number, if given"})
    game = fields.String()
    ruleset = fields.String()
    randomness = fields.String(allow_none=True)
    sandbox = fields.Boolean()
    player_ids = fields.List(fields.String(allow_none=True),
                             metadata={"description": "Play! Pokémon IDs by seat (null: none given)"})
    clock = fields.Nested("ClockSchema", metadata={"description": "The round clock (J-TIME-2)"})
    divisions = fields.List(fields.String(allow_none=True))
    players = fields.List(fields.String())
    status = fields.String(allow_none=True)
    created_at = fields.String(allow_none=True)
    turn = fields.Integer(allow_none=True)
    seat_to_act = fields.Integer(allow_none=True)
    prizes_left = fields.List(fields.Integer(), allow_none=True)
    game_number = fields.Integer(allow_none=True)
    winner = fields.Integer(allow_none=True)
    winner_name = fields.String(allow_none=True)
    win_reason = fields.String(allow_none=True)
    open_disputes = fields.Integer()
    penalties = fields.List(fields.Nested("ListedPenaltySchema"), metadata={
        "description": "The penalties given in the match, oldest first (J-PENALTY-1)"})
    last_seq = fields.Integer()
    last_event_at = fields.String(allow_none=True)


class ListedPenaltySchema(Schema):
    seq = fields.Integer()
    seat = fields.Integer()
    level = fields.String()
    status = fields.String(metadata={"description": "`standing`, or `overturned` on appeal"})


class MatchListSchema(Schema):
    matches = fields.List(fields.Nested(MatchListItemSchema))
    total = fields.Integer(metadata={"description": "Matches that pass the filters"})
    limit = fields.Integer()
    offset = fields.Integer()


class MatchesQuerySchema(PageSchema):
    status = fields.String(validate=validate.OneOf(MATCH_STATUSES))
    player = fields.String(validate=validate.Length(min=1, max=MAX_NAME),
                           metadata={"description": "A player's name"})


class AtQuerySchema(Schema):
    at = _query_int(1, metadata={"description": "A seq: the state right after that event"})


def _time_zone_name(value: str) -> None:
    try:
        time_zone(value)
    except UnknownTimeZone:
        raise ValidationError(msg("Not a time zone of the tz database (e.g. America/Sao_Paulo, or UTC).")) \
            from None


class ReportQuerySchema(Schema):
    tz = fields.String(validate=[validate.Length(max=64), _time_zone_name], metadata={
        "description": "The time zone the report's times read in (an IANA name: the event's or "
                       "the reader's; the console sends the browser's). Default: UTC"})


class SlipPlayerSchema(Schema):
    seat = fields.Integer()
    name = fields.String()
    player_id = fields.String(allow_none=True, metadata={"description": "The Play! Pokémon ID"})
    division = fields.String(allow_none=True)


class SlipGameSchema(Schema):
    game = fields.Integer(allow_none=True)
    over = fields.Boolean()
    winner = fields.Integer(allow_none=True, metadata={"description": "The seat (null: a draw, or not over)"})
    winner_name = fields.String(allow_none=True)
    draw = fields.Boolean()
    how = fields.String(allow_none=True, metadata={"description": "How it ended, in words, with the rule ids"})
    score = fields.String(allow_none=True, metadata={"description": "The match's score (best of three)"})


class SlipPenaltySchema(Schema):
    seq = fields.Integer()
    seat = fields.Integer()
    player = fields.String(allow_none=True)
    level = fields.String()
    level_label = fields.String(allow_none=True)
    infraction = fields.String()
    infraction_label = fields.String(allow_none=True)
    status = fields.String(metadata={"description": "`standing`, or `overturned` on appeal"})
    judge = fields.String(allow_none=True)


class SlipSchema(Schema):
    match_id = fields.String()
    event_id = fields.String(allow_none=True, metadata={"description": "The event the players' lists "
                                                                       "were registered for (null: none)"})
    round = fields.Integer(allow_none=True, metadata={"description": "null until the match knows it"})
    table = fields.Integer(allow_none=True)
    date = fields.String(metadata={"description": "When the match was made, in `time_zone`"})
    time_zone = fields.String()
    ruleset = fields.String()
    best_of = fields.Integer()
    players = fields.List(fields.Nested(SlipPlayerSchema))
    games = fields.List(fields.Nested(SlipGameSchema), metadata={"description": "Each game (R-MATCH-1)"})
    result = fields.Nested(SlipGameSchema, metadata={"description": "The match's result"})
    penalties = fields.List(fields.Nested(SlipPenaltySchema))
    judges = fields.List(fields.String(), metadata={"description": "The judges who acted in the match"})


class EventsQuerySchema(Schema):
    from_ = _query_int(1, data_key="from", attribute="from")
    to = _query_int(1)


class LegalActionsQuerySchema(AtQuerySchema):
    seat = fields.Integer(validate=validate.OneOf(SEATS),
                          metadata={"description": "Defaults to a player's own seat, else the "
                                                   "seat to act"})


class LegalActionsSchema(Schema):
    seat = fields.Integer()
    seq = fields.Integer()
    actions = fields.List(fields.Dict(), metadata={"description": ACTION_TYPES_DOC})


class AuditSchema(Schema):
    chain_ok = fields.Boolean()
    replay_ok = fields.Boolean()
    first_bad_seq = fields.Integer(allow_none=True)
    events = fields.Integer()
    last_seq = fields.Integer()
    match_id = fields.String()
    chain_first_bad_seq = fields.Integer(allow_none=True)
    replay_first_bad_seq = fields.Integer(allow_none=True)
    state_hashes_checked = fields.Integer()
    replay_error = fields.String(allow_none=True, metadata={
        "description": "Why the replay stopped: an event that could not be replayed, or a "
                       "recorded state_hash that differs from the replay's"})
    finding = fields.String(allow_none=True, metadata={"description": FINDINGS_DOC})
    anchors_checked = fields.Integer(metadata={"description": "Anchors (heads written "
                                                              "outside Redis) found in the log"})
    anchored_seq = fields.Integer(allow_none=True, metadata={"description": "The highest "
                                                                            "anchored seq"})
    declared_effects = fields.List(fields.Dict(), metadata={
        "description": "The effects the table declared instead of the engine carrying them "
                       "out (R-DECLARE-1): `{seq, seat, action, what, steps}` each; every "
                       "other action's effect the engine verified"})
    anchors_invalid = fields.Integer(metadata={"description": "Anchor lines whose MAC fails "
                                                              "(the anchor file was tampered "
                                                              "with); ignored"})
    frozen = fields.Nested(FreezeSchema, allow_none=True, metadata={
        "description": "Set when the match is frozen (this audit freezes a match whose log "
                       "fails its integrity check)"})


class ReceiptsBodySchema(Schema):
    receipts = fields.List(fields.Nested(ReceiptSchema), required=True,
                           validate=validate.Length(min=1, max=MAX_RECEIPTS))


class ReceiptCheckSchema(Schema):
    match_id = fields.String()
    seq = fields.Integer()
    hash = fields.String()
    signature_ok = fields.Boolean(metadata={"description": "The service signed it"})
    same_match = fields.Boolean(metadata={"description": "It is a receipt of this match"})
    held = fields.Boolean(allow_none=True, metadata={
        "description": "The log still holds (seq, hash); null for a receipt not checked "
                       "(a bad signature, or another match's)"})


class ReceiptsCheckSchema(Schema):
    match_id = fields.String()
    ok = fields.Boolean(metadata={"description": "Every valid receipt of this match is held"})
    checked = fields.Integer()
    valid = fields.Integer()
    held = fields.Integer()
    receipts = fields.List(fields.Nested(ReceiptCheckSchema))
    first_bad_seq = fields.Integer(allow_none=True)
    finding = fields.String(allow_none=True, metadata={"description": FINDINGS_DOC})
    frozen = fields.Nested(FreezeSchema, allow_none=True, metadata={
        "description": "The match's freeze (a valid receipt the log no longer holds "
                       "freezes it)"})


# ---------------------------------------------------------------------- actions

class ActionBodySchema(Schema):
    expected_seq = StrictInteger(allow_none=True, validate=validate.Range(min=0),
                                 metadata={"description": "Optimistic concurrency: the "
                                                          "last seq you saw"})
    idempotency_key = fields.String(validate=validate.Length(min=1, max=200),
                                    metadata={"description": "A retry with the same key "
                                                             "returns the first answer"})
    seat = _seat(required=True)
    action = ActionField(required=True, metadata={
        "example": {"type": "attach_energy", "card": "0:52", "target": "0:3"}})
    coins = fields.List(CoinSideField(), validate=validate.Length(max=200), allow_none=True,
                        metadata={"description": "Coin flips in the order the rules call "
                                                 "for them: required (exactly as many as "
                                                 "the action flips) in reported matches; "
                                                 "a judge may force them in any match. "
                                                 "heads/tails, or the words of the request's "
                                                 "language (pt-BR cara/coroa, es cara/cruz): "
                                                 "the event stores heads/tails"})


class ActionResultSchema(Schema):
    seq = fields.Integer(required=True)
    event = fields.Nested(EventSchema)
    narration = fields.List(fields.String())
    state_hash = fields.String(metadata={"description": "Judges and scorekeepers only: it "
                                                        "hashes the hidden zones too"})
    receipt = fields.Nested(ReceiptSchema)


class LegalityBodySchema(ActionBodySchema):
    at = _seq(metadata={"description": "Ask about the state at this seq (default: now)"})


class PreviewSchema(Schema):
    narration = fields.List(fields.String())
    state = fields.Nested(StateSchema)
    event = fields.Nested(EventSchema, metadata={"description": "The event that would be "
                                                                "appended (no seq yet)"})


class LegalitySchema(Schema):
    legal = fields.Boolean(required=True)
    seq = fields.Integer(metadata={"description": "The seq the question was asked at"})
    violations = fields.List(fields.Nested(ViolationSchema))
    preview = fields.Nested(PreviewSchema, allow_none=True)


# ---------------------------------------------------------------------- judges

def _dry_run() -> StrictBoolean:
    return StrictBoolean(load_default=False, metadata={
        "description": "true: append nothing; answer 200 with the events, narration and state "
                       "the request would give (what a judge checks before sending it)"})


class RewindBodySchema(Schema):
    to_seq = _seq(required=True)
    reason = _text(required=True)
    reshuffle = StrictBoolean(load_default=False,
                              metadata={"description": "Shuffle the decks of the seats that "
                                                       "drew since to_seq instead of putting "
                                                       "the cards back on top (J-REPAIR-1)"})
    expected_seq = StrictInteger(allow_none=True, validate=validate.Range(min=0))
    dry_run = _dry_run()


# ---------------------------------------------------------------------- penalties (J-PENALTY-1/2)

LEVEL_DOC = ("J-PENALTY-1, as its id or as the Play! Pokémon penalty guidelines print it, "
             "case and spacing forgiving (\"Warning\", \"Double Prize Card\", \"double prize\"); "
             "stored as the id. " + guideline.accepted_levels() + ". Deprecated: `prize_penalty` "
             "(this service's old id for 2 Prize cards) is read as `double_prize` and stored as "
             "`double_prize`; the old guidelines' one-card \"Prize Card\" penalty is refused. "
             "GET /v1/penalties lists them all.")
INFRACTION_DOC = ("J-PENALTY-2, as its id or as the guidelines print it, case and spacing "
                  "forgiving (\"Game Play Error: Minor\", \"procedural error - major\", "
                  "\"GAME_PLAY_ERROR_MINOR\"); stored as the id. " + guideline.accepted_infractions()
                  + ".")


class PenaltyNameField(fields.String):
    """A penalty level or an infraction, as its machine id or as the guidelines print it;
    deserialised to the id (``projections.penalties``), anything else refused with the
    accepted names."""

    def __init__(self, parse: Any, **kwargs: Any) -> None:
        super().__init__(validate=validate.Length(min=1, max=guideline.MAX_NAME), **kwargs)
        self.parse = parse

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return self.parse(text)
        except guideline.UnknownPenaltyName as refused:
            said = refused.args[0] if refused.args else str(refused)
            raise ValidationError(said if isinstance(said, Message) else str(refused)) from refused


class PenaltyLabelsSchema(Schema):
    """A penalty's ids with the guidelines' labels beside them (``projections.penalties``).
    A level stored as the deprecated `prize_penalty` is shown as `double_prize`."""
    infraction = fields.String(metadata={"description": "J-PENALTY-2 id"})
    infraction_label = fields.String(allow_none=True, metadata={
        "description": "As the guidelines print it", "example": "Game Play Error (Minor)"})
    category = fields.String(allow_none=True, metadata={"description": "The infraction's "
                                                                       "category id"})
    category_label = fields.String(allow_none=True, metadata={"example": "Game Play Error"})
    severity = fields.String(allow_none=True, metadata={"description": "minor, major, severe "
                                                                       "or null"})
    severity_label = fields.String(allow_none=True)
    level = fields.String(metadata={"description": "J-PENALTY-1 id"})
    level_label = fields.String(allow_none=True, metadata={
        "description": "As the guidelines print it", "example": "Warning"})

    @pre_dump
    def _labels(self, data: Any, **kwargs: Any) -> Any:
        """The labels in the reader's language, here: a String field would write them in English."""
        if not isinstance(data, dict):
            return data
        return translate_deep({**data, **guideline.labels(data),
                               "level": guideline.canonical_level(data.get("level"))})


class RecommendationSchema(Schema):
    """The level the guidelines recommend beside the one given (``penalties.recommendation``)."""
    recommended_level = fields.String(allow_none=True, metadata={
        "description": "J-PENALTY-2: the level the penalty guidelines recommend for a first "
                       "infraction of this kind at a competitive event (GET /v1/penalties "
                       "`recommended`); the judge may deviate"})
    recommended_level_label = fields.String(allow_none=True)
    level_given_is = fields.String(allow_none=True, metadata={
        "description": "`above`, `below` or `same`: the level given against the recommended one"})


class PenaltyShownSchema(PenaltyLabelsSchema):
    """The penalty of a ruling or an appeal decision."""
    seat = fields.Integer(allow_none=True)


class PenaltyAdviceSchema(PenaltyLabelsSchema, RecommendationSchema):
    """The penalty a judge's request gave, with the escalation suggested for it
    (J-PENALTY-2): never applied, the level stays the judge's."""
    seat = fields.Integer(allow_none=True)
    player = fields.String(allow_none=True)
    player_id = fields.String(allow_none=True)
    repeat = fields.Boolean(metadata={"description": "The person has earlier standing "
                                                     "penalties of the same category"})
    prior_same_category = fields.Integer()
    suggested_level = fields.String(allow_none=True, metadata={
        "description": "With a repeat: one level above the most severe earlier one of the "
                       "category, never below the level given (equal: the level given already "
                       "follows the escalation). A suggestion only"})
    suggested_level_label = fields.String(allow_none=True)
    rule = fields.String(metadata={"description": "J-PENALTY-2"})


class JudgeEventResultSchema(Schema):
    seq = fields.Integer(required=True, metadata={"description": "The last seq appended (in a "
                                                                "dry run: it would be)"})
    dry_run = fields.Boolean(metadata={"description": "true: nothing was appended"})
    events = fields.List(fields.Nested(EventSchema))
    narration = fields.List(fields.String())
    state_hash = fields.String()
    state = fields.Nested(StateSchema)
    receipt = fields.Nested(ReceiptSchema)
    penalty = fields.Nested(PenaltyAdviceSchema, allow_none=True, metadata={
        "description": "The penalty the request gave (a penalty, or a ruling or appeal "
                       "decision with one) with its guideline labels and the escalation "
                       "suggested for a repeat; null when it gave none"})


class DisputeBodySchema(Schema):
    seat = _seat(allow_none=True, metadata={"description": "Who disputes (a player: its own "
                                                           "seat, the default)"})
    about_seq = _seq(required=True)
    claim = _text(MAX_CLAIM, required=True, metadata={
        "description": f"What happened, in at most {MAX_CLAIM} characters"})


class DisputeCreatedSchema(Schema):
    dispute_id = fields.String(required=True)
    seq = fields.Integer()
    receipt = fields.Nested(ReceiptSchema)


class RemedySchema(Schema):
    rewind_to = _seq(required=True)
    reshuffle = StrictBoolean(load_default=False)


class PenaltyBodySchema(Schema):
    seat = _seat(required=True)
    infraction = PenaltyNameField(guideline.parse_infraction, required=True, metadata={
        "description": INFRACTION_DOC, "example": "Game Play Error: Minor"})
    level = PenaltyNameField(guideline.parse_level, required=True, metadata={
        "description": LEVEL_DOC, "example": "Warning"})


class RulingBodySchema(Schema):
    decision = fields.String(required=True, validate=validate.OneOf(DECISIONS),
                             metadata={"description": DECISION_MEANING})
    remedy = fields.Nested(RemedySchema, allow_none=True, load_default=None)
    penalty = fields.Nested(PenaltyBodySchema, allow_none=True, load_default=None)
    notes = fields.String(validate=validate.Length(max=MAX_TEXT))
    expected_seq = StrictInteger(allow_none=True, validate=validate.Range(min=0))
    dry_run = _dry_run()


class AppealBodySchema(Schema):
    reason = _text(MAX_CLAIM, required=True, metadata={
        "description": f"Why the ruling is wrong, in at most {MAX_CLAIM} characters"})
    seat = _seat(allow_none=True, metadata={"description": "Who appeals (a player: its own "
                                                           "seat)"})


class PenaltyIssueBodySchema(PenaltyBodySchema):
    notes = fields.String(validate=validate.Length(max=MAX_TEXT))
    expected_seq = StrictInteger(allow_none=True, validate=validate.Range(min=0))
    dry_run = _dry_run()


CLOCK_DOINGS = {"start": "ClockStarted", "pause": "ClockPaused", "resume": "ClockResumed",
                "extend": "TimeExtended"}


class ClockBodySchema(Schema):
    do = fields.String(required=True, validate=validate.OneOf(list(CLOCK_DOINGS)), metadata={
        "description": "start (the round's `minutes`), pause, resume, or extend (a judge gives "
                       "`minutes` more, with the `reason`)"})
    minutes = StrictInteger(validate=validate.Range(min=1, max=MAX_ROUND_MINUTES),
                            metadata={"description": "start: the round's length; extend: the "
                                                     f"minutes added (at most {MAX_EXTENSION_MINUTES})"})
    reason = fields.String(validate=validate.Length(min=1, max=MAX_TEXT),
                           metadata={"description": "Why (required to extend)"})
    expected_seq = StrictInteger(allow_none=True, validate=validate.Range(min=0))
    dry_run = _dry_run()

    @validates_schema
    def _what_each_needs(self, data: dict[str, Any], **kwargs: Any) -> None:
        do = data.get("do")
        if do in ("start", "extend") and "minutes" not in data:
            raise ValidationError(msg("`%(do)s` needs minutes.", do=do), "minutes")
        if do == "extend" and data.get("minutes", 0) > MAX_EXTENSION_MINUTES:
            raise ValidationError(msg("At most %(minutes)s minutes at a time.", minutes=MAX_EXTENSION_MINUTES),
                                  "minutes")
        if do == "extend" and not data.get("reason"):
            raise ValidationError(msg("A time extension says why (J-TIME-2)."), "reason")
        if do in ("pause", "resume") and "minutes" in data:
            raise ValidationError(msg("`%(do)s` takes no minutes.", do=do), "minutes")


class RoundStartSchema(Schema):
    minutes = StrictInteger(required=True, validate=validate.Range(min=1, max=MAX_ROUND_MINUTES),
                            metadata={"description": "The round's length", "example": 50})
    match_ids = fields.List(fields.String(validate=validate.Length(min=1, max=64)),
                            validate=validate.Length(min=1, max=2000),
                            metadata={"description": "The round's tables (default: every match "
                                                     "not finished whose clock has not started)"})


class RoundStartedSchema(Schema):
    started = fields.List(fields.String(), metadata={"description": "Matches whose clock started"})
    refused = fields.Dict(keys=fields.String(), values=fields.String(),
                          metadata={"description": "Match id -> why its clock did not start"})


class ClockSchema(Schema):
    status = fields.String(metadata={"description": "not_started, running, paused or expired"})
    length_minutes = fields.Float(allow_none=True)
    extended_minutes = fields.Float()
    extensions = fields.Integer()
    time_left_seconds = fields.Float(allow_none=True)
    ends_at = fields.String(allow_none=True, metadata={"description": "While it runs"})


class TimeBodySchema(Schema):
    decide_by = fields.String(load_default="prizes", validate=validate.OneOf(["prizes"]),
                              metadata={"description": "The event's rule for an unfinished game: "
                                                       "fewer Prize cards left wins"})
    tie = fields.String(load_default="sudden_death",
                        validate=validate.OneOf(["sudden_death", "draw"]),
                        metadata={"description": "What an equal Prize count gives"})
    extra_turns = StrictInteger(load_default=3, validate=validate.Range(min=0, max=10),
                                metadata={"description": "Turns played after the current one"})
    notes = fields.String(validate=validate.Length(max=MAX_TEXT))
    expected_seq = StrictInteger(allow_none=True, validate=validate.Range(min=0))
    dry_run = _dry_run()


class DeckCheckBodySchema(Schema):
    seat = _seat(required=True)
    matches_list = StrictBoolean(metadata={"description": "true: the deck matches the list"})
    cards = fields.List(fields.String(validate=validate.Length(min=1, max=64)),
                        validate=validate.Length(min=1, max=100),
                        metadata={"description": "The card ids found in the deck, any order",
                                  "example": ["base1-4", "base1-98"]})
    notes = fields.String(validate=validate.Length(max=MAX_TEXT))
    expected_seq = StrictInteger(allow_none=True, validate=validate.Range(min=0))
    dry_run = _dry_run()

    @validates_schema
    def _one_finding(self, data: dict[str, Any], **kwargs: Any) -> None:
        if bool(data.get("matches_list")) == ("cards" in data):
            raise ValidationError(msg("Give the `cards` found, or `matches_list: true`."), "cards")


class RevealBodySchema(Schema):
    seat = _seat(required=True)
    zone = fields.String(required=True, validate=validate.OneOf(REVEAL_ZONES),
                         metadata={"description": "The hidden place the judge looked at"})
    cards = fields.List(fields.String(allow_none=True, validate=validate.Length(min=1, max=64)),
                        required=True, validate=validate.Length(min=1, max=60),
                        metadata={"description": "Card ids. For the deck in order from the top "
                                                 "(null: a card not looked at); for the hand, "
                                                 "the Prize cards or the discard pile in any "
                                                 "order (each matches a known copy there, "
                                                 "else names an unknown card)",
                                  "example": ["base1-4", "base1-98"]})
    notes = fields.String(validate=validate.Length(max=MAX_TEXT))
    expected_seq = StrictInteger(allow_none=True, validate=validate.Range(min=0))
    dry_run = _dry_run()


class DecisionSchema(Schema):
    """A ruling or an appeal decision."""
    seq = fields.Integer()
    at = fields.String(allow_none=True, metadata={"description": "When it was recorded"})
    by = fields.Nested(ActorSchema, allow_none=True, metadata={"description": "The judge"})
    decision = fields.String(metadata={"description": "upheld or overturned"})
    remedy = fields.Dict(allow_none=True, metadata={"description": "{rewind_to, reshuffle}"})
    penalty = fields.Nested(PenaltyShownSchema, allow_none=True)
    notes = fields.String(allow_none=True)


class AppealSchema(Schema):
    seq = fields.Integer()
    at = fields.String(allow_none=True)
    by = fields.Nested(ActorSchema, allow_none=True)
    seat = fields.Integer(allow_none=True)
    reason = fields.String(allow_none=True)


class DisputeSchema(Schema):
    """A dispute as its match's log tells it (``projections.disputes``): the same record in a
    match's disputes and in the judges' queue."""
    match_id = fields.String()
    dispute_id = fields.String()
    status = fields.String(metadata={"description": "open, ruled, appealed or decided"})
    kind = fields.String(allow_none=True, metadata={"description": "dispute or appeal while a "
                                                                   "judge is awaited"})
    open = fields.Boolean(metadata={"description": "A judge is awaited (open or appealed)"})
    seat = fields.Integer(allow_none=True)
    player = fields.String(allow_none=True, metadata={"description": "The disputing seat's "
                                                                     "player"})
    player_id = fields.String(allow_none=True, metadata={"description": "Their Play! Pokémon ID"})
    about_seq = fields.Integer(allow_none=True)
    claim = fields.String(allow_none=True)
    opened_seq = fields.Integer(allow_none=True)
    opened_at = fields.String(allow_none=True)
    opened_by = fields.Nested(ActorSchema, allow_none=True)
    queued_at = fields.String(allow_none=True, metadata={"description": "When it last "
                                                                        "entered the judges' "
                                                                        "queue"})
    ruling = fields.Nested(DecisionSchema, allow_none=True)
    appeal = fields.Nested(AppealSchema, allow_none=True)
    appeal_decision = fields.Nested(DecisionSchema, allow_none=True)


class DisputeListSchema(Schema):
    disputes = fields.List(fields.Nested(DisputeSchema))
    total = fields.Integer()


class QueuedDisputeSchema(DisputeSchema):
    """An entry of the judges' queue (GET /v1/disputes): a dispute, or a frozen match (kind
    `integrity`, status `frozen`: its log failed an integrity check)."""
    dispute_id = fields.String(allow_none=True)
    status = fields.String(metadata={"description": "open, ruled, appealed or decided; frozen "
                                                    "for an integrity entry"})
    kind = fields.String(allow_none=True, metadata={"description": "dispute or appeal, while "
                                                                   "open; report for a table "
                                                                   "report the judges' record "
                                                                   "disagreed with (R-TABLE-5); "
                                                                   "integrity for a frozen match"})
    set_aside = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "report: each instance whose recorded card was set aside -> that card"})
    first_bad_seq = fields.Integer(allow_none=True, metadata={"description": "integrity: the "
                                                                             "first bad seq"})
    finding = fields.String(allow_none=True, metadata={"description": "integrity: "
                                                                      + FINDINGS_DOC})
    detected_by = fields.String(allow_none=True)


class QueueListSchema(Schema):
    disputes = fields.List(fields.Nested(QueuedDisputeSchema))
    total = fields.Integer()


class DisputesQuerySchema(PageSchema):
    status = fields.String(load_default="open", validate=validate.OneOf(
        ["open", "closed", "all", "ruled", "appealed", "decided"]),
        metadata={"description": "open (default): disputes awaiting a ruling and appeals "
                                 "awaiting the head judge, oldest first"})


MAX_QUEUED_PER_TABLE = 50


class QueueTablesQuerySchema(PageSchema):
    per_table = _query_int(0, MAX_QUEUED_PER_TABLE, load_default=5, metadata={
        "description": "How many of each table's waiting disputes and appeals to list (the "
                       "longest waiting first); `open_disputes` counts them all"})


class IntegrityFindingSchema(Schema):
    """Why a match is frozen: its log failed an integrity check (no hidden information)."""
    first_bad_seq = fields.Integer(allow_none=True)
    finding = fields.String(allow_none=True, metadata={"description": FINDINGS_DOC})
    detected_by = fields.String(allow_none=True)
    detected_at = fields.String(allow_none=True)


class QueuedTableSchema(Schema):
    """One table of the judges' queue: a match with disputes or appeals awaiting a judge, or
    a frozen match."""
    match_id = fields.String()
    table = fields.Integer(allow_none=True, metadata={"description": "The table number"})
    players = fields.List(fields.String(allow_none=True))
    status = fields.String(allow_none=True, metadata={"description": "The match's status"})
    frozen = fields.Boolean(metadata={"description": "Its log failed an integrity check"})
    integrity = fields.Nested(IntegrityFindingSchema, allow_none=True,
                              metadata={"description": "A frozen match's finding"})
    open_disputes = fields.Integer(metadata={"description": "Disputes and appeals awaiting a "
                                                            "judge at this table"})
    appeals = fields.Integer(metadata={"description": "Of which appeals (for the head judge)"})
    newest_at = fields.String(allow_none=True, metadata={
        "description": "When the newest of them entered the queue (a frozen match: when it "
                       "was found)"})
    oldest_at = fields.String(allow_none=True, metadata={
        "description": "When the one waiting longest entered the queue"})
    disputes = fields.List(fields.Nested(QueuedDisputeSchema), metadata={
        "description": "The first `per_table` of them, the longest waiting first (a table "
                       "report the judges' record disagreed with is one: kind `report`)"})


class QueueTablesSchema(Schema):
    tables = fields.List(fields.Nested(QueuedTableSchema))
    total = fields.Integer(metadata={"description": "Tables in the queue: matches with a "
                                                    "dispute or appeal awaiting a judge, and "
                                                    "frozen matches"})
    open_disputes = fields.Integer(metadata={"description": "Disputes and appeals awaiting a "
                                                            "judge, at every table"})


class PenaltyEntrySchema(PenaltyLabelsSchema, RecommendationSchema):
    match_id = fields.String()
    dispute_id = fields.String(allow_none=True)
    seq = fields.Integer()
    seat = fields.Integer(allow_none=True)
    player = fields.String(allow_none=True)
    player_id = fields.String(allow_none=True)
    infraction = fields.String()
    level = fields.String()
    notes = fields.String(allow_none=True)
    recorded_at = fields.String(allow_none=True)
    judge = fields.String(allow_none=True)
    status = fields.String(metadata={"description": "standing or overturned"})
    repeat = fields.Boolean(metadata={"description": "A repeat of the same infraction "
                                                     "earlier in the event (J-PENALTY-2)"})
    prior_same_infraction = fields.Integer()
    prior_same_category = fields.Integer()
    suggested_level = fields.String(allow_none=True, metadata={
        "description": "J-PENALTY-2, when the category repeats: the level the escalation "
                       "suggested at that point (one above the most severe earlier standing "
                       "one, never below the level given). Never applied: `level` is what "
                       "the judge gave"})
    suggested_level_label = fields.String(allow_none=True)
    reported = fields.Boolean(metadata={"description": "Warnings and above are reported "
                                                       "(J-PENALTY-1)"})


class GuidelineNameSchema(Schema):
    id = fields.String(required=True, metadata={"description": "The machine id (stored, "
                                                               "accepted)"})
    label = fields.String(required=True, metadata={
        "description": "As the guidelines print it, in the request's language (accepted too, in "
                       "any language served)"})
    also_accepted = fields.List(fields.String(), metadata={"description": "Other spellings "
                                                                          "accepted"})
    note = fields.String()


class LevelNameSchema(GuidelineNameSchema):
    rank = fields.Integer(metadata={"description": "0: the least"})
    reported = fields.Boolean()


class DeprecatedLevelSchema(Schema):
    id = fields.String(required=True)
    means = fields.String(required=True)
    label = fields.String(allow_none=True)
    note = fields.String()


class RefusedNameSchema(Schema):
    name = fields.String(required=True)
    why = fields.String()


class RecommendedLevelSchema(Schema):
    infraction = fields.String(required=True)
    infraction_label = fields.String()
    level = fields.String(required=True)
    level_label = fields.String()


class PenaltyReferenceSchema(Schema):
    guidelines = fields.String()
    rules = fields.Dict(keys=fields.String(), values=fields.String())
    categories = fields.List(fields.Nested(GuidelineNameSchema))
    severities = fields.List(fields.Nested(GuidelineNameSchema))
    levels = fields.List(fields.Nested(LevelNameSchema), metadata={"description": "Least to most"})
    deprecated_aliases = fields.List(fields.Nested(DeprecatedLevelSchema))
    refused_names = fields.List(fields.Nested(RefusedNameSchema))
    recommended = fields.List(fields.Nested(RecommendedLevelSchema), metadata={
        "description": "J-PENALTY-2: the level recommended for a first infraction, by infraction "
                       "(an ungraded category reads as its Minor grade)"})
    escalation = fields.String()


class PenaltyHistorySchema(Schema):
    player_id = fields.String(metadata={"description": "The person's Play! Pokémon ID"})
    names = fields.List(fields.String(), metadata={"description": "The names they played under"})
    penalties = fields.List(fields.Nested(PenaltyEntrySchema))


# ---------------------------------------------------------------------- tokens

class TokenBodySchema(Schema):
    role = fields.String(required=True, validate=validate.OneOf(
        ["player", "scorekeeper", "judge", "admin"]))
    subject = _text(MAX_NAME, required=True, metadata={"description": "Who holds the token"})
    match_id = fields.String(validate=validate.Length(min=1, max=64),
                             metadata={"description": "Players and scorekeepers"})
    seat = _seat(metadata={"description": "Players"})
    head_judge = StrictBoolean(load_default=False, metadata={"description": "Judges"})

    @validates_schema
    def _binding(self, data: dict[str, Any], **kwargs: Any) -> None:
        role = data.get("role")
        errors: dict[str, list[str]] = {}
        if role in ("player", "scorekeeper") and not data.get("match_id"):
            errors["match_id"] = [msg("A %(role)s token is bound to a match.", role=role)]
        if role == "player" and data.get("seat") is None:
            errors["seat"] = [msg("A player token is bound to a seat.")]
        if role in ("judge", "admin") and data.get("match_id"):
            errors["match_id"] = [msg("A %(role)s token is not bound to a match.", role=role)]
        if role != "player" and data.get("seat") is not None:
            errors["seat"] = [msg("Only player tokens have a seat.")]
        if role != "judge" and data.get("head_judge"):
            errors["head_judge"] = [msg("Only a judge can be the head judge.")]
        if errors:
            raise ValidationError(errors)


class TokenSchema(Schema):
    token = fields.String(metadata={"description": "Shown once: keep it"})
    token_id = fields.String()
    role = fields.String()
    subject = fields.String()
    match_id = fields.String(allow_none=True)
    seat = fields.Integer(allow_none=True)
    head_judge = fields.Boolean()
    created_at = fields.String()
    expires_at = fields.String(allow_none=True, metadata={
        "description": "When it stops working (`REFEREE_TOKEN_DAYS`); null: never"})
    revoked = fields.Boolean()


class WhoAmISchema(Schema):
    token_id = fields.String(allow_none=True)
    role = fields.String()
    subject = fields.String()
    match_id = fields.String(allow_none=True)
    seat = fields.Integer(allow_none=True)
    head_judge = fields.Boolean()
    expires_at = fields.String(allow_none=True, metadata={"description": "null: never"})


# ---------------------------------------------------------------------- reference data

class GameQuerySchema(Schema):
    game = fields.String(load_default="tcg")


class RulesetsSchema(Schema):
    game = fields.String()
    rulesets = fields.List(fields.Dict(), metadata={"description": "Each ruleset's "
                                                                   "parameters and the seeds "
                                                                   "it follows"})


class CardSchema(OpenSchema):
    id = fields.String(metadata={"example": "base1-4"})
    name = fields.String()
    supertype = fields.String()
    implemented = fields.Boolean()
    description = fields.String(metadata={"description": "The encoded behaviour in plain "
                                                         "words"})
    encoded = fields.List(fields.String(), metadata={
        "description": "The card's texts the engine carries out exactly (`attack:<name>`, "
                       "`power:<name>`, `trainer`, `energy`); an attack without text is exact "
                       "from its printed damage"})
    declared = fields.List(fields.String(), metadata={
        "description": "The card's texts the table declares as checked steps (R-DECLARE-1): "
                       "`declared` on the action, or a `declare` action for a card in play"})
    regulation_mark = fields.String(metadata={"description": "Scarlet & Violet cards: the "
                                                             "regulation mark (Standard legality)"})


class CardListSchema(Schema):
    cards = fields.List(fields.Nested(CardSchema))


class SegmentSchema(OpenSchema):
    index = fields.Integer()
    name = fields.String()
    colour = fields.String(metadata={"description": "white, gold, purple, blue or miss"})
    size = fields.Integer(metadata={"description": "out of 96"})
    damage = fields.Integer(allow_none=True)
    stars = fields.Integer(allow_none=True)
    effect = fields.String(allow_none=True, metadata={"description": "the encoded ability in plain words"})


class FigureSchema(OpenSchema):
    id = fields.String(metadata={"example": "ekans"})
    name = fields.String()
    mp = fields.Integer()
    types = fields.List(fields.String())
    special_ability = fields.String(allow_none=True)
    playable = fields.Boolean(metadata={"description": "every part encoded: a team may hold it"})
    unplayable_reason = fields.String(allow_none=True)
    wheel = fields.List(fields.Nested(SegmentSchema))


class FigureListSchema(Schema):
    figures = fields.List(fields.Nested(FigureSchema))


class BoardSchema(OpenSchema):
    id = fields.String(metadata={"example": "duel-26"})
    points = fields.List(fields.String())
    lines = fields.List(fields.List(fields.String()))
    entries = fields.List(fields.List(fields.String()), metadata={"description": "per seat"})
    goals = fields.List(fields.String(), metadata={"description": "per seat: the goal it defends"})
    bench_size = fields.Integer()
    center_size = fields.Integer()


class DeckSchema(Schema):
    name = fields.String()
    ruleset = fields.String(metadata={"description": "The ruleset whose sets the deck holds"})
    decklist = fields.String()
    cards = fields.List(fields.String())


class DeckListSchema(Schema):
    decks = fields.List(fields.Nested(DeckSchema))


class StreamQuerySchema(Schema):
    max_events = _query_int(1, 100000, metadata={"description": "Close after this many events"})
    timeout = fields.Float(validate=validate.Range(min=0, max=3600),
                           metadata={"description": "Close after this many seconds "
                                                    "(default 300)"})
    last_event_id = _query_int(0, metadata={
        "description": "Resume after this seq (the Last-Event-ID header wins)"})
