"""Input events handed to a Textual app one at a time, each once the last is done.

A slow or laggy link delivers many keys in one read. Textual handles a key
in several hops (app -> focused widget -> its ancestors -> app bindings),
each through a message queue, and a screen pushed by a key mounts and takes
focus through more hops. Posted all at once, the keys of one read overtake
each other: a printable key is handled by the focused ``Input`` at once
while a bound editing key (backspace, arrows, Ctrl+U, Enter) is still
bubbling up to the binding that runs it, and keys behind ``n`` or ``k``
reach the lobby before the dialog they open has focus. :class:`KeyPacer`
holds parsed events and releases the next one only when every message pump
of the app has been idle for :data:`QUIET_TURNS` loop turns (so a read of
keys acts exactly as the same keys typed one by one), or after
:data:`MAX_WAIT` seconds, whichever comes first (an app that is never idle
still gets its keys).

Releasing one event per idle app also bounds the work one session's input
causes per loop turn, so a key flood does not stall the other sessions.

Whether the app is idle is read from Textual's message pumps by
:func:`ahoy_tui.hosting.textual_private.message_pumps_idle` (private names).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, Callable

from textual.message import Message

from ahoy_tui.hosting.textual_private import message_pumps_idle

#: Consecutive loop turns the app must be idle before the next event is released.
QUIET_TURNS = 2
#: Seconds an event waits for the app to be idle at most (then it is released).
MAX_WAIT = 0.5
#: Events held at most; the driver parses more input only below this.
MAX_HELD = 256


def app_idle(app: Any) -> bool:
    """True when no message pump of ``app`` has a message or callback waiting."""
    return message_pumps_idle(app)


class KeyPacer:
    """Holds parsed input events; releases each once ``app`` has finished the last.

    Args:
        app: The Textual app the events are for.
        deliver: Called with each released event (posts it to the app).
        loop: The app's event loop.

    Attributes:
        held: Events parsed and not yet released, oldest first.
    """

    def __init__(self, app: Any, deliver: Callable[[Message], None], loop: asyncio.AbstractEventLoop) -> None:
        self.app = app
        self.deliver = deliver
        self.loop = loop
        self.held: deque[Message] = deque()
        self.on_drained: Callable[[], None] | None = None
        self._handle: asyncio.Handle | None = None
        self._quiet = 0
        self._waiting_since: float | None = None

    @property
    def full(self) -> bool:
        """Whether enough events are held that no more input should be parsed yet."""
        return len(self.held) >= MAX_HELD

    def add(self, message: Message) -> None:
        """Hold ``message``; it is released in order once the app is idle."""
        self.held.append(message)
        self._schedule()

    def cancel(self) -> None:
        """Drop every held event and stop (input disabled)."""
        self.held.clear()
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _schedule(self) -> None:
        if self._handle is None:
            self._handle = self.loop.call_soon(self._step)

    def _step(self) -> None:
        """One loop turn: count an idle turn, release an event when quiet long enough."""
        self._handle = None
        if not self.held:
            self._quiet, self._waiting_since = 0, None
            if self.on_drained is not None:
                self.on_drained()
            return
        now = self.loop.time()
        if self._waiting_since is None:
            self._waiting_since = now
        self._quiet = self._quiet + 1 if app_idle(self.app) else 0
        if self._quiet >= QUIET_TURNS or now - self._waiting_since >= MAX_WAIT:
            self._quiet, self._waiting_since = 0, None
            self.deliver(self.held.popleft())
        self._schedule()
