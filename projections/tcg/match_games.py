"""A match of games: best of one or best of three (R-MATCH-1..3, docs/RULES.md).

One log per match holds every game in order; the state's ``games`` lists the finished ones
and ``game_number`` counts them. Rulings taken here (from the Play! Pokémon Tournament Rules
Handbook as we read it; the seeds say nothing of matches):

* best of three: the first to win 2 games wins the match; after 3 games, the one with more
  wins does, else the match is a draw (1-1-1: one win each and a drawn game);
* between games the loser of the game chooses who goes first in the next (recorded as the
  action ``choose_first``); after a drawn game, the player who went second in it chooses;
* in best of three there is no Sudden Death: a game both players win at once, or tied on
  Prize cards after time, is a drawn game (R-WIN-4's Sudden Death is for best of one);
* once time is called (J-TIME-1) the game in progress is the last: no new game starts, and
  the match goes to the player with more game wins (else it is a draw);
* a Game Loss penalty given between games is the next game's loss; a Match Loss or a
  Disqualification ends the match at once; a Prize penalty between games changes nothing
  (there are no Prize cards to take).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..messages import msg

if TYPE_CHECKING:
    from .core import Ctx
    from .state import State

WINS_NEEDED = {1: 1, 3: 2}


def wins(state: State) -> list[int]:
    return [sum(1 for g in state.games if g.get("winner") == seat) for seat in (0, 1)]


def leader(state: State) -> int | None:
    """The seat with more game wins (None: as many each, a drawn match)."""
    won = wins(state)
    return None if won[0] == won[1] else (0 if won[0] > won[1] else 1)


def score_text(state: State) -> str:
    won = wins(state)
    drawn = sum(1 for g in state.games if g.get("winner") is None)
    return f"{won[0]}-{won[1]}" + (f"-{drawn}" if drawn else "")


def game_finished(ctx: Ctx) -> None:
    """The game in progress has its result (``state.result``): file it, and either end the
    match or wait for the next game's first player to be chosen."""
    state = ctx.state
    result = state.result or {}
    state.games.append({"game": state.game_number, "winner": result.get("winner"),
                        "reason": result.get("reason"), "draw": bool(result.get("draw"))})
    if state.match_games == 1:
        return
    _after_a_game(ctx, ends_match=state.time_called is not None)


def _after_a_game(ctx: Ctx, ends_match: bool = False) -> None:
    state = ctx.state
    won = wins(state)
    if ends_match or max(won) >= WINS_NEEDED[state.match_games] or len(state.games) >= state.match_games:
        end_match(ctx, leader(state), "R-MATCH-2")
        return
    last = state.games[-1]
    chooser = (1 - last["winner"]) if last["winner"] is not None else (
        1 - state.first_seat if state.first_seat is not None else 0)
    state.chooser = chooser      # the phase turns "between_games" once the action is over
    ctx.say(msg("After game %(game)s the match stands %(score)s. %(seat)s chooses who goes first in game %(next)s.",
                game=last["game"], score=score_text(state), seat=ctx.seat_label(chooser), next=state.game_number + 1),
            "R-MATCH-1")


def settle(state: State) -> None:
    """After an action (or a judge's event): a game of the match that ended in it leaves the
    match between games. (Until then the game reads "finished", so that the rest of the
    turn that ended it stops as a best-of-one game's does.)"""
    if state.phase == "finished" and state.chooser is not None:
        state.phase = "between_games"
        state.result = None


def end_match(ctx: Ctx, winner: int | None, reason: str) -> None:
    state = ctx.state
    state.phase = "finished"
    state.chooser = None
    state.result = {"winner": winner, "reason": reason, "draw": winner is None,
                    "game_number": state.game_number, "score": score_text(state)}
    if winner is None:
        ctx.say(msg("The match is a draw, %(score)s.", score=score_text(state)), reason)
    else:
        ctx.say(msg("%(seat)s wins the match, %(score)s.", seat=ctx.seat_label(winner), score=score_text(state)),
                reason)


def lose_next_game(ctx: Ctx, offender: int) -> None:
    """A Game Loss penalty given between games: the next game is the offender's loss."""
    state = ctx.state
    state.game_number += 1
    state.games.append({"game": state.game_number, "winner": 1 - offender,
                        "reason": "R-MATCH-3", "draw": False})
    ctx.say(msg("Game %(game)s is lost by %(seat)s (a Game Loss penalty given between games).",
                game=state.game_number, seat=ctx.seat_label(offender)), "R-MATCH-3")
    _after_a_game(ctx)


def choose_first(ctx: Ctx, first: int) -> None:
    """``choose_first``: the chooser names the first player; the next game is dealt. Before a
    modern game (phase ``first_player``, R-SETUP-6) the chooser is the coin flip's winner."""
    from .flow import deal_new_game, reset_for_new_game

    state = ctx.state
    if state.phase == "first_player":
        ctx.say(msg("%(seat)s chooses %(first)s to go first.", seat=ctx.seat_label(ctx.seat),
                    first=ctx.seat_label(first)), "R-SETUP-6")
        state.chooser = None
        state.chosen_first = first
        deal_new_game(ctx)
        return
    ctx.say(msg("%(seat)s chooses %(first)s to go first in game %(game)s.", seat=ctx.seat_label(ctx.seat),
                first=ctx.seat_label(first), game=state.game_number + 1), "R-MATCH-1")
    state.chooser = None
    reset_for_new_game(state, prize_count=state.prizes_per_game)
    state.chosen_first = first
    deal_new_game(ctx)
