"""What a reader may see: the per-role filter applied at the API's edge.

The engine always knows everything. Judges and scorekeepers read it all; a player reads its
own view: states through ``game.view``, and every event, narration, error, legal action and
preview with the instances it must not see replaced by ``"hidden"`` (and a hidden card's id
with it), ``rng`` records dropped, the opponent's deck list replaced by its size and a
sandbox position (which lists every zone) withheld.

The hidden set is ``game.hidden_instances(state, seat)`` plus every instance the judge's view
shows and the player's view does not (face-down Pokémon during setup, for one).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

HIDDEN = "hidden"


@dataclass(frozen=True)
class Reader:
    role: str            # "judge", "scorekeeper" or "player" (the view role)
    seat: int | None = None

    @property
    def full(self) -> bool:
        return self.role in ("judge", "scorekeeper")


def reader_of(principal: Any) -> Reader:
    return Reader(principal.view_role, None if principal.full_view else principal.seat)


def view(game: Any, state: Any, reader: Reader) -> dict[str, Any]:
    return game.view(state, reader.role, reader.seat)


def _instances(obj: Any, found: set[str]) -> set[str]:
    if isinstance(obj, dict):
        value = obj.get("instance")
        if isinstance(value, str):
            found.add(value)
        for item in obj.values():
            _instances(item, found)
    elif isinstance(obj, list):
        for item in obj:
            _instances(item, found)
    return found


def hidden_instances(game: Any, state: Any, seat: int) -> set[str]:
    hidden = set(game.hidden_instances(state, seat))
    shown_to_judge = _instances(game.view(state, "judge", None), set())
    shown_to_player = _instances(game.view(state, "player", seat), set())
    return hidden | (shown_to_judge - shown_to_player)


class Redactor:
    """Replaces hidden instance ids anywhere in a JSON value (whole strings, dict keys, and
    ids inside text such as narration), and a hidden card's ``card`` next to its
    ``instance``."""

    def __init__(self, hidden: set[str] | frozenset[str] = frozenset()):
        self.hidden = frozenset(hidden)
        if self.hidden:
            longest_first = sorted(self.hidden, key=len, reverse=True)
            alternatives = "|".join(re.escape(h) for h in longest_first)
            self._pattern: re.Pattern[str] | None = re.compile(
                rf"(?<![\w:])(?:{alternatives})(?![\w:])")
        else:
            self._pattern = None

    def text(self, value: str) -> str:
        if self._pattern is None:
            return value
        if value in self.hidden:
            return HIDDEN
        return self._pattern.sub(HIDDEN, value)

    def __call__(self, obj: Any) -> Any:
        if self._pattern is None:
            return obj
        if isinstance(obj, str):
            return self.text(obj)
        if isinstance(obj, list):
            return [self(item) for item in obj]
        if isinstance(obj, dict):
            hidden_card = obj.get("instance") in self.hidden
            out = {}
            for key, value in obj.items():
                if hidden_card and key == "card":
                    out[key] = HIDDEN
                else:
                    out[self.text(key) if isinstance(key, str) else key] = self(value)
            return out
        return obj


NO_REDACTION = Redactor()


def redactor_for(game: Any, state: Any, reader: Reader, *more_states: Any) -> Redactor:
    """The redactor for ``reader`` at ``state`` (and at ``more_states``: a preview hides what
    was hidden before the action as well as after)."""
    if reader.full:
        return NO_REDACTION
    hidden: set[str] = set()
    for s in (state, *more_states):
        if s is not None:
            hidden |= hidden_instances(game, s, reader.seat)
    return Redactor(hidden)


def filter_event(event: dict[str, Any], reader: Reader, redactor: Redactor) -> dict[str, Any]:
    """A stored event as ``reader`` may see it. The envelope (seq, hashes, actor) is kept;
    for a player the payload is filtered, so its ``hash`` covers the stored payload."""
    if reader.full:
        return event
    out = dict(event)
    payload = copy.deepcopy(event.get("payload") or {})
    payload.pop("rng", None)
    if event.get("type") == "MatchCreated":
        players = []
        for seat, player in enumerate(payload.get("players") or []):
            player = dict(player)
            if seat != reader.seat and "deck" in player:
                player["deck_count"] = len(player.pop("deck") or [])
                player.pop("deck_name", None)  # a shipped deck's name would tell the list
            players.append(player)
        payload["players"] = players
        if payload.get("position"):
            payload["position"] = HIDDEN
    out["payload"] = redactor(payload)
    return out


def filter_lines(lines: list[str], redactor: Redactor) -> list[str]:
    return [redactor.text(line) for line in lines]


def filter_violations(violations: list[dict[str, Any]], redactor: Redactor) -> list[dict]:
    return [redactor(dict(v)) for v in violations]
