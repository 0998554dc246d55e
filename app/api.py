"""flask-smorest's Api, documenting errors as problem+json."""

from __future__ import annotations

from flask_smorest import Api

from app.errors import PROBLEM_MIME, ProblemSchema


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
