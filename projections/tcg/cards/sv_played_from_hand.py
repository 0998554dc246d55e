"""Scarlet & Violet Pokémon over the facts of a Pokémon played from the hand and of the Knock
Outs by an attack's damage during the last turn (`effects/played_from_hand.py`, whose rulings
apply): Chien-Pao (sv8: Snow Sink, Icicle Loop).

Koraidon ex's Orichalcum Fang (me2pt5) is the attack wording of `compiler/last_turn.py`: the card
is defined by `sv_standard_pokemon.py` (Impact Blow), which leaves Orichalcum Fang to the
compiler, and it compiles there (`compiled_by`: more_if_knocked_out_by_attack_last_turn).

Rulings taken here:
- Icicle Loop: after its damage, one Energy card attached to Chien-Pao goes to its player's hand
  (`choices.cards`, left out when there is one kind); with none attached, nothing happens. The
  card is public as it leaves play (attached cards are in sight of both players).
"""
from __future__ import annotations

from ..carddb import card, define_pokemon
from .effects.played_from_hand import DiscardStadiumInPlay, OwnEnergyToHandAfter

_POKEMON = {
    "Chien-Pao": (("sv8-56",), {"Icicle Loop": OwnEnergyToHandAfter(1)}, DiscardStadiumInPlay()),
}

for _name, (_ids, _attacks, _power) in _POKEMON.items():
    for _id in _ids:
        if card(_id).name != _name:
            raise ValueError(f"{_id} is {card(_id).name}, not {_name}")
        define_pokemon(_id, attacks=dict(_attacks), power=_power)
