"""The Flask app factory."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider
from swagger_ui_bundle import swagger_ui_path

from app.api import RefereeApi, add_operation_ids
from app.console import bp as console_blueprint
from app.console.events import bp as console_events_blueprint
from app.cors import register_cors
from app.errors import register_error_handlers
from app.extensions import EXTENSION_KEY, RefereeServices
from app.html_policy import register_html_policy
from app.integrity import register_integrity_header
from app.language import document_language, register_language
from app.locations import register_locations
from app.rate_limit import register_read_limit
from app.routes import register_blueprints
from app.token_cache import DEFAULT_SECONDS
from app.view_cache import register_view_cache
from events.anchors import AnchorLog
from events.chain_key import ChainKeyMissing, resolve_chain_key
from events.codec import ChainKey
from events.config import (
    ANCHOR_SUBDIR,
    DEFAULT_WORKER_CONNECTIONS,
    REDIS_SOCKET_TIMEOUT,
    Settings,
    parse_bool,
    store_settings_problem,
)
from events.redis_client import StoreRedis, store_client
from events.replication import ReplicaWait, replica_wait_for
from events.store import EventStore

log = logging.getLogger(__name__)

DEV_MODE_BANNER = (
    "\n" + "!" * 72 + "\n"
    "!! DEVELOPMENT MODE: authentication is off - every caller is treated as a judge.\n"
    "!! Never expose this server. Set REFEREE_TOKEN_SECRET and unset REFEREE_DEV_MODE.\n"
    + "!" * 72
)

API_DEFAULTS: dict[str, Any] = {
    "API_TITLE": "Pokémon referee",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "v1/openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "docs",
    # Swagger UI's assets come from the swagger-ui-bundle package, served by this app: /docs
    # works with the network unplugged (tournament halls have bad Wi-Fi).
    "OPENAPI_SWAGGER_UI_URL": "/static/swagger-ui/",
    # ReDoc likewise: its standalone bundle is vendored in app/static/vendor/redoc/ (app/api.py
    # serves it at /static/redoc/).
    "OPENAPI_REDOC_PATH": "redoc",
    "OPENAPI_REDOC_URL": "/static/redoc/redoc.standalone.js",
    "API_SPEC_OPTIONS": {
        "info": {"description": "An event-sourced judge for Pokémon matches: every action "
                                "is an immutable event; errors are application/problem+json. "
                                "Every route but /v1/health needs `Authorization: Bearer "
                                "<token>` (roles: player, scorekeeper, judge, admin)."},
        "components": {"securitySchemes": {"bearerAuth": {"type": "http",
                                                          "scheme": "bearer"}}},
        "security": [{"bearerAuth": []}],
    },
    # Request bodies over 256 KiB are refused with 413 (problem+json).
    "MAX_CONTENT_LENGTH": 256 * 1024,
}


def settings_config(settings: Settings) -> dict[str, Any]:
    return {
        "REDIS_URL": settings.redis_url,
        "RQ_REDIS_URL": settings.rq_redis_url,
        "REFEREE_DATA_DIR": str(settings.data_dir),
        "REFEREE_TOKEN_SECRET": settings.token_secret,
        "REFEREE_DEV_MODE": settings.dev_mode,
        "REFEREE_QUEUE": settings.queue_name,
        "REFEREE_CHAIN_KEY": settings.chain_key,
        "REFEREE_ANCHOR_DIR": settings.anchor_dir_setting and str(settings.anchor_dir_setting),
        "REFEREE_STREAMS_PER_TOKEN": settings.streams_per_token,
        "REFEREE_STREAMS_PER_MATCH": settings.streams_per_match,
        "REDIS_CLUSTER": settings.redis_cluster,
        "REFEREE_REDIS_WAIT_REPLICAS": settings.wait_replicas,
        "REFEREE_CLUSTER_WAIT": settings.cluster_wait,
        "REFEREE_REDIS_WAIT_TIMEOUT_MS": settings.wait_timeout_ms,
        "REFEREE_WORKER_CONNECTIONS": settings.worker_connections,
        "REFEREE_OPEN_DISPUTES_PER_SEAT": settings.open_disputes_per_seat,
        "REFEREE_OPEN_DISPUTES_PER_MATCH": settings.open_disputes_per_match,
        "REFEREE_TOKEN_DAYS": settings.token_days,
        "REFEREE_SECURE_COOKIES": settings.secure_cookies,
        "REFEREE_READ_LIMIT": settings.read_limit,
        "REFEREE_CONSOLE_READ_LIMIT": settings.console_read_limit,
        "REFEREE_VIEW_CACHE_SIZE": settings.view_cache_size,
    }


# Connections a web process may hold beyond one per client connection (the after-append
# work, a pipeline's own while a stream waits on another).
POOL_MARGIN = 64


def redis_from_url(url: str, cluster: bool = False,
                   worker_connections: int = DEFAULT_WORKER_CONNECTIONS) -> StoreRedis:
    """The store's client for a web process. Every open stream holds a connection while it
    waits, so the pool is sized from gunicorn's connections per worker: redis-py's default
    (100) made every request of a worker a 503 past ~100 followers."""
    return store_client(url, cluster=cluster, socket_connect_timeout=2,
                        socket_timeout=REDIS_SOCKET_TIMEOUT,
                        health_check_interval=30,
                        max_connections=worker_connections + POOL_MARGIN)


def create_app(config: Mapping[str, Any] | None = None,
               redis_client: StoreRedis | None = None) -> Flask:
    """Build the app. ``config`` overrides settings read from the environment;
    ``redis_client`` (decode_responses=True or not) replaces the one made from REDIS_URL
    (``REDIS_CLUSTER``: a node of a Redis Cluster; the job queue then needs RQ_REDIS_URL).
    ``REFEREE_CHAIN_KEY`` may be a string or an ``events.codec.ChainKey``."""
    app = Flask(__name__, static_folder=str(swagger_ui_path), static_url_path="/static/swagger-ui")
    app.config.update(API_DEFAULTS)
    app.config.update(settings_config(Settings.from_env()))
    app.config["REFEREE_QUEUE_STALE_SECONDS"] = _stale_seconds(os.environ.get("REFEREE_QUEUE_STALE_SECONDS"))
    app.config["REFEREE_TOKEN_CACHE_SECONDS"] = _seconds(
        "REFEREE_TOKEN_CACHE_SECONDS", os.environ.get("REFEREE_TOKEN_CACHE_SECONDS"), DEFAULT_SECONDS)
    app.config.setdefault("REFEREE_CORS_ORIGINS", os.environ.get("REFEREE_CORS_ORIGINS", ""))
    app.config.update(config or {})
    register_language(app)  # first: every later hook and answer speaks the request's language
    if isinstance(app.json, DefaultJSONProvider):
        app.json.ensure_ascii = False
    app.config["REFEREE_DEV_MODE"] = parse_bool(app.config.get("REFEREE_DEV_MODE"))
    app.config["REDIS_CLUSTER"] = parse_bool(app.config.get("REDIS_CLUSTER"))
    _check_auth_settings(app)
    chain_key = _chain_key(app)
    replica_wait = _replica_wait(app)

    if redis_client is None:
        url = app.config.get("REDIS_URL")
        if not url:
            raise RuntimeError("REDIS_URL is not set. `referee serve` starts an embedded "
                               "Redis when it is unset; create_app() needs one.")
        redis_client = redis_from_url(url, cluster=app.config["REDIS_CLUSTER"],
                                      worker_connections=int(app.config["REFEREE_WORKER_CONNECTIONS"]))
    api = RefereeApi(app)
    app.extensions[EXTENSION_KEY] = RefereeServices(
        redis=redis_client,
        store=EventStore(redis_client, chain_key=chain_key, replica_wait=replica_wait),
        rq_redis_url=app.config.get("RQ_REDIS_URL"), api=api,
        anchors=AnchorLog(_anchor_dir(app), chain_key))
    register_blueprints(api)
    app.register_blueprint(console_blueprint)
    app.register_blueprint(console_events_blueprint)
    add_operation_ids(app, api)
    register_read_limit(app, api)   # after the blueprints' authentication, and operationIds
    register_view_cache(app)
    document_language(api.spec)
    register_error_handlers(app)
    register_integrity_header(app)
    register_html_policy(app)
    register_locations(app)
    register_cors(app)
    return app


def _seconds(name: str, text: str | None, default: float, *, above_zero: bool = False) -> float:
    """A setting in seconds, 0 or more (``above_zero``: more than 0)."""
    try:
        value = float(text) if text else default
    except ValueError:
        raise RuntimeError(f"{name} must be a number of seconds, not {text!r}.") from None
    if above_zero and not value > 0:
        raise RuntimeError(f"{name} must be more than 0.")
    if not value >= 0:
        raise RuntimeError(f"{name} must be 0 or more.")
    return value


def _stale_seconds(text: str | None) -> float:
    """REFEREE_QUEUE_STALE_SECONDS: a number of seconds (default 60)."""
    return _seconds("REFEREE_QUEUE_STALE_SECONDS", text, 60.0, above_zero=True)


def _chain_key(app: Flask) -> ChainKey:
    """The chain key from the config, else found as the CLI and workers find it; without
    one the app refuses to start (an external Redis needs REFEREE_CHAIN_KEY)."""
    configured = app.config.get("REFEREE_CHAIN_KEY")
    if isinstance(configured, ChainKey):
        return configured
    settings = Settings(redis_url=app.config.get("REDIS_URL"),
                        data_dir=Path(app.config.get("REFEREE_DATA_DIR") or "."),
                        chain_key=configured or None,
                        dev_mode=app.config["REFEREE_DEV_MODE"])
    try:
        return resolve_chain_key(settings)
    except ChainKeyMissing as exc:
        raise RuntimeError(str(exc)) from None


def _replica_wait(app: Flask) -> ReplicaWait | None:
    """What each append waits for (on a cluster one replica unless REFEREE_CLUSTER_WAIT=off;
    REFEREE_REDIS_WAIT_REPLICAS); refuses a cluster without a queue of its own
    (RQ_REDIS_URL)."""
    raw = app.config.get("REFEREE_REDIS_WAIT_REPLICAS")
    replicas = None if raw is None or str(raw).strip() == "" else int(raw)
    problem = store_settings_problem(app.config.get("REDIS_URL"), app.config.get("RQ_REDIS_URL"),
                                     app.config["REDIS_CLUSTER"], replicas)
    if problem:
        raise RuntimeError(problem)
    return replica_wait_for(app.config["REDIS_CLUSTER"], replicas,
                            parse_bool(app.config.get("REFEREE_CLUSTER_WAIT"), default=True),
                            int(app.config.get("REFEREE_REDIS_WAIT_TIMEOUT_MS") or 0))


def _anchor_dir(app: Flask) -> Path:
    configured = app.config.get("REFEREE_ANCHOR_DIR")
    if configured:
        return Path(configured)
    return Path(app.config.get("REFEREE_DATA_DIR") or ".") / ANCHOR_SUBDIR


def _check_auth_settings(app: Flask) -> None:
    if app.config["REFEREE_DEV_MODE"]:
        log.warning(DEV_MODE_BANNER)
        return
    if not app.config.get("REFEREE_TOKEN_SECRET") and not app.testing:
        raise RuntimeError("REFEREE_TOKEN_SECRET is not set. Set it (a long random string), "
                           "or set REFEREE_DEV_MODE=1 for a local development server.")
