"""Cost counters: Textual's units of work per app (one app is one session), for tests and benches.

Deterministic figures, not timings (issue 25): a test plays a fixed number
of table updates and asserts each counter per update and session stays
within its budget (``tests/e2e/test_cost_counters.py``), so a change that
makes a move cost more work fails a test instead of going unseen.

Per app, :class:`Counts` holds:

* ``messages``: messages and events dispatched by any message pump of the
  app (the app, its screens and widgets), in messages;
* ``renders``: widget renders the compositor made for frames (one per
  ``render_lines`` call it used), in widget renders;
* ``rows``: lines those renders produced, in rows (one row of one widget);
* ``frames``: frames Textual wrote (``App._display`` with an update, not
  in a batch), in frames;
* ``reflows``: layout passes (``Compositor.reflow``), in reflows;
* ``ticks``: Textual timers firing (a timer's callback runs without a
  message, so ``messages`` does not see it), in firings;
* ``styled``: lines Textual styled (padded, bordered, coloured) because no
  session had finished that line yet, in lines;
* ``texts``: texts rendered into rows because no session had rendered that
  text at that width yet (``RowsWidget.wrap``), in texts.

Bytes and channel writes of an SSH session are counted by its
``server.driver.TerminalLink`` (``bytes_sent``, ``frames_sent``).

Nothing is counted, and nothing costs anything, until :func:`enable` (or
``with counting():``) installs the hooks (``textual_private.install_cost_hooks``);
:func:`disable` removes them. The render path is not touched otherwise.
Work done outside any app (``active_app`` unset) is not counted.

Usage::

    with cost.counting():
        ...                       # play
        before = cost.counts(app).copy()
        ...                       # one update
        spent = cost.counts(app) - before
"""

from __future__ import annotations

import contextlib
import weakref
from dataclasses import astuple, dataclass, fields
from typing import Any, Callable, Iterator

from textual.app import App

from ahoy_tui.hosting import textual_private


@dataclass
class Counts:
    """Work done for one app since counting began (all counts are plain integers)."""

    messages: int = 0
    """Messages and events dispatched by the app's pumps (messages)."""
    renders: int = 0
    """Widget renders used for frames (widget renders)."""
    rows: int = 0
    """Rows those renders produced (rows of one widget)."""
    frames: int = 0
    """Frames Textual wrote (frames)."""
    reflows: int = 0
    """Layout passes (reflows)."""
    ticks: int = 0
    """Textual timers firing (firings)."""
    styled: int = 0
    """Lines Textual styled, not found finished in a cache (lines)."""
    texts: int = 0
    """Texts rendered into rows, not found rendered in the shared cache (texts)."""

    def copy(self) -> Counts:
        return Counts(*astuple(self))

    def __sub__(self, other: Counts) -> Counts:
        return Counts(*(a - b for a, b in zip(astuple(self), astuple(other))))

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


_counts: weakref.WeakKeyDictionary[Any, Counts] = weakref.WeakKeyDictionary()
_uninstall: Callable[[], None] | None = None


def counts(app: App[Any]) -> Counts:
    """The live :class:`Counts` of ``app`` (zeros if it did nothing while counting).

    The object keeps changing while counting is on; take ``.copy()`` for a figure.
    """
    found = _counts.get(app)
    if found is None:
        found = _counts[app] = Counts()
    return found


def _adding(counter: str) -> Callable[[Any], None]:
    """A hook that adds one to ``counter`` of the app it is given (work outside any app: not counted)."""

    def add(app: App[Any]) -> None:
        if app is not None:
            c = counts(app)
            setattr(c, counter, getattr(c, counter) + 1)

    return add


def _render(app: App[Any], rows: int) -> None:
    if app is not None:
        c = counts(app)
        c.renders += 1
        c.rows += rows


def _texts_hook() -> Callable[[], None]:
    """Count ``RowsWidget._render_rows`` (a text rendered, not shared) per app; returns the undo."""
    from ahoy_tui.ui.widgets.rows import RowsWidget

    render_rows = RowsWidget._render_rows

    add_text = _adding("texts")

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        add_text(textual_private.active_app.get(None))
        return render_rows(self, *args, **kwargs)

    RowsWidget._render_rows = counted  # type: ignore[method-assign]

    def undo() -> None:
        RowsWidget._render_rows = render_rows  # type: ignore[method-assign]

    return undo


def enabled() -> bool:
    """True while the counters are installed."""
    return _uninstall is not None


def enable() -> None:
    """Start counting, process-wide (idempotent). Apps made before count from now on."""
    global _uninstall
    if _uninstall is None:
        textual_hooks = textual_private.install_cost_hooks(_adding("messages"), _render, _adding("frames"),
                                                           _adding("reflows"), _adding("ticks"), _adding("styled"))
        texts_hook = _texts_hook()

        def uninstall() -> None:
            texts_hook()
            textual_hooks()

        _uninstall = uninstall


def disable() -> None:
    """Stop counting and restore Textual's methods (idempotent); the figures so far are kept."""
    global _uninstall
    if _uninstall is not None:
        _uninstall()
        _uninstall = None


def reset() -> None:
    """Forget every app's figures."""
    _counts.clear()


@contextlib.contextmanager
def counting() -> Iterator[None]:
    """Count inside the block: :func:`enable` on entry, :func:`disable` on exit (figures from zero)."""
    reset()
    enable()
    try:
        yield
    finally:
        disable()
