"""Every legal action now, in the API's action shape.

Candidates are generated from the board (with each card's own `options`), then kept only
when `run_action` accepts them, so the list and `decide` agree (`engine.accepts`: a candidate
that its handler's own checks refuse, or settle, is not carried out on a clone).

One card can offer thousands of choice combinations (a search: every pair of cards to
discard times every card of the deck). A card's `options` list only combinations its rules
allow, so a large group of candidates from one card is checked at its first and last few
members; when those all pass the group is kept whole, and when any fails every member is
checked. The property test (tests/engine/test_random_games.py) re-checks samples of the
listed actions with `decide` at every step of thousands of games.
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from .actions import energy_attached_this_turn, pays_retreat, retreat_discard_needed
from .carddb import UNKNOWN, card
from .core import energy_units, usable_attacks, waiting_effect
from .engine import Listing, accepts
from .evolution import evolves_onto
from .randomness import NoReports
from .rulesets import Ruleset, get_ruleset
from .table import masked_copy, pool

if TYPE_CHECKING:
    from .carddb import AttackDef
    from .state import Pokemon, State

Action = dict[str, Any]


class _ProbeRandomness(NoReports):
    """Answers every flip with heads and keeps every order: legality never depends on luck."""

    def flip(self) -> bool:
        return True

    def shuffle(self, n: int) -> list[int]:
        return list(range(n))


def candidate_actions(state: State, seat: int) -> list[Action]:
    phase = state.phase
    if phase == "finished":
        return []
    if state.pending:
        pending = state.pending
        if seat != pending["seat"]:
            return [{"type": "concede"}]
        return [{"type": "choose", "choices": c} for c in waiting_effect(state).resolve_options(state, pending)] + [
            {"type": "concede"}]
    if phase in ("between_games", "first_player"):
        return _choose_first_candidates(state, seat)
    if phase == "setup":
        return list(_setup_candidates(state, seat)) + [{"type": "concede"}]
    if phase == "promote":
        if state.pending_promotions and state.pending_promotions[0] == seat:
            return [{"type": "promote", "card": p.top} for p in state.seats[seat].bench]
        return [{"type": "concede"}]
    if seat != state.seat_to_act:
        return [{"type": "concede"}]
    if phase == "draw":
        return [{"type": "draw"}, {"type": "concede"}]
    return list(_main_candidates(state, seat)) + [{"type": "end_turn"}, {"type": "concede"}]


def _choose_first_candidates(state: State, seat: int) -> list[Action]:
    """The chooser names the first player: the previous game's loser (R-MATCH-1), or before a
    modern game the coin flip's winner (R-SETUP-6; at a paper table, whichever seat won it:
    ``chooser`` is None)."""
    chosen = [{"type": "choose_first", "first": first} for first in (seat, 1 - seat)]
    return (chosen if state.chooser in (None, seat) else []) + [{"type": "concede"}]


GROUP_CHECKED_ENDS = 6


def legal_actions(state: State, seat: int, reporter: int | None = None) -> list[Action]:
    """`reporter`: the seat of the player asking (table mode: listed on what it knows, as its
    own action would be decided, table.py)."""
    if reporter is not None and state.table:
        state = masked_copy(state, reporter)
    else:
        reporter = None
    if state.listing is not None:       # listed within a listing of the same state
        return _legal_actions(state, seat, reporter)
    state.listing = {}
    try:
        return _legal_actions(state, seat, reporter)
    finally:
        state.listing = None


def _legal_actions(state: State, seat: int, reporter: int | None = None) -> list[Action]:
    legal: list[Action] = []
    accepted = _Acceptance(state, seat, reporter)
    for group in _groups(candidate_actions(state, seat)):
        ends = group[:GROUP_CHECKED_ENDS] + group[-GROUP_CHECKED_ENDS:]
        if len(group) > 4 * GROUP_CHECKED_ENDS and all(accepted(a) for a in ends):
            legal.extend(group)
        else:
            legal.extend(a for a in group if accepted(a))
    return legal


class _Acceptance:
    """`is_legal` for the candidates of one listing. Retreats paying the same Energy are
    tried once: which Benched Pokémon comes in changes nothing `do_retreat` checks
    (actions.check_retreat), and every candidate names one of the seat's Benched Pokémon."""

    def __init__(self, state: State, seat: int, reporter: int | None = None):
        self.state, self.seat = state, seat
        self.retreats: dict[tuple[str, ...], bool] = {}
        self.rng = _ProbeRandomness()
        self.listing = Listing(state, seat, self.rng, reporter)

    def __call__(self, action: Action) -> bool:
        if action["type"] != "retreat":
            return self._accepts(action)
        paid = tuple(action["discard"])
        if paid not in self.retreats:
            self.retreats[paid] = self._accepts(action)
        return self.retreats[paid]

    def _accepts(self, action: Action) -> bool:
        return accepts(self.state, self.seat, action, self.rng, self.listing)


def _groups(actions: list[Action]) -> list[list[Action]]:
    """Consecutive candidates of one action type about one card form a group."""
    groups: list[list[Action]] = []
    key: tuple[str, str | None] | None = None
    for action in actions:
        k = (action["type"], action.get("card") or action.get("pokemon"))
        if k != key or action["type"] not in ("play_trainer", "use_power", "choose"):
            groups.append([])
            key = k
        groups[-1].append(action)
    return groups


def is_legal(state: State, seat: int, action: Action) -> bool:
    return accepts(state, seat, action, _ProbeRandomness())


def _setup_candidates(state: State, seat: int) -> Iterator[Action]:
    s = state.seats[seat]
    if s.extra_cards_allowed and (not state.seats[seat].setup_done) != _rules(state).mulligan_extra_after_setup:
        for n in range(s.extra_cards_allowed + 1):
            yield {"type": "mulligan_draw", "count": n}
    if s.setup_done:
        return
    if state.table:
        yield from _table_setup_candidates(state, seat)
    basics = [i for i in s.hand if state.card_of(i).is_basic_pokemon]
    for active in basics:
        rest = [b for b in basics if b != active]
        for k in range(min(len(rest), 5) + 1):
            for bench in combinations(rest, k):
                yield {"type": "setup", "active": active, "bench": list(bench)}


def _table_setup_candidates(state: State, seat: int) -> Iterator[Action]:
    """At a paper table: the mulligan, and an Active named by card id for each Basic
    Pokémon of the deck list an unknown hand card may be (the Bench is the table's to add)."""
    yield {"type": "mulligan"}
    if any(state.card_id(i) == UNKNOWN for i in state.seats[seat].hand):
        for card_id in sorted(pool(state, seat)):
            if card(card_id).is_basic_pokemon:
                yield {"type": "setup", "active": card_id}


def _rules(state: State) -> Ruleset:
    return get_ruleset(state.ruleset)


def _main_candidates(state: State, seat: int) -> Iterator[Action]:
    """The hand's cards, then the Active's retreats and attacks, then what the Pokémon in
    play offer: discarding one from play, then powers."""
    s = state.seats[seat]
    in_play = s.in_play()
    for inst in s.hand:
        yield from _hand_card_candidates(state, seat, inst, in_play)
    if s.active is not None:
        yield from _active_candidates(state, seat, s.active, s.bench)
    yield from _in_play_candidates(state, seat, in_play)


def _hand_card_candidates(state: State, seat: int, inst: str, in_play: list[Pokemon]) -> Iterator[Action]:
    c = state.card_of(inst)
    if c.supertype == "Energy":
        if not energy_attached_this_turn(state):
            yield from ({"type": "attach_energy", "card": inst, "target": p.top} for p in in_play)
    elif c.is_basic_pokemon:            # a Trainer played as a Basic too: do_bench accepts it
        yield {"type": "bench", "card": inst}
    elif c.supertype == "Pokemon":
        yield from ({"type": "evolve", "card": inst, "target": p.top} for p in in_play
                    if evolves_onto(c, state.card_of(p.top)))
    if c.supertype == "Trainer" and c.trainer is not None:
        for opt in c.trainer.options(state, seat, inst):
            action = {"type": "play_trainer", "card": inst, "targets": opt.get("targets", []),
                      "choices": opt.get("choices", {})}
            if "declared" in opt:
                action["declared"] = opt["declared"]
            yield action


def _active_candidates(state: State, seat: int, active: Pokemon, bench: list[Pokemon]) -> Iterator[Action]:
    payments = _retreat_payments(state, active) if bench else []
    for to in bench:
        for discard in payments:
            yield {"type": "retreat", "to": to.top, "discard": list(discard)}
    for attack in usable_attacks(state, active):
        declared = [e for e in attack.effects if hasattr(e, "declared_options")]
        for choices in _attack_options(state, seat, active, attack):
            action = {"type": "attack", "attack": str(attack.name), "choices": choices}  # data: English always
            for steps in (declared[0].declared_options(attack) if declared else [None]):
                yield action if steps is None else {**action, "declared": steps}


def _in_play_candidates(state: State, seat: int, in_play: list[Pokemon]) -> Iterator[Action]:
    for p in in_play:
        if getattr(state.card_of(p.top).trainer, "discard_from_play", None) is not None:
            yield {"type": "discard_from_play", "card": p.top}
    yield from _declare_candidates(state, seat, in_play)
    stadium = state.card_of(state.stadium["card"]).trainer if state.stadium else None
    if stadium is not None and hasattr(stadium, "use") and not state.this_turn.get("stadium_used"):
        for choices in stadium.use_options(state, seat):
            yield {"type": "use_stadium", "choices": choices}
    for p in in_play:
        power = state.card_of(p.top).power
        if power and power.effect is not None and hasattr(power.effect, "use"):
            for choices in power.effect.options(state, seat, p):
                yield _with_declared({"type": "use_power", "pokemon": p.top, "power": str(power.name)},
                                     choices)


def _declare_candidates(state: State, seat: int, in_play: list[Pokemon]) -> Iterator[Action]:
    """The cards in play whose own text acts by itself and is declared (a Tool, a Special
    Energy, the Stadium: R-DECLARE-4), offered as "declare the effect of …" with no steps."""
    sources = [i for p in in_play for i in (*p.energy, *p.attached)]
    if state.stadium:
        sources.append(state.stadium["card"])
    for inst in sources:
        if state.card_of(inst).declared & {"trainer", "energy"}:
            yield {"type": "declare", "source": inst, "declared": []}


def _with_declared(action: Action, options: dict[str, Any]) -> Action:
    """A power's option: its choices, and the steps offered for a declared effect (its
    "declared" key: the effect declared as doing nothing, for the table to fill in)."""
    choices = {k: v for k, v in options.items() if k != "declared"}
    out = {**action, "choices": choices}
    if "declared" in options:
        out["declared"] = options["declared"]
    return out


def _retreat_payments(state: State, active: Pokemon) -> list[list[str]]:
    cost = retreat_discard_needed(state, active)
    if cost == 0:
        return [[]]
    energy = active.energy
    units = {i: len(energy_units(state, active, i)) for i in energy}
    return [list(combo) for k in range(1, min(len(energy), cost) + 1) for combo in combinations(energy, k)
            if pays_retreat([units[i] for i in combo], cost)]


def _attack_options(state: State, seat: int, attacker: Pokemon, attack: AttackDef) -> list[dict[str, Any]]:
    options: list[dict[str, Any]] = [{}]
    for eff in attack.effects:
        if hasattr(eff, "options"):
            more = eff.options(state, seat, attacker)
            options = [{**a, **b} for a in options for b in more]
    return options
