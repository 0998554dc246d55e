"""Table mode through the REST API: a paper game logged by a scorekeeper (tests/paper_table.py
holds the true game outside the service and reports what a scorekeeper would see).

Whole games end in a win and are audited; unreported cards are resolved by a judge's reveal;
impossible reports are refused (409, R-TABLE-1) with nothing stored; the players' reads are
scanned for every card the physical game has not shown them.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.api.helpers import ApiClient, assert_problem, ok
from tests.api.test_hidden_information import check_player, hidden_from, shown_by
from tests.engine.random_play import shared_decks
from tests.paper_table import PaperGame

pytestmark = pytest.mark.integration

DECKS = shared_decks()
ANA, BETO = DECKS["fire-fighting"], DECKS["grass-psychic"]
CARD_ID = re.compile(r"base1-\d+")


def create_table_match(judge: ApiClient, decks=(ANA, BETO)) -> dict:
    return ok(judge.post("/v1/matches", {"randomness": "table", "players": [
        {"name": "Ana", "deck": list(decks[0])}, {"name": "Beto", "deck": list(decks[1])}]}), 201)


class ApiPaperGame(PaperGame):
    """The paper game, logged through the API by the scorekeeper; every answer must be the
    referee's own decision (the same action and records as the engine beside it)."""

    def __init__(self, judge: ApiClient, seed: int, report: float):
        super().__init__(seed, (ANA, BETO), report=report)
        self.created = create_table_match(judge)
        self.match_id = self.created["match_id"]
        self.scorekeeper = judge.with_token(self.created["tokens"]["scorekeeper"])
        self.answers: list[dict] = []

    def logged(self, seat, action, coins, decision) -> None:
        body = {"seat": seat, "action": action}
        if coins:
            body["coins"] = coins
        answer = ok(self.scorekeeper.post(f"/v1/matches/{self.match_id}/actions", body), 201)
        stored = answer["event"]["payload"]
        assert stored["action"] == decision.event["payload"]["action"]
        assert stored.get("rng") == decision.event["payload"].get("rng")
        self.answers.append(answer)


def located(state: dict, seat: int) -> Counter:
    """The card ids of a judge's view of a seat that are not "unknown"."""
    s = state["seats"][seat]
    cards = [c for zone in ("hand", "deck", "discard", "prizes") for c in s[zone]]
    for p in [s["active"], *s["bench"]]:
        if p:
            cards += [{"card": p["card"]}, *p["energy"], *p["under"], *p["attached"]]
    return Counter(c["card"] for c in cards if c["card"] != "unknown")


def test_a_paper_game_logged_through_the_api_ends_in_a_win_and_audits_clean(judge):
    game = ApiPaperGame(judge, seed=11, report=1.0)
    game.play()
    base = f"/v1/matches/{game.match_id}"
    summary = ok(judge.get(base))
    assert summary["status"] == "finished" and summary["randomness"] == "table"
    assert summary["result"]["winner"] == game.true.result["winner"]
    state = ok(judge.get(f"{base}/state"))
    assert state["randomness"] == "table" and state["state_hash"] == game.answers[-1]["state_hash"]
    for seat, deck in enumerate((ANA, BETO)):
        assert Counter(state["seats"][seat]["unknown_pool"]) + located(state, seat) == Counter(deck)
    assert summary["unknown_cards"] == [sum(s["unknown_pool"].values()) for s in state["seats"]]
    audit = ok(judge.get(f"{base}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"], audit
    assert audit["state_hashes_checked"] == len(game.events)
    narration = [line for answer in game.answers for line in answer["narration"]]
    assert any(re.match(r"Seat \d \((Ana|Beto)\) draws [^.]+ \(\d:u\d+\)\.", line) for line in narration)


def test_unreported_draws_stay_unknown_until_a_judges_reveal_resolves_them(judge):
    game = ApiPaperGame(judge, seed=5, report=0.3)
    game.play()
    base = f"/v1/matches/{game.match_id}"
    before = ok(judge.get(f"{base}/state"))
    assert any(c["card"] == "unknown" for s in before["seats"] for c in s["hand"] + s["prizes"])
    true = game.true
    for seat in (0, 1):
        for zone in ("hand", "prizes", "discard", "deck"):
            cards = [true.instances[i] for i in getattr(true.seats[seat], zone)]
            if not cards:
                continue
            answer = ok(judge.post(f"{base}/reveal", {"seat": seat, "zone": zone, "cards": cards}), 201)
            assert answer["events"][0]["type"] == "CardsRevealed"
    after = ok(judge.get(f"{base}/state"))
    for seat, deck in enumerate((ANA, BETO)):
        assert after["seats"][seat]["unknown_pool"] == {}
        assert located(after, seat) == Counter(deck)
        for zone in ("hand", "prizes", "discard"):
            assert Counter(c["card"] for c in after["seats"][seat][zone]) == Counter(
                true.instances[i] for i in getattr(true.seats[seat], zone))
    audit = ok(judge.get(f"{base}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"], audit


def started(judge: ApiClient) -> tuple[str, ApiClient, dict]:
    """A table match after both setups, Ana to draw (hands reported)."""
    created = create_table_match(judge)
    match_id = created["match_id"]
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    post = f"/v1/matches/{match_id}/actions"
    ok(scorekeeper.post(post, {"seat": 0, "action": {
        "type": "setup", "active": "base1-46",
        "hand": ["base1-46", "base1-98", "base1-98", "base1-4", "base1-91", "base1-52", "base1-97"]}}), 201)
    ok(scorekeeper.post(post, {"seat": 1, "coins": ["heads"], "action": {
        "type": "setup", "active": "base1-44",
        "hand": ["base1-44", "base1-99", "base1-99", "base1-71", "base1-43", "base1-101", "base1-94"]}}), 201)
    return match_id, scorekeeper, created


IMPOSSIBLE = [
    ({"type": "draw", "cards": ["base1-4", "base1-4"]}, "R-TABLE-1"),           # a third Charizard
    ({"type": "draw", "cards": ["base1-10"]}, "R-TABLE-1"),                    # not in Ana's list
    ({"type": "draw", "cards": ["base1-98", "base1-98"]}, "R-TABLE-1"),        # one card is drawn
    ({"type": "draw", "cards": ["nonsense"]}, "R-TABLE-1"),
    ({"type": "draw", "cards": "base1-98"}, 422),
    ({"type": "draw", "hand": ["base1-98"]}, 422),
]


@pytest.mark.parametrize(("action", "expected"), IMPOSSIBLE)
def test_R_TABLE_1_impossible_reports_are_refused_and_nothing_is_stored(judge, action, expected):
    match_id, scorekeeper, _ = started(judge)
    base = f"/v1/matches/{match_id}"
    events = ok(judge.get(f"{base}/events"))
    answer = scorekeeper.post(f"{base}/actions", {"seat": 0, "action": action})
    if expected == 422:
        assert_problem(answer, 422)
    else:
        body = assert_problem(answer, 409)
        assert body["violations"][0]["rule"] == expected, body
    assert ok(judge.get(f"{base}/events")) == events


def test_R_TABLE_1_a_reveal_that_contradicts_the_log_names_the_conflict_to_the_judge(judge):
    match_id, scorekeeper, created = started(judge)
    base = f"/v1/matches/{match_id}"
    ok(scorekeeper.post(f"{base}/actions", {"seat": 0, "action": {"type": "draw"}}), 201)
    ok(scorekeeper.post(f"{base}/actions", {"seat": 0, "action": {"type": "end_turn"}}), 201)
    ok(scorekeeper.post(f"{base}/actions", {"seat": 1, "action": {"type": "draw"}}), 201)
    events = ok(judge.get(f"{base}/events"))
    two_on_top = {"seat": 0, "zone": "deck", "cards": ["base1-4", "base1-4"]}
    body = assert_problem(judge.post(f"{base}/reveal", two_on_top), 409)
    assert ("all 2 Charizard (base1-4) of Seat 0 (Ana) are accounted for: 1 in hand, 1 in the deck"
            in body["violations"][0]["message"]), body
    three = {"seat": 0, "zone": "hand", "cards": ["base1-4", "base1-4", "base1-4"]}
    body = assert_problem(judge.post(f"{base}/reveal", three), 409)
    assert "has no Charizard (base1-4) there and no unknown card it could be" in body["violations"][0]["message"]
    assert ok(judge.get(f"{base}/events")) == events
    # only a judge records a reveal (what a refusal shows a player: tests/unit/test_visibility)
    beto = judge.with_token(created["tokens"]["1"])
    assert_problem(beto.post(f"{base}/reveal", three), 403)


def test_R_TABLE_3_a_service_match_refuses_reports_and_reveals(judge):
    created = ok(judge.post("/v1/matches", {"players": [{"name": "Ana", "deck": list(ANA)},
                                                        {"name": "Beto", "deck": list(BETO)}]}), 201)
    base = f"/v1/matches/{created['match_id']}"
    hand = created["state"]["seats"][0]["hand"]
    answer = judge.post(f"{base}/actions", {"seat": 0, "action": {
        "type": "setup", "active": hand[0]["instance"], "hand": ["base1-98"]}})
    assert assert_problem(answer, 409)["violations"][0]["rule"] == "R-TABLE-3"
    answer = judge.post(f"{base}/reveal", {"seat": 0, "zone": "hand", "cards": ["base1-98"]})
    assert assert_problem(answer, 409)["violations"][0]["rule"] == "R-TABLE-3"


def test_a_table_match_needs_deck_lists_not_a_position(judge):
    answer = judge.post("/v1/matches", {"randomness": "table", "players": [{"name": "Ana"}, {"name": "Beto"}],
                                        "position": {"turn": 1}})
    assert "position" in json.dumps(assert_problem(answer, 422))
    answer = judge.post("/v1/matches", {"randomness": "table", "players": [{"name": "Ana"}, {"name": "Beto"}]})
    assert_problem(answer, 422)


def test_coins_are_required_where_a_flip_happens(judge):
    created = create_table_match(judge)
    base = f"/v1/matches/{created['match_id']}"
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    ok(scorekeeper.post(f"{base}/actions", {"seat": 0, "action": {"type": "setup", "active": "base1-46"}}), 201)
    answer = scorekeeper.post(f"{base}/actions", {"seat": 1, "action": {"type": "setup", "active": "base1-44"}})
    assert_problem(answer, 422)
    ok(scorekeeper.post(f"{base}/actions", {"seat": 1, "coins": ["tails"],
                                            "action": {"type": "setup", "active": "base1-44"}}), 201)
    assert ok(judge.get(f"{base}/state"))["seat_to_act"] == 1


def test_a_rewind_forgets_what_was_reported_after_its_target(judge):
    match_id, scorekeeper, _ = started(judge)
    base = f"/v1/matches/{match_id}"
    seq = ok(scorekeeper.post(f"{base}/actions", {"seat": 0, "action": {"type": "draw", "cards": ["base1-4"]}}),
             201)["seq"]
    assert ok(judge.get(f"{base}/state"))["seats"][0]["unknown_pool"].get("base1-4") is None
    ok(judge.post(f"{base}/rewind", {"to_seq": seq - 1, "reason": "the draw was logged wrong"}), 201)
    state = ok(judge.get(f"{base}/state"))
    assert state["seats"][0]["unknown_pool"]["base1-4"] == 1 and state["phase"] == "draw"
    ok(scorekeeper.post(f"{base}/actions", {"seat": 0, "action": {"type": "draw", "cards": ["base1-56"]}}), 201)
    assert ok(judge.get(f"{base}/audit"))["replay_ok"]


def test_players_read_no_card_the_table_has_not_shown_them(judge):
    """A paper game (half its outcomes reported) read by both players at every few steps: no
    hidden instance (check_player), and no card id of the opponent's that was never public
    to them — not in a state, an event, the timeline, the stream or a narration."""
    game = ApiPaperGame(judge, seed=23, report=0.5)
    base = f"/v1/matches/{game.match_id}"
    players = [judge.with_token(game.created["tokens"][str(s)]) for s in (0, 1)]
    never_seen = [hidden_from(game.created["state"], s) - shown_by(game.created["narration"]) for s in (0, 1)]
    public: list[set[str]] = [set(), set()]
    own_list = [set(ANA), set(BETO)]
    step = 0
    while game.true.phase != "finished" and step < 400:
        game.step()
        step += 1
        full = ok(judge.get(f"{base}/state"))
        for seat in (0, 1):
            never_seen[seat] &= hidden_from(full, seat)
            s = full["seats"][seat]
            public[seat] |= {c["card"] for c in s["discard"]}
            for p in [s["active"], *s["bench"]]:
                if p and "card" in p and full["phase"] != "setup":
                    public[seat] |= {p["card"], *(c["card"] for c in p["energy"] + p["under"])}
        for answer in game.answers[-3:]:
            for other in (0, 1):
                never_seen[other] -= shown_by(answer["narration"])
                if any("shows" in line for line in answer["narration"]):
                    public[other] |= set(CARD_ID.findall(" ".join(answer["narration"])))
        if step % 25 == 0:
            for seat in (0, 1):
                check_player(players[seat], judge, game.match_id, seat, never_seen[seat])
                reads = " ".join(players[seat].get(f"{base}/{path}").get_data(True)
                                 for path in ("state", "events", "timeline"))
                unseen = set(CARD_ID.findall(reads)) - own_list[seat] - public[1 - seat]
                assert not unseen, f"seat {seat} reads {unseen} of the opponent's it never saw"


def test_a_table_match_takes_deck_lists_pasted_in_either_export(judge):
    def as_ptcgo(line: str) -> str:
        if line[:1].isdigit():
            return f"* {line}"
        return re.sub(r"^(\w+): (\d+)$", lambda m: f"##{m.group(1).replace('Trainer', 'Trainer Cards')} - "
                      f"{m.group(2)}", line)
    ptcgo = "\n".join(["****** Pokémon Trading Card Game Deck List ******",
                       *map(as_ptcgo, Path("bench/decks/fire-fighting.txt").read_text().splitlines()),
                       "Total Cards - 60"])
    live = Path("bench/decks/grass-psychic.txt").read_text() + "\nTotal Cards: 60\n"
    created = ok(judge.post("/v1/matches", {"randomness": "table", "players": [
        {"name": "Ana", "deck": ptcgo}, {"name": "Beto", "decklist": live}]}), 201)
    assert created["state"]["seats"][0]["unknown_pool"] == dict(sorted(Counter(ANA).items()))
    named = ok(judge.post("/v1/matches", {"randomness": "table", "players": [
        {"name": "Ana", "deck": "fire-fighting"}, {"name": "Beto", "deck": list(BETO)}]}), 201)
    assert named["state"]["randomness"] == "table"
    bad = judge.post("/v1/matches", {"randomness": "table", "players": [
        {"name": "Ana", "deck": "* 4 Pikachu ex SVI 57"}, {"name": "Beto", "deck": "fire-fighting"}]})
    assert "SVI 57" in json.dumps(assert_problem(bad, 422)["errors"]["json"]["players"]["0"]["deck"])


def test_R_TABLE_5_a_report_the_judges_record_disagrees_with_waits_in_the_judges_queue(judge):
    """The judges read a player's report that set their record aside in their queue (kind
    `report`), and nowhere a player reads; a judge takes it up by opening a dispute about it."""
    from tests.reliability.test_hidden_scan import GROWLITHE, _paper_table

    match_id, player, _ = _paper_table(judge, record=True)
    base = f"/v1/matches/{match_id}"
    seq = ok(player.post(f"{base}/actions", {"seat": 0, "action": {"type": "draw", "cards": [GROWLITHE]}}),
             201)["seq"]
    tables = ok(judge.get("/v1/disputes/tables"))["tables"]
    (table,) = [t for t in tables if t["match_id"] == match_id]
    (item,) = table["disputes"]
    assert (item["kind"], item["about_seq"], item["seat"], item["open"]) == ("report", seq, 0, True)
    # the top was recorded as Switch, and both Growlithe among the Prize cards: one is set aside
    assert "R-TABLE-5" in item["claim"] and sorted(item["set_aside"].values()) == ["base1-28", "base1-95"]
    flat = ok(judge.get("/v1/disputes"))["disputes"]
    assert [d["dispute_id"] for d in flat if d.get("match_id") == match_id] == [item["dispute_id"]]
    assert ok(player.get(f"{base}/disputes")) == {"disputes": [], "total": 0}
    ok(judge.post(f"{base}/disputes", {"about_seq": seq, "claim": "Deck check said Switch on top"}), 201)
    (table,) = [t for t in ok(judge.get("/v1/disputes/tables"))["tables"] if t["match_id"] == match_id]
    assert [d["kind"] for d in table["disputes"]] == ["dispute"]
