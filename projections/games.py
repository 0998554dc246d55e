"""The game interface: the one door through which the API, the workers and the folds reach a
game. Nothing outside ``projections`` imports a game's package (``projections.tcg``): a new
game (or a new card era) is a new package with an object of this shape, registered in
``GAMES``.

States are the game's own objects (opaque here: ``Any``); events and actions are plain JSON
objects; every function is pure (no I/O, no clock, no global RNG): randomness comes in as a
``Randomness`` argument and what was used is written into the event.
"""
from __future__ import annotations

from datetime import date
from typing import Any, Protocol, runtime_checkable

from .errors import FieldProblem, UnknownGame
from .tcg.game import TcgGame
from .tfg.game import TfgGame

DEFAULT_GAME = "tcg"


@runtime_checkable
class Randomness(Protocol):
    """A source of coin flips and shuffles (the service's CSPRNG, reported coins, a replay
    of the recorded ones)."""

    def flip(self) -> bool: ...                  # True = heads

    def shuffle(self, n: int) -> list[int]: ...  # a permutation of range(n)


class Decision(Protocol):
    """What ``decide`` answers: the event to append and the state after it, or why not."""

    event: dict[str, Any] | None
    state: Any
    narration: list[Any]
    violations: list[dict[str, Any]]
    coin_error: str | None

    @property
    def legal(self) -> bool: ...


@runtime_checkable
class Game(Protocol):
    """What a game offers. Grouped as: identity and pin, matches, play, folding, views, the
    catalogue, randomness."""

    name: str
    engine_version: str      # changes whenever a rule or a card encoding changes behaviour
    default_ruleset: str     # the ruleset of a match or deck list that names none

    # -- the pin: which rules a match was made under (MatchCreated.payload.engine)
    def engine_pin(self) -> dict[str, str]: ...
    def check_engine(self, created_payload: dict[str, Any]) -> None: ...   # EngineMismatch

    # -- setting up a match
    def rulesets(self) -> dict[str, dict[str, Any]]: ...
    def check_ruleset(self, ruleset: str) -> None: ...                    # KeyError
    def parse_decklist(self, text: str) -> list[str]: ...                 # ValueError(.problems)
    # `on`: the day whose format applies (the Standard format by date); None: the latest
    def deck_violations(self, deck: list[str], ruleset: str, format: str = "era",
                        on: date | None = None) -> list[dict[str, Any]]: ...
    def formats(self) -> tuple[str, ...]: ...                             # R-DECK-5
    # the dated format `format` names on `on` ({name, from, to, marks}); None: undated or none
    def format_in_force(self, format: str, on: date) -> dict[str, Any] | None: ...
    def create(self, ruleset: str, players: list[dict[str, Any]], randomness: Randomness,
               position: dict[str, Any] | None = None, mode: str = "service", games: int = 1
               ) -> tuple[dict[str, Any], Any, list[Any]]: ...   # (payload extras, state, narration)
    def match_lengths(self) -> tuple[int, ...]: ...   # how many games a match may be the best of

    # -- play
    def action_errors(self, action: Any) -> dict[str, list[str]]: ...    # the shape check
    def action_shapes(self) -> dict[str, Any]: ...                       # for the API's docs
    # `reporter`: the seat of the player asking or acting, None for a judge or a scorekeeper:
    # a game whose hidden cards the referee may know better than the player (a paper table
    # after a judge's record) decides and lists on what that player knows.
    def decide(self, state: Any, seat: int, action: dict[str, Any],
               randomness: Randomness, reporter: int | None = None) -> Decision: ...  # UnreadableAction
    def legal_actions(self, state: Any, seat: int, reporter: int | None = None) -> list[dict[str, Any]]: ...
    def describe_action(self, state: Any, action: dict[str, Any]) -> dict[str, Any]: ...  # {label, names}
    def acting_seat(self, state: Any) -> int | None: ...
    def time_call_refusal(self, state: Any) -> str | None: ...
    def reshuffle_decks(self, state: Any, seats: list[int], randomness: Randomness
                        ) -> tuple[Any, dict[str, Any], list[Any]]: ...
    def reveal(self, state: Any, seat: int, zone: str, cards: list[str | None]
               ) -> tuple[Any, list[Any]]: ...                            # IllegalAction (table mode)

    # -- folding
    def apply(self, state: Any, event: dict[str, Any]) -> tuple[Any, list[Any]]: ...
    def state_hash(self, state: Any) -> str: ...
    def to_dict(self, state: Any) -> dict[str, Any]: ...
    def from_dict(self, data: dict[str, Any]) -> Any: ...

    # -- views (app/visibility.py applies them per reader)
    def view(self, state: Any, role: str, seat: int | None) -> dict[str, Any]: ...
    def summary(self, state: Any) -> dict[str, Any]: ...
    def hidden_instances(self, state: Any, seat: int) -> set[str]: ...
    def player_payload(self, kind: str, payload: dict[str, Any], seat: int | None
                       ) -> dict[str, Any]: ...

    # -- the catalogue
    def list_cards(self) -> list[dict[str, Any]]: ...
    def describe_card(self, card_id: str) -> dict[str, Any]: ...         # KeyError
    def card_name(self, card_id: str) -> str: ...
    def deck_names(self) -> list[str]: ...
    def deck_text(self, name: str) -> str: ...                           # KeyError
    def deck_cards(self, name: str) -> list[str]: ...                    # KeyError
    def deck_ruleset(self, name: str) -> str: ...                        # the ruleset it is built for
    def preload(self) -> None: ...

    # -- randomness from outside the service's source
    def reported_coins(self, coins: list[str], shuffles_from: Randomness | None = None
                       ) -> Randomness: ...
    def replay_randomness(self, record: dict[str, Any] | None) -> Randomness: ...
    # a decision's `coin_error` as the game's refusal: its randomness named as the game names it
    # (the card game's coins, the figure game's spins), with the field that carried it
    def randomness_refusal(self, message: str) -> FieldProblem: ...


GAMES: dict[str, Game] = {"tcg": TcgGame(), "tfg": TfgGame()}


def get_game(name: str | None) -> Game:
    """The game called ``name`` (default: the card game); ``UnknownGame`` (a KeyError)."""
    name = name or DEFAULT_GAME
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(name, sorted(GAMES)) from None


def game_names() -> list[str]:
    return sorted(GAMES)


def describe_board(board_id: str) -> dict[str, Any]:
    """A figure-game board (``KeyError`` when there is none): boards are the figure game's."""
    return TfgGame.describe_board(board_id)


def board_picture(board_id: str) -> dict[str, Any]:
    """A figure-game board as drawn: points with their places, lines, spots off the board."""
    return TfgGame.board_picture(board_id)
