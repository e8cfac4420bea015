"""Waiting for a condition in async tests (instead of a fixed sleep before an assert)."""

from __future__ import annotations

import asyncio
import time


async def wait_until(predicate, timeout: float = 10.0, what: str = "the condition") -> None:
    """Let the loop run until ``predicate()`` holds (polled every 20 ms); fails after ``timeout``
    seconds, saying it timed out waiting for ``what``."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)
