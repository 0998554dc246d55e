"""EX Sandstorm Poké-Powers and Poké-Bodies of ex2-1 … ex2-45: Primal Veil, Poison Payback, Super
Suction Cups, Rain Dish, Lunar / Solar Eclipse, Fan Away, Poison Resistance, Fire Veil, Chaos Flash,
Energy Variation, Baby Evolution, Safeguard, Intimidating Fang, Glowing Screen and Exoskeleton.

A Poké-Power has check(pctx) / use(pctx) / options(...) and is refused while its Pokémon has any
Special Condition (by its kind, R-POWER-2); a Poké-Body has no `use` and answers the effect
pipeline's hooks (hooks.py) while its Pokémon is in play, whatever its Special Conditions. The
helpers at the top (basic Energy types, Evolved Pokémon) are shared with `ex2_pokemon_1.py`.

Rulings taken here:
- Primal Veil refuses every Supporter card either player would play while Armaldo is its owner's
  Active Pokémon (R-TRAINER-2: the rule of when Supporters are played). Using a Supporter's
  effect without playing it (Sableye's Supernatural) is not playing one.
- Poison Payback and Fire Veil answer each time an opponent's attack damages Cacturne / Arcanine
  while it is its owner's Active Pokémon, even when that damage Knocks it Out; the attacking
  Pokémon, if still the Active, gets the Special Condition (not an effect of an attack: nothing
  that shields from attacks stops it; what can't have that Condition doesn't get it). Damage
  reduced to 0 is no damage and triggers nothing.
- Super Suction Cups refuses the retreat of the opponent's Active Pokémon while Cradily is its
  owner's Active Pokémon (R-RETREAT-1); a switch by an effect is not a retreat.
- Rain Dish removes 1 damage counter between turns (after every turn, either player's), after
  the checkup's Poison and Burn and before Knock Outs are looked for (`between_turns`, as Oran
  Berry): "at any time between turns" lets its owner take the moment that helps most, so a
  Pokémon the checkup's counters brought to its HP survives when the counter removed brings it
  back below.
- Lunar Eclipse / Solar Eclipse: "Solrock / Lunatone is in play" is a Pokémon of that name in
  play on either side. The type change is the Pokémon's `flags["type"]` until its turn ends
  (`before_checkup`); it is the Pokémon's type for everyone who reads one (R-INPLAY-1,
  hooks.types): Weakness and Resistance, Darkness Energy's extra damage (a Darkness Lunatone with
  a Darkness Energy does 10 more), Stadiums, Trainers and attacks.
- Fan Away names the Energy card with the power (choices.cards; left out when the Defending
  Pokémon has one), before its coin; heads, that card goes to the opponent's hand. It is refused
  when the Defending Pokémon has no Energy card (it could do nothing). It is not an attack:
  effects that shield from attacks don't stop it. Chaos Flash likewise (only while Golduck is
  Active; heads, the Defending Pokémon is Confused).
- Energy Variation: Kecleon's types are the types of the basic Energy cards attached (Colorless
  with none). Its attacks' damage is of every one of them: Weakness applies when the Defending
  Pokémon is weak to any, Resistance when it resists any, and both when it is weak to one and
  resists another. The rules hold one attack type (DamageEvent.attack_type): Kecleon's power sets
  it at the attacker's step (`damage_attacker`) to the type the target is weak to (else the one it
  resists), so the rules apply that Weakness (or Resistance); when both apply, the Resistance to
  the other type is taken at the next step (`damage_attacker_cards`, right after the rules'
  Weakness and Resistance step, to the same result). Those types are Kecleon's types for every
  reader (R-INPLAY-1: the power answers the `types` hook, hooks.types): a Kecleon with a
  Lightning Energy is a Lightning Pokémon for Low Pressure System's HP, one with a Water Energy a
  Water Pokémon for High Pressure System's Retreat Cost. Only a basic Energy card gives a type
  (the EX era's Darkness and Metal Energy are Special Energy and give none).
- Baby Evolution counts as evolving: the card named Pikachu / Marill / Electabuzz (a Basic card
  in the hand, choices.cards; left out when there is one) goes on top under the evolution rules
  (R-EVOLVE-2, -3 and what is in play: `can_evolve`) — not on the first turn of the game nor the
  turn the Baby came into play — and Special Conditions and effects end as in any evolution; then
  every damage counter is removed. It is a Poké-Power: a Special Condition stops it.
- Safeguard stops every effect, damage included, of attacks by the opponent's Pokémon-ex on
  Wobbuffet, Active or Benched (the attacking Pokémon is the opponent's Active).
- Intimidating Fang (Arbok) is ex1's (ex1_powers_1.IntimidatingFang), which an attack whose damage
  ignores every effect on the damaged Pokémon (Feint Attack) gets past.
- Glowing Screen: "Volbeat is in play" on either side; the attacking Pokémon's types (Energy
  Variation and type changes included) are read. Glowing Screen and Exoskeleton reduce damage
  from any attack, their owner's own included (Earthquake on the Bench), after Weakness and
  Resistance: they answer at the step asked for every attack's damage (`damage_defender_cards`,
  right before the damaged Pokémon's power step and, both only subtracting, to the same result).
  One Illumise's reduction is 30 whatever the number of Volbeat.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ...messages import msg, msg_n
from .. import hooks
from ..carddb import has_type
from ..core import Illegal, heal, inflict
from ..hooks import AffectEvent, ConditionEvent, DamageEvent, Listener, PlayEvent, PokemonEvent, TurnEvent
from .effects import (
    IntimidatingFang,
    Power,
    PowerCtx,
    TypeForTheTurn,
    and_list,
    counter_off_between_turns,
    name_of,
    once_per_turn,
    one_card_named,
)
from .effects.ability_passive import resistance_to_another_type

if TYPE_CHECKING:
    from ..state import Pokemon, State


# -- helpers shared with the attacks ---------------------------------------------------------

def is_evolved(p: Pokemon) -> bool:
    """An Evolved Pokémon: a card sits on top of another in its stack."""
    return len(p.stack) > 1


def named_in_play(state: State, name: str) -> bool:
    """A Pokémon of that name is in play, on either side."""
    return any(name_of(state, p) == name for s in state.seats for p in s.in_play())


def basic_energy_types(state: State, p: Pokemon) -> tuple[str, ...]:
    """The types of the basic Energy cards attached to `p`, in the order of the types' list."""
    found = {t for i in p.energy if state.card_of(i).is_basic_energy for t in state.card_of(i).provides}
    order = ("Grass", "Fire", "Water", "Lightning", "Psychic", "Fighting", "Darkness", "Metal")
    return tuple(t for t in order if t in found)


# -- Armaldo: Primal Veil --------------------------------------------------------------------

class PrimalVeil(Power):
    """Poké-Body: while this Pokémon is its owner's Active, no Supporter card can be played."""
    text = "while this Pokémon is your Active Pokémon, neither player can play Supporter cards"

    def can_play(self, src: Listener, ev: PlayEvent) -> Illegal | None:
        state = ev.ctx.state
        if ev.kind != "supporter" or src.on is None or state.seats[src.seat].active is not src.on:
            return None
        return Illegal("R-TRAINER-2", msg("No Supporter card can be played while %(pokemon)s is %(seat)s's "
                                          "Active Pokémon (Primal Veil).", pokemon=name_of(state, src.on),
                                          seat=ev.ctx.seat_label(src.seat)))


# -- Cacturne, Arcanine: Poison Payback, Fire Veil ---------------------------------------------------

class ConditionPayback(Power):
    """Poké-Body: an opponent's attack that damages this Pokémon while it is Active gives the
    attacking Pokémon `condition` (even when the damage Knocks this Pokémon Out)."""

    def __init__(self, condition: str):
        self.condition = condition
        self.text = (f"whenever an opponent's attack damages this Pokémon while it is your Active Pokémon (even if "
                     f"it is Knocked Out), the attacking Pokémon is now {condition.capitalize()}")

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        state = ev.state
        if ev.target is not src.on or not ev.by_opponent or ev.confusion:
            return
        if state.find_pokemon(ev.target.top)[2] != "active":
            return
        if state.find_pokemon(ev.attacker.top)[1] is not ev.attacker:
            return
        power = state.card_of(src.on.top).power
        ev.ctx.say(msg("%(pokemon)s's %(power)s answers the damage.", pokemon=name_of(state, src.on),
                       power=power.name if power else msg("Poké-Body")), "R-POWER-2")
        inflict(ev.ctx, ev.attacker, self.condition)


# -- Cradily: Super Suction Cups ----------------------------------------------------------------

class SuperSuctionCups(Power):
    """Poké-Body: while this Pokémon is its owner's Active, the opponent's Pokémon can't retreat."""
    text = "while this Pokémon is your Active Pokémon, your opponent's Pokémon can't retreat"

    def can_retreat(self, src: Listener, ev: PokemonEvent) -> Illegal | None:
        state = ev.state
        if src.on is None or ev.seat == src.seat or state.seats[src.seat].active is not src.on:
            return None
        return Illegal("R-RETREAT-1", msg("%(pokemon)s can't retreat while the opponent's %(other)s is Active "
                                          "(Super Suction Cups).", pokemon=name_of(state, ev.pokemon),
                                          other=name_of(state, src.on)))


# -- Ludicolo, Lombre: Rain Dish --------------------------------------------------------------------

class RainDish(Power):
    """Poké-Body: between turns, 1 damage counter comes off this Pokémon (`between_turns`)."""
    text = ("between turns (after Poison and Burn, before Knock Outs are looked for), remove 1 damage counter "
            "from this Pokémon")

    def between_turns(self, src: Listener, ev: TurnEvent) -> None:
        p = counter_off_between_turns(src, ev)
        if p is None:
            return
        ctx = ev.ctx
        ctx.say(msg("%(pokemon)s's Rain Dish removes 1 damage counter (%(damage)s/%(hp)s).",
                    pokemon=name_of(ctx.state, p), damage=p.damage, hp=ctx.state.hp(p)), "R-POWER-2")


# -- Lunatone, Solrock: Lunar Eclipse, Solar Eclipse ---------------------------------------------------

class EclipseType(TypeForTheTurn):
    """Once a turn, with `partner` in play: this Pokémon's type is `new_type` until the turn ends."""

    def __init__(self, partner: str, new_type: str):
        self.partner = partner
        self.new_type = new_type
        self.text = (f"once during your turn, if a Pokémon named {partner} is in play (either side), this "
                     f"Pokémon's type is {new_type} until the end of your turn; not while this Pokémon has a "
                     "Special Condition")

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        if not named_in_play(pctx.state, self.partner):
            name = pctx.card.power.name if pctx.card.power else msg("This power")
            raise Illegal("R-POWER-1", msg("%(power)s needs %(partner)s in play; there is none.", power=name,
                                           partner=self.partner))

    def use(self, pctx: PowerCtx) -> None:
        self._set_type(pctx, self.new_type)


# -- Shiftry: Fan Away -------------------------------------------------------------------------------

class FanAway(Power):
    """Once a turn: flip; heads, the Energy card named (choices.cards) leaves the Defending
    Pokémon for its owner's hand."""
    text = ("once during your turn, flip a coin: heads, 1 Energy card attached to the Defending Pokémon "
            "(choices.cards, named before the flip) goes back to your opponent's hand; not while this "
            "Pokémon has a Special Condition")

    def _chosen(self, pctx: PowerCtx) -> tuple[Pokemon, str]:
        once_per_turn(pctx)
        d = pctx.them.active
        if d is None or not d.energy:
            raise Illegal("R-POWER-1", msg("%(power)s needs an Energy card attached to the Defending Pokémon; it has "
                                           "none.", power="Fan Away"))
        card = one_card_named(pctx.choices, "cards", d.energy)
        if card is None:
            raise Illegal("R-POWER-1", msg("choices.cards must name one Energy card attached to the Defending "
                                           "Pokémon: %(cards)s.", cards=pctx.refs(d.energy)))
        assert isinstance(card, str)
        return d, card

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        d, card = self._chosen(pctx)
        if not pctx.flip("Fan Away"):
            pctx.say(msg("Tails: %(power)s does nothing.", power="Fan Away"), "R-POWER-1")
            return
        d.energy.remove(card)
        pctx.them.hand.append(card)
        pctx.say(msg("%(power)s returns %(card)s from %(pokemon)s to %(seat)s's hand.", power="Fan Away",
                     card=pctx.ref(card, shown_to='*'), pokemon=pctx.name(d), seat=pctx.seat_label(pctx.opp)),
                 "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        d = state.seats[1 - seat].active
        if d is None or len(d.energy) <= 1:
            return [{}]
        return [{"cards": [e]} for e in d.energy]


# -- Zangoose: Poison Resistance -------------------------------------------------------------------

class ConditionImmunity(Power):
    """Poké-Body: this Pokémon can't get `condition`."""

    def __init__(self, condition: str):
        self.condition = condition
        self.text = f"this Pokémon can't be {condition.capitalize()}"

    def can_have_condition(self, src: Listener, ev: ConditionEvent) -> bool:
        return not (ev.pokemon is src.on and ev.condition == self.condition)


# -- Golduck: Chaos Flash -------------------------------------------------------------------------

class ChaosFlash(Power):
    """Once a turn, while Active: flip; heads, the Defending Pokémon is Confused."""
    text = ("once during your turn, while this Pokémon is your Active Pokémon, flip a coin: heads, the "
            "Defending Pokémon is now Confused; not while this Pokémon has a Special Condition")

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        if pctx.place != "active":
            raise Illegal("R-POWER-1", msg("%(power)s works only while %(pokemon)s is your Active Pokémon.",
                                           power="Chaos Flash", pokemon=pctx.card.name))

    def use(self, pctx: PowerCtx) -> None:
        d = pctx.them.active
        if not pctx.flip("Chaos Flash"):
            pctx.say(msg("Tails: %(power)s does nothing.", power="Chaos Flash"), "R-POWER-1")
            return
        if d is not None and not inflict(pctx, d, "confused"):
            pctx.say(msg("%(pokemon)s can't be Confused.", pokemon=pctx.name(d)), "R-POWER-1")


# -- Kecleon: Energy Variation --------------------------------------------------------------------

class EnergyVariation(Power):
    """Poké-Body: this Pokémon's types are those of its basic Energy cards; its attacks' damage
    is of each of them for Weakness and Resistance."""
    text = ("this Pokémon's type is every type of the basic Energy cards attached to it (Colorless with none); "
            "Weakness and Resistance to any of them apply to its attacks' damage")

    def types(self, src: Listener, ev: PokemonEvent, value: tuple[str, ...]) -> tuple[str, ...]:
        """Its types are its basic Energy cards' (with none, what it had: Colorless)."""
        if ev.pokemon is not src.on:
            return value
        return basic_energy_types(ev.state, ev.pokemon) or value

    @staticmethod
    def _memo(ev: DamageEvent) -> dict[str, Any]:
        return ev.__dict__.setdefault("energy_variation", {})

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        """Before Weakness: the attack's type is one the target is weak to, else one it resists."""
        if ev.attacker is not src.on or not ev.to_defending:
            return dmg
        kinds = basic_energy_types(ev.state, src.on)
        if not kinds:
            return dmg
        weak = [t for t in kinds if has_type(hooks.weakness(ev.state, ev.target), t)]
        resists = [t for t in kinds if has_type(hooks.resistance(ev.state, ev.target), t)]
        ev.attack_type = weak[0] if weak else resists[0] if resists else kinds[0]
        ev.note(msg("Energy Variation: %(types)s", types=and_list(kinds)))
        if weak and resists:
            self._memo(ev)["resistance"] = resists[0]
        return dmg

    def damage_attacker_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        """Right after Weakness: the Resistance to another of its types (see the ruling)."""
        kind = self._memo(ev).get("resistance") if ev.attacker is src.on else None
        return dmg if kind is None else resistance_to_another_type(ev, kind, dmg)


# -- Pichu, Azurill, Elekid: Baby Evolution ------------------------------------------------------------

class BabyEvolution(Power):
    """Once a turn: the card named `into` from the hand goes on this Pokémon as its evolution
    (the rules of evolving apply), then every damage counter comes off."""
    choice_zones = {"cards": "hand"}

    def __init__(self, into: str):
        self.into = into
        self.text = (f"once during your turn, put a {into} card from your hand (choices.cards) onto this Pokémon "
                     "(this counts as evolving it) and remove all damage counters from it; not while this "
                     "Pokémon has a Special Condition")

    def _cards(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand
                if state.card_of(i).supertype == "Pokemon" and state.card_of(i).name == self.into]

    def _chosen(self, pctx: PowerCtx) -> str:
        once_per_turn(pctx)
        found = self._cards(pctx.state, pctx.seat)
        if not found:
            raise Illegal("R-POWER-1", msg("%(power)s needs a %(card)s card in your hand; there is none.",
                                           power="Baby Evolution", card=self.into))
        card = one_card_named(pctx.choices, "cards", found)
        if card is None:
            raise Illegal("R-POWER-1", msg("choices.cards must name one %(card)s card in your hand: %(cards)s.",
                                           card=self.into, cards=pctx.refs(found)))
        assert isinstance(card, str)
        # The card is a Basic: asked as the Evolution card of this Pokémon that the power makes it.
        as_evolution = dataclasses.replace(pctx.state.card_of(card), stage="Stage 1", evolves_from=pctx.card.name)
        pctx.check_evolution(as_evolution, pctx.pokemon)
        return card

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card = self._chosen(pctx)
        p = pctx.pokemon
        pctx.me.hand.remove(card)
        pctx.evolve(p, card)
        healed = heal(pctx, p, p.damage)
        pctx.say(msg_n("%(power)s removes %(num)s damage counter(s) from %(pokemon)s.",
                       "%(power)s removes %(num)s damage counter(s) from %(pokemon)s.", healed // 10,
                       power="Baby Evolution", pokemon=pctx.name(p)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": [c]} for c in self._cards(state, seat)]


# -- Wobbuffet: Safeguard ---------------------------------------------------------------------------

class Safeguard(Power):
    """Poké-Body: no effect of an attack by the opponent's Pokémon-ex, damage included, reaches
    this Pokémon."""
    text = "prevent all effects of attacks, damage included, done to this Pokémon by your opponent's Pokémon-ex"

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        if ev.pokemon is not src.on or ev.by_seat == src.seat:
            return True
        attacker = ev.state.seats[ev.by_seat].active
        return attacker is None or "ex" not in ev.state.card_of(attacker.top).tags


# -- Arbok: Intimidating Fang --------------------------------------------------------------------------

class IntimidatingFangIgnorable(IntimidatingFang):
    """ex1's Intimidating Fang, which damage that ignores every effect on the damaged Pokémon
    (Feint Attack) gets past."""

    def _applies(self, src: Listener, ev: DamageEvent, dmg: int) -> bool:
        return "defender_effects" not in ev.ignores and super()._applies(src, ev, dmg)


# -- Illumise: Glowing Screen; Kabuto: Exoskeleton ----------------------------------------------------

class DamageShield(Power):
    """Poké-Body: damage from attacks to this Pokémon is `amount` less after Weakness and
    Resistance — from every attack, or (with `partner`) while a Pokémon of that name is in play,
    from attacks by Pokémon of `attacker_types` only."""

    def __init__(self, amount: int, partner: str | None = None, attacker_types: tuple[str, ...] = ()):
        self.amount = amount
        self.partner = partner
        self.attacker_types = attacker_types
        cond = f"while a Pokémon named {partner} is in play (either side), " if partner else ""
        whose = f"by attacks of {' or '.join(attacker_types)} Pokémon" if attacker_types else "by any attack"
        self.text = (f"{cond}damage done to this Pokémon {whose} is {amount} less, after Weakness and Resistance "
                     "(one reduction, however many such Pokémon are in play)")

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        state = ev.state
        if ev.target is not src.on or dmg <= 0 or ev.confusion:
            return dmg
        if self.partner and not named_in_play(state, self.partner):
            return dmg
        if self.attacker_types and not set(hooks.types(state, ev.attacker)) & set(self.attacker_types):
            return dmg
        power = state.card_of(src.on.top).power
        dmg -= self.amount
        ev.note(msg("%(effect)s −%(amount)s = %(damage)s", effect=power.name if power else msg("Poké-Body"),
                    amount=self.amount, damage=dmg))
        return dmg
