"""Paldea Evolved Trainers (sv2-171 … sv2-189, and their alternate-art prints), for the `modern`
ruleset.

The conventions are the Base Set's and EX Ruby & Sapphire's (`base1_trainers.py`,
`ex1_trainers.py`): `targets` are Pokémon in play the card acts on, `choices.cards` cards from
the hand (or attached Energy) it moves or discards, `choices.search` cards taken from the deck
or the discard pile. A choice with only one possibility may be left out. The card's kind (Item,
Supporter, Stadium, Pokémon Tool) is data (`sv2_facts.json`): the rules of the kind are the
engine's; the classes here only do each card's own effect. Prints of one name share one object.

Rulings taken here:
- Can't-play decisions (R-TRAINER-1), as the earlier sets': a card with nothing to act on that
  its player can see is refused — Boss's Orders with no opponent's Benched Pokémon, Fighting Au
  Lait and Saguaro with no damaged Pokémon of yours, Giacomo with no Special Energy on the
  opponent's Pokémon, Super Rod with no Pokémon or basic Energy card in the discard pile,
  Superior Energy Retrieval with fewer than 2 other cards in the hand or no basic Energy card in
  the discard pile, Grusha with a hand already as large as it would draw to, Great Ball with an
  empty deck (nothing to look at). Fighting Au Lait also needs more Prize cards left than the
  opponent (its own condition), Dendra another card in the hand (its own text). What depends
  on the hidden deck never refuses a card (R-TRAINER-5): Clavell and Delivery Drone may be
  played with a short or empty deck; Falkner, Grusha, Dendra and Iono draw what the deck holds.
- Searches of the deck (Clavell, Delivery Drone, Artazon) take two steps for a player
  (R-HIDDEN-1), as Poké Ball: the deck is shown to its player alone (`pending`), then `choose`
  names `choices.search`; a judge may give it with the card. A search must take a fitting card
  when the deck holds one (R-TRAINER-5, as Lady Outing): Clavell takes 1 to 3 ("up to 3" is
  the player's choice of how many, at least one when one is there). The cards taken are shown
  to both players and the deck is shuffled; an empty deck is only shuffled.
- Great Ball looks at the top 7 cards (fewer when the deck is shorter), privately; taking a
  Pokémon card among them is optional (`choices.search`: one Pokémon card or `[]`); the one
  taken is shown to both players, then the whole deck is shuffled. Two steps for a player,
  one action when a judge gives `choices.search` with the card.
- Delivery Drone flips both coins whatever the first shows; only two heads search (any card).
  A judge's `choices.search` is checked before the coins and is void unless both are heads.
- Boss's Orders: its player picks the opponent's Benched Pokémon (`targets`); the Pokémon
  switched out loses its Special Conditions and the effects of attacks (R-RETREAT-6).
- Dendra puts the card named in `choices.cards` (another card of the hand; left out when there
  is only one) on the bottom of the deck unseen by the opponent, then draws until the hand holds
  5 cards (none when it already does: the card still goes to the bottom).
- Falkner's "a Stadium in play" is one its player owns (`state.stadium.owner`).
- Giacomo discards one Special Energy card from each of the opponent's Pokémon that has one:
  `choices.cards`, one card per such Pokémon, left out when each has a single one.
- Grusha draws until 7 when none of its player's Pokémon has an Energy card attached, else 5.
- Iono: each player in turn (its player first) shuffles the hand and puts it on the bottom of
  the deck; when either put a card there, each draws one card per Prize card left (its player
  first). Nobody reads the cards moved or drawn: the narration gives counts only. Both hands
  empty: nothing is moved or drawn. At a paper table no order is drawn for the hands, and what
  was known of those cards is forgotten (they are in the deck, which lies face down).
- Saguaro heals 1 or 2 of its player's damaged Pokémon (`targets`; "up to 2": one is allowed).
- Super Rod shuffles 1 to 3 Pokémon and basic Energy cards of the discard pile into the deck;
  Superior Energy Retrieval discards the 2 cards named in `choices.cards`, then takes 1 to 4
  basic Energy cards (`choices.search`) from the discard pile as it was before the card was
  played (the cards just discarded can't be taken). The discard pile is public: one action,
  the cards named to both players.
- Rule Box: a Pokémon tagged ex, V, VMAX, VSTAR, V-UNION, GX, TAG TEAM, Radiant or Prism Star
  (`carddb.TAGS`); Pokémon V: V, VMAX, VSTAR, V-UNION. A Basic Pokémon is one whose top card
  is a Basic Pokémon card (an evolved Pokémon is not Basic).
- Pokémon Tools (R-TRAINER-4): Bravery Charm gives a Basic Pokémon 50 more HP (`hp`); on an
  evolved Pokémon it does nothing and stays. Choice Belt adds 30 to its Pokémon's attack damage
  to the opponent's Active Pokémon V before Weakness and Resistance (`damage_attacker`,
  R-DAMAGE-1 b); not to the Bench.
- Stadiums (R-TRAINER-3) act on both players while in play. Calamitous Snowy Mountain: an
  Energy card attached from the hand (the turn's attachment or an effect that attaches from
  the hand, `on_attach` with from_hand) to a Basic Pokémon that is not Water gets 2 damage
  counters on that Pokémon (R-DAMAGE-3: placed, not damage); a Pokémon Tool is not an Energy
  card. Calamitous Wasteland: a Basic Pokémon that is not Fighting has a Retreat Cost 1
  Colorless more (`retreat_cost`). Practice Studio: an attack of a Stage 1 Pokémon does 10 more
  damage to the opponent's Active Pokémon before Weakness and Resistance (`damage_attacker`).
- Artazon: once during each player's turn that player may search the deck for a Basic Pokémon
  without a Rule Box and put it onto the Bench (R-BENCH-1: not with a full Bench), then
  shuffle. The engine has no action that uses a Stadium in play: `use_check(tctx)`,
  `use(tctx)` and `use_options(state, seat)` below are what such an action would call (a
  TrainerCtx for the Stadium's instance and the acting seat); the use is recorded in
  `this_turn["stadium_used"]`. Its `choose` step already runs through the engine (`pending`
  names the Stadium's instance: `resolve` / `resolve_options`).
- At a paper table (table mode) the cards searched may be named by card id: the deck (or the
  cards looked at, in the `choose` step), the hand, the discard pile.
"""
from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from ...messages import joined, msg, msg_n
from ..carddb import card, define_trainer
from ..core import (
    Illegal,
    discard_cards,
    draw,
    heal,
    place_counters,
    shuffle_deck,
)
from ..hooks import is_type
from ..state import Pokemon
from .effects import (
    BossOrders,
    DamageBonus,
    DeckSearchTrainer,
    LookTopForOne,
    OntoTheBench,
    StadiumCard,
    ToolCard,
    TrainerCard,
    bench_full,
    choose_cards,
    chosen_targets,
    multiset_picks,
    one_per_card,
    to_hand,
    trainer_option,
)

if TYPE_CHECKING:
    from ..contexts import TrainerCtx
    from ..hooks import AttachEvent, DamageEvent, Listener, PokemonEvent
    from ..state import State

RULE_BOX_TAGS = frozenset({"ex", "v", "vmax", "vstar", "v_union", "gx", "tag_team", "radiant", "prism_star"})
POKEMON_V_TAGS = frozenset({"v", "vmax", "vstar", "v_union"})


# -- helpers -----------------------------------------------------------------------------------

def _is_basic(state: State, p: Pokemon) -> bool:
    """A Basic Pokémon in play: its top card is a Basic Pokémon card."""
    return state.card_of(p.top).is_basic_pokemon


def _is_special_energy(state: State, inst: str) -> bool:
    c = state.card_of(inst)
    return c.supertype == "Energy" and c.energy_kind == "special"


class _Draw(TrainerCard):
    """A Supporter that only draws."""

    def _drew(self, tctx: TrainerCtx, want: int) -> None:
        drawn = draw(tctx, tctx.seat, max(0, want))
        tctx.say(msg_n("%(seat)s draws %(num)s card(s) and holds %(hand)s.",
                       "%(seat)s draws %(num)s card(s) and holds %(hand)s.", len(drawn),
                       seat=tctx.seat_label(tctx.seat), hand=len(tctx.me.hand)),
                 "R-TRAINER-5" if len(drawn) < want else "R-TRAINER-1")


# -- Artazon (Stadium) ---------------------------------------------------------------------------

class Artazon(StadiumCard, OntoTheBench, DeckSearchTrainer):
    """A Stadium its players use from play, once during each one's turn (the action
    use_stadium: `check_use`, `use`, `use_options`); the search is the
    EX searches' two steps, the Pokémon going onto the Bench instead of into the hand."""
    text = ("Stadium: once in each player's turn, that player may look through the deck for a Basic "
            "Pokémon with no Rule Box, put it onto the Bench and shuffle the deck")
    what = msg("Basic Pokémon without a Rule Box")
    choice_zones: dict[str, str] = {}

    def fits(self, state: State, inst: str) -> bool:
        c = state.card_of(inst)
        return c.supertype == "Pokemon" and c.stage == "Basic" and not (c.tags & RULE_BOX_TAGS)

    # the card played: it only goes into play
    def check(self, tctx: TrainerCtx) -> None:
        pass

    def play(self, tctx: TrainerCtx) -> bool:
        return StadiumCard.play(self, tctx)

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()]

    # the Stadium used from play (the action use_stadium: once a turn, the engine's record)
    def check_use(self, tctx: TrainerCtx) -> None:
        if bench_full(tctx.state, tctx.seat):
            raise Illegal("R-BENCH-1", msg("%(seat)s's Bench is full.", seat=tctx.seat_label(tctx.seat)))
        DeckSearchTrainer.check(self, tctx)

    def use(self, tctx: TrainerCtx) -> None:
        DeckSearchTrainer.play(self, tctx)

    def use_options(self, state: State, seat: int) -> list[dict[str, Any]]:
        if state.this_turn.get("stadium_used") or bench_full(state, seat):
            return []
        return [{}]



# -- Boss's Orders (Ghetsis) (Supporter) ---------------------------------------------------------


# -- Bravery Charm, Choice Belt (Pokémon Tools) ----------------------------------------------------

class BraveryCharm(ToolCard):
    text = "Pokémon Tool: while its Pokémon is a Basic Pokémon, that Pokémon has 50 more HP"
    bonus = 50

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        if ev.pokemon is not src.on or not _is_basic(ev.state, ev.pokemon):
            return value
        return value + self.bonus


class ChoiceBelt(DamageBonus, ToolCard):
    text = ("Pokémon Tool: its Pokémon's attacks do 30 more damage to the opponent's Active Pokémon V, "
            "added before Weakness and Resistance")
    bonus = 30
    label = "Choice Belt"

    def _boosts(self, src: Listener, ev: DamageEvent) -> bool:
        return ev.attacker is src.on and bool(ev.state.card_of(ev.target.top).tags & POKEMON_V_TAGS)


# -- Calamitous Snowy Mountain, Calamitous Wasteland, Practice Studio (Stadiums) --------------------

class CalamitousSnowyMountain(StadiumCard):
    text = ("Stadium: each time a player attaches an Energy card from the hand to one of their Basic "
            "Pokémon that isn't Water type, 2 damage counters go on that Pokémon")
    counters = 2

    def on_attach(self, src: Listener, ev: AttachEvent) -> None:
        state = ev.ctx.state
        p = ev.pokemon
        if (not ev.from_hand or state.card_of(ev.card).supertype != "Energy" or not _is_basic(state, p)
                or is_type(state, p, "Water")):
            return
        place_counters(ev.ctx, p, self.counters, "Calamitous Snowy Mountain")


class CalamitousWasteland(StadiumCard):
    text = "Stadium: every Basic Pokémon in play that isn't Fighting type needs 1 more Colorless to retreat"

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        p = ev.pokemon
        if not _is_basic(ev.state, p) or is_type(ev.state, p, "Fighting"):
            return cost
        return cost + 1


class PracticeStudio(DamageBonus, StadiumCard):
    text = ("Stadium: attacks of any player's Stage 1 Pokémon do 10 more damage to the opposing Active "
            "Pokémon, added before Weakness and Resistance")
    bonus = 10
    label = "Practice Studio"

    def _boosts(self, src: Listener, ev: DamageEvent) -> bool:
        return ev.state.card_of(ev.attacker.top).stage == "Stage 1"


# -- Clavell (Supporter), Delivery Drone: searches of the deck ---------------------------------------

class Clavell(DeckSearchTrainer):
    text = ("look through your deck for 1 to 3 Basic Pokémon of at most 120 HP, show them, put them into "
            "your hand and shuffle the deck")
    what = msg("Basic Pokémon with 120 HP or less")
    most = 3
    max_hp = 120

    def fits(self, state: State, inst: str) -> bool:
        c = state.card_of(inst)
        return c.supertype == "Pokemon" and c.stage == "Basic" and (c.hp or 0) <= self.max_hp

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        return choose_cards(tctx, "search", self._fitting(tctx.state, among), 1, self.most,
                       msg("1 to %(most)s cards (%(what)s)", most=self.most, what=self.what), fewer="R-TRAINER-5",
                       hidden_zone=hidden_zone)

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        return [{"search": pick} for pick in multiset_picks(state, fitting, 1, self.most)] or [{"search": []}]


class DeliveryDrone(DeckSearchTrainer):
    text = "flip 2 coins; only if both are heads, take any card of your deck into your hand, then shuffle the deck"
    what = msg("card")
    coins = 2

    def fits(self, state: State, inst: str) -> bool:
        return True

    def play(self, tctx: TrainerCtx) -> bool:
        heads = [tctx.flip(f"{tctx.card.name} ({n + 1}/{self.coins})") for n in range(self.coins)]
        if not all(heads):
            tctx.say(msg("Not both heads: the deck is not searched."), "R-TRAINER-1")
            return False
        return super().play(tctx)

    def _take(self, tctx: TrainerCtx, picked: list[str]) -> None:
        # any card: taken without showing it (the card does not say to), named to its player alone
        to_hand(tctx, tctx.seat, picked, "deck")
        shuffle_deck(tctx, tctx.seat)
        who = tctx.seat_label(tctx.seat)
        if picked:
            tctx.say(msg("%(seat)s puts %(card)s into the hand and shuffles the deck.", seat=who,
                         card=tctx.ref(picked[0], shown_to=[tctx.seat])), "R-TRAINER-1")
        else:
            tctx.say(msg("%(seat)s finds no card and shuffles the deck.", seat=who), "R-TRAINER-5")


# -- Dendra, Falkner, Grusha, Iono (Supporters that draw) ---------------------------------------------

class Dendra(_Draw):
    text = "put another card of your hand on the bottom of your deck, then draw until you hold 5 cards"
    choice_zones = {"cards": "hand"}
    hand_size = 5

    def check(self, tctx: TrainerCtx) -> None:
        others = tctx.hand_without_me()
        if not others:
            raise Illegal("R-TRAINER-1", msg("%(card)s needs another card in your hand to put on the bottom of the "
                                             "deck.", card=tctx.card.name))
        tctx.sel = choose_cards(tctx, "cards", others, 1, 1,
                                msg("the card of your hand to put on the bottom of the deck"))

    def play(self, tctx: TrainerCtx) -> bool:
        (put,) = tctx.sel
        tctx.me.hand.remove(put)
        tctx.me.deck.append(put)
        tctx.say(msg("%(seat)s puts %(card)s on the bottom of the deck.", seat=tctx.seat_label(tctx.seat),
                     card=tctx.ref(put)), "R-TRAINER-1")
        self._drew(tctx, self.hand_size - len(tctx.me.hand))
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = [i for i in state.seats[seat].hand if i != instance]
        return [trainer_option(cards=[i]) for i in one_per_card(state, others)]


class Falkner(_Draw):
    text = "draw 2 cards, or 4 when a Stadium of yours is in play"

    def play(self, tctx: TrainerCtx) -> bool:
        stadium = tctx.state.stadium
        mine = stadium is not None and stadium["owner"] == tctx.seat
        if stadium is not None and mine:
            tctx.say(msg("%(seat)s has a Stadium in play (%(stadium)s): 2 more cards.", seat=tctx.seat_label(tctx.seat),
                         stadium=tctx.name(stadium['card'])), "R-TRAINER-1")
        self._drew(tctx, 4 if mine else 2)
        return False


class Grusha(_Draw):
    text = "draw until your hand holds 5 cards, or 7 when no Pokémon of yours has any Energy attached"

    @staticmethod
    def _target(state: State, seat: int) -> int:
        return 5 if any(p.energy for p in state.seats[seat].in_play()) else 7

    def check(self, tctx: TrainerCtx) -> None:
        n, want = len(tctx.hand_without_me()), self._target(tctx.state, tctx.seat)
        if n >= want:
            raise Illegal("R-TRAINER-1", msg("Your hand already holds %(count)s other cards: %(card)s draws to "
                                             "%(want)s and would draw nothing.", count=n, card=tctx.card.name,
                                             want=want))

    def play(self, tctx: TrainerCtx) -> bool:
        want = self._target(tctx.state, tctx.seat)
        if want == 7:
            tctx.say(msg("None of your Pokémon has Energy attached: draw to 7."), "R-TRAINER-1")
        self._drew(tctx, want - len(tctx.me.hand))
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if len(state.seats[seat].hand) - 1 < self._target(state, seat) else []


class Iono(TrainerCard):
    text = ("both players shuffle their hands onto the bottom of their decks; if any card went there, each "
            "draws as many cards as they have Prize cards left")

    def play(self, tctx: TrainerCtx) -> bool:
        moved = False
        for seat_no in (tctx.seat, tctx.opp):
            seat = tctx.state.seats[seat_no]
            hand, seat.hand = seat.hand, []
            if tctx.state.table:
                for i in hand:   # the table's order is its own; the cards lie face down again
                    tctx.state.known.pop(i, None)
            elif len(hand) > 1:
                perm = tctx.rng.shuffle(len(hand))
                hand = [hand[i] for i in perm]
            seat.deck.extend(hand)
            moved = moved or bool(hand)
            if hand:
                tctx.say(msg_n("%(seat)s shuffles %(num)s card from the hand and puts them on the bottom of the deck.",
                               "%(seat)s shuffles %(num)s cards from the hand and puts them on the bottom of the deck.",
                               len(hand), seat=tctx.seat_label(seat_no)), "R-TRAINER-1")
            else:
                tctx.say(msg("%(seat)s has no card in hand to put on the bottom of the deck.",
                             seat=tctx.seat_label(seat_no)), "R-TRAINER-1")
        if not moved:
            tctx.say(msg("No card went to the bottom of a deck: nobody draws."), "R-TRAINER-1")
            return False
        for seat_no in (tctx.seat, tctx.opp):
            want = len(tctx.state.seats[seat_no].prizes)
            drawn = draw(tctx, seat_no, want)
            tctx.say(msg_n("%(seat)s has %(num)s Prize card(s) left and draws %(drawn)s.",
                           "%(seat)s has %(num)s Prize card(s) left and draws %(drawn)s.", want,
                           seat=tctx.seat_label(seat_no), drawn=len(drawn)),
                     "R-TRAINER-5" if len(drawn) < want else "R-TRAINER-1")
        return False


# -- Fighting Au Lait, Saguaro: healing -------------------------------------------------------------

class FightingAuLait(TrainerCard):
    text = "only while you have more Prize cards left than your opponent: one of your Pokémon heals 60 damage"
    amount = 60

    def check(self, tctx: TrainerCtx) -> None:
        mine, theirs = len(tctx.me.prizes), len(tctx.them.prizes)
        if mine <= theirs:
            raise Illegal("R-TRAINER-1", msg("%(card)s needs more Prize cards left than your opponent: you have "
                                             "%(mine)s, they have %(theirs)s.", card=tctx.card.name, mine=mine,
                                             theirs=theirs))
        damaged = [p for p in tctx.me.in_play() if p.damage]
        if not damaged:
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has damage counters."))
        (tctx.sel,) = chosen_targets(tctx, [(damaged, msg("one of your damaged Pokémon"))])

    def play(self, tctx: TrainerCtx) -> bool:
        healed = heal(tctx, tctx.sel, self.amount)
        tctx.say(msg("%(pokemon)s heals %(healed)s damage.", pokemon=tctx.name(tctx.sel), healed=healed), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        if len(state.seats[seat].prizes) <= len(state.seats[1 - seat].prizes):
            return []
        return [trainer_option([p.top]) for p in state.seats[seat].in_play() if p.damage]


class Saguaro(TrainerCard):
    text = "pick 1 or 2 of your damaged Pokémon; each heals 50 damage"
    amount = 50
    most = 2

    def check(self, tctx: TrainerCtx) -> None:
        damaged = [p for p in tctx.me.in_play() if p.damage]
        if not damaged:
            raise Illegal("R-TRAINER-1", msg("None of your Pokémon has damage counters."))
        raw = tctx.targets or ([damaged[0].top] if len(damaged) == 1 else [])
        picked = [next((p for p in damaged if isinstance(i, str) and i in p.stack), None) for i in raw]
        if not 1 <= len(raw) <= self.most or None in picked or len({id(p) for p in picked}) != len(picked):
            raise Illegal("R-TRAINER-1", msg("Name in targets 1 or %(most)s different damaged Pokémon of yours.",
                                             most=self.most))
        tctx.sel = picked

    def play(self, tctx: TrainerCtx) -> bool:
        for p in tctx.sel:
            healed = heal(tctx, p, self.amount)
            tctx.say(msg("%(pokemon)s heals %(healed)s damage.", pokemon=tctx.name(p), healed=healed), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        damaged = [p.top for p in state.seats[seat].in_play() if p.damage]
        return [trainer_option(list(c)) for k in range(1, self.most + 1) for c in combinations(damaged, k)]


# -- Giacomo (Supporter) ----------------------------------------------------------------------------

class Giacomo(TrainerCard):
    text = "each of your opponent's Pokémon with a Special Energy card attached discards one of them"
    choice_zones: dict[str, str] = {}

    @staticmethod
    def _specials(state: State, seat: int) -> list[tuple[Pokemon, list[str]]]:
        out = []
        for p in state.seats[1 - seat].in_play():
            special = [i for i in p.energy if _is_special_energy(state, i)]
            if special:
                out.append((p, special))
        return out

    def check(self, tctx: TrainerCtx) -> None:
        found = self._specials(tctx.state, tctx.seat)
        if not found:
            raise Illegal("R-TRAINER-1", msg("None of your opponent's Pokémon has a Special Energy card attached."))
        raw = tctx.choices.get("cards")
        if raw is None and all(len(s) == 1 for _, s in found):
            raw = [s[0] for _, s in found]
        if not (isinstance(raw, list) and len(raw) == len(found)
                and all(sum(1 for i in raw if i in s) == 1 for _, s in found)):
            raise Illegal("R-TRAINER-1", msg("In choices.cards, name one Special Energy card of each of %(pokemon)s.",
                                             pokemon=joined(tctx.name(p) for p, _ in found)))
        tctx.sel = [(p, next(i for i in raw if i in s)) for p, s in found]

    def play(self, tctx: TrainerCtx) -> bool:
        for p, energy in tctx.sel:
            p.energy.remove(energy)
            discard_cards(tctx, tctx.opp, [energy])
            tctx.say(msg("%(card)s attached to %(pokemon)s is discarded.", card=tctx.name(energy),
                         pokemon=tctx.name(p)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        found = self._specials(state, seat)
        if not found:
            return []
        return [trainer_option(cards=list(pick)) for pick in product(*(one_per_card(state, s) for _, s in found))]


# -- Great Ball --------------------------------------------------------------------------------------

class GreatBall(LookTopForOne):
    """Poké Gear 3.0's two steps (sv1_items.LookTopForOne), for a Pokémon card."""
    text = ("look at the top 7 cards of your deck; you may show a Pokémon card among them and put it into "
            "your hand; then shuffle the deck")
    what = msg("a Pokémon card")

    def fits(self, state: State, inst: str) -> bool:
        return state.card_of(inst).supertype == "Pokemon"


# -- Super Rod, Superior Energy Retrieval: the discard pile ------------------------------------------

class SuperRod(TrainerCard):
    text = ("choose 1 to 3 cards of your discard pile, each a Pokémon card or a basic Energy card, and shuffle "
            "them into your deck")
    choice_zones = {"search": "discard"}
    most = 3

    @staticmethod
    def _fitting(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard
                if state.card_of(i).supertype == "Pokemon" or state.card_of(i).is_basic_energy]

    def check(self, tctx: TrainerCtx) -> None:
        fitting = self._fitting(tctx.state, tctx.seat)
        if not fitting:
            raise Illegal("R-TRAINER-1", msg("There is no Pokémon or basic Energy card in your discard pile."))
        tctx.sel = choose_cards(tctx, "search", fitting, 1, self.most,
                           msg("1 to %(most)s Pokémon or basic Energy cards from your discard pile", most=self.most))

    def play(self, tctx: TrainerCtx) -> bool:
        for i in tctx.sel:
            tctx.me.discard.remove(i)
            tctx.me.deck.append(i)
        shuffle_deck(tctx, tctx.seat)
        tctx.say(msg("%(seat)s shuffles %(cards)s from the discard pile into the deck.",
                     seat=tctx.seat_label(tctx.seat), cards=tctx.refs(tctx.sel, shown_to='*')), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(search=pick) for pick in multiset_picks(state, self._fitting(state, seat), 1, self.most)]


class SuperiorEnergyRetrieval(TrainerCard):
    text = ("discard 2 other cards from your hand, then take 1 to 4 basic Energy cards from your discard pile "
            "(not the ones just discarded) into your hand")
    choice_zones = {"cards": "hand", "search": "discard"}
    most = 4

    @staticmethod
    def _energy(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy]

    def check(self, tctx: TrainerCtx) -> None:
        others = self._need_others(tctx, 2, msg("to discard"))
        energy = self._energy(tctx.state, tctx.seat)
        if not energy:
            raise Illegal("R-TRAINER-1", msg("There is no basic Energy card in your discard pile to take."))
        cards = choose_cards(tctx, "cards", others, 2, 2, msg("2 other cards from the hand to discard"))
        search = choose_cards(tctx, "search", energy, 1, self.most,
                         msg("1 to %(most)s basic Energy cards from your discard pile", most=self.most))
        tctx.sel = (cards, search)

    def play(self, tctx: TrainerCtx) -> bool:
        cards, search = tctx.sel
        for i in cards:
            tctx.me.hand.remove(i)
        discard_cards(tctx, tctx.seat, cards)
        to_hand(tctx, tctx.seat, search, "discard")
        tctx.say(msg("%(seat)s discards %(cards)s and takes %(taken)s from the discard pile into the hand.",
                     seat=tctx.seat_label(tctx.seat), cards=tctx.refs(cards, shown_to='*'),
                     taken=tctx.refs(search, shown_to='*')), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        others = [i for i in state.seats[seat].hand if i != instance]
        energy = self._energy(state, seat)
        if len(others) < 2 or not energy:
            return []
        return [trainer_option(cards=cost, search=pick) for cost in multiset_picks(state, others, 2, 2)
                for pick in multiset_picks(state, energy, 1, self.most)]


# -- registration -----------------------------------------------------------------------------------

_BY_NAME: dict[str, tuple[Any, tuple[int, ...]]] = {
    "Artazon": (Artazon(), (171,)),
    "Boss's Orders (Ghetsis)": (BossOrders(), (172, 248, 265)),
    "Bravery Charm": (BraveryCharm(), (173,)),
    "Calamitous Snowy Mountain": (CalamitousSnowyMountain(), (174,)),
    "Calamitous Wasteland": (CalamitousWasteland(), (175,)),
    "Choice Belt": (ChoiceBelt(), (176,)),
    "Clavell": (Clavell(), (177, 249)),
    "Delivery Drone": (DeliveryDrone(), (178,)),
    "Dendra": (Dendra(), (179, 250, 266)),
    "Falkner": (Falkner(), (180, 251)),
    "Fighting Au Lait": (FightingAuLait(), (181,)),
    "Giacomo": (Giacomo(), (182, 252, 267)),
    "Great Ball": (GreatBall(), (183,)),
    "Grusha": (Grusha(), (184, 253, 268)),
    "Iono": (Iono(), (185, 254, 269)),
    "Practice Studio": (PracticeStudio(), (186,)),
    "Saguaro": (Saguaro(), (187, 255, 270)),
    "Super Rod": (SuperRod(), (188, 276)),
    "Superior Energy Retrieval": (SuperiorEnergyRetrieval(), (189, 277)),
}

for _name, (_effect, _numbers) in _BY_NAME.items():
    for _n in _numbers:
        if card(f"sv2-{_n}").name != _name:
            raise ValueError(f"sv2-{_n} is {card(f'sv2-{_n}').name}, not {_name}")
        define_trainer(f"sv2-{_n}", _effect)
