"""An attack's damage changed by what the board shows when the attack does its damage: "If …,
this attack does N more damage." (`PlusIf` over a `Condition`), "This attack does N more damage
for each …" (`PlusPer` over a `Count`), "N damage for each …" (the printed "×": `TimesPer`), "N
less damage for each …" (the printed "-": `MinusPer`), and the coin wordings the first
vocabulary lacked (`PlusUntilTails`, `PlusIfAllHeads`).

Rulings (R-DAMAGE-1: the attacker's effects change the base damage before Weakness and
Resistance; R-ATTACK-2: the board is read when the attack does its damage, after its costs):
- A condition or count reads only what both players see: the Pokémon in play, their cards,
  damage counters and Special Conditions, the discard piles, the number of cards in a hand and
  of Prize cards left, the Stadium, and this turn's record (a Supporter played from the hand,
  `this_turn["supporter_played"]`). It never reads a hand's or a deck's cards.
- "Energy attached" counts the Energy the cards provide (units, `core.energy_count`), as the
  first vocabulary does (TimesEnergy, PlusPerDefendingEnergyProvided) — modern ruling: a card
  that provides 2 Energy counts 2; "Energy card(s)" counts cards.
- A Pokémon's type is its type now (`hooks.types`, R-INPLAY-1), its Resistance the one it has
  now (`hooks.resistance`); its Stage and its tags (Pokémon ex, Pokémon V) are its top card's.
  "Pokémon V" is every card tagged V, VMAX, VSTAR or V-UNION (modern ruling: those are Pokémon V).
- "An Evolution Pokémon" is a Stage 1 or Stage 2 Pokémon (its top card's Stage).
- "N less damage for each …" never takes the damage below 0 (R-DAMAGE-1: nothing if below 0).
- Prize cards taken: the game's Prize cards (`state.prize_count`) less those left.
- "If you go second, you can't use this attack during your first turn": the player who did not
  take the first turn (`state.first_seat`) can't use it on turn 2 (R-ATTACK-1, refused).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from ....messages import msg
from ... import hooks
from ...carddb import has_type
from ...contexts import AttackCtx
from ...core import Illegal, discard_cards, energy_count, provided_energy
from ...hooks import PokemonEvent
from .base import Effect, attack_memo
from .choices import MAX_PICKS, distinct_picks, energy_of_type

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...state import Pokemon, State

POKEMON_V_TAGS = frozenset({"v", "vmax", "vstar", "v_union"})
ENERGY = ("energy_units",)      # the hook that counting Energy asks
TYPES = ("types",)


@dataclass(frozen=True)
class Condition:
    """A yes/no question to the board, asked when the attack does its damage: `test(actx)`.
    `text` says it in English (the effect's description); `asks` the hooks it asks."""
    text: str
    test: Callable[[AttackCtx], bool]
    asks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Count:
    """A number read off the board when the attack does its damage: `count(actx)`."""
    text: str
    count: Callable[[AttackCtx], int]
    asks: tuple[str, ...] = ()


class PlusIf(Effect):
    """"If <condition>, this attack does `bonus` more damage." (the printed "+"): the bonus is
    added to the base damage before Weakness and Resistance (R-DAMAGE-1)."""

    def __init__(self, condition: Condition, bonus: int):
        self.condition = condition
        self.bonus = bonus
        self.text = f"+{bonus} damage if {condition.text}"
        self.settled_by_check = condition.asks

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.bonus if self.condition.test(actx) else amount


class PlusPer(Effect):
    """"This attack does `per` more damage for each <count>." (the printed "+"), before
    Weakness and Resistance (R-DAMAGE-1)."""

    def __init__(self, count: Count, per: int):
        self.count = count
        self.per = per
        self.text = f"+{per} damage for each {count.text}"
        self.settled_by_check = count.asks

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * self.count.count(actx)


class TimesPer(Effect):
    """"This attack does N damage for each <count>." (the printed "×", N the printed number):
    the printed damage times the count, before Weakness and Resistance (R-DAMAGE-1)."""

    def __init__(self, count: Count):
        self.count = count
        self.text = f"the printed damage times the number of {count.text}"
        self.settled_by_check = count.asks

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return actx.attack.damage * self.count.count(actx)


class MinusPer(Effect):
    """"This attack does `per` less damage for each <count>." (the printed "-"): never below 0
    (R-DAMAGE-1)."""

    def __init__(self, count: Count, per: int):
        self.count = count
        self.per = per
        self.text = f"the printed damage minus {per} for each {count.text} (never below 0)"
        self.settled_by_check = count.asks

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return max(0, amount - self.per * self.count.count(actx))


class PlusUntilTails(Effect):
    """"Flip a coin until you get tails. This attack does `per` more damage for each heads."
    (the printed "+"; FlipUntilTails multiplies instead). At most `MAX_FLIPS` flips, as
    FlipUntilTails (a guard for a source that never says tails)."""
    MAX_FLIPS = 100

    def __init__(self, per: int):
        self.per = per
        self.text = f"flip a coin until you get tails: +{per} damage for each heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = 0
        while heads < self.MAX_FLIPS and actx.flip(msg("%(attack)s (flip %(n)s)", attack=actx.attack.name,
                                                       n=heads + 1)):
            heads += 1
        return amount + self.per * heads


class PlusIfAllHeads(Effect):
    """"Flip `coins` coins. If both (all) of them are heads, this attack does `bonus` more
    damage." (the printed "+"): every coin is flipped, before the damage (R-DAMAGE-1)."""

    def __init__(self, coins: int, bonus: int):
        self.coins = coins
        self.bonus = bonus
        self.text = f"flip {coins} coins: +{bonus} damage if all of them are heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        flips = [actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins)]
        return amount + self.bonus if all(flips) else amount


class NotFirstTurnIfSecond(Effect):
    """"If you go second, you can't use this attack during your first turn.": refused (R-ATTACK-1)
    on turn 2 to the player who did not take the first turn (`state.first_seat`)."""
    text = "can't be used during your first turn if you went second"
    settled_by_check = ()

    def check(self, actx: AttackCtx) -> None:
        state = actx.state
        if state.turn == 2 and state.first_seat is not None and actx.seat != state.first_seat:
            raise Illegal("R-ATTACK-1", msg("%(pokemon)s can't use %(attack)s this turn (%(why)s).",
                                            pokemon=actx.attacker_name, attack=actx.attack.name,
                                            why=msg("you went second and this is your first turn")))


# -- the board's questions -------------------------------------------------------------------------

def _defender(actx: AttackCtx) -> Pokemon | None:
    return actx.defender


def _top_stage(state: State, p: Pokemon | None) -> str | None:
    return state.card_of(p.top).stage if p is not None else None


def defending_tagged(tags: frozenset[str], words: str) -> Condition:
    """The opponent's Active Pokémon's top card carries one of `tags` (Pokémon ex, Pokémon V)."""
    return Condition(f"the opponent's Active Pokémon is {words}",
                     lambda a: a.defender is not None and bool(a.state.card_of(a.defender.top).tags & tags))


def defending_stage(stages: tuple[str, ...], words: str) -> Condition:
    return Condition(f"the opponent's Active Pokémon is {words}",
                     lambda a: _top_stage(a.state, a.defender) in stages)


def defending_type(energy_type: str) -> Condition:
    return Condition(f"the opponent's Active Pokémon is a {energy_type} Pokémon",
                     lambda a: a.defender is not None and hooks.is_type(a.state, a.defender, energy_type), TYPES)


def defending_resistance(energy_type: str) -> Condition:
    return Condition(f"the opponent's Active Pokémon has {energy_type} Resistance",
                     lambda a: a.defender is not None
                     and has_type(hooks.resistance(a.state, a.defender), energy_type), ("resistance",))


def has_condition(whose: str, conditions: tuple[str, ...]) -> Condition:
    """`whose` ("defending" or "self") is affected by one of `conditions` (empty: by any)."""
    def test(a: AttackCtx) -> bool:
        p = a.defender if whose == "defending" else a.attacker
        return p is not None and any(not conditions or c in conditions for c in p.conditions)
    who = "the opponent's Active Pokémon" if whose == "defending" else "this Pokémon"
    what = " or ".join(conditions) if conditions else "a Special Condition"
    return Condition(f"{who} is affected by {what}", test)


def self_damaged(damaged: bool) -> Condition:
    return Condition(f"this Pokémon has {'any' if damaged else 'no'} damage counters on it",
                     lambda a: (a.attacker.damage > 0) == damaged)


def self_energy_of(energy_type: str) -> Condition:
    return Condition(f"this Pokémon has any {energy_type} Energy attached",
                     lambda a: energy_count(a.state, a.attacker, energy_type) > 0, ENERGY)


def _special_energy(a: AttackCtx) -> bool:
    return any(a.state.card_of(i).energy_kind == "special" for i in a.attacker.energy)


def _tool(state: State, p: Pokemon) -> int:
    return sum(state.card_of(i).trainer_kind == "tool" for i in p.attached)


def extra_energy(at_least: int) -> Condition:
    """Energy units attached beyond the number of Energy in the attack's cost (which is paid)."""
    return Condition(f"this Pokémon has at least {at_least} Energy attached beyond this attack's cost",
                     lambda a: len(provided_energy(a.state, a.attacker)) - len(a.attack.cost) >= at_least, ENERGY)


def own_energy_in_play(at_least: int, energy_type: str) -> Condition:
    return Condition(f"you have at least {at_least} {energy_type} Energy in play",
                     lambda a: sum(energy_count(a.state, p, energy_type) for p in a.me.in_play()) >= at_least,
                     ENERGY)


def basic_energy_in_discard(at_least: int, energy_type: str) -> Condition:
    def test(a: AttackCtx) -> bool:
        cards = (a.state.card_of(i) for i in a.me.discard)
        return sum(c.is_basic_energy and energy_type in c.provides for c in cards) >= at_least
    return Condition(f"you have at least {at_least} Basic {energy_type} Energy cards in your discard pile", test)


def opponent_prizes_at_most(n: int) -> Condition:
    return Condition(f"the opponent has {n} or fewer Prize cards left", lambda a: len(a.them.prizes) <= n)


def own_prizes_exactly(n: int) -> Condition:
    return Condition(f"you have exactly {n} Prize cards left", lambda a: len(a.me.prizes) == n)


def opponent_hand_at_most(n: int) -> Condition:
    return Condition(f"the opponent has {n} or fewer cards in their hand", lambda a: len(a.them.hand) <= n)


SIMPLE_CONDITIONS: dict[str, Condition] = {
    "special_condition": has_condition("defending", ()),
    "self_damaged": self_damaged(True),
    "self_undamaged": self_damaged(False),
    "self_special_energy": Condition("this Pokémon has any Special Energy attached", _special_energy),
    "self_tool": Condition("this Pokémon has a Pokémon Tool attached", lambda a: _tool(a.state, a.attacker) > 0),
    "stadium": Condition("a Stadium is in play", lambda a: a.state.stadium is not None),
    "own_stadium": Condition("you have a Stadium in play",
                             lambda a: a.state.stadium is not None and a.state.stadium.get("owner") == a.seat),
    "more_prizes": Condition("you have more Prize cards left than the opponent",
                             lambda a: len(a.me.prizes) > len(a.them.prizes)),
    "bench_damaged": Condition("your Benched Pokémon have any damage counters on them",
                               lambda a: any(p.damage > 0 for p in a.me.bench)),
    "same_hand": Condition("you have as many cards in your hand as the opponent",
                           lambda a: len(a.me.hand) == len(a.them.hand)),
    "supporter_played": Condition("you played a Supporter card from your hand this turn",
                                  lambda a: bool(a.state.this_turn.get("supporter_played"))),
}


# -- the board's numbers ---------------------------------------------------------------------------

def _units(state: State, pokemon: list[Pokemon], energy_type: str | None = None) -> int:
    return sum(energy_count(state, p, energy_type) for p in pokemon)


def _actives(a: AttackCtx) -> list[Pokemon]:
    return [a.attacker] + ([a.defender] if a.defender is not None else [])


def energy_on_all_own(energy_type: str) -> Count:
    return Count(f"{energy_type} Energy attached to all of your Pokémon",
                 lambda a: _units(a.state, a.me.in_play(), energy_type), ENERGY)


def own_energy_of(energy_type: str) -> Count:
    return Count(f"{energy_type} Energy attached to this Pokémon",
                 lambda a: energy_count(a.state, a.attacker, energy_type), ENERGY)


def typed_in_discard(energy_type: str) -> Count:
    def count(a: AttackCtx) -> int:
        cards = (a.state.card_of(i) for i in a.me.discard)
        return sum(c.is_pokemon_card and c.type == energy_type for c in cards)
    return Count(f"{energy_type} Pokémon card in your discard pile", count)


def own_benched_of_type(energy_type: str) -> Count:
    return Count(f"your Benched {energy_type} Pokémon",
                 lambda a: sum(hooks.is_type(a.state, p, energy_type) for p in a.me.bench), TYPES)


def own_benched_with_energy(energy_type: str) -> Count:
    return Count(f"your Benched Pokémon with any {energy_type} Energy attached",
                 lambda a: sum(energy_count(a.state, p, energy_type) > 0 for p in a.me.bench), ENERGY)


def counters_on_benched_of_type(energy_type: str) -> Count:
    return Count(f"damage counter on all of your Benched {energy_type} Pokémon",
                 lambda a: sum(p.damage // 10 for p in a.me.bench if hooks.is_type(a.state, p, energy_type)), TYPES)


def _has_attack(state: State, card_id_instance: str, attack: str) -> bool:
    c = state.card_of(card_id_instance)
    return c.is_pokemon_card and any(str(x.name) == attack for x in c.attacks)


def in_discard_with_attack(attack: str) -> Count:
    return Count(f"Pokémon card in your discard pile with the {attack} attack",
                 lambda a: sum(_has_attack(a.state, i, attack) for i in a.me.discard))


def in_play_with_attack(attack: str) -> Count:
    return Count(f"of your Pokémon in play with the {attack} attack",
                 lambda a: sum(_has_attack(a.state, p.top, attack) for p in a.me.in_play()))


SIMPLE_COUNTS: dict[str, Count] = {
    "opponent_bench": Count("of the opponent's Benched Pokémon", lambda a: len(a.them.bench)),
    "own_bench": Count("of your Benched Pokémon", lambda a: len(a.me.bench)),
    "both_benches": Count("Benched Pokémon (both players')", lambda a: len(a.me.bench) + len(a.them.bench)),
    "own_in_play": Count("of your Pokémon in play", lambda a: len(a.me.in_play())),
    "own_energy": Count("Energy attached to this Pokémon", lambda a: energy_count(a.state, a.attacker), ENERGY),
    "both_actives_energy": Count("Energy attached to both Active Pokémon",
                                 lambda a: _units(a.state, _actives(a)), ENERGY),
    "opponent_energy": Count("Energy attached to all of the opponent's Pokémon",
                             lambda a: _units(a.state, a.them.in_play()), ENERGY),
    "defending_energy": Count("Energy attached to the opponent's Active Pokémon",
                              lambda a: _units(a.state, [a.defender] if a.defender else []), ENERGY),
    "prizes_taken_by_opponent": Count("Prize card the opponent has taken",
                                      lambda a: max(0, a.state.prize_count - len(a.them.prizes))),
    "prizes_taken": Count("Prize card you have taken", lambda a: max(0, a.state.prize_count - len(a.me.prizes))),
    "defending_counters": Count("damage counter on the opponent's Active Pokémon",
                                lambda a: a.defender.damage // 10 if a.defender else 0),
    "own_counters": Count("damage counter on this Pokémon", lambda a: a.attacker.damage // 10),
    "own_tools": Count("Pokémon Tool attached to all of your Pokémon",
                       lambda a: sum(_tool(a.state, p) for p in a.me.in_play())),
    "opponent_hand": Count("card in the opponent's hand", lambda a: len(a.them.hand)),
    "own_hand": Count("card in your hand", lambda a: len(a.me.hand)),
    "defending_conditions": Count("Special Condition affecting the opponent's Active Pokémon",
                                  lambda a: len(a.defender.conditions) if a.defender else 0),
    "opponent_basic_energy_discard": Count("Basic Energy card in the opponent's discard pile",
                                           lambda a: sum(a.state.card_of(i).is_basic_energy for i in a.them.discard)),
}


def _retreat_cost(state: State, p: Pokemon | None) -> int:
    """A Pokémon's Retreat Cost now: the printed one as the effects in play make it (the hook
    `retreat_cost`, read as `actions.retreat_cost` reads it; a card reaches the rules only
    through hooks and contexts). Every modern Retreat Cost is Colorless."""
    if p is None:
        return 0
    seat = state.find_pokemon(p.top)[0]
    return max(0, hooks.modify(state, "retreat_cost", PokemonEvent(state, p, seat), state.card_of(p.top).retreat_cost))


def defending_retreat_at_least(cost: int) -> Condition:
    return Condition(f"the opponent's Active Pokémon's Retreat Cost is {cost} or more",
                     lambda a: _retreat_cost(a.state, a.defender) >= cost, ("retreat_cost",))


def _same_energy(a: AttackCtx) -> bool:
    return a.defender is not None and energy_count(a.state, a.attacker) == energy_count(a.state, a.defender)


def _with_ability(state: State, p: Pokemon) -> bool:
    power = state.card_of(p.top).power
    return power is not None and power.kind == "Ability"


def _bench_types(a: AttackCtx) -> int:
    return len({t for p in a.me.bench for t in hooks.types(a.state, p)})


def _rocket_supporter(card: CardDef) -> bool:
    return card.trainer_kind == "supporter" and "Team Rocket" in str(card.name)


def own_in_play_of_type(energy_type: str) -> Count:
    return Count(f"{energy_type} Pokémon you have in play",
                 lambda a: sum(hooks.is_type(a.state, p, energy_type) for p in a.me.in_play()), TYPES)


SIMPLE_CONDITIONS["same_energy"] = Condition(
    "this Pokémon and the opponent's Active Pokémon have the same amount of Energy attached", _same_energy, ENERGY)
SIMPLE_COUNTS.update({
    "defending_retreat": Count("Colorless in the opponent's Active Pokémon's Retreat Cost",
                               lambda a: _retreat_cost(a.state, a.defender), ("retreat_cost",)),
    "opponent_with_ability": Count("of the opponent's Pokémon in play with an Ability",
                                   lambda a: sum(_with_ability(a.state, p) for p in a.them.in_play())),
    "bench_types": Count("different type of Pokémon on your Bench", _bench_types, TYPES),
    "opponent_ex": Count("of the opponent's Pokémon ex in play",
                         lambda a: sum("ex" in a.state.card_of(p.top).tags for p in a.them.in_play())),
    "own_energy_discard": Count("Energy card in your discard pile",
                                lambda a: sum(a.state.card_of(i).supertype == "Energy" for i in a.me.discard)),
    # "Ancient card": any card printed with the Ancient tag (Pokémon or Trainer).
    "own_ancient_discard": Count("Ancient card in your discard pile",
                                 lambda a: sum("ancient" in a.state.card_of(i).tags for i in a.me.discard)),
    # A Supporter "that has "Team Rocket" in its name": its name holds those words.
    "own_rocket_supporter_discard": Count(
        "Supporter card with \"Team Rocket\" in its name in your discard pile",
        lambda a: sum(_rocket_supporter(a.state.card_of(i)) for i in a.me.discard)),
})


def _owned(state: State, p: Pokemon, owner: str) -> bool:
    """A Trainer's Pokémon ("Team Rocket's Pokémon", "Cynthia's Pokémon"): its name begins with
    the Trainer's ("Team Rocket's Mewtwo ex"; modern ruling: the name says whose it is)."""
    return str(state.card_of(p.top).name).startswith(owner + " ")


def owned_in_play(owner: str) -> Count:
    return Count(f"of your {owner} Pokémon in play", lambda a: sum(_owned(a.state, p, owner) for p in a.me.in_play()))


def named_in_discard(name: str) -> Count:
    return Count(f"{name} card in your discard pile",
                 lambda a: sum(str(a.state.card_of(i).name) == name for i in a.me.discard))


def self_energy_named(name: str) -> Condition:
    return Condition(f"this Pokémon has any {name} attached",
                     lambda a: any(str(a.state.card_of(i).name) == name for i in a.attacker.energy))


class TimesHeadsPer(Effect):
    """"Flip a coin for each <count>. This attack does N damage for each heads." (the printed
    "×"): the coins counted when the attack does its damage, the printed damage times the heads
    (R-DAMAGE-1; CoinsPerOwnEnergy for every Energy on this Pokémon)."""

    def __init__(self, count: Count):
        self.count = count
        self.text = f"flip a coin for each {count.text}: the printed damage times the number of heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        coins = self.count.count(actx)
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{coins})") for n in range(coins))
        return actx.attack.damage * heads


@dataclass(frozen=True)
class Cards:
    """The cards a wording lets its player discard: `where` ("self": attached to this Pokémon;
    "hand"), `among(state, seat, attacker)` the ones that fit, and `what` naming them in a
    refusal (a translatable `msg`)."""
    text: str
    where: str
    among: Callable[[State, int, Pokemon], list[str]]
    what: str


def attached_energy(energy_type: str | None, where: str = "self", basic: bool = False) -> Cards:
    """Energy cards attached to this Pokémon (`where` "self"), to any of your Pokémon
    ("pokemon") or to your Benched Pokémon ("bench"): Basic Energy cards only with `basic`, and
    those that provide `energy_type` when given (as DiscardOwnEnergyAfter reads "a Fire Energy")."""
    def among(state: State, seat: int, attacker: Pokemon) -> list[str]:
        holders = _holders(state, seat, attacker, where)
        return [i for p in holders for i in energy_of_type(state, p, energy_type)
                if not basic or state.card_of(i).is_basic_energy]
    kind = ("Basic " if basic else "") + (f"{energy_type} " if energy_type else "")
    on = {"self": "this Pokémon", "pokemon": "your Pokémon", "bench": "your Benched Pokémon"}[where]
    return Cards(f"{kind}Energy cards attached to {on}", where, among, _energy_words(energy_type, where, basic))


def _holders(state: State, seat: int, attacker: Pokemon, where: str) -> list[Pokemon]:
    mine = state.seats[seat]
    return {"self": [attacker], "pokemon": mine.in_play(), "bench": list(mine.bench)}.get(where, [])


def _energy_words(energy_type: str | None, where: str, basic: bool) -> str:
    """Those Energy cards in a refusal (a translatable `msg`)."""
    if where == "self":
        return (msg("%(type)s Energy cards attached to this Pokémon", type=energy_type) if energy_type
                else msg("Energy cards attached to this Pokémon"))
    kind = msg("Basic Energy cards") if basic else msg("Energy cards")
    if energy_type:
        kind = (msg("Basic %(type)s Energy cards", type=energy_type) if basic
                else msg("%(type)s Energy cards", type=energy_type))
    if where == "bench":
        return msg("%(cards)s attached to your Benched Pokémon", cards=kind)
    return msg("%(cards)s attached to your Pokémon", cards=kind)


def hand_cards(kind: str, energy_type: str | None = None) -> Cards:
    """Cards of the hand: "basic_energy" (of `energy_type` when given) or "tool"."""
    def fits(state: State, inst: str) -> bool:
        c = state.card_of(inst)
        if kind == "tool":
            return c.trainer_kind == "tool"
        return c.is_basic_energy and (energy_type is None or energy_type in c.provides)

    def among(state: State, seat: int, p: Pokemon) -> list[str]:
        return [i for i in state.seats[seat].hand if fits(state, i)]
    if kind == "tool":
        return Cards("Pokémon Tool cards in your hand", "hand", among, msg("Pokémon Tool cards in your hand"))
    if energy_type:
        return Cards(f"Basic {energy_type} Energy cards in your hand", "hand", among,
                     msg("Basic %(type)s Energy cards in your hand", type=energy_type))
    return Cards("Basic Energy cards in your hand", "hand", among, msg("Basic Energy cards in your hand"))


class DiscardForDamage(Effect):
    """"Discard up to `most` <cards> from this Pokémon / your hand. This attack does N (more)
    damage for each card you discarded in this way." (`most` None: any number; `every`: all of
    them, no choice). The cards are named in choices.cards (up to `most`, different ones; left
    out, none: "up to" and "any number" include none, as Chien-Pao ex's Hail Blade reads it,
    sv_decks_pokemon). The discard is part of the attack,
    not a cost: done when the attack does its damage, after the Confusion check (R-ATTACK-2);
    the damage counts the cards discarded (cards, not Energy units), the printed damage times
    them (`more` False: the printed "×") or `per` more for each (the printed "+"), before
    Weakness and Resistance (R-DAMAGE-1). Cards discarded from the hand go face up onto the
    discard pile, named to both players; the hand's other cards stay unseen."""

    def __init__(self, cards: Cards, most: int | None, per: int, more: bool, every: bool = False):
        self.cards = cards
        self.most = most
        self.per = per
        self.more = more
        self.every = every
        how = "all" if every else "any number of" if most is None else f"up to {most}"
        damage = f"+{per} damage" if more else "the printed damage times the number of cards"
        self.text = f"discard {how} {cards.text} (choices.cards): {damage} for each card discarded"

    def _allowed(self, state: State, seat: int, attacker: Pokemon) -> list[str]:
        return self.cards.among(state, seat, attacker)

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat, actx.attacker)
        chosen = allowed if self.every else actx.choices.get("cards", [])
        most = len(allowed) if self.most is None else self.most
        if (not isinstance(chosen, list) or len(chosen) > most or len(set(chosen)) != len(chosen)
                or any(c not in allowed for c in chosen)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name up to %(count)s different %(what)s.",
                                            attack=actx.attack.name, count=most, what=self.cards.what))
        attack_memo(actx, self)["cards"] = list(chosen)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        cards = attack_memo(actx, self)["cards"]
        if self.cards.where == "hand":
            for i in cards:
                actx.me.hand.remove(i)
            actx.say(msg("%(seat)s discards %(cards)s.", seat=actx.seat_label(actx.seat),
                         cards=actx.refs(cards, shown_to="*")))
        elif not cards:
            actx.say(msg("%(seat)s discards %(cards)s.", seat=actx.seat_label(actx.seat), cards=actx.refs([])))
        for p in actx.me.in_play() if self.cards.where != "hand" else []:
            off = [i for i in cards if i in p.energy]
            for i in off:
                p.energy.remove(i)
            if off:             # attached cards: in sight of both
                actx.say(msg("%(attack)s discards %(cards)s from %(pokemon)s.", attack=actx.attack.name,
                             cards=", ".join(actx.name(i) for i in off), pokemon=actx.name(p)), "R-ENERGY-3")
        discard_cards(actx, actx.seat, cards)
        return amount + self.per * len(cards) if self.more else actx.attack.damage * len(cards)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        if self.every:
            return [{}]
        allowed = self._allowed(state, seat, attacker)
        most = len(allowed) if self.most is None else min(self.most, len(allowed))
        if self.cards.where in ("self", "hand"):
            return [{"cards": pick} for pick in distinct_picks(state, allowed, 0, most)]
        return [{"cards": pick} for pick in _picks_by_holder(state, seat, allowed, most)]


def _picks_by_holder(state: State, seat: int, allowed: list[str], most: int) -> list[list[str]]:
    """The ways to pick 0..`most` of `allowed` (Energy attached to the seat's Pokémon), equal
    cards on the same Pokémon counted once, fewest first, at most MAX_PICKS of them (as
    `distinct_picks`, which would take equal cards on two Pokémon for one)."""
    holder = {i: n for n, p in enumerate(state.seats[seat].in_play()) for i in p.energy}
    groups: dict[tuple[int, str], list[str]] = {}
    for i in allowed:
        groups.setdefault((holder[i], state.card_id(i)), []).append(i)
    picks: list[list[str]] = [[]]
    for k in range(1, most + 1):
        for combo in combinations_with_replacement(list(groups), k):
            counts = {g: combo.count(g) for g in combo}
            if all(n <= len(groups[g]) for g, n in counts.items()):
                picks.append([i for g, n in counts.items() for i in groups[g][:n]])
                if len(picks) >= MAX_PICKS:
                    return picks
    return picks


def _discard_stadium(actx: AttackCtx) -> None:
    """The Stadium in play goes to its owner's discard pile (R-TRAINER-3)."""
    stadium = actx.state.stadium
    if stadium is None:
        return
    actx.state.stadium = None
    discard_cards(actx, stadium["owner"], [stadium["card"]])
    actx.say(msg("%(attack)s discards the Stadium %(stadium)s (%(seat)s's).", attack=actx.attack.name,
                 stadium=actx.name(stadium["card"]), seat=actx.seat_label(stadium["owner"])), "R-TRAINER-3")


def stadium_discard_chosen(actx: AttackCtx) -> bool:
    """"You may discard a Stadium in play": choices.cards names the Stadium in play (either
    player's) to discard it, or is left out (it stays); anything else is refused (R-ATTACK-2)."""
    raw = actx.choices.get("cards")
    stadium = actx.state.stadium["card"] if actx.state.stadium else None
    if raw is not None and raw != [] and raw != ([stadium] if stadium else None):
        if stadium:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names the Stadium in play to discard it "
                                            "(%(stadium)s), or is left out.", attack=actx.attack.name,
                                            stadium=stadium))
        raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names the Stadium in play to discard it (there "
                                        "is none), or is left out.", attack=actx.attack.name))
    return bool(raw)


class MayDiscardStadiumForMore(Effect):
    """"You may discard a Stadium in play. If you do, this attack does `bonus` more damage."
    (the printed "+"): choices.cards names the Stadium in play to discard it (either player's;
    left out, it stays: as Pidgeot ex's Blustery Wind reads "you may discard a Stadium",
    sv_decks_pokemon). It is discarded as the attack does its damage, which it raises, before
    Weakness and Resistance (R-DAMAGE-1)."""
    settled_by_check = ()       # the check reads the Stadium; the damage step only discards it

    def __init__(self, bonus: int):
        self.bonus = bonus
        self.text = (f"you may discard the Stadium in play (choices.cards naming it; left out, it stays): if you do, "
                     f"+{bonus} damage")

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["discard"] = stadium_discard_chosen(actx)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if not attack_memo(actx, self)["discard"] or actx.state.stadium is None:
            return amount
        _discard_stadium(actx)
        return amount + self.bonus

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + ([{"cards": [state.stadium["card"]]}] if state.stadium else [])


class DiscardStadiumAfter(Effect):
    """"Then, discard that Stadium." after "If a Stadium is in play, this attack does N more
    damage." (PlusIf): after the damage, the Stadium in play is discarded (R-ATTACK-2: the
    attack's other effects after its damage)."""
    text = "then discard the Stadium in play"
    settled_by_check = ()

    def after(self, actx: AttackCtx) -> None:
        _discard_stadium(actx)


class RevealHandCount(Effect):
    """"Your opponent reveals their hand. This attack does N damage for each <kind> card you find
    there." (the printed "×"): the opponent's hand is shown to both players as the attack does
    its damage (at a paper table its cards are reported, `show_hand`), and the damage is the
    printed number times its cards of `supertype` ("Trainer", "Energy"), before Weakness and
    Resistance (R-DAMAGE-1). The hand stays as it is."""

    def __init__(self, supertype: str):
        self.supertype = supertype
        self.text = (f"your opponent reveals their hand: the printed damage times the number of {supertype} cards "
                     "in it")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        hand = actx.them.hand
        actx.show_hand(actx.opp, msg("%(attack)s shows %(seat)s's hand", attack=actx.attack.name,
                                     seat=actx.seat_label(actx.opp)))
        actx.say(msg("%(seat)s shows the hand: %(cards)s.", seat=actx.seat_label(actx.opp),
                     cards=actx.refs(hand, shown_to="*")))
        return actx.attack.damage * sum(actx.state.card_of(i).supertype == self.supertype for i in hand)


class DiscardTopForDamage(Effect):
    """"Discard the top `count` cards of your deck (of each player's deck), and this attack does
    N (more) damage for each <kind> card you discarded in this way.": as the attack does its
    damage the cards are discarded face up (as many as the deck holds), named to both players,
    and the damage counts those that fit: the printed damage times them (`more` False, the
    printed "×") or `per` more for each ("+"), before Weakness and Resistance (R-DAMAGE-1)."""

    def __init__(self, count: int, each_player: bool, fits: Callable[[State, str], bool], what: str, per: int,
                 more: bool):
        self.count = count
        self.each_player = each_player
        self.fits = fits
        self.per = per
        self.more = more
        whose = "each player's deck" if each_player else "your deck"
        damage = f"+{per} damage" if more else "the printed damage times the number"
        self.text = f"discard the top {count} card(s) of {whose}: {damage} for each {what} discarded"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        found = 0
        for seat in (actx.seat, actx.opp) if self.each_player else (actx.seat,):
            deck = actx.state.seats[seat].deck
            milled, deck[:self.count] = deck[:self.count], []
            discard_cards(actx, seat, milled)
            actx.say(msg("%(count)s card(s) from the top of %(seat)s's deck are discarded: %(cards)s.",
                         count=len(milled), seat=actx.seat_label(seat), cards=actx.refs(milled, shown_to="*")))
            found += sum(self.fits(actx.state, i) for i in milled)
        return amount + self.per * found if self.more else actx.attack.damage * found
