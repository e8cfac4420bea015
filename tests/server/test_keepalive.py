"""SSH keepalives run only while frames go to a connection (issue 25: idle costs nothing; R17)."""

from __future__ import annotations

import asyncio
import socket

from server.keepalive import TCP_IDLE, Keepalives, tcp_keepalive
from tests.waiting import wait_until


class _Conn:
    """An ``SSHServerConnection`` as :class:`Keepalives` sees it: its keepalive interval, open or closed."""

    def __init__(self) -> None:
        self.interval = 5.0  # asyncssh starts every connection with the listener's keepalive
        self.count_max = 2
        self.closed = False

    def set_keepalive(self, interval: float | None = None, count_max: int | None = None) -> None:
        self.interval = self.interval if interval is None else interval
        self.count_max = self.count_max if count_max is None else count_max

    def is_closed(self) -> bool:
        return self.closed


def _sweeps() -> int:
    """Timers the loop holds for sweeps (any other timer is not ours)."""
    loop = asyncio.get_running_loop()
    return sum(1 for h in loop._scheduled if not h.cancelled() and "Keepalives" in repr(h._callback))


async def test_a_connection_nothing_is_sent_to_loses_its_keepalive_and_no_timer_is_left():
    keepalives = Keepalives(5.0, 2, idle_after=0.2, sweep_every=0.05)
    busy, idle = _Conn(), _Conn()
    keepalives.frame(busy)
    keepalives.frame(idle)
    assert (busy.interval, idle.interval) == (5.0, 5.0)

    def busy_framed_and_idle_stopped() -> bool:
        keepalives.frame(busy)  # a frame to busy at every poll: its screen keeps changing
        return idle.interval == 0

    await wait_until(busy_framed_and_idle_stopped, 10, "the idle connection's keepalive to stop")
    assert busy.interval == 5.0, "a connection frames go to keeps its keepalive"
    await wait_until(lambda: busy.interval == 0, 10, "the keepalive to stop once frames stop")
    await wait_until(lambda: _sweeps() == 0, 10, "the sweep to stop")
    assert keepalives.on == {}


async def test_the_next_frame_starts_the_keepalive_again_with_the_configured_limits():
    keepalives = Keepalives(5.0, 2, idle_after=0.05, sweep_every=0.02)
    conn = _Conn()
    keepalives.frame(conn)
    await wait_until(lambda: conn.interval == 0, 10, "the keepalive to stop")
    conn.count_max = 9
    keepalives.frame(conn)  # a move at her table: she must be answering again within 15 s (R17)
    assert (conn.interval, conn.count_max) == (5.0, 2)
    keepalives.stop()
    assert _sweeps() == 0


async def test_closed_connections_are_dropped_and_keepalives_off_in_the_config_stay_off():
    keepalives = Keepalives(5.0, 2, idle_after=60, sweep_every=0.02)
    conn = _Conn()
    keepalives.frame(conn)
    conn.closed = True
    await wait_until(lambda: not keepalives.on, 10, "the closed connection to be dropped")
    off = Keepalives(0, 2)
    quiet = _Conn()
    quiet.interval = 0
    off.frame(quiet)
    assert quiet.interval == 0 and _sweeps() == 0


async def test_the_kernel_probes_a_quiet_tcp_link():
    server = socket.create_server(("127.0.0.1", 0))
    client = socket.create_connection(server.getsockname())
    accepted, _ = server.accept()
    try:
        class _Extra:
            def get_extra_info(self, name: str) -> socket.socket | None:
                return accepted if name == "socket" else None

        tcp_keepalive(_Extra())
        assert accepted.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        if hasattr(socket, "TCP_KEEPIDLE"):
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == TCP_IDLE
    finally:
        for s in (client, accepted, server):
            s.close()
