"""EX Dragon Pokémon ex3-41 … ex3-81 (Shelgon … Wurmple), with their Poké-Bodies Energy Guard,
Levitate, Submerge and Exoskeleton.

Most cards are one line of data over the shared vocabulary (`effects/`); what needs its own
logic gets a small class below, each with its reason beside it and wording its own `text` (never
the printed card).

Rulings taken here:
- Energy Guard (Shelgon ex3-41) answers while Shelgon has at least one basic Energy card attached
  (a Special Energy card such as Rainbow Energy does not count); Exoskeleton (Pineco) always.
  Both take 10 from the damage after Weakness and Resistance, at the step of the Defending
  Pokémon's powers (R-DAMAGE-1 f), Active or Benched. Energy Guard answers only an opponent's
  attack. Exoskeleton answers every attack, its own player's too (Bench damage of its own
  Magnitude, say): the damage of its own player's attack has no step f (combat.py asks it only
  of an opponent's attack), so that damage is reduced at the last step asked of it, the effects
  on the damaged Pokémon (R-DAMAGE-1 e). Damage counters placed are not damage (R-DAMAGE-3).
- Granite Head (Shelgon ex3-42) is the shared "reduce_damage" lasting effect: 10 less after
  Weakness and Resistance during the opponent's next turn; it ends if Shelgon goes to the Bench
  or evolves (R-RETREAT-6, R-EVOLVE-5).
- Levitate makes Vibrava's Retreat Cost 0 while it has a basic Energy card attached, whatever
  an effect asked before it made the cost (a Stadium answers first, hooks.py); a card attached
  to Vibrava or an effect on it answers after it and may still change it.
- Submerge prevents all damage an opponent's attack does to Whiscash while Whiscash is on its
  owner's Bench (at R-DAMAGE-1 f); the Active Whiscash takes damage as usual.
- Night Attack (Shuppet) places 1 damage counter (R-DAMAGE-3: nothing modifies it) on one of the
  opponent's Pokémon named in choices.pokemon (left out when the opponent has one Pokémon in
  play); an effect that shields that Pokémon from the effects of attacks stops it.
- Quick Dive (Swellow) and Random Spark (Magnemite ex3-62) name their target with the attack
  (choices.pokemon; left out when the opponent has one Pokémon in play), as every choice of an
  attack is made before its coins (R-ATTACK-2): Quick Dive's target is named even though only
  heads uses it. The Active Pokémon takes the attack's damage as the Defending Pokémon (every
  effect on it applies); a Benched one takes it as Bench damage (R-DAMAGE-2). Quick Dive's 50
  ignores Weakness and Resistance (the Defending Pokémon's other effects still apply); tails,
  the attack does nothing.
- Poison Spurt (Grimer) and Kindle (Numel ex3-70) discard their own Fire / Grass Energy card
  with the attack's costs, before the Confusion check, as ex1's Flamethrower (ex1-15) does; the
  attack's own cost means there is always one (a Rainbow Energy provides the type too). Kindle's
  second discard, an Energy card attached to the Defending Pokémon, comes after the damage (and
  also when that damage Knocks it Out), unless an effect shields the Defending Pokémon. Both of
  Kindle's cards are named in the one list choices.cards (each only when there is a choice: the
  own Fire Energy card among Numel's, the other among the Defending Pokémon's).
- Call for Family (Magikarp) and Call for Friends (Wurmple) look through the deck in two steps
  for a player (R-HIDDEN-1: the attack shows the deck, then `choose` names choices.search; a judge
  may give choices.search with the attack). "As many as you like": 0 up to the room on the Bench
  (R-BENCH-1), so taking none is allowed even when the deck holds some. The Pokémon go onto the
  Bench put into play this turn (they can't evolve this turn) and the deck is shuffled. With a
  full Bench the attack does nothing: no look at the deck, no shuffle (a judge's choices.search
  naming cards is then refused, R-BENCH-1, as is naming more than the room). Magikarp takes cards named
  Magikarp; Wurmple takes Basic Pokémon cards whose type is Grass (Pokémon-ex included).
- Luring Flame (Slugma): the attacker names the Benched Pokémon in choices.pokemon (left out
  when the opponent has one); "the opponent chooses the Defending Pokémon" is the one Defending
  Pokémon of a single battle. Only the Pokémon switched in is Burned: with no Benched Pokémon
  (or when the Defending Pokémon is shielded from the effects of attacks, so no switch happens)
  nothing is Burned.
- Bounce (Spoink ex3-73): the switch is optional and named with the attack in choices.to (one of
  your Benched Pokémon; left out: no switch). It happens after the damage; Spoink goes to the
  Bench and loses its Special Conditions and the effects of attacks on it (R-RETREAT-6).
- Roar (Houndour) and Whirlwind (Taillow): the opponent picks the Benched Pokémon, reported in
  choices.pokemon (the shared SwitchDefending, as ex1's Fling).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import joined, msg
from ..carddb import define_pokemon
from ..core import Illegal, condition_name, discard_cards, place_counters, switch_active
from ..hooks import DamageEvent, Listener, PokemonEvent
from ..state import Pokemon
from .effects import (
    BenchDamage,
    ChosenBenchDamage,
    CoinsTimes,
    DamageChosenOpponent,
    DefendingCantRetreat,
    DiscardOwnEnergy,
    Effect,
    ExtraEnergyBonus,
    FlipBonusOrSelfDamage,
    HealDamageDone,
    Inflict,
    Power,
    ReduceDamageNextTurn,
    SearchPokemonToBench,
    SwitchDefending,
    TailsDoesNothing,
    attack_memo,
    basic_of_type,
    energy_of_type,
    heads,
    named_basic,
    one_instance,
    own_in_play,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import State


def _on_bench(state: State, seat: int, p: Pokemon) -> bool:
    """`p` itself is on the seat's Bench (by identity: equal Pokémon are different ones)."""
    return any(b is p for b in state.seats[seat].bench)


def _has_basic_energy(state: State, p: Pokemon) -> bool:
    return any(state.card_of(i).is_basic_energy for i in p.energy)


# -- attack effects ----------------------------------------------------------------------------

class CountersOnChosenOpponent(DamageChosenOpponent):
    """Place damage counters on one of the opponent's Pokémon named in choices.pokemon (Night
    Attack). DamageChosenOpponent picks the same target but deals damage; counters are placed
    (R-DAMAGE-3)."""

    def __init__(self, counters: int = 1):
        super().__init__(0)
        self.counters = counters
        self.text = (f"put {counters} damage counter(s) on one of the opponent's Pokémon you choose "
                     "(choices.pokemon)")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount

    def after(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self)["target"]
        if not actx.can_affect(target):
            actx.say(msg("%(pokemon)s is protected from the effects of attacks.", pokemon=actx.name(target)))
            return
        place_counters(actx, target, self.counters, actx.attack.name)


class HeadsDamageChosenOpponent(DamageChosenOpponent):
    """Flip: tails, the attack does nothing; heads, `amount` damage to one of the opponent's
    Pokémon named in choices.pokemon, ignoring Weakness and Resistance (Quick Dive)."""

    def __init__(self, amount: int):
        super().__init__(amount)
        self.text = (f"flip a coin — tails: this attack does nothing; heads: {amount} damage to one of the "
                     "opponent's Pokémon you choose (choices.pokemon), not affected by Weakness or Resistance")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if not actx.flip(actx.attack.name):
            actx.did_nothing = True
            return amount
        actx.ignores.update({"weakness", "resistance"})
        return super().damage(actx, amount)


class DiscardOwnThenDefendingEnergy(Effect):
    """A cost — discard an Energy card of `energy_type` attached to this Pokémon — and, after the
    damage, discard an Energy card attached to the Defending Pokémon (Kindle). Both cards are
    named in the one list choices.cards, which DiscardOwnEnergy and DiscardDefendingEnergy would
    each claim for themselves."""

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = (f"discard a {energy_type} Energy card attached to this Pokémon to use it; then discard an "
                     "Energy card attached to the Defending Pokémon (both named in choices.cards when there is "
                     "a choice)")

    @staticmethod
    def _one(actx: AttackCtx, named: list[str], allowed: list[str], what: str) -> str | None:
        if len(named) > 1 or (named and named[0] not in allowed):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names one %(what)s: %(cards)s.",
                                            attack=actx.attack.name, what=what, cards=joined(allowed) or msg("none")))
        if named:
            return named[0]
        if len(allowed) > 1:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: name in choices.cards one %(what)s: %(cards)s.",
                                            attack=actx.attack.name, what=what, cards=joined(allowed)))
        return allowed[0] if allowed else None

    def check(self, actx: AttackCtx) -> None:
        p, d = actx.attacker, actx.defender
        raw = actx.choices.get("cards", [])
        theirs = list(d.energy) if d is not None else []
        if not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in p.energy + theirs for i in raw):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names Energy cards attached to %(pokemon)s and "
                                            "to the Defending Pokémon.", attack=actx.attack.name,
                                            pokemon=actx.attacker_name))
        own = energy_of_type(actx.state, p, self.energy_type)
        if not own:
            raise Illegal("R-ATTACK-1", msg("%(pokemon)s has no %(type)s Energy to discard for %(attack)s.",
                                            pokemon=actx.attacker_name, type=self.energy_type,
                                            attack=actx.attack.name))
        memo = attack_memo(actx, self)
        memo["own"] = self._one(actx, [i for i in raw if i in p.energy], own,
                                msg("%(type)s Energy card attached to %(pokemon)s", type=self.energy_type,
                                    pokemon=actx.attacker_name))
        memo["theirs"] = self._one(actx, [i for i in raw if i in theirs], theirs,
                                   msg("Energy card attached to the Defending Pokémon"))

    def pay(self, actx: AttackCtx) -> None:
        card = attack_memo(actx, self)["own"]
        actx.attacker.energy.remove(card)
        discard_cards(actx, actx.seat, [card])
        actx.say(msg("%(pokemon)s discards %(card)s for %(attack)s.", pokemon=actx.attacker_name,
                     card=actx.name(card), attack=actx.attack.name), "R-ENERGY-3")

    def after(self, actx: AttackCtx) -> None:
        card, d = attack_memo(actx, self)["theirs"], actx.defender
        if card is None or d is None or card not in d.energy:
            actx.say(msg("The Defending Pokémon has no Energy card to discard for %(attack)s.",
                         attack=actx.attack.name))
            return
        if not actx.can_affect(d):
            actx.say(msg("%(pokemon)s is protected from the effects of attacks.", pokemon=actx.name(d)))
            return
        d.energy.remove(card)
        discard_cards(actx, actx.opp, [card])
        actx.say(msg("%(card)s attached to %(pokemon)s is discarded.", card=actx.name(card), pokemon=actx.name(d)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        d = state.seats[1 - seat].active
        own = energy_of_type(state, attacker, self.energy_type)
        theirs = list(d.energy) if d is not None else []
        owns = [[i] for i in own] if len(own) > 1 else [[]]
        others = [[i] for i in theirs] if len(theirs) > 1 else [[]]
        picks = [a + b for a in owns for b in others]
        return [{"cards": pick} if pick else {} for pick in picks]


class SwitchInAndInflict(SwitchDefending):
    """SwitchDefending (the attacker picks), then the Pokémon switched in gets `condition`
    (Luring Flame). Inflict would reach the old Defending Pokémon when no switch happens."""

    def __init__(self, condition: str):
        super().__init__("attacker")
        self.condition = condition
        self.text = (f"{self.text}; the new Defending Pokémon is now {condition.capitalize()} (nothing happens "
                     "without a switch)")

    def after(self, actx: AttackCtx) -> None:
        old = actx.defender
        super().after(actx)
        new = actx.defender
        if new is None or new is old:
            actx.say(msg("No Pokémon was switched in: nothing is %(condition)s.",
                         condition=condition_name(self.condition)))
            return
        actx.inflict(new, self.condition)


class MaySwitchSelf(Effect):
    """After the attack, its player may switch this Pokémon with one of their Benched Pokémon,
    named in choices.to (left out: no switch). SwitchDefending switches the opponent's."""
    text = "after the damage you may switch this Pokémon with one of your Benched Pokémon (choices.to; left out: no)"

    def check(self, actx: AttackCtx) -> None:
        raw = one_instance(actx.choices, "to")
        if raw is None:
            attack_memo(actx, self)["to"] = None
            return
        target = own_in_play(actx.state, actx.seat, raw)
        if target is None or not _on_bench(actx.state, actx.seat, target):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.to must name one of your Benched Pokémon, or be left "
                                            "out.", attack=actx.attack.name))
        attack_memo(actx, self)["to"] = target

    def after(self, actx: AttackCtx) -> None:
        new = attack_memo(actx, self).get("to")
        if new is None or not _on_bench(actx.state, actx.seat, new) or actx.me.active is not actx.attacker:
            return
        old = switch_active(actx, actx.seat, new)
        actx.say(msg("%(pokemon)s switches with %(other)s, now the Active Pokémon.", pokemon=actx.name(old),
                     other=actx.name(new)), "R-RETREAT-6")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + [{"to": p.top} for p in state.seats[seat].bench]


# -- Poké-Bodies -------------------------------------------------------------------------------

class EnergyGuard(Power):
    """Poké-Body: while this Pokémon has a basic Energy card attached, damage an opponent's attack
    does to it is 10 less after Weakness and Resistance (R-DAMAGE-1 f)."""
    text = ("while this Pokémon has any basic Energy card attached, damage done to it by an opponent's attack is "
            "10 less, after Weakness and Resistance")
    amount = 10

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        p = src.on
        if p is None or ev.target is not p or dmg <= 0 or not ev.by_opponent or not _has_basic_energy(ev.state, p):
            return dmg
        dmg -= self.amount
        ev.note(msg("%(effect)s −%(amount)s = %(damage)s", effect="Energy Guard", amount=self.amount, damage=dmg))
        return dmg


class Exoskeleton(Power):
    """Poké-Body: damage any attack does to this Pokémon is 10 less after Weakness and Resistance:
    at step f for an opponent's attack, at the last step asked (e) for its own player's."""
    text = "damage done to this Pokémon by any attack (either player's) is 10 less, after Weakness and Resistance"
    amount = 10

    def _reduce(self, ev: DamageEvent, dmg: int) -> int:
        dmg -= self.amount
        ev.note(msg("%(effect)s −%(amount)s = %(damage)s", effect="Exoskeleton", amount=self.amount, damage=dmg))
        return dmg

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or ev.by_opponent or ev.confusion:
            return dmg
        return self._reduce(ev, dmg)

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0:
            return dmg
        return self._reduce(ev, dmg)


class Submerge(Power):
    """Poké-Body: while this Pokémon is on its owner's Bench, all damage an opponent's attack
    would do to it is prevented (R-DAMAGE-1 f)."""
    text = "while this Pokémon is on your Bench, prevent all damage done to it by the opponent's attacks"

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        p = src.on
        if p is None or ev.target is not p or dmg <= 0 or not ev.by_opponent or not _on_bench(ev.state, src.seat, p):
            return dmg
        ev.note(msg("%(power)s prevents all damage to the Benched Pokémon", power="Submerge"))
        return 0


class Levitate(Power):
    """Poké-Body: while this Pokémon has a basic Energy card attached, its Retreat Cost is 0."""
    text = "while this Pokémon has any basic Energy card attached, its Retreat Cost is 0"

    def retreat_cost(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        if ev.pokemon is not src.on or not _has_basic_energy(ev.state, ev.pokemon):
            return value
        return 0


# -- the cards ---------------------------------------------------------------------------------


define_pokemon("ex3-41", {"Rollout": []}, power=EnergyGuard())                              # Shelgon
define_pokemon("ex3-42", {"Granite Head": ReduceDamageNextTurn(10), "Flare": []})         # Shelgon
define_pokemon("ex3-43", {"Hypnosis": Inflict("asleep"), "Night Attack": CountersOnChosenOpponent(1)})  # Shuppet
define_pokemon("ex3-44", {"Powder Snow": Inflict("asleep")})                               # Snorunt
define_pokemon("ex3-45", {"Clutch": DefendingCantRetreat(),                                # Swellow
                          "Quick Dive": HeadsDamageChosenOpponent(50)})
define_pokemon("ex3-46", {"Razor Wing": []}, power=Levitate())                             # Vibrava
define_pokemon("ex3-47", {"Dive": [], "Quick Turn": CoinsTimes(2)})                        # Vibrava
define_pokemon("ex3-48", {"Surf": [], "Magnitude": BenchDamage(10, benches="both")},       # Whiscash
               power=Submerge())
define_pokemon("ex3-49", {"Headbutt": [], "Flare": []})                                    # Bagon
define_pokemon("ex3-50", {"Risky Kick": TailsDoesNothing(), "Dragon Eye": Inflict("asleep")})  # Bagon
define_pokemon("ex3-51", {"Splash": [], "Mud Slap": []})                                   # Barboach
define_pokemon("ex3-52", {"Poison Claws": heads(Inflict("poisoned")),                      # Corphish
                          "Bubble": heads(Inflict("paralyzed"))})
define_pokemon("ex3-53", {"Irongrip": [], "Slash": []})                                    # Corphish
define_pokemon("ex3-54", {"Beat": [], "Toxic Grip": Inflict("poisoned")})                  # Corphish
define_pokemon("ex3-55", {"Light Punch": [], "Pebble Throw": ChosenBenchDamage(10)})       # Geodude
define_pokemon("ex3-56", {"Steady Punch": FlipBonusOrSelfDamage(bonus=10)})                # Geodude
define_pokemon("ex3-57", {"Pound": [], "Poison Spurt": [DiscardOwnEnergy(1, "Grass"), Inflict("poisoned")]})  # Grimer
define_pokemon("ex3-58", {"Paralyzing Gaze": heads(Inflict("paralyzed")), "Wave Splash": []})  # Horsea
define_pokemon("ex3-59", {"Roar": SwitchDefending("opponent"), "Bite": []})                # Houndour
define_pokemon("ex3-60", {"Call for Family": SearchPokemonToBench("Magikarp", named_basic("Magikarp")),  # Magikarp
                          "Tackle": []})
define_pokemon("ex3-61", {"Rollout": [], "Hook": []})                                      # Magnemite
define_pokemon("ex3-62", {"Random Spark": DamageChosenOpponent(10)})                       # Magnemite
define_pokemon("ex3-63", {"Thundershock": heads(Inflict("paralyzed"))})                    # Magnemite
define_pokemon("ex3-64", {"Jolt": heads(Inflict("paralyzed"))})                            # Mareep
define_pokemon("ex3-65", {"Water Gun": ExtraEnergyBonus("Water", per=10, max_extra=2)})    # Mudkip
define_pokemon("ex3-66", {"Poison Breath": heads(Inflict("poisoned"))})                    # Nincada
define_pokemon("ex3-67", {"Bite": [], "Double Scratch": CoinsTimes(2)})                    # Nincada
define_pokemon("ex3-68", {"Leech Life": HealDamageDone()})                                 # Nincada
define_pokemon("ex3-69", {"Firebreathing": FlipBonusOrSelfDamage(bonus=10), "Tackle": []})  # Numel
define_pokemon("ex3-70", {"Rollout": [], "Kindle": DiscardOwnThenDefendingEnergy("Fire")})  # Numel
define_pokemon("ex3-71", {"Tackle": []}, power=Exoskeleton())                              # Pineco
define_pokemon("ex3-72", {"Ram": [], "Luring Flame": SwitchInAndInflict("burned")})        # Slugma
define_pokemon("ex3-73", {"Bounce": MaySwitchSelf()})                                      # Spoink
define_pokemon("ex3-74", {"Hop": [], "Psybeam": heads(Inflict("confused"))})               # Spoink
define_pokemon("ex3-75", {"Lullaby": Inflict("asleep"), "Stifling Fluff": heads(Inflict("paralyzed"))})  # Swablu
define_pokemon("ex3-76", {"Whirlwind": SwitchDefending("opponent")})                       # Taillow
define_pokemon("ex3-77", {"Firebreathing": FlipBonusOrSelfDamage(bonus=20)})               # Torchic
define_pokemon("ex3-78", {"Dig": []})                                                      # Trapinch
define_pokemon("ex3-79", {"Bind": heads(Inflict("paralyzed")),                             # Trapinch
                          "Rock Smash": FlipBonusOrSelfDamage(bonus=20)})
define_pokemon("ex3-80", {"Quick Attack": FlipBonusOrSelfDamage(bonus=20)})                # Treecko
define_pokemon("ex3-81", {"Call for Friends": SearchPokemonToBench(msg("Grass Basic Pokémon"),
                                                                    basic_of_type("Grass")),
                          "String Shot": heads(Inflict("paralyzed"))})                     # Wurmple
