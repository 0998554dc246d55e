"""Building real matches for the worker tests: the engine deals and decides, the store
appends (with each resulting state_hash), exactly as the write path does."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from projections.games import get_game
from projections.replay import apply_one
from projections.tcg.decks import shipped_deck
from projections.tcg.randomness import SeededRandomness

DECKS = ("fire-fighting", "grass-psychic")


@dataclass
class Table:
    """One match being played: the stored events and the engine state after the last one."""

    store: Any
    match_id: str
    game: Any
    state: Any
    rng: SeededRandomness
    pick: random.Random
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def seq(self) -> int:
        return self.events[-1]["seq"] if self.events else 0

    def _choose(self) -> tuple[int, dict[str, Any]] | None:
        state, game = self.state, self.game
        if state.phase == "finished":
            return None
        if state.phase == "setup":
            seats = [s for s in (0, 1)
                     if any(a["type"] != "concede" for a in game.legal_actions(state, s))]
            if not seats:
                return None
            seat = seats[0]
        else:
            seat = game.acting_seat(state)
        actions = [a for a in game.legal_actions(state, seat) if a["type"] != "concede"]
        if not actions:
            return None
        attacks = [a for a in actions if a["type"] == "attack"]
        attach = [a for a in actions if a["type"] == "attach_energy"]
        if attacks and self.pick.random() < 0.7:
            return seat, self.pick.choice(attacks)
        if attach and self.pick.random() < 0.8:
            return seat, self.pick.choice(attach)
        non_end = [a for a in actions if a["type"] != "end_turn"]
        if non_end and self.pick.random() < 0.5:
            return seat, self.pick.choice(non_end)
        return seat, self.pick.choice(actions)

    def play(self, n: int, batch: int = 1) -> int:
        """Play up to ``n`` random legal actions, appending ``batch`` at a time. Returns
        how many were played (fewer when the game ends)."""
        played, pending = 0, []
        while played < n:
            choice = self._choose()
            if choice is None:
                break
            seat, action = choice
            decision = self.game.decide(self.state, seat, action, self.rng)
            assert decision.legal, (action, decision.violations)
            self.state = decision.state
            self.state.seq = self.seq + len(pending) + 1  # as apply() sets it
            pending.append({**decision.event, "state_hash": self.game.state_hash(self.state)})
            played += 1
            if len(pending) >= batch:
                self._append(pending)
                pending = []
        if pending:
            self._append(pending)
        return played

    def _append(self, events: list[dict[str, Any]]) -> None:
        result = self.store.append(self.match_id, events, expected_seq=self.seq)
        self.events.extend(result.events)

    def judge(self, kind: str, payload: dict[str, Any],
              actor: dict[str, str] | None = None) -> dict[str, Any]:
        """Append a judge's event (Rewound, DisputeOpened, RulingIssued...) with the
        state_hash the replay gives after it."""
        provisional = {"seq": self.seq + 1, "type": kind, "payload": payload}
        self.state, _ = apply_one(self.game, self.state, provisional,
                                  [*self.events, provisional])
        result = self.store.append(
            self.match_id, [{"type": kind, "payload": payload,
                             "state_hash": self.game.state_hash(self.state)}],
            expected_seq=self.seq, actor=actor or {"subject": "judge-jo", "role": "judge"})
        self.events.extend(result.events)
        return result.events[0]


def new_match(store, match_id: str, *, seed: int = 0, players: tuple[str, str] = ("Ana", "Beto"),
              ruleset: str = "base-1999", decks: tuple[str, str] = DECKS,
              index: bool = True, player_ids: tuple[str | None, str | None] = (None, None)
              ) -> Table:
    """Deal a match with the engine and append its MatchCreated (and register it in the
    store's match index, as the API does, unless ``index`` is False)."""
    game = get_game("tcg")
    rng = SeededRandomness(seed)
    roster = [{"name": name, "deck": shipped_deck(deck), **({"player_id": pid} if pid else {})}
              for name, deck, pid in zip(players, decks, player_ids, strict=True)]
    extra, state, _ = game.create(ruleset, roster, rng)
    payload = {"game": "tcg", "ruleset": ruleset, "players": roster, "randomness": "service",
               "position": None, **extra}
    if index:
        store.create_match(match_id, {"game": "tcg", "ruleset": ruleset,
                                      "players": list(players)})
    table = Table(store, match_id, game, state, rng, random.Random(seed * 31 + 7))
    table._append([{"type": "MatchCreated", "payload": payload,
                    "state_hash": game.state_hash(state)}])
    return table


def good_and_poisoned_matches(store) -> Table:
    """"good" (12 actions in) and "poison": three actions, then one the engine refuses on
    replay, stored behind the engine's back (its after-append job fails). Returns "good"."""
    good = new_match(store, "good", seed=2)
    good.play(12, batch=4)
    poison = new_match(store, "poison", seed=2)
    poison.play(3)
    store.append("poison", [{"type": "ActionTaken",
                             "payload": {"seat": 1, "action": {"type": "attack",
                                                               "attack": "Nothing"}}}])
    return good
