"""Fixtures for UI tests: a lobby (the real one when it has the table API, else the fake)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from ahoy_tui.ui.prefs import STORE  # noqa: E402


@pytest.fixture(autouse=True)
def _fresh_prefs(monkeypatch):
    # First-game hints are toasts: off unless a test asks for them (tests/ui/test_pacing.py).
    monkeypatch.setattr("ahoy_tui.ui.prefs.HINTS_DEFAULT", False)
    STORE.clear()
    yield
    STORE.clear()
