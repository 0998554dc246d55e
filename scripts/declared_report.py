#!/usr/bin/env python3
"""What the engine encodes of the Scarlet & Violet cards and what the table declares
(R-DECLARE-2), and the next cards most worth encoding: the declared cards the shipped Standard
decks hold most copies of, and the attack texts no template compiles (`cards/compiler`) by how
many attacks print them (numbers and types read as N and T, so one wording counts once).

    python3 scripts/declared_report.py [--texts N]
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from projections.tcg import carddb, decks  # noqa: E402
from projections.tcg.cards.compiler import normalise  # noqa: E402
from projections.tcg.cards.declared import DECLARED_SETS  # noqa: E402
from projections.tcg.formats import standard_period  # noqa: E402

STANDARD_2026 = date(2026, 4, 10)   # as scripts/card_measure.py

TYPES = re.compile(r"\b(Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal|Colorless|Dragon|Fairy)\b")


def wording(text: str) -> str:
    """An attack text with its numbers and types left out: the wording a template would read."""
    return TYPES.sub("T", re.sub(r"\d+", "N", normalise(text)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=40, help="how many unmatched attack wordings to list")
    parser.add_argument("--abilities", type=int, default=0, help="how many declared Ability wordings to list")
    parser.add_argument("--trainers", type=int, default=0, help="how many declared Trainer wordings to list")
    parser.add_argument("--standard", action="store_true",
                        help="only the cards legal in the 2026 Standard format (issue 45's goal)")
    args = parser.parse_args()
    cards = [c for c in carddb.all_cards() if c.id.split("-")[0] in DECLARED_SETS]
    if args.standard:
        period = standard_period(STANDARD_2026)
        assert period is not None
        cards = [c for c in cards if period.admits(c) and not period.bans(c)]
    attacks = [(c, a) for c in cards for a in c.attacks]
    exact_plain = sum(not a.has_effect_text for _, a in attacks)
    declared_attacks = sum(f"attack:{a.name}" in c.declared for c, a in attacks)
    powers = [c for c in cards if c.power]
    trainers = [c for c in cards if c.supertype == "Trainer"]
    special = [c for c in cards if c.supertype == "Energy" and c.energy_kind == "special"]
    print(f"cards: {len(cards)}; every text encoded: {sum(not c.declared for c in cards)}; "
          f"some text declared: {sum(bool(c.declared) for c in cards)}")
    print(f"attacks: {len(attacks)}; exact without text: {exact_plain}; text encoded: "
          f"{len(attacks) - exact_plain - declared_attacks}; text declared: {declared_attacks}")
    print(f"Abilities: {len(powers)}; encoded: {sum(f'power:{c.power.name}' not in c.declared for c in powers)}; "
          f"declared: {sum(f'power:{c.power.name}' in c.declared for c in powers)}")
    print(f"Trainers: {len(trainers)} ({len({c.name for c in trainers})} names); encoded: "
          f"{sum('trainer' not in c.declared for c in trainers)} "
          f"({len({c.name for c in trainers if 'trainer' not in c.declared})} names); declared: "
          f"{sum('trainer' in c.declared for c in trainers)}")
    print(f"Special Energy: {len(special)}; effect declared: {sum('energy' in c.declared for c in special)}")
    copies: Counter[str] = Counter()
    texts: dict[str, set[str]] = {}
    names = [n for n in decks.shipped_deck_names() if decks.shipped_deck_ruleset(n) == "modern"]
    for name in names:
        for card_id in decks.shipped_deck(name):
            c = carddb.card(card_id)
            if c.declared:
                copies[c.name] += 1
                texts.setdefault(c.name, set()).update(c.declared)
    print(f"\nthe declared cards most played in the shipped decks ({', '.join(names)}):")
    for name, n in copies.most_common(15):
        print(f"  {n:2d}  {name}: {', '.join(sorted(texts[name]))}")
    unmatched = Counter(wording(a.text) for c, a in attacks if f"attack:{a.name}" in c.declared)
    print(f"\nthe declared attack texts no template compiles, by frequency ({sum(unmatched.values())} attacks, "
          f"{len(unmatched)} wordings):")
    for text, n in unmatched.most_common(args.texts):
        print(f"  {n:3d}  {text}")
    by_wording("Ability", Counter(wording(c.power.text) for c in powers
                                  if f"power:{c.power.name}" in c.declared), args.abilities)
    # a Trainer reprinted under its name is one card: counted once
    by_wording("Trainer", Counter(wording(t) for t in {c.name: c.text for c in trainers
                                                       if "trainer" in c.declared}.values()), args.trainers)


def by_wording(kind: str, unmatched: Counter[str], most: int) -> None:
    if most <= 0:
        return
    print(f"\nthe declared {kind} texts, by frequency ({sum(unmatched.values())} texts, {len(unmatched)} wordings):")
    for text, n in unmatched.most_common(most):
        print(f"  {n:3d}  {text}")


if __name__ == "__main__":
    main()
