"""Texts a reader may read in another language: the message and its values, kept apart.

A game writes every sentence a person reads (narration, a refusal, a label) with ``msg``:
a gettext message id in English with ``%(name)s`` placeholders, and the values. The result
*is* the English text (a ``str``), so the engine, its tests and anything that only wants
English use it as they always did; it also keeps the message id and the values, so the edge
(``projections.text.render``) can write it in the reader's language from the gettext
catalogues (``projections/locale``). The event log never holds a sentence: events are rule
ids, card ids and facts, and each reader's language is chosen when the text is rendered.

A value may itself be a ``Message`` (translated in turn), a card reference
(``projections.text.card_ref``, rendered per reader after translation), a number, or a text
no catalogue translates (a card's or a player's name). ``msg_n`` chooses a plural form by
``count`` (``%(num)s`` holds it), as gettext's ``ngettext``.

``msg`` and ``msg_n`` are the keywords ``pybabel extract`` looks for (``babel.cfg``). A text
built by joining strings (``f"{a} {b}"``, ``+``) is a plain ``str`` again: English only. Write a
message for the whole sentence instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

ENGLISH = "en"

# The language texts are rendered in for the code running now (the API sets it per request,
# the CLI from --lang or the locale). The engine never reads it.
LANGUAGE: ContextVar[str] = ContextVar("referee_language", default=ENGLISH)


class Message(str):
    """The English text, with the message id and values it was made of (``PluralMessage``:
    and the plural id and count)."""

    __slots__ = ("msgid", "values")

    msgid: str
    values: Mapping[str, Any]
    plural: str | None = None       # PluralMessage's own
    quantity: int | None = None     # the count a plural form is chosen by (``str.count`` is taken)

    def __new__(cls, msgid: str, values: Mapping[str, Any] | None = None,
                plural: str | None = None, count: int | None = None) -> Message:
        if plural is not None or count is not None:
            return msg_n(msgid, plural if plural is not None else msgid,
                         count if count is not None else 1, **(values or {}))
        return msg(msgid, **(values or {}))

    def __getnewargs__(self) -> tuple[Any, ...]:      # pickle and deepcopy keep the parts
        return (self.msgid, self.values, self.plural, self.quantity)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, self.__getnewargs__())

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        return self.__reduce__()


class Localizable(str):
    """A text no catalogue translates that still reads otherwise in another language: a
    card's name as the card is printed in that language (``projections.tcg.card_names``), a
    card reference carrying one (``projections.text.card_ref``). Its ``str`` is the English;
    ``i18n.translate`` asks it for the reader's language, so the events and every comparison
    keep the English and only what a reader reads changes."""

    __slots__ = ()

    def localized(self, language: str) -> str:
        """The text in ``language`` (its English where it has no other)."""
        return str.__str__(self)


class PluralMessage(Message):
    __slots__ = ("plural", "quantity")     # slots over the base class defaults

    plural: str | None
    quantity: int | None


# The engine writes a Message for every sentence it might say, most of them never read (the
# refusals of the candidates a listing tries): these constructors are the hot path, written
# to do no more than the formatting an f-string did.
_new_text = str.__new__


def msg(message_id: str, /, **values: Any) -> Message:
    """A sentence: ``msg("Coin flip for %(why)s: %(side)s.", why=..., side=msg("heads"))``."""
    text = _new_text(Message, message_id % values if values else message_id)
    text.msgid = message_id
    text.values = values
    return text


def msg_n(singular: str, plural: str, count: int, /, **values: Any) -> Message:
    """A sentence whose form depends on ``count`` (``%(num)s`` holds it)."""
    values.setdefault("num", count)
    text = _new_text(PluralMessage, (singular if count == 1 else plural) % values)
    text.msgid, text.values, text.plural, text.quantity = singular, values, plural, count
    return text


_JOINED: dict[tuple[str, int], tuple[str, tuple[str, ...]]] = {}


def joined(items: Iterable[Any], separator: str = ", ") -> Message:
    """Texts joined by ``separator``, each item still translatable (a list of names, of
    clauses). Its message id is only placeholders and the separator: no catalogue entry."""
    items = tuple(items)
    shape = _JOINED.get((separator, len(items)))
    if shape is None:
        keys = tuple(f"item{i}" for i in range(len(items)))
        shape = (separator.replace("%", "%%").join(f"%({key})s" for key in keys), keys)
        _JOINED[(separator, len(items))] = shape
    message_id, keys = shape
    return msg(message_id, **dict(zip(keys, items, strict=True)))


def current_language() -> str:
    return LANGUAGE.get()


@contextmanager
def using_language(language: str) -> Iterator[None]:
    token = LANGUAGE.set(language)
    try:
        yield
    finally:
        LANGUAGE.reset(token)
