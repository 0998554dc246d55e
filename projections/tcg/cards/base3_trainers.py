"""Fossil Trainers (base3-58 … base3-62): Mr. Fuji, Energy Search, Gambler, Recycle and
Mysterious Fossil.

Shapes as the Base Set's (base1_trainers.py): `targets` are Pokémon in play, `choices.search`
cards taken from the deck or the discard pile; a choice with one possibility may be left out.

Rulings taken here:
- Mr. Fuji needs a Benched Pokémon (R-TRAINER-1); the Pokémon's cards — its Stages, Energy and
  attached Trainers — go into the deck, which is then shuffled. It is no Knock Out: no Prize.
- Energy Search: two steps for a player who can't see the deck (as Computer Search: the deck
  is shown, `choose` names the card); with no basic Energy card in the deck nothing is taken
  and the deck is shuffled (R-TRAINER-5: do as much as you can). Double Colorless Energy is not
  a basic Energy card.
- Gambler shuffles the rest of the hand into the deck, then flips: heads, its player draws 8
  cards, tails 1 (fewer when the deck runs out, R-TRAINER-5).
- Recycle needs a card in the discard pile (R-TRAINER-1: nothing to act on); the card
  (choices.search) is named with the play, before the coin; heads, it goes on top of the deck,
  tails nothing happens.
- Mysterious Fossil plays as Clefairy Doll does (base1_trainers.py: a Trainer in the hand,
  deck and discard pile, a Basic Pokémon in play): 10 HP, Colorless, no attacks, no retreat,
  no Special Condition, no Prize card when Knocked Out, discarded from play with the action
  `discard_from_play` during its owner's turn. Kabuto, Omanyte and Aerodactyl evolve from it
  by its name (R-EVOLVE-1), as from any Basic Pokémon.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import define_trainer
from ..core import Illegal, draw, remove_pokemon_from_play, shuffle_deck
from .effects import (
    AntiqueFossil,
    BaseSetTrainer,
    ClefairyDoll,
    TrainerCtx,
    choose_cards,
    chosen_targets,
    to_hand,
    trainer_option,
)

if TYPE_CHECKING:
    from ..state import State


class MrFuji(BaseSetTrainer):
    text = "shuffle one of your Benched Pokémon and every card on it into your deck"

    def check(self, tctx: TrainerCtx) -> None:
        if not tctx.me.bench:
            raise Illegal("R-TRAINER-1", msg("You have no Benched Pokémon."))
        (p,) = chosen_targets(tctx, [(tctx.me.bench, msg("one of your Benched Pokémon"))])
        tctx.sel = p

    def play(self, tctx: TrainerCtx) -> bool:
        p = tctx.sel
        name = tctx.name(p)
        remove_pokemon_from_play(tctx, tctx.seat, p)
        cards = p.all_cards()
        tctx.me.deck.extend(cards)
        shuffle_deck(tctx, tctx.seat)
        tctx.say(msg("%(pokemon)s and %(count)s card(s) with it are shuffled into %(seat)s's deck.", pokemon=name,
                     count=len(cards) - 1, seat=tctx.seat_label(tctx.seat)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in state.seats[seat].bench]


class EnergySearch(BaseSetTrainer):
    """Two steps for a player (who can't see the deck): play it, look through the deck
    (`pending`), then `choose` the basic Energy card (`[]` when there is none). Given
    `choices.search` at once, it is done in one action."""
    text = "take a basic Energy card from your deck into your hand, then shuffle the deck"
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}

    @staticmethod
    def _energy(state: State, seat: int, among: list[str]) -> list[str]:
        deck = state.seats[seat].deck
        return [i for i in among if i in deck and state.card_of(i).is_basic_energy]

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        return choose_cards(tctx, "search", self._energy(tctx.state, tctx.seat, among), 1, 1,
                       msg("a basic Energy card from your deck"), fewer="R-TRAINER-5", hidden_zone=hidden_zone)

    def check(self, tctx: TrainerCtx) -> None:
        deck = tctx.me.deck
        tctx.sel = self._pick(tctx, deck, hidden_zone=True) if "search" in tctx.choices or not deck else None

    def play(self, tctx: TrainerCtx) -> bool:
        if tctx.sel is None:
            tctx.say(msg("%(seat)s looks through the deck.", seat=tctx.seat_label(tctx.seat)), "R-TRAINER-1")
            tctx.ask("search", tctx.instance, tctx.me.deck)
            return False
        self._take(tctx, tctx.sel)
        return False

    def _take(self, tctx: TrainerCtx, search: list[str]) -> None:
        to_hand(tctx, tctx.seat, search, "deck")
        shuffle_deck(tctx, tctx.seat)
        if search:
            tctx.say(msg("%(seat)s takes %(card)s from the deck and shuffles it.", seat=tctx.seat_label(tctx.seat),
                         card=tctx.ref(search[0], shown_to="*")), "R-TRAINER-1")
        else:
            tctx.say(msg("%(seat)s finds no basic Energy card in the deck and shuffles it.",
                         seat=tctx.seat_label(tctx.seat)), "R-TRAINER-5")

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        self._take(tctx, self._pick(tctx, pending["look"], hidden_zone=False))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        found = self._energy(state, pending["seat"], pending["look"])
        return [{"search": [i]} for i in found] or [{"search": []}]


class Gambler(BaseSetTrainer):
    text = "shuffle the rest of your hand into your deck, then flip a coin: heads, draw 8 cards; tails, draw 1"
    heads_draw, tails_draw = 8, 1

    def play(self, tctx: TrainerCtx) -> bool:
        hand = tctx.hand_without_me()
        tctx.me.hand = [i for i in tctx.me.hand if i not in hand]
        tctx.me.deck.extend(hand)
        shuffle_deck(tctx, tctx.seat)
        n = self.heads_draw if tctx.flip(tctx.card.name) else self.tails_draw
        drawn = draw(tctx, tctx.seat, n)
        tctx.say(msg("%(seat)s shuffles %(count)s card(s) from the hand into the deck and draws %(drawn)s.",
                     seat=tctx.seat_label(tctx.seat), count=len(hand), drawn=len(drawn)),
                 "R-TRAINER-5" if len(drawn) < n else "R-TRAINER-1")
        return False


class Recycle(BaseSetTrainer):
    text = "flip a coin: heads, put a card of your discard pile (choices.search) on top of your deck"
    choice_zones = {"search": "discard"}

    def check(self, tctx: TrainerCtx) -> None:
        discard = tctx.me.discard
        if not discard:
            raise Illegal("R-TRAINER-1", msg("Your discard pile is empty."))
        tctx.sel = choose_cards(tctx, "search", discard, 1, 1, msg("a card of your discard pile"))

    def play(self, tctx: TrainerCtx) -> bool:
        (inst,) = tctx.sel
        if not tctx.flip(tctx.card.name):
            tctx.say(msg("Tails: %(card)s does nothing.", card=tctx.card.name), "R-TRAINER-1")
            return False
        tctx.me.discard.remove(inst)
        tctx.me.deck.insert(0, inst)
        tctx.say(msg("%(card)s goes from the discard pile on top of %(seat)s's deck.",
                     card=tctx.ref(inst, shown_to="*"), seat=tctx.seat_label(tctx.seat)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(search=[i]) for i in state.seats[seat].discard]


class MysteriousFossil(AntiqueFossil):
    """Clefairy Doll's pattern, in the Fossil's name: no Prize card when Knocked Out."""
    text = ("goes onto your Bench as a 10-HP Colorless Basic Pokémon with no attacks; it can't "
            "retreat, gets no Special Conditions and gives no Prize when Knocked Out; during your "
            "turn you may discard it from play (action discard_from_play)")
    prize_count = ClefairyDoll.prize_count


define_trainer("base3-58", MrFuji())
define_trainer("base3-59", EnergySearch())
define_trainer("base3-60", Gambler())
define_trainer("base3-61", Recycle())
define_trainer("base3-62", MysteriousFossil(), as_pokemon={"hp": 10, "type": "Colorless", "retreat_cost": 0})
