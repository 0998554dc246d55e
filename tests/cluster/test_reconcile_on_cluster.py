"""A tail lost by a failover and written again at the same seqs, on the cluster: the keyed
chain verifies (the service wrote every event), but the anchors and the receipts know the
head that was acknowledged. ``referee reconcile`` (and a receipt presented to the audit)
report it as ``rewritten``, freeze the match as tamper detection does, and rebuild the
read models, which folded the lost events."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from events.anchors import AnchorLog
from events.integrity import check_receipts
from events.keys import match_keys
from events.store import EventStore
from projections.readmodels import checkpoint, get_match_summary
from tests.workers.helpers import new_match
from workers.reconcile import reconcile

pytestmark = pytest.mark.integration

LOST = 3  # events of the tail the promoted replica never got


def lose_the_tail_and_write_it_again(store: EventStore, redis_client: Any, anchors: AnchorLog,
                                     match_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A match played and anchored at its head; then what a lossy failover and the clients'
    retries leave: the last LOST events gone with the head moved back, and the same actions
    appended again (later, so as other events at the same seqs). Returns (the acknowledged
    head, the event that holds its seq now)."""
    table = new_match(store, match_id, seed=4)
    table.play(12, batch=4)
    assert reconcile(store, match_ids=[match_id], anchors=anchors)["integrity"] == {}
    old_head = table.events[-1]
    anchors.append(match_id, old_head["seq"], old_head["hash"])
    keys = match_keys(match_id)
    kept, lost = table.events[-LOST - 1], table.events[-LOST:]
    for event in lost:
        redis_client.xdel(keys.events, f"{event['seq']}-0")
    redis_client.execute_command("XSETID", keys.events, f"{kept['seq']}-0")  # as on the replica
    redis_client.hset(keys.meta, mapping={"head_seq": kept["seq"], "head_hash": kept["hash"]})
    assert store.verify_chain(match_id)["chain_ok"]
    for event in lost:
        store.append(match_id, [{"type": event["type"], "payload": event["payload"],
                                 "state_hash": event.get("state_hash")}])
    now = store.read(match_id, old_head["seq"], old_head["seq"])[0]
    assert now["hash"] != old_head["hash"] and store.verify_chain(match_id)["chain_ok"]
    return old_head, now


def test_reconcile_notices_a_tail_lost_and_written_again_at_the_same_seq(
        store: EventStore, redis_client: Any, tmp_path: Path) -> None:
    anchors = AnchorLog(tmp_path / "anchors", store.chain_key)
    old_head, now = lose_the_tail_and_write_it_again(store, redis_client, anchors, "rewritten")
    seq = old_head["seq"]
    assert checkpoint(redis_client, "rewritten") == seq  # looks current: it folded the lost

    result = reconcile(store, match_ids=["rewritten"], anchors=anchors)
    assert result["rewritten"] == {"rewritten": {"seq": seq, "anchored_hash": old_head["hash"],
                                                 "log_hash": now["hash"]}}
    assert result["integrity"]["rewritten"].startswith(f"rewritten at seq {seq} ")
    record = json.loads(redis_client.hget(match_keys("rewritten").meta, "frozen"))
    assert (record["first_bad_seq"], record["finding"], record["detected_by"]) == (
        seq, "rewritten", "reconcile")
    assert result["read_models_rebuilt"]
    assert get_match_summary(redis_client, "rewritten")["last_seq"] == seq


def test_a_receipt_of_the_lost_head_is_a_rewritten_log_too(
        store: EventStore, redis_client: Any, tmp_path: Path) -> None:
    anchors = AnchorLog(tmp_path / "anchors", store.chain_key)
    old_head, _now = lose_the_tail_and_write_it_again(store, redis_client, anchors, "receipt")
    receipt = store.receipt("receipt", old_head["seq"], old_head["hash"])
    answer = check_receipts(store, None, "receipt", [receipt])
    assert not answer["ok"]
    assert (answer["first_bad_seq"], answer["finding"]) == (old_head["seq"], "rewritten")
