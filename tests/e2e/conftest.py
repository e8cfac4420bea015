"""Fixtures: a real SSH server on 127.0.0.1 (port 0) and client keys."""

from __future__ import annotations

import sys
from pathlib import Path

import asyncssh
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import start_server  # noqa: E402

from ahoy_tui.hosting import render  # noqa: E402


@pytest.fixture(scope="session")
def client_key() -> asyncssh.SSHKey:
    """An ed25519 client key generated for this test run."""
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture(scope="session")
def other_key() -> asyncssh.SSHKey:
    """A second client key, never authorised anywhere."""
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture(autouse=True)
def _textual_render_restored():
    """Leave Textual's own ``Strip.render`` in place for other test suites."""
    yield
    render.uninstall()


@pytest.fixture
async def server(tmp_path: Path):
    """A running server with default settings and a fresh lobby."""
    srv = await start_server(tmp_path)
    yield srv
    await srv.stop()
