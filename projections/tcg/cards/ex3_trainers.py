"""EX Dragon Trainers (ex3-82 … ex3-88): the Pokémon Tools Balloon Berry and Buffer Piece, Energy
Recycle System, the Stadiums High Pressure System and Low Pressure System, and the Supporters
Mr. Briney's Compassion and TV Reporter.

The conventions are ex1's (`ex1_trainers.py`, after the Base Set's): `targets` are Pokémon in
play the card acts on, `choices.search` cards taken from the discard pile, `choices.cards` a
card of the hand. A choice with only one possibility may be left out. The card's kind is data
(`ex3_facts.json`): the rules of the kind — one Supporter a turn, one Tool a Pokémon and the
Tool's Pokémon in `targets`, one Stadium a turn, not one of the same name as the Stadium in
play, the old Stadium to its owner's discard pile (R-TRAINER-2 … -4) — are the engine's
(actions.check_trainer_kind, actions.put_stadium); the classes here only do each card's own
effect.

Rulings taken here:
- Balloon Berry is a Pokémon Tool (R-TRAINER-4). When the Pokémon it is attached to retreats,
  the Berry is discarded and no Energy is: the Retreat Cost itself is unchanged (an attack that
  counts the Retreat Cost, like Muk ex's Slimy Water, still counts it), only what pays it. It is
  discarded whenever its Pokémon retreats, a Retreat Cost of 0 included, and the player can't
  choose to pay with Energy instead: it answers `retreat_discard` (the Energy a retreat
  discards: none) and `on_retreat` (the Berry goes to the discard pile).
- Buffer Piece is a Pokémon Tool. Damage an opponent's attack does to its Pokémon, Active or
  Benched, is 20 less after Weakness and Resistance (the Trainer step of R-DAMAGE-1 e; a Benched
  Pokémon has no Weakness and Resistance applied, R-DAMAGE-2); damage already 0 stays 0. It is
  discarded at the end of the opponent's turn after the one it was played in
  (`turns_attached` 1: the engine's `attached_until`, core.expire_effects), or with its Pokémon.
  A sandbox position's Tools stay until discarded (position.py), so a Buffer Piece set up in a
  position has no end turn; played in a game, it has.
- Energy Recycle System: the player names in choices.search either 1 basic Energy card of the
  discard pile, which goes to the hand, or 3, which are shuffled into the deck; both are shown
  to the opponent (the discard pile is public: one action). The deck option needs 3 basic
  Energy cards there: with fewer only the hand option is open (2 named are refused). It is
  refused when the discard pile holds no basic Energy card (nothing to act on, R-TRAINER-1).
- High Pressure System: each Fire or Water Pokémon in play, whoever's, has a Retreat Cost 1
  less (`retreat_cost`, never below 0). Low Pressure System: each Grass or Lightning Pokémon in
  play, whoever's, has 10 more HP (`hp`). A Pokémon's type is its type now (R-INPLAY-1,
  hooks.types: Lunar Eclipse's, Energy Variation's): a Kecleon with a Lightning Energy gets the
  10 HP, one with a Water Energy the lower Retreat Cost. When a Low Pressure System leaves play, a Pokémon whose damage
  now reaches its HP is Knocked Out at once (the Knock Outs settled after the card that
  replaced it is played).
- Mr. Briney's Compassion: `targets` names one of the player's Pokémon that is not a Pokémon-ex
  (tag "ex" on its top card); it and every card on it (lower Stages, Energy, Tools) go to the
  hand, its damage counters and effects gone. Refused on a Pokémon-ex and on the player's only
  Pokémon in play (a player may not leave itself with no Pokémon by its own choice, as Scoop
  Up). If it was the Active, its player promotes a Benched Pokémon and the turn goes on.
- TV Reporter draws 3 cards (as many as the deck holds, R-TRAINER-5), then its player discards a
  card of the hand: two steps for a player, who sees the hand after the draw (`pending`) and
  names the card with `choose` (choices.cards). With one card in hand it is discarded at once;
  with none, nothing is. Refused only when it would do nothing at all: an empty deck and no
  other card in hand.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...messages import msg, msg_n
from ..carddb import define_trainer
from ..core import Illegal, discard_cards, draw, shuffle_deck
from ..hooks import is_type
from .effects import (
    BerryTool,
    ReturnToHand,
    StadiumCard,
    TrainerCard,
    choose_cards,
    chosen_targets,
    distinct_picks,
    one_per_card,
    trainer_option,
)

if TYPE_CHECKING:
    from ..contexts import TrainerCtx
    from ..hooks import DamageEvent, Listener, PokemonEvent
    from ..state import Pokemon, State


def _basic_energy(state: State, seat: int) -> list[str]:
    return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy]


# -- Pokémon Tools: Balloon Berry, Buffer Piece ----------------------------------------------------

class BalloonBerry(BerryTool):
    """A Tool that pays its Pokémon's retreat: the Berry is discarded instead of Energy
    (`retreat_discard`, `on_retreat`: ruling above)."""
    text = ("attach to one of your Pokémon; when that Pokémon retreats, Balloon Berry is discarded instead of "
            "any Energy card (its Retreat Cost is not changed, only paid by the Berry)")

    def retreat_discard(self, src: Listener, ev: PokemonEvent, energy: int) -> int:
        """The Energy a retreat of the Berry's Pokémon discards: none."""
        return 0 if ev.pokemon is src.on and src.card in ev.pokemon.attached else energy

    def on_retreat(self, src: Listener, ev: PokemonEvent) -> None:
        """The Berry's Pokémon retreated: the Berry goes to its owner's discard pile."""
        if ev.pokemon is not src.on or src.card not in ev.pokemon.attached or ev.ctx is None:
            return
        self._eaten(ev.ctx, src)
        ev.ctx.say(msg("%(card)s pays %(pokemon)s's retreat and is discarded.", card="Balloon Berry",
                       pokemon=ev.ctx.name(ev.pokemon)), "R-TRAINER-1")


class BufferPiece(BerryTool):
    text = ("attach to one of your Pokémon: damage from the opponent's attacks to it is 20 less, after Weakness "
            "and Resistance; discarded at the end of the opponent's next turn")
    reduction = 20
    turns_attached = 1

    def play(self, tctx: TrainerCtx) -> bool:
        p = tctx.tool_target
        until = dict(p.flags.get("attached_until", {}))
        until[tctx.instance] = tctx.state.turn + self.turns_attached
        p.flags["attached_until"] = until
        tctx.say(msg("%(card)s is attached to %(pokemon)s until the end of the opponent's next turn.",
                     card="Buffer Piece", pokemon=tctx.name(p)), "R-TRAINER-4")
        return True

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on or not ev.by_opponent or dmg <= 0:
            return dmg
        dmg -= self.reduction
        ev.note(msg("%(effect)s −%(amount)s = %(damage)s", effect="Buffer Piece", amount=self.reduction, damage=dmg))
        return dmg


# -- Energy Recycle System -------------------------------------------------------------------------

class EnergyRecycleSystem(TrainerCard):
    text = ("from your discard pile, either 1 basic Energy card goes to your hand or 3 basic Energy cards are "
            "shuffled into your deck (named in choices.search, shown to both players)")
    choice_zones = {"search": "discard"}
    to_deck = 3

    def check(self, tctx: TrainerCtx) -> None:
        energy = _basic_energy(tctx.state, tctx.seat)
        if not energy:
            raise Illegal("R-TRAINER-1", msg("There is no basic Energy card in your discard pile."))
        most = self.to_deck if len(energy) >= self.to_deck else 1
        what = (msg("1 basic Energy card of your discard pile for the hand, or %(count)s for the deck",
                    count=self.to_deck)
                if most == self.to_deck else msg("1 basic Energy card of your discard pile for the hand"))
        picked = choose_cards(tctx, "search", energy, 1, most, what)
        if len(picked) not in (1, self.to_deck):
            raise Illegal("R-TRAINER-1", msg("In choices.%(key)s, name %(what)s: not %(named)s.", key="search",
                                             what=what, named=len(picked)))
        tctx.sel = picked

    def play(self, tctx: TrainerCtx) -> bool:
        picked: list[str] = tctx.sel
        who = tctx.seat_label(tctx.seat)
        for i in picked:
            tctx.me.discard.remove(i)
        if len(picked) == 1:
            tctx.me.hand.extend(picked)
            tctx.say(msg("%(seat)s shows %(card)s from the discard pile and puts it into the hand.", seat=who,
                         card=tctx.ref(picked[0], shown_to='*')), "R-TRAINER-1")
            return False
        tctx.me.deck.extend(picked)
        shuffle_deck(tctx, tctx.seat)
        tctx.say(msg("%(seat)s shows %(cards)s from the discard pile and shuffles them into the deck.", seat=who,
                     cards=tctx.refs(picked, shown_to='*')), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        energy = _basic_energy(state, seat)
        out = [trainer_option(search=[i]) for i in one_per_card(state, energy)]
        if len(energy) >= self.to_deck:
            out += [trainer_option(search=pick) for pick in distinct_picks(state, energy, self.to_deck, self.to_deck)]
        return out


# -- Stadiums: High Pressure System, Low Pressure System ---------------------------------------------

class _Stadium(StadiumCard):
    """A Stadium acting on every Pokémon in play of its `types`."""
    types: tuple[str, ...] = ()

    def _applies(self, ev: PokemonEvent) -> bool:
        return ev.seat is not None and any(is_type(ev.state, ev.pokemon, t) for t in self.types)


class HighPressureSystem(_Stadium):
    text = ("every Fire and Water Pokémon in play, yours and your opponent's, has a Retreat Cost of "
            "1 Colorless less")
    types = ("Fire", "Water")

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        return cost - 1 if self._applies(ev) else cost


class LowPressureSystem(_Stadium):
    text = "every Grass and Lightning Pokémon in play, yours and your opponent's, has 10 more HP"
    types = ("Grass", "Lightning")
    bonus = 10

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        return value + self.bonus if self._applies(ev) else value


# -- Supporters: Mr. Briney's Compassion, TV Reporter -------------------------------------------------

class MrBrineysCompassion(ReturnToHand):
    text = ("one of your Pokémon in play that is not a Pokémon-ex (targets) goes back to your hand with every "
            "card on it; if it was your Active Pokémon you promote a Benched one")

    @staticmethod
    def _returnable(state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if "ex" not in state.card_of(p.top).tags]

    def check(self, tctx: TrainerCtx) -> None:
        me = tctx.me
        if not me.bench:
            raise Illegal("R-TRAINER-1", msg("%(card)s can't return your only Pokémon in play: you would have no "
                                             "Active Pokémon.", card=tctx.card.name))
        named = next((p for p in me.in_play() if tctx.targets and tctx.targets[0] in p.stack), None)
        if named is not None and "ex" in tctx.state.card_of(named.top).tags:
            raise Illegal("R-TRAINER-1", msg("%(pokemon)s is a Pokémon-ex: %(card)s can't return it.",
                                             pokemon=tctx.name(named), card=tctx.card.name))
        (p,) = chosen_targets(tctx, [(self._returnable(tctx.state, tctx.seat),
                                msg("one of your Pokémon in play that is not a Pokémon-ex"))])
        tctx.sel = p

    def _say_back(self, tctx: TrainerCtx, name: str, cards: list[str]) -> None:
        tctx.say(msg("%(pokemon)s and every card on it go back to %(seat)s's hand: %(cards)s.", pokemon=name,
                     seat=tctx.seat_label(tctx.seat), cards=tctx.refs(cards, shown_to='*')), "R-TRAINER-1")


class TVReporter(TrainerCard):
    """Two steps for a player: play it (3 cards drawn, the hand shown to its player: `pending`),
    then `choose` the card to discard (choices.cards)."""
    text = "draw 3 cards, then discard a card of your hand (choices.cards, after seeing what you drew)"
    choose_zones = {"cards": "hand"}
    draws = 3

    def check(self, tctx: TrainerCtx) -> None:
        if not tctx.me.deck and not tctx.hand_without_me():
            raise Illegal("R-TRAINER-1", msg("Your deck and the rest of your hand are empty: %(card)s would do "
                                             "nothing.", card=tctx.card.name))

    def play(self, tctx: TrainerCtx) -> bool:
        drawn = draw(tctx, tctx.seat, self.draws)
        who = tctx.seat_label(tctx.seat)
        tctx.say(msg_n("%(seat)s draws %(num)s card(s).", "%(seat)s draws %(num)s card(s).", len(drawn),
                       seat=who), "R-TRAINER-5" if len(drawn) < self.draws else "R-TRAINER-1")
        hand = tctx.me.hand
        if len(hand) <= 1:
            self._discard(tctx, list(hand))
            return False
        tctx.say(msg("%(seat)s chooses a card of the hand to discard.", seat=who), "R-TRAINER-1")
        tctx.ask("discard", tctx.instance, list(hand))
        return False

    def _discard(self, tctx: TrainerCtx, cards: list[str]) -> None:
        if not cards:
            tctx.say(msg("%(seat)s has no card in hand to discard.", seat=tctx.seat_label(tctx.seat)),
                     "R-TRAINER-5")
            return
        tctx.me.hand.remove(cards[0])
        discard_cards(tctx, tctx.seat, cards)
        tctx.say(msg("%(seat)s discards %(card)s.", seat=tctx.seat_label(tctx.seat),
                     card=tctx.ref(cards[0], shown_to='*')), "R-TRAINER-1")

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        hand = [i for i in pending["look"] if i in tctx.me.hand]
        self._discard(tctx, choose_cards(tctx, "cards", hand, 1, 1, msg("1 card of your hand to discard")))

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        s = state.seats[seat]
        return [trainer_option()] if s.deck or len(s.hand) > 1 else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        hand = [i for i in pending["look"] if i in state.seats[pending["seat"]].hand]
        return [{"cards": [i]} for i in one_per_card(state, hand)]


define_trainer("ex3-82", BalloonBerry())
define_trainer("ex3-83", BufferPiece())
define_trainer("ex3-84", EnergyRecycleSystem())
define_trainer("ex3-85", HighPressureSystem())
define_trainer("ex3-86", LowPressureSystem())
define_trainer("ex3-87", MrBrineysCompassion())
define_trainer("ex3-88", TVReporter())
