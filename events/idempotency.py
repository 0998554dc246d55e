"""Idempotency records: what a match's ``:idem`` hash keeps per key, and for how long.

A record is written by the append script with the events it answers for (``events.
append_script``), one field per key, in one of two shapes:

* **lean** (written now): ``{"fingerprint", "seq", "hash"}`` - the digest of the request
  (its first ``FINGERPRINT_CHARS`` hex digits: 128 bits tell one caller's requests apart),
  and the seq and the start of the chain hash of the last event it appended
  (``EVENT_HASH_CHARS``: it only says which event; the log itself is verified by its
  chain), ``"from"``: its first seq, for a batch of several. A retry's answer is rebuilt from
  the log: the event at ``seq`` rendered for the caller as the first answer was
  (``app.service.write``). A fifth of the bytes of a whole answer;
* **whole** (written before; still what ``EventStore.append`` keeps when given a
  ``response``): ``{"seqs", "fingerprint", "response"}``, the first answer itself as JSON.

Both shapes are read. The fingerprint is the one field the append script reads (a retry with
another request is refused there too); a whole record's is the request's whole digest, which
``Record.made_for`` matches by its start.

Records live as long as their match is played, and a while after: ``referee reconcile``
drops a finished match's records once its last event is ``REFEREE_IDEMPOTENCY_DAYS`` old
(``drop_when_stale``). The store's Redis user may not EXPIRE (``events.embedded``: nothing
that expires a whole key), so the records are removed field by field (HDEL), by the one
process that already visits every match. A retry that comes later is decided again, on a
finished match: refused, appending nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from events.codec import as_text, canonical_json
from events.keys import match_keys

if TYPE_CHECKING:
    from events.store import EventStore

DEFAULT_KEEP_DAYS = 7.0
FINGERPRINT_CHARS = 32   # of a request's SHA-256 digest, in hex
EVENT_HASH_CHARS = 16    # of the event's chain hash, in hex
ENDED = "finished"   # the match status after which records start to age


def lean_record(fingerprint: str, events: Sequence[Mapping[str, Any]]) -> str:
    """The record kept for a batch appended under an idempotency key."""
    last = events[-1]
    record: dict[str, Any] = {"fingerprint": fingerprint, "seq": last["seq"],
                              "hash": last["hash"][:EVENT_HASH_CHARS]}
    if len(events) > 1:
        record["from"] = events[0]["seq"]
    return canonical_json(record)


def whole_record(fingerprint: str, events: Sequence[Mapping[str, Any]], response: str) -> str:
    """The record of before: the first answer kept whole (``response``: its JSON)."""
    return canonical_json({"seqs": [e["seq"] for e in events], "fingerprint": fingerprint,
                           "response": response})


@dataclass(frozen=True)
class Record:
    """A record as read, whichever its shape."""

    fingerprint: str | None
    seqs: list[int]
    hash: str | None = None        # lean: the chain hash of the event at ``seqs[-1]``
    response: str | None = None    # whole: the first answer's JSON

    @classmethod
    def parse(cls, raw: Any) -> Record:
        data = json.loads(as_text(raw))
        if "seqs" in data:
            return cls(data.get("fingerprint"), [int(s) for s in data["seqs"]],
                       response=data.get("response") or None)
        last = int(data["seq"])
        return cls(data.get("fingerprint"), list(range(int(data.get("from", last)), last + 1)),
                   hash=data.get("hash"))

    @property
    def lean(self) -> bool:
        return self.response is None and self.hash is not None and bool(self.seqs)

    def made_for(self, fingerprint: str) -> bool:
        """Whether the record was made for the request with this fingerprint (a record of
        before holds the whole digest, of which the fingerprint is the start)."""
        kept = self.fingerprint or ""
        return kept == fingerprint or (len(kept) > len(fingerprint) >= FINGERPRINT_CHARS
                                       and kept.startswith(fingerprint))

    def names(self, event: Mapping[str, Any]) -> bool:
        """Whether ``event`` is the one a lean record names."""
        return (self.hash is not None and len(self.hash) >= EVENT_HASH_CHARS
                and event.get("seq") == self.seqs[-1]
                and str(event.get("hash", "")).startswith(self.hash))


def keep_days(environ: Mapping[str, str] | None = None) -> float:
    """``REFEREE_IDEMPOTENCY_DAYS``: how long after a finished match's last event its records
    are kept (default 7; 0: dropped at the first reconcile after the end)."""
    text = (os.environ if environ is None else environ).get("REFEREE_IDEMPOTENCY_DAYS")
    value = float(text) if text and text.strip() else DEFAULT_KEEP_DAYS
    if not value >= 0:
        raise ValueError(f"REFEREE_IDEMPOTENCY_DAYS must be 0 or more, not {text!r}")
    return value


def drop_when_stale(store: EventStore, match_id: str, now: datetime,
                    keep: timedelta) -> int:
    """Drop the match's idempotency records when it is finished (its status in the meta
    hash) and its last event was recorded more than ``keep`` before ``now``; how many were
    dropped. A match that is played again (a judge's rewind of a finished match) keeps the
    records written since."""
    keys = match_keys(match_id)
    redis = store.redis
    if as_text(redis.hget(keys.meta, "status") or b'""') != canonical_json(ENDED):
        return 0
    head = store.last_seq(match_id)
    last = store.read(match_id, head, head) if head else []
    if not last or _recorded(last[-1]) > now - keep:
        return 0
    fields = redis.hkeys(keys.idempotency)
    if not fields:
        return 0
    return int(redis.hdel(keys.idempotency, *fields))


def _recorded(event: Mapping[str, Any]) -> datetime:
    return datetime.fromisoformat(str(event["recorded_at"]).replace("Z", "+00:00"))
