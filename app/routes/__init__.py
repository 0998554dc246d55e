"""Blueprints, one module per resource. Add a module and list it in ``BLUEPRINTS``."""

from __future__ import annotations

from flask_smorest import Api

from app.routes import health

BLUEPRINTS = (health.blp,)


def register_blueprints(api: Api) -> None:
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
