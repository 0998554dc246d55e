"""Deck lists as people paste them, and the deck rules (R-DECK).

These exports are read, and plain lines without their decoration:

* Pokémon TCG Live: section headers `Pokémon: 12`, `Trainer: 36`, `Energy: 12`, lines
  `4 Pikachu ex SVI 57`, and `Total Cards: 60`; exported in Portuguese or Spanish (issue 43
  item 3), the same with the headers `Treinador:`/`Entrenador:`, `Energia:`/`Energía:`, the
  total `Total de cartas:`/`Cartas totales:` and the cards' localized names (`4 Ultra Bola
  SVI 196`, `9 Energia {P} Básica SVE 5`) — the set codes and numbers are the same in every
  language;
* PTCGO: `****** Pokémon Trading Card Game Deck List ******`, headers `##Pokémon - 22`,
  lines `* 4 Charmander BS 46`, and `Total Cards - 60`;
* Limitless: TCG Live's shape, promos written `SVP`, basic Energy also as `MEE` (Mega
  Evolution's basic Energy, numbered as SVE's) or with no set code at all.

A line's set code is the set's `ptcgoCode` (sets.json, a copy of ../shared/cards/sets.json's
codes: SVI, PAL, OBF, MEW, PAR, PAF, TEF, TWM, SFA, SCR, SSP, PRE, JTG, DRI, BLK, WHT, PR-SV,
SVE for Scarlet & Violet, MEG, PFL, ASC, MEP for Mega Evolution; older aliases BASE, JUN, FOS
kept, SVP for PR-SV as Limitless writes it, and ENERGY and MEE for SVE as older and newer TCG
Live exports write the basic Energy, numbered alike: Grass 1 to Metal 8). Each header's and the
total's count is checked against the lines under it; every unreadable line is reported at
once. A known set whose card number this referee has no facts for is named as such.

Rulings:

* A line's card is its set code and number; its name only confirms it, compared with the
  card's printed name in English, Portuguese or Spanish (card_names.localized; issue 43
  item 3), so a list in Portuguese and its English twin are the same 60 cards.
* A name is compared as players write it (card_names.name_key): spacing, case, accents and
  the apostrophe's shape aside ("Nidoran♂" is "Nidoran ♂", "Poke Ball" is "Poké Ball").
* A basic Energy line with no set code ("8 Basic {P} Energy", "8 Psychic Energy", as
  Limitless writes them) is the Scarlet & Violet basic Energy of that type (SVE): a basic
  Energy is the same card whichever print (R-DECK-2 counts no basic Energy). `MEE 5` is
  `SVE 5` for the same reason.
* A basic Energy's name may be written the exports' ways ("Basic {R} Energy", "Basic Fire
  Energy") for the printed "Fire Energy" or "Basic Fire Energy".
* R-DECK-2: cards are the same card when their names are the same. A name's parenthetical
  is not part of it: "Professor's Research (Professor Sada)" and "Professor's Research
  (Professor Turo)" are both "Professor's Research", and "Boss's Orders (Ghetsis)" is
  "Boss's Orders" — 4 of them in all, as the official rule counts them (the parenthetical
  names the character drawn, not a different card). A line may name the card either way.
* R-DECK-4: at most 1 ACE SPEC card (tag `ace_spec`) and 1 Radiant Pokémon (`radiant`) in a
  deck, and at most 1 Prism Star card (`prism_star`) of a name. The rule is printed on the
  cards themselves, so it holds in every ruleset and format (only modern cards carry the tags).
* R-DECK-5 by format (rulesets.FORMATS): "rs-dr" (the EX-era format, ex-2005 only) to
  Ruby & Sapphire through Dragon (ex1–ex3); "era" holds a deck to its ruleset's sets (for
  modern: the Scarlet & Violet and Mega Evolution sets); "standard" to the Standard format in force on the day
  the caller names (projections.tcg.formats: the period's regulation marks, a reprint's mark
  counting for an older print of the same card, basic Energy, less the period's ban list);
  "unlimited" to nothing. Every card outside is its own violation, naming the card.
* R-DECK-6: an unknown card id (and a card whose text is not carried out yet) is refused as
  no card a deck may hold, listing the ids; it still counts toward R-DECK-1's 60, which is
  only about the count (issue 41 item 6: it was filed under R-DECK-1).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from ..messages import joined, msg, msg_n
from . import formats, rulesets
from .card_names import LOCALIZED, localized, name_key
from .carddb import card, card_id_for, known
from .rulesets import get_ruleset

_SETS = json.loads((Path(__file__).parent / "sets.json").read_text(encoding="utf-8"))
SET_CODES = {s["ptcgoCode"].upper(): s["id"] for s in _SETS if s.get("ptcgoCode")}
SET_CODES.update({"BASE": "base1", "JUN": "base2", "FOS": "base3", "SVP": "svp", "ENERGY": "sve", "MEE": "sve"})
SET_NAMES = {s["id"]: s["name"] for s in _SETS}
_LINE = re.compile(r"^(?:\*\s*)?(\d+)\s+(.+?)\s+([A-Za-z][A-Za-z0-9-]{1,6})\s+(\d+)\s*$")
# A basic Energy line with no set code (Limitless): "8 Basic {P} Energy", "8 Psychic Energy".
_ENERGY_LINE = re.compile(r"^(?:\*\s*)?(\d+)\s+(?:Basic\s+)?(?:\{(\w)\}|(\w+))\s+Energy\s*$", re.IGNORECASE)
# The section headers as TCG Live prints them in English, Portuguese and Spanish, PTCGO's.
_HEADER = re.compile(r"^(?:##\s*)?(Pok[eé]mon|Trainers?(?: Cards)?|Treinador(?:es)?|Entrenador(?:es)?"
                     r"|Energy|Energ[ií]as?)\s*(?:[:\-]\s*(\d+)?)?\s*$", re.IGNORECASE)
_TOTAL = re.compile(r"^(?:Total Cards|Total de cartas|Cartas totales|Total)\s*[:\-]\s*(\d+)\s*$", re.IGNORECASE)
_BASIC_ENERGY = {"grass": "1", "fire": "2", "water": "3", "lightning": "4", "psychic": "5", "fighting": "6",
                 "darkness": "7", "metal": "8"}
_BANNER = re.compile(r"^\*{3,}.*\*{3,}$")
_ENERGY_SYMBOLS = {"g": "grass", "r": "fire", "w": "water", "l": "lightning", "p": "psychic",
                   "f": "fighting", "d": "darkness", "m": "metal", "c": "colorless"}


class DeckListError(ValueError):
    def __init__(self, problems: list[str]):
        super().__init__(joined(problems, "; "))
        self.problems = problems


class _Sections:
    """The headers' counts, checked against the lines under them."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        self.name: str | None = None
        self.expected: int | None = None
        self.count = 0

    def open(self, name: str, expected: int | None) -> None:
        self.close()
        self.name, self.expected, self.count = name, expected, 0

    def close(self) -> None:
        if self.name and self.expected is not None and self.count != self.expected:
            self.problems.append(msg("the %(header)s header says %(expected)s but its lines add up to %(count)s",
                                     header=self.name, expected=self.expected, count=self.count))


def parse_decklist(text: str) -> list[str]:
    """A pasted deck list (module docstring) -> a list of card ids."""
    cards: list[str] = []
    problems: list[str] = []
    sections = _Sections(problems)
    total: int | None = None
    listed = 0          # what the lines say, read or not: a bad line is one problem, not three
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or _BANNER.match(line):
            continue
        header, counted = _HEADER.match(line), _TOTAL.match(line)
        if header:
            sections.open(header.group(1), int(header.group(2)) if header.group(2) else None)
        elif counted:
            total = int(counted.group(1))
        elif not line.startswith(("#", "//")):
            card_id = _card_of_line(n, line, problems)
            count = _count_of_line(line)
            sections.count += count
            listed += count
            if card_id is not None:
                cards.extend([card_id] * count)
    sections.close()
    if total is not None and total != listed:
        problems.append(msg("the total says %(total)s cards but the lines add up to %(count)s", total=total,
                            count=listed))
    if problems:
        raise DeckListError(problems)
    return cards


def _count_of_line(line: str) -> int:
    m = _LINE.match(line) or _ENERGY_LINE.match(line)
    return int(m.group(1)) if m else 0


def _basic_energy_of_line(line: str) -> str | None:
    """The Scarlet & Violet basic Energy a line with no set code names (module docstring)."""
    m = _ENERGY_LINE.match(line)
    if not m:
        return None
    word = _ENERGY_SYMBOLS.get(m.group(2).lower(), "") if m.group(2) else m.group(3).lower()
    number = _BASIC_ENERGY.get(word)
    return card_id_for("sve", number) if number else None


def _card_of_line(n: int, line: str, problems: list[str]) -> str | None:
    m = _LINE.match(line)
    if not m:
        energy = _basic_energy_of_line(line)
        if energy is not None:
            return energy
        problems.append(msg("line %(n)s: unreadable %(line)s (expected e.g. '4 Charmander BS 46')", n=n,
                            line=repr(line)))
        return None
    name, set_code, number = m.group(2), m.group(3).upper(), m.group(4)
    set_id = SET_CODES.get(set_code)
    card_id = card_id_for(set_id, number) if set_id else None
    if card_id is None:
        if set_id:
            problems.append(msg("line %(n)s: %(code)s %(number)s (%(name)s): this referee has no card %(number)s of "
                                "%(set)s (%(set_id)s) yet", n=n, code=set_code, number=number, name=name,
                                set=SET_NAMES.get(set_id, set_id), set_id=set_id))
        else:
            problems.append(msg("line %(n)s: unknown set code %(code)s (%(name)s); codes are the sets' PTCGO codes, "
                                "e.g. BS, JU, FO, RS, SVI, PAL", n=n, code=set_code, name=name))
        return None
    if _norm(name) not in _names_of(card_id):
        problems.append(msg("line %(n)s: %(code)s %(number)s is %(card)s, not %(name)s", n=n, code=set_code,
                            number=number, card=card(card_id).name, name=name))
        return None
    return card_id


def _names_of(card_id: str) -> set[str]:
    """The names a line may give the card: its printed name in English, Portuguese or
    Spanish, each with or without its parenthetical (module docstring)."""
    english = card(card_id).name
    names = {english, *(localized(card_id, english, language) for language in LOCALIZED)}
    return {_norm(written) for name in names for written in (name, same_name(name))}


def _norm(name: str) -> str:
    """The name as players write it (card_names.name_key), a basic Energy's either way."""
    name = name_key(name)
    name = re.sub(r"\{(\w)\}", lambda m: _ENERGY_SYMBOLS.get(m.group(1), m.group(1)), name)
    return name.removeprefix("basic")


_PARENTHETICAL = re.compile(r"\s*\([^()]*\)\s*$")


def same_name(name: str) -> str:
    """The name R-DECK-2 counts by: the printed name less a trailing parenthetical
    ("Professor's Research (Professor Sada)" -> "Professor's Research"; module docstring)."""
    return _PARENTHETICAL.sub("", name) or name


def _outside_the_era(deck: Sequence[str], ruleset: str, sets: tuple[str, ...]) -> list[dict[str, str]]:
    """R-DECK-5: cards of sets the ruleset does not admit, by set."""
    outside: dict[str, list[str]] = {}
    for card_id in deck:
        set_id = card_id.split("-")[0]
        if set_id not in sets and card_id not in outside.setdefault(set_id, []):
            outside[set_id].append(card_id)
    admitted = ", ".join(f"{SET_NAMES.get(s, s)} ({s})" for s in sets)
    return [{"rule": "R-DECK-5", "message": msg_n(
        '%(cards)s is from %(set)s (%(set_id)s); a deck for %(ruleset)s holds cards of %(admitted)s (or play the '
        'match with format "unlimited").',
        '%(cards)s are from %(set)s (%(set_id)s); a deck for %(ruleset)s holds cards of %(admitted)s (or play the '
        'match with format "unlimited").', len(ids),
        cards=", ".join(ids[:5]) + (" …" if len(ids) > 5 else ""), set=SET_NAMES.get(set_id, set_id),
        set_id=set_id, ruleset=ruleset, admitted=admitted)}
        for set_id, ids in sorted(outside.items()) if ids]


def _outside_standard(deck: Sequence[str], on: date | None) -> list[dict[str, str]]:
    """R-DECK-5 in the standard format on the day `on` (formats.standard_period): every card
    whose mark, and every print's, the period does not admit, and every banned card, one
    violation each (module docstring)."""
    period = formats.standard_period(on)
    if period is None:
        first = formats.STANDARD_PERIODS[0].start.isoformat() if formats.STANDARD_PERIODS else "-"
        return [{"rule": "R-DECK-5", "message": msg(
            'No Standard format is known for %(day)s: the referee knows it from %(first)s on (or play the match '
            'with format "era" or "unlimited").', day=on.isoformat() if on else "-", first=first)}]
    marks = period.marks
    either = marks[0] if marks else ""
    for mark in marks[1:]:
        either = msg("%(first)s or %(second)s", first=either, second=mark)
    admitted = msg("regulation mark %(marks)s and basic Energy", marks=either)
    since = period.start.isoformat()
    violations = []
    for card_id in dict.fromkeys(deck):
        c = card(card_id)
        if not period.admits(c):
            has = (msg("regulation mark %(mark)s", mark=c.regulation_mark) if c.regulation_mark
                   else msg("no regulation mark"))
            violations.append({"rule": "R-DECK-5", "message": msg(
                '%(card)s (%(id)s) has %(has)s, and no print of the same card has another; a standard deck in the '
                'Standard format in force from %(since)s holds cards of %(admitted)s (or play the match with format '
                '"era" or "unlimited").', card=c.name, id=card_id, has=has, since=since, admitted=admitted)})
        if period.bans(c):
            violations.append({"rule": "R-DECK-5", "message": msg(
                '%(card)s (%(id)s) is banned in the Standard format in force from %(since)s; a standard deck may not '
                'hold it (or play the match with format "era" or "unlimited").', card=c.name, id=card_id,
                since=since)})
    return violations


def _outside_set_format(deck: Sequence[str], ruleset: str, format: str) -> list[dict[str, str]]:
    """R-DECK-5 in a format named after its sets ("rs-dr": ex1–ex3), for its own ruleset."""
    owner, sets = rulesets.SET_FORMATS[format]
    if ruleset != owner:
        return [{"rule": "R-DECK-5", "message": msg("The %(format)s format is the %(owner)s ruleset's, not "
                                                    "%(ruleset)s's.", format=format.upper(), owner=owner,
                                                    ruleset=ruleset)}]
    return _outside_the_era(deck, ruleset, sets)


def _one_of_a_kind(deck: Sequence[str]) -> list[dict[str, str]]:
    """R-DECK-4: 1 ACE SPEC card, 1 Radiant Pokémon, 1 Prism Star card of a name."""
    violations = []
    for tag in ("ace_spec", "radiant"):
        held = [c for c in deck if tag in card(c).tags]
        if len(held) > 1:
            names = ", ".join(f"{card(c).name} ({c}){f' ×{n}' if n > 1 else ''}"
                              for c, n in Counter(held).items())
            violations.append({"rule": "R-DECK-4", "message": (
                msg("At most 1 ACE SPEC card in a deck; the deck has %(count)s: %(cards)s.", count=len(held),
                    cards=names) if tag == "ace_spec"
                else msg("At most 1 Radiant Pokémon in a deck; the deck has %(count)s: %(cards)s.", count=len(held),
                         cards=names))})
    prism = Counter(same_name(card(c).name) for c in deck if "prism_star" in card(c).tags)
    for name, n in sorted(prism.items()):
        if n > 1:
            violations.append({"rule": "R-DECK-4", "message": msg(
                "At most 1 Prism Star card named %(name)s; the deck has %(count)s.", name=name, count=n)})
    return violations


def deck_violations(deck: Sequence[Any], ruleset: str = "base-1999", format: str = "era",
                    on: date | None = None) -> list[dict[str, str]]:
    """Every R-DECK rule the deck breaks, as {rule, message} (empty when legal). `format`
    (rulesets.FORMATS): "era" holds the deck to the ruleset's sets, "standard" to the
    regulation marks and ban list of the Standard format in force on the day `on` (None: the
    latest; projections.tcg.formats), "unlimited" to neither (R-DECK-5, module docstring)."""
    rules = get_ruleset(ruleset)
    violations: list[dict[str, str]] = []
    size = len(deck)        # every card given counts, known or not
    unknown = Counter(str(c) for c in deck if not (isinstance(c, str) and known(c)))
    if unknown:
        listed = joined(msg("%(id)s (%(count)s copies)", id=c, count=n) if n > 1 else c
                        for c, n in sorted(unknown.items()))
        violations.append({"rule": "R-DECK-6", "message": msg("Unknown card ids: %(ids)s.", ids=listed)})
        deck = [c for c in deck if isinstance(c, str) and known(c)]
    if size != rules.deck_size:
        violations.append({"rule": "R-DECK-1",
                           "message": msg("A deck has exactly %(size)s cards; this one has %(count)s.",
                                          size=rules.deck_size, count=size)})
    by_name = Counter(same_name(card(c).name) for c in deck if not card(c).is_basic_energy)
    for name, n in sorted(by_name.items()):
        if n > rules.max_copies:
            violations.append({"rule": "R-DECK-2",
                               "message": msg("At most %(max)s cards named %(name)s; the deck has %(count)s.",
                                              max=rules.max_copies, name=name, count=n)})
    if not any(card(c).is_basic_pokemon for c in deck):
        violations.append({"rule": "R-DECK-3", "message": msg("The deck has no Basic Pokémon.")})
    violations += _one_of_a_kind(deck)
    if format == "standard":
        violations += _outside_standard(deck, on)
    elif format in rulesets.SET_FORMATS:
        violations += _outside_set_format(deck, ruleset, format)
    elif format != "unlimited":
        violations += _outside_the_era(deck, ruleset, rules.sets)
    unimplemented = sorted({c for c in deck if not card(c).implemented})
    if unimplemented:
        violations.append({"rule": "R-DECK-6",
                           "message": msg("Cards the referee does not know yet: %(ids)s.",
                                          ids=", ".join(unimplemented))})
    return violations
