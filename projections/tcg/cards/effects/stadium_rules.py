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
from .trainers import TrainerCard


class ToolsHaveNoEffect(TrainerCard):
    """A Stadium under which the Pokémon Tools attached to every Pokémon have no effect (R-TRAINER-3):
    the engine reads `tools_have_no_effect` (hooks.tools_have_no_effect)."""
    text = "Stadium: the Pokémon Tools attached to every Pokémon in play, yours and your opponent's, have no effect"
    tools_have_no_effect = True

    def play(self, tctx: TrainerCtx) -> bool:
        tctx.say(msg("%(card)s is now in play for both players.", card=tctx.card.name), "R-TRAINER-3")
        return True
