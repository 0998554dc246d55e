"""The audit of one match; it lives in ``projections.audit`` (the API runs it too)."""

from projections.audit import audit_match, replay_check

__all__ = ["audit_match", "replay_check"]
