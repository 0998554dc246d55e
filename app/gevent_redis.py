"""redis-py under gevent: the pool's readiness check without a trip through the hub.

At every checkout from its pool, redis-py asks whether the connection holds unread bytes
(``can_read`` with a timeout of 0: a stale reply must never be read as the answer to the
next command). hiredis's parser asks ``select.poll``; with ``select`` monkey-patched that is
gevent's poll, which builds a watcher per descriptor and switches to the hub even for a
zero timeout: 7.5 % of a web worker's samples at 100 actions/s (BENCHMARKS.md). A poll with
a zero timeout never blocks, so the operating system's own poll answers it exactly and
without the hub. Any other timeout (a pub/sub wait) still goes to gevent's cooperative poll.
"""

from __future__ import annotations

import select
import types
from collections.abc import Callable
from typing import Any

PollFactory = Callable[[], Any]


class ZeroTimeoutPoll:
    """A ``select.poll`` object that decides at ``poll`` time: a timeout of 0 is asked of
    ``immediate`` (the OS's poll), anything else of ``cooperative`` (gevent's)."""

    def __init__(self, immediate: PollFactory, cooperative: PollFactory):
        self._immediate = immediate
        self._cooperative = cooperative
        self._registered: list[tuple[Any, int]] = []

    def register(self, fd: Any, eventmask: int = select.POLLIN | select.POLLPRI | select.POLLOUT) -> None:
        self._registered.append((fd, eventmask))

    def poll(self, timeout: float | None = None) -> list[tuple[int, int]]:
        poller = self._immediate() if timeout == 0 else self._cooperative()
        for fd, mask in self._registered:
            poller.register(fd, mask)
        return poller.poll(timeout)


def select_module_with(immediate: PollFactory, cooperative: PollFactory) -> types.SimpleNamespace:
    """A stand-in for the ``select`` module whose ``poll()`` is a ``ZeroTimeoutPoll``."""
    namespace = types.SimpleNamespace(**{k: getattr(select, k) for k in dir(select)
                                         if not k.startswith("__")})
    namespace.poll = lambda: ZeroTimeoutPoll(immediate, cooperative)
    return namespace


def install() -> bool:
    """In a monkey-patched (gevent) process: give redis-py's hiredis parser the stand-in.
    False when there is nothing to do (no hiredis parser module, no poll, or ``select`` is
    not patched)."""
    from gevent import monkey

    try:
        from redis._parsers import hiredis as parser
    except ImportError:
        return False
    if not getattr(parser, "_HAS_POLL", False) or not monkey.is_module_patched("select"):
        return False
    os_poll = monkey.get_original("select", "poll")
    parser.select = select_module_with(os_poll, select.poll)  # type: ignore[assignment]
    return True
