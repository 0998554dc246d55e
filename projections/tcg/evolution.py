"""Evolving (R-EVOLVE-1..5): whether a card may go on a Pokémon, and putting it there."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import hooks
from .core import Ctx, Illegal
from .hooks import EvolveEvent

if TYPE_CHECKING:
    from .carddb import CardDef
    from .state import Pokemon


def check_evolution(ctx: Ctx, evo_card: CardDef, target: Pokemon, *, skip_stage: bool = False,
                    instance: str | None = None) -> None:
    """R-EVOLVE-1..4 for putting `evo_card` on `target` (and what is in play: `can_evolve`);
    raises Illegal. `skip_stage`: a card puts a Stage 2 straight on its Basic."""
    state = ctx.state
    turn = state.turn
    if evo_card.stage not in ("Stage 1", "Stage 2"):
        raise Illegal("R-EVOLVE-4", f"{evo_card.name} is not an Evolution card.")
    first_turns = 2 if ctx.rules.evolution_blocked_first_turn_each else 1
    if turn <= first_turns:
        raise Illegal("R-EVOLVE-3", "No Pokémon may evolve on the first turn of the game"
                      + (" or on either player's first turn." if first_turns == 2 else "."))
    top = state.card_of(target.top)
    if not skip_stage and evo_card.evolves_from != top.name:
        if evo_card.stage == "Stage 2" and top.stage == "Basic":
            raise Illegal("R-EVOLVE-4", f"{evo_card.name} is a Stage 2 that evolves from {evo_card.evolves_from}: "
                          f"{top.name} is a Basic and must evolve to Stage 1 first.")
        raise Illegal("R-EVOLVE-1", f"{evo_card.name} evolves from {evo_card.evolves_from}, not from {top.name}.")
    if target.entered_turn == turn:
        raise Illegal("R-EVOLVE-2", f"{top.name} was put into play or evolved this turn and can't evolve now.")
    refused = hooks.refusal(state, "can_evolve", EvolveEvent(ctx, target, instance or evo_card.id))
    if refused is not None:
        raise refused


def evolve_pokemon(ctx: Ctx, target: Pokemon, inst: str, rule: str = "R-EVOLVE-5") -> None:
    """Put the card on top: attached cards and damage stay; Special Conditions and the effects
    of attacks end (but for those that say they survive it); then `on_evolve`."""
    old = ctx.name(target)
    target.stack.append(inst)
    target.entered_turn = ctx.state.turn
    target.conditions = []
    target.flags.pop("poison_damage", None)
    target.effects = [e for e in target.effects if e.get("survives_evolution")]
    ctx.say(f"{ctx.seat_label(ctx.seat)} evolves {old} into {ctx.name(inst)}.", rule)
    hooks.tell(ctx.state, "on_evolve", EvolveEvent(ctx, target, inst))
