"""Abilities that answer a moment of the game (`cards/compiler/ability_triggers.py` builds them
from their printed text): a Pokémon played from the hand (onto the Bench, to evolve), a Pokémon
moving from the Bench to the Active Spot (the `on_moved_to_active` hook, told by core.switch_active
and core.promote_to_active), and the Prize cards a Knock Out gives (`prize_count`).

A trigger ("When …, you may <do X>") is `Triggered`: the moment (`WhenPlayedFromHand`'s) times
a step, an Ability block of its own (`SearchDeck`, `AttachUpTo`, …) that says what X does.

Rulings taken here:
- "Once during your turn, when this Pokémon moves from your Bench to the Active Spot, you may …"
  is used with `use_power` as its player's very next action after the action that moved it
  (a retreat, a Trainer or an Ability that switches, a promotion after a Knock Out during that
  player's turn), as the Abilities played from the hand are (`effects/played_from_hand.py`): the
  moment is its owner's turn only (not a promotion between turns, nor a move during the
  opponent's turn); any other action first lets it pass (R-POWER-1); once per turn (R-POWER-1).
  "… when this Pokémon moves from the Active Spot to your Bench …" likewise (a retreat, a switch).
- A step is the Ability block of the same words ("search your deck for …" is `SearchDeck`,
  whose rulings apply: at least one card is taken when one fits); the step's own "once during
  your turn" is its Pokémon's (`once_per_turn`, counted by the Pokémon's first card).
- "If you have any <kind> Pokémon in play" (a condition before "you may") is read when the
  Ability is used: refused without one (R-POWER-1).
- "Attach up to N … cards from your hand/discard pile to …": 1 to N of the fitting cards named
  (choices.cards; the hand is its player's and the discard pile public), refused when there is
  none; "to your T Pokémon in any way you like": choices.to lists, card by card, the Pokémon
  each goes to (left out when one Pokémon may take them), the Pokémon's type now (R-INPLAY-1).
- "You may also use this Ability if this Pokémon is in the Active Spot and is Knocked Out by
  damage from an attack from your opponent's Pokémon" happens during the opponent's turn, when
  its player has no action to use it with: it is done at once as the Knock Out is settled
  (`on_knock_out`, before the Pokémon leaves play). Its step (discarding the top of the
  opponent's deck) is one no player would decline, so the "may" is taken as yes.
- "When 1 of your T Pokémon is Knocked Out by damage from an attack from your opponent's
  Pokémon, you may put all Basic T Energy attached to that Pokémon into your hand instead of the
  discard pile": done at once as the Knock Out is settled (during the opponent's turn: no action
  of its player could use it), the "may" taken as yes (the cards are its player's to keep).
- "If this Pokémon is in the Active Spot and is Knocked Out by damage from an attack from your
  opponent's Pokémon, put N damage counters on the Attacking Pokémon": the counters are placed as
  the Knock Out is settled (`on_knock_out`), on the Active Pokémon of the player whose turn it is
  (none when it was Knocked Out at the same time and is gone); a Knock Out they cause is
  settled with the next Knock Outs, the checkup's right after the attack (flow.end_turn).
- Prize cards ("take N more Prize card(s)", "takes N fewer", "can't take any Prize cards for
  it") answer `prize_count` (R-KO-2), never below 0. "By damage from an attack from your
  opponent's Pokémon": the Knock Out came from an attack's damage (flow.knock_out) during the
  turn of the other player than the Knocked Out Pokémon's owner (as Legacy Energy,
  effects/stadium_rules.py); the Attacking Pokémon is that player's Active Pokémon as the Knock
  Out is settled (one Knocked Out at the same time, already gone, is no Pokémon ex). "Used by
  this Pokémon": this Pokémon is that Active Pokémon, and it is its owner's turn. "When your
  opponent's Active Pokémon is Knocked Out" is any Knock Out of it (an attack's, Poison's, an
  effect's). "The effect of <Ability> doesn't stack": only the first of its player's Pokémon in
  play with an Ability of that name (hooks order) answers a Knock Out (the opponent's copy is
  theirs: it answers their own Knock Outs). A coin ("flip a coin. If heads, take N
  more") is flipped only when the Knock Out gives Prize cards.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol

from ....messages import msg
from ... import hooks
from ...core import (
    Illegal,
    attach_by_effect,
    condition_name,
    cure,
    discard_cards,
    energy_count,
    heal,
    place_counters,
    shuffle_deck,
    switch_active,
)
from ...state import Pokemon
from .abilities import SearchDeck, picked
from .ability_actions import Usable
from .base import Power
from .choices import basic_energy, distinct_picks, is_basic_pokemon_card, one_per_card
from .deck_moves import random_hand_card_to_deck
from .once import once_per_turn
from .played_from_hand import PLAYED_AT, WhenPlayedFromHand
from .search import bench_room
from .trainer_text import owned_by

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...contexts import PowerCtx
    from ...core import Ctx
    from ...hooks import DamageEvent, EvolveEvent, Listener, PlayedEvent, PokemonEvent
    from ...state import State

MOMENTS = {"bench": "when you play this Pokémon from your hand onto your Bench",
           "evolve": "when you play this Pokémon from your hand to evolve one of your Pokémon",
           "active": "once during your turn, when this Pokémon moves from your Bench to the Active Spot",
           "to_bench": "once during your turn, when this Pokémon moves from the Active Spot to your Bench"}


def power_name(state: State, p: Pokemon) -> str:
    """The Ability's name, the "[Ability] " of some printings' facts left out."""
    c = state.card_of(p.top)
    return (c.power.name if c.power else c.name).removeprefix("[Ability] ")


# -- the moment, times a step ------------------------------------------------------------------

class InPlay:
    """A condition before "you may": its player has a Pokémon in play that `fits` (`words` say which)."""

    def __init__(self, fits: Callable[[CardDef], bool], words: str):
        self.fits, self.words = fits, words

    def check(self, pctx: PowerCtx) -> None:
        if not any(self.fits(pctx.state.card_of(p.top)) for p in pctx.me.in_play()):
            raise Illegal("R-POWER-1", msg("%(ability)s needs %(what)s of yours in play; there is none.",
                                           ability=power_name(pctx.state, pctx.pokemon), what=self.words))


class Step(Usable, Protocol):
    """An Ability block a trigger does: a Power used as an action (`use`), its settled checks told."""

    @property
    def settled_by_check(self) -> tuple[str, ...] | None: ...


class Triggered(WhenPlayedFromHand):
    """An Ability used as the very next action after its moment (`moment`: "bench", "evolve",
    "active", "to_bench", MOMENTS; rulings above; `mover`: when its owner's Pokémon of that name
    moves, rather than this one), doing `step` (an Ability block: its check, use, choices
    and `choose` step are the step's); `needs`: a condition read when it is used."""

    def __init__(self, moment: str, step: Step, needs: InPlay | None = None, mover: str | None = None):
        self.moment, self.step, self.needs, self.mover = moment, step, needs, mover
        self.evolve = moment == "evolve"
        self.choice_zones = step.choice_zones
        self.choose_zones: dict[str, str] = getattr(step, "choose_zones", {})
        self.settled_by_check = step.settled_by_check
        what = step.text.partition(": ")[2] or step.text
        need = f", if you have {needs.words} in play" if needs else ""
        when = MOMENTS[moment].replace("this Pokémon", f"your {mover}") if mover else MOMENTS[moment]
        self.text = f"{when} (as your very next action){need}: you may {what}"

    def on_played_from_hand(self, src: Listener, ev: PlayedEvent) -> None:
        if self.moment == "bench":
            super().on_played_from_hand(src, ev)

    def on_evolve(self, src: Listener, ev: EvolveEvent) -> None:
        if self.moment == "evolve":
            super().on_evolve(src, ev)

    def _moved(self, moment: str, src: Listener, ev: PokemonEvent) -> None:
        """Its Pokémon (or, `mover`, its owner's Pokémon of that name) moved (`moment`) during its
        owner's turn: the next action may use it."""
        state, ctx = ev.state, ev.ctx
        mover = ev.pokemon is src.on if self.mover is None else state.card_of(ev.pokemon.top).name == self.mover
        if (self.moment != moment or not mover or src.on is None or ctx is None or ev.seat != src.seat
                or state.seat_to_act != src.seat or ctx.seat != src.seat
                or not (state.phase == "main" or state.after_promotion == "resume")):
            return
        src.on.flags[PLAYED_AT] = state.seq + 1

    def on_moved_to_active(self, src: Listener, ev: PokemonEvent) -> None:
        self._moved("active", src, ev)

    def on_moved_to_bench(self, src: Listener, ev: PokemonEvent) -> None:
        self._moved("to_bench", src, ev)

    def check(self, pctx: PowerCtx) -> None:
        if self.moment not in ("active", "to_bench") or pctx.pokemon.flags.get(PLAYED_AT) == pctx.state.seq:
            super().check(pctx)
            return
        name = power_name(pctx.state, pctx.pokemon)
        if self.moment == "to_bench":
            raise Illegal("R-POWER-1", msg("%(ability)s is used when %(pokemon)s moves from the Active Spot to your "
                                           "Bench during your turn, as the very next action; that moment has passed.",
                                           ability=name, pokemon=pctx.card.name))
        raise Illegal("R-POWER-1", msg("%(ability)s is used when %(pokemon)s moves from your Bench to the Active Spot "
                                       "during your turn, as the very next action; that moment has passed.",
                                       ability=name, pokemon=pctx.card.name))

    def check_use(self, pctx: PowerCtx) -> None:
        if self.moment in ("active", "to_bench"):
            once_per_turn(pctx)
        if self.needs is not None:
            self.needs.check(pctx)
        self.step.check(pctx)

    def act(self, pctx: PowerCtx) -> None:
        self.step.use(pctx)

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return self.step.options(state, seat, pokemon)

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        self.step.resolve(pctx, pending)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return self.step.resolve_options(state, pending)


# -- steps -------------------------------------------------------------------------------------

def places_of(pctx: PowerCtx, cards: list[str], targets: list[Pokemon]) -> list[Pokemon]:
    """Where each of `cards` goes, "in any way you like": choices.to lists, card by card, one of
    `targets` (left out when there is one target)."""
    raw = pctx.choices.get("to")
    if raw is None and len(targets) == 1:
        return targets * len(cards)
    found = [next((p for p in targets if isinstance(r, str) and r in p.stack), None)
             for r in (raw if isinstance(raw, list) else [])]
    if len(found) != len(cards) or any(p is None for p in found):
        names = ", ".join(f"{pctx.name(p)} ({p.top})" for p in targets) or msg("none")
        raise Illegal("R-POWER-1", msg("choices.to must list, card by card, the Pokémon each goes to (%(count)s): "
                                       "%(pokemon)s.", count=len(cards), pokemon=names))
    return [p for p in found if p is not None]


class AttachUpTo(Power):
    """Attach 1 to `most` cards that `fits` from the hand or the discard pile (`zone`;
    choices.cards) to this Pokémon (`of_type` None) or to your `of_type` Pokémon in any way you
    like (choices.to, card by card)."""
    settled_by_check = ("on_attach",)      # use: core.attach_by_effect

    def __init__(self, fits: Callable[[CardDef], bool], what: str, zone: str, most: int, of_type: str | None = None):
        self.fits, self.what, self.zone, self.most, self.of_type = fits, what, zone, most, of_type
        self.choice_zones = {"cards": zone}
        where = f"your {of_type} Pokémon in any way you like (choices.to)" if of_type else "this Pokémon"
        source = "discard pile" if zone == "discard" else zone
        self.text = f"once: attach up to {most} {what} from your {source} (choices.cards) to {where}"

    def _cards(self, state: State, seat: int) -> list[str]:
        return [i for i in getattr(state.seats[seat], self.zone) if self.fits(state.card_of(i))]

    def _targets(self, state: State, seat: int, pokemon: Pokemon) -> list[Pokemon]:
        if self.of_type is None:
            return [pokemon]
        return [p for p in state.seats[seat].in_play() if hooks.is_type(state, p, self.of_type)]

    def _chosen(self, pctx: PowerCtx) -> list[tuple[str, Pokemon]]:
        name = power_name(pctx.state, pctx.pokemon)
        cards = self._cards(pctx.state, pctx.seat)
        targets = self._targets(pctx.state, pctx.seat, pctx.pokemon)
        if not cards or not targets:
            raise Illegal("R-POWER-1", msg("%(ability)s: there is no %(what)s to attach, or no Pokémon to take it.",
                                           ability=name, what=self.what))
        if pctx.choices.get("cards") is None and len({pctx.state.card_id(i) for i in cards}) == 1:
            chosen = cards[:self.most]
        else:
            chosen = picked(pctx, "cards", cards, 1, self.most, self.what, hidden=False)
        return list(zip(chosen, places_of(pctx, chosen, targets), strict=True))

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        name = power_name(pctx.state, pctx.pokemon)
        for card, target in self._chosen(pctx):
            getattr(pctx.me, self.zone).remove(card)
            attach_by_effect(pctx, target, card, from_hand=self.zone == "hand")
            pctx.say(msg("%(ability)s attaches %(card)s from the %(zone)s to %(pokemon)s (not the turn's Energy "
                         "attachment).", ability=name, card=pctx.ref(card, shown_to="*"),
                         zone=msg("discard pile") if self.zone == "discard" else msg("hand"),
                         pokemon=pctx.name(target)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        targets = [p.top for p in self._targets(state, seat, pokemon)]
        out: list[dict[str, Any]] = []
        for pick in distinct_picks(state, self._cards(state, seat), 1, self.most):
            if len(targets) == 1:
                out.append({"cards": pick})
                continue
            out.extend({"cards": pick, "to": [t] * len(pick)} for t in targets)
        return out[:256]


def _pokemon_picks(pctx: PowerCtx, candidates: list[Pokemon], count: int, what: str) -> list[Pokemon]:
    """`count` distinct Pokémon among `candidates` (all of them when there are no more) that
    choices.pokemon names (left out when that is all of them)."""
    count = min(count, len(candidates))
    raw = pctx.choices.get("pokemon")
    if raw is None and count == len(candidates):
        return list(candidates)
    found = [next((p for p in candidates if isinstance(r, str) and r in p.stack), None)
             for r in (raw if isinstance(raw, list) else [])]
    chosen = [p for p in found if p is not None]
    if len(chosen) != len(found) or len(chosen) != count or len({id(p) for p in chosen}) != count:
        names = ", ".join(f"{pctx.name(p)} ({p.top})" for p in candidates) or msg("none")
        raise Illegal("R-POWER-1", msg("choices.pokemon must name %(count)s of %(what)s: %(pokemon)s.", count=count,
                                       what=what, pokemon=names))
    return chosen


class SwitchInOpponents(Power):
    """Switch in one of the opponent's Benched Pokémon (Basic when `basic`; with `max_hp` HP or
    less remaining when set) to the Active Spot (choices.pokemon): theirs goes to the Bench."""
    settled_by_check = ("on_moved_to_active", "on_moved_to_bench")      # use: core.switch_active

    def __init__(self, *, basic: bool = False, max_hp: int | None = None):
        self.basic, self.max_hp = basic, max_hp
        kind = "Basic " if basic else ""
        hp = f" that has {max_hp} HP or less remaining" if max_hp else ""
        self.text = (f"once: switch in one of your opponent's Benched {kind}Pokémon{hp} (choices.pokemon) to the "
                     "Active Spot")

    def _fits(self, state: State, p: Pokemon) -> bool:
        return ((not self.basic or state.card_of(p.top).stage == "Basic")
                and (self.max_hp is None or hooks.hp(state, p) - p.damage <= self.max_hp))

    def _candidates(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[1 - seat].bench if self._fits(state, p)]

    def _target(self, pctx: PowerCtx) -> Pokemon:
        candidates = self._candidates(pctx.state, pctx.seat)
        if not candidates:
            raise Illegal("R-POWER-1", msg("%(ability)s: your opponent has no Benched Pokémon it may switch in.",
                                           ability=power_name(pctx.state, pctx.pokemon)))
        return _pokemon_picks(pctx, candidates, 1, msg("your opponent's Benched Pokémon it may switch in"))[0]

    def check(self, pctx: PowerCtx) -> None:
        self._target(pctx)

    def use(self, pctx: PowerCtx) -> None:
        new = self._target(pctx)
        old = switch_active(pctx, pctx.opp, new)
        pctx.say(msg("%(power)s: %(pokemon)s is now %(seat)s's Defending Pokémon and %(other)s goes to the Bench.",
                     power=power_name(pctx.state, pctx.pokemon), pokemon=pctx.name(new),
                     seat=pctx.seat_label(pctx.opp), other=pctx.name(old)), "R-RETREAT-6")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        candidates = self._candidates(state, seat)
        return [{}] if len(candidates) == 1 else [{"pokemon": [p.top]} for p in candidates]


class CountersOnOpponents(Power):
    """Put `counters` damage counters on each of `targets` of the opponent's Pokémon
    (choices.pokemon; all of them when they have no more)."""
    settled_by_check = ()

    def __init__(self, counters: int, targets: int = 1):
        self.counters, self.targets = counters, targets
        self.text = (f"once: put {counters} damage counters on each of {targets} of your opponent's Pokémon "
                     "(choices.pokemon)")

    def _chosen(self, pctx: PowerCtx) -> list[Pokemon]:
        return _pokemon_picks(pctx, pctx.them.in_play(), self.targets, msg("your opponent's Pokémon"))

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        name = power_name(pctx.state, pctx.pokemon)
        for p in self._chosen(pctx):
            place_counters(pctx, p, self.counters, name)

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        tops = [p.top for p in state.seats[1 - seat].in_play()]
        if len(tops) <= self.targets:
            return [{}]
        return [{"pokemon": list(pick)} for pick in combinations(tops, self.targets)]


class HealAllThenDiscardEnergy(Power):
    """Heal all damage from each of your Evolution Pokémon (`active_type` None) or from your
    Active `active_type` Pokémon; then discard all Energy from each Pokémon healed."""
    settled_by_check = ()

    def __init__(self, active_type: str | None = None):
        self.active_type = active_type
        who = f"your Active {active_type} Pokémon" if active_type else "each of your Evolution Pokémon"
        self.text = f"once: heal all damage from {who}; discard all Energy from each Pokémon healed"

    def _damaged(self, state: State, seat: int) -> list[Pokemon]:
        me = state.seats[seat]
        if self.active_type is None:
            return [p for p in me.in_play() if p.damage and state.card_of(p.top).stage not in (None, "Basic")]
        active = me.active
        return [active] if active and active.damage and hooks.is_type(state, active, self.active_type) else []

    def check(self, pctx: PowerCtx) -> None:
        if not self._damaged(pctx.state, pctx.seat):
            raise Illegal("R-POWER-1", msg("%(ability)s: none of the Pokémon it heals has damage.",
                                           ability=power_name(pctx.state, pctx.pokemon)))

    def use(self, pctx: PowerCtx) -> None:
        name = power_name(pctx.state, pctx.pokemon)
        for p in self._damaged(pctx.state, pctx.seat):
            healed = heal(pctx, p, p.damage)
            energy, p.energy = list(p.energy), []
            discard_cards(pctx, pctx.seat, energy)
            pctx.say(msg("%(ability)s: %(pokemon)s heals %(healed)s damage and discards %(cards)s.", ability=name,
                         pokemon=pctx.name(p), healed=healed,
                         cards=pctx.refs(energy, shown_to="*") if energy else msg("no Energy")), "R-POWER-1")


class HealActiveAndRecover(Power):
    """Heal `amount` damage from the Active Pokémon and have it recover from a Special Condition
    (choices.type names which kind of Condition when it has more than one: the string choice
    field). Refused when it has neither."""
    settled_by_check = ()

    def __init__(self, amount: int):
        self.amount = amount
        self.text = (f"once: heal {amount} damage from your Active Pokémon and have it recover from a Special "
                     "Condition (choices.type)")

    def _condition(self, pctx: PowerCtx) -> str | None:
        active = pctx.me.active
        assert active is not None, "a seat in play has an Active Pokémon"
        if not active.damage and not active.conditions:
            raise Illegal("R-POWER-1", msg("%(ability)s: your Active Pokémon has no damage and no Special Condition.",
                                           ability=power_name(pctx.state, pctx.pokemon)))
        raw = pctx.choices.get("type")
        if raw is None and len(active.conditions) <= 1:
            return active.conditions[0] if active.conditions else None
        if raw not in active.conditions:
            raise Illegal("R-POWER-1", msg("choices.type must name one of the Special Conditions of %(pokemon)s: "
                                           "%(conditions)s.", pokemon=pctx.name(active),
                                           conditions=", ".join(active.conditions)))
        return str(raw)

    def check(self, pctx: PowerCtx) -> None:
        self._condition(pctx)

    def use(self, pctx: PowerCtx) -> None:
        condition, active = self._condition(pctx), pctx.me.active
        assert active is not None, "_condition"
        healed = heal(pctx, active, self.amount)
        pctx.say(msg("%(pokemon)s heals %(healed)s damage.", pokemon=pctx.name(active), healed=healed), "R-POWER-1")
        if condition:
            cure(active, condition)
            pctx.say(msg("%(pokemon)s recovers from %(condition)s.", pokemon=pctx.name(active),
                         condition=condition_name(condition)), "R-STATUS-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        active = state.seats[seat].active
        conditions = active.conditions if active else []
        return [{}] if len(conditions) <= 1 else [{"type": c} for c in conditions]


class DiscardToHand(Power):
    """Put 1 to `most` cards that `fits` from the discard pile into the hand (choices.cards;
    the pile is public), refused when it holds none."""
    settled_by_check = ()
    choice_zones = {"cards": "discard"}

    def __init__(self, fits: Callable[[CardDef], bool], what: str, most: int):
        self.fits, self.what, self.most = fits, what, most
        self.text = f"once: put up to {most} {what} from your discard pile (choices.cards) into your hand"

    def _cards(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if self.fits(state.card_of(i))]

    def _chosen(self, pctx: PowerCtx) -> list[str]:
        cards = self._cards(pctx.state, pctx.seat)
        if not cards:
            raise Illegal("R-POWER-1", msg("%(ability)s: your discard pile holds no %(what)s.",
                                           ability=power_name(pctx.state, pctx.pokemon), what=self.what))
        if pctx.choices.get("cards") is None and len(cards) <= self.most:
            return cards
        return picked(pctx, "cards", cards, 1, self.most, self.what, hidden=False)

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        cards = self._chosen(pctx)
        for i in cards:
            pctx.me.discard.remove(i)
        pctx.me.hand.extend(cards)
        pctx.say(msg("%(ability)s: %(seat)s puts %(cards)s from the discard pile into the hand.",
                     ability=power_name(pctx.state, pctx.pokemon), seat=pctx.seat_label(pctx.seat),
                     cards=pctx.refs(cards, shown_to="*")), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": pick} for pick in distinct_picks(state, self._cards(state, seat), 1, self.most)]


class GatherEnergy(Power):
    """Move any number of the Energy attached to its player's other Pokémon (choices.cards; none
    when left out) to this Pokémon after switching it in from the Bench (`switch_in`), or else to
    the Active Pokémon (from the Benched ones)."""
    settled_by_check = ("on_moved_to_active", "on_moved_to_bench")      # use: core.switch_active (switch_in)

    def __init__(self, switch_in: bool = True):
        self.switch_in = switch_in
        self.text = ("once: switch this Pokémon with your Active Pokémon; then move any amount of Energy from your "
                     "other Pokémon (choices.cards) to it" if switch_in else
                     "once: move any amount of Energy from your Benched Pokémon (choices.cards) to your Active Pokémon")

    @staticmethod
    def _others(state: State, seat: int, target: Pokemon | None) -> list[str]:
        return [i for p in state.seats[seat].in_play() if p is not target for i in p.energy]

    def _target(self, state: State, seat: int, pokemon: Pokemon) -> Pokemon | None:
        return pokemon if self.switch_in else state.seats[seat].active

    def _moved(self, pctx: PowerCtx) -> list[str]:
        if self.switch_in and pctx.place != "bench":
            raise Illegal("R-POWER-1", msg("%(ability)s switches %(pokemon)s in from the Bench; it is not there.",
                                           ability=power_name(pctx.state, pctx.pokemon),
                                           pokemon=pctx.name(pctx.pokemon)))
        if pctx.choices.get("cards") is None:
            return []
        others = self._others(pctx.state, pctx.seat, self._target(pctx.state, pctx.seat, pctx.pokemon))
        return picked(pctx, "cards", others, 0, len(others), msg("Energy attached to your other Pokémon"),
                      hidden=False)

    def check(self, pctx: PowerCtx) -> None:
        self._moved(pctx)

    def use(self, pctx: PowerCtx) -> None:
        moved, name = self._moved(pctx), power_name(pctx.state, pctx.pokemon)
        if self.switch_in:
            old = switch_active(pctx, pctx.seat, pctx.pokemon)
            pctx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=pctx.name(old),
                         other=pctx.name(pctx.pokemon)), "R-RETREAT-6")
        target = pctx.me.active
        assert target is not None, "a seat in play has an Active Pokémon"
        for p in pctx.me.in_play():
            for i in [i for i in p.energy if i in moved and p is not target]:
                p.energy.remove(i)
                target.energy.append(i)
                pctx.say(msg("%(ability)s moves %(cards)s from %(pokemon)s to %(other)s.", ability=name,
                             cards=pctx.ref(i, shown_to="*"), pokemon=pctx.name(p), other=pctx.name(target)),
                         "R-ENERGY-3")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        others = self._others(state, seat, self._target(state, seat, pokemon))
        return [{}, {"cards": others}] if others else [{}]



class CoinDiscardOpponentsEnergy(Power):
    """Flip a coin; heads, discard an Energy attached to the opponent's Active Pokémon (choices.cards,
    named before the flip; left out when its Energy is all of one card). Refused when it has none."""
    settled_by_check = None      # a coin

    text = "once: flip a coin; if heads, discard an Energy (choices.cards) from your opponent's Active Pokémon"

    def _card(self, pctx: PowerCtx) -> tuple[Pokemon, str]:
        active = pctx.them.active
        energy = list(active.energy) if active else []
        if active is None or not energy:
            raise Illegal("R-POWER-1", msg("%(ability)s: your opponent's Active Pokémon has no Energy attached.",
                                           ability=power_name(pctx.state, pctx.pokemon)))
        if pctx.choices.get("cards") is None and len({pctx.state.card_id(i) for i in energy}) == 1:
            return active, energy[0]
        return active, picked(pctx, "cards", energy, 1, 1, msg("an Energy attached to your opponent's Active Pokémon"),
                              hidden=False)[0]

    def check(self, pctx: PowerCtx) -> None:
        self._card(pctx)

    def use(self, pctx: PowerCtx) -> None:
        active, card = self._card(pctx)
        name = power_name(pctx.state, pctx.pokemon)
        if not pctx.flip(name):
            return
        active.energy.remove(card)
        discard_cards(pctx, pctx.opp, [card])
        pctx.say(msg("%(ability)s discards %(cards)s from %(pokemon)s.", ability=name,
                     cards=pctx.ref(card, shown_to="*"), pokemon=pctx.name(active)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        active = state.seats[1 - seat].active
        energy = one_per_card(state, list(active.energy)) if active else []
        return [{}] if len(energy) <= 1 else [{"cards": [i]} for i in energy]


class LookTopAttach(Power):
    """Look at the top `depth` cards of the deck (shown to its player: `ask`); attach any number
    of the basic Energy cards there to its player's Pokémon in any way they like (the `choose`
    step: choices.cards, choices.to card by card); shuffle the others back (the whole deck is
    shuffled). Refused with an empty deck (nothing to look at)."""
    choose_zones = {"cards": "look"}

    def __init__(self, depth: int):
        self.depth = depth
        self.text = (f"once: look at the top {depth} cards of your deck; attach any number of the basic Energy cards "
                     "there (choices.cards) to your Pokémon in any way you like (choices.to); shuffle your deck")

    def check(self, pctx: PowerCtx) -> None:
        if not pctx.me.deck:
            raise Illegal("R-POWER-1", msg("%(ability)s: your deck is empty, there is nothing to look at.",
                                           ability=power_name(pctx.state, pctx.pokemon)))

    def use(self, pctx: PowerCtx) -> None:
        self.check(pctx)
        pctx.ask("look", pctx.pokemon.top, pctx.me.deck[:self.depth], by="power")

    @staticmethod
    def _energy(state: State, seat: int, looked: list[str]) -> list[str]:
        deck = state.seats[seat].deck
        return [i for i in looked if i in deck and state.card_of(i).is_basic_energy]

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        energy = self._energy(pctx.state, pctx.seat, pending["look"])
        cards = picked(pctx, "cards", energy, 0, len(energy), msg("basic Energy cards looked at"), hidden=False)
        places = places_of(pctx, cards, pctx.me.in_play())
        name = power_name(pctx.state, pctx.pokemon)
        for i, target in zip(cards, places, strict=True):
            pctx.me.deck.remove(i)
            attach_by_effect(pctx, target, i, from_hand=False)
            pctx.say(msg("%(ability)s attaches %(card)s from the %(zone)s to %(pokemon)s (not the turn's Energy "
                         "attachment).", ability=name, card=pctx.ref(i, shown_to="*"), zone=msg("deck"),
                         pokemon=pctx.name(target)), "R-POWER-1")
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(seat)s shuffles the deck.", seat=pctx.seat_label(pctx.seat)))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        targets = [p.top for p in state.seats[seat].in_play()]
        out: list[dict[str, Any]] = []
        for pick in distinct_picks(state, self._energy(state, seat, pending["look"]), 0, self.depth):
            if len(targets) == 1 or not pick:
                out.append({"cards": pick})
                continue
            out.extend({"cards": pick, "to": [t] * len(pick)} for t in targets)
        return out[:256]


class CoinsRandomHandCardsToDeck(Power):
    """Flip `coins` coins; for each heads, a card picked at random from the opponent's hand is
    revealed and shuffled into their deck (deck_moves.random_hand_card_to_deck). Refused when
    their hand is empty."""

    def __init__(self, coins: int):
        self.coins = coins
        self.text = (f"once: flip {coins} coins; for each heads, a random card from your opponent's hand is revealed "
                     "and shuffled into their deck")

    def check(self, pctx: PowerCtx) -> None:
        if not pctx.them.hand:
            raise Illegal("R-POWER-1", msg("%(ability)s: your opponent's hand is empty.",
                                           ability=power_name(pctx.state, pctx.pokemon)))

    def use(self, pctx: PowerCtx) -> None:
        self.check(pctx)
        name = power_name(pctx.state, pctx.pokemon)
        heads = sum(pctx.flip(name) for _ in range(self.coins))
        for _ in range(heads):
            random_hand_card_to_deck(pctx)


class DiscardOpponentTop(Power):
    """Discard the top `count` cards of the opponent's deck (face up: both players see them;
    what the deck holds when it holds fewer)."""
    settled_by_check = ()

    def __init__(self, count: int):
        self.count = count
        self.text = f"once: discard the top {count} card(s) of your opponent's deck"

    def discard(self, ctx: Ctx, seat: int, name: str) -> None:
        """`seat`'s Ability discards the top of the other seat's deck."""
        deck = ctx.state.seats[1 - seat].deck
        top = deck[:self.count]
        del deck[:self.count]
        discard_cards(ctx, 1 - seat, top)
        if top:
            ctx.say(msg("%(ability)s discards the top of %(seat)s's deck: %(cards)s.", ability=name,
                        seat=ctx.seat_label(1 - seat), cards=ctx.refs(top, shown_to="*")), "R-POWER-1")
        else:
            ctx.say(msg("%(ability)s: %(seat)s's deck is empty; nothing is discarded.", ability=name,
                        seat=ctx.seat_label(1 - seat)), "R-POWER-1")

    def use(self, pctx: PowerCtx) -> None:
        self.discard(pctx, pctx.seat, power_name(pctx.state, pctx.pokemon))


class TriggeredOrKnockedOut(Triggered):
    """`Triggered`, and its step is also done (at once, ruling above) when this Pokémon, in the
    Active Spot, is Knocked Out by damage from an attack from the opponent's Pokémon."""
    step: DiscardOpponentTop

    def __init__(self, moment: str, step: DiscardOpponentTop):
        super().__init__(moment, step)
        self.text += ("; also done when this Pokémon is Knocked Out in the Active Spot by damage from an attack from "
                      "your opponent's Pokémon")

    def on_knock_out(self, src: Listener, ev: PokemonEvent) -> None:
        state, ctx = ev.state, ev.ctx
        if (ctx is None or src.on is not ev.pokemon or not ev.by_attack_damage or ev.seat != src.seat
                or state.seat_to_act == src.seat or state.seats[src.seat].active is not src.on):
            return
        self.step.discard(ctx, src.seat, power_name(state, src.on))


class SearchThen(SearchDeck):
    """`SearchDeck` for up to `most` cards that `fits`, then: discarded (`owner` None), or
    attached to its player's `owner`'s Pokémon in any way they like (choices.to, card by card,
    given with the cards; left out when one Pokémon may take them); shuffle the deck."""

    def __init__(self, fits: Callable[[CardDef], bool], what: str, most: int, owner: str | None = None):
        super().__init__(fits, what, "self", most=most)
        self.owner = owner
        then = f"attach them to your {owner}'s Pokémon in any way you like (choices.to)" if owner else "discard them"
        self.text = f"once: search your deck for up to {most} {what} (choices.search), {then}; shuffle the deck"

    def _targets(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if self.owner and owned_by(state, p, self.owner)]

    def _finish(self, pctx: PowerCtx, cards: list[str]) -> None:
        name = power_name(pctx.state, pctx.pokemon)
        places = places_of(pctx, cards, self._targets(pctx.state, pctx.seat)) if self.owner else []
        for i in cards:
            pctx.me.deck.remove(i)
        if not cards:
            pctx.say(msg("%(ability)s finds no %(what)s in the deck.", ability=name, what=self.what), "R-TRAINER-5")
        elif self.owner:
            for i, target in zip(cards, places, strict=True):
                attach_by_effect(pctx, target, i, from_hand=False)
                pctx.say(msg("%(ability)s attaches %(card)s from the %(zone)s to %(pokemon)s (not the turn's Energy "
                             "attachment).", ability=name, card=pctx.ref(i, shown_to="*"), zone=msg("deck"),
                             pokemon=pctx.name(target)), "R-POWER-1")
        else:
            discard_cards(pctx, pctx.seat, cards)
            pctx.say(msg("%(seat)s discards %(cards)s.", seat=pctx.seat_label(pctx.seat),
                         cards=pctx.refs(cards, shown_to="*")), "R-POWER-1")
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(seat)s shuffles the deck.", seat=pctx.seat_label(pctx.seat)))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        picks = super().resolve_options(state, pending)
        targets = [p.top for p in self._targets(state, pending["seat"])]
        if len(targets) <= 1:
            return picks
        return [{**pick, "to": [t] * len(pick["search"])} for pick in picks for t in targets][:256]


class BenchFromOpponentsHand(Power):
    """The opponent reveals their hand (both players see it); its player then puts any number
    of the Basic Pokémon found there onto the opponent's Bench, as it has room (the `choose`
    step names them: choices.cards, [] for none). Refused when the opponent's hand is empty."""
    settled_by_check = ()
    choose_zones = {"cards": "look"}
    text = ("once: your opponent reveals their hand; put any number of the Basic Pokémon there (choices.cards, in "
            "the choose step) onto their Bench")

    def check(self, pctx: PowerCtx) -> None:
        if not pctx.them.hand:
            raise Illegal("R-POWER-1", msg("%(ability)s: your opponent's hand is empty.",
                                           ability=power_name(pctx.state, pctx.pokemon)))

    @staticmethod
    def _basics(state: State, seat: int, shown: list[str]) -> list[str]:
        hand = state.seats[1 - seat].hand
        return [i for i in shown if i in hand and is_basic_pokemon_card(state, i)]

    def use(self, pctx: PowerCtx) -> None:
        self.check(pctx)
        hand = pctx.them.hand
        pctx.show_hand(pctx.opp, power_name(pctx.state, pctx.pokemon))
        pctx.say(msg("%(seat)s reveals the hand: %(cards)s.", seat=pctx.seat_label(pctx.opp),
                     cards=pctx.refs(hand, shown_to="*")), "R-POWER-1")
        if self._basics(pctx.state, pctx.seat, hand) and bench_room(pctx.state, pctx.opp):
            pctx.ask("look", pctx.pokemon.top, list(hand), by="power")

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        basics = self._basics(pctx.state, pctx.seat, pending["look"])
        cards = picked(pctx, "cards", basics, 0, bench_room(pctx.state, pctx.opp), msg("Basic Pokémon cards"),
                       hidden=False)
        for i in cards:
            pctx.them.hand.remove(i)
            pctx.them.bench.append(Pokemon(stack=[i], entered_turn=pctx.state.turn))
        if cards:
            pctx.say(msg("%(ability)s puts %(cards)s onto %(seat)s's Bench.",
                         ability=power_name(pctx.state, pctx.pokemon), cards=pctx.refs(cards, shown_to="*"),
                         seat=pctx.seat_label(pctx.opp)), "R-BENCH-2")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        basics = self._basics(state, seat, pending["look"])
        return [{"cards": pick} for pick in distinct_picks(state, basics, 0, bench_room(state, 1 - seat))]


# -- damage counters on the Attacking Pokémon ---------------------------------------------------------

class CountersOnAttacker(Power):
    """Passive: when an opponent's attack damages this Pokémon (or, `active_type`, its owner's
    Active `active_type` Pokémon), even if it is Knocked Out, `counters` damage counters go on
    the Attacking Pokémon (placed, R-DAMAGE-3), times the `per_type` Energy attached to this
    Pokémon when set."""

    def __init__(self, counters: int, *, active_type: str | None = None, per_type: str | None = None):
        self.counters, self.active_type, self.per_type = counters, active_type, per_type
        who = f"your Active {active_type} Pokémon" if active_type else "this Pokémon"
        per = f" for each {per_type} Energy attached to this Pokémon" if per_type else ""
        self.text = (f"if {who} is damaged by an attack from your opponent's Pokémon (even if it is Knocked Out), put "
                     f"{counters} damage counter(s) on the Attacking Pokémon{per}")

    def _damaged(self, src: Listener, ev: DamageEvent) -> bool:
        if self.active_type is None:
            return ev.target is src.on
        state = ev.state
        return state.seats[src.seat].active is ev.target and hooks.is_type(state, ev.target, self.active_type)

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        state, attacker = ev.state, ev.attacker
        if (src.on is None or not ev.by_opponent or ev.confusion or not self._damaged(src, ev)
                or state.find_pokemon(attacker.top)[1] is not attacker):
            return
        counters = self.counters * (energy_count(state, src.on, self.per_type) if self.per_type else 1)
        place_counters(ev.ctx, attacker, counters, msg("%(pokemon)s's %(ability)s", pokemon=ev.ctx.name(src.on),
                                                       ability=power_name(state, src.on)))


class CountersWhenKnockedOutActive(Power):
    """Passive: when this Pokémon, in the Active Spot, is Knocked Out by damage from an attack
    from the opponent's Pokémon, `counters` damage counters go on the Attacking Pokémon (ruling
    above: a Knock Out they cause is settled with the next Knock Outs, the checkup's)."""

    def __init__(self, counters: int):
        self.counters = counters
        self.text = (f"if this Pokémon is Knocked Out in the Active Spot by damage from an attack from your "
                     f"opponent's Pokémon, put {counters} damage counters on the Attacking Pokémon")

    def on_knock_out(self, src: Listener, ev: PokemonEvent) -> None:
        state, ctx = ev.state, ev.ctx
        if (ctx is None or src.on is not ev.pokemon or not ev.by_attack_damage or state.seat_to_act == src.seat
                or state.seats[src.seat].active is not src.on):
            return
        attacker = state.seats[state.seat_to_act].active
        if attacker is not None:
            place_counters(ctx, attacker, self.counters, msg("%(pokemon)s's %(ability)s", pokemon=ctx.name(src.on),
                                                             ability=power_name(state, src.on)))


class EnergyToHandWhenKnockedOut(Power):
    """Passive: when one of its owner's `of_type` Pokémon is Knocked Out by damage from an attack
    from the opponent's Pokémon, the basic `of_type` Energy cards attached to it go into its
    owner's hand instead of the discard pile (at once, ruling above)."""

    def __init__(self, of_type: str):
        self.of_type = of_type
        self.text = (f"when one of your {of_type} Pokémon is Knocked Out by damage from an attack from your opponent's "
                     f"Pokémon, put the basic {of_type} Energy attached to it into your hand instead of the discard "
                     "pile")

    def on_knock_out(self, src: Listener, ev: PokemonEvent) -> None:
        state, ctx, p = ev.state, ev.ctx, ev.pokemon
        if (ctx is None or ev.seat != src.seat or not ev.by_attack_damage or state.seat_to_act == src.seat
                or not hooks.is_type(state, p, self.of_type)):
            return
        cards = [i for i in p.energy if basic_energy(state, i, self.of_type)]
        if not cards:
            return
        p.energy = [i for i in p.energy if i not in cards]
        state.seats[src.seat].hand.extend(cards)
        ctx.say(msg("%(ability)s: %(seat)s puts %(cards)s into the hand instead of the discard pile.",
                    ability=power_name(state, src.on) if src.on else "", seat=ctx.seat_label(src.seat),
                    cards=ctx.refs(cards, shown_to="*")), "R-KO-1")


# -- Prize cards -------------------------------------------------------------------------------

class PrizeChange(Power, ABC):
    """Passive: a Knock Out that `_applies` gives `delta` more (or fewer) Prize cards, or none
    (`delta` None); `flip`: on a coin's heads; `attacker_tag`: only when the Attacking Pokémon
    has it; `needs`: only while its owner has a Pokémon in play of that name; `unstacked`: the
    Ability's name when its text says its effect doesn't stack (rulings above)."""

    def __init__(self, delta: int | None, *, flip: bool = False, attacker_tag: str | None = None,
                 needs: str | None = None, unstacked: str | None = None):
        self.delta, self.flip, self.attacker_tag = delta, flip, attacker_tag
        self.needs, self.unstacked = needs, unstacked

    @abstractmethod
    def _applies(self, src: Listener, ev: PokemonEvent) -> bool:
        """The Knock Out is one the text names."""

    @staticmethod
    def _by_opponents_attack(src: Listener, ev: PokemonEvent) -> bool:
        return ev.by_attack_damage and ev.seat is not None and ev.seat != ev.state.seat_to_act

    def _attacker_fits(self, state: State) -> bool:
        if self.attacker_tag is None:
            return True
        attacker = state.seats[state.seat_to_act].active
        return attacker is not None and self.attacker_tag in state.card_of(attacker.top).tags

    def _first(self, src: Listener, ev: PokemonEvent) -> bool:
        if self.unstacked is None:
            return True
        state = ev.state
        same = [s for s in hooks.listeners(state, "prize_count") if s.source == "pokemon" and s.on is not None
                and s.seat == src.seat and power_name(state, s.on) == self.unstacked]
        return not same or same[0].on is src.on

    def _holds(self, src: Listener, state: State) -> bool:
        return self.needs is None or any(state.card_of(p.top).name == self.needs
                                         for p in state.seats[src.seat].in_play())

    def prize_count(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        state = ev.state
        if (value <= 0 or src.on is None or not self._applies(src, ev) or not self._attacker_fits(state)
                or not self._holds(src, state) or not self._first(src, ev)):
            return value
        name = power_name(state, src.on)
        if self.flip and (ev.ctx is None or not ev.ctx.flip(name)):
            return value
        new = 0 if self.delta is None else max(0, value + self.delta)
        if ev.ctx is not None and ev.seat is not None:
            ev.ctx.say(msg("%(ability)s: %(seat)s takes %(count)s Prize card(s) for %(pokemon)s instead of %(was)s.",
                           ability=name, seat=ev.ctx.seat_label(1 - ev.seat), count=new,
                           pokemon=ev.ctx.name(ev.pokemon), was=value), "R-KO-2")
        return new


class PrizeIfThisKnockedOut(PrizeChange):
    """This Pokémon Knocked Out by damage from an attack from the opponent's Pokémon."""

    def __init__(self, delta: int | None, **kwargs: Any):
        super().__init__(delta, **kwargs)
        change = "no Prize cards" if delta is None else f"{-delta} fewer Prize card(s)"
        who = f"Pokémon {self.attacker_tag}" if self.attacker_tag else "Pokémon"
        need = f", while you have {self.needs} in play" if self.needs else ""
        self.text = (f"if this Pokémon is Knocked Out by damage from an attack from your opponent's {who}{need}, "
                     f"your opponent takes {change} for it")

    def _applies(self, src: Listener, ev: PokemonEvent) -> bool:
        return ev.pokemon is src.on and self._by_opponents_attack(src, ev)


class PrizeIfYoursOfTypeKnockedOut(PrizeChange):
    """One of its owner's `of_type` Pokémon Knocked Out by damage from an attack from the opponent's Pokémon."""

    def __init__(self, of_type: str, delta: int, **kwargs: Any):
        super().__init__(delta, **kwargs)
        self.of_type = of_type
        who = f"Pokémon {self.attacker_tag}" if self.attacker_tag else "Pokémon"
        self.text = (f"if one of your {of_type} Pokémon is Knocked Out by damage from an attack from your opponent's "
                     f"{who}, that player takes {-delta} fewer Prize card(s) (doesn't stack)")

    def _applies(self, src: Listener, ev: PokemonEvent) -> bool:
        return (ev.seat == src.seat and self._by_opponents_attack(src, ev)
                and hooks.is_type(ev.state, ev.pokemon, self.of_type))


class PrizeIfOpponentsKnockedOut(PrizeChange):
    """The opponent's Pokémon Knocked Out: their Active Pokémon by anything (`basic_by_this`
    False), or their Basic Pokémon by damage from an attack used by this Pokémon."""

    def __init__(self, delta: int, *, basic_by_this: bool = False, **kwargs: Any):
        super().__init__(delta, **kwargs)
        self.basic_by_this = basic_by_this
        coin = "flip a coin; if heads, " if self.flip else ""
        what = ("your opponent's Basic Pokémon is Knocked Out by damage from an attack used by this Pokémon"
                if basic_by_this else "your opponent's Active Pokémon is Knocked Out")
        self.text = f"when {what}, {coin}take {delta} more Prize card(s)"

    def _applies(self, src: Listener, ev: PokemonEvent) -> bool:
        state = ev.state
        if ev.seat is None or ev.seat == src.seat:
            return False
        if not self.basic_by_this:
            return state.seats[ev.seat].active is ev.pokemon
        return (ev.by_attack_damage and state.seat_to_act == src.seat and state.seats[src.seat].active is src.on
                and state.card_of(ev.pokemon.top).stage == "Basic")


__all__ = ["MOMENTS", "AttachUpTo", "BenchFromOpponentsHand", "CoinDiscardOpponentsEnergy",
           "CoinsRandomHandCardsToDeck", "CountersOnAttacker", "CountersOnOpponents", "CountersWhenKnockedOutActive",
           "DiscardOpponentTop", "DiscardToHand", "EnergyToHandWhenKnockedOut", "GatherEnergy", "HealActiveAndRecover",
           "HealAllThenDiscardEnergy", "InPlay", "LookTopAttach", "PrizeChange", "PrizeIfOpponentsKnockedOut",
           "PrizeIfThisKnockedOut", "PrizeIfYoursOfTypeKnockedOut", "SearchThen", "Step", "SwitchInOpponents",
           "Triggered", "TriggeredOrKnockedOut", "places_of", "power_name"]
