#!/usr/bin/env python3
"""How much of the modern card pool the engine judges exactly (issue 45's measure): per set and
for the 2026 Standard format (the period in force on 2026-04-10, `projections/tcg/formats`),
the cards exact (every text encoded or compiled) and declared (some text the table declares);
the attack texts compiled from their printed words (`cards/compiler`), hand-encoded, declared,
and plain (no text: exact from the facts); the Abilities and the Trainers compiled, hand-encoded
and declared. Then the shipped modern decks and the goal: 90 % of the Standard cards exact,
every shipped deck exact.

    python3 scripts/card_measure.py
"""
from __future__ import annotations

import sys
from collections.abc import Iterable
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from projections.tcg import carddb, decks  # noqa: E402
from projections.tcg.cards.declared import DECLARED_SETS  # noqa: E402
from projections.tcg.formats import standard_period  # noqa: E402

STANDARD_2026 = date(2026, 4, 10)
GOAL = 90.0
COLUMNS = ("cards", "exact", "declared", "exact %", "compiled", "hand", "declared", "plain",
           "compiled", "hand", "declared", "compiled", "hand", "declared")
KINDS = ("compiled", "hand", "declared")


def attack_kind(c: carddb.CardDef, a: carddb.AttackDef) -> str:
    if not a.has_effect_text:
        return "plain"
    if f"attack:{a.name}" in c.declared:
        return "declared"
    return "compiled" if a.compiled_by else "hand"


def power_kind(c: carddb.CardDef) -> str | None:
    if c.power is None or c.power.kind != "Ability":
        return None
    if f"power:{c.power.name}" in c.declared:
        return "declared"
    return "compiled" if c.power.compiled_by else "hand"


def trainer_kind(c: carddb.CardDef) -> str | None:
    if c.supertype != "Trainer":
        return None
    if "trainer" in c.declared:
        return "declared"
    return "compiled" if c.trainer_compiled_by else "hand"


def share(cards: list[carddb.CardDef]) -> float:
    return 100 * sum(not c.declared for c in cards) / len(cards) if cards else 0.0


def row(label: str, cards: Iterable[carddb.CardDef]) -> str:
    cards = list(cards)
    exact = sum(not c.declared for c in cards)
    attacks = [attack_kind(c, a) for c in cards for a in c.attacks]
    powers = [power_kind(c) for c in cards]
    trainers = [trainer_kind(c) for c in cards]
    counts = [len(cards), exact, len(cards) - exact, f"{share(cards):.1f}" if cards else "-",
              *(attacks.count(k) for k in (*KINDS, "plain")), *(powers.count(k) for k in KINDS),
              *(trainers.count(k) for k in KINDS)]
    return f"{label:<22}" + "".join(f"{v:>9}" for v in counts)


def shipped_decks() -> list[tuple[str, list[carddb.CardDef]]]:
    names = [n for n in decks.shipped_deck_names() if decks.shipped_deck_ruleset(n) == "modern"]
    return [(n, [carddb.card(i) for i in dict.fromkeys(decks.shipped_deck(n))]) for n in names]


def main() -> None:
    cards = [c for c in carddb.all_cards() if c.id.split("-")[0] in DECLARED_SETS]
    print(f"{'':<22}" + "".join(f"{h:>9}" for h in COLUMNS))
    print(f"{'':<22}{'--- cards ---':>36}{'--- attack texts ---':>36}{'--- Abilities ---':>27}"
          f"{'--- Trainers ---':>27}")
    for set_code in DECLARED_SETS:
        print(row(set_code, (c for c in cards if c.id.split("-")[0] == set_code)))
    print(row("all", cards))
    period = standard_period(STANDARD_2026)
    assert period is not None
    legal = [c for c in cards if period.admits(c) and not period.bans(c)]
    print(row(f"Standard {period.name}", legal))
    print("\nshipped modern decks (distinct cards):")
    shipped = shipped_decks()
    for name, deck in shipped:
        declared = sorted({c.name for c in deck if c.declared})
        print(f"  {name:<30} {len(deck) - len(declared):>3}/{len(deck)} exact"
              + (f"; declared: {', '.join(declared)}" if declared else ""))
    met = share(legal) >= GOAL and all(not c.declared for _, deck in shipped for c in deck)
    print(f"\ngoal ({GOAL:.0f} % of Standard {period.name} exact, every shipped deck exact): "
          f"{'met' if met else 'not met'} ({share(legal):.1f} %)")


if __name__ == "__main__":
    main()
