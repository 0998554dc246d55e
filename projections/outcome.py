"""How a game ended, in words for people, with the rule beside (the summary's ``how_text``).

A game's result is ``{winner, reason, ...}`` (``draw: true`` and no winner for a draw), its
``reason`` the id of the rule it was won by — several joined by ``+`` when a player won in
more ways than one ("R-WIN-1+R-WIN-2") — or ``concede``. Rule ids are unique across games
(R-, T- and J- ids), so one table serves every game; a reason not in it still reads
"Ana won [X-1]".
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

RULE_ID = re.compile(r"^[A-Z]+-[A-Z]+-\d+$")

# What each way of winning says: "{winner}" and "{loser}" are the players' names. A clause
# that does not start with the winner is read after "<winner> won: ".
WIN_CLAUSES = {
    "R-WIN-1": "{winner} took the last Prize card",
    "R-WIN-2": "{loser} had no Pokémon left to replace the Knocked Out Active Pokémon",
    "R-WIN-3": "{loser} could not draw a card at the start of the turn",
    "J-PENALTY-1": "a judge's penalty against {loser} decided the game",
    "J-TIME-1": "time was called and {winner} had fewer Prize cards left",
    "concede": "{loser} conceded",
    "T-WIN-1": "{winner} moved a figure onto the opponent's goal",
    "T-WIN-2": "{loser} could neither move nor attack",
}
DRAW_CLAUSES = {
    "J-TIME-1": "time was called and both players had as many Prize cards left",
}


def _name(names: Sequence[Any], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"Seat {seat}"


def _cited(reasons: list[str]) -> str:
    rules = [r for r in reasons if RULE_ID.match(r)]
    return f" [{', '.join(rules)}]" if rules else ""


def how_text(result: Mapping[str, Any] | None, names: Sequence[Any]) -> str | None:
    """"Ana took the last Prize card [R-WIN-1]" — how the game ended (None: not over)."""
    if not result:
        return None
    reasons = [r for r in str(result.get("reason") or "").split("+") if r]
    winner = result.get("winner")
    if winner is None:
        why = [DRAW_CLAUSES[r] for r in reasons if r in DRAW_CLAUSES]
        return "The game is a draw" + (": " + " and ".join(why) if why else "") + _cited(reasons)
    words = {"winner": _name(names, winner),
             "loser": _name(names, 1 - winner) if isinstance(winner, int) else "the opponent"}
    clauses = [WIN_CLAUSES[r].format(**words) for r in reasons if r in WIN_CLAUSES]
    if not clauses:
        return f"{words['winner']} won{_cited(reasons)}"
    text = " and ".join(clauses)
    if not text.startswith(words["winner"] + " "):
        text = f"{words['winner']} won: {text}"
    return text + _cited(reasons)
