"""Broken clients at the session layer, through real SSH on 127.0.0.1.

* A client that stops reading is dropped once its unsent output passes
  ``max_buffer``; memory stays bounded and another player is not delayed.
* A killed client or a reset connection (no SSH goodbye) ends its session:
  the lobby's ``disconnect`` is called, no task is left behind and the
  process goes back to idle.
"""

from __future__ import annotations

import asyncio
import socket
import struct
import time

from harness import connect, start_server, wait_until


class CountingLobby:
    """Wraps the real lobby to count ``disconnect`` calls per identity."""

    def __init__(self, lobby) -> None:
        self.lobby = lobby
        self.disconnects: list[str] = []
        original = lobby.disconnect

        async def disconnect(handle) -> None:
            self.disconnects.append(handle.identity)
            await original(handle)

        lobby.disconnect = disconnect


async def idle_cpu(seconds: float = 1.0) -> float:
    """Share of one core this process (server included) used while its event
    loop ran for ``seconds`` with nothing to do: leaked timers or busy tasks show here."""
    start_cpu, start = time.process_time(), time.monotonic()
    await asyncio.sleep(seconds)
    return (time.process_time() - start_cpu) / (time.monotonic() - start)


async def settles_idle(share: float = 0.05, windows: int = 15) -> bool:
    """Whether some 1-second window of the next ``windows`` uses under ``share`` of a core.

    One-off work after the clients left (the GC policy collecting their
    ended sessions a few seconds later, a loaded machine) may fill a window;
    a leaked timer or busy task fills every one of them.
    """
    for _ in range(windows):
        if await idle_cpu(1.0) < share:
            return True
    return False


async def test_client_that_stops_reading_is_dropped(tmp_path):
    srv = await start_server(tmp_path, max_buffer=64 * 1024)
    counting = CountingLobby(srv.lobby)
    try:
        bob = await connect(srv.port, "bob")
        await bob.wait_for("Ahoy, bob!")
        anna = await connect(srv.port, "anna", window=8 * 1024)
        await anna.wait_for("Ahoy, anna!")
        await bob.wait_for("Players online \\(2\\)")
        session = next(s for s in srv.sessions if s.connection.username == "anna")
        anna.chan.pause_reading()  # a suspended ssh: the SSH window fills up
        worst_backlog = 0
        for i in range(200):  # each resize repaints the whole screen
            if anna.closed.is_set() or session.link.overflowed:
                break
            anna.chan.change_terminal_size(*((120, 40) if i % 2 else (100, 30)))
            await asyncio.sleep(0.02)
            worst_backlog = max(worst_backlog, session.chan.get_write_buffer_size())
        assert session.link.overflowed
        await wait_until(lambda: session not in srv.sessions)
        assert counting.disconnects == ["user:anna"]
        # Bounded: the backlog never grew past the bound plus one frame.
        assert worst_backlog < 64 * 1024 + 32 * 1024, worst_backlog
        # The other player is told.
        await bob.wait_for("Players online \\(1\\): bob")
        bob.send("still here\r")
        await bob.wait_for("You said: still here")
        await bob.close()
    finally:
        await srv.stop()


def _reset(player) -> None:
    """Close the client's TCP socket with a reset (SO_LINGER 0), no SSH goodbye."""
    sock = player.conn.get_extra_info("socket")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    player.conn._transport.abort()


async def test_killed_and_reset_clients_clean_up(tmp_path):
    srv = await start_server(tmp_path)
    counting = CountingLobby(srv.lobby)
    try:
        tasks_before = len(asyncio.all_tasks())
        bob = await connect(srv.port, "bob")
        await bob.wait_for("Ahoy, bob!")
        # Reset while the app is running.
        anna = await connect(srv.port, "anna")
        await anna.wait_for("Ahoy, anna!")
        _reset(anna)
        # Reset before the first frame went out.
        cy = await connect(srv.port, "cy")
        _reset(cy)
        # Transport dropped (a killed process: the kernel closes the socket).
        dee = await connect(srv.port, "dee")
        await dee.wait_for("Ahoy, dee!")
        dee.conn._transport.close()
        await wait_until(lambda: len(srv.sessions) == 1)
        await wait_until(lambda: sorted(counting.disconnects) == ["user:anna", "user:cy", "user:dee"])
        await bob.wait_for("Players online \\(1\\): bob")
        await bob.close()
        await wait_until(lambda: not srv.sessions and not srv.connections)
        await wait_until(lambda: len(asyncio.all_tasks()) <= tasks_before)
        assert srv.lobby.core.online_names() == []
        assert await settles_idle()  # the server, still up, is back to idle
    finally:
        await srv.stop()
