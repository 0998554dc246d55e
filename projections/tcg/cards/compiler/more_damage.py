"""Templates for the conditional and counted damage wordings ("If …, this attack does N more
damage.", "This attack does N damage for each …", "N less damage for each …") and the coin
wordings that add damage per heads.

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`, after `templates.py`'s; shares `base.py`'s
shapes. Each wording is the attack's damage mark (`templates.py`): "N more damage" is the
printed "+", "N damage for each …" the printed "×" (its N must be the printed number), and "N
less damage for each …" the printed "-" (a mark `compile_attack` does not pair: the words alone
say what the attack does). The conditions and counts a wording names are tables (`IF_MORE`,
`FOR_EACH`): a regular expression of the printed words and the vocabulary's question or number
(`cards/effects/damage_conditions.py`, whose rulings they take).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..effects import CoinsPerOwnEnergy, MinusPerOwnCounter, PlusPerHeads, TimesEnergy
from ..effects.damage_conditions import (
    POKEMON_V_TAGS,
    SIMPLE_CONDITIONS,
    SIMPLE_COUNTS,
    Condition,
    Count,
    DiscardForDamage,
    DiscardStadiumAfter,
    DiscardTopForDamage,
    MayDiscardStadiumForMore,
    MinusPer,
    NotFirstTurnIfSecond,
    PlusIf,
    PlusIfAllHeads,
    PlusPer,
    PlusUntilTails,
    RevealHandCount,
    TimesHeadsPer,
    TimesPer,
    attached_energy,
    basic_energy_in_discard,
    counters_on_benched_of_type,
    defending_resistance,
    defending_retreat_at_least,
    defending_stage,
    defending_tagged,
    defending_type,
    energy_on_all_own,
    extra_energy,
    hand_cards,
    has_condition,
    in_discard_with_attack,
    in_play_with_attack,
    named_in_discard,
    opponent_hand_at_most,
    opponent_prizes_at_most,
    own_benched_of_type,
    own_benched_with_energy,
    own_energy_in_play,
    own_energy_of,
    own_in_play_of_type,
    own_prizes_exactly,
    owned_in_play,
    self_energy_named,
    self_energy_of,
    typed_in_discard,
)
from .base import CONDITION, CONDITIONS, OPPONENT_ACTIVE, TYPES, Template, template

if TYPE_CHECKING:
    from ...carddb import AttackDef
    from ...state import State
    from ..effects import Effect

P = dict[str, str]
# An attack's name as printed between "the" and "attack" (United Wings, Round).
ATTACK_NAME = r"[A-Z][A-Za-z'\-]*(?: [A-Z][A-Za-z'\-]*)*"
# A Trainer whose Pokémon carry their name ("Team Rocket's", "N's", "Cynthia's")
OWNER = r"[A-Z][a-z]*(?: [A-Z][a-z]+)?'s"


def _conditions(p: P) -> tuple[str, ...]:
    return tuple(CONDITIONS[c] for c in (p["c1"], p.get("c2")) if c)


def _simple(key: str) -> Callable[[P], Condition]:
    return lambda p: SIMPLE_CONDITIONS[key]


# "If <condition>, this attack does N more damage.": (regex of <condition>, its question)
IF_MORE: tuple[tuple[str, Callable[[P], Condition]], ...] = (
    (rf"{OPPONENT_ACTIVE} is a Pokémon ex or Pokémon V",
     lambda p: defending_tagged(frozenset({"ex"}) | POKEMON_V_TAGS, "a Pokémon ex or Pokémon V")),
    (rf"{OPPONENT_ACTIVE} is a Pokémon ex", lambda p: defending_tagged(frozenset({"ex"}), "a Pokémon ex")),
    (rf"{OPPONENT_ACTIVE} is an Evolution Pokémon",
     lambda p: defending_stage(("Stage 1", "Stage 2"), "an Evolution Pokémon")),
    (rf"{OPPONENT_ACTIVE} is a Stage (?P<stage>[12]) Pokémon",
     lambda p: defending_stage((f"Stage {p['stage']}",), f"a Stage {p['stage']} Pokémon")),
    (rf"{OPPONENT_ACTIVE} is an? (?P<type>{TYPES}) Pokémon", lambda p: defending_type(p["type"])),
    (rf"{OPPONENT_ACTIVE} is affected by a Special Condition", _simple("special_condition")),
    (rf"{OPPONENT_ACTIVE} is (?P<c1>{CONDITION})(?: or (?P<c2>{CONDITION}))?",
     lambda p: has_condition("defending", _conditions(p))),
    (rf"{OPPONENT_ACTIVE} has (?P<type>{TYPES}) Resistance", lambda p: defending_resistance(p["type"])),
    (r"this Pokémon has any damage counters on it", _simple("self_damaged")),
    (r"this Pokémon has no damage counters on it", _simple("self_undamaged")),
    (rf"this Pokémon has any (?P<type>{TYPES}) Energy attached", lambda p: self_energy_of(p["type"])),
    (r"this Pokémon has any Special Energy attached", _simple("self_special_energy")),
    (r"this Pokémon has a Pokémon Tool attached", _simple("self_tool")),
    (rf"this Pokémon is (?P<c1>{CONDITION})(?: or (?P<c2>{CONDITION}))?",
     lambda p: has_condition("self", _conditions(p))),
    (r"this Pokémon has at least (?P<n>\d+) extra Energy attached \(in addition to this attack's cost\)",
     lambda p: extra_energy(int(p["n"]))),
    (r"a Stadium is in play", _simple("stadium")),
    (r"you have a Stadium in play", _simple("own_stadium")),
    (r"your opponent has (?P<n>\d+) or fewer Prize cards remaining", lambda p: opponent_prizes_at_most(int(p["n"]))),
    (r"you have exactly (?P<n>\d+) Prize cards? remaining", lambda p: own_prizes_exactly(int(p["n"]))),
    (r"you have more Prize cards remaining than your opponent", _simple("more_prizes")),
    (r"your Benched Pokémon have any damage counters on them", _simple("bench_damaged")),
    (r"your opponent has (?P<n>\d+) or fewer cards in their hand", lambda p: opponent_hand_at_most(int(p["n"]))),
    (r"you have the same number of cards in your hand as your opponent", _simple("same_hand")),
    (r"you played a Supporter card from your hand during this turn", _simple("supporter_played")),
    (rf"you have at least (?P<n>\d+) (?P<type>{TYPES}) Energy in play",
     lambda p: own_energy_in_play(int(p["n"]), p["type"])),
    (rf"you have (?P<n>\d+) or more Basic (?P<type>{TYPES}) Energy cards in your discard pile",
     lambda p: basic_energy_in_discard(int(p["n"]), p["type"])),
    (r"this Pokémon and your opponent's Active Pokémon have the same amount of Energy attached",
     _simple("same_energy")),
    (r"the Retreat Cost of your opponent's Active Pokémon is (?P<cost>(?:Colorless)+) or more",
     lambda p: defending_retreat_at_least(p["cost"].count("Colorless"))),
    (r"this Pokémon has any (?P<name>Team Rocket's Energy) attached", lambda p: self_energy_named(p["name"])),
)


def _count(key: str) -> Callable[[P], Count]:
    return lambda p: SIMPLE_COUNTS[key]


# "… damage for each <count>.": (regex of <count>, its number)
FOR_EACH: tuple[tuple[str, Callable[[P], Count]], ...] = (
    (r"of your opponent's Benched Pokémon", _count("opponent_bench")),
    (rf"of your Benched (?P<type>{TYPES}) Pokémon", lambda p: own_benched_of_type(p["type"])),
    (rf"of your Benched Pokémon that has any (?P<type>{TYPES}) Energy attached",
     lambda p: own_benched_with_energy(p["type"])),
    (r"of your Benched Pokémon", _count("own_bench")),
    (r"Benched Pokémon (?:\(both yours and your opponent's\)|<i>\(both yours and your opponent's\)</i>)",
     _count("both_benches")),
    (rf"of your Pokémon in play that has the (?P<attack>{ATTACK_NAME}) attack",
     lambda p: in_play_with_attack(p["attack"])),
    (r"of your Pokémon in play", _count("own_in_play")),
    (r"Energy attached to this Pokémon", _count("own_energy")),
    (rf"(?P<type>{TYPES}) Energy attached to this Pokémon", lambda p: own_energy_of(p["type"])),
    (r"Energy attached to both Active Pokémon", _count("both_actives_energy")),
    (r"Energy attached to all of your opponent's Pokémon", _count("opponent_energy")),
    (r"Energy attached to your opponent's Active Pokémon", _count("defending_energy")),
    (rf"(?P<type>{TYPES}) Energy attached to all of your Pokémon", lambda p: energy_on_all_own(p["type"])),
    (r"Prize card your opponent has taken", _count("prizes_taken_by_opponent")),
    (r"Prize card you have taken", _count("prizes_taken")),
    (r"damage counter on your opponent's Active Pokémon", _count("defending_counters")),
    (r"damage counter on this Pokémon", _count("own_counters")),
    (rf"damage counter on all of your Benched (?P<type>{TYPES}) Pokémon",
     lambda p: counters_on_benched_of_type(p["type"])),
    (rf"Pokémon in your discard pile that has the (?P<attack>{ATTACK_NAME}) attack",
     lambda p: in_discard_with_attack(p["attack"])),
    (rf"(?P<type>{TYPES}) Pokémon in your discard pile", lambda p: typed_in_discard(p["type"])),
    (r"Pokémon Tool attached to all of your Pokémon", _count("own_tools")),
    (r"card in your opponent's hand", _count("opponent_hand")),
    (r"card in your hand", _count("own_hand")),
    (r"Special Condition affecting your opponent's Active Pokémon", _count("defending_conditions")),
    (r"Basic Energy card in your opponent's discard pile", _count("opponent_basic_energy_discard")),
    (r"Colorless in your opponent's Active Pokémon's Retreat Cost", _count("defending_retreat")),
    (r"of your opponent's Pokémon in play that has an Ability", _count("opponent_with_ability")),
    (r"different type of Pokémon on your Bench", _count("bench_types")),
    (rf"of your (?P<owner>{OWNER}) Pokémon in play", lambda p: owned_in_play(p["owner"])),
    (r"(?P<name>Ethan's Adventure) card in your discard pile", lambda p: named_in_discard(p["name"])),
    (r"Energy card in your discard pile", _count("own_energy_discard")),
    (r"Ancient card in your discard pile", _count("own_ancient_discard")),
    (r"Supporter card that has \"Team Rocket\" in its name in your discard pile",
     _count("own_rocket_supporter_discard")),
)
# "Flip a coin for each <count>. This attack does N damage for each heads." (every Energy on this
# Pokémon: `CoinsPerOwnEnergy`, its own template)
COIN_EACH: tuple[tuple[str, Callable[[P], Count]], ...] = (
    (rf"(?P<type>{TYPES}) Energy attached to this Pokémon", lambda p: own_energy_of(p["type"])),
    (rf"(?P<type>{TYPES}) Pokémon you have in play", lambda p: own_in_play_of_type(p["type"])),
    (r"Energy attached to both Active Pokémon", _count("both_actives_energy")),
)


def _union(table: tuple[tuple[str, Callable[[P], Any]], ...]) -> str:
    """The entries' regexes as one alternative (their named groups unnamed: `_which` reads them)."""
    return "|".join(f"(?:{re.sub(r'[(][?]P<[a-z0-9_]+>', '(?:', regex)})" for regex, _ in table)


EACH = _union(FOR_EACH)


def _which(text: str, table: tuple[tuple[str, Callable[[P], Any]], ...]) -> tuple[Callable[[P], Any], P]:
    """The entry of `table` whose regex matches the whole `text`, and its parameters."""
    for regex, build in table:
        m = re.fullmatch(regex, text)
        if m is not None:
            return build, m.groupdict()
    raise AssertionError(f"no entry reads {text!r}")      # the template's regex is the entries' union


def _if_more(p: P, attack: AttackDef) -> list[Effect] | None:
    build, params = _which(p["condition"], IF_MORE)
    return [PlusIf(build(params), int(p["bonus"]))]


def _more_per(p: P, attack: AttackDef) -> list[Effect] | None:
    build, params = _which(p["each"], FOR_EACH)
    return [PlusPer(build(params), int(p["per"]))]


def _times_per(p: P, attack: AttackDef) -> list[Effect] | None:
    if int(p["per"]) != attack.damage:
        return None
    build, params = _which(p["each"], FOR_EACH)
    count = build(params)
    return [TimesEnergy() if count is SIMPLE_COUNTS["own_energy"] else TimesPer(count)]


def _less_per(p: P, attack: AttackDef) -> list[Effect] | None:
    build, params = _which(p["each"], FOR_EACH)
    count = build(params)
    if count is SIMPLE_COUNTS["own_counters"]:
        return [MinusPerOwnCounter(int(p["per"]))]
    return [MinusPer(count, int(p["per"]))]


def _heads_times_energy(p: P, attack: AttackDef) -> list[Effect] | None:
    return [CoinsPerOwnEnergy()] if int(p["per"]) == attack.damage else None


CONDITION_TEXT = _union(IF_MORE)
# "Discard up to N / all / any number of <cards> from this Pokémon / your hand. This attack does N
# [more] damage for each card you discarded in this way." ({more}: "" for the "×", "more " for the "+")
_DISCARD = ("(?:You may discard|Discard) (?P<how>up to (?P<most>\\d+)|all|any number of|any amount of) "
            f"(?P<what>(?P<basic>Basic )?(?:(?P<type>{TYPES}) )?Energy(?: cards)?|Pokémon Tool cards) "
            "from (?P<where>this Pokémon|your hand|(?:among )?your Pokémon|your Benched Pokémon)"
            "(?:\\. This|, and this) attack does (?P<per>\\d+) "
            "(?P<more>{more})damage for each card you discarded in this way\\.")
COINS_FOR = _union(COIN_EACH)
# "Discard the top card / N cards of your / each player's deck. This attack does N [more] damage
# for each <Energy card | Basic T Energy card> (that you) discarded in this way."
_DISCARD_TOP = ("Discard the top (?:card|(?P<count>\\d+) cards) of (?P<whose>your|each player's) deck"
                "(?:\\. This|, and this) attack does (?P<per>\\d+) (?P<more>{more})damage for each "
                f"(?:Energy card|Basic (?P<type>{TYPES}) Energy card) (?:that you )?discarded in this way\\.")


def _discard_for_damage(p: P, attack: AttackDef) -> list[Effect] | None:
    """The discard wordings (`DiscardForDamage`): Energy from this Pokémon (any, or of a type),
    from your (Benched) Pokémon (any, Basic, or of a type), Basic Energy or Pokémon Tool cards
    from the hand; "all" only of this Pokémon's Energy."""
    more = bool(p["more"])
    if not more and int(p["per"]) != attack.damage:
        return None
    energy_type = (p["type"] or "").capitalize() or None
    energy = p["what"].endswith(("Energy", "Energy cards"))
    where = {"this Pokémon": "self", "your hand": "hand", "your Pokémon": "pokemon", "among your Pokémon": "pokemon",
             "your Benched Pokémon": "bench"}[p["where"]]
    if p["how"] == "all" and where != "self":
        return None
    if where == "self" and energy and not p["basic"]:
        cards = attached_energy(energy_type)
    elif where in ("pokemon", "bench") and energy:
        cards = attached_energy(energy_type, where, basic=bool(p["basic"]))
    elif where == "hand" and p["basic"]:
        cards = hand_cards("basic_energy", energy_type)
    elif where == "hand" and not energy:
        cards = hand_cards("tool")
    else:
        return None
    most = int(p["most"]) if p["most"] else None
    return [DiscardForDamage(cards, most, int(p["per"]), more, every=p["how"] == "all")]


def _discard_top(p: P, attack: AttackDef) -> list[Effect] | None:
    more = bool(p["more"])
    if not more and int(p["per"]) != attack.damage:
        return None
    energy_type = p["type"]
    if energy_type:
        def fits(state: State, inst: str) -> bool:
            c = state.card_of(inst)
            return c.is_basic_energy and energy_type in c.provides
        what = f"Basic {energy_type} Energy card"
    else:
        def fits(state: State, inst: str) -> bool:
            return state.card_of(inst).supertype == "Energy"
        what = "Energy card"
    return [DiscardTopForDamage(int(p["count"] or 1), p["whose"] == "each player's", fits, what, int(p["per"]), more)]


def _coins_times(p: P, attack: AttackDef) -> list[Effect] | None:
    if int(p["per"]) != attack.damage:
        return None
    build, params = _which(p["each"], COIN_EACH)
    return [TimesHeadsPer(build(params))]

TEMPLATES: tuple[Template, ...] = (
    template("more_if_stadium_then_discard", "R-DAMAGE-1",
             r"If a Stadium is in play, this attack does (?P<bonus>\d+) more damage\. Then, discard that Stadium\.",
             lambda p, a: [PlusIf(SIMPLE_CONDITIONS["stadium"], int(p["bonus"])), DiscardStadiumAfter()],
             "If a Stadium is in play, this attack does 30 more damage. Then, discard that Stadium.", mark="+"),
    template("more_if", "R-DAMAGE-1",
             rf"If (?P<condition>{CONDITION_TEXT}), this attack does (?P<bonus>\d+) more damage\.", _if_more,
             "If your opponent's Active Pokémon is a Pokémon ex or Pokémon V, this attack does 30 more damage.",
             "If your opponent's Active Pokémon is a Pokémon ex, this attack does 30 more damage.",
             "If this Pokémon has any damage counters on it, this attack does 30 more damage.",
             "If your opponent's Active Pokémon is Burned or Poisoned, this attack does 30 more damage.",
             "If you played a Supporter card from your hand during this turn, this attack does 30 more damage.",
             mark="+"),
    template("more_per", "R-DAMAGE-1", rf"This attack does (?P<per>\d+) more damage for each (?P<each>{EACH})\.",
             _more_per,
             "This attack does 30 more damage for each of your opponent's Benched Pokémon.",
             "This attack does 30 more damage for each Energy attached to both Active Pokémon.",
             "This attack does 30 more damage for each Benched Pokémon (both yours and your opponent's).",
             mark="+"),
    template("times_per", "R-DAMAGE-1", rf"This attack does (?P<per>\d+) damage for each (?P<each>{EACH})\.",
             _times_per,
             "This attack does 30 damage for each Energy attached to this Pokémon.",
             "This attack does 30 damage for each Pokémon in your discard pile that has the United Wings attack.",
             "This attack does 30 damage for each of your Pokémon in play that has the Round attack.",
             mark="×"),
    template("less_per", "R-DAMAGE-1", rf"This attack does (?P<per>\d+) less damage for each (?P<each>{EACH})\.",
             _less_per, "This attack does 10 less damage for each damage counter on this Pokémon."),
    template("flip_until_tails_more", "R-DAMAGE-1",
             r"Flip a coin until you get tails\. This attack does (?P<per>\d+) more damage for each heads\.",
             lambda p, a: [PlusUntilTails(int(p["per"]))],
             "Flip a coin until you get tails. This attack does 30 more damage for each heads.", mark="+"),
    template("coins_more", "R-DAMAGE-1",
             r"Flip (?P<coins>\d+) coins\. This attack does (?P<per>\d+) more damage for each heads\.",
             lambda p, a: [PlusPerHeads(int(p["coins"]), int(p["per"]))],
             "Flip 2 coins. This attack does 30 more damage for each heads.", mark="+"),
    template("coins_all_heads_more", "R-DAMAGE-1",
             r"Flip (?P<coins>\d+) coins\. If (?:both|all) of them are heads, this attack does (?P<bonus>\d+) more "
             r"damage\.",
             lambda p, a: [PlusIfAllHeads(int(p["coins"]), int(p["bonus"]))],
             "Flip 2 coins. If both of them are heads, this attack does 30 more damage.", mark="+"),
    template("coins_per_own_energy_times", "R-DAMAGE-1",
             r"Flip a coin for each Energy attached to this Pokémon\. This attack does (?P<per>\d+) damage for each "
             r"heads\.", _heads_times_energy,
             "Flip a coin for each Energy attached to this Pokémon. This attack does 30 damage for each heads.",
             mark="×"),
    template("coins_per_count_times", "R-DAMAGE-1",
             rf"Flip a coin for each (?P<each>{COINS_FOR})\. This attack does (?P<per>\d+) damage for each heads\.",
             _coins_times,
             "Flip a coin for each Darkness Pokémon you have in play. This attack does 30 damage for each heads.",
             "Flip a coin for each Fire Energy attached to this Pokémon. This attack does 30 damage for each heads.",
             mark="×"),
    template("discard_for_damage", "R-DAMAGE-1", _DISCARD.format(more=""), _discard_for_damage,
             "Discard up to 2 Energy cards from this Pokémon, and this attack does 30 damage for each card you "
             "discarded in this way.",
             "Discard all Lightning Energy from this Pokémon. This attack does 30 damage for each card you discarded "
             "in this way.",
             "Discard up to 3 Basic Water Energy cards from your hand. This attack does 30 damage for each card you "
             "discarded in this way.",
             "Discard any number of Pokémon Tool cards from your hand. This attack does 30 damage for each card you "
             "discarded in this way.",
             "You may discard any amount of Water Energy from your Pokémon. This attack does 30 damage for each card "
             "you discarded in this way.",
             "Discard any amount of Fire Energy from among your Pokémon, and this attack does 30 damage for each card "
             "you discarded in this way.",
             mark="×"),
    template("discard_for_more_damage", "R-DAMAGE-1", _DISCARD.format(more="more "), _discard_for_damage,
             "You may discard up to 2 Lightning Energy from this Pokémon. This attack does 30 more damage for each "
             "card you discarded in this way.",
             "You may discard up to 2 Basic Energy from your Benched Pokémon. This attack does 30 more damage for each "
             "card you discarded in this way.", mark="+"),
    template("may_discard_stadium_more", "R-DAMAGE-1",
             r"You may discard a Stadium in play\. If you do, this attack does (?P<bonus>\d+) more damage\.",
             lambda p, a: [MayDiscardStadiumForMore(int(p["bonus"]))],
             "You may discard a Stadium in play. If you do, this attack does 30 more damage.", mark="+"),
    template("reveal_hand_times", "R-DAMAGE-1",
             r"Your opponent reveals their hand(?:\. This|, and this) attack does (?P<per>\d+) damage for each "
             r"(?P<kind>Trainer|Energy) card you find there\.",
             lambda p, a: [RevealHandCount(p["kind"])] if int(p["per"]) == a.damage else None,
             "Your opponent reveals their hand. This attack does 30 damage for each Trainer card you find there.",
             "Your opponent reveals their hand, and this attack does 30 damage for each Energy card you find there.",
             mark="×"),
    template("discard_top_for_damage", "R-DAMAGE-1", _DISCARD_TOP.format(more=""), _discard_top,
             "Discard the top 6 cards of your deck, and this attack does 30 damage for each Basic Water Energy card "
             "that you discarded in this way.", mark="×"),
    template("discard_top_for_more_damage", "R-DAMAGE-1", _DISCARD_TOP.format(more="more "), _discard_top,
             "Discard the top card of each player's deck. This attack does 30 more damage for each Energy card "
             "discarded in this way.", mark="+"),
    template("not_first_turn_if_second", "R-ATTACK-1",
             r"If you go second, you can't use this attack during your first turn\.",
             lambda p, a: [NotFirstTurnIfSecond()],
             "If you go second, you can't use this attack during your first turn."),
)
