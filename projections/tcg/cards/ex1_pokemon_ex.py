"""EX Ruby & Sapphire Pokémon-ex, ex1-96 … ex1-103.

A Pokémon-ex is data: its `ex` tag and its 2 Prize cards come from the card facts
(`ex1_facts.json`, R-KO-2's `prize_count`), so nothing here says "ex". The attacks are lines over
the shared vocabulary; two small classes below cover what it lacks.

Rulings taken here:
- Healing Egg removes up to 2 counters from each of the player's other Pokémon, none from
  Chansey ex itself, and may be used with nothing to heal (it then does nothing).
- Energy Ball counts Energy units beyond the attack's 1-unit cost (a card providing 2 counts 2),
  at most +20.
- Energy Absorption names up to 2 Energy cards of the discard pile (basic or Special) in
  `choices.cards`; left out, it takes every Energy card there when there are 2 or fewer. Naming
  none is allowed ("up to"). The cards are attached by an effect: not the turn's attachment and
  not from the hand (Rainbow Energy puts no counter).
- Beat Up flips one coin for each of the player's Pokémon in play as the attack is made,
  Sneasel ex included.
- Smokescreen and Agility are the Base Set's lasting effects (the Defending Pokémon's next
  attack flips first; every effect of attacks on Scyther ex prevented), kept until the end of
  the opponent's next turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define_pokemon
from .effects import (
    AttachUpToFromDiscard,
    CoinsTimes,
    DamageIgnores,
    DefendingAttackMayFail,
    Effect,
    HealEachOwn,
    Inflict,
    PlusPerExtraEnergy,
    PlusPerHeads,
    PreventDamageNextTurn,
    SelfDamage,
    heads,
)

if TYPE_CHECKING:
    from ..contexts import AttackCtx


class CoinsPerOwnPokemon(Effect):
    """One coin per Pokémon its player has in play; the printed damage times the heads
    (CoinsTimes flips a fixed number)."""
    text = ("flip a coin for each of your Pokémon in play, this one included: the printed damage "
            "times the number of heads")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        count = len(actx.me.in_play())
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{count})") for n in range(count))
        return actx.attack.damage * heads


define_pokemon("ex1-96", {"Healing Egg": HealEachOwn(2, include_self=False),           # Chansey ex
                          "Double-edge": SelfDamage(60)})
define_pokemon("ex1-97", {"Thundershock": heads(Inflict("paralyzed")),                 # Electabuzz ex
                          "Quick Attack": PlusPerHeads(1, 20)})
define_pokemon("ex1-98", {"Steady Punch": PlusPerHeads(1, 10),                         # Hitmonchan ex
                          "Sky Uppercut": DamageIgnores("resistance")})
define_pokemon("ex1-99", {"Energy Ball": PlusPerExtraEnergy(10, max_extra=2),          # Lapras ex
                          "Confuse Ray": Inflict("confused")})
define_pokemon("ex1-100", {"Smokescreen": DefendingAttackMayFail(),                    # Magmar ex
                           "Super Singe": Inflict("burned")})
define_pokemon("ex1-101", {"Energy Absorption": AttachUpToFromDiscard(2), "Psyburn": []})  # Mewtwo ex
define_pokemon("ex1-102", {"Agility": heads(PreventDamageNextTurn("prevent_all")),     # Scyther ex
                           "Slash": []})
define_pokemon("ex1-103", {"Double Scratch": CoinsTimes(2),                            # Sneasel ex
                           "Beat Up": CoinsPerOwnPokemon()})
