"""The words of a 422 that the service did not write: marshmallow's (and webargs', Werkzeug's)
own English messages, made translatable at the edge by their message id.

marshmallow formats its messages (``"Must be one of: {choices}."``) before the service sees
them, so each is written here once as a gettext message id (``%(name)s`` placeholders), and
``known_message`` turns a formatted English text back into a ``Message`` (id and values) that
the problem's reader reads in their language. A text no template fits stays as it is (English:
a new library version's new wording until it is added here, and the completeness test keeps
the catalogue in step with this list).
"""

from __future__ import annotations

import re
from functools import lru_cache

from projections.messages import Message


def N_(message_id: str) -> str:
    """Marks a message id for the catalogue (``pybabel extract``'s ``N_`` keyword)."""
    return message_id


# marshmallow 3/4: fields' default_error_messages, validate's messages (Range's and Length's in
# every combination they format to), Schema's own; webargs' unreadable JSON.
TEMPLATES = (
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Invalid value."),
    N_("Invalid type."),
    N_("Invalid input type."),
    N_("Unknown field."),
    N_("Not a valid list."),
    N_("Not a valid tuple."),
    N_("Not a valid string."),
    N_("Not a valid utf-8 string."),
    N_("Not a valid UUID."),
    N_("Not a valid number."),
    N_("Number too large."),
    N_("Not a valid integer."),
    N_("Special numeric values (nan or infinity) are not permitted."),
    N_("Not a valid boolean."),
    N_("Not a valid datetime."),
    N_("Not a valid date."),
    N_("Not a valid time."),
    N_("Not a valid period of time."),
    N_("Not a valid mapping type."),
    N_("Not a valid URL."),
    N_("Not a valid email address."),
    N_("Not a valid delimited list."),
    N_("Must be one of: %(choices)s."),
    N_("Must be greater than or equal to %(min)s."),
    N_("Must be greater than %(min)s."),
    N_("Must be less than or equal to %(max)s."),
    N_("Must be less than %(max)s."),
    N_("Must be greater than or equal to %(min)s and less than or equal to %(max)s."),
    N_("Must be greater than or equal to %(min)s and less than %(max)s."),
    N_("Must be greater than %(min)s and less than or equal to %(max)s."),
    N_("Must be greater than %(min)s and less than %(max)s."),
    N_("Shorter than minimum length %(min)s."),
    N_("Longer than maximum length %(max)s."),
    N_("Length must be between %(min)s and %(max)s."),
    N_("Length must be %(equal)s."),
    N_("Must be equal to %(other)s."),
    N_("String does not match expected pattern."),
    N_("Invalid input."),
    N_("One or more of the choices you made was not in: %(choices)s."),
    N_("One or more of the choices you made was in: %(values)s."),
    N_("Invalid JSON body."),
)

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    compiled = []
    for template in TEMPLATES:
        parts, last = [], 0
        for match in _PLACEHOLDER.finditer(template):
            parts.append(re.escape(template[last:match.start()]))
            parts.append(f"(?P<{match.group(1)}>.+?)")
            last = match.end()
        parts.append(re.escape(template[last:]))
        compiled.append((re.compile("".join(parts), re.DOTALL), template))
    return tuple(compiled)


def known_message(text: str) -> str:
    """``text`` as a ``Message`` when it is one of the templates formatted; else ``text``."""
    if isinstance(text, Message):
        return text
    for pattern, template in _patterns():
        match = pattern.fullmatch(text)
        if match:
            return Message(template, match.groupdict())
    return text
