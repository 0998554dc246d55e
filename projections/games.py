"""The game interface: what the API and workers call, whatever the game.

A game offers: rulesets(), create(ruleset, players, randomness, position) -> (payload extras,
state, narration), decide(state, seat, action, randomness) -> Decision, apply(state, event)
-> (state, narration), legal_actions(state, seat), view(state, role, seat), state_hash(state),
to_dict/from_dict, summary(state), hidden_instances(state, seat), engine_version,
time_call_refusal(state).
"""
from .tcg.game import TcgGame

GAMES = {"tcg": TcgGame()}


def get_game(name):
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(GAMES)}") from None
