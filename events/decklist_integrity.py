"""Verifying and anchoring an event's deck-list log (``events.decklists``), as
``events.integrity`` does a match's.

The anchors of the deck-list logs are the match anchors' files and lines, in the anchor
dir's ``decklists/`` (``<event_id>.jsonl``); a line names the log ``decklists:<event_id>``
(under its MAC), so no match's anchor ever stands for a deck-list log or the reverse. The
after-registration job (``workers.jobs.decklists_job``) and ``referee reconcile`` verify the
log and anchor its head; ``referee verify --event`` and ``referee audit`` verify it
against every anchor. A log that fails is frozen.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from events.anchors import AnchorLog, AnchorRead, valid_stems
from events.codec import as_text
from events.decklists import (
    DECKLIST_INDEX,
    LEGACY_FORMAT,
    LOG_FORMAT,
    check_deck_log,
    freeze_deck_log,
    log_name,
    read_deck_log,
    validate_event_id,
)
from events.store import EventStore

log = logging.getLogger(__name__)

ANCHOR_SUBDIR = "decklists"
_PREFIX = "decklists:"
_SUFFIX = ".jsonl"
UNCHAINED_NOTE = f"unchained (registered before deck-list log v{LOG_FORMAT})"


class DeckListAnchors(AnchorLog):
    """The anchor files of the deck-list logs: an ``AnchorLog`` whose names are
    ``decklists:<event_id>``."""

    @classmethod
    def beside(cls, anchors: AnchorLog, store: EventStore) -> DeckListAnchors:
        return cls(anchors.directory / ANCHOR_SUBDIR, store.chain_key)

    def path(self, match_id: str) -> Path:
        if not match_id.startswith(_PREFIX):
            raise ValueError(f"not a deck-list log's name: {match_id!r}")
        return self.directory / f"{validate_event_id(match_id[len(_PREFIX):])}{_SUFFIX}"

    def match_ids(self) -> Iterator[str]:
        """The name of every deck-list log with an anchor file."""
        for event_id in self.event_ids():
            yield log_name(event_id)

    def event_ids(self) -> Iterator[str]:
        yield from valid_stems(self.directory, validate_event_id)


def all_event_ids(store: EventStore, anchors: DeckListAnchors | None = None) -> list[str]:
    """Every event with deck lists: the index, then any found by SCAN (old streams, a log
    dropped from the index), then any only the anchors know (erased from Redis)."""
    seen: dict[str, None] = {}
    for raw in store.redis.zrange(DECKLIST_INDEX, 0, -1):
        seen.setdefault(as_text(raw), None)
    for tail in ("}:decklog:meta", "}:decklog", "}:decklists"):
        for raw in store.redis.scan_iter(match="ref:{ev:*" + tail, count=1000):
            key = as_text(raw)
            seen.setdefault(key[len("ref:{ev:"):-len(tail)], None)
    if anchors is not None:
        for event_id in anchors.event_ids():
            seen.setdefault(event_id, None)
    out = []
    for event_id in seen:
        try:
            out.append(validate_event_id(event_id))
        except ValueError:
            continue
    return out


def verify_decklists(store: EventStore, anchors: DeckListAnchors | None, event_id: str, *,
                     detected_by: str | None = None, tail_only: bool = False
                     ) -> dict[str, Any]:
    """The log's keyed chain re-checked, and every anchor (``tail_only``: the newest ones)
    found in it. With ``detected_by``, a bad log freezes it.

    Returns ``{event_id, log, format, chain_ok, first_bad_seq, finding, events, last_seq,
    head_hash, anchors_checked, anchored_seq, anchors_invalid, unchained, known, frozen}``:
    ``format`` is 2 for a chained log, 1 for an event whose lists are all old, plain
    entries (``unchained`` of them, read but not protected); ``known`` is False when
    neither Redis nor the anchors know the event."""
    name = log_name(validate_event_id(event_id))
    read = anchors.read(name, tail_only=tail_only) if anchors is not None else AnchorRead([])
    deck_log = read_deck_log(store, event_id)
    report = check_deck_log(store, deck_log, [(a.seq, a.hash) for a in read.anchors])
    if read.anchors and report["events"] == 0 and report["last_seq"] == 0:
        report.update(chain_ok=False, first_bad_seq=1, finding="erased")
    highest = read.highest
    known = (deck_log.chained or bool(deck_log.legacy) or deck_log.frozen is not None
             or bool(read.anchors) or read.invalid > 0)
    report = {"event_id": event_id, "log": name,
              "format": LOG_FORMAT if deck_log.chained or not deck_log.legacy else LEGACY_FORMAT,
              **report, "anchors_checked": report.pop("expected_checked"),
              "anchored_seq": highest.seq if highest is not None else None,
              "anchors_invalid": read.invalid, "unchained": deck_log.unchained,
              "known": known, "frozen": deck_log.frozen if known else None}
    if not report["chain_ok"] and detected_by is not None and known:
        log.error("event %s: deck-list log failed its integrity check (%s at seq %s); "
                  "freezing it", event_id, report["finding"], report["first_bad_seq"])
        report["frozen"] = freeze_deck_log(store, event_id, report["first_bad_seq"],
                                           report["finding"], detected_by,
                                           last_seq=report["last_seq"])
    return report


def verify_and_anchor_decklists(store: EventStore, anchors: DeckListAnchors | None,
                                event_id: str, detected_by: str) -> dict[str, Any]:
    """What the after-registration job does: verify (against the newest anchors), freeze a
    bad log, and anchor a good head outside Redis. ``anchored``: the new anchor's seq."""
    report = verify_decklists(store, anchors, event_id, detected_by=detected_by,
                              tail_only=True)
    report["anchored"] = None
    if report["chain_ok"] and anchors is not None and report["last_seq"] >= 1:
        if anchors.anchor_head(report["log"], report["last_seq"], report["head_hash"]):
            report["anchored"] = report["last_seq"]
    return report

