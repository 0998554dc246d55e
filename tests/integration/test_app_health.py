"""The app shell: health, OpenAPI, and problem+json for every error."""

from __future__ import annotations

import pytest
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from app import create_app
from app.errors import PROBLEM_MIME, problem
from events.errors import ConflictError, InvalidEvent
from events.store import EventStore
from tests.conftest import TEST_CHAIN_KEY
from tests.factories import action

pytestmark = pytest.mark.integration


def assert_problem(response, status):
    assert response.status_code == status
    assert response.mimetype == PROBLEM_MIME
    body = response.get_json(force=True)
    assert body["status"] == status
    assert {"type", "title", "status"} <= set(body)
    return body


def test_health_reports_redis_and_its_durability(client):
    response = client.get("/v1/health")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "ok"
    assert body["redis"]["reachable"] is True
    assert body["redis"]["version"].split(".")[0].isdigit()
    # the test server runs with the durable settings
    assert body["redis"]["durability"] == {"appendonly": "yes", "appendfsync": "always",
                                           "maxmemory-policy": "noeviction"}
    assert body["redis"]["durable"] is True


def test_health_works_with_a_client_that_does_not_decode(redis_bytes):
    app = create_app({"TESTING": True}, redis_client=redis_bytes)
    body = app.test_client().get("/v1/health").get_json()
    assert body["redis"]["durability"]["appendfsync"] == "always"


def test_health_is_503_problem_when_redis_is_down():
    from events.embedded import free_port

    app = create_app({"TESTING": True, "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"})
    response = app.test_client().get("/v1/health")
    body = assert_problem(response, 503)
    assert response.headers["Retry-After"].isdigit()
    assert "detail" in body


def test_unknown_path_is_404_problem(client):
    assert_problem(client.get("/v1/nope"), 404)


def test_wrong_method_is_405_problem_with_allow(client):
    response = client.delete("/v1/health")
    assert_problem(response, 405)
    assert "GET" in response.headers["Allow"]


def test_openapi_document_and_docs_are_served(client):
    spec = client.get("/v1/openapi.json")
    assert spec.status_code == 200
    document = spec.get_json()
    assert document["openapi"].startswith("3.")
    assert "/v1/health" in document["paths"]
    assert "Problem" in document["components"]["schemas"]
    docs = client.get("/docs")
    assert docs.status_code == 200 and b"swagger" in docs.data.lower()


# Routes that exist only in these tests, to exercise the error handlers.

class EchoSchema(Schema):
    seat = fields.Integer(required=True)


def make_app_with_test_routes(redis_client, redis_url):
    app = create_app({"TESTING": True, "REDIS_URL": redis_url}, redis_client=redis_client)
    blp = Blueprint("probe", __name__, url_prefix="/v1/probe")

    @blp.route("/echo")
    class Echo(MethodView):
        @blp.arguments(EchoSchema)
        @blp.response(200, EchoSchema)
        def post(self, body):
            return body

    @blp.route("/illegal", methods=["POST"])
    def illegal():
        problem(409, "Illegal action", "Seat 0 already attached an Energy this turn (seq 38)",
                violations=[{"rule": "R-ENERGY-1", "message": "one Energy per turn"}])

    @blp.route("/stale", methods=["POST"])
    def stale():
        EventStore(redis_client, chain_key=TEST_CHAIN_KEY).append("m", [action()])
        EventStore(redis_client, chain_key=TEST_CHAIN_KEY).append("m", [action()], expected_seq=0)

    @blp.route("/invalid", methods=["POST"])
    def invalid():
        raise InvalidEvent({"payload": {"seat": ["Must be one of: 0, 1."]}}, index=0)

    @blp.route("/boom", methods=["GET"])
    def boom():
        raise KeyError("secret internals")

    app.extensions["referee"].api.register_blueprint(blp)
    return app


@pytest.fixture
def probe(redis_client, redis_url):
    return make_app_with_test_routes(redis_client, redis_url).test_client()


def test_malformed_body_is_422_problem_with_field_errors(probe):
    body = assert_problem(probe.post("/v1/probe/echo", json={"seat": "x", "more": 1}), 422)
    assert body["errors"]["json"]["seat"] == ["Not a valid integer."]
    assert "more" in body["errors"]["json"]


def test_a_raised_problem_keeps_its_members(probe):
    body = assert_problem(probe.post("/v1/probe/illegal"), 409)
    assert body["title"] == "Illegal action"
    assert body["violations"][0]["rule"] == "R-ENERGY-1"


def test_store_conflict_is_409_with_conflict_member(probe):
    body = assert_problem(probe.post("/v1/probe/stale"), 409)
    assert body["conflict"] == {"expected_seq": 0, "actual_seq": 1}


def test_invalid_event_is_422_with_errors(probe):
    body = assert_problem(probe.post("/v1/probe/invalid"), 422)
    assert body["errors"] == {"payload": {"seat": ["Must be one of: 0, 1."]}}


def test_unexpected_errors_are_500_problem_without_internals(probe):
    body = assert_problem(probe.get("/v1/probe/boom"), 500)
    assert "secret" not in str(body)


def test_production_refuses_to_start_without_a_token_secret(redis_url):
    with pytest.raises(RuntimeError, match="REFEREE_TOKEN_SECRET"):
        create_app({"REDIS_URL": redis_url, "REFEREE_TOKEN_SECRET": None,
                    "REFEREE_DEV_MODE": False})
    assert create_app({"REDIS_URL": redis_url, "REFEREE_TOKEN_SECRET": "s" * 40})
    assert create_app({"REDIS_URL": redis_url, "REFEREE_DEV_MODE": "1"})


def test_production_refuses_to_start_without_a_chain_key(redis_url, monkeypatch, tmp_path):
    monkeypatch.delenv("REFEREE_CHAIN_KEY")
    config = {"REDIS_URL": redis_url, "REFEREE_TOKEN_SECRET": "s" * 40,
              "REFEREE_DATA_DIR": str(tmp_path)}
    with pytest.raises(RuntimeError, match="REFEREE_CHAIN_KEY"):
        create_app(config)
    assert not (tmp_path / "chain_key").exists()
    assert create_app({**config, "REFEREE_CHAIN_KEY": "k" * 40})
    assert create_app({**config, "REFEREE_DEV_MODE": "1"})  # keyed from the data dir
    assert (tmp_path / "chain_key").exists()


def test_conflict_error_carries_both_seqs():
    error = ConflictError(3, 5)
    assert (error.expected_seq, error.actual_seq) == (3, 5)
