"""A decision clock's end on this session's own clock (``TableUpdate.remaining``, docs/lobby-api.md).

The lobby sends seconds left, not a time: no clock is shared between
processes. The table screen turns them into a ``time.monotonic()`` deadline
when an update arrives. Every update while the same decision is pending
says the same thing with a few milliseconds less left (it was made a little
later), so a deadline within ``SAME_CLOCK`` seconds of the one shown, for a
clock of the same length, is that same clock: the shown deadline stays and
the countdown neither repaints nor warns again (``Countdown`` warns once per
deadline).
"""

from __future__ import annotations

SAME_CLOCK = 0.25
"""Seconds within which two deadlines of clocks of one length are one clock (delivery jitter)."""


class LocalDeadline:
    """The current decision's deadline on this process's monotonic clock, or None."""

    def __init__(self) -> None:
        self.deadline: float | None = None
        self._length: float | None = None

    def take(self, remaining: float | None, clock_seconds: float | None, now: float) -> float | None:
        """The deadline for an update received at ``now`` that says ``remaining`` seconds are left.

        Args:
            remaining: ``TableUpdate.remaining`` (None: no clock runs).
            clock_seconds: ``TableUpdate.clock_seconds``, the clock's length.
            now: ``time.monotonic()`` when the update arrived.
        """
        if remaining is None:
            self.deadline = self._length = None
            return None
        new = now + remaining
        if self.deadline is not None and clock_seconds == self._length and abs(new - self.deadline) < SAME_CLOCK:
            return self.deadline
        self.deadline, self._length = new, clock_seconds
        return new
