"""The background workers ``referee serve`` runs and supervises (``referee worker`` processes).

The after-append jobs (the chain check and its anchor, read models, snapshots) run only in
a worker; a service with none answers every request and anchors nothing. So ``referee
serve`` is the whole service: after the store is up it starts ``count`` ``referee worker``
subprocesses, restarts one that dies (after ``first_delay``, doubling up to ``max_delay``
while it keeps dying within ``stable_after`` seconds of its start), and stops them when it
stops: SIGTERM (RQ's warm shutdown: the job at hand finishes), SIGKILL after
``stop_timeout``. Each worker lowers its own CPU priority (``referee worker --nice``, 10 by
default): a request comes before a job.

No orphans: each worker gets SIGTERM when the thread that started it ends
(``PR_SET_PDEATHSIG``, Linux; every start and restart happens on the supervisor's thread,
which lives until the workers are stopped), and a worker also watches its parent's pid
(``SUPERVISOR_PID_ENV``, read by ``workers/cli.py``) and stops when it changes - where
prctl is missing, or when the parent died between the fork and the prctl.

The workers run in sessions of their own, so a Ctrl-C at the terminal reaches ``referee
serve`` alone, which then stops them in order (before the embedded Redis).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from events.child_processes import die_with_parent, starting_a_child

log = logging.getLogger(__name__)

# The pid a supervised worker watches; the same name is read in workers/cli.py (app and
# workers import nothing of each other).
SUPERVISOR_PID_ENV = "REFEREE_SUPERVISOR_PID"

DEFAULT_BACKGROUND_WORKERS = 1
# What `referee serve` tells its app about the workers (``REFEREE_WORKERS`` in the config):
# health then says "degraded" whenever none is alive, not only when jobs wait.
RUN_BY_SERVE = "serve"
RUN_SEPARATELY = "separately"


def worker_command(log_level: str | None = None) -> list[str]:
    """``referee worker`` run by this interpreter. ``-P``: the working directory does not go
    on ``sys.path`` (an ``app/`` directory there would shadow the installed package)."""
    level = ["--log-level", log_level] if log_level else []
    return [sys.executable, "-P", "-m", "app.cli", *level, "worker"]


def _stdout_for_children() -> Any:
    """The workers' stdout is ``serve``'s stderr: ``serve`` writes nothing on stdout."""
    try:
        return sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return subprocess.DEVNULL


@dataclass
class _Slot:
    """One worker: its process (None while it waits to be started again), when it was
    started, when the next start is due and the delay before the one after."""

    process: subprocess.Popen | None = None
    started_at: float = 0.0
    due: float = 0.0
    delay: float = 0.0


class WorkerSupervisor:
    """``start()`` runs the workers from a thread of this process; ``stop()`` ends them."""

    def __init__(self, count: int = DEFAULT_BACKGROUND_WORKERS, *,
                 command: Sequence[str] | None = None, env: Mapping[str, str] | None = None,
                 first_delay: float = 0.5, max_delay: float = 30.0,
                 stable_after: float = 30.0, stop_timeout: float = 10.0):
        self.count = count
        self.command = list(command or worker_command())
        self.env = dict(os.environ if env is None else env)
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.stable_after = stable_after
        self.stop_timeout = stop_timeout
        self.restarts = 0
        self._slots = [_Slot(delay=first_delay) for _ in range(count)]
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    @property
    def pids(self) -> list[int]:
        """The pids of the workers running now."""
        with self._lock:
            return [s.process.pid for s in self._slots
                    if s.process is not None and s.process.poll() is None]

    def start(self) -> WorkerSupervisor:
        if self._thread is None and self.count > 0:
            self._stopping.clear()
            self._thread = threading.Thread(target=self._run, name="background-workers",
                                            daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        """SIGTERM every worker, SIGKILL what still runs after ``stop_timeout``; returns
        when they are gone."""
        self._stopping.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=self.stop_timeout + 10)

    def __enter__(self) -> WorkerSupervisor:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ the thread

    def _run(self) -> None:
        try:
            while not self._stopping.is_set():
                now = time.monotonic()
                for number, slot in enumerate(self._slots):
                    self._tend(number, slot, now)
                self._stopping.wait(0.1)
        except Exception:  # noqa: BLE001 - the thread must still stop what it started
            log.exception("the background-worker supervisor failed; no more restarts")
            self._stopping.wait()
        finally:
            self._terminate_all()

    def _tend(self, number: int, slot: _Slot, now: float) -> None:
        process = slot.process
        if process is not None:
            if process.poll() is None:
                return
            lived = now - slot.started_at
            if lived >= self.stable_after:
                slot.delay = self.first_delay
            # gunicorn's master reaps every child it is sent SIGCHLD for, so the status is
            # known only when this thread reaped it first.
            log.warning("background worker %s (pid %s) stopped after %.1f s%s; starting it "
                        "again in %.1f s", number + 1, process.pid, lived,
                        f" (status {process.returncode})" if process.returncode else "",
                        slot.delay)
            with self._lock:
                slot.process = None
            slot.due = now + slot.delay
            slot.delay = min(slot.delay * 2, self.max_delay)
            self.restarts += 1
            return
        if now >= slot.due:
            self._launch(number, slot)

    def _launch(self, number: int, slot: _Slot) -> None:
        env = {**self.env, SUPERVISOR_PID_ENV: str(os.getpid())}
        try:
            with starting_a_child():
                process = subprocess.Popen(
                    self.command, env=env, stdin=subprocess.DEVNULL, stdout=_stdout_for_children(),
                    start_new_session=True, preexec_fn=die_with_parent)
        except OSError as exc:
            log.error("could not start background worker %s: %s", number + 1, exc)
            slot.due = time.monotonic() + slot.delay
            slot.delay = min(slot.delay * 2, self.max_delay)
            return
        with self._lock:
            slot.process = process
        slot.started_at = time.monotonic()
        log.info("background worker %s started (pid %s)", number + 1, process.pid)

    def _terminate_all(self) -> None:
        with self._lock:
            running = [s.process for s in self._slots
                       if s.process is not None and s.process.poll() is None]
        for process in running:
            with contextlib.suppress(OSError):
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + self.stop_timeout
        for process in running:
            try:
                process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log.warning("background worker (pid %s) did not stop within %.0f s; killing it",
                            process.pid, self.stop_timeout)
                with contextlib.suppress(OSError):
                    process.kill()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=5)
        if running:
            log.info("background workers stopped")
