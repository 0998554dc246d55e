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
import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, NoReturn

import redis
from flask import current_app, g, request

from app.console_sessions import ConsoleSessions
from app.errors import TYPE_FORBIDDEN, problem
from app.liveness import ALWAYS, Liveness
from app.problem_types import problem_uri
from app.request_guard import check_json_body
from app.session_cookie import cookie_may_authenticate, session_ids
from app.token_cache import REVOCATIONS, RevocationListener, listener_for
from app.token_ledger import RevocationLedger, ledger_for
from app.token_records import (
    RECORD_FORMAT,
    SIGNED_FIELDS,
    Verdict,
    decoded,
    expired,
    mac_verdict,
    now_text,
    record_key,
    record_mac,
    signed,
    text_fields,
)
from events.anchors import AnchorLog
from events.codec import as_text
from events.config import DEFAULT_TOKEN_DAYS
from events.lru import BoundedLRU
from events.redis_client import StoreRedis, on_slot
from projections.messages import msg

log = logging.getLogger(__name__)

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
    expires_at: str | None = None
    # what ends it: the token's digest (revoked), the console session (signed out)
    digest: str | None = field(default=None, repr=False, compare=False)
    session_id: str | None = field(default=None, repr=False, compare=False)

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
                "match_id": self.match_id, "seat": self.seat, "head_judge": self.head_judge,
                "expires_at": self.expires_at}



class TokenStore:
    """Tokens in Redis, stored only as HMAC digests, each record MAC'd (``app.token_records``)
    and each revocation also written outside Redis (``app.token_ledger``)."""

    def __init__(self, client: StoreRedis, secret: str,
                 listener: RevocationListener | None = None,
                 ledger: RevocationLedger | None = None, days: float = DEFAULT_TOKEN_DAYS):
        """``listener``: the process's revocation listener, whose cache ``lookup`` reads
        and fills (``app.token_cache``); None reads Redis every time. ``ledger``: the
        revocations kept outside Redis (None: Redis alone, for tools and tests). ``days``: a
        new token's lifetime (0: it never expires)."""
        if not secret:
            raise ValueError("a token secret is needed")
        self._redis = client
        self._secret = secret.encode("utf-8")
        self._record_key = record_key(self._secret)
        self.listener = listener
        self._cache = listener.cache if listener is not None else None
        self._ledger = ledger
        self._days = days

    def digest(self, token: str) -> str:
        return hmac.new(self._secret, token.encode("utf-8"), hashlib.sha256).hexdigest()

    @staticmethod
    def _record_key_of(digest: str) -> str:
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
              seat: int | None = None, head_judge: bool = False,
              days: float | None = None) -> tuple[str, dict[str, Any]]:
        """A new token: ``(the token, its record)``. The token itself is not stored.
        ``days``: its lifetime, if not the store's."""
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        token_id = secrets.token_hex(8)
        digest = self.digest(token)
        fields: dict[Any, Any] = signed(self._record_key, {
            "token_id": token_id, "role": role, "subject": subject, "match_id": match_id or "",
            "seat": "" if seat is None else str(seat), "head_judge": "1" if head_judge else "0",
            "created_at": now_text(), "expires_at": self._expiry(days), "revoked": "0",
            "revoked_at": "", "digest": digest})

        def write(node: redis.Redis) -> None:  # one MULTI on the node of the {auth} slot
            pipe = node.pipeline(transaction=True)
            pipe.hset(self._record_key_of(digest), mapping=fields)
            pipe.hset(self._ID_INDEX, token_id, digest)
            pipe.execute()

        on_slot(self._redis, self._ID_INDEX, write)
        return token, decoded(fields)

    def _expiry(self, days: float | None) -> str:
        lifetime = self._days if days is None else days
        if not lifetime or lifetime <= 0:
            return ""
        until = datetime.now(UTC) + timedelta(days=lifetime)
        return until.isoformat(timespec="seconds").replace("+00:00", "Z")

    def read(self, digest: str) -> tuple[Verdict, dict[str, Any] | None]:
        """What Redis (and the ledger) say of ``digest`` now, with its record if it has one.
        A verdict that means Redis was edited is logged (``_report``)."""
        raw = self._redis.hgetall(self._record_key_of(digest))
        if not raw:
            return Verdict.UNKNOWN, None
        fields = text_fields(raw)
        record = decoded(fields)
        verdict = mac_verdict(self._record_key, fields, digest)
        if verdict is None:
            if record["revoked"]:
                verdict = Verdict.REVOKED
            elif self._ledger is not None and self._ledger.is_revoked(digest):
                verdict = Verdict.REPLAYED
            elif expired(record["expires_at"]):
                verdict = Verdict.EXPIRED
            else:
                verdict = Verdict.LIVE
        if verdict.reported:
            _report(verdict, digest, record)
        return verdict, record

    def lookup(self, token: str) -> dict[str, Any] | None:
        """The live record of ``token``, or None (unknown, forged, tampered, revoked or
        expired)."""
        if not token or len(token) > _MAX_TOKEN_LENGTH:
            return None
        return self.lookup_digest(self.digest(token))

    def lookup_digest(self, digest: str) -> dict[str, Any] | None:
        cache = self._cache
        if cache is not None:
            kept = cache.get(digest)
            if kept is not None:
                return None if expired(kept["expires_at"]) else kept
            generation = cache.generation  # before the read: see app.token_cache
        verdict, record = self.read(digest)
        if verdict is not Verdict.LIVE or record is None:
            return None
        if cache is not None:
            cache.keep(digest, record, generation)
        return record

    def live_by_id(self, token_id: str) -> tuple[str, dict[str, Any]] | None:
        """``(digest, record)`` of the live token ``token_id``, read from Redis now. The id
        index is not signed: a record is this token's only if its own (signed) id says so."""
        digest = self._digest_of(token_id)
        if not digest:
            return None
        verdict, record = self.read(digest)
        if verdict is not Verdict.LIVE or record is None:
            return None
        if not hmac.compare_digest(str(record["token_id"]), token_id):
            _report(Verdict.TAMPERED, digest, {"token_id": token_id})
            return None
        return digest, record

    def get(self, token_id: str) -> dict[str, Any] | None:
        """The record of ``token_id`` as stored, whatever it says (None: no record)."""
        digest = self._digest_of(token_id)
        if not digest:
            return None
        raw = self._redis.hgetall(self._record_key_of(digest))
        return decoded(text_fields(raw)) if raw else None

    def revoke(self, token_id: str) -> dict[str, Any] | None:
        """Revoke the token (records are never deleted). None for an unknown id. The record
        returned says ``recorded_outside_redis``: whether the ledger took it (when it could
        not be written, the revocation holds in Redis alone and the error is logged)."""
        digest = self._digest_of(token_id)
        raw = self._redis.hgetall(self._record_key_of(digest)) if digest else None
        if not digest or not raw:
            return None
        fields = text_fields(raw)
        if fields.get("token_id") != token_id:
            # the (unsigned) id index points at another token's record: revoking that one
            # would be the index's doing, not the admin's
            _report(Verdict.TAMPERED, digest, {"token_id": token_id})
            return None
        recorded = self._record_outside_redis(token_id, digest)
        if fields.get("revoked") != "1":
            change: dict[Any, Any] = {"revoked": "1", "revoked_at": now_text()}
            if mac_verdict(self._record_key, fields, digest) is None:
                change = {**change, "v": RECORD_FORMAT,
                          "mac": record_mac(self._record_key, {**fields, **change})}
            # (a record that fails its MAC is marked, not signed: it stays refused)
            self._redis.hset(self._record_key_of(digest), mapping=change)
            fields.update(change)
        if self._cache is not None:
            self._cache.revoked(digest)
        # Every process's cache drops it and its streams end (app.token_cache): after the
        # mark, so that a process reading the record again sees it revoked.
        self._redis.publish(REVOCATIONS, digest)
        return {**decoded(fields), "recorded_outside_redis": recorded}

    def _record_outside_redis(self, token_id: str, digest: str) -> bool:
        if self._ledger is None:
            return False
        try:
            self._ledger.record(token_id, digest)
        except OSError as exc:
            log.error("token %s: its revocation could not be written to %s (%s); it holds in "
                      "Redis alone", token_id, self._ledger.path, type(exc).__name__)
            return False
        return True

    def records(self) -> Iterator[tuple[str, dict[str, str]]]:
        """Every token's ``(digest, stored fields)``, from the id index."""
        for _token_id, digest in self._redis.hgetall(self._ID_INDEX).items():
            raw = self._redis.hgetall(self._record_key_of(as_text(digest)))
            if raw:
                yield as_text(digest), text_fields(raw)

    def sign_unsigned(self, days: float | None = None) -> Iterator[dict[str, Any]]:
        """Sign each record from before MACs, as it stands now (a revoked one also goes to
        the ledger), giving it an expiry (``days``, else the store's); yields each record
        signed. A record that has a MAC, valid or not, is left alone: signing it would bless
        an edit."""
        for digest, fields in list(self.records()):
            if fields.get("mac") or fields.get("digest") != digest:
                continue
            base = {name: fields.get(name, "") for name in SIGNED_FIELDS}
            base["expires_at"] = base["expires_at"] or self._expiry(days)
            update: dict[Any, Any] = signed(self._record_key, base)
            self._redis.hset(self._record_key_of(digest), mapping=update)
            if update["revoked"] == "1":
                self._record_outside_redis(update["token_id"], digest)
            yield decoded(update)

    def check(self) -> Iterator[dict[str, Any]]:
        """Every token's record and verdict (``referee token check``)."""
        for digest, _fields in list(self.records()):
            verdict, record = self.read(digest)
            if record is None:
                continue
            entry = {**record, "verdict": verdict.value}
            if verdict is Verdict.REVOKED:
                entry["recorded_outside_redis"] = (self._ledger is not None
                                                   and self._ledger.is_revoked(digest))
            yield entry


_REPORTED: BoundedLRU[str, bool] = BoundedLRU(10_000)
_WHY = {Verdict.UNSIGNED: "has no MAC (issued before records were signed: `referee token "
                          "sign-unsigned` signs such records)",
        Verdict.TAMPERED: "fails its MAC, or the id index points at another token's record "
                          "(edited in Redis)",
        Verdict.REPLAYED: "is unrevoked in Redis but revoked in the ledger (an older record "
                          "was put back)"}


def _report(verdict: Verdict, digest: str, record: dict[str, Any]) -> None:
    """Log a record someone edited: once per record, verdict and process (the token is
    never logged; the token id, as the record says it, is)."""
    seen = f"{verdict.value}:{digest}"
    if _REPORTED.get(seen) is not None:
        return
    _REPORTED.put(seen, True)
    token_id = str(record.get("token_id"))[:64]
    log.warning("token record %r refused: it %s", token_id, _WHY[verdict])


def token_secret() -> str | None:
    return current_app.config.get("REFEREE_TOKEN_SECRET") or None


def dev_mode() -> bool:
    return bool(current_app.config.get("REFEREE_DEV_MODE"))


def token_store() -> TokenStore:
    """The app's token store. In dev mode without a secret, tokens are still issued (with
    a placeholder key) so clients work the same, but nothing checks them."""
    from app.extensions import get_anchors, get_redis

    secret = token_secret() or ("insecure-dev-mode-secret" if dev_mode() else None)
    if not secret:
        problem(503, msg("Authentication not configured"),
                msg("REFEREE_TOKEN_SECRET is not set; tokens cannot be issued or checked."))
    client = get_redis()
    config = current_app.config
    return TokenStore(client, secret,
                      listener_for(client, float(config.get("REFEREE_TOKEN_CACHE_SECONDS") or 0)),
                      _ledger(secret, get_anchors()),
                      days=float(config.get("REFEREE_TOKEN_DAYS", DEFAULT_TOKEN_DAYS)))


def _ledger(secret: str, anchors: AnchorLog | None) -> RevocationLedger | None:
    """The revocation ledger in the anchor dir (none in dev mode: nothing is checked)."""
    if anchors is None or dev_mode():
        return None
    return ledger_for(anchors.directory, secret.encode("utf-8"))


def console_sessions() -> ConsoleSessions:
    from app.extensions import get_redis

    return ConsoleSessions(get_redis())


# ---------------------------------------------------------------------- per request

def _unauthenticated(detail: str) -> NoReturn:
    problem(401, msg("Unauthenticated"), detail, type=TYPE_UNAUTHENTICATED,
            headers={"WWW-Authenticate": 'Bearer realm="referee"'})


def _principal(record: dict[str, Any], digest: str,
               session_id: str | None = None) -> Principal:
    return Principal(role=record["role"], subject=record["subject"],
                     token_id=record["token_id"], match_id=record["match_id"],
                     seat=record["seat"], head_judge=record["head_judge"],
                     expires_at=record["expires_at"], digest=digest, session_id=session_id)


def session_principal(form: bool = False) -> Principal | None:
    """The console session's principal (``app.session_cookie``), if the request may use it,
    the session was not ended (signed out) and its token is still live. ``form``: a console
    form's post, whose CSRF token is a field."""
    if dev_mode():
        return Principal(role="judge", subject=DEV_PRINCIPAL_SUBJECT, head_judge=True)
    if not cookie_may_authenticate(form):
        return None
    ids = session_ids()
    if ids is None:
        return None
    token_id, session_id = ids
    if console_sessions().ended(session_id):
        return None
    found = token_store().live_by_id(token_id)
    if found is None:
        return None
    digest, record = found
    return _principal(record, digest, session_id)


def liveness(principal: Principal) -> Liveness:
    """What an open stream of ``principal`` asks before each delivery (``app.liveness``)."""
    if principal.digest is None:
        return ALWAYS  # dev mode: no token to revoke
    store = token_store()
    digest, session_id = principal.digest, principal.session_id
    sessions = console_sessions() if session_id else None

    def read_redis() -> bool:
        if sessions is not None and session_id is not None and sessions.ended(session_id):
            return False
        return store.read(digest)[0] is Verdict.LIVE

    cache = store.listener.cache if store.listener is not None else None
    return Liveness(read_redis, cache, digest, session_id, principal.expires_at)


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
    store = token_store()
    digest = store.digest(token) if len(token) <= _MAX_TOKEN_LENGTH else ""
    record = store.lookup_digest(digest) if digest else None
    if record is None:
        _unauthenticated(msg("The token is unknown, was revoked or has expired."))
    return _principal(record, digest)


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
