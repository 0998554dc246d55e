"""flask-smorest's Api: errors documented as problem+json, an action body's `action` as one
schema per action type (``app.action_docs``), and ReDoc served from the package."""

from __future__ import annotations

import re
from pathlib import Path

import flask
from flask_smorest import Api

from app.action_docs import action_components, action_property
from app.errors import PROBLEM_MIME, ProblemSchema
from app.html_policy import REDOC_POLICY, secure_html, swagger_policy
from app.locations import document_locations
from app.schemas import ActionField

# ReDoc's standalone bundle, vendored (see its README): /redoc, like /docs, needs no CDN.
REDOC_ASSETS = Path(__file__).resolve().parent / "static" / "vendor" / "redoc"
# Swagger UI's page starts it with one inline script (flask-smorest's template).
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


class RefereeApi(Api):
    ERROR_SCHEMA = ProblemSchema

    def _init_spec(self, **kwargs):
        super()._init_spec(**kwargs)
        # Every action type's schema, and an `action` field documented as one of them.
        components, _mapping = action_components()
        for name, schema in components.items():
            self.spec.components.schema(name, component=schema)
        self.ma_plugin.converter.add_attribute_function(action_field2property)

    def _register_doc_blueprint(self):
        super()._register_doc_blueprint()
        if self.config.get("OPENAPI_REDOC_PATH") is not None:
            self._app.register_blueprint(flask.Blueprint(
                "redoc", __name__, static_folder=str(REDOC_ASSETS), static_url_path="/static/redoc"))

    def _openapi_redoc(self):
        # The page may load nothing but this service's own files: ReDoc's sidebar would
        # fetch its makers' logo from their CDN otherwise.
        return secure_html(flask.make_response(super()._openapi_redoc()), REDOC_POLICY)

    def _openapi_swagger_ui(self):
        # Its one inline script (the template's, made of this app's settings only) is
        # allowed by its hash; no other inline script runs.
        page = super()._openapi_swagger_ui()
        return secure_html(flask.make_response(page),
                           swagger_policy(_INLINE_SCRIPT.findall(page)))

    def _register_responses(self):
        # flask-smorest documents its default error responses with the default response
        # content type; ours are problem+json.
        self.DEFAULT_RESPONSE_CONTENT_TYPE = PROBLEM_MIME
        try:
            super()._register_responses()
        finally:
            del self.DEFAULT_RESPONSE_CONTENT_TYPE


def action_field2property(self, field, ret, **kwargs) -> dict:
    """apispec's converter hook: an ``ActionField`` is documented as a ``oneOf`` of the
    action types' schemas with a ``type`` discriminator, not as the open object that
    marshmallow reads (the match's game checks the rest)."""
    if not isinstance(field, ActionField):
        return {}
    ret.pop("type", None)
    ret.pop("additionalProperties", None)
    return action_property(ret.pop("description", ""))


def add_operation_ids(app, api: Api) -> None:
    """An ``operationId`` on every documented operation (client generators name their methods
    after it): the Flask endpoint, ``blueprint_view`` (``matches_state``), with the method
    appended where one endpoint answers several."""
    paths = api.spec._paths
    document_locations(paths)
    for rule in app.url_map.iter_rules():
        path = rule.rule
        for name in rule.arguments:
            path = re.sub(rf"<(?:\w+:)?{name}>", f"{{{name}}}", path)   # <name>, <int:name>
        operations = paths.get(path)
        if not operations:
            continue
        methods = sorted(m.lower() for m in (rule.methods or ()) if m.lower() in operations)
        for method in methods:
            base = rule.endpoint.replace(".", "_").replace("-", "_")
            operations[method].setdefault("operationId", base if len(methods) == 1 else f"{base}_{method}")
