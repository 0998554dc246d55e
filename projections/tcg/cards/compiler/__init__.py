"""Printed English attack text compiled into the effect vocabulary (`cards/effects/`).

`compile_attack(attack)` reads an attack's printed text (`AttackDef.text`) as a sequence of
wordings, each matched by one template (`templates.py`, `more_damage.py`, `zones.py`, `lasting.py`;
the shared
shapes in `base.py`); when the templates together match the WHOLE text, it returns the effects
they produce and the templates' names, else None (the text is then declared by the table,
`cards/declared.py`). `compile_power` (`abilities.py`) and `compile_trainer` (`trainers.py`) do
the same for an Ability's and a Trainer's text.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import (
    damage_targets,
    energy_moves,
    hand_deck,
    last_turn,
    lasting,
    more_damage,
    quick_attacks,
    templates,
    turn_conditions,
    zones,
)
from .abilities import compile_power
from .base import Compiled, CompiledCard, Template, normalise
from .trainers import compile_trainer

if TYPE_CHECKING:
    from ...carddb import AttackDef
    from ..effects import Effect

# Matched in this order at each point of the text: the first that matches takes the sentence.
ATTACK_TEMPLATES: tuple[Template, ...] = (turn_conditions.FIRST
                                          + templates.TEMPLATES + more_damage.TEMPLATES + zones.TEMPLATES
                                          + lasting.TEMPLATES + last_turn.TEMPLATES
                                          + turn_conditions.TEMPLATES)
ATTACK_TEMPLATES += damage_targets.TEMPLATES
ATTACK_TEMPLATES += energy_moves.TEMPLATES
ATTACK_TEMPLATES += hand_deck.TEMPLATES
ATTACK_TEMPLATES += quick_attacks.TEMPLATES
TEMPLATES = ATTACK_TEMPLATES

__all__ = ["ATTACK_TEMPLATES", "TEMPLATES", "Compiled", "CompiledCard", "Template", "compile_attack",
           "compile_power", "compile_trainer", "normalise"]


def compile_attack(attack: AttackDef) -> Compiled | None:
    """The effects of an attack whose WHOLE printed text the templates match; None otherwise."""
    text = normalise(attack.text)
    effects: list[Effect] = []
    names: list[str] = []
    marks: set[str] = set()
    pos = 0
    while pos < len(text):
        for template in ATTACK_TEMPLATES:
            m = template.pattern.match(text, pos)
            if m is None:
                continue
            built = template.build(m.groupdict(), attack)
            if built is None:
                return None
            effects.extend(built)
            names.append(template.name)
            if template.mark:
                marks.add(template.mark)
            pos = m.end()
            break
        else:
            return None
    printed = {attack.damage_mark} & {"+", "×"}
    if not names or marks != printed:
        return None
    return Compiled(effects, tuple(names))
