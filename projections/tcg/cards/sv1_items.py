"""Scarlet & Violet (sv1) Items and Pokémon Tools (sv1-168 … sv1-197, and the alternate-art
prints sv1-255 Nest Ball and sv1-256 Rare Candy), for the `modern` ruleset.

The conventions are the Base Set's and EX Ruby & Sapphire's (`base1_trainers.py`,
`ex1_trainers.py`): `targets` are Pokémon in play the card acts on, `choices.cards` cards from
the hand (or attached Energy) it moves or discards, `choices.search` cards taken from the deck or
the discard pile, `choices.pokemon` Pokémon named in a `choose` step (which has no `targets`).
A choice with only one possibility may be left out. The card's kind (Item, Pokémon Tool) is data
(`sv1_facts.json`): the rules of the kind (any number of Items, one Tool a Pokémon with the
Tool's Pokémon in `targets`) are the engine's; the classes here only do each card's own effect.
Prints of one name share one object.

Effects that are the earlier sets' reuse their classes: Crushing Hammer is Energy Removal 2
(a coin, then an Energy card of the opponent's Pokémon), Energy Search, Energy Switch and Poké
Ball are ex1's, Switch is the Base Set's. Potion is the Base Set's Potion healing 30; Pokémon
Catcher is Gust of Wind after a coin; Rare Candy is Pokémon Breeder with the card's own limits.

Rulings taken here:
- Can't-play decisions (R-TRAINER-1), as the earlier sets': a card with nothing to act on that
  its player can see is refused — Crushing Hammer with no Energy on the opponent's Pokémon,
  Pokémon Catcher with no opponent's Benched Pokémon, Energy Retrieval with no basic Energy card
  in the discard pile, Pal Pad with no Supporter card there, Potion with no damaged Pokémon of
  yours, Picnic Basket with no damaged Pokémon in play (either player's), Electric Generator with
  no Benched Lightning Pokémon of yours (nothing the Energy could go to) or an empty deck,
  Pokégear 3.0 with an empty deck (nothing to look at), Nest Ball with a full Bench (R-BENCH-1),
  Ultra Ball with fewer than 2 other cards in the hand, Rare Candy with no Stage 2 card in the
  hand (R-EVOLVE-4). What depends on the hidden deck never refuses a card (R-TRAINER-5): Nest
  Ball, Ultra Ball, Poké Ball and Energy Search may be played with a short or empty deck.
- Coins: the choices come with the action, before the coin (Crushing Hammer's Pokémon and
  Energy card, Pokémon Catcher's Benched Pokémon): a wrong choice is refused without a flip;
  tails, nothing is discarded or switched. The opponent's Active Pokémon switched out by
  Pokémon Catcher loses its Special Conditions and the effects of attacks (R-RETREAT-6).
- Searches of the deck (Nest Ball, Ultra Ball, Poké Ball, Energy Search) take two steps for a
  player (R-HIDDEN-1): the deck is shown to its player alone (`pending`), then `choose` names
  `choices.search`; a judge may give it with the card. A search must take a fitting card when the
  deck holds one (R-TRAINER-5); `[]` only when none fits. An empty deck is only shuffled.
  Nest Ball's Basic Pokémon goes onto the Bench as put into play this turn (it can't evolve
  this turn, R-EVOLVE-2). Ultra Ball discards the 2 cards (`choices.cards`) before the search.
- Pokégear 3.0 looks at the top 7 cards (fewer when the deck is shorter), privately; taking a
  Supporter card among them is optional (`choices.search`: one Supporter card or `[]`); the one
  taken is shown to both players, then the whole deck is shuffled.
- Electric Generator looks at the top 5 cards (fewer when the deck is shorter), privately; the
  player attaches 0 to 2 basic Lightning Energy cards found there ("up to 2": none is allowed)
  to Benched Lightning Pokémon of theirs: `choices.search` the Energy cards and
  `choices.pokemon` the Pokémon, pair by pair in the same order (one Pokémon may take both).
  The Energy attached is shown to both players and is not the turn's attachment (R-ENERGY-1);
  then the whole deck is shuffled. A Pokémon's type is its type now (R-INPLAY-1, hooks.types).
- Energy Retrieval and Pal Pad take 1 or 2 cards of the discard pile ("up to 2": at least one,
  since the pile is public and holds one); Pal Pad's cards are Supporter cards and go into the
  deck, which is then shuffled. One action, the cards named to both players.
- Picnic Basket heals 30 damage from every Pokémon in play, both players' (its player's first).
- Rare Candy: `targets` the Basic Pokémon, `choices.cards` the Stage 2 card (left out when there
  is one). The Stage 2 must evolve from that Basic through a Stage 1 card (`stage1_links`: by
  names). Not during its player's first turn (turn 1 or 2 of the game: the first player's or
  the second player's first turn; R-EVOLVE-3) nor on a Pokémon put into play this turn
  (R-EVOLVE-2); the evolution rules apply otherwise (`can_evolve`).
- Pokémon Tools (R-TRAINER-4) act through hooks while attached. Vitality Band (+10) and
  Defiance Band (+30, only while its player has more Prize cards left than the opponent, looked
  at when the damage is done) add to the attack's damage to the opponent's Active Pokémon before
  Weakness and Resistance (`damage_attacker`, R-DAMAGE-1 b): not to the Bench, not when the
  attack does no damage. Rock Chestplate takes 30 from the damage of an opponent's attack to its
  Pokémon while that Pokémon is Fighting, after Weakness and Resistance
  (`damage_defender_cards`), whether Active or Benched. Rocky Helmet: when an opponent's attack
  damages its Pokémon while that Pokémon is Active (even when it is Knocked Out), 2 damage
  counters are put on the attacking Pokémon (R-DAMAGE-3: placed, not damage; a Knock Out they
  cause is settled with the attack's).
- Exp. Share: when its player's Active Pokémon is Knocked Out by the damage of an opponent's
  attack (the damage itself brings it to its HP: counters placed afterwards, Poison or Burn
  between turns don't count), the player may move one basic Energy card that was on it to the
  Pokémon with Exp. Share (each Exp. Share moves at most one; one Knocked Out at the same time
  moves none). The choice is its player's, during the opponent's turn: the Knock Out asks that
  player (`pending`, kind "exp_share", shown the basic Energy cards), whose next action is
  `choose` with `choices.search` (the Energy cards, `[]` to move none) and `choices.pokemon`
  (the Pokémon with Exp. Share, pair by pair), before promoting a new Active Pokémon. The engine
  settles the Knock Out first (the cards go to the discard pile, Prize cards are taken, the
  turn ends and the checkup runs), so the Energy card chosen moves from the discard pile; no
  effect in between can touch it. The move is not the turn's attachment (R-ENERGY-1).
- At a paper table (table mode) the cards searched may be named by card id: the deck (the top
  five for Electric Generator, the cards looked at in a `choose` step), the hand (Ultra Ball's
  and Rare Candy's cards), the discard pile (Energy Retrieval, Pal Pad, Exp. Share).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from itertools import combinations, combinations_with_replacement, permutations, product
from typing import TYPE_CHECKING, Any

from ...messages import msg, msg_n
from ..carddb import card, define_trainer, stage1_links
from ..core import (
    Ctx,
    Illegal,
    add_effect,
    attach_by_effect,
    has_effect,
    heal,
    place_counters,
    shuffle_deck,
)
from ..hooks import is_type, lasting
from ..state import Pokemon
from .effects import (
    DeckSearchTrainer,
    DiscardThenSearch,
    EnergyRemoval2,
    EnergySearch,
    EnergySwitch,
    GustOfWind,
    LookAtTop,
    LookTopForOne,
    OntoTheBench,
    PokeBall,
    PokemonBreeder,
    Potion,
    Switch,
    ToolCard,
    TrainerCard,
    attacker_that_damaged_active,
    choose_cards,
    chosen_targets,
    is_basic_pokemon_card,
    multiset_picks,
    to_hand,
    trainer_option,
)

if TYPE_CHECKING:
    from ..contexts import TrainerCtx
    from ..hooks import DamageEvent, Listener, PokemonEvent
    from ..state import State


# -- helpers -----------------------------------------------------------------------------------


def _pairs(tctx: TrainerCtx, cards: list[str], pokemon: list[Pokemon], what: str,
           distinct_pokemon: bool) -> list[tuple[str, Pokemon]]:
    """`choices.pokemon` paired with the cards chosen, in order: one Pokémon of `pokemon` for
    each card (left out when no card is chosen, or when there is a single Pokémon)."""
    raw = tctx.choices.get("pokemon")
    if raw is None and (not cards or len(pokemon) == 1):
        raw = [pokemon[0].top] * len(cards) if cards else []
    if not isinstance(raw, list) or len(raw) != len(cards):
        raise Illegal("R-TRAINER-1", msg("In choices.pokemon, name %(count)s Pokémon, one for each card of "
                                         "choices.search in the same order (%(what)s).", count=len(cards), what=what))
    out = []
    for inst, c in zip(raw, cards, strict=True):
        p = next((p for p in pokemon if isinstance(inst, str) and inst in p.stack), None)
        if p is None:
            raise Illegal("R-TRAINER-1", msg("In choices.pokemon, %(instance)s is not %(what)s.", instance=str(inst),
                                             what=what))
        out.append((c, p))
    if distinct_pokemon and len({id(p) for _, p in out}) != len(out):
        raise Illegal("R-TRAINER-1", msg("In choices.pokemon, name each Pokémon once (%(what)s).", what=what))
    return out


# -- Potion, Picnic Basket -----------------------------------------------------------------------

class ModernPotion(Potion):
    """The Base Set's Potion, healing 30."""
    text = "remove up to 3 damage counters (30 damage) from one of your damaged Pokémon"
    amount = 30

    def play(self, tctx: TrainerCtx) -> bool:
        healed = heal(tctx, tctx.sel, self.amount)
        tctx.say(msg("%(pokemon)s is healed of %(healed)s damage (%(damage)s/%(hp)s).", pokemon=tctx.name(tctx.sel),
                     healed=healed, damage=tctx.sel.damage, hp=tctx.state.hp(tctx.sel)), "R-TRAINER-1")
        return False


class PicnicBasket(TrainerCard):
    text = "heal 30 damage from every Pokémon in play, yours and your opponent's"
    amount = 30

    def check(self, tctx: TrainerCtx) -> None:
        if not any(p.damage for s in (tctx.me, tctx.them) for p in s.in_play()):
            raise Illegal("R-TRAINER-1", msg("No Pokémon in play has damage counters."))

    def play(self, tctx: TrainerCtx) -> bool:
        for seat_no in (tctx.seat, tctx.opp):
            for p in tctx.state.seats[seat_no].in_play():
                healed = heal(tctx, p, self.amount)
                if healed:
                    tctx.say(msg("%(pokemon)s (%(seat)s) is healed of %(healed)s damage (%(damage)s/%(hp)s).",
                                 pokemon=tctx.name(p), seat=tctx.seat_label(seat_no), healed=healed, damage=p.damage,
                                 hp=tctx.state.hp(p)), "R-TRAINER-1")
        return False


# -- Pokémon Catcher -----------------------------------------------------------------------------

class PokemonCatcher(GustOfWind):
    """Gust of Wind after a coin: the Benched Pokémon is named with the action, before the coin."""
    text = ("flip a coin; on heads the opponent's Benched Pokémon you name in targets (before the flip) becomes "
            "their Active Pokémon and their Active goes to the Bench")

    def play(self, tctx: TrainerCtx) -> bool:
        if not tctx.flip(tctx.card.name):
            tctx.say(msg("Tails: %(seat)s's Active Pokémon stays.", seat=tctx.seat_label(tctx.opp)), "R-TRAINER-1")
            return False
        return super().play(tctx)


# -- the discard pile: Energy Retrieval, Pal Pad -------------------------------------------------

class _FromDiscard(TrainerCard, ABC):
    """Take 1 or 2 fitting cards of the discard pile (public: one action)."""
    choice_zones = {"search": "discard"}
    what = msg("card")          # what it takes, one and more
    whats = msg("cards")
    most = 2

    @abstractmethod
    def fits(self, state: State, inst: str) -> bool:
        """The cards of the discard pile this card may take."""

    def _fitting(self, state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if self.fits(state, i)]

    def check(self, tctx: TrainerCtx) -> None:
        found = self._fitting(tctx.state, tctx.seat)
        if not found:
            raise Illegal("R-TRAINER-1", msg("There is no %(what)s in your discard pile.", what=self.what))
        tctx.sel = choose_cards(tctx, "search", found, 1, self.most,
                           msg("1 to %(most)s %(what)s from your discard pile", most=self.most, what=self.whats))

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option(search=pick) for pick in multiset_picks(state, self._fitting(state, seat), 1, self.most)]


class ModernEnergyRetrieval(_FromDiscard):
    text = "put 1 or 2 basic Energy cards from your discard pile into your hand"
    what = msg("basic Energy card")
    whats = msg("basic Energy cards")

    def fits(self, state: State, inst: str) -> bool:
        return state.card_of(inst).is_basic_energy

    def play(self, tctx: TrainerCtx) -> bool:
        to_hand(tctx, tctx.seat, tctx.sel, "discard")
        tctx.say(msg("%(seat)s takes %(cards)s from the discard pile into the hand.", seat=tctx.seat_label(tctx.seat),
                     cards=tctx.refs(tctx.sel, shown_to='*')), "R-TRAINER-1")
        return False


class PalPad(_FromDiscard):
    text = "shuffle 1 or 2 Supporter cards from your discard pile into your deck"
    what = msg("Supporter card")
    whats = msg("Supporter cards")

    def fits(self, state: State, inst: str) -> bool:
        return state.card_of(inst).trainer_kind == "supporter"

    def play(self, tctx: TrainerCtx) -> bool:
        for i in tctx.sel:
            tctx.me.discard.remove(i)
            tctx.me.deck.append(i)
        shuffle_deck(tctx, tctx.seat)
        tctx.say(msg("%(seat)s shuffles %(cards)s from the discard pile into the deck.",
                     seat=tctx.seat_label(tctx.seat), cards=tctx.refs(tctx.sel, shown_to='*')), "R-TRAINER-1")
        return False


# -- the deck: Nest Ball, Ultra Ball, Pokégear 3.0, Electric Generator ---------------------------


class NestBall(OntoTheBench, DeckSearchTrainer):
    text = ("look through your deck for a Basic Pokémon and put it onto your Bench (not with a full Bench), "
            "then shuffle the deck")
    what = msg("Basic Pokémon")

    def fits(self, state: State, inst: str) -> bool:
        return is_basic_pokemon_card(state, inst)


class UltraBall(DiscardThenSearch):
    """Ultra Ball's 2 cards are discarded first; then Poké Ball's search without the coin."""
    text = ("discard 2 other cards from your hand, then look through your deck for a Pokémon card, show it, put "
            "it into your hand and shuffle the deck")
    what = msg("Pokémon card")
    discards = 2
    discard_what = msg("2 other cards from the hand to discard")

    def fits(self, state: State, inst: str) -> bool:
        return state.card_of(inst).supertype == "Pokemon"


class PokeGear(LookTopForOne):
    text = ("look at the top 7 cards of your deck; you may show a Supporter card among them and put it into your "
            "hand; then shuffle the deck")
    what = msg("a Supporter card")

    def fits(self, state: State, inst: str) -> bool:
        return state.card_of(inst).trainer_kind == "supporter"


class ElectricGenerator(LookAtTop):
    """Two steps for a player: play it, look at the top cards (`pending`), then `choose` the basic
    Lightning Energy cards (`choices.search`) and, pair by pair, the Benched Lightning Pokémon they
    go to (`choices.pokemon`)."""
    text = ("look at the top 5 cards of your deck; attach up to 2 basic Lightning Energy cards among them to your "
            "Benched Lightning Pokémon as you like (choices.search, paired with choices.pokemon); then shuffle "
            "the deck")
    choice_zones = {"search": "deck_top5"}
    depth = 5
    most = 2
    energy_type = "Lightning"

    def _benched(self, state: State, seat: int) -> list[Pokemon]:
        return [p for p in state.seats[seat].bench if is_type(state, p, self.energy_type)]

    def _energy(self, state: State, among: list[str]) -> list[str]:
        return [i for i in among if state.card_of(i).is_basic_energy
                and state.card_of(i).provides == [self.energy_type]]

    def _pick(self, tctx: TrainerCtx, top: list[str], hidden_zone: bool) -> list[tuple[str, Pokemon]]:
        what = msg("0 to %(most)s basic %(type)s Energy cards among the cards looked at", most=self.most,
                   type=self.energy_type)
        cards = choose_cards(tctx, "search", self._energy(tctx.state, top), 0, self.most, what, fewer="R-TRAINER-5",
                        hidden_zone=hidden_zone)
        return _pairs(tctx, cards, self._benched(tctx.state, tctx.seat),
                      msg("a Benched %(type)s Pokémon of yours", type=self.energy_type), distinct_pokemon=False)

    def check(self, tctx: TrainerCtx) -> None:
        if not self._benched(tctx.state, tctx.seat):
            raise Illegal("R-TRAINER-1", msg("You have no Benched %(type)s Pokémon to attach Energy to.",
                                             type=self.energy_type))
        super().check(tctx)

    def _take(self, tctx: TrainerCtx, pairs: list[tuple[str, Pokemon]]) -> None:
        for energy, p in pairs:
            tctx.me.deck.remove(energy)
            attach_by_effect(tctx, p, energy, from_hand=False)
            tctx.say(msg("%(card)s is attached to %(pokemon)s (not the turn's Energy attachment).",
                         card=tctx.ref(energy, shown_to='*'), pokemon=tctx.name(p)), "R-TRAINER-1")
        shuffle_deck(tctx, tctx.seat)
        tctx.say(msg_n("%(seat)s attaches %(num)s Energy card(s) and shuffles the deck.",
                       "%(seat)s attaches %(num)s Energy card(s) and shuffles the deck.", len(pairs),
                       seat=tctx.seat_label(tctx.seat)), "R-TRAINER-1")

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option()] if state.seats[seat].deck and self._benched(state, seat) else []

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        energy = self._energy(state, [i for i in pending["look"] if i in deck])
        bench = [p.top for p in self._benched(state, pending["seat"])]
        out: list[dict[str, Any]] = []
        for cards in multiset_picks(state, energy, 0, self.most):
            same = len({state.card_id(i) for i in cards}) < len(cards)
            spreads = combinations_with_replacement(bench, len(cards)) if same else product(bench, repeat=len(cards))
            out.extend({"search": cards, "pokemon": list(to)} for to in spreads)
        return out


# -- Rare Candy --------------------------------------------------------------------------------

class RareCandy(PokemonBreeder):
    """Pokémon Breeder's evolution, with Rare Candy's own limits."""
    text = ("evolve one of your Basic Pokémon in play straight into a Stage 2 card from your hand that evolves "
            "from it through a Stage 1; not during your first turn nor on a Pokémon put into play this turn")

    def check(self, tctx: TrainerCtx) -> None:
        state = tctx.state
        name = tctx.card.name
        if state.turn <= 2:
            raise Illegal("R-EVOLVE-3", msg("%(card)s can't be played during your first turn.", card=name))
        stage2s = self._stage2s(state, tctx.seat)
        if not stage2s:
            raise Illegal("R-EVOLVE-4", msg("%(card)s needs a Stage 2 Pokémon card in your hand.", card=name))
        (s2,) = choose_cards(tctx, "cards", stage2s, 1, 1, msg("the Stage 2 card from your hand"), "R-EVOLVE-4")
        s2card = state.card_of(s2)
        (p,) = chosen_targets(tctx, [(tctx.me.in_play(), msg("one of your Pokémon in play"))], "R-EVOLVE-1")
        top = state.card_of(p.top)
        if len(p.stack) != 1 or top.supertype != "Pokemon" or top.stage != "Basic":
            raise Illegal("R-EVOLVE-4", msg("%(card)s evolves a Basic Pokémon; %(pokemon)s is not one.", card=name,
                                            pokemon=top.name))
        if not stage1_links(top.name, s2card):
            raise Illegal("R-EVOLVE-1", msg("%(stage2)s does not evolve from %(pokemon)s through a Stage 1 (%(stage2)s "
                                            "evolves from %(evolves_from)s).", stage2=s2card.name, pokemon=top.name,
                                            evolves_from=s2card.evolves_from))
        tctx.check_evolution(s2card, p, skip_stage=True)
        tctx.sel = (p, s2)


# -- the Pokémon Tools ---------------------------------------------------------------------------

class VitalityBand(ToolCard):
    text = ("Pokémon Tool: its Pokémon's attacks do 10 more damage to the opponent's Active Pokémon, added "
            "before Weakness and Resistance")
    bonus = 10

    def _applies(self, src: Listener, ev: DamageEvent) -> bool:
        return True

    def damage_attacker(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if (ev.attacker is not src.on or not ev.to_defending or not ev.by_opponent or ev.confusion
                or not self._applies(src, ev)):
            return dmg
        dmg += self.bonus
        ev.note(msg("%(card)s +%(bonus)s = %(damage)s", card=ev.state.card_of(src.card).name if src.card else
                    msg("Tool"), bonus=self.bonus, damage=dmg))
        return dmg


class DefianceBand(VitalityBand):
    text = ("Pokémon Tool: while you have more Prize cards left than your opponent, its Pokémon's attacks do 30 "
            "more damage to the opponent's Active Pokémon, added before Weakness and Resistance")
    bonus = 30

    def _applies(self, src: Listener, ev: DamageEvent) -> bool:
        seats = ev.state.seats
        return len(seats[src.seat].prizes) > len(seats[1 - src.seat].prizes)


class RockChestplate(ToolCard):
    text = ("Pokémon Tool: while its Pokémon is a Fighting Pokémon, damage from the opponent's attacks to it is 30 "
            "less, after Weakness and Resistance")
    reduction = 30

    def damage_defender_cards(self, src: Listener, ev: DamageEvent, dmg: int) -> int:
        if (ev.target is not src.on or not ev.by_opponent or dmg <= 0
                or not is_type(ev.state, ev.target, "Fighting")):
            return dmg
        dmg -= self.reduction
        ev.note(msg("%(card)s −%(reduction)s = %(damage)s", card="Rock Chestplate", reduction=self.reduction,
                    damage=dmg))
        return dmg


class RockyHelmet(ToolCard):
    text = ("Pokémon Tool: when an opponent's attack damages its Pokémon while that Pokémon is Active (even if it "
            "is Knocked Out), put 2 damage counters on the attacking Pokémon")
    counters = 2

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        attacker = attacker_that_damaged_active(src, ev)
        if attacker is None:
            return
        place_counters(ev.ctx, attacker, self.counters,
                       msg("%(pokemon)s's Rocky Helmet", pokemon=ev.ctx.name(ev.target)))


KO_BY_ATTACK = "knocked_out_by_attack_damage"


@lasting(KO_BY_ATTACK)
class KnockedOutByAttackDamage:
    """Lasting, this turn only: the damage of an opponent's attack brought this Active Pokémon to its
    HP (Exp. Share notes it when it hears the damage, and reads it at the Knock Out). It answers no
    hook."""


class ExpShare(ToolCard):
    """Hears its player's Active being damaged (`after_damaged`) and Knocked Out (`on_knock_out`);
    then asks its player (`pending`, kind "exp_share") and moves the Energy in `resolve`."""
    text = ("Pokémon Tool: when your Active Pokémon is Knocked Out by the damage of an opponent's attack, you may "
            "move a basic Energy card from it to the Pokémon with Exp. Share (chosen with choose: choices.search "
            "and choices.pokemon, or none)")
    choose_zones = {"search": "discard"}

    def after_damaged(self, src: Listener, ev: DamageEvent) -> None:
        target, state = ev.target, ev.state
        if src.on is None or target is src.on or not ev.by_opponent or ev.confusion:
            return
        owner, _, place = state.find_pokemon(target.top)
        if owner != src.seat or place != "active" or target.damage < state.hp(target):
            return
        if not has_effect(target, KO_BY_ATTACK):
            add_effect(target, KO_BY_ATTACK, state.turn)

    def on_knock_out(self, src: Listener, ev: PokemonEvent) -> None:
        ko, holder, state, ctx = ev.pokemon, src.on, ev.state, ev.ctx
        if ctx is None or holder is None or src.card is None or holder is ko or ev.seat != src.seat:
            return
        if state.seats[src.seat].active is not ko or not has_effect(ko, KO_BY_ATTACK):
            return
        if holder.damage >= state.hp(holder):          # Knocked Out at the same time
            return
        energy = [i for i in ko.energy if state.card_of(i).is_basic_energy]
        if not energy:
            return
        who = ctx.seat_label(src.seat)
        pending = state.pending
        if pending and pending.get("kind") == "exp_share" and pending["seat"] == src.seat:
            pending["holders"].append(holder.top)
        elif pending:
            return                                      # another card waits (none can, after an attack)
        else:
            Ctx(state, ctx.rng, src.seat).ask("exp_share", src.card, energy, holders=[holder.top])
        ctx.say(msg("Exp. Share on %(pokemon)s: %(seat)s may move a basic Energy card from %(knocked_out)s to it "
                    "(choose, before promoting).", pokemon=ctx.name(holder), seat=who, knocked_out=ctx.name(ko)),
                "R-TRAINER-1")

    @staticmethod
    def _holders(state: State, seat: int, pending: dict[str, Any]) -> list[Pokemon]:
        return [p for p in state.seats[seat].in_play() if p.top in pending.get("holders", [])]

    def resolve(self, tctx: TrainerCtx, pending: dict[str, Any]) -> None:
        if "search" not in tctx.choices:
            raise Illegal("R-TRAINER-1", msg("In choices.search, name the basic Energy card(s) to move with Exp. "
                                             "Share ([] to move none)."))
        energy = [i for i in pending["look"] if i in tctx.me.discard]
        holders = self._holders(tctx.state, tctx.seat, pending)
        cards = choose_cards(tctx, "search", energy, 0, len(holders),
                             msg("basic Energy cards that were on the Knocked Out "
                                                                     "Pokémon, one for each Exp. Share"))
        pairs = _pairs(tctx, cards, holders, msg("a Pokémon with Exp. Share"), distinct_pokemon=True) if cards else []
        who = tctx.seat_label(tctx.seat)
        for e, p in pairs:
            tctx.me.discard.remove(e)
            attach_by_effect(tctx, p, e, from_hand=False)
            tctx.say(msg("Exp. Share: %(seat)s moves %(card)s to %(pokemon)s.", seat=who,
                         card=tctx.ref(e, shown_to='*'), pokemon=tctx.name(p)), "R-TRAINER-1")
        if not pairs:
            tctx.say(msg("Exp. Share: %(seat)s moves no Energy card.", seat=who), "R-TRAINER-1")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        seat = pending["seat"]
        energy = [i for i in pending["look"] if i in state.seats[seat].discard]
        holders = [p.top for p in self._holders(state, seat, pending)]
        out: list[dict[str, Any]] = [{"search": [], "pokemon": []}]
        seen = set()
        for k in range(1, min(len(energy), len(holders)) + 1):
            for cards in permutations(energy, k):
                for to in combinations(holders, k):
                    key = (tuple(state.card_id(i) for i in cards), to)
                    if key not in seen:
                        seen.add(key)
                        out.append({"search": list(cards), "pokemon": list(to)})
        return out


# -- registration ------------------------------------------------------------------------------

_BY_NAME: dict[str, tuple[Any, tuple[int, ...]]] = {
    "Crushing Hammer": (EnergyRemoval2(), (168,)),
    "Defiance Band": (DefianceBand(), (169,)),
    "Electric Generator": (ElectricGenerator(), (170,)),
    "Energy Retrieval": (ModernEnergyRetrieval(), (171,)),
    "Energy Search": (EnergySearch(), (172,)),
    "Energy Switch": (EnergySwitch(), (173,)),
    "Exp. Share": (ExpShare(), (174,)),
    "Nest Ball": (NestBall(), (181, 255)),
    "Pal Pad": (PalPad(), (182,)),
    "Picnic Basket": (PicnicBasket(), (184,)),
    "Poké Ball": (PokeBall(), (185,)),
    "Pokégear 3.0": (PokeGear(), (186,)),
    "Pokémon Catcher": (PokemonCatcher(), (187,)),
    "Potion": (ModernPotion(), (188,)),
    "Rare Candy": (RareCandy(), (191, 256)),
    "Rock Chestplate": (RockChestplate(), (192,)),
    "Rocky Helmet": (RockyHelmet(), (193,)),
    "Switch": (Switch(), (194,)),
    "Ultra Ball": (UltraBall(), (196,)),
    "Vitality Band": (VitalityBand(), (197,)),
}

for _name, (_effect, _numbers) in _BY_NAME.items():
    for _n in _numbers:
        if card(f"sv1-{_n}").name != _name:
            raise ValueError(f"sv1-{_n} is {card(f'sv1-{_n}').name}, not {_name}")
        define_trainer(f"sv1-{_n}", _effect)
