"""The referee's REST API (Flask + flask-smorest)."""

from app.factory import create_app

__all__ = ["create_app"]
