"""R17 over real SSH: a dropped player's seat reads "reconnecting N s" on the others' screens.

anna and bo sit at a table (the real UI, asyncssh clients on 127.0.0.1).
anna's link ends: closed by her client, or silent (her client stops reading,
as a stopped ``ssh`` does, and never answers the server's keepalives). bo's
seat list shows anna reconnecting with her grace counting down; her seat is
not played by the autopilot meanwhile; she comes back to her own seat.
"""

from __future__ import annotations

import asyncio
import re
import time

import pytest
from harness import connect, start_server, wait_until

from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.lobby.messages import GRACE_DEFAULT
from ahoy_tui.ui.app import create_app
from server.ssh import ServerConfig

UTF8 = {"LANG": "en_US.UTF-8"}
RECONNECTING = r"anna\S* +\S* +\d+ pts +reconnecting (\d+) s"


async def anna_and_bo_at_a_table(tmp_path, **server):
    lobby = Lobby(timing=Timing(bot_delay=(0.05, 0.15), between_hands=0.2), seed=7)
    srv = await start_server(tmp_path, lobby, app_factory=create_app, **server)
    bo = await connect(srv.port, "bo", env=UTF8)
    anna = await connect(srv.port, "anna", env=UTF8)
    await bo.wait_for("welcome aboard", 10)
    await anna.wait_for("welcome aboard", 10)
    handle = {h.identity: h for hs in lobby.players.values() for h in hs}
    tid = lobby.create_table(handle["user:bo"], TableConfig.make(name="Cove", seats=3, clocks="untimed", grace=20))
    lobby.join(handle["user:anna"], tid)
    lobby.set_ready(handle["user:anna"], tid, True)
    lobby.add_bot(handle["user:bo"], tid, "baseline")
    lobby.start(handle["user:bo"], tid)
    await anna.wait_for("Your hand", 10)
    await bo.wait_for("Your hand", 10)
    return lobby, srv, lobby.tables[tid], bo, anna


@pytest.mark.parametrize("how", ["closed", "silent"])
async def test_the_others_see_a_dropped_seat_reconnecting(tmp_path, how):
    server = {"keepalive_interval": 0.3, "keepalive_count_max": 2} if how == "silent" else {}
    lobby, srv, table, bo, anna = await anna_and_bo_at_a_table(tmp_path, **server)
    players = [bo, anna]
    try:
        t0 = time.monotonic()
        if how == "closed":
            anna.conn.close()                              # her client closes the connection
        else:
            anna.conn._transport.pause_reading()           # a stopped client: it answers nothing
        text = await bo.wait_for(RECONNECTING, 10)
        seen = time.monotonic() - t0
        left = int(re.search(RECONNECTING, text).group(1))
        print(f"\n{how}: bo saw 'reconnecting {left} s' {seen:.2f} s after anna's link ended")
        assert 1 <= left <= 20
        assert table.grace.running(1) and not table.autopilot(1)   # her seat waits for her (R17)
        # the countdown runs on bo's screen without any move at the table
        await wait_until(lambda: (m := re.search(RECONNECTING, bo.text())) is not None and int(m.group(1)) < left,
                         5)
        # she is back within the grace: her own seat again, not the autopilot's
        again = await connect(srv.port, "anna", env=UTF8)
        players.append(again)
        await again.wait_for("Your hand", 10)
        await wait_until(lambda: table.present(1) and not table.grace.running(1), 5)
        await bo.settle()
        assert not re.search(RECONNECTING, bo.text())
    finally:
        for p in players:
            if not p.closed.is_set():
                p.conn.abort()
        await asyncio.wait_for(srv.stop(), 10)


def test_the_default_keepalive_drops_a_silent_client_well_within_the_grace():
    """asyncssh drops a client after ``keepalive_count_max + 1`` silent intervals: 15 s by default,
    so a stopped client's seat reads "reconnecting" before the default 20 s grace could run out
    (it was 30 s x 4 = 120 s)."""
    cfg = ServerConfig()
    assert cfg.keepalive_interval > 0
    assert cfg.keepalive_interval * (cfg.keepalive_count_max + 1) < GRACE_DEFAULT
