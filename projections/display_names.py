"""Names a person reads for ids the log stores (issue 43): event types, rulesets, formats and
the scorekeeper token's subject. The ids stay what they are in the API and the log; these are
the words the console and the report show for them, in the reader's language."""

from __future__ import annotations

import re

from projections.messages import Message, msg

EVENT_TYPE_NAMES: dict[str, Message] = {
    "ActionTaken": msg("game action"),
    "AppealDecided": msg("appeal decided"),
    "AppealFiled": msg("appeal filed"),
    "CardsRevealed": msg("cards revealed"),
    "ClockPaused": msg("clock paused"),
    "ClockResumed": msg("clock resumed"),
    "ClockStarted": msg("clock started"),
    "DeckChecked": msg("deck check"),
    "DisputeOpened": msg("dispute opened"),
    "MatchCreated": msg("match created"),
    "PenaltyIssued": msg("penalty issued"),
    "Rewound": msg("rewound"),
    "RulingIssued": msg("ruling issued"),
    "TimeCalled": msg("time called"),
    "TimeExtended": msg("time extended"),
}

RULESET_NAMES: dict[str, Message] = {
    "base-1999": msg("Base Set era (1999)"),
    "ex-2005": msg("EX era (2005)"),
    "modern": msg("Scarlet & Violet era (modern)"),
    "tfg-6v6": msg("Trading Figure Game, 6 against 6"),
    "tfg-3v3": msg("Trading Figure Game, 3 against 3"),
}

FORMAT_NAMES: dict[str, Message] = {
    "era": msg("the era's sets"),
    "unlimited": msg("unlimited"),
    "standard": msg("Standard"),
    "rs-dr": msg("Ruby & Sapphire to Dragon"),
}

# app.routes.matches names a match's scorekeeper token so; the log keeps that English subject.
_SCOREKEEPER_OF = re.compile(r"scorekeeper of (\S+)")


def event_type_name(event_type: str) -> str:
    """``ActionTaken`` -> "game action" (a Message); an unknown type as it is."""
    return EVENT_TYPE_NAMES.get(event_type, event_type)


def ruleset_name(ruleset: str | None) -> str:
    """``base-1999`` -> "Base Set era (1999)" (a Message); an unknown id as it is."""
    return RULESET_NAMES.get(ruleset or "", ruleset or "")


def format_name(format_id: str | None) -> str:
    return FORMAT_NAMES.get(format_id or "", format_id or "")


def subject_name(subject: str | None) -> str:
    """A token's subject as a person reads it: the service's own "scorekeeper of m-…" in the
    reader's language, any other (a person's name) as it is."""
    found = _SCOREKEEPER_OF.fullmatch(subject or "")
    if found:
        return msg("scorekeeper of %(match)s", match=found.group(1))
    return subject or ""
