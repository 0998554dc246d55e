"""Where the console's words live, so a translation can find them.

Templates and Python call ``_("…")`` (gettext's name and signature, placeholders as
``%(name)s``), so ``pybabel extract`` collects every message id from ``app/console``; the
scripts get theirs from ``SCRIPT_MESSAGES``, rendered into each page as JSON. Until the
catalogues exist (pt-BR and es are the seeds' languages) a message reads as its id, in
English. No English is written into template logic or the script.
"""

from __future__ import annotations

from typing import Any


def _(message: str, **values: Any) -> str:
    return message % values if values else message


def ngettext(singular: str, plural: str, count: int, **values: Any) -> str:
    return (singular if count == 1 else plural) % {"num": count, **values}


# The words console.js shows (message id -> text), looked up by the id.
SCRIPT_MESSAGES = (
    "Sending…", "Refused", "Logged", "Failed: %(status)s", "Live", "Viewing seq %(seq)s of %(head)s",
    "New events since: go to the latest to follow live", "Connection lost: reconnecting…",
    "Following live", "This preview appended nothing.", "Check first (preview)", "Send",
    "Nothing would be appended.", "Coin flips (heads/tails, in order):", "Sent", "Cancel",
    "Declared steps must be a JSON list.",
)


def script_messages() -> dict[str, str]:
    return {message: _(message) for message in SCRIPT_MESSAGES}
