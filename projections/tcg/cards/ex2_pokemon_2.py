"""EX Sandstorm Pokémon ex2-46 … ex2-85 (Lombre … Zigzagoon).

Cards are lines of data over the shared vocabulary (`effects/`), the
ex2-1 … ex2-45 modules' effects and powers (the same texts printed again: Burning Claw is Deadly
Poison's optional discard, Pester, Haunt's counters, Team Assembly, Poison Payback, Fire Veil, Rain
Dish and Baby Evolution are those cards' encodings, with their rulings in `ex2_pokemon_1.py` and
`ex2_powers_1.py`) and the classes below, each with its reason beside it. Every `text` is this
module's own wording, never the printed card.

Rulings taken here:
- "Each Defending Pokémon" (Sudden Flash, Soothing Wave) is the one Defending Pokémon: the
  referee plays single battles.
- Surprise picks a card of the opponent's hand without looking: the referee draws it at random
  with the action's randomness (a shuffle of the hand's positions, recorded and replayed, as
  Knock Off's); at a paper table it is the first card of the hand the referee does not know.
  The card is shown to the attacking player alone, then goes into its owner's deck, which is
  shuffled. An empty hand: nothing happens. It acts on the hand, not on the Defending Pokémon,
  so effects that shield a Pokémon from attacks don't stop it.
- Burning Claw's optional discard is named at announcement (choices.cards: one Energy card
  attached to Quilava that provides Fire — a Fire Energy card, or a Multi or Rainbow Energy,
  which provide every type while attached; left out, nothing is discarded and nothing is
  Burned), done after the damage: a Confused Quilava whose flip fails keeps the card.
- Focus Energy is Stockpile's lasting effect (ex1): during its owner's next turn Vigoroth's
  Slash has base damage 90; it ends if Vigoroth goes to the Bench or evolves.
- Uplifting Glow: "Illumise in play" is a Pokémon named Illumise in play on either side, Active
  or Benched (as Glowing Screen reads "Volbeat is in play"). Volbeat's Retreat Cost is then 0
  (`retreat_cost`); the other limits on retreating (Asleep, Paralyzed, one retreat a turn) stay.
- Baby Evolution (Wynaut into Wobbuffet) counts as evolving: not on the first turn of the game nor
  on the turn Wynaut was put into play (R-EVOLVE-2, -3).
- Healing Wind removes 1 damage counter from its player's Active Pokémon (a single battle has
  one). It is refused when that Pokémon has no damage counter (it would do nothing), as Drive
  Off (ex1) is refused with no Benched Pokémon to switch in.
- Searches of the deck (Strike and Run, Signs of Evolution, Alluring Smile, Team Assembly) take two
  steps for a player (R-HIDDEN-1): the attack shows the deck (state.pending, by="attack"), then
  `choose` names the cards in choices.search; a judge may give choices.search with the attack
  itself. The deck is shuffled afterwards; the cards taken are shown to both players. "Up to N"
  (Strike and Run, Signs of Evolution) takes 0 to N, the player's choice; Alluring Smile takes one
  card for each Energy attached to Wynaut (Energy provided, as ex1 counts "Energy attached"):
  exactly that many, fewer only when the deck holds fewer (R-TRAINER-5), as Minor
  Errand-Running. A "Basic Pokémon card or Evolution card" is any Pokémon card; a Fossil is a
  Trainer in the deck and is found by none of these searches. "Cards that evolve from Eevee" are
  the Pokémon cards whose printed "evolves from" is Eevee.
- Strike and Run puts the Basic Pokémon onto the Bench as Pokémon put into play this turn (they
  can't evolve this turn, R-EVOLVE-2), no more than the Bench has room for (R-BENCH-1); with a
  full Bench the deck is still looked through (nothing can be taken) and shuffled, as Team
  Assembly's. The switch is optional: choices.to names the Benched Pokémon (one already there or
  one the search puts there) in the action that names the search — the `choose` step, or the
  attack itself when the deck is empty (no `choose` step) or a judge names the search at once;
  left out, no switch. At a paper table choices.to may name a Pokémon the search puts onto the
  Bench by its card id. Dunsparce goes to the Bench as in a retreat (R-RETREAT-6).
- Team Assembly's "treat the new Benched Pokémon as Basic Pokémon" is what the engine does with
  any Pokémon alone in its stack: it evolves by its name as usual; nothing in the rules reads a
  Stage in play (see the report: Rare Candy on such an Omanyte).
- Psyimpact places damage counters (R-DAMAGE-3): not damage, so Weakness, Resistance and damage
  effects don't change them; a Pokémon shielded from the effects of attacks gets none.
- Double Bubble: 10 damage times the heads of 2 coins; with at least one heads the Defending
  Pokémon is Paralyzed.
- Psychic Boom counts the Energy attached to the Defending Pokémon (Energy provided; none: no
  damage).
- Growth Spurt attaches one basic Grass Energy card from the hand (choices.cards, left out
  when the hand holds one; a Special Energy is not a Grass Energy card in the hand) to
  Shroomish; it is not the turn's Energy attachment (R-ENERGY-1) and the cards in play hear an
  attachment from the hand (`on_attach`). None in hand: nothing happens.
- Energy Catch takes one basic Energy card from the discard pile (public: one action,
  choices.cards, left out when there is one), shows it and puts it into the hand; none there:
  nothing happens.
- Collect draws a card; an empty deck draws nothing (R-TRAINER-5), which is no loss.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from ...messages import msg, msg_n
from ..carddb import UNKNOWN, define_pokemon
from ..core import (
    Illegal,
    attach_by_effect,
    energy_count,
    heal,
    place_counters,
    shuffle_deck,
    switch_active,
)
from ..rulesets import get_ruleset
from ..state import Pokemon
from .effects import (
    BoostNextTurn,
    CantAttackNextTurn,
    ChosenBenchDamage,
    CoinsTimes,
    DefendingCantRetreat,
    DrawCards,
    Effect,
    ExtraEnergyBonus,
    Flip,
    FlipBonusOrSelfDamage,
    HealSelf,
    Inflict,
    InflictSelf,
    PlusPerOwnCounter,
    Power,
    PowerCtx,
    PreventDamageNextTurn,
    SearchDeckToBench,
    SelfDamage,
    TailsDoesNothing,
    attack_memo,
    chosen_cards,
    distinct_picks,
    heads,
    once_per_turn,
    one_instance,
    one_per_card,
)
from .ex2_pokemon_1 import CountersOnDefending, DefendingBonus, MayDiscardThen
from .ex2_powers_1 import BabyEvolution, ConditionPayback, RainDish, named_in_play

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..hooks import Listener, PokemonEvent
    from ..state import State


# -- the opponent's hand ----------------------------------------------------------------------

class ShuffleOpponentCardUnseen(Effect):
    """A card of the opponent's hand picked without looking (at random with the action's
    randomness; at a paper table the first card the referee doesn't know) is shown to the
    attacking player, then shuffled into its owner's deck. DiscardFromOpponentHandUnseen
    discards the card instead."""
    text = ("pick a card from the opponent's hand without looking, look at it, and the opponent shuffles it "
            "into their deck")

    def after(self, actx: AttackCtx) -> None:
        them = actx.them
        hand = them.hand
        if not hand:
            actx.say(msg("%(seat)s has no card in hand: %(attack)s picks nothing.", seat=actx.seat_label(actx.opp),
                         attack=actx.attack.name))
            return
        unknown = [i for i in hand if actx.state.card_id(i) == UNKNOWN] if actx.state.table else []
        pick = unknown[0] if unknown else hand[actx.rng.shuffle(len(hand))[0]] if len(hand) > 1 else hand[0]
        hand.remove(pick)
        them.deck.append(pick)
        actx.say(msg("%(pokemon)s picks a card from %(opponent)s's hand without looking and %(seat)s looks at it: "
                     "%(card)s.", pokemon=actx.attacker_name, opponent=actx.seat_label(actx.opp),
                     seat=actx.seat_label(actx.seat), card=actx.ref(pick, shown_to=[actx.seat])))
        shuffle_deck(actx, actx.opp)
        actx.say(msg("%(seat)s shuffles that card into the deck.", seat=actx.seat_label(actx.opp)))


# -- damage from what is on the board -----------------------------------------------------------

class TimesDefendingEnergy(Effect):
    """The printed damage times the Energy attached to the Defending Pokémon (Energy provided).
    TimesEnergy (ex1) counts the attacker's own Energy."""
    text = "the printed damage times the amount of Energy attached to the Defending Pokémon"

    def damage(self, actx: AttackCtx, amount: int) -> int:
        d = actx.defender
        return actx.attack.damage * (energy_count(actx.state, d) if d is not None else 0)


class CoinsTimesThen(CoinsTimes):
    """CoinsTimes whose other effects follow when at least one coin was heads."""

    def __init__(self, coins: int, *then: Effect):
        super().__init__(coins)
        self.then = list(then)
        self.text += "; with at least one heads, " + ", ".join(e.describe() for e in self.then)

    def damage(self, actx: AttackCtx, amount: int) -> int:
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{self.coins})") for n in range(self.coins))
        attack_memo(actx, self)["heads"] = heads
        return actx.attack.damage * heads

    def after(self, actx: AttackCtx) -> None:
        if attack_memo(actx, self).get("heads"):
            for e in self.then:
                if hasattr(e, "after"):
                    e.after(actx)


# -- Special Conditions and damage counters ------------------------------------------------------


class CountersOnEachOpponent(Effect):
    """Put `counters` damage counters on each of the opponent's Pokémon, Active and Benched: placed,
    not damage (R-DAMAGE-3). CountersOnDefending (ex2_pokemon_1) puts them on the Defending
    Pokémon alone."""

    def __init__(self, counters: int = 1):
        self.counters = counters
        self.text = f"put {counters} damage counter(s) on each of the opponent's Pokémon"

    def after(self, actx: AttackCtx) -> None:
        for p in actx.them.in_play():
            if not actx.can_affect(p):
                actx.say(msg("%(pokemon)s is protected from the effects of attacks.", pokemon=actx.name(p)))
                continue
            place_counters(actx, p, self.counters, actx.attack.name)


# -- Energy from the hand and the discard pile; drawing ---------------------------------------------

class AttachTypedEnergyFromHand(Effect):
    """Attach a basic Energy card of `energy_type` from the hand (choices.cards) to this Pokémon;
    not the turn's Energy attachment. AttachBasicEnergyFromHand (ex1) takes any basic Energy card
    to any of your Pokémon."""
    choice_zones = {"cards": "hand"}

    def __init__(self, energy_type: str):
        self.energy_type = energy_type
        self.text = (f"attach a basic {energy_type} Energy card from your hand (choices.cards) to this Pokémon; "
                     "this is not your Energy attachment for the turn")

    def _allowed(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand
                if state.card_of(i).is_basic_energy and self.energy_type in state.card_of(i).provides]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        attack_memo(actx, self)["cards"] = chosen_cards(actx, allowed, 1,
                                                        msg("basic %(type)s Energy card from your hand",
                                                                        type=self.energy_type))

    def after(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        if not cards:
            actx.say(msg("%(seat)s has no basic %(type)s Energy card in hand: %(attack)s attaches nothing.",
                         seat=actx.seat_label(actx.seat), type=self.energy_type, attack=actx.attack.name),
                     "R-TRAINER-5")
            return
        card = cards[0]
        actx.me.hand.remove(card)
        actx.say(msg("%(attack)s attaches %(card)s from the hand to %(pokemon)s (not the turn's Energy attachment).",
                     attack=actx.attack.name, card=actx.ref(card, shown_to='*'), pokemon=actx.attacker_name),
                 "R-ENERGY-1")
        attach_by_effect(actx, actx.attacker, card, from_hand=True)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        return [{}] if len(allowed) <= 1 else [{"cards": [i]} for i in one_per_card(state, allowed)]


class BasicEnergyFromDiscardToHand(Effect):
    """Put 1 basic Energy card from the discard pile (choices.cards) into the hand, shown."""
    choice_zones = {"cards": "discard"}
    text = ("put a basic Energy card from your discard pile (choices.cards, when more than one) into your hand, "
            "showing it to the opponent")

    @staticmethod
    def _allowed(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy]

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["cards"] = chosen_cards(actx, self._allowed(actx.state, actx.seat), 1,
                                                  msg("basic Energy card from your discard pile"))

    def after(self, actx: AttackCtx) -> None:
        cards = attack_memo(actx, self)["cards"]
        if not cards:
            actx.say(msg("No basic Energy card in %(seat)s's discard pile: %(attack)s takes nothing.",
                         seat=actx.seat_label(actx.seat), attack=actx.attack.name), "R-TRAINER-5")
            return
        card = cards[0]
        actx.me.discard.remove(card)
        actx.me.hand.append(card)
        actx.say(msg("%(seat)s shows %(card)s from the discard pile and puts it into the hand.",
                     seat=actx.seat_label(actx.seat), card=actx.ref(card, shown_to='*')))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        return [{}] if len(allowed) <= 1 else [{"cards": [i]} for i in one_per_card(state, allowed)]


# -- searching the deck ----------------------------------------------------------------------------

class DeckSearchMany(Effect, ABC):
    """Look through the deck for cards that fit, take some (`take`), then shuffle. Two steps for
    a player (R-HIDDEN-1): the attack shows the deck, `choose` names choices.search; one action
    when the attack names them already (a judge). `exact`: it takes exactly as many as it may
    (fewer only when fewer fit); otherwise 0 up to that many. Subclasses say what fits (`fits`),
    how many at most (`most`), what is done with the cards (`take`) and what follows (`then`)."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    what = msg("cards")
    exact = False

    @abstractmethod
    def fits(self, state: State, instance: str) -> bool:
        """A deck card the search may take."""

    @abstractmethod
    def most(self, state: State, seat: int, attacker: Pokemon) -> int:
        """How many cards it may take now."""

    @abstractmethod
    def take(self, actx: AttackCtx, picked: list[str]) -> None:
        """Put the cards taken from the deck where they go."""

    def checked(self, actx: AttackCtx, picked: list[str] | None) -> None:
        """The other choices, checked with the search (None: the search is not named here)."""

    def then(self, actx: AttackCtx) -> None:
        """What the attack does after the search."""

    def more_options(self, state: State, seat: int, picked: list[str]) -> list[dict[str, Any]]:
        """The other choices that go with `picked` in the choose step."""
        return [{}]

    def _bounds(self, state: State, seat: int, attacker: Pokemon, fitting: int) -> tuple[int, int]:
        hi = min(self.most(state, seat, attacker), fitting)
        return (hi if self.exact else 0), hi

    def _pick(self, actx: AttackCtx, among: list[str]) -> list[str]:
        """choices.search checked against the cards searched; a refusal names none of them (the
        player may not have seen the deck)."""
        fitting = [i for i in among if self.fits(actx.state, i)]
        lo, hi = self._bounds(actx.state, actx.seat, actx.attacker, len(fitting))
        raw = actx.choices.get("search")
        if raw is None and hi == 0:
            return []
        if (not isinstance(raw, list) or len(set(raw)) != len(raw)
                or any(not isinstance(i, str) or i not in fitting for i in raw)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name distinct %(what)s of your deck.",
                                            attack=actx.attack.name, what=self.what))
        if not lo <= len(raw) <= hi:
            if self.exact:
                refusal = msg("%(attack)s takes %(most)s, fewer only when the deck holds fewer %(what)s now; "
                              "%(named)s named.", attack=actx.attack.name, most=hi, what=self.what, named=len(raw))
            else:
                refusal = msg("%(attack)s takes 0 to %(most)s %(what)s now; %(named)s named.",
                              attack=actx.attack.name, most=hi, what=self.what, named=len(raw))
            fewer = len(raw) < lo       # less than it can (R-TRAINER-5), or more than it may
            raise Illegal("R-TRAINER-5" if fewer else self.limit_rule(actx.state, actx.seat, len(raw)), refusal)
        return list(raw)

    def limit_rule(self, state: State, seat: int, named: int) -> str:
        """The rule a choice of `named` cards breaks when they are too many: the attack's text."""
        return "R-ATTACK-2"

    def check(self, actx: AttackCtx) -> None:
        if "search" in actx.choices:
            picked = self._pick(actx, actx.me.deck)
            attack_memo(actx, self)["search"] = picked
            self.checked(actx, picked)
        else:
            self.checked(actx, None)

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        deck = actx.me.deck
        if "search" in memo:
            self._finish(actx, memo["search"])
        elif not deck:
            actx.say(msg("%(seat)s's deck is empty: there is nothing to find.", seat=actx.seat_label(actx.seat)),
                     "R-TRAINER-5")
            self._finish(actx, [])
        else:
            actx.say(msg("%(seat)s looks through the deck for %(attack)s.", seat=actx.seat_label(actx.seat),
                         attack=actx.attack.name), "R-HIDDEN-1")
            actx.ask("search", actx.attacker.top, deck, by="attack", attack=actx.attack.name,
                     effect=actx.attack.effects.index(self))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.me.deck]
        picked = self._pick(actx, shown)
        self.checked(actx, picked)
        self._finish(actx, picked)

    def _finish(self, actx: AttackCtx, picked: list[str]) -> None:
        for i in picked:
            actx.me.deck.remove(i)
        if picked:
            self.take(actx, picked)
        else:
            actx.say(msg("%(seat)s takes no card from the deck.", seat=actx.seat_label(actx.seat)), "R-TRAINER-5")
        shuffle_deck(actx, actx.seat)
        actx.say(msg("%(seat)s shuffles the deck.", seat=actx.seat_label(actx.seat)))
        self.then(actx)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        attacker = state.seats[seat].active
        assert attacker is not None, "the attacker waits for the choice"
        deck = state.seats[seat].deck
        fitting = [i for i in pending["look"] if i in deck and self.fits(state, i)]
        lo, hi = self._bounds(state, seat, attacker, len(fitting))
        return [{"search": pick, **more} for pick in distinct_picks(state, fitting, lo, hi)
                for more in self.more_options(state, seat, pick)]


class _ToHand(DeckSearchMany, ABC):
    def take(self, actx: AttackCtx, picked: list[str]) -> None:
        actx.me.hand.extend(picked)
        actx.say(msg_n("%(seat)s shows %(cards)s and puts it into the hand.",
                       "%(seat)s shows %(cards)s and puts them into the hand.", len(picked),
                       seat=actx.seat_label(actx.seat), cards=actx.refs(picked, shown_to='*')))


class SearchEvolutionsOf(_ToHand):
    """Up to `count` cards that evolve from `name`, shown, into the hand."""

    def __init__(self, name: str, count: int):
        self.name = name
        self.count = count
        self.what = msg("cards that evolve from %(pokemon)s", pokemon=name)
        self.text = (f"look through your deck for up to {count} cards that evolve from {name} (choices.search), "
                     "show them and put them into your hand; shuffle the deck")

    def fits(self, state: State, instance: str) -> bool:
        c = state.card_of(instance)
        return c.supertype == "Pokemon" and c.evolves_from == self.name

    def most(self, state: State, seat: int, attacker: Pokemon) -> int:
        return self.count


class SearchPokemonPerEnergy(_ToHand):
    """One Pokémon card (a Basic Pokémon or an Evolution card) for each Energy attached to this
    Pokémon, shown, into the hand."""
    what = msg("Pokémon cards")
    exact = True
    text = ("look through your deck for a Pokémon card (Basic or Evolution) for each Energy attached to this "
            "Pokémon (choices.search: that many, fewer only if the deck holds fewer), show them and put them "
            "into your hand; shuffle the deck")

    def fits(self, state: State, instance: str) -> bool:
        return state.card_of(instance).supertype == "Pokemon"

    def most(self, state: State, seat: int, attacker: Pokemon) -> int:
        return energy_count(state, attacker)


class SearchBasicsToBench(DeckSearchMany):
    """Up to `count` Basic Pokémon cards onto the Bench (no more than it has room for); then, with
    `switch`, this Pokémon may switch with one of your Benched Pokémon (choices.to, optional, named
    with the search). SearchDeckToBench (ex2_pokemon_1) has no switch."""

    def __init__(self, count: int, *, switch: bool = False):
        self.count = count
        self.switch = switch
        self.what = msg("Basic Pokémon cards")
        self.text = (f"look through your deck for up to {count} Basic Pokémon cards (choices.search) and put them "
                     "onto your Bench; shuffle the deck")
        if switch:
            self.text += ("; then you may switch this Pokémon with one of your Benched Pokémon (choices.to, named "
                          "with the search)")

    def fits(self, state: State, instance: str) -> bool:
        c = state.card_of(instance)
        return c.supertype == "Pokemon" and c.stage == "Basic"

    def _room(self, state: State, seat: int) -> int:
        return max(0, get_ruleset(state.ruleset).bench_size - len(state.seats[seat].bench))

    def most(self, state: State, seat: int, attacker: Pokemon) -> int:
        return min(self.count, self._room(state, seat))

    def limit_rule(self, state: State, seat: int, named: int) -> str:
        return "R-BENCH-1" if named > self._room(state, seat) else "R-ATTACK-2"

    def take(self, actx: AttackCtx, picked: list[str]) -> None:
        for i in picked:
            actx.me.bench.append(Pokemon(stack=[i], entered_turn=actx.state.turn))
        actx.say(msg("%(seat)s puts %(cards)s from the deck onto the Bench.", seat=actx.seat_label(actx.seat),
                     cards=actx.refs(picked, shown_to='*')), "R-BENCH-1")

    # -- the switch ----------------------------------------------------------------------------
    @staticmethod
    def _switch_target(state: State, raw: Any, candidates: list[str]) -> str | None:
        """The Benched Pokémon choices.to names among `candidates` (top cards, those about to be
        benched included): an instance of its stack; at a paper table a card id too."""
        if not isinstance(raw, str):
            return None
        for top in candidates:
            _, p, _ = state.find_pokemon(top)
            if raw == top or (p is not None and raw in p.stack):
                return top
        if state.table and ":" not in raw:
            return next((top for top in candidates if state.card_id(top) == raw), None)
        return None

    def checked(self, actx: AttackCtx, picked: list[str] | None) -> None:
        if not self.switch or "to" not in actx.choices:
            return
        if picked is None and actx.me.deck:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: name the switch (choices.to) with the search, in the choose "
                                            "step after the deck is shown.", attack=actx.attack.name))
        candidates = [p.top for p in actx.me.bench] + list(picked or [])
        target = self._switch_target(actx.state, one_instance(actx.choices, "to"), candidates)
        if target is None:
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.to must name one of your Benched Pokémon (or one the "
                                            "search puts there), or be left out for no switch.",
                                            attack=actx.attack.name))
        attack_memo(actx, self)["to"] = target

    def then(self, actx: AttackCtx) -> None:
        target = attack_memo(actx, self).get("to")
        if not self.switch or target is None:
            return
        new = next(p for p in actx.me.bench if p.top == target)
        old_name = actx.attacker_name
        switch_active(actx, actx.seat, new)
        actx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=old_name,
                     other=actx.name(new)), "R-RETREAT-6")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        if not self.switch or state.seats[seat].deck:
            return [{}]
        return [{}] + [{"to": p.top} for p in state.seats[seat].bench]

    def more_options(self, state: State, seat: int, picked: list[str]) -> list[dict[str, Any]]:
        if not self.switch:
            return [{}]
        return [{}] + [{"to": top} for top in [p.top for p in state.seats[seat].bench] + picked]


# -- Poké-Bodies and Poké-Powers -----------------------------------------------------------------

class FreeRetreatWhilePartner(Power):
    """Poké-Body: this Pokémon's Retreat Cost is 0 while a Pokémon named `partner` is in play
    (either player's; answers `retreat_cost`)."""

    def __init__(self, partner: str):
        self.partner = partner
        self.text = (f"while a Pokémon named {partner} is in play (yours or your opponent's), this Pokémon's "
                     "Retreat Cost is 0")

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        if ev.pokemon is not src.on or not named_in_play(ev.state, self.partner):
            return cost
        return 0


class HealActive(Power):
    """Poké-Power: once a turn, remove `counters` damage counters from your Active Pokémon; refused
    when it has none (it would do nothing)."""

    def __init__(self, counters: int = 1):
        self.counters = counters
        self.text = (f"once during your turn, remove {counters} damage counter(s) from your Active Pokémon; not "
                     "while this Pokémon has a Special Condition")

    def _active(self, pctx: PowerCtx) -> Pokemon:
        once_per_turn(pctx)
        active = pctx.me.active
        assert active is not None, "the main phase: an Active Pokémon"
        if active.damage < 10:
            raise Illegal("R-POWER-1", msg("%(pokemon)s has no damage counter to remove.", pokemon=pctx.name(active)))
        return active

    def check(self, pctx: PowerCtx) -> None:
        self._active(pctx)

    def use(self, pctx: PowerCtx) -> None:
        active = self._active(pctx)
        healed = heal(pctx, active, 10 * self.counters)
        pctx.say(msg_n("%(pokemon)s has %(num)s damage counter(s) removed (%(damage)s/%(hp)s).",
                       "%(pokemon)s has %(num)s damage counter(s) removed (%(damage)s/%(hp)s).", healed // 10,
                       pokemon=pctx.name(active), damage=active.damage, hp=pctx.state.hp(active)), "R-POWER-1")


# -- the cards ---------------------------------------------------------------------------------


define_pokemon("ex2-46", {"Surprise": ShuffleOpponentCardUnseen(), "Fury Swipes": CoinsTimes(3)})           # Lombre
define_pokemon("ex2-47", {"Surprise": ShuffleOpponentCardUnseen(), "Dark Mind": ChosenBenchDamage(10)})     # Murkrow
define_pokemon("ex2-48", {"Steady Punch": FlipBonusOrSelfDamage(bonus=10), "Razor Leaf": []})               # Nuzleaf
define_pokemon("ex2-49", {"Stun Spore": heads(Inflict("paralyzed")), "Razor Wind": TailsDoesNothing()})     # Nuzleaf
define_pokemon("ex2-50", {"Water Gun": ExtraEnergyBonus("Water", per=10, max_extra=2)})                     # Pelipper
define_pokemon("ex2-51", {"Slash": [], "Burning Claw": MayDiscardThen("Fire", Inflict("burned"))})          # Quilava
define_pokemon("ex2-52", {"Focus Energy": BoostNextTurn({"Slash": 90}), "Slash": []})                       # Vigoroth
define_pokemon("ex2-53", {"Toxic Vibration": Flip(heads=Inflict("poisoned"), tails=Inflict("asleep")),      # Volbeat
                          "Pester": DefendingBonus(20, "condition")},
               power=FreeRetreatWhilePartner("Illumise"))
define_pokemon("ex2-54", {"Alluring Smile": SearchPokemonPerEnergy()}, power=BabyEvolution("Wobbuffet"))    # Wynaut
define_pokemon("ex2-55", {"Psyimpact": CountersOnEachOpponent(1)}, power=HealActive(1))                     # Xatu
define_pokemon("ex2-56", {"Steel Headbutt": FlipBonusOrSelfDamage(bonus=20)})                               # Aron
define_pokemon("ex2-57", {"Light Punch": []}, power=ConditionPayback("poisoned"))                           # Cacnea
define_pokemon("ex2-58", {"Poison Sting": heads(Inflict("poisoned"))})                                      # Cacnea
define_pokemon("ex2-59", {"Tackle": [], "Singe": heads(Inflict("burned"))})                                 # Cyndaquil
define_pokemon("ex2-60", {"Strike and Run": SearchBasicsToBench(3, switch=True),                            # Dunsparce
                          "Sudden Flash": heads(Inflict("paralyzed"))})
define_pokemon("ex2-61", {"Surprise": ShuffleOpponentCardUnseen(),                                          # Duskull
                          "Confuse Ray": heads(Inflict("confused"))})
define_pokemon("ex2-62", {"Haunt": CountersOnDefending(1), "Dark Mind": ChosenBenchDamage(10)})             # Duskull
define_pokemon("ex2-63", {"Signs of Evolution": SearchEvolutionsOf("Eevee", 3),                             # Eevee
                          "Quick Attack": FlipBonusOrSelfDamage(bonus=10)})
define_pokemon("ex2-64", {"Bind": heads(Inflict("paralyzed"))})                                             # Ekans
define_pokemon("ex2-65", {"Flare": []}, power=ConditionPayback("burned"))                                   # Growlithe
define_pokemon("ex2-66", {"Ram": []}, power=RainDish())                                                     # Lotad
define_pokemon("ex2-67", {"Tackle": [], "Blot": HealSelf(1)})                                               # Lotad
define_pokemon("ex2-68", {"Double Bubble": CoinsTimesThen(2, Inflict("paralyzed"))})                        # Marill
define_pokemon("ex2-69", {"Peck": [], "Soothing Wave": Inflict("asleep")})                                  # Natu
define_pokemon("ex2-70", {"Team Assembly": SearchDeckToBench(("Omanyte", "Kabuto"), any_basic=True),        # Omanyte
                          "Bind": heads(Inflict("paralyzed"))})
define_pokemon("ex2-71", {"Bind": heads(Inflict("paralyzed")), "Rage": PlusPerOwnCounter(10)})              # Onix
define_pokemon("ex2-72", {"Scratch": [], "Pika Bolt": []})                                                  # Pikachu
define_pokemon("ex2-73", {"Confusion Wave": [InflictSelf("confused"), Inflict("confused")]})                # Psyduck
define_pokemon("ex2-74", {"Hypnosis": Inflict("asleep"), "Psychic Boom": TimesDefendingEnergy()})           # Ralts
define_pokemon("ex2-75", {"Poison Needle": heads(Inflict("poisoned"))})                                     # Sandshrew
define_pokemon("ex2-76", {"Surprise Attack": TailsDoesNothing()})                                           # Seedot
define_pokemon("ex2-77", {"Tackle": []})                                                                    # Seedot
define_pokemon("ex2-78", {"Growth Spurt": AttachTypedEnergyFromHand("Grass"),                               # Shroomish
                          "Poisonpowder": Inflict("poisoned")})
define_pokemon("ex2-79", {"Energy Catch": BasicEnergyFromDiscardToHand(), "Double-edge": SelfDamage(10)})   # Skitty
define_pokemon("ex2-80", {"Lazy Punch": CantAttackNextTurn()})                                              # Slakoth
define_pokemon("ex2-81", {"Super Speed": heads(PreventDamageNextTurn("prevent_all")), "Peck": []})          # Spearow
define_pokemon("ex2-82", {"Sand Pit": DefendingCantRetreat(), "Irongrip": []})                              # Trapinch
define_pokemon("ex2-83", {"Rollout": [], "Super Hypno Wave": Inflict("asleep")})                            # Wailmer
define_pokemon("ex2-84", {"Supersonic": heads(Inflict("confused"))})                                        # Wingull
define_pokemon("ex2-85", {"Collect": DrawCards(1), "Headbutt": []})                                         # Zigzagoon
