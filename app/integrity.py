"""How the API shows that a match is frozen (its log failed an integrity check).

Reads of a frozen match still answer, flagged: ``get_meta`` (matches_service) notes the
meta hash's freeze record, and every answer of that request carries
``Referee-Integrity: frozen; first-bad-seq=<seq>; finding=<finding>``. The summary carries
the same as its ``integrity`` member. Nothing here is hidden information: a seq, a word
from ``events.store.FINDINGS`` and who detected it when.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, g

HEADER = "Referee-Integrity"
TYPE_FROZEN = "urn:referee:problem:match-frozen"


def note_meta(meta: dict[str, Any] | None) -> None:
    """Remember the match's freeze record (if any) for this request's answer."""
    frozen = (meta or {}).get("frozen")
    if frozen is not None:
        g.referee_frozen = frozen


def integrity_member(meta: dict[str, Any] | None) -> dict[str, Any]:
    frozen = (meta or {}).get("frozen")
    if frozen is None:
        return {"frozen": False, "first_bad_seq": None, "finding": None,
                "detected_by": None, "detected_at": None}
    return {"frozen": True, "first_bad_seq": frozen.get("first_bad_seq"),
            "finding": frozen.get("finding"), "detected_by": frozen.get("detected_by"),
            "detected_at": frozen.get("detected_at")}


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
