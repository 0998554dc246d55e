"""One handler per action type. Each checks the rules (raising Illegal with the rule id) and
then changes the cloned state it was given. What cards in play do to an action they answer
through the effect pipeline (hooks.py): `can_retreat`, `retreat_cost`, `can_use_power`,
`can_play`, `on_play`, `on_attach`, and the hooks of evolution.py and combat.py."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..messages import msg, msg_n
from . import hooks
from .combat import check_can_attack, run_attack
from .contexts import AttackCtx, PowerCtx, TrainerCtx
from .core import (
    SPECIAL_CONDITIONS,
    Ctx,
    Illegal,
    bench_size,
    benched,
    can_pay,
    clear_conditions_and_effects,
    condition_name,
    draw,
    energy_units,
    own_pokemon,
    power_kind_name,
    promote_to_active,
    remove_from_hand,
    require_in_hand,
    switch_active,
    usable_attack,
)
from .declare import steps_errors
from .evolution import check_evolution, evolve_pokemon
from .flow import (
    continue_after,
    declare_winner,
    draw_for_turn,
    end_turn,
    finish_setup,
    resolve_knockouts,
    setup_complete,
)
from .hooks import AttachEvent, PlayedEvent, PlayEvent, PokemonEvent, PowerEvent
from .match_games import choose_first, end_match
from .state import BEFORE_PLAY, Pokemon
from .table_actions import do_mulligan, do_shuffle

if TYPE_CHECKING:
    from .carddb import AttackDef, CardDef
    from .state import State

# An action as the API gives it (a JSON object) and field errors as the API answers them.
Action = dict[str, Any]
FieldErrors = dict[str, list[str]]

class SeatCards:
    """A field of card ids the table reports (table mode): a list, or per seat
    `{"0": [...], "1": [...]}` when it matters whose they are."""


class SeatMap(SeatCards):
    """Card ids the table reports per seat only: `{"0": [...], "1": [...]}`."""


class Steps:
    """A declared effect's steps (declare.py)."""


# What a paper game's table reports along with an action that may draw, show or take cards
# (table_actions.SEAT_REPORTS).
_TABLE_REPORTS: dict[str, type] = {"drawn": SeatCards, "revealed": SeatMap, "prizes_taken": SeatCards}

ACTION_FIELDS: dict[str, dict[str, type]] = {
    "setup": {"active": str, "bench": list, "hand": list},
    "mulligan_draw": {"count": int, "cards": list},
    "draw": {"cards": list},
    "mulligan": {"hand": list, "drawn": SeatCards},
    "shuffle": {"zone": str},
    "bench": {"card": str},
    # evolving, retreating and discarding from play can Knock Out (R-INPLAY-1: an HP bonus or the
    # type that gave it lost): the table then reports the Prize cards taken with them
    "evolve": {"card": str, "target": str, "prizes_taken": SeatCards},
    "attach_energy": {"card": str, "target": str},
    "play_trainer": {"card": str, "targets": list, "choices": dict, "declared": Steps, **_TABLE_REPORTS},
    "retreat": {"to": str, "discard": list, "prizes_taken": SeatCards},
    "use_power": {"pokemon": str, "power": str, "choices": dict, "declared": Steps, **_TABLE_REPORTS},
    "attack": {"attack": str, "choices": dict, "declared": Steps, **_TABLE_REPORTS},
    "declare": {"source": str, "declared": Steps, **_TABLE_REPORTS},
    "use_stadium": {"choices": dict, **_TABLE_REPORTS},
    "choose": {"choices": dict, **_TABLE_REPORTS},
    "end_turn": {"prizes_taken": SeatCards},
    "promote": {"card": str},
    "discard_from_play": {"card": str, "prizes_taken": SeatCards},
    "concede": {},
    "choose_first": {"first": int},
}
REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {"setup": ("active",), "mulligan_draw": ("count",), "bench": ("card",),
                   "evolve": ("card", "target"), "attach_energy": ("card", "target"),
                   "play_trainer": ("card",), "retreat": ("to",), "use_power": ("pokemon", "power"),
                   "attack": ("attack",), "promote": ("card",),
                   "discard_from_play": ("card",), "choose_first": ("first",),
                   "declare": ("source", "declared")}
# The keys of `choices` (API.md) and what each holds: "ids" a list of card instances, "id" one
# instance (or a list of one), "str" a name (a type, an attack, a Stage), "int" a count,
# "choices" the choices of an attack copied by another (one level: a copy does not copy).
CHOICE_FIELDS = {"pokemon": "ids", "cards": "ids", "search": "ids", "order": "ids",
                 "type": "str", "attack": "str", "from": "id", "to": "id", "stage": "str",
                 "count": "int", "copied": "choices", "deck": "str", "condition": "str"}
MAX_LIST = 60        # no zone of a 60-card deck holds more
MAX_TEXT = 64        # instance ids, card ids, attack and power names are far shorter
MAX_COUNT = 60


def _text_errors(value: Any, where: str) -> FieldErrors:
    if not isinstance(value, str):
        return {where: [msg("must be str")]}
    if not 1 <= len(value) <= MAX_TEXT:
        return {where: [msg("must be 1 to %(max)s characters", max=MAX_TEXT)]}
    return {}


def _ids_errors(value: Any, where: str) -> FieldErrors:
    if not isinstance(value, list):
        return {where: [msg("must be list")]}
    if len(value) > MAX_LIST:
        return {where: [msg("must hold at most %(max)s items", max=MAX_LIST)]}
    if not all(isinstance(item, str) and 1 <= len(item) <= MAX_TEXT for item in value):
        return {where: [msg("must be a list of card instances (strings)")]}
    return {}


def _int_errors(value: Any, where: str) -> FieldErrors:
    if isinstance(value, bool) or not isinstance(value, int):
        return {where: [msg("must be int")]}
    if not 0 <= value <= MAX_COUNT:
        return {where: [msg("must be between 0 and %(max)s", max=MAX_COUNT)]}
    return {}


def choices_errors(choices: Any, where: str = "action.choices", nested: bool = True) -> FieldErrors:
    """Field errors in `choices`: only the keys of API.md, each with its type and bounds,
    so that nothing odd is ever stored in the log."""
    if not isinstance(choices, dict):
        return {where: [msg("must be dict")]}
    errors: FieldErrors = {}
    for key, value in choices.items():
        kind = CHOICE_FIELDS.get(key)
        at = f"{where}.{key}"
        if kind is None or (kind == "choices" and not nested):
            errors[at] = [msg("unknown choice; one of %(keys)s", keys=", ".join(sorted(CHOICE_FIELDS)))]
        elif kind == "ids":
            errors.update(_ids_errors(value, at))
        elif kind == "str" or (kind == "id" and not isinstance(value, list)):
            errors.update(_text_errors(value, at))
        elif kind == "id":
            errors.update(_ids_errors(value, at))
        elif kind == "int":
            errors.update(_int_errors(value, at))
        else:
            errors.update(choices_errors(value, at, nested=False))
    return errors


def _seat_cards_errors(value: Any, where: str, lists: bool = True) -> FieldErrors:
    if lists and isinstance(value, list):
        return _ids_errors(value, where)
    if not isinstance(value, dict) or not value or not set(value) <= {"0", "1"}:
        return {where: [msg('must be a list of card ids or an object of card-id lists by seat: '
                            '{"0": [...], "1": [...]}') if lists
                        else msg('must be an object of card-id lists by seat: {"0": [...], "1": [...]}')]}
    errors: FieldErrors = {}
    for seat, ids in value.items():
        errors.update(_ids_errors(ids, f"{where}.{seat}"))
    return errors


_FIELD_CHECKS: dict[type, Callable[[Any, str], FieldErrors]] = {
    str: _text_errors, list: _ids_errors, int: _int_errors, SeatCards: _seat_cards_errors,
    SeatMap: lambda value, where: _seat_cards_errors(value, where, lists=False),
    Steps: steps_errors}


def action_shape_errors(action: Any) -> FieldErrors:
    """Field errors in the shape of an action (not its legality); empty when well formed."""
    fields = _FAST_FIELDS.get(action.get("type", "")) if type(action) is dict else None
    if fields is not None and _well_formed(action, fields):
        return {}
    return _shape_errors(action)


def _well_formed(action: Action, fields: dict[str, Any]) -> bool:
    """The common shapes, answered without building an answer (listing legal actions asks of
    every candidate): fields of text, of card instances and of choices of card instances,
    the required ones there; anything else is left to `_shape_errors`."""
    for key, value in action.items():
        expected = fields.get(key)
        if expected is str:
            if type(value) is not str or not 0 < len(value) <= MAX_TEXT:
                return False
        elif expected is _IDS:
            if type(value) is not list or not _instances(value):
                return False
        elif expected is dict:
            if type(value) is not dict or (value and not _plain_choices(value)):
                return False
        elif expected is not _KIND:
            return False
    return _REQUIRED[action["type"]] <= action.keys()


def _instances(value: list[Any]) -> bool:
    """A list of card instances, as _ids_errors wants it."""
    if len(value) > MAX_LIST:
        return False
    for item in value:
        if type(item) is not str or not 0 < len(item) <= MAX_TEXT:
            return False
    return True


def _plain_choices(choices: dict[str, Any]) -> bool:
    """Choices of card instances alone, each a list of instances or one (as choices_errors)."""
    for key, value in choices.items():
        kind = CHOICE_FIELDS.get(key)
        if kind == "id" and type(value) is str:
            if not 0 < len(value) <= MAX_TEXT:
                return False
        elif kind != "ids" and kind != "id" or type(value) is not list or not _instances(value):
            return False
    return True


_KIND, _IDS = object(), object()     # the type field itself; a list of card instances
# Per type, the fields `_well_formed` answers: the type, text, instance lists, choices.
_FAST_FIELDS: dict[str, dict[str, Any]] = {
    kind: {"type": _KIND, **{key: _IDS if expected is list else expected for key, expected in fields.items()
                             if expected in (str, list, dict)}}
    for kind, fields in ACTION_FIELDS.items()}
_REQUIRED = {kind: frozenset(REQUIRED_FIELDS.get(kind, ())) for kind in ACTION_FIELDS}


def _shape_errors(action: Any) -> FieldErrors:
    if not isinstance(action, dict):
        return {"action": [msg("must be an object")]}
    kind = action.get("type")
    if kind not in ACTION_FIELDS:
        return {"action.type": [msg("must be one of %(types)s", types=", ".join(ACTION_FIELDS))]}
    errors: FieldErrors = {}
    fields = ACTION_FIELDS[kind]
    for key, value in action.items():
        expected = fields.get(key)
        if key == "type":
            continue
        if expected is None:
            errors[f"action.{key}"] = [msg("unknown field for %(type)s", type=kind)]
        elif expected is dict:
            errors.update(choices_errors(value, f"action.{key}"))
        else:
            errors.update(_FIELD_CHECKS[expected](value, f"action.{key}"))
    for key in REQUIRED_FIELDS.get(kind, ()):
        if key not in action:
            errors[f"action.{key}"] = [msg("missing")]
    return errors


# -- who may act now --------------------------------------------------------------------------

_SETUP_ACTIONS = ("setup", "mulligan_draw", "mulligan")


def check_turn(ctx: Ctx, kind: str) -> None:
    """May this seat take an action of this kind now (whose turn, which phase)? Illegal if not."""
    state = ctx.state
    if state.phase == "finished":
        raise Illegal(_game_over_rule(state), msg("The game is over."))
    # A shuffle the table reports (table mode) only forgets where cards are: any seat, any time.
    if kind in ("concede", "shuffle") or _is_waited_choice(ctx, kind):
        return
    if kind == "declare":
        _check_declare(ctx)
        return
    if state.phase == "first_player":
        _check_first_player(ctx, kind)
        return
    if state.phase == "between_games" or kind == "choose_first":
        _check_between_games(ctx, kind)
        return
    if state.phase == "setup":
        if kind not in _SETUP_ACTIONS:
            raise Illegal("R-SETUP-4", msg("The game is still being set up: place your Active and Bench first."))
        return
    if kind in _SETUP_ACTIONS:
        raise Illegal("R-SETUP-4", msg("Setup is over."))
    if state.phase == "promote":
        _check_promotion(ctx, kind)
        return
    _check_turn_action(ctx, kind)


def _check_declare(ctx: Ctx) -> None:
    """A text that acts by itself (a Tool's, a Stadium's, an Ability's, a Special Energy's)
    happens in either player's turn: either seat declares it while a game is being played
    (R-DECLARE-4)."""
    if ctx.state.phase in ("first_player", "setup", "between_games"):
        raise Illegal("R-DECLARE-4", msg("Effects are declared while a game is being played."))


def _check_first_player(ctx: Ctx, kind: str) -> None:
    """Before a modern game's hands are drawn, the coin flip's winner chooses who goes first
    (R-SETUP-6); at a paper table the seat that won the flip reports its choice."""
    state = ctx.state
    if kind != "choose_first":
        raise Illegal("R-SETUP-6", msg("The game starts once the coin flip's winner has chosen who goes first."))
    if state.chooser is not None and ctx.seat != state.chooser:
        raise Illegal("R-SETUP-6", msg("%(seat)s won the coin flip and chooses who goes first.",
                                       seat=ctx.seat_label(state.chooser)))


def _check_between_games(ctx: Ctx, kind: str) -> None:
    """Between two games of a match only the previous game's loser acts: it chooses who
    goes first in the next one (R-MATCH-1)."""
    state = ctx.state
    if state.phase != "between_games":
        raise Illegal("R-MATCH-1", msg("Who goes first is chosen between two games of a match."))
    if kind != "choose_first":
        raise Illegal("R-MATCH-1", msg("Game %(game)s is over: the next game starts once its first player is chosen.",
                                       game=state.game_number))
    if state.chooser is not None and ctx.seat != state.chooser:
        raise Illegal("R-MATCH-1", msg("%(seat)s chooses who goes first (the loser of the previous game).",
                                       seat=ctx.seat_label(state.chooser)))


def _game_over_rule(state: State) -> str:
    """The rule a finished game ended by (the first, when it was won two ways)."""
    assert state.result is not None, "a finished game has its result"
    reason = state.result["reason"]
    return reason.split("+")[0] if reason.startswith("R-") else "R-WIN-1"


def _is_waited_choice(ctx: Ctx, kind: str) -> bool:
    """While a card waits for its player's choice, that player's next action is `choose`
    (True when this is it); nobody else's card is waiting, so nobody else chooses."""
    pending = ctx.state.pending
    if pending and ctx.seat == pending["seat"]:
        if kind != "choose":
            raise Illegal("R-TRAINER-1", msg("%(seat)s first finishes %(card)s: the next action is choose.",
                                             seat=ctx.seat_label(ctx.seat), card=ctx.name(pending["card"])))
        return True
    if kind == "choose":
        raise Illegal("R-TRAINER-1", msg("No card of %(seat)s is waiting for a choice.",
                                         seat=ctx.seat_label(ctx.seat)))
    if pending and kind not in ("declare", "mulligan", "shuffle"):    # a card waits for the other seat's choice
        raise Illegal("R-TURN-4", msg("%(card)s waits for %(seat)s's choice first.", card=ctx.name(pending["card"]),
                                      seat=ctx.seat_label(pending["seat"])))
    return False


def _check_promotion(ctx: Ctx, kind: str) -> None:
    """Phase promote: only the first seat to replace its Active acts, by promoting (R-KO-3, -4)."""
    pending = ctx.state.pending_promotions
    who = pending[0]
    if kind == "promote" and ctx.seat == who:
        return
    if kind == "promote" and ctx.seat in pending:
        raise Illegal("R-KO-4", msg("%(first)s replaces its Active first; %(seat)s promotes after.",
                                    first=ctx.seat_label(who), seat=ctx.seat_label(ctx.seat)))
    raise Illegal("R-KO-3", msg("%(seat)s must first choose a new Active Pokémon.", seat=ctx.seat_label(who)))


def _check_turn_action(ctx: Ctx, kind: str) -> None:
    """Phases draw and main: the seat to act draws first, then plays (R-TURN-1, -4)."""
    state = ctx.state
    if kind == "promote":
        raise Illegal("R-KO-3", msg("No Active Pokémon needs replacing."))
    if ctx.seat != state.seat_to_act:
        raise Illegal("R-TURN-4", msg("It is %(seat)s's turn; during the opponent's turn a player only replaces "
                                      "a Knocked Out Active.", seat=ctx.seat_label(state.seat_to_act)))
    if state.phase == "draw" and kind != "draw":
        raise Illegal("R-TURN-1", msg("Draw a card first: the turn starts with the draw."))
    if state.phase == "main" and kind == "draw":
        raise Illegal("R-TURN-1", msg("The card for this turn has already been drawn."))


# -- setup ------------------------------------------------------------------------------------

def check_setup(ctx: Ctx, action: Action) -> None:
    """The Pokémon chosen are Basic Pokémon of the hand, each once, with room on the Bench."""
    seat = ctx.state.seats[ctx.seat]
    if seat.setup_done:
        raise Illegal("R-SETUP-4", msg("%(seat)s has already placed its Pokémon.", seat=ctx.seat_label(ctx.seat)))
    active = action["active"]
    bench = list(action.get("bench", []))
    if len(bench) > ctx.rules.bench_size:
        raise Illegal("R-BENCH-1", msg_n("At most %(size)s Pokémon on the Bench; %(num)s was chosen.",
                                         "At most %(size)s Pokémon on the Bench; %(num)s were chosen.",
                                         len(bench), size=ctx.rules.bench_size))
    chosen = [active] + bench
    if len(set(chosen)) != len(chosen):
        raise Illegal("R-SETUP-4", msg("The same card was chosen twice."))
    for inst in chosen:
        c = require_in_hand(ctx, ctx.seat, inst, "R-SETUP-4")
        if not c.is_basic_pokemon:
            raise Illegal("R-SETUP-4", msg("%(card)s (%(instance)s) is not a Basic Pokémon.", card=c.name,
                                           instance=inst))


def do_setup(ctx: Ctx, action: Action) -> None:
    check_setup(ctx, action)
    state = ctx.state
    seat = state.seats[ctx.seat]
    active = action["active"]
    bench = list(action.get("bench", []))
    for inst in [active, *bench]:
        seat.hand.remove(inst)
    seat.active = Pokemon(stack=[active], entered_turn=0)
    seat.bench = [Pokemon(stack=[i], entered_turn=0) for i in bench]
    seat.setup_done = True
    if not ctx.rules.mulligan_extra_after_setup:
        seat.extra_cards_allowed = 0
    ctx.say(msg("%(seat)s places an Active Pokémon and %(count)s on the Bench, face down.",
                seat=ctx.seat_label(ctx.seat), count=len(bench)), "R-SETUP-4")
    if setup_complete(state):
        finish_setup(ctx)


def do_mulligan_draw(ctx: Ctx, action: Action) -> None:
    seat = ctx.state.seats[ctx.seat]
    count = action["count"]
    allowed = seat.extra_cards_allowed
    if ctx.rules.mulligan_extra_after_setup and not seat.setup_done:
        raise Illegal("R-SETUP-2", msg("Under this ruleset the extra cards are drawn after placing your Pokémon."))
    if not allowed:
        raise Illegal("R-SETUP-2", msg("%(seat)s has no extra cards to draw: they come only from the opponent's "
                                       "mulligans.", seat=ctx.seat_label(ctx.seat)))
    if count < 0 or count > allowed:
        raise Illegal("R-SETUP-2", msg_n("%(seat)s may draw up to %(num)s extra card(s), not %(count)s.",
                                         "%(seat)s may draw up to %(num)s extra card(s), not %(count)s.", allowed,
                                         seat=ctx.seat_label(ctx.seat), count=count))
    draw(ctx, ctx.seat, count)
    seat.extra_cards_allowed = 0
    ctx.say(msg_n("%(seat)s draws %(num)s extra card(s) for the opponent's mulligans.",
                  "%(seat)s draws %(num)s extra card(s) for the opponent's mulligans.", count,
                  seat=ctx.seat_label(ctx.seat)), "R-SETUP-2")
    if setup_complete(ctx.state):
        finish_setup(ctx)


def do_draw(ctx: Ctx, action: Action) -> None:
    draw_for_turn(ctx)


# -- the main phase -------------------------------------------------------------------------------

def check_bench(ctx: Ctx, action: Action) -> None:
    c = require_in_hand(ctx, ctx.seat, action["card"], "R-BENCH-2")
    if not c.is_basic_pokemon:
        raise Illegal("R-BENCH-2", msg("%(card)s is not a Basic Pokémon; only Basics go onto the Bench from the hand.",
                                       card=c.name))
    _check_bench_room(ctx)


def do_bench(ctx: Ctx, action: Action) -> None:
    check_bench(ctx, action)
    inst = action["card"]
    put_on_bench(ctx, inst)
    # played from the hand (not an effect's placement, which calls put_on_bench alone)
    if hooks.may_answer(ctx.state, "on_played_from_hand"):
        hooks.tell(ctx.state, "on_played_from_hand", PlayedEvent(ctx, ctx.state.seats[ctx.seat].bench[-1], inst))
    if hooks.may_answer(ctx.state, "on_benched"):    # what it heard may have placed damage counters
        settle_knockouts(ctx)


def _check_bench_room(ctx: Ctx) -> None:
    size = bench_size(ctx.state, ctx.seat)
    if len(ctx.state.seats[ctx.seat].bench) >= size:
        raise Illegal("R-BENCH-1", msg("%(seat)s's Bench is full (%(size)s Pokémon).", seat=ctx.seat_label(ctx.seat),
                                       size=size))


def put_on_bench(ctx: Ctx, inst: str) -> None:
    _check_bench_room(ctx)
    seat = ctx.state.seats[ctx.seat]
    seat.hand.remove(inst)
    seat.bench.append(Pokemon(stack=[inst], entered_turn=ctx.state.turn))
    ctx.say(msg("%(seat)s puts %(pokemon)s onto the Bench.", seat=ctx.seat_label(ctx.seat), pokemon=ctx.name(inst)),
            "R-BENCH-2")
    benched(ctx, ctx.seat, seat.bench[-1])


def ask_bench_discards(ctx: Ctx) -> None:
    """After an action: a seat whose Bench holds more Pokémon than it may have now (the card that
    let it have more left play or no longer applies to it, R-BENCH-1) discards Benched Pokémon
    down to that number, its player choosing which: the card that answers `bench_size` waits for
    that player's `choose` (its `resolve`). When both seats are over, the seat of that card's
    owner discards first (the card in play, else the discard pile holding it nearest the top)."""
    state = ctx.state
    if (state.pending or state.result or state.phase in (*BEFORE_PLAY, "finished", "between_games")
            or not hooks.may_answer(state, "bench_size")):
        return
    over = [s for s in (0, 1) if len(state.seats[s].bench) > bench_size(state, s)]
    found = _bench_size_card(state) if over else None
    if found is None:
        return
    card, owner = found
    seat = owner if owner in over else over[0]
    state.pending = {"seat": seat, "card": card, "kind": "bench_discard", "look": [],
                     "count": len(state.seats[seat].bench) - bench_size(state, seat)}
    ctx.say(msg("%(seat)s must discard Pokémon from the Bench until it has %(size)s.", seat=ctx.seat_label(seat),
                size=bench_size(state, seat)), "R-BENCH-1")


def _bench_size_card(state: State) -> tuple[str, int] | None:
    """The card answering `bench_size` (its instance and owner): the Stadium in play, else the
    one nearest the top of a discard pile."""
    def answers_size(inst: str) -> bool:
        return "bench_size" in hooks.answers(state.card_of(inst).trainer)
    stadium = state.stadium
    if stadium and answers_size(stadium["card"]):
        return stadium["card"], stadium["owner"]
    found = [(depth, inst, s) for s in (0, 1) for depth, inst in enumerate(reversed(state.seats[s].discard))
             if answers_size(inst)]
    return (min(found)[1], min(found)[2]) if found else None


def check_evolve(ctx: Ctx, action: Action) -> Pokemon:
    """The Pokémon the action evolves, if it may (R-EVOLVE-1..4)."""
    inst = action["card"]
    evo = require_in_hand(ctx, ctx.seat, inst, "R-EVOLVE-1", msg("Evolution card"))
    target, _ = own_pokemon(ctx, ctx.seat, action["target"], "R-EVOLVE-1")
    check_evolution(ctx, evo, target, instance=inst)
    return target


def do_evolve(ctx: Ctx, action: Action) -> None:
    target = check_evolve(ctx, action)
    inst = action["card"]
    ctx.state.seats[ctx.seat].hand.remove(inst)
    evolve_pokemon(ctx, target, inst)
    # the new card may have less HP than the effects gave the old one (R-INPLAY-1: a Tool's HP
    # for a Basic Pokémon alone), so its damage may now reach its HP
    settle_knockouts(ctx)


def check_attach_energy(ctx: Ctx, action: Action) -> Pokemon:
    """The Pokémon the turn's Energy goes on, if it may (R-ENERGY-1)."""
    inst = action["card"]
    c = require_in_hand(ctx, ctx.seat, inst, "R-ENERGY-1", msg("Energy card"))
    if c.supertype != "Energy":
        raise Illegal("R-ENERGY-1", msg("%(card)s (%(instance)s) is not an Energy card.", card=c.name, instance=inst))
    target, _ = own_pokemon(ctx, ctx.seat, action["target"], "R-ENERGY-1")
    if energy_attached_this_turn(ctx.state):
        raise Illegal("R-ENERGY-1", msg("%(seat)s already attached an Energy this turn (seq %(seq)s).",
                                        seat=ctx.seat_label(ctx.seat), seq=ctx.state.this_turn["energy_attached"]))
    return target


def energy_attached_this_turn(state: State) -> bool:
    """R-ENERGY-1: the turn's Energy from the hand is attached (legal.py then offers no other)."""
    return state.this_turn["energy_attached"] is not None


def do_attach_energy(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    inst = action["card"]
    target = check_attach_energy(ctx, action)
    c = state.card_of(inst)
    remove_from_hand(ctx, ctx.seat, inst, "R-ENERGY-1")
    target.energy.append(inst)
    state.this_turn["energy_attached"] = state.seq + 1
    ctx.say(msg("%(seat)s attaches %(card)s to %(pokemon)s.", seat=ctx.seat_label(ctx.seat), card=c.name,
                pokemon=ctx.name(target)), "R-ENERGY-1")
    hooks.tell(state, "on_attach", AttachEvent(ctx, target, inst))
    settle_knockouts(ctx)   # an answer to on_attach may place damage counters


def retreat_payment_ok(state: State, p: Pokemon, discard: list[str], cost: int) -> bool:
    """R-RETREAT-2: Energy is discarded one card at a time until the cost is met or passed."""
    return pays_retreat([len(energy_units(state, p, i)) for i in discard], cost)


def pays_retreat(sizes: list[int], cost: int) -> bool:
    """Whether discarding Energy cards providing `sizes` units each pays `cost` (R-RETREAT-2)."""
    if cost == 0:
        return not sizes
    if not sizes:
        return False
    total = sum(sizes)
    return total >= cost and total - max(sizes) < cost


def check_retreat(ctx: Ctx, action: Action) -> tuple[Pokemon, Pokemon, list[str]]:
    """The Active, the Benched Pokémon coming in and the Energy discarded, if the Active may
    retreat so. Which Benched Pokémon comes in changes nothing here or in `do_retreat`
    (legal.py lists the retreats paid the same way after trying one of them): keep it so."""
    active = ctx.state.seats[ctx.seat].active
    assert active is not None, "the main phase: both seats have an Active"
    name = ctx.name(active)
    _check_may_retreat(ctx, active, name)
    to = _bench_target(ctx, action["to"], "R-RETREAT-1")
    return active, to, _retreat_discard(ctx, active, name, action)


def do_retreat(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    seat = state.seats[ctx.seat]
    active, to, discard = check_retreat(ctx, action)
    name = ctx.name(active)
    for i in discard:
        active.energy.remove(i)
    seat.discard.extend(discard)
    if discard:
        ctx.say(msg_n("%(pokemon)s discards %(num)s Energy card(s) to retreat.",
                      "%(pokemon)s discards %(num)s Energy card(s) to retreat.", len(discard), pokemon=name),
                "R-RETREAT-2")
    hooks.tell(state, "on_retreat", PokemonEvent(state, active, ctx.seat, ctx))
    state.this_turn["retreats"] += 1
    if not _confused_retreat_fails(ctx, active, name):
        switch_active(ctx, ctx.seat, to)
        ctx.say(msg("%(pokemon)s retreats; %(new)s is the new Active Pokémon.", pokemon=name, new=ctx.name(to)),
                "R-RETREAT-6")
    # the Energy discarded may take away a type that gave it HP (R-INPLAY-1: a type given by
    # its Energy, a Stadium's HP for that type), so its damage may now reach its HP
    settle_knockouts(ctx)


def _check_may_retreat(ctx: Ctx, active: Pokemon, name: str) -> None:
    """Whether the Active may retreat at all this turn (R-RETREAT-1, -3, -4, -5, `can_retreat`)."""
    state = ctx.state
    if not state.seats[ctx.seat].bench:
        raise Illegal("R-RETREAT-1", msg("%(seat)s has no Benched Pokémon to retreat to.",
                                         seat=ctx.seat_label(ctx.seat)))
    for cond, rule in (("asleep", "R-RETREAT-3"), ("paralyzed", "R-RETREAT-3")):
        if cond in active.conditions:
            raise Illegal(rule, msg("%(pokemon)s is %(condition)s and can't retreat.", pokemon=name,
                                    condition=condition_name(cond)))
    limit = ctx.rules.retreats_per_turn
    if limit is not None and state.this_turn["retreats"] >= limit:
        raise Illegal("R-RETREAT-5", msg("Only one retreat per turn under this ruleset."))
    failed = state.this_turn["retreat_failed"]     # the Pokémon whose Confused retreat failed
    if failed is True or (failed and failed == active.stack[0]):
        raise Illegal("R-RETREAT-4", msg("%(pokemon)s's retreat failed to Confusion this turn; it can't try again.",
                                         pokemon=name))
    refused = hooks.refusal(state, "can_retreat", PokemonEvent(state, active, ctx.seat, ctx))
    if refused is not None:
        raise refused


def _retreat_discard(ctx: Ctx, active: Pokemon, name: str, action: Action) -> list[str]:
    """The Energy the action discards, if it pays the Retreat Cost (R-RETREAT-1, -2)."""
    discard = list(action.get("discard", []))
    if len(set(discard)) != len(discard) or any(i not in active.energy for i in discard):
        raise Illegal("R-RETREAT-1", msg("Only Energy attached to %(pokemon)s can pay its Retreat Cost.", pokemon=name))
    cost = retreat_discard_needed(ctx.state, active, ctx)
    if not retreat_payment_ok(ctx.state, active, discard, cost):
        raise Illegal("R-RETREAT-2", msg("%(pokemon)s's Retreat Cost is %(cost)s: discard Energy one card at a time "
                                         "until it is met; once met, no more may be discarded.", pokemon=name,
                                         cost=cost))
    return discard


def _confused_retreat_fails(ctx: Ctx, active: Pokemon, name: str) -> bool:
    """A Confused Pokémon's retreat, where the ruleset flips for it: tails, it stays (R-RETREAT-4)."""
    if "confused" not in active.conditions or not ctx.rules.confused_retreat_flip:
        return False
    if ctx.flip(msg("%(pokemon)s's retreat while Confused", pokemon=name)):
        return False
    ctx.state.this_turn["retreat_failed"] = active.stack[0]
    ctx.say(msg("Tails: %(pokemon)s stays Active and can't try again this turn.", pokemon=name), "R-RETREAT-4")
    return True


def retreat_discard_needed(state: State, p: Pokemon, ctx: Ctx | None = None) -> int:
    """The Energy a retreat must discard: the Retreat Cost, unless a card in play pays it
    (`retreat_discard`: a Tool discarded instead)."""
    return max(0, hooks.modify(state, "retreat_discard", PokemonEvent(state, p, state.owner(p.top), ctx),
                               retreat_cost(state, p)))


def retreat_cost(state: State, p: Pokemon) -> int:
    """The printed Retreat Cost, as the effects in play make it (`retreat_cost`)."""
    seat = state.find_pokemon(p.top)[0]
    return max(0, hooks.modify(state, "retreat_cost", PokemonEvent(state, p, seat),
                               state.card_of(p.top).retreat_cost))


def _bench_target(ctx: Ctx, instance: Any, rule: str) -> Pokemon:
    p, place = own_pokemon(ctx, ctx.seat, instance, rule)
    if place != "bench":
        raise Illegal(rule, msg("%(pokemon)s is not on the Bench.", pokemon=ctx.name(p)))
    return p


def _trainer_to_play(ctx: Ctx, action: Action) -> TrainerCtx:
    """The Trainer's context, if it is a Trainer card in the hand (R-TRAINER-1)."""
    inst = action["card"]
    c = require_in_hand(ctx, ctx.seat, inst, "R-TRAINER-1", msg("Trainer card"))
    if c.supertype != "Trainer" or c.trainer is None:
        raise Illegal("R-TRAINER-1", msg("%(card)s (%(instance)s) is not a Trainer card.", card=c.name, instance=inst))
    return TrainerCtx(ctx, inst, c, action.get("targets", []), action.get("choices", {}))


def check_play_trainer(ctx: Ctx, action: Action) -> None:
    """The rules' checks, then `can_play` and the card's own `check` for an Item whose card
    says its check only reads the state (`settled_by_check`, cards/effects.Trainer); the
    checks of the other kinds count what is played this turn, so they run on the clone."""
    tctx = _trainer_to_play(ctx, action)
    trainer = tctx.card.trainer
    assert trainer is not None, "_trainer_to_play"
    if tctx.card.trainer_kind == "item" and trainer.settled_by_check is not None:
        refused = hooks.refusal(ctx.state, "can_play", PlayEvent(ctx, tctx.instance, "item"))
        if refused is not None:
            raise refused
        trainer.check(tctx)


def trainer_settled_by_check(state: State, action: Action) -> tuple[str, ...] | None:
    """What `do_play_trainer` asks after the checks of an Item that says what its `play`
    asks (None: only playing it tells): that, `on_play`, and the Knock Outs it settles."""
    c = state.card_of(action["card"])
    own = c.trainer.settled_by_check if c.trainer is not None and c.trainer_kind == "item" else None
    return None if own is None else (*own, "on_play", KNOCK_OUTS)


def do_play_trainer(ctx: Ctx, action: Action) -> None:
    tctx = _trainer_to_play(ctx, action)
    inst, c = tctx.instance, tctx.card
    assert c.trainer is not None, "_trainer_to_play"
    kind = c.trainer_kind
    check_trainer_kind(tctx, kind)
    refused = hooks.refusal(ctx.state, "can_play", PlayEvent(ctx, inst, kind))
    if refused is not None:
        raise refused
    c.trainer.check(tctx)
    ctx.state.seats[ctx.seat].hand.remove(inst)
    played = PLAYED_AS.get(kind or "item", _plays)
    ctx.say(played(ctx.seat_label(ctx.seat), c.name), RULE_OF_KIND.get(kind or "item", "R-TRAINER-1"))
    stays = c.trainer.play(tctx)
    if kind == "stadium":
        put_stadium(tctx)
    elif kind == "tool":
        tctx.tool_target.attached.append(inst)
        hooks.tell(ctx.state, "on_attach", AttachEvent(ctx, tctx.tool_target, inst))
    elif kind == "supporter":   # beside the Active until the end of the turn (R-TRAINER-2)
        ctx.state.supporter = {"card": inst, "owner": ctx.seat}
    elif not stays:
        ctx.state.seats[ctx.seat].discard.append(inst)
    hooks.tell(ctx.state, "on_play", PlayEvent(ctx, inst, kind))
    settle_knockouts(ctx, tctx.extra_knockouts)
    if tctx.ends_turn and not ctx.state.result and ctx.state.phase == "main":
        ctx.say(msg("%(card)s ends %(seat)s's turn.", card=c.name, seat=ctx.seat_label(ctx.seat)), "R-TURN-3")
        end_turn(ctx)


def do_use_stadium(ctx: Ctx, action: Action) -> None:
    """A Stadium whose text lets each player do something once during their turn
    (R-TRAINER-3: the Stadium is in play for both players): its Trainer object's
    `use(tctx)` does it, once a turn for the player whose turn it is."""
    state = ctx.state
    stadium = state.stadium
    c = state.card_of(stadium["card"]) if stadium else None
    if stadium is None or c is None or c.trainer is None or not hasattr(c.trainer, "use"):
        raise Illegal("R-TRAINER-3", msg("No Stadium in play has an effect a player uses."))
    if state.this_turn.get("stadium_used"):
        raise Illegal("R-TRAINER-3", msg("%(card)s has been used this turn (once during each player's turn).",
                                         card=c.name))
    tctx = TrainerCtx(ctx, stadium["card"], c, [], action.get("choices", {}))
    c.trainer.check_use(tctx)
    state.this_turn["stadium_used"] = True     # only once used: a turn record as before otherwise
    ctx.say(msg("%(seat)s uses the Stadium %(card)s.", seat=ctx.seat_label(ctx.seat), card=c.name), "R-TRAINER-3")
    c.trainer.use(tctx)
    settle_knockouts(ctx, tctx.extra_knockouts)


# How the narration says a Trainer is played (by its kind; any other: `_plays`), and the rule
# it is played under.
def _plays(seat: str, card: str) -> str:
    return msg("%(seat)s plays %(card)s.", seat=seat, card=card)


PLAYED_AS: dict[str, Callable[[str, str], str]] = {
    "supporter": lambda seat, card: msg("%(seat)s plays the Supporter %(card)s.", seat=seat, card=card),
    "stadium": lambda seat, card: msg("%(seat)s plays the Stadium %(card)s.", seat=seat, card=card),
    "tool": lambda seat, card: msg("%(seat)s plays the Pokémon Tool %(card)s.", seat=seat, card=card)}
RULE_OF_KIND = {"supporter": "R-TRAINER-2", "stadium": "R-TRAINER-3", "tool": "R-TRAINER-4"}


def check_trainer_kind(tctx: TrainerCtx, kind: str | None) -> None:
    """The rules of a Trainer's kind, whatever the card: R-TRAINER-2 (Supporters),
    R-TRAINER-3 (Stadiums), R-TRAINER-4 (Tools)."""
    state = tctx.state
    check = _KIND_CHECKS.get(kind)
    if check is not None:
        check(tctx)
    if kind == "supporter":
        state.this_turn["supporter_played"] = True
    elif kind == "stadium":
        state.this_turn["stadium_played"] = True


def _check_supporter(tctx: TrainerCtx) -> None:
    state, rules = tctx.state, tctx.rules
    limit = rules.supporters_per_turn
    if limit is not None and state.this_turn["supporter_played"]:
        raise Illegal("R-TRAINER-2", msg("Only %(limit)s Supporter card per turn.", limit=limit))
    # a card may say it can be played then ("If you go first, you may use this card during your first turn.")
    if state.turn == 1 and not rules.first_player_supporter_turn_1 and not getattr(tctx.card.trainer, "first_turn_ok",
                                                                                   False):
        raise Illegal("R-TRAINER-2", msg("The first player can't play a Supporter card on the first turn."))


def _check_stadium(tctx: TrainerCtx) -> None:
    state, rules = tctx.state, tctx.rules
    if rules.stadiums_per_turn is not None and state.this_turn.get("stadium_played"):
        raise Illegal("R-TRAINER-3", msg("Only %(limit)s Stadium card per turn.", limit=rules.stadiums_per_turn))
    if state.stadium and state.card_of(state.stadium["card"]).name == tctx.card.name:
        raise Illegal("R-TRAINER-3", msg("%(card)s is already in play: a Stadium can't replace one of the same name.",
                                         card=tctx.card.name))


def _check_tool(tctx: TrainerCtx) -> None:
    """One Pokémon of the player's named in targets, without a Tool yet: the Tool's target."""
    targets = tctx.targets
    p = own_pokemon(tctx, tctx.seat, targets[0], "R-TRAINER-4")[0] if len(targets) == 1 else None
    if p is None:
        raise Illegal("R-TRAINER-4", msg("Name in targets the one Pokémon of yours to attach the Tool to."))
    if any(tctx.state.card_of(i).trainer_kind == "tool" for i in p.attached):
        raise Illegal("R-TRAINER-4", msg("%(pokemon)s already has a Pokémon Tool attached.", pokemon=tctx.name(p)))
    tctx.tool_target = p


_KIND_CHECKS: dict[str | None, Callable[[TrainerCtx], None]] = {
    "supporter": _check_supporter, "stadium": _check_stadium, "tool": _check_tool}


def put_stadium(tctx: TrainerCtx) -> None:
    """A new Stadium goes into play; the one it replaces goes to its owner's discard pile."""
    state = tctx.state
    old = state.stadium
    if old:
        state.seats[old["owner"]].discard.append(old["card"])
        tctx.say(msg("%(card)s leaves play for the new Stadium.", card=tctx.name(old["card"])), "R-TRAINER-3")
    state.stadium = {"card": tctx.instance, "owner": tctx.seat}


# The Special Conditions that stop a power of each kind unless its encoding says otherwise
# (R-POWER-2): a Poké-Power any of them (001 glossary); a Base Set Pokémon Power Asleep,
# Confused and Paralyzed (what each Base Set power's text says); an Ability none.
BLOCKED_BY_KIND = {"Poké-Power": SPECIAL_CONDITIONS, "Pokémon Power": ("asleep", "confused", "paralyzed"),
                   "Ability": ()}


def blocked_by(kind: str, effect: Any) -> tuple[str, ...]:
    """The Special Conditions that stop this power: its encoding's `blocked_by`, else its kind's."""
    own = getattr(effect, "blocked_by", None)
    return tuple(own) if own is not None else BLOCKED_BY_KIND.get(kind, ())


def _power_to_use(ctx: Ctx, action: Action) -> PowerCtx:
    """The power's context, if the rules let it be used now (R-POWER-1, -2, `can_use_power`):
    the same answer for each of its options, so kept while the state's legal actions are
    listed (`State.listing`)."""
    memo = ctx.state.listing
    if memo is None:
        p, place, card = _power_usable(ctx, action)
    else:
        key = ("use_power", action["pokemon"], action["power"])
        found = memo.get(key)
        if found is None:
            try:
                found = _power_usable(ctx, action)
            except Illegal as exc:
                found = exc
            memo[key] = found
        if isinstance(found, Illegal):
            raise found.with_traceback(None)
        p, place, card = found
    return PowerCtx(ctx, p, place, card, action.get("choices", {}))


def _power_usable(ctx: Ctx, action: Action) -> tuple[Pokemon, str, CardDef]:
    p, place = own_pokemon(ctx, ctx.seat, action["pokemon"], "R-POWER-1")
    card = ctx.state.card_of(p.top)
    if card.power is None or card.power.name != action["power"]:
        raise Illegal("R-POWER-1", msg("%(card)s has no power called %(power)s.", card=card.name,
                                       power=repr(action["power"])))
    effect = card.power.effect
    if effect is None or not hasattr(effect, "use"):
        raise Illegal("R-POWER-1", msg("%(power)s works by itself; it is not used as an action.",
                                       power=card.power.name))
    blocked = [c for c in p.conditions if c in blocked_by(card.power.kind, effect)]
    if blocked:
        raise Illegal("R-POWER-2", msg("%(power)s can't be used while %(card)s is %(condition)s.",
                                       power=card.power.name, card=card.name, condition=condition_name(blocked[0])))
    refused = hooks.refusal(ctx.state, "can_use_power", PowerEvent(ctx, p, card.power))
    if refused is not None:
        raise refused
    return p, place, card


def check_use_power(ctx: Ctx, action: Action) -> PowerCtx:
    """The rules' checks, then the power's own `check` where the power says it only reads the
    state (`settled_by_check`, cards/effects.Power): any other power's check is asked only of
    the clone it is carried out on."""
    pctx = _power_to_use(ctx, action)
    effect = pctx.card.power.effect if pctx.card.power else None
    if effect is not None and effect.settled_by_check is not None:
        effect.check(pctx)
    return pctx


def power_settled_by_check(state: State, action: Action) -> tuple[str, ...] | None:
    """What `do_use_power` asks after its checks for this power (None: only carrying it out
    tells): the power's `settled_by_check`, then the Knock Outs it settles."""
    power = state.card_of(action["pokemon"]).power
    own = getattr(power.effect, "settled_by_check", None) if power else None
    return None if own is None else (*own, KNOCK_OUTS)


def do_use_power(ctx: Ctx, action: Action) -> None:
    pctx = _power_to_use(ctx, action)
    p, card = pctx.pokemon, pctx.card
    assert card.power is not None, "_power_to_use"
    effect: Any = card.power.effect      # one with `use` (_power_to_use)
    effect.check(pctx)
    kind = card.power.kind or ctx.rules.power_kind
    ctx.say(msg("%(seat)s uses %(card)s's %(kind)s %(power)s.", seat=ctx.seat_label(ctx.seat), card=card.name,
                kind=power_kind_name(kind), power=card.power.name), "R-POWER-1")
    effect.use(pctx)
    used = ctx.state.this_turn["powers_used"]
    used[p.stack[0]] = used.get(p.stack[0], 0) + 1
    settle_knockouts(ctx, pctx.extra_knockouts)


def settle_knockouts(ctx: Ctx, extra: Iterable[tuple[int, Pokemon]] = ()) -> None:
    """Knock Outs during a turn (by a power or a Trainer): prizes, a winner, or a promotion."""
    kos = resolve_knockouts(ctx, extra=extra)
    if kos and not ctx.state.result and ctx.state.phase not in BEFORE_PLAY:
        continue_after(ctx, "resume")


def check_attack(ctx: Ctx, action: Action) -> tuple[Pokemon, AttackDef]:
    """The attacker and its attack, if it may attack now (R-ATTACK-1, `can_attack`, Energy)."""
    state = ctx.state
    attacker = state.seats[ctx.seat].active
    assert attacker is not None, "the main phase: both seats have an Active"
    attack = usable_attack(state, attacker, action["attack"])
    if attack is None:
        raise Illegal("R-ATTACK-1", msg("%(card)s has no attack called %(attack)s.",
                                        card=state.card_of(attacker.top).name, attack=repr(action["attack"])))
    check_can_attack(ctx, attacker, attack)
    return attacker, attack


def check_attack_settled(ctx: Ctx, action: Action) -> None:
    """`check_attack`, then the checks of the attack's effects where each effect says they
    only read the state (`settled_by_check`, cards/effects.Effect); any other attack's
    effects are checked only on the clone it is carried out on."""
    attacker, attack = check_attack(ctx, action)
    if attack.effects and _effects_settled(attack) is not None:
        actx = AttackCtx(ctx, attacker, attack, action.get("choices", {}))
        for eff in attack.effects:
            if hasattr(eff, "check"):
                eff.check(actx)


def _effects_settled(attack: AttackDef) -> tuple[str, ...] | None:
    """The hooks the attack's effects ask besides its damage, where each says (None else)."""
    asked: tuple[str, ...] = ()
    for eff in attack.effects:
        own = getattr(eff, "settled_by_check", None)
        if own is None:
            return None
        asked += own
    return asked


def attack_settled_by_check(state: State, action: Action) -> tuple[str, ...] | None:
    """What `do_attack` asks after `check_attack_settled` for an attack of damage alone or of
    effects that say what they ask (None for any other: only carrying it out tells): its
    damage and the Knock Outs it may cause (ATTACK_DAMAGE), its effects' hooks, then the end
    of the turn (as `end_turn`'s entry)."""
    attacker = state.seats[state.seat_to_act].active
    attack = usable_attack(state, attacker, action["attack"]) if attacker is not None else None
    own = _effects_settled(attack) if attack is not None else None
    if own is None:
        return None
    return (ATTACK_DAMAGE, KNOCK_OUTS, *END_OF_TURN, *own)


def do_attack(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    attacker, attack = check_attack(ctx, action)
    actx = AttackCtx(ctx, attacker, attack, action.get("choices", {}))
    run_attack(actx)
    state.this_turn["attacked"] = True
    if state.pending:   # an effect looks at hidden cards first: the attack ends after `choose`
        return
    finish_attack(ctx, actx)


def finish_attack(ctx: Ctx, actx: AttackCtx) -> None:
    """After the attack's effects: its Knock Outs, then the end of the turn (R-TURN-3)."""
    resolve_knockouts(ctx, extra=actx.extra_knockouts)
    if ctx.state.result or ctx.state.phase in BEFORE_PLAY:
        return
    ctx.say(msg("The attack ends the turn."), "R-TURN-3")
    end_turn(ctx)


def check_end_turn(ctx: Ctx, action: Action) -> None:
    """The seat to act ends its turn whenever `check_turn` lets it."""


def do_end_turn(ctx: Ctx, action: Action) -> None:
    ctx.say(msg("%(seat)s ends the turn.", seat=ctx.seat_label(ctx.seat)), "R-TURN-3")
    end_turn(ctx)


def check_promote(ctx: Ctx, action: Action) -> Pokemon:
    """The Pokémon promoted is one of the seat's Benched Pokémon."""
    return _bench_target(ctx, action["card"], "R-KO-3")


def do_promote(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    p = check_promote(ctx, action)
    promote_to_active(ctx, ctx.seat, p)
    state.pending_promotions.pop(0)
    ctx.say(msg("%(seat)s promotes %(pokemon)s to Active.", seat=ctx.seat_label(ctx.seat), pokemon=ctx.name(p)),
            "R-KO-3")
    if not state.pending_promotions:
        continue_after(ctx, state.after_promotion)


def _to_discard_from_play(ctx: Ctx, action: Action) -> tuple[Pokemon, str, Any]:
    """The Pokémon, its place and its Trainer object, if that has `discard_from_play`."""
    p, place = own_pokemon(ctx, ctx.seat, action["card"], "R-TRAINER-1")
    c = ctx.state.card_of(p.top)
    if getattr(c.trainer, "discard_from_play", None) is None:
        raise Illegal("R-TRAINER-1", msg("%(card)s is not a card that may be discarded from play.", card=c.name))
    return p, place, c.trainer


def check_discard_from_play(ctx: Ctx, action: Action) -> None:
    """The rules' check, then the card's own where it has one (`check_discard_from_play`,
    which only reads the state; such a card's `discard_from_play` refuses nothing else)."""
    p, place, trainer = _to_discard_from_play(ctx, action)
    check = getattr(trainer, "check_discard_from_play", None)
    if check is not None:
        check(ctx, p, place)


def discard_settled_by_check(state: State, action: Action) -> tuple[str, ...] | None:
    """A card with its own `check_discard_from_play` moves cards after it and asks nothing
    (a missing Active is promoted after: no hook); any other only carrying it out tells."""
    p = state.find_pokemon(action["card"])[1]
    trainer = state.card_of(p.top).trainer if p is not None else None
    return () if getattr(trainer, "check_discard_from_play", None) is not None else None


def do_discard_from_play(ctx: Ctx, action: Action) -> None:
    """A card in play whose text lets its owner discard it during the turn (a Trainer played
    as a Pokémon): its Trainer object's `discard_from_play(ctx, pokemon, place)` does it; a
    missing Active is then replaced by promotion (R-KO-3 mechanism, back to the main phase)."""
    p, place, trainer = _to_discard_from_play(ctx, action)
    trainer.discard_from_play(ctx, p, place)
    if ctx.state.seats[ctx.seat].active is None:
        continue_after(ctx, "resume")


def do_declare(ctx: Ctx, action: Action) -> None:
    """R-DECLARE-4: the effect of a text the engine does not encode, of a card in play (a
    Pokémon's Ability, an attached Tool or Special Energy, the Stadium), declared as steps by
    either player when it happens. The card's seat is the one whose effect it is."""
    source = action["source"]
    state = ctx.state
    stadium = state.stadium["card"] if state.stadium else None
    _, holder, _ = state.find_pokemon(source)
    attached = any(source in (*p.energy, *p.attached) for s in state.seats for p in s.in_play())
    if source != stadium and holder is None and not attached:
        raise Illegal("R-DECLARE-4", msg("%(source)s is not a card in play.", source=repr(source)))
    if source != stadium and state.owner(source) != ctx.seat:
        raise Illegal("R-DECLARE-4", msg("%(card)s is %(seat)s's: its owner declares what it does.",
                                         card=ctx.ref(source, "*"), seat=ctx.seat_label(state.owner(source))))
    c = state.card_of(source)
    if not c.declared - {f"attack:{a.name}" for a in c.attacks}:
        raise Illegal("R-DECLARE-2", msg("%(card)s's text is encoded: the engine carries it out.", card=c.name))
    from .contexts import CardCtx  # the card context a declared effect runs in
    cctx = CardCtx(ctx)
    cctx.run_declared(msg("%(card)s's text", card=c.name)).run()
    settle_knockouts(ctx, cctx.extra_knockouts)


def do_choose(ctx: Ctx, action: Action) -> None:
    """The second half of a card that showed its player hidden cards (core.Ctx.ask): the
    card's `resolve` takes the choices made on what was shown."""
    pending = ctx.state.pending
    assert pending is not None, "check_turn: choose only while a card waits"
    choices = action.get("choices", {})
    by = pending.get("by", "trainer")
    if by == "attack":
        _choose_for_attack(ctx, pending, choices)
        return
    inst = pending["card"]
    if by == "power":
        p, place = own_pokemon(ctx, ctx.seat, inst, "R-POWER-1")
        c = ctx.state.card_of(p.top)
        assert c.power is not None and c.power.effect is not None, "a power asked"
        pctx = PowerCtx(ctx, p, place, c, choices)
        c.power.effect.resolve(pctx, pending)
        ctx.state.pending = None
        settle_knockouts(ctx, pctx.extra_knockouts)
        return
    c = ctx.state.card_of(inst)
    assert c.trainer is not None, "a Trainer asked"
    tctx = TrainerCtx(ctx, inst, c, [], choices)
    c.trainer.resolve(tctx, pending)
    if ctx.state.pending is pending:    # else the card waits again, for the next player's choice
        ctx.state.pending = None
    settle_knockouts(ctx, tctx.extra_knockouts)


def _choose_for_attack(ctx: Ctx, pending: dict[str, Any], choices: dict[str, Any]) -> None:
    """The rest of an attack whose effect showed hidden cards: that effect's `resolve`, then
    the Knock Outs and the end of the turn."""
    attacker = ctx.state.seats[ctx.seat].active
    assert attacker is not None and attacker.top == pending["card"], "the attacker is still Active"
    attack = usable_attack(ctx.state, attacker, pending["attack"])    # its own, or one it has by an effect
    assert attack is not None, "the attack that asked"
    actx = AttackCtx(ctx, attacker, attack, choices)
    attack.effects[pending["effect"]].resolve(actx, pending)
    ctx.state.pending = None
    finish_attack(ctx, actx)


def check_concede(ctx: Ctx, action: Action) -> None:
    """A player concedes whenever `check_turn` lets it (a game or a match is on)."""


def do_concede(ctx: Ctx, action: Action) -> None:
    ctx.say(msg("%(seat)s concedes.", seat=ctx.seat_label(ctx.seat)))
    if ctx.state.phase == "between_games":   # between games: the match
        end_match(ctx, 1 - ctx.seat, "concede")
        return
    declare_winner(ctx, 1 - ctx.seat, "concede")


def do_choose_first(ctx: Ctx, action: Action) -> None:
    first = action["first"]
    state = ctx.state
    if first not in (0, 1):
        raise Illegal("R-SETUP-6" if state.phase == "first_player" else "R-MATCH-1",
                      msg("There is no seat %(seat)s to go first.", seat=first))
    if state.phase == "first_player" and state.chooser is None:   # a paper table: the seat that
        ctx.say(msg("%(seat)s wins the flip and chooses who goes first.",  # reports it won the flip
                    seat=ctx.seat_label(ctx.seat)), "R-SETUP-6")
    choose_first(ctx, first)


# What these handlers check before they change anything, as functions of their own that only
# read the state and raise Illegal: listing legal actions asks them of the state itself, so
# that most refused candidates cost no clone (engine.accepts).
CHECKS: dict[str, Callable[[Ctx, Action], object]] = {
    "bench": check_bench, "evolve": check_evolve, "attach_energy": check_attach_energy,
    "retreat": check_retreat, "attack": check_attack_settled, "concede": check_concede,
    "use_power": check_use_power, "end_turn": check_end_turn, "play_trainer": check_play_trainer,
    "setup": check_setup, "promote": check_promote, "discard_from_play": check_discard_from_play,
}
# The handlers that nothing refuses once their checks pass, with what they ask after them:
# the hooks they tell, and KNOCK_OUTS where they settle Knock Outs. The rest only changes the
# state, so where no card of the match answers these hooks (and, for KNOCK_OUTS, no Pokémon
# is knocked out and nothing answers `hp`: the action changes nobody's damage or HP, so
# there is nothing to settle) the action is legal on its checks alone, and listing legal
# actions does not carry it out (engine.accepts). An entry must stay true of its handler: a
# refusal, a hook or a card's code asked after the checks goes in the entry or takes it out.
# A power's entry and an Item's are the card's own (`power_settled_by_check`,
# `trainer_settled_by_check`). BETWEEN_TURNS: the end of a turn
# may Knock Out by the checkup's Poison or Burn, or end the game on time (then Sudden Death
# may deal a new game), each asking more; where neither can happen (no Active Poisoned or
# Burned, time not called) it only expires effects, flips for Asleep and starts the next turn.
# ATTACK_DAMAGE: an attack's damage and the Knock Out it may cause ask the hooks of
# ATTACK_DAMAGE_HOOKS (combat.run_attack, deal_damage; flow.knock_out); with no effect of
# the attack's own, or only effects that bring nothing into play (`settled_by_check`), nothing
# enters play meanwhile, so where nothing in play answers them now (hooks.answered_in_play)
# nothing will (the flips of Confusion, a Baby and the attack's own only narrate under the
# listing's probe, which answers heads). Of those hooks only the ones whose answers act or
# forbid are asked (ATTACK_DAMAGE_ACTS: allow and tell): a modify answer turns a number into
# another (a damage, an HP, a Weakness, a Prize count; the cards' answers narrate, a few flip
# under the probe), and the attack goes on with any of them as one of damage alone does, its
# Knock Outs and the end of the turn asked as for any attack. A setup that completes the
# setup and a promotion that ends the turn start the next turn, which asks nothing and
# refuses nothing unless time was called (BETWEEN_TURNS; no Active is Poisoned or Burned
# during setup, and a promotion comes after the checkup).
KNOCK_OUTS = "knock outs"
BETWEEN_TURNS = "between turns"
ATTACK_DAMAGE = "attack damage"
ATTACK_DAMAGE_HOOKS = frozenset((
    "before_attack", "can_be_affected", "damage_attacker", "weakness", "resistance", "damage_attacker_cards",
    "damage_defender_cards", "damage_defender", "hp", "types", "after_damaged", "on_knock_out", "prize_count"))
ATTACK_DAMAGE_ACTS = frozenset(h for h in ATTACK_DAMAGE_HOOKS if hooks.HOOKS[h][0] != "modify")
END_OF_TURN = ("before_checkup", "between_turns", KNOCK_OUTS, BETWEEN_TURNS)
SETTLED_BY_CHECKS: dict[str, tuple[str, ...] | Callable[[State, Action], tuple[str, ...] | None]] = {
    "bench": ("on_played_from_hand", "on_benched"), "concede": (), "evolve": ("on_evolve", KNOCK_OUTS),
    "retreat": ("on_retreat", "on_moved_to_active", "on_moved_to_bench", KNOCK_OUTS),
    "attach_energy": ("on_attach", KNOCK_OUTS), "use_power": power_settled_by_check,
    "play_trainer": trainer_settled_by_check, "attack": attack_settled_by_check,
    "end_turn": END_OF_TURN, "setup": (BETWEEN_TURNS,), "promote": ("on_moved_to_active", BETWEEN_TURNS),
    "discard_from_play": discard_settled_by_check,
}

HANDLERS: dict[str, Callable[[Ctx, Action], None]] = {
    "setup": do_setup, "mulligan_draw": do_mulligan_draw, "draw": do_draw, "bench": do_bench,
    "evolve": do_evolve, "attach_energy": do_attach_energy, "play_trainer": do_play_trainer,
    "retreat": do_retreat, "use_power": do_use_power, "attack": do_attack,
    "end_turn": do_end_turn, "promote": do_promote, "concede": do_concede, "choose": do_choose,
    "discard_from_play": do_discard_from_play, "mulligan": do_mulligan, "shuffle": do_shuffle,
    "choose_first": do_choose_first, "declare": do_declare, "use_stadium": do_use_stadium,
}

__all__ = ["ATTACK_DAMAGE", "ATTACK_DAMAGE_ACTS", "ATTACK_DAMAGE_HOOKS", "BETWEEN_TURNS", "CHECKS", "HANDLERS",
           "KNOCK_OUTS", "SETTLED_BY_CHECKS", "action_shape_errors", "check_turn",
           "check_evolution", "evolve_pokemon", "put_on_bench", "pays_retreat", "retreat_payment_ok",
           "retreat_cost", "clear_conditions_and_effects", "can_pay"]
