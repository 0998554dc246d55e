"""What Trainer cards are made of: the base class, reading their choices, deck searches, Tools."""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ....messages import msg, msg_n
from ...contexts import TrainerCtx
from ...core import Illegal, bench_size, discard_cards, draw, remove_pokemon_from_play, shuffle_deck
from ...state import Pokemon
from .base import Trainer, and_list
from .choices import multiset_picks, one_per_card, refuse_blind_none
from .zones import bench_from_deck

if TYPE_CHECKING:
    from ...contexts import TrainerCtx
    from ...core import Ctx
    from ...hooks import DamageEvent, Listener
    from ...state import Seat, State


def listed_cards(tctx: TrainerCtx, instances: list[str], limit: int = 12) -> str:
    """Card references for a refusal (rendered per reader, projections.text)."""
    shown = tctx.refs(instances[:limit])
    if len(instances) > limit:
        return msg("%(cards)s, … %(count)s more", cards=shown, count=len(instances) - limit)
    return shown


def choose_cards(tctx: TrainerCtx, key: str, allowed: Iterable[str], lo: int, hi: int, what: str,
            rule: str = "R-TRAINER-1", hidden_zone: bool = False, fewer: str | None = None) -> list[str]:
    """The distinct cards named in choices[key]: between lo and hi of `allowed`.
    Left out, it means every allowed card when that is the only possibility.
    `hidden_zone`: `allowed` is a zone its player can't see now (the deck), so a refusal
    neither lists nor counts it. `rule` is the rule a refusal cites; `fewer`, when given, the
    one for naming fewer than `lo` cards while `allowed` holds them (R-TRAINER-5: do as much
    of the card as you can) — a card named that does not fit, or too many, is `rule`'s."""
    allowed = list(allowed)
    raw = tctx.choices.get(key)
    if hidden_zone:
        refuse_blind_none(key, raw, min(lo, hi), tctx.me.deck)
    hi = min(hi, len(allowed))
    lo = min(lo, hi)
    if raw is None:
        if hi == 0:
            return []
        if lo == hi == len(allowed):
            return list(allowed)
        raise Illegal(rule, msg("Name %(what)s in choices.%(key)s.", what=what, key=key))
    if (not isinstance(raw, list) or any(not isinstance(c, str) for c in raw)
            or len(set(raw)) != len(raw) or any(c not in allowed for c in raw)):
        if hidden_zone:
            raise Illegal(rule, msg("In choices.%(key)s, name %(what)s.", key=key, what=what))
        raise Illegal(rule, msg("In choices.%(key)s, name %(what)s among: %(cards)s.", key=key, what=what,
                                cards=listed_cards(tctx, allowed)))
    if not lo <= len(raw) <= hi:
        count = str(hi) if lo == hi else msg("%(lo)s to %(hi)s", lo=lo, hi=hi)
        refusing = (fewer or rule) if len(raw) < lo else rule
        raise Illegal(refusing, msg("In choices.%(key)s, name %(count)s card(s) (%(what)s), not %(named)s.",
                                    key=key, count=count, what=what, named=len(raw)))
    return list(raw)


def one_of_each_refused(raw: Any, by_kind: dict[Any, list[str]]) -> str | None:
    """The rule refusing `raw` as "one card of each kind, each when the deck holds one" (Arven,
    Secret Box), None when it fits: a card named that is none of the kinds, twice, or a second
    card of a kind breaks what the card says (R-TRAINER-1); only a kind left out while the deck
    holds one is doing less than the card can (R-TRAINER-5)."""
    named = raw if isinstance(raw, list) and all(isinstance(i, str) for i in raw) else None
    if named is None or len(set(named)) != len(named):
        return "R-TRAINER-1"
    counts = {k: sum(i in found for i in named) for k, found in by_kind.items()}
    if sum(counts.values()) != len(named) or any(n > 1 for n in counts.values()):
        return "R-TRAINER-1"
    if any(n < min(1, len(by_kind[k])) for k, n in counts.items()):
        return "R-TRAINER-5"
    return None


def chosen_targets(tctx: TrainerCtx, slots: Sequence[tuple[Sequence[Pokemon], str]],
             rule: str = "R-TRAINER-1") -> list[Pokemon]:
    """The Pokémon named in `targets`, one per slot (candidates, what). Left out when every
    slot has a single candidate."""
    raw = tctx.targets
    if not raw:
        if all(len(c) == 1 for c, _ in slots):
            return [c[0] for c, _ in slots]
        raise Illegal(rule, msg("Name %(what)s in targets.", what=and_list(w for _, w in slots)))
    if len(raw) != len(slots):
        raise Illegal(rule, msg("Name %(count)s Pokémon in targets: %(what)s.", count=len(slots),
                                what=and_list(w for _, w in slots)))
    out = []
    for inst, (cands, what) in zip(raw, slots, strict=True):
        p = next((p for p in cands if isinstance(inst, str) and inst in p.stack), None)
        if p is None:
            raise Illegal(rule, msg("The target %(instance)s is not %(what)s.", instance=str(inst), what=what))
        out.append(p)
    return out


def other_hand_cards(state: State, seat: int, instance: str) -> list[str]:
    return [i for i in state.seats[seat].hand if i != instance]


def bench_full(state: State, seat: int) -> bool:
    return len(state.seats[seat].bench) >= bench_size(state, seat)


def trainer_option(targets: Iterable[str] = (), **choices: Any) -> dict[str, Any]:
    return {"targets": list(targets), "choices": choices}


def active_pokemon(seat: Seat) -> Pokemon:
    """The seat's Active Pokémon: during a turn there is one (a missing one is replaced first, R-KO-3)."""
    assert seat.active is not None, "a seat has an Active Pokémon during a turn"
    return seat.active


def to_hand(ctx: Ctx, seat_no: int, instances: Iterable[str], zone: str) -> None:
    """Cards of a seat's zone (deck, discard …) go to its hand."""
    seat = ctx.state.seats[seat_no]
    src = getattr(seat, zone)
    for i in instances:
        src.remove(i)
        seat.hand.append(i)


class TrainerCard(Trainer):
    def _need_others(self, tctx: TrainerCtx, n: int, why: str) -> list[str]:
        others = tctx.hand_without_me()
        if len(others) < n:
            raise Illegal("R-TRAINER-1", msg_n("%(card)s needs %(count)s other card(s) in the hand %(why)s; there is "
                                               "%(num)s.",
                                               "%(card)s needs %(count)s other card(s) in the hand %(why)s; there are "
                                               "%(num)s.", len(others), card=tctx.card.name, count=n, why=why))
        return others


class BaseSetTrainer(TrainerCard):
    """A Base Set Trainer. Each one's check only reads (keeping its finds in `tctx.sel`), and
    its play moves cards, damage and Pokémon as checked, asking no hook and refusing nothing
    (a deck searched or drawn short is allowed, R-TRAINER-5); Pokémon Breeder evolves."""
    settled_by_check: tuple[str, ...] | None = ()


class DeckSearchTrainer(TrainerCard, ABC):
    """Look through the deck for one card that fits, show it, put it into the hand, then shuffle.
    Two steps for a player (R-HIDDEN-1): play, the deck is shown (`pending`), `choose` names
    `choices.search`; one action when `choices.search` comes with the card. `coin`: flip first,
    tails does nothing."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    what = msg("card")          # what the search looks for, in a sentence (a translatable `msg`)
    coin = False

    @abstractmethod
    def fits(self, state: State, inst: str) -> bool:
        """Whether this deck card is one the search may take."""

    def _fitting(self, state: State, among: list[str]) -> list[str]:
        return [i for i in among if self.fits(state, i)]

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        return choose_cards(tctx, "search", self._fitting(tctx.state, among), 1, 1, msg("a %(what)s", what=self.what),
                       fewer="R-TRAINER-5", hidden_zone=hidden_zone)

    def check(self, tctx: TrainerCtx) -> None:
        tctx.sel = self._pick(tctx, tctx.me.deck, hidden_zone=True) if "search" in tctx.choices else None

    def play(self, tctx: TrainerCtx) -> bool:
        if self.coin and not tctx.flip(tctx.card.name):
            tctx.say(msg("Tails: the deck is not searched."), "R-TRAINER-1")
            return False
        if tctx.sel is not None or not tctx.me.deck:
            self._take(tctx, tctx.sel or [])
            return False
        self._say_looks(tctx)
        tctx.ask("search", tctx.instance, tctx.me.deck)
        return False

    def _say_looks(self, tctx: TrainerCtx) -> None:
        tctx.say(msg("%(seat)s looks through the deck for a %(what)s.", seat=tctx.seat_label(tctx.seat),
                     what=self.what), "R-HIDDEN-1")

    def _take(self, tctx: TrainerCtx, picked: list[str]) -> None:
        to_hand(tctx, tctx.seat, picked, "deck")
        shuffle_deck(tctx, tctx.seat)
        if picked:
            tctx.say(msg_n("%(seat)s shows %(cards)s, puts it into the hand and shuffles the deck.",
                           "%(seat)s shows %(cards)s, puts them into the hand and shuffles the deck.", len(picked),
                           seat=tctx.seat_label(tctx.seat), cards=tctx.refs(picked, shown_to="*")), "R-TRAINER-1")
        else:
            tctx.say(msg("%(seat)s finds no %(what)s and shuffles the deck.", seat=tctx.seat_label(tctx.seat),
                         what=self.what), "R-TRAINER-5")

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in tctx.me.deck]
        self._take(tctx, self._pick(tctx, shown, hidden_zone=False))

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        return [{"search": [i]} for i in one_per_card(state, fitting)] or [{"search": []}]


class DiscardThenSearch(DeckSearchTrainer, ABC):
    """A deck search whose card first discards `discards` other cards of the hand (choices.cards,
    shown to both players), then searches as its other base says (Ultra Ball, Earthen Vessel,
    Secret Box)."""
    choice_zones = {"cards": "hand", "search": "deck"}
    discards = 1
    discard_what = msg("another card of your hand to discard")     # the cards to name, in a refusal

    def check(self, tctx: TrainerCtx) -> None:
        others = self._need_others(tctx, self.discards, msg("to discard"))
        cards = choose_cards(tctx, "cards", others, self.discards, self.discards, self.discard_what)
        super().check(tctx)
        tctx.sel = (cards, tctx.sel)

    def play(self, tctx: TrainerCtx) -> bool:
        cards, search = tctx.sel
        for i in cards:
            tctx.me.hand.remove(i)
        discard_cards(tctx, tctx.seat, cards)
        tctx.say(msg("%(seat)s discards %(cards)s.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(cards, shown_to='*')), "R-TRAINER-1")
        tctx.sel = search
        return super().play(tctx)

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = other_hand_cards(state, seat, instance)
        return [trainer_option(cards=pick) for pick in multiset_picks(state, others, self.discards, self.discards)]


def holds_tool(state: State, p: Pokemon) -> bool:
    return any(state.card_of(i).trainer_kind == "tool" for i in p.attached)


class ToolCard(TrainerCard):
    """A Pokémon Tool: the engine attaches it (R-TRAINER-4); it acts through hooks."""

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.say(msg("%(card)s is attached to %(pokemon)s.", card=tctx.card.name, pokemon=tctx.name(tctx.tool_target)),
                 "R-TRAINER-4")
        return True

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in state.seats[seat].in_play() if not holds_tool(state, p)]


class BerryTool(ToolCard):
    """A Pokémon Tool that acts once between turns, then is discarded."""

    @staticmethod
    def _eaten(ctx: Ctx, src: Listener) -> None:
        """The Berry leaves its Pokémon for its owner's discard pile."""
        assert src.on is not None and src.card is not None, "an attached card"
        src.on.attached.remove(src.card)
        discard_cards(ctx, src.seat, [src.card])


class StadiumCard(TrainerCard):
    """A Stadium: the engine puts it into play for both players (R-TRAINER-3); it acts through
    hooks."""

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.say(msg("%(card)s is now in play for both players.", card=tctx.card.name), "R-TRAINER-3")
        return True


class DamageBonus(ABC):
    """A Tool or a Stadium (mixed in before its class) whose Pokémon's attacks do `bonus` more
    damage to the opponent's Active Pokémon, added before Weakness and Resistance, when `_boosts`
    says; `label` names the card in the damage note."""
    bonus = 0
    label = ""

    @abstractmethod
    def _boosts(self, src: Listener, ev: DamageEvent) -> bool:
        """Whether this card boosts the damage `ev` (each card says when)."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if not ev.to_defending or not ev.by_opponent or ev.confusion or not self._boosts(src, ev):
            return dmg
        dmg += self.bonus
        ev.note(msg("%(card)s +%(bonus)s = %(damage)s", card=self.label, bonus=self.bonus, damage=dmg))
        return dmg


class OntoTheBench:
    """A deck search whose Pokémon go onto the Bench (mixed in before the search's class):
    refused with a full Bench, the cards found benched, then the deck shuffled."""
    what = msg("Basic Pokémon")

    def check(self, tctx: TrainerCtx) -> None:
        if bench_full(tctx.state, tctx.seat):
            raise Illegal("R-BENCH-1", msg("%(seat)s's Bench is full.", seat=tctx.seat_label(tctx.seat)))
        super().check(tctx)  # type: ignore[misc]   # the search's own check

    def _take(self, tctx: TrainerCtx, picked: list[str]) -> None:
        bench_from_deck(tctx, tctx.seat, picked)
        if not picked:
            tctx.say(msg("%(seat)s finds no %(what)s and shuffles the deck.", seat=tctx.seat_label(tctx.seat),
                         what=self.what), "R-TRAINER-5")


class LookAtTop(TrainerCard, ABC):
    """Two steps for a player: play it, look at the top `depth` cards (`pending`), then `choose`
    among them (`choices.search`, with the card's other choices; one action when they come with
    the card). Subclasses say what may be picked (`_pick`) and what is done with it (`_take`)."""
    choose_zones = {"search": "look"}
    depth = 7

    @abstractmethod
    def _pick(self, tctx: TrainerCtx, top: list[str], hidden_zone: bool) -> Any:
        """The choices, checked against the cards looked at."""

    @abstractmethod
    def _take(self, tctx: TrainerCtx, picked: Any) -> None:
        """What the card does with what `_pick` returned; the deck is shuffled."""

    def check(self, tctx: TrainerCtx) -> None:
        if not tctx.me.deck:
            raise Illegal("R-TRAINER-1", msg("Your deck is empty: there is nothing to look at."))
        top = tctx.me.deck[:self.depth]
        tctx.sel = self._pick(tctx, top, hidden_zone=True) if "search" in tctx.choices else None

    def play(self, tctx: TrainerCtx) -> bool:
        if tctx.sel is None:
            top = tctx.me.deck[:self.depth]
            tctx.say(msg_n("%(seat)s looks at the top %(num)s card(s) of the deck.",
                           "%(seat)s looks at the top %(num)s card(s) of the deck.", len(top),
                           seat=tctx.seat_label(tctx.seat)),
                     "R-TRAINER-5" if len(top) < self.depth else "R-HIDDEN-1")
            tctx.ask("search", tctx.instance, top)
            return False
        self._take(tctx, tctx.sel)
        return False

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in tctx.me.deck]
        self._take(tctx, self._pick(tctx, shown, hidden_zone=False))


class LookTopForOne(LookAtTop, ABC):
    """LookAtTop for one card that `fits` among the top `depth` cards, or none; it goes to the
    hand, shown."""
    choice_zones = {"search": "deck"}
    what = msg("a card")

    @abstractmethod
    def fits(self, state: State, inst: str) -> bool:
        """The cards looked at that this card may take."""

    def _fitting(self, state: State, among: Iterable[str]) -> list[str]:
        return [i for i in among if self.fits(state, i)]

    def _pick(self, tctx: TrainerCtx, top: list[str], hidden_zone: bool) -> list[str]:
        return choose_cards(tctx, "search", self._fitting(tctx.state, top), 0, 1,
                       msg("%(what)s among the cards looked at, or none", what=self.what), fewer="R-TRAINER-5",
                       hidden_zone=hidden_zone)

    def _take(self, tctx: TrainerCtx, picked: list[str]) -> None:
        to_hand(tctx, tctx.seat, picked, "deck")
        shuffle_deck(tctx, tctx.seat)
        who = tctx.seat_label(tctx.seat)
        if picked:
            tctx.say(msg("%(seat)s shows %(card)s, puts it into the hand and shuffles the deck.", seat=who,
                         card=tctx.ref(picked[0], shown_to='*')), "R-TRAINER-1")
        else:
            tctx.say(msg("%(seat)s takes no card and shuffles the deck.", seat=who), "R-TRAINER-1")

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if state.seats[seat].deck else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        found = self._fitting(state, [i for i in pending["look"] if i in deck])
        return [{"search": [i]} for i in one_per_card(state, found)] + [{"search": []}]


def shuffle_hand_in(tctx: TrainerCtx, seat_no: int) -> int:
    """The seat's hand goes into its deck, which is shuffled: how many cards went."""
    seat = tctx.state.seats[seat_no]
    n = len(seat.hand)
    seat.deck.extend(seat.hand)
    seat.hand = []
    shuffle_deck(tctx, seat_no)
    return n


def draw_and_say(tctx: TrainerCtx, seat_no: int, want: int, shuffled: int | None = None) -> None:
    """Draw `want` cards and say how many (the cards are never named: R-HIDDEN-1); `shuffled`: how
    many cards of the hand were shuffled into the deck first (said in the same sentence)."""
    drawn = draw(tctx, seat_no, want)
    rule = "R-TRAINER-5" if len(drawn) < want else "R-TRAINER-1"
    if shuffled is None:
        tctx.say(msg_n("%(seat)s draws %(num)s card(s).", "%(seat)s draws %(num)s card(s).", len(drawn),
                       seat=tctx.seat_label(seat_no)), rule)
    else:
        tctx.say(msg_n("%(seat)s shuffles %(shuffled)s card(s) from the hand into the deck and draws %(num)s card(s).",
                       "%(seat)s shuffles %(shuffled)s card(s) from the hand into the deck and draws %(num)s card(s).",
                       len(drawn), seat=tctx.seat_label(seat_no), shuffled=shuffled), rule)


class SupporterSearch(DeckSearchTrainer):
    """The EX searches' two steps (`DeckSearchTrainer`), in this set's words: `looking_for`
    what the search looks for, with its article."""
    looking_for = msg("a card")

    def _say_looks(self, tctx: TrainerCtx) -> None:
        tctx.say(msg("%(seat)s looks through the deck for %(what)s.", seat=tctx.seat_label(tctx.seat),
                     what=self.looking_for), "R-HIDDEN-1")


class ReturnToHand(TrainerCard, ABC):
    """One of your Pokémon in play that `_returnable` allows (targets) goes back to your hand with
    every card on it; from the Active Spot, you then promote a Benched one (never your only
    Pokémon in play)."""

    @staticmethod
    @abstractmethod
    def _returnable(state: State, seat: int) -> list[Pokemon]:
        """The Pokémon the card may return."""

    @abstractmethod
    def _say_back(self, tctx: TrainerCtx, name: str, cards: list[str]) -> None:
        """The narration: `name` went back to the hand with `cards` (itself among them)."""

    def play(self, tctx: TrainerCtx) -> bool:
        p: Pokemon = tctx.sel
        was_active = tctx.me.active is p
        name = tctx.name(p)
        remove_pokemon_from_play(tctx, tctx.seat, p)
        cards = p.all_cards()
        tctx.me.hand.extend(cards)
        self._say_back(tctx, name, cards)
        if was_active:
            tctx.continue_after("resume")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        if not state.seats[seat].bench:
            return []
        return [trainer_option([p.top]) for p in self._returnable(state, seat)]
