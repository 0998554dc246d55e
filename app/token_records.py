"""A token's record as Redis holds it, MAC'd so that an edit of it is refused.

A record is a Redis hash of text fields. Everything a decision depends on - the token's id and
digest, role, subject, binding (match, seat, head judge), creation, expiry and revocation -
is covered by ``mac``: an HMAC-SHA256 under a key derived from ``REFEREE_TOKEN_SECRET``
(``record_key``), over the fields' stored text in a canonical JSON. Whoever holds the app's
Redis password but not the secret can't make a record that passes: a player's record made an
admin's, a binding moved, an expiry pushed back or a ``revoked`` flag cleared each fail the
MAC. What the MAC can't tell is an *older* genuine record put back (an unrevoked one over its
revocation): ``app.token_ledger`` keeps revocations outside Redis for that.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from events.codec import as_text, canonical_json

RECORD_FORMAT = "1"
SIGNED_FIELDS = ("v", "token_id", "digest", "role", "subject", "match_id", "seat",
                 "head_judge", "created_at", "expires_at", "revoked", "revoked_at")


class Verdict(Enum):
    """What a token's record says of it."""

    LIVE = "live"
    UNKNOWN = "unknown"        # no record: never issued, or another secret's token
    UNSIGNED = "unsigned"      # a record from before MACs (``referee token sign-unsigned``)
    TAMPERED = "tampered"      # its MAC fails: edited in Redis
    REVOKED = "revoked"
    REPLAYED = "replayed"      # unrevoked in Redis, revoked in the ledger: an old record put back
    EXPIRED = "expired"

    @property
    def reported(self) -> bool:
        """Whether this verdict means someone edited Redis (logged, never silent)."""
        return self in (Verdict.UNSIGNED, Verdict.TAMPERED, Verdict.REPLAYED)


def derived_key(secret: bytes, purpose: str) -> bytes:
    """A key of its own per use of the token secret (the token digests use the secret)."""
    return hmac.new(secret, f"referee-{purpose}".encode(), hashlib.sha256).digest()


def record_key(secret: bytes) -> bytes:
    return derived_key(secret, "token-record")


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def record_mac(key: bytes, fields: Mapping[str, str]) -> str:
    signed = {name: fields.get(name, "") for name in SIGNED_FIELDS}
    return hmac.new(key, canonical_json(signed).encode("utf-8"), hashlib.sha256).hexdigest()


def signed(key: bytes, fields: Mapping[str, str]) -> dict[str, str]:
    """``fields`` (text, as stored) with their format and ``mac``."""
    out = {**fields, "v": RECORD_FORMAT}
    out["mac"] = record_mac(key, out)
    return out


def text_fields(raw: Mapping[Any, Any]) -> dict[str, str]:
    return {as_text(k): as_text(v) for k, v in raw.items()}


def mac_verdict(key: bytes, fields: Mapping[str, str], digest: str) -> Verdict | None:
    """UNSIGNED or TAMPERED when the stored fields don't carry a valid MAC (or belong to
    another digest); None when they do."""
    mac = fields.get("mac")
    if not mac:
        return Verdict.UNSIGNED
    if (fields.get("v") != RECORD_FORMAT or not hmac.compare_digest(fields.get("digest", ""), digest)
            or not hmac.compare_digest(record_mac(key, fields), mac)):
        return Verdict.TAMPERED
    return None


def expired(expires_at: str | None, now: datetime | None = None) -> bool:
    if not expires_at:
        return False
    try:
        until = datetime.fromisoformat(expires_at.replace("Z", "+00:00"))
    except ValueError:
        return True  # a signed record never holds one; refuse rather than guess
    return (now or datetime.now(UTC)) >= until


def decoded(fields: Mapping[str, str]) -> dict[str, Any]:
    """The record as the service uses it (no digest, no MAC)."""
    return {
        "token_id": fields.get("token_id"),
        "role": fields.get("role"),
        "subject": fields.get("subject"),
        "match_id": fields.get("match_id") or None,
        "seat": int(fields["seat"]) if fields.get("seat", "").isdigit() else None,
        "head_judge": fields.get("head_judge") == "1",
        "created_at": fields.get("created_at"),
        "expires_at": fields.get("expires_at") or None,
        "revoked": fields.get("revoked") == "1",
        "revoked_at": fields.get("revoked_at") or None,
    }
