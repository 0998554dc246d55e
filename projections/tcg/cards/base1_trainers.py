"""Base Set Trainers (base1-70 … base1-95).

Shapes (API.md's keys): `targets` are Pokémon in play the card acts on; `choices.cards` are
cards from the hand (or attached Energy) the card discards, moves or trades; `choices.search`
are cards taken from the deck or a discard pile; `choices.stage` is Devolution Spray's Stage;
`choices.order` is Pokédex's new order, top first. A choice with only one possibility may be
left out.

Can't-play decisions (refused with R-TRAINER-1 unless said otherwise):
  * a cost the hand can't pay (Computer Search / Item Finder / Maintenance need 2 other cards,
    Energy Retrieval 1, Pokémon Trader a Pokémon card);
  * nothing to act on: Potion / Super Potion on an undamaged Pokémon, Super Potion on a
    Pokémon with no Energy, Full Heal with no Special Condition, Pokémon Center with no
    damaged Pokémon, Energy Removal / Super Energy Removal with no Energy to remove (or none
    of your own to discard), Gust of Wind / Switch with no Bench, Devolution Spray with no
    evolved Pokémon, Item Finder / Revive / Pokémon Flute / Energy Retrieval with nothing
    that fits in the (public) discard pile, Pokédex with an empty deck;
  * a full Bench for Clefairy Doll, Revive and Pokémon Flute (R-BENCH-1);
  * Scoop Up on your only Pokémon in play (and discarding a Clefairy Doll that is your only
    Pokémon): a player may not leave itself with no Pokémon by its own choice.
Drawing or searching beyond what the deck holds is allowed (R-TRAINER-5): Bill, both
Professor Oaks, Computer Search and Pokémon Trader work with a short or empty deck. A search
must take a fitting card when there is one (R-TRAINER-5: do as much as you can). The rule a
refused choice cites (issue 41 item 6, `effects.choose_cards`): naming less than the card can take while
the cards are there is R-TRAINER-5; anything else that is not what the card says (a card
that does not fit, one named twice, too many) is R-TRAINER-1. Where the deck is unseen and
one sentence answers whatever is wrong (Arven, Secret Box, Mesagoza), the rule is R-TRAINER-1
too, so the rule id tells no more of the deck than the sentence.
Pokémon Trader with no Pokémon card in the deck may still be played (seed 000: "if you can't
do what the card says, do as much as you can"): no trade happens, the Pokémon card offered
stays in the hand, and the deck is only shuffled; `choices.search` is then empty and
`choices.cards` may name the card offered or be left out.
Cards traded or discarded to pay for a card (Item Finder, Energy Retrieval) can't be the
cards taken back: the search looks at the discard pile as it was before the card was played.

Devolution Spray keeps the Pokémon's `entered_turn`: a Pokémon that evolved this turn still
can't evolve again this turn (R-EVOLVE-2), one that evolved earlier may evolve again at once.
The Doll counts as a Pokémon only in play: in the hand, deck or discard pile it is a Trainer
(Lass shuffles it away, Item Finder can take it, Pokémon Trader, Revive and Pokémon Flute
can't), while Scoop Up returns it to the hand and Gust of Wind / Switch move it.

Revive's "half its HP" is the HP of the Pokémon on the Bench, with the effects in play
(R-INPLAY-1: in an unlimited match, Low Pressure System's 10 more HP counts); the card in the
discard pile has no HP in play to read.

Clefairy Doll is discarded from play with its own action, `{"type": "discard_from_play",
"card": "<the Doll's instance>"}` (actions.py), during its owner's turn; if it was the
Active, the owner then promotes a Benched Pokémon (phase "promote", then back to "main").
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import define_trainer
from ..core import (
    Illegal,
    discard_cards,
    draw,
    heal,
    remove_pokemon_from_play,
    shuffle_deck,
)
from ..hooks import DamageEvent, Listener
from ..state import Pokemon
from .effects import (
    BaseSetTrainer,
    ClefairyDoll,
    EnergyRemoval,
    FullHeal,
    GustOfWind,
    PokemonBreeder,
    Potion,
    ProfessorOak,
    Switch,
    TrainerCtx,
    active_pokemon,
    bench_full,
    choose_cards,
    chosen_targets,
    is_a_pokemon_card,
    is_basic_pokemon_card,
    other_hand_cards,
    to_hand,
    trainer_option,
)

if TYPE_CHECKING:
    from ..state import State

STAGE_RANK: dict[str | None, int] = {"Basic": 0, "Stage 1": 1, "Stage 2": 2}   # by CardDef.stage


# -- helpers -------------------------------------------------------------------------------


def _attach(tctx: TrainerCtx, p: Pokemon) -> None:
    trainer = tctx.card.trainer
    assert trainer is not None and trainer.turns_attached is not None, "a Trainer that attaches"
    p.attached.append(tctx.instance)
    until = dict(p.flags.get("attached_until", {}))
    until[tctx.instance] = tctx.state.turn + trainer.turns_attached
    p.flags["attached_until"] = until


# -- the cards -----------------------------------------------------------------------------


class ComputerSearch(BaseSetTrainer):
    """Two steps for a player (who can't see the deck): play it with the 2 discards, look
    through the deck (`pending`), then `choose` the card. Given `choices.search` at once, it
    is done in one action."""
    text = "discard 2 other cards from your hand, then take any card from your deck and shuffle it"
    choice_zones = {"cards": "hand", "search": "deck"}
    choose_zones = {"search": "look"}

    def check(self, tctx: TrainerCtx) -> None:
        others = self._need_others(tctx, 2, msg("to discard"))
        cards = choose_cards(tctx, "cards", others, 2, 2, msg("2 other cards from the hand to discard"))
        search = None
        if "search" in tctx.choices or not tctx.me.deck:
            search = self._pick(tctx, tctx.me.deck, hidden_zone=True)
        tctx.sel = (cards, search)

    @staticmethod
    def _pick(tctx: TrainerCtx, deck: list[str], hidden_zone: bool) -> list[str]:
        return choose_cards(tctx, "search", deck, 1, 1, msg("the card to take from the deck"), fewer="R-TRAINER-5",
                       hidden_zone=hidden_zone)

    def play(self, tctx: TrainerCtx) -> bool:
        cards, search = tctx.sel
        for i in cards:
            tctx.me.hand.remove(i)
        discard_cards(tctx, tctx.seat, cards)
        if search is None:
            tctx.say(msg("%(seat)s discards 2 cards and looks through the deck.", seat=tctx.seat_label(tctx.seat)),
                     "R-TRAINER-1")
            tctx.ask("search", tctx.instance, tctx.me.deck)
            return False
        tctx.say(msg("%(seat)s discards 2 cards.", seat=tctx.seat_label(tctx.seat)), "R-TRAINER-1")
        self._take(tctx, search)
        return False

    def _take(self, tctx: TrainerCtx, search: list[str]) -> None:
        to_hand(tctx, tctx.seat, search, "deck")
        shuffle_deck(tctx, tctx.seat)
        if search:
            tctx.say(msg("%(seat)s takes %(card)s from the deck and shuffles it.", seat=tctx.seat_label(tctx.seat),
                         card=tctx.ref(search[0])), "R-TRAINER-1")
        else:
            tctx.say(msg("%(seat)s takes nothing (the deck is empty) from the deck and shuffles it.",
                         seat=tctx.seat_label(tctx.seat)), "R-TRAINER-5")

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in tctx.me.deck]
        self._take(tctx, self._pick(tctx, shown, hidden_zone=False))

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = other_hand_cards(state, seat, instance)
        return [trainer_option(cards=list(c)) for c in combinations(others, 2)]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        return [{"search": [i]} for i in pending["look"] if i in deck]


class DevolutionSpray(BaseSetTrainer):
    text = ("choose one of your evolved Pokémon and a Stage: its Evolution cards of that Stage or "
            "higher are discarded, and it loses Special Conditions and attack effects as when evolving")

    def _evolved(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if len(p.stack) > 1]

    def _stages(self, state: State, p: Pokemon) -> list[str]:
        top = max(STAGE_RANK[state.card_of(i).stage] for i in p.stack[1:])
        return [s for s in ("Stage 1", "Stage 2") if STAGE_RANK[s] <= top]

    def check(self, tctx: TrainerCtx) -> None:
        evolved = self._evolved(tctx.state, tctx.seat)
        if not evolved:
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon in play is evolved."))
        (p,) = chosen_targets(tctx, [(evolved, msg("one of your evolved Pokémon in play"))])
        stages = self._stages(tctx.state, p)
        stage = tctx.choices.get("stage")
        if stage is None and len(stages) == 1:
            stage = stages[0]
        if stage not in stages:
            raise Illegal("R-TRAINER-1", msg("For %(pokemon)s, choices.stage must be one of: %(stages)s.",
                                             pokemon=tctx.name(p), stages=", ".join(stages)))
        tctx.sel = (p, stage)

    def play(self, tctx: TrainerCtx) -> bool:
        p, stage = tctx.sel
        old = tctx.name(p)
        gone = [i for i in p.stack[1:] if STAGE_RANK[tctx.state.card_of(i).stage] >= STAGE_RANK[stage]]
        p.stack = [i for i in p.stack if i not in gone]
        discard_cards(tctx, tctx.seat, gone)
        p.conditions = []
        p.flags.pop("poison_damage", None)
        p.effects = [e for e in p.effects if e.get("survives_evolution")]
        tctx.say(msg("%(old)s is devolved to %(pokemon)s (%(count)s Evolution card(s) discarded); Special "
                     "Conditions and attack effects on it end.", old=old, pokemon=tctx.name(p), count=len(gone)),
                 "R-EVOLVE-5")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top], stage=s) for p in self._evolved(state, seat) for s in self._stages(state, p)]


class ImpostorProfessorOak(BaseSetTrainer):
    text = "your opponent shuffles their hand into their deck and draws 7 cards"

    def play(self, tctx: TrainerCtx) -> bool:
        them = tctx.them
        n = len(them.hand)
        them.deck.extend(them.hand)
        them.hand = []
        shuffle_deck(tctx, tctx.opp)
        drawn = draw(tctx, tctx.opp, 7)
        tctx.say(msg("%(seat)s shuffles %(count)s card(s) from the hand into the deck and draws %(drawn)s.",
                     seat=tctx.seat_label(tctx.opp), count=n, drawn=len(drawn)),
                 "R-TRAINER-5" if len(drawn) < 7 else "R-TRAINER-1")
        return False


class _TradeForDiscardPile(BaseSetTrainer, ABC):
    """Discard `discards` other cards of the hand (choices.cards) to take 1 to `most` cards that
    `_wanted` allows from the discard pile (choices.search) into the hand."""
    choice_zones = {"cards": "hand", "search": "discard"}
    discards = 1
    why = msg("to discard")
    discard_what = msg("1 other card from the hand to discard")
    most = 1
    search_what: str        # the cards to take, in a refusal
    none_there: str         # the refusal when the discard pile holds none

    @abstractmethod
    def _wanted(self, state: State, seat: int) -> list[str]:
        """The cards of the discard pile the card may take."""

    @abstractmethod
    def _say(self, tctx: TrainerCtx, cards: list[str], search: list[str]) -> None:
        """The narration of the trade."""

    def check(self, tctx: TrainerCtx) -> None:
        others = self._need_others(tctx, self.discards, self.why)
        wanted = self._wanted(tctx.state, tctx.seat)
        if not wanted:
            raise Illegal("R-TRAINER-1", self.none_there)
        cards = choose_cards(tctx, "cards", others, self.discards, self.discards, self.discard_what)
        search = choose_cards(tctx, "search", wanted, 1, self.most, self.search_what)
        tctx.sel = (cards, search)

    def play(self, tctx: TrainerCtx) -> bool:
        cards, search = tctx.sel
        to_hand(tctx, tctx.seat, search, "discard")
        for i in cards:
            tctx.me.hand.remove(i)
        discard_cards(tctx, tctx.seat, cards)
        self._say(tctx, cards, search)
        return False


class ItemFinder(_TradeForDiscardPile):
    text = "discard 2 other cards from your hand to take a Trainer card from your discard pile into your hand"
    discards = 2
    discard_what = msg("2 other cards from the hand to discard")
    search_what = msg("a Trainer card from your discard pile")
    none_there = msg("There is no Trainer card in your discard pile to take.")

    def _wanted(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).supertype == "Trainer"]

    def _say(self, tctx: TrainerCtx, cards: list[str], search: list[str]) -> None:
        tctx.say(msg("%(seat)s discards 2 cards and takes %(card)s back from the discard pile.",
                     seat=tctx.seat_label(tctx.seat), card=tctx.name(search[0])), "R-TRAINER-1")

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = other_hand_cards(state, seat, instance)
        return [trainer_option(cards=list(c), search=[t]) for c in combinations(others, 2)
                for t in self._wanted(state, seat)]


class Lass(BaseSetTrainer):
    text = ("both players show their hands and shuffle every Trainer card in them into their own "
            "decks (your own hand included)")

    def play(self, tctx: TrainerCtx) -> bool:
        state = tctx.state
        for seat_no in (tctx.seat, tctx.opp):
            seat = state.seats[seat_no]
            tctx.show_hand(seat_no, msg("Lass shows %(seat)s's hand", seat=tctx.seat_label(seat_no)))
            tctx.say(msg("%(seat)s shows the hand: %(cards)s.", seat=tctx.seat_label(seat_no),
                         cards=tctx.refs(seat.hand, shown_to="*")))
            trainers = [i for i in seat.hand if state.card_of(i).supertype == "Trainer"]
            if trainers:
                seat.hand = [i for i in seat.hand if i not in trainers]
                seat.deck.extend(trainers)
                shuffle_deck(tctx, seat_no)
            tctx.say(msg("%(seat)s shuffles %(count)s Trainer card(s) into the deck.", seat=tctx.seat_label(seat_no),
                         count=len(trainers)), "R-TRAINER-1")
        return False


class PokemonTrader(BaseSetTrainer):
    """Two steps for a player (who can't see the deck): play it showing the Pokémon card
    offered from the hand (`choices.cards`), look through the deck (`pending`), then `choose`
    the Pokémon card to take (`choices.search`; `[]` when the deck has none). Both cards are
    shown to the opponent. Given `choices.search` at once, it is done in one action."""
    text = ("show a Pokémon card from your hand and one from your deck and swap them, then shuffle "
            "your deck; with no Pokémon card in the deck nothing is traded and the deck is shuffled")
    choice_zones = {"cards": "hand", "search": "deck"}
    choose_zones = {"search": "look"}

    @staticmethod
    def _wanted(state: State, seat: int, among: Iterable[str] | None = None) -> list[str]:
        deck = state.seats[seat].deck
        return [i for i in (deck if among is None else among) if i in deck and is_a_pokemon_card(state, i)]

    def check(self, tctx: TrainerCtx) -> None:
        state = tctx.state
        mine = [i for i in tctx.hand_without_me() if is_a_pokemon_card(state, i)]
        if not mine:
            raise Illegal("R-TRAINER-1", msg("Pokémon Trader needs a Pokémon card in your hand to trade."))
        cards = choose_cards(tctx, "cards", mine, 1, 1, msg("the Pokémon card from your hand to trade"))
        search = None
        if "search" in tctx.choices:
            search = choose_cards(tctx, "search", self._wanted(state, tctx.seat), 1, 1,
                             msg("the Pokémon card to take from your deck"), fewer="R-TRAINER-5", hidden_zone=True)
        tctx.sel = (cards[0], search)

    def play(self, tctx: TrainerCtx) -> bool:
        offered, search = tctx.sel
        if search is None:
            tctx.say(msg("%(seat)s shows %(card)s to trade and looks through the deck.",
                         seat=tctx.seat_label(tctx.seat), card=tctx.ref(offered, shown_to="*")), "R-TRAINER-1")
            tctx.ask("search", tctx.instance, tctx.me.deck, offered=offered)
            return False
        self._trade(tctx, offered, search)
        return False

    def _trade(self, tctx: TrainerCtx, offered: str, search: list[str]) -> None:
        if search:
            to_hand(tctx, tctx.seat, search, "deck")
            tctx.me.hand.remove(offered)
            tctx.me.deck.append(offered)
        shuffle_deck(tctx, tctx.seat)
        if search:
            tctx.say(msg("%(seat)s shows %(card)s, puts it into the deck, takes %(taken)s and shuffles.",
                         seat=tctx.seat_label(tctx.seat), card=tctx.ref(offered, shown_to="*"),
                         taken=tctx.ref(search[0], shown_to="*")), "R-TRAINER-1")
        else:
            tctx.say(msg("%(seat)s has no Pokémon card in the deck, so no trade happens: %(card)s stays in the hand; "
                         "the deck is shuffled.", seat=tctx.seat_label(tctx.seat),
                         card=tctx.ref(offered, shown_to="*")), "R-TRAINER-5")

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        wanted = self._wanted(tctx.state, tctx.seat, pending["look"])
        search = choose_cards(tctx, "search", wanted, 1, 1, msg("the Pokémon card to take from your deck"),
                         fewer="R-TRAINER-5")
        self._trade(tctx, pending["offered"], search)

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        mine = [i for i in other_hand_cards(state, seat, instance) if is_a_pokemon_card(state, i)]
        return [trainer_option(cards=[m]) for m in mine]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        wanted = self._wanted(state, pending["seat"], pending["look"])
        return [{"search": [w]} for w in wanted] or [{"search": []}]


class ScoopUp(BaseSetTrainer):
    text = ("the Basic card of one of your Pokémon goes back to your hand; every card on it "
            "(evolutions, Energy, attached Trainers) is discarded; if it was Active you promote a "
            "Benched Pokémon")

    def check(self, tctx: TrainerCtx) -> None:
        me = tctx.me
        if not me.bench:
            raise Illegal("R-TRAINER-1", msg("Scoop Up can't take your only Pokémon in play: you would have no "
                                             "Active."))
        (p,) = chosen_targets(tctx, [(me.in_play(), msg("one of your Pokémon in play"))])
        tctx.sel = p

    def play(self, tctx: TrainerCtx) -> bool:
        p = tctx.sel
        was_active = tctx.me.active is p
        name = tctx.name(p)
        remove_pokemon_from_play(tctx, tctx.seat, p)
        rest = p.stack[1:] + p.energy + p.attached
        discard_cards(tctx, tctx.seat, rest)
        tctx.me.hand.append(p.stack[0])
        tctx.say(msg("%(pokemon)s is scooped up: %(card)s goes back to the hand, %(count)s other card(s) are "
                     "discarded.", pokemon=name, card=tctx.name(p.stack[0]), count=len(rest)), "R-TRAINER-1")
        if was_active:
            tctx.continue_after("resume")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in state.seats[seat].in_play()]


class SuperEnergyRemoval(BaseSetTrainer):
    text = ("discard an Energy card from one of your Pokémon, then discard up to 2 Energy cards "
            "from one of your opponent's Pokémon")

    def check(self, tctx: TrainerCtx) -> None:
        mine = [p for p in tctx.me.in_play() if p.energy]
        theirs = [p for p in tctx.them.in_play() if p.energy]
        if not mine:
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has an Energy card to discard."))
        if not theirs:
            raise Illegal("R-TRAINER-1", msg("None of your opponent's Pokémon has an Energy card to discard."))
        own, opp = chosen_targets(tctx, [(mine, msg("one of your Pokémon with Energy")),
                                   (theirs, msg("one of your opponent's Pokémon with Energy"))])
        raw = tctx.choices.get("cards")
        if raw is None:
            if len(own.energy) == 1 and len(opp.energy) == 1:
                raw = own.energy + opp.energy
            else:
                raise Illegal("R-TRAINER-1", msg("Name in choices.cards 1 Energy card of yours and 1 or 2 of the "
                                                 "opponent's Pokémon's."))
        if not isinstance(raw, list) or len(set(raw)) != len(raw):
            raise Illegal("R-TRAINER-1", msg("List distinct Energy cards in choices.cards."))
        paid = [i for i in raw if i in own.energy]
        taken = [i for i in raw if i in opp.energy]
        if len(paid) != 1 or not 1 <= len(taken) <= 2 or len(paid) + len(taken) != len(raw):
            raise Illegal("R-TRAINER-1", msg("In choices.cards, name exactly 1 Energy card attached to %(pokemon)s "
                                             "and 1 or 2 attached to %(other)s.", pokemon=tctx.name(own),
                                             other=tctx.name(opp)))
        tctx.sel = (own, opp, paid, taken)

    def play(self, tctx: TrainerCtx) -> bool:
        own, opp, paid, taken = tctx.sel
        own.energy.remove(paid[0])
        discard_cards(tctx, tctx.seat, paid)
        for i in taken:
            opp.energy.remove(i)
        discard_cards(tctx, tctx.opp, taken)
        tctx.say(msg("%(pokemon)s discards an Energy card; %(count)s Energy card(s) attached to %(other)s are "
                     "discarded.", pokemon=tctx.name(own), count=len(taken), other=tctx.name(opp)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        out = []
        for own in state.seats[seat].in_play():
            for e in own.energy:
                for opp in state.seats[1 - seat].in_play():
                    for k in (1, 2):
                        for combo in combinations(opp.energy, k):
                            out.append(trainer_option([own.top, opp.top], cards=[e, *combo]))
        return out


class Defender(BaseSetTrainer):
    text = ("attach to one of your Pokémon: attacks do 20 less damage to it (after Weakness and "
            "Resistance); discarded at the end of your opponent's next turn")
    reduction = 20

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if ev.target is not src.on:
            return dmg
        dmg -= self.reduction
        ev.note(msg("Defender −%(amount)s = %(damage)s", amount=self.reduction, damage=dmg))
        return dmg
    turns_attached = 1

    def check(self, tctx: TrainerCtx) -> None:
        (p,) = chosen_targets(tctx, [(tctx.me.in_play(), msg("one of your Pokémon in play"))])
        tctx.sel = p

    def play(self, tctx: TrainerCtx) -> bool:
        _attach(tctx, tctx.sel)
        tctx.say(msg("Defender is attached to %(pokemon)s until the end of the opponent's next turn.",
                     pokemon=tctx.name(tctx.sel)), "R-TRAINER-1")
        return True

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in state.seats[seat].in_play()]


class EnergyRetrieval(_TradeForDiscardPile):
    text = "discard 1 other card from your hand to take 1 or 2 basic Energy cards from your discard pile"
    why = msg("to trade")
    most = 2
    search_what = msg("1 or 2 basic Energy cards from your discard pile")
    none_there = msg("There is no basic Energy card in your discard pile to take.")

    def _wanted(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy]

    def _say(self, tctx: TrainerCtx, cards: list[str], search: list[str]) -> None:
        tctx.say(msg("%(seat)s trades %(card)s for %(count)s basic Energy card(s) from the discard pile.",
                     seat=tctx.seat_label(tctx.seat), card=tctx.name(cards[0]), count=len(search)), "R-TRAINER-1")

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = other_hand_cards(state, seat, instance)
        energy = self._wanted(state, seat)
        picks = [list(c) for k in (1, 2) for c in combinations(energy, k)]
        return [trainer_option(cards=[o], search=s) for o in others for s in picks]


class Maintenance(BaseSetTrainer):
    text = "shuffle 2 other cards from your hand into your deck, then draw a card"
    choice_zones = {"cards": "hand"}

    def check(self, tctx: TrainerCtx) -> None:
        others = self._need_others(tctx, 2, msg("to shuffle into the deck"))
        tctx.sel = choose_cards(tctx, "cards", others, 2, 2,
                                msg("2 other cards from the hand to shuffle into the deck"))

    def play(self, tctx: TrainerCtx) -> bool:
        for i in tctx.sel:
            tctx.me.hand.remove(i)
        tctx.me.deck.extend(tctx.sel)
        shuffle_deck(tctx, tctx.seat)
        draw(tctx, tctx.seat, 1)
        tctx.say(msg("%(seat)s shuffles 2 cards into the deck and draws a card.", seat=tctx.seat_label(tctx.seat)),
                 "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(cards=list(c)) for c in combinations(other_hand_cards(state, seat, instance), 2)]


class PlusPower(BaseSetTrainer):
    text = ("attach to your Active Pokémon: its attack does 10 more damage to the Defending "
            "Pokémon this turn (after Weakness and Resistance); discarded at the end of your turn")
    bonus = 10

    def damage_attacker_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        # only when the attack still does damage after Weakness and Resistance (card text)
        if ev.attacker is not src.on or dmg <= 0:
            return dmg
        dmg += self.bonus
        ev.note(msg("PlusPower +%(amount)s = %(damage)s", amount=self.bonus, damage=dmg))
        return dmg
    turns_attached = 0

    def check(self, tctx: TrainerCtx) -> None:
        (p,) = chosen_targets(tctx, [([active_pokemon(tctx.me)], msg("your Active Pokémon"))])
        tctx.sel = p

    def play(self, tctx: TrainerCtx) -> bool:
        _attach(tctx, tctx.sel)
        tctx.say(msg("PlusPower is attached to %(pokemon)s until the end of this turn.", pokemon=tctx.name(tctx.sel)),
                 "R-TRAINER-1")
        return True

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([active_pokemon(state.seats[seat]).top])]


class PokemonCenter(BaseSetTrainer):
    text = "heal every damaged Pokémon of yours completely, then discard all Energy cards from the ones healed"

    def check(self, tctx: TrainerCtx) -> None:
        if not any(p.damage for p in tctx.me.in_play()):
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has damage counters."))

    def play(self, tctx: TrainerCtx) -> bool:
        for p in tctx.me.in_play():
            if p.damage:
                counters = p.damage // 10
                p.damage = 0
                energy, p.energy = p.energy, []
                discard_cards(tctx, tctx.seat, energy)
                tctx.say(msg("%(pokemon)s loses %(count)s damage counter(s) and discards %(energy)s Energy card(s).",
                             pokemon=tctx.name(p), count=counters, energy=len(energy)), "R-TRAINER-1")
        return False


class PokemonFlute(BaseSetTrainer):
    text = "put a Basic Pokémon card from your opponent's discard pile onto their Bench"
    choice_zones = {"search": "opponent_discard"}

    def _basics(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[1 - seat].discard if is_basic_pokemon_card(state, i)]

    def check(self, tctx: TrainerCtx) -> None:
        if bench_full(tctx.state, tctx.opp):
            raise Illegal("R-BENCH-1", msg("%(seat)s's Bench is full.", seat=tctx.seat_label(tctx.opp)))
        basics = self._basics(tctx.state, tctx.seat)
        if not basics:
            raise Illegal("R-TRAINER-1", msg("There is no Basic Pokémon card in your opponent's discard pile."))
        tctx.sel = choose_cards(tctx, "search", basics, 1, 1,
                           msg("a Basic Pokémon card from the opponent's discard pile"))

    def play(self, tctx: TrainerCtx) -> bool:
        inst = tctx.sel[0]
        tctx.them.discard.remove(inst)
        tctx.them.bench.append(Pokemon(stack=[inst], entered_turn=tctx.state.turn))
        tctx.say(msg("%(pokemon)s goes from %(seat)s's discard pile onto their Bench.", pokemon=tctx.name(inst),
                     seat=tctx.seat_label(tctx.opp)), "R-BENCH-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(search=[i]) for i in self._basics(state, seat)]


class Pokedex(BaseSetTrainer):
    """Two steps for a player (who can't see the deck): play it, look at the top cards
    (`pending`), then `choose` their order. Given `choices.order` at once (or with a single
    card to look at), it is done in one action; the narration shows the order to its player
    alone."""
    text = "look at the top 5 cards of your deck (fewer if the deck is shorter) and put them back in any order"
    choice_zones = {"order": "deck_top5"}
    choose_zones = {"order": "look"}

    def check(self, tctx: TrainerCtx) -> None:
        deck = tctx.me.deck
        if not deck:
            raise Illegal("R-TRAINER-1", msg("Your deck is empty: there is nothing to look at."))
        top = deck[:5]
        order = tctx.choices.get("order")
        if order is None and len(top) == 1:
            order = list(top)
        tctx.sel = None if order is None else self._order(tctx, top, order)

    @staticmethod
    def _order(tctx: TrainerCtx, top: list[str], order: Any) -> list[str]:
        if not isinstance(order, list) or sorted(map(str, order)) != sorted(top) or len(order) != len(top):
            raise Illegal("R-TRAINER-1", msg("In choices.order, list the top %(count)s card(s) of the deck, each "
                                             "once, new top first.", count=len(top)))
        return list(order)

    def play(self, tctx: TrainerCtx) -> bool:
        if tctx.sel is None:
            top = tctx.me.deck[:5]
            tctx.say(msg("%(seat)s looks at the top %(count)s card(s) of the deck.", seat=tctx.seat_label(tctx.seat),
                         count=len(top)), "R-TRAINER-5" if len(top) < 5 else "R-TRAINER-1")
            tctx.ask("order", tctx.instance, top)
            return False
        self._put_back(tctx, tctx.sel)
        return False

    def _put_back(self, tctx: TrainerCtx, order: list[str]) -> None:
        n = len(order)
        tctx.me.deck[:n] = order
        tctx.say(msg("%(seat)s puts the top %(count)s card(s) of the deck back in a new order (top first: "
                     "%(cards)s).", seat=tctx.seat_label(tctx.seat), count=n,
                     cards=tctx.refs(order, shown_to=[tctx.seat])),
                 "R-TRAINER-5" if n < 5 else "R-TRAINER-1")

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        self._put_back(tctx, self._order(tctx, pending["look"], tctx.choices.get("order")))

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if state.seats[seat].deck else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"order": list(p)} for p in permutations(pending["look"])]


class Revive(BaseSetTrainer):
    text = ("put a Basic Pokémon card from your discard pile onto your Bench with damage counters "
            "equal to half its HP, rounded down to a multiple of 10")
    choice_zones = {"search": "discard"}

    def _basics(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if is_basic_pokemon_card(state, i)]

    def check(self, tctx: TrainerCtx) -> None:
        if bench_full(tctx.state, tctx.seat):
            raise Illegal("R-BENCH-1", msg("%(seat)s's Bench is full.", seat=tctx.seat_label(tctx.seat)))
        basics = self._basics(tctx.state, tctx.seat)
        if not basics:
            raise Illegal("R-TRAINER-1", msg("There is no Basic Pokémon card in your discard pile."))
        tctx.sel = choose_cards(tctx, "search", basics, 1, 1, msg("a Basic Pokémon card from your discard pile"))

    def play(self, tctx: TrainerCtx) -> bool:
        inst = tctx.sel[0]
        tctx.me.discard.remove(inst)
        p = Pokemon(stack=[inst], entered_turn=tctx.state.turn)
        tctx.me.bench.append(p)
        hp = tctx.state.hp(p)            # its HP on the Bench, with the effects in play (R-INPLAY-1)
        p.damage = (hp // 2) // 10 * 10
        tctx.say(msg("%(pokemon)s comes back onto the Bench with %(count)s damage counter(s) (%(damage)s/%(hp)s).",
                     pokemon=tctx.name(inst), count=p.damage // 10, damage=p.damage, hp=hp), "R-DAMAGE-3")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(search=[i]) for i in self._basics(state, seat)]


class SuperPotion(BaseSetTrainer):
    text = "discard an Energy card from one of your damaged Pokémon to remove up to 4 damage counters from it"

    def _fits(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if p.damage and p.energy]

    def check(self, tctx: TrainerCtx) -> None:
        fits = self._fits(tctx.state, tctx.seat)
        if not fits:
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has both damage counters and an Energy card."))
        (p,) = chosen_targets(tctx, [(fits, msg("one of your damaged Pokémon with an Energy card"))])
        cards = choose_cards(tctx, "cards", p.energy, 1, 1,
                        msg("the Energy card to discard from %(pokemon)s", pokemon=tctx.name(p)))
        tctx.sel = (p, cards)

    def play(self, tctx: TrainerCtx) -> bool:
        p, cards = tctx.sel
        p.energy.remove(cards[0])
        discard_cards(tctx, tctx.seat, cards)
        healed = heal(tctx, p, 40)
        tctx.say(msg("%(pokemon)s discards an Energy card and loses %(count)s damage counter(s).",
                     pokemon=tctx.name(p), count=healed // 10), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top], cards=[e]) for p in self._fits(state, seat) for e in p.energy]


class Bill(BaseSetTrainer):
    text = "the player draws 2 cards (fewer when the deck runs out)"

    def play(self, tctx: TrainerCtx) -> bool:
        drawn = draw(tctx, tctx.seat, 2)
        tctx.say(msg("%(seat)s draws %(count)s card(s).", seat=tctx.seat_label(tctx.seat), count=len(drawn)),
                 "R-TRAINER-5" if len(drawn) < 2 else "R-TRAINER-1")
        return False


define_trainer("base1-70", ClefairyDoll(), as_pokemon={"hp": 10, "type": "Colorless", "retreat_cost": 0})
define_trainer("base1-71", ComputerSearch())
define_trainer("base1-72", DevolutionSpray())
define_trainer("base1-73", ImpostorProfessorOak())
define_trainer("base1-74", ItemFinder())
define_trainer("base1-75", Lass())
define_trainer("base1-76", PokemonBreeder())
define_trainer("base1-77", PokemonTrader())
define_trainer("base1-78", ScoopUp())
define_trainer("base1-79", SuperEnergyRemoval())
define_trainer("base1-80", Defender())
define_trainer("base1-81", EnergyRetrieval())
define_trainer("base1-82", FullHeal())
define_trainer("base1-83", Maintenance())
define_trainer("base1-84", PlusPower())
define_trainer("base1-85", PokemonCenter())
define_trainer("base1-86", PokemonFlute())
define_trainer("base1-87", Pokedex())
define_trainer("base1-88", ProfessorOak())
define_trainer("base1-89", Revive())
define_trainer("base1-90", SuperPotion())
define_trainer("base1-91", Bill())
define_trainer("base1-92", EnergyRemoval())
define_trainer("base1-93", GustOfWind())
define_trainer("base1-94", Potion())
define_trainer("base1-95", Switch())
