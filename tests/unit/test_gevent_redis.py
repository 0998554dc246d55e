"""app.gevent_redis: redis-py's zero-timeout readiness check asks the OS's poll under gevent,
any other timeout still cooperates. Run in a child process: monkey-patching the test process
itself would change every other test."""

import subprocess
import sys
import textwrap

CHILD = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import socket, time
    import gevent
    from gevent import select as gevent_select
    from redis._parsers import hiredis as parser
    from app import gevent_redis

    cooperative_polls = []
    def counting_cooperative():
        cooperative_polls.append(1)
        return gevent_select.poll()

    assert gevent_redis.install()
    parser.select = gevent_redis.select_module_with(monkey.get_original("select", "poll"),
                                                    counting_cooperative)
    a, b = socket.socketpair()
    # timeout 0: the OS's poll, right either way
    assert parser._socket_can_read(a, 0) is False
    b.sendall(b"+PONG\\r\\n")
    time.sleep(0.05)
    assert parser._socket_can_read(a, 0) is True
    assert cooperative_polls == [], cooperative_polls
    a.recv(64)
    # a wait: gevent's poll, so another greenlet runs meanwhile and its bytes end the wait
    gevent.spawn_later(0.05, b.sendall, b"+PONG\\r\\n")
    started = time.monotonic()
    assert parser._socket_can_read(a, 2.0) is True
    assert time.monotonic() - started < 1.0
    assert cooperative_polls == [1], cooperative_polls
    print("ok")
""")


def test_zero_timeout_readiness_uses_the_os_poll_and_a_wait_still_cooperates():
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_install_does_nothing_without_gevent_patching():
    done = subprocess.run([sys.executable, "-c",
                           "from app import gevent_redis; print(gevent_redis.install())"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"

