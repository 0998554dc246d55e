"""The card game behind the game interface that the API and workers use (see games.py)."""
from . import engine, legal
from .decklist import DeckListError, deck_violations, parse_decklist
from .position import PositionError, state_from_position
from .rulesets import RULESETS, get_ruleset
from .state import State, state_hash
from .view import acting_seat, view_state


class TcgGame:
    name = "tcg"
    engine_version = "tcg-3"

    def rulesets(self):
        return {name: r.as_dict() for name, r in RULESETS.items()}

    def check_ruleset(self, ruleset):
        get_ruleset(ruleset)

    def parse_decklist(self, text):
        return parse_decklist(text)

    def deck_violations(self, deck, ruleset):
        return deck_violations(deck, ruleset)

    def create(self, ruleset, players, randomness, position=None):
        """Deal a match. Returns (MatchCreated payload fields for the engine, state, narration)."""
        if position:
            state = state_from_position(ruleset, [p["name"] for p in players], position)
            state.seq = 1
            return {}, state, ["The match starts from a sandbox position."]
        instance_ids = [randomness.shuffle(len(p["deck"])) for p in players]
        rng, state, narration = engine.create_match(ruleset, players, randomness, instance_ids)
        extras = {"instance_ids": instance_ids}
        if rng:
            extras["rng"] = rng
        return extras, state, narration

    def player_payload(self, kind, payload, seat):
        """An event's payload as the player in `seat` may read it: no randomness records, no
        instance numbering, and of the opponent's deck list only its size."""
        out = {k: v for k, v in payload.items() if k not in ("rng", "instance_ids")}
        if kind == "MatchCreated":
            players = []
            for n, player in enumerate(out.get("players") or []):
                player = dict(player)
                if n != seat and "deck" in player:
                    player["deck_count"] = len(player.pop("deck") or [])
                    player.pop("deck_name", None)  # a shipped deck's name would tell the list
                players.append(player)
            out["players"] = players
            if out.get("position"):
                out["position"] = "hidden"  # a sandbox position lists every zone
        return out

    decide = staticmethod(engine.decide)
    apply = staticmethod(engine.apply)
    legal_actions = staticmethod(legal.legal_actions)
    view = staticmethod(view_state)
    acting_seat = staticmethod(acting_seat)
    state_hash = staticmethod(state_hash)
    reshuffle_decks = staticmethod(engine.reshuffle_decks)

    def time_call_refusal(self, state):
        """Why time can't be called now (J-TIME-1), or None."""
        if state.phase == "finished":
            return "The game is over."
        if state.phase == "setup":
            return "The game is still being set up; time is called during play."
        if state.time_called:
            return f"Time was already called during turn {state.time_called['turn']}."
        return None

    def to_dict(self, state):
        return state.to_dict()

    def from_dict(self, data):
        return State.from_dict(data)

    def summary(self, state):
        return {"status": _status(state), "turn": state.turn, "seat_to_act": acting_seat(state),
                "prizes_left": [len(s.prizes) for s in state.seats], "result": state.result,
                "game_number": state.game_number}

    def hidden_instances(self, state, seat):
        """Card instances a player in `seat` can't see now: the opponent's hand, both decks
        and all Prize cards; during setup the opponent's face-down Pokémon (R-SETUP-4); but
        not the cards a card of this seat is showing it (state.pending)."""
        opp, own = state.seats[1 - seat], state.seats[seat]
        hidden = set(opp.hand) | set(opp.deck) | set(opp.prizes) | set(own.deck) | set(own.prizes)
        if state.phase == "setup":
            for p in opp.in_play():
                hidden.update(p.all_cards())
        if state.pending and state.pending["seat"] == seat:
            hidden.difference_update(state.pending["look"])
        return hidden


def _status(state):
    if state.phase == "finished":
        return "finished"
    if state.game_number > 1:
        return "sudden_death"
    if state.phase == "setup":
        return "setup"
    return "playing"


__all__ = ["TcgGame", "DeckListError", "PositionError"]
