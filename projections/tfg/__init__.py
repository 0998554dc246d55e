"""The Pokémon Trading Figure Game (seed 004, ../shared/TFG.md): a second game, pure like the card
game's engine — board and figures as data, `decide` / `apply` over plain states."""
