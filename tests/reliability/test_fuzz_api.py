"""Schemathesis against the served OpenAPI document (``/v1/openapi.json``), through the
Flask app over WSGI: every operation, valid and invalid requests (about 2,700 in all, in
well under a minute), with a judge's, a player's or an admin's token and real match and
dispute ids substituted for the path parameters (and, for a share of the requests, ids
Schemathesis makes up). Asserted for every answer: no 5xx; the status code, content type,
headers and body are the ones the document declares; invalid input is refused.

Strings are not limited to UTF-8 (``codec=None``). Hypothesis leaves lone surrogates out of
every text unless asked (and Schemathesis's own checks can't encode them), so every fourth
request with a JSON body is also sent again with one written into its first string (or key),
straight through the app: every one must be refused (4xx), never answered with a 5xx.

Generation is derandomised (the same requests on every run): CI must not flake on a case
a previous run never saw. Widen ``EXAMPLES`` or drop ``derandomize`` to hunt for more."""

from __future__ import annotations

import json
import logging
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.api.positions import bubble, sandbox_players
from tests.reliability.helpers import SECRET, issue_token

schemathesis = pytest.importorskip("schemathesis")

from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.generation.modes import GenerationMode  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.integration

EXAMPLES = {GenerationMode.POSITIVE: 60, GenerationMode.NEGATIVE: 60}
MADE_UP_IDS = 12  # per operation with path parameters: ids Schemathesis generates
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance, negative_data_rejection]


@pytest.fixture
def fuzz_setup(redis_client, redis_url):
    from app import create_app
    from projections.tcg.randomness import SeededRandomness

    source = SeededRandomness(11)
    app = create_app({"TESTING": True, "REDIS_URL": redis_url, "RQ_REDIS_URL": redis_url,
                      "REFEREE_TOKEN_SECRET": SECRET, "REFEREE_SSE_BLOCK_MS": 20,
                      "REFEREE_RANDOMNESS": lambda: source}, redis_client=redis_client)
    judge = issue_token(redis_client, "judge", "Judy", head_judge=True)
    admin = issue_token(redis_client, "admin", "Ada")
    http = app.test_client()
    auth = {"Authorization": f"Bearer {judge}"}
    sandbox = http.post("/v1/matches", headers=auth,
                        json={"players": sandbox_players(), "position": bubble()}).get_json()
    dealt = http.post("/v1/matches", headers=auth, json={"players": [
        {"name": "Ana", "deck_name": "fire-fighting"},
        {"name": "Beto", "deck_name": "grass-psychic"}]}).get_json()
    dispute = http.post(f"/v1/matches/{sandbox['match_id']}/disputes", headers=auth,
                        json={"about_seq": 1, "claim": "x"}).get_json()["dispute_id"]
    spare = issue_token(redis_client, "judge", "Spare")
    from app.auth import TokenStore

    spare_id = TokenStore(redis_client, SECRET).lookup(spare)["token_id"]
    return {
        "app": app,
        "tokens": {"judge": judge, "admin": admin, "player": sandbox["tokens"]["1"],
                   "dealt_player": dealt["tokens"]["0"]},
        "ids": [{"match_id": sandbox["match_id"], "dispute_id": dispute,
                 "token_id": spare_id, "card_id": "base1-4", "name": "Ana", "player_id": "1001", "event_id": "e1",
                 "figure_id": "ekans", "board_id": "duel-26", "slug": "validation",
                 "rule_id": "R-ENERGY-1", "round_number": "1"},
                {"match_id": dealt["match_id"], "dispute_id": dispute,
                 "token_id": "no-such-token", "card_id": "base1-58", "name": "Beto", "player_id": "x",
                 "event_id": "%00",
                 "figure_id": "weedle", "board_id": "nowhere", "slug": "nope",
                 "rule_id": "T-NOPE-1", "round_number": "0"}],
    }


def _with_surrogate(body):
    """The body with a lone surrogate written into its first string (or key)."""
    if isinstance(body, str):
        return body[:3] + "\udc80" + body[3:]
    if isinstance(body, dict):
        for key, value in body.items():
            changed = _with_surrogate(value)
            if changed is not value:
                return {**body, key: changed}
        return {**body, "\ud800": 1} if body else body
    if isinstance(body, list):
        for n, value in enumerate(body):
            changed = _with_surrogate(value)
            if changed is not value:
                return [*body[:n], changed, *body[n + 1:]]
    return body


def _send_with_surrogate(case, http, answers: list) -> None:
    body = _with_surrogate(case.body)
    if not _has_surrogate(body):
        return
    path = case.formatted_path
    response = http.open(path, method=case.method, query_string=case.query or {},
                         headers={k: v for k, v in (case.headers or {}).items()
                                  if k.lower() != "content-type"},
                         data=json.dumps(body, ensure_ascii=True),
                         content_type="application/json")
    answers.append((f"{case.method} {path}", response.status_code))


def _has_surrogate(value) -> bool:
    if isinstance(value, str):
        return any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_has_surrogate(v) for v in value)
    return False


def _strategies(operation, setup):
    """Per operation: (mode, strategy) pairs over the tokens and id sets that fit it."""
    path = operation.path
    if path.startswith("/v1/tokens"):
        roles = ["admin"]
    elif "{match_id}" in path:
        roles = ["judge", "player", "dealt_player"]
    else:
        roles = ["judge"]
    names = [p.name for p in operation.path_parameters]
    out = []
    for mode in EXAMPLES:
        options = []
        for role in roles:
            headers = {"Authorization": f"Bearer {setup['tokens'][role]}"}
            for ids in setup["ids"]:
                fixed = {name: ids[name] for name in names}
                try:
                    options.append(operation.as_strategy(generation_mode=mode,
                                                         path_parameters=fixed,
                                                         headers=headers))
                except Exception:  # noqa: BLE001 - e.g. nothing to negate
                    pass
        if options:
            out.append((mode, st.one_of(options), EXAMPLES[mode]))
    if names:
        headers = {"Authorization": f"Bearer {setup['tokens'][roles[0]]}"}
        out.append((GenerationMode.POSITIVE,
                    operation.as_strategy(generation_mode=GenerationMode.POSITIVE,
                                          headers=headers), MADE_UP_IDS))
    return out


# A fixed amount of work (examples per operation), grown with the operations and the `lang`
# parameter every operation takes: ~2 minutes on a quiet 2-core machine, more beside other work.
# The suite's 120 s default is a guard against hangs, not this test's budget.
@pytest.mark.timeout(420)
def test_schemathesis_finds_no_5xx_and_no_answer_the_document_does_not_declare(
        fuzz_setup, caplog):
    caplog.set_level(logging.CRITICAL)
    schema = schemathesis.openapi.from_wsgi("/v1/openapi.json", fuzz_setup["app"])
    schema.config.generation.update(codec=None)  # any code point
    # Strings of 4-byte characters, escaped as JSON, can outgrow the 256 KiB body limit: a
    # 413 is a refusal too.
    rejection = schema.config.checks.negative_data_rejection
    rejection.expected_statuses = [*rejection.expected_statuses, "413"]
    failures: dict[tuple, list[str]] = defaultdict(list)
    sent: dict[str, int] = defaultdict(int)
    surrogate_answers: list[tuple[str, int]] = []
    http = fuzz_setup["app"].test_client()
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 25

    def runner(operation, strategy, examples):
        @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
                  phases=[Phase.generate], suppress_health_check=list(HealthCheck))
        @given(case=strategy)
        def run(case):
            if operation.path.endswith("/stream"):  # never wait for new events
                case.query = {**(case.query or {}), "timeout": 0.05, "max_events": 2}
            sent[operation.label] += 1
            if sent[operation.label] % 4 == 0 and isinstance(case.body, dict | list):
                _send_with_surrogate(case, http, surrogate_answers)
            response = case.call()
            try:
                case.validate_response(response, checks=CHECKS)
            except BaseException as exc:  # noqa: BLE001 - collect, report at the end
                key = (operation.label, response.status_code,
                       str(exc).strip().splitlines()[0][:120])
                if len(failures[key]) < 2:
                    failures[key].append(f"{case.path_parameters} {case.query} "
                                         f"{str(case.body)[:300]} -> {response.text[:300]}"
                                         f"\n{str(exc)[:1500]}")
        return run

    for operation in operations:
        for _mode, strategy, examples in _strategies(operation, fuzz_setup):
            try:
                runner(operation, strategy, examples)()
            except Exception as exc:  # noqa: BLE001 - e.g. an unsatisfiable negative mode
                if type(exc).__name__ != "Unsatisfiable":
                    raise

    report = "\n\n".join(f"{key}:\n" + "\n---\n".join(cases) for key, cases in failures.items())
    assert not failures, report
    assert sum(sent.values()) >= 2500, dict(sent)
    assert set(sent) == {op.label for op in operations}
    assert len(surrogate_answers) >= 100, len(surrogate_answers)
    server_errors = [a for a in surrogate_answers if a[1] >= 500 or a[1] < 400]
    assert not server_errors, server_errors[:5]
