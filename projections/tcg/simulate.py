"""Random legal games, for property tests, benchmarks and load generators.

A game is dealt with `create_match` and played with `legal_actions` + `decide` under the
given randomness; actions are picked with a bias toward developing the board and attacking,
so games end by Knock Outs and Prizes rather than only by decking out.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from . import engine
from .legal import is_legal, legal_actions
from .randomness import Randomness, SeededRandomness
from .state import State
from .view import acting_seat

MAX_ACTIONS_PER_TURN = 25
Action = dict[str, Any]


def choose(state: State, seat: int, actions: list[Action], pick: random.Random, done: list[str]) -> Action:
    """Develop the board (Energy, evolutions, Basics, Trainers, a few powers), then attack; a
    declared effect (R-DECLARE-1) gets a few plausible steps now and then (`fill_declared`)."""
    action = _choose(state, seat, actions, pick, done)
    return fill_declared(state, seat, action, pick) if "declared" in action else action


def fill_declared(state: State, seat: int, action: Action, pick: random.Random) -> Action:
    """The action with one or two steps a table might declare for a text the engine does not
    encode — a draw, a search, a discard, counters, healing, a Benched Basic, Bench damage —
    kept only when the engine accepts them (else the steps offered, usually none)."""
    me, them = state.seats[seat], state.seats[1 - seat]
    if action["type"] == "attack" and me.active is not None and "confused" in me.active.conditions:
        return action     # a coin decides whether the attack happens: steps only when it does
    own = [i for i in me.hand if i != action.get("card")]
    candidates: list[list[dict[str, Any]]] = []
    if me.deck:
        candidates.append([{"op": "draw", "count": pick.randint(1, 2)}])
        candidates.append([{"op": "move", "from": "deck", "to": "hand",
                            "cards": [state.card_id(pick.choice(me.deck))]}, {"op": "shuffle"}])
        basics = [i for i in me.deck if state.card_of(i).is_basic_pokemon]
        if basics and len(me.bench) < 5:
            candidates.append([{"op": "move", "from": "deck", "to": "bench",
                                "cards": [state.card_id(pick.choice(basics))]}, {"op": "shuffle"}])
    if own:
        candidates.append([{"op": "move", "from": "hand", "to": "discard", "cards": [pick.choice(own)]}])
    if them.active is not None:
        candidates.append([{"op": "counters", "target": them.active.top, "count": pick.randint(1, 3)}])
    damaged = [p for p in me.in_play() if p.damage]
    if damaged:
        candidates.append([{"op": "heal", "target": pick.choice(damaged).top, "amount": 10}])
    if action["type"] == "attack" and them.bench:
        candidates.append([{"op": "damage", "target": pick.choice(them.bench).top, "amount": 10}])
    pick.shuffle(candidates)
    for steps in candidates[:2]:
        tried = {**action, "declared": [*action["declared"], *steps]}
        if pick.random() < 0.6 and is_legal(state, seat, tried):
            return tried
    return action


def _choose(state: State, seat: int, actions: list[Action], pick: random.Random, done: list[str]) -> Action:
    by_type: dict[str, list[Action]] = {}
    for a in actions:
        by_type.setdefault(a["type"], []).append(a)
    if by_type.get("choose"):          # a card waits for its player's choice
        return pick.choice(by_type["choose"])
    if not ({"attack", "end_turn"} & set(by_type)):
        return pick.choice(actions)
    if len(done) < MAX_ACTIONS_PER_TURN:
        active = state.seats[seat].active
        attach = by_type.get("attach_energy", [])
        if attach and pick.random() < 0.9:
            to_active = [a for a in attach if active and a["target"] == active.top]
            return pick.choice(to_active if to_active and pick.random() < 0.6 else attach)
        for kind, p, limit in (("evolve", 0.8, 9), ("bench", 0.5, 9), ("play_trainer", 0.4, 9),
                               ("use_power", 0.3, 3), ("retreat", 0.08, 1)):
            if by_type.get(kind) and done.count(kind) < limit and pick.random() < p:
                return pick.choice(by_type[kind])
    if by_type.get("attack") and pick.random() < 0.95:
        return pick.choice(by_type["attack"])
    return by_type["end_turn"][0]


def seat_to_move(state: State) -> int:
    """Who acts next: during setup, the first seat with something left to do."""
    if state.phase == "setup":
        for s in (0, 1):
            if any(a["type"] != "concede" for a in legal_actions(state, s)):
                return s
    return acting_seat(state)


def next_action(state: State, pick: random.Random, done: list[str]) -> tuple[int, Action]:
    seat = seat_to_move(state)
    options = [a for a in legal_actions(state, seat) if a["type"] != "concede"]
    return seat, choose(state, seat, options, pick, done)


def random_game(seed: int, decks: Sequence[Sequence[str]], ruleset: str = "base-1999",
                randomness: Randomness | None = None, names: Sequence[str] = ("Ana", "Beto"),
                max_actions: int | None = None,
                on_step: Callable[[State, int, Action, engine.Decision], Any] | None = None
                ) -> tuple[list[dict[str, Any]], State]:
    """Play one random legal game. Returns (events, final state); events start with the
    MatchCreated event (without seq) and hold ActionTaken events as `decide` made them.
    `on_step(state, seat, action, decision)` is called after every action."""
    rng = randomness or SeededRandomness(seed)
    pick = random.Random(seed * 7919 + 1)
    players = [{"name": names[0], "deck": list(decks[0])}, {"name": names[1], "deck": list(decks[1])}]
    record, state, _ = engine.create_match(ruleset, players, rng)
    payload = {"game": "tcg", "ruleset": ruleset, "players": players, "randomness": "service",
               "position": None, "rng": record}
    events: list[dict[str, Any]] = [{"type": "MatchCreated", "payload": payload}]
    turn: tuple[int, int] | None = None
    done: list[str] = []
    while state.phase != "finished" and (max_actions is None or len(events) <= max_actions):
        if (state.game_number, state.turn) != turn:
            turn, done = (state.game_number, state.turn), []
        seat, action = next_action(state, pick, done)
        done.append(action["type"])
        decision = engine.decide(state, seat, action, rng)
        if not decision.legal:
            raise RuntimeError(f"seed {seed}: a listed action was refused: {action} {decision.violations}")
        if on_step:
            on_step(state, seat, action, decision)
        assert decision.event is not None and decision.state is not None    # legal
        events.append(decision.event)
        state = decision.state
    return events, state
