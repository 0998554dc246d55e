"""Templates for the damage an attack does to Pokémon it names or lets its player choose — "N
damage to 2 of your opponent's Pokémon", "to each of your opponent's Pokémon ex", "each Benched
Pokémon (both yours and your opponent's)" —, the Knock Outs its effect does ("Knock Out 1 of
your opponent's Pokémon that has exactly 6 damage counters on it", "the least HP remaining")
and the damage counters it puts on several Pokémon. Blocks in `cards/effects/spread.py` (with
their rulings); each template reads the Pokémon it names from the sentence (`_which`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..effects.coins import Flip, FlipWithChoices
from ..effects.damage import SelfDamage
from ..effects.damage_conditions import POKEMON_V_TAGS, Condition, Count, PlusIf, PlusPer, TimesPer
from ..effects.spread import (
    SAME_TYPE,
    BaseIfDefending,
    BothActivesKnockedOut,
    CountersChosen,
    CountersEach,
    CountersOnSelfForDamage,
    DamageChosen,
    DamageEach,
    Fits,
    FlipAll,
    KnockOutChosen,
    KnockOutDefending,
    KnockOutLeastHp,
    MayMoreWithSelfDamage,
    MoveAllCounters,
    SelfDamagePerCounter,
    TimesOpponentTails,
    Which,
    all_of,
    all_present,
    any_of,
    at_least,
    basic,
    counters_of,
    counters_on,
    damaged,
    exact_counters,
    how_many,
    name_has,
    named,
    of_type,
    owned,
    per_hand_card,
    remaining_hp_at_most,
    special_energy,
    stage_of,
    tagged,
    until_remaining,
    with_ability,
)
from .base import NO_WR_BENCH, TYPES, Build, Template, template
from .more_damage import OWNER

if TYPE_CHECKING:
    from ...carddb import AttackDef
    from ..effects import Effect

WHOSE: dict[str | None, str] = {"your opponent's": "opponent", "your": "own", None: "opponent"}
# The qualities a wording gives the Pokémon it names, as printed after "Pokémon".
QUALITIES: dict[str, tuple[Fits | None, str]] = {
    " that has any damage counters on it": (damaged, " with damage counters"),
    " that have any damage counters on them": (damaged, " with damage counters"),
    " ex or Benched Pokémon V": (tagged(frozenset({"ex"}) | POKEMON_V_TAGS), " ex or V"),
    " ex and Pokémon V": (tagged(frozenset({"ex"}) | POKEMON_V_TAGS), " ex or V"),
    " ex": (tagged(frozenset({"ex"})), " ex"),
    " that has an Ability": (with_ability, " with an Ability"),
}
QUALITY = "|".join(QUALITIES)
# "This attack's damage isn't affected by ..." after a spread: what it ignores.
SPREAD_IGNORES = {"Weakness or Resistance": ("weakness", "resistance"),
                  "Weakness or Resistance, or by any effects on those Pokémon":
                      ("weakness", "resistance", "defender_effects"),
                  "Weakness or Resistance, or by any effects on that Pokémon":
                      ("weakness", "resistance", "defender_effects")}
TAIL = (rf"(?:{NO_WR_BENCH}| This attack's damage isn't affected by (?P<ignores>"
        + "|".join(SPREAD_IGNORES) + r")\.)")


def _which(p: dict[str, str], whose: str | None = None) -> Which:
    """The Pokémon the sentence names: its `whose`, "Benched" and quality groups."""
    fits, words = QUALITIES.get(p.get("quality") or "", (None, ""))
    return Which(whose or WHOSE[p.get("whose")], bool(p.get("bench")), fits, words)


def _ignores(p: dict[str, str]) -> tuple[str, ...]:
    return SPREAD_IGNORES[p["ignores"]] if p.get("ignores") else ()


def _chosen(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    also = bool(p["also"])
    if also != bool(attack.damage) or (also and (p["ignores"] or not p["bench"])) or \
            (p["per_counter"] and not p["bench"]):
        return None
    return [DamageChosen(int(p["amount"]), int(p["count"]), _which(p), also=also, ignores=_ignores(p),
                         per_counter=bool(p["per_counter"]))]


def _each(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    also = bool(p["also"])
    if also != bool(attack.damage) or (also and p["ignores"]) or bool(p["both"]) == bool(p["whose"]) or \
            (p["per_prize"] and not (also and p["bench"])):
        return None
    which = _which(p, "both" if p["both"] else None)
    return [DamageEach(int(p["amount"]), which, also=also, ignores=_ignores(p), except_self=bool(p["except"]),
                       per_prize_taken=bool(p["per_prize"]))]


def _ko_defending(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    if attack.damage:
        return None
    if p["exact"]:
        return [KnockOutDefending(exact_counters(int(p["exact"])), f"has exactly {p['exact']} damage counters")]
    least = int(p["least"])
    return [KnockOutDefending(lambda state, d: d.damage >= 10 * least, f"has {least} or more damage counters")]


def _coins_ko(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    coins = 1 if p["coins"] == "a coin" else int(p["coins"].split()[0])
    needs = {"heads": 1, "both of them are heads": 2}.get(p["when"], 0)
    if attack.damage or (needs and needs != coins) or (not needs and coins < 3):
        return None
    ko: Effect = (KnockOutChosen(int(p["count"]), Which()) if p["count"] else KnockOutDefending())
    if coins == 1:
        return [FlipWithChoices(heads=ko) if p["count"] else Flip(heads=ko)]
    return [FlipAll(coins, [ko])]


OPPONENTS = r"(?P<whose>your opponent's|your) (?P<bench>Benched )?Pokémon"
# The templates whose attacks print no damage (their wordings say all the damage they do), but
# for the "also does" wordings.
PRINTED_BLANK = frozenset({"damage_chosen", "damage_each", "ko_defending_counters", "ko_defending_basic", "ko_chosen",
                           "flip_ko_basic", "coins_ko", "ko_least_hp", "ko_both_actives", "self_damage_only"})

def _times(count: Callable[[dict[str, str]], Count]) -> Build:
    """"This attack does N damage for each …" (the printed "×"): N must be the printed number."""
    return lambda p, a: [TimesPer(count(p))] if int(p["per"]) == a.damage else None


# Source of "Move all damage counters from 1 of your Benched <which> to ...": Pokémon, Team
# Rocket's Pokémon, Ancient Pokémon.
def _benched_source(p: dict[str, str]) -> Which:
    if p["owner"]:
        return Which("own", True, owned(p["owner"]), f" ({p['owner']})")
    if p["ancient"]:
        return Which("own", True, tagged(frozenset({"ancient"})), " (Ancient)")
    return Which("own", True)


# A kind of Pokémon as printed: "Stage 2 Pokémon", "Stage 1 Lightning Pokémon", "Tera Pokémon",
# "Ancient Pokémon", "Pokémon ex and Pokémon V" (read by `_kind`).
KIND = (rf"(?P<kind>(?:(?P<stage>Basic|Stage [12]|Evolution) )?(?:(?P<type>{TYPES}) )?"
        r"(?:(?P<tag>Tera|Ancient|Future) )?Pokémon(?P<exv> ex and Pokémon V)?)")
STAGES = {"Basic": ("Basic",), "Stage 1": ("Stage 1",), "Stage 2": ("Stage 2",), "Evolution": ("Stage 1", "Stage 2")}


def _kind(p: dict[str, str], whose: str, bench: bool) -> Which:
    fits: list[Fits] = []
    if p["stage"]:
        fits.append(stage_of(*STAGES[p["stage"]]))
    if p["type"]:
        fits.append(of_type(p["type"]))
    if p["tag"]:
        fits.append(tagged(frozenset({p["tag"].lower()})))
    if p["exv"]:
        fits.append(tagged(frozenset({"ex"}) | POKEMON_V_TAGS))
    return Which(whose, bench, all_of(*fits) if fits else None, f" ({p['kind']})" if fits else "")


def _on_bench(p: dict[str, str]) -> Condition:
    """"If Durant is on your Bench", "If Beldum and Metang are on your Bench", "If a Pokémon that
    has "Nidoking" in its name is on your Bench"."""
    if p["has"]:
        return any_of(Which("own", True, name_has(p["has"]), f" with {p['has']} in its name"))
    return all_present(*(Which("own", True, named(n), f" named {n}") for n in (p["n1"], p["n2"]) if n))


TEMPLATES: tuple[Template, ...] = (
    template("damage_chosen", "R-DAMAGE-2",
             rf"This attack (?P<also>also )?does (?P<amount>\d+) damage to (?:each of )?(?P<count>\d+) of {OPPONENTS}"
             rf"(?P<quality>{QUALITY})?(?P<per_counter> for each damage counter on that Pokémon)?\.{TAIL}",
             _chosen,
             "This attack does 50 damage to 2 of your opponent's Pokémon. This attack's damage isn't affected by "
             "Weakness or Resistance, or by any effects on those Pokémon.",
             "This attack does 60 damage to each of 2 of your opponent's Pokémon. (Don't apply Weakness and "
             "Resistance for Benched Pokémon.)",
             "This attack also does 30 damage to 1 of your opponent's Benched Pokémon that has any damage counters "
             "on it. (Don't apply Weakness and Resistance for Benched Pokémon.)",
             "This attack also does 30 damage to 1 of your Benched Pokémon. (Don't apply Weakness and Resistance "
             "for Benched Pokémon.)"),
    template("damage_each", "R-DAMAGE-2",
             r"This attack (?P<also>also )?does (?P<amount>\d+) damage to each (?:of (?P<whose>your opponent's) )?"
             rf"(?P<bench>Benched )?Pokémon(?P<quality>{QUALITY})?(?P<both> \(both yours and your opponent's\))?"
             rf"(?P<except>, except for this Pokémon)?(?P<per_prize> for each Prize card your opponent has taken)?"
             rf"\.{TAIL}",
             _each,
             "This attack does 10 damage to each of your opponent's Pokémon. (Don't apply Weakness and Resistance "
             "for Benched Pokémon.)",
             "This attack does 60 damage to each of your opponent's Pokémon ex. This attack's damage isn't "
             "affected by Weakness or Resistance.",
             "This attack also does 10 damage to each Benched Pokémon (both yours and your opponent's). (Don't "
             "apply Weakness and Resistance for Benched Pokémon.)",
             "This attack does 30 damage to each Pokémon that has any damage counters on it (both yours and your "
             "opponent's), except for this Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)"),
    template("ko_defending_counters", "R-KO-1",
             r"If your opponent's Active Pokémon has (?:exactly (?P<exact>\d+)|(?P<least>\d+) or more) damage "
             r"counters on it, that Pokémon is Knocked Out\.",
             _ko_defending,
             "If your opponent's Active Pokémon has exactly 6 damage counters on it, that Pokémon is Knocked Out.",
             "If your opponent's Active Pokémon has 4 or more damage counters on it, that Pokémon is Knocked Out."),
    template("ko_defending_basic", "R-KO-1",
             r"If your opponent's Active Pokémon (?P<what>is a Basic Pokémon|has any Special Energy attached), it is "
             r"Knocked Out\.",
             lambda p, a: None if a.damage else [
                 KnockOutDefending(basic if p["what"] == "is a Basic Pokémon" else special_energy, p["what"])],
             "If your opponent's Active Pokémon is a Basic Pokémon, it is Knocked Out.",
             "If your opponent's Active Pokémon has any Special Energy attached, it is Knocked Out."),
    template("ko_chosen", "R-KO-1",
             r"Knock Out (?P<count>\d+) of your opponent's Pokémon that has exactly (?P<exact>\d+) damage counters "
             r"on it\.",
             lambda p, a: None if a.damage else [
                 KnockOutChosen(int(p["count"]), Which(fits=exact_counters(int(p["exact"])),
                                                       words=f" with exactly {p['exact']} damage counters"))],
             "Knock Out 1 of your opponent's Pokémon that has exactly 6 damage counters on it."),
    template("flip_ko_basic", "R-KO-1",
             r"Flip a coin\. If heads, Knock Out your opponent's Active Basic Pokémon\. If tails, Knock Out "
             r"(?P<count>\d+) of your opponent's Benched Basic Pokémon\.",
             lambda p, a: None if a.damage else [FlipWithChoices(
                 heads=KnockOutDefending(basic, "is a Basic Pokémon"),
                 tails=KnockOutChosen(int(p["count"]), Which(bench=True, fits=basic, words=" (Basic)")))],
             "Flip a coin. If heads, Knock Out your opponent's Active Basic Pokémon. If tails, Knock Out 1 of your "
             "opponent's Benched Basic Pokémon."),
    template("coins_ko", "R-KO-1",
             r"Flip (?P<coins>a coin|\d+ coins)\. If (?P<when>heads|both of them are heads|all of them are heads), "
             r"(?:your opponent's Active Pokémon is Knocked Out|Knock Out (?P<count>\d+) of your opponent's "
             r"Pokémon)\.",
             _coins_ko,
             "Flip a coin. If heads, your opponent's Active Pokémon is Knocked Out.",
             "Flip 2 coins. If both of them are heads, your opponent's Active Pokémon is Knocked Out.",
             "Flip 3 coins. If all of them are heads, Knock Out 1 of your opponent's Pokémon."),
    template("ko_least_hp", "R-KO-1",
             r"Choose a Pokémon in play \(yours or your opponent's\) that has the least HP remaining, except for "
             r"this Pokémon, and it is Knocked Out\.",
             lambda p, a: None if a.damage else [KnockOutLeastHp()],
             "Choose a Pokémon in play (yours or your opponent's) that has the least HP remaining, except for this "
             "Pokémon, and it is Knocked Out."),
    template("ko_both_actives", "R-KO-1", r"Both Active Pokémon are Knocked Out\.",
             lambda p, a: None if a.damage else [BothActivesKnockedOut()], "Both Active Pokémon are Knocked Out."),
    # "does N damage to itself" without "also": an attack printed without damage (its first sentence).
    template("self_damage_only", "R-DAMAGE-2", r"This Pokémon does (?P<amount>\d+) damage to itself\.",
             lambda p, a: None if a.damage else [SelfDamage(int(p["amount"]))],
             "This Pokémon does 100 damage to itself."),
    template("counters_each", "R-DAMAGE-3",
             r"Put (?P<counters>\d+) damage counters? on each (?:of (?P<whose>your opponent's) )?Pokémon"
             r"(?P<quality> that has any damage counters on it| that has an Ability)?"
             r"(?P<both> \(both yours and your opponent's\))?\.",
             lambda p, a: None if bool(p["both"]) == bool(p["whose"]) else [
                 CountersEach(int(p["counters"]), _which(p, "both" if p["both"] else None))],
             "Put 2 damage counters on each of your opponent's Pokémon.",
             "Put 3 damage counters on each of your opponent's Pokémon that has any damage counters on it.",
             "Put 2 damage counters on each Pokémon that has an Ability (both yours and your opponent's)."),
    template("double_counters", "R-DAMAGE-3",
             r"Double the number of damage counters on each of your opponent's Pokémon\.",
             lambda p, a: [CountersEach(counters_of, Which(), "double the damage counters")],
             "Double the number of damage counters on each of your opponent's Pokémon."),
    template("counters_chosen", "R-DAMAGE-3",
             r"(?:(?:Place|Put) (?P<counters>\d+) damage counters? on (?P<count>\d+) of your opponent's Pokémon|"
             r"Choose (?P<count2>\d+) of your opponent's Pokémon and put (?P<counters2>\d+) damage counters on each "
             r"of them)\.",
             lambda p, a: [CountersChosen(int(p["counters"] or p["counters2"]), int(p["count"] or p["count2"]),
                                          Which())],
             "Place 1 damage counter on 1 of your opponent's Pokémon.",
             "Choose 2 of your opponent's Pokémon and put 3 damage counters on each of them."),
    template("move_all_counters", "R-DAMAGE-3",
             rf"Move all damage counters from 1 of your Benched (?:(?P<owner>{OWNER}) |(?P<ancient>Ancient) )?Pokémon "
             r"to (?:(?P<one>1) of your opponent's Pokémon|your opponent's Active Pokémon)\.",
             lambda p, a: [MoveAllCounters(_benched_source(p), to_active=not p["one"])],
             "Move all damage counters from 1 of your Benched Pokémon to 1 of your opponent's Pokémon.",
             "Move all damage counters from 1 of your Benched Team Rocket's Pokémon to your opponent's Active "
             "Pokémon.",
             "Move all damage counters from 1 of your Benched Ancient Pokémon to your opponent's Active Pokémon."),
    template("may_more_self_damage", "R-DAMAGE-1",
             r"You may do (?P<bonus>\d+) more damage\. If you do, this Pokémon also does (?P<amount>\d+) damage to "
             r"itself\.",
             lambda p, a: [MayMoreWithSelfDamage(int(p["bonus"]), int(p["amount"]))],
             "You may do 120 more damage. If you do, this Pokémon also does 50 damage to itself.", mark="+"),
    template("self_damage_per_counter", "R-DAMAGE-2",
             r"This Pokémon also does (?P<per>\d+) damage to itself for each damage counter on it\.",
             lambda p, a: [SelfDamagePerCounter(int(p["per"]))],
             "This Pokémon also does 10 damage to itself for each damage counter on it."),
    template("coins_tails_self_damage", "R-DAMAGE-2",
             r"Flip 2 coins\. If both of them are tails, this Pokémon also does (?P<amount>\d+) damage to itself\.",
             lambda p, a: [FlipAll(2, [SelfDamage(int(p["amount"]))], tails=True)],
             "Flip 2 coins. If both of them are tails, this Pokémon also does 90 damage to itself."),
    template("base_if_defending_damaged", "R-DAMAGE-1",
             r"If your opponent's Active Pokémon already has any damage counters on it, this attack's base damage "
             r"is (?P<base>\d+)\.",
             lambda p, a: [BaseIfDefending(damaged, "has any damage counters on it", int(p["base"]))]
             if a.damage else None,
             "If your opponent's Active Pokémon already has any damage counters on it, this attack's base damage is "
             "30."),
    template("times_counters_on_owned_bench", "R-DAMAGE-1",
             rf"This attack does (?P<per>\d+) damage for each damage counter on all of your Benched (?P<owner>{OWNER}) "
             r"Pokémon\.",
             _times(lambda p: counters_on(Which("own", True, owned(p["owner"]), f" ({p['owner']})"))),
             "This attack does 30 damage for each damage counter on all of your Benched Cynthia's Pokémon.",
             mark="×"),
    template("times_damaged_own", "R-DAMAGE-1",
             r"This attack does (?P<per>\d+) damage for each of your Pokémon that has "
             r"(?:\"(?P<name>[A-Z][a-z]+)\" in its name that has )?any damage counters on it\.",
             _times(lambda p: how_many(Which("own", fits=all_of(damaged, name_has(p["name"])) if p["name"]
                                             else damaged, words=" with damage counters"))),
             "This attack does 30 damage for each of your Pokémon that has any damage counters on it.",
             "This attack does 30 damage for each of your Pokémon that has \"Tauros\" in its name that has any "
             "damage counters on it.", mark="×"),
    template("times_named_in_play", "R-DAMAGE-1",
             r"This attack does (?P<per>\d+) damage for each Pokémon in play that has \"(?P<first>[A-Z][a-z]+)\" or "
             r"\"(?P<second>[A-Z][a-z]+)\" in its name \(both yours and your opponent's\)\.",
             _times(lambda p: how_many(Which("both", fits=name_has(p["first"], p["second"]),
                                             words=f" named {p['first']} or {p['second']}"))),
             "This attack does 30 damage for each Pokémon in play that has \"Koffing\" or \"Weezing\" in its name "
             "(both yours and your opponent's).", mark="×"),
    template("more_per_opponent_counter", "R-DAMAGE-1",
             r"This attack does (?P<per>\d+) more damage for each damage counter on all of your opponent's Pokémon\.",
             lambda p, a: [PlusPer(counters_on(Which()), int(p["per"]))],
             "This attack does 10 more damage for each damage counter on all of your opponent's Pokémon.", mark="+"),
    template("more_if_benched_named_damaged", "R-DAMAGE-1",
             r"If any of your Benched (?P<name>[A-Z][a-z]+) have any damage counters on them, this attack does "
             r"(?P<bonus>\d+) more damage\.",
             lambda p, a: [PlusIf(any_of(Which("own", True, all_of(named(p["name"]), damaged),
                                               f" named {p['name']} with damage counters")), int(p["bonus"]))],
             "If any of your Benched Pancham have any damage counters on them, this attack does 80 more damage.",
             mark="+"),
    template("more_if_remaining_hp", "R-DAMAGE-1",
             r"If this Pokémon's remaining HP is (?P<hp>\d+) or less, this attack does (?P<bonus>\d+) more damage\.",
             lambda p, a: [PlusIf(remaining_hp_at_most(int(p["hp"])), int(p["bonus"]))],
             "If this Pokémon's remaining HP is 30 or less, this attack does 120 more damage.", mark="+"),
    template("times_kind_in_play", "R-DAMAGE-1",
             rf"This attack does (?P<per>\d+) damage for each of (?P<whose>your|your opponent's) {KIND} in play\.",
             _times(lambda p: how_many(_kind(p, WHOSE[p["whose"]], False))),
             "This attack does 30 damage for each of your Grass Pokémon in play.",
             "This attack does 30 damage for each of your Stage 2 Pokémon in play.",
             "This attack does 30 damage for each of your opponent's Pokémon ex and Pokémon V in play.", mark="×"),
    template("more_per_kind", "R-DAMAGE-1",
             rf"This attack does (?P<per>\d+) more damage for each (?:{KIND} on your Bench|of your Benched "
             r"(?P<name>[A-Z][a-z]+)|of your (?P<evolution>Evolution) Pokémon in play)\.",
             lambda p, a: [PlusPer(how_many(
                 Which("own", True, named(p["name"]), f" named {p['name']}") if p["name"] else
                 Which("own", False, stage_of("Stage 1", "Stage 2"), " (Evolution)") if p["evolution"] else
                 _kind(p, "own", True)), int(p["per"]))],
             "This attack does 30 more damage for each Stage 2 Pokémon on your Bench.",
             "This attack does 30 more damage for each of your Benched Charjabug.",
             "This attack does 30 more damage for each of your Evolution Pokémon in play.", mark="+"),
    template("more_if_kind_in_play", "R-DAMAGE-1",
             rf"If (?P<who>you have any|your opponent has any) {KIND} (?P<where>on your Bench|in play), this attack "
             r"does (?P<bonus>\d+) more damage\.",
             lambda p, a: None if (p["who"] == "you have any") != (p["where"] == "on your Bench") else [PlusIf(
                 any_of(_kind(p, "own", True) if p["who"] == "you have any" else _kind(p, "opponent", False)),
                 int(p["bonus"]))],
             "If you have any Metal Pokémon on your Bench, this attack does 30 more damage.",
             "If you have any Tera Pokémon on your Bench, this attack does 30 more damage.",
             "If your opponent has any Future Pokémon in play, this attack does 30 more damage.", mark="+"),
    template("more_if_named_on_bench", "R-DAMAGE-1",
             r"If (?:(?P<n1>[A-Z][a-z]+)(?: and (?P<n2>[A-Z][a-z]+) are| is)|a Pokémon that has "
             r"\"(?P<has>[A-Z][a-z]+)\" in its name is) on your Bench, this attack does (?P<bonus>\d+) more damage\.",
             lambda p, a: [PlusIf(_on_bench(p), int(p["bonus"]))],
             "If Durant is on your Bench, this attack does 30 more damage.",
             "If Beldum and Metang are on your Bench, this attack does 30 more damage.",
             "If a Pokémon that has \"Nidoking\" in its name is on your Bench, this attack does 30 more damage.",
             mark="+"),
    template("more_if_opponent_bench", "R-DAMAGE-1",
             r"If your opponent has (?P<n>\d+) or more Benched Pokémon, this attack does (?P<bonus>\d+) more "
             r"damage\.",
             lambda p, a: [PlusIf(at_least(how_many(Which(bench=True)), int(p["n"])), int(p["bonus"]))],
             "If your opponent has 4 or more Benched Pokémon, this attack does 30 more damage.", mark="+"),
    template("more_if_same_type", "R-DAMAGE-1",
             r"If any of your Pokémon in play are the same type as any of your opponent's Pokémon in play, this "
             r"attack does (?P<bonus>\d+) more damage\.",
             lambda p, a: [PlusIf(SAME_TYPE, int(p["bonus"]))],
             "If any of your Pokémon in play are the same type as any of your opponent's Pokémon in play, this "
             "attack does 30 more damage.", mark="+"),
    template("counters_on_self_for_damage", "R-DAMAGE-3",
             r"Put up to (?P<most>\d+) damage counters on this Pokémon\. This attack does (?P<per>\d+) damage for "
             r"each damage counter you placed in this way\.",
             lambda p, a: [CountersOnSelfForDamage(int(p["most"]))] if int(p["per"]) == a.damage else None,
             "Put up to 4 damage counters on this Pokémon. This attack does 30 damage for each damage counter you "
             "placed in this way.", mark="×"),
    template("times_opponent_tails", "R-DAMAGE-1",
             r"Your opponent flips a coin for each of their Benched Pokémon\. This attack does (?P<per>\d+) damage "
             r"to your opponent's Active Pokémon for each tails\.",
             lambda p, a: [TimesOpponentTails()] if int(p["per"]) == a.damage else None,
             "Your opponent flips a coin for each of their Benched Pokémon. This attack does 30 damage to your "
             "opponent's Active Pokémon for each tails.", mark="×"),
    template("counters_until_remaining_hp", "R-DAMAGE-3",
             r"Put damage counters on (?:(?P<active>your opponent's Active Pokémon)|each of your opponent's Benched "
             r"Pokémon) until its remaining HP is (?P<hp>\d+)\.",
             lambda p, a: [CountersEach(until_remaining(int(p["hp"])), Which(bench=not p["active"],
                                                                             active=bool(p["active"])),
                                        f"put damage counters until the remaining HP is {p['hp']}")],
             "Put damage counters on your opponent's Active Pokémon until its remaining HP is 10.",
             "Put damage counters on each of your opponent's Benched Pokémon until its remaining HP is 100."),
    template("counters_per_hand_card", "R-DAMAGE-3",
             r"Place (?P<per>\d+) damage counters? on your opponent's Active Pokémon for each card in your hand\.",
             lambda p, a: [CountersEach(per_hand_card(int(p["per"])), Which(active=True),
                                        f"put {p['per']} damage counters for each card in your hand")],
             "Place 2 damage counters on your opponent's Active Pokémon for each card in your hand."),
)
