"""Templates over conditions of the turn and of the board and what lasts or heals: "If this
Pokémon moved from your Bench to the Active Spot this turn / was healed during this turn, this
attack does N more damage.", "If <condition>, this attack does nothing." (the conditions a table,
`DOES_NOTHING`), "This Pokémon can't use X again until it leaves the Active Spot.", the heals
("Heal N damage from 1 of your … Pokémon.", "… from each of your Basic Pokémon.", "Heal from this
Pokémon the same amount of damage you did …", "This Pokémon is now Asleep. Heal N damage from
it."), and Special Conditions on a condition or three at once.

Added to `ATTACK_TEMPLATES` in `compiler/__init__.py`; shares `base.py`'s shapes and
`more_damage.py`'s way of reading a table of conditions. The rulings are the blocks'
(`cards/effects/turn_conditions.py`).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..effects import (
    DiscardDefendingEnergy,
    DiscardOwnEnergyAfter,
    Flip,
    FlipWithChoices,
    HealDamageDone,
    HealSelf,
    Inflict,
    InflictSelf,
)
from ..effects.damage_conditions import SIMPLE_CONDITIONS, Condition, PlusIf, defending_tagged, has_condition
from ..effects.deck_moves import DiscardTopOfDeck
from ..effects.next_turn import DefendingCantAttackNextTurn, PlaceCounters
from ..effects.turn_conditions import (
    HEALED_THIS_TURN,
    MOVED_TO_ACTIVE_THIS_TURN,
    CantUseUntilLeavesActive,
    CoinsTimesThenInflict,
    CountersUntilHp,
    DiscardOpponentStadiumThenLock,
    DiscardStadiumOrNothing,
    DoesNothingIf,
    DoIf,
    FewEnergyCantAttackNextTurn,
    Fits,
    HeadsMoreAndHeal,
    HealChosenOwn,
    HealEachFitting,
    InflictChosen,
    InflictIf,
    MayDiscardToInflict,
    OnlyFirstTurnGoingSecond,
    OpponentCantPlayNextTurn,
    OwnPokemonCantAttackNextTurn,
    PreventDamageFromTagNextTurn,
    evolved_from_this_turn,
    negated,
    supporter_played,
)
from .base import CONDITION, CONDITIONS, OPPONENT_ACTIVE, TYPES, Template, count_of, template
from .lasting import _after
from .more_damage import CONDITION_TEXT, IF_MORE, _union, _which

if TYPE_CHECKING:
    from ...carddb import AttackDef, CardDef
    from ..effects import Effect

P = dict[str, str]


def _hand_not_exactly(n: int) -> Condition:
    return Condition(f"you don't have exactly {n} cards in your hand", lambda a: len(a.me.hand) != n)


def _bench_at_most(n: int) -> Condition:
    return Condition(f"you have {n} or fewer Benched Pokémon", lambda a: len(a.me.bench) <= n)


def _opponent_prizes_not(counts: tuple[int, ...]) -> Condition:
    return Condition(f"the opponent doesn't have exactly {' or '.join(map(str, counts))} Prize cards left",
                     lambda a: len(a.them.prizes) not in counts)


def _missing_on_bench(names: tuple[str, ...]) -> Condition:
    return Condition(f"you don't have {' and '.join(names)} on your Bench",
                     lambda a: not all(any(a.state.card_of(p.top).name == n for p in a.me.bench) for n in names))


UNDAMAGED_DEFENDER = Condition("the opponent's Active Pokémon has no damage counters on it",
                               lambda a: a.defender is not None and a.defender.damage == 0)

# "If <condition>, this attack does nothing.": (regex of <condition>, the question that cancels it)
DOES_NOTHING: tuple[tuple[str, Callable[[P], Condition]], ...] = (
    (r"there is no Stadium in play", lambda p: negated(SIMPLE_CONDITIONS["stadium"])),
    (r"you don't have exactly (?P<n>\d+) cards in your hand", lambda p: _hand_not_exactly(int(p["n"]))),
    (r"you don't have the same number of cards in your hand as your opponent",
     lambda p: negated(SIMPLE_CONDITIONS["same_hand"])),
    (r"you have (?P<n>\d+) or fewer Benched Pokémon", lambda p: _bench_at_most(int(p["n"]))),
    (r"your opponent doesn't have exactly (?P<a>\d+) or (?P<b>\d+) Prize cards remaining",
     lambda p: _opponent_prizes_not((int(p["a"]), int(p["b"])))),
    (rf"{OPPONENT_ACTIVE} isn't (?P<c>{CONDITION})",
     lambda p: negated(has_condition("defending", (CONDITIONS[p["c"]],)))),
    (rf"{OPPONENT_ACTIVE} isn't a Pokémon ex",
     lambda p: negated(defending_tagged(frozenset({"ex"}), "a Pokémon ex"))),
    (rf"{OPPONENT_ACTIVE} has no damage counters on it before this attack does damage",
     lambda p: UNDAMAGED_DEFENDER),
    (r"you don't have (?P<a>[A-Z][a-z]+) and (?P<b>[A-Z][a-z]+) on your Bench",
     lambda p: _missing_on_bench((p["a"], p["b"]))),
)


def _does_nothing(p: P, attack: AttackDef) -> list[Effect] | None:
    build, params = _which(p["condition"], DOES_NOTHING)
    return [DoesNothingIf(build(params))]


def _cant_use_again(p: P, attack: AttackDef) -> list[Effect] | None:
    return [CantUseUntilLeavesActive(p["attack"])] if p["attack"] == attack.name else None


def _heal_chosen(p: P, attack: AttackDef) -> list[Effect] | None:
    if p["amount"] is not None and int(p["amount"]) % 10:
        return None
    fits = Fits(benched=bool(p["benched"]), energy_type=p["type"].capitalize() if p["type"] else None,
                tag="ancient" if p["ancient"] else None)
    return [HealChosenOwn(int(p["amount"]) if p["amount"] else None, fits)]


def _heal_each(p: P, attack: AttackDef) -> list[Effect] | None:
    amount = int(p["amount"])
    if amount % 10:
        return None
    fits = Fits(basic=True) if p["which"] == "Basic" else Fits(benched=True)
    return [HealEachFitting(amount, fits)]


def _heal_it(p: P, attack: AttackDef) -> list[Effect] | None:
    """"Heal N damage from it." only right after "This Pokémon is now <Condition>." (its "it"; or
    alone, as its wording is listed, as `lasting._after` reads such a sentence)."""
    amount = int(p["amount"])
    after_condition = _after(f"Heal {amount} damage from it.", rf"This Pokémon is now (?:{CONDITION})\.")
    if amount % 10 or not after_condition(p, attack):
        return None
    return [HealSelf(amount // 10)]


_SUPPORTERS: dict[str, Callable[[CardDef], bool]] = {
    "an Ancient Supporter card": lambda c: "ancient" in c.tags,
    "a Future Supporter card": lambda c: "future" in c.tags,
    'a Supporter card that has "Team Rocket" in its name': lambda c: "Team Rocket" in c.name,
}
_MOVED, _HEALED = "moved from your Bench to the Active Spot this turn", "was healed during this turn"
_THIS_TURN = (rf"this Pokémon (?P<what>{_MOVED}|{_HEALED}|evolved from (?P<name>[A-Z][^,.]*?) during this turn)|"
              rf"you played (?P<supporter>{'|'.join(_SUPPORTERS)}) from your hand during this turn")


def _this_turn(p: P) -> Condition:
    if p["supporter"]:
        return supporter_played(p["supporter"], _SUPPORTERS[p["supporter"]])
    if p["name"]:
        return evolved_from_this_turn(p["name"])
    return MOVED_TO_ACTIVE_THIS_TURN if p["what"] == _MOVED else HEALED_THIS_TURN


def _condition_if(p: P, attack: AttackDef) -> list[Effect] | None:
    """"If <condition>, your opponent's Active Pokémon (it) is now <C>.": "it" only after a
    condition on the opponent's Active Pokémon."""
    if p["it"] == "it" and not re.match(OPPONENT_ACTIVE, p["condition"]):
        return None
    build, params = _which(p["condition"], IF_MORE)
    return [InflictIf(build(params), CONDITIONS[p["c"]])]


def _counters_on_benched_if(p: P, attack: AttackDef) -> list[Effect] | None:
    build, params = _which(p["condition"], IF_MORE)
    return [DoIf(build(params), PlaceCounters(int(p["counters"]), "one_benched"))]


def _counters_until(p: P, attack: AttackDef) -> list[Effect] | None:
    where = "active" if p["active"] else "one" if p["one"] else "each_benched"
    return [CountersUntilHp(int(p["left"]), where)]


def _coins_then_condition(p: P, attack: AttackDef) -> list[Effect] | None:
    if int(p["per"]) != attack.damage:
        return None
    coins, condition = int(p["coins"]), CONDITIONS[p["c"]]
    if p["least"]:
        return [CoinsTimesThenInflict(coins, condition, least=int(p["least"]))]
    if p["when"].startswith("both of them are tails"):
        return [CoinsTimesThenInflict(coins, condition, least=0, most=0)] if coins == 2 else None
    return [CoinsTimesThenInflict(coins, condition)] if coins == 2 else None


def _heads_tails(p: P, attack: AttackDef) -> list[Effect] | None:
    return [Flip(heads=[Inflict(CONDITIONS[p[k]]) for k in ("h1", "h2") if p[k]],
                 tails=[Inflict(CONDITIONS[p[k]]) for k in ("t1", "t2") if p[k]])]


_AFTER_DISCARD_TOP = _after("If you played", r"Discard the top card of your opponent's deck\.")


def _more_discarded(p: P, attack: AttackDef) -> list[Effect] | None:
    if not _AFTER_DISCARD_TOP(p, attack):
        return None
    supporter = supporter_played(p["supporter"], _SUPPORTERS[p["supporter"]])
    return [DoIf(supporter, DiscardTopOfDeck(int(p["more"]), "opponent"))]


_CONDITIONS_2 = rf"(?P<{{0}}1>{CONDITION})(?: and (?P<{{0}}2>{CONDITION}))?"

# Read before every other module's templates: their opening sentence is a wording another template
# reads alone ("Flip 2 coins. This attack does N damage for each heads.", "Flip a coin. If heads, …
# is now X.", "Discard a Stadium in play."), which would leave the rest unread.
FIRST: tuple[Template, ...] = (
    template("discard_stadium_or_nothing", "R-ATTACK-3",
             r"Discard a Stadium in play\. If you can't, this attack does nothing\.",
             lambda p, a: [DiscardStadiumOrNothing()],
             "Discard a Stadium in play. If you can't, this attack does nothing."),
    template("coins_times_then_condition", "R-STATUS-1",
             rf"Flip (?P<coins>\d+) coins\. This attack does (?P<per>\d+) damage for each heads\. If (?P<when>either "
             rf"of them is heads|both of them are tails|at least (?P<least>\d+) of them are heads), {OPPONENT_ACTIVE} "
             rf"is now (?P<c>{CONDITION})\.", _coins_then_condition,
             "Flip 2 coins. This attack does 30 damage for each heads. If either of them is heads, your opponent's "
             "Active Pokémon is now Paralyzed.",
             "Flip 2 coins. This attack does 30 damage for each heads. If both of them are tails, your opponent's "
             "Active Pokémon is now Confused.",
             "Flip 4 coins. This attack does 30 damage for each heads. If at least 2 of them are heads, your "
             "opponent's Active Pokémon is now Paralyzed.", mark="×"),
    template("heads_and_tails_conditions", "R-STATUS-1",
             rf"Flip a coin\. If heads, {OPPONENT_ACTIVE} is now {_CONDITIONS_2.format('h')}\. If tails, "
             rf"{OPPONENT_ACTIVE} is now {_CONDITIONS_2.format('t')}\.", _heads_tails,
             "Flip a coin. If heads, your opponent's Active Pokémon is now Paralyzed and Poisoned. If tails, your "
             "opponent's Active Pokémon is now Confused."),
)

LOWER_TYPES = TYPES.lower()
_DISCARD_COUNT = rf"(?P<count>an|a|\d+) (?:(?P<type>{TYPES}|{LOWER_TYPES}) )?Energy from this Pokémon"

TEMPLATES: tuple[Template, ...] = (
    template("more_if_this_turn", "R-DAMAGE-1",
             rf"If (?:{_THIS_TURN}), this attack does (?P<bonus>\d+) more damage\.",
             lambda p, a: [PlusIf(_this_turn(p), int(p["bonus"]))],
             "If this Pokémon moved from your Bench to the Active Spot this turn, this attack does 90 more damage.",
             "If this Pokémon was healed during this turn, this attack does 90 more damage.",
             "If this Pokémon evolved from Misty's Staryu during this turn, this attack does 80 more damage.",
             "If you played an Ancient Supporter card from your hand during this turn, this attack does 80 more "
             "damage.",
             'If you played a Supporter card that has "Team Rocket" in its name from your hand during this turn, this '
             "attack does 100 more damage.", mark="+"),
    template("does_nothing_if", "R-ATTACK-3",
             rf"If (?P<condition>{_union(DOES_NOTHING)}), this attack does nothing\.", _does_nothing,
             "If there is no Stadium in play, this attack does nothing.",
             "If you don't have exactly 3 cards in your hand, this attack does nothing.",
             "If your opponent's Active Pokémon isn't Burned, this attack does nothing.",
             "If you have 4 or fewer Benched Pokémon, this attack does nothing.",
             "If your opponent doesn't have exactly 3 or 4 Prize cards remaining, this attack does nothing.",
             "If your opponent's Active Pokémon has no damage counters on it before this attack does damage, this "
             "attack does nothing.",
             "If you don't have Uxie and Azelf on your Bench, this attack does nothing."),
    template("cant_use_again_until_leaves_active", "R-ATTACK-1",
             r"This Pokémon can't use (?P<attack>[^.<]+?) again until it leaves the Active Spot\.", _cant_use_again,
             "This Pokémon can't use Test again until it leaves the Active Spot."),
    template("heal_damage_done", "R-DAMAGE-3",
             r"Heal from this Pokémon the same amount of damage you did to your opponent's Active Pokémon\.",
             lambda p, a: [HealDamageDone()],
             "Heal from this Pokémon the same amount of damage you did to your opponent's Active Pokémon."),
    template("heal_chosen_own", "R-DAMAGE-3",
             rf"Heal (?:(?P<amount>\d+)|all) damage from 1 of your (?P<benched>Benched )?"
             rf"(?:(?P<type>{TYPES}|{LOWER_TYPES}) |(?P<ancient>Ancient) )?Pokémon\.", _heal_chosen,
             "Heal 30 damage from 1 of your Pokémon.", "Heal all damage from 1 of your Benched Pokémon.",
             "Heal 120 damage from 1 of your Benched Psychic Pokémon.",
             "Heal 100 damage from 1 of your Benched Ancient Pokémon."),
    template("heal_each_basic_or_benched", "R-DAMAGE-3",
             r"Heal (?P<amount>\d+) damage from each of your (?P<which>Basic|Benched) Pokémon\.", _heal_each,
             "Heal 100 damage from each of your Basic Pokémon.", "Heal 100 damage from each of your Benched Pokémon."),
    template("heal_it_after_condition", "R-DAMAGE-3", r"Heal (?P<amount>\d+) damage from it\.", _heal_it,
             "Heal 30 damage from it."),
    template("three_conditions", "R-STATUS-1",
             rf"{OPPONENT_ACTIVE} is now (?P<a>{CONDITION}), (?P<b>{CONDITION}), and (?P<c>{CONDITION})\.",
             lambda p, a: [Inflict(CONDITIONS[p[k]]) for k in "abc"],
             "Your opponent's Active Pokémon is now Burned, Confused, and Poisoned."),
    template("condition_if", "R-STATUS-1",
             rf"If (?P<condition>{CONDITION_TEXT}), (?P<it>it|{OPPONENT_ACTIVE}) is now (?P<c>{CONDITION})\.",
             _condition_if,
             "If your opponent's Active Pokémon is a Dragon Pokémon, it is now Paralyzed.",
             "If you have exactly 1 Prize card remaining, your opponent's Active Pokémon is now Paralyzed."),
    template("both_actives_condition", "R-STATUS-1", rf"Both Active Pokémon are now (?P<c>{CONDITION})\.",
             lambda p, a: [Inflict(CONDITIONS[p["c"]]), InflictSelf(CONDITIONS[p["c"]])],
             "Both Active Pokémon are now Asleep."),
    template("discard_energy_and_condition", "R-STATUS-1",
             rf"Discard {_DISCARD_COUNT}, and {OPPONENT_ACTIVE} is now (?P<c>{CONDITION})\.",
             lambda p, a: [DiscardOwnEnergyAfter(count_of(p["count"]), p["type"] and p["type"].capitalize()),
                           Inflict(CONDITIONS[p["c"]])],
             "Discard 2 Energy from this Pokémon, and your opponent's Active Pokémon is now Paralyzed."),
    template("may_discard_energy_for_condition", "R-STATUS-1",
             rf"You may discard {_DISCARD_COUNT} and make {OPPONENT_ACTIVE} (?P<c>{CONDITION})\.",
             lambda p, a: [MayDiscardToInflict(count_of(p["count"]), p["type"] and p["type"].capitalize(),
                                               CONDITIONS[p["c"]])],
             "You may discard 2 lightning Energy from this Pokémon and make your opponent's Active Pokémon "
             "Paralyzed."),
    template("heads_condition_and_discard_defending_energy", "R-STATUS-1",
             rf"Flip a coin\. If heads, {OPPONENT_ACTIVE} is now (?P<c>{CONDITION}), and discard an Energy from that "
             r"Pokémon\.",
             lambda p, a: [FlipWithChoices(heads=[Inflict(CONDITIONS[p["c"]]), DiscardDefendingEnergy(1)])],
             "Flip a coin. If heads, your opponent's Active Pokémon is now Paralyzed, and discard an Energy from that "
             "Pokémon."),
    template("heads_chosen_condition", "R-STATUS-1",
             rf"Flip a coin\. If heads, choose a Special Condition\. {OPPONENT_ACTIVE} is now affected by that Special "
             r"Condition\.", lambda p, a: [FlipWithChoices(heads=InflictChosen())],
             "Flip a coin. If heads, choose a Special Condition. Your opponent's Active Pokémon is now affected by "
             "that Special Condition."),
    template("more_discarded_if_supporter", "R-TRAINER-5",
             rf"If you played (?P<supporter>{'|'.join(_SUPPORTERS)}) from your hand during this turn, discard "
             r"(?P<more>\d+) more cards in this way\.", _more_discarded,
             "If you played an Ancient Supporter card from your hand during this turn, discard 3 more cards in this "
             "way."),
    template("only_going_second_first_turn", "R-ATTACK-1",
             r"You can use this attack only if you go second, and only during your first turn\.",
             lambda p, a: [OnlyFirstTurnGoingSecond()],
             "You can use this attack only if you go second, and only during your first turn."),
    template("opponent_no_supporters_next_turn", "R-TRAINER-2",
             r"Your opponent can't play any Supporter cards from their hand during their next turn\.",
             lambda p, a: [OpponentCantPlayNextTurn("supporter")],
             "Your opponent can't play any Supporter cards from their hand during their next turn."),
    template("discard_opponent_stadium_then_lock", "R-TRAINER-3",
             r"If your opponent has a Stadium in play, discard it\. If you do, your opponent can't play any Stadium "
             r"cards from their hand during their next turn\.", lambda p, a: [DiscardOpponentStadiumThenLock()],
             "If your opponent has a Stadium in play, discard it. If you do, your opponent can't play any Stadium "
             "cards from their hand during their next turn."),
    template("heads_more_and_heal", "R-DAMAGE-1",
             r"Flip a coin\. If heads, this attack does (?P<bonus>\d+) more damage, and heal (?P<heal>\d+) damage from "
             r"this Pokémon\.",
             lambda p, a: [HeadsMoreAndHeal(int(p["bonus"]), int(p["heal"]))] if int(p["heal"]) % 10 == 0 else None,
             "Flip a coin. If heads, this attack does 30 more damage, and heal 30 damage from this Pokémon.", mark="+"),
    template("own_pokemon_cant_attack_next_turn", "R-ATTACK-1",
             r"During your next turn, your Pokémon can't attack\. \(This includes new Pokémon that come into play\.\)",
             lambda p, a: [OwnPokemonCantAttackNextTurn()],
             "During your next turn, your Pokémon can't attack. (This includes new Pokémon that come into play.)"),
    template("few_energy_cant_attack_next_turn", "R-ATTACK-1",
             r"During your opponent's next turn, Pokémon that have (?P<most>\d+) or less Energy attached can't "
             r"attack\. \(This includes new Pokémon that come into play\.\)",
             lambda p, a: [FewEnergyCantAttackNextTurn(int(p["most"]))],
             "During your opponent's next turn, Pokémon that have 2 or less Energy attached can't attack. (This "
             "includes new Pokémon that come into play.)"),
    template("prevent_damage_from_ancient", "R-DAMAGE-1",
             r"During your opponent's next turn, prevent all damage done to this Pokémon by attacks from Ancient "
             r"Pokémon\.", lambda p, a: [PreventDamageFromTagNextTurn("ancient")],
             "During your opponent's next turn, prevent all damage done to this Pokémon by attacks from Ancient "
             "Pokémon."),
    template("counters_on_benched_if", "R-DAMAGE-3",
             rf"If (?P<condition>{CONDITION_TEXT}), place (?P<counters>\d+) damage counters on 1 of your opponent's "
             r"Benched Pokémon\.", _counters_on_benched_if,
             "If your opponent's Active Pokémon is affected by a Special Condition, place 6 damage counters on 1 of "
             "your opponent's Benched Pokémon."),
    template("heads_defending_cant_attack", "R-ATTACK-1",
             r"Flip a coin\. If heads, during your opponent's next turn, the Defending Pokémon can't attack\.",
             lambda p, a: [Flip(heads=DefendingCantAttackNextTurn())],
             "Flip a coin. If heads, during your opponent's next turn, the Defending Pokémon can't attack."),
    template("counters_until_remaining_hp", "R-DAMAGE-3",
             r"Put damage counters on (?:(?P<active>your opponent's Active Pokémon)|(?P<one>1 of your opponent's "
             r"Pokémon)|(?P<each>each of your opponent's Benched Pokémon)) until its remaining HP is (?P<left>\d+)\.",
             _counters_until,
             "Put damage counters on your opponent's Active Pokémon until its remaining HP is 50.",
             "Put damage counters on 1 of your opponent's Pokémon until its remaining HP is 30.",
             "Put damage counters on each of your opponent's Benched Pokémon until its remaining HP is 100."),
)
