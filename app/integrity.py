"""How the API shows that a match is frozen (its log failed an integrity check).

Reads of a frozen match still answer, flagged: the service's ``get_meta`` shows every match
record it reads to ``note_meta`` (``ServiceContext.note_meta``), and every answer of that
request carries ``Referee-Integrity: frozen; first-bad-seq=<seq>; finding=<finding>``. The
summary carries the same as its ``integrity`` member (``app.service.reading``). Nothing
here is hidden information: a seq, a word from ``events.store.FINDINGS`` and who detected it
when.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, g

HEADER = "Referee-Integrity"


def note_meta(meta: dict[str, Any] | None) -> None:
    """Remember the match's freeze record (if any) for this request's answer."""
    frozen = (meta or {}).get("frozen")
    if frozen is not None:
        g.referee_frozen = frozen


def header_value(frozen: dict[str, Any]) -> str:
    parts = ["frozen"]
    if frozen.get("first_bad_seq") is not None:
        parts.append(f"first-bad-seq={int(frozen['first_bad_seq'])}")
    if frozen.get("finding"):
        parts.append(f"finding={frozen['finding']}")
    return "; ".join(parts)


def _add_header(response: Response) -> Response:
    frozen = g.get("referee_frozen")
    if frozen is not None:
        response.headers[HEADER] = header_value(frozen)
    return response


def register_integrity_header(app: Flask) -> None:
    app.after_request(_add_header)
