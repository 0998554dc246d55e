"""A coin's side as a person reports it (issue 43): the API's own ``heads``/``tails``, or the
words the reader's language shows for them — the coin field's label and the narration say
``msgid "heads"``/``"tails"`` in it, and those are the words its cards print (pt-BR
"cara"/"coroa", es "cara"/"cruz") — in any case, with or without accents.

The canonical English side is what events store; the words only ever enter at the edge.
English stays exactly ``heads``/``tails`` (the API's documented values; the console's script
turns ``H``/``t…`` into them).
"""

from __future__ import annotations

import unicodedata

from events.schemas import COIN_SIDES
from projections.i18n import gettext
from projections.messages import ENGLISH, current_language


def _folded(word: str) -> str:
    """``word`` without case or accents: "Córoa" and "coroa" are one word."""
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def localized_sides(language: str | None = None) -> dict[str, str]:
    """The reader's words for each side (``{"cara": "heads", "coroa": "tails"}``), empty in
    English."""
    language = language or current_language()
    if language == ENGLISH:
        return {}
    return {gettext(side, language): side for side in COIN_SIDES
            if gettext(side, language) != side}


def coin_side(word: str, language: str | None = None) -> str | None:
    """``heads``/``tails`` for a reported word, or None when it names neither side."""
    if word in COIN_SIDES:
        return word
    folded = _folded(word)
    for shown, side in localized_sides(language).items():
        if _folded(shown) == folded:
            return side
    return None


def accepted_words(language: str | None = None) -> list[str]:
    """What a coin may be reported as in ``language``: the English sides, then its own."""
    return [*COIN_SIDES, *localized_sides(language)]
