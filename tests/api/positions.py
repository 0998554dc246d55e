"""Sandbox positions for the API tests (API.md "Sandbox positions")."""

from __future__ import annotations

PIKACHU, CHARMANDER, SQUIRTLE = "base1-58", "base1-46", "base1-63"
MAGNEMITE, MAGNETON = "base1-53", "base1-9"
LIGHTNING, FIRE, WATER, GRASS = "base1-100", "base1-98", "base1-102", "base1-99"


def selfdestruct_for_sudden_death() -> dict:
    """Seat 0's Magneton can Selfdestruct: 80 to Charmander, 80 to itself. Both Actives are
    Knocked Out with nobody on the Bench and one Prize each: both win twice (R-WIN-1 and
    R-WIN-2), so Sudden Death (R-WIN-4). Instances: seat 0 "0:0" Magneton, "0:1" Magnemite
    under it, "0:2".."0:5" Lightning, then deck "0:6".."0:11", prize "0:12"."""
    return {
        "turn": 3, "seat_to_act": 0, "phase": "main",
        "seats": [
            {"active": {"card": MAGNETON, "under": [MAGNEMITE], "energy": [LIGHTNING] * 4,
                        "entered_turn": 1},
             "bench": [], "hand": [], "deck": [PIKACHU] * 3 + [LIGHTNING] * 3,
             "discard": [], "prizes": [PIKACHU]},
            {"active": {"card": CHARMANDER, "entered_turn": 1},
             "bench": [], "hand": [], "deck": [CHARMANDER] * 4 + [FIRE] * 4,
             "discard": [], "prizes": [CHARMANDER]},
        ],
    }


def bubble(prizes: int = 6, hand: list[str] | None = None) -> dict:
    """Seat 0's Squirtle ("0:0", Water "0:1") may Bubble (one coin: Paralysis) Seat 1's
    Charmander ("1:0"). Seat 0 holds ``hand`` ("0:2"...)."""
    hand = list(hand or [WATER, PIKACHU])
    return {
        "turn": 3, "seat_to_act": 0, "phase": "main",
        "seats": [
            {"active": {"card": SQUIRTLE, "energy": [WATER], "entered_turn": 1},
             "bench": [], "hand": hand, "deck": [WATER] * 8, "discard": [],
             "prizes": [WATER] * prizes},
            {"active": {"card": CHARMANDER, "entered_turn": 2},
             "bench": [{"card": PIKACHU}], "hand": [FIRE, CHARMANDER, FIRE],
             "deck": [FIRE] * 8, "discard": [], "prizes": [FIRE] * prizes},
        ],
    }


def sandbox_players() -> list[dict]:
    return [{"name": "Ana"}, {"name": "Beto"}]
