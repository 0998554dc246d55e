"""A human label for an action, as a judge's console or a client shows it ("Attach Fire Energy
to Charmander"). Cards are written as references (projections.text), so the label is rendered
per reader like every other text: a card the reader can't see reads "a hidden card"."""
from __future__ import annotations

import re
from typing import Any

from ..text import card_ref
from .state import State

_INSTANCE = re.compile(r"^\d+:u?\d+$")


def _ref(state: State, instance: Any) -> str:
    if isinstance(instance, str) and instance in state.instances:
        return card_ref(instance, state.card_of(instance).name)
    return str(instance)


def _refs(state: State, instances: Any) -> str:
    items = instances if isinstance(instances, list) else [instances]
    return ", ".join(_ref(state, i) for i in items) or "nothing"


def _choices(state: State, choices: Any) -> str:
    if not isinstance(choices, dict) or not choices:
        return ""
    parts = []
    for key, value in choices.items():
        if isinstance(value, list) and value and all(isinstance(v, str) and _INSTANCE.match(v) for v in value):
            parts.append(f"{key}: {_refs(state, value)}")
        elif isinstance(value, str) and _INSTANCE.match(value):
            parts.append(f"{key}: {_ref(state, value)}")
        elif isinstance(value, (str, int)):
            parts.append(f"{key}: {value}")
    return f" ({'; '.join(parts)})" if parts else ""


def _play(state: State, a: dict[str, Any]) -> str:
    targets = a.get("targets")
    on = f" on {_refs(state, targets)}" if targets else ""
    return f"Play {_ref(state, a.get('card'))}{on}{_choices(state, a.get('choices'))}"


def _retreat(state: State, a: dict[str, Any]) -> str:
    discard = a.get("discard") or []
    paid = f", discarding {_refs(state, discard)}" if discard else ""
    return f"Retreat, bringing up {_ref(state, a.get('to'))}{paid}"


def _setup(state: State, a: dict[str, Any]) -> str:
    bench = a.get("bench") or []
    return f"Set up: {_ref(state, a.get('active'))} Active" + (f", Bench {_refs(state, bench)}" if bench else "")


def _declared(a: dict[str, Any]) -> str:
    """A declared effect's part of a label: the steps given, or the offer to declare them."""
    if "declared" not in a:
        return ""
    steps = a["declared"]
    if isinstance(steps, list) and steps:
        return f" — declared: {len(steps)} step(s)"
    return " — declare its effect"


LABELS = {
    "setup": _setup,
    "mulligan_draw": lambda s, a: f"Draw {a.get('count', 0)} card(s) for the opponent's mulligans",
    "draw": lambda s, a: "Draw a card",
    "mulligan": lambda s, a: "Mulligan: show the hand and shuffle it back",
    "shuffle": lambda s, a: "Shuffle the deck",
    "bench": lambda s, a: f"Put {_ref(s, a.get('card'))} on the Bench",
    "evolve": lambda s, a: f"Evolve {_ref(s, a.get('target'))} into {_ref(s, a.get('card'))}",
    "attach_energy": lambda s, a: f"Attach {_ref(s, a.get('card'))} to {_ref(s, a.get('target'))}",
    "play_trainer": lambda s, a: _play(s, a) + _declared(a),
    "retreat": _retreat,
    "use_power": lambda s, a: (f"Use {a.get('power')} of {_ref(s, a.get('pokemon'))}"
                               f"{_choices(s, a.get('choices'))}{_declared(a)}"),
    "attack": lambda s, a: f"Attack: {a.get('attack')}{_choices(s, a.get('choices'))}{_declared(a)}",
    "use_stadium": lambda s, a: (f"Use the Stadium {_ref(s, s.stadium['card']) if s.stadium else ''}"
                                 f"{_choices(s, a.get('choices'))}"),
    "declare": lambda s, a: (f"Declare the effect of {_ref(s, a.get('source'))}"
                             f"{_declared(a) if a.get('declared') else ''}"),
    "choose": lambda s, a: f"Choose{_choices(s, a.get('choices')) or ' nothing'}",
    "end_turn": lambda s, a: "End the turn",
    "promote": lambda s, a: f"Promote {_ref(s, a.get('card'))} to Active",
    "discard_from_play": lambda s, a: f"Discard {_ref(s, a.get('card'))} from play",
    "concede": lambda s, a: "Concede the game",
    "choose_first": lambda s, a: (f"Seat {a.get('first')} ({s.seats[a['first']].name}) goes first in game "
                                  f"{s.game_number + 1}" if a.get("first") in (0, 1) else "Choose who goes first"),
}


def label_action(state: State, action: dict[str, Any]) -> str:
    labeller = LABELS.get(action.get("type", ""))
    return labeller(state, action) if labeller else str(action.get("type"))


def instances_named(state: State, action: Any) -> dict[str, str]:
    """Every card instance the action names, with its card's name."""
    found: dict[str, str] = {}

    def walk(value: Any) -> None:
        if isinstance(value, str) and value in state.instances:
            found[value] = state.card_of(value).name
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
    walk(action)
    return found
