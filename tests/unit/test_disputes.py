"""The one dispute lifecycle (projections.disputes): the transitions, what a step needs, and
the fold of a match's disputes from its log."""

from __future__ import annotations

from typing import Any

import pytest

from projections.disputes import (
    TRANSITIONS,
    apply_dispute_event,
    check_transition,
    fold_disputes,
    listed,
)
from projections.errors import DisputeNotFound, DisputeStateError

JUDGE = {"subject": "Jo", "role": "judge"}
PLAYER = {"subject": "Beto", "role": "player"}


def event(seq: int, kind: str, at: str = "2024-05-17T12:00:00.000000Z",
          actor: dict[str, str] = JUDGE, **payload: Any) -> dict[str, Any]:
    return {"seq": seq, "type": kind, "recorded_at": at, "actor": actor, "payload": payload}


LOG = [
    event(1, "MatchCreated", players=[{"name": "Ana"}, {"name": "Beto"}]),
    event(2, "DisputeOpened", at="t2", actor=PLAYER, dispute_id="d1", seat=1, about_seq=1,
          claim="extra card"),
    event(3, "RulingIssued", at="t3", dispute_id="d1", decision="upheld", remedy=None,
          penalty={"seat": 0, "infraction": "procedural_error_minor", "level": "warning"}),
    event(4, "AppealFiled", at="t4", actor=PLAYER, dispute_id="d1", seat=0, reason="unfair"),
    event(5, "DisputeOpened", at="t5", dispute_id="d2", seat=None, about_seq=4, claim="slow"),
]


def test_the_fold_tells_each_disputes_life() -> None:
    disputes = fold_disputes("m", LOG)
    d1, d2 = disputes["d1"], disputes["d2"]
    assert (d1["status"], d1["player"], d1["opened_by"], d1["queued_at"]) == (
        "appealed", "Beto", PLAYER, "t4")
    assert d1["ruling"] == {"seq": 3, "at": "t3", "by": JUDGE, "decision": "upheld",
                            "remedy": None, "penalty": LOG[2]["payload"]["penalty"],
                            "notes": None}
    assert d1["appeal"] == {"seq": 4, "at": "t4", "by": PLAYER, "seat": 0, "reason": "unfair"}
    assert (d2["status"], d2["player"], d2["queued_at"]) == ("open", None, "t5")
    assert listed(d1)["kind"] == "appeal" and listed(d2)["kind"] == "dispute"
    decided = fold_disputes("m", [*LOG, event(6, "AppealDecided", at="t6", dispute_id="d1",
                                              decision="overturned")])["d1"]
    assert decided["status"] == "decided" and decided["queued_at"] is None
    assert listed(decided)["open"] is False and listed(decided)["kind"] is None


def test_the_fold_ignores_what_the_write_path_never_stores() -> None:
    disputes: dict = {}
    assert apply_dispute_event(disputes, "m", event(2, "RulingIssued", dispute_id="x"), []) is None
    apply_dispute_event(disputes, "m", LOG[1], ["Ana", "Beto"])
    again = event(9, "DisputeOpened", dispute_id="d1", seat=0, about_seq=1, claim="other")
    assert apply_dispute_event(disputes, "m", again, []) is None
    assert disputes["d1"]["claim"] == "extra card"


@pytest.mark.parametrize("kind, needs", [("RulingIssued", "open"), ("AppealFiled", "ruled"),
                                         ("AppealDecided", "appealed")])
def test_each_step_needs_its_status(kind: str, needs: str) -> None:
    assert TRANSITIONS[kind].needs == needs
    statuses = {"open": LOG[:2], "ruled": LOG[:3], "appealed": LOG[:4]}
    for status, log in statuses.items():
        disputes = fold_disputes("m", log)
        if status == needs:
            assert check_transition(disputes, "m", "d1", kind)["status"] == status
        else:
            with pytest.raises(DisputeStateError) as caught:
                check_transition(disputes, "m", "d1", kind)
            assert caught.value.status == status and caught.value.wanted == needs
            assert f"needs it {needs}" in str(caught.value)
    with pytest.raises(DisputeNotFound):
        check_transition(fold_disputes("m", LOG), "m", "nope", kind)
