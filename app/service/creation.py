"""Setting up a match: its players and decks, the deal (or a sandbox position), MatchCreated
(with the engine it was made under), the match's index record. Its tokens are the caller's
business (``app.auth``): the service knows no roles."""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from app.service.context import ServiceContext
from app.service.write import after_append
from events.decklists import DeckListRegistry
from events.schemas import validate_batch
from projections.errors import (
    DeckRulesBroken,
    ImpossiblePosition,
    InvalidPlayers,
    MatchCannotStart,
    MatchSetupRefused,
    UnknownRuleset,
)
from projections.games import DEFAULT_GAME, Game, get_game
from projections.messages import msg

log = logging.getLogger(__name__)

DECK_SOURCES = ("deck", "decklist", "deck_name")


@dataclass(frozen=True)
class NewMatch:
    """What a match is made of (the body of ``POST /v1/matches``)."""

    ruleset: str                 # "": the game's default ruleset (Game.default_ruleset)
    players: list[dict[str, Any]]
    randomness: str
    game: str = DEFAULT_GAME
    position: dict[str, Any] | None = None
    format: str = "era"          # R-DECK-5: which sets a deck may hold
    table: int | None = None     # the table number, if the organiser gave one
    games: int = 1               # best of 1 or of 3 (R-MATCH-1)
    event_id: str | None = None  # the tournament event: its registered deck lists apply

    @classmethod
    def from_body(cls, body: dict[str, Any]) -> NewMatch:
        return cls(ruleset=body.get("ruleset") or "", players=list(body["players"]),
                   randomness=body["randomness"], game=body.get("game") or DEFAULT_GAME,
                   position=body.get("position") or None, format=body.get("format") or "era",
                   table=body.get("table"), games=body.get("games") or 1,
                   event_id=body.get("event_id"))


@dataclass
class Created:
    """A match just made: its id, the MatchCreated event as stored, the state after it, the
    players as MatchCreated keeps them, and the narration of the deal."""

    match_id: str
    game: Game
    event: dict[str, Any]
    state: Any
    players: list[dict[str, Any]]
    narration: list[Any]
    receipt: dict[str, Any]

    @property
    def seq(self) -> int:
        return self.event["seq"]


def deck_of(game: Game, seat: int, player: dict[str, Any], entry: dict[str, Any],
             errors: dict[str, Any]) -> list[str] | None:
    """The seat's 60 card ids from ``deck``, ``decklist`` or ``deck_name`` (None, with the
    problem in ``errors``, when they can't be read)."""
    if isinstance(player.get("deck"), str):   # API.md's one-string shape: a list or a name
        text = player["deck"]
        key = "decklist" if "\n" in text.strip() or text.strip()[:1].isdigit() or \
            text.strip()[:1] == "*" else "deck_name"
        deck = deck_of(game, seat, {key: text}, entry, errors)
        if str(seat) in errors:   # the client wrote `deck`: name that field
            errors[str(seat)] = {"deck": errors[str(seat)][key]}
        return deck
    if "deck" in player:
        return list(player["deck"])
    if "decklist" in player:
        try:
            return game.parse_decklist(player["decklist"])
        except ValueError as exc:
            errors[str(seat)] = {"decklist": list(getattr(exc, "problems", [_message_of(exc)]))}
            return None
    if "deck_name" in player:
        try:
            deck = game.deck_cards(player["deck_name"])
        except (KeyError, TypeError):
            errors[str(seat)] = {"deck_name": [msg("No shipped deck %(deck)s: see GET /v1/decks.",
                                                   deck=repr(player["deck_name"]))]}
            return None
        entry["deck_name"] = player["deck_name"]
        return deck
    errors[str(seat)] = {"deck": [msg("Give deck, decklist or deck_name (or a position).")]}
    return None


def _registered_deck(spec: NewMatch, seat: int, record: dict[str, Any], entry: dict[str, Any],
                     errors: dict[str, Any]) -> list[str] | None:
    if (record.get("game") or DEFAULT_GAME, record.get("ruleset")) != (spec.game, spec.ruleset):
        errors[str(seat)] = {"player_id": [msg("The list registered for %(player)s is for %(registered)s, "
                                               "not %(ruleset)s: give a deck.", player=record["player_id"],
                                               registered=record.get("ruleset"), ruleset=spec.ruleset)]}
        return None
    entry["registration"] = {"event_id": record["event_id"], "id": record["registration"]}
    return list(record["cards"])


def resolve_players(game: Game, spec: NewMatch,
                    registered: dict[str, dict[str, Any]] | None = None,
                    day: date | None = None) -> list[dict[str, Any]]:
    """Players as MatchCreated stores them: names, and without a position, 60-card decks
    from ``deck``, ``decklist`` or ``deck_name`` — or, in a match of a tournament event
    (``registered``: its deck lists by player ID), the list the player registered, unless the
    judge gives a deck. Decks are held to the format in force on ``day`` (the event's date, or
    today). Every problem is reported at once."""
    errors: dict[str, Any] = {}
    violations: list[dict[str, Any]] = []
    resolved = []
    for seat, player in enumerate(spec.players):
        entry: dict[str, Any] = {"name": player["name"]}
        entry.update({k: player[k] for k in ("player_id", "division") if player.get(k)})
        resolved.append(entry)
        if spec.position:
            given = [k for k in DECK_SOURCES if k in player]
            if given:
                errors[str(seat)] = {given[0]: ["A sandbox position lists every card: players "
                                                "carry only names."]}
            continue
        record = (registered or {}).get(player.get("player_id") or "")
        if record is not None and not any(k in player for k in DECK_SOURCES):
            deck = _registered_deck(spec, seat, record, entry, errors)
        else:
            deck = deck_of(game, seat, player, entry, errors)
        if deck is not None:
            violations += [{**v, "seat": seat} for v in game.deck_violations(deck, spec.ruleset, spec.format, day)]
            entry["deck"] = deck
    if errors:
        raise InvalidPlayers(errors)
    if violations:
        raise DeckRulesBroken(violations)
    return resolved


def _deal(ctx: ServiceContext, game: Game, spec: NewMatch, players: list[dict[str, Any]]
          ) -> tuple[dict[str, Any], Any, list[Any]]:
    """``game.create``; whatever the engine refuses is the caller's (a domain error)."""
    try:
        return game.create(spec.ruleset, players, ctx.randomness(), spec.position, spec.randomness,
                           games=spec.games)
    except Exception as exc:  # noqa: BLE001 - whatever the engine refuses is the client's
        if hasattr(exc, "errors"):
            raise ImpossiblePosition(_message_of(exc), exc.errors) from exc
        if hasattr(exc, "as_dict"):
            raise MatchCannotStart(_message_of(exc), [exc.as_dict()]) from exc
        log.warning("the engine refused a match: %s", exc)
        raise MatchSetupRefused("position" if spec.position else "players", _message_of(exc)) from exc


def _message_of(exc: BaseException) -> str:
    """An engine error's sentence as it was written (a ``Message`` stays translatable; ``str``
    of the exception would be English only)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, str) else str(exc)


def create_match(ctx: ServiceContext, spec: NewMatch, actor: dict[str, Any]) -> Created:
    """Deal (or set up) a match, append MatchCreated, index the match."""
    game = get_game(spec.game)
    if not spec.ruleset:
        spec = replace(spec, ruleset=game.default_ruleset)
    try:
        game.check_ruleset(spec.ruleset)
    except KeyError:
        raise UnknownRuleset(spec.ruleset) from None
    if spec.games not in game.match_lengths():
        raise MatchSetupRefused("format", msg("A match of this game is the best of %(lengths)s game(s), "
                                              "not %(games)s.",
                                              lengths=" or ".join(map(str, game.match_lengths())),
                                              games=spec.games))
    if spec.randomness == "table" and spec.position:
        raise MatchSetupRefused("position", msg("A table-mode match starts from the two deck lists "
                                                "(the table reports what it sees), not from a sandbox "
                                                "position."))
    history, dated = (DeckListRegistry(ctx.store).history_and_date(spec.event_id)
                      if spec.event_id and not spec.position else ([], None))
    registered = {r["player_id"]: r for r in history} if history else None
    day = dated or ctx.today()   # the event's date (registration.py), else today
    players = resolve_players(game, spec, registered, day)
    extras, state, narration = _deal(ctx, game, spec, players)
    match_id = secrets.token_hex(8)
    # The match's id in its signed MatchCreated: a verified MatchCreated copied into another
    # match's stream is not that match's (events.facts).
    payload = {"match_id": match_id, "game": spec.game, "ruleset": spec.ruleset,
               "players": players, "randomness": spec.randomness, "position": spec.position,
               **extras}
    if spec.format != "era":   # only when it differs, so that earlier matches read as they were
        payload["format"] = spec.format
    if spec.format == "standard" and not spec.position:   # the day whose Standard format applied
        payload["format_date"] = day.isoformat()
    if spec.table is not None:
        payload["table"] = spec.table
    event = {"type": "MatchCreated", "payload": payload, "state_hash": game.state_hash(state)}
    validate_batch([event])  # before the match is registered
    status = game.summary(state)["status"]
    store = ctx.store
    # The log first: a crash before the index entry leaves a match that reconcile finds by
    # its keys, never an indexed match without events.
    result = store.append(match_id, [event], expected_seq=0, actor=actor)
    meta = store.create_match(match_id, {
        "game": spec.game, "ruleset": spec.ruleset, "players": [p["name"] for p in players],
        "randomness": spec.randomness, "status": status, "created_by": actor,
        "sandbox": bool(spec.position), "table": spec.table,
        "player_ids": [p.get("player_id") for p in players],
        "divisions": [p.get("division") for p in players]})
    after_append(ctx, match_id, meta, game, state, result.last_seq)
    state.seq = result.last_seq
    stored = result.events[-1]
    return Created(match_id=match_id, game=game, event=stored, state=state, players=players,
                   narration=narration,
                   receipt=store.receipt(match_id, result.last_seq, stored["hash"]))
