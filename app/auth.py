"""Bearer tokens and roles.

A token is ``secrets.token_urlsafe(32)``, shown once. The service keeps only its
HMAC-SHA256 under ``REFEREE_TOKEN_SECRET`` (a Redis hash keyed by that digest, compared again
in constant time), with the token's role and binding:

==============  ==========================================================================
player          one match and one seat: act for that seat, read that seat's view, dispute
scorekeeper     one match: act for either seat, read everything of that match
judge           every match: everything (``head_judge`` also decides appeals)
admin           issue and revoke tokens (and create matches)
==============  ==========================================================================

Every blueprint but health calls ``protect(blp)``: the request's principal is resolved before
the body is read, so a caller without a valid token gets 401 whatever it sent. Routes then
ask ``require_*`` for what they need (403 otherwise).

``REFEREE_DEV_MODE=1`` turns authentication off: every caller is a (head) judge.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import redis
from flask import current_app, g, request

from app.errors import TYPE_FORBIDDEN, problem
from app.problem_types import problem_uri
from app.request_guard import check_json_body
from app.session_cookie import cookie_may_authenticate, session_token_id
from app.token_cache import REVOCATIONS, RevocationListener, listener_for
from events.codec import as_text
from events.redis_client import StoreRedis, on_slot
from projections.messages import msg

ROLES = ("player", "scorekeeper", "judge", "admin")
FULL_VIEW_ROLES = ("judge", "scorekeeper")
TOKEN_BYTES = 32
_MAX_TOKEN_LENGTH = 256
_KEY_PREFIX = "ref:{auth}:"  # one hash tag: a token's two keys share a cluster slot
TYPE_UNAUTHENTICATED = problem_uri("unauthenticated")
DEV_PRINCIPAL_SUBJECT = "dev-mode"


@dataclass(frozen=True)
class Principal:
    role: str
    subject: str
    token_id: str | None = None
    match_id: str | None = None
    seat: int | None = None
    head_judge: bool = False

    @property
    def actor(self) -> dict[str, str]:
        """What the event store records as the event's ``actor``."""
        return {"subject": self.subject, "role": self.role}

    @property
    def full_view(self) -> bool:
        return self.role in FULL_VIEW_ROLES

    @property
    def view_role(self) -> str:
        return self.role if self.full_view else "player"

    def describe(self) -> dict[str, Any]:
        return {"token_id": self.token_id, "role": self.role, "subject": self.subject,
                "match_id": self.match_id, "seat": self.seat, "head_judge": self.head_judge}



def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


class TokenStore:
    """Tokens in Redis, stored only as HMAC digests."""

    def __init__(self, client: StoreRedis, secret: str,
                 listener: RevocationListener | None = None):
        """``listener``: the process's revocation listener, whose cache ``lookup`` reads
        and fills (``app.token_cache``); None reads Redis every time."""
        if not secret:
            raise ValueError("a token secret is needed")
        self._redis = client
        self._secret = secret.encode("utf-8")
        self._cache = listener.cache if listener is not None else None

    def digest(self, token: str) -> str:
        return hmac.new(self._secret, token.encode("utf-8"), hashlib.sha256).hexdigest()

    @staticmethod
    def _record_key(digest: str) -> str:
        return f"{_KEY_PREFIX}token:{digest}"

    # token id -> digest, in one hash: the store's Redis user has no SET (SET can replace
    # any key, an event stream included).
    _ID_INDEX = f"{_KEY_PREFIX}token-ids"

    @staticmethod
    def _legacy_id_key(token_id: str) -> str:
        """Where a token issued before the id index kept its digest (read only)."""
        return f"{_KEY_PREFIX}token-id:{token_id}"

    def _digest_of(self, token_id: str) -> str | None:
        digest = as_text(self._redis.hget(self._ID_INDEX, token_id))
        if not digest:
            digest = as_text(self._redis.get(self._legacy_id_key(token_id)))
        return digest or None

    def issue(self, role: str, subject: str, match_id: str | None = None,
              seat: int | None = None, head_judge: bool = False) -> tuple[str, dict[str, Any]]:
        """A new token: ``(the token, its record)``. The token itself is not stored."""
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        token_id = secrets.token_hex(8)
        digest = self.digest(token)
        record = {"token_id": token_id, "role": role, "subject": subject,
                  "match_id": match_id, "seat": seat, "head_judge": bool(head_judge),
                  "created_at": _now(), "revoked": False}
        fields = {"token_id": token_id, "role": role, "subject": subject,
                  "match_id": match_id or "", "seat": "" if seat is None else str(seat),
                  "head_judge": "1" if head_judge else "0", "created_at": record["created_at"],
                  "revoked": "0", "digest": digest}
        def write(node: redis.Redis) -> None:  # one MULTI on the node of the {auth} slot
            pipe = node.pipeline(transaction=True)
            pipe.hset(self._record_key(digest), mapping=fields)
            pipe.hset(self._ID_INDEX, token_id, digest)
            pipe.execute()

        on_slot(self._redis, self._ID_INDEX, write)
        return token, record

    def lookup(self, token: str) -> dict[str, Any] | None:
        """The live record of ``token``, or None (unknown, forged or revoked)."""
        if not token or len(token) > _MAX_TOKEN_LENGTH:
            return None
        digest = self.digest(token)
        cache = self._cache
        if cache is not None:
            kept = cache.get(digest)
            if kept is not None:
                return kept
            generation = cache.generation  # before the read: see app.token_cache
        raw = self._redis.hgetall(self._record_key(digest))
        if not raw:
            return None
        record = self._decode(raw)
        if not hmac.compare_digest(record.pop("digest", ""), digest) or record["revoked"]:
            return None
        if cache is not None:
            cache.keep(digest, record, generation)
        return record

    def get(self, token_id: str) -> dict[str, Any] | None:
        digest = self._digest_of(token_id)
        if not digest:
            return None
        raw = self._redis.hgetall(self._record_key(digest))
        if not raw:
            return None
        record = self._decode(raw)
        record.pop("digest", None)
        return record

    def revoke(self, token_id: str) -> dict[str, Any] | None:
        """Mark the token revoked (records are never deleted). None for an unknown id."""
        digest = self._digest_of(token_id)
        if not digest:
            return None
        self._redis.hset(self._record_key(digest),
                         mapping={"revoked": "1", "revoked_at": _now()})
        if self._cache is not None:
            self._cache.revoked(digest)
        # Every process's cache drops it (app.token_cache): after the mark, so that a
        # process reading the record again sees it revoked.
        self._redis.publish(REVOCATIONS, digest)
        return self.get(token_id)

    @staticmethod
    def _decode(raw: dict[Any, Any]) -> dict[str, Any]:
        data = {as_text(k): as_text(v) for k, v in raw.items()}
        return {
            "token_id": data.get("token_id"),
            "role": data.get("role"),
            "subject": data.get("subject"),
            "match_id": data.get("match_id") or None,
            "seat": int(data["seat"]) if data.get("seat") else None,
            "head_judge": data.get("head_judge") == "1",
            "created_at": data.get("created_at"),
            "revoked": data.get("revoked") == "1",
            "revoked_at": data.get("revoked_at"),
            "digest": data.get("digest", ""),
        }


def token_secret() -> str | None:
    return current_app.config.get("REFEREE_TOKEN_SECRET") or None


def dev_mode() -> bool:
    return bool(current_app.config.get("REFEREE_DEV_MODE"))


def token_store() -> TokenStore:
    """The app's token store. In dev mode without a secret, tokens are still issued (with
    a placeholder key) so clients work the same, but nothing checks them."""
    from app.extensions import get_redis

    secret = token_secret() or ("insecure-dev-mode-secret" if dev_mode() else None)
    if not secret:
        problem(503, msg("Authentication not configured"),
                msg("REFEREE_TOKEN_SECRET is not set; tokens cannot be issued or checked."))
    client = get_redis()
    return TokenStore(client, secret,
                      listener_for(client, float(current_app.config.get("REFEREE_TOKEN_CACHE_SECONDS") or 0)))


# ---------------------------------------------------------------------- per request

def _unauthenticated(detail: str) -> None:
    problem(401, msg("Unauthenticated"), detail, type=TYPE_UNAUTHENTICATED,
            headers={"WWW-Authenticate": 'Bearer realm="referee"'})


def _principal(record: dict[str, Any]) -> Principal:
    return Principal(role=record["role"], subject=record["subject"],
                     token_id=record["token_id"], match_id=record["match_id"],
                     seat=record["seat"], head_judge=record["head_judge"])


def session_principal() -> Principal | None:
    """The console session's principal (``app.session_cookie``), if the request may use it
    and its token is still live."""
    if dev_mode():
        return Principal(role="judge", subject=DEV_PRINCIPAL_SUBJECT, head_judge=True)
    if not cookie_may_authenticate():
        return None
    token_id = session_token_id()
    record = token_store().get(token_id) if token_id else None
    if record is None or record["revoked"]:
        return None
    return _principal(record)


def authenticate() -> Principal:
    """Resolve the caller from ``Authorization: Bearer <token>``, else from the console's
    session cookie (see ``app.session_cookie``); 401 if neither does."""
    if dev_mode():
        return Principal(role="judge", subject=DEV_PRINCIPAL_SUBJECT, head_judge=True)
    from_session = session_principal()
    if from_session is not None:
        return from_session
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        _unauthenticated(msg("Send a token as 'Authorization: Bearer <token>'."))
    if not token_secret():
        _unauthenticated(msg("Authentication is not configured on this server."))
    record = token_store().lookup(token)
    if record is None:
        _unauthenticated(msg("The token is unknown or was revoked."))
    return _principal(record)


def _authenticate_hook() -> None:
    g.principal = authenticate()


def protect(blueprint: Any) -> Any:
    """Resolve the principal before any view of ``blueprint`` (and before its body is read:
    a caller without a valid token gets 401 whatever it sent, and no body of an unknown
    caller is ever read or parsed)."""
    blueprint.before_request(_authenticate_hook)
    blueprint.before_request(check_json_body)
    return blueprint


def current_principal() -> Principal:
    found = g.get("principal")
    if found is None:
        found = g.principal = authenticate()
    return found


def forbid(detail: str) -> None:
    problem(403, msg("Forbidden"), detail, type=TYPE_FORBIDDEN)


def require_role(*roles: str) -> Principal:
    who = current_principal()
    if who.role not in roles:
        forbid(msg("This needs the role %(roles)s; the token's role is %(role)s.",
                   roles=" or ".join(roles), role=who.role))
    return who


def require_match_reader(match_id: str) -> Principal:
    """Judges read every match; players and scorekeepers only their own."""
    who = current_principal()
    if who.role == "judge":
        return who
    if who.role in ("player", "scorekeeper") and who.match_id == match_id:
        return who
    forbid(msg("This token may not read this match."))
    raise AssertionError  # unreachable


def require_seat_writer(match_id: str, seat: int) -> Principal:
    """Who may act for ``seat``: that seat's player, the match's scorekeeper, any judge."""
    who = require_match_reader(match_id)
    if who.role == "player" and who.seat != seat:
        forbid(msg("A player's token acts only for its own seat (%(own)s), not seat %(seat)s.",
                   own=who.seat, seat=seat))
    return who


def require_judge(match_id: str | None = None, head: bool = False) -> Principal:
    who = current_principal()
    if who.role != "judge":
        forbid(msg("Only a judge may do this."))
    if head and not who.head_judge:
        forbid(msg("Only the head judge decides appeals (J-APPEAL-1)."))
    return who
