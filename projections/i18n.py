"""The languages texts are served in, and gettext lookups in them (Babel's catalogues).

A text a person reads is written in English by the code, as a gettext message id with its
values kept apart (``projections.messages.msg``). This module renders such a ``Message`` in
one of ``LANGUAGES`` from the catalogues in ``projections/locale/<dir>/LC_MESSAGES/
messages.mo`` (``pt_BR``, ``es``; English is the message ids themselves). The catalogues are
made with Babel's tools (``babel.cfg``, ``python scripts/i18n.py extract|update|compile|merge``)
and committed compiled, so the service needs no build step.

A missing or empty translation reads as the English message id: a reader gets English rather
than nothing (the catalogue-completeness test, ``tests/i18n``, keeps the catalogues full). A
translation whose placeholders don't fit the values falls back to English too.

``language=None`` everywhere means the current one (``projections.messages.LANGUAGE``: the
API sets it per request, the CLI from ``--lang`` or the locale).
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel.support import Translations

from .messages import ENGLISH, Localizable, Message, current_language

# The language tags served (BCP 47, as Content-Language writes them), English first.
LANGUAGES: tuple[str, ...] = (ENGLISH, "pt-BR", "es")
# The catalogue directory of each translated language (gettext's locale names).
CATALOGUES: dict[str, str] = {"pt-BR": "pt_BR", "es": "es"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"

# A language tag's primary subtag -> the language served for it (Accept-Language, locales).
_PRIMARY: dict[str, str] = {"en": ENGLISH, "pt": "pt-BR", "es": "es"}
# What a ``lang`` value may be (the OpenAPI document's pattern, written for any regex dialect):
# en or es with any subtags, pt alone or pt-BR; any case, "-" or "_".
LANG_PATTERN = (r"^([Ee][Nn]([-_][A-Za-z0-9]{1,8})*|[Pp][Tt]([-_][Bb][Rr])?"
                r"|[Ee][Ss]([-_][A-Za-z0-9]{1,8})*)$")
_LANG = re.compile(r"(en(?:[-_][a-z0-9]{1,8})*)|(pt(?:[-_]br)?)|(es(?:[-_][a-z0-9]{1,8})*)",
                   re.IGNORECASE | re.ASCII)
_PLACEHOLDER = re.compile(r"%\((\w+)\)[sdifr]|%%")
_LETTER = re.compile(r"[^\W\d_]")


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalogue of ``language`` (loaded once); English's is the message ids."""
    directory = CATALOGUES.get(language)
    if directory is None:
        return _gettext.NullTranslations()
    return Translations.load(str(LOCALE_DIR), [directory], DOMAIN)


def gettext(message_id: str, language: str | None = None) -> str:
    """``message_id`` in ``language``; the id itself (English) when it has no translation."""
    return translations(language or current_language()).gettext(message_id)


def ngettext(singular: str, plural: str, n: int, language: str | None = None) -> str:
    """The form of ``singular``/``plural`` for ``n`` in ``language`` (its plural rule)."""
    return translations(language or current_language()).ngettext(singular, plural, n)


def needs_entry(message_id: str) -> bool:
    """Whether a message id has words to translate: one that is only placeholders and
    punctuation (``joined``'s ``"%(item0)s, %(item1)s"``) reads the same in every language."""
    return bool(_LETTER.search(_PLACEHOLDER.sub("", message_id)))


def placeholders(text: str) -> set[str]:
    """The ``%(name)s`` placeholders of a message id or a translation."""
    return {name for name in _PLACEHOLDER.findall(text) if name}


def translate(text: str, language: str | None = None) -> str:
    """``text`` as the reader of ``language`` reads it: a ``Message`` rendered from the
    catalogue (its plural form chosen by its count, each value that is a ``Message``
    translated in turn, a card's name or a card reference (``Localizable``) as the card is
    printed in the language, any other value kept: names, numbers); any other ``str`` as it
    is. English is the Message's own text."""
    if not isinstance(text, Message | Localizable):
        return text
    language = language or current_language()
    if language == ENGLISH or language not in CATALOGUES:
        return str.__str__(text)
    if isinstance(text, Localizable):
        return text.localized(language)
    return _translated(text, language)


def _value(value: Any, language: str) -> Any:
    if isinstance(value, Message):
        return _translated(value, language)
    if isinstance(value, Localizable):
        return value.localized(language)
    return value


def _translated(message: Message, language: str) -> str:
    values = {key: _value(value, language) for key, value in message.values.items()}
    catalogue = translations(language)
    if message.plural is not None:
        template = catalogue.ngettext(message.msgid, message.plural,
                                      message.quantity if message.quantity is not None else 1)
    elif needs_entry(message.msgid):
        template = catalogue.gettext(message.msgid)
    else:
        template = message.msgid
    if not values:
        return template
    try:
        return template % values
    except (KeyError, ValueError, TypeError):      # a translation that doesn't fit: English
        english = message.plural if message.plural is not None and message.quantity != 1 else message.msgid
        return english % values


def translate_all(texts: Iterable[str], language: str | None = None) -> list[str]:
    return [translate(text, language) for text in texts]


def translate_deep(value: Any, language: str | None = None) -> Any:
    """``value`` with every ``Message`` in it (in lists, tuples, dict values and keys)
    translated; everything else as it is. For an answer built before its language was known."""
    language = language or current_language()
    if language == ENGLISH:
        return value
    if isinstance(value, str):
        return translate(value, language)
    if isinstance(value, list):
        return [translate_deep(item, language) for item in value]
    if type(value) is tuple:
        return tuple(translate_deep(item, language) for item in value)
    if isinstance(value, Mapping):
        return {translate_deep(key, language): translate_deep(item, language)
                for key, item in value.items()}
    return value


# ---------------------------------------------------------------------- language tags

def language_of_tag(tag: str | None) -> str | None:
    """The served language a ``lang`` value asks for, or None: ``en``/``en-*`` → en,
    ``pt``/``pt-BR`` → pt-BR, ``es``/``es-*`` → es, in any case, ``-`` or ``_`` between the
    subtags (exactly what ``LANG_PATTERN`` admits)."""
    match = _LANG.fullmatch(tag) if tag else None
    if match is None:
        return None
    return ENGLISH if match.group(1) else "pt-BR" if match.group(2) else "es"


def language_of_locale(value: str | None) -> str | None:
    """The served language of a POSIX locale name (``pt_BR.UTF-8``, ``es_ES@euro``, ``C``):
    None when it names no language served. Any Portuguese locale reads pt-BR (the one
    Portuguese there is)."""
    if not value:
        return None
    name = value.split(".", 1)[0].split("@", 1)[0].strip()
    if name.upper() in ("C", "POSIX"):
        return ENGLISH
    return _PRIMARY.get(re.split(r"[-_]", name, maxsplit=1)[0].lower())


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language of a command run from a shell: the first of LC_ALL, LC_MESSAGES, LANG
    that is set (gettext's order), its language if served, else English. LANGUAGE (GNU's
    list) is read first when set, as gettext does."""
    for entry in (environ.get("LANGUAGE") or "").split(":"):
        found = language_of_locale(entry)
        if found is not None:
            return found
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if value:
            return language_of_locale(value) or ENGLISH
    return ENGLISH


def best_language(accepted: Iterable[tuple[str, float]]) -> str | None:
    """The served language an ``Accept-Language`` header prefers: ``accepted`` is its
    ``(tag, quality)`` pairs, best first (werkzeug's ``request.accept_languages``); a tag
    counts by its primary language (``es-MX`` → es, any ``pt`` → pt-BR), ``*`` is English,
    quality 0 is a refusal. None when nothing fits."""
    for tag, quality in accepted:
        if quality <= 0:
            continue
        if tag.strip() == "*":
            return ENGLISH
        primary = re.split(r"[-_]", tag.strip(), maxsplit=1)[0].lower()
        if primary in _PRIMARY:
            return _PRIMARY[primary]
    return None
