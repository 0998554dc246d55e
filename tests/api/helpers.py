"""Helpers for the API tests: a token-carrying client, match creation, a game driver."""

from __future__ import annotations

import json
from typing import Any

from app.errors import PROBLEM_MIME

SECRET = "test-token-secret-" + "k" * 40
# Prefer moves that end games: attack, then promote, evolve, attach, bench; never concede.
PREFERENCE = ("choose", "choose_first", "attack", "promote", "setup", "mulligan_draw", "draw", "evolve",
              "attach_energy", "bench", "end_turn")


class ApiClient:
    """Flask's test client sending ``Authorization: Bearer <token>``."""

    def __init__(self, client: Any, token: str | None):
        self.client = client
        self.token = token

    def with_token(self, token: str | None) -> ApiClient:
        return ApiClient(self.client, token)

    def _headers(self, headers: dict[str, str] | None) -> dict[str, str]:
        out = dict(headers or {})
        if self.token is not None:
            out.setdefault("Authorization", f"Bearer {self.token}")
        return out

    def get(self, path: str, headers: dict | None = None, **kwargs: Any):
        return self.client.get(path, headers=self._headers(headers), **kwargs)

    def post(self, path: str, json_body: Any = None, headers: dict | None = None, **kwargs):
        if json_body is not None:
            kwargs["json"] = json_body
        return self.client.post(path, headers=self._headers(headers), **kwargs)

    def delete(self, path: str, headers: dict | None = None, **kwargs: Any):
        return self.client.delete(path, headers=self._headers(headers), **kwargs)


def ok(response, status: int = 200) -> Any:
    assert response.status_code == status, (response.status_code, response.get_data(True))
    return response.get_json()


def assert_problem(response, status: int) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.get_data(True))
    assert response.mimetype == PROBLEM_MIME, response.mimetype
    body = json.loads(response.get_data(as_text=True))
    assert body["status"] == status and body["type"] and body["title"]
    return body


def create_match(judge: ApiClient, **body: Any) -> dict[str, Any]:
    body.setdefault("players", [{"name": "Ana", "deck_name": "fire-fighting"},
                                {"name": "Beto", "deck_name": "grass-psychic"}])
    return ok(judge.post("/v1/matches", body), 201)


def choose(actions: list[dict[str, Any]]) -> dict[str, Any] | None:
    by_type: dict[str, list[dict]] = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    for kind in PREFERENCE:
        if kind in by_type:
            options = by_type[kind]
            if kind == "setup":  # the biggest bench: more Pokémon, fewer losses by R-WIN-2
                return max(options, key=lambda a: len(a.get("bench", [])))
            if kind == "mulligan_draw":
                return max(options, key=lambda a: a.get("count", 0))
            return options[0]
    return None


def play_to_the_end(client: ApiClient, match_id: str, max_actions: int = 1500,
                    until_status: tuple[str, ...] = ("finished",)) -> dict[str, Any]:
    """Drive a match through the API with legal-actions until its status is reached."""
    for _ in range(max_actions):
        summary = ok(client.get(f"/v1/matches/{match_id}"))
        if summary["status"] in until_status:
            return summary
        take_an_action(client, match_id, summary)
    raise AssertionError(f"match {match_id} did not reach {until_status}")


def pick_an_action(client: ApiClient, match_id: str, summary: dict[str, Any]
                   ) -> tuple[int, dict[str, Any], int]:
    """``(seat, action, seq listed at)``: a legal action (``choose``) for the seat to act, or
    the other one during setup (both seats place their Pokémon)."""
    first = summary["seat_to_act"]
    for seat in (first, 1 - first):
        listed = ok(client.get(f"/v1/matches/{match_id}/legal-actions?seat={seat}"))
        action = choose(listed["actions"])
        if action is not None:
            return seat, action, listed["seq"]
    raise AssertionError(f"no legal action for either seat: {summary}")


def take_an_action(client: ApiClient, match_id: str, summary: dict[str, Any]) -> dict[str, Any]:
    """Log the action ``pick_an_action`` picks; returns the 201 answer."""
    seat, action, seq = pick_an_action(client, match_id, summary)
    return ok(client.post(f"/v1/matches/{match_id}/actions",
                          {"seat": seat, "action": action, "expected_seq": seq}), 201)
