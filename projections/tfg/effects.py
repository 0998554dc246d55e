"""The figure game's effect vocabulary: what a wheel segment does beyond its colour and value.

An effect is data with a name a judge can read (`OpponentStatus("wait")`); `ABILITIES` maps each
ability text of the figure data that is encoded exactly to its effects. A text not in it is not
encoded, and a figure with such a text is refused at team building (figures.py) rather than
played half-right.

Rulings taken here (seed 004 and TFG.md are silent):
- An effect on the battle opponent happens only when its segment wins the battle (T-BATTLE-2:
  "purple beats white and applies its effect"); an effect on the spinning figure itself (the cost
  of an attack, like Withdraw's Wait) happens whenever its segment is spun in a battle, won, lost
  or tied.
- "Knocked out" by an effect sends the figure to its owner's Pokémon Center like a battle loss
  (T-BATTLE-3, T-PC-1).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class OpponentStatus:
    """The battle opponent gets a Special Condition (T-STATUS-1: it replaces the old one)."""
    status: str

    def describe(self) -> str:
        return f"the battle opponent gets {self.status.capitalize()}"


@dataclass(frozen=True)
class SelfStatus:
    """The spinning figure gets a Special Condition, whether it wins or not."""
    status: str

    def describe(self) -> str:
        return f"this figure gets {self.status.capitalize()}, win or lose"


@dataclass(frozen=True)
class KnockOutOpponent:
    """The battle opponent is Knocked Out (to its Pokémon Center)."""

    def describe(self) -> str:
        return "the battle opponent is Knocked Out"


@dataclass(frozen=True)
class KnockOutBoth:
    """Both figures of the battle are Knocked Out."""

    def describe(self) -> str:
        return "both figures of the battle are Knocked Out"


Effect = OpponentStatus | SelfStatus | KnockOutOpponent | KnockOutBoth

# The Special Conditions TFG.md defines (T-STATUS-2..4). Sleep, Confusion, Burn, Freeze and
# "noxious" appear in the figure data but no rule says what they do: not encoded.
STATUSES = ("wait", "paralyzed", "poisoned")

ABILITIES: dict[str, tuple[Effect, ...]] = {
    "The battle opponent now has Wait.": (OpponentStatus("wait"),),
    "The battle opponent now has Wait": (OpponentStatus("wait"),),
    "The battle opponent becomes poisoned.": (OpponentStatus("poisoned"),),
    "The battle opponent becomes paralyzed.": (OpponentStatus("paralyzed"),),
    "The battle opponent becomes paralyzed": (OpponentStatus("paralyzed"),),
    "The battle opponent becomes poisoned": (OpponentStatus("poisoned"),),
    "This Pokémon gains Wait.": (SelfStatus("wait"),),
    "This Pokémon gains Wait": (SelfStatus("wait"),),
    "The battle opponent is knocked out": (KnockOutOpponent(),),
    "The battle opponent is knocked out.": (KnockOutOpponent(),),
    "This Pokémon and the battle opponent are knocked out": (KnockOutBoth(),),
}


def effects_of(text: str) -> tuple[Effect, ...] | None:
    """The encoded effects of an ability text, () for none, None when it is not encoded."""
    text = text.strip()
    if not text:
        return ()
    return ABILITIES.get(text)
