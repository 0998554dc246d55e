"""Templates for the modern wordings of Energy discarded, counted and moved, and of the switches
that go with them: "Discard N Energy from this Pokémon, and <clause>." (the clause compiled as a
sentence of its own by the other templates), the Defending Pokémon's Special or typed Energy
discarded, discards per heads or tails, damage per Special Energy, per Tool or per Energy on the
opponent's Pokémon, and a switch with a Benched Pokémon of a type.

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes and
`more_damage.py`'s way of reading a table of conditions and counts. The blocks are
`effects/energy_moves.py`'s, `effects/energy_counts.py`'s and `effects/switch_moves.py`'s (their
rulings) and `effects/damage_conditions.py`'s. A type some sets' data print in lower case ("a
lightning Energy") reaches them capitalised (`base.normalise`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..effects import FlipWithChoices, SwitchDefending
from ..effects.damage_conditions import (
    SIMPLE_COUNTS,
    Condition,
    Count,
    PlusIf,
    PlusPer,
    TimesPer,
    own_energy_of,
)
from ..effects.deck_moves import MoveOwnEnergy
from ..effects.energy import DiscardOwnEnergyAfter
from ..effects.energy_counts import (
    BASIC_ON_SELF,
    DEFENDING_TOOL,
    MORE_THAN_DEFENDING,
    SPECIAL_ON_OPPONENTS,
    SPECIAL_ON_SELF,
    TOOLS_IN_PLAY,
    DamageChosenPer,
    energy_in_play_at_least,
    on_opponents,
    on_owned,
    self_energy_at_least,
)
from ..effects.energy_moves import (
    DiscardAllOwnEnergyOf,
    DiscardDefendingEnergyOf,
    DiscardPerCoin,
    DiscardSpecialFromAll,
    DiscardToolsAndSpecialFirst,
    MayDiscardAllForMore,
    MayMoveAnyEnergy,
    MoveOpponentsEnergy,
    MoveOwnBasicEnergy,
    PlusIfThenDiscardAll,
)
from ..effects.next_turn import DamageNewActive, DiscardAllOwnEnergyAfter
from ..effects.switch_moves import (
    DiscardDefendingAtEndOfNextTurn,
    DiscardNamedEnergyThenDefending,
    DiscardSelfFromPlay,
    LookAtOpponentPrize,
    MaySwitchDefending,
    MorePrizesNextTurn,
    SwitchDefendingIfSwitched,
    SwitchSelfWithType,
    TakePrize,
)
from .base import NO_WR_BENCH, TYPES, Template, count_of, template
from .lasting import _after
from .more_damage import OWNER, _union, _which

if TYPE_CHECKING:
    from ...carddb import AttackDef
    from ..effects import Effect

P = dict[str, str]
ANY_TYPE = TYPES


def _type(word: str | None) -> str | None:
    return word.capitalize() if word else None


def clause(text: str, attack: AttackDef, mark: str = "") -> list[Effect] | None:
    """A clause joined to another sentence by "and" (", and this attack does …"), compiled as
    a sentence of its own by the attack templates (its first letter capitalised) for an attack
    printed with `mark`; None when they don't read it whole."""
    from . import compile_attack  # the package imports this module
    compiled = compile_attack(replace(attack, text=text[:1].upper() + text[1:], damage_mark=mark))
    return None if compiled is None else compiled.effects


def _discard_own_then(p: P, a: AttackDef) -> list[Effect] | None:
    rest = clause(p["rest"], a)
    if rest is None:
        return None
    energy_type = _type(p["type"])
    if p["count"] == "all":
        return [DiscardAllOwnEnergyOf(energy_type) if energy_type else DiscardAllOwnEnergyAfter(), *rest]
    return [DiscardOwnEnergyAfter(count_of(p["count"]), energy_type), *rest]


def _more_if_then_discard(p: P, a: AttackDef) -> list[Effect] | None:
    head = clause(p["head"] + ".", a, "+")
    if head is None or len(head) != 1 or type(head[0]) is not PlusIf:
        return None
    return [PlusIfThenDiscardAll(head[0].condition, head[0].bonus)]


def _defending_energy(p: P, a: AttackDef) -> list[Effect] | None:
    if p["special"]:
        return [DiscardDefendingEnergyOf("special", "a Special Energy card")]
    if p["type"]:
        energy_type = _type(p["type"])
        return [DiscardDefendingEnergyOf(energy_type, f"a {energy_type} Energy card")]
    return [DiscardDefendingEnergyOf(None, "an Energy card", ex_only=True)]


def _per_coin(p: P, a: AttackDef) -> list[Effect] | None:
    side = p["side"]
    if (side == "heads") != (p["whose"] == "your opponent's Active Pokémon"):
        return None
    return [DiscardPerCoin(int(p["coins"]), side)]


# "This attack does N [more] damage for each <count>." that more_damage.py's FOR_EACH lacks
COUNTS: tuple[tuple[str, Callable[[P], Count]], ...] = (
    (r"Special Energy card attached to this Pokémon", lambda p: SPECIAL_ON_SELF),
    (r"Basic Energy attached to this Pokémon", lambda p: BASIC_ON_SELF),
    (rf"(?P<type>{ANY_TYPE}) Energy attached to all of your opponent's Pokémon",
     lambda p: on_opponents(_type(p["type"]))),
    (r"Special Energy attached to all of your opponent's Pokémon", lambda p: SPECIAL_ON_OPPONENTS),
    (r"Pokémon Tool attached to all Pokémon", lambda p: TOOLS_IN_PLAY),
    (rf"(?P<type>{ANY_TYPE}) Energy attached to all of your (?P<owner>{OWNER}) Pokémon",
     lambda p: on_owned(_type(p["type"]) or "", p["owner"])),
)
# "If <condition>, this attack does N more damage." that more_damage.py's IF_MORE lacks
CONDITIONS: tuple[tuple[str, Callable[[P], Condition]], ...] = (
    (r"your opponent's Active Pokémon has a Pokémon Tool attached", lambda p: DEFENDING_TOOL),
    (rf"this Pokémon has (?P<n>\d+) or more (?P<type>{ANY_TYPE}) Energy attached",
     lambda p: self_energy_at_least(int(p["n"]), _type(p["type"]) or "")),
    (r"this Pokémon has more Energy attached than your opponent's Active Pokémon",
     lambda p: MORE_THAN_DEFENDING),
    (r"you have (?P<n>\d+) or more Energy in play", lambda p: energy_in_play_at_least(int(p["n"]))),
)
EACH = _union(COUNTS)
IF = _union(CONDITIONS)


def _per(p: P, a: AttackDef) -> list[Effect] | None:
    build, params = _which(p["each"], COUNTS)
    if p.get("more"):
        return [PlusPer(build(params), int(p["per"]))]
    return [TimesPer(build(params))] if int(p["per"]) == a.damage else None


def _if_more(p: P, a: AttackDef) -> list[Effect] | None:
    build, params = _which(p["condition"], CONDITIONS)
    return [PlusIf(build(params), int(p["bonus"]))]


SWITCH_OUT = ("switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the new Active "
              "Pokémon.)")
SWITCH_OUT_RE = SWITCH_OUT.replace(".", r"\.").replace("(", r"\(").replace(")", r"\)")


# "If you do, …" reads only after the sentence saying what "you do" is (or alone, as listed)
_AFTER_SWITCH_SELF = _after("If you do, switch out", r"Switch this Pokémon with 1 of your Benched Pokémon\.")
_AFTER_SWITCH_OUT = _after("If you do, this attack does", "S" + SWITCH_OUT_RE[1:])


def _own_energy(p: P, a: AttackDef) -> list[Effect] | None:
    if a.damage != 0:
        return None
    energy_type = _type(p["type"])
    count = own_energy_of(energy_type) if energy_type else SIMPLE_COUNTS["own_energy"]
    return [DamageChosenPer(int(p["per"]), count)]


def _move_one(p: P, a: AttackDef) -> list[Effect] | None:
    return [MoveOwnBasicEnergy()] if p["basic"] else [MoveOwnEnergy(1, _type(p["type"]), "bench_one")]


TEMPLATES: tuple[Template, ...] = (
    template("discard_own_energy_and", "R-ENERGY-3",
             rf"Discard (?P<count>an?|\d+|all) (?:(?P<type>{ANY_TYPE}) )?Energy from this Pokémon,? and "
             rf"(?P<rest>[a-z][^.]*\.(?:{NO_WR_BENCH})?)",
             _discard_own_then,
             "Discard 2 Energy from this Pokémon, and this attack does 120 damage to 1 of your opponent's Pokémon. "
             "(Don't apply Weakness and Resistance for Benched Pokémon.)",
             "Discard all Energy from this Pokémon, and this attack does 120 damage to 1 of your opponent's "
             "Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)",
             "Discard all Fire Energy from this Pokémon, and your opponent's Active Pokémon is now Burned."),
    template("more_if_then_discard_all", "R-DAMAGE-1",
             r"(?P<head>If [^.]+?, this attack does \d+ more damage), and discard all Energy from this Pokémon\.",
             _more_if_then_discard,
             "If your opponent's Active Pokémon is an Evolution Pokémon, this attack does 140 more damage, and "
             "discard all Energy from this Pokémon.", mark="+"),
    template("discard_defending_energy_of", "R-ENERGY-3",
             rf"Discard (?:(?:a (?P<special>Special)|a (?P<type>{ANY_TYPE})) Energy from your opponent's Active "
             r"Pokémon|an Energy from your opponent's Active Pokémon ex)\.",
             _defending_energy,
             "Discard a Special Energy from your opponent's Active Pokémon.",
             "Discard a Fire Energy from your opponent's Active Pokémon.",
             "Discard an Energy from your opponent's Active Pokémon ex."),
    template("discard_energy_per_coin", "R-ENERGY-3",
             r"Flip (?P<coins>\d+) coins\. For each (?P<side>heads|tails), discard an Energy from "
             r"(?P<whose>your opponent's Active Pokémon|this Pokémon)\.",
             _per_coin,
             "Flip 2 coins. For each heads, discard an Energy from your opponent's Active Pokémon.",
             "Flip 3 coins. For each tails, discard an Energy from this Pokémon."),
    template("may_discard_all_for_more", "R-DAMAGE-1",
             r"You may discard all Energy from this Pokémon and have this attack do (?P<bonus>\d+) more damage\.",
             lambda p, a: [MayDiscardAllForMore(int(p["bonus"]))],
             "You may discard all Energy from this Pokémon and have this attack do 130 more damage.", mark="+"),
    template("switch_self_with_type", "R-RETREAT-6",
             rf"Switch this Pokémon with 1 of your Benched (?P<type>{ANY_TYPE}) Pokémon\.",
             lambda p, a: [SwitchSelfWithType(_type(p["type"]) or "")],
             "Switch this Pokémon with 1 of your Benched Lightning Pokémon.",
             "Switch this Pokémon with 1 of your Benched lightning Pokémon."),
    template("times_per_attached", "R-DAMAGE-1",
             rf"This attack does (?P<per>\d+) damage for each (?P<each>{EACH})\.", _per,
             "This attack does 30 damage for each Special Energy card attached to this Pokémon.",
             "This attack does 30 damage for each Fire Energy attached to all of your opponent's Pokémon.",
             "This attack does 30 damage for each Pokémon Tool attached to all Pokémon.", mark="×"),
    template("more_per_attached", "R-DAMAGE-1",
             rf"This attack does (?P<per>\d+) (?P<more>more )damage for each (?P<each>{EACH})\.", _per,
             "This attack does 20 more damage for each Lightning Energy attached to all of your Iono's Pokémon.",
             mark="+"),
    template("more_if_energy", "R-DAMAGE-1",
             rf"If (?P<condition>{IF}), this attack does (?P<bonus>\d+) more damage\.", _if_more,
             "If your opponent's Active Pokémon has a Pokémon Tool attached, this attack does 30 more damage.",
             "If this Pokémon has more Energy attached than your opponent's Active Pokémon, this attack does 30 "
             "more damage.", mark="+"),
    template("damage_one_per_own_energy", "R-DAMAGE-2",
             rf"This attack does (?P<per>\d+) damage to 1 of your opponent's Pokémon for each "
             rf"(?:(?P<type>{ANY_TYPE}) )?Energy attached to this Pokémon\.{NO_WR_BENCH}",
             _own_energy,
             "This attack does 20 damage to 1 of your opponent's Pokémon for each Energy attached to this Pokémon. "
             "(Don't apply Weakness and Resistance for Benched Pokémon.)",
             "This attack does 20 damage to 1 of your opponent's Pokémon for each Grass Energy attached to this "
             "Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)"),
    template("discard_special_from_all", "R-ENERGY-3",
             r"Discard all Special Energy from all of your opponent's Pokémon\.",
             lambda p, a: [DiscardSpecialFromAll()], "Discard all Special Energy from all of your opponent's Pokémon."),
    template("discard_tools_and_special_first", "R-TRAINER-4",
             r"Before doing damage, discard all Pokémon Tools and Special Energy from your opponent's Active "
             r"Pokémon\.",
             lambda p, a: [DiscardToolsAndSpecialFirst()],
             "Before doing damage, discard all Pokémon Tools and Special Energy from your opponent's Active Pokémon."),
    template("discard_self_from_play", "R-WIN-2", r"Discard this Pokémon and all attached cards\.",
             lambda p, a: [DiscardSelfFromPlay()], "Discard this Pokémon and all attached cards."),
    template("discard_named_energy_then_defending", "R-WIN-2",
             rf"Discard an? (?P<name>{OWNER} Energy) from this Pokémon\. If you do, discard your opponent's Active "
             r"Pokémon and all attached cards\.",
             lambda p, a: [DiscardNamedEnergyThenDefending(p["name"])],
             "Discard a Team Rocket's Energy from this Pokémon. If you do, discard your opponent's Active Pokémon and "
             "all attached cards."),
    template("take_prize", "R-WIN-1", r"Take a Prize card\.", lambda p, a: [TakePrize(1)], "Take a Prize card."),
    template("move_one_energy_to_bench", "R-ENERGY-3",
             rf"Move a (?:(?P<type>{TYPES})|(?P<basic>Basic)) Energy from this Pokémon to 1 of your Benched "
             r"Pokémon\.",
             _move_one,
             "Move a Water Energy from this Pokémon to 1 of your Benched Pokémon.",
             "Move a Basic Energy from this Pokémon to 1 of your Benched Pokémon."),
    template("may_move_any_energy", "R-ENERGY-3",
             rf"You may move any amount of (?:(?P<type>{TYPES}) )?Energy from your Pokémon to your other Pokémon in "
             r"any way you like\.",
             lambda p, a: [MayMoveAnyEnergy(p["type"])],
             "You may move any amount of Energy from your Pokémon to your other Pokémon in any way you like.",
             "You may move any amount of Metal Energy from your Pokémon to your other Pokémon in any way you like."),
    template("move_opponents_energy", "R-ENERGY-3",
             r"Move an Energy from 1 of your opponent's Pokémon to another of their Pokémon\.",
             lambda p, a: [MoveOpponentsEnergy()],
             "Move an Energy from 1 of your opponent's Pokémon to another of their Pokémon."),
    template("may_switch_out_defending", "R-ATTACK-2", rf"You may {SWITCH_OUT_RE}",
             lambda p, a: [MaySwitchDefending()], f"You may {SWITCH_OUT}"),
    template("flip_switch_in_defending", "R-ATTACK-2",
             r"Flip a coin\. If heads, switch in 1 of your opponent's Benched Pokémon to the Active Spot\.",
             lambda p, a: [FlipWithChoices(heads=SwitchDefending("attacker"))],
             "Flip a coin. If heads, switch in 1 of your opponent's Benched Pokémon to the Active Spot."),
    template("if_switched_switch_out_defending", "R-ATTACK-2", rf"If you do, {SWITCH_OUT_RE}",
             lambda p, a: [SwitchDefendingIfSwitched()] if _AFTER_SWITCH_SELF(p, a) else None,
             f"If you do, {SWITCH_OUT}"),
    template("if_switched_out_damage_new_active", "R-ATTACK-2",
             r"If you do, this attack does (?P<amount>\d+) damage to the new Active Pokémon\.",
             lambda p, a: [DamageNewActive(int(p["amount"]))] if _AFTER_SWITCH_OUT(p, a) else None,
             "If you do, this attack does 160 damage to the new Active Pokémon."),
    template("more_prizes_next_turn", "R-KO-2",
             r"During your next turn, if the Defending Pokémon is Knocked Out, take (?P<more>\d+) more Prize cards\.",
             lambda p, a: [MorePrizesNextTurn(int(p["more"]))],
             "During your next turn, if the Defending Pokémon is Knocked Out, take 2 more Prize cards."),
    template("look_at_opponent_prize", "R-HIDDEN-1", r"Look at 1 of your opponent's face-down Prize cards\.",
             lambda p, a: [LookAtOpponentPrize()], "Look at 1 of your opponent's face-down Prize cards."),
    template("discard_defending_at_end_of_next_turn", "R-WIN-2",
             r"At the end of your opponent's next turn, discard the Defending Pokémon and all attached cards\.",
             lambda p, a: [DiscardDefendingAtEndOfNextTurn()],
             "At the end of your opponent's next turn, discard the Defending Pokémon and all attached cards."),
)
