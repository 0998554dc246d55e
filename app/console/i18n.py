"""The console's words, looked up in the gettext catalogues in the reader's language.

Templates and Python call ``_("…")`` (gettext's name and signature, placeholders as
``%(name)s``) and ``ngettext(singular, plural, count)`` (``%(num)s`` holds the count), so
``pybabel extract`` collects every message id from ``app/console`` (``babel.cfg``); the lookup
is ``projections.i18n`` in the language of the request (``projections.messages.LANGUAGE``:
the ``lang`` query parameter, else the console's language cookie, else ``Accept-Language``).
The scripts get their words from ``SCRIPT_MESSAGES``, rendered into each page as JSON (message
id -> text in the page's language). Words the pages show from data (a match's status, a role,
a Special Condition, a zone) are looked up by ``_(value)`` too: ``DATA_WORDS`` names them as
message ids so the catalogue holds them. No English is written into template logic or the
script.
"""

from __future__ import annotations

from typing import Any

from projections.i18n import LANGUAGES, translate
from projections.i18n import gettext as _gettext
from projections.i18n import ngettext as _ngettext
from projections.messages import current_language, msg

# The name of each language in itself, for the picker (never translated).
LANGUAGE_NAMES = {"en": "English", "pt-BR": "Português (Brasil)", "es": "Español"}


def _(message: str, **values: Any) -> str:
    if not message:
        return ""      # gettext("") is the catalogue's header
    text = _gettext(str(message))
    return text % values if values else text


def ngettext(singular: str, plural: str, count: int, **values: Any) -> str:
    return _ngettext(singular, plural, count) % {"num": count, **values}


def tr(text: Any) -> str:
    """A text that may be a ``Message`` (a summary's ``how_text``), in the page's language."""
    return "" if text is None else translate(text)


def language() -> str:
    return current_language()


# The words console.js shows (message id -> text), looked up by the id.
SCRIPT_MESSAGES = tuple(str(m) for m in (
    msg("Sending…"), msg("Refused"), msg("Logged"), msg("Failed: %(status)s"), msg("Live"),
    msg("Viewing seq %(seq)s of %(head)s"),
    msg("New events since: go to the latest to follow live"),
    msg("Connection lost: reconnecting…"), msg("Following live"),
    msg("This preview appended nothing."), msg("Check first (preview)"), msg("Send"),
    msg("Nothing would be appended."), msg("Coin flips (heads/tails, in order):"), msg("Sent"),
    msg("Cancel"), msg("Declared steps must be a JSON list."), msg("Remove %(card)s"), msg("a card not looked at"),
    # a dry run's penalty, in words (J-PENALTY-2)
    msg("An event"), msg("Penalty: %(level)s for %(infraction)s to %(player)s"),
    msg("Guidelines recommend: %(level)s"),
    msg("Escalation (J-PENALTY-2): earlier standing penalties of this category: %(num)s; "
        "suggested level: %(level)s"),
    msg("No earlier standing penalty of this category: no escalation."),
))

# Values from data the pages pass to ``_()``: here as message ids, for the catalogue.
DATA_WORDS = (
    # a match's status (MATCH_STATUSES)
    msg("setup"), msg("playing"), msg("sudden_death"), msg("finished"),
    # a dispute's status (projections.disputes.STATUSES)
    msg("open"), msg("ruled"), msg("appealed"), msg("decided"),
    # a signed-in role
    msg("judge"), msg("player"), msg("scorekeeper"), msg("admin"),
    # Special Conditions on a Pokémon (projections.tcg.core.SPECIAL_CONDITIONS)
    msg("asleep"), msg("confused"), msg("paralyzed"), msg("poisoned"), msg("burned"),
    # the zones a judge's reveal names (events.schemas.REVEAL_ZONES)
    msg("hand"), msg("prizes"), msg("deck"), msg("discard"),
    # how a game ended when no rule id says it
    msg("concede"),
    # (the penalty guidelines' names: projections.report.PENALTY_WORDS)
)


def script_messages() -> dict[str, str]:
    return {message: _(message) for message in SCRIPT_MESSAGES}


def language_links(path: str, args: Any) -> list[dict[str, Any]]:
    """The picker: each language's link (this page, its query kept, ``lang`` set)."""
    from urllib.parse import urlencode

    kept = [(key, value) for key, values in args.lists() if key != "lang" for value in values]
    here = current_language()
    return [{"tag": tag, "name": LANGUAGE_NAMES.get(tag, tag), "current": tag == here,
             "href": f"{path}?{urlencode([*kept, ('lang', tag)])}"} for tag in LANGUAGES]
