"""What actions are in table mode (table.py): card ids resolved to instances before the rules
see an action, the table's inline reports, and the two actions only a paper game has.

* An action may name a card of a hidden zone by its card id ("base1-4") where it names an
  instance: the hand for the card played or set up, and for a card's `choices` the zone the
  card's encoding declares (`choice_zones`: hand, deck, the deck's top five, discard pile,
  the opponent's discard pile, the cards looked at). The event keeps the instances resolved.
* Reports written into the action itself (API.md's shapes: `draw` and `mulligan_draw`
  `cards`, `setup` `hand`, and ours: `mulligan` `hand` (the hand shown), `prizes_taken` and
  `revealed` per seat) are read into the action's report source (`with_inline_reports`,
  engine.decide) and taken out of the action the event keeps: what was learned is in the
  event's `rng.identified`, which a player's copy never holds.
* `mulligan` (R-SETUP-2 at a table: the hand shown, shuffled back, 7 new cards; the
  opponent may draw extra cards) and `shuffle` (the table shuffled a deck: its known
  positions are forgotten) exist only in table mode (R-TABLE-3).

Rulings taken here:
- R-SETUP-3 at a table: the seed's rounds of opening hands are simultaneous, but the table
  reports the players' mulligans one at a time. Each round, only a player with no Basic Pokémon
  redraws, and one who kept a hand never redraws again, so a mulligan reported while the opponent
  has a mulligan this seat drew no extra cards for belongs to that same round: neither player had
  a Basic, nobody draws extra cards for it (seed 000: "Neste caso, nenhum dos jogadores compra 2
  cards extras"). A player who already drew its extra cards kept its hand, so a mulligan reported
  after that is a new round and counts as usual (R-SETUP-2).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..messages import msg, msg_n
from .core import Ctx, draw, shuffle_deck, usable_attack, waiting_effect
from .illegal import Illegal
from .randomness import ANY_SEAT, Randomness, TableReports
from .table import learn_zone, resolve, resolve_all

if TYPE_CHECKING:
    from .state import Seat

Action = dict[str, Any]

# Inline reports: per action type, its field -> the kind of report (randomness.REPORT_KINDS),
# for the acting seat; and the fields any action that may show cards carries, per seat.
INLINE_REPORTS: dict[str, dict[str, str]] = {"draw": {"cards": "drawn"},
                                             "mulligan_draw": {"cards": "drawn"},
                                             "setup": {"hand": "hand"},
                                             "mulligan": {"hand": "revealed"}}
SEAT_REPORTS = {"prizes_taken": "prizes", "revealed": "revealed", "drawn": "drawn"}
TABLE_ONLY_ACTIONS = ("mulligan", "shuffle")
# The hand is where a card is played or set up from.
HAND_FIELDS: dict[str, tuple[str, ...]] = {"setup": ("active", "bench"), "bench": ("card",),
                                           "evolve": ("card",), "attach_energy": ("card",),
                                           "play_trainer": ("card",)}


# Per action type, the fields that may hold reports (asked of every action decided or listed).
_SEAT_FIELDS = tuple(SEAT_REPORTS)
_REPORT_FIELDS = {kind: frozenset((*fields, *_SEAT_FIELDS)) for kind, fields in INLINE_REPORTS.items()}
_SEAT_FIELDS_SET = frozenset(_SEAT_FIELDS)


def report_fields(action: Action) -> list[str]:
    kind = action.get("type", "")
    ordered = (*INLINE_REPORTS[kind], *_SEAT_FIELDS) if kind in INLINE_REPORTS else _SEAT_FIELDS
    return [f for f in ordered if f in action]


def inline_reports(action: Action, seat: int) -> dict[str, dict[int, list[str]]]:
    """The reports written into an action (its shape already checked), by kind and seat; a
    flat `prizes_taken` list is for whichever seat takes Prize cards (`ANY_SEAT`)."""
    out: dict[str, dict[int, list[str]]] = {}
    for field_name, kind in INLINE_REPORTS.get(action["type"], {}).items():
        if field_name in action:
            out.setdefault(kind, {})[seat] = list(action[field_name])
    for field_name, kind in SEAT_REPORTS.items():
        value = action.get(field_name)
        if isinstance(value, list):
            out.setdefault(kind, {})[ANY_SEAT] = list(value)
        elif isinstance(value, dict):
            for seat_key, ids in value.items():
                out.setdefault(kind, {})[int(seat_key)] = list(ids)
    return out


def with_inline_reports(source: Randomness, action: Action, seat: int) -> TableReports:
    """The action's report source in table mode: the source given (or one flipping with it)
    with the reports written into the action added."""
    reports = source if isinstance(source, TableReports) else TableReports(flips_from=source)
    reports.add(inline_reports(action, seat))
    return reports


def check_table_only(table: bool, action: Action) -> None:
    """R-TABLE-3: the table's reports and a paper game's own actions need a table match."""
    if table or (action["type"] not in TABLE_ONLY_ACTIONS
                 and _REPORT_FIELDS.get(action["type"], _SEAT_FIELDS_SET).isdisjoint(action)):
        return       # the common case, asked of every candidate listed
    if report_fields(action) or action["type"] in TABLE_ONLY_ACTIONS:
        what = report_fields(action) or [action["type"]]
        raise Illegal("R-TABLE-3", msg("Only a table-mode match takes the table's reports: %(fields)s.",
                                       fields=", ".join(what)))


def resolve_card_ids(ctx: Ctx, action: Action, named: dict[str, str] | None = None) -> Action:
    """The action as the rules carry it out: in table mode card ids resolved to instances
    and inline reports taken out; elsewhere unchanged. What naming cards identified is told
    to the randomness (`learned`), to be stored; on replay it comes back as `named` (the
    action then names instances)."""
    if not ctx.state.table:
        return action
    out = {k: v for k, v in action.items() if k not in report_fields(action)}
    seat = ctx.state.seats[ctx.seat]
    why = msg("%(seat)s's %(action)s", seat=ctx.seat_label(ctx.seat), action=action["type"])
    if action["type"] == "setup":
        learn_zone(ctx, seat.hand, ctx.rng.report_all("hand", ctx.seat), why)
    ctx.state.known.update(named or {})
    before = dict(ctx.state.known)
    out = _resolve_fields(ctx, out, why)
    for inst, card_id in ctx.state.known.items():
        if inst not in before:
            ctx.rng.learned(inst, card_id)
    return out


def _resolve_fields(ctx: Ctx, out: Action, why: str) -> Action:
    seat = ctx.state.seats[ctx.seat]
    taken: set[str] = set()
    for key in HAND_FIELDS.get(out["type"], ()):
        if isinstance(out.get(key), list):
            out[key] = resolve_all(ctx, [i for i in seat.hand if i not in taken], out[key], why)
            taken.update(v for v in out[key] if isinstance(v, str))
        elif key in out:
            out[key] = resolve(ctx, seat.hand, out[key], why, taken)
            if isinstance(out[key], str):
                taken.add(out[key])
    if isinstance(out.get("choices"), dict):
        out["choices"] = _resolve_choices(ctx, out["type"], out, taken, why)
    return out


def _resolve_choices(ctx: Ctx, kind: str, action: Action, taken: set[str], why: str) -> dict[str, Any]:
    zones = choice_zones_of(ctx, kind, action)
    choices = dict(action["choices"])
    for key, zone_name in zones.items():
        if key not in choices:
            continue
        zone = [i for i in _zone(ctx, zone_name) if i not in taken]
        value = choices[key]
        choices[key] = resolve_all(ctx, zone, value, why) if isinstance(value, list) else \
            resolve(ctx, zone, value, why)
        # a card named by one choice is not another's (PokéNav's pick and the two put back)
        named = choices[key] if isinstance(choices[key], list) else [choices[key]]
        taken.update(v for v in named if isinstance(v, str))
    return choices


def choice_zones_of(ctx: Ctx, kind: str, action: Action) -> dict[str, str]:
    """Where a card's choices name cards (its encoding's `choice_zones`)."""
    state = ctx.state
    if kind == "play_trainer" and isinstance(action.get("card"), str) and action["card"] in state.instances:
        trainer = state.card_of(action["card"]).trainer
        return trainer.choice_zones if trainer else {}
    if kind == "choose" and state.pending:
        return getattr(waiting_effect(state), "choose_zones", {})
    if kind == "use_power":
        _, p, _ = state.find_pokemon(action.get("pokemon", "")) if isinstance(action.get("pokemon"), str) \
            else (None, None, None)
        power = state.card_of(p.top).power if p is not None else None
        return power.effect.choice_zones if power and power.effect else {}
    if kind == "attack":
        return _attack_choice_zones(ctx, action)
    if kind == "use_stadium" and state.stadium:
        return getattr(state.card_of(state.stadium["card"]).trainer, "choice_zones", {})
    return {}


def _attack_choice_zones(ctx: Ctx, action: Action) -> dict[str, str]:
    """An attack's choices name cards where its effects' `choice_zones` say."""
    active = ctx.state.seats[ctx.seat].active
    attack = usable_attack(ctx.state, active, action.get("attack", "")) if active else None
    zones: dict[str, str] = {}
    for effect in attack.effects if attack else ():
        zones.update(getattr(effect, "choice_zones", {}))
    return zones


def _zone(ctx: Ctx, name: str) -> list[str]:
    state = ctx.state
    me: Seat = state.seats[ctx.seat]
    if name == "look":
        return [i for i in (state.pending or {}).get("look", []) if i in me.deck]
    if name == "deck_top5":
        return me.deck[:5]
    if name == "opponent_discard":
        return state.seats[ctx.opp].discard
    return list(getattr(me, name))


# -- the two actions of a paper game ---------------------------------------------------------

def do_mulligan(ctx: Ctx, action: Action) -> None:
    """R-SETUP-2 at a table: a seat with no Basic Pokémon shows its hand (its cards may be
    reported: `reported.revealed`), shuffles it back and draws 7 new cards; the opponent may
    draw extra cards, unless it took its own mulligan in the same round (R-SETUP-3). A
    reported hand holding a Basic Pokémon is no mulligan."""
    seat = ctx.state.seats[ctx.seat]
    if ctx.state.phase != "setup" or seat.setup_done:
        raise Illegal("R-SETUP-2", msg("A mulligan is taken before placing the Active Pokémon."))
    why = msg("%(seat)s's mulligan", seat=ctx.seat_label(ctx.seat))
    learn_zone(ctx, seat.hand, ctx.rng.report_all("revealed", ctx.seat), why)
    basics = [i for i in seat.hand if ctx.state.card_of(i).is_basic_pokemon]
    if basics:
        raise Illegal("R-SETUP-2", msg("%(why)s: the hand holds a Basic Pokémon (%(card)s).", why=why,
                                       card=ctx.ref(basics[0], "*")))
    shown = ctx.refs(seat.hand, shown_to="*")
    seat.deck.extend(seat.hand)
    seat.hand = []
    shuffle_deck(ctx, ctx.seat)
    draw(ctx, ctx.seat, 7)
    other = ctx.state.seats[ctx.opp]
    if other.mulligans and seat.extra_cards_allowed:
        _same_round_as_the_opponents(ctx, shown)
        return
    seat.mulligans += 1
    other.extra_cards_allowed += ctx.rules.mulligan_extra_per_mulligan
    ctx.say(msg_n("%(seat)s has no Basic Pokémon: shows the hand (%(cards)s), shuffles it back and draws 7 "
                  "again; the opponent may draw up to %(num)s extra card(s).",
                  "%(seat)s has no Basic Pokémon: shows the hand (%(cards)s), shuffles it back and draws 7 "
                  "again; the opponent may draw up to %(num)s extra card(s).",
                  ctx.rules.mulligan_extra_per_mulligan, seat=ctx.seat_label(ctx.seat), cards=shown), "R-SETUP-2")


def _same_round_as_the_opponents(ctx: Ctx, shown: str) -> None:
    """R-SETUP-3 at a table: the two players' mulligans are reported one after the other, but
    a mulligan reported while the opponent holds a mulligan this seat has drawn no extra cards
    for was taken in the same round as it: neither had a Basic Pokémon, so that round gives
    nobody extra cards. The opponent's mulligan stops counting (it was a redraw of R-SETUP-3)
    and the extra cards it allowed this seat go."""
    seat, other = ctx.state.seats[ctx.seat], ctx.state.seats[ctx.opp]
    other.mulligans -= 1
    seat.extra_cards_allowed = max(0, seat.extra_cards_allowed - ctx.rules.mulligan_extra_per_mulligan)
    ctx.say(msg("%(seat)s has no Basic Pokémon either: shows the hand (%(cards)s), shuffles it back and draws 7 "
                "again. Neither player had a Basic Pokémon in that round, so nobody draws extra cards for it.",
                seat=ctx.seat_label(ctx.seat), cards=shown), "R-SETUP-3")


def do_shuffle(ctx: Ctx, action: Action) -> None:
    """The table shuffled a deck: every known position in it is forgotten."""
    if action.get("zone", "deck") != "deck":
        raise Illegal("R-TABLE-1", msg("Only a deck is shuffled."))
    shuffle_deck(ctx, ctx.seat)
    ctx.say(msg("%(seat)s shuffles the deck.", seat=ctx.seat_label(ctx.seat)), "R-TABLE-1")
