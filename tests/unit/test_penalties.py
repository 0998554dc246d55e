"""The penalty guidelines' names (projections.penalties): one table beside the stored ids,
forgiving input, labels, and the escalation suggested for a repeat (J-PENALTY-1/2)."""

from __future__ import annotations

import pytest

from events.schemas import (
    INFRACTION_PATTERN,
    INFRACTIONS,
    LEGACY_PENALTY_LEVELS,
    PENALTY_LEVELS,
    SEVERITIES,
    STORED_PENALTY_LEVELS,
    validate_event,
)
from projections import penalties as p


def test_the_table_names_every_stored_id_and_keeps_the_old_one():
    assert p.LADDER == PENALTY_LEVELS
    assert tuple(c.id for c in p.CATEGORIES) == INFRACTIONS
    assert tuple(s.id for s in p.SEVERITY_NAMES) == SEVERITIES
    assert tuple(p.DEPRECATED_LEVELS) == LEGACY_PENALTY_LEVELS
    assert "prize_penalty" in STORED_PENALTY_LEVELS and "prize_penalty" not in PENALTY_LEVELS
    for level in STORED_PENALTY_LEVELS:
        assert p.level_label(level), level
    # every label and every other spelling reads back as its own id
    for name in (*p.CATEGORIES, *p.LEVELS):
        parse = p.parse_level if name in p.LEVELS else p.parse_infraction
        for spelling in (name.id, name.label, *name.also):
            assert parse(spelling) == name.id, spelling
            assert parse(spelling.upper().replace(" ", "  -  ")) == name.id, spelling


def test_a_stored_prize_penalty_event_is_still_valid():
    for level in ("prize_penalty", "double_prize"):
        validate_event({"type": "PenaltyIssued", "payload": {
            "seat": 0, "infraction": "game_play_error_minor", "level": level}})
    assert p.labels({"level": "prize_penalty", "infraction": "game_play_error_minor"}) == {
        "level_label": "Double Prize Card", "infraction_label": "Game Play Error (Minor)",
        "category": "game_play_error", "category_label": "Game Play Error",
        "severity": "minor", "severity_label": "Minor"}


@pytest.mark.parametrize("typed", ["Game Play Error: Minor", "game play error - minor",
                                   "Game Play Error – Minor", "GAME_PLAY_ERROR_MINOR",
                                   "Game Play Error (Minor)", "ｇａｍｅ play error minor"])
def test_infraction_spellings(typed):
    assert p.parse_infraction(typed) == "game_play_error_minor"


@pytest.mark.parametrize("typed", ["Prize Card", "prize card penalty", "Stern Look", "",
                                   "warning warning", "game_loss_minor"])
def test_unknown_levels_are_refused_with_the_accepted_names(typed):
    with pytest.raises(p.UnknownPenaltyName, match=r"Double Prize Card \(double_prize\)"):
        p.parse_level(typed)


@pytest.mark.parametrize("typed", ["Game Play Error: Tiny", "Minor", "Late", "cheating minor major"])
def test_unknown_infractions_are_refused(typed):
    with pytest.raises(p.UnknownPenaltyName, match="Game Play Error"):
        p.parse_infraction(typed)


def test_every_parsed_infraction_is_a_stored_id():
    import re

    for category in p.CATEGORIES:
        for severity in ("", *(f": {s.label}" for s in p.SEVERITY_NAMES)):
            assert re.fullmatch(INFRACTION_PATTERN, p.parse_infraction(category.label + severity))


@pytest.mark.parametrize(("level", "earlier", "suggested"), [
    ("warning", [], None),
    ("warning", ["warning"], "double_prize"),
    ("caution", ["caution"], "warning"),
    ("warning", ["caution"], "warning"),           # the level given already escalates
    ("warning", ["caution", "double_prize"], "quad_prize"),
    ("warning", ["prize_penalty"], "quad_prize"),  # an old id counts as double_prize
    ("game_loss", ["warning"], "game_loss"),
    ("disqualification", ["disqualification"], "disqualification"),
])
def test_the_escalation_suggested_for_a_repeat(level, earlier, suggested):
    assert p.suggested_level(level, earlier) == suggested


def test_advice_counts_standing_penalties_of_the_same_category_only():
    earlier = [{"infraction": "tardiness", "level": "warning", "status": "overturned"},
               {"infraction": "procedural_error_minor", "level": "warning", "status": "standing"},
               {"infraction": "tardiness_major", "level": "caution", "status": "standing"}]
    found = p.advice({"infraction": "tardiness", "level": "caution"}, earlier)
    assert (found["repeat"], found["prior_same_category"], found["suggested_level"],
            found["suggested_level_label"]) == (True, 1, "warning", "Warning")
    history = p.with_advice([{"infraction": "tardiness", "level": "warning", "status": "standing"},
                             {"infraction": "tardiness", "level": "warning", "status": "standing"}])
    assert [e["suggested_level"] for e in history] == [None, "double_prize"]
    assert history[0]["level"] == history[1]["level"] == "warning"   # never applied


# ---------------------------------------------------------------------- recommended levels (issue 44)

def test_J_PENALTY_2_every_infraction_has_the_level_the_guidelines_recommend():
    for category in INFRACTIONS:
        for severity in SEVERITIES:
            level = p.recommended_level(f"{category}_{severity}")
            assert level in PENALTY_LEVELS, (category, severity)
        # an ungraded category reads as its Minor grade
        assert p.recommended_level(category) == p.recommended_level(f"{category}_minor")
    # graver grades are never recommended less
    for category in INFRACTIONS:
        ranks = [p.rank(p.recommended_level(f"{category}_{s}")) for s in SEVERITIES]
        assert ranks == sorted(ranks), category
    assert p.recommended_level("game_play_error_minor") == "warning"
    assert p.recommended_level("cheating") == "disqualification"
    assert p.recommended_level("not_an_infraction") is None
    assert p.recommended_level(None) is None


def test_J_PENALTY_2_advice_compares_the_level_given_with_the_recommended_one():
    given = {"seat": 0, "infraction": "game_play_error_major", "level": "warning"}
    advice = p.advice(given, [])
    assert advice["recommended_level"] == "double_prize"
    assert str(advice["recommended_level_label"]) == "Double Prize Card"
    assert advice["level_given_is"] == "below"
    assert p.recommendation({**given, "level": "double_prize"})["level_given_is"] == "same"
    assert p.recommendation({**given, "level": "game_loss"})["level_given_is"] == "above"
    assert p.recommendation({"infraction": "nonsense", "level": "warning"}) == {
        "recommended_level": None, "recommended_level_label": None, "level_given_is": None}
    # the escalation comes on top of the recommendation, and stays a suggestion
    earlier = [{"infraction": "game_play_error_minor", "level": "warning", "status": "standing"}]
    escalated = p.advice(given, earlier)
    assert escalated["suggested_level"] == "double_prize" and escalated["level_given_is"] == "below"
    listed = {r["infraction"]: r["level"] for r in p.reference()["recommended"]}
    assert listed == p.RECOMMENDED
