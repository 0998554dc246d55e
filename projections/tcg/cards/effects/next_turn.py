"""Modern attacks' effects that last into the next turn, copy an attack, place damage counters or
act on the attack's own damage in a way the older blocks don't: the blocks the compiler's
`compiler/lasting.py` templates build.

Rulings taken here (modern rulings, R-DAMAGE-1 / -3, R-ATTACK-1 / -2 / -6):
- "During your opponent's next turn, attacks used by the Defending Pokémon do N less damage
  (before applying Weakness and Resistance)" is an effect on that Pokémon (a lasting
  "attacks_weakened"): it answers the attacker's-effects step (R-DAMAGE-1 b) of its attacks'
  damage to the Defending Pokémon, so a damage brought to 0 there stops (nothing else is done
  to it). Like every effect of an attack on a Pokémon it ends when that Pokémon goes to the Bench
  or evolves; a Defending Pokémon Knocked Out by the damage, or shielded from the attack's
  effects, gets nothing.
- "… the Defending Pokémon can't attack" is the shared "attack_blocked" lasting effect on it
  (every attack), under the same conditions. "If the Defending Pokémon is a Basic (Evolution)
  Pokémon, it can't attack …" reads its Stage after the damage.
- "… prevent all damage done to this Pokémon by attacks from Basic [non-T] Pokémon" reads the
  Attacking Pokémon when its attack's damage is worked out: its Stage now (the card on top) and
  its types now (R-INPLAY-1). It prevents damage only (R-DAMAGE-1 f): the attack's other
  effects, and damage counters placed, still happen.
- "… if this Pokémon is damaged by an attack (even if it is Knocked Out), put N damage counters on
  the Attacking Pokémon": each time an opponent's attack does damage to this Pokémon during that
  turn, N counters are placed on the Attacking Pokémon if it is still in play (placed, not damage:
  nothing changes them, R-DAMAGE-3); Knock Outs are settled with the attack's. "… put damage
  counters on the Attacking Pokémon equal to the damage done to this Pokémon": 1 counter per 10
  damage the attack did to it (the whole damage placed, even beyond its remaining HP).
- "During your next turn, this Pokémon's X attack does N more damage (before applying Weakness
  and Resistance)" adds N at the attacker's-effects step (R-DAMAGE-1 b) of X's damage to the
  Defending Pokémon, only during its owner's next turn. "During your next turn, this Pokémon
  can't use X" blocks X (the shared "attack_blocked") during that turn. Both end when it goes to
  the Bench or evolves.
- Damage counters an attack puts on the opponent's Pokémon are an effect of the attack, not
  damage (R-DAMAGE-3): no Weakness or Resistance, no damage prevention, and a Benched Tera
  Pokémon takes them; a Pokémon shielded from the effects of attacks can't be chosen (none can:
  nothing is placed). "in any way you like" names one Pokémon per counter in choices.pokemon.
- "Switch in 1 of your opponent's Benched Pokémon to the Active Spot. This attack does N damage
  to the new Active Pokémon": the switch comes first (SwitchDefending), then N is the attack's
  damage to the new Active Pokémon (Weakness, Resistance and every damage effect, R-DAMAGE-1).
  With no Benched Pokémon (or a Defending Pokémon shielded from the attack's effects) there is no
  new Active Pokémon: the attack does nothing to the opponent (you can't do the first thing, so
  not the second).
- "Choose 1 of your opponent's Active Pokémon's attacks. During your opponent's next turn, that
  Pokémon can't use that attack": the shared "attack_blocked" on it, for the attack named.
- "During your opponent's next turn, prevent all effects of attacks used by your opponent's
  Pokémon done to this Pokémon. (Damage is not an effect.)": a lasting "prevent_effects" that
  answers `can_be_affected` for every effect but the damage (damage counters placed are an effect).
- "At the end of your opponent's next turn, put N damage counters on the Defending Pokémon": an
  effect on that Pokémon (gone if it goes to the Bench or evolves), carried out before that
  turn's checkup; Knock Outs are settled between turns as usual.
- "During your opponent's next turn, this Pokémon has no Weakness": a lasting "no_weakness" on it
  answering the `weakness` hook. "During your next turn, this Pokémon can't retreat": the shared
  "cant_retreat" on it until the end of its owner's next turn.
- "Choose 1 of your opponent's Active Pokémon's attacks and use it as this attack" (Mew ex's
  Genome Hacking, Clefable's Metronome): only the Energy cost is waived, every other effect of the
  copied attack happens (its costs, like discards, included); the Pokémon keeps its own type; a
  copy of an attack that copies does nothing more (R-ATTACK-6). "Choose 1 of your Benched N's
  Pokémon's attacks and use it as this attack" (N's Zoroark ex) likewise, over the attacks of its
  player's Benched Pokémon named "N's …". "… your opponent's Active Tera
  Pokémon's attacks …": a Defending Pokémon that is not a Tera Pokémon has none to copy (the
  attack does nothing).
- "This attack's damage isn't affected by any effects on your opponent's Active Pokémon" ignores
  every Trainer, Energy, Ability and attack effect on the Defending Pokémon that changes or
  prevents the damage, and keeps Weakness and Resistance (AttackCtx.ignores
  "effects_on_defender", combat.py).
- "During your opponent's next turn, they can't play any Item cards from their hand" is an effect
  on the player: a lasting "no_items" on each of the attacking player's Pokémon in play (it
  stays on the Bench and through evolution), so it lasts whichever of them leaves play (as
  Base Set 3's "no_trainers"). Pokémon Tools are not Item cards (Scarlet & Violet): they may be
  played.
- "Discard all Energy from this Pokémon" is an effect after the damage (R-ATTACK-2, R-ENERGY-3):
  every Energy card attached to it.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from ....messages import joined, msg
from ...carddb import AttackDef
from ...contexts import AttackCtx
from ...core import Illegal, add_effect, discard_cards, place_counters
from ...hooks import AffectEvent, DamageEvent, Listener, PlayEvent, PokemonEvent, TurnEvent, lasting, types
from .base import AN_EFFECT, Effect, attack_memo, next_turn_of_opponent, standing_defender
from .copying import CopyPayingRequirements

if TYPE_CHECKING:
    from ...state import Pokemon, State

# The Stages an effect names ("Basic", "Evolution") as a card's stage answers them.
STAGES = ("Basic", "Evolution")


def is_stage(state: State, p: Pokemon, stage: str) -> bool:
    """`p` is a Basic Pokémon, or an Evolution Pokémon (any Stage but Basic), now."""
    basic = state.card_of(p.top).stage == "Basic"
    return basic if stage == "Basic" else not basic


# -- the Defending Pokémon, during the opponent's next turn ---------------------------------------

@lasting("attacks_weakened")
class AttacksWeakened:
    """Lasting: this Pokémon's attacks do `amount` less damage to the Defending Pokémon (R-DAMAGE-1 b)."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.attacker is not src.on or ev.confusion:
            return dmg
        dmg -= src.data["amount"]
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=src.data.get("why", AN_EFFECT),
                    amount=src.data["amount"], damage=dmg))
        return dmg


class DefendingAttacksWeaker(Effect):
    """During the opponent's next turn, the Defending Pokémon's attacks do `amount` less damage
    (before Weakness and Resistance; the lasting "attacks_weakened")."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = (f"during the opponent's next turn, attacks used by the Defending Pokémon do {amount} less "
                     "damage (before Weakness and Resistance)")

    def after(self, actx: AttackCtx) -> None:
        d = standing_defender(actx)
        if d is None:
            return
        add_effect(d, "attacks_weakened", next_turn_of_opponent(actx.state), amount=self.amount,
                   why=actx.attack.name)
        actx.say(msg("During the opponent's next turn, %(pokemon)s's attacks do %(amount)s less damage.",
                     pokemon=actx.name(d), amount=self.amount), "R-DAMAGE-1")


class DefendingCantAttackNextTurn(Effect):
    """The Defending Pokémon can't attack during the opponent's next turn ("attack_blocked");
    with `stage`, only if it is a Pokémon of that Stage ("Basic", "Evolution")."""

    def __init__(self, stage: str | None = None):
        self.stage = stage
        which = f"if it is {'a Basic' if stage == 'Basic' else 'an Evolution'} Pokémon, " if stage else ""
        self.text = f"{which}the Defending Pokémon can't attack during the opponent's next turn"

    def after(self, actx: AttackCtx) -> None:
        d = standing_defender(actx)
        if d is None:
            return
        if self.stage and not is_stage(actx.state, d, self.stage):
            actx.say(msg("%(pokemon)s is not a %(stage)s Pokémon: it may attack as usual.", pokemon=actx.name(d),
                         stage=msg("Basic") if self.stage == "Basic" else msg("Evolution")))
            return
        add_effect(d, "attack_blocked", next_turn_of_opponent(actx.state), attack=None, why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't attack during the opponent's next turn.", pokemon=actx.name(d)), "R-ATTACK-1")


# -- this Pokémon, during the opponent's next turn ------------------------------------------------

@lasting("prevent_damage_from_basic")
class PreventDamageFromBasic:
    """Lasting: damage from attacks of Basic Pokémon (not of type `except_type`) to this Pokémon is prevented."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or not is_stage(ev.state, ev.attacker, "Basic"):
            return dmg
        if src.data.get("except_type") in types(ev.state, ev.attacker):
            return dmg
        ev.note(msg("%(why)s prevents all damage", why=src.data.get("why", AN_EFFECT)))
        return 0


class PreventDamageFromBasicNextTurn(Effect):
    """During the opponent's next turn, damage done to this Pokémon by attacks from Basic Pokémon
    (not of type `except_type`) is prevented."""

    def __init__(self, except_type: str | None = None):
        self.except_type = except_type
        which = f"Basic non-{except_type} Pokémon" if except_type else "Basic Pokémon"
        self.text = f"prevent all damage done to this Pokémon by attacks from {which} during the opponent's next turn"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "prevent_damage_from_basic", next_turn_of_opponent(actx.state),
                   except_type=self.except_type, why=actx.attack.name)
        which = (msg("Basic non-%(type)s Pokémon", type=self.except_type) if self.except_type
                 else msg("Basic Pokémon"))
        actx.say(msg("%(pokemon)s is protected during the opponent's next turn from the damage of attacks from "
                     "%(which)s.", pokemon=actx.attacker_name, which=which), "R-DAMAGE-1")


@lasting("reduce_damage_from_stage")
class ReduceDamageFromStage:
    """Lasting: damage from attacks of `stage` Pokémon ("Basic", "Evolution") to this Pokémon is
    `amount` less (after Weakness and Resistance, R-DAMAGE-1 f)."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or not is_stage(ev.state, ev.attacker, src.data["stage"]):
            return dmg
        dmg -= src.data["amount"]
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=src.data.get("why", AN_EFFECT),
                    amount=src.data["amount"], damage=dmg))
        return dmg


class ReduceDamageFromStageNextTurn(Effect):
    """During the opponent's next turn, damage from attacks of `stage` Pokémon to this Pokémon is
    `amount` less (after Weakness and Resistance)."""

    def __init__(self, amount: int, stage: str):
        self.amount = amount
        self.stage = stage
        self.text = (f"during the opponent's next turn, this Pokémon takes {amount} less damage from attacks from "
                     f"{stage} Pokémon (after Weakness and Resistance)")

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "reduce_damage_from_stage", next_turn_of_opponent(actx.state), amount=self.amount,
                   stage=self.stage, why=actx.attack.name)
        actx.say(msg("%(pokemon)s takes %(amount)s less damage from attacks during the opponent's next turn.",
                     pokemon=actx.attacker_name, amount=self.amount))


@lasting("counters_on_attacker")
class CountersOnAttacker:
    """Lasting: when an opponent's attack damages this Pokémon, `counters` damage counters (None:
    as many as the damage done, 1 per 10) on the Attacking Pokémon (placed, R-DAMAGE-3)."""

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        if ev.target is not src.on or not ev.by_opponent or ev.confusion:
            return
        attacker = ev.attacker
        if ev.state.find_pokemon(attacker.top)[1] is not attacker:
            return
        counters = src.data["counters"]
        place_counters(ev.ctx, attacker, ev.done // 10 if counters is None else counters,
                       src.data.get("why", AN_EFFECT))


class CountersOnAttackerNextTurn(Effect):
    """During the opponent's next turn, if an attack damages this Pokémon (even if it is Knocked
    Out), `counters` damage counters go on the Attacking Pokémon (None: as many as the damage done
    to this Pokémon, 1 per 10)."""

    def __init__(self, counters: int | None):
        self.counters = counters
        many = f"{counters} damage counters" if counters is not None else \
            "damage counters equal to the damage done to this Pokémon"
        self.text = (f"during the opponent's next turn, if an attack damages this Pokémon (even if it is Knocked "
                     f"Out), put {many} on the Attacking Pokémon")

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "counters_on_attacker", next_turn_of_opponent(actx.state), counters=self.counters,
                   why=actx.attack.name)
        if self.counters is None:
            actx.say(msg("During the opponent's next turn, an attack that damages %(pokemon)s gets as many damage "
                         "counters on the Attacking Pokémon as the damage it does.", pokemon=actx.attacker_name),
                     "R-DAMAGE-3")
            return
        actx.say(msg("During the opponent's next turn, an attack that damages %(pokemon)s gets %(count)s damage "
                     "counters on the Attacking Pokémon.", pokemon=actx.attacker_name, count=self.counters),
                 "R-DAMAGE-3")


@lasting("prevent_effects")
class PreventEffects:
    """Lasting: no effect of the opponent's attacks but their damage reaches this Pokémon."""

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        return not (ev.pokemon is src.on and ev.by_seat != src.seat and not ev.damage)


class PreventEffectsNextTurn(Effect):
    """During the opponent's next turn, the effects of their attacks (not the damage) done to
    this Pokémon are prevented (the lasting "prevent_effects")."""
    text = ("during the opponent's next turn, prevent all effects of attacks done to this Pokémon (damage is not "
            "an effect)")

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "prevent_effects", next_turn_of_opponent(actx.state), why=actx.attack.name)
        actx.say(msg("%(pokemon)s is protected from the effects of attacks, but not their damage, during the "
                     "opponent's next turn.", pokemon=actx.attacker_name), "R-ATTACK-2")


@lasting("counters_at_end_of_turn")
class CountersAtEndOfTurn:
    """Lasting: at the end of turn `on_turn` (before the checkup), `counters` damage counters on
    this Pokémon (placed, R-DAMAGE-3); Knock Outs are settled between turns."""

    def before_checkup(self, src: Listener, ev: TurnEvent) -> None:
        p = src.on
        state = ev.ctx.state
        if p is None or state.turn != src.data["on_turn"] or state.find_pokemon(p.top)[1] is not p:
            return
        place_counters(ev.ctx, p, src.data["counters"], src.data.get("why", AN_EFFECT))


class CountersOnDefendingAtEndOfNextTurn(Effect):
    """At the end of the opponent's next turn, `counters` damage counters on the Defending
    Pokémon (the lasting "counters_at_end_of_turn" on it: gone if it goes to the Bench or evolves)."""

    def __init__(self, counters: int):
        self.counters = counters
        self.text = f"at the end of your opponent's next turn, put {counters} damage counters on the Defending Pokémon"

    def after(self, actx: AttackCtx) -> None:
        d = standing_defender(actx)
        if d is None:
            return
        turn = next_turn_of_opponent(actx.state)
        # expire_effects runs before the checkup's hooks: the record outlives its turn by one
        add_effect(d, "counters_at_end_of_turn", turn + 1, on_turn=turn, counters=self.counters,
                   why=actx.attack.name)
        actx.say(msg("At the end of the opponent's next turn, %(count)s damage counters go on %(pokemon)s.",
                     count=self.counters, pokemon=actx.name(d)), "R-DAMAGE-3")


@lasting("no_weakness")
class NoWeakness:
    """Lasting: this Pokémon has no Weakness."""

    def weakness(self, src: Listener, ev: PokemonEvent, value: Any) -> Any:
        return None if ev.pokemon is src.on else value


class NoWeaknessNextTurn(Effect):
    """During the opponent's next turn, this Pokémon has no Weakness (the lasting "no_weakness")."""
    text = "during the opponent's next turn, this Pokémon has no Weakness"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "no_weakness", next_turn_of_opponent(actx.state), why=actx.attack.name)
        actx.say(msg("%(pokemon)s has no Weakness during the opponent's next turn.", pokemon=actx.attacker_name),
                 "R-DAMAGE-1")


@lasting("no_items")
class NoItems:
    """Lasting: the opponent of this Pokémon's owner can't play Item cards from their hand."""

    def can_play(self, src: Listener, ev: PlayEvent) -> Illegal | None:
        if ev.kind != "item" or ev.ctx.seat == src.seat:
            return None
        return Illegal("R-TRAINER-1", msg("%(seat)s can't play Item cards this turn (%(why)s).",
                                          seat=ev.ctx.seat_label(ev.ctx.seat), why=src.data.get("why", AN_EFFECT)))


class OpponentNoItemsNextTurn(Effect):
    """During the opponent's next turn, they can't play Item cards from their hand (a lasting
    "no_items" on each of the attacking player's Pokémon in play, so that it lasts whichever of
    them leaves play)."""
    text = "during your opponent's next turn, they can't play any Item cards from their hand"

    def after(self, actx: AttackCtx) -> None:
        for p in actx.me.in_play():
            add_effect(p, "no_items", next_turn_of_opponent(actx.state), why=actx.attack.name,
                       survives_bench=True, survives_evolution=True)
        actx.say(msg("%(seat)s can't play Item cards during the next turn.", seat=actx.seat_label(actx.opp)),
                 "R-TRAINER-1")


# -- this Pokémon, during its owner's next turn ---------------------------------------------------

@lasting("attack_boosted")
class AttackBoosted:
    """Lasting: during turn `on_turn`, this Pokémon's attack `attack` (every attack: None) does
    `amount` more damage to the Defending Pokémon (R-DAMAGE-1 b)."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        data = src.data
        if (ev.attacker is not src.on or ev.confusion or ev.state.turn != data["on_turn"]
                or data["attack"] not in (None, ev.ctx.attack.name)):
            return dmg
        dmg += data["amount"]
        ev.note(msg("%(why)s +%(amount)s = %(damage)s", why=data.get("why", AN_EFFECT), amount=data["amount"],
                    damage=dmg))
        return dmg


class BoostAttackNextTurn(Effect):
    """During your next turn, this Pokémon's attack `attack` (every attack: None) does `amount`
    more damage to the Defending Pokémon (before Weakness and Resistance; the lasting "attack_boosted")."""

    def __init__(self, attack: str | None, amount: int):
        self.attack = attack
        self.amount = amount
        which = attack or "attacks"
        self.text = (f"during your next turn, this Pokémon's {which} do(es) {amount} more damage to the Defending "
                     "Pokémon (before Weakness and Resistance)")

    def after(self, actx: AttackCtx) -> None:
        turn = actx.state.turn + 2
        add_effect(actx.attacker, "attack_boosted", turn, on_turn=turn, attack=self.attack, amount=self.amount,
                   why=actx.attack.name)
        if self.attack is None:
            actx.say(msg("During its owner's next turn, %(pokemon)s's attacks do %(amount)s more damage.",
                         pokemon=actx.attacker_name, amount=self.amount), "R-DAMAGE-1")
            return
        actx.say(msg("During its owner's next turn, %(pokemon)s's %(attack)s does %(amount)s more damage.",
                     pokemon=actx.attacker_name, attack=self.attack, amount=self.amount), "R-DAMAGE-1")


class IfDefenderKnockedOut(Effect):
    """The `effects` happen only if the damage of this attack Knocked Out the Defending Pokémon."""

    def __init__(self, *effects: Effect):
        self.effects = list(effects)
        self.text = ("if the damage of this attack Knocks Out the Defending Pokémon: "
                     + ", ".join(e.describe() for e in self.effects))

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is None or d.damage < actx.state.hp(d):
            return
        for e in self.effects:
            if hasattr(e, "after"):
                e.after(actx)


class CantRetreatNextTurn(Effect):
    """During your next turn, this Pokémon can't retreat (the shared "cant_retreat")."""
    text = "during your next turn, this Pokémon can't retreat"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "cant_retreat", actx.state.turn + 2, why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't retreat during its owner's next turn.", pokemon=actx.attacker_name),
                 "R-RETREAT-1")


class CantUseNextTurn(Effect):
    """During your next turn, this Pokémon can't use the attack `attack` ("attack_blocked")."""

    def __init__(self, attack: str):
        self.attack = attack
        self.text = f"during your next turn, this Pokémon can't use {attack}"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "attack_blocked", actx.state.turn + 2, attack=self.attack, why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't use %(attack)s during its owner's next turn.", pokemon=actx.attacker_name,
                     attack=self.attack), "R-ATTACK-1")


# -- the attack itself ----------------------------------------------------------------------------

class IgnoresDefenderEffects(Effect):
    """The attack's damage to the Defending Pokémon ignores every effect on it, Weakness and
    Resistance apart (AttackCtx.ignores "effects_on_defender", combat.py)."""
    text = ("this attack's damage isn't affected by any effects on the Defending Pokémon (its Abilities, Trainer "
            "and Energy cards, effects of attacks); Weakness and Resistance apply")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        actx.ignores.add("effects_on_defender")
        return amount


class DiscardAllOwnEnergyAfter(Effect):
    """After damage, discard every Energy card attached to this Pokémon (an effect, not a cost)."""
    text = "after the damage, discard all Energy cards attached to this Pokémon"

    def after(self, actx: AttackCtx) -> None:
        p = actx.attacker
        cards = list(p.energy)
        if not cards:
            actx.say(msg("%(pokemon)s has no such Energy to discard.", pokemon=actx.attacker_name))
            return
        p.energy.clear()
        discard_cards(actx, actx.seat, cards)
        names = ", ".join(actx.name(i) for i in cards)     # attached cards: in sight of both
        actx.say(msg("%(pokemon)s discards %(cards)s attached to it.", pokemon=actx.attacker_name, cards=names),
                 "R-ENERGY-3")


class CopyDefendingAttack(CopyPayingRequirements):
    """Metronome over the opponent's Active Pokémon's attacks with only the Energy cost waived:
    every other effect of the copied attack happens (Genome Hacking's ruling). With `tag`, only
    a Pokémon with that tag ("tera": a Tera Pokémon) has attacks to copy."""

    def __init__(self, tag: str | None = None):
        self.tag = tag
        which = "your opponent's Active Tera Pokémon" if tag == "tera" else \
            f"your opponent's Active Pokémon{f' ({tag})' if tag else ''}"
        self.text = (f"choose one of the attacks of {which} (choices.attack; its own choices as usual, or in "
                     "choices.copied when they would clash) and use it as this attack: its Energy cost is not paid, "
                     "everything else it does happens; this Pokémon keeps its own type; copying an attack that copies "
                     "does nothing")

    def _attacks(self, state: State, defender: Pokemon | None) -> list[AttackDef]:  # type: ignore[override]
        if defender is None or (self.tag and self.tag not in state.card_of(defender.top).tags):
            return []
        return list(state.card_of(defender.top).attacks)

    def _say_none(self, actx: AttackCtx) -> None:
        d = actx.defender
        if self.tag == "tera" and d is not None and "tera" not in actx.state.card_of(d.top).tags:
            actx.say(msg("%(pokemon)s is not a Tera Pokémon: %(attack)s does nothing.", pokemon=actx.name(d),
                         attack=actx.attack.name), "R-ATTACK-3")
            return
        actx.say(msg("The opponent's Active Pokémon has no attack: %(attack)s does nothing.",
                     attack=actx.attack.name), "R-ATTACK-3")

    def _say_copy(self, actx: AttackCtx, copy: AttackDef, printed: str) -> None:
        actx.say(msg("%(attack)s: %(pokemon)s uses the opponent's %(copied)s (%(printed)s) as this attack, without "
                     "paying its Energy cost.", attack=actx.attack.name, pokemon=actx.attacker_name, copied=copy.name,
                     printed=printed), "R-ATTACK-6")


class CopyBenchedAttack(CopyDefendingAttack):
    """CopyDefendingAttack over the attacks of its player's Benched Pokémon whose name begins
    with `prefix` ("N's "): choices.attack names one (left out when there is one)."""

    def __init__(self, prefix: str):
        super().__init__()
        self.prefix = prefix
        self.text = (f"choose one of the attacks of your Benched {prefix}Pokémon (choices.attack; its own choices as "
                     "usual, or in choices.copied when they would clash) and use it as this attack: its Energy cost "
                     "is not paid, everything else it does happens; this Pokémon keeps its own type; copying an "
                     "attack that copies does nothing")

    def _sources(self, state: State, seat: int) -> list[AttackDef]:
        out: dict[str, AttackDef] = {}
        for p in state.seats[seat].bench:
            c = state.card_of(p.top)
            if c.name.startswith(self.prefix):
                for a in c.attacks:
                    out.setdefault(a.name, a)
        return list(out.values())

    def _chosen(self, actx: AttackCtx) -> AttackDef | None:
        attacks = self._sources(actx.state, actx.seat)
        name = actx.choices.get("attack")
        if name is None and len(attacks) <= 1:
            return attacks[0] if attacks else None
        for a in attacks:
            if a.name == name:
                return a
        raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.attack must name an attack of your Benched "
                                        "%(which)s: %(attacks)s.", attack=actx.attack.name,
                                        which=msg("%(prefix)sPokémon", prefix=self.prefix),
                                        attacks=joined(a.name for a in attacks) or msg("none")))

    def _offered(self, state: State, seat: int, attacker: Pokemon) -> list[AttackDef]:
        return self._sources(state, seat)

    def _say_none(self, actx: AttackCtx) -> None:
        actx.say(msg("%(attack)s: none of your Benched %(which)s has an attack to use: it does nothing.",
                     attack=actx.attack.name, which=msg("%(prefix)sPokémon", prefix=self.prefix)), "R-ATTACK-3")

    def _say_copy(self, actx: AttackCtx, copy: AttackDef, printed: str) -> None:
        actx.say(msg("%(attack)s: %(pokemon)s uses %(copied)s (%(printed)s) as this attack, without paying its "
                     "Energy cost.", attack=actx.attack.name, pokemon=actx.attacker_name, copied=copy.name,
                     printed=printed), "R-ATTACK-6")


class DamageNewActive(Effect):
    """After a switch that brings one of the opponent's Benched Pokémon in (SwitchDefending
    before it in the attack's effects), `amount` damage to the new Active Pokémon as the attack's
    damage to the Defending Pokémon. No switch happened: no new Active Pokémon, nothing."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = f"{amount} damage to the new Active Pokémon (none if no Pokémon was switched in)"

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["before"] = actx.defender

    def after(self, actx: AttackCtx) -> None:
        new = actx.defender
        if new is None or new is attack_memo(actx, self)["before"]:
            actx.say(msg("%(attack)s: no Pokémon was switched in, so there is no new Active Pokémon to damage.",
                         attack=actx.attack.name), "R-ATTACK-2")
            return
        actx.dealt = actx.deal_damage(new, self.amount)


class DefendingAttackBlockedChosen(Effect):
    """One of the Defending Pokémon's attacks, named in choices.attack (left out with one), can't
    be used by it during the opponent's next turn ("attack_blocked")."""
    text = ("choose one of the attacks of your opponent's Active Pokémon (choices.attack): during your opponent's next "
            "turn that Pokémon can't use it")

    @staticmethod
    def _names(state: State, d: Pokemon | None) -> list[str]:
        return [a.name for a in state.card_of(d.top).attacks] if d is not None else []

    def check(self, actx: AttackCtx) -> None:
        names = self._names(actx.state, actx.defender)
        chosen = actx.choices.get("attack")
        if chosen is None and len(names) <= 1:
            attack_memo(actx, self)["attack"] = names[0] if names else None
            return
        if chosen not in names:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.attack must name one of the Defending Pokémon's "
                                            "attacks: %(attacks)s.", attack=actx.attack.name, attacks=joined(names)))
        attack_memo(actx, self)["attack"] = chosen

    def after(self, actx: AttackCtx) -> None:
        name = attack_memo(actx, self).get("attack")
        d = standing_defender(actx)
        if name is None or d is None or d is not actx.defender:
            return
        add_effect(d, "attack_blocked", next_turn_of_opponent(actx.state), attack=name, why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't use %(attack)s during the opponent's next turn.", pokemon=actx.name(d),
                     attack=name), "R-ATTACK-1")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        names = self._names(state, state.seats[1 - seat].active)
        return [{}] if len(names) <= 1 else [{"attack": n} for n in names]


# -- damage counters put on the opponent's Pokémon ------------------------------------------------

class PlaceCounters(Effect):
    """After damage, `counters` damage counters on the opponent's Pokémon (placed, R-DAMAGE-3):
    `where` "active" (the Defending Pokémon), "one" / "one_benched" (1 of their Pokémon / Benched
    Pokémon, choices.pokemon: [it]), "spread" / "spread_benched" (as you like among their Pokémon /
    Benched Pokémon, choices.pokemon: one per counter). Left out when only one Pokémon may take them."""

    _WHERE = {"active": "your opponent's Active Pokémon", "one": "1 of your opponent's Pokémon",
              "one_benched": "1 of your opponent's Benched Pokémon",
              "spread": "your opponent's Pokémon in any way you like (choices.pokemon, one per counter)",
              "spread_benched": "your opponent's Benched Pokémon in any way you like (choices.pokemon, one per "
                                "counter)"}

    def __init__(self, counters: int, where: str = "active"):
        self.counters = counters
        self.where = where
        self.text = f"put {counters} damage counters on {self._WHERE[where]}"

    def _candidates(self, state: State, seat: int) -> list[Pokemon]:
        them = state.seats[1 - seat]
        if self.where == "active":
            return [them.active] if them.active else []
        return list(them.bench) if self.where.endswith("benched") else them.in_play()

    def _picks(self, actx: AttackCtx) -> list[Pokemon]:
        allowed = [p for p in self._candidates(actx.state, actx.seat) if actx.can_affect(p)]
        need = (self.counters if self.where.startswith("spread") else 1) if allowed else 0
        raw = actx.choices.get("pokemon")
        if raw is None and len(allowed) <= 1 or self.where == "active":
            return allowed[:1] * need
        if not isinstance(raw, list) or len(raw) != need:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon names %(count)s of your opponent's Pokémon "
                                            "that may take the damage counters, one per counter.",
                                            attack=actx.attack.name, count=need))
        picks = []
        for inst in raw:
            p = next((p for p in allowed if isinstance(inst, str) and inst in p.stack), None)
            if p is None:
                names = joined(f"{actx.name(b)} ({b.top})" for b in allowed) or msg("none")
                raise Illegal("R-ATTACK-2", msg("%(attack)s: %(instance)s is not one of your opponent's Pokémon that "
                                                "may take the counters: %(pokemon)s.",
                                                attack=actx.attack.name, instance=str(inst), pokemon=names))
            picks.append(p)
        return picks

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["picks"] = self._picks(actx)

    def after(self, actx: AttackCtx) -> None:
        picks: list[Pokemon] = attack_memo(actx, self)["picks"]
        if not picks:
            actx.say(msg("%(attack)s: no Pokémon of your opponent may take the damage counters.",
                         attack=actx.attack.name))
            return
        per = Counter(id(p) for p in picks)
        counters = self.counters if not self.where.startswith("spread") else 1
        for p in actx.them.in_play():
            if per[id(p)] and actx.can_affect(p):
                place_counters(actx, p, per[id(p)] * counters, actx.attack.name)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        tops = [p.top for p in self._candidates(state, seat)]
        if self.where == "active" or len(tops) <= 1:
            return [{}]
        if self.where.startswith("spread"):
            return [{"pokemon": list(c)} for c in combinations_with_replacement(tops, self.counters)]
        return [{"pokemon": [t]} for t in tops]
