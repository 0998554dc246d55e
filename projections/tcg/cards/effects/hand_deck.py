"""Attacks that move cards between the hand, the deck and the discard pile in the modern wording
(`compiler/hand_deck.py`): a Pokémon evolved from the deck, a Pokémon (yours or the opponent's)
put into the hand or shuffled into the deck, Pokémon devolved, a card discarded from the hand to
draw, draws from the bottom of the deck or per the opponent's hand, searches for cards of several
kinds or of a name, the top of the deck looked at, the opponent's revealed hand, random discards
per heads, cards from the discard pile, and the attacks usable on the first player's first turn.

Rulings taken here (besides `deck_moves.py`'s, which the searches keep):
- A Pokémon evolved by an attack's effect may evolve on the first turn and the turn it was put
  into play or evolved (R-EVOLVE-2 and -3 restrict the player's evolving from the hand: "most
  effects that evolve your Pokémon ignore this rule", pokebeach.com rulings thread "Evolving";
  an evolving attack prints "If you go first, you can use this attack during your first
  turn", which would otherwise do nothing). The card must still evolve from that Pokémon
  (R-EVOLVE-1), and what is in play may refuse it (`can_evolve`). Each Pokémon evolves once
  per attack; "a card that evolves from that Pokémon" is a stated quality: the search takes
  as many as can go on the Pokémon named, each on its own (rulings of `deck_moves.py`).
- "If you go first, you can use this attack during your first turn.": the card lifts R-ATTACK-5
  for that attack alone (`UsableFirstTurn`; the engine asks `usable_on_first_turn`).
- "Pokémon" put onto the Bench from the deck or the discard pile are Basic Pokémon: an
  Evolution card is not put onto the Bench by itself (R-BENCH-2) — unless the text names the
  card ("Search your deck for up to 3 <name> and put them onto your Bench", printed with a
  Stage 1's name: the card says so, and a card's text overrides the rules).
- A Pokémon put into the hand or shuffled into the deck leaves play with every card on it
  (or, where the text says so, its attached cards are discarded); from the Active Spot its
  owner promotes a Benched Pokémon after the attack (R-KO-3), and one with no Pokémon left in
  play loses (R-WIN-2). "You may ..." : choices.pokemon == [] declines; left out, it is done.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, Literal

from ....messages import Message, msg
from ... import hooks
from ...core import Illegal, clear_conditions_and_effects, discard_cards, draw, remove_pokemon_from_play, shuffle_deck
from ...evolution import evolves_onto
from ...hooks import EvolveEvent
from ...rulesets import get_ruleset
from ...state import Pokemon
from ...table import drawn
from .base import Effect, attack_memo, or_list
from .choices import MAX_PICKS, distinct_picks, one_pokemon_named, refuse_blind_none
from .deck_moves import (
    KIND_WORDS,
    TYPED_WORDS,
    HandAwayThenDraw,
    ModernDeckSearch,
    SearchEnergyToAttach,
    SearchToHand,
    fits_kind,
)
from .zones import DiscardFromOpponentHandUnseen

if TYPE_CHECKING:
    from ...contexts import AttackCtx
    from ...state import State

# Which Pokémon an evolving search may evolve: "self" this Pokémon; "each_benched" each of your
# Benched Pokémon; "one" 1 of your Pokémon; "typed" up to `count` of your Pokémon of a type.
EvolveWhich = Literal["self", "each_benched", "one", "typed"]


def _matching(cards: list[str], fits: dict[str, list[int]]) -> dict[str, int]:
    """The most cards placed each on a different Pokémon (Kuhn's augmenting paths): card -> index."""
    owner: dict[int, str] = {}

    def place(card: str, seen: set[int]) -> bool:
        for t in fits[card]:
            if t not in seen:
                seen.add(t)
                if t not in owner or place(owner[t], seen):
                    owner[t] = card
                    return True
        return False

    for card in cards:
        place(card, set())
    return {card: t for t, card in owner.items()}


class EvolveFromDeck(ModernDeckSearch):
    """Search your deck for cards that evolve from your Pokémon (`which`: EvolveWhich) and put
    each onto the Pokémon it evolves from to evolve it (choices.search, choices.to card by card
    where a card could go on more than one); shuffle. Rulings above."""

    def __init__(self, which: EvolveWhich, count: int = 1, of_type: str | None = None):
        many = which in ("each_benched", "typed")
        super().__init__(5 if which == "each_benched" else count, up_to=which == "typed")
        self.which = which
        self.of_type = of_type
        self.what = msg("card that evolves from one of the Pokémon named")
        whom = {"self": "this Pokémon", "each_benched": "each of your Benched Pokémon", "one": "1 of your Pokémon",
                "typed": f"each of up to {count} of your {of_type} Pokémon"}[which]
        self.text = (f"search your deck for a card that evolves from {whom} (choices.search"
                     f"{', choices.to card by card' if many or which == 'one' else ''}) and put it onto that Pokémon "
                     "to evolve it; shuffle the deck")

    def _candidates(self, state: State, seat: int) -> list[Pokemon]:
        me = state.seats[seat]
        if self.which == "self":
            return [me.active] if me.active else []
        if self.which == "each_benched":
            return list(me.bench)
        mine = me.in_play()
        return mine if self.of_type is None else [p for p in mine if hooks.is_type(state, p, self.of_type)]

    def _onto(self, state: State, seat: int, instance: str) -> list[int]:
        card = state.card_of(instance)
        if card.supertype != "Pokemon":
            return []
        return [n for n, p in enumerate(self._candidates(state, seat)) if evolves_onto(card, state.card_of(p.top))]

    def fits(self, state: State, instance: str) -> bool:
        return bool(self._onto(state, state.seat_to_act, instance))

    def room(self, state: State, seat: int) -> int:
        return min(self.count, len(self._candidates(state, seat)))

    def _bounds(self, state: State, seat: int, fitting: int) -> tuple[int, int]:
        lo, hi = super()._bounds(state, seat, fitting)
        return min(lo, self._most(state, seat)), hi

    def _most(self, state: State, seat: int) -> int:
        """How many cards of the deck can go each on its own Pokémon (an evolving search takes
        that many: a stated quality, ruling above)."""
        deck = [i for i in state.seats[seat].deck if self.fits(state, i)]
        return min(self.room(state, seat), len(_matching(deck, {i: self._onto(state, seat, i) for i in deck})))

    def _places(self, actx: AttackCtx, picked: list[str]) -> list[Pokemon]:
        candidates = self._candidates(actx.state, actx.seat)
        raw = actx.choices.get("to")
        if raw is None:
            onto = [self._onto(actx.state, actx.seat, i) for i in picked]
            if all(len(o) == 1 for o in onto):
                raw = [candidates[o[0]].top for o in onto]
        elif isinstance(raw, str):
            raw = [raw]
        found = [next((p for p in candidates if isinstance(r, str) and r in p.stack), None)
                 for r in (raw if isinstance(raw, list) else [])]
        places = [p for p in found if p is not None]
        if (len(places) != len(picked) or len({id(p) for p in places}) != len(places)
                or any(not evolves_onto(actx.state.card_of(i), actx.state.card_of(p.top))
                       for i, p in zip(picked, places, strict=True))):
            names = ", ".join(f"{actx.name(p)} ({p.top})" for p in candidates) or msg("none")
            raise Illegal("R-EVOLVE-1", msg("choices.to must list, card by card, a different Pokémon each card evolves "
                                            "from, among: %(pokemon)s.", pokemon=names))
        for i, p in zip(picked, places, strict=True):
            refused = hooks.refusal(actx.state, "can_evolve", EvolveEvent(actx, p, i))
            if refused is not None:
                raise refused
        return places

    def check_more(self, actx: AttackCtx, picked: list[str]) -> None:
        self._places(actx, picked)

    def take(self, actx: AttackCtx, picked: list[str]) -> None:
        if not picked:
            actx.say(msg("%(seat)s evolves no Pokémon from the deck.", seat=actx.seat_label(actx.seat)), "R-TRAINER-5")
            return
        for i, p in zip(picked, self._places(actx, picked), strict=True):
            actx.evolve(p, i, "R-EVOLVE-5")

    def more_options(self, state: State, seat: int, picked: list[str]) -> list[dict[str, Any]]:
        if not picked:
            return [{}]
        candidates = self._candidates(state, seat)
        out: list[list[int]] = [[]]
        for i in picked:
            out = [done + [t] for done in out for t in self._onto(state, seat, i) if t not in done]
        return [{"to": [candidates[t].top for t in ts]} for ts in out[:MAX_PICKS]]


class UsableFirstTurn(Effect):
    """"If you go first, you can use this attack during your first turn.": the attack is exempt
    from R-ATTACK-5 (`combat.check_can_attack` reads `usable_on_first_turn`); it does nothing else."""
    text = "usable during the first turn of the game by the player who went first (R-ATTACK-5)"
    usable_on_first_turn = True
    settled_by_check = ()


# -- a Pokémon leaves play ---------------------------------------------------------------------

Which = Literal["self", "bench_one"]


class PokemonAway(Effect):
    """Put this Pokémon (`which="self"`) or 1 of your Benched Pokémon (choices.pokemon) into your
    hand (`to="hand"`) or shuffle it into your deck (`to="deck"`), with every card on it, or with
    its attached cards discarded (`discard_attached`). `optional`: choices.pokemon == [] keeps it
    in play. Rulings above."""

    def __init__(self, which: Which, to: Literal["hand", "deck"], *, discard_attached: bool = False,
                 optional: bool = False):
        self.which = which
        self.to = to
        self.discard_attached = discard_attached
        self.optional = optional
        whom = "this Pokémon" if which == "self" else "1 of your Benched Pokémon (choices.pokemon)"
        cards = "its attached cards discarded" if discard_attached else "all attached cards"
        where = "into your hand" if to == "hand" else "shuffled into your deck"
        self.text = f"{'you may put ' if optional else 'put '}{whom} with {cards} {where}" + (
            " (choices.pokemon [] keeps it)" if optional else "")

    def _candidates(self, actx: AttackCtx) -> list[Pokemon]:
        return [actx.attacker] if self.which == "self" else list(actx.me.bench)

    def check(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        candidates = self._candidates(actx)
        if (self.optional and actx.choices.get("pokemon") == []) or not candidates:
            memo["pokemon"] = None
            return
        picked = candidates[0] if self.which == "self" else one_pokemon_named(actx.choices, candidates)
        if picked is None:
            names = ", ".join(f"{actx.name(p)} ({p.top})" for p in candidates)
            raise Illegal("R-ATTACK-2", msg("choices.pokemon must name one of your Benched Pokémon: %(pokemon)s.",
                                            pokemon=names))
        memo["pokemon"] = picked

    def after(self, actx: AttackCtx) -> None:
        p: Pokemon | None = attack_memo(actx, self)["pokemon"]
        if p is None or all(q is not p for q in actx.me.in_play()):
            return
        name = actx.name(p)
        remove_pokemon_from_play(actx, actx.seat, p)
        kept = p.all_cards()
        if self.discard_attached:
            kept = list(p.stack)
            discard_cards(actx, actx.seat, p.energy + p.attached)
        who = actx.seat_label(actx.seat)
        if self.to == "hand":
            actx.me.hand.extend(kept)
            actx.say(msg("%(pokemon)s goes into %(seat)s's hand: %(cards)s.", pokemon=name, seat=who,
                         cards=actx.refs(kept, shown_to="*")))
        else:
            actx.me.deck.extend(kept)
            shuffle_deck(actx, actx.seat)
            actx.say(msg("%(pokemon)s is shuffled into %(seat)s's deck with %(count)s card(s) on it.", pokemon=name,
                         seat=who, count=len(kept) - 1))
        if self.discard_attached and (p.energy or p.attached):
            actx.say(msg("The cards attached to %(pokemon)s are discarded: %(cards)s.", pokemon=name,
                         cards=actx.refs(p.energy + p.attached, shown_to="*")))
        if not actx.me.in_play():
            actx.say(msg("%(seat)s has no Pokémon left in play.", seat=who), "R-WIN-2")
            actx.decide_winner([False, False])

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        bench = state.seats[seat].bench
        picks: list[dict[str, Any]] = [{}] if self.which == "self" or len(bench) <= 1 else [
            {"pokemon": [p.top]} for p in bench]
        return picks + ([{"pokemon": []}] if self.optional else [])


Theirs = Literal["bench_one", "one", "keep_bench"]


class OpponentPokemonAway(Effect):
    """Shuffle 1 of your opponent's Benched Pokémon (`which="bench_one"`) or 1 of their Pokémon
    ("one"), or all their Benched Pokémon but `keep` you choose ("keep_bench"), with every card
    on them, into their deck (choices.pokemon; left out when there is no choice); not a Pokémon
    protected from the effects of attacks. Without their Active they promote after the attack
    (R-KO-3); with no Pokémon left in play they lose (R-WIN-2)."""

    def __init__(self, which: Theirs, keep: int = 0):
        self.which = which
        self.keep = keep
        self.text = {"bench_one": "shuffle 1 of your opponent's Benched Pokémon (choices.pokemon) and all attached "
                                  "cards into their deck",
                     "one": "shuffle 1 of your opponent's Pokémon (choices.pokemon) and all attached cards into their "
                            "deck",
                     "keep_bench": f"choose {keep} of your opponent's Benched Pokémon (choices.pokemon); shuffle the "
                                   "others and all attached cards into their deck"}[which]

    def _candidates(self, state: State, seat: int) -> list[Pokemon]:
        theirs = state.seats[1 - seat]
        return theirs.in_play() if self.which == "one" else list(theirs.bench)

    def _targets(self, actx: AttackCtx) -> list[Pokemon]:
        candidates = self._candidates(actx.state, actx.seat)
        if self.which != "keep_bench":
            picked = one_pokemon_named(actx.choices, candidates) if candidates else None
            if candidates and picked is None:
                raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of the opponent's "
                                                "Pokémon it may choose.", attack=actx.attack.name))
            return [picked] if picked is not None else []
        raw = actx.choices.get("pokemon", [p.top for p in candidates] if len(candidates) <= self.keep else None)
        kept = [p for p in candidates if isinstance(raw, list) and p.top in raw]
        if not isinstance(raw, list) or len(kept) != len(raw) or len(kept) != min(self.keep, len(candidates)):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name %(count)s of the opponent's Benched "
                                            "Pokémon.", attack=actx.attack.name, count=min(self.keep,
                                                                                         len(candidates))))
        return [p for p in candidates if all(p is not k for k in kept)]

    def check(self, actx: AttackCtx) -> None:
        attack_memo(actx, self)["targets"] = self._targets(actx)

    def after(self, actx: AttackCtx) -> None:
        them = actx.them
        for p in attack_memo(actx, self)["targets"]:
            if all(p is not q for q in them.in_play()):
                continue
            if not actx.can_affect(p):
                actx.say(msg("%(pokemon)s is protected from the effects of attacks.", pokemon=actx.name(p)))
                continue
            name = actx.name(p)
            remove_pokemon_from_play(actx, actx.opp, p)
            them.deck.extend(p.all_cards())
            shuffle_deck(actx, actx.opp)
            if actx.defender is p:
                actx.defender = None
            actx.say(msg("%(pokemon)s is shuffled into %(seat)s's deck with %(count)s card(s) on it.", pokemon=name,
                         seat=actx.seat_label(actx.opp), count=len(p.all_cards()) - 1))
        if not them.in_play():
            actx.say(msg("%(seat)s has no Pokémon left in play.", seat=actx.seat_label(actx.opp)), "R-WIN-2")
            actx.decide_winner([False, False])

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        tops = [p.top for p in self._candidates(state, seat)]
        if self.which == "keep_bench":
            return [{}] if len(tops) <= self.keep else [{"pokemon": list(c)} for c in combinations(tops, self.keep)]
        return [{}] if len(tops) <= 1 else [{"pokemon": [t]} for t in tops]


# -- the hand --------------------------------------------------------------------------------------

class DiscardToDraw(Effect):
    """"Discard a card from your hand. If you do, draw N cards.": choices.cards names the card
    (left out when the hand holds one kind of card); an empty hand discards and draws nothing."""

    def __init__(self, count: int):
        self.count = count
        self.text = f"discard a card from your hand (choices.cards); if you do, draw {count} cards"

    def check(self, actx: AttackCtx) -> None:
        hand = actx.me.hand
        raw = actx.choices.get("cards")
        if raw is None and len({actx.state.card_id(i) for i in hand}) <= 1:
            raw = hand[:1]
        if not isinstance(raw, list) or len(raw) != min(1, len(hand)) or any(i not in hand for i in raw):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name a card of your hand.",
                                            attack=actx.attack.name))
        attack_memo(actx, self)["cards"] = list(raw)

    def after(self, actx: AttackCtx) -> None:
        cards = [i for i in attack_memo(actx, self)["cards"] if i in actx.me.hand]
        who = actx.seat_label(actx.seat)
        if not cards:
            actx.say(msg("%(seat)s has no card in hand to discard: no card is drawn.", seat=who))
            return
        actx.me.hand.remove(cards[0])
        discard_cards(actx, actx.seat, cards)
        drawn = draw(actx, actx.seat, self.count)
        actx.say(msg("%(seat)s discards %(card)s from the hand and draws %(cards)s.", seat=who,
                     card=actx.ref(cards[0], shown_to="*"), cards=actx.refs(drawn, shown_to=[actx.seat])))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        hand = state.seats[seat].hand
        picks = distinct_picks(state, hand, 1, 1)
        return [{}] if len(picks) <= 1 else [{"cards": p} for p in picks]


class ShuffleHandDrawPerOpponentHand(Effect):
    """"Shuffle your hand into your deck. Then, draw a card for each card in your opponent's
    hand.": HandAwayThenDraw with the count their hand has once yours is shuffled in."""
    text = "shuffle your hand into your deck, then draw a card for each card in your opponent's hand"

    def after(self, actx: AttackCtx) -> None:
        HandAwayThenDraw(len(actx.them.hand), "shuffle").after(actx)


class DiscardRandomPerHeads(Effect):
    """Flip `coins` coins; for each heads, discard a card picked without looking from the
    opponent's hand (DiscardFromOpponentHandUnseen, once per heads)."""

    def __init__(self, coins: int):
        self.coins = coins
        self.text = f"flip {coins} coins; for each heads, discard a random card from the opponent's hand"

    def after(self, actx: AttackCtx) -> None:
        heads = sum(actx.flip(actx.attack.name) for _ in range(self.coins))
        for _ in range(heads):
            DiscardFromOpponentHandUnseen().after(actx)


class DrawFromBottom(Effect):
    """Draw `count` cards from the bottom of your deck (as many as it holds, R-TRAINER-5); at a
    paper table the table may name them, as for any draw."""

    def __init__(self, count: int):
        self.count = count
        self.text = f"draw {count} cards from the bottom of your deck"

    def after(self, actx: AttackCtx) -> None:
        deck = actx.me.deck
        taken = deck[max(0, len(deck) - self.count):]
        del deck[len(deck) - len(taken):]
        actx.me.hand.extend(taken)
        drawn(actx, actx.seat, taken)
        actx.say(msg("%(seat)s draws %(cards)s from the bottom of the deck.", seat=actx.seat_label(actx.seat),
                     cards=actx.refs(taken, shown_to=[actx.seat])), None if len(taken) == self.count else "R-TRAINER-5")


# -- the discard pile -------------------------------------------------------------------------------

class DiscardPileToBench(Effect):
    """Put up to `count` Basic Pokémon (of `of_type`, or named `name`) from your discard pile onto
    your Bench (choices.cards; as the Bench has room). The discard pile is public: up to N takes 1
    to N when there is one (the modern ruling of `deck_moves.py`)."""

    def __init__(self, count: int, of_type: str | None = None, name: str | None = None):
        self.count = count
        self.of_type = of_type
        self.name = name
        what = name or f"{of_type or ''} Basic Pokémon"
        self.text = f"put up to {count} {what} from your discard pile onto your Bench (choices.cards)"

    def _fits(self, state: State, instance: str) -> bool:
        c = state.card_of(instance)
        return (c.supertype == "Pokemon" and c.stage == "Basic" and (self.name is None or c.name == self.name)
                and (self.of_type is None or c.type == self.of_type))

    def _bounds(self, state: State, seat: int) -> tuple[list[str], int, int]:
        allowed = [i for i in state.seats[seat].discard if self._fits(state, i)]
        room = max(0, get_ruleset(state.ruleset).bench_size - len(state.seats[seat].bench))
        hi = min(self.count, len(allowed), room)
        return allowed, min(1, hi), hi

    def check(self, actx: AttackCtx) -> None:
        allowed, lo, hi = self._bounds(actx.state, actx.seat)
        raw = actx.choices.get("cards")
        if raw is None and lo == hi and len({actx.state.card_id(i) for i in allowed}) <= 1:
            raw = allowed[:hi]
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in allowed for i in raw)
                or not lo <= len(raw) <= hi):
            raise Illegal("R-BENCH-2", msg("%(attack)s: choices.cards must name %(lo)s to %(hi)s Basic Pokémon of "
                                           "your discard pile that it may put onto the Bench: %(cards)s.",
                                           attack=actx.attack.name, lo=lo, hi=hi,
                                           cards=", ".join(allowed) or msg("none")))
        attack_memo(actx, self)["cards"] = list(raw)

    def after(self, actx: AttackCtx) -> None:
        me = actx.me
        room = get_ruleset(actx.state.ruleset).bench_size - len(me.bench)
        cards = [i for i in attack_memo(actx, self)["cards"] if i in me.discard][:max(0, room)]
        for i in cards:
            me.discard.remove(i)
            me.bench.append(Pokemon(stack=[i], entered_turn=actx.state.turn))
        actx.say(msg("%(seat)s puts %(cards)s from the discard pile onto the Bench.", seat=actx.seat_label(actx.seat),
                     cards=actx.refs(cards, shown_to="*")), "R-BENCH-2")

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed, lo, hi = self._bounds(state, seat)
        return [{"cards": pick} for pick in distinct_picks(state, allowed, lo, hi)] or [{}]


# -- searches for cards of several kinds, or of a name ------------------------------------------------

@dataclass(frozen=True)
class Wanted:
    """What a search looks for: any of `kinds` ((kind, type) as `fits_kind` reads them, "energy"
    any Energy card), or cards named one of `names`, narrowed to names that contain `name_has`
    ("Misty's"), to Basic Pokémon (`basic`) and to Energy of different types (`different_types`)."""
    kinds: tuple[tuple[str, str | None], ...] = (("card", None),)
    names: tuple[str, ...] = ()
    name_has: str | None = None
    basic: bool = False
    different_types: bool = False

    def fits(self, state: State, instance: str) -> bool:
        c = state.card_of(instance)
        if self.names:
            return c.name in self.names
        if self.name_has is not None and self.name_has not in c.name:
            return False
        if self.basic and not (c.supertype == "Pokemon" and c.stage == "Basic"):
            return False
        return any(c.supertype == "Energy" if kind == "energy" else fits_kind(state, instance, kind, of_type)
                   for kind, of_type in self.kinds)

    def label(self) -> str:
        """In English, for the block's description."""
        if self.names or self.name_has:
            return " or ".join(self.names) or f"Pokémon with {self.name_has} in the name"
        kinds = " or ".join(f"{of_type or ''} {kind}".strip() for kind, of_type in self.kinds)
        return f"{'Basic ' if self.basic else ''}{kinds}{' of different types' if self.different_types else ''}"

    def words(self) -> Message:
        if self.names:
            return msg("card named %(name)s", name=or_list(self.names))
        if self.name_has is not None:
            return msg("Pokémon with \"%(name)s\" in its name", name=self.name_has.removesuffix("'s"))
        out: Message = or_list(msg("Energy card") if kind == "energy" else KIND_WORDS[kind] if of_type is None
                       else TYPED_WORDS[kind](of_type) for kind, of_type in self.kinds)
        return out

    def distinct(self, state: State, picked: list[str]) -> bool:
        """Whether the cards picked may go together (Energy of different types, when asked)."""
        if not self.different_types:
            return True
        types = [t for i in picked for t in state.card_of(i).provides]
        return len(types) == len(set(types))


ANY_NUMBER = 60     # "any number of": no deck holds more


class SearchWantedToHand(SearchToHand):
    """SearchToHand for what `wanted` says (rulings of `deck_moves.py`); "any number of"
    (`any_number`) may take none even once the deck is shown."""

    def __init__(self, wanted: Wanted, count: int = ANY_NUMBER, *, reveal: bool, optional: bool = False,
                 any_number: bool = False):
        super().__init__(count, up_to=True, reveal=reveal, optional=optional)
        self.wanted = wanted
        self.any_number = any_number
        self.what = wanted.words()
        many = "any number of" if any_number else f"up to {count}"
        self.text = (f"{'you may ' if optional else ''}search your deck for {many} cards ({wanted.label()}) "
                     f"(choices.search){', reveal them' if reveal else ''} and put them into your hand; shuffle the "
                     "deck")

    def fits(self, state: State, instance: str) -> bool:
        return self.wanted.fits(state, instance)

    def _bounds(self, state: State, seat: int, fitting: int) -> tuple[int, int]:
        lo, hi = super()._bounds(state, seat, fitting)
        return (0 if self.any_number else lo), hi

    def check_more(self, actx: AttackCtx, picked: list[str]) -> None:
        if not self.wanted.distinct(actx.state, picked):
            raise Illegal("R-ATTACK-2", msg("%(attack)s takes Energy cards of different types.",
                                            attack=actx.attack.name))

    def more_options(self, state: State, seat: int, picked: list[str]) -> list[dict[str, Any]]:
        return [{}] if self.wanted.distinct(state, picked) else []


class SearchWantedToBench(SearchWantedToHand):
    """Search your deck for up to `count` (or any number of) Pokémon that `wanted` says and put
    them onto your Bench, as it has room; shuffle. Rulings above: Basic Pokémon, but for cards
    the text names."""

    def __init__(self, wanted: Wanted, count: int = ANY_NUMBER, *, optional: bool = False,
                 any_number: bool = False):
        super().__init__(wanted, count, reveal=False, optional=optional, any_number=any_number)
        many = "any number of" if any_number else f"up to {count}"
        self.text = (f"{'you may ' if optional else ''}search your deck for {many} Pokémon ({wanted.label()}) "
                     "(choices.search) and put them onto your Bench, as it has room; shuffle the deck")

    def room(self, state: State, seat: int) -> int:
        return min(self.count, max(0, get_ruleset(state.ruleset).bench_size - len(state.seats[seat].bench)))

    def take(self, actx: AttackCtx, picked: list[str]) -> None:
        for i in picked:
            actx.me.bench.append(Pokemon(stack=[i], entered_turn=actx.state.turn))
        actx.say(msg("%(seat)s puts %(cards)s from the deck onto the Bench.", seat=actx.seat_label(actx.seat),
                     cards=actx.refs(picked, shown_to="*")), "R-BENCH-2")


class FlipsFromDiscardToHand(Effect):
    """Flip `coins` coins; put up to as many cards as heads from your discard pile into your hand
    (1 to that many when there are any, the up-to ruling of `deck_moves.py`). The number is
    known only once the coins are flipped, so the player chooses after them: the attack shows
    the (public) discard pile and `choose` names the cards (choices.cards)."""
    choose_zones = {"cards": "look"}

    def __init__(self, coins: int):
        self.coins = coins
        self.text = (f"flip {coins} coins; put up to as many cards as heads from your discard pile into your hand "
                     "(choices.cards, after the flips)")

    def after(self, actx: AttackCtx) -> None:
        heads = sum(actx.flip(actx.attack.name) for _ in range(self.coins))
        if heads == 0 or not actx.me.discard:
            actx.say(msg("%(attack)s puts no card from the discard pile into the hand.", attack=actx.attack.name))
            return
        actx.ask("cards", actx.attacker.top, actx.me.discard, by="attack", attack=actx.attack.name,
                 effect=actx.attack.effects.index(self), most=heads)

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        discard = actx.me.discard
        hi = min(pending["most"], len(discard))
        raw = actx.choices.get("cards")
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in discard for i in raw)
                or not min(1, hi) <= len(raw) <= hi):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name %(lo)s to %(hi)s cards of your "
                                            "discard pile.", attack=actx.attack.name, lo=min(1, hi), hi=hi))
        for i in raw:
            discard.remove(i)
        actx.me.hand.extend(raw)
        actx.say(msg("%(seat)s puts %(cards)s from the discard pile into the hand.", seat=actx.seat_label(actx.seat),
                     cards=actx.refs(raw, shown_to="*")))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        discard = state.seats[pending["seat"]].discard
        hi = min(pending["most"], len(discard))
        return [{"cards": pick} for pick in distinct_picks(state, discard, min(1, hi), hi)]


class SearchToTop(ModernDeckSearch):
    """"Search your deck for N cards, shuffle your deck, then put those cards on top of it in any
    order.": any `count` cards (as many as the deck holds, rulings of `deck_moves.py`), named in
    choices.search in the order they go, the new top card first; seen by their owner only."""

    def __init__(self, count: int):
        super().__init__(count, up_to=False, exact=True)
        self.text = (f"search your deck for {count} cards (choices.search, the new top card first), shuffle the deck, "
                     "then put them on top of it in that order")

    def _finish(self, actx: AttackCtx, picked: list[str]) -> None:
        deck = actx.me.deck
        for i in picked:
            deck.remove(i)
        shuffle_deck(actx, actx.seat)
        actx.me.deck[0:0] = picked          # the shuffle may give the seat a new list
        actx.say(msg("%(seat)s shuffles the deck and puts %(cards)s on top of it, in that order.",
                     seat=actx.seat_label(actx.seat), cards=actx.refs(picked, shown_to=[actx.seat])))

    def take(self, actx: AttackCtx, picked: list[str]) -> None:
        """The cards go back on top once the deck is shuffled (`_finish`)."""


# -- the top of the deck -------------------------------------------------------------------------------

class TopOfDeck(ModernDeckSearch):
    """A ModernDeckSearch of the top `depth` cards of the deck only ("Look at the top N cards of
    your deck ... Shuffle the other cards back into your deck"): shown to their owner alone, any
    number of those that fit taken (none too)."""
    depth = 0

    def searched(self, state: State, seat: int) -> list[str]:
        return state.seats[seat].deck[:self.depth]

    def say_looks(self, actx: AttackCtx) -> None:
        actx.say(msg("%(seat)s looks at the top %(count)s card(s) of the deck for %(attack)s.",
                     seat=actx.seat_label(actx.seat), count=len(self.searched(actx.state, actx.seat)),
                     attack=actx.attack.name), "R-HIDDEN-1")

    def _bounds(self, state: State, seat: int, fitting: int) -> tuple[int, int]:
        return 0, super()._bounds(state, seat, fitting)[1]


class TopToBench(TopOfDeck, SearchWantedToBench):
    """Look at the top `depth` cards of your deck; put any number of the Basic Pokémon there onto
    your Bench (choices.search, as it has room); shuffle the other cards back."""

    def __init__(self, depth: int):
        super().__init__(Wanted((("pokemon", None),), basic=True), any_number=True)
        self.depth = depth
        self.text = (f"look at the top {depth} cards of your deck: put any number of the Basic Pokémon there onto "
                     "your Bench (choices.search); shuffle the others back")


class TopEnergyToAttach(TopOfDeck, SearchEnergyToAttach):
    """Look at the top `depth` cards of your deck; attach any number of the Energy cards there to
    your Pokémon in any way you like (choices.search, choices.to card by card); shuffle the other
    cards back."""

    def __init__(self, depth: int):
        super().__init__(ANY_NUMBER, None, "any", up_to=True)
        self.depth = depth
        self.what = msg("Energy card")
        self.text = (f"look at the top {depth} cards of your deck: attach any number of the Energy cards there to "
                     "your Pokémon in any way you like (choices.search, choices.to); shuffle the others back")

    def fits(self, state: State, instance: str) -> bool:
        return state.card_of(instance).supertype == "Energy"


class TopInAnyOrder(Effect):
    """Look at the top `count` cards of your deck (`whose="own"`) or your opponent's and put them
    back in any order (choices.order, new top first). Two steps for a player: the attack shows the
    cards to the attacking player alone (`pending`), `choose` gives the order; a judge may give it
    with the attack."""
    choose_zones = {"order": "look"}

    def __init__(self, count: int, whose: Literal["own", "opponent"] = "own"):
        self.count = count
        self.whose = whose
        owner = "your" if whose == "own" else "your opponent's"
        self.text = f"look at the top {count} cards of {owner} deck and put them back in any order (choices.order)"

    def _deck_seat(self, actx: AttackCtx) -> int | None:
        """The seat whose deck is looked at; None when there is none to look at."""
        s = actx.seat if self.whose == "own" else actx.opp
        return s if actx.state.seats[s].deck else None

    def _order(self, actx: AttackCtx, top: list[str], order: Any) -> list[str]:
        if not isinstance(order, list) or sorted(map(str, order)) != sorted(top) or len(order) != len(top):
            raise Illegal("R-ATTACK-2", msg("In choices.order, list the top %(count)s card(s) of the deck, each once, "
                                            "new top first.", count=len(top)))
        return list(order)

    def check(self, actx: AttackCtx) -> None:
        s = self._deck_seat(actx)
        memo = attack_memo(actx, self)
        memo["seat"] = s
        if s is not None and "order" in actx.choices:
            memo["order"] = self._order(actx, actx.state.seats[s].deck[:self.count], actx.choices["order"])

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        s = memo["seat"]
        if s is None:
            actx.say(msg("There is no card to look at: %(attack)s does nothing more.", attack=actx.attack.name))
            return
        if "order" in memo:
            self._put_back(actx, s, memo["order"])
            return
        top = actx.state.seats[s].deck[:self.count]
        actx.say(msg("%(seat)s looks at the top %(count)s card(s) of %(owner)s's deck.",
                     seat=actx.seat_label(actx.seat), count=len(top), owner=actx.seat_label(s)), "R-HIDDEN-1")
        actx.ask("order", actx.attacker.top, top, by="attack", attack=actx.attack.name,
                 effect=actx.attack.effects.index(self), deck_seat=s)

    def _put_back(self, actx: AttackCtx, s: int, order: list[str]) -> None:
        actx.state.seats[s].deck[:len(order)] = order
        actx.say(msg("%(seat)s puts the top %(count)s card(s) of %(owner)s's deck back in a new order (top first: "
                     "%(cards)s).", seat=actx.seat_label(actx.seat), count=len(order), owner=actx.seat_label(s),
                     cards=actx.refs(order, shown_to=[actx.seat])))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        self._put_back(actx, pending["deck_seat"], self._order(actx, pending["look"], actx.choices.get("order")))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"order": list(p)} for p in permutations(pending["look"])][:MAX_PICKS]


class LookTopMayDiscard(Effect):
    """Look at the top card of your deck; you may discard it (choices.cards names it, [] keeps
    it). Two steps for a player: the attack shows it to them alone, `choose` says; a judge may
    say with the attack. The deck is not shuffled."""
    choose_zones = {"cards": "look"}
    text = "look at the top card of your deck; you may discard it (choices.cards: it, or [] to keep it)"

    @staticmethod
    def _decided(actx: AttackCtx, top: list[str]) -> list[str]:
        raw = actx.choices.get("cards")
        if raw not in ([], top):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards names the top card of your deck to discard it, "
                                            "or is empty to keep it.", attack=actx.attack.name))
        return list(raw)

    def check(self, actx: AttackCtx) -> None:
        if "cards" in actx.choices:
            attack_memo(actx, self)["cards"] = self._decided(actx, actx.me.deck[:1])

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        if "cards" in memo:
            self._discard(actx, memo["cards"])
        elif not actx.me.deck:
            actx.say(msg("%(attack)s: the deck is empty, nothing to search.", attack=actx.attack.name), "R-TRAINER-5")
        else:
            actx.say(msg("%(seat)s looks at the top %(count)s card(s) of %(owner)s's deck.",
                         seat=actx.seat_label(actx.seat), count=1, owner=actx.seat_label(actx.seat)), "R-HIDDEN-1")
            actx.ask("cards", actx.attacker.top, actx.me.deck[:1], by="attack", attack=actx.attack.name,
                     effect=actx.attack.effects.index(self))

    def _discard(self, actx: AttackCtx, cards: list[str]) -> None:
        who = actx.seat_label(actx.seat)
        if not cards or actx.me.deck[:1] != cards:
            actx.say(msg("%(seat)s leaves the top card of the deck where it is.", seat=who))
            return
        del actx.me.deck[0]
        discard_cards(actx, actx.seat, cards)
        actx.say(msg("%(seat)s discards %(card)s from the top of the deck.", seat=who,
                     card=actx.ref(cards[0], shown_to="*")))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        self._discard(actx, self._decided(actx, [i for i in pending["look"] if i in actx.me.deck[:1]]))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"cards": []}, {"cards": list(pending["look"])}]


# -- the opponent's revealed hand ------------------------------------------------------------------------

HandPick = Literal["discard", "bottom", "bench", "discard_items"]


class FromRevealedHand(Effect):
    """After "Your opponent reveals their hand" (`OpponentRevealsHand`, before it in the text):
    discard a card you find there (`what="discard"`), put one on the bottom of their deck
    ("bottom"), put up to `count` Basic Pokémon onto their Bench ("bench", as it has room), or
    discard all the Item and Pokémon Tool cards ("discard_items", no choice). The attacking
    player chooses among the revealed cards (choices.cards): two steps, the attack shows the hand
    (the reveal) and `choose` names them; a judge may name them with the attack."""
    choose_zones = {"cards": "look"}

    def __init__(self, what: HandPick, count: int = 1):
        self.what = what
        self.count = count
        self.text = {"discard": "discard a card you find there (choices.cards)",
                     "bottom": "put a card you find there on the bottom of their deck (choices.cards)",
                     "bench": f"put up to {count} Basic Pokémon you find there onto their Bench (choices.cards)",
                     "discard_items": "discard all Item and Pokémon Tool cards you find there"}[what]

    def _fits(self, state: State, instance: str) -> bool:
        c = state.card_of(instance)
        if self.what == "bench":
            return c.supertype == "Pokemon" and c.stage == "Basic"
        return self.what != "discard_items" or c.trainer_kind in ("item", "tool")

    def _bounds(self, state: State, seat: int, among: list[str]) -> tuple[list[str], int, int]:
        fitting = [i for i in among if self._fits(state, i)]
        room = self.count
        if self.what == "bench":
            room = max(0, get_ruleset(state.ruleset).bench_size - len(state.seats[1 - seat].bench))
        hi = min(self.count, room, len(fitting))
        return fitting, min(1, hi), hi

    def _picked(self, actx: AttackCtx, among: list[str]) -> list[str]:
        fitting, lo, hi = self._bounds(actx.state, actx.seat, among)
        raw = actx.choices.get("cards")
        if raw is None and hi == 0:
            return []
        if (not isinstance(raw, list) or len(set(raw)) != len(raw) or any(i not in fitting for i in raw)
                or not lo <= len(raw) <= hi):
            raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.cards must name %(lo)s to %(hi)s of the cards the "
                                            "opponent reveals that it may take.", attack=actx.attack.name, lo=lo,
                                            hi=hi))
        return list(raw)

    def check(self, actx: AttackCtx) -> None:
        if "cards" in actx.choices and self.what != "discard_items":
            # "none" named before the hand is shown: refused whatever it holds (R-HIDDEN-1)
            room = self.count if self.what != "bench" else get_ruleset(actx.state.ruleset).bench_size - len(
                actx.them.bench)
            refuse_blind_none("cards", actx.choices["cards"], min(1, room), actx.them.hand)
            attack_memo(actx, self)["cards"] = self._picked(actx, actx.them.hand)

    def after(self, actx: AttackCtx) -> None:
        memo = attack_memo(actx, self)
        hand = actx.them.hand
        if self.what == "discard_items":
            self._do(actx, [i for i in hand if self._fits(actx.state, i)])
        elif "cards" in memo:
            self._do(actx, memo["cards"])
        elif self._bounds(actx.state, actx.seat, hand)[2] == 0:
            self._do(actx, [])
        else:
            actx.ask("cards", actx.attacker.top, hand, by="attack", attack=actx.attack.name,
                     effect=actx.attack.effects.index(self))

    def resolve(self, actx: AttackCtx, pending: dict[str, Any]) -> None:
        self._do(actx, self._picked(actx, [i for i in pending["look"] if i in actx.them.hand]))

    def _do(self, actx: AttackCtx, cards: list[str]) -> None:
        them = actx.them
        cards = [i for i in cards if i in them.hand]
        for i in cards:
            them.hand.remove(i)
        who = actx.seat_label(actx.opp)
        if not cards:
            actx.say(msg("%(attack)s takes no card from %(seat)s's hand.", attack=actx.attack.name, seat=who))
        elif self.what == "bottom":
            them.deck.extend(cards)
            actx.say(msg("%(cards)s from %(seat)s's hand goes to the bottom of the deck.",
                         cards=actx.refs(cards, shown_to="*"), seat=who))
        elif self.what == "bench":
            them.bench.extend(Pokemon(stack=[i], entered_turn=actx.state.turn) for i in cards)
            actx.say(msg("%(cards)s from %(seat)s's hand goes onto the Bench.", cards=actx.refs(cards, shown_to="*"),
                         seat=who), "R-BENCH-2")
        else:
            discard_cards(actx, actx.opp, cards)
            actx.say(msg("%(attack)s discards %(cards)s from %(seat)s's hand.", attack=actx.attack.name,
                         cards=actx.refs(cards, shown_to="*"), seat=who))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        among = [i for i in pending["look"] if i in state.seats[1 - pending["seat"]].hand]
        fitting, lo, hi = self._bounds(state, pending["seat"], among)
        return [{"cards": pick} for pick in distinct_picks(state, fitting, lo, hi)]


# -- devolving -----------------------------------------------------------------------------------------

def devolve(p: Pokemon) -> str:
    """Take the top card off an Evolved Pokémon: it keeps damage and attached cards and loses its
    Special Conditions and the effects of attacks (as evolving, R-EVOLVE-5). Returns that card."""
    top = p.stack.pop()
    clear_conditions_and_effects(p)
    return top


class DevolveOpponents(Effect):
    """Devolve each of your opponent's evolved Pokémon (`which="each"`) or 1 of them
    (`which="one"`, choices.pokemon; left out with one) by putting the highest Stage Evolution
    card on it into your opponent's hand (`to="hand"`) or shuffling it into their deck; not a
    Pokémon protected from the effects of attacks."""

    def __init__(self, which: Literal["each", "one"], to: Literal["hand", "deck"]):
        self.which = which
        self.to = to
        whom = "each of your opponent's evolved Pokémon" if which == "each" else (
            "1 of your opponent's evolved Pokémon (choices.pokemon)")
        where = "into their hand" if to == "hand" else "shuffled into their deck"
        self.text = f"devolve {whom}: the highest Stage Evolution card on it {where}"

    @staticmethod
    def _evolved(state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[1 - seat].in_play() if len(p.stack) > 1]

    def check(self, actx: AttackCtx) -> None:
        evolved = self._evolved(actx.state, actx.seat)
        if self.which == "one" and evolved:
            picked = one_pokemon_named(actx.choices, evolved)
            if picked is None:
                raise Illegal("R-ATTACK-2", msg("%(attack)s: choices.pokemon must name one of the opponent's Evolved "
                                                "Pokémon.", attack=actx.attack.name))
            evolved = [picked]
        attack_memo(actx, self)["targets"] = evolved

    def after(self, actx: AttackCtx) -> None:
        targets = [p for p in attack_memo(actx, self)["targets"]
                   if len(p.stack) > 1 and any(p is q for q in actx.them.in_play())]
        if not targets:
            actx.say(msg("The opponent has no Evolved Pokémon: %(attack)s does nothing.", attack=actx.attack.name),
                     "R-ATTACK-3")
        for p in targets:
            if not actx.can_affect(p):
                actx.say(msg("%(pokemon)s is protected from the effects of attacks.", pokemon=actx.name(p)))
                continue
            name, top = actx.name(p), devolve(p)
            seat, card, hp = actx.seat_label(actx.opp), actx.ref(top, shown_to="*"), actx.state.hp(p)
            if self.to == "hand":
                actx.them.hand.append(top)
                actx.say(msg("%(attack)s: %(card)s goes back to %(seat)s's hand; %(pokemon)s is %(devolved)s again "
                             "(%(damage)s/%(hp)s).", attack=actx.attack.name, card=card, seat=seat, pokemon=name,
                             devolved=actx.name(p), damage=p.damage, hp=hp))
                continue
            actx.them.deck.append(top)
            shuffle_deck(actx, actx.opp)
            actx.say(msg("%(attack)s: %(card)s is shuffled into %(seat)s's deck; %(pokemon)s is %(devolved)s again "
                         "(%(damage)s/%(hp)s).", attack=actx.attack.name, card=card, seat=seat, pokemon=name,
                         devolved=actx.name(p), damage=p.damage, hp=hp))

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        evolved = self._evolved(state, seat)
        return [{}] if self.which == "each" or len(evolved) <= 1 else [{"pokemon": [p.top]} for p in evolved]
