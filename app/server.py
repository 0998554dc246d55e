"""Running the app under gunicorn from Python (``referee serve``).

The workers are gevent workers (``ProblemGeventWorker``): a connection costs a greenlet,
not a thread, so long-lived streams and slow clients cannot take every request slot. The
worker class also answers the errors gunicorn handles itself (a request line or header
that is too long or malformed, a request head that takes too long) as problem+json.
"""

from __future__ import annotations

import gc
import json
import logging
import re
import resource
import socket
import ssl
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any

import gevent
from flask import Flask
from gevent import socket as gsocket
from gevent.local import local
from gevent.monkey import MonkeyPatchWarning
from gunicorn import util
from gunicorn.app.base import BaseApplication
from gunicorn.config import AccessLogFormat
from gunicorn.glogging import Logger as GunicornLogger
from gunicorn.http.errors import ParseException
from gunicorn.workers.ggevent import GeventWorker

from app import gevent_redis
from app.errors import PROBLEM_MIME, ProblemError
from events.config import DEFAULT_HEADER_TIMEOUT, DEFAULT_KEEPALIVE_TIMEOUT
from projections.messages import ENGLISH

log = logging.getLogger(__name__)

WORKER_CLASS = "app.server.ProblemGeventWorker"
LOGGER_CLASS = "app.server.StderrLogger"

# gunicorn's parse errors (by class name, so that a gunicorn without one of them still
# works) and the status they get; any other ParseException is a 400.
_STATUS_OF_ERROR = {
    "LimitRequestLine": 414,
    "LimitRequestHeaders": 431,
    "ExpectationFailed": 417,
    "UnsupportedTransferCoding": 501,
    "ForbiddenProxyRequest": 403,
    "ConfigurationProblem": 500,
    "InvalidResponseHeader": 500,
    "InvalidResponseHeaderName": 500,
}
_TITLES = {400: "Bad Request", 403: "Forbidden", 408: "Request Timeout",
           414: "URI Too Long", 417: "Expectation Failed",
           431: "Request Header Fields Too Large", 500: "Internal Server Error",
           501: "Not Implemented"}
_DRAIN_BYTES = 64 * 1024
_DRAIN_SECONDS = 1.0


class GunicornServer(BaseApplication):
    """gunicorn with options from a dict and the app from a factory. Each worker calls
    the factory after the fork, so no Redis connection is shared across processes."""

    def __init__(self, app_factory: Callable[[], Flask], options: Mapping[str, Any],
                 header_timeout: float = DEFAULT_HEADER_TIMEOUT,
                 keepalive_timeout: float = DEFAULT_KEEPALIVE_TIMEOUT):
        self._app_factory = app_factory
        self._options = dict(options)
        self.header_timeout = header_timeout  # read by ProblemGeventWorker
        self.keepalive_timeout = keepalive_timeout
        super().__init__()

    def load_config(self) -> None:
        for name, value in self._options.items():
            if name in self.cfg.settings and value is not None:
                self.cfg.set(name, value)

    def load(self) -> Flask:
        return self._app_factory()


def gunicorn_options(host: str, port: int, workers: int, worker_connections: int,
                     forwarded_allow_ips: str | None = None) -> dict[str, Any]:
    """``forwarded_allow_ips``: the proxies whose X-Forwarded-Proto makes a request HTTPS
    (REFEREE_TRUSTED_PROXIES; None keeps gunicorn's default, 127.0.0.1 and ::1)."""
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": WORKER_CLASS,
        # Per worker: more connections wait in the listen backlog.
        "worker_connections": worker_connections,
        "accesslog": "-",  # on stderr, like the error log (StderrLogger)
        "errorlog": "-",
        "logger_class": LOGGER_CLASS,
        "timeout": 30,
        "graceful_timeout": 10,
        "proc_name": "referee",
        # gunicorn >= 25 opens a control socket in $HOME by default; two servers on one
        # machine would fight over it and we don't use it.
        "control_socket_disable": True,
        "forwarded_allow_ips": forwarded_allow_ips,  # None: not set (load_config skips it)
    }


class StderrLogger(GunicornLogger):
    """gunicorn's logger, but an access log of ``-`` goes to stderr (gunicorn's own puts it
    on stdout): ``referee serve`` writes logs only to stderr, nothing to stdout."""

    def atoms(self, resp: Any, req: Any, environ: Mapping[str, Any], request_time: Any
              ) -> dict[str, Any]:
        """With the default format, only the atoms it prints: gunicorn's own builds one per
        request header, response header and environ entry (~50) and escapes each, 20 us of a
        request against 6 (the whole access log was ~3 % of a web worker's CPU serving a
        hall). Any other format gets them all."""
        if self.cfg.access_log_format != AccessLogFormat.default:
            return super().atoms(resp, req, environ, request_time)
        status = resp.status
        sent = getattr(resp, "sent", None)
        return {
            "h": environ.get("REMOTE_ADDR", "-"),
            "l": "-",
            "u": self._get_user(environ) or "-",
            "t": self.now(),
            "r": f"{environ['REQUEST_METHOD']} {environ['RAW_URI']} {environ['SERVER_PROTOCOL']}",
            "s": status.split(None, 1)[0] if isinstance(status, str) else status,
            "b": str(sent) if sent is not None else "-",
            "f": environ.get("HTTP_REFERER", "-"),
            "a": environ.get("HTTP_USER_AGENT", "-"),
        }

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for handler in self.access_log.handlers:
            if (getattr(handler, "_gunicorn", False) and isinstance(handler, logging.StreamHandler)
                    and handler.stream is sys.stdout):
                handler.setStream(sys.stderr)


# The collector's thresholds in a web worker. Every pause of the collector stops every request
# the worker holds, so its pauses, not its total work, are what a p99 sees (BENCHMARKS.md).
# * The oldest generation: serving a hall (750 tables, their followers) a worker holds
#   ~170,000 tracked objects made while serving (connections' greenlets and parsers, head
#   states, streams' states); a full collection walks them all, 50-90 ms. CPython's default
#   (after 10 middle collections: ~120 young ones, every 10-20 s a worker at 150 actions/s)
#   set the p99; here it comes after 500 middle collections, ~1,000 young ones.
# * The middle generation: collected at every second young collection (0), not every 11th
#   (10). What survives a young collection is mostly a match state the worker keeps (the one
#   its table's next action starts from, the one a follower folds on): a middle collection
#   walked ~2 s of them, 14-40 ms (at ~1 us an object: lists of card ids), once every ~2 s
#   per worker. Collected every second time, it walks one young collection's survivors: 5 ms,
#   max 12-18 ms, and less CPU in all (each survivor reaches the oldest generation sooner).
WORKER_GC_THRESHOLDS = (700, 0, 500)


def freeze_startup_objects() -> None:
    """Move everything built before the first request (the app, every card's definition, the
    rule texts: ~160,000 objects) out of the garbage collector's sight: they live as long as
    the worker, and each full collection walked them all, a pause of 100-400 ms in a worker
    serving hundreds of tables (what set the write p99 far above the p50). Cycles made later
    are still collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*WORKER_GC_THRESHOLDS)


class RequestHeadTimeout(Exception):
    """The request line and headers did not all arrive within the header timeout."""


# The connection a worker's greenlet serves (``timeout_ctx`` is called without it).
_CONNECTION = local()


class _HeadDeadline:
    """The deadline for one request head on a kept-alive connection, as a context manager
    around its parsing: ``idle`` seconds for the head to begin, then ``head`` seconds from
    its first byte (``begun``), each a ``gevent.Timeout`` raising ``RequestHeadTimeout``."""

    def __init__(self, idle: float, head: float):
        self._head = head
        self._timer = gevent.Timeout(idle, RequestHeadTimeout())
        self._waiting = False           # inside the ``with``, before the head's first byte

    def begun(self) -> None:
        """The head's first byte came. Outside the ``with`` (a pipelined head parsed from
        what was already read, then its body received) there is nothing to restart."""
        if self._waiting:
            self._waiting = False
            self._timer.close()
            self._timer = gevent.Timeout(self._head, RequestHeadTimeout())
            self._timer.start()

    def __enter__(self) -> _HeadDeadline:
        self._timer.start()
        self._waiting = True
        return self

    def __exit__(self, *exc: Any) -> None:
        self._waiting = False
        self._timer.close()


class _ClientSocket(gsocket.socket):
    """A client connection that counts the bytes received since its last request was
    answered: none when the head timeout fires means an idle keep-alive connection (closed
    quietly), some means a request head that is too slow (408). On a kept-alive connection
    the first byte of the next head starts the head's own deadline (``_HeadDeadline``)."""

    received = 0
    answered = False                              # a request was answered on it already
    deadline: _HeadDeadline | None = None

    def recv(self, *args: Any) -> bytes:
        data = super().recv(*args)
        if data and self.deadline is not None:
            self.deadline.begun()
            self.deadline = None
        self.received += len(data)
        return data


def problem_http_response(status: int, detail: str) -> bytes:
    """A whole HTTP/1.1 answer with a problem+json body; the connection closes after it.

    It is in English, and says so (``Content-Language: en``, with ``Vary: Accept-Language``
    like every answer of the app): gunicorn refused the request before it was parsed, so
    its ``Accept-Language`` was never read - a header too long may be that very one."""
    body = json.dumps(ProblemError(status, _TITLES.get(status), detail).to_dict(),
                      ensure_ascii=False).encode()
    head = (f"HTTP/1.1 {status} {_TITLES.get(status, 'Error')}\r\n"
            f"Content-Type: {PROBLEM_MIME}\r\n"
            f"Content-Language: {ENGLISH}\r\n"
            "Vary: Accept-Language\r\n"
            f"Content-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n")
    return head.encode("latin-1") + body


def _words(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


class ProblemGeventWorker(GeventWorker):
    """gunicorn's gevent worker with

    * a deadline for each request head (request line and headers): the time from the end
      of the previous answer (or the connection) to the end of the head, however slowly
      the bytes trickle in. gunicorn's own async loop parses each head inside
      ``timeout_ctx()``; the stock gevent worker bounds it by ``keepalive`` and closes
      silently. Here it is ``header_timeout`` and a partial head gets a 408;
    * problem+json for every error gunicorn answers itself (``handle_error``) instead of
      its text/html page, without echoing the request (a bad header line may hold a token).
    """

    def patch(self) -> None:
        # The master imported redis, and with it ssl, before forking, so gevent warns that
        # ssl is patched late. That only matters to `from ssl import ...` copies made
        # before; the one gevent finds is in redis.asyncio, which the service does not use.
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Monkey-patching ssl after ssl",
                                    MonkeyPatchWarning)
            super().patch()
        gevent_redis.install()

    def init_process(self) -> None:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        # A connection may hold two descriptors: the client's and a Redis connection.
        wanted = 2 * self.worker_connections + 64
        if soft != resource.RLIM_INFINITY and soft < wanted:
            limit = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
        super().init_process()

    def load_wsgi(self) -> None:
        super().load_wsgi()
        freeze_startup_objects()

    @property
    def header_timeout(self) -> float:
        return float(getattr(self.app, "header_timeout", DEFAULT_HEADER_TIMEOUT))

    @property
    def keepalive_timeout(self) -> float:
        return float(getattr(self.app, "keepalive_timeout", DEFAULT_KEEPALIVE_TIMEOUT))

    def timeout_ctx(self) -> gevent.Timeout | _HeadDeadline:
        """The deadline for the next request head (gunicorn parses each inside it). On a
        kept-alive connection, ``keepalive_timeout`` for the head to begin, then
        ``header_timeout`` from its first byte: a table client acting every few seconds,
        sometimes after a longer pause, keeps its connection - and with it the worker that
        holds its match's state - instead of reconnecting to either worker."""
        client = getattr(_CONNECTION, "client", None)
        if isinstance(client, _ClientSocket) and client.answered:
            client.deadline = _HeadDeadline(self.keepalive_timeout, self.header_timeout)
            return client.deadline
        return gevent.Timeout(self.header_timeout, RequestHeadTimeout())

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        if not self.cfg.is_ssl:
            client = _ClientSocket(client.family, client.type, client.proto,
                                   fileno=client.detach())
        _CONNECTION.client = client
        super().handle(listener, client, addr)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            if isinstance(sock, _ClientSocket):
                sock.received = 0  # what comes next belongs to the next request head
                sock.answered = True
                sock.deadline = None

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        ip = (addr or ("",))[0]
        if isinstance(exc, RequestHeadTimeout):
            if not getattr(client, "received", 1):
                return  # an idle keep-alive connection: just close it
            status = 408
            detail = (f"The request line and headers did not arrive within "
                      f"{self.header_timeout:g} seconds.")
        else:
            status = _status_of(exc)
            detail = self._detail(status, exc)
        if status >= 500:
            self.log.error("error handling a request from %s: %s", ip, type(exc).__name__,
                           exc_info=exc)
        else:
            self.log.warning("invalid request from %s: %s (%s)", ip, type(exc).__name__,
                             status)
        try:
            util.write_nonblock(client, problem_http_response(status, detail))
            _drain(client)
        except Exception:  # noqa: BLE001 - the client may be gone; nothing else to do
            self.log.debug("could not send the %s answer", status)

    def _detail(self, status: int, exc: BaseException) -> str:
        cfg = self.cfg
        if status == 414:
            return f"The request line is over {cfg.limit_request_line} bytes."
        if status == 431:
            return (f"Over {cfg.limit_request_fields} header fields, or a header field "
                    f"over {cfg.limit_request_field_size} bytes.")
        if status == 400:
            name = type(exc).__name__
            return f"The request is malformed ({_words(name)})." if isinstance(
                exc, ParseException) else "The request is malformed."
        if status == 500:
            return "An unexpected error occurred."
        return _TITLES.get(status, "The request was refused") + "."


def _status_of(exc: BaseException) -> int:
    for cls in type(exc).__mro__:
        if cls.__name__ in _STATUS_OF_ERROR:
            return _STATUS_OF_ERROR[cls.__name__]
    if isinstance(exc, (ParseException, ssl.SSLError)):
        return 400
    return 500


def _drain(client: Any) -> None:
    """Half-close and read what the client is still sending (a header we stopped reading),
    so that closing does not reset the connection before the client has read the answer."""
    client.shutdown(socket.SHUT_WR)
    with gevent.Timeout(_DRAIN_SECONDS, False):
        left = _DRAIN_BYTES
        while left > 0:
            chunk = client.recv(min(left, 8192))
            if not chunk:
                break
            left -= len(chunk)
