"""Jungle's one Trainer, Poké Ball (base2-64).

It is EX Ruby & Sapphire's Poké Ball (ex1_trainers.PokeBall): the same game text but for the
word "may", and the same deck search as every other in the project.

Rulings taken here:
- Flip a coin; tails, nothing more happens (the deck is not looked at nor shuffled). Heads, the
  player looks through the deck (R-HIDDEN-1: the deck is shown, then `choose` names
  choices.search) for a Pokémon card — a Basic Pokémon or an Evolution card — shows it and puts
  it into the hand, then shuffles. As the Base Set's searches (Computer Search, Pokémon Trader),
  a fitting card must be taken when the deck holds one (R-TRAINER-5); with none, the deck is
  still looked at and shuffled. The printed "you may search" is the choice of playing the card.
"""
from __future__ import annotations

from ..carddb import define_trainer
from .effects import PokeBall

define_trainer("base2-64", PokeBall())
