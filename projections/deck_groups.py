"""A deck list as people read it: its cards counted by name, grouped Pokémon, Trainer,
Energy (any other kind after them), for the console's deck checks, the match slip and the
report. Card names are the game's (``Localizable``: read in the reader's language)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from .games import get_game
from .messages import msg

KINDS = ("Pokemon", "Trainer", "Energy")
KIND_WORDS = {"Pokemon": msg("Pokémon"), "Trainer": msg("Trainer"), "Energy": msg("Energy")}
OTHER = msg("Other cards")


@lru_cache(maxsize=4096)
def card_kind(game_name: str, card_id: str) -> str:
    """The card's supertype ("Pokemon", "Trainer", "Energy", a figure's "Figure"); "" unknown."""
    try:
        return str(get_game(game_name).describe_card(card_id).get("supertype") or "")
    except (KeyError, ValueError):
        return ""


def card_label(game_name: str, card_id: str) -> Any:
    """The card's name (Localizable), or its id when the game does not know it."""
    try:
        return get_game(game_name).card_name(card_id)
    except (KeyError, ValueError):
        return card_id


def counted(game_name: str, cards: Iterable[str]) -> list[dict[str, Any]]:
    """``[{card, name, kind, count}]`` in the order of the groups, then by name."""
    counts = Counter(cards)
    rows = [{"card": c, "name": card_label(game_name, c), "kind": card_kind(game_name, c),
             "count": n} for c, n in counts.items()]
    order = {kind: n for n, kind in enumerate(KINDS)}
    rows.sort(key=lambda r: (order.get(r["kind"], len(KINDS)), str(r["name"]).casefold(), r["card"]))
    return rows


def grouped(game_name: str, cards: Iterable[str]) -> list[dict[str, Any]]:
    """``[{kind, label, count, cards: [{card, name, kind, count}]}]``: Pokémon, Trainer,
    Energy (those present), then the rest."""
    groups: dict[str, dict[str, Any]] = {}
    for row in counted(game_name, cards):
        kind = row["kind"] if row["kind"] in KINDS else ""
        group = groups.setdefault(kind, {"kind": kind, "label": KIND_WORDS.get(kind, OTHER),
                                         "count": 0, "cards": []})
        group["count"] += row["count"]
        group["cards"].append(row)
    return list(groups.values())


def side_by_side(game_name: str, registered: Iterable[str], missing: Mapping[str, int] | None,
                 extra: Mapping[str, int] | None) -> list[dict[str, Any]]:
    """A deck check by name: each card of the registered list or found in the deck, with
    how many the list has and how many the deck had (``registered``, ``found``), listed in
    the groups' order; ``differs`` where they are not the same."""
    listed = Counter(registered)
    found = Counter(listed)
    for card, n in (missing or {}).items():
        found[card] -= int(n)
    for card, n in (extra or {}).items():
        found[card] += int(n)
    rows = counted(game_name, set(listed) | {c for c, n in found.items() if n > 0})
    return [{**{k: v for k, v in row.items() if k != "count"}, "registered": listed.get(row["card"], 0),
             "found": max(0, found.get(row["card"], 0)),
             "differs": listed.get(row["card"], 0) != max(0, found.get(row["card"], 0))}
            for row in rows]
