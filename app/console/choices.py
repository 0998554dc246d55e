"""Legal actions laid out for people: one button per thing to do, its choices one step on.

The engine lists every legal action fully spelled out ("Attach Fire Energy (0:4) to
Charmander (0:55)", "… to Sandshrew (0:54)"). The console asks step by step instead: first
*what* (the words the labels of one card's or one attack's actions share), then *how* (what
is left of each label). The grouping reads only the action's shape and label, so it works
for every game and every card without naming one, in every language the labels come in (the
joining words of each are known).

Labels are said in plain words (issue 44): a card is its name, a Pokémon in play also says
where it is ("Charmander (Bench 2)"), never an instance id; and choices that read alike and
name the same cards are one choice (a retreat paid with either of two Fire Energy cards is
one way to pay, not two).
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
_INSTANCE_REF = re.compile(r" \((\d+:u?\d+)\)")


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
    """What an action is about: its type and the card, attack or power it uses (a retreat is
    one thing to do, whichever Pokémon comes in and whatever pays; so is a choice asked for)."""
    if action.get("type") in ("retreat", "choose"):
        return str(action["type"]), str(action["type"])
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
    while shared and " ".join(shared).count("(") > " ".join(shared).count(")"):
        shared.pop()        # never a title cut inside a parenthesis ("Charmander (Bench")
    joiners = _JOINERS.get(current_language(), _JOINERS["en"])
    return joiners.sub("", " ".join(shared)).strip()


@dataclass
class Places:
    """What the board shows of the cards an action may name: where each Pokémon in play is
    ("Active", "Bench 2") and the card id of each card the reader sees."""

    where: dict[str, str] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)


def _card_ids(value: Any, into: dict[str, str]) -> None:
    """Every card of a view (an object with an ``instance`` and a ``card``), by instance."""
    if isinstance(value, dict):
        if isinstance(value.get("instance"), str) and isinstance(value.get("card"), str):
            into[value["instance"]] = value["card"]
        for v in value.values():
            _card_ids(v, into)
    elif isinstance(value, list):
        for v in value:
            _card_ids(v, into)


def places_of(view: dict[str, Any], active: str, bench: str) -> Places:
    """The places of a TCG board as the reader's view shows it; ``active`` and ``bench`` are
    the words for the two places (``bench`` with ``%(n)s``)."""
    out = Places()
    _card_ids(view, out.cards)
    for seat in view.get("seats") or []:
        if not isinstance(seat, dict):
            continue
        spots = [(seat.get("active"), active),
                 *((p, bench % {"n": n}) for n, p in enumerate(seat.get("bench") or [], start=1))]
        for pokemon, words in spots:
            if isinstance(pokemon, dict) and pokemon.get("instance"):
                out.where[pokemon["instance"]] = words
    return out


def plain(label: str, places: Places | None) -> str:
    """``label`` without instance ids: a Pokémon in play says where it is instead."""
    if places is None:
        return label
    return _INSTANCE_REF.sub(lambda m: f" ({places.where[m.group(1)]})" if m.group(1) in places.where else "",
                             label)


def _named_cards(action: dict[str, Any], places: Places) -> tuple[str, ...]:
    """The cards an action names that are not in play, by card id (two copies are alike)."""
    return tuple(sorted(places.cards.get(i, i) for i in action.get("names") or {} if i not in places.where))


def collapse(actions: list[dict[str, Any]], places: Places | None) -> list[dict[str, Any]]:
    """The actions with their labels in plain words, one of each set that reads alike and
    names the same cards (module docstring)."""
    if places is None:
        return actions
    seen: set[tuple[Any, ...]] = set()
    out = []
    for action in actions:
        label = plain(str(action.get("label", action.get("type", ""))), places)
        key = (action.get("type"), label, _named_cards(action, places))
        if key in seen:
            continue
        seen.add(key)
        out.append({**action, "label": label})
    return out


def group_actions(actions: list[dict[str, Any]], places: Places | None = None) -> list[ActionGroup]:
    """Consecutive actions about one subject become one group, in the engine's order (with
    ``places``: in plain words, equivalent choices collapsed)."""
    groups: list[ActionGroup] = []
    keys: list[tuple[str, str]] = []
    for action in collapse(actions, places):
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
