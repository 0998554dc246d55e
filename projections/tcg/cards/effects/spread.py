"""Damage to several Pokémon at once or to the ones the attacker's player chooses, Knock Outs an
attack's effect does, and damage counters put on several Pokémon (`compiler/damage_targets.py`).

Rulings (R-DAMAGE-1, R-DAMAGE-2, R-DAMAGE-3, R-KO-1; modern rulings of the Scarlet & Violet
rulebook and the compendium's answers for the cards that print these wordings):
- "N damage to 2 of your opponent's Pokémon" and "to each of 2 of ..." name 2 different
  Pokémon (the same one can't be chosen twice unless the text says so); when fewer qualify,
  every one that does.
- The one of those that is the opponent's Active Pokémon takes the attack's damage (Weakness,
  Resistance and the effects on it apply, R-DAMAGE-1); any other takes damage without Weakness
  and Resistance (R-DAMAGE-2). "This attack's damage isn't affected by ... any effects on those
  Pokémon" lets the damage to each of them ignore the effects on it (`combat.deal_damage`'s
  `ignores`, as the Active Pokémon's "defender_effects").
- Which Pokémon qualify ("that has any damage counters on it", "Basic", "Pokémon ex") is read
  when the attack is declared (its `check`, before any damage), so the choice can be checked.
- A Knock Out an attack's effect does is no damage: an effect that keeps the effects of attacks
  off a Pokémon of the opponent stops it; the Prize cards are taken as for any Knock Out after
  the attack (R-KO-2, `CardCtx.extra_knockouts`).
- "the least HP remaining": the Pokémon's HP now less its damage; when several tie, the
  attacker's player chooses among them (choices.pokemon).
- Damage counters put on Pokémon are no damage (R-DAMAGE-3): Weakness, Resistance and the
  effects that change damage don't touch them; an effect that keeps attacks' effects off one of
  the opponent's Pokémon does. "Double the number of damage counters" puts as many more as it
  has.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...core import Illegal, place_counters
from .base import Effect, attack_memo, protected_from_attacks
from .choices import chosen_cards, one_pokemon_named
from .coins import FlipWithChoices

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...state import Pokemon, State

Fits = Callable[["State", "Pokemon"], bool]


@dataclass(frozen=True)
class Which:
    """The Pokémon a wording names: whose ("opponent", "own", "both"), Benched ones only or all in
    play, and a quality they must have (`fits`, said in `words`)."""
    whose: str = "opponent"
    bench: bool = False
    fits: Fits | None = None
    words: str = ""

    def among(self, state: State, seat: int) -> list[Pokemon]:
        seats = {"opponent": (1 - seat,), "own": (seat,), "both": (seat, 1 - seat)}[self.whose]
        pool = [p for s in seats for p in (state.seats[s].bench if self.bench else state.seats[s].in_play())]
        return [p for p in pool if self.fits is None or self.fits(state, p)]

    def describe(self) -> str:
        whose = {"opponent": "your opponent's", "own": "your", "both": "both players'"}[self.whose]
        return f"{whose} {'Benched ' if self.bench else ''}Pokémon{self.words}"


def damaged(state: State, p: Pokemon) -> bool:
    return p.damage > 0


def basic(state: State, p: Pokemon) -> bool:
    return state.card_of(p.top).stage == "Basic"


def tagged(tags: frozenset[str]) -> Fits:
    return lambda state, p: bool(state.card_of(p.top).tags & tags)


def exact_counters(counters: int) -> Fits:
    return lambda state, p: p.damage == 10 * counters


def with_ability(state: State, p: Pokemon) -> bool:
    power = state.card_of(p.top).power
    return power is not None and power.kind == "Ability"


def _owner(actx: AttackCtx, p: Pokemon) -> int:
    return actx.seat if any(q is p for q in actx.me.in_play()) else actx.opp


def _in_play(actx: AttackCtx, tops: list[str]) -> list[Pokemon]:
    """The Pokémon in play (both sides) whose top cards are `tops`, in the order of play."""
    return [p for s in (actx.seat, actx.opp) for p in actx.state.seats[s].in_play() if p.top in tops]


def pick(actx: AttackCtx, effect: Effect, which: Which, count: int) -> None:
    """The `count` different Pokémon of `which` choices.pokemon names (all when fewer qualify),
    kept for the effect's later steps."""
    tops = [p.top for p in which.among(actx.state, actx.seat)]
    attack_memo(actx, effect)["targets"] = chosen_cards(actx, tops, count, msg("of the Pokémon this attack names"),
                                                        key="pokemon")


def pick_options(state: State, seat: int, which: Which, count: int) -> list[dict[str, Any]]:
    tops = [p.top for p in which.among(state, seat)]
    return [{}] if len(tops) <= count else [{"pokemon": list(c)} for c in combinations(tops, count)]


def _hit(actx: AttackCtx, p: Pokemon, amount: int, ignores: frozenset[str]) -> None:
    """Damage to a Pokémon other than by the attack's damage to the Defending Pokémon (R-DAMAGE-2)."""
    actx.deal_damage(p, amount, to_defending=False, apply_wr=False, ignores=ignores & {"defender_effects"})


class _Spread(Effect):
    """What damage to several Pokémon shares: the opponent's Active Pokémon among the targets
    takes the attack's damage (unless the attack `also` does it to others), the others
    Bench damage after it."""

    def __init__(self, amount: int, which: Which, also: bool, ignores: tuple[str, ...]):
        self.amount = amount
        self.which = which
        self.also = also
        self.ignores = frozenset(ignores)

    def _targets(self, actx: AttackCtx) -> list[Pokemon]:
        return _in_play(actx, attack_memo(actx, self)["targets"])

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if self.also:
            return amount
        actx.ignores.update(self.ignores)
        return amount + self.amount if actx.defender in self._targets(actx) else amount

    def after(self, actx: AttackCtx) -> None:
        for p in self._targets(actx):
            if self.also or p is not actx.defender:
                _hit(actx, p, self.amount, self.ignores)

    def _ignored(self) -> str:
        return f" (ignoring {', '.join(sorted(self.ignores))})" if self.ignores else ""


class DamageChosen(_Spread):
    """`amount` damage to `count` different Pokémon of `which` chosen in choices.pokemon (all of
    them when `count` or fewer qualify); rulings above."""

    def __init__(self, amount: int, count: int, which: Which, *, also: bool = False, ignores: tuple[str, ...] = ()):
        super().__init__(amount, which, also, ignores)
        self.count = count
        self.text = (f"{'also ' if also else ''}{amount} damage to {count} of {which.describe()} you choose "
                     f"(choices.pokemon; all of them when there are {count} or fewer){self._ignored()}")

    def check(self, actx: AttackCtx) -> None:
        pick(actx, self, self.which, self.count)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return pick_options(state, seat, self.which, self.count)


class DamageEach(_Spread):
    """`amount` damage to each Pokémon of `which` (but this one, with `except_self`)."""

    def __init__(self, amount: int, which: Which, *, also: bool = False, ignores: tuple[str, ...] = (),
                 except_self: bool = False):
        super().__init__(amount, which, also, ignores)
        self.except_self = except_self
        but = ", except this Pokémon" if except_self else ""
        self.text = f"{'also ' if also else ''}{amount} damage to each of {which.describe()}{but}{self._ignored()}"

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["targets"] = [p.top for p in self.which.among(actx.state, actx.seat)
                                              if not (self.except_self and p is actx.attacker)]


# -- Knock Outs ----------------------------------------------------------------------------------

def knock_out_by_attack(actx: AttackCtx, p: Pokemon) -> None:
    """`p` is Knocked Out by the attack's effect (ruling above), settled after the attack."""
    owner = _owner(actx, p)
    if owner != actx.seat and not actx.can_affect(p):
        actx.say(protected_from_attacks(actx.name(p)))
        return
    actx.say(msg("%(attack)s: %(pokemon)s is Knocked Out.", attack=actx.attack.name, pokemon=actx.name(p)), "R-KO-1")
    actx.extra_knockouts.append((owner, p))


class KnockOutDefending(Effect):
    """The opponent's Active Pokémon is Knocked Out, when it `fits` (said in `words`)."""

    def __init__(self, fits: Fits | None = None, words: str = ""):
        self.fits = fits
        self.text = f"if the opponent's Active Pokémon {words}, it is Knocked Out" if words else \
            "the opponent's Active Pokémon is Knocked Out"

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is None:
            return
        if self.fits is not None and not self.fits(actx.state, d):
            actx.say(msg("%(attack)s: %(pokemon)s is not Knocked Out.", attack=actx.attack.name, pokemon=actx.name(d)))
            return
        knock_out_by_attack(actx, d)


class KnockOutChosen(Effect):
    """Knock Out `count` Pokémon of `which` chosen in choices.pokemon (all when fewer qualify)."""

    def __init__(self, count: int, which: Which):
        self.count = count
        self.which = which
        self.text = f"Knock Out {count} of {which.describe()} (choices.pokemon)"

    def check(self, actx: AttackCtx) -> None:
        pick(actx, self, self.which, self.count)

    def after(self, actx: AttackCtx) -> None:
        targets = _in_play(actx, attack_memo(actx, self)["targets"])
        if not targets:
            actx.say(msg("%(attack)s: no Pokémon to Knock Out.", attack=actx.attack.name))
        for p in targets:
            knock_out_by_attack(actx, p)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return pick_options(state, seat, self.which, self.count)


class KnockOutLeastHp(Effect):
    """The Pokémon in play (either side, but this one) with the least HP remaining is Knocked
    Out; among several that tie, the one choices.pokemon names."""
    text = ("the Pokémon in play (yours or your opponent's, except this one) with the least HP remaining is "
            "Knocked Out (choices.pokemon among ties)")

    @staticmethod
    def _least(state: State, seat: int, attacker: Pokemon) -> list[Pokemon]:
        pool = [p for s in (seat, 1 - seat) for p in state.seats[s].in_play() if p is not attacker]
        low = min((state.hp(p) - p.damage for p in pool), default=0)
        return [p for p in pool if state.hp(p) - p.damage == low]

    def check(self, actx: AttackCtx) -> None:
        least = self._least(actx.state, actx.seat, actx.attacker)
        if not least:
            attack_memo(actx, self)["target"] = None
            return
        target = one_pokemon_named(actx.choices, least)
        if target is None:
            names = ", ".join(f"{actx.name(p)} ({p.top})" for p in least)
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of the Pokémon with the least "
                                            "HP remaining: %(pokemon)s.", attack=actx.attack.name, pokemon=names))
        attack_memo(actx, self)["target"] = target

    def after(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self)["target"]
        if target is not None:
            knock_out_by_attack(actx, target)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        least = self._least(state, seat, attacker)
        return [{}] if len(least) <= 1 else [{"pokemon": [p.top]} for p in least]


class BothActivesKnockedOut(Effect):
    text = "both Active Pokémon are Knocked Out"

    def after(self, actx: AttackCtx) -> None:
        for p in (actx.defender, actx.attacker):
            if p is not None:
                knock_out_by_attack(actx, p)


class FlipAll(FlipWithChoices):
    """Flip `coins` coins after damage: when all are heads, the `heads` effects happen."""

    def __init__(self, coins: int, heads: list[Effect]):
        super().__init__(heads=heads)
        self.coins = coins
        self.text = f"flip {coins} coins — all heads: " + ", ".join(e.describe() for e in heads)

    def after(self, actx: AttackCtx) -> None:
        flips = [actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins)]
        if all(flips):
            for e in self.heads:
                if hasattr(e, "after"):
                    e.after(actx)


# -- damage counters -----------------------------------------------------------------------------

def _put(actx: AttackCtx, p: Pokemon, counters: int) -> None:
    if _owner(actx, p) != actx.seat and not actx.can_affect(p):
        actx.say(protected_from_attacks(actx.name(p)))
        return
    place_counters(actx, p, counters, actx.attack.name)


class CountersEach(Effect):
    """`counters` damage counters on each Pokémon of `which` (None: as many as it has, doubling them)."""

    def __init__(self, counters: int | None, which: Which):
        self.counters = counters
        self.which = which
        what = "double the damage counters" if counters is None else f"put {counters} damage counters"
        self.text = f"{what} on each of {which.describe()}"

    def after(self, actx: AttackCtx) -> None:
        for p in self.which.among(actx.state, actx.seat):
            _put(actx, p, p.damage // 10 if self.counters is None else self.counters)


class CountersChosen(Effect):
    """`counters` damage counters on each of `count` different Pokémon of `which` chosen in
    choices.pokemon (all of them when `count` or fewer qualify)."""

    def __init__(self, counters: int, count: int, which: Which):
        self.counters = counters
        self.count = count
        self.which = which
        self.text = f"put {counters} damage counters on each of {count} of {which.describe()} (choices.pokemon)"

    def check(self, actx: AttackCtx) -> None:
        pick(actx, self, self.which, self.count)

    def after(self, actx: AttackCtx) -> None:
        for p in _in_play(actx, attack_memo(actx, self)["targets"]):
            _put(actx, p, self.counters)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return pick_options(state, seat, self.which, self.count)
