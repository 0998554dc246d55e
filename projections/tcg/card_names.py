"""A card's name as players write it (issue 41 item 9): one key for a pasted deck list's
line (decklist) and a card named from the hand (hand_names), so "Nidoran♂" and "Nidoran ♂",
"Farfetch’d" and "Farfetch'd", "Poke Ball" and "Poké Ball", "POKEMON" and "Pokémon" name
the same card. Ruling: spacing, letter case, accents and the apostrophe's shape are not part
of a name (the printed names differ in none of them between two different cards); every other
character is."""
from __future__ import annotations

import unicodedata

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"})


def name_key(name: str) -> str:
    """The name less spacing, case and accents, its apostrophes written "'"."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch) and not ch.isspace())
    return bare.casefold()
