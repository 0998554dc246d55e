"""The three rule eras as one table of parameters (RULES.md, "Rulesets").

The engine reads these values; there is no copy of the engine per era.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Ruleset:
    name: str
    seeds: tuple[str, ...]
    mulligan_extra_per_mulligan: int       # R-SETUP-2: extra cards the opponent may draw
    mulligan_extra_after_setup: bool       # modern: the extra cards are drawn after setup
    first_player_draws_turn_1: bool        # R-TURN-1
    first_player_attacks_turn_1: bool      # R-ATTACK-5
    first_player_supporter_turn_1: bool    # R-TRAINER-2
    evolution_blocked_first_turn_each: bool  # R-EVOLVE-3: modern blocks each player's first turn
    retreats_per_turn: int | None          # None = unlimited (R-RETREAT-5)
    confused_attack_self_damage: int       # R-STATUS-3, tails
    confused_self_damage_is_counters: bool  # base-1999: damage with Weakness/Resistance
    confused_retreat_flip: bool            # R-RETREAT-4
    burn_exists: bool                      # R-STATUS-6
    # R-STATUS-6 between turns: "flip_then_counters" (tails: 2 counters) or
    # "counters_then_flip" (2 counters, then heads recovers); None where there is no Burn
    burn_checkup: str | None
    baby_flip: bool                        # R-ATTACK-4
    supporters_per_turn: int | None
    stadiums_per_turn: int | None
    prizes: int
    weakness_multiplier: int
    resistance_amount: int | None          # None = as printed
    power_kind: str
    # R-SETUP-6: modern: the coin flip comes first and its winner chooses who goes first
    # (before the opening hands); the older eras: after setup, the flip's winner goes first.
    flip_winner_chooses_first: bool = False
    # modern: the seats that lost a Pokémon to an attack's damage are kept into the next turn
    # ("Knocked Out by damage from an attack during your opponent's last turn"); the older eras'
    # cards never ask, so their states stay as they were.
    records_attack_knock_outs: bool = False
    # modern: the Pokémon moved from the Bench to the Active Spot and those healed are kept for
    # the turn ("If this Pokémon moved from your Bench to the Active Spot this turn", "was healed
    # during this turn", core.note_this_turn); the older eras' cards never ask.
    records_moves_and_heals: bool = False
    deck_size: int = 60
    max_copies: int = 4
    bench_size: int = 5
    # R-BENCH-1: the most Pokémon a Bench may hold with any card of the era's pool in play (modern: a
    # Stadium may allow 8); a position with more is refused before its effects are read.
    bench_size_most: int = 5
    # R-DECK-5: the sets a deck may hold cards of (the era's), unless a format says otherwise.
    sets: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


RULESETS: dict[str, Ruleset] = {
    "base-1999": Ruleset(
        name="base-1999", seeds=("000", "001 (first half)"),
        mulligan_extra_per_mulligan=2, mulligan_extra_after_setup=False,
        first_player_draws_turn_1=True, first_player_attacks_turn_1=True,
        first_player_supporter_turn_1=False, evolution_blocked_first_turn_each=False,
        retreats_per_turn=None, confused_attack_self_damage=20,
        confused_self_damage_is_counters=False, confused_retreat_flip=True,
        burn_exists=False, burn_checkup=None, baby_flip=False, supporters_per_turn=None,
        stadiums_per_turn=None,
        prizes=6, weakness_multiplier=2, resistance_amount=30, power_kind="Pokémon Power",
        sets=("base1", "base2", "base3")),
    "ex-2005": Ruleset(
        name="ex-2005", seeds=("002", "003"),
        mulligan_extra_per_mulligan=1, mulligan_extra_after_setup=False,
        first_player_draws_turn_1=False, first_player_attacks_turn_1=True,
        first_player_supporter_turn_1=False, evolution_blocked_first_turn_each=False,
        retreats_per_turn=1, confused_attack_self_damage=30,
        confused_self_damage_is_counters=True, confused_retreat_flip=False,
        burn_exists=True, burn_checkup="flip_then_counters", baby_flip=True, supporters_per_turn=1,
        stadiums_per_turn=1,
        prizes=6, weakness_multiplier=2, resistance_amount=30, power_kind="Poké-Power",
        sets=("ex1", "ex2", "ex3")),
    "modern": Ruleset(
        name="modern", seeds=("001 (glossary)",),
        mulligan_extra_per_mulligan=1, mulligan_extra_after_setup=True,
        first_player_draws_turn_1=True, first_player_attacks_turn_1=False,
        first_player_supporter_turn_1=False, evolution_blocked_first_turn_each=True,
        retreats_per_turn=1, confused_attack_self_damage=30,
        confused_self_damage_is_counters=True, confused_retreat_flip=False,
        burn_exists=True, burn_checkup="counters_then_flip", baby_flip=False, supporters_per_turn=1,
        stadiums_per_turn=1,
        prizes=6, weakness_multiplier=2, resistance_amount=None, power_kind="Ability",
        flip_winner_chooses_first=True,
        records_attack_knock_outs=True,
        records_moves_and_heals=True,
        bench_size_most=8,
        sets=("sv1", "sv2", "sv3", "sv3pt5", "sv4", "sv4pt5", "sv5", "sv6", "sv6pt5", "sv7", "svp", "sve",
              "sv8", "sv8pt5", "sv9", "sv10", "zsv10pt5", "rsv10pt5", "me1", "me2", "me2pt5", "mep")),
}


# How strictly a deck is held to its ruleset's sets (R-DECK-5): "era" admits the ruleset's
# own sets; "unlimited" every set the referee plays (a judge testing a cross-era ruling);
# "standard" the modern Standard format in force on the match's or event's day: its regulation
# marks (a reprint's mark counting for an older print of the same card), basic Energy, less its
# ban list — data by date in projections/tcg/formats/standard.json. Only Scarlet & Violet cards
# carry a mark, so a base-1999 or ex-2005 deck is never standard.
FORMATS = ("era", "unlimited", "standard", "rs-dr")

# Formats named after the sets they admit, each for its ruleset: "rs-dr" is the EX-era
# format of the tournaments played with Ruby & Sapphire through Dragon (ex1–ex3).
SET_FORMATS: dict[str, tuple[str, tuple[str, ...]]] = {"rs-dr": ("ex-2005", ("ex1", "ex2", "ex3"))}


def get_ruleset(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(RULESETS)}") from None
