"""The effect pipeline: the rules ask at named hook points, the cards in play answer.

The rules never name a card. Where a card could change the outcome, they ask a hook — "what
damage does this attack do to the Defending Pokémon now?", "may this Pokémon retreat?" — and
every card in play that answers it is asked in turn, the way Pokémon Showdown's
`runEvent('ModifyDamage')` visits every move, ability and item that has a handler.

Who is asked, in this fixed order (the same at every replay):

1. the Stadium in play (`state.stadium`);
2. the Pokémon in play themselves — their continuous powers (Poké-Bodies, and Pokémon Powers
   that work by themselves) and a Trainer played as a Pokémon: the seat to act first, its
   Active then its Bench in order, then the other seat likewise;
3. cards attached to Pokémon (Tools, and Trainers attached for a turn or two), Pokémon in
   the same order, each Pokémon's cards in the order they were attached, then its Special
   Energy cards with an effect, in the order they were attached;
4. lasting effects of attacks and powers on Pokémon (`Pokemon.effects`), Pokémon in the same
   order, oldest first.

An answer is a method named after the hook, on the object that encodes the card (a Trainer,
a Power, an attack's lasting-effect handler: `cards/effects.py`), called as
`method(src, ev, ...)`: `src` says where the answer comes from (`Listener`: whose, on which
Pokémon), `ev` what is happening (the hook's event type below). The kinds of hook:

* **modify** — `method(src, ev, value) -> value`, folded over every answer in order;
* **check** — `method(src, ev) -> Illegal | None`, the first refusal wins;
* **allow** — `method(src, ev) -> bool`, False from anyone forbids;
* **tell** — `method(src, ev)`, each answers in turn (it may act through `ev.ctx`).

A lasting effect is a JSON record on a Pokémon (`{"kind", "until_turn", ...}`, so it is part
of the state and its hash); the card modules register the handler of each kind with
`@lasting("kind")`. The rules only expire them (`until_turn`) and end them when the Pokémon
goes to the Bench or evolves (unless `survives_bench` / `survives_evolution`).

Rulings taken here (R-INPLAY-1):
- A Pokémon in play has the type(s) and the HP its effects give it now, and that is what every
  reader gets: Weakness and Resistance, Stadiums that act on Pokémon of a type (their HP, their
  Retreat Cost), Pokémon Tools and Special Energy that act by the type or add HP, Trainers and
  powers that pick a Pokémon of a type, attacks, Retreat Costs, Knock Outs, damage-counter
  limits, sandbox positions and the views. `types(state, p)` answers "its types now": the
  card's type, or the one an effect set until it ends (`Pokemon.flags["type"]`, a power that
  changes its own type for a turn), then every answer to the `types` hook (a power that makes
  its Pokémon the types of its basic Energy). `hp(state, p)` answers "its HP now": the card's
  HP, then every answer to `hp`. A Pokémon of several types is of each of them (`is_type`). An
  effect that depends on another (a Stadium's HP for Pokémon of a type, on a type given by the
  Energy attached) is asked afresh each time, so what takes a type away takes its HP too: the
  actions that can (a retreat's discard, an evolution) settle Knock Outs after them.
- A card that is not a Pokémon in play (in the deck, the hand, the discard pile) has its
  printed type and HP: searches and deck rules read the card (`CardDef.type`, `CardDef.hp`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

if TYPE_CHECKING:
    from .carddb import AttackDef, CardDef, PowerDef
    from .contexts import AttackCtx
    from .core import Ctx, Illegal
    from .state import Pokemon, State

# name -> (kind, event type, what it asks). The order of the rules' damage steps (R-DAMAGE-1)
# is the order of the damage_* hooks below.
HOOKS: dict[str, tuple[str, str, str]] = {
    "hp": ("modify", "PokemonEvent", "a Pokémon's HP"),
    "types": ("modify", "PokemonEvent", "a Pokémon's types (a tuple)"),
    "retreat_cost": ("modify", "PokemonEvent", "a Pokémon's Retreat Cost"),
    "retreat_discard": ("modify", "PokemonEvent",
                        "the Energy a retreat discards: the Retreat Cost unless a card pays it"),
    "weakness": ("modify", "PokemonEvent", "a Pokémon's Weakness type (or None)"),
    "resistance": ("modify", "PokemonEvent", "a Pokémon's Resistance type (or None)"),
    "energy_units": ("modify", "EnergyEvent", "the Energy types one attached card provides"),
    "attacks": ("modify", "PokemonEvent", "the attacks printed for a Pokémon (a list of AttackDef)"),
    "hand_face_up": ("modify", "SeatEvent", "a seat's hand is face up for its opponent (True / False)"),
    "damage_attacker": ("modify", "DamageEvent", "R-DAMAGE-1 b: the attacker's own effects"),
    "damage_attacker_cards": ("modify", "DamageEvent",
                              "R-DAMAGE-1 e: Trainer and Energy effects on the attacker"),
    "damage_defender_cards": ("modify", "DamageEvent",
                              "R-DAMAGE-1 e: Trainer effects on the damaged Pokémon"),
    "damage_defender": ("modify", "DamageEvent",
                        "R-DAMAGE-1 f: effects of the damaged Pokémon's last attack and powers"),
    "damage_taken": ("modify", "DamageEvent",
                     "R-DAMAGE-1 f, after damage_defender: a power of the damaged Pokémon that answers "
                     "the damage of every attack, its own player's too"),
    "prize_count": ("modify", "PokemonEvent", "Prize cards for Knocking Out a Pokémon (R-KO-2)"),
    "can_attack": ("check", "AttackEvent", "may the Active use this attack"),
    "can_retreat": ("check", "PokemonEvent", "may the Active retreat"),
    "can_use_power": ("check", "PowerEvent", "may this power be used"),
    "can_evolve": ("check", "EvolveEvent", "may this Pokémon evolve into this card"),
    "evolves_early": ("modify", "EvolveEvent",
                      "may this Pokémon evolve during its player's first turn or the turn it came into play "
                      "(False / True; asked only when the rules would refuse that, R-EVOLVE-2, -3)"),
    "attacks_first_turn": ("modify", "AttackEvent",
                           "may this Pokémon attack during the first player's first turn (False / True; asked "
                           "only when the rules would refuse that, R-ATTACK-5)"),
    "can_play": ("check", "PlayEvent", "may this Trainer be played"),
    "can_be_affected": ("allow", "AffectEvent", "may an opponent's attack affect this Pokémon"),
    "can_have_condition": ("allow", "ConditionEvent", "may this Pokémon get this Special Condition"),
    "before_attack": ("allow", "AttackEvent",
                      "does the attack happen (an effect may flip, R-ATTACK-2)"),
    "after_damaged": ("tell", "DamageEvent", "an opponent's attack damaged this Pokémon"),
    "on_attach": ("tell", "AttachEvent", "a card was attached to a Pokémon"),
    "on_evolve": ("tell", "EvolveEvent", "a Pokémon evolved"),
    "on_played_from_hand": ("tell", "PlayedEvent",
                            "its player played a Basic Pokémon from the hand onto the Bench during their turn (the "
                            "bench action; not an effect that puts it there). Played to evolve: `on_evolve`, "
                            "which every evolution from the hand tells (the evolve action, a Trainer that evolves)"),
    "on_play": ("tell", "PlayEvent", "a Trainer was played"),
    "on_benched": ("tell", "PlayedEvent",
                   "a Pokémon was put onto a Bench in any way (from the hand, the deck, the discard pile, a Trainer "
                   "played as a Pokémon), during either player's turn (core.benched)"),
    "bench_size": ("modify", "SeatEvent", "how many Pokémon a seat may have on its Bench (R-BENCH-1; core.bench_size)"),
    "before_checkup": ("tell", "TurnEvent", "between turns, before the checkup's steps (R-CHECKUP-1)"),
    "between_turns": ("tell", "TurnEvent", "the checkup between turns (R-CHECKUP-1)"),
    "on_knock_out": ("tell", "PokemonEvent", "a Pokémon is Knocked Out (R-KO-1)"),
    "on_retreat": ("tell", "PokemonEvent", "the Active retreated, its cost paid (R-RETREAT-1)"),
    "on_moved_to_active": ("tell", "PokemonEvent",
                           "a Benched Pokémon moved to the Active Spot (a retreat, a switch, a promotion)"),
    "on_moved_to_bench": ("tell", "PokemonEvent",
                          "the Active Pokémon moved to the Bench by a switch or a retreat (core.switch_active); "
                          "`pokemon`: it, now Benched; `seat`: its player, whose new Active is the one switched in. "
                          "Its answers trigger Abilities, place counters or Special Conditions: they refuse nothing"),
}


# -- events --------------------------------------------------------------------------------

@dataclass
class PokemonEvent:
    state: State
    pokemon: Pokemon
    seat: int | None                 # None: the Pokémon is not in play
    ctx: Ctx | None = None
    by_attack_damage: bool = False   # prize_count: Knocked Out by damage from an attack (flow.knock_out)


@dataclass
class EnergyEvent:
    state: State
    pokemon: Pokemon
    card: str


@dataclass
class DamageEvent:
    """Damage from an attack to `target` (R-DAMAGE-1). `to_defending`: the attack's damage to
    the Defending Pokémon (not Bench damage, not damage to itself); `by_opponent`: the
    target is the opponent's; `confusion`: base-1999's Confusion damage to itself; `ignores`:
    what this damage ignores (combat.py: "weakness", "resistance", "defender_effects",
    "effects_on_defender"); `done`: the damage done, once placed (what `after_damaged` hears)."""
    ctx: AttackCtx
    attacker: Pokemon
    target: Pokemon
    attack_type: str | None
    to_defending: bool
    by_opponent: bool
    confusion: bool = False
    steps: list[str] = field(default_factory=list)
    ignores: frozenset[str] = frozenset()
    done: int = 0

    @property
    def state(self) -> State:
        return self.ctx.state

    def note(self, text: str) -> None:
        """A step of the calculation, as the narration writes it."""
        self.steps.append(text)


@dataclass
class AttackEvent:
    ctx: Ctx                         # the action's context (`can_attack`) or the attack's (`before_attack`)
    attacker: Pokemon
    attack: AttackDef


@dataclass
class PowerEvent:
    ctx: Ctx
    pokemon: Pokemon
    power: PowerDef


@dataclass
class EvolveEvent:
    ctx: Ctx
    pokemon: Pokemon
    card: str


@dataclass
class PlayedEvent:
    """`pokemon` (the card `card`) was played from the hand onto the Bench during its player's turn."""
    ctx: Ctx
    pokemon: Pokemon
    card: str


@dataclass
class PlayEvent:
    ctx: Ctx
    card: str
    kind: str | None


@dataclass
class AttachEvent:
    """`card` was attached to `pokemon`; `from_hand`: from the hand (what some cards answer),
    not moved from another Pokémon."""
    ctx: Ctx
    pokemon: Pokemon
    card: str
    from_hand: bool = True


@dataclass
class AffectEvent:
    """May the attack of `by_seat` reach `pokemon`? `damage`: the question is about the
    attack's damage (combat.deal_damage), not its other effects (a card that stops every
    effect but damage answers only the latter). `ctx`: the attack asking (None when the
    question is asked outside an attack); an answer that flips does it there."""
    state: State
    pokemon: Pokemon
    by_seat: int
    damage: bool = False
    ctx: AttackCtx | None = None


@dataclass
class SeatEvent:
    state: State
    seat: int


@dataclass
class ConditionEvent:
    state: State
    pokemon: Pokemon
    condition: str


@dataclass
class TurnEvent:
    ctx: Ctx
    ending_seat: int


# -- who answers -----------------------------------------------------------------------------

class Listener(NamedTuple):
    """Where an answer comes from: `source` ("stadium", "pokemon", "attached", "effect"), the
    seat it belongs to, the Pokémon it belongs to or sits on (`on`; None for the Stadium),
    the card instance giving it (None for a lasting effect) and, for a lasting effect, its
    record (`data`)."""
    source: str
    seat: int
    on: Pokemon | None
    card: str | None
    handler: Any                     # an object with methods named after hooks
    data: Any = None                 # a lasting effect's record (JSON), None for the other sources


_LASTING: dict[str, Any] = {}
_LASTING_ANSWERING: dict[str, frozenset[str]] = {}     # hook -> the lasting kinds answering it
_T = TypeVar("_T", bound=type)


def lasting(kind: str) -> Callable[[_T], _T]:
    """Class decorator: the handler of lasting effects of `kind` (one instance is kept)."""
    def register(cls: _T) -> _T:
        if kind in _LASTING and type(_LASTING[kind]) is not cls:
            raise ValueError(f"lasting effect {kind!r} already has a handler")
        _LASTING[kind] = cls()
        invalidate()
        return cls
    return register


# Which kinds of source could answer each hook at all, per match (keyed by its instances
# dict, which every state of a match shares; the dict is kept beside its index so a reused id
# can't match): most hooks are answered by few cards, so the rules' many questions skip what
# can't answer. Behind it, the index of each set of cards: a web process loads the states of
# hundreds of matches (each load a new instances dict), and matches of the same decks share it.
_MATCH_INDEX: dict[int, tuple[dict[str, str], dict[str, tuple[bool, bool, bool, bool]]]] = {}
_MATCH_INDEX_SIZE = 4096
_CARDS_INDEX: dict[frozenset[str], dict[str, tuple[bool, bool, bool, bool]]] = {}
_CARDS_INDEX_SIZE = 1024
# every card defined (carddb hands it over: `use_card_pool`)
_card_pool: Callable[[], Iterable[CardDef]] = tuple


def use_card_pool(all_cards: Callable[[], Iterable[CardDef]]) -> None:
    global _card_pool
    _card_pool = all_cards
    invalidate()


def invalidate() -> None:
    """Cards or lasting effects were defined: recompute the indexes on the next question."""
    _MATCH_INDEX.clear()
    _CARDS_INDEX.clear()
    _LASTING_ANSWERING.clear()


def _index(cards: list[CardDef]) -> dict[str, tuple[bool, bool, bool, bool]]:
    """The hooks these cards (or a lasting effect) may answer, with who may; the others are left out."""
    index = {}
    for name in HOOKS:
        by_trainer = any(c.trainer is not None and name in answers(c.trainer) for c in cards)
        by_energy = any(c.energy_effect is not None and name in answers(c.energy_effect) for c in cards)
        sources = (
            by_trainer,
            any(name in answers(h) for c in cards for h in c.answering()),
            by_trainer or by_energy,
            any(name in answers(h) for h in _LASTING.values()),
        )
        if any(sources):
            index[name] = sources
    return index


_NOBODY = (False, False, False, False)


def _match_index(state: State) -> dict[str, tuple[bool, bool, bool, bool]]:
    """The hooks something may answer in this match, over the cards it holds (its instances,
    and in table mode the deck lists), so that a Base Set game never asks what only another
    era's cards answer."""
    instances = state.instances            # shared by every state of the match (State.clone)
    found = _MATCH_INDEX.get(id(instances))
    if found is None or found[0] is not instances:
        ids = frozenset(instances.values()).union(*(state.decklists or []))
        index = _CARDS_INDEX.get(ids)
        if index is None:
            if len(_CARDS_INDEX) >= _CARDS_INDEX_SIZE:
                _CARDS_INDEX.clear()
            index = _CARDS_INDEX[ids] = _index([c for c in _card_pool() if c.id in ids])
        if len(_MATCH_INDEX) >= _MATCH_INDEX_SIZE:
            _MATCH_INDEX.clear()
        found = (instances, index)
        _MATCH_INDEX[id(instances)] = found
    return found[1]


def may_answer(state: State, hook: str) -> bool:
    """Whether anything in this match (a card it holds, a lasting effect) answers `hook`."""
    return hook in _match_index(state)


def may_answer_now(state: State, hook: str) -> bool:
    """`may_answer`, where a lasting effect counts only if a Pokémon in play holds one of a kind
    answering `hook`: what an action settled by its checks asks (`engine._may_refuse`), which
    leaves no effect in play before it asks (a block that leaves one does not declare
    `settled_by_check`). The kinds every era's effects leave would otherwise count in any match."""
    by_stadium, by_pokemon, by_attached, by_effect = _sources(state, hook)
    return by_stadium or by_pokemon or by_attached or (by_effect and _effect_in_play(state, _lasting_answering(hook)))


def _sources(state: State, hook: str) -> tuple[bool, bool, bool, bool]:
    """(a Stadium, a Pokémon in play, an attached card, a lasting effect) may answer `hook`
    in this match."""
    return _match_index(state).get(hook, _NOBODY)


def lasting_handler(kind: str) -> Any:
    return _LASTING.get(kind)


def answers(obj: Any) -> frozenset[str]:
    """The hooks an object answers (methods named after hooks)."""
    if obj is None:
        return frozenset()
    cls = type(obj)
    found = cls.__dict__.get("_hooks_answered")
    if found is None:
        found = frozenset(name for name in HOOKS if callable(getattr(cls, name, None)))
        cls._hooks_answered = found
    return found


def listeners(state: State, hook: str) -> list[Listener]:
    """Everything in play that answers `hook`, in the documented order (kept while the
    state's legal actions are listed: `State.listing`)."""
    memo = state.listing
    if memo is None:
        return _listeners(state, hook)
    found = memo.get(hook)
    if found is None:
        found = memo[hook] = _listeners(state, hook)
    return found


def _listeners(state: State, hook: str) -> list[Listener]:
    by_stadium, by_pokemon, by_attached, by_effect = _sources(state, hook)
    found: list[Listener] = []
    if by_stadium:
        _stadium_listener(state, hook, found)
    if by_effect and not (by_pokemon or by_attached):
        # Which lasting effects may answer is known only from what is on the Pokémon now (any
        # match may hold the kinds every era's effects leave): most asks find none (98 % of a
        # Base Set game's), so they are told without listing what is in play.
        by_effect = _effect_in_play(state, _lasting_answering(hook))
    if not (by_pokemon or by_attached or by_effect):
        return found
    in_play = _in_play(state)
    if by_pokemon:
        _pokemon_listeners(state, hook, in_play, found)
    if by_attached:
        _attached_listeners(state, hook, in_play, found)
    if by_effect:
        _effect_listeners(hook, in_play, found)
    return found


# A hook a settled action asks of what is in play when it asks (`in_play(hook)`, in a
# `settled_by_check`): where the action brings nothing into play before asking it, only what is
# in play now could answer (engine._may_refuse: `answered_in_play`), not anything the match holds.
IN_PLAY = "in play: "


def in_play(hook: str) -> str:
    return IN_PLAY + hook


def answered_in_play(state: State, asked: frozenset[str]) -> bool:
    """Whether anything in play now answers any of the hooks `asked`: `listeners` without
    asking whether a power is switched off (an action that Knocks Out the one switching it off
    turns it back on)."""
    if asked.isdisjoint(_match_index(state)):
        return False
    stadium = state.stadium
    if stadium and not asked.isdisjoint(answers(state.card_of(stadium["card"]).trainer)):
        return True
    for seat in state.seats:
        for p in seat.in_play():
            if any(not asked.isdisjoint(answers(h)) for h in state.card_of(p.top).answering()):
                return True
            if (any(not asked.isdisjoint(answers(state.card_of(i).trainer)) for i in p.attached)
                    or any(not asked.isdisjoint(answers(state.card_of(i).energy_effect)) for i in p.energy)
                    or any(not asked.isdisjoint(answers(_LASTING.get(r["kind"]))) for r in p.effects)):
                return True
    return False


def _in_play(state: State) -> list[tuple[int, Pokemon]]:
    """(seat, Pokémon) in the order asked: the seat to act first, Active then Bench."""
    first = state.seat_to_act if state.seat_to_act in (0, 1) else 0
    in_play = []
    for s in (first, 1 - first):
        seat = state.seats[s]
        if seat.active is not None:
            in_play.append((s, seat.active))
        for p in seat.bench:
            in_play.append((s, p))
    return in_play


def _stadium_listener(state: State, hook: str, found: list[Listener]) -> None:
    stadium = state.stadium
    if stadium:
        handler = state.card_of(stadium["card"]).trainer
        if hook in answers(handler):
            found.append(Listener("stadium", stadium["owner"], None, stadium["card"], handler))


def _pokemon_listeners(state: State, hook: str, in_play: list[tuple[int, Pokemon]],
                       found: list[Listener]) -> None:
    ignoring = _power_ignorers(state, in_play)
    for s, p in in_play:
        c = state.card_of(p.top)
        for handler in c.answering():
            if hook in answers(handler) and not (
                    ignoring and c.power is not None and handler is c.power.effect
                    and any(i.handler.ignores_power(i, state, p, c.power) for i in ignoring)):
                found.append(Listener("pokemon", s, p, p.top, handler))


def _power_ignorers(state: State, in_play: list[tuple[int, Pokemon]]) -> list[Listener]:
    """The powers in play that say other powers are ignored now (`ignores_power(src, state,
    pokemon, power)`, a power's own method, e.g. a Poké-Body that switches the others off):
    an ignored power answers no hook."""
    out = []
    for s, p in in_play:
        power = state.card_of(p.top).power
        if power is not None and hasattr(power.effect, "ignores_power"):
            out.append(Listener("pokemon", s, p, p.top, power.effect))
    return out


TOOL_KINDS = ("tool", "technical_machine")


def tools_have_no_effect(state: State) -> bool:
    """Whether the Stadium in play says the Pokémon Tools attached to every Pokémon have no
    effect (its Trainer's `tools_have_no_effect` attribute): then an attached Tool (a Technical
    Machine too) answers no hook and gives no attack (core.usable_attacks)."""
    stadium = state.stadium
    if not stadium:
        return False
    return bool(getattr(state.card_of(stadium["card"]).trainer, "tools_have_no_effect", False))


def is_switched_off_tool(state: State, inst: str, off: bool) -> bool:
    """An attached card that is a Pokémon Tool while Tools have no effect (`off`)."""
    return off and state.card_of(inst).trainer_kind in TOOL_KINDS


def _attached_listeners(state: State, hook: str, in_play: list[tuple[int, Pokemon]],
                        found: list[Listener]) -> None:
    off = tools_have_no_effect(state)
    for s, p in in_play:
        for inst in p.attached:
            handler = state.card_of(inst).trainer
            if hook in answers(handler) and not is_switched_off_tool(state, inst, off):
                found.append(Listener("attached", s, p, inst, handler))
        for inst in p.energy:
            handler = state.card_of(inst).energy_effect
            if handler is not None and hook in answers(handler):
                found.append(Listener("attached", s, p, inst, handler))


def _lasting_answering(hook: str) -> frozenset[str]:
    """The kinds of lasting effect whose handler answers `hook`."""
    found = _LASTING_ANSWERING.get(hook)
    if found is None:
        found = _LASTING_ANSWERING[hook] = frozenset(k for k, h in _LASTING.items() if hook in answers(h))
    return found


def _effect_in_play(state: State, kinds: frozenset[str]) -> bool:
    """Whether a Pokémon in play holds a lasting effect of one of these kinds."""
    for seat in state.seats:
        active = seat.active
        if active is not None and active.effects and any(r["kind"] in kinds for r in active.effects):
            return True
        for p in seat.bench:
            if p.effects and any(r["kind"] in kinds for r in p.effects):
                return True
    return False


def _effect_listeners(hook: str, in_play: list[tuple[int, Pokemon]], found: list[Listener]) -> None:
    for s, p in in_play:
        for record in p.effects:
            handler = _LASTING.get(record["kind"])
            if handler is not None and hook in answers(handler):
                found.append(Listener("effect", s, p, None, handler, record))


# -- asking ----------------------------------------------------------------------------------

def modify(state: State, hook: str, ev: Any, value: Any) -> Any:
    if hook not in _match_index(state):
        return value
    for src in listeners(state, hook):
        value = getattr(src.handler, hook)(src, ev, value)
    return value


def refusal(state: State, hook: str, ev: Any) -> Illegal | None:
    """The first answer that refuses (an Illegal), or None."""
    for src in listeners(state, hook):
        refused = getattr(src.handler, hook)(src, ev)
        if refused is not None:
            return refused
    return None


def allowed(state: State, hook: str, ev: Any) -> bool:
    return all(getattr(src.handler, hook)(src, ev) is not False for src in listeners(state, hook))


def tell(state: State, hook: str, ev: Any) -> None:
    for src in listeners(state, hook):
        getattr(src.handler, hook)(src, ev)


# -- the questions the rules ask most ----------------------------------------------------------

def _about(state: State, hook: str, p: Pokemon, printed: Any) -> Any:
    """A modify hook about one Pokémon, starting from its card's value."""
    if hook not in _match_index(state):
        return printed
    return modify(state, hook, PokemonEvent(state, p, state.find_pokemon(p.top)[0]), printed)


def hp(state: State, p: Pokemon) -> int:
    """Its HP now (R-INPLAY-1): the card's, with every answer to `hp`."""
    return _about(state, "hp", p, state.card_of(p.top).hp)


def types(state: State, p: Pokemon) -> tuple[str, ...]:
    """Its types now (R-INPLAY-1): the card's type, or the one an effect set
    (`flags["type"]`), with every answer to `types`."""
    kind = p.flags.get("type") or state.card_of(p.top).type
    return cast(tuple[str, ...], _about(state, "types", p, (kind,) if kind else ()))


def is_type(state: State, p: Pokemon, kind: str) -> bool:
    """It is a Pokémon of that type now (one of its types, R-INPLAY-1)."""
    return kind in types(state, p)


def printed_hp(state: State, p: Pokemon) -> int:
    """The HP on the Pokémon's card: its `hp` where nothing in the match answers `hp`."""
    return cast(int, state.card_of(p.top).hp)     # a Pokémon's card has HP


def weakness(state: State, p: Pokemon) -> str | tuple[str, ...] | None:
    return _about(state, "weakness", p, state.card_of(p.top).weakness)


def resistance(state: State, p: Pokemon) -> str | tuple[str, ...] | None:
    return _about(state, "resistance", p, state.card_of(p.top).resistance)


def pokemon_type(state: State, p: Pokemon) -> str | None:
    """Its type now, for the cards that name one type (the first of `types`)."""
    kinds = types(state, p)
    return kinds[0] if kinds else None


def hand_face_up(state: State, seat: int) -> bool:
    """Whether `seat`'s hand is played face up (its opponent sees it)."""
    if "hand_face_up" not in _match_index(state):
        return False
    return bool(modify(state, "hand_face_up", SeatEvent(state, seat), False))


def may_have_condition(state: State, p: Pokemon, condition: str) -> bool:
    return allowed(state, "can_have_condition", ConditionEvent(state, p, condition))
