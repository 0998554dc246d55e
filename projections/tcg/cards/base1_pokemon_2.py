"""Base Set Pokémon base1-35 … base1-69.

Most cards are one line of data from the shared vocabulary in `effects/`; the few attacks
that need their own logic get a small effect class below. Every class words its own `text`
from its parameters, so a judge reads what the engine does, never the printed card.

Rulings taken here (see also the report in each class):
- Conversion 1 / Conversion 2 leave a lasting effect ("weakness_changed" / "resistance_changed")
  answering the `weakness` / `resistance` hooks. They are attack effects, so they end when
  that Pokémon goes to the Bench or evolves (R-RETREAT-6, R-EVOLVE-5) and otherwise last while
  it stays in play (a later change replaces an earlier one).
- Leech Seed heals only when the attack really did damage to the Defending Pokémon (a
  prevention effect, Resistance or Defender bringing it to 0 counts as "all prevented"); the
  optional "may" is always taken since removing a counter never hurts.
- Destiny Bond only answers damage from the opponent's attack (its lasting effect answers
  `after_damaged`); Poison and other counters placed between turns never trigger it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import ENERGY_TYPES, define_pokemon, types_text
from ..core import Illegal, add_effect, remove_effects
from ..hooks import AttackEvent, DamageEvent, Listener, PokemonEvent, lasting, resistance, weakness
from .effects import (
    BenchDamage,
    CoinsTimes,
    DefendingAttackMayFail,
    DiscardOwnEnergy,
    Effect,
    ExtraEnergyBonus,
    Flip,
    FlipBonusOrSelfDamage,
    HealSelf,
    Inflict,
    PerOwnCounter,
    PreventDamageNextTurn,
    SelfDamage,
    SwitchDefending,
    TailsDoesNothing,
    next_turn_of_opponent,
    protected_from_attacks,
)
from .effects.next_turn import DefendingAttackBlockedChosen

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import Pokemon, State

CHOOSABLE_TYPES = tuple(t for t in ENERGY_TYPES if t != "Colorless")

Types = str | tuple[str, ...] | None      # a Weakness or Resistance (carddb)


# -- effects this module needs -----------------------------------------------------------


class HalfRemainingHP(Effect):
    """Damage equal to half the Defending Pokémon's remaining HP, rounded up to a multiple of 10
    (Super Fang); Weakness, Resistance and the rest of R-DAMAGE-1 then apply as usual."""
    text = ("damage equal to half the Defending Pokémon's remaining HP, rounded up to the "
            "nearest 10")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        if d is None:
            return amount
        remaining = max(0, actx.state.hp(d) - d.damage)
        return -(-remaining // 20) * 10




def _chosen_type(actx: AttackCtx, optional: bool) -> str | None:
    chosen = actx.choices.get("type")
    if chosen is None and optional:
        return None
    if chosen not in CHOOSABLE_TYPES:
        raise Illegal("R-ATTACK-2", msg("choices.type must be one of %(types)s (any type but Colorless).",
                                        types=", ".join(CHOOSABLE_TYPES)))
    return chosen


@lasting("weakness_changed")
class WeaknessChanged:
    """Lasting: this Pokémon's Weakness is `type`."""

    def weakness(self, src: Listener, ev: PokemonEvent, value: Types) -> Types:
        return src.data["type"] if ev.pokemon is src.on else value


@lasting("resistance_changed")
class ResistanceChanged:
    """Lasting: this Pokémon's Resistance is `type`."""

    def resistance(self, src: Listener, ev: PokemonEvent, value: Types) -> Types:
        return src.data["type"] if ev.pokemon is src.on else value


class ChangeDefendingWeakness(Effect):
    """If the Defending Pokémon has a Weakness, the attacker may change it to another type
    (choices.type; leaving it out keeps the Weakness): a lasting "weakness_changed" effect,
    which ends when that Pokémon goes to the Bench or evolves (R-RETREAT-6, R-EVOLVE-5)."""
    text = ("if the Defending Pokémon has a Weakness, you may change it to a type of your choice "
            "other than Colorless (choices.type); it lasts until that Pokémon is benched, evolves "
            "or leaves play")
    # The check reads the Weakness; `after` asks `weakness` and `can_be_affected` (damage
    # hooks). The lasting effect it leaves answers only `weakness`, which nothing after it in
    # the action asks (Knock Outs, the end of the turn): it brings nothing into play for them.
    settled_by_check = ()

    @staticmethod
    def _weakness(state: State, p: Pokemon | None) -> Types:
        return weakness(state, p) if p else None

    def check(self, actx: AttackCtx) -> None:
        chosen = _chosen_type(actx, optional=True)
        if chosen is not None and not self._weakness(actx.state, actx.defender):
            assert actx.defender is not None, "the main phase: both seats have an Active"
            raise Illegal("R-ATTACK-2", msg("%(pokemon)s has no Weakness to change; leave choices.type out.",
                                            pokemon=actx.name(actx.defender)))

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        chosen = _chosen_type(actx, optional=True)
        old = self._weakness(actx.state, d)
        if d is None or not old:
            if d is None:
                actx.say(msg("The Defending Pokémon has no Weakness; nothing changes."))
            else:
                actx.say(msg("%(pokemon)s has no Weakness; nothing changes.", pokemon=actx.name(d)))
            return
        if chosen is None:
            actx.say(msg("%(pokemon)s's Weakness stays %(types)s.", pokemon=actx.name(d), types=types_text(old)))
            return
        if not actx.can_affect(d):
            actx.say(protected_from_attacks(actx.name(d)))
            return
        remove_effects(d, "weakness_changed")
        add_effect(d, "weakness_changed", None, type=chosen, why=actx.attack.name)
        actx.say(msg("%(pokemon)s's Weakness changes from %(old)s to %(new)s until it goes to the Bench or evolves.",
                     pokemon=actx.name(d), old=types_text(old), new=chosen))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        if not self._weakness(state, state.seats[1 - seat].active):
            return [{}]
        return [{}] + [{"type": t} for t in CHOOSABLE_TYPES]


class ChangeOwnResistance(Effect):
    """This Pokémon's Resistance becomes a type chosen in choices.type (not Colorless): a
    lasting "resistance_changed" effect, ending when it goes to the Bench or evolves."""
    text = ("change this Pokémon's Resistance to a type of your choice other than Colorless "
            "(choices.type); it lasts until this Pokémon is benched, evolves or leaves play")
    # As ChangeDefendingWeakness, for `resistance`.
    settled_by_check = ()

    def check(self, actx: AttackCtx) -> None:
        _chosen_type(actx, optional=False)

    def after(self, actx: AttackCtx) -> None:
        p = actx.attacker
        chosen = _chosen_type(actx, optional=False)
        old = resistance(actx.state, p)
        remove_effects(p, "resistance_changed")
        add_effect(p, "resistance_changed", None, type=chosen, why=actx.attack.name)
        actx.say(msg("%(pokemon)s's Resistance changes from %(old)s to %(new)s.", pokemon=actx.attacker_name,
                     old=types_text(old), new=chosen))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{"type": t} for t in CHOOSABLE_TYPES]


@lasting("attack_may_fail")
class AttackMayFail:
    """Lasting: before this Pokémon's attack happens its player flips; tails, it does nothing."""

    def before_attack(self, src: Listener, ev: AttackEvent) -> bool:
        if ev.attacker is not src.on:
            return True
        actx = ev.ctx
        if actx.flip(msg("%(pokemon)s's attack (%(why)s)", pokemon=actx.name(ev.attacker),
                         why=src.data.get("why"))):
            return True
        actx.say(msg("Tails: %(attack)s does nothing.", attack=ev.attack.name), "R-ATTACK-2")
        return False


@lasting("destiny_bond")
class DestinyBond:
    """Lasting: when an opponent's attack Knocks this Pokémon Out, the attacker is Knocked
    Out too."""

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        if ev.target is src.on and ev.target.damage >= ev.state.hp(ev.target):
            ev.ctx.say(msg("%(why)s: %(pokemon)s is Knocked Out too.", why=src.data.get("why", "Destiny Bond"),
                           pokemon=ev.ctx.attacker_name))
            ev.ctx.extra_knockouts.append((ev.ctx.seat, ev.ctx.attacker))


class KnockOutAttackerIfKnockedOut(Effect):
    """If this Pokémon is Knocked Out by damage from an opponent's attack during the opponent's
    next turn, the attacking Pokémon is Knocked Out too (a lasting "destiny_bond" effect)."""
    text = ("if an attack Knocks Out this Pokémon during the opponent's next turn, the attacking "
            "Pokémon is Knocked Out too")

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "destiny_bond", next_turn_of_opponent(actx.state), why=actx.attack.name)
        actx.say(msg("%(pokemon)s is bound: whatever Knocks it Out with an attack during the opponent's next turn "
                     "is Knocked Out too.", pokemon=actx.attacker_name))


# -- the cards --------------------------------------------------------------------------

def paralyze_on_heads() -> Flip:
    return Flip(heads=Inflict("paralyzed"))


def confuse_on_heads() -> Flip:
    return Flip(heads=Inflict("confused"))


define_pokemon("base1-35", {"Tackle": [], "Flail": [PerOwnCounter()]})                     # Magikarp
define_pokemon("base1-36", {"Fire Punch": [], "Flamethrower": [DiscardOwnEnergy(1, "Fire")]})  # Magmar
define_pokemon("base1-37", {"Double Kick": [CoinsTimes(2)], "Horn Drill": []})             # Nidorino
define_pokemon("base1-38", {"Amnesia": [DefendingAttackBlockedChosen()],                           # Poliwhirl
                            "Doubleslap": [CoinsTimes(2)]})
define_pokemon("base1-39", {"Conversion 1": [ChangeDefendingWeakness()],                   # Porygon
                            "Conversion 2": [ChangeOwnResistance()]})
define_pokemon("base1-40", {"Bite": [], "Super Fang": [HalfRemainingHP()]})                # Raticate
define_pokemon("base1-41", {"Headbutt": []})                                               # Seel
define_pokemon("base1-42", {"Withdraw": [Flip(heads=PreventDamageNextTurn())],              # Wartortle
                            "Bite": []})
define_pokemon("base1-43", {"Psyshock": [paralyze_on_heads()]})                            # Abra
define_pokemon("base1-44", {"Leech Seed": [HealSelf(1, only_if_damage_done=True)]})        # Bulbasaur
define_pokemon("base1-45", {"String Shot": [paralyze_on_heads()]})                         # Caterpie
define_pokemon("base1-46", {"Scratch": [], "Ember": [DiscardOwnEnergy(1, "Fire")]})        # Charmander
define_pokemon("base1-47", {"Dig": [], "Mud Slap": []})                                    # Diglett
define_pokemon("base1-48", {"Fury Attack": [CoinsTimes(2)]})                               # Doduo
define_pokemon("base1-49", {"Pound": [], "Confuse Ray": [confuse_on_heads()]})             # Drowzee
define_pokemon("base1-50", {"Sleeping Gas": [Flip(heads=Inflict("asleep"))],               # Gastly
                            "Destiny Bond": [DiscardOwnEnergy(1, "Psychic"), KnockOutAttackerIfKnockedOut()]})
define_pokemon("base1-51", {"Foul Gas": [Flip(heads=Inflict("poisoned"),                   # Koffing
                                              tails=Inflict("confused"))]})
define_pokemon("base1-52", {"Low Kick": []})                                               # Machop
define_pokemon("base1-53", {"Thunder Wave": [paralyze_on_heads()],                         # Magnemite
                            "Selfdestruct": [BenchDamage(10, "both"), SelfDamage(40)]})
define_pokemon("base1-54", {"Stiffen": [Flip(heads=PreventDamageNextTurn())],              # Metapod
                            "Stun Spore": [paralyze_on_heads()]})
define_pokemon("base1-55", {"Horn Hazard": [TailsDoesNothing()]})                          # Nidoran ♂
define_pokemon("base1-56", {"Rock Throw": [],                                              # Onix
                            "Harden": [PreventDamageNextTurn("prevent_damage_at_most", 30)]})
define_pokemon("base1-57", {"Whirlwind": [SwitchDefending(chooser="opponent")]})           # Pidgey
define_pokemon("base1-58", {"Gnaw": [], "Thunder Jolt": [FlipBonusOrSelfDamage(self_damage=10)]})  # Pikachu
define_pokemon("base1-59", {"Water Gun": [ExtraEnergyBonus("Water", per=10, max_extra=2)]})  # Poliwag
define_pokemon("base1-60", {"Smash Kick": [], "Flame Tail": []})                           # Ponyta
define_pokemon("base1-61", {"Bite": []})                                                   # Rattata
define_pokemon("base1-62", {"Sand-attack": [DefendingAttackMayFail()]})                    # Sandshrew
define_pokemon("base1-63", {"Bubble": [paralyze_on_heads()],                               # Squirtle
                            "Withdraw": [Flip(heads=PreventDamageNextTurn())]})
define_pokemon("base1-64", {"Recover": [DiscardOwnEnergy(1, "Water"), HealSelf("all")],    # Starmie
                            "Star Freeze": [paralyze_on_heads()]})
define_pokemon("base1-65", {"Slap": []})                                                   # Staryu
define_pokemon("base1-66", {"Bind": [paralyze_on_heads()],                                 # Tangela
                            "Poisonpowder": [Inflict("poisoned")]})
define_pokemon("base1-67", {"Tackle": []})                                                 # Voltorb
define_pokemon("base1-68", {"Confuse Ray": [confuse_on_heads()]})                          # Vulpix
define_pokemon("base1-69", {"Poison Sting": [Flip(heads=Inflict("poisoned"))]})            # Weedle
