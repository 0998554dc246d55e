"""Tournament files other software writes, read and written back without a web or a store:
TOM's ``.tdf`` (``tom``), over a hardened XML reader (``xmltree``); Play! Pokémon's age
divisions (``divisions``)."""
