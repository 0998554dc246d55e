"""Attacking (R-ATTACK-2) and the damage calculation (R-DAMAGE-1, -2).

Rulings taken here:
- base-1999 Confusion (R-STATUS-3, seed 000 "Confuso"): on tails the Pokémon "attacks itself"
  for 20 damage, applying Weakness, Resistance "or any other effect that alters the attack, as
  usual". So the 20 goes through the same steps as an attack's damage (`deal_damage`): the
  attacker's own effects on its attacks' damage, Weakness and Resistance to its own type,
  Defender attached to it, then protective effects on it (Harden, Withdraw) and the floor at
  0. PlusPower does not apply: it adds damage only "to the Defending Pokémon", and a Pokémon
  hurting itself is not the Defending Pokémon. No power answers the damage (Strikes Back
  answers an opponent's attack only). ex-2005 and modern place counters instead, which
  nothing modifies (R-DAMAGE-3).
"""
from .core import Ctx, Illegal, can_pay, effects_of, has_effect, inflict, provided_energy
from .flow import knocked_out
from .state import Pokemon

PLUSPOWER_BONUS = 10
DEFENDER_REDUCTION = 20


class AttackCtx(Ctx):
    """One attack under way: who attacks whom with what, and what it has done so far."""

    def __init__(self, ctx, attacker, attack, choices, source_card=None):
        super().__init__(ctx.state, ctx.rng, ctx.seat)
        self.narration = ctx.narration
        self.attacker = attacker
        self.attack = attack
        self.choices = choices or {}
        self.defender = self.state.seats[self.opp].active
        self.source_card = source_card or self.state.card_of(attacker.top)
        self.dealt = 0                 # final damage done to the Defending Pokémon
        self.did_nothing = False
        self.extra_knockouts = []      # (seat, Pokémon) knocked out by an effect
        self.copied = False            # True while Metronome / Mirror Move runs another attack

    @property
    def attacker_name(self):
        return self.name(self.attacker)

    def can_affect(self, p):
        """False when the opponent's Pokémon is shielded from every effect of attacks (Agility)."""
        if p is None:
            return False
        owner, _, _ = self.state.find_pokemon(p.top)
        return owner == self.seat or not has_effect(p, "prevent_all")

    def inflict(self, p, condition, poison_damage=10):
        if not self.can_affect(p):
            self.say(f"{self.name(p)} is protected from the effects of attacks.")
            return False
        return inflict(self, p, condition, poison_damage)

    def choice(self, key, default=None):
        return self.choices.get(key, default)


# -- the damage calculation ---------------------------------------------------------------

def deal_damage(actx: AttackCtx, target: Pokemon, amount: int, *, to_defending: bool = True,
                apply_wr: bool = True, source: Pokemon | None = None, confusion: bool = False) -> int:
    """Damage from an attack, step by step as R-DAMAGE-1; Bench damage skips Weakness and
    Resistance (R-DAMAGE-2). `confusion` is base-1999's Confusion damage to the attacker
    itself: the attacker's effects, Weakness, Resistance and the effects on it apply, PlusPower
    doesn't (ruling above). Returns the damage actually done."""
    state = actx.state
    rules = actx.rules
    name = actx.name(target)
    attacker = source or actx.attacker
    what = "Confusion" if confusion else f"{actx.attacker_name}'s {actx.attack.name}"
    owner, _, place = state.find_pokemon(target.top)
    if place is None:
        return 0
    if not actx.can_affect(target):
        actx.say(f"{name} is protected from all effects of attacks, damage included.")
        return 0
    if amount <= 0:
        actx.say(f"{what} does no damage to {name}.", "R-DAMAGE-1")
        return 0
    steps = [f"base {amount}"]
    dmg = amount
    attacks_with_it = to_defending or confusion
    reduced = sum(e.get("amount", 0) for e in effects_of(attacker, "attack_reduced")) if attacks_with_it else 0
    if reduced:
        dmg -= reduced
        steps.append(f"{actx.attacker_name}'s own effects −{reduced} = {dmg}")
        if dmg <= 0:
            actx.say(f"{what} does no damage ({', '.join(steps)}).", "R-DAMAGE-1")
            return 0
    tcard = state.card_of(target.top)
    attack_type = attack_type_of(actx, attacker)
    weakness = target.flags.get("weakness", tcard.weakness)
    resistance = target.flags.get("resistance", tcard.resistance)
    if apply_wr and place == "active":
        if weakness and weakness == attack_type:
            dmg *= rules.weakness_multiplier
            steps.append(f"Weakness ×{rules.weakness_multiplier} = {dmg}")
        if resistance and resistance == attack_type:
            dmg -= rules.resistance_amount or 30
            steps.append(f"Resistance −{rules.resistance_amount or 30} = {dmg}")
    if to_defending:
        plus = sum(1 for i in attacker.attached if state.card_of(i).name == "PlusPower")
        if plus and dmg > 0:     # only when the attack still does damage after W/R (card text)
            dmg += PLUSPOWER_BONUS * plus
            steps.append(f"PlusPower +{PLUSPOWER_BONUS * plus} = {dmg}")
    defenders = sum(1 for i in target.attached if state.card_of(i).name == "Defender")
    if defenders:
        dmg -= DEFENDER_REDUCTION * defenders
        steps.append(f"Defender −{DEFENDER_REDUCTION * defenders} = {dmg}")
    if owner != actx.seat or confusion:
        dmg, steps = _defending_effects(target, dmg, steps)
    if dmg < 0:
        steps.append("below 0 counts as 0")
        dmg = 0
    counters = dmg // 10
    target.damage += counters * 10
    hp = state.hp(target)
    rule = "R-STATUS-3" if confusion else "R-DAMAGE-1" if place == "active" else "R-DAMAGE-2"
    actx.say(f"{what} does {counters * 10} damage to {name} ({'; '.join(steps)}) — {target.damage}/{hp}.", rule)
    if counters and owner != actx.seat:
        _after_damage(actx, target, counters * 10, owner)
    return counters * 10


def _defending_effects(target, dmg, steps):
    for e in target.effects:
        if e["kind"] == "prevent_damage":
            steps.append(f"{e.get('why', 'an effect')} prevents all damage")
            return 0, steps
        if e["kind"] == "prevent_damage_at_most" and dmg <= e["amount"]:
            steps.append(f"{e.get('why', 'an effect')} prevents damage of {e['amount']} or less")
            return 0, steps
        if e["kind"] == "reduce_damage":
            dmg -= e["amount"]
            steps.append(f"{e.get('why', 'an effect')} −{e['amount']} = {dmg}")
    return dmg, steps


def _after_damage(actx, target, dmg, owner):
    """Triggers on being damaged by an opponent's attack: powers (Strikes Back), Destiny Bond."""
    power = actx.state.card_of(target.top).power
    if power and power.effect and hasattr(power.effect, "on_damaged"):
        power.effect.on_damaged(actx, target, owner, dmg)
    if knocked_out(actx.state, target) and has_effect(target, "destiny_bond"):
        actx.say(f"Destiny Bond: {actx.attacker_name} is Knocked Out too.")
        actx.extra_knockouts.append((actx.seat, actx.attacker))


def attack_type_of(actx, attacker):
    return attacker.flags.get("type", actx.state.card_of(attacker.top).type)


# -- the attack ------------------------------------------------------------------------------

def check_can_attack(ctx, attacker, attack):
    """R-ATTACK-1 and the conditions that stop an attack; raises Illegal."""
    state = ctx.state
    name = ctx.name(attacker)
    if state.turn == 1 and not ctx.rules.first_player_attacks_turn_1:
        raise Illegal("R-ATTACK-5", "The first player can't attack on the first turn.")
    if state.this_turn["attacked"]:
        raise Illegal("R-ATTACK-1", f"{name} has already attacked this turn.")
    for cond, rule in (("asleep", "R-STATUS-2"), ("paralyzed", "R-STATUS-4")):
        if cond in attacker.conditions:
            raise Illegal(rule, f"{name} is {cond.capitalize()} and can't attack.")
    for e in effects_of(attacker, "attack_blocked"):
        if e.get("attack") in (None, attack.name):
            raise Illegal("R-ATTACK-1", f"{name} can't use {attack.name} this turn ({e.get('why', 'an effect')}).")
    units = provided_energy(state, attacker)
    if not can_pay(attack.cost, units):
        has = f"it needs {'/'.join(attack.cost) or 'nothing'} and has {'/'.join(units) or 'no Energy'}"
        if len(units) >= len(attack.cost):      # enough Energy, of the wrong types
            raise Illegal("R-ENERGY-2", f"{name}'s Energy is not of the types {attack.name} needs: {has}; "
                          "a typed symbol is paid only with that type, Colorless with any.")
        raise Illegal("R-ATTACK-1", f"{name} doesn't have the Energy for {attack.name}: {has}.")


def run_attack(actx):
    """Steps in order (R-ATTACK-2): choices, costs, effects that cancel it, Confusion, then
    damage, then other effects. Knock Outs are settled by the caller."""
    attack = actx.attack
    for eff in attack.effects:
        if hasattr(eff, "check"):
            eff.check(actx)
    for eff in attack.effects:
        if hasattr(eff, "pay"):
            eff.pay(actx)
    actx.say(f"{actx.seat_label(actx.seat)}'s {actx.attacker_name} attacks with {attack.name}.", "R-ATTACK-2")
    if has_effect(actx.attacker, "attack_may_fail") and not actx.copied:
        why = effects_of(actx.attacker, "attack_may_fail")[0].get("why")
        if not actx.flip(f"{actx.attacker_name}'s attack ({why})"):
            actx.say(f"Tails: {attack.name} does nothing.", "R-ATTACK-2")
            actx.did_nothing = True
            return
    if "confused" in actx.attacker.conditions and not actx.copied:
        if not actx.flip(f"{actx.attacker_name}'s Confusion"):
            confused_self_damage(actx)
            actx.did_nothing = True
            return
    perform_attack(actx)


def perform_attack(actx):
    """Damage first, then the attack's other effects (R-DAMAGE-1 h, i)."""
    attack = actx.attack
    amount = attack.damage
    for eff in attack.effects:
        if hasattr(eff, "damage"):
            amount = eff.damage(actx, amount)
            if actx.did_nothing:
                actx.say(f"{attack.name} does nothing.", "R-ATTACK-3")
                return
    # The Pokémon attacked, kept for the record: an effect may switch another one in (Whirlwind,
    # Lure), and Mirror Move must repeat what happened to the one that was attacked.
    target = actx.defender
    before = list(target.conditions) if target else []
    if actx.defender is not None and (attack.damage or attack.damage_mark or amount):
        actx.dealt = deal_damage(actx, actx.defender, amount)
    for eff in attack.effects:
        if hasattr(eff, "after"):
            eff.after(actx)
    if target is not None:
        actx.state.last_attack = {
            "turn": actx.state.turn, "seat": actx.seat, "attack": attack.name,
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
        actx.say(f"Tails: {actx.attacker_name} hurts itself: "
                 f"{rules.confused_attack_self_damage // 10} damage counters ({p.damage}/{actx.state.hp(p)}).",
                 "R-STATUS-3")
        return
    actx.say(f"Tails: {actx.attacker_name} hurts itself instead of attacking.", "R-STATUS-3")
    deal_damage(actx, p, rules.confused_attack_self_damage, to_defending=False, confusion=True)
