"""A card from the hand named the way a person says it: by card id ("base1-98"; or TCG Live's
code, "sv1_196", as its battle logs print it) or name
("Fire Energy", compared as players write it: card_names.name_key; in English, Portuguese or
Spanish as the card is printed in each: "Ultra Bola" is Ultra Ball) instead of its instance,
where that names one kind of card. The copies of one card in a hand are alike, so the first is
taken; a name that fits two different cards (a Base Set and an EX "Potion") is refused with the
ids to choose from. The action is rewritten with the instance before the rules look at it, so
the event records the instance."""
from __future__ import annotations

from typing import Any

from ..messages import msg
from .card_names import LOCALIZED, card_of_code, localized, name_key, name_keys
from .state import State
from .table_actions import HAND_FIELDS

# the rule a refusal cites, by action type (the rule that asks for the card in the hand)
RULE_OF = {"setup": "R-SETUP-4", "bench": "R-BENCH-2", "evolve": "R-EVOLVE-1", "attach_energy": "R-ENERGY-1",
           "play_trainer": "R-TRAINER-1"}


class AmbiguousName(ValueError):
    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message      # the sentence (a Message: str(exc) is English only)


def _one(state: State, hand: list[str], taken: set[str], value: Any, rule: str) -> Any:
    if not isinstance(value, str) or value in state.instances:
        return value
    key, coded = name_key(value), card_of_code(value)
    fits = [i for i in hand if i not in taken
            and (state.card_id(i) in (value, coded) or key in name_keys(state.card_id(i), state.card_of(i).name))]
    ids = sorted({state.card_id(i) for i in fits})
    if len(ids) > 1:
        raise AmbiguousName(rule, msg("%(value)s names %(count)s different cards in the hand (%(ids)s): name the "
                                      "card id or the instance.", value=repr(value), count=len(ids),
                                      ids=", ".join(ids)))
    return fits[0] if fits else value


def resolve_hand_names(state: State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """`action` with hand cards named by card id or name replaced by instances (AmbiguousName)."""
    action = _english_move_names(state, seat, action)
    kind = action.get("type")
    if state.table or kind not in HAND_FIELDS or not 0 <= seat < len(state.seats):
        return action       # a table-mode match resolves card ids its own way (table_actions)
    hand = state.seats[seat].hand
    rule = RULE_OF.get(str(kind), "R-TRAINER-1")
    out = dict(action)
    taken: set[str] = set()
    for key in HAND_FIELDS[str(kind)]:
        if isinstance(out.get(key), list):
            resolved = []
            for v in out[key]:
                r = _one(state, hand, taken, v, rule)
                resolved.append(r)
                if r in state.instances:
                    taken.add(r)
            out[key] = resolved
        elif key in out:
            out[key] = _one(state, hand, taken, out[key], rule)
    return out


def _english_move(card_id: str, moves: list[str], value: Any, kind: str) -> Any:
    """`value` (an attack's or ability's name as typed) as the card's English name of it."""
    if not isinstance(value, str) or value in moves:
        return value
    key = name_key(value)
    found = [m for m in moves if key in {name_key(m), *(name_key(localized(card_id, m, lang, kind))
                                                        for lang in LOCALIZED)}]
    return str.__str__(found[0]) if len(found) == 1 else value


def _english_move_names(state: State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """An attack or a power named in any of the three languages (issue 43 item 4), as the
    English name the rules and the event read: the attack of the seat's Active, the power of
    the named Pokémon. A name that fits none is left for the rules to refuse."""
    kind = action.get("type")
    if kind not in ("attack", "use_power") or not 0 <= seat < len(state.seats):
        return action
    if kind == "attack":
        active = state.seats[seat].active
        if active is None or not isinstance(action.get("attack"), str):
            return action
        card_id = state.card_id(active.top)
        moves = [a.name for a in state.card_of(active.top).attacks]
        english = _english_move(card_id, moves, action["attack"], "attacks")
        return action if english == action["attack"] else {**action, "attack": english}
    pokemon = action.get("pokemon")
    if not isinstance(pokemon, str) or pokemon not in state.instances or not isinstance(action.get("power"), str):
        return action
    power = state.card_of(pokemon).power
    if power is None:
        return action
    english = _english_move(state.card_id(pokemon), [power.name], action["power"], "abilities")
    return action if english == action["power"] else {**action, "power": english}
