"""What the rules say when they forbid something."""
from __future__ import annotations

from typing import Any


class Illegal(Exception):
    """An action the rules forbid: carries the rule id and a sentence a judge can read aloud.

    `private_to`: the seat whose hidden cards the sentence describes (table mode: where the
    referee located copies of a card, what a hand card is known to be). Whoever may not see
    that seat's hidden cards reads a sentence that says less (app.visibility)."""

    def __init__(self, rule: str, message: str, private_to: int | None = None):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.private_to = private_to

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "message": self.message}
        if self.private_to is not None:
            out["private_to"] = self.private_to
        return out
