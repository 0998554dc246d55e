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
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from events.codec import ChainKey, canonical_json
from events.keys import validate_match_id
from events.lru import BoundedLRU

log = logging.getLogger(__name__)

ANCHOR_FORMAT = 1
_SUFFIX = ".jsonl"
_TAIL_BYTES = 16 * 1024
_TAILS_HELD = 1024


@dataclass(frozen=True, slots=True)
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


@dataclass
class _Tail:
    """The end of one anchor file as this process last read it: the lines parsed (each an
    anchor, or None for a line that failed its MAC, with its length in bytes), no more than
    the last ``_TAIL_BYTES``. The next tail read parses only what was appended since, so a
    job on a long match does not re-read and re-MAC the same 16 KiB each time."""

    file: tuple[int, int]             # (st_dev, st_ino)
    size: int = 0                     # bytes of the file parsed, up to a line's end
    mtime_ns: int = 0
    lines: deque[tuple[Anchor | None, int]] = field(default_factory=deque)
    held_bytes: int = 0

    def add(self, anchor: Anchor | None, length: int) -> None:
        self.lines.append((anchor, length))
        self.held_bytes += length
        while self.held_bytes > _TAIL_BYTES and self.lines:
            self.held_bytes -= self.lines.popleft()[1]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


class AnchorLog:
    """The anchor files of one anchor dir."""

    def __init__(self, directory: str | os.PathLike, key: ChainKey):
        self.directory = Path(directory)
        self._key = key
        self._tails: BoundedLRU[str, _Tail] = BoundedLRU(_TAILS_HELD)
        self._tails_lock = threading.Lock()

    def path(self, match_id: str) -> Path:
        return self.directory / f"{validate_match_id(match_id)}{_SUFFIX}"

    # ------------------------------------------------------------------ writing

    def append(self, match_id: str, seq: int, hash_: str, kind: str = "head") -> Anchor:
        """Append one anchor and fsync it (and the directory, for a new file)."""
        anchor = Anchor(match_id, int(seq), hash_, _now(), kind)
        line = canonical_json(self._signed(anchor)) + "\n"
        stat = append_line(self.path(match_id), line)
        self._held_tail_grew(match_id, stat, anchor, len(line.encode("utf-8")))
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
        if tail_only:
            with self._tails_lock:
                result = self._read_tail(match_id, path)
        else:
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                return AnchorRead([])
            parsed = [self._parse(raw, match_id) for raw in data.splitlines() if raw.strip()]
            result = AnchorRead([a for a in parsed if a is not None],
                                sum(1 for a in parsed if a is None))
        if result.invalid:
            log.warning("match %s: %d anchor line(s) in %s fail their MAC", match_id,
                        result.invalid, path)
        return result

    def _read_tail(self, match_id: str, path: Path) -> AnchorRead:
        """The last 16 KiB's anchors, from what this process held of the file's end plus
        the lines appended since. The file read again from its last 16 KiB when it shrank,
        was replaced, or changed without growing."""
        try:
            handle = path.open("rb")
        except FileNotFoundError:
            self._tails.pop(match_id)
            return AnchorRead([])
        with handle:
            stat = os.fstat(handle.fileno())
            tail = self._tails.get(match_id)
            if (tail is None or tail.file != (stat.st_dev, stat.st_ino)
                    or stat.st_size < tail.size
                    or (stat.st_size == tail.size and stat.st_mtime_ns != tail.mtime_ns)):
                tail = _Tail((stat.st_dev, stat.st_ino), size=max(0, stat.st_size - _TAIL_BYTES))
                partial_first = tail.size > 0
            else:
                partial_first = False
            handle.seek(tail.size)
            data = handle.read(stat.st_size - tail.size)
        if partial_first:   # a read from the middle of the file: its first line is cut
            cut = data.find(b"\n") + 1
            tail.size, data = tail.size + cut, (data[cut:] if cut else b"")
        whole = data.rfind(b"\n") + 1       # a line still being written is read next time
        for raw in data[:whole].splitlines(keepends=True):
            if raw.strip():
                tail.add(self._parse(raw, match_id), len(raw))
        tail.size += whole
        tail.mtime_ns = stat.st_mtime_ns
        self._tails.put(match_id, tail)
        unfinished = 1 if data[whole:].strip() else 0
        anchors = [anchor for anchor, _ in tail.lines if anchor is not None]
        return AnchorRead(anchors, len(tail.lines) - len(anchors) + unfinished)

    def _held_tail_grew(self, match_id: str, stat: os.stat_result, anchor: Anchor,
                        length: int) -> None:
        """After this process appended ``anchor``: the held tail takes it without reading
        it back, if nothing else was written to the file since the tail was read."""
        with self._tails_lock:
            tail = self._tails.get(match_id)
            if tail is None:
                return
            if (tail.file != (stat.st_dev, stat.st_ino)
                    or stat.st_size != tail.size + length):
                self._tails.pop(match_id)
                return
            tail.add(anchor, length)
            tail.size, tail.mtime_ns = stat.st_size, stat.st_mtime_ns

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
        yield from valid_stems(self.directory, validate_match_id)


def valid_stems(directory: Path, validate: Callable[[str], str]) -> Iterator[str]:
    """The names of the anchor files in ``directory`` less ``.jsonl``, in order, each one
    ``validate`` accepts (a file named otherwise is no log's)."""
    try:
        names = sorted(p.name for p in directory.iterdir())
    except FileNotFoundError:
        return
    for name in names:
        if name.endswith(_SUFFIX):
            try:
                yield validate(name[:-len(_SUFFIX)])
            except ValueError:
                continue


def append_line(path: Path, line: str) -> os.stat_result:
    """Append ``line`` to the file at ``path`` and fsync it (and its directory, for a new
    file); the file's stat after the write. One write() of the whole line: O_APPEND keeps
    concurrent writers' lines whole."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    new_file = not path.exists()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, line.encode("utf-8"))
        os.fsync(fd)
        stat = os.fstat(fd)
    finally:
        os.close(fd)
    if new_file:
        _fsync_dir(path.parent)
    return stat


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
