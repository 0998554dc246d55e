"""Anchors: each match's verified head, written outside Redis.

The keyed chain shows that every event was written by a holder of the chain key, but not
that the log is *complete*: cutting its tail and moving the head back leaves a chain that
verifies. So the after-append job, once it has verified a match's chain, appends the head it
saw - ``{match_id, seq, hash, at, kind, mac}``, ``mac`` an HMAC under a subkey of the chain
key - as one line to ``<anchor dir>/<match_id>.jsonl`` (``O_APPEND``, then ``fsync``). A log
that no longer holds an anchored ``(seq, hash)`` was truncated or rewritten; a match with
anchors but no log was erased.

The files are append-only by use, not by force: someone who can write the anchor dir can
delete lines (losing detections, never making a bad log verify) or add garbage (lines whose
MAC fails are counted as ``invalid`` and otherwise ignored). ``kind`` is ``head`` (the job)
or ``receipt`` (a client's receipt that the log no longer held, kept as evidence).
"""

from __future__ import annotations

import hmac
import json
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from events.codec import ChainKey, canonical_json
from events.keys import validate_match_id

log = logging.getLogger(__name__)

ANCHOR_FORMAT = 1
_SUFFIX = ".jsonl"
_TAIL_BYTES = 16 * 1024


@dataclass(frozen=True)
class Anchor:
    match_id: str
    seq: int
    hash: str
    at: str
    kind: str = "head"


@dataclass(frozen=True)
class AnchorRead:
    """The valid anchors of one match (in file order) and how many lines failed their MAC."""

    anchors: list[Anchor]
    invalid: int = 0

    @property
    def highest(self) -> Anchor | None:
        return max(self.anchors, key=lambda a: a.seq, default=None)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


class AnchorLog:
    """The anchor files of one anchor dir."""

    def __init__(self, directory: str | os.PathLike, key: ChainKey):
        self.directory = Path(directory)
        self._key = key

    def path(self, match_id: str) -> Path:
        return self.directory / f"{validate_match_id(match_id)}{_SUFFIX}"

    # ------------------------------------------------------------------ writing

    def append(self, match_id: str, seq: int, hash_: str, kind: str = "head") -> Anchor:
        """Append one anchor and fsync it (and the directory, for a new file)."""
        anchor = Anchor(match_id, int(seq), hash_, _now(), kind)
        line = canonical_json(self._signed(anchor)) + "\n"
        path = self.path(match_id)
        self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        new_file = not path.exists()
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            # One write() of the whole line: O_APPEND keeps concurrent writers' lines whole.
            os.write(fd, line.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        if new_file:
            _fsync_dir(self.directory)
        return anchor

    def anchor_head(self, match_id: str, seq: int, hash_: str,
                    recent: list[Anchor] | None = None) -> Anchor | None:
        """Anchor ``(seq, hash)`` unless the newest anchors (``recent``, if the caller just
        read them) already hold it (a job run twice). Returns the new anchor, or None."""
        if seq < 1:
            return None
        if recent is None:
            recent = self.read(match_id, tail_only=True).anchors
        if any(a.seq == seq and a.hash == hash_ for a in recent):
            return None
        return self.append(match_id, seq, hash_)

    @staticmethod
    def _fields(anchor: Anchor) -> dict[str, Any]:
        return {"v": ANCHOR_FORMAT, "match_id": anchor.match_id, "seq": anchor.seq,
                "hash": anchor.hash, "at": anchor.at, "kind": anchor.kind}

    def _signed(self, anchor: Anchor) -> dict[str, Any]:
        fields = self._fields(anchor)
        fields["mac"] = self._key.anchor_mac(fields)
        return fields

    # ------------------------------------------------------------------ reading

    def read(self, match_id: str, *, tail_only: bool = False) -> AnchorRead:
        """The match's anchors (``tail_only``: only those in the file's last 16 KiB, what
        the after-append job compares with, so that it stays cheap on a long match)."""
        path = self.path(match_id)
        try:
            with path.open("rb") as handle:
                if tail_only:
                    size = handle.seek(0, os.SEEK_END)
                    handle.seek(max(0, size - _TAIL_BYTES))
                    data = handle.read()
                    if size > _TAIL_BYTES:
                        data = data.split(b"\n", 1)[1] if b"\n" in data else b""
                else:
                    data = handle.read()
        except FileNotFoundError:
            return AnchorRead([])
        anchors: list[Anchor] = []
        invalid = 0
        for raw in data.splitlines():
            if not raw.strip():
                continue
            anchor = self._parse(raw, match_id)
            if anchor is None:
                invalid += 1
            else:
                anchors.append(anchor)
        if invalid:
            log.warning("match %s: %d anchor line(s) in %s fail their MAC", match_id, invalid,
                        path)
        return AnchorRead(anchors, invalid)

    def _parse(self, raw: bytes, match_id: str) -> Anchor | None:
        try:
            fields = json.loads(raw)
            anchor = Anchor(fields["match_id"], fields["seq"], fields["hash"], fields["at"],
                            fields["kind"])
        except (ValueError, KeyError, TypeError):
            return None
        if (anchor.match_id != match_id or not isinstance(anchor.seq, int)
                or isinstance(anchor.seq, bool) or not isinstance(anchor.hash, str)):
            return None
        expected = self._fields(anchor)
        mac = fields.get("mac")
        if (not isinstance(mac, str) or set(fields) != {*expected, "mac"}
                or any(fields[name] != value for name, value in expected.items())):
            return None
        if not hmac.compare_digest(self._key.anchor_mac(expected), mac):
            return None
        return anchor

    def match_ids(self) -> Iterator[str]:
        """Every match with an anchor file."""
        try:
            names = sorted(p.name for p in self.directory.iterdir())
        except FileNotFoundError:
            return
        for name in names:
            if name.endswith(_SUFFIX):
                match_id = name[:-len(_SUFFIX)]
                try:
                    yield validate_match_id(match_id)
                except ValueError:
                    continue


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
