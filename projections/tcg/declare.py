"""Declared effects: what a card does where the engine does not encode its text, carried out
as steps the table declares and the engine checks against the board (R-DECLARE-1..4).

A step is a small object with an `op` from the vocabulary below. Card instances may be named
by instance ("0:17") or by card id ("sv1-196"): a card id names, of the zone the step takes
from, the first known copy, else (table mode) the first unknown card, which the table thereby
identifies; the event keeps the instances (the step list is rewritten in place).

    move           cards (or count from the top of the deck / the Prize cards, or all) of a
                   seat's zone to another zone: hand, deck (top), deck_bottom, discard,
                   prizes, lost_zone, attached (to `target`), bench (Basic Pokémon), from
                   stadium (the Stadium in play)
    return_pokemon a Pokémon in play with every card on it to hand, deck, deck_bottom,
                   discard or lost_zone
    base_damage    (an attack) the attack's damage before Weakness and Resistance
    damage         (an attack) damage to one of the opponent's Pokémon or one of the
                   attacker's own Benched Pokémon: the opponent's Active with Weakness and
                   Resistance, a Benched one without (R-DAMAGE-2); a Tera Pokémon on either
                   Bench takes none (R-DAMAGE-4)
    counters       damage counters placed on a Pokémon (R-DAMAGE-3)
    heal           damage removed from a Pokémon
    switch         a seat's Active swapped with one of its Benched Pokémon
    condition      a Special Condition added to or removed from an Active Pokémon
    draw           a seat draws cards
    shuffle        a seat's deck is shuffled
    reveal         cards of the hand or the deck shown to both players
    flip           coins flipped (their results recorded; what follows from them is declared)

Rulings taken here:
- A declared effect is exactly the steps given, in order; the engine checks each one against
  the board as it stands after the previous ones (the card is where the step says, the Bench
  has room, a Tool has a free Pokémon, damage and counters are whole tens within
  `MAX_DAMAGE`, healing no more than the damage there), then the universal rules run:
  Knock Outs, Prize cards, a missing Active replaced, the winner (R-DECLARE-3).
- Cards moved from a hidden zone are named to the player who could see them (the owner for
  the deck and the hand) unless they go to a face-up zone or a `reveal` step shows them.
- An attack's `damage` step may name the attacker's own Benched Pokémon (issue 41 item 7: the
  Scarlet & Violet attacks that also damage their own Bench, Emolga's Sky Wave among them):
  it is damage, so a Tera Pokémon there takes none (R-DAMAGE-4) where counters would have
  landed. The attacker's own Active stays no `damage` target, as before: what an attack does
  to itself is declared as counters.
- An Active Pokémon returned by a Trainer or an Ability is replaced by promotion; an attack
  may not return either Active (the attack's own Knock Outs and the turn's end would have no
  Active to work with): that is a judge's call.
- A step stays within what the card's printed text bounds where the engine reads it
  (R-DECLARE-5; the reading is `cards/compiler/partial.py`'s, given by `bound_by`): a damage
  amount it prints, no more damage counters, healing, cards or draws than it prints, the
  Pokémon, zones and sides it names, the Special Conditions it names, a switch only when it
  names one, no more coins than it flips. These checks come before the board's, and a refusal
  names only the printed bound and the step's own values, never a hidden card. Where the text
  gives no bound nothing more is refused.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

from ..messages import joined, msg, msg_n
from .core import (
    SPECIAL_CONDITIONS,
    Ctx,
    attach_by_effect,
    bench_size,
    condition_name,
    cure,
    discard_cards,
    draw,
    heal,
    inflict,
    place_counters,
    remove_pokemon_from_play,
    shuffle_deck,
    switch_active,
)
from .illegal import Illegal
from .table import is_card_id, resolve, shown

if TYPE_CHECKING:
    from .cards.compiler.partial import Reading
    from .state import Pokemon, Seat

Step = dict[str, Any]
FieldErrors = dict[str, list[str]]

MAX_STEPS = 30
MAX_DAMAGE = 500          # above any printed HP: a step beyond it is a typing slip
MAX_FLIPS = 20
FROM_ZONES = ("hand", "deck", "discard", "prizes", "lost_zone", "attached", "stadium")
TO_ZONES = ("hand", "deck", "deck_bottom", "discard", "prizes", "lost_zone", "attached", "bench")
RETURN_ZONES = ("hand", "deck", "deck_bottom", "discard", "lost_zone")
FACE_UP = ("discard", "lost_zone", "attached", "bench")
ZONE_WORDS = {"hand": msg("the hand"), "deck": msg("the top of the deck"),
              "deck_bottom": msg("the bottom of the deck"), "discard": msg("the discard pile"),
              "prizes": msg("the Prize cards"), "lost_zone": msg("the Lost Zone"), "attached": msg("a Pokémon"),
              "bench": msg("the Bench"), "stadium": msg("play")}
FROM_WORDS = {"deck": msg("the deck")}
PLACE_WORDS = {"active": msg("Active Pokémon"), "bench": msg("Benched Pokémon")}
# Steps only an attack's text may declare (they are the attack's damage).
ATTACK_ONLY = ("base_damage", "damage")
# R-DECLARE-5: what a refusal calls a zone, and a kind of step a text bounds (at most …, none).
BOUND_ZONE_WORDS = {"deck": msg("the deck"), "stadium": msg("a Stadium")}
BOUND_WORDS = {"counters": (msg("damage counters"), msg("damage counters")),
               "heal": (msg("damage healed"), msg("healing")), "cards": (msg("cards"), msg("cards")),
               "draw": (msg("cards drawn"), msg("drawing cards")), "flips": (msg("coin flips"), msg("coin flips"))}

# op -> field -> kind ("ids", "id", "int", "seat", "bool", "zone:<list>", "condition")
STEP_FIELDS: dict[str, dict[str, str]] = {
    "move": {"cards": "ids", "count": "int", "all": "bool", "from": "from", "to": "to", "seat": "seat",
             "target": "id"},
    "return_pokemon": {"pokemon": "id", "to": "return", "seat": "seat"},
    "base_damage": {"amount": "tens"},
    "damage": {"target": "id", "amount": "tens"},
    "counters": {"target": "id", "count": "int"},
    "heal": {"target": "id", "amount": "tens"},
    "switch": {"seat": "seat", "to": "id"},
    "condition": {"target": "id", "add": "condition", "remove": "condition"},
    "draw": {"count": "int", "seat": "seat"},
    "shuffle": {"seat": "seat"},
    "reveal": {"cards": "ids", "from": "reveal"},
    "flip": {"count": "int"},
}
REQUIRED: dict[str, tuple[str, ...]] = {
    "move": ("from", "to"), "return_pokemon": ("pokemon", "to"), "base_damage": ("amount",),
    "damage": ("target", "amount"), "counters": ("target", "count"), "heal": ("target", "amount"),
    "switch": ("to",), "draw": ("count",), "reveal": ("cards",), "flip": ("count",)}
# Members of which a step gives exactly one.
ONE_OF: dict[str, tuple[str, ...]] = {"move": ("cards", "count", "all"), "condition": ("add", "remove")}
_CHOICES = {"from": FROM_ZONES, "to": TO_ZONES, "return": RETURN_ZONES, "condition": SPECIAL_CONDITIONS,
            "reveal": ("hand", "deck")}
_MAX_TEXT = 64


def _field_errors(kind: str, value: Any, at: str) -> list[str]:
    if kind == "ids":
        ok = isinstance(value, list) and len(value) <= 60 and all(
            isinstance(v, str) and 1 <= len(v) <= _MAX_TEXT for v in value)
        return [] if ok else [msg("must be a list of at most 60 card instances or card ids")]
    if kind == "id":
        return [] if isinstance(value, str) and 1 <= len(value) <= _MAX_TEXT else [msg("must be a card instance")]
    if kind in ("int", "tens"):
        top = MAX_DAMAGE if kind == "tens" else 60
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            return [msg("must be an integer from 0 to %(max)s", max=top)]
        return [] if kind == "int" or value % 10 == 0 else [msg("must be a multiple of 10")]
    if kind == "seat":
        return [] if value in (0, 1) and not isinstance(value, bool) else [msg("must be 0 or 1")]
    if kind == "bool":
        return [] if isinstance(value, bool) else [msg("must be true or false")]
    allowed = _CHOICES[kind]
    return [] if value in allowed else [msg("must be one of %(types)s", types=", ".join(allowed))]


def steps_errors(steps: Any, where: str = "action.declared") -> FieldErrors:
    """Field errors in a declared step list (its shape, not its legality)."""
    if not isinstance(steps, list):
        return {where: [msg("must be a list of steps")]}
    if len(steps) > MAX_STEPS:
        return {where: [msg("must hold at most %(max)s steps", max=MAX_STEPS)]}
    errors: FieldErrors = {}
    for n, step in enumerate(steps):
        errors.update(_step_errors(step, f"{where}[{n}]"))
    return errors


def _step_errors(step: Any, at: str) -> FieldErrors:
    if not isinstance(step, dict):
        return {at: [msg("must be an object with an op")]}
    op = step.get("op")
    fields = STEP_FIELDS.get(op) if isinstance(op, str) else None
    if fields is None or not isinstance(op, str):
        return {f"{at}.op": [msg("must be one of %(types)s", types=", ".join(STEP_FIELDS))]}
    errors: FieldErrors = {}
    for key, value in step.items():
        if key == "op":
            continue
        if key not in fields:
            errors[f"{at}.{key}"] = [msg("unknown field for %(type)s", type=op)]
        elif problems := _field_errors(fields[key], value, f"{at}.{key}"):
            errors[f"{at}.{key}"] = problems
    for key in REQUIRED.get(op, ()):
        if key not in step:
            errors[f"{at}.{key}"] = [msg("missing")]
    members = ONE_OF.get(op, ())
    if members and sum(k in step for k in members) != 1:
        errors[f"{at}.{members[0]}"] = [msg("give exactly one of %(fields)s", fields=", ".join(members))]
    return errors


class Declared:
    """One declared effect under way: the steps, checked and carried out in order."""

    def __init__(self, ctx: Ctx, steps: list[Step], what: str, *, attack: Any = None):
        self.ctx = ctx
        self.steps = steps
        self.what = what
        self.attack = attack          # the AttackCtx when the text is an attack's
        self.base_damage: int | None = None
        self.ran = False
        self.reading: Reading | None = None     # what the printed text bounds (R-DECLARE-5)
        self.itself: Pokemon | None = None      # the text's "this Pokémon"
        self.flipped = 0

    def bound_by(self, reading: Reading | None, itself: Pokemon | None = None) -> Declared:
        """Check the steps against what the card's printed text bounds (R-DECLARE-5)."""
        self.reading, self.itself = reading, itself
        return self

    # -- the attack's damage ---------------------------------------------------------------

    def declared_base(self, printed: int, mark: str) -> int | None:
        """The base damage a `base_damage` step declares (checked against the printed mark)."""
        found = [s for s in self.steps if s["op"] == "base_damage"]
        if not found:
            return None
        if len(found) > 1:
            raise Illegal("R-DECLARE-1", msg("%(what)s: declare the base damage once.", what=self.what))
        amount = found[0]["amount"]
        if mark == "+" and amount < printed:
            raise Illegal("R-DECLARE-1", msg("%(what)s: the printed damage is %(printed)s+; %(amount)s is less.",
                                             what=self.what, printed=printed, amount=amount))
        if mark == "-" and amount > printed:
            raise Illegal("R-DECLARE-1", msg("%(what)s: the printed damage is %(printed)s-; %(amount)s is more.",
                                             what=self.what, printed=printed, amount=amount))
        if mark == "×" and printed and amount % printed:
            raise Illegal("R-DECLARE-1", msg("%(what)s: the printed damage is %(printed)s×; %(amount)s is not a "
                                             "multiple of it.", what=self.what, printed=printed, amount=amount))
        self.base_damage = amount
        return amount

    # -- carrying the steps out ------------------------------------------------------------

    def run(self) -> None:
        ctx = self.ctx
        self.ran = True
        before = dict(ctx.state.known)
        ctx.say(msg_n("%(seat)s declares the effect of %(what)s (%(num)s step(s); the engine checks each).",
                      "%(seat)s declares the effect of %(what)s (%(num)s step(s); the engine checks each).",
                      len(self.steps), seat=ctx.seat_label(ctx.seat), what=self.what), "R-DECLARE-1")
        for n, step in enumerate(self.steps):
            op = step["op"]
            if op in ATTACK_ONLY and self.attack is None:
                raise Illegal("R-DECLARE-1", msg("%(what)s: step %(n)s (%(op)s) belongs to an attack's damage; "
                                                 "place damage counters instead.", what=self.what, n=n + 1, op=op))
            if op == "base_damage":
                continue      # read before the damage (declared_base)
            why = msg("%(what)s, step %(n)s (%(op)s)", what=self.what, n=n + 1, op=op)
            self._within(step, why)
            getattr(self, f"_{op}")(step, why)
        for inst, card_id in ctx.state.known.items():
            if inst not in before:
                ctx.rng.learned(inst, card_id)
        if self.attack is None:     # an attack's Knock Outs are its own (R-ATTACK-2)
            for seat in ctx.state.seats:
                for p in seat.in_play():
                    if p.damage >= ctx.state.hp(p):
                        ctx.say(msg("After the declared steps %(pokemon)s has %(damage)s damage of %(hp)s HP: "
                                    "the rules Knock it Out.", pokemon=ctx.name(p), damage=p.damage,
                                    hp=ctx.state.hp(p)), "R-DECLARE-3")

    def _seat(self, step: Step) -> int:
        return step.get("seat", self.ctx.seat)

    def _pick(self, zone: list[str], value: str, why: str, taken: set[str]) -> str:
        """An instance of `zone` named by instance or card id (module docstring)."""
        ctx = self.ctx
        if ctx.state.table and is_card_id(value):
            inst = resolve(ctx, zone, value, why, taken)
        elif value in zone and value not in taken:
            inst = value
        else:
            inst = next((i for i in zone if i not in taken and ctx.state.card_id(i) == value), "")
        if not isinstance(inst, str) or inst not in zone:
            raise Illegal("R-DECLARE-1", msg("%(why)s: %(value)s is not there.", why=why, value=repr(value)),
                          private_to=self._owner(zone))
        taken.add(inst)
        return inst

    def _owner(self, zone: list[str]) -> int | None:
        return self.ctx.state.owner(zone[0]) if zone else None

    def _pokemon(self, value: Any, why: str, seat: int | None = None) -> tuple[int, Pokemon, str]:
        owner, p, place = self.ctx.state.find_pokemon(value)
        if p is None or owner is None or place is None or p.top != value or (seat is not None and owner != seat):
            if seat is None:
                raise Illegal("R-DECLARE-1", msg("%(why)s: %(value)s is not a Pokémon in play (name its top card).",
                                                 why=why, value=repr(value)))
            raise Illegal("R-DECLARE-1", msg("%(why)s: %(value)s is not a Pokémon of %(seat)s in play (name its top "
                                             "card).", why=why, value=repr(value), seat=self.ctx.seat_label(seat)))
        return owner, p, place

    def _attached_cards(self, seat: Seat) -> dict[str, Pokemon]:
        return {i: p for p in seat.in_play() for i in (*p.energy, *p.attached)}

    def _move(self, step: Step, why: str) -> None:
        ctx = self.ctx
        seat_no = self._seat(step)
        seat = ctx.state.seats[seat_no]
        src, dst = step["from"], step["to"]
        if src == dst and src not in ("attached", "deck"):
            raise Illegal("R-DECLARE-1", msg("%(why)s: the cards would stay where they are.", why=why))
        cards = self._take(step, seat_no, seat, why)
        self._within_taken(step, seat, cards, why)
        if dst == "bench":
            self._check_bench(seat, cards, why)
        target = self._target_of(step, seat_no, cards, why) if dst == "attached" else None
        self._remove(seat_no, seat, src, cards)
        self._put(seat_no, seat, dst, cards, target)
        shown_to: Any = "*" if dst in FACE_UP or src in ("discard", "lost_zone", "attached", "stadium") \
            else [seat_no]
        where = FROM_WORDS.get(src, ZONE_WORDS[src])
        refs = ctx.refs(cards, shown_to=shown_to)
        if target is not None:
            ctx.say(msg_n("%(why)s: %(num)s card(s) of %(seat)s from %(from)s to %(to)s on %(pokemon)s (%(cards)s).",
                          "%(why)s: %(num)s card(s) of %(seat)s from %(from)s to %(to)s on %(pokemon)s (%(cards)s).",
                          len(cards), why=why, seat=ctx.seat_label(seat_no), to=ZONE_WORDS[dst], cards=refs,
                          pokemon=ctx.name(target), **{"from": where}), "R-DECLARE-1")
        else:
            ctx.say(msg_n("%(why)s: %(num)s card(s) of %(seat)s from %(from)s to %(to)s (%(cards)s).",
                          "%(why)s: %(num)s card(s) of %(seat)s from %(from)s to %(to)s (%(cards)s).",
                          len(cards), why=why, seat=ctx.seat_label(seat_no), to=ZONE_WORDS[dst], cards=refs,
                          **{"from": where}), "R-DECLARE-1")

    def _take(self, step: Step, seat_no: int, seat: Seat, why: str) -> list[str]:
        ctx = self.ctx
        src = step["from"]
        if src == "stadium":
            stadium = ctx.state.stadium
            if not stadium or stadium["owner"] != seat_no:
                raise Illegal("R-DECLARE-1", msg("%(why)s: %(seat)s has no Stadium in play.", why=why,
                                                 seat=ctx.seat_label(seat_no)))
            return [stadium["card"]]
        zone = list(self._attached_cards(seat)) if src == "attached" else list(getattr(seat, src))
        if step.get("all"):
            return zone
        if "count" in step:
            if src not in ("deck", "prizes"):
                raise Illegal("R-DECLARE-1", msg("%(why)s: a count takes from the deck or the Prize cards; name the "
                                                 "cards.", why=why))
            return zone[:step["count"]]       # R-TRAINER-5: as many as there are
        taken: set[str] = set()
        step["cards"] = [self._pick(zone, value, why, taken) for value in step["cards"]]
        return list(step["cards"])

    def _check_bench(self, seat: Seat, cards: list[str], why: str) -> None:
        ctx = self.ctx
        not_basic = [c for c in cards if not ctx.state.card_of(c).is_basic_pokemon]
        if not_basic:
            raise Illegal("R-BENCH-2", msg("%(why)s: %(card)s is not a Basic Pokémon.", why=why,
                                           card=ctx.ref(not_basic[0], "*")))
        size = bench_size(ctx.state, next(i for i, s in enumerate(ctx.state.seats) if s is seat))
        if len(seat.bench) + len(cards) > size:
            raise Illegal("R-BENCH-1", msg("%(why)s: the Bench has room for %(room)s.", why=why,
                                           room=size - len(seat.bench)))

    def _target_of(self, step: Step, seat_no: int, cards: list[str], why: str) -> Pokemon:
        ctx = self.ctx
        if "target" not in step:
            raise Illegal("R-DECLARE-1", msg("%(why)s: name the Pokémon the cards go on (target).", why=why))
        _, p, _ = self._pokemon(step["target"], why, seat_no)
        for c in cards:
            card = ctx.state.card_of(c)
            if card.supertype == "Pokemon" or (card.supertype == "Trainer" and card.trainer_kind != "tool"):
                raise Illegal("R-DECLARE-1", msg("%(why)s: only Energy and Pokémon Tools are attached (%(card)s is "
                                                 "not).", why=why, card=ctx.ref(c, "*")))
        tools = [c for c in cards if ctx.state.card_of(c).trainer_kind == "tool"]
        has_tool = any(ctx.state.card_of(i).trainer_kind == "tool" for i in p.attached)
        if len(tools) + has_tool > 1:
            raise Illegal("R-TRAINER-4", msg("%(why)s: %(pokemon)s may hold one Pokémon Tool.", why=why,
                                             pokemon=ctx.name(p)))
        return p

    def _remove(self, seat_no: int, seat: Seat, src: str, cards: list[str]) -> None:
        state = self.ctx.state
        if src == "stadium":
            state.stadium = None
            return
        if src == "attached":
            holders = self._attached_cards(seat)
            for c in cards:
                p = holders[c]
                (p.energy if c in p.energy else p.attached).remove(c)
            return
        zone = getattr(seat, src)
        for c in cards:
            zone.remove(c)

    def _put(self, seat_no: int, seat: Seat, dst: str, cards: list[str], target: Pokemon | None) -> None:
        ctx = self.ctx
        if dst == "deck":
            seat.deck[:0] = cards
        elif dst == "deck_bottom":
            seat.deck.extend(cards)
        elif dst == "bench":
            from .actions import put_on_bench  # the rules' own bench step (hooks, entered_turn)
            for c in cards:
                seat.hand.append(c)
                put_on_bench(ctx, c)
        elif dst == "attached":
            assert target is not None
            for c in cards:
                if ctx.state.card_of(c).supertype == "Energy":
                    attach_by_effect(ctx, target, c, from_hand=False)
                else:
                    target.attached.append(c)
        elif dst == "discard":
            discard_cards(ctx, seat_no, cards)     # face up: the table may name them (revealed)
        else:
            getattr(seat, dst).extend(cards)
            if dst == "lost_zone":
                shown(ctx, seat_no, cards)

    def _return_pokemon(self, step: Step, why: str) -> None:
        ctx = self.ctx
        seat_no = self._seat(step)
        _, p, place = self._pokemon(step["pokemon"], why, seat_no)
        if place == "active" and self.attack is not None:
            raise Illegal("R-DECLARE-1", msg("%(why)s: an attack's declared steps don't take an Active Pokémon out "
                                             "of play (a judge's call).", why=why))
        seat = ctx.state.seats[seat_no]
        cards = p.all_cards()
        remove_pokemon_from_play(ctx, seat_no, p)
        self._put(seat_no, seat, step["to"], cards, None)
        shown_to: Any = "*"
        ctx.say(msg("%(why)s: %(seat)s's %(pokemon)s and every card on it go to %(to)s (%(cards)s).", why=why,
                    seat=ctx.seat_label(seat_no), pokemon=ctx.name(p), to=ZONE_WORDS[step["to"]],
                    cards=ctx.refs(cards, shown_to=shown_to)), "R-DECLARE-1")

    def _damage(self, step: Step, why: str) -> None:
        """An attack's damage to one of the opponent's Pokémon or one of the attacker's own
        Benched Pokémon (module docstring); a Tera Pokémon on either Bench takes none (R-DAMAGE-4,
        combat.deal_damage), never turned into counters."""
        ctx, actx = self.ctx, self.attack
        owner, p, place = ctx.state.find_pokemon(step["target"])
        if p is None or p.top != step["target"] or (owner == ctx.seat and place != "bench"):
            raise Illegal("R-DECLARE-1", msg("%(why)s: %(value)s is not a Pokémon of %(seat)s in play nor a Benched "
                                             "Pokémon of %(own)s (name its top card).", why=why,
                                             value=repr(step["target"]), seat=ctx.seat_label(1 - ctx.seat),
                                             own=ctx.seat_label(ctx.seat)))
        theirs_active = owner != ctx.seat and place == "active"
        actx.deal_damage(p, step["amount"], to_defending=theirs_active, apply_wr=theirs_active)

    def _counters(self, step: Step, why: str) -> None:
        _, p, _ = self._pokemon(step["target"], why)
        if not step["count"] or step["count"] * 10 > MAX_DAMAGE:
            raise Illegal("R-DECLARE-1", msg("%(why)s: place 1 to %(max)s damage counters.", why=why,
                                             max=MAX_DAMAGE // 10))
        place_counters(self.ctx, p, step["count"], why)

    def _heal(self, step: Step, why: str) -> None:
        ctx = self.ctx
        _, p, _ = self._pokemon(step["target"], why)
        if step["amount"] > p.damage:
            raise Illegal("R-DECLARE-1", msg("%(why)s: %(pokemon)s has %(damage)s damage, not %(amount)s.", why=why,
                                             pokemon=ctx.name(p), damage=p.damage, amount=step["amount"]))
        healed = heal(ctx, p, step["amount"])
        ctx.say(msg("%(why)s: %(pokemon)s heals %(healed)s damage (%(damage)s/%(hp)s).", why=why, pokemon=ctx.name(p),
                    healed=healed, damage=p.damage, hp=ctx.state.hp(p)), "R-DECLARE-1")

    def _switch(self, step: Step, why: str) -> None:
        ctx = self.ctx
        seat_no = self._seat(step)
        _, p, place = self._pokemon(step["to"], why, seat_no)
        if place != "bench":
            raise Illegal("R-DECLARE-1", msg("%(why)s: %(pokemon)s is not on the Bench.", why=why, pokemon=ctx.name(p)))
        old = switch_active(ctx, seat_no, p)
        ctx.say(msg("%(why)s: %(pokemon)s becomes %(seat)s's Active Pokémon; %(old)s goes to the Bench.", why=why,
                    pokemon=ctx.name(p), seat=ctx.seat_label(seat_no), old=ctx.name(old)), "R-RETREAT-6")

    def _condition(self, step: Step, why: str) -> None:
        ctx = self.ctx
        _, p, place = self._pokemon(step["target"], why)
        if place != "active":
            raise Illegal("R-STATUS-1", msg("%(why)s: only an Active Pokémon has Special Conditions.", why=why))
        if "add" in step:
            given = self.attack.inflict(p, step["add"]) if self.attack is not None else inflict(ctx, p, step["add"])
            if not given and step["add"] not in p.conditions:
                ctx.say(msg("%(why)s: %(pokemon)s can't be %(condition)s.", why=why, pokemon=ctx.name(p),
                            condition=condition_name(step["add"])), "R-DECLARE-1")
            return
        if step["remove"] not in p.conditions:
            raise Illegal("R-DECLARE-1", msg("%(why)s: %(pokemon)s is not %(condition)s.", why=why, pokemon=ctx.name(p),
                                             condition=condition_name(step["remove"])))
        cure(p, step["remove"])
        ctx.say(msg("%(why)s: %(pokemon)s is no longer %(condition)s.", why=why, pokemon=ctx.name(p),
                    condition=condition_name(step["remove"])), "R-DECLARE-1")

    def _draw(self, step: Step, why: str) -> None:
        ctx = self.ctx
        seat_no = self._seat(step)
        drawn = draw(ctx, seat_no, step["count"])
        ctx.say(msg_n("%(why)s: %(seat)s draws %(num)s card(s) (%(cards)s).",
                      "%(why)s: %(seat)s draws %(num)s card(s) (%(cards)s).", len(drawn), why=why,
                      seat=ctx.seat_label(seat_no), cards=ctx.refs(drawn, shown_to=[seat_no])), "R-TRAINER-5")

    def _shuffle(self, step: Step, why: str) -> None:
        seat_no = self._seat(step)
        shuffle_deck(self.ctx, seat_no)
        self.ctx.say(msg("%(why)s: %(seat)s shuffles the deck.", why=why, seat=self.ctx.seat_label(seat_no)),
                     "R-DECLARE-1")

    def _reveal(self, step: Step, why: str) -> None:
        ctx = self.ctx
        seat = ctx.state.seats[ctx.seat]
        zone = list(getattr(seat, step.get("from", "hand")))
        taken: set[str] = set()
        cards = step["cards"] = [self._pick(zone, value, why, taken) for value in step["cards"]]
        ctx.say(msg("%(why)s: %(seat)s shows %(cards)s.", why=why, seat=ctx.seat_label(ctx.seat),
                    cards=ctx.refs(cards, shown_to="*")), "R-DECLARE-1")

    def _flip(self, step: Step, why: str) -> None:
        if not 1 <= step["count"] <= MAX_FLIPS:
            raise Illegal("R-DECLARE-1", msg("%(why)s: flip 1 to %(max)s coins.", why=why, max=MAX_FLIPS))
        for n in range(step["count"]):
            self.ctx.flip(joined((why, f"({n + 1})"), " "))


    # -- R-DECLARE-5: within what the printed text bounds ------------------------------------

    def _within(self, step: Step, why: str) -> None:
        """The step within the printed text's bounds, before the board is looked at."""
        check = getattr(self, f"_within_{step['op']}", None)
        if self.reading is not None and check is not None:
            check(self.reading, step, why)

    def _within_damage(self, r: Reading, step: Step, why: str) -> None:
        if r.damage is not None and not r.damage.allows(step["amount"]):
            printed = [*(str(n) for n in sorted(r.damage.exact)),
                       *(msg("%(num)s for each", num=n) for n in sorted(r.damage.per))]
            if not printed:
                raise Illegal("R-DECLARE-5", msg("%(why)s: the card's text prints no damage amount besides the "
                                                 "attack's own (declare that as base_damage).", why=why))
            raise Illegal("R-DECLARE-5", msg("%(why)s: the card's text prints no damage of %(amount)s (it prints "
                                             "%(printed)s).", why=why, amount=step["amount"],
                                             printed=joined(printed)))
        self._within_place(r, step["target"], why)

    def _within_counters(self, r: Reading, step: Step, why: str) -> None:
        self._at_most(r.counters, step["count"], "counters", why)
        self._within_place(r, step["target"], why)

    def _within_heal(self, r: Reading, step: Step, why: str) -> None:
        self._at_most(r.heal, step["amount"], "heal", why)
        self._within_place(r, step["target"], why)

    def _within_condition(self, r: Reading, step: Step, why: str) -> None:
        condition = step["add"] if "add" in step else step["remove"]
        if r.conditions is not None and condition not in r.conditions:
            self._unnamed(condition_name(condition), why)
        self._within_place(r, step["target"], why)

    def _within_switch(self, r: Reading, step: Step, why: str) -> None:
        if r.switch is False:
            self._unnamed(msg("a switch"), why)
        self._within_side(r, self._seat(step), why)

    def _within_move(self, r: Reading, step: Step, why: str) -> None:
        self._within_zone(r, step["from"], why)
        self._within_zone(r, step["to"], why)
        if step["from"] != "stadium":          # the Stadium in play is either player's
            self._within_side(r, self._seat(step), why)
        if "cards" in step or "count" in step:     # "all": the cards taken (_within_taken)
            self._at_most(r.cards, len(step["cards"]) if "cards" in step else step["count"], "cards", why)
        if step["to"] == "attached" and "target" in step:
            self._within_place(r, step["target"], why)

    def _within_taken(self, step: Step, seat: Seat, cards: list[str], why: str) -> None:
        """The cards a move takes: as many as the text allows ("all": the zones' sizes are
        public), from the Pokémon it names (attached cards are face up)."""
        r = self.reading
        if r is None:
            return
        if step.get("all"):
            self._at_most(r.cards, len(cards), "cards", why)
        if step["from"] == "attached":
            holders = self._attached_cards(seat)
            for c in cards:
                self._within_place(r, holders[c].top, why)

    def _within_return_pokemon(self, r: Reading, step: Step, why: str) -> None:
        self._within_zone(r, step["to"], why)
        self._within_side(r, self._seat(step), why)
        self._within_place(r, step["pokemon"], why)

    def _within_draw(self, r: Reading, step: Step, why: str) -> None:
        self._at_most(r.draw, step["count"], "draw", why)
        self._within_side(r, self._seat(step), why)

    def _within_flip(self, r: Reading, step: Step, why: str) -> None:
        self.flipped += step["count"]
        self._at_most(r.flips, self.flipped, "flips", why)

    def _at_most(self, most: int | None, declared: int, kind: str, why: str) -> None:
        if most is None or declared <= most:
            return
        words, none = BOUND_WORDS[kind]
        if not most:
            self._unnamed(none, why)
        raise Illegal("R-DECLARE-5", msg("%(why)s: the card's text allows at most %(most)s %(what)s, not "
                                         "%(declared)s.", why=why, most=most, what=words, declared=declared))

    def _unnamed(self, what: str, why: str) -> NoReturn:
        raise Illegal("R-DECLARE-5", msg("%(why)s: the card's text does not name %(what)s.", why=why, what=what))

    def _within_zone(self, r: Reading, zone: str, why: str) -> None:
        if r.zones is not None and zone not in r.zones:
            self._unnamed(BOUND_ZONE_WORDS.get(zone, ZONE_WORDS[zone]), why)

    def _within_side(self, r: Reading, seat_no: int, why: str) -> None:
        if r.sides is not None and ("own" if seat_no == self.ctx.seat else "opp") not in r.sides:
            self._unnamed(msg("the cards of %(seat)s", seat=self.ctx.seat_label(seat_no)), why)

    def _within_place(self, r: Reading, value: Any, why: str) -> None:
        """The Pokémon a step names is one the text names ("this Pokémon", a side's Active or
        Bench); a value naming no Pokémon in play is the step's own check's to refuse."""
        owner, p, place = self.ctx.state.find_pokemon(value)
        if r.places is None or p is None or owner is None or place not in ("active", "bench") or p.top != value:
            return
        if "self" in r.places and self.itself is not None and p.stack[0] == self.itself.stack[0]:
            return
        if f"{'own' if owner == self.ctx.seat else 'opp'}_{place}" not in r.places:
            raise Illegal("R-DECLARE-5", msg("%(why)s: the card's text names no %(place)s of %(seat)s; %(pokemon)s "
                                             "is one.", why=why, seat=self.ctx.seat_label(owner),
                                             place=PLACE_WORDS[place], pokemon=self.ctx.name(p)))


def copy_steps(steps: list[Step]) -> list[Step]:
    """The action's steps as the run may rewrite them (card ids to instances), leaving the
    caller's action as it was."""
    return [dict(s, **({"cards": list(s["cards"])} if "cards" in s else {})) for s in steps]
