"""Scarlet & Violet Pokémon over the facts of a Pokémon played from the hand and of the Knock
Outs by an attack's damage during the last turn (`effects/played_from_hand.py`, whose rulings
apply): Chien-Pao (sv8: Snow Sink, Icicle Loop), and the Abilities played from the hand of
Durant ex (sv8: Sudden Shearing), Octillery (sv4: Suction Cup Draw), Hypno (sv3pt5: Here for
Hypnosis), Kadabra and Alakazam (me1, mep: Psychic Draw) and Brambleghast (me2: Prison Panic).
Their attacks are left to the compiler (or declared).

Koraidon ex's Orichalcum Fang (me2pt5) is the attack wording of `compiler/last_turn.py`: the card
is defined by `sv_standard_pokemon.py` (Impact Blow), which leaves Orichalcum Fang to the
compiler, and it compiles there (`compiled_by`: more_if_knocked_out_by_attack_last_turn).

Rulings taken here:
- "Once during your turn, when you play this Pokémon from your hand to evolve …, you may use
  this Ability" (Psychic Draw, Prison Panic) is the same moment as the other evolve wording: the
  very next action after the evolution, once.
- Psychic Draw and Suction Cup Draw draw what the deck holds (R-TRAINER-5). Here for Hypnosis and
  Prison Panic give the opponent's Active Pokémon the Condition as any effect does (R-STATUS-7; an
  effect in play that keeps it off stops it). Sudden Shearing shows the discarded card to both
  players; with the opponent's deck empty it discards nothing.
- Icicle Loop: after its damage, one Energy card attached to Chien-Pao goes to its player's hand
  (`choices.cards`, left out when there is one kind); with none attached, nothing happens. The
  card is public as it leaves play (attached cards are in sight of both players).
"""
from __future__ import annotations

from ..carddb import card, define_pokemon
from .effects.played_from_hand import (
    DiscardOpponentTopOnPlay,
    DiscardStadiumInPlay,
    DrawOnPlay,
    OpponentActiveConditionOnPlay,
    OwnEnergyToHandAfter,
)

_POKEMON = {
    "Chien-Pao": (("sv8-56",), {"Icicle Loop": OwnEnergyToHandAfter(1)}, DiscardStadiumInPlay()),
    "Durant ex": (("sv8-4", "sv8-215", "sv8-236"), {}, DiscardOpponentTopOnPlay()),
    "Octillery": (("sv4-34",), {}, DrawOnPlay(3, evolve=True)),
    "Hypno": (("sv3pt5-97",), {}, OpponentActiveConditionOnPlay("asleep", evolve=True)),
    "Kadabra": (("me1-55",), {}, DrawOnPlay(2, evolve=True)),
    "Alakazam": (("me1-56", "mep-3", "mep-9"), {}, DrawOnPlay(3, evolve=True)),
    "Brambleghast": (("me2-47",), {}, OpponentActiveConditionOnPlay("confused", evolve=True)),
}

for _name, (_ids, _attacks, _power) in _POKEMON.items():
    for _id in _ids:
        if card(_id).name != _name:
            raise ValueError(f"{_id} is {card(_id).name}, not {_name}")
        define_pokemon(_id, attacks=dict(_attacks), power=_power)
