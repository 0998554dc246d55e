"""Running the app under gunicorn from Python (``referee serve``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication


class GunicornServer(BaseApplication):
    """gunicorn with options from a dict and the app from a factory. Each worker calls
    the factory after the fork, so no Redis connection is shared across processes."""

    def __init__(self, app_factory: Callable[[], Flask], options: Mapping[str, Any]):
        self._app_factory = app_factory
        self._options = dict(options)
        super().__init__()

    def load_config(self) -> None:
        for name, value in self._options.items():
            if name in self.cfg.settings and value is not None:
                self.cfg.set(name, value)

    def load(self) -> Flask:
        return self._app_factory()


def gunicorn_options(host: str, port: int, workers: int, threads: int) -> dict[str, Any]:
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": threads,
        "worker_class": "gthread",
        "accesslog": "-",
        "errorlog": "-",
        "timeout": 30,
        "graceful_timeout": 10,
        "proc_name": "referee",
        # gunicorn >= 25 opens a control socket in $HOME by default; two servers on one
        # machine would fight over it and we don't use it.
        "control_socket_disable": True,
    }
