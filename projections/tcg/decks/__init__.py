"""Four ready-made legal 60-card Base Set decks, usable by name in POST /v1/matches."""
from __future__ import annotations

from pathlib import Path

from ..decklist import parse_decklist

_DIR = Path(__file__).parent


def shipped_deck_names() -> list[str]:
    return sorted(p.stem for p in _DIR.glob("*.txt"))


def shipped_decklist(name: str) -> str:
    path = _DIR / f"{name}.txt"
    if name not in shipped_deck_names():
        raise KeyError(f"no shipped deck {name!r}; known: {', '.join(shipped_deck_names())}")
    return path.read_text(encoding="utf-8")


def shipped_deck(name: str) -> list[str]:
    """The deck's 60 card ids in list order."""
    return parse_decklist(shipped_decklist(name))
