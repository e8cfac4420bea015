"""Run one Textual app as a hosted SSH session.

Applied to whatever app ``ahoy_tui.ui.app.create_app`` returns:

* its own console (colour system and size from the client, not the server);
* the link's own driver (``server.driver.SSHDriver`` over SSH);
* no stdout/stderr swap (Textual's ``redirect_stdout`` swaps the
  process-wide ``sys.stdout``; concurrent apps would restore each other's
  streams out of order);
* no server-side actions: screenshots to disk, ``open_url``, suspend;
* no blinking cursors (an idle session sends nothing);
* every ``Input`` without a ``max_length`` gets :data:`MAX_INPUT_LENGTH`;
* frames are encoded by a per-session :class:`~ahoy_tui.hosting.framediff.FrameDiff`
  (only the cells the client lacks are sent);
* a crash ends this session only, with the terminal restored and an apology.
"""

from __future__ import annotations

import io
import logging
import time
import weakref
from typing import Any, Callable, Iterable, Protocol

from rich.console import Console
from textual.app import App, SystemCommand
from textual.driver import Driver
from textual.widgets import Input

from ahoy_tui.hosting import render
from ahoy_tui.hosting import textual_private
from ahoy_tui.hosting.framediff import FrameDiff
from ahoy_tui.hosting.gc_policy import track_nodes
from ahoy_tui.session import SessionInfo

log = logging.getLogger(__name__)

class HostLink(Protocol):
    """What hosting needs of a session's terminal link (``server.driver.TerminalLink`` over SSH).

    Attributes:
        size: The terminal's size (columns, rows).
        frames: The session's frame diff, set by :func:`prepare_app` (None: Textual's own frames).
    """

    size: tuple[int, int]
    frames: FrameDiff | None

    def driver_class(self) -> Callable[..., Driver]:
        """The Textual driver class bound to this link (the app's ``driver_class``)."""
        ...

    def restore(self, note: str = "") -> None:
        """Put the client's terminal back the way a shell expects it, then write ``note``."""
        ...


APOLOGY = (
    "\r\nSorry, matey: the game hit a reef and this session had to end.\r\n"
    "The crew has been told. Please reconnect.\r\n"
)

_HOSTED: weakref.WeakSet[App[Any]] = weakref.WeakSet()
"""The apps :func:`prepare_app` prepared (weakly)."""
#: Characters an ``Input`` holds when its app set no ``max_length``.
MAX_INPUT_LENGTH = 512
_patched = False


class _LogFile(io.TextIOBase):
    """A text file whose lines go to a logger (for an app's error console)."""

    def __init__(self, logger: logging.Logger, level: int) -> None:
        self._logger = logger
        self._level = level

    def write(self, text: str) -> int:
        if text.strip():
            self._logger.log(self._level, "%s", text.rstrip())
        return len(text)

    def isatty(self) -> bool:
        return False


class _NullFile(io.TextIOBase):
    """Where a session console's own writes go: nowhere (frames go through the driver)."""

    def write(self, text: str) -> int:
        return len(text)

    def isatty(self) -> bool:
        return True


def _hosted(app: App[Any]) -> bool:
    """``app`` was prepared here (:func:`prepare_app`): Textual leaves ``sys.stdout`` alone for it."""
    return app in _HOSTED


def install_process_patches() -> None:
    """Install the process-wide hosting patches (idempotent).

    * Textual leaves ``sys.stdout``/``sys.stderr`` alone for hosted apps
      (:func:`ahoy_tui.hosting.textual_private.skip_stdio_capture`; other apps in
      the process are untouched).
    * :func:`ahoy_tui.hosting.render.install`: strips render per colour system.
    """
    global _patched
    render.install()
    if not _patched:
        textual_private.skip_stdio_capture(_hosted)
        _patched = True


def session_console(info: SessionInfo) -> Console:
    """A console like Textual's own, but for this client only."""
    width, height = info.size
    return Console(
        color_system=info.color_system if info.color_system != "monochrome" else None,
        file=_NullFile(),
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ={},
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
        width=width,
        height=height,
    )


def _host_widget(widget: Any) -> None:
    """Before a widget is registered: no blinking cursor, every Input bounded."""
    if hasattr(widget, "cursor_blink"):
        widget.cursor_blink = False
    if isinstance(widget, Input) and not widget.max_length:
        widget.max_length = MAX_INPUT_LENGTH


class FirstPaint:
    """Paint the first screen once, after the start-up cascade settles.

    At start Textual paints the whole screen about four times within ~50 ms:
    the screen's ``ScreenResume`` lays out and paints; the app's initial
    ``Resize`` is forwarded to the screen, which lays out and paints again at
    the same size; focusing the first widget and the widgets' first
    ``Show``/style updates then repaint (one partial, one full frame). Over
    SSH that is 4x the bytes of the first contact.

    While holding, frames are dropped (the compositor state is kept); once no
    frame was attempted for ``quiet`` seconds, or ``cap`` seconds after the
    first one, one full frame of the settled screen is painted.

    Args:
        app: The hosted app.
        paint: Where frames go once let through: ``paint(screen, renderable)``
            (the frame diff, then Textual's own display).

    Attributes:
        held: Frames dropped while holding.
        holding: True until the first paint went out.
    """

    def __init__(self, app: App[Any], paint: Callable[[Any, Any], None], quiet: float = 0.025,
                 cap: float = 0.5) -> None:
        self.app = app
        self.quiet = quiet
        self.cap = cap
        self.holding = True
        self.held = 0
        self._first: float | None = None
        self._timer: Any = None
        self._paint = paint

    def display(self, screen: Any, renderable: Any) -> None:
        """Every frame of the app: dropped until settled, then painted."""
        app = self.app
        if not self.holding or renderable is None or textual_private.in_batch(app):
            self._paint(screen, renderable)
            return
        now = time.monotonic()
        if self._first is None:
            self._first = now
        self.held += 1
        if now - self._first >= self.cap:
            self.release()
            return
        if self._timer is None:
            self._timer = app.set_timer(self.quiet, self.release, name="ahoy-first-paint")
        else:
            self._timer.reset()
        app.post_display_hook()

    def release(self) -> None:
        """Stop holding and paint the whole current screen once.

        Not inside a batch update: Textual silently drops frames there, and every later frame is partial, so the player would see
        only what changes afterwards (the footer) on a blank screen. Under
        load (many sessions starting at once) this timer often fires while
        a screen is mounting in a batch; then the release is tried again.
        """
        if not self.holding:
            return
        app = self.app
        if textual_private.in_batch(app) and app.is_running and app.return_code is None:
            if self._timer is not None:
                self._timer.stop()
            self._timer = app.set_timer(self.quiet, self.release, name="ahoy-first-paint")
            return
        self.holding = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not app.is_running or app.return_code is not None:
            return
        try:
            screen = app.screen
            update = textual_private.full_update(app)
        except Exception:
            log.exception("first paint failed; falling back to a refresh")
            app.refresh()
            return
        self._paint(screen, update)


FRAME_TIMER: list[Callable[[float], None]] = []
"""Empty, or the one ``observe(seconds)`` told the loop thread's CPU time of each frame painted (the
frame diff and Textual's encoding and write: ``--metrics``, ``server.metrics``). Read when an app is
prepared: a session started without it pays nothing."""


def prepare_app(app: App[Any], info: SessionInfo, link: HostLink, frame_diff: bool = True) -> None:
    """Make ``app`` safe and correct to host on ``link`` (before it runs).

    Args:
        app: A fresh, not yet running app.
        info: The session it serves (colour system, size).
        link: The session's terminal link.
        frame_diff: Send only changed cells (:class:`ahoy_tui.hosting.framediff.FrameDiff`);
            False sends Textual's own frames.
    """
    _HOSTED.add(app)
    app.console = session_console(info)
    app.error_console = Console(
        file=_LogFile(log, logging.ERROR), markup=False, highlight=False, width=100
    )
    app.driver_class = link.driver_class()  # type: ignore[assignment]
    textual_private.wrap_register(app, _host_widget)
    track_nodes(app)
    frames = link.frames = FrameDiff() if frame_diff else None

    def hook(textual_display: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
        # One hook: FirstPaint holds the first frames back, then every frame goes through the
        # frame diff (held frames never reach its shadow) and Textual writes it.
        if frames is None:
            paint = textual_display
        else:
            def paint(screen: Any, renderable: Any) -> None:
                textual_display(screen, frames.wrap(renderable))
        if FRAME_TIMER:
            paint = _timed(paint, FRAME_TIMER[0])
        app._ahoy_first_paint = first = FirstPaint(app, paint)  # type: ignore[attr-defined]
        return first.display

    textual_private.hook_display(app, hook)

    def refused(*_args: Any, **_kwargs: Any) -> None:
        app.notify("Not available over SSH.", severity="warning")
        return None

    app.action_screenshot = refused  # type: ignore[method-assign]
    app.save_screenshot = refused  # type: ignore[method-assign]
    app.deliver_screenshot = refused  # type: ignore[method-assign]
    app.open_url = refused  # type: ignore[method-assign]
    app.action_suspend_process = refused  # type: ignore[method-assign]
    original_commands = app.get_system_commands

    def system_commands(screen: Any) -> Iterable[SystemCommand]:
        return (c for c in original_commands(screen) if c.title != "Screenshot")

    app.get_system_commands = system_commands  # type: ignore[method-assign]


def _timed(paint: Callable[[Any, Any], None], observe: Callable[[float], None]) -> Callable[[Any, Any], None]:
    """``paint`` telling ``observe`` the loop thread's CPU seconds of each frame."""
    clock = time.thread_time

    def timed(screen: Any, renderable: Any) -> None:
        started = clock()
        try:
            paint(screen, renderable)
        finally:
            observe(clock() - started)
    return timed


async def run_hosted(app: App[Any], link: HostLink) -> int:
    """Run a prepared app to its end; never raises.

    Args:
        app: An app passed through :func:`prepare_app`.
        link: Its terminal link.

    Returns:
        Exit status for the SSH channel: 0 after a normal quit, 1 after a
        crash (the terminal is restored and the apology shown).
    """
    crashed = False
    try:
        await app.run_async(size=link.size)
    except Exception:
        log.exception("session crashed outside the app")
        crashed = True
    if app.return_code not in (None, 0):
        crashed = True
    if crashed:
        log.error("session crashed; exception: %r", textual_private.app_exception(app))
    link.restore(APOLOGY if crashed else "")
    return 1 if crashed else 0
