"""Attacking (R-ATTACK-2) and the damage calculation (R-DAMAGE-1, -2).

The rules own the order of the steps; what cards and effects do to the damage they answer at
the hook of their step (hooks.py): `damage_attacker` (R-DAMAGE-1 b), Weakness and Resistance
(c, d; the types come from the `weakness` / `resistance` hooks), `damage_attacker_cards` and
`damage_defender_cards` (e), `damage_defender` (f), then the counters (g). An attack is asked
first whether it may happen at all (`can_attack`, `before_attack`).

Rulings taken here:
- base-1999 Confusion (R-STATUS-3, seed 000 "Confuso"): on tails the Pokémon "attacks itself"
  for 20 damage, applying Weakness, Resistance "or any other effect that alters the attack, as
  usual". So the 20 goes through the same steps as an attack's damage (`deal_damage`): the
  attacker's own effects on its attacks' damage, Weakness and Resistance to its own type,
  Trainer effects on it, then protective effects on it and the floor at 0. Trainer effects
  on the attacker that add damage to the Defending Pokémon (step e, attacker side) do not
  apply: a Pokémon hurting itself is not the Defending Pokémon. No effect that answers being
  damaged by an opponent's attack answers it. ex-2005 and modern place counters instead, which
  nothing modifies (R-DAMAGE-3).
- What an attack's damage to the Defending Pokémon ignores (`AttackCtx.ignores`, set by the
  attack's effects before damage): "weakness", "resistance", or "defender_effects" — Weakness,
  Resistance, every Trainer, Energy, power and attack effect on the Defending Pokémon that
  changes or prevents the damage; "effects_on_defender" — those effects alone, Weakness and
  Resistance kept (the modern "isn't affected by any effects on your opponent's Active
  Pokémon"). The attacker's own effects still apply, and what answers being damaged
  (`after_damaged`) still hears it: it does not change the damage.
- R-ATTACK-4 (a ruleset's `baby_flip`): when the Defending Pokémon is a Baby Pokémon (tag
  "baby"), the attacker flips before anything else of the attack; tails, the turn ends
  without an attack (seed 002, 003 "2 a").
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..messages import joined, msg
from . import hooks
from .carddb import has_type
from .core import Ctx, Illegal, can_pay, condition_name, provided_energy
from .flow import knocked_out, reached_hp_by_attack_damage
from .hooks import AffectEvent, AttackEvent, DamageEvent

if TYPE_CHECKING:
    from .carddb import AttackDef
    from .contexts import AttackCtx
    from .state import Pokemon


def can_affect(actx: AttackCtx, p: Pokemon | None, *, damage: bool = False) -> bool:
    """May the attack's effects (`damage`: its damage) reach `p`? Always its own side; the
    opponent's Pokémon unless an effect shields it (`can_be_affected`)."""
    if p is None:
        return False
    owner = actx.state.find_pokemon(p.top)[0]
    return owner == actx.seat or hooks.allowed(actx.state, "can_be_affected",
                                               AffectEvent(actx.state, p, actx.seat, damage, actx))


# -- the damage calculation ---------------------------------------------------------------

# What ignores the effects on the Defending Pokémon (the first with Weakness and Resistance too).
ON_DEFENDER = frozenset({"defender_effects", "effects_on_defender"})

def deal_damage(actx: AttackCtx, target: Pokemon, amount: int, *, to_defending: bool = True,
                apply_wr: bool = True, confusion: bool = False, ignores: frozenset[str] = frozenset()) -> int:
    """Damage from an attack, step by step as R-DAMAGE-1; Bench damage skips Weakness and
    Resistance (R-DAMAGE-2). `confusion` is base-1999's Confusion damage to the attacker
    itself (ruling above). `ignores`: what this damage to a Pokémon other than the Defending
    one ignores (as `AttackCtx.ignores`: "any effects on those Pokémon"). Returns the damage
    actually done."""
    state = actx.state
    name = actx.name(target)
    what = (msg("Confusion") if confusion
            else msg("%(pokemon)s's %(attack)s", pokemon=actx.attacker_name, attack=actx.attack.name))
    owner, _, place = state.find_pokemon(target.top)
    if place is None:
        return 0
    ignores = frozenset(actx.ignores) if to_defending and not confusion else ignores
    if place == "bench" and "tera" in state.card_of(target.top).tags:
        actx.say(msg("%(pokemon)s is a Tera Pokémon on the Bench: attacks do it no damage.", pokemon=name),
                 "R-DAMAGE-4")
        return 0
    if not ignores & ON_DEFENDER and not can_affect(actx, target, damage=True):
        actx.say(msg("%(pokemon)s is protected from all effects of attacks, damage included.", pokemon=name))
        return 0
    if amount <= 0:
        actx.say(msg("%(what)s does no damage to %(pokemon)s.", what=what, pokemon=name), "R-DAMAGE-1")
        return 0
    ev = DamageEvent(actx, actx.attacker, target, attack_type_of(actx, actx.attacker), to_defending,
                     by_opponent=owner != actx.seat, confusion=confusion, steps=[msg("base %(damage)s", damage=amount)],
                     ignores=ignores)
    dmg = _steps(ev, amount, apply_wr and place == "active")
    if dmg is None:
        actx.say(msg("%(what)s does no damage (%(steps)s).", what=what, steps=joined(ev.steps)), "R-DAMAGE-1")
        return 0
    counters = dmg // 10
    target.damage += counters * 10
    rule = "R-STATUS-3" if confusion else "R-DAMAGE-1" if place == "active" else "R-DAMAGE-2"
    actx.say(msg("%(what)s does %(damage)s damage to %(pokemon)s (%(steps)s) — %(total)s/%(hp)s.", what=what,
                 damage=counters * 10, pokemon=name, steps=joined(ev.steps, "; "), total=target.damage,
                 hp=state.hp(target)), rule)
    if counters and not confusion and actx.rules.records_attack_knock_outs and knocked_out(state, target):
        reached_hp_by_attack_damage(state, target)
    if counters and ev.by_opponent:
        ev.done = counters * 10
        hooks.tell(state, "after_damaged", ev)
    return counters * 10


def _steps(ev: DamageEvent, dmg: int, weakness_applies: bool) -> int | None:
    """R-DAMAGE-1 b to g after the base damage; None when the attacker's own effects bring
    it to 0 or less (the calculation stops there)."""
    state = ev.state
    if ev.to_defending or ev.confusion:
        dmg = hooks.modify(state, "damage_attacker", ev, dmg)
        if dmg <= 0:
            return None
    if weakness_applies:
        dmg = _weakness_and_resistance(ev, dmg)
    if ev.to_defending:
        dmg = hooks.modify(state, "damage_attacker_cards", ev, dmg)
    if ev.ignores & ON_DEFENDER:
        ev.note(msg("effects on the Defending Pokémon ignored"))
    else:
        dmg = hooks.modify(state, "damage_defender_cards", ev, dmg)
        if ev.by_opponent or ev.confusion:
            dmg = hooks.modify(state, "damage_defender", ev, dmg)
        dmg = hooks.modify(state, "damage_taken", ev, dmg)
    if dmg < 0:
        ev.note(msg("below 0 counts as 0"))
        dmg = 0
    return dmg


def _weakness_and_resistance(ev: DamageEvent, dmg: int) -> int:
    rules = ev.ctx.rules
    state = ev.state
    if has_type(hooks.weakness(state, ev.target), ev.attack_type):
        if _ignored(ev, "weakness"):
            ev.note(msg("Weakness ignored"))
        else:
            dmg *= rules.weakness_multiplier
            ev.note(msg("Weakness ×%(times)s = %(damage)s", times=rules.weakness_multiplier, damage=dmg))
    if has_type(hooks.resistance(state, ev.target), ev.attack_type):
        if _ignored(ev, "resistance"):
            ev.note(msg("Resistance ignored"))
        else:
            dmg -= rules.resistance_amount or 30
            ev.note(msg("Resistance −%(amount)s = %(damage)s", amount=rules.resistance_amount or 30, damage=dmg))
    return dmg


def _ignored(ev: DamageEvent, what: str) -> bool:
    """Weakness or Resistance the attack ignores (by name, or with every effect on the Defending Pokémon)."""
    return what in ev.ignores or "defender_effects" in ev.ignores


def attack_type_of(actx: AttackCtx, attacker: Pokemon) -> str | None:
    """The type of the attacker's damage: its type now (R-INPLAY-1; the one power in the pool
    that gives a Pokémon several types answers Weakness and Resistance to each itself)."""
    kinds = hooks.types(actx.state, attacker)
    return kinds[0] if kinds else None


# -- the attack ------------------------------------------------------------------------------

def check_can_attack(ctx: Ctx, attacker: Pokemon, attack: AttackDef) -> None:
    """R-ATTACK-1 and the conditions that stop an attack; raises Illegal."""
    state = ctx.state
    name = ctx.name(attacker)
    if (state.turn == 1 and not ctx.rules.first_player_attacks_turn_1
            and not any(getattr(e, "usable_on_first_turn", False) for e in attack.effects)
            and not hooks.modify(state, "attacks_first_turn", AttackEvent(ctx, attacker, attack), False)):
        raise Illegal("R-ATTACK-5", msg("The first player can't attack on the first turn."))
    if state.this_turn["attacked"]:
        raise Illegal("R-ATTACK-1", msg("%(pokemon)s has already attacked this turn.", pokemon=name))
    for cond, rule in (("asleep", "R-STATUS-2"), ("paralyzed", "R-STATUS-4")):
        if cond in attacker.conditions:
            raise Illegal(rule, msg("%(pokemon)s is %(condition)s and can't attack.", pokemon=name,
                                    condition=condition_name(cond)))
    refused = hooks.refusal(state, "can_attack", AttackEvent(ctx, attacker, attack))
    if refused is not None:
        raise refused
    units = provided_energy(state, attacker)
    if not can_pay(attack.cost, units):
        needs = "/".join(attack.cost) or msg("nothing")
        has = "/".join(units) or msg("no Energy")
        if len(units) >= len(attack.cost):      # enough Energy, of the wrong types
            raise Illegal("R-ENERGY-2", msg("%(pokemon)s's Energy is not of the types %(attack)s needs: it needs "
                                            "%(cost)s and has %(energy)s; a typed symbol is paid only with that "
                                            "type, Colorless with any.", pokemon=name, attack=attack.name,
                                            cost=needs, energy=has))
        raise Illegal("R-ATTACK-1", msg("%(pokemon)s doesn't have the Energy for %(attack)s: it needs %(cost)s and "
                                        "has %(energy)s.", pokemon=name, attack=attack.name, cost=needs, energy=has))


def run_attack(actx: AttackCtx) -> None:
    """Steps in order (R-ATTACK-2): choices, costs, effects that cancel it, Confusion, then
    damage, then other effects. Knock Outs are settled by the caller."""
    attack = actx.attack
    for eff in attack.effects:
        if hasattr(eff, "check"):
            eff.check(actx)
    if not actx.copied and _baby_flip_fails(actx):
        return
    for eff in attack.effects:
        if hasattr(eff, "pay"):
            eff.pay(actx)
    actx.say(msg("%(seat)s's %(pokemon)s attacks with %(attack)s.", seat=actx.seat_label(actx.seat),
                 pokemon=actx.attacker_name, attack=attack.name), "R-ATTACK-2")
    if not actx.copied and not hooks.allowed(actx.state, "before_attack",
                                             AttackEvent(actx, actx.attacker, attack)):
        actx.did_nothing = True
        return
    if "confused" in actx.attacker.conditions and not actx.copied:
        if not actx.flip(msg("%(pokemon)s's Confusion", pokemon=actx.attacker_name)):
            confused_self_damage(actx)
            actx.did_nothing = True
            return
    perform_attack(actx)


def _baby_flip_fails(actx: AttackCtx) -> bool:
    """R-ATTACK-4 (ruling above): True when the flip ends the turn without an attack."""
    defender = actx.defender
    if not actx.rules.baby_flip or defender is None or "baby" not in actx.state.card_of(defender.top).tags:
        return False
    if actx.flip(msg("attacking the Baby Pokémon %(pokemon)s", pokemon=actx.name(defender))):
        return False
    actx.say(msg("Tails: %(pokemon)s does not attack; the turn ends.", pokemon=actx.attacker_name), "R-ATTACK-4")
    actx.did_nothing = True
    return True


def perform_attack(actx: AttackCtx) -> None:
    """Damage first, then the attack's other effects (R-DAMAGE-1 h, i)."""
    attack = actx.attack
    amount = attack.damage
    for eff in attack.effects:
        if hasattr(eff, "damage"):
            amount = eff.damage(actx, amount)
            if actx.did_nothing:
                actx.say(msg("%(attack)s does nothing.", attack=attack.name), "R-ATTACK-3")
                return
    # The Pokémon attacked, kept for the record: an effect may switch another one in, and an
    # attack that repeats the last one repeats what happened to the Pokémon that was attacked.
    target = actx.defender
    before = list(target.conditions) if target else []
    if actx.defender is not None and (attack.damage or attack.damage_mark or amount):
        actx.dealt = deal_damage(actx, actx.defender, amount)
    for eff in attack.effects:
        if hasattr(eff, "after"):
            eff.after(actx)
    if target is not None:
        actx.state.last_attack = {
            "turn": actx.state.turn, "seat": actx.seat, "attack": str(attack.name),
            "target": target.top, "damage": actx.dealt,
            "conditions": [c for c in target.conditions if c not in before],
            "poison_damage": target.flags.get("poison_damage"),
        }


def confused_self_damage(actx: AttackCtx) -> None:
    """R-STATUS-3: tails, the attack fails and the Pokémon hurts itself (table in RULES.md);
    base-1999's damage goes through `deal_damage` (ruling above)."""
    rules = actx.rules
    p = actx.attacker
    if rules.confused_self_damage_is_counters:
        p.damage += rules.confused_attack_self_damage
        actx.say(msg("Tails: %(pokemon)s hurts itself: %(count)s damage counters (%(damage)s/%(hp)s).",
                     pokemon=actx.attacker_name, count=rules.confused_attack_self_damage // 10, damage=p.damage,
                     hp=actx.state.hp(p)), "R-STATUS-3")
        return
    actx.say(msg("Tails: %(pokemon)s hurts itself instead of attacking.", pokemon=actx.attacker_name),
             "R-STATUS-3")
    deal_damage(actx, p, rules.confused_attack_self_damage, to_defending=False, confusion=True)


def after_damage_knock_out(ev: DamageEvent, who: Pokemon) -> None:
    """An effect that Knocks Out `who` (a Pokémon in play) because of this damage."""
    owner = ev.state.find_pokemon(who.top)[0]
    assert owner is not None, "who is in play"
    ev.ctx.extra_knockouts.append((owner, who))


__all__ = ["after_damage_knock_out", "attack_type_of", "can_affect", "check_can_attack",
           "confused_self_damage", "deal_damage", "knocked_out", "perform_attack", "run_attack"]
