"""Judge-readable descriptions generated from a card's encoding (never its printed text)."""
from __future__ import annotations

from typing import Any

from ..carddb import AttackDef, card


def _effect_text(effect: Any) -> str:
    if hasattr(effect, "describe"):
        return effect.describe()
    return getattr(effect, "text", "") or type(effect).__name__


def describe_attack(attack: AttackDef) -> str:
    cost = ", ".join(attack.cost) if attack.cost else "no Energy"
    damage = f"{attack.damage}{attack.damage_mark}" if attack.damage or attack.damage_mark else "no printed damage"
    parts = [_effect_text(e) for e in attack.effects]
    effect = "; ".join(p for p in parts if p) or "damage only"
    return f"{attack.name} ({cost}; {damage}): {effect}."


def describe_card(card_id: str) -> dict[str, Any]:
    """A dict for GET /v1/cards/{id}: the facts and the encoded behaviour in plain words."""
    c = card(card_id)
    out: dict[str, Any] = {"id": c.id, "name": c.name, "supertype": c.supertype, "implemented": c.implemented}
    lines: list[str] = []
    if c.supertype == "Pokemon" or c.is_pokemon_card:
        out.update({"stage": c.stage, "hp": c.hp, "type": c.type, "evolves_from": c.evolves_from,
                    "weakness": c.weakness, "resistance": c.resistance, "retreat_cost": c.retreat_cost})
        out["attacks"] = [{"name": a.name, "cost": a.cost,
                           "damage": f"{a.damage}{a.damage_mark}" if a.damage or a.damage_mark else "",
                           "effect": describe_attack(a)} for a in c.attacks]
        if c.power:
            text = _effect_text(c.power.effect) if c.power.effect else ""
            out["power"] = {"name": c.power.name, "kind": c.power.kind, "effect": text}
            lines.append(f"{c.power.kind} {c.power.name}: {text}.")
        lines.extend(a["effect"] for a in out["attacks"])
    if c.supertype == "Trainer" and c.trainer is not None:
        lines.insert(0, f"Trainer: {_effect_text(c.trainer)}.")
    if c.supertype == "Energy":
        kind = "basic" if c.energy_kind == "basic" else "special (not basic)"
        lines.append(f"{kind} Energy providing {', '.join(c.provides)}.")
        out["provides"] = c.provides
    out["description"] = " ".join(lines)
    return out
