"""Today's game through the REST API: a paper game between a shipped Scarlet & Violet deck
(every card of it encoded) and a Standard deck of cards whose texts the table declares, logged
in table mode by a scorekeeper, mixing effects the engine carries out with effects the table
declares as checked steps (R-DECLARE-1), audited at the end; the players' reads scanned for the opponent's hidden cards;
hostile step lists refused with nothing stored."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from projections.tcg import decks
from tests.api.helpers import ApiClient, assert_problem, ok
from tests.api.test_hidden_information import check_player, hidden_from, shown_by
from tests.engine.random_play import declared_decks
from tests.paper_table import PaperGame

pytestmark = pytest.mark.integration

ANA_DECK, BETO_DECK = "sv-gardevoir-ex", "sv-charizard-pidgeot"      # shipped, encoded
CARD_ID = re.compile(r"\b(?:base1|ex1|sv\w+)-\d+\b")


class ModernPaperGame(PaperGame):
    """A modern paper game between two shipped Standard decks, logged through the API."""

    def __init__(self, judge: ApiClient, seed: int, report: float):
        self.decks = (decks.shipped_deck(ANA_DECK), declared_decks()[1])
        super().__init__(seed, self.decks, report=report, ruleset="modern")
        self.created = ok(judge.post("/v1/matches", {
            "ruleset": "modern", "randomness": "table", "format": {"sets": "standard"},
            "players": [{"name": "Ana", "deck": list(self.decks[0])},
                        {"name": "Beto", "deck": list(self.decks[1])}]}), 201)
        self.match_id = self.created["match_id"]
        self.scorekeeper = judge.with_token(self.created["tokens"]["scorekeeper"])
        self.answers: list[dict] = []

    def logged(self, seat, action, coins, decision) -> None:
        body = {"seat": seat, "action": action}
        if coins:
            body["coins"] = coins
        answer = ok(self.scorekeeper.post(f"/v1/matches/{self.match_id}/actions", body), 201)
        assert answer["event"]["payload"]["action"] == decision.event["payload"]["action"]
        self.answers.append(answer)


def test_a_modern_paper_game_mixing_encoded_and_declared_effects_audits_clean(judge):
    game = ModernPaperGame(judge, seed=1, report=0.8)      # ends by the last Prize card
    game.play()
    base = f"/v1/matches/{game.match_id}"
    summary = ok(judge.get(base))
    assert summary["status"] == "finished" and summary["ruleset"] == "modern"
    assert summary["result"]["winner"] == game.true.result["winner"]
    actions = [e["payload"]["action"] for e in game.events[1:]]
    declared = [a for a in actions if "declared" in a]
    assert declared and any(a["declared"] for a in declared), "no effect was declared"
    encoded_trainers = [a for a in actions if a["type"] == "play_trainer" and "declared" not in a]
    assert encoded_trainers, "no Trainer the engine encodes was played"
    audit = ok(judge.get(f"{base}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"], audit
    assert audit["state_hashes_checked"] == len(game.events)
    assert len(audit["declared_effects"]) == len(declared)
    first = audit["declared_effects"][0]
    assert set(first) == {"seq", "seat", "action", "what", "steps"}
    timeline = ok(judge.get(f"{base}/timeline"))
    lines = " ".join(line for entry in timeline for line in entry.get("narration", []))
    assert "[R-DECLARE-1]" in lines


def test_players_read_no_hidden_card_of_a_modern_game_with_declared_steps(judge):
    game = ModernPaperGame(judge, seed=3, report=0.5)
    base = f"/v1/matches/{game.match_id}"
    players = [judge.with_token(game.created["tokens"][str(s)]) for s in (0, 1)]
    never_seen = [hidden_from(game.created["state"], s) - shown_by(game.created["narration"]) for s in (0, 1)]
    own_list = [Counter(game.decks[0]), Counter(game.decks[1])]
    public: list[set[str]] = [set(), set()]
    step = 0
    while game.true.phase != "finished" and step < 300:
        game.step()
        step += 1
        full = ok(judge.get(f"{base}/state"))
        for seat in (0, 1):
            never_seen[seat] &= hidden_from(full, seat)
            s = full["seats"][seat]
            public[seat] |= {c["card"] for c in s["discard"] + s.get("lost_zone", [])}
            for p in [s["active"], *s["bench"]]:
                if p and "card" in p and full["phase"] != "setup":
                    public[seat] |= {p["card"], *(c["card"] for c in p["energy"] + p["under"] + p["attached"])}
        for beside in (full.get("stadium"), full.get("supporter")):      # face up beside the board
            if beside:
                public[beside["owner"]].add(beside["card"])
        for answer in game.answers[-3:]:
            for other in (0, 1):
                never_seen[other] -= shown_by(answer["narration"])
                if any("shows" in line or "to the Bench" in line for line in answer["narration"]):
                    public[other] |= set(CARD_ID.findall(" ".join(answer["narration"])))
        if step % 30 == 0:
            for seat in (0, 1):
                check_player(players[seat], judge, game.match_id, seat, never_seen[seat])
                reads = " ".join(players[seat].get(f"{base}/{path}").get_data(True)
                                 for path in ("state", "events", "timeline"))
                unseen = set(CARD_ID.findall(reads)) - set(own_list[seat]) - public[1 - seat]
                assert not unseen, f"seat {seat} reads {unseen} of the opponent's it never saw"


def test_hostile_declared_steps_are_refused_with_the_field_named_and_nothing_stored(judge):
    created = ok(judge.post("/v1/matches", {"ruleset": "modern", "players": [
        {"name": "Ana", "deck_name": ANA_DECK}, {"name": "Beto", "deck_name": BETO_DECK}]}), 201)
    base = f"/v1/matches/{created['match_id']}"
    before = ok(judge.get(base))["last_seq"]
    for steps, field in (({"op": "draw"}, "action.declared"),
                         ([{"op": "draw", "count": 999}], "action.declared[0].count"),
                         ([{"op": "move", "from": "hand", "to": "moon", "all": True}], "action.declared[0].to"),
                         ([{"op": "heal", "target": "0:1", "amount": 15}], "action.declared[0].amount"),
                         ([{"op": "x" * 5000}], "action.declared[0].op"),
                         ([{"op": "draw", "count": 1, "evil": "<script>"}], "action.declared[0].evil")):
        answer = judge.post(f"{base}/actions", {"seat": 0, "action": {"type": "attack", "attack": "Jab",
                                                                     "declared": steps}})
        problem = assert_problem(answer, 422)
        assert field in str(problem), (field, problem)
    answer = judge.post(f"{base}/actions", {"seat": 0, "action": {"type": "declare", "source": "0:1",
                                                                 "declared": []}})
    assert answer.status_code in (409, 422)
    assert ok(judge.get(base))["last_seq"] == before


def test_R_DECK_5_the_api_offers_exactly_the_engines_formats(judge):
    from app.schemas import FORMAT_SETS
    from projections.tcg.rulesets import FORMATS
    assert FORMAT_SETS == FORMATS
    answer = judge.post("/v1/matches", {"ruleset": "modern", "format": {"sets": "standard"}, "players": [
        {"name": "Ana", "deck_name": "fire-fighting"}, {"name": "Beto", "deck_name": BETO_DECK}]})
    problem = assert_problem(answer, 422)
    assert "R-DECK-5" in str(problem)


def test_the_console_offers_the_declared_steps_field_and_a_judge_rewinds_a_modern_game(api_app, judge):
    from tests.api.test_console import signed_in
    game = ModernPaperGame(judge, seed=1, report=0.8)
    base = f"/v1/matches/{game.match_id}"
    browser, _ = signed_in(api_app, game.created["tokens"]["scorekeeper"])
    page = browser.get(f"/console/matches/{game.match_id}").get_data(True)
    assert 'id="declared"' not in page                  # setup: nothing to declare
    for _ in range(80):          # on to a board where an effect to declare is offered
        game.step()
        if any("declared" in a for a in ok(judge.get(f"{base}/legal-actions"))["actions"]):
            break
    page = browser.get(f"/console/matches/{game.match_id}").get_data(True)
    assert 'id="declared"' in page and "declare its effect" in page
    back_to = ok(judge.get(base))["last_seq"] - 3
    ok(judge.post(f"{base}/rewind", {"to_seq": back_to, "reason": "a misrecorded step"}), 201)
    assert ok(judge.get(f"{base}/state"))["state_hash"] == ok(judge.get(f"{base}/state?at={back_to}"))["state_hash"]
    assert ok(judge.get(f"{base}/audit"))["replay_ok"]
