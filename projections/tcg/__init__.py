"""The Pokémon Trading Card Game engine (pure: no I/O, clock or global RNG)."""
from . import cards  # noqa: F401  (registers every card's effects)
