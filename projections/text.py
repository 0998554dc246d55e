"""Card references inside the texts a game writes (narration, refusals), for any game.

A game never writes a card's name into a sentence where the card may be hidden from a
reader. It writes a reference instead, ``⟦<instance>|<name>⟧``, and the text is rendered
for each reader at the edge: a reader who may see the instance reads "Charizard (0:17)",
anyone else reads "a hidden card". So the name is never written next to an id that the
reader's filter hides, and a refusal or a preview can't tell a player what it must not know.

A reference may carry a grant, ``⟦<instance>|<name>|<seats>⟧`` — ``*`` for everyone, or
seat numbers joined by ``,`` — when the event itself shows the card to those players (Lass
shows both hands, a mulligan shows the hand, Pokémon Trader shows the two cards traded).
Grants count only for a committed event; a dry run (a preview) reveals nothing.

A text may be a ``projections.messages.Message``: ``render`` writes it in the current language
first (``projections.i18n.translate``), then the references in it, so a card reference is a
value the translation carries along and "a hidden card" is written in that language too. A
reference keeps the card's name (``CardRef``), so the translation writes the name as the card
is printed in the reader's language (issue 43 item 4) — the text stored or compared stays
English.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import Any, cast

from .i18n import translate
from .messages import Localizable, msg

HIDDEN_CARD = msg("a hidden card")
# A line of narration only judges and scorekeepers read (a player's report that disagrees with
# what the judges recorded of its hidden cards: projections.tcg.table): its very existence
# would tell a player something, so every other reader's narration leaves the line out.
JUDGES_ONLY = "⟦judges⟧"
# The name a reference carries for a card whose identity nobody knows (a paper table's unknown
# card: projections.tcg.carddb): written in the reader's language like the hidden card.
UNKNOWN_CARD = msg("an unknown card")
EVERYONE = "*"

_REF = re.compile(r"⟦([^|⟧]+)\|([^|⟧]*)(?:\|([^⟧]*))?⟧")


def judges_only(text: str) -> str:
    """``text`` marked as a line that only a reader who sees everything reads."""
    return msg("%(judges)s%(text)s", judges=JUDGES_ONLY, text=text)


def for_judges_only(text: str) -> bool:
    return JUDGES_ONLY in text


class CardRef(Localizable):
    """A reference as written (its ``str``: the English name), which keeps the name so that a
    reader's language can write it as the card is printed there (``Localizable``)."""

    __slots__ = ("instance", "name", "grant")

    instance: str
    name: str
    grant: str | None

    def __new__(cls, instance: str, name: str, grant: str | None) -> CardRef:
        ref = str.__new__(cls, _written(instance, name, grant))
        ref.instance, ref.name, ref.grant = instance, name, grant
        return ref

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardRef, (self.instance, self.name, self.grant))

    def localized(self, language: str) -> str:
        if not isinstance(self.name, Localizable):
            return str.__str__(self)
        return _written(self.instance, self.name.localized(language), self.grant)


def _written(instance: str, name: str, grant: str | None) -> str:
    return f"⟦{instance}|{name}⟧" if grant is None else f"⟦{instance}|{name}|{grant}⟧"


def card_ref(instance: str, name: str, shown_to: Iterable[int] | str | None = None) -> str:
    """The reference to write for ``instance`` (named ``name``) in a text."""
    if shown_to is None:
        return CardRef(instance, name, None)
    if shown_to == EVERYONE:
        return CardRef(instance, name, EVERYONE)
    seats = cast("Iterable[int]", shown_to)     # the one str shown_to may be is EVERYONE
    return CardRef(instance, name, ",".join(str(s) for s in sorted(set(seats))))


def _granted_to(grant: str | None, seat: int | None) -> bool:
    if not grant:
        return False
    return grant == EVERYONE or (seat is not None and str(seat) in grant.split(","))


def grants(texts: Iterable[str], seat: int | None) -> set[str]:
    """The instances these texts show to ``seat`` (their references with a grant)."""
    shown: set[str] = set()
    for text in texts:
        for match in _REF.finditer(text):
            if _granted_to(match.group(3), seat):
                shown.add(match.group(1))
    return shown


def render(text: str, hidden: Collection[str] = frozenset(), seat: int | None = None,
           honour_grants: bool = True) -> str:
    """``text`` in the current language with each reference written out: the name and
    instance, or "a hidden card" for an instance in ``hidden`` (unless a grant shows it to
    ``seat``)."""
    text = translate(text)
    if "⟦" not in text:
        return text
    text = text.replace(JUDGES_ONLY, "")
    hidden_card, unknown_card = translate(HIDDEN_CARD), translate(UNKNOWN_CARD)

    def write(match: re.Match[str]) -> str:
        instance, name, grant = match.group(1), match.group(2), match.group(3)
        if instance in hidden and not (honour_grants and _granted_to(grant, seat)):
            return hidden_card
        return f"{unknown_card if name == UNKNOWN_CARD else name} ({instance})"

    return _REF.sub(write, text)


def render_all(texts: Iterable[str]) -> list[str]:
    """Texts for a reader who sees everything (a judge, an export), in the current language."""
    return [render(text) for text in texts]
