"""`Location` on every 201: where what was created can be read — the match, the token, or, for
what a match's log gained (an action, a dispute, a ruling, a penalty ...), its event."""
from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask, Response, request

_MATCH_PATH = re.compile(r"^/v1/matches/([^/]+)")


def location_of(path: str, body: Any) -> str | None:
    if not isinstance(body, dict):
        return None
    if path == "/v1/matches" and isinstance(body.get("match_id"), str):
        return f"/v1/matches/{body['match_id']}"
    if path == "/v1/tokens" and isinstance(body.get("token_id"), str):
        return f"/v1/tokens/{body['token_id']}"
    if path.startswith("/v1/events/") and path.endswith("/decklists") and isinstance(body.get("player_id"), str):
        return f"{path}/{body['player_id']}"
    match = _MATCH_PATH.match(path)
    seq = body.get("seq")
    events = body.get("events")
    if seq is None and isinstance(events, list) and events and isinstance(events[-1], dict):
        seq = events[-1].get("seq")
    if match and isinstance(seq, int):
        return f"/v1/matches/{match.group(1)}/events?from={seq}&to={seq}"
    return None


def _add_location(response: Response) -> Response:
    if response.status_code != 201 or "Location" in response.headers or not response.is_json:
        return response
    try:
        body = json.loads(response.get_data(as_text=True))
    except ValueError:
        return response
    where = location_of(request.path, body)
    if where:
        response.headers["Location"] = where
    return response


def register_locations(app: Flask) -> None:
    app.after_request(_add_location)


def document_locations(spec: dict[str, Any]) -> None:
    """Say so in the OpenAPI document: a `Location` header on every 201 answer."""
    for operations in spec.values():
        for operation in operations.values():
            created = operation.get("responses", {}).get("201") if isinstance(operation, dict) else None
            if isinstance(created, dict):
                created.setdefault("headers", {})["Location"] = {
                    "description": "Where what was created can be read (the match, the token, or the event)",
                    "schema": {"type": "string"}}
