"""Idle sessions cost nothing: no bytes, no timer per session, no collection (issue 25).

Real asyncssh clients in the lobby of a real server (the real UI, the GC
policy and SSH keepalives on). Once nothing changes on their screens for
the keepalive's ``idle_after``, the server holds no timer for them (only
its one GC-policy timer), sends them nothing and starts no garbage
collection; the next change on their screens (a pirate comes aboard)
starts their keepalives again, so a client that stopped answering is still
dropped in time where it matters (R17).
"""

from __future__ import annotations

import asyncio
import gc
from collections import Counter
from pathlib import Path

from ahoy_tui.lobby import Lobby
from harness import connect, policy_ticks, start_server, wait_until
from ahoy_tui.ui.app import create_app

SESSIONS = 4
IDLE_TICKS = 20
"""GC-policy passes (every 0.05 s here) an idle stretch lasts."""


def _timers() -> Counter[str]:
    """Pending loop timers by callback (the test's clients run on the same loop and hold none)."""
    loop = asyncio.get_running_loop()
    return Counter(getattr(h._callback, "__qualname__", repr(h._callback))
                   for h in loop._scheduled if not h.cancelled())


async def test_idle_sessions_hold_no_timer_get_no_bytes_and_start_no_collection(tmp_path: Path):
    server = await start_server(tmp_path, Lobby(), app_factory=create_app, keepalive_interval=5.0,
                                gc_freeze_every=0.05, max_sessions_per_address=0, max_connections_per_minute=0)
    keepalives = server.keepalives
    keepalives.sweep_every = 0.1
    players = []
    started: list[int] = []

    def watch(phase: str, info: dict) -> None:
        if phase == "start":
            started.append(info["generation"])

    try:
        for i in range(SESSIONS):
            p = await connect(server.port, f"idle{i}")
            await p.wait_for("welcome aboard", 30)
            players.append(p)
        await wait_until(lambda: _timers()["SSHConnection._keepalive_timer_callback"] == SESSIONS, 30,
                         "every session's keepalive while its lobby is drawn")
        keepalives.idle_after = 0.5  # (30 s by default) the lobby idles from now
        await wait_until(lambda: set(_timers()) == {"GcPolicy._tick"}, 30,
                         f"only the GC policy's timer once the lobby idles (now {_timers()})")

        ticks = policy_ticks(server)
        sent = [s.link.bytes_sent for s in server.sessions]
        gc.callbacks.append(watch)
        await wait_until(lambda: len(ticks) >= IDLE_TICKS, 30, f"{IDLE_TICKS} GC-policy passes")
        gc.callbacks.remove(watch)
        assert [s.link.bytes_sent for s in server.sessions] == sent, "bytes went to idle sessions"
        assert 2 not in started, f"an idle server collected the oldest generation ({started})"
        assert sum(_timers().values()) == 1, f"timers while idle (one is the GC policy's): {_timers()}"

        keepalives.idle_after = 30.0  # long enough to see every keepalive on at once, however loaded the machine
        late = await connect(server.port, "late")  # every lobby's crew list changes
        await late.wait_for("welcome aboard", 30)
        players.append(late)
        await wait_until(lambda: _timers()["SSHConnection._keepalive_timer_callback"] == SESSIONS + 1, 30,
                         "the keepalives of every session whose screen changed")
    finally:
        if watch in gc.callbacks:
            gc.callbacks.remove(watch)
        for p in players:
            await p.close()
        await server.stop()
