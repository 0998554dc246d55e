"""A tournament event set up through the referee (issue 44 item 1), folded from its log.

The event's log is its deck-list log (``events.decklists``): ``EventCreated`` (name, date,
ruleset, format, best of, rounds, round length, divisions), ``PlayerRegistered`` (a player's
name, Play! Pokémon ID, birth year and division; a later one of the same ID corrects it),
``TablePaired`` (a round's table: two players, or one with a bye; pairing a table again before
its round starts replaces it), ``RoundStarted`` (the matches made for a round's tables) and
``DeckListRegistered``. ``fold_event`` reads them into an ``EventView``; ``pairing_problems``
and ``start_problems`` say what a write would break, before anything is appended.

A player's age division follows from the year of birth and the event's date by Play! Pokémon's
rule (``divisions.division_by_age``, whose docstring states it with its sources: from the 2021
season on, Juniors are born in the season's year minus 12 or later, Seniors in the four years
before, Masters earlier; a season is named by the year it ends in and begins in mid-July). A
judge may give the division outright (a player's proof of age, a ruling; an imported file's
own division data), which then stands.

An imported file's pairings may carry TOM's result already (``result``: its outcome code, 1
player1 won, 2 player2 won, 3 tie; a finished round): such a table needs no match.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from events.codec import stream_id
from events.schemas import DIVISIONS

from ..messages import Message, msg

MAX_ROUNDS = 30


@dataclass
class EventView:
    """An event as its log says: its settings, players, pairings by round and table, and the
    match made for each table of a started round."""

    event_id: str
    name: str = ""
    date: str | None = None
    game: str = "tcg"
    ruleset: str = ""
    format: str = "era"
    best_of: int = 1
    rounds: int = 1
    round_minutes: int = 50
    divisions: list[str] = field(default_factory=lambda: list(DIVISIONS))
    mode: str = "table"
    created_by: dict[str, Any] | None = None
    created_at: str | None = None
    source: dict[str, Any] | None = None            # an imported file: {kind, sha256, name}
    players: dict[str, dict[str, Any]] = field(default_factory=dict)
    pairings: dict[int, dict[int, dict[str, Any]]] = field(default_factory=dict)
    matches: dict[int, dict[int, str]] = field(default_factory=dict)   # round -> table -> match id
    started: dict[int, dict[str, Any]] = field(default_factory=dict)   # round -> {minutes, at}
    decklists: dict[str, str] = field(default_factory=dict)            # player id -> registration
    list_rules: dict[str, tuple[Any, ...]] = field(default_factory=dict)  # player id -> (game, ruleset, format)
    last_seq: int = 0

    @property
    def exists(self) -> bool:
        return self.created_at is not None

    @property
    def current_round(self) -> int | None:
        """The last round paired (the one being played, or about to be)."""
        return max(self.pairings) if self.pairings else None

    def tables(self, round_number: int) -> list[dict[str, Any]]:
        """The round's tables in order: ``{round, table, players: [{player_id, name,
        division, decklist}], bye, result, match_id}``."""
        out = []
        for table, pairing in sorted(self.pairings.get(round_number, {}).items()):
            out.append({"round": round_number, "table": table, "bye": pairing.get("bye", False),
                        "result": pairing.get("result"),
                        "players": [self.player(pid) for pid in pairing["players"]],
                        "match_id": self.matches.get(round_number, {}).get(table)})
        return out

    def player(self, player_id: str) -> dict[str, Any]:
        known = self.players.get(player_id) or {"player_id": player_id, "name": player_id}
        return {**known, "decklist": self.decklists.get(player_id)}

    def as_dict(self) -> dict[str, Any]:
        return {"event_id": self.event_id, "name": self.name, "date": self.date, "game": self.game,
                "ruleset": self.ruleset, "format": self.format, "best_of": self.best_of,
                "rounds": self.rounds, "round_minutes": self.round_minutes,
                "divisions": list(self.divisions), "mode": self.mode, "created_by": self.created_by,
                "created_at": self.created_at, "source": self.source,
                "players": [self.player(pid) for pid in sorted(self.players)],
                "current_round": self.current_round,
                "pairings": [t for r in sorted(self.pairings) for t in self.tables(r)],
                "started_rounds": sorted(self.started), "last_seq": self.last_seq}


_SETTINGS = ("name", "date", "game", "ruleset", "format", "best_of", "rounds", "round_minutes",
             "divisions", "mode", "source")
EVENT_STATUSES = ("setup", "running")   # no round started yet; a round has started


def event_summary(view: EventView) -> dict[str, Any]:
    """What the events list shows of an event: its settings, how many players (and how many
    of them have a deck list), the rounds started and the log's head (``last_seq``), without
    its players and pairings."""
    return {"event_id": view.event_id, **{key: getattr(view, key) for key in _SETTINGS},
            "created_by": view.created_by, "created_at": view.created_at,
            "player_count": len(view.players),
            "players_with_lists": sum(1 for p in view.players if p in view.decklists),
            "current_round": view.current_round, "started_rounds": sorted(view.started),
            "status": EVENT_STATUSES[bool(view.started)], "last_seq": view.last_seq}


def summarise(event_id: str, stored: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The summary of the event ``stored`` (its whole log) makes; None for a log without
    ``EventCreated`` (deck lists registered under an event id nobody set up)."""
    view = fold_event(event_id, stored)
    return event_summary(view) if view.exists else None


def fold_event(event_id: str, stored: Iterable[Mapping[str, Any]]) -> EventView:
    view = EventView(event_id)
    for event in stored:
        payload, kind = event.get("payload") or {}, event.get("type")
        view.last_seq = int(event.get("seq") or view.last_seq)
        if kind == "EventCreated":
            for key in _SETTINGS:
                if key in payload:
                    setattr(view, key, payload[key])
            view.created_by, view.created_at = event.get("actor"), event.get("recorded_at")
        elif kind == "PlayerRegistered":
            view.players[payload["player_id"]] = {
                k: payload.get(k) for k in ("player_id", "name", "birth_year", "division")}
        elif kind == "TablePaired":
            view.pairings.setdefault(int(payload["round"]), {})[int(payload["table"])] = {
                "players": list(payload["players"]), "bye": bool(payload.get("bye")),
                "result": payload.get("result")}
        elif kind == "RoundStarted":
            number = int(payload["round"])
            view.started[number] = {"minutes": payload.get("minutes"), "at": event.get("recorded_at")}
            for table, match_id in (payload.get("matches") or {}).items():
                view.matches.setdefault(number, {})[int(table)] = match_id
        elif kind == "DeckListRegistered" and payload.get("player_id"):
            view.decklists[payload["player_id"]] = stream_id(int(event.get("seq") or 0))   # its registration id
            view.list_rules[payload["player_id"]] = (payload.get("game") or "tcg", payload.get("ruleset"),
                                                     payload.get("format") or "era")
    return view


# ---------------------------------------------------------------------- what a write would break

def pairing_problems(view: EventView, round_number: int, table: int, players: list[str],
                     bye: bool) -> dict[str, list[Message]]:
    """Why this table can't be paired so (field -> messages; empty: it can)."""
    problems: dict[str, list[Message]] = {}
    if round_number > view.rounds:
        problems["round"] = [msg("This event has %(rounds)s round(s).", rounds=view.rounds)]
    elif table in view.matches.get(round_number, {}):
        problems["table"] = [msg("Table %(table)s of round %(round)s has started: its match is made.",
                                 table=table, round=round_number)]
    wanted = 1 if bye else 2
    if len(players) != wanted:
        problems["players"] = [msg("A bye names one player; a table, two.") if bye
                               else msg("A table pairs two players (or one, with a bye).")]
    elif len(set(players)) != len(players):
        problems["players"] = [msg("A player can't play against themselves.")]
    unknown = [p for p in players if p not in view.players]
    if unknown:
        problems.setdefault("players", []).append(
            msg("Not registered at this event: %(players)s.", players=", ".join(unknown)))
    elsewhere = [f"{p} ({t})" for t, pairing in view.pairings.get(round_number, {}).items()
                 if t != table for p in pairing["players"] if p in players]
    if elsewhere:
        problems.setdefault("players", []).append(
            msg("Already paired in this round, at another table: %(players)s.",
                players=", ".join(elsewhere)))
    return problems


def start_problems(view: EventView, round_number: int) -> dict[str, list[Message]]:
    """Why the round can't start (field -> messages; empty: it can): it has tables, and every
    player of a table without its match has a deck list."""
    if round_number not in view.pairings:
        return {"round": [msg("Round %(round)s has no tables paired.", round=round_number)]}
    missing = sorted({p for table in view.tables(round_number)
                      if not table["bye"] and table["match_id"] is None and not table["result"]
                      for p in (player["player_id"] for player in table["players"])
                      if p not in view.decklists})
    if missing:
        return {"players": [msg("No deck list registered for %(players)s.", players=", ".join(missing))]}
    rules = (view.game, view.ruleset, view.format)
    other = sorted({p["player_id"] for table in view.tables(round_number)
                    if not table["bye"] and table["match_id"] is None and not table["result"]
                    for p in table["players"] if view.list_rules.get(p["player_id"]) != rules})
    if other:
        return {"players": [msg("The list registered for %(players)s is not for this event's ruleset and format "
                                "(%(ruleset)s, %(format)s): register it again.", players=", ".join(other),
                                ruleset=view.ruleset, format=view.format)]}
    return {}
