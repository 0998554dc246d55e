"""app.server._HeadDeadline: on a kept-alive connection the wait for the next request head
becomes the head's own deadline at its first byte, and only while the head is awaited."""

from __future__ import annotations

import gevent
import pytest

from app.server import RequestHeadTimeout, _HeadDeadline

IDLE, HEAD = 0.6, 0.2


def test_the_idle_wait_ends_at_the_keepalive_timeout():
    with pytest.raises(RequestHeadTimeout), _HeadDeadline(IDLE, HEAD):
        gevent.sleep(IDLE + 0.3)


def test_the_first_byte_starts_the_head_s_own_deadline():
    with pytest.raises(RequestHeadTimeout), _HeadDeadline(IDLE, HEAD) as deadline:
        gevent.sleep(HEAD + 0.1)        # longer than the head's deadline: still idle, fine
        deadline.begun()
        deadline.begun()                # a second byte restarts nothing
        gevent.sleep(HEAD + 0.1)


def test_a_byte_after_the_head_was_parsed_starts_no_deadline():
    deadline = _HeadDeadline(IDLE, HEAD)
    with deadline:
        pass                            # a pipelined head, parsed from what was already read
    deadline.begun()                    # its body received while the request is handled
    gevent.sleep(HEAD + 0.2)            # no RequestHeadTimeout in the middle of the request
