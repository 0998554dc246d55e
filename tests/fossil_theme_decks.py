"""Fossil's two theme decks, LockDown and BodyGuard, in the deck-list format decklist.py reads."""

# Fossil's theme decks (Wizards of the Coast, 1999), written out as best known: the original
# lists could not be checked here, so each is a 60-card Base Set + Fossil list of the deck's
# types and featured Pokémon (LockDown: Grass and Psychic, Muk's Toxic Gas; BodyGuard: Water
# and Fighting, the fossil Pokémon).
LOCKDOWN = """Pokémon: 24
4 Ekans FOS 46
2 Arbok FOS 31
4 Grimer FOS 48
2 Muk FOS 28
4 Zubat FOS 57
2 Golbat FOS 34
3 Gastly FOS 33
2 Haunter FOS 21
1 Psyduck FOS 53
Trainer: 12
2 Gambler FOS 60
2 Recycle FOS 61
2 Energy Search FOS 59
2 Potion BS 94
2 Switch BS 95
2 Bill BS 91
Energy: 24
16 Grass Energy BS 99
8 Psychic Energy BS 101
Total Cards: 60
"""
BODYGUARD = """Pokémon: 24
4 Krabby FOS 51
2 Kingler FOS 38
4 Shellder FOS 54
2 Cloyster FOS 32
4 Geodude FOS 47
2 Graveler FOS 37
2 Omanyte FOS 52
1 Omastar FOS 40
2 Kabuto FOS 50
1 Lapras FOS 25
Trainer: 12
3 Mysterious Fossil FOS 62
2 Mr. Fuji FOS 58
2 Potion BS 94
2 Super Potion BS 90
1 Energy Search FOS 59
2 Bill BS 91
Energy: 24
14 Water Energy BS 102
10 Fighting Energy BS 97
Total Cards: 60
"""
