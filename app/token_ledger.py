"""Revocations written outside Redis, so that putting an old token record back can't undo one.

A token record's MAC (``app.token_records``) stops an edit, not a replay: someone with the app's
Redis password who saved a token's record before it was revoked can write it back, MAC and
all. So every revocation is also appended - before Redis is marked - as one line
``{v, token_id, digest, at, mac}`` (``mac`` an HMAC under a key derived from
``REFEREE_TOKEN_SECRET``) to ``<anchor dir>/tokens/revoked.jsonl`` (``O_APPEND``, then
``fsync``), the storage the integrity anchors live on (``events.anchors``), which the Redis
password does not reach. Every process reads the file before it accepts a record read from
Redis: a digest in it is revoked whatever Redis says.

The file is append-only by use: a process reads only what was appended since its last read,
and never forgets a revocation it has read (a file that shrank or was replaced is read again
whole, the process keeping the union, with a warning). Someone who can write the anchor dir
*and* Redis can still undo a revocation for processes started after the edit; lines whose MAC
fails are counted and ignored.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import threading
from pathlib import Path

from app.token_records import derived_key, now_text
from events.anchors import append_line
from events.codec import canonical_json

log = logging.getLogger(__name__)

LEDGER_SUBDIR = "tokens"
LEDGER_FILE = "revoked.jsonl"
_FORMAT = 1


def ledger_path(anchor_dir: str | os.PathLike) -> Path:
    return Path(anchor_dir) / LEDGER_SUBDIR / LEDGER_FILE


class RevocationLedger:
    """The revocation file of one anchor dir, as this process has read it."""

    def __init__(self, path: str | os.PathLike, secret: bytes):
        self.path = Path(path)
        self._key = derived_key(secret, "token-ledger")
        self._lock = threading.Lock()
        self._digests: set[str] = set()
        self._file: tuple[int, int] | None = None   # (st_dev, st_ino) read
        self._offset = 0                            # bytes read, up to a line's end
        self.invalid = 0

    def _mac(self, token_id: str, digest: str, at: str) -> str:
        fields = {"v": _FORMAT, "token_id": token_id, "digest": digest, "at": at}
        return hmac.new(self._key, canonical_json(fields).encode(), hashlib.sha256).hexdigest()

    def record(self, token_id: str, digest: str) -> None:
        """Append the revocation of ``digest`` and fsync it (OSError if it can't be written)."""
        at = now_text()
        line = canonical_json({"v": _FORMAT, "token_id": token_id, "digest": digest, "at": at,
                               "mac": self._mac(token_id, digest, at)}) + "\n"
        append_line(self.path, line)
        with self._lock:
            self._digests.add(digest)

    def is_revoked(self, digest: str) -> bool:
        with self._lock:
            self._catch_up()
            return digest in self._digests

    def revoked(self) -> frozenset[str]:
        with self._lock:
            self._catch_up()
            return frozenset(self._digests)

    def _catch_up(self) -> None:
        """Read what was appended since the last read (one stat when nothing was)."""
        try:
            seen = os.stat(self.path)
            if (seen.st_dev, seen.st_ino) == self._file and seen.st_size == self._offset:
                return
            handle = self.path.open("rb")
        except FileNotFoundError:
            if self._file is not None:
                log.warning("token revocations: %s is gone; keeping the %d revocations this "
                            "process had read", self.path, len(self._digests))
                self._file, self._offset = None, 0
            return
        with handle:
            stat = os.fstat(handle.fileno())
            identity = (stat.st_dev, stat.st_ino)
            if identity != self._file or stat.st_size < self._offset:
                if self._file is not None:
                    log.warning("token revocations: %s was replaced or shrank; reading it "
                                "again and keeping the revocations this process had read",
                                self.path)
                self._file, self._offset = identity, 0
            if stat.st_size == self._offset:
                return
            handle.seek(self._offset)
            data = handle.read(stat.st_size - self._offset)
        whole = data.rfind(b"\n") + 1        # a line still being written is read next time
        for raw in data[:whole].splitlines():
            if raw.strip():
                self._take(raw)
        self._offset += whole

    def _take(self, raw: bytes) -> None:
        try:
            fields = json.loads(raw)
            token_id, digest, at, mac = (fields["token_id"], fields["digest"], fields["at"],
                                         fields["mac"])
            valid = (fields.get("v") == _FORMAT and all(isinstance(v, str) for v in
                                                         (token_id, digest, at, mac))
                     and hmac.compare_digest(self._mac(token_id, digest, at), mac))
        except (ValueError, KeyError, TypeError):
            valid = False
        if not valid:
            self.invalid += 1
            log.warning("token revocations: a line of %s fails its MAC; ignored", self.path)
            return
        self._digests.add(digest)


_LEDGERS: dict[tuple[Path, bytes], RevocationLedger] = {}
_LEDGERS_LOCK = threading.Lock()


def ledger_for(anchor_dir: str | os.PathLike, secret: bytes) -> RevocationLedger:
    """The process's reader of ``anchor_dir``'s revocation file (one per file and secret)."""
    path = ledger_path(anchor_dir)
    key = (path, hashlib.sha256(secret).digest())
    with _LEDGERS_LOCK:
        found = _LEDGERS.get(key)
        if found is None:
            found = _LEDGERS[key] = RevocationLedger(path, secret)
        return found
