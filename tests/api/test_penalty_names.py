"""Penalties as the Play! Pokémon penalty guidelines name them (issue 16, J-PENALTY-1/2):
names typed as printed are stored as the stable ids, unknown names are refused naming the
field, old stored ids still fold, GET /v1/penalties lists both, and a repeat's escalation
is suggested to the judge, never applied."""

from __future__ import annotations

import pytest

from tests.api.helpers import assert_problem, create_match, ok
from tests.api.positions import bubble, sandbox_players

pytestmark = pytest.mark.integration

PEOPLE = [{"name": "Ana", "player_id": "3101"}, {"name": "Beto", "player_id": "3202"}]


def _match(judge, players=None, **position) -> str:
    return create_match(judge, players=players or [dict(p) for p in PEOPLE],
                        position=bubble(**position))["match_id"]


def _penalise(judge, match_id, status=201, **body):
    return ok(judge.post(f"/v1/matches/{match_id}/penalties", {"seat": 1, **body}), status)


@pytest.mark.parametrize(("typed", "stored", "label"), [
    ("Game Play Error: Minor", "game_play_error_minor", "Game Play Error (Minor)"),
    ("game play error - minor", "game_play_error_minor", "Game Play Error (Minor)"),
    ("Game Play Error – Minor", "game_play_error_minor", "Game Play Error (Minor)"),
    ("GAME_PLAY_ERROR_MINOR", "game_play_error_minor", "Game Play Error (Minor)"),
    ("Procedural Error (Major)", "procedural_error_major", "Procedural Error (Major)"),
    ("Unsporting Conduct — Severe", "unsporting_conduct_severe", "Unsporting Conduct (Severe)"),
    ("Deck/Decklist Problem", "deck_problem", "Deck/Decklist Problem"),
    ("Slow Play", "pace_of_play", "Slow Play"),
    ("  tardiness ", "tardiness", "Tardiness"),
])
def test_infractions_typed_as_printed_are_stored_as_ids(judge, typed, stored, label):
    match_id = _match(judge)
    answer = _penalise(judge, match_id, infraction=typed, level="Caution")
    assert answer["events"][0]["payload"]["infraction"] == stored
    assert answer["penalty"]["infraction"] == stored
    assert answer["penalty"]["infraction_label"] == label


def test_levels_typed_as_printed_are_stored_as_ids(judge):
    match_id = _match(judge)
    for typed, stored, label in [
            ("Caution", "caution", "Caution"), ("Warning", "warning", "Warning"),
            ("WARNING", "warning", "Warning"),
            ("Double Prize Card", "double_prize", "Double Prize Card"),
            ("double prize", "double_prize", "Double Prize Card"),
            ("Quad Prize Card", "quad_prize", "Quad Prize Card"),
            ("Game Loss", "game_loss", "Game Loss"), ("Match Loss", "match_loss", "Match Loss"),
            ("Disqualification", "disqualification", "Disqualification"),
            ("prize_penalty", "double_prize", "Double Prize Card")]:   # deprecated alias
        trial = _penalise(judge, match_id, 200, infraction="Tardiness", level=typed,
                          dry_run=True)
        assert trial["events"][0]["payload"]["level"] == stored, typed
        assert (trial["penalty"]["level"], trial["penalty"]["level_label"]) == (stored, label)

    given = _penalise(judge, match_id, infraction="Procedural Error: Major",
                      level="Double Prize Card")
    assert given["events"][0]["payload"] == {"seat": 1, "infraction": "procedural_error_major",
                                             "level": "double_prize", "dispute_id": None}
    assert ok(judge.get(f"/v1/matches/{match_id}"))["prizes_left"] == [4, 6]

    dispute = ok(judge.post(f"/v1/matches/{match_id}/disputes",
                            {"seat": 0, "about_seq": 1, "claim": "c"}), 201)["dispute_id"]
    ruled = ok(judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/ruling",
                          {"decision": "upheld", "penalty": {
                              "seat": 1, "infraction": "game play error - minor",
                              "level": "Warning"}}), 201)
    assert ruled["events"][0]["payload"]["penalty"] == {
        "seat": 1, "infraction": "game_play_error_minor", "level": "warning"}
    listed = ok(judge.get(f"/v1/matches/{match_id}/disputes"))["disputes"][0]["ruling"]
    assert listed["penalty"] == {
        "seat": 1, "infraction": "game_play_error_minor", "level": "warning",
        "infraction_label": "Game Play Error (Minor)", "category": "game_play_error",
        "category_label": "Game Play Error", "severity": "minor", "severity_label": "Minor",
        "level_label": "Warning"}


def test_unknown_names_are_refused_naming_the_field_with_the_accepted_names(judge, store):
    match_id = _match(judge)
    head = store.last_seq(match_id)
    for body, field in [({"infraction": "tardiness", "level": "Stern Look"}, "level"),
                        ({"infraction": "tardiness", "level": "Prize Card"}, "level"),
                        ({"infraction": "tardiness", "level": "prize card penalty"}, "level"),
                        ({"infraction": "tardiness", "level": 2}, "level"),
                        ({"infraction": "tardiness", "level": "x" * 200}, "level"),
                        ({"infraction": "Being Late: Minor", "level": "warning"}, "infraction"),
                        ({"infraction": "Game Play Error: Tiny", "level": "warning"}, "infraction"),
                        ({"infraction": "", "level": "warning"}, "infraction")]:
        refused = assert_problem(judge.post(f"/v1/matches/{match_id}/penalties",
                                            {"seat": 1, **body}), 422)
        assert list(refused["errors"]["json"]) == [field], body
        message = " ".join(refused["errors"]["json"][field])
        if isinstance(body[field], str) and len(body[field]) < 100:
            expected = "Double Prize Card (double_prize)" if field == "level" else \
                "Game Play Error (game_play_error)"
            assert expected in message, message
    one_card = assert_problem(judge.post(f"/v1/matches/{match_id}/penalties", {
        "seat": 1, "infraction": "tardiness", "level": "Prize Card"}), 422)
    assert "one-Prize-card" in one_card["errors"]["json"]["level"][0]
    dispute = ok(judge.post(f"/v1/matches/{match_id}/disputes",
                            {"seat": 0, "about_seq": 1, "claim": "c"}), 201)["dispute_id"]
    nested = assert_problem(judge.post(f"/v1/matches/{match_id}/disputes/{dispute}/ruling", {
        "decision": "upheld", "penalty": {"seat": 1, "infraction": "Cheating",
                                          "level": "Banishment"}}), 422)
    assert list(nested["errors"]["json"]["penalty"]) == ["level"]
    assert store.last_seq(match_id) == head + 1  # only the dispute was appended


def test_a_stored_prize_penalty_still_folds_as_two_prize_cards(judge, store):
    """Old logs say ``prize_penalty``: the event stays valid and replays to the state hash it
    was stored with, the same state a ``double_prize`` gives today."""
    today = _match(judge, players=sandbox_players())
    given = _penalise(judge, today, infraction="procedural_error_major", level="double_prize")
    old = _match(judge, players=sandbox_players())
    stored = store.append(old, [{"type": "PenaltyIssued",
                                 "payload": {"seat": 1, "infraction": "procedural_error_major",
                                             "level": "prize_penalty", "dispute_id": None},
                                 "state_hash": given["state_hash"]}],
                          actor={"subject": "Judge Judy", "role": "judge"}).events[0]
    assert stored["payload"]["level"] == "prize_penalty"
    audit = ok(judge.get(f"/v1/matches/{old}/audit"))
    assert audit["chain_ok"] and audit["replay_ok"] and audit["first_bad_seq"] is None
    assert ok(judge.get(f"/v1/matches/{old}/state")) == ok(judge.get(f"/v1/matches/{today}/state"))
    assert ok(judge.get(f"/v1/matches/{old}/events"))[-1]["payload"]["level"] == "prize_penalty"
    assert ok(judge.get(f"/v1/matches/{old}"))["prizes_left"] == [4, 6]


def test_get_penalties_lists_categories_severities_and_levels_with_labels(judge, anonymous):
    listed = ok(judge.get("/v1/penalties"))
    assert [(c["id"], c["label"]) for c in listed["categories"]] == [
        ("game_play_error", "Game Play Error"), ("procedural_error", "Procedural Error"),
        ("tardiness", "Tardiness"), ("unsporting_conduct", "Unsporting Conduct"),
        ("cheating", "Cheating"), ("deck_problem", "Deck/Decklist Problem"),
        ("pace_of_play", "Slow Play")]
    assert [(s["id"], s["label"]) for s in listed["severities"]] == [
        ("minor", "Minor"), ("major", "Major"), ("severe", "Severe")]
    assert [(lv["id"], lv["label"], lv["rank"], lv["reported"]) for lv in listed["levels"]] == [
        ("caution", "Caution", 0, False), ("warning", "Warning", 1, True),
        ("double_prize", "Double Prize Card", 2, True), ("quad_prize", "Quad Prize Card", 3, True),
        ("game_loss", "Game Loss", 4, True), ("match_loss", "Match Loss", 5, True),
        ("disqualification", "Disqualification", 6, True)]
    assert [(a["id"], a["means"]) for a in listed["deprecated_aliases"]] == [
        ("prize_penalty", "double_prize")]
    assert {"Prize Card", "Prize Card Penalty"} <= {r["name"] for r in listed["refused_names"]}
    assert listed["rules"] == {"levels": "J-PENALTY-1", "infractions": "J-PENALTY-2"}
    assert_problem(anonymous.get("/v1/penalties"), 401)
    spec = ok(judge.get("/v1/openapi.json"))
    body = spec["components"]["schemas"]["PenaltyIssueBody"]["properties"]
    assert "prize_penalty" in body["level"]["description"]
    assert "Double Prize Card" in body["level"]["description"]
    assert body["level"]["type"] == "string" and "enum" not in body["level"]
    assert "Game Play Error: Minor" in body["infraction"]["description"]
    assert "/v1/penalties" in spec["paths"]


@pytest.mark.parametrize(("lang", "warning", "game_play_error_minor", "guidelines"), [
    ("pt-BR", "Advertência", "Erro de Jogo (Menor)", "Diretrizes de Penalidade do Play! Pokémon TCG"),
    ("es", "Advertencia", "Error de Juego (Menor)", "Guías de Penalizaciones de Play! Pokémon TCG"),
])
def test_penalty_names_read_in_the_language_asked_and_are_taken_back_as_read(judge, lang, warning,
                                                                            game_play_error_minor, guidelines):
    """GET /v1/penalties in Portuguese and Spanish (``lang`` or Accept-Language, as every route):
    the same ids, every label and note in the language; a judge who types a label as it read
    gets the same stored id, and the answers and the history label it in that language."""
    english = ok(judge.get("/v1/penalties"))
    asked = ok(judge.get(f"/v1/penalties?lang={lang}"))
    assert ok(judge.get("/v1/penalties", headers={"Accept-Language": f"{lang};q=0.9, fr;q=0.5"})) == asked
    assert asked["guidelines"] == guidelines
    for kind in ("categories", "severities", "levels"):
        assert [n["id"] for n in asked[kind]] == [n["id"] for n in english[kind]]
        for read, printed in zip(asked[kind], english[kind], strict=True):
            assert read["label"] != printed["label"], (kind, read)
            if "note" in printed:
                assert read["note"] != printed["note"], (kind, read)
    assert {lv["id"]: lv["label"] for lv in asked["levels"]}["warning"] == warning
    assert asked["escalation"] != english["escalation"]
    assert asked["deprecated_aliases"][0]["label"] != english["deprecated_aliases"][0]["label"]
    recommended = {r["infraction"]: r for r in asked["recommended"]}["game_play_error_minor"]
    assert (recommended["infraction_label"], recommended["level"], recommended["level_label"]) == (
        game_play_error_minor, "warning", warning)

    match_id = _match(judge)
    given = ok(judge.post(f"/v1/matches/{match_id}/penalties?lang={lang}", {
        "seat": 1, "infraction": game_play_error_minor.upper(), "level": warning}), 201)
    assert given["events"][0]["payload"] == {"seat": 1, "infraction": "game_play_error_minor",
                                             "level": "warning", "dispute_id": None}
    assert (given["penalty"]["infraction_label"], given["penalty"]["level_label"],
            given["penalty"]["recommended_level_label"]) == (game_play_error_minor, warning, warning)
    history = ok(judge.get(f"/v1/players/3202/penalties?lang={lang}"))["penalties"]
    assert [(e["infraction_label"], e["level_label"]) for e in history] == [(game_play_error_minor, warning)]
    assert ok(judge.get("/v1/players/3202/penalties"))["penalties"][0]["level_label"] == "Warning"


def test_a_repeat_is_escalated_by_suggestion_never_applied(judge, head_judge):
    """J-PENALTY-2: Beto's second Tardiness (another match, same Play! Pokémon ID) is given
    as a Warning; the answer suggests a Double Prize Card, and a Warning is what is stored
    and applied. Another category is no repeat."""
    first, second = _match(judge), _match(judge)
    given = _penalise(judge, first, infraction="Tardiness", level="Warning")
    assert given["penalty"]["repeat"] is False and given["penalty"]["suggested_level"] is None
    assert given["penalty"]["player_id"] == "3202" and given["penalty"]["rule"] == "J-PENALTY-2"

    trial = _penalise(judge, second, 200, infraction="tardiness", level="warning", dry_run=True)
    assert trial["penalty"]["suggested_level"] == "double_prize"
    repeat = _penalise(judge, second, infraction="Tardiness", level="Warning")
    assert repeat["events"][0]["payload"]["level"] == "warning"          # the judge's level
    assert repeat["penalty"]["repeat"] is True and repeat["penalty"]["prior_same_category"] == 1
    assert (repeat["penalty"]["level"], repeat["penalty"]["suggested_level"],
            repeat["penalty"]["suggested_level_label"]) == ("warning", "double_prize",
                                                            "Double Prize Card")
    assert ok(judge.get(f"/v1/matches/{second}"))["prizes_left"] == [6, 6]   # nothing applied

    other = _penalise(judge, second, infraction="Game Play Error: Minor", level="Caution")
    assert other["penalty"]["repeat"] is False and other["penalty"]["suggested_level"] is None
    # a ruling's penalty is advised the same way; a level already escalated is left as given
    dispute = ok(judge.post(f"/v1/matches/{second}/disputes",
                            {"seat": 0, "about_seq": 1, "claim": "late again"}), 201)["dispute_id"]
    ruled = ok(judge.post(f"/v1/matches/{second}/disputes/{dispute}/ruling", {
        "decision": "upheld", "penalty": {"seat": 1, "infraction": "Tardiness",
                                          "level": "Game Loss"}}), 201)
    assert ruled["penalty"]["suggested_level"] == "game_loss"
    assert ruled["events"][0]["payload"]["penalty"]["level"] == "game_loss"
    # Ana (seat 0) has no history: nothing to suggest
    mine = ok(judge.post(f"/v1/matches/{first}/penalties",
                         {"seat": 0, "infraction": "tardiness", "level": "warning"}), 201)
    assert mine["penalty"]["player"] == "Ana" and mine["penalty"]["suggested_level"] is None

    history = ok(judge.get("/v1/players/3202/penalties"))["penalties"]
    assert [(e["infraction_label"], e["level"], e["level_label"], e["suggested_level"])
            for e in history] == [
        ("Tardiness", "warning", "Warning", None),
        ("Tardiness", "warning", "Warning", "double_prize"),
        ("Game Play Error (Minor)", "caution", "Caution", None),
        ("Tardiness", "game_loss", "Game Loss", "game_loss")]
    assert history[1]["suggested_level_label"] == "Double Prize Card"
    assert [e["prior_same_category"] for e in history] == [0, 1, 0, 2]
    # answers without a penalty say so
    timed = ok(judge.post(f"/v1/matches/{first}/time", {}), 201)
    assert timed["penalty"] is None
