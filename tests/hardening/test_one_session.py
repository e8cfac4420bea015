"""One live session per identity, keyed names, --require-keys: through real SSH.

* A second ``ssh anna@host`` (no key) while anna plays: the first session
  is told why and closed, the second has her seat (R17) and the online
  list shows one anna.
* A keyless "anna" cannot take the seat of a keyed "anna": she gets a name
  of her own, the keyed session stays, and the online list marks the keyed name.
* ``require_keys`` refuses a keyless login with one clear line and lets a key in.
"""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from harness import connect, start_server

from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.ui.app import create_app
from server.ssh import KEYS_REQUIRED

UTF8 = {"LANG": "en_US.UTF-8"}
#: Bots think for a minute: the game stays where the test put it.
SLOW = Timing(bot_delay=(60, 60), clock_scale=100)


async def _real_server(tmp_path, **kw):
    lobby = Lobby(timing=SLOW, seed=7)
    srv = await start_server(tmp_path, lobby, app_factory=create_app, **kw)
    return srv, lobby


def _seat_in_play(lobby: Lobby, identity: str) -> str:
    """Seat ``identity``'s session at a new table with a bot and start the game; the table id."""
    handle = lobby.players[identity][0]
    tid = lobby.create_table(handle, TableConfig.make(name="Black Pearl", seats=2))
    lobby.add_bot(handle, tid)
    lobby.set_ready(handle, tid, True)
    lobby.start(handle, tid)
    return tid


async def test_a_second_keyless_session_closes_the_first_and_keeps_the_seat(tmp_path):
    srv, lobby = await _real_server(tmp_path)
    first = second = None
    try:
        first = await connect(srv.port, "anna", env=UTF8)
        await first.wait_for("welcome aboard, anna", 30)
        tid = _seat_in_play(lobby, "user:anna")
        await first.wait_for("Your hand", 30)
        second = await connect(srv.port, "anna", env=UTF8)
        await asyncio.wait_for(first.closed.wait(), 30)
        assert "anna just logged in again from another session" in bytes(first.raw).decode()
        screen = await second.wait_for("Your hand", 30)
        assert "Black Pearl" in screen
        table = lobby.tables[tid]
        assert table.seat_of("user:anna") == 0 and table.present(0) and not table.autopilot(0)
        assert len(lobby.players["user:anna"]) == 1
        assert lobby.online_names() == ["anna"]
        assert len(srv.sessions) == 1
    finally:
        for p in (first, second):
            if p is not None:
                await p.close()
        await srv.stop()


async def test_a_keyless_name_cannot_take_a_keyed_seat(tmp_path, client_key):
    srv, lobby = await _real_server(tmp_path)
    keyed = keyless = None
    try:
        keyed = await connect(srv.port, "anna", key=client_key, env=UTF8)
        await keyed.wait_for("welcome aboard, anna", 30)
        ident = next(iter(lobby.players))
        assert ident.startswith("key:")
        tid = _seat_in_play(lobby, ident)
        await keyed.wait_for("Your hand", 30)
        keyless = await connect(srv.port, "anna", env=UTF8)
        screen = await keyless.wait_for("welcome aboard, anna~2", 30)
        assert "nickname: a key makes it yours" in screen
        assert "Your hand" not in screen
        assert "✓ anna" in screen  # the keyed name carries the key mark in the online list
        assert not keyed.closed.is_set()
        table = lobby.tables[tid]
        assert table.seat_of("user:anna") is None and table.seat_of(ident) == 0
        assert table.present(0)
        with pytest.raises(Exception, match="private|started"):
            lobby.join(lobby.players["user:anna"][0], tid)
    finally:
        for p in (keyed, keyless):
            if p is not None:
                await p.close()
        await srv.stop()


async def test_require_keys_refuses_a_keyless_login_with_one_line(tmp_path, client_key):
    srv, _ = await _real_server(tmp_path, require_keys=True)
    try:
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await connect(srv.port, "anna", env=UTF8)
        assert refused.value.reason.startswith(KEYS_REQUIRED)
        assert "\n" not in KEYS_REQUIRED
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await connect(srv.port, "anna", password="any", env=UTF8)
        assert refused.value.reason.startswith(KEYS_REQUIRED)
        keyed = await connect(srv.port, "anna", key=client_key, env=UTF8)
        screen = await keyed.wait_for("welcome aboard, anna", 30)
        assert "nickname" not in screen
        await keyed.close()
    finally:
        await srv.stop()
