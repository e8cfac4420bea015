"""Suite-wide test settings.

Hypothesis runs derandomized and without an example database by default, so
every run, on every machine and in CI, tries the same examples: a failure is
a bug to reproduce, not a roll of the dice. ``HYPOTHESIS_PROFILE=explore``
draws fresh examples (and keeps a database) for a hunt.

Every test starts with no remembered preferences (the per-identity store
is process-wide, and servers in tests run in this process) and with the
first-game hints off: they are toasts that would cover what a test reads;
tests/ui/test_pacing.py turns them on where it tests them.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from ahoy_tui.ui.prefs import STORE

settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True)
def _fresh_prefs(monkeypatch):
    monkeypatch.setattr("ahoy_tui.ui.prefs.HINTS_DEFAULT", False)
    STORE.clear()
    yield
    STORE.clear()


@pytest.fixture
def redis_server():
    """A real ``redis-server`` on a unix socket for this test (tests/redis_server.py):
    ``.url``, ``.restart()``, ``.stop()``, ``.kill()``. Skips when it is not installed."""
    from tests.redis_server import running_redis_server

    yield from running_redis_server()
