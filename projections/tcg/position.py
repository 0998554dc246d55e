"""Sandbox positions (API.md "Sandbox positions"): a judge sets up a board to test a ruling.

Impossible positions are refused with `PositionError`, whose `errors` name each bad field.
"""
from .carddb import card, known
from .core import EXCLUSIVE_CONDITIONS, SPECIAL_CONDITIONS
from .rulesets import get_ruleset
from .state import Pokemon, Seat, State, new_turn_record


class PositionError(ValueError):
    def __init__(self, errors):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


def state_from_position(ruleset, names, position):
    rules = get_ruleset(ruleset)
    errors = {}
    instances = {}
    seats = []
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

        def new_instance(card_id, path, seat_no=seat_no, counter=counter):
            if not isinstance(card_id, str) or not known(card_id):
                errors[path] = f"unknown card id {card_id!r}"
                return None
            inst = f"{seat_no}:{next(counter)}"
            instances[inst] = card_id
            return inst

        def pokemon(raw_p, path):
            if not isinstance(raw_p, dict):
                errors[path] = "must be an object"
                return None
            top = new_instance(raw_p.get("card"), f"{path}.card")
            under = [new_instance(c, f"{path}.under[{i}]") for i, c in enumerate(raw_p.get("under", []))]
            energy = [new_instance(c, f"{path}.energy[{i}]") for i, c in enumerate(raw_p.get("energy", []))]
            attached = [new_instance(c, f"{path}.attached[{i}]") for i, c in enumerate(raw_p.get("attached", []))]
            if None in [top] + under + energy + attached:
                return None
            _check_stack(path, [instances[i] for i in under] + [instances[top]], errors)
            for i, e in enumerate(energy):
                if card(instances[e]).supertype != "Energy":
                    errors[f"{path}.energy[{i}]"] = f"{card(instances[e]).name} is not an Energy card"
            damage = raw_p.get("damage", 0)
            if not isinstance(damage, int) or damage < 0 or damage % 10:
                errors[f"{path}.damage"] = "must be a non-negative multiple of 10"
                damage = 0
            elif card(instances[top]).hp is not None and damage >= card(instances[top]).hp:
                errors[f"{path}.damage"] = "a Pokémon with damage at least its HP would be Knocked Out"
            conditions = raw_p.get("conditions", [])
            if any(c not in SPECIAL_CONDITIONS for c in conditions) or \
                    sum(c in EXCLUSIVE_CONDITIONS for c in conditions) > 1:
                errors[f"{path}.conditions"] = "unknown or mutually exclusive Special Conditions (R-STATUS-7)"
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
            return p

        if not isinstance(raw, dict):
            errors[where] = "must be an object"
            continue
        active = pokemon(raw["active"], f"{where}.active") if raw.get("active") else None
        bench_raw = raw.get("bench", [])
        if len(bench_raw) > rules.bench_size:
            errors[f"{where}.bench"] = f"at most {rules.bench_size} Pokémon on the Bench (R-BENCH-1)"
        bench = [pokemon(b, f"{where}.bench[{i}]") for i, b in enumerate(bench_raw)]
        for i, b in enumerate(bench_raw):
            if isinstance(b, dict) and b.get("conditions"):
                errors[f"{where}.bench[{i}].conditions"] = "only Active Pokémon have Special Conditions (R-STATUS-1)"
        zones = {}
        for zone in ("hand", "deck", "discard", "prizes"):
            zones[zone] = [new_instance(c, f"{where}.{zone}[{i}]") for i, c in enumerate(raw.get(zone, []))]
        if active is None:
            errors[f"{where}.active"] = "a game in progress needs an Active Pokémon"
        seat = Seat(name=names[seat_no] if seat_no < len(names) else f"Seat {seat_no}",
                    deck=zones["deck"], hand=zones["hand"], active=active,
                    bench=[b for b in bench if b is not None], discard=zones["discard"],
                    prizes=zones["prizes"], setup_done=True)
        seats.append(seat)
    if errors:
        raise PositionError(errors)
    this_turn = new_turn_record()
    given = position.get("this_turn") or {}
    if given.get("energy_attached"):
        this_turn["energy_attached"] = 0
    this_turn["retreats"] = int(given.get("retreats", 0) or 0)
    this_turn["supporter_played"] = bool(given.get("supporter_played", False))
    return State(ruleset=ruleset, instances=instances, seats=seats, turn=turn,
                 seat_to_act=seat_to_act, phase=phase, first_seat=seat_to_act if turn % 2 else 1 - seat_to_act,
                 this_turn=this_turn, prize_count=max(len(s.prizes) for s in seats) or rules.prizes)


def _check_stack(path, card_ids, errors):
    """The stack must evolve step by step from a Basic (R-EVOLVE-1, -4)."""
    cards = [card(c) for c in card_ids]
    if not cards[0].is_pokemon_card:
        errors[f"{path}.card"] = f"{cards[-1].name} is not a Pokémon"
        return
    if cards[0].stage != "Basic":
        errors[f"{path}.under"] = f"{cards[-1].name} is a {cards[-1].stage} with no Basic under it"
        return
    for lower, upper in zip(cards, cards[1:], strict=False):
        if upper.evolves_from != lower.name:
            errors[f"{path}.under"] = f"{upper.name} does not evolve from {lower.name}"
            return
