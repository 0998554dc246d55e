"""The effect vocabulary: small named effects with parameters that card lines are made of.

An attack effect may define any of these, called by `combat.run_attack` in this order:
  check(actx)         raise Illegal if the attack can't be used now or its choices are wrong
  pay(actx)           pay the attack's own costs (discards) before Confusion is checked
  damage(actx, n)     change the base damage; set actx.did_nothing to cancel the attack
  after(actx)         the attack's other effects, after damage
and, for `legal_actions`, `options(state, seat, attacker) -> list of choice dicts`.

A Trainer is an object with check(tctx), play(tctx) (returns True when the card stays in play
instead of going to the discard pile) and options(state, seat, instance) -> list of
{"targets": [...], "choices": {...}}. A Trainer that shows its player hidden cards before
they choose stops half way with `tctx.ask(...)` in `play`; the player's `choose` action then
calls resolve(tctx, pending), and `legal_actions` lists resolve_options(state, pending) -> list
of choice dicts. A Power has check(pctx), use(pctx), options(...), `blocked_by` (conditions
that stop it); a power that works by itself has no `use`.

What a card does while it is in play — a Stadium, a Tool or other attached Trainer, a
continuous power, a lasting effect an attack or power leaves on a Pokémon — it does by
answering the effect pipeline's hooks (`projections/tcg/hooks.py`): a method named after the
hook on its object, `hook(src, ev, ...)`. A lasting effect is a record on a Pokémon
(`add_effect(p, kind, until_turn, ...)`) whose kind has a handler registered with
`@lasting(kind)`; the effects below that leave one define the handler beside them.

Cards reach the rules only through the context they are handed (`projections/tcg/contexts.py`).
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal

from ...messages import msg
from ..carddb import UNKNOWN
from ..contexts import AttackCtx, PowerCtx, TrainerCtx  # noqa: F401 - the contexts cards are handed
from ..core import (
    Illegal,
    add_effect,
    discard_cards,
    energy_units,
    heal,
    place_counters,
    provided_energy,
    provides_type,
    switch_active,
)
from ..hooks import AffectEvent, AttackEvent, DamageEvent, Listener, PokemonEvent, in_play, lasting

if TYPE_CHECKING:
    from ..state import Pokemon, State


class Effect:
    """Base for attack effects: every hook is optional."""
    text = ""
    # As Power.settled_by_check, for an attack's effect: its `check` only reads the state (it
    # may keep what it found on the attack's context), nothing in its pay, damage or after can
    # refuse once the checks passed, and it brings nothing into play that answers a hook asked
    # later in the action (a lasting effect answering `weakness` only is asked by later
    # attacks), nor a Poison or a Burn for the checkup; these are the hooks it asks besides
    # the attack's damage (actions.ATTACK_DAMAGE_HOOKS). None: only carrying the attack out tells.
    settled_by_check: tuple[str, ...] | None = None

    def describe(self) -> str:
        return self.text


class Trainer:
    text = ""
    # A Trainer that attaches to a Pokémon: how many turns after the one it is played in it
    # stays attached (0: discarded at the end of this turn). None: it never attaches.
    turns_attached: int | None = None
    # Table mode (table_actions.py): where the cards a choice names are, so that a paper
    # game may name them by card id ("search": "deck"); `choose_zones` for its `choose` step.
    choice_zones: dict[str, str] = {}
    choose_zones: dict[str, str] = {}
    # As Power.settled_by_check, for an Item: its `check` only reads the state (it may keep
    # what it found in `tctx.sel`) and nothing in `play` can refuse once it passed; these are
    # the hooks `play` asks (besides `on_play` and the Knock Outs the rules settle after it).
    settled_by_check: tuple[str, ...] | None = None

    def check(self, tctx: TrainerCtx) -> None:
        pass

    def play(self, tctx: TrainerCtx) -> bool:
        """Do what the card says; return True when the card stays in play."""
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [{"targets": [], "choices": {}}]

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        raise Illegal("R-TRAINER-1", msg("%(card)s waits for no choice.", card=tctx.card.name))

    # A Stadium that each player may use once during their turn defines `use(tctx)` (the
    # action `use_stadium`), `check_use(tctx)` and `use_options(state, seat)` -> choice dicts.
    def check_use(self, tctx: TrainerCtx) -> None:
        pass

    def use_options(self, state: State, seat: int) -> list[dict[str, Any]]:
        return [{}]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return []

    def describe(self) -> str:
        return self.text


class Power:
    text = ""
    # The Special Conditions that stop it; None: its kind's (actions.BLOCKED_BY_KIND).
    blocked_by: tuple[str, ...] | None = None
    choice_zones: dict[str, str] = {}  # as Trainer.choice_zones
    # Set where `check` only reads the state and nothing in `use` can refuse once it passed:
    # the hooks `use` asks (besides the Knock Outs the rules settle after it; `hooks.in_play`
    # for one asked before `use` brings anything into play). Listing legal
    # actions then takes the check's answer without carrying the power out on a clone
    # (actions.power_settled_by_check); None: only carrying it out tells.
    settled_by_check: tuple[str, ...] | None = None

    def check(self, pctx: PowerCtx) -> None:
        pass

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{}]

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        """The `choose` step of a power that showed its player hidden cards (`pctx.ask`)."""
        if pctx.card.power:
            raise Illegal("R-POWER-1", msg("%(power)s waits for no choice.", power=pctx.card.power.name))
        raise Illegal("R-POWER-1", msg("This power waits for no choice."))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return []

    def describe(self) -> str:
        return self.text


def next_turn_of_opponent(state: State) -> int:
    return state.turn + 1


# What a lasting effect names when it has no `why` of its own (a translatable word).
AN_EFFECT = msg("an effect")


def and_list(items: Iterable[str]) -> str:
    """Phrases joined with "and" ("A and B and C"), each "and" a translatable `msg`."""
    out: str | None = None
    for item in items:
        out = item if out is None else msg("%(first)s and %(second)s", first=out, second=item)
    return out if out is not None else ""


def protected_from_attacks(pokemon: str) -> str:
    """The narration of an attack's effect that an effect in play keeps off `pokemon`."""
    return msg("%(pokemon)s is protected from the effects of attacks.", pokemon=pokemon)


def standing_defender(actx: AttackCtx) -> Pokemon | None:
    """The Defending Pokémon for an effect after the damage: None when the damage Knocked it
    Out (nothing is left to affect) or when it is shielded from the attack's effects (said)."""
    d = actx.defender
    if d is None or d.damage >= actx.state.hp(d):
        return None
    if not actx.can_affect(d):
        actx.say(protected_from_attacks(actx.name(d)))
        return None
    return d


# -- the common attack effects -----------------------------------------------------------

class Inflict(Effect):
    """The Defending Pokémon gets a Special Condition."""

    def __init__(self, condition: str, poison_damage: int = 10):
        self.condition = condition
        self.poison_damage = poison_damage
        extra = f" (Poison does {poison_damage} between turns)" if poison_damage != 10 else ""
        self.text = f"the Defending Pokémon is now {condition.capitalize()}{extra}"

    @property
    def settled_by_check(self) -> tuple[str, ...] | None:       # type: ignore[override]
        # A Poison or a Burn does damage at the checkup after the attack (flow.py): the
        # listing's look at the end of the turn (actions.BETWEEN_TURNS) reads the state before it.
        # The others ask what is in play (nothing has come into play during the attack).
        return None if self.condition in ("poisoned", "burned") else (in_play("can_have_condition"),)

    def after(self, actx: AttackCtx) -> None:
        if actx.defender is not None:
            actx.inflict(actx.defender, self.condition, self.poison_damage)


class Flip(Effect):
    """Flip a coin after damage; heads and tails each run their own effects."""

    def __init__(self, heads: Effect | list[Effect] | tuple[Effect, ...] = (),
                 tails: Effect | list[Effect] | tuple[Effect, ...] = ()):
        self.heads = list(heads) if isinstance(heads, (list, tuple)) else [heads]
        self.tails = list(tails) if isinstance(tails, (list, tuple)) else [tails]
        parts = []
        if self.heads:
            parts.append("heads: " + ", ".join(e.describe() for e in self.heads))
        if self.tails:
            parts.append("tails: " + ", ".join(e.describe() for e in self.tails))
        self.text = "flip a coin — " + "; ".join(parts)

    @property
    def settled_by_check(self) -> tuple[str, ...] | None:       # type: ignore[override]
        asked = [getattr(e, "settled_by_check", None) for e in (*self.heads, *self.tails)]
        return None if None in asked else tuple(h for a in asked if a for h in a)

    def after(self, actx: AttackCtx) -> None:
        branch = self.heads if actx.flip(actx.attack.name) else self.tails
        for e in branch:
            if hasattr(e, "after"):
                e.after(actx)


@lasting("prevent_damage")
class PreventAllDamage:
    """Lasting: all damage an opponent's attack would do to this Pokémon is prevented."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0:
            return dmg
        ev.note(msg("%(why)s prevents all damage", why=src.data.get("why", AN_EFFECT)))
        return 0


@lasting("prevent_damage_at_most")
class PreventSmallDamage:
    """Lasting: damage of `amount` or less from an opponent's attack is prevented."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or dmg > src.data["amount"]:
            return dmg
        ev.note(msg("%(why)s prevents damage of %(amount)s or less", why=src.data.get("why", AN_EFFECT),
                    amount=src.data["amount"]))
        return 0


@lasting("reduce_damage")
class ReduceDamage:
    """Lasting: damage from an opponent's attack to this Pokémon is `amount` less."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0:
            return dmg
        dmg -= src.data["amount"]
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=src.data.get("why", AN_EFFECT),
                    amount=src.data["amount"], damage=dmg))
        return dmg


@lasting("prevent_all")
class PreventAllEffects:
    """Lasting: no effect of the opponent's attacks, damage included, reaches this Pokémon."""

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        return not (ev.pokemon is src.on and ev.by_seat != src.seat)


@lasting("attack_reduced")
class OwnAttacksReduced:
    """Lasting: this Pokémon's attacks do `amount` less damage (R-DAMAGE-1 b)."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.attacker is not src.on:
            return dmg
        dmg -= src.data.get("amount", 0)
        ev.note(msg("%(pokemon)s's own effects −%(amount)s = %(damage)s", pokemon=ev.ctx.name(src.on),
                    amount=src.data.get("amount", 0), damage=dmg))
        return dmg


class PreventDamageNextTurn(Effect):
    """Marks this Pokémon so damage (or all effects) of attacks is prevented during the
    opponent's next turn."""

    def __init__(self, kind: str = "prevent_damage", amount: int | None = None):
        self.kind = kind
        self.amount = amount
        self.text = {"prevent_damage": "prevent all damage done to this Pokémon during the opponent's next turn",
                     "prevent_all": "prevent all effects of attacks, damage included, done to this Pokémon "
                                    "during the opponent's next turn",
                     "prevent_damage_at_most": f"prevent damage of {amount} or less done to this Pokémon "
                                               "during the opponent's next turn",
                     "reduce_damage": f"damage done to this Pokémon by attacks during the opponent's next turn "
                                      f"is {amount} less (after Weakness and Resistance)"}[kind]

    def after(self, actx: AttackCtx) -> None:
        params: dict[str, Any] = {"why": actx.attack.name}
        if self.amount is not None:
            params["amount"] = self.amount
        add_effect(actx.attacker, self.kind, next_turn_of_opponent(actx.state), **params)
        protected = {
            "prevent_damage": msg("%(pokemon)s is protected during the opponent's next turn (prevent all damage "
                                  "done to this Pokémon during the opponent's next turn).",
                                  pokemon=actx.attacker_name),
            "prevent_all": msg("%(pokemon)s is protected during the opponent's next turn (prevent all effects of "
                               "attacks, damage included, done to this Pokémon during the opponent's next turn).",
                               pokemon=actx.attacker_name),
            "prevent_damage_at_most": msg("%(pokemon)s is protected during the opponent's next turn (prevent "
                                          "damage of %(amount)s or less done to this Pokémon during the "
                                          "opponent's next turn).", pokemon=actx.attacker_name,
                                          amount=self.amount),
            "reduce_damage": msg("%(pokemon)s is protected during the opponent's next turn (damage done to it by "
                                 "attacks is %(amount)s less).", pokemon=actx.attacker_name, amount=self.amount)}
        actx.say(protected[self.kind])


def energy_of_type(state: State, p: Pokemon, energy_type: str | None = None) -> list[str]:
    """Energy cards on `p` that provide `energy_type` (any Energy when None)."""
    return [i for i in p.energy if energy_type is None
            or any(provides_type(u, energy_type) for u in energy_units(state, p, i))]


def chosen_cards(actx: AttackCtx, allowed: list[str], count: int, what: str, key: str = "cards") -> list[str]:
    """The cards the action chose among `allowed` (exactly `count`, or all when fewer).
    `what` names them in a refusal (a translatable `msg`, "Energy to discard")."""
    count = min(count, len(allowed))
    chosen = actx.choices.get(key)
    if chosen is None:
        if len(allowed) == count:
            return list(allowed)
        raise Illegal("R-ATTACK-2", msg("Choose %(count)s %(what)s in choices.%(key)s.", count=count, what=what,
                                        key=key))
    if (not isinstance(chosen, list) or len(chosen) != count or len(set(chosen)) != count
            or any(c not in allowed for c in chosen)):
        raise Illegal("R-ATTACK-2", msg("choices.%(key)s must name %(count)s of: %(cards)s (%(what)s).", key=key,
                                        count=count, cards=", ".join(allowed) or msg("none"), what=what))
    return list(chosen)


def _combos(items: list[str], count: int) -> list[list[str]]:
    count = min(count, len(items))
    return [list(c) for c in combinations(items, count)]


def _memo(actx: AttackCtx, effect: Effect) -> dict[str, Any]:
    """What `effect` noted during this attack (between its check and its later steps)."""
    return actx.__dict__.setdefault("memo", {}).setdefault(id(effect), {})


class DiscardOwnEnergy(Effect):
    """A cost: discard Energy attached to this Pokémon to use the attack (paid before
    Confusion is checked, R-ATTACK-2). `count="all"` discards every Energy card."""
    settled_by_check = ()       # the check reads the Energy; paying only discards it

    def __init__(self, count: int | Literal["all"] = 1, energy_type: str | None = None):
        self.count = count
        self.energy_type = energy_type
        kind = f"{energy_type} " if energy_type else ""
        what = "all Energy cards" if count == "all" else f"{count} {kind}Energy card(s)"
        self.text = f"discard {what} attached to this Pokémon to use it"

    def _allowed(self, state: State, p: Pokemon) -> list[str]:
        return energy_of_type(state, p, self.energy_type)

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.attacker)
        if self.count != "all":
            if len(allowed) < self.count:
                raise Illegal("R-ATTACK-1", msg("%(pokemon)s lacks the Energy to discard for %(attack)s.",
                                                pokemon=actx.attacker_name, attack=actx.attack.name))
            _memo(actx, self)["cards"] = chosen_cards(actx, allowed, self.count, msg("Energy to discard"))

    def pay(self, actx: AttackCtx) -> None:
        p = actx.attacker
        cards = list(p.energy) if self.count == "all" else _memo(actx, self)["cards"]
        for i in cards:
            p.energy.remove(i)
        actx.state.seats[actx.seat].discard.extend(cards)
        actx.say(msg("%(pokemon)s discards %(count)s Energy card(s) for %(attack)s.", pokemon=actx.attacker_name,
                     count=len(cards), attack=actx.attack.name), "R-ENERGY-3")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        if self.count == "all":
            return [{}]
        allowed = self._allowed(state, attacker)
        if len(allowed) <= self.count:
            return [{}]
        return [{"cards": c} for c in _combos(allowed, self.count)]


class DiscardDefendingEnergy(Effect):
    """After damage, discard Energy cards attached to the Defending Pokémon (attacker chooses)."""

    def __init__(self, count: int = 1):
        self.count = count
        self.text = f"discard {count} Energy card(s) attached to the Defending Pokémon"

    def after(self, actx: AttackCtx) -> None:
        d = actx.defender
        if d is None or not d.energy or not actx.can_affect(d):
            return
        cards = chosen_cards(actx, list(d.energy), self.count, msg("Defending Energy to discard"))
        for i in cards:
            d.energy.remove(i)
        actx.state.seats[actx.opp].discard.extend(cards)
        actx.say(msg("%(count)s Energy card(s) attached to %(pokemon)s are discarded.", count=len(cards),
                     pokemon=actx.name(d)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        d = state.seats[1 - seat].active
        if d is None or len(d.energy) <= self.count:
            return [{}]
        return [{"cards": c} for c in _combos(list(d.energy), self.count)]


class FlipWithChoices(Flip):
    """A Flip whose branch effects take choices: their checks run before the flip (a wrong choice
    is refused before any coin) and `legal_actions` offers their options."""

    def _branches(self) -> list[Effect]:
        return self.heads + self.tails

    def check(self, actx: AttackCtx) -> None:
        for e in self._branches():
            if hasattr(e, "check"):
                e.check(actx)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{}]
        for e in self._branches():
            if hasattr(e, "options"):
                out = [{**a, **b} for a in out for b in e.options(state, seat, attacker)]
        return out


class SelfDamage(Effect):
    """This Pokémon does damage to itself (no Weakness or Resistance)."""
    settled_by_check = ()       # combat.deal_damage to its own Pokémon: damage hooks alone

    def __init__(self, amount: int):
        self.amount = amount
        self.text = f"this Pokémon does {amount} damage to itself"

    def after(self, actx: AttackCtx) -> None:
        actx.deal_damage(actx.attacker, self.amount, to_defending=False, apply_wr=False)


class CoinsTimes(Effect):
    """Flip N coins; the damage is the printed number times the heads."""

    def __init__(self, coins: int):
        self.coins = coins
        self.text = f"flip {coins} coins: the printed damage times the number of heads"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins))
        return actx.attack.damage * heads


class FlipBonusOrSelfDamage(Effect):
    """Flip: heads adds `bonus` damage; tails this Pokémon does `self_damage` to itself."""

    def __init__(self, bonus: int = 0, self_damage: int = 0):
        self.bonus = bonus
        self.self_damage = self_damage
        parts = []
        if bonus:
            parts.append(f"heads: +{bonus} damage")
        if self_damage:
            parts.append(f"tails: {self_damage} damage to itself")
        self.text = "flip a coin — " + "; ".join(parts)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = actx.flip(actx.attack.name)
        _memo(actx, self)["heads"] = heads
        return amount + (self.bonus if heads else 0)

    def after(self, actx: AttackCtx) -> None:
        if not _memo(actx, self)["heads"] and self.self_damage:
            SelfDamage(self.self_damage).after(actx)


class TailsDoesNothing(Effect):
    """Flip before damage: tails, the attack does nothing."""
    text = "flip a coin — tails: this attack does nothing"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        if not actx.flip(actx.attack.name):
            actx.did_nothing = True
        return amount


class ExtraEnergyBonus(Effect):
    """+`per` damage for each Energy of a type beyond the attack's cost, up to `max_extra`."""

    def __init__(self, energy_type: str, per: int = 10, max_extra: int = 2):
        self.energy_type = energy_type
        self.per = per
        self.max_extra = max_extra
        self.text = (f"+{per} damage for each {energy_type} Energy attached beyond the cost "
                     f"(at most +{per * max_extra})")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        # What pays the cost first: the cost's own specific types (with their own units, then
        # a unit of every type), then Colorless from the rest, using units that don't count for
        # the bonus first, so that the bonus counts what is truly extra (a unit of every type
        # counts as this type).
        pool = list(provided_energy(actx.state, actx.attacker))
        for t in actx.attack.cost:
            if t == "Colorless":
                continue
            pool.remove(t if t in pool else next(u for u in pool if provides_type(u, t)))
        for t in actx.attack.cost:
            if t == "Colorless" and pool:
                others = [u for u in pool if not provides_type(u, self.energy_type)]
                pool.remove(others[0] if others else pool[0])
        extra = min(self.max_extra, sum(1 for u in pool if provides_type(u, self.energy_type)))
        return amount + self.per * extra


class PerDefendingEnergy(Effect):
    settled_by_check = ()       # damage counted from the state
    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"+{per} damage for each Energy card attached to the Defending Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * (len(actx.defender.energy) if actx.defender else 0)


class PerDefendingCounter(Effect):
    def __init__(self, per: int = 10):
        self.per = per
        self.text = f"+{per} damage for each damage counter on the Defending Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.per * (actx.defender.damage // 10 if actx.defender else 0)


class BenchDamage(Effect):
    """Damage to Benched Pokémon (no Weakness or Resistance, R-DAMAGE-2)."""

    def __init__(self, amount: int, benches: str = "both"):
        self.amount = amount
        self.benches = benches
        whose = {"both": "each Benched Pokémon (both players')", "own": "each of your own Benched Pokémon",
                 "opponent": "each of the opponent's Benched Pokémon"}[benches]
        self.text = f"{amount} damage to {whose}"

    def after(self, actx: AttackCtx) -> None:
        seats = {"both": (actx.seat, actx.opp), "own": (actx.seat,), "opponent": (actx.opp,)}[self.benches]
        for s in seats:
            for p in list(actx.state.seats[s].bench):
                actx.deal_damage(p, self.amount, to_defending=False, apply_wr=False)


class HealSelf(Effect):
    """Remove damage counters from this Pokémon (`counters="all"` removes every one)."""
    settled_by_check = ()       # core.heal asks nothing

    def __init__(self, counters: int | Literal["all"] = "all", only_if_damage_done: bool = False):
        self.counters = counters
        self.only_if_damage_done = only_if_damage_done
        what = "all damage counters" if counters == "all" else f"{counters} damage counter(s)"
        cond = " if this attack did damage" if only_if_damage_done else ""
        self.text = f"remove {what} from this Pokémon{cond}"

    def after(self, actx: AttackCtx) -> None:
        if self.only_if_damage_done and not actx.dealt:
            return
        amount = actx.attacker.damage if self.counters == "all" else 10 * self.counters
        healed = heal(actx, actx.attacker, amount)
        if healed:
            actx.say(msg("%(pokemon)s has %(count)s damage counter(s) removed.", pokemon=actx.attacker_name,
                         count=healed // 10))


class SwitchDefending(Effect):
    """Switch the Defending Pokémon with one of the opponent's Benched Pokémon, chosen in
    choices.pokemon (by the attacker or, for Whirlwind, reported as the opponent's choice)."""
    # The check reads the Bench; the switch moves Pokémon already in play (the one coming in
    # has no Special Condition) and asks `can_be_affected` and `hp`, damage hooks.
    settled_by_check = ()

    def __init__(self, chooser: str = "attacker"):
        self.chooser = chooser
        who = "you choose" if chooser == "attacker" else "the opponent chooses"
        self.text = f"switch the Defending Pokémon with one of the opponent's Benched Pokémon ({who})"

    def check(self, actx: AttackCtx) -> None:
        bench = actx.state.seats[actx.opp].bench
        chosen = actx.choices.get("pokemon")
        if bench:
            if chosen is None and len(bench) == 1:
                return
            pick = chosen[0] if isinstance(chosen, list) and len(chosen) == 1 else None
            if pick is None or all(pick not in p.stack for p in bench):
                raise Illegal("R-ATTACK-2", msg("choices.pokemon must name one of the opponent's Benched Pokémon."))

    def after(self, actx: AttackCtx) -> None:
        bench = actx.state.seats[actx.opp].bench
        d = actx.defender
        if not bench or d is None or not actx.can_affect(d):
            return
        if d.damage >= actx.state.hp(d):
            actx.say(msg("%(pokemon)s is Knocked Out by the damage, so there is no switch; its owner "
                         "chooses a new Active Pokémon as usual.", pokemon=actx.name(d)), "R-KO-3")
            return
        chosen = actx.choices.get("pokemon")
        pick = chosen[0] if chosen else bench[0].top
        new = next(p for p in bench if pick in p.stack)
        switch_active(actx, actx.opp, new)
        actx.defender = new
        actx.say(msg("%(pokemon)s is switched with %(other)s.", pokemon=actx.name(d), other=actx.name(new)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[1 - seat].bench
        if len(bench) <= 1:
            return [{}]
        return [{"pokemon": [p.top]} for p in bench]


class OnceWhileInPlay(Effect):
    """This attack can't be used again while this Pokémon stays in play."""
    text = "can't be used again while this Pokémon stays in play"

    def check(self, actx: AttackCtx) -> None:
        if actx.attack.name in actx.attacker.flags.get("used_once", []):
            raise Illegal("R-ATTACK-1", msg("%(pokemon)s can't use %(attack)s again while it stays in play.",
                                            pokemon=actx.attacker_name, attack=actx.attack.name))

    def after(self, actx: AttackCtx) -> None:
        used = actx.attacker.flags.setdefault("used_once", [])
        if actx.attack.name not in used:
            used.append(actx.attack.name)




# -- shared by the eras: effects that last, Bench damage, the opponent's hand, Poké-Bodies ------

@lasting("attack_blocked")
class AttackBlocked:
    """Lasting: this Pokémon can't use `attack` (every attack when None)."""

    def can_attack(self, src: Listener, ev: AttackEvent) -> Illegal | None:
        if ev.attacker is not src.on or src.data.get("attack") not in (None, ev.attack.name):
            return None
        return Illegal("R-ATTACK-1", msg("%(pokemon)s can't use %(attack)s this turn (%(why)s).",
                                         pokemon=ev.ctx.name(src.on), attack=ev.attack.name,
                                         why=src.data.get("why", AN_EFFECT)))


@lasting("cant_retreat")
class CantRetreat:
    """Lasting: this Pokémon can't retreat."""

    def can_retreat(self, src: Listener, ev: PokemonEvent) -> Illegal | None:
        if ev.pokemon is not src.on:
            return None
        return Illegal("R-RETREAT-1", msg("%(pokemon)s can't retreat this turn (%(why)s).",
                                          pokemon=ev.state.card_of(src.on.top).name,
                                          why=src.data.get("why", AN_EFFECT)))


class DefendingCantRetreat(Effect):
    """The Defending Pokémon can't retreat until the end of the opponent's next turn (the
    effect ends if it goes to the Bench or evolves, R-RETREAT-6, R-EVOLVE-5)."""
    text = "the Defending Pokémon can't retreat until the end of the opponent's next turn"

    def after(self, actx: AttackCtx) -> None:
        d = standing_defender(actx)
        if d is None:
            return
        add_effect(d, "cant_retreat", next_turn_of_opponent(actx.state), why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't retreat until the end of the opponent's next turn.", pokemon=actx.name(d)),
                 "R-RETREAT-1")


class CantAttackNextTurn(Effect):
    """This Pokémon can't attack during its owner's next turn ("attack_blocked", every attack)."""
    text = "this Pokémon can't attack during your next turn"

    def after(self, actx: AttackCtx) -> None:
        add_effect(actx.attacker, "attack_blocked", actx.state.turn + 2, attack=None, why=actx.attack.name)
        actx.say(msg("%(pokemon)s can't attack during its owner's next turn.", pokemon=actx.attacker_name),
                 "R-ATTACK-1")


class ChosenBenchDamage(Effect):
    """`amount` damage to `count` of the opponent's Benched Pokémon chosen in choices.pokemon
    (every one when there are `count` or fewer); no Weakness or Resistance (R-DAMAGE-2)."""

    def __init__(self, amount: int, count: int = 1):
        self.amount = amount
        self.count = count
        which = "one" if count == 1 else f"{count}"
        self.text = (f"{amount} damage to {which} of the opponent's Benched Pokémon you choose "
                     f"(choices.pokemon{'' if count == 1 else f'; all of them when there are {count} or fewer'})")

    def check(self, actx: AttackCtx) -> None:
        tops = [p.top for p in actx.them.bench]
        _memo(actx, self)["targets"] = chosen_cards(actx, tops, self.count,
                                                    msg("of the opponent's Benched Pokémon"), key="pokemon")

    def after(self, actx: AttackCtx) -> None:
        for p in list(actx.them.bench):
            if p.top in _memo(actx, self)["targets"]:
                actx.deal_damage(p, self.amount, to_defending=False, apply_wr=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[1 - seat].bench
        if len(bench) <= self.count:
            return [{}]
        return [{"pokemon": [p.top for p in c]} for c in combinations(bench, self.count)]


class DiscardFromOpponentHandUnseen(Effect):
    """Discard a card of the opponent's hand picked without looking: at random, with the
    action's randomness (a shuffle of the hand's positions, recorded and replayed); at a
    paper table the first hand card the referee doesn't know (the table may name it)."""
    text = "discard a card picked without looking from the opponent's hand"

    def after(self, actx: AttackCtx) -> None:
        hand = actx.them.hand
        if not hand:
            actx.say(msg("%(seat)s has no card in hand to discard.", seat=actx.seat_label(actx.opp)))
            return
        unknown = [i for i in hand if actx.state.card_id(i) == UNKNOWN] if actx.state.table else []
        pick = unknown[0] if unknown else hand[actx.rng.shuffle(len(hand))[0]] if len(hand) > 1 else hand[0]
        hand.remove(pick)
        discard_cards(actx, actx.opp, [pick])
        actx.say(msg("%(pokemon)s picks a card from %(seat)s's hand without looking: %(card)s is discarded.",
                     pokemon=actx.attacker_name, seat=actx.seat_label(actx.opp), card=actx.ref(pick, shown_to="*")))


class RoughSkin(Power):
    """Poké-Body: when an opponent's attack damages this Pokémon while it is Active (even if it
    is Knocked Out or has a Special Condition), `counters` damage counters go on the attacking
    Pokémon (placed, R-DAMAGE-3)."""

    def __init__(self, counters: int = 1):
        self.counters = counters
        self.text = (f"whenever an opponent's attack damages this Pokémon while it is your Active Pokémon (even "
                     f"if it is Knocked Out), put {counters} damage counter(s) on the attacking Pokémon")

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        if ev.target is not src.on or not ev.by_opponent or ev.confusion:
            return
        state = ev.state
        if state.find_pokemon(ev.target.top)[2] != "active":
            return
        attacker = ev.attacker
        if state.find_pokemon(attacker.top)[1] is not attacker:
            return
        power = state.card_of(src.on.top).power
        place_counters(ev.ctx, attacker, self.counters,
                       msg("%(pokemon)s's %(power)s", pokemon=state.card_of(src.on.top).name,
                           power=power.name if power else msg("Poké-Body")))
