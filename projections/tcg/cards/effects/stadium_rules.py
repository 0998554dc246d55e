"""Stadiums that change a rule of the game for both players while they are in play (issue 45),
for the `modern` ruleset: each is a Trainer object the engine asks through a hook or an
attribute it reads (never by the card's name).

- `ToolsHaveNoEffect` ("Pokémon Tools attached to each Pokémon (both yours and your
  opponent's) have no effect.", Jamming Tower): its `tools_have_no_effect` attribute is read by
  `hooks.tools_have_no_effect`; while it is in play an attached Pokémon Tool (a Technical
  Machine is one) answers no hook and gives no attack (`core.usable_attacks`). The Tools stay
  attached: they still count as attached (one Tool a Pokémon, R-TRAINER-4) and the cards that
  count or move Tools still see them (modern ruling). When the Stadium leaves play, they work
  again at once.
"""
from __future__ import annotations

from ....messages import msg
from ...contexts import TrainerCtx
from ...hooks import Listener, PokemonEvent
from .trainers import TrainerCard


class ToolsHaveNoEffect(TrainerCard):
    """A Stadium under which the Pokémon Tools attached to every Pokémon have no effect (R-TRAINER-3):
    the engine reads `tools_have_no_effect` (hooks.tools_have_no_effect)."""
    text = "Stadium: the Pokémon Tools attached to every Pokémon in play, yours and your opponent's, have no effect"
    tools_have_no_effect = True

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.say(msg("%(card)s is now in play for both players.", card=tctx.card.name), "R-TRAINER-3")
        return True


class OneFewerPrizeOncePerGame:
    """A Special Energy (Legacy Energy): "If the Pokémon this card is attached to is Knocked Out by
    damage from an attack from your opponent's Pokémon, that player takes 1 fewer Prize card. This
    effect of your Legacy Energy can't be applied more than once per game." (`prize_count`, told
    `by_attack_damage` by flow.knock_out). The attack is the opponent's when the Knocked Out
    Pokémon's owner is not the player whose turn it is (an attacker's damage to itself or its own
    Bench is not the opponent's). Applied once per game per player: `Seat.once_per_game` keeps
    `key`, cleared for a new game of a match (flow.reset_for_new_game). What it provides is its
    facts' (every type, 1 Energy at a time)."""
    text = ("if the Pokémon it is attached to is Knocked Out by damage from an attack of the opponent's Pokémon, "
            "the opponent takes 1 fewer Prize card (once per game)")

    def __init__(self, key: str) -> None:
        self.key = key

    def prize_count(self, src: Listener, ev: PokemonEvent, value: int) -> int:
        state = ev.state
        if (src.on is not ev.pokemon or not ev.by_attack_damage or ev.seat is None
                or ev.seat == state.seat_to_act or value <= 0):
            return value
        seat = state.seats[src.seat]
        if self.key in seat.once_per_game:
            return value
        seat.once_per_game = [*seat.once_per_game, self.key]
        if ev.ctx is not None:
            name = state.card_of(src.card or "").name
            ev.ctx.say(msg("%(card)s: the opponent takes 1 fewer Prize card.", card=name), "R-KO-2")
        return value - 1
