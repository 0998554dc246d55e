"""The figure game's rulesets: TFG.md's *choices* as parameters (a tournament may pick otherwise)."""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class TfgRuleset:
    name: str
    team_size: int                   # T-SETUP-1: 6-vs-6 or 3-vs-3
    board: str = "duel-26"
    first_turn_mp_penalty: int = 1   # T-MOVE-4 (choice: each seat's own first turn)
    first_turn_penalty_for: str = "each_seat"   # "each_seat" or "first_player" (T-MOVE-4's choice)
    no_point_twice: bool = True      # T-MOVE-5 (choice: no point twice in one move)
    max_identical_figures: int = 6   # a team may repeat a figure (seed 004 is silent)

    def to_dict(self) -> dict[str, object]:
        return {**asdict(self), "seeds": ["004"], "game": "tfg"}


RULESETS = {
    "tfg-6v6": TfgRuleset("tfg-6v6", team_size=6),
    "tfg-3v3": TfgRuleset("tfg-3v3", team_size=3),
}


def get_ruleset(name: str) -> TfgRuleset:
    return RULESETS[name]
