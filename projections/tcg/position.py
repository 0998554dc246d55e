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
- A Pokémon Tool in `attached` stays until something discards it; one per Pokémon (R-TRAINER-4).
- `stadium` (`{"card", "owner"}`) is the Stadium in play, in a ruleset that has Stadiums;
  `supporter` (`{"card", "owner"}`) is the Supporter the seat to act played this turn, beside
  its Active until the turn ends (R-TRAINER-2): so only in the main phase, owned by the seat
  to act, and `this_turn.supporter_played` with it. `this_turn.stadium_played` says a
  Stadium was played this turn (R-TRAINER-3).
- A Pokémon's damage is below its HP as the position's effects make it (R-INPLAY-1, R-KO-1:
  the Stadium, its Tools, the powers in play — 50 damage on a 50-HP Lightning Pokémon under Low
  Pressure System is a position; 60 is not), checked on the board as built.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..messages import joined, msg
from . import hooks
from .carddb import CardDef, card, known, stage1_links
from .core import EXCLUSIVE_CONDITIONS, SPECIAL_CONDITIONS, bench_size
from .rulesets import Ruleset, get_ruleset
from .state import Pokemon, Seat, State, new_turn_record


class PositionError(ValueError):
    def __init__(self, errors: dict[str, str]):
        super().__init__(joined((joined((k, v), ": ") for k, v in errors.items()), "; "))
        self.errors = errors


POSITION_KEYS = frozenset({"turn", "seat_to_act", "phase", "this_turn", "seats", "stadium", "supporter"})
SEAT_KEYS = frozenset({"active", "bench", "hand", "deck", "discard", "prizes", "lost_zone"})
POKEMON_KEYS = frozenset({"card", "damage", "energy", "under", "attached", "conditions", "entered_turn"})
THIS_TURN_KEYS = frozenset({"energy_attached", "supporter_played", "retreats", "stadium_played"})
BESIDE_KEYS = frozenset({"card", "owner"})


def _unknown(raw: dict[str, Any], allowed: frozenset[str], path: str, errors: dict[str, str]) -> None:
    """A position is stored as given: a member it doesn't know is refused, not kept."""
    for key in raw:
        if key not in allowed:
            shown = key if isinstance(key, str) and len(key) <= 40 else "(a long name)"
            errors[f"{path}.{shown}"] = msg("unknown field; one of %(fields)s", fields=", ".join(sorted(allowed)))


def _list(raw: dict[str, Any], key: str, path: str, errors: dict[str, str]) -> list[Any]:
    value = raw.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        errors[f"{path}.{key}"] = msg("must be a list")
        return []
    return value


def state_from_position(ruleset: str, names: list[str], position: dict[str, Any]) -> State:
    build = _Build(ruleset, get_ruleset(ruleset))
    _unknown(position, POSITION_KEYS, "position", build.errors)
    raw_seats = position.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != 2:
        raise PositionError({"position.seats": msg("must list exactly two seats")})
    build.read_turn(position)
    readers = [_SeatReader(build, seat_no) for seat_no in (0, 1)]
    seats = [seat for reader, raw in zip(readers, raw_seats, strict=True)
             if (seat := reader.seat(raw, names)) is not None]
    given, retreats = build.read_this_turn(position)
    stadium = _beside(position, "stadium", "stadium", readers, build)
    supporter = _beside(position, "supporter", "supporter", readers, build)
    _check_supporter_turn(supporter, given, build)
    if build.errors:
        raise PositionError(build.errors)
    state = State(ruleset=ruleset, instances=build.instances, seats=seats, turn=build.turn,
                  seat_to_act=build.seat_to_act, phase=build.phase,
                  first_seat=build.seat_to_act if build.turn % 2 else 1 - build.seat_to_act,
                  this_turn=_this_turn_record(given, retreats),
                  prize_count=max(len(s.prizes) for s in seats) or build.rules.prizes,
                  stadium=stadium, supporter=supporter)
    _check_conditions_allowed(state)
    _check_bench_sizes(state)
    _check_not_knocked_out(state)
    return state


def _check_bench_sizes(state: State) -> None:
    """No Bench holds more Pokémon than its seat may have with this board's effects (R-BENCH-1:
    the ruleset's number, or a Stadium's)."""
    errors: dict[str, str] = {}
    for seat_no, seat in enumerate(state.seats):
        size = bench_size(state, seat_no)
        if len(seat.bench) > size:
            errors[f"position.seats[{seat_no}].bench"] = msg("at most %(max)s Pokémon on the Bench (R-BENCH-1)",
                                                             max=size)
    if errors:
        raise PositionError(errors)


def _beside(position: dict[str, Any], key: str, kind: str, readers: list[_SeatReader],
            build: _Build) -> dict[str, Any] | None:
    """The Stadium in play or the Supporter played this turn: `{"card", "owner"}` as an
    instance of its owner, when the ruleset has that kind of card (R-TRAINER-2, -3)."""
    raw = position.get(key)
    if raw is None:
        return None
    path = f"position.{key}"
    exists = build.rules.stadiums_per_turn if kind == "stadium" else build.rules.supporters_per_turn
    if not isinstance(raw, dict) or raw.get("owner") not in (0, 1):
        build.errors[path] = msg('must be {"card": <card id>, "owner": 0 or 1}, or null')
        return None
    _unknown(raw, BESIDE_KEYS, path, build.errors)
    stadium = kind == "stadium"
    if exists is None:
        build.errors[path] = (msg("there are no Stadium cards under %(ruleset)s", ruleset=build.ruleset) if stadium
                              else msg("there are no Supporter cards under %(ruleset)s", ruleset=build.ruleset))
        return None
    inst = readers[raw["owner"]].instance(raw.get("card"), f"{path}.card")
    if inst is None:
        return None
    if card(build.instances[inst]).trainer_kind != kind:
        name = card(build.instances[inst]).name
        build.errors[f"{path}.card"] = (msg("%(card)s is not a Stadium card", card=name) if stadium
                                        else msg("%(card)s is not a Supporter card", card=name))
        return None
    return {"card": inst, "owner": raw["owner"]}


def _check_supporter_turn(supporter: dict[str, Any] | None, given: dict[str, Any], build: _Build) -> None:
    if supporter is None:
        return
    if supporter["owner"] != build.seat_to_act or build.phase != "main":
        build.errors["position.supporter"] = msg("the Supporter beside the Active is the one the seat to act played "
                                                 "this turn, in its main phase (R-TRAINER-2)")
    elif given.get("supporter_played") is False:
        build.errors["position.this_turn.supporter_played"] = msg("a Supporter was played this turn "
                                                                  "(position.supporter)")
    else:
        given["supporter_played"] = True


@dataclass
class _Build:
    """A position being read: the ruleset, its turn, the card instances dealt so far and the
    errors found (by field, in the order they are found)."""
    ruleset: str
    rules: Ruleset
    errors: dict[str, str] = field(default_factory=dict)
    instances: dict[str, str] = field(default_factory=dict)
    turn: int = 1
    seat_to_act: int = 0
    phase: str = "main"

    def read_turn(self, position: dict[str, Any]) -> None:
        """`turn`, `seat_to_act` and `phase` (an unreadable one is an error, and the default
        stands in for it while the rest is read; a bad phase is kept as given)."""
        turn = position.get("turn", 1)
        if not isinstance(turn, int) or turn < 1:
            self.errors["position.turn"] = msg("must be a whole number of at least 1")
            turn = 1
        self.turn = turn
        seat_to_act = position.get("seat_to_act", 0)
        if seat_to_act not in (0, 1):
            self.errors["position.seat_to_act"] = msg("must be 0 or 1")
            seat_to_act = 0
        self.seat_to_act = seat_to_act
        self.phase = position.get("phase", "main")
        if self.phase not in ("main", "draw"):
            self.errors["position.phase"] = msg("must be 'main' or 'draw'")

    def last_play(self, seat_no: int) -> int:
        """The last turn in which this seat could have played a card."""
        if seat_no != self.seat_to_act:
            return self.turn - 1
        return self.turn if self.phase == "main" else self.turn - 2

    def read_this_turn(self, position: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """What was done this turn as given, and its retreats (R-RETREAT-5, R-TURN-1)."""
        rules = self.rules
        given = position.get("this_turn") or {}
        if not isinstance(given, dict):
            self.errors["position.this_turn"] = msg("must be an object")
            given = {}
        _unknown(given, THIS_TURN_KEYS, "position.this_turn", self.errors)
        retreats = given.get("retreats", 0) or 0
        if not isinstance(retreats, int) or isinstance(retreats, bool) or retreats < 0 or \
                (rules.retreats_per_turn is not None and retreats > rules.retreats_per_turn):
            self.errors["position.this_turn.retreats"] = (
                msg("must be a whole number of at least 0") if rules.retreats_per_turn is None
                else msg("must be a whole number of at least 0, at most %(max)s (R-RETREAT-5)",
                         max=rules.retreats_per_turn))
            retreats = 0
        if self.phase == "draw" and (given.get("energy_attached") or retreats or given.get("supporter_played")
                                     or given.get("stadium_played")):
            self.errors["position.this_turn"] = msg("before the draw nothing has been done this turn (R-TURN-1)")
        return given, retreats


def _this_turn_record(given: dict[str, Any], retreats: int) -> dict[str, Any]:
    this_turn = new_turn_record()
    if given.get("energy_attached"):
        this_turn["energy_attached"] = 0
    this_turn["retreats"] = retreats
    this_turn["supporter_played"] = bool(given.get("supporter_played", False))
    this_turn["stadium_played"] = bool(given.get("stadium_played", False))
    return this_turn


def _given(instances: list[str | None]) -> list[str] | None:
    """The instances, or None when a card id among them was unknown (its error is noted)."""
    known_ones = [i for i in instances if i is not None]
    return known_ones if len(known_ones) == len(instances) else None


class _SeatReader:
    """One seat of a position: its cards become instances "<seat>:<n>" in the order read."""

    def __init__(self, build: _Build, seat_no: int):
        self.build = build
        self.errors = build.errors
        self.seat_no = seat_no
        self.where = f"position.seats[{seat_no}]"
        self.last_play = build.last_play(seat_no)
        self._counter = iter(range(10_000))

    def seat(self, raw: Any, names: list[str]) -> Seat | None:
        where, errors, rules = self.where, self.errors, self.build.rules
        if not isinstance(raw, dict):
            errors[where] = msg("must be an object")
            return None
        _unknown(raw, SEAT_KEYS, where, errors)
        active = self.pokemon(raw["active"], f"{where}.active") if raw.get("active") else None
        bench_raw = _list(raw, "bench", where, errors)
        if len(bench_raw) > rules.bench_size_most:      # the exact number, with the board's effects: below
            errors[f"{where}.bench"] = msg("at most %(max)s Pokémon on the Bench (R-BENCH-1)",
                                           max=rules.bench_size_most)
        bench = [self.pokemon(b, f"{where}.bench[{i}]") for i, b in enumerate(bench_raw)]
        for i, b in enumerate(bench_raw):
            if isinstance(b, dict) and b.get("conditions"):
                errors[f"{where}.bench[{i}].conditions"] = msg("only Active Pokémon have Special Conditions "
                                                               "(R-STATUS-1)")
        zones = {zone: self.instances(raw, zone, where)
                 for zone in ("hand", "deck", "discard", "prizes", "lost_zone")}
        if len(zones["prizes"]) > rules.prizes:
            errors[f"{where}.prizes"] = msg("at most %(max)s Prize cards (R-SETUP-5)", max=rules.prizes)
        if not raw.get("active"):
            errors[f"{where}.active"] = msg("a game in progress needs an Active Pokémon")
        # With an unknown card id there is an error: the seat is only built to be dropped.
        cards = {zone: [i for i in instances if i is not None] for zone, instances in zones.items()}
        return Seat(name=names[self.seat_no] if self.seat_no < len(names) else f"Seat {self.seat_no}",
                    deck=cards["deck"], hand=cards["hand"], active=active,
                    bench=[b for b in bench if b is not None], discard=cards["discard"],
                    prizes=cards["prizes"], setup_done=True, lost_zone=cards["lost_zone"])

    def instance(self, card_id: Any, path: str) -> str | None:
        """A new instance of `card_id` (None, and an error at `path`, for an unknown id)."""
        if not isinstance(card_id, str) or not known(card_id):
            shown = repr(card_id) if len(repr(card_id)) <= 60 else repr(card_id)[:57] + "..."
            self.errors[path] = msg("unknown card id %(id)s", id=shown)
            return None
        inst = f"{self.seat_no}:{next(self._counter)}"
        self.build.instances[inst] = card_id
        return inst

    def instances(self, raw: dict[str, Any], key: str, path: str) -> list[str | None]:
        return [self.instance(c, f"{path}.{key}[{i}]") for i, c in enumerate(_list(raw, key, path, self.errors))]

    def pokemon(self, raw_p: Any, path: str) -> Pokemon | None:
        if not isinstance(raw_p, dict):
            self.errors[path] = msg("must be an object")
            return None
        _unknown(raw_p, POKEMON_KEYS, path, self.errors)
        top = self.instance(raw_p.get("card"), f"{path}.card")
        under = self.instances(raw_p, "under", path)
        stack = _given([*under, top])
        energy = _given(self.instances(raw_p, "energy", path))
        attached = _given(self.instances(raw_p, "attached", path))
        if stack is None or energy is None or attached is None:
            return None
        instances = self.build.instances
        _check_stack(path, [instances[i] for i in stack], self.errors)
        self._check_energy(path, energy)
        until = self._until(path, attached)
        p = Pokemon(stack=stack, energy=energy, attached=attached, damage=self._damage(raw_p, path),
                    conditions=sorted(set(self._conditions(raw_p, path))), entered_turn=self._entered(raw_p, path))
        if "poisoned" in p.conditions:
            p.flags["poison_damage"] = 10
        if until:
            p.flags["attached_until"] = until
        return p

    def _check_energy(self, path: str, energy: list[str]) -> None:
        for i, e in enumerate(energy):
            c = card(self.build.instances[e])
            if c.supertype != "Energy":
                self.errors[f"{path}.energy[{i}]"] = msg("%(card)s is not an Energy card", card=c.name)

    def _until(self, path: str, attached: list[str]) -> dict[str, int]:
        until = {}
        tools = 0
        for i, a in enumerate(attached):
            c = card(self.build.instances[a])
            if c.trainer_kind == "tool":   # it stays (R-TRAINER-1), one per Pokémon (R-TRAINER-4)
                tools += 1
                if tools > 1:
                    self.errors[f"{path}.attached[{i}]"] = msg("one Pokémon Tool per Pokémon (R-TRAINER-4)")
                continue
            problem, until[a] = _attached_until(c, self.last_play, self.build.turn)
            if problem:
                self.errors[f"{path}.attached[{i}]"] = problem
        return until

    def _damage(self, raw_p: dict[str, Any], path: str) -> int:
        """The damage as given; whether it Knocks its Pokémon Out is asked of the built board
        (`_check_not_knocked_out`: its HP depends on the effects in play)."""
        damage = raw_p.get("damage", 0)
        if not isinstance(damage, int) or damage < 0 or damage % 10:
            self.errors[f"{path}.damage"] = msg("must be a non-negative multiple of 10")
            damage = 0
        return damage

    def _conditions(self, raw_p: dict[str, Any], path: str) -> list[str]:
        conditions = _list(raw_p, "conditions", path, self.errors)
        if any(c not in SPECIAL_CONDITIONS for c in conditions) or \
                sum(c in EXCLUSIVE_CONDITIONS for c in conditions) > 1:
            self.errors[f"{path}.conditions"] = msg("unknown or mutually exclusive Special Conditions (R-STATUS-7)")
            conditions = []
        elif "burned" in conditions and not self.build.rules.burn_exists:
            self.errors[f"{path}.conditions"] = msg("there is no Burned condition under %(ruleset)s (R-STATUS-6)",
                                                    ruleset=self.build.ruleset)
        return conditions

    def _entered(self, raw_p: dict[str, Any], path: str) -> int:
        turn = self.build.turn
        entered = raw_p.get("entered_turn", max(0, turn - 1))
        if not isinstance(entered, int) or entered < 0 or entered > turn:
            self.errors[f"{path}.entered_turn"] = msg("must be between 0 and the current turn")
            entered = 0
        return entered


def _check_conditions_allowed(state: State) -> None:
    """A Pokémon that can't be affected by a Special Condition (as the cards in play say:
    `can_have_condition`) can't have it."""
    errors: dict[str, str] = {}
    for seat_no, seat in enumerate(state.seats):
        if seat.active and any(not hooks.may_have_condition(state, seat.active, c)
                               for c in seat.active.conditions):
            errors[f"position.seats[{seat_no}].active.conditions"] = msg(
                "%(pokemon)s can't be affected by those Special Conditions",
                pokemon=state.card_of(seat.active.top).name)
    if errors:
        raise PositionError(errors)


def _check_not_knocked_out(state: State) -> None:
    """No Pokémon's damage reaches its HP now, with every effect of the board (R-INPLAY-1,
    R-KO-1): such a Pokémon would have been Knocked Out."""
    errors: dict[str, str] = {}
    for seat_no, seat in enumerate(state.seats):
        placed = [("active", seat.active)] if seat.active else []
        placed += [(f"bench[{i}]", p) for i, p in enumerate(seat.bench)]
        for where, p in placed:
            hp = hooks.hp(state, p)
            if p.damage >= hp:
                errors[f"position.seats[{seat_no}].{where}.damage"] = msg(
                    "%(pokemon)s has %(hp)s HP here (R-INPLAY-1): damage at least its HP would have Knocked it "
                    "Out (R-KO-1)",
                    pokemon=state.card_of(p.top).name, hp=hp)
    if errors:
        raise PositionError(errors)


def _check_stack(path: str, card_ids: list[str], errors: dict[str, str]) -> None:
    """The stack must evolve step by step from a Basic (R-EVOLVE-1, -4), or be a Stage 2 on
    its Basic linked by a Stage 1 (Pokémon Breeder)."""
    cards = [card(c) for c in card_ids]
    for i, c in enumerate(cards):
        if not c.is_pokemon_card:
            errors[f"{path}.card" if i == len(cards) - 1 else f"{path}.under[{i}]"] = msg(
                "%(card)s is not a Pokémon", card=c.name)
            return
    if cards[0].stage != "Basic":
        errors[f"{path}.under"] = msg("%(card)s is a %(stage)s with no Basic under it", card=cards[-1].name,
                                      stage=cards[-1].stage)
        return
    for lower, upper in zip(cards, cards[1:], strict=False):
        bred = upper.stage == "Stage 2" and lower.stage == "Basic" and stage1_links(lower.name, upper)
        if upper.evolves_from != lower.name and not bred:
            errors[f"{path}.under"] = msg("%(card)s does not evolve from %(pokemon)s", card=upper.name,
                                          pokemon=lower.name)
            return


def _attached_until(c: CardDef, last_play: int, turn: int) -> tuple[str | None, int]:
    """(why it can't be attached, or None; the turn at whose end it is discarded)."""
    stays = getattr(c.trainer, "turns_attached", None) if c.supertype == "Trainer" else None
    if stays is None:
        return msg("%(card)s is not a card that attaches to a Pokémon", card=c.name), 0
    if last_play < 1:
        return msg("%(card)s can't have been played yet", card=c.name), 0
    if last_play + stays < turn:
        return msg("%(card)s played by this seat in turn %(turn)s at the latest would have been discarded at the "
                   "end of turn %(end)s", card=c.name, turn=last_play, end=last_play + stays), 0
    return None, last_play + stays
