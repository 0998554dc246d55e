"""Small builders of valid events for tests."""

from __future__ import annotations

from typing import Any


def match_created(game: str = "tcg", ruleset: str = "base-1999", **payload: Any) -> dict:
    body = {
        "game": game,
        "ruleset": ruleset,
        "players": [{"name": "Ana", "deck": ["base1-4"] * 4}, {"name": "Beto"}],
        "randomness": "service",
        "position": None,
        "rng": {"seed": "00ff"},
    }
    body.update(payload)
    return {"type": "MatchCreated", "payload": body}


def action(seat: int = 0, kind: str = "end_turn", state_hash: str | None = None,
           **fields: Any) -> dict:
    event: dict[str, Any] = {"type": "ActionTaken",
                             "payload": {"seat": seat, "action": {"type": kind, **fields}}}
    if state_hash is not None:
        event["state_hash"] = state_hash
    return event
