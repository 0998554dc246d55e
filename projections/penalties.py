"""Penalties as the Play! Pokémon TCG penalty guidelines name them (J-PENALTY-1/2).

The log stores stable machine ids (``events.schemas``: ``PENALTY_LEVELS``, ``INFRACTIONS``,
``SEVERITIES``); people read and type the guidelines' printed names. This module is the one
table between the two, and it knows no game: input in either form ("Game Play Error:
Minor", "game play error - minor", "GAME_PLAY_ERROR_MINOR", "Double Prize Card", "double
prize", or a label as printed in Portuguese or Spanish: "Advertência", "Error de Juego
(Menor)") is normalised to the id before anything is stored (``parse_level``,
``parse_infraction``), and every output that shows a penalty puts the label beside the id
(``labels``), written in the reader's language.

The table (ids unchanged since the first stored events):

* infraction categories: ``game_play_error`` Game Play Error, ``procedural_error``
  Procedural Error, ``tardiness`` Tardiness, ``unsporting_conduct`` Unsporting Conduct,
  ``cheating`` Cheating, ``deck_problem`` Deck/Decklist Problem, ``pace_of_play`` Slow Play;
  each optionally graded ``_minor`` / ``_major`` / ``_severe`` (Minor, Major, Severe),
  labelled "Game Play Error (Minor)";
* penalty levels, least to most: ``caution`` Caution, ``warning`` Warning, ``double_prize``
  Double Prize Card, ``quad_prize`` Quad Prize Card, ``game_loss`` Game Loss,
  ``match_loss`` Match Loss, ``disqualification`` Disqualification.

Ruling on ``prize_penalty`` (issue 16). The guidelines have no level of that name: until
2018 they had a one-card "Prize Card" penalty, replaced by Double Prize Card and Quad Prize
Card; this service's ``prize_penalty`` always meant 2 Prize cards. So:

* stored events that say ``prize_penalty`` keep folding exactly as before (2 Prize cards,
  ``projections.tcg.engine.PRIZE_PENALTIES``) and their labels read "Double Prize Card";
* new input ``prize_penalty`` (any case or spacing) is accepted as a deprecated alias of
  ``double_prize`` for old clients and *stored as* ``double_prize``: no new event, answer or
  listing made from new input says ``prize_penalty``, and ``GET /v1/penalties`` lists it
  only under ``deprecated_aliases``;
* the old guidelines' one-card name ("Prize Card", "Prize Card Penalty", "Single Prize")
  is refused: no level of the service takes one Prize card, and guessing would be the
  silent reinterpretation this ruling ends.

Escalation (J-PENALTY-2) is suggested, never applied: ``suggested_level`` is one step up
the ladder above the most severe earlier standing penalty of the same category for the
same person, never below the level the judge gave (equal to it: the judge's level already
follows the escalation). The level stored is always the one the judge chose.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from events.schemas import INFRACTIONS, SEVERITIES

from .i18n import CATALOGUES, translate
from .messages import joined, msg

RULE_LEVELS = "J-PENALTY-1"
RULE_INFRACTIONS = "J-PENALTY-2"
GUIDELINES = msg("Play! Pokémon TCG Penalty Guidelines")


@dataclass(frozen=True)
class Name:
    """A machine id, the guidelines' printed label (translatable: a Message, whose English is
    what input is matched against), and other spellings people type."""

    id: str
    label: str
    also: tuple[str, ...] = ()
    note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "label": self.label, "also_accepted": list(self.also)}
        if self.note:
            out["note"] = self.note
        return out


CATEGORIES: tuple[Name, ...] = (
    Name("game_play_error", msg("Game Play Error"), ("GPE",)),
    Name("procedural_error", msg("Procedural Error"), ("PE",)),
    Name("tardiness", msg("Tardiness")),
    Name("unsporting_conduct", msg("Unsporting Conduct"), ("USC", "Unsportsmanlike Conduct")),
    Name("cheating", msg("Cheating")),
    Name("deck_problem", msg("Deck/Decklist Problem"),
         ("Deck Problem", "Decklist Problem", "Deck List Problem", "Deck/Deck List Problem",
          "Deck Error", "Decklist Error"),
         note=msg("An illegal deck or a deck that does not match its registered list; the current "
                  "guidelines file it under Procedural Error")),
    Name("pace_of_play", msg("Slow Play"), ("Pace of Play",),
         note=msg("Playing too slowly without intent; intentional stalling is Cheating")),
)
SEVERITY_NAMES: tuple[Name, ...] = (
    Name("minor", msg("Minor")), Name("major", msg("Major")), Name("severe", msg("Severe")))
LEVELS: tuple[Name, ...] = (
    Name("caution", msg("Caution"), note=msg("Not reported to Play! Pokémon")),
    Name("warning", msg("Warning"), note=msg("Reported, like every level above it")),
    Name("double_prize", msg("Double Prize Card"), ("Double Prize Card Penalty", "Double Prize",
                                                    "Double Prize Penalty", "DPC"),
         note=msg("The opponent needs 2 fewer Prize cards to win; the game ends at once if that wins it")),
    Name("quad_prize", msg("Quad Prize Card"), ("Quad Prize Card Penalty", "Quad Prize",
                                                "Quad Prize Penalty", "QPC"),
         note=msg("The opponent needs 4 fewer Prize cards to win; the game ends at once if that wins it")),
    Name("game_loss", msg("Game Loss"), ("Game Loss Penalty",), note=msg("Ends the game")),
    Name("match_loss", msg("Match Loss"), ("Match Loss Penalty",), note=msg("Ends the match")),
    Name("disqualification", msg("Disqualification"), ("DQ", "Disqualified"),
         note=msg("Ends the match; the player leaves the event")),
)
# Old ids still read, and typed, as another level; never written by new input.
DEPRECATED_LEVELS = {"prize_penalty": "double_prize"}
# The pre-2018 guidelines' one-Prize-card penalty: no level here takes one card.
ONE_PRIZE_NAMES = ("Prize Card", "Prize Card Penalty", "Single Prize", "Single Prize Card",
                   "One Prize Card")
LADDER: tuple[str, ...] = tuple(level.id for level in LEVELS)
MAX_NAME = 80



class UnknownPenaltyName(ValueError):
    """Input that names no level or infraction of the table (the message lists the names)."""


def name_key(text: str) -> str:
    """How a typed name is compared: case, accents' width forms, spacing and punctuation
    (``-``, ``–``, ``:``, ``/``, ``_``, brackets) don't count. "Game Play Error – Minor" ->
    ``game_play_error_minor``."""
    folded = unicodedata.normalize("NFKC", str(text)).casefold()
    return "_".join(re.findall(r"[^\W_]+", folded))


def _index(names: Iterable[Name]) -> dict[str, str]:
    """Each spelling's key -> its id: the id, the label as printed in every language served
    (a reader types what ``GET /v1/penalties`` showed it) and the other spellings."""
    out: dict[str, str] = {}
    for name in names:
        printed = (translate(name.label, language) for language in CATALOGUES)
        for spelling in (name.id, name.label, *printed, *name.also):
            out[name_key(spelling)] = name.id
    return out


_LEVEL_KEYS = {**_index(LEVELS), **{name_key(old): old for old in DEPRECATED_LEVELS}}
_CATEGORY_KEYS = _index(CATEGORIES)
_SEVERITY_KEYS = _index(SEVERITY_NAMES)
_ONE_PRIZE_KEYS = frozenset(name_key(n) for n in ONE_PRIZE_NAMES)
_BY_ID = {n.id: n for n in (*LEVELS, *CATEGORIES, *SEVERITY_NAMES)}


def _with_ids(names: Iterable[Name]) -> str:
    """"Warning (warning), Game Loss (game_loss)": each label (translatable) with its id."""
    return joined(joined((n.label, f"({n.id})"), " ") for n in names)


def accepted_levels() -> str:
    return _with_ids(LEVELS)


def accepted_infractions() -> str:
    return msg('%(categories)s; each optionally with a severity: %(severities)s (e.g. "Game Play Error: Minor" '
               'or game_play_error_minor)', categories=_with_ids(CATEGORIES),
               severities=joined(n.label for n in SEVERITY_NAMES))


def parse_level(text: str) -> str:
    """The level's machine id for an id or a printed name; ``prize_penalty`` (deprecated)
    -> ``double_prize``. ``UnknownPenaltyName`` otherwise."""
    key = name_key(text)
    if key in _ONE_PRIZE_KEYS:
        raise UnknownPenaltyName(msg(
            "%(name)s is the old guidelines' one-Prize-card penalty, which no longer exists; say Double Prize "
            "Card (double_prize) or Quad Prize Card (quad_prize). Accepted: %(accepted)s.",
            name=repr(str(text)[:MAX_NAME]), accepted=accepted_levels()))
    found = _LEVEL_KEYS.get(key)
    if found is None:
        raise UnknownPenaltyName(msg("Not a penalty level of %(rule)s: %(name)s. Accepted (the guidelines' name "
                                     "or the id): %(accepted)s.", rule=RULE_LEVELS,
                                     name=repr(str(text)[:MAX_NAME]), accepted=accepted_levels()))
    return DEPRECATED_LEVELS.get(found, found)


def parse_infraction(text: str) -> str:
    """The infraction's machine id (``category`` or ``category_severity``) for an id or a
    printed name ("Game Play Error: Minor", "Procedural Error (Major)", "Tardiness").
    ``UnknownPenaltyName`` otherwise."""
    key = name_key(text)
    category, severity = _CATEGORY_KEYS.get(key), None
    if category is None:
        head, _sep, tail = key.rpartition("_")
        category, severity = _CATEGORY_KEYS.get(head), _SEVERITY_KEYS.get(tail)
        if category is None or severity is None:
            raise UnknownPenaltyName(msg(
                "Not an infraction of %(rule)s: %(name)s. Accepted (the guidelines' name or the id): "
                "%(accepted)s.", rule=RULE_INFRACTIONS, name=repr(str(text)[:MAX_NAME]),
                accepted=accepted_infractions()))
    return f"{category}_{severity}" if severity else category


def split_infraction(infraction: str | None) -> tuple[str | None, str | None]:
    """A stored infraction id -> (category id, severity id or None); (None, None) when it
    is none of the table's."""
    text = str(infraction or "")
    if text in _CATEGORY_KEYS.values():
        return text, None
    head, _sep, tail = text.rpartition("_")
    if head in INFRACTIONS and tail in SEVERITIES:
        return head, tail
    return None, None


def canonical_level(level: str | None) -> str | None:
    """A stored level's id on the ladder (``prize_penalty`` -> ``double_prize``)."""
    if level is None:
        return None
    return DEPRECATED_LEVELS.get(level, level)


def level_label(level: str | None) -> str | None:
    name = _BY_ID.get(canonical_level(level) or "")
    return name.label if name and name.id in LADDER else None


def infraction_label(infraction: str | None) -> str | None:
    """``game_play_error_minor`` -> "Game Play Error (Minor)"; ``tardiness`` -> "Tardiness"."""
    category, severity = split_infraction(infraction)
    if category is None:
        return None
    label = _BY_ID[category].label
    return joined((label, " (", _BY_ID[severity].label, ")"), "") if severity else label


def labels(penalty: Mapping[str, Any]) -> dict[str, Any]:
    """The guideline labels beside a penalty's ids: ``level_label``, ``infraction_label``,
    ``category``, ``category_label``, ``severity``, ``severity_label`` (None where the stored
    value is none of the table's)."""
    category, severity = split_infraction(penalty.get("infraction"))
    return {"level_label": level_label(penalty.get("level")),
            "infraction_label": infraction_label(penalty.get("infraction")),
            "category": category,
            "category_label": _BY_ID[category].label if category else None,
            "severity": severity,
            "severity_label": _BY_ID[severity].label if severity else None}


# ---------------------------------------------------------------------- escalation

def rank(level: str | None) -> int:
    """The level's place on the ladder (0: caution); -1 for none of the table's."""
    canonical = canonical_level(level)
    return LADDER.index(canonical) if canonical in LADDER else -1


def step_up(level: str) -> str:
    """The next level up the ladder (Disqualification stays Disqualification)."""
    return LADDER[min(max(rank(level), 0) + 1, len(LADDER) - 1)]


def suggested_level(level: str | None, earlier_levels: Iterable[str | None]) -> str | None:
    """J-PENALTY-2: with earlier standing penalties of the same category, one step above
    the most severe of them, and never below ``level`` (the judge's); None without any."""
    ranked = [rank(lv) for lv in earlier_levels if rank(lv) >= 0]
    if not ranked:
        return None
    suggestion = step_up(LADDER[max(ranked)])
    return canonical_level(level) if rank(level) > rank(suggestion) else suggestion


def advice(penalty: Mapping[str, Any], earlier: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """A penalty with its labels and the escalation suggested for it, given the same
    person's earlier penalty entries (``status`` ``standing`` ones count): ``repeat`` (the
    category repeats), ``prior_same_category``, ``suggested_level`` and its label. The level
    itself is left as given."""
    category, _severity = split_infraction(penalty.get("infraction"))
    same = [e for e in earlier if e.get("status", "standing") == "standing"
            and category is not None and split_infraction(e.get("infraction"))[0] == category]
    suggestion = suggested_level(penalty.get("level"), [e.get("level") for e in same])
    return {**labels(penalty), **recommendation(penalty), "repeat": bool(same),
            "prior_same_category": len(same), "suggested_level": suggestion,
            "suggested_level_label": level_label(suggestion), "rule": RULE_INFRACTIONS}


def with_advice(entries: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A person's penalty history (oldest first) with each entry's labels and, for a
    category repeated, the ``suggested_level`` the escalation gave at that point."""
    out: list[dict[str, Any]] = []
    for entry in entries:
        found = advice(entry, out)
        out.append({**entry, **{k: v for k, v in found.items() if k not in ("repeat", "rule")}})
    return out


# ---------------------------------------------------------------------- recommended levels

# The level the penalty guidelines recommend for a first infraction at a competitive event
# (a Regional), by infraction id; a category without a severity reads as its Minor grade.
# The guidelines let the judge deviate (more or less severe) and say why; escalation
# (``suggested_level``) comes on top. Cheating is always a Disqualification.
# Source: the project's reading of the Play! Pokémon TCG penalty guidelines, written without the
# document at hand (the seeds and ../shared hold no penalty table): to be checked against the
# guidelines in force before an event relies on it.
RECOMMENDED: dict[str, str] = {
    "game_play_error_minor": "warning", "game_play_error_major": "double_prize",
    "game_play_error_severe": "quad_prize",
    "procedural_error_minor": "caution", "procedural_error_major": "warning",
    "procedural_error_severe": "double_prize",
    "tardiness_minor": "double_prize", "tardiness_major": "game_loss", "tardiness_severe": "match_loss",
    "unsporting_conduct_minor": "warning", "unsporting_conduct_major": "game_loss",
    "unsporting_conduct_severe": "disqualification",
    "cheating_minor": "disqualification", "cheating_major": "disqualification",
    "cheating_severe": "disqualification",
    "deck_problem_minor": "warning", "deck_problem_major": "game_loss", "deck_problem_severe": "game_loss",
    "pace_of_play_minor": "warning", "pace_of_play_major": "double_prize", "pace_of_play_severe": "game_loss",
}


def recommended_level(infraction: str | None) -> str | None:
    """J-PENALTY-2: the level the guidelines recommend for ``infraction`` (an id, graded or
    not: an ungraded category reads as Minor); None for none of the table's."""
    category, severity = split_infraction(infraction)
    if category is None:
        return None
    return RECOMMENDED.get(f"{category}_{severity or 'minor'}")


def recommendation(penalty: Mapping[str, Any]) -> dict[str, Any]:
    """``recommended_level`` and its label for a penalty's infraction, and whether the level
    given is ``above_recommended``, ``below_recommended`` or neither (None: no recommendation)."""
    recommended = recommended_level(penalty.get("infraction"))
    given = rank(penalty.get("level"))
    compared = None
    if recommended is not None and given >= 0:
        compared = "above" if given > rank(recommended) else "below" if given < rank(recommended) else "same"
    return {"recommended_level": recommended, "recommended_level_label": level_label(recommended),
            "level_given_is": compared}


# ---------------------------------------------------------------------- the reference

def reference() -> dict[str, Any]:
    """What ``GET /v1/penalties`` answers: every category, severity and level with its id
    and the guidelines' label, the ladder and the deprecated aliases."""
    return {
        "guidelines": GUIDELINES,
        "rules": {"levels": RULE_LEVELS, "infractions": RULE_INFRACTIONS},
        "categories": [c.as_dict() for c in CATEGORIES],
        "severities": [s.as_dict() for s in SEVERITY_NAMES],
        "levels": [{**lv.as_dict(), "rank": n, "reported": lv.id != "caution"}
                   for n, lv in enumerate(LEVELS)],
        "deprecated_aliases": [{"id": old, "means": new, "label": level_label(new),
                                "note": msg("Accepted in new input and stored as %(new)s; stored events that "
                                            "say it still fold as 2 Prize cards", new=new)}
                               for old, new in DEPRECATED_LEVELS.items()],
        "refused_names": [{"name": n, "why": msg("The old guidelines' one-Prize-card penalty; no level takes one "
                                                 "Prize card")}
                          for n in ONE_PRIZE_NAMES],
        "recommended": [{"infraction": infraction, "infraction_label": infraction_label(infraction),
                         "level": level, "level_label": level_label(level)}
                        for infraction, level in RECOMMENDED.items()],
        "escalation": msg("A repeat of the same category for the same person in the event suggests one level above "
                          "the most severe earlier standing penalty of that category (never below the level given); "
                          "the judge decides, the level given is stored as given."),
    }
