"""How a game ended, in words for people, with the rule beside (the summary's ``how_text``).

A game's result is ``{winner, reason, ...}`` (``draw: true`` and no winner for a draw), its
``reason`` the id of the rule it was won by — several joined by ``+`` when a player won in
more ways than one ("R-WIN-1+R-WIN-2") — or ``concede``. Rule ids are unique across games
(R-, T- and J- ids), so one table serves every game; a reason not in it still reads
"Ana won [X-1]".
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .messages import joined, msg

RULE_ID = re.compile(r"^[A-Z]+-[A-Z]+-\d+$")

# What each way of winning says, given the players' names ``winner`` and ``loser``. A clause
# that does not start with the winner is read after "<winner> won: ".
WIN_CLAUSES: dict[str, Callable[[str, str], str]] = {
    "R-WIN-1": lambda winner, loser: msg("%(winner)s took the last Prize card", winner=winner),
    "R-WIN-2": lambda winner, loser: msg("%(loser)s had no Pokémon left to replace the Knocked Out Active Pokémon",
                                         loser=loser),
    "R-WIN-3": lambda winner, loser: msg("%(loser)s could not draw a card at the start of the turn", loser=loser),
    "J-PENALTY-1": lambda winner, loser: msg("a judge's penalty against %(loser)s decided the game", loser=loser),
    "J-TIME-1": lambda winner, loser: msg("time was called and %(winner)s had fewer Prize cards left",
                                          winner=winner),
    "concede": lambda winner, loser: msg("%(loser)s conceded", loser=loser),
    "T-WIN-1": lambda winner, loser: msg("%(winner)s moved a figure onto the opponent's goal", winner=winner),
    "T-WIN-2": lambda winner, loser: msg("%(loser)s could neither move nor attack", loser=loser),
}
DRAW_CLAUSES = {
    "J-TIME-1": msg("time was called and both players had as many Prize cards left"),
}


def _name(names: Sequence[Any], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return msg("Seat %(n)s", n=str(seat))


def _cited(reasons: list[str]) -> str:
    rules = [r for r in reasons if RULE_ID.match(r)]
    return f" [{', '.join(rules)}]" if rules else ""


def _and(clauses: Sequence[str]) -> str:
    """"A and B and C", each clause still translatable."""
    text = clauses[0]
    for more in clauses[1:]:
        text = msg("%(first)s and %(second)s", first=text, second=more)
    return text


def how_text(result: Mapping[str, Any] | None, names: Sequence[Any]) -> str | None:
    """"Ana took the last Prize card [R-WIN-1]" — how the game ended (None: not over)."""
    if not result:
        return None
    reasons = [r for r in str(result.get("reason") or "").split("+") if r]
    winner = result.get("winner")
    if winner is None:
        why = [DRAW_CLAUSES[r] for r in reasons if r in DRAW_CLAUSES]
        drawn = msg("The game is a draw: %(why)s", why=_and(why)) if why else msg("The game is a draw")
        return joined((drawn, _cited(reasons)), "")
    won_by = _name(names, winner)
    lost_by = _name(names, 1 - winner) if isinstance(winner, int) else msg("the opponent")
    clauses = [WIN_CLAUSES[r](won_by, lost_by) for r in reasons if r in WIN_CLAUSES]
    if not clauses:
        return joined((msg("%(winner)s won", winner=won_by), _cited(reasons)), "")
    text: str = _and(clauses)
    if not text.startswith(won_by + " "):
        text = msg("%(winner)s won: %(how)s", winner=won_by, how=text)
    return joined((text, _cited(reasons)), "")
