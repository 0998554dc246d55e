"""More Trainer blocks of the modern pool (issue 45), read by `compiler/trainers_more.py`: Stadiums
that act when a Pokémon is put onto a Bench or change how many Pokémon a Bench may hold, Supporters
and Items that look, search, draw, switch or ask the opponent, lasting records for the opponent's
next turn or the rest of this one, and Tools for Ancient and Future Pokémon.

Rulings taken here:
- "Whenever any player puts a Basic non-T Pokémon onto their Bench during their turn, place N
  damage counters on that Pokémon." (R-BENCH-2, R-DAMAGE-3): every way of putting it there counts
  — played from the hand, searched from the deck, from the discard pile, a Fossil played as a
  Basic Pokémon — as long as it is that player's own turn and their own Bench (`on_benched`,
  core.benched; a Pokémon put onto the opponent's Bench, or at setup, is not). "non-T" reads its
  types once it is on the Bench (R-INPLAY-1). Damage counters are placed, not damage: nothing
  modifies them; a Knock Out is settled after the action.
- "Each player who has any Tera Pokémon in play can have up to N Pokémon on their Bench. If a
  player no longer has any Tera Pokémon in play, that player discards Pokémon from their Bench
  until they have 5. When this card leaves play, both players discard Pokémon from their Bench
  until they have 5, and the player who played this card discards first." (R-BENCH-1): the Bench
  size is asked (`bench_size`), so every placement is refused past it. Both discards are the same
  rule read after every action (actions.ask_bench_discards): a seat whose Bench is over what it may
  have now discards down to it, and the player whose Bench it is chooses which Pokémon (each
  player discards from their own Bench: "that player discards"), with every card attached to
  them. When the Stadium has left play and both Benches are over, the player who played it (the
  owner of the discard pile it went to) discards first.
- "If you go first, you may use this card during your first turn." (R-TRAINER-2): the Trainer
  read after it has `first_turn_ok`, which the Supporter rule reads (actions._check_supporter);
  the first player's first turn is the game's turn 1.
- Can't-play decisions (R-TRAINER-1), as `sv_standard_trainers.py`'s: a card with nothing to act on
  that its player can see is refused (Eri with an empty opposing hand, Xerosic's Machinations and
  Hand Trimmer when nobody holds more than N cards, Tool Scrapper with no Tool in play, N's Plan
  with no Energy on the Bench, Repel with no opposing Bench, Glass Trumpet without a Tera Pokémon,
  a Benched Pokémon of the type or a basic Energy card in the discard pile, Team Rocket's Giovanni
  unless its own switch can happen); what depends on the hidden deck never refuses a card.
- A choice the OPPONENT makes (Xerosic's Machinations, Hand Trimmer, Repel, Lt. Surge's Bargain) is
  theirs: the card waits for their `choose` (`pending["seat"]` is theirs; a card that waits again,
  Hand Trimmer's second player, sets a new `pending` in its `resolve`). Hand Trimmer: the opponent
  discards first, then its player. Lt. Surge's Bargain: yes (`choices.count` 1), its player takes a
  Prize card, then the opponent (the top one: they are face down); no (2), its player draws.
- Cards taken into the hand without "reveal" (Explorer's Guidance, Hassel, Cassiopeia) are not
  shown to the opponent: the narration counts them. Cards put on the bottom (Kofu) are not shown.
- Effects "during your opponent's next turn" on all of a player's Pokémon (Jasmine's Gaze, Iron
  Defender) and "during this turn" (Kieran's boost, Amarys's end-of-turn check) are lasting records
  on each of that player's Pokémon in play, kept when they are switched or evolve, and copied onto
  a Pokémon put onto that player's Bench meanwhile (`on_benched`): "This includes new Pokémon that
  come into play." Two records of two cards add up; one card's record acts once (Amarys's check is
  marked in the turn record). Kieran's "Pokémon V" is any V kind (V, VMAX, VSTAR, V-UNION).
- The Booster Energy Capsules act only while attached to an Ancient (Future) Pokémon; the Ancient
  one cures its Special Conditions when it is attached (`on_attach`) and keeps any from coming
  (`can_have_condition`). Under a Stadium that switches Tools off, none of this acts.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from ....messages import msg, msg_n
from ...contexts import TrainerCtx
from ...core import (
    Illegal,
    add_effect,
    attach_by_effect,
    cure,
    discard_cards,
    discard_pokemon,
    heal,
    place_counters,
    shuffle_deck,
    switch_active,
)
from ...flow import decide_winner, take_prizes
from ...hooks import (
    TOOL_KINDS,
    AttachEvent,
    ConditionEvent,
    DamageEvent,
    Listener,
    PlayedEvent,
    PokemonEvent,
    SeatEvent,
    TurnEvent,
    is_type,
    lasting,
)
from .base import and_list, next_turn_of_opponent
from .choices import multiset_picks, one_per_card
from .trainer_cards import ProfessorOak, Switch
from .trainer_text import AnyOf, Fits, HealActive, LookAndTake, SearchEach, SearchToHand, owned_by
from .trainers import (
    DamageBonus,
    StadiumCard,
    ToolCard,
    TrainerCard,
    active_pokemon,
    choose_cards,
    chosen_targets,
    draw_and_say,
    other_hand_cards,
    shuffle_hand_in,
    to_hand,
    trainer_option,
)

if TYPE_CHECKING:
    from ...carddb import CardDef
    from ...state import Pokemon, State


class BenchedCounters(StadiumCard):
    """A Stadium that places `counters` damage counters on a Basic Pokémon (not of type `spared`)
    that a player puts onto their own Bench during their turn, in any way (`on_benched`)."""

    def __init__(self, counters: int, spared: str | None):
        self.counters, self.spared = counters, spared
        but = f" not of type {spared}" if spared else ""
        self.text = (f"Stadium: when a player puts a Basic Pokémon{but} onto their Bench during their turn, in any "
                     f"way, {counters} damage counters are placed on it")

    def on_benched(self, src: Listener, ev: PlayedEvent) -> None:
        state = ev.ctx.state
        if state.find_pokemon(ev.pokemon.top)[0] != state.seat_to_act:    # onto their own Bench, during their turn
            return
        if not state.card_of(ev.pokemon.top).is_basic_pokemon:
            return
        if self.spared is not None and is_type(state, ev.pokemon, self.spared):
            return
        place_counters(ev.ctx, ev.pokemon, self.counters, state.card_of(src.card or "").name)


def _has_tagged(state: State, seat: int, tag: str) -> bool:
    return any(tag in state.card_of(p.top).tags for p in state.seats[seat].in_play())


class BenchSizeWhileTagged(StadiumCard):
    """A Stadium under which a player with a Pokémon of tag `tag` in play may have up to `size`
    Pokémon on the Bench (`bench_size`). It is also what waits when a Bench is over its size
    (actions.ask_bench_discards): the player whose Bench it is names in `choices.pokemon` the
    Benched Pokémon to discard, `pending["count"]` of them."""
    choose_zones: dict[str, str] = {}

    def __init__(self, tag: str, label: str, size: int):
        self.tag, self.size = tag, size
        self.text = (f"Stadium: a player with any {label} Pokémon in play may have up to {size} Pokémon on the Bench; "
                     "a Bench over its size is discarded down to it, its player choosing")

    def bench_size(self, src: Listener, ev: SeatEvent, value: int) -> int:
        return max(value, self.size) if _has_tagged(ev.state, ev.seat, self.tag) else value

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        bench = [p.top for p in state.seats[pending["seat"]].bench]
        return [{"pokemon": list(c)} for c in combinations(bench, pending["count"])]

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        bench = {p.top: p for p in tctx.me.bench}
        chosen = tctx.choices.get("pokemon")
        count = pending["count"]
        if (not isinstance(chosen, list) or len(chosen) != count or len(set(chosen)) != count
                or any(not isinstance(i, str) or i not in bench for i in chosen)):
            raise Illegal("R-BENCH-1", msg("Name in choices.pokemon %(count)s of your Benched Pokémon to discard.",
                                           count=count))
        names = and_list(tctx.name(i) for i in chosen)
        for i in chosen:
            discard_pokemon(tctx, tctx.seat, bench[i])
        tctx.say(msg("%(seat)s discards %(pokemon)s from the Bench (at most %(size)s Pokémon there).",
                     seat=tctx.seat_label(tctx.seat), pokemon=names, size=len(tctx.me.bench)), "R-BENCH-1")


class DiscardHandDraw(ProfessorOak):
    """"Discard your hand and draw N cards." (Professor Oak's, with its own count)."""

    def __init__(self, n: int):
        self.draws = n
        self.text = f"discard the rest of your hand, then draw {n} cards"


def knocked_out_last_turn(state: State, seat: int) -> bool:
    """One of the seat's Pokémon was Knocked Out during the opponent's last turn (the turn record
    the engine keeps: flow.start_turn, "knocked_out_last_turn")."""
    return seat in (state.this_turn.get("knocked_out_last_turn") or ())


class LookTakeHidden(TrainerCard):
    """"Look at the top N cards of your deck and put M (up to M) of them into your hand." then
    "Discard the other cards." or "Shuffle the other cards back into your deck." (`discard_rest`);
    `after_ko`: "You can use this card only if any of your Pokémon were Knocked Out during your
    opponent's last turn." Two steps (R-HIDDEN-1): the cards are shown to their player alone
    (`pending`), `choose` names `choices.search`; the cards taken are not revealed (the narration
    counts them), the ones discarded are."""
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}

    def __init__(self, depth: int, most: int, exactly: bool, discard_rest: bool, after_ko: bool):
        self.depth, self.most, self.exactly, self.discard_rest, self.after_ko = (
            depth, most, exactly, discard_rest, after_ko)
        count = str(most) if exactly else f"up to {most}"
        rest = "the others are discarded" if discard_rest else "the others are shuffled back into the deck"
        when = "only after one of your Pokémon was Knocked Out during your opponent's last turn: " if after_ko else ""
        self.text = f"{when}look at the top {depth} cards of your deck and put {count} of them into your hand; {rest}"

    def _may(self, state: State, seat: int) -> bool:
        return bool(state.seats[seat].deck) and (not self.after_ko or knocked_out_last_turn(state, seat))

    def check(self, tctx: TrainerCtx) -> None:
        if self.after_ko and not knocked_out_last_turn(tctx.state, tctx.seat):
            raise Illegal("R-TRAINER-1", msg("%(card)s needs one of your Pokémon to have been Knocked Out during your "
                                             "opponent's last turn.", card=tctx.card.name))
        if not tctx.me.deck:
            raise Illegal("R-TRAINER-1", msg("Your deck is empty: there is nothing to look at."))

    def play(self, tctx: TrainerCtx) -> bool:
        looked = tctx.me.deck[:self.depth]
        tctx.say(msg_n("%(seat)s looks at the top %(num)s card(s) of the deck.",
                       "%(seat)s looks at the top %(num)s card(s) of the deck.", len(looked),
                       seat=tctx.seat_label(tctx.seat)), "R-TRAINER-5" if len(looked) < self.depth else "R-HIDDEN-1")
        tctx.ask("search", tctx.instance, looked)
        return False

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        looked = [i for i in pending["look"] if i in tctx.me.deck]
        picked = choose_cards(tctx, "search", looked, self.most if self.exactly else 0, self.most,
                              msg("cards %(card)s puts into the hand", card=tctx.card.name))
        to_hand(tctx, tctx.seat, picked, "deck")
        rest = [i for i in looked if i not in picked]
        who = tctx.seat_label(tctx.seat)
        tctx.say(msg_n("%(seat)s puts %(num)s card into the hand.", "%(seat)s puts %(num)s cards into the hand.",
                       len(picked), seat=who), "R-HIDDEN-1")
        if self.discard_rest:
            for i in rest:
                tctx.me.deck.remove(i)
            discard_cards(tctx, tctx.seat, rest)
            tctx.say(msg("%(seat)s discards the other cards: %(cards)s.", seat=who,
                         cards=tctx.refs(rest, shown_to="*")), "R-TRAINER-1")
        else:
            shuffle_deck(tctx, tctx.seat)
            tctx.say(msg("%(seat)s shuffles the other cards back into the deck.", seat=who), "R-TRAINER-1")

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if self._may(state, seat) else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        looked = [i for i in pending["look"] if i in deck]
        lo = min(self.most, len(looked)) if self.exactly else 0
        return [{"search": pick} for pick in multiset_picks(state, looked, lo, self.most)]


class LastCardSearch(SearchToHand):
    """"You can use this card only when it is the last card in your hand. Search your deck for up to
    N cards and put them into your hand. Then, shuffle your deck." (`last_card`; without it, the
    search alone): any cards, not revealed — the narration counts them (R-HIDDEN-1)."""

    def __init__(self, most: int, last_card: bool):
        when = "only as the last card of your hand: " if last_card else ""
        super().__init__(lambda c: True, most, f"{when}search your deck for up to {most} cards, put them into your "
                                               "hand unseen and shuffle your deck")
        self.last_card = last_card

    def check(self, tctx: TrainerCtx) -> None:
        if self.last_card and tctx.hand_without_me():
            raise Illegal("R-TRAINER-1", msg("%(card)s can be played only as the last card of your hand.",
                                             card=tctx.card.name))
        super().check(tctx)

    def _take(self, tctx: TrainerCtx, picked: list[str]) -> None:
        to_hand(tctx, tctx.seat, picked, "deck")
        shuffle_deck(tctx, tctx.seat)
        tctx.say(msg_n("%(seat)s puts %(num)s card into the hand.", "%(seat)s puts %(num)s cards into the hand.",
                       len(picked), seat=tctx.seat_label(tctx.seat)), "R-HIDDEN-1")

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        alone = state.seats[seat].hand == [instance]
        return super().options(state, seat, instance) if alone or not self.last_card else []


class HealAllReturnEnergy(TrainerCard):
    """"Heal all damage from 1 of your <kind> Pokémon. If you healed any damage in this way, put all
    Energy attached to that Pokémon into your hand." (`fits`: which of your Pokémon, `label`: its
    words). Refused when none of your Pokémon in play is one (R-TRAINER-1)."""

    def __init__(self, fits: Callable[[CardDef], bool], label: str):
        self.fits_card, self.label = fits, label
        self.text = (f"heal all damage from 1 of your {label}; if any was healed, all Energy attached to it goes into "
                     "your hand")

    def _fitting(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if self.fits_card(state.card_of(p.top))]

    def check(self, tctx: TrainerCtx) -> None:
        fitting = self._fitting(tctx.state, tctx.seat)
        if not fitting:
            raise Illegal("R-TRAINER-1", msg("You have no %(what)s in play.", what=self.label))
        (tctx.sel,) = chosen_targets(tctx, [(fitting, msg("one of your %(what)s", what=self.label))])

    def play(self, tctx: TrainerCtx) -> bool:
        p: Pokemon = tctx.sel
        healed = heal(tctx, p, p.damage)
        if healed:
            energy, p.energy = p.energy, []
            tctx.me.hand.extend(energy)
            tctx.say(msg("%(pokemon)s: %(healed)s damage healed; %(cards)s go into the hand.", pokemon=tctx.name(p),
                         healed=healed, cards=tctx.refs(energy, shown_to="*")), "R-TRAINER-1")
        else:
            tctx.say(msg("%(pokemon)s has no damage to heal.", pokemon=tctx.name(p)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in self._fitting(state, seat)]


class RevealHandDiscard(TrainerCard):
    """"Your opponent reveals their hand, and you discard up to N <kind> cards you find there."
    Two steps: the hand is shown to both players and waits (`pending`); `choose` names in
    `choices.search` 0 to N of the cards that fit. Refused while the opponent's hand is empty
    (R-TRAINER-1: nothing to reveal)."""
    choose_zones = {"search": "look"}

    def __init__(self, fits: Callable[[CardDef], bool], most: int, words: str):
        self.fits_card, self.most, self.words = fits, most, words
        self.text = f"your opponent shows their hand to both players; you discard up to {most} {words} of it"

    def check(self, tctx: TrainerCtx) -> None:
        if not tctx.them.hand:
            raise Illegal("R-TRAINER-1", msg("Your opponent has no cards in hand."))

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.show_hand(tctx.opp, tctx.card.name)
        hand = list(tctx.them.hand)
        tctx.say(msg("%(seat)s reveals the hand: %(cards)s.", seat=tctx.seat_label(tctx.opp),
                     cards=tctx.refs(hand, shown_to="*")), "R-TRAINER-1")
        tctx.ask("reveal", tctx.instance, hand)
        return False

    def _fitting(self, state: State, seat: int, look: list[str]) -> list[str]:
        hand = state.seats[1 - seat].hand
        return [i for i in look if i in hand and self.fits_card(state.card_of(i))]

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        picked = choose_cards(tctx, "search", self._fitting(tctx.state, tctx.seat, pending["look"]), 0, self.most,
                              msg("up to %(num)s of the cards revealed that %(card)s discards", num=self.most,
                                  card=tctx.card.name))
        for i in picked:
            tctx.them.hand.remove(i)
        discard_cards(tctx, tctx.opp, picked)
        tctx.say(msg("%(seat)s discards %(cards)s from the opponent's hand.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(picked, shown_to="*")), "R-TRAINER-1")

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if state.seats[1 - seat].hand else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        fitting = self._fitting(state, pending["seat"], pending["look"])
        return [{"search": pick} for pick in multiset_picks(state, fitting, 0, self.most)]


def _bench_energy(state: State, seat: int) -> list[str]:
    return [i for p in state.seats[seat].bench for i in p.energy]


class BenchEnergyToActive(TrainerCard):
    """"Move up to N Energy from your Benched Pokémon to your Active Pokémon.": 1 to N Energy cards
    attached to the Benched Pokémon (`choices.cards`), from one or several of them; refused when
    none has any (R-TRAINER-1). Not the turn's attachment (R-ENERGY-1)."""
    choice_zones: dict[str, str] = {}

    def __init__(self, most: int):
        self.most = most
        self.text = f"move 1 to {most} Energy from your Benched Pokémon to your Active Pokémon"

    def check(self, tctx: TrainerCtx) -> None:
        energy = _bench_energy(tctx.state, tctx.seat)
        if not energy:
            raise Illegal("R-TRAINER-1", msg("None of your Benched Pokémon has Energy attached."))
        tctx.sel = choose_cards(tctx, "cards", energy, 1, self.most,
                                msg("1 to %(num)s Energy attached to your Benched Pokémon", num=self.most))

    def play(self, tctx: TrainerCtx) -> bool:
        active = active_pokemon(tctx.me)
        for i in tctx.sel:
            holder = next(p for p in tctx.me.bench if i in p.energy)
            holder.energy.remove(i)
            attach_by_effect(tctx, active, i, from_hand=False)
        tctx.say(msg("%(seat)s moves %(cards)s to %(pokemon)s.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(tctx.sel, shown_to="*"), pokemon=tctx.name(active)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        energy = _bench_energy(state, seat)
        return [trainer_option(cards=list(c)) for n in range(1, self.most + 1) for c in combinations(energy, n)]


class OwnerSwitchThenGust(TrainerCard):
    """"Switch your Active <owner>'s Pokémon with 1 of your Benched <owner>'s Pokémon. If you do,
    switch in 1 of your opponent's Benched Pokémon to the Active Spot." `targets`: your Benched
    Pokémon, then (when they have any) your opponent's. Refused unless your Active is one and one
    is on your Bench (the switch, which the rest needs, can't happen: R-TRAINER-1). Neither switch
    is a retreat (R-RETREAT-6)."""

    def __init__(self, owner: str):
        self.owner = owner
        self.text = (f"switch your Active {owner}'s Pokémon with one of your Benched {owner}'s Pokémon; then bring one "
                     "of your opponent's Benched Pokémon into their Active Spot")

    def _mine(self, state: State, seat: int) -> list[Pokemon]:
        active = state.seats[seat].active
        if active is None or not owned_by(state, active, self.owner):
            return []
        return [p for p in state.seats[seat].bench if owned_by(state, p, self.owner)]

    def check(self, tctx: TrainerCtx) -> None:
        mine = self._mine(tctx.state, tctx.seat)
        if not mine:
            raise Illegal("R-TRAINER-1", msg("%(card)s needs your Active Pokémon and one of your Benched Pokémon to be "
                                             "%(owner)s's Pokémon.", card=tctx.card.name, owner=self.owner))
        slots = [(mine, msg("one of your Benched %(owner)s's Pokémon", owner=self.owner))]
        if tctx.them.bench:
            slots.append((tctx.them.bench, msg("one of your opponent's Benched Pokémon")))
        tctx.sel = chosen_targets(tctx, slots)

    def play(self, tctx: TrainerCtx) -> bool:
        for seat_no, new in zip((tctx.seat, tctx.opp), tctx.sel, strict=False):
            old = switch_active(tctx, seat_no, new)
            tctx.say(msg("%(pokemon)s is now %(seat)s's Active Pokémon; %(old)s goes to the Bench.",
                         pokemon=tctx.name(new), seat=tctx.seat_label(seat_no), old=tctx.name(old)), "R-RETREAT-6")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        theirs: list[list[str]] = [[p.top] for p in state.seats[1 - seat].bench] or [[]]
        return [trainer_option([m.top, *t]) for m in self._mine(state, seat) for t in theirs]


GUARD = "guard_next_turn"


class GuardNextTurn(TrainerCard):
    """"During your opponent's next turn, all of your (T) Pokémon take N less damage from attacks
    from your opponent's Pokémon (after applying Weakness and Resistance). (This includes new
    Pokémon that come into play.)": a lasting record (`GUARD`) on each of its player's Pokémon in
    play, until the end of the opponent's next turn, kept when they are switched or evolve; a
    Pokémon put onto its player's Bench meanwhile gets it too (`on_benched`)."""

    def __init__(self, amount: int, kind: str | None):
        self.amount, self.kind = amount, kind
        of = f"{kind} " if kind else ""
        self.text = (f"during your opponent's next turn, each of your {of}Pokémon, those that come into play too, "
                     f"takes {amount} less damage from their attacks (after Weakness and Resistance)")

    def play(self, tctx: TrainerCtx) -> bool:
        for p in tctx.me.in_play():
            add_effect(p, GUARD, next_turn_of_opponent(tctx.state), id=tctx.instance, amount=self.amount,
                       type=self.kind, why=str(tctx.card.name), survives_bench=True, survives_evolution=True)
        tctx.say(msg("During %(seat)s's next turn, %(owner)s's Pokémon take %(amount)s less damage from attacks "
                     "(%(card)s).", seat=tctx.seat_label(tctx.opp), owner=tctx.seat_label(tctx.seat),
                     amount=self.amount, card=tctx.card.name), "R-DAMAGE-1")
        return False


@lasting(GUARD)
class GuardRecord:
    """Lasting (`GuardNextTurn`): damage from the opponent's attacks to this Pokémon (of `type` now)
    is `amount` less, after Weakness and Resistance (R-DAMAGE-1 f)."""

    def damage_defender(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        data = src.data
        if ev.target is not src.on or dmg <= 0 or not ev.by_opponent:
            return dmg
        if data["type"] and not is_type(ev.state, ev.target, data["type"]):
            return dmg
        dmg = max(0, dmg - data["amount"])
        ev.note(msg("%(why)s −%(amount)s = %(damage)s", why=data["why"], amount=data["amount"], damage=dmg))
        return dmg

    def on_benched(self, src: Listener, ev: PlayedEvent) -> None:
        new = ev.pokemon
        if ev.ctx.state.find_pokemon(new.top)[0] != src.seat or any(r.get("id") == src.data["id"] for r in new.effects):
            return
        new.effects.append(dict(src.data))


class HandDownTo(TrainerCard):
    """"Your opponent discards cards from their hand until they have N cards in their hand." and
    "Each player discards cards from their hand until they have N cards in their hand. Your opponent
    discards first." (`both`): each player over N chooses which cards of their own hand
    (`choices.cards`, in a `choose` of theirs: the card waits for the opponent first, then for its
    player), shown to both players once discarded. Refused when nobody has more than N (R-TRAINER-1:
    hand sizes are public)."""
    choose_zones = {"cards": "look"}

    def __init__(self, n: int, both: bool):
        self.n, self.both = n, both
        who = "each player, your opponent first," if both else "your opponent"
        self.text = f"{who} discards cards of their choice from their hand until they have {n}"

    def _order(self, seat: int) -> list[int]:
        return [1 - seat, seat] if self.both else [1 - seat]

    def _over(self, state: State, seat: int, instance: str) -> int:
        return len([i for i in state.seats[seat].hand if i != instance]) - self.n

    def check(self, tctx: TrainerCtx) -> None:
        if all(self._over(tctx.state, s, tctx.instance) <= 0 for s in self._order(tctx.seat)):
            raise Illegal("R-TRAINER-1", msg("Nobody has more than %(num)s cards in hand: %(card)s would do nothing.",
                                             num=self.n, card=tctx.card.name))

    def play(self, tctx: TrainerCtx) -> bool:
        self._ask_next(tctx.state, tctx.instance, self._order(tctx.seat))
        return False

    def _ask_next(self, state: State, instance: str, queue: list[int]) -> None:
        for i, s in enumerate(queue):
            over = self._over(state, s, instance)
            if over > 0:
                state.pending = {"seat": s, "card": instance, "kind": "discard_to", "look": list(state.seats[s].hand),
                                 "count": over, "queue": queue[i + 1:]}
                return

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        picked = choose_cards(tctx, "cards", tctx.me.hand, pending["count"], pending["count"],
                              msg("%(num)s cards of your hand to discard", num=pending["count"]))
        for i in picked:
            tctx.me.hand.remove(i)
        discard_cards(tctx, tctx.seat, picked)
        tctx.say(msg("%(seat)s discards %(cards)s.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(picked, shown_to="*")), "R-TRAINER-1")
        self._ask_next(tctx.state, tctx.instance, pending["queue"])

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if any(self._over(state, s, instance) > 0 for s in self._order(seat)) else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        hand = state.seats[pending["seat"]].hand
        return [{"cards": pick} for pick in multiset_picks(state, hand, pending["count"], pending["count"])]


class LookTakeEach(LookAndTake):
    """"Look at the top N cards of your deck. You may reveal a A and a B you find there and put
    them into your hand. Shuffle the other cards back into your deck.": at most one card of each
    description (`kinds`, which name no card twice), revealed; the two steps of `LookAndTake`."""

    def __init__(self, kinds: tuple[Fits | AnyOf, ...], depth: int, text: str):
        every = tuple(f for k in kinds for f in (k.each if isinstance(k, AnyOf) else (k,)))
        super().__init__(AnyOf(every), depth, len(kinds), False, text)
        self.kinds = kinds

    def _pick(self, tctx: TrainerCtx, looked: list[str], hidden_zone: bool) -> list[str]:
        picked = super()._pick(tctx, looked, hidden_zone)
        state = tctx.state
        if any(sum(k(state.card_of(i)) for i in picked) > 1 for k in self.kinds):
            raise Illegal("R-TRAINER-1", msg("%(card)s takes at most one card of each kind.", card=tctx.card.name))
        return picked

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        looked = [i for i in pending["look"] if i in deck]
        each: list[list[list[str]]] = [
            [[]] + [[i] for i in one_per_card(state, [i for i in looked if k(state.card_of(i))])] for k in self.kinds]
        return [{"search": [i for part in pick for i in part]} for pick in product(*each)]


BOOST = "turn_boost_own"


class SwitchOrTurnBoost(TrainerCard):
    """"Choose 1: • Switch your Active Pokémon with 1 of your Benched Pokémon. • During this turn,
    attacks used by your Pokémon do N more damage to your opponent's Active Pokémon ex and Active
    Pokémon V (before applying Weakness and Resistance)." `choices.count`: 1 (the switch, its
    Benched Pokémon in `targets`) or 2 (the boost: a lasting record, this turn, on each of its
    player's Pokémon in play, kept when they are switched or evolve, and given to a Pokémon put onto
    the Bench later in the turn, `on_benched`). The switch is refused without a Benched Pokémon."""

    def __init__(self, bonus: int, tags: frozenset[str]):
        self.bonus, self.tags = bonus, tags
        self.switch = Switch()
        self.text = (f"choose 1: switch your Active Pokémon with one of your Benched Pokémon; or, this turn, your "
                     f"Pokémon's attacks do {bonus} more damage to the opponent's Active Pokémon ex or V")

    def _mode(self, tctx: TrainerCtx) -> int:
        mode = tctx.choices.get("count")
        if mode not in (1, 2) or isinstance(mode, bool):
            raise Illegal("R-TRAINER-1", msg("Name in choices.count which effect of %(card)s you choose: 1 or 2.",
                                             card=tctx.card.name))
        return int(mode)

    def check(self, tctx: TrainerCtx) -> None:
        if self._mode(tctx) == 1:
            self.switch.check(tctx)

    def play(self, tctx: TrainerCtx) -> bool:
        if self._mode(tctx) == 1:
            return self.switch.play(tctx)
        for p in tctx.me.in_play():
            add_effect(p, BOOST, tctx.state.turn, id=tctx.instance, bonus=self.bonus, tags=sorted(self.tags),
                       why=str(tctx.card.name), survives_bench=True, survives_evolution=True)
        tctx.say(msg("This turn, %(seat)s's attacks do %(bonus)s more damage to the opponent's Active Pokémon ex and "
                     "Pokémon V (%(card)s).", seat=tctx.seat_label(tctx.seat), bonus=self.bonus, card=tctx.card.name),
                 "R-DAMAGE-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(o["targets"], count=1) for o in self.switch.options(state, seat, instance)] + [
            trainer_option(count=2)]


@lasting(BOOST)
class TurnBoostRecord:
    """Lasting (`SwitchOrTurnBoost`): this Pokémon's attacks do `bonus` more damage to the
    opponent's Active Pokémon with one of `tags`, before Weakness and Resistance (R-DAMAGE-1 b)."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        data = src.data
        if ev.attacker is not src.on or not ev.to_defending or not ev.by_opponent or ev.confusion:
            return dmg
        if not set(data["tags"]) & ev.state.card_of(ev.target.top).tags:
            return dmg
        dmg += data["bonus"]
        ev.note(msg("%(card)s +%(bonus)s = %(damage)s", card=data["why"], bonus=data["bonus"], damage=dmg))
        return dmg

    on_benched = GuardRecord.on_benched


def _hands_away(tctx: TrainerCtx, bottom: bool) -> int:
    """Each player, its player first, puts their hand into their deck: shuffled in, or (`bottom`)
    shuffled and put on the bottom of the deck (the deck itself not shuffled). The cards are
    counted, never named (R-HIDDEN-1); returns how many went in all."""
    total = 0
    for seat_no in (tctx.seat, tctx.opp):
        seat = tctx.state.seats[seat_no]
        n = len(seat.hand)
        if bottom:
            hand, seat.hand = seat.hand, []
            if tctx.state.table:
                for i in hand:   # the table's order is its own; the cards lie face down again
                    tctx.state.known.pop(i, None)
            elif n > 1:
                hand = [hand[i] for i in tctx.rng.shuffle(n)]
            seat.deck.extend(hand)
            tctx.say(msg_n("%(seat)s shuffles %(num)s card from the hand and puts them on the bottom of the deck.",
                           "%(seat)s shuffles %(num)s cards from the hand and puts them on the bottom of the deck.", n,
                           seat=tctx.seat_label(seat_no)), "R-TRAINER-1")
        else:
            shuffle_hand_in(tctx, seat_no)
            tctx.say(msg_n("%(seat)s shuffles %(num)s card(s) from the hand into the deck.",
                           "%(seat)s shuffles %(num)s card(s) from the hand into the deck.", n,
                           seat=tctx.seat_label(seat_no)), "R-TRAINER-1")
        total += n
    return total


class EachShuffleCoinDraw(TrainerCard):
    """"Each player shuffles their hand into their deck. Then, flip a coin. If heads, you draw A
    cards, and your opponent draws B cards. If tails, you draw C cards, and your opponent draws D
    cards." (`heads`, `tails`: what you and your opponent draw)."""

    def __init__(self, heads: tuple[int, int], tails: tuple[int, int]):
        self.heads, self.tails = heads, tails
        self.text = (f"both players shuffle their hands into their decks; flip a coin: heads, you draw {heads[0]} and "
                     f"your opponent {heads[1]}; tails, you draw {tails[0]} and your opponent {tails[1]}")

    def play(self, tctx: TrainerCtx) -> bool:
        _hands_away(tctx, bottom=False)
        draws = self.heads if tctx.flip(tctx.card.name) else self.tails
        for seat_no, want in zip((tctx.seat, tctx.opp), draws, strict=True):
            draw_and_say(tctx, seat_no, want)
        return False


class EachBottomCoinDraw(TrainerCard):
    """"Each player shuffles their hand and puts it on the bottom of their deck. If either player put
    any cards on the bottom of their deck in this way, each player flips a coin. If heads, that
    player draws A cards. If tails, they draw B cards.": its player flips first."""

    def __init__(self, heads: int, tails: int):
        self.heads_draw, self.tails_draw = heads, tails
        self.text = (f"both players put their hands, shuffled, on the bottom of their decks; then, if any card went, "
                     f"each flips a coin and draws {heads} on heads, {tails} on tails")

    def play(self, tctx: TrainerCtx) -> bool:
        if not _hands_away(tctx, bottom=True):
            return False
        for seat_no in (tctx.seat, tctx.opp):
            heads = tctx.flip(msg("%(card)s (%(seat)s)", card=tctx.card.name, seat=tctx.seat_label(seat_no)))
            draw_and_say(tctx, seat_no, self.heads_draw if heads else self.tails_draw)
        return False


HAND_CHECK = "hand_check_end_of_turn"


class DrawThenEndOfTurnCheck(TrainerCard):
    """"Draw N cards. At the end of this turn, if you have M or more cards in your hand, discard your
    hand.": the check is a lasting record on each of its player's Pokémon in play (and one benched
    later, `on_benched`), heard at the end of the turn before the checkup (`before_checkup`); the
    first record that hears it checks the hand once (a turn record keeps it from checking twice)."""

    def __init__(self, n: int, limit: int):
        self.n, self.limit = n, limit
        self.text = f"draw {n} cards; at the end of this turn, if you have {limit} or more cards in hand, discard it"

    def play(self, tctx: TrainerCtx) -> bool:
        draw_and_say(tctx, tctx.seat, self.n)
        for p in tctx.me.in_play():
            add_effect(p, HAND_CHECK, tctx.state.turn + 1, id=tctx.instance, limit=self.limit,
                       why=str(tctx.card.name), survives_bench=True, survives_evolution=True)
        return False


@lasting(HAND_CHECK)
class HandCheckRecord:
    """Lasting (`DrawThenEndOfTurnCheck`): at the end of its player's turn, a hand of `limit` or
    more cards is discarded."""

    def before_checkup(self, src: Listener, ev: TurnEvent) -> None:
        state, data = ev.ctx.state, src.data
        key = f"{HAND_CHECK}:{data['id']}"
        if ev.ending_seat != src.seat or state.this_turn.get(key):
            return
        state.this_turn[key] = True
        hand = state.seats[src.seat].hand
        if len(hand) < data["limit"]:
            return
        state.seats[src.seat].hand = []
        discard_cards(ev.ctx, src.seat, hand)
        ev.ctx.say(msg("%(card)s: %(seat)s has %(num)s cards in hand at the end of the turn and discards them: "
                       "%(cards)s.", card=data["why"], seat=ev.ctx.seat_label(src.seat), num=len(hand),
                       cards=ev.ctx.refs(hand, shown_to="*")), "R-TRAINER-1")

    on_benched = GuardRecord.on_benched


def _has_tag_in_play(state: State, seat: int, tag: str) -> bool:
    return any(tag in state.card_of(p.top).tags for p in state.seats[seat].in_play())


class AttachFromDiscardToBenched(TrainerCard):
    """"You can use this card only if you have any <tag> Pokémon in play. Choose up to N of your
    Benched <type> Pokémon and attach a Basic Energy card from your discard pile to each of them."
    `targets`: 1 to N of those Pokémon (of the type now); `choices.cards`: as many basic Energy
    cards of the discard pile (public), the first to the first Pokémon named, and so on. Refused
    without such a Pokémon in play, such a Benched Pokémon, or a basic Energy card in the discard
    pile (R-TRAINER-1). Not the turn's attachment (R-ENERGY-1)."""
    choice_zones = {"cards": "discard"}

    def __init__(self, tag: str, label: str, kind: str, most: int):
        self.tag, self.label, self.kind, self.most = tag, label, kind, most
        self.text = (f"only with a {label} Pokémon in play: attach a basic Energy card of your discard pile to each of "
                     f"1 to {most} of your Benched {kind} Pokémon")

    def _benched(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].bench if is_type(state, p, self.kind)]

    @staticmethod
    def _energy(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy]

    def _may(self, state: State, seat: int) -> bool:
        return (_has_tag_in_play(state, seat, self.tag) and bool(self._benched(state, seat))
                and bool(self._energy(state, seat)))

    def check(self, tctx: TrainerCtx) -> None:
        if not self._may(tctx.state, tctx.seat):
            raise Illegal("R-TRAINER-1", msg("%(card)s needs a %(tag)s Pokémon in play, a Benched %(kind)s Pokémon "
                                             "and a basic Energy card in your discard pile.", card=tctx.card.name,
                                             tag=self.label, kind=self.kind))
        benched, energy = self._benched(tctx.state, tctx.seat), self._energy(tctx.state, tctx.seat)
        count = len(tctx.targets) if isinstance(tctx.targets, list) else 0
        if not 1 <= count <= min(self.most, len(benched), len(energy)):
            raise Illegal("R-TRAINER-1", msg("Name in targets 1 to %(num)s of your Benched %(kind)s Pokémon.",
                                             num=min(self.most, len(benched), len(energy)), kind=self.kind))
        what = msg("one of your Benched %(kind)s Pokémon", kind=self.kind)
        pokemon = chosen_targets(tctx, [(benched, what)] * count)
        if len({p.top for p in pokemon}) != count:
            raise Illegal("R-TRAINER-1", msg("Name each Pokémon once in targets."))
        cards = choose_cards(tctx, "cards", energy, count, count, msg("a basic Energy card of your discard pile for "
                                                                       "each Pokémon named"))
        tctx.sel = list(zip(pokemon, cards, strict=True))

    def play(self, tctx: TrainerCtx) -> bool:
        for p, card in tctx.sel:
            tctx.me.discard.remove(card)
            attach_by_effect(tctx, p, card, from_hand=False)
            tctx.say(msg("%(seat)s attaches %(card)s from the discard pile to %(pokemon)s.",
                         seat=tctx.seat_label(tctx.seat), card=tctx.name(card), pokemon=tctx.name(p)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        if not self._may(state, seat):
            return []
        benched, energy = [p.top for p in self._benched(state, seat)], self._energy(state, seat)
        return [trainer_option(list(targets), cards=pick) for n in range(1, self.most + 1)
                for targets in combinations(benched, n) for pick in multiset_picks(state, energy, n, n)]


class DiscardHandThenSearchEach(SearchEach):
    """"Discard your hand and search your deck for a A, a B, and a C, reveal them, and put them into
    your hand. Then, shuffle your deck.": the rest of the hand is discarded (shown to both players),
    then `SearchEach`'s two steps."""

    def play(self, tctx: TrainerCtx) -> bool:
        hand, tctx.me.hand = tctx.me.hand, []
        discard_cards(tctx, tctx.seat, hand)
        tctx.say(msg("%(seat)s discards %(cards)s.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(hand, shown_to="*")), "R-TRAINER-1")
        return super().play(tctx)


class DiscardTools(TrainerCard):
    """"Choose up to N Pokémon Tools attached to Pokémon (yours or your opponent's) and discard
    them.": 1 to N attached Pokémon Tools (`choices.cards`), each to its owner's discard pile;
    refused when no Pokémon in play has one (R-TRAINER-1)."""

    def __init__(self, most: int):
        self.most = most
        self.text = f"discard 1 to {most} Pokémon Tools attached to any Pokémon in play"

    @staticmethod
    def _tools(state: State) -> list[tuple[int, Pokemon, str]]:
        return [(s, p, i) for s in (0, 1) for p in state.seats[s].in_play() for i in p.attached
                if state.card_of(i).trainer_kind in TOOL_KINDS]

    def check(self, tctx: TrainerCtx) -> None:
        tools = [i for _, _, i in self._tools(tctx.state)]
        if not tools:
            raise Illegal("R-TRAINER-1", msg("No Pokémon in play has a Pokémon Tool attached."))
        tctx.sel = choose_cards(tctx, "cards", tools, 1, self.most,
                                msg("1 to %(num)s Pokémon Tools attached to Pokémon in play", num=self.most))

    def play(self, tctx: TrainerCtx) -> bool:
        for s, p, i in self._tools(tctx.state):
            if i in tctx.sel:
                p.attached.remove(i)
                discard_cards(tctx, s, [i])
        tctx.say(msg("%(seat)s discards %(cards)s.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(tctx.sel, shown_to="*")), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        tools = [i for _, _, i in self._tools(state)]
        return [trainer_option(cards=list(c)) for n in range(1, self.most + 1) for c in combinations(tools, n)]


class BottomThenDraw(TrainerCard):
    """"Put N cards from your hand on the bottom of your deck in any order. If you put N cards on the
    bottom of your deck in this way, draw M cards. (If you can't put N cards from your hand on the
    bottom of your deck, you can't use this card.)": `choices.cards`, N other cards of the hand, the
    last named the bottom card; they are not revealed (the narration counts them)."""
    choice_zones = {"cards": "hand"}

    def __init__(self, n: int, draws: int):
        self.n, self.draws = n, draws
        self.text = f"put {n} other cards of your hand on the bottom of your deck in the order named; then draw {draws}"

    def check(self, tctx: TrainerCtx) -> None:
        others = self._need_others(tctx, self.n, msg("to put on the bottom of the deck"))
        tctx.sel = choose_cards(tctx, "cards", others, self.n, self.n,
                                msg("%(num)s other cards of your hand", num=self.n))

    def play(self, tctx: TrainerCtx) -> bool:
        for i in tctx.sel:
            tctx.me.hand.remove(i)
        tctx.me.deck.extend(tctx.sel)
        tctx.say(msg_n("%(seat)s puts %(num)s card from the hand on the bottom of the deck.",
                       "%(seat)s puts %(num)s cards from the hand on the bottom of the deck.", len(tctx.sel),
                       seat=tctx.seat_label(tctx.seat)), "R-TRAINER-1")
        draw_and_say(tctx, tctx.seat, self.draws)
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = other_hand_cards(state, seat, instance)     # one order of each pick is listed
        return [trainer_option(cards=pick) for pick in multiset_picks(state, others, self.n, self.n)]


def _tagged_holder(state: State, src: Listener, p: Pokemon, tag: str) -> bool:
    return p is src.on and tag in state.card_of(p.top).tags


class TaggedToolNoRetreatMore(DamageBonus, ToolCard):
    """"The <tag> Pokémon this card is attached to has no Retreat Cost, and the attacks it uses do N
    more damage to your opponent's Active Pokémon (before applying Weakness and Resistance)."
    (`retreat_cost` 0, asked first; `damage_attacker` through `DamageBonus`); attached to another
    Pokémon it does nothing."""

    def __init__(self, tag: str, words: str, bonus: int, label: str):
        self.tag, self.bonus, self.label = tag, bonus, label
        self.text = (f"Pokémon Tool: its {words} Pokémon has no Retreat Cost and its attacks do {bonus} more damage to "
                     "the opponent's Active Pokémon (before Weakness and Resistance)")

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        return 0 if _tagged_holder(ev.state, src, ev.pokemon, self.tag) else cost

    def _boosts(self, src: Listener, ev: DamageEvent) -> bool:
        return _tagged_holder(ev.state, src, ev.attacker, self.tag)


class TaggedToolHpNoConditions(ToolCard):
    """"The <tag> Pokémon this card is attached to gets +N HP, recovers from all Special Conditions,
    and can't be affected by any Special Conditions.": `hp`, `can_have_condition`, and the recovery
    when it is attached (`on_attach`: no Special Condition can come while it stays)."""

    def __init__(self, tag: str, words: str, amount: int):
        self.tag, self.amount = tag, amount
        self.text = (f"Pokémon Tool: its {words} Pokémon has {amount} more HP, recovers from all Special Conditions "
                     "and can't be affected by any")

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        return value + self.amount if _tagged_holder(ev.state, src, ev.pokemon, self.tag) else value

    def can_have_condition(self, src: Listener, ev: ConditionEvent) -> bool:
        return not _tagged_holder(ev.state, src, ev.pokemon, self.tag)

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        p = ev.pokemon
        if ev.card != src.card or not _tagged_holder(ev.ctx.state, src, p, self.tag) or not p.conditions:
            return
        cure(p)
        ev.ctx.say(msg("%(pokemon)s recovers from all Special Conditions.", pokemon=ev.ctx.name(p)), "R-STATUS-1")


class AskPrizesOrDraw(TrainerCard):
    """"Ask your opponent if each player may take a Prize card. If yes, each player takes a Prize
    card. If no, you draw N cards.": the card waits for the opponent's `choose` (`choices.count`: 1
    yes, 2 no). Yes: its player takes a Prize card, then the opponent (the top one of each: they are
    face down), and a player who took their last one wins (both at once: R-WIN-4). No: its player
    draws N cards."""

    def __init__(self, draws: int):
        self.draws = draws
        self.text = (f"your opponent chooses: each player takes a Prize card, or you draw {draws} cards")

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.state.pending = {"seat": tctx.opp, "card": tctx.instance, "kind": "ask_opponent", "look": [],
                              "player": tctx.seat}
        tctx.say(msg("%(seat)s chooses: each player takes a Prize card (choices.count 1), or %(player)s draws "
                     "%(num)s cards (choices.count 2).", seat=tctx.seat_label(tctx.opp),
                     player=tctx.seat_label(tctx.seat), num=self.draws), "R-TRAINER-1")
        return False

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        answer = tctx.choices.get("count")
        if answer not in (1, 2) or isinstance(answer, bool):
            raise Illegal("R-TRAINER-1", msg("Name in choices.count your answer: 1 (yes) or 2 (no)."))
        player = pending["player"]
        if answer == 2:
            draw_and_say(tctx, player, self.draws)
            return
        took = [False, False]
        for seat_no in (player, 1 - player):
            took[seat_no] = take_prizes(tctx, seat_no, 1)
        decide_winner(tctx, took)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"count": 1}, {"count": 2}]


class CoinSearch(SearchToHand):
    """"Flip a coin. If heads, search your deck for a A, reveal it, and put it into your hand. If
    tails, search your deck for a B, …. Then, shuffle your deck.": the coin first, then the search's
    two steps (R-HIDDEN-1) for what the coin says (`pending["heads"]`); never in one step, the coin
    being unknown before the card is played."""

    def __init__(self, heads: Fits | AnyOf, tails: Fits | AnyOf, text: str):
        super().__init__(AnyOf(tuple(f for k in (heads, tails) for f in (k.each if isinstance(k, AnyOf) else (k,)))),
                         1, text)
        self.on_heads, self.on_tails = heads, tails

    def check(self, tctx: TrainerCtx) -> None:
        tctx.sel = None

    def play(self, tctx: TrainerCtx) -> bool:
        heads = tctx.flip(tctx.card.name)
        if not tctx.me.deck:
            self._take(tctx, [])
            return False
        self._say_looks(tctx)
        tctx.ask("search", tctx.instance, tctx.me.deck, heads=heads)
        return False

    def _found(self, state: State, pending: dict[str, Any]) -> list[str]:
        fits = self.on_heads if pending["heads"] else self.on_tails
        deck = state.seats[pending["seat"]].deck
        return [i for i in pending["look"] if i in deck and fits(state.card_of(i))]

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        self._take(tctx, choose_cards(tctx, "search", self._found(tctx.state, pending), 1, 1,
                                      msg_n("a card %(card)s can take", "1 to %(num)s cards %(card)s can take", 1,
                                            card=tctx.card.name), fewer="R-TRAINER-5"))

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"search": [i]} for i in one_per_card(state, self._found(state, pending))] or [{"search": []}]


class OpponentSwitchesOut(TrainerCard):
    """"Switch out your opponent's Active Pokémon to the Bench. (Your opponent chooses the new Active
    Pokémon.)": the card waits for the opponent's `choose` (`choices.pokemon`: one of their Benched
    Pokémon); refused when they have none (R-TRAINER-1). Not a retreat (R-RETREAT-6)."""
    text = "your opponent switches their Active Pokémon with one of their Benched Pokémon, their choice"

    def check(self, tctx: TrainerCtx) -> None:
        if not tctx.them.bench:
            raise Illegal("R-TRAINER-1", msg("Your opponent has no Benched Pokémon."))

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.state.pending = {"seat": tctx.opp, "card": tctx.instance, "kind": "switch_out", "look": []}
        tctx.say(msg("%(seat)s chooses the new Active Pokémon.", seat=tctx.seat_label(tctx.opp)), "R-RETREAT-6")
        return False

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        chosen = tctx.choices.get("pokemon")
        new = next((p for p in tctx.me.bench if isinstance(chosen, list) and chosen == [p.top]), None)
        if new is None:
            raise Illegal("R-TRAINER-1", msg("Name in choices.pokemon one of your Benched Pokémon."))
        old = switch_active(tctx, tctx.seat, new)
        tctx.say(msg("%(pokemon)s is now %(seat)s's Active Pokémon; %(old)s goes to the Bench.",
                     pokemon=tctx.name(new), seat=tctx.seat_label(tctx.seat), old=tctx.name(old)), "R-RETREAT-6")

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if state.seats[1 - seat].bench else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"pokemon": [p.top]} for p in state.seats[pending["seat"]].bench]


class HealActiveWithEnergy(HealActive):
    """"Heal N damage from your Active Pokémon that has M or more Energy attached.": `HealActive`,
    refused unless the Active has M or more Energy cards attached and damage (R-TRAINER-1)."""

    def __init__(self, amount: int, energy: int):
        super().__init__(amount)
        self.energy = energy
        self.text = f"heal {amount} damage from your Active Pokémon when it has {energy} or more Energy attached"

    def _active(self, state: State, seat: int) -> Pokemon | None:
        active = super()._active(state, seat)
        return active if active is not None and len(active.energy) >= self.energy else None

    def check(self, tctx: TrainerCtx) -> None:
        if self._active(tctx.state, tctx.seat) is None:
            raise Illegal("R-TRAINER-1", msg("Your Active Pokémon needs damage and %(num)s or more Energy attached.",
                                             num=self.energy))
        super().check(tctx)
