#!/usr/bin/env python3
"""Write the localized card names (`projections/tcg/cards/names_<lang>.json`) from the shared
card data: TCG Live's own files in Portuguese and Spanish (../shared/cards/pt-BR/<set>.json,
../shared/cards/es/<set>.json; SUMMARY.md's last section) joined with the English cards
(../shared/cards/<set>.json) by set and card number.

    python3 scripts/card_names.py [--shared ../shared/cards]

Only names are kept — a card's, its attacks' and its abilities' — never a text: the facts of
a card are always the English card's (card_facts.py). Every set with a localized file is
written, also the sets whose facts the referee does not ship yet (their ids are simply
unused until it does). The file holds:

* `sets`: set id -> the set's localized name;
* `codes`: the prefix of a TCG Live card code -> set id (`sv8-5` -> `sv8pt5`, `svbsp` ->
  `svp`): a code `<prefix>_<number>[_<variant>]` names the English card `<set>-<number>`;
* `cards`: English card id -> {"name", "attacks": {English: localized}, "abilities": {...}},
  each only where the localized name differs from the English one (most Pokémon are named
  alike): a card, attack or ability not there reads as its English name.

A localized card is matched to the English card of its set and number; its attacks and
abilities to the English card's in the order printed (when both print as many of them).
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
OUT_DIR = REPO / "projections" / "tcg" / "cards"
LANGUAGES = {"pt-BR": "names_pt_BR.json", "es": "names_es.json"}
# A TCG Live ability name starts with its kind in brackets: "[Ability] Abraço Psíquico".
_KIND = re.compile(r"^\[[^\]]*\]\s*")
# TCG Live's card code: "sv1_196", "sv8-5_94_sph" (a print variant), "mep-1" (the promos).
_CODE = re.compile(r"^(.+?)_(\d+[a-z]?)(?:_.*)?$|^([a-z]+)-(\d+)$")


def _names(entries: list[dict[str, Any]] | None) -> list[str]:
    return [_KIND.sub("", e.get("name") or "").strip() for e in entries or []]


def _paired(english: list[str], localized: list[str]) -> dict[str, str]:
    if len(english) != len(localized):
        return {}
    return {en: loc for en, loc in zip(english, localized, strict=True) if loc and loc != en}


def _set_names(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    return {s["id"]: s["name"] for s in json.loads(path.read_text(encoding="utf-8"))}


def _entry(en: dict[str, Any], local: dict[str, Any]) -> dict[str, Any]:
    """What of the localized card's names differs from the English card's."""
    entry: dict[str, Any] = {}
    if local["name"].strip() != en["name"]:
        entry["name"] = local["name"].strip()
    attacks = _paired(_names(en.get("attacks")), _names(local.get("attacks")))
    abilities = _paired(_names(en.get("abilities")), _names(local.get("abilities")))
    if attacks:
        entry["attacks"] = attacks
    if abilities:
        entry["abilities"] = abilities
    return entry


def names_of_language(shared: Path, language: str) -> dict[str, Any]:
    sets: dict[str, str] = {}
    codes: dict[str, str] = {}
    cards: dict[str, dict[str, Any]] = {}
    localized_sets = _set_names(shared / language / "sets.json")
    for path in sorted((shared / language).glob("*.json")):
        set_id = path.stem
        if set_id == "sets" or not (shared / f"{set_id}.json").exists():
            continue
        english = {c["number"]: c for c in json.loads((shared / f"{set_id}.json").read_text(encoding="utf-8"))}
        if set_id in localized_sets:
            sets[set_id] = localized_sets[set_id]
        for local in json.loads(path.read_text(encoding="utf-8")):
            m = _CODE.match(local["id"])
            if m:
                codes.setdefault(m.group(1) or m.group(3), set_id)
            en = english.get(local.get("number"))
            if en is None or en["id"] in cards:
                continue
            entry = _entry(en, local)
            if entry:
                cards[en["id"]] = entry
    return {"sets": sets, "codes": codes, "cards": cards}


def _write(path: Path, data: dict[str, Any]) -> None:
    """Compact JSON, a card a line (a diff reads by card)."""
    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    cards = data["cards"]
    lines = [f"{dump(card_id)}:{dump(cards[card_id])}" for card_id in sorted(cards)]
    text = ('{"sets":' + dump(data["sets"]) + ',\n"codes":' + dump(data["codes"]) + ',\n"cards":{\n'
            + ",\n".join(lines) + "\n}}\n")
    path.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "cards")
    args = parser.parse_args()
    for language, filename in LANGUAGES.items():
        data = names_of_language(args.shared, language)
        _write(OUT_DIR / filename, data)
        print(f"{filename}: {len(data['cards'])} cards of {len(data['sets'])} sets")


if __name__ == "__main__":
    main()
