"""Fossil's Pokémon Powers: Prehistoric Power, Transform, Step In, Curse, Transparency, Toxic
Gas, Strange Behavior, Kabuto Armor, Clairvoyance and Cowardice.

A used power has check / use / options (base1_powers.py); `actions.do_use_power` refuses it
first while its Pokémon is Asleep, Confused or Paralyzed (R-POWER-2). A power that works by
itself answers the effect pipeline's hooks (hooks.py) and stops working, as each of these texts
says, while its Pokémon is Asleep, Confused or Paralyzed (`stopped`).

Rulings taken here:
- Toxic Gas answers `ignores_power` (asked by the hook pipeline before it listens to any power)
  and `can_use_power`: while Muk is in play (Active or Benched) and not Asleep, Confused or
  Paralyzed, every power in play whose name is not Toxic Gas — both players', Muk's owner's
  own too — answers no hook and can't be used (R-POWER-1). Two Muk leave each other's Toxic
  Gas working.
- Prehistoric Power answers `can_evolve`: while Aerodactyl is in play and its power works, no
  Evolution card goes on any Pokémon of either player — by the evolve action or by a Trainer
  (Pokémon Breeder) — refused with R-EVOLVE-1. Devolving is not playing an Evolution card.
- Transform: while Ditto is its owner's Active Pokémon, the opponent has an Active Pokémon and
  Ditto's power works, Ditto takes the Defending Pokémon's printed HP, type, Weakness,
  Resistance, Retreat Cost and attacks (hooks `hp`, `types`, `weakness`, `resistance`,
  `retreat_cost`, `attacks`); each Energy unit attached to Ditto pays for any type (and counts as
  any type for an effect that counts Energy of a type). Ditto keeps its own name, Stage, power
  and Prize count; it can't evolve (no card evolves from Ditto's name). An attack Ditto copies
  acts with Ditto as "this Pokémon". Effects on Ditto (Conversion 1, Defender) still apply on
  top of what it copies. Copying another Ditto copies a 50-HP Pokémon with no attacks.
- Step In: once during its owner's turn, Dragonite on the Bench switches with the Active (a
  switch, not a retreat: no cost, R-RETREAT-6 for the Pokémon going to the Bench).
- Curse moves 1 damage counter (not damage: nothing modifies it) from one of the opponent's
  Pokémon to a different one of theirs, once during its owner's turn; a Knock Out it causes is
  settled at once (the Prize taken as usual, R-KO-2).
- Strange Behavior moves 1 counter per use from another of its owner's Pokémon to Slowbro,
  refused when Slowbro would then be Knocked Out.
- Transparency answers the opponent's attacks (`can_be_affected`): the first time an attack
  would do anything to Haunter (its damage or any other effect) Haunter's owner flips once for
  that attack; heads, nothing of that attack reaches Haunter. Damage from its own attacks and
  Confusion are not the opponent's attack.
- Kabuto Armor answers `damage_taken`, R-DAMAGE-1's step f (after Weakness, Resistance and the
  Trainer cards — PlusPower, Defender): the damage any attack does to Kabuto — the opponent's,
  its own player's (Bench damage, Confusion) — is halved, rounded down to a multiple of 10.
- Clairvoyance answers `hand_face_up`: while Omanyte is in play and its power works, the
  opponent's hand is shown to Omanyte's owner (view.py).
- Cowardice: Tentacool's card goes back to the hand and the cards attached to it (Energy,
  Trainers) are discarded; not on the turn it came into play, and not when it is its owner's
  only Pokémon in play (as Scoop Up: a player leaves itself no Pokémon by no choice of its own).
  If it was Active, its owner promotes a Benched Pokémon (R-KO-3) and goes on with the turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import ANY_TYPE
from ..core import Illegal, discard_cards, remove_pokemon_from_play, switch_active
from .effects import Power, PowerCtx, name_of, once_per_turn, one_instance, own_in_play

if TYPE_CHECKING:
    from ..carddb import AttackDef, CardDef, PowerDef
    from ..hooks import (
        AffectEvent,
        DamageEvent,
        EnergyEvent,
        EvolveEvent,
        Listener,
        PokemonEvent,
        PowerEvent,
        SeatEvent,
    )
    from ..state import Pokemon, State

# What stops a Fossil power that works by itself (each text says so).
STOPPED_BY = ("asleep", "confused", "paralyzed")


def stopped(p: Pokemon | None) -> bool:
    """The power of `p` stops working now (its Pokémon is Asleep, Confused or Paralyzed)."""
    return p is None or any(c in STOPPED_BY for c in p.conditions)


def _power_name(state: State, p: Pokemon) -> str:
    power = state.card_of(p.top).power
    return power.name if power else ""


# -- Aerodactyl: Prehistoric Power ----------------------------------------------------------

class PrehistoricPower(Power):
    """Passive: no Evolution card can be played by either player."""
    text = ("while this Pokémon is in play, no Evolution card can be played onto any Pokémon (yours or your "
            "opponent's, Pokémon Breeder too); it stops working while this Pokémon is Asleep, Confused or "
            "Paralyzed")

    def can_evolve(self, src: Listener, ev: EvolveEvent) -> Illegal | None:
        if stopped(src.on):
            return None
        assert src.on is not None, "a power in play"
        state = ev.ctx.state
        return Illegal("R-EVOLVE-1", msg("No Evolution card can be played while %(pokemon)s's %(power)s works.",
                                         pokemon=name_of(state, src.on), power=_power_name(state, src.on)))


# -- Muk: Toxic Gas -------------------------------------------------------------------------------

class ToxicGas(Power):
    """Passive: every other power in play (but another Toxic Gas) is ignored."""
    text = ("while this Pokémon is in play, every Pokémon Power in play other than Toxic Gas, yours and your "
            "opponent's, is ignored (it does nothing and can't be used); it stops working while this Pokémon "
            "is Asleep, Confused or Paralyzed")

    def ignores_power(self, src: Listener, state: State, pokemon: Pokemon, power: PowerDef) -> bool:
        """Whether `pokemon`'s `power` is ignored because of this power (engine-facing)."""
        return not stopped(src.on) and src.on is not None and power.name != _power_name(state, src.on)

    def can_use_power(self, src: Listener, ev: PowerEvent) -> Illegal | None:
        state = ev.ctx.state
        if not self.ignores_power(src, state, ev.pokemon, ev.power):
            return None
        assert src.on is not None, "ignores_power: a power in play"
        return Illegal("R-POWER-1", msg("%(power)s can't be used: %(pokemon)s's %(gas)s makes every other Pokémon "
                                        "Power ignored.", power=ev.power.name, pokemon=name_of(state, src.on),
                                        gas=_power_name(state, src.on)))


# -- Ditto: Transform -----------------------------------------------------------------------------

class Transform(Power):
    """Passive: as the Active, this Pokémon is the Defending Pokémon's card (but its name, Stage,
    power and Prizes); its Energy pays for any type."""
    text = ("while this Pokémon is your Active Pokémon, it has the Defending Pokémon's printed HP, type, Weakness, "
            "Resistance, Retreat Cost and attacks (keeping its own name, Stage and this power; it can't evolve), "
            "and each Energy attached to it counts as Energy of any type; it stops working while this Pokémon "
            "is Asleep, Confused or Paralyzed")

    @staticmethod
    def copied(state: State, src: Listener, p: Pokemon) -> CardDef | None:
        """The card this Pokémon copies now (None: it is itself)."""
        if p is not src.on or stopped(p) or state.seats[src.seat].active is not p:
            return None
        defending = state.seats[1 - src.seat].active
        return state.card_of(defending.top) if defending is not None else None

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        c = self.copied(ev.state, src, ev.pokemon)
        return c.hp if c is not None and c.hp is not None else value

    def types(self, src: Listener, ev: PokemonEvent, value: tuple[str, ...]) -> tuple[str, ...]:
        c = self.copied(ev.state, src, ev.pokemon)
        return ((c.type,) if c.type else ()) if c is not None else value

    def weakness(self, src: Listener, ev: PokemonEvent, value: Any) -> Any:
        c = self.copied(ev.state, src, ev.pokemon)
        return c.weakness if c is not None else value

    def resistance(self, src: Listener, ev: PokemonEvent, value: Any) -> Any:
        c = self.copied(ev.state, src, ev.pokemon)
        return c.resistance if c is not None else value

    def retreat_cost(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        c = self.copied(ev.state, src, ev.pokemon)
        return c.retreat_cost if c is not None else value

    def attacks(self, src: Listener, ev: PokemonEvent, value: list[AttackDef]) -> list[AttackDef]:
        c = self.copied(ev.state, src, ev.pokemon)
        return list(c.attacks) if c is not None else value

    def energy_units(self, src: Listener, ev: EnergyEvent, units: list[str]) -> list[str]:
        if self.copied(ev.state, src, ev.pokemon) is None:
            return units
        return [ANY_TYPE] * len(units)


# -- Dragonite: Step In ---------------------------------------------------------------------------

class StepIn(Power):
    """Once during your turn: this Pokémon, on the Bench, switches with your Active Pokémon."""
    text = ("once during your turn, if this Pokémon is on your Bench, switch it with your Active Pokémon (not a "
            "retreat)")

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        if pctx.place != "bench":
            raise Illegal("R-POWER-1", msg("%(power)s is used from the Bench; %(pokemon)s is the Active Pokémon.",
                                           power=_power_name(pctx.state, pctx.pokemon), pokemon=pctx.card.name))

    def use(self, pctx: PowerCtx) -> None:
        old = switch_active(pctx, pctx.seat, pctx.pokemon)
        pctx.say(msg("%(pokemon)s steps in as the Active Pokémon; %(old)s goes to the Bench.", pokemon=pctx.card.name,
                     old=pctx.name(old)), "R-RETREAT-6")


# -- Gengar: Curse --------------------------------------------------------------------------------

class Curse(Power):
    """Once during your turn: move 1 damage counter from one of the opponent's Pokémon
    (choices.from) to another of theirs (choices.to), even if that Knocks it Out."""
    text = ("once during your turn, move 1 damage counter from one of your opponent's Pokémon (choices.from) to "
            "a different one of theirs (choices.to), even if that Knocks it Out; not while this Pokémon is "
            "Asleep, Confused or Paralyzed")
    settled_by_check = ()       # `use` moves the counter `_pair` checked; the Knock Out is the rules'

    def _pair(self, pctx: PowerCtx) -> tuple[Pokemon, Pokemon]:
        state = pctx.state
        src = own_in_play(state, pctx.opp, one_instance(pctx.choices, "from"))
        dst = own_in_play(state, pctx.opp, one_instance(pctx.choices, "to"))
        if src is None or dst is None or src is dst:
            raise Illegal("R-POWER-1", msg("%(power)s needs choices.from and choices.to: two different Pokémon of "
                                           "your opponent's in play.", power=_power_name(state, pctx.pokemon)))
        if src.damage < 10:
            raise Illegal("R-POWER-1", msg("%(pokemon)s has no damage counter to move.", pokemon=name_of(state, src)))
        return src, dst

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        self._pair(pctx)

    def use(self, pctx: PowerCtx) -> None:
        src, dst = self._pair(pctx)
        state = pctx.state
        src.damage -= 10
        dst.damage += 10
        pctx.say(msg("%(power)s moves 1 damage counter from %(source)s (%(source_damage)s/%(source_hp)s) to "
                     "%(target)s (%(target_damage)s/%(target_hp)s).", power=_power_name(state, pctx.pokemon),
                     source=name_of(state, src), source_damage=src.damage, source_hp=state.hp(src),
                     target=name_of(state, dst), target_damage=dst.damage, target_hp=state.hp(dst)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        theirs = state.seats[1 - seat].in_play()
        return [{"from": a.top, "to": b.top} for a in theirs for b in theirs if a is not b and a.damage >= 10]


# -- Slowbro: Strange Behavior ----------------------------------------------------------------------

class StrangeBehavior(Power):
    """Move 1 damage counter from another of your Pokémon (choices.from) to this Pokémon,
    never so that this Pokémon is Knocked Out."""
    text = ("as often as you like during your turn, move 1 damage counter from one of your other Pokémon "
            "(choices.from) to this Pokémon, never so that this Pokémon is Knocked Out; not while this Pokémon "
            "is Asleep, Confused or Paralyzed")
    settled_by_check = ()       # `use` moves the counter `_source` checked; it asks nothing more

    def _source(self, pctx: PowerCtx) -> Pokemon:
        state, me = pctx.state, pctx.pokemon
        src = own_in_play(state, pctx.seat, one_instance(pctx.choices, "from"))
        if src is None or src is me:
            raise Illegal("R-POWER-1", msg("%(power)s needs choices.from: another of your Pokémon in play.",
                                           power=_power_name(state, me)))
        if src.damage < 10:
            raise Illegal("R-POWER-1", msg("%(pokemon)s has no damage counter to move.", pokemon=name_of(state, src)))
        if me.damage + 10 >= state.hp(me):
            raise Illegal("R-POWER-1", msg("%(power)s can't Knock Out %(pokemon)s: it has %(damage)s/%(hp)s and one "
                                           "more counter would Knock it Out.", power=_power_name(state, me),
                                           pokemon=pctx.card.name, damage=me.damage, hp=state.hp(me)))
        return src

    def check(self, pctx: PowerCtx) -> None:
        self._source(pctx)

    def use(self, pctx: PowerCtx) -> None:
        src, me, state = self._source(pctx), pctx.pokemon, pctx.state
        src.damage -= 10
        me.damage += 10
        pctx.say(msg("%(power)s moves 1 damage counter from %(source)s (%(source_damage)s/%(source_hp)s) to "
                     "%(target)s (%(target_damage)s/%(target_hp)s).", power=_power_name(state, me),
                     source=name_of(state, src), source_damage=src.damage, source_hp=state.hp(src),
                     target=pctx.card.name, target_damage=me.damage, target_hp=state.hp(me)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        if pokemon.damage + 10 >= state.hp(pokemon):
            return []
        return [{"from": p.top} for p in state.seats[seat].in_play() if p is not pokemon and p.damage >= 10]


# -- Haunter: Transparency --------------------------------------------------------------------------

class Transparency(Power):
    """Passive: the first time an opponent's attack would do anything to this Pokémon, flip;
    heads, nothing of that attack reaches it."""
    text = ("whenever an opponent's attack would do anything to this Pokémon, flip a coin (once for that attack): "
            "heads, prevent every effect of that attack on it, damage included; it stops working while this "
            "Pokémon is Asleep, Confused or Paralyzed")

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        actx = ev.ctx
        if ev.pokemon is not src.on or ev.by_seat == src.seat or actx is None or stopped(src.on):
            return True
        flips = actx.__dict__.setdefault("transparency", {})
        if src.on.top not in flips:
            name = actx.name(src.on)
            power = _power_name(actx.state, src.on)
            heads = actx.flip(msg("%(pokemon)s's %(power)s", pokemon=name, power=power))
            flips[src.on.top] = heads
            if heads:
                actx.say(msg("%(power)s: nothing of %(attack)s reaches %(pokemon)s.", power=power,
                             attack=actx.attack.name, pokemon=name), "R-POWER-1")
        return not flips[src.on.top]


# -- Kabuto: Kabuto Armor ---------------------------------------------------------------------------

class KabutoArmor(Power):
    """Passive: any attack's damage to this Pokémon is halved (rounded down to a multiple of 10)."""
    text = ("the damage any attack does to this Pokémon (yours too), after Weakness, Resistance and Trainer "
            "cards, is halved, rounded down to a multiple of 10; it stops working while this Pokémon is "
            "Asleep, Confused or Paralyzed")

    def damage_taken(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or stopped(src.on):
            return dmg
        dmg = dmg // 2 // 10 * 10
        ev.note(msg("%(power)s halves it = %(damage)s", power=_power_name(ev.state, src.on), damage=dmg))
        return dmg


# -- Omanyte: Clairvoyance --------------------------------------------------------------------------

class Clairvoyance(Power):
    """Passive: the opponent plays with the hand face up."""
    text = ("while this Pokémon is in play, your opponent plays with the hand face up (you see it); it stops "
            "working while this Pokémon is Asleep, Confused or Paralyzed")

    def hand_face_up(self, src: Listener, ev: SeatEvent, value: bool) -> bool:
        return value or (ev.seat == 1 - src.seat and not stopped(src.on))


# -- Tentacool: Cowardice ---------------------------------------------------------------------------

class Cowardice(Power):
    """Return this Pokémon to the hand, discarding the cards attached to it."""
    text = ("during your turn, return this Pokémon's card to your hand and discard every card attached to it; not "
            "on the turn it came into play, not when it is your only Pokémon in play, not while it is Asleep, "
            "Confused or Paralyzed")
    # `use` asks no hook (it takes the Pokémon out of play); the promotion that may follow is the rules'
    settled_by_check = ()

    def check(self, pctx: PowerCtx) -> None:
        p, state = pctx.pokemon, pctx.state
        if p.entered_turn == state.turn:
            raise Illegal("R-POWER-1", msg("%(power)s can't be used on the turn %(pokemon)s came into play.",
                                           power=_power_name(state, p), pokemon=pctx.card.name))
        if len(pctx.me.in_play()) == 1:
            raise Illegal("R-POWER-1", msg("%(pokemon)s is your only Pokémon in play: returning it would leave you "
                                           "no Active Pokémon.", pokemon=pctx.card.name))

    def use(self, pctx: PowerCtx) -> None:
        p = pctx.pokemon
        was_active = pctx.me.active is p
        remove_pokemon_from_play(pctx, pctx.seat, p)
        rest = p.stack[:-1] + p.energy + p.attached
        discard_cards(pctx, pctx.seat, rest)
        pctx.me.hand.append(p.top)
        pctx.say(msg("%(pokemon)s goes back to %(seat)s's hand; %(count)s attached card(s) are discarded.",
                     pokemon=pctx.card.name, seat=pctx.seat_label(pctx.seat), count=len(rest)), "R-POWER-1")
        if was_active:
            pctx.continue_after("resume")
