"""Play! Pokémon's age divisions: a player's division from their birth year and the event's date.

The divisions go by birth year, per season. A season is named by the year it ends in (its
World Championships) and begins "around mid-July" the year before; here an event from July 15
on counts in the next season. From the 2021 season on, Juniors are born in the season's year
minus 12 or later, Seniors in the four years before that, Masters earlier (2024: Juniors 2012
or later, Seniors 2008–2011, Masters 2007 or earlier). Up to the 2020 season the offset was 11
(2020: Juniors 2009+, Seniors 2005–2008, Masters 2004 or earlier); 2021 kept 2020's years and
2022 moved them by one (Juniors 2010+, Seniors 2006–2009, Masters 2005 or earlier).

Sources: Bulbapedia, "Play! Pokémon", section Age divisions (the 2019 and 2020 years, the
mid-July change, Worlds counted in the season it ends); upcomer.com, "Changes revealed for
Play! Pokémon 2022 Championship Series" (the 2022 years). The mid-July date is approximate: an
event between July 1 and mid-August may fall on either side of a real season's start, which is
why a tournament file's own division data is preferred to this rule where it has some
(``tom``).
"""

from __future__ import annotations

import datetime

from events.schemas import DIVISIONS

SEASON_START = (7, 15)            # (month, day) a season begins: "around mid-July"
SENIOR_YEARS = 4


def season_of(day: datetime.date) -> int:
    """The Play! Pokémon season ``day`` falls in, named by the year it ends in."""
    return day.year + 1 if (day.month, day.day) >= SEASON_START else day.year


def division_by_age(birth_year: int, day: datetime.date) -> str:
    """The division (``junior``, ``senior`` or ``masters``) of a player born in ``birth_year``
    at an event on ``day``."""
    season = season_of(day)
    oldest_junior = season - (12 if season >= 2021 else 11)
    if birth_year >= oldest_junior:
        return "junior"
    return "senior" if birth_year >= oldest_junior - SENIOR_YEARS else "masters"


def nearest_division(division: str, allowed: tuple[str, ...]) -> str:
    """``division`` if ``allowed`` has it, else the allowed one closest in age."""
    rank = DIVISIONS.index
    return min(allowed, key=lambda d: abs(rank(d) - rank(division)))
