"""Judge-readable descriptions generated from a card's encoding (never its printed text)."""
from __future__ import annotations

from typing import Any

from ..carddb import ANY_TYPE, AttackDef, card

TRAINER_KIND_WORDS = {"item": "Trainer", "supporter": "Supporter (one per turn; it stays beside the "
                      "Active until the turn ends)", "stadium": "Stadium (it stays in play until "
                      "another Stadium replaces it)", "tool": "Pokémon Tool (attached to one of your "
                      "Pokémon, one per Pokémon)", "technical_machine": "Technical Machine"}


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


def _compiled(printed_text: str, templates: tuple[str, ...]) -> dict[str, Any]:
    """A text exact through the compiler: the printed text and the templates it matched."""
    return {"printed_text": printed_text, "compiled_by": list(templates)} if templates else {}


def describe_card(card_id: str) -> dict[str, Any]:
    """A dict for GET /v1/cards/{id}: the facts and the encoded behaviour in plain words."""
    c = card(card_id)
    out: dict[str, Any] = {"id": c.id, "name": c.name, "supertype": c.supertype, "implemented": c.implemented}
    lines: list[str] = []
    if c.supertype == "Pokemon" or c.is_pokemon_card:
        out.update({"stage": c.stage, "hp": c.hp, "type": c.type, "evolves_from": c.evolves_from,
                    "weakness": c.weakness, "resistance": c.resistance, "retreat_cost": c.retreat_cost})
        if c.tags:
            out["tags"] = sorted(c.tags)
        if c.prizes != 1:
            out["prizes"] = c.prizes
            lines.append(f"When it is Knocked Out, the opponent takes {c.prizes} Prize cards.")
        out["attacks"] = [{"name": a.name, "cost": a.cost,
                           "damage": f"{a.damage}{a.damage_mark}" if a.damage or a.damage_mark else "",
                           "effect": describe_attack(a), **_compiled(a.text, a.compiled_by)} for a in c.attacks]
        if c.power:
            text = _effect_text(c.power.effect) if c.power.effect else ""
            out["power"] = {"name": c.power.name, "kind": c.power.kind, "effect": text,
                            **_compiled(c.power.text, c.power.compiled_by)}
            lines.append(f"{c.power.kind} {c.power.name}: {text}.")
        lines.extend(a["effect"] for a in out["attacks"])
    if c.supertype == "Trainer" and c.trainer is not None:
        out["trainer_kind"] = c.trainer_kind
        out.update(_compiled(c.text, c.trainer_compiled_by))
        lines.insert(0, f"{TRAINER_KIND_WORDS.get(c.trainer_kind or 'item', 'Trainer')}: {_effect_text(c.trainer)}.")
    if c.supertype == "Energy":
        kind = "basic" if c.energy_kind == "basic" else "special (not basic)"
        provides = ["every type, 1 at a time" if t == ANY_TYPE else t.replace("/", " or ") for t in c.provides]
        lines.append(f"{kind} Energy providing {', '.join(provides)}.")
        if c.energy_effect is not None:
            lines.append(f"While attached: {_effect_text(c.energy_effect)}.")
        out["provides"] = c.provides
        if "energy" in c.declared:
            lines.append("Its other text is declared by the table when it acts.")
    if c.regulation_mark:
        out["regulation_mark"] = c.regulation_mark
    out["encoded"], out["declared"] = encoded_and_declared(card_id)
    out["description"] = " ".join(lines)
    return out


def encoded_and_declared(card_id: str) -> tuple[list[str], list[str]]:
    """Which of the card's texts the engine carries out exactly and which the table declares
    (R-DECLARE-2): "attack:<name>", "power:<name>", "trainer", "energy". An attack without
    text is exact from its printed damage."""
    c = card(card_id)
    texts = [f"attack:{a.name}" for a in c.attacks]
    if c.power:
        texts.append(f"power:{c.power.name}")
    if c.supertype == "Trainer":
        texts.append("trainer")
    if c.supertype == "Energy" and c.energy_kind == "special":
        texts.append("energy")
    return [t for t in texts if t not in c.declared], sorted(c.declared)
