"""A declared text partly understood: the sentences templates match, and what the words of the
rest bound (R-DECLARE-5).

`compile_attack` compiles only a WHOLE text; a text partly understood stays declared (the table
declares its steps, `projections/tcg/declare.py`). `read_attack` (and `read_text`, for an
Ability's or a Trainer's text) still reads it: it names the templates that match sentences of it
(`Reading.matched`) and the sentences none matches (`Reading.unread`), and from the words of the
whole text it reads the bounds the declared steps must keep to:

    damage      the amounts printed "N damage" (any multiple of N when "N damage for each")
    counters    the most damage counters one step places ("N damage counters", "N damage to itself")
    heal        the most one heal step removes ("Heal N damage")
    places      the Pokémon the text names: "this Pokémon" (self), "your / your opponent's Active
                or Benched Pokémon", "the Defending Pokémon"
    sides       whose cards the text names: "your" (own), "your opponent's" / "their" (opp)
    zones       the zones cards move between: hand, deck, discard pile, Prize cards, Lost Zone,
                attached (Energy, Tools), Bench, Stadium
    conditions  the Special Conditions the text names
    switch      whether it names a switch ("switch", "Active Spot")
    cards       the most cards one move step moves (every number the text prints for cards added
                up, "a card" counting 1: "a Basic Pokémon and a Stage 1 Pokémon" may be one step)
    draw        the most cards one draw step draws ("Draw N cards", "until you have N cards")
    flips       the coins the steps flip in all ("Flip a coin", "Flip N coins")

A bound is None where the words give none ("for each", "equal to", "all", "the same amount",
"any number", "until …", "use it as this attack" …): nothing new is refused there. A bound
is only ever read wider than the text, never narrower: a word the reading does not know leaves
the bound open or wider, so a step the text allows is never refused.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING

from . import ATTACK_TEMPLATES
from .base import CONDITIONS, normalise

if TYPE_CHECKING:
    from ...carddb import AttackDef
    from .base import Template

PLACES = ("self", "own_active", "own_bench", "opp_active", "opp_bench")

# Words that make the whole text open: another attack's text runs as this one's.
_COPIES = re.compile(r"as this attack|use it as|this attack's effect|the effect of", re.I)
_SENTENCE = re.compile(r".+?[.!?](?:\)|</i>)*(?: |$)|.+$")
_NUMBER = re.compile(r"\b(\d+|an?)\b")
_DAMAGE = re.compile(r"(?<![Hh]eal )\b(\d+) damage\b(?! counter)")
_DAMAGE_OPEN = re.compile(r"\bdoes damage|\bdo damage|\bthat much|\bequal to|\bsame amount|\bhalf\b|"
                          r"\bdamage (?:to|from) that\b", re.I)
_COUNTERS = re.compile(r"\b(\d+|an?) damage counters?\b")
_SELF_DAMAGE = re.compile(r"\b(\d+) damage to (?:itself|this Pokémon)\b")
_COUNTERS_OPEN = re.compile(r"\b(?:[Pp]ut|[Pp]lace|[Mm]ove)(?: (?!\d|an?\b)[\w']+){0,3} damage counters?|"
                            r"\bany number of damage counters|\bdamage counters? (?:equal|until)|"
                            r"number of damage counters|until its remaining HP|\bKnock", re.I)
_HEAL = re.compile(r"\b[Hh]eal (\d+) damage\b")
_HEAL_OPEN = re.compile(r"\bheal all|\ball damage|\bheal from|\bremove[^.]*damage counter|"
                        r"\bmove[^.]*damage counter", re.I)
_EACH = re.compile(r"\bfor (?:each|every)\b|\btimes\b|\bnumber of\b", re.I)
_CARDS_OPEN = re.compile(r"\ball\b|\bany (?:amount|number|combination)|\bas many\b|\bfor (?:each|every)\b|\bequal\b|"
                         r"\buntil\b|\bnumber\b|\bhand into\b|\bdiscards? (?:your|their) hand|\bevolv|\bdevolv|"
                         r"\bthat many\b|\bany (?:cards?|Energy|Pokémon)\b", re.I)
_NOT_CARDS = re.compile(r" (?:more |less )?(?:damage|HP|coins?|Prize|or (?:fewer|more))")
_DRAW = re.compile(r"\b[Dd]raws? (\d+|an?) cards?\b|\buntil you have (\d+) cards\b")
_DRAW_OPEN = re.compile(r"\bfor each\b|\bsame number\b|\bequal\b|\bnumber of\b", re.I)
_FLIP = re.compile(r"\b[Ff]lips? (\d+|an?) coins?\b")
_FLIP_OPEN = re.compile(r"\buntil\b|\bcoins? for (?:each|every)\b|\bnumber of\b|\bthat many\b", re.I)
_SWITCH = re.compile(r"\bswitch|\bActive Spot\b|\bto the Bench\b|\bnew Active\b", re.I)
_GENERIC_CONDITION = re.compile(r"Special Condition", re.I)
_OWN_POKEMON = re.compile(r"\byour (?!opponent)((?:[\w-]+ ){0,2})Pokémon\b|\byour (Bench)\b")
_OPP_POKEMON = re.compile(r"\b(?:your opponent's|their) ((?:[\w-]+ ){0,2})Pokémon\b|\byour opponent's (Bench)\b")
_EVERY_PLACE = re.compile(r"both yours and your opponent's|yours or your opponent's|\beach Pokémon\b|\ball Pokémon\b|"
                          r"(?<!your )(?<!opponent's )\bPokémon in play\b|\beach player|\bboth players|"
                          r"\bboth Active|\bnew Active|\bany Pokémon\b", re.I)
_OPP_ACTIVE = re.compile(r"\b[Tt]he (?:Defending|Attacking) Pokémon\b")
_SELF = re.compile(r"\b[Tt]his Pokémon\b|\bitself\b|\bthis card is attached\b")
_OWN_WORDS = re.compile(r"\byour\b(?! opponent)|\byou\b|\b[Tt]his Pokémon\b|\bitself\b|\bDraw\b")
_OPP_WORDS = re.compile(r"\bopponent|\btheir\b|\bDefending\b|\bAttacking\b")
_BOTH_SIDES = re.compile(r"\beach player|\bboth players|\byours\b", re.I)
_ZONE_WORDS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"\bhands?\b", re.I), ("hand",)),
    (re.compile(r"\bdecks?\b", re.I), ("deck", "deck_bottom")),
    (re.compile(r"\bdiscard", re.I), ("discard",)),
    (re.compile(r"\bPrize", re.I), ("prizes", "hand")),
    (re.compile(r"\bLost Zone\b", re.I), ("lost_zone",)),
    (re.compile(r"\battach|\bEnergy\b|\bTools?\b", re.I), ("attached",)),
    (re.compile(r"\bBench", re.I), ("bench",)),
    (re.compile(r"\bStadium", re.I), ("stadium",)),
    (re.compile(r"\bdraw", re.I), ("deck", "hand")),
    (re.compile(r"\bsearch", re.I), ("deck",)),
)
_ZONES_OPEN = re.compile(r"\bevolv|\bdevolv", re.I)
# A Trainer's rules reminders: how many of its kind a turn allows, not what it does.
_REMINDERS = re.compile(r"You may play (?:only 1|any number of) [\w ]+ cards? during your turn\.|"
                        r"You can't have more than 1 ACE SPEC card in your deck\.")


@dataclass(frozen=True)
class Amounts:
    """The amounts a text prints for one kind of step: exact ones, and ones printed "for each"
    (any multiple of them)."""
    exact: frozenset[int] = frozenset()
    per: frozenset[int] = frozenset()

    def allows(self, n: int) -> bool:
        return n in self.exact or any(p and n % p == 0 for p in self.per)


@dataclass(frozen=True)
class Reading:
    """What a declared text's words bound (module docstring); None: no bound."""
    matched: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()
    damage: Amounts | None = None
    counters: int | None = None
    heal: int | None = None
    places: frozenset[str] | None = None
    sides: frozenset[str] | None = None
    zones: frozenset[str] | None = None
    conditions: frozenset[str] | None = None
    switch: bool | None = None
    cards: int | None = None
    draw: int | None = None
    flips: int | None = None

    @property
    def bounds(self) -> tuple[str, ...]:
        """The names of the bounds the text gives."""
        return tuple(f.name for f in fields(self) if f.name not in ("matched", "unread")
                     and getattr(self, f.name) is not None)


def _count(word: str) -> int:
    return 1 if word in ("a", "an") else int(word)


def split(text: str, attack: AttackDef | None = None,
          templates: tuple[Template, ...] = ()) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The templates matching sentences of the text, and the sentences none matches."""
    matched: list[str] = []
    unread: list[str] = []
    pos = 0
    while pos < len(text):
        for template in templates:
            m = template.pattern.match(text, pos)
            if m is not None and attack is not None and template.build(m.groupdict(), attack) is not None:
                matched.append(template.name)
                pos = m.end()
                break
        else:
            sentence = _SENTENCE.match(text, pos)
            assert sentence is not None
            unread.append(sentence.group(0).strip())
            pos = sentence.end()
    return tuple(matched), tuple(unread)


_ATTACK_READINGS: dict[tuple[object, ...], Reading] = {}


def attack_reading(attack: AttackDef) -> Reading:
    """`read_attack`, read once per printed attack (the cards are read when first played, not
    when they are loaded: a pure function of the printed facts, kept)."""
    key = (attack.name, attack.text, attack.damage, attack.damage_mark, tuple(attack.cost))
    reading = _ATTACK_READINGS.get(key)
    if reading is None:
        reading = _ATTACK_READINGS[key] = read_attack(attack)
    return reading


@lru_cache(maxsize=4096)
def card_text_reading(text: str) -> Reading:
    """`read_card_text`, read once per printed text."""
    return read_card_text(text)


def read_attack(attack: AttackDef) -> Reading:
    """The reading of an attack's printed text."""
    text = normalise(attack.text)
    matched, unread = split(text, attack, ATTACK_TEMPLATES)
    return read_text(text, matched, unread)


def read_card_text(text: str) -> Reading:
    """The reading of an Ability's or a Trainer's printed text (a Trainer's rules reminders
    left out), every sentence of it unread by templates."""
    text = normalise(_REMINDERS.sub("", text))
    return read_text(text, *split(text))


def read_text(text: str, matched: tuple[str, ...] = (), unread: tuple[str, ...] = ()) -> Reading:
    """The bounds the words of a text give (module docstring)."""
    text = normalise(text)
    if not text or _COPIES.search(text):
        return Reading(matched, unread)
    sentences = [s.group(0) for s in _SENTENCE.finditer(text) if s.group(0).strip()]
    return Reading(matched, unread, damage=_damage(text, sentences), counters=_counters(text, sentences),
                   heal=_heal(text), places=_places(text), sides=_sides(text), zones=_zones(text),
                   conditions=_conditions(text), switch=bool(_SWITCH.search(text)), cards=_cards(text),
                   draw=_draw(text, sentences), flips=_flips(text))


def _damage(text: str, sentences: list[str]) -> Amounts | None:
    if _DAMAGE_OPEN.search(text):
        return None
    exact: set[int] = set()
    per: set[int] = set()
    for sentence in sentences:
        for m in _DAMAGE.finditer(sentence):
            (per if _EACH.search(sentence, m.end()) else exact).add(int(m.group(1)))
    return Amounts(frozenset(exact), frozenset(per))


def _counters(text: str, sentences: list[str]) -> int | None:
    if _COUNTERS_OPEN.search(text):
        return None
    most = 0
    for sentence in sentences:
        found = [_count(m.group(1)) for m in _COUNTERS.finditer(sentence)]
        found += [int(m.group(1)) // 10 for m in _SELF_DAMAGE.finditer(sentence)]
        if found and _EACH.search(sentence):
            return None
        most = max([most, *found])
    return most


def _heal(text: str) -> int | None:
    if _HEAL_OPEN.search(text) or _DAMAGE_OPEN.search(text):
        return None
    return max([0, *(int(m.group(1)) for m in _HEAL.finditer(text))])


def _places(text: str) -> frozenset[str] | None:
    if _EVERY_PLACE.search(text):
        return None
    found: set[str] = set()
    if _SELF.search(text):
        found.add("self")
    if _OPP_ACTIVE.search(text):
        found.add("opp_active")
    for side, pattern in (("own", _OWN_POKEMON), ("opp", _OPP_POKEMON)):
        for m in pattern.finditer(text):
            found |= _place_of(side, m.group(1) or m.group(2) or "")
    return frozenset(found) or None      # no Pokémon named: no bound


def _place_of(side: str, words: str) -> set[str]:
    if "Active" in words:
        return {f"{side}_active"}
    if "Bench" in words:
        return {f"{side}_bench"}
    return {f"{side}_active", f"{side}_bench"}


def _sides(text: str) -> frozenset[str] | None:
    if _BOTH_SIDES.search(text):
        return None
    found = {side for side, pattern in (("own", _OWN_WORDS), ("opp", _OPP_WORDS)) if pattern.search(text)}
    return frozenset(found) or None


def _zones(text: str) -> frozenset[str] | None:
    if _ZONES_OPEN.search(text):
        return None
    return frozenset(z for pattern, zones in _ZONE_WORDS if pattern.search(text) for z in zones)


def _conditions(text: str) -> frozenset[str] | None:
    if _GENERIC_CONDITION.search(text):
        return None
    return frozenset(code for word, code in CONDITIONS.items() if re.search(rf"\b{word}\b", text, re.I))


def _cards(text: str) -> int | None:
    if _CARDS_OPEN.search(text):
        return None
    numbers = [_count(m.group(1)) for m in _NUMBER.finditer(text) if not _NOT_CARDS.match(text, m.end())]
    return max(1, sum(numbers))


def _draw(text: str, sentences: list[str]) -> int | None:
    found: list[int] = []
    for sentence in sentences:
        draws = [_count(m.group(1) or m.group(2)) for m in _DRAW.finditer(sentence)]
        if draws and _DRAW_OPEN.search(sentence):
            return None
        found += draws
    if not found and re.search(r"\bdraw", text, re.I):
        return None      # a draw the reading does not count
    return max([0, *found])


def _flips(text: str) -> int | None:
    if _FLIP_OPEN.search(text) or re.search(r"\bflip\b(?! a coin| \d+ coins)", text, re.I):
        return None
    return sum(_count(m.group(1)) for m in _FLIP.finditer(text))
