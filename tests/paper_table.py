"""A paper table for the table-mode tests (engine and API): the true game, and a scorekeeper
reporting it.

The true game is a service-mode match with a seeded shuffle, held outside the referee (it is
the physical table: the true deck order, the true hands). The referee plays a table-mode match
of the same game: every action at the table is translated the way a scorekeeper would log it —
a card from the hand, the deck or a discard pile named by its card id, a Pokémon in play by
the instance the referee shows — and a random share (`report`) of what the table saw is
reported: opening hands, draws, Prize cards, discarded hands; what Lass shows must be.

To know what the table drew and took, the true game is watched through the two places the
engine moves hidden cards to a hand (`core.drawn`, `flow.prizes_taken`): a spy, not a
stand-in; the true game runs the real rules.

`check_agreement` is the property: the referee's known cards always agree with the true game
(the same Pokémon in play, every known card of a hidden zone truly there, known deck
positions exact) and each seat's unknown multiset equals its deck list minus what is located.
"""
from __future__ import annotations

import random
from collections import Counter
from contextlib import contextmanager
from typing import Any

from projections.tcg import core, engine, flow
from projections.tcg.legal import legal_actions
from projections.tcg.randomness import SeededRandomness, TableReports
from projections.tcg.simulate import choose, seat_to_move
from projections.tcg.table import pool

HIDDEN_ZONES = ("hand", "deck", "prizes", "discard")


@contextmanager
def watching(seen: list[tuple[str, int, list[str]]]):
    """Record every draw and every Prize card taken in the true game, in order."""
    real_drawn, real_prizes = core.drawn, flow.prizes_taken

    def drawn(ctx, seat_no, instances):
        seen.append(("drawn", seat_no, [ctx.state.instances[i] for i in instances]))
        real_drawn(ctx, seat_no, instances)

    def prizes(ctx, seat_no, instances):
        seen.append(("prizes", seat_no, [ctx.state.instances[i] for i in instances]))
        real_prizes(ctx, seat_no, instances)
    core.drawn, flow.prizes_taken = drawn, prizes
    try:
        yield
    finally:
        core.drawn, flow.prizes_taken = real_drawn, real_prizes


def in_play_map(true, table) -> dict[str, str]:
    """True instance -> the referee's, for every card in play (same places, same order)."""
    out = {}
    for t_seat, r_seat in zip(true.seats, table.seats, strict=True):
        t_mons, r_mons = t_seat.in_play(), r_seat.in_play()
        assert len(t_mons) == len(r_mons), "a different number of Pokémon in play"
        for tp, rp in zip(t_mons, r_mons, strict=True):
            t_cards, r_cards = tp.all_cards(), rp.all_cards()
            assert len(t_cards) == len(r_cards), "a Pokémon with different cards"
            out.update(zip(t_cards, r_cards, strict=True))
    for slot in ("stadium", "supporter"):      # face up beside the board: named as the referee shows it
        t_held, r_held = getattr(true, slot), getattr(table, slot)
        if t_held and r_held:
            out[t_held["card"]] = r_held["card"]
    return out


def check_agreement(true, table) -> None:
    """The property (module docstring)."""
    assert (true.phase == table.phase or (true.phase == "main" and table.phase == "draw")
            or table.phase == "finished" and true.phase == "finished"), (true.phase, table.phase)
    for t_inst, r_inst in in_play_map(true, table).items():
        assert table.card_id(r_inst) == true.instances[t_inst], (r_inst, table.card_id(r_inst), t_inst)
    for n, (t_seat, r_seat) in enumerate(zip(true.seats, table.seats, strict=True)):
        unknown: Counter[str] = Counter()
        for zone in HIDDEN_ZONES:
            t_cards, r_cards = getattr(t_seat, zone), getattr(r_seat, zone)
            assert len(t_cards) == len(r_cards), (n, zone, len(t_cards), len(r_cards))
            truth = Counter(true.instances[i] for i in t_cards)
            known = Counter(table.known[i] for i in r_cards if i in table.known)
            assert not known - truth, f"seat {n} {zone}: {known - truth} known but not there"
            unknown += truth - known
        for t_inst, r_inst in zip(t_seat.deck, r_seat.deck, strict=True):
            if r_inst in table.known:
                assert table.known[r_inst] == true.instances[t_inst], f"seat {n}: a known deck position is wrong"
        assert pool(table, n) == unknown, f"seat {n}: unknown pool {pool(table, n)} != {unknown}"


class PaperGame:
    """One true game and the referee's log of it (module docstring)."""

    def __init__(self, seed: int, decks, report: float = 0.5, ruleset: str = "base-1999"):
        self.pick = random.Random(seed * 31 + 7)
        self.report = report
        players = [{"name": "Ana", "deck": list(decks[0])}, {"name": "Beto", "deck": list(decks[1])}]
        self.true_rng = SeededRandomness(seed)
        _, self.true, _ = engine.create_match(ruleset, players, self.true_rng)
        created, self.table, self.narration = engine.create_match(ruleset, players, TableReports(), table=True)
        self.events: list[dict[str, Any]] = [{"type": "MatchCreated", "payload": {
            "ruleset": ruleset, "players": players, "randomness": "table", "rng": created}}]
        self.done: list[str] = []
        self.turn_key: tuple[int, int] | None = None
        self.started = False

    def start(self) -> None:
        """The mulligans of the deal, as the table takes them."""
        self.started = True
        for seat_no in (0, 1):
            for _ in range(self.true.seats[seat_no].mulligans):
                self.log(seat_no, {"type": "mulligan"})

    # -- the scorekeeper -------------------------------------------------------------------
    def tell(self) -> bool:
        return self.pick.random() < self.report

    def log(self, seat: int, action: dict[str, Any], coins=()) -> engine.Decision:
        """The scorekeeper logs an action (the referee's engine decides it; `logged` hears of
        it too, e.g. to send it through the API)."""
        d = engine.decide(self.table, seat, action, TableReports(coins))
        assert d.legal and d.coin_error is None, (action, d.violations, d.coin_error)
        self.events.append(d.event)
        self.table = d.state
        self.narration += d.narration
        self.logged(seat, action, list(coins), d)
        return d

    def logged(self, seat: int, action: dict[str, Any], coins: list[str], decision) -> None:
        """A hook for a subclass: the action was just logged."""

    def name(self, value: Any, places: dict[str, str]) -> Any:
        """A true instance as the scorekeeper names it: in play, the referee's instance; in a
        hidden zone or a discard pile, its card id (now and then the referee's instance of a
        copy it knows is in that hand)."""
        if isinstance(value, list):
            return [self.name(v, places) for v in value]
        if not isinstance(value, str) or value not in self.true.instances:
            return value
        if value in places:
            return places[value]
        return self.true.instances[value]

    def translate(self, action: dict[str, Any]) -> dict[str, Any]:
        places = in_play_map(self.true, self.table)
        out = {k: self.name(v, places) for k, v in action.items() if k not in ("choices", "declared")}
        if "choices" in action:
            out["choices"] = {k: self.name(v, places) for k, v in action["choices"].items()}
        if "declared" in action:     # declared steps name cards the same way (R-DECLARE-1)
            out["declared"] = [{k: self.name(v, places) for k, v in step.items()}
                               for step in action["declared"]]
        return out

    # -- one step of the true game, logged -------------------------------------------------
    def step(self) -> dict[str, Any]:
        if not self.started:
            self.start()
        seat = seat_to_move(self.true)
        legal = [a for a in legal_actions(self.true, seat) if a["type"] != "concede"]
        key = (self.true.game_number, self.true.turn)
        if key != self.turn_key:
            self.turn_key, self.done = key, []
        action = choose(self.true, seat, legal, self.pick, self.done)
        self.done.append(action["type"])
        logged = self.translate(action)
        before = self.true
        seen: list[tuple[str, int, list[str]]] = []
        with watching(seen):
            d = engine.decide(self.true, seat, action, self.true_rng)
        assert d.legal, (action, d.violations)
        self.true = d.state
        turn_draw = self._report(before, seat, action, logged, seen)
        coins = (d.event["payload"].get("rng") or {}).get("coins", [])
        self.log(seat, logged, coins)
        if self.table.game_number != before.game_number or before.phase == "first_player":   # a new deal
            for seat_no in (0, 1):
                for _ in range(self.true.seats[seat_no].mulligans):
                    self.log(seat_no, {"type": "mulligan"})
        if self.table.phase == "draw":
            draw: dict[str, Any] = {"type": "draw"}
            if turn_draw and self.tell():
                draw["cards"] = turn_draw
            self.log(self.true.seat_to_act, draw)
        check_agreement(self.true, self.table)
        return action

    def _report(self, before, seat, action, logged, seen) -> list[str] | None:
        """Add to `logged` a random share of what the table saw; returns the card drawn for
        the next turn (the referee waits for a `draw` action for it)."""
        turn_draw = None
        new_turn = (self.true.game_number, self.true.turn) != (before.game_number, before.turn)
        if new_turn and self.true.phase == "main" and seen and seen[-1][0] == "drawn":
            turn_draw = seen.pop()[2]
        if self.true.game_number != before.game_number or before.phase == "first_player":
            seen = [s for s in seen if s[0] == "prizes"]       # the new deal's draws: not reported
        draws: dict[int, list[str]] = {}
        prizes: dict[int, list[str]] = {}
        for kind, who, ids in seen:
            (draws if kind == "drawn" else prizes).setdefault(who, []).extend(ids)
        if action["type"] == "setup" and self.tell():
            logged["hand"] = [before.instances[i] for i in before.seats[seat].hand]
        if action["type"] == "mulligan_draw" and draws.get(seat) and self.tell():
            logged["cards"] = draws.pop(seat)
        draws.pop(seat, None) if action["type"] == "mulligan_draw" else None
        if draws and self.tell():
            logged["drawn"] = self._by_seat(draws)
        if prizes and self.tell():
            logged["prizes_taken"] = self._by_seat(prizes)
        played = before.card_of(action["card"]).name if action["type"] == "play_trainer" else None
        if played == "Lass":
            logged["revealed"] = {str(s): [before.instances[i] for i in before.seats[s].hand
                                           if i != action["card"]] for s in (0, 1)}
        if played == "Professor Oak" and self.tell():
            discarded = self._unknown_in_hand(before, seat, action["card"])
            if discarded:
                logged["revealed"] = {str(seat): discarded}
        return turn_draw

    def _by_seat(self, ids: dict[int, list[str]]) -> Any:
        if len(ids) == 1 and self.pick.random() < 0.5:
            return next(iter(ids.values()))      # one seat: a plain list says whose
        return {str(s): v for s, v in ids.items()}

    def _unknown_in_hand(self, before, seat, played) -> list[str]:
        """The true cards of the referee's unknown hand cards, once `played` has left it."""
        truth = Counter(before.instances[i] for i in before.seats[seat].hand)
        known = Counter(self.table.known[i] for i in self.table.seats[seat].hand if i in self.table.known)
        one = Counter({before.instances[played]: 1})
        return sorted(((truth - one) - (known - one)).elements())

    def play(self, max_actions: int = 3000) -> None:
        if not self.started:
            self.start()
        check_agreement(self.true, self.table)
        while self.true.phase != "finished":
            assert len(self.events) < max_actions
            self.step()
