"""workers.cli: `referee worker` runs its background jobs at a lower CPU priority than the web
processes it shares cores with (run in a child process: a nice value can't be taken back)."""

import subprocess
import sys

from workers.cli import DEFAULT_WORKER_NICE, worker


def test_a_worker_lowers_its_cpu_priority_by_the_niceness_asked():
    child = ("import os; from workers.cli import lower_priority; "
             "before = os.nice(0); print(lower_priority(3) - before, os.nice(0) - before)")
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["3", "3"]


def test_referee_worker_is_niced_by_default_and_zero_keeps_it_as_started():
    option = next(p for p in worker.params if p.name == "niceness")
    assert option.default == DEFAULT_WORKER_NICE == 10
    assert option.type.min == 0 and option.type.max == 19
