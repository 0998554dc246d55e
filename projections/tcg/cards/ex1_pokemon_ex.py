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

from typing import TYPE_CHECKING, Any

from ...messages import msg
from ..carddb import define_pokemon
from ..core import Illegal, attach_by_effect
from .base1_pokemon_2 import DefendingAttackMayFail
from .effects import (
    CoinsTimes,
    Effect,
    Flip,
    Inflict,
    PreventDamageNextTurn,
    SelfDamage,
    _memo,
)
from .ex1_pokemon_1 import HealEachOwn
from .ex1_pokemon_2 import DamageIgnores, PlusPerExtraEnergy, PlusPerHeads, _distinct_picks

if TYPE_CHECKING:
    from ..contexts import AttackCtx
    from ..state import Pokemon, State


class CoinsPerOwnPokemon(Effect):
    """One coin per Pokémon its player has in play; the printed damage times the heads
    (CoinsTimes flips a fixed number)."""
    text = ("flip a coin for each of your Pokémon in play, this one included: the printed damage "
            "times the number of heads")

    def damage(self, actx: AttackCtx, amount: int) -> int:
        count = len(actx.me.in_play())
        heads = sum(actx.flip(f"{actx.attack.name} ({n + 1}/{count})") for n in range(count))
        return actx.attack.damage * heads


class AttachUpToFromDiscard(Effect):
    """Attach up to `most` Energy cards of any kind from the discard pile to this Pokémon
    (AttachFromDiscard attaches exactly one)."""

    def __init__(self, most: int = 2):
        self.most = most
        self.text = (f"attach up to {most} Energy cards (any kind) from your discard pile to this Pokémon "
                     "(choices.cards; left out, all of them when there are that many or fewer)")

    @staticmethod
    def _allowed(state: State, seat: int) -> list[str]:
        return [i for i in state.seats[seat].discard if state.card_of(i).supertype == "Energy"]

    def check(self, actx: AttackCtx) -> None:
        allowed = self._allowed(actx.state, actx.seat)
        chosen = actx.choices.get("cards")
        if chosen is None:
            if len(allowed) > self.most:
                raise Illegal("R-ATTACK-2", msg("Name up to %(count)s Energy cards of your discard pile to attach in "
                                                "choices.cards.", count=self.most))
            chosen = allowed
        elif (not isinstance(chosen, list) or len(chosen) > self.most or len(set(chosen)) != len(chosen)
              or any(c not in allowed for c in chosen)):
            raise Illegal("R-ATTACK-2", msg("choices.cards must name up to %(count)s different Energy cards of your "
                                            "discard pile: %(cards)s.", count=self.most,
                                            cards=", ".join(allowed) or msg("it has none")))
        _memo(actx, self)["cards"] = list(chosen)

    def after(self, actx: AttackCtx) -> None:
        cards = _memo(actx, self)["cards"]
        if not cards:
            actx.say(msg("%(attack)s attaches no Energy card.", attack=actx.attack.name))
            return
        for card in cards:
            actx.me.discard.remove(card)
            actx.say(msg("%(attack)s attaches %(card)s from the discard pile to %(pokemon)s.", attack=actx.attack.name,
                         card=actx.name(card), pokemon=actx.attacker_name))
            attach_by_effect(actx, actx.attacker, card, from_hand=False)

    def options(self, state: State, seat: int, attacker: Pokemon) -> list[dict[str, Any]]:
        allowed = self._allowed(state, seat)
        return [{"cards": pick} for pick in _distinct_picks(state, allowed, 0, min(self.most, len(allowed)))]


def heads(*effects: Effect) -> Flip:
    return Flip(heads=list(effects))


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
