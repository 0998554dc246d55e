"""What the gevent workers of `referee serve` rely on, in a process monkey-patched as
gunicorn's gevent worker patches it (a subprocess: the test process stays unpatched):
redis-py reads with hiredis through the cooperative sockets, so blocking XREADs of many
streams wait side by side instead of one after another, and RQ enqueues the jobs of an
append."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.integration

SCRIPT = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()

    import json, sys, time
    import gevent, redis
    from events.store import EventStore
    from tests.conftest import TEST_CHAIN_KEY
    from tests.factories import action, match_created
    from events.jobqueue import enqueue_after_append, get_queue

    url = sys.argv[1]
    client = redis.Redis.from_url(url, decode_responses=True)
    store = EventStore(client, chain_key=TEST_CHAIN_KEY)
    store.append("gev", [match_created()])

    started = time.monotonic()
    waits = [gevent.spawn(store.tail, "gev", 1, block_ms=1000) for _ in range(20)]
    writer = gevent.spawn_later(0.5, store.append, "gev", [action()], expected_seq=1)
    gevent.joinall([*waits, writer], timeout=30)
    blocked = time.monotonic() - started

    jobs = enqueue_after_append(redis.Redis.from_url(url), "gev", 2)
    print(json.dumps({
        "parser": type(client.connection_pool.get_connection()._parser).__name__,
        "patched": monkey.is_module_patched("socket"),
        "tails": [[e["seq"] for e in w.value] for w in waits],
        "seconds": blocked,
        "jobs": [j.id for j in jobs],
        "queued": get_queue(redis.Redis.from_url(url)).count,
    }))
""")


def test_redis_xread_and_rq_under_gevent(redis_url):
    done = subprocess.run([sys.executable, "-c", SCRIPT, redis_url], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["patched"] and "Hiredis" in seen["parser"], seen
    # Twenty XREAD BLOCKs woke on the one append half a second in: concurrently, not 20 s.
    assert seen["tails"] == [[2]] * 20, seen
    assert seen["seconds"] < 5, seen
    assert seen["jobs"] == ["after-gev-2"] and seen["queued"] == 1, seen
