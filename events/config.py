"""Settings read from the environment, shared by the web app, the CLI and the workers."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_PORT = 8000
DEFAULT_DATA_DIR = "./var/redis"
DEFAULT_QUEUE = "referee"
ANCHOR_SUBDIR = "anchors"
DEFAULT_STREAMS_PER_TOKEN = 8
DEFAULT_STREAMS_PER_MATCH = 32
DEFAULT_HEADER_TIMEOUT = 10.0
DEFAULT_KEEPALIVE_TIMEOUT = 75.0
DEFAULT_WORKER_CONNECTIONS = 1000
DEFAULT_WAIT_TIMEOUT_MS = 500
# Expensive reads one token may make of the API and of the console's pages (app.rate_limit;
# the `limits` library's notation, counted in a moving window).
DEFAULT_READ_LIMIT = "1200/minute"
DEFAULT_CONSOLE_READ_LIMIT = "240/minute"
# Views of matches a web process keeps rendered (app.view_cache): a state's JSON is some kB,
# a long match's timeline some tens of kB, a console board (objects) a few hundred kB.
DEFAULT_VIEW_CACHE_SIZE = 128
# Seconds a served process waits for a Redis reply before giving up on the connection. A
# live stream's blocking XREAD waits for a reply too, so it must wait less (app.routes.stream).
REDIS_SOCKET_TIMEOUT = 10.0
# How often the after-append job reads a match's whole log rather than the events after the
# prefix its process verified (``events.store.EventStore.read_log_to_check``).
DEFAULT_WHOLE_CHECK_SECONDS = 60.0
# Disputes and appeals awaiting a judge that one seat, and one match, may hold at once (a real
# table rarely has more than two or three): one more is refused (409) until a judge rules. The
# match's cap is above the seat's, so one seat can't use up the other's. 0: no cap.
DEFAULT_OPEN_DISPUTES_PER_SEAT = 3
DEFAULT_OPEN_DISPUTES_PER_MATCH = 5
# A new API token's lifetime (days); 0: tokens never expire.
DEFAULT_TOKEN_DAYS = 30.0

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def parse_bool(value: str | bool | None, default: bool = False) -> bool:
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    text = value.strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise ValueError(f"not a boolean: {value!r}")


def _count(value: str | None, default: int) -> int:
    """A cap from the environment: unset or empty is ``default``; 0 means no cap."""
    if value is None or not value.strip():
        return default
    count = int(value)
    if count < 0:
        raise ValueError(f"not a count (0 or more): {value!r}")
    return count


@dataclass(frozen=True)
class Settings:
    """What the service needs to know about where it runs.

    ``redis_url`` is the event store's connection; ``rq_redis_url`` the job
    queue's (it defaults to ``redis_url``; the embedded Redis gives each its own
    ACL user). ``None`` for ``redis_url`` means "start the embedded Redis".
    ``chain_key`` keys the hash chain (``events.chain_key.resolve_chain_key`` finds it when
    unset); ``anchor_dir`` holds the anchor files (default ``<data_dir>/anchors``).
    ``redis_cluster``: ``redis_url`` is a node of a Redis Cluster (``events.redis_client``);
    ``wait_replicas``: after each append, WAIT for that many replicas (up to
    ``wait_timeout_ms``; ``events.replication``); None (unset): 1 on a cluster, 0 on one
    server. ``cluster_wait`` False (``REFEREE_CLUSTER_WAIT=off``) is the explicit opt-out
    of waiting on a cluster; ``replicas_to_wait`` says what each append waits for.
    """

    redis_url: str | None = None
    rq_redis_url: str | None = None
    data_dir: Path = Path(DEFAULT_DATA_DIR)
    port: int = DEFAULT_PORT
    token_secret: str | None = field(default=None, repr=False)
    dev_mode: bool = False
    redis_acl: bool = True
    queue_name: str = DEFAULT_QUEUE
    chain_key: str | None = field(default=None, repr=False)
    anchor_dir_setting: Path | None = None

    @property
    def anchor_dir(self) -> Path:
        return self.anchor_dir_setting or self.data_dir / ANCHOR_SUBDIR
    streams_per_token: int = DEFAULT_STREAMS_PER_TOKEN
    streams_per_match: int = DEFAULT_STREAMS_PER_MATCH
    header_timeout: float = DEFAULT_HEADER_TIMEOUT
    keepalive_timeout: float = DEFAULT_KEEPALIVE_TIMEOUT
    worker_connections: int = DEFAULT_WORKER_CONNECTIONS
    redis_cluster: bool = False
    wait_replicas: int | None = None
    cluster_wait: bool = True
    wait_timeout_ms: int = DEFAULT_WAIT_TIMEOUT_MS
    whole_check_seconds: float = DEFAULT_WHOLE_CHECK_SECONDS
    open_disputes_per_seat: int = DEFAULT_OPEN_DISPUTES_PER_SEAT
    open_disputes_per_match: int = DEFAULT_OPEN_DISPUTES_PER_MATCH
    token_days: float = DEFAULT_TOKEN_DAYS
    # gunicorn's forwarded_allow_ips: whose X-Forwarded-Proto is believed (None: gunicorn's
    # own default, 127.0.0.1 and ::1, or $FORWARDED_ALLOW_IPS)
    trusted_proxies: str | None = None
    secure_cookies: bool = False
    read_limit: str = DEFAULT_READ_LIMIT
    console_read_limit: str = DEFAULT_CONSOLE_READ_LIMIT
    view_cache_size: int = DEFAULT_VIEW_CACHE_SIZE

    def store_problem(self) -> str | None:
        """Why the event store can't be opened as these settings ask (None: it can)."""
        return store_settings_problem(self.redis_url, self.rq_redis_url, self.redis_cluster,
                                      self.wait_replicas)

    @property
    def replicas_to_wait(self) -> int:
        return replicas_to_wait(self.redis_cluster, self.wait_replicas, self.cluster_wait)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        redis_url = env.get("REDIS_URL") or None
        return cls(
            redis_url=redis_url,
            rq_redis_url=env.get("RQ_REDIS_URL") or redis_url,
            data_dir=Path(env.get("REFEREE_DATA_DIR") or DEFAULT_DATA_DIR),
            port=int(env.get("PORT") or DEFAULT_PORT),
            token_secret=env.get("REFEREE_TOKEN_SECRET") or None,
            dev_mode=parse_bool(env.get("REFEREE_DEV_MODE"), default=False),
            redis_acl=parse_bool(env.get("REFEREE_REDIS_ACL"), default=True),
            queue_name=env.get("REFEREE_QUEUE") or DEFAULT_QUEUE,
            chain_key=env.get("REFEREE_CHAIN_KEY") or None,
            anchor_dir_setting=Path(env["REFEREE_ANCHOR_DIR"]) if env.get("REFEREE_ANCHOR_DIR")
            else None,
            streams_per_token=int(env.get("REFEREE_STREAMS_PER_TOKEN")
                                  or DEFAULT_STREAMS_PER_TOKEN),
            streams_per_match=int(env.get("REFEREE_STREAMS_PER_MATCH")
                                  or DEFAULT_STREAMS_PER_MATCH),
            header_timeout=float(env.get("REFEREE_HEADER_TIMEOUT") or DEFAULT_HEADER_TIMEOUT),
            keepalive_timeout=float(env.get("REFEREE_KEEPALIVE_TIMEOUT")
                                    or DEFAULT_KEEPALIVE_TIMEOUT),
            worker_connections=int(env.get("REFEREE_WORKER_CONNECTIONS")
                                   or DEFAULT_WORKER_CONNECTIONS),
            redis_cluster=parse_bool(env.get("REDIS_CLUSTER"), default=False),
            wait_replicas=_optional_int(env.get("REFEREE_REDIS_WAIT_REPLICAS")),
            cluster_wait=parse_bool(env.get("REFEREE_CLUSTER_WAIT") or None, default=True),
            wait_timeout_ms=int(env.get("REFEREE_REDIS_WAIT_TIMEOUT_MS")
                                or DEFAULT_WAIT_TIMEOUT_MS),
            whole_check_seconds=float(env.get("REFEREE_WHOLE_CHECK_SECONDS")
                                      or DEFAULT_WHOLE_CHECK_SECONDS),
            open_disputes_per_seat=_count(env.get("REFEREE_OPEN_DISPUTES_PER_SEAT"),
                                          DEFAULT_OPEN_DISPUTES_PER_SEAT),
            open_disputes_per_match=_count(env.get("REFEREE_OPEN_DISPUTES_PER_MATCH"),
                                           DEFAULT_OPEN_DISPUTES_PER_MATCH),
            token_days=_days(env.get("REFEREE_TOKEN_DAYS")),
            trusted_proxies=(env.get("REFEREE_TRUSTED_PROXIES") or "").strip() or None,
            secure_cookies=parse_bool(env.get("REFEREE_SECURE_COOKIES"), default=False),
            read_limit=env.get("REFEREE_READ_LIMIT") or DEFAULT_READ_LIMIT,
            console_read_limit=env.get("REFEREE_CONSOLE_READ_LIMIT") or DEFAULT_CONSOLE_READ_LIMIT,
            view_cache_size=int(env.get("REFEREE_VIEW_CACHE_SIZE") or DEFAULT_VIEW_CACHE_SIZE),
        )


def _days(text: str | None) -> float:
    """REFEREE_TOKEN_DAYS: days, 0 or more (0: tokens never expire)."""
    value = float(text) if text and text.strip() else DEFAULT_TOKEN_DAYS
    if not value >= 0:
        raise ValueError(f"REFEREE_TOKEN_DAYS must be 0 or more, not {text!r}")
    return value


def _optional_int(text: str | None) -> int | None:
    """An integer setting that may be unset (None), as distinct from 0."""
    return int(text) if text is not None and text.strip() else None


def replicas_to_wait(cluster: bool, wait_replicas: int | None, cluster_wait: bool = True) -> int:
    """How many replicas each append waits for. On a cluster: 1 unless told otherwise, since
    Redis replicates asynchronously and a failover loses what the promoted replica never got
    (RELIABILITY.md, "Several machines"); 0 only when ``REFEREE_CLUSTER_WAIT=off`` (or
    ``REFEREE_REDIS_WAIT_REPLICAS=0``) says so. On one server: ``wait_replicas`` or 0."""
    if cluster and not cluster_wait:
        return 0
    if wait_replicas is not None:
        return wait_replicas
    return 1 if cluster else 0


def store_settings_problem(redis_url: str | None, rq_redis_url: str | None, cluster: bool,
                           wait_replicas: int | None = None) -> str | None:
    """What is wrong with these store settings, in a sentence; None when nothing is."""
    if cluster and not redis_url:
        return ("REDIS_CLUSTER=1 needs REDIS_URL, a node of the cluster (the embedded Redis "
                "is a single server).")
    if cluster and (not rq_redis_url or rq_redis_url == redis_url):
        return ("REDIS_CLUSTER=1 needs RQ_REDIS_URL: the job queue (RQ) does not speak "
                "Redis Cluster, so it needs a plain Redis of its own.")
    if wait_replicas is not None and wait_replicas < 0:
        return "REFEREE_REDIS_WAIT_REPLICAS must be 0 or more."
    if wait_replicas and not redis_url:
        return ("REFEREE_REDIS_WAIT_REPLICAS needs REDIS_URL: the embedded Redis has no "
                "replicas to wait for.")
    return None
