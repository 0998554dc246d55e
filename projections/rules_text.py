"""The rule texts of docs/RULES.md (the card game) and docs/TFG.md (the figure game), read from
the documents themselves, for ``GET /v1/rules`` and ``GET /v1/rules/{id}``.

A rule line is ``- <id> [(<scope>)] <text>``::

    - R-TRAINER-2 (`ex-2005`, `modern`) One Supporter per turn; ...

matched by ``RULE_LINE``. The text is group 4, stripped; a rule that the document wraps onto
indented lines below it (TFG.md does) goes on there, each continuation line stripped and joined
with one space. That text is the rule's gettext message id: ``iter_rules`` is the one
definition of it, used both to serve the rules (``projections.i18n.gettext`` in the reader's
language) and by ``babel_extract``, the Babel extractor that puts the texts in the catalogue
(``babel.cfg``: ``[projections.rules_text:babel_extract: docs/**.md]``), so the two can't
disagree. The rule id and the document (``source``) are never translated. The scope names the
rulesets the rule is limited to (backquoted names of the game's rulesets); a rule without one
holds in every ruleset of its game; a scope that is no ruleset (``table mode``) is a note.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, Any

from .messages import msg

RULE_LINE = re.compile(r"^- ((?:R|J|T)-[A-Z]+-\d+[a-z]?)\s*(\(([^)]*)\))?\s*(.*)$")
_CONTINUATION = re.compile(r"^[ \t]+\S")
_RULESET_NAME = re.compile(r"`([^`]+)`")

ROOT = Path(__file__).resolve().parents[1]
# The game -> the document holding its rules (relative to the repository: the `source`).
DOCUMENTS = {"tcg": "docs/RULES.md", "tfg": "docs/TFG.md"}

# Scopes that name no ruleset: shown as a note, in the reader's language.
SCOPE_NOTES = {"table mode": msg("table mode")}


@dataclass(frozen=True)
class RuleLine:
    """One rule as its document writes it."""

    rule: str
    scope: str          # what the parentheses after the id say ("" when there are none)
    text: str           # the message id: group 4 and its continuation lines
    line: int           # 1-based line of the id


def iter_rules(lines: Iterable[str]) -> Iterator[RuleLine]:
    """Every rule line of a document's lines, with its wrapped continuation."""
    current: RuleLine | None = None
    parts: list[str] = []
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if current is not None and _CONTINUATION.match(line):
            parts.append(line.strip())
            continue
        if current is not None:
            yield RuleLine(current.rule, current.scope, " ".join(p for p in parts if p), current.line)
            current, parts = None, []
        match = RULE_LINE.match(line)
        if match:
            current = RuleLine(match.group(1), (match.group(3) or "").strip(), "", number)
            parts = [match.group(4).strip()]
    if current is not None:
        yield RuleLine(current.rule, current.scope, " ".join(p for p in parts if p), current.line)


def babel_extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                  options: dict[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for a rules document: each rule's text, its id as comment."""
    encoding = options.get("encoding", "utf-8")
    lines = fileobj.read().decode(encoding).splitlines()
    for rule in iter_rules(lines):
        if rule.text:
            yield rule.line, None, rule.text, [rule.rule]


@dataclass(frozen=True)
class Rule:
    rule: str
    game: str
    text: str                     # English: the message id
    rulesets: tuple[str, ...]
    note: str | None              # the English scope note's message id, if any
    source: str
    line: int


def _rulesets_of(game: str) -> tuple[str, ...]:
    from .games import get_game

    return tuple(get_game(game).rulesets())


def _document_rules(game: str) -> list[Rule]:
    source = DOCUMENTS[game]
    every = _rulesets_of(game)
    rules = []
    for line in iter_rules((ROOT / source).read_text(encoding="utf-8").splitlines()):
        named = tuple(name for name in _RULESET_NAME.findall(line.scope) if name in every)
        note = None if named or not line.scope else line.scope
        rules.append(Rule(rule=line.rule, game=game, text=line.text, rulesets=named or every,
                          note=note, source=source, line=line.line))
    return rules


@cache
def all_rules() -> dict[str, Rule]:
    """Every rule of every game, by id, in document order (card game first)."""
    rules: dict[str, Rule] = {}
    for game in DOCUMENTS:
        for rule in _document_rules(game):
            rules.setdefault(rule.rule, rule)
    return rules


def rules_of(game: str) -> list[Rule]:
    return [rule for rule in all_rules().values() if rule.game == game]


def find(rule_id: str) -> Rule | None:
    """The rule with that id (``r-deck-1`` finds R-DECK-1), or None."""
    if len(rule_id) > 40:
        return None
    rules = all_rules()
    return rules.get(rule_id) or next(
        (rule for key, rule in rules.items() if key.upper() == rule_id.strip().upper()), None)


def served(rule: Rule, language: str | None = None) -> dict[str, Any]:
    """The rule as the API serves it: the text (and note) in ``language`` (default: the
    current one), the id, game, rulesets and source as they are."""
    from .i18n import gettext

    out: dict[str, Any] = {"rule": rule.rule, "game": rule.game,
                           "text": gettext(rule.text, language) if rule.text else rule.text,
                           "rulesets": list(rule.rulesets), "source": rule.source,
                           "line": rule.line}
    if rule.note is not None:
        note = SCOPE_NOTES.get(rule.note)
        out["note"] = gettext(note.msgid, language) if note is not None else rule.note
    return out
