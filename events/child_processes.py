"""Child processes that end with their parent: ``die_with_parent`` (Linux's
``PR_SET_PDEATHSIG``), for a ``preexec_fn`` or an ``os.register_at_fork`` hook.

The signal comes when the *thread* that forked the child ends (or the whole parent dies),
so a supervisor thread that starts children must outlive them. Elsewhere than Linux it does
nothing: the children watch their parent's pid themselves (``workers/cli.py``).
"""

from __future__ import annotations

import contextlib
import ctypes
import signal
import sys
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
