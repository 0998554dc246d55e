"""EX Sandstorm Trainers (ex2-86 … ex2-92): Double Full Heal, Lanette's Net Search, Rare Candy,
Wally's Training, and the fossils Claw Fossil, Mysterious Fossil and Root Fossil.

The conventions are the Base Set's and EX Ruby & Sapphire's (`base1_trainers.py`,
`ex1_trainers.py`): `targets` are Pokémon in play the card acts on, `choices.cards` cards from
the hand it moves, `choices.search` cards taken from the deck. A choice with only one
possibility may be left out. The card's kind (Item, Supporter) is data (`ex2_facts.json`); the
rules of the kind (one Supporter a turn, beside the Active until the turn ends) are the
engine's. Double Full Heal is the Base Set's Full Heal; Lanette's Net Search is ex1's Lady
Outing over Basic Pokémon cards; the fossils are the Base Set's Clefairy Doll (through the
Scarlet & Violet fossils' class) with their own HP.

Rulings taken here:
- Double Full Heal: "each of your Active Pokémon" is the one Active Pokémon of a game with one
  Active a side. Refused, as Full Heal, when it has no Special Condition (R-TRAINER-1).
- Lanette's Net Search takes 1 to 3 Basic Pokémon cards of the deck, no two of one type (the
  card's type), shown to both players, then the deck is shuffled; "up to 3" as Lady Outing: fewer
  is the player's choice, but at least one when the deck holds one (R-TRAINER-5), `[]` only when
  none fits. Two steps for a player (R-HIDDEN-1); a judge may give `choices.search` with the card.
  A fossil is a Trainer card in the deck (seed 001's glossary: a Fossil Trainer card is no Basic
  Pokémon in the hand, deck or discard pile), so the search doesn't find it. A Baby Pokémon is a
  card tagged "baby" or one with the Baby Evolution Poké-Power (Pichu, Azurill, Elekid and
  Wynaut of this set, the EX era's Baby Pokémon, which the facts don't tag "baby": that tag
  would bring R-ATTACK-4's flip, which their cards don't print).
- Rare Candy (the EX card, not the modern one): `targets` one of your Basic Pokémon in play (a
  fossil in play is one), `choices.cards` the Stage 1 card that evolves from it or the Stage 2
  card that evolves from it through a Stage 1 card (`stage1_links`: by names). It counts as
  evolving, so the evolution rules apply: not on the first turn of the game (R-EVOLVE-3), not on a
  Pokémon put into play this turn (R-EVOLVE-2), and what is in play may refuse it (`can_evolve`).
  The card has no other limit (no "not during your first turn" as the modern Rare Candy).
  Refused with no Stage 1 or Stage 2 card in the hand (R-EVOLVE-4).
- Wally's Training searches the deck for an Evolution card that evolves from the Active
  Pokémon (by name: a Stage 1 on a Basic or fossil, a Stage 2 on a Stage 1) and puts it on the
  Active, which counts as evolving (R-EVOLVE-5); then the deck is shuffled. Two steps for a
  player (R-HIDDEN-1); a judge may give `choices.search` with the card. Refused when the Active
  can't evolve now whatever the card (the first turn of the game, R-EVOLVE-3; put into play this
  turn, R-EVOLVE-2); what the hidden deck holds never refuses it (R-TRAINER-5). A fitting card
  must be taken when the deck holds one that may go on the Active; `[]` only when none does.
- The fossils (Claw Fossil 40 HP, Mysterious Fossil 10 HP, Root Fossil 40 HP) play as Colorless
  Basic Pokémon with no attacks, no Weakness or Resistance and no Retreat Cost: they can't
  retreat, get no Special Conditions, and a Knocked Out fossil gives no Prize card (it "doesn't
  count as a Knocked Out Pokémon"; it is still discarded, and a player left with no Pokémon in
  play loses, R-WIN-2). During its owner's turn, before the attack (the attack ends the turn),
  it may be discarded from play (action `discard_from_play`; not a Knock Out). As the engine
  plays Clefairy Doll, a fossil may also be put onto the Bench with the `bench` action and may be
  the Active or a Benched Pokémon at setup (PUI Rules Team, 2 Oct 2003: a game may start with a
  fossil as the Active Pokémon). Evolved (Anorith, Kabuto, Omanyte, Lileep, Aerodactyl ex), the
  fossil card is only under the Evolution card: none of this applies any more.
- Claw Fossil's Jagged Stone and Root Fossil's Spongy Stone are Poké-Bodies: the card carries
  them as its power (kind Poké-Body), so what looks for Poké-Bodies finds them; they work with
  any Special Condition (none can affect a fossil anyway). Jagged Stone is ex1's Rough Skin with
  1 counter: each time an opponent's attack damages Claw Fossil while it is the Active Pokémon
  (even when that Knocks it Out), 1 damage counter is placed (R-DAMAGE-3) on the attacking
  Pokémon if it is still in play. Spongy Stone removes 1 damage counter from Root Fossil, Active
  or Benched, between every two turns, after the checkup's steps and before Knock Outs are
  looked for (R-CHECKUP-1).
- At a paper table (table mode) the cards searched may be named by card id: the deck, or the
  cards looked at in the `choose` step; Rare Candy's card by the hand.
"""
from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import PowerDef, card, define_trainer, stage1_links
from ..core import Illegal, shuffle_deck
from .effects import (
    AntiqueFossil,
    ClefairyDoll,
    DeckSearchTrainer,
    FullHeal,
    LadyOuting,
    Power,
    RoughSkin,
    TrainerCard,
    choose_cards,
    chosen_targets,
    counter_off_between_turns,
    one_per_card,
    trainer_option,
)

if TYPE_CHECKING:
    from ..carddb import CardDef
    from ..contexts import TrainerCtx
    from ..hooks import Listener, TurnEvent
    from ..state import Pokemon, State


# -- helpers -------------------------------------------------------------------------------------

def is_baby(c: CardDef) -> bool:
    """A Baby Pokémon: tagged so, or (the EX era's) a Pokémon with the Baby Evolution Poké-Power."""
    return "baby" in c.tags or (c.power is not None and c.power.name == "Baby Evolution")


def _is_evolution_card(c: CardDef) -> bool:
    return c.supertype == "Pokemon" and c.stage in ("Stage 1", "Stage 2")


def _with_poke_body(card_id: str, name: str, effect: Power) -> None:
    """A Trainer played as a Pokémon that prints a Poké-Body: the card carries it as its power
    (the facts give a Trainer none), so it answers hooks and is seen as a Poké-Body."""
    c = card(card_id)
    if c.power is None or c.power.name != name:
        c.power = PowerDef(name, "Poké-Body")
    c.power.effect = effect


# -- Double Full Heal ----------------------------------------------------------------------------

class DoubleFullHeal(FullHeal):
    text = "every Special Condition of your Active Pokémon is removed"


# -- Lanette's Net Search ------------------------------------------------------------------------

class LanettesNetSearch(LadyOuting):
    """Lady Outing's search over Basic Pokémon cards (no Baby Pokémon), one per type."""
    text = ("look through your deck for 1 to 3 Basic Pokémon cards (no Baby Pokémon), no two of one type; show "
            "them, put them into your hand and shuffle the deck")
    what = msg("Basic Pokémon card (not a Baby Pokémon)")

    def fits(self, state: State, inst: str) -> bool:
        c = state.card_of(inst)
        return c.supertype == "Pokemon" and c.stage == "Basic" and not is_baby(c)

    @staticmethod
    def _kind(state: State, inst: str) -> str | None:
        return state.card_of(inst).type

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        what = msg("1 to %(most)s Basic Pokémon cards (no Baby Pokémon) of different types", most=self.most)
        picked = choose_cards(tctx, "search", self._fitting(tctx.state, among), 1, self.most, what, fewer="R-TRAINER-5",
                         hidden_zone=hidden_zone)
        if len({self._kind(tctx.state, i) for i in picked}) != len(picked):
            raise Illegal("R-TRAINER-1", msg("In choices.%(key)s, name %(what)s.", key="search", what=what))
        return picked

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        deck = state.seats[pending["seat"]].deck
        by_type: dict[str | None, list[str]] = {}
        for i in one_per_card(state, self._fitting(state, [i for i in pending["look"] if i in deck])):
            by_type.setdefault(self._kind(state, i), []).append(i)
        out = [{"search": list(pick)}
               for k in range(1, min(self.most, len(by_type)) + 1)
               for types in combinations(by_type, k)
               for pick in product(*(by_type[t] for t in types))]
        return out or [{"search": []}]


# -- Rare Candy ----------------------------------------------------------------------------------

class RareCandyEx(TrainerCard):
    """Evolve a Basic Pokémon with a Stage 1 card, or straight with a Stage 2 card, from the hand."""
    text = ("put a Stage 1 card from your hand that evolves from one of your Basic Pokémon in play on it, or a "
            "Stage 2 card that evolves from it through a Stage 1; this counts as evolving it")
    choice_zones = {"cards": "hand"}

    @staticmethod
    def _evolutions(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].hand if _is_evolution_card(state.card_of(i))]

    @staticmethod
    def _fits(state: State, p: Pokemon, evo: CardDef) -> bool:
        top = state.card_of(p.top)
        if len(p.stack) != 1 or not top.is_basic_pokemon:
            return False
        if evo.stage == "Stage 1":
            return evo.evolves_from == top.name
        return stage1_links(top.name, evo)

    def check(self, tctx: TrainerCtx) -> None:
        state = tctx.state
        evolutions = self._evolutions(state, tctx.seat)
        if not evolutions:
            raise Illegal("R-EVOLVE-4", msg("%(card)s needs a Stage 1 or Stage 2 Pokémon card in your hand.",
                                            card=tctx.card.name))
        (evo_inst,) = choose_cards(tctx, "cards", evolutions, 1, 1, msg("the Stage 1 or Stage 2 card from your hand"),
                              "R-EVOLVE-4")
        evo = state.card_of(evo_inst)
        (p,) = chosen_targets(tctx, [(tctx.me.in_play(), msg("one of your Pokémon in play"))], "R-EVOLVE-1")
        top = state.card_of(p.top)
        if len(p.stack) != 1 or not top.is_basic_pokemon:
            raise Illegal("R-EVOLVE-4", msg("%(card)s evolves a Basic Pokémon; %(pokemon)s is not one.",
                                            card=tctx.card.name, pokemon=top.name))
        if evo.stage == "Stage 2" and not stage1_links(top.name, evo):
            raise Illegal("R-EVOLVE-1", msg("%(evolution)s does not evolve from %(pokemon)s through a Stage 1 "
                                            "(%(evolution)s evolves from %(previous)s).", evolution=evo.name,
                                            pokemon=top.name, previous=evo.evolves_from))
        tctx.check_evolution(evo, p, skip_stage=evo.stage == "Stage 2")
        tctx.sel = (p, evo_inst)

    def play(self, tctx: TrainerCtx) -> bool:
        p, evo_inst = tctx.sel
        tctx.me.hand.remove(evo_inst)
        tctx.evolve(p, evo_inst, "R-EVOLVE-4")
        return False

    def options(self, state: State, seat: int, instance: str) -> list[dict[str, Any]]:
        return [trainer_option([p.top], cards=[e]) for e in one_per_card(state, self._evolutions(state, seat))
                for p in state.seats[seat].in_play() if self._fits(state, p, state.card_of(e))]


# -- Wally's Training -----------------------------------------------------------------------------

class WallysTraining(DeckSearchTrainer):
    """A deck search whose card evolves the Active Pokémon instead of going to the hand."""
    text = ("look through your deck for a card that evolves from your Active Pokémon and put it on the Active "
            "Pokémon (this counts as evolving it), then shuffle the deck")
    what = msg("card that evolves from your Active Pokémon")

    def fits(self, state: State, inst: str) -> bool:
        active = state.seats[state.owner(inst)].active
        c = state.card_of(inst)
        return active is not None and _is_evolution_card(c) and c.evolves_from == state.card_of(active.top).name

    @staticmethod
    def _active(tctx: TrainerCtx) -> Pokemon:
        active = tctx.me.active
        assert active is not None, "a seat has an Active Pokémon during its turn"
        return active

    def _may_go_on(self, tctx: TrainerCtx, inst: str) -> bool:
        try:
            tctx.check_evolution(tctx.state.card_of(inst), self._active(tctx))
        except Illegal:
            return False
        return True

    def _pick(self, tctx: TrainerCtx, among: list[str], hidden_zone: bool) -> list[str]:
        fitting = [i for i in self._fitting(tctx.state, among) if self._may_go_on(tctx, i)]
        return choose_cards(tctx, "search", fitting, 1, 1, msg("a card that evolves from your Active Pokémon"),
                       fewer="R-TRAINER-5", hidden_zone=hidden_zone)

    def check(self, tctx: TrainerCtx) -> None:
        active = self._active(tctx)
        state = tctx.state
        first_turns = 2 if tctx.rules.evolution_blocked_first_turn_each else 1
        if state.turn <= first_turns:
            raise Illegal("R-EVOLVE-3", msg("No Pokémon may evolve on the first turn of the game: %(card)s can't "
                                            "evolve your Active Pokémon now.", card=tctx.card.name))
        if active.entered_turn == state.turn:
            raise Illegal("R-EVOLVE-2", msg("%(pokemon)s was put into play or evolved this turn and can't evolve now.",
                                            pokemon=tctx.name(active)))
        super().check(tctx)

    def _take(self, tctx: TrainerCtx, picked: list[str]) -> None:
        who = tctx.seat_label(tctx.seat)
        if picked:
            tctx.me.deck.remove(picked[0])
            tctx.evolve(self._active(tctx), picked[0], "R-EVOLVE-5")
        shuffle_deck(tctx, tctx.seat)
        if picked:
            tctx.say(msg("%(seat)s shuffles the deck.", seat=who), "R-TRAINER-1")
        else:
            tctx.say(msg("%(seat)s finds no card that evolves from your Active Pokémon and shuffles the deck.",
                         seat=who), "R-TRAINER-5")

    def resolve_options(self, state: State, pending: dict[str, Any]) -> list[dict[str, Any]]:
        # `[]` too: it is legal only when no card found may go on the Active (legal_actions keeps it then).
        return [opt for opt in super().resolve_options(state, pending) if opt["search"]] + [{"search": []}]


# -- the fossils ---------------------------------------------------------------------------------

class ExFossil(AntiqueFossil):
    """An EX fossil: the Scarlet & Violet fossils' class (Clefairy Doll's), giving no Prize card."""

    def __init__(self, hp: int):
        self.hp = hp
        self.text = (f"goes onto your Bench as a {hp}-HP Colorless Basic Pokémon with no attacks; it can't retreat, "
                     "gets no Special Conditions and gives no Prize card when Knocked Out; during your turn "
                     "you may discard it from play (action discard_from_play)")

    prize_count = ClefairyDoll.prize_count


class JaggedStone(RoughSkin):
    """Poké-Body: Rough Skin with 1 counter (Claw Fossil)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.text = ("each time an opponent's attack damages this Pokémon while it is your Active Pokémon (even when "
                     "that Knocks it Out), 1 damage counter goes on the attacking Pokémon")


class SpongyStone(Power):
    """Poké-Body: between turns, 1 damage counter less on this Pokémon."""
    text = "between every two turns, 1 damage counter is removed from this Pokémon (Active or Benched)"

    def between_turns(self, src: Listener, ev: TurnEvent) -> None:
        p = counter_off_between_turns(src, ev)
        if p is None:
            return
        ctx = ev.ctx
        ctx.say(msg("%(pokemon)s's Spongy Stone removes 1 damage counter (%(damage)s/%(hp)s).", pokemon=ctx.name(p),
                    damage=p.damage, hp=ctx.state.hp(p)), "R-CHECKUP-1")


FOSSILS = {"ex2-90": (40, ("Jagged Stone", JaggedStone())),      # Claw Fossil
           "ex2-91": (10, None),                                   # Mysterious Fossil
           "ex2-92": (40, ("Spongy Stone", SpongyStone()))}      # Root Fossil

define_trainer("ex2-86", DoubleFullHeal())
define_trainer("ex2-87", LanettesNetSearch())
define_trainer("ex2-88", RareCandyEx())
define_trainer("ex2-89", WallysTraining())
for _card_id, (_hp, _body) in FOSSILS.items():
    if _body is not None:
        _with_poke_body(_card_id, *_body)
    define_trainer(_card_id, ExFossil(_hp), as_pokemon={"hp": _hp, "type": "Colorless", "retreat_cost": 0})
