"""Fixtures for hardening tests: the e2e suite's real-SSH fixtures (tests/e2e/conftest.py)."""

from tests.e2e.conftest import _textual_render_restored, client_key, other_key, server  # noqa: F401
