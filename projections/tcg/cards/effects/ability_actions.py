"""Abilities a player uses (Scarlet & Violet, Mega Evolution) that the compiler builds from their
printed text (`cards/compiler/ability_actions.py`): Energy attached from the hand or the discard
pile, Energy and damage counters moved between Pokémon, the Active Pokémon switched, damage
healed, and a cost paid before an Ability's effect.

Rulings taken here:
- R-POWER-1: "Once during your turn" is per Pokémon (`once_per_turn`); "As often as you like
  during your turn" has no limit. A condition of the text ("if this Pokémon is on your Bench",
  "if you have any <T> Mega Evolution Pokémon ex in play", "if this Pokémon has any <T> Energy
  attached") is read when the Ability is used; without it the Ability is refused.
- "<Name>'s Pokémon" is a Pokémon whose name begins with "<Name>'s " (the modern ruling that
  `damage_conditions` takes too: the name says whose it is). "<T> Mega Evolution Pokémon ex" is
  one of your Pokémon in play with the tags mega and ex, of type <T> now (hooks.is_type).
- "attach up to N Basic <T> Energy cards from your hand to 1 of your Benched <X> Pokémon": 1 to
  N cards (choices.cards; attaching none would do nothing, so it is refused), all to the one
  Pokémon (choices.to). "a Basic <A> Energy card, a Basic <B> Energy card, or 1 of each ... to
  your Pokémon in any way you like": 1 or 2 cards, never two of one type, each to the Pokémon
  choices.to lists card by card. Energy attached by an Ability is not the turn's attachment
  (`attach_by_effect`), and the Ability is refused when no card or no Pokémon fits. Where one
  card is attached and every card that fits is the same card, choices.cards may be left out.
- "Move a Basic <T> Energy / an Energy from 1 of your Pokémon to another": the Energy card
  (choices.cards) leaves the Pokémon it is attached to for another of yours (choices.to, or
  this Pokémon when the text says so); a move is not an attachment (no `on_attach`).
- Moving damage counters is neither damage nor placing them by an attack (R-DAMAGE-3): nothing
  modifies them; a Pokémon they Knock Out is Knocked Out when the Ability is done. "up to N":
  choices.count counters (1 to N; left out, as many as the first Pokémon has, up to N), never
  more than that Pokémon has.
- "Once during your first turn": during the game's turn 1 or 2 (each player has one first
  turn). "You can't use more than 1 <name> Ability during your turn": one use of an Ability of
  that name a turn, whichever Pokémon (`standard_pokemon.one_by_name`).
- "You must discard <a card> / put a card from your hand on the bottom of your deck in order to
  use this Ability": the cost is paid only when the Ability could be used, and before its
  effect (choices.cards names the card; left out when every card that fits is the same card);
  the Ability's checks see the hand as it will be once paid ("draw until you have N cards").
- "If you use this Ability, this Pokémon is Knocked Out": after its effect, as the Knock Outs of
  `CountersThenKnockOut` (its Prize cards taken as usual, R-KO-2).
- "switch your Active Pokémon with 1 of your Benched Pokémon. If you do, switch out your
  opponent's Active Pokémon to the Bench. (Your opponent chooses the new Active Pokémon.)": your
  switch (choices.to), then theirs (choices.pokemon: the Benched Pokémon the opponent picks,
  reported; left out when they have one); with no Benched Pokémon of theirs only yours happens.
- "if you played <Supporter> from your hand this turn": the Supporter played this turn, beside
  the Active Spot until the turn ends (`state.supporter`, R-TRAINER-2), is yours and has that
  name; the compiler reads only a name some Supporter card has.
- Hidden cards (R-HIDDEN-1): "search your deck for a card and put it into your hand" (no
  "reveal") puts it there unshown; "Switch a card from your hand with the top card of your
  deck" shows neither card to the opponent; "look at the top card of your deck. You may
  discard that card." shows it to its player first (`ask`, then `choose`). "Your opponent
  reveals their hand, and you put a Basic Pokémon ... onto your opponent's Bench": the hand is
  shown to both players, then the player names the card; a card named before the hand was
  shown is refused without naming the hand's cards.
- "devolve 1 of your opponent's evolved Pokémon": its top card goes to their hand; it keeps
  damage counters and attached cards and loses Special Conditions and other effects (as when
  it evolved, R-EVOLVE-5); one whose damage now reaches its HP is Knocked Out after the Ability.
- "put N damage counters on this Pokémon. If you do, during this turn, attacks used by this
  Pokémon do M more damage": the counters may Knock it Out (then nothing attacks); the bonus is
  the lasting "attack_boosted" of this turn (`next_turn.AttackBoosted`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any, Protocol

from ....messages import msg, msg_n
from ... import hooks
from ...core import (
    Illegal,
    add_effect,
    attach_by_effect,
    clear_conditions_and_effects,
    discard_cards,
    draw,
    energy_count,
    heal,
    inflict,
    place_counters,
    shuffle_deck,
    switch_active,
)
from ...state import Pokemon as PokemonInPlay
from .abilities import SearchDeck
from .base import Power
from .choices import chosen_target, distinct_picks, one_instance, one_per_card, refuse_blind_none
from .energy import discard_attached
from .once import once_per_turn
from .search import bench_room
from .standard_pokemon import ability_name, note_use_by_name, one_by_name

if TYPE_CHECKING:
    from ...contexts import PowerCtx
    from ...state import Pokemon, State

MAX_OPTIONS = 256


# -- what a card or a Pokémon must be -----------------------------------------------------------------

def owned_by(state: State, p: Pokemon, owner: str) -> bool:
    """A "<Name>'s Pokémon" (ruling at the top): `owner` is "Ethan's"."""
    return str(state.card_of(p.top).name).startswith(owner + " ")


@dataclass(frozen=True)
class EnergyKind:
    """An Energy card an Ability names: basic (`basic`) of one of `types` (any type when empty)."""
    types: tuple[str, ...] = ()
    basic: bool = True

    def fits(self, state: State, instance: str) -> bool:
        c = state.card_of(instance)
        return (c.supertype == "Energy" and (not self.basic or c.is_basic_energy)
                and (not self.types or any(t in c.provides for t in self.types)))

    def type_of(self, state: State, instance: str) -> str:
        return next(t for t in self.types if t in state.card_of(instance).provides)

    def words(self) -> str:
        """What the card is, as a translatable `msg` ("basic Fire/Fighting Energy card")."""
        if not self.basic:
            return msg("Energy card")
        if not self.types:
            return msg("basic Energy card")
        return msg("basic %(type)s Energy card", type="/".join(self.types))


@dataclass(frozen=True)
class Onto:
    """Which of your Pokémon: `where` "self", "any", "bench", "active" or "others" (not this
    one); only "<owner> Pokémon" when `owner`, only of `of_type` when set."""
    where: str
    owner: str | None = None
    of_type: str | None = None

    def candidates(self, state: State, seat: int, pokemon: Pokemon) -> list[Pokemon]:
        me = state.seats[seat]
        among = {"self": [pokemon], "bench": list(me.bench), "active": [me.active] if me.active else [],
                 "any": me.in_play(), "others": [p for p in me.in_play() if p is not pokemon]}[self.where]
        return [p for p in among if (self.owner is None or owned_by(state, p, self.owner))
                and (self.of_type is None or hooks.is_type(state, p, self.of_type))]

    def words(self) -> str:
        if self.where == "self":
            return "this Pokémon"
        place = {"bench": "Benched ", "active": "Active "}.get(self.where, "")
        kind = " ".join(w for w in (self.owner, self.of_type) if w)
        return f"one of your {place}{kind + ' ' if kind else ''}Pokémon (choices.to)"


# -- what the text asks before the Ability may be used ----------------------------------------------------

Need = Callable[["PowerCtx"], "str | None"]     # the refusal's message, None when it holds


def on_bench(pctx: PowerCtx) -> str | None:
    if pctx.place == "bench":
        return None
    return msg("%(ability)s is used only while %(pokemon)s is on your Bench.", ability=ability_name(pctx),
               pokemon=pctx.name(pctx.pokemon))


def first_turn(pctx: PowerCtx) -> str | None:
    """"during your first turn": the game's turn 1 or 2 (each player's first turn, ruling above)."""
    if pctx.state.turn <= 2:
        return None
    return msg("%(ability)s is used only during your first turn.", ability=ability_name(pctx))


def played_supporter(name: str) -> Need:
    """"if you played <Supporter> from your hand this turn": the Supporter of this turn beside
    the Active Spot (`state.supporter`, R-TRAINER-2) is yours and has that name."""
    def need(pctx: PowerCtx) -> str | None:
        played = pctx.state.supporter
        if played is not None and played["owner"] == pctx.seat and pctx.state.card_of(played["card"]).name == name:
            return None
        return msg("%(ability)s is used only if you played %(card)s from your hand this turn.",
                   ability=ability_name(pctx), card=name)
    return need


def in_active(pctx: PowerCtx) -> str | None:
    if pctx.place == "active":
        return None
    return msg("%(ability)s is used only while %(pokemon)s is in the Active Spot.", ability=ability_name(pctx),
               pokemon=pctx.name(pctx.pokemon))


def active_has_ability(name: str) -> Need:
    """"if your Active Pokémon has the <name> Ability" (a printing's "[Ability] " left out)."""
    def need(pctx: PowerCtx) -> str | None:
        active = pctx.me.active
        power = pctx.state.card_of(active.top).power if active is not None else None
        if power is not None and power.kind == "Ability" and str(power.name).removeprefix("[Ability] ") == name:
            return None
        return msg("%(ability)s needs your Active Pokémon to have the %(name)s Ability.", ability=ability_name(pctx),
                   name=name)
    return need


def mega_ex_in_play(of_type: str | None) -> Need:
    def need(pctx: PowerCtx) -> str | None:
        state = pctx.state
        if any({"mega", "ex"} <= state.card_of(p.top).tags and (of_type is None or hooks.is_type(state, p, of_type))
               for p in pctx.me.in_play()):
            return None
        return msg("%(ability)s needs a %(type)s Mega Evolution Pokémon ex of yours in play; there is none.",
                   ability=ability_name(pctx), type=of_type or "")
    return need


def energy_attached(of_type: str | None) -> Need:
    def need(pctx: PowerCtx) -> str | None:
        if energy_count(pctx.state, pctx.pokemon, of_type):
            return None
        return msg("%(ability)s needs %(type)s Energy attached to %(pokemon)s; it has none.",
                   ability=ability_name(pctx), type=of_type or "", pokemon=pctx.name(pctx.pokemon))
    return need


def require(pctx: PowerCtx, needs: tuple[Need, ...]) -> None:
    """Refuse the Ability unless every one of `needs` holds."""
    for need in needs:
        refusal = need(pctx)
        if refusal is not None:
            raise Illegal("R-POWER-1", refusal)


def one_card(pctx: PowerCtx, allowed: list[str]) -> str | None:
    """The card of `allowed` choices.cards names (left out: the first, when they are all the same
    card), or None when it names none of them."""
    card = one_instance(pctx.choices, "cards")
    if card is None and len({pctx.state.card_id(i) for i in allowed}) == 1:
        card = allowed[0]
    return card if isinstance(card, str) and card in allowed else None


def spread_places(pctx: PowerCtx, cards: list[str], targets: list[Pokemon]) -> list[Pokemon]:
    """Where each of `cards` goes "in any way you like": the Pokémon choices.to lists card by card
    (left out when only one Pokémon may take them)."""
    raw = pctx.choices.get("to")
    if raw is None and len(targets) == 1:
        return targets * len(cards)
    found = [next((p for p in targets if isinstance(r, str) and r in p.stack), None)
             for r in (raw if isinstance(raw, list) else [])]
    if not isinstance(raw, list) or len(found) != len(cards) or any(p is None for p in found):
        names = ", ".join(f"{pctx.name(p)} ({p.top})" for p in targets)
        raise Illegal("R-POWER-1", msg("choices.to must list, card by card, the Pokémon each goes to (%(count)s): "
                                       "%(pokemon)s.", count=len(cards), pokemon=names))
    return [p for p in found if p is not None]


class UsedAbility(Power):
    """An Ability used during its player's turn: once per Pokémon unless `often`, only while
    every one of `needs` holds."""

    def __init__(self, *, often: bool = False, needs: tuple[Need, ...] = ()):
        self.often, self.needs = often, needs

    def _may(self, pctx: PowerCtx) -> None:
        if not self.often:
            once_per_turn(pctx)
        require(pctx, self.needs)

    def _when(self) -> str:
        return "as often as you like during your turn" if self.often else "once during your turn"


# -- attaching Energy -------------------------------------------------------------------------------------

ZONE_WORDS = {"discard": msg("discard pile"), "hand": msg("hand")}


class AttachEnergyCards(UsedAbility):
    """Attach 1 to `most` Energy cards of `energy` from the `zone` (choices.cards) to one Pokémon
    `onto` names (choices.to), or (`spread`) each to the Pokémon choices.to lists card by card;
    `one_each`: no two cards of one type."""

    def __init__(self, energy: EnergyKind, zone: str, onto: Onto, *, most: int = 1, one_each: bool = False,
                 spread: bool = False, knock_out_self: bool = False, **kw: Any):
        super().__init__(**kw)
        self.energy, self.zone, self.onto = energy, zone, onto
        self.most, self.one_each, self.spread, self.knock_out_self = most, one_each, spread, knock_out_self
        self.choice_zones = {"cards": zone}
        count = f"1 to {most}" if most > 1 else "a"
        self.text = (f"{self._when()}: attach {count} {energy.words()}(s) from your "
                     f"{'discard pile' if zone == 'discard' else zone} (choices.cards"
                     f"{', no two of one type' if one_each else ''}) to "
                     + (f"{onto.words()} in any way you like (card by card)" if spread else onto.words())
                     + ("; then this Pokémon is Knocked Out" if knock_out_self else ""))

    def _energies(self, state: State, seat: int) -> list[str]:
        return [i for i in getattr(state.seats[seat], self.zone) if self.energy.fits(state, i)]

    def _fits_pick(self, state: State, pick: list[str]) -> bool:
        return not self.one_each or len({self.energy.type_of(state, i) for i in pick}) == len(pick)

    def _cards(self, pctx: PowerCtx, energies: list[str]) -> list[str]:
        raw = pctx.choices.get("cards")
        if raw is None and self.most == 1 and len({pctx.state.card_id(i) for i in energies}) == 1:
            return energies[:1]
        if isinstance(raw, str):
            raw = [raw]
        if (not isinstance(raw, list) or not 1 <= len(raw) <= self.most or len(set(raw)) != len(raw)
                or any(i not in energies for i in raw) or not self._fits_pick(pctx.state, raw)):
            raise Illegal("R-POWER-1", msg("choices.cards must name 1 to %(most)s %(what)s in your %(zone)s: "
                                           "%(cards)s.", most=self.most, what=self.energy.words(),
                                           zone=ZONE_WORDS[self.zone], cards=pctx.refs(energies[:12])))
        return list(raw)

    def _places(self, pctx: PowerCtx, cards: list[str], targets: list[Pokemon]) -> list[Pokemon]:
        if not self.spread:
            what = msg("one of your Pokémon that may take it (%(ability)s)", ability=ability_name(pctx))
            return [chosen_target(pctx, pctx.choices, targets, what, "R-POWER-1")] * len(cards)
        return spread_places(pctx, cards, targets)

    def _chosen(self, pctx: PowerCtx) -> list[tuple[str, Pokemon]]:
        self._may(pctx)
        name = ability_name(pctx)
        energies = self._energies(pctx.state, pctx.seat)
        if not energies:
            raise Illegal("R-POWER-1", msg("%(ability)s needs %(what)s in your %(zone)s; there is none.",
                                           ability=name, what=self.energy.words(), zone=ZONE_WORDS[self.zone]))
        targets = self.onto.candidates(pctx.state, pctx.seat, pctx.pokemon)
        if not targets:
            raise Illegal("R-POWER-1", msg("%(ability)s: none of your Pokémon can take the Energy.", ability=name))
        cards = self._cards(pctx, energies)
        return list(zip(cards, self._places(pctx, cards, targets), strict=True))

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        name = ability_name(pctx)
        for card, target in self._chosen(pctx):
            getattr(pctx.me, self.zone).remove(card)
            attach_by_effect(pctx, target, card, from_hand=self.zone == "hand")
            pctx.say(msg("%(ability)s attaches %(card)s from the %(zone)s to %(pokemon)s (not the turn's Energy "
                         "attachment).", ability=name, card=pctx.ref(card, shown_to="*"), zone=ZONE_WORDS[self.zone],
                         pokemon=pctx.name(target)), "R-POWER-1")
        if self.knock_out_self:
            pctx.say(msg("%(pokemon)s is Knocked Out by its own %(ability)s.", pokemon=pctx.name(pctx.pokemon),
                         ability=name), "R-KO-1")
            pctx.extra_knockouts.append((pctx.seat, pctx.pokemon))

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        targets = [p.top for p in self.onto.candidates(state, seat, pokemon)]
        picks = [pick for pick in distinct_picks(state, self._energies(state, seat), 1, self.most)
                 if self._fits_pick(state, pick)]
        out: list[dict[str, Any]] = []
        for pick in picks:
            places: list[Any] = [list(ts) for ts in product(targets, repeat=len(pick))] if self.spread else targets
            out.extend({"cards": pick, "to": to} for to in places)
        return out[:MAX_OPTIONS]


# -- moving Energy ------------------------------------------------------------------------------------------

class MoveEnergy(UsedAbility):
    """Move an Energy card of `energy` (choices.cards) attached to one of your Pokémon (another
    than this one when `to_self`) to another of your Pokémon (choices.to), or to this Pokémon
    (`to_self`)."""

    def __init__(self, energy: EnergyKind, *, to_self: bool = False, **kw: Any):
        super().__init__(**kw)
        self.energy, self.to_self = energy, to_self
        source = "one of your other Pokémon" if to_self else "one of your Pokémon"
        target = "this Pokémon" if to_self else "another of your Pokémon (choices.to)"
        self.text = f"{self._when()}: move a {energy.words()} (choices.cards) from {source} to {target}"

    def _movable(self, state: State, seat: int, pokemon: Pokemon) -> list[tuple[str, Pokemon]]:
        return [(i, p) for p in state.seats[seat].in_play() if not (self.to_self and p is pokemon)
                for i in p.energy if self.energy.fits(state, i)]

    def _targets(self, state: State, seat: int, pokemon: Pokemon, source: Pokemon) -> list[Pokemon]:
        return [pokemon] if self.to_self else [p for p in state.seats[seat].in_play() if p is not source]

    def _chosen(self, pctx: PowerCtx) -> tuple[str, Pokemon, Pokemon]:
        self._may(pctx)
        movable = self._movable(pctx.state, pctx.seat, pctx.pokemon)
        raw = one_instance(pctx.choices, "cards")
        if raw is None and len(movable) == 1:
            raw = movable[0][0]
        found = next(((i, p) for i, p in movable if i == raw), None)
        if found is None:
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.cards must name %(what)s attached to one of your "
                                           "Pokémon: %(cards)s.", ability=ability_name(pctx), what=self.energy.words(),
                                           cards=pctx.refs([i for i, _ in movable][:12])))
        card, source = found
        targets = self._targets(pctx.state, pctx.seat, pctx.pokemon, source)
        return card, source, chosen_target(pctx, pctx.choices, targets, msg("another of your Pokémon"), "R-POWER-1")

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card, source, target = self._chosen(pctx)
        source.energy.remove(card)
        target.energy.append(card)
        pctx.say(msg("%(ability)s moves %(card)s from %(pokemon)s to %(other)s.", ability=ability_name(pctx),
                     card=pctx.ref(card, shown_to="*"), pokemon=pctx.name(source), other=pctx.name(target)),
                 "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for source in state.seats[seat].in_play():
            cards = one_per_card(state, [i for i, p in self._movable(state, seat, pokemon) if p is source])
            targets = self._targets(state, seat, pokemon, source)
            out.extend({"cards": [i], "to": t.top} for i in cards for t in targets)
        return out[:MAX_OPTIONS]


# -- moving damage counters ----------------------------------------------------------------------------------

class MoveCounters(UsedAbility):
    """Move `most` damage counters (`up_to`: 1 to `most`, choices.count) from one of your Pokémon
    (`owner`'s when set; choices.pokemon) to one of your opponent's Pokémon (`to_opponent`) or
    another of your Pokémon (choices.to)."""

    def __init__(self, most: int, *, up_to: bool = False, owner: str | None = None, to_opponent: bool = False,
                 **kw: Any):
        super().__init__(**kw)
        self.most, self.up_to, self.owner, self.to_opponent = most, up_to, owner, to_opponent
        source = f"one of your {owner + ' ' if owner else ''}Pokémon (choices.pokemon)"
        target = "one of your opponent's Pokémon" if to_opponent else "another of your Pokémon"
        count = f"up to {most} (choices.count)" if up_to else str(most)
        self.text = f"{self._when()}: move {count} damage counter(s) from {source} to {target} (choices.to)"

    def _sources(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if p.damage >= 10
                and (self.owner is None or owned_by(state, p, self.owner))]

    def _targets(self, state: State, seat: int, source: Pokemon) -> list[Pokemon]:
        if self.to_opponent:
            return state.seats[1 - seat].in_play()
        return [p for p in state.seats[seat].in_play() if p is not source]

    def _count(self, pctx: PowerCtx, source: Pokemon) -> int:
        most = min(self.most, source.damage // 10)
        raw = pctx.choices.get("count", most if self.up_to else self.most)
        if not isinstance(raw, int) or isinstance(raw, bool) or not 1 <= raw <= most:
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.count must be 1 to %(most)s damage counters.",
                                           ability=ability_name(pctx), most=most))
        return raw

    def _chosen(self, pctx: PowerCtx) -> tuple[Pokemon, Pokemon, int]:
        self._may(pctx)
        sources = self._sources(pctx.state, pctx.seat)
        raw = one_instance(pctx.choices, "pokemon")
        source = sources[0] if raw is None and len(sources) == 1 else next(
            (p for p in sources if isinstance(raw, str) and raw in p.stack), None)
        if source is None:
            names = ", ".join(f"{pctx.name(p)} ({p.top})" for p in sources) or msg("none")
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.pokemon must name one of your Pokémon with damage "
                                           "counters to move: %(pokemon)s.", ability=ability_name(pctx),
                                           pokemon=names))
        count = self._count(pctx, source)
        target = chosen_target(pctx, pctx.choices, self._targets(pctx.state, pctx.seat, source),
                               msg("the Pokémon that takes the damage counters"), "R-POWER-1")
        return source, target, count

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        source, target, count = self._chosen(pctx)
        source.damage -= 10 * count
        target.damage += 10 * count
        pctx.say(msg("%(ability)s moves %(count)s damage counter(s) from %(pokemon)s to %(other)s (%(damage)s/%(hp)s).",
                     ability=ability_name(pctx), count=count, pokemon=pctx.name(source), other=pctx.name(target),
                     damage=target.damage, hp=pctx.state.hp(target)), "R-DAMAGE-3")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for source in self._sources(state, seat):
            counts = range(1, min(self.most, source.damage // 10) + 1) if self.up_to else [self.most]
            out.extend({"pokemon": [source.top], "to": t.top, "count": n} for n in counts
                       for t in self._targets(state, seat, source) if n <= source.damage // 10)
        return out[:MAX_OPTIONS]


# -- healing, switching -----------------------------------------------------------------------------------------

class HealActive(UsedAbility):
    """Heal `amount` damage from your Active Pokémon."""

    def __init__(self, amount: int, **kw: Any):
        super().__init__(**kw)
        self.amount = amount
        self.text = f"{self._when()}: heal {amount} damage from your Active Pokémon"

    def check(self, pctx: PowerCtx) -> None:
        self._may(pctx)
        active = pctx.me.active
        if active is None or not active.damage:
            raise Illegal("R-POWER-1", msg("%(ability)s: your Active Pokémon has no damage to heal.",
                                           ability=ability_name(pctx)))

    def use(self, pctx: PowerCtx) -> None:
        self.check(pctx)
        active = pctx.me.active
        assert active is not None, "check"
        healed = heal(pctx, active, self.amount)
        pctx.say(msg("%(pokemon)s heals %(healed)s damage.", pokemon=pctx.name(active), healed=healed), "R-POWER-1")


class SwitchBoth(UsedAbility):
    """Switch your Active Pokémon with one of your Benched Pokémon (choices.to); then the
    opponent's Active Pokémon goes to their Bench, the Benched Pokémon they pick coming in
    (choices.pokemon, their choice reported)."""
    text = ("once during your turn: switch your Active Pokémon with one of your Benched Pokémon (choices.to); then "
            "switch out your opponent's Active Pokémon (they choose the new one: choices.pokemon)")

    def _chosen(self, pctx: PowerCtx) -> tuple[Pokemon, Pokemon | None]:
        self._may(pctx)
        mine = chosen_target(pctx, pctx.choices, list(pctx.me.bench), msg("one of your Benched Pokémon"), "R-POWER-1")
        bench = pctx.them.bench
        if not bench:
            return mine, None
        raw = one_instance(pctx.choices, "pokemon")
        theirs = bench[0] if raw is None and len(bench) == 1 else next(
            (p for p in bench if isinstance(raw, str) and raw in p.stack), None)
        if theirs is None:
            raise Illegal("R-POWER-1", msg("%(power)s: choices.pokemon must name the one Benched Pokémon of the "
                                           "opponent that the opponent picks.", power=ability_name(pctx)))
        return mine, theirs

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        mine, theirs = self._chosen(pctx)
        old = switch_active(pctx, pctx.seat, mine)
        pctx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=pctx.name(old),
                     other=pctx.name(mine)), "R-RETREAT-6")
        if theirs is None:
            return
        old = switch_active(pctx, pctx.opp, theirs)
        pctx.say(msg("%(seat)s picks %(pokemon)s: it is now the Defending Pokémon and %(old)s goes to the Bench.",
                     seat=pctx.seat_label(pctx.opp), pokemon=pctx.name(theirs), old=pctx.name(old)), "R-RETREAT-6")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        theirs: list[dict[str, Any]] = [{"pokemon": [p.top]} for p in state.seats[1 - seat].bench] or [{}]
        return [{"to": p.top, **t} for p in state.seats[seat].bench for t in theirs]


class SwitchInFromBench(UsedAbility):
    """This Pokémon, on your Bench, switches with your Active Pokémon (the `needs` say when)."""

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.text = "once during your turn, while this Pokémon is on your Bench: switch it with your Active Pokémon"

    def check(self, pctx: PowerCtx) -> None:
        self._may(pctx)

    def use(self, pctx: PowerCtx) -> None:
        self._may(pctx)
        old = switch_active(pctx, pctx.seat, pctx.pokemon)
        pctx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=pctx.name(old),
                     other=pctx.name(pctx.pokemon)), "R-RETREAT-6")


# -- a cost paid first -------------------------------------------------------------------------------------------

class Usable(Protocol):
    """A Power used as an action (it has `use`)."""
    text: str
    choice_zones: dict[str, str]

    def check(self, pctx: PowerCtx) -> None: ...

    def use(self, pctx: PowerCtx) -> None: ...

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]: ...

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None: ...

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]: ...


class Conditioned(Power):
    """`then`, an Ability used during the turn, only while every one of `needs` holds."""

    def __init__(self, then: Usable, needs: tuple[Need, ...], when: str):
        self.then, self.needs = then, needs
        self.choice_zones = then.choice_zones
        self.choose_zones: dict[str, str] = getattr(then, "choose_zones", {})
        self.text = f"{when}: {then.text}"

    def check(self, pctx: PowerCtx) -> None:
        require(pctx, self.needs)
        self.then.check(pctx)

    def use(self, pctx: PowerCtx) -> None:
        require(pctx, self.needs)
        self.then.use(pctx)

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return self.then.options(state, seat, pokemon)

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        self.then.resolve(pctx, pending)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return self.then.resolve_options(state, pending)


class PaidFirst(Power):
    """`then`, an Ability used during the turn, after discarding one card that `fits` from the
    hand (`zone` "hand") or attached to this Pokémon ("self"), or (`to_bottom`) putting a card of
    the hand on the bottom of the deck (choices.cards, which `then` must not read; ruling above)."""

    def __init__(self, then: Usable, fits: Callable[[State, str], bool], what: str, zone: str, *,
                 to_bottom: bool = False):
        self.then, self.fits, self.what, self.zone, self.to_bottom = then, fits, what, zone, to_bottom
        self.choice_zones = {"cards": "hand"} if zone == "hand" else {}
        where = "your hand" if zone == "hand" else "this Pokémon"
        pay = f"put {what} from {where} on the bottom of your deck" if to_bottom else f"discard {what} from {where}"
        self.text = f"{pay} (choices.cards), then: {then.text}"

    def _fitting(self, state: State, seat: int, pokemon: Pokemon) -> list[str]:
        among = state.seats[seat].hand if self.zone == "hand" else pokemon.energy
        return [i for i in among if self.fits(state, i)]

    def _then_check_paid(self, pctx: PowerCtx, card: str) -> None:
        """`then`'s check as it will be asked once the card is paid: a card of the hand is not
        counted in it (a hand drawn up to N cards)."""
        hand = pctx.me.hand
        if self.zone != "hand":
            self.then.check(pctx)
            return
        at = hand.index(card)
        hand.remove(card)
        try:
            self.then.check(pctx)
        finally:
            hand.insert(at, card)

    def _cost(self, pctx: PowerCtx) -> str:
        fitting = self._fitting(pctx.state, pctx.seat, pctx.pokemon)
        card = one_card(pctx, fitting)
        if card is None:                    # its own refusal (once a turn, a condition) comes first
            if fitting:
                self._then_check_paid(pctx, fitting[0])
            else:
                self.then.check(pctx)
            raise Illegal("R-POWER-1", msg("%(ability)s: you must pay %(what)s to use it (choices.cards).",
                                           ability=ability_name(pctx), what=self.what))
        self._then_check_paid(pctx, card)
        return card

    def check(self, pctx: PowerCtx) -> None:
        self._cost(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card, name, who = self._cost(pctx), ability_name(pctx), pctx.seat_label(pctx.seat)
        if self.to_bottom:
            pctx.me.hand.remove(card)
            pctx.me.deck.append(card)
            pctx.say(msg("%(ability)s: %(seat)s puts %(card)s on the bottom of the deck.", ability=name, seat=who,
                         card=pctx.ref(card, shown_to=[pctx.seat])), "R-POWER-1")
        else:
            if self.zone == "hand":
                pctx.me.hand.remove(card)
                discard_cards(pctx, pctx.seat, [card])
            else:
                discard_attached(pctx, pctx.seat, pctx.pokemon, [card])
            pctx.say(msg("%(ability)s: %(seat)s discards %(card)s.", ability=name, seat=who,
                         card=pctx.ref(card, shown_to="*")), "R-POWER-1")
        self.then.use(pctx)

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        costs = one_per_card(state, self._fitting(state, seat, pokemon))
        return [{**o, "cards": [c]} for o in self.then.options(state, seat, pokemon) for c in costs][:MAX_OPTIONS]


# -- a deck search with a condition ----------------------------------------------------------------------------

class SearchDeckIf(SearchDeck):
    """`SearchDeck`, only while every one of `needs` holds; `reveal` False: the card found goes
    into the hand unshown (the text says nothing of revealing it)."""

    def __init__(self, *args: Any, needs: tuple[Need, ...], reveal: bool = True, by_name: bool = False, **kw: Any):
        super().__init__(*args, **kw)
        self.needs, self.reveal, self.by_name = needs, reveal, by_name
        if not reveal:
            self.text = self.text.replace("show them and put them", "put it")
        if by_name:
            self.text += " (only one Ability of this name a turn)"

    def use(self, pctx: PowerCtx) -> None:
        super().use(pctx)
        if self.by_name:
            note_use_by_name(pctx)

    def _finish(self, pctx: PowerCtx, cards: list[str]) -> None:
        if self.reveal or not cards:
            super()._finish(pctx, cards)
            return
        for i in cards:
            pctx.me.deck.remove(i)
        pctx.me.hand.extend(cards)
        pctx.say(msg("%(ability)s: %(seat)s puts %(cards)s into the hand.", ability=ability_name(pctx),
                     seat=pctx.seat_label(pctx.seat), cards=pctx.refs(cards, shown_to=[pctx.seat])), "R-HIDDEN-1")
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(seat)s shuffles the deck.", seat=pctx.seat_label(pctx.seat)))

    def check(self, pctx: PowerCtx) -> None:
        require(pctx, self.needs)
        if self.by_name:
            one_by_name(pctx)
        super().check(pctx)



class SearchAttachToBenched(SearchDeckIf):
    """Search the deck for a card that fits (the two steps of `SearchDeck`) and attach it to one
    of your Benched Pokémon `onto` names (choices.to, with choices.search); then `counters`
    damage counters on that Pokémon. Refused without such a Benched Pokémon."""

    def __init__(self, *args: Any, onto: Onto, counters: int = 0, **kw: Any):
        super().__init__(*args, **kw)
        self.onto, self.counters = onto, counters
        self.text = self.text.replace("attach it to this Pokémon", f"attach it to {onto.words()}") + (
            f"; then {counters} damage counters on that Pokémon" if counters else "")

    def _targets(self, pctx: PowerCtx) -> list[Pokemon]:
        return self.onto.candidates(pctx.state, pctx.seat, pctx.pokemon)

    def check(self, pctx: PowerCtx) -> None:
        if not self._targets(pctx):
            raise Illegal("R-POWER-1", msg("%(ability)s: none of your Pokémon can take the Energy.",
                                           ability=ability_name(pctx)))
        super().check(pctx)
        if pctx.choices.get("search"):
            self._target(pctx)

    def _target(self, pctx: PowerCtx) -> Pokemon:
        return chosen_target(pctx, pctx.choices, self._targets(pctx), msg("one of your Pokémon that may take it "
                                                                           "(%(ability)s)", ability=ability_name(pctx)),
                             "R-POWER-1")

    def _finish(self, pctx: PowerCtx, cards: list[str]) -> None:
        if not cards:
            super()._finish(pctx, cards)
            return
        target, name = self._target(pctx), ability_name(pctx)
        for i in cards:
            pctx.me.deck.remove(i)
            attach_by_effect(pctx, target, i, from_hand=False)
            pctx.say(msg("%(ability)s attaches %(card)s from the %(zone)s to %(pokemon)s (not the turn's Energy "
                         "attachment).", ability=name, card=pctx.ref(i, shown_to="*"), zone=msg("deck"),
                         pokemon=pctx.name(target)), "R-POWER-1")
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(seat)s shuffles the deck.", seat=pctx.seat_label(pctx.seat)))
        place_counters(pctx, target, self.counters, name)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        pokemon = state.find_pokemon(pending["card"])[1]
        targets = [t.top for t in self.onto.candidates(state, seat, pokemon)] if pokemon is not None else []
        out: list[dict[str, Any]] = []
        for o in super().resolve_options(state, pending):
            out.extend([{**o, "to": t} for t in targets] if o.get("search") else [o])
        return out


# -- the hand, the deck, the discard pile -------------------------------------------------------------------------

class SwapHandWithTop(UsedAbility):
    """Switch a card of your hand (choices.cards) with the top card of your deck: that card goes
    on top, the top card into your hand (neither shown to the opponent)."""
    text = "once during your turn: switch a card from your hand (choices.cards) with the top card of your deck"

    def _chosen(self, pctx: PowerCtx) -> str:
        self._may(pctx)
        hand, name = pctx.me.hand, ability_name(pctx)
        if not hand or not pctx.me.deck:
            raise Illegal("R-POWER-1", msg("%(ability)s needs a card in your hand and a card in your deck.",
                                           ability=name))
        card = one_card(pctx, hand)
        if card is None:
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.cards must name one card of your hand.",
                                           ability=name))
        return card

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card = self._chosen(pctx)
        me = pctx.me
        top = me.deck.pop(0)
        me.hand.remove(card)
        me.deck.insert(0, card)
        me.hand.append(top)
        pctx.say(msg("%(ability)s: %(seat)s puts %(card)s on top of the deck and takes its top card %(top)s into the "
                     "hand.", ability=ability_name(pctx), seat=pctx.seat_label(pctx.seat),
                     card=pctx.ref(card, shown_to=[pctx.seat]), top=pctx.ref(top, shown_to=[pctx.seat])), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": [i]} for i in one_per_card(state, state.seats[seat].hand)]


class DiscardPokemonToBench(UsedAbility):
    """Put a Basic Pokémon with `max_hp` HP or less from your discard pile (choices.cards) onto
    your Bench; refused with a full Bench or no such card."""

    def __init__(self, max_hp: int, **kw: Any):
        super().__init__(**kw)
        self.max_hp = max_hp
        self.text = (f"{self._when()}: put a Basic Pokémon with {max_hp} HP or less from your discard pile "
                     "(choices.cards) onto your Bench")

    def _fitting(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).supertype == "Pokemon"
                and state.card_of(i).stage == "Basic" and (state.card_of(i).hp or 0) <= self.max_hp]

    def _chosen(self, pctx: PowerCtx) -> str:
        self._may(pctx)
        name = ability_name(pctx)
        if not bench_room(pctx.state, pctx.seat):
            raise Illegal("R-BENCH-1", msg("%(power)s puts a Pokémon onto the Bench, and the Bench is full.",
                                           power=name))
        fitting = self._fitting(pctx.state, pctx.seat)
        card = one_card(pctx, fitting)
        if card is None:
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.cards must name a Basic Pokémon with %(hp)s HP or "
                                           "less in your discard pile: %(cards)s.", ability=name, hp=self.max_hp,
                                           cards=pctx.refs(fitting[:12])))
        return card

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card = self._chosen(pctx)
        pctx.me.discard.remove(card)
        pctx.me.bench.append(PokemonInPlay(stack=[card], entered_turn=pctx.state.turn))
        pctx.say(msg("%(seat)s puts %(cards)s onto the Bench.", seat=pctx.seat_label(pctx.seat),
                     cards=pctx.ref(card, shown_to="*")), "R-BENCH-2")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": [i]} for i in one_per_card(state, self._fitting(state, seat))]


# -- the opponent's Active Pokémon, this Pokémon's attacks --------------------------------------------------------

class FlipOpponentEnergyToHand(UsedAbility):
    """Flip a coin; heads: an Energy card attached to the opponent's Active Pokémon (choices.cards;
    left out when they are all the same card) goes into their hand. Refused when it has none."""
    text = ("once during your turn: flip a coin; heads, an Energy attached to your opponent's Active Pokémon "
            "(choices.cards) goes into their hand")

    def _chosen(self, pctx: PowerCtx) -> tuple[Pokemon, str]:
        self._may(pctx)
        active = pctx.them.active
        energy = list(active.energy) if active is not None else []
        if active is None or not energy:
            raise Illegal("R-POWER-1", msg("%(ability)s: your opponent's Active Pokémon has no Energy attached.",
                                           ability=ability_name(pctx)))
        card = one_card(pctx, energy)
        if card is None:
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.cards must name an Energy attached to your "
                                           "opponent's Active Pokémon: %(cards)s.", ability=ability_name(pctx),
                                           cards=pctx.refs(energy)))
        return active, card

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        active, card = self._chosen(pctx)
        if not pctx.flip(ability_name(pctx)):
            return
        active.energy.remove(card)
        pctx.them.hand.append(card)
        pctx.say(msg("%(card)s goes from %(pokemon)s into %(seat)s's hand.", card=pctx.ref(card, shown_to="*"),
                     pokemon=pctx.name(active), seat=pctx.seat_label(pctx.opp)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        active = state.seats[1 - seat].active
        return [{"cards": [i]} for i in one_per_card(state, list(active.energy) if active else [])]


class CountersForMoreDamage(UsedAbility):
    """Put `counters` damage counters on this Pokémon; during this turn its attacks do `amount`
    more damage to the opponent's Active Pokémon (the lasting "attack_boosted" of this turn)."""

    def __init__(self, counters: int, amount: int, **kw: Any):
        super().__init__(**kw)
        self.counters, self.amount = counters, amount
        self.text = (f"{self._when()}: put {counters} damage counters on this Pokémon; during this turn its attacks "
                     f"do {amount} more damage to your opponent's Active Pokémon (before Weakness and Resistance)")

    def check(self, pctx: PowerCtx) -> None:
        self._may(pctx)

    def use(self, pctx: PowerCtx) -> None:
        self._may(pctx)
        name, turn = ability_name(pctx), pctx.state.turn
        place_counters(pctx, pctx.pokemon, self.counters, name)
        add_effect(pctx.pokemon, "attack_boosted", turn, on_turn=turn, attack=None, amount=self.amount, why=name)
        pctx.say(msg("During this turn, %(pokemon)s's attacks do %(amount)s more damage.",
                     pokemon=pctx.name(pctx.pokemon), amount=self.amount), "R-DAMAGE-1")


class EachPlayerDraws(UsedAbility):
    """Each player draws `count` card(s), you first (what each deck holds, R-TRAINER-5)."""

    def __init__(self, count: int, **kw: Any):
        super().__init__(**kw)
        self.count = count
        self.text = f"{self._when()}: each player draws {count} card(s)"

    def check(self, pctx: PowerCtx) -> None:
        self._may(pctx)

    def use(self, pctx: PowerCtx) -> None:
        self._may(pctx)
        for seat in (pctx.seat, pctx.opp):
            drawn = draw(pctx, seat, self.count)
            pctx.say(msg_n("%(seat)s draws %(num)s card(s).", "%(seat)s draws %(num)s card(s).", len(drawn),
                           seat=pctx.seat_label(seat)), "R-TRAINER-5" if len(drawn) < self.count else "R-POWER-1")



class OpponentShufflesHandDraws(UsedAbility):
    """The opponent shuffles their hand into their deck and draws `count` cards (what the deck
    holds, R-TRAINER-5)."""

    def __init__(self, count: int, **kw: Any):
        super().__init__(**kw)
        self.count = count
        self.text = f"{self._when()}: your opponent shuffles their hand into their deck and draws {count} cards"

    def check(self, pctx: PowerCtx) -> None:
        self._may(pctx)

    def use(self, pctx: PowerCtx) -> None:
        self._may(pctx)
        them = pctx.them
        shuffled = len(them.hand)
        them.deck.extend(them.hand)
        them.hand = []
        shuffle_deck(pctx, pctx.opp)
        drawn = draw(pctx, pctx.opp, self.count)
        pctx.say(msg_n("%(seat)s shuffles %(shuffled)s card(s) from the hand into the deck and draws %(num)s card(s).",
                       "%(seat)s shuffles %(shuffled)s card(s) from the hand into the deck and draws %(num)s card(s).",
                       len(drawn), seat=pctx.seat_label(pctx.opp), shuffled=shuffled),
                 "R-TRAINER-5" if len(drawn) < self.count else "R-POWER-1")


class SwitchInOpponents(UsedAbility):
    """One of the opponent's Benched Pokémon (choices.pokemon) is switched in to the Active Spot
    (`flip`: on a coin's heads; `confused`: the new Active Pokémon is now Confused). Refused when
    they have no Benched Pokémon."""

    def __init__(self, *, flip: bool = False, confused: bool = False, **kw: Any):
        super().__init__(**kw)
        self.flip, self.confused = flip, confused
        coin = "flip a coin; heads, " if flip else ""
        self.text = (f"{self._when()}: {coin}switch in one of your opponent's Benched Pokémon (choices.pokemon) to "
                     "the Active Spot"
                     + ("; the new Active Pokémon is now Confused" if confused else ""))

    def _chosen(self, pctx: PowerCtx) -> Pokemon:
        self._may(pctx)
        bench = pctx.them.bench
        raw = one_instance(pctx.choices, "pokemon")
        new = bench[0] if raw is None and len(bench) == 1 else next(
            (p for p in bench if isinstance(raw, str) and raw in p.stack), None)
        if new is None:
            raise Illegal("R-POWER-1", msg("%(power)s: choices.pokemon must name one of the opponent's Benched "
                                           "Pokémon.", power=ability_name(pctx)))
        return new

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        new = self._chosen(pctx)
        if self.flip and not pctx.flip(ability_name(pctx)):
            return
        old = switch_active(pctx, pctx.opp, new)
        pctx.say(msg("%(power)s: %(pokemon)s is now %(seat)s's Defending Pokémon and %(other)s goes to the Bench.",
                     power=ability_name(pctx), pokemon=pctx.name(new), seat=pctx.seat_label(pctx.opp),
                     other=pctx.name(old)), "R-RETREAT-6")
        if self.confused:
            inflict(pctx, new, "confused")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"pokemon": [p.top]} for p in state.seats[1 - seat].bench]


class OpponentHandToTheirBench(UsedAbility):
    """The opponent reveals their hand (to both players); you put a Basic Pokémon with `max_hp`
    HP or less from it onto their Bench (choices.cards: given at once, or in the `choose` step
    after the hand is shown), when one is there and their Bench has room."""
    choose_zones = {"cards": "look"}

    def __init__(self, max_hp: int, **kw: Any):
        super().__init__(**kw)
        self.max_hp = max_hp
        self.text = (f"{self._when()}: your opponent reveals their hand; put a Basic Pokémon with {max_hp} HP or less "
                     "from it onto their Bench (choices.cards)")

    def _fitting(self, state: State, seat: int) -> list[str]:
        if not bench_room(state, 1 - seat):
            return []
        return [i for i in state.seats[1 - seat].hand if state.card_of(i).supertype == "Pokemon"
                and state.card_of(i).stage == "Basic" and (state.card_of(i).hp or 0) <= self.max_hp]

    def check(self, pctx: PowerCtx) -> None:
        self._may(pctx)

    def use(self, pctx: PowerCtx) -> None:
        self._may(pctx)
        pctx.show_hand(pctx.opp, ability_name(pctx))
        pctx.say(msg("%(seat)s reveals the hand: %(cards)s.", seat=pctx.seat_label(pctx.opp),
                     cards=pctx.refs(pctx.them.hand, shown_to="*")))
        fitting = self._fitting(pctx.state, pctx.seat)
        # "none" named before the hand is shown: refused whatever it holds (R-HIDDEN-1)
        refuse_blind_none("cards", pctx.choices.get("cards"), min(1, bench_room(pctx.state, pctx.opp)), pctx.them.hand)
        if "cards" in pctx.choices or len(fitting) <= 1:
            self._finish(pctx, fitting, hidden=True)
            return
        pctx.ask("look", pctx.pokemon.top, list(pctx.them.hand), by="power")

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        self._finish(pctx, self._fitting(pctx.state, pctx.seat), hidden=False)

    def _finish(self, pctx: PowerCtx, fitting: list[str], *, hidden: bool) -> None:
        """`hidden`: the card was named before the hand was shown, so a refusal (which takes the
        showing back) names none of its cards (R-HIDDEN-1)."""
        if not fitting:
            pctx.say(msg("%(ability)s finds no %(what)s in the hand.", ability=ability_name(pctx),
                         what=msg("Basic Pokémon with %(hp)s HP or less", hp=self.max_hp)), "R-TRAINER-5")
            return
        card = one_card(pctx, fitting)
        if card is None:
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.cards must name a Basic Pokémon with %(hp)s HP or "
                                           "less in your opponent's hand: %(cards)s.", ability=ability_name(pctx),
                                           hp=self.max_hp, cards=msg("not shown") if hidden else pctx.refs(fitting)))
        pctx.them.hand.remove(card)
        pctx.them.bench.append(PokemonInPlay(stack=[card], entered_turn=pctx.state.turn))
        pctx.say(msg("%(seat)s puts %(cards)s onto the Bench.", seat=pctx.seat_label(pctx.opp),
                     cards=pctx.ref(card, shown_to="*")), "R-BENCH-2")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"cards": [i]} for i in one_per_card(state, self._fitting(state, pending["seat"]))]



class DevolveOpponents(UsedAbility):
    """Devolve one of the opponent's evolved Pokémon (choices.pokemon): its highest Stage
    Evolution card goes into their hand; the Pokémon keeps its damage counters and attached
    cards and loses its Special Conditions and other effects (as evolving does, R-EVOLVE-5); one
    whose damage now reaches its HP is Knocked Out when the Ability is done."""
    text = ("once during your turn: devolve one of your opponent's evolved Pokémon (choices.pokemon), its highest "
            "Stage Evolution card into their hand")

    @staticmethod
    def _evolved(state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[1 - seat].in_play() if len(p.stack) > 1]

    def _chosen(self, pctx: PowerCtx) -> Pokemon:
        self._may(pctx)
        evolved = self._evolved(pctx.state, pctx.seat)
        raw = one_instance(pctx.choices, "pokemon")
        found = evolved[0] if raw is None and len(evolved) == 1 else next(
            (p for p in evolved if isinstance(raw, str) and raw in p.stack), None)
        if found is None:
            names = ", ".join(f"{pctx.name(p)} ({p.top})" for p in evolved) or msg("none")
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.pokemon must name one of your opponent's evolved "
                                           "Pokémon: %(pokemon)s.", ability=ability_name(pctx), pokemon=names))
        return found

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        p = self._chosen(pctx)
        name = pctx.name(p)
        top = p.stack.pop()
        clear_conditions_and_effects(p)
        pctx.them.hand.append(top)
        pctx.say(msg("%(ability)s: %(card)s goes back to %(seat)s's hand; %(pokemon)s is %(devolved)s again "
                     "(%(damage)s/%(hp)s).", ability=ability_name(pctx), card=pctx.ref(top, shown_to="*"),
                     seat=pctx.seat_label(pctx.opp), pokemon=name, devolved=pctx.name(p), damage=p.damage,
                     hp=pctx.state.hp(p)), "R-EVOLVE-5")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"pokemon": [p.top]} for p in self._evolved(state, seat)]



class LookTopMayDiscard(UsedAbility):
    """Look at the top card of your deck (shown to you alone: `ask`, then `choose`), and discard
    it or not (choices.cards: that card, or none). Refused with an empty deck."""
    choose_zones = {"cards": "look"}
    text = "once during your turn: look at the top card of your deck; you may discard it (choices.cards)"

    def check(self, pctx: PowerCtx) -> None:
        self._may(pctx)
        if not pctx.me.deck:
            raise Illegal("R-POWER-1", msg("%(ability)s: your deck is empty, there is nothing to look at.",
                                           ability=ability_name(pctx)))

    def use(self, pctx: PowerCtx) -> None:
        self.check(pctx)
        pctx.say(msg_n("%(ability)s: %(seat)s looks at the top %(num)s card(s) of the deck.",
                       "%(ability)s: %(seat)s looks at the top %(num)s card(s) of the deck.", 1,
                       ability=ability_name(pctx), seat=pctx.seat_label(pctx.seat)), "R-HIDDEN-1")
        pctx.ask("look", pctx.pokemon.top, pctx.me.deck[:1], by="power")

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        top = [i for i in pending["look"] if pctx.me.deck[:1] == [i]]
        raw = pctx.choices.get("cards", [])
        if raw not in ([], top):
            raise Illegal("R-POWER-1", msg("%(ability)s: choices.cards must name the card looked at (%(cards)s) to "
                                           "discard it, or none.", ability=ability_name(pctx), cards=pctx.refs(top)))
        if not raw:
            pctx.say(msg("%(ability)s: %(seat)s keeps the card on top of the deck.", ability=ability_name(pctx),
                         seat=pctx.seat_label(pctx.seat)), "R-POWER-1")
            return
        pctx.me.deck.remove(top[0])
        discard_cards(pctx, pctx.seat, top)
        pctx.say(msg("%(seat)s discards %(cards)s.", seat=pctx.seat_label(pctx.seat),
                     cards=pctx.refs(top, shown_to="*")), "R-POWER-1")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        top = [i for i in pending["look"] if state.seats[pending["seat"]].deck[:1] == [i]]
        return [{"cards": []}, {"cards": top}] if top else [{"cards": []}]



class SearchAttachSpread(SearchDeckIf):
    """Search the deck (the two steps of `SearchDeck`) for up to `most` cards that fit, one of
    each of `energy`'s types, and attach them to your Pokémon of `onto_types` in any way you like
    (choices.to card by card, with choices.search)."""

    def __init__(self, energy: EnergyKind, onto_types: tuple[str, ...], *, most: int):
        super().__init__(lambda c: c.is_basic_energy and any(t in c.provides for t in energy.types),
                         energy.words(), "self", most=most, describe=energy.words(), needs=())
        self.energy, self.onto_types = energy, onto_types
        self.text = self.text.replace("attach it to this Pokémon", f"one of each type, attach them to your "
                                      f"{' and '.join(onto_types)} Pokémon in any way you like (choices.to)")

    def _targets(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if any(hooks.is_type(state, p, t) for t in self.onto_types)]

    def _one_each(self, state: State, cards: list[str]) -> bool:
        return len({self.energy.type_of(state, i) for i in cards}) == len(cards)

    def _pick(self, pctx: PowerCtx, among: list[str], hidden: bool) -> list[str]:
        cards = super()._pick(pctx, among, hidden)
        if not self._one_each(pctx.state, cards):
            raise Illegal("R-POWER-1", msg("In choices.search, name %(what)s, no two of one type.",
                                           what=self.energy.words()))
        return cards

    def check(self, pctx: PowerCtx) -> None:
        super().check(pctx)
        if pctx.choices.get("search"):
            spread_places(pctx, list(pctx.choices["search"]), self._targets(pctx.state, pctx.seat))

    def _finish(self, pctx: PowerCtx, cards: list[str]) -> None:
        if not cards:
            super()._finish(pctx, cards)
            return
        name = ability_name(pctx)
        for card, target in zip(cards, spread_places(pctx, cards, self._targets(pctx.state, pctx.seat)), strict=True):
            pctx.me.deck.remove(card)
            attach_by_effect(pctx, target, card, from_hand=False)
            pctx.say(msg("%(ability)s attaches %(card)s from the %(zone)s to %(pokemon)s (not the turn's Energy "
                         "attachment).", ability=name, card=pctx.ref(card, shown_to="*"), zone=msg("deck"),
                         pokemon=pctx.name(target)), "R-POWER-1")
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(seat)s shuffles the deck.", seat=pctx.seat_label(pctx.seat)))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        targets = [p.top for p in self._targets(state, pending["seat"])]
        out: list[dict[str, Any]] = []
        for o in super().resolve_options(state, pending):
            pick = o.get("search") or []
            if pick and self._one_each(state, pick):
                out.extend({**o, "to": list(ts)} for ts in product(targets, repeat=len(pick)))
            elif not pick:
                out.append(o)
        return out[:MAX_OPTIONS]


__all__ = ["AttachEnergyCards", "Conditioned", "CountersForMoreDamage", "DevolveOpponents", "DiscardPokemonToBench",
           "EachPlayerDraws", "EnergyKind", "FlipOpponentEnergyToHand", "HealActive", "LookTopMayDiscard",
           "MoveCounters", "MoveEnergy", "Onto", "OpponentHandToTheirBench", "OpponentShufflesHandDraws", "PaidFirst",
           "SearchAttachSpread", "SearchAttachToBenched", "SearchDeckIf", "SwapHandWithTop", "SwitchBoth",
           "SwitchInFromBench", "SwitchInOpponents", "UsedAbility", "active_has_ability", "energy_attached",
           "first_turn", "in_active", "mega_ex_in_play", "on_bench", "one_card", "owned_by", "played_supporter",
           "require", "spread_places"]
