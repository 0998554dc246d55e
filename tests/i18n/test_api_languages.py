"""Through the API on a real Redis: a player's refusal, the narration and the problems read in
pt-BR and es — every text through the catalogues (a pseudo-catalogue here, tests/i18n/pseudo.py:
a text that skipped them shows), saying the same as the English with the same rule ids — and
what is stored (events, read models, the answer kept with an idempotency key) is the same
whatever language the writer read."""

from __future__ import annotations

import json

import pytest

from events.keys import match_keys
from tests.api.conftest import api_app, judge, seed  # noqa: F401 - the API's fixtures
from tests.api.helpers import SECRET, ApiClient, assert_problem, create_match, ok, pick_an_action
from tests.i18n.pseudo import english_of, pseudo_catalogues, translated

pytestmark = pytest.mark.integration

LANGUAGES = ("pt-BR", "es")


def _played(judge: ApiClient, actions: int = 12) -> tuple[str, dict]:  # noqa: F811
    created = create_match(judge)
    match_id = created["match_id"]
    scorekeeper = judge.with_token(created["tokens"]["scorekeeper"])
    for _ in range(actions):
        summary = ok(judge.get(f"/v1/matches/{match_id}"))
        seat, action, seq = pick_an_action(scorekeeper, match_id, summary)
        ok(scorekeeper.post(f"/v1/matches/{match_id}/actions",
                            {"seat": seat, "action": action, "expected_seq": seq}), 201)
    return match_id, created["tokens"]


def _same_words(english: str, other: str, language: str) -> None:
    assert translated(other, language), (language, other)
    assert english_of(other) == english, (english, other)


def test_the_narration_reads_in_each_language_for_a_judge_and_a_player(judge, monkeypatch):  # noqa: F811
    pseudo_catalogues(monkeypatch)
    match_id, tokens = _played(judge)
    player = judge.with_token(tokens["1"])
    for reader in (judge, player):
        english = ok(reader.get(f"/v1/matches/{match_id}/timeline"))
        assert sum(len(entry["narration"]) for entry in english) > 5
        assert not any("⟪" in line for entry in english for line in entry["narration"])
        for language in LANGUAGES:
            timeline = ok(reader.get(f"/v1/matches/{match_id}/timeline?lang={language}"))
            assert [(e["seq"], e["type"]) for e in timeline] == [(e["seq"], e["type"]) for e in english]
            for before, after in zip(english, timeline, strict=True):
                assert len(before["narration"]) == len(after["narration"])
                for line, read in zip(before["narration"], after["narration"], strict=True):
                    _same_words(line, read, language)


def test_a_players_refusal_reads_in_each_language_with_the_same_rule_ids(judge, monkeypatch):  # noqa: F811
    pseudo_catalogues(monkeypatch)
    created = create_match(judge)
    match_id = created["match_id"]
    player = judge.with_token(created["tokens"]["0"])
    body = {"seat": 0, "action": {"type": "end_turn"}}

    english = ok(player.post(f"/v1/matches/{match_id}/legality", body))
    assert english["legal"] is False and english["violations"]
    refused = assert_problem(player.post(f"/v1/matches/{match_id}/actions", body), 409)
    assert [v["rule"] for v in refused["violations"]] == [v["rule"] for v in english["violations"]]
    for language in LANGUAGES:
        asked = ok(player.post(f"/v1/matches/{match_id}/legality?lang={language}", body))
        assert [v["rule"] for v in asked["violations"]] == [v["rule"] for v in english["violations"]]
        for before, after in zip(english["violations"], asked["violations"], strict=True):
            _same_words(before["message"], after["message"], language)
        problem = assert_problem(player.post(f"/v1/matches/{match_id}/actions",
                                             body, headers={"Accept-Language": language}), 409)
        assert [v["rule"] for v in problem["violations"]] == [v["rule"] for v in refused["violations"]]
        _same_words(refused["title"], problem["title"], language)
        _same_words(refused["detail"], problem["detail"], language)
        for before, after in zip(refused["violations"], problem["violations"], strict=True):
            _same_words(before["message"], after["message"], language)
    assert ok(judge.get(f"/v1/matches/{match_id}"))["last_seq"] == 1     # nothing appended


def test_problem_details_are_translated(judge, monkeypatch):  # noqa: F811
    pseudo_catalogues(monkeypatch)
    match_id = create_match(judge)["match_id"]
    cases = [
        ("get", "/v1/matches/nope", None, 404),
        ("get", f"/v1/matches/{match_id}/state?at=99", None, 422),
        ("post", f"/v1/matches/{match_id}/actions",
         {"seat": 0, "action": {"type": "end_turn"}, "expected_seq": 7}, 409),
        ("post", f"/v1/matches/{match_id}/actions", {"seat": 5, "action": {}}, 422),
        ("get", f"/v1/matches/{match_id}/legal-actions?seat=0", None, 200),
    ]
    for method, path, body, status in cases[:-1]:
        english = assert_problem(getattr(judge, method)(path, body) if body else judge.get(path), status)
        for language in LANGUAGES:
            query = ("&" if "?" in path else "?") + f"lang={language}"
            answer = (getattr(judge, method)(path + query, body) if body else judge.get(path + query))
            problem = assert_problem(answer, status)
            assert {k: v for k, v in problem.items() if k not in ("title", "detail", "errors")} == \
                {k: v for k, v in english.items() if k not in ("title", "detail", "errors")}
            _same_words(english["title"], problem["title"], language)
            _same_words(english["detail"], problem["detail"], language)
            _same_errors(english.get("errors"), problem.get("errors"), language)


def _same_errors(english, other, language):
    if isinstance(english, dict):
        assert set(english) == set(other)
        for key in english:
            _same_errors(english[key], other[key], language)
    elif isinstance(english, list):
        for before, after in zip(english, other, strict=True):
            _same_errors(before, after, language)
    elif isinstance(english, str):
        _same_words(english, other, language)


def _stored(redis_client, match_id: str) -> list[dict]:
    events = []
    for _id, fields in redis_client.xrange(match_keys(match_id).events):
        fields = {k.decode() if isinstance(k, bytes) else k: v for k, v in fields.items()}
        event = {k: v for k, v in fields.items() if k in ("type", "payload", "state_hash")}
        payload = json.loads(event["payload"])
        payload.pop("match_id", None)   # MatchCreated names its match: the one difference
        events.append({**event, "payload": payload})
    return events


def test_what_is_stored_is_the_same_whatever_the_writers_language(api_app, judge, redis_client,  # noqa: F811
                                                                  monkeypatch):
    from app import create_app
    from projections.tcg.randomness import SeededRandomness

    pseudo_catalogues(monkeypatch)
    twin_source = SeededRandomness(7)                     # the api_app fixture's seed
    twin = create_app({**{k: api_app.config[k] for k in ("TESTING", "REDIS_URL", "RQ_REDIS_URL",
                                                         "REFEREE_SSE_BLOCK_MS")},
                       "REFEREE_TOKEN_SECRET": SECRET, "REFEREE_RANDOMNESS": lambda: twin_source},
                      redis_client=redis_client)
    twin_judge = ApiClient(twin.test_client(), judge.token)
    in_english = create_match(judge)["match_id"]
    in_spanish = ok(twin_judge.post("/v1/matches?lang=es", {"players": [
        {"name": "Ana", "deck_name": "fire-fighting"}, {"name": "Beto", "deck_name": "grass-psychic"}]},
        headers={"Accept-Language": "pt-BR"}), 201)["match_id"]
    for n in range(10):
        summary = ok(judge.get(f"/v1/matches/{in_english}"))
        seat, action, _seq = pick_an_action(judge, in_english, summary)
        body = {"seat": seat, "action": action, "idempotency_key": f"k{n}"}
        english = ok(judge.post(f"/v1/matches/{in_english}/actions", body), 201)
        spanish = ok(twin_judge.post(f"/v1/matches/{in_spanish}/actions?lang=es", body), 201)
        assert len(english["narration"]) == len(spanish["narration"])
        for line, read in zip(english["narration"], spanish["narration"], strict=True):
            _same_words(line, read, "es")
        again = ok(twin_judge.post(f"/v1/matches/{in_spanish}/actions?lang=es", body), 201)
        assert again == spanish    # the first answer, rebuilt in its language; appended once

    assert _stored(redis_client, in_english) == _stored(redis_client, in_spanish)
    # an idempotency record keeps no text at all: the request's digest, the event's seq and
    # hash (events.idempotency)
    kept = {match_id: sorted((sorted(record), record["seq"]) for record in map(
                json.loads, redis_client.hvals(match_keys(match_id).idempotency)))
            for match_id in (in_english, in_spanish)}
    assert kept[in_english] == kept[in_spanish]
    assert {tuple(names) for names, _seq in kept[in_english]} == {("fingerprint", "hash", "seq")}
    summaries = [ok(judge.get(f"/v1/matches/{m}")) for m in (in_english, in_spanish)]
    for summary in summaries:
        summary.pop("match_id")
        summary.pop("created_at", None)
        summary.pop("updated_at", None)
    assert summaries[0] == summaries[1]


def test_the_stream_reads_in_the_language_asked_when_it_started(judge, monkeypatch):  # noqa: F811
    from tests.api.test_stream import parse_sse

    pseudo_catalogues(monkeypatch)
    match_id, _tokens = _played(judge, actions=4)
    english = parse_sse(judge.get(f"/v1/matches/{match_id}/stream?max_events=4&timeout=5")
                        .get_data(as_text=True))
    spanish = parse_sse(judge.get(f"/v1/matches/{match_id}/stream?max_events=4&timeout=5",
                                  headers={"Accept-Language": "es"}).get_data(as_text=True))
    assert [m["id"] for m in spanish] == [m["id"] for m in english]
    lines = 0
    for before, after in zip(english, spanish, strict=True):
        for line, read in zip(before["data"]["narration"], after["data"]["narration"], strict=True):
            _same_words(line, read, "es")
            lines += 1
    assert lines
