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
- Cards drawn together (a draw of several, Bill's two) go to the hand, where no order is kept,
  so the table names them as a multiset: naming a recorded deck top in another order is the
  same report. So are cards discarded together face up, the ones the judges recorded among
  them included (the table saw them). Reports of separate draws of one action (each its own
  `draw` step) are read in the order the draws happen.
- The Prize cards lie in no order the table could know (the player chooses which to take, seed
  000: "O seu oponente então escolhe um dos Prêmios dele"), so a Prize card reported taken is a
  known copy of that card among the seat's Prize cards if there is one (the two instances trade
  what is known of them), else an unknown one.

What the judges hold, and what a player reporting knows (R-TABLE-4, R-TABLE-5):
- A judge's record of a deck, the Prize cards or a hand (`CardsRevealed`) tells the referee
  cards the table has not reported, some of which nobody at the table may see. Those
  identities are `State.judge_known` until the table reports the card or it is face up.
- A player's own action is decided on what that player knows (`masked_for`): the identities
  the judges alone hold, and those of the opponent's cards it can't see, are taken out of
  `known` while the action runs, so its refusals, `/legality` and `legal-actions` are the same
  whatever those cards are. Afterwards they are put back (`unmask`); where the player's report
  disagrees with one (a draw named otherwise than the judge recorded, a copy the judges place
  elsewhere), the report is what the table said happened: the disagreeing record is set aside
  (the instance unknown again), written in the event's `rng.set_aside` (which no player
  receives) and told to the judges in a line only they read. The scorekeeper and the judges
  report with everything the referee holds: a contradiction is refused to them with the
  accounting, as before.
- A player reports only its own seat's cards (R-TABLE-4): the opponent's hand, draws and Prize
  cards are the opponent's (or the scorekeeper's) to report, so a player's report for the other
  seat is refused whatever it names, and so is a player's action that shows the opponent's hand
  (Lass: what it does depends on cards that player can't name): the scorekeeper or a judge
  logs it. Either refusal depends only on what the player sees (the opponent holds cards).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..messages import joined, msg, msg_n
from ..text import judges_only
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
    # While a player's action runs, a card the judges hold as that card is taken first, then
    # a card nobody knows, then one the judges hold as another: which one it is never changes
    # the answer the player gets (unmask sets the record aside only when it disagrees).
    masked = state.masked or {}
    unknown = [inst for inst in free if state.card_id(inst) == UNKNOWN]
    for inst in sorted(unknown, key=lambda i: (masked.get(i) != value, i in masked)):
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
            _forget(state, inst)


def show_hand(ctx: Ctx, seat_no: int, why: str) -> None:
    """A hand shown to the table (Lass, a mulligan): every unknown card in it must be reported
    (`reported.revealed`), in the hand's order of unknown cards (R-TABLE-2)."""
    if not ctx.state.table:
        return
    hand = ctx.state.seats[seat_no].hand
    if ctx.reporter not in (None, seat_no) and any(ctx.state.card_id(i) == UNKNOWN for i in hand):
        raise Illegal("R-TABLE-4", msg("%(why)s: %(seat)s's hand is shown, and a player reports only its own seat's "
                                       "cards; the scorekeeper or a judge logs this action.",
                                       why=why, seat=ctx.seat_label(seat_no)))
    learn_zone(ctx, hand, ctx.rng.report_all("revealed", seat_no), why)
    still = [inst for inst in hand if ctx.state.card_id(inst) == UNKNOWN]
    if still:
        raise Illegal("R-TABLE-2", msg_n("%(why)s: %(seat)s's hand is shown, so report its %(num)s unknown card(s) "
                                         "(reported.revealed for seat %(n)s).",
                                         "%(why)s: %(seat)s's hand is shown, so report its %(num)s unknown card(s) "
                                         "(reported.revealed for seat %(n)s).", len(still), why=why,
                                         seat=ctx.seat_label(seat_no), n=seat_no))


def drawn(ctx: Ctx, seat_no: int, instances: list[str]) -> None:
    """Cards just drawn: the table may name them (`reported.drawn`), in any order (ruling above)."""
    if ctx.state.table:
        named = [ctx.rng.report("drawn", seat_no) for _ in instances]
        _name_in_any_order(ctx, instances, [c for c in named if c is not None],
                           msg("%(seat)s draws", seat=ctx.seat_label(seat_no)))


def shown(ctx: Ctx, seat_no: int, instances: list[str]) -> None:
    """Cards turned face up for everyone (discarded from the hand): the table may name the
    ones the table has not reported among them, in any order (`revealed`)."""
    state = ctx.state
    if state.table:
        named = [ctx.rng.report("revealed", seat_no) for inst in instances
                 if state.card_id(inst) == UNKNOWN or inst in state.judge_known]
        _name_in_any_order(ctx, instances, [c for c in named if c is not None],
                           msg("%(seat)s discards a card", seat=ctx.seat_label(seat_no)))


def _name_in_any_order(ctx: Ctx, instances: list[str], named: list[str], why: str) -> None:
    """Cards that moved together, named as a multiset: a card named that the referee holds as
    one of them is that one; the others name the unknown ones."""
    state = ctx.state
    left = list(instances)
    rest = []
    for card_id in named:
        same = next((inst for inst in left if state.known.get(inst) == card_id), None)
        if same is None:
            rest.append(card_id)
        else:
            left.remove(same)
    masked = state.masked or {}
    for card_id in rest:
        # as in `resolve`: a card the judges hold as that card first, so no record is set aside
        unknown = sorted((inst for inst in left if state.card_id(inst) == UNKNOWN),
                         key=lambda inst: (masked.get(inst) != card_id, inst in masked))
        inst = unknown[0] if unknown else left[0]
        identify(ctx, inst, card_id, why)      # a known card named as another is refused there
        left.remove(inst)


def prizes_taken(ctx: Ctx, seat_no: int, instances: list[str]) -> None:
    """Prize cards just taken: the table may name them (`reported.prizes`)."""
    if ctx.state.table:
        for inst in instances:
            card_id = ctx.rng.report("prizes", seat_no)
            if card_id is not None:
                _take_prize_named(ctx.state, inst, card_id, ctx.state.seats[seat_no].prizes)
                identify(ctx, inst, card_id, msg("%(seat)s takes a Prize card", seat=ctx.seat_label(seat_no)))
            else:
                _take_prize_unseen(ctx.state, inst, ctx.state.seats[seat_no].prizes)


def _identity(state: State, inst: str) -> str | None:
    return state.known.get(inst) or (state.masked or {}).get(inst)


def _forget(state: State, inst: str) -> None:
    state.known.pop(inst, None)
    state.judge_known.discard(inst)
    if state.masked:
        state.masked.pop(inst, None)


def _take_prize_unseen(state: State, taken: str, remaining: list[str]) -> None:
    """A Prize card taken and not reported may be any of them (ruling above): the card taken
    is unknown, and of each card known among the Prize cards one copy fewer is certainly
    still there (so the record never says a card is where it may not be)."""
    held = Counter(c for c in (_identity(state, i) for i in [taken, *remaining]) if c)
    if not held:
        return
    mine = _identity(state, taken)
    _forget(state, taken)
    for card_id in held:
        if card_id != mine:
            _forget(state, next(i for i in remaining if _identity(state, i) == card_id))


def _take_prize_named(state: State, taken: str, card_id: str, remaining: list[str]) -> None:
    """The Prize card reported is a known copy of `card_id` still among the Prize cards if
    one is, else one nobody knows (ruling above: Prize cards have no order): the two
    instances trade what is known of them, so the card taken is that one and the other keeps
    what `taken` was known to be."""
    mine = _identity(state, taken)
    if mine == card_id:
        return
    other = next((i for i in remaining if _identity(state, i) == card_id), None)
    if other is None and mine is not None:
        other = next((i for i in remaining if _identity(state, i) is None), None)
    if other is None:
        return
    for records in (state.known, state.masked if state.masked is not None else {}):
        mine, theirs = records.pop(taken, None), records.pop(other, None)
        if mine is not None:
            records[other] = mine
        if theirs is not None:
            records[taken] = theirs
    judged = state.judge_known
    for inst, was_judged in ((other, taken in judged), (taken, other in judged)):
        (judged.add if was_judged else judged.discard)(inst)


def unreported(state: State, seat_no: int) -> int:
    """How many of the seat's cards the table has not reported: the unknown ones and those
    only the judges' record names (the summary's count, which every reader gets)."""
    return sum(pool(state, seat_no).values()) + sum(1 for i in state.judge_known if state.owner(i) == seat_no)


def judges_record(state: State, seat_no: int) -> list[str]:
    """The seat's instances whose identity only the judges' record gives (the full views')."""
    return sorted(i for i in state.judge_known if state.owner(i) == seat_no)


def unknown_pool(state: State, seat_no: int) -> dict[str, int]:
    """The judge's view of a seat's unknown cards: card id -> copies."""
    return dict(sorted(pool(state, seat_no).items()))


# -- What the judges hold, and what a player reporting knows (module docstring) ------------------

def judges_recorded(state: State, instances: list[str]) -> None:
    """A judge's reveal of a deck, the Prize cards or a hand located these instances."""
    state.judge_known.update(inst for inst in instances if inst in state.known)


def face_up_now(state: State) -> None:
    """A card the judges recorded that is now face up (in play, a discard pile) is the
    table's to see: it leaves the judges' record."""
    held = {i for seat in state.seats for zone in (seat.deck, seat.prizes, seat.hand) for i in zone}
    state.judge_known &= held


def masked_for(state: State, seat: int) -> dict[str, str]:
    """The identities a player of `seat` can't know: of the cards it can't see, those the
    judges alone hold and those of the opponent's cards."""
    if not state.known:
        return {}
    hidden = state.hidden_from(seat)
    return {inst: card_id for inst, card_id in state.known.items()
            if inst in hidden and (inst in state.judge_known or state.owner(inst) != seat)}


def _taken_out(state: State, seat: int) -> dict[str, str]:
    """`masked_for(state, seat)`, taken out of `state.known`."""
    masked = masked_for(state, seat)
    for inst in masked:
        del state.known[inst]
    return masked


def masked_copy(state: State, seat: int) -> State:
    """A copy of `state` as a player of `seat` knows it (for listing its legal actions)."""
    copy = state.clone()
    _taken_out(copy, seat)
    return copy


def mask(ctx: Ctx, reporter: int) -> None:
    """Before a player's action runs: decide it on what that player knows."""
    ctx.reporter = reporter
    ctx.rng.reported_by(reporter)
    ctx.state.masked = _taken_out(ctx.state, reporter)


def unmask(ctx: Ctx) -> None:
    """After a player's action: what was masked is put back where the table's reports agree
    with it, and set aside where they disagree (R-TABLE-5); the accounting then holds again."""
    state = ctx.state
    masked, state.masked = state.masked or {}, None
    if not masked:
        return      # the player knew all the referee knows: nothing to put back
    for inst, held in masked.items():
        reported = state.known.get(inst)
        if reported is None:
            state.known[inst] = held
        elif reported == held:
            state.judge_known.discard(inst)       # the table said so too: the table's now
        else:
            _set_aside(ctx, inst, held)
    for seat_no in (0, 1):
        _set_aside_copies_too_many(ctx, seat_no, masked)


def _set_aside_copies_too_many(ctx: Ctx, seat_no: int, masked: dict[str, str]) -> None:
    """A copy the player's report located may be one the judges place elsewhere: their record
    of it is set aside (the Prize cards' first, then the deck's, then any other)."""
    state = ctx.state
    assert state.decklists is not None
    listed = Counter(state.decklists[seat_no])
    located = Counter(card_id for inst, card_id in state.known.items() if state.owner(inst) == seat_no)
    zones = zones_of(state, seat_no)
    order = {"prizes": 0, "deck": 1}
    for card_id, count in located.items():
        excess = count - listed[card_id]
        if excess <= 0:
            continue
        held = sorted((i for i, c in masked.items() if c == card_id and state.known.get(i) == c
                       and state.owner(i) == seat_no), key=lambda i: (order.get(zones.get(i, ""), 2), i))
        for inst in held[:excess]:
            _set_aside(ctx, inst, card_id)


def _set_aside(ctx: Ctx, inst: str, held: str) -> None:
    state = ctx.state
    state.judge_known.discard(inst)
    if state.known.get(inst) == held:
        del state.known[inst]
    ctx.rng.set_aside(inst, held)
    ctx.say(judges_only(msg("%(seat)s's report disagrees with what was recorded of %(card)s: it was held to be "
                            "%(held)s. That record is set aside; a judge is needed.",
                            seat=ctx.seat_label(ctx.reporter if ctx.reporter is not None else ctx.seat),
                            card=ctx.ref(inst), held=_named(held))), "R-TABLE-5")
