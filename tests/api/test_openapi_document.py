"""The served OpenAPI document as client authors read it: valid OpenAPI 3.0.3, a one-line
summary and an ``operationId`` on every operation, the ``action`` of a body as one schema
per action type of each game with a ``type`` discriminator (each with an example the game
takes; the schemas hold actions exactly as the games' shape checks do), and ReDoc served
from the package (no CDN)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from openapi_schema_validator import OAS30Validator
from openapi_spec_validator import OpenAPIV30SpecValidator, validate

from app.action_docs import schema_name
from app.routes.actions import without_annotations
from projections.games import game_names, get_game
from projections.tcg.randomness import SeededRandomness
from tests.api.helpers import ok
from tests.engine.random_play import declared_decks

pytestmark = pytest.mark.integration

OPERATIONS = ("get", "post", "put", "patch", "delete")
ACTION_BODIES = ("ActionBody", "LegalityBody")
MAX_SUMMARY = 90


@pytest.fixture
def spec(judge) -> dict[str, Any]:
    return ok(judge.get("/v1/openapi.json"))


def _operations(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in OPERATIONS:
                yield f"{method.upper()} {path}", operation


def _valid(spec, schema: dict[str, Any], value: Any) -> bool:
    """``value`` fits ``schema`` (OpenAPI 3.0 semantics; its $refs resolved in ``spec``)."""
    return OAS30Validator({**schema, "components": spec["components"]}).is_valid(value)


def _ref(spec, ref: str) -> dict[str, Any]:
    return spec["components"]["schemas"][ref.rsplit("/", 1)[1]]


def test_the_document_is_valid_openapi_3_0_3(spec):
    assert spec["openapi"] == "3.0.3"
    validate(spec, cls=OpenAPIV30SpecValidator)


def test_every_operation_has_a_one_line_summary_and_an_operation_id(spec):
    seen = 0
    for where, operation in _operations(spec):
        summary = operation.get("summary", "")
        assert summary.strip(), where
        assert "\n" not in summary and len(summary) <= MAX_SUMMARY, (where, summary)
        assert operation.get("operationId"), where
        seen += 1
    assert seen >= 30


def test_the_action_is_one_schema_per_action_type_with_a_type_discriminator(spec):
    kinds = {(game, kind) for game in game_names() for kind in get_game(game).action_shapes()["actions"]}
    assert {game for game, _ in kinds} == {"tcg", "tfg"}
    for body in ACTION_BODIES:
        action = spec["components"]["schemas"][body]["properties"]["action"]
        assert "action" in spec["components"]["schemas"][body]["required"]
        mapping = action["discriminator"]["mapping"]
        assert action["discriminator"]["propertyName"] == "type"
        assert set(mapping) == {kind for _, kind in kinds}
        assert sorted(one["$ref"] for one in action["oneOf"]) == sorted(set(mapping.values()))
        assert _valid(spec, action, action["example"])
        for kind, ref in mapping.items():
            target = _ref(spec, ref)
            variants = target.get("oneOf") or target.get("anyOf") or [{"$ref": ref}]
            games = {game for game, k in kinds if k == kind}
            assert {v["$ref"].rsplit("/", 1)[1] for v in variants} == {schema_name(g, kind) for g in games}
            for game in games:
                schema = spec["components"]["schemas"][schema_name(game, kind)]
                assert schema["properties"]["type"]["enum"] == [kind]
                assert "type" in schema["required"] and schema["additionalProperties"] is False
                example = schema["example"]
                assert example["type"] == kind and schema["description"]
                assert _valid(spec, schema, example), (game, example)
                assert _valid(spec, action, example), (game, example)     # exactly one branch
                assert get_game(game).action_errors(example) == {}, (game, example)


# Actions at the edges of the shape checks: (game, action). Each is taken by the game exactly
# when its schema takes it.
EDGES: list[tuple[str, dict[str, Any]]] = [
    ("tcg", {"type": "bench", "card": "x" * 64}), ("tcg", {"type": "bench", "card": "x" * 65}),
    ("tcg", {"type": "bench", "card": ""}), ("tcg", {"type": "bench", "card": 5}),
    ("tcg", {"type": "bench", "card": "Fire Energy"}), ("tcg", {"type": "bench"}),
    ("tcg", {"type": "setup", "active": "0:1", "bench": [f"0:{n}" for n in range(60)]}),
    ("tcg", {"type": "setup", "active": "0:1", "bench": [f"0:{n}" for n in range(61)]}),
    ("tcg", {"type": "setup", "active": "0:1", "bench": [1]}),
    ("tcg", {"type": "setup", "active": "0:1", "bench": "0:2"}),
    ("tcg", {"type": "mulligan_draw", "count": 0}), ("tcg", {"type": "mulligan_draw", "count": 60}),
    ("tcg", {"type": "mulligan_draw", "count": 61}), ("tcg", {"type": "mulligan_draw", "count": -1}),
    ("tcg", {"type": "mulligan_draw", "count": True}), ("tcg", {"type": "mulligan_draw", "count": 1.5}),
    ("tcg", {"type": "mulligan_draw", "count": "1"}),
    ("tcg", {"type": "end_turn", "prizes_taken": ["base1-98"]}),
    ("tcg", {"type": "end_turn", "prizes_taken": {"1": ["base1-98"]}}),
    ("tcg", {"type": "end_turn", "prizes_taken": {}}), ("tcg", {"type": "end_turn", "prizes_taken": {"2": []}}),
    ("tcg", {"type": "end_turn", "prizes_taken": {"0": "base1-98"}}),
    ("tcg", {"type": "play_trainer", "card": "0:3", "revealed": {"0": ["base1-4"]}}),
    ("tcg", {"type": "play_trainer", "card": "0:3", "revealed": ["base1-4"]}),
    ("tcg", {"type": "use_power", "pokemon": "0:1", "power": "Damage Swap",
             "choices": {"from": "0:1", "to": ["0:2"]}}),
    ("tcg", {"type": "use_power", "pokemon": "0:1", "power": "Damage Swap", "choices": {"from": 1}}),
    ("tcg", {"type": "attack", "attack": "Metronome", "choices": {"attack": "Amnesia",
                                                                   "copied": {"attack": "Doubleslap"}}}),
    ("tcg", {"type": "attack", "attack": "Metronome", "choices": {"copied": {"copied": {}}}}),
    ("tcg", {"type": "attack", "attack": "Ember", "choices": {"bogus": []}}),
    ("tcg", {"type": "attack", "attack": "Ember", "choices": {"count": 61}}),
    ("tcg", {"type": "attack", "attack": "Ember", "choices": []}),
    ("tcg", {"type": "attack"}), ("tcg", {"type": "concede", "x": 1}),
    ("tcg", {"type": "concede", "label": 5, "names": {"0:1": "Charmander"}}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": []}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": {}}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": [{"op": "draw", "count": 2}]}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": [{"op": "draw"}]}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": [{"op": "draw", "count": 61}]}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": [{"op": "heal", "target": "0:1", "amount": 15}]}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": [{"op": "heal", "target": "0:1", "amount": 510}]}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": [{"op": "warp"}]}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": [{"op": "draw", "count": 1, "x": 1}]}),
    ("tcg", {"type": "attack", "attack": "Absorb", "declared": [{"op": "draw", "count": 1}] * 31}),
    ("tcg", {"type": "play_trainer", "card": "0:3", "declared": [
        {"op": "move", "from": "deck", "to": "hand", "cards": ["sv1-86"]}, {"op": "shuffle", "seat": 0}]}),
    ("tcg", {"type": "play_trainer", "card": "0:3", "declared": [
        {"op": "move", "from": "deck", "to": "hand", "cards": ["sv1-86"], "count": 1}]}),
    ("tcg", {"type": "play_trainer", "card": "0:3", "declared": [{"op": "move", "from": "deck", "to": "hand"}]}),
    ("tcg", {"type": "play_trainer", "card": "0:3", "declared": [
        {"op": "move", "from": "deck", "to": "moon", "all": True}]}),
    ("tcg", {"type": "play_trainer", "card": "0:3", "declared": [
        {"op": "condition", "target": "1:1", "add": "burned", "remove": "asleep"}]}),
    ("tcg", {"type": "play_trainer", "card": "0:3", "declared": [{"op": "condition", "target": "1:1"}]}),
    ("tcg", {"type": "play_trainer", "card": "0:3", "declared": [{"op": "switch", "to": "0:2", "seat": 2}]}),
    ("tcg", {"type": "declare", "source": "0:4", "declared": [{"op": "counters", "target": "1:1", "count": 2}]}),
    ("tcg", {"type": "declare", "source": "0:4"}), ("tcg", {"type": "declare", "declared": []}),
    ("tcg", {"type": "fly"}), ("tcg", {"type": "move", "figure": "0:1", "path": ["S1"]}),
    ("tfg", {"type": "attack", "figure": "0:1", "target": "1:4", "spins": ["Bubble"] * 32}),
    ("tfg", {"type": "attack", "figure": "0:1", "target": "1:4", "spins": ["Bubble"] * 33}),
    ("tfg", {"type": "attack", "figure": "0:1", "target": "1:4", "spins": [True]}),
    ("tfg", {"type": "attack", "figure": "0:1", "target": "1:4", "spins": [1.5]}),
    ("tfg", {"type": "attack", "figure": "0:1", "target": "1:4",
             "spins": [3, {"name": "Bubble", "index": 1}]}),
    ("tfg", {"type": "attack", "figure": "0:1", "target": "1:4", "paralyzed": {"0:1": "Bubble"}}),
    ("tfg", {"type": "attack", "figure": "0:1", "target": "1:4", "paralyzed": {"0:1": 1}}),
    ("tfg", {"type": "attack", "figure": "0:1"}), ("tfg", {"type": "attack", "attack": "Ember"}),
    ("tfg", {"type": "move", "figure": "0:1", "path": ["SW_ENTRY", 1]}),
    ("tfg", {"type": "move", "figure": "0:1", "path": "SW_ENTRY"}),
    ("tfg", {"type": "move", "figure": 5, "path": []}),
    ("tfg", {"type": "end_turn", "prizes_taken": []}), ("tfg", {"type": "end_turn", "label": None}),
]


@pytest.mark.parametrize(("game", "action"), EDGES, ids=lambda v: v if isinstance(v, str) else None)
def test_the_action_schemas_take_what_the_games_take(spec, game, action):
    name = schema_name(game, str(action.get("type")))
    schema = spec["components"]["schemas"].get(name)
    documented = schema is not None and _valid(spec, schema, action)
    taken = get_game(game).action_errors(without_annotations(action)) == {}   # as the route checks
    assert documented == taken, (name, action)


def _legal_actions_seen(game_name: str, players: list[dict[str, Any]], ruleset: str,
                        seed: int, steps: int) -> list[dict[str, Any]]:
    """Every legal action offered along a random game (no concession)."""
    game, randomness, pick = get_game(game_name), SeededRandomness(seed), random.Random(seed)
    _, state, _ = game.create(ruleset, players, randomness)
    seen: dict[str, dict[str, Any]] = {}
    for _ in range(steps):
        offered = {seat: [a for a in game.legal_actions(state, seat) if a["type"] != "concede"]
                   for seat in (0, 1)}
        seat = game.acting_seat(state)
        seat = seat if seat is not None and offered[seat] else next((s for s in (0, 1) if offered[s]), None)
        if seat is None:
            break
        for action in offered[seat]:
            seen.setdefault(json.dumps(action, sort_keys=True), action)
        decision = game.decide(state, seat, pick.choice(offered[seat]), randomness)
        assert decision.event is not None, decision.violations
        state = decision.state
    return list(seen.values())


def test_every_legal_action_of_a_game_fits_its_schema(spec):
    tcg, tfg = get_game("tcg"), get_game("tfg")
    figures = [f["id"] for f in tfg.list_cards() if f.get("playable", True)][:12]
    games = {
        "tcg": _legal_actions_seen("tcg", [{"name": "Ana", "deck": tcg.deck_cards("fire-fighting")},
                                           {"name": "Beto", "deck": tcg.deck_cards("water-lightning")}],
                                   "base-1999", 5, 300),
        # one deck of cards whose texts the table still declares: its actions carry `declared`
        "modern": _legal_actions_seen("tcg", [{"name": "Ana", "deck": tcg.deck_cards("sv-gardevoir-ex")},
                                              {"name": "Beto", "deck": declared_decks()[1]}],
                                      "modern", 7, 200),
        "tfg": _legal_actions_seen("tfg", [{"name": "Ana", "deck": figures[:6]},
                                           {"name": "Beto", "deck": figures[6:]}], "tfg-6v6", 3, 80),
    }
    action_schema = spec["components"]["schemas"]["ActionBody"]["properties"]["action"]
    for game, actions in games.items():
        kinds = {a["type"] for a in actions}
        assert len(kinds) >= 3, (game, kinds)
        for action in actions:
            schema = spec["components"]["schemas"][schema_name("tcg" if game == "modern" else game,
                                                                 action["type"])]
            assert _valid(spec, schema, action), (game, action)
            assert _valid(spec, action_schema, action), (game, action)
    assert {"setup", "attach_energy", "attack", "play_trainer"} <= {a["type"] for a in games["tcg"]}
    assert any("declared" in a for a in games["modern"])


def test_redoc_is_served_from_the_package(anonymous):
    page = anonymous.get("/redoc")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(True)
    sources = re.findall(r"""<(?:script|link|img)\b[^>]*\b(?:src|href)=["']([^"']+)["']""", html)
    assert sources == ["/static/redoc/redoc.standalone.js"], sources
    assert not re.search(r"""\b(?:src|href)=["']?(?:https?:)?//""", html)
    assert 'spec-url="/v1/openapi.json"' in html
    policy = page.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "http" not in policy
    script = anonymous.get(sources[0])
    assert script.status_code == 200 and "javascript" in script.mimetype
    body = script.get_data()
    assert len(body) > 500_000 and b"Redoc" in body
    assert anonymous.get("/static/redoc/LICENSE").status_code == 200
    assert anonymous.get("/static/redoc/nothing.js").status_code == 404
