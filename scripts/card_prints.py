#!/usr/bin/env python3
"""Write the table of a card's prints (`projections/tcg/formats/prints.json`) from the shared
card data (../shared/cards/<set>.json), for the Standard format's reprint rule (R-DECK-5,
`projections.tcg.formats`).

    python3 scripts/card_prints.py [--shared ../shared/cards]

Two prints are the same card when they have the same name (the name R-DECK-2 counts by: less a
trailing parenthetical, compared as players write it) and the same text: for a Pokémon its HP,
types, kinds (Stage, ex, Tera, Mega …), what it evolves from, Weakness, Resistance, Retreat
Cost, Abilities and attacks (name, cost, damage, text) — its rule box follows from its kinds
and is printed in words that vary between prints, so it is not compared; for a Trainer or an
Energy its kind and its text. Reminders
of the general rules that some prints carry and others don't ("You may play only 1 Supporter
card during your turn.", the ACE SPEC and Pokémon Tool reminders) are not the card's text; case,
spacing, markup and the way an Energy symbol is written are not either. Every set of the shared
data is read, including the sets whose cards the referee does not play yet: a print the referee
can't play still makes its twins legal.

Only the groups that say something are written: two prints or more, not all of one mark.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "projections" / "tcg" / "formats" / "prints.json"
REMINDER = re.compile(
    r"^(you may play (any number of item|only 1 supporter|only 1 stadium)|you can play only one supporter"
    r"|you may attach any number of pokémon tools|attach a pokémon tool to 1 of your pokémon"
    r"|you can't have more than 1 ace spec|ace spec:|this card stays in play when you play it)",
    re.IGNORECASE)
PARENTHETICAL = re.compile(r"\s*\([^()]*\)\s*$")


def squeeze(text: str | None) -> str:
    """Text as compared: no markup, braces, case, spacing or apostrophe shape."""
    text = unicodedata.normalize("NFC", text or "")
    text = re.sub(r"<[^>]+>", "", text).replace("{", "").replace("}", "")
    text = text.replace("’", "'").replace("‘", "'").replace("–", "-").replace("—", "-")
    return re.sub(r"\s+", "", text.casefold())


def name_of(raw: dict[str, Any]) -> str:
    return squeeze(PARENTHETICAL.sub("", raw["name"]) or raw["name"])


def rules_of(raw: dict[str, Any]) -> str:
    """A Trainer's or an Energy's text, in any order of its lines, less the reminders."""
    return "|".join(sorted(squeeze(r) for r in raw.get("rules") or () if not REMINDER.match(r.strip())))


def text_of(raw: dict[str, Any]) -> str:
    """The card's text as one comparable string (module docstring)."""
    if raw["supertype"] != "Pokémon":
        kinds = sorted(s for s in raw.get("subtypes") or () if s != "ACE SPEC")
        return json.dumps([raw["supertype"], kinds, rules_of(raw)], ensure_ascii=False)
    return json.dumps([
        raw.get("hp"), sorted(raw.get("types") or ()), squeeze(raw.get("evolvesFrom")),
        sorted(raw.get("subtypes") or ()),
        [(w["type"], w.get("value")) for w in raw.get("weaknesses") or ()],
        [(r["type"], r.get("value")) for r in raw.get("resistances") or ()],
        len(raw.get("retreatCost") or ()),
        [(squeeze(a["name"]), squeeze(a.get("text"))) for a in raw.get("abilities") or ()],
        [(squeeze(a["name"]), sorted(a.get("cost") or ()), squeeze(a.get("damage")), squeeze(a.get("text")))
         for a in raw.get("attacks") or ()],
    ], ensure_ascii=False)


def groups(shared: Path) -> list[dict[str, str | None]]:
    prints: dict[tuple[str, str], dict[str, str | None]] = defaultdict(dict)
    for path in sorted(shared.glob("*.json")):
        if path.name == "sets.json":
            continue
        for raw in json.loads(path.read_text(encoding="utf-8")):
            prints[(name_of(raw), text_of(raw))][raw["id"]] = raw.get("regulationMark")
    return [dict(sorted(group.items())) for _, group in sorted(prints.items())
            if len(group) > 1 and len(set(group.values())) > 1]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent.parent / "shared" / "cards")
    args = parser.parse_args(argv)
    found = groups(args.shared)
    OUT.write_text(json.dumps({"about": "Prints of the same card (same name, same text) whose regulation "
                                        "marks differ; written by scripts/card_prints.py from the shared "
                                        "card data. Each group: card id -> regulation mark (null: none).",
                               "groups": found}, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(REPO)}: {len(found)} groups", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
