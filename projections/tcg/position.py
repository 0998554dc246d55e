"""Sandbox positions (API.md "Sandbox positions"): a judge sets up a board to test a ruling.

Impossible positions are refused with `PositionError`, whose `errors` name each bad field.

Rulings taken here:
- A Stage 2 may sit straight on its Basic when a Stage 1 card links their names (what Pokémon
  Breeder builds, R-EVOLVE-4); any other skipped or broken step is impossible.
- A Pokémon that can't be affected by Special Conditions (Clefairy Doll) has none, and only
  the Active has any (R-STATUS-1).
- `attached` holds only Trainer cards that attach to a Pokémon (PlusPower, Defender), each
  taken as played as late as it could have been: this turn for the seat to act (unless its
  turn is still at the draw), else that seat's last turn. It is discarded when it would have
  been, so one that would already be gone (PlusPower on the seat that doesn't act, anything
  attached before the first turn) is impossible.
- At most the ruleset's number of Prize cards per seat (R-SETUP-5), at most the ruleset's
  retreats this turn (R-RETREAT-5), and nothing done yet this turn before the draw (R-TURN-1).
"""
from __future__ import annotations

from typing import Any

from . import hooks
from .carddb import CardDef, card, known, stage1_links
from .core import EXCLUSIVE_CONDITIONS, SPECIAL_CONDITIONS
from .rulesets import get_ruleset
from .state import Pokemon, Seat, State, new_turn_record


class PositionError(ValueError):
    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


POSITION_KEYS = frozenset({"turn", "seat_to_act", "phase", "this_turn", "seats"})
SEAT_KEYS = frozenset({"active", "bench", "hand", "deck", "discard", "prizes"})
POKEMON_KEYS = frozenset({"card", "damage", "energy", "under", "attached", "conditions", "entered_turn"})
THIS_TURN_KEYS = frozenset({"energy_attached", "supporter_played", "retreats"})


def _unknown(raw: dict[str, Any], allowed: frozenset[str], path: str, errors: dict[str, str]) -> None:
    """A position is stored as given: a member it doesn't know is refused, not kept."""
    for key in raw:
        if key not in allowed:
            shown = key if isinstance(key, str) and len(key) <= 40 else "(a long name)"
            errors[f"{path}.{shown}"] = f"unknown field; one of {', '.join(sorted(allowed))}"


def _list(raw: dict[str, Any], key: str, path: str, errors: dict[str, str]) -> list[Any]:
    value = raw.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        errors[f"{path}.{key}"] = "must be a list"
        return []
    return value


def state_from_position(ruleset: str, names: list[str], position: dict[str, Any]) -> State:
    rules = get_ruleset(ruleset)
    errors: dict[str, str] = {}
    instances: dict[str, str] = {}
    seats: list[Seat] = []
    _unknown(position, POSITION_KEYS, "position", errors)
    raw_seats = position.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != 2:
        raise PositionError({"position.seats": "must list exactly two seats"})
    turn = position.get("turn", 1)
    if not isinstance(turn, int) or turn < 1:
        errors["position.turn"] = "must be a whole number of at least 1"
        turn = 1
    seat_to_act = position.get("seat_to_act", 0)
    if seat_to_act not in (0, 1):
        errors["position.seat_to_act"] = "must be 0 or 1"
        seat_to_act = 0
    phase = position.get("phase", "main")
    if phase not in ("main", "draw"):
        errors["position.phase"] = "must be 'main' or 'draw'"
    for seat_no, raw in enumerate(raw_seats):
        counter = iter(range(10_000))
        where = f"position.seats[{seat_no}]"
        # the last turn in which this seat could have played a card
        last_play = turn if seat_no == seat_to_act and phase == "main" else \
            turn - 2 if seat_no == seat_to_act else turn - 1

        def new_instance(card_id: Any, path: str, seat_no: int = seat_no, counter: Any = counter) -> str | None:
            if not isinstance(card_id, str) or not known(card_id):
                shown = repr(card_id) if len(repr(card_id)) <= 60 else repr(card_id)[:57] + "..."
                errors[path] = f"unknown card id {shown}"
                return None
            inst = f"{seat_no}:{next(counter)}"
            instances[inst] = card_id
            return inst

        def pokemon(raw_p: Any, path: str, last_play: int = last_play) -> Pokemon | None:
            if not isinstance(raw_p, dict):
                errors[path] = "must be an object"
                return None
            _unknown(raw_p, POKEMON_KEYS, path, errors)
            top = new_instance(raw_p.get("card"), f"{path}.card")
            under = [new_instance(c, f"{path}.under[{i}]") for i, c in enumerate(_list(raw_p, "under", path, errors))]
            energy = [new_instance(c, f"{path}.energy[{i}]")
                      for i, c in enumerate(_list(raw_p, "energy", path, errors))]
            attached = [new_instance(c, f"{path}.attached[{i}]")
                        for i, c in enumerate(_list(raw_p, "attached", path, errors))]
            if None in [top] + under + energy + attached:
                return None
            _check_stack(path, [instances[i] for i in under] + [instances[top]], errors)
            top_card = card(instances[top])
            for i, e in enumerate(energy):
                if card(instances[e]).supertype != "Energy":
                    errors[f"{path}.energy[{i}]"] = f"{card(instances[e]).name} is not an Energy card"
            until = {}
            for i, a in enumerate(attached):
                problem, until[a] = _attached_until(card(instances[a]), last_play, turn)
                if problem:
                    errors[f"{path}.attached[{i}]"] = problem
            damage = raw_p.get("damage", 0)
            if not isinstance(damage, int) or damage < 0 or damage % 10:
                errors[f"{path}.damage"] = "must be a non-negative multiple of 10"
                damage = 0
            elif top_card.hp is not None and damage >= top_card.hp:
                errors[f"{path}.damage"] = "a Pokémon with damage at least its HP would be Knocked Out"
            conditions = _list(raw_p, "conditions", path, errors)
            if any(c not in SPECIAL_CONDITIONS for c in conditions) or \
                    sum(c in EXCLUSIVE_CONDITIONS for c in conditions) > 1:
                errors[f"{path}.conditions"] = "unknown or mutually exclusive Special Conditions (R-STATUS-7)"
                conditions = []
            elif "burned" in conditions and not rules.burn_exists:
                errors[f"{path}.conditions"] = f"there is no Burned condition under {ruleset} (R-STATUS-6)"
            entered = raw_p.get("entered_turn", max(0, turn - 1))
            if not isinstance(entered, int) or entered < 0 or entered > turn:
                errors[f"{path}.entered_turn"] = "must be between 0 and the current turn"
                entered = 0
            p = Pokemon(stack=under + [top], energy=energy, attached=attached, damage=damage,
                        conditions=sorted(set(conditions)), entered_turn=entered)
            if "poisoned" in p.conditions:
                p.flags["poison_damage"] = 10
            if until:
                p.flags["attached_until"] = until
            return p

        if not isinstance(raw, dict):
            errors[where] = "must be an object"
            continue
        _unknown(raw, SEAT_KEYS, where, errors)
        active = pokemon(raw["active"], f"{where}.active") if raw.get("active") else None
        bench_raw = _list(raw, "bench", where, errors)
        if len(bench_raw) > rules.bench_size:
            errors[f"{where}.bench"] = f"at most {rules.bench_size} Pokémon on the Bench (R-BENCH-1)"
        bench = [pokemon(b, f"{where}.bench[{i}]") for i, b in enumerate(bench_raw)]
        for i, b in enumerate(bench_raw):
            if isinstance(b, dict) and b.get("conditions"):
                errors[f"{where}.bench[{i}].conditions"] = "only Active Pokémon have Special Conditions (R-STATUS-1)"
        zones = {}
        for zone in ("hand", "deck", "discard", "prizes"):
            zones[zone] = [new_instance(c, f"{where}.{zone}[{i}]")
                           for i, c in enumerate(_list(raw, zone, where, errors))]
        if len(zones["prizes"]) > rules.prizes:
            errors[f"{where}.prizes"] = f"at most {rules.prizes} Prize cards (R-SETUP-5)"
        if not raw.get("active"):
            errors[f"{where}.active"] = "a game in progress needs an Active Pokémon"
        seat = Seat(name=names[seat_no] if seat_no < len(names) else f"Seat {seat_no}",
                    deck=zones["deck"], hand=zones["hand"], active=active,
                    bench=[b for b in bench if b is not None], discard=zones["discard"],
                    prizes=zones["prizes"], setup_done=True)
        seats.append(seat)
    this_turn = new_turn_record()
    given = position.get("this_turn") or {}
    if not isinstance(given, dict):
        errors["position.this_turn"] = "must be an object"
        given = {}
    _unknown(given, THIS_TURN_KEYS, "position.this_turn", errors)
    retreats = given.get("retreats", 0) or 0
    if not isinstance(retreats, int) or isinstance(retreats, bool) or retreats < 0 or \
            (rules.retreats_per_turn is not None and retreats > rules.retreats_per_turn):
        limit = "" if rules.retreats_per_turn is None else f", at most {rules.retreats_per_turn} (R-RETREAT-5)"
        errors["position.this_turn.retreats"] = f"must be a whole number of at least 0{limit}"
        retreats = 0
    if phase == "draw" and (given.get("energy_attached") or retreats or given.get("supporter_played")):
        errors["position.this_turn"] = "before the draw nothing has been done this turn (R-TURN-1)"
    if errors:
        raise PositionError(errors)
    if given.get("energy_attached"):
        this_turn["energy_attached"] = 0
    this_turn["retreats"] = retreats
    this_turn["supporter_played"] = bool(given.get("supporter_played", False))
    state = State(ruleset=ruleset, instances=instances, seats=seats, turn=turn,
                  seat_to_act=seat_to_act, phase=phase, first_seat=seat_to_act if turn % 2 else 1 - seat_to_act,
                  this_turn=this_turn, prize_count=max(len(s.prizes) for s in seats) or rules.prizes)
    _check_conditions_allowed(state)
    return state


def _check_conditions_allowed(state: State) -> None:
    """A Pokémon that can't be affected by a Special Condition (as the cards in play say:
    `can_have_condition`) can't have it."""
    errors = {}
    for seat_no, seat in enumerate(state.seats):
        if seat.active and any(not hooks.may_have_condition(state, seat.active, c)
                               for c in seat.active.conditions):
            errors[f"position.seats[{seat_no}].active.conditions"] = (
                f"{state.card_of(seat.active.top).name} can't be affected by those Special Conditions")
    if errors:
        raise PositionError(errors)


def _check_stack(path: str, card_ids: list[str], errors: dict[str, str]) -> None:
    """The stack must evolve step by step from a Basic (R-EVOLVE-1, -4), or be a Stage 2 on
    its Basic linked by a Stage 1 (Pokémon Breeder)."""
    cards = [card(c) for c in card_ids]
    for i, c in enumerate(cards):
        if not c.is_pokemon_card:
            errors[f"{path}.card" if i == len(cards) - 1 else f"{path}.under[{i}]"] = f"{c.name} is not a Pokémon"
            return
    if cards[0].stage != "Basic":
        errors[f"{path}.under"] = f"{cards[-1].name} is a {cards[-1].stage} with no Basic under it"
        return
    for lower, upper in zip(cards, cards[1:], strict=False):
        bred = upper.stage == "Stage 2" and lower.stage == "Basic" and stage1_links(lower.name, upper)
        if upper.evolves_from != lower.name and not bred:
            errors[f"{path}.under"] = f"{upper.name} does not evolve from {lower.name}"
            return


def _attached_until(c: CardDef, last_play: int, turn: int) -> tuple[str | None, int]:
    """(why it can't be attached, or None; the turn at whose end it is discarded)."""
    stays = getattr(c.trainer, "turns_attached", None) if c.supertype == "Trainer" else None
    if stays is None:
        return f"{c.name} is not a card that attaches to a Pokémon", 0
    if last_play < 1:
        return f"{c.name} can't have been played yet", 0
    if last_play + stays < turn:
        return (f"{c.name} played by this seat in turn {last_play} at the latest would have been "
                f"discarded at the end of turn {last_play + stays}"), 0
    return None, last_play + stays
