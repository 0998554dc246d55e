"""The working context of one action and the small board operations every rule uses."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..messages import joined, msg, msg_n
from ..text import card_ref
from . import hooks
from .carddb import ANY_TYPE
from .hooks import AttachEvent, EnergyEvent
from .illegal import Illegal
from .rulesets import get_ruleset
from .table import drawn, forget_positions, show_hand, shown

if TYPE_CHECKING:
    from .carddb import AttackDef, CardDef
    from .randomness import Source
    from .state import Pokemon, State

SPECIAL_CONDITIONS = ("asleep", "confused", "paralyzed", "poisoned", "burned")
EXCLUSIVE_CONDITIONS = ("asleep", "confused", "paralyzed")   # R-STATUS-7
# A Special Condition's name as a sentence writes it ("Asleep"): a translatable word.
CONDITION_NAMES = {"asleep": msg("Asleep"), "confused": msg("Confused"), "paralyzed": msg("Paralyzed"),
                   "poisoned": msg("Poisoned"), "burned": msg("Burned")}


# A narration line and the rule it cites: no words, so no catalogue entry.
RULED = "%(text)s [%(rule)s]"


def condition_name(condition: str) -> str:
    """The name of a Special Condition ("asleep" → "Asleep"), translatable (a Message)."""
    return CONDITION_NAMES.get(condition) or condition.capitalize()


# A power's kind as a sentence writes it ("Poké-Power", "Ability"): a translatable word.
POWER_KIND_NAMES = {"Ability": msg("Ability"), "Poké-Power": msg("Poké-Power"), "Poké-Body": msg("Poké-Body"),
                    "Pokémon Power": msg("Pokémon Power")}


def power_kind_name(kind: str) -> str:
    """The name of a power's kind, translatable (a Message) where it is one of the known kinds."""
    return POWER_KIND_NAMES.get(kind) or kind




class Ctx:
    """One action being carried out on a (cloned) state."""

    def __init__(self, state: State, rng: Source, seat: int):
        self.state = state
        self.rng = rng
        self.seat = seat
        self.rules = get_ruleset(state.ruleset)
        self.narration: list[str] = []
        # The steps the action declares for an effect the engine does not encode (declare.py),
        # shared with the card contexts derived from this one: {"steps": [...], "used": bool}.
        self.declaration: dict[str, Any] = {"steps": None, "used": False}
        # Table mode: the seat of the player reporting this action, None for a judge or the
        # scorekeeper (table.py, "What a player reporting knows").
        self.reporter: int | None = None

    @property
    def opp(self) -> int:
        return 1 - self.seat

    def say(self, text: str, rule: str | None = None) -> None:
        self.narration.append(msg(RULED, text=text, rule=rule) if rule else text)

    def flip(self, why: str) -> bool:
        heads = self.rng.flip()
        self.say(msg("Coin flip for %(why)s: %(side)s.", why=why,
                     side=msg("heads") if heads else msg("tails")))
        return heads

    def name(self, instance_or_pokemon: str | Pokemon) -> str:
        inst = instance_or_pokemon if isinstance(instance_or_pokemon, str) else instance_or_pokemon.top
        return self.state.card_of(inst).name

    def seat_label(self, seat_no: int) -> str:
        return msg("Seat %(n)s (%(name)s)", n=seat_no, name=self.state.seats[seat_no].name)

    def ref(self, instance: str, shown_to: Iterable[int] | str | None = None) -> str:
        """A card named in a text where it may be hidden from a reader (projections.text):
        rendered per reader; `shown_to` ("*" or seats) when this action shows it to them."""
        return card_ref(instance, self.state.card_of(instance).name, shown_to)

    def refs(self, instances: Iterable[str], shown_to: Iterable[int] | str | None = None) -> str:
        return joined(self.ref(i, shown_to) for i in instances) or msg("none")

    def show_hand(self, seat_no: int, why: str) -> None:
        """A hand shown to both players: at a paper table its unknown cards must be reported
        (table.show_hand, R-TABLE-2); elsewhere nothing to do, every card is known."""
        show_hand(self, seat_no, why)

    def ask(self, kind: str, card: str, look: Iterable[str], **params: Any) -> None:
        """Stop half way through a card: `look` (instances) is shown to the acting seat, whose
        next action is `choose` (actions.do_choose: the `resolve` of what asked). `card` is
        the Trainer played, or the Pokémon (its top card) whose attack or power asks; then
        `params` say which: `by="attack", attack=<name>, effect=<index>` or `by="power"`."""
        self.state.pending = {"seat": self.seat, "card": card, "kind": kind, "look": list(look),
                              **params}


def usable_attacks(state: State, p: Pokemon) -> list[AttackDef]:
    """The attacks a Pokémon may use: its own, then those printed on cards attached to it (a
    Technical Machine's text gives its attack to the Pokémon it is attached to)."""
    own = state.card_of(p.top).attacks
    if hooks.may_answer(state, "attacks"):
        own = hooks.modify(state, "attacks", hooks.PokemonEvent(state, p, state.find_pokemon(p.top)[0]), own)
    off = hooks.tools_have_no_effect(state)     # a Technical Machine is a Tool: switched off, no attack
    return [*own, *(a for i in p.attached for a in state.card_of(i).attacks
                    if state.card_of(i).supertype == "Trainer" and not hooks.is_switched_off_tool(state, i, off))]


def usable_attack(state: State, p: Pokemon, name: str) -> AttackDef | None:
    return next((a for a in usable_attacks(state, p) if a.name == name), None)


def waiting_effect(state: State) -> Any:
    """What waits for the `choose` step: the Trainer played, or the effect of the attack or
    the power that showed its player hidden cards (core.Ctx.ask)."""
    pending = state.pending
    assert pending is not None, "a card waits"
    c = state.card_of(pending["card"])
    by = pending.get("by", "trainer")
    if by == "attack":
        attack = c.attack(pending["attack"])
        if attack is None:         # an attack the Pokémon has from the effects in play (a copy)
            p = state.find_pokemon(pending["card"])[1]
            attack = usable_attack(state, p, pending["attack"]) if p is not None else None
        assert attack is not None, "the attack that asked"
        return attack.effects[pending["effect"]]
    effect = c.power.effect if by == "power" and c.power else c.trainer
    assert effect is not None, "what asked"
    return effect



# -- cards and zones ---------------------------------------------------------------------

CARD = msg("card")      # what a hand lacks, by default ("has no card 0:12 in hand")


def shuffle_deck(ctx: Ctx, seat_no: int) -> None:
    """A shuffle with the action's randomness; at a paper table (table mode) the table
    shuffled: no order is drawn, every known position in the deck is forgotten."""
    if ctx.state.table:
        forget_positions(ctx.state, seat_no)
        return
    deck = ctx.state.seats[seat_no].deck
    perm = ctx.rng.shuffle(len(deck))
    ctx.state.seats[seat_no].deck = [deck[i] for i in perm]


def draw(ctx: Ctx, seat_no: int, n: int = 1) -> list[str]:
    """Draw up to n cards (R-TRAINER-5: drawing more than there are is not a loss); at a
    paper table the table may name them."""
    seat = ctx.state.seats[seat_no]
    taken = seat.deck[:n]
    del seat.deck[:n]
    seat.hand.extend(taken)
    drawn(ctx, seat_no, taken)
    return taken


def remove_from_hand(ctx: Ctx, seat_no: int, instance: str, rule: str, what: str = CARD) -> None:
    hand = ctx.state.seats[seat_no].hand
    if instance not in hand:
        raise Illegal(rule, msg("%(seat)s has no %(what)s %(instance)s in hand.",
                                seat=ctx.seat_label(seat_no), what=what, instance=str(instance)))
    hand.remove(instance)


def require_in_hand(ctx: Ctx, seat_no: int, instance: str, rule: str, what: str = CARD) -> CardDef:
    if instance not in ctx.state.seats[seat_no].hand:
        raise Illegal(rule, msg("%(seat)s has no %(what)s %(instance)s in hand.",
                                seat=ctx.seat_label(seat_no), what=what, instance=str(instance)))
    return ctx.state.card_of(instance)


def own_pokemon(ctx: Ctx, seat_no: int, instance: Any, rule: str) -> tuple[Pokemon, str]:
    """`instance` (as an action gave it: maybe not even a str) names one of the seat's
    Pokémon in play: that Pokémon and its place; else Illegal."""
    owner, p, place = ctx.state.find_pokemon(instance) if isinstance(instance, str) else (None, None, None)
    if p is None or place is None or owner != seat_no:
        raise Illegal(rule, msg("%(instance)s is not one of %(seat)s's Pokémon in play.",
                                instance=str(instance), seat=ctx.seat_label(seat_no)))
    return p, place


def bench_pokemon(ctx: Ctx, seat_no: int, instance: Any, rule: str) -> Pokemon:
    p, place = own_pokemon(ctx, seat_no, instance, rule)
    if place != "bench":
        raise Illegal(rule, msg("%(pokemon)s (%(instance)s) is not on %(seat)s's Bench.",
                                pokemon=ctx.name(p), instance=str(instance), seat=ctx.seat_label(seat_no)))
    return p


def discard_cards(ctx: Ctx, seat_no: int, instances: Iterable[str]) -> None:
    """Cards go face up onto the discard pile: at a paper table the unknown ones among them
    (a hand discarded whole) may be named (`revealed`)."""
    instances = list(instances)
    ctx.state.seats[seat_no].discard.extend(instances)
    shown(ctx, seat_no, instances)


def remove_pokemon_from_play(ctx: Ctx, seat_no: int, p: Pokemon) -> None:
    seat = ctx.state.seats[seat_no]
    if seat.active is p:
        seat.active = None
    else:
        seat.bench.remove(p)


def discard_pokemon(ctx: Ctx, seat_no: int, p: Pokemon) -> None:
    """The Pokémon and every card on it go to the discard pile (R-KO-1)."""
    remove_pokemon_from_play(ctx, seat_no, p)
    discard_cards(ctx, seat_no, p.all_cards())


def bench_size(state: State, seat_no: int) -> int:
    """How many Pokémon the seat may have on its Bench now (R-BENCH-1): the ruleset's number, with
    every answer to `bench_size` (a Stadium that lets a player have more)."""
    size = get_ruleset(state.ruleset).bench_size
    if not hooks.may_answer(state, "bench_size"):
        return size
    return int(hooks.modify(state, "bench_size", hooks.SeatEvent(state, seat_no), size))


def benched(ctx: Ctx, seat_no: int, p: Pokemon) -> None:
    """`p` was just put onto the seat's Bench, in any way (not at setup): whatever answers
    `on_benched` hears it."""
    state = ctx.state
    if state.phase != "setup" and hooks.may_answer(state, "on_benched"):
        hooks.tell(state, "on_benched", hooks.PlayedEvent(ctx, p, p.top))


def promote_to_active(ctx: Ctx, seat_no: int, p: Pokemon) -> None:
    seat = ctx.state.seats[seat_no]
    seat.bench.remove(p)
    seat.active = p
    note_this_turn(ctx, MOVED_TO_ACTIVE, p)
    moved_to_active(ctx, seat_no, p)


def switch_active(ctx: Ctx, seat_no: int, new_active: Pokemon) -> Pokemon:
    """The Active goes to the Bench (losing conditions and effects, R-RETREAT-6)."""
    seat = ctx.state.seats[seat_no]
    old = seat.active
    assert old is not None, "a switch needs an Active Pokémon"
    idx = seat.bench.index(new_active)
    seat.bench[idx] = old
    seat.active = new_active
    clear_conditions_and_effects(old)
    note_this_turn(ctx, MOVED_TO_ACTIVE, new_active)
    moved_to_active(ctx, seat_no, new_active)
    if hooks.may_answer(ctx.state, "on_moved_to_bench"):
        hooks.tell(ctx.state, "on_moved_to_bench", hooks.PokemonEvent(ctx.state, old, seat_no, ctx))
    return old


def moved_to_active(ctx: Ctx, seat_no: int, p: Pokemon) -> None:
    """A Benched Pokémon moved to the Active Spot: what is in play hears it (`on_moved_to_active`)."""
    if hooks.may_answer(ctx.state, "on_moved_to_active"):
        hooks.tell(ctx.state, "on_moved_to_active", hooks.PokemonEvent(ctx.state, p, seat_no, ctx))


# The turn records of what happened to a Pokémon during this turn (modern rules only:
# `Ruleset.records_moves_and_heals`, so that the older eras' states hash as they always did;
# a key only once it happened): the Pokémon (the instance of its lowest card, which evolving
# keeps) that moved from the Bench to the Active Spot (promote_to_active, switch_active: every
# switch, retreat and promotion goes through them), and those healed (`heal`, damage removed).
MOVED_TO_ACTIVE = "moved_to_active"
HEALED = "healed"


def note_this_turn(ctx: Ctx, key: str, p: Pokemon) -> None:
    """`p` is in the turn record `key` (a new list: clones share the old one)."""
    noted = ctx.state.this_turn.get(key, [])
    if ctx.rules.records_moves_and_heals and p.stack[0] not in noted:
        ctx.state.this_turn[key] = [*noted, p.stack[0]]


def noted_this_turn(state: State, key: str, p: Pokemon) -> bool:
    return p.stack[0] in state.this_turn.get(key, ())


def clear_conditions_and_effects(p: Pokemon) -> None:
    """Going to the Bench or evolving ends Special Conditions and the effects of attacks
    (R-RETREAT-6, R-EVOLVE-5), but for effects that say they survive it."""
    p.conditions = []
    p.effects = [e for e in p.effects if e.get("survives_bench")]
    p.flags.pop("poison_damage", None)


# -- Energy ------------------------------------------------------------------------------

def energy_units(state: State, p: Pokemon, instance: str) -> list[str]:
    """The Energy types one attached card provides right now: its own (or what it was made
    to provide: `flags["energy_override"]`), then as the effects in play make it. Kept while
    the state's legal actions are listed (`State.listing`: the candidates ask it again and
    again of a state that does not change)."""
    memo = state.listing
    if memo is None:
        return _energy_units(state, p, instance)
    key = ("energy_units", id(p), instance)
    kept = memo.get(key)
    if kept is None:
        kept = memo[key] = (p, _energy_units(state, p, instance))   # p kept: its id stays its own
    return list(kept[1])


def _energy_units(state: State, p: Pokemon, instance: str) -> list[str]:
    override = p.flags.get("energy_override", {}).get(instance) if p.flags else None
    units = list(override) if override else list(state.card_of(instance).provides)
    return hooks.modify(state, "energy_units", EnergyEvent(state, p, instance), units)


def provided_energy(state: State, p: Pokemon) -> list[str]:
    units = []
    for inst in p.energy:
        units.extend(energy_units(state, p, inst))
    return units


def attach_by_effect(ctx: Ctx, target: Pokemon, instance: str, *, from_hand: bool) -> None:
    """An Energy card put onto `target` by a card's effect (not the turn's attachment,
    R-ENERGY-1); the cards in play hear it (`on_attach`)."""
    target.energy.append(instance)
    hooks.tell(ctx.state, "on_attach", AttachEvent(ctx, target, instance, from_hand))


def provides_type(unit: str, energy_type: str) -> bool:
    """One unit of Energy is of `energy_type`: a unit of every type is of each, a unit of a
    choice of types (written "A/B" in the facts) of either."""
    return unit == ANY_TYPE or energy_type in unit.split("/")


def can_pay(cost: Iterable[str], units: Iterable[str]) -> bool:
    """Specific types are paid with that type; Colorless with anything left (R-ENERGY-2). A
    unit of a choice or of every type pays a specific type no plain unit of it pays, each as
    the payer best chooses."""
    pool = list(units)
    colorless = 0
    wanted = []
    for t in cost:
        if t == "Colorless":
            colorless += 1
        elif t in pool:
            pool.remove(t)       # a plain unit pays nothing better than its own type
        else:
            wanted.append(t)
    return _pays(wanted, pool) and len(pool) - len(wanted) >= colorless


def _pays(wanted: list[str], pool: list[str]) -> bool:
    """Each wanted type by a unit of its own among the pool's choices and units of every type."""
    if not wanted:
        return True
    for unit in set(pool):
        if provides_type(unit, wanted[0]):
            rest = list(pool)
            rest.remove(unit)
            if _pays(wanted[1:], rest):
                return True
    return False


def energy_count(state: State, p: Pokemon, of_type: str | None = None) -> int:
    units = provided_energy(state, p)
    return len(units) if of_type is None else sum(1 for u in units if provides_type(u, of_type))


# -- effects that last -------------------------------------------------------------------

def add_effect(p: Pokemon, kind: str, until_turn: int | None, **params: Any) -> None:
    p.effects.append({"kind": kind, "until_turn": until_turn, **params})


def has_effect(p: Pokemon, kind: str) -> bool:
    return any(e["kind"] == kind for e in p.effects)


def effects_of(p: Pokemon, kind: str) -> list[dict[str, Any]]:
    return [e for e in p.effects if e["kind"] == kind]


def remove_effects(p: Pokemon, kind: str) -> None:
    p.effects = [e for e in p.effects if e["kind"] != kind]


def expire_effects(ctx: Ctx) -> None:
    """Drop every effect and attached Trainer whose time ends with this turn, and discard the
    Supporter played this turn (R-TRAINER-2: it stays beside the Active until then)."""
    turn = ctx.state.turn
    supporter = ctx.state.supporter
    if supporter:
        ctx.state.seats[supporter["owner"]].discard.append(supporter["card"])
        ctx.state.supporter = None
    for seat in ctx.state.seats:
        for p in seat.in_play():
            p.effects = [e for e in p.effects if e["until_turn"] is None or e["until_turn"] > turn]
            until = p.flags.get("attached_until", {})
            for inst in list(p.attached):
                if inst in until and until[inst] <= turn:
                    p.attached.remove(inst)
                    del until[inst]
                    seat.discard.append(inst)
                    ctx.say(msg("%(card)s attached to %(pokemon)s is discarded at the end of the turn.",
                                card=ctx.name(inst), pokemon=ctx.name(p)), "R-TRAINER-1")


# -- Special Conditions ------------------------------------------------------------------

def inflict(ctx: Ctx, p: Pokemon, condition: str, poison_damage: int = 10) -> bool:
    """Give a Special Condition (R-STATUS-7: Asleep/Confused/Paralyzed replace each other)."""
    state = ctx.state
    owner, _, place = state.find_pokemon(p.top)
    if place != "active" or not hooks.may_have_condition(state, p, condition):
        return False
    if condition == "burned" and not ctx.rules.burn_exists:
        return False
    replaced = []
    if condition in EXCLUSIVE_CONDITIONS:
        replaced = [c for c in p.conditions if c in EXCLUSIVE_CONDITIONS and c != condition]
        p.conditions = [c for c in p.conditions if c not in EXCLUSIVE_CONDITIONS]
    if condition not in p.conditions:
        p.conditions.append(condition)
        p.conditions.sort()
    if condition == "poisoned":
        p.flags["poison_damage"] = poison_damage
    rule = {"asleep": "R-STATUS-2", "confused": "R-STATUS-3", "paralyzed": "R-STATUS-4",
            "poisoned": "R-STATUS-5", "burned": "R-STATUS-6"}[condition]
    ctx.say(msg("%(pokemon)s is now %(condition)s.", pokemon=ctx.name(p), condition=condition_name(condition)),
            rule)
    for old in replaced:
        ctx.say(msg("%(pokemon)s is no longer %(old)s: %(condition)s replaces it.", pokemon=ctx.name(p),
                    old=condition_name(old), condition=condition_name(condition)), "R-STATUS-7")
    return True


def cure(p: Pokemon, condition: str | None = None) -> None:
    if condition is None:
        p.conditions = []
        p.flags.pop("poison_damage", None)
    elif condition in p.conditions:
        p.conditions.remove(condition)
        if condition == "poisoned":
            p.flags.pop("poison_damage", None)


def place_counters(ctx: Ctx, p: Pokemon, counters: int, why: str) -> None:
    """Damage counters placed directly: not damage, so nothing modifies them (R-DAMAGE-3)."""
    if counters <= 0:
        return
    p.damage += 10 * counters
    ctx.say(msg_n("%(why)s: %(num)s damage counter on %(pokemon)s (%(damage)s/%(hp)s).",
                  "%(why)s: %(num)s damage counters on %(pokemon)s (%(damage)s/%(hp)s).", counters,
                  why=why, pokemon=ctx.name(p), damage=p.damage, hp=ctx.state.hp(p)), "R-DAMAGE-3")


def heal(ctx: Ctx, p: Pokemon, amount: int) -> int:
    healed = min(p.damage, amount)
    p.damage -= healed
    if healed > 0:
        note_this_turn(ctx, HEALED, p)
    return healed
