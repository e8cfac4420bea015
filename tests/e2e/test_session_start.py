"""Session start-up over SSH: an early EOF is not a crash; a burst of logins all get their first frame."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

import pytest
from harness import connect, start_server, wait_until

from ahoy_tui.lobby import Lobby, Timing


async def _drained(server, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while server.sessions and time.monotonic() < end:
        await asyncio.sleep(0.02)


@pytest.mark.slow
async def test_closing_before_the_first_frame_is_not_a_crash(tmp_path: Path, caplog):
    from ahoy_tui.ui.app import create_app

    caplog.set_level(logging.INFO)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    lobby = Lobby(timing=Timing.instant(), seed=1)
    server = await start_server(tmp_path, lobby, app_factory=create_app,
                                max_sessions_per_address=0, max_connections_per_minute=0)
    try:
        # EOF at several moments of the start-up: at once, and after a few loop turns
        for i, delay in enumerate((0, 0, 0, 0.001, 0.003, 0.005, 0.01, 0.02, 0.03, 0.05)):
            player = await connect(server.port, f"p{i}")
            if delay:
                await asyncio.sleep(delay)
            player.chan.write_eof()
            player.conn.close()
        # a server shutdown while apps start
        starting = [await connect(server.port, f"s{i}") for i in range(3)]
        await _drained(server)
    finally:
        await server.stop()
    for p in starting:
        await p.close()
    records = [r for r in caplog.records if not r.name.startswith("asyncssh")]
    text = "\n".join(r.getMessage() + (repr(r.exc_info[1]) if r.exc_info else "") for r in records)
    assert "session crashed" not in text, text[-3000:]
    assert "NoMatches" not in text, text[-3000:]


async def test_many_sessions_at_once_all_get_their_first_frame(tmp_path: Path):
    """12 players connecting together right after start each see the whole lobby.

    Under that load the first-paint timer (hosting.FirstPaint) fired while the
    app was in a batch update, where Textual drops frames: those sessions
    showed a blank screen with only later partial updates (the footer).
    """
    from ahoy_tui.ui.app import create_app

    server = await start_server(tmp_path, Lobby(timing=Timing.instant(), seed=1),
                                app_factory=create_app, max_sessions_per_address=0,
                                max_connections_per_minute=0)
    players = []
    try:
        players = await asyncio.gather(*(connect(server.port, f"crew{i}", env={"LANG": "en_US.UTF-8"})
                                         for i in range(12)))
        for p in players:
            # the title and the list's header only come with a full frame (nothing repaints them)
            await p.wait_for(r"welcome aboard(.|\n)*Tables", 30)
    finally:
        for p in players:
            await p.close()
        await server.stop()



@pytest.mark.parametrize("full", [False, True], ids=["let-in", "refused"])
async def test_a_client_that_sends_eof_while_its_session_starts_is_let_go(tmp_path: Path, monkeypatch, full: bool):
    """``ssh -tt host </dev/null``: the client's EOF comes while the session joins the lobby, before
    its app runs; the app is not run (nobody can type in it) and the channel is closed with exit
    status 0, the client does not wait forever. A refused client (the ship is full) gets its line
    and exit status 1."""
    server = await start_server(tmp_path, max_sessions=1 if full else 0)
    players = []
    asked, answer = asyncio.Event(), asyncio.Event()
    join = server.lobby.connect

    async def slow_connect(*args, **kwargs):  # the lobby answers only once the EOF has arrived
        asked.set()
        await answer.wait()
        return await join(*args, **kwargs)
    try:
        if full:
            players.append(await connect(server.port, "anna"))
            await players[0].wait_for("Ahoy, anna!")
        monkeypatch.setattr(server.lobby, "connect", slow_connect)
        bob = await connect(server.port, "bob")
        players.append(bob)
        if not full:
            await asyncio.wait_for(asked.wait(), 30)
        bob.chan.write_eof()
        if not full:
            await wait_until(lambda: any(s.input_ended for s in list(server.sessions)),
                             what="bob's EOF at the server")
            answer.set()
        await asyncio.wait_for(bob.closed.wait(), 30)
        if full:
            assert bob.exit_status == 1 and b"full" in bytes(bob.raw)
        else:
            assert bob.exit_status == 0
            await _drained(server)
            assert not server.sessions
    finally:
        answer.set()
        for p in players:
            await p.close()
        await server.stop()
