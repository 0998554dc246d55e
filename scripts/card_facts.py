#!/usr/bin/env python3
"""Write a set's facts file (`projections/tcg/cards/<set>_facts.json`) from the shared card
data (../shared/cards/<set>.json, the pokemontcg.io shape; SUMMARY.md lists its quirks).

    python3 scripts/card_facts.py ex1 sv1 sv2 … [--shared ../shared/cards]

Two English files (me2pt5 Ascended Heroes, mep the Mega Evolution promos) come from TCG Live's
data in another shape, read into the pokemontcg.io one first (`live_to_pokemontcg`): a cost is a
string of letters, "Basic Stage", "Tool" and "Special Energy" are subtypes, a Supporter may
carry supertype "Pokémon", "Dark" is Darkness, "×" is mis-encoded, a Weakness may be empty, an
Ability has no kind, the rule boxes (ex, Mega Evolution ex) are subtypes without their text,
and a Stage 2 names only its line's Basic (`baseEvolution`): what it evolves from is the
Stage 1 whose `evolvesInto` names it (or, failing that, the same name in another English set).

Facts are what the printed card states — name, Stage, HP, type, Weakness, Resistance, Retreat
Cost, attack names, costs and damage, the power's name and kind, a Trainer's kind, an
Energy's kind and what it provides, the Prize cards a Knock Out gives, and an attack's printed
English text (`text`, the input of the compiler `cards/compiler`) — never what a card *does*:
that is encoded by the card modules (`cards/<set>_*.py`) in the project's own words, or compiled
from the text by templates that are tested on their own.
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
                  # two units, each Psychic or Darkness (the choice is the payer's: core.can_pay);
                  # that it is attached only to a Team Rocket's Pokémon is its declared effect
                  "Team Rocket's Energy": ["Psychic/Darkness", "Psychic/Darkness"],
                  **{f"{name} Energy": ["Colorless"] for name in (
                      "Jet", "Reversal", "Therapeutic", "Medical", "Mist", "Neo Upper", "Boomerang",
                      # Prism: every type on a Basic Pokémon; Ignition: 3 on an Evolution Pokémon
                      "Enriching", "Spiky", "Prism", "Ignition")}}
ENERGY_NAME = re.compile(r"^(?:Basic )?(Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal) Energy$")
EX_RULE = "When Pokémon-ex has been Knocked Out, your opponent takes 2 Prize cards."
SV_EX_RULE = "Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards."
# What a card evolves from, misspelt in the data (White Flare's Archen), as printed.
EVOLVES_FROM_TYPOS = {"Antiuqe Plume Fossil": "Antique Plume Fossil"}
MEGA_EX_RULE = ("Mega Evolution ex Rule: When your Mega Evolution Pokémon ex is Knocked Out, your opponent "
                "takes 3 Prize cards.")
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
        out["evolves_from"] = EVOLVES_FROM_TYPOS.get(raw["evolvesFrom"], raw["evolvesFrom"])
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
        out["power"] = {"name": abilities[0]["name"], "kind": abilities[0]["type"],
                        **({"text": abilities[0]["text"]} if abilities[0].get("text") else {})}
        if ONCE_A_TURN.match(abilities[0].get("text") or ""):
            out["power"]["once_per_turn"] = True
    tags = _rule_box(raw, out) + _tags(raw)
    if tags:
        out["tags"] = tags
    return _marked(out, raw)


def _rule_box(raw: dict[str, Any], out: dict[str, Any]) -> list[str]:
    """The tags of a Pokémon's rule box, its Prize count written into `out`."""
    subtypes, rules = raw.get("subtypes") or [], set(raw.get("rules") or [])
    if "MEGA" in subtypes:       # a Mega Evolution Pokémon ex: an ex whose rule box gives 3
        if "ex" not in subtypes or MEGA_EX_RULE not in rules:
            raise SystemExit(f"{raw['id']}: a Mega Evolution Pokémon ex without the 3-Prize rule")
        out["prizes"] = 3
        return ["ex", "mega"]
    if "ex" in subtypes:
        if not {EX_RULE, SV_EX_RULE} & rules:
            raise SystemExit(f"{raw['id']}: a Pokémon-ex without the 2-Prize rule")
        out["prizes"] = 2
        return ["ex"]
    return []


def _attacks(raw: dict[str, Any]) -> list[dict[str, Any]]:
    # "Free" is how the data writes a cost of nothing (Budew's Itchy Pollen): no Energy to pay
    return [{"name": a["name"], "cost": [t for t in a.get("cost") or [] if t != "Free"], "damage": a.get("damage", ""),
             "has_effect_text": bool(a.get("text")), **({"text": a["text"]} if a.get("text") else {})}
            for a in raw.get("attacks") or []]


def _printed_rules(out: dict[str, Any], raw: dict[str, Any]) -> dict[str, Any]:
    """A Trainer's or Special Energy's printed text (`text`, one line per printed paragraph,
    the kind's reminder lines included), the input of the compiler where the data has it."""
    if raw.get("rules"):
        out["text"] = "\n".join(raw["rules"])
    return out


def _tags(raw: dict[str, Any]) -> list[str]:
    return [SUBTYPE_TAGS[s] for s in raw.get("subtypes") or [] if s in SUBTYPE_TAGS]


def _marked(out: dict[str, Any], raw: dict[str, Any]) -> dict[str, Any]:
    """The regulation mark (Standard legality in the modern ruleset), where printed."""
    if raw.get("regulationMark"):
        out["regulation_mark"] = raw["regulationMark"]
    return out


def trainer_facts(raw: dict[str, Any]) -> dict[str, Any]:
    # (a "MEGA" subtype on a Trainer is a data quirk: sv10's TM Machine is a plain Item)
    (subtype,) = [s for s in raw.get("subtypes") or ["Item"] if s in TRAINER_KINDS] or ["Item"]
    out = {"id": raw["id"], "name": raw["name"], "number": raw["number"], "supertype": "Trainer",
           "trainer_kind": TRAINER_KINDS[subtype]}
    if raw.get("attacks"):       # a Technical Machine: the attack its Pokémon may use
        out["attacks"] = _attacks(raw)
    if _tags(raw):
        out["tags"] = _tags(raw)
    return _marked(_printed_rules(out, raw), raw)


def energy_facts(raw: dict[str, Any]) -> dict[str, Any]:
    name = raw["name"]
    matched = ENERGY_NAME.match(name)
    basic = matched is not None and "Special" not in (raw.get("subtypes") or [])
    provides = [matched.group(1)] if basic and matched else SPECIAL_ENERGY.get(name)
    if provides is None:
        raise SystemExit(f"{raw['id']}: what does {name} provide? (SPECIAL_ENERGY)")
    out = {"id": raw["id"], "name": name, "number": raw["number"], "supertype": "Energy",
           "energy_kind": "basic" if basic else "special", "provides": provides}
    if not basic:
        _printed_rules(out, raw)
    if _tags(raw):
        out["tags"] = _tags(raw)
    return _marked(out, raw)


def facts(raw: dict[str, Any]) -> dict[str, Any]:
    set_id, _, number = raw["id"].rpartition("-")
    if number != raw["number"] and number.isdigit():
        # the id's number is the printed one where they disagree (Black Bolt's Antique Cover
        # Fossil, numbered 80, carries "60", Escavalier's number)
        raw = {**raw, "number": number}
    kind = raw["supertype"]
    if kind.startswith("Pok"):
        return pokemon_facts(raw)
    return trainer_facts(raw) if kind == "Trainer" else energy_facts(raw)


# TCG Live's data (me2pt5, mep): its words for what the pokemontcg.io shape says otherwise.
LIVE_COST = {"G": "Grass", "R": "Fire", "W": "Water", "L": "Lightning", "P": "Psychic", "F": "Fighting",
             "D": "Darkness", "M": "Metal", "N": "Dragon", "C": "Colorless"}
LIVE_SUBTYPES = {"Basic Stage": "Basic", "Tool": "Pokémon Tool", "Special Energy": "Special",
                 "Mega Evolution ex": "MEGA"}
LIVE_TYPES = {"Dark": "Darkness"}
LIVE_RULES = {"ex": SV_EX_RULE, "MEGA": MEGA_EX_RULE}


def is_live_shape(cards: list[dict[str, Any]]) -> bool:
    return any("baseEvolution" in c or "Craftable" in c for c in cards)


def live_to_pokemontcg(cards: list[dict[str, Any]], others: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """TCG Live's records (module docstring) in the pokemontcg.io shape; `others` are the
    other English sets' cards, for what a Stage 2 evolves from when its own set doesn't say."""
    evolves_into: dict[str, set[str]] = {}
    for c in cards:
        if "Stage 1" in (c.get("subtypes") or []):
            for name in c.get("evolvesInto") or []:
                evolves_into.setdefault(name, set()).add(c["name"])
    elsewhere: dict[str, set[str]] = {}
    for c in others:
        if c.get("evolvesFrom"):
            elsewhere.setdefault(c["name"], set()).add(c["evolvesFrom"])
    return [_from_live(c, evolves_into, elsewhere) for c in cards]


def _from_live(raw: dict[str, Any], evolves_into: dict[str, set[str]],
               elsewhere: dict[str, set[str]]) -> dict[str, Any]:
    card = dict(raw)
    subtypes = [LIVE_SUBTYPES.get(s, s) for s in raw.get("subtypes") or [] if s != "Trainer-Owned"]
    if "MEGA" in subtypes and "ex" not in subtypes:
        subtypes.append("ex")
    card["subtypes"] = subtypes
    if set(subtypes) & set(TRAINER_KINDS):
        card["supertype"] = "Trainer"
    if not card["supertype"].startswith("Pok"):
        return card
    card["types"] = [LIVE_TYPES.get(t, t) for t in raw.get("types") or []]
    card["weaknesses"] = [{**w, "type": LIVE_TYPES.get(w["type"], w["type"])}
                          for w in raw.get("weaknesses") or [] if w.get("type")]
    card["resistances"] = [{**r, "type": LIVE_TYPES.get(r["type"], r["type"])} for r in raw.get("resistances") or []]
    card["attacks"] = [{**a, "cost": [LIVE_COST[ch] for ch in a.get("cost") or ""],
                        "damage": (a.get("damage") or "").replace("\u00c3\u0097", "×")}
                       for a in raw.get("attacks") or []]
    card["abilities"] = [{**a, "type": a.get("type") or "Ability"} for a in raw.get("abilities") or []]
    card["rules"] = [*(raw.get("rules") or []), *(LIVE_RULES[s] for s in ("MEGA", "ex") if s in subtypes)]
    if "MEGA" in subtypes:
        card["rules"].remove(SV_EX_RULE)
    if "Stage 1" in subtypes:
        card["evolvesFrom"] = raw["baseEvolution"]
    elif "Stage 2" in subtypes:
        froms = evolves_into.get(raw["name"]) or elsewhere.get(raw["name"]) or set()
        if len(froms) != 1:
            raise SystemExit(f"{raw['id']}: what does {raw['name']} evolve from? {sorted(froms)}")
        (card["evolvesFrom"],) = froms
    return card


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set_ids", nargs="+", metavar="set_id")
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "cards")
    args = parser.parse_args()
    for set_id in args.set_ids:
        raw = json.loads((args.shared / f"{set_id}.json").read_text(encoding="utf-8"))
        if is_live_shape(raw):
            others = [c for path in sorted(args.shared.glob("*.json")) if path.stem not in (set_id, "sets")
                      for c in json.loads(path.read_text(encoding="utf-8"))]
            raw = live_to_pokemontcg(raw, others)
        cards = sorted((facts(c) for c in raw), key=lambda c: int(re.sub(r"\D", "", c["number"]) or 0))
        out = OUT_DIR / f"{set_id}_facts.json"
        out.write_text(json.dumps(cards, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{len(cards)} cards -> {out.relative_to(REPO)}", file=sys.stderr)


if __name__ == "__main__":
    main()
