"""The Scarlet & Violet fossils (Antique Dome Fossil, Antique Helix Fossil, Antique Old Amber,
Antique Cover Fossil, Antique Root Fossil, and White Flare's Antique Plume Fossil, the same
text): Items played as 60-HP Colorless Basic Pokémon that
Kabutops-line and the other fossil Pokémon evolve from.

The Base Set's Clefairy Doll is the same kind of card (a Trainer played as a Basic Pokémon
that can't retreat, gets no Special Conditions and may be discarded from play during its
owner's turn); these reuse its class. Rulings taken here:
- Unlike the Doll, their text says nothing of Prize cards: Knocked Out, a fossil gives its
  Prize card like any Pokémon (R-KO-2).
- In the hand, the deck or the discard pile a fossil is an Item (a search for a Pokémon does
  not find it); in play it is a Basic Pokémon, so a Rare Candy or an evolution card names it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import msg
from ..carddb import define_trainer
from ..core import discard_cards, remove_pokemon_from_play
from ..illegal import Illegal
from ..state import Pokemon
from .base1_trainers import ClefairyDoll

if TYPE_CHECKING:
    from ..contexts import TrainerCtx
    from ..core import Ctx
    from ..hooks import Listener, PokemonEvent

FOSSILS = ("sv3pt5-152", "sv3pt5-153", "sv3pt5-154", "sv7-129", "sv7-130", "zsv10pt5-80", "rsv10pt5-79")


class AntiqueFossil(ClefairyDoll):
    text = ("goes onto your Bench as a 60-HP Colorless Basic Pokémon with no attacks; it can't "
            "retreat and gets no Special Conditions; during your turn you may discard it from play "
            "(action discard_from_play)")

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.me.bench.append(Pokemon(stack=[tctx.instance], entered_turn=tctx.state.turn))
        tctx.say(msg("%(seat)s puts %(card)s onto the Bench as a Basic Pokémon.", seat=tctx.seat_label(tctx.seat),
                     card=tctx.card.name), "R-BENCH-2")
        return True

    def can_retreat(self, src: Listener, ev: PokemonEvent) -> Illegal | None:
        if ev.pokemon is src.on:
            return Illegal("R-RETREAT-1", msg("%(pokemon)s can't retreat.", pokemon=ev.state.pokemon_name(ev.pokemon)))
        return None

    def prize_count(self, src: Listener, ev: PokemonEvent, n: int) -> int:
        return n

    def check_discard_from_play(self, ctx: Ctx, p: Pokemon, place: str) -> None:
        if place == "active" and not ctx.state.seats[ctx.seat].bench:
            raise Illegal("R-TRAINER-1", msg("%(pokemon)s is the only Pokémon in play; discarding it would leave no "
                                             "Active Pokémon.", pokemon=ctx.name(p)))

    def discard_from_play(self, ctx: Ctx, p: Pokemon, place: str) -> None:
        self.check_discard_from_play(ctx, p, place)
        name = ctx.name(p)
        remove_pokemon_from_play(ctx, ctx.seat, p)
        discard_cards(ctx, ctx.seat, p.all_cards())
        ctx.say(msg("%(seat)s discards %(pokemon)s from play (not a Knock Out: no Prize).",
                    seat=ctx.seat_label(ctx.seat), pokemon=name), "R-TRAINER-1")


for _card_id in FOSSILS:
    define_trainer(_card_id, AntiqueFossil(), as_pokemon={"hp": 60, "type": "Colorless", "retreat_cost": 0})
