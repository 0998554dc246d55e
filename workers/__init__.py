"""RQ jobs. Jobs are serialised as JSON (never pickle) and must be idempotent:
RQ delivers at least once."""

from events.jobqueue import (
    enqueue_after_append,
    enqueue_reconcile,
    enqueue_verify,
    get_queue,
    queue_stats,
)

__all__ = ["enqueue_after_append", "enqueue_reconcile", "enqueue_verify", "get_queue",
           "queue_stats"]
