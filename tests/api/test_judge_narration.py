"""Issue 16 items 6 and 7 through the REST API against a real Redis: every judge event is
narrated for people — in a judge's timeline and in each player's, in the stream, in the
exports (`referee replay`/`export` read ``projections.report``) — and a player's lines hold
nothing it may not see (no hidden instance, no card of a hidden zone, no judge's notes);
the summary says how a game ended in words beside the rule id."""

from __future__ import annotations

import html

import pytest

from tests.api.helpers import ApiClient, create_match, ok
from tests.api.positions import bubble, sandbox_players
from tests.api.test_hidden_information import assert_nothing_hidden, hidden_from
from tests.api.test_stream import parse_sse

pytestmark = pytest.mark.integration

NOTES = "JUDGES-ONLY-NOTE"
JUDGE_TYPES = ("DisputeOpened", "RulingIssued", "AppealFiled", "AppealDecided", "PenaltyIssued",
               "Rewound", "TimeCalled")
# The start of each judge event's line (the whole line: tests/unit/test_judge_narration.py).
EXPECTED = {
    "DisputeOpened": "Seat 1 (Beto) disputes seq 2: “Energy attached twice”; a judge will rule "
                     "on it. [J-APPEAL-1]",
    "RulingIssued": "Judge Judy rules on the dispute about seq 2 (“Energy attached twice”): "
                    "upheld — the claim is accepted; the game goes back to seq 1, decks not "
                    "reshuffled; Seat 0 (Ana) gets a Warning for Game Play Error (Minor). "
                    "[J-REPAIR-1, J-PENALTY-1]",
    "AppealFiled": "Seat 0 (Ana) appeals the ruling on the dispute about seq 2 (“Energy "
                   "attached twice”) to the head judge: “I attached once”. [J-APPEAL-1]",
    "AppealDecided": "Head Judge Hana decides the appeal on the dispute about seq 2 (“Energy "
                     "attached twice”): overturned — the ruling is reversed; the game goes back "
                     "to seq 3, decks not reshuffled; Seat 0 (Ana) gets a Caution for Game Play "
                     "Error (Minor). This decision is final. [J-APPEAL-1, J-REPAIR-1, "
                     "J-PENALTY-1]",
    "PenaltyIssued": "Judge Judy gives Seat 1 (Beto) a Warning for Tardiness. [J-PENALTY-1]",
    "Rewound": "Judge Judy rewinds the game to seq 2 (“the penalty went to the wrong seat”); "
               "the decks of the players who drew since are reshuffled. [J-REPAIR-1]",
    "TimeCalled": "Judge Judy calls time: if the game is not over when the extra turns end, the "
                  "player with fewer Prize cards left wins, and a tie goes to Sudden Death. "
                  "[J-TIME-1]",
}


def _judged_match(judge: ApiClient, head_judge: ApiClient) -> tuple[str, dict, list[dict]]:
    """A sandbox match through every judge tool; the write answers, in order."""
    created = create_match(judge, players=sandbox_players(), position=bubble())
    match_id = created["match_id"]
    base = f"/v1/matches/{match_id}"
    ana, beto = (judge.with_token(created["tokens"][s]) for s in ("0", "1"))
    answers = []

    def post(client: ApiClient, path: str, body: dict) -> dict:
        answers.append(ok(client.post(f"{base}{path}", body), 201))
        return answers[-1]

    post(ana, "/actions", {"seat": 0, "action": {"type": "attach_energy", "card": "0:2",
                                                 "target": "0:0"}})            # seq 2
    post(ana, "/actions", {"seat": 0, "action": {"type": "end_turn"}})        # 3: Beto draws
    dispute = post(beto, "/disputes", {"about_seq": 2, "claim": "Energy attached twice"})
    post(judge, f"/disputes/{dispute['dispute_id']}/ruling",
         {"decision": "upheld", "remedy": {"rewind_to": 1, "reshuffle": False}, "notes": NOTES,
          "penalty": {"seat": 0, "infraction": "game_play_error_minor", "level": "warning"}})
    post(ana, f"/disputes/{dispute['dispute_id']}/appeal", {"reason": "I attached once"})
    post(head_judge, f"/disputes/{dispute['dispute_id']}/appeal/decision",
         {"decision": "overturned", "remedy": {"rewind_to": 3}, "notes": NOTES,
          "penalty": {"seat": 0, "infraction": "game_play_error_minor", "level": "caution"}})
    post(judge, "/penalties", {"seat": 1, "infraction": "tardiness", "level": "warning",
                               "notes": NOTES})
    post(judge, "/rewind", {"to_seq": 2, "reason": "the penalty went to the wrong seat",
                            "reshuffle": True})                               # Beto drew since 2
    post(judge, "/time", {"notes": NOTES})
    return match_id, created, answers


def _never_seen(judge: ApiClient, match_id: str, seat: int) -> set[str]:
    """The instances ``seat`` could see at no seq of the match."""
    last = ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"]
    hidden = hidden_from(ok(judge.get(f"/v1/matches/{match_id}/state?at=1")), seat)
    for seq in range(2, last + 1):
        hidden &= hidden_from(ok(judge.get(f"/v1/matches/{match_id}/state?at={seq}")), seat)
    return hidden


def _judge_line(entry: dict) -> str:
    return entry["narration"][0]


def test_every_judge_event_is_narrated_for_judges_and_players_alike(judge, head_judge, store):
    match_id, created, answers = _judged_match(judge, head_judge)
    base = f"/v1/matches/{match_id}"
    timeline = ok(judge.get(f"{base}/timeline"))
    judged = {e["type"]: e for e in timeline if e["type"] in JUDGE_TYPES}
    assert set(judged) == set(JUDGE_TYPES)
    for kind, line in EXPECTED.items():
        assert _judge_line(judged[kind]) == line, kind
    # the game's own lines follow the judge's: the reshuffle after the rewind
    assert judged["Rewound"]["narration"][1:] == [
        "Seat 1 (Beto)'s deck is shuffled after the rewind. [J-REPAIR-1]"]
    assert judged["RulingIssued"]["payload"]["notes"] == NOTES   # a judge reads notes there
    # a write's answer has the line too (its event has no actor yet: "A judge")
    assert answers[3]["narration"][0].startswith("A judge rules on the dispute about seq 2")

    for seat in (0, 1):
        player = judge.with_token(created["tokens"][str(seat)])
        response = player.get(f"{base}/timeline")
        mine = ok(response)
        lines = [line for e in mine for line in e["narration"]]
        assert not any(NOTES in line for line in lines)
        for entry, theirs in zip(timeline, mine, strict=True):
            if entry["type"] in JUDGE_TYPES:   # one line for every reader
                assert _judge_line(theirs) == _judge_line(entry), entry["type"]
        assert_nothing_hidden(response.get_data(True), _never_seen(judge, match_id, seat),
                              f"seat {seat}'s timeline")


def test_the_stream_and_the_exports_carry_the_same_lines(judge, head_judge, store):
    from projections.report import narrated_timeline, render_html

    match_id, created, _ = _judged_match(judge, head_judge)
    base = f"/v1/matches/{match_id}"
    timeline = ok(judge.get(f"{base}/timeline"))
    lines = {e["seq"]: e["narration"] for e in timeline}
    player = judge.with_token(created["tokens"]["1"])
    response = player.get(f"{base}/stream?max_events={len(timeline)}&timeout=5")
    streamed = parse_sse(response.get_data(as_text=True))
    assert [m["id"] for m in streamed] == sorted(lines)
    for message in streamed:
        if message["event"] in JUDGE_TYPES:
            assert message["data"]["narration"][0] == lines[message["id"]][0]
            assert not any(NOTES in line for line in message["data"]["narration"])
    assert_nothing_hidden(response.get_data(True), _never_seen(judge, match_id, 1), "SSE")
    judge_stream = parse_sse(judge.get(f"{base}/stream?max_events={len(timeline)}&timeout=5")
                             .get_data(as_text=True))
    assert {m["id"]: m["data"]["narration"] for m in judge_stream} == lines
    # a stream opened mid-match holds no history: the rewind and the rulings read theirs
    first_judged = min(e["seq"] for e in timeline if e["type"] in JUDGE_TYPES)
    after = {seq: said for seq, said in lines.items() if seq >= first_judged}
    resumed = parse_sse(judge.get(f"{base}/stream?max_events={len(after)}&timeout=5",
                                  headers={"Last-Event-ID": str(first_judged - 1)}).get_data(as_text=True))
    assert {m["id"]: m["data"]["narration"] for m in resumed} == after

    events = store.read(match_id)
    exported = narrated_timeline(events)          # what `referee replay` prints
    assert {e["seq"]: e["narration"] for e in exported["entries"]} == lines
    page = render_html(match_id, events)          # `referee export --html`, GET .../report
    for kind in JUDGE_TYPES:
        assert html.escape(EXPECTED[kind], quote=True) in page, kind


def test_a_judges_look_at_a_hand_or_a_deck_names_no_card_to_the_other_player(judge):
    """CardsRevealed (R-TABLE-1): who, which zone, how many, that it fits the log — the
    cards themselves only to whoever may see them."""
    from tests.api.test_table_mode import started

    match_id, _scorekeeper, created = started(judge)
    base = f"/v1/matches/{match_id}"
    full = ok(judge.get(f"{base}/state"))
    hand = full["seats"][1]["hand"]
    secret_names = {c["name"] for c in hand} - {c["name"] for c in full["seats"][0]["hand"]} - {
        full["seats"][1]["active"]["name"], full["seats"][0]["active"]["name"]}
    assert secret_names
    ok(judge.post(f"{base}/reveal", {"seat": 1, "zone": "hand", "notes": NOTES,
                                     "cards": [c["card"] for c in hand]}), 201)
    ok(judge.post(f"{base}/reveal", {"seat": 0, "zone": "deck", "cards": [None, "base1-98"]}), 201)
    hand_line = (f"Judge Judy checks Seat 1 (Beto)'s hand ({len(hand)} cards): they fit what the "
                 "log holds. [R-TABLE-1]")
    deck_line = ("Judge Judy checks Seat 0 (Ana)'s deck (1 of the top 2 cards): they fit what the "
                 "log holds. [R-TABLE-1]")
    ana, beto = (judge.with_token(created["tokens"][s]) for s in ("0", "1"))
    for reader in (judge, ana, beto):
        revealed = [e for e in ok(reader.get(f"{base}/timeline")) if e["type"] == "CardsRevealed"]
        assert [e["narration"][0] for e in revealed] == [hand_line, deck_line]
        assert not any(NOTES in line for e in revealed for line in e["narration"])
    ana_sees = [e for e in ok(ana.get(f"{base}/timeline")) if e["type"] == "CardsRevealed"][0]
    assert ana_sees["payload"]["cards"] == {"count": len(hand)}
    assert not any(name in line for name in secret_names for line in ana_sees["narration"])
    assert "a hidden card" in ana_sees["narration"][1]
    beto_sees = [e for e in ok(beto.get(f"{base}/timeline")) if e["type"] == "CardsRevealed"][0]
    assert all(name in beto_sees["narration"][1] for name in secret_names)   # his own hand
    streamed = parse_sse(ana.get(f"{base}/stream?last_event_id={full['seq']}&max_events=2"
                                 "&timeout=5").get_data(as_text=True))
    assert [m["data"]["narration"][0] for m in streamed] == [hand_line, deck_line]
    assert not any(name in line for name in secret_names for m in streamed
                   for line in m["data"]["narration"])


def test_a_figure_game_penalty_is_narrated_with_the_players_names(judge):
    from tests.api.test_figure_game import _position, create_position

    created = create_position(judge, _position({"0:0": ("raticate", "S1"), "1:0": ("ekans", "N1")}))
    base = f"/v1/matches/{created['match_id']}"
    ok(judge.post(f"{base}/penalties", {"seat": 1, "infraction": "unsporting_conduct_major",
                                        "level": "game_loss"}), 201)
    player = judge.with_token(created["tokens"]["0"])
    last = ok(player.get(f"{base}/timeline"))[-1]
    assert last["narration"][0] == ("Judge Judy gives Seat 1 (Beto) a Game Loss for Unsporting "
                                    "Conduct (Major). [J-PENALTY-1]")
    assert last["narration"][1].endswith("the game is lost. [J-PENALTY-1]")   # the game's


def test_R_WIN_the_summary_says_how_the_game_ended_in_words(judge):
    created = create_match(judge, players=sandbox_players(), position=bubble(prizes=3))
    base = f"/v1/matches/{created['match_id']}"
    assert ok(judge.get(base))["how_text"] is None
    ok(judge.post(f"{base}/time", {"extra_turns": 1, "tie": "draw"}), 201)
    ok(judge.post(f"{base}/actions", {"seat": 0, "action": {"type": "end_turn"}}), 201)
    ok(judge.post(f"{base}/actions", {"seat": 1, "action": {"type": "end_turn"}}), 201)
    summary = ok(judge.with_token(created["tokens"]["0"]).get(base))
    assert summary["how"] == "J-TIME-1"
    assert summary["how_text"] == ("The game is a draw: time was called and both players had as "
                                   "many Prize cards left [J-TIME-1]")
    other = create_match(judge, players=sandbox_players(), position=bubble())
    ok(judge.post(f"/v1/matches/{other['match_id']}/penalties",
                  {"seat": 1, "infraction": "cheating", "level": "game_loss"}), 201)
    summary = ok(judge.get(f"/v1/matches/{other['match_id']}"))
    assert (summary["how"], summary["how_text"]) == (
        "J-PENALTY-1", "Ana won: a judge's penalty against Beto decided the game [J-PENALTY-1]")


def test_R_HIDDEN_1_a_judges_notes_never_reach_a_player(judge):
    """A judge's notes may name a hidden card: players get neither them nor a line quoting them."""
    created = create_match(judge)
    match_id = created["match_id"]
    secret = "Beto holds Computer Search"
    dispute = ok(judge.post(f"/v1/matches/{match_id}/disputes",
                            {"seat": 0, "about_seq": 1, "claim": "c"}), 201)["dispute_id"]
    ok(judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/ruling",
                  {"decision": "upheld", "notes": secret,
                   "penalty": {"seat": 1, "infraction": "tardiness", "level": "caution"}}), 201)
    ok(judge.post(f"/v1/matches/{match_id}/penalties",
                  {"seat": 1, "infraction": "tardiness", "level": "warning", "notes": secret}), 201)
    assert secret in judge.get(f"/v1/matches/{match_id}/events").get_data(True)
    for seat in ("0", "1"):
        player = judge.with_token(created["tokens"][seat])
        for path in ("events", "timeline", "disputes"):
            assert secret not in player.get(f"/v1/matches/{match_id}/{path}").get_data(True), path
