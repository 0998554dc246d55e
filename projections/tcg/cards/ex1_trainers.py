"""EX Ruby & Sapphire Trainers (ex1-80 … ex1-92).

The conventions are the Base Set Trainers' (`base1_trainers.py`): `targets` are Pokémon in
play the card acts on, `choices.cards` cards attached or in the hand it moves or discards,
`choices.search` cards taken from the deck or the discard pile, `choices.order` cards put back
on top of the deck (top first), `choices.pokemon` a Pokémon the opponent picks. A choice with
only one possibility may be left out. The card's kind (Item, Supporter, Pokémon Tool) is data
(`ex1_facts.json`): the rules of the kind (one Supporter a turn, one Tool a Pokémon, the Tool's
Pokémon in `targets`) are the engine's; the classes here only do each card's own effect. Potion
and Switch are the Base Set's effects and reuse its classes; Energy Removal 2 is Energy Removal
after a coin.

Rulings taken here:
- Choices come with the action, before any coin (Energy Removal 2's Pokémon and Energy card,
  Pokémon Reversal's Benched Pokémon, Energy Restore's order of preference, a judge's
  `choices.search` for Poké Ball): they are checked first, so a card whose choices are wrong is
  refused without flipping. Tails, the choices made are void: nothing is discarded, switched,
  taken or searched, and Poké Ball's deck is not shuffled (it was not searched). The coins are
  flipped even when the outcome can't change.
- Can't-play decisions (R-TRAINER-1), as the Base Set's: a card with nothing to act on that
  its player can see is refused — Energy Removal 2 with no Energy on the opponent's Pokémon,
  Energy Restore with no basic Energy card in the discard pile, Energy Switch with no basic
  Energy card on your Pokémon or no second Pokémon to move it to, Pokémon Reversal with no
  opponent's Benched Pokémon, PokéNav with an empty deck (nothing to look at), Professor Birch
  with 6 or more other cards in the hand (it would draw nothing), Potion and Switch as in the
  Base Set. What depends on the hidden deck never refuses a card (R-TRAINER-5): Poké Ball,
  Energy Search and Lady Outing may be played with a short or empty deck, and Professor Birch
  draws what the deck holds.
- Searches of the deck (Poké Ball, Energy Search, Lady Outing) take two steps for a player
  (R-HIDDEN-1): the card is played, the deck is shown to its player alone (`pending`), then the
  player's `choose` names `choices.search`. A judge may give `choices.search` with the card
  (one action); a refusal then names no card of the deck. A search must take a fitting card
  when the deck holds one (R-TRAINER-5: do as much as you can); `search: []` only when none
  fits. The cards taken are shown to both players and the deck is shuffled. An empty deck is
  only shuffled, without a `choose` step.
- Poké Ball finds any Pokémon card: every Pokémon card is a Basic Pokémon or an Evolution
  card (a Trainer played as a Pokémon, like Clefairy Doll, is a Trainer in the deck).
- Lady Outing takes 1 to 3 basic Energy cards, no two of the same type ("up to 3": fewer is
  the player's choice, but at least one when the deck holds one). A type is what the basic
  Energy card provides.
- Energy Restore flips 3 coins. `choices.search` names the basic Energy cards of the discard
  pile in the order they are wanted: exactly 3, or all of them when there are fewer; for N
  heads the first N named go to the hand (all of them when there are fewer than N, as the
  card says). It may be left out when the order can't matter (every basic Energy card there is
  the same card): then the discard pile's order is used. The discard pile is public, so this
  is one action and the cards are named to both players.
- Energy Switch: `targets` [the Pokémon the Energy leaves, the Pokémon it goes to],
  `choices.cards` the basic Energy card (left out when that Pokémon has one). Only basic
  Energy moves. It is not the turn's Energy attachment (R-ENERGY-1) and the cards in play hear
  an attachment not from the hand (`on_attach`, from_hand False).
- Pokémon Reversal: the opponent picks the Benched Pokémon (the card says the opponent
  switches), reported in `choices.pokemon` as Swellow's Drive Off does; it may be left out when
  the opponent has a single Benched Pokémon. The Pokémon switched out loses its Special
  Conditions and the effects of attacks (R-RETREAT-6).
- PokéNav looks at the top 3 cards (fewer when the deck is shorter), privately. Its player
  must take a Pokémon card or an Energy card (basic or Special) among them when there is one
  (`choices.search`, `[]` when none is there), shows it to both players, and puts the others
  back on top in the order given (`choices.order`, top first, left out with one card or none
  left). Two steps for a player (look, then `choose` with both choices); one action when
  `choices.search` is given with the card (a judge) or when the deck holds a single card (no
  choice to make). The order put back is narrated to its player alone.
- Professor Birch draws until the hand holds 6 cards, as many as the deck holds (R-TRAINER-5).
- Lum Berry and Oran Berry are Pokémon Tools (R-TRAINER-4). Lum Berry acts between turns
  before the checkup's steps (`before_checkup`): a Pokémon with any Special Condition loses
  them all, so a Poisoned or Burned Pokémon gets no counter and an Asleep one no flip. Oran
  Berry acts after the checkup's steps and before Knock Outs are looked for (`between_turns`):
  a Pokémon with at least 2 damage counters loses 2, even ones the checkup just placed, so a
  Pokémon whose Poison or Burn counters reached its HP survives if the 2 counters removed bring
  it back below. Either Berry is then discarded; when its condition isn't met it does nothing
  and stays attached. Like every attached card, a Berry goes to the discard pile with its
  Pokémon when it is Knocked Out (R-KO-1).
- At a paper table (table mode) the cards searched may be named by card id: the deck (or the
  cards looked at, in the `choose` step), Energy Restore's discard pile; PokéNav's one-action
  choices by the deck's top cards (`deck_top5`, the nearest zone the table knows).
"""
from __future__ import annotations

from collections import Counter
from itertools import permutations, product
from typing import TYPE_CHECKING, Any

from ...messages import joined, msg
from ..carddb import define_trainer
from ..core import (
    Illegal,
    condition_name,
    cure,
    draw,
    heal,
    switch_active,
)
from .effects import (
    BerryTool,
    EnergyRemoval2,
    EnergySearch,
    EnergySwitch,
    LadyOuting,
    PokeBall,
    Potion,
    Switch,
    TrainerCard,
    choose_cards,
    is_basic_energy_card,
    one_per_card,
    one_pokemon_named,
    to_hand,
    trainer_option,
)

if TYPE_CHECKING:
    from ..contexts import TrainerCtx
    from ..hooks import Listener, TurnEvent
    from ..state import Pokemon, State


# -- helpers -----------------------------------------------------------------------------------


def _ordered_picks(state: State, instances: list[str], k: int) -> list[list[str]]:
    """Every ordered pick of k of `instances`, up to equal cards (one list per sequence of cards)."""
    by_card: dict[str, list[str]] = {}
    for i in instances:
        by_card.setdefault(state.card_id(i), []).append(i)
    out = []
    for seq in product(by_card, repeat=k):
        if any(n > len(by_card[c]) for c, n in Counter(seq).items()):
            continue
        used: Counter[str] = Counter()
        pick = []
        for c in seq:
            pick.append(by_card[c][used[c]])
            used[c] += 1
        out.append(pick)
    return out


def _pokemon_pick(tctx: TrainerCtx, bench: list[Pokemon], rule: str = "R-TRAINER-1") -> Pokemon:
    """The Benched Pokémon of the opponent's that `choices.pokemon` reports they picked (left out
    with a single one)."""
    new = one_pokemon_named(tctx.choices, bench)
    if new is None:
        raise Illegal(rule, msg("In choices.pokemon, name the one Benched Pokémon %(seat)s picks to become the Active "
                                "Pokémon.", seat=tctx.seat_label(tctx.opp)))
    return new


# -- Energy Removal 2, Energy Restore, Energy Switch ------------------------------------------


class EnergyRestore(TrainerCard):
    text = ("flip 3 coins; for each heads one basic Energy card from your discard pile goes to your hand "
            "(every one when there are fewer), taken in the order of preference given in choices.search")
    choice_zones = {"search": "discard"}
    coins = 3

    @staticmethod
    def _energy(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if is_basic_energy_card(state, i)]

    def check(self, tctx: TrainerCtx) -> None:
        energy = self._energy(tctx.state, tctx.seat)
        if not energy:
            raise Illegal("R-TRAINER-1", msg("There is no basic Energy card in your discard pile."))
        need = min(self.coins, len(energy))
        if "search" not in tctx.choices:
            if len({tctx.state.card_id(i) for i in energy}) > 1:
                raise Illegal("R-TRAINER-1", msg("Name in choices.search %(count)s basic Energy card(s) from your "
                                                 "discard pile, the one wanted most first.", count=need))
            tctx.sel = energy[:need]
            return
        tctx.sel = choose_cards(tctx, "search", energy, need, need,
                           msg("%(count)s basic Energy card(s) from your discard pile, the one wanted most first",
                               count=need))

    def play(self, tctx: TrainerCtx) -> bool:
        wanted: list[str] = tctx.sel
        heads = sum(tctx.flip(f"{tctx.card.name} ({n + 1}/{self.coins})") for n in range(self.coins))
        taken = wanted[:heads]
        to_hand(tctx, tctx.seat, taken, "discard")
        if not heads:
            tctx.say(msg("No heads: no Energy card is taken."), "R-TRAINER-1")
            return False
        if len(taken) < heads:
            tctx.say(msg("%(heads)s heads: %(seat)s takes %(cards)s from the discard pile into the hand (all there "
                         "were).", heads=heads, seat=tctx.seat_label(tctx.seat),
                         cards=tctx.refs(taken, shown_to="*")), "R-TRAINER-5")
        else:
            tctx.say(msg("%(heads)s heads: %(seat)s takes %(cards)s from the discard pile into the hand.",
                         heads=heads, seat=tctx.seat_label(tctx.seat), cards=tctx.refs(taken, shown_to="*")),
                     "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        energy = self._energy(state, seat)
        return [trainer_option(search=pick) for pick in _ordered_picks(state, energy, min(self.coins, len(energy)))]


# -- searches of the deck: Energy Search, Poké Ball, Lady Outing --------------------------------


# -- Pokémon Reversal ---------------------------------------------------------------------------

class PokemonReversal(TrainerCard):
    text = ("flip a coin; on heads your opponent switches their Active Pokémon with one of their Benched "
            "Pokémon, which they pick (reported in choices.pokemon with the card, before the flip)")

    def check(self, tctx: TrainerCtx) -> None:
        bench = tctx.them.bench
        if not bench:
            raise Illegal("R-TRAINER-1", msg("Your opponent has no Benched Pokémon."))
        tctx.sel = _pokemon_pick(tctx, bench)

    def play(self, tctx: TrainerCtx) -> bool:
        if not tctx.flip(tctx.card.name):
            tctx.say(msg("Tails: %(seat)s's Active Pokémon stays.", seat=tctx.seat_label(tctx.opp)), "R-TRAINER-1")
            return False
        new = tctx.sel
        old = switch_active(tctx, tctx.opp, new)
        tctx.say(msg("%(seat)s picks %(pokemon)s: it is now the Active Pokémon and %(old)s goes to the Bench.",
                     seat=tctx.seat_label(tctx.opp), pokemon=tctx.name(new), old=tctx.name(old)), "R-RETREAT-6")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        bench = state.seats[1 - seat].bench
        if len(bench) <= 1:
            return [trainer_option()] if bench else []
        return [trainer_option(pokemon=[p.top]) for p in bench]


# -- PokéNav --------------------------------------------------------------------------------------

class PokeNav(TrainerCard):
    """Two steps for a player: play it, look at the top cards (`pending`), then `choose` the card
    taken (`choices.search`) and the order of the others (`choices.order`)."""
    text = ("look at the top 3 cards of your deck (fewer if it is shorter); take a Pokémon card or an Energy "
            "card among them if there is one, show it and put it into your hand; the others go back on top in "
            "the order you choose")
    choice_zones = {"search": "deck_top5", "order": "deck_top5"}
    choose_zones = {"search": "look", "order": "look"}
    depth = 3

    @staticmethod
    def fits(state: State, inst: str) -> bool:
        return state.card_of(inst).supertype in ("Pokemon", "Energy")

    def check(self, tctx: TrainerCtx) -> None:
        deck = tctx.me.deck
        if not deck:
            raise Illegal("R-TRAINER-1", msg("Your deck is empty: there is nothing to look at."))
        top = deck[:self.depth]
        tctx.sel = self._picked(tctx, top, hidden_zone=True) if "search" in tctx.choices or len(top) == 1 else None

    def _picked(self, tctx: TrainerCtx, top: list[str], hidden_zone: bool) -> tuple[list[str], list[str]]:
        fitting = [i for i in top if self.fits(tctx.state, i)]
        search = choose_cards(tctx, "search", fitting, 1, 1,
                         msg("a Pokémon card or an Energy card among the cards looked at"), fewer="R-TRAINER-5",
                         hidden_zone=hidden_zone)
        rest = [i for i in top if i not in search]
        order = tctx.choices.get("order")
        if order is None and len(rest) <= 1:
            order = rest
        if not isinstance(order, list) or len(order) != len(rest) or sorted(map(str, order)) != sorted(rest):
            raise Illegal("R-TRAINER-1", msg("In choices.order, list the other %(count)s card(s) looked at, each once, "
                                             "new top first.", count=len(rest)))
        return search, list(order)

    def play(self, tctx: TrainerCtx) -> bool:
        if tctx.sel is None:
            top = tctx.me.deck[:self.depth]
            tctx.say(msg("%(seat)s looks at the top %(count)s card(s) of the deck.", seat=tctx.seat_label(tctx.seat),
                         count=len(top)), "R-TRAINER-5" if len(top) < self.depth else "R-HIDDEN-1")
            tctx.ask("search", tctx.instance, top)
            return False
        self._finish(tctx, *tctx.sel)
        return False

    def _finish(self, tctx: TrainerCtx, search: list[str], order: list[str]) -> None:
        deck = tctx.me.deck
        del deck[:len(search) + len(order)]
        tctx.me.hand.extend(search)
        deck[0:0] = order
        who = tctx.seat_label(tctx.seat)
        if search:
            tctx.say(msg("%(seat)s shows %(card)s and puts it into the hand.", seat=who,
                         card=tctx.ref(search[0], shown_to="*")), "R-TRAINER-1")
        else:
            tctx.say(msg("%(seat)s finds no Pokémon or Energy card among them.", seat=who), "R-TRAINER-5")
        if order:
            tctx.say(msg("%(seat)s puts %(count)s card(s) back on top of the deck (top first: %(cards)s).", seat=who,
                         count=len(order), cards=tctx.refs(order, shown_to=[tctx.seat])), "R-TRAINER-1")

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        self._finish(tctx, *self._picked(tctx, pending["look"], hidden_zone=False))

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if state.seats[seat].deck else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        top = pending["look"]
        fitting = [[i] for i in one_per_card(state, [i for i in top if self.fits(state, i)])] or [[]]
        out, seen = [], set()
        for search in fitting:
            for order in permutations([i for i in top if i not in search]):
                key = (tuple(state.card_id(i) for i in search), tuple(state.card_id(i) for i in order))
                if key not in seen:
                    seen.add(key)
                    out.append({"search": search, "order": list(order)})
        return out


# -- Professor Birch ---------------------------------------------------------------------------

class ProfessorBirch(TrainerCard):
    text = "draw until your hand holds 6 cards (fewer when the deck runs out)"
    hand_size = 6

    def check(self, tctx: TrainerCtx) -> None:
        n = len(tctx.hand_without_me())
        if n >= self.hand_size:
            raise Illegal("R-TRAINER-1", msg("Your hand already holds %(count)s other cards: %(card)s would draw "
                                             "nothing.", count=n, card=tctx.card.name))

    def play(self, tctx: TrainerCtx) -> bool:
        want = self.hand_size - len(tctx.me.hand)
        drawn = draw(tctx, tctx.seat, want)
        tctx.say(msg("%(seat)s draws %(count)s card(s) and holds %(held)s.", seat=tctx.seat_label(tctx.seat),
                     count=len(drawn), held=len(tctx.me.hand)), "R-TRAINER-5" if len(drawn) < want else "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if len(state.seats[seat].hand) - 1 < self.hand_size else []


# -- the Berries (Pokémon Tools) ------------------------------------------------------------------


class LumBerry(BerryTool):
    text = ("attach to one of your Pokémon; between turns, before Poison and Burn are checked, a Pokémon "
            "with Special Conditions loses them all and Lum Berry is discarded")

    def before_checkup(self, src: Listener, ev: TurnEvent) -> None:
        p = src.on
        if p is None or not p.conditions or src.card not in p.attached:
            return
        gone = joined(condition_name(c) for c in p.conditions)
        cure(p)
        self._eaten(ev.ctx, src)
        ev.ctx.say(msg("Lum Berry: %(pokemon)s is no longer %(conditions)s; Lum Berry is discarded.",
                       pokemon=ev.ctx.name(p), conditions=gone), "R-TRAINER-1")


class OranBerry(BerryTool):
    text = ("attach to one of your Pokémon; between turns, after Poison and Burn and before Knock Outs, a "
            "Pokémon with 2 or more damage counters loses 2 of them and Oran Berry is discarded")
    counters = 2

    def between_turns(self, src: Listener, ev: TurnEvent) -> None:
        p = src.on
        if p is None or p.damage < 10 * self.counters or src.card not in p.attached:
            return
        ctx = ev.ctx
        heal(ctx, p, 10 * self.counters)
        self._eaten(ctx, src)
        ctx.say(msg("Oran Berry: %(pokemon)s loses %(count)s damage counters (%(damage)s/%(hp)s); Oran Berry is "
                    "discarded.", pokemon=ctx.name(p), count=self.counters, damage=p.damage, hp=ctx.state.hp(p)),
                "R-TRAINER-1")


define_trainer("ex1-80", EnergyRemoval2())
define_trainer("ex1-81", EnergyRestore())
define_trainer("ex1-82", EnergySwitch())
define_trainer("ex1-83", LadyOuting())
define_trainer("ex1-84", LumBerry())
define_trainer("ex1-85", OranBerry())
define_trainer("ex1-86", PokeBall())
define_trainer("ex1-87", PokemonReversal())
define_trainer("ex1-88", PokeNav())
define_trainer("ex1-89", ProfessorBirch())
define_trainer("ex1-90", EnergySearch())
define_trainer("ex1-91", Potion())
define_trainer("ex1-92", Switch())
