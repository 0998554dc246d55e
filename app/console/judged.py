"""What the judging part of the console shows beside the board: this match's penalties with
the guidelines' recommendation (J-PENALTY-2), each player's penalty history with the
escalation it suggests, the registered deck lists and the deck checks side by side by name."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import redis

from app.extensions import get_redis
from app.visibility import Reader
from projections import penalties as guideline
from projections.deck_groups import grouped, side_by_side
from projections.readmodels import penalty_history
from projections.readmodels.model import MatchModel, apply_events, person_key

if TYPE_CHECKING:
    from app.console.pages import Board

log = logging.getLogger(__name__)

SHOWN_FIELDS = ("key", "seq", "seat", "player", "player_id", "level", "infraction", "status",
                "source", "dispute_id", "judge", "recorded_at")


def match_penalties(match_id: str, stored: list[dict[str, Any]], reader: Reader) -> list[dict[str, Any]]:
    """The penalties given in this match (an appeal overturned marks its ruling's), oldest
    first, with the guidelines' labels and recommendation; the judges' notes for full readers."""
    changes = apply_events(MatchModel(match_id), stored)
    out = []
    for entry in sorted(changes.penalties.values(), key=lambda e: e["seq"]):
        shown = {k: entry.get(k) for k in SHOWN_FIELDS}
        shown.update(guideline.labels(entry))
        shown.update(guideline.recommendation(entry))
        if reader.full:
            shown["notes"] = entry.get("notes")
        out.append(shown)
    return out


def with_histories(board: Board) -> Board:
    """The board with each seat's penalty history (every match this referee holds, by the
    person's Play! Pokémon ID; without one, this match alone) and, on this match's penalties,
    the escalation their history suggested (``suggested_level``)."""
    histories: list[dict[str, Any]] = []
    try:
        store = get_redis()
        for seat, player in enumerate(board.summary.get("players") or []):
            entries = guideline.with_advice(penalty_history(
                store, person_key(player.get("player_id"), board.match_id, seat)))
            entries = [{**e, **guideline.recommendation(e)} for e in entries]
            histories.append({"seat": seat, "name": player.get("name"),
                              "player_id": player.get("player_id"), "entries": entries,
                              "standing": sum(1 for e in entries if e.get("status") == "standing")})
    except redis.RedisError:   # the page still renders; the history waits for the models
        log.warning("no penalty history for %s", board.match_id, exc_info=True)
        return board
    by_key = {e["key"]: e for h in histories for e in h["entries"]}
    shown = [{**p, **{k: by_key[p["key"]].get(k) for k in ("suggested_level", "suggested_level_label",
                                                            "prior_same_category")}}
             if p.get("key") in by_key else p for p in board.penalties]
    return replace(board, histories=histories, penalties=shown)


def _created(stored: list[dict[str, Any]]) -> dict[str, Any]:
    return (stored[0].get("payload") or {}) if stored and stored[0].get("type") == "MatchCreated" else {}


def deck_lists(stored: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Each seat's registered list (the deck the match was made with), grouped by kind and
    counted by name; empty for a seat without one (a sandbox position)."""
    created = _created(stored)
    game = created.get("game") or "tcg"
    return [grouped(game, player.get("deck") or []) for player in created.get("players") or []]


def deck_checks(stored: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every deck check of the match: the registered list and the deck found, side by side
    by name (``projections.deck_groups.side_by_side``)."""
    created = _created(stored)
    game = created.get("game") or "tcg"
    players = created.get("players") or []
    out = []
    for event in stored:
        if event.get("type") != "DeckChecked":
            continue
        p = event.get("payload") or {}
        seat = p.get("seat")
        player = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else {}
        deck = player.get("deck") or []
        out.append({"seq": event["seq"], "seat": seat, "matches": bool(p.get("matches")),
                    "name": player.get("name"), "notes": p.get("notes"),
                    "rows": side_by_side(game, deck, p.get("missing"), p.get("extra"))})
    return out
