"""EX Ruby & Sapphire Poké-Powers and Poké-Bodies of ex1-1 … ex1-20: Withering Dust, Firestarter,
Energy Draw, Protective Dust, Psy Shadow, Intimidating Fang, Lazy, Water Call and Energy Trans.

A Poké-Power has check(pctx) / use(pctx) / options(...) and is refused while its Pokémon has
any Special Condition (by its kind, actions.BLOCKED_BY_KIND, R-POWER-2); a Poké-Body has no
`use` and answers the effect pipeline's hooks (hooks.py) while its Pokémon is in play, whatever
its Special Conditions. The helpers at the top (once a turn, attaching, searching the deck) are
shared with `ex1_pokemon_1.py`.

Rulings taken here:
- "A Fire / Water / Psychic / Lightning Energy card" that is searched for, taken from the hand
  or from the discard pile is a basic Energy card of that type: Rainbow Energy provides every
  type only while attached, so outside play it is no such card.
- "Once during your turn" counts the uses of the power by that Pokémon this turn
  (`this_turn["powers_used"]`, kept by the rules); a power that stopped half way to show its
  player the deck (Psy Shadow) has been used.
- Energy attached by a power is not the turn's one attachment from the hand (R-ENERGY-1); the
  cards in play hear it (`on_attach`, `from_hand` only for Water Call, which takes it from the
  hand).
- A search must take a fitting card when the deck holds one (R-TRAINER-5, as the Base Set's
  searches); with none, the deck is still looked at and shuffled. The player first sees the
  deck (R-HIDDEN-1: `ask`, then `choose` with choices.search and choices.to); a judge may give
  both choices in the `use_power` action itself.
- Psy Shadow's 2 damage counters are placed, not damage (R-DAMAGE-3): they may Knock Out the
  Pokémon the Energy went to, and the opponent takes Prize cards as usual (R-KO-2).
- Energy Draw: the Energy card is discarded first, then its player draws `choices.count` cards
  (0 to 3; 3 when left out), as many as the deck holds (R-TRAINER-5). It needs an Energy card
  (basic or Special) in the hand.
- Withering Dust works from the Bench too, on both players' Active Pokémon, and only on
  Resistance (Weakness still applies). The Pokémon themselves answer the `resistance` hook before
  lasting effects and attached cards (hooks.py), so an effect of those kinds that gives a
  Pokémon a Resistance would still apply over it; no ex1 card does that.
- Protective Dust stops every effect of the opponent's attacks on Dustox (Special Conditions,
  discards, switching it out, lasting effects) but not their damage, whether Dustox is Active or
  on the Bench (`AffectEvent.damage`).
- Intimidating Fang: while Mightyena is its owner's Active Pokémon, the damage of each
  opponent's attack to each Pokémon of Mightyena's owner is 10 less. To the Defending Pokémon it
  comes before Weakness and Resistance, as the card says (the `damage_attacker` step of
  R-DAMAGE-1, so a reduction to 0 stops the calculation); to a Benched Pokémon, which has no
  Weakness and Resistance to apply (R-DAMAGE-2), at the first step asked for Bench damage.
- Lazy stops the opponent's Poké-Powers that are used as an action while Slaking is its owner's
  Active Pokémon (refused with R-POWER-1); Poké-Bodies are untouched.
- Energy Trans (ex1-20) is the Base Set's Energy Trans (one basic Grass Energy card per use, as
  often as you like), stopped by any Special Condition as a Poké-Power.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..core import Illegal, attach_by_effect, discard_cards, draw, place_counters, shuffle_deck
from ..hooks import AffectEvent, Listener, PokemonEvent, PowerEvent
from .effects import (
    EnergyTrans,
    Power,
    PowerCtx,
    basic_energy,
    chosen_search,
    chosen_target,
    name_of,
    once_per_turn,
    one_card_named,
)

if TYPE_CHECKING:
    from ..state import Pokemon, State


# -- helpers shared with the attacks ---------------------------------------------------------


# -- Beautifly: Withering Dust ---------------------------------------------------------------

class WitheringDust(Power):
    """Poké-Body: no Active Pokémon (either player's) has a Resistance while this is in play."""
    text = ("while this Pokémon is in play (Active or Benched), Resistance is not applied to any Active "
            "Pokémon, yours or the opponent's")

    def resistance(self, src: Listener, ev: PokemonEvent,
                   value: str | tuple[str, ...] | None) -> str | tuple[str, ...] | None:
        if value is None or ev.seat is None or ev.state.seats[ev.seat].active is not ev.pokemon:
            return value
        return None


# -- Blaziken: Firestarter ---------------------------------------------------------------------

class Firestarter(Power):
    """Once a turn: a basic Fire Energy card from the discard pile (choices.cards) onto one of
    your Benched Pokémon (choices.to)."""
    text = ("once during your turn, attach a basic Fire Energy card from your discard pile (choices.cards) "
            "to one of your Benched Pokémon (choices.to); not while this Pokémon has a Special Condition")
    choice_zones = {"cards": "discard"}

    @staticmethod
    def _fires(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if basic_energy(state, i, "Fire")]

    def _chosen(self, pctx: PowerCtx) -> tuple[str, Pokemon]:
        once_per_turn(pctx)
        fires = self._fires(pctx.state, pctx.seat)
        if not fires:
            raise Illegal("R-POWER-1", msg("Firestarter needs a basic Fire Energy card in your discard pile; there "
                                           "is none."))
        if not pctx.me.bench:
            raise Illegal("R-POWER-1", msg("Firestarter attaches to a Benched Pokémon, and you have none."))
        card = one_card_named(pctx.choices, "cards", fires)
        if card is None:
            raise Illegal("R-POWER-1", msg("choices.cards must name one basic Fire Energy card in your discard "
                                           "pile: %(cards)s.", cards=pctx.refs(fires)))
        assert isinstance(card, str)
        target = chosen_target(pctx, pctx.choices, pctx.me.bench, msg("one of your Benched Pokémon"), "R-POWER-1")
        return card, target

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card, target = self._chosen(pctx)
        pctx.me.discard.remove(card)
        attach_by_effect(pctx, target, card, from_hand=False)
        pctx.say(msg("Firestarter attaches %(card)s from the discard pile to %(pokemon)s on the Bench.",
                     card=pctx.ref(card, shown_to="*"), pokemon=name_of(pctx.state, target)), "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": [f], "to": b.top} for f in self._fires(state, seat) for b in state.seats[seat].bench]


# -- Delcatty: Energy Draw ---------------------------------------------------------------------

class EnergyDraw(Power):
    """Once a turn: discard an Energy card from the hand (choices.cards), then draw up to 3
    (choices.count)."""
    text = ("once during your turn, discard an Energy card from your hand (choices.cards), then draw up to "
            "3 cards (choices.count, 0 to 3; 3 when left out); not while this Pokémon has a Special Condition")
    choice_zones = {"cards": "hand"}
    most = 3

    @staticmethod
    def _energy_in_hand(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand if state.card_of(i).supertype == "Energy"]

    def _chosen(self, pctx: PowerCtx) -> tuple[str, int]:
        once_per_turn(pctx)
        energy = self._energy_in_hand(pctx.state, pctx.seat)
        if not energy:
            raise Illegal("R-POWER-1", msg("Energy Draw needs an Energy card in your hand to discard; there is "
                                           "none."))
        card = one_card_named(pctx.choices, "cards", energy)
        if card is None:
            raise Illegal("R-POWER-1", msg("choices.cards must name one Energy card in your hand: %(cards)s.",
                                           cards=pctx.refs(energy)))
        count = pctx.choices.get("count", self.most)
        if not isinstance(count, int) or not 0 <= count <= self.most:
            raise Illegal("R-POWER-1", msg("Energy Draw draws up to %(count)s cards: choices.count must be 0 to "
                                           "%(count)s.", count=self.most))
        assert isinstance(card, str)
        return card, count

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card, count = self._chosen(pctx)
        pctx.me.hand.remove(card)
        discard_cards(pctx, pctx.seat, [card])
        drawn = draw(pctx, pctx.seat, count)
        short = len(drawn) < count
        if short:
            pctx.say(msg("Energy Draw: %(seat)s discards %(card)s and draws %(count)s card(s) (the deck held no "
                         "more).", seat=pctx.seat_label(pctx.seat), card=pctx.ref(card, shown_to="*"),
                         count=len(drawn)), "R-TRAINER-5")
        else:
            pctx.say(msg("Energy Draw: %(seat)s discards %(card)s and draws %(count)s card(s).",
                         seat=pctx.seat_label(pctx.seat), card=pctx.ref(card, shown_to="*"), count=len(drawn)),
                     "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        counts = range(min(self.most, len(state.seats[seat].deck)) + 1)
        return [{"cards": [e], "count": n} for e in self._energy_in_hand(state, seat) for n in counts]


# -- Dustox: Protective Dust -------------------------------------------------------------------

class ProtectiveDust(Power):
    """Poké-Body: the opponent's attacks do their damage to this Pokémon, but nothing else."""
    text = ("the opponent's attacks can still damage this Pokémon, but none of their other effects "
            "(Special Conditions, discards, switching, lasting effects) reach it")

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        return ev.damage or ev.pokemon is not src.on or ev.by_seat == src.seat


# -- Gardevoir: Psy Shadow -----------------------------------------------------------------------

class PsyShadow(Power):
    """Once a turn: a basic Psychic Energy card from the deck onto one of your Pokémon, which
    gets 2 damage counters; the deck is shown first, then `choose` (choices.search, choices.to)."""
    text = ("once during your turn, look through your deck, attach a basic Psychic Energy card from it "
            "(choices.search) to one of your Pokémon (choices.to), put 2 damage counters on that Pokémon and "
            "shuffle the deck; not while this Pokémon has a Special Condition")
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    what = msg("basic Psychic Energy card")
    counters = 2

    def _fits(self, state: State) -> Callable[[str], bool]:
        return lambda i: basic_energy(state, i, "Psychic")

    def _chosen(self, pctx: PowerCtx, zone: list[str], hidden: bool) -> tuple[str | None, Pokemon | None]:
        card = chosen_search(pctx.choices, zone, self._fits(pctx.state), self.what, "R-POWER-1", hidden=hidden)
        if card is None:
            return None, None
        return card, chosen_target(pctx, pctx.choices, pctx.me.in_play(), msg("one of your Pokémon in play"),
                                   "R-POWER-1")

    def check(self, pctx: PowerCtx) -> None:
        once_per_turn(pctx)
        if "search" in pctx.choices:
            self._chosen(pctx, pctx.me.deck, hidden=True)

    def use(self, pctx: PowerCtx) -> None:
        deck = pctx.me.deck
        if "search" in pctx.choices or not deck:
            self._finish(pctx, *self._chosen(pctx, deck, hidden=True))
            return
        pctx.say(msg("Psy Shadow: %(seat)s looks through the deck for a %(what)s.", seat=pctx.seat_label(pctx.seat),
                     what=self.what), "R-HIDDEN-1")
        pctx.ask("search", pctx.pokemon.top, deck, by="power")

    def resolve(self, pctx: PowerCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in pctx.me.deck]
        self._finish(pctx, *self._chosen(pctx, shown, hidden=False))

    def _finish(self, pctx: PowerCtx, card: str | None, target: Pokemon | None) -> None:
        if card is None or target is None:
            pctx.say(msg("Psy Shadow finds no %(what)s in the deck.", what=self.what), "R-TRAINER-5")
        else:
            pctx.me.deck.remove(card)
            attach_by_effect(pctx, target, card, from_hand=False)
            pctx.say(msg("Psy Shadow attaches %(card)s from the deck to %(pokemon)s.",
                         card=pctx.ref(card, shown_to="*"), pokemon=name_of(pctx.state, target)), "R-POWER-1")
            place_counters(pctx, target, self.counters, "Psy Shadow")
        shuffle_deck(pctx, pctx.seat)
        pctx.say(msg("%(seat)s shuffles the deck.", seat=pctx.seat_label(pctx.seat)))

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{}]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = state.seats[pending["seat"]]
        fits = self._fits(state)
        found = [i for i in pending["look"] if i in seat.deck and fits(i)]
        return [{"search": [c], "to": p.top} for c in found for p in seat.in_play()] or [{"search": []}]


# -- Mightyena: Intimidating Fang ------------------------------------------------------------------


# -- Slaking: Lazy ---------------------------------------------------------------------------------

class Lazy(Power):
    """Poké-Body: while this Pokémon is Active, the opponent's Poké-Powers can't be used."""
    text = "while this Pokémon is your Active Pokémon, your opponent's Pokémon can't use Poké-Powers"

    def can_use_power(self, src: Listener, ev: PowerEvent) -> Illegal | None:
        state = ev.ctx.state
        lazy = src.on
        if (lazy is None or ev.power.kind != "Poké-Power" or state.seats[src.seat].active is not lazy
                or state.find_pokemon(ev.pokemon.top)[0] == src.seat):
            return None
        return Illegal("R-POWER-1", msg("%(power)s can't be used: the opponent's Active %(pokemon)s is Lazy (no "
                                        "Poké-Powers while it is Active).", power=ev.power.name,
                                        pokemon=name_of(state, lazy)))


# -- Swampert: Water Call ----------------------------------------------------------------------------

class WaterCall(Power):
    """Once a turn: a basic Water Energy card from the hand (choices.cards) onto the Active."""
    text = ("once during your turn, attach a basic Water Energy card from your hand (choices.cards) to your "
            "Active Pokémon; this is not your one Energy attachment for the turn; not while this Pokémon has "
            "a Special Condition")
    choice_zones = {"cards": "hand"}

    @staticmethod
    def _waters(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand if basic_energy(state, i, "Water")]

    def _chosen(self, pctx: PowerCtx) -> str:
        once_per_turn(pctx)
        waters = self._waters(pctx.state, pctx.seat)
        if not waters:
            raise Illegal("R-POWER-1", msg("Water Call needs a basic Water Energy card in your hand; there is "
                                           "none."))
        card = one_card_named(pctx.choices, "cards", waters)
        if card is None:
            raise Illegal("R-POWER-1", msg("choices.cards must name one basic Water Energy card in your hand: "
                                           "%(cards)s.", cards=pctx.refs(waters)))
        assert isinstance(card, str)
        return card

    def check(self, pctx: PowerCtx) -> None:
        self._chosen(pctx)

    def use(self, pctx: PowerCtx) -> None:
        card = self._chosen(pctx)
        active = pctx.me.active
        assert active is not None, "the main phase: an Active Pokémon"
        pctx.me.hand.remove(card)
        attach_by_effect(pctx, active, card, from_hand=True)
        pctx.say(msg("Water Call attaches %(card)s from the hand to the Active %(pokemon)s (not the turn's one "
                     "Energy attachment).", card=pctx.ref(card, shown_to="*"), pokemon=name_of(pctx.state, active)),
                 "R-POWER-1")

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{"cards": [w]} for w in self._waters(state, seat)]


# -- Sceptile: Energy Trans ----------------------------------------------------------------------------

class EnergyTransEx(EnergyTrans):
    """The Base Set's Energy Trans as a Poké-Power: any Special Condition stops it (R-POWER-2)."""
    text = ("as often as you like during your turn, move 1 basic Grass Energy card (choices.cards) attached to "
            "one of your Pokémon to a different one of your Pokémon (choices.to); not while this Pokémon has a "
            "Special Condition")
