"""The EX era through the REST API: whole games between the shipped ex1 decks in every
randomness mode (service, reported, table), each audited; decks held to their era's sets
(R-DECK-5); sandbox positions with what EX adds; the cards and decks served."""
from __future__ import annotations

import random

import pytest

from tests.api.helpers import ApiClient, assert_problem, ok, pick_an_action, play_to_the_end
from tests.paper_table import PaperGame

pytestmark = pytest.mark.integration

EX = "ex-2005"
PAIR = ("ex-fire-fighting", "ex-water-lightning")


def create_ex(judge: ApiClient, randomness: str = "service", pair=PAIR, **body) -> dict:
    players = [{"name": "Ana", "deck_name": pair[0]}, {"name": "Beto", "deck_name": pair[1]}]
    return ok(judge.post("/v1/matches", {"ruleset": EX, "randomness": randomness, "players": players,
                                         **body}), 201)


def audited(judge: ApiClient, match_id: str) -> dict:
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"], audit
    return audit


def test_an_ex_game_plays_from_creation_to_a_win_with_the_service_randomness(judge):
    created = create_ex(judge)
    match_id = created["match_id"]
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    summary = play_to_the_end(scorekeeper, match_id, max_actions=3000)
    assert summary["status"] == "finished" and summary["winner"] in (0, 1) and summary["how"]
    audited(judge, match_id)


def _post_reported(client: ApiClient, match_id: str, seat: int, action: dict, pick: random.Random) -> dict:
    """A reported match: the client reports exactly the coins the action flips, found the way a
    table would (more flips asked for, one more coin)."""
    coins: list[str] = []
    for _ in range(12):
        body = {"seat": seat, "action": action}
        if coins:
            body["coins"] = coins
        answer = client.post(f"/v1/matches/{match_id}/actions", body)
        if answer.status_code == 201:
            return answer.get_json()
        problem = assert_problem(answer, 422)
        assert "coins" in problem["errors"]["json"], problem
        coins = [*coins, pick.choice(("heads", "tails"))]
    raise AssertionError(f"{action} wanted more than 12 coins")


def test_an_ex_game_plays_to_a_win_with_every_coin_reported(judge):
    created = create_ex(judge, "reported", pair=("ex-grass-psychic", "ex-darkness-metal"))
    match_id = created["match_id"]
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    pick = random.Random(13)
    for _ in range(3000):
        summary = ok(scorekeeper.get(f"/v1/matches/{match_id}"))
        if summary["status"] == "finished":
            break
        seat, action, _seq = pick_an_action(scorekeeper, match_id, summary)
        _post_reported(scorekeeper, match_id, seat, action, pick)
    assert summary["status"] == "finished", summary
    audit = audited(judge, match_id)
    events = ok(judge.get(f"/v1/matches/{match_id}/events?limit=500"))
    assert any(e["payload"].get("coins") for e in events), "no action of a whole game flipped a coin?"
    assert audit["state_hashes_checked"] >= 2


class ApiExPaperGame(PaperGame):
    """A paper EX game logged through the API (tests/paper_table.py: the true game is held
    outside the service)."""

    def __init__(self, judge: ApiClient, seed: int, decks: dict[str, list[str]]):
        super().__init__(seed, list(decks.values()), report=0.5, ruleset=EX)
        players = [{"name": "Ana", "deck": list(decks[PAIR[0]])}, {"name": "Beto", "deck": list(decks[PAIR[1]])}]
        self.created = ok(judge.post("/v1/matches", {"ruleset": EX, "randomness": "table",
                                                     "players": players}), 201)
        self.match_id = self.created["match_id"]
        self.scorekeeper = judge.with_token(self.created["tokens"]["scorekeeper"])

    def logged(self, seat, action, coins, decision) -> None:
        body = {"seat": seat, "action": action}
        if coins:
            body["coins"] = coins
        answer = ok(self.scorekeeper.post(f"/v1/matches/{self.match_id}/actions", body), 201)
        assert answer["event"]["payload"]["action"] == decision.event["payload"]["action"]


def test_a_paper_ex_game_is_logged_in_table_mode_to_a_win(judge):
    from projections.tcg.decks import shipped_deck
    game = ApiExPaperGame(judge, seed=3, decks={name: shipped_deck(name) for name in PAIR})
    game.play(max_actions=4000)
    summary = ok(judge.get(f"/v1/matches/{game.match_id}"))
    assert summary["status"] == "finished" and summary["winner"] == game.true.result["winner"]
    audited(judge, game.match_id)


def test_R_DECK_5_a_base_set_deck_is_refused_in_an_ex_match_unless_the_format_is_unlimited(judge):
    players = [{"name": "Ana", "deck_name": "fire-fighting"}, {"name": "Beto", "deck_name": "ex-fire-fighting"}]
    refused = assert_problem(judge.post("/v1/matches", {"ruleset": EX, "players": players}), 422)
    assert [v["rule"] for v in refused["violations"]] == ["R-DECK-5"] and refused["violations"][0]["seat"] == 0
    assert "from Base (base1)" in refused["violations"][0]["message"]
    created = ok(judge.post("/v1/matches", {"ruleset": EX, "players": players, "format": "unlimited"}), 201)
    events = ok(judge.get(f"/v1/matches/{created['match_id']}/events"))
    assert events[0]["payload"]["format"] == "unlimited"
    assert_problem(judge.post("/v1/matches", {"ruleset": EX, "players": players, "format": "wild"}), 422)


def test_the_ex_cards_and_decks_are_served(judge):
    card = ok(judge.get("/v1/cards/ex1-96"))
    assert card["name"] == "Chansey ex" and card["implemented"] and card["prizes"] == 2
    assert "2 Prize cards" in card["description"]
    power = ok(judge.get("/v1/cards/ex1-7"))["power"]
    assert power["kind"] == "Poké-Power" and power["effect"]
    birch = ok(judge.get("/v1/cards/ex1-89"))
    assert birch["trainer_kind"] == "supporter" and birch["description"].startswith("Supporter")
    decks = {d["name"]: d for d in ok(judge.get("/v1/decks"))["decks"]}
    assert {name for name, d in decks.items() if d["ruleset"] == EX} == {
        "ex-fire-fighting", "ex-water-lightning", "ex-grass-psychic", "ex-darkness-metal",
        "ex-sandstorm-fossils", "ex-sandstorm-eevee", "ex-dragon-salamence", "ex-dragon-flygon"}
    rulesets = {r["name"]: r for r in ok(judge.get("/v1/rulesets"))["rulesets"]}
    assert rulesets[EX]["sets"] == ["ex1", "ex2", "ex3"] and rulesets["base-1999"]["sets"][0] == "base1"


def test_a_sandbox_position_holds_what_the_ex_era_adds(judge):
    position = {
        "turn": 4, "seat_to_act": 0, "phase": "main",
        "stadium": None,
        "supporter": {"card": "ex1-89", "owner": 0},
        "this_turn": {"supporter_played": True},
        "seats": [
            {"active": {"card": "ex1-97", "energy": ["ex1-109", "ex1-95"], "attached": ["ex1-85"],
                        "conditions": ["burned", "confused"], "damage": 30},
             "bench": [{"card": "ex1-103", "energy": ["ex1-93"]}],
             "hand": ["ex1-92"], "deck": ["ex1-109"] * 5, "discard": [], "prizes": ["ex1-109"] * 4},
            {"active": {"card": "ex1-98", "energy": ["ex1-94"], "attached": ["ex1-84"]}, "bench": [],
             "hand": ["ex1-91", "ex1-92"], "deck": ["ex1-105"] * 5, "discard": [], "prizes": ["ex1-105"] * 5}],
    }
    players = [{"name": "Ana"}, {"name": "Beto"}]
    created = ok(judge.post("/v1/matches", {"ruleset": EX, "players": players, "position": position}), 201)
    state = created["state"]
    assert state["supporter"]["card"] == "ex1-89" and state["supporter"]["owner"] == 0
    ana = state["seats"][0]["active"]
    assert ana["conditions"] == ["burned", "confused"] and [c["card"] for c in ana["attached"]] == ["ex1-85"]
    player = judge.with_token(created["tokens"]["1"])
    seen = ok(player.get(f"/v1/matches/{created['match_id']}/state"))
    assert seen["supporter"]["card"] == "ex1-89"                     # a Supporter is played face up
    assert seen["seats"][0]["hand"] == {"count": 1}
    bad = dict(position, supporter={"card": "ex1-92", "owner": 0})   # Switch is no Supporter
    problem = assert_problem(judge.post("/v1/matches", {"ruleset": EX, "players": players, "position": bad}), 422)
    assert "position.supporter.card" in str(problem)
    two_tools = {**position, "seats": [dict(position["seats"][0], active={
        "card": "ex1-97", "attached": ["ex1-84", "ex1-85"]}), position["seats"][1]]}
    problem = assert_problem(judge.post("/v1/matches", {"ruleset": EX, "players": players,
                                                        "position": two_tools}), 422)
    assert "R-TRAINER-4" in str(problem)
    base = assert_problem(judge.post("/v1/matches", {"players": players, "position": position}), 422)
    assert "no Supporter cards under base-1999" in str(base)


def test_R_DECK_5_the_rs_dr_format_is_selectable_for_an_ex_match_only(judge):
    ex_players = [{"name": "Ana", "deck_name": "ex-fire-fighting"}, {"name": "Beto", "deck_name": "ex-grass-psychic"}]
    created = ok(judge.post("/v1/matches", {"ruleset": EX, "players": ex_players,
                                            "format": {"sets": "rs-dr", "games": 3}}), 201)
    events = ok(judge.get(f"/v1/matches/{created['match_id']}/events"))
    assert events[0]["payload"]["format"] == "rs-dr"
    base_players = [{"name": "Ana", "deck_name": "fire-fighting"}, {"name": "Beto", "deck_name": "water-lightning"}]
    refused = assert_problem(judge.post("/v1/matches", {"players": base_players, "format": "rs-dr"}), 422)
    assert {v["rule"] for v in refused["violations"]} == {"R-DECK-5"}
    assert "ex-2005 ruleset's" in refused["violations"][0]["message"]
