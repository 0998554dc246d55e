"""Legal actions laid out for people: one button per thing to do, its choices one step on.

The engine lists every legal action fully spelled out ("Attach Fire Energy (0:4) to
Charmander (0:55)", "… to Sandshrew (0:54)"). The console asks step by step instead: first
*what* (the words the labels of one card's or one attack's actions share), then *how* (what
is left of each label). The grouping reads only the action's shape and label, so it works
for every game and every card without naming one, in every language the labels come in (the
joining words of each are known).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from projections.messages import current_language

# Words that join a choice to what it is about, in each language the labels are written in; a
# shared prefix ending in one is trimmed.
_JOINING_WORDS = {
    "en": "to|with|on|onto|from|for|and",
    "pt-BR": "a|ao|à|aos|às|com|em|no|na|nos|nas|de|do|da|dos|das|para|e",
    "es": "a|al|con|en|de|del|desde|para|sobre|y",
}


def _joiners(language: str) -> re.Pattern[str]:
    words = _JOINING_WORDS.get(language, _JOINING_WORDS["en"])
    return re.compile(rf"(?:\s+(?:{words}|,|:|-|–))+\s*$|[,:\-–]\s*$")


_JOINERS = {language: _joiners(language) for language in _JOINING_WORDS}
_ANNOTATIONS = ("label", "names")


@dataclass
class Choice:
    label: str          # what this option adds to its group's title
    action: dict[str, Any]

    @property
    def action_json(self) -> str:
        return json.dumps({k: v for k, v in self.action.items() if k not in _ANNOTATIONS},
                          ensure_ascii=False, sort_keys=True)


@dataclass
class ActionGroup:
    title: str
    kind: str           # the action type (the page styles "end_turn" and "concede" apart)
    choices: list[Choice] = field(default_factory=list)

    @property
    def single(self) -> Choice | None:
        return self.choices[0] if len(self.choices) == 1 else None


def _subject(action: dict[str, Any]) -> tuple[str, str]:
    """What an action is about: its type and the card, attack or power it uses."""
    about = next((str(action[k]) for k in ("card", "attack", "power", "pokemon", "active", "figure",
                                           "move") if action.get(k) is not None), "")
    return str(action.get("type", "")), about


def _shared_words(labels: list[str]) -> str:
    words = [label.split(" ") for label in labels]
    shared: list[str] = []
    for column in zip(*words, strict=False):
        if any(w != column[0] for w in column):
            break
        shared.append(column[0])
    joiners = _JOINERS.get(current_language(), _JOINERS["en"])
    return joiners.sub("", " ".join(shared)).strip()


def group_actions(actions: list[dict[str, Any]]) -> list[ActionGroup]:
    """Consecutive actions about one subject become one group, in the engine's order."""
    groups: list[ActionGroup] = []
    keys: list[tuple[str, str]] = []
    for action in actions:
        key = _subject(action)
        if not keys or keys[-1] != key or not key[1]:
            groups.append(ActionGroup(title="", kind=key[0]))
            keys.append(key)
        groups[-1].choices.append(Choice(label=str(action.get("label", key[0])), action=action))
    for group in groups:
        labels = [c.label for c in group.choices]
        if len(labels) == 1:
            group.title = labels[0]
            continue
        title = _shared_words(labels) or group.kind
        group.title = title
        for choice in group.choices:
            rest = choice.label[len(title):].strip() if choice.label.startswith(title) else choice.label
            choice.label = rest.lstrip(",:-– ") or choice.label
    return groups
