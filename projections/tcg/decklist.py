"""Deck lists in the common text format, and the deck rules (R-DECK)."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .carddb import card, card_id_for, known
from .rulesets import get_ruleset

SET_CODES = {"BS": "base1", "BASE": "base1", "JU": "base2", "JUN": "base2", "FO": "base3", "FOS": "base3"}
_LINE = re.compile(r"^\s*(\d+)\s+(.+?)\s+([A-Za-z]{2,4})\s+(\d+)\s*$")
_HEADER = re.compile(r"^\s*(Pok[eé]mon|Trainer|Trainers|Energy)\s*:?\s*(\d+)?\s*$", re.IGNORECASE)


class DeckListError(ValueError):
    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def parse_decklist(text: str) -> list[str]:
    """'4 Charmander BS 46' lines → a list of card ids. Headers like 'Pokémon: 12' are checked
    against the lines under them; every unreadable line is reported."""
    cards: list[str] = []
    problems: list[str] = []
    section: str | None = None
    section_count = 0
    section_expected: int | None = None

    def close_section() -> None:
        if section and section_expected is not None and section_count != section_expected:
            problems.append(f"the {section} header says {section_expected} but its lines add up to {section_count}")

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        header = _HEADER.match(line)
        if header:
            close_section()
            section = header.group(1)
            section_expected = int(header.group(2)) if header.group(2) else None
            section_count = 0
            continue
        m = _LINE.match(line)
        if not m:
            problems.append(f"line {n}: unreadable {line!r} (expected e.g. '4 Charmander BS 46')")
            continue
        count, name, set_code, number = int(m.group(1)), m.group(2), m.group(3).upper(), m.group(4)
        set_id = SET_CODES.get(set_code)
        card_id = card_id_for(set_id, number) if set_id else None
        if card_id is None:
            problems.append(f"line {n}: unknown card {set_code} {number} ({name})")
            continue
        if _norm(card(card_id).name) != _norm(name):
            problems.append(f"line {n}: {set_code} {number} is {card(card_id).name}, not {name}")
            continue
        cards.extend([card_id] * count)
        section_count += count
    close_section()
    if problems:
        raise DeckListError(problems)
    return cards


def _norm(name: str) -> str:
    return name.lower().replace("é", "e").replace("’", "'")


def deck_violations(deck: Sequence[Any], ruleset: str = "base-1999") -> list[dict[str, str]]:
    """Every R-DECK rule the deck breaks, as {rule, message} (empty when legal)."""
    rules = get_ruleset(ruleset)
    violations: list[dict[str, str]] = []
    size = len(deck)        # every card given counts, known or not
    unknown = Counter(str(c) for c in deck if not (isinstance(c, str) and known(c)))
    if unknown:
        listed = ", ".join(f"{c} ({n} copies)" if n > 1 else c for c, n in sorted(unknown.items()))
        violations.append({"rule": "R-DECK-1", "message": f"Unknown card ids: {listed}."})
        deck = [c for c in deck if isinstance(c, str) and known(c)]
    if size != rules.deck_size:
        violations.append({"rule": "R-DECK-1",
                           "message": f"A deck has exactly {rules.deck_size} cards; this one has {size}."})
    by_name = Counter(card(c).name for c in deck if not card(c).is_basic_energy)
    for name, n in sorted(by_name.items()):
        if n > rules.max_copies:
            violations.append({"rule": "R-DECK-2",
                               "message": f"At most {rules.max_copies} cards named {name}; the deck has {n}."})
    if not any(card(c).is_basic_pokemon for c in deck):
        violations.append({"rule": "R-DECK-3", "message": "The deck has no Basic Pokémon."})
    unimplemented = sorted({c for c in deck if not card(c).implemented})
    if unimplemented:
        violations.append({"rule": "R-DECK-1",
                           "message": f"Cards the referee does not know yet: {', '.join(unimplemented)}."})
    return violations
