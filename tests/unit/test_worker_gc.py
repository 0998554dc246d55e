"""app.server: a gunicorn worker freezes what it built before serving and collects its oldest
generation less often (run in a child process: freezing the test process would hide every
later test's objects from the collector)."""

import subprocess
import sys


def test_a_worker_freezes_what_it_built_before_serving():
    """app.server.freeze_startup_objects: the app and the card definitions leave the
    collector's generations (a full collection no longer walks them), the middle generation is
    collected at every second young collection (short pauses) and the oldest after 500 of
    those (WORKER_GC_THRESHOLDS)."""
    child = ("import gc; from app import create_app; "
             "from app.server import freeze_startup_objects; "
             "before = len(gc.get_objects()); freeze_startup_objects(); "
             "print(before > 50_000, gc.get_freeze_count() >= before // 2, "
             "len(gc.get_objects()) < 1_000, gc.get_threshold() == (700, 0, 500))")
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "True", "True"]
