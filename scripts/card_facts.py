#!/usr/bin/env python3
"""Write a set's facts file (`projections/tcg/cards/<set>_facts.json`) from the shared card
data (../shared/cards/<set>.json, the pokemontcg.io shape; SUMMARY.md lists its quirks).

    python3 scripts/card_facts.py ex1 sv1 sv2 … [--shared ../shared/cards]

Facts are what the printed card states — name, Stage, HP, type, Weakness, Resistance, Retreat
Cost, attack names, costs and damage, the power's name and kind, a Trainer's kind, an
Energy's kind and what it provides, the Prize cards a Knock Out gives — never what a card
*does*: that is encoded by the card modules (`cards/<set>_*.py`) in the project's own words.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
OUT_DIR = REPO / "projections" / "tcg" / "cards"
TRAINER_KINDS = {"Item": "item", "Supporter": "supporter", "Stadium": "stadium",
                 "Pokémon Tool": "tool", "Technical Machine": "technical_machine"}
# Special Energy cards by name: what they provide (one unit each; "Any" is every type at once).
# Scarlet & Violet's Special Energy provide what they provide before any condition of their
# text (Neo Upper Energy: Colorless unless on a Stage 2); that condition is their effect.
SPECIAL_ENERGY = {"Double Colorless Energy": ["Colorless", "Colorless"],
                  "Darkness Energy": ["Darkness"], "Metal Energy": ["Metal"],
                  "Rainbow Energy": ["Any"], "Multi Energy": ["Any"], "Luminous Energy": ["Any"],
                  "Legacy Energy": ["Any"],
                  **{f"{name} Energy": ["Colorless"] for name in (
                      "Jet", "Reversal", "Therapeutic", "Medical", "Mist", "Neo Upper", "Boomerang")}}
ENERGY_NAME = re.compile(r"^(?:Basic )?(Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal) Energy$")
EX_RULE = "When Pokémon-ex has been Knocked Out, your opponent takes 2 Prize cards."
SV_EX_RULE = "Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards."
# Subtypes that are tags of the card model (carddb.TAGS); "ex" is the rule box's.
SUBTYPE_TAGS = {"Tera": "tera", "ACE SPEC": "ace_spec", "Ancient": "ancient", "Future": "future"}
# An Ability its Pokémon may use once a turn says so in its first words (a printed fact the
# engine enforces even where the Ability's effect is declared).
ONCE_A_TURN = re.compile(r"^Once during (your|each player's) turn", re.IGNORECASE)


def _one(entries: list[dict[str, Any]] | None, what: str, card_id: str) -> str | list[str] | None:
    """A Weakness or Resistance: its type, or the types when the card prints two (EX
    Pokémon-ex and Dragon Pokémon: "Fighting, Fire")."""
    if not entries:
        return None
    if len(entries) > 2:
        raise SystemExit(f"{card_id}: {len(entries)} {what}; the facts hold one or two")
    types = [e["type"] for e in entries]
    return types[0] if len(types) == 1 else types


def pokemon_facts(raw: dict[str, Any]) -> dict[str, Any]:
    card_id = raw["id"]
    subtypes = raw.get("subtypes") or []
    stage = next(s for s in ("Basic", "Stage 1", "Stage 2") if s in subtypes)
    (type_,) = raw["types"]
    out: dict[str, Any] = {
        "id": card_id, "name": raw["name"], "number": raw["number"], "supertype": "Pokemon",
        "stage": stage, "hp": int(raw["hp"]), "type": type_}
    if raw.get("evolvesFrom"):
        out["evolves_from"] = raw["evolvesFrom"]
    out["weakness"] = _one(raw.get("weaknesses"), "Weaknesses", card_id)
    out["resistance"] = _one(raw.get("resistances"), "Resistances", card_id)
    if any(r.get("value") != "-30" for r in raw.get("resistances") or []):
        # every Resistance of the shipped sets is −30, which the rules apply (R-DAMAGE-1)
        raise SystemExit(f"{card_id}: a Resistance other than -30; the facts would need its value")
    out["retreat_cost"] = len(raw.get("retreatCost") or [])
    out["attacks"] = _attacks(raw)
    abilities = raw.get("abilities") or []
    if len(abilities) > 1:
        raise SystemExit(f"{card_id}: {len(abilities)} powers; the facts hold one")
    if abilities:
        out["power"] = {"name": abilities[0]["name"], "kind": abilities[0]["type"]}
        if ONCE_A_TURN.match(abilities[0].get("text") or ""):
            out["power"]["once_per_turn"] = True
    tags = _tags(raw)
    if "ex" in subtypes:
        if not {EX_RULE, SV_EX_RULE} & set(raw.get("rules") or []):
            raise SystemExit(f"{card_id}: a Pokémon-ex without the 2-Prize rule")
        tags.insert(0, "ex")
        out["prizes"] = 2
    if tags:
        out["tags"] = tags
    return _marked(out, raw)


def _attacks(raw: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"name": a["name"], "cost": list(a.get("cost") or []), "damage": a.get("damage", ""),
             "has_effect_text": bool(a.get("text"))} for a in raw.get("attacks") or []]


def _tags(raw: dict[str, Any]) -> list[str]:
    return [SUBTYPE_TAGS[s] for s in raw.get("subtypes") or [] if s in SUBTYPE_TAGS]


def _marked(out: dict[str, Any], raw: dict[str, Any]) -> dict[str, Any]:
    """The regulation mark (Standard legality in the modern ruleset), where printed."""
    if raw.get("regulationMark"):
        out["regulation_mark"] = raw["regulationMark"]
    return out


def trainer_facts(raw: dict[str, Any]) -> dict[str, Any]:
    (subtype,) = [s for s in raw.get("subtypes") or ["Item"] if s in TRAINER_KINDS] or ["Item"]
    out = {"id": raw["id"], "name": raw["name"], "number": raw["number"], "supertype": "Trainer",
           "trainer_kind": TRAINER_KINDS[subtype]}
    if raw.get("attacks"):       # a Technical Machine: the attack its Pokémon may use
        out["attacks"] = _attacks(raw)
    if _tags(raw):
        out["tags"] = _tags(raw)
    return _marked(out, raw)


def energy_facts(raw: dict[str, Any]) -> dict[str, Any]:
    name = raw["name"]
    matched = ENERGY_NAME.match(name)
    basic = matched is not None and "Special" not in (raw.get("subtypes") or [])
    provides = [matched.group(1)] if basic and matched else SPECIAL_ENERGY.get(name)
    if provides is None:
        raise SystemExit(f"{raw['id']}: what does {name} provide? (SPECIAL_ENERGY)")
    out = {"id": raw["id"], "name": name, "number": raw["number"], "supertype": "Energy",
           "energy_kind": "basic" if basic else "special", "provides": provides}
    if _tags(raw):
        out["tags"] = _tags(raw)
    return _marked(out, raw)


def facts(raw: dict[str, Any]) -> dict[str, Any]:
    kind = raw["supertype"]
    if kind.startswith("Pok"):
        return pokemon_facts(raw)
    return trainer_facts(raw) if kind == "Trainer" else energy_facts(raw)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set_ids", nargs="+", metavar="set_id")
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "cards")
    args = parser.parse_args()
    for set_id in args.set_ids:
        raw = json.loads((args.shared / f"{set_id}.json").read_text(encoding="utf-8"))
        cards = sorted((facts(c) for c in raw), key=lambda c: int(re.sub(r"\D", "", c["number"]) or 0))
        out = OUT_DIR / f"{set_id}_facts.json"
        out.write_text(json.dumps(cards, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{len(cards)} cards -> {out.relative_to(REPO)}", file=sys.stderr)


if __name__ == "__main__":
    main()
