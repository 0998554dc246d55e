"""What the rules say when they forbid something."""
from __future__ import annotations


class Illegal(Exception):
    """An action the rules forbid: carries the rule id and a sentence a judge can read aloud."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}
