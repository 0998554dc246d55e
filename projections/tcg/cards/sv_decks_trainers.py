"""The Trainers and the Special Energy the four shipped Standard decks play
(`projections/tcg/decks/sv-*.txt`) that no set module encodes, for the `modern` ruleset:
Counter Catcher (sv4-160, sv4-264), Earthen Vessel (sv4-163, sv6pt5-96), Buddy-Buddy Poffin
(sv5-144, sv6-223), Maximum Belt (sv5-154), Prime Catcher (sv5-157), Rescue Board (sv5-159,
sv6-225), Secret Box (sv6-163), Unfair Stamp (sv6-165), Night Stretcher (sv6pt5-61), Briar
(sv7-132, sv7-163, sv7-171) and Jet Energy (sv2-190). Every print of a name shares one object
(a reprint in another set takes it too: `declared.declare_the_rest`).

The conventions are the earlier modules' (`sv1_items.py`, `sv2_trainers.py`): `targets` are
Pokémon in play the card acts on, `choices.cards` cards of the hand it discards,
`choices.search` cards taken from the deck or the discard pile; a choice with only one
possibility may be left out. The card's kind (Item, Supporter, Pokémon Tool) and its ACE SPEC
tag are data (the sets' facts); the kinds' rules are the engine's, the deck's one ACE SPEC is
the deck check's. A Special Energy provides what its facts say (Jet Energy: Colorless); only
its other effect is code.

Rulings taken here:
- Can't-play decisions (R-TRAINER-1), as the earlier sets': a card with nothing to act on that
  its player can see is refused — Counter Catcher and Prime Catcher with no opponent's Benched
  Pokémon, Night Stretcher with no Pokémon card or basic Energy card in the discard pile,
  Earthen Vessel with no other card in the hand, Secret Box with fewer than 3, Buddy-Buddy
  Poffin with a full Bench (R-BENCH-1). The cards' own conditions refuse them too: Counter
  Catcher while its player has as many Prize cards left as the opponent or fewer, Briar unless
  the opponent has exactly 2 Prize cards left, Unfair Stamp unless one of its player's
  Pokémon was Knocked Out during the opponent's last turn (below). What depends on the hidden
  deck never refuses a card (R-TRAINER-5): Earthen Vessel, Poffin and Secret Box may be played
  with a deck that holds nothing they look for, or an empty one (only shuffled).
- Searches of the deck (Earthen Vessel, Buddy-Buddy Poffin, Secret Box) take two steps for a
  player (R-HIDDEN-1), as Arven: the card is played, the deck is shown to its player alone
  (`pending`), then `choose` names `choices.search`; a judge may give it with the card (one
  action, a refusal naming no card of the deck). A search takes what it can (R-TRAINER-5, as
  Lady Outing and Jacq): "up to 2" is 1 or 2, at least one when the deck holds one; Secret Box
  takes one card of each of its four kinds the deck holds (`[]` only when it holds none of
  them). The cards taken are shown to both players (or go face up onto the Bench), then the
  deck is shuffled. The cards a card discards to be played (`choices.cards`) are discarded
  first; they can't be taken by the search (they are no longer in the deck anyway).
- Earthen Vessel takes basic Energy cards; Buddy-Buddy Poffin Basic Pokémon cards whose
  printed HP is 70 or less, as many as the Bench has room for (1 with one free place); they
  are put into play this turn (they can't evolve this turn, R-EVOLVE-2); a fossil is an Item
  in the deck, which Poffin does not find (as Nest Ball). Secret Box's four
  kinds: an Item card, a Pokémon Tool card, a Supporter card, a Stadium card (a Trainer of
  that kind; in the Scarlet & Violet sets a Technical Machine is a Pokémon Tool).
- Counter Catcher is Boss's Orders with its own condition: more Prize cards left than the
  opponent, counted when it is played. Prime Catcher: `targets` names the opponent's Benched
  Pokémon, then one of its player's Benched Pokémon (left out when its player has none: the
  opponent's switch still happens, "if you do" is then nothing). Both switches are made,
  the opponent's first; each Pokémon that goes to the Bench loses its Special Conditions and
  the effects of attacks (R-RETREAT-6). Neither is a retreat.
- Night Stretcher takes one Pokémon card or basic Energy card of the discard pile (public: one
  action, the card named to both players).
- Unfair Stamp: each player in turn (its player first) shuffles the hand into the deck; then its
  player draws 5 cards and the opponent 2 (as many as the deck holds, R-TRAINER-5). Nobody
  reads the cards moved or drawn: the narration gives counts. Its condition reads the turn
  record `this_turn["knocked_out_last_turn"]` (`KNOCKED_OUT_LAST_TURN`: the seats whose
  Pokémon were Knocked Out during the previous turn, not by the checkup between turns, which is
  no player's turn), which the engine keeps (flow.resolve_knockouts, start_turn).
- Briar's extra Prize card: playing it leaves a lasting effect, this turn only, on each of the
  opponent's Pokémon in play ("briar", which stays when the Pokémon is switched to or from the
  Bench). The effect notes when the damage of an attack of its player's Tera Pokémon (a
  Pokémon tagged "tera") brings that Pokémon to its HP while it is the Active Pokémon
  (`after_damaged`; counters placed afterwards, Poison or Burn are not that damage), and then
  its Knock Out gives 1 more Prize card (`prize_count`). A Benched Pokémon Knocked Out by the
  same attack gives none more. Briar may be played with no Tera Pokémon in play (one may
  evolve or come in later in the turn).
- Pokémon Tools (R-TRAINER-4) act through hooks while attached. Maximum Belt adds 50 to its
  Pokémon's attack damage to the opponent's Active Pokémon ex (tag "ex") before Weakness and
  Resistance (`damage_attacker`, R-DAMAGE-1 b), as Choice Belt; not to the Bench. Rescue Board
  (`retreat_cost`): its Pokémon's Retreat Cost is 1 less, and 0 while its remaining HP (HP as
  the effects make it, less its damage) is 30 or less; the engine keeps the total at 0 or
  more. The effects asked after it (lasting effects of attacks) still change a cost of 0.
- Jet Energy: when it is attached from the hand (the turn's attachment or an effect that
  attaches from the hand, `on_attach` with from_hand) to one of its player's Benched
  Pokémon, that Pokémon is switched with the Active Pokémon at once (not a retreat; the
  Pokémon that goes to the Bench loses its Special Conditions and the effects of attacks,
  R-RETREAT-6). Attached to the Active, or moved from elsewhere, it only provides Colorless.
- At a paper table (table mode) the cards chosen may be named by card id: the hand (the cards
  discarded), the deck (or the cards looked at, in the `choose` step), the discard pile.
"""
from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from ...messages import msg, msg_n
from ..carddb import card, define_energy, define_trainer
from ..core import Illegal, add_effect, bench_size, switch_active
from ..hooks import lasting
from ..state import Pokemon
from .effects import (
    BossOrders,
    DamageBonus,
    DiscardThenSearch,
    OntoTheBench,
    SupporterSearch,
    ToolCard,
    TrainerCard,
    bench_full,
    choose_cards,
    chosen_targets,
    draw_and_say,
    multiset_picks,
    one_of_each_refused,
    one_per_card,
    refuse_blind_none,
    shuffle_hand_in,
    to_hand,
    trainer_option,
)

if TYPE_CHECKING:
    from ..contexts import TrainerCtx
    from ..hooks import AttachEvent, DamageEvent, Listener, PokemonEvent
    from ..state import State

# The turn record Unfair Stamp reads: the seats whose Pokémon were Knocked Out during the
# previous turn (see the rulings: the engine does not write it yet).
KNOCKED_OUT_LAST_TURN = "knocked_out_last_turn"
BRIAR = "briar"


def _bench_room(state: State, seat: int) -> int:
    return max(0, bench_size(state, seat) - len(state.seats[seat].bench))


def _is_tera(state: State, p: Pokemon) -> bool:
    return "tera" in state.card_of(p.top).tags


# -- Counter Catcher, Prime Catcher ----------------------------------------------------------------

class CounterCatcher(BossOrders):
    """Boss's Orders' switch, as an Item, only while its player is behind on Prize cards."""
    text = ("only while you have more Prize cards left than your opponent: pick one of their Benched Pokémon "
            "to become their Active Pokémon; their Active goes to the Bench")

    @staticmethod
    def _behind(state: State, seat: int) -> bool:
        return len(state.seats[seat].prizes) > len(state.seats[1 - seat].prizes)

    def check(self, tctx: TrainerCtx) -> None:
        if not self._behind(tctx.state, tctx.seat):
            raise Illegal("R-TRAINER-1", msg("%(card)s needs more Prize cards left than your opponent: you have "
                                             "%(mine)s, they have %(theirs)s.", card=tctx.card.name,
                                             mine=len(tctx.me.prizes), theirs=len(tctx.them.prizes)))
        super().check(tctx)

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return super().options(state, seat, instance) if self._behind(state, seat) else []


class PrimeCatcher(TrainerCard):
    text = ("pick one of your opponent's Benched Pokémon to become their Active Pokémon (their Active goes to the "
            "Bench); then, when you have a Benched Pokémon, switch your Active with one of them (targets: theirs, "
            "then yours)")

    def check(self, tctx: TrainerCtx) -> None:
        if not tctx.them.bench:
            raise Illegal("R-TRAINER-1", msg("Your opponent has no Benched Pokémon."))
        slots = [(tctx.them.bench, msg("one of your opponent's Benched Pokémon"))]
        if tctx.me.bench:
            slots.append((tctx.me.bench, msg("one of your Benched Pokémon")))
        tctx.sel = chosen_targets(tctx, slots)

    def play(self, tctx: TrainerCtx) -> bool:
        theirs, *mine = tctx.sel
        old = switch_active(tctx, tctx.opp, theirs)
        tctx.say(msg("%(pokemon)s is now %(seat)s's Active Pokémon; %(old)s goes to the Bench.",
                     pokemon=tctx.name(theirs), seat=tctx.seat_label(tctx.opp), old=tctx.name(old)), "R-RETREAT-6")
        for p in mine:
            old = switch_active(tctx, tctx.seat, p)
            tctx.say(msg("%(pokemon)s is now %(seat)s's Active Pokémon; %(old)s goes to the Bench.",
                         pokemon=tctx.name(p), seat=tctx.seat_label(tctx.seat), old=tctx.name(old)), "R-RETREAT-6")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        theirs = [p.top for p in state.seats[1 - seat].bench]
        mine = [p.top for p in state.seats[seat].bench]
        if not mine:
            return [trainer_option([t]) for t in theirs]
        return [trainer_option([t, m]) for t, m in product(theirs, mine)]


# -- Earthen Vessel, Buddy-Buddy Poffin, Secret Box: searches of the deck -------------------------

class EarthenVessel(DiscardThenSearch, SupporterSearch):
    """Discard 1 other card of the hand first; then the two steps of a search."""
    text = ("discard another card of your hand; then look through your deck for 1 or 2 basic Energy cards, show "
            "them, put them into your hand and shuffle the deck")
    what = msg("basic Energy card")
    looking_for = msg("up to 2 basic Energy cards")
    most = 2

    def fits(self, state: State, inst: str) -> bool:
        return state.card_of(inst).is_basic_energy

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        return choose_cards(tctx, "search", self._fitting(tctx.state, among), 1, self.most,
                       msg("1 or %(most)s basic Energy cards", most=self.most), fewer="R-TRAINER-5",
                       hidden_zone=hidden_zone)

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = [i for i in state.seats[seat].hand if i != instance]
        return [trainer_option(cards=[i]) for i in one_per_card(state, others)]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        return [{"search": pick} for pick in multiset_picks(state, fitting, 1, self.most)] or [{"search": []}]


class BuddyBuddyPoffin(OntoTheBench, SupporterSearch):
    """The two steps of a search; the Pokémon found go onto the Bench (sv1_items.OntoTheBench)."""
    text = ("look through your deck for 1 or 2 Basic Pokémon of at most 70 HP (no more than your Bench has room "
            "for), put them onto your Bench and shuffle the deck")
    what = msg("Basic Pokémon with 70 HP or less")
    looking_for = msg("up to 2 Basic Pokémon with 70 HP or less")
    most = 2
    max_hp = 70

    def fits(self, state: State, inst: str) -> bool:
        c = state.card_of(inst)     # a Pokémon card: a fossil is an Item outside play (sv_fossils.py)
        return c.supertype == "Pokemon" and c.stage == "Basic" and (c.hp or 0) <= self.max_hp

    def _most(self, state: State, seat: int) -> int:
        return min(self.most, _bench_room(state, seat))

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        most = self._most(tctx.state, tctx.seat)
        return choose_cards(tctx, "search", self._fitting(tctx.state, among), 1, most,
                       msg("1 to %(most)s cards (%(what)s; your Bench has room for %(most)s)", most=most,
                           what=self.what), fewer="R-TRAINER-5", hidden_zone=hidden_zone)

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [] if bench_full(state, seat) else [trainer_option()]

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        deck = state.seats[seat].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        return [{"search": pick} for pick in multiset_picks(state, fitting, 1, self._most(state,
                                                                                          seat))] or [{"search": []}]


# Secret Box's four kinds, in the order a refusal names them (trainer_kind -> words).
SECRET_BOX_KINDS = {"item": "an Item card", "tool": "a Pokémon Tool card", "supporter": "a Supporter card",
                    "stadium": "a Stadium card"}


def _kind(state: State, inst: str) -> str | None:
    """Which of Secret Box's kinds a card is (a Technical Machine is a Pokémon Tool)."""
    c = state.card_of(inst)
    if c.supertype != "Trainer":
        return None
    kind = "tool" if c.trainer_kind == "technical_machine" else c.trainer_kind
    return kind if kind in SECRET_BOX_KINDS else None


class SecretBox(DiscardThenSearch, SupporterSearch):
    """Discard 3 other cards of the hand first; then the two steps of a search for one card of
    each of four kinds."""
    text = ("discard 3 other cards of your hand; then look through your deck for one Item, one Pokémon Tool, one "
            "Supporter and one Stadium card (each kind the deck holds), show them, put them into your hand and "
            "shuffle the deck")
    what = msg("Item, Pokémon Tool, Supporter or Stadium card")
    looking_for = msg("an Item, a Pokémon Tool, a Supporter and a Stadium card")
    discards = 3
    discard_what = msg("%(num)s other cards of your hand to discard", num=3)

    def fits(self, state: State, inst: str) -> bool:
        return _kind(state, inst) is not None

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        state = tctx.state
        by_kind = {k: [i for i in among if _kind(state, i) == k] for k in SECRET_BOX_KINDS}
        raw = tctx.choices.get("search")
        if raw is None and not any(by_kind.values()):
            return []
        if hidden_zone:
            refuse_blind_none("search", raw, 1, tctx.me.deck)
        rule = one_of_each_refused(raw, by_kind)
        if rule is not None:
            if hidden_zone:     # the deck unseen: one rule and one sentence whatever is wrong
                raise Illegal("R-TRAINER-1", msg("In choices.search, name an Item card, a Pokémon Tool card, a "
                                                 "Supporter card, a Stadium card of the deck, each when the deck "
                                                 "holds one."))
            raise Illegal(rule, msg("In choices.search, name an Item card, a Pokémon Tool card, a Supporter "
                                    "card, a Stadium card of the deck, each when the deck holds one (among: "
                                    "%(cards)s).", cards=tctx.refs([i for f in by_kind.values() for i in f])))
        return list(raw or [])

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        look = [i for i in pending["look"] if i in deck]
        per_kind = [[[i] for i in one_per_card(state, [i for i in look if _kind(state, i) == k])] or [[]]
                    for k in SECRET_BOX_KINDS]
        return [{"search": [i for pick in picks for i in pick]} for picks in product(*per_kind)]


# -- Night Stretcher ---------------------------------------------------------------------------------

class NightStretcher(TrainerCard):
    text = "take one Pokémon card or basic Energy card of your discard pile into your hand"
    choice_zones = {"search": "discard"}

    @staticmethod
    def _fitting(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard
                if state.card_of(i).supertype == "Pokemon" or state.card_of(i).is_basic_energy]

    def check(self, tctx: TrainerCtx) -> None:
        fitting = self._fitting(tctx.state, tctx.seat)
        if not fitting:
            raise Illegal("R-TRAINER-1", msg("There is no Pokémon card or basic Energy card in your discard pile."))
        tctx.sel = choose_cards(tctx, "search", fitting, 1, 1,
                                msg("a Pokémon card or a basic Energy card of your discard "
                                                              "pile"))

    def play(self, tctx: TrainerCtx) -> bool:
        to_hand(tctx, tctx.seat, tctx.sel, "discard")
        tctx.say(msg("%(seat)s takes %(cards)s from the discard pile into the hand.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(tctx.sel, shown_to='*')), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(search=[i]) for i in one_per_card(state, self._fitting(state, seat))]


# -- Unfair Stamp ------------------------------------------------------------------------------------

def knocked_out_last_turn(state: State, seat: int) -> bool:
    """One of the seat's Pokémon was Knocked Out during the previous turn (the turn record
    `KNOCKED_OUT_LAST_TURN`; see the rulings)."""
    return seat in (state.this_turn.get(KNOCKED_OUT_LAST_TURN) or ())


class UnfairStamp(TrainerCard):
    text = ("only after one of your Pokémon was Knocked Out during your opponent's last turn: both players "
            "shuffle their hands into their decks, then you draw 5 cards and your opponent draws 2")
    draws = (5, 2)

    def check(self, tctx: TrainerCtx) -> None:
        if not knocked_out_last_turn(tctx.state, tctx.seat):
            raise Illegal("R-TRAINER-1", msg("%(card)s can be played only when one of your Pokémon was Knocked Out "
                                             "during your opponent's last turn.", card=tctx.card.name))

    def play(self, tctx: TrainerCtx) -> bool:
        for seat_no in (tctx.seat, tctx.opp):
            n = shuffle_hand_in(tctx, seat_no)
            tctx.say(msg_n("%(seat)s shuffles %(num)s card(s) from the hand into the deck.",
                           "%(seat)s shuffles %(num)s card(s) from the hand into the deck.", n,
                           seat=tctx.seat_label(seat_no)), "R-TRAINER-1")
        for seat_no, want in zip((tctx.seat, tctx.opp), self.draws, strict=True):
            draw_and_say(tctx, seat_no, want)
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if knocked_out_last_turn(state, seat) else []


# -- Briar (Supporter) ------------------------------------------------------------------------------

class Briar(TrainerCard):
    text = ("only when your opponent has exactly 2 Prize cards left: this turn, when an attack of your Tera Pokémon "
            "Knocks Out their Active Pokémon by its damage, you take 1 more Prize card")
    prizes_left = 2

    def check(self, tctx: TrainerCtx) -> None:
        left = len(tctx.them.prizes)
        if left != self.prizes_left:
            raise Illegal("R-TRAINER-1", msg("%(card)s needs your opponent to have exactly %(num)s Prize cards left; "
                                             "they have %(left)s.", card=tctx.card.name, num=self.prizes_left,
                                             left=left))

    def play(self, tctx: TrainerCtx) -> bool:
        for p in tctx.them.in_play():
            add_effect(p, BRIAR, tctx.state.turn, survives_bench=True, by=tctx.seat)
        tctx.say(msg("This turn, if an attack of a Tera Pokémon of %(seat)s Knocks Out %(opponent)s's Active Pokémon "
                     "by its damage, it gives 1 more Prize card.", seat=tctx.seat_label(tctx.seat),
                     opponent=tctx.seat_label(tctx.opp)), "R-KO-2")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if len(state.seats[1 - seat].prizes) == self.prizes_left else []


@lasting(BRIAR)
class BriarExtraPrize:
    """Lasting, this turn only, on each of the opponent's Pokémon: notes the Knock Out of this
    Pokémon, Active, by the damage of an attack of Briar's player's Tera Pokémon
    (`after_damaged`), and then gives 1 more Prize card for it (`prize_count`)."""

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        target, state = ev.target, ev.state
        if target is not src.on or ev.confusion or ev.ctx.seat != src.data["by"] or not _is_tera(state, ev.attacker):
            return
        if state.find_pokemon(target.top)[2] == "active" and target.damage >= state.hp(target):
            src.data["knocked_out_by_tera"] = True

    def prize_count(self, src: Listener, ev: PokemonEvent, prizes: int) -> int:
        p, state = ev.pokemon, ev.state
        if p is not src.on or not src.data.get("knocked_out_by_tera") or state.find_pokemon(p.top)[2] != "active":
            return prizes
        if ev.ctx is not None:
            ev.ctx.say(msg("Briar: the attack of a Tera Pokémon Knocked Out %(pokemon)s: 1 more Prize card.",
                           pokemon=ev.ctx.name(p)), "R-KO-2")
        return prizes + 1


# -- Maximum Belt, Rescue Board (Pokémon Tools) -------------------------------------------------------

class MaximumBelt(DamageBonus, ToolCard):
    text = ("Pokémon Tool: its Pokémon's attacks do 50 more damage to the opponent's Active Pokémon ex, added "
            "before Weakness and Resistance")
    bonus = 50
    label = "Maximum Belt"

    def _boosts(self, src: Listener, ev: DamageEvent) -> bool:
        return ev.attacker is src.on and "ex" in ev.state.card_of(ev.target.top).tags


class RescueBoard(ToolCard):
    text = ("Pokémon Tool: its Pokémon retreats for 1 Colorless less, and for nothing while it has 30 HP or less "
            "left")
    low_hp = 30

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        p = ev.pokemon
        if p is not src.on:
            return cost
        return 0 if ev.state.hp(p) - p.damage <= self.low_hp else cost - 1


# -- Jet Energy (Special Energy) ---------------------------------------------------------------------

class JetEnergy:
    """Provides Colorless (its facts); attached from the hand to a Benched Pokémon, it brings that
    Pokémon into the Active Spot (`on_attach`)."""
    text = ("when it is attached from your hand to one of your Benched Pokémon, that Pokémon switches places "
            "with your Active Pokémon")

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        if ev.card != src.card or not ev.from_hand:
            return
        ctx = ev.ctx
        owner, p, place = ctx.state.find_pokemon(ev.pokemon.top)
        if owner is None or p is None or place != "bench" or ctx.state.seats[owner].active is None:
            return
        old = switch_active(ctx, owner, p)
        ctx.say(msg("Jet Energy: %(pokemon)s becomes %(seat)s's Active Pokémon; %(old)s goes to the Bench.",
                    pokemon=ctx.name(p), seat=ctx.seat_label(owner), old=ctx.name(old)), "R-RETREAT-6")


# -- registration ----------------------------------------------------------------------------------

_BY_NAME: dict[str, tuple[Any, tuple[str, ...]]] = {
    "Counter Catcher": (CounterCatcher(), ("sv4-160", "sv4-264")),
    "Earthen Vessel": (EarthenVessel(), ("sv4-163", "sv6pt5-96")),
    "Buddy-Buddy Poffin": (BuddyBuddyPoffin(), ("sv5-144", "sv6-223")),
    "Maximum Belt": (MaximumBelt(), ("sv5-154",)),
    "Prime Catcher": (PrimeCatcher(), ("sv5-157",)),
    "Rescue Board": (RescueBoard(), ("sv5-159", "sv6-225")),
    "Secret Box": (SecretBox(), ("sv6-163",)),
    "Unfair Stamp": (UnfairStamp(), ("sv6-165",)),
    "Night Stretcher": (NightStretcher(), ("sv6pt5-61",)),
    "Briar": (Briar(), ("sv7-132", "sv7-163", "sv7-171")),
}

for _name, (_effect, _ids) in _BY_NAME.items():
    for _id in _ids:
        if card(_id).name != _name:
            raise ValueError(f"{_id} is {card(_id).name}, not {_name}")
        define_trainer(_id, _effect)

if card("sv2-190").name != "Jet Energy":
    raise ValueError(f"sv2-190 is {card('sv2-190').name}, not Jet Energy")
define_energy("sv2-190", JetEnergy())
