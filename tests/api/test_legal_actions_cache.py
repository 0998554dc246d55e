"""GET /legal-actions keeps its answers by (match, seq, hash of the event at that seq, seat
asked, reader): asked again, the same answer without listing again; another log at the same
seq (the hash differs), another seat or another reader never gets it."""

from __future__ import annotations

from typing import Any

import pytest

from app.routes import actions as routes
from events.keys import match_keys
from events.store import EventStore
from projections.games import get_game
from tests.api.helpers import ApiClient, create_match, ok
from tests.api.positions import PIKACHU, bubble, sandbox_players

pytestmark = pytest.mark.integration

JUDGE = {"subject": "Judge Judy", "role": "judge"}


def listed(client: ApiClient, match_id: str, query: str = "") -> dict[str, Any]:
    return ok(client.get(f"/v1/matches/{match_id}/legal-actions{query}"))


def test_asked_again_at_the_same_seq_the_answer_is_not_listed_again(judge: ApiClient, monkeypatch) -> None:
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    first = listed(judge, match_id, "?seat=0")
    assert any(a["type"] == "attach_energy" for a in first["actions"])
    monkeypatch.setattr(routes, "listed_legal_actions", lambda *args: pytest.fail("listed again"))
    assert listed(judge, match_id, "?seat=0") == first
    assert listed(judge, match_id, "?seat=0&at=1") == first


def _rewrite_log(redis_client: Any, store: EventStore, match_id: str, position: dict[str, Any]) -> None:
    """The match's log replaced by another one starting from ``position``: seq 1 again, with
    another event there (another hash), as a rewind that reused seq numbers would leave it."""
    first = store.read(match_id, 1, 1)[0]
    payload = {**first["payload"], "position": position}
    game = get_game("tcg")
    _, state, _ = game.create(payload["ruleset"], payload["players"], None, position)
    keys = match_keys(match_id)
    redis_client.delete(keys.events)
    redis_client.hdel(keys.meta, "head_seq", "head_hash")
    store.append(match_id, [{"type": "MatchCreated", "payload": payload,
                             "state_hash": game.state_hash(state)}], expected_seq=0, actor=JUDGE)
    assert store.read(match_id, 1, 1)[0]["hash"] != first["hash"]


def test_another_log_at_the_same_seq_is_listed_anew(judge: ApiClient, redis_client: Any,
                                                    store: EventStore) -> None:
    match_id = create_match(judge, players=sandbox_players(), position=bubble())["match_id"]
    before = listed(judge, match_id, "?seat=0")
    assert before["seq"] == 1 and any(a["type"] == "attach_energy" for a in before["actions"])
    _rewrite_log(redis_client, store, match_id, bubble(hand=[PIKACHU]))   # no Energy in hand
    after = listed(judge, match_id, "?seat=0")
    assert after["seq"] == 1
    assert not any(a["type"] == "attach_energy" for a in after["actions"])
    assert any(a["type"] == "bench" for a in after["actions"])


def test_each_reader_and_seat_gets_its_own_answer_whoever_asked_first(judge: ApiClient, monkeypatch) -> None:
    """Each answer is the one filtered for its reader (a player's may hide what a judge's
    shows): here the listing names who it was made for, so that a shared answer would show."""
    def listing_for(game: Any, state: Any, seat: int, reader: Any) -> list[dict[str, Any]]:
        return [{"type": "end_turn", "label": f"{reader.role} {reader.seat} about {seat}", "names": {}}]

    monkeypatch.setattr(routes, "listed_legal_actions", listing_for)
    for order in ((0, 1, 2, 3), (3, 2, 1, 0)):
        created = create_match(judge, players=sandbox_players(), position=bubble())
        tokens = created["tokens"]
        asks = [(judge, "?seat=0"), (judge, "?seat=1"), (judge.with_token(tokens["0"]), ""),
                (judge.with_token(tokens["1"]), "")]
        expected = ["judge None about 0", "judge None about 1", "player 0 about 0", "player 1 about 1"]
        for _ in range(2):
            for n in order:
                client, query = asks[n]
                assert listed(client, created["match_id"], query)["actions"][0]["label"] == expected[n]
