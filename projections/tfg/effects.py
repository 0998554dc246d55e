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
- A segment that knocks the opponent out "if they spin purple" or "spin an attack of 101 or more"
  (Mirror Coat, Shock Blast) wins that battle whatever the colour table says, and the opponent is
  Knocked Out; otherwise the table decides as usual and the text does nothing more. "101 or more"
  counts the damage after Poison (T-STATUS-4).
- "If this Pokémon is knocked out, the battle opponent becomes …" acts when the figure is
  Knocked Out in that battle, whoever won, unless the opponent is Knocked Out too.
- Changing places (Fake Out) and "all neighbour Pokémon faint" (Explosion) act on a win, like
  every effect on the battle opponent; Explosion Knocks Out the figures of both seats next to it.
- A "spin again until X does not land" segment is not encoded: the figure data gives it no
  damage, so its damage can't be known.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..messages import msg

# A wheel segment's colour and a Special Condition's name as a sentence writes them: translatable words.
COLOUR_NAMES = {"white": msg("white"), "gold": msg("gold"), "purple": msg("purple"), "blue": msg("blue"),
                "miss": msg("miss")}
STATUS_NAMES = {"wait": msg("Wait"), "paralyzed": msg("Paralyzed"), "poisoned": msg("Poisoned")}


def colour_name(colour: str) -> str:
    """A segment's colour ("purple"), translatable."""
    return COLOUR_NAMES.get(colour) or colour


def status_name(status: str) -> str:
    """A Special Condition's name, or Wait's ("wait" → "Wait"), translatable."""
    return STATUS_NAMES.get(status) or status.capitalize()


@dataclass(frozen=True)
class OpponentStatus:
    """The battle opponent gets a Special Condition (T-STATUS-1: it replaces the old one) or
    Wait (T-STATUS-2: no Special Condition, it replaces none)."""
    status: str

    def describe(self) -> str:
        return msg("the battle opponent gets %(condition)s", condition=status_name(self.status))


@dataclass(frozen=True)
class SelfStatus:
    """The spinning figure gets a Special Condition or Wait, whether it wins or not."""
    status: str

    def describe(self) -> str:
        return msg("this figure gets %(condition)s, win or lose", condition=status_name(self.status))


@dataclass(frozen=True)
class KnockOutOpponent:
    """The battle opponent is Knocked Out (to its Pokémon Center)."""

    def describe(self) -> str:
        return msg("the battle opponent is Knocked Out")


@dataclass(frozen=True)
class KnockOutBoth:
    """Both figures of the battle are Knocked Out."""

    def describe(self) -> str:
        return msg("both figures of the battle are Knocked Out")


@dataclass(frozen=True)
class SwapWithOpponent:
    """The spinning figure and the battle opponent change places (on a win)."""

    def describe(self) -> str:
        return msg("this figure and the battle opponent change places")


@dataclass(frozen=True)
class IfKnockedOut:
    """When this figure is Knocked Out in this battle, `effect` acts on the battle opponent."""
    effect: OpponentStatus

    def describe(self) -> str:
        return msg("if this figure is Knocked Out in this battle, %(effect)s", effect=self.effect.describe())


@dataclass(frozen=True)
class BeatsIf:
    """This segment wins the battle whatever the colour table says when the opponent's segment is
    of `colour`, or does at least `min_damage` (the effects that follow then act)."""
    colour: str | None = None
    min_damage: int | None = None

    def describe(self) -> str:
        if self.colour:
            return msg("it wins whenever the battle opponent spins %(colour)s", colour=colour_name(self.colour))
        return msg("it wins whenever the battle opponent spins an attack of %(damage)s or more", damage=self.min_damage)

    def holds(self, colour: str, damage: int) -> bool:
        if self.colour is not None:
            return colour == self.colour
        return self.min_damage is not None and colour in ("white", "gold") and damage >= self.min_damage


@dataclass(frozen=True)
class KnockOutSelfAndNeighbours:
    """This figure and every figure on a point next to it are Knocked Out (on a win)."""

    def describe(self) -> str:
        return msg("this figure and every figure next to it are Knocked Out")


Effect = (OpponentStatus | SelfStatus | KnockOutOpponent | KnockOutBoth | SwapWithOpponent | IfKnockedOut
          | BeatsIf | KnockOutSelfAndNeighbours)

# The Special Conditions seed 004 lists (T-STATUS-1, 3, 4): Paralisado and Envenenado. Wait
# (T-STATUS-2) is what some attacks do, not one of them: a figure keeps it apart. Sleep,
# Confusion, Burn, Freeze and "noxious" appear in the figure data but no rule says what they
# do: not encoded.
SPECIAL_CONDITIONS = ("paralyzed", "poisoned")
WAIT = "wait"

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
    "The battle opponent is poisoned.": (OpponentStatus("poisoned"),),
    "This Pokémon switches places with its battle opponent.": (SwapWithOpponent(),),
    "If this Pokémon is knocked out, the battle opponent becomes poisoned": (IfKnockedOut(OpponentStatus("poisoned")),),
    "The battle opponent is knocked out if they spin purple.": (BeatsIf(colour="purple"), KnockOutOpponent()),
    "If the battle opponent spins an Attack of 101 or more damage, the battle opponent is knocked out":
        (BeatsIf(min_damage=101), KnockOutOpponent()),
    "This Pokémon and all neighbour Pokémon faint": (KnockOutSelfAndNeighbours(),),
}


def effects_of(text: str) -> tuple[Effect, ...] | None:
    """The encoded effects of an ability text, () for none, None when it is not encoded."""
    text = text.strip()
    if not text:
        return ()
    return ABILITIES.get(text)
