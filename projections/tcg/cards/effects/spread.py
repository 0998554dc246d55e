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
  has. "Move all damage counters from ... to ...": the counters leave the first Pokémon and are
  put on the second (no damage); when the second is shielded from attacks' effects, they stay.
- "If Durant is on your Bench", "your Benched Charjabug": a Pokémon of exactly that name; "a
  Pokémon that has "Nidoking" in its name": the name holds the word. A kind ("Stage 2 Darkness
  Pokémon", "Ancient Pokémon") is read from the top card (Stage, tags) and the type now.
- The board is read as the attack does its damage (R-ATTACK-2), as `damage_conditions` does.
- "Put up to N damage counters on this Pokémon": choices.count says how many (0 to N; it must be
  given: no default number); they are put on before the damage, which counts them.
- "Your opponent flips a coin for each of their Benched Pokémon": the coins are the game's, as
  any attack's (the flipping player changes who tosses them at a table, not what they say).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ....messages import msg
from ... import hooks
from ...core import Illegal, place_counters
from .base import Effect, attack_memo, protected_from_attacks
from .choices import chosen_cards, one_pokemon_named
from .coins import FlipWithChoices
from .damage import SelfDamage
from .damage_conditions import Condition, Count

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...state import Pokemon, State

Fits = Callable[["State", "Pokemon"], bool]
# A number for one Pokémon as the attack goes: damage counters to put on it, a multiplier.
PerPokemon = Callable[["AttackCtx", "Pokemon"], int]


@dataclass(frozen=True)
class Which:
    """The Pokémon a wording names: whose ("opponent", "own", "both"), Benched ones only, the
    Active one only (`active`) or all in play, and a quality they must have (`fits`, said in `words`)."""
    whose: str = "opponent"
    bench: bool = False
    fits: Fits | None = None
    words: str = ""
    active: bool = False

    def _pool(self, state: State, seat: int) -> list[Pokemon]:
        if self.active:
            return [p for p in (state.seats[seat].active,) if p is not None]
        return list(state.seats[seat].bench) if self.bench else state.seats[seat].in_play()

    def among(self, state: State, seat: int) -> list[Pokemon]:
        seats = {"opponent": (1 - seat,), "own": (seat,), "both": (seat, 1 - seat)}[self.whose]
        pool = [p for s in seats for p in self._pool(state, s)]
        return [p for p in pool if self.fits is None or self.fits(state, p)]

    def describe(self) -> str:
        whose = {"opponent": "your opponent's", "own": "your", "both": "both players'"}[self.whose]
        where = "Benched " if self.bench else "Active " if self.active else ""
        return f"{whose} {where}Pokémon{self.words}"


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


def all_of(*fits: Fits) -> Fits:
    return lambda state, p: all(f(state, p) for f in fits)


def named(name: str) -> Fits:
    """The Pokémon's name is `name` ("your Benched Pancham")."""
    return lambda state, p: str(state.card_of(p.top).name) == name


def name_has(*names: str) -> Fits:
    """"that has "Koffing" or "Weezing" in its name": one of `names` is in the Pokémon's name."""
    return lambda state, p: any(n in str(state.card_of(p.top).name) for n in names)


def owned(owner: str) -> Fits:
    """A Trainer's Pokémon ("Cynthia's Pokémon"): its name begins with the Trainer's (as
    damage_conditions' owned_in_play)."""
    return lambda state, p: str(state.card_of(p.top).name).startswith(owner + " ")


def of_type(energy_type: str) -> Fits:
    """A Pokémon of `energy_type` now (`hooks.types`, R-INPLAY-1)."""
    return lambda state, p: hooks.is_type(state, p, energy_type)


def stage_of(*stages: str) -> Fits:
    """The Pokémon's top card is of one of `stages` ("Evolution": Stage 1 or Stage 2)."""
    return lambda state, p: state.card_of(p.top).stage in stages


def at_least(count: Count, n: int) -> Condition:
    return Condition(f"at least {n} {count.text}", lambda a: count.count(a) >= n, count.asks)


def all_present(*whiches: Which) -> Condition:
    """Each of `whiches` names at least one Pokémon in play ("If Beldum and Metang are on your Bench")."""
    return Condition(" and ".join(f"any of {w.describe()} is in play" for w in whiches),
                     lambda a: all(w.among(a.state, a.seat) for w in whiches))


def _types_in_play(a: AttackCtx, seat: int) -> set[str]:
    return {t for p in a.state.seats[seat].in_play() for t in hooks.types(a.state, p)}


SAME_TYPE = Condition("any of your Pokémon in play is of a type of any of your opponent's Pokémon in play",
                      lambda a: bool(_types_in_play(a, a.seat) & _types_in_play(a, a.opp)), ("types",))


def counters_on(which: Which) -> Count:
    return Count(f"damage counter on all of {which.describe()}",
                 lambda a: sum(p.damage // 10 for p in which.among(a.state, a.seat)))


def how_many(which: Which) -> Count:
    return Count(f"of {which.describe()}", lambda a: len(which.among(a.state, a.seat)))


def any_of(which: Which) -> Condition:
    return Condition(f"any of {which.describe()} is in play", lambda a: bool(which.among(a.state, a.seat)))


def remaining_hp_at_most(hp: int) -> Condition:
    return Condition(f"this Pokémon's remaining HP is {hp} or less",
                     lambda a: a.state.hp(a.attacker) - a.attacker.damage <= hp)


def counters_of(actx: AttackCtx, p: Pokemon) -> int:
    """The damage counters on `p` ("for each damage counter on that Pokémon", "double the number")."""
    return p.damage // 10


def prizes_taken_by_opponent(actx: AttackCtx, p: Pokemon) -> int:
    return max(0, actx.state.prize_count - len(actx.them.prizes))


def until_remaining(hp: int) -> PerPokemon:
    """The counters that leave `p` with `hp` HP remaining (none when it has that or less)."""
    return lambda actx, p: max(0, (actx.state.hp(p) - p.damage - hp) // 10)


def per_hand_card(per: int) -> PerPokemon:
    return lambda actx, p: per * len(actx.me.hand)


def special_energy(state: State, p: Pokemon) -> bool:
    return any(state.card_of(i).energy_kind == "special" for i in p.energy)


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
        self.times: PerPokemon | None = None     # `amount` times this for each Pokémon (Bench damage only)

    def _amount(self, actx: AttackCtx, p: Pokemon) -> int:
        return self.amount * self.times(actx, p) if self.times else self.amount

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
                _hit(actx, p, self._amount(actx, p), self.ignores)

    def _ignored(self) -> str:
        return f" (ignoring {', '.join(sorted(self.ignores))})" if self.ignores else ""


class DamageChosen(_Spread):
    """`amount` damage to `count` different Pokémon of `which` chosen in choices.pokemon (all of
    them when `count` or fewer qualify); rulings above."""

    def __init__(self, amount: int, count: int, which: Which, *, also: bool = False, ignores: tuple[str, ...] = (),
                 per_counter: bool = False):
        super().__init__(amount, which, also, ignores)
        self.count = count
        self.times = counters_of if per_counter and which.bench else None
        each = " for each damage counter on it" if self.times else ""
        self.text = (f"{'also ' if also else ''}{amount} damage{each} to {count} of {which.describe()} you choose "
                     f"(choices.pokemon; all of them when there are {count} or fewer){self._ignored()}")

    def check(self, actx: AttackCtx) -> None:
        pick(actx, self, self.which, self.count)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return pick_options(state, seat, self.which, self.count)


class DamageEach(_Spread):
    """`amount` damage to each Pokémon of `which` (but this one, with `except_self`)."""

    def __init__(self, amount: int, which: Which, *, also: bool = False, ignores: tuple[str, ...] = (),
                 except_self: bool = False, per_prize_taken: bool = False):
        super().__init__(amount, which, also, ignores)
        self.except_self = except_self
        self.times = prizes_taken_by_opponent if per_prize_taken and which.bench else None
        but = ", except this Pokémon" if except_self else ""
        per = " for each Prize card your opponent has taken" if self.times else ""
        self.text = (f"{'also ' if also else ''}{amount} damage{per} to each of {which.describe()}{but}"
                     f"{self._ignored()}")

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
    """Flip `coins` coins after damage: when all are heads (`tails`: all are tails), the effects happen."""

    def __init__(self, coins: int, effects: list[Effect], tails: bool = False):
        super().__init__(heads=effects)
        self.coins = coins
        self.on_tails = tails
        self.text = f"flip {coins} coins — all {'tails' if tails else 'heads'}: " + ", ".join(
            e.describe() for e in effects)

    def after(self, actx: AttackCtx) -> None:
        flips = [actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins)]
        if all(f != self.on_tails for f in flips):
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
    """`counters` damage counters on each Pokémon of `which`, or as many as `counters` says for it
    (doubling them, "until its remaining HP is N", "for each card in your hand"; said in `words`)."""

    def __init__(self, counters: int | PerPokemon, which: Which, words: str = ""):
        self.counters = counters
        self.which = which
        what = f"put {counters} damage counters" if isinstance(counters, int) else words
        self.text = f"{what} on each of {which.describe()}"

    def after(self, actx: AttackCtx) -> None:
        for p in self.which.among(actx.state, actx.seat):
            _put(actx, p, self.counters if isinstance(self.counters, int) else self.counters(actx, p))


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


class MoveAllCounters(Effect):
    """Move all damage counters from 1 Pokémon of `source` (choices.from) to 1 of the opponent's
    Pokémon (choices.to), or to the opponent's Active Pokémon (`to_active`). Moved counters are
    no damage (R-DAMAGE-3); an effect that keeps attacks' effects off the receiving Pokémon keeps
    them where they are."""

    def __init__(self, source: Which, to_active: bool):
        self.source = source
        self.to_active = to_active
        to = "your opponent's Active Pokémon" if to_active else "1 of your opponent's Pokémon (choices.to)"
        self.text = f"move all damage counters from 1 of {source.describe()} (choices.from) to {to}"

    def _pair(self, actx: AttackCtx) -> tuple[Pokemon, Pokemon] | None:
        sources = self.source.among(actx.state, actx.seat)
        targets = [actx.defender] if self.to_active and actx.defender else ([] if self.to_active else
                                                                             actx.them.in_play())
        if not sources or not targets:
            return None
        src = one_pokemon_named(actx.choices, sources, key="from")
        dst = one_pokemon_named(actx.choices, targets, key="to")
        if src is None or dst is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.from names 1 of %(from)s and choices.to 1 of "
                                            "%(to)s.", attack=actx.attack.name,
                                            **{"from": ", ".join(f"{actx.name(p)} ({p.top})" for p in sources),
                                               "to": ", ".join(f"{actx.name(p)} ({p.top})" for p in targets)}))
        return src, dst

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["pair"] = self._pair(actx)

    def after(self, actx: AttackCtx) -> None:
        pair = attack_memo(actx, self)["pair"]
        if pair is None or pair[0].damage < 10:
            actx.say(msg("%(attack)s: no damage counters to move.", attack=actx.attack.name))
            return
        src, dst = pair
        counters = src.damage // 10
        if not actx.can_affect(dst):
            actx.say(protected_from_attacks(actx.name(dst)))
            return
        src.damage -= 10 * counters
        place_counters(actx, dst, counters, msg("%(attack)s, from %(pokemon)s", attack=actx.attack.name,
                                                pokemon=actx.name(src)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        sources = self.source.among(state, seat)
        them = state.seats[1 - seat]
        targets = [] if self.to_active else them.in_play()
        pairs = [{"from": [s.top]} for s in sources] if len(sources) > 1 else [{}]
        return [{**a, "to": [t.top]} for a in pairs for t in targets] if len(targets) > 1 else pairs


class MayMoreWithSelfDamage(Effect):
    """"You may do `bonus` more damage. If you do, this Pokémon also does `self_damage` damage to
    itself." (the printed "+"): choices.count 1 does it (the bonus taken once); left out or 0, not."""

    def __init__(self, bonus: int, self_damage: int):
        self.bonus = bonus
        self.hurt = SelfDamage(self_damage)
        self.text = f"you may do {bonus} more damage (choices.count 1): if you do, {self.hurt.text}"

    def _more(self, actx: AttackCtx) -> bool:
        raw = actx.choices.get("count")
        if raw not in (None, 0, 1) or isinstance(raw, bool):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.count is 1 to do the more damage, 0 or left out not "
                                            "to.", attack=actx.attack.name))
        return raw == 1

    def check(self, actx: AttackCtx) -> None:
        self._more(actx)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.bonus if self._more(actx) else amount

    def after(self, actx: AttackCtx) -> None:
        if self._more(actx):
            self.hurt.after(actx)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}, {"count": 1}]


class SelfDamagePerCounter(Effect):
    """This Pokémon does `per` damage to itself for each damage counter on it (counted after the
    attack's damage to the Defending Pokémon, which doesn't change them)."""

    def __init__(self, per: int):
        self.per = per
        self.text = f"this Pokémon does {per} damage to itself for each damage counter on it"

    def after(self, actx: AttackCtx) -> None:
        SelfDamage(self.per * (actx.attacker.damage // 10)).after(actx)


class BaseIfDefending(Effect):
    """"If your opponent's Active Pokémon <fits>, this attack's base damage is `base`." """

    def __init__(self, fits: Fits, words: str, base: int):
        self.fits = fits
        self.base = base
        self.text = f"if the opponent's Active Pokémon {words}, the base damage is {base}"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        return self.base if d is not None and self.fits(actx.state, d) else amount


class CountersOnSelfForDamage(Effect):
    """"Put up to `most` damage counters on this Pokémon. This attack does N damage for each
    damage counter you placed in this way." (the printed "×"): choices.count says how many (0 to
    `most`); they are put on before the damage (R-DAMAGE-3: no damage, nothing changes them)."""

    def __init__(self, most: int):
        self.most = most
        self.text = (f"put up to {most} damage counters on this Pokémon (choices.count): the printed damage times "
                     "that number")

    def _count(self, actx: AttackCtx) -> int:
        raw = actx.choices.get("count")
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= self.most:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.count says how many damage counters to put on "
                                            "%(pokemon)s, 0 to %(count)s.", attack=actx.attack.name,
                                            pokemon=actx.attacker_name, count=self.most))
        return raw

    def check(self, actx: AttackCtx) -> None:
        self._count(actx)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        placed = self._count(actx)
        place_counters(actx, actx.attacker, placed, actx.attack.name)
        return actx.attack.damage * placed

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{"count": n} for n in range(self.most + 1)]


class TimesOpponentTails(Effect):
    """"Your opponent flips a coin for each of their Benched Pokémon. This attack does N damage
    to your opponent's Active Pokémon for each tails." (the printed "×")."""
    text = "the opponent flips a coin for each of their Benched Pokémon: the printed damage times the tails"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        coins = len(actx.them.bench)
        flips = [actx.flip(f"{actx.attack.name} ({n + 1}/{coins})") for n in range(coins)]
        return actx.attack.damage * flips.count(False)
