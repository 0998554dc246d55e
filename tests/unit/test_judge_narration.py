"""Judge events in words (projections.judge_narration) and how a game ended in words
(projections.outcome): the lines themselves, what they never say, and where the fold puts
them (before the game's own lines)."""

from __future__ import annotations

from typing import Any

import pytest

from events.schemas import event_types
from projections.judge_narration import DECISION_MEANING, NARRATORS, judge_lines
from projections.outcome import how_text
from projections.replay import fold, walk

JUDY = {"subject": "Judge Judy", "role": "judge"}
HANA = {"subject": "Head Judge Hana", "role": "judge"}
SECRET_NOTE = "NOTE: Beto holds Charizard base1-4"


def event(seq: int, kind: str, actor: dict[str, str] | None = JUDY, **payload: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"seq": seq, "type": kind, "payload": payload}
    if actor is not None:
        out["actor"] = actor
    return out


CREATED = event(1, "MatchCreated", actor=None, players=[{"name": "Ana"}, {"name": "Beto"}])
OPENED = event(13, "DisputeOpened", actor={"subject": "Beto", "role": "player"},
               dispute_id="d1", seat=1, about_seq=12, claim="Energy attached\n twice")
LOG = [
    CREATED, OPENED,
    event(14, "RulingIssued", dispute_id="d1", decision="upheld", remedy={"rewind_to": 11},
          penalty={"seat": 0, "infraction": "game_play_error_minor", "level": "warning"},
          notes=SECRET_NOTE),
    event(15, "AppealFiled", actor={"subject": "Ana", "role": "player"}, dispute_id="d1",
          seat=0, reason="I attached once"),
    event(16, "AppealDecided", actor=HANA, dispute_id="d1", decision="overturned",
          remedy={"rewind_to": 13, "reshuffle": True}, reshuffled_seats=[0], penalty=None,
          notes=SECRET_NOTE),
    event(17, "PenaltyIssued", seat=1, infraction="tardiness", level="double_prize",
          dispute_id="d1", notes=SECRET_NOTE),
    event(18, "TimeCalled", decide_by="prizes", tie="draw", extra_turns=3, notes=SECRET_NOTE),
    event(19, "Rewound", to_seq=17, reason="misdeal", reshuffle=False),
    event(20, "CardsRevealed", seat=1, zone="hand", cards=["base1-4", "base1-4", "base1-98"],
          notes=SECRET_NOTE),
    event(21, "CardsRevealed", actor={"subject": "Jo", "role": "judge"}, seat=0, zone="deck",
          cards=["base1-4", None, "base1-98"]),
    event(22, "TimeExtended", minutes=3, reason="a long ruling"),
]
EXPECTED = {
    13: "Seat 1 (Beto) disputes seq 12: “Energy attached twice”; a judge will rule on it. "
        "[J-APPEAL-1]",
    14: "Judge Judy rules on the dispute about seq 12 (“Energy attached twice”): upheld — the "
        "claim is accepted; the game goes back to seq 11, decks not reshuffled; Seat 0 (Ana) "
        "gets a Warning for Game Play Error (Minor). [J-REPAIR-1, J-PENALTY-1]",
    15: "Seat 0 (Ana) appeals the ruling on the dispute about seq 12 (“Energy attached twice”) "
        "to the head judge: “I attached once”. [J-APPEAL-1]",
    16: "Head Judge Hana decides the appeal on the dispute about seq 12 (“Energy attached "
        "twice”): overturned — the ruling is reversed; the game goes back to seq 13, the decks "
        "of the players who drew since are reshuffled. This decision is final. "
        "[J-APPEAL-1, J-REPAIR-1]",
    17: "Judge Judy gives Seat 1 (Beto) a Double Prize Card penalty for Tardiness (in the "
        "dispute about seq 12 (“Energy attached twice”)). [J-PENALTY-1]",
    18: "Judge Judy calls time: if the game is not over when the extra turns end, the player "
        "with fewer Prize cards left wins, and a tie is a draw. [J-TIME-1]",
    19: "Judge Judy rewinds the game to seq 17 (“misdeal”); decks not reshuffled. [J-REPAIR-1]",
    20: "Judge Judy checks Seat 1 (Beto)'s hand (3 cards): they fit what the log holds. "
        "[R-TABLE-1]",
    21: "Judge Jo checks Seat 0 (Ana)'s deck (2 of the top 3 cards): they fit what the log "
        "holds. [R-TABLE-1]",
    22: "Judge Judy gives the table 3 minutes more: “a long ruling”. [J-TIME-2]",
}


@pytest.mark.parametrize("seq", sorted(EXPECTED))
def test_each_judge_event_reads_as_one_line_for_the_table(seq: int) -> None:
    (found,) = [e for e in LOG if e["seq"] == seq]
    assert judge_lines(found, LOG) == [EXPECTED[seq]]


def test_no_line_holds_a_judges_notes_or_a_revealed_card() -> None:
    for found in LOG:
        for line in judge_lines(found, LOG):
            assert "NOTE" not in line and "base1-" not in line and "Charizard" not in line


def test_every_event_type_but_the_games_own_has_a_judges_line() -> None:
    """A new judge or organiser event (a deck check, a clock's) needs its line in NARRATORS."""
    assert set(event_types()) - {"MatchCreated", "ActionTaken"} <= set(NARRATORS)
    assert judge_lines(CREATED, LOG) == []
    assert judge_lines(event(2, "ActionTaken", seat=0, action={"type": "end_turn"}), LOG) == []


def test_a_line_names_whom_it_can() -> None:
    """In a write's plan the event has no actor and the history may not hold MatchCreated:
    "A judge", and the names from the state; a bare subject reads "Judge <name>"; the
    scorekeeper as such; an unknown dispute by its id; long text cut."""
    penalty = event(5, "PenaltyIssued", actor=None, seat=0, infraction="cheating", level="game_loss")

    class State:
        players = ["Ana", "Beto"]       # the figure game's; the card game's seats[n].name

    assert judge_lines(penalty, [penalty], State()) == [
        "A judge gives Seat 0 (Ana) a Game Loss for Cheating. [J-PENALTY-1]"]
    assert judge_lines(penalty, [penalty]) == [
        "A judge gives Seat 0 a Game Loss for Cheating. [J-PENALTY-1]"]
    bare = {**penalty, "actor": {"subject": "Judy", "role": "judge"}}
    assert judge_lines(bare, LOG)[0].startswith("Judge Judy gives Seat 0 (Ana)")
    opened = event(5, "DisputeOpened", actor={"subject": "scorekeeper of m", "role": "scorekeeper"},
                   dispute_id="d9", seat=None, about_seq=2, claim="x" * 500)
    (line,) = judge_lines(opened, [CREATED, opened])
    assert line.startswith("The scorekeeper disputes seq 2: “xxx") and "x…”" in line
    assert len(line) < 250
    ruling = event(6, "RulingIssued", dispute_id="d-gone", decision="overturned")
    assert judge_lines(ruling, [CREATED, ruling]) == [
        "Judge Judy rules on dispute d-gone: overturned — the claim is rejected; the board "
        "stays as it is. [J-APPEAL-1]"]
    upheld = event(7, "AppealDecided", actor=HANA, dispute_id="d1", decision="upheld")
    assert judge_lines(upheld, LOG)[0].endswith(
        ": upheld — the ruling stands. This decision is final. [J-APPEAL-1]")


def test_upheld_and_overturned_mean_one_thing_said_for_both_steps() -> None:
    for word in ("`upheld`", "`overturned`", "RulingIssued", "AppealDecided", "claim", "ruling"):
        assert word in DECISION_MEANING


def _bubble_log() -> list[dict[str, Any]]:
    from projections.games import get_game
    from projections.tcg.randomness import SeededRandomness
    from tests.api.positions import bubble

    game = get_game("tcg")
    players = [{"name": "Ana"}, {"name": "Beto"}]
    extra, _, _ = game.create("base-1999", players, SeededRandomness(1), position=bubble(prizes=2))
    payload = {"game": "tcg", "ruleset": "base-1999", "players": players,
               "randomness": "service", "position": bubble(prizes=2), **extra}
    return [{"seq": 1, "type": "MatchCreated", "payload": payload, "actor": None}]


def test_J_PENALTY_1_the_judges_line_comes_before_the_games_own() -> None:
    log = _bubble_log()
    log.append(event(2, "DisputeOpened", actor={"subject": "Beto", "role": "player"},
                     dispute_id="d1", seat=1, about_seq=1, claim="She looked at her Prize cards"))
    log.append(event(3, "RulingIssued", dispute_id="d1", decision="upheld", remedy=None,
                     penalty={"seat": 0, "infraction": "procedural_error_major",
                              "level": "double_prize"}))
    lines = fold(log, keep_narration=True).narrations[3]
    assert lines[0].startswith("Judge Judy rules on the dispute about seq 1 (“She looked at her "
                               "Prize cards”): upheld — the claim is accepted; Seat 0 (Ana) gets "
                               "a Double Prize Card penalty for Procedural Error (Major).")
    assert lines[0].endswith("[J-PENALTY-1]")
    assert "Prize card" in lines[1] and lines[1].endswith("[J-PENALTY-1]")   # the engine's
    assert "wins the game" in lines[-1]


def test_J_REPAIR_1_a_rewind_says_why_and_whether_decks_are_reshuffled() -> None:
    log = _bubble_log()
    log.append(event(2, "ActionTaken", actor=None, seat=0, action={"type": "end_turn"}))
    steps = list(walk([*log, event(3, "Rewound", to_seq=1, reason="wrong seat acted",
                                   reshuffle=False)]))
    assert steps[-1].lines == [
        "Judge Judy rewinds the game to seq 1 (“wrong seat acted”); decks not reshuffled. "
        "[J-REPAIR-1]"]
    assert steps[-1].after.turn == steps[0].after.turn


@pytest.mark.parametrize(("result", "text"), [
    ({"winner": 0, "reason": "R-WIN-1"}, "Ana took the last Prize card [R-WIN-1]"),
    ({"winner": 1, "reason": "R-WIN-2"},
     "Beto won: Ana had no Pokémon left to replace the Knocked Out Active Pokémon [R-WIN-2]"),
    ({"winner": 0, "reason": "R-WIN-1+R-WIN-2"},
     "Ana took the last Prize card and Beto had no Pokémon left to replace the Knocked Out "
     "Active Pokémon [R-WIN-1, R-WIN-2]"),
    ({"winner": 0, "reason": "R-WIN-3"},
     "Ana won: Beto could not draw a card at the start of the turn [R-WIN-3]"),
    ({"winner": 1, "reason": "J-PENALTY-1"},
     "Beto won: a judge's penalty against Ana decided the game [J-PENALTY-1]"),
    ({"winner": 0, "reason": "J-TIME-1"},
     "Ana won: time was called and Ana had fewer Prize cards left [J-TIME-1]"),
    ({"winner": None, "reason": "J-TIME-1", "draw": True},
     "The game is a draw: time was called and both players had as many Prize cards left "
     "[J-TIME-1]"),
    ({"winner": 1, "reason": "concede"}, "Beto won: Ana conceded"),
    ({"winner": 0, "reason": "T-WIN-1"}, "Ana moved a figure onto the opponent's goal [T-WIN-1]"),
    ({"winner": 1, "reason": "T-WIN-2"}, "Beto won: Ana could neither move nor attack [T-WIN-2]"),
    ({"winner": 1, "reason": "X-NEW-1"}, "Beto won [X-NEW-1]"),
    (None, None),
])
def test_R_WIN_how_a_game_ended_in_words_with_the_rule_beside(result, text) -> None:
    assert how_text(result, ["Ana", "Beto"]) == text


def test_the_summary_says_how_in_words_and_keeps_the_rule_id() -> None:
    from app.service.reading import Match, match_summary
    from events.facts import MatchFacts
    from projections.games import get_game

    log = _bubble_log()
    log.append(event(2, "PenaltyIssued", seat=1, infraction="cheating", level="game_loss"))
    game = get_game("tcg")
    match = Match({"match_id": "m"}, MatchFacts.of("m", log[0]))
    summary = match_summary(match, game, fold(log).state, 2)
    assert summary["how"] == "J-PENALTY-1"
    assert summary["how_text"] == "Ana won: a judge's penalty against Beto decided the game [J-PENALTY-1]"
    assert match_summary(match, game, fold(log[:1]).state, 1)["how_text"] is None
