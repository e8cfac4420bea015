"""Waiting for a condition in async tests (instead of a fixed sleep before an assert)."""

from __future__ import annotations

import asyncio
import inspect
import time


async def wait_until(predicate, timeout: float = 30.0, what: str = "the condition", every: float = 0.02) -> None:
    """Let the loop run until ``predicate()`` holds (polled every ``every`` s; a predicate that
    returns an awaitable, e.g. a Redis read, is awaited); fails after ``timeout`` seconds,
    saying it timed out waiting for ``what``."""
    deadline = time.monotonic() + timeout
    while not await _holds(predicate):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(every)


async def _holds(predicate) -> bool:
    result = predicate()
    if inspect.isawaitable(result):
        result = await result
    return bool(result)
