"""``events.child_processes.starting_a_child``: a fork made by another thread while a child is
being started (gunicorn's arbiter forking a web worker while `referee serve` starts a
background worker) must not hand the forked process Popen's exec-status pipe, or Popen waits
for as long as that process lives."""

from __future__ import annotations

import os
import subprocess
import threading
import time

from events.child_processes import starting_a_child


def test_a_fork_while_a_child_starts_waits_for_the_start_and_does_not_hold_it(monkeypatch):
    real_fork_exec = subprocess._fork_exec
    forked_child = threading.Event()

    def slow_fork_exec(*args):              # the window between Popen's fork and its closing of
        pid = real_fork_exec(*args)         # the pipe's write end, widened (a busy machine)
        forked_child.set()
        time.sleep(0.5)
        return pid

    monkeypatch.setattr(subprocess, "_fork_exec", slow_fork_exec)
    took: list[float] = []

    def start() -> None:
        began = time.monotonic()
        with starting_a_child():
            subprocess.Popen(["true"], preexec_fn=lambda: None).wait()
        took.append(time.monotonic() - began)

    starter = threading.Thread(target=start)
    starter.start()
    assert forked_child.wait(5)
    pid = os.fork()                         # as gunicorn's arbiter forks a web worker
    if pid == 0:
        time.sleep(4)                       # a process that lives long
        os._exit(0)
    try:
        starter.join(10)
        assert took and took[0] < 2.5, f"the start waited {took} s for the forked process"
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
