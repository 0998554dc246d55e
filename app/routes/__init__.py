"""Blueprints, one module per resource. Add a module and list it in ``BLUEPRINTS``.

Every blueprint but health and problems resolves the caller's token first (``app.auth.protect``)."""

from __future__ import annotations

from flask_smorest import Api

from app.routes import (
    actions,
    disputes,
    events,
    health,
    judge,
    matches,
    problems,
    reference,
    registrations,
    stream,
    tokens,
)

BLUEPRINTS = (health.blp, problems.blp, matches.blp, actions.blp, judge.blp, judge.round_blp, disputes.blp,
              stream.blp,
              tokens.blp, reference.blp, registrations.blp, events.blp)


def register_blueprints(api: Api) -> None:
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
