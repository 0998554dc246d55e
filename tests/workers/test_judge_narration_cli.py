"""`referee replay` prints each judge event's line for people (projections.judge_narration),
the judge named, the decision, remedy and penalty in words, and never a judge's notes."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from app.cli import main
from tests.workers.test_cli import judged_match

pytestmark = pytest.mark.integration


def test_replay_prints_the_judges_lines(store, worker_env):
    table = judged_match(store)
    table.judge("AppealFiled", {"dispute_id": "d1", "seat": 0, "reason": "I attached it once"},
                actor={"subject": "Ana", "role": "player"})
    table.judge("PenaltyIssued", {"seat": 1, "infraction": "tardiness", "level": "caution",
                                  "notes": "JUDGES-ONLY"}, actor={"subject": "Jo", "role": "judge"})
    out = CliRunner().invoke(main, ["replay", "judged"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    lines = [line.strip()[2:] for line in out.stdout.splitlines() if line.strip().startswith("> ")]
    assert ("Seat 1 (Beto) disputes seq 20: “the Energy was attached twice”; a judge will rule "
            "on it. [J-APPEAL-1]") in lines
    assert ("judge-jo rules on the dispute about seq 20 (“the Energy was attached twice”): "
            "upheld — the claim is accepted; the game goes back to seq 19, decks not "
            "reshuffled; Seat 0 (Ana) gets a Warning for Game Play Error (Minor). "
            "[J-REPAIR-1, J-PENALTY-1]") in lines
    assert ("Seat 0 (Ana) appeals the ruling on the dispute about seq 20 (“the Energy was "
            "attached twice”) to the head judge: “I attached it once”. [J-APPEAL-1]") in lines
    assert "Judge Jo gives Seat 1 (Beto) a Caution for Tardiness. [J-PENALTY-1]" in lines
    assert not [line for line in lines if "JUDGES-ONLY" in line]     # narration: no notes
    assert "JUDGES-ONLY" in out.stdout          # the judge's export line beside it has them
