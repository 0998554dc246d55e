"""The figure game behind the game interface (projections/games.py): what the API, the workers
and the folds need, over the pure engine of this package.

Mapped onto the card game's shapes: a player's `deck` is the team (figure names or ids, one per
line in a pasted list); nothing is hidden, so views are the whole state; randomness is spins —
the service's (from the match's CSPRNG through `shuffle`) or, in reported and table matches,
the table's report inside the attack (`spins`), as a table-mode card action carries what the
table saw. Time calls, deck reshuffles and judge reveals are the card game's: refused here.
"""
from __future__ import annotations

import hashlib
import json
import re
from datetime import date
from typing import Any

from ..errors import EngineMismatch, IllegalAction, SpinsDoNotFit, UnreadableAction
from ..messages import joined, msg
from . import engine
from .board import board_ids, board_picture, load_board
from .figures import all_figures, figure
from .rulesets import RULESETS, get_ruleset
from .state import TfgState, state_hash

# tfg-2: T-TURN-2 ruled at a match's start (create, from_position); tfg-3: Wait apart from the
# Special Conditions (T-STATUS-1/2: neither replaces the other, leaving the field keeps Wait).
ENGINE_VERSION = "tfg-3"


class _ServiceShuffles:
    """Adapts the service's Randomness (flip, shuffle) to the spins' source."""

    def __init__(self, randomness: Any):
        self.randomness = randomness

    def shuffle(self, n: int) -> list[int]:
        return list(self.randomness.shuffle(n))


class _NoRandomness:
    """What a replay or a report needs of the service's source: nothing (spins are recorded)."""

    def flip(self) -> bool:
        raise ValueError("the figure game flips no coin")

    def shuffle(self, n: int) -> list[int]:
        return list(range(n))


def engine_fingerprint() -> str:
    data = {"figures": {fid: f.describe() for fid, f in sorted(all_figures().items())},
            "rulesets": {n: r.to_dict() for n, r in sorted(RULESETS.items())},
            "boards": {b: load_board(b).to_dict() for b in board_ids()},
            "actions": {k: sorted(v) for k, v in engine.ACTION_FIELDS.items()}}
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


class TfgGame:
    name = "tfg"
    engine_version = ENGINE_VERSION

    # -- the pin -------------------------------------------------------------------------
    def engine_pin(self) -> dict[str, str]:
        return {"version": self.engine_version, "fingerprint": engine_fingerprint()}

    def check_engine(self, created_payload: dict[str, Any]) -> None:
        recorded = created_payload.get("engine") or {}
        running = self.engine_pin()
        if recorded.get("version") != running["version"] or recorded.get("fingerprint") != running["fingerprint"]:
            raise EngineMismatch(recorded, running)

    # -- setting up a match ----------------------------------------------------------------
    default_ruleset = "tfg-6v6"    # T-SETUP-1: seed 004's game is 6-vs-6, 3-vs-3 its variant

    def rulesets(self) -> dict[str, dict[str, Any]]:
        return {name: r.to_dict() for name, r in RULESETS.items()}

    def check_ruleset(self, ruleset: str) -> None:
        get_ruleset(ruleset)

    def parse_decklist(self, text: str) -> list[str]:
        """A team pasted as text: a figure per line, or "2 Ekans" for two."""
        team: list[str] = []
        for line in text.splitlines():
            line = line.strip()
            if not line:
                continue
            m = re.match(r"^(\d+)\s+(.+)$", line)
            team += [m.group(2).strip()] * int(m.group(1)) if m else [line]
        return team

    def deck_violations(self, deck: list[str], ruleset: str, format: str = "era",
                        on: date | None = None) -> list[dict[str, Any]]:
        return engine.team_violations(deck, ruleset)   # the figure game has no dated format

    def formats(self) -> tuple[str, ...]:
        return ("era",)

    def format_in_force(self, format: str, on: date) -> dict[str, Any] | None:
        return None   # no dated format

    def match_lengths(self) -> tuple[int, ...]:
        return (1,)   # a figure-game match is one game

    def create(self, ruleset: str, players: list[dict[str, Any]], randomness: Any,
               position: dict[str, Any] | None = None, mode: str = "service", games: int = 1
               ) -> tuple[dict[str, Any], TfgState, list[str]]:
        names = [p["name"] for p in players]
        if position:
            state = engine.from_position(ruleset, names, position)   # PositionError names the fields
            state.mode, state.seq = mode, 1
            return {"engine": self.engine_pin()}, state, [msg("The match starts from a sandbox position."),
                                                          *engine.lost_at_the_start(state)]
        first = engine.draw_first_seat(_ServiceShuffles(randomness))
        state = engine.create(ruleset, names, [list(p["deck"]) for p in players], first, mode)
        state.seq = 1            # MatchCreated is seq 1, as the fold numbers it
        return {"engine": self.engine_pin(), "rng": {"first_seat": first}}, state, engine.opening_lines(state)

    # -- play ----------------------------------------------------------------------------
    def action_errors(self, action: Any) -> dict[str, list[str]]:
        return engine.action_errors(action)

    def action_shapes(self) -> dict[str, Any]:
        return {"actions": {kind: {"fields": {n: t.__name__ for n, t in fields.items()},
                                   "required": [k for k in ("figure", "path", "target") if k in fields and
                                                not (kind == "move" and k == "target")]}
                            for kind, fields in engine.ACTION_FIELDS.items()},
                "choices": {},
                "limits": {"spins": engine.MAX_SPINS},
                "notes": ["Figure game: `move` {figure, path: [point ids]} (from the Bench, the path starts on "
                          "an own entry point), `attack` {figure, target} (the figure that moved, or one that "
                          "stays put), `end_turn` after a move. In reported and table matches the attack "
                          "carries `spins`: the attacker's then the defender's landed segment (a name, an "
                          "index, or {\"name\", \"index\"})."]}

    def decide(self, state: TfgState, seat: int, action: dict[str, Any], randomness: Any,
               reporter: int | None = None) -> engine.Decision:
        """Every figure is in view of both players: `reporter` changes nothing."""
        try:
            spins = engine.spin_source(state, action, _ServiceShuffles(randomness))
        except engine.Illegal as exc:
            return engine.Decision(None, state, violations=[{"rule": exc.rule, "message": exc.message}])
        try:
            return engine.decide(state, seat, action, spins)
        except (TypeError, KeyError, ValueError, AttributeError, IndexError) as exc:
            raise UnreadableAction() from exc

    def describe_action(self, state: TfgState, action: dict[str, Any]) -> dict[str, Any]:
        """A legal action's label ("Raticate (0:0): move SW_ENTRY → S1") and the figures it names."""
        names = {i: state.fig(i).name for i in (action.get("figure"), action.get("target"))
                 if isinstance(i, str) and i in state.figures}
        fig = state.name(action["figure"]) if action.get("figure") in state.figures else ""
        kind = action.get("type")
        if kind == "move":
            label = msg("%(figure)s: move %(path)s", figure=fig, path=" → ".join(action.get('path') or []))
        elif kind == "attack":
            target = state.name(action["target"]) if action.get("target") in state.figures else "?"
            named = action.get("paralyzed") or {}
            if named:
                label = msg("%(figure)s: attack %(target)s (Paralyzed: naming %(attacks)s)", figure=fig,
                            target=target, attacks=", ".join(named.values()))
            else:
                label = msg("%(figure)s: attack %(target)s", figure=fig, target=target)
        else:
            label = msg("End the turn without attacking")
        return {"label": label, "names": names}

    def legal_actions(self, state: TfgState, seat: int, reporter: int | None = None) -> list[dict[str, Any]]:
        return engine.legal_actions(state, seat)

    def acting_seat(self, state: TfgState) -> int | None:
        return None if state.result else state.seat_to_act

    def time_call_refusal(self, state: TfgState) -> str | None:
        return msg("Time calls are not modelled for the figure game yet.")

    def reshuffle_decks(self, state: TfgState, seats: list[int], randomness: Any
                        ) -> tuple[TfgState, dict[str, Any], list[str]]:
        return state, {}, []

    def reveal(self, state: TfgState, seat: int, zone: str, cards: list[str | None]) -> tuple[TfgState, list[str]]:
        raise IllegalAction([{"rule": "T-SETUP-1", "message": msg("Nothing is hidden in the figure game: there is "
                                                                  "nothing to reveal.")}])

    # -- folding ---------------------------------------------------------------------------
    def apply(self, state: TfgState | None, event: dict[str, Any]) -> tuple[TfgState, list[str]]:
        """Fold one stored event: MatchCreated deals the match again from its record, an action
        replays with its recorded spins, a penalty that ends the game ends it (J-PENALTY-1); the
        other judge events change nothing on the board."""
        kind, payload = event["type"], event["payload"]
        if kind == "MatchCreated":
            new, lines = self._created(payload)
        elif state is None:
            raise ValueError(f"{kind} folded before MatchCreated")
        elif kind == "ActionTaken":
            new, lines = engine.apply(state, event)
        elif kind in ("RulingIssued", "AppealDecided", "PenaltyIssued"):
            new, lines = _penalty(state, payload if kind == "PenaltyIssued" else payload.get("penalty"))
        else:
            new, lines = state.clone(), []
        new.seq = event["seq"] if "seq" in event else (1 if state is None else state.seq + 1)
        return new, lines

    @staticmethod
    def _created(payload: dict[str, Any]) -> tuple[TfgState, list[str]]:
        names = [p["name"] for p in payload["players"]]
        mode = payload.get("randomness", "service")
        if payload.get("position"):
            state = engine.from_position(payload["ruleset"], names, payload["position"])
            state.mode = mode
            return state, [msg("The match starts from a sandbox position."), *engine.lost_at_the_start(state)]
        first = int((payload.get("rng") or {}).get("first_seat", 0))
        state = engine.create(payload["ruleset"], names, [list(p["deck"]) for p in payload["players"]], first, mode)
        return state, engine.opening_lines(state)

    def state_hash(self, state: TfgState) -> str:
        return state_hash(state)

    def to_dict(self, state: TfgState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: dict[str, Any]) -> TfgState:
        return TfgState.from_dict(data)

    # -- views -----------------------------------------------------------------------------
    def view(self, state: TfgState, role: str, seat: int | None) -> dict[str, Any]:
        """Nothing is hidden in the figure game: every reader sees the whole board."""
        out = state.to_dict()
        out["game"] = "tfg"
        out["board"] = state.rules.board
        out["figures"] = {i: {**f, "name": figure(f["figure"]).name, "owner": TfgState.owner(i),
                              "wait": f["wait_until"] is not None}
                          for i, f in out["figures"].items()}
        return out

    def summary(self, state: TfgState) -> dict[str, Any]:
        status = "finished" if state.result else "playing"
        return {"status": status, "turn": state.turn, "seat_to_act": self.acting_seat(state),
                "result": state.result, "game_number": 1,
                "in_center": [len(state.of_seat(s, "center")) for s in (0, 1)]}

    def hidden_instances(self, state: TfgState, seat: int) -> set[str]:
        return set()

    def player_payload(self, kind: str, payload: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return dict(payload)

    # -- the catalogue -------------------------------------------------------------------
    def list_cards(self) -> list[dict[str, Any]]:
        return [{"id": f.id, "name": f.name, "supertype": "Figure", "implemented": f.unplayable_reason is None}
                for f in all_figures().values()]

    def describe_card(self, card_id: str) -> dict[str, Any]:
        return figure(card_id).describe()

    def card_name(self, card_id: str) -> str:
        return figure(card_id).name

    def deck_names(self) -> list[str]:
        return []

    def deck_text(self, name: str) -> str:
        raise KeyError(name)

    def deck_cards(self, name: str) -> list[str]:
        raise KeyError(name)

    def deck_ruleset(self, name: str) -> str:
        raise KeyError(name)

    def preload(self) -> None:
        all_figures()
        engine_fingerprint()

    def reported_coins(self, coins: list[str], shuffles_from: Any = None) -> Any:
        return shuffles_from if shuffles_from is not None else _NoRandomness()

    def replay_randomness(self, record: dict[str, Any] | None) -> Any:
        return _NoRandomness()

    def randomness_refusal(self, message: str) -> SpinsDoNotFit:
        """Reported spins that don't fit the attack (the action's `spins`)."""
        return SpinsDoNotFit(message)

    # the board, for GET /v1/boards/{id}
    @staticmethod
    def describe_board(board_id: str) -> dict[str, Any]:
        return load_board(board_id).to_dict()

    @staticmethod
    def board_picture(board_id: str) -> dict[str, Any]:
        return board_picture(board_id)


GAME_ENDING = ("game_loss", "match_loss", "disqualification")


def _penalty(state: TfgState, penalty: dict[str, Any] | None) -> tuple[TfgState, list[str]]:
    """J-PENALTY-1 in the figure game: a penalty that ends the game gives it to the opponent;
    the card game's Prize penalties have no meaning here and change nothing."""
    new = state.clone()
    if not penalty or new.result:
        return new, []
    level, offender = penalty["level"], penalty["seat"]
    if level in GAME_ENDING:
        new.result = {"winner": 1 - offender, "reason": "J-PENALTY-1"}
        new.phase = "over"
        return new, [joined((msg("Penalty (%(level)s) against %(player)s: the game is lost.", level=level,
                                 player=new.players[offender]), "[J-PENALTY-1]"), " ")]
    return new, [joined((msg("Penalty (%(level)s) against %(player)s: nothing changes on the board.", level=level,
                             player=new.players[offender]), "[J-PENALTY-1]"), " ")]
