"""The Pokémon of the four shipped Standard decks (`decks/sv-*.txt`) whose attacks have text or
who have an Ability and whose words no template reads, for the `modern` ruleset: Kirlia,
Gardevoir ex, Klefki (sv1), Squawkabilly ex (sv2), Charizard ex, Pidgeot ex (sv3), Scream Tail
(sv4), Munkidori (sv6) and Duskull (sv6pt5). Drifloon, Baxcalibur, Chien-Pao ex, Charmander,
Charmeleon, Mew ex, Drakloak, Dragapult ex, Dusclops and Dusknoir were encoded here first; their
whole texts now compile (`compiler/`, the templates' rulings). What the rest of the Scarlet &
Violet pool does is compiled or declared at the table (`declared.py`).

The conventions are the EX era's (`ex1_pokemon_1.py`, `ex1_powers_1.py`) and the sv1/sv2
Trainers': an attack's choices come with the attack, before any coin or Confusion flip
(`choices.cards` cards it moves or discards, `choices.pokemon` Pokémon it aims at, `choices.to`
the Pokémon a card goes to); an Ability is used with `use_power` and its `choices` (`cards`,
`search`, `to`, `from`, `count`, `pokemon`). A choice with only one possibility may be left out;
an optional part of an attack ("you may") left out is not done. Abilities are not stopped by
Special Conditions (their kind, R-POWER-2). Every `text` is this module's own wording.

Rulings taken here:
- "Once during your turn" is the printed `once_per_turn` fact: the uses of the power by that
  Pokémon this turn (`this_turn["powers_used"]`) refuse a second one (R-POWER-1); a power that
  stopped half way to show its player the deck has been used. "You can't use more than 1 <name>
  Ability" (Quick Search, Squawk and Seize) counts the uses of that Ability by name, whichever
  Pokémon used it, in `this_turn["abilities_used"]` (a new member of the turn record, written
  only when such an Ability is used).
- Counting "Energy attached" (Kirlia's Psychic) counts the Energy provided, as the earlier
  sets' rulings (a card providing 2 counts 2). "Psychic Pokémon" is the Pokémon's type (its
  card's, or what an effect made it).
- A "Basic <type> Energy card" searched for or taken from the hand or the discard pile is a
  basic Energy card providing that type (`basic_energy`).
- Searches of the deck (Quick Search, Infernal Reign) take two steps for a
  player (R-HIDDEN-1): the power shows the deck to its player alone (`pending`), then `choose`
  names `choices.search`; a judge may give it with `use_power`. As the sv1/sv2 searches, a
  search must take a fitting card when the deck holds one (R-TRAINER-5): "up to 2" / "up to 3"
  is how many, at least one; `[]` only when none fits; an empty deck is only shuffled. Quick
  Search's card goes to the hand unseen by the
  opponent; Infernal Reign's Energy is attached face up (not the turn's attachment, R-ENERGY-1),
  `choices.search` paired in order with `choices.pokemon` (one of your Pokémon per card, left
  out when you have one Pokémon; one Pokémon may take several).
- Infernal Reign answers Charizard ex being put onto one of its player's Pokémon to evolve it
  during that player's turn (the `evolve` action, or Rare Candy): as Ninjask's Loose Shell
  (ex3), it is used with `use_power` as the very next action (the evolution's event is noted
  on the Pokémon); any later, it is refused. The engine does not tell an evolution from the
  hand from one from the deck; no card of the modern pool the engine carries out evolves from
  the deck (see the report to the lead).
- Squawk and Seize is
  used during its player's first turn only (turn 1 for the player who went first, turn 2 for
  the other): the whole hand is discarded face up (an empty hand too), then 6 cards are drawn
  (what the deck holds).
- Psychic Embrace is used as often as the player likes, one Energy card each use
  (`choices.cards` from the discard pile; `choices.to` the Pokémon). Its 2 damage counters are
  placed (R-DAMAGE-3); it is refused on a Pokémon whose remaining HP is 20 or less (it would be
  Knocked Out).
- Adrena-Brain needs an Energy attached to Munkidori that provides Darkness (units, a card
  providing every type included). It moves 1 to 3 damage counters (`choices.count`; left out:
  as many as it can, up to 3) from one of its player's Pokémon that has damage counters
  (`choices.from`) to one of the opponent's Pokémon (`choices.to`): the counters are placed,
  not damage (R-DAMAGE-3); a Knock Out they cause is settled after the Ability (its player
  takes Prize cards, R-KO-2).
- Mischievous Lock: while Klefki is in its owner's Active Spot, the Abilities of every Basic
  Pokémon in play (a Pokémon whose top card is a Basic Pokémon card), both players', except
  Mischievous Lock itself, can't be used (`can_use_power`, refused with R-POWER-1). An Ability
  that works by itself answers hooks, which the rules ask without a way for a card to turn
  another's off: no Basic Pokémon of the four decks has one, and the engine change that would
  stop one is described in the report to the lead.
- Joust discards every Pokémon Tool attached to the opponent's Active Pokémon before the damage
  (after the Confusion flip), unless an effect shields that Pokémon from attacks' effects.
- Miracle Force: after its damage, Gardevoir ex loses every Special Condition.
- Motivate attaches 0 to 2 basic Energy cards from the discard pile (`choices.cards`; left out,
  all of them when there are 2 or fewer) to one of its player's Benched Pokémon (`choices.to`,
  left out with one), after the damage; not the turn's attachment.
- Burning Darkness adds 30 for each Prize card the opponent has taken: the game's Prize count
  less the Prize cards they have left.
- Blustery Wind: `choices.cards` names the Stadium in play to discard it (either player's; it
  goes to its owner's discard pile), after the damage; left out, it stays.
- Roaring Scream does 20 damage per damage counter on Scream Tail to one of the opponent's
  Pokémon (`choices.pokemon`, left out when they have one): the Active takes it as the attack's
  damage to the Defending Pokémon (Weakness, Resistance and every damage effect), a Benched one
  as Bench damage without Weakness and Resistance (R-DAMAGE-2; a Benched Tera Pokémon takes
  none, R-DAMAGE-4).
- Come and Get You puts 0 to 3 cards named Duskull from the discard pile onto the Bench
  (`choices.cards`; left out, all of them when they fit), as many as the Bench has room for;
  each is a Basic Pokémon put into play this turn (it can't evolve this turn, R-EVOLVE-2).
- Mind Bend Confuses the Defending Pokémon.
- At a paper table (table mode) the cards these choices name may be named by card id: the
  deck (a judge's search given with `use_power`), the cards looked at (`choose`), the hand
  (Psychic Embrace, Motivate, Come and Get You).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING, Any

from ...messages import joined, msg, msg_n
from ..carddb import define_pokemon
from ..core import (
    Illegal,
    attach_by_effect,
    bench_size,
    benched,
    discard_cards,
    draw,
    energy_count,
    place_counters,
    shuffle_deck,
)
from ..hooks import is_type
from ..state import Pokemon
from .effects import (
    DiscardDefendingToolsFirst,
    Effect,
    Inflict,
    PlusPerPrizeTakenByOpponent,
    Power,
    RecoverAllConditions,
    attach_from_discard,
    attack_memo,
    basic_energy,
    chosen_target,
    distinct_picks,
    once_per_turn,
    one_card_named,
    one_instance,
    one_per_card,
    to_hand,
)
from .effects.choices import refuse_blind_none
from .effects.damage_conditions import stadium_discard_chosen

if TYPE_CHECKING:
    from ..contexts import AttackCtx, PowerCtx
    from ..core import Ctx
    from ..hooks import EvolveEvent, Listener, PowerEvent
    from ..state import State

ABILITIES_USED = "abilities_used"      # this_turn: Ability name -> uses this turn (ruling above)
# A zone as a sentence writes it ("in your discard pile"): translatable words.
ZONE_WORDS = {"discard": msg("discard pile"), "hand": msg("hand")}


# -- helpers ------------------------------------------------------------------------------------

def _power_name(pctx: PowerCtx) -> str:
    return pctx.card.power.name if pctx.card.power else pctx.card.name


def _uses_by_name(state: State, name: str) -> int:
    return int(state.this_turn.get(ABILITIES_USED, {}).get(name, 0))


def _note_use_by_name(state: State, name: str) -> None:
    """Count one use of the Ability `name` this turn (a new dict: clones share the old one)."""
    used = dict(state.this_turn.get(ABILITIES_USED, {}))
    used[name] = used.get(name, 0) + 1
    state.this_turn[ABILITIES_USED] = used


def _one_by_name(pctx: PowerCtx) -> None:
    """Refuse a second use this turn of an Ability its text allows once a turn by name."""
    name = _power_name(pctx)
    if _uses_by_name(pctx.state, name):
        raise Illegal("R-POWER-1", msg("Only one %(ability)s Ability may be used each turn, and one has been used.",
                                       ability=name))


def _picked(ctx: Ctx, choices: dict[str, Any], key: str, allowed: list[str], lo: int, hi: int, what: str,
            rule: str, *, hidden: bool = False, all_when_left_out: bool = False) -> list[str]:
    """The distinct cards named in choices[key]: lo to hi of `allowed` (both bounded by how many
    there are). Left out: every allowed card when that is the only possibility, or (with
    `all_when_left_out`) when they are no more than `hi`. `hidden`: the cards are in a zone the
    player can't see now (the deck), so a refusal names none of them."""
    raw = choices.get(key)
    if hidden:
        refuse_blind_none(key, raw, min(lo, hi), ctx.state.seats[ctx.seat].deck)
    hi = min(hi, len(allowed))
    lo = min(lo, hi)
    if raw is None:
        if hi == 0:
            return []
        if hi == len(allowed) and (lo == hi or all_when_left_out):
            return list(allowed)
        raise Illegal(rule, msg("Name %(what)s in choices.%(key)s.", what=what, key=key))
    if (not isinstance(raw, list) or any(not isinstance(c, str) for c in raw) or len(set(raw)) != len(raw)
            or any(c not in allowed for c in raw)):
        if hidden:
            raise Illegal(rule, msg("In choices.%(key)s, name %(what)s.", key=key, what=what))
        raise Illegal(rule, msg("In choices.%(key)s, name %(what)s among: %(cards)s.", key=key, what=what,
                                cards=ctx.refs(allowed[:12]) or msg("none")))
    if not lo <= len(raw) <= hi:
        if lo == hi:
            raise Illegal(rule, msg_n("In choices.%(key)s, name %(num)s card(s) (%(what)s), not %(given)s.",
                                      "In choices.%(key)s, name %(num)s card(s) (%(what)s), not %(given)s.", hi,
                                      key=key, what=what, given=len(raw)))
        raise Illegal(rule, msg("In choices.%(key)s, name %(lo)s to %(hi)s card(s) (%(what)s), not %(given)s.",
                                key=key, lo=lo, hi=hi, what=what, given=len(raw)))
    return list(raw)


def _pokemon_named(ctx: Ctx, choices: dict[str, Any], key: str, candidates: list[Pokemon], what: str,
                   rule: str) -> Pokemon:
    """The one Pokémon choices[key] names among `candidates` (left out: the only candidate)."""
    raw = one_instance(choices, key)
    if raw is None and len(candidates) == 1:
        return candidates[0]
    found = next((p for p in candidates if isinstance(raw, str) and raw in p.stack), None)
    if found is None:
        names = joined(f"{ctx.name(p)} ({p.top})" for p in candidates) or msg("none")
        raise Illegal(rule, msg("choices.%(key)s must name %(what)s: %(pokemon)s.", key=key, what=what, pokemon=names))
    return found


def _remaining_hp(state: State, p: Pokemon) -> int:
    return state.hp(p) - p.damage


def _is_basic_pokemon(state: State, p: Pokemon) -> bool:
    top = state.card_of(p.top)
    return top.is_pokemon_card and top.stage == "Basic"


# -- Abilities --------------------------------------------------------------------------------------

class _AttachEnergy(Power):
    """As often as you like: attach one basic Energy card of `energy_type` from `zone`
    (choices.cards) to one of your Pokémon that may take it (choices.to)."""
    energy_type = ""
    zone = ""

    def _energies(self, state: State, seat: int) -> list[str]:
        return [i for i in getattr(state.seats[seat], self.zone) if basic_energy(state, i, self.energy_type)]

    def _targets(self, state: State, seat: int) -> list[Pokemon]:
        return state.seats[seat].in_play()

    def _refuse_target(self, pctx: PowerCtx, p: Pokemon) -> None:
        """Raise when `p`, one of the player's Pokémon, may not take the Energy."""

    def _chosen(self, pctx: PowerCtx) -> tuple[str, Pokemon]:
        name = _power_name(pctx)
        zone_words = ZONE_WORDS[self.zone]
        energies = self._energies(pctx.state, pctx.seat)
        if not energies:
            raise Illegal("R-POWER-1", msg("%(ability)s needs a basic %(type)s Energy card in your %(zone)s; there is "
                                           "none.", ability=name, type=self.energy_type, zone=zone_words))
        targets = self._targets(pctx.state, pctx.seat)
        if not targets:
            raise Illegal("R-POWER-1", msg("%(ability)s: none of your Pokémon can take the Energy.", ability=name))
        card = one_card_named(pctx.choices, "cards", energies)
        if card is None:
            raise Illegal("R-POWER-1", msg("choices.cards must name one basic %(type)s Energy card in your %(zone)s: "
                                           "%(cards)s.", type=self.energy_type, zone=zone_words,
                                           cards=pctx.refs(energies[:12])))
        raw = one_instance(pctx.choices, "to")
        mine = next((p for p in pctx.me.in_play() if isinstance(raw, str) and raw in p.stack), None)
        if mine is not None and mine not in targets:
            self._refuse_target(pctx, mine)
        return card, chosen_target(pctx, pctx.choices, targets,
                                   msg("one of your Pokémon that may take it (%(ability)s)", ability=name), "R-POWER-1")

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def _attach(self, pctx: PowerCtx, card: str, target: Pokemon) -> None:
        getattr(pctx.me, self.zone).remove(card)
        attach_by_effect(pctx, target, card, from_hand=self.zone == "hand")
        pctx.say(msg("%(ability)s attaches %(card)s from the %(zone)s to %(pokemon)s (not the turn's Energy "
                     "attachment).", ability=_power_name(pctx), card=pctx.ref(card, shown_to='*'),
                     zone=ZONE_WORDS['hand' if self.zone == 'hand' else 'discard'], pokemon=pctx.name(target)),
                 "R-POWER-1")

    def use(self, pctx: PowerCtx) -> None:
        self._attach(pctx, *self._chosen(pctx))

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": [e], "to": p.top} for e in one_per_card(state, self._energies(state, seat))
                for p in self._targets(state, seat)]


class PsychicEmbrace(_AttachEnergy):
    """Gardevoir ex: a basic Psychic Energy card from the discard pile onto a Psychic Pokémon,
    which gets 2 damage counters; never onto one they would Knock Out."""
    text = ("as often as you like during your turn: attach a basic Psychic Energy card from your discard pile "
            "(choices.cards) to one of your Psychic Pokémon (choices.to) and put 2 damage counters on it; not on "
            "a Pokémon with 20 HP or less left")
    choice_zones = {"cards": "discard"}
    energy_type = "Psychic"
    zone = "discard"
    counters = 2

    def _targets(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if is_type(state, p, "Psychic")
                and _remaining_hp(state, p) > 10 * self.counters]

    def _refuse_target(self, pctx: PowerCtx, p: Pokemon) -> None:
        if not is_type(pctx.state, p, "Psychic"):
            raise Illegal("R-POWER-1", msg("%(ability)s attaches only to your Psychic Pokémon; %(pokemon)s is not "
                                           "one.", ability=_power_name(pctx), pokemon=pctx.name(p)))
        raise Illegal("R-POWER-1", msg("%(ability)s can't be used on %(pokemon)s: its %(amount)s damage would Knock "
                                       "it Out (%(damage)s/%(hp)s).", ability=_power_name(pctx), pokemon=pctx.name(p),
                                       amount=10 * self.counters, damage=p.damage, hp=pctx.state.hp(p)))

    def use(self, pctx: PowerCtx) -> None:
        card, target = self._chosen(pctx)
        self._attach(pctx, card, target)
        place_counters(pctx, target, self.counters, _power_name(pctx))




class _DeckSearchPower(Power, ABC):
    """Look through the deck (two steps for a player: `ask`, then `choose`), take `lo`..`most`
    fitting cards (at least one when there is one), then shuffle."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    what = msg("card")          # what it looks for, one and more
    whats = msg("cards")
    most = 1

    def fits(self, state: State, inst: str) -> bool:
        return True

    def _fitting(self, state: State, among: list[str]) -> list[str]:
        return [i for i in among if self.fits(state, i)]

    def _pick(self, pctx: PowerCtx, among: list[str], hidden: bool) -> list[str]:
        if self.most > 1:
            what = msg("1 to %(most)s of %(what)s (one must be taken when the deck holds one)", most=self.most,
                       what=self.whats)
        else:
            what = msg("one %(what)s (one must be taken when the deck holds one)", what=self.what)
        return _picked(pctx, pctx.choices, "search", self._fitting(pctx.state, among), 1, self.most, what,
                       "R-POWER-1", hidden=hidden)

    def check_use(self, pctx: PowerCtx) -> None:
        """What refuses the power before the deck is looked at."""

    def check(self, pctx: PowerCtx) -> None:
        self.check_use(pctx)
        if "search" in pctx.choices:
            self._pick(pctx, pctx.me.deck, hidden=True)

    def use(self, pctx: PowerCtx) -> None:
        deck = pctx.me.deck
        if "search" in pctx.choices or not deck:
            self.finish(pctx, self._pick(pctx, deck, hidden=True))
            return
        if self.most > 1:
            pctx.say(msg("%(ability)s: %(seat)s looks through the deck for up to %(most)s %(what)s.",
                         ability=_power_name(pctx), seat=pctx.seat_label(pctx.seat), most=self.most, what=self.whats),
                     "R-HIDDEN-1")
        else:
            pctx.say(msg("%(ability)s: %(seat)s looks through the deck for a %(what)s.", ability=_power_name(pctx),
                         seat=pctx.seat_label(pctx.seat), what=self.what), "R-HIDDEN-1")
        pctx.ask("search", pctx.pokemon.top, deck, by="power")

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in pctx.me.deck]
        self.finish(pctx, self._pick(pctx, shown, hidden=False))

    @abstractmethod
    def finish(self, pctx: PowerCtx, picked: list[str]) -> None:
        """Where the cards found go (each Ability its own)."""

    def _shuffle(self, pctx: PowerCtx) -> None:
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(seat)s shuffles the deck.", seat=pctx.seat_label(pctx.seat)))

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{}]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        return [{"search": pick} for pick in distinct_picks(state, fitting, 1, min(self.most, len(fitting)))] \
            or [{"search": []}]




class QuickSearch(_DeckSearchPower):
    """Pidgeot ex: any card of the deck to the hand (one Quick Search a turn, whoever uses it)."""
    text = ("once during your turn (and only one Quick Search a turn among all your Pokémon): look through your "
            "deck, put any card of it (choices.search) into your hand, then shuffle the deck")
    what = msg("card")

    def check_use(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        _one_by_name(pctx)

    def use(self, pctx: PowerCtx) -> None:
        _note_use_by_name(pctx.state, _power_name(pctx))
        super().use(pctx)

    def finish(self, pctx: PowerCtx, picked: list[str]) -> None:
        to_hand(pctx, pctx.seat, picked, "deck")
        if picked:
            card = pctx.ref(picked[0], shown_to=[pctx.seat])
            pctx.say(msg("%(ability)s: %(seat)s puts %(card)s into the hand.", ability=_power_name(pctx),
                         seat=pctx.seat_label(pctx.seat), card=card), "R-POWER-1")
        else:
            pctx.say(msg("%(ability)s: the deck is empty, no card is taken.", ability=_power_name(pctx)),
                     "R-TRAINER-5")
        self._shuffle(pctx)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        return [{"search": [i]} for i in one_per_card(state, [i for i in pending["look"] if i in deck])] \
            or [{"search": []}]


INFERNAL_REIGN_AT = "infernal_reign_at_seq"


class InfernalReign(_DeckSearchPower):
    """Charizard ex, right after it is played to evolve: up to 3 basic Fire Energy cards from the
    deck attached to your Pokémon as you like (choices.search paired with choices.pokemon)."""
    text = ("when you play this Pokémon to evolve one of your Pokémon during your turn, you may (as your very next "
            "action) look through your deck for up to 3 basic Fire Energy cards (choices.search) and attach them to "
            "your Pokémon as you like (choices.pokemon, one per card in the same order), then shuffle the deck")
    what = msg("basic Fire Energy card")
    whats = msg("basic Fire Energy cards")
    most = 3

    def fits(self, state: State, inst: str) -> bool:
        return basic_energy(state, inst, "Fire")

    def on_evolve(self, src: Listener, ev: EvolveEvent) -> None:
        """Notes the event this evolution is (the state's next seq), during its owner's turn."""
        if ev.pokemon is src.on and ev.card == ev.pokemon.top and ev.ctx.seat == src.seat:
            ev.pokemon.flags[INFERNAL_REIGN_AT] = ev.ctx.state.seq + 1

    def check_use(self, pctx: PowerCtx) -> None:
        if pctx.pokemon.flags.get(INFERNAL_REIGN_AT) != pctx.state.seq:
            raise Illegal("R-POWER-1", msg("%(ability)s is used when %(pokemon)s is played to evolve one of your "
                                           "Pokémon, as the very next action; that moment has passed.",
                                           ability=_power_name(pctx), pokemon=pctx.card.name))

    def _pairs(self, pctx: PowerCtx, cards: list[str]) -> list[tuple[str, Pokemon]]:
        mine = pctx.me.in_play()
        raw = pctx.choices.get("pokemon")
        if raw is None and (not cards or len(mine) == 1):
            raw = [mine[0].top] * len(cards)
        if not isinstance(raw, list) or len(raw) != len(cards):
            raise Illegal("R-POWER-1", msg("In choices.pokemon, name %(count)s of your Pokémon, one for each card of "
                                           "choices.search in the same order.", count=len(cards)))
        out = []
        for inst, card in zip(raw, cards, strict=True):
            p = next((p for p in mine if isinstance(inst, str) and inst in p.stack), None)
            if p is None:
                raise Illegal("R-POWER-1", msg("In choices.pokemon, %(instance)s is not one of your Pokémon in play.",
                                               instance=str(inst)))
            out.append((card, p))
        return out

    def check(self, pctx: PowerCtx) -> None:
        super().check(pctx)
        if "search" in pctx.choices:
            self._pairs(pctx, self._pick(pctx, pctx.me.deck, hidden=True))

    def use(self, pctx: PowerCtx) -> None:
        if "search" in pctx.choices or not pctx.me.deck:
            picked = self._pick(pctx, pctx.me.deck, hidden=True)
            self._attach(pctx, self._pairs(pctx, picked))
            return
        super().use(pctx)

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in pctx.me.deck]
        self._attach(pctx, self._pairs(pctx, self._pick(pctx, shown, hidden=False)))

    def _attach(self, pctx: PowerCtx, pairs: list[tuple[str, Pokemon]]) -> None:
        for card, p in pairs:
            pctx.me.deck.remove(card)
            attach_by_effect(pctx, p, card, from_hand=False)
            pctx.say(msg("%(ability)s attaches %(card)s from the deck to %(pokemon)s.", ability=_power_name(pctx),
                         card=pctx.ref(card, shown_to='*'), pokemon=pctx.name(p)), "R-POWER-1")
        if not pairs:
            pctx.say(msg("%(ability)s finds no %(what)s in the deck.", ability=_power_name(pctx), what=self.what),
                     "R-TRAINER-5")
        self._shuffle(pctx)

    def finish(self, pctx: PowerCtx, picked: list[str]) -> None:
        self._attach(pctx, self._pairs(pctx, picked))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        deck = state.seats[seat].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        mine = [p.top for p in state.seats[seat].in_play()]
        out: list[dict[str, Any]] = []
        for cards in distinct_picks(state, fitting, 1, min(self.most, len(fitting))):
            same = len({state.card_id(i) for i in cards}) == 1
            spreads = combinations_with_replacement(mine, len(cards)) if same else product(mine, repeat=len(cards))
            out.extend({"search": cards, "pokemon": list(to)} for to in spreads)
        return out or [{"search": []}]






class SquawkAndSeize(Power):
    """Squawkabilly ex, during its player's first turn: discard the hand, draw 6."""
    text = ("once during your first turn (and only one Squawk and Seize a turn among all your Pokémon): discard "
            "your hand and draw 6 cards")
    count = 6

    def check(self, pctx: PowerCtx) -> None:
        state = pctx.state
        first = 1 if state.first_seat == pctx.seat else 2
        if state.turn != first:
            raise Illegal("R-POWER-1", msg("%(ability)s is used only during your first turn (turn %(turn)s).",
                                           ability=_power_name(pctx), turn=first))
        _one_by_name(pctx)

    def use(self, pctx: PowerCtx) -> None:
        _note_use_by_name(pctx.state, _power_name(pctx))
        me = pctx.me
        hand, me.hand = list(me.hand), []
        discard_cards(pctx, pctx.seat, hand)
        drawn = draw(pctx, pctx.seat, self.count)
        short = len(drawn) < self.count
        if short:
            line = msg_n("%(ability)s: %(seat)s discards the hand (%(cards)s) and draws %(num)s card(s) (the deck held "
                         "no more).", "%(ability)s: %(seat)s discards the hand (%(cards)s) and draws %(num)s card(s) "
                         "(the deck held no more).", len(drawn), ability=_power_name(pctx),
                         seat=pctx.seat_label(pctx.seat), cards=pctx.refs(hand, shown_to='*'))
        else:
            line = msg_n("%(ability)s: %(seat)s discards the hand (%(cards)s) and draws %(num)s card(s).",
                         "%(ability)s: %(seat)s discards the hand (%(cards)s) and draws %(num)s card(s).", len(drawn),
                         ability=_power_name(pctx), seat=pctx.seat_label(pctx.seat),
                         cards=pctx.refs(hand, shown_to='*'))
        pctx.say(line, "R-TRAINER-5" if short else "R-POWER-1")


class AdrenaBrain(Power):
    """Munkidori, with Darkness Energy attached: move up to 3 damage counters from one of your
    Pokémon to one of the opponent's."""
    text = ("once during your turn, if this Pokémon has Darkness Energy attached: move up to 3 damage counters "
            "(choices.count; all it can, up to 3, when left out) from one of your Pokémon (choices.from) to one of "
            "your opponent's Pokémon (choices.to)")
    most = 3

    def _chosen(self, pctx: PowerCtx) -> tuple[Pokemon, Pokemon, int]:
        once_per_turn(pctx)
        name = _power_name(pctx)
        if not energy_count(pctx.state, pctx.pokemon, "Darkness"):
            raise Illegal("R-POWER-1", msg("%(ability)s needs Darkness Energy attached to %(pokemon)s; it has none.",
                                           ability=name, pokemon=pctx.card.name))
        damaged = [p for p in pctx.me.in_play() if p.damage >= 10]
        if not damaged:
            raise Illegal("R-POWER-1", msg("%(ability)s: none of your Pokémon has a damage counter to move.",
                                           ability=name))
        source = _pokemon_named(pctx, pctx.choices, "from", damaged, msg("one of your Pokémon with damage counters"),
                                "R-POWER-1")
        target = _pokemon_named(pctx, pctx.choices, "to", pctx.them.in_play(), msg("one of your opponent's Pokémon"),
                                "R-POWER-1")
        top = min(self.most, source.damage // 10)
        count = pctx.choices.get("count", top)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= top:
            raise Illegal("R-POWER-1", msg_n("%(ability)s moves 1 to %(num)s damage counter(s) from %(pokemon)s: "
                                             "choices.count must be 1 to %(num)s.",
                                             "%(ability)s moves 1 to %(num)s damage counter(s) from %(pokemon)s: "
                                             "choices.count must be 1 to %(num)s.", top, ability=name,
                                             pokemon=pctx.name(source)))
        return source, target, count

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        source, target, count = self._chosen(pctx)
        source.damage -= 10 * count
        pctx.say(msg_n("%(ability)s moves %(num)s damage counter(s) from %(pokemon)s (%(damage)s/%(hp)s).",
                       "%(ability)s moves %(num)s damage counter(s) from %(pokemon)s (%(damage)s/%(hp)s).", count,
                       ability=_power_name(pctx), pokemon=pctx.name(source), damage=source.damage,
                       hp=pctx.state.hp(source)), "R-DAMAGE-3")
        place_counters(pctx, target, count, _power_name(pctx))

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        mine = [p for p in state.seats[seat].in_play() if p.damage >= 10]
        theirs = state.seats[1 - seat].in_play()
        return [{"from": s.top, "to": t.top, "count": n} for s in mine for t in theirs
                for n in range(1, min(self.most, s.damage // 10) + 1)]




class MischievousLock(Power):
    """Klefki, while Active: no Basic Pokémon in play may use an Ability but this one."""
    text = ("while this Pokémon is in the Active Spot, the Basic Pokémon in play (yours and your opponent's) can't "
            "use their Abilities, except Mischievous Lock")

    def can_use_power(self, src: Listener, ev: PowerEvent) -> Illegal | None:
        state = ev.ctx.state
        klefki = src.on
        if (klefki is None or state.seats[src.seat].active is not klefki or ev.power.kind != "Ability"
                or ev.power.name == "Mischievous Lock" or not _is_basic_pokemon(state, ev.pokemon)):
            return None
        return Illegal("R-POWER-1", msg("%(ability)s can't be used: %(pokemon)s's Mischievous Lock is in the Active "
                                        "Spot, and Basic Pokémon have no Abilities while it is.", ability=ev.power.name,
                                        pokemon=state.card_of(klefki.top).name))


# -- attack effects ---------------------------------------------------------------------------------

class AttachFromDiscardToBench(Effect):
    """After damage: up to `most` basic Energy cards of the discard pile (choices.cards) to one of
    your Benched Pokémon (choices.to)."""
    choice_zones = {"cards": "discard"}

    def __init__(self, most: int):
        self.most = most
        self.text = (f"attach up to {most} basic Energy cards from your discard pile (choices.cards; left out, all of "
                     f"them when there are {most} or fewer) to one of your Benched Pokémon (choices.to)")

    @staticmethod
    def _allowed(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat) if actx.me.bench else []
        cards = _picked(actx, actx.choices, "cards", allowed, 0, self.most,
                        msg("up to %(most)s basic Energy cards of your discard pile", most=self.most), "R-ATTACK-2",
                        all_when_left_out=True)
        memo = attack_memo(actx, self)
        memo["cards"] = cards
        memo["to"] = chosen_target(actx, actx.choices, actx.me.bench, msg("one of your Benched Pokémon"),
                                   "R-ATTACK-2") if cards else None

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        cards, target = memo["cards"], memo["to"]
        if not cards or target is None:
            actx.say(msg("%(attack)s attaches no Energy card.", attack=actx.attack.name))
            return
        attach_from_discard(actx, target, cards)
        actx.say(msg("%(attack)s attaches %(cards)s from the discard pile to %(pokemon)s.", attack=actx.attack.name,
                     cards=actx.refs(cards, shown_to='*'), pokemon=actx.name(target)), "R-ENERGY-1")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[seat].bench
        allowed = self._allowed(state, seat)
        if not bench or not allowed:
            return [{}]
        return [{"cards": pick, **({"to": p.top} if pick else {})}
                for pick in distinct_picks(state, allowed, 0, min(self.most, len(allowed)))
                for p in (bench if pick else bench[:1])]




class MayDiscardStadium(Effect):
    text = "after the damage, you may discard the Stadium in play (choices.cards naming it; left out, it stays)"

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["discard"] = stadium_discard_chosen(actx)

    def after(self, actx: AttackCtx) -> None:
        stadium = actx.state.stadium
        if not attack_memo(actx, self)["discard"] or stadium is None:
            return
        actx.state.stadium = None
        actx.state.seats[stadium["owner"]].discard.append(stadium["card"])
        actx.say(msg("%(attack)s discards the Stadium %(stadium)s (%(seat)s's).", attack=actx.attack.name,
                     stadium=actx.name(stadium['card']), seat=actx.seat_label(stadium['owner'])), "R-TRAINER-3")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + ([{"cards": [state.stadium["card"]]}] if state.stadium else [])




class PerOwnCounterToChosenOpponent(Effect):
    """`per` damage for each damage counter on this Pokémon, to one of the opponent's Pokémon
    (choices.pokemon): the Active as the attack's damage, a Benched one as Bench damage."""

    def __init__(self, per: int):
        self.per = per
        self.text = (f"{per} damage for each damage counter on this Pokémon to one of your opponent's Pokémon "
                     "(choices.pokemon); Weakness and Resistance only for the Active Pokémon")

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["target"] = _pokemon_named(actx, actx.choices, "pokemon", actx.them.in_play(),
                                                     msg("one of your opponent's Pokémon"), "R-ATTACK-2")

    def _amount(self, actx: AttackCtx) -> int:
        return self.per * (actx.attacker.damage // 10)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return self._amount(actx) if attack_memo(actx, self)["target"] is actx.defender else amount

    def after(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self)["target"]
        if target is not actx.defender:
            actx.deal_damage(target, self._amount(actx), to_defending=False, apply_wr=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        theirs = state.seats[1 - seat].in_play()
        return [{}] if len(theirs) <= 1 else [{"pokemon": [p.top]} for p in theirs]




class BenchFromDiscardByName(Effect):
    """Put up to `most` cards named `name` from the discard pile onto the Bench (choices.cards)."""
    choice_zones = {"cards": "discard"}

    def __init__(self, name: str, most: int):
        self.name = name
        self.most = most
        self.text = (f"put up to {most} {name} from your discard pile onto your Bench (choices.cards; left out, all of "
                     "them when they fit)")

    def _allowed(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard
                if state.card_of(i).supertype == "Pokemon" and state.card_of(i).name == self.name]

    def _most(self, state: State, seat: int) -> int:
        """As many as the Bench has room for, up to `most`."""
        return min(self.most, max(0, bench_size(state, seat) - len(state.seats[seat].bench)))

    def check(self, actx: AttackCtx) -> None:
        hi = self._most(actx.state, actx.seat)
        attack_memo(actx, self)["cards"] = _picked(actx, actx.choices, "cards", self._allowed(actx.state,
                                                                                              actx.seat), 0, hi,
                                             msg("up to %(most)s %(card)s of your discard pile", most=hi,
                                                 card=self.name), "R-ATTACK-2", all_when_left_out=True)

    def after(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        for c in cards:
            actx.me.discard.remove(c)
            actx.me.bench.append(Pokemon(stack=[c], entered_turn=actx.state.turn))
            benched(actx, actx.seat, actx.me.bench[-1])
        if cards:
            actx.say(msg("%(attack)s puts %(cards)s from the discard pile onto the Bench.", attack=actx.attack.name,
                         cards=actx.refs(cards, shown_to='*')), "R-BENCH-2")
        else:
            actx.say(msg("%(attack)s puts no Pokémon onto the Bench.", attack=actx.attack.name))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        hi = self._most(state, seat)
        allowed = self._allowed(state, seat)
        return [{"cards": pick} for pick in distinct_picks(state, allowed, 0, min(hi, len(allowed)))]


# -- registration ----------------------------------------------------------------------------------

_POKEMON: dict[str, tuple[str, dict[str, Effect | list[Effect]], Power | None]] = {
    "sv1-86": ("Gardevoir ex", {"Miracle Force": RecoverAllConditions()}, PsychicEmbrace()),
    "sv1-96": ("Klefki", {"Joust": DiscardDefendingToolsFirst()}, MischievousLock()),
    "sv2-169": ("Squawkabilly ex", {"Motivate": AttachFromDiscardToBench(2)}, SquawkAndSeize()),
    "sv3-125": ("Charizard ex", {"Burning Darkness": PlusPerPrizeTakenByOpponent(30)}, InfernalReign()),
    "sv3-164": ("Pidgeot ex", {"Blustery Wind": MayDiscardStadium()}, QuickSearch()),
    "sv4-86": ("Scream Tail", {"Roaring Scream": PerOwnCounterToChosenOpponent(20)}, None),
    "sv6-95": ("Munkidori", {"Mind Bend": Inflict("confused")}, AdrenaBrain()),
    "sv6pt5-18": ("Duskull", {"Come and Get You": BenchFromDiscardByName("Duskull", 3)}, None),
}

for _id, (_name, _attacks, _power) in _POKEMON.items():
    _c = define_pokemon(_id, attacks=dict(_attacks), power=_power)
    if _c.name != _name:
        raise ValueError(f"{_id} is {_c.name}, not {_name}")

