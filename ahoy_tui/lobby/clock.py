"""Time for the lobby: the real event loop, or a manual clock for tests.

The lobby reads ``now()`` (seconds, ``time.monotonic()`` scale) and asks
``call_at(when, fn)`` for timers; a timer can be cancelled. Callbacks run on
the loop thread, one at a time, so they never race a command.

``off_loop(work, done)`` runs slow pure work (a bot's search, issue 17) away
from the loop, in another process (``search_pool``: no worker holds the
server's sockets or outlives it), and hands its result (or the exception)
to ``done`` back on the loop, where the single writer applies it. ``work``
must pickle (a ``functools.partial`` of a module-level function).
"""

from __future__ import annotations

import asyncio
import contextvars
import heapq
import itertools
import pickle
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Protocol

from ahoy_tui.lobby.search_pool import discard_broken, search_executor


class Timer(Protocol):
    """A scheduled callback."""

    def cancel(self) -> None:
        """Stop it from running; safe to call twice or after it ran."""


class Clock(Protocol):
    """The lobby's source of time and timers."""

    def now(self) -> float:
        """Monotonic seconds (same scale as ``time.monotonic()``)."""

    def call_at(self, when: float, fn: Callable[[], None]) -> Timer:
        """Run ``fn`` at ``when`` (or as soon as possible if that has passed)."""

    def off_loop(self, work: Callable[[], Any], done: Callable[[Any, BaseException | None], None]) -> None:
        """Run the picklable ``work()`` off the loop; then ``done(result, error)`` on the loop."""


class LoopClock:
    """Real time on the running asyncio loop (whose ``time()`` is monotonic)."""

    def now(self) -> float:
        return time.monotonic()

    def call_at(self, when: float, fn: Callable[[], None]) -> Timer:
        """``fn()`` at ``when``, in an empty ``contextvars.Context``: a lobby timer belongs to no
        session, and asyncio would otherwise copy the caller's context into the timer, keeping the
        session whose action set it (Textual's active app) alive until it fires (issue 24: an
        empty table's 120 s grace kept its last player's ended session in memory that long)."""
        loop = asyncio.get_running_loop()
        return loop.call_later(max(0.0, when - time.monotonic()), fn, context=contextvars.Context())

    def off_loop(self, work: Callable[[], Any], done: Callable[[Any, BaseException | None], None]) -> None:
        """``work`` runs in :func:`search_executor`; ``done`` is called on this loop."""
        loop = asyncio.get_running_loop()
        try:
            executor = search_executor()
            try:
                fut = loop.run_in_executor(executor, work)
            except BrokenProcessPool:   # broken since the last search: a new pool, once
                discard_broken(executor)
                executor = search_executor()
                fut = loop.run_in_executor(executor, work)
        except Exception as e:  # no pool to be had (e.g. out of processes or files): the caller decides
            loop.call_soon(done, None, e)
            return

        def finished(f: "asyncio.Future[Any]") -> None:
            if f.cancelled():
                done(None, asyncio.CancelledError())
            elif f.exception() is not None:
                if isinstance(f.exception(), BrokenProcessPool):
                    discard_broken(executor)
                done(None, f.exception())
            else:
                done(f.result(), None)
        fut.add_done_callback(finished, context=contextvars.Context())


class _ManualTimer:
    __slots__ = ("when", "seq", "fn", "cancelled")

    def __init__(self, when: float, seq: int, fn: Callable[[], None]) -> None:
        self.when, self.seq, self.fn, self.cancelled = when, seq, fn, False

    def cancel(self) -> None:
        self.cancelled = True

    def __lt__(self, other: "_ManualTimer") -> bool:
        return (self.when, self.seq) < (other.when, other.seq)


class ManualClock:
    """A clock that moves only when told to: deterministic, instant tests.

    Args:
        start: The initial ``now()``.
    """

    def __init__(self, start: float = 1000.0) -> None:
        self.t = start
        self._heap: list[_ManualTimer] = []
        self._seq = itertools.count()

    def now(self) -> float:
        return self.t

    def call_at(self, when: float, fn: Callable[[], None]) -> Timer:
        timer = _ManualTimer(max(when, self.t), next(self._seq), fn)
        heapq.heappush(self._heap, timer)
        return timer

    def off_loop(self, work: Callable[[], Any], done: Callable[[Any, BaseException | None], None]) -> None:
        """Tests: ``work`` runs now, after a pickle round trip (as it would go to a worker
        process); ``done`` runs as a timer due now (after the caller returns).

        ``latency`` (seconds, default 0) delays ``done`` as a slow search would.
        """
        try:
            result, error = pickle.loads(pickle.dumps(work))(), None
        except Exception as e:  # handed to done, as the loop clock does
            result, error = None, e
        self.call_at(self.t + self.latency, lambda: done(result, error))

    latency: float = 0.0

    def pending(self) -> int:
        """Timers not yet run or cancelled."""
        return sum(1 for t in self._heap if not t.cancelled)

    def next_due(self) -> float | None:
        """When the next live timer runs, or None."""
        while self._heap and self._heap[0].cancelled:
            heapq.heappop(self._heap)
        return self._heap[0].when if self._heap else None

    def step(self) -> bool:
        """Jump to the next live timer and run it; False when none is left."""
        when = self.next_due()
        if when is None:
            return False
        timer = heapq.heappop(self._heap)
        self.t = max(self.t, timer.when)
        timer.fn()
        return True

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds``, running every timer due on the way."""
        end = self.t + seconds
        while (when := self.next_due()) is not None and when <= end:
            self.step()
        self.t = end

    def run(self, until: Callable[[], bool] | None = None, max_steps: int = 1_000_000,
            max_time: float = float("inf")) -> int:
        """Run timers until ``until()`` is true, none is left, or a limit is hit.

        Returns:
            The number of timers run.
        """
        steps = 0
        end = self.t + max_time
        while steps < max_steps and not (until and until()):
            when = self.next_due()
            if when is None or when > end:
                break
            self.step()
            steps += 1
        return steps
