"""The anchor file's tail as the after-append job reads it (events/anchors.py): what a
process holds of the file's end is reused and only the lines appended since are parsed,
and every way the file can change behind its back is still seen."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from events import anchors as anchors_module
from events.anchors import AnchorLog
from events.codec import ChainKey

MATCH = "m-tail"


@pytest.fixture
def log(tmp_path: Path) -> AnchorLog:
    return AnchorLog(tmp_path / "anchors", ChainKey("k" * 40))


def _hash(seq: int) -> str:
    return f"{seq:064x}"


def _seqs(log: AnchorLog) -> list[int]:
    return [a.seq for a in log.read(MATCH, tail_only=True).anchors]


def _count_parses(log: AnchorLog, monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    parsed: list[bytes] = []
    original = log._parse

    def counting(raw: bytes, match_id: str):
        parsed.append(raw)
        return original(raw, match_id)

    monkeypatch.setattr(log, "_parse", counting)
    return parsed


def test_a_tail_read_again_parses_only_what_was_appended_since(log, monkeypatch):
    for seq in range(1, 6):
        log.append(MATCH, seq, _hash(seq))
    assert _seqs(log) == [1, 2, 3, 4, 5]
    parsed = _count_parses(log, monkeypatch)
    assert _seqs(log) == [1, 2, 3, 4, 5] and parsed == []       # unchanged: nothing read
    log.append(MATCH, 6, _hash(6))                               # this process's own line
    assert _seqs(log) == [1, 2, 3, 4, 5, 6] and parsed == []
    other = AnchorLog(log.directory, ChainKey("k" * 40))        # another worker's line
    other.append(MATCH, 7, _hash(7))
    assert _seqs(log) == [1, 2, 3, 4, 5, 6, 7] and len(parsed) == 1
    assert log.anchor_head(MATCH, 7, _hash(7)) is None          # already anchored: no line
    assert len(log.path(MATCH).read_text().splitlines()) == 7


def test_the_held_tail_is_the_file_s_last_16_kib(log):
    for seq in range(1, 200):
        log.append(MATCH, seq, _hash(seq))
    fresh = AnchorLog(log.directory, ChainKey("k" * 40))
    assert _seqs(log) == [a.seq for a in fresh.read(MATCH, tail_only=True).anchors]
    lines = log.path(MATCH).read_bytes().splitlines(keepends=True)
    held = _seqs(log)
    assert held[-1] == 199 and held == list(range(200 - len(held), 200))
    assert sum(len(line) for line in lines[-len(held):]) <= anchors_module._TAIL_BYTES
    assert sum(len(line) for line in lines[-len(held) - 1:]) > anchors_module._TAIL_BYTES


def test_garbage_appended_behind_the_process_s_back_is_counted(log):
    log.append(MATCH, 1, _hash(1))
    assert log.read(MATCH, tail_only=True).invalid == 0
    with log.path(MATCH).open("a") as handle:
        handle.write("not json\n")
        handle.write('{"half a line')                # no newline yet: counted, not consumed
    read = log.read(MATCH, tail_only=True)
    assert [a.seq for a in read.anchors] == [1] and read.invalid == 2
    with log.path(MATCH).open("a") as handle:
        handle.write("\n")
    assert log.read(MATCH, tail_only=True).invalid == 2
    log.append(MATCH, 2, _hash(2))
    assert _seqs(log) == [1, 2]


@pytest.mark.parametrize("change", ["truncated", "replaced", "rewritten in place", "deleted"])
def test_a_file_changed_other_than_by_appending_is_read_again(log, change):
    for seq in range(1, 4):
        log.append(MATCH, seq, _hash(seq))
    assert _seqs(log) == [1, 2, 3]
    path = log.path(MATCH)
    lines = path.read_bytes().splitlines(keepends=True)
    if change == "truncated":
        path.write_bytes(b"".join(lines[:2]))
        expected = [1, 2]
    elif change == "replaced":
        replacement = path.with_suffix(".new")
        replacement.write_bytes(b"".join(lines[1:]))
        os.replace(replacement, path)
        expected = [2, 3]
    elif change == "rewritten in place":  # same size, another line's bytes: its MAC fails
        edited = json.loads(lines[0])
        edited["seq"] = 9
        line = json.dumps(edited, separators=(",", ":")).encode().ljust(len(lines[0]) - 1)
        stat = path.stat()
        path.write_bytes(line + b"\n" + b"".join(lines[1:]))
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
        assert path.stat().st_size == stat.st_size
        expected = [2, 3]
    else:
        path.unlink()
        expected = []
    assert _seqs(log) == expected
