"""Table mode: the referee observes a paper game it can't see (`randomness: "table"`).

Every physical card is still an instance ("0:u17"), but in table mode its identity is known
only once the table reports it (`State.known`: instance -> card id): a card put into play or
named from the hand, a card drawn and named, a Prize card taken, a hand shown. The rest is
*unknown* (`carddb.UNKNOWN`). The deck's order is never known unless a card showed some of
it; a shuffle forgets every known position in the deck. Per seat, the multiset of unknown
cards is always the deck list minus every located card (`pool`), and every report is
checked against it (R-TABLE-1).

The reports come into the engine the way reported coins do: as the action's randomness
source (`randomness.TableReports`: `report(kind, seat)`); the answers used are recorded in
the event and replayed at the same points, and the cards an action named by card id go in
as `rng["identified"]` (randomness.py). Rules that differ
in table mode read `state.table`, never the randomness mode's name.

Rulings taken here (the ids are in docs/RULES.md):
- R-TABLE-1: a report must be possible — a card the deck list holds, with a copy not already
  accounted for; a known card reported as another is a contradiction; a report the action
  has no use for fits nothing. Refused with the accounting ("all 4 Charizard (base1-4) of
  Seat 0 (Ana) are accounted for: 2 in the discard pile, 1 Active, 1 in hand").
- R-TABLE-2: an effect that needs an unknown card's identity needs the report (Lass shows
  both hands: every unknown card in them must be reported); without it the action is
  refused, saying what to report.
- R-TABLE-3: the table's reports (and the actions that only table mode has: `mulligan`,
  `shuffle`) belong to a table-mode match.
- A card named by its card id in a hidden zone is, of that zone's cards, the first known copy
  in the zone's order, else the first unknown card (which is then that card): deterministic,
  so the engine resolves it the same way every time; the event keeps the instances resolved.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..messages import joined, msg, msg_n
from .carddb import UNKNOWN, card, known
from .illegal import Illegal

if TYPE_CHECKING:
    from .core import Ctx
    from .state import State

ZONE_WORDS = {"hand": msg("in hand"), "deck": msg("in the deck"), "discard": msg("in the discard pile"),
              "lost_zone": msg("in the Lost Zone"),
              "prizes": msg("among the Prize cards"), "active": msg("Active"), "bench": msg("on the Bench")}


def is_card_id(value: Any) -> bool:
    return isinstance(value, str) and ":" not in value and known(value)


def _named(card_id: str) -> str:
    return f"{card(card_id).name} ({card_id})" if known(card_id) else repr(card_id)


def zones_of(state: State, seat_no: int) -> dict[str, str]:
    """Every instance of the seat, with the zone it is in."""
    seat = state.seats[seat_no]
    out = {}
    for zone in ("hand", "deck", "discard", "prizes", "lost_zone"):
        for inst in getattr(seat, zone):
            out[inst] = zone
    for p in seat.in_play():
        for inst in p.all_cards():
            out[inst] = "active" if p is seat.active else "bench"
    return out


def pool(state: State, seat_no: int) -> Counter[str]:
    """The seat's unknown cards as a multiset: its deck list minus every located card."""
    assert state.decklists is not None
    counts = Counter(state.decklists[seat_no])
    for inst, card_id in state.known.items():
        if state.owner(inst) == seat_no:
            counts[card_id] -= 1
    return +counts


def accounting(state: State, seat_no: int, card_id: str) -> str:
    """Where the located copies of `card_id` are, for a refusal."""
    zones = zones_of(state, seat_no)
    places = Counter(ZONE_WORDS[zones.get(inst, "hand")] for inst, cid in state.known.items()
                     if cid == card_id and state.owner(inst) == seat_no)
    return joined(joined((n, place), " ") for place, n in places.most_common()) or msg("none located")


def identify(ctx: Ctx, inst: str, card_id: str, why: str) -> None:
    """The table says `inst` is `card_id` (R-TABLE-1 checks it)."""
    state = ctx.state
    seat_no = state.owner(inst)
    current = state.card_id(inst)
    if current != UNKNOWN:
        if current != card_id:
            raise Illegal("R-TABLE-1", msg("%(why)s: that card is already known to be %(known)s, not %(card)s.",
                                           why=why, known=_named(current), card=_named(card_id)), private_to=seat_no)
        return
    assert state.decklists is not None
    listed = Counter(state.decklists[seat_no])
    if not is_card_id(card_id) or not listed[card_id]:
        raise Illegal("R-TABLE-1", msg("%(why)s: %(seat)s's deck list has no %(card)s.", why=why,
                                       seat=ctx.seat_label(seat_no), card=_named(card_id)), private_to=seat_no)
    if not pool(state, seat_no)[card_id]:
        raise Illegal("R-TABLE-1", msg("%(why)s: all %(count)s %(card)s of %(seat)s are accounted for: %(places)s.",
                                       why=why, count=listed[card_id], card=_named(card_id),
                                       seat=ctx.seat_label(seat_no), places=accounting(state, seat_no, card_id)),
                      private_to=seat_no)
    state.known[inst] = card_id


def learn_zone(ctx: Ctx, zone: list[str], reported: list[str] | None, why: str) -> None:
    """The table reports the cards of a zone it saw (a hand shown, the cards in a hand): each
    card id matches a known copy there, else identifies an unknown card of it."""
    if reported is None:
        return
    if len(reported) > len(zone):
        raise Illegal("R-TABLE-1", msg_n("%(why)s: %(num)s card(s) reported, but there are %(count)s.",
                                         "%(why)s: %(num)s card(s) reported, but there are %(count)s.", len(reported),
                                         why=why, count=len(zone)))
    bad = [c for c in reported if not is_card_id(c)]
    if bad:
        raise Illegal("R-TABLE-1", msg("%(why)s: %(value)s is not a card id.", why=why, value=repr(bad[0])))
    resolve_all(ctx, zone, list(reported), why)


def resolve(ctx: Ctx, zone: list[str], value: Any, why: str, taken: set[str] | None = None) -> Any:
    """`value` as an instance of `zone` (instances of one seat): an instance stays as it is;
    a card id is the zone's first known copy, else its first unknown card, now identified as
    that card (ruling above); `taken` are instances already chosen for the same action.
    Anything else comes back unchanged (the rules refuse it as usual)."""
    state = ctx.state
    if not (state.table and is_card_id(value)):
        return value
    free = [inst for inst in zone if not taken or inst not in taken]
    for inst in free:
        if state.known.get(inst) == value:
            return inst
    for inst in free:
        if state.card_id(inst) == UNKNOWN:
            identify(ctx, inst, value, why)
            return inst
    seat_no = state.owner(zone[0]) if zone else ctx.seat
    raise Illegal("R-TABLE-1", msg("%(why)s: %(seat)s has no %(card)s there and no unknown card it could be.",
                                   why=why, seat=ctx.seat_label(seat_no), card=_named(value)), private_to=seat_no)


def resolve_all(ctx: Ctx, zone: list[str], values: Any, why: str) -> Any:
    """A list of card ids or instances, each resolved to a different instance of `zone`."""
    if not (ctx.state.table and isinstance(values, list)):
        return values
    taken: set[str] = set()
    out = []
    for value in values:
        inst = resolve(ctx, zone, value, why, taken)
        if isinstance(inst, str):
            taken.add(inst)
        out.append(inst)
    return out


def forget_positions(state: State, seat_no: int) -> None:
    """A shuffle: nothing is known any more of where a card is in the deck."""
    if state.table:
        for inst in state.seats[seat_no].deck:
            state.known.pop(inst, None)


def show_hand(ctx: Ctx, seat_no: int, why: str) -> None:
    """A hand shown to the table (Lass, a mulligan): every unknown card in it must be reported
    (`reported.revealed`), in the hand's order of unknown cards (R-TABLE-2)."""
    if not ctx.state.table:
        return
    hand = ctx.state.seats[seat_no].hand
    learn_zone(ctx, hand, ctx.rng.report_all("revealed", seat_no), why)
    still = [inst for inst in hand if ctx.state.card_id(inst) == UNKNOWN]
    if still:
        raise Illegal("R-TABLE-2", msg_n("%(why)s: %(seat)s's hand is shown, so report its %(num)s unknown card(s) "
                                         "(reported.revealed for seat %(n)s).",
                                         "%(why)s: %(seat)s's hand is shown, so report its %(num)s unknown card(s) "
                                         "(reported.revealed for seat %(n)s).", len(still), why=why,
                                         seat=ctx.seat_label(seat_no), n=seat_no))


def drawn(ctx: Ctx, seat_no: int, instances: list[str]) -> None:
    """Cards just drawn: the table may name them (`reported.drawn`)."""
    if ctx.state.table:
        for inst in instances:
            card_id = ctx.rng.report("drawn", seat_no)
            if card_id is not None:
                identify(ctx, inst, card_id, msg("%(seat)s draws", seat=ctx.seat_label(seat_no)))


def shown(ctx: Ctx, seat_no: int, instances: list[str]) -> None:
    """Cards turned face up for everyone (discarded from the hand): the table may name the
    unknown ones among them, in order (`revealed`)."""
    if ctx.state.table:
        for inst in instances:
            if ctx.state.card_id(inst) == UNKNOWN:
                card_id = ctx.rng.report("revealed", seat_no)
                if card_id is not None:
                    identify(ctx, inst, card_id, msg("%(seat)s discards a card", seat=ctx.seat_label(seat_no)))


def prizes_taken(ctx: Ctx, seat_no: int, instances: list[str]) -> None:
    """Prize cards just taken: the table may name them (`reported.prizes`)."""
    if ctx.state.table:
        for inst in instances:
            card_id = ctx.rng.report("prizes", seat_no)
            if card_id is not None:
                identify(ctx, inst, card_id, msg("%(seat)s takes a Prize card", seat=ctx.seat_label(seat_no)))


def unknown_pool(state: State, seat_no: int) -> dict[str, int]:
    """The judge's view of a seat's unknown cards: card id -> copies."""
    return dict(sorted(pool(state, seat_no).items()))
