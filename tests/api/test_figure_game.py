"""The figure game through the REST API, as the card game is: create a match, play it with legal
actions to a goal, ask whether a move is legal and why, rewind, audit (issue 14)."""
from __future__ import annotations

import random

import pytest

from tests.api.helpers import assert_problem, ok

pytestmark = pytest.mark.integration

TEAM = ["Raticate", "Charmander", "Ekans", "Machop", "Squirtle", "Weedle"]


def create_tfg(judge, randomness="service", **body):
    players = [{"name": "Ana", "deck": TEAM}, {"name": "Beto", "deck": list(reversed(TEAM))}]
    return ok(judge.post("/v1/matches", {"game": "tfg", "ruleset": "tfg-6v6", "randomness": randomness,
                                         "players": players, **body}), 201)


GOALS = {0: "N_GOAL", 1: "S_GOAL"}     # the goal each seat wins on (duel-26)


def play_through_the_api(client, match_id: str, seed: int, max_actions: int = 1500, spins=None) -> dict:
    """Legal actions, chosen at random with a taste for goals and battles, until the match ends.
    `spins(action)`: what a reported match's table says the wheels landed on."""
    pick = random.Random(seed)
    for _ in range(max_actions):
        summary = ok(client.get(f"/v1/matches/{match_id}"))
        if summary["status"] == "finished":
            return summary
        seat = summary["seat_to_act"]
        actions = ok(client.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}"))["actions"]
        goals = [a for a in actions if a["type"] == "move" and a["path"][-1] == GOALS[seat]]
        attacks = [a for a in actions if a["type"] == "attack"]
        action = pick.choice(goals or (attacks if attacks and pick.random() < 0.7 else actions))
        if spins and action["type"] == "attack":
            action = {**action, "spins": spins(action)}
        ok(client.post(f"/v1/matches/{match_id}/actions", {"seat": seat, "action": action}), 201)
    raise AssertionError("the match did not end")


def test_a_figure_game_plays_from_creation_to_a_win_and_audits(judge):
    created = create_tfg(judge)
    match_id = created["match_id"]
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    summary = play_through_the_api(scorekeeper, match_id, seed=1)
    assert summary["status"] == "finished" and summary["winner"] in (0, 1)
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"], {k: v for k, v in audit.items() if v}
    timeline = ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    text = " ".join(line for entry in timeline for line in entry["narration"])
    assert "[T-MOVE-1]" in text and "goes first. [T-SETUP-2]" in text


def test_legality_says_why_and_a_refused_move_stores_nothing(judge):
    created = create_tfg(judge)
    match_id = created["match_id"]
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    seat = state["state"]["seat_to_act"] if "state" in state else state["seat_to_act"]
    fig = f"{seat}:0"
    wrong_entry = "NE_ENTRY" if seat == 0 else "SW_ENTRY"
    answer = ok(judge.post(f"/v1/matches/{match_id}/legality",
                           {"seat": seat, "action": {"type": "move", "figure": fig, "path": [wrong_entry]}}))
    assert answer["legal"] is False and answer["violations"][0]["rule"] == "T-MOVE-3"
    refused = judge.post(f"/v1/matches/{match_id}/actions",
                         {"seat": seat, "action": {"type": "move", "figure": fig, "path": [wrong_entry]}})
    assert refused.status_code in (409, 422)
    events = ok(judge.get(f"/v1/matches/{match_id}/events"))
    assert len(events) == 1


def test_figures_boards_and_rulesets_are_served(judge):
    rulesets = ok(judge.get("/v1/rulesets?game=tfg"))
    assert {r["name"] for r in rulesets["rulesets"]} >= {"tfg-6v6", "tfg-3v3"}
    ekans = ok(judge.get("/v1/cards/ekans?game=tfg"))
    assert ekans["name"] == "Ekans" and ekans["playable"] and len(ekans["wheel"]) == 4


def test_a_team_with_a_figure_not_encoded_is_refused_naming_it(judge):
    players = [{"name": "Ana", "deck": ["Pikachu", *TEAM[1:]]}, {"name": "Beto", "deck": TEAM}]
    problem = assert_problem(judge.post("/v1/matches", {"game": "tfg", "ruleset": "tfg-6v6",
                                                        "randomness": "service", "players": players}), 422)
    assert "Pikachu can't be played yet" in str(problem)


def _position(figures: dict, **more) -> dict:
    return {"figures": {i: {"figure": f, "where": w} for i, (f, w) in figures.items()}, "turn": 3,
            "seat_to_act": 0, **more}


def create_position(judge, position: dict, randomness="service") -> dict:
    return ok(judge.post("/v1/matches", {"game": "tfg", "ruleset": "tfg-3v3", "randomness": randomness,
                                         "players": [{"name": "Ana"}, {"name": "Beto"}], "position": position}),
              201)


def test_a_reported_figure_game_takes_the_tables_spins_and_checks_them(judge):
    created = create_tfg(judge, "reported")
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    pick = random.Random(5)
    wheels = {f["id"]: len(f["wheel"]) for f in ok(judge.get("/v1/figures"))["figures"]}
    figures = ok(judge.get(f"/v1/matches/{created['match_id']}/state"))["figures"]

    def landed(action):
        return [pick.randrange(wheels[figures[i]["figure"]]) for i in (action["figure"], action["target"])]
    summary = play_through_the_api(scorekeeper, created["match_id"], seed=2, spins=landed)
    assert summary["status"] == "finished"
    audit = ok(judge.get(f"/v1/matches/{created['match_id']}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]


def test_spins_a_table_reports_must_be_on_the_wheel_and_a_service_match_spins_itself(judge):
    # Raticate on S5 next to Ekans on I_S, Ana to act
    position = _position({"0:0": ("raticate", "S5"), "1:0": ("ekans", "I_S")})
    reported = create_position(judge, position, "reported")
    match_id = reported["match_id"]
    attack = {"type": "attack", "figure": "0:0", "target": "1:0"}
    problem = assert_problem(judge.post(f"/v1/matches/{match_id}/actions",
                                        {"seat": 0, "action": {**attack, "spins": ["Hyper Fang", "Thunder"]}}), 422)
    assert "is not a segment of Ekans's wheel" in str(problem)
    assert_problem(judge.post(f"/v1/matches/{match_id}/actions",
                              {"seat": 0, "action": {**attack, "spins": ["Hyper Fang"]}}), 422)
    ok(judge.post(f"/v1/matches/{match_id}/actions",
                  {"seat": 0, "action": {**attack, "spins": ["Miss", {"name": "Wrap", "index": 0}]}}), 201)
    state = ok(judge.get(f"/v1/matches/{match_id}/state"))
    assert state["figures"]["0:0"]["where"] == "center"      # Miss loses to Wrap
    service = create_position(judge, position)
    refused = ok(judge.post(f"/v1/matches/{service['match_id']}/legality",
                            {"seat": 0, "action": {**attack, "spins": ["Hyper Fang", "Miss"]}}))
    assert refused["legal"] is False and "the referee spins" in refused["violations"][0]["message"]


def test_T_WIN_2_through_the_api_a_player_with_nothing_to_do_loses(judge):
    # Beto's Ekans will wait through his turn; his other figures are in the Pokémon Center
    position = _position({"0:0": ("charmander", "S5"), "1:0": ("ekans", "I_S"), "1:1": ("weedle", "center"),
                          "1:2": ("raticate", "center")})
    created = create_position(judge, position, "reported")
    ok(judge.post(f"/v1/matches/{created['match_id']}/actions",
                  {"seat": 0, "action": {"type": "attack", "figure": "0:0", "target": "1:0",
                                         "spins": ["Smokescreen", 0]}}), 201)
    summary = ok(judge.get(f"/v1/matches/{created['match_id']}"))
    assert summary["status"] == "finished" and summary["winner"] == 0


def test_T_WIN_2_a_first_player_who_cannot_enter_has_lost_when_the_match_is_created(judge):
    # 1-MP Weedles have no MP on their first turn (T-MOVE-4): whoever is drawn first cannot move
    players = [{"name": "Ana", "deck": ["Weedle"] * 3}, {"name": "Beto", "deck": ["Weedle"] * 3}]
    created = ok(judge.post("/v1/matches", {"game": "tfg", "ruleset": "tfg-3v3", "players": players}), 201)
    match_id = created["match_id"]
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["status"] == "finished" and summary["seat_to_act"] is None
    loser = 1 - summary["winner"]
    assert ok(judge.get(f"/v1/matches/{match_id}/legal-actions?seat={loser}"))["actions"] == []
    timeline = ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    assert f"{('Ana', 'Beto')[loser]} can neither move nor attack" in timeline[0]["narration"][-1]
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]
    # a sandbox position whose seat to act has every figure in the Pokémon Center
    sandbox = create_position(judge, _position({"0:0": ("weedle", "center"), "0:1": ("ekans", "center"),
                                                "1:0": ("ekans", "N1")}))
    assert ok(judge.get(f"/v1/matches/{sandbox['match_id']}"))["winner"] == 1
    said = ok(judge.get(f"/v1/matches/{sandbox['match_id']}/timeline"))[0]["narration"]
    assert said[-1] == "Ana can neither move nor attack: Beto wins. [T-WIN-2]"
    assert ok(judge.get(f"/v1/matches/{sandbox['match_id']}/audit"))["replay_ok"]


def test_a_judge_rewinds_a_figure_game(judge):
    position = _position({"0:0": ("raticate", "S1"), "1:0": ("ekans", "N1")})
    created = create_position(judge, position)
    match_id = created["match_id"]
    ok(judge.post(f"/v1/matches/{match_id}/actions",
                  {"seat": 0, "action": {"type": "move", "figure": "0:0", "path": ["S2", "S_GOAL"]}}), 201)
    ana = judge.with_token(created["tokens"]["0"])
    dispute = ok(ana.post(f"/v1/matches/{match_id}/disputes", {"about_seq": 2, "claim": "I meant S2 only"}),
                 201)["dispute_id"]
    ruled = ok(judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/ruling",
                          {"decision": "upheld", "remedy": {"rewind_to": 1}, "penalty": None}), 201)
    assert ruled["state"]["figures"]["0:0"]["where"] == "S1" and ruled["state"]["seat_to_act"] == 0
    at = ok(judge.get(f"/v1/matches/{match_id}/state?at=2"))
    assert at["figures"]["0:0"]["where"] == "S_GOAL"
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]


def test_boards_and_figures_are_served(judge):
    board = ok(judge.get("/v1/boards/duel-26"))
    assert len(board["points"]) == 26 and len(board["lines"]) == 28 and board["goals"] == ["S_GOAL", "N_GOAL"]
    assert_problem(judge.get("/v1/boards/nowhere"), 404)
    figures = ok(judge.get("/v1/figures"))["figures"]
    assert len(figures) == 98 and sum(f["playable"] for f in figures) == 14
    assert ok(judge.get("/v1/figures/Ekans"))["id"] == "ekans"
    assert_problem(judge.get("/v1/figures/missingno"), 404)


def test_a_figure_game_takes_penalties_rewinds_and_exports_like_a_card_game(judge, store):
    from projections.report import narrated_timeline, render_html

    position = _position({"0:0": ("raticate", "S1"), "1:0": ("ekans", "N1")})
    created = create_position(judge, position)
    match_id = created["match_id"]
    ok(judge.post(f"/v1/matches/{match_id}/actions",
                  {"seat": 0, "action": {"type": "move", "figure": "0:0", "path": ["S2"]}}), 201)
    ok(judge.post(f"/v1/matches/{match_id}/rewind", {"to_seq": 1, "reason": "misread the board"}), 201)
    assert ok(judge.get(f"/v1/matches/{match_id}/state"))["figures"]["0:0"]["where"] == "S1"
    assert_problem(judge.post(f"/v1/matches/{match_id}/time", {}), 409)
    ok(judge.post(f"/v1/matches/{match_id}/penalties",
                  {"seat": 1, "infraction": "unsporting_conduct_major", "level": "game_loss"}), 201)
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["status"] == "finished" and summary["winner"] == 0
    events = store.read(match_id)
    timeline = narrated_timeline(events)
    assert timeline["error"] is None
    assert any("[J-PENALTY-1]" in line for e in timeline["entries"] for line in e["narration"])
    html = render_html(match_id, events)
    assert "Raticate" in html and "J-PENALTY-1" in html


# seeds of the engine-side driver below whose 6-vs-6 game ends by T-WIN-2, per first seat
NO_ACTION_SEEDS = {0: 1089, 1: 713}


def _scripted_game(first: int, seed: int) -> list[dict]:
    """An engine-side game of TEAM v reversed TEAM that avoids goals and likes battles: the actions
    with the segments each battle landed on, to be logged through the API as a table would."""
    from projections.tfg import engine
    from projections.tfg.spins import ServiceSpins
    from tests.tfg.random_play import SeededShuffles

    pick, source = random.Random(seed), SeededShuffles(seed)
    state = engine.create("tfg-6v6", ["Ana", "Beto"], [TEAM, list(reversed(TEAM))], first)
    script = []
    while not state.result and len(script) < 300:
        actions = engine.legal_actions(state, state.seat_to_act)
        goal = state.board.goals[1 - state.seat_to_act]
        actions = [a for a in actions if not (a["type"] == "move" and a["path"][-1] == goal)] or actions
        attacks = [a for a in actions if a["type"] == "attack"]
        action = pick.choice(attacks if attacks and pick.random() < 0.9 else actions)
        spins = ServiceSpins(source)
        decision = engine.decide(state, state.seat_to_act, action, spins)
        script.append({"seat": state.seat_to_act,
                       "action": {**action, "spins": spins.used} if spins.used else action})
        state = decision.state
    assert state.result and state.result["reason"] == "T-WIN-2"
    return script


def test_T_WIN_2_a_whole_6v6_game_through_the_api_ends_when_a_player_can_do_nothing(judge):
    created = create_tfg(judge, "reported")
    match_id = created["match_id"]
    first = ok(judge.get(f"/v1/matches/{match_id}"))["seat_to_act"]
    for step in _scripted_game(first, NO_ACTION_SEEDS[first]):
        ok(judge.post(f"/v1/matches/{match_id}/actions", step), 201)
    summary = ok(judge.get(f"/v1/matches/{match_id}"))
    assert summary["status"] == "finished"
    timeline = ok(judge.get(f"/v1/matches/{match_id}/timeline"))
    assert "can neither move nor attack" in timeline[-1]["narration"][-1]
    audit = ok(judge.get(f"/v1/matches/{match_id}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"]


def test_a_table_mode_figure_game_is_logged_with_the_tables_spins(judge):
    created = create_tfg(judge, "table")
    match_id = created["match_id"]
    pick = random.Random(9)
    wheels = {f["id"]: len(f["wheel"]) for f in ok(judge.get("/v1/figures"))["figures"]}
    figures = ok(judge.get(f"/v1/matches/{match_id}/state"))["figures"]

    def landed(action):
        return [pick.randrange(wheels[figures[i]["figure"]]) for i in (action["figure"], action["target"])]
    summary = play_through_the_api(judge, match_id, seed=4, spins=landed)
    assert summary["status"] == "finished"
    attack = next(e for e in ok(judge.get(f"/v1/matches/{match_id}/events"))
                  if e["type"] == "ActionTaken" and e["payload"]["action"]["type"] == "attack")
    assert attack["payload"]["rng"]["spins"] == [s if isinstance(s, int) else None
                                                 for s in attack["payload"]["action"]["spins"]]


def test_a_figure_game_streams_its_events_with_narration(judge):
    from projections.report import describe_event

    position = _position({"0:0": ("raticate", "S1"), "1:0": ("ekans", "N1")})
    created = create_position(judge, position)
    match_id = created["match_id"]
    ok(judge.post(f"/v1/matches/{match_id}/actions",
                  {"seat": 0, "action": {"type": "move", "figure": "0:0", "path": ["S2"]}}), 201)
    sse = judge.get(f"/v1/matches/{match_id}/stream?max_events=2&timeout=2").get_data(True)
    assert "Raticate (0:0) moves S1 → S2. [T-MOVE-1]" in sse
    events = ok(judge.get(f"/v1/matches/{match_id}/events"))
    assert "move" in describe_event(events[-1])


def test_T_SETUP_3_a_sandbox_position_the_rules_do_not_know_is_a_422_naming_the_field(judge):
    position = _position({"0:0": ("raticate", "S5"), "1:0": ("ekans", "I_S")}, trainers=[])
    position["figures"]["1:0"]["status"] = "asleep"
    position["figures"]["1:0"]["conditions"] = ["poisoned"]
    players = [{"name": "Ana"}, {"name": "Beto"}]
    problem = assert_problem(judge.post("/v1/matches", {"game": "tfg", "ruleset": "tfg-3v3", "players": players,
                                                        "position": position}), 422)
    fields = problem["errors"]["json"]["position"]
    assert set(fields) == {"position.trainers", "position.figures.1:0.status", "position.figures.1:0.conditions"}
    mew = _position({"0:0": ("mew", "S5"), "1:0": ("ekans", "I_S")})
    problem = assert_problem(judge.post("/v1/matches", {"game": "tfg", "ruleset": "tfg-3v3", "players": players,
                                                        "position": mew}), 422)
    assert "Hyper Sonic is not encoded yet" in problem["errors"]["json"]["position"]["position.figures.0:0.figure"]


def test_T_STATUS_1_a_figures_view_shows_its_special_condition_and_its_wait_apart(judge):
    position = _position({"0:0": ("raticate", "S1"), "1:0": ("ekans", "I_S")})
    position["figures"]["1:0"].update(status="poisoned", wait=True)
    created = create_position(judge, position)
    ekans = ok(judge.get(f"/v1/matches/{created['match_id']}/state"))["figures"]["1:0"]
    assert ekans["status"] == "poisoned" and ekans["wait"] is True and ekans["wait_until"] == 4


def test_T_SETUP_1_a_figure_game_that_names_no_ruleset_is_6_vs_6(judge):
    players = [{"name": "Ana", "deck": TEAM}, {"name": "Beto", "deck": TEAM}]
    created = ok(judge.post("/v1/matches", {"game": "tfg", "players": players}), 201)
    assert ok(judge.get(f"/v1/matches/{created['match_id']}"))["ruleset"] == "tfg-6v6"
    three = [{"name": "Ana", "deck": TEAM[:3]}, {"name": "Beto", "deck": TEAM[:3]}]
    problem = assert_problem(judge.post("/v1/matches", {"game": "tfg", "players": three}), 422)
    assert {v["rule"] for v in problem["violations"]} == {"T-SETUP-1"}


def test_T_BATTLE_2_reported_spins_that_do_not_fit_are_refused_as_spins(judge):
    position = _position({"0:0": ("raticate", "S5"), "1:0": ("ekans", "I_S")})
    match_id = create_position(judge, position, "reported")["match_id"]
    attack = {"type": "attack", "figure": "0:0", "target": "1:0"}
    for spins in (["Hyper Fang"], ["Hyper Fang", "Thunder"], ["Hyper Fang", "Wrap", "Miss"]):
        problem = assert_problem(judge.post(f"/v1/matches/{match_id}/actions",
                                            {"seat": 0, "action": {**attack, "spins": spins}}), 422)
        assert problem["title"] == "Spins do not fit the action"
        assert list(problem["errors"]["json"]) == ["action.spins"]
