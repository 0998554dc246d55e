"""A match's facts: what its ``MatchCreated`` (seq 1 of the signed log) says it is.

Every decision about a match - which game decides its actions, under which ruleset, whether
a seat may report its own coins, who plays which seat, whether it is a sandbox - is taken
from these facts, never from the match's meta hash: the meta hash is an unsigned index
(listings, the status, the head, the freeze) that anyone holding the app's Redis password
can edit, while ``MatchCreated`` carries a hash keyed with the chain key, which never goes
to Redis. ``EventStore.read_match`` verifies that event before it builds the facts and keeps
them per process (a ``MatchCreated`` never changes).

A meta field that contradicts the facts (``MatchFacts.contradicted_by``) is tampering: the
service freezes the match (``finding`` ``meta_mismatch``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

DEFAULT_GAME = "tcg"   # a MatchCreated written before matches named their game
DEFAULT_FORMAT = "era"


@dataclass(frozen=True)
class MatchFacts:
    """What the match's verified ``MatchCreated`` says (``of``)."""

    match_id: str
    game: str
    ruleset: str
    randomness: str            # "service", "reported" or "table" (events.schemas)
    players: tuple[str, ...]   # the names, by seat
    player_ids: tuple[str | None, ...]
    divisions: tuple[str | None, ...]
    sandbox: bool              # set up from a position, not dealt from decks
    table: int | None
    format: str
    games: int                 # best of
    created_at: str            # the event's recorded_at
    created_by: tuple[tuple[str, Any], ...]   # the event's actor, as sorted items

    @classmethod
    def of(cls, match_id: str, created: Mapping[str, Any]) -> MatchFacts:
        """The facts of a stored ``MatchCreated`` (its hash already verified)."""
        payload = created["payload"]
        players = list(payload.get("players") or [])
        return cls(
            match_id=match_id,
            game=str(payload.get("game") or DEFAULT_GAME),
            ruleset=str(payload["ruleset"]),
            randomness=str(payload["randomness"]),
            players=tuple(str(p["name"]) for p in players),
            player_ids=tuple(p.get("player_id") for p in players),
            divisions=tuple(p.get("division") for p in players),
            sandbox=bool(payload.get("position")),
            table=payload.get("table"),
            format=str(payload.get("format") or DEFAULT_FORMAT),
            games=int(payload.get("games") or 1),
            created_at=str(created.get("recorded_at") or ""),
            created_by=tuple(sorted(dict(created.get("actor") or {}).items())),
        )

    def as_meta(self) -> dict[str, Any]:
        """The meta fields these facts decide, as ``EventStore.create_match`` writes them."""
        return {"game": self.game, "ruleset": self.ruleset, "randomness": self.randomness,
                "players": list(self.players), "player_ids": list(self.player_ids),
                "divisions": list(self.divisions), "sandbox": self.sandbox,
                "table": self.table, "created_by": dict(self.created_by)}

    def contradicted_by(self, meta: Mapping[str, Any]) -> list[str]:
        """The meta fields that say otherwise than these facts. A field the meta hash does
        not hold contradicts nothing (records written before it was indexed); nothing
        decides by it either way."""
        return sorted(name for name, value in self.as_meta().items()
                      if name in meta and meta[name] != value)


def names_this_match(match_id: str, created: Mapping[str, Any]) -> bool:
    """A ``MatchCreated`` that names its match (every one written since it does) must name
    this one: a verified ``MatchCreated`` copied from another match is not this match's."""
    named = (created.get("payload") or {}).get("match_id")
    return named is None or named == match_id
