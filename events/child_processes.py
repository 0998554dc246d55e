"""Child processes that end with their parent: ``die_with_parent`` (Linux's
``PR_SET_PDEATHSIG``), for a ``preexec_fn`` or an ``os.register_at_fork`` hook.

The signal comes when the *thread* that forked the child ends (or the whole parent dies),
so a supervisor thread that starts children must outlive them. Elsewhere than Linux it does
nothing: the children watch their parent's pid themselves (``workers/cli.py``).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any

_PR_SET_PDEATHSIG = 1


def _load_prctl() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6", use_errno=True).prctl
    except OSError:
        return None


# Loaded on import, in the parent: a child forked while other threads run must not dlopen
# (a lock another thread held at the fork stays held in the child).
_PRCTL = _load_prctl()


def die_with_parent(sig: int = signal.SIGTERM) -> None:
    """In a freshly forked child: get ``sig`` when the parent (its forking thread) ends."""
    if _PRCTL is not None:
        with contextlib.suppress(Exception):
            _PRCTL(_PR_SET_PDEATHSIG, int(sig))


# A fork elsewhere in the process (gunicorn's arbiter forking a web worker) while a child is
# being started by Popen hands the forked process the write end of Popen's exec-status pipe:
# Popen then waits on it for as long as that process lives (seen under load: `referee serve`'s
# supervisor stuck in its first start, a killed worker never started again). So every fork of
# the process takes this lock (``os.register_at_fork``), and ``starting_a_child`` holds it
# until Popen has returned. Reentrant: Popen's own fork (a ``preexec_fn``) runs the hooks too.
_FORKING = threading.RLock()
_hooked = False
_hooking = threading.Lock()


@contextlib.contextmanager
def starting_a_child() -> Iterator[None]:
    """Hold this around a ``subprocess.Popen`` started from a thread of a process that forks."""
    global _hooked
    with _hooking:
        if not _hooked:
            os.register_at_fork(before=_FORKING.acquire, after_in_parent=_FORKING.release,
                                after_in_child=_FORKING.release)
            _hooked = True
    with _FORKING:
        yield
