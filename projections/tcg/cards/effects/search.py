"""Attacks that search the deck: for cards to the hand, for Pokémon to the Bench."""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

from ....messages import msg
from ...core import Illegal, bench_size, shuffle_deck
from .base import Effect, attack_memo
from .choices import chosen_search, distinct_picks, is_basic_energy_of
from .trainers import to_hand
from .zones import bench_from_deck

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...contexts import AttackCtx
    from ...state import State


class DeckSearch(Effect, ABC):
    """Base of an attack's deck search after its damage: the player sees the deck (`ask`), then
    `choose` names the card (choices.search) — or gives it in the attack itself. Subclasses say
    which cards fit (`fits`), whether the search happens (`wanted`) and what is done with the
    card (`take`)."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    what = msg("card")          # what the search looks for, in a sentence (a translatable `msg`)

    def fits(self, state: State, instance: str) -> bool:
        return True

    def wanted(self, actx: AttackCtx) -> bool:
        return True

    def _pick(self, actx: AttackCtx, zone: list[str], hidden: bool) -> str | None:
        return chosen_search(actx.choices, zone, lambda i: self.fits(actx.state, i), self.what, "R-ATTACK-2",
                             hidden=hidden)

    def check(self, actx: AttackCtx) -> None:
        if "search" in actx.choices and self.wanted(actx):
            self._checked(actx, self._pick(actx, actx.me.deck, hidden=True))

    def _checked(self, actx: AttackCtx, card: str | None) -> None:
        """The choices that go with the card, checked before anything happens."""

    def after(self, actx: AttackCtx) -> None:
        if not self.wanted(actx):
            return
        deck = actx.me.deck
        if "search" in actx.choices or not deck:
            self._finish(actx, self._pick(actx, deck, hidden=True))
            return
        actx.say(msg("%(seat)s looks through the deck for a %(what)s.", seat=actx.seat_label(actx.seat),
                     what=self.what), "R-HIDDEN-1")
        actx.ask("search", actx.attacker.top, deck, by="attack", attack=actx.attack.name,
                 effect=actx.attack.effects.index(self))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.me.deck]
        self._finish(actx, self._pick(actx, shown, hidden=False))

    def _finish(self, actx: AttackCtx, card: str | None) -> None:
        if card is None:
            actx.say(msg("%(seat)s finds no %(what)s in the deck.", seat=actx.seat_label(actx.seat), what=self.what),
                     "R-TRAINER-5")
        else:
            self._checked(actx, card)
            actx.me.deck.remove(card)
            self.take(actx, card)
        shuffle_deck(actx, actx.seat)
        actx.say(msg("%(seat)s shuffles the deck.", seat=actx.seat_label(actx.seat)))

    @abstractmethod
    def take(self, actx: AttackCtx, card: str) -> None:
        """What the attack does with the card found (to the hand, attached …)."""

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = state.seats[pending["seat"]]
        found = [i for i in pending["look"] if i in seat.deck and self.fits(state, i)]
        return [{"search": [c]} for c in found] or [{"search": []}]


class SearchAnyCardIf(DeckSearch, ABC):
    """When `wanted` says so, look through the deck for any 1 card (choices.search) and put it
    into the hand, then shuffle; otherwise the attack does nothing, said in `_not_wanted`."""
    what = msg("card")

    @abstractmethod
    def wanted(self, actx: AttackCtx) -> bool:
        """Whether the condition printed on the card holds."""

    @abstractmethod
    def _not_wanted(self, actx: AttackCtx) -> str:
        """The sentence for an attack whose condition does not hold."""

    def after(self, actx: AttackCtx) -> None:
        if not self.wanted(actx):
            actx.say(self._not_wanted(actx), "R-ATTACK-3")
            return
        super().after(actx)

    def take(self, actx: AttackCtx, card: str) -> None:
        actx.me.hand.append(card)
        actx.say(msg("%(seat)s puts %(card)s from the deck into the hand.", seat=actx.seat_label(actx.seat),
                     card=actx.ref(card)))


class AttackSearch(Effect, ABC):
    """An attack that looks through the deck for several cards after its damage: two steps for a
    player (R-HIDDEN-1: the attack shows the deck, `choose` names choices.search), one when the
    attack already names them. Subclasses say which cards fit (`_fitting`), how many may be named
    (`_pick`) and where they go (`_take`)."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    looks_rule: str | None = "R-HIDDEN-1"      # the rule the "looks through the deck" line cites

    @abstractmethod
    def _fitting(self, state: State, among: list[str]) -> list[str]:
        """The cards of `among` the search may take."""

    @abstractmethod
    def _pick(self, actx: AttackCtx, among: list[str]) -> list[str]:
        """choices.search, checked against the cards searched; a refusal lists none of them (the
        player may not have seen the deck)."""

    @abstractmethod
    def _take(self, actx: AttackCtx, picked: list[str]) -> None:
        """The cards found go where the attack says; the deck is shuffled."""

    @staticmethod
    def _names_fitting(raw: Any, fitting: list[str]) -> TypeGuard[list[str]]:
        """Whether choices.search names distinct cards, each among `fitting`."""
        return (isinstance(raw, list) and len(set(raw)) == len(raw)
                and all(isinstance(i, str) and i in fitting for i in raw))

    def check(self, actx: AttackCtx) -> None:
        if "search" in actx.choices:
            attack_memo(actx, self)["search"] = self._pick(actx, actx.me.deck)

    def _empty_deck(self, actx: AttackCtx) -> None:
        actx.say(msg("%(attack)s: the deck is empty, nothing to search.", attack=actx.attack.name), "R-TRAINER-5")

    def after(self, actx: AttackCtx) -> None:
        picked = attack_memo(actx, self).get("search")
        if picked is not None:
            self._take(actx, picked)
        elif not actx.me.deck:
            self._empty_deck(actx)
        else:
            actx.say(msg("%(seat)s looks through the deck for %(attack)s.", seat=actx.seat_label(actx.seat),
                         attack=actx.attack.name), self.looks_rule)
            actx.ask("search", actx.attacker.top, actx.me.deck, by="attack", attack=actx.attack.name,
                     effect=actx.attack.effects.index(self))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.me.deck]
        self._take(actx, self._pick(actx, shown))


class SearchDeckToHand(AttackSearch):
    """Look through your deck and put cards from it into your hand, then shuffle (the two steps of
    AttackSearch). `basic_energy`: only basic Energy cards, exactly `count` (or as many as there
    are) and shown to both players; otherwise up to `count` cards of any kind."""
    looks_rule = None

    def __init__(self, count: int, basic_energy: bool = False):
        self.count = count
        self.basic_energy = basic_energy
        if basic_energy:
            self.text = (f"search your deck for {count} basic Energy cards (fewer only if the deck has fewer), "
                         "show them to the opponent and put them into your hand; shuffle the deck")
        else:
            self.text = f"search your deck for up to {count} cards and put them into your hand; shuffle the deck"

    def _fitting(self, state: State, instances: list[str]) -> list[str]:
        return [i for i in instances if not self.basic_energy or is_basic_energy_of(state, i)]

    def _bounds(self, fitting: int) -> tuple[int, int]:
        hi = min(self.count, fitting)
        return (hi if self.basic_energy else 0), hi

    def _pick(self, actx: AttackCtx, among: list[str]) -> list[str]:
        fitting = self._fitting(actx.state, among)
        lo, hi = self._bounds(len(fitting))
        raw = actx.choices.get("search")
        if raw is None and hi == 0:
            return []
        if not self._names_fitting(raw, fitting):
            if self.basic_energy:
                raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name distinct basic Energy cards of "
                                                "your deck.", attack=actx.attack.name))
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name distinct cards of your deck.",
                                            attack=actx.attack.name))
        if not lo <= len(raw) <= hi:
            rule = "R-TRAINER-5" if len(raw) < lo else "R-ATTACK-2"    # fewer than it can, or more than it says
            if self.basic_energy:
                raise Illegal(rule, msg("%(attack)s takes %(count)s basic Energy cards, fewer only when the "
                                        "deck holds fewer; %(named)s named.", attack=actx.attack.name,
                                        count=self.count, named=len(raw)))
            raise Illegal(rule, msg("%(attack)s takes up to %(count)s cards; %(named)s named.",
                                    attack=actx.attack.name, count=self.count, named=len(raw)))
        return list(raw)

    def _take(self, actx: AttackCtx, picked: list[str]) -> None:
        to_hand(actx, actx.seat, picked, "deck")
        shuffle_deck(actx, actx.seat)
        shown_to = "*" if self.basic_energy else None
        rule = "R-TRAINER-5" if len(picked) < self.count else None
        if not picked:
            actx.say(msg("%(seat)s takes nothing from the deck and shuffles it.", seat=actx.seat_label(actx.seat)),
                     rule)
        elif self.basic_energy:
            actx.say(msg("%(seat)s shows and takes %(cards)s from the deck and shuffles it.",
                         seat=actx.seat_label(actx.seat), cards=actx.refs(picked, shown_to=shown_to)), rule)
        else:
            actx.say(msg("%(seat)s takes %(cards)s from the deck and shuffles it.", seat=actx.seat_label(actx.seat),
                         cards=actx.refs(picked, shown_to=shown_to)), rule)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        lo, hi = self._bounds(len(fitting))
        return [{"search": pick} for pick in distinct_picks(state, fitting, lo, hi)]


def bench_room(state: State, seat: int) -> int:
    """How many Pokémon the seat's Bench has room for."""
    return max(0, bench_size(state, seat) - len(state.seats[seat].bench))


class BenchSearch(AttackSearch, ABC):
    """An AttackSearch whose Pokémon found go onto the Bench, each alone as a Basic Pokémon
    would go (as many as `_room` allows)."""

    @abstractmethod
    def _room(self, state: State, seat: int) -> int:
        """How many Pokémon the search may put onto the Bench."""

    def _take(self, actx: AttackCtx, picked: list[str]) -> None:
        bench_from_deck(actx, actx.seat, picked)
        if not picked:
            actx.say(msg("%(seat)s puts no Pokémon onto the Bench and shuffles the deck.",
                         seat=actx.seat_label(actx.seat)), "R-BENCH-2")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        deck = state.seats[seat].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        hi = min(self._room(state, seat), len(fitting))
        return [{"search": pick} for pick in distinct_picks(state, fitting, 0, hi)]


class SearchDeckToBench(BenchSearch):
    """Look through the deck for Pokémon cards of the names (or any Basic) and put 0 to `most` of
    them (as the Bench has room) onto the Bench; shuffle. With a full Bench the deck is still
    searched and shuffled."""

    def __init__(self, names: tuple[str, ...], any_basic: bool = False, most: int | None = None):
        self.names = names
        self.any_basic = any_basic
        self.most = most
        what = " or ".join(names) + (" or any Basic Pokémon" if any_basic else "")
        count = f"up to {most}" if most is not None else "as many as you like"
        self.text = (f"look through your deck for Pokémon cards named {what} and put {count} of them onto your "
                     "Bench (choices.search), as Basic Pokémon; shuffle the deck")

    def _fitting(self, state: State, among: list[str]) -> list[str]:
        out = []
        for i in among:
            c = state.card_of(i)
            if c.supertype == "Pokemon" and (c.name in self.names or (self.any_basic and c.stage == "Basic")):
                out.append(i)
        return out

    def _room(self, state: State, seat: int) -> int:
        room = bench_room(state, seat)
        return room if self.most is None else min(self.most, room)

    def _pick(self, actx: AttackCtx, among: list[str]) -> list[str]:
        fitting = self._fitting(actx.state, among)
        hi = min(self._room(actx.state, actx.seat), len(fitting))
        raw = actx.choices.get("search")
        if raw is None and hi == 0:
            return []
        if not self._names_fitting(raw, fitting):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name distinct fitting Pokémon cards of "
                                            "your deck.", attack=actx.attack.name))
        if len(raw) > hi:
            raise Illegal("R-BENCH-1", msg("%(attack)s puts at most %(most)s Pokémon onto the Bench; %(named)s named.",
                                           attack=actx.attack.name, most=hi, named=len(raw)))
        return list(raw)

    def _empty_deck(self, actx: AttackCtx) -> None:
        self._take(actx, [])


class SearchPokemonToBench(BenchSearch):
    """Look through the deck for Pokémon cards that fit and put as many as you like (0 up to the
    room on the Bench) onto the Bench, then shuffle. ex1's searches put cards into the hand; this
    one puts Pokémon into play; with a full Bench it does nothing."""

    def __init__(self, what: str, fits: Callable[[CardDef], bool]):
        self.what = what
        self.fits = fits
        self.text = (f"look through your deck for {what} and put as many as you like onto your Bench "
                     "(choices.search, up to the room there), then shuffle the deck; nothing with a full Bench")

    def _room(self, state: State, seat: int) -> int:
        return bench_room(state, seat)

    def _fitting(self, state: State, among: list[str]) -> list[str]:
        return [i for i in among if self.fits(state.card_of(i))]

    def _pick(self, actx: AttackCtx, among: list[str]) -> list[str]:
        fitting = self._fitting(actx.state, among)
        room = self._room(actx.state, actx.seat)
        raw = actx.choices.get("search")
        if raw is None and not fitting:
            return []
        if not self._names_fitting(raw, fitting):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name distinct cards of your deck that are "
                                            "%(what)s (an empty list takes none).", attack=actx.attack.name,
                                            what=self.what))
        if len(raw) > room:
            raise Illegal("R-BENCH-1", msg("%(attack)s: the Bench has room for %(room)s; %(named)s named.",
                                           attack=actx.attack.name, room=room, named=len(raw)))
        return list(raw)

    def after(self, actx: AttackCtx) -> None:
        if not self._room(actx.state, actx.seat):
            actx.say(msg("%(seat)s's Bench is full: %(attack)s does nothing.", seat=actx.seat_label(actx.seat),
                         attack=actx.attack.name), "R-BENCH-1")
            return
        super().after(actx)
