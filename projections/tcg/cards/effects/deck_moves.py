"""Attacks that move cards between zones in the modern wording (`compiler/zones.py`): the top of a
deck discarded (per heads too), deck searches to the hand, the Bench or onto Pokémon, Energy
attached from the discard pile or the hand, moved (to the Bench, from the opponent's Active) or put
into a hand, cards of a kind from the discard pile into the hand, a hand discarded or shuffled
back before drawing, draws up to a hand size, a Stadium discarded, an optional switch, the
opponent's hand revealed or one random card of it discarded or shuffled into their deck.

Rulings taken here (modern ruleset; the EX and Base sets keep the searches of `search.py` and
`energy.py`, unchanged):
- A search takes what it can (R-TRAINER-5, the seeds' "do as much as you can", the project's
  ruling for every era's searches: `sv1_supporters`, `search.py`): a search for "a" card of a
  stated quality or for N cards takes as many as the deck holds that fit, up to N; "up to N"
  takes 1 to N, at least one when the deck (or the discard pile, the hand) holds one that fits.
  (The current official rules let a player "fail to find" a card of a given kind in a hidden
  deck; the seeds don't say so, and the referee, who sees the deck, follows them.) "You may
  search" may search nothing (declined, below).
- The searched deck is seen by its owner only (R-HIDDEN-1: the attack shows it, `choose` names
  the cards; a judge may name them with the attack, and a refusal then names none of them; "none
  found" named with the attack is refused whatever the deck holds: `choices.refuse_blind_none`). A
  card taken into the hand is shown to the opponent only when the text says "reveal"; a card
  put onto the Bench or attached is in play, seen by both.
- "You may ..." is the attacking player's choice, made with the attack (or with `choose`):
  leaving the choice out does the thing, an explicit "no" (`choices.search == []` before the
  deck is shown, `choices.count == 0`, no `choices.to`) does not, as each block says. A "You may
  search your deck for a card" declined with the attack searches nothing; once the deck is
  shown, a card is taken as for "Search".
- Discarding from a deck, a hand or the Stadium is not an effect on a Pokémon: an effect that
  protects the Defending Pokémon from attacks' effects doesn't stop it.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from itertools import permutations, product
from typing import TYPE_CHECKING, Any, Literal

from ....messages import msg
from ...carddb import UNKNOWN
from ...core import Illegal, attach_by_effect, discard_cards, draw, shown, shuffle_deck, switch_active
from .base import Effect, attack_memo, standing_defender
from .choices import (
    MAX_PICKS,
    chosen_target,
    distinct_picks,
    energy_of_type,
    is_basic_energy_of,
    one_instance,
    one_per_card,
    refuse_blind_none,
)
from .coins import FlipUntilTails
from .search import SearchDeckToBench

if TYPE_CHECKING:
    from ...contexts import AttackCtx, CardCtx
    from ...state import Pokemon, State

Whose = Literal["own", "opponent"]
# Where attached cards go: "self" this Pokémon; "one" 1 of your Pokémon (all to it); "any" your
# Pokémon in any way you like; "bench_one" / "bench_any" the same among your Benched Pokémon.
Onto = Literal["self", "one", "any", "bench_one", "bench_any"]


class DiscardTopOfDeck(Effect):
    """Discard the top `count` cards of the opponent's deck (`whose="opponent"`) or your own
    (as many as it holds, R-TRAINER-5); they go face up to that player's discard pile."""

    def __init__(self, count: int = 1, whose: Whose = "opponent"):
        self.count = count
        self.whose = whose
        owner = "your opponent's" if whose == "opponent" else "your"
        self.text = f"discard the top {count} card(s) of {owner} deck"

    def after(self, actx: AttackCtx) -> None:
        seat_no = actx.opp if self.whose == "opponent" else actx.seat
        deck = actx.state.seats[seat_no].deck
        taken = deck[:self.count]
        del deck[:self.count]
        if not taken:
            actx.say(msg("%(seat)s's deck is empty: nothing to discard.", seat=actx.seat_label(seat_no)),
                     "R-TRAINER-5")
            return
        discard_cards(actx, seat_no, taken)
        actx.say(msg("%(count)s card(s) from the top of %(seat)s's deck are discarded: %(cards)s.", count=len(taken),
                     seat=actx.seat_label(seat_no), cards=actx.refs(taken, shown_to="*")))


# -- deck searches ----------------------------------------------------------------------------------

class ModernDeckSearch(Effect, ABC):
    """Base of the modern searches (rulings above): the cards that fit (`fits`), how many may be
    taken (`up_to`, `exact`), what is done with them (`take`) and the other choices that go with
    them (`check_more`, `more_options`). Two steps for a player: the attack shows the deck
    (R-HIDDEN-1), `choose` names choices.search; a judge may name them with the attack.
    `optional` ("You may search"): choices.search == [] with the attack searches nothing."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    what = msg("card")

    def __init__(self, count: int, *, up_to: bool, exact: bool = False, optional: bool = False):
        self.count = count
        self.up_to = up_to
        self.exact = exact          # no stated quality: it must take them while the deck has them
        self.optional = optional

    def fits(self, state: State, instance: str) -> bool:
        return True

    def room(self, state: State, seat: int) -> int:
        """How many the destination takes (the Bench's room)."""
        return self.count

    def _bounds(self, state: State, seat: int, fitting: int) -> tuple[int, int]:
        hi = min(self.count, fitting, self.room(state, seat))
        return (min(1, hi) if self.up_to else hi), hi

    def _pick(self, actx: AttackCtx, among: list[str], hidden: bool) -> list[str]:
        raw = actx.choices.get("search")
        if hidden:
            refuse_blind_none("search", raw, self._bounds(actx.state, actx.seat, self.count)[0], among)
        fitting = [i for i in among if self.fits(actx.state, i)]
        lo, hi = self._bounds(actx.state, actx.seat, len(fitting))
        if raw is None and hi == 0:
            return []
        if (not isinstance(raw, list) or len(set(raw)) != len(raw)
                or any(not isinstance(i, str) or i not in fitting for i in raw)):
            if hidden:
                raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name distinct cards of your deck, "
                                                "each one: %(what)s.", attack=actx.attack.name, what=self.what))
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.search must name distinct cards among those shown, "
                                            "each one: %(what)s.", attack=actx.attack.name, what=self.what))
        if len(raw) < lo:       # lo: the deck's size or the count, both known to both players
            raise Illegal("R-TRAINER-5", msg("%(attack)s takes %(count)s cards while the deck has them; %(named)s "
                                             "named.", attack=actx.attack.name, count=lo, named=len(raw)))
        most = min(self.count, self.room(actx.state, actx.seat))   # not the fitting cards' number: hidden
        if len(raw) > most:
            raise Illegal("R-ATTACK-2", msg("%(attack)s takes up to %(count)s cards; %(named)s named.",
                                            attack=actx.attack.name, count=most, named=len(raw)))
        self.check_more(actx, list(raw))
        return list(raw)

    def check_more(self, actx: AttackCtx, picked: list[str]) -> None:
        """The choices that go with the cards picked (where they go), checked before anything moves."""

    def more_options(self, state: State, seat: int, picked: list[str]) -> list[dict[str, Any]]:
        return [{}]

    def check(self, actx: AttackCtx) -> None:
        if "search" not in actx.choices:
            return
        memo = attack_memo(actx, self)
        if self.optional and actx.choices["search"] == []:
            memo["skip"] = True
            return
        memo["search"] = self._pick(actx, self.searched(actx.state, actx.seat), hidden=True)

    def searched(self, state: State, seat: int) -> list[str]:
        """The cards searched: the whole deck (a look at its top cards: those)."""
        return state.seats[seat].deck

    def say_looks(self, actx: AttackCtx) -> None:
        actx.say(msg("%(seat)s looks through the deck for %(attack)s.", seat=actx.seat_label(actx.seat),
                     attack=actx.attack.name), "R-HIDDEN-1")

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        who = actx.seat_label(actx.seat)
        if memo.get("skip"):
            actx.say(msg("%(seat)s chooses not to search the deck.", seat=who))
            return
        if "search" in memo:
            self._finish(actx, memo["search"])
        elif not actx.me.deck:
            actx.say(msg("%(attack)s: the deck is empty, nothing to search.", attack=actx.attack.name), "R-TRAINER-5")
        else:
            self.say_looks(actx)
            actx.ask("search", actx.attacker.top, self.searched(actx.state, actx.seat), by="attack",
                     attack=actx.attack.name, effect=actx.attack.effects.index(self))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        shown = [i for i in pending["look"] if i in actx.me.deck]
        self._finish(actx, self._pick(actx, shown, hidden=False))

    def _finish(self, actx: AttackCtx, picked: list[str]) -> None:
        for i in picked:
            actx.me.deck.remove(i)
        self.take(actx, picked)
        shuffle_deck(actx, actx.seat)
        actx.say(msg("%(seat)s shuffles the deck.", seat=actx.seat_label(actx.seat)))

    @abstractmethod
    def take(self, actx: AttackCtx, picked: list[str]) -> None:
        """What the attack does with the cards found (possibly none)."""

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}, {"search": []}] if self.optional else [{}]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        deck = state.seats[seat].deck
        fitting = [i for i in pending["look"] if i in deck and self.fits(state, i)]
        lo, hi = self._bounds(state, seat, len(fitting))
        out: list[dict[str, Any]] = []
        for pick in distinct_picks(state, fitting, lo, hi):
            out.extend({"search": pick, **more} for more in self.more_options(state, seat, pick))
            if len(out) >= MAX_PICKS:
                break
        return out[:MAX_PICKS]


SEARCH_KINDS = ("card", "pokemon", "basic_pokemon", "basic_energy", "supporter", "item", "stadium", "tool")
KIND_WORDS = {"card": msg("card"), "pokemon": msg("Pokémon"), "basic_pokemon": msg("Basic Pokémon"),
              "basic_energy": msg("basic Energy card"), "supporter": msg("Supporter card"),
              "item": msg("Item card"), "stadium": msg("Stadium card"), "tool": msg("Pokémon Tool card")}

# The kinds a printed search names with a type: "Basic Fire Energy", "Water Pokémon".
TYPED_WORDS = {"basic_energy": lambda t: msg("basic %(type)s Energy card", type=t),
               "pokemon": lambda t: msg("%(type)s Pokémon", type=t),
               "basic_pokemon": lambda t: msg("%(type)s Pokémon", type=t)}


def fits_kind(state: State, instance: str, kind: str, of_type: str | None) -> bool:
    """A card of a search's kind (SEARCH_KINDS), of `of_type` when given (a Pokémon's type, a basic
    Energy's)."""
    c = state.card_of(instance)
    if kind == "card":
        return True
    if kind in ("pokemon", "basic_pokemon"):
        return (c.supertype == "Pokemon" and (kind == "pokemon" or c.stage == "Basic")
                and (of_type is None or c.type == of_type))
    if kind == "basic_energy":
        return is_basic_energy_of(state, instance, of_type)
    return c.supertype == "Trainer" and c.trainer_kind == kind


class SearchToHand(ModernDeckSearch):
    """Search your deck for `count` cards of `kind` (SEARCH_KINDS, of `of_type`) and put them into
    your hand (shown to the opponent when `reveal`); shuffle the deck. Rulings above."""

    def __init__(self, count: int, kind: str = "card", of_type: str | None = None, *, up_to: bool = False,
                 reveal: bool = False, optional: bool = False):
        super().__init__(count, up_to=up_to, exact=kind == "card", optional=optional)
        self.kind = kind
        self.of_type = of_type
        self.reveal = reveal
        self.what = KIND_WORDS[kind] if of_type is None else TYPED_WORDS[kind](of_type)
        many = f"up to {count}" if up_to else str(count)
        kind_text = f"{of_type} {kind}" if of_type else kind
        self.text = (f"{'you may ' if optional else ''}search your deck for {many} {kind_text} card(s) "
                     f"(choices.search){', reveal them' if reveal else ''} and put them into your hand; "
                     "shuffle the deck")

    def fits(self, state: State, instance: str) -> bool:
        return fits_kind(state, instance, self.kind, self.of_type)

    def take(self, actx: AttackCtx, picked: list[str]) -> None:
        actx.me.hand.extend(picked)
        who = actx.seat_label(actx.seat)
        if not picked:
            actx.say(msg("%(seat)s takes nothing from the deck.", seat=who), "R-TRAINER-5")
        elif self.reveal:
            actx.say(msg("%(seat)s reveals %(cards)s and puts them into the hand.", seat=who,
                         cards=actx.refs(picked, shown_to="*")))
        else:
            actx.say(msg("%(seat)s puts %(cards)s into the hand.", seat=who,
                         cards=actx.refs(picked, shown_to=[actx.seat])))


class SearchBasicToBench(SearchDeckToBench):
    """Search your deck for up to `most` Basic Pokémon and put them onto your Bench (as the Bench
    has room); shuffle. SearchDeckToBench looking for any Basic Pokémon: it takes 0 to `most` of
    them, as the modern ruling above says."""

    def __init__(self, most: int):
        super().__init__((), any_basic=True, most=most)
        self.text = (f"search your deck for up to {most} Basic Pokémon (choices.search) and put them onto your "
                     "Bench, as it has room; shuffle the deck")


def _targets(state: State, seat: int, onto: Onto, attacker: Pokemon) -> list[Pokemon]:
    if onto == "self":
        return [attacker]
    me = state.seats[seat]
    return list(me.bench) if onto.startswith("bench") else me.in_play()


def _assignments(state: State, seat: int, onto: Onto, attacker: Pokemon, cards: list[str]) -> list[dict[str, Any]]:
    """The ways to say where `cards` go (choices.to), for listing legal actions."""
    if not cards or onto == "self":
        return [{}]
    targets = [p.top for p in _targets(state, seat, onto, attacker)]
    if onto in ("one", "bench_one"):
        return [{"to": t} for t in targets]
    return [{"to": list(ts)} for ts in product(targets, repeat=len(cards))][:MAX_PICKS]


def chosen_places(actx: AttackCtx, onto: Onto, cards: list[str]) -> list[Pokemon]:
    """Where each of `cards` goes, as choices.to says (one Pokémon, or a list as long as `cards`
    for "in any way you like"; left out when only one Pokémon may take them)."""
    if not cards:
        return []
    targets = _targets(actx.state, actx.seat, onto, actx.attacker)
    if onto in ("self", "one", "bench_one"):
        what = msg("one of your Benched Pokémon") if onto == "bench_one" else msg("one of your Pokémon in play")
        return [chosen_target(actx, actx.choices, targets, what, "R-ATTACK-2")] * len(cards)
    raw = actx.choices.get("to")
    if raw is None and len(targets) == 1:
        return targets * len(cards)
    found = [next((p for p in targets if isinstance(r, str) and r in p.stack), None)
             for r in (raw if isinstance(raw, list) else [])]
    if not isinstance(raw, list) or len(raw) != len(cards) or any(p is None for p in found):
        names = ", ".join(f"{actx.name(p)} ({p.top})" for p in targets) or msg("none")
        raise Illegal("R-ATTACK-2", msg("choices.to must list, card by card, the Pokémon each goes to (%(count)s): "
                                        "%(pokemon)s.", count=len(cards), pokemon=names))
    return [p for p in found if p is not None]


Source = Literal["deck", "discard", "hand"]


def _attach_all(actx: AttackCtx, cards: list[str], places: list[Pokemon], source: Source) -> None:
    for card, target in zip(cards, places, strict=True):
        attach_by_effect(actx, target, card, from_hand=source == "hand")
        ref, name = actx.ref(card, shown_to="*"), actx.name(target)
        if source == "deck":
            actx.say(msg("%(attack)s attaches %(card)s from the deck to %(pokemon)s.", attack=actx.attack.name,
                         card=ref, pokemon=name))
        elif source == "hand":
            actx.say(msg("%(attack)s attaches %(card)s from the hand to %(pokemon)s.", attack=actx.attack.name,
                         card=ref, pokemon=name))
        else:
            actx.say(msg("%(attack)s attaches %(card)s from the discard pile to %(pokemon)s.",
                         attack=actx.attack.name, card=ref, pokemon=name))


class SearchEnergyToAttach(ModernDeckSearch):
    """Search your deck for `count` basic Energy cards (of `of_type`) and attach them to
    `onto` (Onto; choices.to); shuffle the deck. Rulings above: it may find none."""

    def __init__(self, count: int, of_type: str | None, onto: Onto, *, up_to: bool):
        super().__init__(count, up_to=up_to)
        self.of_type = of_type
        self.onto = onto
        self.what = KIND_WORDS["basic_energy"] if of_type is None else msg(
            "basic %(type)s Energy card", type=of_type)
        many = f"up to {count}" if up_to else str(count)
        self.text = (f"search your deck for {many} basic {of_type or ''} Energy card(s) (choices.search) and "
                     f"attach them to {onto} (choices.to); shuffle the deck")

    def fits(self, state: State, instance: str) -> bool:
        return is_basic_energy_of(state, instance, self.of_type)

    def room(self, state: State, seat: int) -> int:
        return 0 if self.onto.startswith("bench") and not state.seats[seat].bench else self.count

    def check_more(self, actx: AttackCtx, picked: list[str]) -> None:
        chosen_places(actx, self.onto, picked)

    def take(self, actx: AttackCtx, picked: list[str]) -> None:
        if not picked:
            actx.say(msg("%(seat)s attaches nothing from the deck.", seat=actx.seat_label(actx.seat)), "R-TRAINER-5")
            return
        _attach_all(actx, picked, chosen_places(actx, self.onto, picked), "deck")

    def more_options(self, state: State, seat: int, picked: list[str]) -> list[dict[str, Any]]:
        active = state.seats[seat].active
        return _assignments(state, seat, self.onto, active, picked) if active else [{}]


# -- Energy moved or attached from the discard pile ----------------------------------------------

class AttachEnergyFrom(Effect):
    """Attach `count` basic Energy cards (of `of_type`) from your discard pile (`source="discard"`)
    or your hand (`source="hand"`), named in choices.cards, to `onto` (Onto; choices.to). `up_to`:
    0 to `count`; else exactly `count`, or as many as there are (the discard pile is public and the
    hand the player's own: nothing hidden to find, R-TRAINER-5)."""

    def __init__(self, count: int, of_type: str | None, onto: Onto, *, up_to: bool,
                 source: Literal["discard", "hand"] = "discard"):
        self.count = count
        self.of_type = of_type
        self.onto = onto
        self.up_to = up_to
        self.source: Literal["discard", "hand"] = source
        self.choice_zones = {"cards": source}      # at a paper table the cards may be named by card id
        many = f"up to {count}" if up_to else str(count)
        zone = "discard pile" if source == "discard" else "hand"
        self.text = (f"attach {many} basic {of_type or ''} Energy card(s) from your {zone} (choices.cards) "
                     f"to {onto} (choices.to)")

    def _zone(self, state: State, seat: int) -> list[str]:
        return state.seats[seat].discard if self.source == "discard" else state.seats[seat].hand

    def _allowed(self, state: State, seat: int, attacker: Pokemon) -> list[str]:
        if not _targets(state, seat, self.onto, attacker):
            return []
        return [i for i in self._zone(state, seat) if is_basic_energy_of(state, i, self.of_type)]

    def _bounds(self, allowed: int) -> tuple[int, int]:
        hi = min(self.count, allowed)
        return (min(1, hi) if self.up_to else hi), hi

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat, actx.attacker)
        lo, hi = self._bounds(len(allowed))
        raw = actx.choices.get("cards")
        if raw is None and lo == hi and len(set(actx.state.card_id(i) for i in allowed)) <= 1:
            raw = allowed[:hi]
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in allowed for i in raw)
                or not lo <= len(raw) <= hi):
            if self.source == "hand":
                raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name %(lo)s to %(hi)s fitting Energy "
                                                "cards of your hand.", attack=actx.attack.name, lo=lo, hi=hi))
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name %(lo)s to %(hi)s fitting Energy "
                                            "cards of your discard pile: %(cards)s.", attack=actx.attack.name, lo=lo,
                                            hi=hi, cards=", ".join(allowed) or msg("none")))
        memo = attack_memo(actx, self)
        memo["cards"] = list(raw)
        memo["places"] = chosen_places(actx, self.onto, list(raw))

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        zone = self._zone(actx.state, actx.seat)
        moves = [(i, p) for i, p in zip(memo["cards"], memo["places"], strict=True) if i in zone]
        if not moves:
            actx.say(msg("%(attack)s attaches no Energy card.", attack=actx.attack.name))
            return
        for i, _ in moves:
            zone.remove(i)
        _attach_all(actx, [i for i, _ in moves], [p for _, p in moves], self.source)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat, attacker)
        lo, hi = self._bounds(len(allowed))
        out: list[dict[str, Any]] = []
        for pick in distinct_picks(state, allowed, lo, hi):
            out.extend({"cards": pick, **more} for more in _assignments(state, seat, self.onto, attacker, pick))
            if len(out) >= MAX_PICKS:
                break
        return out[:MAX_PICKS] or [{}]


class MoveOwnEnergy(Effect):
    """Move `count` Energy (or "all"; of `of_type` when given) from this Pokémon to your Benched
    Pokémon (`onto`: "bench_one", or "bench_any" in any way you like): choices.cards when there
    is a choice of Energy, choices.to; nothing without a Bench."""

    def __init__(self, count: int | Literal["all"] = 1, of_type: str | None = None, onto: Onto = "bench_one"):
        self.count = count
        self.of_type = of_type
        self.onto = onto
        self.text = (f"move {count} {of_type or ''} Energy from this Pokémon to {onto} (choices.cards, choices.to)")

    def _allowed(self, state: State, p: Pokemon) -> list[str]:
        return energy_of_type(state, p, self.of_type)

    def _count(self, allowed: list[str]) -> int:
        return len(allowed) if self.count == "all" else min(self.count, len(allowed))

    def _cards(self, actx: AttackCtx, allowed: list[str]) -> list[str]:
        n = self._count(allowed)
        raw = actx.choices.get("cards")
        if raw is None and (n == len(allowed) or len({actx.state.card_id(i) for i in allowed}) == 1):
            return allowed[:n]
        if not isinstance(raw, list) or len(raw) != n or len(set(raw)) != n or any(i not in allowed for i in raw):
            raise Illegal("R-ATTACK-2", msg("choices.cards must name %(count)s of the Energy attached to %(pokemon)s: "
                                            "%(cards)s.", count=n, pokemon=actx.attacker_name,
                                            cards=", ".join(allowed)))
        return list(raw)

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.attacker)
        if actx.me.bench and allowed:
            memo = attack_memo(actx, self)
            memo["cards"] = self._cards(actx, allowed)
            memo["places"] = chosen_places(actx, self.onto, memo["cards"])

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        p = actx.attacker
        moves = [(i, t) for i, t in zip(memo.get("cards", []), memo.get("places", []), strict=True)
                 if i in p.energy and t in actx.me.bench]
        if not moves:
            actx.say(msg("%(attack)s moves no Energy.", attack=actx.attack.name))
            return
        for i, target in moves:
            p.energy.remove(i)
            target.energy.append(i)
            actx.say(msg("%(attack)s moves %(cards)s from %(pokemon)s to %(other)s.", attack=actx.attack.name,
                         cards=actx.ref(i, shown_to="*"), pokemon=actx.attacker_name, other=actx.name(target)),
                     "R-ENERGY-3")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, attacker)
        if not state.seats[seat].bench or not allowed:
            return [{}]
        n = self._count(allowed)
        picks = distinct_picks(state, allowed, n, n)
        out: list[dict[str, Any]] = []
        for pick in picks:
            cards = {} if len(picks) == 1 else {"cards": pick}
            out.extend({**cards, **more} for more in _assignments(state, seat, self.onto, attacker, pick))
        return out[:MAX_PICKS]


class EnergyToHand(Effect):
    """Put `count` Energy attached to this Pokémon into your hand (`whose="own"`), or attached to
    your opponent's Active Pokémon into their hand (`whose="opponent"`: not when the damage
    Knocked it Out or it is protected from attacks' effects). choices.cards names them when
    there is a choice; `optional` ("You may put"): choices.cards == [] puts none."""

    def __init__(self, count: int = 1, whose: Whose = "own", optional: bool = False):
        self.count = count
        self.whose = whose
        self.optional = optional
        where = "this Pokémon into your hand" if whose == "own" else "your opponent's Active Pokémon into their hand"
        self.text = f"{'you may ' if optional else ''}put {count} Energy attached to {where} (choices.cards)"

    def _holder(self, state: State, seat: int, attacker: Pokemon) -> Pokemon | None:
        return attacker if self.whose == "own" else state.seats[1 - seat].active

    def check(self, actx: AttackCtx) -> None:
        p = self._holder(actx.state, actx.seat, actx.attacker)
        energy = list(p.energy) if p is not None else []
        n = min(self.count, len(energy))
        raw = actx.choices.get("cards")
        if self.optional and raw == []:
            picked: list[str] = []
        elif raw is None and (n == len(energy) or len({actx.state.card_id(i) for i in energy}) == 1):
            picked = energy[:n]
        elif not isinstance(raw, list) or len(raw) != n or len(set(raw)) != n or any(i not in energy for i in raw):
            raise Illegal("R-ATTACK-2", msg("choices.cards must name %(count)s of the Energy attached to %(pokemon)s: "
                                            "%(cards)s.", count=n, pokemon=actx.name(p) if p else msg("none"),
                                            cards=", ".join(energy)))
        else:
            picked = list(raw)
        attack_memo(actx, self)["cards"] = picked

    def after(self, actx: AttackCtx) -> None:
        p = actx.attacker if self.whose == "own" else standing_defender(actx)
        if p is None:
            return
        cards = [i for i in attack_memo(actx, self)["cards"] if i in p.energy]
        if not cards:
            return
        owner = actx.seat if self.whose == "own" else actx.opp
        for i in cards:
            p.energy.remove(i)
        actx.state.seats[owner].hand.extend(cards)
        actx.say(msg("%(cards)s attached to %(pokemon)s go into %(seat)s's hand.", cards=actx.refs(cards, shown_to="*"),
                     pokemon=actx.name(p), seat=actx.seat_label(owner)))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        p = self._holder(state, seat, attacker)
        energy = list(p.energy) if p is not None else []
        n = min(self.count, len(energy))
        picks = distinct_picks(state, energy, n, n)
        out = [{}] if len(picks) == 1 else [{"cards": pick} for pick in picks]
        return out + ([{"cards": []}] if self.optional and energy else [])


class DiscardPileToHand(Effect):
    """Put `count` cards of `kind` (SEARCH_KINDS, of `of_type`) from your discard pile into your
    hand (choices.cards): `up_to`, 0 to `count`; else `count`, or as many as there are (the
    discard pile is public: nothing is hidden to find)."""

    def __init__(self, count: int, kind: str, of_type: str | None = None, *, up_to: bool = False):
        self.count = count
        self.kind = kind
        self.of_type = of_type
        self.up_to = up_to
        many = f"up to {count}" if up_to else str(count)
        self.text = f"put {many} {of_type or ''} {kind} card(s) from your discard pile into your hand (choices.cards)"

    def _allowed(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if fits_kind(state, i, self.kind, self.of_type)]

    def _bounds(self, allowed: list[str]) -> tuple[int, int]:
        hi = min(self.count, len(allowed))
        return (min(1, hi) if self.up_to else hi), hi

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        lo, hi = self._bounds(allowed)
        raw = actx.choices.get("cards")
        if raw is None and lo == hi and len({actx.state.card_id(i) for i in allowed}) <= 1:
            raw = allowed[:hi]
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in allowed for i in raw)
                or not lo <= len(raw) <= hi):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name %(lo)s to %(hi)s cards of your "
                                            "discard pile, each one: %(what)s.", attack=actx.attack.name, lo=lo,
                                            hi=hi, what=KIND_WORDS[self.kind]))
        attack_memo(actx, self)["cards"] = list(raw)

    def after(self, actx: AttackCtx) -> None:
        cards = [i for i in attack_memo(actx, self)["cards"] if i in actx.me.discard]
        for i in cards:
            actx.me.discard.remove(i)
        actx.me.hand.extend(cards)
        actx.say(msg("%(seat)s puts %(cards)s from the discard pile into the hand.", seat=actx.seat_label(actx.seat),
                     cards=actx.refs(cards, shown_to="*")))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        lo, hi = self._bounds(allowed)
        return [{"cards": pick} for pick in distinct_picks(state, allowed, lo, hi)]


class HandAwayThenDraw(Effect):
    """"Discard your hand and draw N cards." (`how="discard"`) or "Shuffle your hand into your
    deck. Then, draw N cards." (`how="shuffle"`): as many as the deck holds (R-TRAINER-5)."""

    def __init__(self, count: int, how: Literal["discard", "shuffle"]):
        self.count = count
        self.how = how
        self.text = (f"{'discard your hand' if how == 'discard' else 'shuffle your hand into your deck'}, then draw "
                     f"{count} cards")

    def after(self, actx: AttackCtx) -> None:
        me = actx.me
        hand, me.hand = list(me.hand), []
        who = actx.seat_label(actx.seat)
        if self.how == "discard":
            discard_cards(actx, actx.seat, hand)
            actx.say(msg("%(seat)s discards the hand: %(cards)s.", seat=who, cards=actx.refs(hand, shown_to="*")))
        else:
            me.deck.extend(hand)
            shuffle_deck(actx, actx.seat)
            actx.say(msg("%(seat)s shuffles %(count)s card(s) of the hand into the deck.", seat=who, count=len(hand)))
        drawn = draw(actx, actx.seat, self.count)
        actx.say(msg("%(seat)s draws %(cards)s.", seat=who, cards=actx.refs(drawn, shown_to=[actx.seat])))


# -- the hand, the Stadium, the switch -------------------------------------------------------------

class DrawUntil(Effect):
    """Draw cards until you have `size` cards in your hand (as many as the deck holds). `optional`
    ("You may draw"): choices.count == 0 draws none; left out, it draws."""

    def __init__(self, size: int, optional: bool = False):
        self.size = size
        self.optional = optional
        self.text = f"{'you may ' if optional else ''}draw cards until you have {size} cards in your hand" + (
            " (choices.count 0: none)" if optional else "")

    def check(self, actx: AttackCtx) -> None:
        raw = actx.choices.get("count")
        if raw is not None and (not self.optional or raw != 0):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.count is 0 (no draw) or left out, for an optional "
                                            "draw only.", attack=actx.attack.name))

    def after(self, actx: AttackCtx) -> None:
        who = actx.seat_label(actx.seat)
        if actx.choices.get("count") == 0:
            actx.say(msg("%(seat)s chooses not to draw.", seat=who))
            return
        want = self.size - len(actx.me.hand)
        drawn = draw(actx, actx.seat, want) if want > 0 else []
        if drawn:
            actx.say(msg("%(seat)s draws %(cards)s.", seat=who, cards=actx.refs(drawn, shown_to=[actx.seat])))
        else:
            actx.say(msg("%(seat)s draws no card.", seat=who), "R-TRAINER-5")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        me = state.seats[seat]
        would = self.size > len(me.hand) and me.deck
        return [{}, {"count": 0}] if self.optional and would else [{}]


class DiscardStadium(Effect):
    """Discard the Stadium in play (to its owner's discard pile). `optional` ("You may discard"):
    choices.cards names the Stadium to discard it; left out, it stays."""

    def __init__(self, optional: bool = False):
        self.optional = optional
        self.text = ("you may discard the Stadium in play (choices.cards naming it)" if optional
                     else "discard the Stadium in play")

    def check(self, actx: AttackCtx) -> None:
        raw = actx.choices.get("cards")
        stadium = actx.state.stadium["card"] if actx.state.stadium else None
        if raw is None:
            return
        if not self.optional or raw not in ([], [stadium] if stadium else []):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names the Stadium in play to discard it, or is "
                                            "left out.", attack=actx.attack.name))

    def after(self, actx: AttackCtx) -> None:
        stadium = actx.state.stadium
        if stadium is None:
            actx.say(msg("There is no Stadium in play to discard."))
            return
        if self.optional and not actx.choices.get("cards"):
            return
        self._discard(actx, stadium)

    @staticmethod
    def _discard(actx: AttackCtx, stadium: dict[str, Any]) -> None:
        actx.state.stadium = None
        actx.state.seats[stadium["owner"]].discard.append(stadium["card"])
        actx.say(msg("%(attack)s discards the Stadium %(stadium)s (%(seat)s's).", attack=actx.attack.name,
                     stadium=actx.name(stadium["card"]), seat=actx.seat_label(stadium["owner"])), "R-TRAINER-3")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        if self.optional and state.stadium:
            return [{}, {"cards": [state.stadium["card"]]}]
        return [{}]


class MayDiscardStadiumForMore(DiscardStadium):
    """"You may discard a Stadium in play. If you do, this attack does N more damage." (the
    printed "+"): choices.cards naming the Stadium discards it as the damage is worked out (the
    damage depends on it, so the Stadium is gone before it is done) and adds `bonus`."""

    def __init__(self, bonus: int):
        super().__init__(optional=True)
        self.bonus = bonus
        self.text = (f"you may discard the Stadium in play (choices.cards naming it); if you do, {bonus} more "
                     "damage")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        stadium = actx.state.stadium
        if stadium is None or not actx.choices.get("cards"):
            return amount
        self._discard(actx, stadium)
        return amount + self.bonus

    def after(self, actx: AttackCtx) -> None:
        """The discard came with the damage."""


class MaySwitchSelf(Effect):
    """You may switch this Pokémon with 1 of your Benched Pokémon: choices.to names it; left out,
    no switch."""
    text = "you may switch this Pokémon with one of your Benched Pokémon (choices.to; left out, no switch)"

    def check(self, actx: AttackCtx) -> None:
        if "to" in actx.choices:
            chosen_target(actx, actx.choices, actx.me.bench, msg("one of your Benched Pokémon"), "R-ATTACK-2")

    def after(self, actx: AttackCtx) -> None:
        if "to" not in actx.choices or not actx.me.bench or actx.me.active is not actx.attacker:
            return
        new = chosen_target(actx, actx.choices, actx.me.bench, msg("one of your Benched Pokémon"), "R-ATTACK-2")
        switch_active(actx, actx.seat, new)
        actx.say(msg("%(pokemon)s switches with %(other)s, the new Active Pokémon.", pokemon=actx.attacker_name,
                     other=actx.name(new)), "R-RETREAT-6")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        return [{}] + [{"to": p.top} for p in state.seats[seat].bench]


class OpponentRevealsHand(Effect):
    """Your opponent reveals their hand: both players see it (at a paper table its unknown cards
    are reported, R-TABLE-2)."""
    text = "your opponent reveals their hand"

    def after(self, actx: AttackCtx) -> None:
        actx.show_hand(actx.opp, actx.attack.name)
        hand = actx.them.hand
        actx.say(msg("%(seat)s reveals the hand: %(cards)s.", seat=actx.seat_label(actx.opp),
                     cards=actx.refs(hand, shown_to="*")))


class MoveDefendingEnergy(Effect):
    """Move an Energy from your opponent's Active Pokémon to 1 of their Benched Pokémon
    (choices.cards when it has more than one kind, choices.pokemon when they have more than one
    Benched Pokémon); not when the damage Knocked it Out or it is protected from attacks'
    effects. `optional` ("You may move"): choices.cards == [] moves none."""

    def __init__(self, optional: bool = False):
        self.optional = optional
        self.text = (f"{'you may ' if optional else ''}move an Energy from the opponent's Active Pokémon to one of "
                     "their Benched Pokémon (choices.cards, choices.pokemon)")

    def check(self, actx: AttackCtx) -> None:
        d = actx.defender
        bench = actx.them.bench
        memo = attack_memo(actx, self)
        memo["cards"] = []
        if d is None or not d.energy or not bench:
            return
        raw = actx.choices.get("cards")
        if self.optional and raw == []:
            return
        if raw is None and len({actx.state.card_id(i) for i in d.energy}) == 1:
            raw = d.energy[:1]
        if not isinstance(raw, list) or len(raw) != 1 or raw[0] not in d.energy:
            raise Illegal("R-ATTACK-2", msg("choices.cards must name %(count)s of the Energy attached to %(pokemon)s: "
                                            "%(cards)s.", count=1, pokemon=actx.name(d), cards=", ".join(d.energy)))
        pick = one_instance(actx.choices, "pokemon")
        if pick is None and len(bench) == 1:
            pick = bench[0].top
        if not isinstance(pick, str) or all(pick not in p.stack for p in bench):
            raise Illegal("R-ATTACK-2", msg("choices.pokemon must name one of the opponent's Benched Pokémon."))
        memo["cards"] = list(raw)
        memo["to"] = pick

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        d = standing_defender(actx) if memo["cards"] else None
        if d is None:
            return
        card = memo["cards"][0]
        target = next((p for p in actx.them.bench if memo["to"] in p.stack), None)
        if card not in d.energy or target is None:
            return
        d.energy.remove(card)
        target.energy.append(card)
        actx.say(msg("%(attack)s moves %(cards)s from %(pokemon)s to %(other)s.", attack=actx.attack.name,
                     cards=actx.ref(card, shown_to="*"), pokemon=actx.name(d), other=actx.name(target)), "R-ENERGY-3")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        d = state.seats[1 - seat].active
        bench = state.seats[1 - seat].bench
        if d is None or not d.energy or not bench:
            return [{}]
        picks = one_per_card(state, list(d.energy))
        cards = [{}] if len(picks) == 1 else [{"cards": [i]} for i in picks]
        tos = [{}] if len(bench) == 1 else [{"pokemon": [p.top]} for p in bench]
        return [{**c, **t} for c in cards for t in tos] + ([{"cards": []}] if self.optional else [])


class RandomHandCardToDeck(Effect):
    """Choose a random card from your opponent's hand: they reveal it and shuffle it into their
    deck. Picked as DiscardFromOpponentHandUnseen picks (the action's randomness; at a paper table
    the first card the referee doesn't know, which the table then names: it is revealed)."""
    text = "choose a random card from the opponent's hand; they reveal it and shuffle it into their deck"

    def after(self, actx: AttackCtx) -> None:
        random_hand_card_to_deck(actx)


def random_hand_card_to_deck(ctx: CardCtx) -> None:
    """A card picked at random from the opponent's hand is revealed and shuffled into their deck
    (RandomHandCardToDeck's pick; an Ability's too)."""
    hand = ctx.them.hand
    if not hand:
        ctx.say(msg("%(seat)s has no card in hand.", seat=ctx.seat_label(ctx.opp)))
        return
    unknown = [i for i in hand if ctx.state.card_id(i) == UNKNOWN] if ctx.state.table else []
    pick = unknown[0] if unknown else hand[ctx.rng.shuffle(len(hand))[0]] if len(hand) > 1 else hand[0]
    shown(ctx, ctx.opp, [pick])
    hand.remove(pick)
    ctx.them.deck.append(pick)
    shuffle_deck(ctx, ctx.opp)
    ctx.say(msg("%(seat)s reveals %(card)s, picked at random from the hand, and shuffles it into the deck.",
                seat=ctx.seat_label(ctx.opp), card=ctx.ref(pick, shown_to="*")))


class DiscardTopPerHeads(Effect):
    """Flip `coins` coins (None: until tails); for each heads, discard the top `per` cards of your
    opponent's deck (as many as it holds, R-TRAINER-5)."""

    def __init__(self, coins: int | None, per: int = 1):
        self.coins = coins
        self.per = per
        flips = "a coin until tails" if coins is None else f"{coins} coins"
        self.text = f"flip {flips}; for each heads, discard the top {per} card(s) of the opponent's deck"

    def after(self, actx: AttackCtx) -> None:
        heads = 0
        if self.coins is None:      # at most FlipUntilTails.MAX_FLIPS: legal_actions probes with heads only
            while heads < FlipUntilTails.MAX_FLIPS and actx.flip(actx.attack.name):
                heads += 1
        else:
            heads = sum(actx.flip(actx.attack.name) for _ in range(self.coins))
        if heads:
            DiscardTopOfDeck(heads * self.per, "opponent").after(actx)


class SearchEnergyEachBenched(SearchEnergyToAttach):
    """"For each of your Benched Pokémon (or of up to `most` of them), search your deck for a basic
    `of_type` Energy card and attach it to that Pokémon": one card to each of different Benched
    Pokémon (choices.search, choices.to card by card). "For each" takes one for every Benched
    Pokémon while the deck has them; "up to N of them" takes 1 to N (rulings above)."""

    def __init__(self, of_type: str | None, most: int | None = None):
        # 5: no Bench holds more (R-BENCH-1)
        super().__init__(most or 5, of_type, "bench_any", up_to=most is not None)
        self.most = most
        each = "each of your Benched Pokémon" if most is None else f"each of up to {most} of your Benched Pokémon"
        self.text = (f"for {each}, search your deck for a basic {of_type or ''} Energy card (choices.search) and "
                     "attach it to that Pokémon (choices.to, a different one for each card); shuffle the deck")

    def room(self, state: State, seat: int) -> int:
        return len(state.seats[seat].bench)

    def check_more(self, actx: AttackCtx, picked: list[str]) -> None:
        places = chosen_places(actx, self.onto, picked)
        if len({id(p) for p in places}) != len(places):
            raise Illegal("R-ATTACK-2", msg("%(attack)s attaches one card to each Pokémon: choices.to names each "
                                            "Benched Pokémon once.", attack=actx.attack.name))

    def more_options(self, state: State, seat: int, picked: list[str]) -> list[dict[str, Any]]:
        if not picked:
            return [{}]
        bench = [p.top for p in state.seats[seat].bench]
        return [{"to": list(ts)} for ts in permutations(bench, len(picked))][:MAX_PICKS]
