"""Templates for the damage an attack does to Pokémon it names or lets its player choose — "N
damage to 2 of your opponent's Pokémon", "to each of your opponent's Pokémon ex", "each Benched
Pokémon (both yours and your opponent's)" —, the Knock Outs its effect does ("Knock Out 1 of
your opponent's Pokémon that has exactly 6 damage counters on it", "the least HP remaining")
and the damage counters it puts on several Pokémon. Blocks in `cards/effects/spread.py` (with
their rulings); each template reads the Pokémon it names from the sentence (`_which`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..effects.coins import Flip, FlipWithChoices
from ..effects.damage import SelfDamage
from ..effects.damage_conditions import POKEMON_V_TAGS
from ..effects.spread import (
    BothActivesKnockedOut,
    CountersChosen,
    CountersEach,
    DamageChosen,
    DamageEach,
    Fits,
    FlipAll,
    KnockOutChosen,
    KnockOutDefending,
    KnockOutLeastHp,
    Which,
    basic,
    damaged,
    exact_counters,
    tagged,
    with_ability,
)
from .base import NO_WR_BENCH, Template, template

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
    if also != bool(attack.damage) or (also and (p["ignores"] or not p["bench"])):
        return None
    return [DamageChosen(int(p["amount"]), int(p["count"]), _which(p), also=also, ignores=_ignores(p))]


def _each(p: dict[str, str], attack: AttackDef) -> list[Effect] | None:
    also = bool(p["also"])
    if also != bool(attack.damage) or (also and p["ignores"]) or bool(p["both"]) == bool(p["whose"]):
        return None
    which = _which(p, "both" if p["both"] else None)
    return [DamageEach(int(p["amount"]), which, also=also, ignores=_ignores(p), except_self=bool(p["except"]))]


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

TEMPLATES: tuple[Template, ...] = (
    template("damage_chosen", "R-DAMAGE-2",
             rf"This attack (?P<also>also )?does (?P<amount>\d+) damage to (?:each of )?(?P<count>\d+) of {OPPONENTS}"
             rf"(?P<quality>{QUALITY})?\.{TAIL}",
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
             rf"(?P<except>, except for this Pokémon)?\.{TAIL}",
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
             r"If your opponent's Active Pokémon is a Basic Pokémon, it is Knocked Out\.",
             lambda p, a: None if a.damage else [KnockOutDefending(basic, "is a Basic Pokémon")],
             "If your opponent's Active Pokémon is a Basic Pokémon, it is Knocked Out."),
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
             lambda p, a: [CountersEach(None, Which())],
             "Double the number of damage counters on each of your opponent's Pokémon."),
    template("counters_chosen", "R-DAMAGE-3",
             r"(?:(?:Place|Put) (?P<counters>\d+) damage counters? on (?P<count>\d+) of your opponent's Pokémon|"
             r"Choose (?P<count2>\d+) of your opponent's Pokémon and put (?P<counters2>\d+) damage counters on each "
             r"of them)\.",
             lambda p, a: [CountersChosen(int(p["counters"] or p["counters2"]), int(p["count"] or p["count2"]),
                                          Which())],
             "Place 1 damage counter on 1 of your opponent's Pokémon.",
             "Choose 2 of your opponent's Pokémon and put 3 damage counters on each of them."),
)
