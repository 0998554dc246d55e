"""The match slip: one printed page per match for the table to sign (issue 44 item 4).

Event, round, table, the players with their Play! Pokémon IDs and divisions, each game's
result and the match's (best of three: R-MATCH-1), the penalties given, the judges who acted
and two signature lines. Made from the match's log alone: what the match does not know yet
(an event's round) reads as unknown. No card is named: the slip is the same for every reader
of the match, players included. The judges' notes stay off it."""

from __future__ import annotations

from typing import Any

from app.auth import Principal
from app.service import ServiceContext, get_match, load_events, load_state, match_summary
from app.visibility import Reader, reader_of
from projections import penalties as guideline
from projections.local_time import day_and_time, time_zone
from projections.outcome import how_text
from projections.readmodels.model import MatchModel, apply_events

PENALTY_FIELDS = ("seq", "seat", "player", "level", "infraction", "status", "judge")


def _event_id(payload: dict[str, Any]) -> str | None:
    if payload.get("event_id"):
        return str(payload["event_id"])
    for player in payload.get("players") or []:
        registration = player.get("registration") or {}
        if registration.get("event_id"):
            return str(registration["event_id"])
    return None


def _games(summary: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """Each game of the match: its number, winner (seat and name, None: a draw or not over),
    how it ended in words, and whether it is over."""
    best_of = int(summary.get("best_of") or 1)
    finished = summary.get("status") == "finished"
    games: list[tuple[Any, dict[str, Any] | None]]
    if best_of == 1:
        games = [(1, summary.get("result") if finished else None)]
    else:
        games = [(g.get("game"), g) for g in summary.get("games") or []]
    out = []
    for number, result in games:
        winner = result.get("winner") if result else None
        out.append({"game": number, "over": result is not None,
                    "winner": winner, "winner_name": names[winner] if isinstance(winner, int) else None,
                    "draw": bool(result) and winner is None,
                    "how": how_text({"winner": winner, "reason": result.get("reason")}, names)
                    if result else None})
    if best_of > 1 and not finished:   # the game under way, or the next one to be played
        out.append({"game": len(out) + 1, "over": False, "winner": None,
                    "winner_name": None, "draw": False, "how": None})
    return [g for n, g in enumerate(out) if n < best_of]


def slip(summary: dict[str, Any], stored: list[dict[str, Any]], reader: Reader,
         zone_name: str | None = None) -> dict[str, Any]:
    """The slip's contents from the match's summary (``match_summary``) and its stored events,
    times in the zone ``zone_name`` (UTC without one; ``UnknownTimeZone`` for a bad name)."""
    zone, zone_said = time_zone(zone_name)
    created = (stored[0].get("payload") or {}) if stored else {}
    players = summary.get("players") or []
    names = [str(p.get("name")) for p in players]
    changes = apply_events(MatchModel(summary["match_id"]), stored)
    penalties = []
    for entry in sorted(changes.penalties.values(), key=lambda e: e["seq"]):
        shown = {k: entry.get(k) for k in PENALTY_FIELDS}
        shown.update(guideline.labels(entry))
        penalties.append(shown)
    judges = list(dict.fromkeys(str((e.get("actor") or {}).get("subject")) for e in stored
                                if (e.get("actor") or {}).get("role") == "judge"
                                and (e.get("actor") or {}).get("subject")))
    finished = summary.get("status") == "finished"
    result = summary.get("result") if finished else None
    winner = result.get("winner") if result else None
    return {
        "match_id": summary["match_id"],
        "event_id": _event_id(created),
        "round": created.get("round"),
        "table": summary.get("table"),
        "date": day_and_time(summary.get("created_at") or (stored[0].get("recorded_at") if stored else None),
                             zone),
        "time_zone": zone_said,
        "ruleset": summary.get("ruleset"),
        "best_of": int(summary.get("best_of") or 1),
        "players": [{"seat": n, "name": p.get("name"), "player_id": p.get("player_id"),
                     "division": p.get("division")} for n, p in enumerate(players)],
        "games": _games(summary, names),
        "result": {"over": finished, "winner": winner,
                   "winner_name": names[winner] if isinstance(winner, int) else None,
                   "draw": finished and winner is None, "score": summary.get("score"),
                   "how": how_text(result, names) if result else None},
        "penalties": penalties,
        "judges": judges,
        "reader_full": reader.full,
    }


def read_slip(ctx: ServiceContext, principal: Principal, match_id: str, zone: str | None) -> dict[str, Any]:
    """The slip of the match as it stands now, for ``principal``."""
    match = get_match(ctx, match_id)
    stored = load_events(ctx, match_id)
    state, seq, _ = load_state(ctx, match_id, upto=stored[-1]["seq"] if stored else None)
    return slip(match_summary(match, match.game, state, seq), stored, reader_of(principal), zone)
