"""Detecting a tampered log, and acting on it.

``verify_match`` checks a match's log against the chain key and the anchors (see
``events.anchors``); ``check_receipts`` against receipts a client kept;
``freeze_contradicting_meta`` acts on a meta hash that contradicts the match's
``MatchCreated`` (``events.facts``: the service compares them on every request). Whatever detects a
bad log freezes the match (``EventStore.freeze``): the append script refuses it, reads are
flagged and the judges' queue lists it. Each caller names itself in ``detected_by``.

What can and cannot be detected is written down in RELIABILITY.md ("Integrity").
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from events.anchors import AnchorLog, AnchorRead
from events.codec import as_text, seq_from_stream_id, stream_id
from events.keys import match_keys
from events.store import EventStore, LogRead

log = logging.getLogger(__name__)

MAX_RECEIPTS = 1000

# Who detected it (the freeze record's ``detected_by``).
BY_WRITE = "write"
BY_AFTER_APPEND = "after-append-job"
BY_VERIFY_JOB = "verify-job"
BY_API_AUDIT = "api-audit"
BY_CLI_AUDIT = "cli-audit"
BY_CLI_VERIFY = "cli-verify"
BY_RECONCILE = "reconcile"
BY_RECEIPTS = "receipts"
BY_READ = "read"  # a read whose log could not be folded



def log_exists(store: EventStore, match_id: str) -> bool:
    """Does Redis hold anything of the match (its meta hash or its stream)?"""
    keys = match_keys(match_id)
    return int(store.redis.exists(keys.meta, keys.events)) > 0


def verify_match(store: EventStore, anchors: AnchorLog | None, match_id: str, *,
                 detected_by: str | None = None, tail_only: bool = False,
                 log: LogRead | None = None, read: AnchorRead | None = None) -> dict[str, Any]:
    """The keyed chain re-checked, and every anchor (``tail_only``: the newest ones) found
    in the log. With ``detected_by``, a bad log freezes the match.

    Returns ``{match_id, chain_ok, first_bad_seq, finding, events, last_seq, head_hash,
    anchors_checked, anchored_seq, anchors_invalid, known, frozen}``; ``known`` is False
    when neither Redis nor the anchors know the match (then nothing else means much).
    ``log`` and ``read``: the log and the anchors, when the caller has read them already."""
    if read is None:
        read = anchors.read(match_id, tail_only=tail_only) if anchors is not None else AnchorRead([])
    log = log if log is not None else store.read_log(match_id)
    report = store.check_log(match_id, [(a.seq, a.hash) for a in read.anchors], log)
    report["finding"] = rewritten_or(store, match_id, report, log)
    exists = log.head_seq > 0 or bool(log.entries) or log_exists(store, match_id)
    if read.anchors and report["events"] == 0 and report["last_seq"] == 0:
        report.update(chain_ok=False, first_bad_seq=1, finding="erased")
    highest = read.highest
    report = {"match_id": match_id, **report,
              "anchors_checked": report.pop("expected_checked"),
              "anchored_seq": highest.seq if highest is not None else None,
              "anchors_invalid": read.invalid,
              "known": exists or bool(read.anchors) or read.invalid > 0}
    report["frozen"] = _act(store, match_id, report, detected_by, log.frozen)
    return report


def rewritten_or(store: EventStore, match_id: str, report: Mapping[str, Any],
                 log: LogRead | None = None) -> str | None:
    """``report``'s finding, or ``rewritten`` for an ``altered`` that only an anchor or a
    receipt saw: the keyed chain verifies past that seq, so the event there was written by
    the service, just not the one it acknowledged. That is what a failover does when the
    promoted replica lacked the tail (asynchronous replication, RELIABILITY.md) and new
    appends took the same seqs again; a forger without the chain key can't write it."""
    if report["finding"] != "altered" or report["first_bad_seq"] is None:
        return report["finding"]
    chain = store.check_log(match_id, (), log)  # the same log, without the anchors
    if chain["chain_ok"] or chain["first_bad_seq"] > report["first_bad_seq"]:
        return "rewritten"
    return report["finding"]


def _act(store: EventStore, match_id: str, report: Mapping[str, Any],
         detected_by: str | None, frozen: dict[str, Any] | None) -> dict[str, Any] | None:
    """The freeze record: the one read with the log (``frozen``), or a new one when the
    log failed and a detector is named."""
    if report["chain_ok"] or detected_by is None or not report["known"]:
        return frozen if report["known"] else None
    log.error("match %s: log failed its integrity check (%s at seq %s); freezing it",
              match_id, report["finding"], report["first_bad_seq"])
    return store.freeze(match_id, report["first_bad_seq"], report["finding"], detected_by,
                        last_seq=report["last_seq"])


def freeze_contradicting_meta(store: EventStore, match_id: str, fields: Sequence[str],
                              detected_by: str, last_seq: int | None = None) -> dict[str, Any]:
    """The meta hash says otherwise than the match's verified MatchCreated (``fields``,
    ``events.facts``): nothing decides by the meta hash, but whoever edited it could write
    Redis behind the store's back, so the match is frozen like any tampered log (finding
    ``meta_mismatch``, at seq 1: the event the meta hash contradicts)."""
    log.error("match %s: its meta hash contradicts its MatchCreated (%s); freezing it",
              match_id, ", ".join(fields))
    return store.freeze(match_id, 1, "meta_mismatch", detected_by, last_seq=last_seq)


def verify_and_anchor(store: EventStore, anchors: AnchorLog | None, match_id: str,
                      detected_by: str = BY_AFTER_APPEND, log: LogRead | None = None
                      ) -> dict[str, Any]:
    """What the after-append job does: verify (against the newest anchors), freeze a bad
    log, and anchor a good head outside Redis. ``anchored``: the new anchor's seq."""
    read = anchors.read(match_id, tail_only=True) if anchors is not None else AnchorRead([])
    report = verify_match(store, anchors, match_id, detected_by=detected_by, log=log, read=read)
    report["anchored"] = None
    if report["chain_ok"] and anchors is not None and report["last_seq"] >= 1:
        if anchors.anchor_head(match_id, report["last_seq"], report["head_hash"],
                               recent=read.anchors) is not None:
            report["anchored"] = report["last_seq"]
    return report


def check_receipts(store: EventStore, anchors: AnchorLog | None, match_id: str,
                   receipts: Sequence[Mapping[str, Any]],
                   detected_by: str = BY_RECEIPTS) -> dict[str, Any]:
    """Check receipts a client kept: is each one's signature ours, for this match, and does
    the log still hold its ``(seq, hash)``? A valid receipt the log no longer holds is proof
    of tampering: the match is frozen and the receipt is kept as an anchor, so that later
    verifications find it too.

    ``receipts[i]``: ``{match_id, seq, hash, signature}`` (already validated in shape).
    ``known`` in the answer is False when nothing knows the match."""
    results: list[dict[str, Any]] = []
    wanted: set[int] = set()
    for receipt in receipts[:MAX_RECEIPTS]:
        signature_ok = store.receipt_ok(receipt)
        same_match = receipt.get("match_id") == match_id
        results.append({"match_id": receipt.get("match_id"), "seq": receipt.get("seq"),
                        "hash": receipt.get("hash"), "signature_ok": signature_ok,
                        "same_match": same_match, "held": None})
        if signature_ok and same_match:
            wanted.add(int(receipt["seq"]))
    held = _hashes_at(store, match_id, sorted(wanted))
    lost: list[tuple[int, str]] = []
    for result in results:
        if result["signature_ok"] and result["same_match"]:
            result["held"] = held.get(result["seq"]) == result["hash"]
            if not result["held"]:
                lost.append((result["seq"], result["hash"]))
    valid = [r for r in results if r["signature_ok"] and r["same_match"]]
    # A valid receipt proves the match existed, so an unknown one with such is "erased".
    known = bool(valid) or log_exists(store, match_id) or (
        anchors is not None and anchors.path(match_id).exists())
    answer: dict[str, Any] = {"known": known,
        "match_id": match_id, "ok": not lost, "checked": len(results), "valid": len(valid),
        "held": sum(1 for r in valid if r["held"]), "receipts": results,
        "first_bad_seq": None, "finding": None, "frozen": None}
    if lost:
        report = store.check_log(match_id, lost)
        report["finding"] = rewritten_or(store, match_id, report)
        if report["events"] == 0 and report["last_seq"] == 0:
            report.update(first_bad_seq=1, finding="erased")
        answer["first_bad_seq"], answer["finding"] = report["first_bad_seq"], report["finding"]
        answer["frozen"] = store.freeze(match_id, report["first_bad_seq"], report["finding"],
                                        detected_by, last_seq=report["last_seq"])
        log.error("match %s: %d valid receipt(s) name events the log no longer holds; "
                  "frozen", match_id, len(lost))
        _keep_as_anchors(anchors, match_id, lost)
    elif known:
        answer["frozen"] = store.frozen(match_id)
    return answer


def _hashes_at(store: EventStore, match_id: str, seqs: list[int]) -> dict[int, str]:
    if not seqs:
        return {}
    stream = match_keys(match_id).events
    pipe = store.redis.pipeline(transaction=False)
    for seq in seqs:
        pipe.xrange(stream, stream_id(seq), stream_id(seq))
    found: dict[int, str] = {}
    for seq, entries in zip(seqs, pipe.execute(), strict=True):
        for raw_id, fields in entries:
            if seq_from_stream_id(as_text(raw_id)) == seq:
                stored = fields.get("hash", fields.get(b"hash"))
                found[seq] = as_text(stored) if stored is not None else ""
    return found


def _keep_as_anchors(anchors: AnchorLog | None, match_id: str,
                     lost: list[tuple[int, str]]) -> None:
    if anchors is None:
        return
    try:
        known = {(a.seq, a.hash) for a in anchors.read(match_id).anchors}
        for seq, hash_ in lost:
            if (seq, hash_) not in known:
                anchors.append(match_id, seq, hash_, kind="receipt")
    except OSError as exc:
        log.warning("match %s: could not keep the receipts as anchors: %s", match_id, exc)
