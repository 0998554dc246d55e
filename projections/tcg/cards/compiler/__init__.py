"""Printed English attack text compiled into the effect vocabulary (`cards/effects.py`).

`compile_attack(attack)` reads an attack's printed text (`AttackDef.text`) as a sequence of
wordings, each matched by one template of `templates.py`; when the templates together match the
WHOLE text, it returns the effects they produce and the templates' names, else None (the text is
then declared by the table, `cards/declared.py`).
"""
from .templates import TEMPLATES, Compiled, Template, compile_attack, normalise

__all__ = ["TEMPLATES", "Compiled", "Template", "compile_attack", "normalise"]
