"""A client generated from the served OpenAPI document works: ``openapi-python-client``
(offline: proxies pointed at a closed port, no post-generation hooks) writes a package into
a temporary directory from ``/v1/openapi.json`` as served; imported, it creates a match on
the real service (werkzeug over a socket, a real Redis) with a judge's token, finds the
setup action among the legal actions and posts it as the typed ``TcgSetupAction`` the
document describes. Any warning of the generator fails the test: a document it can't read
is the document's fault."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys

import pytest

from tests.reliability.helpers import call, serve

pytest.importorskip("openapi_python_client")

pytestmark = pytest.mark.integration

PACKAGE = "referee_client"
OFFLINE = "http://127.0.0.1:9"   # the discard port: any request through a proxy fails at once


def _generate(document: dict, where) -> None:
    (where / "openapi.json").write_text(json.dumps(document), encoding="utf-8")
    # TOM's file is posted as raw XML (POST /v1/events/import): the generator sends it as bytes,
    # as a client generated for this API is configured to (the README says so).
    (where / "config.json").write_text(json.dumps({"package_name_override": PACKAGE, "post_hooks": [],
                                                   "content_type_overrides": {
                                                       "application/xml": "application/octet-stream"}}),
                                       encoding="utf-8")
    env = {**os.environ, "HTTP_PROXY": OFFLINE, "HTTPS_PROXY": OFFLINE, "ALL_PROXY": OFFLINE,
           "http_proxy": OFFLINE, "https_proxy": OFFLINE, "NO_PROXY": "", "no_proxy": ""}
    run = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path",
         str(where / "openapi.json"), "--output-path", str(where / PACKAGE), "--meta", "none",
         "--config", str(where / "config.json"), "--fail-on-warning"],
        capture_output=True, text=True, timeout=120, env=env, cwd=where)
    report = (run.stdout + run.stderr).replace(str(where), "<tmp>")
    assert run.returncode == 0, report
    assert "warning" not in report.lower() and "error" not in report.lower(), report


@pytest.fixture
def generated(tmp_path, monkeypatch):
    """Import the generated package from ``tmp_path`` (and forget it afterwards)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    yield lambda name: importlib.import_module(f"{PACKAGE}.{name}" if name else PACKAGE)
    for module in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[module]


def test_a_generated_client_creates_a_match_and_posts_an_action(api_app, judge, tmp_path,
                                                                  generated):
    with serve(api_app) as base:
        _generate(call(base, "GET", "/v1/openapi.json").body, tmp_path)
        client_module = generated("")
        models = generated("models")
        create = generated("api.matches.matches_create")
        legal_actions = generated("api.actions.actions_legal_actions")
        post_action = generated("api.actions.actions_post_action")
        client = client_module.AuthenticatedClient(base_url=base, token=judge.token,
                                                   raise_on_unexpected_status=True)
        with client:
            created = create.sync_detailed(client=client, body=models.MatchCreate(players=[
                models.PlayerIn(name="Ana", deck_name="fire-fighting"),
                models.PlayerIn(name="Beto", deck_name="grass-psychic")]))
            assert created.status_code == 201, created.content
            match = created.parsed
            assert isinstance(match, models.MatchCreated) and match.seq == 1

            offered = legal_actions.sync(match.match_id, client=client,
                                         seat=models.ActionsLegalActionsSeat.VALUE_0)
            assert isinstance(offered, models.LegalActions) and offered.seq == match.seq
            entry = next(a.to_dict() for a in offered.actions if a["type"] == "setup")
            setup = models.TcgSetupAction.from_dict(entry)   # sent back as listed (label ignored)
            assert setup.type_ == models.TcgSetupActionType.SETUP and setup.active == entry["active"]

            body = models.ActionBody(seat=models.ActionBodySeat.VALUE_0, action=setup,
                                     expected_seq=match.seq, idempotency_key="generated-1")
            answer = post_action.sync_detailed(match.match_id, client=client, body=body)
            assert answer.status_code == 201, answer.content
            result = answer.parsed
            assert isinstance(result, models.ActionResult) and result.seq == match.seq + 1
            assert result.event.type_ == "ActionTaken"
            assert result.event.payload["action"]["type"] == "setup"

        # the service agrees, read without the generated client
        events = call(base, "GET", f"/v1/matches/{match.match_id}/events", token=judge.token)
        assert events.status == 200 and events.body[-1]["seq"] == match.seq + 1
