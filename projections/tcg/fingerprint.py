"""The card game's fingerprint: a hash of what decides how a match folds, read from the data.

It covers every card (its facts, its effect encodings as class names and parameters, and
its judge-readable description), the ruleset table and the shapes of the actions. It does
not read source code, so a comment or a refactoring that keeps every encoding leaves it as
it is; a changed card line, parameter, effect class or ruleset value changes it. A block of
the effect vocabulary (``cards/effects/``) is named by the package and its name alone, so
moving it between the vocabulary's modules changes no encoding.

``TcgGame.engine_version`` must change whenever a rule or a card encoding changes behaviour;
``tests/unit/test_engine_pin.py`` compares this fingerprint with ``ENGINE_FINGERPRINT`` in
``game.py`` and fails until both are updated. ``python -m projections.tcg.fingerprint``
prints the line to paste. (A change inside an effect's *code* that keeps its class and
parameters is not seen here: bump ``engine_version`` by hand then.)
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import inspect
import json
import re
from typing import Any

from . import actions
from .carddb import shipped_cards
from .cards.describe import describe_card
from .rulesets import RULESETS

MAX_DEPTH = 12
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_VOCABULARY = "projections.tcg.cards.effects"


def _qualname(obj: Any) -> str:
    module = getattr(obj, "__module__", None) or ""
    name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or type(obj).__name__
    if module == _VOCABULARY or module.startswith(_VOCABULARY + "."):
        module = _VOCABULARY
    return f"{module}.{name}" if module else str(name)


def _is_named(value: Any) -> bool:
    return (inspect.isclass(value) or inspect.isfunction(value) or inspect.ismethod(value)
            or inspect.isbuiltin(value))


def encode(value: Any, depth: int = 0, path: frozenset[int] = frozenset()) -> Any:
    """``value`` as plain JSON data that is the same in every process: objects as their
    class name and attributes, functions and classes by qualified name, sets sorted, no
    memory addresses. Cycles and very deep structures end in a marker."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return _qualname(type(value)) + "." + value.name
    if _is_named(value):
        return {"callable": _qualname(value)}
    if id(value) in path or depth > MAX_DEPTH:
        return {"ref": _qualname(type(value))}
    return _encode_container(value, depth + 1, path | {id(value)})


def _encode_container(value: Any, depth: int, path: frozenset[int]) -> Any:
    if isinstance(value, dict):
        return {str(k): encode(v, depth, path) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [encode(v, depth, path) for v in value]
    if isinstance(value, set | frozenset):
        items = [encode(v, depth, path) for v in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    if isinstance(value, functools.partial):
        return {"partial": encode(value.func, depth, path),
                "args": encode(list(value.args), depth, path),
                "keywords": encode(dict(value.keywords), depth, path)}
    attrs: dict[str, Any] | None
    if dataclasses.is_dataclass(value):
        attrs = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    else:
        attrs = _attributes(value)
    if attrs is None:
        return {"object": _qualname(type(value)), "repr": _ADDRESS.sub("", repr(value))}
    return {"object": _qualname(type(value)),
            "attrs": {k: encode(v, depth, path) for k, v in sorted(attrs.items())}}


def _attributes(value: Any) -> dict[str, Any] | None:
    attrs: dict[str, Any] = {}
    if hasattr(value, "__dict__"):
        attrs.update(vars(value))
    for cls in type(value).__mro__:
        for slot in getattr(cls, "__slots__", ()) or ():
            if isinstance(slot, str) and hasattr(value, slot) and slot not in attrs:
                attrs[slot] = getattr(value, slot)
    if not attrs and not hasattr(value, "__dict__"):
        return None
    return attrs


def rules_data() -> dict[str, Any]:
    """Everything the fingerprint covers, as plain data (handy to diff two versions)."""
    cards = {}
    for card in sorted(shipped_cards(), key=lambda c: c.id):
        cards[card.id] = {"encoding": encode(card), "describe": describe_card(card.id)}
    return {
        "cards": cards,
        "rulesets": {name: encode(ruleset.as_dict()) for name, ruleset in sorted(RULESETS.items())},
        "actions": {"fields": encode(actions.ACTION_FIELDS),
                    "required": encode(actions.REQUIRED_FIELDS),
                    "choices": encode(actions.CHOICE_FIELDS),
                    "limits": [actions.MAX_LIST, actions.MAX_TEXT, actions.MAX_COUNT]},
    }


@functools.cache
def engine_fingerprint() -> str:
    """SHA-256 of ``rules_data()`` as canonical JSON (computed once per process)."""
    text = json.dumps(rules_data(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


if __name__ == "__main__":  # python -m projections.tcg.fingerprint
    print(f'ENGINE_FINGERPRINT = "{engine_fingerprint()}"')
