#!/usr/bin/env python3
"""How much of the modern card pool the engine judges exactly (issue 45's measure): per set and
for the 2026 Standard format (the period in force on 2026-04-10, `projections/tcg/formats`),
the cards exact (every text encoded or compiled) and declared (some text the table declares),
and the attack texts compiled from their printed words (`cards/compiler`), hand-encoded,
declared, and plain (no text: exact from the facts).

    python3 scripts/card_measure.py
"""
from __future__ import annotations

import sys
from collections.abc import Iterable
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from projections.tcg import carddb  # noqa: E402
from projections.tcg.cards.declared import DECLARED_SETS  # noqa: E402
from projections.tcg.formats import standard_period  # noqa: E402

STANDARD_2026 = date(2026, 4, 10)
COLUMNS = ("cards", "exact", "declared", "exact %", "compiled", "hand", "declared", "plain")


def attack_kind(c: carddb.CardDef, a: carddb.AttackDef) -> str:
    if not a.has_effect_text:
        return "plain"
    if f"attack:{a.name}" in c.declared:
        return "declared"
    return "compiled" if a.compiled_by else "hand"


def row(label: str, cards: Iterable[carddb.CardDef]) -> str:
    cards = list(cards)
    exact = sum(not c.declared for c in cards)
    kinds = [attack_kind(c, a) for c in cards for a in c.attacks]
    share = f"{100 * exact / len(cards):.1f}" if cards else "-"
    counts = [len(cards), exact, len(cards) - exact, share,
              *(kinds.count(k) for k in ("compiled", "hand", "declared", "plain"))]
    return f"{label:<22}" + "".join(f"{v:>9}" for v in counts)


def main() -> None:
    cards = [c for c in carddb.all_cards() if c.id.split("-")[0] in DECLARED_SETS]
    print(f"{'':<22}" + "".join(f"{h:>9}" for h in COLUMNS))
    print(f"{'':<22}{'--- cards ---':>36}{'--- attack texts ---':>36}")
    for set_code in DECLARED_SETS:
        print(row(set_code, (c for c in cards if c.id.split("-")[0] == set_code)))
    print(row("all", cards))
    period = standard_period(STANDARD_2026)
    assert period is not None
    legal = [c for c in cards if period.admits(c) and not period.bans(c)]
    print(row(f"Standard {period.name}", legal))


if __name__ == "__main__":
    main()
