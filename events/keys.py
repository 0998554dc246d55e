"""Redis key names.

Every key of one match carries the hash tag ``{m:<match_id>}`` so the whole match
(stream, head, idempotency records, audit) lives on one Redis Cluster slot and
the append script may touch all of them. The match index keys are global and
only ever used with single-key commands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "ref:"
MATCH_INDEX = "ref:matches"  # sorted set: match_id scored by creation time
FROZEN_INDEX = "ref:integrity:frozen"  # hash: match_id -> freeze record (JSON)
_MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def validate_match_id(match_id: str) -> str:
    # Braces would break the hash tag; keep ids boring.
    if not isinstance(match_id, str) or not _MATCH_ID.fullmatch(match_id):
        raise ValueError(f"invalid match id {match_id!r}: use 1-64 of A-Z a-z 0-9 _ -")
    return match_id


def status_index(status: str) -> str:
    return f"ref:matches:status:{status}"


@dataclass(frozen=True)
class MatchKeys:
    match_id: str

    @property
    def tag(self) -> str:
        return f"ref:{{m:{self.match_id}}}"

    @property
    def events(self) -> str:
        return f"{self.tag}:events"

    @property
    def meta(self) -> str:
        return f"{self.tag}:meta"

    @property
    def idempotency(self) -> str:
        return f"{self.tag}:idem"

    @property
    def audit(self) -> str:
        return f"{self.tag}:audit"

    @property
    def snapshots(self) -> str:
        """The match's snapshots by seq (``projections.snapshots``)."""
        return f"{self.tag}:snap"

    @property
    def snapshot_seqs(self) -> str:
        """The seqs of the match's snapshots, scored by seq."""
        return f"{self.tag}:snap:seqs"


def match_keys(match_id: str) -> MatchKeys:
    return MatchKeys(validate_match_id(match_id))
