"""Fixtures for the rule-by-rule engine tests."""
import pytest
from engine_helpers import make_register


@pytest.fixture
def fake_cards(monkeypatch):
    """Register test-only card encodings for one test (removed afterwards)."""
    return make_register(monkeypatch)
