"""Trainer blocks the modern printed wordings compile to (`cards/compiler/trainers.py`), and the
modern Trainers' shared parts (`sv_standard_trainers.py`): a card filter read from the printed
words (`Fits`), deck searches to the hand (`SearchToHand`, `SearchEach`), draws (`Draw`,
`ShuffleHandDraw`) and healing one Pokémon (`HealOne`).

Rulings taken here:
- A search takes what the card names (R-TRAINER-1) and what it can (R-TRAINER-5, as Jacq and
  Arven, `sv1_supporters.py`): "a …" is one card, "up to N" 1 to N, at least one when the deck
  holds one; "a …, a … and a …" one card of each kind the deck holds. Two steps for a player
  (R-HIDDEN-1): the deck is shown to its player alone, `choose` names `choices.search`; the cards
  taken are revealed to both players, then the deck is shuffled. A short or empty deck never
  refuses the card. The narration names the card played, not the hidden deck.
- "A Pokémon that doesn't have a Rule Box": in the modern pool (Scarlet & Violet, Mega
  Evolution) the Pokémon with a Rule Box are the Pokémon ex (tag "ex", Mega Evolution Pokémon ex
  included): the others are taken (modern ruling: Pokémon ex, V, VMAX, VSTAR and Radiant Pokémon
  have Rule Boxes; only ex are printed in this pool).
- "Evolution Pokémon": a Stage 1 or Stage 2 Pokémon card. A Pokémon card's type in the deck is
  its printed type (hooks.py, R-INPLAY-1). A fossil (an Item outside play) is no Pokémon card.
- Draws: as many as the deck holds (R-TRAINER-5); the cards drawn are never named (R-HIDDEN-1).
  "If you have exactly N Prize cards remaining, draw M cards instead" is read when the card is
  played, before the hand is shuffled in.
  "If your opponent has N or fewer Prize cards remaining, draw M more cards" likewise.
- Healing one Pokémon ("Heal N damage from 1 of your Pokémon") is refused when none of its
  player's Pokémon has damage, healing the Active ("Heal N damage from your Active Pokémon") when
  the Active has none or is not of the type printed ("your Active Dragon Pokémon"), healing each
  Pokémon ("Heal N damage from each of your (T) Pokémon") when none of them has damage (nothing to
  act on, R-TRAINER-1, as Potion). "…, and it recovers from all Special Conditions": a Pokémon
  with damage or a Special Condition may be chosen; its Conditions all end (R-STATUS-1).
- "Flip a coin. If heads, draw N cards. If tails, draw M cards.": one coin when the card is played.
- A type Berry (Occa, Passho, …): when an attack of an opponent's Pokémon of its type (its type
  now, R-INPLAY-1) would do damage to the Berry's Pokémon, Active or Benched, that damage is N less
  after Weakness and Resistance (R-DAMAGE-1 e) and the Berry is discarded at once, even when the
  damage comes to 0; damage already 0 before it does not use it up.
- The discard pile ("Put up to N … from your discard pile into your hand", "Shuffle up to N …
  from your discard pile into your deck"): 1 to N fitting cards (the pile is public: at least one,
  as Energy Retrieval and Pal Pad, `sv1_items.py`), named with the card (`choices.search`) and
  shown to both players; refused when the pile holds none (R-TRAINER-1).
- "Look at the top (bottom) N cards … You may reveal …": 0 to the count printed of the fitting
  cards looked at ("you may"), refused with an empty deck (nothing to look at, as Pokégear 3.0);
  the deck is then shuffled whole.
- 'A … card that has "X" in its name' (Team Rocket's Transceiver, TM Machine): a card of that
  kind whose printed name holds those words ("Technical Machine: Fluorite"). "A Trainer card":
  an Item, Supporter, Stadium or Pokémon Tool card (a Technical Machine included).
- "The X's Pokémon this card is attached to gets +N HP" (Cynthia's Power Weight): N more HP while
  the Pokémon is an X's Pokémon (its name now begins "X's "); attached to another Pokémon (a
  Tool may be attached to any Pokémon, R-TRAINER-4) it does nothing. Likewise a type printed
  ("The Dragon Pokémon …"): its type now (R-INPLAY-1).
- "The Retreat Cost … is CC less" (Air Balloon): N Colorless less, never below 0 (as Rescue Board).
- A Technical Machine ("If this card is attached to 1 of your Pokémon, discard it at the end of
  your turn."): discarded at the end of the turn of the player whose Pokémon holds it, before
  the checkup (R-CHECKUP-1; the attack, if any, is done by then). Its attack is the engine's
  (`core.usable_attacks`: an attack printed on an attached Trainer is its Pokémon's).
- "Draw cards until you have N cards in your hand" is refused when the hand (the card played
  aside) already holds N (it would do nothing, as Grusha, `sv2_trainers.py`); "If all of your
  Pokémon in play are X's Pokémon, … M … instead" is read when the card is played. Surfer's draw
  ("Switch … If you do, draw cards until you have N cards") follows the switch: the card is
  refused only without a Benched Pokémon (as Switch); with N cards in the hand it draws none.
- "You can use this card only if you discard another card from your hand." (Iris's Fighting
  Spirit, Morty's Conviction): the card discarded (`choices.cards`) is shown to both players, then
  the draw; refused without another card, or when the draw after the discard would be none (the
  hand then already holds N; the opponent has no Benched Pokémon): nothing but a discard.
- Drasna ("Shuffle your hand into your deck. Then, flip a coin. …"): the hand goes in, then the coin.
- Bianca's Devotion ("… 1 of your Pokémon that has 30 HP or less remaining"): a damaged Pokémon
  whose HP now less its damage is 30 or less; refused when none is (nothing to heal).
- Lisia's Appeal: a Benched Pokémon that is a Basic Pokémon now; it comes in, then is Confused
  (R-STATUS-7: what it may not get, it does not get); refused without one (R-TRAINER-1).
- Scoop Up Cyclone: the Pokémon and every card it holds go to the hand (public cards: they were in
  play); refused with no Benched Pokémon (its player would have no Pokémon left, as Penny).
- Arven's Sandwich: 100 instead of 30 when the Active is an Arven's Pokémon when the card is played.
- Awakening Drum ("Draw a card for each of your Ancient Pokémon in play"): refused with none (as
  Grusha: it would draw nothing).
- Dangerous Laser: the opponent's Active is Burned, then Confused (R-STATUS-7: both stay).
- Stadiums for both players' Pokémon: Lively Stadium (+N HP to each Pokémon that is a Basic
  Pokémon now), Full Metal Lab and Granite Cave (N less damage from the attacks of the opponent's
  Pokémon, after Weakness and Resistance, Active or Benched: R-DAMAGE-1 e), Postwick (N more
  damage to the opponent's Active, before Weakness and Resistance, as Practice Studio). A type
  or an owner's name is read now (R-INPLAY-1).
- Tools on damage: "takes N less damage from attacks from your opponent's (T, T, or T) Pokémon"
  (Rigid Band, Thick Scale, Defiance Vest: more Prize cards left than the opponent, counted at the
  attack) after Weakness and Resistance (R-DAMAGE-1 e); "do N more damage to your opponent's
  Active Pokémon ex" (Light Ball for a Pikachu ex, Brave Bangle for a Pokémon without a Rule Box)
  before them, not to the Bench.
- Billy & O'Nare ("Draw 2 cards. Then, if you have 10 or more cards in your hand, draw 2 more
  cards."): the hand is counted after the first draw (the card played has left it).
- Super Potion: the Pokémon chosen has damage, so damage is healed; then one of its Energy cards
  (any, basic or Special) is discarded when it has one (R-TRAINER-1).
- Call Bell ("only if you go second, and only during your first turn"): the game's turn 2.
- Enhanced Hammer: a Special Energy card (any Energy card that is not basic) attached to one of
  the opponent's Pokémon; refused when none has one.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any

from ....messages import joined, msg, msg_n
from ...core import (
    Illegal,
    condition_name,
    cure,
    discard_cards,
    heal,
    inflict,
    remove_pokemon_from_play,
    shuffle_deck,
)
from ...hooks import is_type
from . import trainers
from .choices import multiset_picks, one_per_card, refuse_blind_none
from .trainer_cards import BossOrders, EnergyRemoval, Switch
from .trainers import (
    BerryTool,
    SupporterSearch,
    ToolCard,
    TrainerCard,
    choose_cards,
    chosen_targets,
    draw_and_say,
    one_of_each_refused,
    shuffle_hand_in,
    to_hand,
    trainer_option,
)

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...contexts import TrainerCtx
    from ...hooks import DamageEvent, Listener, PokemonEvent, TurnEvent
    from ...state import Pokemon, State

EVOLUTION = ("Stage 1", "Stage 2")


def printed_type(c: CardDef, kind: str) -> bool:
    """The card prints this type (one type, or one of two)."""
    t: Any = c.type
    return t == kind or (isinstance(t, (tuple, list)) and kind in t)


def of_type(c: CardDef, kind: str) -> bool:
    """A Pokémon card printing this type, or a basic Energy card providing it."""
    return printed_type(c, kind) if c.supertype == "Pokemon" else c.is_basic_energy and kind in c.provides


@dataclass(frozen=True)
class Fits:
    """Which cards the printed words name: every field given must hold."""
    supertype: str | None = None          # "Pokemon", "Energy", "Trainer"
    stages: tuple[str, ...] = ()          # a Pokémon card's stage, one of these
    type: str | None = None               # a Pokémon card's printed type, a basic Energy's type
    basic_energy: bool = False
    tags: frozenset[str] = frozenset()    # has all of these tags
    no_tags: frozenset[str] = frozenset()  # has none of these
    kinds: tuple[str, ...] = ()           # a Trainer's kind, one of these ("item", "supporter", "stadium", "tool")
    name_has: str | None = None           # 'that has "Team Rocket" in its name': the card's name holds these words
    owner: str | None = None              # "Ethan's Pokémon": the card's name begins "Ethan's "

    def __call__(self, c: CardDef) -> bool:
        if self.supertype is not None and c.supertype != self.supertype:
            return False
        if self.name_has is not None and self.name_has not in str(c.name):
            return False
        if self.owner is not None and not str(c.name).startswith(self.owner + "'s "):
            return False
        if self.stages and c.stage not in self.stages:
            return False
        if self.basic_energy and not c.is_basic_energy:
            return False
        if self.type is not None and not of_type(c, self.type):
            return False
        if not self.tags <= c.tags or self.no_tags & c.tags:
            return False
        return not self.kinds or c.trainer_kind in self.kinds


@dataclass(frozen=True)
class AnyOf:
    """Cards that fit any of several descriptions ("a Basic Fighting Energy card or a Basic
    Fighting Pokémon")."""
    each: tuple[Fits, ...]

    def __call__(self, c: CardDef) -> bool:
        return any(f(c) for f in self.each)


class SearchToHand(SupporterSearch):
    """"Search your deck for a … / up to N …, reveal it/them, and put it/them into your hand.
    Then, shuffle your deck." — the two steps of a search (`DeckSearchTrainer`)."""

    def __init__(self, fits: Callable[[CardDef], bool], most: int, text: str):
        self.fits_card = fits
        self.most = most
        self.text = text

    def fits(self, state: State, inst: str) -> bool:
        return self.fits_card(state.card_of(inst))

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        what = msg_n("a card %(card)s can take", "1 to %(num)s cards %(card)s can take", self.most, card=tctx.card.name)
        return choose_cards(tctx, "search", self._fitting(tctx.state, among), 1, self.most, what,
                            fewer="R-TRAINER-5", hidden_zone=hidden_zone)

    def _say_looks(self, tctx: TrainerCtx) -> None:
        tctx.say(msg("%(seat)s looks through the deck (%(card)s).", seat=tctx.seat_label(tctx.seat),
                     card=tctx.card.name), "R-HIDDEN-1")

    def _take(self, tctx: TrainerCtx, picked: list[str]) -> None:
        if picked:
            super()._take(tctx, picked)
            return
        shuffle_deck(tctx, tctx.seat)
        tctx.say(msg("%(seat)s finds no card %(card)s can take and shuffles the deck.",
                     seat=tctx.seat_label(tctx.seat), card=tctx.card.name), "R-TRAINER-5")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        return [{"search": pick} for pick in multiset_picks(state, fitting, 1, self.most)] or [{"search": []}]


class DiscardThenSearch(trainers.DiscardThenSearch, SearchToHand):
    """"You can use this card only if you discard another card from your hand. Search your deck
    for …" (Techno Radar): the card discarded (`choices.cards`, shown to both players) first, then
    the search's two steps — the discard of `trainers.DiscardThenSearch` (Earthen Vessel's), before
    this module's search to the hand."""

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = [i for i in state.seats[seat].hand if i != instance]
        return [trainer_option(cards=[i]) for i in one_per_card(state, others)]


class SecondPlayerFirstTurnSearch(SearchToHand):
    """"You can use this card only if you go second, and only during your first turn." then a
    search (Call Bell): the game's turn 2 (the second player's first turn, R-EVOLVE-3's count)."""

    def check(self, tctx: TrainerCtx) -> None:
        if tctx.state.turn != 2:
            raise Illegal("R-TRAINER-1", msg("%(card)s can be played only by the player who went second, during "
                                             "their first turn.", card=tctx.card.name))
        super().check(tctx)

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return super().options(state, seat, instance) if state.turn == 2 else []


class SearchEach(SearchToHand):
    """"Search your deck for a …, a … and a …": one card of each description the deck holds
    (the descriptions name no card twice)."""

    def __init__(self, kinds: tuple[Fits | AnyOf, ...], text: str):
        super().__init__(AnyOf(tuple(k for f in kinds for k in (f.each if isinstance(f, AnyOf) else (f,)))),
                         len(kinds), text)
        self.kinds = kinds

    def _by_kind(self, state: State, among: list[str]) -> dict[int, list[str]]:
        return {n: [i for i in among if k(state.card_of(i))] for n, k in enumerate(self.kinds)}

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        by_kind = self._by_kind(tctx.state, among)
        raw = tctx.choices.get("search")
        if raw is None and not any(by_kind.values()):
            return []
        if hidden_zone:
            refuse_blind_none("search", raw, 1, tctx.me.deck)
        rule = one_of_each_refused(raw, by_kind)
        if rule is not None:
            if hidden_zone:     # the deck unseen: one rule and one sentence whatever is wrong
                raise Illegal("R-TRAINER-1", msg("In choices.search, name one card of each kind %(card)s names, each "
                                                 "when the deck holds one.", card=tctx.card.name))
            raise Illegal(rule, msg("In choices.search, name one card of each kind %(card)s names, each when the "
                                    "deck holds one (among: %(cards)s).", card=tctx.card.name,
                                    cards=tctx.refs([i for f in by_kind.values() for i in f])))
        return list(raw or [])

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        look = [i for i in pending["look"] if i in deck]
        per_kind = [[[i] for i in one_per_card(state, found)] or [[]]
                    for found in self._by_kind(state, look).values()]
        return [{"search": [i for pick in picks for i in pick]} for picks in product(*per_kind)]


class LookAndTake(TrainerCard):
    """"Look at the top (bottom) N cards of your deck. You may reveal a … / up to M … / any number
    of … you find there and put them into your hand. Shuffle the other cards back into your deck."
    Two steps for a player (R-HIDDEN-1): the cards looked at are shown to their player alone
    (`pending`), `choose` names `choices.search` (0 to `most` of the fitting cards: "you may");
    the cards taken are revealed to both players, then the deck is shuffled."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}

    def __init__(self, fits: Fits | AnyOf, depth: int, most: int, bottom: bool, text: str):
        self.fits_card = fits
        self.depth = depth
        self.most = most
        self.bottom = bottom
        self.text = text

    def _looked(self, deck: list[str]) -> list[str]:
        return deck[-self.depth:] if self.bottom else deck[:self.depth]

    def _pick(self, tctx: TrainerCtx, looked: list[str], hidden_zone: bool) -> list[str]:
        fitting = [i for i in looked if self.fits_card(tctx.state.card_of(i))]
        what = msg_n("a card %(card)s can take among the cards looked at, or none",
                     "up to %(num)s cards %(card)s can take among the cards looked at", self.most, card=tctx.card.name)
        return choose_cards(tctx, "search", fitting, 0, self.most, what, hidden_zone=hidden_zone)

    def check(self, tctx: TrainerCtx) -> None:
        if not tctx.me.deck:
            raise Illegal("R-TRAINER-1", msg("Your deck is empty: there is nothing to look at."))
        looked = self._looked(tctx.me.deck)
        tctx.sel = self._pick(tctx, looked, hidden_zone=True) if "search" in tctx.choices else None

    def play(self, tctx: TrainerCtx) -> bool:
        if tctx.sel is not None:
            self._take(tctx, tctx.sel)
            return False
        looked = self._looked(tctx.me.deck)
        rule = "R-TRAINER-5" if len(looked) < self.depth else "R-HIDDEN-1"
        who = tctx.seat_label(tctx.seat)
        if self.bottom:
            tctx.say(msg_n("%(seat)s looks at the bottom %(num)s card(s) of the deck.",
                           "%(seat)s looks at the bottom %(num)s card(s) of the deck.", len(looked), seat=who), rule)
        else:
            tctx.say(msg_n("%(seat)s looks at the top %(num)s card(s) of the deck.",
                           "%(seat)s looks at the top %(num)s card(s) of the deck.", len(looked), seat=who), rule)
        tctx.ask("search", tctx.instance, looked)
        return False

    def _take(self, tctx: TrainerCtx, picked: list[str]) -> None:
        to_hand(tctx, tctx.seat, picked, "deck")
        shuffle_deck(tctx, tctx.seat)
        who = tctx.seat_label(tctx.seat)
        if picked:
            tctx.say(msg_n("%(seat)s shows %(cards)s, puts it into the hand and shuffles the deck.",
                           "%(seat)s shows %(cards)s, puts them into the hand and shuffles the deck.", len(picked),
                           seat=who, cards=tctx.refs(picked, shown_to='*')), "R-TRAINER-1")
        else:
            tctx.say(msg("%(seat)s takes no card and shuffles the deck.", seat=who), "R-TRAINER-1")

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        looked = [i for i in pending["look"] if i in tctx.me.deck]
        self._take(tctx, self._pick(tctx, looked, hidden_zone=False))

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if state.seats[seat].deck else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        found = [i for i in pending["look"] if i in deck and self.fits_card(state.card_of(i))]
        return [{"search": pick} for pick in multiset_picks(state, found, 0, self.most)]


@dataclass(frozen=True)
class PrizesLeft:
    """"If you have exactly N Prize cards remaining" / "If your opponent has N or fewer Prize cards
    remaining": read when the card is played."""
    opponent: bool
    n: int
    exactly: bool

    def holds(self, state: State, seat: int) -> bool:
        left = len(state.seats[1 - seat if self.opponent else seat].prizes)
        return left == self.n if self.exactly else left <= self.n

    def words(self) -> str:
        who = "your opponent has" if self.opponent else "you have"
        count = f"exactly {self.n}" if self.exactly else f"{self.n} or fewer"
        return f"{who} {count} Prize cards left"


class Draw(TrainerCard):
    """"Draw N cards." and "If <Prize cards>, draw M more cards." (`more`: (when, M))."""

    def __init__(self, n: int, more: tuple[PrizesLeft, int] | None = None):
        self.n = n
        self.more = more
        self.text = (f"its player draws {n} cards (as many as the deck holds, when fewer)"
                     + (f", {more[1]} more when {more[0].words()}" if more else ""))

    def play(self, tctx: TrainerCtx) -> bool:
        want = self.n
        if self.more is not None and self.more[0].holds(tctx.state, tctx.seat):
            want += self.more[1]
        draw_and_say(tctx, tctx.seat, want)
        return False


class ShuffleHandDraw(TrainerCard):
    """"Shuffle your hand into your deck. Then, draw N cards." and "If <Prize cards>, draw M cards
    instead." (`instead`: (when, M))."""

    def __init__(self, n: int, instead: tuple[PrizesLeft, int] | None = None):
        self.n = n
        self.instead = instead
        self.text = (f"every card of your hand goes into your deck, which is shuffled; then you draw {n} cards"
                     + (f" ({instead[1]} when {instead[0].words()})" if instead else ""))

    def play(self, tctx: TrainerCtx) -> bool:
        want = self.n
        if self.instead is not None and self.instead[0].holds(tctx.state, tctx.seat):
            want = self.instead[1]
        n = shuffle_hand_in(tctx, tctx.seat)
        draw_and_say(tctx, tctx.seat, want, shuffled=n)
        return False


class HealOne(TrainerCard):
    """"Heal N damage from 1 of your Pokémon." (`cures`: ", and it recovers from all Special
    Conditions.")."""

    def __init__(self, amount: int, cures: bool = False):
        self.amount = amount
        self.cures = cures
        self.text = (f"heal {amount} damage from one of your Pokémon (targets)"
                     + (", which recovers from every Special Condition" if cures else ""))

    def _candidates(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if p.damage or (self.cures and p.conditions)]

    def check(self, tctx: TrainerCtx) -> None:
        found = self._candidates(tctx.state, tctx.seat)
        if not found:
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has damage counters."))
        (tctx.sel,) = chosen_targets(tctx, [(found, msg("one of your damaged Pokémon"))])

    def play(self, tctx: TrainerCtx) -> bool:
        _heal(tctx, tctx.sel, self.amount, self.cures)
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in self._candidates(state, seat)]


def _heal(tctx: TrainerCtx, p: Pokemon, amount: int, cures: bool = False) -> None:
    healed = heal(tctx, p, amount)
    tctx.say(msg("%(pokemon)s is healed of %(healed)s damage (%(damage)s/%(hp)s).", pokemon=tctx.name(p),
                 healed=healed, damage=p.damage, hp=tctx.state.hp(p)), "R-TRAINER-1")
    if cures and p.conditions:
        gone = list(p.conditions)
        cure(p)
        tctx.say(msg("%(pokemon)s is no longer %(conditions)s.", pokemon=tctx.name(p),
                     conditions=joined(condition_name(c) for c in gone)), "R-STATUS-1")


class HealActive(TrainerCard):
    """"Heal N damage from your Active (T) Pokémon."."""

    def __init__(self, amount: int, kind: str | None = None):
        self.amount = amount
        self.kind = kind
        self.text = f"heal {amount} damage from your Active Pokémon" + (f" when it is a {kind} Pokémon" if kind else "")

    def _active(self, state: State, seat: int) -> Pokemon | None:
        active = state.seats[seat].active
        if active is None or not active.damage or (self.kind and not is_type(state, active, self.kind)):
            return None
        return active

    def check(self, tctx: TrainerCtx) -> None:
        active = self._active(tctx.state, tctx.seat)
        if active is None:
            raise Illegal("R-TRAINER-1", msg("Your Active Pokémon has no damage counters.") if not self.kind else
                          msg("Your Active Pokémon is not a damaged %(type)s Pokémon.", type=self.kind))
        tctx.sel = active

    def play(self, tctx: TrainerCtx) -> bool:
        _heal(tctx, tctx.sel, self.amount)
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if self._active(state, seat) is not None else []


class HealEach(TrainerCard):
    """"Heal N damage from each of your (T) Pokémon."."""

    def __init__(self, amount: int, kind: str | None = None):
        self.amount = amount
        self.kind = kind
        self.text = f"heal {amount} damage from every one of your {kind + ' ' if kind else ''}Pokémon"

    def _damaged(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if p.damage and (not self.kind or is_type(state, p, self.kind))]

    def check(self, tctx: TrainerCtx) -> None:
        if not self._damaged(tctx.state, tctx.seat):
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has damage counters.") if not self.kind else
                          msg("None of your %(type)s Pokémon has damage counters.", type=self.kind))

    def play(self, tctx: TrainerCtx) -> bool:
        for p in self._damaged(tctx.state, tctx.seat):
            _heal(tctx, p, self.amount)
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if self._damaged(state, seat) else []


class CoinDraw(TrainerCard):
    """"Flip a coin. If heads, draw N cards. If tails, draw M cards."."""

    def __init__(self, heads_n: int, tails_n: int):
        self.heads_n = heads_n
        self.tails_n = tails_n
        self.text = f"flip a coin: heads, draw {heads_n} cards; tails, draw {tails_n} cards"

    def play(self, tctx: TrainerCtx) -> bool:
        draw_and_say(tctx, tctx.seat, self.heads_n if tctx.flip(tctx.card.name) else self.tails_n)
        return False


class FromDiscard(TrainerCard):
    """"Put up to N … from your discard pile into your hand." / "Shuffle up to N … from your
    discard pile into your deck." (`to_deck`): 1 to N fitting cards of the public discard pile,
    named with the card (`choices.search`), shown to both players."""
    choice_zones = {"search": "discard"}

    def __init__(self, fits: Callable[[CardDef], bool], most: int, to_deck: bool, text: str):
        self.fits_card = fits
        self.most = most
        self.to_deck = to_deck
        self.text = text

    def _fitting(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if self.fits_card(state.card_of(i))]

    def check(self, tctx: TrainerCtx) -> None:
        found = self._fitting(tctx.state, tctx.seat)
        if not found:
            raise Illegal("R-TRAINER-1", msg("There is no card in your discard pile that %(card)s can take.",
                                             card=tctx.card.name))
        tctx.sel = choose_cards(tctx, "search", found, 1, self.most,
                                msg_n("a card %(card)s can take", "1 to %(num)s cards %(card)s can take", self.most,
                                      card=tctx.card.name))

    def play(self, tctx: TrainerCtx) -> bool:
        who, cards = tctx.seat_label(tctx.seat), tctx.refs(tctx.sel, shown_to='*')
        if self.to_deck:
            for i in tctx.sel:
                tctx.me.discard.remove(i)
                tctx.me.deck.append(i)
            shuffle_deck(tctx, tctx.seat)
            tctx.say(msg("%(seat)s shuffles %(cards)s from the discard pile into the deck.", seat=who, cards=cards),
                     "R-TRAINER-1")
        else:
            to_hand(tctx, tctx.seat, tctx.sel, "discard")
            tctx.say(msg("%(seat)s takes %(cards)s from the discard pile into the hand.", seat=who, cards=cards),
                     "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(search=pick) for pick in multiset_picks(state, self._fitting(state, seat), 1, self.most)]


class TypeBerry(ToolCard):
    """"If the Pokémon this card is attached to is damaged by an attack from your opponent's T
    Pokémon, it takes N less damage (after applying Weakness and Resistance), and discard this
    card." — a Pokémon Tool answering `damage_defender_cards` (R-DAMAGE-1 e), then discarded."""

    def __init__(self, kind: str, amount: int):
        self.kind = kind
        self.amount = amount
        self.text = (f"Pokémon Tool: the first time an attack of the opponent's {kind} Pokémon would damage its "
                     f"Pokémon, that damage is {amount} less (after Weakness and Resistance) and the Tool is discarded")

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        p = src.on
        if (p is None or ev.target is not p or not ev.by_opponent or dmg <= 0 or src.card not in p.attached
                or not is_type(ev.state, ev.attacker, self.kind)):
            return dmg
        dmg -= self.amount
        ev.note(msg("%(effect)s −%(amount)s = %(damage)s", effect=ev.state.card_of(src.card).name, amount=self.amount,
                    damage=dmg))
        BerryTool._eaten(ev.ctx, src)
        return dmg


def owned_by(state: State, p: Pokemon, owner: str) -> bool:
    """"Cynthia's Pokémon", "Team Rocket's Pokémon": the Pokémon's name (its top card's, now) begins
    with the owner's name and "'s"."""
    return str(state.card_of(p.top).name).startswith(owner + "'s ")


class ToolHp(ToolCard):
    """"The (T / X's) Pokémon this card is attached to gets +N HP." — `hp`: N more while its
    Pokémon is of that type or that owner now (R-INPLAY-1); attached to another Pokémon it does
    nothing."""

    def __init__(self, amount: int, kind: str | None = None, owner: str | None = None):
        self.amount, self.kind, self.owner = amount, kind, owner
        who = f"{owner}'s " if owner else f"{kind} " if kind else ""
        self.text = f"Pokémon Tool: its {who}Pokémon has {amount} more HP"

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        p = ev.pokemon
        if p is not src.on or (self.kind and not is_type(ev.state, p, self.kind)) or (
                self.owner and not owned_by(ev.state, p, self.owner)):
            return value
        return value + self.amount


class ToolRetreatLess(ToolCard):
    """"The Retreat Cost of the Pokémon this card is attached to is CC less." — `retreat_cost`: N
    Colorless less (the engine keeps the cost at 0 or more, as Rescue Board)."""

    def __init__(self, less: int):
        self.less = less
        self.text = f"Pokémon Tool: its Pokémon retreats for {less} Colorless less"

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        return cost - self.less if ev.pokemon is src.on else cost


class TechnicalMachine(ToolCard):
    """A Technical Machine: its Pokémon may use the attack printed on it (the engine's
    `usable_attacks`, its Energy cost paid as any attack's); "If this card is attached to 1 of your
    Pokémon, discard it at the end of your turn." — `before_checkup` at the end of the turn of the
    player whose Pokémon holds it, after the attack (R-CHECKUP-1: the turn ends, then the checkup)."""
    text = ("Pokémon Tool: its Pokémon may use the attack printed on this card; at the end of your turn, the card is "
            "discarded")

    def before_checkup(self, src: Listener, ev: TurnEvent) -> None:
        p = src.on
        if p is None or src.card not in p.attached or src.seat != ev.ending_seat:
            return
        BerryTool._eaten(ev.ctx, src)
        ev.ctx.say(msg("%(card)s attached to %(pokemon)s is discarded at the end of the turn.",
                       card=ev.ctx.name(src.card), pokemon=ev.ctx.name(p)), "R-TRAINER-4")


class DrawUntil(TrainerCard):
    """"Draw cards until you have N cards in your hand. [If all of your Pokémon in play are X's
    Pokémon, draw cards until you have M cards in your hand instead.]" — refused when the hand
    (this card aside) already holds as many (it would draw nothing, as Grusha, `sv2_trainers.py`)."""

    def __init__(self, n: int, instead: tuple[str, int] | None = None):
        self.n, self.instead = n, instead
        self.text = f"draw until your hand holds {n} cards" + (
            f", or {instead[1]} when all of your Pokémon in play are {instead[0]}'s Pokémon" if instead else "")

    def _target(self, state: State, seat: int) -> int:
        if self.instead is None:
            return self.n
        owner, more = self.instead
        mine = state.seats[seat].in_play()
        return more if mine and all(owned_by(state, p, owner) for p in mine) else self.n

    def check(self, tctx: TrainerCtx) -> None:
        n, want = len(tctx.hand_without_me()), self._target(tctx.state, tctx.seat)
        if n >= want:
            raise Illegal("R-TRAINER-1", msg("Your hand already holds %(count)s other cards: %(card)s draws to "
                                             "%(want)s and would draw nothing.", count=n, card=tctx.card.name,
                                             want=want))

    def play(self, tctx: TrainerCtx) -> bool:
        draw_and_say(tctx, tctx.seat, self._target(tctx.state, tctx.seat) - len(tctx.me.hand))
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if len(state.seats[seat].hand) - 1 < self._target(state, seat) else []


class DiscardThenDraw(TrainerCard):
    """"You can use this card only if you discard another card from your hand." then "Draw cards
    until you have N cards in your hand." (`until`, Iris's Fighting Spirit) or "Draw a card for
    each of your opponent's Benched Pokémon." (`until` None, Morty's Conviction). The card of the
    hand discarded is `choices.cards`, shown to both players; refused without another card in the
    hand, or when the draw would be none (as Grusha)."""
    choice_zones = {"cards": "hand"}

    def __init__(self, until: int | None):
        self.until = until
        self.text = "discard another card of your hand; then " + (
            f"draw until your hand holds {until} cards" if until is not None
            else "draw a card for each of your opponent's Benched Pokémon")

    def _want(self, state: State, seat: int, hand_after: int) -> int:
        return self.until - hand_after if self.until is not None else len(state.seats[1 - seat].bench)

    def check(self, tctx: TrainerCtx) -> None:
        others = self._need_others(tctx, 1, msg("to discard"))
        if self._want(tctx.state, tctx.seat, len(others) - 1) <= 0:
            if self.until is None:
                raise Illegal("R-TRAINER-1", msg("%(card)s would draw nothing: your opponent has no Benched "
                                                 "Pokémon.", card=tctx.card.name))
            raise Illegal("R-TRAINER-1", msg("Your hand already holds %(count)s other cards: %(card)s draws to "
                                             "%(want)s and would draw nothing.", count=len(others) - 1,
                                             card=tctx.card.name, want=self.until))
        tctx.sel = choose_cards(tctx, "cards", others, 1, 1, msg("another card of your hand to discard"))

    def play(self, tctx: TrainerCtx) -> bool:
        cards = list(tctx.sel)
        for i in cards:
            tctx.me.hand.remove(i)
        discard_cards(tctx, tctx.seat, cards)
        tctx.say(msg("%(seat)s discards %(cards)s.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(cards, shown_to='*')), "R-TRAINER-1")
        draw_and_say(tctx, tctx.seat, self._want(tctx.state, tctx.seat, len(tctx.me.hand)))
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = [i for i in state.seats[seat].hand if i != instance]
        if not others or self._want(state, seat, len(others) - 1) <= 0:
            return []
        return [trainer_option(cards=[i]) for i in one_per_card(state, others)]


class ShuffleHandCoinDraw(TrainerCard):
    """"Shuffle your hand into your deck. Then, flip a coin. If heads, draw N cards. If tails,
    draw M cards." (Drasna): the hand goes in first, then one coin."""

    def __init__(self, heads_n: int, tails_n: int):
        self.heads_n, self.tails_n = heads_n, tails_n
        self.text = (f"every card of your hand goes into your deck, which is shuffled; then flip a coin: heads, draw "
                     f"{heads_n} cards; tails, draw {tails_n} cards")

    def play(self, tctx: TrainerCtx) -> bool:
        n = shuffle_hand_in(tctx, tctx.seat)
        draw_and_say(tctx, tctx.seat, self.heads_n if tctx.flip(tctx.card.name) else self.tails_n, shuffled=n)
        return False


class HealOneDiscardEnergy(HealOne):
    """"Heal N damage from 1 of your Pokémon. If you healed any damage in this way, discard an
    Energy from that Pokémon." (Super Potion): a damaged Pokémon (`targets`), so damage is healed;
    then one of its Energy cards (`choices.cards`) is discarded, when it has one."""
    choice_zones = {"cards": "energy"}

    def __init__(self, amount: int):
        super().__init__(amount)
        self.text = f"heal {amount} damage from one of your Pokémon (targets), then discard an Energy from it"

    def check(self, tctx: TrainerCtx) -> None:
        super().check(tctx)
        p: Pokemon = tctx.sel
        cards = choose_cards(tctx, "cards", p.energy, 1, 1, msg("the Energy card to discard from %(pokemon)s",
                                                                 pokemon=tctx.name(p))) if p.energy else []
        tctx.sel = (p, cards)

    def play(self, tctx: TrainerCtx) -> bool:
        p, cards = tctx.sel
        _heal(tctx, p, self.amount)
        for c in cards:
            p.energy.remove(c)
        discard_cards(tctx, tctx.seat, cards)
        if cards:
            tctx.say(msg("%(card)s attached to %(pokemon)s is discarded.", card=tctx.name(cards[0]),
                         pokemon=tctx.name(p)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        out = []
        for p in self._candidates(state, seat):
            energy = one_per_card(state, p.energy)
            out += [trainer_option([p.top], cards=[e]) for e in energy] if energy else [trainer_option([p.top])]
        return out


class HealAllLowHp(HealOne):
    """"Heal all damage from 1 of your Pokémon that has N HP or less remaining." (Bianca's
    Devotion): a damaged Pokémon whose HP now, less its damage, is N or less."""

    def __init__(self, most_left: int):
        super().__init__(0)
        self.most_left = most_left
        self.text = f"heal all damage from one of your Pokémon (targets) that has {most_left} HP or less left"

    def _candidates(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if p.damage and state.hp(p) - p.damage <= self.most_left]

    def check(self, tctx: TrainerCtx) -> None:
        if not self._candidates(tctx.state, tctx.seat):
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has damage and %(hp)s HP or less left.",
                                             hp=self.most_left))
        super().check(tctx)

    def play(self, tctx: TrainerCtx) -> bool:
        _heal(tctx, tctx.sel, tctx.sel.damage)
        return False


class GustBasicConfuse(BossOrders):
    """"Switch in 1 of your opponent's Benched Basic Pokémon to the Active Spot. If you do, the new
    Active Pokémon is now Confused." (Lisia's Appeal): a Basic Pokémon now (its top card's stage)."""
    text = ("bring one of your opponent's Benched Basic Pokémon (your pick) into their Active Spot; it is now "
            "Confused")

    @staticmethod
    def _basics(state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].bench if state.card_of(p.top).stage == "Basic"]

    def check(self, tctx: TrainerCtx) -> None:
        basics = self._basics(tctx.state, tctx.opp)
        if not basics:
            raise Illegal("R-TRAINER-1", msg("Your opponent has no Benched Basic Pokémon."))
        (tctx.sel,) = chosen_targets(tctx, [(basics, msg("one of your opponent's Benched Basic Pokémon"))])

    def play(self, tctx: TrainerCtx) -> bool:
        super().play(tctx)
        inflict(tctx, tctx.sel, "confused")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in self._basics(state, 1 - seat)]


class SpecialEnergyRemoval(EnergyRemoval):
    """"Discard a Special Energy from 1 of your opponent's Pokémon." (Enhanced Hammer): Energy
    Removal over the Special Energy cards; refused when none has one. Its check is asked as any
    modern Trainer's (`settled_by_check` None), not as a Base Set one's."""
    text = "discard a Special Energy card attached to one of your opponent's Pokémon"
    none_attached = msg("None of your opponent's Pokémon has a Special Energy card attached.")
    settled_by_check = None

    @staticmethod
    def _energies(state: State, p: Pokemon) -> list[str]:
        return [e for e in p.energy if not state.card_of(e).is_basic_energy]


class ScoopToHand(TrainerCard):
    """"Put 1 of your Pokémon and all attached cards into your hand." (Scoop Up Cyclone): the
    Pokémon (`targets`) leaves play with every card it holds (its Evolution cards, Energy, Tools)
    for its player's hand, all seen by both players before; an Active scooped up is replaced from
    the Bench. Refused with one Pokémon in play (as Penny, `sv1_supporters.py`: no Pokémon left)."""
    text = "put one of your Pokémon (targets) and every card attached to it into your hand"

    def check(self, tctx: TrainerCtx) -> None:
        if not tctx.me.bench:
            raise Illegal("R-TRAINER-1", msg("%(card)s can't take your only Pokémon in play: you would have no "
                                             "Pokémon left.", card=tctx.card.name))
        (tctx.sel,) = chosen_targets(tctx, [(tctx.me.in_play(), msg("one of your Pokémon in play"))])

    def play(self, tctx: TrainerCtx) -> bool:
        p: Pokemon = tctx.sel
        was_active = tctx.me.active is p
        name = tctx.name(p)
        remove_pokemon_from_play(tctx, tctx.seat, p)
        back = p.all_cards()
        tctx.me.hand.extend(back)
        tctx.say(msg_n("%(pokemon)s goes back to %(seat)s's hand with %(num)s attached card(s): %(cards)s.",
                       "%(pokemon)s goes back to %(seat)s's hand with %(num)s attached card(s): %(cards)s.",
                       len(back) - 1, pokemon=name, seat=tctx.seat_label(tctx.seat),
                       cards=tctx.refs(back, shown_to='*')), "R-TRAINER-1")
        if was_active:
            tctx.continue_after("resume")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in state.seats[seat].in_play()] if state.seats[seat].bench else []


class HealActiveOwnerMore(HealActive):
    """"Heal N damage from your Active Pokémon. If that Pokémon is an X's Pokémon, heal M damage
    from it instead." (Arven's Sandwich): its name now, when the card is played."""

    def __init__(self, amount: int, owner: str, more: int):
        super().__init__(amount)
        self.owner, self.more = owner, more
        self.text = f"heal {amount} damage from your Active Pokémon ({more} when it is an {owner}'s Pokémon)"

    def play(self, tctx: TrainerCtx) -> bool:
        _heal(tctx, tctx.sel, self.more if owned_by(tctx.state, tctx.sel, self.owner) else self.amount)
        return False


class DrawPerTagged(TrainerCard):
    """"Draw a card for each of your T Pokémon in play." (Awakening Drum: Ancient): refused when
    none is in play (it would draw nothing, as Grusha)."""

    def __init__(self, tag: str, words: str):
        self.tag, self.words = tag, words
        self.text = f"draw a card for each of your {words} Pokémon in play"

    def _count(self, state: State, seat: int) -> int:
        return sum(self.tag in state.card_of(p.top).tags for p in state.seats[seat].in_play())

    def check(self, tctx: TrainerCtx) -> None:
        if not self._count(tctx.state, tctx.seat):
            raise Illegal("R-TRAINER-1", msg("%(card)s would draw nothing: you have no %(what)s Pokémon in play.",
                                             card=tctx.card.name, what=self.words))

    def play(self, tctx: TrainerCtx) -> bool:
        draw_and_say(tctx, tctx.seat, self._count(tctx.state, tctx.seat))
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if self._count(state, seat) else []


class ActiveConditions(TrainerCard):
    """"Your opponent's Active Pokémon is now Burned and Confused." (Dangerous Laser): each in
    turn (R-STATUS-7; one it may not get it does not get)."""

    def __init__(self, conditions: tuple[str, ...]):
        self.conditions = conditions
        self.text = "your opponent's Active Pokémon is now " + " and ".join(conditions)

    def play(self, tctx: TrainerCtx) -> bool:
        target = tctx.them.active
        if target is not None:
            for c in self.conditions:
                inflict(tctx, target, c)
        return False


class StadiumCard(TrainerCard):
    """A Stadium: the engine puts it into play (R-TRAINER-3); it acts through hooks, for both
    players' Pokémon alike."""

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.say(msg("%(card)s is now in play for both players.", card=tctx.card.name), "R-TRAINER-3")
        return True


class StadiumHp(StadiumCard):
    """"Each Basic Pokémon in play (both yours and your opponent's) gets +N HP." (Lively Stadium):
    `hp`, a Basic Pokémon now (its top card's stage)."""

    def __init__(self, amount: int):
        self.amount = amount
        self.text = f"Stadium: every Basic Pokémon in play, yours and your opponent's, has {amount} more HP"

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        return value + self.amount if ev.state.card_of(ev.pokemon.top).stage == "Basic" else value


def _fits_now(state: State, p: Pokemon, kind: str | None, owner: str | None) -> bool:
    return (kind is None or is_type(state, p, kind)) and (owner is None or owned_by(state, p, owner))


class StadiumLessDamage(StadiumCard):
    """"T Pokémon / X's Pokémon (both yours and your opponent's) take N less damage from attacks
    from the opponent's Pokémon (after applying Weakness and Resistance)." (Full Metal Lab,
    Granite Cave): `damage_defender_cards` (R-DAMAGE-1 e), Active or Benched, its type or name now."""

    def __init__(self, amount: int, kind: str | None, owner: str | None):
        self.amount, self.kind, self.owner = amount, kind, owner
        who = f"{owner}'s" if owner else str(kind)
        self.text = (f"Stadium: every {who} Pokémon in play, yours and your opponent's, takes {amount} less damage "
                     "from the attacks of the opponent's Pokémon (after Weakness and Resistance)")

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if not ev.by_opponent or ev.confusion or dmg <= 0 or not _fits_now(ev.state, ev.target, self.kind, self.owner):
            return dmg
        dmg -= self.amount
        ev.note(msg("%(effect)s −%(amount)s = %(damage)s", effect=_stadium_name(ev.state, src), amount=self.amount,
                    damage=dmg))
        return dmg


def _stadium_name(state: State, src: Listener) -> str:
    """The name of the card that answers (a Stadium in play, an attached Tool)."""
    return str(state.card_of(src.card).name) if src.card is not None else "Stadium"


class StadiumMoreDamage(StadiumCard):
    """"Attacks used by X's Pokémon (both yours and your opponent's) do N more damage to the
    opponent's Active Pokémon (before applying Weakness and Resistance)." (Postwick):
    `damage_attacker`, as Practice Studio (`sv2_trainers.py`); not to the Bench."""

    def __init__(self, amount: int, kind: str | None, owner: str | None):
        self.amount, self.kind, self.owner = amount, kind, owner
        who = f"{owner}'s" if owner else str(kind)
        self.text = (f"Stadium: the attacks of every {who} Pokémon, yours and your opponent's, do {amount} more damage "
                     "to the opponent's Active Pokémon (before Weakness and Resistance)")

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if (not ev.to_defending or not ev.by_opponent or ev.confusion
                or not _fits_now(ev.state, ev.attacker, self.kind, self.owner)):
            return dmg
        dmg += self.amount
        ev.note(msg("%(card)s +%(bonus)s = %(damage)s", card=_stadium_name(ev.state, src), bonus=self.amount,
                    damage=dmg))
        return dmg


class ToolLessDamage(ToolCard):
    """"The [Stage 1 / T] Pokémon this card is attached to takes N less damage from attacks from
    your opponent's [T, T, or T] Pokémon (after applying Weakness and Resistance)." — with "If you
    have more Prize cards remaining than your opponent, " (Defiance Vest) read at each attack:
    `damage_defender_cards` (R-DAMAGE-1 e), the stage and types now (R-INPLAY-1)."""

    def __init__(self, amount: int, stage: str | None = None, kind: str | None = None,
                 from_types: tuple[str, ...] = (), behind: bool = False):
        self.amount, self.stage, self.kind, self.from_types, self.behind = amount, stage, kind, from_types, behind
        who = f"{stage or kind} " if stage or kind else ""
        self.text = (f"Pokémon Tool: its {who}Pokémon takes {amount} less damage from the attacks of the opponent's "
                     + (f"{', '.join(from_types)} " if from_types else "") + "Pokémon (after Weakness and Resistance)"
                     + (", while you have more Prize cards left than your opponent" if behind else ""))

    def _holds(self, ev: DamageEvent, p: Pokemon) -> bool:
        state = ev.state
        if self.stage and state.card_of(p.top).stage != self.stage or self.kind and not is_type(state, p, self.kind):
            return False
        if self.from_types and not any(is_type(state, ev.attacker, t) for t in self.from_types):
            return False
        seat = state.find_pokemon(p.top)[0]
        if not self.behind:
            return True
        return seat is not None and len(state.seats[seat].prizes) > len(state.seats[1 - seat].prizes)

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        p = src.on
        if p is None or ev.target is not p or not ev.by_opponent or ev.confusion or dmg <= 0 or not self._holds(ev, p):
            return dmg
        dmg -= self.amount
        ev.note(msg("%(effect)s −%(amount)s = %(damage)s", effect=_stadium_name(ev.state, src), amount=self.amount,
                    damage=dmg))
        return dmg


class ToolMoreDamageToEx(ToolCard):
    """"Attacks used by the <name> this card is attached to do N more damage to your opponent's
    Active Pokémon ex" (Light Ball: its Pokémon's name now) or "If the Pokémon this card is
    attached to doesn't have a Rule Box, the attacks it uses do N more …" (Brave Bangle: no "ex"
    tag, see the ruling on Rule Boxes) — `damage_attacker`, before Weakness and Resistance, as
    Maximum Belt (`sv_decks_trainers.py`)."""

    def __init__(self, amount: int, holder: str | None = None, no_rule_box: bool = False):
        self.amount, self.holder, self.no_rule_box = amount, holder, no_rule_box
        who = f" (a {holder})" if holder else " (without a Rule Box)" if no_rule_box else ""
        self.text = (f"Pokémon Tool: the attacks of its Pokémon{who} do {amount} more damage to the opponent's Active "
                     "Pokémon ex (before Weakness and Resistance)")

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        state, a = ev.state, ev.attacker
        if (a is not src.on or not ev.to_defending or not ev.by_opponent or ev.confusion
                or "ex" not in state.card_of(ev.target.top).tags
                or self.holder and state.card_of(a.top).name != self.holder
                or self.no_rule_box and "ex" in state.card_of(a.top).tags):
            return dmg
        dmg += self.amount
        ev.note(msg("%(card)s +%(bonus)s = %(damage)s", card=_stadium_name(state, src), bonus=self.amount, damage=dmg))
        return dmg


class DrawThenIfHand(TrainerCard):
    """"Draw N cards. Then, if you have H or more cards in your hand, draw M more cards." (Billy &
    O'Nare): the hand counted after the first draw."""

    def __init__(self, n: int, at_least: int, more: int):
        self.n, self.at_least, self.more = n, at_least, more
        self.text = f"draw {n} cards; then, with {at_least} or more cards in your hand, draw {more} more"

    def play(self, tctx: TrainerCtx) -> bool:
        draw_and_say(tctx, tctx.seat, self.n)
        if len(tctx.me.hand) >= self.at_least:
            draw_and_say(tctx, tctx.seat, self.more)
        return False


class SwitchDrawUntil(Switch):
    """"Switch your Active Pokémon with 1 of your Benched Pokémon. If you do, draw cards until you
    have N cards in your hand." — Switch (refused with no Benched Pokémon), then the draw: none
    when the hand already holds N."""

    def __init__(self, n: int):
        self.n = n
        self.text = f"swap your Active Pokémon with one of your Benched Pokémon (not a retreat), then draw until " \
                    f"your hand holds {n} cards"

    def play(self, tctx: TrainerCtx) -> bool:
        super().play(tctx)
        draw_and_say(tctx, tctx.seat, max(0, self.n - len(tctx.me.hand)))
        return False


__all__ = ["EVOLUTION", "ActiveConditions", "AnyOf", "CoinDraw", "DiscardThenDraw", "DiscardThenSearch", "Draw",
           "DrawPerTagged", "DrawThenIfHand", "DrawUntil", "Fits", "FromDiscard", "GustBasicConfuse", "HealActive",
           "HealActiveOwnerMore", "HealAllLowHp", "HealEach", "HealOne", "HealOneDiscardEnergy", "LookAndTake",
           "PrizesLeft", "ScoopToHand", "SearchEach", "SecondPlayerFirstTurnSearch", "SearchToHand",
           "ShuffleHandCoinDraw", "ShuffleHandDraw", "SpecialEnergyRemoval", "StadiumCard", "StadiumHp",
           "StadiumLessDamage", "StadiumMoreDamage", "SwitchDrawUntil", "TechnicalMachine", "ToolHp",
           "ToolLessDamage", "ToolMoreDamageToEx", "ToolRetreatLess", "TypeBerry", "owned_by", "printed_type"]
