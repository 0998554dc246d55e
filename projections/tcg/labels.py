"""A human label for an action, as a judge's console or a client shows it ("Attach Fire Energy
to Charmander"). Cards are written as references (projections.text), so the label is rendered
per reader like every other text: a card the reader can't see reads "a hidden card"."""
from __future__ import annotations

from typing import Any

from ..messages import joined, msg, msg_n
from ..text import card_ref
from .carddb import card, known
from .state import State


def _ref(state: State, instance: Any) -> str:
    """An instance as a card reference; a card named by its card id (a paper table's hand
    card) by its name, which reads in the reader's language."""
    if isinstance(instance, str) and instance in state.instances:
        return card_ref(instance, state.card_of(instance).name)
    if isinstance(instance, str) and ":" not in instance and known(instance):
        return card(instance).name
    return str(instance)


def _refs(state: State, instances: Any) -> str:
    items = instances if isinstance(instances, list) else [instances]
    return joined(_ref(state, i) for i in items) or msg("nothing")


# What each choice of the effects' vocabulary is, in words (the key is data, never shown).
_CHOICE_WORDS: dict[str, Any] = {
    "search": lambda what: msg("cards found: %(what)s", what=what),
    "cards": lambda what: msg("cards: %(what)s", what=what),
    "pokemon": lambda what: msg("Pokémon: %(what)s", what=what),
    "to": lambda what: msg("to: %(what)s", what=what),
    "from": lambda what: msg("from: %(what)s", what=what),
    "order": lambda what: msg("in this order: %(what)s", what=what),
    "type": lambda what: msg("type: %(what)s", what=what),
    "count": lambda what: msg("how many: %(what)s", what=what),
    "stage": lambda what: msg("stage: %(what)s", what=what),
    "attack": lambda what: msg("attack: %(what)s", what=what),
    "deck": lambda what: msg("deck: %(what)s", what=what),
}


def _choices(state: State, choices: Any) -> str:
    """The choices an action carries, in words: " (cards found: …; Pokémon: …)" (a choice
    the vocabulary does not name reads as its values alone)."""
    if not isinstance(choices, dict) or not choices:
        return ""
    parts = []
    for key, value in choices.items():
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            what = _refs(state, value)          # cards (instances, or card ids at a paper table)
        elif isinstance(value, str):
            what = _ref(state, value)
        elif isinstance(value, int):
            what = str(value)
        else:
            continue
        words = _CHOICE_WORDS.get(key)
        parts.append(words(what) if words else what)
    return joined((" (", joined(parts, "; "), ")"), "") if parts else ""


def _with(label: str, *suffixes: str) -> str:
    """A label followed by its suffixes (the choices, a declaration), each still translatable."""
    return joined((label, *suffixes), "") if any(suffixes) else label


def _play(state: State, a: dict[str, Any]) -> str:
    targets = a.get("targets")
    card = _ref(state, a.get("card"))
    label = (msg("Play %(card)s on %(targets)s", card=card, targets=_refs(state, targets)) if targets
             else msg("Play %(card)s", card=card))
    return _with(label, _choices(state, a.get("choices")), _declared(a))


def _retreat(state: State, a: dict[str, Any]) -> str:
    discard = a.get("discard") or []
    to = _ref(state, a.get("to"))
    if discard:
        return msg("Retreat, bringing up %(pokemon)s, discarding %(cards)s", pokemon=to,
                   cards=_refs(state, discard))
    return msg("Retreat, bringing up %(pokemon)s", pokemon=to)


def _setup(state: State, a: dict[str, Any]) -> str:
    bench = a.get("bench") or []
    active = _ref(state, a.get("active"))
    if bench:
        return msg("Set up: %(active)s Active, Bench %(bench)s", active=active, bench=_refs(state, bench))
    return msg("Set up: %(active)s Active", active=active)


def _declared(a: dict[str, Any]) -> str:
    """A declared effect's part of a label: the steps given, or the offer to declare them."""
    if "declared" not in a:
        return ""
    steps = a["declared"]
    if isinstance(steps, list) and steps:
        return joined((" — ", msg_n("declared: %(num)s step(s)", "declared: %(num)s step(s)", len(steps))), "")
    return joined((" — ", msg("declare its effect")), "")


def _count(value: Any) -> int:
    """A count a plural form can be chosen by (an action's field may be anything)."""
    return value if isinstance(value, int) else 2


def _attack(state: State, a: dict[str, Any]) -> Any:
    """The attack named as the attacking card prints it (a CardName: read in the reader's
    language), or as the action gives it."""
    active = state.seats[state.seat_to_act].active if 0 <= state.seat_to_act < len(state.seats) else None
    found = state.card_of(active.top).attack(a.get("attack", "")) if active is not None else None
    return found.name if found is not None else a.get("attack")


def _power(state: State, a: dict[str, Any]) -> Any:
    pokemon = a.get("pokemon")
    if isinstance(pokemon, str) and pokemon in state.instances:
        power = state.card_of(pokemon).power
        if power is not None and power.name == a.get("power"):
            return power.name
    return a.get("power")


def _choose_first(s: State, a: dict[str, Any]) -> str:
    if a.get("first") in (0, 1) and s.phase == "first_player":     # R-SETUP-6
        return msg("Won the coin flip: Seat %(n)s (%(name)s) goes first", n=a["first"],
                   name=s.seats[a["first"]].name)
    if a.get("first") in (0, 1):
        return msg("Seat %(n)s (%(name)s) goes first in game %(game)s", n=a["first"],
                   name=s.seats[a["first"]].name, game=s.game_number + 1)
    return msg("Choose who goes first")


LABELS = {
    "setup": _setup,
    "mulligan_draw": lambda s, a: msg_n("Draw %(num)s card(s) for the opponent's mulligans",
                                        "Draw %(num)s card(s) for the opponent's mulligans",
                                        _count(a.get("count", 0)), num=a.get("count", 0)),
    "draw": lambda s, a: msg("Draw a card"),
    "mulligan": lambda s, a: msg("Mulligan: show the hand and shuffle it back"),
    "shuffle": lambda s, a: msg("Shuffle the deck"),
    "bench": lambda s, a: msg("Put %(card)s on the Bench", card=_ref(s, a.get("card"))),
    "evolve": lambda s, a: msg("Evolve %(pokemon)s into %(card)s", pokemon=_ref(s, a.get("target")),
                               card=_ref(s, a.get("card"))),
    "attach_energy": lambda s, a: msg("Attach %(card)s to %(pokemon)s", card=_ref(s, a.get("card")),
                                      pokemon=_ref(s, a.get("target"))),
    "play_trainer": _play,
    "retreat": _retreat,
    "use_power": lambda s, a: _with(msg("Use %(power)s of %(pokemon)s", power=_power(s, a),
                                        pokemon=_ref(s, a.get("pokemon"))),
                                    _choices(s, a.get("choices")), _declared(a)),
    "attack": lambda s, a: _with(msg("Attack: %(attack)s", attack=_attack(s, a)),
                                 _choices(s, a.get("choices")), _declared(a)),
    "use_stadium": lambda s, a: _with(msg("Use the Stadium %(card)s",
                                          card=_ref(s, s.stadium["card"]) if s.stadium else ""),
                                      _choices(s, a.get("choices"))),
    "declare": lambda s, a: _with(msg("Declare the effect of %(card)s", card=_ref(s, a.get("source"))),
                                  _declared(a) if a.get("declared") else ""),
    "choose": lambda s, a: _with(msg("Choose"), _choices(s, a.get("choices"))) if _choices(s, a.get("choices"))
    else msg("Choose nothing"),
    "end_turn": lambda s, a: msg("End the turn"),
    "promote": lambda s, a: msg("Promote %(card)s to Active", card=_ref(s, a.get("card"))),
    "discard_from_play": lambda s, a: msg("Discard %(card)s from play", card=_ref(s, a.get("card"))),
    "concede": lambda s, a: msg("Concede the game"),
    "choose_first": _choose_first,
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
