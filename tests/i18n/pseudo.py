"""A pseudo-translation for the tests: every message id in a language reads ``⟪<tag>|<id>⟫``
(its plural form by the count, placeholders kept), so a text that reached the reader without
going through the catalogues (a plain English ``str``) shows at once: it has no ``⟪``.

``pseudo_catalogues(monkeypatch)`` puts it in place of the real catalogues for pt-BR and es.
"""

from __future__ import annotations

import gettext
import re

import projections.i18n as i18n

OPEN, CLOSE = "⟪", "⟫"


class PseudoTranslations(gettext.NullTranslations):
    def __init__(self, tag: str):
        super().__init__()
        self.tag = tag

    def gettext(self, message: str) -> str:
        return f"{OPEN}{self.tag}|{message}{CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"{OPEN}{self.tag}|{singular if n == 1 else plural}{CLOSE}"


def pseudo_catalogues(monkeypatch) -> None:
    real = i18n.translations
    fakes = {language: PseudoTranslations(language) for language in i18n.CATALOGUES}
    monkeypatch.setattr(i18n, "translations", lambda language: fakes.get(language) or real(language))


def english_of(text: str) -> str:
    """A pseudo-translated text back in English (the markers taken out)."""
    previous = None
    while previous != text:
        previous = text
        text = re.sub(rf"{OPEN}[^|{OPEN}{CLOSE}]*\|([^{OPEN}{CLOSE}]*){CLOSE}", r"\1", text)
    return text


def translated(text: str, tag: str) -> bool:
    """Whether ``text`` went through the catalogue of ``tag`` (it holds one of its markers)."""
    return f"{OPEN}{tag}|" in text
