"""The Trainers of the shipped 2026 Standard decks (`projections/tcg/decks/std26-*.txt`) whose
printed text no compiler template reads (`cards/compiler/trainers.py`), for the `modern` ruleset:
each is a short class, its reason beside it. Defined by name on one print; its reprints in the
modern pool take it (`declared.declare_the_rest`).

The conventions are the earlier modules' (`sv1_items.py`, `sv_decks_trainers.py`): `targets`
are Pokémon in play the card acts on, `choices.search` cards taken from the deck or the discard
pile; a choice with only one possibility may be left out. The kinds' rules (one Supporter, one
Stadium, one Tool a Pokémon) are the engine's.

Rulings taken here:
- Can't-play decisions (R-TRAINER-1): a card with nothing to act on that its player can see is
  refused — Wondrous Patch with no basic Psychic Energy card in the discard pile or no Benched
  Psychic Pokémon, N's PP Up with no basic Energy card there or no Benched N's Pokémon; Acerola's
  Mischief unless the opponent has 2 or fewer Prize cards left. What depends on the hidden deck
  never refuses a card (R-TRAINER-5): Brock's Scouting may be played with a deck holding none.
- A Pokémon "of a type" in play is of that type now (hooks.is_type, R-INPLAY-1); an "N's
  Pokémon" / "Lillie's Pokémon" is one whose name begins so (the printed name).
- Brock's Scouting takes 1 or 2 Basic Pokémon, or 1 Evolution Pokémon (Stage 1 or 2), shown to
  both players (two steps, R-HIDDEN-1, as the other searches); at least one card when the deck
  holds a Basic or an Evolution Pokémon (R-TRAINER-5).
- Turn-long boosts (Premium Power Pro: the attacks of its player's Fighting Pokémon do 30 more;
  Black Belt's Training: its player's attacks do 40 more to a Pokémon ex) add to the damage to
  the opponent's Active Pokémon before Weakness and Resistance (`damage_attacker`, R-DAMAGE-1 b),
  not to the Bench. They are a lasting effect, this turn only, on each of the OPPONENT's Pokémon
  in play (the ones that can be the Defending Pokémon this turn; it stays when they are switched,
  as Briar's), so a Pokémon of the player's that comes into play or evolves later in the turn
  gets the boost too. Two of them add up. The attacker's type is its type when the damage is done.
  (A Pokémon the opponent puts into play later in this turn carries no record: none of the cards
  of the shipped decks does that during its player's turn.)
- Acerola's Mischief: the Pokémon named (`targets`) is shielded, during the opponent's next
  turn, from the damage and every other effect of attacks of the opponent's Pokémon ex (tag
  "ex", Mega Evolution Pokémon ex included): `can_be_affected`, which the engine asks for damage
  and effects alike. The shield is a Trainer's, not an attack's: it stays when the Pokémon is
  switched or evolves (R-RETREAT-6 and R-EVOLVE-5 end the effects of attacks).
- Pokémon Tools (R-TRAINER-4) and Stadiums (R-TRAINER-3) act through hooks while in play. Hero's
  Cape: +100 HP. Gravity Mountain: each Stage 2 Pokémon in play has 30 HP less (a Pokémon whose
  damage reaches its HP then is Knocked Out when the engine next settles). N's Castle: an N's
  Pokémon's Retreat Cost is 0 (asked first, effects asked after it still change it). Binding
  Mochi: while its Pokémon is Poisoned (when the damage is done), its attacks do 40 more to the
  opponent's Active Pokémon before Weakness and Resistance. Lillie's Pearl: when the damage of an
  opponent's attack brings its Lillie's Pokémon to its HP (noted by `after_damaged`, as Exp.
  Share), that Knock Out gives 1 Prize card fewer (`prize_count`; counters placed afterwards,
  Poison or Burn are not that damage).
- Crispin: 1 or 2 basic Energy cards of different types (at least one when the deck holds one,
  R-TRAINER-5), shown to both players; `choices.search` names them in order: the first goes into
  the hand, the second is attached to the Pokémon of `choices.pokemon` (left out with a single
  Pokémon in play; not the turn's attachment, R-ENERGY-1). With one card found it goes into the
  hand. Then the deck is shuffled.
- Ciphermaniac's Codebreaking: 2 cards of the deck (`choices.search`, the first to be the top
  card; fewer only when the deck holds fewer, R-TRAINER-5) are taken out, the rest shuffled, and
  they go on top in that order. They are not revealed: the narration counts them (R-HIDDEN-1).
- Mystery Garden (the action use_stadium, once during each player's turn, R-TRAINER-3): an
  Energy card of the hand (`choices.cards`) is discarded, then its player draws until the hand
  holds as many cards as they have Psychic Pokémon in play (as many as the deck holds). Refused
  with no Energy card in the hand, or when the hand, less that card, already holds that many
  (nothing to draw: what its player can see, as R-TRAINER-1's can't-play decisions).
- Wondrous Patch and N's PP Up: one action, the Energy card (`choices.search`, public discard
  pile) and the Benched Pokémon (`targets`); the attachment is not the turn's (R-ENERGY-1).
"""
from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from ...messages import msg, msg_n
from ..carddb import card, define_trainer
from ..core import Illegal, add_effect, attach_by_effect, discard_cards, has_effect, shuffle_deck
from ..hooks import is_type, lasting
from .effects import (
    SupporterSearch,
    ToolCard,
    TrainerCard,
    choose_cards,
    chosen_targets,
    draw_and_say,
    multiset_picks,
    one_per_card,
    provided_types,
    trainer_option,
)
from .effects.trainer_text import EVOLUTION, SearchToHand
from .effects.trainers import DeckSearchTrainer

if TYPE_CHECKING:
    from ..contexts import TrainerCtx
    from ..hooks import AffectEvent, DamageEvent, Listener, PokemonEvent
    from ..state import Pokemon, State

TURN_BOOST = "turn_boost"
EX_SHIELD = "ex_attacks_shield"
KO_BY_ATTACK_DAMAGE = "ko_by_attack_damage"


def _named(state: State, p: Pokemon, owner: str) -> bool:
    return str(state.card_of(p.top).name).startswith(owner + "'s ")


class _Stadium(TrainerCard):
    """A Stadium: the engine puts it into play (R-TRAINER-3); it acts through hooks."""

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.say(msg("%(card)s is now in play for both players.", card=tctx.card.name), "R-TRAINER-3")
        return True


# -- Brock's Scouting (Supporter): two kinds of search, either one ------------------------------------

class BrocksScouting(SearchToHand):
    """"up to 2 Basic Pokémon or 1 Evolution Pokémon": no template reads an "or" between counts."""
    text = ("look through your deck for 1 or 2 Basic Pokémon, or for 1 Evolution Pokémon; show them, put them into "
            "your hand and shuffle the deck")

    def __init__(self) -> None:
        super().__init__(self._fits_any, 2, self.text)

    @staticmethod
    def _fits_any(c: Any) -> bool:
        return c.supertype == "Pokemon" and (c.stage == "Basic" or c.stage in EVOLUTION)

    @staticmethod
    def _basic(state: State, inst: str) -> bool:
        return state.card_of(inst).stage == "Basic"

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        fitting = self._fitting(tctx.state, among)
        picked = choose_cards(tctx, "search", fitting, 1, 2, msg("1 or 2 Basic Pokémon, or 1 Evolution Pokémon"),
                              fewer="R-TRAINER-5", hidden_zone=hidden_zone)
        basics = sum(self._basic(tctx.state, i) for i in picked)
        if basics != len(picked) and len(picked) != 1:
            raise Illegal("R-TRAINER-1", msg("In choices.search, name 1 or 2 Basic Pokémon, or 1 Evolution Pokémon."))
        return picked

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        fitting = self._fitting(state, [i for i in pending["look"] if i in deck])
        basics = [i for i in fitting if self._basic(state, i)]
        evolutions = [i for i in fitting if not self._basic(state, i)]
        picks = multiset_picks(state, basics, 1, 2) + [[i] for i in one_per_card(state, evolutions)]
        return [{"search": pick} for pick in picks] or [{"search": []}]


# -- Crispin (Supporter): one Energy card to the hand, the other attached ----------------------------

class Crispin(SupporterSearch):
    """A search whose two cards go two ways (the hand, a Pokémon): no template reads it."""
    text = ("look through your deck for 1 or 2 basic Energy cards of different types and show them; the first "
            "named goes into your hand, the second is attached to one of your Pokémon (choices.pokemon); then "
            "shuffle the deck")
    what = msg("basic Energy card")
    looking_for = msg("up to 2 basic Energy cards of different types")
    most = 2

    def fits(self, state: State, inst: str) -> bool:
        return state.card_of(inst).is_basic_energy

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        what = msg("1 or 2 basic Energy cards of different types (the first for the hand)")
        picked = choose_cards(tctx, "search", self._fitting(tctx.state, among), 1, self.most, what,
                              fewer="R-TRAINER-5", hidden_zone=hidden_zone)
        if len({provided_types(tctx.state, i) for i in picked}) != len(picked):
            raise Illegal("R-TRAINER-1", msg("In choices.search, name %(what)s.", what=what))
        return picked

    def _target(self, tctx: TrainerCtx, picked: list[str]) -> Pokemon | None:
        if len(picked) < 2:
            return None
        mine = tctx.me.in_play()
        raw = tctx.choices.get("pokemon")
        if raw is None and len(mine) == 1:
            return mine[0]
        p = next((p for p in mine if isinstance(raw, list) and len(raw) == 1 and raw[0] in p.stack), None)
        if p is None:
            raise Illegal("R-TRAINER-1", msg("In choices.pokemon, name the one of your Pokémon the second Energy card "
                                             "is attached to."))
        return p

    def check(self, tctx: TrainerCtx) -> None:
        if "search" in tctx.choices:
            picked = self._pick(tctx, tctx.me.deck, hidden_zone=True)
            tctx.sel = (picked, self._target(tctx, picked))
        else:
            tctx.sel = None

    def play(self, tctx: TrainerCtx) -> bool:
        if tctx.sel is None and tctx.me.deck:
            return super().play(tctx)
        self._finish(tctx, *(tctx.sel or ([], None)))
        return False

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        picked = self._pick(tctx, [i for i in pending["look"] if i in tctx.me.deck], hidden_zone=False)
        self._finish(tctx, picked, self._target(tctx, picked))

    def _finish(self, tctx: TrainerCtx, picked: list[str], target: Pokemon | None) -> None:
        if target is not None:
            tctx.me.deck.remove(picked[1])
            attach_by_effect(tctx, target, picked[1], from_hand=False)
            tctx.say(msg("%(seat)s attaches %(card)s to %(pokemon)s.", seat=tctx.seat_label(tctx.seat),
                         card=tctx.ref(picked[1], shown_to='*'), pokemon=tctx.name(target)), "R-TRAINER-1")
        self._take(tctx, picked[:1])

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        deck = state.seats[seat].deck
        found = one_per_card(state, self._fitting(state, [i for i in pending["look"] if i in deck]))
        out: list[dict[str, Any]] = [{"search": [i]} for i in found]
        for a, b in permutations(found, 2):
            if provided_types(state, a) != provided_types(state, b):
                out += [{"search": [a, b], "pokemon": [p.top]} for p in state.seats[seat].in_play()]
        return out or [{"search": []}]


# -- Ciphermaniac's Codebreaking (Supporter): 2 cards of the deck put back on top, unseen ----------------

class CiphermaniacsCodebreaking(DeckSearchTrainer):
    """A search whose cards go back on top of the deck, not revealed: no template reads it. The
    two steps of `DeckSearchTrainer`; the cards picked go on top (`_take`), not to the hand."""
    text = ("look through your deck for 2 cards (choices.search, the first to be the top card), shuffle the rest "
            "and put those 2 on top of it; your opponent does not see them")
    choice_zones = {"search": "deck"}
    choose_zones = {"search": "look"}
    count = 2

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        return choose_cards(tctx, "search", among, self.count, self.count,
                            msg("%(count)s cards of your deck, the first to be the top card", count=self.count),
                            fewer="R-TRAINER-5", hidden_zone=hidden_zone)

    def fits(self, state: State, inst: str) -> bool:
        return True             # any card of the deck

    def _say_looks(self, tctx: TrainerCtx) -> None:
        tctx.say(msg("%(seat)s looks through the deck (%(card)s).", seat=tctx.seat_label(tctx.seat),
                     card=tctx.card.name), "R-HIDDEN-1")

    def _take(self, tctx: TrainerCtx, picked: list[str]) -> None:
        for i in picked:
            tctx.me.deck.remove(i)
        shuffle_deck(tctx, tctx.seat)
        tctx.me.deck[:0] = picked
        tctx.say(msg_n("%(seat)s shuffles the deck and puts %(num)s card(s) from it on top, face down.",
                       "%(seat)s shuffles the deck and puts %(num)s card(s) from it on top, face down.", len(picked),
                       seat=tctx.seat_label(tctx.seat)), "R-TRAINER-1" if len(picked) == self.count else "R-TRAINER-5")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        look = [i for i in pending["look"] if i in deck]
        if len(look) <= self.count:
            return [{"search": list(p)} for p in permutations(look)] if look else [{"search": []}]
        out = []
        for pick in multiset_picks(state, look, self.count, self.count):
            out += [{"search": list(p)} for p in dict.fromkeys(permutations(pick))]
        return out


# -- Acerola's Mischief (Supporter) ---------------------------------------------------------------------

class AcerolasMischief(TrainerCard):
    """A condition, a Pokémon named and a shield of its own kind: no template reads it."""
    text = ("only while your opponent has 2 or fewer Prize cards left: during their next turn, one of your Pokémon "
            "(targets) is protected from the damage and effects of attacks of their Pokémon ex")
    most_prizes = 2

    def _may(self, state: State, seat: int) -> bool:
        return len(state.seats[1 - seat].prizes) <= self.most_prizes

    def check(self, tctx: TrainerCtx) -> None:
        if not self._may(tctx.state, tctx.seat):
            raise Illegal("R-TRAINER-1", msg("%(card)s needs your opponent to have 2 or fewer Prize cards left; they "
                                             "have %(left)s.", card=tctx.card.name, left=len(tctx.them.prizes)))
        (tctx.sel,) = chosen_targets(tctx, [(tctx.me.in_play(), msg("one of your Pokémon in play"))])

    def play(self, tctx: TrainerCtx) -> bool:
        p: Pokemon = tctx.sel
        add_effect(p, EX_SHIELD, tctx.state.turn + 1, by=tctx.opp, survives_bench=True, survives_evolution=True)
        tctx.say(msg("During %(seat)s's next turn, %(pokemon)s is protected from the damage and effects of attacks "
                     "of Pokémon ex.", seat=tctx.seat_label(tctx.opp), pokemon=tctx.name(p)), "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top]) for p in state.seats[seat].in_play()] if self._may(state, seat) else []


@lasting(EX_SHIELD)
class ExAttacksShield:
    """Lasting, during the opponent's next turn: no attack of the opponent's Pokémon ex reaches it."""

    def can_be_affected(self, src: Listener, ev: AffectEvent) -> bool:
        if ev.pokemon is not src.on or ev.by_seat != src.data["by"] or ev.ctx is None:
            return True
        return "ex" not in ev.state.card_of(ev.ctx.attacker.top).tags


# -- Premium Power Pro (Item), Black Belt's Training (Supporter): boosts for this turn -----------------

class TurnBoost(TrainerCard):
    """A boost for the rest of the turn, left on the opponent's Pokémon (see the rulings): no
    template reads "During this turn, attacks used by your … do N more damage to …"."""

    def __init__(self, bonus: int, attacker_type: str | None, target_tag: str | None, text: str):
        self.bonus = bonus
        self.attacker_type = attacker_type
        self.target_tag = target_tag
        self.text = text

    def play(self, tctx: TrainerCtx) -> bool:
        for p in tctx.them.in_play():
            add_effect(p, TURN_BOOST, tctx.state.turn, by=tctx.seat, bonus=self.bonus, attacker_type=self.attacker_type,
                       target_tag=self.target_tag, why=str(tctx.card.name), survives_bench=True,
                       survives_evolution=True)
        tctx.say(msg("This turn, %(seat)s's attacks do %(bonus)s more damage (%(card)s).",
                     seat=tctx.seat_label(tctx.seat), bonus=self.bonus, card=tctx.card.name), "R-DAMAGE-1")
        return False


@lasting(TURN_BOOST)
class TurnBoostOnDefender:
    """Lasting, this turn, on each of the opponent's Pokémon: the attacks of the player's
    Pokémon (of `attacker_type`) do `bonus` more to it while it is Active (of `target_tag`)."""

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        data, state = src.data, ev.state
        if (ev.target is not src.on or not ev.to_defending or ev.confusion or ev.ctx.seat != data["by"]
                or ev.attacker is ev.target):
            return dmg
        if data["attacker_type"] and not is_type(state, ev.attacker, data["attacker_type"]):
            return dmg
        if data["target_tag"] and data["target_tag"] not in state.card_of(ev.target.top).tags:
            return dmg
        dmg += data["bonus"]
        ev.note(msg("%(card)s +%(bonus)s = %(damage)s", card=data["why"], bonus=data["bonus"], damage=dmg))
        return dmg


# -- Wondrous Patch, N's PP Up (Items): a basic Energy card from the discard pile to a Benched Pokémon --

class DiscardEnergyToBenched(TrainerCard):
    """Two filters (the Energy's type, the Pokémon's type or owner's name): no template yet."""
    choice_zones = {"search": "discard"}

    def __init__(self, energy_type: str | None, pokemon_type: str | None, owner: str | None, text: str):
        self.energy_type = energy_type
        self.pokemon_type = pokemon_type
        self.owner = owner
        self.text = text

    def _energy(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).is_basic_energy
                and (self.energy_type is None or self.energy_type in state.card_of(i).provides)]

    def _bench(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].bench
                if (self.pokemon_type is None or is_type(state, p, self.pokemon_type))
                and (self.owner is None or _named(state, p, self.owner))]

    def check(self, tctx: TrainerCtx) -> None:
        energy, bench = self._energy(tctx.state, tctx.seat), self._bench(tctx.state, tctx.seat)
        if not energy:
            raise Illegal("R-TRAINER-1", msg("There is no Energy card in your discard pile that %(card)s can attach.",
                                             card=tctx.card.name))
        if not bench:
            raise Illegal("R-TRAINER-1", msg("None of your Benched Pokémon can take the Energy of %(card)s.",
                                             card=tctx.card.name))
        cards = choose_cards(tctx, "search", energy, 1, 1, msg("the Energy card from your discard pile"))
        (p,) = chosen_targets(tctx, [(bench, msg("one of your Benched Pokémon that %(card)s names",
                                                 card=tctx.card.name))])
        tctx.sel = (cards[0], p)

    def play(self, tctx: TrainerCtx) -> bool:
        energy, p = tctx.sel
        tctx.me.discard.remove(energy)
        attach_by_effect(tctx, p, energy, from_hand=False)
        tctx.say(msg("%(seat)s attaches %(card)s from the discard pile to %(pokemon)s.",
                     seat=tctx.seat_label(tctx.seat), card=tctx.ref(energy, shown_to='*'), pokemon=tctx.name(p)),
                 "R-TRAINER-1")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top], search=[e]) for e in one_per_card(state, self._energy(state, seat))
                for p in self._bench(state, seat)]


# -- Pokémon Tools: Hero's Cape, Binding Mochi, Lillie's Pearl ----------------------------------------

class HerosCape(ToolCard):
    text = "Pokémon Tool: its Pokémon has 100 more HP"
    bonus = 100

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        return value + self.bonus if ev.pokemon is src.on else value


class BindingMochi(ToolCard):
    text = ("Pokémon Tool: while its Pokémon is Poisoned, its attacks do 40 more damage to the opponent's Active "
            "Pokémon, added before Weakness and Resistance")
    bonus = 40

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if (ev.attacker is not src.on or not ev.to_defending or not ev.by_opponent or ev.confusion
                or "poisoned" not in ev.attacker.conditions):
            return dmg
        dmg += self.bonus
        ev.note(msg("%(card)s +%(bonus)s = %(damage)s", card="Binding Mochi", bonus=self.bonus, damage=dmg))
        return dmg


class LilliesPearl(ToolCard):
    text = ("Pokémon Tool: when its Lillie's Pokémon is Knocked Out by the damage of an opponent's attack, the "
            "opponent takes 1 Prize card fewer")

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        target, state = ev.target, ev.state
        if target is not src.on or not ev.by_opponent or ev.confusion or target.damage < state.hp(target):
            return
        if not has_effect(target, KO_BY_ATTACK_DAMAGE):
            add_effect(target, KO_BY_ATTACK_DAMAGE, state.turn)

    def prize_count(self, src: Listener, ev: PokemonEvent, prizes: int) -> int:
        p = ev.pokemon
        if p is not src.on or not has_effect(p, KO_BY_ATTACK_DAMAGE) or not _named(ev.state, p, "Lillie"):
            return prizes
        if ev.ctx is not None:
            ev.ctx.say(msg("Lillie's Pearl: %(pokemon)s gives 1 Prize card fewer.", pokemon=ev.ctx.name(p)), "R-KO-2")
        return prizes - 1


# -- Mystery Garden (Stadium): used from play -------------------------------------------------------

class MysteryGarden(_Stadium):
    """A Stadium either player uses once in their turn (`use_stadium`: `check_use`, `use`,
    `use_options`): an Energy card of the hand discarded (`choices.cards`), then draw until the
    hand holds as many cards as its player has Psychic Pokémon in play."""
    text = ("Stadium: once in each player's turn, that player may discard an Energy card from the hand (the action "
            "use_stadium, choices.cards) to draw until the hand has as many cards as they have Psychic Pokémon in "
            "play")
    choice_zones = {"cards": "hand"}

    @staticmethod
    def _energy(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand if state.card_of(i).supertype == "Energy"]

    @staticmethod
    def _wanted(state: State, seat: int) -> int:
        """Cards to draw after the discard."""
        psychic = sum(is_type(state, p, "Psychic") for p in state.seats[seat].in_play())
        return psychic - (len(state.seats[seat].hand) - 1)

    def check_use(self, tctx: TrainerCtx) -> None:
        energy = self._energy(tctx.state, tctx.seat)
        if not energy:
            raise Illegal("R-TRAINER-3", msg("%(card)s needs an Energy card in your hand to discard.",
                                             card=tctx.card.name))
        if self._wanted(tctx.state, tctx.seat) <= 0:
            raise Illegal("R-TRAINER-3", msg("%(card)s would draw nothing: your hand already holds as many cards as "
                                             "you have Psychic Pokémon in play.", card=tctx.card.name))
        tctx.sel = choose_cards(tctx, "cards", energy, 1, 1, msg("an Energy card of your hand to discard"),
                                "R-TRAINER-3")

    def use(self, tctx: TrainerCtx) -> None:
        want = self._wanted(tctx.state, tctx.seat)
        tctx.me.hand.remove(tctx.sel[0])
        discard_cards(tctx, tctx.seat, tctx.sel)
        tctx.say(msg("%(seat)s discards %(cards)s.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(tctx.sel, shown_to='*')), "R-TRAINER-3")
        draw_and_say(tctx, tctx.seat, want)

    def use_options(self, state: State, seat: int) -> list[dict[str, Any]]:
        if state.this_turn.get("stadium_used") or self._wanted(state, seat) <= 0:
            return []
        return [{"cards": [i]} for i in one_per_card(state, self._energy(state, seat))]


# -- Stadiums: Gravity Mountain, N's Castle -------------------------------------------------------------

class GravityMountain(_Stadium):
    text = "Stadium: every Stage 2 Pokémon in play, yours and your opponent's, has 30 HP less"
    malus = 30

    def hp(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        return value - self.malus if ev.state.card_of(ev.pokemon.top).stage == "Stage 2" else value


class NsCastle(_Stadium):
    text = "Stadium: every N's Pokémon in play, yours and your opponent's, retreats for nothing"

    def retreat_cost(self, src: Listener, ev: PokemonEvent, cost: int) -> int:
        return 0 if _named(ev.state, ev.pokemon, "N") else cost


# -- registration ----------------------------------------------------------------------------------------

_BY_NAME: dict[str, tuple[Any, str]] = {
    "Brock's Scouting": (BrocksScouting(), "sv9-146"),
    "Acerola's Mischief": (AcerolasMischief(), "me1-113"),
    "Premium Power Pro": (TurnBoost(30, "Fighting", None, "this turn, the attacks of your Fighting Pokémon do 30 "
                                    "more damage to the opponent's Active Pokémon (before Weakness and Resistance)"),
                          "me1-124"),
    "Black Belt's Training": (TurnBoost(40, None, "ex", "this turn, your attacks do 40 more damage to the opponent's "
                                        "Active Pokémon ex (before Weakness and Resistance)"), "sv8pt5-96"),
    "Wondrous Patch": (DiscardEnergyToBenched("Psychic", "Psychic", None, "attach a basic Psychic Energy card of "
                                              "your discard pile to one of your Benched Psychic Pokémon"), "me2-94"),
    "N's PP Up": (DiscardEnergyToBenched(None, None, "N", "attach a basic Energy card of your discard pile to one "
                                         "of your Benched N's Pokémon"), "sv9-153"),
    "Hero's Cape": (HerosCape(), "sv5-152"),
    "Binding Mochi": (BindingMochi(), "sv6pt5-55"),
    "Lillie's Pearl": (LilliesPearl(), "sv9-151"),
    "Gravity Mountain": (GravityMountain(), "sv8-177"),
    "Crispin": (Crispin(), "sv7-133"),
    "Ciphermaniac's Codebreaking": (CiphermaniacsCodebreaking(), "sv5-145"),
    "Mystery Garden": (MysteryGarden(), "me1-122"),
    "N's Castle": (NsCastle(), "sv9-152"),
}

for _name, (_effect, _id) in _BY_NAME.items():
    if card(_id).name != _name:
        raise ValueError(f"{_id} is {card(_id).name}, not {_name}")
    define_trainer(_id, _effect)
