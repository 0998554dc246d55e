"""RQ jobs. Jobs are serialised as JSON (never pickle) and must be idempotent:
RQ delivers at least once."""

from workers.queue import enqueue_verify, get_queue

__all__ = ["enqueue_verify", "get_queue"]
