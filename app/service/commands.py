"""The commands the write path takes: what a caller asks to be done to a match, as data.

The routes build one from a request and hand it to ``app.service.write.execute``, which
dispatches it to its planner. A command checks what it can on its own when it is made (an
upheld appeal carries no remedy); what needs the match is checked by its planner.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any, ClassVar

from app.visibility import Reader
from projections.disputes import DisputeCaps
from projections.errors import NothingToCarryOut


def new_dispute_id() -> str:
    return "d-" + secrets.token_hex(6)


@dataclass(frozen=True)
class TakeAction:
    """A seat's action (``ActionTaken``). ``reader`` is who asks (a player names only cards
    it can see, and reads refusals as it may); ``coins``: reported or forced flips;
    ``may_force_coins``: a judge may force coins where the service flips them."""

    seat: int
    action: dict[str, Any]
    reader: Reader
    coins: list[str] | None = None
    may_force_coins: bool = False


@dataclass(frozen=True)
class Rewind:
    """Back the game up to ``to_seq`` (``Rewound``, J-REPAIR-1)."""

    to_seq: int
    reason: str
    reshuffle: bool = False


@dataclass(frozen=True)
class IssuePenalty:
    """A penalty outside a dispute (``PenaltyIssued``, J-PENALTY-1)."""

    seat: int
    infraction: str
    level: str
    notes: str | None = None


@dataclass(frozen=True)
class CheckDeck:
    """A deck check: the ``cards`` a judge found in ``seat``'s deck (None: it matches the
    list) compared with the list the match was made with (``DeckChecked``); a mismatch opens
    a dispute for the ruling, with the guideline's infraction suggested."""

    seat: int
    cards: tuple[str, ...] | None = None
    notes: str | None = None
    dispute_id: str = field(default_factory=new_dispute_id)


@dataclass(frozen=True)
class ChangeClock:
    """The round clock (J-TIME-2): ``ClockStarted`` (``minutes``), ``ClockPaused``,
    ``ClockResumed`` or ``TimeExtended`` (``minutes``, ``reason``)."""

    kind: str
    minutes: int | None = None
    reason: str | None = None


@dataclass(frozen=True)
class CallTime:
    """Time is called (``TimeCalled``, J-TIME-1)."""

    decide_by: str
    tie: str
    extra_turns: int
    notes: str | None = None


@dataclass(frozen=True)
class OpenDispute:
    """A dispute about an event (``DisputeOpened``). ``caps``: the open disputes the seat
    and the match may hold (None: no cap, a judge's)."""

    about_seq: int
    claim: str
    seat: int | None = None
    dispute_id: str = field(default_factory=new_dispute_id)
    caps: DisputeCaps | None = None


@dataclass(frozen=True)
class FileAppeal:
    """An appeal of a ruling to the head judge (``AppealFiled``, J-APPEAL-1).
    ``player_seat``: the appealing player's own seat when a player's token asks (it appeals
    only for that seat), None for the scorekeeper. ``caps``: as an ``OpenDispute``'s (an
    appeal waits for a judge too)."""

    dispute_id: str
    reason: str
    seat: int | None = None
    player_seat: int | None = None
    caps: DisputeCaps | None = None


@dataclass(frozen=True)
class Rule:
    """A judge's ruling on an open dispute (``RulingIssued``): a ``remedy``
    ``{rewind_to, reshuffle}`` and a ``penalty`` are carried out as the match is folded."""

    dispute_id: str
    decision: str
    remedy: dict[str, Any] | None = None
    penalty: dict[str, Any] | None = None
    notes: str | None = None

    event_type: ClassVar[str] = "RulingIssued"


@dataclass(frozen=True)
class DecideAppeal(Rule):
    """The head judge's final word on an appeal (``AppealDecided``). ``upheld`` leaves the
    ruling as it is: it carries no remedy or penalty (``NothingToCarryOut``)."""

    event_type: ClassVar[str] = "AppealDecided"

    def __post_init__(self) -> None:
        if self.decision == "upheld" and (self.remedy or self.penalty):
            raise NothingToCarryOut()


@dataclass(frozen=True)
class RevealCards:
    """A judge records the true cards of a hidden zone of a table-mode match
    (``CardsRevealed``, R-TABLE-1): card ids, for the deck in order from the top."""

    seat: int
    zone: str
    cards: list[str | None]
    notes: str | None = None


Command = (TakeAction | Rewind | IssuePenalty | CallTime | OpenDispute | FileAppeal | Rule | RevealCards
           | CheckDeck | ChangeClock)
