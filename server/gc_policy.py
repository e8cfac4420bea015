"""Keep Python's full garbage collections short while people play (issue 6).

Every session holds a Textual app: tens of thousands of long-lived objects
(widgets, styles, cached strips). Python's oldest-generation collection
walks every tracked object in the process; measured with 40 playing
sessions (``bench/load_server.py`` logs each collection), those passes took
0.5-1.0 s each, a dozen times a minute, and every screen froze meanwhile.

:class:`GcPolicy` moves objects that have survived into the permanent
generation (:func:`gc.freeze`) every ``freeze_every`` seconds, after a
young-generation collection, so automatic collections only walk what is
new. Cyclic garbage that was frozen (mostly apps of sessions that ended)
is reclaimed by an occasional full pass (``unfreeze`` + ``collect`` +
``freeze``), at most every ``reclaim_every`` seconds, and only after a
session ended or when the frozen objects grew by a quarter (garbage of
sessions still running); that pass is the one long pause left and is
logged.
Frozen objects that later become garbage without a reference cycle are
still freed at once; :func:`install_strip_patch` removes the cycle that
Textual made for almost every rendered line.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from functools import lru_cache
from typing import Iterable, Sequence

from textual.color import Color
from textual.strip import Strip
from textual.style import Style

from ahoy_tui.ui.textual_private import StylesCache, replace_get_inner_outer, replace_strip_method

log = logging.getLogger("ahoy.server.gc")

GROWTH = 1.25
"""A reclaim is also due when the frozen objects grew by this factor since the last one
(cycles that died after they were frozen, in sessions that have not ended)."""

_textual_divide = Strip.divide


def _divide(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    """``Strip.divide`` without caching ``[self]`` in the strip itself.

    Textual caches a division that cuts nothing as ``[self]`` inside the
    strip: a reference cycle, so each strip the compositor passes on lives
    until a full garbage collection (about 330 cyclic objects per table
    update and session, measured with ``gc.DEBUG_SAVEALL``). The result is
    the same list of strips.
    """
    cuts = list(cuts)
    if cuts and cuts[-1] == self.cell_length and len(cuts) == 1:
        return [self]
    return _textual_divide(self, cuts)


@lru_cache(1024)
def _inner_outer_styles(base_background: Color, background: Color) -> tuple[Style, Style]:
    """Inner and outer background styles of a widget's lines, shared by every widget."""
    return Style(background=base_background + background), Style(background=base_background)


def _get_inner_outer(self: StylesCache, base_background: Color, background: Color) -> tuple[Style, Style]:
    """``StylesCache.get_inner_outer`` without keeping the widget's line cache alive.

    Textual 8.2.8 decorates the method itself with ``lru_cache(1024)``, so
    the cache is keyed by the ``StylesCache`` instance too: the last 1,024
    widgets' caches, with every rendered line in them, stay alive after
    their widgets (and sessions) are gone (measured with
    ``bench/gc_garbage.py``: ~2,900 objects per ended lobby session left
    after a full collection, ~250 strips and their caches). Same result.
    """
    return _inner_outer_styles(base_background, background)


def install_strip_patch() -> None:
    """Make ``Strip.divide`` cycle-free and stop Textual's per-widget style cache
    from holding ended widgets (process-wide, idempotent)."""
    replace_strip_method("divide", _divide)
    replace_get_inner_outer(_get_inner_outer)


class GcPolicy:
    """Periodic :func:`gc.freeze` plus rare full reclaims, on the running loop.

    Args:
        freeze_every: Seconds between freezes (0 disables the policy).
        reclaim_every: Least seconds between two full reclaims.
    """

    def __init__(self, freeze_every: float = 1.0, reclaim_every: float = 600.0) -> None:
        self.freeze_every = freeze_every
        self.reclaim_every = reclaim_every
        self.ended_sessions = 0
        """Sessions ended since the last reclaim (their garbage may be frozen)."""
        self._last_reclaim = time.monotonic()
        self._frozen_after_reclaim = 0
        self._handle: asyncio.TimerHandle | None = None
        self._seen = 0

    def start(self) -> None:
        """Freeze what start-up made and schedule the next pass (call on the loop)."""
        install_strip_patch()
        if self.freeze_every <= 0:
            return
        gc.collect()
        gc.freeze()
        self._frozen_after_reclaim = gc.get_freeze_count()
        self._schedule()

    def stop(self) -> None:
        """Cancel the next pass and hand every frozen object back to the collector."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
            gc.unfreeze()

    def session_ended(self) -> None:
        """Count an ended session: its garbage may wait in the permanent generation."""
        self.ended_sessions += 1

    def _schedule(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = asyncio.get_running_loop().call_later(self.freeze_every, self._tick)

    def _tick(self) -> None:
        try:
            now = time.monotonic()
            if now - self._last_reclaim >= self.reclaim_every and (
                    self.ended_sessions or gc.get_freeze_count() > self._frozen_after_reclaim * GROWTH):
                self.reclaim()
            elif gc.get_count()[0] + gc.get_count()[1] != self._seen or gc.get_count()[2]:
                gc.collect(1)
                gc.freeze()
            self._seen = gc.get_count()[0] + gc.get_count()[1]
        finally:
            self._schedule()

    def reclaim(self) -> float:
        """Collect everything, frozen objects included, then freeze again; returns the pause in seconds."""
        t0 = time.perf_counter()
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        self._frozen_after_reclaim = gc.get_freeze_count()
        pause = time.perf_counter() - t0
        self._last_reclaim = time.monotonic()
        ended, self.ended_sessions = self.ended_sessions, 0
        log.info("gc reclaim after %d ended sessions: %d objects freed in %.0f ms, %d frozen",
                 ended, freed, pause * 1000, self._frozen_after_reclaim)
        return pause
