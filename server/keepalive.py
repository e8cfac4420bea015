"""SSH keepalives only on links something happens on: an idle session costs no timer (issue 25).

asyncssh keeps one keepalive timer per connection (``keepalive_interval``
5 s, ``keepalive_count_max`` 2 by default: a silent client is dropped
within 15 s, well inside a seat's 20 s grace, R17). Forty sessions idling
in the lobby paid for it with 8 keepalive round trips a second (encrypt,
send, receive, decrypt: ~0.6 % of a core, ``bench/load.py``'s idle
window), and a thousand idle sessions would pay 25 times that.

A keepalive matters where a silent client holds others up: a seat at a
table in play, whose screen changes with every move and every second of
a decision clock. So :class:`Keepalives` runs a connection's keepalive
only while frames go to it: the first frame after a quiet spell turns
it on (:meth:`Keepalives.frame`), and a sweep turns it off once no frame
went out for ``idle_after`` seconds (30 s). The sweep is one timer for
the process, every ``sweep_every`` seconds, scheduled only while some
connection's keepalive is on; when every session idles, nothing fires.

A connection whose keepalive is off is still watched by the kernel:
TCP keepalive (:func:`tcp_keepalive`, ``SO_KEEPALIVE`` with 60 s idle,
4 probes 15 s apart) closes a link whose peer vanished within ~2 min,
at no cost to this process. A stopped client (``SIGSTOP``) on an idle
screen is not noticed until its screen changes; then its keepalive runs
and it is dropped within ``interval * (count_max + 1)`` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Any, Protocol

log = logging.getLogger("ahoy.server.keepalive")

IDLE_AFTER = 30.0
"""Seconds without a frame after which a connection's SSH keepalive stops."""

SWEEP_EVERY = 5.0
"""Seconds between sweeps while some connection's keepalive runs."""

TCP_IDLE, TCP_INTERVAL, TCP_COUNT = 60, 15, 4
"""Kernel TCP keepalive: first probe after 60 s of silence, then every 15 s, 4 unanswered: closed."""


class Connection(Protocol):
    """What :class:`Keepalives` uses of an ``asyncssh.SSHServerConnection``."""

    def set_keepalive(self, interval: float | None = None, count_max: int | None = None) -> None: ...

    def is_closed(self) -> bool: ...


class Keepalives:
    """Turns each connection's SSH keepalive on while frames go to it, off after ``idle_after`` s without.

    Args:
        interval: Seconds of client silence before a keepalive, while on
            (``ServerConfig.keepalive_interval``; 0: keepalives are never turned on).
        count_max: Unanswered keepalives before asyncssh drops the client.
        idle_after: Seconds without a frame after which a keepalive stops.
        sweep_every: Seconds between sweeps while any keepalive is on.

    Attributes:
        on: Connections whose keepalive runs, with the loop time (s) of their last frame.
    """

    def __init__(self, interval: float, count_max: int, idle_after: float = IDLE_AFTER,
                 sweep_every: float = SWEEP_EVERY) -> None:
        self.interval = interval
        self.count_max = count_max
        self.idle_after = idle_after
        self.sweep_every = sweep_every
        self.on: dict[Connection, float] = {}
        self._sweep: asyncio.TimerHandle | None = None

    def frame(self, conn: Connection) -> None:
        """A frame went to ``conn``'s client: note the time, start its keepalive if it had stopped (O(1))."""
        loop = asyncio.get_running_loop()
        was_on = conn in self.on
        self.on[conn] = loop.time()
        if was_on or self.interval <= 0:
            return
        conn.set_keepalive(self.interval, self.count_max)
        if self._sweep is None:
            self._sweep = loop.call_later(self.sweep_every, self._swept)

    def forget(self, conn: Connection) -> None:
        """``conn`` ended: drop it (the sweep drops closed ones too)."""
        self.on.pop(conn, None)

    def stop(self) -> None:
        """Cancel the sweep and forget every connection (the server stops)."""
        if self._sweep is not None:
            self._sweep.cancel()
            self._sweep = None
        self.on.clear()

    def _swept(self) -> None:
        self._sweep = None
        loop = asyncio.get_running_loop()
        quiet_since = loop.time() - self.idle_after
        for conn, last in list(self.on.items()):
            if conn.is_closed():
                del self.on[conn]
            elif last <= quiet_since:
                del self.on[conn]
                try:
                    conn.set_keepalive(0)
                except Exception:  # closing meanwhile: nothing to stop
                    log.debug("keepalive of a closing connection not stopped", exc_info=True)
        if self.on:
            self._sweep = loop.call_later(self.sweep_every, self._swept)


def tcp_keepalive(conn: Any) -> None:
    """Let the kernel probe ``conn``'s TCP link after :data:`TCP_IDLE` s of silence (Linux options; others skipped)."""
    sock = conn.get_extra_info("socket")
    if sock is None:
        return
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        for name, value in (("TCP_KEEPIDLE", TCP_IDLE), ("TCP_KEEPINTVL", TCP_INTERVAL), ("TCP_KEEPCNT", TCP_COUNT)):
            option = getattr(socket, name, None)  # probe: these constants exist on Linux, not everywhere
            if option is not None:
                sock.setsockopt(socket.IPPROTO_TCP, option, value)
    except OSError:  # not a TCP socket (a test's pipe): nothing to probe
        log.debug("no TCP keepalive on this socket", exc_info=True)
