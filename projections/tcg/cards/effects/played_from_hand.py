"""Blocks over two facts of the turn the engine keeps for modern cards: a Pokémon played from the
hand (the `on_played_from_hand` hook, told by the bench action; `on_evolve` for one played to
evolve) and the Knock Outs by damage from an attack during the opponent's last turn
(`this_turn["knocked_out_by_attack_last_turn"]`, flow.py).

Rulings taken here:
- "When you play this Pokémon from your hand onto your Bench during your turn, you may …" is an
  Ability used with `use_power` as its player's very next action after the `bench` action that
  played it (the state's next event), as Ninjask's Loose Shell (ex3) and Charizard ex's Infernal
  Reign (sv3) already are: the "may" is the player's choice to use it; any other action first
  lets the moment pass (refused, R-POWER-1), and it is used once (the next action is then past).
  A paper table plays a "may" trigger the same way: announced as the card is played, or not at
  all. A Basic put onto the Bench by an effect (Nest Ball, a search, a declared step) is not
  played from the hand: the bench action alone tells the hook.
- "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn" is
  the same, after an evolution from the hand during its player's turn: the `evolve` action or a
  Trainer that plays the card from the hand to evolve (Rare Candy), which both tell `on_evolve`
  (no card of the modern pool the engine carries out evolves from the deck).
- "Knocked Out by damage from an attack during your opponent's last turn": the seats that lost a
  Pokémon whose Knock Out came from an attack's damage bringing it to its HP (flow.py, kept in
  the modern rules): damage counters placed by an attack's effect, an Ability, Poison or Burn are
  not damage from an attack (modern ruling), nor a Knock Out by an effect. "Any of your
  Pokémon" is either of the player's Pokémon, Active or Benched.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from ....messages import msg
from ...core import Illegal, discard_cards, inflict
from ...flow import KNOCKED_OUT_BY_ATTACK_LAST_TURN
from .base import Effect, Power, attack_memo
from .choices import chosen_cards
from .conditions import Inflict
from .energy import DiscardOwnEnergyAfter
from .standard_pokemon import ability_name, draw_for

if TYPE_CHECKING:
    from ...contexts import AttackCtx, PowerCtx
    from ...hooks import EvolveEvent, Listener, PlayedEvent
    from ...state import Pokemon, State

PLAYED_AT = "played_from_hand_at_seq"      # Pokemon.flags: the event that played it from the hand
_WHERE = {False: "onto your Bench", True: "to evolve one of your Pokémon"}


def knocked_out_by_attack_last_turn(state: State, seat: int) -> bool:
    """A Pokémon of `seat` was Knocked Out by damage from an attack during the last turn (the
    opponent's: the record rolls over at each turn's start)."""
    return seat in (state.this_turn.get(KNOCKED_OUT_BY_ATTACK_LAST_TURN) or ())


class MoreIfKnockedOutByAttackLastTurn(Effect):
    """+`bonus` damage when one of its player's Pokémon was Knocked Out by damage from an attack
    during the opponent's last turn."""
    settled_by_check = ()       # damage counted from the state

    def __init__(self, bonus: int):
        self.bonus = bonus
        self.text = (f"+{bonus} damage if any of your Pokémon were Knocked Out by damage from an attack during your "
                     "opponent's last turn")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        return amount + self.bonus if knocked_out_by_attack_last_turn(actx.state, actx.seat) else amount


class InflictIfKnockedOutByAttackLastTurn(Inflict):
    """After the damage, the Defending Pokémon gets a Special Condition when one of its player's
    Pokémon was Knocked Out by damage from an attack during the opponent's last turn."""

    def __init__(self, condition: str):
        super().__init__(condition)
        self.text = (f"the Defending Pokémon is now {condition.capitalize()} if any of your Pokémon were Knocked Out "
                     "by damage from an attack during your opponent's last turn")

    def after(self, actx: AttackCtx) -> None:
        if knocked_out_by_attack_last_turn(actx.state, actx.seat):
            super().after(actx)


class OwnEnergyToHandAfter(DiscardOwnEnergyAfter):
    """After damage, put an Energy card attached to this Pokémon into its player's hand (named
    in choices.cards when there is a choice)."""

    def __init__(self, count: int = 1):
        super().__init__(count)
        self.text = f"put {count} Energy card(s) attached to this Pokémon into your hand (choices.cards)"

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.attacker)
        attack_memo(actx, self)["cards"] = chosen_cards(actx, allowed, self.count, msg("Energy to put into your hand"))

    def after(self, actx: AttackCtx) -> None:
        p = actx.attacker
        cards = [i for i in attack_memo(actx, self).get("cards", []) if i in p.energy]
        if not cards:
            actx.say(msg("%(pokemon)s has no Energy attached to put into the hand.", pokemon=actx.attacker_name))
            return
        for i in cards:
            p.energy.remove(i)
            actx.me.hand.append(i)
        actx.say(msg("%(pokemon)s puts %(cards)s attached to it into %(seat)s's hand.", pokemon=actx.attacker_name,
                     cards=", ".join(actx.name(i) for i in cards), seat=actx.seat_label(actx.seat)), "R-ATTACK-2")


class WhenPlayedFromHand(Power, ABC):
    """An Ability used as the very next action after its Pokémon is played from the hand onto
    the Bench (`evolve` False) or to evolve (`evolve` True) during its player's turn (rulings
    above). A block says what it does in `check_use` (refusals that only read the state) and
    `act`."""
    evolve = False
    settled_by_check: tuple[str, ...] | None = ()

    def on_played_from_hand(self, src: Listener, ev: PlayedEvent) -> None:
        if not self.evolve and ev.pokemon is src.on and ev.ctx.seat == src.seat:
            ev.pokemon.flags[PLAYED_AT] = ev.ctx.state.seq + 1

    def on_evolve(self, src: Listener, ev: EvolveEvent) -> None:
        if self.evolve and ev.pokemon is src.on and ev.card == ev.pokemon.top and ev.ctx.seat == src.seat:
            ev.pokemon.flags[PLAYED_AT] = ev.ctx.state.seq + 1

    def check(self, pctx: PowerCtx) -> None:
        name = pctx.card.power.name if pctx.card.power else pctx.card.name
        if pctx.pokemon.flags.get(PLAYED_AT) == pctx.state.seq:
            self.check_use(pctx)
        elif self.evolve:
            raise Illegal("R-POWER-1", msg("%(ability)s is used when %(pokemon)s is played to evolve one of your "
                                           "Pokémon, as the very next action; that moment has passed.",
                                           ability=name, pokemon=pctx.card.name))
        else:
            raise Illegal("R-POWER-1", msg("%(ability)s is used when %(pokemon)s is played from the hand onto your "
                                           "Bench, as the very next action; that moment has passed.",
                                           ability=name, pokemon=pctx.card.name))

    def check_use(self, pctx: PowerCtx) -> None:
        pass

    def use(self, pctx: PowerCtx) -> None:
        pctx.pokemon.flags.pop(PLAYED_AT, None)      # once: the moment is used
        self.act(pctx)

    @abstractmethod
    def act(self, pctx: PowerCtx) -> None:
        """What the Ability does (each block says)."""

    def options(self, state: State, seat: int, pokemon: Pokemon) -> list[dict[str, Any]]:
        return [{}]


class DiscardStadiumInPlay(WhenPlayedFromHand):
    """Snow Sink: discard the Stadium in play (either player's), to its owner's discard pile."""
    text = ("when you play this Pokémon from your hand onto your Bench (as your very next action): you may discard "
            "the Stadium in play")

    def check_use(self, pctx: PowerCtx) -> None:
        if pctx.state.stadium is None:
            raise Illegal("R-POWER-1", msg("%(ability)s discards a Stadium in play, and there is none.",
                                           ability=pctx.card.power.name if pctx.card.power else pctx.card.name))

    def act(self, pctx: PowerCtx) -> None:
        stadium = pctx.state.stadium
        assert stadium is not None, "check_use"
        pctx.state.stadium = None
        pctx.state.seats[stadium["owner"]].discard.append(stadium["card"])
        pctx.say(msg("%(attack)s discards the Stadium %(stadium)s (%(seat)s's).",
                     attack=pctx.card.power.name if pctx.card.power else pctx.card.name,
                     stadium=pctx.name(stadium["card"]), seat=pctx.seat_label(stadium["owner"])), "R-TRAINER-3")


class DrawOnPlay(WhenPlayedFromHand):
    """Draw `count` cards (what the deck holds, R-TRAINER-5)."""

    def __init__(self, count: int, *, evolve: bool = False):
        self.count = count
        self.evolve = evolve
        self.text = (f"when you play this Pokémon from your hand {_WHERE[evolve]} (as your very next action): you may "
                     f"draw {count} cards")

    def act(self, pctx: PowerCtx) -> None:
        draw_for(pctx, ability_name(pctx), self.count)


class OpponentActiveConditionOnPlay(WhenPlayedFromHand):
    """The opponent's Active Pokémon gets a Special Condition (as an Ability gives it: R-STATUS-7)."""

    def __init__(self, condition: str, *, evolve: bool = False):
        self.condition = condition
        self.evolve = evolve
        self.text = (f"when you play this Pokémon from your hand {_WHERE[evolve]} (as your very next action): you may "
                     f"make your opponent's Active Pokémon {condition.capitalize()}")

    def act(self, pctx: PowerCtx) -> None:
        active = pctx.them.active
        if active is not None:
            inflict(pctx, active, self.condition)


class DiscardOpponentTopOnPlay(WhenPlayedFromHand):
    """The top card of the opponent's deck is discarded (face up: both players see it)."""

    def __init__(self, *, evolve: bool = False):
        self.evolve = evolve
        self.text = (f"when you play this Pokémon from your hand {_WHERE[evolve]} (as your very next action): you may "
                     "discard the top card of your opponent's deck")

    def act(self, pctx: PowerCtx) -> None:
        deck, name, who = pctx.them.deck, ability_name(pctx), pctx.seat_label(pctx.opp)
        if not deck:
            pctx.say(msg("%(ability)s: %(seat)s's deck is empty; nothing is discarded.", ability=name, seat=who),
                     "R-POWER-1")
            return
        top = deck.pop(0)
        discard_cards(pctx, pctx.opp, [top])
        pctx.say(msg("%(ability)s discards the top card of %(seat)s's deck: %(card)s.", ability=name, seat=who,
                     card=pctx.ref(top, shown_to="*")), "R-POWER-1")


__all__ = ["PLAYED_AT", "DiscardOpponentTopOnPlay", "DiscardStadiumInPlay", "DrawOnPlay",
           "OpponentActiveConditionOnPlay", "InflictIfKnockedOutByAttackLastTurn",
           "MoreIfKnockedOutByAttackLastTurn", "OwnEnergyToHandAfter", "WhenPlayedFromHand",
           "knocked_out_by_attack_last_turn"]
