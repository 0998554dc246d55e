"""flask-smorest's Api, documenting errors as problem+json."""

from __future__ import annotations

from flask_smorest import Api

from app.errors import PROBLEM_MIME, ProblemSchema
from app.locations import document_locations


class RefereeApi(Api):
    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self):
        # flask-smorest documents its default error responses with the default response
        # content type; ours are problem+json.
        self.DEFAULT_RESPONSE_CONTENT_TYPE = PROBLEM_MIME
        try:
            super()._register_responses()
        finally:
            del self.DEFAULT_RESPONSE_CONTENT_TYPE


def add_operation_ids(app, api: Api) -> None:
    """An ``operationId`` on every documented operation (client generators name their methods
    after it): the Flask endpoint, ``blueprint_view`` (``matches_state``), with the method
    appended where one endpoint answers several."""
    paths = api.spec._paths
    document_locations(paths)
    for rule in app.url_map.iter_rules():
        path = rule.rule
        for name in rule.arguments:
            path = path.replace(f"<{name}>", f"{{{name}}}")
            path = path.replace(f"<string:{name}>", f"{{{name}}}")
        operations = paths.get(path)
        if not operations:
            continue
        methods = sorted(m.lower() for m in (rule.methods or ()) if m.lower() in operations)
        for method in methods:
            base = rule.endpoint.replace(".", "_").replace("-", "_")
            operations[method].setdefault("operationId", base if len(methods) == 1 else f"{base}_{method}")
