"""Modern Abilities (Scarlet & Violet, Mega Evolution) the compiler builds from their printed text
(`cards/compiler/abilities.py`): Powers that work by themselves (they answer hooks) and Powers
used once during their player's turn (`use`).

Rulings taken here:
- R-POWER-1: an Ability works wherever its Pokémon is in play, the Bench too, unless its text
  names the Active Spot; Special Conditions don't stop an Ability (actions.BLOCKED_BY_KIND);
  "Once during your turn" is per Pokémon (`once_per_turn`: its Pokémon has used it this turn).
- "takes N less damage from attacks (after applying Weakness and Resistance)" answers
  `damage_taken` (R-DAMAGE-1 f, after Weakness, Resistance and the Trainer effects): the damage
  of every attack to this Pokémon, its own player's too (the text says "attacks", not "your
  opponent's attacks"), Active or Benched. An attack whose damage isn't affected by effects on
  the Defending Pokémon skips it (combat.py, "defender_effects").
- "Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon ex" answers
  `damage_defender` (the opponent's attacks only) by what the Attacking Pokémon is now (its
  tags, its Stage, its types: hooks.types). No Pokémon V exists in the modern card pool, so
  "Pokémon ex and Pokémon V" is "Pokémon ex" there.
- "If any damage is done to this Pokémon by attacks, flip a coin. If heads, prevent that
  damage." flips once for each damage an attack would do to it (after every other step but
  the floor at 0), and not when that damage is already 0.
- "Prevent all effects of attacks used by your opponent's Pokémon done to this Pokémon. (Damage
  is not an effect.)" answers `can_be_affected` for every question but the damage's.
- "it has no Retreat Cost" makes the Retreat Cost 0 whatever the other effects add or take
  (modern ruling: "no Retreat Cost" is an absolute value). "any T Energy attached": an Energy
  card attached that provides T now (core.energy_count).
- "can't be <Condition>": the Pokémon can't get that Special Condition (`can_have_condition`);
  one it already has is not removed (no card text says so; an Ability rarely starts to work on
  a Pokémon already affected: evolving and the Bench clear Special Conditions).
- "If this Pokémon is in the Active Spot and is damaged by an attack from your opponent's
  Pokémon (even if this Pokémon is Knocked Out), the Attacking Pokémon is now <Condition>.":
  the Special Condition is the Ability's, not an attack's effect: it reaches the Attacking
  Pokémon while it is still the Active Pokémon and may have it (core.inflict).
- "Once during your turn, you may draw N cards": refused when the deck is empty (nothing would
  happen; R-POWER-1); with a smaller deck the player draws what there is. "You must discard
  N card(s) from your hand in order to use this Ability": the cards are named
  (choices.cards), refused without them; discarding is part of the cost, so it comes first.
- "Attacks used by your <kind of> Pokémon do N more damage to your opponent's Active Pokémon
  (before applying Weakness and Resistance)" answers `damage_attacker` (R-DAMAGE-1 b) from
  anywhere in play, for its owner's attacks on the Defending Pokémon only (not Bench damage),
  and only when the attack does damage (an attack of no base damage gets none); each copy in
  play adds its own (no text says it doesn't stack). The Pokémon's kind is what it is now
  (types: hooks.types; Stage and tags: its card).
- "If this Pokémon [has full HP and] would be Knocked Out by damage from an attack, [flip a
  coin. If heads,] it is not Knocked Out, and its remaining HP becomes N" answers
  `damage_taken`, the last step of the damage (R-DAMAGE-1 f): the damage is cut to leave N HP;
  "full HP" is no damage counters on it. It answers only damage, not counters placed (R-DAMAGE-3).
- A deck search of an Ability ("search your deck for a …" / "for up to N …") takes at least
  one card when one fits, as the project's other searches do (R-TRAINER-5: do as much of the
  card as you can; `effects.choices.chosen_search`, the hand-encoded Abilities that search);
  the Bench takes no more than it has room for, and an Ability that puts Pokémon onto a full
  Bench is refused (R-BENCH-1). A search given its cards at once (choices.search) is refused
  without naming any card of the deck (R-HIDDEN-1).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....messages import msg, msg_n
from ... import hooks
from ...contexts import PowerCtx
from ...core import (
    Illegal,
    attach_by_effect,
    bench_size,
    benched,
    discard_cards,
    draw,
    energy_count,
    heal,
    inflict,
    place_counters,
    shuffle_deck,
    switch_active,
)
from ...hooks import AffectEvent, ConditionEvent, DamageEvent, Listener, PlayEvent, PokemonEvent
from ...state import Pokemon
from .base import Power
from .choices import chosen_target, distinct_picks, one_instance, one_per_card, refuse_blind_none
from .once import once_per_turn

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...state import State


def _power_name(state: State, p: Pokemon) -> str:
    power = state.card_of(p.top).power
    return power.name if power else state.card_of(p.top).name


# -- damage taken ------------------------------------------------------------------------------------

class TakesLessDamage(Power):
    """Passive: every attack's damage to this Pokémon is `amount` less, after Weakness and
    Resistance; only from full HP when `full_hp`, with any Energy attached when `any_energy`,
    only the opponent's attacks when `opponent` (of `of_types` when set)."""

    def __init__(self, amount: int, *, full_hp: bool = False, any_energy: bool = False, opponent: bool = False,
                 of_types: tuple[str, ...] = ()):
        self.amount, self.full_hp, self.any_energy = amount, full_hp, any_energy
        self.opponent, self.of_types = opponent, of_types
        when = ("if this Pokémon has full HP, " if full_hp else "if this Pokémon has any Energy attached, "
                if any_energy else "")
        source = (f"attacks from your opponent's {' or '.join(of_types)} Pokémon" if of_types
                  else "attacks from your opponent's Pokémon" if opponent else "attacks (any, Active or Benched)")
        self.text = f"{when}this Pokémon takes {amount} less damage from {source}, after Weakness and Resistance"

    def _applies(self, ev: DamageEvent) -> bool:
        target, state = ev.target, ev.state
        return ((not self.full_hp or target.damage == 0) and (not self.any_energy or bool(target.energy))
                and (not self.opponent or ev.by_opponent)
                and (not self.of_types or any(hooks.is_type(state, ev.attacker, t) for t in self.of_types)))

    def damage_taken(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or ev.confusion or not self._applies(ev):
            return dmg
        dmg -= self.amount
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=_power_name(ev.state, ev.target), amount=self.amount,
                    damage=dmg))
        return dmg


class PreventDamageFrom(Power):
    """Passive: no damage from attacks of the opponent's Pokémon that are `tag` (e.g. "ex"),
    Basic when `basic`, of `of_type` when set."""

    def __init__(self, tag: str | None = None, basic: bool = False, of_type: str | None = None,
                 with_ability: bool = False):
        self.tag, self.basic, self.of_type, self.with_ability = tag, basic, of_type, with_ability
        what = " ".join(w for w in (of_type, "Basic" if basic else None, "Pokémon", tag,
                                    "that have an Ability" if with_ability else None) if w)
        self.text = f"prevent all damage done to this Pokémon by attacks from your opponent's {what}"

    def _from(self, state: State, attacker: Pokemon) -> bool:
        c = state.card_of(attacker.top)
        return ((self.tag is None or self.tag in c.tags) and (not self.basic or c.stage == "Basic")
                and (self.of_type is None or hooks.is_type(state, attacker, self.of_type))
                and (not self.with_ability or (c.power is not None and c.power.kind == "Ability")))

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or not ev.by_opponent or not self._from(ev.state, ev.attacker):
            return dmg
        ev.note(msg("%(why)s prevents all damage", why=_power_name(ev.state, ev.target)))
        return 0


class FlipPreventsDamage(Power):
    """Passive: when an attack would damage this Pokémon (with `energy_type` Energy attached,
    when set), its owner flips; heads, no damage."""

    def __init__(self, energy_type: str | None = None):
        self.energy_type = energy_type
        when = f" while it has any {energy_type} Energy attached" if energy_type else ""
        self.text = f"if any damage is done to this Pokémon by attacks{when}, flip a coin; heads, prevent that damage"

    def damage_taken(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or dmg <= 0 or ev.confusion:
            return dmg
        if self.energy_type and not energy_count(ev.state, ev.target, self.energy_type):
            return dmg
        name = _power_name(ev.state, ev.target)
        if not ev.ctx.flip(name):
            return dmg
        ev.note(msg("%(why)s prevents all damage", why=name))
        return 0


class PreventAttackEffects(Power):
    """Passive: no effect of the opponent's attacks but their damage reaches this Pokémon (or,
    `yours_with_energy`, any of its owner's Pokémon that has Energy attached)."""

    def __init__(self, yours_with_energy: bool = False):
        self.yours_with_energy = yours_with_energy
        who = "all of your Pokémon that have Energy attached" if yours_with_energy else "this Pokémon"
        self.text = f"prevent all effects of attacks used by your opponent's Pokémon done to {who} (damage is not one)"

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        if ev.damage or ev.by_seat == src.seat:
            return True
        if self.yours_with_energy:
            return not (ev.pokemon.energy and ev.state.find_pokemon(ev.pokemon.top)[0] == src.seat)
        return ev.pokemon is not src.on


class CantHaveConditions(Power):
    """Passive: this Pokémon can't get these Special Conditions."""

    def __init__(self, conditions: tuple[str, ...]):
        self.conditions = conditions
        self.text = "this Pokémon can't be " + " or ".join(conditions)

    def can_have_condition(self, src: Listener, ev: ConditionEvent) -> bool:
        return not (ev.pokemon is src.on and ev.condition in self.conditions)


class ConditionOnAttacker(Power):
    """Passive: when an opponent's attack damages this Pokémon in the Active Spot (even if it is
    Knocked Out), the Attacking Pokémon gets `condition`."""

    def __init__(self, condition: str):
        self.condition = condition
        self.text = ("if this Pokémon is in the Active Spot and is damaged by an attack from your opponent's "
                     f"Pokémon (even if it is Knocked Out), the Attacking Pokémon is now {condition}")

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        state = ev.state
        if ev.target is not src.on or not ev.by_opponent or ev.confusion:
            return
        attacker = ev.attacker
        if state.find_pokemon(ev.target.top)[2] != "active" or state.find_pokemon(attacker.top)[1] is not attacker:
            return
        inflict(ev.ctx, ev.attacker, self.condition)


# -- Retreat Cost ----------------------------------------------------------------------------------

class NoRetreatCost(Power):
    """Passive: no Retreat Cost for this Pokémon (`everyone`: each of its owner's Pokémon) while
    it has no Energy attached (`energy_type` None) or any `energy_type` Energy attached."""

    def __init__(self, energy_type: str | None, everyone: bool = False):
        self.energy_type, self.everyone = energy_type, everyone
        who = "each of your Pokémon that has" if everyone else "this Pokémon, while it has"
        what = f"any {energy_type} Energy attached" if energy_type else "no Energy attached"
        self.text = f"{who} {what}: no Retreat Cost"

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        p = ev.pokemon
        if (p is not src.on and not (self.everyone and ev.seat == src.seat)) or cost <= 0:
            return cost
        if self.energy_type is None:
            return 0 if not p.energy else cost
        return 0 if energy_count(ev.state, p, self.energy_type) else cost


def draw_narrated(pctx: PowerCtx, name: str, want: int) -> None:
    """Draw `want` cards (fewer when the deck holds fewer, R-TRAINER-5), said."""
    drawn = draw(pctx, pctx.seat, want)
    if len(drawn) < want:
        line = msg_n("%(ability)s: %(seat)s draws %(num)s card(s) (the deck held no more).",
                     "%(ability)s: %(seat)s draws %(num)s card(s) (the deck held no more).", len(drawn),
                     ability=name, seat=pctx.seat_label(pctx.seat))
    else:
        line = msg_n("%(ability)s: %(seat)s draws %(num)s card(s).", "%(ability)s: %(seat)s draws %(num)s card(s).",
                     len(drawn), ability=name, seat=pctx.seat_label(pctx.seat))
    pctx.say(line, "R-TRAINER-5" if len(drawn) < want else "R-POWER-1")


# -- used once during your turn ----------------------------------------------------------------------

class DrawCards(Power):
    """Once during your turn: discard `discard` cards from the hand (choices.cards; Energy cards
    when `energy`; the cost), then draw `count` cards, or (`until`) until the hand holds `until`."""

    def __init__(self, count: int = 0, discard: int = 0, *, until: int = 0, energy: bool = False,
                 active_bonus: int = 0):
        self.count, self.discard, self.until, self.energy = count, discard, until, energy
        self.active_bonus = active_bonus
        if discard:
            self.choice_zones = {"cards": "hand"}     # table mode: the cards discarded are named by card id
        what = "Energy card(s)" if energy else "card(s)"
        cost = f"discard {discard} {what} from your hand (choices.cards), then " if discard else ""
        draws = f"draw cards until you have {until} cards in your hand" if until else f"draw {count} card(s)"
        bonus = f" ({active_bonus} more while this Pokémon is Active)" if active_bonus else ""
        self.text = f"once during your turn: {cost}{draws}{bonus}"

    def _discardable(self, state: State, seat: int) -> list[str]:
        hand = state.seats[seat].hand
        return [i for i in hand if state.card_of(i).supertype == "Energy"] if self.energy else list(hand)

    def _cost(self, pctx: PowerCtx) -> tuple[list[str], int]:
        """The cards the cost discards and how many cards are then drawn."""
        once_per_turn(pctx)
        name = _power_name(pctx.state, pctx.pokemon)
        if not pctx.me.deck:
            raise Illegal("R-POWER-1", msg("%(ability)s: your deck is empty, there is nothing to draw.",
                                           ability=name))
        chosen: list[str] = []
        if self.discard:
            picked = pctx.choices.get("cards")
            allowed = self._discardable(pctx.state, pctx.seat)
            if (not isinstance(picked, list) or len(picked) != self.discard or len(set(picked)) != len(picked)
                    or not all(isinstance(i, str) and i in allowed for i in picked)):
                raise Illegal("R-POWER-1", msg_n("%(ability)s: you must discard %(num)s card from your hand to use "
                                                 "it (choices.cards).",
                                                 "%(ability)s: you must discard %(num)s cards from your hand to use "
                                                 "it (choices.cards).", self.discard, ability=name))
            chosen = list(picked)
        want = self.count + (self.active_bonus if pctx.place == "active" else 0)
        if self.until:
            want = self.until - (len(pctx.me.hand) - len(chosen))
            if want <= 0:
                raise Illegal("R-POWER-1", msg("%(ability)s draws until the hand holds %(size)s cards; yours already "
                                               "holds %(count)s.", ability=name, size=self.until,
                                               count=len(pctx.me.hand) - len(chosen)))
        return chosen, want

    def check(self, pctx: PowerCtx) -> None:
        self._cost(pctx)

    def use(self, pctx: PowerCtx) -> None:
        paid, want = self._cost(pctx)
        name = _power_name(pctx.state, pctx.pokemon)
        if paid:
            for i in paid:
                pctx.me.hand.remove(i)
            discard_cards(pctx, pctx.seat, paid)
            pctx.say(msg("%(seat)s discards %(cards)s.", seat=pctx.seat_label(pctx.seat),
                         cards=pctx.refs(paid, shown_to="*")), "R-POWER-1")
        draw_narrated(pctx, name, want)

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        if not self.discard:
            return [{}]
        return [{"cards": pick} for pick in distinct_picks(state, self._discardable(state, seat), self.discard,
                                                            self.discard)]


ZONE_WORDS = {"discard": msg("discard pile"), "hand": msg("hand")}


class AttachBasicEnergy(Power):
    """Once during your turn (`often`: as often as you like): attach a basic Energy card (of
    `energy_type` when set) from the hand or the discard pile (`zone`; choices.cards) to this
    Pokémon (`to` "self"), one of your Pokémon ("any") or of your Benched Pokémon ("bench")
    (choices.to); then draw `then_draw` cards or heal `then_heal` damage from that Pokémon.
    `prizes_at_most`: only while the opponent has that many Prize cards left or fewer."""

    def __init__(self, energy_type: str | None, zone: str, to: str, *, often: bool = False, then_draw: int = 0,
                 then_heal: int = 0, prizes_at_most: int | None = None):
        self.energy_type, self.zone, self.to, self.often = energy_type, zone, to, often
        self.then_draw, self.then_heal, self.prizes_at_most = then_draw, then_heal, prizes_at_most
        self.choice_zones = {"cards": zone}       # table mode: the card is named by card id there
        when = "as often as you like during your turn" if often else "once during your turn"
        if prizes_at_most is not None:
            when += f", if your opponent has {prizes_at_most} or fewer Prize cards left"
        where = {"self": "this Pokémon", "any": "one of your Pokémon (choices.to)",
                 "bench": "one of your Benched Pokémon (choices.to)"}[to]
        then = (f"; then draw {then_draw} card(s)" if then_draw
                else f"; then heal {then_heal} damage from that Pokémon" if then_heal else "")
        source = "discard pile" if zone == "discard" else zone
        kind = f"{energy_type} " if energy_type else ""
        self.text = f"{when}: attach a basic {kind}Energy card from your {source} (choices.cards) to {where}{then}"

    def _energies(self, state: State, seat: int) -> list[str]:
        return [i for i in getattr(state.seats[seat], self.zone)
                if state.card_of(i).is_basic_energy
                and (self.energy_type is None or self.energy_type in state.card_of(i).provides)]

    def _targets(self, state: State, seat: int, pokemon: Pokemon) -> list[Pokemon]:
        return {"self": [pokemon], "any": state.seats[seat].in_play(),
                "bench": list(state.seats[seat].bench)}[self.to]

    def _chosen(self, pctx: PowerCtx) -> tuple[str, Pokemon]:
        if not self.often:
            once_per_turn(pctx)
        name = _power_name(pctx.state, pctx.pokemon)
        if self.prizes_at_most is not None and len(pctx.them.prizes) > self.prizes_at_most:
            raise Illegal("R-POWER-1", msg("%(ability)s can be used only while your opponent has %(count)s or fewer "
                                           "Prize cards left; they have %(left)s.", ability=name,
                                           count=self.prizes_at_most, left=len(pctx.them.prizes)))
        energies = self._energies(pctx.state, pctx.seat)
        kind = self.energy_type or ""
        if not energies:
            raise Illegal("R-POWER-1", msg("%(ability)s needs a basic %(type)s Energy card in your %(zone)s; there is "
                                           "none.", ability=name, type=kind, zone=ZONE_WORDS[self.zone]))
        targets = self._targets(pctx.state, pctx.seat, pctx.pokemon)
        if not targets:
            raise Illegal("R-POWER-1", msg("%(ability)s: none of your Pokémon can take the Energy.", ability=name))
        card = one_instance(pctx.choices, "cards")
        if card is None and len(energies) == 1:
            card = energies[0]
        if not isinstance(card, str) or card not in energies:
            raise Illegal("R-POWER-1", msg("choices.cards must name one basic %(type)s Energy card in your %(zone)s: "
                                           "%(cards)s.", type=kind, zone=ZONE_WORDS[self.zone],
                                           cards=pctx.refs(energies[:12])))
        return card, chosen_target(pctx, pctx.choices, targets,
                                   msg("one of your Pokémon that may take it (%(ability)s)", ability=name), "R-POWER-1")

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card, target = self._chosen(pctx)
        name = _power_name(pctx.state, pctx.pokemon)
        getattr(pctx.me, self.zone).remove(card)
        attach_by_effect(pctx, target, card, from_hand=self.zone == "hand")
        pctx.say(msg("%(ability)s attaches %(card)s from the %(zone)s to %(pokemon)s (not the turn's Energy "
                     "attachment).", ability=name, card=pctx.ref(card, shown_to="*"), zone=ZONE_WORDS[self.zone],
                     pokemon=pctx.name(target)), "R-POWER-1")
        if self.then_draw:
            draw_narrated(pctx, name, self.then_draw)
        if self.then_heal:
            healed = heal(pctx, target, self.then_heal)
            pctx.say(msg("%(pokemon)s heals %(healed)s damage.", pokemon=pctx.name(target), healed=healed),
                     "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": [e], "to": p.top} for e in one_per_card(state, self._energies(state, seat))
                for p in self._targets(state, seat, pokemon)]


def _only_active(pctx: PowerCtx, active_only: bool) -> None:
    if active_only and pctx.place != "active":
        raise Illegal("R-POWER-1", msg("%(ability)s is used only while %(pokemon)s is in the Active Spot.",
                                       ability=_power_name(pctx.state, pctx.pokemon), pokemon=pctx.name(pctx.pokemon)))


class ConditionOnOpponentActive(Power):
    """Once during your turn (only while a Stadium is in play when `needs_stadium`, only from
    the Active Spot when `active_only`): the opponent's Active Pokémon gets `condition`."""

    def __init__(self, condition: str, *, needs_stadium: bool = False, active_only: bool = False):
        self.condition, self.needs_stadium, self.active_only = condition, needs_stadium, active_only
        when = ", if a Stadium is in play" if needs_stadium else ", if this Pokémon is Active" if active_only else ""
        self.text = f"once during your turn{when}: your opponent's Active Pokémon is now {condition}"

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        _only_active(pctx, self.active_only)
        if self.needs_stadium and not pctx.state.stadium:
            raise Illegal("R-POWER-1", msg("%(ability)s needs a Stadium in play; there is none.",
                                           ability=_power_name(pctx.state, pctx.pokemon)))

    def use(self, pctx: PowerCtx) -> None:
        self.check(pctx)
        target = pctx.them.active
        if target is not None:
            inflict(pctx, target, self.condition)


class HealOne(Power):
    """Once during your turn (only from the Active Spot when `active_only`; only with any
    `needs_energy` Energy attached; only with a `needs_mega` Mega Evolution Pokémon ex of yours
    in play): heal `amount` damage from one of your Pokémon (choices.to)."""

    def __init__(self, amount: int, *, active_only: bool = False, needs_energy: str | None = None,
                 needs_mega: str | None = None):
        self.amount, self.active_only = amount, active_only
        self.needs_energy, self.needs_mega = needs_energy, needs_mega
        when = (", if this Pokémon is Active" if active_only
                else f", if this Pokémon has any {needs_energy} Energy attached" if needs_energy
                else f", if you have any {needs_mega} Mega Evolution Pokémon ex in play" if needs_mega else "")
        self.text = f"once during your turn{when}: heal {amount} damage from one of your Pokémon (choices.to)"

    def _may(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        _only_active(pctx, self.active_only)
        name, state = _power_name(pctx.state, pctx.pokemon), pctx.state
        if self.needs_energy and not energy_count(state, pctx.pokemon, self.needs_energy):
            raise Illegal("R-POWER-1", msg("%(ability)s needs %(type)s Energy attached to %(pokemon)s; it has none.",
                                           ability=name, type=self.needs_energy, pokemon=pctx.name(pctx.pokemon)))
        if self.needs_mega and not any("mega" in state.card_of(p.top).tags and "ex" in state.card_of(p.top).tags
                                       and hooks.is_type(state, p, self.needs_mega) for p in pctx.me.in_play()):
            raise Illegal("R-POWER-1", msg("%(ability)s needs a %(type)s Mega Evolution Pokémon ex of yours in play; "
                                           "there is none.", ability=name, type=self.needs_mega))

    def _target(self, pctx: PowerCtx) -> Pokemon:
        self._may(pctx)
        damaged = [p for p in pctx.me.in_play() if p.damage > 0]
        return chosen_target(pctx, pctx.choices, damaged, msg("one of your damaged Pokémon"), "R-POWER-1")

    def check(self, pctx: PowerCtx) -> None:
        self._target(pctx)

    def use(self, pctx: PowerCtx) -> None:
        target = self._target(pctx)
        healed = heal(pctx, target, self.amount)
        pctx.say(msg("%(pokemon)s heals %(healed)s damage.", pokemon=pctx.name(target), healed=healed), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"to": p.top} for p in state.seats[seat].in_play() if p.damage > 0]


class SwitchOwnActive(Power):
    """Once during your turn: switch your Active Pokémon with one of your Benched Pokémon
    (choices.to); a switch, not a retreat (R-RETREAT-6 for the one going to the Bench)."""
    text = "once during your turn: switch your Active Pokémon with one of your Benched Pokémon (choices.to)"

    def _target(self, pctx: PowerCtx) -> Pokemon:
        once_per_turn(pctx)
        return chosen_target(pctx, pctx.choices, list(pctx.me.bench), msg("one of your Benched Pokémon"), "R-POWER-1")

    def check(self, pctx: PowerCtx) -> None:
        self._target(pctx)

    def use(self, pctx: PowerCtx) -> None:
        target = self._target(pctx)
        old = switch_active(pctx, pctx.seat, target)
        pctx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=pctx.name(old),
                     other=pctx.name(target)), "R-RETREAT-6")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"to": p.top} for p in state.seats[seat].bench]


# -- deck searches ---------------------------------------------------------------------------------

def picked(ctx: PowerCtx, key: str, allowed: list[str], lo: int, hi: int, what: str, *, hidden: bool) -> list[str]:
    """The distinct cards choices[key] names: lo to hi of `allowed` (both bounded by how many
    there are; left out, none when none may be taken). `hidden`: `allowed` is in the face-down
    deck (the choice given before looking), so a refusal names none of them (R-HIDDEN-1)."""
    raw = ctx.choices.get(key)
    if hidden:
        refuse_blind_none(key, raw, min(lo, hi), ctx.me.deck)
    hi = min(hi, len(allowed))
    lo = min(lo, hi)
    if raw is None and hi == 0:
        return []
    if (not isinstance(raw, list) or any(not isinstance(c, str) for c in raw) or len(set(raw)) != len(raw)
            or any(c not in allowed for c in raw)):
        if hidden:
            raise Illegal("R-POWER-1", msg("In choices.%(key)s, name %(what)s.", key=key, what=what))
        raise Illegal("R-POWER-1", msg("In choices.%(key)s, name %(what)s among: %(cards)s.", key=key, what=what,
                                       cards=ctx.refs(allowed[:12]) or msg("none")))
    if not lo <= len(raw) <= hi:
        raise Illegal("R-POWER-1", msg("In choices.%(key)s, name %(lo)s to %(hi)s card(s) (%(what)s), not "
                                       "%(given)s.", key=key, lo=lo, hi=hi, what=what, given=len(raw)))
    return list(raw)


class SearchDeck(Power):
    """Once during your turn (only from the Active Spot when `active_only`): look through the
    deck (two steps for a player: the deck is shown, then `choose` names choices.search; one
    when choices.search is given at once) for one card that fits (`at_least_one`: "a card") or
    up to `most`, then: onto the Bench ("bench"), attached to this Pokémon ("self"), or shown and
    put into the hand ("hand"); shuffle the deck. At least one is taken when one fits (ruling
    at the top)."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}

    def __init__(self, fits: Callable[[CardDef], bool], what: str, dest: str, *, most: int = 1,
                 at_least_one: bool = False, active_only: bool = False, describe: str = ""):
        self.fits, self.what, self.dest = fits, what, dest
        self.most, self.at_least_one, self.active_only = most, at_least_one, active_only
        where = {"bench": "put them onto your Bench", "self": "attach it to this Pokémon",
                 "hand": "show them and put them into your hand"}[dest]
        when = ", if this Pokémon is Active" if active_only else ""
        self.text = (f"once during your turn{when}: look through your deck for {'a' if at_least_one else 'up to'} "
                     f"{most if not at_least_one else ''} {describe} (choices.search), {where}; shuffle the deck"
                     ).replace("  ", " ")

    def _fitting(self, state: State, among: list[str]) -> list[str]:
        return [i for i in among if self.fits(state.card_of(i))]

    def _most(self, state: State, seat: int) -> int:
        if self.dest != "bench":
            return self.most
        return max(0, min(self.most, bench_size(state, seat) - len(state.seats[seat].bench)))

    def _pick(self, pctx: PowerCtx, among: list[str], hidden: bool) -> list[str]:
        return picked(pctx, "search", self._fitting(pctx.state, among), 1, self._most(pctx.state, pctx.seat),
                      self.what, hidden=hidden)

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        _only_active(pctx, self.active_only)
        if self.dest == "bench" and not self._most(pctx.state, pctx.seat):
            raise Illegal("R-BENCH-1", msg("%(power)s puts a Pokémon onto the Bench, and the Bench is full.",
                                           power=_power_name(pctx.state, pctx.pokemon)))
        if "search" in pctx.choices:
            self._pick(pctx, pctx.me.deck, hidden=True)

    def use(self, pctx: PowerCtx) -> None:
        self.check(pctx)
        deck = pctx.me.deck
        if "search" in pctx.choices or not deck:
            self._finish(pctx, self._pick(pctx, deck, hidden=True))
            return
        name, who = _power_name(pctx.state, pctx.pokemon), pctx.seat_label(pctx.seat)
        if self.at_least_one:
            pctx.say(msg("%(ability)s: %(seat)s looks through the deck for a %(what)s.", ability=name, seat=who,
                         what=self.what), "R-HIDDEN-1")
        else:
            pctx.say(msg("%(ability)s: %(seat)s looks through the deck for up to %(most)s %(what)s.", ability=name,
                         seat=who, most=self.most, what=self.what), "R-HIDDEN-1")
        pctx.ask("search", pctx.pokemon.top, deck, by="power")

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in pctx.me.deck]
        self._finish(pctx, self._pick(pctx, shown, hidden=False))

    def _finish(self, pctx: PowerCtx, cards: list[str]) -> None:
        me, name, who = pctx.me, _power_name(pctx.state, pctx.pokemon), pctx.seat_label(pctx.seat)
        for i in cards:
            me.deck.remove(i)
        if self.dest == "bench":
            for i in cards:
                me.bench.append(Pokemon(stack=[i], entered_turn=pctx.state.turn))
                benched(pctx, pctx.seat, me.bench[-1])
            shuffle_deck(pctx, pctx.seat)
            if cards:
                pctx.say(msg("%(seat)s puts %(cards)s onto the Bench and shuffles the deck.", seat=who,
                             cards=pctx.refs(cards, shown_to="*")), "R-BENCH-2")
            else:
                pctx.say(msg("%(seat)s puts nothing onto the Bench and shuffles the deck.", seat=who), "R-BENCH-2")
            return
        if not cards:
            pctx.say(msg("%(ability)s finds no %(what)s in the deck.", ability=name, what=self.what), "R-TRAINER-5")
        elif self.dest == "self":
            for i in cards:
                attach_by_effect(pctx, pctx.pokemon, i, from_hand=False)
                pctx.say(msg("%(ability)s attaches %(card)s from the %(zone)s to %(pokemon)s (not the turn's Energy "
                             "attachment).", ability=name, card=pctx.ref(i, shown_to="*"), zone=msg("deck"),
                             pokemon=pctx.name(pctx.pokemon)), "R-POWER-1")
        else:
            me.hand.extend(cards)
            pctx.say(msg("%(ability)s: %(seat)s shows %(cards)s and puts them into the hand.", ability=name,
                         seat=who, cards=pctx.refs(cards, shown_to="*")), "R-POWER-1")
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(seat)s shuffles the deck.", seat=who))

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{}]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        fitting = self._fitting(state, [i for i in pending["look"] if i in state.seats[seat].deck])
        hi = min(self._most(state, seat), len(fitting))
        return [{"search": pick} for pick in distinct_picks(state, fitting, min(hi, 1), hi)] or [{"search": []}]


class SurvivesKnockOut(Power):
    """Passive: when an attack's damage would Knock this Pokémon Out (only from full HP when
    `full_hp`; on a heads when `flip`), it is not Knocked Out: its remaining HP becomes `remaining`."""

    def __init__(self, remaining: int, *, full_hp: bool = False, flip: bool = False):
        self.remaining, self.full_hp, self.flip = remaining, full_hp, flip
        when = "if this Pokémon has full HP and " if full_hp else "if "
        coin = ", on a coin's heads," if flip else ""
        self.text = (f"{when}an attack's damage would Knock this Pokémon Out{coin} it is not Knocked Out: its "
                     f"remaining HP becomes {remaining}")

    def damage_taken(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        target = ev.target
        if target is not src.on or dmg <= 0 or ev.confusion or (self.full_hp and target.damage > 0):
            return dmg
        hp = ev.state.hp(target)
        if target.damage + dmg // 10 * 10 < hp:
            return dmg
        name = _power_name(ev.state, target)
        if self.flip and not ev.ctx.flip(name):
            return dmg
        dmg = max(0, hp - self.remaining - target.damage)
        ev.note(msg("%(why)s: not Knocked Out, its remaining HP becomes %(hp)s = %(damage)s", why=name,
                    hp=self.remaining, damage=dmg))
        return dmg


class CountersThenKnockOut(Power):
    """Once during your turn: `counters` damage counters on one of the opponent's Pokémon
    (choices.pokemon), then this Pokémon is Knocked Out (its Prize cards taken as usual, R-KO-2)."""

    def __init__(self, counters: int):
        self.counters = counters
        self.text = (f"once during your turn: put {counters} damage counters on one of your opponent's Pokémon "
                     "(choices.pokemon); then this Pokémon is Knocked Out")

    def _target(self, pctx: PowerCtx) -> Pokemon:
        once_per_turn(pctx)
        raw = one_instance(pctx.choices, "pokemon")
        candidates = pctx.them.in_play()
        if raw is None and len(candidates) == 1:
            return candidates[0]
        found = next((p for p in candidates if isinstance(raw, str) and raw in p.stack), None)
        if found is None:
            names = ", ".join(f"{pctx.name(p)} ({p.top})" for p in candidates) or msg("none")
            raise Illegal("R-POWER-1", msg("choices.%(key)s must name %(what)s: %(pokemon)s.", key="pokemon",
                                           what=msg("one of your opponent's Pokémon"), pokemon=names))
        return found

    def check(self, pctx: PowerCtx) -> None:
        self._target(pctx)

    def use(self, pctx: PowerCtx) -> None:
        target = self._target(pctx)
        name = _power_name(pctx.state, pctx.pokemon)
        place_counters(pctx, target, self.counters, name)
        pctx.say(msg("%(pokemon)s is Knocked Out by its own %(ability)s.", pokemon=pctx.name(pctx.pokemon),
                     ability=name), "R-KO-1")
        pctx.extra_knockouts.append((pctx.seat, pctx.pokemon))

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"pokemon": [p.top]} for p in state.seats[1 - seat].in_play()]


class BoostOwnAttacks(Power):
    """Passive, from anywhere in play: the attacks of its owner's Pokémon (of `of_type`, Basic
    when `basic`, Evolution when `evolution`, with `tag`, not named `except_name`) do `amount`
    more damage to the opponent's Active Pokémon, before Weakness and Resistance (R-DAMAGE-1 b)."""

    def __init__(self, amount: int, *, of_type: str | None = None, basic: bool = False, evolution: bool = False,
                 tag: str | None = None, except_name: str | None = None):
        self.amount, self.of_type, self.basic, self.evolution = amount, of_type, basic, evolution
        self.tag, self.except_name = tag, except_name
        what = " ".join(w for w in ("Basic" if basic else None, "Evolution" if evolution else None, of_type,
                                    tag, "Pokémon") if w)
        but = f" (not {except_name})" if except_name else ""
        self.text = (f"attacks used by your {what}{but} do {amount} more damage to your opponent's Active Pokémon "
                     "(before Weakness and Resistance)")

    def _boosts(self, state: State, attacker: Pokemon) -> bool:
        c = state.card_of(attacker.top)
        return ((not self.basic or c.stage == "Basic") and (not self.evolution or c.stage not in (None, "Basic"))
                and (self.of_type is None or hooks.is_type(state, attacker, self.of_type))
                and (self.tag is None or self.tag in c.tags) and c.name != self.except_name)

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        state = ev.state
        if (not ev.to_defending or ev.confusion or not ev.by_opponent or dmg <= 0
                or state.find_pokemon(ev.attacker.top)[0] != src.seat or not self._boosts(state, ev.attacker)):
            return dmg
        dmg += self.amount
        ev.note(msg("%(why)s +%(amount)s = %(damage)s", why=_power_name(state, src.on) if src.on else "",
                    amount=self.amount, damage=dmg))
        return dmg


class PreventAllFromAttacks(Power):
    """Passive: no damage and no effect of the opponent's attacks reaches this Pokémon (only
    those of their Pokémon with `tag`, when set; only while it is on the Bench, `bench_only`)."""

    def __init__(self, tag: str | None = None, bench_only: bool = False):
        self.tag, self.bench_only = tag, bench_only
        who = f"your opponent's {tag.capitalize()} Pokémon" if tag else "your opponent's Pokémon"
        self.text = (("while this Pokémon is on your Bench, " if bench_only else "")
                     + f"prevent all damage from and effects of attacks from {who} done to this Pokémon")

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        if ev.pokemon is not src.on or ev.by_seat == src.seat:
            return True
        if self.bench_only and ev.state.find_pokemon(ev.pokemon.top)[2] != "bench":
            return True
        if self.tag is not None and (ev.ctx is None or self.tag not in ev.state.card_of(ev.ctx.attacker.top).tags):
            return True
        return False


class HpIfSpecialEnergy(Power):
    """Passive: +`amount` HP while this Pokémon has any Special Energy card attached."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = f"while this Pokémon has any Special Energy attached, it gets +{amount} HP"

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        p = ev.pokemon
        if p is src.on and any(ev.state.card_of(i).energy_kind == "special" for i in p.energy):
            return value + self.amount
        return value


class RetreatCostChange(Power):
    """Passive: the Retreat Cost of the opponent's Active Pokémon (Evolution Pokémon only when
    `evolution`) is `delta` more, or (`own`) of its owner's Active Pokémon `delta` less while
    this Pokémon is on the Bench (`bench_only`)."""

    def __init__(self, delta: int, *, own: bool = False, evolution: bool = False, bench_only: bool = False):
        self.delta, self.own, self.evolution, self.bench_only = delta, own, evolution, bench_only
        whose = "your Active Pokémon" if own else f"your opponent's Active {'Evolution ' if evolution else ''}Pokémon"
        self.text = (("while this Pokémon is on your Bench, " if bench_only else "")
                     + f"the Retreat Cost of {whose} is {abs(delta)} {'less' if delta < 0 else 'more'}")

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        state, p = ev.state, ev.pokemon
        if ev.seat is None or (ev.seat == src.seat) != self.own or state.seats[ev.seat].active is not p:
            return cost
        if self.evolution and state.card_of(p.top).stage in (None, "Basic"):
            return cost
        if self.bench_only and (src.on is None or state.find_pokemon(src.on.top)[2] != "bench"):
            return cost
        return max(0, cost + self.delta)


class NoRetreatCostForYours(Power):
    """Passive, from anywhere in play: its owner's Pokémon (Basic ones when `basic`) have no Retreat Cost."""

    def __init__(self, basic: bool = False):
        self.basic = basic
        self.text = f"your {'Basic ' if basic else ''}Pokémon in play have no Retreat Cost"

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        if ev.seat != src.seat or (self.basic and ev.state.card_of(ev.pokemon.top).stage != "Basic"):
            return cost
        return 0


class HealEach(Power):
    """Once during your turn: heal `amount` damage from each of your Pokémon."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = f"once during your turn: heal {amount} damage from each of your Pokémon"

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        if not any(p.damage for p in pctx.me.in_play()):
            raise Illegal("R-POWER-1", msg("%(ability)s: none of your Pokémon has damage to heal.",
                                           ability=_power_name(pctx.state, pctx.pokemon)))

    def use(self, pctx: PowerCtx) -> None:
        self.check(pctx)
        for p in pctx.me.in_play():
            healed = heal(pctx, p, self.amount)
            if healed:
                pctx.say(msg("%(pokemon)s heals %(healed)s damage.", pokemon=pctx.name(p), healed=healed),
                         "R-POWER-1")


PLAY_LOCK_WORDS = {("item",): msg("Item cards"), ("item", "tool"): msg("Item cards or Pokémon Tool cards"),
                   ("stadium",): msg("Stadium cards")}


class LockOpponentPlays(Power):
    """Passive, while this Pokémon is its owner's Active Pokémon: the opponent can't play
    Trainer cards of `kinds` from their hand (`can_play`)."""

    def __init__(self, kinds: tuple[str, ...]):
        self.kinds = kinds
        self.text = (f"while this Pokémon is in the Active Spot, your opponent can't play {' or '.join(kinds)} cards "
                     "from their hand")

    def can_play(self, src: Listener, ev: PlayEvent) -> Illegal | None:
        state = ev.ctx.state
        if (ev.ctx.seat == src.seat or src.on is None or state.seats[src.seat].active is not src.on
                or (ev.kind or "item") not in self.kinds):
            return None
        return Illegal("R-TRAINER-1", msg("%(pokemon)s's %(ability)s: %(seat)s can't play %(what)s while it is in the "
                                          "Active Spot.", pokemon=ev.ctx.name(src.on),
                                          ability=_power_name(state, src.on), seat=ev.ctx.seat_label(ev.ctx.seat),
                                          what=PLAY_LOCK_WORDS.get(self.kinds, msg("Trainer cards"))))


class LookTopTakeOne(Power):
    """Once during your turn: look at the top `depth` cards of the deck (shown to its player:
    `ask`, then `choose` names choices.search), put one into the hand and the others on the
    bottom of the deck, in the order they were."""
    choose_zones = {"search": "look"}

    def __init__(self, depth: int):
        self.depth = depth
        self.text = (f"once during your turn: look at the top {depth} cards of your deck, put one of them into your "
                     "hand (choices.search) and the other(s) on the bottom of your deck")

    def _pick(self, pctx: PowerCtx, top: list[str], hidden: bool) -> str:
        (card,) = picked(pctx, "search", top, 1, 1, msg("the one card looked at to put into the hand"), hidden=hidden)
        return card

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        if not pctx.me.deck:
            raise Illegal("R-POWER-1", msg("%(ability)s: your deck is empty, there is nothing to look at.",
                                           ability=_power_name(pctx.state, pctx.pokemon)))
        if "search" in pctx.choices:
            self._pick(pctx, pctx.me.deck[:self.depth], hidden=True)

    def use(self, pctx: PowerCtx) -> None:
        self.check(pctx)
        top = pctx.me.deck[:self.depth]
        if "search" in pctx.choices:
            self._finish(pctx, top, self._pick(pctx, top, hidden=True))
            return
        pctx.say(msg_n("%(ability)s: %(seat)s looks at the top %(num)s card(s) of the deck.",
                       "%(ability)s: %(seat)s looks at the top %(num)s card(s) of the deck.", len(top),
                       ability=_power_name(pctx.state, pctx.pokemon), seat=pctx.seat_label(pctx.seat)),
                 "R-HIDDEN-1" if len(top) == self.depth else "R-TRAINER-5")
        pctx.ask("look", pctx.pokemon.top, top, by="power")

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        top = [i for i in pending["look"] if i in pctx.me.deck]
        self._finish(pctx, top, self._pick(pctx, top, hidden=False))

    def _finish(self, pctx: PowerCtx, top: list[str], card: str) -> None:
        me, name, who = pctx.me, _power_name(pctx.state, pctx.pokemon), pctx.seat_label(pctx.seat)
        me.deck.remove(card)
        me.hand.append(card)
        rest = [i for i in top if i != card]
        for i in rest:
            me.deck.remove(i)
            me.deck.append(i)
        if rest:
            pctx.say(msg("%(ability)s: %(seat)s puts %(card)s into the hand and %(other)s on the bottom of the deck.",
                         ability=name, seat=who, card=pctx.ref(card, shown_to=[pctx.seat]),
                         other=pctx.refs(rest, shown_to=[pctx.seat])), "R-POWER-1")
        else:
            pctx.say(msg("%(ability)s: %(seat)s puts %(card)s into the hand.", ability=name, seat=who,
                         card=pctx.ref(card, shown_to=[pctx.seat])), "R-POWER-1")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        return [{"search": [i]} for i in pending["look"] if i in deck]


class PreventDamageFromAndImmune(PreventDamageFrom):
    """PreventDamageFrom, and this Pokémon can't get these Special Conditions (`conditions`)."""

    def __init__(self, conditions: tuple[str, ...], **kwargs: Any):
        super().__init__(**kwargs)
        self.conditions = conditions
        self.text = "this Pokémon can't be " + " or ".join(conditions) + "; " + self.text

    def can_have_condition(self, src: Listener, ev: ConditionEvent) -> bool:
        return not (ev.pokemon is src.on and ev.condition in self.conditions)


__all__ = ["AttachBasicEnergy", "BoostOwnAttacks", "CantHaveConditions", "ConditionOnAttacker",
           "ConditionOnOpponentActive", "CountersThenKnockOut", "DrawCards", "FlipPreventsDamage", "HealEach",
           "HealOne", "HpIfSpecialEnergy", "LockOpponentPlays", "LookTopTakeOne", "NoRetreatCost",
           "NoRetreatCostForYours", "PreventAllFromAttacks", "PreventAttackEffects", "PreventDamageFrom",
           "PreventDamageFromAndImmune", "RetreatCostChange", "SearchDeck", "SurvivesKnockOut", "SwitchOwnActive",
           "TakesLessDamage", "draw_narrated", "picked"]
