"""The request's language (app/language.py): ``lang`` wins over ``Accept-Language`` (quality
values honoured, a tag counts by its primary language), English without either; an unknown
``lang`` is a 400 naming it and the languages served; every answer — a 200, a problem, a 404,
the OpenAPI document — says ``Content-Language`` and ``Vary: Accept-Language``; the OpenAPI
document has ``lang`` and ``Content-Language`` once, shared by every operation."""

from __future__ import annotations

import pytest

from projections.i18n import LANGUAGES, best_language, language_of_locale, language_of_tag
from projections.messages import ENGLISH, current_language
from tests.api.conftest import anonymous, api_app, judge, seed  # noqa: F401 - the API's fixtures
from tests.api.helpers import assert_problem, create_match, ok
from tests.i18n.pseudo import pseudo_catalogues, translated

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(("tag", "language"), [
    ("en", "en"), ("EN", "en"), ("en-US", "en"), ("en_GB", "en"),
    ("pt", "pt-BR"), ("pt-BR", "pt-BR"), ("pt-br", "pt-BR"), ("pt_BR", "pt-BR"), ("PT_br", "pt-BR"),
    ("es", "es"), ("ES", "es"), ("es-MX", "es"), ("es_419", "es"), ("es-ES", "es"),
    ("pt-PT", None), ("fr", None), ("", None), ("e", None), ("en--", None), ("english", None),
    ("pt-BR-x", None), ("*", None), ("es;q=1", None),
])
def test_lang_values(tag, language):
    assert language_of_tag(tag) == language


@pytest.mark.parametrize(("value", "language"), [
    ("pt_BR.UTF-8", "pt-BR"), ("pt_PT.UTF-8", "pt-BR"), ("pt", "pt-BR"), ("es_AR.UTF-8@euro", "es"),
    ("en_US.UTF-8", "en"), ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("de_DE.UTF-8", None),
])
def test_locale_names(value, language):
    assert language_of_locale(value) == language


@pytest.mark.parametrize(("header", "language"), [
    ("pt-BR", "pt-BR"), ("pt", "pt-BR"), ("pt-PT", "pt-BR"), ("es-MX,en;q=0.5", "es"),
    ("en-US,en;q=0.9,pt;q=0.8", "en"), ("es;q=0.5, pt-BR;q=0.9", "pt-BR"),
    ("de, en-GB;q=0.2, pt;q=0.3", "pt-BR"), ("fr, es;q=0.1", "es"), ("fr", None), ("*", "en"),
    ("es;q=0, pt;q=0.5", "pt-BR"), ("es;q=abc", None), (";;;,q=", None), ("*;q=0", None),
    ("pt-BR;q=0.5;level=1", "pt-BR"), ("x" * 5000, None),
])
def test_accept_language_by_quality_and_primary_language(header, language):
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header

    assert best_language(parse_accept_header(header, LanguageAccept)) == language


def _language(response) -> str:
    assert "Accept-Language" in response.headers.get("Vary", ""), response.headers
    return response.headers["Content-Language"]


def test_lang_wins_over_accept_language_and_english_is_the_fallback(judge, monkeypatch):  # noqa: F811
    pseudo_catalogues(monkeypatch)
    match_id = create_match(judge)["match_id"]
    path = f"/v1/matches/{match_id}/legal-actions?seat=0"
    cases = [
        ({}, "", "en"),
        ({"Accept-Language": "es-MX"}, "", "es"),
        ({"Accept-Language": "fr, pt;q=0.4, es;q=0.3"}, "", "pt-BR"),
        ({"Accept-Language": "fr"}, "", "en"),
        ({"Accept-Language": "es"}, "&lang=pt-BR", "pt-BR"),
        ({"Accept-Language": "pt-BR"}, "&lang=en", "en"),
        ({"Accept-Language": "pt-BR"}, "&lang=ES-419", "es"),
        ({}, "&lang=pt_br", "pt-BR"),
    ]
    for headers, query, expected in cases:
        response = judge.get(path + query, headers=headers)
        assert response.status_code == 200, (headers, query, response.get_data(True))
        assert _language(response) == expected, (headers, query)
        labels = [action["label"] for action in response.get_json()["actions"]]
        assert labels
        if expected == ENGLISH:
            assert not any("⟪" in label for label in labels)
        else:
            assert all(translated(label, expected) for label in labels), labels
    assert current_language() == ENGLISH  # reset after each request


def test_an_unsupported_lang_is_a_400_naming_it_in_the_accepted_language(judge, monkeypatch):  # noqa: F811
    pseudo_catalogues(monkeypatch)
    for value in ("fr", "pt-PT", "", "x" * 100):
        response = judge.get(f"/v1/matches?lang={value}", headers={"Accept-Language": "es"})
        body = assert_problem(response, 400)
        assert body["languages"] == list(LANGUAGES)
        assert "lang" in body["errors"]["query"]
        assert _language(response) == "es"               # the header's language, lang being bad
        assert translated(body["title"], "es") and translated(body["detail"], "es")
    body = assert_problem(judge.get("/v1/matches?lang=fr"), 400)
    assert body["title"] == "Unsupported language"
    assert body["detail"] == "`lang` may be en, pt-BR, es (or a regional variant: es-MX, pt_BR), not 'fr'."
    assert body["errors"] == {"query": {"lang": ["Must be one of: en, pt-BR, es."]}}


def test_lang_goes_with_a_routes_own_query_parameters(judge):  # noqa: F811
    match_id = create_match(judge)["match_id"]
    listed = judge.get("/v1/matches?status=setup&lang=es&limit=5")
    assert [m["match_id"] for m in ok(listed)["matches"]] == [match_id]
    assert _language(listed) == "es"


def test_content_language_on_a_problem_a_404_and_the_documents(judge, anonymous, monkeypatch):  # noqa: F811
    pseudo_catalogues(monkeypatch)
    unauthenticated = anonymous.get("/v1/matches", headers={"Accept-Language": "pt-BR"})
    body = assert_problem(unauthenticated, 401)
    assert _language(unauthenticated) == "pt-BR"
    assert translated(body["title"], "pt-BR") and translated(body["detail"], "pt-BR")

    missing = judge.get("/v1/no-such-route?lang=es")
    body = assert_problem(missing, 404)
    assert _language(missing) == "es" and translated(body["title"], "es")
    assert translated(body["detail"], "es")

    no_match = judge.get("/v1/matches/nope?lang=es")
    body = assert_problem(no_match, 404)
    assert translated(body["detail"], "es") and "'nope'" in body["detail"]

    for path in ("/v1/openapi.json", "/v1/health", "/problems/validation?lang=es"):
        assert _language(judge.get(path)) in LANGUAGES
    page = judge.get("/problems/validation?lang=es").get_data(as_text=True)
    assert '<html lang="es">' in page and "⟪es|The request does not fit⟫" in page


def test_a_field_error_of_marshmallow_is_translated_by_its_message_id(judge, monkeypatch):  # noqa: F811
    pseudo_catalogues(monkeypatch)
    body = assert_problem(judge.get("/v1/matches?status=nowhere&lang=es"), 422)
    (message,) = body["errors"]["query"]["status"]
    assert message.startswith("⟪es|Must be one of: ") and "finished" in message
    body = assert_problem(judge.post("/v1/matches?lang=pt-BR", {"players": []}), 422)
    assert all(translated(m, "pt-BR") for messages in body["errors"]["json"].values()
               for m in (messages if isinstance(messages, list) else [messages]))
    english = assert_problem(judge.get("/v1/matches?status=nowhere"), 422)
    assert english["errors"]["query"]["status"][0].startswith("Must be one of: ")


def test_the_openapi_document_has_lang_and_content_language_once(judge):  # noqa: F811
    spec = ok(judge.get("/v1/openapi.json"))
    assert spec["components"]["parameters"]["lang"]["in"] == "query"
    assert spec["components"]["headers"]["Content-Language"]["schema"]["enum"] == list(LANGUAGES)
    ref = {"$ref": "#/components/parameters/lang"}
    header = {"$ref": "#/components/headers/Content-Language"}
    operations = [op for item in spec["paths"].values() for op in item.values()
                  if isinstance(op, dict) and "responses" in op]
    assert len(operations) > 25
    for operation in operations:
        assert operation["parameters"].count(ref) == 1, operation["operationId"]
        assert "400" in operation["responses"], operation["operationId"]
        for response in operation["responses"].values():
            assert "$ref" in response or response["headers"]["Content-Language"] == header
