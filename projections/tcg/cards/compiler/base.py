"""What every compiler template shares: the `Template` shape, the words of the printed text its
patterns name (types, Special Conditions, "your opponent's Active Pokémon"), and `normalise`.

A template is a regular expression over the normalised printed text (one space between words)
with named parameters, and a builder that turns the parameters into effects of the vocabulary
(`cards/effects`). Only a match of the WHOLE text compiles (`compile_attack`).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...carddb import AttackDef
    from ..effects import Effect

TYPES = "Grass|Fire|Water|Lightning|Psychic|Fighting|Darkness|Metal|Colorless|Dragon|Fairy"
CONDITIONS = {"Asleep": "asleep", "Burned": "burned", "Confused": "confused", "Paralyzed": "paralyzed",
              "Poisoned": "poisoned"}
# "your opponent's Active Pokémon" (Scarlet & Violet) / "the Defending Pokémon" (older wording)
OPPONENT_ACTIVE = r"(?:[Yy]our opponent's Active Pokémon|[Tt]he Defending Pokémon)"
CONDITION = "|".join(CONDITIONS)
IGNORED = {"Resistance": ("resistance",), "Weakness": ("weakness",),
           "Weakness or Resistance": ("weakness", "resistance"),
           "Weakness or Resistance, or by any effects on your opponent's Active Pokémon":
               ("weakness", "resistance", "defender_effects")}
NO_WR_BENCH = r" \(Don't apply Weakness and Resistance for Benched Pokémon\.\)"
NUMBER_WORDS = {"a": 1, "an": 1, "1": 1}


def count_of(word: str) -> int:
    return NUMBER_WORDS.get(word) or int(word)


Build = Callable[[dict[str, str], "AttackDef"], "list[Effect] | None"]


@dataclass(frozen=True)
class Template:
    name: str
    rule: str                   # the rule its tests check it against
    pattern: re.Pattern[str]
    build: Build                # parameters -> effects (None: the parameters don't fit the attack)
    wordings: tuple[str, ...]   # printed examples it accepts
    mark: str = ""              # "+" or "×": it is the attack's printed damage modifier


@dataclass(frozen=True)
class Compiled:
    effects: list[Effect]
    templates: tuple[str, ...]


@dataclass(frozen=True)
class CompiledCard:
    """An Ability's or a Trainer's whole text compiled: its one effect object and the templates."""
    effect: Any
    templates: tuple[str, ...]


def template(name: str, rule: str, regex: str, build: Build, *wordings: str, mark: str = "") -> Template:
    return Template(name, rule, re.compile(regex + r"(?: |$)"), build, wordings, mark)


def more_per(name: str, each: str, build: Callable[[int, dict[str, str]], Effect], example: str) -> Template:
    """"This attack does N more damage for each <each>." (the printed "+")."""
    return template(name, "R-DAMAGE-1", rf"This attack does (?P<per>\d+) more damage for each {each}\.",
                    lambda p, a: [build(int(p["per"]), p)], example, mark="+")


_ITALICS = re.compile(r"</?i>")
# Some sets' data (me2pt5, mep, …) prints a type in lower case before what it qualifies ("Basic
# psychic Energy", "Benched lightning Pokémon") and "Pokémon {ex}" for "Pokémon ex"; the cards
# printed elsewhere with the same words say "Psychic", "ex".
_LOWER_TYPE = re.compile(r"\b(grass|fire|water|lightning|psychic|fighting|darkness|metal|colorless|dragon|fairy)"
                         r"(?= (?:Energy|Pokémon|type)\b)")
_EX_MARK = re.compile(r"\{ex\}")


def normalise(text: str) -> str:
    """The printed text as templates read it: words separated by single spaces, without the
    italics markup some sets' data keeps in reminder text (`<i>(both yours and your opponent's)</i>`),
    a type written in lower case capitalised, "{ex}" as "ex"."""
    text = _LOWER_TYPE.sub(lambda m: m.group(1).capitalize(), _ITALICS.sub("", text))
    return " ".join(_EX_MARK.sub("ex", text).split())
