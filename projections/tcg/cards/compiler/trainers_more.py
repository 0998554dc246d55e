"""More Trainer templates (issue 45): wordings of the 2026 Standard Trainers that the first list
(`trainers.py`) does not read, over the blocks of `effects/trainer_more.py` and the vocabulary.
`trainers.TEMPLATES` ends with these.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rulesets import get_ruleset
from ..effects.trainer_more import BenchedCounters, BenchSizeWhileTagged
from .trainers import _TAGS, TrainerTemplate, _type_word, trainer_template

if TYPE_CHECKING:
    from ...carddb import CardDef

def _benched_counters(p: dict[str, str], card: CardDef) -> Any:
    spared = _type_word(p["type"]) if p["type"] else None
    if p["type"] and spared is None:
        return None
    return BenchedCounters(int(p["n"]), spared)


def _bench_size(p: dict[str, str], card: CardDef) -> Any:
    # "until they have 5": the rules' own Bench size, which the text goes back to
    usual = get_ruleset("modern").bench_size
    if int(p["back"]) != usual or int(p["again"]) != usual or int(p["n"]) <= usual:
        return None
    return BenchSizeWhileTagged(_TAGS[p["tag"]], p["tag"], int(p["n"]))


TEMPLATES: tuple[TrainerTemplate, ...] = (
    trainer_template("trainer_stadium_benched_counters", "R-BENCH-2",
                     r"Whenever any player puts a Basic (?:non-(?P<type>[A-Za-z]+) )?Pokémon onto their Bench during "
                     r"their turn, place (?P<n>\d+) damage counters on that Pokémon\.", _benched_counters,
                     "Whenever any player puts a Basic non-Darkness Pokémon onto their Bench during their turn, place "
                     "2 damage counters on that Pokémon."),
    trainer_template("trainer_stadium_bench_size", "R-BENCH-1",
                     r"Each player who has any (?P<tag>Tera|Ancient|Future) Pokémon in play can have up to (?P<n>\d+) "
                     r"Pokémon on their Bench\. If a player no longer has any (?P=tag) Pokémon in play, that player "
                     r"discards Pokémon from their Bench until they have (?P<back>\d+)\. When this card leaves play, "
                     r"both players discard Pokémon from their Bench until they have (?P<again>\d+), and the player "
                     r"who played this card discards first\.", _bench_size,
                     "Each player who has any Tera Pokémon in play can have up to 8 Pokémon on their Bench. If a "
                     "player no longer has any Tera Pokémon in play, that player discards Pokémon from their Bench "
                     "until they have 5. When this card leaves play, both players discard Pokémon from their Bench "
                     "until they have 5, and the player who played this card discards first."),
)
