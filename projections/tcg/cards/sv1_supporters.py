"""Scarlet & Violet base set (sv1) Supporters and Stadiums, for the `modern` ruleset.

Supporters: Arven (sv1-166, 235, 249), Jacq (175, 236, 250), Judge (176), Katy (177, 237),
Miriam (179, 238, 251), Nemona (180), Penny (183, 239, 252), Professor's Research — Professor
Sada (189, 240) and Professor Turo (190, 241), Team Star Grunt (195, 242), Youngster (198).
Stadiums: Beach Court (167), Mesagoza (178). Every number of a card (the alternate arts too)
has the same encoding.

The conventions are the Base Set's and EX Ruby & Sapphire's (`base1_trainers.py`,
`ex1_trainers.py`): `targets` are Pokémon in play the card acts on, `choices.cards` cards
attached to a Pokémon it moves, `choices.search` cards taken from the deck or the discard pile;
a choice with only one possibility may be left out. The kinds' rules (one Supporter a turn and
none on the first player's first turn, one Stadium a turn, not one of the same name, the old
one discarded) are the engine's (actions.check_trainer_kind / put_stadium); the classes here do
each card's own effect. Professor's Research is the Base Set's Professor Oak (discard the hand,
draw 7) and reuses its class.

Rulings taken here:
- What depends on the hidden deck never refuses a card (R-TRAINER-5): Arven and Jacq may be
  played with a deck that holds nothing they look for (or an empty one), the draws of Judge,
  Katy, Miriam, Nemona, Professor's Research and Youngster take what the deck holds.
- Searches of the deck (Arven, Jacq, Mesagoza) take two steps for a player (R-HIDDEN-1): the
  card is played (Mesagoza used), the deck is shown to its player alone (`pending`), then the
  player's `choose` names `choices.search`. A judge may give `choices.search` with the card
  (one action); a refusal then names no card of the deck. An empty deck is only shuffled,
  without a `choose` step. The cards taken are shown to both players and the deck is shuffled.
- A search takes what it can (R-TRAINER-5, the seeds' "do as much as you can", as the EX
  searches): Arven takes an Item card when the deck holds one and a Pokémon Tool card when it
  holds one (`[]` only when it holds neither); Jacq ("up to 2") takes 1 or 2 Evolution
  Pokémon cards (a Stage 1 or Stage 2 Pokémon card), at least one when the deck holds one —
  the reading Lady Outing's "up to 3" has; Mesagoza a Pokémon card when the deck holds one.
  (The current official rules let a player "fail to find" a card of a given kind in a hidden
  deck; the seeds don't say so, and the referee, who sees the deck, follows them.) An Item
  card is a Trainer of the item kind; a Pokémon Tool card one of the tool kind (a Technical
  Machine is one too).
- Miriam needs a Pokémon card in the discard pile (R-TRAINER-1: nothing to act on that its
  player can see); it shuffles 1 to 5 of them (`choices.search`, the discard pile is public so
  it is one action, the cards named to both players) into the deck, then draws 3. "Up to 5" is
  read as Lady Outing's "up to": at least one. A Pokémon card is one whose card is a Pokémon;
  a Trainer played as a Pokémon is a Trainer in the discard pile.
- Judge: the player who plays it shuffles and draws first, then the opponent; each new hand is
  counted in the narration, never named (R-HIDDEN-1). Katy and Youngster shuffle the rest of
  the hand (the Supporter is beside the Active already) into the deck and draw 8 / 5.
- Katy's "your turn ends": the card ends its player's turn once it has been played
  (`tctx.end_turn_after()`: the Supporter goes beside the Active, then the turn ends as after
  an attack, R-TURN-3: lasting effects expire, the checkup, the opponent's turn and its draw).
- Penny takes one of your Basic Pokémon in play (its top card is a Basic Pokémon: it has not
  evolved) with every card attached to it (Energy, Tools) into the hand. Like Scoop Up, it is
  refused when that would leave you with no Pokémon in play (you have no Benched Pokémon): a
  player may not leave itself with no Pokémon by its own choice. Taken from the Active Spot,
  the player then promotes a Benched Pokémon (phase "promote", then back to "main").
- Team Star Grunt needs an Energy card attached to the opponent's Active Pokémon (refused
  otherwise, R-TRAINER-1); the card, basic or Special, is named in `choices.cards` (left out
  when there is one) and goes on top of the opponent's deck, named to both players (it was in
  play, face up).
- Beach Court answers `retreat_cost` while in play: every Basic Pokémon in play (whoever's,
  its top card a Basic Pokémon) has a Retreat Cost 1 less. The Stadium's −1 is added to the
  other effects' changes; the engine keeps the total at 0 or more.
- Mesagoza: "once during each player's turn, that player may flip a coin. If heads, that
  player searches their deck for a Pokémon, reveals it, and puts it into their hand. Then, that
  player shuffles their deck." Playing it only puts it into play (the old Stadium discarded).
  Either player uses it in their own turn, whoever played it, with the action `use_stadium`
  (actions.do_use_stadium: once per player per turn, the engine's `this_turn["stadium_used"]`,
  R-TRAINER-3; not using it is not flipping). Heads, the search is Arven's and Jacq's (two
  steps for a player: the deck is shown to that player alone, then `choose` names
  `choices.search`; a judge gives `choices.search` with `use_stadium`, checked before the flip,
  its refusal naming no card of the deck); it takes a Pokémon card (a card that is a Pokémon)
  when the deck holds one, `[]` only when it holds none; the card taken is shown to both
  players, then the deck is shuffled. "Then, that player shuffles their deck" follows the
  search: on tails nothing happens, no search and no shuffle (as ex1 Poké Ball's tails).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from ...messages import msg, msg_n
from ..carddb import define_trainer
from ..core import Illegal, shuffle_deck
from .effects import (
    ProfessorOak,
    ReturnToHand,
    SupporterSearch,
    TrainerCard,
    choose_cards,
    chosen_targets,
    draw_and_say,
    is_a_pokemon_card,
    one_of_each_refused,
    one_per_card,
    refuse_blind_none,
    shuffle_hand_in,
    trainer_option,
)

if TYPE_CHECKING:
    from ..contexts import TrainerCtx
    from ..hooks import Listener, PokemonEvent
    from ..state import Pokemon, State


# -- helpers -----------------------------------------------------------------------------------

def _picks(state: State, instances: list[str], lo: int, hi: int) -> list[list[str]]:
    """Every pick of lo to hi of `instances`, up to equal cards (one list per multiset of cards)."""
    groups: dict[str, list[str]] = {}
    for i in instances:
        groups.setdefault(state.card_id(i), []).append(i)
    same = list(groups.values())
    out = []
    for k in range(lo, min(hi, len(instances)) + 1):
        for combo in combinations_with_replacement(range(len(same)), k):
            counts = Counter(combo)
            if all(n <= len(same[g]) for g, n in counts.items()):
                out.append([same[g][n] for g in sorted(counts) for n in range(counts[g])])
    return out


def _is_item(state: State, inst: str) -> bool:
    return state.card_of(inst).trainer_kind == "item"


def _is_tool(state: State, inst: str) -> bool:
    return state.card_of(inst).trainer_kind in ("tool", "technical_machine")


def _is_evolution_pokemon(state: State, inst: str) -> bool:
    c = state.card_of(inst)
    return c.supertype == "Pokemon" and c.stage in ("Stage 1", "Stage 2")


# -- draws: Nemona, Youngster, Katy, Judge --------------------------------------------------------

class Draw(TrainerCard):
    def __init__(self, n: int):
        self.n = n
        self.text = f"its player draws {n} more cards (as many as the deck holds, when fewer)"

    def play(self, tctx: TrainerCtx) -> bool:
        draw_and_say(tctx, tctx.seat, self.n)
        return False


class ShuffleHandDraw(TrainerCard):
    """The rest of the hand goes into the deck, shuffled; then a fresh hand is drawn.
    `ends_turn`: then the player's turn ends (Katy; see the rulings)."""

    def __init__(self, n: int, ends_turn: bool = False):
        self.n = n
        self.ends_turn = ends_turn
        self.text = (f"every card of your hand goes into your deck, which is shuffled; then you draw {n} cards"
                     + ("; then your turn ends" if ends_turn else ""))

    def play(self, tctx: TrainerCtx) -> bool:
        n = shuffle_hand_in(tctx, tctx.seat)
        draw_and_say(tctx, tctx.seat, self.n, shuffled=n)
        if self.ends_turn:
            tctx.end_turn_after()
        return False


class Judge(TrainerCard):
    text = "you and then your opponent each put your whole hand into your deck, shuffle it and draw 4 cards"
    n = 4

    def play(self, tctx: TrainerCtx) -> bool:
        for seat_no in (tctx.seat, tctx.opp):
            n = shuffle_hand_in(tctx, seat_no)
            draw_and_say(tctx, seat_no, self.n, shuffled=n)
        return False


# -- Miriam ------------------------------------------------------------------------------------------

class Miriam(TrainerCard):
    text = "shuffle 1 to 5 Pokémon cards from your discard pile into your deck, then draw 3 cards"
    choice_zones = {"search": "discard"}
    most = 5
    n = 3

    @staticmethod
    def _pokemon(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if is_a_pokemon_card(state, i)]

    def check(self, tctx: TrainerCtx) -> None:
        pokemon = self._pokemon(tctx.state, tctx.seat)
        if not pokemon:
            raise Illegal("R-TRAINER-1", msg("There is no Pokémon card in your discard pile."))
        tctx.sel = choose_cards(tctx, "search", pokemon, 1, self.most,
                           msg("1 to %(most)s Pokémon cards from your discard pile", most=self.most))

    def play(self, tctx: TrainerCtx) -> bool:
        back: list[str] = tctx.sel
        for i in back:
            tctx.me.discard.remove(i)
        tctx.me.deck.extend(back)
        shuffle_deck(tctx, tctx.seat)
        tctx.say(msg("%(seat)s shuffles %(cards)s from the discard pile into the deck.",
                     seat=tctx.seat_label(tctx.seat), cards=tctx.refs(back, shown_to='*')), "R-TRAINER-1")
        draw_and_say(tctx, tctx.seat, self.n)
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(search=pick) for pick in _picks(state, self._pokemon(state, seat), 1, self.most)]


# -- Penny, Team Star Grunt ----------------------------------------------------------------------

class Penny(ReturnToHand):
    text = ("one of your Basic Pokémon in play goes back to your hand with every card attached to it; "
            "from the Active Spot, you then promote a Benched Pokémon")

    @staticmethod
    def _returnable(state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if state.card_of(p.top).is_basic_pokemon]

    def check(self, tctx: TrainerCtx) -> None:
        basics = self._returnable(tctx.state, tctx.seat)
        if not basics:
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon in play is a Basic Pokémon."))
        if not tctx.me.bench:
            raise Illegal("R-TRAINER-1", msg("%(card)s can't take your only Pokémon in play: you would have no "
                                             "Pokémon left.", card=tctx.card.name))
        (p,) = chosen_targets(tctx, [(basics, msg("one of your Basic Pokémon in play"))])
        tctx.sel = p

    def _say_back(self, tctx: TrainerCtx, name: str, cards: list[str]) -> None:
        tctx.say(msg_n("%(pokemon)s goes back to %(seat)s's hand with %(num)s attached card(s): %(cards)s.",
                       "%(pokemon)s goes back to %(seat)s's hand with %(num)s attached card(s): %(cards)s.",
                       len(cards) - 1, pokemon=name, seat=tctx.seat_label(tctx.seat),
                       cards=tctx.refs(cards, shown_to='*')), "R-TRAINER-1")


class TeamStarGrunt(TrainerCard):
    text = "an Energy card attached to your opponent's Active Pokémon goes on top of their deck"

    def check(self, tctx: TrainerCtx) -> None:
        active = tctx.them.active
        if active is None or not active.energy:
            raise Illegal("R-TRAINER-1", msg("Your opponent's Active Pokémon has no Energy attached."))
        tctx.sel = (active, choose_cards(tctx, "cards", active.energy, 1, 1,
                                    msg("the Energy card attached to %(pokemon)s", pokemon=tctx.name(active))))

    def play(self, tctx: TrainerCtx) -> bool:
        active, (energy,) = tctx.sel
        active.energy.remove(energy)
        tctx.them.deck.insert(0, energy)
        tctx.say(msg("%(card)s attached to %(pokemon)s goes on top of %(seat)s's deck.",
                     card=tctx.ref(energy, shown_to='*'), pokemon=tctx.name(active), seat=tctx.seat_label(tctx.opp)),
                 "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        active = state.seats[1 - seat].active
        return [trainer_option(cards=[e]) for e in one_per_card(state, active.energy)] if active else []


# -- searches of the deck: Arven, Jacq --------------------------------------------------------------


class Jacq(SupporterSearch):
    text = ("look through your deck for 1 or 2 Evolution Pokémon cards (Stage 1 or Stage 2), show them, "
            "put them into your hand and shuffle the deck")
    what = msg("Evolution Pokémon card")
    looking_for = msg("up to 2 Evolution Pokémon cards")
    most = 2

    def fits(self, state: State, inst: str) -> bool:
        return _is_evolution_pokemon(state, inst)

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        return choose_cards(tctx, "search", self._fitting(tctx.state, among), 1, self.most,
                       msg("1 or %(most)s Evolution Pokémon cards", most=self.most), fewer="R-TRAINER-5",
                       hidden_zone=hidden_zone)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        return [{"search": pick} for pick in _picks(state, fitting, 1, self.most)] or [{"search": []}]


class Arven(SupporterSearch):
    text = ("look through your deck for an Item card and a Pokémon Tool card (each one the deck holds), "
            "show them, put them into your hand and shuffle the deck")
    what = msg("Item card or Pokémon Tool card")
    looking_for = msg("an Item card and a Pokémon Tool card")

    def fits(self, state: State, inst: str) -> bool:
        return _is_item(state, inst) or _is_tool(state, inst)

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        state = tctx.state
        items = [i for i in among if _is_item(state, i)]
        tools = [i for i in among if _is_tool(state, i)]
        raw = tctx.choices.get("search")
        if raw is None and not items and not tools:
            return []
        if hidden_zone:
            refuse_blind_none("search", raw, 1, tctx.me.deck)
        rule = one_of_each_refused(raw, {"item": items, "tool": tools})
        if rule is not None:
            if hidden_zone:     # the deck unseen: one rule and one sentence whatever is wrong
                raise Illegal("R-TRAINER-1", msg("In choices.search, name one Item card and one Pokémon Tool card of "
                                                 "the deck, each when the deck holds one."))
            raise Illegal(rule, msg("In choices.search, name one Item card and one Pokémon Tool card of the "
                                    "deck, each when the deck holds one (among: %(cards)s).",
                                    cards=tctx.refs(items + tools)))
        return list(raw or [])

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        look = [i for i in pending["look"] if i in deck]
        items = [[i] for i in one_per_card(state, [i for i in look if _is_item(state, i)])] or [[]]
        tools = [[i] for i in one_per_card(state, [i for i in look if _is_tool(state, i)])] or [[]]
        return [{"search": item + tool} for item in items for tool in tools]


# -- Stadiums: Beach Court, Mesagoza -----------------------------------------------------------------

class BeachCourt(TrainerCard):
    text = ("Stadium: while it is in play, every Basic Pokémon in play, yours and your opponent's, has a "
            "Retreat Cost of 1 Colorless Energy less")

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.say(msg("Beach Court: every Basic Pokémon in play now retreats for 1 Energy less."), "R-TRAINER-3")
        return True

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        if ev.seat is None or not ev.state.card_of(ev.pokemon.top).is_basic_pokemon:
            return cost
        return cost - 1


class Mesagoza(SupporterSearch):
    """A Stadium either player uses in their own turn (`use_stadium`, once per player per turn,
    kept by the engine): a coin, and on heads the two steps of this module's searches for a
    Pokémon card (see the rulings). Played, it only goes into play."""
    text = ("Stadium: in each of their turns, either player may once toss a coin (the action use_stadium); "
            "heads, they look through their deck for a Pokémon card, show it, put it into their hand and "
            "shuffle the deck; tails, nothing happens")
    what = msg("Pokémon card")
    looking_for = msg("a Pokémon card")
    # the search of `use_stadium` (a judge's choices.search) and of its `choose` step
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}

    def fits(self, state: State, inst: str) -> bool:
        return is_a_pokemon_card(state, inst)

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        try:
            return super()._pick(tctx, among, hidden_zone)
        except Illegal:
            if not hidden_zone:
                raise
        # the deck unseen: one rule and one sentence whatever is wrong, counting nothing of the deck
        raise Illegal("R-TRAINER-1", msg("In choices.search, name one Pokémon card of the deck (none only when "
                                         "the deck holds none)."))

    # the card played: it goes into play, nothing more
    def check(self, tctx: TrainerCtx) -> None:
        pass

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.say(msg("Mesagoza is in play: once during each player's turn, that player may flip for a Pokémon card "
                     "from the deck."), "R-TRAINER-3")
        return True

    # the Stadium used from play (actions.do_use_stadium)
    def check_use(self, tctx: TrainerCtx) -> None:
        SupporterSearch.check(self, tctx)          # a judge's choices.search, checked against the deck

    def use(self, tctx: TrainerCtx) -> None:
        if not tctx.flip(tctx.card.name):
            tctx.say(msg("Tails: %(seat)s does not search the deck.", seat=tctx.seat_label(tctx.seat)), "R-TRAINER-3")
            return
        SupporterSearch.play(self, tctx)


for _id in ("sv1-166", "sv1-235", "sv1-249"):
    define_trainer(_id, Arven())
define_trainer("sv1-167", BeachCourt())
for _id in ("sv1-175", "sv1-236", "sv1-250"):
    define_trainer(_id, Jacq())
define_trainer("sv1-176", Judge())
for _id in ("sv1-177", "sv1-237"):
    define_trainer(_id, ShuffleHandDraw(8, ends_turn=True))
define_trainer("sv1-178", Mesagoza())
for _id in ("sv1-179", "sv1-238", "sv1-251"):
    define_trainer(_id, Miriam())
define_trainer("sv1-180", Draw(3))
for _id in ("sv1-183", "sv1-239", "sv1-252"):
    define_trainer(_id, Penny())
for _id in ("sv1-189", "sv1-240", "sv1-190", "sv1-241"):
    define_trainer(_id, ProfessorOak())
for _id in ("sv1-195", "sv1-242"):
    define_trainer(_id, TeamStarGrunt())
define_trainer("sv1-198", ShuffleHandDraw(5))
