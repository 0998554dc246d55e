"""R-MATCH-1, R-MATCH-2: best-of-three matches played out by the pure engine, at random."""

from __future__ import annotations

import random

import pytest

from projections.games import get_game
from projections.tcg import decks
from projections.tcg.randomness import SeededRandomness

GAME = get_game("tcg")
EAGER = ("attack", "choose_first", "promote", "setup")


def play_best_of_three(seed: int):
    rng = SeededRandomness(seed)
    players = [{"name": "Ana", "deck": decks.shipped_deck("fire-fighting")},
               {"name": "Beto", "deck": decks.shipped_deck("water-lightning")}]
    extras, state, _ = GAME.create("base-1999", players, rng, games=3)
    assert extras["games"] == 3
    pick = random.Random(seed)
    choices = []
    narration: list[str] = []
    for _ in range(4000):
        if state.phase == "finished":
            return state, choices, narration
        options = []
        for seat in (0, 1):
            options = [(seat, a) for a in GAME.legal_actions(state, seat) if a["type"] != "concede"]
            if options:
                break
        eager = [o for o in options if o[1]["type"] in EAGER]
        seat, action = pick.choice(eager if eager and pick.random() < 0.9 else options)
        if state.phase == "between_games":
            assert seat == state.chooser and action["type"] == "choose_first"
            last = state.games[-1]
            assert last["winner"] is None or seat == 1 - last["winner"]   # the loser chooses
            choices.append((state.game_number + 1, action["first"]))
        decision = GAME.decide(state, seat, action, rng)
        assert not decision.violations, (action, decision.violations)
        state = decision.state
        narration += decision.narration
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("seed", range(12))
def test_R_MATCH_1_R_MATCH_2_a_best_of_three_ends_when_a_player_has_two_wins(seed):
    state, choices, narration = play_best_of_three(seed)
    summary = GAME.summary(state)
    games = summary["games"]
    assert [g["game"] for g in games] == list(range(1, len(games) + 1))
    wins = [sum(1 for g in games if g["winner"] == s) for s in (0, 1)]
    assert max(wins) == 2 or len(games) == 3
    assert summary["result"]["winner"] == (None if wins[0] == wins[1] else wins.index(max(wins)))
    assert summary["result"]["reason"] == "R-MATCH-2"
    assert len(choices) == len(games) - 1          # a first player chosen before each later game
    assert sum("[R-MATCH-1]" in line for line in narration) == 2 * len(choices)  # asked, then chosen
    assert GAME.state_hash(state) == GAME.state_hash(GAME.from_dict(GAME.to_dict(state)))


def test_R_MATCH_3_a_game_loss_between_games_loses_the_next_game_and_can_end_the_match():
    from projections.tcg.engine import apply_penalty

    rng = SeededRandomness(3)
    players = [{"name": "Ana", "deck": decks.shipped_deck("fire-fighting")},
               {"name": "Beto", "deck": decks.shipped_deck("water-lightning")}]
    _, state, _ = GAME.create("base-1999", players, rng, games=3)
    state, lines = apply_penalty(state, {"seat": 0, "level": "game_loss", "infraction": "cheating"})
    assert state.phase == "between_games" and [g["winner"] for g in state.games] == [1]
    state, lines = apply_penalty(state, {"seat": 0, "level": "game_loss", "infraction": "cheating"})
    assert any("[R-MATCH-3]" in line for line in lines)
    assert state.phase == "finished" and state.result["winner"] == 1
    assert [g["reason"] for g in state.games] == ["J-PENALTY-1", "R-MATCH-3"]
    assert state.result["score"] == "0-2"
    between = apply_penalty(GAME.create("base-1999", players, rng, games=3)[1],
                            {"seat": 1, "level": "game_loss", "infraction": "cheating"})[0]
    prize = apply_penalty(between, {"seat": 0, "level": "double_prize", "infraction": "cheating"})[0]
    assert GAME.state_hash(prize) == GAME.state_hash(between)   # nothing to take between games
