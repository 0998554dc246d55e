"""Evolving (R-EVOLVE-1..5): whether a card may go on a Pokémon, and putting it there."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..messages import msg
from . import hooks
from .core import Ctx, Illegal
from .hooks import EvolveEvent

if TYPE_CHECKING:
    from .carddb import CardDef
    from .state import Pokemon


def evolves_onto(evo_card: CardDef, top: CardDef) -> bool:
    """R-EVOLVE-1: an Evolution card goes on the Pokémon its card names (legal.py offers
    evolving only there: the evolve action never skips a stage)."""
    return evo_card.evolves_from == top.name


def check_evolution(ctx: Ctx, evo_card: CardDef, target: Pokemon, *, skip_stage: bool = False,
                    instance: str | None = None) -> None:
    """R-EVOLVE-1..4 for putting `evo_card` on `target` (and what is in play: `can_evolve`);
    raises Illegal. `skip_stage`: a card puts a Stage 2 straight on its Basic."""
    state = ctx.state
    turn = state.turn
    if evo_card.stage not in ("Stage 1", "Stage 2"):
        raise Illegal("R-EVOLVE-4", msg("%(card)s is not an Evolution card.", card=evo_card.name))
    only_by = getattr(evo_card.power.effect if evo_card.power else None, "only_into_play_by", None)
    if only_by:             # a card that says how alone it comes into play (its Ability works from the hand)
        raise Illegal("R-EVOLVE-1", msg("%(card)s is put into play only with the effect of %(effect)s.",
                                        card=evo_card.name, effect=only_by))
    first_turns = 2 if ctx.rules.evolution_blocked_first_turn_each else 1
    early = turn <= first_turns or target.entered_turn == turn
    if early and hooks.modify(state, "evolves_early", EvolveEvent(ctx, target, instance or evo_card.id), False):
        early = False       # an effect lets it evolve now: only the turn's rules are waived
    if early and turn <= first_turns:
        raise Illegal("R-EVOLVE-3", msg("No Pokémon may evolve on the first turn of the game or on either player's "
                                        "first turn.") if first_turns == 2
                      else msg("No Pokémon may evolve on the first turn of the game."))
    top = state.card_of(target.top)
    if not skip_stage and not evolves_onto(evo_card, top):
        if evo_card.stage == "Stage 2" and top.stage == "Basic":
            raise Illegal("R-EVOLVE-4", msg("%(card)s is a Stage 2 that evolves from %(from)s: %(pokemon)s is a Basic "
                                            "and must evolve to Stage 1 first.", card=evo_card.name,
                                            pokemon=top.name, **{"from": evo_card.evolves_from}))
        raise Illegal("R-EVOLVE-1", msg("%(card)s evolves from %(from)s, not from %(pokemon)s.", card=evo_card.name,
                                        pokemon=top.name, **{"from": evo_card.evolves_from}))
    if early and target.entered_turn == turn:
        raise Illegal("R-EVOLVE-2", msg("%(pokemon)s was put into play or evolved this turn and can't evolve now.",
                                        pokemon=top.name))
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
    ctx.say(msg("%(seat)s evolves %(pokemon)s into %(card)s.", seat=ctx.seat_label(ctx.seat), pokemon=old,
                card=ctx.name(inst)), rule)
    hooks.tell(ctx.state, "on_evolve", EvolveEvent(ctx, target, inst))
