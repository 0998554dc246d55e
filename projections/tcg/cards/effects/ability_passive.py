"""Modern Abilities that work by themselves while their Pokémon is in play (issue 45): what may
attack, what an attack costs, a Pokémon's types and HP, damage given and taken, and Abilities
switched off. Built from the printed text by `cards/compiler/ability_passive.py`.

Rulings taken here (R-POWER-1 unless said; modern rulings, Pokémon TCG rulebook and the
Compendium's answers for these cards):
- "This Pokémon can't attack unless …" / "If …, this Pokémon can't attack." answer
  `can_attack` (R-ATTACK-1): the attack is refused while the condition holds now.
  "Team Rocket's Pokémon": a Pokémon whose name begins "Team Rocket's" (effects.trainer_text
  `owned_by`); "Pokémon ex or Pokémon V": the Pokémon with the "ex" tag (no Pokémon V is printed
  in the modern pool, effects.abilities).
- "Damage from attacks used by this Pokémon isn't affected by any effects on your opponent's
  Active Pokémon" marks each attack of this Pokémon (`before_attack`, asked before its
  damage) as ignoring the effects on the Defending Pokémon, Weakness and Resistance kept
  (AttackCtx.ignores "effects_on_defender", combat.py). An attack it copies without being asked
  `before_attack` (combat.run_attack: `copied`) is not marked.
- "<Attack> used by this Pokémon costs T less for each …" / "Attacks used by this Pokémon cost
  T less for each …" answer `attacks`: the attack's cost loses one T symbol per thing counted,
  never below no cost; the symbols are taken from the end of the cost. "can use the <attack>
  attack for T" makes that cost [T] while the condition holds; "ignore all Energy in the cost
  of <attack>" makes it free. What reads an attack's cost (an effect counting the Energy beyond
  it) reads the changed one.
- "it is T and T type" replaces its types (`types`, R-INPLAY-1) while the condition holds.
  Weakness and Resistance (R-DAMAGE-1 c, d) apply to an attacking Pokémon of several types when
  the Defending Pokémon is weak to (or resists) any of them: a type it is weak to is the
  attack's type, and Resistance to another of its types is then applied too (right after
  Weakness).
- "gets +N HP for each …" answers `hp` (R-INPLAY-1), asked afresh each time: the Energy counted
  is the Energy that provides T now (core.energy_count); "Prize card your opponent has taken"
  is the game's Prize cards less those the opponent has left.
- "The effect of <Ability> doesn't stack": however many Pokémon with it its player has in play,
  it applies once (the first of them in play order, Active then Bench, answers; "on your
  Bench": the first Benched one).
- "take N less damage from attacks from your opponent's Pokémon (after applying Weakness and
  Resistance)" for several of its player's Pokémon answers `damage_taken` (R-DAMAGE-1 f), the
  opponent's attacks only, Active or Benched.
- "attacks used by … do N more damage to your opponent's Active Pokémon" answers
  `damage_attacker` (R-DAMAGE-1 b): the attack's damage to the Defending Pokémon only, when the
  attack does damage (as effects.abilities BoostOwnAttacks).
- "has no Abilities" / "lose any Ability that …": the Ability switched off answers no hook
  (`ignores_power`, asked by the hook pipeline of every power in play) and can't be used
  (`can_use_power`, R-POWER-1); one that switches others off keeps its own. "an Ability that
  requires the Pokémon using it to Knock Out itself": an Ability whose printed text ends "If
  you <use this Ability / searched your deck in this way>, this Pokémon is Knocked Out.".
- "Prevent all damage … if that damage is N or more" compares the damage after every other
  step (`damage_taken`, the last one, R-DAMAGE-1 f).
- "Each of your evolved Pokémon can use any attack from its previous Evolutions" (`attacks`):
  the attacks of the Pokémon cards under its top card, after its own, each with its printed
  cost (R-ATTACK-1).
- "it can evolve during your first turn or the turn you play it" (`evolves_early`) waives only
  R-EVOLVE-2 and -3: the card must still evolve from it (R-EVOLVE-1), and what is in play may
  still refuse (`can_evolve`). "If you go first, this Pokémon can use attacks during your first
  turn" (`attacks_first_turn`) waives only R-ATTACK-5.
- "Put this Pokémon into play only with the effect of <X>": the card can't be played to evolve
  nor evolved by another effect (evolution.check_evolution, R-EVOLVE-1): this Ability works from
  the hand and the deck, where the card is.
- "Whenever your opponent attaches an Energy card from their hand …" (`on_attach`, from the
  hand: the turn's attachment or an effect attaching from the hand) and "… plays a Pokémon from
  their hand to evolve …" (`on_evolve`, which every evolution from the hand tells: the evolve
  action, Rare Candy) place their counters on that Pokémon during the opponent's turn (R-DAMAGE-3);
  a Knock Out they cause is settled after the action.
- "Whenever your opponent's Active Pokémon moves to the Bench during their turn" (`on_moved_to_bench`,
  told by core.switch_active: a retreat, a switch by any effect): only during the turn of that
  Pokémon's player; the counters go on the Pokémon now Benched, the Special Condition on their new
  Active Pokémon.
- "During Pokémon Checkup, …" answers `between_turns` (after Poison, Burn, Asleep and
  Paralysis, R-CHECKUP-1); "put N more damage counters on your opponent's Burned Pokémon" goes
  with the Burn's own counters (`before_checkup`, so before the Burn's flip). Each Pokémon with it
  places its own (no text says it doesn't stack). "each Pokémon that has an Ability": its card
  prints one.
- "Each Basic <T> Energy attached to all of your Pokémon provides <T><T> Energy" (`energy_units`):
  a basic Energy card now providing T alone provides it twice; every reader of Energy (costs,
  counts) sees two.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....messages import msg
from ... import hooks
from ...carddb import has_type
from ...contexts import AttackCtx
from ...core import Illegal, energy_count, heal, inflict, place_counters
from ...hooks import (
    AffectEvent,
    AttachEvent,
    AttackEvent,
    DamageEvent,
    EnergyEvent,
    EvolveEvent,
    Listener,
    PokemonEvent,
    PowerEvent,
    TurnEvent,
)
from .abilities import _power_name
from .base import Power, name_of
from .powers import IntimidatingFang
from .trainer_text import owned_by

if TYPE_CHECKING:
    from ...carddb import AttackDef, PowerDef
    from ...state import Pokemon, State

# (state, the seat of the Ability's owner, its Pokémon) -> a number or a truth
SeatCount = Callable[["State", int, "Pokemon"], int]
SeatTest = Callable[["State", int, "Pokemon"], bool]


def prizes_taken_by_opponent(state: State, seat: int, p: Pokemon) -> int:
    return max(0, state.prize_count - len(state.seats[1 - seat].prizes))


def named_in_discard(name: str) -> SeatCount:
    return lambda state, seat, p: sum(state.card_of(i).name == name for i in state.seats[seat].discard)


def opponent_bench(state: State, seat: int, p: Pokemon) -> int:
    return len(state.seats[1 - seat].bench)


def energy_of(kind: str) -> SeatCount:
    return lambda state, seat, p: energy_count(state, p, kind)


def owned_in_play(owner: str) -> SeatCount:
    return lambda state, seat, p: sum(owned_by(state, q, owner) for q in state.seats[seat].in_play())


def opponent_has_rule_box(state: State, seat: int, p: Pokemon) -> bool:
    return any("ex" in state.card_of(q.top).tags for q in state.seats[1 - seat].in_play())


def tag_in_play(tag: str) -> SeatTest:
    return lambda state, seat, p: any(tag in state.card_of(q.top).tags for q in state.seats[seat].in_play())


def same_hand_size(state: State, seat: int, p: Pokemon) -> bool:
    return len(state.seats[seat].hand) == len(state.seats[1 - seat].hand)


def _seat_of(state: State, p: Pokemon) -> int | None:
    return state.find_pokemon(p.top)[0]


def first_of_its_kind(state: State, src: Listener, place: str | None = None) -> bool:
    """"The effect of <Ability> doesn't stack": whether `src` is the first of its player's Pokémon
    in play (on the Bench: `place` "bench") with the same Ability."""
    power = state.card_of(src.card or "").power
    seat = state.seats[src.seat]
    pool = seat.bench if place == "bench" else seat.in_play()
    first = next((q for q in pool if (c := state.card_of(q.top).power) is not None and power is not None
                  and c.name == power.name), None)
    return first is src.on


# -- may it attack ----------------------------------------------------------------------------------

class CantAttackUnless(Power):
    """`can_attack`: this Pokémon's attacks are refused unless `allowed` holds now."""

    def __init__(self, allowed: SeatTest, text: str, why: Any):
        self.allowed, self.text, self.why = allowed, text, why

    def can_attack(self, src: Listener, ev: AttackEvent) -> Illegal | None:
        state = ev.ctx.state
        if ev.attacker is not src.on or self.allowed(state, src.seat, ev.attacker):
            return None
        return Illegal("R-ATTACK-1", msg("%(pokemon)s's %(ability)s: it can't attack %(why)s.",
                                         pokemon=state.card_of(ev.attacker.top).name,
                                         ability=_power_name(state, ev.attacker), why=self.why))


class IgnoresEffectsOnDefender(Power):
    """`before_attack`: this Pokémon's attacks ignore the effects on the Defending Pokémon."""
    text = ("damage from attacks used by this Pokémon isn't affected by any effects on your opponent's Active "
            "Pokémon (Weakness and Resistance apply)")

    def before_attack(self, src: Listener, ev: AttackEvent) -> bool:
        if ev.attacker is src.on and isinstance(ev.ctx, AttackCtx):
            ev.ctx.ignores.add("effects_on_defender")
        return True


# -- what an attack costs -------------------------------------------------------------------------------

def _less(cost: list[str], kind: str, n: int) -> list[str]:
    out = list(cost)
    for _ in range(n):
        if kind not in out:
            break
        del out[len(out) - 1 - out[::-1].index(kind)]
    return out


class AttackCostChange(Power):
    """`attacks`: the cost of this Pokémon's attack `attack` (None: each of its attacks) is one
    `kind` less per `per`, or (`cost`) becomes `cost` while `when` holds."""

    def __init__(self, text: str, *, attack: str | None = None, kind: str = "Colorless",
                 per: SeatCount | None = None, cost: tuple[str, ...] | None = None, when: SeatTest | None = None):
        self.text, self.attack, self.kind, self.per, self.cost, self.when = text, attack, kind, per, cost, when

    def _new_cost(self, state: State, seat: int, p: Pokemon, a: AttackDef) -> list[str] | None:
        if self.attack is not None and a.name != self.attack:
            return None
        if self.per is not None:
            return _less(a.cost, self.kind, self.per(state, seat, p))
        if self.when is not None and self.when(state, seat, p):
            return list(self.cost or ())
        return None

    def attacks(self, src: Listener, ev: PokemonEvent, value: list[AttackDef]) -> list[AttackDef]:
        if ev.pokemon is not src.on:
            return value
        out = []
        for a in value:
            cost = self._new_cost(ev.state, src.seat, ev.pokemon, a)
            out.append(a if cost is None or cost == a.cost else replace(a, cost=cost))
        return out


class PreviousEvolutionsAttacks(Power):
    """`attacks`: each of its player's evolved Pokémon also has the attacks of the Pokémon cards
    under its top card."""
    text = ("each of your evolved Pokémon can use any attack from its previous Evolutions (paying its Energy "
            "cost)")

    def attacks(self, src: Listener, ev: PokemonEvent, value: list[AttackDef]) -> list[AttackDef]:
        p, state = ev.pokemon, ev.state
        if ev.seat != src.seat or len(p.stack) < 2:
            return value
        have = {a.name for a in value}
        more = [a for i in reversed(p.stack[:-1]) if state.card_of(i).supertype == "Pokemon"
                for a in state.card_of(i).attacks if a.name not in have]
        return [*value, *more] if more else value


# -- types and HP ----------------------------------------------------------------------------------------

class TypesAre(Power):
    """`types`: this Pokémon is of `kinds` (while `tool` is attached, when set)."""

    def __init__(self, kinds: tuple[str, ...], tool: str | None = None):
        self.kinds, self.tool = kinds, tool
        when = f"while it has a {tool} attached" if tool else "while it is in play"
        self.text = f"{when}, this Pokémon is {' and '.join(kinds)} type"

    def _on(self, state: State, src: Listener, p: Pokemon) -> bool:
        return p is src.on and (self.tool is None or any(state.card_of(i).name == self.tool for i in p.attached))

    def types(self, src: Listener, ev: PokemonEvent, value: tuple[str, ...]) -> tuple[str, ...]:
        return self.kinds if self._on(ev.state, src, ev.pokemon) else value

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        """Weakness and Resistance to any of its types (ruling above)."""
        if ev.attacker is not src.on or not ev.to_defending or not self._on(ev.state, src, ev.attacker):
            return dmg
        kinds = hooks.types(ev.state, ev.attacker)
        weak = [t for t in kinds if has_type(hooks.weakness(ev.state, ev.target), t)]
        resists = [t for t in kinds if has_type(hooks.resistance(ev.state, ev.target), t)]
        ev.attack_type = weak[0] if weak else resists[0] if resists else ev.attack_type
        if weak and resists and resists[0] != weak[0]:
            ev.__dict__["also_resisted"] = resists[0]
        return dmg

    def damage_attacker_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        kind = ev.__dict__.pop("also_resisted", None) if ev.attacker is src.on else None
        return dmg if kind is None else resistance_to_another_type(ev, kind, dmg)


def resistance_to_another_type(ev: DamageEvent, kind: str, dmg: int) -> int:
    """Right after Weakness to one of an attacker's types: the Defending Pokémon's Resistance to
    another of them (`kind`), unless the attack ignores it."""
    if "resistance" in ev.ignores or "defender_effects" in ev.ignores:
        ev.note(msg("Resistance ignored"))
        return dmg
    amount = ev.ctx.rules.resistance_amount or 30
    dmg -= amount
    ev.note(msg("Resistance (%(type)s) −%(amount)s = %(damage)s", type=kind, amount=amount, damage=dmg))
    return dmg


class HpPlus(Power):
    """`hp`: this Pokémon gets +`amount` HP for each `per` (once when None); `yours`: each of its
    player's Pokémon does (the effect doesn't stack); `energy`: only while it has any of that
    Energy attached (and its attacks then do `boost` more damage to the Defending Pokémon)."""

    def __init__(self, amount: int, text: str, *, per: SeatCount | None = None, yours: bool = False,
                 energy: str | None = None, boost: int = 0):
        self.amount, self.text, self.per, self.yours, self.energy, self.boost = amount, text, per, yours, energy, boost

    def _active(self, state: State, p: Pokemon) -> bool:
        return self.energy is None or energy_count(state, p, self.energy) > 0

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        state, p = ev.state, ev.pokemon
        if self.yours:
            if ev.seat != src.seat or not first_of_its_kind(state, src):
                return value
        elif p is not src.on or src.on is None or not self._active(state, p):
            return value
        return value + self.amount * (self.per(state, src.seat, src.on) if self.per and src.on else 1)

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if (not self.boost or ev.attacker is not src.on or not ev.to_defending or ev.confusion or not ev.by_opponent
                or dmg <= 0 or not self._active(ev.state, ev.attacker)):
            return dmg
        dmg += self.boost
        ev.note(msg("%(why)s +%(amount)s = %(damage)s", why=_power_name(ev.state, ev.attacker), amount=self.boost,
                    damage=dmg))
        return dmg


# -- damage given ------------------------------------------------------------------------------------------

# (state, the Ability's seat, its Pokémon, the attacker, the Defending Pokémon) -> its attacks get the boost
Boosted = Callable[["State", int, "Pokemon", "Pokemon", "Pokemon"], bool]


class MoreDamage(Power):
    """`damage_attacker` (R-DAMAGE-1 b): the attacks of the Pokémon `boosted` says do `amount` more
    damage to the Defending Pokémon (times `per`, when set); `single`: the effect doesn't stack."""

    def __init__(self, amount: int, boosted: Boosted, text: str, *, per: SeatCount | None = None,
                 single: bool = False):
        self.amount, self.boosted, self.text, self.per, self.single = amount, boosted, text, per, single

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        state, on = ev.state, src.on
        if (on is None or not ev.to_defending or ev.confusion or not ev.by_opponent or dmg <= 0
                or _seat_of(state, ev.attacker) != src.seat or not self.boosted(state, src.seat, on, ev.attacker,
                                                                               ev.target)
                or (self.single and not first_of_its_kind(state, src))):
            return dmg
        more = self.amount * (self.per(state, src.seat, on) if self.per else 1)
        if more <= 0:
            return dmg
        dmg += more
        ev.note(msg("%(why)s +%(amount)s = %(damage)s", why=_power_name(state, on), amount=more, damage=dmg))
        return dmg


# -- damage taken -------------------------------------------------------------------------------------------

# (state, the Ability's seat, its Pokémon, the damaged Pokémon) -> it takes less
Shielded = Callable[["State", int, "Pokemon", "Pokemon"], bool]


class YoursTakeLess(Power):
    """`damage_taken` (R-DAMAGE-1 f): the opponent's attacks do `amount` less damage to each of
    its player's Pokémon `shielded` says; `single`: the effect doesn't stack (`place`: among
    the Pokémon with it there)."""

    def __init__(self, amount: int, shielded: Shielded, text: str, *, single: bool = False,
                 place: str | None = None):
        self.amount, self.shielded, self.text, self.single, self.place = amount, shielded, text, single, place

    def damage_taken(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        state, on = ev.state, src.on
        if (on is None or dmg <= 0 or ev.confusion or not ev.by_opponent or _seat_of(state, ev.target) != src.seat
                or (self.place is not None and state.find_pokemon(on.top)[2] != self.place)
                or not self.shielded(state, src.seat, on, ev.target)
                or (self.single and not first_of_its_kind(state, src, self.place))):
            return dmg
        dmg -= self.amount
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=_power_name(state, on), amount=self.amount, damage=dmg))
        return dmg


class FangOfAnyAmount(IntimidatingFang):
    """"As long as this Pokémon is in the Active Spot, attacks used by your opponent's Active Pokémon
    do N less damage (before applying Weakness and Resistance)": `IntimidatingFang` (to the
    Defending Pokémon before Weakness and Resistance, to a Benched one at its first step) of
    `amount`, narrated with the Ability's name."""

    def __init__(self, amount: int, name: str):
        self.amount, self.name = amount, name
        self.text = (f"as long as this Pokémon is in the Active Spot, attacks used by your opponent's Active Pokémon "
                     f"do {amount} less damage (before Weakness and Resistance)")

    def _reduce(self, ev: DamageEvent, dmg: int) -> int:
        dmg -= self.amount
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=self.name, amount=self.amount, damage=dmg))
        return dmg


class PreventBigDamage(Power):
    """`damage_taken`: no damage to this Pokémon from an opponent's attack doing `at_least` or more."""

    def __init__(self, at_least: int):
        self.at_least = at_least
        self.text = (f"prevent all damage done to this Pokémon by attacks from your opponent's Pokémon if that damage "
                     f"is {at_least} or more")

    def damage_taken(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or not ev.by_opponent or ev.confusion or dmg < self.at_least:
            return dmg
        ev.note(msg("%(why)s prevents all damage", why=_power_name(ev.state, ev.target)))
        return 0


# (state, the Ability's seat, its Pokémon, the Pokémon reached, the attacker or None) -> shielded
Guarded = Callable[["State", int, "Pokemon", "Pokemon", "Pokemon | None"], bool]


class ShieldFromAttacks(Power):
    """`can_be_affected`: the opponent's attacks don't reach the Pokémon `guarded` says — their
    damage when `damage`, their other effects when `effects`."""

    def __init__(self, guarded: Guarded, text: str, *, damage: bool = True, effects: bool = True):
        self.guarded, self.text, self.damage, self.effects = guarded, text, damage, effects

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        if ev.by_seat == src.seat or src.on is None or not (self.damage if ev.damage else self.effects):
            return True
        attacker = ev.ctx.attacker if ev.ctx is not None else None
        return not self.guarded(ev.state, src.seat, src.on, ev.pokemon, attacker)


def benched_of_seat(state: State, seat: int, on: Pokemon, p: Pokemon, attacker: Pokemon | None) -> bool:
    found = state.find_pokemon(p.top)
    return found[0] == seat and found[2] == "bench"


# -- Abilities switched off -------------------------------------------------------------------------------

# (state, the switching Ability's seat, its Pokémon, the Pokémon whose Ability is asked, that Ability)
SwitchedOff = Callable[["State", int, "Pokemon", "Pokemon", "PowerDef"], bool]
KNOCKS_ITSELF_OUT = re.compile(r"\bIf you [A-Za-z ]+, this Pokémon is Knocked Out\.$")


def knocks_itself_out(state: State, seat: int, on: Pokemon, p: Pokemon, power: PowerDef) -> bool:
    return bool(KNOCKS_ITSELF_OUT.search(power.text or ""))


class NoAbilities(Power):
    """Abilities `off` says are switched off: they answer no hook (`ignores_power`) and can't be
    used (`can_use_power`); this Ability (its name) never is."""

    def __init__(self, off: SwitchedOff, text: str):
        self.off, self.text = off, text

    def ignores_power(self, src: Listener, state: State, pokemon: Pokemon, power: PowerDef) -> bool:
        own = state.card_of(src.card or "").power
        return (src.on is not None and power.kind == "Ability" and (own is None or power.name != own.name)
                and self.off(state, src.seat, src.on, pokemon, power))

    def can_use_power(self, src: Listener, ev: PowerEvent) -> Illegal | None:
        state = ev.ctx.state
        if src.on is None or not self.ignores_power(src, state, ev.pokemon, ev.power):
            return None
        return Illegal("R-POWER-1", msg("%(ability)s can't be used: %(pokemon)s's %(off)s switches it off.",
                                        ability=ev.power.name, pokemon=state.card_of(src.on.top).name,
                                        off=_power_name(state, src.on)))


# -- the turn's rules ---------------------------------------------------------------------------------------

class EvolvesEarly(Power):
    """`evolves_early`: this Pokémon may evolve during its player's first turn or the turn it came
    into play, while `when` holds (R-EVOLVE-2, -3 waived; the rest of evolving applies)."""

    def __init__(self, when: SeatTest, text: str):
        self.when, self.text = when, text

    def evolves_early(self, src: Listener, ev: EvolveEvent, value: bool) -> bool:
        return value or (ev.pokemon is src.on and self.when(ev.ctx.state, src.seat, ev.pokemon))


class AttacksFirstTurn(Power):
    """`attacks_first_turn`: this Pokémon may attack during the first player's first turn (R-ATTACK-5
    waived)."""
    text = "if you go first, this Pokémon can use attacks during your first turn"

    def attacks_first_turn(self, src: Listener, ev: AttackEvent, value: bool) -> bool:
        return value or ev.attacker is src.on


class OnlyIntoPlayBy(Power):
    """"Put this Pokémon into play only with the effect of <X>": it can't be played to evolve (nor
    by another effect that evolves: evolution.check_evolution reads `only_into_play_by`), only the
    effect named puts it into play (R-EVOLVE-1). The Ability works while the card is in the hand
    or the deck: it says how the card comes into play."""

    def __init__(self, by: str):
        self.only_into_play_by = by
        self.text = f"put this Pokémon into play only with the effect of {by}"


def is_active(state: State, seat: int, p: Pokemon) -> bool:
    return state.seats[seat].active is p


def named_in_play(name: str) -> SeatTest:
    return lambda state, seat, p: any(state.card_of(q.top).name == name for q in state.seats[seat].in_play())


# -- what happens in play -----------------------------------------------------------------------------------

class CountersOnOpponentsPlay(Power):
    """Whenever the opponent attaches an Energy card from their hand to one of their Pokémon
    (`on_attach`) — or (`evolve`) plays a Pokémon from their hand to evolve one (`on_evolve`) —
    `counters` damage counters go on that Pokémon (placed, R-DAMAGE-3); `single`: the effect
    doesn't stack."""

    def __init__(self, counters: int, text: str, *, evolve: bool = False, single: bool = False):
        self.counters, self.text, self.evolve, self.single = counters, text, evolve, single

    def _place(self, src: Listener, ctx: Any, p: Pokemon) -> None:
        state = ctx.state
        if (src.on is None or ctx.seat == src.seat or _seat_of(state, p) != 1 - src.seat
                or (self.single and not first_of_its_kind(state, src))):
            return
        place_counters(ctx, p, self.counters, msg("%(pokemon)s's %(ability)s", pokemon=name_of(state, src.on),
                                                  ability=_power_name(state, src.on)))

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        if not self.evolve and ev.from_hand and ev.ctx.state.card_of(ev.card).supertype == "Energy":
            self._place(src, ev.ctx, ev.pokemon)

    def on_evolve(self, src: Listener, ev: EvolveEvent) -> None:
        if self.evolve:
            self._place(src, ev.ctx, ev.pokemon)


class OnOpponentToBench(Power):
    """Whenever the opponent's Active Pokémon moves to the Bench during their turn (`on_moved_to_bench`:
    a retreat or a switch), `counters` damage counters go on it, or their new Active Pokémon gets
    `condition` (core.inflict); `active_only`: while this Pokémon is in the Active Spot."""

    def __init__(self, text: str, *, counters: int = 0, condition: str | None = None, active_only: bool = False):
        self.text, self.counters, self.condition, self.active_only = text, counters, condition, active_only

    def on_moved_to_bench(self, src: Listener, ev: PokemonEvent) -> None:
        state, ctx, on = ev.state, ev.ctx, src.on
        if (ctx is None or on is None or ev.seat != 1 - src.seat or state.seat_to_act != ev.seat
                or (self.active_only and not is_active(state, src.seat, on))):
            return
        if self.counters:
            place_counters(ctx, ev.pokemon, self.counters, msg("%(pokemon)s's %(ability)s", pokemon=name_of(state, on),
                                                               ability=_power_name(state, on)))
        new = state.seats[ev.seat].active
        if self.condition and new is not None:
            inflict(ctx, new, self.condition)


class HealOnOwnAttach(Power):
    """While this Pokémon is Active: whenever its player attaches an Energy card from their hand to
    one of their Pokémon (`on_attach`), `amount` damage is healed from that Pokémon."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = (f"as long as this Pokémon is in the Active Spot, whenever you attach an Energy card from your "
                     f"hand to 1 of your Pokémon, heal {amount} damage from that Pokémon")

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        ctx, p = ev.ctx, ev.pokemon
        state = ctx.state
        if (not ev.from_hand or src.on is None or ctx.seat != src.seat or not is_active(state, src.seat, src.on)
                or _seat_of(state, p) != src.seat or state.card_of(ev.card).supertype != "Energy"):
            return
        healed = heal(ctx, p, self.amount)
        if healed:
            ctx.say(msg("%(ability)s: %(pokemon)s heals %(healed)s damage.", ability=_power_name(state, src.on),
                        pokemon=name_of(state, p), healed=healed), "R-POWER-1")


class DoubleBasicEnergy(Power):
    """`energy_units`: each basic `kind` Energy card attached to its player's Pokémon provides
    `kind` twice (the effect doesn't stack)."""

    def __init__(self, kind: str):
        self.kind = kind
        self.text = (f"each Basic {kind} Energy attached to your Pokémon provides {kind}{kind} Energy (it doesn't "
                     "stack)")

    def energy_units(self, src: Listener, ev: EnergyEvent, units: list[str]) -> list[str]:
        state = ev.state
        c = state.card_of(ev.card)
        if (units != [self.kind] or not c.is_basic_energy or _seat_of(state, ev.pokemon) != src.seat
                or not first_of_its_kind(state, src)):
            return units
        return [self.kind, self.kind]


# (state, the Ability's seat, its Pokémon, a Pokémon in play) -> it gets the counters
Checked = Callable[["State", int, "Pokemon", "Pokemon"], bool]


class CheckupCounters(Power):
    """During Pokémon Checkup (`between_turns`; `before`: `before_checkup`, with the Burn's own
    counters), `counters` damage counters on each Pokémon in play `hit` says (placed, R-DAMAGE-3;
    Knock Outs settled with the checkup's, R-CHECKUP-1)."""

    def __init__(self, counters: int, hit: Checked, text: str, *, before: bool = False):
        self.counters, self.hit, self.text, self.before = counters, hit, text, before

    def _place(self, src: Listener, ev: TurnEvent) -> None:
        state, on = ev.ctx.state, src.on
        if on is None:
            return
        why = msg("%(pokemon)s's %(ability)s", pokemon=name_of(state, on), ability=_power_name(state, on))
        for seat in (src.seat, 1 - src.seat):
            for p in state.seats[seat].in_play():
                if self.hit(state, src.seat, on, p):
                    place_counters(ev.ctx, p, self.counters, why)

    def before_checkup(self, src: Listener, ev: TurnEvent) -> None:
        if self.before:
            self._place(src, ev)

    def between_turns(self, src: Listener, ev: TurnEvent) -> None:
        if not self.before:
            self._place(src, ev)


__all__ = ["AttackCostChange", "AttacksFirstTurn", "CantAttackUnless", "CheckupCounters", "CountersOnOpponentsPlay",
           "DoubleBasicEnergy", "EvolvesEarly", "FangOfAnyAmount", "HealOnOwnAttach", "HpPlus",
           "IgnoresEffectsOnDefender", "MoreDamage", "NoAbilities", "OnOpponentToBench", "OnlyIntoPlayBy",
           "PreventBigDamage", "PreviousEvolutionsAttacks", "ShieldFromAttacks", "TypesAre", "YoursTakeLess",
           "resistance_to_another_type"]
