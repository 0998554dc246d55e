"""A card's name as players write it (issue 41 item 9): one key for a pasted deck list's
line (decklist) and a card named from the hand (hand_names), so "Nidoran♂" and "Nidoran ♂",
"Farfetch’d" and "Farfetch'd", "Poke Ball" and "Poké Ball", "POKEMON" and "Pokémon" name
the same card. Ruling: spacing, letter case, accents and the apostrophe's shape are not part
of a name (the printed names differ in none of them between two different cards); every other
character is.

And the names a card has in the reader's language (issue 43 item 4, below): `card_name`,
`attack_name`, `ability_name`, and `CardName`, the English name that reads in any language."""
from __future__ import annotations

import json
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

from ..messages import Localizable

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"})


def name_key(name: str) -> str:
    """The name less spacing, case and accents, its apostrophes written "'"."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch) and not ch.isspace())
    return bare.casefold()


# ------------------------------------------------------------------ names in the reader's language
#
# Issue 43 item 4: a card is named where a person reads it as the card is printed in the
# reader's language — its name, its attacks' and abilities' names, from TCG Live's own
# Portuguese and Spanish cards (cards/names_<lang>.json, written by scripts/card_names.py).
# Only the words: a card's facts are always the English card's. A card with no localized
# print (Base Set, the EX sets) reads in English in every language.

_NAMES_DIR = Path(__file__).parent / "cards"
NAMES_FILES = {"pt-BR": "names_pt_BR.json", "es": "names_es.json"}
LOCALIZED = tuple(NAMES_FILES)
_KINDS = ("card", "attacks", "abilities")


@cache
def _names(language: str) -> dict[str, Any]:
    filename = NAMES_FILES.get(language)
    if filename is None:
        return {"sets": {}, "codes": {}, "cards": {}}
    data: dict[str, Any] = json.loads((_NAMES_DIR / filename).read_text(encoding="utf-8"))
    return data


def localized(card_id: str, english: str, language: str, kind: str = "card") -> str:
    """`english` (the card's name, or one of its attacks' or abilities' names: `kind`) as
    the card is printed in `language`; `english` where it is not printed otherwise."""
    entry = _names(language)["cards"].get(card_id)
    if not entry:
        return english
    if kind == "card":
        return str(entry.get("name", english))
    return str(entry.get(kind, {}).get(english, english))


class CardName(Localizable):
    """A card's English name (or an attack's, an ability's: `kind`) that reads in a reader's
    language as the card prints it (messages.Localizable): carddb names every card with one,
    so every text that names a card — narration, labels, refusals, the report — is read in
    the reader's language, while the rules and the events compare the English."""

    __slots__ = ("card_id", "kind")

    card_id: str
    kind: str

    def __new__(cls, english: str, card_id: str, kind: str = "card") -> CardName:
        name = str.__new__(cls, english)
        name.card_id, name.kind = card_id, kind
        return name

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardName, (str.__str__(self), self.card_id, self.kind))

    def localized(self, language: str) -> str:
        return localized(self.card_id, str.__str__(self), language, self.kind)


def card_name(card_id: str, language: str) -> str:
    """The card's name in `language` (English where no localized print exists)."""
    from .carddb import card
    return localized(card_id, card(card_id).name, language)


def attack_name(card_id: str, attack: str, language: str) -> str:
    """The card's attack `attack` (its English name) in `language`."""
    return localized(card_id, attack, language, "attacks")


def ability_name(card_id: str, ability: str, language: str) -> str:
    """The card's ability (or power) `ability` (its English name) in `language`."""
    return localized(card_id, ability, language, "abilities")


def set_name(set_id: str, language: str) -> str | None:
    """The set's localized name, None where the language has none."""
    name = _names(language)["sets"].get(set_id)
    return str(name) if name else None


def name_keys(card_id: str, english: str) -> set[str]:
    """The card's name in every language, as name_key writes it (a name typed in any)."""
    return {name_key(english), *(name_key(localized(card_id, english, lang)) for lang in LOCALIZED)}


_CODE = re.compile(r"^(.+?)_(\d+[a-z]?)(?:_.*)?$|^([a-z]+)-(\d+)$")


def card_of_code(code: str) -> str | None:
    """The English card id a TCG Live card code names (`sv1_196` -> `sv1-196`, `sv8-5_94_sph`
    -> `sv8pt5-94`), None for a code of no set with localized cards."""
    m = _CODE.match(code.strip())
    if not m:
        return None
    prefix, number = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    for language in LOCALIZED:
        set_id = _names(language)["codes"].get(prefix)
        if set_id:
            return f"{set_id}-{number}"
    return None
